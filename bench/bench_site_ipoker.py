"""iPoker XML histories: read speed (bench/_site_bench.py's rows, the same
hands read as PokerStars text for scale, the same file read by the
pure-Python reader the reading in C replaced (its XML stream,
``IPokerReader._python_read``), and the peak traced memory of a read, flat
whatever the file's size: the XML is streamed).

    python bench/bench_site_ipoker.py [--hands 20000] [--repeat 3] [--markdown]

The hands: Seven Card Stud, 2 to 8 seats, euros, by
tests/histories_sites/ipoker/gen_ipoker.py (500 distinct hands repeated
under new numbers).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from _site_bench import run
from stud import Rules

from tests.histories_sites.ipoker.gen_ipoker import NAMES, PROFILE, game_xml, play, session_xml


def write_file(path: Path, hands: int, seed: int) -> None:
    rng = random.Random(seed)
    rules = Rules("stud", 10, 20, 2, 5, **PROFILE)
    unique = []
    for index in range(500):
        n = rng.randint(2, 8)
        hand = play(rules, [rng.choice([60, 200, 800]) for _ in range(n)], rng)
        unique.append(game_xml(hand, index, rng.sample(NAMES, n),
                               sorted(rng.sample(range(1, 11), n)), "€"))
    games = [unique[i % 500].replace(f'gamecode="{i % 500}"', f'gamecode="{i}"', 1)
             for i in range(hands)]
    path.write_text(session_xml("7 Card Stud L 0,10 €/0,20 €", games), encoding="utf-8")


def python_reader(path: Path) -> Iterator[Any]:
    """The file read by iPoker's pure-Python stream (no C)."""
    from stud.histories.io import _FileLines
    from stud.histories.sites.ipoker import PROFILE as SITE_PROFILE
    from stud.histories.sites.ipoker import IPokerReader

    with open(path, encoding="utf-8", newline="") as handle:
        yield from IPokerReader(file=str(path), profile=SITE_PROFILE)._python_read(
            _FileLines(handle, str(path)))


if __name__ == "__main__":
    run(__doc__, "iPoker", "ipoker.xml", write_file, pokerstars=True, memory=True,
        python=python_reader)
