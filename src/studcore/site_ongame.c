/* site_ongame.c: OnGame's text hand histories (python/stud/histories/sites/
 * ongame.py says the format), a hand's lines after its header read on
 * LineHand's builder (site_lines.h) as the Python reader read them, check
 * for check and message for message; the header's game (on the hand's
 * first "Table: " line) is the Python module's (header_of). */
#include <stdlib.h>
#include <string.h>

#include "site_lines.h"

/* The bytes of a character of [\w-] at s[i] (0: none). */
static size_t word_at(const char *s, size_t len, size_t i)
{
    return i < len && s[i] == '-' ? 1 : stud_lines_word_at(s, len, i);
}

/* The end of the run of [\w-] from s[i]. */
static size_t word_run(const char *s, size_t len, size_t i)
{
    size_t k;
    while ((k = word_at(s, len, i)) != 0)
        i += k;
    return i;
}

static int no_newline(const char *s, size_t from, size_t to)
{
    return from >= to || memchr(s + from, '\n', to - from) == NULL;
}

static const char OPEN[] = "***** History for hand ";

/* _OPEN: \*{5} History for hand (?P<hid>[\w-]+)(?P<tour> \(TOURNAMENT:.*\))? \*{5}$ */
int stud_site_ongame_header(const char *s, size_t len, stud_hh_span *id, stud_hh_span *rest)
{
    size_t n = sizeof OPEN - 1;
    if (len < n || memcmp(s, OPEN, n) != 0)
        return 0;
    size_t e = word_run(s, len, n);
    if (e == n)
        return 0;
    size_t tl = len - e;
    const char *t = s + e;
    if (!((tl == 6 && memcmp(t, " *****", 6) == 0) ||
          (tl >= 20 && memcmp(t, " (TOURNAMENT:", 13) == 0 && memcmp(t + tl - 7, ") *****", 7) == 0 &&
           no_newline(t, 13, tl - 7))))
        return 0;
    id->start = id->len = 0;  /* (the header's reading names the hand) */
    rest->start = (uint32_t)n;
    rest->len = (uint32_t)(len - n);
    return 1;
}

/* _CLOSE: \*{5} End of hand [\w-]+ \*{5}$ */
static int close_line(const char *s, size_t len)
{
    static const char END[] = "***** End of hand ";
    size_t n = sizeof END - 1;
    if (len < n || memcmp(s, END, n) != 0)
        return 0;
    size_t e = word_run(s, len, n);
    return e > n && len - e == 6 && memcmp(s + e, " *****", 6) == 0;
}

/* ---- amounts ------------------------------------------------------------------------- */

/* The bytes of a currency sign ($, €, £) at s[i] (0: none). */
static size_t sign_at(const char *s, size_t len, size_t i)
{
    if (i < len && s[i] == '$')
        return 1;
    if (i + 2 <= len && (unsigned char)s[i] == 0xc2 && (unsigned char)s[i + 1] == 0xa3)
        return 2;
    if (i + 3 <= len && (unsigned char)s[i] == 0xe2 && (unsigned char)s[i + 1] == 0x82 &&
        (unsigned char)s[i + 2] == 0xac)
        return 3;
    return 0;
}

static size_t digit_at(const char *s, size_t len, size_t i)
{
    int v;
    return i < len ? stud_site_digit_at(s, len, i, &v) : 0;
}

/* The bytes of a character _NUM may hold at s[i] (0: none). */
static size_t num_char(const char *s, size_t len, size_t i)
{
    if (i >= len)
        return 0;
    if (s[i] == '-' || s[i] == ',' || s[i] == '.')
        return 1;
    size_t k = sign_at(s, len, i);
    return k ? k : digit_at(s, len, i);
}

static size_t num_run(const char *s, size_t len, size_t i)
{
    size_t k;
    while ((k = num_char(s, len, i)) != 0)
        i += k;
    return i;
}

/* After _NUM's [$€£]?-? at s[i]. */
static size_t num_lead(const char *s, size_t len, size_t i)
{
    i += sign_at(s, len, i);
    if (i < len && s[i] == '-')
        i++;
    return i;
}

/* The digits from s[i]: their end, *count how many (at most `most`). */
static size_t digits(const char *s, size_t len, size_t i, size_t most, size_t *count)
{
    size_t k, c = 0;
    while (c < most && (k = digit_at(s, len, i)) != 0) {
        i += k;
        c++;
    }
    *count = c;
    return i;
}

