# Card and CardSet: the card encoding of cards.h, seen from Python.
from libc.stdint cimport uint16_t, uint32_t, uint64_t
from cpython.number cimport PyIndex_Check
from cpython.unicode cimport PyUnicode_GET_LENGTH, PyUnicode_READ_CHAR
from operator import index as _operator_index

from stud._checks import short_repr as _short, whole_number as _whole_number

cimport cython

from stud._studcore cimport *

from stud.errors import CardError

cdef str _RANK_CHARS = "23456789TJQKA"
cdef str _SUIT_CHARS = "cdhs"
cdef uint64_t _BAD = 0xFFFFFFFFFFFFFFFFULL
cdef str _CARD_HELP = "a card is a rank (2-9, T or 10, J, Q, K, A) then a suit (c, d, h, s)"


cdef inline int _rank_of(Py_UCS4 ch) noexcept:
    if ch >= u'2' and ch <= u'9':
        return <int>ch - 50  # ord('2')
    if ch == u'T' or ch == u't':
        return 8
    if ch == u'J' or ch == u'j':
        return 9
    if ch == u'Q' or ch == u'q':
        return 10
    if ch == u'K' or ch == u'k':
        return 11
    if ch == u'A' or ch == u'a':
        return 12
    return -1


cdef inline int _suit_of(Py_UCS4 ch) noexcept:
    if ch == u'c' or ch == u'C' or ch == u'\u2663' or ch == u'\u2667':
        return 0
    if ch == u'd' or ch == u'D' or ch == u'\u2666' or ch == u'\u2662':
        return 1
    if ch == u'h' or ch == u'H' or ch == u'\u2665' or ch == u'\u2661':
        return 2
    if ch == u's' or ch == u'S' or ch == u'\u2660' or ch == u'\u2664':
        return 3
    return -1


cdef inline bint _is_separator(Py_UCS4 ch) noexcept:
    return ch == u' ' or ch == u',' or ch == u'\t' or ch == u'\n' or ch == u'\r'


cdef str _token_at(str text, Py_ssize_t start):
    cdef Py_ssize_t end = start, n = PyUnicode_GET_LENGTH(text)
    while end < n and not _is_separator(PyUnicode_READ_CHAR(text, end)):
        end += 1
    return text[start:end]


cdef uint64_t _parse(str text, list order=None) except? 0xFFFFFFFFFFFFFFFFULL:
    """The mask of the cards written in `text`; duplicates are errors.  With
    `order`, each card's id is also appended to it, in the order written."""
    cdef Py_ssize_t i = 0, start, n = PyUnicode_GET_LENGTH(text)
    cdef uint64_t mask = 0, bit
    cdef int rank, suit
    cdef Py_UCS4 ch
    while i < n:
        ch = PyUnicode_READ_CHAR(text, i)
        if _is_separator(ch):
            i += 1
            continue
        start = i
        if ch == u'1' and i + 1 < n and PyUnicode_READ_CHAR(text, i + 1) == u'0':
            rank = 8
            i += 2
        else:
            rank = _rank_of(ch)
            i += 1
        suit = _suit_of(PyUnicode_READ_CHAR(text, i)) if (rank >= 0 and i < n) else -1
        if suit < 0:
            raise CardError(f"bad card {_token_at(text, start)!r} in {text!r}: {_CARD_HELP}")
        i += 1
        bit = stud_card_bit(rank * 4 + suit)
        if mask & bit:
            raise CardError(f"duplicate card {text[start:i]!r} in {text!r}")
        mask |= bit
        if order is not None:
            order.append(rank * 4 + suit)
    return mask


cdef uint64_t _to_mask(object cards) except? 0xFFFFFFFFFFFFFFFFULL:
    """The mask of any accepted form of a set of cards (see CardSet)."""
    cdef uint64_t mask = 0, part
    if type(cards) is CardSet:
        return (<CardSet>cards).mask
    if isinstance(cards, str):
        return _parse(<str>cards)
    if isinstance(cards, CardSet):
        return (<CardSet>cards).mask
    if isinstance(cards, Card):
        return stud_card_bit((<Card>cards).index)
    if isinstance(cards, (bytes, int, float)) or cards is None:
        raise TypeError(
            f"expected cards as a string like 'As Kd', a CardSet or an iterable of Card/str, "
            f"not {type(cards).__name__}")
    try:
        items = iter(cards)
    except TypeError:
        raise TypeError(
            f"expected cards as a string like 'As Kd', a CardSet or an iterable of Card/str, "
            f"not {type(cards).__name__}") from None
    for item in items:
        if isinstance(item, Card):
            part = stud_card_bit((<Card>item).index)
        elif isinstance(item, str):
            part = _parse(<str>item)
            if stud_popcount(part) != 1:
                raise CardError(f"each item must be one card, got {_short(item)} in {_short(cards)}")
        else:
            raise TypeError(f"expected Card or str items, not {type(item).__name__}: {_short(item)}")
        if mask & part:
            raise CardError(f"duplicate card {str(CardSet.from_mask(mask & part))!r} in {_short(cards)}")
        mask |= part
    return mask


