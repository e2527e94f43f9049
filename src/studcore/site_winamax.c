/* site_winamax.c: Winamax's text hand histories (python/stud/histories/
 * sites/winamax.py says the format), a hand's lines after its header read
 * on LineHand's builder (site_lines.h) as the Python reader read them,
 * check for check and message for message; the header's game is the
 * Python module's (header_of). */
#include <string.h>

#include "site_lines.h"

static const char PREFIX[] = "Winamax Poker - ";

int stud_site_winamax_header(const char *s, size_t len, stud_hh_span *id, stud_hh_span *rest)
{
    size_t n = sizeof PREFIX - 1;
    if (len < n || memcmp(s, PREFIX, n) != 0)
        return 0;
    id->start = id->len = 0;  /* (the header's reading names the hand) */
    rest->start = (uint32_t)n;
    rest->len = (uint32_t)(len - n);
    return 1;
}

/* ---- text ---------------------------------------------------------------------------- */

static int starts(const stud_site_line *l, size_t i, const char *lit)
{
    size_t n = strlen(lit);
    return i + n <= l->len && memcmp(l->s + i, lit, n) == 0;
}

/* The offset of the first \n in s[from, len) (len: none): where a regex's
 * "." stops. */
/* _NUMBER, \d[\d,  ]*(?:\.\d+)?, at s[i]: its end, or i (none). */
static size_t number_end(const char *s, size_t len, size_t i)
{
    int v;
    size_t k = stud_site_digit_at(s, len, i, &v);
    if (!k)
        return i;
    size_t e = i + k;
    for (;;) {
        if (e < len && (s[e] == ',' || s[e] == ' ')) {
            e++;
        } else if ((k = stud_site_digit_at(s, len, e, &v)) != 0) {
            e += k;
        } else {
            break;
        }
    }
    if (e < len && s[e] == '.' && (k = stud_site_digit_at(s, len, e + 1, &v)) != 0) {
        e += 1 + k;
        while ((k = stud_site_digit_at(s, len, e, &v)) != 0)
            e += k;
    }
    return e;
}

static const char EURO[] = "\xe2\x82\xac";

/* _AMOUNT, \s*-?(?P<num>NUMBER)\s*€? (a prefix). */
static int amount_pattern(const char *buf, stud_hh_span text, stud_hh_span *num)
{
    const char *s = buf + text.start;
    size_t len = text.len, i = stud_site_skip_space(s, len, 0);
    if (i < len && s[i] == '-')
        i++;
    size_t e = number_end(s, len, i);
    if (e == i)
        return 0;
    num->start = text.start + (uint32_t)i;
    num->len = (uint32_t)(e - i);
    return 1;
}

/* _RAISE_TO, .*?(?:to|à)\s+(?P<num>NUMBER)\s*€? (a prefix). */
static int raise_to_pattern(const char *buf, stud_hh_span text, stud_hh_span *num)
{
    const char *s = buf + text.start;
    size_t len = text.len, dots = stud_site_dot_end(s, len, 0);
    for (size_t i = 0; i <= dots && i < len; i++) {
        size_t j;
        if (i + 2 <= len && s[i] == 't' && s[i + 1] == 'o')
            j = i + 2;
        else if (i + 2 <= len && (unsigned char)s[i] == 0xc3 && (unsigned char)s[i + 1] == 0xa0)
            j = i + 2;
        else
            continue;
        size_t k = stud_site_skip_space(s, len, j);
        if (k == j)
            continue;
        size_t e = number_end(s, len, k);
        if (e == k)
            continue;
        num->start = text.start + (uint32_t)k;
        num->len = (uint32_t)(e - k);
        return 1;
    }
    return 0;
}

/* _number: the text without its commas, spaces and no-break spaces, in chips or cents. */
static int wx_number(const stud_lines_hand *L, stud_hh_span text, uint32_t line, int64_t *out,
                     stud_site_error *err)
{
    return stud_lines_money(L, text, line, STUD_LINES_NO_BREAK, out, err);
}

/* _SEAT: Seat (?P<num>\d+): (?P<name>.+) \((?P<stack>[\d.,  ]+)(?P<sign>€?)
 * (?:, [^)]*bounty)?\)$ */
static int stack_char(const char *s, size_t len, size_t i)
{
    int v;
    if (i < len && (s[i] == '.' || s[i] == ',' || s[i] == ' '))
        return 1;
    return (int)stud_site_digit_at(s, len, i, &v);
}

