/* site_text.c: the shared part of the sites' C text readers (site_text.h):
 * lines, amounts, cards and the hand builder. */
#include "site_text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ps_text.h"

/* ---- errors ---------------------------------------------------------------------- */

static const char RANK_CHARS[] = "23456789TJQKA";
static const char SUIT_CHARS[] = "cdhs";

int stud_site_fail(stud_site_error *err, const stud_site_hand *h, uint32_t line,
                   const char *format, ...)
{
    va_list ap;
    size_t n = 0, cap = sizeof err->message - 1;
    char number[32];
    err->line = line;
    err->n_args = 0;
    va_start(ap, format);
    for (const char *f = format; *f && n < cap; f++) {
        if (*f != '%') {
            err->message[n++] = *f;
            continue;
        }
        f++;
        const char *text = NULL;
        stud_hh_span span;
        int is_span = 0, repr = 0;
        switch (*f) {
        case 's':
            text = va_arg(ap, const char *);
            break;
        case 'd':
            snprintf(number, sizeof number, "%lld", (long long)va_arg(ap, int64_t));
            text = number;
            break;
        case 'c': {
            int card = va_arg(ap, int);
            number[0] = RANK_CHARS[card >> 2];
            number[1] = SUIT_CHARS[card & 3];
            number[2] = 0;
            text = number;
            break;
        }
        case 'N':
            span = h->name[va_arg(ap, int)];
            is_span = 1;
            break;
        case 'T':
            span = va_arg(ap, stud_hh_span);
            is_span = 1;
            break;
        case 'R':
            span = va_arg(ap, stud_hh_span);
            is_span = repr = 1;
            break;
        default:
            text = "%";
            f--;
            break;
        }
        if (is_span) {
            if (err->n_args < STUD_SITE_MAX_ARGS) {
                err->args[err->n_args] = span;
                err->repr[err->n_args++] = (uint8_t)repr;
                err->message[n++] = '\x01';
            }
            continue;
        }
        while (*text && n < cap)
            err->message[n++] = *text++;
    }
    va_end(ap);
    err->message[n] = 0;
    return -1;
}

/* ---- lines ----------------------------------------------------------------------- */

size_t stud_site_space_at(const char *s, size_t len, size_t i)
{
    unsigned char c = (unsigned char)s[i];
    if (c < 0x80)
        return (c == ' ' || (c >= 9 && c <= 13) || (c >= 0x1c && c <= 0x1f)) ? 1 : 0;
    const unsigned char *u = (const unsigned char *)s + i;
    if (c == 0xc2 && i + 1 < len)
        return (u[1] == 0x85 || u[1] == 0xa0) ? 2 : 0;
    if (i + 2 >= len)
        return 0;
    if (c == 0xe1)
        return (u[1] == 0x9a && u[2] == 0x80) ? 3 : 0;
    if (c == 0xe2) {
        if (u[1] == 0x80)
            return ((u[2] >= 0x80 && u[2] <= 0x8a) || u[2] == 0xa8 || u[2] == 0xa9 ||
                    u[2] == 0xaf) ? 3 : 0;
        return (u[1] == 0x81 && u[2] == 0x9f) ? 3 : 0;
    }
    if (c == 0xe3)
        return (u[1] == 0x80 && u[2] == 0x80) ? 3 : 0;
    return 0;
}

/* The bytes of the whitespace character that ends s[0, end) (0: none). */
static size_t space_before(const char *s, size_t end)
{
    if (end == 0)
        return 0;
    unsigned char c = (unsigned char)s[end - 1];
    if (c < 0x80)
        return stud_site_space_at(s, end, end - 1);
    if (end >= 2 && stud_site_space_at(s, end, end - 2) == 2)
        return 2;
    if (end >= 3 && stud_site_space_at(s, end, end - 3) == 3)
        return 3;
    return 0;
}

void stud_site_strip(const char *s, size_t *from, size_t *to)
{
    size_t a = *from, e = *to, k;
    while (a < e && (k = stud_site_space_at(s, e, a)) != 0)
        a += k;
    while (e > a && (k = space_before(s + a, e - a)) != 0)
        e -= k;
    *from = a;
    *to = e;
}

void stud_site_clean_line(char *buf, uint32_t *start, uint32_t *end)
{
    size_t s = *start, e = *end;
    stud_site_strip(buf, &s, &e);
    while (e - s >= 3 && (unsigned char)buf[s] == 0xef && (unsigned char)buf[s + 1] == 0xbb &&
           (unsigned char)buf[s + 2] == 0xbf)
        s += 3;
    char *nul = memchr(buf + s, 0, e - s);
    if (nul) {
        size_t to = (size_t)(nul - buf);
        for (size_t from = to; from < e; from++)
            if (buf[from])
                buf[to++] = buf[from];
        e = to;
    }
    *start = (uint32_t)s;
    *end = (uint32_t)e;
}

/* ---- amounts and cards -------------------------------------------------------------- */

