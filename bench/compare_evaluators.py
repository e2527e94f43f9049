#!/usr/bin/env python
"""Side-by-side 7-card high-hand evaluation: stud vs eval7, phevaluator, treys, pokerkit.

Run from the repository root:

    python bench/compare_evaluators.py                 # plain-text table
    python bench/compare_evaluators.py --markdown      # markdown table for the README
    python bench/compare_evaluators.py --json out.json # also write machine-readable results
    python bench/compare_evaluators.py --hands 100000 --pokerkit-hands 500   # quicker

What is measured
- The same seeded random 7-card hands for every library, converted up front to
  each library's own input form (card objects / ints built outside the timed loop).
- Per-hand Python calls, driven by a C-level iterator
  (``collections.deque(map(f, inputs), maxlen=0)``, or ``itertools.starmap``
  for positional-card APIs) so the harness adds as little as possible and the
  same harness is used for every library.  ``--loop for`` uses a plain Python
  ``for`` loop instead (what a typical caller writes; slower for everyone).
- ``--repeat`` rounds (default 5); each round times every call once (interleaved,
  so a slow phase of a shared machine hits every library alike) and the best
  round per call is kept; ``time.perf_counter``; garbage collector paused during
  the timed runs (as ``timeit`` does).
- stud's batch calls over a numpy uint64 array (threads=1 and threads=0 = all
  cores), with a preallocated ``out`` array.
- Slow libraries get fewer hands (a prefix of the same hand list):
  treys ``--slow-hands``, pokerkit ``--pokerkit-hands``.  The rate (M evals/s)
  is comparable; the hand count is printed in the table.

Order check: every library's values over the checked hands must induce the
same ordering as stud (ties included).  This is checked exhaustively over the
checked hands (sorting, equivalent to comparing all pairs) and also on
``--check-pairs`` randomly sampled pairs; any disagreement is reported with an
example hand.
"""

from __future__ import annotations

import argparse
import collections
import gc
import itertools
import json
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _benchutil import (  # noqa: E402
    CARD_STRINGS,
    import_stud,
    indices_to_masks,
    machine_info,
    package_version,
    random_hand_indices,
)

_consume = collections.deque


# ----------------------------------------------------------------------------
# timing harness


def _run_map(fn, inputs):
    _consume(map(fn, inputs), maxlen=0)


def _run_starmap(fn, inputs):
    _consume(itertools.starmap(fn, inputs), maxlen=0)


def _run_for(fn, inputs):
    for x in inputs:
        fn(x)


def _run_for_star(fn, inputs):
    for x in inputs:
        fn(*x)


def time_calls(fn, inputs, star: bool, loop: str, repeat: int) -> float:
    """Best-of-`repeat` seconds to call fn once per element of inputs."""
    if loop == "map":
        runner = _run_starmap if star else _run_map
    else:
        runner = _run_for_star if star else _run_for
    runner(fn, inputs[: min(len(inputs), 1000)])  # warm-up (tables, caches)
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        best = float("inf")
        for _ in range(repeat):
            t0 = time.perf_counter()
            runner(fn, inputs)
            best = min(best, time.perf_counter() - t0)
    finally:
        if gc_was_enabled:
            gc.enable()
    return best


def values_of(fn, inputs, star: bool) -> list:
    if star:
        return list(itertools.starmap(fn, inputs))
    return list(map(fn, inputs))


# ----------------------------------------------------------------------------
# order agreement


