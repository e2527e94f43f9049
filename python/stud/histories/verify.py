"""Every hand of a history read, replayed and checked: ``verify``.

``verify(source)`` gives what ``read`` and ``HandRecord.replay`` give hand
by hand (``stud hh verify`` prints it): how many hands reproduce, the
``MismatchError`` of each hand that does not, the ``HistoryError`` of each
hand that cannot be read.

A PokerStars file given by its path takes a faster road to the same
verdicts: the file is read as bytes, a few MB at a time cut at a hand's
header, and the C reader (``src/studcore/ps_history.h``) splits each part
into hands, reads each hand's lines, replays it on the engine and compares
the settlement with the file's collections, making no Python object for a
hand that reproduces.  Any hand the C replay does not settle as reproduced
is read again into its record or error (``stud.histories.pokerstars``, the
same C reader) and replayed by ``stud.histories.replay``, which gives its
verdict and its message, so the verdicts, errors and messages are those of
``read`` + ``replay``, in file order.  What goes that slower way:

- every hand that does not reproduce, or cannot be read (an error), or is
  cancelled;
- a hand with an up card the file does not name: the Python replay chooses
  it by docs/rules.md 11.4 (``stud.histories.unknown``), which the C replay
  does not repeat;
- a header whose game text is an error;
- a whole part of the file (a few MB) whose bytes are not "clean"
  (``stud_ps_clean``): not UTF-8 (decoded as ``read`` decodes them), or
  holding a tab, a control character, a space or line break other than " "
  and the line ends, a character outside Latin, Greek, Cyrillic, kana, CJK
  and Hangul letters (and the euro sign), a letter that matches an ASCII one
  when case is ignored (long s, dotted or dotless i), or a line longer than
  2000 bytes: its lines are read as text (``pokerstars``).

PHH, whatever the source (a path, a pipe or ``/dev/stdin``, text, an open
file), is opened once and read once: after the first lines that tell the
format, its text goes to the C splitter a block at a time
(``src/studcore/phh_split.c``, which splits it into hands as ``read``
does), and each hand is read and replayed in C (``stud_phh_read``, then
the same replay as PokerStars hands, ``stud_ps_replay``, which also
compares the finishing stacks), with the rules of its stakes, its
``_rules`` and the profile (made once per distinct stakes and options),
making no Python object for a hand that reproduces.  Any hand that does
not reproduce there goes to the Python reader and replay
(``stud.histories.phh``), which give its verdict and message: a hand that
cannot be read, a date or time field (their checks are Python's), more than
8 players, stakes or options that make no rules, an up card the file does
not name (11.4), a replay the C code does not confirm.

Other text, open files, and paths that are not regular files (a pipe,
``/dev/stdin``, a device) are opened once and go through ``read``'s
readers and ``replay`` as they are.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Union

from ..enums import Variant
from .encoding import HEAD_BYTES, detect_encoding
from .errors import HistoryError
from .io import (
    Reading,
    _detect,
    _lines,
    _open,
    _peek,
    _read_opened,
    formats,
    profile_options,
    read,
)
from .pokerstars import (
    POKERSTARS_PROFILE,
    PokerStarsReader,
    _c_reads,
    _game_facts,
    _header_parts,
    _outside_error,
    _part_lines,
)
from .record import HandRecord, _cached_rules
from .replay import MismatchError

if TYPE_CHECKING:
    from .analysis import Summary

__all__ = ["Verification", "verify"]

_CHUNK = 1 << 20  # bytes read at a time


class Verification:
    """What ``verify`` found: ``reproduced`` (hands the engine replays as
    recorded), ``mismatches`` (``MismatchError`` of each hand that does
    not), ``errors`` (``HistoryError`` of each hand, or run of lines
    outside any hand, that cannot be read), in file order; ``read``: the
    hands read (reproduced or not); ``slow``: the hands (and outside runs)
    not settled by the C replay (read again, replayed by replay.py);
    ``skipped`` and ``cancelled``: the hands passed over, of other games or
    marked cancelled (as ``read`` counts them)."""

    def __init__(self) -> None:
        self.reproduced = 0
        self.mismatches: list[MismatchError] = []
        self.errors: list[HistoryError] = []
        self.slow = 0
        self.skipped = 0
        self.cancelled = 0

    @property
    def read(self) -> int:
        return self.reproduced + len(self.mismatches)

    def __repr__(self) -> str:
        return (f"Verification(read={self.read}, reproduced={self.reproduced}, "
                f"not_reproduced={len(self.mismatches)}, unreadable={len(self.errors)}, "
                f"skipped={self.skipped}, cancelled={self.cancelled})")


Source = Union[str, "os.PathLike[str]", IO[str]]


def verify(source: Source, *, format: str | None = None,
           profile: str | Mapping[str, Any] | None = None,
           progress: Callable[[int], None] | None = None, fast: bool = True,
           summary: Summary | None = None) -> Verification:
    """Reads every hand of ``source`` (as ``read`` takes it), replays it and
    checks it against its record; see the module's docstring.  ``progress``
    is called with the number of hands decided since its last call;
    ``fast=False`` takes ``read`` and ``replay`` for every hand.  With a
    ``summary`` (``stud.histories.Summary``), every hand that reproduces is
    also added to it, in file order (``Summary.add_file``): on the fast
    roads its counts and results are computed in C beside the replay."""
    if format is not None and format not in formats():
        raise ValueError(f"format is one of {formats()} or None, not {format!r}")
    result = Verification()
    if not fast:
        _read_all(read(source, format=format, profile=profile, on_error=result.errors.append),
                  result, progress, summary)
        return result
    lines, name, close = _open(source)  # (once: a pipe or a FIFO cannot be read twice)
    try:
        head, lines = _peek(lines)
        found = format or _detect(head, name)
        if found == "phh":
            _phh_check(lines, name, profile, result, progress, summary)
            return result
        path = _pokerstars_path(source) if found == "pokerstars" else None
        if path is None:
            reading = Reading()
            reading._records = _read_opened(reading, source, lines, name, found, profile,
                                            result.errors.append, replay_in_c=summary is None)
            _read_all(reading, result, progress, summary)
            return result
    finally:
        close()
    options = profile_options(profile)
    _FileCheck(path, POKERSTARS_PROFILE if options is None else options, result,
               progress, summary).run()
    return result


def _read_all(reading: Reading, result: Verification,
              progress: Callable[[int], None] | None, summary: Summary | None = None) -> None:
    """Each record of ``reading`` replayed (and added to ``summary``), and
    the hands a site reader in C replayed itself (``_SiteText.replay_in_c``)
    counted; a record such a reader left to the Python replay counts in
    ``result.slow``."""
    decided = 0  # hands replayed in C, told to progress so far

    def in_c() -> int:
        return int(getattr(reading._reader, "reproduced", 0))

    for record in reading:
        _replay(record, result, summary)
        result.slow += bool(getattr(reading._reader, "replaying_in_c", False))
        if progress is not None:
            now = in_c()
            progress(1 + now - decided)
            decided = now
    now = in_c()
    result.reproduced += now
    if progress is not None and now > decided:
        progress(now - decided)
    result.skipped, result.cancelled = reading.skipped, reading.cancelled


def _replay(record: HandRecord, result: Verification, summary: Summary | None = None) -> None:
    try:
        if summary is None:
            record.replay()
        else:
            summary.add(record)
        result.reproduced += 1
    except MismatchError as mismatch:
        result.mismatches.append(mismatch)


def _phh_check(lines: Iterator[str], name: str | None,
               profile: str | Mapping[str, Any] | None, result: Verification,
               progress: Callable[[int], None] | None, summary: Summary | None = None) -> None:
    """A PHH text's hands, split as ``read`` splits them (its blocks in C);
    each hand read and replayed in C (``_phh_verify_run``), and any hand
    that does not reproduce there read and replayed by the Python reader
    and replay, which give its verdict and message."""
    from .._core import _phh_verify_run, _PhhDoc
    from ..game import Rules
    from .phh import _OPTIONS, _VARIANTS, _options, _read_item, _split

    options = _options(profile_options(profile))
    split = _split(lines)
    fast, slow = _PhhDoc(), _PhhDoc()
    c_rules: dict[tuple[Any, ...], Any] = {}  # the stakes -> the C rules, or False
    rules: dict[tuple[Any, ...], Any] = {}  # the Python reader's cache

    def rules_of(variant: int, small: int, big: int, ante: int, bring_in: int,
                 written: Any) -> Any:
        """The rules phh.py's _read_hand makes (None where it fails)."""
        written = {} if written is None else written
        if not isinstance(written, dict) or not all(
                isinstance(k, str) and k in _OPTIONS for k in written):
            return None
        try:
            if written:  # (the file's options alone first, as the reader checks them)
                Rules(Variant.SEVEN_CARD_STUD, 10, **written)
            return _cached_rules(_VARIANTS[variant], small, big, ante, bring_in,
                                 **{**written, **options})
        except Exception:  # noqa: BLE001 - the Python reader reports it, hand by hand
            return None

    tally = None if summary is None else summary._tally
    while True:
        reproduced, item = _phh_verify_run(split, fast, c_rules, rules_of, _PROGRESS_STEP,
                                           tally)
        result.reproduced += reproduced
        decided = reproduced
        if item:
            result.slow += 1
            decided += 1
            read = _read_item(slow, split, item, name, options, rules)
            if isinstance(read, HistoryError):
                result.errors.append(read)
            else:
                _replay(read, result, summary)
        if progress is not None and decided:
            progress(decided)
        if item is None:
            return


