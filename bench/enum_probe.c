/* enum_probe.c: the C core's enumeration loops timed (CPU time) and ready
 * for callgrind, without Python in the way (bench/enum_probe.sh builds it).
 *
 *   enum_probe eq|eqhigh|eqrazz|eq3|eq4|eq5|eq5h [repeat [first_hi]]
 *       exact equity of a fixed query over first-player completions
 *       [0, first_hi) (all by default; 0: only the tables are built)
 *   enum_probe census|censushigh|census5 [repeat [first_hi]]
 *       stud_census of 7-card (5-card) hands whose lowest card id is below
 *       first_hi (52 by default); censushigh: the high alone
 *   enum_probe seq|seqpairs [repeat]
 *       OMPEval's sequential benchmark loop written with eval.h's running
 *       keys: seven nested loops over card ids, the sum of every hand's
 *       high value; seqpairs walks as the census does (five levels, then
 *       one flat loop over pairs, asking once per 5-card prefix whether
 *       the last two cards can make a flush: stud_rkey_may_flush)
 *   enum_probe nop
 *       nothing (the start-up cost, to subtract from callgrind counts)
 *
 * Each line prints the count, the best CPU time, the rate and a checksum of
 * the results (equal checksums: equal results).
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "census.h"
#include "equity.h"
#include "eval.h"
#include "game.h"

static uint64_t parse(const char *s)
{
    const char *ranks = "23456789TJQKA", *suits = "cdhs";
    uint64_t mask = 0;
    for (; *s; s++) {
        if (*s == ' ')
            continue;
        int r = (int)(strchr(ranks, s[0]) - ranks), u = (int)(strchr(suits, s[1]) - suits);
        mask |= 1ull << (16 * u + r);
        s++;
    }
    return mask;
}

static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int query_of(const char *mode, stud_equity_query *q)
{
    memset(q, 0, sizeof *q);
    q->hand_size = 7;
    q->scoring = STUD_SCORE_HILO8;
    q->n_players = 2;
    if (!strcmp(mode, "eq") || !strcmp(mode, "eqhigh") || !strcmp(mode, "eqrazz")) {
        /* bench_equity.py's query: heads-up on 4th street */
        q->scoring = mode[2] == 'h' ? STUD_SCORE_HIGH : mode[2] == 'r' ? STUD_SCORE_RAZZ
                                                                         : STUD_SCORE_HILO8;
        q->known[0] = parse("As 2d 3c 4h");
        q->known[1] = parse("Ah 2h 3s 5d");
    } else if (!strcmp(mode, "eq3")) {
        q->n_players = 3;
        q->known[0] = parse("As 2d 3c 4h 9c");
        q->known[1] = parse("Ah 2h 3s 5d Kc");
        q->known[2] = parse("Qs Qd 7c 8h Th");
    } else if (!strcmp(mode, "eq4") || !strcmp(mode, "eq5")) {
        q->n_players = mode[2] - '0';
        q->scoring = STUD_SCORE_HIGH;
        q->known[0] = parse("As 2d 3c 4h 9c 9s");
        q->known[1] = parse("Ah 2h 3s 5d Kc Ks");
        q->known[2] = parse(q->n_players == 4 ? "Qs Qd 7c 8h Th" : "Qs Qd 7c 8h Th 6d");
        q->known[3] = parse(q->n_players == 4 ? "Jc Jd 5s 6s 7s" : "Jc Jd 5s 6s 7s 8s");
        if (q->n_players == 5)
            q->known[4] = parse("9d 9h 4c 4d 2s");
    } else if (!strcmp(mode, "eq5h")) { /* Five Card Stud, three cards to come each */
        q->hand_size = 5;
        q->scoring = STUD_SCORE_HIGH;
        q->known[0] = parse("As 7h");
        q->known[1] = parse("Kd Qc");
    } else {
        return 0;
    }
    return 1;
}

/* Built against a core without running keys (to time the code before
 * them), the modes that need them are left out. */
#ifdef STUD_RKEY_EMPTY
#define HAVE_RKEY 1

