"""The rules table: stacked-deck scenarios for every numbered rule of RULES.md
and every option value, in the five variants where the rule differs.

Every expectation here (actors, legal actions with their amounts, payouts,
stacks) was worked out by hand from RULES.md and the seeds, not read off the
engine.  Unless a scenario says otherwise: S = 10, B = 20, ante 2, BI 5
(the RULES.md 1 defaults for S = 10), stacks 1000.  Card strings list a
seat's cards in the order it gets them: "d1 d2 u3 u4 u5 u6 d7" in the
seven-card games, "down u2 u3 u4 u5" in Five Card Stud (helpers in
tests/rules_helpers.py).  Steps: "seat verb [amount] [? legal actions]".
"""

from __future__ import annotations

import pytest
from rules_helpers import (
    ALL_CARDS,
    ALL_VARIANTS,
    FIVE,
    SEVEN,
    awards,
    burns,
    check_down,
    community_events,
    deal,
    drive,
    legal_text,
    passive_to,
    seven,
    shown_order,
    snapshot,
    stack_deck,
)
from stud import Hand, IllegalActionError, Pot, Rules, Variant
from stud.game import BurnsReshuffled, StreetStarted, UncalledBetReturned

V7, V8, RZ, V5, V58 = (Variant.SEVEN_CARD_STUD, Variant.SEVEN_CARD_STUD_HILO, Variant.RAZZ,
                       Variant.FIVE_CARD_STUD, Variant.FIVE_CARD_STUD_HILO)
HI_FAMILY = (V7, V8, V5, V58)  # lowest upcard brings in, highest board acts first


def make(variant, hands, stacks=None, *, burn=None, seed=3, **rules_kw):
    rules = Rules(variant, rules_kw.pop("small_bet", 10), **rules_kw)
    kw = {} if burn is None else {"burn": burn}
    deck = deal(variant, hands, burns=rules.burn_cards, **kw)
    return Hand(rules, list(stacks or [1000] * len(hands)), deck=deck, seed=seed)


def first_street(variant):
    """Three seats' first-street cards with seat 0 to bring in (2c lowest in
    the hi games, Kc highest in Razz); later cards are left to the shuffle."""
    if variant == RZ:
        return ["2h 3h Kc", "4s 5s 9d", "6s 7h 2c"]
    if variant in SEVEN:
        return ["Ah Kh 2c", "Qs Js 9d", "Ts 8h Kc"]
    return ["Ah 2c", "Qs 9d", "Ts Kc"]


def fill(ups, per_down, avoid=()):
    """Seat strings: each seat's upcards with ``per_down`` filler down cards
    in front (and, for seven-card hands, nothing after)."""
    used = {c for u in ups for c in u.split()} | set(avoid)
    spare = [c for c in ALL_CARDS if c not in used]
    out = []
    for u in ups:
        downs = [spare.pop() for _ in range(per_down)]
        out.append(" ".join(downs + u.split()))
    return out


# =====================================================================================
# 1. Skeleton: streets, bet units, card counts, burns, antes, defaults
# =====================================================================================

# s0: Ac 2d | 3h 4s 5c Kd | Kh -> wheel (hi), wheel low, wheel (razz): s0 wins all
# s1: Kc Qd | 9h 8s 6d 6h | 2s -> pair of sixes, no 8-low, Q-9-8-6-2 in razz
SKELETON7 = ["Ac 2d 3h 4s 5c Kd Kh", "Kc Qd 9h 8s 6d 6h 2s"]
# hi: 3h < 9h: seat 0 brings in; boards 3-4 / 9-8, 5-4-3 / 9-8-6, K-5-4-3 / 6-6-9-8:
# seat 1 opens every later street.  Razz: 9h brings in; seat 0's board is the
# lowest every street (4-3, 5-4-3, K-5-4-3 unpaired against a pair).
SKELETON7_STEPS = {
    "hi": ["0 bring_in ? bring in for 5, complete to 10", "1 call ? fold, call 5, complete to 10",
           "street 4", "1 check ? check, bet 10", "0 check ? check, bet 10",
           "street 5", "1 check ? check, bet 20", "0 check ? check, bet 20",
           "street 6", "1 check ? check, bet 20", "0 check ? check, bet 20",
           # 3.5: the 6th-street opener opens 7th street again
           "street 7", "1 check ? check, bet 20", "0 check ? check, bet 20", "over"],
    "razz": ["1 bring_in ? bring in for 5, complete to 10", "0 call ? fold, call 5, complete to 10",
             "street 4", "0 check ? check, bet 10", "1 check ? check, bet 10",
             "street 5", "0 check ? check, bet 20", "1 check ? check, bet 20",
             "street 6", "0 check ? check, bet 20", "1 check ? check, bet 20",
             "street 7", "0 check ? check, bet 20", "1 check ? check, bet 20", "over"],
}


