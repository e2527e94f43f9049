/* site_kingsclub.c: KingsClub's text hand histories, read in C on the
 * builder of site_wpn_hand.h (python/stud/histories/sites/kingsclub.py
 * describes the format and reads the header's game; this file reads the
 * lines after it, as that module's reader did, regex for regex).
 *
 * Amounts are hundredths (cents of money, hundredths of a chip in a
 * tournament), read as the module's _KHand reads them. */
#include <string.h>

#include "site_text.h"
#include "site_wpn_hand.h"

typedef struct {
    char *s;
    uint32_t at;
    size_t len;
    uint32_t number;
} line_t;

static stud_hh_span sub(const line_t *l, size_t from, size_t to)
{
    stud_hh_span span = {l->at + (uint32_t)from, (uint32_t)(to - from)};
    return span;
}

#define at_lit stud_site_lit_at
#define digit stud_wpn_is_digit
#define digits_at stud_wpn_digits_end
#define amount_max stud_wpn_amount_end

/* Whether s[i, to) is an _AMOUNT, whole. */
static int amount_full(const char *s, size_t len, size_t i, size_t to)
{
    size_t first, run;
    (void)len;
    return i < to && amount_max(s, to, i, &first, &run) == to;
}

/* The char before s[e] (UTF-8): its first byte. */
static size_t back_char(const char *s, size_t e)
{
    size_t i = e - 1;
    while (i > 0 && ((unsigned char)s[i] & 0xc0) == 0x80)
        i--;
    return i;
}

/* The char at s[i] (UTF-8): its bytes. */
static size_t char_len(const char *s, size_t len, size_t i)
{
    unsigned char c = (unsigned char)s[i];
    size_t n = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    return i + n <= len ? n : len - i;
}

/* " and is all.in" at s[i]: its end, or 0 */
static size_t all_in_at(const char *s, size_t len, size_t i)
{
    if (!at_lit(s, len, i, " and is all") || i + 11 >= len)
        return 0;
    size_t j = i + 11 + char_len(s, len, i + 11);
    return at_lit(s, len, j, "in") ? j + 2 : 0;
}

/* ---- the header ------------------------------------------------------------------------ */

/* _HEADER.fullmatch: the id's digits, and where the game begins */
static int header_match(const char *s, size_t len, size_t *id_end, size_t *game)
{
    if (len < 2 || s[0] != '#')
        return 0;
    size_t i = digits_at(s, len, 1);
    if (i == 1 || !at_lit(s, len, i, ": "))
        return 0;
    *id_end = i;
    i += 1;
    while (i < len && s[i] == ' ')
        i++;
    if (at_lit(s, len, i, "Limit "))
        i += 6;
    else if (at_lit(s, len, i, "No Limit "))
        i += 9;
    else if (at_lit(s, len, i, "Pot Limit "))
        i += 10;
    else
        return 0;
    *game = i;
    for (size_t k = i + 1; k + 3 <= len; k++) {
        if (!at_lit(s, len, k, " - "))
            continue;
        size_t a = k + 3;
        const char *slash = memchr(s + a, '/', len - a);
        if (slash == NULL)
            return 0;
        size_t q = (size_t)(slash - s);
        if (!amount_full(s, len, a, q))
            continue;
        size_t b = q + 1, e = b;
        while (e < len && s[e] != ' ')
            e++;
        if (!amount_full(s, len, b, e))
            continue;
        if (e == len || at_lit(s, len, e, " - "))
            return 1;
    }
    return 0;
}

int stud_site_kingsclub_header(const char *s, size_t len, stud_hh_span *id, stud_hh_span *rest)
{
    size_t id_end, game;
    if (!header_match(s, len, &id_end, &game))
        return 0;
    id->start = 1;
    id->len = (uint32_t)(id_end - 1);
    rest->start = (uint32_t)id_end;
    rest->len = (uint32_t)(len - id_end);
    return 1;
}

