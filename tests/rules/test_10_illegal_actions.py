"""Rules table, docs/rules.md 10 -- Illegal actions: refused, with what is legal, hand unchanged.

Conventions (defaults, card strings, steps): tests/rules/__init__.py.
"""

from __future__ import annotations

import pytest
from stud import IllegalActionError

from tests.support.rules_helpers import (
    L3,
    V7,
    check_down,
    legal_text,
    make,
    passive_to,
    snapshot,
)


def test_10_illegal_actions_leave_the_hand_unchanged():
    hand = make(V7, L3)
    cases = []

    def refuse(kind, amount=None, legal=None):
        before = snapshot(hand)
        with pytest.raises(IllegalActionError) as info:
            hand.act(kind, amount)
        assert "legal: " + legal_text(hand) in str(info.value)
        if legal is not None:
            assert legal_text(hand) == legal
        assert snapshot(hand) == before
        cases.append(str(info.value))

    refuse("fold", legal="bring in for 5, complete to 10")
    refuse("check")
    refuse("bet", 10)
    refuse("complete", 12)
    hand.bring_in()
    refuse("check", legal="fold, call 5, complete to 10")
    refuse("raise", 10)
    refuse("complete", 20)
    refuse("bring_in", 5)
    passive_to(hand, 4)
    refuse("bet", 15, legal="check, bet 10")
    refuse("bet", 20)            # no open pair
    refuse("call")
    refuse("raise", 20)
    hand.bet(10)
    refuse("check", legal="fold, call 10, raise to 20")
    refuse("raise", 30)
    refuse("bet", 20)
    check_down(hand)
    with pytest.raises(IllegalActionError):
        hand.act("check")
    assert len(cases) == 15
