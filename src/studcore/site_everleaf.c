/* site_everleaf.c: Everleaf Gaming's text hand histories, read in C into
 * the builder of site_text.h (python/stud/histories/sites/everleaf.py
 * describes the format and reads the header's game from the banner's next
 * line; this file reads the lines after those two, as that module's reader
 * did). */
#include <string.h>

#include "ps_text.h"
#include "site_text.h"

/* ---- text helpers over a line -------------------------------------------------------- */

/* The bytes of one whitespace character at i (0: none or the end). */
static size_t one_space(const char *s, size_t len, size_t i)
{
    return i < len ? stud_site_space_at(s, len, i) : 0;
}

/* [$€] at s[i]: 1 $, 2 €, 0 none (no £: stud_site_sign_at's); *n its bytes. */
static int sign_at(const char *s, size_t len, size_t i, size_t *n)
{
    const unsigned char *u = (const unsigned char *)s + i;
    *n = 0;
    if (i < len && u[0] == '$') {
        *n = 1;
        return 1;
    }
    if (i + 2 < len && u[0] == 0xe2 && u[1] == 0x82 && u[2] == 0xac) {
        *n = 3;
        return 2;
    }
    return 0;
}

/* The end of [\d,]+(?:\.\d+)? from i (i: none). */
static size_t digits_end(const char *s, size_t len, size_t i)
{
    size_t e = i;
    while (e < len && (ps_digit(s[e]) || s[e] == ','))
        e++;
    if (e > i && e + 1 < len && s[e] == '.' && ps_digit(s[e + 1])) {
        e += 2;
        while (e < len && ps_digit(s[e]))
            e++;
    }
    return e;
}

static const char *const CURRENCIES[] = {"USD", "EURO", "EUR", "Chips", "GEL"};
#define N_CURRENCIES 5

/* ---- the hand ------------------------------------------------------------------------ */

typedef struct {
    stud_site_hand *h;
    stud_site_error *err;
    int names[STUD_SITE_MAX_PLAYERS]; /* the players, longest name first */
} ev_hand;

static const char *const SIGN_TEXT[] = {"", "$", "\xe2\x82\xac"};

/* The amount `sign` + s[d0, d1) ([\d,]+(?:\.\d+)?), as the builder's
 * amount reads that text (its messages naming it). */
static int money(ev_hand *f, uint32_t number, const stud_site_line *l, int sign, size_t d0, size_t d1,
                 int64_t *out)
{
    stud_site_hand *h = f->h;
    const char *s = l->s, *st = SIGN_TEXT[sign];
    stud_hh_span text = stud_site_sub(l, d0, d1);
    size_t w1 = d0;
    int commas = 0;
    while (w1 < d1 && s[w1] != '.') {
        commas |= s[w1] == ',';
        w1++;
    }
    int ok = 1;
    if (commas) { /* \d{1,3}(?:,\d{3})+ */
        size_t q = d0;
        while (q < w1 && ps_digit(s[q]))
            q++;
        ok = q > d0 && q - d0 <= 3;
        while (ok && q < w1) {
            ok = s[q] == ',' && q + 4 <= w1 && ps_digit(s[q + 1]) && ps_digit(s[q + 2]) &&
                 ps_digit(s[q + 3]);
            q += 4;
        }
    }
    if (!ok)
        return stud_site_fail(f->err, h, number, "the amount '%s%T' does not parse", st, text);
    if (sign && sign != h->game.symbol)
        return stud_site_fail(f->err, h, number, "the amount '%s%T' is not in the hand's %s", st,
                              text, h->game.symbol == 1 ? "USD"
                                    : h->game.symbol == 2 ? "EUR"
                                    : h->game.symbol == 3 ? "GBP" : "chips");
    int64_t value = 0;
    for (size_t q = d0; q < w1; q++) {
        if (s[q] == ',')
            continue;
        value = value * 10 + (s[q] - '0');
        if (value > ((int64_t)1 << 40))
            value = (int64_t)1 << 40; /* too large whatever follows */
    }
    size_t frac = w1 < d1 ? w1 + 1 : d1;
    if (h->game.cents) {
        for (size_t q = frac + 2; q < d1; q++)
            if (s[q] != '0')
                return stud_site_fail(f->err, h, number, "the amount '%s%T' is finer than a cent",
                                      st, text);
        int cents = 0;
        if (d1 > frac)
            cents = (s[frac] - '0') * 10 + (frac + 1 < d1 ? s[frac + 1] - '0' : 0);
        value = value * 100 + cents;
    } else {
        for (size_t q = frac; q < d1; q++)
            if (s[q] != '0')
                return stud_site_fail(f->err, h, number,
                                      "the amount '%s%T' is not a whole number of chips", st,
                                      text);
    }
    if (value >= ((int64_t)1 << 31))
        return stud_site_fail(f->err, h, number, "the amount '%s%T' is too large", st, text);
    *out = value;
    return 0;
}

