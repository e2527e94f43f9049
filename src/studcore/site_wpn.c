/* site_wpn.c: the Winning Poker Network's text hand histories, both of its
 * formats, read in C on the builder of site_wpn_hand.h
 * (python/stud/histories/sites/wpn.py describes the formats and reads the
 * header's game; this file splits the file into hands and reads the lines
 * after the header, as that module's reader did, regex for regex: Python's
 * \d is Unicode's decimal digits, \s and str.split() Python's whitespace,
 * and a name a lazy or greedy pattern takes is the one the regex takes).
 *
 * The newer format's hand begins at its "Hand #N - GAME(LIMIT) - ..." line
 * (stud_site_header's 1); the older one's at "Game started at:" (3), or at
 * a "Game ID: " line (4) unless it follows its "Game started at:" (the
 * split's rule: site_text.h). */
#include <string.h>

#include "site_text.h"
#include "site_wpn_hand.h"

#define lit stud_site_lit_at
#define MAX_CARDS 64 /* the cards of one bracket */

/* The end of [\d,.]* at s[i]. */
static size_t run_end(const char *s, size_t len, size_t i)
{
    size_t n;
    while (i < len) {
        if (s[i] == ',' || s[i] == '.')
            i++;
        else if (stud_wpn_is_digit(s, len, i, &n))
            i += n;
        else
            break;
    }
    return i;
}

/* [$€£]?[\d,.]+ at s[i] (the run greedy): its end, or 0. */
static size_t signed_run(const char *s, size_t len, size_t i)
{
    size_t n = 0;
    if (stud_site_sign_at(s, len, i, &n))
        i += n;
    size_t e = run_end(s, len, i);
    return e > i ? e : 0;
}

/* [$€£]?\d[\d,]*(?:\.\d+)? at s[i], the longest: its end, or 0. */
static size_t amount_end(const char *s, size_t len, size_t i)
{
    size_t first, run;
    return stud_wpn_amount_end(s, len, i, &first, &run);
}

/* Whether s[a, b) holds a newline (which `.` does not match). */
static int has_newline(const char *s, size_t a, size_t b)
{
    return b > a && memchr(s + a, '\n', b - a) != NULL;
}

/* The first byte of s[i, len) that is one of `set`'s (len: none). */
static size_t find_any(const char *s, size_t len, size_t i, const char *set)
{
    for (; i < len; i++)
        if (strchr(set, s[i]) != NULL && s[i] != 0)
            return i;
    return len;
}

/* ---- the headers ----------------------------------------------------------------------- */

/* \(?(?P<small>[$€£]?[\d,.]+)/(?P<big>[$€£]?[\d,.]+)\)?\s*-  at s[i] */
static int stakes_at(const char *s, size_t len, size_t i)
{
    for (int paren = 1; paren >= 0; paren--) {
        size_t j = i, n;
        if (paren) {
            if (j >= len || s[j] != '(')
                continue;
            j++;
        }
        if ((j = signed_run(s, len, j)) == 0 || j >= len || s[j] != '/')
            continue;
        if ((j = signed_run(s, len, j + 1)) == 0)
            continue;
        if (j < len && s[j] == ')')
            j++;
        while (j < len && (n = stud_site_space_at(s, len, j)) != 0)
            j += n;
        if (j < len && s[j] == '-')
            return 1;
    }
    return 0;
}

/* (?P<game>[^()]+?)\((?P<limit>[^()]+)\) - (?:Level (?P<level>[IVXLC\d]+) )? then the
 * stakes, at s[p] */
static int game_at(const char *s, size_t len, size_t p)
{
    size_t q = find_any(s, len, p, "()");
    if (q == len || s[q] != '(' || q == p)
        return 0;
    size_t r = find_any(s, len, q + 1, "()");
    if (r == len || s[r] != ')' || r == q + 1 || !lit(s, len, r + 1, " - "))
        return 0;
    size_t i = r + 4, n;
    if (lit(s, len, i, "Level ")) {
        size_t j = i + 6;
        while (j < len) {
            if (s[j] != 0 && strchr("IVXLC", s[j]) != NULL)
                n = 1;
            else if (stud_wpn_digit_at(s, len, j, &n) < 0)
                break;
            j += n;
        }
        if (j > i + 6 && j < len && s[j] == ' ' && stakes_at(s, len, j + 1))
            return 1;
    }
    return stakes_at(s, len, i);
}

/* _NEW_HEADER.match: whether it matches, the id's digits [*a, *b) */
static int new_header(const char *s, size_t len, size_t *a, size_t *b)
{
    size_t p;
    if (lit(s, len, 0, "Hand #"))
        p = 6;
    else if (lit(s, len, 0, "Game Hand #"))
        p = 11;
    else
        return 0;
    size_t e = stud_wpn_digits_end(s, len, p);
    if (e == p || !lit(s, len, e, " - "))
        return 0;
    *a = p;
    *b = e;
    p = e + 3;
    /* (?:(?P<gtd>[^#]*?)Tournament #(?P<tid>\d+) - )?: at the first '#' */
    const char *hash = memchr(s + p, '#', len - p);
    if (hash != NULL) {
        size_t t = (size_t)(hash - s);
        if (t >= p + 11 && memcmp(s + t - 11, "Tournament ", 11) == 0) {
            size_t d = stud_wpn_digits_end(s, len, t + 1);
            if (d > t + 1 && lit(s, len, d, " - ") && game_at(s, len, d + 3))
                return 1;
        }
    }
    return game_at(s, len, p);
}

