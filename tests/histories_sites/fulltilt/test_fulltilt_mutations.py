"""The Full Tilt reader (read in C: src/studcore/site_fulltilt.c) against
the outputs the former pure-Python reader gave on every sample and on
seeded mutated copies of each: lines dropped, doubled, swapped, the file
cut short, characters of a line changed.  ``mutations.json`` holds, for
each copy, the reader's items in order (an error as its line, hand and
message; a record as a digest of every value it holds) and its counts.

Those outputs were written by the Python reader before the C reader
replaced it, and the two were compared on many more seeds then; rewrite
them (``python -m tests.histories_sites.fulltilt.test_fulltilt_mutations
--write``) only for a change of what the reader means to give.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from stud.histories import HistoryError
from stud.histories.record import HandRecord
from stud.histories.sites.fulltilt import PROFILE, FullTiltReader

SAMPLES = Path(__file__).resolve().parent / "samples"
EXPECTED = Path(__file__).resolve().parent / "mutations.json"
COPIES = 30  # mutated copies of each sample
#: what a changed character may become
PIECES = list(" *[](),.$€£:#0123456789-|/\tabcsSdhAKQJT\u00a0\u2005\x00\ufeffı") + [
    " and is all in", ", and is all in", " folds", " calls 5", " raises to $4",
    " shows [As Kd]", " mucked [2c]", " collected (5)", " Rake ", " | ", "Seat 1: ", "*** ",
    " ***", "Dealt to ", "Full Tilt Poker Game #5: "]


def sample_lines(path: Path) -> list[str]:
    encoding = "utf-16" if "utf16" in path.name else "utf-8"
    return path.read_text(encoding=encoding).splitlines(keepends=True)


def _mutate(lines: list[str], rng: random.Random) -> list[str]:
    copy = list(lines)
    for _ in range(rng.randrange(1, 4)):
        at = rng.randrange(len(copy))
        kind = rng.randrange(5)
        if kind == 0:
            del copy[at]
        elif kind == 1:
            copy.insert(at, copy[at])
        elif kind == 2 and at + 1 < len(copy):
            copy[at], copy[at + 1] = copy[at + 1], copy[at]
        elif kind == 3:
            copy = copy[:at]
        else:
            full = copy[at]
            text = full.rstrip("\r\n")
            end = full[len(text):]
            where = rng.randrange(len(text) + 1)
            piece = rng.choice(PIECES)
            how = rng.randrange(3)
            if how == 0:
                text = text[:where] + text[where + 1:]
            elif how == 1:
                text = text[:where] + piece + text[where:]
            else:
                text = text[:where] + piece + text[where + 1:]
            copy[at] = text + end
        if not copy:
            copy = [lines[0]]
    return copy


def copies() -> Iterator[tuple[str, list[str]]]:
    """(name, lines) of every sample and its mutated copies, seeded."""
    for path in sorted(SAMPLES.iterdir()):
        lines = sample_lines(path)
        yield path.name, lines
        rng = random.Random(path.name)
        for index in range(COPIES):
            yield f"{path.name}#{index}", _mutate(lines, rng)


def _values(record: HandRecord) -> str:
    """Every value a record holds."""
    rules = record.rules
    return repr((rules.variant.name, rules.small_bet, rules.big_bet, rules.ante,
                 rules.bring_in, record.starting_stacks, [repr(step) for step in record.steps],
                 record.players, record.seats, record.hand_id, record.table, record.collected,
                 record.rake, record.finishing_stacks, record.currency, repr(record.fields),
                 repr(record.source)))


def outputs(name: str, lines: list[str]) -> dict[str, Any]:
    """The reader's items (an error as [line, hand, message]; a run of
    records as "N records DIGEST") and counts."""
    reader = FullTiltReader(file=name.split("#")[0], profile=PROFILE)
    items: list[Any] = []
    run: list[str] = []

    def end_run() -> None:
        if run:
            text = hashlib.sha256("\n".join(run).encode("utf-8")).hexdigest()[:20]
            items.append(f"{len(run)} records {text}")
            run.clear()

    for item in reader.read(lines):
        if isinstance(item, HistoryError):
            end_run()
            items.append([item.line, item.hand, item.reason])
        else:
            run.append(_values(item))
    end_run()
    return {"items": items, "counts": [reader.skipped, reader.cancelled, reader.hands,
                                       reader.errors]}


def write(expected: dict[str, Any]) -> None:
    """``mutations.json``: a copy a line."""
    EXPECTED.write_text("{\n" + ",\n".join(
        f"{json.dumps(name)}: {json.dumps(expected[name], ensure_ascii=False)}"
        for name in sorted(expected)) + "\n}\n", encoding="utf-8")


def _expected() -> dict[str, Any]:
    return json.loads(EXPECTED.read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(path.name for path in SAMPLES.iterdir()))
def test_samples_and_mutated_copies_read_as_before(name):
    expected = _expected()
    for copy, lines in copies():
        if copy.split("#")[0] == name:
            assert outputs(copy, lines) == expected[copy], copy


def test_every_copy_is_covered():
    assert sorted(_expected()) == sorted(name for name, _ in copies())


def test_lines_a_caller_gives_without_their_ends():
    lines = sample_lines(SAMPLES / "features.txt")
    assert outputs("features.txt", [line.rstrip("\r\n") for line in lines]) == \
        _expected()["features.txt"]


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    write({name: outputs(name, lines) for name, lines in copies()})


def test_a_source_that_fails_midway_gives_the_hands_before_it_first():
    lines = sample_lines(SAMPLES / "features.txt")
    headers = [k for k, line in enumerate(lines) if line.startswith("Full Tilt Poker")]
    cut = headers[2] + 3  # within the third hand

    def source() -> Iterator[str]:
        yield from lines[:cut]
        raise HistoryError("the source broke", None, None, cut + 1)

    whole = [item.hand_id for item in FullTiltReader(profile=PROFILE).read(lines)
             if not isinstance(item, HistoryError)]
    read: list[Any] = []
    with pytest.raises(HistoryError, match="the source broke"):
        for item in FullTiltReader(profile=PROFILE).read(source()):
            read.append(item)
    assert [item.hand_id for item in read] == whole[:len(read)] and len(read) >= 1
