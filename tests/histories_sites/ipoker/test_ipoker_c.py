"""iPoker read in C (python/stud/_sitexml.pxi on src/studcore/xml_scan.c and
site_ipoker.c) against the reader's own Python stream (``_python_read``,
the pure-Python reading it replaces): the same records, errors and counts
where the scanner reads the text, where it gives up midway (the Python
stream resumed where a batch began) and where a hand's reading is left to
Python, and the resumption itself where it happens."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from stud.histories import read
from stud.histories.sites.ipoker import PROFILE, IPokerReader

from ..c_reader import xml_games as games
from ..c_reader import xml_outputs as outputs

SAMPLES = Path(__file__).resolve().parent / "samples"
TEXT = (SAMPLES / "features.xml").read_text(encoding="utf-8")
EURO = (SAMPLES / "gen_stud_euro.xml").read_text(encoding="utf-8")




def both(text: str, keepends: bool = True) -> tuple[Any, Any, list[Any]]:
    """The outputs in C and in Python, and where the C reading resumed
    in Python (the ``resume`` of each ``_python_read``)."""
    lines = text.splitlines(keepends=keepends)
    resumed: list[Any] = []
    reader = IPokerReader(file="f", profile=PROFILE)
    python_read = reader._python_read

    def spy(lines: Any, resume: Any = None) -> Any:
        resumed.append(resume)
        return python_read(lines, resume)

    reader._python_read = spy  # type: ignore[method-assign]
    in_c = outputs(reader.read(lines), reader)
    plain = IPokerReader(file="f", profile=PROFILE)
    return in_c, outputs(plain._python_read(lines), plain), resumed




def test_plain_files_are_read_in_c_whole():
    for text in (TEXT, EURO):
        in_c, plain, resumed = both(text)
        assert in_c == plain and resumed == []
        assert plain[1][2] == len(games(text))


@pytest.mark.parametrize("what, inside", [
    ("<!-- a comment -->", True), ("<![CDATA[x]]>", True), ("<?pi here?>", True),
    ("<game>", True), ("<unknown/>", False), ("text", False), ("<!-- a comment -->", False)])
def test_the_scanner_gives_up_at_the_third_hand_and_python_resumes_after_the_second(
        what, inside):
    lines = EURO.splitlines(keepends=True)
    third = games(EURO)[2]
    lines.insert(third if inside else third - 1, what + "\n")  # (in the hand, or before it)
    text = "".join(lines)
    in_c, plain, resumed = both(text)
    assert in_c == plain
    # resumed where the batch after the second hand's </game> began, inside <session>
    # (the document begun on line 2)
    assert resumed == [(third, 2)]


@pytest.mark.parametrize("what", ["<unknown/>", "text", "<unknown>text<x/></unknown>"])
def test_what_ipoker_passes_over_inside_a_hand_is_read_in_c(what):
    lines = EURO.splitlines(keepends=True)
    lines.insert(games(EURO)[2], what + "\n")
    in_c, plain, resumed = both("".join(lines))
    assert in_c == plain and resumed == []


def test_a_doctype_is_refused_as_python_refuses_it():
    text = EURO.replace("<session", "<!DOCTYPE session>\n<session", 1)
    in_c, plain, resumed = both(text)
    assert in_c == plain and resumed == [(1, None)]
    assert plain[0][0][2].startswith("a DOCTYPE or ENTITY declaration")


def test_entities_and_character_references_are_read_in_c():
    text = TEXT.replace('name="Bob Smith"', 'name="Bob &amp; Smith&#33;"').replace(
        'player="Bob Smith"', "player='Bob &#38; Smith!'")
    in_c, plain, resumed = both(text)
    assert in_c == plain and resumed == []
    assert "Bob & Smith!" in in_c[0][0]


def test_hands_that_fail_are_read_by_python_in_place():
    first, second = games(EURO)[:2]
    lines = EURO.splitlines(keepends=True)
    lines[first + 3] = lines[first + 3].replace('chips="', 'chips="-')  # (a player's stack)
    lines[second] = lines[second] + '<round no="9"><action no="1" player="nobody" type="3" ' \
        'sum="1" /></round>\n'
    in_c, plain, resumed = both("".join(lines))
    assert in_c == plain and resumed == []
    reasons = [item[2] for item in in_c[0] if isinstance(item, tuple)]
    assert reasons[0].startswith("<player>: ") and reasons[1] == "unknown player 'nobody'"


def test_several_documents_one_after_another():
    in_c, plain, resumed = both(EURO + TEXT + EURO)
    assert in_c == plain and resumed == []


@pytest.mark.parametrize("cut", [5, 40, -3, -1])
def test_a_truncated_file(cut):
    lines = EURO.splitlines(keepends=True)
    in_c, plain, resumed = both("".join(lines[:cut]))
    assert in_c == plain and len(resumed) <= 1


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r", ""])
def test_line_ends(end):
    text = "".join(line + end for line in EURO.splitlines())
    in_c, plain, resumed = both(text)
    assert in_c == plain
    # (a file's \r\n read in C, as XML reads it; lines a caller ends with a lone
    # \r, or not at all, are read by Python from the first)
    assert resumed == ([] if end in ("\n", "\r\n") else [(1, None)])
    in_c, plain, _ = both(text, keepends=False)
    assert in_c == plain


def test_windows_line_ends_in_the_texts_are_read_as_xml_reads_them():
    text = EURO.replace("\n", "\r\n").replace("<startdate>", "<startdate>\r\n ").replace(
        "<tablename>Bonn</tablename>", "<tablename>Bonn\r\nEast</tablename>")
    in_c, plain, resumed = both(text)
    assert in_c == plain and resumed == []
    assert {record.table for record in read(io.StringIO(text), format="ipoker")} == {
        "Bonn\nEast"}


@pytest.mark.parametrize("gametype", ["7 Card Stud NL $1/$2", "Razz L 1/2/3", ""])
def test_a_game_not_read_is_skipped_or_an_error_in_c_as_in_python(gametype):
    text = EURO.replace("<gametype>7 Card Stud L 0,10 €/0,20 €</gametype>",
                        f"<gametype>{gametype}</gametype>")
    in_c, plain, resumed = both(text)
    assert in_c == plain and resumed == []
    skipped, _, hands, errors = plain[1]
    assert hands == 0 and skipped + errors == len(games(EURO))
