/* site_partypoker.c: PartyPoker's text hand histories (python/stud/histories/
 * sites/partypoker.py says the format), a hand's lines after its game line
 * read on LineHand's builder (site_lines.h) as the Python reader read them,
 * check for check and message for message; the banner's and the game
 * line's reading is the Python module's (header_of).
 *
 * A hand begins at its "#Game No" line, or at a banner no "#Game No" line
 * came before (site_formats.c's stud_site_header gives 1 and 2: _SiteText
 * splits so); its game line is the line after its banner, a blank one kept
 * (stud_site_partypoker_game).  Python's \w is Unicode's (stud_lines_word_at). */
#include <string.h>

#include "site_lines.h"

static size_t word_end(const char *s, size_t len, size_t i)
{
    size_t k;
    while ((k = stud_lines_word_at(s, len, i)) != 0)
        i += k;
    return i;
}

static size_t digits_end(const char *s, size_t len, size_t i)
{
    size_t k;
    int v;
    while ((k = stud_site_digit_at(s, len, i, &v)) != 0)
        i += k;
    return i;
}

/* The first offset >= from of `lit` in s (len: none). */
static size_t find(const char *s, size_t len, size_t from, const char *lit)
{
    size_t n = strlen(lit);
    for (size_t p = from; p + n <= len; p++)
        if (s[p] == lit[0] && memcmp(s + p, lit, n) == 0)
            return p;
    return len;
}

/* _BANNER: \*{5} Hand History [Ff]or Game (\w+) \*{5} (a prefix) */
static int banner(const char *s, size_t len, stud_hh_span *id)
{
    static const char A[] = "***** Hand History ";
    size_t i = sizeof A - 1;
    if (!stud_site_lit_at(s, len, 0, A) || i >= len || (s[i] != 'F' && s[i] != 'f') ||
        !stud_site_lit_at(s, len, i + 1, "or Game "))
        return 0;
    i += 9;
    size_t e = word_end(s, len, i);
    if (e == i || !stud_site_lit_at(s, len, e, " *****"))
        return 0;
    id->start = (uint32_t)i;
    id->len = (uint32_t)(e - i);
    return 1;
}

/* _GAME_NO: #Game No\s*:\s*(\w+)\s*$ */
static int game_no(const char *s, size_t len, stud_hh_span *id)
{
    if (!stud_site_lit_at(s, len, 0, "#Game No"))
        return 0;
    size_t i = stud_site_skip_space(s, len, 8);
    if (i >= len || s[i] != ':')
        return 0;
    i = stud_site_skip_space(s, len, i + 1);
    size_t e = word_end(s, len, i);
    if (e == i || stud_site_skip_space(s, len, e) != len)
        return 0;
    id->start = (uint32_t)i;
    id->len = (uint32_t)(e - i);
    return 1;
}

int stud_site_partypoker_header(const char *s, size_t len, stud_hh_span *id, stud_hh_span *rest)
{
    id->start = id->len = 0;
    rest->start = (uint32_t)len;
    rest->len = 0;
    if (stud_site_lit_at(s, len, 0, "#Game No")) {
        game_no(s, len, id);
        return 1;
    }
    return stud_site_lit_at(s, len, 0, "*****") && banner(s, len, id) ? 2 : 0;
}

/* _NOISE: a line that says nothing of the hand (each alternative the whole
 * line, none across a \n). */