int stud_site_kingsclub_cancelled(const stud_site_lines *lines, uint32_t first, uint32_t count)
{
    if (count > STUD_SITE_MAX_HAND_LINES)
        count = STUD_SITE_MAX_HAND_LINES;
    for (uint32_t k = 0; k < count; k++) {
        uint32_t x = first + k;
        if (lines->end[x] - lines->start[x] == 14 &&
            memcmp(lines->buf + lines->start[x], "Hand cancelled", 14) == 0)
            return 1;
    }
    return 0;
}

/* ---- amounts ----------------------------------------------------------------------------- */

static const char *const MONEY[] = {"chips", "USD", "EUR", "GBP"};

/* _KHand._amount */
static int amount(const stud_wpn_hand *w, stud_hh_span text, uint32_t line, int64_t *out,
                  stud_site_error *err)
{
    const char *s = w->buf + text.start;
    size_t len = text.len, n;
    while (len > 0 && s[len - 1] == '.')
        len--;
    stud_hh_span t = {text.start, (uint32_t)len};
    int currency = w->h->game.symbol;
    size_t i = 0;
    int symbol = stud_site_sign_at(s, len, 0, &i);
    if (symbol) {
        if (symbol != currency)
            return stud_site_fail(err, NULL, line, "the amount %R is not in the hand's %s", t,
                                  MONEY[currency]);
        t.start += (uint32_t)i;
        t.len -= (uint32_t)i;
    }
    int64_t value = 0;
    int whole = 0, ok = 1, d;
    size_t dot = len;
    for (size_t q = i; q < len; q += n) {
        n = 1;
        if (s[q] == '.') {
            dot = q;
            break;
        }
        if (s[q] == ',')
            continue;
        if ((d = stud_wpn_digit_at(s, len, q, &n)) < 0) {
            ok = 0;
            break;
        }
        whole++;
        value = value * 10 + d;
        if (value > ((int64_t)1 << 40))
            value = (int64_t)1 << 40;
    }
    int frac[2] = {0, 0}, frac_digits = 0, finer = 0;
    if (ok && dot < len) {
        for (size_t q = dot + 1; q < len; q += n) {
            n = 1;
            if (s[q] == ',')
                continue;
            if ((d = stud_wpn_digit_at(s, len, q, &n)) < 0) {
                ok = 0;
                break;
            }
            if (frac_digits < 2)
                frac[frac_digits] = d;
            else if (!(n == 1 && s[q] == '0'))
                finer = 1;
            frac_digits++;
        }
    }
    if (!ok || whole == 0 || finer)
        return stud_site_fail(err, NULL, line, "the amount %R does not parse", t);
    value = value * 100 + frac[0] * 10 + frac[1];
    if (value >= ((int64_t)1 << 31))
        return stud_site_fail(err, NULL, line, "the amount %R is too large", t);
    *out = value;
    return 0;
}

/* ---- the lines' patterns ------------------------------------------------------------------ */

/* _SEAT.fullmatch: the digits' end, the name's end and the stack [*a, *b) */
static int seat_match(const char *s, size_t len, size_t *digits_end, size_t *name_end,
                      size_t *a, size_t *b)
{
    size_t i = digits_at(s, len, 5);
    if (i == 5 || !at_lit(s, len, i, ": "))
        return 0;
    size_t name = i + 2;
    for (size_t k = len; k-- > name + 1;) {
        if (s[k] != ' ' || k + 1 >= len || s[k + 1] != '(')
            continue;
        size_t first, run, e = amount_max(s, len, k + 2, &first, &run);
        if (e == 0 || e >= len || s[e] != ')')
            continue;
        e++;
        if (e == len || (len - e == 15 && at_lit(s, len, e, " is sitting out")) ||
            (len - e == 9 && at_lit(s, len, e, " sits out"))) {
            *digits_end = i;
            *name_end = k;
            *a = k + 2;
            *b = e - 1;
            return 1;
        }
    }
    return 0;
}

