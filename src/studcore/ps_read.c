/* ps_read.c: one PokerStars hand's lines to a stud_hh_hand, line by line as
 * the Python reader's _Parser reads them (python/stud/histories/ps_parser.py:
 * the same order of tests, the same checks).  Every place where that reader
 * would fail, skip the hand, or read something this code does not know
 * returns STUD_PS_FALLBACK: this code only ever says "this is the record
 * the Python reader makes". */
#include "ps_history.h"

#include <string.h>

#include "ps_text.h"

#define NONE (-1)
#define MAX_ANTES 32

typedef struct {
    const char *name;
    size_t name_len;
    long site_seat;
    int32_t stack;
    int seat;                   /* the engine's seat, or NONE (not dealt in) */
    int64_t put_in, collected;
    int dealt;                  /* visible[] is set (dealt on 3rd street) */
    uint8_t visible[8];
    int n_visible;
    int pending;                /* dealt on this street: pending[] holds the new cards */
    uint8_t new_cards[3];
    int n_new;
} player;

typedef struct {
    const char *buf;
    const stud_ps_game *game;
    stud_hh_hand *out;
    stud_ps_extra *extra;
    uint32_t line_no;           /* the number of the line being read */
    int table_lines;
    stud_hh_span table;
    player players[STUD_PS_MAX_PLAYERS];
    int n_players;
    int order[8];               /* the engine's seats: player indexes by site seat */
    int n_order;
    int street, deal_open, showdown, summary, completed;
    unsigned community;         /* bit k: street k was a community card */
    unsigned folded;            /* engine seats */
    unsigned showed;            /* engine seats with a show step */
    int64_t bets[8];
    unsigned has_bet;
    int hero;
    int8_t seen[52];            /* the owner: a player, -2 the community, -1 nobody */
    int bring_in_set, bring_in_all_in;
    int64_t bring_in, first_call;
    int has_first_call;
    int has_total;
    int64_t total, rake, pots;
    int has_pots;
    int n_antes;
    struct { int who; int64_t amount; int all_in; } antes[MAX_ANTES];
} reader;

/* ---- small parts (_amount, _cards, _see) ----------------------------------------------- */

/* _read_amount: the amount of a whole token, or -1 (the Python reader fails,
 * or reads it some way this code does not). */
static int64_t amount(const reader *r, const char *s, size_t len)
{
    size_t i = 0;
    unsigned symbol = 0;
    if (len >= 1 && s[0] == '$') {
        symbol = 1;
        i = 1;
    } else if (len >= 3 && memcmp(s, "\xE2\x82\xAC", 3) == 0) {
        symbol = 2;
        i = 3;
    } else if (len >= 2 && memcmp(s, "\xC2\xA3", 2) == 0) {
        symbol = 4;
        i = 2;
    }
    if (symbol && !(r->game->symbols & symbol))
        return -1;
    /* \d{1,3}(?:,\d{3})+ or \d+ */
    size_t first = i;
    while (i < len && ps_digit(s[i]))
        i++;
    size_t run = i - first;
    if (run == 0)
        return -1;
    int commas = 0;
    if (i < len && s[i] == ',') {
        if (run > 3)
            return -1;
        while (i < len && s[i] == ',') {
            if (len - i < 4 || !ps_digit(s[i + 1]) || !ps_digit(s[i + 2]) || !ps_digit(s[i + 3]))
                return -1;
            i += 4;
            commas++;
        }
        if (i < len && ps_digit(s[i]))
            return -1;
    }
    int64_t value = 0;
    for (size_t k = first; k < i; k++) {
        if (s[k] == ',')
            continue;
        value = value * 10 + (s[k] - '0');
        if (value >= ((int64_t)1 << 31))
            return -1;
    }
    (void)commas;
    size_t frac = len, frac_end = len;
    if (i < len) {
        if (s[i] != '.' || i + 1 >= len)
            return -1;
        frac = i + 1;
        for (size_t k = frac; k < len; k++)
            if (!ps_digit(s[k]))
                return -1;
    }
    if (r->game->cents) {
        int64_t cents = 0;
        for (size_t k = 0; k < 2; k++)
            cents = cents * 10 + (frac + k < frac_end ? s[frac + k] - '0' : 0);
        for (size_t k = frac + 2; k < frac_end; k++)
            if (s[k] != '0')
                return -1;
        value = value * 100 + cents;
    } else {
        for (size_t k = frac; k < frac_end; k++)
            if (s[k] != '0')
                return -1;
    }
    return value >= ((int64_t)1 << 31) ? -1 : value;
}

