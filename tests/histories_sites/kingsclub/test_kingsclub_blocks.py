"""A KingsClub file read opened by ``read`` is split into lines in C, a
block of text at a time; any other source of lines is read a line at a
time. Both must give the same items (tests/histories_sites/c_reader.py)."""

from __future__ import annotations

import pytest
from stud.histories import read

from ..c_reader import blocks_give_what_lines_give
from .test_kingsclub_mutations import SAMPLES, SITE


@pytest.mark.parametrize("sample", SITE.names())
def test_blocks_give_what_lines_give(sample):
    blocks_give_what_lines_give(SITE, sample)


def test_a_file_read_by_path_is_read_in_blocks(tmp_path):
    path = tmp_path / "kc.txt"
    text = (SAMPLES / "generated.txt").read_text(encoding="utf-8")
    path.write_text(text.replace("\n", "\r\n"), encoding="utf-8", newline="")
    reading = read(path)
    first = next(reading)
    assert reading._reader._reading.__class__.__name__ == "_SiteText"
    by_lines = list(SITE.reader(str(path)).read(text.splitlines(keepends=True)))
    assert [first, *reading] == by_lines and len(by_lines) >= 100
