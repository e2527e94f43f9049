/* game.c: the fixed-limit stud state machine (see game.h).  Section numbers
 * in comments are those of docs/rules.md.
 *
 * The phases of a hand, and the functions that run them:
 *
 *   start         stud_hand_start: the antes, then the first street (or,
 *                 manual, STUD_PHASE_DEAL: stud_hand_deal brings the cards)
 *   betting       start_round: the bring-in (2) or the opener (3); then
 *                 stud_hand_legal, stud_hand_check, stud_hand_act /
 *                 stud_hand_apply, and advance: the next actor, or the hand
 *                 won without a showdown (win_without_showdown -> over)
 *   finish round  finish_round: the uncalled chips back (return_uncalled,
 *                 7.1); then the next street, or after the last the showdown
 *   deal street   deal_street (from the deck) or stud_hand_deal (manual),
 *                 then start_round: betting again, or none with at most one
 *                 player with chips (6.4), straight to finish_round
 *   showdown      showdown: automatic, straight to settle; or manual
 *                 (STUD_PHASE_SHOWDOWN, 8.2): stud_hand_show for each seat in
 *                 stud_showdown_order (settle.c), checked by stud_hand_may_muck
 *   settle        stud_settle (settle.c): the pots (stud_hand_pots), the
 *                 winners, the splits and odd chips, the show and award events
 *   over          STUD_PHASE_OVER: nothing changes the hand any more
 */
#include "game.h"

#include <string.h>

#include "board.h"
#include "cards.h"
#include "rng.h"
#include "settle.h"
#include "tables.h"

/* ---- rules ------------------------------------------------------------------ */

void stud_rules_default(stud_rules *r, int variant, int32_t small_bet)
{
    memset(r, 0, sizeof *r);
    int seven = variant == STUD_SEVEN_CARD_STUD || variant == STUD_SEVEN_CARD_STUD_HILO ||
                variant == STUD_RAZZ;
    r->variant = (uint8_t)variant;
    r->small_bet = small_bet;
    r->big_bet = small_bet <= INT32_MAX / 2 ? 2 * small_bet : INT32_MAX; /* 1: B = 2S */
    r->ante = small_bet / 5;     /* 1: "about a fifth of the small bet" */
    r->bring_in = small_bet / 2; /* 1: BI = S / 2 */
    r->scoring = variant == STUD_RAZZ ? STUD_SCORE_RAZZ
                 : (variant == STUD_SEVEN_CARD_STUD_HILO || variant == STUD_FIVE_CARD_STUD_HILO)
                     ? STUD_SCORE_HILO8
                     : STUD_SCORE_HIGH;
    r->low_board = variant == STUD_RAZZ; /* 2.1, 3.1 */
    r->n_streets = seven ? 5 : 4;
    r->max_players = seven ? 8 : 10; /* 1; 10 in Five Card Stud with the shortage rule */
    r->max_raises = 3;               /* 4.2 */
    r->heads_up_uncapped = !seven;   /* 4.3 */
    r->open_pair_double = variant == STUD_SEVEN_CARD_STUD || variant == STUD_FIVE_CARD_STUD; /* 4.4 */
    r->reopen_rule = STUD_REOPEN_HALF_BET;
    r->odd_chip = STUD_ODD_HIGH_CARD;
    r->bring_in_tiebreak = STUD_TIE_POSITION;
    r->board_tiebreak = STUD_TIE_POSITION;
    r->burn_cards = 1;
    /* 1: the skeleton.  number, down, up, big bet, burn, open-pair street */
    static const stud_street seven_streets[5] = {
        {3, 2, 1, 0, 0, 0}, {4, 0, 1, 0, 1, 1}, {5, 0, 1, 1, 1, 0}, {6, 0, 1, 1, 1, 0}, {7, 1, 0, 1, 1, 0}};
    static const stud_street five_streets[4] = {
        {2, 1, 1, 0, 0, 0}, {3, 0, 1, 0, 1, 1}, {4, 0, 1, 1, 1, 0}, {5, 0, 1, 1, 1, 0}};
    memcpy(r->streets, seven ? seven_streets : five_streets,
           sizeof(stud_street) * (seven ? 5u : 4u));
}