/* the card id of "As" spelling (rank then suit), or -1 */
static int card(char rank_char, char suit_char)
{
    int rank, suit;
    switch (rank_char) {
    case '2': rank = 0; break;
    case '3': rank = 1; break;
    case '4': rank = 2; break;
    case '5': rank = 3; break;
    case '6': rank = 4; break;
    case '7': rank = 5; break;
    case '8': rank = 6; break;
    case '9': rank = 7; break;
    case 'T': rank = 8; break;
    case 'J': rank = 9; break;
    case 'Q': rank = 10; break;
    case 'K': rank = 11; break;
    case 'A': rank = 12; break;
    default: return -1;
    }
    switch (suit_char) {
    case 'c': suit = 0; break;
    case 'd': suit = 1; break;
    case 'h': suit = 2; break;
    case 's': suit = 3; break;
    default: return -1;
    }
    return rank * 4 + suit;
}

/* _cards: the cards of a space-separated text, at most `room`; the count,
 * or -1 (no cards, a word that is not a card as "As" spells it, too many). */
static int cards(const char *s, size_t len, uint8_t *out, int room)
{
    int n = 0;
    size_t i = 0;
    while (i < len) {
        if (s[i] == ' ') {
            i++;
            continue;
        }
        size_t j = i;
        while (j < len && s[j] != ' ')
            j++;
        if (j - i != 2 || n >= room)
            return -1;
        int c = card(s[i], s[i + 1]);
        if (c < 0)
            return -1;
        for (int k = 0; k < n; k++)
            if (out[k] == c)
                return -1; /* a card listed twice: the Python reader's error */
        out[n++] = (uint8_t)c;
        i = j;
    }
    return n ? n : -1;
}

/* a (seat, cards) list of the record's fields; -1 past the room kept */
static int keep_cards(stud_ps_cards *lists, int *n, int seat, const uint8_t *c, int n_cards)
{
    if (*n >= STUD_PS_MAX_CARD_LISTS || n_cards > 8)
        return -1;
    stud_ps_cards *list = &lists[(*n)++];
    list->seat = (uint8_t)seat;
    list->n_cards = (uint8_t)n_cards;
    memcpy(list->cards, c, (size_t)n_cards);
    return 0;
}

/* _see: -1 when the card is another owner's (or seen twice, unless again). */
static int see(reader *r, int c, int owner, int again)
{
    if (r->seen[c] == -1) {
        r->seen[c] = (int8_t)owner;
        return 0;
    }
    return (r->seen[c] != owner || !again) ? -1 : 0;
}

static int find_player(const reader *r, const char *s, size_t len)
{
    for (int k = 0; k < r->n_players; k++)
        if (r->players[k].name_len == len && memcmp(r->players[k].name, s, len) == 0)
            return k;
    return NONE;
}

static stud_hh_step *new_step(reader *r, int type, int seat)
{
    if (r->out->n_steps >= STUD_PS_MAX_STEPS)
        return NULL;
    stud_hh_step *step = &r->out->steps[r->out->n_steps++];
    memset(step, 0, sizeof *step);
    step->type = (uint8_t)type;
    step->seat = (uint8_t)seat;
    step->to = STUD_HH_NONE;
    step->line = r->line_no;
    return step;
}

/* ---- _flush ------------------------------------------------------------------------------ */

static int flush(reader *r)
{
    if (!r->deal_open)
        return 0;
    r->deal_open = 0;
    if (r->street == 3) {
        int n = 0, dealt[STUD_PS_MAX_PLAYERS];
        for (int k = 0; k < r->n_players; k++)
            if (r->players[k].pending)
                dealt[n++] = k;
        if (n < 2 || n > 8)
            return -1;
        /* by site seat (the seats are distinct) */
        for (int a = 1; a < n; a++)
            for (int b = a; b > 0 && r->players[dealt[b]].site_seat <
                                         r->players[dealt[b - 1]].site_seat; b--) {
                int t = dealt[b];
                dealt[b] = dealt[b - 1];
                dealt[b - 1] = t;
            }
        r->n_order = n;
        for (int seat = 0; seat < n; seat++) {
            player *p = &r->players[dealt[seat]];
            r->order[seat] = dealt[seat];
            p->seat = seat;
            if (dealt[seat] == r->hero)
                r->extra->hero = seat;
            stud_hh_step *step = new_step(r, STUD_HH_DEALT, seat);
            if (!step)
                return -1;
            step->n_cards = 3;
            if (p->n_new == 3) {
                memcpy(step->cards, p->new_cards, 3);
            } else {
                step->cards[0] = step->cards[1] = STUD_HH_UNKNOWN;
                step->cards[2] = p->new_cards[0];
            }
        }
    } else if (!(r->community >> r->street & 1)) {
        for (int seat = 0; seat < r->n_order; seat++) {
            if (r->folded >> seat & 1)
                continue;
            player *p = &r->players[r->order[seat]];
            stud_hh_step *step = new_step(r, STUD_HH_DEALT, seat);
            if (!step)
                return -1;
            if (p->pending && p->n_new) {
                step->n_cards = (uint8_t)p->n_new;
                memcpy(step->cards, p->new_cards, (size_t)p->n_new);
            } else if (r->street == 7) {
                step->n_cards = 1;
                step->cards[0] = STUD_HH_UNKNOWN;
            } else {
                return -1;
            }
        }
    }
    for (int k = 0; k < r->n_players; k++)
        r->players[k].pending = 0;
    return 0;
}

