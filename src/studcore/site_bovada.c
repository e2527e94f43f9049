/* site_bovada.c: Bovada's (Bodog's, Ignition's) text hand histories, read
 * in C into the builder of site_text.h (python/stud/histories/sites/
 * bovada.py describes the format and reads the header's game; this file
 * reads the lines after it, as that module's reader did, and finds the
 * stakes of a cash table, which its header does not give, in the hand's
 * bets).  Digits are ASCII digits, whitespace Python's. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ps_text.h"
#include "site_text.h"

/* ---- text helpers over a line -------------------------------------------------------- */

/* Whether s[i, end) starts with the n bytes of lit. */
static inline int at_n(const char *s, size_t i, size_t end, const char *lit, size_t n)
{
    return end >= i && end - i >= n && memcmp(s + i, lit, n) == 0;
}

/* Whether s[i, end) starts with the string literal `lit`. */
#define at_lit(s, i, end, lit) at_n(s, i, end, lit, sizeof(lit) - 1)

/* [$]?[\d,]+(?:\.\d+)? from i, as far as it goes: its end, or 0 (none). */
static size_t amount_end(const char *s, size_t i, size_t end)
{
    if (i < end && s[i] == '$')
        i++;
    size_t d = i;
    while (i < end && (ps_digit(s[i]) || s[i] == ','))
        i++;
    if (i == d)
        return 0;
    if (i + 1 < end && s[i] == '.' && ps_digit(s[i + 1])) {
        i += 2;
        while (i < end && ps_digit(s[i]))
            i++;
    }
    return i;
}

/* Whether s[i, end) is exactly an amount. */
static int amount_to_end(const char *s, size_t i, size_t end)
{
    return amount_end(s, i, end) == end;
}

int stud_site_bovada_header(const char *s, size_t len, stud_hh_span *id, stud_hh_span *rest)
{
    /* (?:Bovada|Bodog(?:\.com|\.eu| UK| Canada|88)?|Ignition) Hand #C?(\d+):?\s+(.*) */
    size_t i = 0, k;
    if (at_lit(s, 0, len, "Bovada")) {
        i = 6;
    } else if (at_lit(s, 0, len, "Bodog")) {
        static const char *const SUFFIXES[] = {".com", ".eu", " UK", " Canada", "88"};
        i = 5;
        for (int n = 0; n < 5; n++)
            if (at_n(s, 5, len, SUFFIXES[n], strlen(SUFFIXES[n])) &&
                at_lit(s, 5 + strlen(SUFFIXES[n]), len, " Hand #")) {
                i += strlen(SUFFIXES[n]);
                break;
            }
    } else if (at_lit(s, 0, len, "Ignition")) {
        i = 8;
    } else {
        return 0;
    }
    if (!at_lit(s, i, len, " Hand #"))
        return 0;
    i += 7;
    if (i < len && s[i] == 'C')
        i++;
    size_t digits = i;
    while (i < len && ps_digit(s[i]))
        i++;
    if (i == digits)
        return 0;
    id->start = (uint32_t)digits;
    id->len = (uint32_t)(i - digits);
    if (i < len && s[i] == ':')
        i++;
    if (i >= len || (k = stud_site_space_at(s, len, i)) == 0)
        return 0;
    while (i < len && (k = stud_site_space_at(s, len, i)) != 0)
        i += k;
    rest->start = (uint32_t)i;
    rest->len = (uint32_t)(len - i);
    return 1;
}

/* ---- the hand ------------------------------------------------------------------------ */

#define MAX_CARDS 64
#define NONE INT64_MIN /* a bet the hand has not shown (Python's None) */

typedef struct {
    stud_site_hand *h;
    stud_site_error *err;
    char *buf;                /* the lines' buffer (a line without its (timeout)s is
                               * rewritten in place: its errors quote it so) */
    int summary, has_total;
    int64_t total;
    /* the last player's line read (a line written twice is read once) */
    const char *previous;
    size_t previous_len;
    char *copy;               /* the last such line as written, when rewritten in place */
    size_t copy_cap;
    /* the bets as the hand shows them (NONE: not shown) */
    int64_t small, big, dbl;  /* dbl: an open pair's double bet */
    int64_t level, shortest;  /* the last full bet's total in this round, a short all-in above it */
    int level_street;
    int64_t weak_small, weak_big; /* the bets as raises show them */
    int any_put_in;           /* a seat put chips in (or an ante or an amount of 0) */
    /* names that are no player's whose cards are seen (a reveal): kept in
     * h->name past the players, each its slot's number the owner in h->seen */
    uint8_t slot_used[STUD_SITE_MAX_PLAYERS];
} bv_hand;

