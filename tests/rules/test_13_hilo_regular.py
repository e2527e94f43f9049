"""Rules table, docs/rules.md 13 -- Seven Card Stud Hi-Lo Regular (no qualifier).

Conventions (defaults, card strings, steps): tests/rules/__init__.py.  The
expectations were worked out by hand from docs/rules.md 13 (and 2, 3, 9 where
13 refers to them).
"""

from __future__ import annotations

import pytest
import stud
from stud import Hand, IllegalActionError, Rules, Variant

from tests.rules.test_2_bring_in import BRING_IN_HI, BRING_IN_RAZZ
from tests.rules.test_3_first_to_act import BOARDS_HI, BOARDS_RAZZ
from tests.support.rules_helpers import (
    ALL_CARDS,
    V8,
    awards,
    check_down,
    fill,
    legal_text,
    passive_to,
    seven,
)

HL = Variant.SEVEN_CARD_STUD_HILO_REGULAR


def make7(variant, hands, stacks=None, *, seed=3, **rules_kw):
    """A seven-card hand on the stacked deck of ``hands`` (S 10, B 20, ante
    2, BI 5 unless given; stacks 1000)."""
    rules = Rules(variant, rules_kw.pop("small_bet", 10), **rules_kw)
    deck = seven(hands, burns=rules.burn_cards)
    return Hand(rules, list(stacks or [1000] * len(hands)), deck=deck, seed=seed)


def board_case(variant, up0, up1, **rules_kw):
    """Two seats whose upcards are given, checked to the street where those
    are their boards (filler down cards from the top of the deck list)."""
    ups = [up0.split(), up1.split()]
    used = set(ups[0]) | set(ups[1])
    spare = [c for c in ALL_CARDS if c not in used]
    hands = [" ".join([spare.pop() for _ in range(2)] + u) for u in ups]
    hand = make7(variant, hands, **rules_kw)
    street = len(ups[0]) + 2
    passive_to(hand, street)
    assert hand.street == street
    return hand


# ---- 13.1 everything of Stud/8 ------------------------------------------------------------

def test_13_1_seven_card_skeleton():
    rules = Rules(HL, 10)
    assert rules.streets == (3, 4, 5, 6, 7)
    assert rules.max_players == 8
    assert (rules.big_bet, rules.ante, rules.bring_in) == (20, 2, 5)
    assert rules.heads_up_uncapped is False  # 4.3: capped heads-up, as every 7-card game
    assert stud.game.VARIANT_NAMES["studhl"] is HL and int(HL) == 6
    hand = Hand(rules, [100] * 8, seed=1)
    assert [len(hand.down_cards(s)) + len(hand.up_cards(s)) for s in range(8)] == [3] * 8
    with pytest.raises(ValueError, match="2 to 8 players"):
        Hand(rules, [100] * 9, seed=1)


def test_13_1_capped_heads_up():
    """4.2, 4.3: one bet and three raises, also with two players."""
    hand = make7(HL, ["2c 3c 4c 5c 6c 7c 8c", "Kd Qd Jd Td 9d 8d 7d"])
    hand.bring_in()  # 13.2: doors 4c and Jd: the Jd, the higher, brings in
    for _ in range(3):
        hand.act(hand.legal_actions()[-1])
    assert [a.kind.name for a in hand.legal_actions()] == ["FOLD", "CALL", "RAISE"]
    hand.act(hand.legal_actions()[-1])   # complete, raise, raise, raise: the cap
    assert [a.kind.name for a in hand.legal_actions()] == ["FOLD", "CALL"]


# ---- 13.2 bring-in and action order as Razz; option action_order --------------------------

def test_13_2_worked_case_king_of_spades_brings_in():
    """Doors Ac Ks 2d 9h: the highest card, ace low, king highest: the Ks."""
    hand = make7(HL, fill(["Ac", "Ks", "2d", "9h"], 2))
    assert hand.actor == hand.bring_in_seat == 1
    assert legal_text(hand) == "bring in for 5, complete to 10"
    # in Stud/8's order (the option, and Stud/8 itself) the lowest card, ace high: the 2d
    assert make7(HL, fill(["Ac", "Ks", "2d", "9h"], 2), action_order="high").actor == 2
    assert make7(V8, fill(["Ac", "Ks", "2d", "9h"], 2)).actor == 2


