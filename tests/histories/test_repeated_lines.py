"""A line written twice, in a sample of every format: each hand still reads
as a record or as a ``HistoryError``, and a record that reproduces writes
as PHH and reads back the same.  (A PokerStars hand with its table line
twice once gave a record holding ``seat_count`` twice, which PHH's writer
refused with a plain ValueError.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from stud.histories import HistoryError, MismatchError, read
from stud.histories.encoding import open_text
from stud.histories.phh import write_phh

_TESTS = Path(__file__).resolve().parent.parent
_SAMPLES = {
    "phh": "histories/samples/phh/session.phhs",
    "pokerstars": "histories_ps/samples/cash_stud_usd.txt",
    "absolute": "histories_sites/absolute/samples/handwritten.txt",
    "bovada": "histories_sites/bovada/samples/features.txt",
    "everleaf": "histories_sites/everleaf/samples/features.txt",
    "fulltilt": "histories_sites/fulltilt/samples/features.txt",
    "ipoker": "histories_sites/ipoker/samples/features.xml",
    "kingsclub": "histories_sites/kingsclub/samples/open_pair.txt",
    "merge": "histories_sites/merge/samples/features.xml",
    "ongame": "histories_sites/ongame/samples/features.txt",
    "partypoker": "histories_sites/partypoker/samples/features.txt",
    "winamax": "histories_sites/winamax/samples/features.txt",
    "wpn": "histories_sites/wpn/samples/handwritten_new.txt",
}
_LINES = 70  # the lines of each sample that are written twice, one at a time


@pytest.mark.parametrize("format", sorted(_SAMPLES))
def test_each_line_twice(format: str) -> None:
    with open_text(_TESTS / _SAMPLES[format]) as file:
        lines = file.read().splitlines(keepends=True)
    written = 0
    for index in range(min(len(lines), _LINES)):
        if not lines[index].strip():
            continue
        text = "".join(lines[:index + 1] + lines[index:])
        errors: list[HistoryError] = []
        for record in read(text, format=format, on_error=errors.append):
            try:
                record.replay()
            except MismatchError:
                continue
            phh = write_phh(record)
            [back] = read(phh)
            back.replay()
            assert write_phh(back) == phh
            written += 1
        assert all(error.line is None or error.line >= 1 for error in errors)
    assert written  # some hands are still whole: the samples' first hands do not stop at line 70