/* Python's `x or y` over a bet that may be None. */
static int64_t or_else(int64_t x, int64_t y)
{
    return x != NONE && x != 0 ? x : y;
}

/* Python's floor division by 2. */
static int64_t half(int64_t x)
{
    return x >= 0 ? x / 2 : -((-x + 1) / 2);
}

static int too_many_names(bv_hand *f, uint32_t number)
{
    return stud_site_fail(f->err, f->h, number, "more than %d players are listed",
                          (int64_t)STUD_SITE_MAX_PLAYERS);
}

/* A free slot for a name that is no player's (the highest), or -1. */
static int free_slot(const bv_hand *f, int above)
{
    for (int k = STUD_SITE_MAX_PLAYERS - 1; k > above && k >= f->h->n_players; k--)
        if (!f->slot_used[k])
            return k;
    return -1;
}

static void move_owner(stud_site_hand *h, int from, int to)
{
    for (int c = 0; c < 52; c++)
        if (h->seen[c] == from)
            h->seen[c] = (int8_t)to;
}

/* The owner in h->seen of the name `name`: a player's number, else the
 * name's slot (-1 with err set: no slot left). */
static int owner_of(bv_hand *f, uint32_t number, stud_hh_span name)
{
    stud_site_hand *h = f->h;
    int p = stud_site_find(h, h->buf + name.start, name.len);
    if (p >= 0)
        return p;
    for (int k = h->n_players; k < STUD_SITE_MAX_PLAYERS; k++)
        if (f->slot_used[k] && h->name[k].len == name.len &&
            memcmp(h->buf + h->name[k].start, h->buf + name.start, name.len) == 0)
            return k;
    int k = free_slot(f, -1);
    if (k < 0)
        return too_many_names(f, number);
    f->slot_used[k] = 1;
    h->name[k] = name;
    return k;
}

/* The cards written for `name` outside a deal (a reveal). */
static int reveal(bv_hand *f, uint32_t number, stud_hh_span name, const uint8_t *cards, int n)
{
    if (n == 0)
        return 0;
    int owner = owner_of(f, number, name);
    if (owner < 0)
        return -1;
    for (int c = 0; c < n; c++)
        if (stud_site_see(f->h, cards[c], owner, number, 1, f->err))
            return -1;
    return 0;
}

static int seat_line(bv_hand *f, uint32_t number, const stud_site_line *l)
{
    /* (?:Seat (\d+): )?(Seat\+(\d+))( ?\[ME\])?:? \(?([$]?[\d,]+(?:\.\d+)?) in chips\)?.* */
    const char *s = l->s;
    size_t len = l->len, i = 0;
    if (at_lit(s, 0, len, "Seat ")) {
        size_t j = 5;
        while (j < len && ps_digit(s[j]))
            j++;
        if (j > 5 && at_lit(s, j, len, ": "))
            i = j + 2;
    }
    int ok = at_lit(s, i, len, "Seat+");
    size_t name = i, digits = i + 5, name_end = 0, stack = 0, stack_end = 0;
    int me = 0;
    if (ok) {
        i = digits;
        while (i < len && ps_digit(s[i]))
            i++;
        ok = i > digits;
        name_end = i;
    }
    if (ok) {
        size_t j = i + (i < len && s[i] == ' ');
        if (at_lit(s, j, len, "[ME]")) {
            me = 1;
            i = j + 4;
        }
        if (i < len && s[i] == ':')
            i++;
        ok = i < len && s[i] == ' ';
        i++;
    }
    if (ok) {
        if (i < len && s[i] == '(')
            i++;
        stack = i;
        stack_end = amount_end(s, i, len);
        ok = stack_end && at_lit(s, stack_end, len, " in chips");
    }
    if (!ok)
        return stud_site_fail(f->err, f->h, number, "the seat line does not parse: %R",
                              stud_site_sub(l, 0, len));
    stud_site_hand *h = f->h;
    if (h->street != 0)
        return 0;
    int64_t value;
    if (stud_site_amount(h, stud_site_sub(l, stack, stack_end), number, &value, f->err))
        return -1;
    int at = h->n_players;
    if (at < STUD_SITE_MAX_PLAYERS && f->slot_used[at]) {
        /* the slot of a name that is no player's: moved out of the players' way */
        int k = free_slot(f, at);
        if (k < 0)
            return too_many_names(f, number);
        h->name[k] = h->name[at];
        f->slot_used[k] = 1;
        f->slot_used[at] = 0;
        move_owner(h, at, k);
    }
    stud_hh_span who = stud_site_sub(l, name, name_end);
    if (stud_site_seat(h, number, stud_site_number_digits(l, digits, name_end), who, value, f->err))
        return -1;
    if (h->n_players > at) {
        /* cards seen under this name before it sat down are the player's */
        for (int k = at + 1; k < STUD_SITE_MAX_PLAYERS; k++)
            if (f->slot_used[k] && h->name[k].len == who.len &&
                memcmp(h->buf + h->name[k].start, h->buf + who.start, who.len) == 0) {
                f->slot_used[k] = 0;
                move_owner(h, k, at);
            }
        if (me && stud_site_add_field(h, number, "_me", NULL, who, f->err))
            return -1;
    }
    return 0;
}

