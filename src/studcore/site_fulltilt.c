/* site_fulltilt.c: Full Tilt Poker's text hand histories, read in C into
 * the builder of site_text.h (python/stud/histories/sites/fulltilt.py
 * describes the format and reads the header's game; this file reads the
 * lines after it, as that module's reader did). */
#include <string.h>

#include "ps_text.h"
#include "site_text.h"

/* ---- text helpers over a line -------------------------------------------------------- */

/* s[i] against the lower-case ASCII letter c as Python's IGNORECASE
 * matches it; *n the bytes matched. */
static int ci_char(const char *s, size_t len, size_t i, char c, size_t *n)
{
    unsigned char b = (unsigned char)s[i];
    *n = 1;
    if (b == (unsigned char)c || (c >= 'a' && c <= 'z' && b == (unsigned char)(c - 32)))
        return 1;
    const unsigned char *u = (const unsigned char *)s + i;
    if (c == 'i' && b == 0xc4 && i + 1 < len && (u[1] == 0xb0 || u[1] == 0xb1)) {
        *n = 2; /* İ, ı */
        return 1;
    }
    if (c == 'k' && b == 0xe2 && i + 2 < len && u[1] == 0x84 && u[2] == 0xaa) {
        *n = 3; /* the Kelvin sign */
        return 1;
    }
    if (c == 's' && b == 0xc5 && i + 1 < len && u[1] == 0xbf) {
        *n = 2; /* long s */
        return 1;
    }
    return 0;
}

/* Whether s[*i..] starts with `lit` (lower case) ignoring case; moves *i past it. */
static int ci_prefix(const char *s, size_t len, size_t *i, const char *lit)
{
    size_t at = *i, n;
    for (; *lit; lit++) {
        if (at >= len || !ci_char(s, len, at, *lit, &n))
            return 0;
        at += n;
    }
    *i = at;
    return 1;
}

/* The end of the run of non-whitespace from i. */
static size_t word_end(const char *s, size_t len, size_t i)
{
    while (i < len && stud_site_space_at(s, len, i) == 0)
        i++;
    return i;
}

int stud_site_fulltilt_header(const char *s, size_t len, stud_hh_span *id, stud_hh_span *rest)
{
    /* Full ?Tilt Poker (?:Game|Hand) #(\d+):\s*(.*), ignoring case */
    size_t i = 0, k;
    if (len == 0 || (s[0] != 'F' && s[0] != 'f') || !ci_prefix(s, len, &i, "full"))
        return 0;
    if (i < len && s[i] == ' ')
        i++;
    if (!ci_prefix(s, len, &i, "tilt poker "))
        return 0;
    if (!ci_prefix(s, len, &i, "game") && !ci_prefix(s, len, &i, "hand"))
        return 0;
    if (i + 1 >= len || s[i] != ' ' || s[i + 1] != '#')
        return 0;
    i += 2;
    size_t digits = i;
    while (i < len && ps_digit(s[i]))
        i++;
    if (i == digits || i >= len || s[i] != ':')
        return 0;
    id->start = (uint32_t)digits;
    id->len = (uint32_t)(i - digits);
    i++;
    while (i < len && (k = stud_site_space_at(s, len, i)) != 0)
        i += k;
    rest->start = (uint32_t)i;
    rest->len = (uint32_t)(len - i);
    return 1;
}

/* ---- the hand ------------------------------------------------------------------------ */

#define MAX_CARDS 104

typedef struct {
    stud_site_hand *h;
    stud_site_error *err;
    int names[STUD_SITE_MAX_PLAYERS]; /* the players, longest name first */
    int summary, total_seen;
    int n_won;
    int won_player[STUD_SITE_MAX_PLAYERS];
    int64_t won[STUD_SITE_MAX_PLAYERS];
} ft_hand;

static const char *const VERBS[] = {"antes", "brings in for", "completes it to", "bets",
                                    "raises to", "calls", "checks", "folds", "shows", "mucks",
                                    "wins", "ties for"};
