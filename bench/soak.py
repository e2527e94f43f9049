"""Soak test of the betting engine: millions of random hands, invariants
checked, memory watched.

    python bench/soak.py                     # 10**7 hands per variant (several minutes)
    python bench/soak.py --hands 1000000 --python-hands 20000   # a quick run

Part 1, whole hands in C: for each of the five variants,
``stud.play_random(..., random_stacks=True, check=True)`` in calls of
``--chunk`` hands (10**6 by default, one progress line each).  Each call
checks every decision inside C (every listed action accepted, unlisted
kinds and amounts refused, the hand ends, the chips are kept, no payout is
negative) and must report no violation.  Six players by default
(``--players``); ``--full-tables`` (on by default) adds 8-handed rows for the
seven-card games, where the deck runs short and community cards are dealt
(docs/rules.md 5.1).  The calls rotate through four sets of rule options and
alternate short (1..60 chip) and deep (1..600 chip) random stacks.

Part 2, hands driven from Python: ``--python-hands`` (200,000) random hands
through ``stud.Hand``: random legal actions, a copy played out, a pickle
round trip, the history, a view, a manual showdown every other hand.  The
resident set size is sampled as it goes, after a warm-up, so that a leak in
the Cython layer (a reference kept per hand, per copy or per pickle) shows
as growth.

Memory is the resident set size (VmRSS of /proc/self/status, Linux) and
its peak (VmHWM).  Nothing here imports numpy, so the baseline is the
interpreter and stud only.  Prints a markdown table.
"""

from __future__ import annotations

import argparse
import os
import pickle
import platform
import random
import sys
import time
from typing import Any

import stud
from stud import ActionKind, Hand, Rules, Variant
from stud.game import SEVEN_CARD_VARIANTS

sys.path.insert(0, os.path.dirname(__file__))
from _benchutil import cpu_model  # noqa: E402

#: the rule options the C soak rotates through, one set per call
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"reopen_rule": "full_raise", "bring_in_tiebreak": "suit", "board_tiebreak": "suit"},
    {"max_raises": 4, "odd_chip": "position", "burn_cards": False},
    {"heads_up_uncapped": True, "ante": 0},
]
SEVEN_CARD = SEVEN_CARD_VARIANTS


