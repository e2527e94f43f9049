"""Rules table, docs/rules.md 6 -- All-ins and incomplete wagers.

Conventions (defaults, card strings, steps): tests/rules/__init__.py.
"""

from __future__ import annotations

import pytest

from tests.support.rules_helpers import (
    L3,
    L4,
    V7,
    V8,
    awards,
    check_down,
    drive,
    make,
    passive_to,
    shown_order,
)

SEED_STUD8 = [   # seats: I_godzilla_I, MiB72, jusfoldem, "Je", krescent1, tgbernard
    "8h 9s 2h 2s 7s",            # pair of 2s on board: opens 4th and 5th, folds 5th
    "Jh Qh 8d",                  # folds at once
    "Ah Ad Jc 4d",               # folds 4th
    "2c 3d 5h 6c Kd 5s 4h",      # six-high straight, 6-5-4-3-2 low: scoops
    "Kc Kh Th 9h 4c 8c Js",      # all in on 3rd; pair of kings, no low
    "As 7d Qc 3s 2d 6h Jd",      # ace high, 7-6-3-2-A low
]


def test_6_2_seed_stud8_all_in_for_two_more_reopens_nothing():
    """The seed's Stud/8 example (0.10/0.20, antes 0.02 -> S=10, B=20, ante 2,
    BI 5).  krescent1's all-in for 2 more on the 10 completion re-opens
    nothing for "Je", who had matched 10; players facing the completion for
    the first time may still raise to 20."""
    hand = make(V8, SEED_STUD8, [1000, 1000, 1000, 1000, 14, 1000])
    drive(hand, [
        "0 bring_in ? bring in for 5, complete to 10",
        "1 fold ? fold, call 5, complete to 10",
        "2 call ? fold, call 5, complete to 10",
        "3 complete 10 ? fold, call 5, complete to 10",
        "4 raise 12 ? fold, call 10, raise to 12",
        "5 call ? fold, call 12, raise to 20",
        "0 call ? fold, call 12, raise to 20",
        "2 call ? fold, call 12, raise to 20",
        "3 call ? fold, call 12",           # "je n'ai pas le droit de sur-relancer"
        "street 4",
        "0 check ? check, bet 10",          # a pair shows, but Stud/8: no double (4.4)
        "2 check ? check, bet 10",
        "3 bet 10 ? check, bet 10",
        "5 call ? fold, call 10, raise to 20",   # seat 4 all-in: skipped
        "0 call ? fold, call 10, raise to 20",
        "2 fold ? fold, call 10, raise to 20",
        "street 5",
        "0 check ? check, bet 20",          # pair of 2s still the highest board
        "3 bet 20 ? check, bet 20",
        "5 call ? fold, call 20, raise to 40",
        "0 fold ? fold, call 20, raise to 40",
        "street 6",
        "3 bet 20 ? check, bet 20",         # pair of fives
        "5 call ? fold, call 20, raise to 40",
        "street 7",
        "3 bet 20 ? check, bet 20",
        "5 call ? fold, call 20, raise to 40",
        "over",
    ])
    assert len(hand.up_cards(4)) == 4 and len(hand.down_cards(4)) == 3   # 6.4
    # 8.1: Je bet last and shows first; tgbernard (side pot) before krescent1
    # (main pot only); 8.2: the losers muck
    assert shown_order(hand) == [(3, "show"), (5, "muck"), (4, "muck")]
    # main 6*2 + 5*12 = 72 (seats 3, 4, 5), side 10 + 70 + 70 = 150: Je scoops both
    assert sorted((p, a) for p, _, _, a in awards(hand)) == [(0, 72), (1, 150)]
    assert hand.payouts == [0, 0, 0, 222, 0, 0]
    assert hand.stacks == [976, 998, 986, 1138, 0, 916]


# reopen_rule="full_raise" follows pokerkit (docs/rules.md 6.3 names it as the model; see
# stud.Rules): only a full unit or a completion re-opens, a short all-in counts toward
# the cap and the next raise goes one unit above it.
REOPEN = ["half_bet", "full_raise"]


def test_6_2_seed_variation_full_raise_reopens():
    """The seed's hand, but tgbernard (yet to act) makes the full raise to
    H + unit = 20 over krescent1's incomplete 12: that re-opens the betting
    for "Je"."""
    # only seats 3 and 4 get cards after the first street here
    hands = [h if seat in (3, 4) else " ".join(h.split()[:3]) for seat, h in enumerate(SEED_STUD8)]
    hand = make(V8, hands, [1000, 1000, 1000, 1000, 14, 1000])
    drive(hand, ["0 bring_in", "1 fold", "2 call", "3 complete 10", "4 raise 12",
                 "5 raise 20 ? fold, call 12, raise to 20",
                 "0 fold ? fold, call 20, raise to 30",
                 "2 fold ? fold, call 20, raise to 30",
                 "3 raise 30 ? fold, call 20, raise to 30",
                 "5 fold ? fold, call 30, raise to 40", "over"])
    # Je vs krescent1, no more betting: main 58 (seats 3, 4), side 16 (seat 3),
    # 10 of Je's 30 uncalled: Je's straight and 6-low scoop
    assert hand.payouts == [0, 0, 0, 84, 0, 0]
    assert hand.stacks == [993, 998, 993, 1052, 0, 978]


