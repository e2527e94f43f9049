"""Rules table, docs/rules.md 9 -- Splitting: two players check it down (pot 2 * (2 + 5) = 14).

Conventions (defaults, card strings, steps): tests/rules/__init__.py.
"""

from __future__ import annotations

import pytest
from stud import Pot

from tests.support.rules_helpers import (
    RZ,
    V5,
    V7,
    V8,
    V58,
    check_down,
    drive,
    make,
    shown_order,
)

SHOWDOWNS = [
    # 9.1 high
    (V7, "Ac 2d 3h 4s 5c 9c Kd", "2c 3c 4h 5s 6d Jc Qh", [0, 14]),   # wheel < 6-high straight
    (V7, "Ah Kd Qc Jc Ts 2d 3h", "Kh Qd Jd Th 9s 2c 4c", [14, 0]),   # broadway > K-high
    (V7, "2h 5h 9h Jh Kh 3c 4d", "8c 9d Ts Jd Qc 2s 3s", [14, 0]),   # flush > straight
    (V7, "2h 5h 9h Jh Kh 3c 4d", "3h 3s 3d 7c 7d 8s 9c", [0, 14]),   # full house > flush
    (V7, "5d 6d 7d 8d 9d 2c 3c", "Qc Qd Qh Qs 4h 4s 2h", [14, 0]),   # straight flush > quads
    (V7, "Ac Kd Qh Jh 9s 3c 2d", "As Kc Qd Js 9h 4c 2h", [7, 7]),    # tie: split
    (V5, "Ac Kd Qh Jh Ts", "2c 2d 2h 3s 3c", [0, 14]),               # full house > straight
    (V5, "Ac 2d 3h 4s 5c", "Kc Kd 7h 8s 9c", [14, 0]),               # wheel > pair
    # 9.2 / 9.3 Stud/8
    (V8, "6c 5d 4h 3s 2c Kd Kh", "7h 6h 3h 2h Ah Ks Qd", [7, 7]),    # 65432 low < 76321; flush high
    (V8, "6c 5d 4h 2s Ac Kd Qh", "6d 5c 4s 3h 2d Kc Ks", [7, 7]),    # 6542A < 65432
    (V8, "9c 7d 5h 3s 2c Kd Qh", "Ac Ad Th Js 4c Qs Kc", [0, 14]),   # 9 low: no low, high scoops
    (V8, "Ac Ad 2c 2d 3h 3s 4c", "Kc Kd Kh 9s Tc Jd 5h", [0, 14]),   # 4 distinct ranks: no low
    (V8, "Ah 2h 3h 4h 5h Kc Kd", "Ac As 6c 7d 8s Qc Qd", [14, 0]),   # steel wheel scoops
    (V8, "Kc Kd 2h 3h 4c 6d 7s", "Qc Qd 5h 8c 9d Jd 2s", [14, 0]),   # 8.3: kings high, 76432 low
    (V8, "Ah 2h 3h 5h 8h Kc Kd", "Ac 2d 4c 6d 7s Qs Js", [7, 7]),    # flush high; 7642A low
    (V8, "Ac 2c 3c 4d 6d Kh Qs", "Ad 2d 3d 4c 6c Kd Qc", [7, 7]),    # 9.4 same two tie both: even
    (V58, "Ac 2d 3h 4s 6c", "Kc Kd 2c 3d 4h", [7, 7]),               # 5-card low 6432A; kings high
    (V58, "2c 3d 4h 5s 9c", "Kc Kd 7c 8d Qh", [0, 14]),              # the low uses all five: none
    # 9.6 Razz
    (RZ, "Ac 2c 3c 4c 5c Kd Kh", "Ad 2d 3h 4s 6d 7s 8s", [14, 0]),   # wheel; straight/flush ignored
    (RZ, "Kc Qd Jh Th 9s 9c Kd", "2c 2d 3h 3s 4c 4d 2h", [14, 0]),   # K-high beats two pair: no qualifier
    (RZ, "Ac Ad 2c 2d 3h 3s 4c", "Kc Kd Qh Qs Jc Jd Kh", [14, 0]),   # one pair < two pair
    (RZ, "Ac 2d 3h 4s 6c Kd Kh", "2c 3d 4h 5s 7c Qd Qh", [14, 0]),   # ace low
    (RZ, "Ac 2d 3h 4s 5c Kd Kh", "Ad 2c 3s 4h 5d Qd Qh", [7, 7]),    # tie
]


@pytest.mark.parametrize("variant,h0,h1,payouts", SHOWDOWNS,
                         ids=[f"{v.name}-{i}" for i, (v, *_) in enumerate(SHOWDOWNS)])
def test_9_showdown_table(variant, h0, h1, payouts):
    hand = make(variant, [h0, h1])
    check_down(hand)
    assert hand.payouts == payouts
    assert hand.stacks == [993 + payouts[0], 993 + payouts[1]]
    # 8.2 automation: a hand shows iff it takes a share
    assert {s for s, what in shown_order(hand) if what == "show"} == {
        s for s in (0, 1) if payouts[s]}


