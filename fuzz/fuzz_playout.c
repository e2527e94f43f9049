/* fuzz_playout.c: libFuzzer target for the playout kernel (playout.h), the
 * loop behind stud_play_random and stud_simulate, against the general path.
 *
 * The input is read as a byte stream (zeros once it runs out):
 *   rules   variant, small bet, the options of docs/rules.md, sometimes bet
 *           sizes other than the defaults and a raw edit of the struct;
 *   table   seats (a few counts outside 2..max), stacks (deep, short, or
 *           from a single chip), a built-in policy per seat or none (every
 *           seat random), the seeds, a step limit (mostly none);
 *   hands   1 to 8 hands on the same prepared kernel, each with its own
 *           deal seed, stacks carried over or redrawn.
 * Each hand is played twice from the same seeds: by stud_playout, and by
 * stud_hand_start followed by stud_policy_choose and stud_hand_apply at
 * each decision (the general path, which fuzz_engine checks on its own).
 *
 * Invariants checked (a violation aborts):
 *   - stud_playout_prepare refuses exactly the rules stud_rules_check does;
 *     stud_playout refuses exactly the tables stud_hand_start does, and then
 *     leaves the hand unchanged;
 *   - both ways take the same number of decisions, stop at the same step
 *     limit, and leave the choice generator in the same state;
 *   - both hands end with the same fields, all that playout.h promises:
 *     phase, actor, street, the deck, its top and length, the burns, the
 *     community card, the hand's generator, each seat's upcards, cards and
 *     board planes, the folded and all-in sets, stacks, contributions and
 *     payouts;
 *   - a finished hand keeps the chips, in the stacks alone.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "playout.h"
#include "rng.h"
#include "simulate.h"

#define FUZZ_TARGET "fuzz_playout"
#include "fuzz_common.h"
#include "fuzz_rules.h"

static void read_rules(stud_rules *r, input *in)
{
    uint8_t v = u8(in);
    int32_t small = 1 + u16(in) % 400;
    stud_rules_default(r, v % (STUD_SEVEN_CARD_STUD_HILO_REGULAR + 1), small);
    read_rule_options(r, u8(in), small, in);
    read_regular_options(r, in);
    r->max_raises = u8(in) % 6;
    if (v & 0x80) { /* a forged byte: prepare must refuse what the check refuses */
        size_t at = u8(in) % sizeof *r;
        ((uint8_t *)r)[at] = u8(in);
    }
}

