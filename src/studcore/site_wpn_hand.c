/* site_wpn_hand.c: wpn.py's `_Hand` in C (site_wpn_hand.h). */
#include "site_wpn_hand.h"

#include <string.h>

#include "ps_text.h"

static const char *const MONEY[] = {"chips", "USD", "EUR", "GBP"};

int stud_wpn_digit_at(const char *s, size_t len, size_t i, size_t *n)
{
    int value;
    size_t bytes = i < len ? stud_site_digit_at(s, len, i, &value) : 0;
    *n = bytes ? bytes : 1;
    return bytes ? value : -1;
}

void stud_wpn_init(stud_wpn_hand *w, stud_site_hand *h, const char *buf, const stud_site_game *game,
                   uint32_t first)
{
    stud_site_init(h, buf, game, first);
    w->h = h;
    w->buf = buf;
    w->first = first;
    w->n_players = 0;
    w->n_bets = w->n_put = 0;
    w->street = w->n_streets = 0;
    w->n_acts = 0;
    w->has_bring_in = w->bring_in_all_in = 0;
    w->bring_in = 0;
    w->n_shows = 0;
    memset(w->seen, -1, sizeof w->seen);
    w->hero = -1;
}

/* ---- amounts, cards, names ------------------------------------------------------------ */

int stud_wpn_amount(const stud_wpn_hand *w, stud_hh_span text, uint32_t line, int64_t *out,
                    stud_site_error *err)
{
    const char *s = w->buf + text.start;
    size_t len = text.len, n;
    while (len > 0 && s[len - 1] == '.') /* text.rstrip(".") */
        len--;
    stud_hh_span t = {text.start, (uint32_t)len};
    int currency = w->h->game.symbol;
    int symbol = stud_site_sign_at(s, len, 0, &n);
    size_t i = 0;
    if (symbol) {
        if (symbol != currency)
            return stud_site_fail(err, NULL, line, "the amount %R is not in the hand's %s", t,
                                  MONEY[currency]);
        i = n;
        t.start += (uint32_t)n;
        t.len -= (uint32_t)n;
    }
    /* whole, _, frac = text.replace(",", "").partition(".") */
    int64_t value = 0;
    int whole_digits = 0, ok = 1, d;
    size_t dot = len;
    for (size_t q = i; q < len; q += n) {
        n = 1;
        if (s[q] == '.') {
            dot = q;
            break;
        }
        if (s[q] == ',')
            continue;
        if ((d = stud_wpn_digit_at(s, len, q, &n)) < 0) {
            ok = 0;
            break;
        }
        whole_digits++;
        value = value * 10 + d;
        if (value > ((int64_t)1 << 40))
            value = (int64_t)1 << 40;
    }
    int frac_digits = 0;
    int frac[2] = {0, 0};
    int finer = 0, not_whole = 0;
    if (ok && dot < len) {
        for (size_t q = dot + 1; q < len; q += n) {
            n = 1;
            if (s[q] == ',')
                continue;
            if ((d = stud_wpn_digit_at(s, len, q, &n)) < 0) {
                ok = 0;
                break;
            }
            /* (frac.strip("0"): only ASCII zeros are stripped) */
            int zero = n == 1 && s[q] == '0';
            if (frac_digits < 2)
                frac[frac_digits] = d;
            else if (!zero)
                finer = 1;
            if (!zero)
                not_whole = 1;
            frac_digits++;
        }
    }
    if (!ok || whole_digits == 0)
        return stud_site_fail(err, NULL, line, "the amount %R does not parse", t);
    if (currency) {
        if (finer)
            return stud_site_fail(err, NULL, line, "the amount %R is finer than a cent", t);
        value = value * 100 + frac[0] * 10 + frac[1];
    } else if (not_whole) {
        return stud_site_fail(err, NULL, line, "the amount %R is not a whole number of chips", t);
    }
    if (value >= ((int64_t)1 << 31))
        return stud_site_fail(err, NULL, line, "the amount %R is too large", t);
    *out = value;
    return 0;
}

