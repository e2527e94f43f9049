"""Rules table, docs/rules.md 2 -- Bring-in.

Conventions (defaults, card strings, steps): tests/rules/__init__.py.
"""

from __future__ import annotations

import pytest
from stud import IllegalActionError, Pot, Variant
from stud.game import UncalledBetReturned

from tests.support.rules_helpers import (
    ALL_VARIANTS,
    ALLIN5,
    ALLIN7,
    HI_FAMILY,
    RZ,
    SEVEN,
    V5,
    V7,
    check_down,
    drive,
    fill,
    first_street,
    legal_text,
    make,
    shown_order,
    snapshot,
)

# (upcards of seats 0, 1, 2; tiebreak; expected bring-in seat)
BRING_IN_HI = [
    ("As 5c Kd", "position", 1),   # 2.1 ace counts high: 5 is the lowest
    ("2h Ad Qc", "position", 0),
    ("Kd 3s 3c", "position", 1),   # 2.2 tie: lowest seat (seeds)
    ("Kd 3s 3c", "suit", 2),       # 2.2 suit: clubs lowest
    ("3h 3d 9c", "position", 0),
    ("3h 3d 9c", "suit", 1),       # diamonds < hearts
    ("4s 4h 4d", "suit", 2),
]
BRING_IN_RAZZ = [
    ("Kd As 9c", "position", 0),   # 2.1 Razz: highest upcard, king highest
    ("Ac 2h 3d", "position", 2),   # ace low: the 3 is the highest
    ("2d Jh Js", "position", 1),
    ("2d Jh Js", "suit", 2),       # spades are the "highest" suit
    ("Qc Qd 5h", "position", 0),
    ("Qc Qd 5h", "suit", 1),       # diamonds > clubs
]


@pytest.mark.parametrize("variant,ups,tiebreak,seat", [
    (v, *row) for v in HI_FAMILY for row in BRING_IN_HI] + [(RZ, *row) for row in BRING_IN_RAZZ],
    ids=lambda x: x.name if isinstance(x, Variant) else str(x).replace(" ", ""))
def test_2_1_2_2_who_brings_in(variant, ups, tiebreak, seat):
    per_down = 2 if variant in SEVEN else 1
    hand = make(variant, fill(ups.split(), per_down), bring_in_tiebreak=tiebreak)
    assert hand.actor == seat
    assert hand.bring_in_seat == seat
    assert legal_text(hand) == "bring in for 5, complete to 10"
    hand.bring_in()
    nxt = (seat + 1) % 3   # then clockwise
    assert hand.actor == nxt
    assert legal_text(hand) == "fold, call 5, complete to 10"


@pytest.mark.parametrize("variant", ALL_VARIANTS, ids=lambda v: v.name)
def test_2_3_bring_in_is_live_and_cannot_fold_or_check(variant):
    hand = make(variant, first_street(variant))
    before = snapshot(hand)
    for bad in ("fold", "check", "call"):
        with pytest.raises(IllegalActionError, match="legal: bring in for 5, complete to 10"):
            hand.act(bad)
        assert snapshot(hand) == before
    drive(hand, ["0 bring_in ? bring in for 5, complete to 10",
                 "1 complete 10 ? fold, call 5, complete to 10",
                 "2 fold ? fold, call 10, raise to 20",
                 # the bring-in counts toward his call: 5 more
                 "0 call ? fold, call 10, raise to 20"])
    assert hand.street == (4 if variant in SEVEN else 3)
    assert hand.stacks == [988, 988, 998]
    assert hand.pot == 26


@pytest.mark.parametrize("variant", ALL_VARIANTS, ids=lambda v: v.name)
def test_2_3_bring_in_player_may_complete(variant):
    hand = make(variant, first_street(variant))
    drive(hand, ["0 complete 10 ? bring in for 5, complete to 10",
                 "1 fold ? fold, call 10, raise to 20",
                 "2 fold ? fold, call 10, raise to 20", "over"])
    # 6.4: all folded to him: he wins without showing; his 10 is uncalled
    assert shown_order(hand) == []
    assert [(e.seat, e.amount) for e in hand.history if isinstance(e, UncalledBetReturned)] == [(0, 10)]
    assert hand.payouts == [16, 0, 0]
    assert hand.stacks == [1004, 998, 998]


