"""Bovada's (and Bodog's, Ignition's) text hand histories (``bovada``).

The tables are anonymous: players are named by their seat (``Seat+3``),
the file's owner marked ``[ME]``, and after the hand the site writes every
player's cards, so a file names all the cards dealt::

    Bovada Hand #3391385925 TBL#12345 7CARD Fixed Limit - 2016-03-14 12:00:00
    Seat+1: $20 in chips
    Seat+3 [ME]: $18.40 in chips
    Dealer : Set dealer/Bring in spot [1]
    Seat+1 : Ante chip $0.10
    Seat+3 [ME] : Ante chip $0.10
    *** 3RD STREET ***
    Seat+1 : Card dealt to a spot [4c 8d 2h]
    Seat+3 [ME] : Card dealt to a spot [Ah Kd Qs]
    Seat+1 : Bring_in chip $0.25
    Seat+3 [ME] : Bets $1
    Seat+1 : Calls $0.75
    *** 4TH STREET ***
    ...
    Seat+3 [ME] : Return uncalled portion of bet $2
    Seat+3 [ME] : Hand result $5.20
    *** SUMMARY ***
    Total Pot($5.40)

Games: ``7CARD`` (Seven Card Stud) and ``7CARD HiLo`` (``7CARD_HL``);
other games (hold'em, omaha) are passed over and counted.  Cash amounts
are dollars with the sign before them; tournaments (``7CARD Tournament
#2194767 TBL#1, Fixed Limit - Level 3 (100/200)``) are chips.

The format's ways:

- The header gives no stakes at cash tables: the small and big bets are
  taken from the hand's bets (the completion or a 4th street opening bet
  for the small bet, a 5th-7th street opening bet or the open pair's
  double bet for the big bet, the one twice the other where only one
  shows; failing those, the size of a full raise over the last full bet
  or over a short all-in of half a bet or more; failing all, twice the
  bring-in: the field ``_stakes_from`` says which).
- ``Bets`` names the round's new total (on 3rd street: the completion),
  ``Double bets`` the open pair's double bet on 4th street, ``Raises $A to
  $B`` and ``All-in(raise) $A to $B`` the total ``$B``; ``Calls`` and
  ``All-in`` name the chips they add.  ``(timeout)`` after a verb changes
  nothing.  A line repeated word for word right after itself is written
  once too often by the site: read once.
- Uncalled bets come back on their own line (``Return uncalled portion of
  bet``); ``Hand result`` (``Hand result-Side pot``) gives what a player
  collected, one line per pot or half.
- At the showdown ``Showdown [..]`` shows a hand; ``Does not show [..]``
  and ``Mucks`` give it up (the cards are written all the same).
- Players who only sit (``Seat sit out``, no ante, no cards) are not in
  the hand; ``Table enter user``, ``Table leave user``, ``Seat stand``,
  ``Seat re-join`` and the dealer line inform only.

What the files never say: the stakes of cash tables (above) and the rake:
``Total Pot`` is what was put in, the collections are less the rake, and
replay derives the rake (``rake`` is left 0).

The profile (docs/rules.md 11.3): bring-in ties go by suit; Seven Card
Stud deals the open pair's double bet on 4th street (the rule book's
default, ``open_pair_double``).
"""

from __future__ import annotations

import re
from typing import Any

from ...enums import Variant
from ..record import HandRecord
from . import SiteFormat
from ._stud_text import Fail, SiteHand, Skip, TextReader, first_line_is, parse_cards

__all__ = ["FORMAT", "BovadaReader"]

PROFILE: dict[str, Any] = {"bring_in_tiebreak": "suit",
                           "open_pair_double": {Variant.SEVEN_CARD_STUD: True}}

_HEADER = re.compile(r"(?:Bovada|Bodog(?:\.com|\.eu| UK| Canada|88)?|Ignition) Hand "
                     r"#C?(?P<id>\d+):?\s+(?P<rest>.*)")
_GAME = re.compile(r"(?:TBL#(?P<table>\S+)\s+)?(?P<game>7CARD HiLo|7CARD_HL|7CARD)\s+"
                   r"(?:Tournament #(?:M-)?(?P<tid>\d+) TBL#(?P<ttable>\d+),\s*)?"
                   r"(?P<limit>Fixed Limit|No Limit|Pot Limit)?(?P<rest>.*)")
