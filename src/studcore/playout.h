/* playout.h: whole hands played straight through, the kernel behind
 * stud_play_random and stud_simulate (simulate.h).
 *
 * The general entry points (stud_hand_start, stud_hand_legal,
 * stud_hand_apply) serve every caller: a log, manual dealing and showdown,
 * a stacked deck, one action at a time from outside.  A playout needs none
 * of it: the deck is shuffled by the seed, the showdown is automatic, and
 * the built-in policy of each seat is chosen inside.  The kernel plays the
 * same hand as the general path, to the card and the chip, and draws from
 * the generators exactly as it does (tests/test_playout.py and
 * fuzz/fuzz_playout.c compare the two), but
 *   - a round's betting state is kept in local variables, and a choice is
 *     made by counting the legal actions and applying the chosen one,
 *     without the list;
 *   - a street is dealt in one pass that keeps only the card sets and the
 *     board planes (no deal order, no upcard flags);
 *   - the rules are checked once (stud_playout_prepare), not every hand.
 *
 * After stud_playout these fields of the hand hold what the general path
 * leaves in them: rules, n_seats, phase, actor, street, deck, deck_top,
 * deck_len, n_burns, burns, community, rng, up_mask, all_mask, board,
 * folded, all_in, stack, total, payout.  The others are unspecified (the
 * per-card deal order `cards`, `up_flags`, the round's bookkeeping). */
#ifndef STUD_PLAYOUT_H
#define STUD_PLAYOUT_H

#include <stdint.h>

#include "game.h"

/* What the kernel keeps between hands: the strength policy's last value
 * for each seat and the cards it was worked out from (a pure function of
 * the cards and the scoring, so it holds across hands). */
typedef struct {
    uint64_t strength_of[STUD_MAX_SEATS]; /* ~0: none yet */
    double strength[STUD_MAX_SEATS];
} stud_playout_cache;

/* Copies checked rules into `hand` for the playouts that follow, and
 * resets `cache`; STUD_E_RULES when stud_rules_check refuses them. */
int stud_playout_prepare(stud_hand *hand, const stud_rules *rules, stud_playout_cache *cache);

/* One whole hand on `hand` (prepared), as stud_hand_start (not manual, no
 * deck, automatic showdown, `seed`) followed by the seats' choices until the
 * hand is over: seat s follows the built-in policy `policy[s]` (simulate.h's
 * enum stud_policy), or with `policy` NULL every seat picks uniformly among
 * his legal actions.  A uniform pick draws stud_rng_below(rng, n) over the
 * n legal actions, as stud_simulate's policies do.  Each decision adds 1 to
 * `*decisions`; after `step_limit` of them in this hand the playout stops
 * where it is (the phase stays STUD_PHASE_BETTING).  Returns STUD_OK, or
 * STUD_E_RULES (and the hand unchanged) for what stud_hand_start refuses
 * besides the rules: the seat count, a stack below 1, over 2^30 chips. */
int stud_playout(stud_hand *hand, int n_seats, const int32_t *stacks, uint64_t seed,
                 const uint8_t *policy, stud_playout_cache *cache, uint64_t rng[4],
                 uint64_t step_limit, uint64_t *decisions);

#endif
