/* observe.c: the observation encoder and the environments' actions (see
 * observe.h). */
#include "observe.h"

#include <string.h>

#include "cards.h"

/* The card ids of a mask, one-hot into out[0..51]. */
static inline void one_hot_cards(uint64_t mask, float *out)
{
    for (; mask; mask &= mask - 1)
        out[stud_lowest_card(mask)] = 1.0f;
}

void stud_observe(const stud_hand *h, int seat, float *out)
{
    memset(out, 0, STUD_OBS_SIZE * sizeof *out);
    const int n = h->n_seats;
    const float per_unit = 1.0f / ((float)STUD_OBS_AMOUNT_UNIT * (float)h->rules.big_bet);
    float pot = 0.0f;
    int slot_of[STUD_MAX_SEATS];
    /* own down cards: every card he holds that was not dealt face up */
    one_hot_cards(h->all_mask[seat] & ~h->up_mask[seat], out + STUD_OBS_DOWN);
    /* slot k is seat (seat + k) mod n: s walks round the table */
    for (int k = 0, s = seat; k < n; k++, s = s + 1 < n ? s + 1 : 0) {
        slot_of[s] = k;
        /* every seat's up cards (a folded seat's stay seen) */
        one_hot_cards(h->up_mask[s], out + STUD_OBS_UP + 52 * k);
        out[STUD_OBS_PRESENT + k] = 1.0f;
        out[STUD_OBS_LIVE + k] = (float)!(h->folded >> s & 1);
        out[STUD_OBS_ALL_IN + k] = (float)(h->all_in >> s & 1);
        out[STUD_OBS_STACK + k] = (float)h->stack[s] * per_unit;
        out[STUD_OBS_ROUND_BET + k] = (float)h->round_bet[s] * per_unit;
        out[STUD_OBS_PUT_IN + k] = (float)h->total[s] * per_unit;
        pot += (float)h->total[s]; /* (in slot order, as ever: the sum is the same bits) */
    }
    one_hot_cards(h->community, out + STUD_OBS_COMMUNITY);
    out[STUD_OBS_STREET + h->street] = 1.0f;
    out[STUD_OBS_POT] = pot * per_unit;
    int betting = h->phase == STUD_PHASE_BETTING;
    int32_t owed = h->bet_to - h->round_bet[seat];
    if (betting && owed > 0 && !(h->folded >> seat & 1))
        out[STUD_OBS_TO_CALL] = (float)(owed < h->stack[seat] ? owed : h->stack[seat]) * per_unit;
    if (h->bring_in_seat >= 0)
        out[STUD_OBS_BRING_IN + slot_of[h->bring_in_seat]] = 1.0f;
    if (betting && h->last_aggressor >= 0)
        out[STUD_OBS_AGGRESSOR + slot_of[h->last_aggressor]] = 1.0f;
    if (betting && h->uncapped) {
        out[STUD_OBS_UNCAPPED] = 1.0f;
    } else if (betting) {
        int left = 1 + h->rules.max_raises - h->n_bets; /* 4.2 */
        out[STUD_OBS_RAISES_LEFT] = (float)(left > 0 ? left : 0);
    }
    for (int street = 0; street <= h->street && street < STUD_MAX_STREETS; street++)
        out[STUD_OBS_BETS + street] = (float)h->street_bets[street];
    out[STUD_OBS_TO_ACT] = (float)(betting && h->actor == seat);
    out[STUD_OBS_TWO_SIZES] = (float)(betting && h->unit_choice);
}

unsigned stud_env_actions(const stud_hand *h, stud_action out[STUD_ENV_ACTIONS])
{
    stud_action legal[STUD_MAX_ACTIONS];
    int n = stud_hand_legal(h, legal);
    unsigned mask = 0;
    for (int i = 0; i < n; i++) {
        int index;
        switch (legal[i].kind) {
        case STUD_FOLD:
            index = STUD_ENV_FOLD;
            break;
        case STUD_CHECK:
        case STUD_CALL:
            index = STUD_ENV_CHECK_CALL;
            break;
        case STUD_BRING_IN:
            index = STUD_ENV_BRING_IN;
            break;
        default: /* the wagers come smallest first, at most two (4.4) */
            index = mask >> STUD_ENV_RAISE & 1 ? STUD_ENV_BIG_RAISE : STUD_ENV_RAISE;
            break;
        }
        mask |= 1u << index;
        out[index] = legal[i];
    }
    return mask;
}

void stud_env_rewards(const stud_hand *h, const int32_t *start, int32_t unit, double *out)
{
    for (int s = 0; s < h->n_seats; s++)
        out[s] = (double)(h->stack[s] - start[s]) / (double)unit;
}