@pytest.mark.parametrize("ups,tiebreak,seat", BRING_IN_RAZZ,
                         ids=lambda x: str(x).replace(" ", ""))
def test_13_2_brings_in_as_razz(ups, tiebreak, seat):
    """2.1, 2.2 as in Razz: the highest upcard, ace low; by suit the highest suit."""
    hand = make7(HL, fill(ups.split(), 2), bring_in_tiebreak=tiebreak)
    assert hand.actor == hand.bring_in_seat == seat


@pytest.mark.parametrize("ups,tiebreak,seat", BRING_IN_HI, ids=lambda x: str(x).replace(" ", ""))
def test_13_2_action_order_high_brings_in_as_stud8(ups, tiebreak, seat):
    hand = make7(HL, fill(ups.split(), 2), bring_in_tiebreak=tiebreak, action_order="high")
    assert hand.actor == hand.bring_in_seat == seat


@pytest.mark.parametrize("up0,up1,tiebreak,seat", BOARDS_RAZZ,
                         ids=lambda x: str(x).replace(" ", ""))
def test_13_2_lowest_board_acts_first_by_3_3(up0, up1, tiebreak, seat):
    assert board_case(HL, up0, up1, board_tiebreak=tiebreak).actor == seat


@pytest.mark.parametrize("up0,up1,tiebreak,seat", BOARDS_HI,
                         ids=lambda x: str(x).replace(" ", ""))
def test_13_2_action_order_high_acts_as_stud8(up0, up1, tiebreak, seat):
    hand = board_case(HL, up0, up1, board_tiebreak=tiebreak, action_order="high")
    assert hand.actor == seat


def test_13_2_the_two_orders_differ():
    """A pair of fives against K-Q: the low order starts with the K-Q (any
    unpaired board is lower), the high order with the pair."""
    assert board_case(HL, "5c 5d", "Kc Qd").actor == 1
    assert board_case(HL, "5c 5d", "Kc Qd", action_order="high").actor == 0
    assert board_case(V8, "5c 5d", "Kc Qd").actor == 0


def test_13_2_seventh_street_opener_is_sixth_streets():
    """3.5 unchanged: the 7th-street card is down, so the 6th-street opener opens again."""
    hand = make7(HL, ["Ac Ad 2c 3c 4c 5c Kh", "Kc Kd Qc Qd Jc Jd 2h"])
    passive_to(hand, 6)
    opener = hand.actor
    assert opener == 0   # 5-4-3-2 against Q-Q-J-J: the unpaired board
    passive_to(hand, 7)
    assert hand.actor == opener


def test_13_2_action_order_option_validated():
    assert Rules(HL, 10).action_order == "low"
    assert Rules(HL, 10, action_order="high").action_order == "high"
    # every other game has its own order: the default, and the only value taken
    assert Rules("razz", 10).action_order == "low"
    assert Rules("razz27", 10).action_order == "low"
    for variant in ("stud", "stud8", "five", "five8"):
        assert Rules(variant, 10).action_order == "high"
        assert Rules(variant, 10, action_order="high").action_order == "high"
        with pytest.raises(ValueError, match="action_order is a choice in SEVEN_CARD_STUD_HILO_"
                                             "REGULAR only"):
            Rules(variant, 10, action_order="low")
    with pytest.raises(ValueError, match="action_order is a choice"):
        Rules("razz", 10, action_order="high")
    for bad in ("LOW", "middle", 1, True):
        with pytest.raises(ValueError, match="action_order must be one of"):
            Rules(HL, 10, action_order=bad)


# ---- 13.3 no open pair ------------------------------------------------------------------------

def test_13_3_no_open_pair():
    assert Rules(HL, 10).open_pair_double is False
    with pytest.raises(ValueError, match="open_pair_double applies to Seven Card Stud"):
        Rules(HL, 10, open_pair_double=True)
    # a pair showing on 4th street offers the small bet only
    hand = board_case(HL, "9c 9d", "Kc Qd")
    assert legal_text(hand) == "check, bet 10"


# ---- 13.4 the showdown: high half and A-5 low half, no qualifier ----------------------------