enum { V_ANTES, V_BRINGS, V_COMPLETES, V_BETS, V_RAISES, V_CALLS, V_CHECKS, V_FOLDS, V_SHOWS,
       V_MUCKS, V_WINS, V_TIES, N_VERBS };

static const char ALL_IN[] = ", and is all in";

static int cards(ft_hand *f, stud_hh_span text, uint32_t number, uint8_t *out, int *n)
{
    return stud_site_cards_of(f->h->buf, text, number, out, n, f->err);
}

static int amount(ft_hand *f, stud_hh_span text, uint32_t number, int64_t *out)
{
    return stud_site_amount(f->h, text, number, out, f->err);
}

static int seat_line(ft_hand *f, uint32_t number, const stud_site_line *l)
{
    /* Seat (\d+): (.+) \(([^()]*)\)(.*) */
    const char *s = l->s;
    size_t len = l->len, i = 5;
    while (i < len && ps_digit(s[i]))
        i++;
    int ok = i > 5 && i + 1 < len && s[i] == ':' && s[i + 1] == ' ';
    size_t name = i + 2, open = 0, close = 0;
    if (ok) {
        /* the last " (" after a name of one character or more whose ( is closed before
         * another ( or ) */
        ok = 0;
        for (size_t p = len; p-- > name + 2;) {
            if (s[p] != '(' || s[p - 1] != ' ')
                continue;
            size_t q = p + 1;
            while (q < len && s[q] != '(' && s[q] != ')')
                q++;
            if (q < len && s[q] == ')') {
                ok = 1;
                open = p;
                close = q;
                break;
            }
        }
    }
    if (!ok)
        return stud_site_fail(f->err, f->h, number, "the seat line does not parse: %R",
                              stud_site_sub(l, 0, len));
    int64_t stack;
    if (amount(f, stud_site_sub(l, open + 1, close), number, &stack))
        return -1;
    stud_site_hand *h = f->h;
    return stud_site_seat_named(h, f->names, number, stud_site_number_digits(l, 5, name - 2), stud_site_sub(l, name, open - 1), stack,
                                f->err);
}

static int section(ft_hand *f, uint32_t number, const stud_site_line *l)
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
    {
        if (stud_site_flush(h, number, f->err))
            return -1;
        if (h->street == 0)
            return stud_site_fail(f->err, h, number, "a showdown before the deal");
        return 0;
    }
    return stud_site_start_street(h, number, kind, community, f->err);
}

static int dealt(ft_hand *f, uint32_t number, const stud_site_line *l)
{
    stud_site_hand *h = f->h;
    const char *s = l->s;
    size_t len = l->len;
    int player = stud_site_dealt_player(h, f->names, l, 9, number, f->err);
    if (player < 0)
        return -1;
    /* after the name: the smallest suffix that is " [A]" or " [A] [B]" */
    size_t from = 9 + h->name[player].len, a0 = 0, a1 = 0, b0 = 0, b1 = 0;
    int found = 0, has_b = 0;
    for (size_t j = from; j + 1 < len && !found; j++) {
        if (s[j] != ' ' || s[j + 1] != '[')
            continue;
        long close = ps_char(s, len, j + 2, ']');
        if (close < 0)
            break;
        size_t q = (size_t)close;
        if (q + 1 == len) {
            found = 1;
            a0 = j + 2;
            a1 = q;
        } else if (q + 2 < len && s[q + 1] == ' ' && s[q + 2] == '[' &&
                   ps_char(s, len, q + 3, ']') == (long)len - 1) {
            found = has_b = 1;
            a0 = j + 2;
            a1 = q;
            b0 = q + 3;
            b1 = len - 1;
        }
    }
    if (!found)
        return stud_site_fail(f->err, h, number, "the cards dealt to %N do not parse", player);
    uint8_t first[MAX_CARDS], second[MAX_CARDS / 2];
    int n_first, n_second;
    if (cards(f, stud_site_sub(l, a0, a1), number, first, &n_first))
        return -1;
    if (!has_b)
        return stud_site_dealt(h, number, player, first, n_first, 0, f->err);
    if (cards(f, stud_site_sub(l, b0, b1), number, second, &n_second))
        return -1;
    if (h->street == 3) {
        memcpy(first + n_first, second, (size_t)n_second);
        return stud_site_dealt(h, number, player, first, n_first + n_second, 0, f->err);
    }
    return stud_site_dealt(h, number, player, second, n_second, n_first, f->err);
}

