"""Rules table, docs/rules.md 8 -- Showdown.

Conventions (defaults, card strings, steps): tests/rules/__init__.py.
"""

from __future__ import annotations

import pytest

from tests.support.rules_helpers import (
    L3,
    V7,
    drive,
    make,
    passive_to,
    shown_order,
)


@pytest.mark.parametrize("bet_on_7th", [True, False, "raise"])
def test_8_1_8_2_showdown_order(bet_on_7th):
    hand = make(V7, L3)
    passive_to(hand, 7)
    if bet_on_7th == "raise":   # the raiser shows first, then clockwise
        drive(hand, ["0 check", "1 bet 20", "2 raise 40 ? fold, call 20, raise to 40",
                     "0 fold ? fold, call 40, raise to 60", "1 call ? fold, call 40, raise to 60",
                     "over"])
        assert shown_order(hand) == [(2, "show"), (1, "muck")]
        assert hand.payouts == [0, 0, 101]
        assert hand.stacks == [993, 953, 1054]
    elif bet_on_7th:
        drive(hand, ["0 check ? check, bet 20", "1 bet 20", "2 call ? fold, call 20, raise to 40",
                     "0 call ? fold, call 20, raise to 40", "over"])
        assert shown_order(hand) == [(1, "muck"), (2, "muck"), (0, "show")]
        assert hand.payouts == [81, 0, 0]
        assert hand.stacks == [1054, 973, 973]
    else:
        drive(hand, ["0 check", "1 check", "2 check", "over"])
        assert shown_order(hand) == [(0, "show"), (1, "muck"), (2, "muck")]
        assert hand.payouts == [21, 0, 0]
