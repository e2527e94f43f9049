"""Rules table, docs/rules.md 1 -- Skeleton: streets, bet units, card counts, burns, antes, defaults.

Conventions (defaults, card strings, steps): tests/rules/__init__.py.
"""

from __future__ import annotations

import pytest
from stud import Hand, Rules
from stud.game import StreetStarted

from tests.support.rules_helpers import (
    ALL_VARIANTS,
    FIVE,
    LOW_FAMILY,
    R27,
    SEVEN,
    V5,
    V7,
    burns,
    drive,
    make,
)

# s0: Ac 2d | 3h 4s 5c Kd | Kh -> wheel (hi), wheel low, wheel (razz): s0 wins all
# s1: Kc Qd | 9h 8s 6d 6h | 2s -> pair of sixes, no 8-low, Q-9-8-6-2 in razz
SKELETON7 = ["Ac 2d 3h 4s 5c Kd Kh", "Kc Qd 9h 8s 6d 6h 2s"]
# hi: 3h < 9h: seat 0 brings in; boards 3-4 / 9-8, 5-4-3 / 9-8-6, K-5-4-3 / 6-6-9-8:
# seat 1 opens every later street.  Razz: 9h brings in; seat 0's board is the
# lowest every street (4-3, 5-4-3, K-5-4-3 unpaired against a pair).
SKELETON7_STEPS = {
    "hi": ["0 bring_in ? bring in for 5, complete to 10", "1 call ? fold, call 5, complete to 10",
           "street 4", "1 check ? check, bet 10", "0 check ? check, bet 10",
           "street 5", "1 check ? check, bet 20", "0 check ? check, bet 20",
           "street 6", "1 check ? check, bet 20", "0 check ? check, bet 20",
           # 3.5: the 6th-street opener opens 7th street again
           "street 7", "1 check ? check, bet 20", "0 check ? check, bet 20", "over"],
    "razz": ["1 bring_in ? bring in for 5, complete to 10", "0 call ? fold, call 5, complete to 10",
             "street 4", "0 check ? check, bet 10", "1 check ? check, bet 10",
             "street 5", "0 check ? check, bet 20", "1 check ? check, bet 20",
             "street 6", "0 check ? check, bet 20", "1 check ? check, bet 20",
             "street 7", "0 check ? check, bet 20", "1 check ? check, bet 20", "over"],
}


@pytest.mark.parametrize("burn_cards", [True, False], ids=["burns", "no_burns"])
@pytest.mark.parametrize("variant", SEVEN, ids=lambda v: v.name)
def test_1_skeleton_seven_card(variant, burn_cards):
    hand = make(variant, SKELETON7, burn_cards=burn_cards)
    assert [e.amount for e in hand.history if type(e).__name__ == "AntePosted"] == [2, 2]
    assert hand.pot == 4
    drive(hand, SKELETON7_STEPS["razz" if variant in LOW_FAMILY else "hi"])
    streets = [e.street for e in hand.history if isinstance(e, StreetStarted)]
    assert streets == [3, 4, 5, 6, 7]
    # the cards dealt are exactly the stacked ones: with burn_cards=False no
    # card is skipped between streets, with burns one card before 4th-7th
    assert [str(c) for c in hand.up_cards(0)] == "3h 4s 5c Kd".split()
    assert [str(c) for c in hand.down_cards(0)] == "Ac 2d Kh".split()
    assert [str(c) for c in hand.up_cards(1)] == "9h 8s 6d 6h".split()
    assert [str(c) for c in hand.down_cards(1)] == "Kc Qd 2s".split()
    assert len(burns(hand)) == (4 if burn_cards else 0)
    # pot 2 * (2 + 5) = 14, seat 0 has the best hand in all the games but
    # 2-7 Razz, where his K-5-4-3-2 loses to Q-9-8-6-2 (12.5)
    if variant == R27:
        assert hand.payouts == [0, 14]
        return
    assert hand.payouts == [14, 0]
    assert hand.stacks == [1007, 993]


# s0: Ac | 3h 4s 5c 2d -> wheel and the A-5 low; s1: Kc | 9h 8s 6d 6h -> pair of sixes
SKELETON5 = ["Ac 3h 4s 5c 2d", "Kc 9h 8s 6d 6h"]


@pytest.mark.parametrize("burn_cards", [True, False], ids=["burns", "no_burns"])
@pytest.mark.parametrize("variant", FIVE, ids=lambda v: v.name)
def test_1_skeleton_five_card(variant, burn_cards):
    hand = make(variant, SKELETON5, burn_cards=burn_cards)
    drive(hand, ["0 bring_in ? bring in for 5, complete to 10",
                 "1 call ? fold, call 5, complete to 10",
                 "street 3", "1 check ? check, bet 10", "0 check ? check, bet 10",
                 "street 4", "1 check ? check, bet 20", "0 check ? check, bet 20",
                 "street 5", "1 check ? check, bet 20", "0 check ? check, bet 20", "over"])
    assert [e.street for e in hand.history if isinstance(e, StreetStarted)] == [2, 3, 4, 5]
    assert [str(c) for c in hand.up_cards(1)] == "9h 8s 6d 6h".split()
    assert [str(c) for c in hand.down_cards(1)] == ["Kc"]
    assert len(burns(hand)) == (3 if burn_cards else 0)
    assert hand.payouts == [14, 0]  # hi: straight; hi-lo: straight and wheel
    assert hand.stacks == [1007, 993]


@pytest.mark.parametrize("variant", ALL_VARIANTS, ids=lambda v: v.name)
def test_1_defaults_and_validation(variant):
    r = Rules(variant, 10)
    assert (r.big_bet, r.ante, r.bring_in) == (20, 2, 5)
    r = Rules(variant, 25)
    assert (r.big_bet, r.ante, r.bring_in) == (50, 5, 12)
    r = Rules(variant, 10, big_bet=30, ante=0, bring_in=10)
    assert (r.big_bet, r.ante, r.bring_in) == (30, 0, 10)
    for bad in ({"bring_in": 0}, {"bring_in": 11}, {"big_bet": 9}, {"ante": -1}):
        with pytest.raises(ValueError):
            Rules(variant, 10, **bad)
    # 2-8 players in the seven-card games, 2-10 in Five Card Stud
    top = 8 if variant in SEVEN else 10
    Hand(r, [100] * top, seed=1)
    for n in (1, top + 1):
        with pytest.raises(ValueError):
            Hand(r, [100] * n, seed=1)
    # option defaults (4.3, 4.4)
    d = Rules(variant, 10)
    assert d.heads_up_uncapped is (variant in FIVE)
    assert d.open_pair_double is (variant in (V7, V5))
    assert (d.bring_in_tiebreak, d.board_tiebreak, d.max_raises, d.reopen_rule, d.odd_chip,
            d.burn_cards, d.shortage) == ("position", "position", 3, "half_bet", "high_card",
                                          True, "community")
