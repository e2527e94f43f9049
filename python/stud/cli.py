"""The ``stud`` command line."""

from __future__ import annotations

import argparse
import sys

import json

from . import CardError, CardSet, Variant, equity, evaluate_high, evaluate_low8, evaluate_razz

SAMPLE_HAND = "As 2d 3c 4h 7s Kd Kh"


def _cmd_eval(args: argparse.Namespace) -> int:
    text = " ".join(args.cards) if args.cards else SAMPLE_HAND
    try:
        cards = CardSet(text)
        high = evaluate_high(cards)
    except CardError as error:
        print(f"stud eval: {error}", file=sys.stderr)
        return 2
    low8 = evaluate_low8(cards)
    razz = evaluate_razz(cards)
    print(f"cards:      {cards}")
    print(f"high:       {high}  [{high.cards}]  value {high.value}")
    if low8 is None:
        print("low (8-or-better): none")
    else:
        print(f"low (8-or-better): {low8}  [{low8.cards}]  value {low8.value}")
    print(f"razz (A-5): {razz}  [{razz.cards}]  value {razz.value}")
    return 0


GAMES = {"stud": Variant.SEVEN_CARD_STUD, "stud8": Variant.SEVEN_CARD_STUD_HILO,
         "razz": Variant.RAZZ, "five": Variant.FIVE_CARD_STUD,
         "five8": Variant.FIVE_CARD_STUD_HILO}


def _cmd_equity(args: argparse.Namespace) -> int:
    try:
        result = equity(GAMES[args.game], args.hands, args.dead,
                        exact=True if args.exact else False if args.trials else None,
                        trials=args.trials, seed=args.seed, threads=args.threads)
    except (CardError, ValueError, TypeError) as error:
        print(f"stud equity: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"game": args.game, "hands": args.hands, "dead": args.dead,
                          "exact": result.exact, "outcomes": result.outcomes,
                          "equity": result.equity, "high": result.high, "low": result.low,
                          "scoop": result.scoop, "stderr": result.stderr}))
        return 0
    method = "exact" if result.exact else "Monte Carlo"
    print(f"{GAMES[args.game].name}: {result.outcomes:,} outcomes ({method})")
    hilo = args.game in ("stud8", "five8")
    head = f"{'hand':24s} {'equity':>8s}" + (f" {'high':>8s} {'low':>8s} {'scoop':>8s}" if hilo else
                                              f" {'win':>8s}")
    print(head)
    for p, cards in enumerate(args.hands):
        row = f"{str(CardSet(cards)):24s} {result.equity[p]:8.4f}"
        row += (f" {result.high[p]:8.4f} {result.low[p]:8.4f} {result.scoop[p]:8.4f}" if hilo
                else f" {result.high[p]:8.4f}")
        if result.stderr:
            row += f"  +/- {result.stderr[p]:.4f}"
        print(row)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="stud", description="Stud poker tools.")
    commands = parser.add_subparsers(dest="command", required=True)
    evaluate = commands.add_parser(
        "eval", help="evaluate 5 to 7 cards: high hand, 8-or-better low and Razz low",
        description=f"Evaluate 5 to 7 cards (default: the sample hand {SAMPLE_HAND!r}).")
    evaluate.add_argument("cards", nargs="*", help='cards such as "As Kd 7h 7c 2s" (spaces optional)')
    evaluate.set_defaults(run=_cmd_eval)
    eq = commands.add_parser(
        "equity", help="each hand's share of the pot when the unknown cards are dealt out",
        description="Showdown equity of stud hands (exact when feasible, else Monte Carlo).")
    eq.add_argument("hands", nargs="+", help='known cards of each player, e.g. "As 2d 3c 4h"')
    eq.add_argument("--game", choices=sorted(GAMES), default="stud")
    eq.add_argument("--dead", help="cards known to be out of play")
    eq.add_argument("--exact", action="store_true", help="force exact enumeration")
    eq.add_argument("--trials", type=int, help="force Monte Carlo with this many trials")
    eq.add_argument("--seed", type=int, help="Monte Carlo seed")
    eq.add_argument("--threads", type=int, default=0, help="worker threads (0 = all cores)")
    eq.add_argument("--json", action="store_true", help="machine-readable output")
    eq.set_defaults(run=_cmd_equity)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
