/* site_lines.c: LineHand's builder for the sites' C readers (site_lines.h). */
#include "site_lines.h"

#include <string.h>

/* ---- text ---------------------------------------------------------------------------- */

void stud_lines_clean(char *buf, uint32_t *start, uint32_t *end, int drop_nuls)
{
    size_t s = *start, e = *end;
    if (drop_nuls) {
        char *nul = memchr(buf + s, 0, e - s);
        if (nul) {
            size_t to = (size_t)(nul - buf);
            for (size_t from = to; from < e; from++)
                if (buf[from])
                    buf[to++] = buf[from];
            e = to;
        }
    }
    stud_site_strip(buf, &s, &e);
    *start = (uint32_t)s;
    *end = (uint32_t)e;
}

static const char RANKS[] = "23456789TJQKA";

static int upper_rank(char c)
{
    if (c >= 'a' && c <= 'z')
        c = (char)(c - 'a' + 'A');
    const char *at = c ? strchr(RANKS, c) : NULL;
    return at ? (int)(at - RANKS) : -1;
}

static int lower_suit(char c)
{
    switch (c) {
    case 'c': case 'C': return 0;
    case 'd': case 'D': return 1;
    case 'h': case 'H': return 2;
    case 's': case 'S': return 3;
    default: return -1;
    }
}

/* read_card: the card of a token ("As", "10h"), or -1.  (No other
 * character than ASCII's upper- or lower-cases to a rank or a suit.) */
static int read_card(const char *w, size_t n)
{
    int r, s;
    if (n >= 2 && w[0] == '1' && w[1] == '0') {
        if (n != 3)
            return -1;
        r = 8;
        s = lower_suit(w[2]);
    } else {
        if (n != 2)
            return -1;
        r = upper_rank(w[0]);
        s = lower_suit(w[1]);
    }
    return r >= 0 && s >= 0 ? 4 * r + s : -1;
}

int stud_lines_cards(const char *buf, stud_hh_span text, uint32_t line, uint8_t *cards, int *n,
                     stud_site_error *err)
{
    const char *s = buf + text.start;
    size_t len = text.len, i = 0, k;
    int count = 0;
    while (i < len) {
        if ((k = stud_site_space_at(s, len, i)) != 0) {
            i += k;
            continue;
        }
        size_t w = i;
        while (i < len && stud_site_space_at(s, len, i) == 0)
            i++;
        size_t wn = i - w;
        int card;
        if ((wn == 1 && (s[w] == 'X' || s[w] == 'x')) || (wn == 2 && s[w] == '?' && s[w + 1] == '?'))
            card = STUD_HH_UNKNOWN;
        else if ((card = read_card(s + w, wn)) < 0) {
            stud_hh_span word = {text.start + (uint32_t)w, (uint32_t)wn};
            return stud_site_fail(err, NULL, line, "%R is not a card", word);
        }
        if (count < STUD_LINES_MAX_CARDS)
            cards[count] = (uint8_t)card;
        count++;
    }
    if (count > STUD_LINES_MAX_CARDS)
        return stud_site_fail(err, NULL, line, "more than %d cards in [%T]",
                              (int64_t)STUD_LINES_MAX_CARDS, text);
    *n = count;
    return 0;
}

int stud_lines_action_match(const char *buf, stud_hh_span line, const char *const *verbs,
                            int n_verbs, int greedy, stud_hh_span *name, int *verb,
                            stud_hh_span *rest)
{
    const char *s = buf + line.start;
    size_t len = line.len;
    if (len < 3 || memchr(s, '\n', len))
        return 0;  /* (the name and the rest are of the regex's ".": no \n) */
    for (size_t k = 1; k < len; k++) {
        size_t p = greedy ? len - k : k;  /* (the name: at least one character) */
        if (s[p] != ' ')
            continue;
        for (int v = 0; v < n_verbs; v++) {
            if (p + 1 >= len || verbs[v][0] != s[p + 1])
                continue;
            size_t n = strlen(verbs[v]), after = p + 1 + n;
            if (after > len || memcmp(s + p + 1, verbs[v], n) != 0)
                continue;
            if (after < len && s[after] != ' ')
                continue;
            name->start = line.start;
            name->len = (uint32_t)p;
            *verb = v;
            rest->start = line.start + (uint32_t)after;
            rest->len = (uint32_t)(len - after);
            return 1;
        }
    }
    return 0;
}

