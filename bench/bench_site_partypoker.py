"""PartyPoker hand histories: read speed (one core).

    python bench/bench_site_partypoker.py [--hands 20000] [--repeat 3]

Writes a seeded file of ``--hands`` PartyPoker stud hands (engine hands
written by ``tests/histories_sites/partypoker/partywrite.py``: both games,
2 to 7 players, half cash in dollars and half tournament chips), then
times (CPU time of the process, best of ``--repeat``):

- read: ``PartyPokerReader.read`` over the file's lines, a ``HandRecord``
  per hand (hands/s; the goal is 20,000);
- read + replay: ``stud.histories.verify(path)``: detected, read, and each
  hand replayed and checked to the chip.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import stud.histories as histories  # noqa: E402
from stud.histories.sites.partypoker import PartyPokerReader  # noqa: E402

from tests.histories_sites.partypoker.partywrite import random_hands  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "party.txt"
        half = args.hands // 2
        with open(path, "w", encoding="utf-8") as out:
            for text in random_hands(half, 1, currency="USD"):
                out.write(text)
            for text in random_hands(args.hands - half, 2, currency=None):
                out.write(text)
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)

        def read() -> int:
            return sum(1 for _ in PartyPokerReader(file=str(path)).read(lines))

        def verify() -> int:
            result = histories.verify(path)
            assert not result.errors and not result.mismatches
            return result.reproduced

        for name, fn in (("read", read), ("read + replay (verify)", verify)):
            best = float("inf")
            count = 0
            for _ in range(args.repeat):
                start = time.process_time()
                count = fn()
                best = min(best, time.process_time() - start)
            print(f"{name}: {count} hands in {best:.3f} s = {count / best:,.0f} hands/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
