"""Facts observed of pokerkit, the oracle of tests/test_pokerkit_differential.py.

The differences D1..D12 between pokerkit and docs/rules.md listed in the
docstring of tests/support/pokerkit_driver.py, one test per fact, plus the
hands the driver once checked itself on (agreements).  Each test plays a
stacked deck through the driver (``play_pokerkit`` and its helpers
``_deck_for``, ``_probe``, ``_autoplay``, ``_openers``, ``_legal_at``) and
pins what pokerkit does; where stud's side is cheap to show, the same deck
and actions are played through ``stud.Hand`` too, with stud's defaults (the
rule book) and, where docs/rules.md has an option for pokerkit's way, with
that option.

Observed on pokerkit 0.7.7 (``pokerkit_version()``): a failure after a
pokerkit upgrade means pokerkit changed; update the driver's docstring and
the differential test's list of known differences with it.  Select these
tests with ``pytest -m pokerkit_observed``.

Legal actions are compared in the driver's format: a sorted list of
``(kind, total)``, ``total`` the actor's bet for the round after the action
(None for fold and check).
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pokerkit")

from pokerkit import FixedLimitSevenCardStud  # noqa: E402
from stud import ActionKind, Hand, Rules, Variant  # noqa: E402

from tests.support import pokerkit_driver as pkd  # noqa: E402
from tests.support.pokerkit_driver import (  # noqa: E402
    _autoplay,
    _deck_for,
    _legal_at,
    _openers,
    _probe,
)

VARIANTS = {"stud": Variant.SEVEN_CARD_STUD, "stud8": Variant.SEVEN_CARD_STUD_HILO,
            "razz": Variant.RAZZ}


# ---- stud's side: the same deck and actions through stud.Hand ----------------------------


def stud_hand(variant, small, big, ante, bring_in, stacks, deck, actions=(), **options):
    """A stud hand on the driver's deck list, after ``actions`` (driver tuples)."""
    rules = Rules(VARIANTS[variant], small, big, ante, bring_in, **options)
    hand = Hand(rules, list(stacks), deck=" ".join(deck))
    for kind, amount in actions:
        hand.act(kind, amount)
    return hand


def stud_legal(hand) -> list:
    """stud's legal actions in the driver's format."""
    out = [(a.kind.name.lower(),
            None if a.kind in (ActionKind.FOLD, ActionKind.CHECK) else a.amount)
           for a in hand.legal_actions()]
    return sorted(out, key=lambda e: (e[0], -1 if e[1] is None else e[1]))


def stud_autoplay(hand, prefix=(), *, aggressive=False) -> dict:
    """The driver's ``_autoplay`` in stud: ``prefix``, then bring in / (bet if
    ``aggressive``) / call / check to the end.  Returns the first actor of
    each street, like ``_openers``."""
    prefix = list(prefix)
    openers: dict = {}
    while not hand.is_over:
        openers.setdefault(hand.street, hand.actor)
        if prefix:
            hand.act(*prefix.pop(0))
            continue
        legal = dict(stud_legal(hand))
        for kind in (("bring_in", "bet", "call", "check") if aggressive
                     else ("bring_in", "call", "check")):
            if kind in legal:
                hand.act(kind, legal[kind])
                break
    return openers


# ---- shared layouts ---------------------------------------------------------------------

# heads-up, stud S=10: seat 0 (9c up) brings in; 4th street 9c5d vs Ts5h: seat 1 opens
H2 = [("2c", "3c", "9c"), ("2d", "3d", "Ts")]
L2 = [("5d", "5h"), ("Ac", "Ah"), ("7c", "7d"), ("Tc", "Td")]
# three players: seat 0 (9c) brings in; 4th street Js6s (seat 2) opens
H3 = [("2c", "3c", "9c"), ("2d", "3d", "Ts"), ("4c", "4d", "Js")]
L3 = [("5d", "5h", "6s"), ("Ac", "Ah", "Ad"), ("7c", "7d", "7h"), ("Tc", "Td", "Th")]
# as H3, but seat 2 (2s) brings in
H3c = [("2c", "3c", "9c"), ("2d", "3d", "Ts"), ("4c", "4d", "2s")]
# four players: seat 0 (9c) brings in; 4th street Qs7s (seat 3) opens
H4 = [("2c", "3c", "9c"), ("2d", "3d", "Ts"), ("4c", "4d", "Js"), ("5c", "6c", "Qs")]
L4 = [("5d", "5h", "6s", "7s"), ("Ac", "Ah", "Ad", "As"), ("7c", "7d", "7h", "8c"),
      ("Tc", "Td", "Th", "9s")]


# ---- D1 bring-in (docs/rules.md 2.1, 2.2) ---------------------------------------------------


@pytest.mark.pokerkit_observed
def test_d1_bring_in_tie_broken_by_suit():
    """D1 (docs/rules.md 2.2): pokerkit breaks a bring-in rank tie by suit, clubs
    lowest (c < d < h < s): upcards 5s / 5c / 9d -> seat 1 (5c) brings in.
    That is stud's ``bring_in_tiebreak="suit"``; stud's default "position"
    makes the lowest seat (seat 0, 5s) bring in."""
    deck = _deck_for([("Ah", "Kd", "5s"), ("2h", "3d", "5c"), ("Qs", "Qh", "9d")])
    t = _probe("stud", 10, 20, 1, 5, [100] * 3, deck, [])
    assert t["decisions"][0]["actor"] == 1
    assert stud_hand("stud", 10, 20, 1, 5, [100] * 3, deck).actor == 0
    assert stud_hand("stud", 10, 20, 1, 5, [100] * 3, deck, bring_in_tiebreak="suit").actor == 1