/* _TABLE.match: the name [*a, *b), the max's digits [*m, *me) (*m 0: none) */
static int table_match(const char *s, size_t len, size_t *a, size_t *b, size_t *m, size_t *me)
{
    size_t i;
    if (at_lit(s, len, 0, "Table ID '"))
        i = 10;
    else if (at_lit(s, len, 0, "Table '"))
        i = 7;
    else
        return 0;
    if (i >= len)
        return 0;
    const char *q = memchr(s + i + char_len(s, len, i), '\'', len - i - char_len(s, len, i));
    if (q == NULL)
        return 0;
    *a = i;
    *b = (size_t)(q - s);
    *m = *me = 0;
    size_t j = *b + 1;
    if (j < len && s[j] == ' ') {
        size_t e = digits_at(s, len, j + 1);
        if (e > j + 1 && at_lit(s, len, e, "-max")) {
            *m = j + 1;
            *me = e;
        }
    }
    return 1;
}

/* _DEALT.fullmatch: the name's end, the cards [a, ae), and [b, be) (b 0: none) */
static int dealt_match(const char *s, size_t len, size_t *name_end, size_t *a, size_t *ae,
                       size_t *b, size_t *be)
{
    for (size_t k = 10; k + 3 <= len; k++) {
        if (s[k] != ':' || !at_lit(s, len, k, ": ["))
            continue;
        const char *r = memchr(s + k + 3, ']', len - k - 3);
        if (r == NULL)
            return 0;
        size_t q = (size_t)(r - s);
        if (q == len - 1) {
            *name_end = k;
            *a = k + 3;
            *ae = q;
            *b = *be = 0;
            return 1;
        }
        if (at_lit(s, len, q + 1, " [")) {
            const char *r2 = memchr(s + q + 3, ']', len - q - 3);
            if (r2 != NULL && (size_t)(r2 - s) == len - 1) {
                *name_end = k;
                *a = k + 3;
                *ae = q;
                *b = q + 3;
                *be = len - 1;
                return 1;
            }
        }
    }
    return 0;
}

/* _ANTE.fullmatch: the name's end, the amount [a, ae) */
static int ante_match(const char *s, size_t len, size_t *name_end, size_t *a, size_t *ae)
{
    size_t tail = len;
    /* ", and is all.in" at the end */
    if (len >= 15 && s[len - 1] == 'n' && s[len - 2] == 'i') {
        size_t c = back_char(s, len - 2);
        if (c >= 12 && memcmp(s + c - 12, ", and is all", 12) == 0)
            tail = c - 12;
    }
    for (size_t k = 1; k + 8 <= len; k++) {
        if (s[k] != ':' || !at_lit(s, len, k, ": posts "))
            continue;
        for (int the = 1; the >= 0; the--) {
            size_t i = k + 8;
            if (the) {
                if (!at_lit(s, len, i, "the "))
                    continue;
                i += 4;
            }
            if (!at_lit(s, len, i, "ante "))
                continue;
            i += 5;
            size_t ends[2] = {tail, len};
            for (int t = 0; t < 2; t++) {
                if (amount_full(s, len, i, ends[t])) {
                    *name_end = k;
                    *a = i;
                    *ae = ends[t];
                    return 1;
                }
            }
        }
    }
    return 0;
}

/* _BRING_IN.fullmatch: the name's end, the amount, all in */
static int bring_in_match(const char *s, size_t len, size_t *name_end, size_t *a, size_t *ae,
                          int *all_in)
{
    size_t tail = len;
    if (len >= 15 && s[len - 1] == 'n' && s[len - 2] == 'i') {
        size_t c = back_char(s, len - 2);
        if (c >= 12 && memcmp(s + c - 12, ", and is all", 12) == 0)
            tail = c - 12;
    }
    for (size_t k = 1; k + 10 <= len; k++) {
        if (s[k] != ' ' || !at_lit(s, len, k, " brings") || (s[k + 7] != '-' && s[k + 7] != ' ') ||
            !at_lit(s, len, k + 8, "in"))
            continue;
        size_t i = k + 10;
        if (at_lit(s, len, i, " low"))
            i += 4;
        if (!at_lit(s, len, i, " for "))
            continue;
        i += 5;
        /* greedy: with the all-in group first */
        if (tail < len && amount_full(s, len, i, tail)) {
            *name_end = k;
            *a = i;
            *ae = tail;
            *all_in = 1;
            return 1;
        }
        if (amount_full(s, len, i, len)) {
            *name_end = k;
            *a = i;
            *ae = len;
            *all_in = 0;
            return 1;
        }
    }
    return 0;
}

