"""PokerStars text hand histories of the stud games: ``read_pokerstars_lines``.

Reads the hands of 7 Card Stud, 7 Card Stud Hi/Lo and Razz (fixed limit)
from PokerStars' text hand histories, cash games (amounts in a currency,
kept as whole cents: ``$0.10`` is 10) and tournaments (chips), old
(``PokerStars Game #``) and new (``PokerStars Hand #``) headers, mixed games
(``HORSE (Razz Limit, ...)``, ``8-Game``, ``Triple Stud``, ``Mixed ...``),
Zoom and Home Game hands, one ``HandRecord`` per hand::

    with open(path, encoding="utf-8") as f:
        reader = read_pokerstars_lines(f, file=path)
        for item in reader:
            if isinstance(item, HistoryError):
                print(item)       # "FILE, hand H, line L: reason"; reading goes on
            else:
                use(item)         # a HandRecord
    reader.skipped                # hands of other games (Hold'em in a HORSE file ...)

Reading streams: one hand's lines are kept at a time, so a file of any size
reads in constant memory.  A hand that cannot be read (truncated, an unknown
game, an amount that does not parse, a card seen twice, an action by a
player not at the table, amounts that do not add up) is reported as a
``HistoryError`` and reading goes on with the next hand.  Hands of other
games are skipped silently and counted (``PokerStarsReader.skipped``), as are
cancelled hands (``PokerStarsReader.cancelled``).

How a hand becomes a record:

- ``rules``: the variant and the stakes of the header (``$0.10/$0.20`` is
  ``small_bet=10, big_bet=20``; a tournament's ``Level III (40/80)`` is 40
  and 80 chips), the ante of the ``posts the ante`` lines (the largest: an
  all-in ante is short; 0 when nobody antes) and the bring-in of the
  ``brings in for`` line.  When no line gives the bring-in (the player due
  to bring in completed at once: ``bets``), or the bring-in was all in for
  less, it is the first call of the bring-in on 3rd street, else the rules'
  default (``small_bet // 2``, or the all-in bring-in when that is more);
  the field ``bring_in`` then says where it came from.  The options are
  the ``profile``'s, ``POKERSTARS_PROFILE`` by default.
- seats: the players dealt in (a ``Dealt to`` line on 3rd street), in the
  order of their seat numbers; ``seats`` keeps the site's numbers,
  ``players`` the names, ``starting_stacks`` the ``(... in chips)`` amounts.
  Players sitting out, or listed and not dealt in, are not seats.
- steps: ``Dealt`` per street for every seat still in the hand (the cards
  as the file shows them, down cards first; a card the file does not show
  is None: other players' down cards, and the 7th street card of all but
  the hero), ``CommunityDealt`` for a 7th street card dealt face up to all
  (``*** RIVER *** [6h]``), ``Acted`` with ``to`` the seat's total for the
  betting round after the action (``brings in for``: BRING_IN;
  ``completes it to``, ``bets``, ``raises ... to``: RAISE; ``calls``:
  CHECK_CALL with the new total; ``checks``: CHECK_CALL, to None;
  ``folds``: FOLD), and at a showdown ``Showed`` (the cards as shown:
  ``Dealt`` steps are not filled in from them) and ``Mucked`` (``mucks
  hand``, or ``doesn't show hand`` while others are in).
- ``collected``: per seat, the sum of its ``collected ... from pot`` lines
  (all pots, both halves of a split pot); an uncalled bet returned is not
  a collection (the engine returns it itself).  ``rake``: the summary's.
  ``currency``: "USD", "EUR", "GBP" ... for money, None for chips.
- ``fields``: the rest, as ``(name, value)`` pairs named as PHH would
  (``seat_count``: the table size; the others as PHH user-defined fields,
  with a leading ``_``): ``_game`` (the header's game text), ``_mix`` (a
  mixed game's name), ``_date``, ``_tournament``, ``_buy_in``, ``_level``,
  ``_match_round``, ``_club`` (a Home Game), ``_zoom``, ``_hero``,
  ``_bring_in_from`` (where the bring-in came from, when not a ``brings
  in`` line), ``_pots`` (the summary's main and side pots, after the rake),
  ``_mucked_cards`` (``(seat, "As Kd ...")`` of the summary's ``mucked
  [...]``), ``_shown_cards`` (``(seat, "As Kd ...")`` shown without a
  showdown), ``_deck_reshuffled`` (the streets where the file says so).

Checks that make a hand a ``HistoryError``: the total pot must equal the
chips put in (antes and bets, less uncalled bets returned), and the
collections plus the rake must equal the total pot; every card a hand
shows (dealt, shown, mucked in the summary) must be unique to one seat;
the cards a ``Dealt to`` line repeats must be the ones dealt before.

Not supported: other games (skipped), pot-limit or no-limit stud (an
error), a PokerStars "cash out" of an all-in hand (an error), hands in
languages other than English (their lines are not recognised).  A hand is
read as the file has it: PokerStars lets a player fold where he could
check, which such a hand records; the profile's ``fold_when_can_check``
(docs/rules.md 11.3) lets the engine replay it (6.7 refuses it).
"""

