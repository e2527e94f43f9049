/* ps_read.c: one PokerStars hand's lines to a stud_hh_hand, line by line:
 * each line is tested in one order (section, chat, summary, table, seat,
 * dealt, cancelled, uncalled, collected, cashed out, reshuffle, action),
 * and the first check that fails is the hand's error, with its message
 * (the HistoryError text; ps_message.c writes its parts) and line.  The
 * record's checks (the pots add up, the antes, the bring-in) end it. */
#include "ps_history.h"

#include <string.h>

#include "portable.h"
#include "ps_message.h"
#include "ps_text.h"

#define NONE (-1)
/* "posts the ante" lines kept: one per seat (8, or 10 listed players);
 * a damaged file's repeats get 64, then an error */
#define MAX_ANTES 64
#define TWO_31 ((int64_t)1 << 31)

typedef struct {
    const char *name;
    size_t name_len;
    long site_seat;
    int32_t stack;
    uint32_t seat_line;
    int seat;                   /* the engine's seat, or NONE (not dealt in) */
    int64_t put_in, collected;
    int dealt;                  /* visible[] is set (dealt on 3rd street) */
    uint8_t visible[8];
    int n_visible;
    /* visible[] as this reader would write it ("Ah Kd 5c"): a later
     * street's line that repeats those bytes repeats those cards */
    char visible_text[24];
    size_t visible_text_len;
    int pending;                /* dealt on this street: new_cards[] holds the new cards */
    uint8_t new_cards[3];
    int n_new;
} player;

typedef struct {
    ps_msg msg;                 /* the error (ps_message.h) */
    const char *buf;
    size_t end;                 /* the end of the hand's text */
    /* where the text next holds, at or after the line read (lines are read
     * in order), a '"' and " cashed out the hand for " (end: nowhere) */
    size_t quote_at, cashed_at;
    const stud_ps_game *game;
    stud_hh_hand *out;
    stud_ps_extra *extra;
    uint32_t line_no;           /* the number of the line being read */
    uint32_t table_line;        /* the table line's number, once read */
    stud_hh_span table;
    int n_players;
    uint16_t named[256];        /* by a name's first byte: bit k for player k (whose
                                 * name starts with it) */
    int order[STUD_PS_MAX_PLAYERS]; /* the engine's seats: player indexes by site seat */
    int n_order;
    int street, deal_open, showdown, summary, completed;
    unsigned community;         /* bit k: street k was a community card */
    unsigned folded;            /* engine seats */
    int showed_step[STUD_PS_MAX_PLAYERS]; /* the index of a seat's Showed step, or NONE */
    int64_t bets[STUD_PS_MAX_PLAYERS];
    unsigned has_bet;
    int hero;
    int8_t seen[52];            /* the owner: a player, -2 the community, -1 nobody */
    int bring_in_set, bring_in_all_in;
    int64_t bring_in, first_call;
    int has_first_call;
    int64_t all_in_call;        /* the largest all-in call of the bring-in (0: none) */
    int has_total;
    uint32_t total_line;
    int64_t total, rake, pots;
    int n_antes;
    /* (from here on not cleared for a hand: read below n_players and
     * n_antes only, each player cleared by its seat line) */
    player players[STUD_PS_MAX_PLAYERS];
    struct { int who; int64_t amount; int all_in; uint32_t line; } antes[MAX_ANTES];
} reader;

/* ---- the error's message (the HistoryError's text) ----------------------------------- */

static int fail(reader *r, const char *text)
{
    ps_msg_start(&r->msg, r->line_no);
    ps_msg_put(&r->msg, text);
    return -1;
}

static void put_name(reader *r, int who)
{
    ps_msg_raw(&r->msg, r->players[who].name, r->players[who].name_len);
}

/* _show: chips as a number, money as the currency's symbol and cents */
static void put_amount(reader *r, int64_t v)
{
    ps_msg_amount(&r->msg, v, r->game->cents, r->game->symbol);
}

/* ---- small parts (_amount, _cards, _see) ----------------------------------------------- */

static int64_t amount_read(reader *r, const char *s, size_t len);

/* _read_amount: the amount of a whole token, or -1 with the error set.
 * The common spellings first: chips as up to 9 digits; money as up to 7
 * digits, "$" before them when the hand's currency has it, and a point
 * and one or two digits after them (what amount_read makes of them). */
static inline int64_t amount(reader *r, const char *s, size_t len)
{
    size_t i = 0;
    int cents = r->game->cents != 0;
    if (cents && len && s[0] == '$' && (r->game->symbols & 1))
        i = 1;
    size_t first = i, most = cents ? 7 : 9;
    int64_t value = 0;
    while (i < len && i - first < most && ps_digit(s[i]))
        value = value * 10 + (s[i++] - '0');
    if (i > first) {
        if (i == len)
            return cents ? value * 100 : value;
        if (cents && s[i] == '.' && len - i >= 2 && len - i <= 3 && ps_digit(s[i + 1]) &&
            (len - i == 2 || ps_digit(s[i + 2])))
            return value * 100 + (s[i + 1] - '0') * 10 + (len - i == 3 ? s[i + 2] - '0' : 0);
    }
    return amount_read(r, s, len);
}

static int64_t amount_read(reader *r, const char *s, size_t len)
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
    /* \d{1,3}(?:,\d{3})+ or \d+, then (?:\.\d+)? to the end */
    size_t first = i;
    while (i < len && ps_digit(s[i]))
        i++;
    size_t run = i - first;
    int parses = run > 0;
    if (parses && i < len && s[i] == ',') {
        parses = run <= 3;
        while (parses && i < len && s[i] == ',') {
            if (len - i < 4 || !ps_digit(s[i + 1]) || !ps_digit(s[i + 2]) || !ps_digit(s[i + 3]))
                parses = 0;
            i += 4;
        }
        if (parses && i < len && ps_digit(s[i]))
            parses = 0;
    }
    size_t whole_end = i, frac = len;
    if (parses && i < len) {
        if (s[i] != '.' || i + 1 >= len)
            parses = 0;
        frac = i + 1;
        for (size_t k = frac; parses && k < len; k++)
            parses = ps_digit(s[k]);
    }
    if (!parses) {
        ps_msg_start(&r->msg, r->line_no);
        ps_msg_put(&r->msg, "the amount ");
        ps_msg_repr(&r->msg, s, len);
        ps_msg_put(&r->msg, " does not parse");
        return -1;
    }
    if (symbol && !(r->game->symbols & symbol)) {
        ps_msg_start(&r->msg, r->line_no);
        ps_msg_put(&r->msg, "the amount ");
        ps_msg_repr(&r->msg, s, len);
        ps_msg_put(&r->msg, " is not in the hand's ");
        ps_msg_put(&r->msg, r->game->currency[0] ? r->game->currency : "chips");
        return -1;
    }
    int64_t value = 0;
    for (size_t k = first; k < whole_end; k++)
        if (s[k] != ',' && value < TWO_31)
            value = value * 10 + (s[k] - '0');
    const char *problem = NULL;
    if (r->game->cents) {
        int64_t cents = 0;
        for (size_t k = 0; k < 2; k++)
            cents = cents * 10 + (frac + k < len ? s[frac + k] - '0' : 0);
        for (size_t k = frac + 2; k < len; k++)
            if (s[k] != '0')
                problem = " is finer than a cent";
        value = value * 100 + cents;
    } else {
        for (size_t k = frac; k < len; k++)
            if (s[k] != '0')
                problem = " is not a whole number of chips";
    }
    if (!problem && value >= TWO_31)
        problem = " is too large";
    if (problem) {
        ps_msg_start(&r->msg, r->line_no);
        ps_msg_put(&r->msg, "the amount ");
        ps_msg_repr(&r->msg, s, len);
        ps_msg_put(&r->msg, problem);
        return -1;
    }
    return value;
}

/* the word of a \S+ token: no whitespace */
static int token(const char *s, size_t len)
{
    if (!len)
        return 0;
    for (size_t i = 0; i < len; i++)
        if (ps_space(s[i]))
            return 0;
    return 1;
}

/* A card's rank and suit as ASCII letters (ps_card_word's "As", "as",
 * "Td"): 1 + the rank, 1 + the suit; 0 for no rank or suit. */
static const uint8_t rank_letter[256] = {
    ['2'] = 1, ['3'] = 2, ['4'] = 3, ['5'] = 4, ['6'] = 5, ['7'] = 6, ['8'] = 7, ['9'] = 8,
    ['T'] = 9, ['t'] = 9, ['J'] = 10, ['j'] = 10, ['Q'] = 11, ['q'] = 11, ['K'] = 12,
    ['k'] = 12, ['A'] = 13, ['a'] = 13};
