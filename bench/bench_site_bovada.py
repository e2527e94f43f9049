"""Bovada hand histories: read speed (bench/_site_bench.py's rows).

    python bench/bench_site_bovada.py [--hands 20000] [--repeat 3] [--markdown]

The hands: tests/histories_sites/bovada/bvgen.py's, Seven Card Stud and Stud H/L mixed, 2 to 7 players, short
stacks now and then for all-ins and side pots, every player's cards
written as Bovada does, no stakes in the cash headers; a third of
the hands in tournament chips.
"""

from __future__ import annotations

from itertools import chain
from pathlib import Path

from _site_bench import run, write_texts

from tests.histories_sites.bovada import bvgen


def write_file(path: Path, n: int, seed: int) -> None:
    cash = n - n // 3
    hands = chain(bvgen.hands(cash, seed), bvgen.hands(n - cash, seed + 1, tournament=True))
    write_texts(path, (text for _, text in hands), end="\n\n\n")

if __name__ == "__main__":
    run(__doc__, "Bovada", "bovada.txt", write_file)