@pytest.mark.pokerkit_observed
def test_d1_stud_bring_in_ace_high():
    """D1 (docs/rules.md 2.1), agreement: in stud the ace counts high for the
    bring-in: upcards As / Kc / 9d -> seat 2 (9d) brings in, not the ace.
    stud: the same."""
    deck = _deck_for([("Kh", "Kd", "As"), ("2h", "3d", "Kc"), ("Qs", "Qh", "9d")])
    t = _probe("stud", 10, 20, 1, 5, [100] * 3, deck, [])
    assert t["decisions"][0]["actor"] == 2          # As is not low in stud
    assert stud_hand("stud", 10, 20, 1, 5, [100] * 3, deck).actor == 2


@pytest.mark.pokerkit_observed
def test_d1_razz_bring_in_tie_broken_by_highest_suit():
    """D1 (docs/rules.md 2.2): in Razz pokerkit's bring-in is the highest upcard
    and a tie goes to the highest suit: upcards Kc / Ks / 2c -> seat 1 (Ks).
    stud: seat 1 with ``bring_in_tiebreak="suit"``, seat 0 (Kc, the lowest
    seat) with the default "position"."""
    deck = _deck_for([("Ah", "2d", "Kc"), ("2h", "3d", "Ks"), ("Qs", "4h", "2c")])
    t = _probe("razz", 10, 20, 1, 5, [100] * 3, deck, [])
    assert t["decisions"][0]["actor"] == 1
    assert stud_hand("razz", 10, 20, 1, 5, [100] * 3, deck).actor == 0
    assert stud_hand("razz", 10, 20, 1, 5, [100] * 3, deck, bring_in_tiebreak="suit").actor == 1


@pytest.mark.pokerkit_observed
def test_d1_razz_bring_in_king_high_ace_low():
    """D1 (docs/rules.md 2.1), agreement: in Razz the king is the highest
    upcard and the ace the lowest: upcards Ac / Qs / Kc -> seat 2 (Kc) brings
    in.  stud: the same."""
    deck = _deck_for([("2h", "2d", "Ac"), ("3h", "3d", "Qs"), ("4s", "4h", "Kc")])
    t = _probe("razz", 10, 20, 1, 5, [100] * 3, deck, [])
    assert t["decisions"][0]["actor"] == 2          # K highest in Razz, A lowest
    assert stud_hand("razz", 10, 20, 1, 5, [100] * 3, deck).actor == 2


# ---- D2 later-street openers (docs/rules.md 3.1-3.5) ----------------------------------------


@pytest.mark.pokerkit_observed
def test_d2_equal_boards_lowest_seat_opens():
    """D2 (docs/rules.md 3.4, 3.5): equal boards -> the lowest seat opens, with no
    suit option in pokerkit: 9c5d.. vs 9s5h.. -> seat 0 opens 4th to 7th
    (7th street's opener is 6th's).  = stud's default ``board_tiebreak=
    "position"``; with "suit" stud opens with seat 1 (9s)."""
    H = [("2c", "3c", "9c"), ("2d", "3d", "9s"), ("4c", "4d", "3h")]
    L = [("5d", "5h", "2s"), ("Ac", "Ah", "Qh"), ("7c", "7d", "8h"), ("Tc", "Td", "Th")]
    o = _openers(_autoplay("stud", 10, 20, 1, 5, [100] * 3, _deck_for(H, L)))
    assert o[4] == o[5] == o[6] == o[7] == 0        # 9c5d.. == 9s5h..: lowest seat
    ours = stud_autoplay(stud_hand("stud", 10, 20, 1, 5, [100] * 3, _deck_for(H, L)))
    assert [ours[s] for s in (4, 5, 6, 7)] == [0, 0, 0, 0]
    suit = stud_autoplay(stud_hand("stud", 10, 20, 1, 5, [100] * 3, _deck_for(H, L),
                                   board_tiebreak="suit"))
    assert [suit[s] for s in (4, 5, 6, 7)] == [1, 1, 1, 1]


HIGH_BOARDS = {
    # AK tie -> seat 0 on 4th; AKQ > AKJ on 5th
    "AK-tie_AKQ-over-AKJ": ([("2c", "3c", "Ac"), ("2d", "3d", "As"), ("4c", "5d", "9d")],
                            [("Kh", "Kd", "2s"), ("Jh", "Qh", "3h"), ("7c", "7d", "8h"),
                             ("Tc", "Td", "Th")],
                            {4: 0, 5: 1}),
    # KK > 44 > AK on 4th; then AA.. on 5th
    "KK-over-44-over-AK": ([("2c", "3c", "Ac"), ("2d", "3d", "4s"), ("4c", "5d", "Kd")],
                           [("Kh", "4h", "Ks"), ("Ah", "5h", "Qh"), ("7c", "7d", "8h"),
                            ("Tc", "Td", "Th")],
                           {4: 2, 5: 0}),
    # 2c2d3c4c (two pair) > 5h6h7h8h on 6th: no straights or flushes on board
    "two-pair-over-straight-flush-board": ([("Kc", "Qc", "5h"), ("Kd", "Qd", "2c"),
                                            ("Ks", "Qs", "9s")],
                                           [("6h", "2d", "Ts"), ("7h", "3c", "Js"),
                                            ("8h", "4c", "3s")],
                                           {6: 1}),
}


@pytest.mark.pokerkit_observed
@pytest.mark.parametrize("case", list(HIGH_BOARDS))
def test_d2_high_board_ranking(case):
    """D2 (docs/rules.md 3.2), agreement: pokerkit ranks high boards as 3.2 does
    (made ranks, then side cards from the top, aces high; straights and
    flushes on board mean nothing).  stud: the same openers."""
    H, L, want = HIGH_BOARDS[case]
    o = _openers(_autoplay("stud", 10, 20, 1, 5, [100] * 3, _deck_for(H, L)))
    assert {s: o[s] for s in want} == want
    ours = stud_autoplay(stud_hand("stud", 10, 20, 1, 5, [100] * 3, _deck_for(H, L)))
    assert {s: ours[s] for s in want} == want


