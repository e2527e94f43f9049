/* simulate.c: whole hands played inside C by a random legal policy or the
 * built-in policies (see simulate.h); the hands themselves are played by
 * the playout kernel (playout.h), or with the checks of stud_play_random
 * through the general entry points of game.h. */
#include "simulate.h"

#include <string.h>

#include "board.h"
#include "cards.h"
#include "eval.h"
#include "playout.h"
#include "rng.h"

/* Does the hand refuse every action it did not list?  Kinds not listed,
 * and amounts next to the listed ones. */
static int refuses_unlisted(const stud_hand *h, const stud_action *legal, int n)
{
    for (int kind = STUD_FOLD; kind <= STUD_RAISE; kind++) {
        int listed = 0;
        for (int i = 0; i < n; i++)
            listed |= legal[i].kind == kind;
        if (!listed && stud_hand_check(h, kind, 0) == STUD_OK)
            return 0;
        if (!listed)
            continue;
        for (int i = 0; i < n; i++) {
            if (legal[i].kind != kind)
                continue;
            for (int delta = -1; delta <= 1; delta += 2) {
                int32_t amount = legal[i].amount + delta, other = 0;
                for (int j = 0; j < n; j++)
                    other |= legal[j].kind == kind && legal[j].amount == amount;
                if (!other && stud_hand_check(h, kind, amount) == STUD_OK)
                    return 0;
            }
        }
    }
    return 1;
}

/* The most decisions a hand may take before it counts as stuck. */
#define STEP_LIMIT 100000

/* A hand played out with uniform random actions, with the checks of
 * stud_play_random, and random shows and mucks at a manual showdown; 0 if
 * an invariant broke.  (Without the checks the playout kernel plays it.) */
static int play_checked(stud_hand *h, uint64_t rng[4], uint64_t *decisions)
{
    int ok = 1, steps = 0;
    while (h->phase == STUD_PHASE_BETTING || h->phase == STUD_PHASE_SHOWDOWN) {
        if (h->phase == STUD_PHASE_SHOWDOWN) {
            int show = !stud_hand_may_muck(h) || (stud_rng_next(rng) & 1);
            ok &= stud_hand_show(h, show, NULL) == STUD_OK;
            continue;
        }
        stud_action legal[STUD_MAX_ACTIONS];
        int n = stud_hand_legal(h, legal);
        (*decisions)++;
        if (n == 0 || ++steps > STEP_LIMIT)
            return 0;
        for (int i = 0; i < n; i++)
            ok &= stud_hand_check(h, legal[i].kind, legal[i].amount) == STUD_OK;
        ok &= refuses_unlisted(h, legal, n);
        stud_action pick = legal[stud_rng_below(rng, (uint32_t)n)];
        ok &= stud_hand_act(h, pick.kind, pick.amount, NULL) == STUD_OK;
    }
    return ok;
}

int stud_play_random(const stud_rules *rules, int n_seats, const int32_t *stacks,
                     int random_stacks, uint64_t n_hands, uint64_t seed, int check,
                     stud_random_report *report, stud_poll *poll)
{
    uint64_t rng[4];
    int32_t start[STUD_MAX_SEATS];
    stud_hand hand;
    stud_playout_cache cache;
    int prepared = 0;
    memset(report, 0, sizeof *report);
    report->first_violation_hand = -1;
    int64_t chips = 0;
    stud_rng_seed(rng, seed);
    if (!stacks || n_seats < 2 || n_seats > STUD_MAX_SEATS)
        return STUD_E_RULES;
    for (uint64_t k = 0; k < n_hands; k++) {
        if ((k & ((1u << STUD_POLL_SHIFT) - 1)) == 0 && stud_poll_stop(poll))
            return STUD_E_INTERRUPTED;
        if (random_stacks || k == 0) { /* (fixed stacks: the same every hand) */
            chips = 0;
            for (int seat = 0; seat < n_seats; seat++) {
                start[seat] = random_stacks
                                  ? 1 + (int32_t)stud_rng_below(rng, (uint32_t)stacks[seat])
                                  : stacks[seat];
                chips += start[seat];
            }
        }
        uint64_t decisions = 0;
        int ok, error;
        if (check) {
            /* with the checks on, every other hand decides its showdown at random */
            int manual_showdown = k & 1;
            error = stud_hand_start(&hand, rules, n_seats, start, NULL, 0, 0, manual_showdown,
                                    stud_rng_next(rng), NULL);
            if (error)
                return error;
            ok = play_checked(&hand, rng, &decisions);
        } else {
            if (!prepared) { /* (the rules are checked once: they do not change) */
                if (stud_playout_prepare(&hand, rules, &cache))
                    return STUD_E_RULES;
                prepared = 1;
            }
            error = stud_playout(&hand, n_seats, start, stud_rng_next(rng), NULL, &cache, rng,
                                 STEP_LIMIT, &decisions);
            if (error)
                return error;
            ok = decisions <= STEP_LIMIT;
        }
        int64_t after = 0;
        for (int seat = 0; seat < n_seats; seat++) {
            after += hand.stack[seat];
            ok &= hand.payout[seat] >= 0 && hand.stack[seat] >= 0;
        }
        ok &= hand.phase == STUD_PHASE_OVER && after == chips;
        report->decisions += decisions;
        report->hands++;
        unsigned live = stud_hand_live(&hand);
        report->showdowns += (live & (live - 1)) != 0;
        if (!ok) {
            if (report->violations == 0)
                report->first_violation_hand = (int64_t)k;
            report->violations++;
        }
    }
    return STUD_OK;
}

