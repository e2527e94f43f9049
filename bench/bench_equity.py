"""Equity speed: exact outcomes per second and Monte Carlo trials per second.

    python bench/bench_equity.py [--markdown] [--threads 1,0]

Rows (the goals of DESIGN.md's performance table):
- exact enumeration, heads-up Stud/8 on 4th street (141,181,040 outcomes;
  goal >= 500 M outcomes/s per core);
- the same deal exactly in 2-7 Razz (goal >= 300 M outcomes/s per core) and
  in Hi-Lo Regular (no qualifier: every hand has a low);
- Monte Carlo, 3rd street, heads-up and 6-handed, trials per second;
- pokerkit's calculate_equities on the heads-up case (Monte Carlo samples per
  second; it has no exact enumeration), when pokerkit is installed.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

import stud
from stud import Variant

sys.path.insert(0, os.path.dirname(__file__))
from _benchutil import cpu_model  # noqa: E402


def timed(fn, repeat):
    best, result = None, None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best, result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", default="1,0", help="thread counts to try, 0 = all cores")
    parser.add_argument("--trials", type=int, default=2_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--no-pokerkit", action="store_true")
    args = parser.parse_args(argv)
    rows = []
    for threads in [int(t) for t in args.threads.split(",")]:
        cores = os.cpu_count() if threads == 0 else threads
        seconds, result = timed(lambda: stud.equity(
            Variant.SEVEN_CARD_STUD_HILO, ["As 2d 3c 4h", "Ah 2h 3s 5d"], exact=True,
            threads=threads), args.repeat)
        rows.append(("exact, heads-up Stud/8, 4th street", threads, result.outcomes,
                     result.outcomes / seconds, result.outcomes / seconds / cores, 500e6))
        for variant, name, goal in ((Variant.DEUCE_TO_SEVEN_RAZZ, "2-7 Razz", 300e6),
                                    (Variant.SEVEN_CARD_STUD_HILO_REGULAR, "Hi-Lo Regular",
                                     None)):
            seconds, result = timed(lambda variant=variant: stud.equity(
                variant, ["As 2d 3c 4h", "Ah 2h 3s 5d"], exact=True, threads=threads),
                args.repeat)
            rows.append((f"exact, heads-up {name}, 4th street", threads, result.outcomes,
                         result.outcomes / seconds, result.outcomes / seconds / cores, goal))
        for hands in (["As 2d 3c", "Ah 2h 3s"], ["As 2d 3c", "Ah 2h 3s", "Kd Kc 9h", "7s 7d 2c",
                                                  "Qh Jh Th", "5c 4c 8d"]):
            seconds, result = timed(lambda: stud.equity(
                Variant.SEVEN_CARD_STUD_HILO, hands, exact=False, trials=args.trials, seed=1,
                threads=threads), args.repeat)
            rows.append((f"Monte Carlo, {len(hands)}-handed Stud/8, 3rd street", threads,
                         result.outcomes, result.outcomes / seconds,
                         result.outcomes / seconds / cores, None))
    if not args.no_pokerkit:
        try:
            from pokerkit import (
                Card,
                Deck,
                EightOrBetterLowHand,
                StandardHighHand,
                calculate_equities,
            )

            samples = 2_000
            holes = ((tuple(Card.parse("As2d3c")),), (tuple(Card.parse("Ah2h3s")),))
            seconds, _ = timed(lambda: calculate_equities(
                holes, (), 7, 0, Deck.STANDARD, (StandardHighHand, EightOrBetterLowHand),
                sample_count=samples), 1)
            rows.append(("pokerkit calculate_equities, 2-handed Stud/8, 3rd street", 1, samples,
                         samples / seconds, samples / seconds, None))
        except ImportError as error:
            print(f"pokerkit row skipped: {error}", file=sys.stderr)
    header = (f"stud {stud.__version__}, {cpu_model()} ({os.cpu_count()} CPUs), "
              f"Python {platform.python_version()}; best of {args.repeat}")
    if args.markdown:
        print(header + ".\n")
        print("| what | threads | outcomes | per second | per second per core | goal per core |")
        print("|---|--:|--:|--:|--:|--:|")
        for what, threads, n, rate, per_core, goal in rows:
            shown = "all" if threads == 0 else threads
            goal_text = f">= {goal / 1e6:.0f} M" if goal else "-"
            print(f"| {what} | {shown} | {n:,} | {rate / 1e6:,.4g} M | {per_core / 1e6:,.4g} M | {goal_text} |")
    else:
        print(header)
        for what, threads, n, rate, per_core, _goal in rows:
            print(f"{what:45s} threads={threads} {n:>13,} {rate / 1e6:9.1f} M/s ({per_core / 1e6:.1f} per core)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