RAZZ_H = [("Kc", "Qc", "Ac"), ("Kd", "Qd", "2d"), ("Ks", "Qs", "Ts")]
RAZZ_BOARDS = {
    # 7-6 before 8-2 and 9-2
    "76-before-82": ([("Kc", "Qc", "7c"), ("Kd", "Qd", "8d"), ("Ks", "Qs", "2s")],
                     [("6h", "2h", "9h"), ("Jc", "Jd", "Js"), ("Tc", "Td", "Ts"),
                      ("3c", "3d", "3s")],
                     0),
    # unpaired T-9 before A-A and 2-2
    "T9-before-pairs": (RAZZ_H,
                        [("Ah", "2h", "9h"), ("4c", "4d", "4s"), ("5c", "5d", "5s"),
                         ("6c", "6d", "6h")],
                        2),
    # A-A is the lowest pair (A-A before 2-2 and T-T)
    "AA-lowest-pair": (RAZZ_H,
                       [("Ah", "2h", "Th"), ("4c", "4d", "4s"), ("5c", "5d", "5s"),
                        ("6c", "6d", "6h")],
                       0),
}


@pytest.mark.pokerkit_observed
@pytest.mark.parametrize("case", list(RAZZ_BOARDS))
def test_d2_razz_board_ranking(case):
    """D2 (docs/rules.md 3.3), agreement: pokerkit ranks Razz boards as 3.3 does
    (every unpaired board below every paired one, highest card first; aces
    low, A-A the lowest pair): the 4th-street opener.  stud: the same."""
    H, L, want = RAZZ_BOARDS[case]
    o = _openers(_autoplay("razz", 10, 20, 1, 5, [100] * 3, _deck_for(H, L)))
    assert o[4] == want
    assert stud_autoplay(stud_hand("razz", 10, 20, 1, 5, [100] * 3, _deck_for(H, L)))[4] == want


@pytest.mark.pokerkit_observed
def test_d2_all_in_best_board_is_skipped():
    """D2 (docs/rules.md 3.1), agreement: the best board (seat 2, AhAs) is all
    in, so 4th street starts with the next seat clockwise with chips (seat
    0).  stud: the same."""
    H = [("2c", "3c", "4c"), ("2d", "3d", "5d"), ("Ac", "Ad", "Ah")]
    L = [("6h", "7h", "As"), ("8c", "8d", "8h"), ("9c", "9d", "9h"), ("Tc", "Td", "Th")]
    prefix = [("bring_in", 5), ("call", 5), ("complete", 10), ("call", 10), ("call", 10)]
    t = _autoplay("stud", 10, 20, 1, 5, [100, 100, 11], _deck_for(H, L), prefix)
    assert _openers(t)[4] == 0                      # AA on board all in: next clockwise
    ours = stud_autoplay(stud_hand("stud", 10, 20, 1, 5, [100, 100, 11], _deck_for(H, L)), prefix)
    assert ours[4] == 0


# ---- D3 heads-up cap (docs/rules.md 4.2, 4.3) -----------------------------------------------


@pytest.mark.pokerkit_observed
def test_d3_heads_up_capped():
    """D3 (docs/rules.md 4.3): pokerkit always caps a round, heads-up too: on 4th
    street bet 10, raises to 20, 30, 40, then only call or fold.  = stud's
    default in the seven-card games; stud's ``heads_up_uncapped=True`` (no
    pokerkit counterpart) offers a raise to 50."""
    acts = [("bring_in", 5), ("call", 5), ("bet", 10), ("raise", 20), ("raise", 30),
            ("raise", 40)]
    t = _probe("stud", 10, 20, 1, 5, [200] * 2, _deck_for(H2, L2), acts)
    assert _legal_at(t, -1) == [("call", 40), ("fold", None)]
    ours = stud_hand("stud", 10, 20, 1, 5, [200] * 2, _deck_for(H2, L2), acts)
    assert stud_legal(ours) == [("call", 40), ("fold", None)]
    ours = stud_hand("stud", 10, 20, 1, 5, [200] * 2, _deck_for(H2, L2), acts,
                     heads_up_uncapped=True)
    assert stud_legal(ours) == [("call", 40), ("fold", None), ("raise", 50)]


@pytest.mark.pokerkit_observed
def test_d3_razz_heads_up_third_street_capped():
    """D3 (docs/rules.md 4.2, 4.3), agreement: Razz heads-up, S=4, BI 1: on 3rd
    street the completion and three raises reach the cap (the bring-in not
    counted): [call 12, fold, raise 16], then [call 16, fold].  stud: the
    same legal actions, and the hand plays to the end."""
    deck = _deck_for([("Ac", "2c", "Kd"), ("3d", "4d", "5h")],
                     [("6c", "7d"), ("8c", "9d"), ("Tc", "Td"), ("Jc", "Js")])
    acts = [("bring_in", 1), ("complete", 4), ("raise", 8), ("raise", 12), ("raise", 16),
            ("call", 16)] + [("check", None)] * 8
    t = pkd.play_pokerkit("razz", 4, 8, 0, 1, [100, 100], deck, acts)
    assert _legal_at(t, 4) == [("call", 12), ("fold", None), ("raise", 16)]
    assert _legal_at(t, 5) == [("call", 16), ("fold", None)]          # cap reached
    ours = stud_hand("razz", 4, 8, 0, 1, [100, 100], deck)
    legal = []
    for kind, amount in acts:
        legal.append(stud_legal(ours))
        ours.act(kind, amount)
    assert legal[4] == _legal_at(t, 4) and legal[5] == _legal_at(t, 5)
    assert ours.is_over and ours.stacks == t["stacks"]


# ---- D4 open pair (docs/rules.md 4.4) -------------------------------------------------------


