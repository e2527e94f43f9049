"""The 2-7 Razz 3rd-street tables: every heads-up matchup of the 455 rank
classes (three ranks, pairs and trips included, as the Razz table), and
every one of the 1,755 suit-pattern classes against a random hand.

    stud table --game razz27 --matchups vs-random --trials 200000 --seed 1 --workers 2 --out razz27_vs_random.parquet
    python bench/razz27_table.py heads-up --batches 8 --batch-trials 1250 --seed 1 --workers 2 --out razz27_heads_up.jsonl --resume
    python bench/razz27_table.py report razz27_vs_random.parquet razz27_heads_up.jsonl \\
        --markdown bench/results/razz27_table.md --png docs/images/razz27_heads_up.png

In 2-7 Razz flushes count against a hand, so suits matter and the game's
exact classes are suit patterns (``stud.equity_tables``: 1,755 of them,
about 1.5 million heads-up matchups, each averaged over the arrangements of
the other hand's suits), far beyond this machine.  The heads-up table here
is over rank classes instead: a matchup of two rank classes is the average
over every way the two hands can be dealt with those ranks, whatever the
suits, each deal counted once.  Each matchup is ``--batches`` Monte Carlo
runs of ``--batch-trials`` trials (``stud.equity``), each run on one deal
drawn uniformly from those ways (the first hand's suits at random, then the
second's among the cards left), so a run's mean is an unbiased estimate of
the matchup's equity, and the standard error comes from the spread of the
runs' means (suit arrangements and card luck together).  The rows go to a
JSON-lines file as they finish; ``--resume`` skips the rows it holds.  Each
row's deals and seeds come from ``--seed`` and the row's number only, so
the table does not depend on the workers or the chunking.

A rank class's equity against a random hand is its suit-pattern classes'
equities (the vs-random table) averaged by how many hands each holds; the
report checks the heads-up table against it (each row of the matrix
averaged over the hands that can face it, as bench/razz_table.py does) and
lists the suit patterns whose equity differs most from the same ranks in
three suits.  The ace counts high (docs/rules.md 12.5), so ranks read from
the ace down.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from math import comb

import stud
from stud import EquityTable
from stud.equity_tables import starting_classes

RANKS = "23456789TJQKA"  # 2-7: the ace high
SUITS = "cdhs"


# ---- rank classes and their deals ---------------------------------------------------

def rank_classes() -> list[str]:
    """The 455 rank classes, written high card first (ace high): '732', 'KK2', '777'."""
    out = []
    for a in range(13):
        for b in range(a, 13):
            for c in range(b, 13):
                out.append("".join(RANKS[r] for r in (c, b, a)))
    return out


def rows_of(classes: list[str]) -> list[tuple[str, str]]:
    """Every pair of classes once (a class against itself included) that one
    deck can deal: no rank five times."""
    out = []
    for i, a in enumerate(classes):
        for b in classes[i:]:
            if max(Counter(a + b).values()) <= 4:
                out.append((a, b))
    return out


def facing(a: str, b: str) -> int:
    """How many hands of class ``b`` can face one hand of class ``a``."""
    held, want = Counter(a), Counter(b)
    return math.prod(comb(4 - held[r], k) for r, k in want.items())


def deal(a: str, b: str, rng: random.Random) -> list[str]:
    """One deal of the matchup, uniform among every way to deal it: the
    first hand's suits at random, then the second's among the cards left
    (every hand of ``a`` leaves the same number of hands of ``b``)."""
    used: set[str] = set()
    hands = []
    for ranks in (a, b):
        cards = []
        for rank, k in Counter(ranks).items():
            free = [rank + s for s in SUITS if rank + s not in used]
            cards += rng.sample(free, k)
        used.update(cards)
        hands.append(" ".join(cards))
    return hands


def compute_row(row: int, a: str, b: str, batches: int, trials: int, seed: int) -> dict:
    rng = random.Random(seed * 1_000_003 + row)
    equities, stderrs = [], []
    for _ in range(batches):
        hands = deal(a, b, rng)
        result = stud.equity("razz27", hands, exact=False, trials=trials,
                             seed=rng.getrandbits(63))
        equities.append(result.equity[0])
        assert result.stderr is not None
        stderrs.append(result.stderr[0])
    return {"row": row, "a": a, "b": b, "equity": equities, "mc_stderr": stderrs}


def compute_chunk(rows: list[tuple[int, str, str]], batches: int, trials: int,
                  seed: int) -> list[dict]:
    return [compute_row(row, a, b, batches, trials, seed) for row, a, b in rows]


def heads_up(args: argparse.Namespace) -> int:
    classes = rank_classes()
    if args.classes:
        keep = set(args.classes.split(","))
        classes = [c for c in classes if c in keep]
    pairs = rows_of(classes)
    params = {"variant": "razz27", "classes": len(classes), "rows": len(pairs),
              "batches": args.batches, "batch_trials": args.batch_trials, "seed": args.seed,
              "stud_version": stud.__version__}
    done: set[int] = set()
    if os.path.exists(args.out):
        if not args.resume:
            raise SystemExit(f"{args.out} exists: use --resume or another file")
        with open(args.out, encoding="utf-8") as f:
            lines = f.read().splitlines()
        if not lines or json.loads(lines[0]) != {"params": params}:
            raise SystemExit(f"{args.out} holds another job")
        for line in lines[1:]:
            try:
                done.add(json.loads(line)["row"])
            except (ValueError, KeyError):  # a line cut short by a stop: computed again
                pass
    else:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(json.dumps({"params": params}) + "\n")
    todo = [(row, a, b) for row, (a, b) in enumerate(pairs) if row not in done]
    chunks = [todo[k:k + args.chunk_rows] for k in range(0, len(todo), args.chunk_rows)]
    start, finished = time.monotonic(), len(done)
    with open(args.out, "a", encoding="utf-8") as out, \
            ProcessPoolExecutor(max(1, args.workers)) as pool:
        pending: set = set()

        def take(futures) -> None:
            nonlocal finished
            for future in futures:
                rows = future.result()
                out.write("".join(json.dumps(r) + "\n" for r in rows))
                finished += len(rows)
            out.flush()
            if args.progress:
                print(f"{finished:,}/{len(pairs):,} rows, {time.monotonic() - start:.0f} s",
                      file=sys.stderr, flush=True)

        for chunk in chunks:
            pending.add(pool.submit(compute_chunk, chunk, args.batches, args.batch_trials,
                                    args.seed))
            while len(pending) >= 2 * max(1, args.workers):
                finished_now, pending = wait(pending, return_when=FIRST_COMPLETED)
                take(finished_now)
        while pending:
            finished_now, pending = wait(pending, return_when=FIRST_COMPLETED)
            take(finished_now)
    print(f"{len(pairs):,} rows in {args.out} ({time.monotonic() - start:.0f} s for "
          f"{len(todo):,})")
    return 0


def read_heads_up(path: str) -> tuple[dict, list[dict]]:
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    params = json.loads(lines[0])["params"]
    rows = {}
    for line in lines[1:]:
        r = json.loads(line)
        rows[r["row"]] = r
    return params, [rows[k] for k in sorted(rows)]


# ---- the report ---------------------------------------------------------------------

def short_pattern(label: str) -> str:
    """A suit-pattern class 'Ks 7s 2h' as its ranks, ace high, with 's' on the
    cards of a suit held twice or more and 'o' on the others: 'Ks7s2o'."""
    cards = sorted(label.split(), key=lambda c: RANKS.index(c[0]), reverse=True)
    count = Counter(c[1] for c in cards)
    return "".join(c[0] + ("s" if count[c[1]] > 1 else "o") for c in cards)


def rank_class_of(label: str) -> str:
    return "".join(sorted((c[0] for c in label.split()), key=RANKS.index, reverse=True))


def report(args: argparse.Namespace) -> int:
    random_table = EquityTable.read(args.vs_random)
    if random_table.params["variant"] != "razz27" or len(random_table) != \
            random_table.params["rows"] or random_table.params["matchups"] != "vs_random":
        raise SystemExit(f"{args.vs_random}: not a finished 2-7 Razz vs-random table")
    params, hu_rows = read_heads_up(args.heads_up)
    if len(hu_rows) != params["rows"]:
        raise SystemExit(f"{args.heads_up}: {len(hu_rows):,} of {params['rows']:,} rows")
    size = {label: n for label, _, n in starting_classes("razz27")}
    patterns = {r["hand_0"]: (r["equity_0"], r["stderr_0"]) for r in random_table}
    if len(patterns) != 1755:
        raise SystemExit(f"{args.vs_random}: {len(patterns)} classes, not 1,755")

    # a rank class against a random hand: its patterns weighted by their hands
    members: dict[str, list[str]] = {}
    for label in patterns:
        members.setdefault(rank_class_of(label), []).append(label)
    vs_random = {}
    for rc, labels in members.items():
        total = sum(size[p] for p in labels)
        e = sum(size[p] * patterns[p][0] for p in labels) / total
        se = math.sqrt(sum((size[p] * patterns[p][1]) ** 2 for p in labels)) / total
        vs_random[rc] = (e, se, total)

    order = sorted(vs_random, key=lambda c: -vs_random[c][0])
    where = {c: k for k, c in enumerate(order)}
    n = len(order)
    matrix = [[math.nan] * n for _ in range(n)]
    weights: dict[str, dict[str, tuple[int, float]]] = {c: {} for c in order}
    ses, mc_ses = [], []
    for r in hu_rows:
        a, b, runs = r["a"], r["b"], r["equity"]
        e = statistics.fmean(runs)
        ses.append(statistics.stdev(runs) / math.sqrt(len(runs)))
        mc_ses.append(math.sqrt(sum(s * s for s in r["mc_stderr"])) / len(runs))
        matrix[where[a]][where[b]] = e
        matrix[where[b]][where[a]] = 1 - e  # heads-up: the two equities add to 1
        weights[a][b] = (facing(a, b), e)
        weights[b][a] = (facing(b, a), 1 - e)
    se_of = {}
    for r, se in zip(hu_rows, ses):
        se_of[r["a"], r["b"]] = se_of[r["b"], r["a"]] = se
    worst, worst_z, averages = 0.0, 0.0, {}
    for c in order:
        total = sum(w for w, _ in weights[c].values())
        assert total == comb(49, 3), (c, total)  # every hand that can face it, once
        averages[c] = sum(w * e for w, e in weights[c].values()) / total
        average_se = math.sqrt(sum((w * se_of[c, b]) ** 2
                                   for b, (w, _) in weights[c].items())) / total
        diff = averages[c] - vs_random[c][0]
        worst = max(worst, abs(diff))
        worst_z = max(worst_z, abs(diff) / math.hypot(vs_random[c][1], average_se))
    mean_se, max_se = statistics.fmean(ses), max(ses)
    rms_se = math.sqrt(statistics.fmean(s * s for s in ses))
    rms_mc = math.sqrt(statistics.fmean(s * s for s in mc_ses))
    over = sum(s > 0.01 for s in ses)
    trials = params["batches"] * params["batch_trials"]

    lines = ["# 2-7 Razz: every heads-up matchup on 3rd street", "",
             f"stud {params['stud_version']}. {len(hu_rows):,} matchups of the {n} rank classes "
             f"(three ranks, pairs and trips included, as the Razz table), each the average "
             f"over every way the two hands can be dealt, whatever their suits. In 2-7 Razz "
             f"flushes count, so suits matter: the exact classes are the 1,755 suit patterns, "
             f"about 1.5 million heads-up matchups, too many for this machine; a rank class "
             f"here mixes its suit patterns as often as they are dealt. Each matchup: "
             f"{params['batches']} Monte Carlo runs of {params['batch_trials']:,} trials "
             f"({trials:,} in all), each run on one deal of the two hands drawn uniformly "
             f"among those ways, seed {params['seed']}. The standard error, from the spread "
             f"of the runs, is {mean_se:.4f} on average and at most {max_se:.4f} (an "
             f"estimate from {params['batches']} runs: above 0.01 for {over} of the "
             f"{len(hu_rows):,} matchups); its root mean square, {rms_se:.4f}, is the "
             f"trials' own ({rms_mc:.4f}, at most {max(mc_ses):.4f}): the suit arrangements "
             f"add no spread that shows. The 1,755 suit-pattern classes against a random "
             f"hand: "
             f"{random_table.params['trials']:,} trials each (standard error at most "
             f"{random_table.max_stderr:.4f}); a rank class's equity against a random hand "
             f"is its patterns' averaged by their hands. {args.note}".strip(), "",
             f"Check: a class's equity against a random hand equals its heads-up equities "
             f"averaged over every class, weighted by the hands that can face it "
             f"({comb(49, 3):,} for each class). Across the {n} classes the two independent "
             f"tables differ by at most {worst:.4f} ({worst_z:.1f} standard errors of the "
             f"difference). Hands are written high card first, the ace high "
             f"(docs/rules.md 12.5).", "",
             f"## The best and worst {args.top} rank classes against a random hand", "",
             "| rank | hand | equity | +/- | average heads-up | hands |",
             "|--:|---|--:|--:|--:|--:|"]

    def line(k: int, c: str) -> str:
        e, se, total = vs_random[c]
        return f"| {k + 1} | {c} | {e:.4f} | {se:.4f} | {averages[c]:.4f} | {total} |"

    lines += [line(k, c) for k, c in enumerate(order[:args.top])]
    lines.append("| ... | | | | | |")
    lines += [line(k, c) for k, c in list(enumerate(order))[-args.top:]]
    pick = ["732", "742", "752", "862", "432", "765", "T92", "A32", "772", "K72", "AKQ", "222"]
    pick = [c for c in pick if c in where]
    lines += ["", "## Some matchups (equity of the row's hand)", "",
              "| | " + " | ".join(pick) + " |", "|---|" + "--:|" * len(pick)]
    for a in pick:
        cells = []
        for b in pick:
            e = matrix[where[a]][where[b]]
            cells.append("-" if math.isnan(e) else f"{e:.3f}")
        lines.append(f"| **{a}** | " + " | ".join(cells) + " |")

    # the suit patterns against the same ranks in three suits
    diffs = []
    for labels in members.values():
        rainbow = [p for p in labels if len({c[1] for c in p.split()}) == 3]
        if len(rainbow) != 1:  # trips: one pattern, always three suits
            continue
        e0, se0 = patterns[rainbow[0]]
        for p in labels:
            if p != rainbow[0]:
                e, se = patterns[p]
                diffs.append((e - e0, math.hypot(se, se0), p, rainbow[0]))
    diffs.sort()
    suited_two = [d for d in diffs if len({c[1] for c in d[2].split()}) == 2]
    suited_three = [d for d in diffs if len({c[1] for c in d[2].split()}) == 1]
    biggest = sorted(diffs, key=lambda d: -abs(d[0]))[:args.top]
    three_in_top = sum(len({c[1] for c in d[2].split()}) == 1 for d in biggest)
    lines += ["", "## Suits: the suit patterns against the same ranks in three suits", "",
              f"Each of the 1,755 classes against a random hand, less the class of the same "
              f"ranks in three suits (s: a card of a suit the hand holds twice or more; "
              f"o: the only card of its suit). {len(diffs):,} patterns are not three suits: "
              f"the difference is {statistics.fmean(d[0] for d in diffs):+.4f} on average, "
              f"{statistics.fmean(d[0] for d in suited_two):+.4f} for two cards of one "
              f"suit and {statistics.fmean(d[0] for d in suited_three):+.4f} for three; "
              f"{sum(d[0] < 0 for d in diffs):,} of them are worse than the three-suit "
              f"class; {three_in_top} of the {len(biggest)} largest differences below are "
              f"three cards of one suit (two more of the suit make a flush, which counts "
              f"against a 2-7 hand). The "
              f"standard error of a difference is about "
              f"{statistics.fmean(d[1] for d in diffs):.4f}.", "",
              f"### The {args.top} largest differences", "",
              "| pattern | class | equity | three suits | difference | +/- |",
              "|---|---|--:|--:|--:|--:|"]
    for d, se, p, r0 in biggest:
        lines.append(f"| {short_pattern(p)} | {p} | {patterns[p][0]:.4f} | "
                     f"{patterns[r0][0]:.4f} | {d:+.4f} | {se:.4f} |")
    lines += ["", f"### The best and worst {args.top} suit-pattern classes against a random "
              f"hand", "", "| rank | pattern | class | equity | +/- |", "|--:|---|---|--:|--:|"]
    by_equity = sorted(patterns, key=lambda p: -patterns[p][0])
    for k, p in list(enumerate(by_equity))[:args.top] + [(-1, "")] + \
            list(enumerate(by_equity))[-args.top:]:
        if k < 0:
            lines.append("| ... | | | | |")
        else:
            lines.append(f"| {k + 1} | {short_pattern(p)} | {p} | {patterns[p][0]:.4f} | "
                         f"{patterns[p][1]:.4f} |")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as f:
            f.write(text)
    if args.png:
        heat_map(matrix, order, args.png)
    return 0


def heat_map(matrix, order, path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    data = np.array(matrix)
    fig, ax = plt.subplots(figsize=(9, 8.2), dpi=110)
    cmap = matplotlib.colormaps["RdBu_r"].copy()
    cmap.set_bad("black")
    image = ax.imshow(np.ma.masked_invalid(data), cmap=cmap, vmin=0, vmax=1,
                      interpolation="nearest")
    ticks = list(range(0, len(order), 25))
    ax.set_xticks(ticks, [order[k] for k in ticks], rotation=90, fontsize=7)
    ax.set_yticks(ticks, [order[k] for k in ticks], fontsize=7)
    ax.set_xlabel("opponent's starting hand (best against a random hand first)")
    ax.set_ylabel("starting hand")
    ax.set_title(f"2-7 Razz, 3rd street: equity of the row's hand against the column's\n"
                 f"({len(order)} rank classes, suits averaged, ace high; "
                 f"black: five cards of one rank)", fontsize=10)
    fig.colorbar(image, ax=ax, fraction=0.046, pad=0.03, label="equity")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("heads-up", help="compute the heads-up table of the rank classes")
    run.add_argument("--out", required=True, help="the JSON-lines results file")
    run.add_argument("--batches", type=int, default=8, help="deals (runs) per matchup")
    run.add_argument("--batch-trials", type=int, default=1250, help="trials per run")
    run.add_argument("--seed", type=int, default=1)
    run.add_argument("--workers", type=int, default=2)
    run.add_argument("--chunk-rows", type=int, default=64)
    run.add_argument("--classes", help="only these rank classes (comma-separated), to try it")
    run.add_argument("--resume", action="store_true")
    run.add_argument("--progress", action="store_true")
    rep = sub.add_parser("report", help="the summary and the heat map")
    rep.add_argument("vs_random", help="the vs-random table of the 1,755 classes (stud table)")
    rep.add_argument("heads_up", help="the heads-up results file (heads-up)")
    rep.add_argument("--markdown", help="write the summary here")
    rep.add_argument("--png", help="write the heat map here (needs matplotlib)")
    rep.add_argument("--top", type=int, default=12)
    rep.add_argument("--note", default="", help="a line on how long the jobs took")
    args = parser.parse_args(argv)
    if args.command == "heads-up" and args.batches < 2:
        parser.error("--batches must be 2 or more (the standard error needs a spread)")
    return heads_up(args) if args.command == "heads-up" else report(args)


if __name__ == "__main__":
    sys.exit(main())