/* ---- LineHand ------------------------------------------------------------------------ */

void stud_lines_init(stud_lines_hand *L, stud_site_hand *h, const char *buf,
                     const stud_site_game *game, uint32_t first_line, stud_lines_number number)
{
    stud_site_init(h, buf, game, first_line);
    L->h = h;
    L->number = number;
    L->street = L->deal_pending = 0;
    L->n_antes = L->n_put = L->n_dealt = 0;
    memset(L->seen, -1, sizeof L->seen);
    L->hero = -1;
    L->has_button = 0;
    L->button.start = L->button.len = 0;
    L->has_bring_in = 0;
    L->bring_in = 0;
}

static stud_hh_step *add_step(stud_lines_hand *L, uint32_t line, int type, int seat,
                              stud_site_error *err)
{
    stud_site_hand *h = L->h;
    if (h->n_steps >= STUD_HH_MAX_STEPS) {
        stud_site_fail(err, h, line, "the hand has more than %d steps",
                       (int64_t)STUD_HH_MAX_STEPS);
        return NULL;
    }
    stud_hh_step *s = &h->steps[h->n_steps++];
    s->type = (uint8_t)type;
    s->seat = (uint8_t)seat;
    s->move = 0;
    s->n_cards = 0;
    s->to = STUD_HH_NONE;
    s->line = line;
    return s;
}

int stud_lines_amount(const stud_lines_hand *L, stud_hh_span rest, uint32_t line,
                      stud_lines_pattern pattern, int64_t *out, stud_site_error *err)
{
    stud_hh_span num;
    if (!pattern(L->h->buf, rest, &num)) {
        size_t a = rest.start, e = rest.start + rest.len;
        stud_site_strip(L->h->buf, &a, &e);
        stud_hh_span text = {(uint32_t)a, (uint32_t)(e - a)};
        return stud_site_fail(err, L->h, line, "no amount in %R", text);
    }
    return L->number(L, num, line, out, err);
}

int stud_lines_action(const stud_lines_hand *L, stud_hh_span line, const char *const *verbs,
                      int n_verbs, int *verb, stud_hh_span *rest)
{
    const stud_site_hand *h = L->h;
    stud_hh_span name;
    if (!stud_lines_action_match(h->buf, line, verbs, n_verbs, 0, &name, verb, rest))
        return -1;
    int player = stud_site_find(h, h->buf + name.start, name.len);
    if (player >= 0)
        return player;
    if (!stud_lines_action_match(h->buf, line, verbs, n_verbs, 1, &name, verb, rest))
        return -1;
    return stud_site_find(h, h->buf + name.start, name.len);
}

int stud_lines_seat(stud_lines_hand *L, uint32_t line, stud_hh_span digits, stud_hh_span name,
                    stud_hh_span stack, stud_site_error *err)
{
    stud_site_hand *h = L->h;
    int64_t chips;
    if (stud_site_find(h, h->buf + name.start, name.len) >= 0)
        return stud_site_fail(err, h, line, "%T is seated twice", name);
    if (L->number(L, stack, line, &chips, err))
        return -1;
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
    h->stack[p] = chips;
    h->put_in[p] = 0;
    h->seat_of[p] = -1;
    h->visible[p] = 0;
    h->pending_n[p] = -1;
    h->collected[p] = 0;
    L->anted[p] = L->has_put[p] = L->folded[p] = L->dealt_in[p] = 0;
    L->bets[p] = 0;
    L->dealt_n[p] = -1;
    return 0;
}

