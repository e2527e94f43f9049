/* site_absolute.c: Absolute Poker / UltimateBet's text hand histories, read
 * in C on the builder of site_wpn_hand.h (python/stud/histories/sites/
 * absolute.py describes the format and reads the header's game; this file
 * reads the lines after it, as that module's reader did, regex for regex).
 *
 * Each line's "€ " is first made "€" (Python's str.replace: one pass, left
 * to right) in the caller's buffer, in place: the spans the hand keeps
 * (names, the table) and the errors quote are of the line so rewritten. */
#include <string.h>

#include "ps_text.h"
#include "site_text.h"
#include "site_wpn_hand.h"

typedef struct {
    char *s;     /* the line's first byte */
    uint32_t at; /* its offset in the buffer */
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

static int is_euro(const char *s, size_t len, size_t i)
{
    return i + 2 < len && (unsigned char)s[i] == 0xe2 && (unsigned char)s[i + 1] == 0x82 &&
           (unsigned char)s[i + 2] == 0xac;
}

/* _AMOUNT, (?:\$|€ ?)?\d[\d,]*(?:\.\d+)?, at s[i]: its end, or 0 (none). */
static size_t amount_at(const char *s, size_t len, size_t i)
{
    size_t n;
    if (i < len && s[i] == '$') {
        i++;
    } else if (is_euro(s, len, i)) {
        i += 3;
        if (i < len && s[i] == ' ' && digit(s, len, i + 1, &n))
            i++;
    }
    size_t first, run;
    return stud_wpn_number_end(s, len, i, &first, &run);
}

/* ---- the header ------------------------------------------------------------------------ */

int stud_site_absolute_header(const char *s, size_t len, stud_hh_span *id, stud_hh_span *rest)
{
    /* a hand begins at a line "Stage #"; its id: re.match(r"Stage #C?(\d+)") or none */
    if (!at_lit(s, len, 0, "Stage #"))
        return 0;
    size_t i = 7, n;
    if (i < len && s[i] == 'C' && digit(s, len, i + 1, &n))
        i++;
    size_t digits = i;
    i = digits_at(s, len, i);
    id->start = (uint32_t)digits;
    id->len = (uint32_t)(i - digits);
    rest->start = (uint32_t)i;
    rest->len = (uint32_t)(len - i);
    return 1;
}

/* ---- the lines -------------------------------------------------------------------------- */

static const char *const VERBS[] = {"Ante", "Bring-In", "Bets", "Raises", "Calls",
                                    "All-In(Raise)", "All-In", "Folds", "Checks"};
enum { V_ANTE, V_BRING_IN, V_BETS, V_RAISES, V_CALLS, V_ALLIN_RAISE, V_ALLIN, V_FOLDS, V_CHECKS };

/* _VERBS of _dash_damaged */
static int damaged_verb(const char *s, size_t n)
{
    static const char *const ALL[] = {"Ante", "Bring-In", "Bets", "Raises", "Calls", "All-In",
                                      "All-In(Raise)", "Folds", "Checks", "Shows", "Pocket"};
    for (size_t k = 0; k < sizeof ALL / sizeof ALL[0]; k++)
        if (strlen(ALL[k]) == n && memcmp(ALL[k], s, n) == 0)
            return 1;
    return 0;
}

/* _ACTION.fullmatch: the name's end, the verb and the amount (a_to 0: none). */
static int action_of(const char *s, size_t len, size_t *name_end, int *verb, size_t *a_from,
                     size_t *a_to)
{
    for (size_t k = 1; k + 3 <= len; k++) {
        if (s[k] != ' ' || s[k + 1] != '-' || s[k + 2] != ' ')
            continue;
        for (int v = 0; v < 9; v++) {
            size_t i = k + 3;
            if (!at_lit(s, len, i, VERBS[v]))
                continue;
            i += strlen(VERBS[v]);
            size_t e;
            if (i < len && s[i] == ' ' && (e = amount_at(s, len, i + 1)) != 0 &&
                (e == len || (e + 1 == len && s[e] == '.'))) {
                *name_end = k;
                *verb = v;
                *a_from = i + 1;
                *a_to = e;
                return 1;
            }
            if (i == len || (i + 1 == len && s[i] == '.')) {
                *name_end = k;
                *verb = v;
                *a_from = *a_to = 0;
                return 1;
            }
        }
    }
    return 0;
}

/* The last ']' before the line's last byte, or -1. */
static long last_bracket(const char *s, size_t len)
{
    for (size_t i = len - 1; i-- > 0;)
        if (s[i] == ']')
            return (long)i;
    return -1;
}

/* _SHOWS.fullmatch of a line ending with ']': the name's end (cards from
 * name_end + 10 to len - 1). */
static int shows_full_bracket(const char *s, size_t len, size_t *name_end)
{
    long q = last_bracket(s, len);
    for (size_t k = 1; k + 10 <= len; k++)
        if (s[k] == ' ' && at_lit(s, len, k, " - Shows [") && (long)(k + 9) > q) {
            *name_end = k;
            return 1;
        }
    return 0;
}

/* _SHOWS.match: the name's end and the cards [from, to). */
static int shows_prefix(const char *s, size_t len, size_t *name_end, size_t *from, size_t *to)
{
    for (size_t k = 1; k + 10 <= len; k++) {
        if (s[k] != ' ' || !at_lit(s, len, k, " - Shows ["))
            continue;
        const char *r = memchr(s + k + 10, ']', len - k - 10);
        if (r == NULL)
            continue;
        *name_end = k;
        *from = k + 10;
        *to = (size_t)(r - s);
        return 1;
    }
    return 0;
}

/* _SHOWS.fullmatch of a line ending with ')'. */
static int shows_full_paren(const char *s, size_t len, size_t *name_end, size_t *from,
                            size_t *to)
{
    for (size_t k = 1; k + 10 <= len; k++) {
        if (s[k] != ' ' || !at_lit(s, len, k, " - Shows ["))
            continue;
        const char *r = memchr(s + k + 10, ']', len - k - 10);
        if (r == NULL)
            continue;
        size_t e = (size_t)(r - s) + 1;
        if (len - e >= 3 && s[e] == ' ' && s[e + 1] == '(' && s[len - 1] == ')') {
            *name_end = k;
            *from = k + 10;
            *to = e - 1;
            return 1;
        }
    }
    return 0;
}

/* _POCKET.fullmatch of a line ending with ']': the name and the cards. */
static int pocket_of(const char *s, size_t len, size_t *name_from, size_t *name_end,
                     size_t *from)
{
    long q = last_bracket(s, len);
    for (int with = 1; with >= 0; with--) {
        size_t p = 0;
        if (with) {
            if (!at_lit(s, len, 0, "Dealt to "))
                continue;
            p = 9;
        }
        for (size_t k = p + 1; k + 1 < len; k++) {
            if (s[k] != ' ')
                continue;
            if (at_lit(s, len, k + 1, "- Pocket [") && (long)(k + 10) > q) {
                *name_from = p;
                *name_end = k;
                *from = k + 11;
                return 1;
            }
            if (s[k + 1] == '[' && (long)(k + 1) > q) {
                *name_from = p;
                *name_end = k;
                *from = k + 2;
                return 1;
            }
        }
    }
    return 0;
}

/* _MUCKS.fullmatch */
static int mucks_of(const char *s, size_t len, size_t *name_end)
{
    for (size_t k = 1; k + 8 <= len; k++) {
        if (s[k] != ' ' || !at_lit(s, len, k, " - Mucks"))
            continue;
        size_t e = k + 8;
        if (e == len) {
            *name_end = k;
            return 1;
        }
        if (len - e >= 3 && s[e] == ' ' && s[e + 1] == '[' && s[len - 1] == ']' &&
            memchr(s + e + 2, ']', len - 1 - (e + 2)) == NULL) {
            *name_end = k;
            return 1;
        }
    }
    return 0;
}

#define MAX_WORDS 1024

/* str.split() of buf[text]: the words' spans. */
static int words_of(const char *buf, stud_hh_span text, stud_hh_span *words, int *n,
                    uint32_t line, stud_site_error *err)
{
    const char *s = buf + text.start;
    size_t len = text.len, i = 0, k;
    *n = 0;
    while (i < len) {
        if ((k = stud_site_space_at(s, len, i)) != 0) {
            i += k;
            continue;
        }
        size_t w = i;
        while (i < len && stud_site_space_at(s, len, i) == 0)
            i++;
        if (*n >= MAX_WORDS)
            return stud_site_fail(err, NULL, line, "more than %d cards in brackets",
                                  (int64_t)MAX_WORDS);
        words[*n].start = text.start + (uint32_t)w;
        words[*n].len = (uint32_t)(i - w);
        (*n)++;
    }
    return 0;
}

static int is_h(const char *buf, stud_hh_span w)
{
    return w.len == 1 && buf[w.start] == 'H';
}

/* The cards of the words but "H". */
static int known_cards(const char *buf, const stud_hh_span *words, int n, uint32_t line,
                       int *cards, int *m, stud_site_error *err)
{
    *m = 0;
    for (int k = 0; k < n; k++) {
        if (is_h(buf, words[k]))
            continue;
        if (stud_wpn_card(buf, words[k], line, &cards[*m], err))
            return -1;
        (*m)++;
    }
    return 0;
}

typedef struct {
    stud_wpn_hand w;
    int counts[STUD_WPN_MAX_PLAYERS];
    uint8_t in_summary[STUD_WPN_MAX_PLAYERS];
    int64_t collected[STUD_WPN_MAX_PLAYERS];
    uint8_t has_collected[STUD_WPN_MAX_PLAYERS];
    int collected_order[STUD_WPN_MAX_PLAYERS];
    int n_collected;
    stud_hh_span words[MAX_WORDS];
    int cards[MAX_WORDS];
} reading_t;

static int pocket(reading_t *r, const line_t *l, int player, stud_hh_span text,
                  stud_site_error *err)
{
    stud_wpn_hand *w = &r->w;
    const char *buf = w->buf;
    int n;
    if (words_of(buf, text, r->words, &n, l->number, err))
        return -1;
    int before = r->counts[player];
    if (n <= before) {
        /* the message quotes ' '.join(words): written so, in place (the
         * hand ends here) */
        char *out = (char *)buf + text.start;
        uint32_t at = 0;
        for (int k = 0; k < n; k++) {
            if (k)
                out[at++] = ' ';
            memmove(out + at, buf + r->words[k].start, r->words[k].len);
            at += r->words[k].len;
        }
        stud_hh_span joined = {text.start, at};
        return stud_site_fail(err, NULL, l->number, "%T's cards [%T] hold no new card",
                              w->name[player], joined);
    }
    for (int k = 0; k < before; k++) {
        int card;
        if (is_h(buf, r->words[k]))
            continue;
        if (stud_wpn_card(buf, r->words[k], l->number, &card, err))
            return -1;
        if (w->seen[card] != player)
            return stud_site_fail(err, NULL, l->number, "%T was not dealt to %T before",
                                  r->words[k], w->name[player]);
    }
    r->counts[player] = n;
    const stud_hh_span *fresh = r->words + before;
    int n_new = n - before, any_h = 0, h_up = 0;
    for (int k = 0; k < n_new; k++)
        if (is_h(buf, fresh[k])) {
            any_h = 1;
            if (k >= 2)
                h_up = 1;
        }
    int street = w->street ? w->street : 3;
    if (street == 3 && before == 0 && n_new == 3 && !any_h)
        w->hero = player;
    int m;
    if (known_cards(buf, fresh, n_new, l->number, r->cards, &m, err))
        return -1;
    if (street == 3 && h_up)
        return stud_site_fail(err, NULL, l->number, "%T's 3rd street up card is not shown",
                              w->name[player]);
    return stud_wpn_deal(w, l->number, player, r->cards, m, err);
}

static int action(reading_t *r, const line_t *l, int player, int verb, size_t a_from,
                  size_t a_to, stud_site_error *err)
{
    stud_wpn_hand *w = &r->w;
    if (verb == V_FOLDS || verb == V_CHECKS)
        return stud_wpn_act(w, l->number, player,
                            verb == V_FOLDS ? STUD_HH_FOLD : STUD_HH_CHECK_CALL, -1, err);
    if (a_to == 0)
        return stud_site_fail(err, NULL, l->number, "%s without an amount", VERBS[verb]);
    int64_t amount;
    if (stud_wpn_amount(w, sub(l, a_from, a_to), l->number, &amount, err))
        return -1;
    switch (verb) {
    case V_ANTE:
        return stud_wpn_ante(w, l->number, player, amount, err);
    case V_BRING_IN:
        return stud_wpn_add(w, l->number, player, amount, STUD_WPN_ADD_BRING_IN, 0, err);
    case V_CALLS:
        return stud_wpn_add(w, l->number, player, amount, STUD_WPN_ADD_CALLS, 0, err);
    case V_ALLIN:
        return stud_wpn_add(w, l->number, player, amount, STUD_WPN_ADD_ALLIN, 1, err);
    default: /* Bets, Raises, All-In(Raise): the chips added */
        return stud_wpn_add(w, l->number, player, amount, STUD_WPN_ADD_BETS, 0, err);
    }
}

/* A summary line "Seat N: ..." */
static int summary_seat(reading_t *r, const line_t *l, size_t digits, size_t digits_end,
                        stud_site_error *err)
{
    stud_wpn_hand *w = &r->w;
    const char *s = l->s;
    stud_hh_span seat = sub(l, digits, digits_end);
    for (int p = 0; p < w->n_players; p++)
        if (stud_wpn_seat_cmp(w->buf, seat, w->seat[p]) == 0)
            r->in_summary[p] = 1;
    size_t rest = digits_end + 2, len = l->len, i = rest;
    int named = -2;
    while (i < len) {
        size_t at = i;
        if (at_lit(s, len, i, "won Total ("))
            at += 11;
        else if (at_lit(s, len, i, "collected Total ("))
            at += 17;
        else {
            i++;
            continue;
        }
        size_t e = amount_at(s, len, at);
        if (e == 0 || e >= len || s[e] != ')') {
            i++;
            continue;
        }
        if (named == -2) {
            named = -1;
            for (int p = 0; p < w->n_players && named < 0; p++) {
                stud_hh_span n = w->name[p];
                if (len - rest > n.len && memcmp(s + rest, w->buf + n.start, n.len) == 0 &&
                    (s[rest + n.len] == ' ' || s[rest + n.len] == ':'))
                    named = p;
            }
        }
        if (named < 0)
            return stud_site_fail(err, NULL, l->number,
                                  "a collection by a player not at the table");
        int64_t amount;
        if (stud_wpn_amount(w, sub(l, at, e), l->number, &amount, err))
            return -1;
        if (!r->has_collected[named]) {
            r->has_collected[named] = 1;
            r->collected_order[r->n_collected++] = named;
        }
        r->collected[named] += amount;
        i = e + 1;
    }
    return 0;
}

/* _SEAT.fullmatch and the seat */
static int seat_line(reading_t *r, const line_t *l, stud_site_error *err)
{
    const char *s = l->s;
    size_t len = l->len, i = 5, tail = 0;
    int ok = 0;
    size_t digits = i;
    i = digits_at(s, len, i);
    size_t digits_end = i, name = i + 3, k = 0;
    if (digits_end > digits && at_lit(s, len, i, " - ")) {
        if (len >= 10 && memcmp(s + len - 10, " in chips)", 10) == 0)
            tail = len - 10;
        else if (len >= 25 && memcmp(s + len - 25, " in chips) is sitting out", 25) == 0)
            tail = len - 25;
        if (tail > name) {
            /* the last " (" with the name before it: what follows it, to the tail, an amount */
            for (k = tail - 1; k-- > name;) {
                if (s[k] == ' ' && s[k + 1] == '(') {
                    ok = k >= name + 1 && amount_at(s, len, k + 2) == tail;
                    break;
                }
            }
        }
    }
    if (!ok)
        return stud_site_fail(err, NULL, l->number, "the seat line %R does not parse",
                              sub(l, 0, len));
    int64_t stack;
    if (stud_wpn_amount(&r->w, sub(l, k + 2, tail), l->number, &stack, err))
        return -1;
    int p = r->w.n_players;
    if (stud_wpn_seat(&r->w, l->number, sub(l, digits, digits_end), sub(l, name, k), stack, err))
        return -1;
    if (r->w.n_players > p) {
        r->counts[p] = 0;
        r->in_summary[p] = 0;
        r->collected[p] = 0;
        r->has_collected[p] = 0;
    }
    return 0;
}

/* _dash_damaged: a line "NAME - VERB ..." of a player that did not parse. */
static int dash_damaged(reading_t *r, line_t *l, stud_site_error *err)
{
    stud_wpn_hand *w = &r->w;
    char *s = l->s;
    size_t len = l->len;
    for (int p = 0; p < w->n_players; p++) {
        size_t n = w->name[p].len;
        if (len < n + 3 || memcmp(s, w->buf + w->name[p].start, n) != 0 ||
            !at_lit(s, len, n, " - "))
            continue;
        size_t from = n + 3, to = from;
        while (to < len && s[to] != ' ')
            to++;
        if (!damaged_verb(s + from, to - from))
            continue;
        /* the message quotes NAME + " " + the rest: written so, in place */
        memmove(s + n + 1, s + n + 3, len - n - 3);
        return stud_site_fail(err, NULL, l->number, "the line %R does not parse",
                              sub(l, 0, len - 2));
    }
    return 0;
}

static int read_hand(reading_t *r, const stud_site_lines *lines, uint32_t first, uint32_t count,
                     stud_site_error *err)
{
    stud_wpn_hand *w = &r->w;
    int summary = 0;
    r->n_collected = 0;
    for (uint32_t n = 1; n < count; n++) {
        uint32_t x = first + n;
        line_t l = {lines->buf + lines->start[x], lines->start[x],
                    lines->end[x] - lines->start[x], lines->number[x]};
        /* line.replace("€ ", "€") */
        size_t out = 0;
        for (size_t i = 0; i < l.len;) {
            if (is_euro(l.s, l.len, i) && i + 3 < l.len && l.s[i + 3] == ' ') {
                memmove(l.s + out, l.s + i, 3);
                out += 3;
                i += 4;
            } else {
                l.s[out++] = l.s[i++];
            }
        }
        l.len = out;
        const char *s = l.s;
        size_t len = l.len;
        if (summary) {
            if (at_lit(s, len, 0, "Seat ")) {
                size_t i = digits_at(s, len, 5);
                if (i > 5 && at_lit(s, len, i, ": ") && summary_seat(r, &l, 5, i, err))
                    return -1;
            }
            continue;
        }
        if (at_lit(s, len, 0, "***")) {
            static const char *const STREETS[] = {"*** 3rd STREET ***", "*** 4TH STREET ***",
                                                  "*** 5TH STREET ***", "*** 6TH STREET ***",
                                                  "*** RIVER ***"};
            int street = 0;
            for (int k = 0; k < 5 && !street; k++)
                if (strlen(STREETS[k]) == len && memcmp(s, STREETS[k], len) == 0)
                    street = 3 + k;
            if (street) {
                if (stud_wpn_new_street(w, l.number, street, err))
                    return -1;
            } else if (at_lit(s, len, 0, "*** SUMMARY")) {
                summary = 1;
            }
            continue;
        }
        if (w->street == 0 && at_lit(s, len, 0, "Seat ")) {
            if (seat_line(r, &l, err))
                return -1;
            continue;
        }
        if (at_lit(s, len, 0, "Table: ")) {
            for (size_t k = 7; k + 13 <= len; k++)
                if (at_lit(s, len, k, " (Real Money)") || at_lit(s, len, k, " (Play Money)")) {
                    w->h->has_table = 1;
                    w->h->table = sub(&l, 7, k);
                    break;
                }
            continue;
        }
        size_t name_end, a_from, a_to, from, to, name_from;
        int verb, p;
        if (action_of(s, len, &name_end, &verb, &a_from, &a_to) &&
            (p = stud_wpn_find(w, s, name_end)) >= 0) {
            if (action(r, &l, p, verb, a_from, a_to, err))
                return -1;
            continue;
        }
        if (len && s[len - 1] == ']') {
            int shown = 0;
            if (shows_full_bracket(s, len, &name_end)) {
                shown = 1;
                from = name_end + 10;
                to = len - 1;
            } else {
                shown = shows_prefix(s, len, &name_end, &from, &to);
            }
            if (shown && (p = stud_wpn_find(w, s, name_end)) >= 0) {
                int m;
                if (words_of(w->buf, sub(&l, from, to), r->words, &m, l.number, err) ||
                    known_cards(w->buf, r->words, m, l.number, r->cards, &m, err) ||
                    stud_wpn_show(w, l.number, p, r->cards, m, err))
                    return -1;
                continue;
            }
            if (pocket_of(s, len, &name_from, &name_end, &from) &&
                (p = stud_wpn_find(w, s + name_from, name_end - name_from)) >= 0) {
                if (pocket(r, &l, p, sub(&l, from, len - 1), err))
                    return -1;
                continue;
            }
        }
        if (len && s[len - 1] == ')' && shows_full_paren(s, len, &name_end, &from, &to) &&
            (p = stud_wpn_find(w, s, name_end)) >= 0) {
            int m;
            if (words_of(w->buf, sub(&l, from, to), r->words, &m, l.number, err) ||
                known_cards(w->buf, r->words, m, l.number, r->cards, &m, err) ||
                stud_wpn_show(w, l.number, p, r->cards, m, err))
                return -1;
            continue;
        }
        if (mucks_of(s, len, &name_end) && (p = stud_wpn_find(w, s, name_end)) >= 0) {
            if (stud_wpn_muck(w, l.number, p, err))
                return -1;
            continue;
        }
        if (dash_damaged(r, &l, err))
            return -1;
    }
    uint32_t last = lines->number[first + count - 1];
    if (!summary)
        return stud_site_fail(err, NULL, last, "the hand is cut off: no summary");
    for (int p = 0; p < w->n_players; p++)
        if (w->in_hand[p] && !r->in_summary[p])
            return stud_site_fail(err, NULL, last,
                                  "the hand is cut off: the summary has no line for %T",
                                  w->name[p]);
    int top;
    int64_t excess, total = 0;
    stud_wpn_uncalled(w, &top, &excess);
    for (int k = 0; k < r->n_collected; k++)
        total += r->collected[r->collected_order[k]];
    if (total > stud_wpn_put_in_total(w) - excess)
        return stud_site_fail(err, NULL, last, "the players collect more than the pot held");
    return stud_wpn_record(w, last, r->collected, r->collected_order, r->n_collected, 0, err);
}

int stud_site_absolute_read(const stud_site_lines *lines, uint32_t first, uint32_t count,
                            const stud_site_game *game, stud_site_hand *h, stud_site_error *err)
{
    reading_t r; /* (some 40 KB) */
    stud_wpn_init(&r.w, h, lines->buf, game, lines->number[first]);
    if (read_hand(&r, lines, first, count, err))
        return STUD_HH_ERROR;
    return STUD_HH_READ;
}
