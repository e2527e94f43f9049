"""The read-speed bench of a site format's hand histories, shared by every
``bench_site_*.py``: each gives its site's title, file name and a writer of
seeded hands (``write_file(path, hands, seed)``); this module writes the
file into a temporary directory, times ``stud.histories.read`` and
``stud.histories.verify`` on it (best of ``--repeat``, one core) and prints
the rows, or the markdown table of bench/results.

Options of a bench: ``more``, other files of the same site timed in the
same way (another of its formats); ``pokerstars``, the same hands written
as PokerStars text (the games PokerStars deals) and read by the PokerStars
reader in the same run, for scale on a shared machine; ``memory``, the
peak traced memory of one read; ``python``, the site's former
pure-Python reader (``python(path)``: its records and errors) timed once
on the same file in the same process, for the ratio.

Importing this module puts the repository's root on ``sys.path``: the
benches then import their writers from ``tests.histories_sites``."""

from __future__ import annotations

import argparse
import platform
import random
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import stud.histories as histories
from _benchutil import best_of as best
from _benchutil import cpu_model

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

GOAL = 20_000

#: writes ``hands`` seeded hands of a site's format to a path
Writer = Callable[[Path, int, int], None]

#: the games a PokerStars history names (the others are left out of the comparison)
_POKERSTARS_GAMES = ("SEVEN_CARD_STUD", "SEVEN_CARD_STUD_HILO", "RAZZ")


def write_texts(path: Path, texts: Iterable[str], end: str = "") -> None:
    """Writes the hands' texts to ``path``, each followed by ``end``."""
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        for text in texts:
            out.write(text + end)


def engine_texts(n: int, seed: int, write: Callable[[random.Random, Any, int, bool], str],
                 **options: Any) -> Iterator[str]:
    """``n`` seeded engine hands (``wpn_gen.random_hand`` with ``options``:
    two in three cash, one in four short-stacked), each as ``write(rng,
    hand, index, money)`` writes it."""
    from tests.histories_sites.wpn.wpn_gen import random_hand

    rng = random.Random(seed)
    for index in range(n):
        money = index % 3 != 2
        hand = random_hand(rng, money=money, short=index % 4 == 3, **options)
        yield write(rng, hand, index, money)


def _count(path: Path, profile: str | None = None) -> int:
    return sum(1 for _ in histories.read(path, profile=profile))


def _time_file(path: Path, label: str, hands: int, repeat: int,
               rows: list[tuple[str, float, bool]]) -> None:
    counted = _count(path)
    assert counted == hands, counted
    check = histories.verify(path)
    assert check.reproduced == hands and not check.errors and not check.mismatches, check
    rows.append((f"{label}read (`stud.histories.read`)", best(lambda: _count(path), repeat),
                 True))
    rows.append((f"{label}read + replay + verify (`stud.histories.verify`)",
                 best(lambda: histories.verify(path), repeat), False))


def run(doc: str, title: str, name: str, write_file: Writer, *,
        more: Sequence[tuple[str, str, Writer]] = (), pokerstars: bool = False,
        memory: bool = False, python: Callable[[Path], Iterable[Any]] | None = None) -> None:
    """The bench's command line: ``title`` names the site in the table,
    ``name`` the temporary file, ``write_file(path, hands, seed)`` writes
    it; ``more``: (title, file name, writer) of other files to time alike;
    ``pokerstars`` and ``memory``: the rows the module describes."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    rows: list[tuple[str, float, bool]] = []
    notes: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        files = [(title, name, write_file), *more]
        for index, (label, file_name, writer) in enumerate(files):
            path = Path(tmp) / file_name
            start = time.perf_counter()
            writer(path, args.hands, args.seed + 2 * index)
            notes.append(f"{label}: {path.stat().st_size / 1e6:.1f} MB, written from the "
                         f"engine in {time.perf_counter() - start:.1f} s")
            _time_file(path, f"{label}: " if more else "", args.hands, args.repeat, rows)
        first = Path(tmp) / name
        if python is not None:
            seconds = best(lambda: sum(1 for _ in python(first)), 1)
            rows.append(("the same file: read by the pure-Python reader it replaces", seconds,
                         False))
        if pokerstars:
            stars = Path(tmp) / "pokerstars.txt"
            same = histories.write((record for record in histories.read(first)
                                    if record.rules.variant.name in _POKERSTARS_GAMES),
                                   stars, format="pokerstars")
            assert _count(stars, "pokerstars") == same
            seconds = best(lambda: _count(stars, "pokerstars"), args.repeat)
            rows.append(("the same hands as PokerStars text: read (the PokerStars reader)",
                         seconds * args.hands / same, False))
        if memory:
            tracemalloc.start()
            _count(first)
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            notes.append(f"peak traced memory of one read: {peak / 1e6:.1f} MB")
    if args.markdown:
        print(f"{args.hands:,} seeded hands a file ({'; '.join(notes)}); {cpu_model()}, "
              f"Python {platform.python_version()}; best of {args.repeat}; the machine was "
              f"shared with other work.\n")
        print("| pass | seconds | hands/s | goal |")
        print("| --- | ---: | ---: | ---: |")
        for row, seconds, goal in rows:
            print(f"| {row} | {seconds:.2f} | {args.hands / seconds:,.0f} | "
                  + (f"{GOAL:,} (read) |" if goal else "- |"))
    else:
        for note in notes:
            print(note)
        for row, seconds, _ in rows:
            print(f"{row:70s} {seconds:7.2f} s  {args.hands / seconds:10,.0f} hands/s")