@pytest.mark.parametrize("reopen_rule", REOPEN)
def test_6_1_6_3_all_in_raise_of_half_a_bet(reopen_rule):
    """5th street: bet 20, raises to 40 and 60, then seat 3 all-in to 70
    (+10, half of B).  half_bet: a full raise, the third: cap.  full_raise:
    incomplete, but it counts toward the cap (as in pokerkit): cap too.
    Either way the others may only call 70 or fold."""
    hand = make(V7, L4, [1000, 1000, 1000, 77], reopen_rule=reopen_rule)
    passive_to(hand, 5)
    steps = ["0 bet 20 ? check, bet 20", "1 raise 40", "2 raise 60",
             "3 raise 70 ? fold, call 60, raise to 70",
             "0 call ? fold, call 70", "1 call ? fold, call 70", "2 call ? fold, call 70",
             "street 6"]
    drive(hand, steps)
    check_down(hand)
    assert hand.payouts == [0, 0, 0, 308]     # one pot of 4 * 77: the straight
    assert hand.stacks == [923, 923, 923, 308]


def test_6_1_all_in_completion_of_half_a_bet():
    """Seat 1 completes all in to 6 (>= S/2): a full completion; the next
    raise goes to 6 + 10 = 16 and the bring-in may raise again."""
    hand = make(V7, L3, [1000, 8, 1000])
    drive(hand, ["0 bring_in", "1 complete 6 ? fold, call 5, complete to 6",
                 "2 call ? fold, call 6, raise to 16",
                 "0 call ? fold, call 6, raise to 16", "street 4"])
    check_down(hand)
    assert hand.payouts == [24, 0, 0]
    assert hand.stacks == [1016, 0, 992]


@pytest.mark.parametrize("reopen_rule", REOPEN)
def test_6_2_incomplete_all_in_and_the_cap(reopen_rule):
    """6.2: under half_bet an incomplete all-in (+5 on a unit of 20) does not
    count toward the cap: seat 0 may still make the third raise, to H + unit
    = 80.  Under full_raise (pokerkit's way) it counts: the cap is reached."""
    hand = make(V7, L4, [1000, 1000, 1000, 72], reopen_rule=reopen_rule)
    passive_to(hand, 5)
    if reopen_rule == "half_bet":
        drive(hand, ["0 bet 20", "1 raise 40", "2 raise 60",
                     "3 raise 65 ? fold, call 60, raise to 65",      # +5: incomplete
                     "0 raise 80 ? fold, call 65, raise to 80",      # still the 3rd raise
                     "1 call ? fold, call 80", "2 call ? fold, call 80", "street 6"])
        check_down(hand)
        # main 4 * 72 = 288: the straight; side 3 * 15 = 45: trip aces
        assert hand.payouts == [45, 0, 0, 288]
        assert hand.stacks == [958, 913, 913, 288]
    else:
        drive(hand, ["0 bet 20", "1 raise 40", "2 raise 60",
                     "3 raise 65 ? fold, call 60, raise to 65",
                     "0 call ? fold, call 65", "1 call ? fold, call 65",
                     "2 call ? fold, call 65", "street 6"])
        check_down(hand)
        # one pot of 4 * 72 = 288: the straight
        assert hand.payouts == [0, 0, 0, 288]
        assert hand.stacks == [928, 928, 928, 288]


@pytest.mark.parametrize("reopen_rule", ["half_bet", "full_raise"])
def test_6_2_short_all_ins_adding_up(reopen_rule):
    """Bet 20, call, all-in 26 (+6), all-in 31 (+5 more): together +11, half
    a unit or more: re-opened under half_bet, not under full_raise."""
    hand = make(V7, L4, [1000, 1000, 33, 38], reopen_rule=reopen_rule)
    passive_to(hand, 5)
    reopen = reopen_rule == "half_bet"
    drive(hand, ["0 bet 20", "1 call ? fold, call 20, raise to 40",
                 "2 raise 26 ? fold, call 20, raise to 26",
                 "3 raise 31 ? fold, call 26, raise to 31",
                 "0 call ? " + ("fold, call 31, raise to 51" if reopen else "fold, call 31"),
                 "1 call ? " + ("fold, call 31, raise to 51" if reopen else "fold, call 31"),
                 "street 6"])
    check_down(hand)
    # main 4 * 33 = 132, side 3 * 5 = 15: the straight (seat 3) takes both
    assert hand.payouts == [0, 0, 0, 147]
    assert hand.stacks == [962, 962, 0, 147]


@pytest.mark.parametrize("chips,steps,payouts,stacks", [
    # all-in bet of 12 (>= B/2): a full bet, the next raise goes to 12 + 20
    (19, ["0 bet 12 ? check, bet 12", "1 raise 32 ? fold, call 12, raise to 32",
          "2 call ? fold, call 32, raise to 52"], [57, 0, 40], [57, 961, 1001]),
    # all-in bet of 8 (< B/2): incomplete; the next player may call 8 or make
    # the full bet, H + unit = 0 + 20
    (15, ["0 bet 8 ? check, bet 8", "1 raise 20 ? fold, call 8, raise to 20",
          "2 call ? fold, call 20, raise to 40"], [45, 0, 24], [45, 973, 997]),
], ids=["full", "incomplete"])
def test_6_1_6_2_all_in_bet(chips, steps, payouts, stacks):
    """5th street, seat 0 (ace high, opens) bets all he has."""
    hand = make(V7, L3, [chips, 1000, 1000])
    passive_to(hand, 5)
    drive(hand, steps + ["street 6"])
    check_down(hand)
    # main pot: seat 0's trip aces; side pot: seat 2's trip kings
    assert hand.payouts == payouts
    assert hand.stacks == stacks


def test_6_4_no_betting_when_one_player_has_chips():
    hand = make(V7, L3[:2], [1000, 10])
    drive(hand, ["0 bring_in", "1 complete 8 ? fold, call 5, complete to 8", "0 call", "over"])
    for seat in (0, 1):
        assert len(hand.up_cards(seat)) == 4 and len(hand.down_cards(seat)) == 3
    assert hand.payouts == [20, 0]   # trip aces
    assert hand.stacks == [1010, 0]