/* The cards of s[from, to) as the reader took them: the comma-separated
 * words, stripped, the hidden ones (xx, XX, ??, x, X) left out, the rest
 * joined by spaces and read as cards. */
static int cards(ev_hand *f, uint32_t number, const stud_site_line *l, size_t from, size_t to,
                 uint8_t *out, int *n)
{
    const char *s = l->s;
    *n = 0;
    for (size_t a = from; a <= to;) {
        long comma = ps_char(s, to, a, ',');
        size_t b = comma < 0 ? to : (size_t)comma, w0 = a, w1 = b;
        stud_site_strip(s, &w0, &w1);
        a = b + 1;
        size_t n_w = w1 - w0;
        if (n_w == 0 || (n_w == 2 && (memcmp(s + w0, "xx", 2) == 0 ||
                                     memcmp(s + w0, "XX", 2) == 0 ||
                                     memcmp(s + w0, "??", 2) == 0)) ||
            (n_w == 1 && (s[w0] == 'x' || s[w0] == 'X')))
            continue;
        for (size_t i = w0; i < w1;) {
            size_t k = stud_site_space_at(s, w1, i);
            if (k) {
                i += k;
                continue;
            }
            size_t e = i;
            while (e < w1 && stud_site_space_at(s, w1, e) == 0)
                e++;
            uint8_t card;
            int one;
            if (stud_site_cards_of(f->h->buf, stud_site_sub(l, i, e), number, &card, &one, f->err))
                return -1;
            for (int c = 0; c < *n; c++) {
                if (out[c] != card)
                    continue;
                /* the words joined, as the message names them */
                char joined[STUD_HH_MESSAGE / 2];
                size_t j = 0;
                for (size_t p = from; p <= to;) {
                    long cm = ps_char(s, to, p, ',');
                    size_t q = cm < 0 ? to : (size_t)cm, v0 = p, v1 = q;
                    stud_site_strip(s, &v0, &v1);
                    p = q + 1;
                    size_t m = v1 - v0;
                    if (m == 0 || (m == 2 && (memcmp(s + v0, "xx", 2) == 0 ||
                                              memcmp(s + v0, "XX", 2) == 0 ||
                                              memcmp(s + v0, "??", 2) == 0)) ||
                        (m == 1 && (s[v0] == 'x' || s[v0] == 'X')))
                        continue;
                    if (j && j < sizeof joined - 1)
                        joined[j++] = ' ';
                    if (m > sizeof joined - 1 - j)
                        m = sizeof joined - 1 - j;
                    memcpy(joined + j, s + v0, m);
                    j += m;
                }
                joined[j] = 0;
                return stud_site_fail(f->err, f->h, number, "%c is listed twice in [%s]",
                                      (int)card, joined);
            }
            out[(*n)++] = card;
            i = e;
        }
    }
    return 0;
}

