"""Absolute Poker / UltimateBet (the Cereus network) text hand histories of
the stud games.

A hand::

    Stage #1571362962: Seven Card Hi/Lo Normal $0.50/$1, $0.10 ante - 2009-08-05 15:24:06 (ET)
    Table: TORONTO AVE (Real Money) Seat #1 is the dealer
    Seat 1 - ann ($5.00 in chips)
    ann - Ante $0.10
    *** 3rd STREET ***
    ann - Pocket [As Kd 5c]          (every card so far, H for one not seen)
    Bob Marley - Pocket [H H 9h]
    Bob Marley - Bring-In $0.25.
    ann - Raises $0.50               (the chips the action adds)
    *** 4TH STREET *** ... *** 6TH STREET *** ... *** RIVER ***
    ann - Shows [As Kd 5c 7d 8s 9c 2h] (a description)
    *** SUMMARY ***
    Seat 1: ann won Total ($2.20)

``Normal`` is fixed limit; the games are ``7 Card Stud``, ``Seven Card
Hi/Lo`` and ``Razz``; a tournament's header has ``Tourney ID N`` and
amounts in chips; cash amounts carry ``$`` (or ``€``) and commas in
thousands (kept as cents).  Actions name the chips they add: ``Bets``,
``Raises``, ``Calls``, ``All-In`` (a bet, a call or the bring-in, from the
bets so far) and ``All-In(Raise)``; ``Folds`` and ``Checks``.

What the files never say: the rake (``rake`` is 0, ``collected`` is what
each seat won, and the replay derives the rake, docs/rules.md 11.3); the
uncalled bet returned (the engine returns it itself: what a seat "won" is
from the pots only); the cards written ``H``, other players' down cards
(None: chosen by 11.4).  Each ``Pocket`` line repeats the cards dealt on
the streets before: they must be the ones dealt.

The profile: the engine's defaults (no rule of the site's own is known).
Hands of other games are skipped and counted; pot-limit or no-limit stud
is an error.
"""

from __future__ import annotations

import re
from typing import Any

from ...enums import Variant
from .._fail import _Fail, _Skip
from ..record import HandRecord
from . import SiteFormat
from .wpn import _card, _damaged, _Hand, _HandsReader, _Lines

__all__ = ["ABSOLUTE_PROFILE", "FORMAT", "AbsoluteReader"]

#: Absolute's table rules: the engine's defaults
ABSOLUTE_PROFILE: dict[str, Any] = {}

_AMOUNT = r"(?:\$|€ ?)?\d[\d,]*(?:\.\d+)?"
_HEADER = re.compile(
    r"Stage #C?(?P<id>\d+):? +(?:Tourney ID (?P<tid>\d+) +)?(?P<game>.+?) +"
    r"(?P<kind>\(1 on 1\)|Single Tournament|Multi Normal Tournament|)\s*"
    r"(?P<limit>No Limit|Pot Limit|Normal|Limit|NO LIMIT|POT LIMIT|NORMAL)\s+"
    rf"(?P<small>{_AMOUNT})(?:/(?P<big>{_AMOUNT}))?(?:, (?P<ante>{_AMOUNT}) ante)?"
    r"\s+(?:Turbo\s+)?-\s+(?P<date>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d.*)")
_GAMES = {"7 Card Stud": Variant.SEVEN_CARD_STUD, "Seven Card Stud": Variant.SEVEN_CARD_STUD,
          "Seven Card Hi/Lo": Variant.SEVEN_CARD_STUD_HILO,
          "7 Card Stud Hi/Lo": Variant.SEVEN_CARD_STUD_HILO, "Razz": Variant.RAZZ}
_STUD = re.compile(r"stud|razz|seven card", re.IGNORECASE)
#: the header's words for fixed-limit
_LIMITS = frozenset(("Normal", "Limit", "NORMAL"))
_TABLE = re.compile(r"Table: (?P<name>.*?) \((?P<money>Real|Play) Money\)")
_SEAT = re.compile(rf"Seat (?P<num>\d+) - (?P<name>.+) \((?P<stack>{_AMOUNT}) in chips\)"
                   r"(?P<out> is sitting out)?")