static int section(bv_hand *f, uint32_t number, const stud_site_line *l)
{
    stud_site_hand *h = f->h;
    int community, kind = stud_site_section(h, number, l, &community, f->err);
    if (kind < 0)
        return -1;
    if (kind == STUD_SITE_SUMMARY) {
        if (stud_site_flush(h, number, f->err))
            return -1;
        f->summary = 1;
        return 0;
    }
    if (kind == STUD_SITE_SHOWDOWN)
        return stud_site_flush(h, number, f->err);
    return stud_site_start_street(h, number, kind, community, f->err);
}

enum { K_ANTE, K_BRING_IN, K_BET, K_DOUBLE, K_RAISE, K_CALL, K_ALL_IN, K_CHECK, K_FOLD,
       K_DEALT, K_RETURNED, K_RESULT, K_SHOW, K_MUCK };

/* An amount to the end after the literal prefix at a (its start in *x0). */
static int amount_after(const char *s, size_t a, size_t e, size_t n, size_t *x0, int kind)
{
    *x0 = a + n;
    return amount_to_end(s, *x0, e) ? kind : -1;
}

#define PREFIX(lit) at_lit(s, a, e, lit)
#define AMOUNT_AFTER(lit, kind) amount_after(s, a, e, sizeof(lit) - 1, x0, kind)

/* "A to B" after the literal prefix at a: the raise's amounts. */
static int raise_after(const char *s, size_t a, size_t e, size_t n, size_t *x0, size_t *y0)
{
    *x0 = a + n;
    size_t x1 = amount_end(s, *x0, e);
    if (!x1 || !at_lit(s, x1, e, " to "))
        return -1;
    *y0 = x1 + 4;
    return amount_to_end(s, *y0, e) ? K_RAISE : -1;
}

/* The kind of s[a, e) (a verb's line without its (timeout)s), -1: none; its
 * amounts' spans (x, y: the raise's "A to B") and its cards' (c, has_c).
 * The verbs' patterns begin each with its own words: one at most fits. */