static int rank_of(unsigned char c)
{
    if (c >= '2' && c <= '9')
        return c - '2';
    switch (c) {
    case 'T': case 't': return 8;
    case 'J': case 'j': return 9;
    case 'Q': case 'q': return 10;
    case 'K': case 'k': return 11;
    case 'A': case 'a': return 12;
    default: return -1;
    }
}

/* The suit of the character at s[i] as Card reads it (its bytes in *n), or -1. */
static int suit_at(const char *s, size_t len, size_t i, size_t *n)
{
    const unsigned char *u = (const unsigned char *)s + i;
    *n = 1;
    switch (u[0]) {
    case 'c': case 'C': return 0;
    case 'd': case 'D': return 1;
    case 'h': case 'H': return 2;
    case 's': case 'S': return 3;
    default: break;
    }
    /* U+2660-U+2667: spade, heart, diamond, club (black), then white */
    if (u[0] == 0xe2 && i + 2 < len && u[1] == 0x99 && u[2] >= 0xa0 && u[2] <= 0xa7) {
        static const int SUITS[8] = {3, 2, 1, 0, 3, 2, 1, 0};
        *n = 3;
        return SUITS[u[2] - 0xa0];
    }
    return -1;
}

static int separator(char c)
{
    return c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r';
}

/* Card(text): exactly one card among separators. */
static int one_card(const char *s, size_t len)
{
    size_t i = 0, n;
    int found = -1;
    while (i < len) {
        if (separator(s[i])) {
            i++;
            continue;
        }
        int rank;
        if (s[i] == '1' && i + 1 < len && s[i + 1] == '0') {
            rank = 8;
            i += 2;
        } else {
            rank = rank_of((unsigned char)s[i]);
            i++;
        }
        int suit = (rank >= 0 && i < len) ? suit_at(s, len, i, &n) : -1;
        if (suit < 0 || found >= 0)
            return -1;
        i += n;
        found = 4 * rank + suit;
    }
    return found;
}

int stud_wpn_card(const char *buf, stud_hh_span word, uint32_t line, int *card,
                  stud_site_error *err)
{
    /* "10x" is read as "Tx" (Card reads both alike); a word of two
     * characters, a suit then a rank, is turned round */
    const char *s = buf + word.start;
    size_t len = word.len;
    int found;
    if (len == 2 && strchr("cdhsCDHS", s[0]) != NULL && s[0] != 0 &&
        rank_of((unsigned char)s[1]) >= 0 && !(s[0] == '1' && s[1] == '0')) {
        char swapped[2] = {s[1], s[0]};
        found = one_card(swapped, 2);
    } else {
        found = one_card(s, len);
    }
    if (found < 0)
        return stud_site_fail(err, NULL, line, "%R is not a card", word);
    *card = found;
    return 0;
}

int stud_wpn_find(const stud_wpn_hand *w, const char *s, size_t len)
{
    for (int p = 0; p < w->n_players; p++)
        if (w->name[p].len == len && memcmp(w->buf + w->name[p].start, s, len) == 0)
            return p;
    return -1;
}

/* The digits of a span with its leading zeros skipped: where they begin
 * and how many. */
static size_t significant(const char *s, size_t len, size_t *count)
{
    size_t i = 0, n, start;
    while (i < len && stud_wpn_digit_at(s, len, i, &n) == 0)
        i += n;
    start = i;
    *count = 0;
    for (; i < len; i += n) {
        stud_wpn_digit_at(s, len, i, &n);
        (*count)++;
    }
    return start;
}

