"""Checks of the plain values callers pass (numbers, flags, seeds), one
place for every Python module: anything with ``__index__`` is a whole
number (numpy integers included), a bool never is, and flags are bools."""

from __future__ import annotations

import operator
import os
from reprlib import Repr
from typing import Any

_SHORT = Repr()
_SHORT.maxlevel = 3
_SHORT.maxstring = _SHORT.maxother = 60


def short_repr(value: object) -> str:
    """A repr for messages, bounded in length and depth (a deeply nested
    input must not fail while its error is being written)."""
    return _SHORT.repr(value)


def whole_number(value: object, name: str) -> int:
    """``value`` as an int; TypeError naming ``name`` for a bool, a float, a
    string or anything else without ``__index__``."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise TypeError(f"{name} must be a whole number, not {type(value).__name__} "
                        f"{short_repr(value)}")
    return operator.index(value)  # type: ignore[arg-type]


def true_or_false(value: object, name: str) -> bool:
    """``value`` if it is a bool; TypeError otherwise (a truthy string or
    list is a mistake, not a yes)."""
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, not {value!r}")
    return value


def seed_or_random(seed: object) -> int:
    """A 64-bit seed: ``seed`` reduced modulo 2**64, or a random one for None."""
    if seed is None:
        return int.from_bytes(os.urandom(8), "little")
    return whole_number(seed, "seed") & 0xFFFF_FFFF_FFFF_FFFF


def optional_module(name: str, needed: str) -> Any:
    """The optional module ``name`` (an extra of the package), or an
    ImportError that starts with ``needed``: what needs it and how to
    install it."""
    import importlib

    try:
        return importlib.import_module(name)
    except ImportError as error:
        raise ImportError(f"{needed} ({error})") from error
