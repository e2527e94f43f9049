"""The OnGame reader against the outputs its pure-Python reader gives on
every sample and on seeded mutated copies of each
(tests/histories_sites/c_reader.py says how; ``mutations.json`` holds
them): the reference a reader of its lines in C must give.  Rewrite them
(``python -m tests.histories_sites.ongame.test_ongame_mutations --write``)
only for a change of what the reader means to give.

The samples are read as the reader's caller would give their lines: the
cp1252 one decoded from cp1252, the UTF-16 one from UTF-16, the others from
UTF-8.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from stud.histories import HistoryError
from stud.histories.sites.ongame import ONGAME_PROFILE, OnGameReader

from ..c_reader import Mutations

HERE = Path(__file__).resolve().parent
SAMPLES = HERE / "samples"


def sample_lines(path: Path) -> list[str]:
    encoding = ("cp1252" if "cp1252" in path.name else
                "utf-16" if "utf16" in path.name else "utf-8")
    return path.read_text(encoding=encoding).splitlines(keepends=True)


class _Counted:
    """A reader that does not count its hands and errors, counted."""

    def __init__(self, reader: Any) -> None:
        self.reader = reader
        self.hands = self.errors = 0

    @property
    def skipped(self) -> int:
        return int(self.reader.skipped)

    @property
    def cancelled(self) -> int:
        return int(self.reader.cancelled)

    def read(self, lines: Any) -> Iterator[Any]:
        for item in self.reader.read(lines):
            if isinstance(item, HistoryError):
                self.errors += 1
            else:
                self.hands += 1
            yield item


def _reader(file: str) -> Any:
    reader = OnGameReader(file=file, profile=ONGAME_PROFILE)
    return reader if hasattr(reader, "hands") else _Counted(reader)


class OnGameMutations(Mutations):
    """The samples decoded as ``sample_lines`` does."""

    def copies(self, sample: str | None = None) -> Iterator[tuple[str, list[str]]]:
        for path in sorted(self.samples.iterdir()):
            if sample is not None and path.name != sample:
                continue
            lines = sample_lines(path)
            yield path.name, lines
            rng = random.Random(path.name)
            for index in range(self.count):
                yield f"{path.name}#{index}", self._mutate(lines, rng)


SITE = OnGameMutations(SAMPLES, HERE / "mutations.json", _reader, [
    " [all in]", " and is all-in", " folds", " checks", " calls $0.20", " bets $1",
    " raises $1.00 to $2.00", " posts ante $0.10", " small bring in $0.25",
    " big bring in $1", " shows [Ah, Kd]", " mucks", " doesn't show", "Summary:",
    "Main pot: $1.00 won by ", "Side pot 1: ", " (High)", " (Low)", "Rake taken: $0.00",
    ", net: -$0.05", ", net: +$0.05", "Seat 2: ", " ($10.00)", "---", "Dealing pocket cards",
    "--- Dealing 4th street", "--- Dealing river", "Dealing to ", "New hand for ",
    "***** History for hand R5-1-1 *****", "***** End of hand R5-1-1 *****",
    "Table: T [1] (LIMIT RAZZ $1/$2, Real money)", "Players in round: 2", "$", "1,250"])


@pytest.mark.parametrize("name", SITE.names())
def test_samples_and_mutated_copies_read_as_before(name):
    assert SITE.differences(name) == []


def test_every_copy_is_covered():
    assert sorted(SITE.load()) == sorted(name for name, _ in SITE.copies())


def test_lines_a_caller_gives_without_their_ends():
    lines = sample_lines(SAMPLES / "features.txt")
    assert SITE.outputs("features.txt", [line.rstrip("\r\n") for line in lines]) == \
        SITE.load()["features.txt"]


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    SITE.write()
