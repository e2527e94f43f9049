"""Betting-engine speed: hands driven from Python, whole hands in C, copies.

    python bench/bench_engine.py [--hands N] [--markdown] [--no-pokerkit] [--clock cpu]

Rows (the goals of issue 12, "engine", which raised those of issues 3 and 4):
- random 6-player Stud/8 hands driven action by action from Python
  (goal >= 100,000 hands/s), pokerkit on the same loop when installed;
- whole random hands played inside C by stud.play_random (goal >= 2,500,000
  hands/s per core), per variant;
- Hand.copy() (goal >= 2,000,000/s), and pokerkit's deepcopy of a state;
- stud.simulate with each built-in policy (goal >= 2,000,000 hands/s per core).

Wall times on a shared machine are noisy: each row is the best of
``--repeat`` rounds, and rows of one run are comparable with each other.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import platform
import random
import sys
import time

import stud
from stud import Hand, Rules, Variant

sys.path.insert(0, os.path.dirname(__file__))
from _benchutil import cpu_model  # noqa: E402

CLOCK = time.perf_counter


def best(fn, repeat: int) -> float:
    """The shortest of `repeat` timings of fn(), in seconds."""
    times = []
    for _ in range(repeat):
        start = CLOCK()
        fn()
        times.append(CLOCK() - start)
    return min(times)


def stud_python_loop(n_hands: int, seed: int) -> None:
    rules = Rules(Variant.SEVEN_CARD_STUD_HILO, 10)
    rng = random.Random(seed)
    for k in range(n_hands):
        hand = Hand(rules, [300] * 6, seed=seed + k)
        while not hand.is_over:
            legal = hand.legal_actions()
            hand.act(legal[int(rng.random() * len(legal))])


def pokerkit_python_loop(n_hands: int, seed: int) -> None:
    from pokerkit_loop import play_random_hand  # bench/pokerkit_loop.py

    rng = random.Random(seed)
    for _ in range(n_hands):
        play_random_hand(rng)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="hands for the Python-driven rows")
    parser.add_argument("--c-hands", type=int, default=1_000_000, help="hands per play_random row")
    parser.add_argument("--pokerkit-hands", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-pokerkit", action="store_true")
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--json", metavar="PATH")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="time by the wall clock, or by this process's CPU time (steadier "
                             "on a shared machine: time spent waiting for a core is left out)")
    args = parser.parse_args(argv)
    global CLOCK
    CLOCK = time.perf_counter if args.clock == "wall" else time.process_time

    rows = []

    def row(what, call, count, seconds, goal=None):
        rows.append({"what": what, "call": call, "count": count, "per_second": count / seconds,
                     "goal": goal})

    seconds = best(lambda: stud_python_loop(args.hands, 1), args.repeat)
    row("6-player Stud/8, random actions from Python", "stud.Hand", args.hands, seconds, 100_000)
    if not args.no_pokerkit:
        try:
            seconds = best(lambda: pokerkit_python_loop(args.pokerkit_hands, 1), args.repeat)
            row("6-player Stud/8, random actions from Python", "pokerkit State",
                args.pokerkit_hands, seconds)
        except ImportError as error:
            print(f"pokerkit row skipped: {error}", file=sys.stderr)

    for variant in Variant:
        seats = 6
        rules = Rules(variant, 10)
        seconds = best(lambda: stud.play_random(rules, [300] * seats, args.c_hands, seed=3),
                       args.repeat)
        row(f"{seats}-player {variant.name}, whole hands in C", "stud.play_random",
            args.c_hands, seconds, 2_500_000)

    rules = Rules(Variant.SEVEN_CARD_STUD_HILO, 10)
    for policy in stud.BUILTIN_POLICIES:
        n = args.c_hands // 2
        seconds = best(lambda: stud.simulate(rules, [policy] * 6, n, seed=5), args.repeat)
        row(f"6-player Stud/8, built-in '{policy}' policies in C", "stud.simulate", n, seconds,
            2_000_000)

    hand = Hand(Rules(Variant.SEVEN_CARD_STUD_HILO, 10), [300] * 6, seed=5)
    n_copies = 500_000
    def copies(n, make):
        for _ in range(n):
            make()

    seconds = best(lambda: copies(n_copies, hand.copy), args.repeat)
    row("copy a hand in progress", "Hand.copy()", n_copies, seconds, 2_000_000)
    if not args.no_pokerkit:
        try:
            from pokerkit_loop import new_state

            state = new_state(random.Random(2))
            n = 2_000
            seconds = best(lambda: copies(n, lambda: copy.deepcopy(state)), args.repeat)
            row("copy a hand in progress", "pokerkit copy.deepcopy(state)", n, seconds)
        except ImportError as error:
            print(f"pokerkit copy row skipped: {error}", file=sys.stderr)

    header = (f"stud {stud.__version__}, {cpu_model()} ({os.cpu_count()} CPUs), "
              f"Python {platform.python_version()}, {args.clock} clock")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"machine": header, "rows": rows}, f, indent=2)
    if args.markdown:
        print(header + "; best of", args.repeat, "rounds.\n")
        print("| what | call | count | per second | goal |")
        print("|---|---|--:|--:|--:|")
        for r in rows:
            goal = f">= {r['goal']:,}" if r["goal"] else "-"
            print(f"| {r['what']} | `{r['call']}` | {r['count']:,} | {r['per_second']:,.0f} | {goal} |")
    else:
        print(header)
        for r in rows:
            goal = f"(goal {r['goal']:,})" if r["goal"] else ""
            print(f"{r['what']:48s} {r['call']:32s} {r['per_second']:>14,.0f}/s {goal}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
