"""A line too long for a history ends a Full Tilt file's text after the
hands before it, read a line or a block at a time (the other checks of the
blocks' road: tests/histories_sites/test_c_readers.py)."""

from __future__ import annotations

import io
import random

import pytest
from stud.histories import HistoryError, read
from stud.histories.io import MAX_LINE, _FileLines, _lines
from stud.histories.sites.fulltilt import PROFILE, FullTiltReader

from ..c_reader import Pieces
from .golden import SAMPLES


def raised(outputs_of) -> tuple[list, tuple]:
    """The records read before the error the reading raises, and it."""
    records: list = []
    with pytest.raises(HistoryError) as caught:
        for item in outputs_of:
            records.append(item)
    error = caught.value
    return records, (error.line, error.reason)


def test_a_line_too_long_ends_the_text_after_the_hands_before_it(tmp_path):
    lines = (SAMPLES / "features.txt").read_text(encoding="utf-8").splitlines(keepends=True)
    for at in (0, 5, len(lines) - 1, len(lines)):
        text = "".join(lines[:at]) + "x" * MAX_LINE + "y\n" + "".join(lines[at:])
        expected = raised(FullTiltReader(file="long", profile=PROFILE).read(
            _lines(io.StringIO(text, newline=""), "long")))
        assert expected[1] == (at + 1, f"a line longer than {MAX_LINE:,} characters: "
                                       "not a hand history's")
        for most in (1 << 16, 1 << 20):
            assert raised(FullTiltReader(file="long", profile=PROFILE).read(
                _FileLines(Pieces(text, random.Random(at), most), "long"))) == expected
        path = tmp_path / "long.txt"
        path.write_text(text, encoding="utf-8", newline="")
        assert raised(read(path, on_error=lambda error: None)) == expected