static int seat_line(ev_hand *f, uint32_t number, const stud_site_line *l)
{
    /* Seat (\d+): (.+?)\s+\(\s*([$€]?\s?[\d,]+(?:\.\d+)?)(?:\s+(?:USD|EURO|EUR|Chips|GEL))?
     * \s*\)(.*) */
    const char *s = l->s;
    size_t len = l->len, i = 5;
    while (i < len && ps_digit(s[i]))
        i++;
    size_t num_end = i, name = i + 2, e = name + 1;
    int ok = 0, sign = 0;
    size_t open = 0, st0 = 0, sp = 0, d0 = 0, d1 = 0;
    if (i > 5 && i + 1 < len && s[i] == ':' && s[i + 1] == ' ') {
        /* the shortest name followed by whitespace, "(" and the stack */
        while (e < len && !ok) {
            if (stud_site_space_at(s, len, e) == 0) {
                e++;
                continue;
            }
            size_t q = stud_site_skip_space(s, len, e);
            if (q < len && s[q] == '(') {
                size_t n;
                st0 = stud_site_skip_space(s, len, q + 1);
                sign = sign_at(s, len, st0, &n);
                sp = one_space(s, len, st0 + n);
                d0 = st0 + n + sp;
                d1 = digits_end(s, len, d0);
                if (d1 > d0) {
                    size_t k = stud_site_skip_space(s, len, d1);
                    ok = k < len && s[k] == ')';
                    if (!ok && k > d1)
                        for (int c = 0; c < N_CURRENCIES && !ok; c++)
                            if (ps_prefix(s + k, len - k, CURRENCIES[c])) {
                                size_t m = stud_site_skip_space(s, len, k + strlen(CURRENCIES[c]));
                                ok = m < len && s[m] == ')';
                            }
                }
                open = e;
            }
            e = q;
        }
    }
    if (!ok)
        return stud_site_fail(f->err, f->h, number, "the seat line does not parse: %R",
                              stud_site_sub(l, 0, len));
    int64_t stack;
    if (sp > 1 || (sp == 1 && s[st0 + (sign == 2 ? 3 : 1)] != ' ')) {
        /* a sign, then whitespace other than a space: not an amount */
        return stud_site_fail(f->err, f->h, number, "the amount %R does not parse",
                              stud_site_sub(l, st0, d1));
    }
    if (money(f, number, l, sign, d0, d1, &stack))
        return -1;
    stud_site_hand *h = f->h;
    size_t z = 5;
    while (num_end - z > 1 && s[z] == '0')
        z++;
    return stud_site_seat_named(h, f->names, number, stud_site_sub(l, z, num_end), stud_site_sub(l, name, open), stack,
                                f->err);
}

static int dealt(ev_hand *f, uint32_t number, const stud_site_line *l)
{
    stud_site_hand *h = f->h;
    const char *s = l->s;
    size_t len = l->len;
    int player = stud_site_dealt_player(h, f->names, l, 9, number, f->err);
    if (player < 0)
        return -1;
    /* after the name: the first " [" after which no "]" comes but the line's last */
    size_t a0 = 9 + h->name[player].len, j = a0;
    int ok = s[len - 1] == ']';
    if (ok) {
        for (size_t q = a0; q + 1 < len; q++)
            if (s[q] == ']')
                j = q + 1;
        long at = ps_find(s, len, j, " [");
        ok = at >= 0 && (size_t)at + 2 <= len - 1;
        j = (size_t)at;
    }
    if (!ok)
        return stud_site_fail(f->err, h, number, "the cards dealt to %N do not parse", player);
    uint8_t found[52];
    int n;
    if (cards(f, number, l, j + 2, len - 1, found, &n))
        return -1;
    return stud_site_dealt(h, number, player, found, n, 0, f->err);
}

/* Whether the player's chips `to` (added: what he puts in, else his round's
 * new total) are all he has left. */
static int all_in(const stud_site_hand *h, int player, int64_t to, int added)
{
    int seat = h->seat_of[player];
    int64_t before = seat >= 0 && h->has_bet[seat] ? h->bets[seat] : 0;
    int64_t chips = added ? to : to - before;
    return chips >= h->stack[player] - h->put_in[player];
}

