/* equity.c: exact and Monte Carlo stud equities (see equity.h). */
#include "equity.h"

#include <stdlib.h>
#include <string.h>

#include "cards.h"
#include "eval.h"
#include "game.h"
#include "rng.h"
#include "settle.h"

#define MAX_TABLE (40u * 1000u * 1000u) /* completions of one player kept in memory */

static int popcount(uint64_t x)
{
    return stud_popcount(x);
}

static int need_of(const stud_equity_query *q, int p)
{
    return q->hand_size - popcount(q->known[p]);
}

int stud_equity_check(const stud_equity_query *q)
{
    if (q->n_players < 2 || q->n_players > STUD_EQUITY_MAX_PLAYERS ||
        (q->hand_size != 5 && q->hand_size != 7) || q->scoring < STUD_SCORE_HIGH ||
        q->scoring > STUD_SCORE_RAZZ || (q->dead & ~STUD_VALID_BITS))
        return STUD_EQ_E_QUERY;
    uint64_t seen = q->dead;
    int missing = 0;
    for (int p = 0; p < q->n_players; p++) {
        if ((q->known[p] & ~STUD_VALID_BITS) || (q->known[p] & seen) || need_of(q, p) < 0)
            return STUD_EQ_E_QUERY;
        seen |= q->known[p];
        missing += need_of(q, p);
    }
    return missing > STUD_CARDS - popcount(seen) ? STUD_EQ_E_SHORT : STUD_EQ_OK;
}

static uint64_t choose(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    uint64_t r = 1;
    for (int i = 1; i <= k; i++)
        r = r * (uint64_t)(n - k + i) / (uint64_t)i;
    return r;
}

static uint64_t stub_of(const stud_equity_query *q)
{
    uint64_t out = q->dead;
    for (int p = 0; p < q->n_players; p++)
        out |= q->known[p];
    return STUD_VALID_BITS & ~out;
}

uint64_t stud_equity_outcomes(const stud_equity_query *q)
{
    if (stud_equity_check(q))
        return 0;
    int left = popcount(stub_of(q));
    uint64_t total = 1;
    for (int p = 0; p < q->n_players; p++) {
        uint64_t ways = choose(left, need_of(q, p));
        if (ways && total > UINT64_MAX / ways)
            return UINT64_MAX;
        total *= ways;
        left -= need_of(q, p);
    }
    return total;
}

uint64_t stud_equity_first_ways(const stud_equity_query *q)
{
    if (stud_equity_check(q))
        return 0;
    return choose(popcount(stub_of(q)), need_of(q, 0));
}

/* ---- settling one outcome ------------------------------------------------------ */

/* An outcome is settled as the engine settles a pot: the winners by the
 * engine's own rule (stud_winners_of, settle.h), then their shares. */

static stud_values value_of(int scoring, uint64_t hand)
{
    stud_values v;
    if (scoring == STUD_SCORE_RAZZ) {
        v.high = stud_eval_razz(hand);
        v.low = 0;
    } else {
        uint32_t slot = stud_hash_slot(stud_rank_key(hand));
        v.high = stud_high_with_slot(hand, slot);
        v.low = scoring == STUD_SCORE_HILO8 ? stud_eval_low8(hand) : 0;
    }
    return v;
}

/* Settles `count` outcomes whose high and low winners are these sets. */
static void settle_sets(unsigned high_winners, unsigned low_winners, int n, uint64_t count,
                        stud_equity_counts *out)
{
    int n_high = stud_popcount(high_winners), n_low = stud_popcount(low_winners);
    out->outcomes += count;
    for (int p = 0; p < n; p++) {
        uint64_t units = 0;
        if (high_winners >> p & 1) {
            out->high[p] += count;
            if (n_high > 1)
                out->high_tie[p] += count;
            units += low_winners ? STUD_SHARE_UNITS / 2 / n_high : STUD_SHARE_UNITS / n_high;
        }
        if (low_winners >> p & 1) {
            out->low[p] += count;
            if (n_low > 1)
                out->low_tie[p] += count;
            units += STUD_SHARE_UNITS / 2 / n_low;
        }
        out->share[p] += units * count;
        out->share_sq[p] += units * units * count;
        if (units == STUD_SHARE_UNITS)
            out->scoop[p] += count;
    }
}

/* Settles one outcome of players 0..n-1. */
static void settle(const stud_values *v, int n, stud_equity_counts *out)
{
    stud_winners w = stud_winners_of(v, n, ~0u);
    settle_sets(w.high, w.low, n, 1, out);
}

/* ---- exact enumeration ---------------------------------------------------------- */

typedef struct {
    uint64_t mask;
    stud_values v;
} completion;

/* Every way to draw `need` cards from `stub`, with the values of the hand
 * `known` + those cards, in a fixed order (lexicographic in the stub). */
static completion *completions(int scoring, uint64_t known, uint64_t stub, int need, uint64_t *count)
{
    int ids[52], n = 0;
    for (uint64_t rest = stub; rest; rest &= rest - 1)
        ids[n++] = stud_ctz64(rest);
    uint64_t total = choose(n, need);
    completion *table = malloc(sizeof(completion) * (total ? total : 1));
    if (!table)
        return NULL;
    int pick[8];
    for (int i = 0; i < need; i++)
        pick[i] = i;
    uint64_t k = 0;
    for (;;) {
        uint64_t mask = 0;
        for (int i = 0; i < need; i++)
            mask |= 1ull << ids[pick[i]];
        table[k].mask = mask;
        table[k].v = value_of(scoring, known | mask);
        k++;
        int i = need - 1;
        while (i >= 0 && pick[i] == n - need + i)
            i--;
        if (i < 0)
            break;
        pick[i]++;
        for (int j = i + 1; j < need; j++)
            pick[j] = pick[j - 1] + 1;
    }
    *count = k;
    return table;
}

