"""Showdown equities of stud hands: exact enumeration or Monte Carlo.

The module behind ``stud.equity`` (the function); its result and error
classes live here too.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Sequence
from typing import Any

from ._checks import seed_or_random, whole_number
from ._core import _EQUITY_SCORING, EQUITY_SHARE_UNITS, Card, CardSet, _equity_job
from ._parallel import chunk_seed, map_threads, worker_count
from ._record import Record
from .enums import Variant
from .errors import CardError
from .game import SEVEN_CARD_VARIANTS, Rules, max_players, variant_of

__all__ = ["EquityResult", "TooManyOutcomes", "equity", "EXACT_LIMIT", "EXACT_MAX",
           "DEFAULT_TRIALS"]

#: with exact=None, enumerate exactly when there are at most this many
#: outcomes (under a second of one core)
EXACT_LIMIT = 1_000_000_000
#: exact=True refuses more outcomes than this: under a minute of one core
#: (1.3-2.7 G outcomes/s measured, bench/results/enumeration_round2.md;
#: heads-up 3rd street, 18 G outcomes, takes about 7 s); beyond, Monte Carlo
#: gives a stated error
EXACT_MAX = 60_000_000_000
_SATURATED = (1 << 64) - 1  # the C count saturates there
#: Monte Carlo trials when none are asked for
DEFAULT_TRIALS = 200_000
_CHUNK = 1 << 16  # Monte Carlo trials per seeded chunk (results do not depend on threads)
#: the most Monte Carlo trials one call takes (days of one core: a typo, not a plan)
MAX_TRIALS = 10**14

_SCORING = {Variant.SEVEN_CARD_STUD: _EQUITY_SCORING["high"],
            Variant.SEVEN_CARD_STUD_HILO: _EQUITY_SCORING["hilo8"],
            Variant.RAZZ: _EQUITY_SCORING["razz"],
            Variant.FIVE_CARD_STUD: _EQUITY_SCORING["high"],
            Variant.FIVE_CARD_STUD_HILO: _EQUITY_SCORING["hilo8"],
            Variant.DEUCE_TO_SEVEN_RAZZ: _EQUITY_SCORING["27"],  # docs/rules.md 12.5
            Variant.SEVEN_CARD_STUD_HILO_REGULAR: _EQUITY_SCORING["hilo_regular"]}  # 13.4
_ERRORS = {1: "overlapping or invalid cards, or more cards than a hand holds",
           2: "not enough cards left to complete every hand"}


class TooManyOutcomes(ValueError):
    """Exact enumeration was asked for more outcomes than ``EXACT_MAX``.

    ``outcomes`` is the count (None when it does not fit in 64 bits) and
    ``limit`` the largest count accepted; Monte Carlo is the way out.
    """

    def __init__(self, outcomes: int | None, limit: int) -> None:
        self.outcomes = outcomes
        self.limit = limit
        super().__init__(f"{count_text(outcomes)} outcomes are too many to enumerate exactly "
                         f"(at most {limit:,}, about a minute of work): use exact=False "
                         f"(Monte Carlo, with trials=N) instead")


def count_text(outcomes: int | None) -> str:
    """An outcome count for people: with thousands separators, or "more
    than 18,446,744,073,709,551,614" when it did not fit in 64 bits."""
    if outcomes is None:
        return f"more than {_SATURATED - 1:,}"
    return f"{outcomes:,}"


class EquityResult(Record):
    """What ``equity`` found, one entry per player.

    ``equity``: expected share of the pot (sums to 1).  ``win``, ``tie``:
    probability of winning alone, and of tying (sharing), the pot's main
    ranking: the high hand, the A-5 low in Razz, the 2-7 low in 2-7 Razz,
    the high half in hi-lo games.  ``low_win``, ``low_tie``: the same for
    the low half of hi-lo games (the 8-or-better low; in Hi-Lo Regular the
    A-5 low, which every hand has) (0 elsewhere).  ``scoop``: of taking the whole pot alone.
    ``high`` and ``low`` add the two: winning or tying.  ``exact``: every
    outcome was enumerated; ``outcomes``: how many were evaluated;
    ``stderr``: the standard error of each equity for Monte Carlo (None
    when exact).

    >>> r = equity(Variant.RAZZ, ["As 2d 3c 4h 5s", "Ac 2s 3d 4c 5h"], exact=True)
    >>> r.win, r.tie, r.equity
    ((0.0, 0.0), (1.0, 1.0), (0.5, 0.5))
    """

    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    low_win: tuple[float, ...]
    low_tie: tuple[float, ...]
    scoop: tuple[float, ...]
    exact: bool
    outcomes: int
    stderr: tuple[float, ...] | None

    @property
    def high(self) -> tuple[float, ...]:
        """Probability of winning or tying the main ranking (``win + tie``)."""
        return tuple(w + t for w, t in zip(self.win, self.tie))

    @property
    def low(self) -> tuple[float, ...]:
        """Probability of winning or tying the low half (``low_win + low_tie``)."""
        return tuple(w + t for w, t in zip(self.low_win, self.low_tie))


