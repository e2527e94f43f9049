"""Slow, obviously-correct pure-Python reference evaluators.

Written from the rules (docs/rules.md 3.2, 3.3, 9.1, 9.2, 9.6) only; no lookup
tables, no shared code with the C core.  Cards are handled here as
``(rank, suit)`` tuples with rank 2..14 (ace = 14) and suit one of "cdhs".

Conventions
-----------
* ``high_key(cards)``  -> structural tuple, LARGER is stronger.
* ``low8_key(cards)``  -> tuple of five ranks (ace = 1) from the highest
  down, SMALLER is better; ``None`` when there is no 8-or-better low.
* ``razz_key(cards)``  -> structural tuple, SMALLER is better.
* ``board_key_hi(cards)`` -> LARGER acts first.
* ``board_key_razz(cards)`` -> SMALLER (= lower board) acts first.
"""

from collections import Counter
from itertools import combinations, combinations_with_replacement

RANK_CHARS = "23456789TJQKA"
SUITS = "cdhs"

# Categories, same numbers as stud.Category.
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)

# Razz (and razz board) categories: smaller is better.
R_NO_PAIR, R_PAIR, R_TWO_PAIR, R_TRIPS, R_FULL_HOUSE, R_QUADS = range(6)


# --------------------------------------------------------------------------
# Cards
# --------------------------------------------------------------------------

def parse(text):
    """'As Kd 7h' -> [(14, 's'), (13, 'd'), (7, 'h')] (simple, strict)."""
    out = []
    for tok in text.split():
        r, s = tok[:-1], tok[-1]
        rank = 10 if r == "10" else RANK_CHARS.index(r.upper()) + 2
        assert s.lower() in SUITS, tok
        out.append((rank, s.lower()))
    return out


def card_str(card):
    rank, suit = card
    return RANK_CHARS[rank - 2] + suit


def cards_str(cards):
    return " ".join(card_str(c) for c in cards)


def card_mask(card):
    """Mask bit as documented in the API: bit = 16 * suit_index + (rank - 2)."""
    rank, suit = card
    return 1 << (16 * SUITS.index(suit) + rank - 2)


def cards_mask(cards):
    m = 0
    for c in cards:
        m |= card_mask(c)
    return m


def card_index(card):
    rank, suit = card
    return 4 * (rank - 2) + SUITS.index(suit)


def mask_cards(mask):
    """Inverse of cards_mask (for valid masks)."""
    out = []
    for s, suit in enumerate(SUITS):
        for r in range(13):
            if mask >> (16 * s + r) & 1:
                out.append((r + 2, suit))
    return out


FULL_DECK = [(r, s) for r in range(2, 15) for s in SUITS]


def _grouped(ranks):
    """Ranks ordered by (count desc, rank desc), each rank listed once,
    together with the counts in the same order."""
    cnt = Counter(ranks)
    order = sorted(cnt, key=lambda r: (cnt[r], r), reverse=True)
    return order, [cnt[r] for r in order]


# --------------------------------------------------------------------------
# High (RULES 9.1)
# --------------------------------------------------------------------------

def high5_key(five):
    """Structural key of exactly five cards; larger is stronger."""
    assert len(five) == 5
    ranks = [r for r, _ in five]
    suits = {s for _, s in five}
    flush = len(suits) == 1
    distinct = sorted(set(ranks), reverse=True)
    straight_top = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_top = distinct[0]
        elif distinct == [14, 5, 4, 3, 2]:
            straight_top = 5  # the wheel is a 5-high straight
    if straight_top is not None:
        ranks_desc = tuple(range(straight_top, straight_top - 5, -1))
        return (STRAIGHT_FLUSH if flush else STRAIGHT,) + ranks_desc
    order, counts = _grouped(ranks)
    if flush:
        return (FLUSH,) + tuple(order)
    if counts[0] == 4:
        cat = QUADS
    elif counts[:2] == [3, 2]:
        cat = FULL_HOUSE
    elif counts[0] == 3:
        cat = TRIPS
    elif counts[:2] == [2, 2]:
        cat = TWO_PAIR
    elif counts[0] == 2:
        cat = PAIR
    else:
        cat = HIGH_CARD
    return (cat,) + tuple(order)


def high_key(cards):
    """Best of all 5-card subsets."""
    cards = list(cards)
    assert 5 <= len(cards) <= 7
    return max(high5_key(c) for c in combinations(cards, 5))


def high_best_keys(cards):
    """Every 5-card subset that reaches the best key (as frozensets)."""
    cards = list(cards)
    best = high_key(cards)
    return [frozenset(c) for c in combinations(cards, 5) if high5_key(c) == best]


# --------------------------------------------------------------------------
# 8-or-better low (RULES 9.2)
# --------------------------------------------------------------------------