def order_check(ref: np.ndarray, other: np.ndarray, pairs: int, seed: int) -> dict:
    """Does `other` order the hands exactly as `ref` does (both: larger = stronger)?

    Exhaustive: sort by (ref, other); inside a ref-tie `other` must be constant,
    and across consecutive distinct ref values `other` must strictly increase.
    Because the sort is secondary on `other`, checking adjacent rows covers
    every pair.  Also counts disagreements on randomly sampled pairs.
    """
    ref = np.asarray(ref, dtype=np.int64)
    other = np.asarray(other, dtype=np.int64)
    n = len(ref)
    order = np.lexsort((other, ref))
    r, o = ref[order], other[order]
    dr, do = np.diff(r), np.diff(o)
    tie_bad = np.flatnonzero((dr == 0) & (do != 0))
    ord_bad = np.flatnonzero((dr > 0) & (do <= 0))
    result = {
        "hands": int(n),
        "tie_mismatches": int(len(tie_bad)),
        "order_mismatches": int(len(ord_bad)),
        "distinct_values_ref": int(len(np.unique(ref))),
        "distinct_values_other": int(len(np.unique(other))),
    }
    bad = np.concatenate([tie_bad, ord_bad])
    if len(bad):
        k = int(bad[0])
        result["example_rows"] = [int(order[k]), int(order[k + 1])]
    rng = np.random.default_rng(seed)
    i = rng.integers(0, n, pairs)
    j = rng.integers(0, n, pairs)
    s_ref = np.sign(ref[i] - ref[j])
    s_oth = np.sign(other[i] - other[j])
    result["sampled_pairs"] = int(pairs)
    result["sampled_pair_disagreements"] = int(np.count_nonzero(s_ref != s_oth))
    result["agree"] = not len(bad) and result["sampled_pair_disagreements"] == 0
    return result


# ----------------------------------------------------------------------------
# the libraries

SECTIONS = {
    "high": "7-card high",
    "low8": "7-card 8-or-better low",
    "razz": "7-card razz (A-5) low",
}
# stud's reference call in each section: ratios and order checks are against it
STUD_REFERENCE = {
    "high": "stud.high_value(mask)",
    "low8": "stud.low8_value(mask)",
    "razz": "stud.razz_value(mask)",
}
STUD_BATCH = {
    "high": "evaluate_high_batch",
    "low8": "evaluate_low8_batch",
    "razz": "evaluate_razz_batch",
}
_NO_LOW = -(10 ** 9)  # strength of "no qualifying low": below every real low


class Entry:
    """One timed call: a section, a library, a call description, a function, its inputs."""

    def __init__(self, section, library, version, call, fn, inputs, star=False,
                 to_strength=None):
        self.section = section
        self.library = library
        self.version = version
        self.call = call
        self.fn = fn
        self.inputs = inputs
        self.star = star
        # maps the call's return value to an int, larger = stronger
        self.to_strength = to_strength


def _stud_version(stud):
    return getattr(stud, "__version__", None) or package_version("stud") or "?"


