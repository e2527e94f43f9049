"""What the OnGame, Winamax and PartyPoker readers share: a hand's state as
its lines tell it (``LineHand``: the seats listed, the antes, the streets'
deals, the bets, the collections) turned into a ``HandRecord`` once the
lines are read, the cards and amounts as these sites write them, and a
reader that splits a file into hands at each header line (``LineReader``).
A site's module says how its lines read; this module knows no site's
words.  Winamax's, OnGame's and PartyPoker's lines are read in C:
src/studcore/site_lines.c holds ``LineHand``'s checks and messages, and
python/stud/_sitetext.pxi splits their files as ``LineReader`` does
(site_text.h's STUD_SITE_SPLIT_LINES; PartyPoker's as its own reader did:
a hand begins at its ``#Game No`` line, or at a banner with none before
it).

Not a site format itself: the registry (``stud.histories.sites``) loads
the modules it names, never this one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any, ClassVar, Union

from ..._core import Card, _checked_stacks
from ...enums import Variant
from ..errors import HistoryError
from ..record import (
    Acted,
    Dealt,
    HandRecord,
    Move,
    Source,
    Step,
    _cached_rules,
    _trusted,
    options_for,
)
from ._stud_text import Fail, Skip

__all__ = ["LineHand", "LineReader", "action_patterns", "amount_of", "bounded", "read_card"]

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
#: token -> card, for the rank-first and for the suit-first readers
_CARD_CACHE: dict[str, Card] = {}
_SUIT_FIRST_CACHE: dict[str, Card] = {}


#: the move of a betting verb that names its amount (a raise names its "to")
_MOVES = {"bet": Move.RAISE, "call": Move.CHECK_CALL, "complete": Move.RAISE,
          "bring_in": Move.BRING_IN}


def action_patterns(verbs: Iterable[str]) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The patterns of an action's line, ``NAME VERB[ REST]`` (``verbs``
    tried in their order): the first takes the shortest name that reads,
    the second the longest (for a name that holds a verb)."""
    alternatives = "|".join(map(re.escape, verbs))
    return (re.compile(r"(?P<name>.+?) (?P<verb>" + alternatives + r")(?P<rest>(?: .*)?)$"),
            re.compile(r"(?P<name>.+) (?P<verb>" + alternatives + r")(?P<rest>(?: .*)?)$"))


def read_card(token: str, line: int, suit_first: bool = False) -> Card:
    """The card of ``token`` ("As", "10h"; with ``suit_first``, "sA" too),
    raising ``Fail``."""
    cache = _SUIT_FIRST_CACHE if suit_first else _CARD_CACHE
    card = cache.get(token)
    if card is not None:
        return card
    text = token.strip()
    if text.startswith("10"):
        text = "T" + text[2:]
    if suit_first and len(text) == 2 and text[0].lower() in _SUITS and text[1].upper() in _RANKS:
        text = text[1] + text[0]  # written suit first
    if len(text) != 2 or text[0].upper() not in _RANKS or text[1].lower() not in _SUITS:
        raise Fail(line, f"{token!r} is not a card")
    card = cache[token] = Card(text[0].upper() + text[1].lower())
    return card


def amount_of(text: str, cents: bool, line: int) -> int:
    """The chips (``cents`` False: whole) or cents of a plain number's
    text ("1200", "3.5"), raising ``Fail``; the caller bounds it."""
    whole, _, frac = text.partition(".")
    if not whole.isdigit() or (frac and not frac.isdigit()):
        raise Fail(line, f"{text!r} is not an amount")
    if not cents:
        if frac.strip("0"):
            raise Fail(line, f"{text!r}: chips are whole")
        return int(whole)
    if len(frac) > 2 and frac[2:].strip("0"):
        raise Fail(line, f"{text!r} is not a whole number of cents")
    return int(whole) * 100 + int((frac + "00")[:2])


def bounded(value: int, text: str, line: int) -> int:
    """``value``, read from ``text``, if it is below 2**31."""
    if value >= 1 << 31:
        raise Fail(line, f"{text!r}: an amount is at most 2**31 - 1 chips")
    return value


