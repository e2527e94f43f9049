"""Playing many hands: built-in policies in C, or any Python policy.

The module behind ``stud.simulate`` (the function), with its policies and
result class.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Callable, Sequence
from itertools import islice
from typing import Any, Protocol, Union

from ._checks import seed_or_random, true_or_false, whole_number
from ._core import BUILTIN_POLICIES, Hand, _builtin_choice, _checked_stacks, _simulate_builtin
from ._parallel import chunk_seed, worker_count
from ._ray import check_backend
from ._record import Record
from .game import Action, HandView, Rules

__all__ = ["Policy", "SimulationResult", "simulate", "BUILTIN_POLICIES", "CHUNK_HANDS"]

#: hands per chunk: each chunk has its own seed (and, with carry, starts
#: from the starting stacks), so results do not depend on the worker count
CHUNK_HANDS = 10_000
#: chunks of built-in policies run by one Ray task (each about 25 ms of work)
RAY_CHUNKS_PER_TASK = 16
#: the most hands one call takes (about 60 years of one core: a typo, not a plan)
MAX_HANDS = 10**15


class Policy(Protocol):
    """A player: called with what its seat may see (``Hand.view(seat)``, a
    dict whose ``"legal_actions"`` lists the legal actions), it returns one
    of them (an ``Action``, or a ``(kind, amount)`` pair).

    >>> def always_call(view):
    ...     kinds = {a.kind.name: a for a in view["legal_actions"]}
    ...     return kinds.get("CHECK") or kinds.get("CALL") or kinds.get("BRING_IN")
    """

    def __call__(self, view: HandView) -> Action | tuple[Any, Any]: ...


PolicyLike = Union[str, Policy, Callable[[HandView], Any]]
#: per-player totals of a chunk of hands ("hands" is a count, the rest lists)
Totals = dict[str, Any]
Job = tuple[Rules, list[PolicyLike], list[int], int, bool, bool]


class SimulationResult(Record):
    """Per player (player p sits in seat p, or rotates with ``rotate``).

    ``net``: chips won minus lost; ``mean``: per hand; ``per_100_small_bets``
    (mean per hand in small bets, times 100) with its 95% confidence
    interval ``ci95`` (same unit, half-width); ``win_rate``: hands won
    (positive result); ``showdown_rate``, ``showdown_win_rate``: hands that
    reached a showdown, and the share of those that took chips.
    """

    hands: int
    net: tuple[int, ...]
    mean: tuple[float, ...]
    per_100_small_bets: tuple[float, ...]
    ci95: tuple[float, ...]
    win_rate: tuple[float, ...]
    showdown_rate: tuple[float, ...]
    showdown_win_rate: tuple[float, ...]


def simulate(rules: Rules, policies: Sequence[PolicyLike], hands: int, *,
             stacks: Sequence[int] | None = None,
             seed: int | None = None, workers: int = 1, rotate: bool = False,
             carry: bool = False, progress: bool = False, backend: str = "local",
             address: str | None = None) -> SimulationResult:
    """Plays ``hands`` hands of ``rules``, one policy per player.

    ``policies``: built-in names (``"random"``, ``"call"``, ``"strength"``)
    or Python policies (see ``Policy``).  With built-in policies only, the
    hands run inside C.  ``stacks``: per player (default 100 small bets
    each); ``rotate``: player p sits in seat (p + k) mod n for hand k;
    ``carry``: stacks carry over from hand to hand within each chunk of
    ``CHUNK_HANDS`` hands (a broke player starts again from his stack).
    ``seed``: reproducible results, the same for any ``workers`` (processes;
    0 = all cores).  ``progress``: a progress bar if tqdm is installed.

    ``backend="ray"`` runs the same chunks, with the same seeds, as Ray
    tasks (pip install "stud[ray]"): on the cluster at ``address``, else
    at ``RAY_ADDRESS``, else on a Ray running on this machine or a new local
    one; ``workers`` is then how many chunks run at once (0: the whole
    cluster).  The result is the same as the local backend's, bit for bit,
    for any cluster and worker count, and a chunk whose worker dies is run
    again.  Python policies go to the workers by cloudpickle (functions,
    lambdas, closures, objects of importable classes); each chunk works
    on its own copy, so a policy's state is not shared between chunks.
    See docs/cluster.md.

    >>> from stud import Rules, Variant
    >>> result = simulate(Rules(Variant.RAZZ, 10), ["random", "call", "strength"], 20_000, seed=1)
    >>> result.hands, sum(result.net)
    (20000, 0)
    """
    if type(rules) is not Rules:
        hint = f" (e.g. Rules({rules!r}, 10))" if isinstance(rules, str) else ""
        raise TypeError(f"rules must be a stud.Rules (not a subclass), not "
                        f"{type(rules).__name__}{hint}")
    if isinstance(policies, str):
        raise TypeError(f"policies is a list with one entry per player, e.g. "
                        f"[{policies!r}] * 6, not one string")
    policies = list(policies)
    n = len(policies)
    if stacks is None:
        stacks = [100 * rules.small_bet] * n
    stacks = list(stacks)
    if len(stacks) != n:
        raise ValueError(f"{n} policies but {len(stacks)} stacks")
    stacks = _checked_stacks(rules, stacks, "player")  # the engine's own checks
    for p, policy in enumerate(policies):
        if isinstance(policy, str) and policy not in BUILTIN_POLICIES:
            raise ValueError(f"unknown policy {policy!r} for player {p}: built-in ones are "
                             f"{', '.join(BUILTIN_POLICIES)}")
        if not isinstance(policy, str) and not callable(policy):
            raise TypeError(f"policy of player {p} must be a name or a callable")
    hands = whole_number(hands, "hands")
    if not 0 <= hands <= MAX_HANDS:
        raise ValueError(f"hands must be between 0 and {MAX_HANDS:,}, not {hands:,}")
    seed = seed_or_random(seed)
    rotate = true_or_false(rotate, "rotate")
    carry = true_or_false(carry, "carry")
    progress = true_or_false(progress, "progress")
    backend = check_backend(backend, address)
    if backend == "local":
        workers = worker_count(workers, "workers")
    # made as they are needed: a huge count costs no memory up front
    chunks = ((start, min(CHUNK_HANDS, hands - start)) for start in range(0, hands, CHUNK_HANDS))
    n_chunks = -(-hands // CHUNK_HANDS)
    job = (rules, policies, stacks, seed, rotate, carry)
    builtin = all(isinstance(p, str) for p in policies)
    run = _run_builtin_chunk if builtin else _run_python_chunk
    bar = _progress_bar(hands) if progress else None
    totals = None
    if backend == "ray":
        from . import _ray

        if not builtin:
            _ray.check_serializable(policies, "a Python policy")
        sums: list[Totals | None] = [None]

        def take(part: Totals) -> None:  # integer sums: the order of arrival does not matter
            sums[0] = _add(sums[0], part)
            if bar is not None:
                bar.update(part["hands"])

        # several chunks to a task when they are quick (built-in policies): the
        # driver's cost per task stays small beside the work (docs/cluster.md)
        per_task = RAY_CHUNKS_PER_TASK if builtin else 1
        groups = ((list(islice(chunks, per_task)),) for _ in range(0, n_chunks, per_task))
        try:
            _ray.run_unordered(_run_group, (run, job), groups, take, address=address,
                               workers=workers)
        finally:
            if bar is not None:
                bar.close()
        return _summary(sums[0] or _empty(n), n, rules.small_bet)
    if workers > 1 and n_chunks > 1 and not builtin and not _picklable(policies):
        import warnings

        warnings.warn(f"workers={workers}: a Python policy that cannot be pickled runs in "
                      f"this process only (define it at module level to spread it)",
                      stacklevel=2)
        workers = 1
    if workers == 1 or n_chunks == 1:
        results = (run(job, start, size) for start, size in chunks)
        for part in results:
            totals = _add(totals, part)
            if bar is not None:
                bar.update(part["hands"])
    else:
        from concurrent.futures import ProcessPoolExecutor  # only when workers are asked for

        pool = ProcessPoolExecutor(min(workers, n_chunks))  # no idle processes
        try:
            # a window of chunks in flight, taken in chunk order: sums do not
            # depend on timing, and memory does not grow with the hand count
            window: deque[Any] = deque()
            for start, size in chunks:
                window.append(pool.submit(run, job, start, size))
                if len(window) >= 4 * workers:
                    totals = _add(totals, window.popleft().result())
                    if bar is not None:
                        bar.update(CHUNK_HANDS)
            while window:
                part = window.popleft().result()
                totals = _add(totals, part)
                if bar is not None:
                    bar.update(part["hands"])
        except BaseException:
            # Ctrl-C or a failed chunk: drop what has not started, end at once
            pool.shutdown(wait=True, cancel_futures=True)
            raise
        pool.shutdown()
    if bar is not None:
        bar.close()
    return _summary(totals or _empty(n), n, rules.small_bet)


def _run_group(shared: tuple[Callable[[Job, int, int], Totals], Job],
               group: list[tuple[int, int]]) -> Totals:
    """Consecutive chunks, added up: one Ray task."""
    run, job = shared
    totals = None
    for start, size in group:
        totals = _add(totals, run(job, start, size))
    assert totals is not None  # a group has at least one chunk
    return totals


def _run_builtin_chunk(job: Job, start: int, size: int) -> Totals:
    rules, policies, stacks, seed, rotate, carry = job
    # rotation continues across chunks: shift the players by the chunk start
    shift = start % len(policies) if rotate else 0
    order = [(p + shift) % len(policies) for p in range(len(policies))]
    names = [str(policies[p]) for p in order]  # built-in names only, here
    part = _simulate_builtin(rules, [stacks[p] for p in order], names, size,
                             chunk_seed(seed, start), rotate, carry)
    # back from the chunk's player order to the caller's
    out = {"hands": part["hands"]}
    for key in ("net", "net_sq", "won", "showdowns", "showdown_wins"):
        values = [0] * len(policies)
        for k, p in enumerate(order):
            values[p] = part[key][k]
        out[key] = values
    return out


def _run_python_chunk(job: Job, start: int, size: int) -> Totals:
    rules, policies, stacks, seed, rotate, carry = job
    n = len(policies)
    rng = random.Random(chunk_seed(seed, start))
    out = _empty(n)
    bank = list(stacks)
    for k in range(start, start + size):
        shift = k % n if rotate else 0
        player_at = {(p + shift) % n: p for p in range(n)}
        if carry:
            bank = [b if b > 0 else s for b, s in zip(bank, stacks)]
        start_stacks = [(bank if carry else stacks)[player_at[seat]] for seat in range(n)]
        hand = Hand(rules, start_stacks, seed=rng.getrandbits(64))
        while not hand.is_over:
            seat = hand.actor
            if seat is None:  # cannot happen: automatic hands only wait for actions
                raise RuntimeError("a hand in play has no one to act")
            policy = policies[player_at[seat]]
            action: Any
            if isinstance(policy, str):
                action = _builtin_choice(policy, hand, rng.getrandbits(64))
            else:
                action = policy(hand.view(seat))
                if action is None or isinstance(action, (bool, int, float)):
                    raise TypeError(
                        f"the policy of player {player_at[seat]} gave {action!r}, not an "
                        f"action: return one of view['legal_actions'] (or a (kind, amount) "
                        f"pair)")
            hand.act(action)
        live, payouts = hand.live_seats, hand.payouts
        assert payouts is not None  # the loop above ends with the hand
        for seat in range(n):
            p = player_at[seat]
            result = hand.stacks[seat] - start_stacks[seat]
            out["net"][p] += result
            out["net_sq"][p] += result * result
            out["won"][p] += result > 0
            if len(live) > 1 and seat in live:
                out["showdowns"][p] += 1
                out["showdown_wins"][p] += payouts[seat] > 0
            if carry:
                bank[p] = hand.stacks[seat]
        out["hands"] += 1
    return out


def _empty(n: int) -> Totals:
    return {"hands": 0, "net": [0] * n, "net_sq": [0] * n, "won": [0] * n,
            "showdowns": [0] * n, "showdown_wins": [0] * n}


def _add(totals: Totals | None, part: Totals) -> Totals:
    if totals is None:
        return part
    return {key: (totals[key] + part[key] if key == "hands"
                  else [a + b for a, b in zip(totals[key], part[key])]) for key in totals}


def _summary(t: Totals, n: int, small_bet: int) -> SimulationResult:
    hands = t["hands"]
    mean = tuple(net / hands if hands else 0.0 for net in t["net"])
    ci = []
    for p in range(n):
        if hands > 1:
            variance = max(0.0, (t["net_sq"][p] - hands * mean[p] ** 2) / (hands - 1))
            ci.append(1.96 * math.sqrt(variance / hands) / small_bet * 100)
        else:
            ci.append(float("inf"))
    return SimulationResult(
        hands=hands, net=tuple(int(x) for x in t["net"]), mean=mean,
        per_100_small_bets=tuple(m / small_bet * 100 for m in mean), ci95=tuple(ci),
        win_rate=tuple(w / hands if hands else 0.0 for w in t["won"]),
        showdown_rate=tuple(s / hands if hands else 0.0 for s in t["showdowns"]),
        showdown_win_rate=tuple(w / s if s else 0.0
                                for w, s in zip(t["showdown_wins"], t["showdowns"])))


def _picklable(policies: Sequence[PolicyLike]) -> bool:
    import pickle

    try:
        pickle.dumps(policies)
        return True
    except Exception:
        return False


def _progress_bar(total: int, unit: str = "hand") -> Any:
    try:
        from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        import warnings

        warnings.warn("progress=True needs tqdm (pip install 'stud[progress]'): no progress bar",
                      stacklevel=3)
        return None
    return tqdm(total=total, unit=unit, unit_scale=True)