from __future__ import annotations

import codecs
import io
import itertools
import os
from collections.abc import Generator, Iterable, Iterator
from pathlib import Path
from typing import Any, Union

from ..enums import Variant
from .errors import HistoryError
from .ps_game import _CURRENCIES, read_game_text, symbols_of
from .record import HandRecord, _cached_rules

__all__ = ["POKERSTARS_PROFILE", "HistoryError", "PokerStarsReader", "read_pokerstars",
           "read_pokerstars_file", "read_pokerstars_lines"]

#: PokerStars' table rules as ``stud.Rules`` options (docs/rules.md 11.2),
#: as PokerStars' own histories show them: bring-in ties go by suit (clubs
#: lowest, then diamonds, hearts, spades; hands where two door cards of one
#: rank tie replay only so), ties of the best board on later streets go by
#: position (the lowest seat: hands with tied boards replay only so).  A
#: round allows one bet and three raises ("Betting is capped" after the
#: third raise), heads-up too.  The open pair on 4th street allows the big
#: bet in Seven Card Stud ("Pair on board - a double bet is allowed"), the
#: engine's default for that game, so it is not set here (it cannot be set
#: for Razz or Stud/8).  A player may fold where he could check
#: (docs/rules.md 11.3: the histories show "folds" with nothing to call).
POKERSTARS_PROFILE: dict[str, Any] = {"bring_in_tiebreak": "suit", "board_tiebreak": "position",
                                      "max_raises": 3, "heads_up_uncapped": False,
                                      "fold_when_can_check": True}

_BATCH_LINES = 1 << 14  # lines joined at a time for the C reader
_CHUNK = 1 << 20  # bytes of a file read at a time
_MAX_CARRY = 1 << 26  # bytes without a header before the rest is read as lines
_BOM = b"\xef\xbb\xbf"


def _raising(error: BaseException) -> Iterator[str]:
    raise error
    yield  # (a generator)


def _header_parts(handle: io.BufferedIOBase, as_read: bool, chunk: int
                  ) -> Iterator[memoryview | None]:
    """A PokerStars file's bytes, read ``chunk`` at a time, in parts cut before a
    hand's header (the C reader's ``stud_ps_last_header``).  ``as_read``: a
    leading BOM dropped.  When _MAX_CARRY bytes hold no header, None with the
    handle at that text's first byte: the caller reads the rest as text.
    The caller numbers the lines (_part_lines, or the C scanner's count).

    The parts are views of one buffer the file is read into (a fresh bytes
    object a chunk, and the copy that joins it to the bytes carried over,
    cost more than the C reader's work on them): a part holds until the
    next one is asked for."""
    from .._core import _ps_last_header

    buffer = bytearray(2 * chunk)
    view = memoryview(buffer)
    have = 0  # bytes carried over, at the buffer's start
    offset = 0  # of the buffer's first byte in the file
    first = True
    while True:
        if len(buffer) - have < chunk:  # (a new buffer: a part of the old may be held)
            buffer = bytearray(max(2 * len(buffer), have + chunk))
            buffer[:have] = view[:have]
            view = memoryview(buffer)
        got = handle.readinto(view[have:have + chunk]) or 0
        have += got
        if first:
            first = False
            if as_read and buffer.startswith(_BOM, 0, have):  # (utf-8-sig, as read opens files)
                view[:have - 3] = view[3:have]
                have -= 3
                offset = 3
        if got:
            cut = _ps_last_header(view[:have])
            if not cut:
                if have > _MAX_CARRY:
                    handle.seek(offset)
                    yield None
                    return
                continue
        else:
            cut = have
        yield view[:cut]
        offset += cut
        view[:have - cut] = view[cut:have]
        have -= cut
        if not got:
            return