/* _OLD_HEADER.match: whether it matches, the id's end */
static int old_header(const char *s, size_t len, size_t *id_end)
{
    size_t e = stud_wpn_digits_end(s, len, 9);
    if (e == 9 || e >= len || s[e] != ' ')
        return 0;
    size_t j = run_end(s, len, e + 1);
    if (j == e + 1 || j >= len || s[j] != '/')
        return 0;
    size_t k = run_end(s, len, j + 1);
    if (k == j + 1 || k >= len || s[k] != ' ')
        return 0;
    /* (?P<table>.*?) ?\((?P<game>[^()]+)\) */
    for (size_t q = k + 1; q < len && s[q] != '\n'; q++) {
        if (s[q] != '(')
            continue;
        size_t r = find_any(s, len, q + 1, "()");
        if (r < len && s[r] == ')' && r > q + 1) {
            *id_end = e;
            return 1;
        }
    }
    return 0;
}

int stud_site_wpn_header(const char *s, size_t len, stud_hh_span *id, stud_hh_span *rest)
{
    size_t a, b;
    id->start = id->len = 0;
    rest->start = rest->len = 0;
    if (len == 0 || (s[0] != 'G' && s[0] != 'H'))
        return 0;
    if (lit(s, len, 0, "Game started at:"))
        return 3;
    if (lit(s, len, 0, "Game ID: ")) {
        if (old_header(s, len, &b)) {
            id->start = 9;
            id->len = (uint32_t)(b - 9);
        }
        return 4;
    }
    if (!new_header(s, len, &a, &b))
        return 0;
    id->start = (uint32_t)a;
    id->len = (uint32_t)(b - a);
    rest->start = (uint32_t)b;
    rest->len = (uint32_t)(len - b);
    return 1;
}

/* ---- the reading ------------------------------------------------------------------------ */

/* A dict of amounts by player, in the order first set. */
typedef struct {
    int64_t v[STUD_WPN_MAX_PLAYERS];
    uint8_t has[STUD_WPN_MAX_PLAYERS];
    int order[STUD_WPN_MAX_PLAYERS];
    int n;
} tally_t;

static void tally_add(tally_t *t, int p, int64_t v)
{
    if (!t->has[p]) {
        t->has[p] = 1;
        t->v[p] = 0;
        t->order[t->n++] = p;
    }
    t->v[p] += v;
}

static void tally_set(tally_t *t, int p, int64_t v)
{
    tally_add(t, p, 0);
    t->v[p] = v;
}

static int64_t tally_sum(const tally_t *t)
{
    int64_t sum = 0;
    for (int k = 0; k < t->n; k++)
        sum += t->v[t->order[k]];
    return sum;
}

typedef struct {
    stud_wpn_hand w;
    tally_t a, b, c; /* new: won, collected, returned; old: bets, collects, hero cards */
    uint8_t in_summary[STUD_WPN_MAX_PLAYERS];
    int cards[MAX_CARDS], before[MAX_CARDS];
} reading_t;

/* The cards of the words of buf[text]; *n their count. */
static int cards_of(const stud_wpn_hand *w, stud_hh_span text, uint32_t line, int *cards, int *n,
                    stud_site_error *err)
{
    int words, skipped;
    return stud_wpn_cards(w->buf, text, line, 0, cards, MAX_CARDS, n, &words, &skipped, err);
}

static int known(const stud_wpn_hand *w, const stud_site_line *l, uint32_t line, size_t a,
                 size_t b, int *p, stud_site_error *err)
{
    if ((*p = stud_wpn_find(w, l->s + a, b - a)) < 0)
        return stud_site_fail(err, NULL, line, "%R is not at the table", stud_site_sub(l, a, b));
    return 0;
}

static int amount(const stud_wpn_hand *w, const stud_site_line *l, uint32_t line, size_t a,
                  size_t b, int64_t *out, stud_site_error *err)
{
    return stud_wpn_amount(w, stud_site_sub(l, a, b), line, out, err);
}

/* ---- the newer format ------------------------------------------------------------------- */

typedef struct {
    size_t a, ae, to, toe; /* a / to 0: none */
    int all_in;
} act_groups;

/* (?P<allin> and is all-in)? then the end */
static int tail_all_in(const char *s, size_t len, size_t i, act_groups *g)
{
    g->all_in = i < len;
    return i == len || (len - i == 14 && lit(s, len, i, " and is all-in"));
}

/* (?: to (?P<to>AMOUNT)\.?)? then the rest */
static int tail_to(const char *s, size_t len, size_t i, act_groups *g)
{
    size_t e;
    if (lit(s, len, i, " to ") && (e = amount_end(s, len, i + 4)) != 0) {
        size_t x = e < len && s[e] == '.' ? e + 1 : e;
        if (tail_all_in(s, len, x, g)) {
            g->to = i + 4;
            g->toe = e;
            return 1;
        }
    }
    g->to = 0;
    return tail_all_in(s, len, i, g);
}

/* (?: (?P<a>AMOUNT)\.?)? then the rest, at s[i] */
static int act_tail(const char *s, size_t len, size_t i, act_groups *g)
{
    size_t e;
    if (lit(s, len, i, " ") && (e = amount_end(s, len, i + 1)) != 0) {
        size_t x = e < len && s[e] == '.' ? e + 1 : e;
        if (tail_to(s, len, x, g)) {
            g->a = i + 1;
            g->ae = e;
            return 1;
        }
    }
    g->a = 0;
    return tail_to(s, len, i, g);
}

static const char *const NEW_VERBS[] = {"posts ante", "posts the ante", "brings-in low",
                                        "brings in low", "brings-in", "brings in", "bets",
                                        "calls", "raises", "checks", "folds"};
