"""Rules table, docs/rules.md 7 -- Pots.

Conventions (defaults, card strings, steps): tests/rules/__init__.py.
"""

from __future__ import annotations

from stud import Pot
from stud.game import UncalledBetReturned

from tests.support.rules_helpers import (
    V7,
    awards,
    drive,
    make,
)


def test_7_1_7_2_partial_ante_dead_money_uncalled_bet():
    """Seat 0 has 1 chip: posts it as his ante, all in (1).  Seat 1 brings in
    and later folds: dead money.  Seat 2's uncalled 4th-street bet comes
    back.  Main pot 3 (seats 0 and 2), side pot 22 (seat 2), settled side
    pot first (7.2)."""
    hands = ["Ac Ad Qh Ah 3d 4h 9s", "7c 8c 2d 5s", "Kc Kd 8h Ks 7d 6s Jh"]
    hand = make(V7, hands, [1, 100, 100])
    assert [(e.seat, e.amount) for e in hand.history if type(e).__name__ == "AntePosted"] == [
        (0, 1), (1, 2), (2, 2)]
    drive(hand, ["1 bring_in ? bring in for 5, complete to 10",
                 "2 complete 10 ? fold, call 5, complete to 10",
                 "1 call ? fold, call 10, raise to 20", "street 4"])
    assert hand.pots == [Pot(3, (0, 1, 2)), Pot(22, (1, 2))]
    drive(hand, ["1 check ? check, bet 10",     # seat 0 (ace high) has no chips
                 "2 bet 10 ? check, bet 10", "1 fold ? fold, call 10, raise to 20", "over"])
    assert [(e.seat, e.amount) for e in hand.history if isinstance(e, UncalledBetReturned)] == [(2, 10)]
    assert len(hand.up_cards(0)) == 4 and len(hand.down_cards(0)) == 3
    assert [(p, s, a) for p, s, _, a in awards(hand)] == [(1, 2, 22), (0, 0, 3)]
    assert hand.payouts == [3, 0, 32]
    assert hand.stacks == [3, 88, 110]
