"""Enumeration speed: every hand of n cards evaluated in C, in sequence.

    python bench/bench_census.py [--markdown] [--repeat 3]

Rows: the census of tests/test_exhaustive.py (every 5- and 7-card hand, each
counted by high, 8-or-better and Razz value) on one thread, and the 7-card
census of the high alone (``lows=False``, where the stud build has it):
hands per second.  The census walks card combinations adding each card to
a running key (eval.h), so these rows time the evaluation as enumeration
loops use it; OMPEval's sequential benchmark times the same walk (issue 12).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

import stud
from stud._core import _census

sys.path.insert(0, os.path.dirname(__file__))
from _benchutil import cpu_model  # noqa: E402

HANDS = {5: 2_598_960, 7: 133_784_560}


def best_time(fn, repeat):
    """The best wall time and the best CPU time of this process (one thread
    works: on a shared machine the CPU time is what the work itself took)."""
    wall = cpu = None
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        elapsed, elapsed_cpu = time.perf_counter() - start, time.process_time() - start_cpu
        wall = elapsed if wall is None else min(wall, elapsed)
        cpu = elapsed_cpu if cpu is None else min(cpu, elapsed_cpu)
    return wall, cpu


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args(argv)
    rows = []
    for n_cards in (5, 7):
        seconds = best_time(lambda: _census(n_cards), args.repeat)
        rows.append((f"{n_cards}-card census: high, low8, Razz", HANDS[n_cards], seconds))
    try:
        seconds = best_time(lambda: _census(7, lows=False), args.repeat)
        rows.append(("7-card census: high alone", HANDS[7], seconds))
    except TypeError:  # a build without lows=False
        print("high-alone row skipped: _census has no lows argument", file=sys.stderr)
    header = (f"stud {stud.__version__}, {cpu_model()} ({os.cpu_count()} CPUs), "
              f"Python {platform.python_version()}; one thread, best of {args.repeat}")
    if args.markdown:
        print(header + ".\n")
        print("| what | hands | wall s | M hands/s (wall) | CPU s | M hands/s (CPU) |")
        print("|---|--:|--:|--:|--:|--:|")
        for what, n, (wall, cpu) in rows:
            print(f"| {what} | {n:,} | {wall:.3f} | {n / wall / 1e6:,.4g} | {cpu:.3f} "
                  f"| {n / cpu / 1e6:,.4g} |")
    else:
        print(header)
        for what, n, (wall, cpu) in rows:
            print(f"{what:40s} {n:>13,} {n / wall / 1e6:9.1f} M hands/s wall "
                  f"{n / cpu / 1e6:9.1f} M hands/s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