/* (?:the pot|...|the lo pot) \(([^)]*)\)(?: .*)? over rest; the amount's span */
static int pot_of(const stud_site_line *l, size_t from, size_t to, stud_hh_span *a)
{
    static const char *const POTS[] = {"the pot", "the high pot", "the low pot", "the main pot",
                                       "the side pot", "side pot #", "the hi pot", "the lo pot"};
    const char *s = l->s + from;
    size_t len = to - from;
    for (int k = 0; k < 8; k++) {
        size_t i = strlen(POTS[k]);
        if (!ps_prefix(s, len, POTS[k]))
            continue;
        if (k == 5) {
            size_t d = i;
            while (i < len && ps_digit(s[i]))
                i++;
            if (i == d)
                continue;
        }
        if (i + 1 >= len || s[i] != ' ' || s[i + 1] != '(')
            continue;
        long close = ps_char(s, len, i + 2, ')');
        if (close < 0)
            continue;
        size_t q = (size_t)close;
        if (q + 1 != len && s[q + 1] != ' ')
            continue;
        *a = stud_site_sub(l, from + i + 2, from + q);
        return 1;
    }
    return 0;
}

static int action(ft_hand *f, uint32_t number, const stud_site_line *l, int player, int verb,
                  size_t from, size_t to)
{
    stud_site_hand *h = f->h;
    const char *s = l->s;
    size_t n = strlen(ALL_IN);
    int all_in = to - from >= n && memcmp(s + to - n, ALL_IN, n) == 0;
    if (all_in)
        to -= n;
    stud_hh_span rest = stud_site_sub(l, from, to);
    uint8_t found[MAX_CARDS];
    int n_found = 0;
    if (verb == V_CHECKS || verb == V_FOLDS) {
        if (to > from && s[from] != '[')
            return stud_site_fail(f->err, h, number, "%N %s %R: the line does not parse", player,
                                  VERBS[verb], rest);
        return stud_site_act(h, number, player, verb == V_CHECKS ? STUD_SITE_CHECK : STUD_SITE_FOLD,
                             -1, all_in, 0, f->err);
    }
    if (verb == V_SHOWS || verb == V_MUCKS) {
        int shown = 0;
        size_t close = 0;
        if (to > from && s[from] == '[') {
            long c = ps_char(s, to, from + 1, ']');
            shown = c >= 0 && ((size_t)c + 1 == to || s[c + 1] == ' ');
            close = (size_t)c;
        }
        if (verb == V_SHOWS) {
            if (!shown)
                return stud_site_fail(f->err, h, number, "the cards %N shows do not parse",
                                      player);
            if (cards(f, stud_site_sub(l, from + 1, close), number, found, &n_found))
                return -1;
            return stud_site_show(h, number, player, found, n_found, f->err);
        }
        if (shown && cards(f, stud_site_sub(l, from + 1, close), number, found, &n_found))
            return -1;
        return stud_site_muck(h, number, player, found, n_found, f->err);
    }
    int64_t value;
    if (verb == V_WINS || verb == V_TIES) {
        stud_hh_span a;
        if (!pot_of(l, from, to, &a))
            return stud_site_fail(f->err, h, number, "what %N wins does not parse: %R", player,
                                  rest);
        if (amount(f, a, number, &value))
            return -1;
        return stud_site_collect(h, number, player, value, f->err);
    }
    /* [$€£]?[\d,]+(?:\.\d+)? */
    size_t i = from, k = 0;
    if (i < to && s[i] == '$')
        k = 1;
    else if (i + 2 < to && (unsigned char)s[i] == 0xe2 && (unsigned char)s[i + 1] == 0x82 &&
             (unsigned char)s[i + 2] == 0xac)
        k = 3;
    else if (i + 1 < to && (unsigned char)s[i] == 0xc2 && (unsigned char)s[i + 1] == 0xa3)
        k = 2;
    i += k;
    size_t digits = i;
    while (i < to && (ps_digit(s[i]) || s[i] == ','))
        i++;
    int ok = i > digits;
    if (ok && i < to) {
        ok = s[i] == '.' && i + 1 < to;
        for (size_t q = i + 1; q < to && ok; q++)
            ok = ps_digit(s[q]);
    }
    if (!ok)
        return stud_site_fail(f->err, h, number, "%N %s: the amount %R does not parse", player,
                              VERBS[verb], rest);
    if (amount(f, rest, number, &value))
        return -1;
    switch (verb) {
    case V_ANTES:
        return stud_site_ante_of(h, number, player, value, all_in, f->err);
    case V_BRINGS:
        return stud_site_act(h, number, player, STUD_SITE_BRING_IN, value, all_in, 0, f->err);
    case V_COMPLETES:
        return stud_site_act(h, number, player, STUD_SITE_COMPLETE, value, all_in, 0, f->err);
    case V_RAISES:
        return stud_site_act(h, number, player, STUD_SITE_RAISE, value, all_in, 0, f->err);
    case V_BETS:
        return stud_site_act(h, number, player, STUD_SITE_BET, value, all_in, 1, f->err);
    default:
        return stud_site_act(h, number, player, STUD_SITE_CALL, value, all_in, 1, f->err);
    }
}

