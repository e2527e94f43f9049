"""The ``stud`` command line."""

from __future__ import annotations

import argparse
import sys

from . import CardError, CardSet, evaluate_high, evaluate_low8, evaluate_razz

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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="stud", description="Stud poker tools.")
    commands = parser.add_subparsers(dest="command", required=True)
    evaluate = commands.add_parser(
        "eval", help="evaluate 5 to 7 cards: high hand, 8-or-better low and Razz low",
        description=f"Evaluate 5 to 7 cards (default: the sample hand {SAMPLE_HAND!r}).")
    evaluate.add_argument("cards", nargs="*", help='cards such as "As Kd 7h 7c 2s" (spaces optional)')
    evaluate.set_defaults(run=_cmd_eval)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
