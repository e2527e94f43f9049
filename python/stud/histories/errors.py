"""The error of a hand history that cannot be read."""

from __future__ import annotations

from typing import Any

__all__ = ["HistoryError"]


class HistoryError(ValueError):
    """A hand history that cannot be read, and where: ``file`` (None for
    text), ``hand`` (its name or index), ``line`` (1-based) and ``reason``.

    >>> str(HistoryError("unknown variant 'NT'", "a.phhs", "3", 17))
    "a.phhs, hand 3, line 17: unknown variant 'NT'"
    """

    def __init__(self, reason: str, file: str | None = None, hand: str | int | None = None,
                 line: int | None = None) -> None:
        # reason first: HistoryError("why") alone is a whole error
        self.reason = reason
        self.file = file
        self.hand = hand
        self.line = line
        where = [file or "<text>"]
        if hand is not None:
            where.append(f"hand {hand}")
        if line is not None:
            where.append(f"line {line}")
        super().__init__(f"{', '.join(where)}: {reason}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.reason, self.file, self.hand, self.line))