static const uint8_t suit_letter[256] = {['c'] = 1, ['C'] = 1, ['d'] = 2, ['D'] = 2,
                                         ['h'] = 3, ['H'] = 3, ['s'] = 4, ['S'] = 4};

/* _cards: the cards of a whitespace-separated text; the count, or -1 with
 * the error set.  `out` holds 52 (a 53rd card would repeat one). */
static int cards(reader *r, const char *s, size_t len, uint8_t *out)
{
    if (len == 2 && rank_letter[(unsigned char)s[0]] && suit_letter[(unsigned char)s[1]]) {
        /* (one card in the common spelling: a street's new card) */
        out[0] = (uint8_t)((rank_letter[(unsigned char)s[0]] - 1) * 4 +
                           suit_letter[(unsigned char)s[1]] - 1);
        return 1;
    }
    int n = 0;
    size_t i = 0;
    uint64_t listed = 0; /* the cards so far */
    while (i < len) {
        if (ps_space(s[i])) {
            i++;
            continue;
        }
        size_t j;
        int c;
        unsigned rank = rank_letter[(unsigned char)s[i]];
        unsigned suit = len - i >= 2 ? suit_letter[(unsigned char)s[i + 1]] : 0;
        if (rank && suit && (len - i == 2 || ps_space(s[i + 2]))) { /* (the common spelling) */
            c = (int)((rank - 1) * 4 + suit - 1);
            j = i + 2;
        } else {
            j = i;
            while (j < len && !ps_space(s[j]))
                j++;
            c = ps_card_word(s + i, j - i);
        }
        if (c < 0) {
            ps_msg_start(&r->msg, r->line_no);
            ps_msg_repr(&r->msg, s + i, j - i);
            ps_msg_put(&r->msg, " is not a card");
            return -1;
        }
        if (listed >> c & 1) {
            ps_msg_start(&r->msg, r->line_no);
            ps_msg_card(&r->msg, c);
            ps_msg_put(&r->msg, " is listed twice in [");
            ps_msg_raw(&r->msg, s, len);
            ps_msg_put(&r->msg, "]");
            return -1;
        }
        listed |= (uint64_t)1 << c;
        out[n++] = (uint8_t)c;
        i = j;
    }
    if (!n)
        return fail(r, "no cards between the brackets");
    return n;
}

/* a (seat, cards) list of the record's fields */
static int keep_cards(reader *r, stud_ps_cards *lists, int *n, int seat, const uint8_t *c,
                      int n_cards, const char *what)
{
    if (*n >= STUD_PS_MAX_CARD_LISTS) {
        ps_msg_start(&r->msg, r->line_no);
        ps_msg_put(&r->msg, "more than 16 ");
        ps_msg_put(&r->msg, what);
        ps_msg_put(&r->msg, " in one hand");
        return -1;
    }
    stud_ps_cards *list = &lists[(*n)++];
    list->seat = (uint8_t)seat;
    list->n_cards = (uint8_t)n_cards;
    memcpy(list->cards, c, (size_t)n_cards);
    return 0;
}

/* _see: a card seen elsewhere (or twice, unless again) is an error. */
static int see(reader *r, int c, int owner, int again)
{
    int previous = r->seen[c];
    if (previous == -1) {
        r->seen[c] = (int8_t)owner;
        return 0;
    }
    if (previous == owner && again)
        return 0;
    ps_msg_start(&r->msg, r->line_no);
    ps_msg_card(&r->msg, c);
    ps_msg_put(&r->msg, " is seen twice in the hand (it is ");
    if (previous == -2) {
        ps_msg_put(&r->msg, "the community card)");
    } else {
        put_name(r, previous);
        ps_msg_put(&r->msg, "'s)");
    }
    return -1;
}

/* The players whose names start with the byte c: bit k for player k */
static inline unsigned named_from(const reader *r, char c)
{
    return r->named[(unsigned char)c];
}

static int find_player(const reader *r, const char *s, size_t len)
{
    if (!len)
        return NONE; /* (no name is empty) */
    for (unsigned m = named_from(r, s[0]); m; m &= m - 1) {
        int k = stud_ctz64(m);
        if (r->players[k].name_len == len && stud_same_bytes(r->players[k].name, s, len))
            return k;
    }
    return NONE;
}

/* _who: the player whose name the line starts with, followed by `sep`
 * (the longest such name), or NONE; *rest: where the rest starts */
static int who_starts(const reader *r, const char *s, size_t len, const char *sep, size_t *rest)
{
    size_t n_sep = strlen(sep);
    int best = NONE;
    for (int k = 0; k < r->n_players; k++) {
        const player *p = &r->players[k];
        if (p->name_len + n_sep <= len && stud_same_bytes(s, p->name, p->name_len) &&
            stud_same_bytes(s + p->name_len, sep, n_sep) &&
            (best == NONE || p->name_len > r->players[best].name_len))
            best = k;
    }
    if (best != NONE)
        *rest = r->players[best].name_len + n_sep;
    return best;
}

/* The player whose name the text starts with, followed by the bytes c0
 * and c1 (the longest such name), or NONE: who_starts for a two-byte
 * separator, each name's next byte compared first. */
static STUD_ALWAYS_INLINE int who_then(const reader *r, const char *s, size_t len, char c0, char c1)
{
    int best = NONE;
    size_t best_len = 0;
    if (!len)
        return NONE;
    for (unsigned m = named_from(r, s[0]); m; m &= m - 1) {
        int k = stud_ctz64(m);
        const player *p = &r->players[k];
        size_t n = p->name_len;
        if (n + 2 <= len && s[n] == c0 && s[n + 1] == c1 && (best == NONE || n > best_len) &&
            stud_same_bytes(s, p->name, n)) {
            best = k;
            best_len = n;
        }
    }
    return best;
}

/* the player at the table named `s`, or NONE with the error set */
static int known(reader *r, const char *s, size_t len)
{
    int who = find_player(r, s, len);
    if (who == NONE) {
        ps_msg_start(&r->msg, r->line_no);
        ps_msg_repr(&r->msg, s, len);
        ps_msg_put(&r->msg, " is not at the table");
    }
    return who;
}

static STUD_NOINLINE stud_hh_step *too_many_steps(reader *r)
{
    ps_msg_start(&r->msg, r->line_no);
    ps_msg_put(&r->msg, "the hand has more than ");
    ps_msg_int(&r->msg, STUD_PS_MAX_STEPS);
    ps_msg_put(&r->msg, " steps");
    return NULL;
}

static STUD_ALWAYS_INLINE stud_hh_step *new_step(reader *r, int type, int seat)
{
    if (r->out->n_steps >= STUD_PS_MAX_STEPS) return too_many_steps(r);
    stud_hh_step *step = &r->out->steps[r->out->n_steps++];
    stud_hh_step_start(step, type, seat, r->line_no);
    return step;
}

static void put_street(reader *r)
{
    if (r->street == 7) {
        ps_msg_put(&r->msg, "7th street");
    } else {
        ps_msg_int(&r->msg, r->street);
        ps_msg_put(&r->msg, "th street");
    }
}

/* ---- _flush: the street's Dealt steps, once its Dealt lines are over ----------------------- */

static int flush(reader *r)
{
    if (!r->deal_open)
        return 0;
    r->deal_open = 0;
    int result = 0;
    if (r->street == 3) {
        int n = 0, dealt[STUD_PS_MAX_PLAYERS];
        for (int k = 0; k < r->n_players; k++)
            if (r->players[k].pending)
                dealt[n++] = k;
        if (n < 2) {
            result = fail(r, "fewer than two players are dealt in");
            goto done;
        }
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
            if (!step) {
                result = -1;
                goto done;
            }
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
            if (p->pending && p->n_new) {
                stud_hh_step *step = new_step(r, STUD_HH_DEALT, seat);
                if (!step) {
                    result = -1;
                    goto done;
                }
                step->n_cards = (uint8_t)p->n_new;
                for (int k = 0; k < p->n_new; k++) /* (one card, mostly: no call) */
                    step->cards[k] = p->new_cards[k];
            } else if (r->street == 7) { /* the down card only the hero sees */
                stud_hh_step *step = new_step(r, STUD_HH_DEALT, seat);
                if (!step) {
                    result = -1;
                    goto done;
                }
                step->n_cards = 1;
                step->cards[0] = STUD_HH_UNKNOWN;
            } else {
                ps_msg_start(&r->msg, r->line_no);
                ps_msg_put(&r->msg, "no card dealt to ");
                put_name(r, r->order[seat]);
                ps_msg_put(&r->msg, " on ");
                put_street(r);
                result = -1;
                goto done;
            }
        }
    }
done:
    for (int k = 0; k < r->n_players; k++)
        r->players[k].pending = 0;
    return result;
}

/* ---- the kinds of lines ------------------------------------------------------------------ */