def memory_kib() -> dict[str, int]:
    """The resident set size now and its peak, in KiB (Linux /proc)."""
    out = {"VmRSS": -1, "VmHWM": -1}
    try:
        with open("/proc/self/status") as status:
            for line in status:
                key = line.split(":", 1)[0]
                if key in out:
                    out[key] = int(line.split()[1])
    except OSError:  # not Linux: the peak from getrusage (KiB on Linux, bytes on macOS)
        import resource
        out["VmHWM"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return out


def rss_mib() -> float:
    return memory_kib()["VmRSS"] / 1024


def rules_for(variant: Variant, options: dict[str, Any]) -> Rules:
    opts = dict(options)
    if variant in (Variant.SEVEN_CARD_STUD, Variant.FIVE_CARD_STUD) and len(opts) == 3 \
            and "max_raises" in opts:
        opts["open_pair_double"] = True  # 4.4, where the game allows it
    return Rules(variant, 10, **opts)


def soak_c(variant: Variant, players: int, hands: int, chunk: int, seed: int) -> dict[str, Any]:
    """``hands`` random hands of ``variant`` in C, every invariant checked."""
    rss_before = rss_mib()
    done = decisions = showdowns = 0
    elapsed = 0.0
    call = 0
    while done < hands:
        n = min(chunk, hands - done)
        rules = rules_for(variant, OPTION_SETS[call % len(OPTION_SETS)])
        cap = 60 if call % 2 == 0 else 600
        start = time.perf_counter()
        report = stud.play_random(rules, [cap] * players, n, seed=seed + call,
                                  random_stacks=True, check=True)
        elapsed += time.perf_counter() - start
        if report["violations"] != 0 or report["hands"] != n:
            raise AssertionError(f"{variant.name}, {players} players, call {call} "
                                 f"(seed {seed + call}, rules {rules!r}): {report}")
        done += n
        decisions += report["decisions"]
        showdowns += report["showdowns"]
        call += 1
        print(f"  {variant.name:<22} {players} players: {done:>12,} hands, "
              f"{done / elapsed:>10,.0f} hands/s, RSS {rss_mib():.1f} MiB", flush=True)
    return {"what": f"{variant.name}, {players} players", "hands": done, "decisions": decisions,
            "showdowns": showdowns, "violations": 0, "seconds": elapsed,
            "rss_before": rss_before, "rss_after": rss_mib()}


def python_hand(rng: random.Random, k: int) -> int:
    """One random hand driven from Python, exercising the Cython layer:
    actions, a copy played out, a pickle round trip, history and a view.
    Returns the number of decisions taken on the main hand."""
    variant = Variant(k % 5)
    rules = Rules(variant, 10)
    players = 2 + k % (rules.max_players - 1)
    stacks = [rng.randint(1, 400) for _ in range(players)]
    manual = k % 2 == 1
    hand = Hand(rules, stacks, seed=rng.getrandbits(64),
                showdown="manual" if manual else "auto")
    branch_at = rng.randint(0, 12)
    decisions = 0
    while not hand.is_over:
        if decisions == branch_at:
            twin = hand.copy()
            clone = pickle.loads(pickle.dumps(hand))
            if clone.history != hand.history or clone.legal_actions() != hand.legal_actions():
                raise AssertionError(f"pickle round trip differs: hand {k}")
            while not twin.is_over:
                step(twin, rng)
            hand.view(rng.randrange(players))
        step(hand, rng)
        decisions += 1
    if sum(hand.stacks) != sum(stacks) or min(hand.payouts) < 0:
        raise AssertionError(f"chips not kept: hand {k}: {stacks} -> {hand.stacks}")
    if len(hand.history) < players:  # every seat antes or is dealt to
        raise AssertionError(f"short history: hand {k}")
    return decisions


def step(hand: Hand, rng: random.Random) -> None:
    """A random legal action, or show/muck at a manual showdown."""
    if hand.awaiting_showdown:
        hand.muck() if hand.may_muck and rng.random() < 0.5 else hand.show()
        return
    legal = hand.legal_actions()
    if rng.random() < 0.05:  # an illegal attempt now and then: its error is built and dropped
        try:
            hand.act(ActionKind.RAISE, 1 << 30)
        except stud.IllegalActionError:
            pass
    hand.act(legal[int(rng.random() * len(legal))])


def soak_python(hands: int, seed: int, warmup: int) -> dict[str, Any]:
    """``hands`` hands from Python; RSS after the warm-up and at the end."""
    rng = random.Random(seed)
    rss_start = rss_mib()
    start = time.perf_counter()
    decisions = 0
    samples: list[tuple[int, float]] = []
    every = max(1, hands // 10)
    rss_warm = rss_start
    for k in range(hands):
        decisions += python_hand(rng, k)
        if k + 1 == warmup:
            rss_warm = rss_mib()
        if (k + 1) % every == 0 or k + 1 == hands:
            samples.append((k + 1, rss_mib()))
            print(f"  Python-driven hands: {k + 1:>10,}, "
                  f"{(k + 1) / (time.perf_counter() - start):>8,.0f} hands/s, "
                  f"RSS {samples[-1][1]:.1f} MiB", flush=True)
    elapsed = time.perf_counter() - start
    return {"what": "Python-driven hands (copy, pickle, view, history each)", "hands": hands,
            "decisions": decisions, "showdowns": None, "violations": 0, "seconds": elapsed,
            "rss_before": rss_start, "rss_warm": rss_warm, "rss_after": rss_mib(),
            "samples": samples}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10**7, help="hands per variant in C")
    parser.add_argument("--chunk", type=int, default=10**6, help="hands per play_random call")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--full-tables", action=argparse.BooleanOptionalAction, default=True,
                        help="also 8-handed seven-card games (community cards)")
    parser.add_argument("--python-hands", type=int, default=200_000)
    parser.add_argument("--warmup", type=int, default=20_000,
                        help="Python-driven hands before the RSS baseline")
    parser.add_argument("--seed", type=int, default=20240601)
    args = parser.parse_args(argv)

    print(f"stud {stud.__version__}, {cpu_model()} ({os.cpu_count()} CPUs), "
          f"Python {platform.python_version()}, {platform.platform()}")
    print("command: python " + " ".join([sys.argv[0]] + (argv if argv is not None else sys.argv[1:])))
    rss_start = rss_mib()
    wall = time.perf_counter()
    rows = []
    tables = [(v, args.players) for v in Variant]
    if args.full_tables and args.players != 8:
        tables += [(v, 8) for v in SEVEN_CARD]
    for index, (variant, players) in enumerate(tables):
        rows.append(soak_c(variant, players, args.hands, args.chunk,
                           args.seed + 1000 * index))
    python_row = soak_python(args.python_hands, args.seed, min(args.warmup, args.python_hands))
    total = time.perf_counter() - wall
    peak = memory_kib()["VmHWM"] / 1024

    print()
    print("| what | hands | decisions | showdowns | violations | hands/s | RSS before (MiB) "
          "| RSS after (MiB) |")
    print("|---|--:|--:|--:|--:|--:|--:|--:|")
    for row in rows + [python_row]:
        rate = row["hands"] / row["seconds"] if row["seconds"] else 0.0
        showdowns = "-" if row["showdowns"] is None else f"{row['showdowns']:,}"
        print(f"| {row['what']} | {row['hands']:,} | {row['decisions']:,} | {showdowns} | "
              f"{row['violations']} | {rate:,.0f} | "
              f"{row['rss_before']:.1f} | {row['rss_after']:.1f} |")
    print()
    print(f"Whole run: RSS {rss_start:.1f} MiB at the start, {rss_mib():.1f} MiB at the end, "
          f"peak {peak:.1f} MiB; {total:.0f} s.")
    samples = ", ".join(f"{k:,}: {mib:.1f}" for k, mib in python_row["samples"])
    print(f"Python-driven RSS after the {min(args.warmup, args.python_hands):,}-hand warm-up: "
          f"{python_row['rss_warm']:.1f} MiB; by hands played (MiB): {samples}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
