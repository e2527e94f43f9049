"""Winning Poker Network histories: read speed of both formats (one core).

    python bench/bench_site_wpn.py [--hands 20000] [--repeat 3] [--markdown]

Writes ``--hands`` seeded engine hands in each of Winning's formats (the
newer ``Hand #N - 7Stud(Fixed Limit)`` and the older ``Game ID: N``; both
stud games, cash and tournaments, short stacks now and then: the writer of
tests/histories_sites/wpn/wpn_gen.py) to a temporary directory.
The rows (bench/_site_bench.py times them, best of ``--repeat``, one core):
read (``stud.histories.read(path)``, a ``HandRecord`` per hand, the format
detected from the content; the goal is 20,000 hands/s) and read + replay
(``stud.histories.verify(path)``, each hand replayed and checked to the chip),
for each format; and, for scale in the same run, the newer file's hands as
PokerStars text read by the PokerStars reader.
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

from tests.histories_sites.wpn.wpn_gen import _write, random_hand  # noqa: E402


def write_file(path: Path, n: int, seed: int, *, old: bool = False) -> None:
    rng = random.Random(seed)
    with path.open("w", encoding="utf-8") as out:
        for index in range(n):
            money = index % 3 != 2
            hand = random_hand(rng, money=money, short=index % 4 == 3)
            out.write(_write(rng, hand, index, old=old, money=money, hero=0))


def write_old(path: Path, n: int, seed: int) -> None:
    write_file(path, n, seed, old=True)


if __name__ == "__main__":
    run(__doc__, "newer (Hand #)", "new.txt", write_file,
        more=[("older (Game ID)", "old.txt", write_old)], pokerstars=True)
