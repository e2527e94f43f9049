"""Rules table, docs/rules.md 4 -- Bet sizes, raises, cap, heads-up, open pairs.

Conventions (defaults, card strings, steps): tests/rules/__init__.py.
"""

from __future__ import annotations

import pytest
from stud import IllegalActionError, Rules

from tests.support.rules_helpers import (
    ALL_VARIANTS,
    FIVE,
    L3,
    LOW_FAMILY,
    SEVEN,
    V5,
    V7,
    V8,
    check_down,
    drive,
    first_street,
    legal_text,
    make,
    passive_to,
    snapshot,
)


@pytest.mark.parametrize("max_raises", [3, 4])
@pytest.mark.parametrize("variant", [V7, V8], ids=lambda v: v.name)
def test_4_1_4_2_cap_on_a_big_street(variant, max_raises):
    hand = make(variant, L3, max_raises=max_raises)
    passive_to(hand, 5)
    steps = ["0 bet 20 ? check, bet 20",
             "1 raise 40 ? fold, call 20, raise to 40",
             "2 raise 60 ? fold, call 40, raise to 60",
             "0 raise 80 ? fold, call 60, raise to 80"]
    if max_raises == 3:
        steps += ["1 call ? fold, call 80", "2 call ? fold, call 80", "street 6"]
        total = 87
    else:
        steps += ["1 raise 100 ? fold, call 80, raise to 100",
                  "2 call ? fold, call 100", "0 call ? fold, call 100", "street 6"]
        total = 107
    drive(hand, steps)
    check_down(hand)
    assert hand.payouts == [3 * total, 0, 0]
    assert hand.stacks == [1000 + 2 * total, 1000 - total, 1000 - total]


@pytest.mark.parametrize("variant", ALL_VARIANTS, ids=lambda v: v.name)
def test_4_1_wrong_sizes_refused(variant):
    hand = make(variant, first_street(variant))
    for kind, amount in (("complete", 9), ("complete", 15), ("bring_in", 4), ("raise", 10)):
        before = snapshot(hand)
        with pytest.raises(IllegalActionError, match="legal: bring in for 5, complete to 10"):
            hand.act(kind, amount)
        assert snapshot(hand) == before
    drive(hand, ["0 bring_in", "1 complete 10"])
    # (a call, fold or check takes no amount of its own: the engine documents
    # that any amount given with them is ignored, so none is tried here)
    for kind, amount in (("raise", 25), ("raise", 15), ("raise", 30), ("complete", 20)):
        before = snapshot(hand)
        with pytest.raises(IllegalActionError, match="legal: fold, call 10, raise to 20"):
            hand.act(kind, amount)
        assert snapshot(hand) == before


HEADS_UP5 = ["Ah 2c", "Qs 9d"]  # seat 0 brings in (2c)


def _heads_up_steps(uncapped):
    steps = ["0 bring_in", "1 complete 10",
             "0 raise 20 ? fold, call 10, raise to 20",
             "1 raise 30 ? fold, call 20, raise to 30",
             "0 raise 40 ? fold, call 30, raise to 40"]
    if uncapped:
        steps += ["1 raise 50 ? fold, call 40, raise to 50",
                  "0 raise 60 ? fold, call 50, raise to 60",
                  "1 fold ? fold, call 60, raise to 70", "over"]
    else:
        steps += ["1 fold ? fold, call 40", "over"]
    return steps


@pytest.mark.parametrize("option", [None, True, False], ids=["default", "True", "False"])
@pytest.mark.parametrize("variant", ALL_VARIANTS, ids=lambda v: v.name)
def test_4_3_heads_up(variant, option):
    """Default: uncapped heads-up in the Five Card Stud games, capped in the
    seven-card games; the option forces either on any game."""
    kw = {} if option is None else {"heads_up_uncapped": option}
    hand = make(variant, first_street(variant)[:2], **kw)
    uncapped = option if option is not None else variant in FIVE
    drive(hand, _heads_up_steps(uncapped))
    if uncapped:   # seat 0's 60 called to 50: 10 back; pot 4 + 50 + 50
        assert hand.payouts == [114, 0]
        assert hand.stacks == [1052, 948]
    else:          # seat 0's 40 called to 30
        assert hand.payouts == [74, 0]
        assert hand.stacks == [1032, 968]


def test_4_3_round_that_begins_heads_up():
    """Five Card Stud, three players: the first round begins three-handed
    (capped, though it ends heads-up); the second begins heads-up: uncapped."""
    hands = ["Ah 2c Kd", "Qs 9d Kh", "Ts 8h"]   # 3rd street: K-9 beats K-2
    hand = make(V5, hands)
    drive(hand, ["0 bring_in", "1 complete 10", "2 fold ? fold, call 10, raise to 20",
                 "0 raise 20", "1 raise 30", "0 raise 40 ? fold, call 30, raise to 40",
                 "1 call ? fold, call 40", "street 3",
                 "1 bet 10 ? check, bet 10", "0 raise 20", "1 raise 30", "0 raise 40",
                 "1 raise 50 ? fold, call 40, raise to 50",
                 "0 fold ? fold, call 50, raise to 60", "over"])
    assert hand.payouts == [0, 176, 0]
    assert hand.stacks == [918, 1084, 998]


