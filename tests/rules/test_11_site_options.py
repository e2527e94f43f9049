"""Rules table, docs/rules.md 11.2-11.3 -- options found in sites' records:
``fold_when_can_check`` (a fold where a check is legal; 6.7 refuses it by
default) and ``odd_chip_half`` (which half of a split pot takes its odd
chip; 9.3: the high), and the "wsop" profile's options per game (11.2).

Conventions (defaults, card strings, steps): tests/rules/__init__.py.
"""

from __future__ import annotations

import pickle

import pytest
import stud
from stud import ActionKind, Hand, Rules, Variant
from stud.game import PotAwarded
from stud.histories import PROFILES
from stud.histories.record import _cached_rules, options_for

from tests.support.rules_helpers import RZ, V5, V7, V8, V58, check_down, deal, drive


def make(variant, hands, stacks=None, rake=0, **options):
    rules = Rules(variant, 10, **options)
    return Hand(rules, list(stacks or [1000] * len(hands)),
                deck=deal(variant, hands, burns=True), seed=3, rake=rake)


# ---- fold_when_can_check ----------------------------------------------------------------

def test_6_7_no_fold_where_a_check_is_legal_by_default():
    hand = make(V7, ["Ac Kd 2h 5s 6s 7s 8s", "Qc Jd 9h 5c 6c 7c 8c"])
    drive(hand, ["0 bring_in 5", "1 call 5", "street 4",
                 "1 check ? check, bet 10"])
    with pytest.raises(stud.IllegalActionError):
        hand.fold()
    assert Rules(V7, 10).fold_when_can_check is False


@pytest.mark.parametrize("variant", [V7, V8, RZ, V5, V58])
def test_11_3_fold_when_can_check(variant):
    hands = (["Kc Kd 9h 5s 6s 7s 8s", "Qc Jd 2h 5c 6c 7c 8c"] if variant is not RZ else
             ["Kc Kd 2h 5s 6s 7s 8s", "Qc Jd 9h 5c 6c 7c 8c"])
    if variant in (V5, V58):  # one down card, then the door card
        hands = [" ".join(h.split()[1:6]) for h in hands]
    hand = make(variant, hands, fold_when_can_check=True)
    # the bring-in may not fold (2.3), the option or not
    assert [a.kind for a in hand.legal_actions()] == [ActionKind.BRING_IN, ActionKind.COMPLETE]
    hand.bring_in()
    # facing a wager: fold or call, as always
    assert [a.kind for a in hand.legal_actions()][:2] == [ActionKind.FOLD, ActionKind.CALL]
    hand.call()
    # no wager to face: fold, or check (the passive action, still the check)
    opener = hand.actor
    assert [str(a) for a in hand.legal_actions()][:2] == ["fold", "check"]
    hand.check_or_call()  # checks, never folds
    assert hand.actor != opener and not hand.folded
    folder = hand.actor
    hand.fold()
    assert hand.is_over and hand.folded == (folder,)
    assert hand.payouts[opener] > 0 and hand.payouts[folder] == 0


def test_11_3_the_option_pickles_and_copies():
    rules = Rules(V8, 10, fold_when_can_check=True, odd_chip_half="low")
    assert pickle.loads(pickle.dumps(rules)) == rules
    hand = make(V8, ["Ac Kd 2h 5s 6s 7s 8s", "Qc Jd 9h 5c 6c 7c 8c"],
                fold_when_can_check=True)
    drive(hand, ["0 bring_in 5", "1 call 5"])
    again = pickle.loads(pickle.dumps(hand))
    assert [str(a) for a in again.legal_actions()] == [str(a) for a in hand.legal_actions()]


@pytest.mark.parametrize("options, message", [
    ({"fold_when_can_check": 1}, "fold_when_can_check must be True or False"),
    ({"odd_chip_half": "middle"}, "odd_chip_half must be one of"),
    ({"odd_chip_half": None}, "odd_chip_half must be one of"),
])
def test_11_3_bad_values_are_refused(options, message):
    with pytest.raises(ValueError, match=message):
        Rules(V8, 10, **options)