int stud_site_upper_is(const char *s, size_t len, const char *upper)
{
    size_t i = 0, k = 0, n = strlen(upper);
    while (i < len) {
        unsigned char b = (unsigned char)s[i];
        const char *to;
        char one[2] = {0, 0};
        size_t step = 1;
        if (b < 0x80) {
            one[0] = (char)(b >= 'a' && b <= 'z' ? b - 32 : b);
            to = one;
        } else if (b == 0xc4 && i + 1 < len && (unsigned char)s[i + 1] == 0xb1) {
            to = "I";
            step = 2;
        } else if (b == 0xc5 && i + 1 < len && (unsigned char)s[i + 1] == 0xbf) {
            to = "S";
            step = 2;
        } else if (b == 0xef && i + 2 < len && (unsigned char)s[i + 1] == 0xac &&
                   ((unsigned char)s[i + 2] == 0x85 || (unsigned char)s[i + 2] == 0x86)) {
            to = "ST";
            step = 3;
        } else {
            return 0;
        }
        size_t m = strlen(to);
        if (k + m > n || memcmp(upper + k, to, m) != 0)
            return 0;
        k += m;
        i += step;
    }
    return k == n;
}

int stud_site_sign_at(const char *s, size_t len, size_t i, size_t *n)
{
    const unsigned char *u = (const unsigned char *)s + i;
    if (i < len && u[0] == '$') {
        *n = 1;
        return 1;
    }
    if (i + 2 < len && u[0] == 0xe2 && u[1] == 0x82 && u[2] == 0xac) {
        *n = 3;
        return 2;
    }
    if (i + 1 < len && u[0] == 0xc2 && u[1] == 0xa3) {
        *n = 2;
        return 3;
    }
    return 0;
}

static const char *const CURRENCY_NAMES[] = {"chips", "USD", "EUR", "GBP"};

int stud_site_amount(const stud_site_hand *h, stud_hh_span text, uint32_t line, int64_t *out,
                     stud_site_error *err)
{
    /* [$€£]?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(\s?[$€£]?)\.? over the stripped text */
    const char *s = h->buf + text.start;
    size_t len = text.len, i = 0, n;
    stud_site_strip(s, &i, &len);
    int pre = stud_site_sign_at(s, len, i, &n), post = 0;
    if (pre)
        i += n;
    size_t whole = i;
    while (i < len && ps_digit(s[i]))
        i++;
    size_t digits = i - whole;
    if (digits >= 1 && digits <= 3 && i + 4 <= len && s[i] == ',' && ps_digit(s[i + 1]) &&
        ps_digit(s[i + 2]) && ps_digit(s[i + 3]) && (i + 4 == len || !ps_digit(s[i + 4]))) {
        while (i + 4 <= len && s[i] == ',' && ps_digit(s[i + 1]) && ps_digit(s[i + 2]) &&
               ps_digit(s[i + 3]) && (i + 4 == len || !ps_digit(s[i + 4])))
            i += 4;
    }
    size_t whole_end = i, frac = i, frac_end = i;
    int ok = digits > 0;
    if (ok && i + 1 < len && s[i] == '.' && ps_digit(s[i + 1])) {
        frac = ++i;
        while (i < len && ps_digit(s[i]))
            i++;
        frac_end = i;
    }
    if (ok) {
        /* (\s?[$€£]?)\.? to the end, tried as the regex's backtracking would */
        size_t sp = i < len ? stud_site_space_at(s, len, i) : 0;
        int found = 0;
        for (int with_space = sp ? 1 : 0; with_space >= 0 && !found; with_space--) {
            size_t at = i + (with_space ? sp : 0), m = 0;
            int sign = stud_site_sign_at(s, len, at, &m);
            for (int with_sign = sign ? 1 : 0; with_sign >= 0 && !found; with_sign--) {
                size_t e = at + (with_sign ? m : 0);
                if (e == len || (e + 1 == len && s[e] == '.')) {
                    found = 1;
                    post = with_sign ? sign : 0;
                }
            }
        }
        ok = found;
    }
    if (!ok)
        return stud_site_fail(err, h, line, "the amount %R does not parse", text);
    int symbol = pre ? pre : post;
    if (symbol && symbol != h->game.symbol)
        return stud_site_fail(err, h, line, "the amount %R is not in the hand's %s", text,
                              CURRENCY_NAMES[h->game.symbol]);
    int64_t value = 0;
    for (size_t q = whole; q < whole_end; q++) {
        if (s[q] == ',')
            continue;
        value = value * 10 + (s[q] - '0');
        if (value > ((int64_t)1 << 40))
            value = (int64_t)1 << 40; /* too large whatever follows */
    }
    if (h->game.cents) {
        for (size_t q = frac + 2; q < frac_end; q++)
            if (s[q] != '0')
                return stud_site_fail(err, h, line, "the amount %R is finer than a cent", text);
        int cents = 0;
        if (frac_end > frac)
            cents = (s[frac] - '0') * 10 + (frac + 1 < frac_end ? s[frac + 1] - '0' : 0);
        value = value * 100 + cents;
    } else {
        for (size_t q = frac; q < frac_end; q++)
            if (s[q] != '0')
                return stud_site_fail(err, h, line,
                                      "the amount %R is not a whole number of chips", text);
    }
    if (value >= ((int64_t)1 << 31))
        return stud_site_fail(err, h, line, "the amount %R is too large", text);
    *out = value;
    return 0;
}

