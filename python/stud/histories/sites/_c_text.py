"""The base of the site readers whose lines are read in C
(src/studcore/site_<name>.c on the builder site_text.c, chosen by
site_formats.c): the module of a site reads only the header's game, and
this class hands the file's lines (or, read from a file, its text a block
at a time) to ``stud._core._SiteText``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, ClassVar, Union

from ..._core import _SiteText
from ...enums import Variant
from ..errors import HistoryError
from ..record import HandRecord, _cached_rules, options_for

__all__ = ["CTextReader"]


class CTextReader:
    """The hands of one file of a site read in C; ``skipped``,
    ``cancelled``, ``hands`` and ``errors`` count what was read so far.

    A subclass names its ``format`` (the records' source format), its C
    reader (``c_format``: site_text.h's ``stud_site_format``), and its
    ``header_of`` (``_SiteText``'s: the header's game, table and fields),
    which reads ``header_lines`` lines (1, or 2 where the game is on the
    line after the header, or 3 where the table after it says more), or
    the hand's first line that starts with ``header_prefix`` when it is set
    (``header_of(text, line, that line's text or None, its number or the
    last line's)``).  How the file splits into hands is the C reader's
    (site_formats.c's ``stud_site_split``)."""

    format: ClassVar[str] = ""
    c_format: ClassVar[int] = -1
    header_lines: ClassVar[int] = 1
    header_prefix: ClassVar[str | None] = None
    header_of: ClassVar[Callable[..., tuple[Any, ...]]]

    def __init__(self, file: str | None = None,
                 profile: dict[str, Any] | None = None) -> None:
        self.file = file
        self.options: dict[str, Any] = dict(profile or {})
        self._done = [0, 0, 0, 0]  # what readings before the current one counted
        self._reading: Any = None  # the current one

    def _count(self, index: int, name: str) -> int:
        reading = self._reading
        return self._done[index] + (0 if reading is None else int(getattr(reading, name)))

    @property
    def skipped(self) -> int:
        return self._count(0, "skipped")

    @skipped.setter
    def skipped(self, value: int) -> None:
        self._done[0] += value - self.skipped

    @property
    def cancelled(self) -> int:
        return self._count(1, "cancelled")

    @cancelled.setter
    def cancelled(self, value: int) -> None:
        self._done[1] += value - self.cancelled

    @property
    def hands(self) -> int:
        return self._count(2, "hands")

    @property
    def errors(self) -> int:
        return self._count(3, "errors")

    @property
    def reproduced(self) -> int:
        """Hands of the current reading that the C replay reproduced (and
        gave no record for: ``_SiteText.replay_in_c``)."""
        return 0 if self._reading is None else int(self._reading.reproduced)

    @property
    def replaying_in_c(self) -> bool:
        """Whether the current reading replays its hands in C, leaving the
        Python replay only the records it gives."""
        return self._reading is not None and bool(self._reading.in_c)

    def _rules(self, variant: Variant, small: int, big: int, ante: int,
               bring_in: int | None) -> Any:
        return _cached_rules(variant, small, big, ante, bring_in,
                             **options_for(self.options, variant))

    def read(self, lines: Iterable[str]) -> Iterator[Union[HandRecord, HistoryError]]:
        self._done = [self.skipped, self.cancelled, self.hands, self.errors]
        from ..io import MAX_LINE, _FileLines

        header_of = type(self).header_of
        if isinstance(lines, _FileLines):  # (a file read opened: its text a block at a time)
            blocks, before = lines.rest()
            self._reading = _SiteText((), self.c_format, self.format, self.file, header_of,
                                      self._rules, self.header_lines, self.header_prefix
                                      ).read_blocks(blocks, before + 1, MAX_LINE)
        else:
            self._reading = _SiteText(lines, self.c_format, self.format, self.file, header_of,
                                      self._rules, self.header_lines, self.header_prefix)
        reading: Iterator[Union[HandRecord, HistoryError]] = self._reading
        return reading
