"""Full Tilt hand histories: read speed (bench/_site_bench.py's rows).

    python bench/bench_site_fulltilt.py [--hands 20000] [--repeat 3] [--markdown]

The hands: tests/histories_sites/fulltilt/ftgen.py's, Stud Hi, Stud H/L and Razz mixed, 2 to 6 players, short
stacks now and then for all-ins and side pots, a hero whose down cards
show; a third of
the hands in tournament chips.
"""

from __future__ import annotations

from itertools import chain
from pathlib import Path

from _site_bench import run, write_texts

from tests.histories_sites.fulltilt import ftgen


def write_file(path: Path, n: int, seed: int) -> None:
    cash = n - n // 3
    hands = chain(ftgen.hands(cash, seed), ftgen.hands(n - cash, seed + 1, tournament=True))
    write_texts(path, (text for _, text in hands), end="\n\n\n")

if __name__ == "__main__":
    run(__doc__, "Full Tilt", "fulltilt.txt", write_file, pokerstars=True)