class LineHand:
    """One hand's lines to a HandRecord (raises ``Fail`` or ``Skip``): the
    site's ``parse`` reads the lines into this state with the methods
    below and ends with ``finish``."""

    format = ""

    def __init__(self, lines: list[tuple[int, str]], file: str | None,
                 profile: dict[str, Any]) -> None:
        self.lines = lines
        self.file = file
        self.profile = profile
        self.hand_id: str | None = None
        self.cents = False
        self.fields: list[tuple[str, Any]] = []
        self.listed: dict[str, tuple[int, int, int]] = {}  # name -> site seat, stack, line
        self.street = 0
        self.antes: dict[str, tuple[int, int]] = {}  # name -> amount, line
        self.steps: list[Step] = []
        self.put_in: dict[str, int] = {}
        self.bets: dict[str, int] = {}
        self.folded: set[str] = set()
        self.dealt: dict[str, tuple[Card | None, ...]] = {}  # this street's cards
        self.dealt_in: list[str] = []  # the seats dealt in, by their 3rd street lines
        self.seen: dict[Card, str] = {}
        self.hero: str | None = None
        self.bring_in: int | None = None
        self.deal_pending = False
        self.seat_of: dict[str, int] = {}
        self.order: list[str] = []
        self.collected: dict[str, int] = {}
        #: the site seat the button is at (None: no button, the seats in seat order)
        self.button: int | None = None

    def parse(self) -> HandRecord:
        raise NotImplementedError

    def number(self, text: str, line: int) -> int:
        """An amount's text as the site writes it, in chips or cents."""
        raise NotImplementedError

    def amount(self, rest: str, line: int, pattern: Any) -> int:
        """The amount that ``pattern`` (a regex with a ``num`` group)
        finds at the start of ``rest``."""
        found = pattern.match(rest)
        if found is None:
            raise Fail(line, f"no amount in {rest.strip()!r}")
        return self.number(found.group("num"), line)

    def action(self, line: str, lazy: Any, greedy: Any) -> Any:
        """The match of an action's line by ``lazy`` (its name the shortest
        that reads), else by ``greedy`` (the longest), of a player at the
        table: None if neither names one."""
        listed = self.listed
        action = lazy.match(line)
        if action is not None and action.group("name") not in listed:
            action = greedy.match(line)
        if action is None or action.group("name") not in listed:
            return None
        return action

    def seat(self, line: int, site_seat: int, name: str, stack: str) -> None:
        """A seat's line: its number, player and stack's text."""
        if name in self.listed:
            raise Fail(line, f"{name} is seated twice")
        self.listed[name] = (site_seat, self.number(stack, line), line)

    def read_action(self, number: int, line: str, lazy: Any, greedy: Any,
                    noise: Any) -> tuple[str, str, str] | None:
        """The name, verb and rest of an action's line (as ``action``
        finds them); None for a line that ``noise`` matches, which says
        nothing of the hand; any other line is an error."""
        action = self.action(line, lazy, greedy)
        if action is None:
            if noise.match(line):
                return None
            raise Fail(number, f"a line that does not read: {line!r}")
        name, verb, rest = action.group("name", "verb", "rest")
        return name, verb, rest

    def seat_line(self, number: int, line: str, pattern: Any) -> bool:
        """Reads a seat's line (``pattern``'s groups ``num``, ``name`` and
        ``stack``), if ``line`` is one."""
        found = pattern.match(line)
        if found is None:
            return False
        self.seat(number, int(found.group("num")), found.group("name"), found.group("stack"))
        return True

    def new_street(self, line: int, text: str, street: int) -> None:
        self.flush_deal(line)
        if street <= self.street:
            raise Fail(line, f"{text!r} after street {self.street}")
        self.street = street
        self.bets = {}
        self.deal_pending = True

    def seats_now(self, line: int) -> None:
        """Fixes the seats at the first decision: those who anted or were
        dealt cards, in table order (from the button's left if there is one)."""
        listed = self.listed
        names = sorted((n for n in listed if n in self.antes or n in self.dealt_in),
                       key=lambda n: listed[n][0])
        button = self.button
        if button is not None:
            after = [n for n in names if listed[n][0] > button]
            names = after + [n for n in names if listed[n][0] <= button]
        if not 2 <= len(names) <= 8:
            raise Fail(line, f"{len(names)} players dealt in: a stud hand has 2 to 8")
        self.order = names
        for seat, name in enumerate(names):
            self.seat_of[name] = seat

    def flush_deal(self, line: int) -> None:
        """The street's Dealt steps, once its deal is over."""
        if not self.deal_pending:
            return
        self.deal_pending = False
        if not self.order:
            self.seats_now(line)
        count = 3 if self.street == 3 else 1
        dealt, seat_of, folded = self.dealt, self.seat_of, self.folded
        for name in self.order:
            if name not in folded:
                self.steps.append(_trusted(Dealt, seat_of[name], dealt.get(name, (None,) * count)))
        for name in dealt:
            if name not in seat_of or name in folded:
                raise Fail(line, f"cards dealt to {name}, who is not in the hand")
        dealt.clear()

    def note(self, cards: Iterable[Card | None], owner: str, line: int) -> None:
        """``owner``'s cards, each seen in one place only."""
        seen = self.seen
        for card in cards:
            if card is None:
                continue
            other = seen.get(card)
            if other is not None and other != owner:
                raise Fail(line, f"{card} is dealt twice ({other}, {owner})")
            seen[card] = owner

    def post_ante(self, line: int, name: str, rest: str, pattern: Any) -> None:
        """``name`` posts the ante that ``rest`` names (``pattern`` as for
        ``amount``)."""
        if self.street or name in self.antes:
            raise Fail(line, f"{name} posts an ante out of place")
        paid = self.amount(rest, line, pattern)
        self.antes[name] = (paid, line)
        self.put_in[name] = self.put_in.get(name, 0) + paid

    def acting(self, line: int, name: str) -> int:
        """The engine seat of ``name``, who makes a betting decision."""
        if self.street == 0:
            raise Fail(line, f"{name} acts before the deal")
        if name in self.folded:
            raise Fail(line, f"{name} acts after folding")
        return self.seat_of[name]

    def fold_or_check(self, seat: int, name: str, fold: bool) -> None:
        if fold:
            self.steps.append(_trusted(Acted, seat, Move.FOLD, None))
            self.folded.add(name)
        else:
            self.steps.append(_trusted(Acted, seat, Move.CHECK_CALL, None))

    def decision(self, number: int, name: str, kind: str, rest: str, all_in: bool, line: str,
                 raise_to: Any, amount: Any) -> None:
        """A betting decision of ``kind`` ("fold", "check", "bet", "call",
        "complete", "bring_in", or "raise", whose ``raise_to`` pattern finds
        the round total in ``rest``; the others add the ``amount`` found)."""
        seat = self.acting(number, name)
        if kind in ("fold", "check"):
            self.fold_or_check(seat, name, kind == "fold")
            return
        if kind == "raise":
            found = raise_to.match(rest)
            if found is None:
                raise Fail(number, f"a raise with no 'to' amount: {line!r}")
            to = self.number(found.group("num"), number)
            move = Move.RAISE
        else:
            to = self.bets.get(name, 0) + self.amount(rest, number, amount)
            move = _MOVES[kind]
            if kind == "bring_in" and not all_in:
                self.bring_in = to
        self.bet_to(number, seat, name, move, to)

    def bet_to(self, line: int, seat: int, name: str, move: Move, to: int) -> None:
        """``name``'s round total becomes ``to``."""
        had = self.bets.get(name, 0)
        if to < had:
            raise Fail(line, f"{name}'s bet goes down to {to}")
        self.put_in[name] = self.put_in.get(name, 0) + to - had
        self.bets[name] = to
        self.steps.append(_trusted(Acted, seat, move, to))

    def check_antes(self) -> int:
        """The ante: one amount, short only when all in."""
        ante = max((paid for paid, _ in self.antes.values()), default=0)
        for name, (paid, where) in self.antes.items():
            if name not in self.seat_of:
                raise Fail(where, f"{name} posted the ante but was not dealt in")
            if paid != ante and paid != self.listed[name][1]:
                raise Fail(where, f"{name} posted an ante of {paid}, the others {ante}")
        return ante

    def check_stacks(self, last: int) -> None:
        for name in self.order:
            if self.put_in.get(name, 0) > self.listed[name][1]:
                raise Fail(last, f"{name} put in {self.put_in[name]}, more than the "
                                 f"{self.listed[name][1]} he sat with")

    def uncalled(self) -> tuple[str, int]:
        """Who put in the most, and by how much more than the next."""
        ranked = sorted(self.put_in.items(), key=lambda item: -item[1]) + [("", 0)]
        return ranked[0][0], ranked[0][1] - ranked[1][1]

    def finish(self, variant: Variant, small: int, big: int, ante: int, rules_line: int,
               table: str | None, rake: int, currency: str | None,
               more_fields: Iterable[tuple[str, Any]] = ()) -> HandRecord:
        """The record, once the lines are read and checked (``more_fields``
        follow the hero's)."""
        first = self.lines[0][0]
        try:
            rules = _cached_rules(variant, small, big, ante, self.bring_in,
                                  **options_for(self.profile, variant))
        except (TypeError, ValueError) as error:
            raise Fail(rules_line, f"the rules: {error}") from None
        order, listed = self.order, self.listed
        stacks = [listed[name][1] for name in order]
        try:
            _checked_stacks(rules, stacks, "seat")
        except (TypeError, ValueError) as error:
            raise Fail(first, str(error)) from None
        if self.hero is not None:
            self.fields.append(("_hero", self.hero))
        self.fields.extend(more_fields)
        return HandRecord(
            rules, tuple(stacks), tuple(self.steps), players=tuple(order),
            seats=tuple(listed[name][0] for name in order), hand_id=self.hand_id, table=table,
            collected=tuple(self.collected.get(name, 0) for name in order), rake=rake,
            currency=currency, fields=tuple(self.fields),
            source=Source(self.file, first, self.format))