enum { N_POSTS, N_POSTS_THE, N_BRINGS_LOW, N_BRINGS_LOW2, N_BRINGS, N_BRINGS2, N_BETS, N_CALLS,
       N_RAISES, N_CHECKS, N_FOLDS, N_VERBS };

/* _NEW_ACTION.fullmatch: the name's end, the verb and the groups */
static int new_action_match(const char *s, size_t len, size_t *name_end, int *verb, act_groups *g)
{
    for (size_t k = 1; k < len && s[k - 1] != '\n'; k++) {
        if (s[k] != ' ')
            continue;
        for (int v = 0; v < N_VERBS; v++) {
            if (!lit(s, len, k + 1, NEW_VERBS[v]))
                continue;
            if (act_tail(s, len, k + 1 + strlen(NEW_VERBS[v]), g)) {
                *name_end = k;
                *verb = v;
                return 1;
            }
        }
    }
    return 0;
}

static int new_action(reading_t *r, const stud_site_line *l, uint32_t line, int p, int verb,
                      const act_groups *g, size_t verb_at, stud_site_error *err)
{
    stud_wpn_hand *w = &r->w;
    stud_hh_span v = stud_site_sub(l, verb_at, verb_at + strlen(NEW_VERBS[verb]));
    if (verb == N_CHECKS || verb == N_FOLDS) {
        if (g->a)
            return stud_site_fail(err, NULL, line, "%T with an amount", v);
        return stud_wpn_act(w, line, p, verb == N_FOLDS ? STUD_HH_FOLD : STUD_HH_CHECK_CALL, -1,
                            err);
    }
    if (!g->a)
        return stud_site_fail(err, NULL, line, "%T without an amount", v);
    int64_t chips, to;
    if (amount(w, l, line, g->a, g->ae, &chips, err))
        return -1;
    int64_t bet = w->has_bet[p] ? w->bet[p] : 0;
    switch (verb) {
    case N_POSTS:
    case N_POSTS_THE:
        return stud_wpn_ante(w, line, p, chips, err);
    case N_BRINGS_LOW:
    case N_BRINGS_LOW2:
    case N_BRINGS:
    case N_BRINGS2:
        return stud_wpn_add(w, line, p, chips - bet, STUD_WPN_ADD_BRING_IN, g->all_in, err);
    case N_RAISES:
        if (g->to) {
            if (amount(w, l, line, g->to, g->toe, &to, err))
                return -1;
            return stud_wpn_act(w, line, p, STUD_HH_RAISE, to, err);
        }
        return stud_wpn_act(w, line, p, STUD_HH_RAISE, stud_wpn_top_bet(w) + chips, err);
    case N_BETS:
        return stud_wpn_act(w, line, p, STUD_HH_RAISE, bet + chips, err);
    default: /* calls: the chips added */
        return stud_wpn_add(w, line, p, chips, STUD_WPN_ADD_CALLS, g->all_in, err);
    }
}

/* _NEW_SEAT.fullmatch: the digits' end, the name's end, the stack [*a, *b) */
static int new_seat_match(const char *s, size_t len, size_t *digits_end, size_t *name_end,
                          size_t *a, size_t *b)
{
    size_t i = stud_wpn_digits_end(s, len, 5);
    if (i == 5 || !lit(s, len, i, ": "))
        return 0;
    size_t name = i + 2;
    for (size_t k = name + 1; k < len && s[k - 1] != '\n'; k++) {
        if (s[k] != ' ' || k + 1 >= len || s[k + 1] != '(')
            continue;
        size_t e = signed_run(s, len, k + 2);
        if (e == 0 || e >= len || s[e] != ')')
            continue;
        e++;
        if (e == len || (len - e == 15 && lit(s, len, e, " is sitting out"))) {
            *digits_end = i;
            *name_end = k;
            *a = k + 2;
            *b = e - 1;
            return 1;
        }
    }
    return 0;
}

/* _DEALT.fullmatch: the name's end, the cards [a, ae) and [b, be) (b 0: none) */
static int dealt_match(const char *s, size_t len, size_t *name_end, size_t *a, size_t *ae,
                       size_t *b, size_t *be)
{
    for (size_t k = 10; k + 2 <= len && s[k - 1] != '\n'; k++) {
        if (s[k] != ' ' || s[k + 1] != '[')
            continue;
        const char *c = memchr(s + k + 2, ']', len - k - 2);
        if (c == NULL)
            return 0;
        size_t q = (size_t)(c - s);
        *b = *be = 0;
        if (lit(s, len, q + 1, " [")) {
            const char *c2 = memchr(s + q + 3, ']', len - q - 3);
            if (c2 != NULL && (size_t)(c2 - s) == len - 1) {
                *b = q + 3;
                *be = len - 1;
            }
        }
        if (*b || q == len - 1) {
            *name_end = k;
            *a = k + 2;
            *ae = q;
            return 1;
        }
    }
    return 0;
}

static int new_dealt(reading_t *r, const stud_site_line *l, uint32_t line, stud_site_error *err)
{
    stud_wpn_hand *w = &r->w;
    size_t name_end, a, ae, b, be;
    int p, n, n_before;
    if (!dealt_match(l->s, l->len, &name_end, &a, &ae, &b, &be))
        return stud_site_fail(err, NULL, line, "the line %R does not parse",
                              stud_site_sub(l, 0, l->len));
    if (known(w, l, line, 9, name_end, &p, err))
        return -1;
    if (cards_of(w, b ? stud_site_sub(l, b, be) : stud_site_sub(l, a, ae), line, r->cards, &n,
                 err))
        return -1;
    if (b) {
        /* the cards before, repeated: they must be the ones dealt */
        if (cards_of(w, stud_site_sub(l, a, ae), line, r->before, &n_before, err))
            return -1;
        for (int c = 0; c < n_before; c++)
            if (w->seen[r->before[c]] != p)
                return stud_site_fail(err, NULL, line, "%c was not dealt to %T before",
                                      (int64_t)r->before[c], w->name[p]);
    }
    if (w->street == 3 && n == 3)
        w->hero = p;
    return stud_wpn_deal(w, line, p, r->cards, n, err);
}

