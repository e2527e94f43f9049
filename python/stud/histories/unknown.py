"""Cards a record does not name, chosen for a replay (docs/rules.md 11.4).

A record may leave cards unnamed: ``None`` in a ``Dealt`` step (PHH's
``??``, other players' down cards in a site's history).  A replay must deal
something, and what it deals must let every fact of the record hold:

- who brought in (docs/rules.md 2) and who acted first on each later street
  (3): the seat of the first decision after a street's cards.  Only up
  cards decide these, and only unknown up cards can be chosen for them;
- the shown hands' results: a seat that showed has its shown cards, and
  its unknown cards are those it showed and was not seen to be dealt (in
  the order shown, unless an up card must be another of them);
- the collections: the shown hands decide them, and they use their shown
  cards whatever the order, so no choice changes a settlement.

Down cards, and up cards on a street no decision follows, take the first
card of their pool in a fixed order: the seat's shown cards not placed yet,
else the cards the record never names, lowest index first (2c, 2d, 2h, 2s,
3c, ...) when no up card is unknown, and in a hand with an unknown up card
the nearest the middle rank first (8c, 8d, ... 7c, ... 9c, ...:
``_neutral``; the extreme ranks are kept for the facts). An unknown up card
that a fact depends on is chosen by a bounded search (``Filler``): the seat
that must act first is ``X``; the engine's opener is the extreme board
``E`` (2.1-2.2, 3.1-3.4, 3.6) moved on to the next seat with chips (2.6,
3.1), so ``E`` is ``X`` or one of the seats without chips just before it.
For each ``E`` in turn (``X`` first), each card of ``E``'s pool, then each
other unknown seat's cards in pool order that leave that seat's board
behind ``E``'s (a model of the engine's order, ``_board_key``), every
assignment is dealt on a copy of the hand and kept only when the engine
itself names ``X``: the engine, not the model, decides, and the street's
recorded decisions must then play on it (their sizes are facts too: a
4th-street double bet needs an open pair, 4.4). At most ``TRIALS``
assignments are tried on one street. The order of the candidates looks
ahead (``unknown_plan``): a card that leaves a later street's fact for that
seat impossible (it must act first there, or stay behind a wholly named
board that does) is tried after the others, the extreme seat's cards that
leave the other seats such cards come first, and the seats with the fewest
of them are placed first.

A fact of a later street can depend on an up card chosen before (a board
holds every up card).  When no choice of a street fits, the replay starts
again with the next fitting choice of the latest earlier street that had
one (backtracking), at most ``REPLAYS`` times; then the record is not
reproduced, and the error names the first fact that could not hold.

Everything here is a function of the record: pools are ordered by card
index, seats by number, and nothing iterates a set or a hash-ordered
mapping, so the same record gives the same cards, and the same verdict, in
every process (whatever PYTHONHASHSEED).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from ..enums import Variant
from ..game import SEVEN_CARD_VARIANTS
from .unknown_plan import Plan

if TYPE_CHECKING:
    from .._core import Card, Hand
    from ..game import Rules
    from .record import HandRecord

__all__ = ["PER_CARD", "REPLAYS", "TRIALS", "Filler", "NoFit", "street_shape", "up_positions"]

#: assignments tried on the engine for one street's unknown up cards
TRIALS = 512
#: assignments of the other seats tried with one card of the seat that must
#: bring in or act first
PER_CARD = 8
#: replays with another choice of an earlier street (backtracking)
REPLAYS = 64


class NoFit(Exception):
    """No choice of the unknown up cards lets the fact of ``street`` hold;
    ``step``: the record's step that states it, ``reason``: which fact."""

    def __init__(self, street: int, step: int, reason: str) -> None:
        super().__init__(reason)
        self.street = street
        self.step = step
        self.reason = reason


_SHAPES = (((1, 1), (0, 1), (0, 1), (0, 1)), ((2, 1), (0, 1), (0, 1), (0, 1), (1, 0)))
#: which of a seat's cards, in the order dealt, are up cards
_UPS = tuple(tuple(up for down, ups in shape for up in (False,) * down + (True,) * ups)
             for shape in _SHAPES)


def street_shape(rules: Rules) -> list[tuple[int, int]]:
    """(down, up) cards to each seat on each street (docs/rules.md 1)."""
    return list(_SHAPES[rules.variant in SEVEN_CARD_VARIANTS])


def up_positions(rules: Rules) -> tuple[bool, ...]:
    """For each of a seat's cards in the order dealt: is it an up card?"""
    return _UPS[rules.variant in SEVEN_CARD_VARIANTS]