_STREETS = {"*** 3rd STREET ***": 3, "*** 4TH STREET ***": 4, "*** 5TH STREET ***": 5,
            "*** 6TH STREET ***": 6, "*** RIVER ***": 7}
_ACTION = re.compile(rf"(?P<name>.+?) - (?P<verb>Ante|Bring-In|Bets|Raises|Calls|"
                     rf"All-In\(Raise\)|All-In|Folds|Checks)(?: (?P<a>{_AMOUNT}))?\.?")
_POCKET = re.compile(r"(?:Dealt to )?(?P<name>.+?) (?:- Pocket )?\[(?P<cards>[^\]]*)\]")
_SHOWS = re.compile(r"(?P<name>.+?) - Shows \[(?P<cards>[^\]]*)\](?: \((?P<what>.*)\))?")
_MUCKS = re.compile(r"(?P<name>.+?) - Mucks(?: \[(?P<cards>[^\]]*)\])?")
_SUMMARY_SEAT = re.compile(r"Seat (?P<num>\d+): (?P<rest>.*)")
_WON = re.compile(rf"(?:won|collected) Total \((?P<a>{_AMOUNT})\)")
_VERBS = frozenset(("Ante", "Bring-In", "Bets", "Raises", "Calls", "All-In", "All-In(Raise)",
                    "Folds", "Checks", "Shows", "Pocket"))


def _money(text: str) -> str | None:
    if text.startswith("$"):
        return "USD"
    if text.startswith("€"):
        return "EUR"
    return None


class _Reading(_Lines):
    def parse(self) -> HandRecord:
        number, header, game, variant = self.header(_HEADER, _GAMES, _STUD, _LIMITS)
        if variant is None:
            raise _Skip()
        if header["big"] is None:
            raise _Fail(number, "the header gives one stake: the small and big bets are needed")
        currency = None if header["tid"] else _money(header["small"])
        hand = _Hand(number, header["id"], currency, self.options, self.file)
        small, big = hand.stakes(number, header["small"], header["big"])
        hand.fields.append(("_game", game))
        hand.fields.append(("_date", header["date"].strip()))
        if header["tid"]:
            hand.fields.append(("_tournament", header["tid"]))
        players = hand.players
        counts: dict[str, int] = {}  # the cards each seat was dealt so far
        summary = False
        summary_seats: set[int] = set()
        collected: dict[str, int] = {}
        for number, line in self.lines[1:]:
            line = line.replace("€ ", "€")
            if summary:
                match = _SUMMARY_SEAT.match(line)
                if match is not None:
                    summary_seats.add(int(match["num"]))
                    for won in _WON.finditer(match["rest"]):
                        name = next((n for n in players if match["rest"].startswith(n + " ")
                                     or match["rest"].startswith(n + ":")), None)
                        if name is None:
                            raise _Fail(number, "a collection by a player not at the table")
                        collected[name] = collected.get(name, 0) + hand.amount(won["a"], number)
                continue
            if line.startswith("***"):
                street = _STREETS.get(line)
                if street is not None:
                    hand.new_street(number, street)
                elif line.startswith("*** SUMMARY"):
                    summary = True
                continue
            if line.startswith("Seat ") and hand.street == 0:
                self.seat_line(hand, number, line, _SEAT)
                continue
            if line.startswith("Table: "):
                match = _TABLE.match(line)
                if match is not None:
                    hand.table = match["name"]
                continue
            match = _ACTION.fullmatch(line)
            if match is not None and match["name"] in players:
                self._action(hand, number, match)
                continue
            if line.endswith("]"):
                match = _SHOWS.fullmatch(line) or _SHOWS.match(line)
                if match is not None and match["name"] in players:
                    hand.show(number, match["name"], tuple(
                        _card(w, number) for w in match["cards"].split() if w != "H"))
                    continue
                match = _POCKET.fullmatch(line)
                if match is not None and match["name"] in players:
                    self._pocket(hand, number, match["name"], match["cards"].split(), counts)
                    continue
            if line.endswith(")"):
                match = _SHOWS.fullmatch(line)
                if match is not None and match["name"] in players:
                    hand.show(number, match["name"], tuple(
                        _card(w, number) for w in match["cards"].split() if w != "H"))
                    continue
            match = _MUCKS.fullmatch(line)
            if match is not None and match["name"] in players:
                hand.shows.append((match["name"], None))
                continue
            _dash_damaged(players, line, number)
        last = self.lines[-1][0]
        if not summary:
            raise _Fail(last, "the hand is cut off: no summary")
        for name in players:  # (the first listed, not a set's order)
            if name in hand.in_hand and players[name][0] not in summary_seats:
                raise _Fail(last, f"the hand is cut off: the summary has no line for {name}")
        top_name, excess = hand.uncalled()
        if sum(collected.values()) > sum(hand.put_in.values()) - excess:
            raise _Fail(last, "the players collect more than the pot held")
        ante = header["ante"]
        if ante is not None:
            hand.fields.append(("_ante", ante))
        return hand.record(last, variant, small, big, collected, 0, "absolute")

    def _pocket(self, hand: _Hand, number: int, name: str, words: list[str],
                counts: dict[str, int]) -> None:
        before = counts.get(name, 0)
        if len(words) <= before:
            raise _Fail(number, f"{name}'s cards [{' '.join(words)}] hold no new card")
        for word in words[:before]:  # the cards before, repeated
            if word != "H" and hand.seen.get(_card(word, number)) != name:
                raise _Fail(number, f"{word} was not dealt to {name} before")
        counts[name] = len(words)
        new = words[before:]
        street = hand.street or 3
        if street == 3 and before == 0 and len(new) == 3 and "H" not in new:
            hand.hero = name
        known = [_card(word, number) for word in new if word != "H"]
        if street == 3 and "H" in new[2:]:
            raise _Fail(number, f"{name}'s 3rd street up card is not shown")
        hand.deal(number, name, known)

    def _action(self, hand: _Hand, number: int, match: re.Match[str]) -> None:
        name, verb = match["name"], match["verb"]
        amount = hand.fold_check_or_amount(number, name, verb, match["a"], "Folds", "Checks")
        if amount is None:
            return
        if verb == "Ante":
            hand.ante(number, name, amount)
        elif verb == "Bring-In":
            hand.add(number, name, amount, "bring in", False)
        elif verb == "Calls":
            hand.add(number, name, amount, "calls", False)
        elif verb == "All-In":
            hand.add(number, name, amount, "allin", True)
        else:  # Bets, Raises, All-In(Raise): the chips added
            hand.add(number, name, amount, "bets", False)