/* _TABLE.match: the name [*a, *b), the max's digits [*m, *me) */
static int table_match(const char *s, size_t len, size_t *a, size_t *b, size_t *m, size_t *me)
{
    const char *nl = memchr(s, '\n', len);
    size_t last = nl == NULL ? len : (size_t)(nl - s);
    for (size_t k = last; k-- > 7;) {
        if (s[k] != '\'' || !lit(s, len, k + 1, " "))
            continue;
        size_t e = stud_wpn_digits_end(s, len, k + 2);
        if (e > k + 2 && lit(s, len, e, "-max")) {
            *a = 7;
            *b = k;
            *m = k + 2;
            *me = e;
            return 1;
        }
    }
    return 0;
}

/* A summary's "Seat N: REST" (_summary_seat) */
static int summary_seat(reading_t *r, const stud_site_line *l, uint32_t line, size_t rest,
                        size_t end, stud_site_error *err)
{
    stud_wpn_hand *w = &r->w;
    stud_site_hand *h = w->h;
    const char *s = l->s;
    int p = -1;
    for (int q = 0; q < w->n_players; q++) {
        size_t n = w->name[q].len;
        if ((p < 0 || n > w->name[p].len) && end - rest > n &&
            memcmp(s + rest, w->buf + w->name[q].start, n) == 0 && s[rest + n] == ' ')
            p = q;
    }
    if (p < 0)
        return 0;
    size_t t = rest + w->name[p].len + 1;
    /* _WON.finditer: (?:won|collected) \(?(?P<a>AMOUNT)\)? */
    int64_t sum = 0, v;
    int any = 0;
    for (size_t i = t; i < end;) {
        size_t j = lit(s, end, i, "won ") ? i + 4 : lit(s, end, i, "collected ") ? i + 10 : 0;
        size_t e = 0, a = j;
        if (j) {
            if (j < end && s[j] == '(' && (e = amount_end(s, end, j + 1)) != 0)
                a = j + 1;
            else
                e = amount_end(s, end, j);
        }
        if (!e) {
            i++;
            continue;
        }
        if (amount(w, l, line, a, e, &v, err))
            return -1;
        sum += v;
        any = 1;
        i = e < end && s[e] == ')' ? e + 1 : e;
    }
    if (any)
        tally_add(&r->a, p, sum);
    const char *open = memchr(s + t, '[', end - t);
    size_t head = open == NULL ? end : (size_t)(open - s);
    const char *close = open == NULL ? NULL : memchr(open + 1, ']', end - head - 1);
    int showed = 0, mucked = lit(s, end, t, "mucked");
    for (size_t i = t; i + 6 <= head && !showed; i++)
        showed = memcmp(s + i, "showed", 6) == 0;
    for (size_t i = t; i + 7 <= head && !mucked; i++)
        mucked = memcmp(s + i, " mucked", 7) == 0;
    if (showed && close != NULL) {
        int n;
        if (cards_of(w, stud_site_sub(l, head + 1, (size_t)(close - s)), line, r->cards, &n, err))
            return -1;
        return stud_wpn_show(w, line, p, r->cards, n, err);
    }
    if (mucked) {
        if (stud_wpn_muck(w, line, p, err))
            return -1;
        if (close != NULL) {
            uint8_t none[1] = {0};
            if (stud_site_keep_mucked(h, line, -1, none, 0, err))
                return -1;
            stud_site_cards *m = &h->mucked[h->n_mucked - 1];
            m->n_cards = -1;
            m->name = w->name[p];
            m->text = stud_site_sub(l, head + 1, (size_t)(close - s));
        }
    }
    return 0;
}

/* _TOTAL.match and _FEE.finditer of its rest: the total and the rake */
static int total_line(reading_t *r, const stud_site_line *l, uint32_t line, int64_t *total,
                      int64_t *rake, stud_site_error *err)
{
    const char *s = l->s;
    size_t len = l->len;
    size_t e = signed_run(s, len, 10);
    if (e == 0)
        return stud_site_fail(err, NULL, line, "the total pot does not parse");
    if (amount(&r->w, l, line, 10, e, total, err))
        return -1;
    const char *nl = memchr(s + e, '\n', len - e);
    size_t end = nl == NULL ? len : (size_t)(nl - s);
    int64_t sum = 0, v;
    for (size_t i = e; i < end;) {
        size_t a = 0, n;
        if (s[i] == '|') {
            size_t j = i + 1;
            while (j < end && s[j] == ' ')
                j++;
            if (lit(s, end, j, "Rake ") && signed_run(s, end, j + 5))
                a = j + 5;
            if (!a) {
                size_t x = j;
                while (x < end && ((s[x] >= 'A' && s[x] <= 'Z') || (s[x] >= 'a' && s[x] <= 'z') ||
                                   s[x] == ' '))
                    x++;
                static const char *const KEYS[] = {"Jackpot ", "Fee ", "jackpot ", "fee "};
                for (size_t q = x + 1; q-- > j && !a;)
                    for (int k = 0; k < 4 && !a; k++)
                        if (lit(s, end, q, KEYS[k]) &&
                            signed_run(s, end, q + (n = strlen(KEYS[k]))))
                            a = q + n;
            }
        }
        if (!a) {
            i++;
            continue;
        }
        size_t ae = signed_run(s, end, a);
        if (amount(&r->w, l, line, a, ae, &v, err))
            return -1;
        sum += v;
        i = ae;
    }
    *rake = sum;
    return 0;
}

