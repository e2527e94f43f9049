# Hand evaluation: scalar, object-returning and batch forms over the C core.
from cpython.buffer cimport PyObject_GetBuffer, PyBuffer_Release, PyBUF_C_CONTIGUOUS, \
    PyBUF_FORMAT, PyBUF_WRITABLE
from libc.stdlib cimport calloc, free
from libc.string cimport strchr

from stud._parallel import map_threads as _map_threads, worker_count as _worker_count

from stud.enums import Category
from stud.describe import describe_27, describe_high, describe_low

HIGH_CLASSES = STUD_HIGH_CLASSES
RAZZ_CLASSES = STUD_RAZZ_CLASSES
LOW8_CLASSES = STUD_LOW8_CLASSES
LOW27_CLASSES = STUD_27_CLASSES
_CATEGORIES = tuple(Category)


cdef inline uint64_t _hand_mask(object cards) except? 0xFFFFFFFFFFFFFFFFULL:
    """The mask of a 5..7-card hand in any accepted form."""
    cdef uint64_t mask = _mask_or_int(cards)
    cdef int count = stud_popcount(mask)
    if count < 5 or count > 7:
        raise CardError(f"a hand has 5 to 7 cards, got {count}: {str(_cardset(mask))!r}")
    return mask


@cython.always_allow_keywords(False)
def high_value(cards) -> int:
    """The high value (1..7462, larger is stronger) of 5..7 cards.

    The fast form of ``evaluate_high(cards).value``.  ``cards`` may be a
    CardSet, an int mask, a string or an iterable of Card/str.

    >>> high_value("As Ks Qs Js Ts") == HIGH_CLASSES
    True
    """
    return stud_eval_high(_hand_mask(cards))


@cython.always_allow_keywords(False)
def low8_value(cards) -> int:
    """The 8-or-better low value (1..56, larger is better; 0 = no low).

    >>> low8_value("As 2d 3c 4h 5s Kd Kh"), low8_value("As 2d 3c 4h 6s")
    (56, 55)
    >>> low8_value("Ks Qd 9c 9h 5s")  # no five different ranks of 8 or lower
    0
    """
    return stud_eval_low8(_hand_mask(cards))


@cython.always_allow_keywords(False)
def razz_value(cards) -> int:
    """The A-5 low value (1..6175, larger is better; pairs count against).

    >>> razz_value("As 2d 3c 4h 5s"), razz_value("As 2d 3c 4h 6s"), razz_value("As Ad 3c 4h 5s")
    (6175, 6174, 4885)
    """
    return stud_eval_razz(_hand_mask(cards))


@cython.final
cdef class HighHand:
    """The best high poker hand of 5..7 cards (see ``evaluate_high``).

    ``value`` orders hands (larger is stronger, equal values tie, comparable
    whatever the number of cards); ``category`` is a ``Category``; ``cards``
    the best five; ``str()`` describes the hand.

    >>> hand = evaluate_high("As Ks Qs Js Ts 2c 3d")
    >>> str(hand), hand.category.name, hand.value > evaluate_high("Ah Ad Ac As Kd").value
    ('Royal flush', 'STRAIGHT_FLUSH', True)
    """
    cdef readonly int value
    cdef uint64_t _mask

    def __init__(self):
        raise TypeError("a HighHand comes from evaluate_high(cards)")

    @property
    def category(self):
        """The hand's ``Category``."""
        return _CATEGORIES[stud_high_category(self.value)]

    @property
    def cards(self) -> CardSet:
        """The five cards that make the hand."""
        return _cardset(stud_best_five(self._mask, STUD_EVAL_HIGH))

    def __str__(self):
        if self.value == 0:  # made by HighHand.__new__ alone, never evaluated
            return "no hand"
        return describe_high(self.category, [card.rank for card in self.cards])

    def __repr__(self):
        # valid Python that makes an equal hand (the value and words are in str())
        if self.value == 0:
            return "<HighHand: no hand>"
        return f"evaluate_high({str(_cardset(self._mask))!r})"

    def __reduce__(self):
        # rebuilt from its cards and evaluated again: a pickle carries no value
        return (evaluate_high, (_cardset(self._mask),))

    def __hash__(self):
        return hash(self.value)

    def __richcmp__(self, other, int op):
        if not isinstance(other, HighHand):
            return NotImplemented
        cdef int a = self.value, b = (<HighHand>other).value
        if op == 0: return a < b
        if op == 1: return a <= b
        if op == 2: return a == b
        if op == 3: return a != b
        if op == 4: return a > b
        return a >= b


