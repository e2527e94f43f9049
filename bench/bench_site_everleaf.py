"""Everleaf hand histories: read speed (bench/_site_bench.py's rows).

    python bench/bench_site_everleaf.py [--hands 20000] [--repeat 3] [--markdown]

The hands: tests/histories_sites/everleaf/elgen.py's, 7 Card Stud, Stud Hi/Lo and Razz mixed, 2 to 7 players,
short stacks now and then for all-ins and side pots, a hero whose down
cards show; a third of
the hands in tournament chips.
"""

from __future__ import annotations

from itertools import chain
from pathlib import Path

from _site_bench import run, write_texts

from tests.histories_sites.everleaf import elgen


def write_file(path: Path, n: int, seed: int) -> None:
    cash = n - n // 3
    hands = chain(elgen.hands(cash, seed), elgen.hands(n - cash, seed + 1, currency=None))
    write_texts(path, (text for _, text in hands), end="\n\n\n")

if __name__ == "__main__":
    run(__doc__, "Everleaf", "everleaf.txt", write_file)