static int read_new(reading_t *r, const stud_site_lines *lines, uint32_t first, uint32_t count,
                    stud_site_error *err)
{
    stud_wpn_hand *w = &r->w;
    stud_site_hand *h = w->h;
    int summary = 0, has_total = 0;
    int64_t total = 0, rake = 0;
    stud_hh_span none = {0, 0};
    if (stud_site_add_field(h, lines->number[first], "seat_count", "8", none, err))
        return -1;
    h->fields[0].as_int = 1;
    h->n_lead_fields = 1;
    for (uint32_t k = 1; k < count; k++) {
        uint32_t x = first + k, line = lines->number[x];
        stud_site_line l = {lines->buf + lines->start[x], lines->start[x],
                            lines->end[x] - lines->start[x]};
        const char *s = l.s;
        size_t len = l.len, name_end, a, ae, b;
        int p = -1, verb;
        if (summary) {
            if (lit(s, len, 0, "Total pot ")) {
                if (total_line(r, &l, line, &total, &rake, err))
                    return -1;
                has_total = 1;
            } else if (lit(s, len, 0, "Seat ")) {
                size_t e = stud_wpn_digits_end(s, len, 5);
                if (e > 5 && lit(s, len, e, ": ")) {
                    stud_hh_span num = stud_site_sub(&l, 5, e);
                    for (int q = 0; q < w->n_players; q++)
                        if (stud_wpn_seat_cmp(w->buf, num, w->seat[q]) == 0)
                            r->in_summary[q] = 1;
                    const char *nl = memchr(s + e + 2, '\n', len - e - 2);
                    if (summary_seat(r, &l, line, e + 2, nl == NULL ? len : (size_t)(nl - s),
                                     err))
                        return -1;
                }
            }
            continue;
        }
        switch (s[0]) {
        case '*':
            if (len == 18 && lit(s, len, 0, "*** ") && s[4] >= '3' && s[4] <= '7' &&
                (lit(s, len, 5, "rd") || lit(s, len, 5, "th")) &&
                lit(s, len, 7, " STREET ***")) {
                if (stud_wpn_new_street(w, line, s[4] - '0', err))
                    return -1;
            } else if (lit(s, len, 0, "*** SUMMARY")) {
                summary = 1;
            }
            continue;
        case 'S':
            if (w->street == 0 && lit(s, len, 0, "Seat ")) {
                size_t digits_end;
                int64_t stack;
                if (!new_seat_match(s, len, &digits_end, &name_end, &a, &ae))
                    return stud_site_fail(err, NULL, line, "the seat line %R does not parse",
                                          stud_site_sub(&l, 0, len));
                if (amount(w, &l, line, a, ae, &stack, err) ||
                    stud_wpn_seat(w, line, stud_site_sub(&l, 5, digits_end),
                                  stud_site_sub(&l, digits_end + 2, name_end), stack, err))
                    return -1;
                continue;
            }
            break;
        case 'T':
            if (lit(s, len, 0, "Table '")) {
                size_t m, me;
                if (table_match(s, len, &a, &ae, &m, &me)) {
                    h->has_table = 1;
                    h->table = stud_site_sub(&l, a, ae);
                    h->fields[0].text = NULL;
                    h->fields[0].value = stud_site_sub(&l, m, me);
                }
                continue;
            }
            break;
        case 'D':
            if (lit(s, len, 0, "Dealt to ")) {
                if (new_dealt(r, &l, line, err))
                    return -1;
                continue;
            }
            break;
        case 'U':
            if (lit(s, len, 0, "Uncalled bet")) {
                /* Uncalled bet \((?P<a>[^)]+)\) returned to (?P<name>.+) */
                const char *c = lit(s, len, 0, "Uncalled bet (") ? memchr(s + 14, ')', len - 14)
                                                                 : NULL;
                size_t q = c == NULL ? 0 : (size_t)(c - s);
                int64_t v;
                if (q <= 14 || !lit(s, len, q, ") returned to ") || q + 14 >= len ||
                    has_newline(s, q + 14, len))
                    return stud_site_fail(err, NULL, line, "the line %R does not parse",
                                          stud_site_sub(&l, 0, len));
                if (known(w, &l, line, q + 14, len, &p, err) ||
                    amount(w, &l, line, 14, q, &v, err))
                    return -1;
                tally_add(&r->c, p, v);
                continue;
            }
            break;
        default:
            break;
        }
        act_groups g;
        if (new_action_match(s, len, &name_end, &verb, &g) &&
            stud_wpn_find(w, s, name_end) >= 0) {
            p = stud_wpn_find(w, s, name_end);
            if (new_action(r, &l, line, p, verb, &g, name_end + 1, err))
                return -1;
            continue;
        }
        /* _COLLECTED.match: (?P<name>.+?) collected (?P<a>[$€£]?[\d,.]+) */
        for (size_t q = 1; q < len && s[q - 1] != '\n'; q++) {
            if (s[q] != ' ' || !lit(s, len, q, " collected ") || !(b = signed_run(s, len, q + 11)))
                continue;
            if ((p = stud_wpn_find(w, s, q)) >= 0) {
                int64_t v;
                if (amount(w, &l, line, q + 11, b, &v, err))
                    return -1;
                tally_add(&r->b, p, v);
                p = -2;
            }
            break;
        }
        if (p == -2)
            continue;
        static const char *const VERBS[] = {"posts", "brings", "brings-in", "bets", "calls",
                                            "raises", "checks", "folds"};
        if (stud_wpn_damaged(w, &l, line, 0, VERBS, 8, err))
            return -1;
    }
    uint32_t last = lines->number[first + count - 1];
    if (!summary || !has_total)
        return stud_site_fail(err, NULL, last, "the hand is cut off: no summary with the total pot");
    for (int q = 0; q < w->n_players; q++)
        if (w->in_hand[q] && !r->in_summary[q])
            return stud_site_fail(err, NULL, last,
                                  "the hand is cut off: the summary has no line for %T", w->name[q]);
    tally_t *collected = r->a.n ? &r->a : &r->b;
    int top;
    int64_t excess, given = tally_sum(&r->c);
    stud_wpn_uncalled(w, &top, &excess);
    if (r->c.n) {
        for (int k = 0; k < r->c.n; k++) {
            int q = r->c.order[k];
            if (!w->has_put[q])
                return stud_site_fail(err, NULL, lines->number[first],
                                      "cannot read the hand: KeyError: %R", w->name[q]);
            w->put_in[q] -= r->c.v[q];
        }
    } else if (excess && top >= 0 && tally_sum(collected) + rake == total + excess &&
               collected->has[top] && collected->v[top] >= excess) {
        /* the uncalled bet counted in what its owner won */
        collected->v[top] -= excess;
        given = excess;
    }
    int64_t put_in = stud_wpn_put_in_total(w) - (r->c.n ? 0 : given);
    if (put_in != total)
        return stud_site_fail(err, NULL, last, "the total pot %d is not the %d put in", total,
                              put_in);
    int64_t sum = tally_sum(collected);
    if (sum + rake != total)
        return stud_site_fail(err, NULL, last,
                              "the collections (%d) and the rake (%d) are not the total pot (%d)",
                              sum, rake, total);
    int64_t by[STUD_WPN_MAX_PLAYERS];
    for (int q = 0; q < w->n_players; q++)
        by[q] = collected->has[q] ? collected->v[q] : 0;
    return stud_wpn_record(w, last, by, collected->order, collected->n, rake, err);
}

