"""What players ask of their histories: equities street by street, the
all-in adjusted result, and totals per player over many hands.

``analyze(record)`` replays one hand and gives:

* ``equities``: after each street was dealt, the pot share of every player
  still in the hand (``stud.equity``, exact when small, else Monte Carlo),
  counting what was known then of each hand: every card the record names
  (a player who showed, or a hand recorded in full), the upcards of the
  others; the upcards of players who had folded are dead.
* ``adjusted``: the all-in adjusted result.  When the last decision came
  before the last cards (everyone left all in, or one left with chips), the
  cards still to come did not change anyone's decisions; the adjusted net
  of each seat is then what it put in subtracted from its expected share of
  every pot from that moment (each pot's equity among the players who can
  win it, the rake out of the main pot first as docs/rules.md 11.1 says).
  Otherwise (or when a hand still in was never shown) it is the actual net.

``summarize(records)`` adds these up per player name.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Union

from .._record import Record
from ..game import (
    SEVEN_CARD_VARIANTS,
    ActionKind,
    ActionTaken,
    CardDealt,
    StreetStarted,
    Variant,
)
from .record import HandRecord

if TYPE_CHECKING:
    from .._core import Card, Hand

__all__ = ["HandAnalysis", "PlayerTotals", "StreetEquity", "analyze", "summarize"]

#: Monte Carlo trials per equity when exact enumeration would be large
DEFAULT_TRIALS = 20_000


class StreetEquity(Record):
    """After ``street`` was dealt: each live ``seat``'s pot share."""

    street: int
    seats: tuple[int, ...]
    equity: tuple[float, ...]
    exact: bool


class HandAnalysis(Record):
    """One hand's results: per seat ``net`` (chips won or lost),
    ``adjusted`` (the all-in adjusted net), ``showdown`` (the seat was in
    at the showdown); ``all_in_street``: the street after whose betting
    no one could act any more with cards still to come (None: there was
    none, and adjusted equals net); ``equities``: street by street."""

    hand_id: str | None
    players: tuple[str, ...]
    net: tuple[int, ...]
    adjusted: tuple[float, ...]
    showdown: tuple[bool, ...]
    all_in_street: int | None
    equities: tuple[StreetEquity, ...]


class PlayerTotals(Record):
    """One player's totals over many hands."""

    hands: int
    net: int
    adjusted: float
    showdowns: int
    won_at_showdown: int