/* "*** NAME ***[ [card]]" (_section; the names' case does not matter) */
static int section(reader *r, const char *s, size_t len)
{
    /* the name: up to the first '*' after "*** ", which must start " ***" */
    long star = ps_char(s, len, 4, '*');
    if (star < 5 || s[star - 1] != ' ' || len - (size_t)star < 3 || s[star + 1] != '*' ||
        s[star + 2] != '*') {
        ps_msg_start(&r->msg, r->line_no);
        ps_msg_put(&r->msg, "unknown section ");
        ps_msg_repr(&r->msg, s, len);
        return -1;
    }
    const char *name = s + 4;
    size_t name_len = (size_t)star - 5, at = (size_t)star + 3;
    int has_card = 0;
    size_t card_start = 0, card_end = 0;
    if (at < len) { /* " [card]" to the end, no "]" inside */
        if (len - at < 3 || s[at] != ' ' || s[at + 1] != '[' || s[len - 1] != ']' ||
            ps_char(s, len - 1, at + 2, ']') >= 0) {
            ps_msg_start(&r->msg, r->line_no);
            ps_msg_put(&r->msg, "unknown section ");
            ps_msg_repr(&r->msg, s, len);
            return -1;
        }
        has_card = 1;
        card_start = at + 2;
        card_end = len - 1;
    }
    static const struct { const char *name; size_t len; int street; } names[] = {
        {"3rd street", 10, 3}, {"4th street", 10, 4}, {"5th street", 10, 5},
        {"6th street", 10, 6}, {"river", 5, 7},       {"7th street", 10, 7},
        {"show down", 9, 1},   {"summary", 7, 2}};
    int street = 0;
    for (size_t k = 0; k < sizeof names / sizeof names[0] && !street; k++)
        if (name_len == names[k].len && ps_iequal(name, name_len, names[k].name))
            street = names[k].street;
    if (flush(r))
        return -1;
    if (street == 2) {
        if (r->street == 0) /* (no seat is dealt in: no record of 2-8 seats) */
            return fail(r, "the summary before the deal");
        r->summary = 1;
        return 0;
    }
    if (street == 1) {
        if (r->street == 0)
            return fail(r, "a showdown before the deal");
        r->showdown = 1;
        return 0;
    }
    if (!street) {
        ps_msg_start(&r->msg, r->line_no);
        ps_msg_repr(&r->msg, name, name_len);
        ps_msg_put(&r->msg, " is not a stud street");
        return -1;
    }
    if (r->showdown || street != (r->street == 0 ? 3 : r->street + 1)) {
        ps_msg_start(&r->msg, r->line_no);
        ps_msg_raw(&r->msg, name, name_len);
        ps_msg_put(&r->msg, " comes out of order");
        return -1;
    }
    r->street = street;
    r->has_bet = 0;
    r->deal_open = 1;
    if (has_card) {
        if (street == 3)
            return fail(r, "a community card on 3rd street");
        uint8_t community[52];
        int n = cards(r, s + card_start, card_end - card_start, community);
        if (n < 0)
            return -1;
        if (n != 1)
            return fail(r, "a community card is one card");
        if (see(r, community[0], -2, 0))
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
 * at what follows ": "; -2 for a number past 10**9 (no seat has it), -1 for
 * no "N: " there. */
static long seat_number(const char *s, size_t len, size_t *after)
{
    size_t i = 5;
    long number = 0;
    int big = 0;
    while (i < len && ps_digit(s[i])) {
        number = number * 10 + (s[i] - '0');
        if (number > 1000000000L) {
            big = 1;
            number = 1000000000L;
        }
        i++;
    }
    if (i == 5 || len - i < 2 || s[i] != ':' || s[i + 1] != ' ')
        return -1;
    *after = i + 2;
    return big ? -2 : number;
}

static int seat_unparsed(reader *r, const char *s, size_t len)
{
    ps_msg_start(&r->msg, r->line_no);
    ps_msg_put(&r->msg, "the seat line does not parse: ");
    ps_msg_repr(&r->msg, s, len);
    return -1;
}

/* The end of an amount's text from k (k <= len): a currency sign ($, euro,
 * pound) when `digits` is given, then digits, points and commas; *digits:
 * where those begin. */
static size_t money_end(const char *s, size_t len, size_t k, size_t *digits)
{
    if (digits != NULL) {
        if (k < len && s[k] == '$')
            k++;
        else if (len - k >= 3 && memcmp(s + k, "\xE2\x82\xAC", 3) == 0)
            k += 3;
        else if (len - k >= 2 && memcmp(s + k, "\xC2\xA3", 2) == 0)
            k += 2;
        *digits = k;
    }
    while (k < len && (ps_digit(s[k]) || s[k] == '.' || s[k] == ','))
        k++;
    return k;
}

/* "Seat N: NAME (STACK in chips[, ...])REST" (_seat) */
static int seat_line(reader *r, const char *s, size_t len)
{
    size_t i;
    long number = seat_number(s, len, &i);
    if (number == -1)
        return seat_unparsed(r, s, len);
    size_t name = i;
    /* the name is greedy: the last " (" after which the rest fits */
    for (long p = ps_rfind(s, len, len, " ("); p > (long)name; p = ps_rfind(s, len, (size_t)p, " (")) {
        size_t stack = (size_t)p + 2, digits;
        size_t k = money_end(s, len, stack, &digits);
        if (k == digits || !ps_prefix(s + k, len - k, " in chips"))
            continue;
        size_t stack_end = k;
        k += 9;
        if (k < len && s[k] == ',')
            k = (size_t)(ps_char(s, len, k, ')') < 0 ? (long)len : ps_char(s, len, k, ')'));
        if (k >= len || s[k] != ')')
            continue;
        const char *nm = s + name;
        size_t nm_len = (size_t)p - name;
        int twice = find_player(r, nm, nm_len) != NONE;
        for (int q = 0; q < r->n_players && !twice; q++)
            twice = r->players[q].site_seat == number;
        if (twice || number == -2) {
            ps_msg_start(&r->msg, r->line_no);
            if (number == -2) { /* (no seat numbers so large: kept as written) */
                ps_msg_put(&r->msg, "seat ");
                size_t d = 5;
                while (d + 1 < len && s[d] == '0' && ps_digit(s[d + 1]))
                    d++;
                ps_msg_raw(&r->msg, s + d, i - 2 - d);
                ps_msg_put(&r->msg, " (");
                ps_msg_raw(&r->msg, nm, nm_len);
                ps_msg_put(&r->msg, ") is past seat 255");
                return -1;
            }
            ps_msg_put(&r->msg, "seat ");
            ps_msg_int(&r->msg, number);
            ps_msg_put(&r->msg, " (");
            ps_msg_raw(&r->msg, nm, nm_len);
            ps_msg_put(&r->msg, ") is listed twice");
            return -1;
        }
        int64_t chips = amount(r, s + stack, stack_end - stack);
        if (chips < 0)
            return -1;
        if (number > STUD_PS_MAX_SEAT_NUMBER) {
            ps_msg_start(&r->msg, r->line_no);
            ps_msg_put(&r->msg, "seat ");
            ps_msg_int(&r->msg, number);
            ps_msg_put(&r->msg, " (");
            ps_msg_raw(&r->msg, nm, nm_len);
            ps_msg_put(&r->msg, ") is past seat 255");
            return -1;
        }
        if (r->n_players >= STUD_PS_MAX_PLAYERS)
            return fail(r, "more than 10 seat lines: no stud table seats so many");
        r->named[(unsigned char)nm[0]] |= (uint16_t)(1u << r->n_players);
        /* member by member, not a memset of the 120 bytes (gcc's `rep stos`,
         * slow to start: hh_hand.h's stud_hh_step_start); visible[] and
         * visible_text are read only up to their counts */
        player *pl = &r->players[r->n_players++];
        pl->name = nm;
        pl->name_len = nm_len;
        pl->site_seat = number;
        pl->stack = (int32_t)chips;
        pl->seat_line = r->line_no;
        pl->seat = NONE;
        pl->put_in = pl->collected = 0;
        pl->dealt = pl->n_visible = pl->pending = pl->n_new = 0;
        pl->visible_text_len = 0;
        pl->new_cards[0] = pl->new_cards[1] = pl->new_cards[2] = 0;
        return 0;
    }
    return seat_unparsed(r, s, len);
}

/* "Dealt to NAME [a b][ [c]]" (_dealt) */
static int dealt_line(reader *r, const char *s, size_t len)
{
    const char *rest = s + 9;
    size_t n = len - 9;
    /* the name: the last " [" that ends one, so the longest name followed
     * by " [" */
    int who = who_then(r, rest, n, ' ', '[');
    if (who == NONE) {
        long first = ps_find(rest, n, 0, " [");
        ps_msg_start(&r->msg, r->line_no);
        ps_msg_put(&r->msg, "cards dealt to ");
        ps_msg_repr(&r->msg, rest, first < 0 ? n : (size_t)first);
        ps_msg_put(&r->msg, ", who is not at the table");
        return -1;
    }
    if (!r->deal_open) {
        ps_msg_start(&r->msg, r->line_no);
        ps_msg_put(&r->msg, "cards dealt to ");
        put_name(r, who);
        ps_msg_put(&r->msg, " outside the deal of a street");
        return -1;
    }
    player *p = &r->players[who];
    size_t end = p->name_len;
    const char *b = rest + end + 1;
    size_t bn = n - (size_t)end - 1;
    /* \[A\](?: \[B\])? (A: the cards dealt before, as written here, on a
     * later street; read, they would be those) */
    size_t known_len = r->street != 3 ? p->visible_text_len : 0;
    int repeated = known_len && bn >= known_len + 2 && b[0] == '[' && b[known_len + 1] == ']' &&
                   stud_same_bytes(b + 1, p->visible_text, known_len);
    long close = repeated ? (long)known_len + 1
                 : bn >= 2 && b[0] == '[' ? ps_char(b, bn, 1, ']') : -1;
    size_t at = (size_t)close + 1;
    if (close < 0 || (at < bn && (bn - at < 3 || b[at] != ' ' || b[at + 1] != '[' ||
                                  b[bn - 1] != ']' || ps_has(b + at + 2, bn - 1 - (at + 2), ']')))) {
        ps_msg_start(&r->msg, r->line_no);
        ps_msg_put(&r->msg, "the cards dealt to ");
        put_name(r, who);
        ps_msg_put(&r->msg, " do not parse");
        return -1;
    }
    uint8_t first[52], second[52];
    int n_first, n_second = -1;
    if (repeated) {
        n_first = p->n_visible;
        memcpy(first, p->visible, sizeof p->visible);
    } else {
        n_first = cards(r, b + 1, (size_t)close - 1, first);
        if (n_first < 0)
            return -1;
    }
    if (at < bn) {
        n_second = cards(r, b + at + 2, bn - 1 - (at + 2), second);
        if (n_second < 0)
            return -1;
    }
    if (p->pending) {
        ps_msg_start(&r->msg, r->line_no);
        put_name(r, who);
        ps_msg_put(&r->msg, " is dealt twice on one street");
        return -1;
    }
    uint8_t *fresh;
    int n_fresh;
    if (r->street == 3) {
        if (n_second >= 0 || (n_first != 1 && n_first != 3)) {
            ps_msg_start(&r->msg, r->line_no);
            ps_msg_put(&r->msg, "3rd street deals one card face up, or three to the hero: not ");
            const char *t = s + 9 + p->name_len;
            size_t tn = len - 9 - p->name_len;
            while (tn && ps_space(*t)) {
                t++;
                tn--;
            }
            ps_msg_raw(&r->msg, t, tn);
            return -1;
        }
        if (n_first == 3) {
            if (r->hero != NONE) {
                ps_msg_start(&r->msg, r->line_no);
                ps_msg_put(&r->msg, "both ");
                put_name(r, r->hero);
                ps_msg_put(&r->msg, " and ");
                put_name(r, who);
                ps_msg_put(&r->msg, " show their down cards");
                return -1;
            }
            r->hero = who;
        }
        p->dealt = 1;
        p->n_visible = 0;
        p->visible_text_len = 0;
        fresh = first;
        n_fresh = n_first;
    } else {
        const char *problem = NULL;
        if (p->seat == NONE)
            problem = " is dealt a card but was not dealt in";
        else if (r->folded >> p->seat & 1)
            problem = " is dealt a card after folding";
        if (problem) {
            ps_msg_start(&r->msg, r->line_no);
            put_name(r, who);
            ps_msg_put(&r->msg, problem);
            return -1;
        }
        if (n_first != p->n_visible || !stud_same_bytes((const char *)first,
                                                        (const char *)p->visible, (size_t)n_first)) {
            ps_msg_start(&r->msg, r->line_no);
            ps_msg_put(&r->msg, "the cards repeated for ");
            put_name(r, who);
            ps_msg_put(&r->msg, " (");
            ps_msg_cards(&r->msg, first, n_first);
            ps_msg_put(&r->msg, ") are not the ones dealt before (");
            ps_msg_cards(&r->msg, p->visible, p->n_visible);
            ps_msg_put(&r->msg, ")");
            return -1;
        }
        fresh = second;
        n_fresh = n_second < 0 ? 0 : n_second;
        if (n_fresh > 1 || (n_fresh && (r->community >> r->street & 1))) {
            ps_msg_start(&r->msg, r->line_no);
            put_name(r, who);
            ps_msg_put(&r->msg, " is dealt ");
            ps_msg_cards(&r->msg, fresh, n_fresh);
            ps_msg_put(&r->msg, " on ");
            put_street(r);
            return -1;
        }
    }
    for (int k = 0; k < n_fresh; k++)
        if (see(r, fresh[k], who, 0))
            return -1;
    /* (3 on 3rd street, then one a street: 7 at most) */
    for (int k = 0; k < n_fresh; k++) {
        int c = fresh[k];
        p->visible[p->n_visible++] = (uint8_t)c;
        p->new_cards[k] = (uint8_t)c;
        char *t = p->visible_text + p->visible_text_len;
        if (p->visible_text_len)
            *t++ = ' ';
        t[0] = "23456789TJQKA"[c >> 2];
        t[1] = "cdhs"[c & 3];
        p->visible_text_len = (size_t)(t + 2 - p->visible_text);
    }
    p->n_new = n_fresh;
    p->pending = 1;
    return 0;
}

/* _INFO_ACTIONS: "NAME: ..." lines that only inform */
static int informs(const char *s, size_t len)
{
    static const char *const whole[] = {"is sitting out", "sits out", "is connected",
                                        "is disconnected", "has returned", "is back",
                                        "sitting out"};
    for (size_t k = 0; k < sizeof whole / sizeof whole[0]; k++)
        if (ps_equal(s, len, whole[k]))
            return 1;
    return ps_prefix(s, len, "has timed out") || ps_prefix(s, len, "will be allowed to play");
}

/* "[...]" to the end, no "]" inside, at s */
static int bracketed(const char *s, size_t len)
{
    return len >= 2 && s[0] == '[' && s[len - 1] == ']' && ps_char(s, len - 1, 1, ']') < 0;
}

/* a show at a showdown, once (record.show_once): a seat that shows again
 * shows the same cards or more of them (the later show replaces the
 * earlier step); other cards are an error */
static int show_once(reader *r, int who, int seat, const uint8_t *shown, int n_shown)
{
    int earlier = r->showed_step[seat];
    if (earlier == NONE) {
        stud_hh_step *step = new_step(r, STUD_HH_SHOWED, seat);
        if (!step)
            return -1;
        r->showed_step[seat] = r->out->n_steps - 1;
        step->n_cards = (uint8_t)n_shown;
        memcpy(step->cards, shown, (size_t)n_shown);
        return 0;
    }
    stud_hh_step *before = &r->out->steps[earlier];
    uint64_t old = 0, new_ = 0;
    for (int k = 0; k < before->n_cards; k++)
        if (before->cards[k] < 52)
            old |= (uint64_t)1 << before->cards[k];
    for (int k = 0; k < n_shown; k++)
        new_ |= (uint64_t)1 << shown[k];
    if ((new_ & ~old) == 0)
        return 0; /* a repeated show */
    if ((old & ~new_) != 0) {
        uint8_t added[52], missing[52];
        int n_added = 0, n_missing = 0;
        for (int c = 0; c < 52; c++) { /* (sorted: the cards' order is their index's) */
            if ((new_ & ~old) >> c & 1)
                added[n_added++] = (uint8_t)c;
            if ((old & ~new_) >> c & 1)
                missing[n_missing++] = (uint8_t)c;
        }
        ps_msg_start(&r->msg, r->line_no);
        put_name(r, who);
        ps_msg_put(&r->msg, " shows ");
        ps_msg_cards(&r->msg, added, n_added);
        ps_msg_put(&r->msg, ", not the cards he showed before, ");
        ps_msg_cards(&r->msg, missing, n_missing);
        return -1;
    }
    before->n_cards = (uint8_t)n_shown; /* (its line stays the first show's) */
    memcpy(before->cards, shown, (size_t)n_shown);
    return 0;
}

/* The text's first word (up to its first space, or all of it) is `lit`,
 * a word of no space */
static inline int first_word(const char *s, size_t len, const char *lit)
{
    size_t n = strlen(lit);
    return ps_prefix(s, len, lit) && (len == n || s[n] == ' ');
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
    enum { UNKNOWN, ANTE, BRING_IN, FOLD, CHECK, CALL, BET, RAISE, COMPLETE, SHOW, MUCK,
           NO_SHOW } kind = UNKNOWN;
    const char *a = NULL, *b = NULL;
    size_t a_len = 0, b_len = 0;
    /* the kind by the first word, then the whole pattern */
    if (first_word(s, len, "posts")) {
        size_t at = ps_prefix(s, len, "posts the ante ") ? 15 : ps_prefix(s, len, "posts ante ") ? 11 : 0;
        if (at && token(s + at, len - at)) {
            kind = ANTE;
            a = s + at;
            a_len = len - at;
        }
    } else if (first_word(s, len, "brings")) {
        if (ps_prefix(s, len, "brings in for ") && token(s + 14, len - 14)) {
            kind = BRING_IN;
            a = s + 14;
            a_len = len - 14;
        }
    } else if (first_word(s, len, "folds")) {
        if (len == 5 || (len > 6 && s[5] == ' ' && bracketed(s + 6, len - 6)))
            kind = FOLD;
    } else if (first_word(s, len, "checks")) {
        if (len == 6)
            kind = CHECK;
    } else if (first_word(s, len, "calls")) {
        if (token(s + 6, len > 6 ? len - 6 : 0)) {
            kind = CALL;
            a = s + 6;
            a_len = len - 6;
        }
    } else if (first_word(s, len, "bets")) {
        if (token(s + 5, len > 5 ? len - 5 : 0)) {
            kind = BET;
            a = s + 5;
            a_len = len - 5;
        }
    } else if (first_word(s, len, "raises")) {
        long to = ps_find(s, len, 7, " to ");
        if (len > 7 && to > 7 && token(s + 7, (size_t)to - 7) &&
            token(s + to + 4, len - (size_t)to - 4)) {
            kind = RAISE;
            a = s + 7;
            a_len = (size_t)to - 7;
            b = s + to + 4;
            b_len = len - (size_t)to - 4;
        }
    } else if (first_word(s, len, "completes")) {
        size_t at = ps_prefix(s, len, "completes to ") ? 13
                    : ps_prefix(s, len, "completes it to ") ? 16 : 0;
        if (at && token(s + at, len - at)) {
            kind = COMPLETE;
            b = s + at;
            b_len = len - at;
        }
    } else if (first_word(s, len, "shows")) {
        long close = ps_prefix(s, len, "shows [") ? ps_char(s, len, 7, ']') : -1;
        size_t after = (size_t)close + 1;
        if (close >= 0 && (after == len || (len - after >= 3 && s[after] == ' ' &&
                                             s[after + 1] == '(' && s[len - 1] == ')'))) {
            kind = SHOW;
            a = s + 7;
            a_len = (size_t)close - 7;
        }
    } else if (first_word(s, len, "mucks")) {
        if (ps_equal(s, len, "mucks hand") || (len > 6 && s[5] == ' ' && bracketed(s + 6, len - 6)))
            kind = MUCK;
    } else if (first_word(s, len, "doesn't")) {
        if (ps_equal(s, len, "doesn't show hand"))
            kind = NO_SHOW;
    }
    if (kind == UNKNOWN) {
        if (informs(s, len))
            return 0;
        ps_msg_start(&r->msg, r->line_no);
        put_name(r, who);
        ps_msg_put(&r->msg, ": unknown action ");
        ps_msg_repr(&r->msg, s, len);
        return -1;
    }
    if (kind == ANTE) {
        if (r->street != 0) {
            ps_msg_start(&r->msg, r->line_no);
            put_name(r, who);
            ps_msg_put(&r->msg, " posts an ante after the deal");
            return -1;
        }
        int64_t v = amount(r, a, a_len);
        if (v < 0)
            return -1;
        if (r->n_antes >= MAX_ANTES)
            return fail(r, "more than 64 antes in one hand");
        p->put_in += v;
        r->antes[r->n_antes].who = who;
        r->antes[r->n_antes].amount = v;
        r->antes[r->n_antes].all_in = all_in;
        r->antes[r->n_antes].line = r->line_no;
        r->n_antes++;
        return 0;
    }
    if (r->street == 0) {
        ps_msg_start(&r->msg, r->line_no);
        put_name(r, who);
        ps_msg_put(&r->msg, " acts before the deal");
        return -1;
    }
    if (r->deal_open && flush(r))
        return -1;
    int seat = p->seat;
    if (seat == NONE) {
        ps_msg_start(&r->msg, r->line_no);
        put_name(r, who);
        ps_msg_put(&r->msg, " acts but was not dealt in");
        return -1;
    }
    if (kind == SHOW || kind == MUCK || kind == NO_SHOW) {
        int live = r->n_order;
        for (int k = 0; k < r->n_order; k++)
            live -= (int)(r->folded >> k & 1);
        int showdown = !(r->folded >> seat & 1) && live >= 2;
        if (kind == SHOW) {
            uint8_t shown[52];
            int n_shown = cards(r, a, a_len, shown);
            if (n_shown < 0)
                return -1;
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
            if (count > 7 - communities) {
                ps_msg_start(&r->msg, r->line_no);
                put_name(r, who);
                ps_msg_put(&r->msg, " shows more cards than he holds");
                return -1;
            }
            for (int k = 0; k < n_shown; k++)
                if (see(r, shown[k], who, 1))
                    return -1;
            if (showdown)
                return show_once(r, who, seat, shown, n_shown);
            return keep_cards(r, r->extra->shown, &r->extra->n_shown, seat, shown, n_shown,
                              "shows without a showdown");
        }
        if (showdown && !new_step(r, STUD_HH_MUCKED, seat))
            return -1;
        return 0;
    }
    const char *problem = NULL;
    if (r->showdown)
        problem = " bets after the showdown began";
    else if (r->folded >> seat & 1)
        problem = " acts after folding";
    if (problem) {
        ps_msg_start(&r->msg, r->line_no);
        put_name(r, who);
        ps_msg_put(&r->msg, problem);
        return -1;
    }
    int64_t before = (r->has_bet >> seat & 1) ? r->bets[seat] : 0, to = -1;
    int move, has_to = 0;
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
        has_to = 1;
        if (r->street == 3 && !r->completed && all_in) {
            /* all in: the call may be short of the bring-in (2.7), which is
             * at least this much */
            if (to > r->all_in_call)
                r->all_in_call = to;
        } else if (r->street == 3 && !r->completed && !r->has_first_call) {
            r->has_first_call = 1;
            r->first_call = to;
        }
    } else if (kind == BRING_IN) {
        if (r->street != 3 || r->bring_in_set || r->has_bet) {
            ps_msg_start(&r->msg, r->line_no);
            put_name(r, who);
            ps_msg_put(&r->msg, " brings in out of turn");
            return -1;
        }
        to = amount(r, a, a_len);
        if (to < 0)
            return -1;
        has_to = 1;
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
        has_to = 1;
        int64_t faced = 0;
        int any = 0;
        for (unsigned bet = r->has_bet; bet; bet &= bet - 1) {
            int k = stud_ctz64(bet);
            if (!any || r->bets[k] > faced) {
                faced = r->bets[k];
                any = 1;
            }
        }
        if (to <= faced && !all_in) {
            ps_msg_start(&r->msg, r->line_no);
            put_name(r, who);
            ps_msg_put(&r->msg, " raises to ");
            put_amount(r, to);
            ps_msg_put(&r->msg, ", not above the bet");
            return -1;
        }
        if (kind == RAISE && to > faced) { /* "raises X to Y": X is Y over the bet faced */
            int64_t by = amount(r, a, a_len);
            if (by < 0)
                return -1;
            if (by != to - faced) {
                ps_msg_start(&r->msg, r->line_no);
                put_name(r, who);
                ps_msg_put(&r->msg, " raises ");
                put_amount(r, by);
                ps_msg_put(&r->msg, " to ");
                put_amount(r, to);
                ps_msg_put(&r->msg, ", but the bet was ");
                put_amount(r, faced);
                ps_msg_put(&r->msg, ": a raise of ");
                put_amount(r, to - faced);
                return -1;
            }
        }
        if (r->street == 3)
            r->completed = 1;
    }
    if (has_to) {
        if (to < before) {
            ps_msg_start(&r->msg, r->line_no);
            put_name(r, who);
            ps_msg_put(&r->msg, "'s bet goes down to ");
            put_amount(r, to);
            return -1;
        }
        if (to >= TWO_31) { /* (a round total no int32 holds: no real hand bets so much) */
            ps_msg_start(&r->msg, r->line_no);
            put_name(r, who);
            ps_msg_put(&r->msg, "'s bet goes up to ");
            put_amount(r, to);
            ps_msg_put(&r->msg, ", past 2**31 - 1");
            return -1;
        }
        p->put_in += to - before;
        r->bets[seat] = to;
        r->has_bet |= 1u << seat;
    }
    stud_hh_step *step = new_step(r, STUD_HH_ACTED, seat);
    if (!step)
        return -1;
    step->move = (uint8_t)move;
    step->to = has_to ? (int32_t)to : STUD_HH_NONE;
    return 0;
}

/* _FEE over what follows the rake, each match in turn:
 * "(?:^|\| )[A-Za-z ]*(?:Jackpot|Fee|jackpot|fee) [$€£]?[\d.,]+"; each fee
 * counts as rake (docs/rules.md 11.3) */
static int fee_at(const char *s, size_t len, size_t from, size_t *amount_start, size_t *end)
{
    static const char *const words[] = {"Jackpot", "Fee", "jackpot", "fee"};
    size_t q = from;
    while (q < len && (s[q] == ' ' || (s[q] >= 'A' && s[q] <= 'Z') || (s[q] >= 'a' && s[q] <= 'z')))
        q++;
    for (size_t x = q + 1; x-- > from;) { /* (the longest run before the word first) */
        for (size_t w = 0; w < 4; w++) {
            size_t n = strlen(words[w]);
            if (x + n >= len || memcmp(s + x, words[w], n) != 0 || s[x + n] != ' ')
                continue;
            size_t start = x + n + 1, digits;
            size_t k = money_end(s, len, start, &digits);
            if (k == digits) /* (the symbol given back: digits must start there) */
                k = money_end(s, len, start, NULL), digits = start;
            if (k > digits) {
                *amount_start = start;
                *end = k;
                return 1;
            }
        }
    }
    return 0;
}

static int fees(reader *r, const char *s, size_t len)
{
    size_t i = 0, start, end;
    while (i < len) {
        int found = (i == 0 && fee_at(s, len, 0, &start, &end)) ||
                    (len - i >= 2 && s[i] == '|' && s[i + 1] == ' ' &&
                     fee_at(s, len, i + 2, &start, &end));
        if (!found) {
            i++;
            continue;
        }
        int64_t fee = amount(r, s + start, end - start);
        if (fee < 0)
            return -1;
        r->rake += fee;
        i = end;
    }
    return 0;
}

/* the summary's lines (_summary) */
static int summary_line(reader *r, const char *s, size_t len)
{
    if (ps_prefix(s, len, "Total pot ")) {
        /* Total pot (\S+)((?: (?:Main pot|Side pot(?:-\d+)?) \S+?\.)*) \| Rake (\S+)(.*) */
        size_t i = 10, t = i;
        while (i < len && !ps_space(s[i]))
            i++;
        int parses = i > t;
        size_t total_end = i;
        struct { size_t start, end; } pot[STUD_PS_MAX_POTS + 1];
        int n_pots = 0;
        while (parses) {
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
                        break;
                }
                if (k >= len || s[k] != ' ')
                    break;
                k++;
            } else {
                break;
            }
            size_t a = k;
            while (k < len && !ps_space(s[k]))
                k++;
            if (k - a < 2 || s[k - 1] != '.')
                break;
            if (n_pots < STUD_PS_MAX_POTS + 1) {
                pot[n_pots].start = a;
                pot[n_pots].end = k - 1;
            }
            n_pots++;
            i = k;
        }
        size_t rake_start = i + 8, rake_end = rake_start;
        if (parses && ps_prefix(s + i, len - i, " | Rake ")) {
            while (rake_end < len && !ps_space(s[rake_end]))
                rake_end++;
            parses = rake_end > rake_start;
        } else {
            parses = 0;
        }
        if (!parses) {
            ps_msg_start(&r->msg, r->line_no);
            ps_msg_put(&r->msg, "the total pot line does not parse: ");
            ps_msg_repr(&r->msg, s, len);
            return -1;
        }
        if (r->has_total)
            return fail(r, "a second 'Total pot' line in the summary");
        int64_t total = amount(r, s + t, total_end - t);
        if (total < 0)
            return -1;
        int64_t rake = amount(r, s + rake_start, rake_end - rake_start);
        if (rake < 0)
            return -1;
        r->has_total = 1;
        r->total = total;
        r->rake = rake;
        r->total_line = r->line_no;
        r->pots = 0;
        for (int k = 0; k < n_pots && k < STUD_PS_MAX_POTS + 1; k++) {
            int64_t v = amount(r, s + pot[k].start, pot[k].end - pot[k].start);
            if (v < 0)
                return -1;
            if (k >= STUD_PS_MAX_POTS)
                return fail(r, "more than 16 pots on the 'Total pot' line");
            r->extra->pots[k] = (int32_t)v;
            r->pots += v;
        }
        r->extra->n_pots = n_pots;
        /* what follows the rake, stripped of spaces and "|": kept; its fees
         * (a jackpot) count as rake (docs/rules.md 11.3) */
        size_t m = rake_end, m_end = len;
        while (m < m_end && (s[m] == ' ' || s[m] == '|'))
            m++;
        while (m_end > m && (s[m_end - 1] == ' ' || s[m_end - 1] == '|'))
            m_end--;
        if (m_end > m) {
            r->extra->summary.start = (uint32_t)(s + m - r->buf);
            r->extra->summary.len = (uint32_t)(m_end - m);
            if (fees(r, s + m, m_end - m))
                return -1;
        }
        return 0;
    }
    if (ps_find(s, len, 0, " mucked [") < 0 || !ps_prefix(s, len, "Seat "))
        return 0;
    size_t i;
    long number = seat_number(s, len, &i);
    if (number < 0)
        return 0; /* ("Board [..]" and the like; a seat past 10**9 is nobody's) */
    int who = NONE;
    for (int k = 0; k < r->n_players && who == NONE; k++)
        if (r->players[k].site_seat == number)
            who = k;
    /* _MUCKED searches the rest: the first " mucked [" with a "]" after it */
    long at = ps_find(s, len, i, " mucked [");
    long close = at < 0 ? -1 : ps_char(s, len, (size_t)at + 9, ']');
    while (at >= 0 && close < 0) {
        at = ps_find(s, len, (size_t)at + 1, " mucked [");
        close = at < 0 ? -1 : ps_char(s, len, (size_t)at + 9, ']');
    }
    if (who == NONE || close < 0)
        return 0;
    if (r->players[who].seat == NONE) {
        ps_msg_start(&r->msg, r->line_no);
        put_name(r, who);
        ps_msg_put(&r->msg, " mucks but was not dealt in");
        return -1;
    }
    uint8_t shown[52];
    int n = cards(r, s + at + 9, (size_t)(close - at - 9), shown);
    if (n < 0)
        return -1;
    for (int k = 0; k < n; k++)
        if (see(r, shown[k], who, 1))
            return -1;
    if (n > 8) { /* (a seat holds 7: more is a card another seat holds, seen above) */
        return fail(r, "more than 8 cards mucked by one seat");
    }
    return keep_cards(r, r->extra->mucked, &r->extra->n_mucked, r->players[who].seat, shown, n,
                      "mucked card lists");
}