@cython.final
cdef class LowHand:
    """The best low of 5..7 cards: 8-or-better (``kind == "low8"``), A-5
    Razz (``kind == "razz"``) or deuce-to-seven (``kind == "27"``).

    ``value`` orders lows of the same kind (larger is better); ``cards`` the
    best five; ``str()`` of an A-5 low is the five ranks from the highest
    down, ace low, as in ``"7-5-4-2-A"``.  A 2-7 low shows its ranks as
    they compare (the most numerous and highest first, ace high), named
    first when it is more than no pair: ``"7-5-4-3-2"``, ``"A-5-4-3-2"``,
    ``"Pair, 8-8-5-3-2"``, ``"Straight, 6-5-4-3-2"``, ``"Flush, 9-5-4-3-2"``.
    Lows of different kinds do not compare.

    >>> low = evaluate_low8("As 2d 3c 4h 5s Kd Kh")
    >>> str(low), low.kind, low > evaluate_low8("As 2d 3c 4h 6s")
    ('5-4-3-2-A', 'low8', True)
    >>> str(evaluate_27("2h 3h 4h 5h 7h 9c Kd")), evaluate_27("7s 5d 4c 3h 2s").kind
    ('9-5-4-3-2', '27')
    """
    cdef readonly int value
    cdef uint64_t _mask
    cdef stud_eval_kind _kind

    def __cinit__(self):
        self._kind = STUD_EVAL_RAZZ  # what .kind says until an evaluator sets it

    def __init__(self):
        raise TypeError("a LowHand comes from evaluate_low8(cards), evaluate_razz(cards) or "
                        "evaluate_27(cards)")

    @property
    def kind(self) -> str:
        """"low8", "razz" or "27"."""
        return _LOW_KINDS[self._kind]

    @property
    def cards(self) -> CardSet:
        """The five cards that make the low."""
        return _cardset(stud_best_five(self._mask, self._kind))

    def __str__(self):
        if self.value == 0:  # made by LowHand.__new__ alone, never evaluated
            return "no hand"
        if self._kind == STUD_EVAL_27:
            return describe_27(_CATEGORIES[stud_27_category[self.value]],
                               [card.rank for card in self.cards])
        return describe_low([card.rank for card in self.cards])

    def __repr__(self):
        if self.value == 0:
            return "<LowHand: no hand>"
        return f"evaluate_{_LOW_KINDS[self._kind]}({str(_cardset(self._mask))!r})"

    def __reduce__(self):
        # rebuilt from its cards and evaluated again: a pickle carries no value
        return (_LOW_EVALUATORS[self._kind], (_cardset(self._mask),))

    def __hash__(self):
        return hash((self._kind, self.value))

    def __richcmp__(self, other, int op):
        if not isinstance(other, LowHand):
            return NotImplemented
        if (<LowHand>other)._kind != self._kind:
            if op == 2: return False
            if op == 3: return True
            raise TypeError(f"cannot order a {_LOW_NAMES[self._kind]} low against a "
                            f"{_LOW_NAMES[(<LowHand>other)._kind]} low")
        cdef int a = self.value, b = (<LowHand>other).value
        if op == 0: return a < b
        if op == 1: return a <= b
        if op == 2: return a == b
        if op == 3: return a != b
        if op == 4: return a > b
        return a >= b


cdef HighHand _high_hand(uint64_t mask):
    cdef HighHand hand = HighHand.__new__(HighHand)
    hand.value = stud_eval_high(mask)
    hand._mask = mask
    return hand


