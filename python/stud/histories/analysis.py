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

import os
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Union

from .._checks import seed_or_random
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
from .stats import SeatCounts, hand_counts

if TYPE_CHECKING:
    from .._core import Card, Hand
    from .verify import Source, Verification

__all__ = ["HandAnalysis", "PlayerTotals", "StreetEquity", "Summary", "analyze", "summarize"]

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
    """One player's totals over many hands: ``hands`` played, ``net`` and
    all-in ``adjusted`` net in chips (cents for money), and the counts of
    ``stud.histories.stats`` added up (``rates()`` turns them into the
    percentages players read; docs/analysis.md defines each)."""

    hands: int
    net: int
    adjusted: float
    showdowns: int
    won_at_showdown: int
    vpip: int = 0
    raised_first: int = 0
    bring_ins: int = 0
    bring_in_completes: int = 0
    steal_chances: int = 0
    steals: int = 0
    steals_faced: int = 0
    folds_to_steal: int = 0
    saw_second_round: int = 0
    aggressive: int = 0
    calls: int = 0

    def rates(self) -> dict[str, float | None]:
        """The tracker statistics, each a count over its chances (None when
        it had none): fractions, but ``aggression``, a ratio of aggressive
        actions to calls.

        >>> PlayerTotals(10, 0, 0.0, 2, 1, vpip=3, aggressive=4, calls=2).rates()["vpip"]
        0.3
        """
        def over(count: int, chances: int) -> float | None:
            return count / chances if chances else None

        return {"vpip": over(self.vpip, self.hands),
                "raised_first": over(self.raised_first, self.hands),
                "bring_in_complete": over(self.bring_in_completes, self.bring_ins),
                "steal": over(self.steals, self.steal_chances),
                "fold_to_steal": over(self.folds_to_steal, self.steals_faced),
                "went_to_showdown": over(self.showdowns, self.saw_second_round),
                "won_at_showdown": over(self.won_at_showdown, self.showdowns),
                "aggression": over(self.aggressive, self.calls)}


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
    record = source if isinstance(source, HandRecord) else source.to_record()
    hand = source.replay() if isinstance(source, HandRecord) else source
    return _analysis(record, hand, trials, seed, equities)


def _analysis(record: HandRecord, hand: Hand, trials: int, seed: int,
              equities: bool) -> HandAnalysis:
    """``analyze`` of a record and the hand its replay gave."""
    from .. import equity

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


class Summary:
    """Totals per player, built one hand at a time: ``add`` replays a
    record (or takes a finished ``Hand``), analyses it without street
    equities and adds each named seat's result; ``add_file`` adds every
    hand of a history file; ``totals`` are the ``PlayerTotals`` by name,
    ``series`` (with ``keep_series``) each player's running net and
    adjusted net after each of his hands, for a results graph.  Seats a
    record names no player for are not people that can be followed from
    hand to hand: they are counted in ``unnamed`` and left out.

    >>> from stud import Hand, Rules
    >>> summary = Summary(keep_series=True)
    >>> for seed in range(3):
    ...     hand = Hand(Rules("razz", 10), [100, 100], seed=seed)
    ...     while not hand.is_over:
    ...         hand.act(hand.legal_actions()[-1])
    ...     _ = summary.add(hand.to_record(players=("ann", "bob")))
    >>> summary.totals["ann"].hands, len(summary.series["bob"])
    (3, 3)
    """

    def __init__(self, *, trials: int = DEFAULT_TRIALS, seed: int = 0,
                 keep_series: bool = False) -> None:
        from .._core import _Tally

        self.trials = trials
        self.seed = seed
        self.keep_series = keep_series
        # (the totals in C arrays: add_file fills them from C, add from here;
        # trials and seed are the all-in equities' as add_file computes them)
        self._tally = _Tally(trials if isinstance(trials, int) and 0 < trials < 1 << 64 else 0,
                             seed_or_random(seed), keep_series)
        series = self._tally.series  # (the same lists add_file's hands go to)
        self.series: dict[str, list[tuple[int, float]]] = {} if series is None else series

    @property
    def unnamed(self) -> int:
        """Hands that name no player (left out of the totals)."""
        return int(self._tally.unnamed)

    def add(self, source: Union[HandRecord, Hand]) -> HandAnalysis:
        """Adds one hand (a record is replayed: ``MismatchError`` when it
        does not reproduce, and nothing is added)."""
        record = source if isinstance(source, HandRecord) else source.to_record()
        hand = source.replay() if isinstance(source, HandRecord) else source
        result = _analysis(record, hand, self.trials, self.seed, False)
        if not record.players:
            self._tally.unnamed += 1
            return result
        for seat, counts in enumerate(hand_counts(hand)):
            self._tally.add(record.players[seat], result.net[seat], result.adjusted[seat],
                            counts._values())
        return result

    def add_file(self, source: Source, *, format: str | None = None,
                 profile: str | Mapping[str, Any] | None = None,
                 progress: Callable[[int], None] | None = None) -> Verification:
        """Adds every hand of a history (``source`` and the options as
        ``stud.histories.read`` takes them) that reproduces, as ``add``
        would one by one, and returns what ``stud.histories.verify`` finds
        of the file: the hands that do not reproduce (left out) and those
        that cannot be read.  A PokerStars or PHH file given by its path is
        read and replayed in C, each hand's counts and results computed
        there (``src/studcore/hh_stats.h``), with no Python object per
        hand; any hand the C code does not settle takes ``add``'s road."""
        from .verify import verify

        return verify(source, format=format, profile=profile, progress=progress, summary=self)

    @property
    def totals(self) -> dict[str, PlayerTotals]:
        totals = {}
        for name, hands, net, adjusted, counts in self._tally.totals():
            t: list[Any] = [hands, net, float(adjusted)] + [0] * len(SeatCounts._fields)
            for index, value in enumerate(counts, start=3):
                t[_COUNT_INDEX[index]] = value
            totals[name] = PlayerTotals(*t)
        return totals


#: where each ``SeatCounts`` field (3.. in ``Summary.totals``' numbering)
#: goes among ``PlayerTotals``' fields
_COUNT_INDEX = {3 + i: PlayerTotals._fields.index(name)
                for i, name in enumerate(SeatCounts._fields)}


def summarize(records: Union[Iterable[Union[HandRecord, Hand]], str, os.PathLike[str]], *,
              trials: int = DEFAULT_TRIALS, seed: int = 0) -> dict[str, PlayerTotals]:
    """Per player name: hands played, net, all-in adjusted net and the
    tracker counts of ``PlayerTotals`` (a ``Summary`` over the records;
    seats with no name are left out).  ``records`` may be the path of a
    history file: then its hands are added by ``Summary.add_file`` (read,
    replayed and counted in C for PokerStars and PHH files), and the first
    hand that cannot be read raises its ``HistoryError``, else the first
    that does not reproduce its ``MismatchError``, as ``summarize(read(path))``
    would."""
    summary = Summary(trials=trials, seed=seed)
    if isinstance(records, (str, os.PathLike)):
        found = summary.add_file(records)
        if found.errors:
            raise found.errors[0]
        if found.mismatches:
            raise found.mismatches[0]
        return summary.totals
    for source in records:
        summary.add(source)
    return summary.totals
