"""Rules table, docs/rules.md 12 -- Deuce-to-Seven Razz ("2-7 Razz").

Conventions (defaults, card strings, steps): tests/rules/__init__.py.  The
expectations were worked out by hand from docs/rules.md 12 (and 2, 3, 4, 9
where 12 refers to them).
"""

from __future__ import annotations

import pytest
import stud
from stud import Hand, IllegalActionError, Rules, Variant

from tests.rules.test_13_hilo_regular import board_case, make7
from tests.support.rules_helpers import (
    RZ,
    awards,
    check_down,
    drive,
    fill,
    legal_text,
    passive_to,
    seven,
)

R27 = Variant.DEUCE_TO_SEVEN_RAZZ


# ---- 12.1 the seven-card skeleton ------------------------------------------------------------

def test_12_1_seven_card_skeleton():
    rules = Rules(R27, 10)
    assert stud.game.VARIANT_NAMES["razz27"] is R27 and int(R27) == 5
    assert rules.streets == (3, 4, 5, 6, 7)
    assert rules.max_players == 8
    assert (rules.big_bet, rules.ante, rules.bring_in) == (20, 2, 5)
    assert rules.burn_cards is True
    with pytest.raises(ValueError, match="2 to 8 players"):
        Hand(rules, [100] * 9, seed=1)
    # the steps of a checked-down hand, street by street: units S, S, B, B, B
    hand = make7(R27, ["Ac 2d 3h 4s 5c 6d 7h", "Kc Qd 9h 8s 6c 5h 2s"])
    drive(hand, ["1 bring_in ? bring in for 5, complete to 10",   # 12.2: the 9h, higher than 3h
                 "0 call ? fold, call 5, complete to 10",
                 # 12.3: seat 0's 4-3, 5-4-3, 6-5-4-3 are the lower boards
                 "street 4", "0 check ? check, bet 10", "1 check ? check, bet 10",
                 "street 5", "0 check ? check, bet 20", "1 check ? check, bet 20",
                 "street 6", "0 check ? check, bet 20", "1 check ? check, bet 20",
                 "street 7", "0 check ? check, bet 20", "1 check ? check, bet 20", "over"])


def test_12_1_shortage_rule_with_eight_players():
    """5.1 as in every seven-card game: eight players who all stay in need a
    community card on 7th street (8 x 7 + 4 burns = 60 > 52)."""
    hand = Hand(Rules(R27, 10), [1000] * 8, seed=11)
    passive_to(hand, None)
    assert hand.is_over
    assert len(hand.community) == 1
    assert sum(hand.payouts) == 8 * 2 + 8 * 5


# ---- 12.2 the bring-in: the highest upcard, ace high ----------------------------------------

def test_12_2_worked_case_ace_brings_in():
    """Doors 4d Td 6c 3d Qc 2s Ah: the ace is the highest card in 2-7 Razz;
    in Razz (ace low) the queen brings in."""
    doors = ["4d", "Td", "6c", "3d", "Qc", "2s", "Ah"]
    hand = make7(R27, fill(doors, 2))
    assert hand.actor == hand.bring_in_seat == 6
    assert legal_text(hand) == "bring in for 5, complete to 10"
    assert make7(RZ, fill(doors, 2)).bring_in_seat == 4


BRING_IN_27 = [
    ("Kd As 9c", "position", 1),   # the ace is the highest card
    ("Ac 2h 3d", "position", 0),
    ("Kd Qs 2c", "position", 0),   # king highest after the ace
    ("2d Jh Js", "position", 1),   # 2.2 tie: lowest seat
    ("2d Jh Js", "suit", 2),       # 12.2 suit: the highest suit (spades) brings in
    ("Qc Qd 5h", "suit", 1),       # diamonds > clubs
    ("Ad Ah 5c", "position", 0),
    ("Ad Ah 5c", "suit", 1),
]


@pytest.mark.parametrize("ups,tiebreak,seat", BRING_IN_27, ids=lambda x: str(x).replace(" ", ""))
def test_12_2_who_brings_in(ups, tiebreak, seat):
    hand = make7(R27, fill(ups.split(), 2), bring_in_tiebreak=tiebreak)
    assert hand.actor == hand.bring_in_seat == seat
    # 2.3-2.8 unchanged: bring in or complete, then clockwise
    assert legal_text(hand) == "bring in for 5, complete to 10"
    hand.bring_in()
    assert hand.actor == (seat + 1) % 3
    assert legal_text(hand) == "fold, call 5, complete to 10"


# ---- 12.3 later streets: the lowest board by 3.2 reversed ------------------------------------