/* Whether s[i] is ",ddd": its end, or 0. */
static size_t group_at(const char *s, size_t len, size_t i)
{
    size_t c;
    if (i >= len || s[i] != ',')
        return 0;
    size_t e = digits(s, len, i + 1, 3, &c);
    return c == 3 ? e : 0;
}

/* Whether s[a, b) is all of _NUM: [$€£]?-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)? */
static int num_full(const char *s, size_t a, size_t b)
{
    size_t c, g;
    size_t i = num_lead(s, b, a);
    size_t k = digits(s, b, i, (size_t)-1, &c);
    if (c == 0)
        return 0;
    if (k < b && s[k] == ',') {
        if (c > 3)
            return 0;
        while ((g = group_at(s, b, k)) != 0)
            k = g;
    }
    if (k < b && s[k] == '.') {
        k = digits(s, b, k + 1, (size_t)-1, &c);
        if (c == 0)
            return 0;
    }
    return k == b;
}

typedef int (*num_try)(void *ctx, size_t end);

/* The matches of _NUM at s[i] in the regex's order, each tried by `ok`
 * until one holds: its end, or 0 (none holds). */
static size_t num_each(const char *s, size_t len, size_t i, num_try ok, void *ctx)
{
    size_t c, r, g;
    size_t j = num_lead(s, len, i);
    size_t k = digits(s, len, j, (size_t)-1, &r);
    if (r == 0)
        return 0;
    /* \d{1,3}(?:,\d{3})+: the groups the most first */
    if (r <= 3 && group_at(s, len, k)) {
        /* (the groups' ends walked back from the last: each 4 characters, the
         * digits' bytes told by their lead bytes) */
        size_t n = 0, e = k, at;
        while ((g = group_at(s, len, e)) != 0) {
            e = g;
            n++;
        }
        at = e;
        for (size_t t = n; t-- > 0;) {
            if (t < n - 1) {
                /* back over ",ddd" */
                for (int d = 0; d < 3; d++) {
                    at--;
                    while (((unsigned char)s[at] & 0xc0) == 0x80)
                        at--;
                }
                at--;
            }
            if (t == n - 1 && at < len && s[at] == '.' && digit_at(s, len, at + 1)) {
                size_t f = digits(s, len, at + 1, (size_t)-1, &c);
                /* the fraction's digits the most first */
                size_t p = f;
                while (p > at + 1) {
                    if (ok(ctx, p))
                        return p;
                    p--;
                    while (p > at + 1 && ((unsigned char)s[p] & 0xc0) == 0x80)
                        p--;
                }
            }
            if (ok(ctx, at))
                return at;
        }
    }
    /* \d+ */
    if (k < len && s[k] == '.' && digit_at(s, len, k + 1)) {
        size_t f = digits(s, len, k + 1, (size_t)-1, &c), p = f;
        while (p > k + 1) {
            if (ok(ctx, p))
                return p;
            p--;
            while (p > k + 1 && ((unsigned char)s[p] & 0xc0) == 0x80)
                p--;
        }
    }
    for (size_t p = k; p > j;) {
        if (ok(ctx, p))
            return p;
        p--;
        while (p > j && ((unsigned char)s[p] & 0xc0) == 0x80)
            p--;
    }
    return 0;
}

static int any_end(void *ctx, size_t end)
{
    (void)ctx;
    (void)end;
    return 1;
}

/* _number: the text without its commas, a leading + and its sign, in
 * chips or cents; `signed_` lets it be negative. */