int stud_rules_check(const stud_rules *r)
{
    const int32_t limit = 1 << 28;
    if (r->variant > STUD_FIVE_CARD_STUD_HILO || r->small_bet <= 0 || r->small_bet > limit)
        return STUD_E_RULES; /* (the bet range first: the defaults below double it) */
    /* the skeleton is the variant's own (1): only the options may differ */
    stud_rules own;
    stud_rules_default(&own, r->variant, r->small_bet);
    if (r->scoring != own.scoring || r->n_streets != own.n_streets ||
        r->max_players != own.max_players || r->low_board != own.low_board ||
        memcmp(r->streets, own.streets, sizeof own.streets) != 0)
        return STUD_E_RULES;
    if (r->ante < 0 || r->bring_in <= 0 || r->bring_in > r->small_bet ||
        r->small_bet > r->big_bet || r->big_bet > limit || r->ante > limit)
        return STUD_E_RULES;
    if (r->bring_in_tiebreak > 1 || r->board_tiebreak > 1 || r->heads_up_uncapped > 1 ||
        r->open_pair_double > 1 || r->reopen_rule > 1 || r->odd_chip > 1 || r->burn_cards > 1 ||
        r->max_raises > 100)
        return STUD_E_RULES;
    return STUD_OK;
}

const char *stud_error_text(int error)
{
    static const char *const text[STUD_N_ERRORS] = {
        [STUD_OK] = "no error",
        [STUD_E_NOT_BETTING] = "no betting action is awaited now",
        [STUD_E_KIND] = "this kind of action is not legal now",
        [STUD_E_AMOUNT] = "this kind of action is legal, but not with this amount",
        [STUD_E_NOT_DEALING] = "no street is waiting to be dealt",
        [STUD_E_CARDS] = "wrong number of cards, or a card that is already out or not a card",
        [STUD_E_RULES] = "the rules, seats or stacks are not valid",
        [STUD_E_NOT_SHOWDOWN] = "no show or muck is awaited",
        [STUD_E_INTERRUPTED] = "interrupted",
        [STUD_E_ARGUMENT] = "a count, seat, kind or index is out of its range",
    };
    if (error < 0 || error >= STUD_N_ERRORS)
        return "unknown error";
    return text[error];
}

/* ---- small helpers ------------------------------------------------------------ */

static int bit_count(unsigned x)
{
    return stud_popcount(x);
}

static unsigned active_seats(const stud_hand *h)
{
    return stud_hand_live(h) & ~(unsigned)h->all_in;
}

static void put_chips(stud_hand *h, int seat, int32_t amount)
{
    h->stack[seat] -= amount;
    h->round_bet[seat] += amount;
    h->total[seat] += amount;
    if (h->stack[seat] == 0)
        h->all_in |= (uint16_t)(1u << seat);
}

/* ---- dealing ------------------------------------------------------------------- */

static void give_card(stud_hand *h, int seat, int card, int up, stud_log *log)
{
    uint64_t bit = stud_card_bit(card);
    int k = h->n_cards[seat]++;
    h->cards[seat][k] = (uint8_t)card;
    h->all_mask[seat] |= bit;
    if (up) {
        h->up_flags[seat] |= (uint8_t)(1u << k);
        h->up_mask[seat] |= bit;
    }
    stud_emit(log, STUD_EV_DEAL, seat, card, up, 0);
}

/* The next card: the top of a given deck, or, for a shuffled deck, a card
 * drawn uniformly from the stub (a Fisher-Yates shuffle done one step at a
 * time, so a hand that ends early draws only the cards it deals). */
