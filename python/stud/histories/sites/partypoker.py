"""PartyPoker's text hand histories of the stud games.

The format
----------
Each hand begins with ``#Game No : N``, then the banner ``***** Hand
History for Game N *****`` (no site name in it: 888poker's banner, which
follows the same ``#Game No`` line, names its site), then the game line:

- cash: ``$0.50/$1 USD 7 Card Stud - <date>`` (the small and the big bet;
  euro tables ``€0.50/€1 EUR``), the game ``7 Card Stud`` or ``7 Card Stud
  Hi-Lo`` (PartyPoker dealt no other stud game), amounts then written
  ``[$0.50 USD]``, ``$1,200``: read as cents of the currency;
- tournament: ``7 Card Stud  $10 USD Buy-in Trny:1234 Level:3
  Stakes-Antes(20/40 - 5) - <date>``: amounts in chips (``[1,500]``).

Then ``Table <name> (Real Money)``, ``Seat N is the button``, ``Total
number of players : n/max``, a ``Seat N: name ( $20 USD )`` line per
player, the antes (``name posts ante [$0.05 USD]``), and the streets:
``** Dealing **`` (3rd street), ``** Dealing Fourth street **``, ``Fifth``,
``Sixth``, ``** Dealing River **``, each followed by ``Dealt to name [
cards ]`` lines and the actions.  Between hands the client writes ``Game
#N starts.``.

Quirks
------
- Every amount an action names is what the action *added* (``raises
  [$1 USD]`` puts $1 more in, whatever the seat had in before; ``calls``
  likewise); the reader turns them into the seat's round total.
- ``bring-ins``, ``completes``, ``bets``, ``double bets`` (the big bet made
  on 4th street in Seven Card Stud when a board shows an open pair:
  docs/rules.md 4.4, the profile's ``open_pair_double``), ``raises``,
  ``calls``, ``checks``, ``folds``, and ``is all-In [amount]`` with no verb:
  a bring-in when it opens 3rd street, a raise when it goes over the bet,
  else a call.
- The hero's ``Dealt to`` line on 3rd street gives his three cards, the
  others' lines their up card only; 7th street gives the hero's card.
- ``doesn't show [ cards ]`` reveals a hand that is given up (a ``Mucked``
  step; the cards are kept in the field ``mucked_cards``).
- ``name wins $3.40 USD`` (``wins Lo ($1.70 USD)`` for the low half; ``wins
  120 chips`` in tournaments), with or without ``from the main pot ...``.

What the files never say
------------------------
No rake line, no total pot and no summary: ``collected`` holds the wins,
``rake`` stays 0 and the replay derives the rake (docs/rules.md 11.3); in
tournaments the wins must make the pot exactly.  No uncalled bet is
written: the engine returns it.  Other players' down cards are never
written unless shown (None in the record: docs/rules.md 11.4 chooses them).
The ante and the bring-in come from the ``posts ante`` and ``bring-ins``
lines (a hand whose bring-in was completed at once uses the rules'
default bring-in).  A hand with no ``wins`` line is cut short: an error.

The profile
-----------
``open_pair_double`` in Seven Card Stud (the only rule the files show that
differs from the defaults).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any, Union

from ..._core import Card, _checked_stacks
from ...enums import Variant
from ..errors import HistoryError
from ..record import (
    Acted,
    Dealt,
    HandRecord,
    Move,
    Mucked,
    Showed,
    Source,
    Step,
    _cached_rules,
    _trusted,
    options_for,
)
from . import SiteFormat

__all__ = ["FORMAT", "PARTYPOKER_PROFILE", "PartyPokerReader"]

#: PartyPoker's table rules: the open-pair double bet on 4th street in
#: Seven Card Stud (docs/rules.md 4.4, 11.3)
PARTYPOKER_PROFILE: dict[str, Any] = {"open_pair_double": {Variant.SEVEN_CARD_STUD: True}}

_GAME_NO = re.compile(r"#Game No\s*:\s*(\w+)\s*$")
_BANNER = re.compile(r"\*{5} Hand History [Ff]or Game (\w+) \*{5}")
_GAMES = re.compile(r"7 Card Stud Hi-Lo|7 Card Stud|Texas Hold'?em|Double Hold'?em|Hold'?em|"
                    r"Omaha Hi-Lo|Omaha|Short Deck|Razz|5 Card Stud|Draw|Badugi")
_CASH = re.compile(r"(?P<sym>[$€]?)(?P<small>[\d,.]+)/[$€]?(?P<big>[\d,.]+)\s*(?P<iso>[A-Z]{3})?\s+"
                   r"(?:(?P<limit>FL|NL|PL|Limit)\s+)?(?P<game>.+?)\s+-\s+(?P<date>.*)$")
_TOURNEY = re.compile(r"(?:(?P<limit>FL|NL|PL)\s+)?(?P<game>.+?)\s+(?P<buyin>.*?)"
                      r"Trny:\s?(?P<tid>\d+)\s+Level:\s*(?P<level>\d+)\s+"
                      r"(?:Blinds|Stakes)(?:-Antes)?\((?P<small>[\d, ]+)/(?P<big>[\d, ]+)"
                      r"(?:\s*-\s*(?P<ante>[\d, ]+))?\)\s*-\s*(?P<date>.*)$")
_TABLE = re.compile(r"Table (?P<name>.*?)\s*\((?:Real|Play) Money\)")
_BUTTON = re.compile(r"Seat (\d+) is the button")
_PLAYERS = re.compile(r"Total number of players\s*:\s*(\d+)(?:\s*/\s*(\d+))?")
_SEAT = re.compile(r"Seat (?P<num>\d+): (?P<name>.+?) \(\s*(?P<stack>[$€]?[\d,.]+)\s*"
                   r"(?:[A-Z]{3}\s*)?\)(?P<rest>.*)$")
_STREETS = {"** Dealing **": 3, "** Dealing Third street **": 3,
            "** Dealing Fourth street **": 4, "** Dealing Fifth street **": 5,
            "** Dealing Sixth street **": 6, "** Dealing River **": 7,
            "** Dealing Seventh street **": 7}
_DEALT = re.compile(r"Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]\s*$")
_VERBS = ("posts ante", "bring-ins", "completes", "double bets", "bets", "raises", "calls",
          "checks", "folds", "is all-In", "shows", "doesn't show", "mucks", "wins")
_ACTION = re.compile(r"(?P<name>.+?) (?P<verb>" + "|".join(_VERBS) + r")(?P<rest>(?: .*)?)$")
_ACTION_GREEDY = re.compile(r"(?P<name>.+) (?P<verb>" + "|".join(_VERBS) + r")(?P<rest>(?: .*)?)$")
_AMOUNT = re.compile(r"\s*[\[(]?\s*(?:Lo\s*\(\s*|Hi\s*\(\s*)?(?P<sym>[$€]?)\s*"
                     r"(?P<num>\d[\d,]*(?:\.\d+)?)\s*(?:USD|EUR|chips)?\s*[\])]?\)?\.?")
_SHOWN = re.compile(r"\s*\[(?P<cards>[^\]]*)\]")
#: lines that say nothing about the hand (comings and goings, time, chat)
_NOISE = re.compile(
    r"Game #\w+ starts\.?$|.+ has (?:joined|left) the table\.?$|.+ is sitting out\.?$|"
    r".+ (?:has|will be using) .*(?:seconds?|time ?bank).*$|.+ is (?:dis|re)connected.*$|"
    r".+ has been (?:dis|re)connected.*$|Connection Lost.*$|Player .+ finished in .*$|"
    r"Congratulations to .*$|.+ (?:has been|was) reconnected.*$|.+ did not respond in time\.?$|"
    r"There is no Small Blind.*$|.+ is feeling .*$|.+ adds .* chips?.*$|.+ sits out\.?$|"
    r".+ is back\.?$")
_CANCELLED = re.compile(r"Table Closed|Hand cancelled|Game cancelled", re.IGNORECASE)
_STUD = {"7 Card Stud": Variant.SEVEN_CARD_STUD, "7 Card Stud Hi-Lo": Variant.SEVEN_CARD_STUD_HILO}
_RANKS = "23456789TJQKA"
_SUITS = "cdhs"


class _Fail(Exception):
    def __init__(self, line: int, reason: str) -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason


class _Skip(Exception):
    def __init__(self, cancelled: bool = False) -> None:
        super().__init__()
        self.cancelled = cancelled


_CARD_CACHE: dict[str, Card] = {}


def _card(token: str, line: int) -> Card:
    card = _CARD_CACHE.get(token)
    if card is not None:
        return card
    text = token.strip()
    if text.startswith("10"):
        text = "T" + text[2:]
    if len(text) == 2 and text[0].lower() in _SUITS and text[1].upper() in _RANKS:
        text = text[1] + text[0]  # written suit first
    if len(text) != 2 or text[0].upper() not in _RANKS or text[1].lower() not in _SUITS:
        raise _Fail(line, f"{token!r} is not a card")
    card = _CARD_CACHE[token] = Card(text[0].upper() + text[1].lower())
    return card


def _cards(text: str, line: int) -> tuple[Card, ...]:
    return tuple(_card(t, line) for t in text.replace(",", " ").split())


def _number(text: str, cents: bool, line: int) -> int:
    value = _amount_of(text, cents, line)
    if value >= 1 << 31:
        raise _Fail(line, f"{text!r}: an amount is at most 2**31 - 1 chips")
    return value


def _amount_of(text: str, cents: bool, line: int) -> int:
    text = text.replace(",", "").replace(" ", "")
    whole, _, frac = text.partition(".")
    if not whole.isdigit() or (frac and not frac.isdigit()):
        raise _Fail(line, f"{text!r} is not an amount")
    if not cents:
        if frac.strip("0"):
            raise _Fail(line, f"{text!r}: chips are whole")
        return int(whole)
    if len(frac) > 2 and frac[2:].strip("0"):
        raise _Fail(line, f"{text!r} is not a whole number of cents")
    return int(whole) * 100 + int((frac + "00")[:2])


class _Hand:
    """One hand's lines to a HandRecord (raises _Fail or _Skip)."""

    def __init__(self, lines: list[tuple[int, str]], file: str | None,
                 profile: dict[str, Any]) -> None:
        self.lines = lines
        self.file = file
        self.profile = profile
        self.hand_id: str | None = None

    def parse(self) -> HandRecord:
        lines = self.lines
        first = lines[0][0]
        index = 0
        fields: list[tuple[str, Any]] = []
        # the banner, and the game line after it
        while index < len(lines) and not _BANNER.match(lines[index][1]):
            match = _GAME_NO.match(lines[index][1])
            if match:
                self.hand_id = match.group(1)
            index += 1
        if index >= len(lines):
            raise _Fail(lines[-1][0], "no '***** Hand History for Game' line")
        self.hand_id = _BANNER.match(lines[index][1]).group(1)  # type: ignore[union-attr]
        index += 1
        if index >= len(lines):
            raise _Fail(lines[-1][0], "the hand ends after its banner (cut short?)")
        number, header = lines[index]
        games = _GAMES.findall(header)
        if not games:
            raise _Fail(number, f"no game named in {header!r}")
        if games[0] not in _STUD:
            raise _Skip()
        variant = _STUD[games[0]]
        tourney = _TOURNEY.match(header) if "Trny:" in header else None
        cash = None if tourney else _CASH.match(header)
        match = tourney or cash
        if match is None:
            raise _Fail(number, f"a game line that does not read: {header!r}")
        if match.group("limit") in ("NL", "PL"):
            raise _Fail(number, "only fixed-limit stud is read")
        cents = cash is not None
        currency: str | None = None
        if cash is not None:
            currency = cash.group("iso") or {"$": "USD", "€": "EUR"}.get(cash.group("sym"))
            if currency is None:
                raise _Fail(number, "a cash game's line that names no currency")
        else:
            assert tourney is not None
            fields += [("_tournament", tourney.group("tid")), ("_level", tourney.group("level"))]
            if tourney.group("buyin").strip():
                fields.append(("_buy_in", tourney.group("buyin").strip()))
        small = _number(match.group("small"), cents, number)
        big = _number(match.group("big"), cents, number)
        fields += [("_game", header), ("_date", match.group("date").strip())]
        index += 1

        table: str | None = None
        button: int | None = None
        listed: dict[str, tuple[int, int, int]] = {}  # name -> site seat, stack, line
        street = 0
        antes: dict[str, tuple[int, int]] = {}  # name -> amount, line
        steps: list[Step] = []
        put_in: dict[str, int] = {}
        bets: dict[str, int] = {}
        folded: set[str] = set()
        dealt: dict[str, tuple[Card | None, ...]] = {}  # this street's cards
        dealt_in: list[str] = []  # the seats dealt in, by their 3rd street lines
        seen: dict[Card, str] = {}
        hero: str | None = None
        bring_in: int | None = None
        acted = False  # a decision made this street
        deal_pending = False
        seat_of: dict[str, int] = {}
        order: list[str] = []
        collected: dict[str, int] = {}
        mucked_cards: list[tuple[int, str]] = []
        wins = False
        cancelled = False

        def amount(rest: str, line: int) -> int:
            found = _AMOUNT.match(rest)
            if found is None:
                raise _Fail(line, f"no amount in {rest.strip()!r}")
            return _number(found.group("num"), cents, line)

        def seats_now(line: int) -> None:
            """Fixes the seats at the first decision: those who anted or
            were dealt cards, in table order from the button's left."""
            nonlocal order
            names = [n for n in listed if n in antes or n in dealt_in]
            names.sort(key=lambda n: listed[n][0])
            if button is not None:
                after = [n for n in names if listed[n][0] > button]
                names = after + [n for n in names if listed[n][0] <= button]
            if not 2 <= len(names) <= 8:
                raise _Fail(line, f"{len(names)} players dealt in: a stud hand has 2 to 8")
            order = names
            for seat, name in enumerate(names):
                seat_of[name] = seat

        def flush_deal(line: int) -> None:
            nonlocal deal_pending
            if not deal_pending:
                return
            deal_pending = False
            if not order:
                seats_now(line)
            count = 3 if street == 3 else 1
            for name in order:
                if name in folded:
                    continue
                cards = dealt.get(name, (None,) * count)
                steps.append(_trusted(Dealt, seat_of[name], cards))
            for name in dealt:
                if name not in seat_of or name in folded:
                    raise _Fail(line, f"cards dealt to {name}, who is not in the hand")
            dealt.clear()

        def note(card: Card, owner: str, line: int) -> None:
            other = seen.get(card)
            if other is not None and other != owner:
                raise _Fail(line, f"{card} is dealt twice ({other}, {owner})")
            seen[card] = owner

        for number, line in lines[index:]:
            if not line:
                continue
            if line in _STREETS:
                flush_deal(number)
                new = _STREETS[line]
                if new <= street:
                    raise _Fail(number, f"{line!r} after street {street}")
                street = new
                bets = {}
                acted = False
                deal_pending = True
                continue
            if street == 0:
                seat = _SEAT.match(line)
                if seat is not None:
                    name = seat.group("name").strip()
                    if name in listed:
                        raise _Fail(number, f"{name} is seated twice")
                    stack = seat.group("stack").lstrip("$€")
                    listed[name] = (int(seat.group("num")), _number(stack, cents, number), number)
                    continue
                found = _BUTTON.match(line)
                if found is not None:
                    button = int(found.group(1))
                    continue
                found = _PLAYERS.match(line)
                if found is not None:
                    if found.group(2):
                        fields.append(("seat_count", int(found.group(2))))
                    continue
                found = _TABLE.match(line)
                if found is not None:
                    table = found.group("name")
                    continue
            if line.startswith("Dealt to "):
                if street == 0:
                    raise _Fail(number, "cards dealt before the deal")
                found = _DEALT.match(line)
                if found is None:
                    raise _Fail(number, f"a 'Dealt to' line that does not read: {line!r}")
                name = found.group("name")
                if name not in listed:
                    raise _Fail(number, f"cards dealt to {name}, who is not seated")
                cards = _cards(found.group("cards"), number)
                for card in cards:
                    note(card, name, number)
                count = 3 if street == 3 else 1
                if not cards or not deal_pending:
                    raise _Fail(number, f"cards dealt to {name} out of the deal")
                if street == 3:
                    dealt_in.append(name)
                    if len(cards) == 3:
                        hero = name
                if len(cards) >= count:
                    dealt[name] = cards[len(cards) - count:]
                else:
                    dealt[name] = (None,) * (count - len(cards)) + cards
                continue
            action = _ACTION.match(line)
            if action is not None and action.group("name") not in listed:
                action = _ACTION_GREEDY.match(line)
            if action is None or action.group("name") not in listed:
                if _NOISE.match(line):
                    continue
                if _CANCELLED.match(line):
                    cancelled = True
                    continue
                colon = line.find(": ")
                if colon > 0 and line[:colon] in listed:
                    continue  # chat
                raise _Fail(number, f"a line that does not read: {line!r}")
            name, verb, rest = action.group("name", "verb", "rest")
            if verb == "posts ante":
                if street:
                    raise _Fail(number, f"{name} posts an ante after the deal")
                if name in antes:
                    raise _Fail(number, f"{name} posts the ante twice")
                paid = amount(rest, number)
                antes[name] = (paid, number)
                put_in[name] = put_in.get(name, 0) + paid
                continue
            if verb in ("shows", "doesn't show", "mucks", "wins"):
                flush_deal(number)
                if name not in seat_of:
                    raise _Fail(number, f"{name} is not in the hand")
                seat_number = seat_of[name]
                if verb == "wins":
                    collected[name] = collected.get(name, 0) + amount(rest, number)
                    wins = True
                    continue
                shown = _SHOWN.match(rest)
                cards = _cards(shown.group("cards"), number) if shown else ()
                for card in cards:
                    note(card, name, number)
                if verb == "shows":
                    steps.append(_trusted(Showed, seat_number, cards))
                else:
                    steps.append(_trusted(Mucked, seat_number))
                    if cards:
                        mucked_cards.append((seat_number, " ".join(map(str, cards))))
                continue
            # a betting decision
            if street == 0:
                raise _Fail(number, f"{name} acts before the deal")
            flush_deal(number)
            if name not in seat_of:
                raise _Fail(number, f"{name} acts but is not in the hand")
            if name in folded:
                raise _Fail(number, f"{name} acts after folding")
            seat_number = seat_of[name]
            had = bets.get(name, 0)
            if verb == "folds":
                steps.append(_trusted(Acted, seat_number, Move.FOLD, None))
                folded.add(name)
            elif verb == "checks":
                steps.append(_trusted(Acted, seat_number, Move.CHECK_CALL, None))
            else:
                added = amount(rest, number)
                to = had + added
                top = max(bets.values(), default=0)
                if verb == "bring-ins":
                    move = Move.BRING_IN
                    bring_in = added
                elif verb == "calls":
                    move = Move.CHECK_CALL
                elif verb == "is all-In":
                    if street == 3 and not acted:
                        move = Move.BRING_IN
                    elif to > top:
                        move = Move.RAISE
                    else:
                        move = Move.CHECK_CALL
                else:  # completes, bets, double bets, raises
                    move = Move.RAISE
                bets[name] = to
                put_in[name] = put_in.get(name, 0) + added
                steps.append(_trusted(Acted, seat_number, move, to))
            acted = True

        last = lines[-1][0]
        if not wins:
            if cancelled:
                raise _Skip(cancelled=True)
            raise _Fail(last, "the hand ends before anyone wins (the file is cut short?)")
        if not order:
            raise _Fail(last, "nobody was dealt in")
        # the antes: one amount, short only when all in
        ante = max((paid for paid, _ in antes.values()), default=0)
        for name, (paid, where) in antes.items():
            if name not in seat_of:
                raise _Fail(where, f"{name} posted the ante but was not dealt in")
            if paid != ante and paid != listed[name][1]:
                raise _Fail(where, f"{name} posted an ante of {paid}, the others {ante}")
        if ante:
            for name in order:
                if name not in antes:
                    raise _Fail(listed[name][2], f"{name} was dealt in without posting the ante")
        for name in order:
            if put_in.get(name, 0) > listed[name][1]:
                raise _Fail(last, f"{name} put in {put_in[name]}, more than the "
                                  f"{listed[name][1]} he sat with")
        # what the pots held: all put in, less the uncalled part of the top bet
        given = sorted(put_in.values(), reverse=True) + [0, 0]
        pot = sum(given) - (given[0] - given[1])
        got = sum(collected.values())
        if got > pot or (not cents and got != pot):
            raise _Fail(last, f"the wins ({got}) do not make the pot ({pot})"
                              + ("" if cents else ": a tournament takes no rake"))
        options = options_for(self.profile, variant)
        try:
            rules = _cached_rules(variant, small, big, ante, bring_in, **options)
        except (TypeError, ValueError) as error:
            raise _Fail(lines[index - 1][0], f"the rules: {error}") from None
        stacks = [listed[name][1] for name in order]
        try:
            _checked_stacks(rules, stacks, "seat")
        except (TypeError, ValueError) as error:
            raise _Fail(first, str(error)) from None
        if hero is not None:
            fields.append(("_hero", hero))
        if mucked_cards:
            fields.append(("_mucked_cards", tuple(mucked_cards)))
        return HandRecord(
            rules, tuple(stacks), tuple(steps), players=tuple(order),
            seats=tuple(listed[name][0] for name in order), hand_id=self.hand_id, table=table,
            collected=tuple(collected.get(name, 0) for name in order), rake=0,
            currency=currency, fields=tuple(fields),
            source=Source(self.file, first, "partypoker"))


