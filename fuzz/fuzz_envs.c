/* fuzz_envs.c: libFuzzer target for the agent environments' C side: the
 * observation encoder and environment actions (observe.h) and the tables
 * stepped together (vecenv.h).
 *
 * The input is read as a byte stream (zeros once it runs out):
 *   setup   variant, small bet, seats, stacks, each seat the agent's or a
 *           built-in policy, rewards in chips or big bets, 1..4 tables and
 *           their seeds (stud_vec_check must agree with what is playable);
 *   steps   one byte per table per step: mostly a legal action picked from
 *           the mask, sometimes a raw (possibly illegal) action id.
 *
 * Invariants (a violation aborts):
 *   - stud_vec_first_illegal names the first table whose id is not in its
 *     mask, and then stud_vec_step is not called (the tables do not move);
 *   - each row: the player is an agent seat and the one to act; the mask
 *     is stud_env_actions' set and not empty; the observation is exactly
 *     stud_observe's for that seat of that table, all its values finite
 *     and >= 0, one-hot fields hold at most one 1, the slots present are
 *     the seats, `to_act` is set, the own down cards are the seat's own;
 *   - an observation says nothing of other seats' down cards: it is
 *     unchanged when they are swapped for cards nobody holds (the seat to
 *     act, and one other seat a step, each a different one);
 *   - a terminated row's rewards sum to zero (in chips: exactly), and a
 *     row that did not terminate has none;
 *   - each environment action maps onto a listed engine action, the two
 *     wagers smallest first.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cards.h"
#include "game.h"
#include "observe.h"
#include "simulate.h"
#include "vecenv.h"

#define FUZZ_TARGET "fuzz_envs"
#include "fuzz_common.h"

#define MAX_TABLES 4
#define MAX_STEPS 300

static void check_mapping(const stud_hand *h)
{
    stud_action legal[STUD_MAX_ACTIONS], env[STUD_ENV_ACTIONS];
    int n = stud_hand_legal(h, legal);
    unsigned mask = stud_env_actions(h, env);
    int bits = 0;
    for (int a = 0; a < STUD_ENV_ACTIONS; a++) {
        if (!(mask >> a & 1))
            continue;
        bits++;
        int found = 0;
        for (int i = 0; i < n; i++)
            found |= legal[i].kind == env[a].kind && legal[i].amount == env[a].amount;
        REQUIRE(found);
    }
    REQUIRE(bits == n); /* every listed action has its id */
    if (mask >> STUD_ENV_BIG_RAISE & 1)
        REQUIRE(env[STUD_ENV_RAISE].amount < env[STUD_ENV_BIG_RAISE].amount);
}

static void check_observation(const stud_hand *h, int seat, const float *obs)
{
    for (int i = 0; i < STUD_OBS_SIZE; i++)
        REQUIRE(isfinite(obs[i]) && obs[i] >= 0.0f);
    int present = 0;
    for (int k = 0; k < STUD_MAX_SEATS; k++)
        present += obs[STUD_OBS_PRESENT + k] == 1.0f;
    REQUIRE(present == h->n_seats);
    static const int one_hot[] = {STUD_OBS_STREET, STUD_OBS_BRING_IN, STUD_OBS_AGGRESSOR};
    static const int length[] = {STUD_MAX_STREETS, STUD_MAX_SEATS, STUD_MAX_SEATS};
    for (int f = 0; f < 3; f++) {
        int ones = 0;
        for (int k = 0; k < length[f]; k++)
            ones += obs[one_hot[f] + k] != 0.0f;
        REQUIRE(ones <= 1);
    }
    uint64_t down = 0;
    for (int i = 0; i < h->n_cards[seat]; i++)
        if (!(h->up_flags[seat] >> i & 1))
            down |= stud_card_bit(h->cards[seat][i]);
    for (int card = 0; card < STUD_CARDS; card++)
        REQUIRE((obs[STUD_OBS_DOWN + card] == 1.0f) == ((down & stud_card_bit(card)) != 0));
}

/* The hand with the other seats' down cards swapped for cards nobody holds
 * must look the same to `seat`. */
static void check_no_leak(const stud_hand *h, int seat, const float *obs)
{
    stud_hand other = *h;
    uint64_t used = h->community;
    for (int s = 0; s < h->n_seats; s++)
        used |= h->all_mask[s];
    int next = 0;
    for (int s = 0; s < h->n_seats; s++) {
        if (s == seat)
            continue;
        for (int i = 0; i < h->n_cards[s]; i++) {
            if (h->up_flags[s] >> i & 1)
                continue;
            while (next < STUD_CARDS && (used & stud_card_bit(next)))
                next++;
            if (next == STUD_CARDS)
                return; /* no free card left: nothing to swap with */
            other.cards[s][i] = (uint8_t)next;
            used |= stud_card_bit(next);
        }
    }
    float again[STUD_OBS_SIZE];
    stud_observe(&other, seat, again);
    REQUIRE(memcmp(obs, again, sizeof again) == 0);
}