static int draw(stud_hand *h)
{
    if (!h->stacked) {
        int pick = h->deck_top + (int)stud_rng_below(h->rng, (uint32_t)(h->deck_len - h->deck_top));
        uint8_t card = h->deck[pick];
        h->deck[pick] = h->deck[h->deck_top];
        h->deck[h->deck_top] = card;
    }
    return h->deck[h->deck_top++];
}

static void burn(stud_hand *h, stud_log *log)
{
    int card = draw(h);
    if (h->n_burns < sizeof h->burns)
        h->burns[h->n_burns++] = (uint8_t)card;
    stud_emit(log, STUD_EV_BURN, 0, card, 0, 0);
}

/* 5.1: the burn cards go back under the stub; shuffled with it, unless the
 * caller stacked the deck (then they follow the stub in the order burned). */
static void recycle_burns(stud_hand *h, stud_log *log)
{
    uint8_t stub[52];
    int n = 0;
    for (int i = h->deck_top; i < h->deck_len; i++)
        stub[n++] = h->deck[i];
    for (int i = 0; i < h->n_burns; i++)
        stub[n++] = h->burns[i];
    h->n_burns = 0; /* a shuffled stub stays shuffled: draw() picks at random */
    memcpy(h->deck, stub, (size_t)n);
    h->deck_top = 0;
    h->deck_len = (uint8_t)n;
    stud_emit(log, STUD_EV_RESHUFFLE, 0, 0, 0, 0);
}

/* Deals the current street from the deck (1, 5.1). */
static void deal_street(stud_hand *h, stud_log *log)
{
    const stud_street *st = &h->rules.streets[h->street];
    unsigned live = stud_hand_live(h);
    int per_seat = st->down + st->up;
    int burning = h->rules.burn_cards && st->burn;
    stud_emit(log, STUD_EV_STREET, 0, st->number, 0, 0);
    if (h->street > 0) {
        int need = bit_count(live) * per_seat + burning;
        if (h->deck_len - h->deck_top < need && h->n_burns > 0)
            recycle_burns(h, log);
        int stub = h->deck_len - h->deck_top;
        if (stub < need) {
            /* 5.1: one community card, every live player's card for this street */
            if (burning && stub >= 2)
                burn(h, log);
            if (h->deck_len > h->deck_top) {
                int card = draw(h);
                h->community |= stud_card_bit(card);
                stud_emit(log, STUD_EV_COMMUNITY, 0, card, 0, 0);
            }
            return;
        }
        if (burning)
            burn(h, log);
    }
    /* each round of cards clockwise from the lowest live seat; down cards first */
    for (int k = 0; k < per_seat; k++)
        for (int seat = 0; seat < h->n_seats; seat++)
            if (live >> seat & 1)
                give_card(h, seat, draw(h), k >= st->down, log);
}

/* ---- who acts first --------------------------------------------------------------- */

/* A key that orders boards: larger acts first on later streets, the
 * smallest single card brings in.  Suits enter only with the suit
 * tie-break; position ties go to the lowest seat by the callers' scans. */
static int64_t board_order(const stud_hand *h, int seat, int suit_tiebreak)
{
    uint64_t board = h->up_mask[seat];
    int razz = h->rules.low_board;
    int64_t value = razz ? stud_board_razz(board) : stud_board_high(board);
    int suit = 0;
    if (suit_tiebreak) {
        /* hi: a higher suit is a higher board; Razz: a lower suit is a lower
         * (better) board, and the highest suit is the "highest" card (2.2) */
        suit = stud_top_card_key(board, razz) & 3;
        suit = razz ? 3 - suit : suit;
    }
    return value * 4 + suit;
}

/* The live seat with the smallest board (2.1, 2.2: the bring-in) or the
 * largest (3.1-3.4: the opener of a later street); ties by the given
 * tie-break, position ties to the lowest seat. */
