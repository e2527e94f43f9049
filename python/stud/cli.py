"""The ``stud`` command line."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from . import (
    CardError,
    CardSet,
    Rules,
    Variant,
    __version__,
    equity,
    evaluate_27,
    evaluate_high,
    evaluate_low8,
    evaluate_razz,
    simulate,
)
from .game import VARIANT_NAMES
from .histories.errors import HistoryError
from .odds import TooManyOutcomes, count_text

SAMPLE_HAND = "As 2d 3c 4h 7s Kd Kh"


class UserError(Exception):
    """A mistake in what the user gave (cards, an option, a file): ``main``
    prints it as one line, ``stud COMMAND: message``, and exits with 2."""


#: what ``main`` reports as the user's mistake wherever it is raised: a file
#: that cannot be opened, read or written, and a hand history that is not one
#: (``HistoryError``, raised when a file's first line is not a hand history's)
_USER_ERRORS = (UserError, OSError, HistoryError)


@contextmanager
def user_errors(*kinds: type[BaseException], about: str | None = None) -> Iterator[None]:
    """Errors of ``kinds`` raised inside (a library call's ``ValueError`` on
    what the user gave, say) become ``UserError``: one line, exit status 2.
    ``about``: the file or option the message starts with.  Used around the
    calls that take the user's input only, so a bug elsewhere still shows
    its traceback."""
    try:
        yield
    except kinds as error:
        raise UserError(f"{about}: {error}" if about else str(error)) from error


def _message(error: BaseException) -> str:
    if isinstance(error, OSError) and error.filename is not None and error.strerror:
        return f"{error.filename}: {error.strerror}"
    return str(error)


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Each option's help ends with its default, when it has one."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        default = action.default
        if (not action.option_strings or default is None or default is False
                or default is argparse.SUPPRESS or "%(default)" in text):
            return text
        shown = f"{default:,}" if type(default) is int else "%(default)s"
        return f"{text} (default: {shown})"


class ArgumentParser(argparse.ArgumentParser):
    """``argparse.ArgumentParser`` with ``HelpFormatter``; its subcommands'
    parsers are of this class too."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)


def _cmd_eval(args: argparse.Namespace) -> int:
    text = " ".join(args.cards) if args.cards else SAMPLE_HAND
    with user_errors(CardError):
        cards = CardSet(text)
        high = evaluate_high(cards)
    low8 = evaluate_low8(cards)
    razz = evaluate_razz(cards)
    deuce = evaluate_27(cards)
    print(f"cards:      {cards}")
    print(f"high:       {high}  [{high.cards}]  value {high.value}")
    if low8 is None:
        print("low (8-or-better): none")
    else:
        print(f"low (8-or-better): {low8}  [{low8.cards}]  value {low8.value}")
    print(f"razz (A-5): {razz}  [{razz.cards}]  value {razz.value}")
    # the low of 2-7 Razz (docs/rules.md 12.5): aces high, straights and flushes count
    print(f"2-7 low:    {deuce}  [{deuce.cards}]  value {deuce.value}")
    return 0


GAMES = VARIANT_NAMES


def _cmd_equity(args: argparse.Namespace) -> int:
    try:
        result = equity(GAMES[args.game], args.hands, args.dead,
                        exact=True if args.exact else False if args.trials else None,
                        trials=args.trials, seed=args.seed, threads=args.threads,
                        low_needs_five_ranks=args.low_needs_five_ranks)
    except TooManyOutcomes as error:
        raise UserError(f"{count_text(error.outcomes)} outcomes are too many to enumerate "
                        f"exactly (at most {error.limit:,}): leave out --exact, or give "
                        f"--trials N for Monte Carlo") from error
    except (CardError, ValueError, TypeError) as error:
        raise UserError(str(error)) from error
    # the games that split the pot: the low half's columns (Hi-Lo Regular: 13.4)
    hilo = GAMES[args.game] in (Variant.SEVEN_CARD_STUD_HILO, Variant.FIVE_CARD_STUD_HILO,
                                Variant.SEVEN_CARD_STUD_HILO_REGULAR)
    if args.json:
        # hi-lo games split into halves; the others have one winner, high or Razz low
        shares = ({"win": result.win, "tie": result.tie, "low_win": result.low_win,
                   "low_tie": result.low_tie, "scoop": result.scoop} if hilo
                  else {"win": result.win, "tie": result.tie})
        print(json.dumps({"game": args.game, "hands": args.hands, "dead": args.dead,
                          "exact": result.exact, "outcomes": result.outcomes,
                          "equity": result.equity, **shares, "stderr": result.stderr}))
        return 0
    method = "exact" if result.exact else "Monte Carlo"
    print(f"{GAMES[args.game].name}: {result.outcomes:,} outcomes ({method})")
    columns = ["win", "tie", "low win", "low tie", "scoop"] if hilo else ["win", "tie"]
    head = f"{'hand':24s} {'equity':>8s}" + "".join(f" {c:>8s}" for c in columns)
    print(head)
    for p, cards in enumerate(args.hands):
        row = f"{str(CardSet(cards)):24s} {result.equity[p]:8.4f}"
        values = [result.win, result.tie, result.low_win, result.low_tie, result.scoop] if hilo \
            else [result.win, result.tie]
        row += "".join(f" {v[p]:8.4f}" for v in values)
        if result.stderr:
            row += f"  +/- {result.stderr[p]:.4f}"
        print(row)
    return 0