def test_4_3_heads_up_counts_players_with_chips():
    """Five Card Stud, three players; seat 2 all in on 2nd street.  3rd street
    begins with two players who still have chips: uncapped (WSOP 127)."""
    hands = ["Ah 2c Kd", "Qs 9d Kh Ks Kc", "Ts 8h 3c 4d 5s"]
    hand = make(V5, hands, [1000, 1000, 12])
    drive(hand, ["0 bring_in", "1 complete 10", "2 call ? fold, call 10",
                 "0 call ? fold, call 10, raise to 20", "street 3",
                 "1 bet 10 ? check, bet 10", "0 raise 20", "1 raise 30", "0 raise 40",
                 "1 raise 50 ? fold, call 40, raise to 50",
                 "0 fold ? fold, call 50, raise to 60", "over"])
    # main 36 (seats 1, 2) and side 80 (seat 1) to seat 1's trip kings, + 10 back
    assert hand.payouts == [0, 126, 0]
    assert hand.stacks == [948, 1064, 0]


# Open-pair layout: seat 2 pairs eights on 4th street (3rd in Five Card Stud).
OPEN7 = ["Ac Ad 2c 4h", "Qc Qd 9h Ks", "Jc Jd 8h 8s"]
OPEN5 = ["Ac 2c 4h", "Qc 9h Ks", "Jc 8h 8s"]


@pytest.mark.parametrize("option", [None, True, False], ids=["default", "True", "False"])
@pytest.mark.parametrize("variant", ALL_VARIANTS, ids=lambda v: v.name)
def test_4_4_open_pair(variant, option):
    kw = {} if option is None else {"open_pair_double": option}
    double = option if option is not None else variant in (V7, V5)
    if double and variant not in (V7, V5):
        # 4.4: never in Stud/8, Razz or Five Card Stud Hi-Lo: the option is refused there
        with pytest.raises(ValueError, match="4.4"):
            Rules(variant, 10, **kw)
        return
    if variant in LOW_FAMILY:
        # Razz (2-7 Razz, Hi-Lo Regular alike): 9h brings in; seat 0's 4-2 is
        # the lowest board and opens
        hand = make(variant, OPEN7, **kw)
        drive(hand, ["1 bring_in", "2 call", "0 call", "street 4"])
        assert hand.actor == 0
        assert legal_text(hand) == ("check, bet 10, bet 20" if double else "check, bet 10")
        return
    hand = make(variant, OPEN7 if variant in SEVEN else OPEN5, **kw)
    second = 4 if variant in SEVEN else 3
    drive(hand, ["0 bring_in", "1 call", "2 call", f"street {second}"])
    if not double:
        drive(hand, ["2 bet 10 ? check, bet 10", "0 raise 20 ? fold, call 10, raise to 20",
                     "1 fold ? fold, call 20, raise to 30", "2 fold ? fold, call 20, raise to 30",
                     "over"])
        assert hand.payouts == [51, 0, 0]
        assert hand.stacks == [1024, 993, 983]
        return
    # any player may bet or raise S or B while a pair shows; a B-sized bet
    # or raise makes every later raise B
    drive(hand, ["2 check ? check, bet 10, bet 20",
                 "0 check ? check, bet 10, bet 20",   # not his pair: same choice
                 "1 bet 10 ? check, bet 10, bet 20",
                 "2 raise 20 ? fold, call 10, raise to 20, raise to 30",
                 "0 raise 40 ? fold, call 20, raise to 30, raise to 40",
                 "1 raise 60 ? fold, call 40, raise to 60",   # cap: bet + 3 raises
                 "2 fold ? fold, call 60", "0 fold ? fold, call 60", "over"])
    # seat 1's 60 called to 40: 20 back.  Pot 21 + 40 + 20 + 40 (+20 returned)
    assert hand.payouts == [0, 141, 0]
    assert hand.stacks == [953, 1074, 973]


@pytest.mark.parametrize("variant", [V7, V5], ids=lambda v: v.name)
def test_4_4_open_pair_big_bet_first(variant):
    hand = make(variant, OPEN7 if variant in SEVEN else OPEN5)
    drive(hand, ["0 bring_in", "1 call", "2 call",
                 "2 bet 20 ? check, bet 10, bet 20",
                 "0 fold ? fold, call 20, raise to 40",
                 "1 fold ? fold, call 20, raise to 40", "over"])
    assert hand.payouts == [0, 0, 41]
    assert hand.stacks == [993, 993, 1014]