def build_entries(idx: np.ndarray, masks: np.ndarray, args, stud) -> tuple[list, list]:
    """Return (entries, skipped), every input converted up front."""
    n = len(idx)
    n_slow = min(n, args.slow_hands)
    n_pk = min(n, args.pokerkit_hands)
    idx_rows = idx.tolist()  # list of lists of card indices 0..51
    entries: list[Entry] = []
    skipped: list[tuple[str, str]] = []
    lows = not args.no_lows

    # --- stud -----------------------------------------------------------------
    if stud is not None:
        ver = _stud_version(stud)
        mask_ints = [int(m) for m in masks.tolist()]
        cardsets = [stud.CardSet.from_mask(m) for m in mask_ints]
        # values: 1..7462, larger is stronger
        entries += [
            Entry("high", "stud", ver, "stud.high_value(mask)", stud.high_value, mask_ints,
                  to_strength=int),
            Entry("high", "stud", ver, "stud.high_value(cardset)", stud.high_value, cardsets,
                  to_strength=int),
            Entry("high", "stud", ver, "stud.evaluate_high(cardset)", stud.evaluate_high,
                  cardsets, to_strength=lambda h: int(h.value)),
        ]
        if lows:
            # low8: 1..56 larger better, 0 = no low; razz: 1..6175 larger better
            entries += [
                Entry("low8", "stud", ver, "stud.low8_value(mask)", stud.low8_value, mask_ints,
                      to_strength=lambda v: v if v else _NO_LOW),
                Entry("low8", "stud", ver, "stud.evaluate_low8(cardset)", stud.evaluate_low8,
                      cardsets, to_strength=lambda h: _NO_LOW if h is None else int(h.value)),
                Entry("razz", "stud", ver, "stud.razz_value(mask)", stud.razz_value, mask_ints,
                      to_strength=int),
                Entry("razz", "stud", ver, "stud.evaluate_razz(cardset)", stud.evaluate_razz,
                      cardsets, to_strength=lambda h: int(h.value)),
            ]

    # --- phevaluator ------------------------------------------------------------
    try:
        from phevaluator import _pheval  # noqa: PLC0415
        from phevaluator.evaluator import evaluate_cards  # noqa: PLC0415
    except ImportError as exc:
        skipped.append(("phevaluator", str(exc)))
    else:
        ver = package_version("phevaluator") or "?"
        # phevaluator card id == stud card index (4*rank + suit, c d h s)
        id_tuples = [tuple(r) for r in idx_rows]
        # rank: 1 = royal flush ... 7462 = worst; smaller is stronger
        entries += [
            Entry("high", "phevaluator", ver, "_pheval.evaluate_7cards(*ids)  [C ext]",
                  _pheval.evaluate_7cards, id_tuples, star=True, to_strength=lambda v: -v),
            Entry("high", "phevaluator", ver, "phevaluator.evaluate_cards(*ids)  [public]",
                  evaluate_cards, id_tuples, star=True, to_strength=lambda v: -v),
        ]

    # --- eval7 -----------------------------------------------------------------
    try:
        import eval7  # noqa: PLC0415
    except ImportError as exc:
        skipped.append(("eval7", str(exc)))
    else:
        ver = package_version("eval7") or "?"
        deck = [eval7.Card(s) for s in CARD_STRINGS]
        card_lists = [[deck[i] for i in r] for r in idx_rows]
        # larger is stronger
        entries.append(Entry("high", "eval7", ver, "eval7.evaluate(list of Card)",
                             eval7.evaluate, card_lists, to_strength=int))

    # --- treys -----------------------------------------------------------------
    try:
        import treys  # noqa: PLC0415
    except ImportError as exc:
        skipped.append(("treys", str(exc)))
    else:
        ver = package_version("treys") or "?"
        tdeck = [treys.Card.new(s) for s in CARD_STRINGS]
        evaluator = treys.Evaluator()
        hb = [([tdeck[i] for i in r[:2]], [tdeck[i] for i in r[2:]]) for r in idx_rows[:n_slow]]
        # rank 1..7462, smaller is stronger
        entries.append(Entry("high", "treys", ver, "Evaluator().evaluate(hand2, board5)",
                             evaluator.evaluate, hb, star=True, to_strength=lambda v: -v))

    # --- pokerkit --------------------------------------------------------------
    try:
        import pokerkit  # noqa: PLC0415
    except ImportError as exc:
        skipped.append(("pokerkit", str(exc)))
    else:
        ver = package_version("pokerkit") or "?"
        pdeck = [next(iter(pokerkit.Card.parse(s))) for s in CARD_STRINGS]
        ptuples = [tuple(pdeck[i] for i in r) for r in idx_rows[:n_pk]]
        # high: entry.index larger is stronger.  Low hands: a larger entry.index
        # is a WORSE low (pokerkit's Hand.__lt__ flips the comparison for lows).
        entries.append(Entry("high", "pokerkit", ver, "StandardHighHand.from_game(cards)",
                             pokerkit.StandardHighHand.from_game, ptuples,
                             to_strength=lambda h: h.entry.index))
        if lows:
            entries += [
                Entry("low8", "pokerkit", ver, "EightOrBetterLowHand.from_game_or_none(cards)",
                      pokerkit.EightOrBetterLowHand.from_game_or_none, ptuples,
                      to_strength=lambda h: _NO_LOW if h is None else -h.entry.index),
                Entry("razz", "pokerkit", ver, "RegularLowHand.from_game(cards)",
                      pokerkit.RegularLowHand.from_game, ptuples,
                      to_strength=lambda h: -h.entry.index),
            ]
    return entries, skipped


