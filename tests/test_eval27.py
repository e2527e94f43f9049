"""The deuce-to-seven low (docs/rules.md 12.5) against an independent
reference written here: every five-card hand (numpy), random and
flush-heavy six- and seven-card hands (pure Python), and the seven-card
census (C, running keys) against a combinatorial count over rank multisets
and suit patterns.
"""

import pickle
import random
from array import array
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from itertools import combinations, combinations_with_replacement
from math import comb

import numpy as np
import pytest
import stud
from stud import CardError, CardSet
from stud._core import _27_category, _batch_simd, _census_27

RANKS = "23456789TJQKA"

# ---- the reference ------------------------------------------------------------------
# A 2-7 low's key, smaller is better: (category, ranks ordered by count then
# rank, highest first), categories numbered as the high ones, with the ace
# only high: A-5-4-3-2 is no straight.

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)


def ref_key(ranks, flush):
    """ranks: five rank indexes 0..12 (2..A); flush: all of one suit."""
    counts = Counter(ranks)
    shape = sorted(counts.values(), reverse=True)
    order = tuple(sorted(ranks, key=lambda r: (counts[r], r), reverse=True))
    if shape == [1, 1, 1, 1, 1]:
        straight = order[0] - order[4] == 4
        if straight:
            return (STRAIGHT_FLUSH if flush else STRAIGHT, order)
        return (FLUSH if flush else HIGH_CARD, order)
    category = {(2, 1, 1, 1): PAIR, (2, 2, 1): TWO_PAIR, (3, 1, 1): TRIPS, (3, 2): FULL_HOUSE,
                (4, 1): QUADS}[tuple(shape)]
    return (category, order)


def card_key(cards):
    """The reference key of five (rank, suit) pairs."""
    return ref_key([r for r, _ in cards], len({s for _, s in cards}) == 1)


def best_key(cards):
    return min(card_key(five) for five in combinations(cards, 5))


def mask_of(ids):
    return sum(1 << (16 * (i & 3) + (i >> 2)) for i in ids)


# ---- every five-card hand ---------------------------------------------------------------


@pytest.fixture(scope="module")
def five_card():
    ids = np.fromiter((i for hand in combinations(range(52), 5) for i in hand), dtype=np.int64,
                      count=5 * comb(52, 5)).reshape(-1, 5)
    ranks, suits = ids >> 2, ids & 3
    masks = (np.uint64(1) << (16 * suits + ranks).astype(np.uint64)).sum(axis=1, dtype=np.uint64)
    return ranks, suits, masks


def reference_keys(ranks, suits):
    """The reference key of every hand as one integer (vectorised)."""
    n = len(ranks)
    counts = np.zeros((n, 13), dtype=np.int8)
    for k in range(5):
        counts[np.arange(n), ranks[:, k]] += 1
    per_card = counts[np.arange(n)[:, None], ranks]  # each card's rank count
    order = np.sort(per_card * 16 + ranks, axis=1)[:, ::-1] & 15  # by (count, rank), desc
    packed = np.zeros(n, dtype=np.int64)
    for k in range(5):
        packed = packed * 16 + order[:, k]
    distinct = (counts > 0).sum(axis=1)
    top = counts.max(axis=1)
    pairs = (counts == 2).sum(axis=1)
    flush = (suits == suits[:, :1]).all(axis=1)
    straight = (distinct == 5) & (order[:, 0] - order[:, 4] == 4)
    category = np.select(
        [straight & flush, top == 4, (top == 3) & (pairs == 1), flush, straight, top == 3,
         pairs == 2, pairs == 1],
        [STRAIGHT_FLUSH, QUADS, FULL_HOUSE, FLUSH, STRAIGHT, TRIPS, TWO_PAIR, PAIR], HIGH_CARD)
    return category, (category.astype(np.int64) << 20) | packed


