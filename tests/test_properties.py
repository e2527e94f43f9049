"""Property tests of the evaluators against tests/support/reference.py.

Exact values: the API fixes the scales (high 1..7462, razz 1..6175, low8
1..56), says larger is better and equal iff tie.  Since there are exactly
7462 / 6175 / 56 classes, an order-preserving injective map onto those ranges
is the dense rank; reference.py computes it from the structural keys.
"""

from collections import Counter
from itertools import combinations
from math import comb

import pytest
import stud
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stud import CardSet, Category

from tests.support import reference as ref
from tests.support.strategies import (
    any_hand,
    as_forms,
    flushy_hand,
    from_cardset,
    low_pattern_hand,
    lowish_hand,
    near_low_hand,
    pattern_hand,
    random_hand,
    straighty_hand,
)

SETTINGS = settings(max_examples=400, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _low_rank(card):
    return 1 if card.rank == 14 else card.rank


# ---------------------------------------------------------------- input forms


@SETTINGS
@given(any_hand(), st.randoms(use_true_random=False))
def test_value_independent_of_order_and_form(hand, rnd):
    forms = as_forms(stud, hand)
    shuffled = hand[:]
    rnd.shuffle(shuffled)
    forms["shuffled"] = ref.cards_str(shuffled)
    hi = {k: stud.evaluate_high(v).value for k, v in forms.items()}
    rz = {k: stud.evaluate_razz(v).value for k, v in forms.items()}
    lo = {k: stud.low8_value(v) for k, v in forms.items()}
    assert len(set(hi.values())) == 1, hi
    assert len(set(rz.values())) == 1, rz
    assert len(set(lo.values())) == 1, lo
    assert len({stud.high_value(v) for v in forms.values()}) == 1
    assert len({stud.razz_value(v) for v in forms.values()}) == 1


# ---------------------------------------------------------------- high


@SETTINGS
@given(any_hand())
def test_high_exact_value_and_category(hand):
    h = stud.evaluate_high(ref.cards_str(hand))
    key = ref.high_key(hand)
    assert h.value == ref.high_value_table()[key], (ref.cards_str(hand), key, h.value)
    assert h.category == key[0]
    assert isinstance(h.category, Category)
    assert int(h.category) == key[0]


def test_high_every_five_card_class_exact():
    """One representative of each of the 7462 five-card classes."""
    table = ref.high_value_table()
    seen = set()
    for ranks in ref.rank_multisets(5):
        reps = [ref.representative(ranks)]
        if len(set(ranks)) == 5:
            reps.append(ref.representative(ranks, suited=True))
        for hand in reps:
            v = stud.high_value(ref.cards_mask(hand))
            assert v == table[ref.high5_key(hand)], ref.cards_str(hand)
            seen.add(v)
    assert seen == set(range(1, 7463))


@SETTINGS
@given(any_hand(), any_hand())
def test_high_pairwise_order_matches_reference(a, b):
    ha, hb = stud.evaluate_high(ref.cards_str(a)), stud.evaluate_high(ref.cards_str(b))
    ka, kb = ref.high_key(a), ref.high_key(b)
    assert (ha.value < hb.value) == (ka < kb)
    assert (ha.value == hb.value) == (ka == kb)
    # HighHand compares and hashes by value
    assert (ha < hb) == (ka < kb)
    assert (ha > hb) == (ka > kb)
    assert (ha == hb) == (ka == kb)
    if ka == kb:
        assert hash(ha) == hash(hb)


@SETTINGS
@given(st.one_of(random_hand(6, 7), pattern_hand(), flushy_hand(), straighty_hand()))
def test_high_is_max_of_five_card_subsets(hand):
    if len(hand) == 5:
        return
    v = stud.high_value(ref.cards_str(hand))
    subs = [stud.high_value(ref.cards_str(c)) for c in combinations(hand, 5)]
    assert v == max(subs)


@SETTINGS
@given(any_hand())
def test_high_best_five(hand):
    h = stud.evaluate_high(ref.cards_str(hand))
    best = h.cards
    assert isinstance(best, CardSet)
    assert len(best) == 5
    assert (best - CardSet(ref.cards_str(hand))) == CardSet()
    assert stud.evaluate_high(best).value == h.value
    assert frozenset(from_cardset(best)) in ref.high_best_keys(hand)
    if len(hand) == 5:
        assert best == CardSet(ref.cards_str(hand))


@SETTINGS
@given(any_hand())
def test_scalar_functions_equal_objects(hand):
    s = ref.cards_str(hand)
    h = stud.evaluate_high(s)
    r = stud.evaluate_razz(s)
    lo = stud.evaluate_low8(s)
    assert stud.high_value(s) == h.value
    assert stud.razz_value(s) == r.value
    assert stud.low8_value(s) == (0 if lo is None else lo.value)
    assert isinstance(stud.high_value(s), int)


# ---------------------------------------------------------------- low8


LOW_HANDS = st.one_of(random_hand(), lowish_hand(), near_low_hand(), pattern_hand(),
                      low_pattern_hand(), flushy_hand(), straighty_hand())


@SETTINGS
@given(LOW_HANDS)
def test_low8_matches_reference(hand):
    s = ref.cards_str(hand)
    lo = stud.evaluate_low8(s)
    key = ref.low8_key(hand)
    if key is None:
        assert lo is None, (s, lo)
        assert stud.low8_value(s) == 0
        return
    assert lo is not None, s
    assert lo.value == ref.low8_value_table()[key], (s, key, lo.value)
    assert lo.kind == "low8"
    assert len(lo.cards) == 5
    assert (lo.cards - CardSet(s)) == CardSet()
    best = sorted((_low_rank(c) for c in lo.cards), reverse=True)
    assert tuple(best) == key
    assert str(lo) == ref.low_str_ranks(from_cardset(lo.cards))
    assert stud.evaluate_low8(lo.cards).value == lo.value


@FEW
@given(LOW_HANDS, LOW_HANDS)
def test_low8_pairwise_order(a, b):
    va, vb = stud.low8_value(ref.cards_str(a)), stud.low8_value(ref.cards_str(b))
    ka, kb = ref.low8_key(a), ref.low8_key(b)
    if ka is None or kb is None:
        assert (va == 0) == (ka is None) and (vb == 0) == (kb is None)
        return
    assert (va > vb) == (ka < kb)
    assert (va == vb) == (ka == kb)


def test_low8_all_56_lows_exact():
    table = ref.low8_value_table()
    for ranks in combinations([14, 2, 3, 4, 5, 6, 7, 8], 5):
        hand = ref.representative(ranks)
        key = ref.low8_key(hand)
        assert stud.low8_value(ref.cards_mask(hand)) == table[key]
    assert stud.low8_value("5c 4d 3h 2s Ac") == 56


def test_low8_none_for_every_non_qualifying_five():
    for ranks in ref.rank_multisets(5):
        hand = ref.representative(ranks)
        if ref.low8_key(hand) is None:
            assert stud.low8_value(ref.cards_mask(hand)) == 0, ref.cards_str(hand)


# ---------------------------------------------------------------- razz

RAZZ_HANDS = st.one_of(random_hand(), pattern_hand(), low_pattern_hand(), lowish_hand(),
                       near_low_hand(), straighty_hand(), flushy_hand())


@SETTINGS
@given(RAZZ_HANDS)
def test_razz_matches_reference(hand):
    s = ref.cards_str(hand)
    r = stud.evaluate_razz(s)
    key = ref.razz_key(hand)
    assert r.value == ref.razz_value_table()[key], (s, key, r.value)
    assert r.kind == "razz"
    assert len(r.cards) == 5
    assert (r.cards - CardSet(s)) == CardSet()
    assert ref.razz5_key(from_cardset(r.cards)) == key
    assert str(r) == ref.low_str_ranks(from_cardset(r.cards))
    assert stud.evaluate_razz(r.cards).value == r.value


@SETTINGS
@given(st.one_of(pattern_hand(), low_pattern_hand()))
def test_razz_duplicated_ranks(hand):
    """Trips + two pair, quads + trips, two trips, full houses, three pairs..."""
    s = ref.cards_str(hand)
    assert stud.razz_value(s) == ref.expected_razz_value(hand), (s, ref.razz_key(hand))


@FEW
@given(RAZZ_HANDS, RAZZ_HANDS)
def test_razz_pairwise_order(a, b):
    va, vb = stud.razz_value(ref.cards_str(a)), stud.razz_value(ref.cards_str(b))
    ka, kb = ref.razz_key(a), ref.razz_key(b)
    assert (va > vb) == (ka < kb)
    assert (va == vb) == (ka == kb)


def test_razz_every_five_card_class_exact():
    table = ref.razz_value_table()
    seen = set()
    for ranks in ref.rank_multisets(5):
        hand = ref.representative(ranks)
        v = stud.razz_value(ref.cards_mask(hand))
        assert v == table[ref.razz5_key(hand)], ref.cards_str(hand)
        seen.add(v)
    assert seen == set(range(1, 6176))


@pytest.mark.parametrize("text", [
    "7c 7d 7h 6s 6c 2d 2h",   # trips + two pair
    "7c 7d 7h 7s 6c 6d 6h",   # quads + trips
    "Kc Kd Kh Qs Qc Qd 2h",   # two trips
    "9c 9d 9h 4s 4c Kd Kh",   # full house + pair
    "Ac Ad Ah As Kc Kd Kh",   # quads + trips, aces
    "Ac Ad 2h 2s 3c 3d 4h",   # three pairs
    "Ac Ad Ah 2s 2c 2d 3h",   # two trips, low
    "Kc Kd Kh Ks Qc Qd Qh",   # only a full house possible
    "5c 5d 5h 5s 4c 4d 4h",
    "8c 8d 8h 8s 2c 3d 4h",
])
def test_razz_fixed_duplicate_heavy_hands(text):
    hand = ref.parse(text)
    assert stud.razz_value(text) == ref.expected_razz_value(hand), ref.razz_key(hand)
    assert stud.evaluate_razz(text).value == ref.expected_razz_value(hand)


# ---------------------------------------------------------------- hi-lo


@SETTINGS
@given(LOW_HANDS)
def test_evaluate_hilo_equals_parts(hand):
    s = ref.cards_str(hand)
    hi, lo = stud.evaluate_hilo(s)
    assert hi == stud.evaluate_high(s)
    assert hi.value == stud.evaluate_high(s).value
    lo8 = stud.evaluate_low8(s)
    if lo8 is None:
        assert lo is None
    else:
        assert lo is not None and lo.value == lo8.value and lo.kind == "low8"
        assert lo.cards == lo8.cards


# ---------------------------------------------------------------- strings


@pytest.mark.parametrize("text", ["Ah Ad Ac Kd Ks 2c 3d", "Ah Ad Ac Kd Ks", "Ah Ad Ac Kd Ks Kc 3d",
                                  "Ks Ah Kd Ad Ac"])
def test_str_full_house(text):
    h = stud.evaluate_high(text)
    assert str(h) == "Full house, aces full of kings"
    assert h.category == Category.FULL_HOUSE


@pytest.mark.parametrize("text,expected", [
    ("7c 5d 4h 2s Ac", "7-5-4-2-A"),
    ("7c 5d 4h 2s Ac Kd Kh", "7-5-4-2-A"),
    ("Kc 3d 2h As Ac", "K-3-2-A-A"),
    ("5c 4d 3h 2s Ac 6d 7h", "5-4-3-2-A"),
    ("Tc Jd Qh Ks 9c", "K-Q-J-T-9"),
    ("Tc Jd Qh Ks 9c Kd Qs", "K-Q-J-T-9"),
])
def test_str_razz(text, expected):
    r = stud.evaluate_razz(text)
    assert str(r) == expected


@pytest.mark.parametrize("text,expected", [
    ("8c 7d 3h 2s Ac Kd Kh", "8-7-3-2-A"),
    ("6c 5d 4h 3s 2c 2d 9h", "6-5-4-3-2"),
    ("5c 4d 3h 2s Ac", "5-4-3-2-A"),
])
def test_str_low8(text, expected):
    lo = stud.evaluate_low8(text)
    assert str(lo) == expected


def test_rules_low8_examples():
    # RULES 9.2: 6-5-4-3-2 beats 7-6-3-2-A; 6-5-4-2-A beats 6-5-4-3-2; best 5-4-3-2-A
    v = stud.low8_value
    assert v("6d 5c 4h 3s 2d") > v("7c 6h 3d 2s Ac")
    assert v("6c 5d 4h 2s Ad") > v("6d 5c 4h 3s 2d")
    assert v("5c 4c 3c 2c Ac") == 56
    assert v("5c 4c 3c 2c Ac") > v("6c 4c 3c 2c Ac")
    # straights and flushes do not count against a low
    assert v("5c 4c 3c 2c Ac") == v("5d 4c 3h 2s Ac")
    assert v("9c 8d 7h 6s 5c") == 0


def test_rules_razz_examples():
    v = stud.razz_value
    assert v("5c 4c 3c 2c Ac") == 6175
    assert v("5c 4c 3c 2c Ac") == v("5d 4c 3h 2s Ac")
    # no pair < one pair < two pair < trips < full house < quads (RULES 9.6)
    order = ["Kc Qd Jh Ts 9c", "Ac Ad 2h 3s 4c", "Ac Ad 2h 2s 3c", "Ac Ad Ah 2s 3c",
             "Ac Ad Ah 2s 2c", "Ac Ad Ah As 2c"]
    vals = [v(h) for h in order]
    assert vals == sorted(vals, reverse=True) and len(set(vals)) == 6


def test_rules_high_examples():
    v = stud.high_value
    assert v("5d 4s 3s 2s As") < v("6d 5s 4s 3s 2s")           # wheel is the lowest straight
    assert v("5d 4s 3s 2s As") > v("Ad Kh Qs Js 9s")
    assert stud.evaluate_high("As Ks Qs Js Ts").value == 7462
    assert stud.evaluate_high("As Ks Qs Js Ts").category == Category.STRAIGHT_FLUSH
    assert stud.evaluate_high("5s 4s 3s 2s As").category == Category.STRAIGHT_FLUSH
    assert stud.evaluate_high("7c 5d 4h 3s 2c").value == 1


def test_category_enum():
    names = ["HIGH_CARD", "PAIR", "TWO_PAIR", "THREE_OF_A_KIND", "STRAIGHT", "FLUSH",
             "FULL_HOUSE", "FOUR_OF_A_KIND", "STRAIGHT_FLUSH"]
    for i, n in enumerate(names):
        assert int(getattr(Category, n)) == i


# ---------------------------------------------------------------- DESIGN.md anchors


def _seven_card_multisets():
    for ranks in ref.rank_multisets(7):
        weight = 1
        for c in Counter(ranks).values():
            weight *= comb(4, c)
        yield ranks, weight


def test_anchor_seven_card_razz_and_low8_counts():
    """Razz and 8-or-better lows depend on ranks only: sum over the 7-card rank
    multisets weighted by their number of suit choices."""
    razz = Counter()
    low8 = Counter()
    lows = set()
    total = 0
    for ranks, weight in _seven_card_multisets():
        total += weight
        mask = ref.cards_mask(ref.representative(ranks))
        r = stud.evaluate_razz(mask)
        counts = sorted(Counter(_low_rank(c) for c in r.cards).values(), reverse=True)
        cat = {(1, 1, 1, 1, 1): "no pair", (2, 1, 1, 1): "pair", (2, 2, 1): "two pair",
               (3, 1, 1): "trips", (3, 2): "full house", (4, 1): "quads"}[tuple(counts)]
        razz[cat] += weight
        lo = stud.evaluate_low8(mask)
        if lo is not None:
            top = max(_low_rank(c) for c in lo.cards)
            low8[top] += weight
            lows.add(lo.value)
    assert total == 133784560
    assert razz == {"no pair": 127615488, "pair": 5948800, "two pair": 219648,
                    "full house": 624}
    assert sum(low8.values()) == 24530944
    assert low8 == {5: 781824, 6: 3151360, 7: 7426560, 8: 13171200}
    assert len(lows) == 56


def test_anchor_4824_distinct_seven_card_high_values():
    """Without a flush a 7-card value depends only on the ranks; with one, the
    value is that of the (straight) flush, and every 5-card flush value is
    reachable with two more off-suit cards.  So the set of all 7-card values is
    the union of the two families below."""
    values = set()
    for ranks, _ in _seven_card_multisets():
        values.add(stud.high_value(ref.cards_mask(ref.representative(ranks))))
    for ranks in combinations(range(2, 15), 5):
        values.add(stud.high_value(ref.cards_mask(ref.representative(ranks, suited=True))))
    assert len(values) == 4824