/* "NAME collected X from pot": the greedy name: the last " collected " that
 * fits; *done 0 when none does (the line is tested further) */
static int collected_line(reader *r, const char *s, size_t len, int *done)
{
    *done = 0;
    for (long at = ps_rfind(s, len, len, " collected "); at > 0;
         at = ps_rfind(s, len, (size_t)at, " collected ")) {
        size_t k = (size_t)at + 11, a = k;
        while (k < len && !ps_space(s[k]))
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
        int who = known(r, s, (size_t)at);
        if (who == NONE)
            return -1;
        if (r->players[who].seat == NONE) {
            ps_msg_start(&r->msg, r->line_no);
            put_name(r, who);
            ps_msg_put(&r->msg, " collects but was not dealt in");
            return -1;
        }
        int64_t v = amount(r, s + a, a_end - a);
        if (v < 0)
            return -1;
        r->players[who].collected += v;
        return 0;
    }
    return 0;
}

/* "Uncalled bet (X) returned to NAME"; *done 0 when it does not fit */
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
    int who = known(r, s + close + 14, len - (size_t)close - 14);
    if (who == NONE)
        return -1;
    int64_t v = amount(r, s + 14, (size_t)close - 14);
    if (v < 0)
        return -1;
    player *p = &r->players[who];
    if (v <= 0 || v > p->put_in) {
        ps_msg_start(&r->msg, r->line_no);
        put_name(r, who);
        ps_msg_put(&r->msg, " gets back ");
        put_amount(r, v);
        ps_msg_put(&r->msg, " he did not bet");
        return -1;
    }
    p->put_in -= v;
    if (p->seat != NONE) {
        int seat = p->seat;
        r->bets[seat] = ((r->has_bet >> seat & 1) ? r->bets[seat] : 0) - v;
        r->has_bet |= 1u << seat;
    }
    return 0;
}

