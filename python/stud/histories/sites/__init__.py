"""The hand-history formats of the sites that dealt stud, beside PHH and
PokerStars: one module, and one parser, per format.

Each module of this package defines ``FORMAT``, a ``SiteFormat``: its name
(what ``read(..., format=...)`` and ``HandRecord.source.format`` say), the
site's name for people, how to recognise its files from their first lines,
its reader and its table rules (a profile, docs/rules.md 11.2-11.3).
``site_formats()`` lists the modules present, in the order ``read`` tries
them when it detects a file's format: the most specific first.

A reader is made once a file (``FORMAT.reader(file=..., profile=...)``:
``file`` the name errors and sources give (None for text), ``profile``
the ``stud.Rules`` options to use: the site's own unless the caller gave
others) and reads the file's lines
(``reader.read(lines)``: text lines, line ends kept or not, numbered from
1), yielding a ``HandRecord`` for each hand it reads and a
``HistoryError`` (naming the file, the hand and the line) for each hand it
cannot, and counting in ``reader.skipped`` the hands of other games and in
``reader.cancelled`` the hands the site cancelled.  A truncated last hand
is an error, never a record.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, NamedTuple, Protocol, Union

from ..errors import HistoryError
from ..record import HandRecord

__all__ = ["SiteFormat", "SiteReader", "detect_site", "site_formats"]


class SiteReader(Protocol):
    """What ``SiteFormat.reader`` makes (see the package)."""

    skipped: int
    cancelled: int

    def read(self, lines: Iterable[str]) -> Iterator[Union[HandRecord, HistoryError]]: ...


class SiteFormat(NamedTuple):
    """One site's format: ``name`` (e.g. "fulltilt"), ``title`` ("Full
    Tilt Poker"), ``detect(head)``: True when ``head`` (the file's first
    lines that say something, joined with \\n, at most ``HEAD_LINES``) is
    this format's, ``reader(file=..., profile=...)``: a ``SiteReader``,
    ``profile``: the site's ``stud.Rules`` options, or a mapping from
    ``stud.Variant`` to options where they differ by game."""

    name: str
    title: str
    detect: Callable[[str], bool]
    reader: Callable[..., SiteReader]
    profile: Mapping[Any, Any]


#: the lines of a file's beginning that ``detect`` is given
HEAD_LINES = 40

#: the modules of this package, most specific first (a module that is not
#: there is simply not offered)
_MODULES = ("ipoker", "merge", "fulltilt", "partypoker", "winamax", "wpn", "bovada",
            "everleaf", "ongame", "absolute", "kingsclub")

_FOUND: list[SiteFormat] | None = None


def site_formats() -> list[SiteFormat]:
    """The site formats present, in detection order."""
    global _FOUND
    if _FOUND is None:
        found = []
        for module in _MODULES:
            try:
                loaded = importlib.import_module(f"{__name__}.{module}")
            except ModuleNotFoundError as error:
                if error.name != f"{__name__}.{module}":
                    raise
                continue
            found.append(loaded.FORMAT)
        _FOUND = found
    return list(_FOUND)


def detect_site(head: str) -> SiteFormat | None:
    """The site format whose ``detect`` takes ``head``, or None."""
    for site in site_formats():
        if site.detect(head):
            return site
    return None