int stud_wpn_seat_cmp(const char *buf, stud_hh_span a, stud_hh_span b)
{
    const char *x = buf + a.start, *y = buf + b.start;
    size_t nx, ny, n, m;
    size_t i = significant(x, a.len, &nx), j = significant(y, b.len, &ny);
    if (nx != ny)
        return nx < ny ? -1 : 1;
    while (i < a.len && j < b.len) {
        int dx = stud_wpn_digit_at(x, a.len, i, &n), dy = stud_wpn_digit_at(y, b.len, j, &m);
        if (dx != dy)
            return dx < dy ? -1 : 1;
        i += n;
        j += m;
    }
    return 0;
}

size_t stud_wpn_amount_end(const char *s, size_t len, size_t i, size_t *first, size_t *run)
{
    size_t n = 0;
    if (stud_site_sign_at(s, len, i, &n))
        i += n;
    return stud_wpn_number_end(s, len, i, first, run);
}

size_t stud_wpn_number_end(const char *s, size_t len, size_t i, size_t *first, size_t *run)
{
    size_t n = 0;
    if (!stud_wpn_is_digit(s, len, i, &n))
        return 0;
    i += n;
    *first = i;
    while (i < len) {
        if (s[i] == ',')
            i++;
        else if (stud_wpn_is_digit(s, len, i, &n))
            i += n;
        else
            break;
    }
    *run = i;
    if (i < len && s[i] == '.' && stud_wpn_is_digit(s, len, i + 1, &n)) {
        i++;
        while (stud_wpn_is_digit(s, len, i, &n))
            i += n;
    }
    return i;
}

int stud_wpn_cards(const char *buf, stud_hh_span text, uint32_t line, char skip, int *cards,
                   int max, int *n, int *words, int *skipped, stud_site_error *err)
{
    const char *s = buf + text.start;
    size_t len = text.len, i = 0, k;
    *n = 0;
    *words = 0;
    *skipped = 0;
    while (i < len) {
        if ((k = stud_site_space_at(s, len, i)) != 0) {
            i += k;
            continue;
        }
        size_t w = i;
        while (i < len && stud_site_space_at(s, len, i) == 0)
            i++;
        (*words)++;
        if (skip && i - w == 1 && s[w] == skip) {
            *skipped = 1;
            continue;
        }
        stud_hh_span word = {text.start + (uint32_t)w, (uint32_t)(i - w)};
        int card;
        if (stud_wpn_card(buf, word, line, &card, err))
            return -1;
        if (*n >= max)
            return stud_site_fail(err, NULL, line, "more than %d cards in brackets",
                                  (int64_t)max);
        cards[(*n)++] = card;
    }
    return 0;
}

int stud_wpn_damaged(const stud_wpn_hand *w, const stud_site_line *l, uint32_t line, size_t from,
                     const char *const *verbs, int n_verbs, stud_site_error *err)
{
    const char *s = l->s + from;
    size_t len = l->len - from;
    for (int p = 0; p < w->n_players; p++) {
        size_t n = w->name[p].len;
        if (len < n + 1 || memcmp(s, w->buf + w->name[p].start, n) != 0 || s[n] != ' ')
            continue;
        size_t to = n + 1;
        while (to < len && s[to] != ' ')
            to++;
        for (int v = 0; v < n_verbs; v++)
            if (strlen(verbs[v]) == to - n - 1 && memcmp(verbs[v], s + n + 1, to - n - 1) == 0)
                return stud_site_fail(err, NULL, line, "the line %R does not parse",
                                      stud_site_sub(l, from, l->len));
    }
    return 0;
}

/* ---- what happened -------------------------------------------------------------------- */

