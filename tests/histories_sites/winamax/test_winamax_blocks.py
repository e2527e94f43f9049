"""A Winamax file read opened by ``read`` is split into lines in C, a block
of text at a time; any other source of lines is read a line at a time.
Both must give the same items (tests/histories_sites/c_reader.py)."""

from __future__ import annotations

import pytest
from stud.histories import read
from stud.histories.sites.winamax import WINAMAX_PROFILE, WinamaxReader

from ..c_reader import blocks_give_what_lines_give
from .test_winamax_mutations import SAMPLES, SITE, sample_lines


@pytest.mark.parametrize("sample", SITE.names())
def test_blocks_give_what_lines_give(sample):
    blocks_give_what_lines_give(SITE, sample)


def test_a_file_read_by_path_is_read_in_blocks(tmp_path):
    path = tmp_path / "wx.txt"
    text = (SAMPLES / "cash_eur.txt").read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8", newline="")
    reading = read(path)
    first = next(reading)
    assert reading._reader._reading.__class__.__name__ == "_SiteText"
    lines = sample_lines(SAMPLES / "cash_eur.txt")
    by_lines = list(WinamaxReader(file=str(path), profile=WINAMAX_PROFILE).read(lines))
    assert [first, *reading] == by_lines and len(by_lines) >= 3


def test_lines_are_numbered_as_given_and_nuls_of_a_file_dropped(tmp_path):
    # (a \r\n written as \r\r\n is one line end: the line after it is the
    # next one given; a NUL in a file is no character of its line)
    lines = sample_lines(SAMPLES / "features.txt")
    at = next(k for k, line in enumerate(lines) if line.startswith("jean pierre folds"))
    text = "".join(line.rstrip("\r\n") + "\r\r\n" for line in lines[:3]) + "".join(lines[3:])
    text = text.replace("jean pierre folds", "jean pierre fo\0lds")
    path = tmp_path / "wx.txt"
    path.write_text(text, encoding="utf-8", newline="")
    errors: list = []
    assert len(list(read(path, on_error=errors.append))) == 1 and not errors
    broken = text.replace("jean pierre fo\0lds", "jean pierre juggles")
    path.write_text(broken, encoding="utf-8", newline="")
    list(read(path, on_error=errors.append))
    assert [error.line for error in errors] == [at + 1]