static int rank_of(char c)
{
    const char *at = c ? strchr(RANK_CHARS, c) : NULL;
    return at ? (int)(at - RANK_CHARS) : -1;
}

static int suit_of(char c)
{
    switch (c) {
    case 'c': case 'C': return 0;
    case 'd': case 'D': return 1;
    case 'h': case 'H': return 2;
    case 's': case 'S': return 3;
    default: return -1;
    }
}

/* The card a word names ("As", "AS", "10h", "sA", "s10"), or -1. */
static int card_word(const char *w, size_t n)
{
    int r, s;
    if (n == 2) {
        if ((r = rank_of(w[0])) >= 0 && (s = suit_of(w[1])) >= 0)
            return 4 * r + s;
        if ((s = suit_of(w[0])) >= 0 && (r = rank_of(w[1])) >= 0)
            return 4 * r + s;
    } else if (n == 3) {
        if (w[0] == '1' && w[1] == '0' && (s = suit_of(w[2])) >= 0)
            return 4 * 8 + s;
        if ((s = suit_of(w[0])) >= 0 && w[1] == '1' && w[2] == '0')
            return 4 * 8 + s;
    }
    return -1;
}

int stud_site_cards_of(const char *buf, stud_hh_span text, uint32_t line, uint8_t *cards, int *n,
                       stud_site_error *err)
{
    const char *s = buf + text.start;
    size_t len = text.len, i = 0, k;
    *n = 0;
    while (i < len) {
        if (s[i] == ',') {
            i++;
            continue;
        }
        if ((k = stud_site_space_at(s, len, i)) != 0) {
            i += k;
            continue;
        }
        size_t w = i;
        while (i < len && s[i] != ',' && stud_site_space_at(s, len, i) == 0)
            i++;
        int card = card_word(s + w, i - w);
        if (card < 0) {
            stud_hh_span word = {text.start + (uint32_t)w, (uint32_t)(i - w)};
            return stud_site_fail(err, NULL, line, "%R is not a card", word);
        }
        for (int c = 0; c < *n; c++)
            if (cards[c] == card)
                return stud_site_fail(err, NULL, line, "%c is listed twice in [%T]", card, text);
        cards[(*n)++] = (uint8_t)card;
    }
    return 0;
}

int stud_site_section(const stud_site_hand *h, uint32_t line, const stud_site_line *l,
                      int *community, stud_site_error *err)
{
    const char *s = l->s;
    size_t len = l->len;
    long star = ps_char(s, len, 4, '*');
    int ok = star > 5 && s[star - 1] == ' ' && (size_t)star + 3 <= len && s[star + 1] == '*' &&
             s[star + 2] == '*';
    size_t after = (size_t)star + 3, card_from = 0, card_to = 0;
    int has_card = 0;
    if (ok && after < len) {
        ok = after + 2 <= len && s[after] == ' ' && s[after + 1] == '[' &&
             ps_char(s, len, after + 2, ']') == (long)len - 1;
        has_card = ok;
        card_from = after + 2;
        card_to = len - 1;
    }
    if (!ok)
        return stud_site_fail(err, h, line, "unknown section %R", stud_site_sub(l, 0, len));
    const char *name = s + 4;
    size_t name_len = (size_t)star - 1 - 4;
    if (stud_site_upper_is(name, name_len, "SUMMARY"))
        return STUD_SITE_SUMMARY;
    if (stud_site_upper_is(name, name_len, "SHOW DOWN") ||
        stud_site_upper_is(name, name_len, "SHOWDOWN"))
        return STUD_SITE_SHOWDOWN;
    static const char *const STREETS[] = {"3RD STREET", "4TH STREET", "5TH STREET",
                                          "6TH STREET", "7TH STREET", "RIVER"};
    static const int NUMBERS[] = {3, 4, 5, 6, 7, 7};
    int street = 0;
    for (int k = 0; k < 6 && !street; k++)
        if (stud_site_upper_is(name, name_len, STREETS[k]))
            street = NUMBERS[k];
    if (!street)
        return stud_site_fail(err, h, line, "%R is not a stud street",
                              stud_site_sub(l, 4, (size_t)star - 1));
    *community = -1;
    if (has_card && card_to > card_from) {
        uint8_t found[52];
        int n;
        if (stud_site_cards_of(h->buf, stud_site_sub(l, card_from, card_to), line, found, &n,
                               err))
            return -1;
        if (n != 1)
            return stud_site_fail(err, h, line, "a community card is one card");
        *community = found[0];
    }
    return street;
}

/* ---- the builder -------------------------------------------------------------------- */