cdef uint64_t _int_mask(object value) except? 0xFFFFFFFFFFFFFFFFULL:
    """An int taken as a card mask, checked against the layout."""
    cdef unsigned long long mask
    try:
        mask = value
    except OverflowError:
        mask = ~0ULL
    if mask & ~STUD_VALID_BITS:
        raise CardError(f"{value:#x} is not a card mask: only bits 16*suit + rank-2 may be set")
    return mask


cdef inline uint64_t _mask_or_int(object cards) except? 0xFFFFFFFFFFFFFFFFULL:
    """Like _to_mask, and an integer (an int, a numpy integer: anything with
    __index__ but a bool) is taken as a mask (checked)."""
    if type(cards) is CardSet:
        return (<CardSet>cards).mask
    if type(cards) is int:
        return _int_mask(cards)
    if PyIndex_Check(cards) and not isinstance(cards, bool):
        return _int_mask(_operator_index(cards))
    return _to_mask(cards)


cdef object _whole(object value, str what):
    """A whole number (stud._checks.whole_number: anything with __index__,
    never a bool, a float or a string), with the plain int taken at once."""
    if type(value) is int:
        return value
    return _whole_number(value, what)


@cython.final
cdef class Card:
    """One playing card.

    >>> c = Card("As")
    >>> c.rank, c.suit, str(c)
    (14, 's', 'As')
    >>> Card("10h") == Card("Th")
    True

    Cards order by rank, then suit (clubs < diamonds < hearts < spades).
    ``index`` is 4 * (rank - 2) + suit index (c=0, d=1, h=2, s=3)
    (``Card.from_index`` makes a card from it); ``mask``
    is the card's bit in a CardSet mask (bit 16 * suit index + rank - 2).
    """
    cdef readonly int index
    cdef bint _made  # immutable: __init__ runs once

    def __init__(self, text):
        if self._made:
            raise TypeError("a Card is immutable")
        if not isinstance(text, str):
            hint = (f"; for the card with index {text!r} use Card.from_index({text!r})"
                    if PyIndex_Check(text) and not isinstance(text, bool) else "")
            raise TypeError(f"Card takes a card's text such as 'As', not "
                            f"{type(text).__name__}{hint}")
        cdef uint64_t mask = _parse(<str>text)
        if stud_popcount(mask) != 1:
            raise CardError(f"expected one card, got {text!r}")
        self.index = stud_lowest_card(mask)
        self._made = True

    @staticmethod
    def from_index(index) -> Card:
        """The card with this index (0..51): ``4 * (rank - 2) + suit index``."""
        index = _whole(index, "a card index")
        if index < 0 or index >= 52:
            raise CardError(f"card index {index} is outside 0..51")
        return _card(index)

    @property
    def rank(self) -> int:
        """2..14 (ace high)."""
        return (self.index >> 2) + 2

    @property
    def suit(self) -> str:
        """One of 'c', 'd', 'h', 's'."""
        return _SUIT_CHARS[self.index & 3]

    @property
    def mask(self) -> int:
        """This card's bit in a card-set mask."""
        return stud_card_bit(self.index)

    def __str__(self):
        return _RANK_CHARS[self.index >> 2] + _SUIT_CHARS[self.index & 3]

    def __repr__(self):
        return f"Card({str(self)!r})"

    def __hash__(self):
        if not self._made:  # made by Card.__new__ alone: __init__ could still change it
            raise TypeError("an unmade Card (Card.__new__ without __init__) is not hashable")
        return self.index

    def __richcmp__(self, other, int op):
        if not isinstance(other, Card):
            return NotImplemented
        cdef int a = self.index, b = (<Card>other).index
        if op == 0: return a < b
        if op == 1: return a <= b
        if op == 2: return a == b
        if op == 3: return a != b
        if op == 4: return a > b
        return a >= b

    def __reduce__(self):
        return (Card, (str(self),))


cdef Card _card(int index):
    cdef Card card = Card.__new__(Card)
    card.index = index
    card._made = True
    return card


cdef CardSet _cardset(uint64_t mask):
    cdef CardSet cs = CardSet.__new__(CardSet)
    cs.mask = mask
    cs._made = True
    return cs