static int verb_of(const char *s, size_t a, size_t e, size_t *x0, size_t *y0, size_t *c0,
                   size_t *c1, int *has_c)
{
    *has_c = 0;
    if (a >= e)
        return -1;
    size_t i = 0;
    switch (s[a]) {
    case 'A':
        if (PREFIX("Ante chip "))
            return AMOUNT_AFTER("Ante chip ", K_ANTE);
        if (PREFIX("All-in(raise) "))
            return raise_after(s, a, e, 14, x0, y0);
        if (PREFIX("All-in "))
            return AMOUNT_AFTER("All-in ", K_ALL_IN);
        return -1;
    case 'B':
        if (PREFIX("Bets "))
            return AMOUNT_AFTER("Bets ", K_BET);
        if (PREFIX("Bring_in chip "))
            return AMOUNT_AFTER("Bring_in chip ", K_BRING_IN);
        if (PREFIX("Bring in "))
            return AMOUNT_AFTER("Bring in ", K_BRING_IN);
        if (PREFIX("Big blind/Bring in "))
            return AMOUNT_AFTER("Big blind/Bring in ", K_BRING_IN);
        return -1;
    case 'b':
        return PREFIX("bets ") ? AMOUNT_AFTER("bets ", K_BET) : -1;
    case 'R':
        if (PREFIX("Raises "))
            return raise_after(s, a, e, 7, x0, y0);
        if (PREFIX("Return uncalled portion of bet "))
            return AMOUNT_AFTER("Return uncalled portion of bet ", K_RETURNED);
        return -1;
    case 'r':
        return PREFIX("raises ") ? raise_after(s, a, e, 7, x0, y0) : -1;
    case 'C':
        if (PREFIX("Calls "))
            return AMOUNT_AFTER("Calls ", K_CALL);
        if (PREFIX("Call "))
            return AMOUNT_AFTER("Call ", K_CALL);
        if (e - a == 6 && PREFIX("Checks"))
            return K_CHECK;
        if (PREFIX("Card dealt to a spot [")) {
            *c0 = a + 22;
            if (ps_char(s, e, *c0, ']') != (long)e - 1)
                return -1;
            *c1 = e - 1;
            *has_c = 1;
            return K_DEALT;
        }
        return -1;
    case 'F':
        return (e - a == 4 && PREFIX("Fold")) || (e - a == 5 && PREFIX("Folds")) ? K_FOLD : -1;
    case 'H':
        if (PREFIX("Hand ") && a + 5 < e && (s[a + 5] == 'R' || s[a + 5] == 'r') &&
            at_lit(s, a + 6, e, "esult")) {
            i = a + 11;
            if (at_lit(s, i, e, "-Side ") && i + 6 < e && (s[i + 6] == 'P' || s[i + 6] == 'p') &&
                at_lit(s, i + 7, e, "ot"))
                i += 9;
            if (i >= e || s[i] != ' ')
                return -1;
            *x0 = i + 1;
            return amount_to_end(s, *x0, e) ? K_RESULT : -1;
        }
        return -1;
    case 'S':
        if (PREFIX("Showdown")) {
            /* Showdown(?:\([^)]*\))? \[([^\]]*)\](?: .*)? */
            i = a + 8;
            if (i < e && s[i] == '(') {
                long close = ps_char(s, e, i + 1, ')');
                if (close < 0)
                    return -1;
                i = (size_t)close + 1;
            }
            if (!at_lit(s, i, e, " ["))
                return -1;
            long close = ps_char(s, e, i + 2, ']');
            if (close < 0 || ((size_t)close + 1 < e && s[close + 1] != ' '))
                return -1;
            *c0 = i + 2;
            *c1 = (size_t)close;
            *has_c = 1;
            return K_SHOW;
        }
        return -1;
    case 'D':
        if (PREFIX("Double bets "))
            return AMOUNT_AFTER("Double bets ", K_DOUBLE);
        if (PREFIX("Does not show"))
            i = a + 13;
        break;
    case 'M':
        if (PREFIX("Mucks"))
            i = a + 5;
        break;
    default:
        return -1;
    }
    if (!i)
        return -1;
    /* (?:Does not show|Mucks)(?: \[([^\]]*)\])?(?: .*)? */
    if (i == e)
        return K_MUCK;
    if (s[i] != ' ')
        return -1;
    if (i + 1 < e && s[i + 1] == '[') {
        long close = ps_char(s, e, i + 2, ']');
        if (close >= 0 && ((size_t)close + 1 == e || s[close + 1] == ' ')) {
            *c0 = i + 2;
            *c1 = (size_t)close;
            *has_c = 1;
        }
    }
    return K_MUCK;
}

#undef PREFIX
#undef AMOUNT_AFTER

/* The first words of the verbs' lines: such a line that does not parse is damaged. */
static int verb_word(const char *s, size_t n)
{
    static const char *const WORDS[] = {"Ante", "Bring_in", "Bring", "Big", "Bets", "bets",
                                        "Double", "Raises", "raises", "All-in", "Calls", "Call",
                                        "Checks", "Fold", "Folds", "Card", "Return", "Hand",
                                        "Showdown", "Does", "Mucks"};
    for (size_t k = 0; k < sizeof WORDS / sizeof WORDS[0]; k++)
        if (strlen(WORDS[k]) == n && memcmp(WORDS[k], s, n) == 0)
            return 1;
    return 0;
}

