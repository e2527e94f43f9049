"""board_value: ranking 1..4 upcards for the acting order (RULES 2.1, 3.2, 3.3)."""

import random
from itertools import combinations_with_replacement

import pytest
import stud
from hypothesis import given, settings
from hypothesis import strategies as st
from stud import Card, CardSet

from tests.support import reference as ref
from tests.support.strategies import DECK

RANKS = list(range(2, 15))


def _board_multisets(n):
    for ranks in combinations_with_replacement(RANKS, n):
        if max(ranks.count(r) for r in ranks) <= 4:
            yield ranks


def _value(hand, razz):
    return stud.board_value(ref.cards_str(hand), razz=razz)


def _check_order(hands, razz):
    """board_value must order the boards exactly like the reference key:
    hi: larger key -> larger value; razz: smaller (lower) key -> larger value."""
    keyf = ref.board_key_razz if razz else ref.board_key_hi
    rows = [(keyf(h), _value(h, razz), ref.cards_str(h)) for h in hands]
    for ka, va, sa in rows:
        for kb, vb, sb in rows:
            if razz:
                assert (va > vb) == (ka < kb), (sa, va, sb, vb)
            else:
                assert (va > vb) == (ka > kb), (sa, va, sb, vb)
            assert (va == vb) == (ka == kb), (sa, va, sb, vb)


def _check_order_sorted(hands, razz):
    """Same check in O(n log n) for the larger exhaustive sets."""
    keyf = ref.board_key_razz if razz else ref.board_key_hi
    rows = sorted(((keyf(h), _value(h, razz), ref.cards_str(h)) for h in hands),
                  reverse=not razz)
    # rows go from the board that acts first to the one that acts last
    # (hi: descending key; razz: ascending key), so values must descend.
    for (k1, v1, s1), (k2, v2, s2) in zip(rows, rows[1:]):
        if k1 == k2:
            assert v1 == v2, (s1, v1, s2, v2)
        else:
            assert v1 > v2, (s1, v1, s2, v2)


@pytest.mark.parametrize("razz", [False, True])
@pytest.mark.parametrize("n", [1, 2])
def test_exhaustive_small_boards_pairwise(n, razz):
    hands = [ref.representative(r) for r in _board_multisets(n)]
    assert len(hands) == (13 if n == 1 else 91)
    _check_order(hands, razz)


@pytest.mark.parametrize("razz", [False, True])
@pytest.mark.parametrize("n", [3, 4])
def test_exhaustive_large_boards(n, razz):
    hands = [ref.representative(r) for r in _board_multisets(n)]
    _check_order_sorted(hands, razz)


def _boards(n):
    return st.lists(st.sampled_from(DECK), min_size=n, max_size=n, unique=True)


@settings(max_examples=400, deadline=None)
@given(st.integers(1, 4).flatmap(lambda n: st.tuples(_boards(n), _boards(n))), st.booleans())
def test_random_boards_against_reference(pair, razz):
    a, b = pair
    keyf = ref.board_key_razz if razz else ref.board_key_hi
    va, vb = _value(a, razz), _value(b, razz)
    ka, kb = keyf(a), keyf(b)
    if razz:
        assert (va > vb) == (ka < kb)
    else:
        assert (va > vb) == (ka > kb)
    assert (va == vb) == (ka == kb)


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 4).flatmap(_boards), st.booleans(), st.randoms(use_true_random=False))
def test_suits_and_order_and_form_ignored(board, razz, rnd):
    v = _value(board, razz)
    # same ranks, other suits
    resuited = []
    for r, _ in board:
        free = [s for s in "cdhs" if (r, s) not in resuited]
        resuited.append((r, rnd.choice(free)))
    assert _value(resuited, razz) == v
    shuffled = board[:]
    rnd.shuffle(shuffled)
    assert _value(shuffled, razz) == v
    s = ref.cards_str(board)
    assert stud.board_value(CardSet(s), razz=razz) == v
    assert stud.board_value([Card(t) for t in s.split()], razz=razz) == v
    assert stud.board_value(s.split(), razz=razz) == v
    assert stud.board_value(s.replace(" ", ""), razz=razz) == v
    assert stud.board_value(ref.cards_mask(board), razz=razz) == v


def test_default_is_hi():
    for s in ["As", "Kd 2c", "7h 7d 2c", "Ac 2d 3h 4s", "Kc Kd"]:
        assert stud.board_value(s) == stud.board_value(s, razz=False)
    # K is high in hi and the bring-in (smallest) in razz, so the scales differ
    assert (stud.board_value("Kc") > stud.board_value("Qc")) != \
        (stud.board_value("Kc", razz=True) > stud.board_value("Qc", razz=True))