/* ---- the kinds of lines ------------------------------------------------------------------ */

static int section(reader *r, const char *s, size_t len)
{
    static const struct { const char *name; int street; } names[] = {
        {"3rd STREET", 3}, {"4th STREET", 4}, {"5th STREET", 5}, {"6th STREET", 6},
        {"RIVER", 7},      {"7th STREET", 7}, {"SHOW DOWN", 1},  {"SUMMARY", 2}};
    int street = 0;
    size_t at = 0;
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        size_t n = strlen(names[k].name);
        if (len >= 8 + n && memcmp(s + 4, names[k].name, n) == 0 &&
            memcmp(s + 4 + n, " ***", 4) == 0) {
            street = names[k].street;
            at = 8 + n;
            break;
        }
    }
    if (!street)
        return -1;
    int has_card = 0;
    uint8_t community[1];
    if (at < len) {
        /* " [card]" */
        if (len - at < 3 || s[at] != ' ' || s[at + 1] != '[' || s[len - 1] != ']' ||
            ps_char(s, len - 1, at + 2, ']') >= 0 || street < 3)
            return -1;
        if (cards(s + at + 2, len - 1 - (at + 2), community, 1) != 1)
            return -1;
        has_card = 1;
    }
    if (flush(r))
        return -1;
    if (street == 2) {
        r->summary = 1;
        return 0;
    }
    if (street == 1) {
        if (r->street == 0)
            return -1;
        r->showdown = 1;
        return 0;
    }
    if (r->showdown || street != (r->street == 0 ? 3 : r->street + 1))
        return -1;
    r->street = street;
    r->has_bet = 0;
    r->deal_open = 1;
    if (has_card) {
        if (street == 3 || see(r, community[0], -2, 0))
            return -1;
        r->community |= 1u << street;
        stud_hh_step *step = new_step(r, STUD_HH_COMMUNITY, 0);
        if (!step)
            return -1;
        step->n_cards = 1;
        step->cards[0] = community[0];
    }
    return 0;
}

/* The N of a line starting "Seat N: " (s[0..4] is "Seat "): N, with *after
 * at the name; -2 for a number too large, -1 for no "N: " there. */
static long seat_number(const char *s, size_t len, size_t *after)
{
    size_t i = 5;
    long number = 0;
    while (i < len && ps_digit(s[i])) {
        number = number * 10 + (s[i] - '0');
        if (number > 1000000000L)
            return -2;
        i++;
    }
    if (i == 5 || len - i < 2 || s[i] != ':' || s[i + 1] != ' ')
        return -1;
    *after = i + 2;
    return number;
}

/* "Seat N: NAME (STACK in chips[, ...])REST" */
static int seat_line(reader *r, const char *s, size_t len)
{
    size_t i;
    long number = seat_number(s, len, &i);
    if (number < 0)
        return -1;
    size_t name = i;
    /* the name is greedy: the last " (" after which the rest fits */
    for (long p = ps_rfind(s, len, len, " ("); p > (long)name; p = ps_rfind(s, len, (size_t)p, " (")) {
        size_t k = (size_t)p + 2, stack = k;
        if (k < len && s[k] == '$')
            k++;
        else if (len - k >= 3 && memcmp(s + k, "\xE2\x82\xAC", 3) == 0)
            k += 3;
        else if (len - k >= 2 && memcmp(s + k, "\xC2\xA3", 2) == 0)
            k += 2;
        size_t digits = k;
        while (k < len && (ps_digit(s[k]) || s[k] == '.' || s[k] == ','))
            k++;
        if (k == digits || !ps_prefix(s + k, len - k, " in chips"))
            continue;
        size_t stack_end = k;
        k += 9;
        if (k < len && s[k] == ',')
            k = (size_t)(ps_char(s, len, k, ')') < 0 ? (long)len : ps_char(s, len, k, ')'));
        if (k >= len || s[k] != ')')
            continue;
        if (r->n_players >= STUD_PS_MAX_PLAYERS)
            return -1;
        if (find_player(r, s + name, (size_t)p - name) != NONE)
            return -1;
        for (int q = 0; q < r->n_players; q++)
            if (r->players[q].site_seat == number)
                return -1;
        int64_t chips = amount(r, s + stack, stack_end - stack);
        if (chips < 0)
            return -1;
        /* a name holding ": " is found another way by the Python reader */
        if (ps_find(s + name, (size_t)p - name, 0, ": ") >= 0)
            return -1;
        player *pl = &r->players[r->n_players++];
        memset(pl, 0, sizeof *pl);
        pl->name = s + name;
        pl->name_len = (size_t)p - name;
        pl->site_seat = number;
        pl->stack = (int32_t)chips;
        pl->seat = NONE;
        return 0;
    }
    return -1;
}