/* _ACTION's groups */
typedef struct {
    size_t a, ae, to, toe; /* a 0 / to 0: none */
    int all_in;
} act_groups;

/* (?: \(disconnect\))? then the end */
static int act_end(const char *s, size_t len, size_t i)
{
    return i == len || (len - i == 13 && at_lit(s, len, i, " (disconnect)"));
}

/* (?: and has reached the \[[^\]]*\] cap)?(?: \(disconnect\))? */
static int act_cap(const char *s, size_t len, size_t i)
{
    if (at_lit(s, len, i, " and has reached the [")) {
        const char *r = memchr(s + i + 22, ']', len - i - 22);
        if (r != NULL && at_lit(s, len, (size_t)(r - s), "] cap") &&
            act_end(s, len, (size_t)(r - s) + 5))
            return 1;
    }
    return act_end(s, len, i);
}

/* (?P<allin>,? and is all.in)? then the rest */
static int act_all_in(const char *s, size_t len, size_t i, act_groups *g)
{
    size_t e;
    if (i < len && s[i] == ',' && (e = all_in_at(s, len, i + 1)) != 0 && act_cap(s, len, e)) {
        g->all_in = 1;
        return 1;
    }
    if ((e = all_in_at(s, len, i)) != 0 && act_cap(s, len, e)) {
        g->all_in = 1;
        return 1;
    }
    g->all_in = 0;
    return act_cap(s, len, i);
}

/* Tries each end of an _AMOUNT at s[i], longest first, with `then`. */
typedef int (*then_fn)(const char *s, size_t len, size_t i, act_groups *g);

static int amount_then(const char *s, size_t len, size_t i, act_groups *g, then_fn then,
                       size_t *end)
{
    size_t first, run, e = amount_max(s, len, i, &first, &run);
    if (e == 0)
        return 0;
    /* the decimals, longest first */
    if (e > run) {
        for (size_t x = e; x > run + 1; x = back_char(s, x)) {
            if (then(s, len, x, g)) {
                *end = x;
                return 1;
            }
        }
    }
    for (size_t x = run; x >= first; x = back_char(s, x)) {
        if (then(s, len, x, g)) {
            *end = x;
            return 1;
        }
        if (x == first)
            break;
    }
    return 0;
}

/* (?: to (?P<to>AMOUNT))? then the rest */
static int act_to(const char *s, size_t len, size_t i, act_groups *g)
{
    size_t e;
    if (at_lit(s, len, i, " to ") && amount_then(s, len, i + 4, g, act_all_in, &e)) {
        g->to = i + 4;
        g->toe = e;
        return 1;
    }
    g->to = g->toe = 0;
    return act_all_in(s, len, i, g);
}

/* (?: (?P<a>AMOUNT))? then the rest */
static int act_rest(const char *s, size_t len, size_t i, act_groups *g)
{
    size_t e;
    if (i < len && s[i] == ' ' && amount_then(s, len, i + 1, g, act_to, &e)) {
        g->a = i + 1;
        g->ae = e;
        return 1;
    }
    g->a = g->ae = 0;
    return act_to(s, len, i, g);
}

static const char *const ACT_VERBS[] = {"bets", "raises", "calls", "checks", "folds"};
enum { A_BETS, A_RAISES, A_CALLS, A_CHECKS, A_FOLDS };