static int og_number(const stud_site_hand *h, const char *t, size_t len, uint32_t line,
                     int signed_, int64_t *out, stud_site_error *err)
{
    char quoted[4096];
    size_t q = 0, i = 0, n = 0;
    char text_buf[4096];
    const char *x;
    /* text.replace(",", "") */
    for (size_t k = 0; k < len && n < sizeof text_buf; k++)
        if (t[k] != ',')
            text_buf[n++] = t[k];
    x = text_buf;
    while (i < n && x[i] == '+')
        i++;
    int negative = i < n && x[i] == '-';
    while (i < n && x[i] == '-')
        i++;
    for (;;) {
        size_t k = sign_at(x, n, i);
        if (!k)
            break;
        i += k;
    }
    while (i < n && x[i] == '-')
        i++;
    quoted[q++] = '\'';
    for (size_t k = i; k < n && q < sizeof quoted - 2; k++)
        quoted[q++] = x[k];
    quoted[q++] = '\'';
    quoted[q] = 0;
    if (negative && !signed_)
        return stud_site_fail(err, h, line, "%s is not an amount", quoted);
    /* amount_of */
    size_t dot = i;
    while (dot < n && x[dot] != '.')
        dot++;
    int64_t whole = 0, cents = 0;
    size_t wd = 0;
    for (size_t k = i; k < dot;) {
        int v;
        size_t d = stud_site_digit_at(x, dot, k, &v);
        if (!d)
            return stud_site_fail(err, h, line, "%s is not an amount", quoted);
        whole = whole * 10 + v;
        if (whole > ((int64_t)1 << 40))
            whole = (int64_t)1 << 40;
        k += d;
        wd++;
    }
    if (wd == 0)
        return stud_site_fail(err, h, line, "%s is not an amount", quoted);
    int not_zero = 0, late = 0;
    size_t fc = 0;
    if (dot < n) {
        for (size_t k = dot + 1; k < n;) {
            int v;
            size_t d = stud_site_digit_at(x, n, k, &v);
            if (!d)
                return stud_site_fail(err, h, line, "%s is not an amount", quoted);
            if (x[k] != '0')
                not_zero = 1;
            if (fc >= 2 && x[k] != '0')
                late = 1;
            if (fc < 2)
                cents += (fc == 0 ? 10 : 1) * v;
            fc++;
            k += d;
        }
    }
    int64_t value;
    if (!h->game.cents) {
        if (not_zero)
            return stud_site_fail(err, h, line, "%s: chips are whole", quoted);
        value = whole;
    } else {
        if (late)
            return stud_site_fail(err, h, line, "%s is not a whole number of cents", quoted);
        value = whole * 100 + cents;
    }
    if (value >= ((int64_t)1 << 31))
        return stud_site_fail(err, h, line, "%s: an amount is at most 2**31 - 1 chips", quoted);
    *out = negative ? -value : value;
    return 0;
}

static int og_number_span(const stud_lines_hand *L, stud_hh_span text, uint32_t line,
                          int64_t *out, stud_site_error *err)
{
    return og_number(L->h, L->h->buf + text.start, text.len, line, 0, out, err);
}

/* _AMOUNT: \s*\(?(?P<num>NUM)\)? (a prefix) */
static int amount_pattern(const char *buf, stud_hh_span text, stud_hh_span *num)
{
    const char *s = buf + text.start;
    size_t len = text.len, i = stud_site_skip_space(s, len, 0), e;
    if (i < len && s[i] == '(' && (e = num_each(s, len, i + 1, any_end, NULL)) != 0)
        i++;
    else if ((e = num_each(s, len, i, any_end, NULL)) == 0)
        return 0;
    num->start = text.start + (uint32_t)i;
    num->len = (uint32_t)(e - i);
    return 1;
}

/* _RAISE_TO: .*? to (?P<num>NUM) (a prefix) */
static int raise_to_text(const char *s, size_t len, size_t *from, size_t *to)
{
    for (size_t p = 0; p + 4 <= len; p++) {
        if (s[p] == '\n')
            return 0;
        if (memcmp(s + p, " to ", 4) != 0)
            continue;
        size_t e = num_each(s, len, p + 4, any_end, NULL);
        if (e) {
            *from = p + 4;
            *to = e;
            return 1;
        }
    }
    return 0;
}

static int raise_to_pattern(const char *buf, stud_hh_span text, stud_hh_span *num)
{
    size_t a, e;
    if (!raise_to_text(buf + text.start, text.len, &a, &e))
        return 0;
    num->start = text.start + (uint32_t)a;
    num->len = (uint32_t)(e - a);
    return 1;
}

/* ---- lines --------------------------------------------------------------------------- */

static const struct {
    const char *label;
    int street;
} STREETS[] = {{"Dealing pocket cards", 3}, {"--- Dealing 4th street", 4},
               {"--- Dealing 5th street", 5}, {"--- Dealing 6th street", 6},
               {"--- Dealing river", 7}, {"--- Dealing 7th street", 7}};

enum { K_ANTE = 100, K_SHOW, K_MUCK };

static const char *const VERBS[] = {"posts ante", "small bring in", "big bring in", "bets",
                                    "raises", "calls", "checks", "folds", "shows", "mucks",
                                    "doesn't show"};