static void check_row(const stud_table *t, const stud_vec_config *c, const stud_vec_out *out,
                      size_t i, int other)
{
    const stud_hand *h = &t->hand;
    REQUIRE(h->phase == STUD_PHASE_BETTING);
    int player = out->player[i];
    REQUIRE(player == h->actor && player >= 0 && c->policy[player] == STUD_SEAT_AGENT);
    stud_action env[STUD_ENV_ACTIONS];
    unsigned mask = stud_env_actions(h, env);
    REQUIRE(mask != 0);
    for (int a = 0; a < STUD_ENV_ACTIONS; a++)
        REQUIRE(out->mask[i * STUD_ENV_ACTIONS + (size_t)a] == (mask >> a & 1));
    const float *obs = out->obs + i * STUD_OBS_SIZE;
    float expect[STUD_OBS_SIZE];
    stud_observe(h, player, expect);
    REQUIRE(memcmp(obs, expect, sizeof expect) == 0);
    REQUIRE(obs[STUD_OBS_TO_ACT] == 1.0f);
    check_observation(h, player, obs);
    check_mapping(h);
    check_no_leak(h, player, obs);
    /* and one other seat's view (a different one at each step) */
    float seen[STUD_OBS_SIZE];
    int s = other % h->n_seats;
    stud_observe(h, s, seen);
    check_observation(h, s, seen);
    check_no_leak(h, s, seen);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    input in = {data, data + size};
    stud_vec_config c;
    memset(&c, 0, sizeof c);
    int variant = u8(&in) % (STUD_SEVEN_CARD_STUD_HILO_REGULAR + 1);
    stud_rules_default(&c.rules, variant, 2 + u8(&in) % 40);
    int n = 2 + u8(&in) % (c.rules.max_players - 1);
    c.n_seats = n;
    int agents = 0, playable = 1;
    for (int s = 0; s < n; s++) {
        c.stacks[s] = (int32_t)(u16(&in) % 2000);
        if (c.stacks[s] <= c.rules.ante)
            playable = 0;
        uint8_t p = u8(&in) % 5;
        c.policy[s] = p < 3 ? p : STUD_SEAT_AGENT;
        agents += c.policy[s] == STUD_SEAT_AGENT;
    }
    int chips = u8(&in) & 1;
    c.reward_scale = chips ? 1.0f : 1.0f / (float)c.rules.big_bet;
    int error = stud_vec_check(&c);
    REQUIRE((error == STUD_OK) == (playable && agents > 0));
    if (error)
        return 0;

    size_t tables = 1 + u8(&in) % MAX_TABLES;
    stud_table t[MAX_TABLES];
    uint64_t seeds[MAX_TABLES];
    for (size_t i = 0; i < tables; i++)
        seeds[i] = u64(&in);
    float obs[MAX_TABLES][STUD_OBS_SIZE];
    uint8_t mask[MAX_TABLES][STUD_ENV_ACTIONS], terminated[MAX_TABLES];
    int8_t player[MAX_TABLES];
    float rewards[MAX_TABLES][STUD_MAX_SEATS];
    stud_vec_out out = {&obs[0][0], &mask[0][0], player, &rewards[0][0], terminated};
    stud_vec_reset(t, tables, &c, seeds, &out);
    for (size_t i = 0; i < tables; i++)
        check_row(&t[i], &c, &out, i, (int)i);

    for (int step = 0; step < MAX_STEPS && !exhausted(&in); step++) {
        int64_t actions[MAX_TABLES];
        size_t first_bad = tables;
        for (size_t i = 0; i < tables; i++) {
            uint8_t b = u8(&in);
            if (b >= 250) {
                actions[i] = (int64_t)(b - 252); /* -2 .. 3, legal or not */
            } else {
                int legal[STUD_ENV_ACTIONS], k = 0;
                for (int a = 0; a < STUD_ENV_ACTIONS; a++)
                    if (mask[i][a])
                        legal[k++] = a;
                actions[i] = legal[b % k];
            }
            int ok = actions[i] >= 0 && actions[i] < STUD_ENV_ACTIONS && mask[i][actions[i]];
            if (!ok && first_bad == tables)
                first_bad = i;
        }
        REQUIRE(stud_vec_first_illegal(t, tables, actions) == first_bad);
        if (first_bad != tables)
            continue; /* refused: the tables stay as they are (checked on the next rows) */
        stud_vec_step(t, tables, &c, actions, &out);
        for (size_t i = 0; i < tables; i++) {
            check_row(&t[i], &c, &out, i, step + (int)i);
            float sum = 0.0f;
            int any = 0;
            for (int s = 0; s < STUD_MAX_SEATS; s++) {
                sum += rewards[i][s];
                any |= rewards[i][s] != 0.0f;
                if (s >= n)
                    REQUIRE(rewards[i][s] == 0.0f);
            }
            if (!terminated[i])
                REQUIRE(!any);
            else if (chips)
                REQUIRE(sum == 0.0f);
            else
                REQUIRE(fabsf(sum) < 1e-3f);
        }
    }
    return 0;
}