/* "Table 'NAME'[ N-max]...": the name ends at the last quote */
static int table_line(reader *r, const char *s, size_t len)
{
    long quote = ps_rfind(s, len, len, "'");
    if (len < 8 || s[6] != '\'' || quote < 7) {
        ps_msg_start(&r->msg, r->line_no);
        ps_msg_put(&r->msg, "the table line does not parse: ");
        ps_msg_repr(&r->msg, s, len);
        return -1;
    }
    if (r->table_line) { /* (a record keeps one table and one size) */
        ps_msg_start(&r->msg, r->line_no);
        ps_msg_put(&r->msg, "a second table line (the first is line ");
        ps_msg_int(&r->msg, r->table_line);
        ps_msg_put(&r->msg, ")");
        return -1;
    }
    r->table_line = r->line_no;
    r->table.start = (uint32_t)(s + 7 - r->buf);
    r->table.len = (uint32_t)(quote - 7);
    size_t k = (size_t)quote + 1;
    if (k < len && ps_space(s[k])) {
        while (k < len && ps_space(s[k]))
            k++;
        size_t d = k;
        while (k < len && ps_digit(s[k]))
            k++;
        if (k > d && ps_prefix(s + k, len - k, "-max")) {
            size_t z = d;
            while (z + 1 < k && s[z] == '0')
                z++;
            if (k - z > 6) { /* (no table seats a million) */
                ps_msg_start(&r->msg, r->line_no);
                ps_msg_put(&r->msg, "the table size ");
                ps_msg_raw(&r->msg, s + d, k - d);
                ps_msg_put(&r->msg, "-max is no table's");
                return -1;
            }
            int32_t max = 0;
            for (; z < k; z++)
                max = max * 10 + (s[z] - '0');
            r->extra->max_seats = max;
            r->extra->has_max_seats = 1;
        }
    }
    return 0;
}