static const int KINDS[] = {K_ANTE, STUD_LINES_BRING_IN, STUD_LINES_COMPLETE, STUD_LINES_BET,
                            STUD_LINES_RAISE, STUD_LINES_CALL, STUD_LINES_CHECK, STUD_LINES_FOLD,
                            K_SHOW, K_MUCK, K_MUCK};
#define N_VERBS ((int)(sizeof VERBS / sizeof VERBS[0]))

/* _NOISE: a line that says nothing of the hand. */
static const char *const NOISE[] = {" sits out", " is sitting out", " has joined the table",
                                    " has left the table", " is disconnected", " is reconnected",
                                    " timed out"};
static const char *const NOISE_START[] = {"User: ", "Button: ", "Start hand: ",
                                          "Players in round: "};

static int noise(const stud_site_line *l)
{
    if (stud_lines_noise(l->s, l->len, NOISE, sizeof NOISE / sizeof NOISE[0]))
        return 1;
    for (size_t k = 0; k < sizeof NOISE_START / sizeof NOISE_START[0]; k++)
        if (stud_site_lit_at(l->s, l->len, 0, NOISE_START[k]))
            return 1;
    return 0;
}

typedef struct {
    stud_lines_hand L;
    int summary, closed, pot_lines;
    int64_t pots, rake;
    uint32_t summary_line, table_line;
    uint8_t showed[STUD_SITE_MAX_PLAYERS];
    int n_nets;
    int net_order[STUD_SITE_MAX_PLAYERS];
    uint8_t has_net[STUD_SITE_MAX_PLAYERS];
    int64_t net[STUD_SITE_MAX_PLAYERS];
    uint32_t net_line[STUD_SITE_MAX_PLAYERS];
} og_hand;

/* _Hand.show.  (A show of more than 7 cards is an error here, as in
 * Winamax's reader: a step holds 7 cards; ongame.py made a record of it,
 * which no replay takes.) */
static int show(og_hand *o, int player, stud_hh_span text, uint32_t line, stud_site_error *err)
{
    stud_lines_hand *L = &o->L;
    stud_site_hand *h = L->h;
    uint8_t cards[STUD_LINES_MAX_CARDS];
    int n;
    if (stud_lines_cards(h->buf, text, line, STUD_LINES_COMMAS, cards, &n, err))
        return -1;
    if (h->seat_of[player] < 0)
        return stud_site_fail(err, h, line, "%N shows but is not in the hand", player);
    if (stud_lines_note(L, cards, n, player, line, err))
        return -1;
    if (!o->showed[player] && n) {
        o->showed[player] = 1;
        return stud_lines_step_showed(L, line, h->seat_of[player], player, cards, n, -1, err);
    }
    return 0;
}

/* _SHARE: \s*(?P<name>.+?) \((?P<num>NUM)(?: (?P<half>High|Low))?\)$ on s[0, len): the
 * name's and the number's ends. */
static int share_at(const char *s, size_t len, size_t q)
{
    if (!(q + 1 < len && s[q] == ' ' && s[q + 1] == '('))
        return 0;
    size_t e = num_run(s, len, q + 2);
    if (!num_full(s, q + 2, e))
        return 0;
    size_t t = len - e;
    return (t == 1 && s[e] == ')') || (t == 6 && memcmp(s + e, " High)", 6) == 0) ||
           (t == 5 && memcmp(s + e, " Low)", 5) == 0);
}

static int share_pattern(const char *s, size_t len, size_t *name_from, size_t *name_to,
                         size_t *num_to)
{
    size_t w = stud_site_skip_space(s, len, 0);
    if (memchr(s, '\n', len))
        return 0;  /* (a share is of .* : no \n) */
    for (size_t q = w + 1; q < len; q++) {
        if (share_at(s, len, q)) {
            *name_from = w;
            *name_to = q;
            *num_to = num_run(s, len, q + 2);
            return 1;
        }
    }
    /* \s* giving back: a name of the whitespace character before " (" */
    if (w >= 2 && s[w - 1] == ' ' && share_at(s, len, w - 1)) {
        size_t b = w - 2;
        while (b > 0 && ((unsigned char)s[b] & 0xc0) == 0x80)
            b--;
        *name_from = b;
        *name_to = w - 1;
        *num_to = num_run(s, len, w + 1);
        return 1;
    }
    return 0;
}

