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
        q->scoring > STUD_SCORE_HILO_REGULAR || (q->dead & ~STUD_VALID_BITS) ||
        q->low_needs_five_ranks < 0 || q->low_needs_five_ranks > 1 ||
        (q->low_needs_five_ranks && q->scoring != STUD_SCORE_HILO_REGULAR))
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

/* Hi-Lo Regular with low_needs_five_ranks (13.5): a scoring of this file
 * only, one past the engine's (game.h), so the scoring stays one constant
 * where the loops are specialised. */
#define SCORE_REGULAR_FIVE (STUD_SCORE_HILO_REGULAR + 1)

static int scoring_of(const stud_equity_query *q)
{
    return q->low_needs_five_ranks ? SCORE_REGULAR_FIVE : q->scoring;
}

/* Whether a scoring splits the pot between a high and a low half. */
static int split_pot(int scoring)
{
    return scoring == STUD_SCORE_HILO8 || scoring == STUD_SCORE_HILO_REGULAR ||
           scoring == SCORE_REGULAR_FIVE;
}

/* A hand's values: `high` takes the whole pot (or the high half), `low`
 * the low half (0: no low).  Razz and 2-7 put their low in `high`, since
 * it takes the whole pot.  Hi-lo regular (docs/rules.md 13.4): the A-5
 * low of 9.6 with no qualifier, so every hand has a low (1..6175). */