/* _ACTION_VERB: "NAME: verb\b" for a NAME not at the table: the name, or 0 */
static size_t action_verb(const char *s, size_t len)
{
    static const char *const verbs[] = {"posts", "brings", "folds", "checks", "calls", "bets",
                                        "raises", "completes", "shows", "mucks", "doesn't show",
                                        "discards", "stands pat"};
    for (long at = ps_find(s, len, 1, ": "); at >= 0; at = ps_find(s, len, (size_t)at + 1, ": ")) {
        const char *v = s + at + 2;
        size_t n = len - (size_t)at - 2;
        for (size_t k = 0; k < sizeof verbs / sizeof verbs[0]; k++) {
            size_t w = strlen(verbs[k]);
            if (ps_prefix(v, n, verbs[k]) && (w == n || !ps_word_at(v + w, n - w)))
                return (size_t)at;
        }
    }
    return 0;
}

/* The line ends as a "NAME collected X from ..." line that collected_line
 * reads must: "pot" or "pot-" and digits (else that line reads nothing). */
static int pot_ends(const char *s, size_t len)
{
    if (len < 22) /* (a name, " collected ", an amount, " from ", "pot") */
        return 0;
    size_t i = len;
    while (i > 0 && ps_digit(s[i - 1]))
        i--;
    if (i < len)
        return i >= 4 && memcmp(s + i - 4, "pot-", 4) == 0;
    return len >= 3 && memcmp(s + len - 3, "pot", 3) == 0;
}