/* \[\s*([$€]?)\s*([\d,]+(?:\.\d+)?)\s*(?:USD|EURO|EUR|Chips|GEL)?\s*\] from i to the end */
static int bracket(const char *s, size_t len, size_t i, int *sign, size_t *d0, size_t *d1)
{
    size_t n;
    if (i >= len || s[i] != '[')
        return 0;
    i = stud_site_skip_space(s, len, i + 1);
    *sign = sign_at(s, len, i, &n);
    *d0 = stud_site_skip_space(s, len, i + n);
    *d1 = digits_end(s, len, *d0);
    if (*d1 == *d0)
        return 0;
    size_t k = stud_site_skip_space(s, len, *d1);
    if (k + 1 == len && s[k] == ']')
        return 1;
    for (int c = 0; c < N_CURRENCIES; c++)
        if (ps_prefix(s + k, len - k, CURRENCIES[c])) {
            size_t m = stud_site_skip_space(s, len, k + strlen(CURRENCIES[c]));
            if (m + 1 == len && s[m] == ']')
                return 1;
        }
    return 0;
}

static int colon_line(ev_hand *f, uint32_t number, const stud_site_line *l, int player, size_t r)
{
    static const char *const BRACKETED[] = {"posts ante ", "calls ", "raises ", "bets "};
    stud_site_hand *h = f->h;
    const char *s = l->s;
    size_t len = l->len;
    if (ps_equal(s + r, len - r, "checks"))
        return stud_site_act(h, number, player, STUD_SITE_CHECK, -1, 0, 0, f->err);
    if (ps_equal(s + r, len - r, "folds"))
        return stud_site_act(h, number, player, STUD_SITE_FOLD, -1, 0, 0, f->err);
    for (int k = 0; k < 4; k++) {
        int sign;
        size_t d0, d1;
        if (!ps_prefix(s + r, len - r, BRACKETED[k]) ||
            !bracket(s, len, r + strlen(BRACKETED[k]), &sign, &d0, &d1))
            continue;
        int64_t amount;
        if (money(f, number, l, sign, d0, d1, &amount))
            return -1;
        switch (k) {
        case 0:
            return stud_site_ante_of(h, number, player, amount, amount >= h->stack[player],
                                     f->err);
        case 1:
            return stud_site_act(h, number, player, STUD_SITE_CALL, amount,
                                 all_in(h, player, amount, 1), 1, f->err);
        case 2: { /* raises: by how much over the bet faced */
            int64_t faced = 0;
            for (int seat = 0; seat < h->n_order; seat++)
                if (h->has_bet[seat] && h->bets[seat] > faced)
                    faced = h->bets[seat];
            int64_t to = faced + amount;
            return stud_site_act(h, number, player, STUD_SITE_RAISE, to,
                                 all_in(h, player, to, 0), 0, f->err);
        }
        default:
            return stud_site_act(h, number, player, STUD_SITE_BET, amount,
                                 all_in(h, player, amount, 1), 1, f->err);
        }
    }
    /* the first word (up to a space) of an action: a line that does not parse */
    long space = ps_char(s, len, r, ' ');
    size_t w = (space < 0 ? len : (size_t)space) - r;
    static const char *const VERBS[] = {"posts", "calls", "raises", "bets", "checks", "folds"};
    for (int k = 0; k < 6; k++)
        if (ps_equal(s + r, w, VERBS[k]))
            return stud_site_fail(f->err, h, number, "%N: the line does not parse: %R", player,
                                  stud_site_sub(l, r, len));
    return 0; /* chat */
}

/* [$€]?\s?([\d,]+(?:\.\d+)?) from i: its sign and digits (0: none). */
static int amount_at(const char *s, size_t len, size_t i, int *sign, size_t *d0, size_t *d1)
{
    size_t n;
    *sign = sign_at(s, len, i, &n);
    i += n;
    *d0 = i + one_space(s, len, i);
    *d1 = digits_end(s, len, *d0);
    return *d1 > *d0;
}

/* The bring-in's and completion's (\s?(?:USD|EURO|EUR|Chips|GEL))?\.? to the end from i. */
static int amount_end(const char *s, size_t len, size_t i)
{
    if (i == len || (i + 1 == len && s[i] == '.'))
        return 1;
    size_t sp = one_space(s, len, i);
    for (int with = sp ? 1 : 0; with >= 0; with--) {
        size_t k = i + (with ? sp : 0);
        for (int c = 0; c < N_CURRENCIES; c++)
            if (ps_prefix(s + k, len - k, CURRENCIES[c])) {
                size_t m = k + strlen(CURRENCIES[c]);
                if (m == len || (m + 1 == len && s[m] == '.'))
                    return 1;
            }
    }
    return 0;
}