@pytest.mark.parametrize("burn_cards", [True, False], ids=["burns", "no_burns"])
@pytest.mark.parametrize("variant", SEVEN, ids=lambda v: v.name)
def test_1_skeleton_seven_card(variant, burn_cards):
    hand = make(variant, SKELETON7, burn_cards=burn_cards)
    assert [e.amount for e in hand.history if type(e).__name__ == "AntePosted"] == [2, 2]
    assert hand.pot == 4
    drive(hand, SKELETON7_STEPS["razz" if variant == RZ else "hi"])
    streets = [e.street for e in hand.history if isinstance(e, StreetStarted)]
    assert streets == [3, 4, 5, 6, 7]
    # the cards dealt are exactly the stacked ones: with burn_cards=False no
    # card is skipped between streets, with burns one card before 4th-7th
    assert [str(c) for c in hand.up_cards(0)] == "3h 4s 5c Kd".split()
    assert [str(c) for c in hand.down_cards(0)] == "Ac 2d Kh".split()
    assert [str(c) for c in hand.up_cards(1)] == "9h 8s 6d 6h".split()
    assert [str(c) for c in hand.down_cards(1)] == "Kc Qd 2s".split()
    assert len(burns(hand)) == (4 if burn_cards else 0)
    # pot 2 * (2 + 5) = 14, seat 0 has the best hand in all three games
    assert hand.payouts == [14, 0]
    assert hand.stacks == [1007, 993]


# s0: Ac | 3h 4s 5c 2d -> wheel and the A-5 low; s1: Kc | 9h 8s 6d 6h -> pair of sixes
SKELETON5 = ["Ac 3h 4s 5c 2d", "Kc 9h 8s 6d 6h"]


@pytest.mark.parametrize("burn_cards", [True, False], ids=["burns", "no_burns"])
@pytest.mark.parametrize("variant", FIVE, ids=lambda v: v.name)
def test_1_skeleton_five_card(variant, burn_cards):
    hand = make(variant, SKELETON5, burn_cards=burn_cards)
    drive(hand, ["0 bring_in ? bring in for 5, complete to 10",
                 "1 call ? fold, call 5, complete to 10",
                 "street 3", "1 check ? check, bet 10", "0 check ? check, bet 10",
                 "street 4", "1 check ? check, bet 20", "0 check ? check, bet 20",
                 "street 5", "1 check ? check, bet 20", "0 check ? check, bet 20", "over"])
    assert [e.street for e in hand.history if isinstance(e, StreetStarted)] == [2, 3, 4, 5]
    assert [str(c) for c in hand.up_cards(1)] == "9h 8s 6d 6h".split()
    assert [str(c) for c in hand.down_cards(1)] == ["Kc"]
    assert len(burns(hand)) == (3 if burn_cards else 0)
    assert hand.payouts == [14, 0]  # hi: straight; hi-lo: straight and wheel
    assert hand.stacks == [1007, 993]