_LEVEL = re.compile(r"Level (?P<level>\d+)\s*\((?P<stakes>[^)]*)\)")
_OTHER_GAME = re.compile(r"HOLDEM|OMAHA|Hold'?em|Omaha|DRAW|5CARD", re.I)
_VARIANTS = {"7CARD": Variant.SEVEN_CARD_STUD, "7CARD HiLo": Variant.SEVEN_CARD_STUD_HILO,
             "7CARD_HL": Variant.SEVEN_CARD_STUD_HILO}
_SEAT = re.compile(r"(?:Seat (?P<num2>\d+): )?(?P<name>Seat\+(?P<num>\d+))(?P<me> ?\[ME\])?:? "
                   r"\(?(?P<stack>[$]?[\d,]+(?:\.\d+)?) in chips\)?.*")
_WHO = re.compile(r"(?P<name>Seat\+\d+|Dealer)(?P<me>\s*\[ME\])? : (?P<rest>.*)")
_STREETS = {"3RD STREET": 3, "4TH STREET": 4, "5TH STREET": 5, "6TH STREET": 6,
            "7TH STREET": 7, "RIVER": 7}
_SECTION = re.compile(r"\*\*\* (?P<name>[^*]+?) \*\*\*(?: \[(?P<card>[^\]]*)\])?")
_AMOUNT = r"[$]?[\d,]+(?:\.\d+)?"
_VERBS: list[tuple[str, re.Pattern[str]]] = [
    ("ante", re.compile(rf"Ante chip (?P<a>{_AMOUNT})")),
    ("bring_in", re.compile(rf"(?:Bring_in chip|Bring in|Big blind/Bring in) (?P<a>{_AMOUNT})")),
    ("bet", re.compile(rf"(?:Bets|bets) (?P<a>{_AMOUNT})")),
    ("double", re.compile(rf"Double bets (?P<a>{_AMOUNT})")),
    ("raise", re.compile(rf"(?:Raises|raises|All-in\(raise\)) (?P<a>{_AMOUNT}) to "
                         rf"(?P<b>{_AMOUNT})")),
    ("call", re.compile(rf"Calls? (?P<a>{_AMOUNT})")),
    ("all_in", re.compile(rf"All-in (?P<a>{_AMOUNT})")),
    ("check", re.compile(r"Checks")),
    ("fold", re.compile(r"Folds?")),
    ("dealt", re.compile(r"Card dealt to a spot \[(?P<cards>[^\]]*)\]")),
    ("returned", re.compile(rf"Return uncalled portion of bet (?P<a>{_AMOUNT})")),
    ("result", re.compile(rf"Hand (?:R|r)esult(?:-Side (?:P|p)ot)? (?P<a>{_AMOUNT})")),
    ("show", re.compile(r"Showdown(?:\([^)]*\))? \[(?P<cards>[^\]]*)\](?: .*)?")),
    ("muck", re.compile(r"(?:Does not show|Mucks)(?: \[(?P<cards>[^\]]*)\])?(?: .*)?")),
]
#: the first words of the lines above: such a line that does not parse is damaged
_VERB_WORDS = {"Ante", "Bring_in", "Bring", "Big", "Bets", "bets", "Double", "Raises", "raises",
               "All-in", "Calls", "Call", "Checks", "Fold", "Folds", "Card", "Return", "Hand",
               "Showdown", "Does", "Mucks"}
_TOTAL = re.compile(rf"Total Pot\s*\((?P<a>{_AMOUNT})\)")


def detect(head: str) -> bool:
    """A file whose first line that says something is a Bovada, Bodog or
    Ignition header.

    >>> detect("Bovada Hand #1 TBL#2 7CARD Fixed Limit - 2016-03-14 12:00:00")
    True
    >>> detect("Full Tilt Poker Game #1: Table T - 1/2 - Limit Razz - 1:00:00 ET - 2010/01/01")
    False
    """
    return first_line_is(head, _HEADER)


