"""Rules table, docs/rules.md 11 -- Rake: the house's take when a site's hand is
replayed (``Hand(..., rake=R)``): it comes out of the pots before any pot is
split, the main pot first (11.1); no rake by default.

Conventions (defaults, card strings, steps): tests/rules/__init__.py.
"""

from __future__ import annotations

import pickle

import pytest
import stud
from stud import Hand, Rules
from stud.game import PotAwarded, RakeTaken

from tests.support.rules_helpers import RZ, V7, V8, check_down, deal, drive


def raked(variant, hands, rake, stacks=None):
    rules = Rules(variant, 10)
    return Hand(rules, list(stacks or [1000] * len(hands)),
                deck=deal(variant, hands, burns=True), seed=3, rake=rake)


def awards(hand):
    return [(e.seat, e.pot, e.share, e.amount) for e in hand.history
            if isinstance(e, PotAwarded)]


def test_11_1_no_rake_by_default():
    hand = Hand(Rules(V7, 10), [1000, 1000], seed=1)
    check_down(hand)
    assert hand.rake == 0 and not any(isinstance(e, RakeTaken) for e in hand.history)


def test_11_1_the_rake_comes_out_before_the_halves():
    # pot 14 checked down, seat 0 the high, seat 1 the low, rake 1: 13 is
    # halved, the odd chip to the high (9.3): 7 / 6 (taken from one half after
    # halving it would be 6 / 7 or 7 / 6 by which half: never both halves 7)
    hand = raked(V8, ["Kc Kd 9h 9s 2c Jd Jh", "Ac 2d 4c 6d 7s Qs Js"], 1)
    check_down(hand)
    assert [e for e in hand.history if isinstance(e, RakeTaken)] == [RakeTaken(1)]
    assert awards(hand) == [(0, 0, "high", 7), (1, 0, "low", 6)]
    assert hand.stacks == [1000 - 7 + 7, 1000 - 7 + 6]


def test_11_1_the_main_pot_pays_first():
    # seat 0 all in for 5 (ante 2 + a call of 3); seats 1 and 2 check down:
    # main pot 3 * 5 = 15 (seat 0's aces), side pot 2 + 2 = 4 (seat 1's
    # kings): a rake of 4 comes out of the main pot only
    hand = raked(V7, ["Ac Ad Ah 2c 3d 4h 9s", "Kc Kd 7h 2d 3h 5s 9c", "Qc Qd 8h 2s 4c 6s Jc"],
                 4, stacks=[5, 1000, 1000])
    drive(hand, ["1 bring_in 5", "2 call 5", "0 call 3"])
    check_down(hand)
    assert awards(hand) == [(1, 1, "whole", 4), (0, 0, "whole", 15 - 4)]
    assert hand.stacks == [11, 1000 - 7 + 4, 1000 - 7]


def test_11_1_a_hand_won_without_a_showdown_pays_the_rake_too():
    hand = raked(RZ, ["2h 3h Kc", "4s 5s 9d"], 2)
    drive(hand, ["0 bring_in 5", "1 complete 10", "0 fold", "over"])
    assert [e for e in hand.history if isinstance(e, RakeTaken)] == [RakeTaken(2)]
    assert hand.payouts == [0, 2 + 2 + 5 + 10 - 2]
    assert sum(hand.stacks) == 2000 - 2


def test_11_1_the_rake_is_at_most_the_pot():
    hand = raked(RZ, ["2h 3h Kc", "4s 5s 9d"], 10_000)
    drive(hand, ["0 bring_in 5", "1 fold", "over"])
    # the bring-in of 5 comes back uncalled (7.1): the pot is the antes, 4
    assert [e.amount for e in hand.history if isinstance(e, RakeTaken)] == [4]
    assert hand.stacks == [998, 998] and hand.pot == 4


@pytest.mark.parametrize("bad, error", [(-1, ValueError), (1 << 31, ValueError),
                                        (1.5, TypeError), ("3", TypeError), (True, TypeError)])
def test_11_1_a_bad_rake_is_refused(bad, error):
    with pytest.raises(error):
        Hand(Rules(V7, 10), [100, 100], seed=1, rake=bad)


def test_11_1_the_rake_survives_copies_pickles_and_replays():
    hand = raked(V8, ["Kc Kd 9h 9s 2c Jd Jh", "Ac 2d 4c 6d 7s Qs Js"], 1)
    drive(hand, ["1 bring_in 5"])
    for other in (hand.copy(), pickle.loads(pickle.dumps(hand))):
        check_down(other)
        assert other.rake == 1 and other.payouts == [7, 6]
    check_down(hand)
    again = stud.replay(hand.rules, [1000, 1000], hand.history)
    assert again.rake == 1 and again.payouts == hand.payouts
    assert hand.to_record().replay().payouts == hand.payouts
