"""Site options replayed (docs/rules.md 11.2-11.3): a PokerStars hand where
a player folds with nothing to call, a split pot's odd chip to the low, a
rake a record does not state, a fee besides the rake, and the "wsop"
profile's options per game."""

from __future__ import annotations

from pathlib import Path

import pytest
from stud import Variant
from stud.histories import read, verify
from stud.histories.pokerstars import POKERSTARS_PROFILE
from stud.histories.replay import MismatchError

HERE = Path(__file__).parent
FOLD = HERE.parent / "histories_ps" / "samples" / "cash_stud8_fold_check.txt"
ODD_LOW = HERE / "samples" / "site_options" / "stud8_odd_chip_low.phh"


def test_a_pokerstars_fold_with_nothing_to_call_replays():
    [record] = read(FOLD)
    assert record.rules.fold_when_can_check
    assert tuple(record.replay().stacks) == (498, 408, 385, 616)
    # in C, and by the Python reader, with the same verdict
    fast = verify(FOLD)
    assert (fast.reproduced, fast.slow) == (1, 0)
    assert verify(FOLD, fast=False).reproduced == 1


def test_without_the_option_the_fold_is_not_reproduced():
    profile = {**POKERSTARS_PROFILE, "fold_when_can_check": False}
    for fast in (True, False):
        result = verify(FOLD, profile=profile, fast=fast)
        [mismatch] = result.mismatches
        assert mismatch.step == 14
        assert mismatch.reason == "seat 1 folds is not legal: the engine allows check, bet 10"


def test_a_fee_besides_the_rake_counts_as_rake(tmp_path):
    text = FOLD.read_text().replace("| Rake $0.03", "| Rake $0.02 | Jackpot $0.01")
    path = tmp_path / "jackpot.txt"
    path.write_text(text)
    [record] = read(path)
    assert record.rake == 3
    assert verify(path).reproduced == 1 and verify(path, fast=False).reproduced == 1


def test_the_odd_chip_to_the_low_and_an_unstated_rake():
    [record] = read(ODD_LOW)
    assert record.rules.odd_chip_half == "low" and record.rake == 0
    hand = record.replay()
    assert hand.rake == 2  # the pots held 41, the winnings are 39
    assert tuple(hand.stacks) == record.finishing_stacks
    # with the odd chip to the high (9.3) the record is not reproduced
    [high] = read(ODD_LOW, profile={"odd_chip_half": "high"})
    with pytest.raises(MismatchError, match="Ines .seat 0. collected 19, the engine pays 20"):
        high.replay()
    # a rake that is stated is the rake: 1 leaves 40, not the 39 collected
    with pytest.raises(MismatchError, match="collected"):
        record.replace(rake=1).replay()


def test_the_wsop_profile_sets_each_game_its_options():
    text = ODD_LOW.read_text()
    for code, variant, board in (("F7S/8", Variant.SEVEN_CARD_STUD_HILO, "position"),
                                 ("F7S", Variant.SEVEN_CARD_STUD, "suit"),
                                 ("FR", Variant.RAZZ, "position")):
        [record] = read(text.replace('"F7S/8"', f'"{code}"'), profile="wsop")
        rules = record.rules
        assert rules.variant is variant
        assert (rules.max_raises, rules.bring_in_tiebreak, rules.board_tiebreak) == (
            4, "suit", board)


def test_a_profile_option_per_game_is_checked():
    with pytest.raises(ValueError, match="board_tiebreak must be one of"):
        list(read(ODD_LOW, profile={"board_tiebreak": {Variant.RAZZ: "seat"}}))
    with pytest.raises(TypeError, match="maps a stud.Variant"):
        list(read(ODD_LOW, profile={"board_tiebreak": {"razz": "suit"}}))