static int bet(bv_hand *f, uint32_t number, const stud_site_line *l, stud_hh_span name, int player,
               int kind, int64_t value, size_t y0, size_t e)
{
    stud_site_hand *h = f->h;
    int seat = player >= 0 ? h->seat_of[player] : -1;
    int64_t before = seat >= 0 && h->has_bet[seat] ? h->bets[seat] : 0, faced = 0;
    int any = 0;
    for (int k = 0; k < h->n_order; k++)
        if (h->has_bet[k] && (!any || h->bets[k] > faced)) {
            faced = h->bets[k];
            any = 1;
        }
    int64_t stack = player >= 0 ? h->stack[player] - h->put_in[player] : 0;
    if (kind == K_BRING_IN || kind == K_CALL) {
        if (stud_site_known(h, name, number, &player, f->err))
            return -1;
        if (kind == K_BRING_IN)
            return stud_site_act(h, number, player, STUD_SITE_BRING_IN, value, value >= stack, 0,
                                 f->err);
        return stud_site_act(h, number, player, STUD_SITE_CALL, value, value >= stack, 1, f->err);
    }
    if (h->street != f->level_street) { /* a new round: no full bet in it yet */
        f->level = f->shortest = 0;
        f->level_street = h->street;
    }
    int64_t to;
    int all_in, act;
    if (kind == K_ALL_IN) {
        to = before + value;
        if (to > faced)
            f->shortest = to;
        all_in = 1;
        act = to > faced ? STUD_SITE_RAISE : STUD_SITE_CALL;
    } else if (kind == K_BET || kind == K_DOUBLE) {
        to = value;
        all_in = to - before >= stack;
        if (!all_in) {
            if (kind == K_DOUBLE)
                f->dbl = or_else(f->dbl, to);
            else if (h->street == 3 || (h->street == 4 && !faced))
                f->small = or_else(f->small, to); /* a completion, an opening bet */
            else if (h->street >= 5 && !faced)
                f->big = or_else(f->big, to);
            f->level = to;
            f->shortest = 0;
        } else if (to > faced) {
            f->shortest = to;
        }
        act = h->street == 3 ? STUD_SITE_COMPLETE : STUD_SITE_BET;
    } else {
        if (stud_site_amount(h, stud_site_sub(l, y0, e), number, &to, f->err))
            return -1;
        all_in = to - before >= stack;
        if (!all_in) {
            /* the raise's size over the last full bet, or over a short all-in of half a
             * bet or more (which re-opens the betting: docs/rules.md 6) */
            int64_t size = to - f->level;
            if (f->shortest > f->level && 2 * (f->shortest - f->level) >= to - f->shortest)
                size = to - f->shortest;
            if (h->street == 3 && !h->completed)
                f->small = or_else(f->small, to); /* a completion written as a raise */
            else if (h->street == 3)
                f->weak_small = or_else(f->weak_small, size);
            else if (h->street >= 5)
                f->weak_big = or_else(f->weak_big, size);
            f->level = to;
            f->shortest = 0;
        } else if (to > faced) {
            f->shortest = to;
        }
        act = STUD_SITE_RAISE;
    }
    if (stud_site_known(h, name, number, &player, f->err))
        return -1;
    return stud_site_act(h, number, player, act, to, all_in, 0, f->err);
}

