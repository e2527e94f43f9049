#!/usr/bin/env python
"""Batch evaluation throughput of stud, in M hands/s per core, against the goals.

Run from the repository root:

    python bench/batch_throughput.py                  # plain-text table
    python bench/batch_throughput.py --markdown       # markdown table for the README
    python bench/batch_throughput.py --json out.json  # also write machine-readable results
    python bench/batch_throughput.py --hands 1000000 --threads 1,2,0

Inputs: --hands (default 4,000,000) seeded random 7-card masks (uniform over
7-card subsets of the deck) in a C-contiguous numpy uint64 array; every call
writes into a preallocated uint16 array; best of --repeat (default 5) calls.
On random hands about 1 in 5.5 has an 8-or-better low, so the low8 figure is
for that mix.

Rows:
- batch high / low8 / razz: stud.evaluate_{high,low8,razz}_batch
- batch hilo: stud.evaluate_hilo_batch if it exists, else the high batch
  followed by the low8 batch over the same array (what a caller does); one
  "hand" = both values.
- per core = total / number of threads used (threads=0 means all cores).
- scalar rows (--no-scalar to skip): one Python call per hand over a list of
  --scalar-hands pre-built inputs (Python ints / CardSets), driven by
  deque(map(f, inputs), maxlen=0); the goal (>= 12 M/s) is for the call, one core.

Goals (shared/DESIGN.md "Performance goals"): batch high >= 250 M/s per core,
low8 >= 500 M/s, razz >= 250 M/s, one Python call per hand (CardSet or mask)
>= 12 M/s.
"""

from __future__ import annotations

import argparse
import collections
import gc
import json
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _benchutil import machine_info, package_version, random_masks  # noqa: E402

GOALS_PER_CORE = {"high": 250.0, "low8": 500.0, "razz": 250.0, "hilo": None}
SCALAR_GOAL = 12.0


def _best(fn, repeat):
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def batch_rows(stud, masks, thread_list, repeat):
    n = len(masks)
    out = np.empty(n, dtype=np.uint16)
    out2 = np.empty(n, dtype=np.uint16)
    fns = {"high": stud.evaluate_high_batch, "low8": stud.evaluate_low8_batch,
           "razz": stud.evaluate_razz_batch}
    hilo = getattr(stud, "evaluate_hilo_batch", None)
    rows = []
    for kind in ("high", "low8", "razz", "hilo"):
        for threads in thread_list:
            used = os.cpu_count() if threads == 0 else threads
            if kind == "hilo":
                if hilo is not None:
                    def run(threads=threads):
                        hilo(masks, threads=threads)
                    call = f"evaluate_hilo_batch(threads={threads})"
                else:
                    def run(threads=threads):
                        fns["high"](masks, out, threads=threads)
                        fns["low8"](masks, out2, threads=threads)
                    call = f"evaluate_high_batch + evaluate_low8_batch (threads={threads})"
            else:
                fn = fns[kind]

                def run(fn=fn, threads=threads):
                    fn(masks, out, threads=threads)
                call = f"evaluate_{kind}_batch(threads={threads})"
            fns["high"](masks[:1000], out[:1000], threads=threads)  # warm-up (thread pool, tables)
            run()
            t = _best(run, repeat)
            total = n / t / 1e6
            per_core = total / used
            goal = GOALS_PER_CORE[kind]
            rows.append({
                "section": "batch", "kind": kind, "call": call, "threads": threads,
                "cores_used": used, "hands": n, "seconds": t,
                "m_per_s_total": total, "m_per_s_per_core": per_core, "goal_per_core": goal,
                "meets_goal": None if goal is None else per_core >= goal,
            })
    return rows


def scalar_rows(stud, masks, repeat):
    mask_ints = [int(m) for m in masks.tolist()]
    cardsets = [stud.CardSet.from_mask(m) for m in mask_ints]
    cases = [
        ("high", "high_value(mask)", stud.high_value, mask_ints, SCALAR_GOAL),
        ("high", "high_value(cardset)", stud.high_value, cardsets, SCALAR_GOAL),
        ("high", "evaluate_high(cardset)", stud.evaluate_high, cardsets, None),
        ("low8", "low8_value(mask)", stud.low8_value, mask_ints, None),
        ("low8", "low8_value(cardset)", stud.low8_value, cardsets, None),
        ("razz", "razz_value(mask)", stud.razz_value, mask_ints, None),
        ("razz", "razz_value(cardset)", stud.razz_value, cardsets, None),
        ("hilo", "evaluate_hilo(cardset)", stud.evaluate_hilo, cardsets, None),
    ]
    rows = []
    consume = collections.deque
    for kind, call, fn, inputs, goal in cases:
        consume(map(fn, inputs[:1000]), maxlen=0)
        gc.disable()
        try:
            t = _best(lambda fn=fn, inputs=inputs: consume(map(fn, inputs), maxlen=0), repeat)
        finally:
            gc.enable()
        rate = len(inputs) / t / 1e6
        rows.append({
            "section": "scalar", "kind": kind, "call": call, "threads": 1, "cores_used": 1,
            "hands": len(inputs), "seconds": t, "m_per_s_total": rate, "m_per_s_per_core": rate,
            "goal_per_core": goal, "meets_goal": None if goal is None else rate >= goal,
        })
    return rows