#define HIST_PLAYERS 4 /* a histogram of 2^(2n) cells while it stays small */

typedef struct {
    int n, scoring;
    completion *table[STUD_EQUITY_MAX_PLAYERS];
    uint64_t size[STUD_EQUITY_MAX_PLAYERS];
    stud_values current[STUD_EQUITY_MAX_PLAYERS];
    /* outcomes by (high winners, low winners): each set has n bits */
    uint64_t hist[1u << (2 * HIST_PLAYERS)];
} enumeration;

/* The last player's loop: the earlier players' winners and best values are
 * known, so each completion costs an overlap test and two comparisons
 * (stud_winners_add: the last seat joins them). */
static void last_player(enumeration *e, uint64_t used, stud_equity_counts *out)
{
    int p = e->n - 1;
    stud_winners before = stud_winners_of(e->current, p, ~0u);
    const completion *t = e->table[p];
    uint64_t size = e->size[p];
    for (uint64_t k = 0; k < size; k++) {
        if (t[k].mask & used)
            continue;
        stud_winners w = stud_winners_add(before, p, t[k].v);
        if (e->n <= HIST_PLAYERS) {
            e->hist[w.high << e->n | w.low]++;
        } else {
            e->current[p] = t[k].v;
            settle_sets(w.high, w.low, e->n, 1, out);
        }
    }
}

static void enumerate_from(enumeration *e, int p, uint64_t used, stud_equity_counts *out)
{
    if (p == e->n - 1) {
        last_player(e, used, out);
        return;
    }
    const completion *t = e->table[p];
    for (uint64_t k = 0; k < e->size[p]; k++) {
        if (t[k].mask & used)
            continue;
        e->current[p] = t[k].v;
        enumerate_from(e, p + 1, used | t[k].mask, out);
    }
}

int stud_equity_exact(const stud_equity_query *q, uint64_t first_lo, uint64_t first_hi,
                      stud_equity_counts *out, stud_poll *poll)
{
    int error = stud_equity_check(q);
    if (error)
        return error;
    uint64_t stub = stub_of(q);
    int left = popcount(stub);
    for (int p = 0; p < q->n_players; p++)
        if (choose(left, need_of(q, p)) > MAX_TABLE)
            return STUD_EQ_E_TOO_BIG;
    enumeration e;
    memset(&e, 0, sizeof e);
    e.n = q->n_players;
    e.scoring = q->scoring;
    /* each player's completions over the whole stub; the search skips
     * those that overlap an earlier player's */
    for (int p = 0; p < e.n; p++) {
        e.table[p] = completions(q->scoring, q->known[p], stub, need_of(q, p), &e.size[p]);
        if (!e.table[p]) {
            for (int i = 0; i < p; i++)
                free(e.table[i]);
            return STUD_EQ_E_MEMORY;
        }
    }
    if (first_hi > e.size[0])
        first_hi = e.size[0];
    int interrupted = 0;
    for (uint64_t k = first_lo; k < first_hi; k++) {
        if ((k & 7) == 0 && stud_poll_stop(poll)) {
            interrupted = 1;
            break;
        }
        e.current[0] = e.table[0][k].v;
        enumerate_from(&e, 1, e.table[0][k].mask, out);
    }
    if (e.n <= HIST_PLAYERS)
        for (unsigned cell = 0; cell < (1u << 2 * e.n); cell++)
            if (e.hist[cell])
                settle_sets(cell >> e.n, cell & ((1u << e.n) - 1), e.n, e.hist[cell], out);
    for (int p = 0; p < e.n; p++)
        free(e.table[p]);
    return interrupted ? STUD_EQ_E_INTERRUPTED : STUD_EQ_OK;
}

/* ---- Monte Carlo ------------------------------------------------------------------ */

int stud_equity_monte_carlo(const stud_equity_query *q, uint64_t trials, uint64_t seed,
                            stud_equity_counts *out, stud_poll *poll)
{
    int error = stud_equity_check(q);
    if (error)
        return error;
    uint8_t stub[52];
    int n_stub = 0;
    for (uint64_t rest = stub_of(q); rest; rest &= rest - 1)
        stub[n_stub++] = (uint8_t)stud_lowest_card(rest);
    uint64_t rng[4];
    stud_rng_seed(rng, seed);
    stud_values v[STUD_EQUITY_MAX_PLAYERS];
    for (uint64_t t = 0; t < trials; t++) {
        if ((t & ((1u << STUD_POLL_SHIFT) - 1)) == 0 && stud_poll_stop(poll))
            return STUD_EQ_E_INTERRUPTED;
        int top = 0; /* a partial Fisher-Yates: the first `top` stub cards are dealt */
        for (int p = 0; p < q->n_players; p++) {
            uint64_t hand = q->known[p];
            for (int k = need_of(q, p); k > 0; k--) {
                int pick = top + (int)stud_rng_below(rng, (uint32_t)(n_stub - top));
                uint8_t card = stub[pick];
                stub[pick] = stub[top];
                stub[top++] = card;
                hand |= stud_card_bit(card);
            }
            v[p] = value_of(q->scoring, hand);
        }
        settle(v, q->n_players, out);
    }
    return STUD_EQ_OK;
}