def _low_rank(rank):
    return 1 if rank == 14 else rank


def low8_5_key(five):
    lows = sorted((_low_rank(r) for r, _ in five), reverse=True)
    if len(set(lows)) != 5 or lows[0] > 8:
        return None
    return tuple(lows)


def low8_key(cards):
    """Best (smallest) 8-or-better low over all 5-card subsets, or None."""
    keys = [k for k in (low8_5_key(c) for c in combinations(list(cards), 5)) if k is not None]
    return min(keys) if keys else None


# --------------------------------------------------------------------------
# Razz, A-5 low (RULES 9.6)
# --------------------------------------------------------------------------

def razz5_key(five):
    lows = [_low_rank(r) for r, _ in five]
    order, counts = _grouped(lows)
    if counts[0] == 4:
        cat = R_QUADS
    elif counts[:2] == [3, 2]:
        cat = R_FULL_HOUSE
    elif counts[0] == 3:
        cat = R_TRIPS
    elif counts[:2] == [2, 2]:
        cat = R_TWO_PAIR
    elif counts[0] == 2:
        cat = R_PAIR
    else:
        cat = R_NO_PAIR
    return (cat,) + tuple(order)


def razz_key(cards):
    """Best (smallest) A-5 low over all 5-card subsets."""
    return min(razz5_key(c) for c in combinations(list(cards), 5))


def low_str_ranks(five):
    """'7-5-4-2-A' style string for five cards, ace low, highest first."""
    lows = sorted((_low_rank(r) for r, _ in five), reverse=True)
    return "-".join("A" if r == 1 else RANK_CHARS[r - 2] for r in lows)


# --------------------------------------------------------------------------
# Partial boards, 1..4 upcards (RULES 3.2, 3.3)
# --------------------------------------------------------------------------

def _board_cat(counts):
    if counts[0] == 4:
        return 4
    if counts[0] == 3:
        return 3
    if counts[:2] == [2, 2]:
        return 2
    if counts[0] == 2:
        return 1
    return 0


def board_key_hi(cards):
    """Larger = higher board = acts first.  Straights/flushes ignored."""
    ranks = [r for r, _ in cards]
    assert 1 <= len(ranks) <= 4
    order, counts = _grouped(ranks)
    return (_board_cat(counts),) + tuple(order)


def board_key_razz(cards):
    """Smaller = lower board = acts first.  Ace low."""
    ranks = [_low_rank(r) for r, _ in cards]
    assert 1 <= len(ranks) <= 4
    order, counts = _grouped(ranks)
    return (_board_cat(counts),) + tuple(order)


# --------------------------------------------------------------------------
# Exhaustive class lists -> exact values on the API scale
# --------------------------------------------------------------------------

def rank_multisets(n, max_count=4):
    """All multisets of n ranks (2..14) with at most max_count of each."""
    for combo in combinations_with_replacement(range(2, 15), n):
        if max(Counter(combo).values()) <= max_count:
            yield combo


def representative(ranks, suited=False):
    """Cards with the given ranks: all clubs if suited (ranks must be
    distinct), else suits spread so that no five share a suit."""
    if suited:
        return [(r, "c") for r in ranks]
    used = Counter()
    out = []
    seen = {}
    for r in ranks:
        taken = seen.setdefault(r, set())
        suit = min((s for s in SUITS if s not in taken), key=lambda s: (used[s], s))
        taken.add(suit)
        used[suit] += 1
        out.append((r, suit))
    return out


_HIGH_VALUE = None
_RAZZ_VALUE = None
_LOW8_VALUE = None


def high_value_table():
    """{high5 key: value}, values 1..7462 dense, larger stronger."""
    global _HIGH_VALUE
    if _HIGH_VALUE is None:
        keys = set()
        for ranks in rank_multisets(5):
            keys.add(high5_key(representative(ranks)))
            if len(set(ranks)) == 5:
                keys.add(high5_key(representative(ranks, suited=True)))
        _HIGH_VALUE = {k: i + 1 for i, k in enumerate(sorted(keys))}
    return _HIGH_VALUE


def razz_value_table():
    """{razz key: value}, values 1..6175 dense, larger better (= smaller key)."""
    global _RAZZ_VALUE
    if _RAZZ_VALUE is None:
        keys = sorted({razz5_key(representative(r)) for r in rank_multisets(5)}, reverse=True)
        _RAZZ_VALUE = {k: i + 1 for i, k in enumerate(keys)}
    return _RAZZ_VALUE


def low8_value_table():
    """{low8 key: value}, values 1..56 dense, larger better."""
    global _LOW8_VALUE
    if _LOW8_VALUE is None:
        keys = sorted((tuple(sorted(c, reverse=True)) for c in combinations(range(1, 9), 5)),
                      reverse=True)
        _LOW8_VALUE = {k: i + 1 for i, k in enumerate(keys)}
    return _LOW8_VALUE