static int pot_line(og_hand *o, uint32_t number, const stud_site_line *l, int *matched,
                    stud_site_error *err)
{
    stud_lines_hand *L = &o->L;
    stud_site_hand *h = L->h;
    const char *s = l->s;
    size_t len = l->len, i, c;
    *matched = 0;
    if (stud_site_lit_at(s, len, 0, "Main pot: ")) {
        i = 10;
    } else if (stud_site_lit_at(s, len, 0, "Side pot")) {
        i = 8;
        if (i < len && s[i] == ' ') {
            size_t e = digits(s, len, i + 1, (size_t)-1, &c);
            if (c)
                i = e;
        }
        if (!stud_site_lit_at(s, len, i, ": "))
            return 0;
        i += 2;
    } else {
        return 0;
    }
    size_t e = num_run(s, len, i);
    if (!stud_site_lit_at(s, len, e, " won by ") || !num_full(s, i, e) || !no_newline(s, e + 8, len))
        return 0;
    *matched = 1;
    int64_t pot;
    if (og_number(h, s + i, e - i, number, 0, &pot, err))
        return -1;
    o->pots += pot;
    o->pot_lines++;
    size_t from = e + 8;
    for (;;) {
        size_t to = from;
        while (to < len && !(to + 1 < len && s[to] == ',' && s[to + 1] == ' '))
            to++;
        if (to + 1 >= len)
            to = len;
        size_t na, nb, ne;
        stud_hh_span part = stud_site_sub(l, from, to);
        int player = -1;
        if (share_pattern(s + from, to - from, &na, &nb, &ne))
            player = stud_site_find(h, s + from + na, nb - na);
        if (player < 0)
            return stud_site_fail(err, h, number, "a share that does not read: %R", part);
        int64_t got;
        if (og_number(h, s + from + nb + 2, ne - nb - 2, number, 0, &got, err))
            return -1;
        stud_lines_collect(L, player, got);
        if (to == len)
            break;
        from = to + 2;
    }
    return 0;
}

/* The rest of a summary's seat line after its stack, from `e`:
 * (?:, net: (?P<net>[-+]?NUM))?(?:, \[(?P<cards>[^\]]*)\])?.*$ */
typedef struct {
    const char *s;
    size_t len;
    size_t cards_from, cards_to;
    int has_cards;
} seat_rest;

static int cards_then_end(void *ctx, size_t at)
{
    seat_rest *r = ctx;
    const char *s = r->s;
    size_t len = r->len;
    if (stud_site_lit_at(s, len, at, ", [")) {
        const char *close = memchr(s + at + 3, ']', len - at - 3);
        if (close && no_newline(s, (size_t)(close - s) + 1, len)) {
            r->has_cards = 1;
            r->cards_from = at + 3;
            r->cards_to = (size_t)(close - s);
            return 1;
        }
    }
    r->has_cards = 0;
    return no_newline(s, at, len);
}

static int summary_seat(og_hand *o, uint32_t number, const stud_site_line *l, int *matched,
                        stud_site_error *err)
{
    stud_lines_hand *L = &o->L;
    stud_site_hand *h = L->h;
    const char *s = l->s;
    size_t len = l->len, c;
    *matched = 0;
    if (!stud_site_lit_at(s, len, 0, "Seat "))
        return 0;
    size_t i = digits(s, len, 5, (size_t)-1, &c);
    if (!c || !stud_site_lit_at(s, len, i, ": "))
        return 0;
    size_t name_at = i + 2;
    for (size_t q = name_at + 1; q + 1 < len && s[q - 1] != '\n'; q++) {
        if (s[q] != ' ' || s[q + 1] != '(')
            continue;
        size_t e = num_run(s, len, q + 2);
        if (e >= len || s[e] != ')' || !num_full(s, q + 2, e))
            continue;
        seat_rest r = {s, len, 0, 0, 0};
        size_t after = e + 1, net_from = 0, net_to = 0;
        int found = 0;
        if (stud_site_lit_at(s, len, after, ", net: ")) {
            net_from = after + 7;
            size_t k = net_from < len && (s[net_from] == '-' || s[net_from] == '+')
                           ? net_from + 1 : net_from;
            net_to = num_each(s, len, k, cards_then_end, &r);
            found = net_to != 0;
        }
        if (!found && !cards_then_end(&r, after))
            continue;
        *matched = 1;
        int player = stud_site_find(h, s + name_at, q - name_at);
        if (player < 0) {
            *matched = 0;
            return 0;
        }
        if (found) {
            int64_t net;
            if (og_number(h, s + net_from, net_to - net_from, number, 1, &net, err))
                return -1;
            if (!o->has_net[player]) {
                o->has_net[player] = 1;
                o->net_order[o->n_nets++] = player;
            }
            o->net[player] = net;
            o->net_line[player] = number;
        }
        if (r.has_cards && r.cards_to > r.cards_from)
            return show(o, player, stud_site_sub(l, r.cards_from, r.cards_to), number, err);
        return 0;
    }
    return 0;
}