/* Whether the digits x are below the digits y, as numbers. */
static int digits_below(const char *buf, stud_hh_span x, stud_hh_span y)
{
    int da[2] = {0, 0}, value;
    const char *s = buf + x.start, *t = buf + y.start;
    size_t i = 0, j = 0, n, cx = 0, cy = 0, k;
    /* leading zeros off, then the digits counted */
    while (i < x.len && (n = stud_site_digit_at(s, x.len, i, &value)) && value == 0)
        i += n;
    while (j < y.len && (n = stud_site_digit_at(t, y.len, j, &value)) && value == 0)
        j += n;
    for (k = i; k < x.len; k += n, cx++)
        if (!(n = stud_site_digit_at(s, x.len, k, &value)))
            break;
    for (k = j; k < y.len; k += n, cy++)
        if (!(n = stud_site_digit_at(t, y.len, k, &value)))
            break;
    if (cx != cy)
        return cx < cy;
    while (i < x.len && j < y.len) {
        i += stud_site_digit_at(s, x.len, i, &da[0]);
        j += stud_site_digit_at(t, y.len, j, &da[1]);
        if (da[0] != da[1])
            return da[0] < da[1];
    }
    return 0;
}

/* Whether player a's site seat is below b's (as numbers). */
static int seat_below(const stud_site_hand *h, int a, int b)
{
    return digits_below(h->buf, h->seat_digits[a], h->seat_digits[b]);
}

/* seats_now: the seats at the first decision: those who anted or were
 * dealt cards, in seat order (from the button's left if there is one). */
static int seats_now(stud_lines_hand *L, uint32_t line, stud_site_error *err)
{
    stud_site_hand *h = L->h;
    int n = 0;
    int names[STUD_SITE_MAX_PLAYERS];
    for (int p = 0; p < h->n_players; p++) {
        if (!L->anted[p] && !L->dealt_in[p])
            continue;
        int at = n++;
        while (at > 0 && seat_below(h, p, names[at - 1])) {
            names[at] = names[at - 1];
            at--;
        }
        names[at] = p;
    }
    if (L->has_button) {  /* the seats after the button's first, in their order */
        int after[STUD_SITE_MAX_PLAYERS], m = 0;
        for (int k = 0; k < n; k++)
            if (digits_below(h->buf, L->button, h->seat_digits[names[k]]))
                after[m++] = names[k];
        for (int k = 0; k < n; k++)
            if (!digits_below(h->buf, L->button, h->seat_digits[names[k]]))
                after[m++] = names[k];
        memcpy(names, after, sizeof(int) * (size_t)n);
    }
    if (n < 2 || n > 8)
        return stud_site_fail(err, h, line, "%d players dealt in: a stud hand has 2 to 8",
                              (int64_t)n);
    h->n_order = n;
    for (int seat = 0; seat < n; seat++) {
        h->order[seat] = names[seat];
        h->seat_of[names[seat]] = seat;
    }
    return 0;
}

int stud_lines_new_street(stud_lines_hand *L, uint32_t line, stud_hh_span text, int street,
                          stud_site_error *err)
{
    if (stud_lines_flush_deal(L, line, err))
        return -1;
    if (street <= L->street)
        return stud_site_fail(err, L->h, line, "%R after street %d", text, (int64_t)L->street);
    L->street = street;
    L->h->street = street;
    for (int p = 0; p < L->h->n_players; p++)
        L->bets[p] = 0;
    L->deal_pending = 1;
    return 0;
}

int stud_lines_flush_deal(stud_lines_hand *L, uint32_t line, stud_site_error *err)
{
    stud_site_hand *h = L->h;
    if (!L->deal_pending)
        return 0;
    L->deal_pending = 0;
    if (h->n_order == 0 && seats_now(L, line, err))
        return -1;
    int count = L->street == 3 ? 3 : 1, failed = 0;
    for (int seat = 0; seat < h->n_order && !failed; seat++) {
        int p = h->order[seat];
        if (L->folded[p])
            continue;
        stud_hh_step *s = add_step(L, line, STUD_HH_DEALT, seat, err);
        if (!s) {
            failed = 1;
            break;
        }
        if (L->dealt_n[p] >= 0) {
            s->n_cards = (uint8_t)L->dealt_n[p];
            memcpy(s->cards, L->dealt_cards[p], (size_t)L->dealt_n[p]);
        } else {
            s->n_cards = (uint8_t)count;
            memset(s->cards, STUD_HH_UNKNOWN, (size_t)count);
        }
    }
    for (int k = 0; k < L->n_dealt && !failed; k++) {
        int p = L->dealt_order[k];
        if (h->seat_of[p] < 0 || L->folded[p])
            failed = stud_site_fail(err, h, line, "cards dealt to %N, who is not in the hand",
                                    p);
    }
    for (int k = 0; k < L->n_dealt; k++)
        L->dealt_n[L->dealt_order[k]] = -1;
    L->n_dealt = 0;
    return failed ? -1 : 0;
}

