"""KingsClub histories: read speed (one core).

    python bench/bench_site_kingsclub.py [--hands 20000] [--repeat 3] [--markdown]

Writes ``--hands`` seeded engine hands in the site's format (every game
the site dealt, cash and tournaments, short stacks now and then: the writer
of tests/histories_sites/kingsclub/kc_gen.py) to a temporary file.
The rows (bench/_site_bench.py times them, best of ``--repeat``, one core):
read (``stud.histories.read(path)``, a ``HandRecord`` per hand, the format
detected from the content; the goal is 20,000 hands/s) and read + replay
(``stud.histories.verify(path)``, each hand replayed and checked to the chip);
and, for scale in the same run, the same hands as PokerStars text read by
the PokerStars reader.
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

from tests.histories_sites.kingsclub.kc_gen import GAMES, PROFILE, write_kingsclub  # noqa: E402
from tests.histories_sites.wpn.wpn_gen import random_hand  # noqa: E402


def write_file(path: Path, n: int, seed: int) -> None:
    rng = random.Random(seed)
    with path.open("w", encoding="utf-8") as out:
        for index in range(n):
            money = index % 3 != 2
            hand = random_hand(rng, money=money, short=index % 4 == 3, profile=PROFILE,
                               variants=tuple(GAMES))
            out.write(write_kingsclub(hand, hand_id=index + 1, money=money,
                                      tournament=None if money else 7))


if __name__ == "__main__":
    run(__doc__, "KingsClub", "kingsclub.txt", write_file, pokerstars=True)
