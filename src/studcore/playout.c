/* playout.c: the playout kernel (see playout.h).  It plays a hand the way
 * game.c does, step for step; section numbers in comments are those of
 * docs/rules.md, and each part names the game.c function it stands for. */
#include "playout.h"

#include <string.h>

#include "board.h"
#include "cards.h"
#include "portable.h"
#include "rng.h"
#include "settle.h"
#include "simulate.h"

int stud_playout_prepare(stud_hand *h, const stud_rules *rules, stud_playout_cache *cache)
{
    for (int seat = 0; seat < STUD_MAX_SEATS; seat++) {
        cache->strength_of[seat] = ~0ull;
        cache->strength[seat] = 0.0;
    }
    if (stud_rules_check(rules))
        return STUD_E_RULES;
    memset(h, 0, sizeof *h);
    h->rules = *rules;
    return STUD_OK;
}

static int32_t min32(int32_t a, int32_t b)
{
    return a < b ? a : b;
}

static int32_t max32(int32_t a, int32_t b)
{
    return a > b ? a : b;
}

/* ---- dealing (game.c: draw, burn, recycle_burns, deal_street) ------------------- */

static int draw(stud_hand *h)
{
    int pick = h->deck_top + (int)stud_rng_below(h->rng, (uint32_t)(h->deck_len - h->deck_top));
    uint8_t card = h->deck[pick];
    h->deck[pick] = h->deck[h->deck_top];
    h->deck[h->deck_top] = card;
    return h->deck[h->deck_top++];
}

static void burn(stud_hand *h)
{
    int card = draw(h);
    if (h->n_burns < sizeof h->burns)
        h->burns[h->n_burns++] = (uint8_t)card;
}

/* 5.1, the deck running short: the burns go back under the stub, then if
 * need be one community card.  Returns 1 when the street was the community
 * card (nothing more to deal). */
STUD_NOINLINE static int deal_short(stud_hand *h, int need, int burning)
{
    if (h->deck_len - h->deck_top < need && h->n_burns > 0)
        stud_hand_return_burns(h);
    int stub = h->deck_len - h->deck_top;
    if (stub >= need)
        return 0;
    if (burning && stub >= 2)
        burn(h);
    if (h->deck_len > h->deck_top)
        h->community |= stud_card_bit(draw(h));
    return 1;
}

/* Each card's bit (cards.h) and its rank's bit in a board's planes
 * (board.h, stud_board_add: ace high, or ace low where boards rank it low,
 * stud_rules_ace_low_board), by card id. */
#define CARD_BIT(c) (1ull << (16 * ((c) & 3) + ((c) >> 2)))
#define CARD_BITS(r) \
    CARD_BIT(4 * (r)), CARD_BIT(4 * (r) + 1), CARD_BIT(4 * (r) + 2), CARD_BIT(4 * (r) + 3)
static const uint64_t card_bits[STUD_CARDS] = {
    CARD_BITS(0), CARD_BITS(1), CARD_BITS(2), CARD_BITS(3),  CARD_BITS(4),
    CARD_BITS(5), CARD_BITS(6), CARD_BITS(7), CARD_BITS(8),  CARD_BITS(9),
    CARD_BITS(10), CARD_BITS(11), CARD_BITS(12)};
#define RANK_BITS(order) (1u << (order)), (1u << (order)), (1u << (order)), (1u << (order))
static const uint16_t board_bits[2][STUD_CARDS] = {
    {RANK_BITS(0), RANK_BITS(1), RANK_BITS(2), RANK_BITS(3), RANK_BITS(4), RANK_BITS(5),
     RANK_BITS(6), RANK_BITS(7), RANK_BITS(8), RANK_BITS(9), RANK_BITS(10), RANK_BITS(11),
     RANK_BITS(12)},
    {RANK_BITS(1), RANK_BITS(2), RANK_BITS(3), RANK_BITS(4), RANK_BITS(5), RANK_BITS(6),
     RANK_BITS(7), RANK_BITS(8), RANK_BITS(9), RANK_BITS(10), RANK_BITS(11), RANK_BITS(12),
     RANK_BITS(0)}};