int stud_site_partypoker_noise(const char *s, size_t len)
{
    if (memchr(s, '\n', len))
        return 0;
    if (stud_site_lit_at(s, len, 0, "Game #")) {
        size_t e = word_end(s, len, 6);
        if (e > 6 && stud_site_lit_at(s, len, e, " starts") &&
            (e + 7 == len || (e + 8 == len && s[len - 1] == '.')))
            return 1;
    }
    if (stud_site_lit_at(s, len, 0, "Connection Lost") || stud_site_lit_at(s, len, 0, "Congratulations to ") ||
        stud_site_lit_at(s, len, 0, "There is no Small Blind"))
        return 1;
    if (stud_site_lit_at(s, len, 0, "Player ") && find(s, len, 8, " finished in ") < len)
        return 1;
    /* .+ TEXT\.?$ */
    static const char *const ENDS[] = {" has joined the table", " has left the table",
                                       " is sitting out", " did not respond in time", " sits out",
                                       " is back"};
    for (size_t k = 0; k < sizeof ENDS / sizeof ENDS[0]; k++) {
        size_t n = strlen(ENDS[k]), m = len && s[len - 1] == '.' ? len - 1 : len;
        if ((m > n && memcmp(s + m - n, ENDS[k], n) == 0) ||
            (len > n && memcmp(s + len - n, ENDS[k], n) == 0))
            return 1;
    }
    /* .+ TEXT.*$ */
    static const char *const WITHIN[] = {" is disconnected", " is reconnected",
                                         " has been disconnected", " has been reconnected",
                                         " was reconnected", " is feeling "};
    for (size_t k = 0; k < sizeof WITHIN / sizeof WITHIN[0]; k++)
        if (find(s, len, 1, WITHIN[k]) < len)
            return 1;
    /* .+ (?:has|will be using) .*(?:seconds?|time ?bank).*$ */
    static const char *const USING[] = {" has ", " will be using "};
    for (size_t k = 0; k < 2; k++) {
        size_t p = find(s, len, 1, USING[k]);
        if (p < len) {
            size_t from = p + strlen(USING[k]);
            if (find(s, len, from, "second") < len || find(s, len, from, "time bank") < len ||
                find(s, len, from, "timebank") < len)
                return 1;
        }
    }
    /* .+ adds .* chips?.*$ */
    size_t p = find(s, len, 1, " adds ");
    if (p < len && find(s, len, p + 6, " chip") < len)
        return 1;
    return 0;
}

/* _CANCELLED: Table Closed|Hand cancelled|Game cancelled, any case (a prefix;
 * U+017F, the long s, is an s). */
static int cancelled_line(const char *s, size_t len)
{
    static const char *const WORDS[] = {"table closed", "hand cancelled", "game cancelled"};
    for (size_t k = 0; k < 3; k++) {
        const char *w = WORDS[k];
        size_t i = 0, j = 0;
        for (; w[j]; j++) {
            if (i < len && (s[i] | 0x20) == w[j] && ((s[i] >= 'A' && s[i] <= 'Z') ||
                                                      (s[i] >= 'a' && s[i] <= 'z') || s[i] == w[j])) {
                i++;
            } else if (w[j] == 's' && i + 1 < len && (unsigned char)s[i] == 0xc5 &&
                       (unsigned char)s[i + 1] == 0xbf) {
                i += 2;
            } else {
                break;
            }
        }
        if (!w[j])
            return 1;
    }
    return 0;
}

/* Where the hand's game line is: the line after its banner (blank lines at
 * the hand's end not counted).  1, *banner_at and *game_at its lines; -1
 * with `err` set and *id the hand's number so far. */
int stud_site_partypoker_game(const stud_site_lines *lines, uint32_t first, uint32_t count,
                              uint32_t *banner_at, uint32_t *game_at, stud_hh_span *id,
                              stud_site_error *err)
{
    uint32_t end = first + count;
    while (end > first + 1 && lines->end[end - 1] == lines->start[end - 1])
        end--;
    id->start = id->len = 0;
    for (uint32_t k = first; k < end; k++) {
        const char *s = lines->buf + lines->start[k];
        size_t len = lines->end[k] - lines->start[k];
        stud_hh_span got;
        if (stud_site_lit_at(s, len, 0, "*****") && banner(s, len, &got)) {
            id->start = lines->start[k] + got.start;
            id->len = got.len;
            if (k + 1 >= end)
                return stud_site_fail(err, NULL, lines->number[end - 1],
                                      "the hand ends after its banner (cut short?)");
            *banner_at = k;
            *game_at = k + 1;
            return 1;
        }
        if (game_no(s, len, &got)) {
            id->start = lines->start[k] + got.start;
            id->len = got.len;
        }
    }
    return stud_site_fail(err, NULL, lines->number[end - 1],
                          "no '***** Hand History for Game' line");
}

/* ---- the hand's lines ------------------------------------------------------------------ */

static const char EURO[] = "\xe2\x82\xac";

/* [$€]? at s[i]: its bytes */
static size_t symbol_at(const char *s, size_t len, size_t i)
{
    if (i < len && s[i] == '$')
        return 1;
    return stud_site_lit_at(s, len, i, EURO) ? 3 : 0;
}