static int extreme_board(const stud_hand *h, int tiebreak, int largest)
{
    int best = -1;
    int64_t best_key = 0;
    int suit = tiebreak == STUD_TIE_SUIT;
    for (int seat = 0; seat < h->n_seats; seat++) {
        if (!(stud_hand_live(h) >> seat & 1))
            continue;
        int64_t key = board_order(h, seat, suit);
        if (best < 0 || (largest ? key > best_key : key < best_key)) {
            best = seat;
            best_key = key;
        }
    }
    return best;
}

/* ---- betting rounds ------------------------------------------------------------------ */

static void start_round(stud_hand *h, stud_log *log);
static void finish_round(stud_hand *h, stud_log *log);

static int needs_to_act(const stud_hand *h, int seat)
{
    return h->acted_at[seat] == 0xFF || h->round_bet[seat] < h->bet_to;
}

static int board_shows_pair(const stud_hand *h)
{
    unsigned live = stud_hand_live(h);
    for (int seat = 0; seat < h->n_seats; seat++) {
        if (!(live >> seat & 1))
            continue;
        /* a rank seen twice or more: the key's twos or fours plane is set */
        if (stud_rank_key(h->up_mask[seat]) >> STUD_RANKS)
            return 1;
    }
    return 0;
}

static void start_round(stud_hand *h, stud_log *log)
{
    const stud_street *st = &h->rules.streets[h->street];
    memset(h->round_bet, 0, sizeof h->round_bet);
    memset(h->acted_at, 0xFF, sizeof h->acted_at);
    h->bet_to = 0;
    h->full_level = 0;
    h->raise_base = 0;
    h->n_bets = 0;
    h->reopen_count = 0;
    h->last_aggressor = -1;
    h->opener = -1;
    h->unit = st->big ? h->rules.big_bet : h->rules.small_bet;
    /* 4.4: with a pair showing, S or B; the first B-sized wager fixes B */
    h->unit_choice = h->rules.open_pair_double && st->open_pair && !st->big &&
                     h->rules.big_bet > h->rules.small_bet && board_shows_pair(h);
    unsigned active = active_seats(h);
    /* 4.3: uncapped when the round begins with exactly two players with chips */
    h->uncapped = h->rules.heads_up_uncapped && bit_count(active) == 2;
    h->phase = STUD_PHASE_BETTING;
    if (bit_count(active) < 2) {
        /* 6.4: at most one player with chips: no betting, the cards are dealt out */
        h->actor = -1;
        finish_round(h, log);
        return;
    }
    int first;
    if (h->street == 0) {
        first = extreme_board(h, h->rules.bring_in_tiebreak, 0);
        /* 2.6: a bring-in player all-in from the ante passes it clockwise */
        first = stud_next_seat(h, first, active);
        h->bring_in_pending = 1;
        h->bring_in_seat = (int8_t)first;
    } else {
        /* 3.1: an all-in opener is skipped, as if he had checked */
        first = stud_next_seat(h, extreme_board(h, h->rules.board_tiebreak, 1), active);
    }
    h->actor = (int8_t)first;
    h->opener = (int8_t)first;
}

/* 7.1: chips no one else matched go back to their owner. */
static void return_uncalled(stud_hand *h, stud_log *log)
{
    int top = 0;
    for (int seat = 1; seat < h->n_seats; seat++)
        if (h->total[seat] > h->total[top])
            top = seat;
    int32_t second = 0;
    for (int seat = 0; seat < h->n_seats; seat++)
        if (seat != top && h->total[seat] > second)
            second = h->total[seat];
    int32_t excess = h->total[top] - second;
    if (excess > 0) {
        h->total[top] -= excess;
        /* the excess may include ante chips (a short all-in from the ante),
         * which were never part of this round's bet */
        h->round_bet[top] -= excess < h->round_bet[top] ? excess : h->round_bet[top];
        h->stack[top] += excess;
        h->payout[top] += excess;
        if (h->stack[top] > 0)
            h->all_in &= (uint16_t)~(1u << top);
        stud_emit(log, STUD_EV_RETURN, top, 0, 0, excess);
    }
}