# ---- odd_chip_half -----------------------------------------------------------------------

HIGH_AND_LOW = ["Kc Kd 9h 9s 2c Jd Jh", "Ac 2d 4c 6d 7s Qs Js"]  # seat 0 high, seat 1 low


def halves(hand):
    return {e.share: e.amount for e in hand.history if isinstance(e, PotAwarded)}


@pytest.mark.parametrize("variant", [V8, V58])
def test_9_3_the_odd_chip_goes_to_the_high_half(variant):
    hands = HIGH_AND_LOW if variant is V8 else ["Kc Kd 9h 9s Jd", "Ac 2d 4c 6d 7s"]
    hand = make(variant, hands, rake=1)  # pot 14 less 1: 13
    check_down(hand)
    assert halves(hand) == {"high": 7, "low": 6}


@pytest.mark.parametrize("variant", [V8, V58])
def test_11_3_odd_chip_half_low(variant):
    hands = HIGH_AND_LOW if variant is V8 else ["Kc Kd 9h 9s Jd", "Ac 2d 4c 6d 7s"]
    hand = make(variant, hands, rake=1, odd_chip_half="low")
    check_down(hand)
    assert halves(hand) == {"high": 6, "low": 7}
    # an even pot splits evenly, whichever half takes odd chips
    even = make(variant, hands, odd_chip_half="low")
    check_down(even)
    assert halves(even) == {"high": 7, "low": 7}


def test_11_3_odd_chip_half_changes_nothing_in_a_hi_game():
    for half in ("high", "low"):
        hand = make(V7, HIGH_AND_LOW, rake=1, odd_chip_half=half)
        check_down(hand)
        assert halves(hand) == {"whole": 13}


# ---- the "wsop" profile (11.2) ---------------------------------------------------------------

@pytest.mark.parametrize("variant, board", [
    (V7, "suit"), (V5, "suit"), (RZ, "position"), (V8, "position"), (V58, "position"),
    (Variant.DEUCE_TO_SEVEN_RAZZ, "position"), (Variant.SEVEN_CARD_STUD_HILO_REGULAR, "position")])
def test_11_2_the_wsop_profile_per_game(variant, board):
    options = options_for(PROFILES["wsop"], variant)
    assert options == {"max_raises": 4, "bring_in_tiebreak": "suit", "board_tiebreak": board}
    rules = _cached_rules(variant, 10, None, None, None, **PROFILES["wsop"])
    assert (rules.max_raises, rules.bring_in_tiebreak, rules.board_tiebreak) == (4, "suit", board)


def test_11_2_a_variant_a_per_game_option_does_not_name_keeps_the_default():
    options = {"board_tiebreak": {Variant.RAZZ: "suit"}}
    assert _cached_rules(V7, 10, **options).board_tiebreak == "position"
    assert _cached_rules(RZ, 10, **options).board_tiebreak == "suit"


# ---- 8.2 with 11.1: a pot the rake empties -----------------------------------------------

def test_8_2_the_winner_of_a_pot_the_rake_emptied_shows():
    # heads-up, no ante: seat 0 all in for the 1 he calls the bring-in
    # with, 1 returned to seat 1: a pot of 2, all of it rake.  The aces win
    # the empty pot and show (automatic showdown), as a share of 0 chips does
    from stud.game import HandMucked, HandShown

    hand = Hand(Rules(RZ, 4, ante=0, bring_in=2), [1, 15],
                deck=deal(RZ, ["Ah 8c Ad 2h 5d 4s Jh", "6c 4h 7d Th 6h 9h Jc"], burns=True),
                seed=3, rake=2)
    drive(hand, ["1 bring_in 2", "0 call 1"])
    assert hand.is_over and hand.payouts == [0, 1]
    shows = [(type(e).__name__, e.seat) for e in hand.history
             if isinstance(e, (HandShown, HandMucked))]
    assert ("HandShown", 0) in shows and ("HandMucked", 1) in shows