def analyze(source: Union[HandRecord, Hand], *, trials: int = DEFAULT_TRIALS, seed: int = 0,
            equities: bool = True) -> HandAnalysis:
    """Equities street by street and the all-in adjusted result of one hand
    (see the module).  ``trials`` and ``seed``: for the Monte Carlo
    equities; ``equities=False`` skips the street-by-street ones.

    >>> from stud import Hand, Rules
    >>> deck = "Ah Kc Ad Kd As Qh 2c 3d 4h 5s 6c 7d 8h 9s"   # ann: aces, bob: kings
    >>> hand = Hand(Rules("stud", 10), [12, 100], deck=deck, seed=1)
    >>> hand.bring_in(); hand.complete(); hand.call()           # ann all in on 3rd street
    >>> result = analyze(hand.to_record(players=("ann", "bob")))
    >>> result.net, result.all_in_street, [round(x, 1) for x in result.adjusted]
    ((12, -12), 3, [10.4, -10.4])
    >>> [(e.street, round(e.equity[0], 2)) for e in result.equities][:2]
    [(3, 0.93), (4, 0.95)]
    """
    from .. import equity

    record = source if isinstance(source, HandRecord) else source.to_record()
    hand = source.replay() if isinstance(source, HandRecord) else source
    n = hand.n_seats
    names = tuple(record.name_of(s) for s in range(n))
    history = hand.history
    named = record.named_cards()  # the cards the record gives (the rest were filled in)
    variant = hand.rules.variant

    # cards seen so far, street by street, and the moment of the last decision
    cards: list[list[tuple[Card, bool]]] = [[] for _ in range(n)]
    folded: set[int] = set()
    snapshots: list[tuple[int, list[list[tuple[Card, bool]]], set[int]]] = []
    street = 0
    last_action = max((i for i, e in enumerate(history) if isinstance(e, ActionTaken)),
                      default=-1)
    dealt_after_last_action = any(isinstance(e, CardDealt) for e in history[last_action + 1:])
    at_last_action: tuple[int, list[list[tuple[Card, bool]]], set[int]] | None = None
    for index, event in enumerate(history):
        if isinstance(event, StreetStarted):
            if street:
                snapshots.append((street, [list(c) for c in cards], set(folded)))
            street = event.street
        elif isinstance(event, CardDealt):
            cards[event.seat].append((event.card, event.face_up))
        elif isinstance(event, ActionTaken) and event.action.kind is ActionKind.FOLD:
            folded.add(event.seat)
        if index == last_action:
            at_last_action = (street, [list(c) for c in cards], set(folded))
    if street:
        snapshots.append((street, [list(c) for c in cards], set(folded)))

    def known(seat: int, seen: list[list[tuple[Card, bool]]]) -> list[Card]:
        return [c for c, up in seen[seat] if up or c in named]

    whole = {s for s in range(n) if all(c in named for c, _ in cards[s])}

    def dead(seen: list[list[tuple[Card, bool]]], out: set[int]) -> list[Card]:
        return [c for s in out for c, up in seen[s] if up]

    street_equities: list[StreetEquity] = []
    if equities:
        for number, seen, out in snapshots:
            live = [s for s in range(n) if s not in out]
            if len(live) < 2 or not any(s in whole for s in live):
                continue
            large = _large(variant, live, seen)
            result = equity(variant, [known(s, seen) for s in live], dead(seen, out) or None,
                            exact=not large, trials=trials if large else None, seed=seed)
            street_equities.append(StreetEquity(number, tuple(live), result.equity,
                                                result.exact))

    net = tuple(stack - start for stack, start in zip(hand.stacks, hand.starting_stacks))
    adjusted: tuple[float, ...] = tuple(float(x) for x in net)
    all_in_street = None
    live_end = set(hand.live_seats)
    if (at_last_action is not None and dealt_after_last_action and len(live_end) > 1
            and live_end <= whole):
        number, seen, out = at_last_action
        all_in_street = number
        expected = [0.0] * n
        rake = hand.rake
        for amount, eligible in hand._pots_among(live_end):  # the main pot first (7.1)
            take = min(rake, amount)
            amount -= take
            rake -= take
            if len(eligible) == 1:
                expected[eligible[0]] += amount
                continue
            others = [c for s in range(n) if s not in eligible for c in known(s, seen)
                      if s not in out] + dead(seen, out)
            large = _large(variant, eligible, seen)
            result = equity(variant, [known(s, seen) for s in eligible], others or None,
                            exact=not large, trials=trials if large else None, seed=seed)
            for s, share in zip(eligible, result.equity):
                expected[s] += share * amount
        # contributions: what each seat put in, less uncalled bets returned
        adjusted = tuple(expected[s] - hand.contributions[s] for s in range(n))
    showdown = tuple(s in live_end and len(live_end) > 1 for s in range(n))
    return HandAnalysis(record.hand_id, names, net, adjusted, showdown, all_in_street,
                        tuple(street_equities))


def _large(variant: Variant, seats: list[int], seen: list[list[tuple[Card, bool]]]) -> bool:
    """Monte Carlo rather than exact: more than a few million outcomes."""
    from math import comb

    size = 7 if variant in SEVEN_CARD_VARIANTS else 5
    need = [size - len(seen[s]) for s in seats]
    left = 52 - sum(len(seen[s]) for s in seats)
    outcomes = 1
    for k in need:
        outcomes *= comb(left, k)
        left -= k
    return outcomes > 5_000_000


def summarize(records: Iterable[Union[HandRecord, Hand]], *, trials: int = DEFAULT_TRIALS,
              seed: int = 0) -> dict[str, PlayerTotals]:
    """Per player name: hands played, net, all-in adjusted net, showdowns
    reached and won (collected something at a showdown).  A hand that names
    no players (a ``Hand``, a PHH file without ``players``) counts each seat
    apart, as "seat N of hand ID" (ID: the hand's id, else its place among
    ``records``, from 1): seat 1 of one hand is not seat 1 of another."""
    totals: dict[str, list[float]] = {}
    for number, source in enumerate(records, 1):
        result = analyze(source, trials=trials, seed=seed, equities=False)
        named = isinstance(source, HandRecord) and source.players is not None
        hand = (source.hand_id if isinstance(source, HandRecord) and source.hand_id
                else str(number))
        for seat, name in enumerate(result.players):
            t = totals.setdefault(name if named else f"{name} of hand {hand}",
                                  [0, 0, 0.0, 0, 0])
            t[0] += 1
            t[1] += result.net[seat]
            t[2] += result.adjusted[seat]
            t[3] += result.showdown[seat]
            t[4] += result.showdown[seat] and result.net[seat] > 0
    return {name: PlayerTotals(int(t[0]), int(t[1]), float(t[2]), int(t[3]), int(t[4]))
            for name, t in totals.items()}
