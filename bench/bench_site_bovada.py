"""Bovada hand histories: read speed (hands/s, one core).

    python bench/bench_site_bovada.py [--hands 20000] [--repeat 3] [--markdown]

A seeded file of Bovada hands is written first from hands the engine
played (``tests/histories_sites/bovada/bvgen.py``: Seven Card Stud and
Stud H/L mixed, 2 to 7 players, short stacks now and then for all-ins and
side pots, every player's cards written as Bovada does, no stakes in the
cash headers, a third of the hands in tournament chips), into a temporary
directory.  Then, on one core, each the best of
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

from tests.histories_sites.bovada import bvgen  # noqa: E402


def write_file(path: Path, n: int, seed: int) -> None:
    cash = n - n // 3
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        for _, text in bvgen.hands(cash, seed):
            out.write(text + "\n\n\n")
        for _, text in bvgen.hands(n - cash, seed + 1, tournament=True):
            out.write(text + "\n\n\n")


if __name__ == "__main__":
    run(__doc__, "Bovada", "bovada.txt", write_file)
