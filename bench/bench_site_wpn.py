"""Winning Poker Network histories: read speed of both formats
(bench/_site_bench.py's rows for each, and the newer file's hands read as
PokerStars text for scale).

    python bench/bench_site_wpn.py [--hands 20000] [--repeat 3] [--markdown]

The hands, written by tests/histories_sites/wpn/wpn_gen.py in the newer
``Hand #N - 7Stud(Fixed Limit)`` and the older ``Game ID: N`` format: both
stud games, cash and tournaments, short stacks now and then.
"""

from __future__ import annotations

from pathlib import Path

from _site_bench import engine_texts, run, write_texts

from tests.histories_sites.wpn.wpn_gen import _write


def write_file(path: Path, n: int, seed: int, old: bool = False) -> None:
    write_texts(path, engine_texts(n, seed, lambda rng, hand, index, money: _write(
        rng, hand, index, old=old, money=money, hero=0)))


def write_old(path: Path, n: int, seed: int) -> None:
    write_file(path, n, seed, old=True)

if __name__ == "__main__":
    run(__doc__, "newer (Hand #)", "new.txt", write_file,
        more=[("older (Game ID)", "old.txt", write_old)], pokerstars=True)