int stud_lines_note(stud_lines_hand *L, const uint8_t *cards, int n, int owner, uint32_t line,
                    stud_site_error *err)
{
    for (int c = 0; c < n; c++) {
        int card = cards[c];
        if (card == STUD_HH_UNKNOWN)
            continue;
        int other = L->seen[card];
        if (other >= 0 && other != owner)
            return stud_site_fail(err, L->h, line, "%c is dealt twice (%N, %N)", card, other,
                                  owner);
        L->seen[card] = (int8_t)owner;
    }
    return 0;
}

void stud_lines_dealt(stud_lines_hand *L, int player, const uint8_t *cards, int n)
{
    if (L->dealt_n[player] < 0)
        L->dealt_order[L->n_dealt++] = player;
    L->dealt_n[player] = (int8_t)n;
    memcpy(L->dealt_cards[player], cards, (size_t)n);
}

static void put(stud_lines_hand *L, int player, int64_t amount)
{
    if (!L->has_put[player]) {
        L->has_put[player] = 1;
        L->put_order[L->n_put++] = player;
    }
    L->h->put_in[player] += amount;
}

int stud_lines_post_ante(stud_lines_hand *L, uint32_t line, int player, stud_hh_span rest,
                         stud_lines_pattern pattern, stud_site_error *err)
{
    int64_t paid;
    if (L->street || L->anted[player])
        return stud_site_fail(err, L->h, line, "%N posts an ante out of place", player);
    if (stud_lines_amount(L, rest, line, pattern, &paid, err))
        return -1;
    L->anted[player] = 1;
    L->ante_player[L->n_antes] = player;
    L->ante_paid[L->n_antes] = paid;
    L->ante_line[L->n_antes++] = line;
    put(L, player, paid);
    return 0;
}

int stud_lines_acting(stud_lines_hand *L, uint32_t line, int player, int *seat,
                      stud_site_error *err)
{
    if (L->street == 0)
        return stud_site_fail(err, L->h, line, "%N acts before the deal", player);
    if (L->folded[player])
        return stud_site_fail(err, L->h, line, "%N acts after folding", player);
    *seat = L->h->seat_of[player];
    return 0;
}

int stud_lines_fold_or_check(stud_lines_hand *L, uint32_t line, int seat, int player, int fold,
                             stud_site_error *err)
{
    stud_hh_step *s = add_step(L, line, STUD_HH_ACTED, seat, err);
    if (!s)
        return -1;
    s->move = fold ? STUD_HH_FOLD : STUD_HH_CHECK_CALL;
    if (fold)
        L->folded[player] = 1;
    return 0;
}

int stud_lines_decision(stud_lines_hand *L, uint32_t number, int player, int kind,
                        stud_hh_span rest, int all_in, stud_hh_span text,
                        stud_lines_pattern raise_to, stud_lines_pattern amount,
                        stud_site_error *err)
{
    int seat, move;
    int64_t to;
    if (stud_lines_acting(L, number, player, &seat, err))
        return -1;
    if (kind == STUD_LINES_FOLD || kind == STUD_LINES_CHECK)
        return stud_lines_fold_or_check(L, number, seat, player, kind == STUD_LINES_FOLD, err);
    if (kind == STUD_LINES_RAISE) {
        stud_hh_span num;
        if (!raise_to(L->h->buf, rest, &num))
            return stud_site_fail(err, L->h, number, "a raise with no 'to' amount: %R", text);
        if (L->number(L, num, number, &to, err))
            return -1;
        move = STUD_HH_RAISE;
    } else {
        int64_t added;
        if (stud_lines_amount(L, rest, number, amount, &added, err))
            return -1;
        to = L->bets[player] + added;
        move = kind == STUD_LINES_CALL ? STUD_HH_CHECK_CALL
             : kind == STUD_LINES_BRING_IN ? STUD_HH_BRING_IN : STUD_HH_RAISE;
        if (kind == STUD_LINES_BRING_IN && !all_in) {
            L->has_bring_in = 1;
            L->bring_in = to;
        }
    }
    return stud_lines_bet_to(L, number, seat, player, move, to, err);
}