@pytest.mark.pokerkit_observed
def test_d4_no_open_pair_double():
    """D4 (docs/rules.md 4.4): pokerkit never applies the open pair: on 4th street
    with 9c9d showing, seat 0 may only bet S = 10.  stud's Stud-hi default
    ``open_pair_double=True`` offers bet 10 or 20; with it off, as pokerkit."""
    L2p = [("9d", "5h"), ("Ac", "Ah"), ("7c", "7d"), ("Tc", "Td")]
    acts = [("bring_in", 5), ("call", 5)]
    t = _probe("stud", 10, 20, 1, 5, [200] * 2, _deck_for(H2, L2p), acts)
    assert t["decisions"][-1]["actor"] == 0 and _legal_at(t, -1) == [("bet", 10), ("check", None)]
    ours = stud_hand("stud", 10, 20, 1, 5, [200] * 2, _deck_for(H2, L2p), acts)
    assert ours.actor == 0
    assert stud_legal(ours) == [("bet", 10), ("bet", 20), ("check", None)]
    ours = stud_hand("stud", 10, 20, 1, 5, [200] * 2, _deck_for(H2, L2p), acts,
                     open_pair_double=False)
    assert stud_legal(ours) == [("bet", 10), ("check", None)]


# ---- D5 incomplete all-ins (docs/rules.md 6.1-6.3, 6.6) -------------------------------------

PRE_D5A = [("bring_in", 5), ("call", 5), ("call", 5), ("bet", 10)]   # 4th: seat 2 bets 10


@pytest.mark.pokerkit_observed
def test_d5a_next_raise_after_short_all_in():
    """D5a (docs/rules.md 6.1, 6.2, 6.6): S=10, seat 2 bets 10, seat 0 raises all
    in to 14 (+4, short): pokerkit offers the next player (seat 1) a raise
    to 24 (the all-in X plus S).  stud's default (half_bet, 6.2): to 20 (H
    plus S); with ``reopen_rule="full_raise"`` (6.6): to 24, as pokerkit."""
    acts = PRE_D5A + [("raise", 14)]
    t = _probe("stud", 10, 20, 1, 5, [20, 200, 200], _deck_for(H3, L3), acts)
    assert _legal_at(t, -1) == [("call", 14), ("fold", None), ("raise", 24)]
    ours = stud_hand("stud", 10, 20, 1, 5, [20, 200, 200], _deck_for(H3, L3), acts)
    assert ours.actor == 1
    assert stud_legal(ours) == [("call", 14), ("fold", None), ("raise", 20)]
    ours = stud_hand("stud", 10, 20, 1, 5, [20, 200, 200], _deck_for(H3, L3), acts,
                     reopen_rule="full_raise")
    assert stud_legal(ours) == [("call", 14), ("fold", None), ("raise", 24)]


@pytest.mark.pokerkit_observed
def test_d5a_short_all_in_does_not_reopen_for_bettor():
    """D5a (docs/rules.md 6.2), agreement: after bet 10, all-in to 14 (+4) and a
    call, the bettor (seat 2) may only call 14 or fold.  stud: the same with
    either ``reopen_rule``."""
    acts = PRE_D5A + [("raise", 14), ("call", 14)]
    t = _probe("stud", 10, 20, 1, 5, [20, 200, 200], _deck_for(H3, L3), acts)
    assert _legal_at(t, -1) == [("call", 14), ("fold", None)]
    for rule in ("half_bet", "full_raise"):
        ours = stud_hand("stud", 10, 20, 1, 5, [20, 200, 200], _deck_for(H3, L3), acts,
                         reopen_rule=rule)
        assert ours.actor == 2 and stud_legal(ours) == [("call", 14), ("fold", None)], rule


@pytest.mark.pokerkit_observed
def test_d5a_half_unit_all_in_does_not_reopen():
    """D5a (docs/rules.md 6.1, 6.3): after bet 10, all-in to 15 (+5, half a unit)
    and a call, pokerkit gives the bettor (seat 2) only call 15 or fold.
    stud's default (half_bet, 6.1): half a unit is a full raise, the betting
    re-opens: raise to 25; with ``reopen_rule="full_raise"``: as pokerkit."""
    acts = PRE_D5A + [("raise", 15), ("call", 15)]
    t = _probe("stud", 10, 20, 1, 5, [21, 200, 200], _deck_for(H3, L3), acts)
    assert _legal_at(t, -1) == [("call", 15), ("fold", None)]
    ours = stud_hand("stud", 10, 20, 1, 5, [21, 200, 200], _deck_for(H3, L3), acts)
    assert ours.actor == 2
    assert stud_legal(ours) == [("call", 15), ("fold", None), ("raise", 25)]
    ours = stud_hand("stud", 10, 20, 1, 5, [21, 200, 200], _deck_for(H3, L3), acts,
                     reopen_rule="full_raise")
    assert stud_legal(ours) == [("call", 15), ("fold", None)]


PRE_D5B = [("bring_in", 5), ("call", 5), ("call", 5), ("call", 5)]   # 4th: seat 3 opens


