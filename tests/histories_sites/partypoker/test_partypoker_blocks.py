"""PartyPoker's hands split at their game number or banner, and the lines
before the first hand, read a line or a block at a time (the checks every
C reader passes: tests/histories_sites/test_c_readers.py)."""

from __future__ import annotations

from stud.histories.sites.partypoker import PARTYPOKER_PROFILE, PartyPokerReader

from ..c_reader import sample_lines
from .golden import SAMPLES


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