/* The first verb of "x " + s[from, len) as (.+?) (VERB)(?: (.*))? reads it: its
 * number (-1: none) and where its rest starts (len: none). */
static int find_verb(const char *s, size_t len, size_t from, size_t *rest)
{
    static const size_t lengths[N_VERBS] = {5, 13, 15, 4, 9, 5, 6, 5, 5, 5, 4, 8};
    for (size_t v = from; v < len; v++) {
        if (v > from && s[v - 1] != ' ')
            continue;
        if (!strchr("abcrfsmwt", s[v]) || !s[v])
            continue; /* no verb starts so */
        for (int k = 0; k < N_VERBS; k++) {
            size_t n = lengths[k];
            if (s[v] != VERBS[k][0] || len - v < n || memcmp(s + v, VERBS[k], n) != 0)
                continue;
            if (v + n == len) {
                *rest = len;
                return k;
            }
            if (s[v + n] == ' ') {
                *rest = v + n + 1;
                return k;
            }
        }
    }
    return -1;
}

static int total_line(ft_hand *f, uint32_t number, const stud_site_line *l)
{
    /* Total pot (\S+)(.*?) \| Rake (\S+)(.*) */
    stud_site_hand *h = f->h;
    const char *s = l->s;
    size_t len = l->len, t0 = 10, t1 = word_end(s, len, 10), r0 = 0, r1 = 0, p1 = 0;
    int ok = 0;
    if (t1 > t0) {
        for (long at = ps_find(s, len, t1, " | Rake "); at >= 0;
             at = ps_find(s, len, (size_t)at + 1, " | Rake ")) {
            r0 = (size_t)at + 8;
            r1 = word_end(s, len, r0);
            if (r1 > r0) {
                ok = 1;
                p1 = (size_t)at;
                break;
            }
        }
    }
    if (!ok)
        return stud_site_fail(f->err, h, number, "the total pot line does not parse: %R",
                              stud_site_sub(l, 0, len));
    int64_t total, rake, fee;
    if (amount(f, stud_site_sub(l, t0, t1), number, &total) || amount(f, stud_site_sub(l, r0, r1), number, &rake))
        return -1;
    h->total = total;
    h->has_total = 1;
    h->rake = rake;
    /* \| (?:[A-Za-z ]*(?:Jackpot|Fee|jackpot|fee)) (\S+), each in turn: a fee besides the
     * rake counts as rake (docs/rules.md 11.3) */
    static const char *const FEES[] = {"Jackpot", "Fee", "jackpot", "fee"};
    size_t i = r1;
    while (i + 1 < len) {
        if (s[i] != '|' || s[i + 1] != ' ') {
            i++;
            continue;
        }
        size_t run = i + 2;
        while (run < len && (s[run] == ' ' || (s[run] >= 'a' && s[run] <= 'z') ||
                             (s[run] >= 'A' && s[run] <= 'Z')))
            run++;
        size_t a0 = 0, a1 = 0;
        for (size_t p = run; p + 1 > i + 2 && !a1; p--) {
            for (int k = 0; k < 4 && !a1; k++) {
                size_t n = strlen(FEES[k]);
                if (p + n + 1 < len && memcmp(s + p, FEES[k], n) == 0 && s[p + n] == ' ') {
                    size_t e = word_end(s, len, p + n + 1);
                    if (e > p + n + 1) {
                        a0 = p + n + 1;
                        a1 = e;
                    }
                }
            }
            if (p == i + 2)
                break;
        }
        if (!a1) {
            i++;
            continue;
        }
        if (amount(f, stud_site_sub(l, a0, a1), number, &fee))
            return -1;
        h->rake += fee;
        i = a1;
    }
    h->rake_known = 1;
    f->total_seen = 1;
    /* the pots' text, stripped */
    stud_site_strip(s, &t1, &p1);
    if (p1 > t1) {
        if (h->n_pots >= STUD_SITE_MAX_LIST)
            return stud_site_fail(f->err, h, number, "more than %d lines of pots",
                                  (int64_t)STUD_SITE_MAX_LIST);
        h->pots[h->n_pots++] = stud_site_sub(l, t1, p1);
    }
    return 0;
}