/* What follows the amount of a "wins" line from i:
 * (?:\s?(?:USD|EURO|EUR|Chips|GEL))?\s?\)?(?: from .*)? to the end. */
static int wins_end(const char *s, size_t len, size_t i)
{
    size_t starts[1 + 2 * N_CURRENCIES];
    int n = 0;
    starts[n++] = i;
    size_t sp = one_space(s, len, i);
    for (int with = sp ? 1 : 0; with >= 0; with--) {
        size_t k = i + (with ? sp : 0);
        for (int c = 0; c < N_CURRENCIES; c++)
            if (ps_prefix(s + k, len - k, CURRENCIES[c]))
                starts[n++] = k + strlen(CURRENCIES[c]);
    }
    for (int t = 0; t < n; t++) {
        size_t k = starts[t], sp2 = one_space(s, len, k);
        for (int w = sp2 ? 1 : 0; w >= 0; w--) {
            size_t k2 = k + (w ? sp2 : 0);
            for (int p = k2 < len && s[k2] == ')' ? 1 : 0; p >= 0; p--) {
                size_t k3 = k2 + (size_t)p;
                if (k3 == len || ps_prefix(s + k3, len - k3, " from "))
                    return 1;
            }
        }
    }
    return 0;
}

static int plain_line(ev_hand *f, uint32_t number, const stud_site_line *l, int player, size_t r)
{
    stud_site_hand *h = f->h;
    const char *s = l->s;
    size_t len = l->len;
    const char *rest = s + r;
    size_t n = len - r;
    int sign;
    size_t d0, d1;
    int64_t amount;
    if (ps_prefix(rest, n, "posts bring-in") || ps_prefix(rest, n, "completes to")) {
        int bring = rest[0] == 'p';
        size_t i = r + (bring ? 14 : 12);
        int ok = one_space(s, len, i) != 0;
        if (ok)
            ok = amount_at(s, len, stud_site_skip_space(s, len, i), &sign, &d0, &d1) &&
                 amount_end(s, len, d1);
        if (!ok)
            return stud_site_fail(f->err, h, number,
                                  bring ? "%N: the bring-in does not parse: %R"
                                        : "%N: the completion does not parse: %R",
                                  player, stud_site_sub(l, r, len));
        if (money(f, number, l, sign, d0, d1, &amount))
            return -1;
        if (bring)
            return stud_site_act(h, number, player, STUD_SITE_BRING_IN, amount, 0, 0, f->err);
        return stud_site_act(h, number, player, STUD_SITE_COMPLETE, amount,
                             all_in(h, player, amount, 0), 0, f->err);
    }
    if (ps_prefix(rest, n, "shows [") || ps_prefix(rest, n, "mucks [")) {
        long close = ps_char(s, len, r + 7, ']');
        if (close < 0 || ((size_t)close + 1 != len && s[close + 1] != ' '))
            return stud_site_fail(f->err, h, number, "%N: the cards do not parse: %R", player,
                                  stud_site_sub(l, r, len));
        uint8_t found[52];
        int k;
        if (cards(f, number, l, r + 7, (size_t)close, found, &k))
            return -1;
        if (rest[0] == 's')
            return stud_site_show(h, number, player, found, k, f->err);
        return stud_site_muck(h, number, player, found, k, f->err);
    }
    if (ps_prefix(rest, n, "does not show"))
        return stud_site_muck(h, number, player, NULL, 0, f->err);
    if (ps_prefix(rest, n, "wins ")) {
        /* wins (?:(?:high|low) )?\(?\s? then the amount */
        size_t i = r + 5;
        if (ps_prefix(s + i, len - i, "high "))
            i += 5;
        else if (ps_prefix(s + i, len - i, "low "))
            i += 4;
        if (i < len && s[i] == '(')
            i++;
        i += one_space(s, len, i);
        if (!amount_at(s, len, i, &sign, &d0, &d1) || !wins_end(s, len, d1))
            return stud_site_fail(f->err, h, number, "what %N wins does not parse: %R", player,
                                  stud_site_sub(l, r, len));
        if (money(f, number, l, sign, d0, d1, &amount))
            return -1;
        return stud_site_collect(h, number, player, amount, f->err);
    }
    return 0;
}