def _board_order_of(rules: Rules) -> tuple[bool, bool] | None:
    """(low, ace_low) of the game's order of boards: ``low``, the lowest
    board acts first and the highest card brings in (Razz 3.3, 2-7 Razz
    12.2-12.3, Hi-Lo Regular 13.2 unless ``action_order="high"``);
    ``ace_low``, the ace ranks low on a board (Razz and Hi-Lo Regular's low
    order).  None: a variant this model does not know (the search then
    tries cards in pool order only, the engine still deciding)."""
    variant = rules.variant
    if variant in (Variant.SEVEN_CARD_STUD, Variant.SEVEN_CARD_STUD_HILO,
                   Variant.FIVE_CARD_STUD, Variant.FIVE_CARD_STUD_HILO):
        return False, False
    if variant is Variant.RAZZ:
        return True, True
    if variant is Variant.DEUCE_TO_SEVEN_RAZZ:
        return True, False
    if variant is Variant.SEVEN_CARD_STUD_HILO_REGULAR:
        return (False, False) if rules.action_order == "high" else (True, True)
    return None


_SUITS = {"c": 0, "d": 1, "h": 2, "s": 3}
_ORDER_TOP = (1 << 61) - 1  # board.h: stud_board_order reverses below 2^61


_BOARD_ORDER: Any = None  # stud._core._board_order, set on first use (no import cycle)


def _board_key(cards: Sequence[Card], low: bool, ace_low: bool, suit: bool) -> int:
    """The engine's order of a board (src/studcore/game.c, board_key):
    larger acts first on later streets, smaller brings in; with the suit
    tie-break the top card's suit in the two low bits (reversed in the low
    orders, where the lowest suit is the lowest card: 2.2, 3.6, 12.2)."""
    global _BOARD_ORDER
    if _BOARD_ORDER is None:
        from .._core import _board_order as _BOARD_ORDER
    key: int = _BOARD_ORDER(list(cards), ace_low)  # (the ace-low order is a low order)
    if low and not ace_low:  # 2-7 Razz: the ace high, the lowest board first
        key = _ORDER_TOP - key
    key <<= 2
    if suit and cards:
        top = max(((c.rank - 1) % 13 if ace_low else c.rank - 2) * 4 + _SUITS[c.suit]
                  for c in cards) & 3
        key |= 3 - top if low else top
    return key


def _ordinal(number: int) -> str:
    return f"{number}{_SUFFIXES.get(number, 'th')}"


_SUFFIXES = {1: "st", 2: "nd", 3: "rd"}