@pytest.mark.parametrize("variant", ALL_VARIANTS, ids=lambda v: v.name)
def test_1_defaults_and_validation(variant):
    r = Rules(variant, 10)
    assert (r.big_bet, r.ante, r.bring_in) == (20, 2, 5)
    r = Rules(variant, 25)
    assert (r.big_bet, r.ante, r.bring_in) == (50, 5, 12)
    r = Rules(variant, 10, big_bet=30, ante=0, bring_in=10)
    assert (r.big_bet, r.ante, r.bring_in) == (30, 0, 10)
    for bad in ({"bring_in": 0}, {"bring_in": 11}, {"big_bet": 9}, {"ante": -1}):
        with pytest.raises(ValueError):
            Rules(variant, 10, **bad)
    # 2-8 players in the seven-card games, 2-10 in Five Card Stud
    top = 8 if variant in SEVEN else 10
    Hand(r, [100] * top, seed=1)
    for n in (1, top + 1):
        with pytest.raises(ValueError):
            Hand(r, [100] * n, seed=1)
    # option defaults (4.3, 4.4)
    d = Rules(variant, 10)
    assert d.heads_up_uncapped is (variant in FIVE)
    assert d.open_pair_double is (variant in (V7, V5))
    assert (d.bring_in_tiebreak, d.board_tiebreak, d.max_raises, d.reopen_rule, d.odd_chip,
            d.burn_cards, d.shortage) == ("position", "position", 3, "half_bet", "high_card",
                                          True, "community")


# =====================================================================================
# 2. Bring-in
# =====================================================================================

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


# 2.6 / 3.1 layout: seat 0 has the lowest upcard, and the best hand;
# seat 1: pair of queens; seat 2: trips kings.
ALLIN7 = ["Ac Ad 2c Ah 3d 4h 9s", "Qc Qd 9h 5s Td Js 3c", "Kc Kd 8h Ks 7d 6s Jh"]
ALLIN5 = ["Ac 2c Ah Ad 3d", "Qc 9h 5s Td Qd", "Kc 8h Ks 7d Kd"]


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


# =====================================================================================
# 3. First to act on later streets
# =====================================================================================

# (seat 0 upcards, seat 1 upcards, board_tiebreak, first to act); the number
# of upcards fixes the street.  3.2 hi games:
BOARDS_HI = [
    ("2c Ah", "Kd Qc", "position", 0),          # ace high
    ("2c Ah", "Kd Kc", "position", 1),          # pair > high cards
    ("2c Ah", "3c Ad", "position", 1),          # A-3 > A-2
    ("2c 9d 9h", "3s 9c 9s", "position", 1),    # pair of 9s, kicker 3 > 2
    ("2c 7d 2h", "Ac Kd Qh", "position", 0),    # pair of 2s > A-K-Q
    ("2h 5h 9h Jh", "3c Qd 8s Kc", "position", 1),  # four-flush ignored
    ("9c Td Jh Qs", "3c 8d 5s Kc", "position", 1),  # four-straight ignored
    ("5c 5d 2h 2s", "Ac Ad Kc Qd", "position", 0),  # two pair > pair
    ("3c 3d 3h 2s", "Kc Kd Qc Qd", "position", 0),  # trips > two pair
    ("2c 2d 2h 2s", "Ac Ad Ah Ks", "position", 0),  # quads > trips
    ("Qc Qd Jc Jd", "Kc Kd 2c 2d", "position", 1),  # kings up > queens up
    ("Kc Kd Jh 4s", "Ks Kh Jc 5d", "position", 1),  # kicker
    # 3.4 ties
    ("Kc 7d", "Ks 7h", "position", 0),
    ("Kc 7d", "Ks 7h", "suit", 1),              # Ks > Kc
    ("Ac 5s", "Ad 5c", "position", 0),
    ("Ac 5s", "Ad 5c", "suit", 1),              # the highest card's suit, not the kicker's
    ("8h 6c 3d", "8d 6s 3h", "suit", 0),        # 8h > 8d
]
# 3.3 Razz: lowest board first
BOARDS_RAZZ = [
    ("7c 6d", "8h 2s", "position", 0),          # 7-6 is lower than 8-2
    ("Kc Qd", "2c 2d", "position", 0),          # any unpaired < any paired
    ("Ac Ad", "2c 2s", "position", 0),          # A-A is the lowest pair
    ("3h 2d Ac", "4c 2s Ah", "position", 0),    # 3-2-A < 4-2-A
    ("Kc 2d", "Ac Kd", "position", 1),          # K-A < K-2: ace low
    ("Kc Kd 2c 3d", "Qc Qd Jc Jd", "position", 0),  # one pair < two pair
    ("2c 2d 2h 3s", "Qc Qd Jc Jd", "position", 1),  # two pair < trips
    ("5c 4h 3d 2s", "6c 4d 3h 2h", "position", 0),  # straight on board ignored
    ("7c 5d", "7s 5h", "position", 0),
    # Ambiguous (RULES.md 3.4 says "suit of the highest card" without saying
    # which way in Razz).  Reading chosen: the Razz order is the mirror of the
    # bring-in (2.2: the highest suit is the "highest" card), so the lowest
    # suit of the highest card is the lowest board and acts first: 7c < 7s.
    ("7s 5d", "7c 5h", "suit", 1),
]