static int summary_line(ft_hand *f, uint32_t number, const stud_site_line *l)
{
    stud_site_hand *h = f->h;
    const char *s = l->s;
    size_t len = l->len;
    if (ps_prefix(s, len, "Total pot "))
        return total_line(f, number, l);
    /* Seat (\d+): (.*) */
    if (!ps_prefix(s, len, "Seat "))
        return 0;
    size_t i = 5;
    while (i < len && ps_digit(s[i]))
        i++;
    if (i == 5 || i + 1 >= len || s[i] != ':' || s[i + 1] != ' ')
        return 0;
    stud_hh_span digits = stud_site_number_digits(l, 5, i);
    int player = -1;
    for (int p = 0; p < h->n_players && player < 0; p++)
        if (h->seat_digits[p].len == digits.len &&
            memcmp(h->buf + h->seat_digits[p].start, h->buf + digits.start, digits.len) == 0)
            player = p;
    if (player < 0 || h->seat_of[player] < 0)
        return 0;
    size_t rest = i + 2;
    long mucked = ps_find(s, len, rest, " mucked [");
    if (mucked >= 0) {
        size_t from = (size_t)mucked + 9;
        long close = ps_char(s, len, from, ']');
        if (close >= 0) {
            uint8_t found[MAX_CARDS];
            int n;
            if (cards(f, stud_site_sub(l, from, (size_t)close), number, found, &n))
                return -1;
            for (int c = 0; c < n; c++)
                if (stud_site_see(h, found[c], player, number, 1, f->err))
                    return -1;
            if (stud_site_keep_mucked(h, number, h->seat_of[player], found, n, f->err))
                return -1;
        }
    }
    long collected = ps_find(s, len, rest, "collected ("), won = ps_find(s, len, rest, "won (");
    long at = collected < 0 ? won : (won < 0 || collected < won ? collected : won);
    if (at >= 0) {
        size_t from = (size_t)at + (at == collected ? 11 : 5);
        long close = ps_char(s, len, from, ')');
        if (close >= 0) {
            int64_t value;
            if (amount(f, stud_site_sub(l, from, (size_t)close), number, &value))
                return -1;
            int k = 0;
            while (k < f->n_won && f->won_player[k] != player)
                k++;
            if (k == f->n_won)
                f->won_player[f->n_won++] = player;
            f->won[k] = value;
        }
    }
    return 0;
}

