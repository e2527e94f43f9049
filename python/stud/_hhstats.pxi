# Per player totals of hands summarized (stud.histories.Summary): kept in C
# arrays, one row per player name in the order names were first seen, and
# filled either from Python (Summary.add's replayed hands) or straight from
# a hand read in C (stud_hh_stats_of, src/studcore/hh_stats.h), without a
# Python object per hand.

from cpython.bytes cimport PyBytes_FromStringAndSize as _hs_bytes
from cpython.mem cimport PyMem_Free as _hs_free, PyMem_Realloc as _hs_realloc
from cpython.unicode cimport PyUnicode_DecodeUTF8 as _hs_decode

cdef enum:
    _HS_WIDTH = 15  # per row: hands, net, then stats.py's 13 SeatCounts


@cython.auto_pickle(False)
cdef class _Tally:
    """Per player name: hands, net, all-in adjusted net and the counts of
    stats.SeatCounts (in its order), added up; ``unnamed``: hands naming no
    player; ``series``: None, or name -> list of (net, adjusted) after each
    of his hands; ``trials`` and ``seed``: the all-in equities' Monte Carlo."""
    cdef dict index   # name -> row
    cdef dict raw     # a name's bytes (read in C) -> row
    cdef list names
    cdef int64_t *ints
    cdef double *adjusted
    cdef Py_ssize_t rows, cap
    cdef public object series
    cdef public long unnamed
    cdef public uint64_t trials, seed

    def __cinit__(self, uint64_t trials, uint64_t seed, bint keep_series):
        self.index = {}
        self.raw = {}
        self.names = []
        self.series = {} if keep_series else None
        self.trials, self.seed = trials, seed

    def __dealloc__(self):
        _hs_free(self.ints)
        _hs_free(self.adjusted)

    cdef Py_ssize_t row(self, str name) except -1:
        cdef object found = self.index.get(name)
        cdef Py_ssize_t r, k, cap
        cdef void *ints
        cdef void *adjusted
        if found is not None:
            return found
        if self.rows == self.cap:
            cap = 2 * self.cap + 64
            ints = _hs_realloc(self.ints, cap * _HS_WIDTH * sizeof(int64_t))
            if ints == NULL:
                raise MemoryError()
            self.ints = <int64_t *>ints
            adjusted = _hs_realloc(self.adjusted, cap * sizeof(double))
            if adjusted == NULL:
                raise MemoryError()
            self.adjusted = <double *>adjusted
            self.cap = cap
        r = self.rows
        for k in range(_HS_WIDTH):
            self.ints[r * _HS_WIDTH + k] = 0
        self.adjusted[r] = 0.0
        self.names.append(name)
        self.index[name] = r
        self.rows += 1
        return r

    cdef Py_ssize_t raw_row(self, const char *buf, stud_hh_span span, bint phh) except -1:
        cdef bytes key = _hs_bytes(buf + span.start, span.len)
        cdef object found = self.raw.get(key)
        if found is not None:
            return found
        cdef const char *errors = NULL
        if phh:  # (as _PhhDoc._text decodes)
            errors = "surrogatepass"
        name = _hs_decode(buf + span.start, span.len, errors)
        r = self.row(name)
        self.raw[key] = r
        return r

    cdef int point(self, Py_ssize_t r, object net, double adjusted) except -1:
        """The series' next point of row r's player."""
        name = self.names[r]
        points = self.series.get(name)
        if points is None:
            points = self.series[name] = []
        cdef tuple last
        cdef double before = 0.0
        if points:
            last = points[len(points) - 1]  # (no negative indexes: wraparound is off)
            net = last[0] + net
            before = last[1]
        points.append((net, before + adjusted))
        return 0

    def add(self, str name, int64_t net, double adjusted, tuple counts):
        """One seat of a hand replayed in Python: its name, net, adjusted net
        and SeatCounts values."""
        cdef Py_ssize_t r = self.row(name), k
        cdef int64_t *mine = self.ints + r * _HS_WIDTH
        mine[0] += 1
        mine[1] += net
        self.adjusted[r] += adjusted
        for k in range(_HS_WIDTH - 2):
            mine[2 + k] += <int64_t>counts[k]
        if self.series is not None:
            self.point(r, net, adjusted)

    def totals(self):
        """(name, hands, net, adjusted, SeatCounts values) per player, in the
        order first seen."""
        cdef Py_ssize_t r, k
        return [(self.names[r], self.ints[r * _HS_WIDTH], self.ints[r * _HS_WIDTH + 1],
                 self.adjusted[r],
                 tuple([self.ints[r * _HS_WIDTH + 2 + k] for k in range(_HS_WIDTH - 2)]))
                for r in range(self.rows)]


cdef int _tally_hand(_Tally tally, const char *buf, const stud_hh_hand *hand,
                     const stud_rules *rules, bint phh) except -1:
    """1 when the hand, replayed in C, is added to the tally (or counted as
    naming no player); 0 when the Python path must decide it."""
    cdef stud_hh_stats st
    cdef Py_ssize_t r, k
    cdef int seat
    cdef int64_t *mine
    if stud_hh_stats_of(hand, rules, tally.trials, tally.seed, &st) != STUD_PS_REPRODUCED:
        return 0
    if not hand.has_players:
        tally.unnamed += 1
        return 1
    for seat in range(hand.n_seats):
        r = tally.raw_row(buf, hand.players[seat], phh)
        mine = tally.ints + r * _HS_WIDTH
        mine[0] += 1
        mine[1] += st.net[seat]
        tally.adjusted[r] += st.adjusted[seat]
        for k in range(_HS_WIDTH - 2):
            mine[2 + k] += st.counts[seat][k]
        if tally.series is not None:
            tally.point(r, st.net[seat], st.adjusted[seat])
    return 1


def _phh_tally(_PhhDoc doc, bytearray data, long first_line, bint collection, dict rules_cache,
               object rules_of, _Tally tally) -> bool:
    """``_PhhDoc.verify``, and the hand then added to the tally: False when
    the Python reader and replay must decide it."""
    cdef char *buf
    if not doc.verify(data, first_line, collection, rules_cache, rules_of):
        return False
    buf = doc.data
    return _tally_hand(tally, buf, &doc.doc.hand, &doc.c_rules, True) == 1
