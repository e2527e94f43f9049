"""The text of a PokerStars hand history as ``pokerstars`` reads it: the
patterns of its lines, the names it gives games, streets and currencies,
the small helpers that read an action or name a field, and what reading
keeps from hand to hand (cards, amounts and steps already read)."""

from __future__ import annotations

import re
from typing import Any, Union

from .._core import Card
from ..enums import Variant
from .record import Acted, Dealt, Move, _trusted

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
#: a fee the summary names after the rake ("| Jackpot $0.01"): rake too (11.3)
_FEE = re.compile(r"(?:^|\| )(?:[A-Za-z ]*(?:Jackpot|Fee|jackpot|fee)) (?P<amount>[$€£]?[\d.,]+)")
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
