"""Merge XML histories: read speed (one core).

    python bench/bench_site_merge.py [--hands 20000] [--repeat 3] [--markdown]

Writes a seeded Merge XML file of engine-played hands (Seven Card Stud, 2
to 8 seats, dollars, the writer of tests/histories_sites/merge/gen_merge.py:
500 distinct hands repeated under new numbers) into a temporary directory.
The rows (bench/_site_bench.py times them, best of ``--repeat``, one core):
read (``stud.histories.read(path)``, a ``HandRecord`` per hand, the format
detected from the content; the goal is 20,000 hands/s) and read + replay
(``stud.histories.verify(path)``, each hand replayed and checked to the chip); the same hands as PokerStars text read by the
PokerStars reader in the same run, for scale; and the peak traced memory of
a read, which stays flat whatever the file's size (the XML is streamed).
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, os.path.dirname(__file__))

from _site_bench import run  # noqa: E402
from stud import Rules  # noqa: E402

from tests.histories_sites.merge.gen_merge import NAMES, game_xml, play  # noqa: E402


def write_file(path: Path, hands: int, seed: int) -> None:
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


if __name__ == "__main__":
    run(__doc__, "Merge", "merge.xml", write_file, pokerstars=True, memory=True)