/* "Dealt to NAME [a b][ [c]]" */
static int dealt_line(reader *r, const char *s, size_t len)
{
    const char *rest = s + 9;
    size_t n = len - 9;
    int who = NONE;
    long end = ps_rfind(rest, n, n, " [");
    while (end >= 0) {
        who = find_player(r, rest, (size_t)end);
        if (who != NONE)
            break;
        end = ps_rfind(rest, n, (size_t)end, " [");
    }
    if (who == NONE || !r->deal_open)
        return -1;
    player *p = &r->players[who];
    const char *b = rest + end + 1;
    size_t bn = n - (size_t)end - 1;
    /* \[A\](?: \[B\])? */
    if (bn < 2 || b[0] != '[')
        return -1;
    long close = ps_char(b, bn, 1, ']');
    if (close < 0)
        return -1;
    uint8_t first[8], second[3];
    int n_first = cards(b + 1, (size_t)close - 1, first, 8), n_second = -1;
    if (n_first < 0)
        return -1;
    size_t at = (size_t)close + 1;
    if (at < bn) {
        if (bn - at < 3 || b[at] != ' ' || b[at + 1] != '[' || b[bn - 1] != ']' ||
            ps_char(b, bn - 1, at + 2, ']') >= 0)
            return -1;
        n_second = cards(b + at + 2, bn - 1 - (at + 2), second, 3);
        if (n_second < 0)
            return -1;
    }
    if (p->pending)
        return -1;
    uint8_t *fresh;
    int n_fresh;
    if (r->street == 3) {
        if (n_second >= 0 || (n_first != 1 && n_first != 3))
            return -1;
        if (n_first == 3) {
            if (r->hero != NONE)
                return -1;
            r->hero = who;
        }
        p->dealt = 1;
        p->n_visible = 0;
        fresh = first;
        n_fresh = n_first;
    } else {
        if (p->seat == NONE || (r->folded >> p->seat & 1) || !p->dealt)
            return -1;
        if (n_first != p->n_visible || memcmp(first, p->visible, (size_t)n_first) != 0)
            return -1;
        fresh = second;
        n_fresh = n_second < 0 ? 0 : n_second;
        if (n_fresh > 1 || (n_fresh && (r->community >> r->street & 1)))
            return -1;
    }
    for (int k = 0; k < n_fresh; k++)
        if (see(r, fresh[k], who, 0))
            return -1;
    if (p->n_visible + n_fresh > 8)
        return -1;
    memcpy(p->visible + p->n_visible, fresh, (size_t)n_fresh);
    p->n_visible += n_fresh;
    memcpy(p->new_cards, fresh, (size_t)n_fresh);
    p->n_new = n_fresh;
    p->pending = 1;
    return 0;
}

