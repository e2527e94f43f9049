"""The exceptions that end one hand's reading in the site text readers
(``sites/``): ``_Fail``, an error
at a line, which the reader reports as a ``HistoryError``; ``_Skip``, a
hand of another game or a cancelled one, passed over and counted."""

from __future__ import annotations


class _Fail(Exception):
    def __init__(self, line: int, reason: str) -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason


class _Skip(Exception):
    """A hand of another game, or a cancelled one (``cancelled``)."""

    def __init__(self, cancelled: bool = False) -> None:
        super().__init__()
        self.cancelled = cancelled