BOARDS_27 = [
    ("Ad 2c", "Kc Qd", "position", 1),          # worked case: K-Q is lower than A-2
    ("2d 2c", "As Ks", "position", 1),          # worked case: unpaired A-K < a pair
    ("2c Ah", "Kd Kc", "position", 0),          # unpaired < paired
    ("2c Ah", "3c Ad", "position", 0),          # A-2 < A-3
    ("7c 6d", "8h 2s", "position", 0),          # compare from the top: 7-6 < 8-2
    ("2c 9d 9h", "3s 9c 9s", "position", 0),    # the same pair: kicker 2 < 3
    ("Ac Ad", "Kc Kd", "position", 1),          # aces are the highest pair
    ("2c 2d", "3c 3s", "position", 0),          # deuces the lowest
    ("2h 5h 9h Jh", "3c Qd 8s Kc", "position", 0),  # a four-flush never counts
    ("5c 4d 3h 2s", "6c 4h 3d 2h", "position", 0),  # nor a four-straight
    ("5c 5d 2h 2s", "Ac Ad Kc Qd", "position", 1),  # one pair < two pair
    ("3c 3d 3h 2s", "Kc Kd Qc Qd", "position", 1),  # two pair < trips
    ("2c 2d 2h 2s", "Ac Ad Ah Ks", "position", 1),  # trips < quads
    # 3.4 ties: by position; 12.3 by suit: the lowest suit of the highest card first
    ("Kc 7d", "Ks 7h", "position", 0),
    ("Ks 7d", "Kc 7h", "position", 0),
    ("Kc 7d", "Ks 7h", "suit", 0),
    ("Ks 7d", "Kc 7h", "suit", 1),
    ("Ad 5c", "Ac 5s", "suit", 1),              # the ace is the highest card: Ac < Ad
]


@pytest.mark.parametrize("up0,up1,tiebreak,seat", BOARDS_27, ids=lambda x: str(x).replace(" ", ""))
def test_12_3_lowest_board_acts_first(up0, up1, tiebreak, seat):
    assert board_case(R27, up0, up1, board_tiebreak=tiebreak).actor == seat


def test_12_3_razz_orders_the_worked_boards_the_other_way():
    """The ace is low in Razz: A-2 is lower than K-Q there."""
    assert board_case(RZ, "Ad 2c", "Kc Qd").actor == 0
    assert board_case(R27, "Ad 2c", "Kc Qd").actor == 1


def test_12_3_seventh_street_opener_is_sixth_streets():
    """3.5 unchanged."""
    hand = make7(R27, ["Ac Ad 2c 3c 4c 6c Kh", "Kc Kd Qc Qd Jc Jd 2h"])
    passive_to(hand, 6)
    assert hand.actor == 0   # 6-4-3-2 against Q-Q-J-J
    passive_to(hand, 7)
    assert hand.actor == 0


def test_12_3_an_all_in_opener_is_skipped():
    """3.1 unchanged: the lowest board has no chips: the next seat with chips opens."""
    hand = make7(R27, ["Kc Kd 2c 3c 4c 5d 6d", "Ac Ad Qc Qd Jc Jd 2h", "As Ks 9c 9d 8c 8d 7h"],
                 stacks=[7, 1000, 1000])
    # 3rd street: seat 1's queen brings in over seat 0's deuce and seat 2's nine
    drive(hand, ["1 bring_in", "2 call", "0 call"])   # seat 0 all-in for 5
    assert hand.street == 4
    assert hand.actor == 1   # seat 0's 3-2 is the lowest board, all-in: seat 1 next


# ---- 12.4 no open pair; the cap ----------------------------------------------------------------

def test_12_4_no_open_pair():
    assert Rules(R27, 10).open_pair_double is False
    with pytest.raises(ValueError, match="open_pair_double applies to Seven Card Stud"):
        Rules(R27, 10, open_pair_double=True)
    hand = board_case(R27, "9c 9d", "Kc Qd")
    assert hand.actor == 1
    assert legal_text(hand) == "check, bet 10"


def test_12_4_capped_heads_up():
    rules = Rules(R27, 10)
    assert rules.heads_up_uncapped is False
    hand = make7(R27, ["2c 3c 4c 5c 6c 7c 8c", "Kd Qd Jd Td 9d 8d 7d"])
    assert hand.actor == 1  # the jack is higher than the four
    hand.bring_in()
    for _ in range(4):   # the completion and three raises
        hand.act(hand.legal_actions()[-1])
    assert [a.kind.name for a in hand.legal_actions()] == ["FOLD", "CALL"]
    # max_raises is an option here as everywhere (4.2)
    hand = make7(R27, ["2c 3c 4c 5c 6c 7c 8c", "Kd Qd Jd Td 9d 8d 7d"], max_raises=4)
    hand.bring_in()
    for _ in range(5):
        hand.act(hand.legal_actions()[-1])
    assert [a.kind.name for a in hand.legal_actions()] == ["FOLD", "CALL"]


# ---- 12.5 the showdown: the best 2-7 low takes the whole pot ----------------------------------