/* "NAME: rest" (_action) */
static int action(reader *r, int who, const char *s, size_t len)
{
    int all_in = 0;
    if (ps_suffix(s, len, " (disconnect)"))
        len -= 13;
    if (ps_suffix(s, len, " and is all-in")) {
        len -= 14;
        all_in = 1;
    }
    player *p = &r->players[who];
    enum { ANTE, BRING_IN, FOLD, CHECK, CALL, BET, RAISE, COMPLETE, SHOW, MUCK, NO_SHOW } kind;
    const char *a = NULL, *b = NULL;
    size_t a_len = 0, b_len = 0;
    uint8_t shown[7];
    int n_shown = 0;
    if (ps_prefix(s, len, "posts ")) {
        size_t at = ps_prefix(s, len, "posts the ante ") ? 15 : ps_prefix(s, len, "posts ante ") ? 11 : 0;
        if (!at)
            return -1;
        kind = ANTE;
        a = s + at;
        a_len = len - at;
    } else if (ps_prefix(s, len, "brings in for ")) {
        kind = BRING_IN;
        a = s + 14;
        a_len = len - 14;
    } else if (ps_equal(s, len, "folds") ||
               (ps_prefix(s, len, "folds [") && s[len - 1] == ']' &&
                ps_char(s, len - 1, 7, ']') < 0)) {
        kind = FOLD;
    } else if (ps_equal(s, len, "checks")) {
        kind = CHECK;
    } else if (ps_prefix(s, len, "calls ")) {
        kind = CALL;
        a = s + 6;
        a_len = len - 6;
    } else if (ps_prefix(s, len, "bets ")) {
        kind = BET;
        a = s + 5;
        a_len = len - 5;
    } else if (ps_prefix(s, len, "raises ")) {
        long to = ps_find(s, len, 7, " to ");
        if (to < 0)
            return -1;
        kind = RAISE;
        a = s + 7;
        a_len = (size_t)to - 7;
        b = s + to + 4;
        b_len = len - (size_t)to - 4;
    } else if (ps_prefix(s, len, "completes to ") || ps_prefix(s, len, "completes it to ")) {
        size_t at = s[10] == 'i' ? 16 : 13;
        kind = COMPLETE;
        b = s + at;
        b_len = len - at;
    } else if (ps_prefix(s, len, "shows [")) {
        long close = ps_char(s, len, 7, ']');
        if (close < 0)
            return -1;
        size_t after = (size_t)close + 1;
        if (after < len && !(len - after >= 3 && s[after] == ' ' && s[after + 1] == '(' &&
                             s[len - 1] == ')'))
            return -1;
        n_shown = cards(s + 7, (size_t)close - 7, shown, 7);
        if (n_shown < 0)
            return -1;
        kind = SHOW;
    } else if (ps_equal(s, len, "mucks hand") ||
               (ps_prefix(s, len, "mucks [") && s[len - 1] == ']' &&
                ps_char(s, len - 1, 7, ']') < 0)) {
        kind = MUCK;
    } else if (ps_equal(s, len, "doesn't show hand")) {
        kind = NO_SHOW;
    } else {
        return -1; /* an unknown action, or a line that only informs: the Python reader's */
    }
    /* the amounts are single tokens (\S+) */
    if ((a && (a_len == 0 || ps_char(a, a_len, 0, ' ') >= 0)) ||
        (b && (b_len == 0 || ps_char(b, b_len, 0, ' ') >= 0)))
        return -1;
    if (kind == ANTE) {
        if (r->street != 0 || r->n_antes >= MAX_ANTES)
            return -1;
        int64_t v = amount(r, a, a_len);
        if (v < 0)
            return -1;
        p->put_in += v;
        r->antes[r->n_antes].who = who;
        r->antes[r->n_antes].amount = v;
        r->antes[r->n_antes].all_in = all_in;
        r->n_antes++;
        return 0;
    }
    if (r->street == 0)
        return -1;
    if (r->deal_open && flush(r))
        return -1;
    int seat = p->seat;
    if (seat == NONE)
        return -1;
    if (kind == SHOW || kind == MUCK || kind == NO_SHOW) {
        int live = r->n_order;
        for (int k = 0; k < r->n_order; k++)
            live -= (int)(r->folded >> k & 1);
        int showdown = !(r->folded >> seat & 1) && live >= 2;
        if (kind == SHOW) {
            uint64_t both = 0;
            for (int k = 0; k < n_shown; k++)
                both |= (uint64_t)1 << shown[k];
            for (int k = 0; k < p->n_visible; k++)
                both |= (uint64_t)1 << p->visible[k];
            int communities = 0;
            for (int k = 0; k < 8; k++)
                communities += (int)(r->community >> k & 1);
            int count = 0;
            for (; both; both &= both - 1)
                count++;
            if (count > 7 - communities)
                return -1;
            for (int k = 0; k < n_shown; k++)
                if (see(r, shown[k], who, 1))
                    return -1;
            if (showdown) {
                if (r->showed >> seat & 1)
                    return -1; /* shown again: the Python reader merges the shows */
                r->showed |= 1u << seat;
                stud_hh_step *step = new_step(r, STUD_HH_SHOWED, seat);
                if (!step)
                    return -1;
                step->n_cards = (uint8_t)n_shown;
                memcpy(step->cards, shown, (size_t)n_shown);
            } else if (keep_cards(r->extra->shown, &r->extra->n_shown, seat, shown, n_shown)) {
                return -1;
            }
        } else if (showdown && !new_step(r, STUD_HH_MUCKED, seat)) {
            return -1;
        }
        return 0;
    }
    if (r->showdown || (r->folded >> seat & 1))
        return -1;
    int64_t before = (r->has_bet >> seat & 1) ? r->bets[seat] : 0, to = -1;
    int move;
    if (kind == FOLD) {
        move = STUD_HH_FOLD;
        r->folded |= 1u << seat;
    } else if (kind == CHECK) {
        move = STUD_HH_CHECK_CALL;
    } else if (kind == CALL) {
        int64_t v = amount(r, a, a_len);
        if (v < 0)
            return -1;
        move = STUD_HH_CHECK_CALL;
        to = before + v;
        if (r->street == 3 && !r->completed && !r->has_first_call) {
            r->has_first_call = 1;
            r->first_call = to;
        }
    } else if (kind == BRING_IN) {
        if (r->street != 3 || r->bring_in_set || r->has_bet)
            return -1;
        to = amount(r, a, a_len);
        if (to < 0)
            return -1;
        move = STUD_HH_BRING_IN;
        r->bring_in_set = 1;
        r->bring_in = to;
        r->bring_in_all_in = all_in;
    } else {
        move = STUD_HH_RAISE;
        if (kind == BET) {
            int64_t v = amount(r, a, a_len);
            if (v < 0)
                return -1;
            to = before + v;
        } else {
                to = amount(r, b, b_len);
            if (to < 0)
                return -1;
        }
        int64_t top = 0;
        for (int k = 0; k < 8; k++)
            if ((r->has_bet >> k & 1) && r->bets[k] > top)
                top = r->bets[k];
        if (to <= top && !all_in)
            return -1;
        if (kind == RAISE && to > top) { /* "raises X to Y": X is Y over the bet faced */
            int64_t by = amount(r, a, a_len);
            if (by < 0 || by != to - top)
                return -1;
        }
        if (r->street == 3)
            r->completed = 1;
    }
    if (to >= 0) {
        if (to < before)
            return -1;
        p->put_in += to - before;
        r->bets[seat] = to;
        r->has_bet |= 1u << seat;
    }
    if (to >= ((int64_t)1 << 31))
        return -1;
    stud_hh_step *step = new_step(r, STUD_HH_ACTED, seat);
    if (!step)
        return -1;
    step->move = (uint8_t)move;
    step->to = (int32_t)to;
    return 0;
}