#: the most hands ``_phh_check`` decides in C between two calls of ``progress``
_PROGRESS_STEP = 4096


def _pokerstars_path(source: Source) -> Path | None:
    """The path of a regular PokerStars file in UTF-8, which the C reader
    reads as bytes (None: not a path, not such a file; ``read`` says what
    it says)."""
    if not isinstance(source, (str, os.PathLike)) or (
            isinstance(source, str) and ("\n" in source or "\r" in source)):
        return None
    if not Path(source).is_file():  # (a pipe or a device: read once, by read)
        return None
    try:
        with open(source, "rb") as handle:
            if detect_encoding(handle.read(HEAD_BYTES)) not in ("utf-8", "utf-8-sig"):
                return None  # (the C reader reads UTF-8; read decodes the others)
    except OSError:
        return None  # (read says what it says)
    return Path(source)


class _FileCheck:
    """One PokerStars file through the C reader, part by part."""

    def __init__(self, path: Path, options: dict[str, Any], result: Verification,
                 progress: Callable[[int], None] | None, summary: Summary | None = None) -> None:
        self.path = path
        self.file = str(path)
        self.options = options
        self.result = result
        self.progress = progress
        self.summary = summary
        self.games: dict[bytes, Any] = {}
        self.rules: dict[tuple[Any, ...], Any] = {}

    def run(self) -> None:
        line = 1
        with open(self.path, "rb") as handle:
            for part in _header_parts(handle, True, _CHUNK):
                if part is None:  # (a long run with no header: the rest as text)
                    self.slow(_lines(io.TextIOWrapper(
                        handle, encoding="utf-8", errors="stud.cp1252", newline=""),
                        self.file, line), line)
                    return
                line = self.part(part, line)

    def part(self, part: memoryview, line: int) -> int:
        """The hands of a part from its line ``line``; returns the number
        of the line after it."""
        from .._core import _ps_verify_chunk

        cr = _c_reads(part, True)
        if cr is None:
            # (decoded as read decodes a UTF-8 file: stray bytes as Windows-1252)
            self.slow(_lines(io.StringIO(str(part, "utf-8", "stud.cp1252"), newline=""),
                             self.file, line), line)
            return line + _part_lines(part, True)
        given = 0  # hands and outside runs left to Python

        def item(found: tuple[str, int, int, int]) -> None:
            nonlocal given
            given += 1
            kind, number, start, end = found
            if kind == "outside":
                self.result.errors.append(
                    _outside_error(str(part[start:end], "utf-8"), self.file, number))
                self.result.slow += 1
            else:
                self.slow(_lines(io.StringIO(str(part[start:end], "utf-8"), newline=""),
                                 self.file, number), number)

        # (with a summary, the hands left to Python are added in file order,
        # as they come, so each player's sums are made in the same order)
        tally = None if self.summary is None else self.summary._tally
        reproduced, skipped, items, after = _ps_verify_chunk(
            part, line, self.games, self.game_of, self.rules, self.rules_of, tally,
            None if tally is None else item, cr)
        self.result.reproduced += reproduced
        self.result.skipped += skipped
        for each in items:
            item(each)
        if self.progress is not None:
            self.progress(reproduced + given)
        return after

    def slow(self, lines: Iterable[str], first_line: int) -> None:
        """Lines read into records or errors (pokerstars), the records replayed."""
        reader = PokerStarsReader(lines, file=self.file, profile=self.options,
                                  first_line=first_line)
        for item in reader:
            self.result.slow += 1
            if isinstance(item, HistoryError):
                self.result.errors.append(item)
            else:
                _replay(item, self.result, self.summary)
        self.result.skipped += reader.skipped
        self.result.cancelled += reader.cancelled

    def game_of(self, desc: bytes) -> Any:
        return _game_facts(desc, self.options)

    def rules_of(self, variant: int, small: int, big: int, ante: int,
                 bring_in: int | None) -> Any:
        try:
            return _cached_rules(Variant(variant), small, big, ante, bring_in, **self.options)
        except Exception:  # noqa: BLE001 - the slow road reports it, hand by hand
            return None
