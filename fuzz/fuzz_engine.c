/* fuzz_engine.c: libFuzzer target for the betting engine (game.h) and the
 * whole-hand loops built on it (simulate.h).
 *
 * The input is read as a byte stream (zeros once it runs out):
 *   setup   variant, bets and options (stud_rules_default, then option
 *           bytes, sometimes raw byte edits of the rules struct), seats,
 *           stacks, manual dealing, manual showdown, a stacked or raw deck;
 *   ops     a sequence of calls picked by the input: a listed action, an
 *           arbitrary (kind, amount), a manual deal with valid or arbitrary
 *           cards and counts, show/muck, a memcpy of the hand to a fresh
 *           allocation, act-versus-apply on two copies, read-only queries;
 *   finish  the hand is then played out with listed actions, valid deals
 *           and shows, and must end.
 * One leading byte value instead runs stud_play_random (with its own
 * checks) and stud_simulate on the fuzzed rules.
 *
 * Invariants checked after every call (a violation aborts):
 *   - a call that returns an error leaves the hand byte-identical, and its
 *     code is a known one; read-only calls never change the hand;
 *   - chips are conserved: stacks plus `total` equal the starting chips
 *     while the hand runs, stacks alone once it is over; no stack, bet,
 *     contribution or payout is negative;
 *   - stud_hand_legal lists at most STUD_MAX_ACTIONS distinct actions the
 *     actor can afford, each accepted by stud_hand_check, and nothing next
 *     to them; none when no action is awaited, at least one when it is;
 *     in game.h's order (the bring-in, or the fold and the call, or the
 *     check; then the wagers, smallest first), stud_hand_passive its
 *     passive one;
 *   - what the hand keeps to decide faster matches what it holds: each
 *     seat's board planes are those of its upcards, and while betting the
 *     `owe` set is the seats whose bet is below bet_to;
 *   - the actor is -1 or a seat that may act in the current phase;
 *   - cards are valid and distinct across seats, community and the stub,
 *     every live hand holds at most seven cards with the community;
 *   - a hand ends within a bound that follows from the rules (cap, seats,
 *     chips) when only listed actions are taken;
 *   - a log never fills up (no event can have been dropped).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "cards.h"
#include "game.h"
#include "poll.h"
#include "simulate.h"

#define FUZZ_TARGET "fuzz_engine"
#include "fuzz_common.h"
#include "fuzz_rules.h"

#define MAX_OPS 2048
#define LEGAL_ROOM 64 /* more than STUD_MAX_ACTIONS, so an overlong list is seen, not overflowed */

/* What the checks need to know about the hand being played. */
typedef struct {
    stud_hand *h;
    int n_seats;
    int64_t chips;       /* at the start */
    long steps, bound;   /* betting actions taken, and the most a hand may take */
    stud_log *log;       /* NULL or a log reset before each call */
    uint64_t rng;        /* for the play-out */
} game;