static void same_end(const stud_hand *a, const stud_hand *b)
{
    int n = a->n_seats;
    REQUIRE(a->n_seats == b->n_seats);
    REQUIRE(a->phase == b->phase && a->actor == b->actor && a->street == b->street);
    REQUIRE(memcmp(a->deck, b->deck, sizeof a->deck) == 0);
    REQUIRE(a->deck_top == b->deck_top && a->deck_len == b->deck_len);
    REQUIRE(a->n_burns == b->n_burns && memcmp(a->burns, b->burns, a->n_burns) == 0);
    REQUIRE(a->community == b->community);
    REQUIRE(memcmp(a->rng, b->rng, sizeof a->rng) == 0);
    REQUIRE(a->folded == b->folded && a->all_in == b->all_in);
    for (int seat = 0; seat < n; seat++) {
        REQUIRE(a->up_mask[seat] == b->up_mask[seat]);
        REQUIRE(a->all_mask[seat] == b->all_mask[seat]);
        REQUIRE(a->board[seat] == b->board[seat]);
        REQUIRE(a->stack[seat] == b->stack[seat]);
        REQUIRE(a->total[seat] == b->total[seat]);
        REQUIRE(a->payout[seat] == b->payout[seat]);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    input in = {data, data + size};
    stud_rules rules;
    read_rules(&rules, &in);
    uint8_t ns = u8(&in);
    int n_seats = ns < 0xF0 ? 2 + ns % 9 : (int)(ns - 0xF0) % 13 - 1; /* -1..11 now and then */
    int32_t stacks[STUD_MAX_SEATS + 2];
    uint8_t depth = u8(&in);
    for (int seat = 0; seat < STUD_MAX_SEATS + 2; seat++) {
        uint16_t x = u16(&in);
        stacks[seat] = depth & 1 ? 1 + x % 60 : depth & 2 ? (int32_t)x - 3 : 1 + x % 4000;
    }
    uint8_t flags = u8(&in);
    uint8_t policies[STUD_MAX_SEATS];
    for (int seat = 0; seat < STUD_MAX_SEATS; seat++)
        policies[seat] = u8(&in) % 3;
    const uint8_t *policy = flags & 1 ? policies : NULL;
    uint64_t step_limit = flags & 2 ? u8(&in) : UINT64_MAX;
    int n_hands = 1 + (flags >> 2 & 7);
    uint64_t choice_seed = u64(&in);

    static stud_hand kernel, general, untouched;
    stud_playout_cache cache;
    int rules_ok = stud_rules_check(&rules) == STUD_OK;
    int rc = stud_playout_prepare(&kernel, &rules, &cache);
    REQUIRE((rc == STUD_OK) == rules_ok);
    REQUIRE(rc == STUD_OK || rc == STUD_E_RULES);
    if (rc != STUD_OK)
        return 0;
    uint64_t rng_kernel[4], rng_general[4];
    stud_rng_seed(rng_kernel, choice_seed);
    memcpy(rng_general, rng_kernel, sizeof rng_general);
    for (int k = 0; k < n_hands; k++) {
        uint64_t seed = u64(&in);
        int64_t chips = 0;
        for (int seat = 0; seat < n_seats && seat < STUD_MAX_SEATS + 2; seat++)
            chips += stacks[seat];
        memcpy(&untouched, &kernel, sizeof untouched);
        uint64_t decisions = 0;
        rc = stud_playout(&kernel, n_seats, stacks, seed, policy, &cache, rng_kernel, step_limit,
                          &decisions);
        int rc_general = stud_hand_start(&general, &rules, n_seats, stacks, NULL, 0, 0, 0, seed,
                                         NULL);
        REQUIRE(rc == rc_general);
        if (rc != STUD_OK) {
            REQUIRE(memcmp(&untouched, &kernel, sizeof kernel) == 0);
            REQUIRE(memcmp(rng_kernel, rng_general, sizeof rng_kernel) == 0);
            return 0;
        }
        uint64_t steps = 0;
        while (general.phase == STUD_PHASE_BETTING) {
            if (++steps > step_limit)
                break;
            int seat = general.actor;
            REQUIRE(seat >= 0 && seat < n_seats);
            stud_action a = stud_policy_choose(policy ? policy[seat] : STUD_POLICY_RANDOM,
                                               &general, rng_general);
            REQUIRE(a.kind >= 0);
            stud_hand_apply(&general, a.kind, a.amount, NULL);
        }
        REQUIRE(decisions == steps);
        REQUIRE(memcmp(rng_kernel, rng_general, sizeof rng_kernel) == 0);
        same_end(&kernel, &general);
        if (kernel.phase != STUD_PHASE_OVER)
            return 0; /* stopped at the step limit */
        int64_t after = 0;
        for (int seat = 0; seat < n_seats; seat++) {
            REQUIRE(kernel.stack[seat] >= 0 && kernel.payout[seat] >= 0);
            after += kernel.stack[seat];
        }
        REQUIRE(after == chips);
        /* the next hand: the stacks carried over (a broke seat back to one
         * chip), or drawn again from the input */
        for (int seat = 0; seat < n_seats; seat++) {
            uint16_t x = u16(&in);
            stacks[seat] = flags & 0x20 ? (kernel.stack[seat] > 0 ? kernel.stack[seat] : 1)
                                        : 1 + x % 500;
        }
    }
    return 0;
}
