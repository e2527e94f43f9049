"""KingsClub histories: read speed (bench/_site_bench.py's rows, and the
same hands read as PokerStars text for scale).

    python bench/bench_site_kingsclub.py [--hands 20000] [--repeat 3] [--markdown]

The hands: every game the site dealt (2-7 Razz too), cash and
tournaments, short stacks now and then, written by
tests/histories_sites/kingsclub/kc_gen.py.
"""

from __future__ import annotations

from pathlib import Path

from _site_bench import engine_texts, run, write_texts

from tests.histories_sites.kingsclub.kc_gen import GAMES, PROFILE, write_kingsclub


def write_file(path: Path, n: int, seed: int) -> None:
    write_texts(path, engine_texts(
        n, seed, lambda rng, hand, index, money: write_kingsclub(
            hand, hand_id=index + 1, money=money, tournament=None if money else 7),
        profile=PROFILE, variants=tuple(GAMES)))

if __name__ == "__main__":
    run(__doc__, "KingsClub", "kingsclub.txt", write_file, pokerstars=True)
