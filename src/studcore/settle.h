/* settle.h: the end of a hand, inside the core (docs/rules.md 7, 8, 9).
 * Not part of the public API (game.h): what settle.c gives game.c, the
 * winners rule that equity.c shares, and two hand helpers both .c files use.
 *
 * settle.c holds the pots from the contribution levels (7.1), the showdown
 * order (8.1), and settle: the winners of each pot, the splits and odd
 * chips (9), the show and award events. */
#ifndef STUD_SETTLE_H
#define STUD_SETTLE_H

#include <stdint.h>

#include "eval.h"
#include "game.h"
#include "portable.h"

/* ---- who wins a pot (9) ------------------------------------------------------- */

/* A hand's showdown values (eval.h): its high, or its Razz low in Razz, or
 * its 2-7 low in 2-7 Razz (12.5), and its 8-or-better low (in Hi-Lo Regular
 * its A-5 low, 13.4).  Larger is better, equal values tie; every hand has a
 * high of 1 or more, and a low of 0 is no low. */
typedef struct {
    uint16_t high;
    uint16_t low;
} stud_values;

/* The seats holding the best high and the best low (bit sets), and those
 * values (0 while there are none). */
typedef struct {
    unsigned high, low;
    unsigned best_high, best_low;
} stud_winners;

static inline stud_winners stud_no_winners(void)
{
    stud_winners w = {0, 0, 0, 0};
    return w;
}

/* The winners once `seat`, with values `v`, joins those of `w`.  A low of 0
 * is no low and never wins; a high is never 0. */
static inline stud_winners stud_winners_add(stud_winners w, int seat, stud_values v)
{
    unsigned me = 1u << seat;
    if (v.high > w.best_high) {
        w.best_high = v.high;
        w.high = me;
    } else if (v.high == w.best_high) {
        w.high |= me;
    }
    if (!v.low)
        return w;
    if (v.low > w.best_low) {
        w.best_low = v.low;
        w.low = me;
    } else if (v.low == w.best_low) {
        w.low |= me;
    }
    return w;
}

/* The high winners and the low winners among the seats 0..n-1 that are in
 * `seats` (~0u: all of them); the engine's settlement and the equity code
 * both decide each pot with it. */
static inline stud_winners stud_winners_of(const stud_values *v, int n, unsigned seats)
{
    stud_winners w = stud_no_winners();
    for (int seat = 0; seat < n; seat++)
        if (seats >> seat & 1)
            w = stud_winners_add(w, seat, v[seat]);
    return w;
}

/* The low of Hi-Lo Regular (13.4): the A-5 low of 9.6, no qualifier, so
 * every hand has one; with `five_ranks` (13.5) none (0) without five
 * distinct ranks among the cards. */
static inline uint16_t stud_regular_low(uint64_t cards, int five_ranks)
{
    if (five_ranks && stud_popcount(stud_rank_set(cards)) < 5)
        return 0;
    return stud_eval_razz(cards);
}

/* ---- what game.c and settle.c share ---------------------------------------------- */

/* Appends an event to the caller's log, if any and while it has room. */
static inline void stud_emit(stud_log *log, int type, int seat, int card, int flag,
                             int32_t amount)
{
    if (log && log->n < STUD_LOG_CAPACITY) {
        stud_event *e = &log->events[log->n++];
        e->type = (uint8_t)type;
        e->seat = (uint8_t)seat;
        e->card = (uint8_t)card;
        e->flag = (uint8_t)flag;
        e->amount = amount;
    }
}

/* The first seat clockwise from `from` (included) in `seats`, or -1. */
static inline int stud_next_seat(const stud_hand *h, int from, unsigned seats)
{
    seats &= (1u << h->n_seats) - 1;
    if (!seats)
        return -1;
    unsigned later = seats & ~((1u << from) - 1); /* from, and the seats after it */
    return stud_ctz64(later ? later : seats);
}

/* ---- settle.c --------------------------------------------------------------------- */

/* The live seats in showdown order (8.1); returns how many. */
int stud_showdown_order(const stud_hand *h, uint8_t order[STUD_MAX_SEATS]);

/* Pays every pot to the best of `contenders` (the live players who did not
 * muck) and ends the hand.  With `auto_show`, first the show/muck events of
 * 8.2's automation: a hand shows when it wins or ties some part of some pot. */
void stud_settle(stud_hand *h, unsigned contenders, int auto_show, stud_log *log);

#endif