# iteration order: ranks from ace down, within a rank spades, hearts, diamonds, clubs
cdef int _ORDER_BITS[STUD_CARDS]
for _i in range(STUD_CARDS):
    _ORDER_BITS[_i] = 16 * (3 - _i % 4) + (12 - _i // 4)


@cython.final
cdef class CardSet:
    """An immutable set of cards backed by a 64-bit mask.

    >>> hand = CardSet("As Kd 7h")
    >>> str(hand), len(hand), Card("Kd") in hand, "7h" in hand
    ('As Kd 7h', 3, True, True)
    >>> CardSet("AsKd") | CardSet(["7h"]) == hand
    True
    >>> CardSet.from_mask(int(hand)) == hand
    True

    Accepts a string (spaces or commas between cards optional, ten as T or
    10, any case), an iterable of Card or one-card str, or another CardSet.  A repeated card raises
    CardError.  Iteration runs from the highest rank down and, within a
    rank, spades, hearts, diamonds, clubs.  ``int(cs)`` is the mask: bit
    16 * suit index + (rank - 2), suits c=0, d=1, h=2, s=3.  ``in`` tests
    one card (a Card or its text; anything else raises TypeError), ``<=``
    a subset.
    """
    cdef readonly uint64_t mask
    cdef bint _made  # immutable (it hashes by its mask): __init__ runs once

    def __init__(self, cards=()):
        if self._made:
            raise TypeError("a CardSet is immutable")
        self.mask = _to_mask(cards)
        self._made = True

    @staticmethod
    def from_mask(mask) -> CardSet:
        """The set whose mask is ``mask`` (checked against the layout)."""
        return _cardset(_int_mask(_whole(mask, "a mask")))

    @staticmethod
    def deck() -> CardSet:
        """All 52 cards."""
        return _cardset(STUD_VALID_BITS)

    def __int__(self):
        return self.mask

    def __index__(self):
        return self.mask

    def __len__(self):
        return stud_popcount(self.mask)

    def __bool__(self):
        return self.mask != 0

    def __contains__(self, card):
        cdef uint64_t bit
        if isinstance(card, Card):
            bit = stud_card_bit((<Card>card).index)
        elif isinstance(card, str):
            bit = _parse(<str>card)
            if stud_popcount(bit) != 1:
                raise CardError(f"expected one card, got {card!r}")
        elif isinstance(card, CardSet):
            raise TypeError("`in` tests one card; for a set of cards use "
                            "`cards <= card_set` (a subset)")
        else:
            # (not False: a card's index or anything else is a mistake the
            # answer would hide)
            raise TypeError(f"a CardSet holds cards: test a Card or a card's text "
                            f"such as 'Ah', not {type(card).__name__}")
        return (self.mask & bit) != 0

    def __iter__(self):
        cdef int k
        for k in range(STUD_CARDS):
            if self.mask >> _ORDER_BITS[k] & 1:
                yield _card((_ORDER_BITS[k] & 15) * 4 + (_ORDER_BITS[k] >> 4))

    def cards(self) -> list:
        """The cards as a list, in iteration order."""
        return list(self)

    def __or__(self, other):
        if not isinstance(self, CardSet) or not isinstance(other, CardSet):
            return NotImplemented
        return _cardset((<CardSet>self).mask | (<CardSet>other).mask)

    def __and__(self, other):
        if not isinstance(self, CardSet) or not isinstance(other, CardSet):
            return NotImplemented
        return _cardset((<CardSet>self).mask & (<CardSet>other).mask)

    def __sub__(self, other):
        if not isinstance(self, CardSet) or not isinstance(other, CardSet):
            return NotImplemented
        return _cardset((<CardSet>self).mask & ~(<CardSet>other).mask)

    def __xor__(self, other):
        if not isinstance(self, CardSet) or not isinstance(other, CardSet):
            return NotImplemented
        return _cardset((<CardSet>self).mask ^ (<CardSet>other).mask)

    def isdisjoint(self, other) -> bool:
        """True when no card is in both sets."""
        return (self.mask & _to_mask(other)) == 0

    def issubset(self, other) -> bool:
        """True when every card of this set is in ``other``."""
        return (self.mask & ~_to_mask(other)) == 0

    def __richcmp__(self, other, int op):
        if not isinstance(other, CardSet):
            return NotImplemented
        cdef uint64_t a = self.mask, b = (<CardSet>other).mask
        if op == 2: return a == b
        if op == 3: return a != b
        if op == 1: return (a & ~b) == 0
        if op == 0: return (a & ~b) == 0 and a != b
        if op == 5: return (b & ~a) == 0
        return (b & ~a) == 0 and a != b

    def __hash__(self):
        if not self._made:  # made by CardSet.__new__ alone: __init__ could still change it
            raise TypeError("an unmade CardSet (CardSet.__new__ without __init__) is not hashable")
        return hash(self.mask)

    def __str__(self):
        return " ".join([str(card) for card in self])

    def __repr__(self):
        return f"CardSet({str(self)!r})"

    def __reduce__(self):
        return (CardSet, (str(self),))