def _c_reads(part: memoryview, as_read: bool) -> int | None:
    """How the C reader takes a part as it is: its ``cr`` (1 when the part
    holds a \\r), or None when the part is read as lines (it is not clean,
    or ``as_read`` and it holds \\r\\r\\n: one line end to read, two to C)."""
    from .._core import _PS_CLEAN_CR, _PS_CLEAN_CRCRLF, _ps_clean

    clean = _ps_clean(part)
    if not clean or (as_read and clean & _PS_CLEAN_CRCRLF):
        return None
    return 1 if clean & _PS_CLEAN_CR else 0


def _part_lines(part: memoryview, as_read: bool) -> int:
    """The lines of a part as read numbers them: its line ends (\\n, \\r\\n,
    \\r), a \\r\\r\\n one when ``as_read`` (universal newlines see two).
    (Parts the C scanner reads are numbered by it: it counts as it goes.)"""
    from .._core import _ps_count_lines

    ends = _ps_count_lines(part)
    if as_read and ends:
        data = part.tobytes()
        if b"\r" in data:
            ends -= data.count(b"\r\r\n")
    return ends


#: the most lines one hand may have (chat included) before it is refused:
#: what keeps a damaged file from filling the memory (the C reader's
#: STUD_PS_MAX_HAND_LINES)
MAX_HAND_LINES = 5000
_MAX_LINE = 2000  # characters kept of one line


def _game_facts(desc: bytes, options: dict[str, Any]) -> Any:
    """What a header's game text (before the date) says, for the C reader
    (``stud.histories.verify``): the facts of ``_game_record_facts``, False
    for another game (skipped), or the message of the hand's error."""
    facts = _game_record_facts(desc, options)
    return facts[0] if isinstance(facts, tuple) else facts


def _game_record_facts(desc: bytes, options: dict[str, Any]) -> Any:
    """The game text of a header, for the C reader: ((variant, small bet,
    big bet, 1 when amounts are cents, the currency symbols amounts may
    carry: 1 "$", 2 "€", 4 "£", the currency or None, the symbol amounts are
    shown with), the currency, the record's fields the game text gives);
    False for another game (skipped); else the message of the error."""
    try:
        game = read_game_text(desc.decode("utf-8", "surrogatepass"))
    except Exception as error:  # noqa: BLE001 - a game text this reader got wrong: an error
        return f"cannot read the hand: {type(error).__name__}: {error}"
    if not isinstance(game, tuple):
        return game
    variant, small, big, currency, fields = game
    shown = next((s for s, c in _CURRENCIES.items() if c == currency), "")
    return ((int(variant), small, big, int(currency is not None), symbols_of(currency), currency,
             shown), currency, fields)


def _normalized(lines: Iterable[str]) -> bytes:
    """Lines as the C reader takes text other than clean bytes: each
    stripped (str.strip), cut to _MAX_LINE characters (a line's own BOM
    dropped), a line break inside one a space, joined by \n."""
    out = []
    for raw in lines:
        line = raw.strip()
        if len(raw) > _MAX_LINE or line[:1] == "\ufeff":
            line = raw[:_MAX_LINE].strip().lstrip("\ufeff").strip()
        if "\n" in line or "\r" in line:
            line = line.replace("\r", " ").replace("\n", " ")
        out.append(line)
    out.append("")
    return "\n".join(out).encode("utf-8", "surrogatepass")


