"""Reading and writing hand histories: ``read``, ``write`` and the site
profiles.

``read(source)`` takes a path, an open text file or the text itself, finds
the format (PHH, or PokerStars' text histories) unless told, and yields
one ``HandRecord`` per hand as it goes: memory stays flat on a file of any
size.  A hand that cannot be read is an ``HistoryError`` naming the file,
the hand and the line; by default it is raised, with ``on_error`` it is
handed over and reading goes on.

``write(records, dest)`` writes PHH: one hand as ``.phh``, several as a
``.phhs`` collection; ``Hand`` objects are written as their records.

>>> import io
>>> from stud import Hand, Rules
>>> hand = Hand(Rules("razz", 10), [100, 100], seed=1)
>>> while not hand.is_over:
...     hand.act(hand.legal_actions()[0])
>>> out = io.StringIO()
>>> write([hand], out)
1
>>> [r.finishing_stacks == tuple(hand.stacks) for r in read(out.getvalue())]
[True]
"""

from __future__ import annotations

import codecs
import contextlib
import io
import itertools
import os
import stat
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Union

from ..enums import Variant
from .encoding import open_text
from .phh import HistoryError, read_phh_lines, write_phh, write_phhs
from .record import HandRecord

if TYPE_CHECKING:
    from .._core import Hand, _TextLines

__all__ = ["FORMATS", "PROFILES", "Reading", "formats", "read", "write"]

FORMATS = ("phh", "pokerstars")

#: Named sets of ``stud.Rules`` options (docs/rules.md 11.2).  An option
#: whose value is a dict gives a value per variant (``record.options_for``;
#: a variant it does not name keeps the default).  "wsop": the WSOP rule
#: books: four raises (4.2), bring-in ties by suit (2.2), tied boards by
#: suit in the hi games, Seven Card Stud (the Tournament Rules) and Five
#: Card Stud, and by position in Razz, 2-7 Razz and the hi-lo games (3.4).
#: "pokerstars": see ``stud.histories.pokerstars.POKERSTARS_PROFILE``.
PROFILES: dict[str, dict[str, Any]] = {
    "wsop": {"max_raises": 4, "bring_in_tiebreak": "suit",
             "board_tiebreak": {Variant.SEVEN_CARD_STUD: "suit", Variant.FIVE_CARD_STUD: "suit",
                                Variant.RAZZ: "position",
                                Variant.DEUCE_TO_SEVEN_RAZZ: "position",
                                Variant.SEVEN_CARD_STUD_HILO: "position",
                                Variant.SEVEN_CARD_STUD_HILO_REGULAR: "position",
                                Variant.FIVE_CARD_STUD_HILO: "position"}},
}


def _profiles() -> dict[str, dict[str, Any]]:
    """Every profile by name: ``PROFILES``, PokerStars' and each site
    format's (``stud.histories.sites``), under the format's name."""
    from .pokerstars import POKERSTARS_PROFILE
    from .sites import site_formats

    return {**PROFILES, "pokerstars": dict(POKERSTARS_PROFILE),
            **{site.name: dict(site.profile) for site in site_formats()}}


def formats() -> tuple[str, ...]:
    """The formats ``read`` takes by name: ``FORMATS`` and the site formats
    present (``stud.histories.sites``)."""
    from .sites import site_formats

    return (*FORMATS, *(site.name for site in site_formats()))