static void showdown(stud_hand *h, stud_log *log);

static void win_without_showdown(stud_hand *h, stud_log *log)
{
    return_uncalled(h, log);
    int winner = stud_next_seat(h, 0, stud_hand_live(h));
    int32_t pot = 0;
    for (int seat = 0; seat < h->n_seats; seat++)
        pot += h->total[seat];
    int32_t raked = h->rake < pot ? h->rake : pot; /* 11.1 */
    if (raked > 0) {
        pot -= raked;
        stud_emit(log, STUD_EV_RAKE, 0, 0, 0, raked);
    }
    h->payout[winner] += pot;
    h->stack[winner] += pot;
    stud_emit(log, STUD_EV_AWARD, winner, 0, 0, pot);
    h->phase = STUD_PHASE_OVER;
    h->actor = -1;
}

static void finish_round(stud_hand *h, stud_log *log)
{
    h->bring_in_pending = 0;
    if (h->opener >= 0 && (h->acted_at[h->opener] != 0xFF || h->last_aggressor >= 0)) {
        h->final_opener = h->opener;
        h->final_aggressor = h->last_aggressor;
    }
    return_uncalled(h, log);
    if (h->street + 1 >= h->rules.n_streets) {
        showdown(h, log);
        return;
    }
    h->street++;
    h->actor = -1;
    if (h->manual) {
        h->phase = STUD_PHASE_DEAL;
        return;
    }
    deal_street(h, log);
    start_round(h, log);
}

/* After an action: the next seat to act, the end of the round, or of the hand. */
static void advance(stud_hand *h, int from, stud_log *log)
{
    unsigned live = stud_hand_live(h);
    if (bit_count(live) == 1) {
        win_without_showdown(h, log);
        return;
    }
    unsigned active = active_seats(h);
    for (int k = 1; k <= h->n_seats; k++) {
        int seat = (from + k) % h->n_seats;
        if ((active >> seat & 1) && needs_to_act(h, seat)) {
            h->actor = (int8_t)seat;
            return;
        }
    }
    h->actor = -1;
    finish_round(h, log);
}

/* ---- legal actions ---------------------------------------------------------------------- */

static int may_raise(const stud_hand *h, int seat)
{
    if (!h->uncapped && h->n_bets >= 1 + h->rules.max_raises)
        return 0; /* 4.2: capped */
    if (h->acted_at[seat] != 0xFF && h->acted_at[seat] >= h->reopen_count) {
        /* 6.2: he acted; the wagers since then re-open the betting for him
         * only if together they make a full raise over what he matched */
        int32_t increase = h->bet_to - h->acted_level[seat];
        int reopened = h->rules.reopen_rule == STUD_REOPEN_HALF_BET ? 2 * increase >= h->unit
                                                                    : increase >= h->unit;
        if (!reopened)
            return 0;
    }
    /* someone else must be able to answer */
    return (active_seats(h) & ~(1u << seat)) != 0;
}

static void add_action(stud_action *out, int *n, int kind, int32_t amount)
{
    /* only the raise targets can repeat (S and B both capped by an all-in),
     * and they are added one after the other */
    if (*n > 0 && out[*n - 1].kind == kind && out[*n - 1].amount == amount)
        return;
    out[*n].kind = (int8_t)kind;
    out[*n].amount = amount;
    (*n)++;
}

