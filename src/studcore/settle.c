/* settle.c: the pots, the showdown order and the settlement of a hand (see
 * settle.h).  Section numbers in comments are those of docs/rules.md. */
#include "settle.h"

#include <stdint.h>
#include <string.h>

#include "cards.h"
#include "eval.h"

/* ---- pots (7.1) ------------------------------------------------------------------- */

/* The distinct contribution levels of `seats`, ascending (7.1). */
static int contribution_levels(const stud_hand *h, unsigned seats, int32_t levels[STUD_MAX_SEATS])
{
    int n = 0;
    for (int seat = 0; seat < h->n_seats; seat++) {
        if (!(seats >> seat & 1))
            continue;
        int32_t level = h->total[seat];
        int i = n++;
        for (; i > 0 && levels[i - 1] > level; i--)
            levels[i] = levels[i - 1];
        levels[i] = level;
        if (i > 0 && levels[i - 1] == level) { /* already there: undo */
            for (int j = i; j < n - 1; j++)
                levels[j] = levels[j + 1];
            n--;
        }
    }
    return n;
}

int stud_hand_pots(const stud_hand *h, unsigned contenders, int32_t amount[STUD_MAX_SEATS],
                   unsigned eligible[STUD_MAX_SEATS])
{
    /* one level (every live player put in as much), the usual case: a
     * single pot of all the chips */
    unsigned live = stud_hand_live(h), deep = 0;
    int32_t sum = 0, low = INT32_MAX, high = INT32_MIN;
    for (int seat = 0; seat < h->n_seats; seat++) {
        int32_t t = h->total[seat], in = live >> seat & 1;
        int32_t t_low = in ? t : INT32_MAX, t_high = in ? t : INT32_MIN;
        low = t_low < low ? t_low : low;
        high = t_high > high ? t_high : high;
        sum += t;
    }
    if (live && low == high) {
        for (int seat = 0; seat < h->n_seats; seat++)
            deep |= (unsigned)(h->total[seat] >= low) << seat;
        amount[0] = sum;
        eligible[0] = contenders & deep;
        return 1;
    }
    int32_t levels[STUD_MAX_SEATS];
    int n = contribution_levels(h, live, levels);
    for (int p = 0; p < n; p++) {
        int32_t floor = p > 0 ? levels[p - 1] : 0;
        amount[p] = 0;
        eligible[p] = 0;
        for (int seat = 0; seat < h->n_seats; seat++) {
            int32_t t = h->total[seat];
            amount[p] += (t < levels[p] ? t : levels[p]) - (t < floor ? t : floor);
            if (p == n - 1 && t > levels[p])
                amount[p] += t - levels[p]; /* nothing above the deepest live player stays out */
            if ((contenders >> seat & 1) && t >= levels[p])
                eligible[p] |= 1u << seat;
        }
    }
    return n;
}

/* ---- showdown order (8.1) ------------------------------------------------------------ */

/* 8.1: the last aggressor of the final round shows first, else its first
 * actor; then clockwise; players in deeper side pots before those all-in
 * for less. */