void stud_site_init(stud_site_hand *h, const char *buf, const stud_site_game *game,
                    uint32_t first_line)
{
    /* the fields read before they are written; the arrays are set as players come */
    h->buf = buf;
    h->game = *game;
    h->first_line = first_line;
    h->all_cards = 0;
    h->n_players = h->n_order = h->n_bets = h->n_folded = h->n_antes = 0;
    h->any_collected = 0;
    h->has_bring_in = h->bring_in_all_in = h->has_first_call = h->completed = 0;
    h->bring_in = h->first_call = 0;
    h->street = h->deal_open = h->showdown = 0;
    h->community = 0;
    memset(h->seen, -1, sizeof h->seen);
    h->hero = -1;
    h->has_total = h->rake_known = 0;
    h->total = h->rake = 0;
    h->n_mucked = h->n_pots = h->n_steps = 0;
    h->n_fields = h->n_lead_fields = h->has_table = 0;
    h->ante_out = 0;
    h->bring_in_out = -1;
}

/* The zero of each run of ten decimal digits (Unicode's Nd, as Python's
 * unicodedata 14.0 has them; each run 0 to 9 in order). */
static const uint32_t DIGIT_ZEROS[] = {
    0x30, 0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6,
    0xd66, 0xde6, 0xe50, 0xed0, 0xf20, 0x1040, 0x1090, 0x17e0, 0x1810, 0x1946, 0x19d0,
    0x1a80, 0x1a90, 0x1b50, 0x1bb0, 0x1c40, 0x1c50, 0xa620, 0xa8d0, 0xa900, 0xa9d0,
    0xa9f0, 0xaa50, 0xabf0, 0xff10, 0x104a0, 0x10d30, 0x11066, 0x110f0, 0x11136,
    0x111d0, 0x112f0, 0x11450, 0x114d0, 0x11650, 0x116c0, 0x11730, 0x118e0, 0x11950,
    0x11c50, 0x11d50, 0x11da0, 0x16a60, 0x16ac0, 0x16b50, 0x1d7ce, 0x1d7d8, 0x1d7e2,
    0x1d7ec, 0x1d7f6, 0x1e140, 0x1e2f0, 0x1e950, 0x1fbf0};

size_t stud_site_digit_at(const char *s, size_t len, size_t i, int *value)
{
    const unsigned char *u = (const unsigned char *)s;
    if (i >= len)
        return 0;
    if (u[i] < 0x80) {
        if (u[i] >= '0' && u[i] <= '9') {
            *value = u[i] - '0';
            return 1;
        }
        return 0;
    }
    uint32_t cp;
    size_t n;
    if (u[i] >= 0xf8) {
        return 0;
    } else if (u[i] >= 0xf0) {
        n = 4;
        cp = u[i] & 0x07;
    } else if (u[i] >= 0xe0) {
        n = 3;
        cp = u[i] & 0x0f;
    } else if (u[i] >= 0xc0) {
        n = 2;
        cp = u[i] & 0x1f;
    } else {
        return 0;
    }
    if (i + n > len)
        return 0;
    for (size_t k = 1; k < n; k++)
        cp = cp << 6 | (u[i + k] & 0x3f);
    for (size_t z = 1; z < sizeof DIGIT_ZEROS / sizeof DIGIT_ZEROS[0]; z++)
        if (cp >= DIGIT_ZEROS[z] && cp < DIGIT_ZEROS[z] + 10) {
            *value = (int)(cp - DIGIT_ZEROS[z]);
            return n;
        }
    return 0;
}

int stud_site_add_field(stud_site_hand *h, uint32_t line, const char *key, const char *text,
                        stud_hh_span value, stud_site_error *err)
{
    if (h->n_fields >= STUD_SITE_MAX_FIELDS)
        return stud_site_fail(err, h, line, "more than %d fields in one hand",
                              (int64_t)STUD_SITE_MAX_FIELDS);
    stud_site_field *f = &h->fields[h->n_fields++];
    f->key = key;
    f->text = text;
    f->value = value;
    f->as_int = 0;
    return 0;
}

int stud_site_find(const stud_site_hand *h, const char *s, size_t len)
{
    for (int p = 0; p < h->n_players; p++)
        if (h->name[p].len == len && memcmp(h->buf + h->name[p].start, s, len) == 0)
            return p;
    return -1;
}

static int same_span(const char *buf, stud_hh_span a, stud_hh_span b)
{
    return a.len == b.len && memcmp(buf + a.start, buf + b.start, a.len) == 0;
}

stud_hh_step *stud_site_step(stud_site_hand *h, uint32_t line, int type, int seat,
                            stud_site_error *err)
{
    if (h->n_steps >= STUD_HH_MAX_STEPS) {
        stud_site_fail(err, h, line, "the hand has more than %d steps",
                       (int64_t)STUD_HH_MAX_STEPS);
        return NULL;
    }
    stud_hh_step *s = &h->steps[h->n_steps++];
    stud_hh_step_start(s, type, seat, line);
    return s;
}