def equity(variant: Variant | int | str | Rules,
           hands: Sequence[str | CardSet | Iterable[Card | str]],
           dead: str | CardSet | Iterable[Card | str] | None = None, *,
           exact: bool | None = None, trials: int | None = None, seed: int | None = None,
           threads: int = 1, low_needs_five_ranks: bool | None = None) -> EquityResult:
    """Each player's share of the pot when the unknown cards are dealt out.

    ``hands``: the cards known so far for each player (up and down alike;
    the rest of each hand is dealt at random from the cards not known);
    ``dead``: cards known to be out (folded upcards, seen cards).  ``exact``:
    None chooses (Monte Carlo when ``trials`` is given, else exact when at
    most ``EXACT_LIMIT`` outcomes), True forces enumeration (``trials`` is
    then refused), False forces Monte Carlo with ``trials`` (default
    ``DEFAULT_TRIALS``) and ``seed``.  ``threads``: worker threads (0 = all
    cores); the result does not depend on it.

    ``hands``: 2 to 8 players in the seven-card games, 2 to 10 in Five Card
    Stud, as the engine seats them (docs/rules.md 1).

    Pots are split as the engine settles them (docs/rules.md 9): the high half
    and the 8-or-better low half in hi-lo games, the high taking all without
    a low, ties sharing; in Hi-Lo Regular the low half goes to the best A-5
    low, with no qualifier (13.4); in 2-7 Razz the best 2-7 low takes the pot
    (12.5).  ``low_needs_five_ranks`` (Hi-Lo Regular only, 13.5): True gives
    no low to a hand without five distinct ranks, and a pot with no low goes
    whole to the high; None takes it from ``variant`` when that is a
    ``Rules`` (whose other options do not change a showdown), else False.
    When the cards left cannot complete every hand (eight players to seventh
    street, where the engine would deal a community card), equity refuses
    with a ValueError.

    >>> result = equity(Variant.SEVEN_CARD_STUD, ["As Ah Ts Th 8h 8d", "Kc Qc Jc Td 3c 2d"])
    >>> result.exact, result.outcomes, round(result.equity[0], 6)
    (True, 1560, 0.714103)

    Hi-Lo Regular with and without five ranks for a low (docs/rules.md 13.5):

    >>> hands = ["Ac Ad As Kh Kc Qd Qs", "2c 2d 5h 5s 7c 7d 9h"]
    >>> equity("studhl", hands).equity, equity("studhl", hands, low_needs_five_ranks=True).equity
    ((0.5, 0.5), (1.0, 0.0))
    """
    if isinstance(variant, Rules):
        if low_needs_five_ranks is None:
            low_needs_five_ranks = variant.low_needs_five_ranks
        variant = variant.variant
    variant = variant_of(variant)
    if low_needs_five_ranks is None:
        low_needs_five_ranks = False
    if not isinstance(low_needs_five_ranks, bool):
        raise TypeError(f"low_needs_five_ranks must be True or False, not {low_needs_five_ranks!r}")
    if low_needs_five_ranks and variant is not Variant.SEVEN_CARD_STUD_HILO_REGULAR:
        raise ValueError(f"low_needs_five_ranks applies to SEVEN_CARD_STUD_HILO_REGULAR only "
                         f"(docs/rules.md 13.5), not {variant.name}")
    if exact is not None and not isinstance(exact, bool):
        raise TypeError(f"exact must be None (decide by the count), True or False, "
                        f"not {exact!r}")
    if trials is not None:
        trials = whole_number(trials, "trials")
        if not 0 < trials <= MAX_TRIALS:
            raise ValueError(f"trials must be between 1 and {MAX_TRIALS:,}, not {trials:,}")
        if exact:
            raise ValueError("trials is for Monte Carlo: exact=True counts every outcome "
                             "(give one or the other)")
        exact = False  # (trials asked for: sampling, not enumeration)
    seed = seed_or_random(seed)
    hand_size = 7 if variant in SEVEN_CARD_VARIANTS else 5
    if isinstance(hands, (str, CardSet)):
        raise TypeError("hands is a list with one entry per player")
    known = [CardSet(h) for h in hands]
    most = max_players(variant)
    if not 2 <= len(known) <= most:
        raise ValueError(f"equity takes 2 to {most} players in {variant.name}, "
                         f"got {len(known)}")
    dead_set = CardSet(dead) if dead is not None else CardSet()
    seen = dead_set
    for p, cards in enumerate(known):
        if len(cards) > hand_size:
            raise ValueError(f"player {p} has {len(cards)} cards: "
                             f"a {variant.name} hand has {hand_size}")
        if cards & seen:
            raise CardError(f"card {str(cards & seen)!r} of player {p} is also elsewhere")
        seen = seen | cards
    job, error = _equity_job(_SCORING[variant], hand_size, [int(c) for c in known], int(dead_set),
                             low_needs_five_ranks)
    if error:
        missing = sum(hand_size - len(c) for c in known)
        raise ValueError(f"{_ERRORS.get(error, 'invalid query')}: {missing} cards needed, "
                         f"{52 - len(seen)} left")
    workers = worker_count(threads)
    outcomes = job.outcomes()
    if exact is None:
        exact = outcomes <= EXACT_LIMIT
    if exact and outcomes > EXACT_MAX:
        raise TooManyOutcomes(None if outcomes >= _SATURATED else outcomes, EXACT_MAX)
    if exact:
        counts = _run_exact(job, workers)
    else:
        counts = _run_monte_carlo(job, trials if trials is not None else DEFAULT_TRIALS,
                                  seed, workers)
    return _result(counts, len(known), exact)


