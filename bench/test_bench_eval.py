"""pytest-benchmark suite for stud's evaluators (high, 8-or-better low, razz, hi-lo).

    python -m pytest bench/ --benchmark-only
    python -m pytest bench/ --benchmark-only -k batch --benchmark-columns=min,mean,ops
    python -m pytest bench/ --benchmark-only --benchmark-json=bench.json

Batch benchmarks: one call over BATCH_HANDS (default 1,000,000; env
STUD_BENCH_BATCH_HANDS) random 7-card masks in a numpy uint64 array, output
into a preallocated uint16 array, threads=1 and threads=0 (all cores).

Scalar benchmarks: one round = one Python call per hand over a fixed list of
SCALAR_HANDS (default 10,000; env STUD_BENCH_SCALAR_HANDS) random 7-card
hands, driven by a C-level iterator (deque(map(f, hands), maxlen=0)).

pytest-benchmark's own columns are per round (one batch call / one pass over
the list).  The per-hand figures go into extra_info ("M_hands_per_s" from the
best round, "ns_per_hand", "hands_per_round"), which --benchmark-json saves,
and bench/conftest.py prints them as a "per-hand throughput" table at the end
of the run.
"""

from __future__ import annotations

import collections

import numpy as np
import pytest

_consume = collections.deque


def _record(benchmark, hands: int, **info) -> None:
    """Store per-hand speed (from the best round) in extra_info."""
    benchmark.extra_info["hands_per_round"] = hands
    benchmark.extra_info.update(info)
    stats = getattr(benchmark, "stats", None)
    if stats:  # None / empty when benchmarks are disabled
        best = stats.stats.min
        benchmark.extra_info["M_hands_per_s"] = round(hands / best / 1e6, 3)
        benchmark.extra_info["ns_per_hand"] = round(best / hands * 1e9, 2)


# ---------------------------------------------------------------------------
# batch

THREADS = [pytest.param(1, id="threads1"), pytest.param(0, id="threads0_all")]


def _batch_fn(stud, kind):
    return {"high": stud.evaluate_high_batch,
            "low8": stud.evaluate_low8_batch,
            "razz": stud.evaluate_razz_batch}[kind]


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("kind", ["high", "low8", "razz"])
def test_batch(benchmark, stud, batch_masks, kind, threads):
    benchmark.group = f"batch-{kind}"
    fn = _batch_fn(stud, kind)
    out = np.empty(len(batch_masks), dtype=np.uint16)
    fn(batch_masks[:1000], out[:1000], threads=threads)  # warm-up outside the timing
    result = benchmark(fn, batch_masks, out, threads=threads)
    assert len(result) == len(batch_masks)
    _record(benchmark, len(batch_masks), threads=threads)


@pytest.mark.parametrize("threads", THREADS)
def test_batch_hilo(benchmark, stud, batch_masks, threads):
    """Hi-lo over the same masks: evaluate_hilo_batch if stud has one,
    else the high batch followed by the low8 batch (what a caller would do)."""
    benchmark.group = "batch-hilo"
    n = len(batch_masks)
    hilo = getattr(stud, "evaluate_hilo_batch", None)
    high_out = np.empty(n, dtype=np.uint16)
    low_out = np.empty(n, dtype=np.uint16)
    if hilo is not None:
        def run():
            return hilo(batch_masks, high_out, low_out, threads=threads)
        how = "evaluate_hilo_batch"
    else:
        def run():
            stud.evaluate_high_batch(batch_masks, high_out, threads=threads)
            stud.evaluate_low8_batch(batch_masks, low_out, threads=threads)
            return high_out, low_out
        how = "evaluate_high_batch + evaluate_low8_batch"
    run()  # warm-up outside the timing
    benchmark(run)
    _record(benchmark, n, threads=threads, how=how)


# ---------------------------------------------------------------------------
# scalar: one Python call per hand

# (group, call name, function attribute, input form)
SCALAR_CASES = [
    ("scalar-high", "high_value(mask)", "high_value", "mask"),
    ("scalar-high", "high_value(cardset)", "high_value", "cardset"),
    ("scalar-high", "evaluate_high(cardset)", "evaluate_high", "cardset"),
    ("scalar-high", "evaluate_high(mask)", "evaluate_high", "mask"),
    ("scalar-low8", "low8_value(mask)", "low8_value", "mask"),
    ("scalar-low8", "low8_value(cardset)", "low8_value", "cardset"),
    ("scalar-low8", "evaluate_low8(cardset)", "evaluate_low8", "cardset"),
    ("scalar-razz", "razz_value(mask)", "razz_value", "mask"),
    ("scalar-razz", "razz_value(cardset)", "razz_value", "cardset"),
    ("scalar-razz", "evaluate_razz(cardset)", "evaluate_razz", "cardset"),
    ("scalar-hilo", "evaluate_hilo(cardset)", "evaluate_hilo", "cardset"),
    ("scalar-hilo", "evaluate_hilo(mask)", "evaluate_hilo", "mask"),
]


@pytest.mark.parametrize("group,call,attr,form", [pytest.param(*c, id=c[1]) for c in SCALAR_CASES])
def test_scalar(benchmark, stud, scalar_masks, scalar_cardsets, group, call, attr, form):
    benchmark.group = group
    fn = getattr(stud, attr)
    hands = scalar_masks if form == "mask" else scalar_cardsets
    _consume(map(fn, hands[:100]), maxlen=0)  # warm-up

    def run():
        _consume(map(fn, hands), maxlen=0)

    benchmark(run)
    _record(benchmark, len(hands), call=f"stud.{call}")