def test_straights_and_flushes_never_count():
    v = stud.board_value
    assert v("Ac Kc Qc Jc") == v("Ad Kc Qh Js")
    assert v("5c 4c 3c 2c") == v("5d 4c 3h 2s")
    assert v("Ac Kc Qc Jc") < v("2c 2d 3h 4s")      # any pair beats an unpaired board
    assert v("5c 4c 3c 2c", razz=True) == v("5d 4c 3h 2s", razz=True)


# ---------------------------------------------------------------- docs/rules.md examples


def test_rules_razz_examples():
    v = lambda s: stud.board_value(s, razz=True)
    # 7-6 is lower than 8-2: the lower board acts first -> larger value
    assert v("7c 6d") > v("8c 2d")
    # A-A is the lowest pair
    for r in "23456789TJQK":
        assert v("Ac Ad") > v(r + "c " + r + "d")
    # any unpaired board is lower than any paired one
    assert v("Kc Qd") > v("Ac Ad")
    assert v("Kc Qd Jh Ts") > v("Ac Ad 2c 3d")
    # one pair < two pair < trips < quads (each lowest first)
    assert v("Kc Kd Qh Js") > v("Ac Ad 2c 2d") > v("Ac Ad Ah 2c") > v("Ac Ad Ah As")
    assert v("Ac Ad 2c 2d") > v("3c 3d 2c 2d")


def test_rules_hi_examples():
    v = stud.board_value
    # pairs beat high cards; ace high
    assert v("2c 2d") > v("Ac Kd")
    assert v("Ac Kd") > v("Kc Qd")
    assert v("Ac") > v("Kc")
    # quads > trips > two pair > pair > high cards
    assert v("2c 2d 2h 2s") > v("Ac Ad Ah Ks") > v("Ac Ad Kh Ks") > v("Ac Ad Kh Qs") > v("Ac Kd Qh Js")
    # kickers from the top
    assert v("Ac Ad 9h") > v("As Ah 8h")
    assert v("Ac Kd 9h 3s") > v("As Kh 9d 2s")
    assert v("Kc Kd Qh Qs") > v("Kh Ks Jh Js")
    assert v("Kc Kd 3h 3s") > v("Qh Qs Jh Js")


def test_one_card_bring_in_order():
    """RULES 2.1: the smallest value is the bring-in.  Hi: lowest card, ace
    high.  Razz: highest card, king highest, ace low."""
    hi_order = [r + "c" for r in "23456789TJQKA"]
    vals = [stud.board_value(c) for c in hi_order]
    assert vals == sorted(vals) and len(set(vals)) == 13
    razz_order = [r + "c" for r in "KQJT98765432A"]
    vals = [stud.board_value(c, razz=True) for c in razz_order]
    assert vals == sorted(vals) and len(set(vals)) == 13
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    rnd = random.Random(5)
    for _ in range(50):
        upcards = rnd.sample(deck, rnd.randint(2, 8))
        hi_bring = min(upcards, key=lambda c: stud.board_value(c))
        assert "23456789TJQKA".index(hi_bring[0]) == min("23456789TJQKA".index(c[0]) for c in upcards)
        rz_bring = min(upcards, key=lambda c: stud.board_value(c, razz=True))
        assert "A23456789TJQK".index(rz_bring[0]) == max("A23456789TJQK".index(c[0]) for c in upcards)


def test_value_is_int():
    assert isinstance(stud.board_value("As Kd"), int)
    assert isinstance(stud.board_value("As Kd", razz=True), int)


@pytest.mark.parametrize("razz", [False, True])
def test_engine_board_order_matches_board_value(razz):
    """The engine keeps each seat's board as rank-count planes while the
    upcards arrive and reads an order key off them (board.h): over every
    board of one to four cards, of any sizes mixed, that key must order the
    boards exactly as board_value does, ties included."""
    boards = [ref.cards_str(ref.representative(r))
              for n in (1, 2, 3, 4) for r in _board_multisets(n)]
    rows = sorted((stud.board_value(b, razz=razz), stud._core._board_order(b, razz), b)
                  for b in boards)
    for (v1, k1, b1), (v2, k2, b2) in zip(rows, rows[1:]):
        assert (k1 < k2) if v1 < v2 else (k1 == k2), (b1, b2)
    # the key does not depend on the suits
    rnd = random.Random(3)
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    for _ in range(300):
        board = rnd.sample(deck, rnd.randint(1, 4))
        resuited = [r + s for r, s in zip((c[0] for c in board), "cdhs")]
        assert stud._core._board_order(" ".join(board), razz) == \
            stud._core._board_order(" ".join(resuited), razz)


def test_board_high_head_is_the_head_of_board_value():
    """The strength policy reads a board's category and first rank
    (board.h: stud_board_high_head): the same as board_value's."""
    for n in (1, 2, 3, 4):
        for ranks in _board_multisets(n):
            board = ref.cards_str(ref.representative(ranks))
            assert stud._core._board_high_head(board) == stud.board_value(board) & ~0xFFF, board