@pytest.mark.pokerkit_observed
def test_d5b_half_unit_all_in_counts_toward_cap():
    """D5b (docs/rules.md 4.2, 6.1, 6.6): bet 10, raise 20, all-in to 25 (+5),
    raise 35: pokerkit has reached its cap (bet + 3 raises), seat 3 may only
    call or fold; with ``max_raises=4`` it offers a raise to 45.  stud: the
    same with either ``reopen_rule``: +5 is half a unit, a full raise that
    counts under half_bet (6.1), and under full_raise a short all-in counts
    toward the cap (6.6).  The difference from stud's default shows with a
    smaller all-in: test_d5b_short_all_in_counts_toward_cap."""
    acts = PRE_D5B + [("bet", 10), ("raise", 20), ("raise", 25), ("raise", 35)]
    deck = _deck_for(H4, L4)
    t = _probe("stud", 10, 20, 1, 5, [200, 31, 200, 200], deck, acts)
    assert _legal_at(t, -1) == [("call", 35), ("fold", None)]
    t = _probe("stud", 10, 20, 1, 5, [200, 31, 200, 200], deck, acts, max_raises=4)
    assert _legal_at(t, -1) == [("call", 35), ("fold", None), ("raise", 45)]
    for rule in ("half_bet", "full_raise"):
        ours = stud_hand("stud", 10, 20, 1, 5, [200, 31, 200, 200], deck, acts, reopen_rule=rule)
        assert ours.actor == 3 and stud_legal(ours) == [("call", 35), ("fold", None)], rule
        ours = stud_hand("stud", 10, 20, 1, 5, [200, 31, 200, 200], deck, acts, reopen_rule=rule,
                         max_raises=4)
        assert stud_legal(ours) == [("call", 35), ("fold", None), ("raise", 45)], rule


@pytest.mark.pokerkit_observed
def test_d5b_short_all_in_counts_toward_cap():
    """D5b (docs/rules.md 4.2, 6.2, 6.6): bet 10, raise 20, all-in to 24 (+4, less
    than half a unit): pokerkit offers seat 2 a raise to 34 and, after it,
    has reached its cap: seat 3 may only call 34 or fold (the short all-in
    counted as a raise).  stud's default (half_bet, 6.2): the incomplete
    all-in does not count: seat 2 raises to 30 (H + S) and seat 3 may still
    raise, to 40; with ``reopen_rule="full_raise"`` (6.6): as pokerkit."""
    deck = _deck_for(H4, L4)
    acts = PRE_D5B + [("bet", 10), ("raise", 20), ("raise", 24)]
    t = _probe("stud", 10, 20, 1, 5, [200, 30, 200, 200], deck, acts)
    assert _legal_at(t, -1) == [("call", 24), ("fold", None), ("raise", 34)]
    t = _probe("stud", 10, 20, 1, 5, [200, 30, 200, 200], deck, acts + [("raise", 34)])
    assert _legal_at(t, -1) == [("call", 34), ("fold", None)]
    ours = stud_hand("stud", 10, 20, 1, 5, [200, 30, 200, 200], deck, acts)
    assert stud_legal(ours) == [("call", 24), ("fold", None), ("raise", 30)]
    ours.act("raise", 30)
    assert ours.actor == 3 and stud_legal(ours) == [("call", 30), ("fold", None), ("raise", 40)]
    ours = stud_hand("stud", 10, 20, 1, 5, [200, 30, 200, 200], deck, acts + [("raise", 34)],
                     reopen_rule="full_raise")
    assert ours.actor == 3 and stud_legal(ours) == [("call", 34), ("fold", None)]


@pytest.mark.pokerkit_observed
def test_d5c_short_all_in_completion_reopens():
    """D5c (docs/rules.md 6.1, 6.2, 6.6): BI 2, S 10: seat 2 brings in 2, seat 0
    calls 2, seat 1 completes all in to 4 (short of S).  pokerkit treats it
    as a full bet that re-opens: the bring-in (seat 2) and then seat 0, who
    had only called the bring-in, both get [call 4, fold, raise 14]
    (labelled raise).  stud's default (half_bet, 6.2): +4 against S is less
    than half a unit, incomplete, and both had acted and matched the
    bring-in: call or fold only.  With ``reopen_rule="full_raise"`` (6.6: a
    completion always re-opens) stud offers raise 14 as pokerkit."""
    deck = _deck_for(H3c, L3)
    pre = [("bring_in", 2), ("call", 2), ("complete", 4)]   # seat 1 all in for 4 < S/2
    t = _probe("stud", 10, 20, 1, 2, [200, 5, 200], deck, pre)
    assert _legal_at(t, -1) == [("call", 4), ("fold", None), ("raise", 14)]
    t = _probe("stud", 10, 20, 1, 2, [200, 5, 200], deck, pre + [("call", 4)])
    assert t["decisions"][-1]["actor"] == 0
    assert _legal_at(t, -1) == [("call", 4), ("fold", None), ("raise", 14)]
    for rule, want in (("half_bet", [("call", 4), ("fold", None)]),
                       ("full_raise", [("call", 4), ("fold", None), ("raise", 14)])):
        ours = stud_hand("stud", 10, 20, 1, 2, [200, 5, 200], deck, pre, reopen_rule=rule)
        assert ours.actor == 2 and stud_legal(ours) == want, rule
        ours.act("call", 4)
        assert ours.actor == 0 and stud_legal(ours) == want, rule


# ---- D6 bring-in amounts (docs/rules.md 2.3, 2.6-2.8) ---------------------------------------


@pytest.mark.pokerkit_observed
def test_d6_short_bring_in_may_be_called_short():
    """D6 (docs/rules.md 2.3, 2.7): the bring-in player (seat 2) has 3 of BI 5
    behind: pokerkit offers him [bring_in 3, complete 3] (two all-in
    actions), and after his bring-in of 3 the next player may call 3.  stud:
    only [bring_in 3], and the next player must put in the full BI: call 5
    (2.7, WSOP)."""
    deck = _deck_for(H3c, L3)
    t = _probe("stud", 10, 20, 1, 5, [200, 200, 4], deck, [("bring_in", 3)])
    assert _legal_at(t, 0) == [("bring_in", 3), ("complete", 3)]
    assert _legal_at(t, 1) == [("call", 3), ("complete", 10), ("fold", None)]
    ours = stud_hand("stud", 10, 20, 1, 5, [200, 200, 4], deck)
    assert ours.actor == 2 and stud_legal(ours) == [("bring_in", 3)]
    ours.act("bring_in", 3)
    assert ours.actor == 0 and stud_legal(ours) == [("call", 5), ("complete", 10), ("fold", None)]