int stud_wpn_seat(stud_wpn_hand *w, uint32_t line, stud_hh_span digits, stud_hh_span name,
                  int64_t stack, stud_site_error *err)
{
    if (stud_wpn_find(w, w->buf + name.start, name.len) >= 0)
        return stud_site_fail(err, NULL, line, "%R is listed twice", name);
    if (w->n_players >= STUD_WPN_MAX_PLAYERS)
        return stud_site_fail(err, NULL, line, "more than %d players are listed",
                              (int64_t)STUD_WPN_MAX_PLAYERS);
    int p = w->n_players++;
    w->name[p] = name;
    w->seat[p] = digits;
    w->stack[p] = stack;
    w->has_ante[p] = w->in_hand[p] = w->folded[p] = 0;
    w->has_bet[p] = w->has_put[p] = 0;
    w->ante[p] = w->bet[p] = w->put_in[p] = 0;
    for (int k = 0; k < STUD_WPN_STREETS; k++)
        w->n_dealt[k][p] = -1;
    return 0;
}

static void put(stud_wpn_hand *w, int p, int64_t amount)
{
    if (!w->has_put[p]) {
        w->has_put[p] = 1;
        w->put_in[p] = 0;
        w->put_order[w->n_put++] = p;
    }
    w->put_in[p] += amount;
}

int stud_wpn_ante(stud_wpn_hand *w, uint32_t line, int player, int64_t amount,
                  stud_site_error *err)
{
    (void)line;
    (void)err;
    w->has_ante[player] = 1;
    w->ante[player] += amount;
    put(w, player, amount);
    w->in_hand[player] = 1;
    return 0;
}

int stud_wpn_new_street(stud_wpn_hand *w, uint32_t line, int street, stud_site_error *err)
{
    if (street == 0)
        street = w->street + 1;
    if (street < 3)
        street = 3;
    if (street != w->street + 1 && !(w->street == 0 && street == 3))
        return stud_site_fail(err, NULL, line, "street %d follows street %d", (int64_t)street,
                              (int64_t)w->street);
    /* (at most five: 3rd to 7th street, each once) */
    w->street = street;
    w->street_acts[w->n_streets++] = 0;
    for (int p = 0; p < w->n_players; p++)
        w->has_bet[p] = 0;
    w->n_bets = 0;
    return 0;
}

int stud_wpn_deal(stud_wpn_hand *w, uint32_t line, int player, const int *cards, int n,
                  stud_site_error *err)
{
    if (w->street == 0 && stud_wpn_new_street(w, line, 3, err))
        return -1;
    int k = w->n_streets - 1;
    int had = w->n_dealt[k][player];
    if (w->street_acts[k] || (w->street > 3 && had >= 0) || (had >= 0 && had + n > 3)) {
        if (w->street >= 7)
            return stud_site_fail(err, NULL, line, "a card dealt after 7th street");
        if (stud_wpn_new_street(w, line, 0, err))
            return -1;
        k = w->n_streets - 1;
        had = w->n_dealt[k][player];
    }
    for (int c = 0; c < n; c++) {
        if (w->seen[cards[c]] >= 0)
            return stud_site_fail(err, NULL, line, "%c is seen twice in the hand", cards[c]);
        w->seen[cards[c]] = (int8_t)player;
    }
    if (had < 0)
        had = 0;
    for (int c = 0; c < n; c++)
        if (had + c < 3)
            w->dealt[k][player][had + c] = (uint8_t)cards[c];
    w->n_dealt[k][player] = (int8_t)(had + n); /* (at most 52 cards) */
    w->in_hand[player] = 1;
    return 0;
}

static int in_cards(const uint8_t *cards, int n, int card)
{
    for (int c = 0; c < n; c++)
        if (cards[c] == card)
            return 1;
    return 0;
}