class PartyPokerReader:
    """Reads a PartyPoker file's lines (see the module): ``read(lines)``
    yields a ``HandRecord`` per hand and a ``HistoryError`` per hand that
    cannot be read; ``skipped`` counts the hands of other games,
    ``cancelled`` the hands the site cancelled."""

    def __init__(self, file: str | None = None, profile: dict[str, Any] | None = None) -> None:
        self.file = file
        self.profile = dict(PARTYPOKER_PROFILE if profile is None else profile)
        self.skipped = 0
        self.cancelled = 0

    def read(self, lines: Iterable[str]) -> Iterator[Union[HandRecord, HistoryError]]:
        hand: list[tuple[int, str]] = []
        game_no = False  # the hand began with '#Game No', its banner still to come
        for number, raw in enumerate(lines, 1):
            line = raw.strip()
            if line.startswith("#Game No"):
                if hand:
                    yield from self._hand(hand)
                hand = [(number, line)]
                game_no = True
                continue
            if line.startswith("*****") and _BANNER.match(line):
                if hand and not game_no:
                    yield from self._hand(hand)
                    hand = []
                game_no = False
                hand.append((number, line))
                continue
            if hand:
                hand.append((number, line))
            elif line and not _NOISE.match(line):
                yield HistoryError(f"a line before the first hand: {line!r}", self.file, None,
                                   number)
        if hand:
            yield from self._hand(hand)

    def _hand(self, lines: list[tuple[int, str]]) -> Iterator[Union[HandRecord, HistoryError]]:
        while lines and not lines[-1][1]:
            lines.pop()
        parser = _Hand(lines, self.file, self.profile)
        try:
            yield parser.parse()
        except _Skip as skip:
            if skip.cancelled:
                self.cancelled += 1
            else:
                self.skipped += 1
        except _Fail as fail:
            yield HistoryError(fail.reason, self.file, parser.hand_id, fail.line)
        except (TypeError, ValueError) as error:
            yield HistoryError(str(error), self.file, parser.hand_id, lines[0][0])


def detect(head: str) -> bool:
    """A PartyPoker file: a ``***** Hand History for Game N *****`` banner
    (888poker's names its site between the stars and ``Hand``)."""
    return any(_BANNER.match(line) for line in head.split("\n"))


FORMAT = SiteFormat("partypoker", "PartyPoker", detect, PartyPokerReader, PARTYPOKER_PROFILE)
