"""The Razz 3rd-street equity tables, read back: a heat map of every
heads-up matchup of starting-hand classes, the classes sorted by their
equity against a random hand, and a check of one table against the other.

    stud table --game razz --matchups vs-random --trials 1000000 --seed 1 --out razz_vs_random.parquet
    stud table --game razz --matchups heads-up --trials 40000 --seed 1 --out razz_heads_up.parquet --resume --progress
    python bench/razz_table.py razz_vs_random.parquet razz_heads_up.parquet \\
        --markdown bench/results/razz_table.md --png docs/images/razz_heads_up.png

The check: a class's equity against a random hand is the average of its
heads-up equities against every class, each weighted by how many of that
class's hands can face one hand of it (the ``combos`` column). The two
tables are computed independently, so the differences measure their
Monte Carlo error.
"""

from __future__ import annotations

import argparse
import math
import sys
from math import comb

from stud import EquityTable
from stud.equity_tables import starting_classes


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("vs_random", help="the vs-random table (Parquet directory or CSV)")
    parser.add_argument("heads_up", help="the heads-up table")
    parser.add_argument("--markdown", help="write the summary here")
    parser.add_argument("--png", help="write the heat map here (needs matplotlib)")
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--note", default="", help="a line on how long the job took")
    args = parser.parse_args(argv)

    random_table = EquityTable.read(args.vs_random)
    heads_up = EquityTable.read(args.heads_up)
    for t in (random_table, heads_up):
        if t.params["variant"] != "razz" or len(t) != t.params["rows"]:
            raise SystemExit(f"{t.path}: not a finished Razz table")
    size = {label: n for label, _, n in starting_classes("razz")}
    vs_random = {r["hand_0"]: (r["equity_0"], r["stderr_0"]) for r in random_table}
    order = sorted(vs_random, key=lambda c: -vs_random[c][0])
    where = {c: k for k, c in enumerate(order)}
    n = len(order)
    matrix = [[math.nan] * n for _ in range(n)]
    weights = {c: {} for c in order}
    for r in heads_up:
        a, b = r["hand_0"], r["hand_1"]
        matrix[where[a]][where[b]] = r["equity_0"]
        matrix[where[b]][where[a]] = r["equity_1"]
        weights[a][b] = (r["combos"], r["equity_0"])
        weights[b][a] = (r["combos"] * size[a] // size[b], r["equity_1"])  # |A| n(B|a) = |B| n(A|b)

    # the check: weighted heads-up average against the vs-random table
    worst, worst_z, averages = 0.0, 0.0, {}
    for c in order:
        total = sum(w for w, _ in weights[c].values())
        assert total == comb(49, 3), (c, total)  # every hand that can face it, once
        averages[c] = sum(w * e for w, e in weights[c].values()) / total
        diff = averages[c] - vs_random[c][0]
        worst = max(worst, abs(diff))
        worst_z = max(worst_z, abs(diff) / vs_random[c][1])
    max_se = heads_up.max_stderr
    mean_se = sum(r["stderr_0"] for r in heads_up) / len(heads_up)

    lines = ["# Razz: every heads-up matchup on 3rd street", "",
             f"stud {heads_up.params['stud_version']}. {len(heads_up):,} matchups of the "
             f"{n} starting-hand classes (three ranks: in Razz suits never count, so a class "
             f"is exact, not an average over suits), Monte Carlo with "
             f"{heads_up.params['trials']:,} trials each, seed {heads_up.params['seed']}: "
             f"standard error {mean_se:.4f} on average, at most {max_se:.4f}. The equity of each "
             f"class against a random hand: {random_table.params['trials']:,} trials each "
             f"(standard error at most {random_table.max_stderr:.4f}). {args.note}".strip(), "",
             f"Check: a class's equity against a random hand equals its heads-up equities "
             f"averaged over every class, weighted by the hands that can face it "
             f"({comb(49, 3):,} for each class). Across the {n} classes the two independent "
             f"tables differ by at most {worst:.4f} ({worst_z:.1f} standard errors of the "
             f"vs-random table).", "",
             f"## The best and worst {args.top} starting hands against a random hand", "",
             "| rank | hand | equity | +/- | average heads-up | hands |", "|--:|---|--:|--:|--:|--:|"]

    def line(k, c):
        e, se = vs_random[c]
        return f"| {k + 1} | {c} | {e:.4f} | {se:.4f} | {averages[c]:.4f} | {size[c]} |"

    lines += [line(k, c) for k, c in enumerate(order[:args.top])]
    lines.append("| ... | | | | | |")
    lines += [line(k, c) for k, c in list(enumerate(order))[-args.top:]]
    pick = ["A23", "A45", "A2K", "234", "567", "678", "89T", "AA2", "22K", "QKK"]
    pick = [c for c in pick if c in where]
    lines += ["", "## Some matchups (equity of the row's hand)", "",
              "| | " + " | ".join(pick) + " |", "|---|" + "--:|" * len(pick)]
    for a in pick:
        cells = []
        for b in pick:
            e = matrix[where[a]][where[b]]
            cells.append("-" if math.isnan(e) else f"{e:.3f}")
        lines.append(f"| **{a}** | " + " | ".join(cells) + " |")
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
    ax.set_title("Razz, 3rd street: equity of the row's hand against the column's\n"
                 "(455 classes; black: five cards of one rank)", fontsize=10)
    fig.colorbar(image, ax=ax, fraction=0.046, pad=0.03, label="equity")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


if __name__ == "__main__":
    sys.exit(main())
