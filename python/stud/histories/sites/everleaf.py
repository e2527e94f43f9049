"""Everleaf Gaming's text hand histories (``everleaf``).

A hand begins with its banner (an ``Everleaf Gaming Game #N`` line may
come first) and runs to its ``wins`` lines::

    ***** Hand history for game #75065769 *****
    $0.25/$0.50 7 Card Stud - 2008/12/05 - 21:43:59
    Table Sheffield
    Seat 1: ann ( $ 10.50 USD )
    Seat 3: bob ( $ 5 USD )
    ann: posts ante [$ 0.05 USD]
    bob: posts ante [$ 0.05 USD]
    ** Dealing down cards **
    Dealt to ann [ 2c, 5h, 7d ]
    Dealt to bob [ Kh ]
    ann posts bring-in $0.10.
    bob completes to $0.25.
    ann: calls [$ 0.15 USD]
    **** dealing 4th street ****
    Dealt to ann [ 9s ]
    Dealt to bob [ Kc ]
    bob: bets [$ 0.50 USD]
    ann: folds
    bob wins $ 0.60 USD from main pot

The header's stakes are the small and big bets (``$0.25/$0.50``; in
euros ``€``; tournament chips without a sign); the game is ``7 Card
Stud`` (``Razz`` and ``7 Card Stud Hi/Lo`` are read too); hold'em and
omaha hands are passed over and counted.

The format's ways:

- Amounts in brackets carry a sign and a currency word (``[$ 0.15
  USD]``, ``[€ 2 EUR]``, ``[ 40 Chips]``); the bring-in and completion
  lines end with a full stop (``posts bring-in $0.10.``).
- ``calls`` names the chips added, ``raises`` the raise over the bet (the
  raise *by*), ``bets`` the bet, ``completes to`` the new total.
- Cards are written ``[ 2c, 5h ]``.  Each street's ``Dealt to`` lines give
  the cards a player is dealt that street as the file's owner saw them:
  three on 3rd street for the owner, the up card for the others (hidden
  cards may be written ``xx``), the up card on 4th-6th street, and on
  7th street only the owner's card.  The public material we read does
  not describe the stud card lines beyond hold'em's ``Dealt to NAME [
  .. ]``: this is the shape this reader takes.
- No uncalled bet is written and no total pot: a ``wins`` line (``wins $
  0.60 USD from main pot``, ``wins high``, ``wins low``, ``from side pot
  #1``) gives what was collected, the uncalled part left out; the rake is
  never stated (replay derives it).
- ``shows [ .. ]`` shows a hand at the showdown; ``mucks [ .. ]`` and
  ``does not show cards`` give it up (the first naming the cards).

What the files never say: the rake, the total pot, uncalled bets, the
table size.  A hand cut off before its ``wins`` lines is reported, never
read.

The profile (docs/rules.md 11.3): Seven Card Stud deals the open pair's
double bet on 4th street (``open_pair_double``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any, Union

from ...enums import Variant
from ..errors import HistoryError
from ..record import HandRecord
from . import SiteFormat
from ._stud_text import Fail, SiteHand, Skip, TextReader, parse_cards

__all__ = ["FORMAT", "EverleafReader"]

PROFILE: dict[str, Any] = {"open_pair_double": {Variant.SEVEN_CARD_STUD: True}}

_BANNER = re.compile(r"\*{5} Hand history for game #(?P<id>\d+) \*{5}")
_GAMING = re.compile(r"Everleaf Gaming Game #(?P<id>\d+)")
_GAME = re.compile(r"(?:Blinds )?(?P<small>[$€]?\s?[\d,]+(?:\.\d+)?) ?/ ?(?P<big>[$€]?\s?"
                   r"[\d,]+(?:\.\d+)?) (?P<limit>NL |PL )?(?P<game>7 Card Stud Hi/Lo|"
                   r"7 Card Stud|Razz|Hold'em|Omaha Hi/Lo|Omaha)(?P<rest>.*)")
_VARIANTS = {"7 Card Stud": Variant.SEVEN_CARD_STUD,
             "7 Card Stud Hi/Lo": Variant.SEVEN_CARD_STUD_HILO, "Razz": Variant.RAZZ}
_SEAT = re.compile(r"Seat (?P<num>\d+): (?P<name>.+?)\s+\(\s*(?P<stack>[$€]?\s?[\d,]+"
                   r"(?:\.\d+)?)(?:\s+(?:USD|EURO|EUR|Chips|GEL))?\s*\)(?P<rest>.*)")
_STREETS = {"** Dealing down cards **": 3, "**** dealing 4th street ****": 4,
            "**** dealing 5th street ****": 5, "**** dealing 6th street ****": 6,
            "**** dealing river ****": 7, "**** dealing 7th street ****": 7}
_BRACKET = r"\[\s*(?P<sym>[$€]?)\s*(?P<a>[\d,]+(?:\.\d+)?)\s*(?:USD|EURO|EUR|Chips|GEL)?\s*\]"
_COLON_ACTIONS = [
    ("ante", re.compile(rf"posts ante {_BRACKET}")),
    ("call", re.compile(rf"calls {_BRACKET}")),
    ("raise", re.compile(rf"raises {_BRACKET}")),
    ("bet", re.compile(rf"bets {_BRACKET}")),
    ("check", re.compile(r"checks")),
    ("fold", re.compile(r"folds")),
]
_AMOUNT = r"(?P<sym>[$€]?)\s?(?P<a>[\d,]+(?:\.\d+)?)(?:\s?(?:USD|EURO|EUR|Chips|GEL))?"
_BRING_IN = re.compile(rf"posts bring-in\s+{_AMOUNT}\.?")
_COMPLETE = re.compile(rf"completes to\s+{_AMOUNT}\.?")
_DEALT = re.compile(r"Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]")
_SHOW = re.compile(r"(?P<verb>shows|mucks) \[(?P<cards>[^\]]*)\](?: .*)?")
_WINS = re.compile(rf"wins (?:(?:high|low) )?\(?\s?{_AMOUNT}\s?\)?(?: from .*)?")
_HIDDEN = {"xx", "XX", "??", "x", "X"}


def detect(head: str) -> bool:
    """A file whose first line that says something is an Everleaf banner.

    >>> detect("***** Hand history for game #75065769 *****")
    True
    >>> detect("Everleaf Gaming Game #75065769\\n***** Hand history for game #75065769 *****")
    True
    >>> detect("PokerStars Hand #1: Razz Limit (1/2) - 2010/01/01 1:00:00 ET")
    False
    """
    lines = head.lstrip("#").split("\n", 2)
    first = lines[0].strip()
    if _GAMING.fullmatch(first):
        return len(lines) > 1 and _BANNER.fullmatch(lines[1].strip()) is not None
    return _BANNER.fullmatch(first) is not None


class _Hand(SiteHand):
    def __init__(self, reader: TextReader, lines: list[tuple[int, str]]) -> None:
        super().__init__(reader, lines)
        self.names: list[str] = []

    def parse(self) -> HandRecord:
        b = self.b
        number, header = self.lines[0]
        match = _BANNER.fullmatch(header)
        assert match is not None
        b.hand_id = match["id"]
        if len(self.lines) < 2:
            raise Fail(number, "the hand ends after its banner")
        variant, small, big = self._game(*self.lines[1])
        for number, line in self.lines[2:]:
            self._line(number, line)
        last = self.lines[-1][0]
        if not b.collected:
            raise Fail(last, "the hand ends before anyone wins the pot (the file is cut short?)")
        return b.record(variant, small, big, last)

    def _game(self, number: int, line: str) -> tuple[Variant, int, int]:
        b = self.b
        game = _GAME.fullmatch(line)
        if game is None:
            raise Fail(number, f"the game line does not parse: {line!r}")
        if game["game"] not in _VARIANTS:
            raise Skip()
        if game["limit"]:
            raise Fail(number, f"{game['limit'].strip()} {game['game']} is not supported "
                               f"(fixed limit only)")
        sign = (game["small"] + game["big"])
        b.currency = "USD" if "$" in sign else "EUR" if "€" in sign else None
        small = b.amount(game["small"].replace(" ", ""), number)
        big = b.amount(game["big"].replace(" ", ""), number)
        b.fields.append(("game", game["game"]))
        date = game["rest"].strip(" -")
        if date:
            b.fields.append(("date", date))
        return _VARIANTS[game["game"]], small, big

    def _money(self, sym: str, text: str, number: int) -> int:
        return self.b.amount(sym + text, number)

    def _line(self, number: int, line: str) -> None:
        b = self.b
        street = _STREETS.get(line)
        if street is not None:
            b.start_street(number, street)
            return
        if line.startswith("Table ") and b.table is None and b.street == 0:
            b.table = line[6:].strip()
            return
        if line.startswith("Seat ") and b.street == 0:
            if line.endswith(" is the button"):
                return
            match = _SEAT.fullmatch(line)
            if match is None:
                raise Fail(number, f"the seat line does not parse: {line!r}")
            b.seat(number, int(match["num"]), match["name"],
                   b.amount(match["stack"].replace(" ", ""), number))
            self.names = sorted(b.players, key=len, reverse=True)
            return
        if line.startswith("Dealt to "):
            self._dealt(number, line)
            return
        who = self._who(line)
        if who is None:
            return  # Total number of players, joins, chat ...
        name, colon, rest = who
        if colon:
            for kind, pattern in _COLON_ACTIONS:
                match = pattern.fullmatch(rest)
                if match is not None:
                    self._act(number, name, kind, match)
                    return
            if rest.split(" ", 1)[0] in ("posts", "calls", "raises", "bets", "checks", "folds"):
                raise Fail(number, f"{name}: the line does not parse: {rest!r}")
            return  # chat
        if rest.startswith("posts bring-in"):
            match = _BRING_IN.fullmatch(rest)
            if match is None:
                raise Fail(number, f"{name}: the bring-in does not parse: {rest!r}")
            b.act(number, name, "bring_in", self._money(match["sym"], match["a"], number))
        elif rest.startswith("completes to"):
            match = _COMPLETE.fullmatch(rest)
            if match is None:
                raise Fail(number, f"{name}: the completion does not parse: {rest!r}")
            b.act(number, name, "complete", self._money(match["sym"], match["a"], number),
                  self._all_in(name, self._money(match["sym"], match["a"], number), False))
        elif rest.startswith(("shows [", "mucks [")):
            match = _SHOW.fullmatch(rest)
            if match is None:
                raise Fail(number, f"{name}: the cards do not parse: {rest!r}")
            cards = self._cards(match["cards"], number)
            if match["verb"] == "shows":
                b.show(number, name, cards)
            else:
                b.muck(number, name, cards)
        elif rest.startswith("does not show"):
            b.muck(number, name)
        elif rest.startswith("wins "):
            match = _WINS.fullmatch(rest)
            if match is None:
                raise Fail(number, f"what {name} wins does not parse: {rest!r}")
            b.collect(number, name, self._money(match["sym"], match["a"], number))

    def _who(self, line: str) -> tuple[str, bool, str] | None:
        for name in self.names:
            if line.startswith(name):
                after = line[len(name):len(name) + 2]
                if after == ": ":
                    return name, True, line[len(name) + 2:]
                if after[:1] == " ":
                    return name, False, line[len(name) + 1:]
        return None

    def _all_in(self, name: str, to: int, added: bool) -> bool:
        b = self.b
        seat = b.seat_of.get(name)
        before = b.bets.get(seat, 0) if seat is not None else 0
        chips = to if added else to - before
        return chips >= b.players[name][1] - b.put_in.get(name, 0)

    def _act(self, number: int, name: str, kind: str, match: re.Match[str]) -> None:
        b = self.b
        if kind in ("check", "fold"):
            b.act(number, name, kind)
            return
        amount = self._money(match["sym"], match["a"], number)
        if kind == "ante":
            b.ante(number, name, amount, amount >= b.players.get(name, (0, 0))[1])
        elif kind == "call":
            b.act(number, name, "call", amount, self._all_in(name, amount, True), added=True)
        elif kind == "bet":
            b.act(number, name, "bet", amount, self._all_in(name, amount, True), added=True)
        else:  # raises: by how much over the bet faced
            faced = max(b.bets.values(), default=0)
            to = faced + amount
            b.act(number, name, "raise", to, self._all_in(name, to, False))

    def _cards(self, text: str, number: int) -> tuple[Any, ...]:
        words = [word.strip() for word in text.split(",") if word.strip()]
        return parse_cards(" ".join(w for w in words if w not in _HIDDEN), number)

    def _dealt(self, number: int, line: str) -> None:
        b = self.b
        name, after = self.dealt_to(number, line, self.names)
        match = _DEALT.fullmatch("Dealt to x" + after)
        if match is None:
            raise Fail(number, f"the cards dealt to {name} do not parse")
        b.dealt(number, name, self._cards(match["cards"], number))


class EverleafReader(TextReader):
    """The hands of one Everleaf file (see the module)."""

    format = "everleaf"
    hand = _Hand

    def is_header(self, line: str) -> bool:
        return line[:1] == "*" and _BANNER.fullmatch(line) is not None

    def hand_id(self, header: str) -> str | None:
        match = _BANNER.fullmatch(header)
        return match["id"] if match else None

    def read(self, lines: Iterable[str]) -> Iterator[Union[HandRecord, HistoryError]]:
        # the "Everleaf Gaming Game #N" line before a banner is read as blank
        # (the line numbers stay those of the file)
        return super().read("" if line.startswith("Everleaf Gaming Game #") else line
                            for line in lines)


def _reader(file: str | None = None, profile: dict[str, Any] | None = None) -> EverleafReader:
    return EverleafReader(file=file, profile=PROFILE if profile is None else profile)


FORMAT = SiteFormat("everleaf", "Everleaf", detect, _reader, PROFILE)