_LOW_KINDS = {STUD_EVAL_LOW8: "low8", STUD_EVAL_RAZZ: "razz", STUD_EVAL_27: "27"}
_LOW_NAMES = {STUD_EVAL_LOW8: "8-or-better", STUD_EVAL_RAZZ: "Razz", STUD_EVAL_27: "2-7"}


cdef object _low_hand(uint64_t mask, stud_eval_kind kind):
    cdef int value
    if kind == STUD_EVAL_LOW8:
        value = stud_eval_low8(mask)
    elif kind == STUD_EVAL_27:
        value = stud_eval_27(mask)
    else:
        value = stud_eval_razz(mask)
    if value == 0:
        return None
    cdef LowHand hand = LowHand.__new__(LowHand)
    hand.value = value
    hand._mask = mask
    hand._kind = kind
    return hand


@cython.always_allow_keywords(False)
def evaluate_high(cards) -> HighHand:
    """The best high hand of 5, 6 or 7 cards.

    >>> hand = evaluate_high("Ah Ad Ac Kd Ks 2c 3d")
    >>> str(hand), hand.category.name
    ('Full house, aces full of kings', 'FULL_HOUSE')
    >>> evaluate_high("As Ks Qs Js Ts") > hand
    True
    """
    return _high_hand(_hand_mask(cards))


@cython.always_allow_keywords(False)
def evaluate_low8(cards):
    """The best 8-or-better low of 5..7 cards (docs/rules.md 9.2), or None.

    >>> str(evaluate_low8("8d 6c 4h 2s Ac Kd Kh"))
    '8-6-4-2-A'
    >>> evaluate_low8("9d 6c 4h 2s Ac Kd Kh") is None
    True
    """
    return _low_hand(_hand_mask(cards), STUD_EVAL_LOW8)


@cython.always_allow_keywords(False)
def evaluate_razz(cards) -> LowHand:
    """The best A-5 low of 5..7 cards, pairs counting against (docs/rules.md 9.6).

    >>> str(evaluate_razz("Kd Kh 3c 3d 2s Ac Ah"))
    'K-3-2-A-A'
    """
    return _low_hand(_hand_mask(cards), STUD_EVAL_RAZZ)


@cython.always_allow_keywords(False)
def evaluate_27(cards) -> LowHand:
    """The best deuce-to-seven low of 5..7 cards (docs/rules.md 12.5).

    The ace is high only (A-5-4-3-2 is an ace-high hand, not a straight);
    straights and flushes count against the hand; from best to worst: no
    pair, pair, two pair, trips, straight, flush, full house, quads,
    straight flush.  ``value`` runs 1..``LOW27_CLASSES`` (7462 =
    7-5-4-3-2 not all of one suit, 1 = a royal flush), larger is better,
    comparable whatever the number of cards.

    >>> str(evaluate_27("7s 5d 4c 3h 2s Kd Kh")), evaluate_27("7s 5d 4c 3h 2s").value
    ('7-5-4-3-2', 7462)
    >>> str(evaluate_27("As 2d 3c 4h 5s 5d Ac")), str(evaluate_27("6s 5d 4c 3h 2s"))
    ('A-5-4-3-2', 'Straight, 6-5-4-3-2')
    >>> evaluate_27("8c 6d 5s 4c 2d Qh Qs") > evaluate_27("2h 3h 4h 5h 7h 9c Kd")
    True
    """
    return _low_hand(_hand_mask(cards), STUD_EVAL_27)


_LOW_EVALUATORS = {STUD_EVAL_LOW8: evaluate_low8, STUD_EVAL_RAZZ: evaluate_razz,
                   STUD_EVAL_27: evaluate_27}


def _27_category(int value):
    """The ``Category`` of a 2-7 value (1..LOW27_CLASSES), numbered as the
    high categories (A-5-4-3-2 being no straight), for the tests."""
    if value < 1 or value > STUD_27_CLASSES:
        raise ValueError(f"a 2-7 value is 1..{STUD_27_CLASSES}, not {value}")
    return _CATEGORIES[stud_27_category[value]]