def test_every_five_card_hand_orders_as_the_reference(five_card):
    ranks, suits, masks = five_card
    values = stud.evaluate_27_batch(masks)
    category, keys = reference_keys(ranks, suits)
    order = np.argsort(keys, kind="stable")
    k, v = keys[order], values[order].astype(np.int64)
    # a better (smaller) key has a larger value; equal keys, equal values
    assert np.array_equal(np.diff(k) > 0, np.diff(v) < 0)
    assert np.all(np.diff(v) <= 0)
    assert v[0] == stud.LOW27_CLASSES == 7462 and v[-1] == 1
    assert len(np.unique(values)) == 7462
    # the categories of the C table, and the counts of each
    table = np.array([0] + [_27_category(x) for x in range(1, 7463)])
    assert np.array_equal(table[values], category)
    assert dict(Counter(category.tolist())) == {
        # the high counts, the 1,020 A-5-4-3-2 of two suits or more moved
        # from the straights to no pair, the 4 suited ones to the flushes
        HIGH_CARD: 1_302_540 + 1_020,
        PAIR: 1_098_240, TWO_PAIR: 123_552, TRIPS: 54_912,
        STRAIGHT: 10_200 - 1020, FLUSH: 5_108 + 4, FULL_HOUSE: 3_744, QUADS: 624,
        STRAIGHT_FLUSH: 40 - 4}


def test_scalar_and_vector_batches_agree(five_card):
    _, _, masks = five_card
    simd = _batch_simd()
    try:
        first = stud.evaluate_27_batch(masks[::7].copy())
        _batch_simd(False)
        second = stud.evaluate_27_batch(masks[::7].copy())
    finally:
        _batch_simd(simd)
    assert np.array_equal(first, second)
    sample = masks[::5003]
    assert [stud.evaluate_27(int(m)).value for m in sample] == \
        stud.evaluate_27_batch(sample.copy()).tolist()


# ---- six and seven cards -------------------------------------------------------------------


def random_hands(rng, n_cards, count, suited=0):
    """Hands of n_cards, at least `suited` of them of one suit."""
    hands = []
    for _ in range(count):
        if suited:
            suit = rng.randrange(4)
            same = rng.sample([4 * r + suit for r in range(13)], suited)
            rest = [i for i in range(52) if i not in same]
            hands.append(same + rng.sample(rest, n_cards - suited))
        else:
            hands.append(rng.sample(range(52), n_cards))
    return hands


@pytest.mark.parametrize("n_cards,suited", [(6, 0), (7, 0), (6, 5), (6, 6), (7, 5), (7, 6),
                                            (7, 7)])
def test_larger_hands_take_their_best_five(n_cards, suited):
    rng = random.Random(1200 + 10 * n_cards + suited)
    hands = random_hands(rng, n_cards, 1500, suited)
    masks = array("Q", [mask_of(h) for h in hands])
    batch = stud.evaluate_27_batch(masks)
    for ids, value in zip(hands, batch):
        cards = [(i >> 2, i & 3) for i in ids]
        best = best_key(cards)
        hand = stud.evaluate_27(mask_of(ids))
        assert hand.value == value
        five = [(c.index >> 2, c.index & 3) for c in hand.cards]
        assert len(five) == 5 and set(five) <= set(cards)
        assert card_key(five) == best
        # the value is that of the best five alone
        assert stud.evaluate_27(hand.cards).value == value


def test_flush_is_avoided_when_another_suit_gives_a_better_low():
    # five hearts and two others: the best low leaves a heart out
    assert str(stud.evaluate_27("2h 3h 4h 5h 7h 9c Kd")) == "9-5-4-3-2"
    # six of a suit: the seventh card, the 2c, stands in for the 2h
    assert str(stud.evaluate_27("2h 3h 4h 5h 7h 8h 2c")) == "7-5-4-3-2"
    assert stud.evaluate_27("2h 3h 4h 5h 7h 8h 2c").value == stud.LOW27_CLASSES
    assert str(stud.evaluate_27("2h 3h 4h 5h 7h 8h 9h")) == "Flush, 7-5-4-3-2"
    assert str(stud.evaluate_27("6h 5h 4h 3h 2h")) == "Straight flush, 6-5-4-3-2"
    assert str(stud.evaluate_27("6h 5h 4h 3h 2h 6c")) == "Pair, 6-6-4-3-2"