static stud_values value_of(int scoring, uint64_t hand)
{
    stud_values v;
    if (scoring == STUD_SCORE_RAZZ) {
        v.high = stud_eval_razz(hand);
        v.low = 0;
    } else if (scoring == STUD_SCORE_27) {
        v.high = stud_eval_27(hand);
        v.low = 0;
    } else {
        uint32_t slot = stud_hash_slot(stud_rank_key(hand));
        v.high = stud_high_with_slot(hand, slot);
        v.low = scoring == STUD_SCORE_HILO8          ? stud_eval_low8(hand)
                : scoring == STUD_SCORE_HILO_REGULAR ? stud_razz_by_slot[slot]
                : scoring == SCORE_REGULAR_FIVE      ? stud_regular_low(hand, 1)
                                                     : 0;
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

/* Each player's completions: every way to draw his missing cards from the
 * stub, in a fixed order (lexicographic in the stub), with the values of
 * his hand.  The players before the last keep the card masks, read one at
 * a time; the last player's table is laid out for a straight scan, the
 * masks split by suit into 16-bit words beside 16-bit values, so the
 * compiler can test and count several completions per instruction. */
typedef struct {
    uint64_t size;
    uint64_t *mask;      /* players before the last */
    uint16_t *word[4];   /* the last player: mask >> 16s, s = 0..3 */
    int16_t *high, *low; /* values (below 2^15) */
    void *block;
} table;

static inline stud_values values_of(int scoring, uint64_t key, uint64_t hand)
{
    stud_values v;
    if (scoring == STUD_SCORE_27) { /* its own 16-bit entries, same index */
        v.high = (uint16_t)stud_rkey_low27(key, hand, stud_rkey_index(key));
        v.low = 0;
        return v;
    }
    uint32_t entry = stud_rkey_entry(key);
    if (scoring == STUD_SCORE_RAZZ) {
        v.high = (uint16_t)stud_rkey_unpack_razz(entry);
        v.low = 0;
    } else {
        v.high = (uint16_t)stud_rkey_high(key, hand, entry);
        v.low = scoring == STUD_SCORE_HILO8          ? (uint16_t)stud_rkey_unpack_low8(entry)
                : scoring == STUD_SCORE_HILO_REGULAR ? (uint16_t)stud_rkey_unpack_razz(entry)
                : scoring == SCORE_REGULAR_FIVE ? (stud_popcount(stud_rank_set(hand)) < 5
                                                       ? 0 /* 13.5: no low */
                                                       : (uint16_t)stud_rkey_unpack_razz(entry))
                                                : 0;
    }
    return v;
}

static inline void put(table *t, int last, uint64_t k, uint64_t mask, stud_values v)
{
    if (last) {
        for (int s = 0; s < 4; s++)
            t->word[s][k] = (uint16_t)(mask >> (16 * s));
    } else {
        t->mask[k] = mask;
    }
    t->high[k] = (int16_t)v.high;
    t->low[k] = (int16_t)v.low;
}

/* The completions whose last card is one of cards from..n-1 of the stub,
 * the others being those of `key` / `mask`, from entry k on; returns the
 * next entry.  `scoring` and `last` are constants where it is inlined. */
static inline uint64_t put_run(table *t, int scoring, int last, uint64_t k, uint64_t known,
                               uint64_t key, uint64_t mask, const uint64_t *key_of,
                               const uint64_t *bit_of, int from, int n)
{
    for (int c = from; c < n; c++, k++) {
        uint64_t m = mask | bit_of[c];
        put(t, last, k, m, values_of(scoring, key + key_of[c], known | m));
    }
    return k;
}

#define PUT_RUN(scoring, last) \
    put_run(t, scoring, last, k, known, key, mask, key_of, bit_of, from, n)

static uint64_t put_run_of(table *t, int scoring, int last, uint64_t k, uint64_t known,
                           uint64_t key, uint64_t mask, const uint64_t *key_of,
                           const uint64_t *bit_of, int from, int n)
{
    switch (scoring * 2 + !!last) {
    case STUD_SCORE_HIGH * 2: return PUT_RUN(STUD_SCORE_HIGH, 0);
    case STUD_SCORE_HIGH * 2 + 1: return PUT_RUN(STUD_SCORE_HIGH, 1);
    case STUD_SCORE_HILO8 * 2: return PUT_RUN(STUD_SCORE_HILO8, 0);
    case STUD_SCORE_HILO8 * 2 + 1: return PUT_RUN(STUD_SCORE_HILO8, 1);
    case STUD_SCORE_RAZZ * 2: return PUT_RUN(STUD_SCORE_RAZZ, 0);
    case STUD_SCORE_RAZZ * 2 + 1: return PUT_RUN(STUD_SCORE_RAZZ, 1);
    case STUD_SCORE_27 * 2: return PUT_RUN(STUD_SCORE_27, 0);
    case STUD_SCORE_27 * 2 + 1: return PUT_RUN(STUD_SCORE_27, 1);
    case STUD_SCORE_HILO_REGULAR * 2: return PUT_RUN(STUD_SCORE_HILO_REGULAR, 0);
    case STUD_SCORE_HILO_REGULAR * 2 + 1: return PUT_RUN(STUD_SCORE_HILO_REGULAR, 1);
    case SCORE_REGULAR_FIVE * 2: return PUT_RUN(SCORE_REGULAR_FIVE, 0);
    default: return PUT_RUN(SCORE_REGULAR_FIVE, 1);
    }
}

/* Fills `t` with the completions of `known` by `need` cards of `stub`.  The
 * cards are picked like an odometer (the last pick moves fastest), and each
 * level's running key is the one below it plus one card: an evaluation is
 * one addition, one hash lookup and a flush test. */
static int completions(int scoring, uint64_t known, uint64_t stub, int need, int last, table *t)
{
    uint64_t key_of[52], bit_of[52];
    int n = 0;
    for (uint64_t rest = stub; rest; rest &= rest - 1) {
        key_of[n] = stud_rkey_card(stud_lowest_card(rest));
        bit_of[n++] = rest & (~rest + 1);
    }
    uint64_t total = choose(n, need);
    size_t size = total ? (size_t)total : 1;
    size_t bytes = last ? size * (4 * sizeof(uint16_t)) : size * sizeof(uint64_t);
    t->block = malloc(bytes + size * 2 * sizeof(uint16_t));
    if (!t->block)
        return -1;
    if (last) {
        for (int s = 0; s < 4; s++)
            t->word[s] = (uint16_t *)t->block + (size_t)s * size;
        t->mask = NULL;
        t->high = (int16_t *)t->block + 4 * size;
    } else {
        t->mask = (uint64_t *)t->block;
        t->high = (int16_t *)(t->mask + size);
    }
    t->low = t->high + size;
    uint64_t base = stud_rkey_of(known);
    if (need == 0) {
        put(t, last, 0, 0, values_of(scoring, base, known));
        t->size = 1;
        return 0;
    }
    int pick[8];
    uint64_t key[8], mask[8]; /* key[i], mask[i]: the known cards and picks 0..i-1 */
    key[0] = base;
    mask[0] = 0;
    for (int i = 0; i < need; i++) {
        pick[i] = i;
        if (i + 1 < need) {
            key[i + 1] = key[i] + key_of[i];
            mask[i + 1] = mask[i] | bit_of[i];
        }
    }
    int top = need - 1; /* the innermost level */
    uint64_t k = 0;
    for (;;) {
        k = put_run_of(t, scoring, last, k, known, key[top], mask[top], key_of, bit_of, pick[top],
                       n);
        int i = top - 1;
        while (i >= 0 && pick[i] == n - need + i)
            i--;
        if (i < 0)
            break;
        pick[i]++;
        for (int j = i + 1; j < need; j++)
            pick[j] = pick[j - 1] + 1;
        for (int j = i; j < top; j++) {
            key[j + 1] = key[j] + key_of[pick[j]];
            mask[j + 1] = mask[j] | bit_of[pick[j]];
        }
    }
    t->size = k;
    return 0;
}

typedef struct {
    int n, scoring;
    table t[STUD_EQUITY_MAX_PLAYERS];
    /* outcomes by (high winners, low winners): cell high | low << n, and
     * the cells in use (2^20 cells for 10 players in hi-lo) */
    uint64_t *hist;
    uint32_t *used_cells, n_used;
} enumeration;

static void add_to_cell(enumeration *e, unsigned cell, uint64_t count)
{
    if (!count)
        return;
    if (!e->hist[cell])
        e->used_cells[e->n_used++] = cell;
    e->hist[cell] += count;
}

/* The last player's completions that miss `used`, counted by how they
 * compare with the best values before him: high above / equal to best_high,
 * low above / equal to best_low (a low of 0 is none and never equals), and
 * each pair of those. */
typedef struct {
    uint64_t n, gh, eh, gl, el, gg, ge, eg, ee;
} tally;

/* Blocks short enough that 16-bit sums cannot wrap: the compiler may then
 * keep eight of them to a vector register. */
#define TALLY_BLOCK 65535u

/* Values are below 2^15, so they are compared as int16_t: SSE2 has signed
 * 16-bit comparisons only. */
static void tally_hilo(const table *t, uint64_t used, unsigned best_high, unsigned best_low,
                       tally *out)
{
    const uint16_t *w0 = t->word[0], *w1 = t->word[1], *w2 = t->word[2], *w3 = t->word[3];
    const int16_t *hi = t->high, *lo = t->low;
    const uint16_t u0 = (uint16_t)used, u1 = (uint16_t)(used >> 16), u2 = (uint16_t)(used >> 32),
                   u3 = (uint16_t)(used >> 48);
    const int16_t bh = (int16_t)best_high, bl = (int16_t)best_low;
    const int16_t bl_eq = best_low ? (int16_t)best_low : -1; /* no low ties no low */
    for (uint64_t start = 0; start < t->size; start += TALLY_BLOCK) {
        uint64_t end = t->size - start > TALLY_BLOCK ? start + TALLY_BLOCK : t->size;
        uint16_t n = 0, gh = 0, eh = 0, gl = 0, el = 0, gg = 0, ge = 0, eg = 0, ee = 0;
        for (uint64_t k = start; k < end; k++) {
            uint16_t miss =
                (uint16_t)(((w0[k] & u0) | (w1[k] & u1) | (w2[k] & u2) | (w3[k] & u3)) == 0);
            int16_t h = hi[k], l = lo[k];
            uint16_t g_h = (uint16_t)(miss & (h > bh)), e_h = (uint16_t)(miss & (h == bh));
            uint16_t g_l = (uint16_t)(miss & (l > bl)), e_l = (uint16_t)(miss & (l == bl_eq));
            n = (uint16_t)(n + miss);
            gh = (uint16_t)(gh + g_h);
            eh = (uint16_t)(eh + e_h);
            gl = (uint16_t)(gl + g_l);
            el = (uint16_t)(el + e_l);
            gg = (uint16_t)(gg + (g_h & g_l));
            ge = (uint16_t)(ge + (g_h & e_l));
            eg = (uint16_t)(eg + (e_h & g_l));
            ee = (uint16_t)(ee + (e_h & e_l));
        }
        out->n += n;
        out->gh += gh;
        out->eh += eh;
        out->gl += gl;
        out->el += el;
        out->gg += gg;
        out->ge += ge;
        out->eg += eg;
        out->ee += ee;
    }
}

static void tally_high(const table *t, uint64_t used, unsigned best_high, tally *out)
{
    const uint16_t *w0 = t->word[0], *w1 = t->word[1], *w2 = t->word[2], *w3 = t->word[3];
    const int16_t *hi = t->high;
    const uint16_t u0 = (uint16_t)used, u1 = (uint16_t)(used >> 16), u2 = (uint16_t)(used >> 32),
                   u3 = (uint16_t)(used >> 48);
    const int16_t bh = (int16_t)best_high;
    for (uint64_t start = 0; start < t->size; start += TALLY_BLOCK) {
        uint64_t end = t->size - start > TALLY_BLOCK ? start + TALLY_BLOCK : t->size;
        uint16_t n = 0, gh = 0, eh = 0;
        for (uint64_t k = start; k < end; k++) {
            uint16_t miss =
                (uint16_t)(((w0[k] & u0) | (w1[k] & u1) | (w2[k] & u2) | (w3[k] & u3)) == 0);
            int16_t h = hi[k];
            n = (uint16_t)(n + miss);
            gh = (uint16_t)(gh + (miss & (h > bh)));
            eh = (uint16_t)(eh + (miss & (h == bh)));
        }
        out->n += n;
        out->gh += gh;
        out->eh += eh;
    }
}

/* The last player's loop: the earlier players' winners and best values are
 * known, so his completions only need counting by how they compare (see
 * tally); each of the nine kinds then goes to its cell of (high winners,
 * low winners), as stud_winners_add would send each completion. */
static void last_player(enumeration *e, stud_winners before, uint64_t used)
{
    int n = e->n;
    unsigned me = 1u << (n - 1);
    tally c = {0, 0, 0, 0, 0, 0, 0, 0, 0};
    if (split_pot(e->scoring))
        tally_hilo(&e->t[n - 1], used, before.best_high, before.best_low, &c);
    else
        tally_high(&e->t[n - 1], used, before.best_high, &c);
    /* by high: above, equal, below; by low: above, equal, below or none */
    uint64_t count[3][3];
    count[0][0] = c.gg;
    count[0][1] = c.ge;
    count[0][2] = c.gh - c.gg - c.ge;
    count[1][0] = c.eg;
    count[1][1] = c.ee;
    count[1][2] = c.eh - c.eg - c.ee;
    count[2][0] = c.gl - c.gg - c.eg;
    count[2][1] = c.el - c.ge - c.ee;
    count[2][2] = c.n - c.gh - c.eh - count[2][0] - count[2][1];
    unsigned high[3] = {me, before.high | me, before.high};
    if (!split_pot(e->scoring)) { /* no lows: cells of high winners only */
        for (int h = 0; h < 3; h++)
            add_to_cell(e, high[h], count[h][2]);
        return;
    }
    unsigned low[3] = {me, before.low | me, before.low};
    for (int h = 0; h < 3; h++)
        for (int l = 0; l < 3; l++)
            add_to_cell(e, high[h] | low[l] << n, count[h][l]);
}

static void enumerate_from(enumeration *e, int p, stud_winners before, uint64_t used)
{
    if (p == e->n - 1) {
        last_player(e, before, used);
        return;
    }
    const table *t = &e->t[p];
    for (uint64_t k = 0; k < t->size; k++) {
        if (t->mask[k] & used)
            continue;
        stud_values v = {(uint16_t)t->high[k], (uint16_t)t->low[k]};
        enumerate_from(e, p + 1, stud_winners_add(before, p, v), used | t->mask[k]);
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
    e.scoring = scoring_of(q);
    /* the cells: only high winners outside hi-lo */
    size_t cells = (size_t)1 << (split_pot(e.scoring) ? 2 * e.n : e.n);
    uint64_t few[256] = {0};
    uint32_t few_used[256];
    if (cells <= 256) {
        e.hist = few;
        e.used_cells = few_used;
    } else {
        e.hist = calloc(cells, sizeof(uint64_t) + sizeof(uint32_t));
        if (!e.hist)
            return STUD_EQ_E_MEMORY;
        e.used_cells = (uint32_t *)(e.hist + cells);
    }
    /* each player's completions over the whole stub; the search skips
     * those that overlap an earlier player's */
    for (int p = 0; p < e.n; p++) {
        if (completions(e.scoring, q->known[p], stub, need_of(q, p), p == e.n - 1, &e.t[p])) {
            for (int i = 0; i < p; i++)
                free(e.t[i].block);
            if (e.hist != few)
                free(e.hist);
            return STUD_EQ_E_MEMORY;
        }
    }
    if (first_hi > e.t[0].size)
        first_hi = e.t[0].size;
    int interrupted = 0;
    for (uint64_t k = first_lo; k < first_hi; k++) {
        if ((k & 7) == 0 && stud_poll_stop(poll)) {
            interrupted = 1;
            break;
        }
        stud_values v = {(uint16_t)e.t[0].high[k], (uint16_t)e.t[0].low[k]};
        enumerate_from(&e, 1, stud_winners_add(stud_no_winners(), 0, v), e.t[0].mask[k]);
    }
    for (uint32_t i = 0; i < e.n_used; i++) {
        uint32_t cell = e.used_cells[i];
        settle_sets(cell & ((1u << e.n) - 1), cell >> e.n, e.n, e.hist[cell], out);
    }
    for (int p = 0; p < e.n; p++)
        free(e.t[p].block);
    if (e.hist != few)
        free(e.hist);
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
    int scoring = scoring_of(q);
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
            v[p] = value_of(scoring, hand);
        }
        settle(v, q->n_players, out);
    }
    return STUD_EQ_OK;
}
