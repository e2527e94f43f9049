/* engine_floor.c: what the generator's order alone costs a random 6-player
 * hand, the part of stud_play_random no rewrite of the betting can remove
 * while every seed deals the same cards and takes the same decisions.
 *
 *   cc -std=c11 -O3 -D_POSIX_C_SOURCE=200809L -Isrc/studcore bench/engine_floor.c -o floor
 *   ./floor [HANDS]          (default 2000000; prints hands/s of CPU time, best of 3)
 *
 * Per hand, as the playout kernel does it: a seed from the outer stream, the
 * hand's generator seeded from it, a fresh deck, 26 cards drawn by partial
 * Fisher-Yates (a Stud/8 hand of play_random deals about 24, plus burns),
 * and 18 decisions drawn from the outer stream among 2 or 3 choices. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "rng.h"

static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
    long hands = argc > 1 ? atol(argv[1]) : 2000000;
    uint64_t outer[4], sink = 0;
    uint8_t deck[52];
    stud_rng_seed(outer, 3);
    double best = 0.0;
    for (int round = 0; round < 3; round++) {
        double start = cpu_seconds();
        for (long k = 0; k < hands; k++) {
            uint64_t hand[4];
            stud_rng_seed(hand, stud_rng_next(outer));
            for (int i = 0; i < 52; i++)
                deck[i] = (uint8_t)i;
            for (int top = 0; top < 26; top++) {
                int pick = top + (int)stud_rng_below(hand, (uint32_t)(52 - top));
                uint8_t card = deck[pick];
                deck[pick] = deck[top];
                deck[top] = card;
                sink += card;
            }
            for (int d = 0; d < 18; d++)
                sink += stud_rng_below(outer, 2u + (uint32_t)(d & 1));
        }
        double rate = (double)hands / (cpu_seconds() - start);
        best = rate > best ? rate : best;
    }
    printf("%.0f hands/s (checksum %llu)\n", best, (unsigned long long)sink);
    return 0;
}