@pytest.mark.pokerkit_observed
def test_d6_bring_in_player_all_in_on_ante():
    """D6 (docs/rules.md 2.6), agreement: the bring-in player (seat 2, 2s) is all
    in on the ante, so the next seat with chips clockwise (seat 0) must post
    the bring-in: [bring_in 5, complete 10].  stud: the same."""
    deck = _deck_for(H3c, L3)
    t = _probe("stud", 10, 20, 1, 5, [200, 200, 1], deck, [])
    assert t["decisions"][0]["actor"] == 0
    assert _legal_at(t, 0) == [("bring_in", 5), ("complete", 10)]
    ours = stud_hand("stud", 10, 20, 1, 5, [200, 200, 1], deck)
    assert ours.actor == 0 and stud_legal(ours) == [("bring_in", 5), ("complete", 10)]


@pytest.mark.pokerkit_observed
def test_d6_bring_in_equal_to_small_bet_refused():
    """D6 (docs/rules.md 1, 2.8): pokerkit refuses BI == S ("The bring-in must be
    less than the min bet.").  stud allows 0 < BI <= S: with BI == S the
    bring-in is the round's bet, no completion is offered (2.8)."""
    with pytest.raises(ValueError, match="bring-in must be less than the min bet"):
        pkd.make_state("stud", 10, 20, 1, 10, [100, 100])
    ours = stud_hand("stud", 10, 20, 1, 10, [100, 100], _deck_for(H2))
    assert ours.actor == 0 and stud_legal(ours) == [("bring_in", 10)]


# ---- D7 odd chips (docs/rules.md 9.5) -------------------------------------------------------


@pytest.mark.pokerkit_observed
def test_d7_odd_chip_to_lowest_seat_whatever_the_suits():
    """D7 (docs/rules.md 9.5): seats 0 and 1 tie with A-K-Q-J-9 for a pot of 7;
    pokerkit gives the odd chip to the lowest winning seat (seat 0 gets 4)
    both when seat 0 holds Ad (seat 1 As) and when it holds As.  = stud's
    ``odd_chip="position"``; stud's default "high_card" gives it to the
    holder of As: seat 1 in the first hand."""
    L = [("Qh", "Qc"), ("Jc", "Js"), ("9c", "9s"), ("3h", "3d")]
    hands = (
        ([("Ad", "Kd", "2h"), ("As", "Kh", "4d"), ("5c", "6c", "Ts")],
         [("bring_in", 2), ("call", 2), ("fold", None)], [100, 101, 99]),
        ([("As", "Kh", "4d"), ("Ad", "Kd", "2h"), ("5c", "6c", "Ts")],
         [("bring_in", 2), ("fold", None), ("call", 2)], [101, 100, 99]),
    )
    for H, prefix, high_card in hands:
        t = _autoplay("stud", 4, 8, 1, 2, [100] * 3, _deck_for(H, L), prefix)
        assert t["stacks"] == [101, 100, 99]
        ours = stud_hand("stud", 4, 8, 1, 2, [100] * 3, _deck_for(H, L), odd_chip="position")
        stud_autoplay(ours, prefix)
        assert ours.stacks == [101, 100, 99]
        ours = stud_hand("stud", 4, 8, 1, 2, [100] * 3, _deck_for(H, L))
        stud_autoplay(ours, prefix)
        assert ours.stacks == high_card


@pytest.mark.pokerkit_observed
def test_d7_razz_odd_chip_to_lowest_seat():
    """D7 (docs/rules.md 9.5, 9.7): Razz, seats 0 and 1 tie with J-5-3-2-A for a
    pot of 13: pokerkit gives 7 to seat 0 (lowest seat), 6 to seat 1.  stud:
    the same with ``odd_chip="position"``, and also with the default
    "high_card" here (seat 0's Jh outranks seat 1's Jd), so this hand does
    not tell the two apart."""
    H = [("Ad", "2d", "3h"), ("As", "2h", "3d"), ("5c", "6c", "Ts")]
    L = [("5h", "5d"), ("Kc", "Ks"), ("Qc", "Qs"), ("Jh", "Jd")]
    prefix = [("bring_in", 2), ("complete", 4), ("call", 4), ("fold", None)]
    t = _autoplay("razz", 4, 8, 1, 2, [100] * 3, _deck_for(H, L), prefix)
    assert t["stacks"] == [102, 101, 97]
    for odd_chip in ("position", "high_card"):
        ours = stud_hand("razz", 4, 8, 1, 2, [100] * 3, _deck_for(H, L), odd_chip=odd_chip)
        stud_autoplay(ours, prefix)
        assert ours.stacks == [102, 101, 97], odd_chip


# ---- D8 same players tie both halves (docs/rules.md 9.4) ------------------------------------


@pytest.mark.pokerkit_observed
def test_d8_scoop_tie_halves_split_separately():
    """D8 (docs/rules.md 9.4): Stud/8 heads-up, both players tie the high and the
    low of a pot of 10: pokerkit splits each half (5) on its own, odd chip to
    the lowest seat: 6/4.  stud (either ``odd_chip``): the same players tie
    both halves, so the pot is split evenly: 5/5."""
    H = [("Ac", "2c", "3d"), ("Ad", "2h", "3s")]
    L = [("4d", "4s"), ("6h", "6c"), ("Kh", "Kc"), ("Qs", "Qh")]
    t = _autoplay("stud8", 4, 8, 2, 3, [100, 100], _deck_for(H, L))
    assert t["stacks"] == [101, 99]
    for odd_chip in ("high_card", "position"):
        ours = stud_hand("stud8", 4, 8, 2, 3, [100, 100], _deck_for(H, L), odd_chip=odd_chip)
        stud_autoplay(ours)
        assert ours.stacks == [100, 100], odd_chip


# ---- D9 Stud/8 side-pot low half (docs/rules.md 9.3, pokerkit bug) ---------------------------