/* ---- built-in policies -------------------------------------------------------------- */

/* A rough strength in [0, 1] of the cards a seat holds now (its own and the
 * community card): the hand's value once five cards are known, else what
 * the cards make so far. */
double stud_policy_strength(const stud_hand *h, int seat)
{
    uint64_t cards = h->all_mask[seat] | h->community;
    return stud_policy_strength_of(cards, stud_popcount(cards), h->rules.scoring);
}

double stud_policy_strength_of(uint64_t cards, int n, int scoring)
{
    int razz = scoring == STUD_SCORE_RAZZ;
    if (n >= 5 && scoring == STUD_SCORE_HILO_REGULAR) {
        /* 13.4: every hand has a low, so the better half counts; a low
         * counts by its place among the 1287 unpaired lows (the top of the
         * A-5 scale: a ten low about 0.8, a jack low 0.64), a paired low
         * as nothing */
        double high = stud_eval_high(cards) / (double)STUD_HIGH_CLASSES;
        double low = (double)((int)stud_eval_razz(cards) - (STUD_RAZZ_CLASSES - 1287)) / 1287.0;
        return high > low ? high : low;
    }
    if (scoring == STUD_SCORE_27) {
        /* 12.5: the 2-7 low once five cards are known, by its place among
         * the 1278 unpaired lows at the top of the scale, A-5-4-3-2 among
         * them (a nine low about 0.9, a jack low 0.64; pairs and worse as
         * nothing); before, the share of distinct ranks 2..7 (the ace is
         * high), as in Razz */
        if (n >= 5)
            return (double)((int)stud_eval_27(cards) - (STUD_27_CLASSES - 1278)) / 1278.0;
        return (double)stud_popcount(stud_rank_set(cards) & 0x3Fu) / (double)n * 0.8;
    }
    if (n >= 5)
        return razz ? stud_eval_razz(cards) / (double)STUD_RAZZ_CLASSES
                    : stud_eval_high(cards) / (double)STUD_HIGH_CLASSES;
    if (razz) { /* distinct low ranks (8 or lower) among the cards */
        unsigned low = stud_low_ranks(cards);
        return (double)stud_popcount(low) / (double)n * 0.8;
    }
    uint32_t key = stud_board_high_head(cards); /* pairs and better, then the top rank */
    uint32_t category = key >> 16;
    double top = (double)((key >> 12) & 0xF) / 13.0;
    if (scoring == STUD_SCORE_HILO8 || scoring == STUD_SCORE_HILO_REGULAR) { /* low draws too */
        unsigned low = stud_low_ranks(cards);
        double lowish = (double)stud_popcount(low) / (double)n;
        if (category == 0 && lowish >= 1.0)
            return 0.6;
    }
    return category ? 0.55 + 0.1 * (double)category + 0.05 * top : 0.25 + 0.2 * top;
}

