"""Full Tilt Poker's text hand histories (``fulltilt``).

A hand begins with its header and ends with its summary::

    Full Tilt Poker Game #2153: Table Hagan - $3/$6 Ante $0.50 - Limit Stud Hi - 12:22 ET - 2010/6/1
    Seat 1: Ann ($31)
    Seat 2: Bob ($67), is sitting out
    Ann antes $0.50
    *** 3RD STREET ***
    Dealt to Ann [Td Jd] [As]
    Dealt to Cy [8c]
    Cy is low with [8c]
    Cy brings in for $1
    Ann completes it to $3
    Cy calls $2
    *** 4TH STREET ***
    Dealt to Ann [Td Jd As] [Jc]
    ...
    *** SHOW DOWN ***
    Ann shows [Jd Td As Jc Js 7h 2s] three of a kind, Jacks
    Cy mucks
    Ann wins the pot ($72.50) with three of a kind, Jacks
    *** SUMMARY ***
    Total pot $75.50 | Rake $3
    Seat 1: Ann showed [Jd Td As Jc Js 7h 2s] and won ($72.50) with three of a kind, Jacks
    Seat 3: Cy mucked [Kd 7c Kc 2h 3s 4d 5h] - a pair of Kings

The games: ``Limit Stud Hi`` (also written ``7 Card Stud``), ``Limit Stud
H/L`` (``Stud Hi/Lo``) and ``Limit Razz``; hands of other games (hold'em,
omaha, draw, badugi) are passed over and counted.  Cash games give
amounts in money with the sign before them (``$``, ``€``, ``£``; commas in
thousands), tournaments (``$10 + $1 Sit & Go (123456789), Table 3 -
30/60 Ante 5 - Limit Razz``) in chips.

The format's ways:

- ``calls`` names the chips the call adds, ``raises to``, ``completes it
  to`` and ``bets`` the new total (a bet: what it adds, the round being
  unopened); ``, and is all in`` follows an all-in amount.
- An uncalled bet is returned on its own line (``Uncalled bet of $4
  returned to Ann``); what a player collects is said on ``wins the pot``,
  ``wins the high pot`` / ``the low pot``, ``wins the main pot`` / ``side
  pot #1`` lines (``ties for`` for a split), and again in the summary.
- A player listed in the seats who sits out is in the hand only if he
  antes or is dealt cards; players sitting down during a hand are not in
  it.  Lines that only inform (``is low with``, ``has 15 seconds left to
  act``, ``sits down``, ``adds $40``, ``stands up``, chat as ``NAME:
  text``) are passed over.
- The winner of an uncontested pot ``mucks``: not a showdown.  The
  summary's ``mucked [..]`` cards are kept as the field ``_mucked_cards``.

What the files never say: the bring-in amount (taken from the hand's
``brings in for`` line, else from the first call of it, else the rules'
default) and the cards of players who folded; the down cards of players
other than the hero are unknown until shown (replay chooses them, docs/
rules.md 11.4).

The profile (docs/rules.md 11.3): bring-in ties go by suit, and a short
all-in raise re-opens the betting at half a bet (``reopen_rule``
"half_bet").
"""

from __future__ import annotations

import re
from typing import Any

from ...enums import Variant
from ..record import HandRecord
from . import SiteFormat
from ._stud_text import Fail, SiteHand, Skip, TextReader, currency_of, first_line_is, parse_cards

__all__ = ["FORMAT", "FullTiltReader"]

PROFILE: dict[str, Any] = {"bring_in_tiebreak": "suit", "reopen_rule": "half_bet"}

_HEADER = re.compile(r"Full ?Tilt Poker (?:Game|Hand) #(?P<id>\d+):\s*(?P<rest>.*)", re.I)
_GAME = re.compile(r"\b(?:Fixed )?Limit (?P<game>Stud H/L|Stud Hi/Lo|Stud Hi-Lo|Stud 8|"
                   r"Stud Hi|7 Card Stud Hi/Lo|7 Card Stud|Stud|Razz)\s*$", re.I)
_OTHER_GAME = re.compile(r"Hold'?em|Omaha|Draw|Badugi|Triple|2-7|A-5|Lowball|5 Card Stud|"
                         r"Pot Limit|No Limit", re.I)
