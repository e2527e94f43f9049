/* vecenv.h: many tables stepped together for agents (docs/envs.md).
 *
 * Each table plays hands one after another from fixed starting stacks.
 * Seats are either the agent's (the caller chooses their actions) or
 * played inside C by a built-in policy (simulate.h).  A step applies one
 * environment action (observe.h) per table to its agent seat that is to
 * act, lets the built-in seats play until an agent seat must act again or
 * the hand ends, and writes what the next agent seat sees.  A hand that
 * ends is reported (rewards, terminated) and the next one starts at once.
 *
 * Table t's hands come from its own stream: reset with seed s, the k-th
 * hand is dealt with the k-th draw of xoshiro256** seeded by s, and the
 * built-in policies draw from the same stream; an environment over one
 * `Hand` that follows this rule sees the same cards.
 */
#ifndef STUD_VECENV_H
#define STUD_VECENV_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "observe.h"

#define STUD_SEAT_AGENT 255 /* a seat whose actions come from the caller */

typedef struct {
    stud_rules rules;
    int n_seats;
    int32_t stacks[STUD_MAX_SEATS];
    uint8_t policy[STUD_MAX_SEATS]; /* a stud_policy, or STUD_SEAT_AGENT */
    int32_t reward_unit;            /* chips a reward of 1 stands for: 1 or the big bet */
} stud_vec_config;

typedef struct {
    stud_hand hand;
    uint64_t rng[4];
    /* the hand's legal environment actions, as stud_env_actions gives them:
     * worked out once per decision (when its row is written) and read by
     * stud_vec_first_illegal and stud_vec_step */
    unsigned legal;
    stud_action legal_action[STUD_ENV_ACTIONS];
} stud_table;

/* Where a step writes, per table t (row t of each array). */
typedef struct {
    float *obs;             /* [n][STUD_OBS_SIZE]: what the seat to act sees */
    uint8_t *mask;          /* [n][STUD_ENV_ACTIONS]: 1 where the action is legal */
    int8_t *player;         /* [n]: the agent seat to act */
    double *rewards;        /* [n][STUD_MAX_SEATS]: results of the hands that ended, per seat */
    uint8_t *terminated;    /* [n]: a hand ended in this step */
} stud_vec_out;

/* STUD_OK when the configuration can be played: rules, seat count, stacks,
 * policies, a reward unit of 1 or more, and at least one agent seat. */
int stud_vec_check(const stud_vec_config *config);

/* Starts table t of `tables[0..n)` from seed seeds[t] and writes its first
 * observation.  The configuration must have passed stud_vec_check. */
void stud_vec_reset(stud_table *tables, size_t n, const stud_vec_config *config,
                    const uint64_t *seeds, const stud_vec_out *out);

/* The index of the first table whose action is not a legal environment
 * action now, or n when all are. */
size_t stud_vec_first_illegal(const stud_table *tables, size_t n, const int64_t *actions);

/* Applies actions[t] to table t (all must be legal: stud_vec_first_illegal)
 * and writes every row of `out`; rewards and terminated are cleared first. */
void stud_vec_step(stud_table *tables, size_t n, const stud_vec_config *config,
                   const int64_t *actions, const stud_vec_out *out);

#endif