def _board_case(variant, up0, up1, tiebreak):
    ups = [up0.split(), up1.split()]
    k = len(ups[0])
    per_down = 2 if variant in SEVEN else 1
    used = set(ups[0]) | set(ups[1])
    spare = [c for c in ALL_CARDS if c not in used]
    hands = [" ".join([spare.pop() for _ in range(per_down)] + u) for u in ups]
    hand = make(variant, hands, board_tiebreak=tiebreak)
    street = k + 2 if variant in SEVEN else k + 1
    passive_to(hand, street)
    return hand, street


@pytest.mark.parametrize("variant,up0,up1,tiebreak,seat",
                         [(v, *row) for v in HI_FAMILY for row in BOARDS_HI]
                         + [(RZ, *row) for row in BOARDS_RAZZ],
                         ids=lambda x: x.name if isinstance(x, Variant) else str(x).replace(" ", ""))
def test_3_1_to_3_4_first_to_act(variant, up0, up1, tiebreak, seat):
    hand, street = _board_case(variant, up0, up1, tiebreak)
    assert hand.street == street
    assert hand.actor == seat


# =====================================================================================
# 4. Bet sizes, raises, cap, heads-up, open pairs
# =====================================================================================

# Layout for later-street betting.  Seat 0 brings in (2c) and has the highest
# board every street (ace high); seat 0 trip aces, seat 1 queens, seat 2 trip
# kings, seat 3 (when present) a ten-high straight.  No 8-low for seats 0-2.
L3 = ALLIN7
L4 = ALLIN7 + ["5d 6d 7h 8d 9d Tc 2h"]


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
    if variant == RZ:
        # Razz: 9h brings in; seat 0's 4-2 is the lowest board and opens
        hand = make(RZ, OPEN7, **kw)
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


# =====================================================================================
# 5. Running out of cards (8 and 7 players)
# =====================================================================================

# Eight players, everybody checks to the end.  The 48 cards dealt to the
# players plus 3 burns (As before 4th, 2d before 5th, 2h before 6th) leave
# one card (2s).  7th street needs 9 (8 + burn): the burns go back under the
# stub in the order burned (Hand docstring, given deck): 2s As 2d 2h; still
# short, so 2s is burned and As is the community card.
EIGHT = [
    "5c 3d 4h 7s 9s Jd",
    "6c 4d 3h Ts Qc 5s",
    "9c 3c 9h Kc Kd 9d",   # nines full of kings, board K-K-9-9: opens 5th-7th
    "7c 5d 5h 8c Jh Ks",
    "Tc 6d 7h 3s Qd 4s",
    "Ac Ad Ah 4c 6h 8s",   # trip aces + the community As: quads, wins
    "Jc 7d 8h 6s Th Qh",
    "8d Td 2c Kh Js Qs",   # 2c: brings in
]


