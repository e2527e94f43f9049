"""KingsClub histories: read speed.

    python bench/bench_site_kingsclub.py [--hands 20000] [--repeat 3]

Writes ``--hands`` seeded engine hands in the site's format (every game
the site dealt, cash and tournaments, short stacks now and then: the writer
of tests/histories_sites/kingsclub/kc_gen.py) to a temporary file, then times on
one core, best of ``--repeat`` passes: read (``stud.histories.read(path)``,
a ``HandRecord`` per hand, the format detected from the content) and
read + replay (``stud.histories.verify(path)``); and, for scale in the same
run, the same hands as PokerStars text read by ``stud.histories.read``.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import stud.histories as H  # noqa: E402
from stud.histories.pokerstars_write import write_pokerstars  # noqa: E402

from tests.histories_sites.kingsclub.kc_gen import GAMES, PROFILE, write_kingsclub  # noqa: E402
from tests.histories_sites.wpn.wpn_gen import random_hand  # noqa: E402


def best(repeat: int, run: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(9)
    with tempfile.TemporaryDirectory() as tmp:
        path, stars = Path(tmp) / "site.txt", Path(tmp) / "stars.txt"
        with path.open("w", encoding="utf-8") as out, stars.open("w", encoding="utf-8") as ps:
            for index in range(args.hands):
                money = index % 3 != 2
                hand = random_hand(rng, money=money, short=index % 4 == 3, profile=PROFILE,
                                   variants=tuple(GAMES))
                out.write(write_kingsclub(hand, hand_id=index + 1, money=money,
                              tournament=None if money else 7))
                if hand.rules.variant.name != "DEUCE_TO_SEVEN_RAZZ":
                    ps.write(write_pokerstars(hand, hand_id=index + 1, hero=0) + "\n\n\n")
        n = sum(1 for _ in H.read(path))
        assert n == args.hands, n
        read = best(args.repeat, lambda: sum(1 for _ in H.read(path)))
        result = H.verify(path)
        assert result.reproduced == args.hands, result
        both = best(args.repeat, lambda: H.verify(path))
        m = sum(1 for _ in H.read(stars, profile="pokerstars"))
        stars_read = best(args.repeat, lambda: sum(1 for _ in H.read(stars, profile="pokerstars")))
        print("| format | hands | read (hands/s) | read + replay (hands/s) |")
        print("|---|---:|---:|---:|")
        print(f"| kingsclub | {n} | {n / read:,.0f} | {n / both:,.0f} |")
        print(f"| PokerStars (same hands) | {m} | {m / stars_read:,.0f} | |")


if __name__ == "__main__":
    main()