/* Deals the current street: each round of cards clockwise from the lowest
 * live seat, down cards first, one draw per card in the general path's
 * order; the generator and the stub's top in local variables. */
static STUD_ALWAYS_INLINE void deal_street(stud_hand *h, unsigned live)
{
    const stud_street *st = &h->rules.streets[h->street];
    int burning = 0;
    if (h->street > 0) {
        burning = h->rules.burn_cards && st->burn;
        /* (every seat's share first: the live seats' is counted only when
         * the stub is shorter than that) */
        int stub = h->deck_len - h->deck_top, per_seat = st->down + st->up;
        if (STUD_UNLIKELY(stub < h->n_seats * per_seat + burning)) {
            int need = stud_popcount(live) * per_seat + burning;
            if (stub < need && deal_short(h, need, burning))
                return;
        }
    }
    uint64_t rng[4];
    memcpy(rng, h->rng, sizeof rng);
    int top = h->deck_top;
    const int len = h->deck_len;
    const uint16_t *board_bit = board_bits[stud_rules_ace_low_board(&h->rules)];
    uint8_t *deck = h->deck;
    if (burning) { /* (burn(), with the generator here) */
        int pick = top + (int)stud_rng_below(rng, (uint32_t)(len - top));
        uint8_t card = deck[pick];
        deck[pick] = deck[top];
        deck[top++] = card;
        if (h->n_burns < sizeof h->burns)
            h->burns[h->n_burns++] = card;
    }
    for (int k = 0; k < st->down; k++) {
        for (unsigned rest = live; rest; rest &= rest - 1, top++) {
            int pick = top + (int)stud_rng_below(rng, (uint32_t)(len - top));
            uint8_t card = deck[pick];
            deck[pick] = deck[top];
            deck[top] = card;
            h->all_mask[stud_ctz64(rest)] |= card_bits[card];
        }
    }
    for (int k = 0; k < st->up; k++) {
        for (unsigned rest = live; rest; rest &= rest - 1, top++) {
            int seat = stud_ctz64(rest);
            int pick = top + (int)stud_rng_below(rng, (uint32_t)(len - top));
            uint8_t card = deck[pick];
            deck[pick] = deck[top];
            deck[top] = card;
            uint64_t bit = card_bits[card];
            h->all_mask[seat] |= bit;
            h->up_mask[seat] |= bit;
            h->board[seat] = stud_board_add_bit(h->board[seat], board_bit[card]);
        }
    }
    memcpy(h->rng, rng, sizeof rng);
    h->deck_top = (uint8_t)top;
}

/* ---- who acts first (game.c: board_key, extreme_board) ---------------------------- */

static uint64_t board_key(const stud_hand *h, int seat, int low, int ace_low)
{
    uint64_t key = stud_board_order(h->board[seat], low) << 2;
    unsigned top = (unsigned)stud_top_card_key(h->up_mask[seat], ace_low) & 3;
    return key | (low ? 3 - top : top);
}

STUD_NOINLINE static int extreme_board_suit(const stud_hand *h, unsigned live, int largest)
{
    int low = h->rules.low_board, ace_low = stud_rules_ace_low_board(&h->rules);
    uint64_t flip = largest ? 0 : ~0ull;
    int best = stud_ctz64(live);
    uint64_t best_key = board_key(h, best, low, ace_low) ^ flip;
    for (unsigned rest = live & (live - 1); rest; rest &= rest - 1) {
        int seat = stud_ctz64(rest);
        uint64_t key = board_key(h, seat, low, ace_low) ^ flip;
        int better = key > best_key;
        best = better ? seat : best;
        best_key = better ? key : best_key;
    }
    return best;
}