def test_5_1_5_2_eight_players_community_card():
    hand = make(V7, EIGHT, burn=["As", "2d", "2h"])
    steps = ["7 bring_in ? bring in for 5, complete to 10"]
    steps += [f"{s} call ? fold, call 5, complete to 10" for s in range(7)]
    steps += ["street 4"] + [f"{s} check" for s in (5, 6, 7, 0, 1, 2, 3, 4)]   # A-4 opens
    for street in (5, 6, 7):   # 3.5 / 5.2: seat 2 opens 6th and again 7th
        steps += [f"street {street}"] + [f"{s} check ? check, bet 20" for s in (2, 3, 4, 5, 6, 7, 0, 1)]
    drive(hand, steps[:-8])
    assert hand.street == 7 and hand.actor == 2
    assert community_events(hand) == ["As"]
    assert any(isinstance(e, BurnsReshuffled) for e in hand.history)
    assert burns(hand) == ["As", "2d", "2h", "2s"]
    assert [str(c) for c in hand.community] == ["As"]
    for seat in range(8):   # nobody got a 7th card of his own; everyone has the As
        assert len(hand.up_cards(seat)) + len(hand.down_cards(seat)) == 6
        assert "As" in [str(c) for c in hand.cards(seat)]
    drive(hand, steps[-8:] + ["over"])
    shown = [e for e in hand.history if type(e).__name__ == "HandShown"]
    assert [e.seat for e in shown] == [5]
    assert "As" in [str(c) for c in shown[0].cards] and len(shown[0].cards) == 7
    # 8.1: nobody bet on 7th: seat 2 (first to act) shows first, then clockwise
    assert [s for s, _ in shown_order(hand)] == [2, 3, 4, 5, 6, 7, 0, 1]
    assert hand.payouts == [0, 0, 0, 0, 0, 56, 0, 0]
    assert hand.stacks == [993] * 5 + [1049] + [993] * 2


def test_5_1_seven_players_burns_reshuffled_suffice():
    """Seven players: 21 + 3 * (1 + 7) = 45 cards out; 7th needs 8, the stub
    has 7: the three burns go back under it (Ks, 2c, 2d in the order burned)
    and that is enough: burn 2h, deal the six last cards to seats 0-5 and the
    first burn card, Ks, to seat 6 (quad kings).  No community card."""
    others = [  # seats 0-5: no quads, no straight flush (checked by hand)
        "2s 4s 6h 8c 9h Jc Qh", "3d 5c 6s 8d 9s Jd Qs", "3h 5d 7c 8h Tc Jh Ac",
        "3s 5s 7d 8s Td Js Ad", "4c 6c 7h 9c Th Qc Ah", "4h 6d 7s 9d Ts Qd As",
    ]
    seat6 = "3c Kc 4d Kh 5h Kd".split()   # + Ks as the 7th card
    seats = [o.split() for o in others] + [seat6]
    first = [" ".join(s[:3]) for s in seats]
    later = [{i: s[3 + k] for i, s in enumerate(seats)} for k in range(3)]
    deck = stack_deck(first, *later, burn=["Ks", "2c", "2d"])
    deck += " 2h " + " ".join(s[6] for s in seats[:6])
    hand = Hand(Rules(V7, 10), [1000] * 7, deck=deck, seed=1)
    passive_to(hand, 6)
    sixth = hand.actor
    passive_to(hand, 7)
    assert hand.actor == sixth   # 3.5
    assert community_events(hand) == []
    assert any(isinstance(e, BurnsReshuffled) for e in hand.history)
    assert burns(hand) == ["Ks", "2c", "2d", "2h"]
    for i, s in enumerate(seats[:6]):
        assert str(hand.down_cards(i)[-1]) == s[6]
    assert str(hand.down_cards(6)[-1]) == "Ks"
    check_down(hand)
    assert hand.payouts == [0] * 6 + [49]
    assert hand.stacks == [993] * 6 + [1042]


