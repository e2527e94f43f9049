/* vecenv.c: tables stepped together for agents (see vecenv.h). */
#include "vecenv.h"

#include <string.h>

#include "rng.h"
#include "simulate.h"

/* Hands in a row that may end before an agent seat acts (stud_vec_check
 * makes that impossible; the bound keeps a step finite whatever happens). */
#define HANDS_WITHOUT_AGENT 64

int stud_vec_check(const stud_vec_config *c)
{
    int error = stud_rules_check(&c->rules);
    if (error)
        return error;
    if (c->n_seats < 2 || c->n_seats > c->rules.max_players || c->reward_unit < 1)
        return STUD_E_ARGUMENT;
    int agents = 0;
    for (int s = 0; s < c->n_seats; s++) {
        /* every seat has chips after the ante, so 3rd street has a betting
         * round and every agent seat acts in every hand */
        if (c->stacks[s] <= c->rules.ante)
            return STUD_E_RULES;
        if (c->policy[s] == STUD_SEAT_AGENT)
            agents++;
        else if (c->policy[s] > STUD_POLICY_STRENGTH)
            return STUD_E_ARGUMENT;
    }
    return agents ? STUD_OK : STUD_E_ARGUMENT;
}

static void start_hand(stud_table *t, const stud_vec_config *c)
{
    stud_hand_start(&t->hand, &c->rules, c->n_seats, c->stacks, NULL, 0, 0, 0,
                    stud_rng_next(t->rng), NULL);
}

/* The built-in seats act until an agent seat must; 0 when the hand ends. */
static int play_builtin(stud_table *t, const stud_vec_config *c)
{
    stud_hand *h = &t->hand;
    while (h->phase == STUD_PHASE_BETTING) {
        int policy = c->policy[h->actor];
        if (policy == STUD_SEAT_AGENT)
            return 1;
        /* the calling station's choice without the whole legal list (it
         * draws nothing from the stream), as stud_simulate plays it */
        stud_action a = policy == STUD_POLICY_CALL ? stud_hand_passive(h)
                                                   : stud_policy_choose(policy, h, t->rng);
        stud_hand_apply(h, a.kind, a.amount, NULL);
    }
    return 0;
}

/* Plays on to the next agent decision; a hand that ends adds its results
 * to `rewards` (when not NULL), sets `terminated` and the next one starts. */
static void next_decision(stud_table *t, const stud_vec_config *c, double *rewards,
                          uint8_t *terminated)
{
    for (int k = 0; k < HANDS_WITHOUT_AGENT && !play_builtin(t, c); k++) {
        if (rewards) {
            double result[STUD_MAX_SEATS];
            stud_env_rewards(&t->hand, c->stacks, c->reward_unit, result);
            for (int s = 0; s < c->n_seats; s++)
                rewards[s] += result[s];
            *terminated = 1;
        }
        start_hand(t, c);
    }
}

static void write_row(stud_table *t, size_t i, const stud_vec_out *out)
{
    unsigned legal = t->legal = stud_env_actions(&t->hand, t->legal_action);
    int actor = t->hand.actor >= 0 ? t->hand.actor : 0;
    stud_observe(&t->hand, actor, out->obs + i * STUD_OBS_SIZE);
    for (int a = 0; a < STUD_ENV_ACTIONS; a++)
        out->mask[i * STUD_ENV_ACTIONS + (size_t)a] = (uint8_t)(legal >> a & 1);
    out->player[i] = t->hand.actor;
}

void stud_vec_reset(stud_table *tables, size_t n, const stud_vec_config *c, const uint64_t *seeds,
                    const stud_vec_out *out)
{
    for (size_t i = 0; i < n; i++) {
        stud_table *t = &tables[i];
        stud_rng_seed(t->rng, seeds[i]);
        start_hand(t, c);
        next_decision(t, c, NULL, NULL);
        memset(out->rewards + i * STUD_MAX_SEATS, 0, STUD_MAX_SEATS * sizeof(double));
        out->terminated[i] = 0;
        write_row(t, i, out);
    }
}

size_t stud_vec_first_illegal(const stud_table *tables, size_t n, const int64_t *actions)
{
    for (size_t i = 0; i < n; i++) {
        int64_t a = actions[i];
        if (a < 0 || a >= STUD_ENV_ACTIONS || !(tables[i].legal >> a & 1))
            return i;
    }
    return n;
}

void stud_vec_step(stud_table *tables, size_t n, const stud_vec_config *c, const int64_t *actions,
                   const stud_vec_out *out)
{
    for (size_t i = 0; i < n; i++) {
        stud_table *t = &tables[i];
        double *rewards = out->rewards + i * STUD_MAX_SEATS;
        memset(rewards, 0, STUD_MAX_SEATS * sizeof *rewards);
        out->terminated[i] = 0;
        stud_action a = t->legal_action[actions[i]];
        stud_hand_apply(&t->hand, a.kind, a.amount, NULL);
        next_decision(t, c, rewards, &out->terminated[i]);
        write_row(t, i, out);
    }
}
