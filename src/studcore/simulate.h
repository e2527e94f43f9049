/* simulate.h: whole hands played inside C, for bulk simulation, the
 * benchmarks and the engine's own invariant checks. */
#ifndef STUD_SIMULATE_H
#define STUD_SIMULATE_H

#include <stdint.h>

#include "game.h"
#include "poll.h"

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
 * other hand then has a manual showdown with random shows and mucks.
 * `poll` (or NULL) can stop it (STUD_E_INTERRUPTED, see poll.h). */
int stud_play_random(const stud_rules *rules, int n_seats, const int32_t *stacks,
                     int random_stacks, uint64_t n_hands, uint64_t seed, int check,
                     stud_random_report *report, stud_poll *poll);


/* ---- simulation with built-in policies ---------------------------------------- */

enum stud_policy {
    STUD_POLICY_RANDOM = 0,   /* uniform among the legal actions */
    STUD_POLICY_CALL = 1,     /* calling station: checks or calls, never folds or raises */
    STUD_POLICY_STRENGTH = 2, /* raises strong hands, calls fair ones, folds weak ones */
};

typedef struct {
    uint64_t hands;
    int64_t net[STUD_MAX_SEATS];       /* per player: chips won minus chips lost */
    double net_sq[STUD_MAX_SEATS];     /* sum of squared per-hand results */
    uint64_t won[STUD_MAX_SEATS];      /* hands with a positive result */
    uint64_t showdowns[STUD_MAX_SEATS]; /* hands in which he reached the showdown */
    uint64_t showdown_wins[STUD_MAX_SEATS]; /* ... and took chips there */
} stud_sim_result;

/* Plays `n_hands` hands with one built-in policy per player.  Player p sits
 * in seat p, or with `rotate` in seat (p + k) mod n for hand k.  Stacks are
 * `stacks` (per player) every hand, or with `carry` they carry over, a
 * player who goes broke starting again from his starting stack.  Results
 * are per player.  Players, stacks and policies are checked (STUD_E_RULES,
 * STUD_E_ARGUMENT); `poll` (or NULL) can stop it (STUD_E_INTERRUPTED). */
int stud_simulate(const stud_rules *rules, int n_players, const int32_t *stacks,
                  const uint8_t *policies, uint64_t n_hands, uint64_t seed, int rotate, int carry,
                  stud_sim_result *out, stud_poll *poll);

/* The built-in policies' choice at a decision (exposed for the tests). */
stud_action stud_policy_choose(int policy, const stud_hand *hand, uint64_t rng[4]);

/* The strength policy's rough strength in [0, 1] of the cards a seat holds
 * now (his own and the community card): what it raises, calls or folds on. */
double stud_policy_strength(const stud_hand *hand, int seat);
/* The same from the cards themselves: `n` of them (their count), scored by
 * `scoring` (enum stud_scoring). */
double stud_policy_strength_of(uint64_t cards, int n, int scoring);

#endif