int stud_site_seat(stud_site_hand *h, uint32_t line, stud_hh_span digits, stud_hh_span name,
                   int64_t stack, stud_site_error *err)
{
    int twice = stud_site_find(h, h->buf + name.start, name.len) >= 0;
    for (int p = 0; p < h->n_players && !twice; p++)
        twice = same_span(h->buf, h->seat_digits[p], digits);
    if (twice)
        return stud_site_fail(err, h, line, "seat %T (%T) is listed twice", digits, name);
    if (h->street)
        return 0; /* a player sitting down during the hand is not in it */
    if (h->n_players >= STUD_SITE_MAX_PLAYERS)
        return stud_site_fail(err, h, line, "more than %d players are listed",
                              (int64_t)STUD_SITE_MAX_PLAYERS);
    int p = h->n_players++;
    h->name[p] = name;
    uint32_t chars = 0;
    for (uint32_t i = 0; i < name.len; i++)
        chars += ((unsigned char)h->buf[name.start + i] & 0xc0) != 0x80;
    h->name_chars[p] = chars;
    h->seat_digits[p] = digits;
    h->stack[p] = stack;
    h->put_in[p] = 0;
    h->seat_of[p] = -1;
    h->visible[p] = 0;
    h->pending_n[p] = -1;
    h->collected[p] = 0;
    return 0;
}

int stud_site_seat_named(stud_site_hand *h, int *names, uint32_t line, stud_hh_span digits,
                         stud_hh_span name, int64_t stack, stud_site_error *err)
{
    int before = h->n_players;
    if (stud_site_seat(h, line, digits, name, stack, err))
        return -1;
    if (h->n_players > before) {
        int p = before, at = before;
        while (at > 0 && h->name_chars[names[at - 1]] < h->name_chars[p]) {
            names[at] = names[at - 1];
            at--;
        }
        names[at] = p;
    }
    return 0;
}

int stud_site_dealt_player(stud_site_hand *h, const int *names, const stud_site_line *l,
                           size_t from, uint32_t line, stud_site_error *err)
{
    const char *s = l->s;
    size_t len = l->len;
    for (int k = 0; k < h->n_players; k++) {
        stud_hh_span n = h->name[names[k]];
        if (len >= from + n.len + 2 && memcmp(s + from, h->buf + n.start, n.len) == 0 &&
            s[from + n.len] == ' ' && s[from + n.len + 1] == '[')
            return names[k];
    }
    long cut = ps_find(s, len, from, " [");
    stud_site_fail(err, h, line, "cards dealt to %R, who is not at the table",
                   stud_site_sub(l, from, cut < 0 ? len : (size_t)cut));
    return -1;
}

int stud_site_known(const stud_site_hand *h, stud_hh_span name, uint32_t line, int *player,
                    stud_site_error *err)
{
    *player = stud_site_find(h, h->buf + name.start, name.len);
    if (*player < 0)
        return stud_site_fail(err, h, line, "%R is not at the table", name);
    return 0;
}

int stud_site_ante_of(stud_site_hand *h, uint32_t line, int player, int64_t amount, int all_in,
                      stud_site_error *err)
{
    if (h->street)
        return stud_site_fail(err, h, line, "%N posts an ante after the deal", player);
    if (h->n_antes >= STUD_SITE_MAX_LIST)
        return stud_site_fail(err, h, line, "more than %d antes", (int64_t)STUD_SITE_MAX_LIST);
    h->put_in[player] += amount;
    stud_site_ante *a = &h->antes[h->n_antes++];
    a->player = player;
    a->amount = amount;
    a->all_in = all_in;
    a->line = line;
    return 0;
}

int stud_site_see(stud_site_hand *h, int card, int owner, uint32_t line, int again,
                  stud_site_error *err)
{
    int previous = h->seen[card];
    if (previous == -1) {
        h->seen[card] = (int8_t)owner;
        return 0;
    }
    if (previous != owner || !again) {
        if (previous == -2)
            return stud_site_fail(err, h, line,
                                  "%c is seen twice in the hand (it is the community card)", card);
        return stud_site_fail(err, h, line, "%c is seen twice in the hand (it is %N's)", card,
                              previous);
    }
    return 0;
}

int stud_site_start_street(stud_site_hand *h, uint32_t line, int street, int community,
                           stud_site_error *err)
{
    if (stud_site_flush(h, line, err))
        return -1;
    if (h->showdown || street != (h->street == 0 ? 3 : h->street + 1))
        return stud_site_fail(err, h, line, "street %d comes out of order", (int64_t)street);
    h->street = street;
    memset(h->has_bet, 0, sizeof h->has_bet);
    h->n_bets = 0;
    h->deal_open = 1;
    if (community >= 0) {
        if (street == 3)
            return stud_site_fail(err, h, line, "a community card on 3rd street");
        if (stud_site_see(h, community, -2, line, 0, err))
            return -1;
        h->community |= 1u << street;
        stud_hh_step *s = stud_site_step(h, line, STUD_HH_COMMUNITY, 0, err);
        if (!s)
            return -1;
        s->n_cards = 1;
        s->cards[0] = (uint8_t)community;
    }
    return 0;
}

