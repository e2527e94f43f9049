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
from collections.abc import Iterable, Iterator
from typing import Any, Union

from ...enums import Variant
from .._fail import _Fail, _Skip
from ..errors import HistoryError
from ..record import HandRecord
from . import SiteFormat
from .wpn import MAX_HAND_LINES, _card, _damaged, _Hand

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


class _Reading:
    def __init__(self, lines: list[tuple[int, str]], file: str | None,
                 options: dict[str, Any]) -> None:
        self.lines = lines
        self.file = file
        self.options = options

    def parse(self) -> HandRecord:
        number, line = self.lines[0]
        header = _HEADER.fullmatch(line)
        if header is None:
            raise _Fail(number, "the header does not parse")
        game = header["game"].strip()
        variant = _GAMES.get(game)
        if variant is None:
            if _STUD.search(game):
                raise _Fail(number, f"unknown stud game {game!r}")
            raise _Skip()
        if header["limit"].upper() not in ("NORMAL", "LIMIT"):
            raise _Fail(number, f"{header['limit']} stud is not read: only fixed-limit stud")
        if header["big"] is None:
            raise _Fail(number, "the header gives one stake: the small and big bets are needed")
        currency = None if header["tid"] else _money(header["small"])
        hand = _Hand(number, header["id"], currency, self.options, self.file)
        small = hand.amount(header["small"].replace(" ", ""), number)
        big = hand.amount(header["big"].replace(" ", ""), number)
        if small <= 0 or big < small:
            raise _Fail(number, f"the stakes {header['small']}/{header['big']} do not hold")
        hand._small = small
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
                match = _SEAT.fullmatch(line)
                if match is None:
                    raise _Fail(number, f"the seat line {line!r} does not parse")
                hand.seat(number, int(match["num"]), match["name"],
                          hand.amount(match["stack"], number), match["out"] is not None)
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
                    cards = tuple(_card(w, number) for w in match["cards"].split() if w != "H")
                    self._own(hand, match["name"], cards, number)
                    hand.shows.append((match["name"], cards))
                    continue
                match = _POCKET.fullmatch(line)
                if match is not None and match["name"] in players:
                    self._pocket(hand, number, match["name"], match["cards"].split(), counts)
                    continue
            if line.endswith(")"):
                match = _SHOWS.fullmatch(line)
                if match is not None and match["name"] in players:
                    cards = tuple(_card(w, number) for w in match["cards"].split() if w != "H")
                    self._own(hand, match["name"], cards, number)
                    hand.shows.append((match["name"], cards))
                    continue
            match = _MUCKS.fullmatch(line)
            if match is not None and match["name"] in players:
                hand.shows.append((match["name"], None))
                continue
            _dash_damaged(players, line, number)
        last = self.lines[-1][0]
        if not summary:
            raise _Fail(last, "the hand is cut off: no summary")
        for name in hand.in_hand:
            if players[name][0] not in summary_seats:
                raise _Fail(last, f"the hand is cut off: the summary has no line for {name}")
        top_name, excess = hand.uncalled()
        if sum(collected.values()) > sum(hand.put_in.values()) - excess:
            raise _Fail(last, "the players collect more than the pot held")
        ante = header["ante"]
        if ante is not None:
            hand.fields.append(("_ante", ante))
        return hand.record(last, variant, small, big, collected, 0, "absolute")

    def _own(self, hand: _Hand, name: str, cards: tuple[Any, ...], number: int) -> None:
        for card in cards:
            owner = hand.seen.get(card)
            if owner is not None and owner != name:
                raise _Fail(number, f"{card} is seen twice in the hand")
            hand.seen[card] = name

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
        name, verb, text = match["name"], match["verb"], match["a"]
        if verb in ("Folds", "Checks"):
            from ..record import Move

            hand.act(number, name, Move.FOLD if verb == "Folds" else Move.CHECK_CALL, None)
            return
        if text is None:
            raise _Fail(number, f"{verb} without an amount")
        amount = hand.amount(text, number)
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


class AbsoluteReader:
    """The hands of one Absolute Poker / UltimateBet file (see the module)."""

    def __init__(self, *, file: str | None = None, profile: dict[str, Any] | None = None) -> None:
        self.file = file
        self.options: dict[str, Any] = dict(ABSOLUTE_PROFILE if profile is None else profile)
        self.skipped = 0
        self.cancelled = 0
        self.hands = 0
        self.errors = 0

    def read(self, lines: Iterable[str]) -> Iterator[Union[HandRecord, HistoryError]]:
        hand: list[tuple[int, str]] = []
        extra = 0
        outside = False
        for number, raw in enumerate(lines, 1):
            line = raw.strip()
            if not line:
                continue
            if line.startswith("Stage #"):
                if hand:
                    yield from self._finish(hand, extra)
                hand, extra, outside = [(number, line)], 0, False
            elif not hand:
                if not outside:
                    outside = True
                    self.errors += 1
                    yield HistoryError(f"a line outside any hand: {line[:80]!r}", self.file,
                                       None, number)
            elif len(hand) < MAX_HAND_LINES:
                hand.append((number, line))
            else:
                extra += 1
        if hand:
            yield from self._finish(hand, extra)

    def _finish(self, lines: list[tuple[int, str]],
                extra: int) -> Iterator[Union[HandRecord, HistoryError]]:
        match = re.match(r"Stage #C?(\d+)", lines[0][1])
        hand_id = match[1] if match else None
        try:
            if extra:
                raise _Fail(lines[-1][0], f"the hand has more than {MAX_HAND_LINES} lines")
            record = _Reading(lines, self.file, self.options).parse()
        except _Skip:
            self.skipped += 1
            return
        except _Fail as fail:
            self.errors += 1
            yield HistoryError(fail.reason, self.file, hand_id, fail.line)
            return
        except Exception as error:  # noqa: BLE001 - a hand read wrong is still never a crash
            self.errors += 1
            yield HistoryError(f"cannot read the hand: {type(error).__name__}: {error}",
                               self.file, hand_id, lines[0][0])
            return
        self.hands += 1
        yield record


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
