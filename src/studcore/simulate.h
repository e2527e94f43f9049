/* simulate.h: whole hands played inside C, for bulk simulation, the
 * benchmarks and the engine's own invariant checks. */
#ifndef STUD_SIMULATE_H
#define STUD_SIMULATE_H

#include <stdint.h>

#include "game.h"

typedef struct {
    uint64_t hands, decisions, showdowns;
    uint64_t violations;          /* hands that broke an invariant (see below) */
    int64_t first_violation_hand; /* its index, or -1 */
} stud_random_report;

/* Plays `n_hands` hands in which every player picks uniformly among his
 * legal actions.  Stacks are `stacks`, or with `random_stacks` uniform in
 * 1..stacks[seat] for each hand.  With `check`, every hand must end, keep
 * the chips, pay nothing negative, and at every decision accept each
 * listed action and refuse kinds and amounts that were not listed; every
 * other hand then has a manual showdown with random shows and mucks. */
int stud_play_random(const stud_rules *rules, int n_seats, const int32_t *stacks,
                     int random_stacks, uint64_t n_hands, uint64_t seed, int check,
                     stud_random_report *report);

#endif