/* _AMOUNT: \s*[\[(]?\s*(?:Lo\s*\(\s*|Hi\s*\(\s*)?[$€]?\s*(?P<num>\d[\d,]*(?:\.\d+)?) (a prefix) */
static int amount_pattern(const char *buf, stud_hh_span text, stud_hh_span *num)
{
    const char *s = buf + text.start;
    size_t len = text.len, i = stud_site_skip_space(s, len, 0), k;
    int v;
    if (i < len && (s[i] == '[' || s[i] == '('))
        i++;
    i = stud_site_skip_space(s, len, i);
    if (stud_site_lit_at(s, len, i, "Lo") || stud_site_lit_at(s, len, i, "Hi")) {
        size_t j = stud_site_skip_space(s, len, i + 2);
        if (j < len && s[j] == '(')
            i = stud_site_skip_space(s, len, j + 1);
    }
    i += symbol_at(s, len, i);
    i = stud_site_skip_space(s, len, i);
    if (!(k = stud_site_digit_at(s, len, i, &v)))
        return 0;
    size_t e = i + k;
    for (;;) {
        if (e < len && s[e] == ',')
            e++;
        else if ((k = stud_site_digit_at(s, len, e, &v)) != 0)
            e += k;
        else
            break;
    }
    if (e < len && s[e] == '.' && (k = stud_site_digit_at(s, len, e + 1, &v)) != 0)
        e = digits_end(s, len, e + 1 + k);
    num->start = text.start + (uint32_t)i;
    num->len = (uint32_t)(e - i);
    return 1;
}

/* _number: the text without its commas and spaces, in chips or cents
 * (amount_of's messages quote it so, bounded's as written). */
static int pp_number(const stud_lines_hand *L, stud_hh_span text, uint32_t line, int64_t *out,
                     stud_site_error *err)
{
    return stud_lines_money(L, text, line, STUD_LINES_BOUND_AS_WRITTEN, out, err);
}

/* _SEAT: Seat (?P<num>\d+): (?P<name>.+?) \(\s*(?P<stack>[$€]?[\d,.]+)\s*(?:[A-Z]{3}\s*)?\)
 * (?P<rest>.*)$ ; the stack without its sign, the name stripped */
static int seat_pattern(const stud_site_line *l, stud_hh_span *digits, stud_hh_span *name,
                        stud_hh_span *stack)
{
    const char *s = l->s;
    size_t len = l->len, i, k;
    int v;
    if (!stud_site_lit_at(s, len, 0, "Seat "))
        return 0;
    i = digits_end(s, len, 5);
    if (i == 5 || !stud_site_lit_at(s, len, i, ": "))
        return 0;
    size_t name_at = i + 2, dots = stud_site_dot_end(s, len, name_at);
    for (size_t p = name_at + 1; p + 1 < len && p <= dots; p++) {
        if (s[p] != ' ' || s[p + 1] != '(')
            continue;
        size_t j = stud_site_skip_space(s, len, p + 2);
        j += symbol_at(s, len, j);
        size_t from = j;
        for (;;) {
            if (j < len && (s[j] == ',' || s[j] == '.'))
                j++;
            else if ((k = stud_site_digit_at(s, len, j, &v)) != 0)
                j += k;
            else
                break;
        }
        if (j == from)
            continue;
        size_t e = stud_site_skip_space(s, len, j);
        if (e + 3 < len && s[e] >= 'A' && s[e] <= 'Z' && s[e + 1] >= 'A' && s[e + 1] <= 'Z' &&
            s[e + 2] >= 'A' && s[e + 2] <= 'Z')
            e = stud_site_skip_space(s, len, e + 3);
        if (e >= len || s[e] != ')' || memchr(s + e, '\n', len - e))
            continue;
        size_t a = name_at, b = p;
        stud_site_strip(s, &a, &b);
        *digits = stud_site_sub(l, 5, i);
        *name = stud_site_sub(l, a, b);
        *stack = stud_site_sub(l, from, j);
        return 1;
    }
    return 0;
}

/* _DEALT: Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]\s*$ */
static int dealt_pattern(const stud_site_line *l, stud_hh_span *name, stud_hh_span *cards)
{
    const char *s = l->s;
    size_t len = l->len, dots = stud_site_dot_end(s, len, 9);
    for (size_t p = 10; p + 1 < len && p <= dots; p++) {
        if (s[p] != ' ' || s[p + 1] != '[')
            continue;
        const char *close = memchr(s + p + 2, ']', len - p - 2);
        if (!close)
            return 0;
        size_t a_end = (size_t)(close - s);
        if (stud_site_skip_space(s, len, a_end + 1) == len) {
            *name = stud_site_sub(l, 9, p);
            *cards = stud_site_sub(l, p + 2, a_end);
            return 1;
        }
    }
    return 0;
}