/* The live seat with the smallest board (the bring-in) or the largest (the
 * opener), ties to the lowest seat or by suit.  By position, the planes'
 * key (stud_board_order) is compared directly: the low order's key (Razz,
 * 2-7 Razz, Hi-Lo Regular) only reverses it, so the largest low key is the
 * smallest planes' key (the planes rank the ace as the game does). */
static int extreme_board(const stud_hand *h, unsigned live, int tiebreak, int largest)
{
    if (tiebreak == STUD_TIE_SUIT)
        return extreme_board_suit(h, live, largest);
    uint64_t flip = largest != h->rules.low_board ? 0 : ~0ull;
    int best = stud_ctz64(live);
    uint64_t best_key = stud_board_order(h->board[best], 0) ^ flip;
    for (unsigned rest = live & (live - 1); rest; rest &= rest - 1) {
        int seat = stud_ctz64(rest);
        uint64_t key = stud_board_order(h->board[seat], 0) ^ flip;
        int better = key > best_key; /* strictly: ties stay with the lower seat */
        best = better ? seat : best;
        best_key = better ? key : best_key;
    }
    return best;
}

/* ---- the end of a round and of a hand (game.c: return_uncalled, win_without_showdown) */

static void return_uncalled(stud_hand *h)
{
    /* the most put in (the lowest such seat) and the most of all the others,
     * without branches (which way they go is a coin toss) */
    int top = 0;
    int32_t most = h->total[0], second = 0;
    for (int seat = 1; seat < h->n_seats; seat++) {
        int32_t t = h->total[seat];
        second = max32(second, min32(most, t));
        top = t > most ? seat : top;
        most = max32(most, t);
    }
    int32_t excess = most - second;
    if (excess > 0) {
        h->total[top] -= excess;
        h->round_bet[top] -= min32(excess, h->round_bet[top]);
        h->stack[top] += excess;
        h->payout[top] += excess;
        if (h->stack[top] > 0)
            h->all_in &= (uint16_t)~(1u << top);
    }
}

static void win_without_showdown(stud_hand *h)
{
    return_uncalled(h);
    int winner = stud_ctz64(stud_hand_live(h));
    int32_t pot = 0;
    for (int seat = 0; seat < h->n_seats; seat++)
        pot += h->total[seat];
    h->payout[winner] += pot; /* (no rake in a playout) */
    h->stack[winner] += pot;
    h->phase = STUD_PHASE_OVER;
    h->actor = -1;
}

/* ---- a betting round (game.c: start_round, stud_hand_legal, stud_hand_apply, advance) */

enum { ROUND_DONE = 0, ROUND_WON = 1, ROUND_STUCK = 2 };

/* The strength policy's value for a seat, worked out once per set of cards.
 * `*n_cards`: how many cards each live seat holds (the same for all of them:
 * every street deals each live seat alike), counted at the first need. */
static double seat_strength(const stud_hand *h, int seat, stud_playout_cache *cache,
                            int *n_cards)
{
    uint64_t cards = h->all_mask[seat] | h->community;
    if (cards != cache->strength_of[seat]) {
        if (*n_cards < 0)
            *n_cards = stud_popcount(cards);
        cache->strength_of[seat] = cards;
        cache->strength[seat] = stud_policy_strength_of(cards, *n_cards, h->rules.scoring);
    }
    return cache->strength[seat];
}

/* A policy's choice, as an offset from the passive action of the legal
 * list (game.h's order): -1 the fold, 0 the check, call or bring-in, 1 and
 * 2 the wagers.  `n` is the list's length, `listed` 1 when it starts with a
 * fold, `facing` 1 when that fold is against a bet (not the fold beside a
 * check of 11.3's fold_when_can_check, which the strength policy, as
 * simulate.c's pick, never takes), `wagers` how many wagers it has. */