/* the summary's lines (_summary) */
static int summary_line(reader *r, const char *s, size_t len)
{
    if (ps_prefix(s, len, "Total pot ")) {
        size_t i = 10, t = i;
        while (i < len && s[i] != ' ')
            i++;
        int64_t total = amount(r, s + t, i - t), pots = 0;
        int has_pots = 0;
        if (total < 0)
            return -1;
        /* (?: (?:Main pot|Side pot(?:-\d+)?) \S+?\.)* */
        for (;;) {
            size_t k = i;
            if (ps_prefix(s + k, len - k, " Main pot ")) {
                k += 10;
            } else if (ps_prefix(s + k, len - k, " Side pot")) {
                k += 9;
                if (k < len && s[k] == '-') {
                    size_t d = ++k;
                    while (k < len && ps_digit(s[k]))
                        k++;
                    if (k == d)
                        return -1;
                }
                if (k >= len || s[k] != ' ')
                    return -1;
                k++;
            } else {
                break;
            }
            size_t a = k;
            while (k < len && s[k] != ' ')
                k++;
            if (k - a < 2 || s[k - 1] != '.')
                return -1;
            int64_t v = amount(r, s + a, k - 1 - a);
            if (v < 0 || r->extra->n_pots >= STUD_PS_MAX_POTS)
                return -1;
            r->extra->pots[r->extra->n_pots++] = (int32_t)v;
            pots += v;
            has_pots = 1;
            i = k;
        }
        if (!ps_prefix(s + i, len - i, " | Rake "))
            return -1;
        i += 8;
        size_t a = i;
        while (i < len && s[i] != ' ')
            i++;
        int64_t rake = amount(r, s + a, i - a);
        if (rake < 0)
            return -1;
        /* what follows the rake (a jackpot, a fee: 11.3) is the Python reader's */
        for (; i < len; i++)
            if (s[i] != ' ' && s[i] != '|')
                return -1;
        if (r->has_total)
            return -1; /* (a second total line) */
        r->has_total = 1;
        r->total = total;
        r->rake = rake;
        r->pots = pots;
        r->has_pots = has_pots;
        return 0;
    }
    long mucked = ps_find(s, len, 0, " mucked [");
    if (mucked < 0 || !ps_prefix(s, len, "Seat "))
        return 0;
    size_t i;
    long number = seat_number(s, len, &i);
    if (number == -2)
        return -1;
    if (number < 0)
        return 0;
    int who = NONE;
    for (int k = 0; k < r->n_players; k++)
        if (r->players[k].site_seat == number)
            who = k;
    /* _MUCKED searches the rest: the first " mucked [" with a "]" after it */
    long at = ps_find(s, len, i, " mucked [");
    long close = at < 0 ? -1 : ps_char(s, len, (size_t)at + 9, ']');
    if (who == NONE || close < 0)
        return 0;
    if (r->players[who].seat == NONE)
        return -1;
    uint8_t shown[8];
    int n = cards(s + at + 9, (size_t)(close - at - 9), shown, 8);
    if (n < 0)
        return -1;
    for (int k = 0; k < n; k++)
        if (see(r, shown[k], who, 1))
            return -1;
    return keep_cards(r->extra->mucked, &r->extra->n_mucked, r->players[who].seat, shown, n);
}

/* "NAME collected X from pot": the greedy name: the last " collected " that fits */
static int collected_line(reader *r, const char *s, size_t len, int *done)
{
    *done = 0;
    for (long at = ps_rfind(s, len, len, " collected "); at > 0;
         at = ps_rfind(s, len, (size_t)at, " collected ")) {
        size_t k = (size_t)at + 11, a = k;
        while (k < len && s[k] != ' ')
            k++;
        if (k == a || !ps_prefix(s + k, len - k, " from "))
            continue;
        size_t a_end = k;
        k += 6;
        if (ps_prefix(s + k, len - k, "the "))
            k += 4;
        const char *t = s + k;
        size_t n = len - k;
        int fits = ps_equal(t, n, "pot") || ps_equal(t, n, "main pot") || ps_equal(t, n, "side pot");
        if (!fits && ps_prefix(t, n, "side pot-") && n > 9) {
            fits = 1;
            for (size_t d = 9; d < n; d++)
                fits &= ps_digit(t[d]);
        }
        if (!fits)
            continue;
        *done = 1;
        if (flush(r))
            return -1;
        int who = find_player(r, s, (size_t)at);
        if (who == NONE || r->players[who].seat == NONE)
            return -1;
        int64_t v = amount(r, s + a, a_end - a);
        if (v < 0)
            return -1;
        r->players[who].collected += v;
        return 0;
    }
    return 0;
}