int stud_wpn_show(stud_wpn_hand *w, uint32_t line, int player, const int *cards, int n,
                  stud_site_error *err)
{
    for (int c = 0; c < n; c++) {
        int owner = w->seen[cards[c]];
        if (owner >= 0 && owner != player)
            return stud_site_fail(err, NULL, line, "%c is seen twice in the hand", cards[c]);
        w->seen[cards[c]] = (int8_t)player;
    }
    uint8_t these[52];
    int m = 0;
    for (int c = 0; c < n; c++)
        if (!in_cards(these, m, cards[c]))
            these[m++] = (uint8_t)cards[c];
    for (int k = 0; k < w->n_shows; k++) {
        stud_wpn_show_t *s = &w->shows[k];
        if (s->player != player || s->n < 0)
            continue;
        /* shown again: `shown_again` */
        int subset = 1, superset = 1;
        for (int c = 0; c < m && subset; c++)
            subset = in_cards(s->cards, s->n, these[c]);
        if (subset)
            return 0;
        for (int c = 0; c < s->n && superset; c++)
            superset = in_cards(these, m, s->cards[c]);
        if (!superset)
            return stud_site_fail(err, NULL, line, "%T shows other cards than he showed before",
                                  w->name[player]);
        if (n > 7)
            return stud_site_fail(err, NULL, line, "%T shows %d cards", w->name[player],
                                  (int64_t)n);
        s->n = n;
        for (int c = 0; c < n; c++)
            s->cards[c] = (uint8_t)cards[c];
        return 0;
    }
    if (n > 7)
        return stud_site_fail(err, NULL, line, "%T shows %d cards", w->name[player], (int64_t)n);
    if (w->n_shows >= STUD_HH_MAX_STEPS)
        return stud_site_fail(err, NULL, line, "the hand has more than %d steps",
                              (int64_t)STUD_HH_MAX_STEPS);
    stud_wpn_show_t *s = &w->shows[w->n_shows++];
    s->player = player;
    s->n = n;
    for (int c = 0; c < n; c++)
        s->cards[c] = (uint8_t)cards[c];
    return 0;
}

int stud_wpn_muck(stud_wpn_hand *w, uint32_t line, int player, stud_site_error *err)
{
    if (w->n_shows >= STUD_HH_MAX_STEPS)
        return stud_site_fail(err, NULL, line, "the hand has more than %d steps",
                              (int64_t)STUD_HH_MAX_STEPS);
    stud_wpn_show_t *s = &w->shows[w->n_shows++];
    s->player = player;
    s->n = -1;
    return 0;
}

int stud_wpn_act(stud_wpn_hand *w, uint32_t line, int player, int move, int64_t to,
                 stud_site_error *err)
{
    if (w->street == 0 && stud_wpn_new_street(w, line, 3, err))
        return -1;
    if (w->folded[player])
        return stud_site_fail(err, NULL, line, "%T acts after folding", w->name[player]);
    w->in_hand[player] = 1;
    if (to >= 0) {
        int64_t before = w->has_bet[player] ? w->bet[player] : 0;
        if (to < before)
            return stud_site_fail(err, NULL, line, "%T's bet goes down from %d to %d",
                                  w->name[player], before, to);
        put(w, player, to - before);
        if (!w->has_bet[player]) {
            w->has_bet[player] = 1;
            w->n_bets++;
        }
        w->bet[player] = to;
    }
    if (move == STUD_HH_FOLD)
        w->folded[player] = 1;
    if (w->n_acts >= STUD_HH_MAX_STEPS)
        return stud_site_fail(err, NULL, line, "the hand has more than %d steps",
                              (int64_t)STUD_HH_MAX_STEPS);
    if (to >= ((int64_t)1 << 31))
        return stud_site_fail(err, NULL, line, "the bet %d is too large", to);
    stud_wpn_act_t *a = &w->acts[w->n_acts++];
    a->player = player;
    a->move = (uint8_t)move;
    a->street = (uint8_t)(w->n_streets - 1);
    a->to = to;
    a->line = line;
    w->street_acts[w->n_streets - 1]++;
    return 0;
}

int64_t stud_wpn_top_bet(const stud_wpn_hand *w)
{
    int64_t top = 0;
    for (int p = 0; p < w->n_players; p++)
        if (w->has_bet[p] && w->bet[p] > top)
            top = w->bet[p];
    return top;
}