def expected_high_value(cards):
    return high_value_table()[high_key(cards)]


def expected_razz_value(cards):
    return razz_value_table()[razz_key(cards)]


def expected_low8_value(cards):
    """0 when there is no low (as stud.low8_value)."""
    k = low8_key(cards)
    return 0 if k is None else low8_value_table()[k]


# --------------------------------------------------------------------------
# Self-check (python tests/support/reference.py)
# --------------------------------------------------------------------------

def _selfcheck():
    assert len(high_value_table()) == 7462
    assert len(razz_value_table()) == 6175
    assert len(low8_value_table()) == 56
    h = lambda s: high_key(parse(s))
    assert h("As Ks Qs Js Ts")[0] == STRAIGHT_FLUSH
    assert h("5d 4s 3s 2s As")[0] == STRAIGHT
    assert h("5d 4s 3s 2s As") < h("6d 5s 4s 3s 2s")
    assert h("Ah Ad Ac Kd Ks 2c 3d") == (FULL_HOUSE, 14, 13)
    assert h("Ah Ad Ac Kd Ks Kc 3d") == (FULL_HOUSE, 14, 13)
    assert h("2c 2d 3c 3d 4c 4d 5h") == (TWO_PAIR, 4, 3, 5)
    assert h("2c 3c 4c 5c 7c 6d 6h")[0] == FLUSH
    assert h("9c 9d 9h 8c 8d 8h 2s") == (FULL_HOUSE, 9, 8)
    assert h("Kc Kd Kh Ks Ac Ad Ah") == (QUADS, 13, 14)
    # RULES 9.2 examples
    l8 = lambda s: low8_key(parse(s))
    assert l8("6d 5c 4h 3s 2d") < l8("7c 6h 3d 2s Ac")
    assert l8("6c 5d 4h 2s Ad") < l8("6d 5c 4h 3s 2d")
    assert l8("5c 4c 3c 2c Ac Kd Kh") == (5, 4, 3, 2, 1)
    assert l8("9c 4c 3c 2c Ac Kd Kh") is None
    assert l8("8c 8d 3c 2c Ac Kd Kh") is None
    assert l8("8c 7d 3c 2c Ac Kd Kh") == (8, 7, 3, 2, 1)
    # Razz
    rz = lambda s: razz_key(parse(s))
    assert rz("5c 4c 3c 2c Ac Kd Kh") == (R_NO_PAIR, 5, 4, 3, 2, 1)
    assert rz("Kc Kd Kh Ks Qc Qd Qh") == (R_FULL_HOUSE, 12, 13)
    assert rz("Ac Ad Kc Kd Qc Qd Jh") == (R_PAIR, 1, 13, 12, 11)
    assert rz("Ac Ad Kc Kd Qc Qd Qh") == (R_TWO_PAIR, 12, 1, 13)
    assert rz("Ac Ad Ah Kc Kd Ks Qh") == (R_TWO_PAIR, 13, 1, 12)
    assert rz("7c 7d 7h 7s 2c 2d 2h") == (R_FULL_HOUSE, 2, 7)
    assert rz("7c 7d 7h 7s 2c 2d 3h") == (R_TWO_PAIR, 7, 2, 3)
    assert rz("7c 7d 7h 6s 6c 6d 2h") == (R_TWO_PAIR, 7, 6, 2)
    assert rz("7c 7d 7h 6s 5c 4d 2h") == (R_NO_PAIR, 7, 6, 5, 4, 2)
    rv = razz_value_table()
    assert rv[(R_NO_PAIR, 5, 4, 3, 2, 1)] == 6175
    assert rv[(R_QUADS, 13, 12)] == 1
    assert low_str_ranks(parse("7c 5d 4h 2s Ac")) == "7-5-4-2-A"
    assert low_str_ranks(parse("Kc 3d 2h As Ac")) == "K-3-2-A-A"
    # Boards (RULES 3.2, 3.3)
    bh = lambda s: board_key_hi(parse(s))
    br = lambda s: board_key_razz(parse(s))
    assert br("7c 6d") < br("8c 2d")
    assert br("Ac Ad") < br("2c 2d")
    assert br("Kc Qd") < br("Ac Ad")
    assert bh("2c 2d") > bh("Ac Kd")
    assert bh("Ac") > bh("Kc")
    assert mask_cards(cards_mask(FULL_DECK)) == sorted(FULL_DECK, key=lambda c: (SUITS.index(c[1]), c[0]))
    print("reference self-check ok")


if __name__ == "__main__":
    _selfcheck()