class LineReader:
    """Reads a site's file lines: ``read(lines)`` yields a ``HandRecord``
    per hand and a ``HistoryError`` per hand that cannot be read;
    ``skipped`` counts the hands of other games, ``cancelled`` those the
    site cancelled.  A hand starts at a line ``is_header`` accepts and is
    read by the site's ``LineHand`` (``hand``)."""

    hand: type[LineHand] = LineHand
    profile_default: ClassVar[dict[str, Any]] = {}

    def __init__(self, file: str | None = None, profile: dict[str, Any] | None = None) -> None:
        self.file = file
        self.profile = dict(self.profile_default if profile is None else profile)
        self.skipped = 0
        self.cancelled = 0

    def is_header(self, line: str) -> bool:
        raise NotImplementedError

    def read(self, lines: Iterable[str]) -> Iterator[Union[HandRecord, HistoryError]]:
        hand: list[tuple[int, str]] = []
        for number, raw in enumerate(lines, 1):
            line = raw.strip()
            if self.is_header(line):
                if hand:
                    yield from self._hand(hand)
                hand = [(number, line)]
            elif hand:
                hand.append((number, line))
            elif line:
                yield HistoryError(f"a line before the first hand: {line!r}", self.file, None,
                                   number)
        if hand:
            yield from self._hand(hand)

    def _hand(self, lines: list[tuple[int, str]]) -> Iterator[Union[HandRecord, HistoryError]]:
        while lines and not lines[-1][1]:
            lines.pop()
        parser = self.hand(lines, self.file, self.profile)
        try:
            yield parser.parse()
        except Skip as skip:
            if skip.cancelled:
                self.cancelled += 1
            else:
                self.skipped += 1
        except Fail as fail:
            yield HistoryError(fail.reason, self.file, parser.hand_id, fail.line)
        except (TypeError, ValueError) as error:
            yield HistoryError(str(error), self.file, parser.hand_id, lines[0][0])
