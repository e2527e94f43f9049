"""``stud table``: equity tables on the command line; see ``stud.equity_table``."""

from __future__ import annotations

import argparse
import json
from typing import Any

from .cli import UserError, user_errors
from .equity_tables import (
    DEFAULT_TRIALS,
    TableMismatchError,
    class_of,
    equity_table,
)
from .game import VARIANT_NAMES
from .odds import EXACT_LIMIT


def add_commands(commands: Any) -> None:
    table = commands.add_parser(
        "table", help="equities of many matchups (every pair of starting-hand classes, each "
                      "class against a random hand), resumable, locally or on Ray",
        description="An equity table: every pair of starting-hand classes (heads-up) or every "
                    "class against a random hand, exact where cheap, else Monte Carlo with a "
                    "standard error. With --out, rows are written as they finish and --resume "
                    "continues a stopped job.")
    table.add_argument("--game", choices=sorted(VARIANT_NAMES), default="razz",
                       help="the variant")
    table.add_argument("--matchups", choices=["heads-up", "vs-random"], default="heads-up",
                       help="every pair of classes, or each class against a random hand")
    table.add_argument("--classes", help='only these classes, separated by commas: labels '
                                         '("A23" in Razz, "As Ks Qh" elsewhere) or cards '
                                         '(default: every class)')
    table.add_argument("--trials", type=int, default=DEFAULT_TRIALS,
                       help="Monte Carlo trials per matchup")
    table.add_argument("--seed", type=int, default=1,
                       help="random seed: the same seed gives the same table")
    table.add_argument("--exact-limit", type=int, default=EXACT_LIMIT,
                       help="enumerate exactly up to this many outcomes (0: always Monte Carlo)")
    table.add_argument("--out", help="results file, written as chunks finish: a Parquet "
                                     "directory (needs pyarrow) or a .csv file (default: "
                                     "none, results kept in memory)")
    table.add_argument("--format", choices=["parquet", "csv"],
                       help="the results file's format (default: from its name, else Parquet "
                            "when pyarrow is installed)")
    table.add_argument("--resume", action="store_true",
                       help="continue the job in --out, skipping the rows it holds")
    table.add_argument("--backend", choices=["local", "ray"], default="local",
                       help="processes here, or tasks on a Ray cluster")
    table.add_argument("--address", help="the Ray cluster's address (default: RAY_ADDRESS, else "
                                         "a Ray running here, else a new local one)")
    table.add_argument("--workers", type=int, default=0,
                       help="processes, or Ray tasks at once (0 = all cores / the whole cluster)")
    table.add_argument("--chunk-rows", type=int, default=64, help="matchups per chunk")
    table.add_argument("--progress", action="store_true", help="a progress bar (needs tqdm)")
    table.add_argument("--top", type=int, default=10,
                       help="rows shown from the top and the bottom (by equity), 0 for all")
    table.add_argument("--json", action="store_true",
                       help="machine-readable output: the parameters and every row")
    table.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    classes = None
    if args.classes:
        classes = [c.strip() for c in args.classes.split(",") if c.strip()]
        for each in classes:
            _check_class(args.game, each)
    with user_errors(TableMismatchError, FileExistsError, ConnectionError, ImportError,
                     ValueError, TypeError):
        result = equity_table(VARIANT_NAMES[args.game], args.matchups.replace("-", "_"),
                              classes=classes, trials=args.trials, seed=args.seed,
                              exact_limit=args.exact_limit, out=args.out, resume=args.resume,
                              format=args.format, backend=args.backend, workers=args.workers,
                              address=args.address, progress=args.progress,
                              chunk_rows=args.chunk_rows)
    if args.json:
        print(json.dumps({"params": result.params, "columns": result.columns,
                          "rows": result.rows}))
        return 0
    rows = sorted(result.rows, key=lambda r: (-r["equity_0"], r["row"]))
    exact = all(r["exact"] for r in rows)
    precision = "exact" if exact else f"Monte Carlo, largest standard error {result.max_stderr:.4f}"
    where = f", in {args.out}" if args.out else ""
    print(f"{args.game} {args.matchups}: {len(rows):,} matchups ({precision}){where}")
    shown: list[Any] = rows
    if args.top and len(rows) > 2 * args.top:
        shown = rows[:args.top] + [None] + rows[-args.top:]
    width = max([len(r["hand_0"]) for r in rows] + [4])
    print(f"{'hand':{width}s}  {'against':{width}s}  {'equity':>8s}  {'+/-':>7s}")
    for r in shown:
        if r is None:
            print("...")
            continue
        plus = "exact" if r["exact"] else f"{r['stderr_0']:.4f}"
        print(f"{r['hand_0']:{width}s}  {r['hand_1']:{width}s}  {r['equity_0']:8.4f}  {plus:>7s}")
    return 0


def _check_class(game: str, given: str) -> None:
    """A ``--classes`` item that names no starting-hand class: the library
    says what one looks like."""
    try:
        class_of(VARIANT_NAMES[game], given)
    except ValueError as error:  # (CardError too)
        raise UserError(f"--classes: {error}") from error