class _Hand(SiteHand):
    def __init__(self, reader: TextReader, lines: list[tuple[int, str]]) -> None:
        super().__init__(reader, lines)
        self.b.all_cards = True
        self.summary = False
        self.total: int | None = None
        self.previous = ""
        self.small: int | None = None  # the bets as the hand shows them
        self.big: int | None = None
        self.double: int | None = None  # an open pair's double bet
        self.level = 0  # the last full bet's total in this round
        self.short = 0  # an all-in above it
        self.level_street = 0
        self.weak_small: int | None = None  # the bets as raises show them
        self.weak_big: int | None = None

    def parse(self) -> HandRecord:
        number, header = self.lines[0]
        variant = self._header(number, header)
        for number, line in self.lines[1:]:
            self._line(number, line)
        last = self.lines[-1][0]
        b = self.b
        if not self.summary:
            raise Fail(last, "the hand ends before its summary (the file is cut short?)")
        put_in = sum(b.put_in.values())
        if self.total is None:
            raise Fail(last, "the summary has no 'Total Pot' line")
        if self.total != put_in:
            raise Fail(last, f"the total pot, {self.total}, is not what was put in, {put_in}")
        if sum(b.collected.values()) > put_in:
            raise Fail(last, "the players collect more than the pot")
        # opening bets and completions say the bets; raises only where those
        # are missing (fixed limit: the big bet twice the small)
        small, big = self.small, self.big or self.double
        how = "the bets"
        if small is None and big is not None:
            small, how = big // 2, "the big bet"
        elif big is None and small is not None:
            big, how = 2 * small, "the small bet"
        elif small is None:
            if self.weak_small is not None:
                small, big, how = self.weak_small, 2 * self.weak_small, "a raise"
            elif self.weak_big is not None:
                small, big, how = self.weak_big // 2, self.weak_big, "a raise"
            else:
                bring_in = b.bring_in[0] if b.bring_in else max(b.put_in.values(), default=2)
                small = max(2 * bring_in, 1)
                big = 2 * small
                how = "twice the bring-in (no bet shows them)"
        assert small is not None and big is not None
        b.fields.append(("stakes_from", how))
        return b.record(variant, small, big, last)

    def _header(self, number: int, header: str) -> Variant:
        b = self.b
        match = _HEADER.match(header)
        assert match is not None
        b.hand_id = match["id"]
        game = _GAME.match(match["rest"])
        if game is None:
            if _OTHER_GAME.search(match["rest"]):
                raise Skip()
            raise Fail(number, f"unknown game: {match['rest']!r}")
        if game["limit"] not in (None, "Fixed Limit"):
            raise Fail(number, f"{game['game']} {game['limit']} is not supported (fixed limit "
                               f"only)")
        variant = _VARIANTS[game["game"]]
        rest = game["rest"]
        if game["tid"]:
            b.table = game["ttable"]
            b.fields.append(("tournament", game["tid"]))
            level = _LEVEL.search(rest)
            if level:
                b.fields.append(("level", level["level"]))
                b.fields.append(("level_stakes", level["stakes"]))
        else:
            b.table = game["table"]
            b.currency = "USD"
        b.fields.append(("game", game["game"]))
        date = rest.rsplit(" - ", 1)
        if len(date) == 2:
            b.fields.append(("date", date[1].strip()))
        return variant

    def _line(self, number: int, line: str) -> None:
        b = self.b
        if line.startswith("*** "):
            self._section(number, line)
            return
        if self.summary:
            match = _TOTAL.match(line)
            if match:
                self.total = b.amount(match["a"], number)
            return
        if line.startswith("Seat") and not line.startswith("Seat+") or (
                b.street == 0 and " in chips" in line):
            match = _SEAT.fullmatch(line)
            if match is None:
                raise Fail(number, f"the seat line does not parse: {line!r}")
            if b.street == 0:
                b.seat(number, int(match["num"]), match["name"],
                       b.amount(match["stack"], number))
                if match["me"]:
                    b.fields.append(("me", match["name"]))
            return
        who = _WHO.fullmatch(line)
        if who is None:
            return  # a line that only informs
        if line == self.previous:
            return  # the site wrote the line twice
        self.previous = line
        name, rest = who["name"], who["rest"].replace("(timeout)", "").strip()
        if name == "Dealer":
            return  # Set dealer/Bring in spot [N]
        for kind, pattern in _VERBS:
            match = pattern.fullmatch(rest)
            if match is not None:
                self._action(number, name, kind, match.groupdict())
                return
        if rest.split(" ", 1)[0].split("(", 1)[0] in _VERB_WORDS:
            raise Fail(number, f"{name}: the line does not parse: {rest!r}")
        # Seat sit out, Table enter user, Seat stand, chat ...

    def _section(self, number: int, line: str) -> None:
        b = self.b
        match = _SECTION.fullmatch(line)
        if match is None:
            raise Fail(number, f"unknown section {line!r}")
        name = match["name"].upper()
        if name == "SUMMARY":
            b.flush(number)
            self.summary = True
            return
        if name in ("SHOW DOWN", "SHOWDOWN"):
            b.flush(number)
            return
        street = _STREETS.get(name)
        if street is None:
            raise Fail(number, f"{match['name']!r} is not a stud street")
        card = None
        if match["card"]:
            cards = parse_cards(match["card"], number)
            if len(cards) != 1:
                raise Fail(number, "a community card is one card")
            card = cards[0]
        b.start_street(number, street, card)

    def _action(self, number: int, name: str, kind: str, groups: dict[str, Any]) -> None:
        b = self.b
        amount = b.amount(groups["a"], number) if groups.get("a") else None
        if kind == "ante":
            assert amount is not None
            b.ante(number, name, amount, amount >= b.players.get(name, (0, amount + 1))[1])
        elif kind == "dealt":
            cards = parse_cards(groups["cards"], number)
            self._dealt(number, name, cards)
        elif kind == "returned":
            assert amount is not None
            b.returned(number, name, amount)
        elif kind == "result":
            assert amount is not None
            b.collect(number, name, amount)
        elif kind == "show":
            b.show(number, name, parse_cards(groups["cards"], number))
        elif kind == "muck":
            cards = parse_cards(groups["cards"], number) if groups.get("cards") else ()
            b.muck(number, name)
            if cards:
                self._reveal(number, name, cards)
        elif kind in ("check", "fold"):
            b.act(number, name, kind)
        else:
            self._bet(number, name, kind, amount, groups)

    def _dealt(self, number: int, name: str, cards: tuple[Any, ...]) -> None:
        """A ``Card dealt to a spot`` line: 3 cards on 3rd street, then the
        street's card (or, on some lines, every card so far: the last is the
        new one)."""
        b = self.b
        if b.street == 0 or not b.deal_open:
            # the cards written again after the hand: a reveal
            self._reveal(number, name, cards)
            return
        if b.street == 3:
            b.dealt(number, name, cards)
        else:
            b.dealt(number, name, cards[-1:], cards[:-1])

    def _reveal(self, number: int, name: str, cards: tuple[Any, ...]) -> None:
        for card in cards:
            self.b.see(card, name, number, again=True)

    def _bet(self, number: int, name: str, kind: str, amount: int | None,
             groups: dict[str, Any]) -> None:
        b = self.b
        assert amount is not None
        seat = b.seat_of.get(name)
        before = b.bets.get(seat, 0) if seat is not None else 0
        faced = max(b.bets.values(), default=0)
        stack = b.players.get(name, (0, 0))[1] - b.put_in.get(name, 0)
        if kind == "bring_in":
            b.act(number, name, "bring_in", amount, amount >= stack)
            return
        if kind == "call":
            b.act(number, name, "call", amount, amount >= stack, added=True)
            return
        if b.street != self.level_street:  # a new round: no full bet in it yet
            self.level, self.short, self.level_street = 0, 0, b.street
        if kind == "all_in":
            to = before + amount
            if to > faced:
                self.short = to
            b.act(number, name, "raise" if to > faced else "call", to, True)
            return
        if kind in ("bet", "double"):
            to = amount
            all_in = to - before >= stack
            if not all_in:
                if kind == "double":
                    self.double = self.double or to
                elif b.street == 3 or (b.street == 4 and not faced):
                    self.small = self.small or to  # a completion, an opening bet
                elif b.street >= 5 and not faced:
                    self.big = self.big or to
                self.level, self.short = to, 0
            elif to > faced:
                self.short = to
            b.act(number, name, "complete" if b.street == 3 else "bet", to, all_in)
            return
        to = b.amount(groups["b"], number)
        all_in = to - before >= stack
        if not all_in:
            # the raise's size over the last full bet, or over a short all-in
            # of half a bet or more (which re-opens the betting: docs/rules.md 6)
            size = to - self.level
            if self.short > self.level and 2 * (self.short - self.level) >= to - self.short:
                size = to - self.short
            if b.street == 3 and not b.completed:
                self.small = self.small or to  # a completion written as a raise
            elif b.street == 3:
                self.weak_small = self.weak_small or size
            elif b.street >= 5:
                self.weak_big = self.weak_big or size
            self.level, self.short = to, 0
        elif to > faced:
            self.short = to
        b.act(number, name, "raise", to, all_in)


class BovadaReader(TextReader):
    """The hands of one Bovada file (see the module)."""

    format = "bovada"

    header = _HEADER
    header_starts = "BIbi"
    hand = _Hand


def _reader(file: str | None = None, profile: dict[str, Any] | None = None) -> BovadaReader:
    return BovadaReader(file=file, profile=PROFILE if profile is None else profile)


FORMAT = SiteFormat("bovada", "Bovada / Bodog", detect, _reader, PROFILE)
