"""Checks the site formats' tests share: what a replayed hand awarded each
seat, a sample read with its errors, and a sample whose every hand reads
as its format's and replays to the chip."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from stud import Hand
from stud.game import PotAwarded
from stud.histories import HandRecord, HistoryError, read, verify


def awarded(hand: Hand) -> tuple[int, ...]:
    """What each seat won from the pots (the engine's PotAwarded events)."""
    won = [0] * hand.n_seats
    for event in hand.history:
        if type(event) is PotAwarded:
            won[event.seat] += event.amount
    return tuple(won)


def read_with_errors(source: Any, **kwargs: Any) -> tuple[list[HandRecord], list[HistoryError],
                                                           Any]:
    """The records of ``source`` (a path, or text), the errors met reading
    it, and the reading (its counts of hands skipped and cancelled)."""
    errors: list[HistoryError] = []
    reading = read(source, on_error=errors.append, **kwargs)
    return list(reading), errors, reading


def replays_to_the_chip(path: Path, fmt: str, count: int | None = None) -> list[HandRecord]:
    """Every hand of ``path`` reads, as a hand of the format ``fmt``, and
    replays to the chip (the pots award each seat what the record says it
    collected): ``count`` hands, or at least one."""
    result = verify(path)
    assert result.errors == [] and result.mismatches == []
    if count is None:
        assert result.reproduced >= 1
    else:
        assert result.reproduced == count
    records = list(read(path))
    assert len(records) == result.reproduced
    for record in records:
        assert record.source is not None and record.source.format == fmt
        assert awarded(record.replay()) == record.collected
    return records
