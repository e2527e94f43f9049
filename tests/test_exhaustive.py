"""Exhaustive enumeration in C against the known counts (DESIGN.md anchors).

Every 5- and 7-card hand is evaluated by the C core through the extension;
the work is split over two threads (the census releases the GIL).
"""

from concurrent.futures import ThreadPoolExecutor

import pytest
import stud
from stud import Category
from stud._core import _census, _high_category_starts


def census(n_cards):
    """(high, low8, razz) histograms of every n-card hand, on two threads."""
    # hands with a low first card are far more numerous: split unevenly
    ranges = [(0, 6), (6, 52)] if n_cards == 7 else [(0, 8), (8, 52)]
    with ThreadPoolExecutor(2) as pool:
        parts = list(pool.map(lambda r: _census(n_cards, *r), ranges))
    return tuple([sum(column) for column in zip(*hists)] for hists in zip(*parts))


@pytest.fixture(scope="module")
def seven():
    return census(7)


@pytest.fixture(scope="module")
def five():
    return census(5)


def by_category(high):
    starts = _high_category_starts()
    return {Category(c): sum(high[starts[c]:starts[c + 1]]) for c in range(9)}


def test_seven_card_high_categories(seven):
    high, _, _ = seven
    assert sum(high) == 133_784_560
    assert high[0] == 0
    assert by_category(high) == {
        Category.HIGH_CARD: 23_294_460,
        Category.PAIR: 58_627_800,
        Category.TWO_PAIR: 31_433_400,
        Category.THREE_OF_A_KIND: 6_461_620,
        Category.STRAIGHT: 6_180_020,
        Category.FLUSH: 4_047_644,
        Category.FULL_HOUSE: 3_473_184,
        Category.FOUR_OF_A_KIND: 224_848,
        Category.STRAIGHT_FLUSH: 41_584,
    }
    assert sum(1 for count in high if count) == 4_824


def test_seven_card_low8(seven):
    _, low8, _ = seven
    qualifying = sum(low8[1:])
    assert qualifying == 24_530_944
    assert low8[0] == 133_784_560 - qualifying
    assert sum(1 for count in low8[1:] if count) == 56
    # by the highest card of the low: the value scale orders lows, so the 56
    # values group into wheel-only (5 high), 6, 7 and 8 lows by position
    lows = [v for v in range(1, 57)]
    highest = {v: str(stud.evaluate_low8(sample_low(v))).split("-")[0] for v in lows}
    totals = {}
    for v in lows:
        totals[highest[v]] = totals.get(highest[v], 0) + low8[v]
    assert totals == {"5": 781_824, "6": 3_151_360, "7": 7_426_560, "8": 13_171_200}


def sample_low(value):
    """Some 5-card hand whose 8-or-better low has this value."""
    from itertools import combinations

    for ranks in combinations("A2345678", 5):
        suits = "cdhsc"
        cards = " ".join(r + s for r, s in zip(ranks, suits))
        if stud.low8_value(cards) == value:
            return cards
    raise AssertionError(f"no low has value {value}")


def test_seven_card_razz(seven):
    _, _, razz = seven
    assert sum(razz) == 133_784_560
    assert razz[0] == 0
    # A-5 shape of the best low of each value, from a 5-card hand with that value
    shapes = razz_shapes()
    totals = {}
    for value, count in enumerate(razz):
        if count:
            totals[shapes[value]] = totals.get(shapes[value], 0) + count
    assert totals == {"no pair": 127_615_488, "one pair": 5_948_800,
                      "two pair": 219_648, "full house": 624}


def razz_shapes():
    """Razz value -> pair structure, from every 5-card rank multiset."""
    from collections import Counter
    from itertools import combinations_with_replacement

    names = {(1, 1, 1, 1, 1): "no pair", (2, 1, 1, 1): "one pair", (2, 2, 1): "two pair",
             (3, 1, 1): "trips", (3, 2): "full house", (4, 1): "quads"}
    shapes = {}
    for ranks in combinations_with_replacement("23456789TJQKA", 5):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        used = Counter()
        cards = []
        for r in ranks:
            cards.append(r + "cdhs"[used[r]])
            used[r] += 1
        shape = tuple(sorted(counts.values(), reverse=True))
        shapes[stud.razz_value(" ".join(cards))] = names[shape]
    assert len(shapes) == stud.RAZZ_CLASSES
    return shapes


def test_five_card_hands(five):
    high, low8, razz = five
    assert sum(high) == 2_598_960
    assert sum(1 for count in high if count) == 7_462 == stud.HIGH_CLASSES
    assert by_category(high) == {
        Category.HIGH_CARD: 1_302_540,
        Category.PAIR: 1_098_240,
        Category.TWO_PAIR: 123_552,
        Category.THREE_OF_A_KIND: 54_912,
        Category.STRAIGHT: 10_200,
        Category.FLUSH: 5_108,
        Category.FULL_HOUSE: 3_744,
        Category.FOUR_OF_A_KIND: 624,
        Category.STRAIGHT_FLUSH: 40,
    }
    # every 5-card low of distinct ranks A..8: 56 rank sets x 4^5 suits
    assert sum(low8[1:]) == 56 * 4**5
    assert sum(1 for count in razz if count) == stud.RAZZ_CLASSES == 6_175


@pytest.mark.parametrize("n_cards", [5, 6, 7])
def test_census_agrees_with_the_mask_evaluators(n_cards):
    """The census walks running keys (a card at a time); the scalar
    evaluators read whole masks: every hand of a slice, value by value."""
    from itertools import combinations

    lo = 52 - n_cards - 6
    expect = ([0] * (stud.HIGH_CLASSES + 1), [0] * 57, [0] * (stud.RAZZ_CLASSES + 1))
    for ids in combinations(range(lo, 52), n_cards):
        mask = sum(1 << (16 * (i & 3) + (i >> 2)) for i in ids)
        expect[0][stud.high_value(mask)] += 1
        expect[1][stud.low8_value(mask)] += 1
        expect[2][stud.razz_value(mask)] += 1
    assert _census(n_cards, lo, 52) == expect
    assert _census(n_cards, lo, 52, lows=False) == (expect[0], [], [])