static int choose(int policy, int n, int listed, int facing, int wagers, double strength,
                  uint64_t rng[4])
{
    if (policy == STUD_POLICY_RANDOM)
        return (int)stud_rng_below(rng, (uint32_t)n) - listed;
    if (policy == STUD_POLICY_CALL)
        return 0;
    /* strength (simulate.c's pick): the smallest wager with a strong hand,
     * the passive action with a fair one or when it is no call */
    if (strength >= 0.75 && wagers)
        return 1;
    int weak = !(strength >= 0.45); /* (the fold without a branch: a coin toss) */
    return -(weak & facing);
}

/* Plays the current street's betting round from `seat` (its first actor,
 * the bring-in when `bring_in`), the seats following their policies;
 * `*steps` counts the hand's decisions, up to `step_limit`. */
static STUD_ALWAYS_INLINE int betting_round(stud_hand *h, int seat, int bring_in,
                                            const uint8_t *policy, stud_playout_cache *cache,
                                            uint64_t rng[4], uint64_t step_limit,
                                            uint64_t *steps_io)
{
    const stud_rules *r = &h->rules;
    const stud_street *st = &r->streets[h->street];
    const unsigned all = (1u << h->n_seats) - 1;
    const int half_bet = r->reopen_rule == STUD_REOPEN_HALF_BET, street = h->street;
    const int32_t big_bet = r->big_bet;
    /* the live seats and those with chips (a seat all-in never folds, so
     * at the end the folded seats are those not live, the all-in ones
     * those live without chips) */
    unsigned live = all & ~(unsigned)h->folded, active = live & ~(unsigned)h->all_in;
    /* the round's state (game.c keeps it in the hand) */
    int32_t bet_to = 0, full_level = 0, raise_base = 0;
    int32_t unit = st->big ? r->big_bet : r->small_bet;
    int32_t raise_to = unit; /* raise_base + unit: the next wager's size, all-ins aside */
    /* 4.4: with a pair showing, S or B; the first B-sized wager fixes B */
    int unit_choice = 0;
    if (r->open_pair_double && st->open_pair && !st->big && r->big_bet > r->small_bet)
        for (unsigned rest = live; rest; rest &= rest - 1)
            unit_choice |= (h->board[stud_ctz64(rest)] >> 16) != 0; /* a rank seen twice */
    /* 4.2, 4.3: the cap, unless the round begins with exactly two players with chips */
    unsigned others = active & (active - 1);
    const int cap = r->heads_up_uncapped && !(others & (others - 1)) ? 1 << 30 : 1 + r->max_raises;
    int open = cap > 0; /* n_bets < cap: a wager is still allowed */
    int32_t wager_to = open ? raise_to : 0; /* raise_to, or 0 (no wager) when closed */
    /* 6.1, 6.3: an increase re-opens when twice it reaches `reopen_at`: the
     * unit (half a bet re-opens), or with full_raise twice the unit */
    int32_t reopen_at = unit << !half_bet;
    /* (bytes, as in the hand: an uncapped round may wrap them) */
    uint8_t n_bets = 0, reopen_count = 0;
    /* what the usual decision leaves out: RARE_SHORT, an increase this round
     * was short of a full raise (6.2); RARE_UNIT, unit_choice (4.4) */
    enum { RARE_SHORT = 1, RARE_UNIT = 2 };
    int rare = unit_choice ? RARE_UNIT : 0;
    int pending = bring_in;
    /* `todo`: the seats that must act (again), as game.c's ~acted | owe: a
     * seat that folded or went all-in short of the bet stays in it, but is
     * no longer live or active.  acted_at, acted_level: reopen_count and the
     * bet he matched when the seat last acted (6.2); acted_level -1: he has
     * not acted this round */
    unsigned todo = all;
    uint8_t acted_at[STUD_MAX_SEATS];
    int32_t acted_level[STUD_MAX_SEATS];
    memset(acted_level, 0xFF, sizeof acted_level); /* -1 */
    /* ~0 once a bet was made or after 3rd street (the bring-in is no bet, 2.5) */
    int32_t level_mask = street ? -1 : 0;
    uint64_t s[4], left = step_limit - *steps_io; /* decisions before the limit */
    memcpy(s, rng, sizeof s);
    int result, n_cards = -1; /* (seat_strength) */
    unsigned me = 1u << seat;
    for (;;) {
        if (STUD_UNLIKELY(left == 0)) {
            left--;
            result = ROUND_STUCK;
            break;
        }
        left--;
        seat = stud_ctz64(me);
        unsigned active_in = active; /* (before his action: see `waiting`) */
        int32_t mine = h->round_bet[seat], stack = h->stack[seat], all_in_to = mine + stack;
        int p = policy ? policy[seat] : STUD_POLICY_RANDOM;
        double strength =
            p == STUD_POLICY_STRENGTH ? seat_strength(h, seat, cache, &n_cards) : 0.0;
        /* the legal list as the round bets it leaves him with: the fold
         * (his bet), the call or check, the wagers (game.h's order) */
        int32_t option[4];
        int at; /* the chosen action's place in option[] */
        if (STUD_UNLIKELY(pending)) {
            /* 2.3: the bring-in (2.7: short, all he has), or the completion
             * (2.8: not when BI = S) */
            int may_complete = stack > r->bring_in && r->bring_in < r->small_bet;
            at = 1 + choose(p, 1 + may_complete, 0, 0, may_complete, strength, s);
            option[1] = min32(stack, r->bring_in);
            option[2] = min32(stack, r->small_bet);
            pending = 0;
            if (at == 1) {
                bet_to = r->bring_in; /* 2.7: others enter for the full bring-in */
                todo = all & ~me;
                if (r->bring_in == r->small_bet) {
                    /* 2.8: the bring-in is the round's bet */
                    full_level = raise_base = r->bring_in;
                    raise_to = raise_base + unit;
                    n_bets = 1;
                    open = n_bets < cap;
                    wager_to = open ? raise_to : 0;
                    level_mask = -1;
                }
            }
        } else if (p == STUD_POLICY_CALL) { /* (the check or the call, nothing to count) */
            option[1] = min32(bet_to, all_in_to);
            at = 1;
        } else {
            /* counted: the fold and the call, or the check; then the wagers
             * if he may raise (game.c: may_raise) */
            int facing = bet_to > mine;
            /* a wager needs another player with chips, and the cap open (else
             * wager_to is 0); 2.8: no "raise" that only calls (a target above
             * the bet is also one above what he could only call) */
            int32_t target = min32(wager_to, all_in_to), big = target;
            int small = target > bet_to;
            if (STUD_UNLIKELY(!(active & ~me)))
                small = 0;
            int wagers = small;
            if (STUD_UNLIKELY(rare)) {
                int may = (all_in_to > bet_to) & open & ((active & ~me) != 0);
                /* 6.2: after he acted, re-opened for him only by a full raise
                 * over what he matched (without a branch: it goes either
                 * way).  Only a round with an increase short of a full raise
                 * needs the test: while every increase is full, he matched at
                 * most the level the last one raised, so what he faces now is
                 * at least that raise */
                if (rare & RARE_SHORT) {
                    int matched = (acted_level[seat] >= 0) & (acted_at[seat] >= reopen_count);
                    may &= !matched | (2 * (bet_to - acted_level[seat]) >= reopen_at);
                }
                small &= may;
                wagers = small;
                if (rare & RARE_UNIT) { /* 4.4: the big bet as well */
                    big = min32(raise_base + big_bet, all_in_to);
                    wagers += may & (big > bet_to) & (big > target);
                }
            }
            option[0] = mine;
            option[1] = min32(bet_to, all_in_to); /* not facing a bet: his own, the check */
            option[2] = small ? target : big;
            option[3] = big;
            /* 11.3: the fold listed beside the check too */
            int listed = facing | r->fold_when_can_check;
            at = 1 + choose(p, 1 + listed + wagers, listed, facing, wagers, strength, s);
            live &= ~(me & (0u - (at == 0)));
        }
        int32_t to = option[at], chips = to - mine;
        stack -= chips;
        h->stack[seat] = stack;
        h->round_bet[seat] = to;
        h->total[seat] += chips;
        active &= live & ~(me & (0u - (stack == 0)));
        if (to > bet_to) { /* a completion, bet or raise (game.c: stud_hand_apply) */
            int complete = !level_mask; /* the first wager on 3rd (2.5): street 0, no bet yet */
            int32_t increase = to - full_level;
            rare |= 2 * increase < reopen_at ? RARE_SHORT : 0;
            if (2 * increase >= reopen_at || (complete && !half_bet)) { /* 6.1, 6.3 */
                if ((rare & RARE_UNIT) && increase >= big_bet) {
                    unit = big_bet; /* 4.4 */
                    reopen_at = unit << !half_bet;
                    rare &= ~RARE_UNIT;
                }
                full_level = raise_base = to;
                raise_to = raise_base + unit;
                n_bets++;
                open = n_bets < cap;
                wager_to = open ? raise_to : 0;
                level_mask = (street | n_bets) ? -1 : 0;
                reopen_count = (uint8_t)(reopen_count + (!half_bet && complete)); /* 6.3 */
            } else if (!half_bet) {
                raise_base = to; /* 6.3: a short all-in counts toward the cap */
                raise_to = raise_base + unit;
                n_bets++;
                open = n_bets < cap;
                wager_to = open ? raise_to : 0;
                level_mask = (street | n_bets) ? -1 : 0;
            }
            bet_to = to;
            todo = all; /* every other seat is now short of the bet */
        }
        todo &= ~me;
        acted_at[seat] = reopen_count;
        acted_level[seat] = to & level_mask;
        /* the next seat to act, or the end of the round or of the hand */
        if (STUD_UNLIKELY((live & (live - 1)) == 0)) {
            result = ROUND_WON;
            break;
        }
        /* 6.8; he is no longer in `todo`, so the seats with chips before
         * his action serve: the next actor does not wait for whether he
         * folded or went all-in (a shorter chain from one decision to the
         * next) */
        unsigned waiting = active_in & todo;
        if (!waiting) {
            result = ROUND_DONE;
            break;
        }
        /* the first of them after him, else the first of them: the lowest
         * bit of the seats after him, above them all the seats again */
        uint32_t next = (waiting & (0u - (me << 1))) | waiting << 16;
        next &= 0u - next;
        me = (next | next >> 16) & 0xFFFF;
    }
    memcpy(rng, s, sizeof s);
    *steps_io = step_limit - left; /* (the one over the limit counts, as in play_random) */
    h->folded = (uint16_t)(all & ~live);
    h->all_in = (uint16_t)(live & ~active);
    h->actor = (int8_t)stud_ctz64(me);
    return result;
}