#: outcomes, then per player: shares, squared shares, high, high ties, low,
#: low ties, scoop counts
Counts = tuple[int, list[int], list[int], list[int], list[int], list[int], list[int], list[int]]


def _run_exact(job: Any, workers: int) -> Counts:
    ways = job.first_ways()
    parts = max(1, min(workers * 4, ways))
    bounds = [ways * k // parts for k in range(parts + 1)]
    results = map_threads(job.exact, [(bounds[k], bounds[k + 1]) for k in range(parts)], workers,
                          job.stop)
    if any(error for error, _ in results):
        error = next(error for error, _ in results if error)
        raise ValueError("exact enumeration is too large for memory here: use exact=False"
                         if error == 3 else f"equity failed (error {error})")
    return _add([counts for _, counts in results])


def _run_monte_carlo(job: Any, trials: int, seed: int, workers: int) -> Counts:
    # chunks made a group at a time: memory does not grow with the trials
    group = 64 * min(workers, os.cpu_count() or 1)  # (more threads than cores run in turn)
    total: Counts | None = None
    for first in range(0, trials, group * _CHUNK):
        chunks = [(min(_CHUNK, trials - start), chunk_seed(seed, start // _CHUNK))
                  for start in range(first, min(trials, first + group * _CHUNK), _CHUNK)]
        results = map_threads(job.monte_carlo, chunks, workers, job.stop)
        part = _add([counts for _, counts in results])
        total = part if total is None else _add([total, part])
    assert total is not None  # trials >= 1
    return total


def _add(parts: Sequence[Counts]) -> Counts:
    outcomes = sum(p[0] for p in parts)
    c = [[sum(values) for values in zip(*(p[k] for p in parts))] for k in range(1, 8)]
    return (outcomes, c[0], c[1], c[2], c[3], c[4], c[5], c[6])


def _result(counts: Counts, n: int, exact: bool) -> EquityResult:
    outcomes, share, share_sq, high, high_tie, low, low_tie, scoop = counts
    units = EQUITY_SHARE_UNITS
    equity_ = tuple(s / units / outcomes for s in share)
    stderr = None
    if not exact:  # (one trial says nothing of the spread: infinite, not 0)
        stderr = tuple(
            math.sqrt(max(0.0, sq / units / units / outcomes - e * e) / outcomes)
            if outcomes > 1 else math.inf for sq, e in zip(share_sq, equity_))
    return EquityResult(equity=equity_,
                        win=tuple((h - t) / outcomes for h, t in zip(high, high_tie)),
                        tie=tuple(t / outcomes for t in high_tie),
                        low_win=tuple((x - t) / outcomes for x, t in zip(low, low_tie)),
                        low_tie=tuple(t / outcomes for t in low_tie),
                        scoop=tuple(s / outcomes for s in scoop), exact=exact,
                        outcomes=outcomes, stderr=stderr)