def _fmt(v):
    return f"{v:.1f}" if v >= 10 else f"{v:.3g}"


def _status(r):
    if r["meets_goal"] is None:
        return "-"
    return "meets" if r["meets_goal"] else "BELOW"


def _goal(r):
    return "-" if r["goal_per_core"] is None else f">= {r['goal_per_core']:g}"


def render_text(rep):
    m = rep["machine"]
    lines = ["", f"stud {rep['stud_version']} evaluation throughput -- {m['cpu_model']}, "
                 f"{m['cpu_count']} CPUs, Python {m['python']}; random 7-card hands", ""]
    header = ("", "call", "thr", "hands", "M hands/s", "per core", "goal/core", "status")
    rows = [(r["section"] + " " + r["kind"], r["call"], str(r["threads"]), f"{r['hands']:,}",
             _fmt(r["m_per_s_total"]), _fmt(r["m_per_s_per_core"]), _goal(r), _status(r))
            for r in rep["rows"]]
    widths = [max(len(x) for x in col) for col in zip(header, *rows)]
    fmt = "  ".join(f"{{:{'<' if i < 2 else '>'}{w}}}" for i, w in enumerate(widths))
    lines.append(fmt.format(*header))
    lines.append("  ".join("-" * w for w in widths))
    lines.extend(fmt.format(*row) for row in rows)
    lines.append("")
    lines.append("threads=0 means all cores; per core = total / threads used. "
                 "hilo = both values per hand.")
    return "\n".join(lines)


def render_markdown(rep):
    m = rep["machine"]
    lines = [f"stud {rep['stud_version']}, {m['cpu_model']} ({m['cpu_count']} CPUs), "
             f"Python {m['python']}; seeded random 7-card hands, best of "
             f"{rep['settings']['repeat']}.", "",
             "| what | call | threads | M hands/s | M hands/s per core | goal per core | |",
             "|---|---|--:|--:|--:|--:|---|"]
    for r in rep["rows"]:
        lines.append(f"| {r['section']} {r['kind']} | `{r['call']}` | {r['threads']} | "
                     f"{_fmt(r['m_per_s_total'])} | {_fmt(r['m_per_s_per_core'])} | {_goal(r)} | "
                     f"{_status(r)} |")
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=4_000_000,
                    help="masks per batch call (default 4,000,000)")
    ap.add_argument("--scalar-hands", type=int, default=500_000,
                    help="hands for the scalar rows (default 500,000)")
    ap.add_argument("--threads", default="1,2",
                    help="comma-separated thread counts, 0 = all cores (default 1,2)")
    ap.add_argument("--cards", type=int, default=7, choices=(5, 6, 7),
                    help="cards per hand (default 7)")
    ap.add_argument("--repeat", type=int, default=5, help="best of N (default 5)")
    ap.add_argument("--seed", type=int, default=20261129)
    ap.add_argument("--no-scalar", action="store_true", help="skip the scalar rows")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--json", nargs="?", const="-", metavar="PATH",
                    help="write results as JSON to PATH (or stdout if no PATH)")
    args = ap.parse_args(argv)

    try:
        import stud  # noqa: PLC0415
    except ImportError as exc:
        print(f"stud is not importable: {exc}", file=sys.stderr)
        return 2

    thread_list = [int(t) for t in args.threads.split(",") if t.strip()]
    masks = random_masks(args.hands, args.cards, args.seed)
    rows = batch_rows(stud, masks, thread_list, args.repeat)
    if not args.no_scalar:
        rows += scalar_rows(stud, masks[: args.scalar_hands], args.repeat)
    rep = {
        "machine": machine_info(),
        "stud_version": getattr(stud, "__version__", None) or package_version("stud") or "?",
        "settings": {k: v for k, v in vars(args).items() if k not in ("markdown", "json")},
        "rows": rows,
    }
    if args.json:
        text = json.dumps(rep, indent=2)
        if args.json == "-":
            print(text)
            return 0
        with open(args.json, "w") as fh:
            fh.write(text + "\n")
        print(f"wrote {args.json}")
    print(render_markdown(rep) if args.markdown else render_text(rep))
    return 0


if __name__ == "__main__":
    sys.exit(main())