int stud_hand_legal(const stud_hand *h, stud_action *out)
{
    if (h->phase != STUD_PHASE_BETTING || h->actor < 0)
        return 0;
    int seat = h->actor, n = 0;
    int32_t stack = h->stack[seat], mine = h->round_bet[seat];
    int32_t to_call = h->bet_to - mine, all_in = mine + stack;
    const stud_rules *r = &h->rules;
    if (h->bring_in_pending) {
        /* 2.3: post the bring-in or complete; 2.7: short, all he has */
        if (stack <= r->bring_in) {
            add_action(out, &n, STUD_BRING_IN, stack);
        } else {
            add_action(out, &n, STUD_BRING_IN, r->bring_in);
            if (r->bring_in < r->small_bet)
                add_action(out, &n, STUD_COMPLETE, stack < r->small_bet ? stack : r->small_bet);
        }
        return n;
    }
    if (to_call > 0) {
        add_action(out, &n, STUD_FOLD, mine);
        add_action(out, &n, STUD_CALL, h->bet_to < all_in ? h->bet_to : all_in);
    } else {
        add_action(out, &n, STUD_CHECK, mine);
    }
    if (stack > to_call && may_raise(h, seat)) {
        int kind = h->street == 0 ? (h->n_bets == 0 ? STUD_COMPLETE : STUD_RAISE)
                                  : (h->bet_to == 0 ? STUD_BET : STUD_RAISE);
        int32_t targets[2] = {h->raise_base + h->unit, h->raise_base + r->big_bet};
        int n_targets = h->unit_choice ? 2 : 1; /* 4.4: S or B */
        for (int t = 0; t < n_targets; t++) {
            int32_t target = targets[t] < all_in ? targets[t] : all_in;
            if (target > h->bet_to) /* 2.8: a "raise" that only equals the call is none */
                add_action(out, &n, kind, target);
        }
    }
    return n;
}

int stud_hand_check(const stud_hand *h, int kind, int32_t amount)
{
    if (h->phase != STUD_PHASE_BETTING || h->actor < 0)
        return STUD_E_NOT_BETTING;
    stud_action legal[STUD_MAX_ACTIONS];
    int n = stud_hand_legal(h, legal), kind_found = 0;
    for (int i = 0; i < n; i++) {
        if (legal[i].kind != kind)
            continue;
        kind_found = 1;
        if (legal[i].amount == amount)
            return STUD_OK;
    }
    return kind_found ? STUD_E_AMOUNT : STUD_E_KIND;
}

int stud_hand_act(stud_hand *h, int kind, int32_t amount, stud_log *log)
{
    int error = stud_hand_check(h, kind, amount);
    if (error)
        return error;
    stud_hand_apply(h, kind, amount, log);
    return STUD_OK;
}

void stud_hand_apply(stud_hand *h, int kind, int32_t amount, stud_log *log)
{
    int seat = h->actor;
    const stud_rules *r = &h->rules;
    int32_t mine = h->round_bet[seat];
    switch (kind) {
    case STUD_FOLD:
        h->folded |= (uint16_t)(1u << seat);
        break;
    case STUD_CHECK:
        break;
    case STUD_CALL: {
        int32_t target = h->bet_to < mine + h->stack[seat] ? h->bet_to : mine + h->stack[seat];
        put_chips(h, seat, target - mine);
        break;
    }
    case STUD_BRING_IN:
        put_chips(h, seat, amount);
        h->bet_to = r->bring_in; /* 2.7: others enter for the full bring-in */
        if (r->bring_in == r->small_bet) {
            /* 2.8: with BI = S the bring-in is the round's bet, a short
             * all-in one too: others call S or raise to 2S */
            h->full_level = h->raise_base = r->bring_in;
            h->n_bets = 1;
        }
        break;
    default: { /* complete, bet, raise: to `amount` */
        put_chips(h, seat, amount - mine);
        int32_t increase = amount - h->full_level;
        int half_bet = r->reopen_rule == STUD_REOPEN_HALF_BET;
        /* 6.1: half a unit re-opens; 6.3 (full_raise, as pokerkit does): a
         * full unit, or any completion, since the bring-in was no bet */
        int full = half_bet ? 2 * increase >= h->unit
                            : increase >= h->unit || kind == STUD_COMPLETE;
        if (full) {
            if (h->unit_choice && increase >= r->big_bet) {
                h->unit = r->big_bet; /* 4.4: after a B-sized wager, raises are B */
                h->unit_choice = 0;
            }
            h->full_level = h->raise_base = amount;
            h->n_bets++;
            if (!half_bet && kind == STUD_COMPLETE)
                h->reopen_count++; /* 6.3, pokerkit's way: a completion re-opens for all */
        } else if (!half_bet) {
            /* 6.3: a short all-in re-opens nothing, but the next raise goes
             * a unit above it and it counts toward the cap */
            h->raise_base = amount;
            h->n_bets++;
        }
        if (amount > h->bet_to)
            h->bet_to = amount;
        h->last_aggressor = (int8_t)seat;
        break;
    }
    }
    h->bring_in_pending = 0;
    h->acted_at[seat] = h->reopen_count;
    /* what he matched; the bring-in is no bet (2.5), so before a completion
     * the level he faced counts as nothing */
    h->acted_level[seat] = h->street == 0 && h->n_bets == 0 ? 0 : h->round_bet[seat];
    stud_emit(log, STUD_EV_ACTION, seat, kind, 0, h->round_bet[seat]);
    advance(h, seat, log);
}