int stud_wpn_add(stud_wpn_hand *w, uint32_t line, int player, int64_t chips, int kind, int all_in,
                 stud_site_error *err)
{
    int64_t before = w->has_bet[player] ? w->bet[player] : 0;
    int64_t to = before + chips;
    int64_t top = stud_wpn_top_bet(w);
    int64_t small = w->h->game.small_bet;
    int64_t half = small / 2 ? small / 2 : 1;
    if (w->street == 3 && w->bring_in_all_in && w->has_bring_in && top == w->bring_in)
        top = top > half ? top : half;
    if (kind == STUD_WPN_ADD_BRING_IN) {
        if (stud_wpn_act(w, line, player, STUD_HH_BRING_IN, to, err))
            return -1;
        w->has_bring_in = 1;
        w->bring_in = to;
        w->bring_in_all_in = all_in ||
            (w->has_put[player] ? w->put_in[player] : 0) >= w->stack[player];
        return 0;
    }
    if (kind == STUD_WPN_ADD_CALLS || (kind == STUD_WPN_ADD_ALLIN && to <= top))
        return stud_wpn_act(w, line, player, STUD_HH_CHECK_CALL, to, err);
    int64_t most = small / 2 > 1 ? small / 2 : 1;
    if (kind == STUD_WPN_ADD_ALLIN && w->street == 3 && top == 0 && !w->has_bring_in &&
        w->street_acts[w->n_streets - 1] == 0 && to <= most) {
        w->has_bring_in = 1;
        w->bring_in = to;
        w->bring_in_all_in = 1;
        return stud_wpn_act(w, line, player, STUD_HH_BRING_IN, to, err);
    }
    return stud_wpn_act(w, line, player, STUD_HH_RAISE, to, err);
}

void stud_wpn_uncalled(const stud_wpn_hand *w, int *top, int64_t *excess)
{
    *top = -1;
    *excess = 0;
    if (w->n_put == 0)
        return;
    int best = 0;
    for (int k = 1; k < w->n_put; k++)
        if (w->put_in[w->put_order[k]] > w->put_in[w->put_order[best]])
            best = k;
    int64_t second = 0;
    int any = 0;
    for (int k = 0; k < w->n_put; k++)
        if (k != best && (!any || w->put_in[w->put_order[k]] > second)) {
            second = w->put_in[w->put_order[k]];
            any = 1;
        }
    *top = w->put_order[best];
    *excess = w->put_in[*top] - (any ? second : 0);
}

int64_t stud_wpn_put_in_total(const stud_wpn_hand *w)
{
    int64_t total = 0;
    for (int k = 0; k < w->n_put; k++)
        total += w->put_in[w->put_order[k]];
    return total;
}

/* ---- the record ------------------------------------------------------------------------ */