/* _SEAT: Seat (?P<num>\d+): (?P<name>.+) \((?P<stack>[$€£]?[\d.,]+)\)$ */
static int seat_pattern(const stud_site_line *l, stud_hh_span *num, stud_hh_span *name,
                        stud_hh_span *stack)
{
    const char *s = l->s;
    size_t len = l->len, c;
    if (!stud_site_lit_at(s, len, 0, "Seat "))
        return 0;
    size_t i = digits(s, len, 5, (size_t)-1, &c);
    if (!c || !stud_site_lit_at(s, len, i, ": ") || s[len - 1] != ')')
        return 0;
    size_t name_at = i + 2;
    const char *nl = memchr(s + name_at, '\n', len - name_at);
    size_t dots = nl ? (size_t)(nl - s) : len;
    for (size_t p = len; p-- > name_at + 1;) {
        if (p > dots)
            continue;
        if (s[p] != ' ' || p + 1 >= len || s[p + 1] != '(')
            continue;
        size_t from = p + 2, e = from + sign_at(s, len, from), k;
        size_t body = e;
        while ((k = (e < len && (s[e] == '.' || s[e] == ',')) ? 1 : digit_at(s, len, e)) != 0)
            e += k;
        if (e == body || e != len - 1)
            continue;
        *num = stud_site_sub(l, 5, i);
        *name = stud_site_sub(l, name_at, p);
        *stack = stud_site_sub(l, from, e);
        return 1;
    }
    return 0;
}

/* _DEALT: (?:Dealing to|New hand for) (?P<name>.+?): \[(?P<cards>[^\]]*)\]$ */
static int dealt_pattern(const stud_site_line *l, stud_hh_span *name, stud_hh_span *cards)
{
    const char *s = l->s;
    size_t len = l->len, at;
    if (stud_site_lit_at(s, len, 0, "Dealing to "))
        at = 11;
    else if (stud_site_lit_at(s, len, 0, "New hand for "))
        at = 13;
    else
        return 0;
    for (size_t q = at + 1; q + 3 <= len && s[q - 1] != '\n'; q++) {
        if (memcmp(s + q, ": [", 3) != 0)
            continue;
        const char *close = memchr(s + q + 3, ']', len - q - 3);
        if (close && (size_t)(close - s) == len - 1) {
            *name = stud_site_sub(l, at, q);
            *cards = stud_site_sub(l, q + 3, len - 1);
            return 1;
        }
    }
    return 0;
}

static int contains(const char *s, size_t len, const char *lit)
{
    size_t n = strlen(lit);
    for (size_t p = 0; p + n <= len; p++)
        if (memcmp(s + p, lit, n) == 0)
            return 1;
    return 0;
}

/* s[0, len) with every `lit` taken out (str.replace(lit, "")), in place: the bytes left. */
static size_t take_out(char *s, size_t len, const char *lit)
{
    size_t n = strlen(lit), to = 0;
    for (size_t p = 0; p < len;) {
        if (p + n <= len && memcmp(s + p, lit, n) == 0) {
            p += n;
            continue;
        }
        s[to++] = s[p++];
    }
    return to;
}

/* rest.replace("[all in]", "").replace("and is all-in", "").rstrip(), into s: the bytes. */
static size_t cleaned_rest(char *s, size_t len)
{
    len = take_out(s, len, "[all in]");
    len = take_out(s, len, "and is all-in");
    size_t a = 0, e = len;
    stud_site_strip(s, &a, &e);
    return a == e ? 0 : e;
}

static int raise_line(og_hand *o, uint32_t number, int player, stud_hh_span rest,
                      stud_hh_span text, stud_site_error *err)
{
    stud_lines_hand *L = &o->L;
    stud_site_hand *h = L->h;
    int seat;
    if (stud_lines_acting(L, number, player, &seat, err))
        return -1;
    char small[512], *copy = rest.len <= sizeof small ? small : malloc(rest.len);
    if (!copy)
        return stud_site_fail(err, h, number, "out of memory");
    memcpy(copy, h->buf + rest.start, rest.len);
    size_t n = cleaned_rest(copy, rest.len), a, e;
    int64_t to;
    int failed;
    if (!raise_to_text(copy, n, &a, &e))
        failed = stud_site_fail(err, h, number, "a raise with no 'to' amount: %R", text);
    else
        failed = og_number(h, copy + a, e - a, number, 0, &to, err);
    if (copy != small)
        free(copy);
    if (failed)
        return -1;
    return stud_lines_bet_to(L, number, seat, player, STUD_HH_RAISE, to, err);
}

