"""A Bovada line with its ``(timeout)`` taken out, read by path a block at a
time (the other checks of the blocks' road:
tests/histories_sites/test_c_readers.py)."""

from __future__ import annotations

from stud.histories.sites.bovada import PROFILE, BovadaReader

from .golden import SAMPLES


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
