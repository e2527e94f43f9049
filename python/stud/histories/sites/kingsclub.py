"""KingsClub text hand histories of the stud games: Seven Card Stud, Seven
Card Stud Hi-Lo, Razz and 2-7 Razz (``stud.Variant.DEUCE_TO_SEVEN_RAZZ``).

A hand::

    #987654321: Limit Seven Card Stud - $0.10/$0.20 - 2021-03-04 05:06:07
    Table 'Rio' 8-max
    Seat 1: ann ($5.00)
    ann: posts ante $0.02
    *** 3RD STREET ***
    Dealt to ann: [As Kd 2c]            (X for a card not seen: [X X 9h])
    bob brings in for $0.05
    ann raises $0.05 to $0.10
    *** 4TH STREET ***
    Dealt to ann: [As Kd 2c] [5s]       (the cards before, then the new one)
    ...
    Uncalled bet ($0.10) returned to ann
    ann shows [As Kd 2c 5s 6d 7h 8c]
    ann wins ($0.38) from pot
    *** SUMMARY ***
    Rake 0.02

The header begins with ``#`` and the hand number; cash amounts carry a
currency sign (kept as cents); a tournament's table is ``'T<id> [<n>]'``
and its amounts are written in hundredths of a chip (``1.50`` is 150
chips).  Some files put the 3rd street deal and betting before any marker:
their labels then run one street behind (``*** 3RD STREET ***`` opens 4th
street, ``*** 6TH STREET ***`` 7th); the reader tells them apart by what
comes before the first marker.

What the files never say: other players' down cards (``X``: None, chosen
by docs/rules.md 11.4) unless shown.  ``Rake`` is stated; ``wins (X)``
lines give each seat's collections (all pots).

Site rules (the profile): the open pair on 4th street allows the double
bet in Seven Card Stud (``open_pair_double``).  KingsClub's records also
show, after a completion to the small bet S, a raise to S + the bring-in
(not 2S): no engine option deals so (docs/rules.md 11.3 lists none), so
such hands are read as written and do not reproduce: the replay reports a
``MismatchError`` at that raise.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from ...enums import Variant
from .._fail import _Fail, _Skip
from ..record import HandRecord, Move
from . import SiteFormat
from .wpn import _card, _damaged, _Hand, _HandsReader, _Lines

__all__ = ["FORMAT", "KINGSCLUB_PROFILE", "KingsClubReader"]

#: KingsClub's table rules: the open-pair double bet (Seven Card Stud)
KINGSCLUB_PROFILE: dict[str, Any] = {"open_pair_double": {Variant.SEVEN_CARD_STUD: True}}

_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}
_AMOUNT = r"[$€£]?\d[\d,]*(?:\.\d+)?"
_HEADER = re.compile(r"#(?P<id>\d+): +(?P<limit>Limit|No Limit|Pot Limit) (?P<game>.+?) - "
                     rf"(?P<small>{_AMOUNT})/(?P<big>{_AMOUNT})(?: - (?P<date>.*))?")
_GAMES = {"Seven Card Stud": Variant.SEVEN_CARD_STUD,
          "Seven Card Stud Hi-Lo": Variant.SEVEN_CARD_STUD_HILO, "Razz": Variant.RAZZ,
          "2-7 Razz": Variant.DEUCE_TO_SEVEN_RAZZ}
_STUD = re.compile(r"stud|razz", re.IGNORECASE)
#: the header's words for fixed-limit
_LIMITS = frozenset(("Limit",))
_TABLE = re.compile(r"Table (?:ID )?'(?P<name>.+?)'(?: (?P<max>\d+)-max)?")
_TOURNAMENT = re.compile(r"T(?P<tid>\d+) \[(?P<n>\d+)\]")
_SEAT = re.compile(rf"Seat (?P<num>\d+): (?P<name>.+) \((?P<stack>{_AMOUNT})\)"
                   r"(?P<out> is sitting out| sits out)?")
_STREET = re.compile(r"\*\*\* (?P<n>[3-7])(?:RD|TH) STREET \*\*\*")
_ANTE = re.compile(rf"(?P<name>.+?): posts (?:the )?ante (?P<a>{_AMOUNT})(?:, and is all.in)?")
_BRING_IN = re.compile(rf"(?P<name>.+?) brings[- ]in(?: low)? for (?P<a>{_AMOUNT})"
                       r"(?P<allin>, and is all.in)?")
_ACTION = re.compile(rf"(?P<name>.+?) (?P<verb>bets|raises|calls|checks|folds)"
                     rf"(?: (?P<a>{_AMOUNT}))?(?: to (?P<to>{_AMOUNT}))?"
                     r"(?P<allin>,? and is all.in)?(?: and has reached the \[[^\]]*\] cap)?"
                     r"(?: \(disconnect\))?")
_DEALT = re.compile(r"Dealt to (?P<name>.+?): \[(?P<a>[^\]]*)\](?: \[(?P<b>[^\]]*)\])?")
_UNCALLED = re.compile(rf"Uncalled bet \((?P<a>{_AMOUNT})\) returned to (?P<name>.+)")
_SHOWS = re.compile(r"(?P<name>.+?) shows \[(?P<cards>[^\]]*)\].*")
_MUCKS = re.compile(r"(?P<name>.+?) mucks(?: hand)?(?: \[[^\]]*\])?")
_WINS = re.compile(rf"(?P<name>.+?) wins (?:pot )?(?:side pot \d+ )?\((?P<a>{_AMOUNT})\)"
                   r"(?: from (?:the )?(?:main |side )?pot(?: \d+)?)?")
_RAKE = re.compile(rf"Rake (?P<a>{_AMOUNT})")
_VERBS = frozenset(("bets", "raises", "calls", "checks", "folds", "brings", "shows"))


class _KHand(_Hand):
    """Amounts in hundredths: cents of money, or hundredths of a chip in a
    tournament (``1.50`` is 150 chips)."""

    _cache: ClassVar[dict[tuple[str, str | None], int]] = {}

    def _amount(self, text: str, number: int) -> int:
        text = text.rstrip(".")
        if text[:1] in _SYMBOLS:
            if _SYMBOLS[text[0]] != self.currency:
                raise _Fail(number, f"the amount {text!r} is not in the hand's "
                                    f"{self.currency or 'chips'}")
            text = text[1:]
        whole, _, frac = text.replace(",", "").partition(".")
        if not whole.isdigit() or (frac and not frac.isdigit()) or frac[2:].strip("0"):
            raise _Fail(number, f"the amount {text!r} does not parse")
        value = int(whole) * 100 + int(frac[:2].ljust(2, "0"))
        if value >= 1 << 31:
            raise _Fail(number, f"the amount {text!r} is too large")
        return value


class _Reading(_Lines):
    def parse(self) -> HandRecord:
        number, header, game, variant = self.header(_HEADER, _GAMES, _STUD, _LIMITS)
        if variant is None:
            raise _Skip()
        tournament = None
        for _, text in self.lines[1:3]:
            match = _TABLE.match(text)
            if match is not None:
                tournament = _TOURNAMENT.fullmatch(match["name"])
        symbol = header["small"][:1]
        currency = None if tournament is not None else _SYMBOLS.get(symbol, "USD")
        hand = _KHand(number, header["id"], currency, self.options, self.file)
        small, big = hand.stakes(number, header["small"], header["big"])
        hand.fields.append(("_game", f"Limit {game}"))
        if header["date"]:
            hand.fields.append(("_date", header["date"].strip()))
        if tournament is not None:
            hand.fields.append(("_tournament", tournament["tid"]))
        players = hand.players
        shift: int | None = None
        summary = False
        rake = 0
        collected: dict[str, int] = {}
        returned: dict[str, int] = {}
        for number, line in self.lines[1:]:
            if summary:
                match = _RAKE.fullmatch(line)
                if match is not None:
                    rake += hand.amount(match["a"], number)
                continue
            if line.startswith("***"):
                match = _STREET.fullmatch(line)
                if match is not None:
                    if shift is None:
                        # the 3rd street dealt and bet before the first marker:
                        # the labels run one street behind
                        shift = 1 if hand.street == 3 and hand.streets[-1][1] else 0
                    street = int(match["n"]) + shift
                    if street > 7:
                        raise _Fail(number, "a street after 7th street")
                    if hand.street != street:
                        hand.new_street(number, street)
                elif line.startswith("*** SUMMARY"):
                    summary = True
                continue
            if line.startswith("Seat ") and hand.street == 0:
                self.seat_line(hand, number, line, _SEAT)
                continue
            if line.startswith("Table "):
                match = _TABLE.match(line)
                if match is not None:
                    hand.table = match["name"]
                    if match["max"]:
                        hand.fields_max = int(match["max"])
                continue
            if line.startswith("Dealt to "):
                match = _DEALT.fullmatch(line)
                if match is None or match["name"] not in players:
                    raise _Fail(number, f"the line {line!r} does not parse")
                self._dealt(hand, number, match)
                continue
            if line.startswith("Uncalled bet"):
                self.uncalled_line(hand, number, line, _UNCALLED, returned)
                continue
            match = _ANTE.fullmatch(line)
            if match is not None and match["name"] in players:
                hand.ante(number, match["name"], hand.amount(match["a"], number))
                continue
            match = _BRING_IN.fullmatch(line)
            if match is not None and match["name"] in players:
                hand.add(number, match["name"], hand.amount(match["a"], number), "bring in",
                         match["allin"] is not None)
                continue
            match = _ACTION.fullmatch(line)
            if match is not None and match["name"] in players:
                self._action(hand, number, match)
                continue
            match = _WINS.fullmatch(line)
            if match is not None and match["name"] in players:
                name = match["name"]
                collected[name] = collected.get(name, 0) + hand.amount(match["a"], number)
                continue
            match = _SHOWS.fullmatch(line)
            if match is not None and match["name"] in players:
                hand.show(number, match["name"], tuple(
                    _card(w, number) for w in match["cards"].split() if w != "X"))
                continue
            match = _MUCKS.fullmatch(line)
            if match is not None and match["name"] in players:
                hand.shows.append((match["name"], None))
                continue
            _damaged(players, line, number, _VERBS)
        last = self.lines[-1][0]
        if not summary:
            raise _Fail(last, "the hand is cut off: no summary")
        for name, amount in returned.items():
            hand.put_in[name] -= amount
        if sum(collected.values()) + rake != sum(hand.put_in.values()):
            raise _Fail(last, f"the collections ({sum(collected.values())}) and the rake "
                              f"({rake}) are not the {sum(hand.put_in.values())} put in")
        return hand.record(last, variant, small, big, collected, rake, "kingsclub")

    def _dealt(self, hand: _Hand, number: int, match: re.Match[str]) -> None:
        name = match["name"]
        if match["b"] is not None:
            for word in match["a"].split():  # the cards before, repeated
                if word != "X" and hand.seen.get(_card(word, number)) != name:
                    raise _Fail(number, f"{word} was not dealt to {name} before")
            new = match["b"].split()
        else:
            new = match["a"].split()
        if hand.street <= 3 and match["b"] is None and len(new) == 3 and "X" not in new:
            hand.hero = name
        hand.deal(number, name, [_card(word, number) for word in new if word != "X"])

    def _action(self, hand: _Hand, number: int, match: re.Match[str]) -> None:
        name, verb = match["name"], match["verb"]
        amount = hand.fold_check_or_amount(number, name, verb, match["a"], "folds", "checks")
        if amount is None:
            return
        if verb == "raises":
            if match["to"] is not None:
                hand.act(number, name, Move.RAISE, hand.amount(match["to"], number))
            else:
                hand.act(number, name, Move.RAISE, max(hand.bets.values(), default=0) + amount)
        elif verb == "bets":
            hand.act(number, name, Move.RAISE, hand.bets.get(name, 0) + amount)
        else:
            hand.add(number, name, amount, "calls", match["allin"] is not None)


class KingsClubReader(_HandsReader):
    """The hands of one KingsClub file (see the module)."""

    site_profile = KINGSCLUB_PROFILE

    def starts(self, line: str, kind: str, hand: list[tuple[int, str]]) -> str:
        return "hand" if line[:1] == "#" and _HEADER.fullmatch(line) is not None else ""

    def hand_id(self, lines: list[tuple[int, str]], kind: str) -> str | None:
        match = re.match(r"#(\d+)", lines[0][1])
        return match[1] if match else None

    def is_cancelled(self, lines: list[tuple[int, str]]) -> bool:
        return any(line == "Hand cancelled" for _, line in lines)

    def parse(self, lines: list[tuple[int, str]], kind: str) -> HandRecord:
        return _Reading(lines, self.file, self.options).parse()


_DETECT = re.compile(rf"^#\d+: +(?:Limit|No Limit|Pot Limit) [^\n]+? - {_AMOUNT}/{_AMOUNT}",
                     re.MULTILINE)


def detect(head: str) -> bool:
    """A ``#N: Limit GAME - S/B`` header and a ``Table '...'`` line."""
    return _DETECT.search(head) is not None and re.search(
        r"^Table (?:ID )?'", head, re.MULTILINE) is not None


def _reader(*, file: str | None = None,
            profile: dict[str, Any] | None = None) -> KingsClubReader:
    return KingsClubReader(file=file, profile=profile)


FORMAT = SiteFormat("kingsclub", "KingsClub", detect, _reader, KINGSCLUB_PROFILE)