def test_5_1_ten_players_five_card_stud():
    """Five Card Stud, 10 players: 20 + 11 + 11 = 42 cards out, 10 left, 11
    needed for 5th street: the burns (As, 2c) go back under the stub; burn
    2d, the last nine cards to seats 0-8, the first burn (As) to seat 9:
    a royal flush."""
    others = ["2h 4s 7c 9d Qc", "2s 5c 7d 9h Qd", "3c 5d 7h 9s Qh", "3d 5h 7s Tc Kc",
              "3h 5s 8c Td Kd", "3s 6c 8d Th Kh", "4c 6d 8h Jc Ac", "4d 6h 8s Jd Ad",
              "4h 6s 9c Jh Ah"]   # no straight flush among them (checked by hand)
    seats = [o.split() for o in others] + ["Ts Js Qs Ks".split()]
    first = [" ".join(s[:2]) for s in seats]
    later = [{i: s[2 + k] for i, s in enumerate(seats)} for k in range(2)]
    deck = stack_deck(first, *later, burn=["As", "2c"]) + " 2d " + " ".join(s[4] for s in seats[:9])
    hand = Hand(Rules(V5, 10), [1000] * 10, deck=deck, seed=1)
    assert hand.actor == 0   # 4s: the lowest upcard
    check_down(hand)
    assert any(isinstance(e, BurnsReshuffled) for e in hand.history)
    assert community_events(hand) == []
    assert burns(hand) == ["As", "2c", "2d"]
    assert [str(c) for c in hand.up_cards(9)] == "Js Qs Ks As".split()
    for i, s in enumerate(seats[:9]):
        assert str(hand.up_cards(i)[-1]) == s[4]
    assert hand.payouts == [0] * 9 + [70]
    assert hand.stacks == [993] * 9 + [1063]


def test_5_1_eight_players_without_burns():
    """burn_cards=False: 48 cards out, 4 left, 8 needed, no burns to put
    back: one community card.  Ambiguous: RULES.md 5.1 says "burn (when at
    least 2 cards remain)" before the community card, but `need` counts a
    burn only "when burns are on"; reading chosen: with burn_cards off
    nothing is burned, so the community card is the 49th card."""
    rest = [c for c in ALL_CARDS if c not in " ".join(EIGHT).split()]  # 2d 2h 2s As
    deck = seven(EIGHT, burns=False) + " As 2d 2h 2s"
    hand = Hand(Rules(V7, 10, burn_cards=False), [1000] * 8, deck=deck, seed=1)
    check_down(hand)
    assert sorted(rest) == sorted(["2d", "2h", "2s", "As"])
    assert community_events(hand) == ["As"]
    assert burns(hand) == []
    assert hand.payouts == [0, 0, 0, 0, 0, 56, 0, 0]


# =====================================================================================
# 6. All-ins and incomplete wagers
# =====================================================================================

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


# reopen_rule="full_raise" follows pokerkit (RULES.md 6.3 names it as the model; see
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


# =====================================================================================
# 7. Pots
# =====================================================================================

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


# =====================================================================================
# 8. Showdown
# =====================================================================================

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


# =====================================================================================
# 9. Splitting: two players check it down (pot 2 * (2 + 5) = 14)
# =====================================================================================