_VARIANTS = {"stud h/l": Variant.SEVEN_CARD_STUD_HILO, "stud hi/lo": Variant.SEVEN_CARD_STUD_HILO,
             "stud hi-lo": Variant.SEVEN_CARD_STUD_HILO, "stud 8": Variant.SEVEN_CARD_STUD_HILO,
             "7 card stud hi/lo": Variant.SEVEN_CARD_STUD_HILO,
             "stud hi": Variant.SEVEN_CARD_STUD, "7 card stud": Variant.SEVEN_CARD_STUD,
             "stud": Variant.SEVEN_CARD_STUD, "razz": Variant.RAZZ}
_STAKES = re.compile(r"(?P<small>[$€£]?[\d,]+(?:\.\d+)?)/(?P<big>[$€£]?[\d,]+(?:\.\d+)?)"
                     r"(?: Ante (?P<ante>[$€£]?[\d,]+(?:\.\d+)?))?(?P<more>.*)")
_TOURNAMENT = re.compile(r"(?P<desc>.*)\((?P<tid>\d+)\),\s*Table (?P<table>.*)")
_SEAT = re.compile(r"Seat (?P<num>\d+): (?P<name>.+) \((?P<stack>[^()]*)\)(?P<rest>.*)")
_STREETS = {"3RD STREET": 3, "4TH STREET": 4, "5TH STREET": 5, "6TH STREET": 6,
            "7TH STREET": 7, "RIVER": 7}
_SECTION = re.compile(r"\*\*\* (?P<name>[^*]+?) \*\*\*(?: \[(?P<card>[^\]]*)\])?")
_DEALT = re.compile(r"Dealt to (?P<name>.+?) \[(?P<a>[^\]]*)\](?: \[(?P<b>[^\]]*)\])?")
_UNCALLED = re.compile(r"Uncalled bet of (?P<a>\S+) returned to (?P<name>.+)")
_ACTION = re.compile(r"(?P<name>.+?) (?P<verb>antes|brings in for|completes it to|bets|"
                     r"raises to|calls|checks|folds|shows|mucks|wins|ties for)(?: (?P<rest>.*))?")
_ALL_IN = ", and is all in"
_AMOUNT_ONLY = re.compile(r"(?P<a>[$€£]?[\d,]+(?:\.\d+)?)")
_POT = re.compile(r"(?:the pot|the high pot|the low pot|the main pot|the side pot|"
                  r"side pot #\d+|the hi pot|the lo pot) \((?P<a>[^)]*)\)(?: .*)?")
_SHOWN = re.compile(r"\[(?P<cards>[^\]]*)\](?: .*)?")
_TOTAL = re.compile(r"Total pot (?P<total>\S+)(?P<pots>.*?) \| Rake (?P<rake>\S+)(?P<more>.*)")
_SUMMARY_SEAT = re.compile(r"Seat (?P<num>\d+): (?P<rest>.*)")
_SUMMARY_MUCKED = re.compile(r" mucked \[(?P<cards>[^\]]*)\]")
_SUMMARY_WON = re.compile(r"(?:collected|won) \((?P<a>[^)]*)\)")
_FEE = re.compile(r"\| (?:[A-Za-z ]*(?:Jackpot|Fee|jackpot|fee)) (?P<a>\S+)")


def detect(head: str) -> bool:
    """A file whose first line that says something is a Full Tilt header.

    >>> detect("Full Tilt Poker Game #1: Table T - 1/2 - Limit Razz - 1:00:00 ET - 2010/01/01")
    True
    >>> detect("PokerStars Hand #1: Razz Limit (1/2) - 2010/01/01 1:00:00 ET")
    False
    """
    return first_line_is(head, _HEADER)