int stud_site_dealt(stud_site_hand *h, uint32_t line, int player, const uint8_t *cards, int n,
                    int n_before, stud_site_error *err)
{
    if (!h->deal_open)
        return stud_site_fail(err, h, line, "cards dealt to %N outside the deal of a street",
                              player);
    if (h->pending_n[player] >= 0)
        return stud_site_fail(err, h, line, "%N is dealt twice on one street", player);
    uint8_t kept[3];
    int n_kept;
    if (h->street == 3) {
        if (n == 3) {
            if (h->all_cards) {
            } else if (h->hero >= 0 && h->hero != player) {
                return stud_site_fail(err, h, line, "both %N and %N show their down cards",
                                      h->hero, player);
            } else {
                h->hero = player;
            }
            memcpy(kept, cards, 3);
        } else if (n == 1) {
            kept[0] = kept[1] = STUD_HH_UNKNOWN;
            kept[2] = cards[0];
        } else {
            return stud_site_fail(err, h, line,
                                  "3rd street deals %N one card up or three to the hero", player);
        }
        n_kept = 3;
        h->visible[player] = 3;
    } else {
        int seat = h->seat_of[player];
        if (seat < 0)
            return stud_site_fail(err, h, line, "%N is dealt a card but was not dealt in",
                                  player);
        if (h->folded[seat])
            return stud_site_fail(err, h, line, "%N is dealt a card after folding", player);
        if (n != 1 || (h->community >> h->street & 1))
            return stud_site_fail(err, h, line, "%N is dealt %d cards on street %d", player,
                                  (int64_t)n, (int64_t)h->street);
        if (n_before && n_before != h->visible[player] && n_before != h->visible[player] - 2)
            return stud_site_fail(err, h, line,
                                  "the cards repeated for %N are not those dealt before", player);
        kept[0] = cards[0];
        n_kept = 1;
        h->visible[player]++;
    }
    for (int c = 0; c < n; c++)
        if (stud_site_see(h, cards[c], player, line, 0, err))
            return -1;
    h->pending_n[player] = (int8_t)n_kept;
    memcpy(h->pending[player], kept, (size_t)n_kept);
    return 0;
}

/* Whether player a's site seat comes before b's (as numbers). */
static int seat_before(const stud_site_hand *h, int a, int b)
{
    stud_hh_span x = h->seat_digits[a], y = h->seat_digits[b];
    if (x.len != y.len)
        return x.len < y.len;
    return memcmp(h->buf + x.start, h->buf + y.start, x.len) < 0;
}

static int dealt_step(stud_site_hand *h, uint32_t line, int seat, const uint8_t *cards, int n,
                      stud_site_error *err)
{
    stud_hh_step *s = stud_site_step(h, line, STUD_HH_DEALT, seat, err);
    if (!s)
        return -1;
    s->n_cards = (uint8_t)n;
    memcpy(s->cards, cards, (size_t)n);
    return 0;
}

int stud_site_flush(stud_site_hand *h, uint32_t line, stud_site_error *err)
{
    if (!h->deal_open)
        return 0;
    h->deal_open = 0;
    if (h->street == 3) {
        int n = 0;
        for (int p = 0; p < h->n_players; p++)
            if (h->pending_n[p] >= 0) {
                int at = n++;
                while (at > 0 && seat_before(h, p, h->order[at - 1])) {
                    h->order[at] = h->order[at - 1];
                    at--;
                }
                h->order[at] = p;
            }
        if (n < 2) {
            for (int p = 0; p < h->n_players; p++)
                h->pending_n[p] = -1;
            return stud_site_fail(err, h, line, "fewer than two players are dealt in");
        }
        h->n_order = n;
        for (int seat = 0; seat < n; seat++) {
            int p = h->order[seat];
            h->seat_of[p] = seat;
            h->folded[seat] = 0;
            h->showed_step[seat] = -1;
        }
        for (int seat = 0; seat < n; seat++) {
            int p = h->order[seat];
            int k = h->pending_n[p];
            h->pending_n[p] = -1;
            if (dealt_step(h, line, seat, h->pending[p], k, err))
                return -1;
        }
        return 0;
    }
    if (h->community >> h->street & 1) {
        for (int p = 0; p < h->n_players; p++)
            h->pending_n[p] = -1;
        return 0;
    }
    int failed = 0;
    for (int seat = 0; seat < h->n_order && !failed; seat++) {
        int p = h->order[seat];
        if (h->folded[seat])
            continue;
        if (h->pending_n[p] > 0) {
            failed = dealt_step(h, line, seat, h->pending[p], h->pending_n[p], err);
        } else if (h->street == 7) {
            uint8_t unknown = STUD_HH_UNKNOWN;
            failed = dealt_step(h, line, seat, &unknown, 1, err);
            h->visible[p]++;
        } else {
            failed = stud_site_fail(err, h, line, "no card dealt to %N on street %d", p,
                                    (int64_t)h->street);
        }
    }
    for (int p = 0; p < h->n_players; p++)
        h->pending_n[p] = -1;
    return failed ? -1 : 0;
}