static int action_match(const char *s, size_t len, size_t *name_end, int *verb, act_groups *g)
{
    for (size_t k = 1; k + 5 <= len; k++) {
        if (s[k] != ' ')
            continue;
        for (int v = 0; v < 5; v++) {
            if (!at_lit(s, len, k + 1, ACT_VERBS[v]))
                continue;
            if (act_rest(s, len, k + 1 + strlen(ACT_VERBS[v]), g)) {
                *name_end = k;
                *verb = v;
                return 1;
            }
        }
    }
    return 0;
}

/* _WINS.fullmatch: the name's end and the amount */
static int wins_match(const char *s, size_t len, size_t *name_end, size_t *a, size_t *ae)
{
    for (size_t k = 1; k + 6 <= len; k++) {
        if (s[k] != ' ' || !at_lit(s, len, k, " wins "))
            continue;
        size_t i = k + 6;
        if (at_lit(s, len, i, "pot "))
            i += 4;
        if (at_lit(s, len, i, "side pot ")) {
            size_t e = digits_at(s, len, i + 9);
            if (e > i + 9 && e < len && s[e] == ' ')
                i = e + 1;
        }
        if (i >= len || s[i] != '(')
            continue;
        size_t first, run, e = amount_max(s, len, i + 1, &first, &run);
        if (e == 0 || e >= len || s[e] != ')')
            continue;
        size_t j = e + 1;
        int ok = j == len;
        if (!ok && at_lit(s, len, j, " from ")) {
            j += 6;
            if (at_lit(s, len, j, "the "))
                j += 4;
            if (at_lit(s, len, j, "main ") || at_lit(s, len, j, "side "))
                j += 5;
            if (at_lit(s, len, j, "pot")) {
                j += 3;
                if (j == len)
                    ok = 1;
                else if (s[j] == ' ' && digits_at(s, len, j + 1) == len && j + 1 < len)
                    ok = 1;
            }
        }
        if (ok) {
            *name_end = k;
            *a = i + 1;
            *ae = e;
            return 1;
        }
    }
    return 0;
}

/* _SHOWS.fullmatch: the name's end and the cards */
static int shows_match(const char *s, size_t len, size_t *name_end, size_t *a, size_t *ae)
{
    for (size_t k = 1; k + 8 <= len; k++) {
        if (s[k] != ' ' || !at_lit(s, len, k, " shows ["))
            continue;
        const char *r = memchr(s + k + 8, ']', len - k - 8);
        if (r == NULL)
            return 0;
        *name_end = k;
        *a = k + 8;
        *ae = (size_t)(r - s);
        return 1;
    }
    return 0;
}

/* _MUCKS.fullmatch: the name's end */
static int mucks_match(const char *s, size_t len, size_t *name_end)
{
    for (size_t k = 1; k + 6 <= len; k++) {
        if (s[k] != ' ' || !at_lit(s, len, k, " mucks"))
            continue;
        size_t i = k + 6;
        if (i == len) {
            *name_end = k;
            return 1;
        }
        if (i + 5 == len && at_lit(s, len, i, " hand")) {
            *name_end = k;
            return 1;
        }
        for (int hand = 1; hand >= 0; hand--) {
            size_t j = i;
            if (hand) {
                if (!at_lit(s, len, j, " hand"))
                    continue;
                j += 5;
            }
            if (at_lit(s, len, j, " [") && s[len - 1] == ']' && len - 1 >= j + 2 &&
                memchr(s + j + 2, ']', len - 1 - (j + 2)) == NULL) {
                *name_end = k;
                return 1;
            }
        }
    }
    return 0;
}

/* ---- the reading -------------------------------------------------------------------------- */

#define MAX_WORDS 1024

typedef struct {
    stud_wpn_hand w;
    int64_t collected[STUD_WPN_MAX_PLAYERS];
    uint8_t has_collected[STUD_WPN_MAX_PLAYERS];
    int collected_order[STUD_WPN_MAX_PLAYERS];
    int n_collected;
    int64_t returned[STUD_WPN_MAX_PLAYERS];
    uint8_t has_returned[STUD_WPN_MAX_PLAYERS];
    int returned_order[STUD_WPN_MAX_PLAYERS];
    int n_returned;
    int cards[MAX_WORDS];
} reading_t;

