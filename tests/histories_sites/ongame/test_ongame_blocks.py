"""OnGame's game on its hand's first ``Table:`` line wherever it is, read a
line or a block at a time (the checks every C reader passes:
tests/histories_sites/test_c_readers.py)."""

from __future__ import annotations

from stud.histories.sites.ongame import OnGameReader

from ..c_reader import sample_lines
from .golden import SAMPLES


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
