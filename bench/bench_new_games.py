"""The games of docs/rules.md 12 and 13 against Razz: engine and simulate
rates in one run.

    python bench/bench_new_games.py [--c-hands N] [--hands N] [--repeat R] [--clock cpu|wall]
        [--markdown]

Rows per variant (Razz, 2-7 Razz, Hi-Lo Regular, Hi-Lo Regular with
``low_needs_five_ranks``, and Stud/8 for reference): 6-player random hands played inside C
(``stud.play_random``), 6-player ``stud.simulate`` with each built-in
policy, and 6-player random hands driven from Python (``stud.Hand``).  The
variants take turns within each round (so a busy spell of the shared
machine falls on all of them), each rate is the best of ``--repeat``
rounds, and the last column is the rate over Razz's on the same row: the
goal is at least 0.90.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time

import stud
from stud import Hand, Rules, Variant

sys.path.insert(0, os.path.dirname(__file__))
from _benchutil import cpu_model  # noqa: E402

GAMES = [("Razz", Rules(Variant.RAZZ, 10)),
         ("2-7 Razz", Rules(Variant.DEUCE_TO_SEVEN_RAZZ, 10)),
         ("Hi-Lo Regular", Rules(Variant.SEVEN_CARD_STUD_HILO_REGULAR, 10)),
         ("Hi-Lo Regular, five ranks", Rules(Variant.SEVEN_CARD_STUD_HILO_REGULAR, 10,
                                             low_needs_five_ranks=True)),
         # for reference: the hi-lo game whose showdowns Hi-Lo Regular's resemble
         ("Stud/8", Rules(Variant.SEVEN_CARD_STUD_HILO, 10))]


def python_loop(rules: Rules, n_hands: int, seed: int) -> None:
    rng = random.Random(seed)
    for k in range(n_hands):
        hand = Hand(rules, [300] * 6, seed=seed + k)
        while not hand.is_over:
            legal = hand.legal_actions()
            hand.act(legal[int(rng.random() * len(legal))])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--c-hands", type=int, default=300_000, help="hands per C row")
    parser.add_argument("--hands", type=int, default=5_000, help="hands per Python row")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="cpu",
                        help="cpu (default): this process's CPU time, so that time spent "
                             "waiting for a core of a shared machine is left out")
    args = parser.parse_args(argv)
    clock = time.process_time if args.clock == "cpu" else time.perf_counter

    jobs = [("random hands in C", "stud.play_random", args.c_hands,
             lambda r: stud.play_random(r, [300] * 6, args.c_hands, seed=3))]
    for policy in stud.BUILTIN_POLICIES:
        jobs.append((f"simulate, '{policy}' policies", "stud.simulate", args.c_hands,
                     lambda r, p=policy: stud.simulate(r, [p] * 6, args.c_hands, seed=5)))
    jobs.append(("random actions from Python", "stud.Hand", args.hands,
                 lambda r: python_loop(r, args.hands, 1)))

    best: dict[tuple[int, int], float] = {}
    for _ in range(args.repeat):
        for j, (_, _, _, run) in enumerate(jobs):
            for g, (_, rules) in enumerate(GAMES):
                start = clock()
                run(rules)
                seconds = clock() - start
                best[j, g] = min(best.get((j, g), seconds), seconds)

    header = (f"stud {stud.__version__}, {cpu_model()} ({os.cpu_count()} CPUs), "
              f"Python {platform.python_version()}, {args.clock} clock, 6 players; best of "
              f"{args.repeat} rounds")
    names = [name for name, _ in GAMES]
    lines = []
    if args.markdown:
        lines.append("| what | call | hands | " + " | ".join(f"{n} /s" for n in names)
                     + " | " + " | ".join(f"{n} / Razz" for n in names[1:]) + " |")
        lines.append("|---|---|--:|" + "--:|" * (2 * len(names) - 1))
    for j, (what, call, count, _) in enumerate(jobs):
        rates = [count / best[j, g] for g in range(len(GAMES))]
        ratios = [rate / rates[0] for rate in rates[1:]]
        if args.markdown:
            lines.append(f"| {what} | `{call}` | {count:,} | "
                         + " | ".join(f"{r:,.0f}" for r in rates) + " | "
                         + " | ".join(f"{x:.2f}" for x in ratios) + " |")
        else:
            lines.append(f"{what:36s} " + " ".join(f"{r:>12,.0f}" for r in rates) + "  "
                         + " ".join(f"{x:5.2f}" for x in ratios))
    print(header + ("\n" if args.markdown else ""))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