/* Whether s[i, len) is (?:, [^)]*bounty)?\)$ . */
static int seat_tail(const char *s, size_t len, size_t i)
{
    size_t n = len - i;
    if (n >= 9 && s[i] == ',' && s[i + 1] == ' ' && memcmp(s + len - 7, "bounty)", 7) == 0 &&
        memchr(s + i + 2, ')', n - 9) == NULL)
        return 1;
    return n == 1 && s[i] == ')';
}

static int seat_pattern(const stud_site_line *l, stud_hh_span *digits, stud_hh_span *name,
                        stud_hh_span *stack)
{
    const char *s = l->s;
    size_t len = l->len, i = 5, k;
    int v;
    if (!starts(l, 0, "Seat "))
        return 0;
    while ((k = stud_site_digit_at(s, len, i, &v)) != 0)
        i += k;
    if (i == 5 || !starts(l, i, ": "))
        return 0;
    size_t name_at = i + 2, dots = stud_site_dot_end(s, len, name_at);
    /* the name the longest that leaves " (" and a stack that reads */
    for (size_t p = len; p-- > name_at + 1;) {
        if (p > dots)
            continue;
        if (s[p] != ' ' || p + 1 >= len || s[p + 1] != '(')
            continue;
        size_t from = p + 2, e = from;
        while ((k = (size_t)stack_char(s, len, e)) != 0)
            e += k;
        /* the stack the longest that leaves a tail that reads */
        for (size_t end = e; end > from;) {
            if ((end + 3 <= len && memcmp(s + end, EURO, 3) == 0 && seat_tail(s, len, end + 3)) ||
                seat_tail(s, len, end)) {
                *digits = stud_site_sub(l, 5, i);
                *name = stud_site_sub(l, name_at, p);
                *stack = stud_site_sub(l, from, end);
                return 1;
            }
            end--;
            while (end > from && ((unsigned char)s[end] & 0xc0) == 0x80)
                end--;
        }
    }
    return 0;
}

/* _TABLE: Table: '(?P<name>.*)' (?P<max>\d+)-max (a prefix) */
static int table_pattern(const stud_site_line *l, stud_hh_span *name, stud_hh_span *max)
{
    const char *s = l->s;
    size_t len = l->len, k;
    int v;
    if (!starts(l, 0, "Table: '"))
        return 0;
    size_t dots = stud_site_dot_end(s, len, 8);
    for (size_t p = len; p-- > 8;) {
        if (p > dots)
            continue;
        if (s[p] != '\'' || p + 1 >= len || s[p + 1] != ' ')
            continue;
        size_t i = p + 2;
        while ((k = stud_site_digit_at(s, len, i, &v)) != 0)
            i += k;
        if (i > p + 2 && starts(l, i, "-max")) {
            *name = stud_site_sub(l, 8, p);
            *max = stud_site_sub(l, p + 2, i);
            return 1;
        }
    }
    return 0;
}

/* _DEALT: Dealt to (?P<name>.+?) \[(?P<a>[^\]]*)\](?: \[(?P<b>[^\]]*)\])?\s*$ */
static int dealt_pattern(const stud_site_line *l, stud_hh_span *name, stud_hh_span *a, stud_hh_span *b,
                         int *has_b)
{
    const char *s = l->s;
    size_t len = l->len, dots = stud_site_dot_end(s, len, 9);
    for (size_t p = 10; p + 1 < len && p <= dots; p++) {
        if (s[p] != ' ' || s[p + 1] != '[')
            continue;
        const char *close = memchr(s + p + 2, ']', len - p - 2);
        if (!close)
            return 0;  /* (no later " [" has a "]" after it either) */
        size_t a_end = (size_t)(close - s), after = a_end + 1;
        if (after + 1 < len && s[after] == ' ' && s[after + 1] == '[') {
            const char *close_b = memchr(s + after + 2, ']', len - after - 2);
            if (close_b && stud_site_skip_space(s, len, (size_t)(close_b - s) + 1) == len) {
                *name = stud_site_sub(l, 9, p);
                *a = stud_site_sub(l, p + 2, a_end);
                *b = stud_site_sub(l, after + 2, (size_t)(close_b - s));
                *has_b = 1;
                return 1;
            }
        }
        if (stud_site_skip_space(s, len, after) == len) {
            *name = stud_site_sub(l, 9, p);
            *a = stud_site_sub(l, p + 2, a_end);
            *has_b = 0;
            return 1;
        }
    }
    return 0;
}

/* _TOTAL: Total pot (?P<total>NUMBER)\s*€?\s*\|\s*(?:No rake|Rake (?P<rake>NUMBER)\s*€?)
 * (a prefix) */