/* _TABLE: Table (?P<name>.*?)\s*\((?:Real|Play) Money\) (a prefix) */
static int table_pattern(const stud_site_line *l, stud_hh_span *name)
{
    const char *s = l->s;
    size_t len = l->len, dots = stud_site_dot_end(s, len, 6);
    if (!stud_site_lit_at(s, len, 0, "Table "))
        return 0;
    for (size_t q = 6; q <= dots; q++) {
        size_t r = stud_site_skip_space(s, len, q);
        if (stud_site_lit_at(s, len, r, "(Real Money)") || stud_site_lit_at(s, len, r, "(Play Money)")) {
            *name = stud_site_sub(l, 6, q);
            return 1;
        }
    }
    return 0;
}

static const struct {
    const char *label;
    int street;
} STREETS[] = {{"** Dealing **", 3}, {"** Dealing Third street **", 3},
               {"** Dealing Fourth street **", 4}, {"** Dealing Fifth street **", 5},
               {"** Dealing Sixth street **", 6}, {"** Dealing River **", 7},
               {"** Dealing Seventh street **", 7}};

enum { V_ANTE, V_BRING_IN, V_COMPLETES, V_DOUBLE, V_BETS, V_RAISES, V_CALLS, V_CHECKS, V_FOLDS,
       V_ALL_IN, V_SHOWS, V_NO_SHOW, V_MUCKS, V_WINS };
static const char *const VERBS[] = {"posts ante", "bring-ins", "completes", "double bets", "bets",
                                    "raises", "calls", "checks", "folds", "is all-In", "shows",
                                    "doesn't show", "mucks", "wins"};
#define N_VERBS ((int)(sizeof VERBS / sizeof VERBS[0]))

typedef struct {
    stud_lines_hand L;
    int acted, wins, cancelled, has_seat_count;
    uint32_t seat_line[STUD_SITE_MAX_PLAYERS];
} pp_hand;

static int dealt_line(pp_hand *w, uint32_t number, const stud_site_line *l, stud_site_error *err)
{
    stud_lines_hand *L = &w->L;
    stud_site_hand *h = L->h;
    stud_hh_span name, text;
    uint8_t cards[STUD_LINES_MAX_CARDS], keep[3];
    int n;
    if (L->street == 0)
        return stud_site_fail(err, h, number, "cards dealt before the deal");
    if (!dealt_pattern(l, &name, &text))
        return stud_site_fail(err, h, number, "a 'Dealt to' line that does not read: %R",
                              stud_site_sub(l, 0, l->len));
    int player = stud_site_find(h, h->buf + name.start, name.len);
    if (player < 0)
        return stud_site_fail(err, h, number, "cards dealt to %T, who is not seated", name);
    if (stud_lines_cards(h->buf, text, number, STUD_LINES_COMMAS | STUD_LINES_SUIT_FIRST,
                         cards, &n, err) ||
        stud_lines_note(L, cards, n, player, number, err))
        return -1;
    int count = L->street == 3 ? 3 : 1;
    if (n == 0 || !L->deal_pending)
        return stud_site_fail(err, h, number, "cards dealt to %T out of the deal", name);
    if (L->street == 3) {
        L->dealt_in[player] = 1;
        if (n == 3)
            L->hero = player;
    }
    for (int c = 0; c < count; c++) {
        int from = n - count + c;
        keep[c] = from >= 0 ? cards[from] : STUD_HH_UNKNOWN;
    }
    stud_lines_dealt(L, player, keep, count);
    return 0;
}