@pytest.mark.pokerkit_observed
def test_d9_side_pot_low_half_to_players_without_low():
    """D9 (docs/rules.md 9.3): stacks 3/9/100/100; seat 0 is all in with a 7-low,
    seat 1 (KKJJ) all in on 4th street, seats 2 (QQTT) and 3 play on.  The
    side pot of 18 has no eligible low, yet pokerkit makes a low half since
    seat 0 has a low, and splits it among the no-low players: pokerkit
    [6, 20, 103, 83].  stud (defaults, and with the options set to
    pokerkit's way as the differential test does): the best high, seat 1,
    takes the whole side pot: [6, 24, 99, 83]."""
    H = [("Ac", "2d", "3h"), ("Ks", "Kh", "9d"), ("Qc", "Qd", "Td"), ("8c", "8d", "Jd")]
    L = [("4s", "Jc", "9c", "9h"), ("7c", "Js", "5h", "Kc"), ("Kd", "8h", "6s", "As"),
         ("Qh", "Ts", "Th", "Jh")]
    acts = [("bring_in", 2), ("complete", 4), ("call", 4), ("call", 4),
            ("bet", 4), ("call", 4), ("call", 4), ("bet", 8), ("call", 8)] \
        + [("check", None)] * 4
    t = pkd.play_pokerkit("stud8", 4, 8, 1, 2, [3, 9, 100, 100], _deck_for(H, L), acts)
    assert t["stacks"] == [6, 20, 103, 83]
    pokerkit_way = {"bring_in_tiebreak": "suit", "board_tiebreak": "position",
                    "reopen_rule": "full_raise", "odd_chip": "position"}
    for options in ({}, pokerkit_way):
        ours = stud_hand("stud8", 4, 8, 1, 2, [3, 9, 100, 100], _deck_for(H, L), acts, **options)
        assert ours.is_over and ours.stacks == [6, 24, 99, 83], options


# ---- D10 running out of cards (docs/rules.md 5.1) -------------------------------------------


def _d10_cards() -> list:
    cards = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    random.Random(3).shuffle(cards)
    return cards


@pytest.mark.pokerkit_observed
def test_d10_eight_players_community_card_on_seventh():
    """D10 (docs/rules.md 5.1): 8 players to 7th street: pokerkit deals one
    community card, as stud does, but asks for 53 cards (a burn card is
    reused: the driver lists the first burn again).  stud, on the 52 cards:
    one community card, the same one (the first burn, put back under the
    stub)."""
    cards = _d10_cards()
    t = _autoplay("stud", 10, 20, 1, 5, [100] * 8, cards + [cards[24]])
    assert len(t["community"]) == 1 and t["cards_used"] == 53
    ours = stud_hand("stud", 10, 20, 1, 5, [100] * 8, cards)
    stud_autoplay(ours)
    assert [str(c) for c in ours.community] == t["community"] == [cards[24]]


@pytest.mark.pokerkit_observed
def test_d10_seven_live_players_get_hole_cards():
    """D10 (docs/rules.md 5.1): 8 players, one folds on 3rd street: on 7th
    pokerkit counts the deck stub plus the burns plus the mucked cards and
    deals 7 hole cards, reusing burns and the folded hand (56 cards asked
    for).  stud never reuses folded cards: 7 cards + a burn do not fit in
    stub + burns, so it deals one community card."""
    cards = _d10_cards()
    t0 = _probe("stud", 10, 20, 1, 5, [100] * 8, cards, [("bring_in", 5)])
    f = t0["decisions"][-1]["actor"]
    muck = [cards[f], cards[8 + f], cards[16 + f]]
    t = _autoplay("stud", 10, 20, 1, 5, [100] * 8, cards + muck + [cards[24]],
                  [("bring_in", 5), ("fold", None)])
    assert t["community"] == [] and t["cards_used"] == 56
    ours = stud_hand("stud", 10, 20, 1, 5, [100] * 8, cards, [("bring_in", 5)])
    assert ours.actor == f
    stud_autoplay(ours, [("fold", None)])
    assert len(ours.community) == 1 and len(ours.live_seats) == 7


# ---- D11 fold when checking is possible (docs/rules.md 6.7) ---------------------------------


@pytest.mark.pokerkit_observed
def test_d11_no_fold_when_check_possible():
    """D11 (docs/rules.md 6.7): in TOURNAMENT mode (the driver's default) pokerkit
    refuses a fold when nothing is to be called; ``fold_without_bet=True``
    (CASH_GAME) allows it.  stud: no fold when a check is possible, as
    pokerkit by default."""
    acts = [("bring_in", 5), ("call", 5)]
    t = _probe("stud", 10, 20, 1, 5, [200] * 2, _deck_for(H2, L2), acts)
    assert ("fold", None) not in _legal_at(t, -1)
    t = _probe("stud", 10, 20, 1, 5, [200] * 2, _deck_for(H2, L2), acts, fold_without_bet=True)
    assert ("fold", None) in _legal_at(t, -1)
    ours = stud_hand("stud", 10, 20, 1, 5, [200] * 2, _deck_for(H2, L2), acts)
    assert stud_legal(ours) == [("bet", 10), ("check", None)]


# ---- D12 agreements (docs/rules.md 6.4, 7.1) ------------------------------------------------


@pytest.mark.pokerkit_observed
def test_d12_antes_layered_in_side_pots():
    """D12 (docs/rules.md 7.1): ante 5, stacks 3/100/100: with ante trimming on
    (the driver's setting) pokerkit layers the antes: pots 9 (all three) and
    4 (seats 1, 2); with it off, one pot of 13 for all three.  stud: the two
    layers."""
    for trim, want in ((True, [(9, (0, 1, 2)), (4, (1, 2))]), (False, [(13, (0, 1, 2))])):
        st = FixedLimitSevenCardStud.create_state(pkd.AUTOMATIONS, trim, 5, 2, 10, 20,
                                                  (3, 100, 100), 3)
        got = [(p.amount, p.player_indices) for p in st.pots]
        assert got == want, got
    ours = stud_hand("stud", 10, 20, 5, 2, [3, 100, 100], _deck_for(H3))
    assert [(p.amount, tuple(p.eligible)) for p in ours.pots] == [(9, (0, 1, 2)), (4, (1, 2))]