def _outside_error(line: str, file: str | None, number: int) -> HistoryError:
    """The error of a run of lines outside any hand, named by its first
    (the C reader's verdicts, stud.histories.verify, give the same)."""
    return HistoryError(f"a line outside any hand: {line[:80]!r}", file, None, number)


class PokerStarsReader(Iterator[Union[HandRecord, HistoryError]]):
    """The hands of one PokerStars hand history, read as they are iterated.

    Iterating yields a ``HandRecord`` per hand read and a ``HistoryError``
    per hand that could not be; the counters say how many of each, and how
    many hands were passed over: ``skipped`` (other games) and
    ``cancelled`` (``Hand cancelled``).  ``first_line``: the number of the
    first line given (when the lines are a part of a file).
    """

    def __init__(self, lines: Iterable[str], *, file: str | None = None,
                 profile: dict[str, Any] | None = None, first_line: int = 1,
                 _path: Path | None = None, _as_read: bool = True) -> None:
        self.file = file
        self.first_line = first_line  # the number of the first line (a part of a file)
        self.options: dict[str, Any] = dict(POKERSTARS_PROFILE if profile is None else profile)
        self.hands = 0
        self.errors = 0
        self.skipped = 0
        self.cancelled = 0
        self._games: dict[bytes, Any] = {}
        self._rules: dict[tuple[Any, ...], Any] = {}
        if _path is not None:
            self._items = self._read_file(_path, _as_read)
        else:
            self._items = self._read_lines(lines, first_line)

    def __iter__(self) -> PokerStarsReader:
        return self

    def __next__(self) -> HandRecord | HistoryError:
        return next(self._items)

    # ---- through the C reader (src/studcore/ps_history.h) ---------------------------
    # The text goes to C as UTF-8 bytes, a part at a time cut at a hand's
    # header: clean bytes (stud_ps_clean) as they are, other text as lines
    # made ready for it (_normalized).  C reads every hand into a record, an
    # error, or passes it over.

    def _read_lines(self, lines: Iterable[str], first: int) -> Iterator[HandRecord | HistoryError]:
        """Lines read a batch at a time, joined, through C."""
        from .._core import _ps_clean, _ps_count_lines

        source = iter(lines)
        carry = b""
        line = first
        while True:
            batch: list[str] = []
            failure: BaseException | None = None
            try:
                batch.extend(itertools.islice(source, _BATCH_LINES))
            except Exception as error:  # noqa: BLE001 - raised again after the lines read
                failure = error
            text = "".join(batch)
            try:
                data: bytes | None = text.encode("utf-8")
            except UnicodeEncodeError:
                data = None
            ends = len(batch) - (0 if not batch or batch[-1][-1:] in ("\n", "\r") else 1)
            if data is None or _ps_count_lines(data) != ends or not _ps_clean(data):
                # (lines that do not join into the same lines again, or text
                # that is not clean: each line made ready for C)
                data = _normalized(batch) if batch else b""
            last = len(batch) < _BATCH_LINES
            carry, line = yield from self._feed(carry, data, line, last and failure is None)
            if failure is not None:
                # the hand under way is read when a blank line after its
                # summary ended it; then the failure is raised
                if carry:
                    yield from self._part(memoryview(carry), line, ended_only=True)
                raise failure
            if last:
                return

    def _feed(self, carry: bytes, data: bytes, line: int,
              last: bool) -> Generator[HandRecord | HistoryError, None, tuple[bytes, int]]:
        """The hands of carry + data up to its last header (all of it when
        ``last``); returns (what is left, the number of its first line)."""
        from .._core import _ps_last_header

        if carry[-1:] == b"\r" and data[:1] == b"\n":
            carry = carry[:-1] + b"\n"  # (a \r that ended a line is not half of a \r\n)
        buffer = carry + data if carry else data
        cut = len(buffer) if last else _ps_last_header(buffer)
        if not cut:
            return buffer, line
        line = yield from self._part(memoryview(buffer)[:cut], line)
        return buffer[cut:], line

    def _part(self, part: memoryview, line: int, ended_only: bool = False, cr: int = -1
              ) -> Generator[HandRecord | HistoryError, None, int]:
        """One part of the text (whole hands, clean or made ready) through C;
        returns the number of the line after it (not ``ended_only``).
        ``cr``: 1 when the part holds a \\r, 0 when not, -1 not known."""
        from .._core import _PsRecords

        if not part:
            return line
        items = _PsRecords(part, line, self._games, self._game_of, self._rules, self._rules_of,
                           self.file, ended_only, cr)
        skipped = cancelled = 0
        for item in items:
            if items.skipped != skipped or items.cancelled != cancelled:
                # (counted as the hands are passed over)
                self.skipped += items.skipped - skipped
                self.cancelled += items.cancelled - cancelled
                skipped, cancelled = items.skipped, items.cancelled
            if type(item) is tuple:
                _, number, start, end = item
                self.errors += 1
                yield _outside_error(str(part[start:end], "utf-8", "surrogatepass"), self.file,
                                     number)
            elif isinstance(item, HistoryError):
                self.errors += 1
                yield item
            else:
                self.hands += 1
                yield item
        self.skipped += items.skipped - skipped
        self.cancelled += items.cancelled - cancelled
        return items.line

    def _read_file(self, path: Path, as_read: bool) -> Iterator[HandRecord | HistoryError]:
        """A UTF-8 file read as bytes, a part at a time, through C, its
        lines as ``read`` reads them (``as_read``: a leading BOM dropped,
        \\r\\r\\n one line end, NUL dropped, stray bytes Windows-1252,
        a line of a MB an error) or as ``read_pokerstars_file`` does
        (universal newlines, stray bytes U+FFFD)."""
        from .io import _lines

        def as_read_lines(part: memoryview, line: int) -> Iterable[str]:
            return _lines(io.StringIO(str(part, "utf-8", "stud.cp1252"), newline=""),
                          self.file, line)

        def replaced_lines(part: memoryview, line: int) -> Iterable[str]:
            return io.StringIO(str(part, "utf-8", "replace"), newline=None)

        lines_of = as_read_lines if as_read else replaced_lines
        line = 1
        with open(path, "rb") as handle:
            for part in _header_parts(handle, as_read, _CHUNK):
                if part is None:  # (no header in _MAX_CARRY bytes: the rest as text)
                    if as_read:
                        rest: Iterable[str] = _lines(io.TextIOWrapper(
                            handle, encoding="utf-8", errors="stud.cp1252",
                            newline=""), self.file, line)
                    else:
                        rest = io.TextIOWrapper(handle, encoding="utf-8",
                                                errors="replace", newline=None)
                    yield from self._read_lines(rest, line)
                    return
                cr = _c_reads(part, as_read)
                if cr is not None:
                    line = yield from self._part(part, line, cr=cr)
                else:
                    yield from self._read_lines(lines_of(part, line), line)
                    line += _part_lines(part, as_read)

    def _game_of(self, desc: bytes) -> Any:
        return _game_record_facts(desc, self.options)

    def _rules_of(self, variant: int, small: int, big: int, ante: int,
                  bring_in: int | None) -> Any:
        """(the hand's Rules, the most seats they deal to), or the message
        of the error the rules make (the hand's, at its header)."""
        from .._core import _rules_seat_limit

        try:
            rules = _cached_rules(Variant(variant), small, big, ante, bring_in, **self.options)
            return rules, _rules_seat_limit(rules)
        except (TypeError, ValueError) as error:
            return f"the rules: {error}"
        except Exception as error:  # noqa: BLE001 - rules this reader got wrong: an error
            return f"cannot read the hand: {type(error).__name__}: {error}"


