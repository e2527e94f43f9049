"""Merge XML histories: read speed (bench/_site_bench.py's rows, the same
hands read as PokerStars text for scale, the same file read by the
pure-Python reader the reading in C replaced (its XML stream,
``MergeReader._python_read``), and the peak traced memory of a read, flat
whatever the file's size: the XML is streamed).

    python bench/bench_site_merge.py [--hands 20000] [--repeat 3] [--markdown]

The hands: Seven Card Stud, 2 to 8 seats, dollars, by
tests/histories_sites/merge/gen_merge.py (500 distinct hands repeated under
new numbers).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from _site_bench import run, write_texts
from stud import Rules

from tests.histories_sites.merge.gen_merge import NAMES, game_xml, play


def write_file(path: Path, hands: int, seed: int) -> None:
    rng = random.Random(seed)
    rules = Rules("stud", 50, 100, 10, 25)
    unique = []
    for index in range(500):
        n = rng.randint(2, 8)
        hand = play(rules, [rng.choice([300, 1000, 4000]) for _ in range(n)], rng)
        unique.append(game_xml(hand, f"1-{index}", rng.sample(NAMES, n),
                               sorted(rng.sample(range(8), n)), cents=True,
                               description='7-Stud" stakes="Limit ($0.50/$1)'))
    write_texts(path, (unique[i % 500].replace(f'"1-{i % 500}"', f'"1-{i}"', 1)
                       for i in range(hands)))


def python_reader(path: Path) -> Iterator[Any]:
    """The file read by Merge's pure-Python stream (no C)."""
    from stud.histories.io import _FileLines
    from stud.histories.sites.merge import PROFILE, MergeReader

    with open(path, encoding="utf-8", newline="") as handle:
        yield from MergeReader(file=str(path), profile=PROFILE)._python_read(
            _FileLines(handle, str(path)))


if __name__ == "__main__":
    run(__doc__, "Merge", "merge.xml", write_file, pokerstars=True, memory=True,
        python=python_reader)
