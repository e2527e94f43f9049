"""How an Absolute file is split into hands (``_SiteText``'s split 1, as
wpn.py's ``_HandsReader`` split it): the messages and line numbers the
Python reader gave."""

from __future__ import annotations

from stud.histories import HistoryError
from stud.histories.sites.absolute import AbsoluteReader

from .golden import SAMPLES


def _items(lines: list[str]) -> tuple[list[object], list[int]]:
    reader = AbsoluteReader(file="x")
    items = [(item.line, item.hand, item.reason) if isinstance(item, HistoryError)
             else item.hand_id for item in reader.read(lines)]
    return items, [reader.skipped, reader.cancelled, reader.hands, reader.errors]


LINES = (SAMPLES / "handwritten.txt").read_text(encoding="utf-8").splitlines(keepends=True)


def test_lines_before_the_first_hand_are_one_error_quoting_80_characters():
    assert _items(["hello there " * 10 + "\n", "more\n", *LINES]) == (
        [(1, None, "a line outside any hand: " + repr(("hello there " * 10)[:80])),
         "2000001"], [0, 0, 1, 1])


def test_a_line_is_stripped_only():
    assert _items(["\ufeff" + LINES[0], *LINES[1:]])[0][0] == (
        1, None, "a line outside any hand: " + repr("\ufeff" + LINES[0].strip()))
    assert _items([LINES[0], LINES[1].replace("Table:", "\0Table:"), *LINES[2:]])[0] == \
        ["2000001"]


def test_a_hand_of_more_than_5000_lines_names_its_5000th():
    for extra, expected in ((4974, ["2000001"]),
                            (4975, [(5000, "2000001", "the hand has more than 5000 lines")])):
        assert _items(LINES[:8] + ["x\n"] * extra + LINES[8:])[0] == expected


def test_a_header_without_the_hands_number_gives_none():
    assert _items(["Stage #x: Razz\n", *LINES[1:]])[0] == [
        (1, None, "the header does not parse")]


def test_rules_that_do_not_hold():
    [error] = _items([LINES[0].replace("$2/$4", "$0.01/$0.02"), *LINES[1:]])[0]
    assert error[:2] == (1, "2000001") and str(error[2]).startswith(
        "the game's rules do not hold: ")
