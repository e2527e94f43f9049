"""The 2-7 Razz 3rd-street heads-up table, read back: a heat map of the
matchups of the rainbow starting hands (three ranks, three suits), the
hands sorted by their equity against a random hand.

    CLASSES=$(python bench/razz27_table.py --classes)
    stud table --game razz27 --matchups vs-random --classes "$CLASSES" --trials 200000 --seed 1 --out razz27_vs_random.parquet
    stud table --game razz27 --matchups heads-up --classes "$CLASSES" --trials 10000 --seed 1 --out razz27_heads_up.parquet --resume
    python bench/razz27_table.py razz27_vs_random.parquet razz27_heads_up.parquet \\
        --markdown bench/results/razz27_table.md --png docs/images/razz27_heads_up.png

Why not Razz's 455 classes: in 2-7 Razz flushes count against a hand, so
suits matter and a class is a suit pattern (``stud.equity_tables``: 1,755
classes, about 1.5 million heads-up matchups, each averaged over the
arrangements of the other hand's suits).  That is far beyond this machine;
the rainbow hands without a pair (286 classes, 41,041 matchups) are the
starting hands a 2-7 player plays, and each is one class.  The ace counts
high (docs/rules.md 12.5), so ranks read from the ace down.
"""

from __future__ import annotations

import argparse
import math
import sys

from stud import EquityTable
from stud.equity_tables import starting_classes

RANKS = "23456789TJQKA"  # 2-7: the ace high


def rainbow_classes() -> list[str]:
    """The classes of three ranks in three suits (no pair)."""
    out = []
    for label, cards, _ in starting_classes("razz27"):
        ranks, suits = {c[0] for c in cards.split()}, {c[1] for c in cards.split()}
        if len(ranks) == 3 and len(suits) == 3:
            out.append(label)
    return out


def short(label: str) -> str:
    """'Ks 7h 2d' -> 'K72' (rainbow implied)."""
    return "".join(sorted((c[0] for c in label.split()), key=RANKS.index, reverse=True))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tables", nargs="*", help="the vs-random and heads-up tables")
    parser.add_argument("--classes", action="store_true", help="print the classes, for --classes")
    parser.add_argument("--markdown", help="write the summary here")
    parser.add_argument("--png", help="write the heat map here (needs matplotlib)")
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument("--note", default="", help="a line on how long the job took")
    args = parser.parse_args(argv)
    if args.classes:
        print(",".join(rainbow_classes()))
        return 0
    if len(args.tables) != 2:
        parser.error("give the vs-random table and the heads-up table")
    random_table, heads_up = (EquityTable.read(path) for path in args.tables)
    for t in (random_table, heads_up):
        if t.params["variant"] != "razz27" or len(t) != t.params["rows"]:
            raise SystemExit(f"{t.path}: not a finished 2-7 Razz table")
    vs_random = {r["hand_0"]: (r["equity_0"], r["stderr_0"]) for r in random_table}
    order = sorted(vs_random, key=lambda c: -vs_random[c][0])
    where = {c: k for k, c in enumerate(order)}
    n = len(order)
    matrix = [[math.nan] * n for _ in range(n)]
    for r in heads_up:
        a, b = r["hand_0"], r["hand_1"]
        matrix[where[a]][where[b]] = r["equity_0"]
        matrix[where[b]][where[a]] = r["equity_1"]
    missing = sum(math.isnan(x) for row in matrix for x in row)
    max_se = heads_up.max_stderr
    mean_se = sum(r["stderr_0"] for r in heads_up) / len(heads_up)
    # against the field of these hands: the plain average of a row
    field = {c: sum(matrix[where[c]]) / n for c in order}

    lines = ["# 2-7 Razz: heads-up matchups of the rainbow starting hands on 3rd street", "",
             f"stud {heads_up.params['stud_version']}. {len(heads_up):,} matchups of the {n} "
             f"rainbow starting hands (three ranks in three suits; in 2-7 Razz flushes count, "
             f"so suits matter and the game's full table has 1,755 suit-pattern classes), "
             f"Monte Carlo with {heads_up.params['trials']:,} trials each, seed "
             f"{heads_up.params['seed']}, averaged over the arrangements of the opponent's "
             f"suits: standard error {mean_se:.4f} on average, at most {max_se:.4f}. The equity "
             f"of each hand against a random hand: {random_table.params['trials']:,} trials "
             f"each (standard error at most {random_table.max_stderr:.4f}). "
             f"{args.note}".strip(), "",
             f"Every pair of these hands can be dealt together ({missing} cells empty). "
             f"Hands are written high card first, the ace high (docs/rules.md 12.5).", "",
             f"## The best and worst {args.top} rainbow hands against a random hand", "",
             "| rank | hand | class | equity | +/- | average against these hands |",
             "|--:|---|---|--:|--:|--:|"]

    def line(k, c):
        e, se = vs_random[c]
        return f"| {k + 1} | {short(c)} | {c} | {e:.4f} | {se:.4f} | {field[c]:.4f} |"

    lines += [line(k, c) for k, c in enumerate(order[:args.top])]
    lines.append("| ... | | | | | |")
    lines += [line(k, c) for k, c in list(enumerate(order))[-args.top:]]
    pick = ["732", "742", "752", "862", "432", "765", "872", "T92", "A32", "K72", "AKQ"]
    by_short = {short(c): c for c in order}
    pick = [p for p in pick if p in by_short]
    lines += ["", "## Some matchups (equity of the row's hand)", "",
              "| | " + " | ".join(pick) + " |", "|---|" + "--:|" * len(pick)]
    for a in pick:
        cells = []
        for b in pick:
            e = matrix[where[by_short[a]]][where[by_short[b]]]
            cells.append("-" if math.isnan(e) else f"{e:.3f}")
        lines.append(f"| **{a}** | " + " | ".join(cells) + " |")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as f:
            f.write(text)
    if args.png:
        heat_map(matrix, [short(c) for c in order], args.png)
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
    step = max(1, len(order) // 18)
    ticks = list(range(0, len(order), step))
    ax.set_xticks(ticks, [order[k] for k in ticks], rotation=90, fontsize=7)
    ax.set_yticks(ticks, [order[k] for k in ticks], fontsize=7)
    ax.set_xlabel("opponent's starting hand (best against a random hand first)")
    ax.set_ylabel("starting hand")
    ax.set_title(f"2-7 Razz, 3rd street: equity of the row's hand against the column's\n"
                 f"({len(order)} rainbow hands without a pair, ace high)", fontsize=10)
    fig.colorbar(image, ax=ax, fraction=0.046, pad=0.03, label="equity")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


if __name__ == "__main__":
    sys.exit(main())
