"""PokerStars reading speed: records, verdicts and summaries through the C reader.

    python bench/bench_ps_read.py [--hands 200000] [--file PATH] [--summary-hands 20000]

A seeded file of PokerStars hands (bench_histories.py's recipe: 6-max, the
three seven-card games mixed, chips and dollars, all-ins and side pots) is
written first (or ``--file`` is read as it is).  Then, in this process, on
one core (CPU time: ``process_time``, whatever else the machine runs):

- ``read(path)``: ``stud.histories.read`` over the file, a ``HandRecord``
  per hand: the bytes read a part at a time and each hand read in C
  (``src/studcore/ps_read.c``), its record built in Cython
  (``python/stud/_hhrecord.pxi``);
- ``read_pokerstars_file``: the same bytes road (stray bytes U+FFFD);
- ``read_pokerstars_lines`` over an open text file: its lines joined a
  batch at a time into the C reader;
- ``verify(path)``: ``stud.histories.verify``, read, replayed and checked
  in C, no record made;
- ``summarize(read(path))``: ``stud hh summary``'s totals (each record
  replayed, the tracker counts, all-in adjusted nets), over the first
  ``--summary-hands`` hands;
- ``summarize(path)``: the same totals with every hand read, replayed and
  counted in C (``src/studcore/hh_stats.c``, ``Summary.add_file``), over the
  whole file; ``--summary-only`` times only it, verify and the Python
  summary (``--file`` may then be a PHH file too);
- memory: the peak resident set size of a fresh process that reads every
  record of the file with ``read(path)``, and of one that reads a fifth
  of it: streaming keeps it flat.
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
from _benchutil import cpu_model  # noqa: E402


def cpu(fn: Callable[[], int]) -> tuple[float, int]:
    start = time.process_time()
    count = fn()
    return time.process_time() - start, count


def count_read(path: Path, limit: int | None = None) -> int:
    from stud.histories import read

    return sum(1 for _ in itertools.islice(read(path), limit))


def count_file(path: Path) -> int:
    from stud.histories import HandRecord
    from stud.histories.pokerstars import read_pokerstars_file

    return sum(1 for item in read_pokerstars_file(str(path)) if isinstance(item, HandRecord))


def count_lines(path: Path) -> int:
    from stud.histories import HandRecord
    from stud.histories.pokerstars import read_pokerstars_lines

    with open(path, encoding="utf-8", newline="") as lines:
        return sum(1 for item in read_pokerstars_lines(lines) if isinstance(item, HandRecord))


def count_verify(path: Path) -> int:
    from stud.histories import verify

    result = verify(path)
    if result.mismatches or result.errors:
        raise SystemExit(f"a hand did not verify: {(result.mismatches + result.errors)[0]}")
    return result.read


def count_summary(path: Path, limit: int) -> int:
    from stud.histories import read, summarize

    records = list(itertools.islice(read(path), limit))
    start = time.process_time()
    totals = summarize(records)
    count_summary.seconds = time.process_time() - start  # type: ignore[attr-defined]
    if not totals:
        raise SystemExit("no player was summarized")
    return len(records)


def count_summary_c(path: Path) -> int:
    from stud.histories import Summary

    summary = Summary()
    found = summary.add_file(path)
    if found.mismatches or found.errors or not summary.totals:
        raise SystemExit(f"summarize(path) left hands out: {found}")
    count_summary_c.slow = found.slow  # type: ignore[attr-defined]
    return found.reproduced


def rss_child(path: str) -> None:
    """(in a fresh process) read every record of a file; print the count and peak RSS (KiB)."""
    count = count_read(Path(path))
    print(count, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


def peak_rss(path: Path) -> tuple[int, int]:
    out = subprocess.run([sys.executable, __file__, "--rss-child", str(path)], check=True,
                         capture_output=True, text=True).stdout.split()
    return int(out[0]), int(out[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--file", type=Path)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--summary-hands", type=int, default=20_000)
    parser.add_argument("--summary-only", action="store_true")
    parser.add_argument("--rss-child")
    args = parser.parse_args()
    if args.rss_child:
        rss_child(args.rss_child)
        return
    import bench_histories

    with tempfile.TemporaryDirectory() as folder:
        path = args.file
        if path is None:
            path = Path(folder, f"pokerstars_{args.hands}.txt")
            bench_histories.write_files(args.hands, args.seed, path, None)
        size = path.stat().st_size
        rows = []
        if args.summary_only:
            seconds, hands = cpu(lambda: count_verify(path))
            rows.append(("verify(path)", hands, seconds))
            seconds, count = cpu(lambda: count_summary_c(path))
            rows.append(("summarize(path): read, replayed and counted in C", count, seconds))
            seconds, count = cpu(lambda: count_summary(path, args.summary_hands))
            rows.append(("summarize(read(path)): records replayed in Python", count, seconds))
            print(f"{hands:,} hands, {size / 1e6:.0f} MB; {platform.python_version()}, "
                  f"{cpu_model()}; CPU time of one process (the machine may be shared); "
                  f"hands left to Python by summarize(path): "
                  f"{count_summary_c.slow:,}\n")  # type: ignore[attr-defined]
            table(rows)
            return
        seconds, hands = cpu(lambda: count_read(path))
        rows.append(("read(path): C reader", hands, seconds))
        seconds, count = cpu(lambda: count_file(path))
        rows.append(("read_pokerstars_file: the file's bytes through the C reader", count,
                     seconds))
        seconds, count = cpu(lambda: count_lines(path))
        rows.append(("read_pokerstars_lines(open file): lines joined into the C reader", count,
                     seconds))
        seconds, count = cpu(lambda: count_verify(path))
        rows.append(("verify(path)", count, seconds))
        seconds, count = cpu(lambda: count_summary(path, args.summary_hands))
        rows.append(("summarize(read(path)): read, replay, tracker counts, all-in adjusted",
                     count, seconds))
        rows.append(("summarize alone (the records already read)", count,
                     count_summary.seconds))  # type: ignore[attr-defined]
        fifth = Path(folder, "fifth.txt")
        with open(path, "rb") as source, open(fifth, "wb") as out:
            head = source.read(size // 5)  # (cut before a hand's header: no hand cut short)
            out.write(head[:head.rfind(b"\nPokerStars ") + 1])
        small = peak_rss(fifth)
        large = peak_rss(path)
    print(f"{hands:,} hands, {size / 1e6:.0f} MB; {platform.python_version()}, "
          f"{cpu_model()}; CPU time of one process (the machine may be shared)\n")
    table(rows)
    print(f"\npeak RSS, read(path) over every record: {small[0]:,} hands "
          f"({size / 5e6:.0f} MB) {small[1] / 1024:.0f} MiB; {large[0]:,} hands "
          f"({size / 1e6:.0f} MB) {large[1] / 1024:.0f} MiB")


def table(rows: list[tuple[str, int, float]]) -> None:
    print("| pass | hands | CPU s | hands/s |")
    print("| --- | ---: | ---: | ---: |")
    for name, count, seconds in rows:
        print(f"| {name} | {count:,} | {seconds:.2f} | {count / seconds:,.0f} |")


if __name__ == "__main__":
    main()
