"""PHH read speed: the C reader (now) against the Python reader it replaced
(before) and pokerkit's reading of the same file; memory while streaming.

    python bench/bench_phh_read.py [--hands 200000] [--distinct 10000] [--markdown]
                                   [--verify-only]

A ``.phhs`` of ``--hands`` sections is written first: ``--distinct`` hands
played in stud's engine (``bench_histories.random_hands``: 6-max, the three
seven-card games mixed, half in chips and half in dollars, names, seats,
hand numbers and tables) written by ``stud.histories.write_phh``, repeated
in order under new section numbers up to ``--hands``.  Then, on one core
(CPU time of this process, best of ``--repeat``):

- now: ``read_phh_lines`` over the whole file, a ``HandRecord`` per hand;
- before: the same with ``stud.histories`` as it is at ``--baseline`` (the
  Python reader over tomllib), over the first ``--before-hands`` hands;
- pokerkit: ``HandHistory.loads`` per hand (the file split into hands
  before timing), read only and read + replay (iterating its states), over
  the first ``--pokerkit-hands`` hands; a hand pokerkit refuses is counted
  apart and the first reason shown;
- verify: ``stud.histories.verify`` of the whole file, its fast road
  (the file split, each hand read and replayed in C, ``_phh_verify_run``) and
  ``fast=False`` (a ``HandRecord`` per hand, replayed in Python), the
  same file in the same run (``--verify-only``: these rows alone);
- memory: the peak resident set size of a fresh process that reads the
  first tenth of the file and of one that reads it all: streaming keeps it
  flat.
"""

from __future__ import annotations

import argparse
import itertools
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, os.path.dirname(__file__))
import bench_histories as bh  # noqa: E402
from _benchutil import cpu_model  # noqa: E402

GOAL = 100_000
VERIFY_GOAL = 150_000


def write_file(path: Path, hands: int, distinct: int, seed: int) -> float:
    """The .phhs of the module's docstring; the seconds it took."""
    from stud.histories.phh import write_phh

    start = time.perf_counter()
    texts = []
    for hand, number in bh.random_hands(distinct, seed):
        fields = {"players": bh.NAMES, "seats": (1, 2, 3, 5, 7, 8),
                  "hand_id": str(250_000_000_000 + number),
                  "table": f"Aldebaran {number % 40 + 1}",
                  "currency": "USD" if hand.rules.small_bet == 10 and number % 2 else None}
        texts.append(write_phh(hand.to_record(**fields)))
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        for number in range(hands):
            out.write(("" if number == 0 else "\n") + f"[{number + 1}]\n"
                      + texts[number % distinct])
    return time.perf_counter() - start


def best(fn: Callable[[], int], repeat: int) -> tuple[float, int]:
    times, count = [], 0
    for _ in range(repeat):
        start = time.process_time()
        count = fn()
        times.append(time.process_time() - start)
    return min(times), count


def read_with(read_phh_lines: Callable[..., object], path: Path, limit: int | None) -> int:
    count = 0
    with open(path, encoding="utf-8") as lines:
        for _record in itertools.islice(read_phh_lines(lines, str(path)), limit):  # type: ignore[call-overload]
            count += 1
    return count


def verify_rows(path: Path, hands: int, repeat: int) -> list[tuple[str, int, float, str]]:
    """verify's two roads over the whole file (every hand reproduces)."""
    from stud.histories import verify

    rows: list[tuple[str, int, float, str]] = []
    for label, fast in (("`verify(fast=False)`: records, Python replay", False),
                        ("`verify`: C read + C replay, Python for the rest", True)):
        seconds, count = best(lambda: verify(path, fast=fast).reproduced, repeat)
        assert count == hands, count
        rows.append((label, count, seconds, ""))
    return rows


def verify_table(rows: list[tuple[str, int, float, str]], markdown: bool) -> None:
    base = rows[0][1] / rows[0][2]
    if markdown:
        print("\n| verify | hands | seconds | hands/s | vs fast=False |")
        print("| --- | ---: | ---: | ---: | ---: |")
        for row, hands, seconds, _ in rows:
            rate = hands / seconds
            print(f"| {row} | {hands:,} | {seconds:.2f} | {rate:,.0f} | {rate / base:.1f}x |")
        print(f"\nGoal (issue): {VERIFY_GOAL:,} hands/s verified.")
    else:
        for row, hands, seconds, _ in rows:
            print(f"{row:60s} {hands:8,d} {seconds:8.2f} s {hands / seconds:10,.0f} hands/s")