/* ---- showdown (8); the settlement is in settle.c ------------------------------------------- */

static void showdown(stud_hand *h, stud_log *log)
{
    if (!h->manual_showdown) {
        stud_settle(h, stud_hand_live(h), 1, log);
        return;
    }
    /* 8.2, manual: each player in showdown order shows or mucks */
    h->n_showdown = (uint8_t)stud_showdown_order(h, h->showdown_seats);
    h->showdown_next = 0;
    h->mucked = 0;
    h->phase = STUD_PHASE_SHOWDOWN;
    h->actor = (int8_t)h->showdown_seats[0];
}

int stud_hand_may_muck(const stud_hand *h)
{
    if (h->phase != STUD_PHASE_SHOWDOWN)
        return 0;
    /* not the last claimant of a pot he is in: someone else there still may win it */
    int seat = h->actor;
    unsigned others = stud_hand_live(h) & ~(unsigned)h->mucked & ~(1u << seat);
    for (int other = 0; other < h->n_seats; other++)
        if ((others >> other & 1) && h->total[other] >= h->total[seat])
            return 1;
    return 0;
}

int stud_hand_show(stud_hand *h, int show, stud_log *log)
{
    if (h->phase != STUD_PHASE_SHOWDOWN)
        return STUD_E_NOT_SHOWDOWN;
    if (!show && !stud_hand_may_muck(h))
        return STUD_E_KIND;
    int seat = h->actor;
    if (!show)
        h->mucked |= (uint16_t)(1u << seat);
    stud_emit(log, show ? STUD_EV_SHOW : STUD_EV_MUCK, seat, 0, 0, 0);
    if (++h->showdown_next < h->n_showdown) {
        h->actor = (int8_t)h->showdown_seats[h->showdown_next];
        return STUD_OK;
    }
    stud_settle(h, stud_hand_live(h) & ~(unsigned)h->mucked, 0, log);
    return STUD_OK;
}

/* ---- starting and manual dealing ------------------------------------------------------------ */