# ----------------------------------------------------------------------------
# main


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=500_000,
                    help="random 7-card hands for the fast per-hand calls (default 500,000)")
    ap.add_argument("--slow-hands", type=int, default=100_000,
                    help="hands for treys (pure Python, ~0.1 M/s; default 100,000)")
    ap.add_argument("--pokerkit-hands", type=int, default=2_000,
                    help="hands for pokerkit (~0.005 M/s; default 2,000)")
    ap.add_argument("--batch-hands", type=int, default=4_000_000,
                    help="masks in the numpy array for stud's batch calls (default 4,000,000)")
    ap.add_argument("--check-hands", type=int, default=100_000,
                    help="hands used for the order-agreement check (default 100,000)")
    ap.add_argument("--check-pairs", type=int, default=1_000_000,
                    help="randomly sampled pairs for the order check (default 1,000,000)")
    ap.add_argument("--repeat", type=int, default=5,
                    help="timed rounds; the best round per call is kept (default 5)")
    ap.add_argument("--seed", type=int, default=20261129)
    ap.add_argument("--loop", choices=("map", "for"), default="map",
                    help="per-hand driver: C-level map (default) or a Python for loop")
    ap.add_argument("--no-lows", action="store_true",
                    help="skip the 8-or-better and razz low sections (stud vs pokerkit)")
    ap.add_argument("--markdown", action="store_true", help="print markdown tables")
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

    def log(msg):
        print(msg, file=sys.stderr if args.json == "-" else sys.stdout, flush=True)

    stud, why = import_stud()
    if stud is None:
        log(f"NOTE: stud is not importable ({why}); timing peers only.")

    n = args.hands
    n_batch = max(args.batch_hands, n)
    log(f"generating {n_batch:,} random 7-card hands (seed {args.seed}) ...")
    idx_all = random_hand_indices(n_batch, 7, args.seed)
    masks_all = np.ascontiguousarray(indices_to_masks(idx_all))
    idx, masks = idx_all[:n], masks_all[:n]

    log("converting hands to each library's input form ...")
    entries, skipped = build_entries(idx, masks, args, stud)

    # Interleaved: each round times every call once, best round kept per call,
    # so a slow phase of a shared machine hits all libraries alike.
    best = [float("inf")] * len(entries)
    floor_inputs = entries[0].inputs if entries else []
    floor_best = float("inf")
    for rnd in range(args.repeat):
        for k, e in enumerate(entries):
            best[k] = min(best[k], time_calls(e.fn, e.inputs, e.star, args.loop, 1))
        if floor_inputs:  # harness floor: the same driver around a trivial C builtin
            floor_best = min(floor_best, time_calls(id, floor_inputs, False, args.loop, 1))
        log(f"  round {rnd + 1}/{args.repeat} done")
    results = []
    for e, t in zip(entries, best):
        rate = len(e.inputs) / t / 1e6
        results.append({"section": e.section, "library": e.library, "version": e.version,
                        "call": e.call, "hands": len(e.inputs), "seconds": t, "m_per_s": rate,
                        "kind": "per-hand"})
        log(f"  {e.section:5s} {e.library:12s} {e.call:46s} {rate:10.4f} M/s "
            f"({len(e.inputs):,} hands)")
    harness_floor = len(floor_inputs) / floor_best / 1e6 if floor_inputs else None

    # ---- stud batch ------------------------------------------------------------
    sections = ["high"] if args.no_lows else ["high", "low8", "razz"]
    if stud is not None:
        ver = _stud_version(stud)
        out = np.empty(n_batch, dtype=np.uint16)
        for section in sections:
            fn = getattr(stud, STUD_BATCH[section])
            for threads in (1, 0):
                fn(masks_all[:1000], out[:1000], threads=threads)  # warm-up
                best = float("inf")
                for _ in range(max(args.repeat, 3)):
                    t0 = time.perf_counter()
                    fn(masks_all, out, threads=threads)
                    best = min(best, time.perf_counter() - t0)
                rate = n_batch / best / 1e6
                results.append({
                    "section": section, "library": "stud", "version": ver,
                    "call": f"stud.{STUD_BATCH[section]}(uint64[], out, threads={threads})",
                    "hands": n_batch, "seconds": best, "m_per_s": rate, "kind": "batch",
                    "threads": threads,
                    "threads_note": f"all {os.cpu_count()} cores" if threads == 0 else ""})
                log(f"  {section:5s} {'stud':12s} {STUD_BATCH[section] + f' threads={threads}':46s} "
                    f"{rate:10.2f} M/s ({n_batch:,} hands)")

    # ---- ratios ------------------------------------------------------------------
    for r in results:
        ref = next((x for x in results
                    if x["call"] == STUD_REFERENCE[r["section"]]), None)
        r["ratio_to_stud_scalar"] = (r["m_per_s"] / ref["m_per_s"]) if ref else None

    # ---- order agreement -------------------------------------------------------
    log("checking that every library orders the hands the same way ...")
    n_check = min(n, args.check_hands)
    strengths = {}
    for e in entries:
        m = min(n_check, len(e.inputs))
        vals = values_of(e.fn, e.inputs[:m], e.star)
        strengths[(e.section, e.library, e.call)] = np.array(
            [e.to_strength(v) for v in vals], dtype=np.int64)
    if stud is not None:
        check_masks = np.ascontiguousarray(masks[:n_check])
        for section in sections:
            bout = getattr(stud, STUD_BATCH[section])(check_masks, threads=1).astype(np.int64)
            if section == "low8":
                bout[bout == 0] = _NO_LOW
            strengths[(section, "stud", f"stud.{STUD_BATCH[section]}(uint64[])")] = bout
    checks = []
    for section in sections:
        keys = [k for k in strengths if k[0] == section]
        if stud is not None:
            ref_key = (section, "stud", STUD_REFERENCE[section])
        elif section == "high" and any(k[1] == "phevaluator" for k in keys):
            ref_key = next(k for k in keys if k[1] == "phevaluator")
        else:
            continue
        ref = strengths[ref_key]
        for key in keys:
            if key == ref_key:
                continue
            vals = strengths[key]
            m = len(vals)
            c = order_check(ref[:m], vals, args.check_pairs, args.seed + 1)
            c.update({"section": section, "library": key[1], "call": key[2],
                      "reference": ref_key[2]})
            if "example_rows" in c:
                c["example_hands"] = [
                    " ".join(CARD_STRINGS[i] for i in idx[row]) for row in c["example_rows"]]
                c["example_values"] = {
                    "reference": [int(ref[row]) for row in c["example_rows"]],
                    "other": [int(vals[row]) for row in c["example_rows"]]}
            checks.append(c)

    value_checks = {}
    if stud is not None:
        for section in sections:
            sv = strengths[(section, "stud", STUD_REFERENCE[section])]
            bv = strengths[(section, "stud", f"stud.{STUD_BATCH[section]}(uint64[])")]
            value_checks[f"{section}: batch values == scalar values"] = bool(np.array_equal(sv, bv))
        pk = ("high", "phevaluator", "_pheval.evaluate_7cards(*ids)  [C ext]")
        if pk in strengths:
            sv = strengths[("high", "stud", "stud.high_value(mask)")]
            value_checks["high: stud value == 7463 - phevaluator rank"] = bool(
                np.array_equal(sv, 7463 + strengths[pk]))  # strengths[pk] is -rank

    report = {
        "machine": machine_info(),
        "settings": {k: v for k, v in vars(args).items() if k not in ("markdown", "json")},
        "stud_importable": stud is not None,
        "stud_import_error": why,
        "harness_floor_m_per_s": harness_floor,
        "results": results,
        "order_checks": checks,
        "stud_value_checks": value_checks,
        "skipped": skipped,
    }

    # ---- output ------------------------------------------------------------------
    if args.json:
        text = json.dumps(report, indent=2)
        if args.json == "-":
            print(text)
        else:
            with open(args.json, "w") as fh:
                fh.write(text + "\n")
            log(f"wrote {args.json}")
    if args.json != "-":
        print(render_markdown(report) if args.markdown else render_text(report))
    ok = all(c["agree"] for c in checks) and all(value_checks.values())
    return 0 if ok else 1


