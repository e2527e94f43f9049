/* fuzz_equity.c: libFuzzer target for the equity calculator (equity.h).
 *
 * Input: a query (scoring, players, hand size, each player's known cards
 * and the dead cards as card bytes, or now and then as raw masks), then
 * the exact range split, Monte Carlo trials and seed, and a poll budget.
 *
 * Invariants (a violation aborts):
 *   - stud_equity_check agrees with the documented conditions (sizes,
 *     valid and disjoint cards, at most hand_size known, stub large
 *     enough); a refused query is refused by every entry point, with
 *     zero outcomes and no counts written;
 *   - exact enumeration (only when stud_equity_outcomes is small) visits
 *     exactly stud_equity_outcomes outcomes; two ranges split at any point
 *     add up to the whole;
 *   - in every result the shares sum to outcomes * STUD_SHARE_UNITS, each
 *     player's high, low and scoop counts are at most the outcomes, a
 *     scoop is also a high, someone takes each high, and there is no low
 *     outside hi-lo (and always one in hi-lo regular); ties are counted within the wins-or-ties, a scoop is
 *     never a tie, and at most one player wins a high alone;
 *   - Monte Carlo gives exactly `trials` outcomes under the same rules;
 *   - a poll that says stop ends a call with STUD_EQ_E_INTERRUPTED.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cards.h"
#include "equity.h"
#include "game.h" /* enum stud_scoring */

#define FUZZ_TARGET "fuzz_equity"
#include "fuzz_common.h"

#define EXACT_LIMIT 20000 /* outcomes an iteration may enumerate */
#define TABLE_LIMIT 200000 /* completions the exact code may tabulate per player */

/* Cards from bytes: a count, then that many card bytes (& 63, so a few
 * land on the unused bits 13..15 of a suit field). */
static uint64_t read_cards(input *in, int raw)
{
    if (raw)
        return u64(in);
    uint64_t m = 0;
    int n = u8(in) % 9;
    for (int k = 0; k < n; k++)
        m |= stud_card_bit(u8(in) & 63);
    return m;
}

/* The documented conditions of a valid query (equity.h). */
static int expected_check(const stud_equity_query *q)
{
    if (q->n_players < 2 || q->n_players > STUD_EQUITY_MAX_PLAYERS ||
        (q->hand_size != 5 && q->hand_size != 7) || q->scoring < 0 ||
        q->scoring > STUD_SCORE_HILO_REGULAR ||
        (q->low_needs_five_ranks && q->scoring != STUD_SCORE_HILO_REGULAR) ||
        (q->dead & ~STUD_VALID_BITS))
        return STUD_EQ_E_QUERY;
    uint64_t seen = q->dead;
    int missing = 0;
    for (int p = 0; p < q->n_players; p++) {
        uint64_t k = q->known[p];
        if ((k & ~STUD_VALID_BITS) || (k & seen) || stud_popcount(k) > q->hand_size)
            return STUD_EQ_E_QUERY;
        seen |= k;
        missing += q->hand_size - stud_popcount(k);
    }
    return missing > STUD_CARDS - stud_popcount(seen) ? STUD_EQ_E_SHORT : STUD_EQ_OK;
}

static void check_counts(const stud_equity_query *q, const stud_equity_counts *c)
{
    uint64_t share = 0, high = 0, low = 0, alone = 0;
    int split = q->scoring == STUD_SCORE_HILO8 || q->scoring == STUD_SCORE_HILO_REGULAR;
    for (int p = 0; p < STUD_EQUITY_MAX_PLAYERS; p++) {
        if (p >= q->n_players) {
            REQUIRE(c->share[p] == 0 && c->high[p] == 0 && c->low[p] == 0 && c->scoop[p] == 0);
            REQUIRE(c->high_tie[p] == 0 && c->low_tie[p] == 0);
            continue;
        }
        share += c->share[p];
        high += c->high[p];
        REQUIRE(c->high[p] <= c->outcomes && c->low[p] <= c->outcomes);
        REQUIRE(c->scoop[p] <= c->high[p]);
        /* ties are part of the wins-or-ties, and a scoop is won alone */
        REQUIRE(c->high_tie[p] <= c->high[p] && c->low_tie[p] <= c->low[p]);
        REQUIRE(c->scoop[p] + c->high_tie[p] <= c->high[p]);
        alone += c->high[p] - c->high_tie[p];
        REQUIRE(c->share[p] <= c->outcomes * STUD_SHARE_UNITS);
        low += c->low[p];
        if (!split)
            REQUIRE(c->low[p] == 0);
    }
    REQUIRE(share == c->outcomes * STUD_SHARE_UNITS);
    REQUIRE(high >= c->outcomes); /* every outcome has a high (or Razz) winner */
    REQUIRE(alone <= c->outcomes); /* at most one wins it alone */
    if (q->scoring == STUD_SCORE_HILO_REGULAR && !q->low_needs_five_ranks)
        REQUIRE(low >= c->outcomes); /* no qualifier: every outcome has a low winner */
}