/* "Uncalled bet (X) returned to NAME" */
static int uncalled_line(reader *r, const char *s, size_t len, int *done)
{
    *done = 0;
    long close = ps_char(s, len, 14, ')');
    if (close < 0 || !ps_prefix(s + close, len - (size_t)close, ") returned to ") ||
        (size_t)close + 14 >= len)
        return 0;
    *done = 1;
    if (flush(r))
        return -1;
    int who = find_player(r, s + close + 14, len - (size_t)close - 14);
    if (who == NONE)
        return -1;
    int64_t v = amount(r, s + 14, (size_t)close - 14);
    player *p = &r->players[who];
    if (v <= 0 || v > p->put_in)
        return -1;
    p->put_in -= v;
    if (p->seat != NONE) {
        int seat = p->seat;
        r->bets[seat] = ((r->has_bet >> seat & 1) ? r->bets[seat] : 0) - v;
        r->has_bet |= 1u << seat;
    }
    return 0;
}

/* _line: the tests in the Python reader's order */
static int line(reader *r, const char *s, size_t len)
{
    if (ps_prefix(s, len, "*** "))
        return section(r, s, len);
    /* the words after a space that the Python reader looks for anywhere */
    int chat = 0, collected = 0, cashed = 0;
    for (long sp = ps_char(s, len, 1, ' '); sp >= 0; sp = ps_char(s, len, (size_t)sp + 1, ' ')) {
        const char *w = s + sp + 1;
        size_t left = len - (size_t)sp - 1;
        if (!left)
            break;
        if (*w == 's') {
            chat |= ps_prefix(w, left, "said, \"");
        } else if (*w == 'c') {
            collected |= ps_prefix(w, left, "collected ");
            cashed |= ps_prefix(w, left, "cashed out ");
        }
    }
    if (chat)
        return 0; /* chat */
    if (r->summary)
        return summary_line(r, s, len);
    if (r->street == 0 && ps_prefix(s, len, "Table ")) {
        /* Table '(?P<name>.*)'(?:\s+(?P<max>\d+)-max)?.* : the name ends at the
         * last quote */
        long quote = ps_rfind(s, len, len, "'");
        if (len < 8 || s[6] != '\'' || quote < 7 || r->table_lines++)
            return -1; /* (a second table line: the Python reader keeps both sizes) */
        r->table.start = (uint32_t)(s + 7 - r->buf);
        r->table.len = (uint32_t)(quote - 7);
        size_t k = (size_t)quote + 1;
        if (k < len && s[k] == ' ') {
            while (k < len && s[k] == ' ')
                k++;
            size_t d = k;
            int32_t max = 0;
            while (k < len && ps_digit(s[k]))
                if (k++ - d >= 6 || (max = max * 10 + (s[k - 1] - '0')) < 0)
                    return -1; /* (a size no table has: the Python reader keeps it) */
            if (k > d && ps_prefix(s + k, len - k, "-max")) {
                if (max == 0)
                    return -1;
                r->extra->max_seats = max;
            }
        }
        return 0;
    }
    if (r->street == 0 && ps_prefix(s, len, "Seat "))
        return seat_line(r, s, len);
    if (ps_prefix(s, len, "Dealt to "))
        return dealt_line(r, s, len);
    if (ps_equal(s, len, "Hand cancelled"))
        return -1;
    int done;
    if (ps_prefix(s, len, "Uncalled bet (")) {
        /* (a line that does not fit: the Python reader goes on testing it) */
        if (uncalled_line(r, s, len, &done) || !done)
            return -1;
        return 0;
    }
    if (collected) {
        int failed = collected_line(r, s, len, &done);
        if (failed)
            return -1;
        if (done)
            return 0;
    }
    if (cashed || ps_equal(s, len, "The deck is reshuffled"))
        return -1;
    long colon = ps_find(s, len, 0, ": ");
    if (colon >= 0) {
        int who = find_player(r, s, (size_t)colon);
        if (who == NONE)
            return -1; /* an action by someone not at the table, or a line that informs */
        return action(r, who, s + colon + 2, len - (size_t)colon - 2);
    }
    return 0; /* informs only (no ": ": never an action) */
}

/* ---- the hand ------------------------------------------------------------------------------ */

