/* observe.h: what one seat may see of a hand, as a fixed array of floats,
 * and the agent environments' five actions (docs/envs.md).  One encoder
 * serves the AEC environment, the Gymnasium environment and the vector
 * environment, so the three agree bit for bit.
 *
 * Seats are relative to the observer: slot k is seat (observer + k) mod n,
 * slot 0 the observer himself; slots from n up stay zero.  Amounts are in
 * units of STUD_OBS_AMOUNT_UNIT big bets (a 100-big-bet stack reads 1), so
 * that they sit near the 0/1 features.  Nothing in the array depends on
 * another seat's down cards.
 */
#ifndef STUD_OBSERVE_H
#define STUD_OBSERVE_H

#include <stdint.h>

#include "game.h"

/* Big bets an amount of 1 in the observation stands for. */
#define STUD_OBS_AMOUNT_UNIT 100

enum stud_obs_layout {
    STUD_OBS_DOWN = 0,                            /* own down cards, one-hot by card id (52) */
    STUD_OBS_UP = 52,                             /* up cards of slot k at UP + 52 k (10 x 52) */
    STUD_OBS_COMMUNITY = 572,                     /* the community card (5.1) (52) */
    STUD_OBS_STREET = 624,                        /* street index, one-hot (5) */
    STUD_OBS_PRESENT = 629,                       /* slot holds a seat (10) */
    STUD_OBS_LIVE = 639,                          /* not folded (10) */
    STUD_OBS_ALL_IN = 649,                        /* no chips left behind (10) */
    STUD_OBS_STACK = 659,                         /* chips behind, amount units (10) */
    STUD_OBS_ROUND_BET = 669,                     /* put in this round, amount units (10) */
    STUD_OBS_PUT_IN = 679,                        /* put in this hand with antes (10) */
    STUD_OBS_POT = 689,                           /* every chip put in, amount units (1) */
    STUD_OBS_TO_CALL = 690,                       /* what the observer must add to call (1) */
    STUD_OBS_BRING_IN = 691,                      /* who brought in, one-hot slot (10) */
    STUD_OBS_AGGRESSOR = 701,                     /* last to bet or raise this round (10) */
    STUD_OBS_RAISES_LEFT = 711,                   /* bets and raises left before the cap (1) */
    STUD_OBS_UNCAPPED = 712,                      /* this round has no cap, 4.3 (1) */
    STUD_OBS_BETS = 713,                          /* bets and raises made per street (5) */
    STUD_OBS_TO_ACT = 718,                        /* the observer is to act (1) */
    STUD_OBS_TWO_SIZES = 719,                     /* the open-pair choice of sizes is open, 4.4 (1) */
    STUD_OBS_SIZE = 720
};

/* The environments' actions (Discrete(5)). */
enum stud_env_action {
    STUD_ENV_FOLD = 0,
    STUD_ENV_CHECK_CALL = 1,
    STUD_ENV_BRING_IN = 2,
    STUD_ENV_RAISE = 3,     /* complete, bet or raise: the smaller size */
    STUD_ENV_BIG_RAISE = 4, /* the big bet or raise of an open pair (4.4) */
    STUD_ENV_ACTIONS = 5
};

/* Writes the STUD_OBS_SIZE floats that `seat` may see (every one of them:
 * the array needs no clearing first).  `seat` must be a seat of the hand. */
void stud_observe(const stud_hand *hand, int seat, float *out);

/* The actor's legal actions as environment actions: bit i of the result is
 * set when action i is legal, and out[i] is then the engine action it
 * stands for.  0 when no action is awaited. */
unsigned stud_env_actions(const stud_hand *hand, stud_action out[STUD_ENV_ACTIONS]);

/* Each seat's result of a finished hand (its stack now minus `start`, its
 * stack when the hand began), divided by `unit` (1 for chips, the big bet
 * for big bets), in double: -2 chips at a big bet of 20 is exactly the
 * double nearest -0.1.  `unit` is at least 1. */
void stud_env_rewards(const stud_hand *hand, const int32_t *start, int32_t unit, double *out);

#endif