@pytest.mark.pokerkit_observed
def test_d12_uncalled_bet_returned():
    """D12 (docs/rules.md 7.1), agreement: a 5th-street bet of 20 that is folded
    to goes back to the bettor: final stacks 194/206.  stud: the same."""
    acts = [("bring_in", 5), ("call", 5), ("check", None), ("check", None),
            ("bet", 20), ("fold", None)]
    t = _probe("stud", 10, 20, 1, 5, [200, 200], _deck_for(H2, L2), acts)
    assert sorted(t["stacks"]) == [194, 206]
    ours = stud_hand("stud", 10, 20, 1, 5, [200, 200], _deck_for(H2, L2), acts)
    assert ours.is_over and ours.stacks == t["stacks"]


@pytest.mark.pokerkit_observed
def test_d12_uncalled_completion_returned():
    """D12 (docs/rules.md 2.3, 7.1), agreement: seat 2 (2s) brings in 5 (offered
    [bring_in 5, complete 10]), seat 0 completes to 10, both others fold:
    the 5 nobody called goes back, final stacks 207/199/194.  stud: the
    same."""
    deck = _deck_for([("Ah", "Kd", "9s"), ("2c", "3c", "4d"), ("Qs", "Qh", "2s")])
    acts = [("bring_in", 5), ("complete", 10), ("fold", None), ("fold", None)]
    t = pkd.play_pokerkit("stud", 10, 20, 1, 5, [200, 200, 200], deck, acts)
    assert t["decisions"][0]["legal"] == [("bring_in", 5), ("complete", 10)]
    assert t["stacks"] == [207, 199, 194], t["stacks"]
    ours = stud_hand("stud", 10, 20, 1, 5, [200, 200, 200], deck)
    assert stud_legal(ours) == [("bring_in", 5), ("complete", 10)]
    for kind, amount in acts:
        ours.act(kind, amount)
    assert ours.is_over and ours.stacks == [207, 199, 194]


@pytest.mark.pokerkit_observed
def test_d12_all_in_runout_without_decisions():
    """D12 (docs/rules.md 6.4), agreement: heads-up, seat 1 completes all in to
    10 and seat 0 calls: once at most one player has chips and has matched,
    the rest is dealt with no more decisions (3 in all).  stud: the hand is
    over after the same 3 actions."""
    acts = [("bring_in", 5), ("complete", 10), ("call", 10)]
    t = _probe("stud", 10, 20, 1, 5, [200, 11], _deck_for(H2, L2), acts)
    assert len(t["decisions"]) == 3 and not t.get("pending")
    ours = stud_hand("stud", 10, 20, 1, 5, [200, 11], _deck_for(H2, L2), acts)
    assert ours.is_over and ours.stacks == t["stacks"]


@pytest.mark.pokerkit_observed
def test_d12_stud8_checked_down_showdown():
    """D12 (docs/rules.md 9.1-9.3), agreement: Stud/8, 4 players check it down:
    quad kings (seat 1) take the high half and 7-6-5-4-2 (seat 3) the low
    half: final stacks 97/103/97/103.  stud: the same."""
    holes = [("Ah", "2d", "3c"), ("Kc", "Kd", "7h"), ("9s", "Ts", "Js"), ("4c", "5c", "6d")]
    later = [("8c", "Kh", "Qs", "2h"), ("4h", "Ks", "Qc", "5d"),
             ("Jd", "9d", "Tc", "7c"), ("8s", "8h", "9h", "Td")]
    t = _autoplay("stud8", 4, 8, 1, 2, [100] * 4, _deck_for(holes, later))
    assert t["stacks"] == [97, 103, 97, 103]    # quad kings high, 7-6-5-4-2 low
    ours = stud_hand("stud8", 4, 8, 1, 2, [100] * 4, _deck_for(holes, later))
    stud_autoplay(ours)
    assert ours.stacks == [97, 103, 97, 103]


@pytest.mark.pokerkit_observed
def test_d12_side_pot_with_short_stack_all_in():
    """D12 (docs/rules.md 7.1), agreement: Seven Card Stud, 6 players, a fold on
    3rd street, seat 3 (9 chips) all in on a later street, the others
    betting whenever they can: seat 3 ends with nothing and no chip is lost.
    stud with ``open_pair_double=False`` (D4: a board pairs on 4th street)
    ends with the same stacks."""
    holes = [("As", "Ad", "Kh"), ("2h", "7c", "3s"), ("Qd", "Jd", "Td"),
             ("8h", "8d", "6c"), ("5s", "5h", "Jh"), ("9c", "4h", "Qh")]
    later = [("Ac", "Tc", "Js", "8s", "6h"), ("2d", "Kc", "7h", "6s", "4s"),
             ("2s", "Ks", "7s", "9s", "Th"), ("3c", "Qc", "9h", "5c", "3d")]
    acts = [("bring_in", 2), ("call", 2), ("complete", 4), ("call", 4), ("call", 4),
            ("fold", None), ("call", 4), ("call", 4)]
    st = [100, 100, 100, 9, 100, 100]
    t = _autoplay("stud", 4, 8, 1, 2, st, _deck_for(holes, later), acts, aggressive=True)
    assert t["stacks"][3] == 0 and sum(t["stacks"]) == sum(st)
    ours = stud_hand("stud", 4, 8, 1, 2, st, _deck_for(holes, later), open_pair_double=False)
    stud_autoplay(ours, acts, aggressive=True)
    assert ours.stacks == t["stacks"]