int stud_showdown_order(const stud_hand *h, uint8_t order[STUD_MAX_SEATS])
{
    unsigned live = stud_hand_live(h);
    int32_t levels[STUD_MAX_SEATS];
    int n_levels = contribution_levels(h, live, levels), depth[STUD_MAX_SEATS] = {0};
    for (int seat = 0; seat < h->n_seats; seat++)
        for (int p = 0; p < n_levels; p++)
            if (h->total[seat] >= levels[p])
                depth[seat] = p;
    int start = h->final_aggressor >= 0 ? h->final_aggressor : h->final_opener;
    start = stud_next_seat(h, start < 0 ? 0 : start, live);
    int n = 0;
    for (int k = 0; k < h->n_seats; k++) {
        int seat = (start + k) % h->n_seats;
        if (live >> seat & 1)
            order[n++] = (uint8_t)seat;
    }
    for (int i = 1; i < n; i++) /* stable: deeper pots first */
        for (int j = i; j > 0 && depth[order[j]] > depth[order[j - 1]]; j--) {
            uint8_t t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    return n;
}

/* ---- splits and odd chips (9.3-9.5, 9.7) -------------------------------------------- */

/* The odd-chip order key of a seat (9.5), larger first: its highest card
 * by rank, then suit, among the five it used for this half (ace low in a
 * low half), or its position (nearest the dealer's left). */
static int odd_chip_key(const stud_hand *h, int seat, int kind)
{
    if (h->rules.odd_chip == STUD_ODD_POSITION)
        return -seat;
    uint64_t used = stud_best_five(h->all_mask[seat] | h->community, (enum stud_eval_kind)kind);
    /* in an A-5 or 8-or-better low the ace is the lowest card (9.7); in a
     * 2-7 low it is high (12.6) */
    return stud_top_card_key(used, kind != STUD_EVAL_HIGH && kind != STUD_EVAL_27);
}

/* Splits `amount` evenly among `winners` (who won with hands of `kind`);
 * odd chips one each in odd-chip order. */
static void split(const stud_hand *h, int32_t amount, unsigned winners, int kind,
                  int32_t award[STUD_MAX_SEATS])
{
    int n = stud_popcount(winners);
    int32_t share = amount / n, odd = amount % n;
    for (unsigned rest = winners; rest; rest &= rest - 1)
        award[stud_ctz64(rest)] += share;
    if (!odd)
        return;
    int keys[STUD_MAX_SEATS];
    for (unsigned rest = winners; rest; rest &= rest - 1)
        keys[stud_ctz64(rest)] = odd_chip_key(h, stud_ctz64(rest), kind);
    while (odd-- > 0) {
        int best = -1;
        for (int seat = 0; seat < h->n_seats; seat++)
            if ((winners >> seat & 1) && (best < 0 || keys[seat] > keys[best]))
                best = seat;
        award[best] += 1;
        winners &= ~(1u << best);
    }
}

/* ---- settlement (7.2, 8.2, 8.3, 9) ------------------------------------------------------ */

/* stud_winners_of (settle.h) without a branch per seat (who wins is a coin
 * toss): the best values of the seats in `seats` first, then who holds them. */
static stud_winners winners_among(const stud_values *v, int n, unsigned seats)
{
    stud_winners w = stud_no_winners();
    for (int seat = 0; seat < n; seat++) {
        unsigned in = 0u - (seats >> seat & 1);
        unsigned high = v[seat].high & in, low = v[seat].low & in;
        w.best_high = high > w.best_high ? high : w.best_high;
        w.best_low = low > w.best_low ? low : w.best_low;
    }
    for (int seat = 0; seat < n; seat++) {
        unsigned in = seats >> seat & 1;
        w.high |= (in & (v[seat].high == w.best_high)) << seat;
        w.low |= (in & (v[seat].low == w.best_low) & (w.best_low != 0)) << seat;
    }
    return w;
}

void stud_settle(stud_hand *h, unsigned contenders, int auto_show, stud_log *log)
{
    stud_values values[STUD_MAX_SEATS];
    memset(values, 0, sizeof values);
    int scoring = h->rules.scoring;
    /* the main ranking: high, or the A-5 low in Razz, or the 2-7 low in 2-7
     * Razz (12.5); the low half's: the 8-or-better low, or in Hi-Lo Regular
     * the A-5 low (13.4) */
    int main_kind = scoring == STUD_SCORE_RAZZ ? STUD_EVAL_RAZZ
                    : scoring == STUD_SCORE_27 ? STUD_EVAL_27
                                               : STUD_EVAL_HIGH;
    int low_kind = scoring == STUD_SCORE_HILO_REGULAR ? STUD_EVAL_RAZZ : STUD_EVAL_LOW8;
    for (int seat = 0; seat < h->n_seats; seat++) {
        if (!(contenders >> seat & 1))
            continue;
        uint64_t cards = h->all_mask[seat] | h->community; /* 8.3: cards speak */
        values[seat].high = main_kind == STUD_EVAL_RAZZ ? stud_eval_razz(cards)
                            : main_kind == STUD_EVAL_27 ? stud_eval_27(cards)
                                                        : stud_eval_high(cards);
        if (scoring == STUD_SCORE_HILO8) /* no low outside hi-lo: it stays 0 */
            values[seat].low = stud_eval_low8(cards);
        else if (scoring == STUD_SCORE_HILO_REGULAR) /* 13.4: every hand has a low (>= 1) */
            values[seat].low = stud_regular_low(cards, h->rules.low_needs_five_ranks);
    }

    /* Folded and mucked chips are dead money.  (A player may muck only when
     * someone else stays in every pot he is in, so each pot has a
     * contender; if not, it joins the next.) */
    int32_t pot_amount[STUD_MAX_SEATS], carried = 0;
    unsigned pot_eligible[STUD_MAX_SEATS];
    int n_levels = stud_hand_pots(h, contenders, pot_amount, pot_eligible);
    /* 11.1: the rake comes out before any pot is split, the main pot first */
    int32_t raked = 0;
    for (int p = 0; p < n_levels && raked < h->rake; p++) {
        int32_t take = h->rake - raked < pot_amount[p] ? h->rake - raked : pot_amount[p];
        pot_amount[p] -= take;
        raked += take;
    }
    int32_t award[STUD_MAX_SEATS] = {0};
    unsigned tied = 0; /* seats that win or tie some part of some pot (8.2) */
    /* for the award events only: what each pot gave each seat, and how */
    int32_t pot_award[STUD_MAX_SEATS][STUD_MAX_SEATS]; /* [pot][seat] */
    uint8_t pot_part[STUD_MAX_SEATS][STUD_MAX_SEATS];  /* 0 whole, 1 high, 2 low, 3 both halves */
    if (log) {
        memset(pot_award, 0, sizeof pot_award);
        memset(pot_part, 0, sizeof pot_part);
    }
    /* 7.2: from the last side pot back to the main pot */
    for (int p = n_levels - 1; p >= 0; p--) {
        int32_t amount = pot_amount[p] + carried;
        unsigned eligible = pot_eligible[p];
        carried = 0;
        if (eligible == 0) {
            carried = amount;
            continue;
        }
        if (amount == 0) {
            /* 8.2: a pot the rake emptied (11.1) still has its winners, who
             * show (as a share that rounds to 0 chips does) */
            stud_winners emptied = winners_among(values, h->n_seats, eligible);
            tied |= emptied.high | emptied.low;
            continue;
        }
        int32_t before[STUD_MAX_SEATS];
        if (log)
            memcpy(before, award, sizeof before);
        stud_winners winners = winners_among(values, h->n_seats, eligible);
        unsigned high_winners = winners.high, low_winners = winners.low;
        tied |= high_winners | low_winners;
        if (!low_winners || low_winners == high_winners) {
            /* 9.3: no low among this pot's players, the high takes it all;
             * 9.4: the same players tie both halves, the pot is split evenly */
            split(h, amount, high_winners, main_kind, award);
        } else {
            /* 9.3: the odd chip to the high; 11.3: to the low with odd_chip_half */
            int32_t high_half = h->rules.odd_chip_half == STUD_ODD_HALF_LOW ? amount / 2
                                                                            : (amount + 1) / 2;
            split(h, high_half, high_winners, main_kind, award);
            split(h, amount - high_half, low_winners, low_kind, award);
        }
        if (!log)
            continue;
        for (int seat = 0; seat < h->n_seats; seat++) {
            int part = low_winners && low_winners == high_winners ? 3 : 0;
            if (low_winners && low_winners != high_winners)
                part = (int)(high_winners >> seat & 1) | (int)(low_winners >> seat & 1) << 1;
            pot_part[p][seat] = (uint8_t)((high_winners | low_winners) >> seat & 1 ? part : 0);
            pot_award[p][seat] = award[seat] - before[seat];
        }
    }

    if (auto_show && log) { /* (the events are all this changes) */
        uint8_t order[STUD_MAX_SEATS];
        int n_order = stud_showdown_order(h, order);
        for (int i = 0; i < n_order; i++)
            /* 8.2: a share that rounds to no chip is still a tie: he shows */
            stud_emit(log, (tied >> order[i] & 1) ? STUD_EV_SHOW : STUD_EV_MUCK, order[i], 0, 0, 0);
    }
    if (raked > 0)
        stud_emit(log, STUD_EV_RAKE, 0, 0, 0, raked);
    for (int p = n_levels - 1; p >= 0 && log; p--)
        for (int seat = 0; seat < h->n_seats; seat++)
            if (pot_award[p][seat] > 0)
                stud_emit(log, STUD_EV_AWARD, seat, p, pot_part[p][seat], pot_award[p][seat]);
    for (int seat = 0; seat < h->n_seats; seat++) {
        h->payout[seat] += award[seat];
        h->stack[seat] += award[seat];
    }
    h->phase = STUD_PHASE_OVER;
    h->actor = -1;
}