def _pot_101(variant, **rules_kw):
    """Three players; seat 2 (door Qh, the highest in the Razz order)
    brings in and folds on 5th street.  Seat 0 bets 20 on 5th and 6th
    street, seat 1 calls.  Antes 3 x 2, bring-in 5, calls of 5, 20, 20:
    6 + 5 + 2 x 45 = 101."""
    hands = ["Kc Kd 9h Ks 9c 7d 2s",   # kings full; low 9-9-K-7-2
             "Th 8s 6c 4d 3h Jc Qd",   # queen high; low T-8-6-4-3
             "2c 3c Qh Ah 5d"]          # folds on 5th street: no more cards
    hand = make7(variant, hands, **rules_kw)
    while not hand.is_over:
        kinds = {a.kind.name: a for a in hand.legal_actions()}
        if hand.actor == 2 and "FOLD" in kinds and hand.street >= 5:
            hand.fold()
        elif hand.street in (5, 6) and "BET" in kinds:
            hand.act(kinds["BET"])
        else:
            hand.act(kinds.get("CHECK") or kinds.get("CALL") or kinds["BRING_IN"])
    assert sum(hand.payouts) == 101
    for seat in (0, 1):  # the cards as written (seat 2 folded before the rest were dealt)
        assert hand.cards(seat) == stud.CardSet(hands[seat]), seat
    return hand


def test_13_4_worked_case_pot_101():
    """ceil(101 / 2) = 51 to the best high, 50 to the best A-5 low, which
    needs no qualifier: the T-8-6-4-3 beats the 9-9-K-7-2."""
    hand = _pot_101(HL)
    assert hand.payouts == [51, 50, 0]
    assert sorted(awards(hand)) == [(0, 0, "high", 51), (0, 1, "low", 50)]


def test_13_4_stud8_scoops_the_same_pot():
    """In Stud/8 no one has an 8-or-better low: kings full take all 101."""
    assert _pot_101(V8).payouts == [101, 0, 0]


def test_13_4_worked_case_pair_low_beats_two_pair():
    """Aces full (low Q-Q-A-A-K, two pair) against 2-2-5-5-7-7-9 (low
    2-2-9-7-5, one pair): the high to the first, the low to the second."""
    hand = make7(HL, ["Ac Ad As Kh Kc Qd Qs", "2c 2d 5h 5s 7c 7d 9h"])
    check_down(hand)
    assert hand.payouts == [7, 7]
    assert sorted(awards(hand)) == [(0, 0, "high", 7), (0, 1, "low", 7)]


def test_13_4_one_player_scoops():
    """A steel wheel is the best high and the best low."""
    hand = make7(HL, ["Ah 2h 3h 4h 5h Kc Kd", "Ac As 6c 7d 8s Qc Qd"])
    check_down(hand)
    assert hand.payouts == [14, 0]
    assert awards(hand) == [(0, 0, "both", 14)]


def test_13_4_every_hand_has_a_low():
    """No qualifier: a king-high low still takes the low half from a pair."""
    hand = make7(HL, ["Kc Qd Jh 9s 8c 2d 3h", "Ac Ad Ah 4s 4c 6d 7h"])
    check_down(hand)
    # seat 0: low J-9-8-3-2, unpaired (no 8-or-better low: in Stud/8 it
    # would take nothing); seat 1: aces full, and four ranks: its best low,
    # 7-6-4-A-A, is paired
    assert hand.payouts == [7, 7]
    assert sorted(awards(hand)) == [(0, 0, "low", 7), (0, 1, "high", 7)]


def test_13_4_quartered_low_odd_chip_9_4_9_5_9_7():
    """Both lows are 6-4-3-2-A; seat 1's kings take the high half (7).  The
    low half, 7, splits 3 and 3 and the odd chip goes to the highest card of
    the five used, ace low: 6s over 6c (9.7)."""
    hands = ["Ac 2d 3h 4s 6c Qd Jh", "As 2c 3d 4h 6s Kc Kh"]
    hand = make7(HL, hands)
    check_down(hand)
    assert hand.payouts == [3, 11]
    # by position (9.5's option) the odd chip goes to the lowest seat
    hand = make7(HL, hands, odd_chip="position")
    check_down(hand)
    assert hand.payouts == [4, 10]


def test_13_4_same_players_tie_both_halves_split_evenly():
    hand = make7(HL, ["Ac 2c 3c 4d 6d Kh Qs", "Ad 2d 3d 4c 6c Kd Qc"])
    check_down(hand)
    assert hand.payouts == [7, 7]