# ---- the rule book's showdowns (docs/rules.md 12.5 worked cases) --------------------------


def test_rule_book_showdowns():
    flush_avoided = stud.evaluate_27("2h 3h 4h 5h 7h 9c Kd")
    queens = stud.evaluate_27("8c 6d 5s 4c 2d Qh Qs")
    assert str(flush_avoided) == "9-5-4-3-2" and str(queens) == "8-6-5-4-2"
    assert queens > flush_avoided
    ace = stud.evaluate_27("As 2d 3c 4h 5s 5d Ac")
    assert str(ace) == "A-5-4-3-2"
    assert ace > stud.evaluate_27("4c 4s 4d 9h 9s Th Jh")
    king = stud.evaluate_27("Kc Qd Jh 9s 8c 8d 8h")
    assert str(king) == "K-Q-J-9-8"
    assert king > ace


def test_order_of_the_categories_and_the_extremes():
    hands = ["7s 5d 4c 3h 2s", "As 5d 4c 3h 2s", "2s 2d 4c 3h 5s", "2s 2d 3c 3h 4s",
             "2s 2d 2c 3h 4s", "6s 5d 4c 3h 2s", "7s 5s 4s 3s 2s", "2s 2d 2c 3h 3s",
             "2s 2d 2c 2h 3s", "6s 5s 4s 3s 2s", "As Ks Qs Js Ts"]
    values = [stud.evaluate_27(h).value for h in hands]
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)
    assert values[0] == stud.LOW27_CLASSES and values[-1] == 1
    assert stud.evaluate_27("Ks Qd Jc Th 8s") > stud.evaluate_27("As 5d 4c 3h 2s")
    assert stud.evaluate_27("As 5d 4c 3h 2s") > stud.evaluate_27("2s 2d 4c 3h 5s")
    assert stud.evaluate_27("7s 5s 4s 3s 2d") == stud.evaluate_27("7c 5d 4h 3s 2d")


def test_low_hand_object():
    hand = stud.evaluate_27("Kd 9c 7h 5h 4h 3h 2h")
    assert hand.kind == "27"
    assert pickle.loads(pickle.dumps(hand)) == hand
    assert eval(repr(hand), {"evaluate_27": stud.evaluate_27}) == hand
    assert hand == stud.evaluate_27(CardSet("Kd 9c 7h 5h 4h 3h 2h"))
    assert hand == stud.evaluate_27(["Kd", "9c", "7h", "5h", "4h", "3h", "2h"])
    with pytest.raises(TypeError, match="2-7"):
        _ = hand < stud.evaluate_razz("Kd 9c 7h 5h 4h 3h 2h")
    assert hand != stud.evaluate_razz("Kd 9c 7h 5h 4h 3h 2h")
    assert str(stud.evaluate_27("Ts Td 5c 5h 2s")) == "Two pair, T-T-5-5-2"
    assert str(stud.evaluate_27("3s 3d 3c 2h 2s")) == "Full house, 3-3-3-2-2"


# ---- bad input ---------------------------------------------------------------------------


@pytest.mark.parametrize("cards", ["As Ks Qs Js", "As Ks Qs Js Ts 9s 8s 7s", "", "As As Ks Qs Js"])
def test_bad_hands_are_refused(cards):
    with pytest.raises((CardError, ValueError)):
        stud.evaluate_27(cards)


def test_bad_batches_are_refused():
    good = mask_of([0, 5, 10, 15, 20])
    with pytest.raises(ValueError, match=r"masks\[1\]"):
        stud.evaluate_27_batch(array("Q", [good, 1, good]))
    with pytest.raises(ValueError, match=r"masks\[0\]"):
        stud.evaluate_27_batch(array("Q", [1 << 13] + [good] * 20))
    with pytest.raises(TypeError):
        stud.evaluate_27_batch(array("I", [1, 2]))
    with pytest.raises(ValueError):
        stud.evaluate_27_batch(array("Q", [good]), out=array("H", [0, 0]))
    out = array("H", [0])
    assert stud.evaluate_27_batch(array("Q", [good]), out) is out and out[0] > 0