static int hand_line(pp_hand *w, uint32_t number, const stud_site_line *l, stud_site_error *err)
{
    stud_lines_hand *L = &w->L;
    stud_site_hand *h = L->h;
    const char *s = l->s;
    size_t len = l->len;
    if (len == 0)
        return 0;
    if (stud_site_lit_at(s, len, 0, "** "))
        for (size_t k = 0; k < sizeof STREETS / sizeof STREETS[0]; k++)
            if (strlen(STREETS[k].label) == len && memcmp(s, STREETS[k].label, len) == 0) {
                w->acted = 0;
                return stud_lines_new_street(L, number, stud_site_sub(l, 0, len), STREETS[k].street, err);
            }
    if (L->street == 0) {
        stud_hh_span digits, name, stack;
        size_t i;
        if (seat_pattern(l, &digits, &name, &stack)) {
            int p = h->n_players;
            if (stud_lines_seat(L, number, digits, name, stack, err))
                return -1;
            w->seat_line[p] = number;
            return 0;
        }
        if (stud_site_lit_at(s, len, 0, "Seat ") && (i = digits_end(s, len, 5)) > 5 &&
            stud_site_lit_at(s, len, i, " is the button")) {
            L->has_button = 1;
            L->button = stud_site_sub(l, 5, i);
            return 0;
        }
        if (stud_site_lit_at(s, len, 0, "Total number of players")) {
            i = stud_site_skip_space(s, len, 23);
            if (i < len && s[i] == ':') {
                i = stud_site_skip_space(s, len, i + 1);
                size_t e = digits_end(s, len, i);
                if (e > i) {
                    if (w->has_seat_count)
                        return stud_site_fail(err, h, number,
                                              "a second line of the number of players");
                    size_t j = stud_site_skip_space(s, len, e);
                    if (j < len && s[j] == '/') {
                        j = stud_site_skip_space(s, len, j + 1);
                        size_t f = digits_end(s, len, j);
                        if (f > j) {
                            if (stud_site_add_field(h, number, "seat_count", NULL, stud_site_sub(l, j, f),
                                                    err))
                                return -1;
                            h->fields[h->n_fields - 1].as_int = 1;
                            w->has_seat_count = 1;
                        }
                    }
                    return 0;
                }
            }
        }
        if (table_pattern(l, &name)) {
            h->has_table = 1;
            h->table = name;
            return 0;
        }
    }
    if (stud_site_lit_at(s, len, 0, "Dealt to "))
        return dealt_line(w, number, l, err);
    int verb;
    stud_hh_span rest;
    int player = stud_lines_action(L, stud_site_sub(l, 0, len), VERBS, N_VERBS, &verb, &rest);
    if (player < 0) {
        if (stud_site_partypoker_noise(s, len))
            return 0;
        if (cancelled_line(s, len)) {
            w->cancelled = 1;
            return 0;
        }
        size_t colon = find(s, len, 0, ": ");
        if (colon > 0 && colon < len && stud_site_find(h, s, colon) >= 0)
            return 0;  /* chat */
        return stud_site_fail(err, h, number, "a line that does not read: %R", stud_site_sub(l, 0, len));
    }
    if (verb == V_ANTE) {
        int64_t paid;
        if (L->street)
            return stud_site_fail(err, h, number, "%N posts an ante after the deal", player);
        if (L->anted[player])
            return stud_site_fail(err, h, number, "%N posts the ante twice", player);
        if (stud_lines_amount(L, rest, number, amount_pattern, &paid, err))
            return -1;
        L->anted[player] = 1;
        L->ante_player[L->n_antes] = player;
        L->ante_paid[L->n_antes] = paid;
        L->ante_line[L->n_antes++] = number;
        h->put_in[player] += paid;
        return 0;
    }
    if (verb >= V_SHOWS) {
        if (stud_lines_flush_deal(L, number, err))
            return -1;
        int seat = h->seat_of[player];
        if (seat < 0)
            return stud_site_fail(err, h, number, "%N is not in the hand", player);
        if (verb == V_WINS) {
            int64_t got;
            if (stud_lines_amount(L, rest, number, amount_pattern, &got, err))
                return -1;
            w->wins = 1;
            return stud_lines_collect(L, player, got);
        }
        uint8_t cards[STUD_LINES_MAX_CARDS];
        int n = 0;
        const char *r = h->buf + rest.start;
        size_t i = stud_site_skip_space(r, rest.len, 0);
        if (i < rest.len && r[i] == '[') {
            const char *close = memchr(r + i + 1, ']', rest.len - i - 1);
            if (close) {
                stud_hh_span shown = {rest.start + (uint32_t)(i + 1),
                                      (uint32_t)((size_t)(close - r) - i - 1)};
                if (stud_lines_cards(h->buf, shown, number,
                                     STUD_LINES_COMMAS | STUD_LINES_SUIT_FIRST, cards, &n, err))
                    return -1;
            }
        }
        if (stud_lines_note(L, cards, n, player, number, err))
            return -1;
        if (n > 52)
            return stud_site_fail(err, h, number, "%N shows or mucks %d cards", player,
                                  (int64_t)n);
        if (verb == V_SHOWS)
            return stud_lines_step_showed(L, number, seat, player, cards, n, -1, err);
        if (stud_lines_step_mucked(L, number, seat, err))
            return -1;
        return n ? stud_site_keep_mucked(h, number, seat, cards, n, err) : 0;
    }
    /* a betting decision */
    if (L->street == 0)
        return stud_site_fail(err, h, number, "%N acts before the deal", player);
    if (stud_lines_flush_deal(L, number, err))
        return -1;
    if (h->seat_of[player] < 0)
        return stud_site_fail(err, h, number, "%N acts but is not in the hand", player);
    int seat;
    if (stud_lines_acting(L, number, player, &seat, err))
        return -1;
    if (verb == V_FOLDS || verb == V_CHECKS) {
        if (stud_lines_fold_or_check(L, number, seat, player, verb == V_FOLDS, err))
            return -1;
    } else {
        int64_t added, top = 0;
        if (stud_lines_amount(L, rest, number, amount_pattern, &added, err))
            return -1;
        int64_t to = L->bets[player] + added;
        for (int p = 0; p < h->n_players; p++)
            if (L->bets[p] > top)
                top = L->bets[p];
        int move;
        if (verb == V_BRING_IN) {
            move = STUD_HH_BRING_IN;
            L->has_bring_in = 1;
            L->bring_in = added;
        } else if (verb == V_CALLS) {
            move = STUD_HH_CHECK_CALL;
        } else if (verb == V_ALL_IN) {
            move = L->street == 3 && !w->acted ? STUD_HH_BRING_IN
                 : to > top ? STUD_HH_RAISE : STUD_HH_CHECK_CALL;
        } else {
            move = STUD_HH_RAISE;
        }
        if (stud_lines_bet_to(L, number, seat, player, move, to, err))
            return -1;
    }
    w->acted = 1;
    return 0;
}