static int acting(stud_site_hand *h, uint32_t line, int player, int *seat, stud_site_error *err)
{
    if (h->street == 0)
        return stud_site_fail(err, h, line, "%N acts before the deal", player);
    if (stud_site_flush(h, line, err))
        return -1;
    *seat = h->seat_of[player];
    if (*seat < 0)
        return stud_site_fail(err, h, line, "%N acts but was not dealt in", player);
    if (h->showdown)
        return stud_site_fail(err, h, line, "%N bets after the showdown began", player);
    if (h->folded[*seat])
        return stud_site_fail(err, h, line, "%N acts after folding", player);
    return 0;
}

int stud_site_act(stud_site_hand *h, uint32_t line, int player, int kind, int64_t amount,
                  int all_in, int added, stud_site_error *err)
{
    int seat = 0, move;
    if (acting(h, line, player, &seat, err))
        return -1;
    int64_t before = h->has_bet[seat] ? h->bets[seat] : 0;
    int64_t to = -1;
    if (amount >= 0)
        to = added ? before + amount : amount;
    switch (kind) {
    case STUD_SITE_FOLD:
        move = STUD_HH_FOLD;
        if (!h->folded[seat]) {
            h->folded[seat] = 1;
            h->n_folded++;
        }
        to = -1;
        break;
    case STUD_SITE_CHECK:
        move = STUD_HH_CHECK_CALL;
        to = -1;
        break;
    case STUD_SITE_CALL:
        move = STUD_HH_CHECK_CALL;
        if (to < 0)
            return stud_site_fail(err, h, line, "%N calls no amount", player);
        if (h->street == 3 && !h->completed && !h->has_first_call && h->has_bring_in) {
            h->has_first_call = 1;
            h->first_call = to;
        }
        break;
    case STUD_SITE_BRING_IN:
        if (h->street != 3 || h->has_bring_in || h->n_bets)
            return stud_site_fail(err, h, line, "%N brings in out of turn", player);
        if (to < 0)
            return stud_site_fail(err, h, line, "%N brings in for no amount", player);
        move = STUD_HH_BRING_IN;
        h->has_bring_in = 1;
        h->bring_in = to;
        h->bring_in_all_in = all_in;
        break;
    default: {
        move = STUD_HH_RAISE;
        if (to < 0)
            return stud_site_fail(err, h, line, "%N bets no amount", player);
        int64_t faced = 0;
        int any = 0;
        for (int s = 0; s < h->n_order; s++)
            if (h->has_bet[s] && (!any || h->bets[s] > faced)) {
                faced = h->bets[s];
                any = 1;
            }
        if (to <= faced && !all_in)
            return stud_site_fail(err, h, line, "%N raises to %d, not above the bet of %d",
                                  player, to, faced);
        if (h->street == 3)
            h->completed = 1;
        break;
    }
    }
    if (to >= 0) {
        if (to < before)
            return stud_site_fail(err, h, line, "%N's bet goes down to %d", player, to);
        h->put_in[player] += to - before;
        if (!h->has_bet[seat]) {
            h->has_bet[seat] = 1;
            h->n_bets++;
        }
        h->bets[seat] = to;
    }
    stud_hh_step *s = stud_site_step(h, line, STUD_HH_ACTED, seat, err);
    if (!s)
        return -1;
    s->move = (uint8_t)move;
    /* (an amount past int32 is only in a hand that fails at its end: more than a stack) */
    s->to = to < 0 ? STUD_HH_NONE : (to > INT32_MAX ? INT32_MAX : (int32_t)to);
    return 0;
}

int stud_site_returned(stud_site_hand *h, uint32_t line, int player, int64_t amount,
                       stud_site_error *err)
{
    if (stud_site_flush(h, line, err))
        return -1;
    if (!(0 < amount && amount <= h->put_in[player]))
        return stud_site_fail(err, h, line, "%N gets back %d he did not bet", player, amount);
    h->put_in[player] -= amount;
    int seat = h->seat_of[player];
    if (seat >= 0 && h->has_bet[seat])
        h->bets[seat] -= amount;
    return 0;
}

int stud_site_collect(stud_site_hand *h, uint32_t line, int player, int64_t amount,
                      stud_site_error *err)
{
    if (stud_site_flush(h, line, err))
        return -1;
    if (h->seat_of[player] < 0)
        return stud_site_fail(err, h, line, "%N collects but was not dealt in", player);
    h->collected[player] += amount;
    h->any_collected = 1;
    return 0;
}

static int card_in(const uint8_t *cards, int n, int card)
{
    for (int c = 0; c < n; c++)
        if (cards[c] == card)
            return 1;
    return 0;
}