class _Hand(SiteHand):
    def __init__(self, reader: TextReader, lines: list[tuple[int, str]]) -> None:
        super().__init__(reader, lines)
        self.names: list[str] = []
        self.summary = False
        self.total_seen = False
        self.summary_won: dict[str, int] = {}

    def parse(self) -> HandRecord:
        number, header = self.lines[0]
        variant, small, big = self._header(number, header)
        for number, line in self.lines[1:]:
            self._line(number, line)
        last = self.lines[-1][0]
        b = self.b
        if not self.summary:
            raise Fail(last, "the hand ends before its summary (the file is cut short?)")
        if not self.total_seen:
            raise Fail(last, "the summary has no 'Total pot' line")
        if not b.collected:
            for name, amount in self.summary_won.items():
                b.collect(last, name, amount)
        return b.record(variant, small, big, last)

    def _header(self, number: int, header: str) -> tuple[Variant, int, int]:
        b = self.b
        match = _HEADER.match(header)
        assert match is not None
        b.hand_id = match["id"]
        parts = match["rest"].split(" - ")
        game_at = next((i for i, part in enumerate(parts) if _GAME.search(part.strip())), None)
        if game_at is None:
            if _OTHER_GAME.search(match["rest"]):
                raise Skip()
            raise Fail(number, f"unknown game: {match['rest']!r}")
        game = _GAME.search(parts[game_at].strip())
        assert game is not None
        variant = _VARIANTS[game["game"].lower()]
        stakes_at = next((i for i in range(game_at - 1, -1, -1)
                          if _STAKES.fullmatch(parts[i].strip())), None)
        if stakes_at is None:
            raise Fail(number, f"no stakes in the header: {header!r}")
        stakes = _STAKES.fullmatch(parts[stakes_at].strip())
        assert stakes is not None
        where = " - ".join(parts[:stakes_at]).strip()
        tournament = _TOURNAMENT.fullmatch(where)
        if tournament is not None:
            b.table = tournament["table"].strip()
            b.fields.append(("tournament", tournament["tid"]))
            if tournament["desc"].strip():
                b.fields.append(("tournament_name", tournament["desc"].strip()))
        else:
            b.table = where[6:].strip() if where.startswith("Table ") else where
            b.currency = currency_of(stakes["small"] + stakes["big"])
        small = b.amount(stakes["small"], number)
        big = b.amount(stakes["big"], number)
        if stakes["ante"]:
            b.fields.append(("stated_ante", b.amount(stakes["ante"], number)))
        b.fields.append(("game", parts[game_at].strip()))
        rest = [part.strip() for part in parts[game_at + 1:] if part.strip()]
        if rest:
            b.fields.append(("date", " - ".join(rest)))
        return variant, small, big

    # ---- lines -----------------------------------------------------------------------

    def _line(self, number: int, line: str) -> None:
        b = self.b
        if line.startswith("*** "):
            self._section(number, line)
            return
        if self.summary:
            self._summary(number, line)
            return
        if line.startswith("Seat ") and b.street == 0:
            match = _SEAT.fullmatch(line)
            if match is None:
                raise Fail(number, f"the seat line does not parse: {line!r}")
            b.seat(number, int(match["num"]), match["name"],
                   b.amount(match["stack"], number))
            self.names = sorted(b.players, key=len, reverse=True)
            return
        if line.startswith("Dealt to "):
            self._dealt(number, line)
            return
        if line.startswith("Uncalled bet of "):
            match = _UNCALLED.fullmatch(line)
            if match is None:
                raise Fail(number, f"the returned bet does not parse: {line!r}")
            b.returned(number, match["name"], b.amount(match["a"], number))
            return
        who = self._who(line)
        if who is None:
            return  # a line that only informs (sits down, stands up, time left ...)
        name, rest = who
        if rest.startswith(": "):
            return  # chat
        verb = _ACTION.fullmatch("x " + rest)
        if verb is None:
            return  # is low with, has 15 seconds left to act, adds $40, is sitting out ...
        self._action(number, name, verb["verb"], verb["rest"] or "")

    def _who(self, line: str) -> tuple[str, str] | None:
        for name in self.names:
            if line.startswith(name) and line[len(name):len(name) + 1] in (" ", ":"):
                return name, line[len(name) + (1 if line[len(name)] == " " else 0):]
        return None

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
            if b.street == 0:
                raise Fail(number, "a showdown before the deal")
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

    def _dealt(self, number: int, line: str) -> None:
        b = self.b
        name, after = self.dealt_to(number, line, self.names)
        match = _DEALT.fullmatch(line[:9] + "x" + after)
        if match is None:
            raise Fail(number, f"the cards dealt to {name} do not parse")
        first = parse_cards(match["a"], number)
        if match["b"] is None:
            b.dealt(number, name, first)
        elif b.street == 3:
            b.dealt(number, name, first + parse_cards(match["b"], number))
        else:
            b.dealt(number, name, parse_cards(match["b"], number), first)

    def _action(self, number: int, name: str, verb: str, rest: str) -> None:
        b = self.b
        all_in = rest.endswith(_ALL_IN)
        if all_in:
            rest = rest[:-len(_ALL_IN)]
        if verb in ("checks", "folds"):
            if rest and not rest.startswith("["):
                raise Fail(number, f"{name} {verb} {rest!r}: the line does not parse")
            b.act(number, name, "check" if verb == "checks" else "fold")
            return
        if verb in ("shows", "mucks"):
            shown = _SHOWN.fullmatch(rest) if rest else None
            if verb == "shows":
                if shown is None:
                    raise Fail(number, f"the cards {name} shows do not parse")
                b.show(number, name, parse_cards(shown["cards"], number))
            else:
                b.muck(number, name, parse_cards(shown["cards"], number) if shown else ())
            return
        if verb in ("wins", "ties for"):
            pot = _POT.fullmatch(rest)
            if pot is None:
                raise Fail(number, f"what {name} wins does not parse: {rest!r}")
            b.collect(number, name, b.amount(pot["a"], number))
            return
        amount_match = _AMOUNT_ONLY.fullmatch(rest)
        if amount_match is None:
            raise Fail(number, f"{name} {verb}: the amount {rest!r} does not parse")
        amount = b.amount(amount_match["a"], number)
        if verb == "antes":
            b.ante(number, name, amount, all_in)
        elif verb == "brings in for":
            b.act(number, name, "bring_in", amount, all_in)
        elif verb == "completes it to":
            b.act(number, name, "complete", amount, all_in)
        elif verb == "raises to":
            b.act(number, name, "raise", amount, all_in)
        elif verb == "bets":
            b.act(number, name, "bet", amount, all_in, added=True)
        else:  # calls
            b.act(number, name, "call", amount, all_in, added=True)

    def _summary(self, number: int, line: str) -> None:
        b = self.b
        if line.startswith("Total pot "):
            match = _TOTAL.fullmatch(line)
            if match is None:
                raise Fail(number, f"the total pot line does not parse: {line!r}")
            b.total = b.amount(match["total"], number)
            b.rake = b.amount(match["rake"], number)
            more = match["more"]
            for fee in _FEE.finditer(more):  # 11.3: a fee besides the rake counts as rake
                b.rake += b.amount(fee["a"], number)
            b.rake_known = True
            self.total_seen = True
            if match["pots"].strip():
                b.fields.append(("pots", match["pots"].strip()))
            return
        match = _SUMMARY_SEAT.fullmatch(line)
        if match is None:
            return  # Board: [...] and the like
        seat = int(match["num"])
        name = next((n for n, (s, _) in b.players.items() if s == seat), None)
        if name is None or name not in b.seat_of:
            return
        mucked = _SUMMARY_MUCKED.search(match["rest"])
        if mucked is not None:
            cards = parse_cards(mucked["cards"], number)
            for card in cards:
                b.see(card, name, number, again=True)
            b.mucked_cards.append((b.seat_of[name], cards))
        won = _SUMMARY_WON.search(match["rest"])
        if won is not None:
            self.summary_won[name] = b.amount(won["a"], number)


class FullTiltReader(TextReader):
    """The hands of one Full Tilt file (see the module)."""

    format = "fulltilt"

    header = _HEADER
    header_starts = "Ff"
    hand = _Hand


def _reader(file: str | None = None, profile: dict[str, Any] | None = None) -> FullTiltReader:
    return FullTiltReader(file=file, profile=PROFILE if profile is None else profile)


FORMAT = SiteFormat("fulltilt", "Full Tilt Poker", detect, _reader, PROFILE)