def profile_options(profile: str | Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A profile's Rules options: a name of ``PROFILES`` (or "pokerstars"),
    a mapping of options, or None."""
    if profile is None or isinstance(profile, Mapping):
        return None if profile is None else dict(profile)
    known = _profiles()
    if profile not in known:
        raise ValueError(f"unknown profile {profile!r}: the profiles are {sorted(known)}")
    return dict(known[profile])


Source = Union[str, "os.PathLike[str]", IO[str]]


def read(source: Source, *, format: str | None = None,
         profile: str | Mapping[str, Any] | None = None,
         on_error: Callable[[HistoryError], None] | None = None) -> Reading:
    """The hands of a history, one ``HandRecord`` at a time.

    ``source``: a path, an open text file, or the text itself (a ``str``
    with a line break); a path's text encoding is found from its bytes
    (``stud.histories.encoding``).  ``format``: "phh", "pokerstars" or a
    site format's name (``formats()``), found from the first lines when
    None, never from the file's name.  ``profile``: the site's table rules
    by name ("pokerstars", "wsop", a site format's name) or as
    ``stud.Rules`` options; a site's files use its own profile unless told
    otherwise.  ``on_error``: called with each
    hand that cannot be read (``HistoryError``), the rest still read; None
    raises it.  The iterator returned (a ``Reading``) also counts the hands
    it passed over: ``skipped`` (other games, in a mixed PokerStars file)
    and ``cancelled``.
    """
    if format is not None and format not in formats():
        raise ValueError(f"format is one of {formats()} or None, not {format!r}")
    reading = Reading()
    reading._records = _read(reading, source, format, profile, on_error)
    return reading


class Reading(Iterator[HandRecord]):
    """The records ``read`` yields, one at a time, and what it passed over
    so far: ``skipped`` (hands of other games) and ``cancelled`` (hands a
    PokerStars history marks cancelled); both final once the records are
    exhausted.  PHH has neither."""

    def __init__(self) -> None:
        self._records: Iterator[HandRecord] = iter(())
        self._reader: Any = None  # the PokerStars or site reader, which keeps the counts

    @property
    def skipped(self) -> int:
        return 0 if self._reader is None else int(self._reader.skipped)

    @property
    def cancelled(self) -> int:
        return 0 if self._reader is None else int(self._reader.cancelled)

    def __iter__(self) -> Reading:
        return self

    def __next__(self) -> HandRecord:
        return next(self._records)


def _read(reading: Reading, source: Source, format: str | None,
          profile: str | Mapping[str, Any] | None,
          on_error: Callable[[HistoryError], None] | None) -> Iterator[HandRecord]:
    lines, name, close = _open(source)
    try:
        head, lines = _peek(lines)
        found = format or _detect(head, name)
        yield from _read_opened(reading, source, lines, name, found, profile, on_error)
    finally:
        close()


def _read_opened(reading: Reading, source: Source, lines: Iterator[str], name: str | None,
                 found: str, profile: str | Mapping[str, Any] | None,
                 on_error: Callable[[HistoryError], None] | None,
                 replay_in_c: bool = False) -> Iterator[HandRecord]:
    """``read``'s records of a source already opened (``_open``, ``_peek``)
    whose format is ``found``; its caller closes it.  ``replay_in_c``
    (``verify``): a site reader in C gives no record for a hand its C
    replay reproduces, only counts it (its ``reproduced``)."""
    options = profile_options(profile)
    if found == "phh":
        items: Iterator[Any] = read_phh_lines(lines, name, profile=options, errors="yield")
    elif found == "pokerstars":
        from .pokerstars import (
            POKERSTARS_PROFILE,
            _read_pokerstars_path,
            _utf8_path,
            read_pokerstars_lines,
        )

        chosen = POKERSTARS_PROFILE if options is None else options
        path = _utf8_path(source)
        if path is not None:  # (read as bytes, a part at a time, by the C reader)
            ps_reader = reading._reader = _read_pokerstars_path(path, name, chosen)
        else:
            ps_reader = reading._reader = read_pokerstars_lines(lines, file=name, profile=chosen)
        items = ps_reader._items  # (what its __next__ gives, without a call of it per hand)
    else:
        from .sites import site_formats

        site = next(site for site in site_formats() if site.name == found)
        reader = reading._reader = site.reader(
            file=name, profile=dict(site.profile) if options is None else options)
        items = reader.read(lines)
        in_c = getattr(items, "replay_in_c", None) if replay_in_c else None
        if in_c is not None:
            in_c()
    for item in items:
        if isinstance(item, HistoryError):
            if on_error is None:
                raise item
            on_error(item)
        else:
            yield item


#: the longest line read (characters, its line break included): a longer one
#: is no hand history's, and is refused before it fills memory (a stream
#: with no line break, /dev/zero)
MAX_LINE = 1 << 20


def _open(source: Source) -> tuple[Iterator[str], str | None, Callable[[], None]]:
    """The lines of ``source`` (each of at most ``MAX_LINE`` characters),
    its name and how to close it.  Lines end at \\n, \\r\\n and \\r, in text
    as in a file (not at the other breaks ``str.splitlines`` knows)."""
    if isinstance(source, str) and not source.strip():
        raise ValueError("read takes a path, a text file or a history's text, not an empty "
                         "string")
    if isinstance(source, str) and ("\n" in source or "\r" in source):
        return _FileLines(io.StringIO(source, newline=""), None), None, lambda: None
    if isinstance(source, (str, os.PathLike)):
        path = Path(source)
        handle = open_text(path)  # (its encoding from its bytes; closed by the caller)
        return _FileLines(handle, str(path), own=True), str(path), handle.close
    if isinstance(source, (io.RawIOBase, io.BufferedIOBase)) or "b" in str(
            getattr(source, "mode", "")):
        raise TypeError("read takes a file opened in text mode (open(path, encoding=...)), "
                        "not a binary one")
    if hasattr(source, "read"):
        name = getattr(source, "name", None)
        name = name if isinstance(name, str) else None
        lines = _FileLines(source, name) if hasattr(source, "readline") else iter(source)
        return lines, name, lambda: None
    raise TypeError(f"read takes a path, a text file or text, not {type(source).__name__}")


def _lines(handle: IO[str], name: str | None, first_line: int = 1) -> _TextLines:
    """The lines of a text file, each read with a bound: a line longer than
    ``MAX_LINE`` is a HistoryError (and the end of the reading);
    ``first_line``: the number of the first, in the whole file.  A \r\n
    written as \r\r\n is one line end; a stray NUL byte is dropped.
    (Iterated in C: ``stud._core._TextLines``, whose ``number`` is the last
    line read.)"""
    from .._core import _TextLines as lines

    return lines(handle, name, first_line, MAX_LINE)


def long_line(name: str | None, number: int) -> HistoryError:
    """The error of a line longer than ``MAX_LINE``, the ``number``-th."""
    return HistoryError(f"a line longer than {MAX_LINE:,} characters: not a hand history's",
                        name, None, number)


#: characters of a text file read at a time by a reader that takes it over
CHUNK = 1 << 20


class _FileLines(Iterator[str]):
    """The lines of an open text file (``_lines``), and the file itself,
    for a reader that takes over and reads the rest a block at a time
    (``rest``: PHH's splitter in C)."""

    def __init__(self, handle: IO[str], name: str | None, own: bool = False) -> None:
        self.handle = handle
        self._lines = _lines(handle, name)
        self._it: Iterator[str] = self._lines
        self._ahead: list[str] = []
        self._own = own  # (``handle`` is open_text's, opened here: its bytes are ours to read)

    def __iter__(self) -> Iterator[str]:
        return self._it

    def __next__(self) -> str:
        return next(self._it)

    def read_ahead(self, lines: list[str]) -> None:
        """Lines read from ``_lines`` that are to be given again first."""
        self._ahead = lines
        self._it = itertools.chain(lines, self._lines)

    def rest(self) -> tuple[Iterator[Union[memoryview, str]], int]:
        """The text still to read, in parts (the lines read ahead, then
        blocks of the file as it is: line ends, NUL bytes and all, for a
        reader that reads lines as ``_lines`` does), and the number of
        lines read before those read ahead.  Only before any other line
        was taken (after ``_peek``).  A UTF-8 file this module opened, none
        of whose lines went elsewhere, is given again from its first byte,
        its blocks bytes while they are UTF-8 (``_utf8_blocks``)."""
        number = self._lines.number if self._ahead else 0
        self._it = iter(())
        before = number - len(self._ahead)
        raw = _raw_utf8(self.handle) if self._own and before == 0 else None
        if raw is not None:  # (the whole file again, as bytes: see _utf8_blocks)
            return _utf8_blocks(raw), 0
        ahead = "".join(self._ahead)
        read = self.handle.read
        return itertools.chain([ahead] if ahead else [], iter(lambda: read(CHUNK), "")), before


def _raw_utf8(handle: IO[str]) -> io.BufferedIOBase | None:
    """The binary file under ``handle`` (open_text's, of a regular file read
    as UTF-8) back at its text's start (after the byte order mark that
    made open_text read it as "utf-8-sig"); None when the text must be read
    as text (another encoding, a pipe)."""
    encoding = getattr(handle, "encoding", None)
    buffer: io.BufferedIOBase | None = getattr(handle, "buffer", None)
    if encoding not in ("utf-8", "utf-8-sig") or buffer is None:
        return None
    try:
        if not (buffer.seekable() and stat.S_ISREG(os.fstat(buffer.fileno()).st_mode)):
            return None
        buffer.seek(len(codecs.BOM_UTF8) if encoding == "utf-8-sig" else 0)
    except (OSError, ValueError):
        return None
    return buffer


def _utf8_blocks(buffer: io.BufferedIOBase) -> Iterator[Union[memoryview, str]]:
    """The file's text a block at a time, as the readers in C take it: its
    bytes themselves while they are UTF-8 (no decoding, and no encoding back
    in the reader), the text open_text gives from the first byte that is not
    (the rest decoded as open_text decodes it: stray bytes Windows-1252).
    The same text either way, read once: the blocks are the file's, from its
    text's first byte (``_raw_utf8``).

    The bytes are views of one buffer the file is read into (a fresh bytes
    object a block costs more, in page faults, than the reader's work on
    it): the readers copy a block before they ask for the next."""
    from .._core import _utf8_prefix

    block = bytearray(CHUNK + 4)
    view = memoryview(block)
    have = 0  # the bytes of a character cut by the last block's end
    while True:
        got = buffer.readinto(view[have:have + CHUNK]) or 0
        if not got:
            if have:  # (a character cut by the file's end)
                yield bytes(view[:have]).decode("utf-8", "stud.cp1252")
            return
        have += got
        valid = _utf8_prefix(view[:have])
        if valid < 0:  # (not UTF-8 here: the rest as text)
            decoder = codecs.getincrementaldecoder("utf-8")("stud.cp1252")
            data = bytes(view[:have])
            while data:
                text = decoder.decode(data)
                if text:
                    yield text
                data = buffer.read(CHUNK)
            text = decoder.decode(b"", final=True)
            if text:
                yield text
            return
        if valid:
            yield view[:valid]
        view[:have - valid] = view[valid:have]
        have -= valid


def _peek(lines: Iterator[str]) -> tuple[str, Iterator[str]]:
    """The head of the text (its first ``HEAD_LINES`` lines that say
    something, stripped, joined with \\n; "" when there is none) and every
    line still to read."""
    from .sites import HEAD_LINES

    seen: list[str] = []
    head: list[str] = []
    for line in lines:
        seen.append(line)
        text = line.lstrip("\ufeff").strip()
        if text:
            head.append(text)
            if len(head) == HEAD_LINES:
                break
    if isinstance(lines, _FileLines):
        lines.read_ahead(seen)
        return "\n".join(head), lines
    return "\n".join(head), itertools.chain(seen, lines)


def _detect(head: str, name: str | None) -> str:
    """The format of a text that begins with ``head`` (``_peek``): a site
    format whose detector takes it, else PokerStars or PHH by their first
    line; never the file's name."""
    from .sites import detect_site

    site = detect_site(head)
    if site is not None:
        return site.name
    # (a PHH file may open with comments)
    first = next((line for line in head.split("\n") if not line.startswith("#")), "")
    if first.startswith("PokerStars") or "Hand #" in first or "Game #" in first:
        return "pokerstars"
    if "=" in first or first.startswith("["):
        return "phh"
    raise HistoryError(f"not a hand history this package reads (first line: {first[:60]!r})",
                       name, None, None)


def write(records: Iterable[Union[HandRecord, Hand]], dest: Union[str, os.PathLike[str], IO[str]],
          *, format: str = "phh") -> int:
    """Writes the hands (records, or ``Hand`` objects as their records) to
    ``dest`` (a path or an open text file) as PHH: a ``.phh`` path takes
    exactly one hand, anything else gets a ``.phhs`` collection; or, with
    ``format="pokerstars"``, as PokerStars-style text
    (``stud.histories.pokerstars_write``).  Returns the number of hands
    written."""
    if format not in FORMATS:
        raise ValueError(f"format is one of {FORMATS}, not {format!r}")
    items = (_record_of(r) for r in records)
    if format == "pokerstars":
        return _write_pokerstars(items, dest)
    if isinstance(dest, (str, os.PathLike)):
        path = Path(dest)
        with _replacing(path) as handle:
            return _write(items, handle, single=path.suffix.lower() == ".phh")
    return _write(items, dest, single=False)


def _record_of(item: object) -> HandRecord:
    if isinstance(item, HandRecord):
        return item
    to_record = getattr(type(item), "to_record", None)
    if to_record is None:
        raise TypeError(f"write takes HandRecord or stud.Hand objects, not "
                        f"{type(item).__name__}")
    return to_record(item)  # type: ignore[no-any-return]


@contextlib.contextmanager
def _replacing(path: Path) -> Iterator[IO[str]]:
    """A text file that becomes ``path`` only once it is whole: written
    beside it and moved over it at the end, so a failed write leaves no
    partial file and an existing one untouched.  (Made by ``open``, so it
    has the permissions any new file gets.)"""
    if path.exists() and not path.is_file():  # a device or a pipe (/dev/stdout): in place
        with open(path, "w", encoding="utf-8", newline="\n") as out:
            yield out
        return
    part = path.with_name(f".{path.name}.{os.getpid()}-{next(_parts)}.part")
    try:
        with open(part, "x", encoding="utf-8", newline="\n") as handle:
            yield handle
        os.replace(part, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(part)
        raise


_parts = itertools.count()


def _write_pokerstars(items: Iterator[HandRecord],
                      dest: Union[str, os.PathLike[str], IO[str]]) -> int:
    from .pokerstars_write import write_pokerstars_hands

    def put(out: IO[str]) -> int:
        count = 0
        for text in write_pokerstars_hands(items):
            out.write(text)
            count += 1
        return count

    if isinstance(dest, (str, os.PathLike)):
        with _replacing(Path(dest)) as handle:
            return put(handle)
    return put(dest)


def _write(items: Iterator[HandRecord], out: IO[str], *, single: bool) -> int:
    if single:
        hands = list(itertools.islice(items, 2))
        if len(hands) != 1:
            many = f"{len(hands)}{'+' * (len(hands) > 1)}"
            raise ValueError(f"a .phh file holds one hand, not {many}: "
                             f"write a .phhs collection")
        out.write(write_phh(hands[0]))
        return 1
    count = 0
    for chunk in write_phhs(items):
        out.write(chunk)
        count += 1
    return count
