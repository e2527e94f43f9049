"""Winamax hand histories: read speed (bench/_site_bench.py's rows).

    python bench/bench_site_winamax.py [--hands 20000] [--repeat 3] [--markdown]

The hands: tests/histories_sites/winamax/winamaxwrite.py's, the three
games, 2 to 6 players, half cash in euros and half tournament chips; the
same hands written as PokerStars text and read by the PokerStars reader in
the same run, for scale on a shared machine.
"""

from __future__ import annotations

from itertools import chain
from pathlib import Path

from _site_bench import run, write_texts

from tests.histories_sites.winamax.winamaxwrite import random_hands


def write_file(path: Path, n: int, seed: int) -> None:
    write_texts(path, chain(random_hands(n // 2, seed, euros=True),
                            random_hands(n - n // 2, seed + 1, euros=False)))

if __name__ == "__main__":
    run(__doc__, "Winamax", "winamax.txt", write_file, pokerstars=True)