static int dealt_line(og_hand *o, uint32_t number, stud_hh_span name, stud_hh_span text,
                      stud_site_error *err)
{
    stud_lines_hand *L = &o->L;
    stud_site_hand *h = L->h;
    uint8_t cards[STUD_LINES_MAX_CARDS], padded[3];
    int n;
    int player = stud_site_find(h, h->buf + name.start, name.len);
    if (player < 0 || !L->deal_pending)
        return stud_site_fail(err, h, number, "cards dealt to %T out of place", name);
    if (stud_lines_cards(h->buf, text, number, STUD_LINES_COMMAS, cards, &n, err) ||
        stud_lines_note(L, cards, n, player, number, err))
        return -1;
    int count = L->street == 3 ? 3 : 1;
    if (n < 1 || n > count)
        return stud_site_fail(err, h, number, "%d cards for %T on street %d", (int64_t)n, name,
                              (int64_t)L->street);
    if (L->street == 3) {
        L->dealt_in[player] = 1;
        if (n == 3)
            L->hero = player;
    }
    for (int c = 0; c < count - n; c++)
        padded[c] = STUD_HH_UNKNOWN;
    memcpy(padded + (count - n), cards, (size_t)n);
    stud_lines_dealt(L, player, padded, count);
    return 0;
}

static int hand_line(og_hand *o, uint32_t number, const stud_site_line *l, stud_site_error *err)
{
    stud_lines_hand *L = &o->L;
    stud_site_hand *h = L->h;
    const char *s = l->s;
    size_t len = l->len;
    if (len == 3 && memcmp(s, "---", 3) == 0)
        return 0;
    if (close_line(s, len)) {
        o->closed = 1;
        return 0;
    }
    if (len == 8 && memcmp(s, "Summary:", 8) == 0) {
        if (stud_lines_flush_deal(L, number, err))
            return -1;
        o->summary = 1;
        o->summary_line = number;
        return 0;
    }
    if (o->summary) {
        int matched;
        if (pot_line(o, number, l, &matched, err))
            return -1;
        if (matched)
            return 0;
        if (stud_site_lit_at(s, len, 0, "Rake taken: ") && num_full(s, 12, len)) {
            int64_t rake;
            if (og_number(h, s + 12, len - 12, number, 0, &rake, err))
                return -1;
            o->rake += rake;
            return 0;
        }
        if (summary_seat(o, number, l, &matched, err))
            return -1;
        if (matched)
            return 0;
        return stud_site_fail(err, h, number, "a summary line that does not read: %R",
                              stud_site_sub(l, 0, len));
    }
    for (size_t k = 0; k < sizeof STREETS / sizeof STREETS[0]; k++)
        if (strlen(STREETS[k].label) == len && memcmp(s, STREETS[k].label, len) == 0)
            return stud_lines_new_street(L, number, stud_site_sub(l, 0, len), STREETS[k].street, err);
    if (L->street == 0) {
        stud_hh_span num, name, stack;
        if (seat_pattern(l, &num, &name, &stack))
            return stud_lines_seat(L, number, num, name, stack, err);
    }
    stud_hh_span name, cards;
    if (dealt_pattern(l, &name, &cards))
        return dealt_line(o, number, name, cards, err);
    int verb;
    stud_hh_span rest;
    int player = stud_lines_action(L, stud_site_sub(l, 0, len), VERBS, N_VERBS, &verb, &rest);
    if (player < 0) {
        if (noise(l))
            return 0;
        return stud_site_fail(err, h, number, "a line that does not read: %R", stud_site_sub(l, 0, len));
    }
    int kind = KINDS[verb];
    const char *r = h->buf + rest.start;
    int all_in = contains(r, rest.len, "[all in]") || contains(r, rest.len, "and is all-in");
    if (kind != STUD_LINES_RAISE)  /* (the line no longer quoted: its rest cleaned in place) */
        rest.len = (uint32_t)cleaned_rest((char *)r, rest.len);
    if (kind == K_ANTE)
        return stud_lines_post_ante(L, number, player, rest, amount_pattern, err);
    if (stud_lines_flush_deal(L, number, err))
        return -1;
    if (h->seat_of[player] < 0)
        return stud_site_fail(err, h, number, "%N is not in the hand", player);
    if (kind == K_SHOW || kind == K_MUCK) {
        stud_hh_span shown;
        if (kind == K_SHOW && stud_lines_bracket(h->buf, rest, &shown))
            return show(o, player, shown, number, err);
        return 0;
    }
    if (kind == STUD_LINES_RAISE)
        return raise_line(o, number, player, rest, stud_site_sub(l, 0, len), err);
    return stud_lines_decision(L, number, player, kind, rest, all_in, stud_site_sub(l, 0, len),
                               raise_to_pattern, amount_pattern, err);
}