/* A built-in policy's pick among the legal actions (stud_hand_legal's list,
 * in its order: the bring-in first, or the fold and then the call, or the
 * check; the completion, bet or raises after them).  `s` is the actor's
 * strength (only the strength policy reads it). */
static int pick(int policy, const stud_action *legal, int n, uint64_t rng[4], double s)
{
    if (policy == STUD_POLICY_RANDOM)
        return (int)stud_rng_below(rng, (uint32_t)n);
    int fold = legal[0].kind == STUD_FOLD ? 0 : -1;
    int passive = fold + 1; /* the check, the call or the bring-in */
    if (policy == STUD_POLICY_CALL)
        return passive;
    /* strength: the smallest raise with a strong hand, a call with a fair one */
    int aggressive = passive + 1 < n ? passive + 1 : -1;
    if (s >= 0.75 && aggressive >= 0)
        return aggressive;
    if (s >= 0.45 || legal[passive].kind != STUD_CALL)
        return passive;
    return fold >= 0 ? fold : passive;
}

stud_action stud_policy_choose(int policy, const stud_hand *h, uint64_t rng[4])
{
    stud_action legal[STUD_MAX_ACTIONS];
    int n = stud_hand_legal(h, legal);
    if (n == 0) {
        stud_action none = {-1, 0};
        return none;
    }
    double s = policy == STUD_POLICY_STRENGTH ? stud_policy_strength(h, h->actor) : 0.0;
    return legal[pick(policy, legal, n, rng, s)];
}

int stud_simulate(const stud_rules *rules, int n_players, const int32_t *stacks,
                  const uint8_t *policies, uint64_t n_hands, uint64_t seed, int rotate, int carry,
                  stud_sim_result *out, stud_poll *poll)
{
    uint64_t rng[4];
    int32_t bank[STUD_MAX_SEATS], start[STUD_MAX_SEATS];
    uint8_t policy_at[STUD_MAX_SEATS];
    stud_hand hand;
    stud_playout_cache cache;
    int prepared = 0, all_random = 1;
    stud_rng_seed(rng, seed);
    if (!stacks || !policies || n_players < 2 || n_players > STUD_MAX_SEATS)
        return STUD_E_RULES;
    for (int p = 0; p < n_players; p++) {
        if (policies[p] > STUD_POLICY_STRENGTH)
            return STUD_E_ARGUMENT;
        all_random &= policies[p] == STUD_POLICY_RANDOM;
        bank[p] = stacks[p];
    }
    for (uint64_t k = 0; k < n_hands; k++) {
        if ((k & ((1u << STUD_POLL_SHIFT) - 1)) == 0 && stud_poll_stop(poll))
            return STUD_E_INTERRUPTED;
        int shift = rotate ? (int)(k % (uint64_t)n_players) : 0;
        int player_at[STUD_MAX_SEATS];
        for (int p = 0; p < n_players; p++) {
            int seat = p + shift < n_players ? p + shift : p + shift - n_players;
            player_at[seat] = p;
            policy_at[seat] = policies[p];
            if (carry && bank[p] <= 0)
                bank[p] = stacks[p]; /* broke: starts again */
            start[seat] = carry ? bank[p] : stacks[p];
        }
        if (!prepared) { /* (the rules are checked once: they do not change) */
            if (stud_playout_prepare(&hand, rules, &cache))
                return STUD_E_RULES;
            prepared = 1;
        }
        uint64_t decisions = 0;
        int error = stud_playout(&hand, n_players, start, stud_rng_next(rng),
                                 all_random ? NULL : policy_at, &cache, rng, UINT64_MAX,
                                 &decisions);
        if (error)
            return error;
        unsigned live = stud_hand_live(&hand);
        int showdown = (live & (live - 1)) != 0;
        out->hands++;
        for (int seat = 0; seat < n_players; seat++) {
            int p = player_at[seat];
            int64_t result = (int64_t)hand.stack[seat] - start[seat];
            out->net[p] += result;
            out->net_sq[p] += (double)result * (double)result;
            out->won[p] += result > 0;
            if (showdown && (live >> seat & 1)) {
                out->showdowns[p]++;
                out->showdown_wins[p] += hand.payout[seat] > 0;
            }
            if (carry)
                bank[p] = hand.stack[seat];
        }
    }
    return STUD_OK;
}
