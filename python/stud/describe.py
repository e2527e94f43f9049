"""Readable descriptions of evaluated hands."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .enums import Category

_NAMES = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
          9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"}
_LOW_SYMBOLS = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}


def _plural(rank: int) -> str:
    return _NAMES[rank] + ("es" if rank == 6 else "s")


def _straight_top(ranks: list[int]) -> int:
    return 5 if sorted(ranks) == [2, 3, 4, 5, 14] else max(ranks)


def describe_high(category: Category, ranks: Iterable[int]) -> str:
    """Describe a five-card high hand from its category and its five ranks.

    >>> describe_high(Category.FULL_HOUSE, [14, 14, 14, 13, 13])
    'Full house, aces full of kings'
    >>> describe_high(Category.STRAIGHT, [14, 2, 3, 4, 5])
    'Straight, five high'
    """
    ranks = list(ranks)
    # ranks grouped by (count, rank), the most numerous and highest first
    groups = [rank for rank, _ in sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]),
                                         reverse=True)]
    top = groups[0]
    if category == Category.STRAIGHT_FLUSH:
        high = _straight_top(ranks)
        return "Royal flush" if high == 14 else f"Straight flush, {_NAMES[high]} high"
    if category == Category.FOUR_OF_A_KIND:
        return f"Four of a kind, {_plural(top)}"
    if category == Category.FULL_HOUSE:
        return f"Full house, {_plural(top)} full of {_plural(groups[1])}"
    if category == Category.FLUSH:
        return f"Flush, {_NAMES[top]} high"
    if category == Category.STRAIGHT:
        return f"Straight, {_NAMES[_straight_top(ranks)]} high"
    if category == Category.THREE_OF_A_KIND:
        return f"Three of a kind, {_plural(top)}"
    if category == Category.TWO_PAIR:
        return f"Two pair, {_plural(top)} and {_plural(groups[1])}"
    if category == Category.PAIR:
        return f"Pair of {_plural(top)}"
    return f"High card, {_NAMES[top]}"


def describe_low(ranks: Iterable[int]) -> str:
    """Describe a five-card ace-to-five low, highest card first, ace low.

    >>> describe_low([7, 5, 4, 2, 14])
    '7-5-4-2-A'
    >>> describe_low([13, 14, 14, 3, 2])
    'K-3-2-A-A'
    """
    low = sorted((1 if rank == 14 else rank for rank in ranks), reverse=True)
    return "-".join(_LOW_SYMBOLS.get(rank, str(rank)) for rank in low)


_27_SYMBOLS = {10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}


def describe_27(category: Category, ranks: Iterable[int]) -> str:
    """Describe a five-card 2-7 low (docs/rules.md 12.5) from its category
    (numbered as the high categories, A-5-4-3-2 being no straight) and its
    five ranks: the ranks as the hand compares, the most numerous and
    highest first, ace high; a hand with more than no pair is named first.

    >>> describe_27(Category.HIGH_CARD, [2, 3, 4, 5, 7])
    '7-5-4-3-2'
    >>> describe_27(Category.FLUSH, [9, 5, 4, 3, 2])
    'Flush, 9-5-4-3-2'
    >>> describe_27(Category.PAIR, [2, 8, 5, 8, 3])
    'Pair, 8-8-5-3-2'
    """
    counts = Counter(ranks)
    ordered = sorted(counts.elements(), key=lambda r: (counts[r], r), reverse=True)
    text = "-".join(_27_SYMBOLS.get(rank, str(rank)) for rank in ordered)
    if category == Category.HIGH_CARD:
        return text
    return f"{_27_NAMES[category]}, {text}"


_27_NAMES = {Category.PAIR: "Pair", Category.TWO_PAIR: "Two pair",
             Category.THREE_OF_A_KIND: "Three of a kind", Category.STRAIGHT: "Straight",
             Category.FLUSH: "Flush", Category.FULL_HOUSE: "Full house",
             Category.FOUR_OF_A_KIND: "Four of a kind", Category.STRAIGHT_FLUSH: "Straight flush"}
