"""The statistics stud players' trackers show, counted from replayed hands.

``hand_counts(hand)`` reads one finished ``stud.Hand`` (a replayed record,
or a hand played with the engine) and gives, per seat, the counts below;
``summarize`` (``stud.histories.analysis``) adds them up per player and
``PlayerTotals`` turns them into the percentages players read.  Every
statistic is a count of times something happened over a count of chances
it had to happen; docs/analysis.md defines each one.

========================  ========================================================
count                     one for each hand where the seat ...
========================  ========================================================
``vpip``                  put chips in by choice on the first street: a call, a
                          completion or a raise (the ante and the bring-in are
                          forced)
``raised_first``          completed or raised on the first street
``bring_ins``             had the bring-in (docs/rules.md 2.1)
``bring_in_completes``    ... and completed instead of posting it
``steal_chances``         was first to act after the bring-in with every earlier
                          player folded, at most one player besides the bring-in
                          still to act after him
``steals``                ... and completed (a steal attempt)
``steals_faced``          had the bring-in and faced a steal attempt, no one else
                          in yet
``folds_to_steal``        ... and folded to it
``saw_second_round``      was still in when the second street was dealt
``showdowns``             was in at the showdown (two hands or more left)
``won_at_showdown``       ... and collected chips there
========================  ========================================================

and, counted per action over all streets, ``aggressive`` (bets, raises and
completions) and ``calls``.

>>> from stud import Hand, Rules
>>> hand = Hand(Rules("stud", 10), [100, 100, 100], deck="2c 9h 9d  As Ks Qs  3c Kh Kd")
>>> hand.bring_in(); hand.fold(); hand.complete(); hand.fold()
>>> counts = hand_counts(hand)
>>> counts[2].steal_chances, counts[2].steals, counts[0].steals_faced, counts[0].folds_to_steal
(1, 1, 1, 1)
>>> counts[0].bring_ins, counts[0].vpip, counts[2].vpip, counts[2].raised_first
(1, 0, 1, 1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._record import Record
from ..game import ActionKind, ActionTaken, PotAwarded, StreetStarted

if TYPE_CHECKING:
    from .._core import Hand

__all__ = ["SeatCounts", "hand_counts"]

_AGGRESSIVE = (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE)
_VOLUNTARY = (ActionKind.CALL, *_AGGRESSIVE)


class SeatCounts(Record):
    """One seat's counts in one hand (0 or 1, but ``aggressive`` and
    ``calls``, which count actions); see the module."""

    vpip: int = 0
    raised_first: int = 0
    bring_ins: int = 0
    bring_in_completes: int = 0
    steal_chances: int = 0
    steals: int = 0
    steals_faced: int = 0
    folds_to_steal: int = 0
    saw_second_round: int = 0
    showdowns: int = 0
    won_at_showdown: int = 0
    aggressive: int = 0
    calls: int = 0

    def __add__(self, other: SeatCounts) -> SeatCounts:
        return SeatCounts(*(a + b for a, b in zip(self._values(), other._values())))


def hand_counts(hand: Hand) -> tuple[SeatCounts, ...]:
    """Per seat, the counts of one finished hand (see the module)."""
    n = hand.n_seats
    counts = [dict.fromkeys(SeatCounts._fields, 0) for _ in range(n)]
    streets = 0
    first: list[ActionTaken] = []  # the first street's decisions, in order
    folded: set[int] = set()
    collected = [0] * n
    for event in hand.history:
        if isinstance(event, StreetStarted):
            streets += 1
            if streets == 2:
                for seat in range(n):
                    counts[seat]["saw_second_round"] = int(seat not in folded)
        elif isinstance(event, ActionTaken):
            kind = event.action.kind
            mine = counts[event.seat]
            if kind is ActionKind.FOLD:
                folded.add(event.seat)
            mine["aggressive"] += kind in _AGGRESSIVE
            mine["calls"] += kind is ActionKind.CALL
            if streets == 1:
                first.append(event)
                mine["vpip"] |= kind in _VOLUNTARY
                mine["raised_first"] |= kind in _AGGRESSIVE
        elif isinstance(event, PotAwarded):
            collected[event.seat] += event.amount
    _first_street(first, counts, n)
    live = hand.live_seats
    if len(live) > 1:
        for seat in live:
            counts[seat]["showdowns"] = 1
            counts[seat]["won_at_showdown"] = int(collected[seat] > 0)
    return tuple(SeatCounts(**c) for c in counts)


def _first_street(actions: list[ActionTaken], counts: list[dict[str, int]], n: int) -> None:
    """The bring-in, steal and fold-to-steal counts of the first street."""
    if not actions:
        return
    opener = actions[0]
    bring_in = opener.seat
    counts[bring_in]["bring_ins"] = 1
    if opener.action.kind is not ActionKind.BRING_IN:  # he completed (2.3)
        counts[bring_in]["bring_in_completes"] = 1
        return
    # the players to act after the bring-in, clockwise, each once before
    # anyone completes: a steal chance is his when all before him folded
    order = [(bring_in + k) % n for k in range(1, n)]
    in_hand = [seat for seat in order if any(a.seat == seat for a in actions)]
    for index, event in enumerate(actions[1:], start=1):
        kind = event.action.kind
        seat = event.seat
        after = len(in_hand) - in_hand.index(seat) - 1  # still to act, the bring-in aside
        if after <= 1:  # a steal chance: folded to him, late to act
            counts[seat]["steal_chances"] = 1
            if kind is ActionKind.COMPLETE:
                counts[seat]["steals"] = 1
                _facing_steal(actions[index + 1:], bring_in, counts)
        if kind is not ActionKind.FOLD:
            return  # the first one in ends everyone's chances


def _facing_steal(rest: list[ActionTaken], bring_in: int, counts: list[dict[str, int]]) -> None:
    for event in rest:
        if event.seat == bring_in:
            counts[bring_in]["steals_faced"] = 1
            counts[bring_in]["folds_to_steal"] = int(event.action.kind is ActionKind.FOLD)
            return
        if event.action.kind is not ActionKind.FOLD:
            return  # someone else came in first: no longer a steal faced alone