int stud_site_partypoker_read(const stud_site_lines *lines, uint32_t first, uint32_t count,
                              const stud_site_game *game, stud_site_hand *h, stud_site_error *err)
{
    pp_hand w;
    stud_lines_hand *L = &w.L;
    uint32_t head = lines->number[first], banner_at, game_at;
    stud_hh_span id;
    stud_lines_init(L, h, lines->buf, game, head, pp_number);
    if (stud_site_partypoker_game(lines, first, count, &banner_at, &game_at, &id, err) < 0)
        return STUD_HH_ERROR;
    w.acted = w.wins = w.cancelled = w.has_seat_count = 0;
    uint32_t end = first + count;
    while (end > first + 1 && lines->end[end - 1] == lines->start[end - 1])
        end--;
    for (uint32_t k = game_at + 1; k < end; k++) {
        stud_site_line l = {lines->buf + lines->start[k], lines->start[k],
                              lines->end[k] - lines->start[k]};
        if (hand_line(&w, lines->number[k], &l, err))
            return STUD_HH_ERROR;
    }
    uint32_t last = lines->number[end - 1];
    if (!w.wins) {
        if (w.cancelled)
            return STUD_HH_SKIPPED;
        stud_site_fail(err, h, last, "the hand ends before anyone wins (the file is cut short?)");
        return STUD_HH_ERROR;
    }
    if (h->n_order == 0) {
        stud_site_fail(err, h, last, "nobody was dealt in");
        return STUD_HH_ERROR;
    }
    int64_t ante, put1 = 0, put2 = 0, sum = 0, got = 0;
    if (stud_lines_check_antes(L, &ante, err))
        return STUD_HH_ERROR;
    if (ante)
        for (int seat = 0; seat < h->n_order; seat++) {
            int p = h->order[seat];
            if (!L->anted[p]) {
                stud_site_fail(err, h, w.seat_line[p], "%N was dealt in without posting the ante",
                               p);
                return STUD_HH_ERROR;
            }
        }
    if (stud_lines_check_stacks(L, last, err))
        return STUD_HH_ERROR;
    for (int p = 0; p < h->n_players; p++) {
        int64_t v = h->put_in[p];
        sum += v;
        got += h->collected[p];
        if (v > put1) {
            put2 = put1;
            put1 = v;
        } else if (v > put2) {
            put2 = v;
        }
    }
    int64_t pot = sum - (put1 - put2);
    if (got > pot || (!game->cents && got != pot)) {
        stud_site_fail(err, h, last, game->cents ? "the wins (%d) do not make the pot (%d)"
                       : "the wins (%d) do not make the pot (%d): a tournament takes no rake",
                       got, pot);
        return STUD_HH_ERROR;
    }
    stud_lines_finish(L, ante, 0);
    return STUD_HH_READ;
}