class Filler:
    """The unknown cards of one replay, street by street.

    ``pool``: the cards the record never names, by index; ``extras``: each
    shown seat's shown cards not seen dealt to it, in the order shown;
    ``skips[street]``: fitting assignments of that street to pass over
    (where the backtracking stands); ``chosen``: the streets where up cards
    were chosen for a fact, in order."""

    def __init__(self, rules: Rules, pool: list[Card], extras: dict[int, list[Card]],
                 skips: dict[int, int], record: HandRecord | None = None) -> None:
        self.rules = rules
        self.shapes = street_shape(rules)
        self.pool = list(pool)
        self.extras = {seat: list(cards) for seat, cards in extras.items()}
        self.skips = skips
        self.chosen: list[int] = []
        self.order = _board_order_of(rules)
        self.plan: Plan | None = None
        self.good: dict[int, set[Card]] = {}  # seat -> this street's promising cards
        if record is not None and self.order is not None:
            low, ace_low = self.order
            self.plan = Plan(record, up_positions(rules),
                             lambda cards: _board_key(cards, low, ace_low, False))

    def street(self, hand: Hand, street: int, pending: dict[int, Sequence[Card | None]],
               target: int | None, step: int,
               plays: Callable[[Hand, int], bool] | None = None) -> dict[int, Sequence[Card]]:
        """Every pending seat's cards for the street, None filled."""
        down, up = self.shapes[street] if street < len(self.shapes) else (3, 0)
        slots: dict[int, int] = {}  # seat -> position of its unknown up card
        known: dict[int, list[Card]] = {}  # seat -> the street's named up cards
        for seat, raw in pending.items():
            if len(raw) != down + up:
                continue  # (the engine refuses the deal)
            for position in range(down, down + up):
                card = raw[position]
                if card is None:
                    slots[seat] = position
                else:
                    known.setdefault(seat, []).append(card)
        if not slots or target is None:
            cards, self.pool, self.extras = self._complete(pending, {}, {})
            return cards
        domains: dict[int, list[Card]] = {}
        self.good = {}
        for seat, position in slots.items():
            shown = self.extras.get(seat, [])
            if shown:
                natural = min(sum(c is None for c in pending[seat][:position]), len(shown) - 1)
                domains[seat] = [shown[natural], *shown[:natural], *shown[natural + 1:],
                                 *self.pool]
            else:
                domains[seat] = self.pool
            if self.plan is not None:
                domains[seat] = self._promising_first(seat, street, hand, known, domains[seat])
        skip = self.skips.get(street, 0)
        for trial, pick in enumerate(self._assignments(hand, street, pending, slots, known,
                                                       domains, target)):
            if trial >= TRIALS:
                break
            cards, pool, extras = self._complete(pending, slots, pick)
            copy = hand.copy()
            try:
                copy.deal(cards)
            except ValueError:
                continue
            if copy.actor != target or (plays is not None and not plays(copy, step)):
                continue
            if skip:
                skip -= 1
                continue
            self.chosen.append(street)
            self.pool, self.extras = pool, extras
            return cards
        unknown = list(slots)
        which = (f"up card for seat {unknown[0]}" if len(unknown) == 1 else
                 "up cards for seats " + ", ".join(map(str, unknown)))
        verb = "lets" if len(unknown) == 1 else "let"
        raise NoFit(street, step, f"no {which} on {self.name(street)} {verb} "
                                  f"{self.fact(street, target)}")

    def _promising_first(self, seat: int, street: int, hand: Hand,
                         known: dict[int, list[Card]], domain: list[Card]) -> list[Card]:
        """``domain`` with the cards that can still meet the later streets'
        facts first (``unknown_plan``), each part in its order."""
        assert self.plan is not None
        board = [*hand.up_cards(seat), *known.get(seat, ())]
        free = [*self.extras.get(seat, ()), *self.pool]
        good: list[Card] = []
        rest: list[Card] = []
        verdicts: dict[int, bool] = {}  # by rank: the test compares ranks
        for card in domain:
            ok = verdicts.get(card.rank)
            if ok is None:
                ok = verdicts[card.rank] = self.plan.promising(seat, street, [*board, card], free)
            (good if ok else rest).append(card)
        self.good[seat] = set(good)
        return good + rest

    def _roomy_first(self, extreme: int, own: list[Card | None], others: list[int],
                     domains: dict[int, list[Card]], key: Callable[[int, Card | None], int],
                     beats: Callable[[int, int, int, int], bool]) -> list[Card | None]:
        """The extreme seat's cards, those that leave every other unknown
        seat a promising card behind it first (each part in its order)."""
        roomy: list[Card | None] = []
        cramped: list[Card | None] = []
        for card in own:
            top = key(extreme, card)
            room = all(any(c != card and c in self.good.get(seat, ()) and
                           beats(extreme, top, seat, key(seat, c)) for c in domains[seat])
                       for seat in others)
            (roomy if room else cramped).append(card)
        return roomy + cramped

    def check(self, hand: Hand, street: int, target: int | None, step: int) -> None:
        """After a street dealt without a choice: a fact that depends on an
        up card chosen before must hold too."""
        if self.chosen and target is not None and hand.actor != target:
            raise NoFit(street, step, f"no choice of the unknown up cards lets "
                                      f"{self.fact(street, target)} on {self.name(street)}")

    def name(self, street: int) -> str:
        streets = self.rules.streets
        return f"{_ordinal(streets[street])} street" if street < len(streets) else "a street"

    @staticmethod
    def fact(street: int, target: int) -> str:
        return f"seat {target} bring in" if street == 0 else f"seat {target} act first"

    def _complete(self, pending: dict[int, Sequence[Card | None]], slots: dict[int, int],
                  pick: dict[int, Card]) -> tuple[dict[int, Sequence[Card]], list[Card],
                                                  dict[int, list[Card]]]:
        """The street's cards with the up cards of ``pick`` and every other
        unknown card the first of its pool (the seat's shown cards, then the
        unnamed ones, lowest first); and the pools left."""
        taken = list(pick.values())
        pool = [card for card in self.pool if card not in taken] if taken else list(self.pool)
        extras = {seat: [c for c in shown if c not in taken]
                  for seat, shown in self.extras.items()}
        cards: dict[int, Sequence[Card]] = {}
        for seat, raw in pending.items():
            if None not in raw:
                cards[seat] = raw  # type: ignore[assignment]
                continue
            filled = list(raw)
            shown = extras.get(seat)
            for position, card in enumerate(raw):
                if card is not None:
                    continue
                if slots.get(seat) == position:
                    filled[position] = pick[seat]
                elif shown:
                    filled[position] = shown.pop(0)
                elif pool:
                    filled[position] = pool.pop(_neutral(pool))
                else:
                    raise NoFit(-1, -1, "no card is left to deal")
            cards[seat] = filled  # type: ignore[assignment]
        return cards, pool, extras

    def _assignments(self, hand: Hand, street: int, pending: dict[int, Sequence[Card | None]],
                     slots: dict[int, int], known: dict[int, list[Card]],
                     domains: dict[int, list[Card]],
                     target: int) -> Iterator[dict[int, Card]]:
        """Assignments of the unknown up cards, in a fixed order, that the
        model of the engine's order says let ``target`` open; every
        assignment in pool order for a variant the model does not know."""
        unknown = list(slots)
        if self.order is None:
            yield from _product(unknown, domains, None, {})
            return
        low, ace_low = self.order
        first = street == 0
        suit = (self.rules.bring_in_tiebreak if first else self.rules.board_tiebreak) == "suit"
        stacks = hand.stacks
        live = sorted(pending)  # the seats dealt to: the live ones
        active = [seat for seat in live if stacks[seat] > 0]
        if target not in active:
            return
        boards = {seat: [*hand.up_cards(seat), *known.get(seat, ())] for seat in live}

        def key(seat: int, card: Card | None) -> int:
            return _board_key(boards[seat] if card is None else [*boards[seat], card], low,
                              ace_low, suit)

        def beats(a: int, key_a: int, b: int, key_b: int) -> bool:
            # 2.1, 3.1: the smallest key brings in, the largest opens; ties
            # to the lowest seat (2.2, 3.4)
            if key_a != key_b:
                return key_a < key_b if first else key_a > key_b
            return a < b

        def opener(extreme: int) -> int:
            # 2.6, 3.1: a seat without chips passes it on, clockwise
            later = [seat for seat in active if seat >= extreme]
            return later[0] if later else active[0]

        for extreme in [target, *(seat for seat in live if seat != target)]:
            if opener(extreme) != target:
                continue
            own: list[Card | None] = list(domains[extreme]) if extreme in slots else [None]
            if self.good and len(own) > 1:
                own = self._roomy_first(extreme, own, [s for s in unknown if s != extreme],
                                        domains, key, beats)
            for card in own:
                top = key(extreme, card)
                if not all(beats(extreme, top, seat, key(seat, None)) for seat in live
                           if seat != extreme and seat not in slots):
                    continue
                others = [seat for seat in unknown if seat != extreme]
                fixed = {} if card is None else {extreme: card}
                # a few of the others' cards for each card of the extreme
                # seat: the trials go to the card the fact depends on first
                yield from itertools.islice(_product(
                    others, domains, lambda seat, c, e=extreme, t=top:  # type: ignore[misc]
                    beats(e, t, seat, key(seat, c)), fixed, self.good), PER_CARD)