static int is_x(const char *s, size_t n)
{
    return n == 1 && s[0] == 'X';
}

/* The cards of the words of buf[text] but "X" (str.split()), each read
 * before any is used; *n their count (at most MAX_WORDS). */
static int cards_of(reading_t *r, stud_hh_span text, uint32_t line, int *n, int *words,
                    int *any_x, stud_site_error *err)
{
    return stud_wpn_cards(r->w.buf, text, line, 'X', r->cards, MAX_WORDS, n, words, any_x, err);
}

static int dealt(reading_t *r, const line_t *l, int player, size_t a, size_t ae, size_t b,
                 size_t be, stud_site_error *err)
{
    stud_wpn_hand *w = &r->w;
    const char *s = l->s;
    int n, words, any_x;
    if (b) {
        /* the cards before, repeated */
        size_t i = a, k;
        while (i < ae) {
            if ((k = stud_site_space_at(s, ae, i)) != 0) {
                i += k;
                continue;
            }
            size_t from = i;
            while (i < ae && stud_site_space_at(s, ae, i) == 0)
                i++;
            if (is_x(s + from, i - from))
                continue;
            int card;
            if (stud_wpn_card(w->buf, sub(l, from, i), l->number, &card, err))
                return -1;
            if (w->seen[card] != player)
                return stud_site_fail(err, NULL, l->number, "%T was not dealt to %T before",
                                      sub(l, from, i), w->name[player]);
        }
        a = b;
        ae = be;
    }
    if (cards_of(r, sub(l, a, ae), l->number, &n, &words, &any_x, err))
        return -1;
    if (w->street <= 3 && !b && words == 3 && !any_x)
        w->hero = player;
    return stud_wpn_deal(w, l->number, player, r->cards, n, err);
}

static int action(reading_t *r, const line_t *l, int player, int verb, const act_groups *g,
                  stud_site_error *err)
{
    stud_wpn_hand *w = &r->w;
    if (verb == A_FOLDS || verb == A_CHECKS)
        return stud_wpn_act(w, l->number, player,
                            verb == A_FOLDS ? STUD_HH_FOLD : STUD_HH_CHECK_CALL, -1, err);
    if (g->a == 0)
        return stud_site_fail(err, NULL, l->number, "%s without an amount", ACT_VERBS[verb]);
    int64_t chips, to;
    if (amount(w, sub(l, g->a, g->ae), l->number, &chips, err))
        return -1;
    if (verb == A_RAISES) {
        if (g->to) {
            if (amount(w, sub(l, g->to, g->toe), l->number, &to, err))
                return -1;
            return stud_wpn_act(w, l->number, player, STUD_HH_RAISE, to, err);
        }
        return stud_wpn_act(w, l->number, player, STUD_HH_RAISE, stud_wpn_top_bet(w) + chips, err);
    }
    if (verb == A_BETS)
        return stud_wpn_act(w, l->number, player, STUD_HH_RAISE,
                            (w->has_bet[player] ? w->bet[player] : 0) + chips, err);
    return stud_wpn_add(w, l->number, player, chips, STUD_WPN_ADD_CALLS, g->all_in, err);
}

/* _damaged */
static int damaged(reading_t *r, const line_t *l, stud_site_error *err)
{
    static const char *const VERBS[] = {"bets", "raises", "calls", "checks", "folds", "brings",
                                        "shows"};
    stud_site_line line = {l->s, l->at, (uint32_t)l->len};
    return stud_wpn_damaged(&r->w, &line, l->number, 0, VERBS, 7, err);
}