@cython.always_allow_keywords(False)
def evaluate_hilo(cards) -> tuple:
    """``(evaluate_high(cards), evaluate_low8(cards))`` in one call.

    >>> high, low = evaluate_hilo("As 2s 3s 4s 5s Kd Kh")
    >>> str(high), str(low)
    ('Straight flush, five high', '5-4-3-2-A')
    """
    cdef uint64_t mask = _hand_mask(cards)
    return _high_hand(mask), _low_hand(mask, STUD_EVAL_LOW8)


def board_value(cards, *, razz=False) -> int:
    """Rank 1..4 upcards for the bring-in and who acts first (docs/rules.md 2.1, 3.2, 3.3).

    A larger value acts first on later streets: the highest board in hi and
    hi-lo games, the lowest board in Razz (``razz=True``).  On one card, the
    smallest value brings in.  Suits are ignored (ties are equal values).

    >>> board_value("Ah Ad") > board_value("As Ks")
    True
    >>> board_value("7h 6d", razz=True) > board_value("8h 2d", razz=True)
    True
    """
    if not isinstance(razz, bool):
        raise TypeError(f"razz must be True or False, not {razz!r}")
    cdef uint64_t mask = _mask_or_int(cards)
    cdef int count = stud_popcount(mask)
    if count < 1 or count > 4:
        raise CardError(f"a board has 1 to 4 upcards, got {count}")
    return stud_board_razz(mask) if razz else stud_board_high(mask)


def _board_high_head(cards):
    """board.h's stud_board_high_head (the strength policy's view of a
    board), for the tests: board_value's category and first rank."""
    return stud_board_high_head(_mask_or_int(cards))


def _board_order(cards, bint razz):
    """The engine's order key of a board (board.h: the planes built card by
    card, then stud_board_order), for the tests: it must order boards as
    board_value does."""
    cdef uint64_t mask = _mask_or_int(cards), planes = 0
    while mask:
        planes = stud_board_add(planes, stud_lowest_card(mask), razz)
        mask &= mask - 1
    return stud_board_order(planes, razz)


# ---- batch evaluation ---------------------------------------------------------

cdef enum _BatchKind:
    _BATCH_HIGH, _BATCH_LOW8, _BATCH_RAZZ, _BATCH_HILO, _BATCH_27

_BATCH_MIN_PER_THREAD = 1 << 16
# masks per C call: a few milliseconds, so Ctrl-C and cancellation are seen
# between calls
cdef size_t _BATCH_STEP = 1 << 21


cdef size_t _run_batch(int kind, const uint64_t *masks, uint16_t *out, uint16_t *out2,
                       size_t n) noexcept nogil:
    if kind == _BATCH_HILO:
        return stud_eval_hilo_batch(masks, out, out2, n)
    elif kind == _BATCH_HIGH:
        return stud_eval_high_batch(masks, out, n)
    elif kind == _BATCH_LOW8:
        return stud_eval_low8_batch(masks, out, n)
    elif kind == _BATCH_27:
        return stud_eval_27_batch(masks, out, n)
    return stud_eval_razz_batch(masks, out, n)


@cython.final
@cython.auto_pickle(False)
cdef class _BatchJob:
    """A batch split into ranges, each run without the GIL by a worker thread.

    The C functions read each mask once, check it and evaluate that same
    copy, so another thread changing the buffer meanwhile can change the
    answer (a valid value, or an error) but never send a bad mask to a
    table."""
    cdef const uint64_t *masks
    cdef uint16_t *out
    cdef uint16_t *out2
    cdef int kind
    cdef _Stop stop

    def run(self, size_t start, size_t stop):
        """Evaluates [start, stop); the index of the first invalid mask, or -1."""
        return self._run(start, stop)

    cdef Py_ssize_t _run(self, size_t start, size_t stop) except -2:
        cdef size_t at = start, end, done
        if self.masks == NULL or self.out == NULL or self.stop is None or \
                (self.kind == _BATCH_HILO and self.out2 == NULL):
            raise ValueError("this batch job was not set up")
        while at < stop:
            end = stop if stop - at <= _BATCH_STEP else at + _BATCH_STEP
            with nogil:
                done = _run_batch(self.kind, self.masks + at, self.out + at,
                                  self.out2 + at if self.out2 != NULL else NULL, end - at)
            if done < end - at:
                return at + done
            at = end
            if at < stop:
                if self.stop.poll.stop:
                    raise Cancelled("the batch was cancelled")
                _check_signals()
        return -1