def _neutral(pool: list[Card]) -> int:
    """Where in ``pool`` the card dealt where no fact needs one is: the
    nearest the middle rank (the eight), then outwards, lowest index first
    at one distance: the extreme ranks decide who brings in and who acts
    first in every game (2.1, 3.1-3.3, 12.2, 13.2) and are kept for that."""
    return min(range(len(pool)), key=lambda i: (abs(pool[i].rank - 8), pool[i].index))


def _product(seats: list[int], domains: dict[int, list[Card]],
             allowed: Callable[[int, Card], bool] | None,
             fixed: dict[int, Card],
             good: dict[int, set[Card]] | None = None) -> Iterator[dict[int, Card]]:
    """Every assignment of distinct cards to ``seats``, each from its domain
    (in order) and ``allowed``, with ``fixed`` placed; lexicographic, the
    last seat changing fastest.  With ``good`` (each seat's promising
    cards), the seats with the fewest promising cards left are placed
    first (they take the scarce cards before the others can)."""
    lists = [[c for c in domains[seat] if allowed is None or allowed(seat, c)]
             for seat in seats]
    if good:
        scarce = sorted(range(len(seats)), key=lambda i: (
            sum(c in good.get(seats[i], ()) for c in lists[i]), i))
        seats, lists = [seats[i] for i in scarce], [lists[i] for i in scarce]
    pick = dict(fixed)

    def walk(i: int) -> Iterator[dict[int, Card]]:
        if i == len(seats):
            yield dict(pick)
            return
        taken = list(pick.values())
        for card in lists[i]:
            if card in taken:
                continue
            pick[seats[i]] = card
            yield from walk(i + 1)
            del pick[seats[i]]

    yield from walk(0)
