"""Hypothesis strategies and small helpers shared by the test files.

Hands are lists of reference cards ``(rank, suit)``; see reference.py.
"""

from hypothesis import strategies as st

from . import reference as ref

SUITS = ref.SUITS
DECK = ref.FULL_DECK


def _partitions(n, max_part=4, largest=None):
    """Partitions of n into parts <= max_part, largest part first."""
    if largest is None:
        largest = max_part
    if n == 0:
        yield ()
        return
    for p in range(min(n, largest), 0, -1):
        for rest in _partitions(n - p, max_part, p):
            yield (p,) + rest


# Rank-count patterns of 5..7 cards other than "all distinct": trips and two
# pair, quads and trips, two trips, full houses, three pairs, ...
PATTERNS = [p for n in (5, 6, 7) for p in _partitions(n) if p[0] >= 2]


def random_hand(min_size=5, max_size=7):
    return st.lists(st.sampled_from(DECK), min_size=min_size, max_size=max_size, unique=True)


@st.composite
def pattern_hand(draw, patterns=PATTERNS, rank_pool=tuple(range(2, 15))):
    """A hand with a forced rank-count pattern (many duplicated ranks)."""
    pattern = draw(st.sampled_from(patterns))
    ranks = draw(st.permutations(rank_pool))[: len(pattern)]
    hand = []
    for rank, count in zip(ranks, pattern):
        suits = draw(st.permutations(SUITS))[:count]
        hand.extend((rank, s) for s in suits)
    return draw(st.permutations(hand))


@st.composite
def flushy_hand(draw):
    """3..7 cards of one suit, the rest random: flushes and straight flushes."""
    n = draw(st.integers(5, 7))
    suit = draw(st.sampled_from(SUITS))
    k = draw(st.integers(3, n))
    low_heavy = draw(st.booleans())
    pool = [14, 2, 3, 4, 5, 6, 7, 8, 9] if low_heavy else list(range(2, 15))
    ranks = draw(st.lists(st.sampled_from(pool), min_size=k, max_size=k, unique=True))
    hand = [(r, suit) for r in ranks]
    rest = [c for c in DECK if c not in hand]
    hand += draw(st.lists(st.sampled_from(rest), min_size=n - k, max_size=n - k, unique=True))
    return draw(st.permutations(hand))


@st.composite
def straighty_hand(draw):
    """Five consecutive ranks (wheel included) plus 0..2 extra cards."""
    top = draw(st.integers(5, 14))
    ranks = [14 if r == 1 else r for r in range(top - 4, top + 1)]
    alphabet = draw(st.sampled_from(["c", "cd", "cdh", SUITS]))
    hand = [(r, draw(st.sampled_from(alphabet))) for r in ranks]
    extra = draw(st.integers(0, 2))
    rest = [c for c in DECK if c not in hand]
    hand += draw(st.lists(st.sampled_from(rest), min_size=extra, max_size=extra, unique=True))
    return draw(st.permutations(hand))


LOW_CARDS = [c for c in DECK if c[0] <= 8 or c[0] == 14]
LOW_RANKS = (14, 2, 3, 4, 5, 6, 7, 8)


def low_pattern_hand():
    """Duplicated ranks among A..8 (pairs, trips, quads of low cards)."""
    return pattern_hand(rank_pool=LOW_RANKS)


def lowish_hand(min_size=5, max_size=7):
    """Only A..8: many lows, many pairs among the low cards."""
    return st.lists(st.sampled_from(LOW_CARDS), min_size=min_size, max_size=max_size, unique=True)


@st.composite
def near_low_hand(draw):
    """Few distinct low ranks padded with pairs/trips of them and high cards."""
    distinct = draw(st.integers(3, 6))
    ranks = draw(st.lists(st.sampled_from([14, 2, 3, 4, 5, 6, 7, 8]), min_size=distinct,
                          max_size=distinct, unique=True))
    pool = [c for c in DECK if c[0] in ranks or c[0] in (9, 10, 11, 12, 13)]
    n = draw(st.integers(5, 7))
    return draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n, unique=True))


def any_hand():
    return st.one_of(random_hand(), pattern_hand(), flushy_hand(), straighty_hand(),
                     lowish_hand(), near_low_hand(), low_pattern_hand())


# --------------------------------------------------------------------------
# Conversions to the forms stud accepts
# --------------------------------------------------------------------------

def as_str(hand):
    return ref.cards_str(hand)


def as_forms(stud, hand):
    """The same hand in every documented input form."""
    s = ref.cards_str(hand)
    return {
        "str": s,
        "compact": s.replace(" ", ""),
        "lower": s.lower(),
        "commas": ", ".join(s.split()),
        "ten10": s.replace("T", "10"),
        "cardset": stud.CardSet(s),
        "cards": [stud.Card(t) for t in s.split()],
        "strs": s.split(),
        "tuple_cards": tuple(stud.Card(t) for t in s.split()),
        "mask": ref.cards_mask(hand),
    }


def from_cardset(cs):
    """stud CardSet -> list of reference cards."""
    return [ref.parse(str(c))[0] for c in cs]