static int total_pattern(const stud_site_line *l, stud_hh_span *total, stud_hh_span *rake,
                         int *has_rake)
{
    const char *s = l->s;
    size_t len = l->len;
    if (!starts(l, 0, "Total pot "))
        return 0;
    size_t e = number_end(s, len, 10);
    if (e == 10)
        return 0;
    size_t i = stud_site_skip_space(s, len, e);
    if (i + 3 <= len && memcmp(s + i, EURO, 3) == 0)
        i = stud_site_skip_space(s, len, i + 3);
    if (i >= len || s[i] != '|')
        return 0;
    i = stud_site_skip_space(s, len, i + 1);
    *total = stud_site_sub(l, 10, e);
    if (starts(l, i, "No rake")) {
        *has_rake = 0;
        return 1;
    }
    if (!starts(l, i, "Rake "))
        return 0;
    size_t r = i + 5, re = number_end(s, len, r);
    if (re == r)
        return 0;
    *rake = stud_site_sub(l, r, re);
    *has_rake = 1;
    return 1;
}

/* _NOISE: a line that says nothing of the hand. */
static const char *const NOISE[] = {" joins the table", " leaves the table", " is disconnected",
                                    " is reconnected", " sits out", " is sitting out", " is back",
                                    " will be allowed to play", " has timed out", " said, \"",
                                    " add ", " adds "};

static int noise(const stud_site_line *l)
{
    return stud_lines_noise(l->s, l->len, NOISE, sizeof NOISE / sizeof NOISE[0]);
}

static const struct {
    const char *label;
    int street;
} STREETS[] = {{"3rd STREET", 3}, {"THIRD", 3}, {"4th STREET", 4}, {"FOURTH", 4},
               {"5th STREET", 5}, {"FIFTH", 5}, {"6th STREET", 6}, {"SIXTH", 6},
               {"7th STREET", 7}, {"SEVENTH", 7}, {"RIVER", 7},
               {"3\xc3\xa8me RUE", 3}, {"4\xc3\xa8me RUE", 4}, {"5\xc3\xa8me RUE", 5},
               {"6\xc3\xa8me RUE", 6}, {"7\xc3\xa8me RUE", 7}};

enum { K_ANTE = 100, K_SHOW, K_MUCK, K_COLLECT };

static const char *const VERBS[] = {
    "posts ante", "paie l'ante", "brings in", "apporte", "completes to",
    "compl\xc3\xa8te \xc3\xa0", "bets", "mise", "raises", "relance", "calls", "suit", "checks",
    "parle", "folds", "passe", "shows", "montre", "mucks", "collected",
    "a remport\xc3\xa9", "remporte"};
static const int KINDS[] = {
    K_ANTE, K_ANTE, STUD_LINES_BRING_IN, STUD_LINES_BRING_IN, STUD_LINES_RAISE,
    STUD_LINES_RAISE, STUD_LINES_BET, STUD_LINES_BET, STUD_LINES_RAISE, STUD_LINES_RAISE,
    STUD_LINES_CALL, STUD_LINES_CALL, STUD_LINES_CHECK, STUD_LINES_CHECK, STUD_LINES_FOLD,
    STUD_LINES_FOLD, K_SHOW, K_SHOW, K_MUCK, K_COLLECT, K_COLLECT, K_COLLECT};
#define N_VERBS ((int)(sizeof VERBS / sizeof VERBS[0]))

static int ends_with(const char *buf, stud_hh_span text, const char *lit)
{
    size_t n = strlen(lit);
    return text.len >= n && memcmp(buf + text.start + text.len - n, lit, n) == 0;
}

/* The cards as a set: bit c a card, bit 52 a card not shown. */
static uint64_t card_set(const uint8_t *cards, int n)
{
    uint64_t set = 0;
    for (int c = 0; c < n; c++)
        set |= (uint64_t)1 << (cards[c] < 52 ? cards[c] : 52);
    return set;
}

typedef struct {
    stud_lines_hand L;
    int summary, has_total;
    int64_t total, rake;
    uint32_t total_line;
    int showed_at[STUD_SITE_MAX_PLAYERS];  /* by engine seat: its Showed step, -1 none */
} wx_hand;