def read_pokerstars_lines(lines: Iterable[str], *, file: str | None = None,
                          profile: dict[str, Any] | None = None) -> PokerStarsReader:
    """The stud hands of PokerStars hand-history lines (an open file, say):
    a ``PokerStarsReader``, an iterator of ``HandRecord`` and
    ``HistoryError`` (one per hand that could not be read) that counts the
    hands it skipped.  ``file`` names the source in errors and records;
    ``profile``: the ``stud.Rules`` options of the hands (None:
    ``POKERSTARS_PROFILE``; a dict replaces it whole)."""
    return PokerStarsReader(lines, file=file, profile=profile)


def read_pokerstars(text: str, *, file: str | None = None,
                    profile: dict[str, Any] | None = None) -> PokerStarsReader:
    """``read_pokerstars_lines`` of a text (any line endings).

    >>> text = '''PokerStars Hand #1: 7 Card Stud Limit ($0.10/$0.20 USD) - 2024/01/02 3:04:05 ET
    ... Table 'Doc' 8-max
    ... Seat 1: ann ($5 in chips)
    ... Seat 2: bob ($5 in chips)
    ... ann: posts the ante $0.02
    ... bob: posts the ante $0.02
    ... *** 3rd STREET ***
    ... Dealt to ann [As Kd 2c]
    ... Dealt to bob [9h]
    ... ann: brings in for $0.05
    ... bob: folds
    ... Uncalled bet ($0.05) returned to ann
    ... ann collected $0.04 from pot
    ... *** SUMMARY ***
    ... Total pot $0.04 | Rake $0
    ... Seat 1: ann collected ($0.04)
    ... Seat 2: bob folded on the 3rd Street (didn't bet)'''
    >>> [record] = read_pokerstars(text)
    >>> record.rules.small_bet, record.rules.bring_in, record.players, record.collected
    (10, 5, ('ann', 'bob'), (4, 0))
    >>> for step in record.steps:
    ...     print(step)
    seat 0 is dealt As Kd 2c
    seat 1 is dealt ?? ?? 9h
    seat 0 brings in for 5
    seat 1 folds
    """
    return PokerStarsReader(io.StringIO(text, newline=None), file=file, profile=profile)


