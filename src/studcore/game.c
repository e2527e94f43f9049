/* game.c: the fixed-limit stud state machine (see game.h).  Section numbers
 * in comments are those of docs/rules.md.
 *
 * The phases of a hand, and the functions that run them:
 *
 *   start         stud_hand_start: the antes, then the first street (or,
 *                 manual, STUD_PHASE_DEAL: stud_hand_deal brings the cards)
 *   betting       start_round: the bring-in (2) or the opener (3), the
 *                 largest or smallest board kept as the upcards came
 *                 (extreme_board, board.h); then stud_hand_legal (or only
 *                 its passive head, stud_hand_passive), stud_hand_check,
 *                 stud_hand_act / stud_hand_apply, and advance: the next
 *                 actor from the seat sets (`acted`, `owe`), or the hand
 *                 won without a showdown (win_without_showdown -> over)
 *   finish round  finish_round: the uncalled chips back (return_uncalled,
 *                 7.1); then the next street, or after the last the showdown
 *   deal street   deal_street (from the deck, a street in one pass) or
 *                 stud_hand_deal (manual), each upcard updating its seat's
 *                 board; then start_round: betting again, or none with at
 *                 most one player with chips (6.4), straight to finish_round
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

/* 1: the skeleton.  number, down, up, big bet, burn, open-pair street */
static const stud_street seven_streets[STUD_MAX_STREETS] = {
    {3, 2, 1, 0, 0, 0}, {4, 0, 1, 0, 1, 1}, {5, 0, 1, 1, 1, 0}, {6, 0, 1, 1, 1, 0}, {7, 1, 0, 1, 1, 0}};
static const stud_street five_streets[STUD_MAX_STREETS] = {
    {2, 1, 1, 0, 0, 0}, {3, 0, 1, 0, 1, 1}, {4, 0, 1, 1, 1, 0}, {5, 0, 1, 1, 1, 0}, {0, 0, 0, 0, 0, 0}};

static int seven_card(int variant)
{
    return variant != STUD_FIVE_CARD_STUD && variant != STUD_FIVE_CARD_STUD_HILO; /* 1, 12.1 */
}

static int scoring_of(int variant)
{
    switch (variant) {
    case STUD_RAZZ: return STUD_SCORE_RAZZ;
    case STUD_SEVEN_CARD_STUD_HILO:
    case STUD_FIVE_CARD_STUD_HILO: return STUD_SCORE_HILO8;
    case STUD_DEUCE_TO_SEVEN_RAZZ: return STUD_SCORE_27;                  /* 12.5 */
    case STUD_SEVEN_CARD_STUD_HILO_REGULAR: return STUD_SCORE_HILO_REGULAR; /* 13.4 */
    default: return STUD_SCORE_HIGH;
    }
}

/* The action order a variant deals by default (2.1, 3.1, 12.2, 12.3, 13.2). */
static int order_of(int variant)
{
    return variant == STUD_RAZZ || variant == STUD_DEUCE_TO_SEVEN_RAZZ ||
                   variant == STUD_SEVEN_CARD_STUD_HILO_REGULAR
               ? STUD_ORDER_LOW
               : STUD_ORDER_HIGH;
}

void stud_rules_default(stud_rules *r, int variant, int32_t small_bet)
{
    memset(r, 0, sizeof *r);
    int seven = seven_card(variant);
    r->variant = (uint8_t)variant;
    r->small_bet = small_bet;
    r->big_bet = small_bet <= INT32_MAX / 2 ? 2 * small_bet : INT32_MAX; /* 1: B = 2S */
    r->ante = small_bet / 5;     /* 1: "about a fifth of the small bet" */
    r->bring_in = small_bet / 2; /* 1: BI = S / 2 */
    r->scoring = (uint8_t)scoring_of(variant);
    stud_rules_set_order(r, order_of(variant)); /* 2.1, 3.1, 12.2, 12.3, 13.2 */
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
    memcpy(r->streets, seven ? seven_streets : five_streets, sizeof r->streets);
}