def _dash_damaged(players: dict[str, Any], line: str, number: int) -> None:
    """A line ``NAME - VERB ...`` of a player at the table that did not parse."""
    for name in players:
        if line.startswith(name + " - "):
            _damaged({name: None}, name + " " + line[len(name) + 3:], number, _VERBS)


class AbsoluteReader(_HandsReader):
    """The hands of one Absolute Poker / UltimateBet file (see the module)."""

    site_profile = ABSOLUTE_PROFILE

    def starts(self, line: str, kind: str, hand: list[tuple[int, str]]) -> str:
        return "hand" if line.startswith("Stage #") else ""

    def hand_id(self, lines: list[tuple[int, str]], kind: str) -> str | None:
        match = re.match(r"Stage #C?(\d+)", lines[0][1])
        return match[1] if match else None

    def parse(self, lines: list[tuple[int, str]], kind: str) -> HandRecord:
        return _Reading(lines, self.file, self.options).parse()


_DETECT = re.compile(r"^Stage #C?\d+:? .* - \d{4}-\d\d-\d\d \d\d:\d\d:\d\d", re.MULTILINE)


def detect(head: str) -> bool:
    """A ``Stage #N: GAME ... - YYYY-MM-DD hh:mm:ss`` header and seats
    written ``Seat N - NAME (... in chips)``."""
    return _DETECT.search(head) is not None and re.search(
        r"^Seat \d+ - .+ \(.+ in chips\)", head, re.MULTILINE) is not None


def _reader(*, file: str | None = None,
            profile: dict[str, Any] | None = None) -> AbsoluteReader:
    return AbsoluteReader(file=file, profile=profile)


FORMAT = SiteFormat("absolute", "Absolute Poker / UltimateBet", detect, _reader,
                    ABSOLUTE_PROFILE)