static uint64_t next_rng(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

static uint64_t cards_out(const stud_hand *h)
{
    uint64_t out = h->community;
    for (int seat = 0; seat < STUD_MAX_SEATS; seat++)
        out |= h->all_mask[seat];
    return out;
}

static int live_count(const stud_hand *h)
{
    return stud_popcount(stud_hand_live(h));
}

static void check_legal(const stud_hand *h)
{
    stud_action legal[LEGAL_ROOM];
    memset(legal, 0, sizeof legal);
    int n = stud_hand_legal(h, legal);
    REQUIRE(n >= 0 && n <= STUD_MAX_ACTIONS);
    if (h->phase != STUD_PHASE_BETTING) {
        REQUIRE(n == 0);
        REQUIRE(stud_hand_check(h, STUD_CALL, 0) == STUD_E_NOT_BETTING);
        REQUIRE(stud_hand_passive(h).kind == -1);
        return;
    }
    REQUIRE(n >= 1);
    int seat = h->actor;
    int32_t mine = h->round_bet[seat];
    /* the order game.h gives (the built-in policies rely on it): the
     * bring-in, or the fold and the call, or the check (with 11.3's
     * fold_when_can_check, the fold and the check); then the wagers,
     * smallest first; stud_hand_passive is the passive one */
    int head = legal[0].kind == STUD_FOLD ? 2 : 1;
    REQUIRE(legal[0].kind == STUD_BRING_IN ||
            (legal[0].kind == STUD_CHECK && !h->rules.fold_when_can_check) ||
            (legal[0].kind == STUD_FOLD && n >= 2 &&
             (legal[1].kind == STUD_CALL ||
              (legal[1].kind == STUD_CHECK && h->rules.fold_when_can_check))));
    stud_action passive = stud_hand_passive(h);
    REQUIRE(passive.kind == legal[head - 1].kind && passive.amount == legal[head - 1].amount);
    for (int i = head; i < n; i++) {
        REQUIRE(legal[i].kind >= STUD_COMPLETE);
        REQUIRE(i == head || legal[i].amount > legal[i - 1].amount);
    }
    for (int i = 0; i < n; i++) {
        int kind = legal[i].kind;
        int32_t amount = legal[i].amount;
        REQUIRE(kind >= STUD_FOLD && kind <= STUD_RAISE);
        REQUIRE(stud_hand_check(h, kind, amount) == STUD_OK);
        for (int j = 0; j < i; j++)
            REQUIRE(legal[j].kind != kind || legal[j].amount != amount);
        if (kind == STUD_FOLD || kind == STUD_CHECK)
            continue;
        /* what he puts in: the bring-in is posted as is, the rest are totals */
        int32_t put = kind == STUD_BRING_IN ? amount : amount - mine;
        REQUIRE(put > 0 && put <= h->stack[seat]);
        if (kind >= STUD_COMPLETE)
            REQUIRE(amount > h->bet_to);
        /* the amounts next to a listed one are refused unless listed too */
        for (int delta = -1; delta <= 1; delta += 2) {
            int32_t other = amount + delta;
            int listed = 0;
            for (int j = 0; j < n; j++)
                listed |= legal[j].kind == kind && legal[j].amount == other;
            if (!listed)
                REQUIRE(stud_hand_check(h, kind, other) != STUD_OK);
        }
    }
    /* kinds that are not listed are refused as kinds */
    for (int kind = -1; kind <= STUD_RAISE + 1; kind++) {
        int listed = 0;
        for (int i = 0; i < n; i++)
            listed |= legal[i].kind == kind;
        if (!listed)
            REQUIRE(stud_hand_check(h, kind, mine) == STUD_E_KIND);
    }
}

static void check_hand(const game *g)
{
    const stud_hand *h = g->h;
    unsigned seats = (1u << g->n_seats) - 1;
    REQUIRE(h->n_seats == g->n_seats);
    REQUIRE(h->phase <= STUD_PHASE_SHOWDOWN);
    REQUIRE(h->street < h->rules.n_streets && h->rules.n_streets <= STUD_MAX_STREETS);
    REQUIRE((h->folded & ~seats) == 0 && (h->all_in & ~seats) == 0);
    REQUIRE(live_count(h) >= 1);

    /* the actor */
    REQUIRE(h->actor >= -1 && h->actor < g->n_seats);
    unsigned live = stud_hand_live(h);
    switch (h->phase) {
    case STUD_PHASE_BETTING:
        REQUIRE(h->actor >= 0 && (live >> h->actor & 1) && !(h->all_in >> h->actor & 1));
        break;
    case STUD_PHASE_SHOWDOWN:
        REQUIRE(h->actor >= 0 && (live >> h->actor & 1));
        REQUIRE(h->showdown_next < h->n_showdown && h->n_showdown <= g->n_seats);
        REQUIRE(h->showdown_seats[h->showdown_next] == (uint8_t)h->actor);
        break;
    default:
        REQUIRE(h->actor == -1);
    }

    /* chips */
    int64_t sum = 0;
    for (int seat = 0; seat < g->n_seats; seat++) {
        REQUIRE(h->stack[seat] >= 0 && h->total[seat] >= 0 && h->payout[seat] >= 0);
        REQUIRE(h->round_bet[seat] >= 0 && h->round_bet[seat] <= h->total[seat]);
        sum += h->stack[seat];
        if (h->phase != STUD_PHASE_OVER) {
            sum += h->total[seat];
            /* all-in exactly when out of chips, until the pots are paid */
            REQUIRE(((h->all_in >> seat & 1) != 0) == (h->stack[seat] == 0));
        }
    }
    REQUIRE(sum == g->chips);
    for (int seat = g->n_seats; seat < STUD_MAX_SEATS; seat++)
        REQUIRE(h->stack[seat] == 0 && h->total[seat] == 0 && h->payout[seat] == 0 &&
                h->n_cards[seat] == 0 && h->all_mask[seat] == 0);

    /* cards */
    uint64_t seen = h->community;
    REQUIRE((h->community & ~STUD_VALID_BITS) == 0);
    for (int seat = 0; seat < g->n_seats; seat++) {
        uint64_t all = h->all_mask[seat], from_list = 0;
        REQUIRE(h->n_cards[seat] <= 7);
        REQUIRE((all & ~STUD_VALID_BITS) == 0 && (all & seen) == 0);
        REQUIRE(stud_popcount(all) == h->n_cards[seat]);
        REQUIRE((h->up_mask[seat] & ~all) == 0);
        for (int k = 0; k < h->n_cards[seat]; k++) {
            REQUIRE(h->cards[seat][k] < STUD_CARDS);
            from_list |= stud_card_bit(h->cards[seat][k]);
        }
        REQUIRE(from_list == all);
        if (live >> seat & 1)
            REQUIRE(stud_popcount(all | h->community) <= 7);
        seen |= all;
        /* the board the engine keeps (board.h) is that of the upcards */
        uint64_t planes = 0;
        for (uint64_t up = h->up_mask[seat]; up; up &= up - 1)
            planes = stud_board_add(planes, stud_lowest_card(up),
                                    stud_rules_ace_low_board(&h->rules));
        REQUIRE(h->board[seat] == planes);
    }
    if (h->phase == STUD_PHASE_BETTING) {
        /* the seat sets the betting keeps: who acted, who is short of the bet */
        unsigned owe = 0;
        for (int seat = 0; seat < g->n_seats; seat++)
            owe |= (unsigned)(h->round_bet[seat] < h->bet_to) << seat;
        REQUIRE(h->owe == owe && (h->acted & ~seats) == 0);
    }
    if (!h->manual) {
        REQUIRE(h->deck_top <= h->deck_len && h->deck_len <= STUD_CARDS);
        uint64_t stub = 0;
        for (int i = h->deck_top; i < h->deck_len; i++) {
            REQUIRE(h->deck[i] < STUD_CARDS);
            uint64_t bit = stud_card_bit(h->deck[i]);
            REQUIRE((stub & bit) == 0 && (seen & bit) == 0);
            stub |= bit;
        }
    }

    check_legal(h);

    if (g->log) {
        REQUIRE(g->log->n >= 0 && g->log->n < STUD_LOG_CAPACITY);
        for (int i = 0; i < g->log->n; i++) {
            const stud_event *e = &g->log->events[i];
            REQUIRE(e->type <= STUD_EV_AWARD);
            if (e->type != STUD_EV_BURN && e->type != STUD_EV_COMMUNITY &&
                e->type != STUD_EV_RESHUFFLE && e->type != STUD_EV_STREET)
                REQUIRE(e->seat < g->n_seats);
        }
    }
    REQUIRE(g->steps <= g->bound);
}

/* Runs one mutating call through the checks: an error must leave the hand
 * byte-identical. */
typedef struct {
    int op; /* 0 act, 1 deal, 2 show */
    int kind;
    int32_t amount;
    const uint8_t *cards;
    int n_cards, per_seat, community, show;
} call;

static int run(game *g, const call *c)
{
    stud_hand before;
    memcpy(&before, g->h, sizeof before);
    int betting = g->h->phase == STUD_PHASE_BETTING;
    if (g->log)
        g->log->n = 0;
    int rc;
    switch (c->op) {
    case 0:
        rc = stud_hand_act(g->h, c->kind, c->amount, g->log);
        break;
    case 1:
        rc = stud_hand_deal(g->h, c->cards, c->n_cards, c->per_seat, c->community, g->log);
        break;
    default:
        rc = stud_hand_show(g->h, c->show, g->log);
        break;
    }
    REQUIRE(rc >= 0 && rc < STUD_N_ERRORS && rc != STUD_E_INTERRUPTED);
    if (rc != STUD_OK) {
        REQUIRE(memcmp(&before, g->h, sizeof before) == 0);
        if (g->log)
            REQUIRE(g->log->n == 0);
    } else if (c->op == 0) {
        REQUIRE(betting);
        g->steps++;
    }
    check_hand(g);
    return rc;
}

/* Deals the awaited street with unused cards picked by `pick`. */
static int deal_valid(game *g, uint64_t (*pick)(void *), void *ctx, int community)
{
    const stud_hand *h = g->h;
    const stud_street *st = &h->rules.streets[h->street < STUD_MAX_STREETS ? h->street : 0];
    uint8_t unused[STUD_CARDS];
    int n_unused = 0;
    uint64_t out = cards_out(h);
    for (int card = 0; card < STUD_CARDS; card++)
        if (!(out & stud_card_bit(card)))
            unused[n_unused++] = (uint8_t)card;
    int per_seat = st->down + st->up, n = live_count(h) * per_seat;
    /* RULES 5.1: a community card only when the cards left cannot give
     * every live seat its card and the burn (asked for otherwise, it must
     * be refused) */
    int need = n + (h->rules.burn_cards && st->burn);
    call c = {.op = 1, .per_seat = per_seat, .community = -1};
    if (h->street > 0 && (community || n_unused < need)) {
        if (n_unused == 0)
            return -1;
        c.community = unused[pick(ctx) % (uint64_t)n_unused];
        return run(g, &c);
    }
    uint8_t *cards = malloc((size_t)n + 1); /* exact size (+1 for n == 0) */
    REQUIRE(cards);
    for (int i = 0; i < n; i++) {
        int j = i + (int)(pick(ctx) % (uint64_t)(n_unused - i));
        uint8_t t = unused[i];
        unused[i] = unused[j];
        unused[j] = t;
        cards[i] = unused[i];
    }
    c.cards = cards;
    c.n_cards = n;
    int rc = run(g, &c);
    free(cards);
    return rc;
}

static uint64_t pick_input(void *ctx)
{
    return u8((input *)ctx);
}

static uint64_t pick_rng(void *ctx)
{
    return next_rng((uint64_t *)ctx);
}

/* Plays a listed action; with `both`, also applies it with stud_hand_apply
 * to a copy, which must end identical. */
static int act_listed(game *g, unsigned choice, int both)
{
    stud_action legal[LEGAL_ROOM];
    int n = stud_hand_legal(g->h, legal);
    if (n == 0)
        return -1;
    stud_action a = legal[choice % (unsigned)n];
    stud_hand *copy = NULL;
    if (both) {
        copy = malloc(sizeof *copy);
        REQUIRE(copy);
        memcpy(copy, g->h, sizeof *copy);
        stud_hand_apply(copy, a.kind, a.amount, NULL);
    }
    call c = {.op = 0, .kind = a.kind, .amount = a.amount};
    REQUIRE(run(g, &c) == STUD_OK);
    if (copy) {
        REQUIRE(memcmp(copy, g->h, sizeof *copy) == 0);
        free(copy);
    }
    return 0;
}

/* Calls that must not change the hand. */
static void read_only(game *g, input *in)
{
    stud_hand before;
    memcpy(&before, g->h, sizeof before);
    int32_t amount[STUD_MAX_SEATS];
    unsigned eligible[STUD_MAX_SEATS];
    unsigned contenders = u16(in);
    int n = stud_hand_pots(g->h, contenders, amount, eligible);
    REQUIRE(n >= 1 && n <= g->n_seats);
    int64_t pots = 0, put = 0;
    for (int p = 0; p < n; p++) {
        REQUIRE(amount[p] >= 0);
        REQUIRE((eligible[p] & ~contenders) == 0 && (eligible[p] >> g->n_seats) == 0);
        pots += amount[p];
    }
    for (int seat = 0; seat < g->n_seats; seat++)
        put += g->h->total[seat];
    REQUIRE(pots == put);
    int may = stud_hand_may_muck(g->h);
    REQUIRE(may == 0 || may == 1);
    if (g->h->phase != STUD_PHASE_SHOWDOWN)
        REQUIRE(may == 0);
    REQUIRE(stud_error_text((int)u32(in)) != NULL);
    REQUIRE(memcmp(&before, g->h, sizeof before) == 0);
}

static void one_op(game *g, input *in)
{
    uint8_t op = u8(in);
    switch (op % 12) {
    case 0: case 1: case 2: case 3: /* the common case: a listed action */
        act_listed(g, u8(in), 0);
        break;
    case 4: { /* any kind and amount */
        uint8_t how = u8(in);
        call c = {.op = 0};
        c.kind = how & 1 ? (int)(int32_t)u32(in) : (int)(how >> 1) % 10 - 1;
        if (how & 2) {
            c.amount = (int32_t)u32(in);
        } else { /* near a listed amount */
            stud_action legal[LEGAL_ROOM];
            int n = stud_hand_legal(g->h, legal);
            c.amount = (n ? legal[u8(in) % n].amount : 0) + (int8_t)u8(in) % 4;
        }
        run(g, &c);
        break;
    }
    case 5: /* a valid deal of the street, or a community card */
        deal_valid(g, pick_input, in, u8(in) & 1);
        break;
    case 6: { /* a deal with arbitrary counts and cards */
        uint8_t how = u8(in);
        call c = {.op = 1};
        c.n_cards = how & 1 ? (int)(int32_t)u32(in) : (int)(int8_t)u8(in);
        c.per_seat = how & 2 ? (int)(int32_t)u32(in) : (int)(int8_t)u8(in);
        c.community = how & 4 ? (int)(int32_t)u32(in) : (how & 8 ? -1 : (int)(int8_t)u8(in));
        /* a buffer of at most 80 bytes: a larger count must be refused unread */
        size_t room = c.n_cards > 0 ? (size_t)(c.n_cards < 80 ? c.n_cards : 80) : 0;
        uint8_t *cards = malloc(room + 1);
        REQUIRE(cards);
        for (size_t i = 0; i < room; i++)
            cards[i] = how & 16 ? u8(in) : u8(in) % STUD_CARDS;
        c.cards = how & 32 ? NULL : cards + (room ? 0 : 1); /* room 0: one past the end */
        run(g, &c);
        free(cards);
        break;
    }
    case 7: { /* show or muck */
        call c = {.op = 2, .show = (int)(int8_t)u8(in)};
        run(g, &c);
        break;
    }
    case 8: { /* the hand is plain data: continue on a copy in new memory */
        stud_hand *copy = malloc(sizeof *copy);
        REQUIRE(copy);
        memcpy(copy, g->h, sizeof *copy);
        memset(g->h, 0xDD, sizeof *g->h);
        free(g->h);
        g->h = copy;
        check_hand(g);
        break;
    }
    case 9: /* act and apply agree */
        act_listed(g, u8(in), 1);
        break;
    case 10:
        read_only(g, in);
        break;
    default: { /* a log, or none, from now on */
        if (g->log) {
            free(g->log);
            g->log = NULL;
        } else {
            g->log = malloc(sizeof *g->log);
            REQUIRE(g->log);
            g->log->n = 0;
        }
        break;
    }
    }
}

/* Plays the hand to its end with listed actions, valid deals and shows. */
static void play_out(game *g)
{
    long limit = g->bound + 64;
    for (long i = 0; i < limit && g->h->phase != STUD_PHASE_OVER; i++) {
        switch (g->h->phase) {
        case STUD_PHASE_BETTING:
            REQUIRE(act_listed(g, (unsigned)next_rng(&g->rng), (i & 15) == 0) == 0);
            break;
        case STUD_PHASE_DEAL:
            /* a manual deal is always possible: if not for every seat, a community card */
            REQUIRE(deal_valid(g, pick_rng, &g->rng, 0) == STUD_OK);
            break;
        default: {
            call c = {.op = 2, .show = !stud_hand_may_muck(g->h) || (next_rng(&g->rng) & 1)};
            REQUIRE(run(g, &c) == STUD_OK);
        }
        }
    }
    REQUIRE(g->h->phase == STUD_PHASE_OVER);
    for (int seat = 0; seat < g->n_seats; seat++)
        if (g->h->folded >> seat & 1)
            REQUIRE(g->h->payout[seat] == 0); /* no chip goes back to a folded seat */
}

/* ---- setup ---------------------------------------------------------------------- */

static void fuzz_rules(stud_rules *r, input *in, int raw_edits)
{
    uint8_t v = u8(in);
    int32_t small = 1 + u16(in) % 2000;
    stud_rules_default(r, v % (STUD_SEVEN_CARD_STUD_HILO_REGULAR + 1), small);
    if (v & 0x80) /* a forged small bet, any value: only stud_rules_check sees it */
        small = r->small_bet = (int32_t)u32(in);
    read_rule_options(r, u8(in), small, in);
    read_regular_options(r, in);
    uint8_t raises = u8(in);
    r->max_raises = raises >= 0xF0 ? u8(in) : raises % 6;
    if (raw_edits) { /* forged fields: stud_rules_check must catch what is unsafe */
        int edits = 1 + u8(in) % 4;
        for (int k = 0; k < edits; k++) {
            size_t at = u8(in) % sizeof *r;
            ((uint8_t *)r)[at] = u8(in);
        }
    }
}

/* Accepted rules keep the promises of game.h. */
static void check_accepted(const stud_rules *r)
{
    stud_rules own;
    stud_rules_default(&own, r->variant, r->small_bet);
    REQUIRE(r->variant <= STUD_SEVEN_CARD_STUD_HILO_REGULAR);
    REQUIRE(r->ante >= 0 && r->bring_in > 0 && r->bring_in <= r->small_bet &&
            r->small_bet <= r->big_bet);
    REQUIRE(r->bring_in_tiebreak <= 1 && r->board_tiebreak <= 1 && r->heads_up_uncapped <= 1 &&
            r->open_pair_double <= 1 && r->reopen_rule <= 1 && r->odd_chip <= 1 &&
            r->burn_cards <= 1);
    REQUIRE(r->n_streets == own.n_streets && r->max_players == own.max_players &&
            r->scoring == own.scoring && r->low_board == (r->action_order == STUD_ORDER_LOW));
    /* 13.2, 13.5: a choice in Hi-Lo Regular only */
    if (r->variant != STUD_SEVEN_CARD_STUD_HILO_REGULAR)
        REQUIRE(r->action_order == own.action_order && r->low_needs_five_ranks == 0);
    REQUIRE(r->action_order <= 1 && r->low_needs_five_ranks <= 1);
    REQUIRE(memcmp(r->streets, own.streets, sizeof own.streets) == 0);
}

static int stop_after(stud_poll *poll)
{
    return --*(int *)poll->context < 0;
}

/* stud_play_random (which checks itself) and stud_simulate on fuzzed rules. */
static void fuzz_simulate(input *in)
{
    stud_rules r;
    fuzz_rules(&r, in, u8(in) & 1);
    int n = (int)(int8_t)u8(in) % 12;
    int32_t stacks[STUD_MAX_SEATS];
    for (int i = 0; i < STUD_MAX_SEATS; i++)
        stacks[i] = 1 + u16(in) % 3000;
    uint8_t policies[STUD_MAX_SEATS];
    for (int i = 0; i < STUD_MAX_SEATS; i++)
        policies[i] = u8(in) % 4; /* 3 is not a policy */
    uint64_t seed = u32(in);
    uint8_t flags = u8(in);
    int budget = flags >> 4; /* polls before a stop */
    stud_poll poll = {0, stop_after, &budget};
    stud_poll *use_poll = flags & 8 ? &poll : NULL;
    uint64_t hands = 1 + (flags & 3);

    stud_random_report report;
    int rc = stud_play_random(&r, n, stacks, flags >> 2 & 1, hands, seed, 1, &report, use_poll);
    REQUIRE(rc >= 0 && rc < STUD_N_ERRORS);
    if (rc == STUD_OK) {
        REQUIRE(report.violations == 0 && report.hands == hands);
        check_accepted(&r);
    }

    stud_sim_result result;
    memset(&result, 0, sizeof result);
    budget = flags >> 4;
    poll.stop = 0;
    rc = stud_simulate(&r, n, stacks, policies, hands, seed, flags >> 5 & 1, flags >> 6 & 1,
                       &result, use_poll);
    REQUIRE(rc >= 0 && rc < STUD_N_ERRORS);
    if (rc == STUD_OK) {
        int64_t net = 0;
        for (int p = 0; p < n; p++)
            net += result.net[p];
        REQUIRE(result.hands == hands && net == 0);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    input in = {data, data + size};
    uint8_t mode = u8(&in);
    if (mode == 0xFF) {
        fuzz_simulate(&in);
        return 0;
    }
    stud_rules rules;
    fuzz_rules(&rules, &in, mode >> 5 & 1);
    int manual = mode & 1, manual_showdown = mode >> 1 & 1;
    int give_deck = mode >> 2 & 1, stacked = mode >> 3 & 1, raw_deck = mode >> 4 & 1;
    int any_stacks = mode >> 6 & 1;
    uint8_t ns = u8(&in);
    int n_seats = ns < 0xF0 ? 2 + ns % 9 : (int)(ns - 0xF0) - 2; /* -2..13 */
    int32_t small = rules.small_bet > 0 && rules.small_bet < (1 << 20) ? rules.small_bet : 1;
    int32_t *stacks = malloc(sizeof(int32_t) * (size_t)(n_seats > 0 ? n_seats : 1));
    REQUIRE(stacks);
    int64_t chips = 0;
    int bad_stack = 0;
    for (int seat = 0; seat < n_seats; seat++) {
        stacks[seat] = any_stacks ? (int32_t)u32(&in)
                                  : 1 + (int32_t)((int64_t)u16(&in) * small / 2048);
        chips += stacks[seat];
        bad_stack |= stacks[seat] <= 0;
    }
    uint8_t *deck = NULL;
    int bad_deck = 0;
    if (give_deck) {
        deck = malloc(STUD_CARDS);
        REQUIRE(deck);
        if (raw_deck) {
            uint64_t seen = 0;
            for (int i = 0; i < STUD_CARDS; i++) {
                deck[i] = u8(&in);
                bad_deck |= deck[i] >= STUD_CARDS || (seen & stud_card_bit(deck[i] & 63));
                seen |= deck[i] < STUD_CARDS ? stud_card_bit(deck[i]) : 0;
            }
        } else { /* a permutation driven by the input */
            for (int i = 0; i < STUD_CARDS; i++)
                deck[i] = (uint8_t)i;
            for (int i = STUD_CARDS - 1; i > 0; i--) {
                int j = u8(&in) % (i + 1);
                uint8_t t = deck[i];
                deck[i] = deck[j];
                deck[j] = t;
            }
        }
    }
    uint64_t seed = u32(&in);

    game g = {0};
    g.n_seats = n_seats;
    g.chips = chips;
    g.rng = seed | 1;
    g.h = malloc(sizeof *g.h);
    REQUIRE(g.h);
    memset(g.h, 0xA5, sizeof *g.h);
    stud_hand before;
    memcpy(&before, g.h, sizeof before);
    if (mode & 0x80) {
        g.log = malloc(sizeof *g.log);
        REQUIRE(g.log);
        g.log->n = 0;
    }
    int rules_ok = stud_rules_check(&rules) == STUD_OK;
    int rc = stud_hand_start(g.h, &rules, n_seats, stacks, deck, stacked, manual, manual_showdown,
                             seed, g.log);
    /* what the start must say, from the documented conditions */
    int expect = STUD_OK;
    if (!rules_ok || n_seats < 2 || n_seats > rules.max_players || bad_stack || chips > (1 << 30))
        expect = STUD_E_RULES;
    else if (!manual && bad_deck)
        expect = STUD_E_CARDS;
    REQUIRE(rc == expect);
    if (rules_ok)
        check_accepted(&rules);
    if (rc != STUD_OK) {
        REQUIRE(memcmp(&before, g.h, sizeof before) == 0);
        goto done;
    }

    /* the most betting actions a hand can take: per round, each bet or raise
     * lifts the level by a chip or more and is capped unless heads-up
     * uncapped, short all-ins aside; between two of them each seat acts once */
    int32_t top = 0;
    for (int seat = 0; seat < n_seats; seat++)
        top = stacks[seat] > top ? stacks[seat] : top;
    long capped = (long)rules.max_raises + 2 + n_seats, by_chips = (long)top + 1;
    long aggressive = rules.heads_up_uncapped || by_chips < capped ? by_chips : capped;
    g.bound = (long)rules.n_streets * (aggressive + 1) * (n_seats + 1);
    check_hand(&g);

    for (int k = 0; k < MAX_OPS && !exhausted(&in); k++)
        one_op(&g, &in);
    play_out(&g);
    int64_t after = 0;
    for (int seat = 0; seat < n_seats; seat++)
        after += g.h->stack[seat];
    REQUIRE(after == chips);

done:
    free(g.log);
    free(g.h);
    free(deck);
    free(stacks);
    return 0;
}