def pokerkit_read(texts: list[str]) -> int:
    from pokerkit.notation import HandHistory

    for text in texts:
        HandHistory.loads(text)
    return len(texts)


def rss_child(path: str, limit: int) -> None:
    """(a fresh process) reads the first `limit` hands; prints the count and the peak RSS (KiB)."""
    from stud.histories.phh import read_phh_lines

    count = read_with(read_phh_lines, Path(path), limit)
    print(count, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


def peak_rss(path: Path, limit: int) -> tuple[int, int]:
    out = subprocess.run([sys.executable, __file__, "--rss-child", str(path), str(limit)],
                         check=True, capture_output=True, text=True).stdout.split()
    return int(out[0]), int(out[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--distinct", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--baseline", default="79007d6")  # (the reader over tomllib)
    parser.add_argument("--before-hands", type=int, default=5_000)
    parser.add_argument("--pokerkit-hands", type=int, default=2_000)
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--verify-only", action="store_true")
    parser.add_argument("--rss-child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.rss_child:
        rss_child(args.rss_child[0], int(args.rss_child[1]))
        return
    from stud.histories.phh import read_phh_lines

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"phh_{args.hands}.phhs"
        written = write_file(path, args.hands, args.distinct, args.seed)
        size = path.stat().st_size
        checked = verify_rows(path, args.hands, args.repeat)
        if args.verify_only:
            print(f"{args.hands:,} PHH hands ({size / 1e6:.0f} MB); {cpu_model()}, Python "
                  f"{platform.python_version()}; CPU time of one process, best of "
                  f"{args.repeat}; the machine was shared with other work.")
            verify_table(checked, args.markdown)
            return
        rows: list[tuple[str, int, float, str]] = []
        now_s, count = best(lambda: read_with(read_phh_lines, path, None), args.repeat)
        assert count == args.hands, count
        rows.append(("stud now: C reader (`read_phh_lines`, records)", count, now_s, ""))
        before, commit = bh.load_baseline(args.baseline)
        before_s, count = best(lambda: read_with(before.read_phh_lines, path,
                                                 args.before_hands), args.repeat)
        rows.append((f"stud before ({commit}): Python reader over tomllib", count, before_s,
                     ""))
        note = ""
        try:
            texts = bh.phh_hands(path, args.pokerkit_hands)
            accepted, refused, first = bh.pokerkit_accepts(texts)
            pk_read_s, count = best(lambda: pokerkit_read(accepted), args.repeat)
            rows.append(("pokerkit: `HandHistory.loads` (read)", count, pk_read_s, ""))
            pk_s, count = best(lambda: bh.pokerkit_replay(accepted), args.repeat)
            rows.append(("pokerkit: read + replay (its states)", count, pk_s, ""))
            note = (f"pokerkit refused {refused} of {len(texts)} hands" +
                    (f" (first: {first})" if refused else "") + ".")
        except ImportError:
            note = "pokerkit is not installed: its rows are missing."
        small = peak_rss(path, args.hands // 10)
        full = peak_rss(path, args.hands)
    if args.markdown:
        print(f"{args.hands:,} PHH hands in one .phhs ({size / 1e6:.0f} MB; {args.distinct:,} "
              f"hands played in the engine, repeated; written in {written:.0f} s); "
              f"{cpu_model()}, Python {platform.python_version()}; CPU time of one process, "
              f"best of {args.repeat}; the machine was shared with other work, so compare "
              f"the rows' ratios rather than their absolute rates.\n")
        print("| reader | hands | seconds | hands/s | vs before |")
        print("| --- | ---: | ---: | ---: | ---: |")
        base = rows[1][1] / rows[1][2]
        for row, hands, seconds, _ in rows:
            rate = hands / seconds
            print(f"| {row} | {hands:,} | {seconds:.2f} | {rate:,.0f} | {rate / base:.1f}x |")
        print(f"\n{note}\n")
        print(f"Peak RSS of a fresh process reading: the first {small[0]:,} hands "
              f"{small[1] / 1024:.0f} MiB, all {full[0]:,} hands {full[1] / 1024:.0f} MiB.")
        print(f"\nGoal (issue): {GOAL:,} hands/s read to records.")
        verify_table(checked, True)
    else:
        for row, hands, seconds, _ in rows:
            print(f"{row:60s} {hands:8,d} {seconds:8.2f} s {hands / seconds:10,.0f} hands/s")
        print(note)
        print(f"peak RSS: {small[0]} hands {small[1]} KiB, {full[0]} hands {full[1]} KiB")
        verify_table(checked, False)


if __name__ == "__main__":
    main()