def _ratio(r):
    x = r["ratio_to_stud_scalar"]
    return "-" if x is None else f"{x:.3g}x"


def _rate(r):
    v = r["m_per_s"]
    return f"{v:.4f}" if v < 0.1 else (f"{v:.3f}" if v < 10 else f"{v:.1f}")


def _row_call(r):
    return r["call"] + (f"  [{r['threads_note']}]" if r.get("threads_note") else "")


def _sections_in(rep):
    seen = []
    for r in rep["results"]:
        if r["section"] not in seen:
            seen.append(r["section"])
    return seen


def render_text(rep) -> str:
    m = rep["machine"]
    lines = [
        "",
        f"random 7-card hands -- {m['cpu_model']}, {m['cpu_count']} CPUs, "
        f"load {m['loadavg_1_5_15'][0]:.2f} (1-min, this run included), "
        f"Python {m['python']}, loop={rep['settings']['loop']}, "
        f"best of {rep['settings']['repeat']}",
    ]
    for section in _sections_in(rep):
        ref = STUD_REFERENCE[section]
        header = ("library", "version", "call", "hands", "M evals/s", f"vs {ref}")
        rows = [(r["library"], r["version"], _row_call(r), f"{r['hands']:,}", _rate(r),
                 _ratio(r)) for r in rep["results"] if r["section"] == section]
        widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)]
        fmt = "  ".join(f"{{:{'<' if i < 3 else '>'}{w}}}" for i, w in enumerate(widths))
        lines += ["", f"== {SECTIONS[section]} ==", fmt.format(*header),
                  "  ".join("-" * w for w in widths)]
        lines.extend(fmt.format(*row) for row in rows)
    lines.append("")
    if rep["harness_floor_m_per_s"]:
        lines.append(f"harness floor (same driver around the builtin id()): "
                     f"{rep['harness_floor_m_per_s']:.1f} M calls/s")
    if not rep["stud_importable"]:
        lines.append(f"stud not importable: {rep['stud_import_error']}")
    for lib, why in rep["skipped"]:
        lines.append(f"skipped {lib}: {why}")
    lines.append("")
    lines.append("order agreement (each library's scale oriented so larger = stronger / better low):")
    for c in rep["order_checks"]:
        status = "OK" if c["agree"] else "DISAGREE"
        lines.append(
            f"  {status:8s} {c['section']:5s} {c['library']:12s} {c['call']:46s} "
            f"vs {c['reference']}: {c['hands']:,} hands, {c['distinct_values_other']} distinct "
            f"values; tie mismatches {c['tie_mismatches']}, order mismatches "
            f"{c['order_mismatches']}, sampled pairs "
            f"{c['sampled_pair_disagreements']}/{c['sampled_pairs']:,}")
        if not c["agree"] and "example_hands" in c:
            lines.append(f"           e.g. {c['example_hands']} values {c['example_values']}")
    for k, v in rep["stud_value_checks"].items():
        lines.append(f"  {'OK' if v else 'FAIL':8s} {k}")
    return "\n".join(lines)


def render_markdown(rep) -> str:
    m = rep["machine"]
    lines = [
        f"Random 7-card hands; {m['cpu_model']} ({m['cpu_count']} CPUs), Python {m['python']}. "
        f"Per-hand rows: one Python call per hand, inputs pre-built, best of "
        f"{rep['settings']['repeat']}; batch rows: one call over a numpy uint64 array.",
    ]
    for section in _sections_in(rep):
        lines += ["", f"**{SECTIONS[section]}**", "",
                  f"| library | call | hands | M evals/s | vs `{STUD_REFERENCE[section]}` |",
                  "|---|---|--:|--:|--:|"]
        for r in rep["results"]:
            if r["section"] != section:
                continue
            call = r["call"].split("  [")[0].replace("|", "\\|")
            extra = f" ({r['threads_note']})" if r.get("threads_note") else ""
            lines.append(f"| {r['library']} {r['version']} | `{call}`{extra} | "
                         f"{r['hands']:,} | {_rate(r)} | {_ratio(r)} |")
    ok = all(c["agree"] for c in rep["order_checks"])
    lines.append("")
    lines.append("All libraries order the checked hands identically (ties included)."
                 if ok else "WARNING: some libraries disagree on the hand order; see the text output.")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