@pytest.mark.parametrize("variant", ALL_VARIANTS, ids=lambda v: v.name)
def test_2_4_all_call_the_bring_in_no_option(variant):
    hand = make(variant, first_street(variant))
    drive(hand, ["0 bring_in ? bring in for 5, complete to 10",
                 "1 call ? fold, call 5, complete to 10",   # nobody checks on the first street
                 "2 call ? fold, call 5, complete to 10",
                 f"street {4 if variant in SEVEN else 3}"])  # no option for the bring-in
    assert hand.stacks == [993, 993, 993]
    assert hand.pot == 21
    assert hand.bets == [0, 0, 0]


@pytest.mark.parametrize("max_raises", [3, 4])
@pytest.mark.parametrize("variant", ALL_VARIANTS, ids=lambda v: v.name)
def test_2_5_4_2_completion_is_the_bet_cap(variant, max_raises):
    """Completion + 3 raises (or 4): the completion is the bet, not a raise.
    Three players, so Five Card Stud's heads-up rule does not apply."""
    hand = make(variant, first_street(variant), max_raises=max_raises)
    steps = ["0 bring_in", "1 complete 10 ? fold, call 5, complete to 10",
             "2 raise 20 ? fold, call 10, raise to 20",
             "0 raise 30 ? fold, call 20, raise to 30",
             "1 raise 40 ? fold, call 30, raise to 40"]
    if max_raises == 3:
        steps += ["2 fold ? fold, call 40", "0 fold ? fold, call 40", "over"]
        drive(hand, steps)
        # seat 1's 40 is called up to 30: 10 back; pot 6 + 30 + 30 + 20
        assert [(e.seat, e.amount) for e in hand.history if isinstance(e, UncalledBetReturned)] == [(1, 10)]
        assert hand.payouts == [0, 96, 0]
        assert hand.stacks == [968, 1054, 978]
    else:
        steps += ["2 raise 50 ? fold, call 40, raise to 50", "0 fold ? fold, call 50",
                  "1 fold ? fold, call 50", "over"]
        drive(hand, steps)
        assert hand.payouts == [0, 0, 126]
        assert hand.stacks == [968, 958, 1074]
    assert shown_order(hand) == []


@pytest.mark.parametrize("variant", [V7, V5], ids=lambda v: v.name)
def test_2_6_bring_in_player_all_in_from_the_ante(variant):
    """Seat 0 (lowest upcard 2c) has only the ante.  The next player clockwise
    with chips, seat 1, must bring it in, though seat 2's upcard (8h) is
    lower than seat 1's (9h).  Later, seat 0's board is the highest (ace)
    but he has no chips: seat 1 opens every street (3.1), even though seat 2
    shows a king.  Seat 0 keeps getting cards (6.4)."""
    hand = make(variant, ALLIN7 if variant == V7 else ALLIN5, [2, 100, 100])
    assert hand.stacks == [0, 98, 98]
    if variant == V7:
        later = ["street 4", "1 check ? check, bet 10", "2 check ? check, bet 10",
                 "street 5", "1 check ? check, bet 20", "2 check",
                 "street 6", "1 check ? check, bet 20", "2 check",
                 "street 7", "1 check ? check, bet 20", "2 check", "over"]
    else:
        later = ["street 3", "1 check ? check, bet 10", "2 check ? check, bet 10",
                 "street 4", "1 check ? check, bet 20", "2 check",
                 "street 5", "1 check ? check, bet 20", "2 check", "over"]
    drive(hand, ["1 bring_in ? bring in for 5, complete to 10",
                 "2 call ? fold, call 5, complete to 10"] + later)
    assert len(hand.up_cards(0)) == (4 if variant == V7 else 4)
    assert len(hand.down_cards(0)) == (3 if variant == V7 else 1)
    # main pot 6 (antes): seat 0's trip aces; side pot 10: seat 2's trip kings
    assert hand.payouts == [6, 0, 10]
    assert hand.stacks == [6, 93, 103]


@pytest.mark.parametrize("variant", [V7, V5], ids=lambda v: v.name)
def test_2_7_short_bring_in(variant):
    """Seat 0 has 3 chips after the ante: brings in for 3, all in; the others
    must put in the full BI (5) to enter (WSOP 217)."""
    hand = make(variant, ALLIN7 if variant == V7 else ALLIN5, [5, 100, 100])
    drive(hand, ["0 bring_in ? bring in for 3",
                 "1 call ? fold, call 5, complete to 10",
                 "2 call ? fold, call 5, complete to 10"])
    assert hand.street == (4 if variant == V7 else 3)
    assert hand.pots == [Pot(15, (0, 1, 2)), Pot(4, (1, 2))]
    assert hand.actor == 1  # seat 0 (ace high on board) has no chips: skipped
    check_down(hand)
    assert hand.payouts == [15, 0, 4]
    assert hand.stacks == [15, 93, 97]
