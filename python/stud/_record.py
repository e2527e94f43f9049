"""A light immutable record, the base of the public result and event classes.

Fields are the class's annotations, in order (a subclass adds its own
after its parent's), with class-level values as defaults.  Records compare
equal when they are of the same class with equal fields, hash alike, and
refuse assignment.  Defining a class costs next to nothing, which keeps
``import stud`` fast (dataclasses cost about a millisecond per class).
"""

from __future__ import annotations

from typing import Any, ClassVar


class _Signature:
    """A record class's call signature for ``help()``, ``inspect`` and
    editors, built from its fields when asked (``inspect`` is not imported
    before)."""

    def __get__(self, instance: object, owner: type[Record]) -> Any:
        import inspect

        kind, empty = inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.empty
        return inspect.Signature([
            inspect.Parameter(name, kind, default=owner._defaults.get(name, empty))
            for name in owner._fields])


class Record:
    """An immutable record: ``Point(x=1, y=2)`` or ``Point(1, 2)``."""

    __slots__ = ()
    __signature__: ClassVar[Any] = _Signature()
    _fields: ClassVar[tuple[str, ...]] = ()
    _defaults: ClassVar[dict[str, Any]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = tuple(name for name, kind in cls.__dict__.get("__annotations__", {}).items()
                    if not str(kind).startswith("ClassVar"))
        cls._fields = cls._fields + tuple(n for n in own if n not in cls._fields)
        cls._defaults = {**cls._defaults, **{n: cls.__dict__[n] for n in own if n in cls.__dict__}}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        fields = self._fields
        if len(args) > len(fields):
            raise TypeError(f"{type(self).__name__} takes at most {len(fields)} arguments")
        values = dict(zip(fields, args))
        for name, value in kwargs.items():
            if name not in fields:
                raise TypeError(f"{type(self).__name__} has no field {name!r}")
            if name in values:
                raise TypeError(f"{type(self).__name__} got {name!r} twice")
            values[name] = value
        for name in fields:
            if name in values:
                object.__setattr__(self, name, values[name])
            elif name in self._defaults:
                object.__setattr__(self, name, self._defaults[name])
            else:
                raise TypeError(f"{type(self).__name__} needs {name!r}")
        post_init = getattr(self, "__post_init__", None)
        if post_init is not None:
            post_init()

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash((type(self).__name__,) + self._values())

    def __reduce__(self) -> tuple[Any, ...]:
        # by the constructor, so a record loaded from a pickle is validated
        # again (and carries nothing but its fields: no cached C struct)
        return (type(self), self._values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__name__}({fields})"