/* A player's line: NAME( [ME])? : REST */
static int player_line(bv_hand *f, uint32_t number, const stud_site_line *l, size_t name_end,
                       size_t rest)
{
    stud_site_hand *h = f->h;
    char *s = f->buf + l->at;
    size_t a = rest, e = l->len;
    /* the rest without its (timeout)s, stripped (rewritten in place where it had one) */
    long t = ps_find(s, e, a, "(timeout)");
    if (t >= 0) {
        if (f->copy_cap < l->len) {
            char *grown = realloc(f->copy, l->len);
            if (!grown)
                return stud_site_fail(f->err, h, number, "out of memory");
            f->copy = grown;
            f->copy_cap = l->len;
        }
        memcpy(f->copy, s, l->len);
        f->previous = f->copy;
        size_t to = (size_t)t, from = (size_t)t;
        while (from < e) {
            if (at_lit(s, from, e, "(timeout)")) {
                from += 9;
                continue;
            }
            s[to++] = s[from++];
        }
        e = to;
    }
    stud_site_strip(s, &a, &e);
    stud_hh_span name = stud_site_sub(l, 0, name_end);
    if (name_end == 6 && memcmp(s, "Dealer", 6) == 0)
        return 0; /* Set dealer/Bring in spot [N] */
    size_t x0 = 0, y0 = 0, c0 = 0, c1 = 0;
    int has_c;
    int kind = verb_of(s, a, e, &x0, &y0, &c0, &c1, &has_c);
    if (kind < 0) {
        /* the first word: up to the first space, then up to its first ( */
        size_t w = a;
        while (w < e && s[w] != ' ' && s[w] != '(')
            w++;
        if (verb_word(s + a, w - a))
            return stud_site_fail(f->err, h, number, "%T: the line does not parse: %R", name,
                                  stud_site_sub(l, a, e));
        return 0; /* Seat sit out, Table enter user, Seat stand, chat ... */
    }
    int64_t value = 0;
    int has_value = kind <= K_ALL_IN || kind == K_RETURNED || kind == K_RESULT;
    if (has_value) {
        size_t x1 = kind == K_RAISE ? y0 - 4 : e;
        if (stud_site_amount(h, stud_site_sub(l, x0, x1), number, &value, f->err))
            return -1;
    }
    uint8_t cards[MAX_CARDS];
    int n = 0, player;
    if (has_c && (kind != K_MUCK || c1 > c0) &&
        stud_site_cards_of(h->buf, stud_site_sub(l, c0, c1), number, cards, &n, f->err))
        return -1;
    switch (kind) {
    case K_ANTE:
        if (stud_site_known(h, name, number, &player, f->err))
            return -1;
        f->any_put_in = 1;
        return stud_site_ante_of(h, number, player, value, value >= h->stack[player], f->err);
    case K_DEALT:
        if (h->street == 0 || !h->deal_open)
            return reveal(f, number, name, cards, n); /* the cards written again */
        if (stud_site_known(h, name, number, &player, f->err))
            return -1;
        if (h->street == 3)
            return stud_site_dealt(h, number, player, cards, n, 0, f->err);
        return stud_site_dealt(h, number, player, n ? cards + n - 1 : cards, n ? 1 : 0,
                               n ? n - 1 : 0, f->err);
    case K_RETURNED:
        if (stud_site_known(h, name, number, &player, f->err))
            return -1;
        return stud_site_returned(h, number, player, value, f->err);
    case K_RESULT:
        if (stud_site_known(h, name, number, &player, f->err))
            return -1;
        return stud_site_collect(h, number, player, value, f->err);
    case K_SHOW:
        if (stud_site_known(h, name, number, &player, f->err))
            return -1;
        return stud_site_show(h, number, player, cards, n, f->err);
    case K_MUCK:
        if (stud_site_known(h, name, number, &player, f->err) ||
            stud_site_muck(h, number, player, NULL, 0, f->err))
            return -1;
        return reveal(f, number, name, cards, n);
    case K_CHECK:
    case K_FOLD:
        if (stud_site_known(h, name, number, &player, f->err))
            return -1;
        return stud_site_act(h, number, player, kind == K_CHECK ? STUD_SITE_CHECK : STUD_SITE_FOLD,
                             -1, 0, 0, f->err);
    default:
        player = stud_site_find(h, s, name_end);
        if (kind == K_ALL_IN || kind == K_RAISE || kind == K_BET || kind == K_DOUBLE ||
            kind == K_BRING_IN || kind == K_CALL)
            f->any_put_in = 1;
        return bet(f, number, l, name, player, kind, value, y0, e);
    }
}

static int hand_line(bv_hand *f, uint32_t number, const stud_site_line *l)
{
    stud_site_hand *h = f->h;
    const char *s = l->s;
    size_t len = l->len;
    if (at_lit(s, 0, len, "*** "))
        return section(f, number, l);
    if (f->summary) {
        /* Total Pot\s*\(([$]?[\d,]+(?:\.\d+)?)\) */
        if (!at_lit(s, 0, len, "Total Pot"))
            return 0;
        size_t i = 9, k;
        while (i < len && (k = stud_site_space_at(s, len, i)) != 0)
            i += k;
        if (i >= len || s[i] != '(')
            return 0;
        size_t a1 = amount_end(s, i + 1, len);
        if (!a1 || a1 >= len || s[a1] != ')')
            return 0;
        if (stud_site_amount(h, stud_site_sub(l, i + 1, a1), number, &f->total, f->err))
            return -1;
        f->has_total = 1;
        return 0;
    }
    if ((at_lit(s, 0, len, "Seat") && !at_lit(s, 0, len, "Seat+")) ||
        (h->street == 0 && ps_find(s, len, 0, " in chips") >= 0))
        return seat_line(f, number, l);
    /* (Seat\+\d+|Dealer)(\s*\[ME\])? : (.*) */
    size_t i;
    if (at_lit(s, 0, len, "Seat+")) {
        i = 5;
        while (i < len && ps_digit(s[i]))
            i++;
        if (i == 5)
            return 0;
    } else if (at_lit(s, 0, len, "Dealer")) {
        i = 6;
    } else {
        return 0;
    }
    size_t name_end = i, j = i, k, rest = 0;
    while (j < len && (k = stud_site_space_at(s, len, j)) != 0)
        j += k;
    if (at_lit(s, j, len, "[ME]") && at_lit(s, j + 4, len, " : "))
        rest = j + 7;
    else if (at_lit(s, i, len, " : "))
        rest = i + 3;
    else
        return 0; /* a line that only informs */
    if (len == f->previous_len && memcmp(s, f->previous, len) == 0)
        return 0; /* the site wrote the line twice */
    f->previous = s;
    f->previous_len = len;
    return player_line(f, number, l, name_end, rest);
}