cdef bint _overlaps(const uint16_t *out, const uint64_t *masks, Py_ssize_t n):
    """n values at `out` share memory with n masks at `masks`."""
    cdef const char *a = <const char *>out
    cdef const char *b = <const char *>masks
    return n > 0 and a < b + 8 * n and b < a + 2 * n


cdef str _format_code(Py_buffer *view):
    fmt = (view.format or b"B").decode("ascii")
    if fmt[:1] in "@=<":
        fmt = fmt[1:]
    return fmt


cdef void _get_buffer(object obj, Py_buffer *view, int flags, str what) except *:
    try:
        PyObject_GetBuffer(obj, view, flags)
    except TypeError:
        raise TypeError(f"{what} must support the buffer protocol (a numpy array or an "
                        f"array.array), not {type(obj).__name__}") from None
    except (BufferError, ValueError) as error:
        raise ValueError(f"{what} must be a C-contiguous, one-dimensional buffer: {error}") from None


def _allocate_like(masks, Py_ssize_t n):
    if type(masks).__module__ == "numpy":
        import numpy
        return numpy.empty(n, dtype=numpy.uint16)
    from array import array
    return array("H", bytes(2 * n))


cdef Py_ssize_t _threads_for(object threads, Py_ssize_t n) except -1:
    if type(threads) is int and threads == 1:  # the default: no checks to run
        return 1
    return max(1, min(_worker_count(threads), n // _BATCH_MIN_PER_THREAD))


def _on_workers(task, Py_ssize_t n, int workers, stop):
    """task(start, stop) over `workers` equal ranges of [0, n), on the shared
    thread pool when there are several; the results in range order."""
    bounds = [n * k // workers for k in range(workers + 1)]
    return _map_threads(task, [(bounds[k], bounds[k + 1]) for k in range(workers)], workers, stop)


cdef bint _has_code(Py_buffer *view, const char *codes) noexcept:
    """The buffer's format is one of the one-letter `codes`, native or
    little-endian (what _format_code reads, without making strings)."""
    cdef const char *fmt = view.format
    if fmt == NULL:  # unsigned bytes
        return strchr(codes, b"B") != NULL
    if fmt[0] == b"@" or fmt[0] == b"=" or fmt[0] == b"<":
        fmt += 1
    return fmt[0] != 0 and fmt[1] == 0 and strchr(codes, fmt[0]) != NULL


cdef void _check_out(Py_buffer *view, Py_ssize_t n, str name) except *:
    if view.ndim != 1 or view.itemsize != 2 or not _has_code(view, b"Hh"):
        raise TypeError(f"{name} must be a one-dimensional uint16 buffer, got format "
                        f"{_format_code(view)!r} with {view.ndim} dimension(s)")
    if view.shape[0] != n:
        raise ValueError(f"{name} has {view.shape[0]} items for {n} masks")


cdef object _batch(int kind, object masks, object out, object out2, object threads):
    """Runs one batch kind; returns out (or (out, out2) for hi-lo)."""
    cdef Py_buffer mview, oview, oview2
    cdef Py_ssize_t n, workers, bad
    cdef bint two = kind == _BATCH_HILO
    cdef _BatchJob job = _BatchJob()
    job.stop = _Stop()
    _get_buffer(masks, &mview, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT, "masks")
    try:
        if mview.ndim != 1 or mview.itemsize != 8 or not _has_code(&mview, b"QqLl"):
            raise TypeError(
                f"masks must be a one-dimensional buffer of 64-bit integers (numpy uint64/int64, "
                f"array('Q')), got format {_format_code(&mview)!r} with {mview.ndim} dimension(s)")
        n = mview.shape[0]
        job.masks = <const uint64_t *>mview.buf
        workers = _threads_for(threads, n)
        if out is None:
            out = _allocate_like(masks, n)
        if two and out2 is None:
            out2 = _allocate_like(masks, n)
        _get_buffer(out, &oview, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | PyBUF_WRITABLE,
                    "high_out" if two else "out")
        try:
            _check_out(&oview, n, "high_out" if two else "out")
            job.out = <uint16_t *>oview.buf
            if _overlaps(job.out, job.masks, n):
                raise ValueError(f"{'high_out' if two else 'out'} must not overlap masks")
            job.out2 = NULL
            job.kind = kind
            if two:
                _get_buffer(out2, &oview2, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | PyBUF_WRITABLE,
                            "low_out")
            try:
                if two:
                    _check_out(&oview2, n, "low_out")
                    job.out2 = <uint16_t *>oview2.buf
                    if n and job.out2 < job.out + n and job.out < job.out2 + n:
                        raise ValueError("high_out and low_out must not overlap")
                    if _overlaps(job.out2, job.masks, n):
                        raise ValueError("low_out must not overlap masks")
                if workers == 1:  # here, without the pool's bookkeeping
                    bad = job._run(0, n)
                else:
                    bad = next((index for index in _on_workers(job.run, n, workers, job.stop)
                                if index >= 0), -1)
                if bad >= 0:
                    value = (<const uint64_t *>mview.buf)[bad]
                    raise ValueError(
                        f"masks[{bad}] = {value:#x} is not a hand: it needs 5 to 7 cards and no "
                        f"bit outside the card layout (got {stud_popcount(value)} bits); the "
                        f"output is filled only before that index")
            finally:
                if two:
                    PyBuffer_Release(&oview2)
        finally:
            PyBuffer_Release(&oview)
    finally:
        PyBuffer_Release(&mview)
    return (out, out2) if two else out


def evaluate_high_batch(masks, out=None, *, threads=1):
    """High values of many hands, one per mask, with the GIL released.

    ``masks``: a C-contiguous one-dimensional buffer of 64-bit card masks
    (numpy uint64 or int64 array, ``array('Q')``), each of 5..7 cards.
    ``out``: an optional uint16 buffer of the same length to fill.  Returns
    ``out`` (a new numpy array when ``masks`` is one, else ``array('H')``).
    ``threads``: worker threads for large batches (0 = every core).

    >>> from array import array
    >>> masks = array("Q", [int(CardSet("As Ks Qs Js Ts 2d 3c")), int(CardSet("2c 3d 4h 5s 7c"))])
    >>> list(evaluate_high_batch(masks)) == [high_value(m) for m in masks]
    True
    """
    return _batch(_BATCH_HIGH, masks, out, None, threads)


def evaluate_low8_batch(masks, out=None, *, threads=1):
    """8-or-better low values (0 = no low) of many hands; see evaluate_high_batch.

    >>> from array import array
    >>> masks = array("Q", [int(CardSet("As 2d 3c 4h 5s Kd Kh")), int(CardSet("Ks Qd 9c 9h 5s"))])
    >>> list(evaluate_low8_batch(masks))
    [56, 0]
    """
    return _batch(_BATCH_LOW8, masks, out, None, threads)


def evaluate_razz_batch(masks, out=None, *, threads=1):
    """A-5 (Razz) low values of many hands; see evaluate_high_batch.

    >>> from array import array
    >>> masks = array("Q", [int(CardSet("As 2d 3c 4h 5s Kd Kh")), int(CardSet("Ks Qd 9c 9h 5s"))])
    >>> list(evaluate_razz_batch(masks))
    [6175, 2914]
    """
    return _batch(_BATCH_RAZZ, masks, out, None, threads)


def evaluate_27_batch(masks, out=None, *, threads=1):
    """Deuce-to-seven low values (1..7462, larger is better) of many hands;
    see evaluate_high_batch.

    >>> from array import array
    >>> masks = array("Q", [int(CardSet("7s 5d 4c 3h 2s Kd Kh")), int(CardSet("As Ks Qs Js Ts"))])
    >>> list(evaluate_27_batch(masks))
    [7462, 1]
    """
    return _batch(_BATCH_27, masks, out, None, threads)


def evaluate_hilo_batch(masks, high_out=None, low_out=None, *, threads=1):
    """High and 8-or-better low values of many hands in one pass.

    Returns ``(high_out, low_out)``, two uint16 arrays (new ones when not
    given); see evaluate_high_batch for the buffers and ``threads``.

    >>> from array import array
    >>> masks = array("Q", [int(CardSet("As 2d 3c 4h 5s Kd Kh")), int(CardSet("Ks Qd 9c 9h 5s"))])
    >>> high, low = evaluate_hilo_batch(masks)
    >>> list(high), list(low)
    ([5854, 2977], [56, 0])
    """
    return _batch(_BATCH_HILO, masks, high_out, low_out, threads)


def _batch_simd(allowed=None) -> bool:
    """Whether the batch functions use the AVX2 kernels: True when this
    processor has AVX2 and they are allowed.  ``allowed=False`` makes them
    run the scalar code (what a processor without AVX2 runs), True allows
    the kernels again; None changes nothing.  For tests and benchmarks that
    compare the two: a process-wide setting, not to change while batches
    run on other threads."""
    if allowed is not None:
        stud_batch_set_simd(_true_or_false(allowed, "allowed"))
    return stud_batch_simd() != 0


# ---- exhaustive enumeration, for the tests ----------------------------------------

def _census(int n_cards, int first_lo=0, int first_hi=52, bint lows=True):
    """Histograms by value (high, low8, razz) of every ``n_cards``-card hand whose
    lowest card index is in [first_lo, first_hi), computed in C without the GIL.
    ``lows=False`` counts the high alone (the low8 and razz lists come back empty)."""
    if n_cards < 5 or n_cards > 7 or first_lo < 0 or first_hi > 52 or first_lo > first_hi:
        raise ValueError("census takes 5..7 cards and a range of first cards within 0..52")
    # one histogram slot per value, 0 included, on each scale
    cdef int high = STUD_HIGH_CLASSES + 1, low8 = STUD_LOW8_CLASSES + 1, razz = STUD_RAZZ_CLASSES + 1
    cdef uint64_t *counts = <uint64_t *>calloc(high + low8 + razz, sizeof(uint64_t))
    if counts == NULL:
        raise MemoryError()
    try:
        with nogil:
            if lows:
                stud_census(n_cards, first_lo, first_hi, counts, counts + high,
                            counts + high + low8)
            else:
                stud_census(n_cards, first_lo, first_hi, counts, NULL, NULL)
        if not lows:
            return ([counts[k] for k in range(high)], [], [])
        return ([counts[k] for k in range(high)], [counts[high + k] for k in range(low8)],
                [counts[high + low8 + k] for k in range(razz)])
    finally:
        free(counts)


def _census_27(int n_cards, int first_lo=0, int first_hi=52):
    """The histogram by 2-7 value (index 0..LOW27_CLASSES) of every
    ``n_cards``-card hand whose lowest card index is in [first_lo,
    first_hi), computed in C (running keys) without the GIL."""
    if n_cards < 5 or n_cards > 7 or first_lo < 0 or first_hi > 52 or first_lo > first_hi:
        raise ValueError("census takes 5..7 cards and a range of first cards within 0..52")
    cdef int size = STUD_27_CLASSES + 1
    cdef uint64_t *counts = <uint64_t *>calloc(size, sizeof(uint64_t))
    if counts == NULL:
        raise MemoryError()
    try:
        with nogil:
            stud_census_27(n_cards, first_lo, first_hi, counts)
        return [counts[k] for k in range(size)]
    finally:
        free(counts)


def _high_category_starts():
    """The first high value of each category, and STUD_HIGH_CLASSES + 1."""
    return [stud_high_category_start[k] for k in range(10)]
