"""OnGame hand histories: read speed (bench/_site_bench.py's rows).

    python bench/bench_site_ongame.py [--hands 20000] [--repeat 3] [--markdown]

The hands: tests/histories_sites/ongame/ongamewrite.py's, the three games,
2 to 7 players, half cash in dollars and half tournament chips.
"""

from __future__ import annotations

from itertools import chain
from pathlib import Path

from _site_bench import run, write_texts

from tests.histories_sites.ongame.ongamewrite import random_hands


def write_file(path: Path, n: int, seed: int) -> None:
    write_texts(path, chain(random_hands(n // 2, seed, sign="$"),
                            random_hands(n - n // 2, seed + 1, sign=None)))

if __name__ == "__main__":
    run(__doc__, "OnGame", "ongame.txt", write_file)