def test_13_4_side_pot_low_among_its_own_players():
    """Seat 0 is all-in from the start with the best low (and worst high);
    the main pot splits between the best high and him; the side pot, only
    seats 1 and 2, splits between them: their best high and best low."""
    hands = ["Ac 2c 3c 4d 5d Kh Qs",   # wheel: a straight (high) and the best low
             "Kc Kd Ks 9h 9c Jd Th",   # kings full: best high
             "7h 6h 8s 4c 2h Td 3s"]   # 8-7-6-4-3 high card; low 7-6-4-3-2
    hand = make7(HL, hands, stacks=[2, 1000, 1000], small_bet=10)
    while not hand.is_over:
        kinds = {a.kind.name: a for a in hand.legal_actions()}
        hand.act(kinds.get("CHECK") or kinds.get("CALL") or kinds["BRING_IN"])
    # main pot: 3 antes of 2 = 6: high to seat 1 (3), low to seat 0 (3);
    # side pot: seats 1 and 2, bring-in 5 and a call of 5 = 10: kings
    # full take the high 5, seat 2's 7-6-4-3-2 the low 5
    pots = [(p.amount, p.eligible) for p in hand.pots]
    assert pots == [(6, (0, 1, 2)), (10, (1, 2))]
    assert hand.payouts == [3, 8, 5]


# ---- 13.5 option low_needs_five_ranks --------------------------------------------------------

def test_13_5_worked_case_no_five_ranks_the_high_scoops():
    hand = make7(HL, ["Ac Ad As Kh Kc Qd Qs", "2c 2d 5h 5s 7c 7d 9h"], low_needs_five_ranks=True)
    check_down(hand)
    assert hand.payouts == [14, 0]
    assert awards(hand) == [(0, 0, "whole", 14)]


def test_13_5_five_ranks_still_win_the_low():
    """With the option, an unpaired king-high low still has a low."""
    hand = make7(HL, ["Kc Qd Jh 9s 8c 2d 3h", "Ac Ad Ah 4s 4c 6d 7h"], low_needs_five_ranks=True)
    check_down(hand)
    assert hand.payouts == [7, 7]


def test_13_5_option_validated():
    assert Rules(HL, 10).low_needs_five_ranks is False
    assert Rules(HL, 10, low_needs_five_ranks=True).low_needs_five_ranks is True
    for variant in ("stud", "stud8", "razz", "five", "five8", "razz27"):
        assert Rules(variant, 10, low_needs_five_ranks=False).low_needs_five_ranks is False
        with pytest.raises(ValueError, match="low_needs_five_ranks applies to SEVEN_CARD_STUD_"
                                             "HILO_REGULAR only"):
            Rules(variant, 10, low_needs_five_ranks=True)
    with pytest.raises(ValueError, match="low_needs_five_ranks must be True or False"):
        Rules(HL, 10, low_needs_five_ranks=1)


# ---- the whole engine plays it ---------------------------------------------------------------

@pytest.mark.parametrize("options", [{}, {"action_order": "high"},
                                     {"low_needs_five_ranks": True}], ids=str)
def test_13_play_random_and_simulate(options):
    rules = Rules(HL, 10, **options)
    report = stud.play_random(rules, [200] * 6, 300, seed=5, check=True)
    assert report["hands"] == 300 and report["violations"] == 0
    result = stud.simulate(rules, ["random", "call", "strength"], 300, seed=2)
    assert sum(result.net) == 0


def test_13_illegal_action_changes_nothing():
    hand = make7(HL, fill(["Ac", "Ks", "2d"], 2))
    with pytest.raises(IllegalActionError):
        hand.check()
    assert hand.actor == 1


def test_13_4_strength_policy_knows_the_low_without_qualifier():
    """The strength policy counts the better half: 6-4-3-2-A (a weak high,
    a strong low) bets on 5th street, K-Q-J-9-8 (weak both ways) folds."""
    from stud._core import _builtin_choice

    hand = make7(HL, ["Ac 2d 3h 4s 6c", "Kc Qd Jh 9s 8c"])
    hand.bring_in()   # the jack, the higher door
    hand.call()
    passive_to(hand, 5)
    assert hand.actor == 0   # 4-3-6 against J-9-8: the lower board
    bet = _builtin_choice("strength", hand, 1)
    assert str(bet) == "bet 20"
    hand.act(bet)
    assert str(_builtin_choice("strength", hand, 1)) == "fold"
