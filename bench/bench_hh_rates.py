"""PokerStars and PHH side by side: ``read(path)`` (records not touched, then
with every record's steps asked for), ``verify(path)`` and
``summarize(path)`` over the same generated hands, CPU time of this process,
best of ``--repeat``, against the goals of the histories' issue.

    python bench/bench_hh_rates.py [--hands 20000] [--repeat 3]

The hands: ``bench_histories.write_files(hands, 7, ...)`` (6-max, the three
seven-card games, chips and dollars, all-ins, side pots, rake), written once
into a temporary directory.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import bench_histories as bh
from _benchutil import best_of
from stud import histories

GOALS = {"read": 100_000, "verify": 150_000, "summarize": 50_000}


def passes(path: Path) -> dict[str, Callable[[], object]]:
    def read() -> int:
        return sum(1 for _ in histories.read(path))

    def read_steps() -> int:
        return sum(len(record.steps) for record in histories.read(path))

    return {"read": read, "read, every record's steps asked for": read_steps,
            "verify": lambda: histories.verify(path),
            "summarize": lambda: histories.summarize(path)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        ps, phh = Path(tmp) / "hands.txt", Path(tmp) / "hands.phhs"
        bh.write_files(args.hands, 7, ps, phh)
        rows = {}
        for name, path in (("PokerStars", ps), ("PHH", phh)):
            for label, run in passes(path).items():
                seconds = best_of(run, args.repeat, clock=time.process_time)
                rows.setdefault(label, {})[name] = args.hands / seconds
    print("| pass | PokerStars hands/s | PHH hands/s | goal |")
    print("| --- | ---: | ---: | ---: |")
    for label, rates in rows.items():
        goal = GOALS.get(label)
        print(f"| `{label}` | {rates['PokerStars']:,.0f} | {rates['PHH']:,.0f} | "
              f"{f'{goal:,}' if goal else '-'} |")


if __name__ == "__main__":
    main()
