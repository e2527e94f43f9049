"""An OnGame file read opened by ``read`` is split into lines in C, a block
of text at a time; any other source of lines is read a line at a time.
Both must give the same items (tests/histories_sites/c_reader.py)."""

from __future__ import annotations

import pytest
from stud.histories import read
from stud.histories.sites.ongame import ONGAME_PROFILE, OnGameReader

from ..c_reader import blocks_give_what_lines_give
from .test_ongame_mutations import SAMPLES, SITE, sample_lines


@pytest.mark.parametrize("sample", SITE.names())
def test_blocks_give_what_lines_give(sample):
    blocks_give_what_lines_give(SITE, sample)


def test_a_file_read_by_path_is_read_in_blocks(tmp_path):
    path = tmp_path / "og.txt"
    text = (SAMPLES / "cash_usd.txt").read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8", newline="")
    reading = read(path)
    first = next(reading)
    assert reading._reader._reading.__class__.__name__ == "_SiteText"
    lines = sample_lines(SAMPLES / "cash_usd.txt")
    by_lines = list(OnGameReader(file=str(path), profile=ONGAME_PROFILE).read(lines))
    assert [first, *reading] == by_lines and len(by_lines) >= 3


def test_the_game_is_on_the_first_table_line_anywhere_in_the_hand():
    # (the Table: line read wherever it is; a rules error names it; a hand
    # without one is an error at its last line)
    lines = [line.rstrip("\r\n") for line in sample_lines(SAMPLES / "features.txt")]
    start = lines.index("***** History for hand R5-88000002-2 *****")
    hand = lines[start:]
    table = hand.pop(2)
    moved = [hand[0], hand[1], table, *hand[2:]]
    assert len(list(OnGameReader().read(moved))) == 1
    late = [*hand[:-1], table, hand[-1]]
    records = list(OnGameReader().read(late))
    assert len(records) == 1 and records[0].table == "Aachen"
    errors = list(OnGameReader().read(hand))
    assert [(e.line, e.reason) for e in errors] == [
        (len(hand), "no 'Table:' line (the hand is cut short?)")]
    bad = [*hand[:5], table.replace("$1.00/$2.00", "$2.00/$1.00"), *hand[5:]]
    errors = list(OnGameReader().read(bad))
    assert [e.line for e in errors] == [6] and errors[0].reason.startswith("the rules: ")
