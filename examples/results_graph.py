"""A results graph of hands played by the engine: docs/images/results.png.

Four players of different styles (ann calls, bob raises, cy folds or calls
half the time, dee picks at random) play 400 hands of Seven Card Stud with
short stacks, so that all-ins are common; the graph shows each one's running
net and all-in adjusted net (stud.histories.Summary, results_graph).

    python examples/results_graph.py [OUT.png|OUT.html] [--hands N]
"""

from __future__ import annotations

import argparse
import random

import stud
from stud import histories

NAMES = ("ann", "bob", "cy", "dee")


def choose(hand: stud.Hand, rng: random.Random) -> stud.Action:
    legal = hand.legal_actions()
    style = hand.actor % len(NAMES)
    if style == 0:  # ann: checks, calls or brings in
        passive = ("CALL", "CHECK", "BRING_IN")
        return next((a for a in legal if a.kind.name in passive), legal[0])
    if style == 1:  # bob: the largest wager offered
        return legal[-1]
    if style == 2:  # cy: the first or the second choice, half the time each
        return legal[0] if rng.random() < 0.5 else legal[min(1, len(legal) - 1)]
    return rng.choice(legal)  # dee


def play(hands: int, seed: int = 7) -> histories.Summary:
    rng = random.Random(seed)
    summary = histories.Summary(keep_series=True, trials=2000)
    rules = stud.Rules("stud", 10)
    for number in range(hands):
        hand = stud.Hand(rules, [rng.choice([40, 60, 120]) for _ in NAMES], seed=number)
        while not hand.is_over:
            hand.act(choose(hand, rng))
        summary.add(hand.to_record(players=NAMES))
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default="docs/images/results.png")
    parser.add_argument("--hands", type=int, default=400)
    args = parser.parse_args()
    summary = play(args.hands)
    histories.results_graph(summary.series, args.out,
                            title=f"{args.hands} hands of Seven Card Stud")
    for name, totals in summary.totals.items():
        print(f"{name:>4}: net {totals.net:+,}, all-in adjusted {totals.adjusted:+,.1f}")


if __name__ == "__main__":
    main()