SHOWDOWNS = [
    # 9.1 high
    (V7, "Ac 2d 3h 4s 5c 9c Kd", "2c 3c 4h 5s 6d Jc Qh", [0, 14]),   # wheel < 6-high straight
    (V7, "Ah Kd Qc Jc Ts 2d 3h", "Kh Qd Jd Th 9s 2c 4c", [14, 0]),   # broadway > K-high
    (V7, "2h 5h 9h Jh Kh 3c 4d", "8c 9d Ts Jd Qc 2s 3s", [14, 0]),   # flush > straight
    (V7, "2h 5h 9h Jh Kh 3c 4d", "3h 3s 3d 7c 7d 8s 9c", [0, 14]),   # full house > flush
    (V7, "5d 6d 7d 8d 9d 2c 3c", "Qc Qd Qh Qs 4h 4s 2h", [14, 0]),   # straight flush > quads
    (V7, "Ac Kd Qh Jh 9s 3c 2d", "As Kc Qd Js 9h 4c 2h", [7, 7]),    # tie: split
    (V5, "Ac Kd Qh Jh Ts", "2c 2d 2h 3s 3c", [0, 14]),               # full house > straight
    (V5, "Ac 2d 3h 4s 5c", "Kc Kd 7h 8s 9c", [14, 0]),               # wheel > pair
    # 9.2 / 9.3 Stud/8
    (V8, "6c 5d 4h 3s 2c Kd Kh", "7h 6h 3h 2h Ah Ks Qd", [7, 7]),    # 65432 low < 76321; flush high
    (V8, "6c 5d 4h 2s Ac Kd Qh", "6d 5c 4s 3h 2d Kc Ks", [7, 7]),    # 6542A < 65432
    (V8, "9c 7d 5h 3s 2c Kd Qh", "Ac Ad Th Js 4c Qs Kc", [0, 14]),   # 9 low: no low, high scoops
    (V8, "Ac Ad 2c 2d 3h 3s 4c", "Kc Kd Kh 9s Tc Jd 5h", [0, 14]),   # 4 distinct ranks: no low
    (V8, "Ah 2h 3h 4h 5h Kc Kd", "Ac As 6c 7d 8s Qc Qd", [14, 0]),   # steel wheel scoops
    (V8, "Kc Kd 2h 3h 4c 6d 7s", "Qc Qd 5h 8c 9d Jd 2s", [14, 0]),   # 8.3: kings high, 76432 low
    (V8, "Ah 2h 3h 5h 8h Kc Kd", "Ac 2d 4c 6d 7s Qs Js", [7, 7]),    # flush high; 7642A low
    (V8, "Ac 2c 3c 4d 6d Kh Qs", "Ad 2d 3d 4c 6c Kd Qc", [7, 7]),    # 9.4 same two tie both: even
    (V58, "Ac 2d 3h 4s 6c", "Kc Kd 2c 3d 4h", [7, 7]),               # 5-card low 6432A; kings high
    (V58, "2c 3d 4h 5s 9c", "Kc Kd 7c 8d Qh", [0, 14]),              # the low uses all five: none
    # 9.6 Razz
    (RZ, "Ac 2c 3c 4c 5c Kd Kh", "Ad 2d 3h 4s 6d 7s 8s", [14, 0]),   # wheel; straight/flush ignored
    (RZ, "Kc Qd Jh Th 9s 9c Kd", "2c 2d 3h 3s 4c 4d 2h", [14, 0]),   # K-high beats two pair: no qualifier
    (RZ, "Ac Ad 2c 2d 3h 3s 4c", "Kc Kd Qh Qs Jc Jd Kh", [14, 0]),   # one pair < two pair
    (RZ, "Ac 2d 3h 4s 6c Kd Kh", "2c 3d 4h 5s 7c Qd Qh", [14, 0]),   # ace low
    (RZ, "Ac 2d 3h 4s 5c Kd Kh", "Ad 2c 3s 4h 5d Qd Qh", [7, 7]),    # tie
]


@pytest.mark.parametrize("variant,h0,h1,payouts", SHOWDOWNS,
                         ids=[f"{v.name}-{i}" for i, (v, *_) in enumerate(SHOWDOWNS)])
def test_9_showdown_table(variant, h0, h1, payouts):
    hand = make(variant, [h0, h1])
    check_down(hand)
    assert hand.payouts == payouts
    assert hand.stacks == [993 + payouts[0], 993 + payouts[1]]
    # 8.2 automation: a hand shows iff it takes a share
    assert {s for s, what in shown_order(hand) if what == "show"} == {
        s for s in (0, 1) if payouts[s]}


def test_9_4_seed_quartered_low():
    """Seed: J1 and J2 tie for low (6-4-3-2-A), J2 has trip aces for high:
    J1 25%, J2 75% of a 24-chip pot."""
    hand = make(V8, ["Ac 2c 3c 4d 6d Kh Qs", "Ah As Ad 2h 3h 4s 6s"])
    drive(hand, ["0 bring_in ? bring in for 5, complete to 10",   # 3c < Ad
                 "1 complete 10", "0 call ? fold, call 10, raise to 20", "street 4"])
    check_down(hand)
    assert hand.payouts == [6, 18]
    assert hand.stacks == [994, 1006]