int stud_site_ongame_read(const stud_site_lines *lines, uint32_t first, uint32_t count,
                          const stud_site_game *game, stud_site_hand *h, stud_site_error *err)
{
    og_hand o;
    stud_lines_hand *L = &o.L;
    uint32_t head = lines->number[first];
    stud_lines_init(L, h, lines->buf, game, head, og_number_span);
    o.summary = o.closed = o.pot_lines = 0;
    o.pots = o.rake = 0;
    o.summary_line = head;
    o.table_line = head;
    o.n_nets = 0;
    memset(o.showed, 0, sizeof o.showed);
    memset(o.has_net, 0, sizeof o.has_net);
    uint32_t table_at = first + count;
    for (uint32_t k = first; k < first + count; k++)
        if (lines->end[k] - lines->start[k] >= 7 &&
            memcmp(lines->buf + lines->start[k], "Table: ", 7) == 0) {
            table_at = k;
            o.table_line = lines->number[k];
            break;
        }
    for (uint32_t k = first + 1; k < first + count; k++) {
        if (k == table_at)
            continue;
        stud_site_line l = {lines->buf + lines->start[k], lines->start[k],
                              lines->end[k] - lines->start[k]};
        if (hand_line(&o, lines->number[k], &l, err))
            return STUD_HH_ERROR;
    }
    uint32_t last = lines->number[first + count - 1];
    if (!o.summary || !o.pot_lines || !o.closed) {
        stud_site_fail(err, h, last, "the hand ends before its summary and end line (cut short?)");
        return STUD_HH_ERROR;
    }
    if (h->n_order == 0) {
        stud_site_fail(err, h, last, "nobody was dealt in");
        return STUD_HH_ERROR;
    }
    int64_t ante = 0, put = 0, got = 0, uncalled;
    for (int a = 0; a < L->n_antes; a++)
        if (a == 0 || L->ante_paid[a] > ante)
            ante = L->ante_paid[a];
    if (game->ante >= 0 && ante && ante != game->ante) {
        stud_site_fail(err, h, o.table_line, "the antes posted (%d) are not the table's (%d)",
                       ante, game->ante);
        return STUD_HH_ERROR;
    }
    int top;
    if (stud_lines_check_antes(L, &ante, err) || stud_lines_check_stacks(L, last, err))
        return STUD_HH_ERROR;
    for (int p = 0; p < h->n_players; p++) {
        put += h->put_in[p];
        got += h->collected[p];
    }
    stud_lines_uncalled(L, &top, &uncalled);
    if (o.pots != put - uncalled) {
        stud_site_fail(err, h, o.summary_line,
                       "the pots (%d) are not what was put in less the uncalled bet (%d)", o.pots,
                       put - uncalled);
        return STUD_HH_ERROR;
    }
    if (got + o.rake != o.pots) {
        stud_site_fail(err, h, o.summary_line,
                       "the shares (%d) and the rake (%d) do not make the pots (%d)", got, o.rake,
                       o.pots);
        return STUD_HH_ERROR;
    }
    for (int k = 0; k < o.n_nets; k++) {
        int p = o.net_order[k];
        int64_t paid = h->put_in[p] - (p == top ? uncalled : 0);
        if (o.net[p] != h->collected[p] - paid) {
            stud_site_fail(err, h, o.net_line[p],
                           "%N's net %d is not what he won less what he put in (%d)", p, o.net[p],
                           h->collected[p] - paid);
            return STUD_HH_ERROR;
        }
    }
    stud_lines_finish(L, game->ante >= 0 ? game->ante : ante, o.rake);
    return STUD_HH_READ;
}
