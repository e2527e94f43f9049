"""Merge XML read speed: hands/s of ``stud.histories.read`` on one core (CPU time).

    python bench/bench_site_merge.py [--hands 20000] [--repeat 1] [--replay]

Writes a seeded Merge XML file of engine-played hands (Seven Card Stud, 2
to 8 seats, dollars, the writer of tests/histories_sites/merge/gen_merge.py)
into a temporary directory, then times reading it back (a ``HandRecord`` a
hand, the XML streamed; the best of ``--repeat`` runs), and with
``--replay`` reading + replaying each record.  Also the peak memory
(tracemalloc) of the reading, which stays flat whatever the file's size.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "histories_sites"
                       / "merge"))

from gen_merge import NAMES, game_xml, play  # noqa: E402
from stud import Rules  # noqa: E402
from stud.histories import read, write  # noqa: E402


def make_file(path: Path, hands: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    rules = Rules("stud", 50, 100, 10, 25)
    unique: list[str] = []
    for index in range(500):  # 500 distinct hands, repeated under new numbers
        n = rng.randint(2, 8)
        hand = play(rules, [rng.choice([300, 1000, 4000]) for _ in range(n)], rng)
        unique.append(game_xml(hand, f"1-{index}", rng.sample(NAMES, n),
                               sorted(rng.sample(range(8), n)), cents=True,
                               description='7-Stud" stakes="Limit ($0.50/$1)'))
    with open(path, "w", encoding="utf-8") as out:
        for i in range(hands):
            out.write(unique[i % len(unique)].replace(f'"1-{i % len(unique)}"', f'"1-{i}"', 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--replay", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "merge.xml"
        make_file(path, args.hands)
        size = path.stat().st_size
        best = None
        count = 0
        for _ in range(args.repeat):
            start = time.process_time()
            count = sum(1 for _ in read(path))
            took = time.process_time() - start
            best = took if best is None else min(best, took)
        assert best is not None and count == args.hands
        print(f"Merge XML, read: {count} hands, {size / 1e6:.1f} MB, {best:.2f} s, "
              f"{count / best:,.0f} hands/s")
        if args.replay:
            start = time.process_time()
            for record in read(path):
                record.replay()
            took = time.process_time() - start
            print(f"Merge XML, read + replay: {count / took:,.0f} hands/s")
        # the same hands as PokerStars text, read by the PokerStars reader (the ratio
        # holds on a shared machine where the absolute numbers do not)
        stars = Path(folder) / "pokerstars.txt"
        write(read(path), stars, format="pokerstars")
        start = time.process_time()
        again = sum(1 for _ in read(stars))
        took = time.process_time() - start
        print(f"the same hands as PokerStars text, read: {again / took:,.0f} hands/s "
              f"(the XML reader: {best / took * again / count:.2f}x its time per hand)")
        tracemalloc.start()
        for _ in read(path):
            pass
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        print(f"peak traced memory while reading: {peak / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