int stud_rules_check(const stud_rules *r)
{
    const int32_t limit = 1 << 28;
    if (r->variant > STUD_SEVEN_CARD_STUD_HILO_REGULAR || r->small_bet <= 0 || r->small_bet > limit)
        return STUD_E_RULES;
    /* the skeleton is the variant's own (1): only the options may differ
     * (compared with the tables stud_rules_default copies: every hand's
     * start checks its rules, so this stays cheap) */
    int seven = seven_card(r->variant);
    if (r->scoring != scoring_of(r->variant) || r->n_streets != (seven ? 5 : 4) ||
        r->max_players != (seven ? 8 : 10) || r->low_board != (r->action_order == STUD_ORDER_LOW) ||
        memcmp(r->streets, seven ? seven_streets : five_streets, sizeof r->streets) != 0)
        return STUD_E_RULES;
    if (r->ante < 0 || r->bring_in <= 0 || r->bring_in > r->small_bet ||
        r->small_bet > r->big_bet || r->big_bet > limit || r->ante > limit)
        return STUD_E_RULES;
    if (r->bring_in_tiebreak > 1 || r->board_tiebreak > 1 || r->heads_up_uncapped > 1 ||
        r->open_pair_double > 1 || r->reopen_rule > 1 || r->odd_chip > 1 || r->burn_cards > 1 ||
        r->max_raises > 100 || r->fold_when_can_check > 1 || r->odd_chip_half > 1)
        return STUD_E_RULES;
    /* 13.2, 13.5: options of Hi-Lo Regular; every other game has its own
     * order and no such low */
    int regular = r->variant == STUD_SEVEN_CARD_STUD_HILO_REGULAR;
    if (r->action_order > 1 || (!regular && r->action_order != order_of(r->variant)) ||
        r->low_needs_five_ranks > (regular ? 1 : 0))
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

static unsigned all_seats(const stud_hand *h)
{
    return (1u << h->n_seats) - 1;
}

static unsigned active_seats(const stud_hand *h)
{
    return stud_hand_live(h) & ~(unsigned)h->all_in;
}

/* The first seat of `seats` (nonzero, seats below n_seats) clockwise after
 * `from`: `from` itself only when no other seat is in the set. */
static int seat_after(int from, unsigned seats)
{
    unsigned later = seats & ~((2u << from) - 1);
    return stud_ctz64(later ? later : seats);
}

static void put_chips(stud_hand *h, int seat, int32_t amount)
{
    int32_t stack = h->stack[seat] - amount;
    h->stack[seat] = stack;
    h->round_bet[seat] += amount;
    h->total[seat] += amount;
    h->all_in |= (uint16_t)((unsigned)(stack == 0) << seat);
}

/* ---- who acts first ------------------------------------------------------------- */

/* A seat's board as a number: larger is a higher board (board.h), and with
 * the suit tie-break, in the two low bits, the suit of its top card (hi: a
 * higher suit is a higher board; the low order of Razz, 2-7 Razz and Hi-Lo
 * Regular: a lower suit is a lower, better board, and the highest suit is
 * the "highest" card: 2.2, 3.6, 12.2, 12.3, 13.2). */
static uint64_t board_key(const stud_hand *h, int seat, int suit)
{
    int low = h->rules.low_board;
    uint64_t key = stud_board_order(h->board[seat], low) << 2;
    if (suit) {
        /* the top card: ace low (3.3), or high in 2-7 Razz (12.2, 12.3) */
        int ace_low = stud_rules_ace_low_board(&h->rules);
        unsigned top = (unsigned)stud_top_card_key(h->up_mask[seat], ace_low) & 3;
        key |= low ? 3 - top : top;
    }
    return key;
}

/* The live seat with the smallest board (2.1, 2.2: the bring-in) or the
 * largest (3.1-3.4: the opener of a later street), from the boards kept as
 * the upcards were dealt; ties by the given tie-break, position ties to the
 * lowest seat. */
static int extreme_board(const stud_hand *h, int tiebreak, int largest)
{
    int suit = tiebreak == STUD_TIE_SUIT;
    uint64_t flip = largest ? 0 : ~0ull; /* the smallest key has the largest complement */
    unsigned live = stud_hand_live(h);
    int best = stud_ctz64(live);
    uint64_t best_key = board_key(h, best, suit) ^ flip;
    for (unsigned rest = live & (live - 1); rest; rest &= rest - 1) {
        int seat = stud_ctz64(rest);
        uint64_t key = board_key(h, seat, suit) ^ flip;
        int better = key > best_key; /* strictly: ties stay with the lower seat */
        best = better ? seat : best;
        best_key = better ? key : best_key;
    }
    return best;
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
        h->board[seat] = stud_board_add(h->board[seat], card, stud_rules_ace_low_board(&h->rules));
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

void stud_hand_return_burns(stud_hand *h)
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
}

static void recycle_burns(stud_hand *h, stud_log *log)
{
    stud_hand_return_burns(h);
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
    /* each round of cards clockwise from the lowest live seat, down cards
     * first (the stub holds them all); the draws as draw() makes them, with
     * the generator in local variables */
    uint64_t rng[4];
    memcpy(rng, h->rng, sizeof rng);
    int top = h->deck_top, len = h->deck_len;
    for (int k = 0; k < per_seat; k++) {
        for (unsigned rest = live; rest; rest &= rest - 1, top++) {
            if (!h->stacked) {
                int pick = top + (int)stud_rng_below(rng, (uint32_t)(len - top));
                uint8_t card = h->deck[pick];
                h->deck[pick] = h->deck[top];
                h->deck[top] = card;
            }
            give_card(h, stud_ctz64(rest), h->deck[top], k >= st->down, log);
        }
    }
    memcpy(h->rng, rng, sizeof rng);
    h->deck_top = (uint8_t)top;
}

/* ---- betting rounds ------------------------------------------------------------------ */

static void start_round(stud_hand *h, stud_log *log);
static void finish_round(stud_hand *h, stud_log *log);

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
    h->acted = 0;
    h->owe = 0;
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
    unsigned others = active & (active - 1); /* all but the lowest */
    h->uncapped = h->rules.heads_up_uncapped && others && !(others & (others - 1));
    h->phase = STUD_PHASE_BETTING;
    if (!others) {
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
    /* the most put in (the lowest such seat) and the most of all the others */
    int top = 0;
    int32_t second = 0;
    for (int seat = 1; seat < h->n_seats; seat++) {
        int32_t t = h->total[seat];
        if (t > h->total[top]) {
            second = h->total[top];
            top = seat;
        } else if (t > second) {
            second = t;
        }
    }
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

STUD_NOINLINE static void win_without_showdown(stud_hand *h, stud_log *log)
{
    return_uncalled(h, log);
    int winner = stud_ctz64(stud_hand_live(h));
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

STUD_NOINLINE static void finish_round(stud_hand *h, stud_log *log)
{
    h->bring_in_pending = 0;
    if (h->opener >= 0 && ((h->acted >> h->opener & 1) || h->last_aggressor >= 0)) {
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
    if ((live & (live - 1)) == 0) { /* one player left */
        win_without_showdown(h, log);
        return;
    }
    /* players with chips who have not acted yet, or are short of the bet (6.8) */
    unsigned waiting = live & ~(unsigned)h->all_in & (~(unsigned)h->acted | h->owe);
    if (waiting) {
        h->actor = (int8_t)seat_after(from, waiting);
        return;
    }
    h->actor = -1;
    finish_round(h, log);
}

/* ---- legal actions ---------------------------------------------------------------------- */

static int may_raise(const stud_hand *h, int seat)
{
    if (!h->uncapped && h->n_bets >= 1 + h->rules.max_raises)
        return 0; /* 4.2: capped */
    if ((h->acted >> seat & 1) && h->acted_at[seat] >= h->reopen_count) {
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

static stud_action action(int kind, int32_t amount)
{
    stud_action a = {(int8_t)kind, amount};
    return a;
}

static int32_t min32(int32_t a, int32_t b)
{
    return a < b ? a : b;
}

/* The head of the legal list: the bring-in (2.3; 2.7: short, all he has);
 * or the fold and the call; or the check (6.7: no fold then; 11.3, with
 * fold_when_can_check: the fold and the check).  Returns how many, 1 or 2:
 * the passive action is the last of them. */
static int passive_actions(const stud_hand *h, stud_action *out)
{
    int seat = h->actor;
    int32_t stack = h->stack[seat], mine = h->round_bet[seat];
    if (h->bring_in_pending) {
        out[0] = action(STUD_BRING_IN, min32(stack, h->rules.bring_in));
        return 1;
    }
    if (h->bet_to > mine) {
        out[0] = action(STUD_FOLD, mine);
        out[1] = action(STUD_CALL, min32(h->bet_to, mine + stack));
        return 2;
    }
    if (h->rules.fold_when_can_check) {
        out[0] = action(STUD_FOLD, mine);
        out[1] = action(STUD_CHECK, mine);
        return 2;
    }
    out[0] = action(STUD_CHECK, mine);
    return 1;
}

int stud_hand_legal(const stud_hand *h, stud_action *out)
{
    if (h->phase != STUD_PHASE_BETTING || h->actor < 0)
        return 0;
    int n = passive_actions(h, out);
    int seat = h->actor;
    const stud_rules *r = &h->rules;
    int32_t stack = h->stack[seat], mine = h->round_bet[seat];
    int32_t to_call = h->bet_to - mine, all_in = mine + stack;
    if (h->bring_in_pending) {
        /* 2.3: or complete (2.8: not when BI = S) */
        if (stack > r->bring_in && r->bring_in < r->small_bet)
            out[n++] = action(STUD_COMPLETE, min32(stack, r->small_bet));
        return n;
    }
    if (stack <= to_call || !may_raise(h, seat))
        return n;
    /* the first wager of a round: on the first street the completion (2.5),
     * later the bet; then raises */
    int first = h->street == 0 ? h->n_bets == 0 : h->bet_to == 0;
    int kind = first ? (h->street == 0 ? STUD_COMPLETE : STUD_BET) : STUD_RAISE;
    int32_t target = min32(h->raise_base + h->unit, all_in);
    if (target > h->bet_to) /* 2.8: a "raise" that only equals the call is none */
        out[n++] = action(kind, target);
    if (h->unit_choice) {
        /* 4.4: S or B (here unit = S); both capped by an all-in, one action */
        int32_t big = min32(h->raise_base + r->big_bet, all_in);
        if (big > h->bet_to && big > target)
            out[n++] = action(kind, big);
    }
    return n;
}

stud_action stud_hand_passive(const stud_hand *h)
{
    stud_action head[2];
    if (h->phase != STUD_PHASE_BETTING || h->actor < 0)
        return action(-1, 0);
    return head[passive_actions(h, head) - 1];
}

int stud_hand_passives(const stud_hand *h, stud_action *out)
{
    if (h->phase != STUD_PHASE_BETTING || h->actor < 0)
        return 0;
    return passive_actions(h, out);
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
    unsigned me = 1u << seat;
    const stud_rules *r = &h->rules;
    int32_t mine = h->round_bet[seat];
    switch (kind) {
    case STUD_FOLD:
        h->folded |= (uint16_t)me;
        break;
    case STUD_CHECK:
        break;
    case STUD_CALL:
        put_chips(h, seat, min32(h->bet_to, mine + h->stack[seat]) - mine);
        break;
    case STUD_BRING_IN:
        put_chips(h, seat, amount);
        h->bet_to = r->bring_in; /* 2.7: others enter for the full bring-in */
        h->owe = (uint16_t)(all_seats(h) & ~me); /* (the round's first action) */
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
        if (amount > h->bet_to) {
            h->bet_to = amount;
            h->owe = (uint16_t)(all_seats(h) & ~me); /* every other bet is now below it */
        }
        h->last_aggressor = (int8_t)seat;
        break;
    }
    }
    int32_t bet = h->round_bet[seat];
    h->owe = (uint16_t)((h->owe & ~me) | (unsigned)(bet < h->bet_to) << seat);
    h->bring_in_pending = 0;
    h->acted |= (uint16_t)me;
    h->acted_at[seat] = h->reopen_count;
    /* what he matched; the bring-in is no bet (2.5), so before a completion
     * the level he faced counts as nothing */
    h->acted_level[seat] = (h->street | h->n_bets) ? bet : 0;
    h->street_bets[h->street] = h->n_bets;
    stud_emit(log, STUD_EV_ACTION, seat, kind, 0, bet);
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
    if (stud_rules_check(rules) || stud_stacks_check(rules, n_seats, stacks))
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