/* ---- the older format ------------------------------------------------------------------- */

/* _OLD_RESULT.fullmatch: the name [7 or 8, *name_end), what (0 shows, 1 mucks, 2 does not
 * show), the rest [*rest, *rest_end), bets [*b, *be), collects [*c, *ce) */
static int old_result_match(const char *s, size_t len, size_t *name_at, size_t *name_end,
                            int *what, size_t *rest, size_t *rest_end, size_t *b, size_t *be,
                            size_t *c, size_t *ce)
{
    size_t at = s[0] == '*' ? 1 : 0;
    if (!lit(s, len, at, "Player "))
        return 0;
    at += 7;
    /* the tail, from the end: Bets: B\. Collects: G\. (?:Wins|Loses): W\.?$ */
    size_t bets = 0;
    for (size_t i = at; i + 6 <= len && !bets; i++) {
        if (s[i] != 'B' || !lit(s, len, i, "Bets: "))
            continue;
        size_t m = run_end(s, len, i + 6);
        if (m < i + 8 || s[m - 1] != '.' || !lit(s, len, m, " Collects: "))
            continue;
        size_t m2 = run_end(s, len, m + 11);
        if (m2 < m + 13 || s[m2 - 1] != '.' || m2 >= len || s[m2] != ' ')
            continue;
        size_t w = lit(s, len, m2 + 1, "Wins: ") ? m2 + 7 : lit(s, len, m2 + 1, "Loses: ") ? m2 + 8
                                                                                          : 0;
        if (w == 0 || w >= len || run_end(s, len, w) != len)
            continue;
        bets = i;
        *b = i + 6;
        *be = m - 1;
        *c = m + 11;
        *ce = m2 - 1;
    }
    if (!bets)
        return 0;
    static const char *const WHAT[] = {"shows", "mucks", "does not show"};
    for (size_t k = at + 1; k < bets && s[k - 1] != '\n'; k++) {
        if (s[k] != ' ')
            continue;
        for (int v = 0; v < 3; v++) {
            if (!lit(s, len, k + 1, WHAT[v]))
                continue;
            size_t from = k + 1 + strlen(WHAT[v]), r;
            if (bets >= from + 2 && s[bets - 2] == '.' && s[bets - 1] == ' ')
                r = bets - 2;
            else if (bets >= from + 1 && (s[bets - 1] == '.' || s[bets - 1] == ' '))
                r = bets - 1;
            else if (bets >= from)
                r = bets;
            else
                continue;
            if (has_newline(s, from, r))
                continue;
            *name_at = at;
            *name_end = k;
            *what = v;
            *rest = from;
            *rest_end = r;
            return 1;
        }
    }
    return 0;
}