static int read_hand(reading_t *r, const stud_site_lines *lines, uint32_t first, uint32_t count,
                     stud_site_error *err)
{
    stud_wpn_hand *w = &r->w;
    stud_site_hand *h = w->h;
    int summary = 0, shift = -1;
    int64_t rake = 0;
    stud_hh_span none = {0, 0};
    r->n_collected = r->n_returned = 0;
    /* seat_count: 8 unless a table line says */
    if (stud_site_add_field(h, lines->number[first], "seat_count", "8", none, err))
        return -1;
    h->fields[0].as_int = 1;
    for (uint32_t n = 1; n < count; n++) {
        uint32_t x = first + n;
        line_t l = {lines->buf + lines->start[x], lines->start[x],
                    lines->end[x] - lines->start[x], lines->number[x]};
        const char *s = l.s;
        size_t len = l.len, name_end, a, ae, b, be;
        int p;
        if (summary) {
            if (at_lit(s, len, 0, "Rake ") && amount_full(s, len, 5, len)) {
                int64_t v;
                if (amount(w, sub(&l, 5, len), l.number, &v, err))
                    return -1;
                rake += v;
            }
            continue;
        }
        if (at_lit(s, len, 0, "***")) {
            if (len == 18 && at_lit(s, len, 0, "*** ") && s[4] >= '3' && s[4] <= '7' &&
                (at_lit(s, len, 5, "RD") || at_lit(s, len, 5, "TH")) &&
                at_lit(s, len, 7, " STREET ***")) {
                if (shift < 0)
                    shift = w->street == 3 && w->street_acts[w->n_streets - 1] ? 1 : 0;
                int street = s[4] - '0' + shift;
                if (street > 7)
                    return stud_site_fail(err, NULL, l.number, "a street after 7th street");
                if (w->street != street && stud_wpn_new_street(w, l.number, street, err))
                    return -1;
            } else if (at_lit(s, len, 0, "*** SUMMARY")) {
                summary = 1;
            }
            continue;
        }
        if (w->street == 0 && at_lit(s, len, 0, "Seat ")) {
            size_t digits_end;
            int64_t stack;
            if (!seat_match(s, len, &digits_end, &name_end, &a, &ae))
                return stud_site_fail(err, NULL, l.number, "the seat line %R does not parse",
                                      sub(&l, 0, len));
            if (amount(w, sub(&l, a, ae), l.number, &stack, err) ||
                stud_wpn_seat(w, l.number, sub(&l, 5, digits_end),
                              sub(&l, digits_end + 2, name_end), stack, err))
                return -1;
            continue;
        }
        if (at_lit(s, len, 0, "Table ")) {
            size_t m, me;
            if (table_match(s, len, &a, &ae, &m, &me)) {
                h->has_table = 1;
                h->table = sub(&l, a, ae);
                if (m) {
                    h->fields[0].text = NULL;
                    h->fields[0].value = sub(&l, m, me);
                }
            }
            continue;
        }
        if (at_lit(s, len, 0, "Dealt to ")) {
            if (!dealt_match(s, len, &name_end, &a, &ae, &b, &be) ||
                (p = stud_wpn_find(w, s + 9, name_end - 9)) < 0)
                return stud_site_fail(err, NULL, l.number, "the line %R does not parse",
                                      sub(&l, 0, len));
            if (dealt(r, &l, p, a, ae, b, be, err))
                return -1;
            continue;
        }
        if (at_lit(s, len, 0, "Uncalled bet")) {
            size_t first_d, run;
            int64_t v;
            size_t e = at_lit(s, len, 0, "Uncalled bet (") ? amount_max(s, len, 14, &first_d, &run)
                                                            : 0;
            if (e == 0 || !at_lit(s, len, e, ") returned to ") || e + 14 >= len)
                return stud_site_fail(err, NULL, l.number, "the line %R does not parse",
                                      sub(&l, 0, len));
            if ((p = stud_wpn_find(w, s + e + 14, len - e - 14)) < 0)
                return stud_site_fail(err, NULL, l.number, "%R is not at the table",
                                      sub(&l, e + 14, len));
            if (amount(w, sub(&l, 14, e), l.number, &v, err))
                return -1;
            if (!r->has_returned[p]) {
                r->has_returned[p] = 1;
                r->returned[p] = 0;
                r->returned_order[r->n_returned++] = p;
            }
            r->returned[p] += v;
            continue;
        }
        int all_in, verb;
        act_groups g;
        if (ante_match(s, len, &name_end, &a, &ae) && (p = stud_wpn_find(w, s, name_end)) >= 0) {
            int64_t v;
            if (amount(w, sub(&l, a, ae), l.number, &v, err) ||
                stud_wpn_ante(w, l.number, p, v, err))
                return -1;
            continue;
        }
        if (bring_in_match(s, len, &name_end, &a, &ae, &all_in) &&
            (p = stud_wpn_find(w, s, name_end)) >= 0) {
            int64_t v;
            if (amount(w, sub(&l, a, ae), l.number, &v, err) ||
                stud_wpn_add(w, l.number, p, v, STUD_WPN_ADD_BRING_IN, all_in, err))
                return -1;
            continue;
        }
        if (action_match(s, len, &name_end, &verb, &g) &&
            (p = stud_wpn_find(w, s, name_end)) >= 0) {
            if (action(r, &l, p, verb, &g, err))
                return -1;
            continue;
        }
        if (wins_match(s, len, &name_end, &a, &ae) && (p = stud_wpn_find(w, s, name_end)) >= 0) {
            int64_t v;
            if (amount(w, sub(&l, a, ae), l.number, &v, err))
                return -1;
            if (!r->has_collected[p]) {
                r->has_collected[p] = 1;
                r->collected[p] = 0;
                r->collected_order[r->n_collected++] = p;
            }
            r->collected[p] += v;
            continue;
        }
        if (shows_match(s, len, &name_end, &a, &ae) && (p = stud_wpn_find(w, s, name_end)) >= 0) {
            int n_cards, words, any_x;
            if (cards_of(r, sub(&l, a, ae), l.number, &n_cards, &words, &any_x, err) ||
                stud_wpn_show(w, l.number, p, r->cards, n_cards, err))
                return -1;
            continue;
        }
        if (mucks_match(s, len, &name_end) && (p = stud_wpn_find(w, s, name_end)) >= 0) {
            if (stud_wpn_muck(w, l.number, p, err))
                return -1;
            continue;
        }
        if (damaged(r, &l, err))
            return -1;
    }
    uint32_t last = lines->number[first + count - 1];
    if (!summary)
        return stud_site_fail(err, NULL, last, "the hand is cut off: no summary");
    for (int k = 0; k < r->n_returned; k++) {
        int p = r->returned_order[k];
        if (!w->has_put[p])
            return stud_site_fail(err, NULL, lines->number[first],
                                  "cannot read the hand: KeyError: %R", w->name[p]);
        w->put_in[p] -= r->returned[p];
    }
    int64_t total = 0;
    for (int k = 0; k < r->n_collected; k++)
        total += r->collected[r->collected_order[k]];
    int64_t put_in = stud_wpn_put_in_total(w);
    if (total + rake != put_in)
        return stud_site_fail(err, NULL, last,
                              "the collections (%d) and the rake (%d) are not the %d put in",
                              total, rake, put_in);
    int64_t collected[STUD_WPN_MAX_PLAYERS];
    for (int q = 0; q < w->n_players; q++)
        collected[q] = r->has_collected[q] ? r->collected[q] : 0;
    return stud_wpn_record(w, last, collected, r->collected_order, r->n_collected, rake, err);
}

int stud_site_kingsclub_read(const stud_site_lines *lines, uint32_t first, uint32_t count,
                             const stud_site_game *game, stud_site_hand *h, stud_site_error *err)
{
    reading_t r; /* (some 40 KB) */
    stud_wpn_init(&r.w, h, lines->buf, game, lines->number[first]);
    memset(r.has_collected, 0, sizeof r.has_collected);
    memset(r.has_returned, 0, sizeof r.has_returned);
    if (read_hand(&r, lines, first, count, err))
        return STUD_HH_ERROR;
    h->n_lead_fields = 1;
    return STUD_HH_READ;
}
