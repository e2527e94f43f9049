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
check, which such a hand records, and which the engine refuses when the
hand is replayed (docs/rules.md 6.7).
"""

from __future__ import annotations

import io
import itertools
import re
from collections.abc import Iterable, Iterator
from typing import Any, Union

from .._core import Card
from ..enums import Variant
from ..game import Rules
from .errors import HistoryError
from .record import (
    Acted,
    CommunityDealt,
    Dealt,
    HandRecord,
    Move,
    Mucked,
    Showed,
    Source,
    Step,
    _cached_rules,
    _trusted,
)

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
#: for Razz or Stud/8).
POKERSTARS_PROFILE: dict[str, Any] = {"bring_in_tiebreak": "suit", "board_tiebreak": "position",
                                      "max_raises": 3, "heads_up_uncapped": False}

#: the most lines one hand may have (chat included) before it is refused:
#: what keeps a damaged file from filling the memory
MAX_HAND_LINES = 5000
_MAX_LINE = 2000  # characters kept of one line

_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
_VARIANTS = {"7 card stud hi/lo": Variant.SEVEN_CARD_STUD_HILO,
             "7 card stud": Variant.SEVEN_CARD_STUD, "razz": Variant.RAZZ}

_HEADER = re.compile(r"PokerStars (?:(?P<zoom>Zoom) |(?P<home>Home) Game )?(?:Hand|Game) "
                     r"#(?P<id>\d+):\s*(?P<rest>.*)", re.IGNORECASE)
_DATE = re.compile(r"\s+-\s+(?=\d{4}/\d{1,2}/\d{1,2})")
_STUD_GAME = re.compile(r"(?P<game>7 Card Stud Hi/Lo|7 Card Stud|Razz)\s+"
                        r"(?P<limit>Limit|Pot Limit|No Limit|Fixed Limit)\b", re.IGNORECASE)
_OTHER_GAME = re.compile(r"Hold'?em|Omaha|Badugi|Badeucy|Badacey|Draw|Lowball|Courchevel|"
                         r"Fusion|Archie|Drawmaha|5 Card Stud|Five Card Stud", re.IGNORECASE)
_STAKES = re.compile(r"(?P<c1>[$€£]?)(?P<small>\d[\d,]*(?:\.\d+)?)/(?P<c2>[$€£]?)"
                     r"(?P<big>\d[\d,]*(?:\.\d+)?)(?:\s+(?P<code>[A-Z]{3})\b)?")
_LEVEL = re.compile(r"Level\s+(?P<level>[IVXLCDM\d]+)", re.IGNORECASE)
_ROUND = re.compile(r"Match Round\s+(?P<round>\w+)", re.IGNORECASE)
_TOURNAMENT = re.compile(r"Tournament #(?P<tid>\d+),?\s*(?P<rest>.*)", re.IGNORECASE)
_TABLE = re.compile(r"Table '(?P<name>.*)'(?:\s+(?P<max>\d+)-max)?(?P<rest>.*)")
_SEAT = re.compile(r"Seat (?P<num>\d+): (?P<name>.+) \((?P<stack>[$€£]?[\d.,]+) in chips"
                   r"(?:,[^)]*)?\)(?P<rest>.*)")
_SUMMARY_SEAT = re.compile(r"Seat (?P<num>\d+): (?P<rest>.*)")
_MUCKED = re.compile(r" mucked \[([^\]]*)\]")
_STREET = re.compile(r"\*\*\* (?P<name>3rd STREET|4th STREET|5th STREET|6th STREET|RIVER|"
                     r"7th STREET|SHOW DOWN|SUMMARY|[^*]*?) \*\*\*(?: \[(?P<card>[^\]]*)\])?\s*",
                     re.IGNORECASE)
_STREET_NUMBERS = {"3rd street": 3, "4th street": 4, "5th street": 5, "6th street": 6,
                   "river": 7, "7th street": 7}
_BRACKETS = re.compile(r"\[(?P<a>[^\]]*)\](?: \[(?P<b>[^\]]*)\])?")
_TOTAL = re.compile(r"Total pot (?P<total>\S+)(?P<pots>(?: (?:Main pot|Side pot(?:-\d+)?) "
                    r"\S+?\.)*) \| Rake (?P<rake>\S+)(?P<more>.*)")
_POT_PART = re.compile(r"(?:Main pot|Side pot(?:-\d+)?) (\S+?)\.(?= |$)")
_AMOUNT = re.compile(r"(?P<sym>[$€£]?)(?P<whole>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?P<frac>\d+))?")
_ALL_IN = " and is all-in"
# an action by its first word: its kind and its pattern
_ACTIONS: dict[str, tuple[str, re.Pattern[str]]] = {
    "posts": ("ante", re.compile(r"posts (?:the )?ante (?P<a>\S+)")),
    "brings": ("bring_in", re.compile(r"brings in for (?P<a>\S+)")),
    "folds": ("fold", re.compile(r"folds(?: \[[^\]]*\])?")),
    "checks": ("check", re.compile(r"checks")),
    "calls": ("call", re.compile(r"calls (?P<a>\S+)")),
    "bets": ("bet", re.compile(r"bets (?P<a>\S+)")),
    "raises": ("raise", re.compile(r"raises (?P<a>\S+) to (?P<b>\S+)")),
    "completes": ("complete", re.compile(r"completes(?: it)? to (?P<b>\S+)")),
    "shows": ("show", re.compile(r"shows \[(?P<cards>[^\]]*)\](?: \(.*\))?")),
    "mucks": ("muck", re.compile(r"mucks(?: hand| \[[^\]]*\])")),
    "doesn't": ("no_show", re.compile(r"doesn't show hand")),
}
# "NAME: ..." lines that only inform
_INFO_ACTIONS = re.compile(r"(?:is sitting out|sits out|is connected|is disconnected|has returned|"
                           r"is back|sitting out|has timed out.*|will be allowed to play.*)")
# "NAME: verb" lines that would be actions if NAME were at the table
_ACTION_VERB = re.compile(r"(?P<name>.+?): (?:posts|brings|folds|checks|calls|bets|raises|"
                          r"completes|shows|mucks|doesn't show|discards|stands pat)\b")
_UNCALLED = re.compile(r"Uncalled bet \((?P<a>[^)]*)\) returned to (?P<name>.+)")
_COLLECTED = re.compile(r"(?P<name>.+) collected (?P<a>\S+) from (?:the )?"
                        r"(?:pot|main pot|side pot(?:-\d+)?)")
_CASHED_OUT = re.compile(r".+ cashed out the hand for ")
_CHAT = re.compile(r'.+? said, "')

# ---- what reading keeps from hand to hand (speed: a file repeats itself) ----------------
#: the cards by their text
_CARDS: dict[str, Card] = {str(Card.from_index(index)): Card.from_index(index)
                           for index in range(52)}
#: (text, currency) -> the amount it reads as (only amounts that read)
_AMOUNTS: dict[tuple[str, str | None], int] = {}
#: (seat, move, to) -> the step: immutable, so shared
_ACTED: dict[tuple[int, Move, int | None], Acted] = {}
#: (seat, cards) -> the step: immutable, so shared
_DEALT: dict[tuple[int, tuple[Card | None, ...]], Dealt] = {}
_CACHE_SIZE = 4096


def _dealt_step(seat: int, cards: tuple[Card | None, ...]) -> Dealt:
    key = (seat, cards)
    step = _DEALT.get(key)
    if step is None:
        if len(_DEALT) >= _CACHE_SIZE:
            _DEALT.clear()
        step = _DEALT[key] = _trusted(Dealt, seat, cards)
    return step


def _field_name(name: str) -> str:
    """Fields are named as PHH names them where it has the field (the table
    size), and as PHH user-defined fields (a leading ``_``) otherwise, so a
    record written as PHH keeps them all."""
    return "seat_count" if name == "max_seats" else "_" + name


_Parsed = tuple[Union[str, None], bool, dict[str, Any]]
#: an action's text (what follows "NAME: ") -> what it says: its kind (None:
#: not an action, "info": a line that only informs), all in or not, and
#: the pattern's groups
_PARSED: dict[str, _Parsed] = {}


def _parse_action(rest: str) -> _Parsed:
    all_in = False
    for suffix in (" (disconnect)", _ALL_IN):
        if rest.endswith(suffix):
            rest = rest[:-len(suffix)]
            all_in = all_in or suffix == _ALL_IN
    kind, pattern = _ACTIONS.get(rest.split(" ", 1)[0], ("", None))
    match = None if pattern is None else pattern.fullmatch(rest)
    if match is None:
        if _INFO_ACTIONS.fullmatch(rest):
            return "info", all_in, {}
        return None, all_in, {"rest": rest}
    return kind, all_in, match.groupdict()


def _game_facts(desc: bytes,
                options: dict[str, Any]) -> tuple[int, int, int, int, int] | bool | None:
    """What a header's game text (before the date) says, for the C reader
    (``stud.histories.verify``): (variant, small bet, big bet, 1 when
    amounts are cents, the currency symbols amounts may carry: 1 "$", 2 "€",
    4 "£"); False for another game (skipped); None where reading fails."""
    parser = _Parser([(1, "")], None, options)
    try:
        variant, small, big = parser._game(1, desc.decode("utf-8"))
    except _Skip:
        return False
    except Exception:  # noqa: BLE001 - the Python reader says why, hand by hand
        return None
    symbols = sum(bit for symbol, bit in (("$", 1), ("€", 2), ("£", 4))
                  if _CURRENCIES[symbol] == parser.currency)
    return int(variant), small, big, int(parser.cents), symbols


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
                 profile: dict[str, Any] | None = None, first_line: int = 1) -> None:
        self.file = file
        self.first_line = first_line  # the number of the first line (a part of a file)
        self.options: dict[str, Any] = dict(POKERSTARS_PROFILE if profile is None else profile)
        self.hands = 0
        self.errors = 0
        self.skipped = 0
        self.cancelled = 0
        self._items = self._read(lines)

    def __iter__(self) -> PokerStarsReader:
        return self

    def __next__(self) -> HandRecord | HistoryError:
        return next(self._items)

    def _read(self, lines: Iterable[str]) -> Iterator[HandRecord | HistoryError]:
        hand: list[tuple[int, str]] = []
        extra = 0  # lines past MAX_HAND_LINES
        summary = False
        outside = False  # in a run of text outside any hand, already reported
        header = _HEADER.match
        for number, raw in enumerate(lines, self.first_line):
            line = raw.strip()
            if len(raw) > _MAX_LINE or line[:1] == "\ufeff":
                line = raw[:_MAX_LINE].strip().lstrip("\ufeff").strip()
            # (a header starts with P or p: most lines need no regular expression)
            if line[:1] in "Pp" and header(line):
                if hand:
                    yield from self._finish(hand, extra)
                hand, extra, summary, outside = [(number, line)], 0, False, False
            elif not hand:
                if line and not outside:
                    outside = True
                    self.errors += 1
                    yield _outside_error(line, self.file, number)
            elif not line:
                if summary:  # the blank line after the summary ends the hand
                    yield from self._finish(hand, extra)
                    hand, extra = [], 0
            elif len(hand) < MAX_HAND_LINES:
                hand.append((number, line))
                summary = summary or line.startswith("*** SUMMARY ***")
            else:
                extra += 1
        if hand:
            yield from self._finish(hand, extra)

    def _finish(self, lines: list[tuple[int, str]],
                extra: int) -> Iterator[HandRecord | HistoryError]:
        header = _HEADER.match(lines[0][1])
        hand_id = header["id"] if header else None
        try:
            if extra:
                raise _Fail(lines[-1][0], f"the hand has more than {MAX_HAND_LINES} lines")
            record = _Parser(lines, self.file, self.options).parse()
        except _Skip as skip:
            if skip.cancelled:
                self.cancelled += 1
            else:
                self.skipped += 1
            return
        except _Fail as fail:
            self.errors += 1
            yield HistoryError(fail.reason, self.file, hand_id, fail.line)
            return
        except Exception as error:  # a hand this reader got wrong: still never a crash
            self.errors += 1
            yield HistoryError(f"cannot read the hand: {type(error).__name__}: {error}",
                               self.file, hand_id, lines[0][0])
            return
        self.hands += 1
        yield record


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

    def lines() -> Iterator[str]:
        with open(path, encoding=encoding, errors="replace", newline=None) as stream:
            yield from stream

    return PokerStarsReader(lines(), file=str(path), profile=profile)


class _Parser:
    """One hand's lines to a HandRecord (raises _Fail or _Skip)."""

    def __init__(self, lines: list[tuple[int, str]], file: str | None,
                 options: dict[str, Any]) -> None:
        self.lines = lines
        self.file = file
        self.options = options
        self.fields: list[tuple[str, Any]] = []
        self.cents = False  # amounts are money (cents) rather than chips
        self.currency: str | None = None
        self.table: str | None = None
        self.players: dict[str, tuple[int, int]] = {}  # name -> (site seat, stack)
        self.names: list[str] = []  # the players' names, longest first
        self.colon_names = False  # a name holds ": "
        self.order: list[str] = []  # the engine's seats: names by site seat
        self.seat_of: dict[str, int] = {}
        self.steps: list[Step] = []
        self.put_in: dict[str, int] = {}
        self.antes: list[tuple[str, int, bool, int]] = []  # name, amount, all in, line
        self.bring_in: tuple[int, bool] | None = None  # amount, all in
        self.first_call: int | None = None  # the first call of the bring-in
        self.completed = False  # 3rd street saw a completion
        self.street = 0  # 0 before the deal
        self.community: set[int] = set()  # streets dealt as a community card
        self.bets: dict[int, int] = {}  # seat -> its bet in this round
        self.folded: set[int] = set()
        self.visible: dict[str, list[Card]] = {}  # what the Dealt lines showed
        self.pending: dict[str, list[Card]] = {}  # this street's new cards
        self.deal_open = False  # the street's Dealt lines may still come
        self.hero: str | None = None
        self.seen: dict[Card, str] = {}  # card -> owner ("" for the community)
        self.collected: dict[str, int] = {}
        self.showdown = False
        self.summary = False
        self.total: int | None = None
        self.total_line = 0
        self.rake = 0
        self.pots: tuple[int, ...] = ()
        self.mucked_cards: list[tuple[int, tuple[Card, ...]]] = []
        self.shown_cards: list[tuple[int, tuple[Card, ...]]] = []
        self.reshuffled: list[int] = []

    # ---- the hand ------------------------------------------------------------------

    def parse(self) -> HandRecord:
        number, header = self.lines[0]
        variant, small, big = self._header(number, header)
        line_ = self._line
        for number, line in itertools.islice(self.lines, 1, None):
            line_(number, line)
        last = self.lines[-1][0]
        if not self.summary:
            raise _Fail(last, "the hand ends before its summary (the file is cut short?)")
        if self.total is None:
            raise _Fail(last, "the summary has no 'Total pot' line")
        return self._record(variant, small, big)

    def _record(self, variant: Variant, small: int, big: int) -> HandRecord:
        header_line = self.lines[0][0]
        line = self.total_line
        assert self.total is not None
        put_in = sum(self.put_in.values())
        if put_in != self.total:
            raise _Fail(line, f"the total pot, {self._show(self.total)}, is not what was put in, "
                              f"{self._show(put_in)}")
        got = sum(self.collected.values())
        if got + self.rake != self.total:
            raise _Fail(line, f"the collections ({self._show(got)}) and the rake "
                              f"({self._show(self.rake)}) do not make the total pot "
                              f"({self._show(self.total)})")
        if self.pots and sum(self.pots) + self.rake != self.total:
            raise _Fail(line, "the main and side pots and the rake do not make the total pot")
        ante = max((amount for _, amount, _, _ in self.antes), default=0)
        posted = {name for name, _, _, _ in self.antes}
        for name, amount, all_in, where in self.antes:
            if name not in self.seat_of:
                raise _Fail(where, f"{name} posted the ante but was not dealt in")
            if amount != ante and not all_in:
                raise _Fail(where, f"{name} posted an ante of {self._show(amount)}, the "
                                   f"others {self._show(ante)}")
        if ante:
            for name in self.order:
                if name not in posted:
                    raise _Fail(line, f"{name} was dealt in without posting the ante")
        for name in self.order:
            if self.put_in.get(name, 0) > self.players[name][1]:
                raise _Fail(line, f"{name} put in {self._show(self.put_in[name])}, more than "
                                  f"the {self._show(self.players[name][1])} he sat with")
        bring_in: int | None
        if self.bring_in is not None and not self.bring_in[1]:
            bring_in = self.bring_in[0]
        elif self.first_call is not None:
            bring_in = self.first_call
            self.fields.append(("bring_in_from", "the first call of the bring-in"))
        elif self.bring_in is not None and self.bring_in[0] > small // 2:
            bring_in = self.bring_in[0]  # all in for more than the default: at least that
            self.fields.append(("bring_in_from", "the bring-in, all in"))
        else:
            bring_in = None
            self.fields.append(("bring_in_from", "not in the hand: the rules' default"))
        rules = self._rules(variant, small, big, ante, bring_in, header_line)
        if self.pots:
            self.fields.append(("pots", self.pots))
        # kept as text ("As Kd"), as any format can write them
        if self.mucked_cards:
            self.fields.append(("mucked_cards", tuple(
                (seat, " ".join(map(str, cards))) for seat, cards in self.mucked_cards)))
        if self.shown_cards:
            self.fields.append(("shown_cards", tuple(
                (seat, " ".join(map(str, cards))) for seat, cards in self.shown_cards)))
        if self.reshuffled:
            self.fields.append(("deck_reshuffled", tuple(self.reshuffled)))
        players = self.players
        order = self.order
        values = (rules, tuple(players[name][1] for name in order), tuple(self.steps),
                  tuple(order), tuple(players[name][0] for name in order), self.hand_id,
                  self.table, tuple(self.collected.get(name, 0) for name in order), self.rake,
                  None, self.currency,
                  tuple((_field_name(name), value) for name, value in self.fields),
                  _trusted(Source, self.file, header_line))
        if 2 <= len(order) <= 8:
            # every value as the checks would leave it: the reader made them so
            return _trusted(HandRecord, *values)
        try:
            return HandRecord(*values)
        except (TypeError, ValueError) as error:
            raise _Fail(header_line, str(error)) from None

    def _rules(self, variant: Variant, small: int, big: int, ante: int, bring_in: int | None,
               line: int) -> Rules:
        """``Rules(...)`` of the hand, the same object for the same values."""
        try:
            return _cached_rules(variant, small, big, ante, bring_in, **self.options)
        except (TypeError, ValueError) as error:
            raise _Fail(line, f"the rules: {error}") from None

    # ---- the header ------------------------------------------------------------------

    def _header(self, number: int, header: str) -> tuple[Variant, int, int]:
        match = _HEADER.match(header)
        assert match is not None
        self.hand_id = match["id"]
        parts = _DATE.split(match["rest"].strip(), maxsplit=1)
        variant, small, big = self._game(number, parts[0].strip())
        if match["zoom"]:
            self.fields.append(("zoom", True))
        if len(parts) > 1:
            self.fields.append(("date", parts[1].strip()))
        return variant, small, big

    def _game(self, number: int, desc: str) -> tuple[Variant, int, int]:
        """The game and stakes of the header's text (before the date)."""
        club = None
        if desc.startswith("{") and "}" in desc:
            club, desc = desc[1:desc.index("}")], desc[desc.index("}") + 1:].strip()
        game = _STUD_GAME.search(desc)
        if game is None:
            if _OTHER_GAME.search(desc):
                raise _Skip()
            raise _Fail(number, f"unknown game: {desc!r}")
        if game["limit"].lower() not in ("limit", "fixed limit"):
            raise _Fail(number, f"{game['game']} {game['limit']} is not supported (fixed limit "
                                f"only)")
        variant = _VARIANTS[game["game"].lower()]
        before, after = desc[:game.start()], desc[game.end():]
        tournament = _TOURNAMENT.match(before)
        if tournament is not None:
            before = tournament["rest"]
            tokens = before.split()
            buy_in = tokens[:1] if tokens and (re.search(r"\d", tokens[0])
                                               or tokens[0].lower() == "freeroll") else []
            if buy_in and len(tokens) > 1 and re.fullmatch("[A-Z]{3}", tokens[1]):
                buy_in = tokens[:2]
            before = before.strip()[len(" ".join(buy_in)):]
        mix = before.strip().rstrip("(").strip() or None
        stakes = _STAKES.search(after)
        if stakes is None:
            raise _Fail(number, f"no stakes in the header: {desc!r}")
        if tournament is None:
            symbol = stakes["c1"] or stakes["c2"]
            self.currency = stakes["code"] or _CURRENCIES.get(symbol)
            self.cents = self.currency is not None
        small = self._amount(stakes["small"], number)
        big = self._amount(stakes["big"], number)
        self.fields.append(("game", desc))
        if mix:
            self.fields.append(("mix", mix))
        if tournament is not None:
            self.fields.append(("tournament", tournament["tid"]))
            if buy_in:
                self.fields.append(("buy_in", " ".join(buy_in)))
            level = _LEVEL.search(after)
            if level:
                self.fields.append(("level", level["level"]))
            match_round = _ROUND.search(after)
            if match_round:
                self.fields.append(("match_round", match_round["round"]))
        if club is not None:
            self.fields.append(("club", club))
        return variant, small, big

    # ---- one line ------------------------------------------------------------------

    def _line(self, number: int, line: str) -> None:
        if line.startswith("*** "):
            self._section(number, line)
            return
        if ' said, "' in line and _CHAT.match(line):
            return  # chat, from a player at the table or not
        if self.summary:
            self._summary(number, line)
            return
        if self.street == 0 and line.startswith("Table "):
            self._table(number, line)
            return
        if self.street == 0 and line.startswith("Seat "):
            self._seat(number, line)
            return
        if line.startswith("Dealt to "):
            self._dealt(number, line)
            return
        if line == "Hand cancelled":
            raise _Skip(cancelled=True)
        match = _UNCALLED.fullmatch(line) if line.startswith("Uncalled bet (") else None
        if match:
            self._flush(number)
            name = self._known(match["name"], number)
            amount = self._amount(match["a"], number)
            if not 0 < amount <= self.put_in.get(name, 0):
                raise _Fail(number, f"{name} gets back {self._show(amount)} he did not bet")
            self.put_in[name] -= amount
            seat = self.seat_of.get(name)
            if seat is not None:
                self.bets[seat] = self.bets.get(seat, 0) - amount
            return
        match = _COLLECTED.fullmatch(line) if " collected " in line else None
        if match:
            self._flush(number)
            name = self._known(match["name"], number)
            if name not in self.seat_of:
                raise _Fail(number, f"{name} collects but was not dealt in")
            self.collected[name] = self.collected.get(name, 0) + self._amount(match["a"], number)
            return
        if " cashed out " in line and _CASHED_OUT.match(line) \
                and self._who(line, " cashed out ") is not None:
            raise _Fail(number, "a hand cashed out before its end is not supported")
        if line == "The deck is reshuffled":
            # the burn and folded cards go back: only the live hands' stay out
            live = {name for name, seat in self.seat_of.items() if seat not in self.folded}
            self.seen = {card: owner for card, owner in self.seen.items()
                         if owner == "" or owner in live}
            self.reshuffled.append(self.street)
            return
        who = self._who(line, ": ")
        if who is not None:
            self._action(number, *who)
            return
        match = _ACTION_VERB.match(line)
        if match:
            raise _Fail(number, f"an action by {match['name']!r}, who is not at the table")
        # anything else informs only: joins, leaves, is disconnected, has timed
        # out, was removed from the table, Betting is capped, Pair on board ...

    def _section(self, number: int, line: str) -> None:
        match = _STREET.fullmatch(line)
        if match is None:
            raise _Fail(number, f"unknown section {line!r}")
        name = match["name"].lower()
        self._flush(number)
        if name == "summary":
            self.summary = True
            return
        if name == "show down":
            if self.street == 0:
                raise _Fail(number, "a showdown before the deal")
            self.showdown = True
            return
        if name not in _STREET_NUMBERS:
            raise _Fail(number, f"{match['name']!r} is not a stud street")
        street = _STREET_NUMBERS[name]
        if self.showdown or street != (3 if self.street == 0 else self.street + 1):
            raise _Fail(number, f"{match['name']} comes out of order")
        self.street = street
        self.bets = {}
        self.deal_open = True
        if match["card"] is not None:
            if street == 3:
                raise _Fail(number, "a community card on 3rd street")
            cards = self._cards(match["card"], number)
            if len(cards) != 1:
                raise _Fail(number, "a community card is one card")
            self._see(cards[0], "", number)
            self.community.add(street)
            self.steps.append(CommunityDealt(cards[0]))

    def _table(self, number: int, line: str) -> None:
        match = _TABLE.fullmatch(line)
        if match is None:
            raise _Fail(number, f"the table line does not parse: {line!r}")
        self.table = match["name"]
        if match["max"]:
            self.fields.append(("max_seats", int(match["max"])))

    def _seat(self, number: int, line: str) -> None:
        match = _SEAT.fullmatch(line)
        if match is None:
            raise _Fail(number, f"the seat line does not parse: {line!r}")
        name, seat = match["name"], int(match["num"])
        if name in self.players or any(s == seat for s, _ in self.players.values()):
            raise _Fail(number, f"seat {seat} ({name}) is listed twice")
        self.players[name] = (seat, self._amount(match["stack"], number))
        self.names = sorted(self.players, key=len, reverse=True)
        self.colon_names = self.colon_names or ": " in name

    def _dealt(self, number: int, line: str) -> None:
        rest = line[9:]  # (after "Dealt to ")
        # the longest name followed by " [": where " [" is, the last first
        players = self.players
        name = None
        end = rest.rfind(" [")
        while end >= 0:
            if rest[:end] in players:
                name = rest[:end]
                break
            end = rest.rfind(" [", 0, end + 1)
        if name is None:
            raise _Fail(number, f"cards dealt to {rest.split(' [')[0]!r}, who is not at the "
                                f"table")
        if not self.deal_open:
            raise _Fail(number, f"cards dealt to {name} outside the deal of a street")
        match = _BRACKETS.fullmatch(rest[len(name) + 1:])
        if match is None:
            raise _Fail(number, f"the cards dealt to {name} do not parse")
        first = self._cards(match["a"], number)
        second = None if match["b"] is None else self._cards(match["b"], number)
        if name in self.pending:
            raise _Fail(number, f"{name} is dealt twice on one street")
        if self.street == 3:
            if second is not None or len(first) not in (1, 3):
                raise _Fail(number, f"3rd street deals one card face up, or three to the hero: "
                                    f"not {line[len('Dealt to ') + len(name):].strip()}")
            if len(first) == 3:
                if self.hero is not None:
                    raise _Fail(number, f"both {self.hero} and {name} show their down cards")
                self.hero = name
                self.fields.append(("hero", name))
            self.visible[name] = []
            new = list(first)
        else:
            seat = self.seat_of.get(name)
            if seat is None:
                raise _Fail(number, f"{name} is dealt a card but was not dealt in")
            if seat in self.folded:
                raise _Fail(number, f"{name} is dealt a card after folding")
            if list(first) != self.visible[name]:
                raise _Fail(number, f"the cards repeated for {name} ({_text(first)}) are not "
                                    f"the ones dealt before ({_text(self.visible[name])})")
            new = [] if second is None else list(second)
            if len(new) > 1 or (new and self.street in self.community):
                raise _Fail(number, f"{name} is dealt {_text(new)} on {self._street_name()}")
        for card in new:
            self._see(card, name, number)
        self.visible[name] = self.visible[name] + new
        self.pending[name] = new

    def _flush(self, number: int) -> None:
        """The street's Dealt steps, once its Dealt lines are over."""
        if not self.deal_open:
            return
        self.deal_open = False
        pending, self.pending = self.pending, {}
        if self.street == 3:
            if len(pending) < 2:
                raise _Fail(number, "fewer than two players are dealt in")
            self.order = sorted(pending, key=lambda name: self.players[name][0])
            self.seat_of = {name: seat for seat, name in enumerate(self.order)}
            for seat, name in enumerate(self.order):
                cards = pending[name]
                self.steps.append(_dealt_step(seat, tuple(cards) if len(cards) == 3
                                              else (None, None, cards[0])))
            return
        if self.street in self.community:
            return
        for seat, name in enumerate(self.order):
            if seat in self.folded:
                continue
            new = pending.get(name)
            if new:
                self.steps.append(_dealt_step(seat, tuple(new)))
            elif self.street == 7:  # the down card only the hero sees
                self.steps.append(_dealt_step(seat, (None,)))
            else:
                raise _Fail(number, f"no card dealt to {name} on {self._street_name()}")

    def _action(self, number: int, name: str, rest: str) -> None:
        parsed = _PARSED.get(rest)
        if parsed is None:
            parsed = _parse_action(rest)
            if len(_PARSED) >= _CACHE_SIZE:
                _PARSED.clear()
            _PARSED[rest] = parsed
        kind, all_in, match = parsed
        if kind is None:
            raise _Fail(number, f"{name}: unknown action {match['rest']!r}")
        if kind == "info":
            return
        if kind == "ante":
            if self.street != 0:
                raise _Fail(number, f"{name} posts an ante after the deal")
            amount = self._amount(match["a"], number)
            self.put_in[name] = self.put_in.get(name, 0) + amount
            self.antes.append((name, amount, all_in, number))
            return
        if self.street == 0:
            raise _Fail(number, f"{name} acts before the deal")
        if self.deal_open:
            self._flush(number)
        seat = self.seat_of.get(name)
        if seat is None:
            raise _Fail(number, f"{name} acts but was not dealt in")
        if kind in ("show", "muck", "no_show"):
            live = len(self.order) - len(self.folded)
            showdown = seat not in self.folded and live >= 2
            if kind == "show":
                cards = self._cards(match["cards"], number)
                if len(set(cards) | set(self.visible[name])) > 7 - len(self.community):
                    raise _Fail(number, f"{name} shows more cards than he holds")
                for card in cards:
                    self._see(card, name, number, again=True)
                if showdown:
                    self.steps.append(Showed(seat, cards))
                else:
                    self.shown_cards.append((seat, cards))
            elif showdown:
                self.steps.append(Mucked(seat))
            return
        if self.showdown:
            raise _Fail(number, f"{name} bets after the showdown began")
        if seat in self.folded:
            raise _Fail(number, f"{name} acts after folding")
        before = self.bets.get(seat, 0)
        to: int | None = None
        if kind == "fold":
            move = Move.FOLD
            self.folded.add(seat)
        elif kind == "check":
            move = Move.CHECK_CALL
        elif kind == "call":
            move, to = Move.CHECK_CALL, before + self._amount(match["a"], number)
            if self.street == 3 and not self.completed and self.first_call is None:
                self.first_call = to
        elif kind == "bring_in":
            if self.street != 3 or self.bring_in is not None or self.bets:
                raise _Fail(number, f"{name} brings in out of turn")
            move, to = Move.BRING_IN, self._amount(match["a"], number)
            self.bring_in = (to, all_in)
        else:
            move = Move.RAISE
            if kind == "bet":
                to = before + self._amount(match["a"], number)
            else:
                to = self._amount(match["b"], number)
            if to <= max(self.bets.values(), default=0) and not all_in:
                raise _Fail(number, f"{name} raises to {self._show(to)}, not above the bet")
            if self.street == 3:
                self.completed = True
        if to is not None:
            if to < before:
                raise _Fail(number, f"{name}'s bet goes down to {self._show(to)}")
            self.put_in[name] = self.put_in.get(name, 0) + to - before
            self.bets[seat] = to
        key = (seat, move, to)
        step = _ACTED.get(key)
        if step is None:
            if len(_ACTED) >= _CACHE_SIZE:
                _ACTED.clear()
            step = _ACTED[key] = _trusted(Acted, seat, move, to)
        self.steps.append(step)

    def _summary(self, number: int, line: str) -> None:
        if line.startswith("Total pot "):
            match = _TOTAL.fullmatch(line)
            if match is None:
                raise _Fail(number, f"the total pot line does not parse: {line!r}")
            self.total = self._amount(match["total"], number)
            self.rake = self._amount(match["rake"], number)
            self.total_line = number
            self.pots = tuple(self._amount(a, number)
                              for a in _POT_PART.findall(match["pots"]))
            more = match["more"].strip(" |")
            if more:
                self.fields.append(("summary", more))
            return
        if " mucked [" not in line:
            return  # (nothing else of the summary is read)
        match = _SUMMARY_SEAT.fullmatch(line)
        if match is None:
            return  # "Board [..]" and the like
        name = next((n for n, (s, _) in self.players.items() if s == int(match["num"])), None)
        mucked = _MUCKED.search(match["rest"])
        if name is None or mucked is None:
            return
        seat = self.seat_of.get(name)
        if seat is None:
            raise _Fail(number, f"{name} mucks but was not dealt in")
        cards = self._cards(mucked[1], number)
        for card in cards:
            self._see(card, name, number, again=True)
        self.mucked_cards.append((seat, cards))

    # ---- small parts --------------------------------------------------------------

    def _who(self, line: str, separator: str) -> tuple[str, str] | None:
        if separator == ": " and not self.colon_names:
            # the name ends where ": " first does when no name holds ": "
            end = line.find(": ")
            if end >= 0 and line[:end] in self.players:
                return line[:end], line[end + 2:]
            return None
        for name in self.names:
            if line.startswith(name) and line.startswith(separator, len(name)):
                return name, line[len(name) + len(separator):]
        return None

    def _known(self, name: str, number: int) -> str:
        if name not in self.players:
            raise _Fail(number, f"{name!r} is not at the table")
        return name

    def _amount(self, text: str, number: int) -> int:
        key = (text, self.currency)
        value = _AMOUNTS.get(key)
        if value is None:
            value = self._read_amount(text, number)
            if len(_AMOUNTS) >= _CACHE_SIZE:
                _AMOUNTS.clear()
            _AMOUNTS[key] = value
        return value

    def _read_amount(self, text: str, number: int) -> int:
        match = _AMOUNT.fullmatch(text)
        if match is None:
            raise _Fail(number, f"the amount {text!r} does not parse")
        symbol, frac = match["sym"], match["frac"] or ""
        if symbol and _CURRENCIES[symbol] != self.currency:
            raise _Fail(number, f"the amount {text!r} is not in the hand's "
                                f"{self.currency or 'chips'}")
        value = int(match["whole"].replace(",", ""))
        if self.cents:
            if frac[2:].strip("0"):
                raise _Fail(number, f"the amount {text!r} is finer than a cent")
            value = value * 100 + int(frac[:2].ljust(2, "0"))
        elif frac.strip("0"):
            raise _Fail(number, f"the amount {text!r} is not a whole number of chips")
        if value >= 1 << 31:
            raise _Fail(number, f"the amount {text!r} is too large")
        return value

    def _cards(self, text: str, number: int) -> tuple[Card, ...]:
        cards = []
        for word in text.split():
            card = _CARDS.get(word)
            if card is None:
                try:
                    card = Card(word)
                except ValueError:
                    raise _Fail(number, f"{word!r} is not a card") from None
            cards.append(card)
        if not cards:
            raise _Fail(number, "no cards between the brackets")
        return tuple(cards)

    def _see(self, card: Card, owner: str, number: int, again: bool = False) -> None:
        """Note a card, refusing one seen elsewhere (or twice, unless ``again``)."""
        previous = self.seen.get(card)
        if previous is None:
            self.seen[card] = owner
        elif previous != owner or not again:
            where = "the community card" if previous == "" else f"{previous}'s"
            raise _Fail(number, f"{card} is seen twice in the hand (it is {where})")

    def _show(self, amount: int) -> str:
        if not self.cents:
            return str(amount)
        symbol = next((s for s, c in _CURRENCIES.items() if c == self.currency), "")
        return f"{symbol}{amount // 100}.{amount % 100:02d}"

    def _street_name(self) -> str:
        return "7th street" if self.street == 7 else f"{self.street}th street"


def _text(cards: Iterable[Card]) -> str:
    return "[" + " ".join(str(card) for card in cards) + "]"