static int show_or_muck(wx_hand *w, uint32_t number, int player, int kind, stud_hh_span rest,
                        stud_site_error *err)
{
    stud_lines_hand *L = &w->L;
    stud_site_hand *h = L->h;
    int seat = h->seat_of[player], n = 0;
    uint8_t cards[STUD_LINES_MAX_CARDS];
    stud_hh_span shown;
    if (stud_lines_bracket(h->buf, rest, &shown) &&
        stud_lines_cards(h->buf, shown, number, STUD_LINES_HIDDEN, cards, &n, err))
        return -1;
    if (stud_lines_note(L, cards, n, player, number, err))
        return -1;
    if (kind == K_MUCK)
        return stud_lines_step_mucked(L, number, seat, err);
    int at = w->showed_at[seat];
    if (at < 0) {
        w->showed_at[seat] = h->n_steps;
        return stud_lines_step_showed(L, number, seat, player, cards, n, -1, err);
    }
    /* shown_again: a show that adds to the first replaces it */
    uint64_t before = card_set(h->steps[at].cards, h->steps[at].n_cards), now = card_set(cards, n);
    if ((now & ~before) == 0)
        return 0;
    if ((before & ~now) != 0)
        return stud_site_fail(err, h, number, "%N shows other cards than he showed before",
                              player);
    return stud_lines_step_showed(L, number, seat, player, cards, n, at, err);
}

static int dealt_line(wx_hand *w, uint32_t number, const stud_site_line *l, stud_site_error *err)
{
    stud_lines_hand *L = &w->L;
    stud_site_hand *h = L->h;
    stud_hh_span name, a, b;
    int has_b = 0, n, n_a;
    uint8_t cards[STUD_LINES_MAX_CARDS], before[STUD_LINES_MAX_CARDS];
    if (!dealt_pattern(l, &name, &a, &b, &has_b) || L->street == 0 || !L->deal_pending)
        return stud_site_fail(err, h, number, "a 'Dealt to' line out of place: %R",
                              stud_site_sub(l, 0, l->len));
    int player = stud_site_find(h, h->buf + name.start, name.len);
    if (player < 0)
        return stud_site_fail(err, h, number, "cards dealt to %T, who is not seated", name);
    if (stud_lines_cards(h->buf, has_b ? b : a, number, STUD_LINES_HIDDEN, cards, &n, err) ||
        stud_lines_cards(h->buf, a, number, STUD_LINES_HIDDEN, before, &n_a, err) ||
        stud_lines_note(L, before, n_a, player, number, err) ||
        stud_lines_note(L, cards, n, player, number, err))
        return -1;
    int count = L->street == 3 ? 3 : 1;
    if (n != count)
        return stud_site_fail(err, h, number, "%d new cards for %T on street %d", (int64_t)n,
                              name, (int64_t)L->street);
    if (L->street == 3) {
        L->dealt_in[player] = 1;
        int known = 1;
        for (int c = 0; c < n; c++)
            known = known && cards[c] != STUD_HH_UNKNOWN;
        if (known)
            L->hero = player;
    }
    stud_lines_dealt(L, player, cards, n);
    return 0;
}

