# Equities (src/studcore/equity.*): the compiled half of stud.equity.
from libc.string cimport memset as _memset


@cython.auto_pickle(False)
cdef class _EquityJob:
    """One query, run in ranges on worker threads without the GIL."""
    cdef stud_equity_query query
    cdef int error
    cdef readonly _Stop stop

    def __cinit__(self):
        self.stop = _Stop()

    def outcomes(self):
        return stud_equity_outcomes(&self.query)

    def first_ways(self):
        return stud_equity_first_ways(&self.query)

    def exact(self, uint64_t lo, uint64_t hi):
        cdef stud_equity_counts counts
        cdef int error
        _memset(&counts, 0, sizeof(counts))
        with nogil:
            error = stud_equity_exact(&self.query, lo, hi, &counts, &self.stop.poll)
        if error == STUD_EQ_E_INTERRUPTED:
            _raise_stopped()
        return error, _counts_tuple(&counts, self.query.n_players)

    def monte_carlo(self, uint64_t trials, uint64_t seed):
        cdef stud_equity_counts counts
        cdef int error
        _memset(&counts, 0, sizeof(counts))
        with nogil:
            error = stud_equity_monte_carlo(&self.query, trials, seed, &counts, &self.stop.poll)
        if error == STUD_EQ_E_INTERRUPTED:
            _raise_stopped()
        return error, _counts_tuple(&counts, self.query.n_players)


cdef tuple _counts_tuple(stud_equity_counts *c, int n):
    return (c.outcomes,
            [c.share[p] for p in range(n)], [c.share_sq[p] for p in range(n)],
            [c.high[p] for p in range(n)], [c.high_tie[p] for p in range(n)],
            [c.low[p] for p in range(n)], [c.low_tie[p] for p in range(n)],
            [c.scoop[p] for p in range(n)])


def _equity_job(int scoring, int hand_size, list known, dead, bint low_needs_five_ranks=False):
    """A checked equity query: known card masks per player and a dead mask;
    ``low_needs_five_ranks`` (Hi-Lo Regular only, docs/rules.md 13.5)."""
    cdef _EquityJob job = _EquityJob()
    if not 2 <= len(known) <= STUD_EQUITY_MAX_PLAYERS:
        raise ValueError(f"equity takes 2 to {STUD_EQUITY_MAX_PLAYERS} players, "
                         f"got {len(known)}")
    job.query.scoring = scoring
    job.query.low_needs_five_ranks = low_needs_five_ranks
    job.query.hand_size = hand_size
    job.query.n_players = len(known)
    for p, mask in enumerate(known):
        job.query.known[p] = mask
    job.query.dead = dead
    job.error = stud_equity_check(&job.query)
    return job, job.error


EQUITY_SHARE_UNITS = STUD_SHARE_UNITS
# the scorings of an equity query (game.h, enum stud_scoring), by name
_EQUITY_SCORING = {"high": STUD_SCORE_HIGH, "hilo8": STUD_SCORE_HILO8, "razz": STUD_SCORE_RAZZ,
                   "27": STUD_SCORE_27, "hilo_regular": STUD_SCORE_HILO_REGULAR}