int stud_site_show(stud_site_hand *h, uint32_t line, int player, const uint8_t *cards, int n,
                   stud_site_error *err)
{
    if (stud_site_flush(h, line, err))
        return -1;
    int seat = h->seat_of[player];
    if (seat < 0)
        return stud_site_fail(err, h, line, "%N shows but was not dealt in", player);
    for (int c = 0; c < n; c++)
        if (stud_site_see(h, cards[c], player, line, 1, err))
            return -1;
    int live = h->n_order - h->n_folded;
    if (h->folded[seat] || live < 2)
        return 0;
    if (n > 7)
        return stud_site_fail(err, h, line, "%N shows %d cards: a stud hand has 7", player,
                              (int64_t)n);
    h->showdown = 1;
    int earlier = h->showed_step[seat];
    stud_hh_step *s;
    if (earlier < 0) {
        h->showed_step[seat] = h->n_steps;
        if (!(s = stud_site_step(h, line, STUD_HH_SHOWED, seat, err)))
            return -1;
    } else {
        s = &h->steps[earlier];
        int subset = 1, superset = 1;
        for (int c = 0; c < n; c++)
            subset = subset && card_in(s->cards, s->n_cards, cards[c]);
        if (subset)
            return 0;
        for (int c = 0; c < s->n_cards; c++)
            superset = superset && card_in(cards, n, s->cards[c]);
        if (!superset)
            return stud_site_fail(err, h, line, "%N shows other cards than he showed before",
                                  player);
        s->line = line;
    }
    s->n_cards = (uint8_t)n;
    memcpy(s->cards, cards, (size_t)n);
    return 0;
}

int stud_site_keep_mucked(stud_site_hand *h, uint32_t line, int seat, const uint8_t *cards, int n,
                          stud_site_error *err)
{
    if (h->n_mucked >= STUD_SITE_MAX_LIST)
        return stud_site_fail(err, h, line, "more than %d lists of mucked cards",
                              (int64_t)STUD_SITE_MAX_LIST);
    stud_site_cards *m = &h->mucked[h->n_mucked++];
    m->seat = seat;
    m->n_cards = n;
    memcpy(m->cards, cards, (size_t)n);
    return 0;
}

int stud_site_muck(stud_site_hand *h, uint32_t line, int player, const uint8_t *cards, int n,
                   stud_site_error *err)
{
    if (stud_site_flush(h, line, err))
        return -1;
    int seat = h->seat_of[player];
    if (seat < 0)
        return stud_site_fail(err, h, line, "%N mucks but was not dealt in", player);
    for (int c = 0; c < n; c++)
        if (stud_site_see(h, cards[c], player, line, 1, err))
            return -1;
    if (n && stud_site_keep_mucked(h, line, seat, cards, n, err))
        return -1;
    int live = h->n_order - h->n_folded;
    if (h->folded[seat] || live < 2 || h->showed_step[seat] >= 0)
        return 0;
    for (int k = 0; k < h->n_steps; k++)
        if (h->steps[k].type == STUD_HH_MUCKED && h->steps[k].seat == seat)
            return 0;
    h->showdown = 1;
    return stud_site_step(h, line, STUD_HH_MUCKED, seat, err) ? 0 : -1;
}

int stud_site_finish(stud_site_hand *h, uint32_t last, stud_site_error *err)
{
    if (stud_site_flush(h, last, err))
        return -1;
    if (h->street == 0)
        return stud_site_fail(err, h, last, "the hand ends before the deal");
    int64_t put_in = 0, got = 0;
    for (int p = 0; p < h->n_players; p++) {
        put_in += h->put_in[p];
        got += h->collected[p];
    }
    if (h->has_total && put_in != h->total)
        return stud_site_fail(err, h, last, "the total pot, %d, is not what was put in, %d",
                              h->total, put_in);
    if (h->rake_known && got + h->rake != put_in)
        return stud_site_fail(err, h, last,
                              "the collections (%d) and the rake (%d) do not make the pot (%d)",
                              got, h->rake, put_in);
    if (!got)
        return stud_site_fail(err, h, last, "nobody collects the pot");
    int64_t ante = 0;
    for (int a = 0; a < h->n_antes; a++)
        if (h->antes[a].amount > ante)
            ante = h->antes[a].amount;
    for (int a = 0; a < h->n_antes; a++) {
        const stud_site_ante *x = &h->antes[a];
        if (h->seat_of[x->player] < 0)
            return stud_site_fail(err, h, x->line, "%N posted the ante but was not dealt in",
                                  x->player);
        if (x->amount != ante && !x->all_in)
            return stud_site_fail(err, h, x->line, "%N posted an ante of %d, the others %d",
                                  x->player, x->amount, ante);
    }
    if (ante) {
        for (int seat = 0; seat < h->n_order; seat++) {
            int p = h->order[seat], posted = 0;
            for (int a = 0; a < h->n_antes && !posted; a++)
                posted = h->antes[a].player == p;
            if (!posted)
                return stud_site_fail(err, h, last, "%N was dealt in without posting the ante",
                                      p);
        }
    }
    for (int seat = 0; seat < h->n_order; seat++) {
        int p = h->order[seat];
        if (h->put_in[p] > h->stack[p])
            return stud_site_fail(err, h, last, "%N put in %d, more than the %d he sat with", p,
                                  h->put_in[p], h->stack[p]);
    }
    h->ante_out = ante;
    h->bring_in_out = -1;
    if (h->has_bring_in && !h->bring_in_all_in)
        h->bring_in_out = h->bring_in;
    else if (h->has_first_call)
        h->bring_in_out = h->first_call;
    else if (h->has_bring_in && h->bring_in > h->game.small_bet / 2)
        h->bring_in_out = h->bring_in;
    return 0;
}