def test_9_4_seed_quartered_low():
    """Seed: J1 and J2 tie for low (6-4-3-2-A), J2 has trip aces for high:
    J1 25%, J2 75% of a 24-chip pot."""
    hand = make(V8, ["Ac 2c 3c 4d 6d Kh Qs", "Ah As Ad 2h 3h 4s 6s"])
    drive(hand, ["0 bring_in ? bring in for 5, complete to 10",   # 3c < Ad
                 "1 complete 10", "0 call ? fold, call 10, raise to 20", "street 4"])
    check_down(hand)
    assert hand.payouts == [6, 18]
    assert hand.stacks == [994, 1006]


def test_9_3_side_pot_low_half_not_to_main_pot_player():
    """Stud/8: seat 0 (the only low, 7-5-4-2-A) is all in on 3rd for the main
    pot only.  Main pot 36: high to seat 2's kings, low to seat 0.  Side pot
    20 (seats 1, 2): no low among its players: seat 2's high scoops it."""
    hands = ["Ac 2c 4c 5d 7h Ts Jd", "Qc Qd 3d 9c Th 6s Kh", "Ks 8h Kc Jh 9h 2s 3s"]
    hand = make(V8, hands, [12, 1000, 1000])
    drive(hand, ["1 bring_in ? bring in for 5, complete to 10",   # 3d lowest
                 "2 complete 10 ? fold, call 5, complete to 10",
                 "0 call ? fold, call 10",                         # all in
                 "1 call ? fold, call 10, raise to 20",
                 "street 4",
                 "2 bet 10 ? check, bet 10",                       # K-J > 9-3
                 "1 call ? fold, call 10, raise to 20"])
    assert hand.pots == [Pot(36, (0, 1, 2)), Pot(20, (1, 2))]
    check_down(hand)
    assert hand.payouts == [18, 0, 38]
    assert hand.stacks == [18, 978, 1016]


# Three players, ante 1: seat 2 folds, pot 3 + 5 + 5 = 13.
@pytest.mark.parametrize("odd_chip", ["high_card", "position"])
def test_9_5_odd_chip_hi_tie(odd_chip):
    """A-K-Q-J-9 each; the odd chip: high_card -> the As (seat 1) beats the
    Ac; position -> the lowest seat (ambiguous, see the report: "position" is
    read as nearest the dealer's left, as everywhere else in docs/rules.md)."""
    hands = ["Ac Kd 2d Jh 9s 3c Qh", "As Kc 4c Js 9h 2h Qd", "7c 8c 5d"]
    hand = make(V7, hands, ante=1, odd_chip=odd_chip)
    drive(hand, ["0 bring_in", "1 call", "2 fold ? fold, call 5, complete to 10", "street 4"])
    check_down(hand)
    assert hand.payouts == ([6, 7, 0] if odd_chip == "high_card" else [7, 6, 0])
    assert hand.stacks == ([1000, 1001, 999] if odd_chip == "high_card" else [1001, 1000, 999])


@pytest.mark.parametrize("odd_chip", ["high_card", "position"])
def test_9_3_9_5_odd_chip_in_a_half(odd_chip):
    """Stud/8, pot 13: high half 7 (odd chip to the high, 9.3), low 6.  The
    high is tied (eights and sevens, ace kicker): 3 + 1 odd chip; seat 1 also
    has the only low (8-7-3-2-A)."""
    hands = ["8c 8d Ah 7c 7d Kc Qc", "8h 8s 2h 7h 7s As 3c", "Td Jd 9d"]
    hand = make(V8, hands, ante=1, odd_chip=odd_chip)
    drive(hand, ["1 bring_in", "2 fold ? fold, call 5, complete to 10", "0 call", "street 4"])
    check_down(hand)
    assert hand.payouts == ([3, 10, 0] if odd_chip == "high_card" else [4, 9, 0])


# docs/rules.md 9.5 does not say which card is "highest" in a low: stud reads the low as
# it plays, ace low, so the highest card of 6-4-3-2-A is the 6.
@pytest.mark.parametrize("odd_chip", ["high_card", "position"])
def test_9_5_odd_chip_in_a_tied_low_half(odd_chip):
    """Stud/8, ante 1, BI 4, seat 2 folds: pot 11, high 6 (seat 1's trip
    aces), low 5 split 2 + 2 + 1 between the two 6-4-3-2-A lows.  high_card:
    read as the highest card of the low as it plays (ace low): 6s (seat 0) >
    6c (seat 1).  position: seat 0."""
    hands = ["Ac 2c 3d 4d 6s Kh Qh", "As Ad Ah 2h 3h 4s 6c", "7c 8c 9d"]
    hand = make(V8, hands, ante=1, bring_in=4, odd_chip=odd_chip)
    drive(hand, ["0 bring_in ? bring in for 4, complete to 10",
                 "1 call ? fold, call 4, complete to 10",
                 "2 fold ? fold, call 4, complete to 10", "street 4"])
    check_down(hand)
    assert hand.payouts == [3, 8, 0]