static int hand_line(ev_hand *f, uint32_t number, const stud_site_line *l)
{
    static const char *const STREETS[] = {
        "** Dealing down cards **", "**** dealing 4th street ****", "**** dealing 5th street ****",
        "**** dealing 6th street ****", "**** dealing river ****", "**** dealing 7th street ****"};
    static const int NUMBERS[] = {3, 4, 5, 6, 7, 7};
    stud_site_hand *h = f->h;
    const char *s = l->s;
    size_t len = l->len;
    if (s[0] == '*')
        for (int k = 0; k < 6; k++)
            if (ps_equal(s, len, STREETS[k]))
                return stud_site_start_street(h, number, NUMBERS[k], -1, f->err);
    if (ps_prefix(s, len, "Table ") && !h->has_table && h->street == 0) {
        size_t a = 6, e = len;
        stud_site_strip(s, &a, &e);
        h->has_table = 1;
        h->table = stud_site_sub(l, a, e);
        return 0;
    }
    if (ps_prefix(s, len, "Seat ") && h->street == 0) {
        if (ps_suffix(s, len, " is the button"))
            return 0;
        return seat_line(f, number, l);
    }
    if (ps_prefix(s, len, "Dealt to "))
        return dealt(f, number, l);
    /* a player's line: the longest name it starts with, then ": " or a space */
    for (int k = 0; k < h->n_players; k++) {
        int p = f->names[k];
        stud_hh_span n = h->name[p];
        if (len < n.len || memcmp(s, h->buf + n.start, n.len) != 0)
            continue;
        if (len - n.len >= 2 && s[n.len] == ':' && s[n.len + 1] == ' ')
            return colon_line(f, number, l, p, n.len + 2);
        if (len > n.len && s[n.len] == ' ')
            return plain_line(f, number, l, p, n.len + 1);
    }
    return 0; /* Total number of players, joins, chat ... */
}

int stud_site_everleaf_header(const char *s, size_t len, stud_hh_span *id, stud_hh_span *rest)
{
    /* \*{5} Hand history for game #(\d+) \*{5} */
    static const char HEAD[] = "***** Hand history for game #";
    size_t n = sizeof HEAD - 1, i = n;
    if (len < n + 7 || s[0] != '*' || memcmp(s, HEAD, n) != 0)
        return 0;
    while (i < len && ps_digit(s[i]))
        i++;
    if (i == n || len - i != 6 || memcmp(s + i, " *****", 6) != 0)
        return 0;
    id->start = (uint32_t)n;
    id->len = (uint32_t)(i - n);
    rest->start = (uint32_t)len;
    rest->len = 0;
    return 1;
}

int stud_site_everleaf_blank(const char *s, size_t len)
{
    /* the line before a banner, as written (before it is cleaned) */
    return ps_prefix(s, len, "Everleaf Gaming Game #");
}

int stud_site_everleaf_read(const stud_site_lines *lines, uint32_t first, uint32_t count,
                            const stud_site_game *game, stud_site_hand *h, stud_site_error *err)
{
    ev_hand f;
    f.h = h;
    f.err = err;
    stud_site_init(h, lines->buf, game, lines->number[first]);
    /* the banner, then the game's line (the header's: read before) */
    for (uint32_t k = first + 2; k < first + count; k++) {
        stud_site_line l = {lines->buf + lines->start[k], lines->start[k],
                    lines->end[k] - lines->start[k]};
        if (hand_line(&f, lines->number[k], &l))
            return STUD_HH_ERROR;
    }
    uint32_t last = lines->number[first + count - 1];
    if (!h->any_collected) {
        stud_site_fail(err, h, last,
                       "the hand ends before anyone wins the pot (the file is cut short?)");
        return STUD_HH_ERROR;
    }
    return stud_site_finish(h, last, err) ? STUD_HH_ERROR : STUD_HH_READ;
}