static int hand_line(ft_hand *f, uint32_t number, const stud_site_line *l)
{
    stud_site_hand *h = f->h;
    const char *s = l->s;
    size_t len = l->len;
    if (ps_prefix(s, len, "*** "))
        return section(f, number, l);
    if (f->summary)
        return summary_line(f, number, l);
    if (ps_prefix(s, len, "Seat ") && h->street == 0)
        return seat_line(f, number, l);
    if (ps_prefix(s, len, "Dealt to "))
        return dealt(f, number, l);
    if (ps_prefix(s, len, "Uncalled bet of ")) {
        /* Uncalled bet of (\S+) returned to (.+) */
        size_t a1 = word_end(s, len, 16);
        if (a1 == 16 || !ps_prefix(s + a1, len - a1, " returned to ") || a1 + 13 >= len)
            return stud_site_fail(f->err, h, number, "the returned bet does not parse: %R",
                                  stud_site_sub(l, 0, len));
        int64_t value;
        int player;
        if (amount(f, stud_site_sub(l, 16, a1), number, &value) ||
            stud_site_known(h, stud_site_sub(l, a1 + 13, len), number, &player, f->err))
            return -1;
        return stud_site_returned(h, number, player, value, f->err);
    }
    /* a player's line: the longest name it starts with, then a space or a colon */
    int player = -1;
    size_t rest = 0;
    for (int k = 0; k < h->n_players && player < 0; k++) {
        stud_hh_span n = h->name[f->names[k]];
        if (len > n.len && memcmp(s, h->buf + n.start, n.len) == 0 &&
            (s[n.len] == ' ' || s[n.len] == ':')) {
            player = f->names[k];
            rest = n.len + (s[n.len] == ' ');
        }
    }
    if (player < 0)
        return 0; /* a line that only informs (sits down, stands up, time left ...) */
    if (len - rest >= 2 && s[rest] == ':' && s[rest + 1] == ' ')
        return 0; /* chat */
    size_t after;
    int verb = find_verb(s, len, rest, &after);
    if (verb < 0)
        return 0; /* is low with, has 15 seconds left to act, adds $40, is sitting out ... */
    return action(f, number, l, player, verb, after, len);
}

int stud_site_fulltilt_read(const stud_site_lines *lines, uint32_t first, uint32_t count,
                            const stud_site_game *game, stud_site_hand *h, stud_site_error *err)
{
    ft_hand f;
    f.h = h;
    f.err = err;
    f.summary = f.total_seen = f.n_won = 0;
    stud_site_init(h, lines->buf, game, lines->number[first]);
    for (uint32_t k = first + 1; k < first + count; k++) {
        stud_site_line l = {lines->buf + lines->start[k], lines->start[k],
                    lines->end[k] - lines->start[k]};
        if (hand_line(&f, lines->number[k], &l))
            return STUD_HH_ERROR;
    }
    uint32_t last = lines->number[first + count - 1];
    if (!f.summary) {
        stud_site_fail(err, h, last, "the hand ends before its summary (the file is cut short?)");
        return STUD_HH_ERROR;
    }
    if (!f.total_seen) {
        stud_site_fail(err, h, last, "the summary has no 'Total pot' line");
        return STUD_HH_ERROR;
    }
    if (!h->any_collected)
        for (int k = 0; k < f.n_won; k++)
            if (stud_site_collect(h, last, f.won_player[k], f.won[k], err))
                return STUD_HH_ERROR;
    return stud_site_finish(h, last, err) ? STUD_HH_ERROR : STUD_HH_READ;
}