def test_9_3_side_pot_low_half_not_to_main_pot_player():
    """Stud/8: seat 0 (the only low, 7-5-4-2-A) is all in on 3rd for the main
    pot only.  Main pot 36: high to seat 2's kings, low to seat 0.  Side pot
    20 (seats 1, 2): no low among its players: seat 2's high scoops it."""
    hands = ["Ac 2c 4c 5d 7h Ts Jd", "Qc Qd 3d 9c Th 6s Kh", "Ks 8h Kc Jh 9h 2s 3s"]
    hand = make(V8, hands, [12, 1000, 1000])
    drive(hand, ["1 bring_in ? bring in for 5, complete to 10",   # 3d lowest
                 "2 complete 10 ? fold, call 5, complete to 10",
                 "0 call ? fold, call 10",                         # all in
                 "1 call ? fold, call 10, raise to 20",
                 "street 4",
                 "2 bet 10 ? check, bet 10",                       # K-J > 9-3
                 "1 call ? fold, call 10, raise to 20"])
    assert hand.pots == [Pot(36, (0, 1, 2)), Pot(20, (1, 2))]
    check_down(hand)
    assert hand.payouts == [18, 0, 38]
    assert hand.stacks == [18, 978, 1016]


# Three players, ante 1: seat 2 folds, pot 3 + 5 + 5 = 13.
@pytest.mark.parametrize("odd_chip", ["high_card", "position"])
def test_9_5_odd_chip_hi_tie(odd_chip):
    """A-K-Q-J-9 each; the odd chip: high_card -> the As (seat 1) beats the
    Ac; position -> the lowest seat (ambiguous, see the report: "position" is
    read as nearest the dealer's left, as everywhere else in RULES.md)."""
    hands = ["Ac Kd 2d Jh 9s 3c Qh", "As Kc 4c Js 9h 2h Qd", "7c 8c 5d"]
    hand = make(V7, hands, ante=1, odd_chip=odd_chip)
    drive(hand, ["0 bring_in", "1 call", "2 fold ? fold, call 5, complete to 10", "street 4"])
    check_down(hand)
    assert hand.payouts == ([6, 7, 0] if odd_chip == "high_card" else [7, 6, 0])
    assert hand.stacks == ([1000, 1001, 999] if odd_chip == "high_card" else [1001, 1000, 999])


@pytest.mark.parametrize("odd_chip", ["high_card", "position"])
def test_9_3_9_5_odd_chip_in_a_half(odd_chip):
    """Stud/8, pot 13: high half 7 (odd chip to the high, 9.3), low 6.  The
    high is tied (eights and sevens, ace kicker): 3 + 1 odd chip; seat 1 also
    has the only low (8-7-3-2-A)."""
    hands = ["8c 8d Ah 7c 7d Kc Qc", "8h 8s 2h 7h 7s As 3c", "Td Jd 9d"]
    hand = make(V8, hands, ante=1, odd_chip=odd_chip)
    drive(hand, ["1 bring_in", "2 fold ? fold, call 5, complete to 10", "0 call", "street 4"])
    check_down(hand)
    assert hand.payouts == ([3, 10, 0] if odd_chip == "high_card" else [4, 9, 0])


# RULES.md 9.5 does not say which card is "highest" in a low: stud reads the low as
# it plays, ace low, so the highest card of 6-4-3-2-A is the 6.
@pytest.mark.parametrize("odd_chip", ["high_card", "position"])
def test_9_5_odd_chip_in_a_tied_low_half(odd_chip):
    """Stud/8, ante 1, BI 4, seat 2 folds: pot 11, high 6 (seat 1's trip
    aces), low 5 split 2 + 2 + 1 between the two 6-4-3-2-A lows.  high_card:
    read as the highest card of the low as it plays (ace low): 6s (seat 0) >
    6c (seat 1).  position: seat 0."""
    hands = ["Ac 2c 3d 4d 6s Kh Qh", "As Ad Ah 2h 3h 4s 6c", "7c 8c 9d"]
    hand = make(V8, hands, ante=1, bring_in=4, odd_chip=odd_chip)
    drive(hand, ["0 bring_in ? bring in for 4, complete to 10",
                 "1 call ? fold, call 4, complete to 10",
                 "2 fold ? fold, call 4, complete to 10", "street 4"])
    check_down(hand)
    assert hand.payouts == [3, 8, 0]


# =====================================================================================
# 10. Illegal actions: refused, with what is legal, hand unchanged
# =====================================================================================

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
