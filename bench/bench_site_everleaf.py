"""Everleaf hand histories: read speed (hands/s, one core).

    python bench/bench_site_everleaf.py [--hands 20000] [--repeat 3] [--markdown]

A seeded file of Everleaf hands is written first from hands the engine
played (``tests/histories_sites/everleaf/elgen.py``: 7 Card Stud, Stud
Hi/Lo and Razz mixed, 2 to 7 players, short stacks now and then for
all-ins and side pots, a hero whose down cards show, a third of the hands
in tournament chips), into a temporary directory.  Then, on one core, each the best of
``--repeat`` passes:

- read: ``stud.histories.read(path)``, a ``HandRecord`` per hand (the
  format detected from the file's first lines, the encoding from its bytes);
- read + verify: ``stud.histories.verify(path)``, every hand also replayed
  through the engine and checked against what the file says each seat
  collected.

The goal: >= 20,000 hands/s read (bench/_site_bench.py times both).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, os.path.dirname(__file__))

from _site_bench import run  # noqa: E402

from tests.histories_sites.everleaf import elgen  # noqa: E402


def write_file(path: Path, n: int, seed: int) -> None:
    cash = n - n // 3
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        for _, text in elgen.hands(cash, seed):
            out.write(text + "\n\n\n")
        for _, text in elgen.hands(n - cash, seed + 1, currency=None):
            out.write(text + "\n\n\n")


if __name__ == "__main__":
    run(__doc__, "Everleaf", "everleaf.txt", write_file)
