"""PokerStars and PHH side by side: ``read(path)`` (records not touched, then
with every record's steps asked for), ``verify(path)`` and
``summarize(path)`` over the same generated hands, CPU time of this process,
best and median of ``--repeat`` rounds (each round runs every pass once),
against the goals of the histories' issue, with the machine's speed in the
CPU time of a plain Python loop (wall and CPU times of one machine vary
from one day to the next: rates compare in its units).

    python bench/bench_hh_rates.py [--hands 20000] [--repeat 3]

The hands: ``bench_histories.write_files(hands, 7, ...)`` (6-max, the three
seven-card games, chips and dollars, all-ins, side pots, rake), written once
into a temporary directory.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import bench_histories as bh
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


def reference_ms() -> float:
    """A plain Python loop's CPU time: rates of runs on different machines
    (or on one shared machine at different times) compare in its units."""
    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        sum(range(10**7))
        best = min(best, time.process_time() - start)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        ps, phh = Path(tmp) / "hands.txt", Path(tmp) / "hands.phhs"
        bh.write_files(args.hands, 7, ps, phh)
        runs = {(label, name): run for name, path in (("PokerStars", ps), ("PHH", phh))
                for label, run in passes(path).items()}
        times: dict[tuple[str, str], list[float]] = {key: [] for key in runs}
        # (rounds of every pass in turn: a slow spell of the machine falls on
        # one round of each, not on every round of one)
        for _ in range(args.repeat):
            for key, run in runs.items():
                start = time.process_time()
                run()
                times[key].append(time.process_time() - start)
    print(f"best / median of {args.repeat} rounds, hands/s of CPU time; the machine's "
          f"speed: {reference_ms():.0f} ms of CPU for sum(range(10**7)), best of 5")
    print()
    print("| pass | PokerStars | PHH | goal |")
    print("| --- | ---: | ---: | ---: |")
    for label in dict.fromkeys(label for label, _ in runs):
        cells = []
        for name in ("PokerStars", "PHH"):
            spent = times[(label, name)]
            cells.append(f"{args.hands / min(spent):,.0f} / "
                         f"{args.hands / statistics.median(spent):,.0f}")
        goal = GOALS.get(label)
        print(f"| `{label}` | {cells[0]} | {cells[1]} | {f'{goal:,}' if goal else '-'} |")


if __name__ == "__main__":
    main()
