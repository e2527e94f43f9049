#!/usr/bin/env python
"""Batch evaluation throughput of stud, in M hands/s per core, against the goals.

Run from the repository root:

    python bench/batch_throughput.py                  # plain-text table
    python bench/batch_throughput.py --markdown       # markdown table for the README
    python bench/batch_throughput.py --json out.json  # also write machine-readable results
    python bench/batch_throughput.py --hands 1000000 --threads 1,2,0
    python bench/batch_throughput.py --baseline OLD/_core.cpython-311-x86_64-linux-gnu.so
                                  # also time another build's batch calls, same rounds

Inputs: --hands (default 4,000,000) seeded random 7-card masks (uniform over
7-card subsets of the deck) in a C-contiguous numpy uint64 array; every call
writes into a preallocated uint16 array.  --repeat rounds (default 7), each
running every case once (interleaved, so a slow phase of a shared machine hits
all cases alike); the best round per case is kept.
On random hands about 1 in 5.5 has an 8-or-better low, so the low8 figure is
for that mix.

Rows:
- batch high / low8 / razz / 27: stud.evaluate_{high,low8,razz,27}_batch
  (27: the deuce-to-seven low, when the build has it)
- batch hilo: stud.evaluate_hilo_batch (one pass, both values) if it exists,
  and the high batch followed by the low8 batch over the same array (what a
  caller does without it); one "hand" = both values.
- per core = total / number of threads used (threads=0 means all cores).
- with --cpu-time: a column of M hands/s over the calling thread's CPU time
  (time.thread_time) for the threads=1 rows, best round too; on a shared
  machine it leaves out the time other jobs held the core (not their use of
  caches and memory).
- with --baseline PATH (the compiled stud._core of another build, e.g. an
  earlier commit's wheel unpacked): that build's batch calls too, as rows
  marked [baseline], timed in the same interleaved rounds (before/after in
  one run).  Its module is loaded under another name; it imports stud's
  pure-Python modules from the installed package.
- scalar rows (--no-scalar to skip): one Python call per hand over a list of
  --scalar-hands pre-built inputs (Python ints / CardSets), driven by
  deque(map(f, inputs), maxlen=0); the goal (>= 12 M/s) is for the call, one core.

Goals (the project's performance goals, as in the README): batch high >= 400 M/s per core,
low8 >= 500 M/s, razz >= 250 M/s, 2-7 low >= 250 M/s, one Python call per hand (CardSet or mask)
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

GOALS_PER_CORE = {"high": 400.0, "low8": 500.0, "razz": 250.0, "27": 250.0, "hilo": None}
SCALAR_GOAL = 12.0


def _time_interleaved(cases, repeat):
    """Best seconds per case over `repeat` rounds, wall and this thread's CPU
    time; each round runs every case once, so a slow phase of a shared
    machine hits every case alike."""
    best = [float("inf")] * len(cases)
    best_cpu = [float("inf")] * len(cases)
    gc.disable()
    try:
        for _ in range(repeat):
            for k, case in enumerate(cases):
                t0, c0 = time.perf_counter(), time.thread_time()
                case["run"]()
                best[k] = min(best[k], time.perf_counter() - t0)
                best_cpu[k] = min(best_cpu[k], time.thread_time() - c0)
    finally:
        gc.enable()
    return best, best_cpu


def load_baseline(path):
    """The compiled stud._core of another build, loaded beside the installed stud."""
    import importlib.util  # noqa: PLC0415

    spec = importlib.util.spec_from_file_location("stud_baseline._core", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"--baseline: cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def batch_cases(stud, masks, thread_list, label=""):
    n = len(masks)
    out = np.empty(n, dtype=np.uint16)
    out2 = np.empty(n, dtype=np.uint16)
    fns = {"high": stud.evaluate_high_batch, "low8": stud.evaluate_low8_batch,
           "razz": stud.evaluate_razz_batch}
    hilo = getattr(stud, "evaluate_hilo_batch", None)
    cases = []
    kinds = ["high", "low8", "razz"]
    low27 = getattr(stud, "evaluate_27_batch", None)
    if low27 is not None:
        fns["27"] = low27
        kinds.append("27")
    if hilo is not None:
        kinds.append("hilo")  # the fused one-pass call
    kinds.append("hilo2")  # high batch then low8 batch: what a caller does without it
    for kind in kinds:
        for threads in thread_list:
            if kind == "hilo":
                def run(threads=threads):
                    hilo(masks, out, out2, threads=threads)
                call = f"evaluate_hilo_batch(threads={threads})"
            elif kind == "hilo2":
                def run(threads=threads):
                    fns["high"](masks, out, threads=threads)
                    fns["low8"](masks, out2, threads=threads)
                call = f"evaluate_high_batch + evaluate_low8_batch (threads={threads})"
            else:
                def run(fn=fns[kind], threads=threads):
                    fn(masks, out, threads=threads)
                call = f"evaluate_{kind}_batch(threads={threads})"
            run()  # warm-up (thread pool, tables, page faults on out)
            if label:
                call = f"[{label}] {call}"
            cases.append({"section": "batch", "kind": kind.rstrip("2"), "call": call,
                          "threads": threads,
                          "cores_used": os.cpu_count() if threads == 0 else threads,
                          "hands": n, "goal_per_core": GOALS_PER_CORE[kind.rstrip("2")],
                          "run": run})
    return cases


def scalar_cases(stud, masks):
    mask_ints = [int(m) for m in masks.tolist()]
    cardsets = [stud.CardSet.from_mask(m) for m in mask_ints]
    specs = [
        ("high", "high_value(mask)", stud.high_value, mask_ints, SCALAR_GOAL),
        ("high", "high_value(cardset)", stud.high_value, cardsets, SCALAR_GOAL),
        ("high", "evaluate_high(cardset)", stud.evaluate_high, cardsets, None),
        ("low8", "low8_value(mask)", stud.low8_value, mask_ints, None),
        ("low8", "low8_value(cardset)", stud.low8_value, cardsets, None),
        ("razz", "razz_value(mask)", stud.razz_value, mask_ints, None),
        ("razz", "razz_value(cardset)", stud.razz_value, cardsets, None),
        ("hilo", "evaluate_hilo(cardset)", stud.evaluate_hilo, cardsets, None),
    ]
    consume = collections.deque
    cases = []
    for kind, call, fn, inputs, goal in specs:
        consume(map(fn, inputs[:1000]), maxlen=0)  # warm-up

        def run(fn=fn, inputs=inputs):
            consume(map(fn, inputs), maxlen=0)
        cases.append({"section": "scalar", "kind": kind, "call": call, "threads": 1,
                      "cores_used": 1, "hands": len(inputs), "goal_per_core": goal, "run": run})
    return cases


def measure(cases, repeat):
    rows = []
    for case, t, cpu in zip(cases, *_time_interleaved(cases, repeat)):
        row = {k: v for k, v in case.items() if k != "run"}
        total = case["hands"] / t / 1e6
        per_core = total / case["cores_used"]
        goal = case["goal_per_core"]
        row.update({"seconds": t, "m_per_s_total": total, "m_per_s_per_core": per_core,
                    "meets_goal": None if goal is None else per_core >= goal})
        if case["threads"] == 1 and cpu > 0:  # the work ran in this thread
            row.update({"cpu_seconds": cpu, "m_per_s_cpu": case["hands"] / cpu / 1e6})
        rows.append(row)
    return rows


def _fmt(v):
    return f"{v:.1f}" if v >= 10 else f"{v:.3g}"


def _status(r):
    if r["meets_goal"] is None:
        return "-"
    return "meets" if r["meets_goal"] else "BELOW"


def _goal(r):
    return "-" if r["goal_per_core"] is None else f">= {r['goal_per_core']:g}"


def _cpu(r):
    return _fmt(r["m_per_s_cpu"]) if "m_per_s_cpu" in r else "-"


def _with_cpu(rep):
    return rep["settings"].get("cpu_time", False)


def render_text(rep):
    m = rep["machine"]
    lines = ["", f"stud {rep['stud_version']} evaluation throughput -- {m['cpu_model']}, "
                 f"{m['cpu_count']} CPUs, load {m['loadavg_1_5_15'][0]:.2f} (1-min, this run included), Python {m['python']}; random 7-card hands", ""]
    header = ("", "call", "thr", "hands", "M hands/s", "per core", "goal/core", "status")
    rows = [(r["section"] + " " + r["kind"], r["call"], str(r["threads"]), f"{r['hands']:,}",
             _fmt(r["m_per_s_total"]), _fmt(r["m_per_s_per_core"]), _goal(r), _status(r))
            for r in rep["rows"]]
    if _with_cpu(rep):
        header += ("thread CPU",)
        rows = [row + (_cpu(r),) for row, r in zip(rows, rep["rows"])]
    widths = [max(len(x) for x in col) for col in zip(header, *rows)]
    fmt = "  ".join(f"{{:{'<' if i < 2 else '>'}{w}}}" for i, w in enumerate(widths))
    lines.append(fmt.format(*header))
    lines.append("  ".join("-" * w for w in widths))
    lines.extend(fmt.format(*row) for row in rows)
    lines.append("")
    lines.append("threads=0 means all cores; per core = total / threads used. "
                 "hilo = both values per hand.")
    if _with_cpu(rep):
        lines.append("thread CPU: M hands/s over the calling thread's CPU time (threads=1 "
                     "rows), which leaves out the time other jobs held the core.")
    return "\n".join(lines)


def render_markdown(rep):
    m = rep["machine"]
    lines = [f"stud {rep['stud_version']}, {m['cpu_model']} ({m['cpu_count']} CPUs), "
             f"Python {m['python']}; seeded random 7-card hands, best of "
             f"{rep['settings']['repeat']}.", "",
             "| what | call | threads | M hands/s | M hands/s per core | goal per core | |"
             + (" M hands/s, thread CPU time |" if _with_cpu(rep) else ""),
             "|---|---|--:|--:|--:|--:|---|" + ("--:|" if _with_cpu(rep) else "")]
    for r in rep["rows"]:
        lines.append(f"| {r['section']} {r['kind']} | `{r['call']}` | {r['threads']} | "
                     f"{_fmt(r['m_per_s_total'])} | {_fmt(r['m_per_s_per_core'])} | {_goal(r)} | "
                     f"{_status(r)} |" + (f" {_cpu(r)} |" if _with_cpu(rep) else ""))
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
    ap.add_argument("--repeat", type=int, default=7,
                    help="rounds; each round runs every case once, best round kept (default 7)")
    ap.add_argument("--seed", type=int, default=20261129)
    ap.add_argument("--no-scalar", action="store_true", help="skip the scalar rows")
    ap.add_argument("--cpu-time", action="store_true",
                    help="also give M hands/s over the calling thread's CPU time (threads=1 "
                         "rows): on a shared machine, what the core does when it is not "
                         "taken by other jobs")
    ap.add_argument("--baseline", metavar="SO_PATH",
                    help="also time the batch calls of another build's compiled stud._core "
                         "(rows marked [baseline]), in the same rounds")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--json", nargs="?", const="-", metavar="PATH",
                    help="write results as JSON to PATH (or stdout if no PATH)")
    ap.add_argument("--render", metavar="PATH",
                    help="measure nothing: print the tables of a saved --json file")
    args = ap.parse_args(argv)
    if args.render:
        with open(args.render) as fh:
            saved = json.load(fh)
        print(render_markdown(saved) if args.markdown else render_text(saved))
        return 0

    try:
        import stud  # noqa: PLC0415
    except ImportError as exc:
        print(f"stud is not importable: {exc}", file=sys.stderr)
        return 2

    thread_list = [int(t) for t in args.threads.split(",") if t.strip()]
    masks = random_masks(args.hands, args.cards, args.seed)
    cases = batch_cases(stud, masks, thread_list)
    if args.baseline:
        cases += batch_cases(load_baseline(args.baseline), masks, thread_list, "baseline")
    rows = measure(cases, args.repeat)
    if not args.no_scalar:
        rows += measure(scalar_cases(stud, masks[: args.scalar_hands]), args.repeat)
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