static int stop_after(stud_poll *poll)
{
    return --*(int *)poll->context < 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    input in = {data, data + size};
    uint8_t head = u8(&in), shape = u8(&in);
    stud_equity_query q;
    memset(&q, 0, sizeof q);
    int raw = head >> 7 & 1;
    q.scoring = head & 0x40 ? (int)(int8_t)u8(&in) : head % 5;
    q.n_players = head & 0x20 ? (int)(int8_t)u8(&in) : 2 + shape % 7;
    q.hand_size = head & 0x10 ? (int)(int8_t)u8(&in) : (shape & 0x80 ? 5 : 7);
    /* 13.5's option from two bits already read (no new byte: the corpus
     * keeps its bytes); refused outside Hi-Lo Regular */
    q.low_needs_five_ranks = (shape & 0x60) == 0x60;
    int read = q.n_players > 0 && q.n_players <= STUD_EQUITY_MAX_PLAYERS ? q.n_players : 2;
    for (int p = 0; p < read; p++)
        q.known[p] = read_cards(&in, raw && (u8(&in) & 1));
    q.dead = read_cards(&in, raw && (u8(&in) & 1));
    uint64_t split = u64(&in), trials = u8(&in) % 48, seed = u64(&in);
    uint8_t poll_byte = u8(&in);

    int expect = expected_check(&q);
    int rc = stud_equity_check(&q);
    REQUIRE(rc == expect);
    stud_equity_counts a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    if (rc != STUD_EQ_OK) {
        REQUIRE(stud_equity_outcomes(&q) == 0 && stud_equity_first_ways(&q) == 0);
        REQUIRE(stud_equity_exact(&q, 0, 1, &a, NULL) == rc);
        REQUIRE(stud_equity_monte_carlo(&q, 4, seed, &a, NULL) == rc);
        REQUIRE(a.outcomes == 0);
        return 0;
    }

    /* Monte Carlo: exactly `trials` outcomes */
    REQUIRE(stud_equity_monte_carlo(&q, trials, seed, &a, NULL) == STUD_EQ_OK);
    REQUIRE(a.outcomes == trials);
    check_counts(&q, &a);

    uint64_t outcomes = stud_equity_outcomes(&q), ways = stud_equity_first_ways(&q);
    REQUIRE(ways >= 1 && outcomes >= 1);
    /* keep the exact code's per-player tables small too */
    uint64_t seen = q.dead;
    for (int p = 0; p < q.n_players; p++)
        seen |= q.known[p];
    int stub = STUD_CARDS - stud_popcount(seen);
    int small = outcomes < EXACT_LIMIT;
    for (int p = 0; p < q.n_players && small; p++)
        small = choose(stub, q.hand_size - stud_popcount(q.known[p])) <= TABLE_LIMIT;
    if (!small)
        return 0;

    memset(&a, 0, sizeof a);
    REQUIRE(stud_equity_exact(&q, 0, ways, &a, NULL) == STUD_EQ_OK);
    REQUIRE(a.outcomes == outcomes);
    check_counts(&q, &a);

    /* [0, k) + [k, ways) == [0, ways) */
    uint64_t k = split % (ways + 1);
    memset(&b, 0, sizeof b);
    REQUIRE(stud_equity_exact(&q, 0, k, &b, NULL) == STUD_EQ_OK);
    REQUIRE(stud_equity_exact(&q, k, ways, &b, NULL) == STUD_EQ_OK);
    REQUIRE(memcmp(&a, &b, sizeof a) == 0);

    /* a range past the end is clamped, not read */
    memset(&b, 0, sizeof b);
    REQUIRE(stud_equity_exact(&q, ways + (split & 3), ways + 5, &b, NULL) == STUD_EQ_OK);
    REQUIRE(b.outcomes == 0);

    /* stopped through the poll: interrupted (or done before the first poll) */
    int budget = poll_byte & 3;
    stud_poll poll = {0, stop_after, &budget};
    memset(&b, 0, sizeof b);
    rc = stud_equity_exact(&q, 0, ways, &b, &poll);
    REQUIRE(rc == STUD_EQ_E_INTERRUPTED || rc == STUD_EQ_OK);
    if (rc == STUD_EQ_OK)
        REQUIRE(memcmp(&a, &b, sizeof a) == 0);
    poll.stop = 1;
    REQUIRE(stud_equity_monte_carlo(&q, 1, seed, &b, &poll) == STUD_EQ_E_INTERRUPTED);
    return 0;
}
