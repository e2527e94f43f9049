"""The read-speed bench of a site format's text histories, shared by
``bench_site_fulltilt.py``, ``bench_site_bovada.py`` and
``bench_site_everleaf.py``: each gives its site's title, file name and a
writer of seeded hands; this module times ``stud.histories.read`` and
``stud.histories.verify`` on the file (best of ``--repeat``, one core) and
prints the rows, or the markdown table of bench/results."""

from __future__ import annotations

import argparse
import platform
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import stud.histories as histories
from _benchutil import cpu_model

GOAL = 20_000


def best(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def run(doc: str, title: str, name: str, write_file: Callable[[Path, int, int], None]) -> None:
    """The bench's command line: ``title`` names the site in the table,
    ``name`` the temporary file, ``write_file(path, hands, seed)`` writes it."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
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
        print(f"{args.hands:,} {title} hands ({size / 1e6:.1f} MB, written from the engine "
              f"in {written:.1f} s); {cpu_model()}, Python {platform.python_version()}; "
              f"best of {args.repeat}; the machine was shared with other work.\n")
        print("| pass | seconds | hands/s | goal |")
        print("| --- | ---: | ---: | ---: |")
        for row, seconds in rows:
            print(f"| {row} | {seconds:.2f} | {args.hands / seconds:,.0f} | "
                  f"{GOAL:,} (read) |" if row.startswith("read (") else
                  f"| {row} | {seconds:.2f} | {args.hands / seconds:,.0f} | - |")
    else:
        for row, seconds in rows:
            print(f"{row:55s} {seconds:7.2f} s  {args.hands / seconds:10,.0f} hands/s")