def read_pokerstars_file(path: str, *, encoding: str = "utf-8",
                         profile: dict[str, Any] | None = None) -> PokerStarsReader:
    """``read_pokerstars_lines`` of a file, opened as it is read and closed
    at its end (bytes that do not decode become U+FFFD)."""
    if codecs.lookup(encoding).name == "utf-8" and Path(path).is_file():
        # (as bytes, a part at a time, through the C reader)
        return PokerStarsReader((), file=str(path), profile=profile, _path=Path(path),
                                _as_read=False)

    def lines() -> Iterator[str]:
        with open(path, encoding=encoding, errors="replace", newline=None) as stream:
            yield from stream

    return PokerStarsReader(lines(), file=str(path), profile=profile)


def _utf8_path(source: object) -> Path | None:
    """The path of a regular UTF-8 file (None: not a path, not a regular
    file, another encoding: read as lines)."""
    from .encoding import HEAD_BYTES, detect_encoding

    if not isinstance(source, (str, os.PathLike)) or (
            isinstance(source, str) and ("\n" in source or "\r" in source)):
        return None
    path = Path(source)
    try:
        if not path.is_file():
            return None
        with open(path, "rb") as handle:
            if detect_encoding(handle.read(HEAD_BYTES)) not in ("utf-8", "utf-8-sig"):
                return None
    except OSError:
        return None
    return path


def _read_pokerstars_path(path: str | os.PathLike[str], file: str | None,
                          profile: dict[str, Any] | None) -> PokerStarsReader:
    """The reader of a UTF-8 PokerStars file, read as bytes through C (as
    ``read`` reads its lines: \\r\\r\\n is one line end, stray bytes are
    Windows-1252, a leading BOM is dropped)."""
    return PokerStarsReader((), file=file, profile=profile, _path=Path(path))