static int old_result(reading_t *r, const stud_site_line *l, uint32_t line, stud_site_error *err)
{
    stud_wpn_hand *w = &r->w;
    const char *s = l->s;
    size_t name_at, name_end, rest, rest_end, b = 0, be = 0, c = 0, ce = 0;
    int what, p;
    int64_t bets, got;
    if (!old_result_match(s, l->len, &name_at, &name_end, &what, &rest, &rest_end, &b, &be, &c,
                          &ce))
        return 0;
    if (known(w, l, line, name_at, name_end, &p, err) || amount(w, l, line, b, be, &bets, err) ||
        amount(w, l, line, c, ce, &got, err))
        return -1;
    tally_set(&r->a, p, bets);
    tally_set(&r->b, p, got);
    if (what == 1)
        return stud_wpn_muck(w, line, p, err);
    if (what == 0) {
        const char *open = memchr(s + rest, '[', rest_end - rest);
        const char *close = open == NULL ? NULL : memchr(open + 1, ']', (size_t)(s + rest_end - open - 1));
        if (close != NULL) {
            int n;
            if (cards_of(w, stud_site_sub(l, (size_t)(open - s) + 1, (size_t)(close - s)), line,
                         r->cards, &n, err))
                return -1;
            return stud_wpn_show(w, line, p, r->cards, n, err);
        }
    }
    return 0;
}

static const char *const OLD_VERBS[] = {"posts ante", "ante", "bring in", "bets", "calls",
                                        "raises", "allin", "caps", "cap"};

/* A "Player " line: -1 error, 0 done, 1 not read */
static int old_player(reading_t *r, const stud_site_line *l, uint32_t line, stud_site_error *err)
{
    stud_wpn_hand *w = &r->w;
    const char *s = l->s;
    size_t len = l->len;
    int p;
    /* _OLD_CARD: Player (?P<name>.+) received card: \[(?P<card>[^\]]+)\] */
    if (len > 0 && s[len - 1] == ']') {
        for (size_t k = len - 1; k-- > 8;) {
            if (s[k] != ' ' || !lit(s, len, k, " received card: ["))
                continue;
            if (k + 17 >= len - 1 || has_newline(s, 7, k))
                continue;
            if (memchr(s + k + 17, ']', len - 1 - (k + 17)) != NULL)
                break; /* (and in every shorter name's card) */
            size_t a = k + 17, e = len - 1;
            stud_site_strip(s, &a, &e);
            int card;
            if (known(w, l, line, 7, k, &p, err) ||
                stud_wpn_card(w->buf, stud_site_sub(l, a, e), line, &card, err) ||
                stud_wpn_deal(w, line, p, &card, 1, err))
                return -1;
            if (w->street == 3)
                tally_add(&r->c, p, 1);
            return 0;
        }
    }
    /* _OLD_ACTION: Player (?P<name>.+) (?P<verb>VERBS) \((?P<a>[\d,.]+)\) */
    if (len > 0 && s[len - 1] == ')') {
        const char *open = NULL;
        for (size_t i = len - 1; i-- > 0;)
            if (s[i] == '(') {
                open = s + i;
                break;
            }
        size_t q = open == NULL ? 0 : (size_t)(open - s);
        if (q > 8 && s[q - 1] == ' ' && run_end(s, len, q + 1) == len - 1 && q + 1 < len - 1) {
            /* the name greedy: the shortest verb */
            size_t best = 0;
            int verb = -1;
            for (int v = 0; v < 9; v++) {
                size_t n = strlen(OLD_VERBS[v]);
                if (q - 1 < n + 2 + 7)
                    continue;
                size_t k = q - 1 - n - 1;
                if (s[k] == ' ' && memcmp(s + k + 1, OLD_VERBS[v], n) == 0 && k > 7 &&
                    !has_newline(s, 7, k) && k > best) {
                    best = k;
                    verb = v;
                }
            }
            if (verb >= 0 && (p = stud_wpn_find(w, s + 7, best - 7)) >= 0) {
                int64_t v;
                if (amount(w, l, line, q + 1, len - 1, &v, err))
                    return -1;
                int64_t bet = w->has_bet[p] ? w->bet[p] : 0;
                switch (verb) {
                case 0:
                case 1:
                    return stud_wpn_ante(w, line, p, v, err);
                case 3:
                    return stud_wpn_add(w, line, p, v, STUD_WPN_ADD_BETS, 0, err);
                case 5:
                case 7:
                case 8:
                    return stud_wpn_act(w, line, p, STUD_HH_RAISE, bet + v, err);
                case 2:
                    return stud_wpn_add(w, line, p, v, STUD_WPN_ADD_BRING_IN, 0, err);
                case 4:
                    return stud_wpn_add(w, line, p, v, STUD_WPN_ADD_CALLS, 0, err);
                default:
                    return stud_wpn_add(w, line, p, v, STUD_WPN_ADD_ALLIN, 1, err);
                }
            }
        }
    }
    /* _OLD_PLAIN: Player (?P<name>.+) (?P<verb>checks|folds) */
    int fold = len > 13 && memcmp(s + len - 6, " folds", 6) == 0;
    int check = len > 14 && memcmp(s + len - 7, " checks", 7) == 0;
    if ((fold || check) && !has_newline(s, 7, len - (fold ? 6 : 7)) &&
        (p = stud_wpn_find(w, s + 7, len - 7 - (fold ? 6 : 7))) >= 0)
        return stud_wpn_act(w, line, p, fold ? STUD_HH_FOLD : STUD_HH_CHECK_CALL, -1, err);
    return 1;
}

/* _OLD_SEAT.fullmatch: Seat (?P<num>\d+): (?P<name>.+) \((?P<stack>[\d,.]+)\)\.? */
static int old_seat_match(const char *s, size_t len, size_t *digits_end, size_t *name_end,
                          size_t *a, size_t *b)
{
    size_t i = stud_wpn_digits_end(s, len, 5);
    if (i == 5 || !lit(s, len, i, ": "))
        return 0;
    size_t close;
    if (len >= 2 && s[len - 1] == '.' && s[len - 2] == ')')
        close = len - 2;
    else if (len >= 1 && s[len - 1] == ')')
        close = len - 1;
    else
        return 0;
    size_t q = close;
    while (q > 0 && s[q - 1] != '(')
        q--;
    if (q == 0)
        return 0;
    q--; /* the '(' */
    if (q < i + 4 || s[q - 1] != ' ' || q + 1 >= close || run_end(s, len, q + 1) != close ||
        has_newline(s, i + 2, q - 1))
        return 0;
    *digits_end = i;
    *name_end = q - 1;
    *a = q + 1;
    *b = close;
    return 1;
}