static int hand_line(wx_hand *w, uint32_t number, const stud_site_line *l, stud_site_error *err)
{
    stud_lines_hand *L = &w->L;
    stud_site_hand *h = L->h;
    const char *s = l->s;
    size_t len = l->len;
    if (len >= 7 && starts(l, 0, "*** ") && memcmp(s + len - 4, " ***", 4) == 0) {
        size_t a = len > 8 ? 4 : 0, e = len > 8 ? len - 4 : 0;
        stud_site_strip(s, &a, &e);
        for (size_t k = 0; k < sizeof STREETS / sizeof STREETS[0]; k++)
            if (strlen(STREETS[k].label) == e - a && memcmp(s + a, STREETS[k].label, e - a) == 0)
                return stud_lines_new_street(L, number, stud_site_sub(l, 0, len), STREETS[k].street, err);
        if (e - a == 7 && memcmp(s + a, "SUMMARY", 7) == 0) {
            if (stud_lines_flush_deal(L, number, err))
                return -1;
            w->summary = 1;
            return 0;
        }
        if (!((e - a == 11 && memcmp(s + a, "ANTE/BLINDS", 11) == 0) ||
              (e - a == 9 && memcmp(s + a, "SHOW DOWN", 9) == 0) ||
              (e - a == 8 && memcmp(s + a, "PRE-FLOP", 8) == 0)))
            return stud_site_fail(err, h, number, "an unknown section %R", stud_site_sub(l, 0, len));
        return 0;
    }
    if (w->summary) {
        stud_hh_span total, rake;
        int has_rake;
        if (total_pattern(l, &total, &rake, &has_rake)) {
            int64_t t, r = 0;
            if (wx_number(L, total, number, &t, err) ||
                (has_rake && wx_number(L, rake, number, &r, err)))
                return -1;
            w->total = t;
            w->rake = r;
            w->has_total = 1;
            w->total_line = number;
        }
        return 0;  /* the seats' lines repeat what the hand said */
    }
    if (L->street == 0) {
        stud_hh_span digits, name, stack, max;
        if (seat_pattern(l, &digits, &name, &stack))
            return stud_lines_seat(L, number, digits, name, stack, err);
        if (table_pattern(l, &name, &max)) {
            if (h->has_table)
                return stud_site_fail(err, h, number, "a second table line");
            h->has_table = 1;
            h->table = name;
            if (stud_site_add_field(h, number, "seat_count", NULL, max, err))
                return -1;
            h->fields[h->n_fields - 1].as_int = 1;
            return 0;
        }
    }
    if (starts(l, 0, "Dealt to "))
        return dealt_line(w, number, l, err);
    int verb;
    stud_hh_span rest;
    int player = stud_lines_action(L, stud_site_sub(l, 0, len), VERBS, N_VERBS, &verb, &rest);
    if (player < 0) {
        if (noise(l))
            return 0;
        return stud_site_fail(err, h, number, "a line that does not read: %R", stud_site_sub(l, 0, len));
    }
    int kind = KINDS[verb];
    int all_in = ends_with(h->buf, rest, "and is all-in") || ends_with(h->buf, rest, "et est all-in");
    if (kind == K_ANTE)
        return stud_lines_post_ante(L, number, player, rest, amount_pattern, err);
    if (stud_lines_flush_deal(L, number, err))
        return -1;
    if (h->seat_of[player] < 0)
        return stud_site_fail(err, h, number, "%N is not in the hand", player);
    if (kind == K_COLLECT) {
        int64_t got;
        if (stud_lines_amount(L, rest, number, amount_pattern, &got, err))
            return -1;
        return stud_lines_collect(L, player, got);
    }
    if (kind == K_SHOW || kind == K_MUCK)
        return show_or_muck(w, number, player, kind, rest, err);
    return stud_lines_decision(L, number, player, kind, rest, all_in, stud_site_sub(l, 0, len),
                               raise_to_pattern, amount_pattern, err);
}

int stud_site_winamax_read(const stud_site_lines *lines, uint32_t first, uint32_t count,
                           const stud_site_game *game, stud_site_hand *h, stud_site_error *err)
{
    wx_hand w;
    stud_lines_hand *L = &w.L;
    uint32_t head = lines->number[first];
    stud_lines_init(L, h, lines->buf, game, head, wx_number);
    w.summary = w.has_total = 0;
    w.total = w.rake = 0;
    w.total_line = head;
    for (int k = 0; k < STUD_SITE_MAX_PLAYERS; k++)
        w.showed_at[k] = -1;
    for (uint32_t k = first + 1; k < first + count; k++) {
        stud_site_line l = {lines->buf + lines->start[k], lines->start[k],
                              lines->end[k] - lines->start[k]};
        if (hand_line(&w, lines->number[k], &l, err))
            return STUD_HH_ERROR;
    }
    uint32_t last = lines->number[first + count - 1];
    if (!w.summary || !w.has_total) {
        stud_site_fail(err, h, last, "the hand ends before its summary's total pot (cut short?)");
        return STUD_HH_ERROR;
    }
    if (h->n_order == 0) {
        stud_site_fail(err, h, last, "nobody was dealt in");
        return STUD_HH_ERROR;
    }
    int64_t ante, put = 0, got = 0, uncalled;
    int top;
    if (stud_lines_check_antes(L, &ante, err) || stud_lines_check_stacks(L, last, err))
        return STUD_HH_ERROR;
    for (int p = 0; p < h->n_players; p++) {
        put += h->put_in[p];
        got += h->collected[p];
    }
    if (w.total + w.rake != put) {
        stud_site_fail(err, h, w.total_line,
                       "the total pot (%d) and the rake (%d) are not what was put in (%d)",
                       w.total, w.rake, put);
        return STUD_HH_ERROR;
    }
    if (got != w.total) {
        stud_site_fail(err, h, w.total_line, "the collections (%d) do not make the total pot (%d)",
                       got, w.total);
        return STUD_HH_ERROR;
    }
    /* the collections hold the uncalled bet: the engine returns it itself */
    stud_lines_uncalled(L, &top, &uncalled);
    if (uncalled) {
        if (h->collected[top] < uncalled) {
            stud_site_fail(err, h, w.total_line, "%N's uncalled %d is not in his collections",
                           top, uncalled);
            return STUD_HH_ERROR;
        }
        h->collected[top] -= uncalled;
    }
    stud_lines_finish(L, game->ante >= 0 ? game->ante : ante, w.rake);
    return STUD_HH_READ;
}
