"""Every one of the 2,598,960 five-card hands against a brute-force oracle.

The oracle below ranks a five-card hand from first principles (category,
then the ranks that break ties); it shares nothing with the C tables.  The
evaluator must order all hands exactly as the oracle does.
"""

from collections import Counter
from itertools import combinations

import numpy as np
import stud


def oracle_key(ranks, flush):
    """(category, tie-break ranks) of five cards; ranks 2..14."""
    counts = Counter(ranks)
    # ranks by (count desc, rank desc)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    distinct = sorted(counts, reverse=True)
    straight_top = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_top = distinct[0]
        elif distinct == [14, 5, 4, 3, 2]:
            straight_top = 5
    if straight_top and flush:
        return (8, straight_top)
    if shape == [4, 1]:
        return (7, *order)
    if shape == [3, 2]:
        return (6, *order)
    if flush:
        return (5, *order)
    if straight_top:
        return (4, straight_top)
    if shape == [3, 1, 1]:
        return (3, *order)
    if shape == [2, 2, 1]:
        return (2, *order)
    if shape == [2, 1, 1, 1]:
        return (1, *order)
    return (0, *order)


def test_all_five_card_hands_order_like_the_oracle():
    hands = np.fromiter((card for hand in combinations(range(52), 5) for card in hand),
                        dtype=np.int64, count=2_598_960 * 5).reshape(-1, 5)
    assert len(hands) == 2_598_960
    ranks = hands // 4 + 2
    suits = hands % 4
    masks = np.bitwise_or.reduce(np.left_shift(1, 16 * suits + ranks - 2), axis=1).astype(np.uint64)
    values = stud.evaluate_high_batch(masks)
    flushes = (suits == suits[:, :1]).all(axis=1)

    value_of_key = {}
    cache = {}
    for hand_ranks, flush, value in zip(map(tuple, np.sort(ranks, axis=1).tolist()),
                                        flushes.tolist(), values.tolist()):
        key = cache.get((hand_ranks, flush))
        if key is None:
            key = cache[(hand_ranks, flush)] = oracle_key(hand_ranks, flush)
        # hands the oracle ties get one value
        assert value_of_key.setdefault(key, value) == value, (hand_ranks, flush)

    assert len(value_of_key) == 7_462
    ordered = [value_of_key[key] for key in sorted(value_of_key)]
    # strictly increasing: stronger by the oracle means a larger value
    assert ordered == sorted(ordered) and len(set(ordered)) == len(ordered)
    assert ordered[0] == 1 and ordered[-1] == stud.HIGH_CLASSES
