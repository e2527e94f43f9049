"""A Bovada file read opened by ``read`` is split into lines in C, a block of
text at a time; any other source of lines is read a line at a time.  Both
must give the same items (tests/histories_sites/c_reader.py)."""

from __future__ import annotations

import pytest
from stud.histories import read
from stud.histories.sites.bovada import PROFILE, BovadaReader

from ..c_reader import blocks_give_what_lines_give
from .test_bovada_mutations import SAMPLES, SITE


@pytest.mark.parametrize("sample", SITE.names())
def test_blocks_give_what_lines_give(sample):
    blocks_give_what_lines_give(SITE, sample)


def test_a_file_read_by_path_is_read_in_blocks(tmp_path):
    path = tmp_path / "bovada.txt"
    text = (SAMPLES / "features.txt").read_text(encoding="utf-8")
    path.write_text(text.replace("\n", "\r\n"), encoding="utf-8", newline="")
    reading = read(path)
    first = next(reading)
    assert reading._reader._reading.__class__.__name__ == "_SiteText"
    lines = text.splitlines(keepends=True)
    by_lines = list(BovadaReader(file=str(path), profile=PROFILE).read(lines))
    assert [first, *reading] == by_lines and len(by_lines) == 2


def test_a_line_without_its_timeouts_is_read_as_written_twice_when_it_is(tmp_path):
    """``(timeout)`` is taken out of a line where the C reader reads it (in
    the lines' buffer): the line after it is still compared with the line
    as written, and the records are those of lines without it."""
    text = (SAMPLES / "features.txt").read_text(encoding="utf-8")
    once = "Seat+6 : Calls(timeout) $0.75\n"
    assert once in text
    twice = text.replace(once, "Seat+6 : Calls (timeout)$0.7(timeout)5\n" * 2)
    plain = text.replace(once, "Seat+6 : Calls $0.75\n")
    assert list(BovadaReader(profile=PROFILE).read(twice.splitlines())) == \
        list(BovadaReader(profile=PROFILE).read(plain.splitlines()))