def _cmd_simulate(args: argparse.Namespace) -> int:
    names = args.policy.split(",")
    policies = names * args.players if len(names) == 1 else names
    if args.hands < 1:
        raise UserError(f"--hands must be 1 or more, not {args.hands}")
    if len(policies) != args.players:
        raise UserError(f"{len(policies)} policies for {args.players} players")
    with user_errors(ValueError, TypeError):
        rules = Rules(GAMES[args.game], args.small_bet)
        result = simulate(rules, policies, args.hands, seed=args.seed, workers=args.workers,
                          rotate=args.rotate, carry=args.carry, progress=args.progress)
    if args.json:
        print(json.dumps({"game": args.game, "policies": policies, "hands": result.hands,
                          "net": result.net, "mean": result.mean,
                          "per_100_small_bets": result.per_100_small_bets, "ci95": result.ci95,
                          "win_rate": result.win_rate, "showdown_rate": result.showdown_rate,
                          "showdown_win_rate": result.showdown_win_rate}))
        return 0
    print(f"{GAMES[args.game].name}, {result.hands:,} hands, small bet {args.small_bet}")
    print(f"{'player':>6} {'policy':10s} {'net':>12} {'per hand':>9} {'SB/100':>9} {'+/- 95%':>8}"
          f" {'won':>6} {'showdown':>9} {'won there':>9}")
    for p, policy in enumerate(policies):
        print(f"{p:>6} {policy:10s} {result.net[p]:>12,} {result.mean[p]:>9.3f} "
              f"{result.per_100_small_bets[p]:>9.2f} {result.ci95[p]:>8.2f} "
              f"{result.win_rate[p]:>6.1%} {result.showdown_rate[p]:>9.1%} "
              f"{result.showdown_win_rate[p]:>9.1%}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The parser of ``stud`` and every subcommand."""
    parser = ArgumentParser(prog="stud", description="Stud poker tools.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    evaluate = commands.add_parser(
        "eval", help="evaluate 5 to 7 cards: high hand, 8-or-better low and Razz low",
        description=f"Evaluate 5 to 7 cards (default: the sample hand {SAMPLE_HAND!r}).")
    evaluate.add_argument("cards", nargs="*",
                          help='cards such as "As Kd 7h 7c 2s" (spaces optional)')
    evaluate.set_defaults(run=_cmd_eval)
    eq = commands.add_parser(
        "equity", help="each hand's share of the pot when the unknown cards are dealt out",
        description="Showdown equity of stud hands (exact when feasible, else Monte Carlo).")
    eq.add_argument("hands", nargs="+", help='known cards of each player, e.g. "As 2d 3c 4h"')
    eq.add_argument("--game", choices=sorted(GAMES), default="stud", help="the variant")
    eq.add_argument("--dead", help="cards known to be out of play (default: none)")
    eq.add_argument("--exact", action="store_true", help="force exact enumeration")
    eq.add_argument("--trials", type=int, help="force Monte Carlo with this many trials "
                                               "(default: exact when feasible)")
    eq.add_argument("--seed", type=int, help="Monte Carlo seed (default: a random one)")
    eq.add_argument("--threads", type=int, default=0, help="worker threads (0 = all cores)")
    eq.add_argument("--low-needs-five-ranks", action="store_true",
                    help="studhl only: no low without five distinct ranks (docs/rules.md 13.5)")
    eq.add_argument("--json", action="store_true", help="machine-readable output")
    eq.set_defaults(run=_cmd_equity)
    sim = commands.add_parser(
        "simulate", help="play many hands with built-in policies and report each player's results",
        description="Simulate hands played by built-in policies (random, call, strength).")
    sim.add_argument("--game", choices=sorted(GAMES), default="stud", help="the variant")
    sim.add_argument("--players", type=int, default=6, help="players at the table")
    sim.add_argument("--hands", type=int, default=100_000, help="hands to play")
    sim.add_argument("--policy", default="random",
                     help="one policy for every player, or one per player separated by commas")
    sim.add_argument("--small-bet", type=int, default=10,
                     help="the small bet in chips; the big bet is twice it")
    sim.add_argument("--seed", type=int, default=1,
                     help="random seed: the same seed plays the same hands")
    sim.add_argument("--workers", type=int, default=1, help="processes (0 = all cores)")
    sim.add_argument("--rotate", action="store_true", help="players change seats every hand")
    sim.add_argument("--carry", action="store_true", help="stacks carry over between hands")
    sim.add_argument("--progress", action="store_true", help="a progress bar (needs tqdm)")
    sim.add_argument("--json", action="store_true", help="machine-readable output")
    sim.set_defaults(run=_cmd_simulate)
    from .cli_histories import add_commands

    add_commands(commands)
    from . import cli_table

    cli_table.add_commands(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "trials", None) is not None and args.trials < 1:
        parser.error(f"--trials must be 1 or more, not {args.trials}")
    try:
        status: int = args.run(args)
        return status
    except KeyboardInterrupt:
        print(f"stud {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (stud ... | head): stop quietly
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except _USER_ERRORS as error:
        print(f"stud {args.command}: {_message(error)}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    # (python -m stud.cli: the subcommands' modules import stud.cli, so run its
    # main, whose UserError is theirs, not this __main__ module's copy)
    from stud.cli import main as _main

    sys.exit(_main())