/* " cashed out the hand for " at 1 or after in the line at `at` (ps_find's
 * answer >= 1): the hand's next one is kept, found by its 'f' (a byte
 * rarer than its first) */
static int cashed_out(reader *r, size_t at, size_t len)
{
    static const char lit[] = " cashed out the hand for ";
    const size_t n = sizeof lit - 1;
    if (r->cashed_at < at + 1) {
        long found = ps_find_by(r->buf, r->end, at + 1, lit, n, 21);
        r->cashed_at = found < 0 ? r->end : (size_t)found;
    }
    return r->cashed_at + n <= at + len;
}

/* _line: the tests in order */
static int line(reader *r, const char *s, size_t len)
{
    char c0 = s[0]; /* (len > 0: the prefixes are tested after their first byte) */
    if (c0 == '*' && ps_prefix(s, len, "*** "))
        return section(r, s, len);
    /* (a quote is rare: looked for first, once for the lines up to the next) */
    size_t at = (size_t)(s - r->buf);
    if (r->quote_at < at) {
        const char *quote = (const char *)memchr(s, '"', r->end - at);
        r->quote_at = quote ? (size_t)(quote - r->buf) : r->end;
    }
    long said = r->quote_at < at + len ? ps_find(s, len, 1, " said, \"") : -1;
    if (said >= 1)
        return 0; /* chat, from a player at the table or not */
    if (r->summary)
        return summary_line(r, s, len);
    if (r->street == 0 && c0 == 'T' && ps_prefix(s, len, "Table "))
        return table_line(r, s, len);
    if (r->street == 0 && c0 == 'S' && ps_prefix(s, len, "Seat "))
        return seat_line(r, s, len);
    if (c0 == 'D' && ps_prefix(s, len, "Dealt to "))
        return dealt_line(r, s, len);
    if (c0 == 'H' && ps_equal(s, len, "Hand cancelled"))
        return 1; /* (the hand is passed over) */
    int done;
    if (c0 == 'U' && ps_prefix(s, len, "Uncalled bet (")) {
        if (uncalled_line(r, s, len, &done))
            return -1;
        if (done)
            return 0;
    }
    if (pot_ends(s, len) && ps_find(s, len, 0, " collected ") >= 0) {
        if (collected_line(r, s, len, &done))
            return -1;
        if (done)
            return 0;
    }
    size_t rest;
    if (cashed_out(r, at, len) && who_starts(r, s, len, " cashed out ", &rest) != NONE)
        return fail(r, "a hand cashed out before its end is not supported");
    if (c0 == 'T' && ps_equal(s, len, "The deck is reshuffled")) {
        /* the burn and folded cards go back: only the live hands' stay out */
        for (int c = 0; c < 52; c++) {
            int owner = r->seen[c];
            if (owner >= 0 && (r->players[owner].seat == NONE ||
                               (r->folded >> r->players[owner].seat & 1)))
                r->seen[c] = -1;
        }
        if (r->extra->n_reshuffled >= STUD_PS_MAX_RESHUFFLES)
            return fail(r, "the deck is reshuffled more than 8 times in one hand");
        r->extra->reshuffled[r->extra->n_reshuffled++] = (uint8_t)r->street;
        return 0;
    }
    /* the longest name the line starts with followed by ": " (when no
     * name holds ": ", that name ends where ": " first is, and no other
     * name is followed by one) */
    int who = who_then(r, s, len, ':', ' ');
    rest = who == NONE ? 0 : r->players[who].name_len + 2;
    if (who != NONE)
        return action(r, who, s + rest, len - rest);
    size_t verb = action_verb(s, len);
    if (verb) {
        ps_msg_start(&r->msg, r->line_no);
        ps_msg_put(&r->msg, "an action by ");
        ps_msg_repr(&r->msg, s, verb);
        ps_msg_put(&r->msg, ", who is not at the table");
        return -1;
    }
    return 0; /* informs only: joins, leaves, is disconnected, Betting is capped ... */
}

/* ---- the hand ------------------------------------------------------------------------------ */

