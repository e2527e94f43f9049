"""iPoker XML read speed: hands/s of ``stud.histories.read`` on one core (CPU time).

    python bench/bench_site_ipoker.py [--hands 20000] [--repeat 1] [--replay]

Writes a seeded iPoker XML file of engine-played hands (Seven Card Stud,
2 to 8 seats, euros, the writer of tests/histories_sites/ipoker/gen_ipoker.py)
into a temporary directory, then times reading it back (a ``HandRecord`` a
hand, the XML streamed; the best of ``--repeat`` runs), and with ``--replay`` reading + replaying each
record.  Also the peak memory (tracemalloc) of the reading, which stays
flat whatever the file's size.
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
                       / "ipoker"))

from gen_ipoker import NAMES, PROFILE, game_xml, play, session_xml  # noqa: E402
from stud import Rules  # noqa: E402
from stud.histories import read, write  # noqa: E402


def make_file(path: Path, hands: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    rules = Rules("stud", 10, 20, 2, 5, **PROFILE)
    unique: list[str] = []
    for index in range(500):  # 500 distinct hands, repeated under new numbers
        n = rng.randint(2, 8)
        hand = play(rules, [rng.choice([60, 200, 800]) for _ in range(n)], rng)
        unique.append(game_xml(hand, index, rng.sample(NAMES, n),
                               sorted(rng.sample(range(1, 11), n)), "€"))
    games = [unique[i % len(unique)].replace(f'gamecode="{i % len(unique)}"',
                                              f'gamecode="{i}"', 1) for i in range(hands)]
    path.write_text(session_xml("7 Card Stud L 0,10 €/0,20 €", games), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--replay", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "ipoker.xml"
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
        print(f"iPoker XML, read: {count} hands, {size / 1e6:.1f} MB, {best:.2f} s, "
              f"{count / best:,.0f} hands/s")
        if args.replay:
            start = time.process_time()
            for record in read(path):
                record.replay()
            took = time.process_time() - start
            print(f"iPoker XML, read + replay: {count / took:,.0f} hands/s")
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
