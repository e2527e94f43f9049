"""Winning Poker Network histories: read speed of both formats.

    python bench/bench_site_wpn.py [--hands 20000] [--repeat 3]

Writes ``--hands`` seeded engine hands in each of Winning's formats (the
newer ``Hand #N - 7Stud(Fixed Limit)`` and the older ``Game ID: N``; both
stud games, cash and tournaments, short stacks now and then: the writer of
tests/histories_sites/wpn/wpn_gen.py) to a temporary directory, then
times on one core, best of ``--repeat`` passes:

- read: ``stud.histories.read(path)`` over the file, a ``HandRecord`` per
  hand (the format detected from the content);
- read + replay: each record also replayed and checked against the file's
  collections (``stud.histories.verify(path)``);
- for scale, on the same machine in the same run: the same hands written
  as PokerStars text, read by ``stud.histories.read`` (the PokerStars
  reader, Python).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import stud.histories as H  # noqa: E402
from stud.histories.pokerstars_write import write_pokerstars  # noqa: E402

from tests.histories_sites.wpn.wpn_gen import _write, random_hand  # noqa: E402


def write_file(path: Path, hands: int, *, old: bool, seed: int,
               pokerstars: Path | None = None) -> None:
    rng = random.Random(seed)
    stars = pokerstars.open("w", encoding="utf-8") if pokerstars else None
    with path.open("w", encoding="utf-8") as out:
        for index in range(hands):
            money = index % 3 != 2
            hand = random_hand(rng, money=money, short=index % 4 == 3)
            out.write(_write(rng, hand, index, old=old, money=money, hero=0))
            if stars is not None:
                stars.write(write_pokerstars(hand, hand_id=index + 1, hero=0) + "\n\n\n")
    if stars is not None:
        stars.close()


def random_profile() -> dict[str, object]:
    from tests.histories_sites.wpn.wpn_gen import PROFILE

    return PROFILE


def best(repeat: int, run: object) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        print("| format | hands | read (hands/s) | read + replay (hands/s) |")
        print("|---|---:|---:|---:|")
        for old in (False, True):
            path = Path(tmp) / ("old.txt" if old else "new.txt")
            stars = Path(tmp) / "stars.txt"
            write_file(path, args.hands, old=old, seed=7 if old else 8,
                       pokerstars=None if old else stars)
            count = sum(1 for _ in H.read(path))
            assert count == args.hands, count
            read = best(args.repeat, lambda: sum(1 for _ in H.read(path)))
            result = H.verify(path)
            assert result.reproduced == args.hands, result
            both = best(args.repeat, lambda: H.verify(path))
            name = "older (Game ID)" if old else "newer (Hand #)"
            print(f"| {name} | {args.hands} | {args.hands / read:,.0f} | "
                  f"{args.hands / both:,.0f} |")
            if not old:
                assert sum(1 for _ in H.read(stars, profile=dict(random_profile()))) == args.hands
                pace = best(args.repeat, lambda: sum(
                    1 for _ in H.read(stars, profile=dict(random_profile()))))
                print(f"| PokerStars (same hands) | {args.hands} | {args.hands / pace:,.0f} | |")


if __name__ == "__main__":
    main()
