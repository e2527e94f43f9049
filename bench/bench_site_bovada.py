"""Bovada hand histories: read speed (hands/s, one core).

    python bench/bench_site_bovada.py [--hands 20000] [--repeat 3] [--markdown]

A seeded file of Bovada hands is written first from hands the engine
played (``tests/histories_sites/bovada/bvgen.py``: Seven Card Stud and
Stud H/L mixed, 2 to 7 players, short stacks now and then for all-ins and
side pots, every player's cards written as Bovada does, no stakes in the
cash headers, a third of the hands in tournament chips), into a temporary
directory.  Then, on one core, each the best of
``--repeat`` passes:

- read: ``stud.histories.read(path)``, a ``HandRecord`` per hand (the
  format detected from the file's first lines, the encoding from its bytes);
- read + verify: ``stud.histories.verify(path)``, every hand also replayed
  through the engine and checked against what the file says each seat
  collected.

The goal: >= 20,000 hands/s read.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, os.path.dirname(__file__))

import stud.histories as histories  # noqa: E402
from _benchutil import cpu_model  # noqa: E402

from tests.histories_sites.bovada import bvgen  # noqa: E402

GOAL = 20_000


def write_file(path: Path, n: int, seed: int) -> None:
    cash = n - n // 3
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        for _, text in bvgen.hands(cash, seed):
            out.write(text + "\n\n\n")
        for _, text in bvgen.hands(n - cash, seed + 1, tournament=True):
            out.write(text + "\n\n\n")


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bovada.txt"
        start = time.perf_counter()
        write_file(path, args.hands, args.seed)
        written = time.perf_counter() - start
        size = path.stat().st_size
        counted = sum(1 for _ in histories.read(path))
        assert counted == args.hands, counted
        check = histories.verify(path)
        assert check.reproduced == args.hands and not check.errors and not check.mismatches

        read_s = best(lambda: sum(1 for _ in histories.read(path)), args.repeat)
        verify_s = best(lambda: histories.verify(path), args.repeat)
    rows = [("read (`stud.histories.read`)", read_s),
            ("read + replay + verify (`stud.histories.verify`)", verify_s)]
    if args.markdown:
        print(f"{args.hands:,} Bovada hands ({size / 1e6:.1f} MB, written from the engine "
              f"in {written:.1f} s); {cpu_model()}, Python {platform.python_version()}; "
              f"best of {args.repeat}; the machine was shared with other work.\n")
        print("| pass | seconds | hands/s | goal |")
        print("| --- | ---: | ---: | ---: |")
        for name, seconds in rows:
            print(f"| {name} | {seconds:.2f} | {args.hands / seconds:,.0f} | "
                  f"{GOAL:,} (read) |" if name.startswith("read (") else
                  f"| {name} | {seconds:.2f} | {args.hands / seconds:,.0f} | - |")
    else:
        for name, seconds in rows:
            print(f"{name:55s} {seconds:7.2f} s  {args.hands / seconds:10,.0f} hands/s")


if __name__ == "__main__":
    main()