# ---- every seven-card hand -------------------------------------------------------------

# The counts by the category of the best 2-7 low of all 133,784,560
# seven-card hands; computed by combinatorial_counts below (rank multisets
# and suit patterns, no hand dealt) and by the C census, which agree.
# With seven cards the best low is never trips (two pair is always there),
# a straight, quads or a straight flush; it is a flush only when all seven
# are of one suit (C(13, 7) x 4 = 6,864 hands).
SEVEN_CARD_CATEGORIES = {
    HIGH_CARD: 127_355_184, PAIR: 6_202_240, TWO_PAIR: 219_648, FLUSH: 6_864, FULL_HOUSE: 624,
}
SEVEN_CARD_DISTINCT = 5_536  # distinct best lows (values) among them


def combinatorial_counts():
    """(counts by category, distinct best keys) of every seven-card hand,
    from the 49,205 rank multisets: suit assignments without five of a suit
    share the multiset's best low; those with five or more of one suit S are
    grouped by the set T of ranks in S (the other cards cannot make a
    flush), and each group's best low is found from its cards."""
    totals = Counter()
    seen = set()
    key5 = {}

    def key(sub, flush):
        k = (sub, flush)
        if k not in key5:
            key5[k] = ref_key(list(sub), flush)
        return key5[k]

    for ranks in combinations_with_replacement(range(13), 7):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        ways = 1
        for c in counts.values():
            ways *= comb(4, c)
        distinct = sorted(counts)
        flush_ways = 0
        for size in range(5, min(7, len(distinct)) + 1):
            for suited in combinations(distinct, size):
                w = 1
                for r, c in counts.items():
                    w *= comb(3, c - (r in suited))
                if not w:
                    continue
                flush_ways += 4 * w
                cards = [(r, 1) for r in suited]
                rest = Counter(counts)
                rest.subtract(suited)
                cards += [(r, 0) for r in rest.elements()]
                best = min(key(tuple(sorted(r for r, _ in five)), all(s for _, s in five))
                           for five in combinations(cards, 5))
                totals[best[0]] += 4 * w
                seen.add(best)
        if ways > flush_ways:
            best = min(key(sub, False) for sub in set(combinations(ranks, 5)))
            totals[best[0]] += ways - flush_ways
            seen.add(best)
    return dict(totals), len(seen)


def test_combinatorial_count_gives_the_anchors():
    counts, distinct = combinatorial_counts()
    assert counts == SEVEN_CARD_CATEGORIES
    assert sum(counts.values()) == comb(52, 7)
    assert distinct == SEVEN_CARD_DISTINCT


def census_27(n_cards):
    ranges = [(0, 6), (6, 52)] if n_cards == 7 else [(0, 8), (8, 52)]
    with ThreadPoolExecutor(2) as pool:
        parts = list(pool.map(lambda r: _census_27(n_cards, *r), ranges))
    return [sum(column) for column in zip(*parts)]


def test_seven_card_census():
    hist = census_27(7)
    assert sum(hist) == comb(52, 7) and hist[0] == 0
    by_category = Counter()
    for value, count in enumerate(hist):
        if count:
            by_category[int(_27_category(value))] += count
    assert dict(by_category) == SEVEN_CARD_CATEGORIES
    assert sum(1 for count in hist if count) == SEVEN_CARD_DISTINCT


def test_five_card_census_matches_the_batch(five_card):
    _, _, masks = five_card
    hist = census_27(5)
    assert hist == np.bincount(stud.evaluate_27_batch(masks), minlength=7463).tolist()


@pytest.mark.parametrize("n_cards", [6, 7])
def test_census_agrees_with_the_mask_evaluator(n_cards):
    """The census walks running keys; evaluate_27 reads whole masks."""
    lo = 52 - n_cards - 6
    expect = [0] * 7463
    masks = array("Q", [mask_of(ids) for ids in combinations(range(lo, 52), n_cards)])
    for value in stud.evaluate_27_batch(masks):
        expect[value] += 1
    assert _census_27(n_cards, lo, 52) == expect