SHOWDOWNS_27 = [
    # worked cases: a flush counts against (9-5-4-3-2 of hearts is out: the
    # first plays 9-5-4-3-2 with the 9c, the second's 8-6-5-4-2 is lower)
    ("2h 3h 4h 5h 7h 9c Kd", "8c 6d 5s 4c 2d Qh Qs", [0, 14]),
    # A-5-4-3-2 is ace high, no straight: it beats a pair...
    ("As 2d 3c 4h 5s 5d Ac", "4c 4s 4d 9h 9s Th Jh", [14, 0]),
    # ...and loses to any king high
    ("As 2d 3c 4h 5s 5d Ac", "Kc Qd Jh 9s 8c 8d 8h", [0, 14]),
    # a straight counts against: 6-5-4-3-2 is out, K-5-4-3-2 plays; Q-J-9-8-7 is lower
    ("6c 5d 4h 3s 2c Kd Kh", "Qc Jd 9h 8s 7c Kc Ks", [0, 14]),
    # the best hand, 7-5-4-3-2 of two suits or more, beats 7-6-4-3-2
    ("7h 5d 4c 3s 2d Kc Kh", "7c 6d 4d 3h 2c Qs Qd", [14, 0]),
    # four ranks each, so a pair each: the lower pair wins (2-2-K-Q-J, 3-3-K-Q-J)
    ("2c 2d Kh Qh Jc Ks Qs", "3c 3d Kd Qd Jd Kc Qc", [14, 0]),
    # a tie splits the pot
    ("7h 5d 4c 3s 2d Kc Qd", "7s 5c 4d 3h 2c Kh Qs", [7, 7]),
]


@pytest.mark.parametrize("h0,h1,payouts", SHOWDOWNS_27,
                         ids=[f"case{i}" for i in range(len(SHOWDOWNS_27))])
def test_12_5_showdown(h0, h1, payouts):
    hand = make7(R27, [h0, h1])
    check_down(hand)
    assert hand.payouts == payouts
    winners = [seat for seat in (0, 1) if payouts[seat]]
    assert sorted(seat for _, seat, share, _ in awards(hand) if share == "whole") == winners


def test_12_5_values_agree_with_evaluate_27():
    """The engine's winner is the larger stud.evaluate_27 value."""
    for h0, h1, payouts in SHOWDOWNS_27:
        v0, v1 = stud.evaluate_27(h0).value, stud.evaluate_27(h1).value
        assert (v0 > v1, v0 == v1, v0 < v1) == (payouts[0] == 14, payouts[0] == 7,
                                                payouts[0] == 0)


# ---- 12.6 odd chips: the highest card, ace high ----------------------------------------------

def test_12_6_odd_chip_to_the_highest_card_ace_high():
    """Both play A-5-4-3-2; a rake of 1 leaves 13 chips: the odd chip goes
    to the highest card of the five used, the ace counted high: Ah over Ac."""
    hands = ["Ah 5d 4c 3s 2d 5h 4h", "Ac 5c 4d 3h 2c 5s 4s"]
    rules = Rules(R27, 10)
    hand = Hand(rules, [1000, 1000], deck=seven(hands), seed=3, rake=1)
    check_down(hand)
    assert hand.payouts == [7, 6]
    hand = Hand(Rules(R27, 10, odd_chip="position"), [1000, 1000], deck=seven(hands), seed=3,
                rake=1)
    check_down(hand)
    assert hand.payouts == [7, 6]   # by position too, seat 0
    swapped = [hands[1], hands[0]]
    hand = Hand(rules, [1000, 1000], deck=seven(swapped), seed=3, rake=1)
    check_down(hand)
    assert hand.payouts == [6, 7]   # the ace of hearts again


def test_12_6_odd_chip_by_suit_of_the_top_card():
    hands = ["7h 5d 4c 3s 2d Kc Qd", "7s 5c 4d 3h 2c Kh Qs"]
    hand = Hand(Rules(R27, 10), [1000, 1000], deck=seven(hands), seed=3, rake=1)
    check_down(hand)
    assert hand.payouts == [6, 7]   # 7s over 7h


# ---- the whole engine plays it -----------------------------------------------------------------

def test_12_play_random_and_simulate():
    rules = Rules(R27, 10)
    report = stud.play_random(rules, [200] * 6, 300, seed=5, check=True)
    assert report["hands"] == 300 and report["violations"] == 0
    result = stud.simulate(rules, ["random", "call", "strength"], 300, seed=2)
    assert sum(result.net) == 0


def test_12_illegal_action_changes_nothing():
    hand = make7(R27, fill(["Ac", "Ks", "2d"], 2))
    assert hand.actor == 0
    with pytest.raises(IllegalActionError):
        hand.check()
    assert hand.actor == 0


def test_12_5_strength_policy_knows_the_2_7_low():
    """The built-in strength policy values a hand by its 2-7 low: 7-5-4-3-2
    bets on 5th street, A-K-Q-J-9 (the worst unpaired low) folds to it."""
    from stud._core import _builtin_choice

    hand = make7(R27, ["7h 5d 4c 3s 2d", "Ah Kd Qc Js 9d"])
    hand.bring_in()   # the queen, the higher door
    hand.call()
    passive_to(hand, 5)
    assert hand.actor == 0   # the board 4-3-2 is lower than Q-J-9
    bet = _builtin_choice("strength", hand, 1)
    assert str(bet) == "bet 20"
    hand.act(bet)
    assert str(_builtin_choice("strength", hand, 1)) == "fold"