int stud_site_bovada_read(const stud_site_lines *lines, uint32_t first, uint32_t count,
                          const stud_site_game *game, stud_site_hand *h, stud_site_error *err)
{
    bv_hand f;
    memset(&f, 0, sizeof f);
    f.h = h;
    f.err = err;
    /* (a line's (timeout)s are taken out in place: site_text.h's stud_site_lines) */
    f.buf = lines->buf;
    f.previous = "";
    f.small = f.big = f.dbl = f.weak_small = f.weak_big = NONE;
    stud_site_init(h, lines->buf, game, lines->number[first]);
    h->all_cards = 1;
    int failed = 0;
    for (uint32_t k = first + 1; k < first + count && !failed; k++) {
        stud_site_line l = {lines->buf + lines->start[k], lines->start[k],
                    lines->end[k] - lines->start[k]};
        failed = hand_line(&f, lines->number[k], &l);
    }
    free(f.copy);
    if (failed)
        return STUD_HH_ERROR;
    uint32_t last = lines->number[first + count - 1];
    if (!f.summary) {
        stud_site_fail(err, h, last, "the hand ends before its summary (the file is cut short?)");
        return STUD_HH_ERROR;
    }
    int64_t put_in = 0, got = 0;
    for (int p = 0; p < h->n_players; p++) {
        put_in += h->put_in[p];
        got += h->collected[p];
    }
    if (!f.has_total) {
        stud_site_fail(err, h, last, "the summary has no 'Total Pot' line");
        return STUD_HH_ERROR;
    }
    if (f.total != put_in) {
        stud_site_fail(err, h, last, "the total pot, %d, is not what was put in, %d", f.total,
                       put_in);
        return STUD_HH_ERROR;
    }
    if (got > put_in) {
        stud_site_fail(err, h, last, "the players collect more than the pot");
        return STUD_HH_ERROR;
    }
    /* opening bets and completions say the bets; raises only where those are missing
     * (fixed limit: the big bet twice the small) */
    int64_t small = f.small, big = or_else(f.big, f.dbl);
    const char *how = "the bets";
    if (small == NONE && big != NONE) {
        small = half(big);
        how = "the big bet";
    } else if (big == NONE && small != NONE) {
        big = 2 * small;
        how = "the small bet";
    } else if (small == NONE) {
        how = "a raise";
        if (f.weak_small != NONE) {
            small = f.weak_small;
            big = 2 * small;
        } else if (f.weak_big != NONE) {
            small = half(f.weak_big);
            big = f.weak_big;
        } else {
            int64_t bring_in = 2;
            if (h->has_bring_in) {
                bring_in = h->bring_in;
            } else if (f.any_put_in) {
                bring_in = 0;
                for (int p = 0; p < h->n_players; p++)
                    if (h->put_in[p] > bring_in)
                        bring_in = h->put_in[p];
            }
            small = 2 * bring_in > 1 ? 2 * bring_in : 1;
            big = 2 * small;
            how = "twice the bring-in (no bet shows them)";
        }
    }
    h->game.small_bet = small;
    h->game.big_bet = big;
    stud_hh_span none = {0, 0};
    if (stud_site_add_field(h, last, "_stakes_from", how, none, err))
        return STUD_HH_ERROR;
    return stud_site_finish(h, last, err) ? STUD_HH_ERROR : STUD_HH_READ;
}