/* _record's checks: the pots, the antes, the stacks, then the bring-in */
static int record_checks(reader *r)
{
    int64_t put_in = 0, got = 0;
    for (int k = 0; k < r->n_players; k++) {
        put_in += r->players[k].put_in;
        got += r->players[k].collected;
    }
    r->line_no = r->total_line;
    if (put_in != r->total) {
        ps_msg_start(&r->msg, r->line_no);
        ps_msg_put(&r->msg, "the total pot, ");
        put_amount(r, r->total);
        ps_msg_put(&r->msg, ", is not what was put in, ");
        put_amount(r, put_in);
        return -1;
    }
    if (got + r->rake != r->total) {
        ps_msg_start(&r->msg, r->line_no);
        ps_msg_put(&r->msg, "the collections (");
        put_amount(r, got);
        ps_msg_put(&r->msg, ") and the rake (");
        put_amount(r, r->rake);
        ps_msg_put(&r->msg, ") do not make the total pot (");
        put_amount(r, r->total);
        ps_msg_put(&r->msg, ")");
        return -1;
    }
    if (r->extra->n_pots && r->pots + r->rake != r->total)
        return fail(r, "the main and side pots and the rake do not make the total pot");
    int64_t ante = 0;
    for (int k = 0; k < r->n_antes; k++)
        if (r->antes[k].amount > ante)
            ante = r->antes[k].amount;
    for (int k = 0; k < r->n_antes; k++) {
        int who = r->antes[k].who;
        if (r->players[who].seat == NONE) {
            ps_msg_start(&r->msg, r->antes[k].line);
            put_name(r, who);
            ps_msg_put(&r->msg, " posted the ante but was not dealt in");
            return -1;
        }
        if (r->antes[k].amount != ante && !r->antes[k].all_in) {
            ps_msg_start(&r->msg, r->antes[k].line);
            put_name(r, who);
            ps_msg_put(&r->msg, " posted an ante of ");
            put_amount(r, r->antes[k].amount);
            ps_msg_put(&r->msg, ", the others ");
            put_amount(r, ante);
            return -1;
        }
    }
    if (ante)
        for (int seat = 0; seat < r->n_order; seat++) {
            int who = r->order[seat], posted = 0;
            for (int k = 0; k < r->n_antes && !posted; k++)
                posted = r->antes[k].who == who;
            if (!posted) {
                ps_msg_start(&r->msg, r->line_no);
                put_name(r, who);
                ps_msg_put(&r->msg, " was dealt in without posting the ante");
                return -1;
            }
        }
    for (int seat = 0; seat < r->n_order; seat++) {
        const player *p = &r->players[r->order[seat]];
        if (p->put_in > p->stack) {
            ps_msg_start(&r->msg, r->line_no);
            put_name(r, r->order[seat]);
            ps_msg_put(&r->msg, " put in ");
            put_amount(r, p->put_in);
            ps_msg_put(&r->msg, ", more than the ");
            put_amount(r, p->stack);
            ps_msg_put(&r->msg, " he sat with");
            return -1;
        }
    }
    r->out->ante = (int32_t)ante;
    return 0;
}

int stud_ps_amount(const char *s, size_t len, const stud_ps_game *game, int64_t *value,
                   stud_hh_error *err)
{
    static const reader blank;
    reader r = blank;
    ps_msg_init(&r.msg, err);
    r.game = game;
    r.line_no = 1;
    int64_t v = amount(&r, s, len);
    if (v < 0)
        return STUD_HH_ERROR;
    *value = v;
    return STUD_HH_READ;
}

/* the number of the hand's STUD_PS_MAX_HAND_LINES-th line that says something */
static uint32_t last_kept_line(const char *buf, const stud_ps_item *item)
{
    ps_line ln;
    long kept = 0;
    uint32_t number = (uint32_t)item->first_line;
    size_t pos = item->start;
    while (pos < item->end) {
        pos = ps_next_line(buf, item->end, pos, &ln);
        if (ln.end > ln.start && ++kept == STUD_PS_MAX_HAND_LINES)
            break;
        number++;
    }
    return number;
}

int stud_ps_read(const char *buf, const stud_ps_item *item, const stud_ps_game *game,
                 stud_hh_hand *out, stud_ps_extra *extra, stud_hh_error *err)
{
    reader r;
    stud_ps_extra scratch;
    stud_hh_error scratch_err;
    if (!err)
        err = &scratch_err;
    err->line = 0;
    err->message[0] = 0;
    if (!buf || !item || !game || !out || item->kind != STUD_PS_HAND || item->start > item->end ||
        item->first_line < 1 || item->end >= UINT32_MAX) {
        ps_msg_init(&r.msg, err);
        ps_msg_start(&r.msg, item && item->first_line > 0 ? (uint32_t)item->first_line : 0);
        ps_msg_put(&r.msg, "the hand cannot be read (its text is past 4 GB)");
        return STUD_HH_ERROR;
    }
    ps_msg_init(&r.msg, err);
    if (item->n_lines > STUD_PS_MAX_HAND_LINES) {
        ps_msg_start(&r.msg, last_kept_line(buf, item));
        ps_msg_put(&r.msg, "the hand has more than ");
        ps_msg_int(&r.msg, STUD_PS_MAX_HAND_LINES);
        ps_msg_put(&r.msg, " lines");
        return STUD_HH_ERROR;
    }
    if (!extra)
        extra = &scratch;
    memset(extra, 0, sizeof *extra);
    extra->hero = NONE;
    ps_msg msg = r.msg;
    memset(&r, 0, offsetof(reader, players));
    r.msg = msg;
    r.buf = buf;
    r.end = item->end;
    r.game = game;
    r.out = out;
    r.extra = extra;
    r.hero = NONE;
    for (int k = 0; k < STUD_PS_MAX_PLAYERS; k++)
        r.showed_step[k] = NONE;
    memset(r.seen, -1, sizeof r.seen);
    out->n_steps = 0;
    size_t end = item->end, pos = item->start;
    ps_line ln;
    r.line_no = (uint32_t)item->first_line;
    uint32_t last = r.line_no;
    /* the lines the scanner kept (item->kept), then any it did not keep,
     * found here (all of them when it kept none) */
    const stud_ps_kept_lines *kept = item->kept;
    int n_kept = 0, k = 0, cr = -1; /* (cr: not yet known) */
    if (kept && kept->buf == buf && kept->start == item->start && kept->end == end &&
        kept->n < item->n_lines) {
        n_kept = kept->n;
        if (n_kept + 1 == item->n_lines)
            pos = end;
        else if (n_kept)
            pos = kept->line[n_kept - 1].end; /* (the rest of the last line kept) */
    }
    for (;;) {
        size_t start, stop;
        if (k < n_kept) {
            start = kept->line[k].start;
            stop = kept->line[k].end;
            r.line_no = kept->line[k].number;
            k++;
        } else {
            if (cr < 0) {
                if (pos >= end)
                    break;
                cr = memchr(buf + pos, '\r', end - pos) != NULL;
                /* (the header, or what is left of the last line kept) */
                pos = ps_next_line_cr(buf, end, pos, &ln, cr);
            }
            if (pos >= end)
                break;
            r.line_no++;
            pos = ps_next_line_cr(buf, end, pos, &ln, cr);
            if (ln.end == ln.start)
                continue;
            start = ln.start;
            stop = ln.end;
        }
        last = r.line_no;
        int said = line(&r, buf + start, stop - start);
        if (said < 0)
            return STUD_HH_ERROR;
        if (said > 0)
            return STUD_HH_SKIPPED;
    }
    r.line_no = last;
    if (!r.summary)
        return fail(&r, "the hand ends before its summary (the file is cut short?)"),
               STUD_HH_ERROR;
    if (!r.has_total)
        return fail(&r, "the summary has no 'Total pot' line"), STUD_HH_ERROR;
    if (record_checks(&r))
        return STUD_HH_ERROR;
    if (r.bring_in_set && !r.bring_in_all_in) {
        out->bring_in = (int32_t)r.bring_in;
        extra->bring_in_from = STUD_PS_BRING_IN_LINE;
    } else if (r.has_first_call) {
        out->bring_in = (int32_t)r.first_call;
        extra->bring_in_from = STUD_PS_BRING_IN_CALL;
    } else if ((r.bring_in_set && r.bring_in > game->small_bet / 2)
               || r.all_in_call > game->small_bet / 2) {
        /* all in for more than the default (the bring-in or a call of it):
         * at least the larger */
        int64_t least = r.bring_in_set && r.bring_in > r.all_in_call ? r.bring_in : r.all_in_call;
        out->bring_in = (int32_t)least;
        extra->bring_in_from = STUD_PS_BRING_IN_ALL_IN;
    } else {
        out->bring_in = STUD_HH_NONE;
        extra->bring_in_from = STUD_PS_BRING_IN_DEFAULT;
    }
    out->variant = game->variant;
    out->small_bet = game->small_bet;
    out->big_bet = game->big_bet;
    out->cents = (uint8_t)(game->cents != 0);
    out->n_seats = r.n_order < STUD_HH_MAX_SEATS ? r.n_order : STUD_HH_MAX_SEATS;
    out->rake = (int32_t)(r.rake < TWO_31 ? r.rake : TWO_31 - 1); /* (rake <= total < 2**31) */
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
    extra->n_dealt = r.n_order;
    for (int seat = 0; seat < r.n_order; seat++) {
        const player *p = &r.players[r.order[seat]];
        extra->dealt_stacks[seat] = p->stack;
        extra->seat_lines[seat] = p->seat_line;
        if (seat >= STUD_HH_MAX_SEATS)
            continue;
        out->stacks[seat] = p->stack;
        /* (collections <= total < 2**31: checked above) */
        out->collected[seat] = (int32_t)p->collected;
        out->seat_numbers[seat] = (uint8_t)p->site_seat;
        out->players[seat].start = (uint32_t)(p->name - buf);
        out->players[seat].len = (uint32_t)p->name_len;
    }
    return STUD_HH_READ;
}