/* ---- a hand (game.c: stud_hand_start, start_round, finish_round, showdown) ------------ */

static STUD_ALWAYS_INLINE int play_hand(stud_hand *h, int n_seats, const int32_t *stacks,
                                        uint64_t seed, const uint8_t *policy,
                                        stud_playout_cache *cache, uint64_t rng[4],
                                        uint64_t step_limit, uint64_t *decisions)
{
    const stud_rules *r = &h->rules;
    if (stud_stacks_check(r, n_seats, stacks))
        return STUD_E_RULES;
    static const uint8_t fresh_deck[STUD_CARDS] = {
        0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17,
        18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35,
        36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51};
    memcpy(h->deck, fresh_deck, sizeof fresh_deck);
    h->deck_top = 0;
    h->deck_len = STUD_CARDS;
    h->n_burns = 0;
    h->community = 0;
    stud_rng_seed(h->rng, seed);
    memset(h->up_mask, 0, sizeof h->up_mask);
    memset(h->all_mask, 0, sizeof h->all_mask);
    memset(h->board, 0, sizeof h->board);
    memset(h->stack, 0, sizeof h->stack);
    memset(h->round_bet, 0, sizeof h->round_bet);
    memset(h->total, 0, sizeof h->total);
    memset(h->payout, 0, sizeof h->payout);
    h->n_seats = (uint8_t)n_seats;
    h->street = 0;
    h->folded = 0;
    h->rake = 0;
    unsigned all_in = 0;
    for (int seat = 0; seat < n_seats; seat++) {
        /* 1: the ante is dead money; short, all-in for what he has */
        int32_t ante = min32(r->ante, stacks[seat]);
        h->stack[seat] = stacks[seat] - ante;
        h->total[seat] = ante;
        all_in |= (unsigned)(h->stack[seat] == 0) << seat;
    }
    h->all_in = (uint16_t)all_in;
    h->phase = STUD_PHASE_BETTING;
    uint64_t steps = 0;
    /* the last opener ranked (before the all-in skip), among `ranked_live` */
    int ranked = 0;
    unsigned ranked_live = 0;
    for (;;) {
        unsigned live = stud_hand_live(h);
        deal_street(h, live);
        /* start_round: 6.4, at most one player with chips: no betting */
        unsigned active = live & ~(unsigned)h->all_in;
        memset(h->round_bet, 0, sizeof h->round_bet);
        if (active & (active - 1)) {
            /* 2.1, 2.2: the bring-in (2.6: passed on from a player all-in
             * from the ante); 3.1: the opener (an all-in opener is skipped);
             * no upcard since the last opener was ranked: the same boards */
            int bring_in = h->street == 0;
            if (r->streets[h->street].up != 0 || live != ranked_live)
                ranked = extreme_board(h, live, bring_in ? r->bring_in_tiebreak : r->board_tiebreak,
                                       !bring_in);
            ranked_live = bring_in ? 0 : live;
            int first = ranked;
            unsigned later = active & ~((1u << first) - 1);
            first = stud_ctz64(later ? later : active);
            int result = betting_round(h, first, bring_in, policy, cache, rng, step_limit, &steps);
            if (result != ROUND_DONE) {
                *decisions += steps;
                if (result == ROUND_WON)
                    win_without_showdown(h);
                return STUD_OK;
            }
            active = stud_hand_live(h) & ~(unsigned)h->all_in;
        }
        /* finish_round: 7.1, nothing to return when two players with chips
         * are left (they matched the bet, and had put in the most before it:
         * every other seat's total is at most theirs) */
        if (!(active & (active - 1)))
            return_uncalled(h);
        if (h->street + 1 >= r->n_streets)
            break;
        h->street++;
    }
    *decisions += steps;
    stud_settle(h, stud_hand_live(h), 0, NULL); /* 8.2: no log, no show/muck events */
    return STUD_OK;
}