int stud_wpn_record(stud_wpn_hand *w, uint32_t line, const int64_t *collected,
                    const int *collected_order, int n_collected, int64_t rake,
                    stud_site_error *err)
{
    stud_site_hand *h = w->h;
    const char *buf = w->buf;
    int order[STUD_WPN_MAX_PLAYERS], n = 0;
    int seat_of[STUD_WPN_MAX_PLAYERS];
    for (int p = 0; p < w->n_players; p++) {
        seat_of[p] = -1;
        if (!w->in_hand[p])
            continue;
        int k = n++;
        while (k > 0 && stud_wpn_seat_cmp(buf, w->seat[p], w->seat[order[k - 1]]) < 0) {
            order[k] = order[k - 1];
            k--;
        }
        order[k] = p;
    }
    if (n < 2)
        return stud_site_fail(err, NULL, line, "%d player(s) dealt in: a hand has 2 or more",
                              (int64_t)n);
    if (n > 8)
        return stud_site_fail(err, NULL, line, "%d players dealt in: stud seats 8 at most",
                              (int64_t)n);
    for (int k = 0; k < n; k++)
        seat_of[order[k]] = k;
    for (int k = 0; k < n_collected; k++)
        if (seat_of[collected_order[k]] < 0)
            return stud_site_fail(err, NULL, line, "%R collects without being dealt in",
                                  w->name[collected_order[k]]);
    uint8_t folded[STUD_WPN_MAX_PLAYERS] = {0};
    int streets = w->n_streets;
    if (w->n_shows && streets < 5)
        streets = 5; /* a showdown comes after 7th street */
    h->n_steps = 0;
    int next_act = 0;
    for (int index = 0; index < streets; index++) {
        int street = 3 + index, want = street == 3 ? 3 : 1;
        int told = index < w->n_streets;
        for (int k = 0; k < n; k++) {
            int p = order[k];
            int got = told ? w->n_dealt[index][p] : -1;
            if (folded[p]) {
                if (got >= 0)
                    return stud_site_fail(err, NULL, line, "%T is dealt a card after folding",
                                          w->name[p]);
                continue;
            }
            if (got < 0)
                got = 0;
            if (got > want)
                return stud_site_fail(err, NULL, line, "%T is dealt %d cards on street %d",
                                      w->name[p], (int64_t)got, (int64_t)street);
            stud_hh_step *s = stud_site_step(h, line, STUD_HH_DEALT, k, err);
            if (s == NULL)
                return -1;
            s->n_cards = (uint8_t)want;
            for (int c = 0; c < want - got; c++)
                s->cards[c] = STUD_HH_UNKNOWN;
            for (int c = 0; c < got; c++)
                s->cards[want - got + c] = w->dealt[index][p][c];
        }
        while (told && next_act < w->n_acts && w->acts[next_act].street == index) {
            const stud_wpn_act_t *a = &w->acts[next_act++];
            stud_hh_step *s = stud_site_step(h, a->line, STUD_HH_ACTED, seat_of[a->player], err);
            if (s == NULL)
                return -1;
            s->move = a->move;
            s->to = a->to < 0 ? STUD_HH_NONE : (int32_t)a->to;
            if (a->move == STUD_HH_FOLD)
                folded[a->player] = 1;
        }
    }
    for (int k = 0; k < w->n_shows; k++) {
        const stud_wpn_show_t *sh = &w->shows[k];
        if (seat_of[sh->player] < 0)
            return stud_site_fail(err, NULL, line, "%R shows without being dealt in",
                                  w->name[sh->player]);
        stud_hh_step *s = stud_site_step(h, line, sh->n < 0 ? STUD_HH_MUCKED : STUD_HH_SHOWED,
                               seat_of[sh->player], err);
        if (s == NULL)
            return -1;
        if (sh->n > 0) {
            s->n_cards = (uint8_t)sh->n;
            memcpy(s->cards, sh->cards, (size_t)sh->n);
        }
    }
    int64_t ante = 0;
    for (int p = 0; p < w->n_players; p++)
        if (w->has_ante[p] && w->ante[p] > ante)
            ante = w->ante[p];
    int64_t small = h->game.small_bet;
    int64_t bring_in = w->bring_in;
    if (!w->has_bring_in || w->bring_in_all_in) {
        int64_t fallback = small / 2 ? small / 2 : 1;
        bring_in = w->has_bring_in ? (fallback > bring_in ? fallback : bring_in) : fallback;
        if (bring_in > small)
            bring_in = small;
    }
    h->ante_out = ante;
    h->bring_in_out = bring_in;
    h->n_players = h->n_order = n;
    for (int k = 0; k < n; k++) {
        int p = order[k];
        h->name[k] = w->name[p];
        h->seat_digits[k] = w->seat[p];
        h->stack[k] = w->stack[p];
        h->collected[k] = collected[p];
        h->order[k] = k;
        h->seat_of[k] = k;
    }
    h->rake = rake;
    h->rake_known = 1;
    h->hero = w->hero >= 0 ? seat_of[w->hero] : -1;
    return 0;
}