int stud_hand_start(stud_hand *h, const stud_rules *rules, int n_seats, const int32_t *stacks,
                    const uint8_t *deck, int stacked, int manual, int manual_showdown,
                    uint64_t seed, stud_log *log)
{
    if (stud_rules_check(rules) || n_seats < 2 || n_seats > rules->max_players)
        return STUD_E_RULES;
    int64_t chips = 0;
    for (int seat = 0; seat < n_seats; seat++) {
        if (stacks[seat] <= 0)
            return STUD_E_RULES;
        chips += stacks[seat];
    }
    if (chips > (1 << 30))
        return STUD_E_RULES;
    uint64_t seen = 0;
    if (!manual && deck) {
        for (int i = 0; i < STUD_CARDS; i++) {
            if (deck[i] >= STUD_CARDS || (seen & stud_card_bit(deck[i])))
                return STUD_E_CARDS;
            seen |= stud_card_bit(deck[i]);
        }
    }
    memset(h, 0, sizeof *h);
    h->rules = *rules;
    h->n_seats = (uint8_t)n_seats;
    h->manual = manual != 0;
    h->manual_showdown = manual_showdown != 0;
    h->stacked = deck != NULL && stacked != 0;
    h->actor = -1;
    h->bring_in_seat = -1;
    h->opener = h->final_opener = h->final_aggressor = h->last_aggressor = -1;
    static const uint8_t fresh_deck[STUD_CARDS] = {
        0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17,
        18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35,
        36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51};
    if (!manual)
        memcpy(h->deck, deck ? deck : fresh_deck, STUD_CARDS);
    h->deck_len = manual ? 0 : STUD_CARDS;
    stud_rng_seed(h->rng, seed);
    for (int seat = 0; seat < n_seats; seat++) {
        h->stack[seat] = stacks[seat];
        /* 1: the ante is dead money; short, all-in for what he has */
        int32_t ante = rules->ante < stacks[seat] ? rules->ante : stacks[seat];
        put_chips(h, seat, ante);
        h->round_bet[seat] = 0;
        stud_emit(log, STUD_EV_ANTE, seat, 0, 0, ante);
    }
    if (manual) {
        h->phase = STUD_PHASE_DEAL;
        return STUD_OK;
    }
    deal_street(h, log);
    start_round(h, log);
    return STUD_OK;
}

int stud_hand_deal(stud_hand *h, const uint8_t *cards, int n_cards, int per_seat,
                   int community, stud_log *log)
{
    if (h->phase != STUD_PHASE_DEAL)
        return STUD_E_NOT_DEALING;
    const stud_street *st = &h->rules.streets[h->street];
    unsigned live = stud_hand_live(h);
    uint64_t out = h->community;
    for (int seat = 0; seat < h->n_seats; seat++)
        out |= h->all_mask[seat];
    if (community >= 0) {
        /* 5.1: only when the cards left (burns shuffled back in) cannot
         * give every live player his card and the burn */
        int left = STUD_CARDS - stud_popcount(out);
        int need = bit_count(live) * (st->down + st->up) + (h->rules.burn_cards && st->burn);
        if (h->street == 0 || left >= need || community >= STUD_CARDS ||
            (out & stud_card_bit(community)))
            return STUD_E_CARDS;
        stud_emit(log, STUD_EV_STREET, 0, st->number, 0, 0);
        h->community |= stud_card_bit(community);
        stud_emit(log, STUD_EV_COMMUNITY, 0, community, 0, 0);
    } else {
        /* the counts first: nothing is read past what the caller gave */
        if (!cards || per_seat != st->down + st->up || n_cards != bit_count(live) * per_seat)
            return STUD_E_CARDS;
        for (int i = 0; i < n_cards; i++) {
            if (cards[i] >= STUD_CARDS || (out & stud_card_bit(cards[i])))
                return STUD_E_CARDS;
            out |= stud_card_bit(cards[i]);
        }
        stud_emit(log, STUD_EV_STREET, 0, st->number, 0, 0);
        /* the same order as from a deck: rounds of cards, down cards first */
        for (int k = 0; k < per_seat; k++) {
            int i = 0;
            for (int seat = 0; seat < h->n_seats; seat++) {
                if (!(live >> seat & 1))
                    continue;
                give_card(h, seat, cards[i * per_seat + k], k >= st->down, log);
                i++;
            }
        }
    }
    start_round(h, log);
    return STUD_OK;
}

int stud_hand_set_rake(stud_hand *h, int32_t rake)
{
    if (rake < 0 || h->phase == STUD_PHASE_OVER)
        return STUD_E_ARGUMENT;
    h->rake = rake;
    return STUD_OK;
}