int stud_lines_bet_to(stud_lines_hand *L, uint32_t line, int seat, int player, int move,
                      int64_t to, stud_site_error *err)
{
    int64_t had = L->bets[player];
    if (to < had)
        return stud_site_fail(err, L->h, line, "%N's bet goes down to %d", player, to);
    put(L, player, to - had);
    L->bets[player] = to;
    stud_hh_step *s = add_step(L, line, STUD_HH_ACTED, seat, err);
    if (!s)
        return -1;
    s->move = (uint8_t)move;
    /* (an amount past int32 is only in a hand that fails at its end: more than a stack) */
    s->to = to > INT32_MAX ? INT32_MAX : (int32_t)to;
    return 0;
}

int stud_lines_collect(stud_lines_hand *L, int player, int64_t amount)
{
    L->h->collected[player] += amount;
    L->h->any_collected = 1;
    return 0;
}

int stud_lines_step_showed(stud_lines_hand *L, uint32_t line, int seat, int player,
                           const uint8_t *cards, int n, int at, stud_site_error *err)
{
    if (n > 7)
        return stud_site_fail(err, L->h, line, "%N shows %d cards: a stud hand has 7", player,
                              (int64_t)n);
    stud_hh_step *s;
    if (at < 0) {
        if (!(s = add_step(L, line, STUD_HH_SHOWED, seat, err)))
            return -1;
    } else {
        s = &L->h->steps[at];
        s->line = line;
    }
    s->n_cards = (uint8_t)n;
    memcpy(s->cards, cards, (size_t)n);
    return 0;
}

int stud_lines_step_mucked(stud_lines_hand *L, uint32_t line, int seat, stud_site_error *err)
{
    return add_step(L, line, STUD_HH_MUCKED, seat, err) ? 0 : -1;
}

int stud_lines_check_antes(const stud_lines_hand *L, int64_t *ante, stud_site_error *err)
{
    const stud_site_hand *h = L->h;
    int64_t most = 0;
    for (int a = 0; a < L->n_antes; a++)
        if (a == 0 || L->ante_paid[a] > most)
            most = L->ante_paid[a];
    for (int a = 0; a < L->n_antes; a++) {
        int p = L->ante_player[a];
        if (h->seat_of[p] < 0)
            return stud_site_fail(err, h, L->ante_line[a],
                                  "%N posted the ante but was not dealt in", p);
        if (L->ante_paid[a] != most && L->ante_paid[a] != h->stack[p])
            return stud_site_fail(err, h, L->ante_line[a], "%N posted an ante of %d, the others %d",
                                  p, L->ante_paid[a], most);
    }
    *ante = most;
    return 0;
}

int stud_lines_check_stacks(const stud_lines_hand *L, uint32_t last, stud_site_error *err)
{
    const stud_site_hand *h = L->h;
    for (int seat = 0; seat < h->n_order; seat++) {
        int p = h->order[seat];
        if (h->put_in[p] > h->stack[p])
            return stud_site_fail(err, h, last, "%N put in %d, more than the %d he sat with", p,
                                  h->put_in[p], h->stack[p]);
    }
    return 0;
}

void stud_lines_uncalled(const stud_lines_hand *L, int *top, int64_t *uncalled)
{
    const stud_site_hand *h = L->h;
    int best = -1;
    for (int k = 0; k < L->n_put; k++) {
        int p = L->put_order[k];
        if (best < 0 || h->put_in[p] > h->put_in[best])
            best = p;
    }
    int64_t next = 0;
    int any = 0;
    for (int k = 0; k < L->n_put; k++) {
        int p = L->put_order[k];
        if (p != best && (!any || h->put_in[p] > next)) {
            next = h->put_in[p];
            any = 1;
        }
    }
    *top = best;
    *uncalled = best < 0 ? 0 : h->put_in[best] - next;
}

void stud_lines_finish(stud_lines_hand *L, int64_t ante, int64_t rake)
{
    stud_site_hand *h = L->h;
    h->ante_out = ante;
    h->bring_in_out = L->has_bring_in ? L->bring_in : -1;
    h->rake = rake;
    h->rake_known = 1;
    h->hero = L->hero;
}