static uint64_t key[STUD_CARDS], bit[STUD_CARDS];

/* OMPEval's sequential loop, with running keys.  As there, the key of the
 * first four cards is made afresh at the fourth level (fewer values live
 * across the loops); the rare flush reads a mask made from the seven
 * cards. */
static uint64_t seq_plain(void)
{
    uint64_t sum = 0;
    for (int c1 = 0; c1 < STUD_CARDS; c1++) {
        for (int c2 = c1 + 1; c2 < STUD_CARDS; c2++) {
            for (int c3 = c2 + 1; c3 < STUD_CARDS; c3++) {
                for (int c4 = c3 + 1; c4 < STUD_CARDS; c4++) {
                    uint64_t k4 = STUD_RKEY_EMPTY + key[c1] + key[c2] + key[c3] + key[c4];
                    for (int c5 = c4 + 1; c5 < STUD_CARDS; c5++) {
                        uint64_t k5 = k4 + key[c5];
                        for (int c6 = c5 + 1; c6 < STUD_CARDS; c6++) {
                            uint64_t k6 = k5 + key[c6];
                            for (int c7 = c6 + 1; c7 < STUD_CARDS; c7++) {
                                uint64_t k = k6 + key[c7];
                                uint32_t entry = stud_rkey_entry(k);
                                if (STUD_UNLIKELY(k & STUD_RKEY_FLUSH)) {
                                    uint64_t mask = bit[c1] | bit[c2] | bit[c3] | bit[c4] |
                                                    bit[c5] | bit[c6] | bit[c7];
                                    sum += stud_rkey_high(k, mask, entry);
                                } else {
                                    sum += stud_rkey_unpack_high(entry);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    return sum;
}

/* The census's shape: five levels, then one flat loop over the pairs of
 * cards above the fifth (pairs ordered by their first card, highest first:
 * those above card c are the first pairs_above[c]). */
#define N_PAIRS (STUD_CARDS * (STUD_CARDS - 1) / 2)
static uint64_t pair_key[N_PAIRS], pair_bit[N_PAIRS];
static uint32_t pairs_above[STUD_CARDS];

static uint64_t seq_pairs(void)
{
    uint32_t n = 0;
    for (int a = STUD_CARDS - 2; a >= 0; a--) {
        for (int b = a + 1; b < STUD_CARDS; b++) {
            pair_key[n] = key[a] + key[b];
            pair_bit[n++] = bit[a] | bit[b];
        }
        if (a > 0)
            pairs_above[a - 1] = n;
    }
    uint64_t sum = 0;
    for (int c1 = 0; c1 < STUD_CARDS; c1++) {
        for (int c2 = c1 + 1; c2 < STUD_CARDS; c2++) {
            for (int c3 = c2 + 1; c3 < STUD_CARDS; c3++) {
                uint64_t k3 = STUD_RKEY_EMPTY + key[c1] + key[c2] + key[c3];
                uint64_t m3 = bit[c1] | bit[c2] | bit[c3];
                for (int c4 = c3 + 1; c4 < STUD_CARDS; c4++) {
                    uint64_t k4 = k3 + key[c4], m4 = m3 | bit[c4];
                    for (int c5 = c4 + 1; c5 < STUD_CARDS - 2; c5++) {
                        uint64_t k5 = k4 + key[c5], m5 = m4 | bit[c5];
                        uint32_t pairs = pairs_above[c5];
                        if (!stud_rkey_may_flush(k5, 2)) {
                            for (uint32_t i = 0; i < pairs; i++)
                                sum += stud_rkey_unpack_high(stud_rkey_entry(k5 + pair_key[i]));
                        } else {
                            for (uint32_t i = 0; i < pairs; i++) {
                                uint64_t k = k5 + pair_key[i];
                                sum += stud_rkey_high(k, m5 | pair_bit[i], stud_rkey_entry(k));
                            }
                        }
                    }
                }
            }
        }
    }
    return sum;
}

static uint64_t seq(int shape)
{
    for (int c = 0; c < STUD_CARDS; c++) {
        key[c] = stud_rkey_card(c);
        bit[c] = stud_card_bit(c);
    }
    /* called through a volatile pointer: not inlined into main, whose
     * other work would crowd the loop's registers */
    uint64_t (*volatile loop)(void) = shape ? seq_pairs : seq_plain;
    return loop();
}
#else
#define HAVE_RKEY 0
static uint64_t seq(int shape)
{
    (void)shape;
    return 0;
}
#endif

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "eq";
    int repeat = argc > 2 ? atoi(argv[2]) : 3;
    double best = 1e30;
    if (!strcmp(mode, "nop"))
        return 0;
    if (!HAVE_RKEY && (!strncmp(mode, "seq", 3) || !strcmp(mode, "censushigh"))) {
        fprintf(stderr, "enum_probe: %s needs the running keys\n", mode);
        return 2;
    }
    if (!strncmp(mode, "seq", 3)) {
        uint64_t sum = 0;
        for (int r = 0; r < repeat; r++) {
            double t = cpu_seconds();
            sum = seq(!strcmp(mode, "seqpairs"));
            t = cpu_seconds() - t;
            best = t < best ? t : best;
        }
        printf("%s: 133784560 hands %.3f s %.1f M/s sum %llu\n", mode, best,
               133784560 / best / 1e6, (unsigned long long)sum);
        return 0;
    }
    if (!strncmp(mode, "census", 6)) {
        static uint64_t high[STUD_HIGH_CLASSES + 1], low8[STUD_LOW8_CLASSES + 1],
            razz[STUD_RAZZ_CLASSES + 1];
        int n_cards = strchr(mode, '5') ? 5 : 7, lows = !strstr(mode, "high");
        int first_hi = argc > 3 ? atoi(argv[3]) : STUD_CARDS;
        uint64_t hands = 0;
        for (int r = 0; r < repeat; r++) {
            memset(high, 0, sizeof high);
            memset(low8, 0, sizeof low8);
            memset(razz, 0, sizeof razz);
            double t = cpu_seconds();
            hands = stud_census(n_cards, 0, first_hi, high, lows ? low8 : NULL, lows ? razz : NULL);
            t = cpu_seconds() - t;
            best = t < best ? t : best;
        }
        uint64_t check = 0;
        for (int v = 0; v <= STUD_HIGH_CLASSES; v++)
            check = check * 31 + high[v];
        for (int v = 0; v <= STUD_LOW8_CLASSES; v++)
            check = check * 31 + low8[v];
        for (int v = 0; v <= STUD_RAZZ_CLASSES; v++)
            check = check * 31 + razz[v];
        printf("%s: %llu hands %.3f s %.1f M/s check %016llx\n", mode, (unsigned long long)hands,
               best, hands / best / 1e6, (unsigned long long)check);
        return 0;
    }
    stud_equity_query q;
    if (!query_of(mode, &q)) {
        fprintf(stderr, "enum_probe: unknown mode %s\n", mode);
        return 2;
    }
    uint64_t first_hi = argc > 3 ? strtoull(argv[3], NULL, 10) : stud_equity_first_ways(&q);
    stud_equity_counts c;
    for (int r = 0; r < repeat; r++) {
        memset(&c, 0, sizeof c);
        double t = cpu_seconds();
        int error = stud_equity_exact(&q, 0, first_hi, &c, NULL);
        t = cpu_seconds() - t;
        best = t < best ? t : best;
        if (error) {
            printf("%s: error %d\n", mode, error);
            return 1;
        }
    }
    uint64_t check = 0;
    for (int p = 0; p < q.n_players; p++)
        check = check * 1000003 + c.share[p] + 7 * c.share_sq[p] + 11 * c.high[p] +
                13 * c.high_tie[p] + 17 * c.low[p] + 19 * c.low_tie[p] + 23 * c.scoop[p];
    printf("%s: %llu outcomes %.3f s %.1f M/s check %016llx\n", mode,
           (unsigned long long)c.outcomes, best, c.outcomes / best / 1e6,
           (unsigned long long)check);
    return 0;
}
