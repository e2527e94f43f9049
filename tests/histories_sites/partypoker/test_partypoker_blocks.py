"""A PartyPoker file read opened by ``read`` is split into lines in C, a
block of text at a time; any other source of lines is read a line at a
time.  Both must give the same items (tests/histories_sites/c_reader.py)."""

from __future__ import annotations

import pytest
from stud.histories import read
from stud.histories.sites.partypoker import PARTYPOKER_PROFILE, PartyPokerReader

from ..c_reader import blocks_give_what_lines_give, sample_lines
from .test_partypoker_mutations import SAMPLES, SITE


@pytest.mark.parametrize("sample", SITE.names())
def test_blocks_give_what_lines_give(sample):
    blocks_give_what_lines_give(SITE, sample)


def test_a_file_read_by_path_is_read_in_blocks(tmp_path):
    path = tmp_path / "party.txt"
    text = (SAMPLES / "cash_usd.txt").read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8", newline="")
    reading = read(path)
    first = next(reading)
    assert reading._reader._reading.__class__.__name__ == "_SiteText"
    lines = sample_lines(SAMPLES / "cash_usd.txt")
    by_lines = list(PartyPokerReader(file=str(path), profile=PARTYPOKER_PROFILE).read(lines))
    assert [first, *reading] == by_lines and len(by_lines) >= 3


def test_a_hand_begins_at_its_game_number_and_its_banner_follows(tmp_path):
    # (the banner after a "#Game No" line is the same hand's; a banner with
    # no "#Game No" line before it begins a hand of its own; the line after
    # a banner is its game line, even blank)
    lines = sample_lines(SAMPLES / "features.txt")
    text = "".join(lines)
    at = next(k for k, line in enumerate(lines) if line.startswith("#Game No : 777001"))
    no_number = "".join(lines[:at] + lines[at + 1:])
    reader = PartyPokerReader(profile=PARTYPOKER_PROFILE)
    assert [getattr(item, "hand_id", None) for item in reader.read(no_number.splitlines())] == \
        [getattr(item, "hand_id", None) for item in
         PartyPokerReader(profile=PARTYPOKER_PROFILE).read(text.splitlines())]
    blank = text.replace("***** Hand History for Game 777001 *****\n",
                         "***** Hand History for Game 777001 *****\n\n", 1)
    errors = [item for item in PartyPokerReader(profile=PARTYPOKER_PROFILE).read(
        blank.splitlines()) if not hasattr(item, "steps")]
    assert [(error.hand, error.reason) for error in errors] == [("777001", "no game named in ''")]


def test_comings_and_goings_before_the_first_hand_are_no_error(tmp_path):
    lines = ["Game #1 starts.", "bob has joined the table", "what is this"]
    reader = PartyPokerReader(profile=PARTYPOKER_PROFILE)
    errors = list(reader.read(lines))
    assert [(error.line, error.reason) for error in errors] == \
        [(3, "a line before the first hand: 'what is this'")]