int stud_ps_read(const char *buf, const stud_ps_item *item, const stud_ps_game *game,
                 stud_hh_hand *out, stud_ps_extra *extra)
{
    reader r;
    stud_ps_extra scratch;
    if (!buf || !item || !game || !out || item->kind != STUD_PS_HAND || item->start > item->end ||
        item->first_line < 1 || item->end - item->start >= UINT32_MAX ||
        item->end >= UINT32_MAX)
        return STUD_PS_FALLBACK;
    if (!extra)
        extra = &scratch;
    memset(extra, 0, sizeof *extra);
    extra->hero = NONE;
    memset(&r, 0, sizeof r);
    r.buf = buf;
    r.game = game;
    r.out = out;
    r.extra = extra;
    r.hero = NONE;
    memset(r.seen, -1, sizeof r.seen);
    out->n_steps = 0;
    size_t end = item->end;
    ps_line ln;
    r.line_no = (uint32_t)item->first_line;
    size_t pos = ps_next_line(buf, end, item->start, &ln); /* (the header) */
    while (pos < end) {
        r.line_no++;
        pos = ps_next_line(buf, end, pos, &ln);
        if (ln.end > ln.start && line(&r, buf + ln.start, ln.end - ln.start))
            return STUD_PS_FALLBACK;
    }
    if (!r.summary || !r.has_total)
        return STUD_PS_FALLBACK;
    /* _record's checks */
    int64_t put_in = 0, got = 0;
    for (int k = 0; k < r.n_players; k++) {
        put_in += r.players[k].put_in;
        got += r.players[k].collected;
    }
    if (put_in != r.total || got + r.rake != r.total || (r.has_pots && r.pots + r.rake != r.total))
        return STUD_PS_FALLBACK;
    int64_t ante = 0;
    for (int k = 0; k < r.n_antes; k++)
        if (r.antes[k].amount > ante)
            ante = r.antes[k].amount;
    for (int k = 0; k < r.n_antes; k++)
        if (r.players[r.antes[k].who].seat == NONE ||
            (r.antes[k].amount != ante && !r.antes[k].all_in))
            return STUD_PS_FALLBACK;
    for (int seat = 0; seat < r.n_order; seat++) {
        int who = r.order[seat], posted = 0;
        for (int k = 0; k < r.n_antes; k++)
            posted |= r.antes[k].who == who;
        if (ante && !posted)
            return STUD_PS_FALLBACK;
        if (r.players[who].put_in > r.players[who].stack)
            return STUD_PS_FALLBACK;
    }
    if (r.n_order < 2 || r.n_order > 8)
        return STUD_PS_FALLBACK;
    if (r.bring_in_set && !r.bring_in_all_in) {
        out->bring_in = (int32_t)r.bring_in;
        extra->bring_in_from = STUD_PS_BRING_IN_LINE;
    } else if (r.has_first_call) {
        if (r.first_call >= ((int64_t)1 << 31))
            return STUD_PS_FALLBACK;
        out->bring_in = (int32_t)r.first_call;
        extra->bring_in_from = STUD_PS_BRING_IN_CALL;
    } else if (r.bring_in_set && r.bring_in > game->small_bet / 2) {
        out->bring_in = (int32_t)r.bring_in;
        extra->bring_in_from = STUD_PS_BRING_IN_ALL_IN;
    } else {
        out->bring_in = STUD_HH_NONE;
        extra->bring_in_from = STUD_PS_BRING_IN_DEFAULT;
    }
    out->variant = game->variant;
    out->small_bet = game->small_bet;
    out->big_bet = game->big_bet;
    out->cents = (uint8_t)(game->cents != 0);
    out->n_seats = r.n_order;
    out->ante = (int32_t)ante;
    out->rake = (int32_t)r.rake;
    out->has_seat_numbers = 1;
    out->has_players = 1;
    out->has_collected = 1;
    out->has_finishing = 0;
    memset(out->finishing, 0, sizeof out->finishing);
    out->first_line = (uint32_t)item->first_line;
    out->hand_id.start = (uint32_t)item->id_start;
    out->hand_id.len = (uint32_t)(item->id_end - item->id_start);
    out->table = r.table;
    out->currency.start = out->currency.len = 0;
    for (int seat = 0; seat < STUD_HH_MAX_SEATS; seat++) {
        out->stacks[seat] = out->collected[seat] = 0;
        out->seat_numbers[seat] = 0;
        out->players[seat].start = out->players[seat].len = 0;
    }
    for (int seat = 0; seat < r.n_order; seat++) {
        const player *p = &r.players[r.order[seat]];
        out->stacks[seat] = p->stack;
        if (p->collected >= ((int64_t)1 << 31) || p->site_seat > 255)
            return STUD_PS_FALLBACK; /* (a seat number past 255: the Python reader's) */
        out->collected[seat] = (int32_t)p->collected;
        out->seat_numbers[seat] = (uint8_t)p->site_seat;
        out->players[seat].start = (uint32_t)(p->name - buf);
        out->players[seat].len = (uint32_t)p->name_len;
    }
    return STUD_PS_REPRODUCED;
}
