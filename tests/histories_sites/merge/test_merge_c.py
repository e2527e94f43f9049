"""Merge read in C (python/stud/_sitexml.pxi on src/studcore/xml_scan.c and
site_merge.c) against the reader's own Python stream (``_python_read``, the
pure-Python reading it replaces): the same records, errors and counts where
the scanner reads the text, where it gives up midway (the Python stream
resumed where a batch began, the hands having no element around them) and
where a hand's reading is left to Python, and the resumption itself where
it happens."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from stud.histories import read
from stud.histories.sites.merge import PROFILE, MergeReader

from ..c_reader import xml_games as games
from ..c_reader import xml_outputs as outputs

SAMPLES = Path(__file__).resolve().parent / "samples"
TEXT = (SAMPLES / "features.xml").read_text(encoding="utf-8")
STUD = (SAMPLES / "gen_stud.xml").read_text(encoding="utf-8")




def both(text: str, keepends: bool = True) -> tuple[Any, Any, list[Any], int]:
    """The outputs in C and in Python, where the C reading resumed in
    Python (the ``resume`` of each ``_python_read``) and how many hands it
    left to Python (``_python_hand``)."""
    lines = text.splitlines(keepends=keepends)
    resumed: list[Any] = []
    left = [0]
    reader = MergeReader(file="f", profile=PROFILE)
    python_read, python_hand = reader._python_read, reader._python_hand

    def spy(lines: Any, resume: Any = None) -> Any:
        resumed.append(resume)
        return python_read(lines, resume)

    def hand_spy(*args: Any) -> Any:
        left[0] += 1
        return python_hand(*args)

    reader._python_read = spy  # type: ignore[method-assign]
    reader._python_hand = hand_spy  # type: ignore[method-assign]
    in_c = outputs(reader.read(lines), reader)
    plain = MergeReader(file="f", profile=PROFILE)
    return in_c, outputs(plain._python_read(lines), plain), resumed, left[0]




@pytest.mark.parametrize("name", ["features.xml", "gen_stud.xml", "gen_stud_tournament.xml",
                                  "gen_stud8_old_raises.xml", "gen_stud_shuffled.xml",
                                  "gen_five_stud.xml"])
def test_plain_files_are_read_in_c_whole(name):
    text = (SAMPLES / name).read_text(encoding="utf-8")
    in_c, plain, resumed, left = both(text)
    assert in_c == plain and resumed == [] and left == 0
    skipped, cancelled, hands, errors = plain[1]
    assert skipped + cancelled + hands == len(games(text)) and errors == 0


def test_a_cancelled_hand_and_another_game_are_counted_in_c():
    in_c, plain, resumed, left = both(TEXT)
    assert in_c == plain and resumed == [] and left == 0
    assert in_c[1] == (1, 1, 3, 0)


@pytest.mark.parametrize("what, inside", [
    ("<!-- a comment -->", True), ("<![CDATA[x]]>", True), ("<?pi here?>", True),
    ("<game>", True), ("<unknown/>", False), ("text", False), ("<!-- a comment -->", False),
    ("</merge-history>", False)])
def test_the_scanner_gives_up_at_the_third_hand_and_python_resumes_after_the_second(
        what, inside):
    lines = STUD.splitlines(keepends=True)
    third = games(STUD)[2]
    lines.insert(third if inside else third - 1, what + "\n")  # (in the hand, or before it)
    in_c, plain, resumed, _ = both("".join(lines))
    assert in_c == plain
    # resumed where the batch after the second hand's </game> began, the hands'
    # document begun on the file's first line
    assert resumed == [(third, 1)]


def test_the_hands_document_begins_at_the_first_line_that_is_not_blank():
    third = games(STUD)[2]
    at = STUD.index("</round>", STUD.index('<game id="46150001-3"'))
    # (the third hand not well-formed: Python's error names a line counted from
    # where the document began)
    text = "\n  \n\t\n" + STUD[:at] + "</rounds>" + STUD[at + len("</round>"):]
    in_c, plain, resumed, _ = both(text)
    assert in_c == plain and resumed == [(third + 3, 4)]
    errors = [item for item in plain[0] if isinstance(item, tuple)]
    assert len(errors) == 1 and errors[0][2].startswith("not well-formed")
    assert third + 3 < errors[0][0] < games(STUD)[3] + 3


@pytest.mark.parametrize("what", ["<unknown/>", "text", "<unknown>text<x/></unknown>"])
def test_what_merge_passes_over_inside_a_hand_is_read_in_c(what):
    lines = STUD.splitlines(keepends=True)
    lines.insert(games(STUD)[2], what + "\n")
    in_c, plain, resumed, left = both("".join(lines))
    assert in_c == plain and resumed == [] and left == 0


def test_a_doctype_is_refused_as_python_refuses_it():
    text = "<!DOCTYPE game>\n" + STUD
    in_c, plain, resumed, _ = both(text)
    assert in_c == plain and resumed == [(1, None)]
    assert plain[0][0][2].startswith("a DOCTYPE or ENTITY declaration")


def test_entities_and_character_references_are_read_in_c():
    text = TEXT.replace('nickname="Bob Smith"', 'nickname="Bob &amp; Smith&#33;"')
    in_c, plain, resumed, left = both(text)
    assert in_c == plain and resumed == [] and left == 0
    assert "Bob & Smith!" in in_c[0][0]


def test_declarations_before_and_between_the_hands_are_read_in_c():
    declaration = '<?xml version="1.0" encoding="UTF-8"?>\n'
    in_c, plain, resumed, left = both(declaration + STUD + declaration + TEXT)
    assert in_c == plain and resumed == [] and left == 0
    assert in_c[1][2] == 33


def test_hands_that_fail_are_read_by_python_in_place():
    first, second, third = games(STUD)[:3]
    lines = STUD.splitlines(keepends=True)
    lines[first + 2] = re.sub(r'balance="[^"]*"', 'balance="lots"', lines[first + 2])
    lines[second] = lines[second] + '<round id="X"><event sequence="99" type="CALL" ' \
        'player="9" amount="1"/></round>\n'
    lines[third] = lines[third] + '<round id="X"><event sequence="soon" type="FOLD" ' \
        'player="9"/></round>\n'
    in_c, plain, resumed, left = both("".join(lines))
    assert in_c == plain and resumed == [] and left == 3
    reasons = [item[2] for item in in_c[0] if isinstance(item, tuple)]
    assert reasons[0].startswith("<player>: not an amount")
    assert reasons[1] == "CALL by seat '9', not dealt in"
    assert reasons[2] == "<event sequence=...> is not a number"


@pytest.mark.parametrize("change", [
    ('stakes="Limit ($0.50/$1)"', 'stakes="No Limit ($0.50/$1)"'),  # another game: skipped
    ('type="7-Stud"', 'type="Holdem"'),
    ('stakes="Limit ($0.50/$1)"', 'stakes="Limit (half/one)"'),  # stakes that do not read
    ('<description type="7-Stud" stakes="Limit ($0.50/$1)"/>', ""),  # no game
    ('type="7-Stud"', 'type="HORSE"'),  # a mixed game without its hand's game
])
def test_a_game_not_read_is_skipped_or_an_error_in_c_as_in_python(change):
    text = STUD.replace(*change)
    in_c, plain, resumed, _ = both(text)
    assert in_c == plain and resumed == []
    skipped, _, hands, errors = plain[1]
    assert hands == 0 and skipped + errors == len(games(STUD))


def test_a_mixed_games_hand_is_read_in_c_by_its_multigametype():
    text = STUD.replace('type="7-Stud"', 'type="HOSE"').replace(
        'gametype="38"', 'gametype="38" multigametype="46"')
    in_c, plain, resumed, left = both(text)
    assert in_c == plain and resumed == [] and left == 0
    assert all(record.variant.name == "RAZZ" for record in read(io.StringIO(text)))


@pytest.mark.parametrize("cut", [5, 40, -3, -1])
def test_a_truncated_file(cut):
    lines = STUD.splitlines(keepends=True)
    in_c, plain, resumed, _ = both("".join(lines[:cut]))
    assert in_c == plain and len(resumed) <= 1


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r", ""])
def test_line_ends(end):
    text = "".join(line + end for line in STUD.splitlines())
    in_c, plain, resumed, _ = both(text)
    assert in_c == plain
    # (a file's \r\n read in C, as XML reads it, and a file of one line; lines a
    # caller ends with a lone \r are read by Python from the first)
    assert resumed == ([(1, None)] if end == "\r" else [])
    in_c, plain, _, _ = both(text, keepends=False)
    assert in_c == plain
