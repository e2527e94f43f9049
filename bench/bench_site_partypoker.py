"""PartyPoker hand histories: read speed (one core).

    python bench/bench_site_partypoker.py [--hands 20000] [--repeat 3] [--markdown]

Writes a seeded file of ``--hands`` PartyPoker stud hands (engine hands
written by ``tests/histories_sites/partypoker/partywrite.py``: both games,
2 to 7 players, half cash in dollars and half tournament chips).
The rows (bench/_site_bench.py times them, best of ``--repeat``, one core):
read (``stud.histories.read(path)``, a ``HandRecord`` per hand, the format
detected from the content; the goal is 20,000 hands/s) and read + replay
(``stud.histories.verify(path)``, each hand replayed and checked to the chip).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, os.path.dirname(__file__))

from _site_bench import run  # noqa: E402

from tests.histories_sites.partypoker.partywrite import random_hands  # noqa: E402


def write_file(path: Path, n: int, seed: int) -> None:
    half = n // 2
    with open(path, "w", encoding="utf-8") as out:
        for text in random_hands(half, seed, currency="USD"):
            out.write(text)
        for text in random_hands(n - half, seed + 1, currency=None):
            out.write(text)


if __name__ == "__main__":
    run(__doc__, "PartyPoker", "party.txt", write_file)