static int read_old(reading_t *r, const stud_site_lines *lines, uint32_t first, uint32_t count,
                    stud_site_error *err)
{
    stud_wpn_hand *w = &r->w;
    int summary = 0, ended = 0;
    uint32_t from = lit(lines->buf + lines->start[first], lines->end[first] - lines->start[first],
                        0, "Game started at:") ? 2 : 1;
    for (uint32_t k = from; k < count; k++) {
        uint32_t x = first + k, line = lines->number[x];
        stud_site_line l = {lines->buf + lines->start[x], lines->start[x],
                            lines->end[x] - lines->start[x]};
        const char *s = l.s;
        size_t len = l.len, name_end, a, ae;
        if (lit(s, len, 0, "Game ended at:")) {
            ended = 1;
            continue;
        }
        if (summary) {
            if (old_result(r, &l, line, err))
                return -1;
            continue;
        }
        if (lit(s, len, 0, "Player ")) {
            int got = old_player(r, &l, line, err);
            static const char *const VERBS[] = {"ante", "posts", "bring", "bets", "calls", "raises",
                                                "allin", "caps", "cap", "checks", "folds",
                                                "received"};
            if (got < 0 || (got > 0 && stud_wpn_damaged(w, &l, line, 7, VERBS, 12, err)))
                return -1;
            continue;
        }
        if (lit(s, len, 0, "Seat ") && w->street == 0) {
            size_t digits_end;
            int64_t stack;
            if (old_seat_match(s, len, &digits_end, &name_end, &a, &ae)) {
                if (amount(w, &l, line, a, ae, &stack, err) ||
                    stud_wpn_seat(w, line, stud_site_sub(&l, 5, digits_end),
                                  stud_site_sub(&l, digits_end + 2, name_end), stack, err))
                    return -1;
                continue;
            }
        }
        if (lit(s, len, 0, "***")) {
            static const char *const MARKERS[] = {"*** Third street ***", "*** Fourth street ***",
                                                  "*** Fifth street ***", "*** Sixth street ***"};
            for (int m = 0; m < 4; m++)
                if (strlen(MARKERS[m]) == len && memcmp(MARKERS[m], s, len) == 0 &&
                    w->street != m + 4 && stud_wpn_new_street(w, line, m + 4, err))
                    return -1;
            continue;
        }
        if (lit(s, len, 0, "------ Summary"))
            summary = 1;
    }
    uint32_t last = lines->number[first + count - 1];
    if (!ended || !summary)
        return stud_site_fail(err, NULL, last, "the hand is cut off: no summary and end");
    for (int q = 0; q < w->n_players; q++) {
        if (!w->in_hand[q])
            continue;
        if (!r->b.has[q])
            return stud_site_fail(err, NULL, last, "the summary has no line for %T", w->name[q]);
        int64_t put = w->has_put[q] ? w->put_in[q] : 0;
        if (r->a.v[q] != put)
            return stud_site_fail(err, NULL, last, "%T bets %d in the hand, the summary says %d",
                                  w->name[q], put, r->a.v[q]);
    }
    for (int k = 0; k < r->c.n && w->hero < 0; k++)
        if (r->c.v[r->c.order[k]] == 3)
            w->hero = r->c.order[k];
    int top;
    int64_t excess;
    stud_wpn_uncalled(w, &top, &excess);
    tally_t *collected = &r->b;
    if (excess && top >= 0) {
        /* the uncalled bet, never written, is in its owner's "Collects" */
        if (!collected->has[top] || collected->v[top] < excess)
            return stud_site_fail(err, NULL, last, "%T's uncalled %d is not in what he collects",
                                  w->name[top], excess);
        collected->v[top] -= excess;
    }
    if (tally_sum(collected) > stud_wpn_put_in_total(w) - excess)
        return stud_site_fail(err, NULL, last, "the players collect more than the pot held");
    int64_t by[STUD_WPN_MAX_PLAYERS];
    for (int q = 0; q < w->n_players; q++)
        by[q] = collected->has[q] ? collected->v[q] : 0;
    return stud_wpn_record(w, last, by, collected->order, collected->n, 0, err);
}

int stud_site_wpn_read(const stud_site_lines *lines, uint32_t first, uint32_t count,
                       const stud_site_game *game, stud_site_hand *h, stud_site_error *err)
{
    reading_t r; /* (some 24 KB) */
    stud_wpn_init(&r.w, h, lines->buf, game, lines->number[first]);
    memset(&r.a.has, 0, sizeof r.a.has);
    memset(&r.b.has, 0, sizeof r.b.has);
    memset(&r.c.has, 0, sizeof r.c.has);
    r.a.n = r.b.n = r.c.n = 0;
    memset(r.in_summary, 0, sizeof r.in_summary);
    const char *s = lines->buf + lines->start[first];
    int old = s[0] == 'G' && (lit(s, lines->end[first] - lines->start[first], 0, "Game ID: ") ||
                              lit(s, lines->end[first] - lines->start[first], 0,
                                  "Game started at:"));
    if ((old ? read_old : read_new)(&r, lines, first, count, err))
        return STUD_HH_ERROR;
    return STUD_HH_READ;
}