/* Two copies of the kernel: every seat random (the policy tests fold away),
 * or a policy per seat. */
STUD_NOINLINE static int play_random_hand(stud_hand *h, int n_seats, const int32_t *stacks,
                                          uint64_t seed, stud_playout_cache *cache,
                                          uint64_t rng[4], uint64_t step_limit,
                                          uint64_t *decisions)
{
    return play_hand(h, n_seats, stacks, seed, NULL, cache, rng, step_limit, decisions);
}

STUD_NOINLINE static int play_policy_hand(stud_hand *h, int n_seats, const int32_t *stacks,
                                          uint64_t seed, const uint8_t *policy,
                                          stud_playout_cache *cache, uint64_t rng[4],
                                          uint64_t step_limit, uint64_t *decisions)
{
    return play_hand(h, n_seats, stacks, seed, policy, cache, rng, step_limit, decisions);
}

int stud_playout(stud_hand *h, int n_seats, const int32_t *stacks, uint64_t seed,
                 const uint8_t *policy, stud_playout_cache *cache, uint64_t rng[4],
                 uint64_t step_limit, uint64_t *decisions)
{
    if (!policy)
        return play_random_hand(h, n_seats, stacks, seed, cache, rng, step_limit, decisions);
    return play_policy_hand(h, n_seats, stacks, seed, policy, cache, rng, step_limit, decisions);
}
