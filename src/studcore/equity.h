/* equity.h: showdown equities of stud hands, by exact enumeration of every
 * way the unknown cards can fall, or by Monte Carlo.
 *
 * Each player holds some known cards (up or down does not matter: only the
 * final hand counts) and will hold `hand_size` cards; the unknown ones come
 * from the stub (the deck less every known and dead card).  One outcome is
 * one deal of every player's missing cards; it is settled as the engine
 * settles a pot: the best high takes it (the best A-5 low in Razz, the best
 * 2-7 low in 2-7 Razz: docs/rules.md 12.5), or in hi-lo games the high and
 * the best qualifying low split it (the high takes all without a low; in
 * hi-lo regular every hand has an A-5 low, 13.4, unless the query's
 * low_needs_five_ranks asks five distinct ranks of it, 13.5), ties sharing (9).  Shares are counted in units of 1/840 of a pot,
 * so exact results stay exact: at most four players can tie for a half (a
 * five-card hand has a rank other than the one community card's, and each
 * tying player holds his own card of that rank, of which there are four),
 * and 840 / 2 divides by 1 to 4.  Up to 10 players: 8 in the seven-card
 * games (8 x 7 = 56 cards: the stub must complete every hand), 10 in Five
 * Card Stud.
 */
#ifndef STUD_EQUITY_H
#define STUD_EQUITY_H

#include <stdint.h>

#include "poll.h"

#define STUD_EQUITY_MAX_PLAYERS 10
#define STUD_SHARE_UNITS 840

typedef struct {
    int scoring;   /* stud_scoring (game.h): high, hi-lo 8-or-better, Razz, 2-7,
                      hi-lo regular (A-5 low, no qualifier) */
    int low_needs_five_ranks; /* 0 or 1; 1 with STUD_SCORE_HILO_REGULAR only: no low
                                 without five distinct ranks (docs/rules.md 13.5) */
    int n_players; /* 2..STUD_EQUITY_MAX_PLAYERS */
    int hand_size; /* 7 (seven-card games) or 5 (Five Card Stud) */
    uint64_t known[STUD_EQUITY_MAX_PLAYERS];
    uint64_t dead;
} stud_equity_query;

typedef struct {
    uint64_t outcomes;
    uint64_t share[STUD_EQUITY_MAX_PLAYERS];    /* sum of pot shares, in units */
    uint64_t share_sq[STUD_EQUITY_MAX_PLAYERS]; /* sum of squared shares (units^2) */
    uint64_t high[STUD_EQUITY_MAX_PLAYERS];     /* outcomes where he wins or ties the high */
    uint64_t high_tie[STUD_EQUITY_MAX_PLAYERS]; /* ... ties the high (shares it) */
    uint64_t low[STUD_EQUITY_MAX_PLAYERS];      /* ... wins or ties the low */
    uint64_t low_tie[STUD_EQUITY_MAX_PLAYERS];  /* ... ties the low */
    uint64_t scoop[STUD_EQUITY_MAX_PLAYERS];    /* ... takes the whole pot alone */
} stud_equity_counts;

enum {
    STUD_EQ_OK = 0,
    STUD_EQ_E_QUERY = 1,    /* overlapping or invalid cards, too many cards, bad sizes */
    STUD_EQ_E_SHORT = 2,    /* the stub cannot complete every hand */
    STUD_EQ_E_TOO_BIG = 3,  /* exact enumeration would need too much memory */
    STUD_EQ_E_MEMORY = 4,
    STUD_EQ_E_INTERRUPTED = 5, /* stopped through its stud_poll: the counts are incomplete */
};

/* STUD_EQ_OK when the query is valid and the stub can complete every hand. */
int stud_equity_check(const stud_equity_query *q);

/* The number of outcomes of exact enumeration (saturating at UINT64_MAX),
 * and the number of ways to complete the first player's hand: exact work
 * splits over that first index. */
uint64_t stud_equity_outcomes(const stud_equity_query *q);
uint64_t stud_equity_first_ways(const stud_equity_query *q);

/* Adds to `out` every outcome whose first player's completion has an index
 * in [first_lo, first_hi) (0 <= lo <= hi <= stud_equity_first_ways).
 * `poll` (or NULL) can stop it (see poll.h). */
int stud_equity_exact(const stud_equity_query *q, uint64_t first_lo, uint64_t first_hi,
                      stud_equity_counts *out, stud_poll *poll);

/* Adds `trials` random outcomes drawn with the given seed. */
int stud_equity_monte_carlo(const stud_equity_query *q, uint64_t trials, uint64_t seed,
                            stud_equity_counts *out, stud_poll *poll);

#endif
