/* site_xml_hand.c: the XML sites' shared reading (site_xml_hand.h): _xml.py's
 * amount, card and Deal, where a Fail of theirs is STUD_XML_PYTHON. */
#include "site_xml_hand.h"

#include <string.h>

#define PY STUD_XML_PYTHON

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

int stud_xml_amount(stud_xml_str text, int cents, int64_t *out)
{
    const char *s = text.s;
    size_t len = text.len, i, start = 0, stop = 0, k, last, dots = 0, commas = 0, frac_n;
    int found = 0;
    int64_t whole = 0, frac = 0;
    size_t whole_digits = 0;
    /* ASCII, and the signs € (E2 82 AC) and £ (C2 A3) */
    for (i = 0; i < len; i++) {
        unsigned char b = (unsigned char)s[i];
        if (b < 0x80)
            continue;
        if (b == 0xE2 && len - i >= 3 && (unsigned char)s[i + 1] == 0x82 &&
            (unsigned char)s[i + 2] == 0xAC)
            i += 2;
        else if (b == 0xC2 && len - i >= 2 && (unsigned char)s[i + 1] == 0xA3)
            i += 1;
        else
            return PY;
    }
    /* _NUMBER's first match: -?\d[\d.,]* | -?[.,]\d+ */
    for (i = 0; i < len && !found; i++) {
        char c = s[i];
        if (c == '-' && i + 1 < len &&
            (is_digit(s[i + 1]) ||
             ((s[i + 1] == '.' || s[i + 1] == ',') && i + 2 < len && is_digit(s[i + 2]))))
            return PY; /* (a negative amount) */
        if (is_digit(c)) {
            start = i;
            stop = i + 1;
            while (stop < len && (is_digit(s[stop]) || s[stop] == '.' || s[stop] == ','))
                stop++;
            found = 1;
        } else if ((c == '.' || c == ',') && i + 1 < len && is_digit(s[i + 1])) {
            start = i;
            stop = i + 1;
            while (stop < len && is_digit(s[stop]))
                stop++;
            found = 1;
        }
    }
    if (!found)
        return PY;
    while (stop > start && (s[stop - 1] == '.' || s[stop - 1] == ','))
        stop--;
    last = (size_t)-1;
    for (k = start; k < stop; k++) {
        if (s[k] == '.') {
            dots++;
            last = k;
        } else if (s[k] == ',') {
            commas++;
            last = k;
        }
    }
    frac_n = 0;
    size_t whole_end = stop;
    if (last != (size_t)-1 && (stop - last - 1 == 1 || stop - last - 1 == 2)) {
        whole_end = last;
        frac_n = stop - last - 1;
    } else if (last != (size_t)-1 && s[last] == '.' && dots == 1 && commas == 0 &&
               stop - last - 1 != 3) {
        return PY;
    }
    for (k = start; k < whole_end; k++) {
        if (s[k] == '.' || s[k] == ',')
            continue;
        if (whole_digits || s[k] != '0')
            whole_digits++;
        if (whole_digits > 15)
            return PY;
        whole = whole * 10 + (s[k] - '0');
    }
    for (k = 0; k < frac_n; k++)
        frac = frac * 10 + (s[last + 1 + k] - '0');
    if (!cents) {
        if (frac)
            return PY;
        *out = whole;
        return 0;
    }
    if (frac_n == 1)
        frac *= 10;
    *out = whole * 100 + frac;
    return 0;
}

int stud_xml_card(const char *s, size_t len)
{
    static const char ranks[] = "23456789TJQKA", suits[] = "cdhs";
    char up[8];
    size_t i;
    int rank, suit;
    const char *r;
    size_t rank_len;
    char suit_c;
    /* (the forms most written first: a rank then a suit, "null") */
    static const signed char rank_of[128] = {
        ['2'] = 1, ['3'] = 2, ['4'] = 3, ['5'] = 4, ['6'] = 5, ['7'] = 6, ['8'] = 7, ['9'] = 8,
        ['T'] = 9, ['J'] = 10, ['Q'] = 11, ['K'] = 12, ['A'] = 13};
    static const signed char suit_of[128] = {['c'] = 1, ['d'] = 2, ['h'] = 3, ['s'] = 4};
    if (len == 2 && (unsigned char)s[0] < 128 && (unsigned char)s[1] < 128 &&
        rank_of[(unsigned char)s[0]] && suit_of[(unsigned char)s[1]])
        return (rank_of[(unsigned char)s[0]] - 1) * 4 + suit_of[(unsigned char)s[1]] - 1;
    if (len == 4 && memcmp(s, "null", 4) == 0)
        return STUD_HH_UNKNOWN;
    if (len == 0 || len > 4)
        return len == 0 ? STUD_HH_UNKNOWN : -1;
    for (i = 0; i < len; i++) {
        if ((unsigned char)s[i] >= 0x80 || (unsigned char)s[i] <= ' ')
            return -1;
        up[i] = (s[i] >= 'a' && s[i] <= 'z') ? (char)(s[i] - 32) : s[i];
    }
    up[len] = 0;
    if (!strcmp(up, "X") || !strcmp(up, "XX") || !strcmp(up, "NULL") || !strcmp(up, "?") ||
        !strcmp(up, "??"))
        return STUD_HH_UNKNOWN;
    /* suit first when the rest is a rank */
    if ((up[0] == 'S' || up[0] == 'H' || up[0] == 'D' || up[0] == 'C') && len >= 2 &&
        ((len == 3 && up[1] == '1' && up[2] == '0') ||
         (len == 2 && strchr(ranks, up[1]) != NULL))) {
        r = up + 1;
        rank_len = len - 1;
        suit_c = (char)(up[0] + 32);
    } else {
        r = up;
        rank_len = len - 1;
        suit_c = s[len - 1];
        if (suit_c >= 'A' && suit_c <= 'Z')
            suit_c = (char)(suit_c + 32);
    }
    if (rank_len == 2 && r[0] == '1' && r[1] == '0') {
        rank = 8;
    } else if (rank_len == 1 && r[0] == '1') {
        rank = 12;
    } else if (rank_len == 1 && r[0] && strchr(ranks, r[0]) != NULL) {
        rank = (int)(strchr(ranks, r[0]) - ranks);
    } else {
        return -1;
    }
    if (!suit_c || strchr(suits, suit_c) == NULL)
        return -1;
    suit = (int)(strchr(suits, suit_c) - suits);
    return rank * 4 + suit;
}

int stud_xml_int(stud_xml_str text, int64_t *out)
{
    size_t i = 0, len = text.len, digits = 0;
    int negative = 0;
    int64_t value = 0;
    const char *s = text.s;
    while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
        i++;
    if (i < len && (s[i] == '+' || s[i] == '-'))
        negative = s[i++] == '-';
    while (i < len && is_digit(s[i])) {
        if (++digits > 18)
            return PY;
        value = value * 10 + (s[i++] - '0');
    }
    while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
        i++;
    if (!digits || i != len)
        return PY;
    *out = negative ? -value : value;
    return 0;
}

static int item_before(const stud_xml_item *a, const stud_xml_item *b)
{
    if (a->round != b->round)
        return a->round < b->round;
    if (a->kind != b->kind)
        return a->kind < b->kind;
    return a->order < b->order;
}

void stud_xml_item_insert(stud_xml_item *items, int n, stud_xml_item it)
{
    int j;
    for (j = n; j > 0 && item_before(&it, &items[j - 1]); j--)
        items[j] = items[j - 1];
    items[j] = it;
}

void stud_xml_seat_order(const int64_t *seats, int n, int *order)
{
    int k, j;
    for (k = 0; k < n; k++)
        order[k] = k;
    for (k = 1; k < n; k++) {
        int x = order[k];
        for (j = k; j > 0 && seats[order[j - 1]] > seats[x]; j--)
            order[j] = order[j - 1];
        order[j] = x;
    }
}

/* ---- Deal -------------------------------------------------------------------------- */

static int label_same(stud_xml_label a, stud_xml_label b)
{
    if (a.is_none || b.is_none)
        return a.is_none == b.is_none;
    return stud_xml_same(a.text, b.text);
}

void stud_xml_deal_init(stud_xml_deal *d, int variant, const int64_t *stacks, int n)
{
    int five = variant == 3 || variant == 4;
    int k;
    if (n > STUD_XML_MAX_SEATS)
        n = STUD_XML_MAX_SEATS;
    d->n = n;
    d->first = five ? 2 : 3;
    d->streets = five ? 4 : 5;
    for (k = 0; k < n; k++) {
        d->stacks[k] = stacks[k];
        d->pending_n[k] = -1;
        d->revealed_n[k] = -1;
        d->dealt[k] = 0;
        d->folded[k] = 0;
        d->bets[k] = d->returned[k] = d->put_in[k] = 0;
    }
    d->n_steps = 0;
    d->street = 0;
    d->label.is_none = 1;
    d->label.text.s = NULL;
    d->label.text.len = 0;
    d->has_round = 0;
    d->round = 0;
    d->decided = d->open = 0;
    d->n_revealed_order = 0;
    d->ante = 0;
    d->bring_in = -1;
}

static stud_hh_step *add_step(stud_xml_deal *d, int type, int seat, uint32_t line)
{
    stud_hh_step *st;
    if (d->n_steps >= STUD_HH_MAX_STEPS)
        return NULL;
    st = &d->steps[d->n_steps++];
    stud_hh_step_start(st, type, seat, line);
    return st;
}

static int flush(stud_xml_deal *d, uint32_t line)
{
    int count = d->street == 1 ? d->first : 1, seat, k;
    for (seat = 0; seat < d->n; seat++) {
        stud_hh_step *st;
        if (d->folded[seat])
            continue;
        st = add_step(d, STUD_HH_DEALT, seat, line);
        if (st == NULL)
            return PY;
        if (d->pending_n[seat] >= 0) {
            st->n_cards = (uint8_t)d->pending_n[seat];
            memcpy(st->cards, d->pending[seat], (size_t)d->pending_n[seat]);
        } else {
            st->n_cards = (uint8_t)count;
            for (k = 0; k < count; k++)
                st->cards[k] = STUD_HH_UNKNOWN;
        }
        d->dealt[seat] += st->n_cards;
    }
    for (seat = 0; seat < d->n; seat++)
        d->pending_n[seat] = -1;
    d->open = 0;
    return 0;
}

static void close_round(stud_xml_deal *d)
{
    int k, top = 0;
    int64_t second = -1;
    if (d->street && d->n >= 2) {
        for (k = 1; k < d->n; k++)
            if (d->bets[k] > d->bets[top])
                top = k;
        for (k = 0; k < d->n; k++)
            if (k != top && d->bets[k] > second)
                second = d->bets[k];
        d->returned[top] += d->bets[top] - second;
    }
    for (k = 0; k < d->n; k++)
        d->bets[k] = 0;
}

/* The next street opened, the betting before it closed (Deal's _new_street
 * without its bound, as Deal.community opens one). */
static int open_street(stud_xml_deal *d, stud_xml_label label, int64_t round, uint32_t line)
{
    if (d->open && flush(d, line))
        return PY;
    close_round(d);
    d->street++;
    d->label = label;
    d->has_round = 1;
    d->round = round;
    d->decided = 0;
    return 0;
}

static int new_street(stud_xml_deal *d, stud_xml_label label, int64_t round, uint32_t line)
{
    if (open_street(d, label, round, line) || d->street > d->streets)
        return PY;
    return 0;
}

static int has_unknown(const uint8_t *cards, int n)
{
    int k;
    for (k = 0; k < n; k++)
        if (cards[k] == STUD_HH_UNKNOWN)
            return 1;
    return 0;
}

static void reveal(stud_xml_deal *d, int seat, const uint8_t *cards, int n)
{
    if (d->revealed_n[seat] < 0)
        d->revealed_order[d->n_revealed_order++] = seat;
    d->revealed_n[seat] = (int8_t)n;
    memcpy(d->revealed[seat], cards, (size_t)n);
}

int stud_xml_deal_cards(stud_xml_deal *d, int seat, const uint8_t *cards, int n,
                        stud_xml_label label, int64_t round, int cumulative, uint32_t line)
{
    uint8_t unknown[3] = {STUD_HH_UNKNOWN, STUD_HH_UNKNOWN, STUD_HH_UNKNOWN};
    int held = d->dealt[seat] + (d->pending_n[seat] >= 0 ? d->pending_n[seat] : 0);
    int count, k;
    if (n > 7)
        return PY;
    if (d->street && n && n == held) {
        if (!cumulative && !has_unknown(cards, n))
            reveal(d, seat, cards, n);
        return 0;
    }
    if (!label_same(label, d->label) || ((!d->has_round || round != d->round) && d->decided)) {
        if (new_street(d, label, round, line))
            return PY;
        d->open = 1;
    }
    count = d->street == 1 ? d->first : 1;
    if (!n) {
        cards = unknown;
        n = count;
    } else if (cumulative) { /* every street's cards so far: the last are new */
        if (n >= count) {
            cards = cards + (n - count);
            n = count;
        }
    } else if (n > count) {
        int skipped = n - d->dealt[seat] - count, any_pending = 0;
        for (k = 0; k < d->n; k++)
            if (d->pending_n[k] >= 0)
                any_pending = 1;
        if (skipped > 0 && !has_unknown(cards, n) && !any_pending && 1 < d->street &&
            d->street <= d->streets - skipped) {
            for (k = 0; k < skipped; k++) {
                if (new_street(d, label, round, line))
                    return PY;
                d->open = 1;
            }
        }
        if (n == d->dealt[seat] + count && !has_unknown(cards, n))
            reveal(d, seat, cards, n);
        cards = cards + (n - count);
        n = count;
    }
    if (n != count)
        return PY;
    if (d->pending_n[seat] >= 0)
        return PY;
    if (!d->folded[seat]) {
        d->pending_n[seat] = (int8_t)n;
        memcpy(d->pending[seat], cards, (size_t)n);
    }
    return 0;
}

int stud_xml_deal_community(stud_xml_deal *d, int card, stud_xml_label label, int64_t round,
                            uint32_t line)
{
    stud_hh_step *st;
    if (open_street(d, label, round, line))
        return PY;
    st = add_step(d, STUD_HH_COMMUNITY, 0, line);
    if (st == NULL)
        return PY;
    st->n_cards = 1;
    st->cards[0] = (uint8_t)card;
    return 0;
}

void stud_xml_deal_ante(stud_xml_deal *d, int seat, int64_t chips)
{
    if (chips > d->ante)
        d->ante = chips;
    d->put_in[seat] += chips;
}

int stud_xml_deal_act(stud_xml_deal *d, int seat, int kind, int64_t chips, int64_t round,
                      uint32_t line)
{
    stud_hh_step *st;
    int64_t to, most;
    int move, k;
    if (((!d->has_round || round != d->round) && d->decided) || !d->street) {
        stud_xml_label none = {1, {NULL, 0}};
        if (new_street(d, none, round, line))
            return PY;
        d->open = 1;
    }
    d->decided = 1;
    if (d->open && flush(d, line))
        return PY;
    if (kind == STUD_XML_FOLD || kind == STUD_XML_CHECK) {
        st = add_step(d, STUD_HH_ACTED, seat, line);
        if (st == NULL)
            return PY;
        if (kind == STUD_XML_FOLD) {
            d->folded[seat] = 1;
            st->move = STUD_HH_FOLD;
        } else {
            st->move = STUD_HH_CHECK_CALL;
        }
        return 0;
    }
    to = kind == STUD_XML_CALL_TO || kind == STUD_XML_RAISE_TO ? chips : d->bets[seat] + chips;
    if (to < d->bets[seat] || to >= ((int64_t)1 << 31))
        return PY;
    d->put_in[seat] += to - d->bets[seat];
    most = d->bets[0];
    for (k = 1; k < d->n; k++)
        if (d->bets[k] > most)
            most = d->bets[k];
    if (kind == STUD_XML_BRING_IN) {
        move = STUD_HH_BRING_IN;
        if (d->put_in[seat] < d->stacks[seat])
            d->bring_in = to;
    } else if (kind == STUD_XML_CALL || kind == STUD_XML_CALL_TO ||
               (kind == STUD_XML_ALL_IN && to <= most)) {
        move = STUD_HH_CHECK_CALL;
    } else {
        move = STUD_HH_RAISE;
    }
    d->bets[seat] = to;
    st = add_step(d, STUD_HH_ACTED, seat, line);
    if (st == NULL)
        return PY;
    st->move = (uint8_t)move;
    st->to = (int32_t)to;
    return 0;
}

int stud_xml_deal_finish(stud_xml_deal *d, uint32_t line)
{
    int i, index, k;
    if (d->open && flush(d, line))
        return PY;
    close_round(d);
    /* fill_shown */
    for (i = 0; i < d->n_revealed_order; i++) {
        int seat = d->revealed_order[i], n = d->revealed_n[seat], position = 0;
        const uint8_t *cards = d->revealed[seat];
        stud_hh_step *st;
        for (index = 0; index < d->n_steps; index++) {
            st = &d->steps[index];
            if (st->type != STUD_HH_DEALT || st->seat != seat)
                continue;
            if (position + st->n_cards > n)
                return PY;
            for (k = 0; k < st->n_cards; k++)
                if (st->cards[k] != STUD_HH_UNKNOWN && st->cards[k] != cards[position + k])
                    return PY;
            if (has_unknown(st->cards, st->n_cards))
                memcpy(st->cards, cards + position, st->n_cards);
            position += st->n_cards;
        }
        if (!d->folded[seat]) {
            st = add_step(d, STUD_HH_SHOWED, seat, line);
            if (st == NULL)
                return PY;
            st->n_cards = (uint8_t)n;
            memcpy(st->cards, cards, (size_t)n);
        }
    }
    return 0;
}

int stud_xml_deal_show(stud_xml_deal *d, int seat, const uint8_t *cards, int n, uint32_t line)
{
    stud_hh_step *st;
    if (n > 7)
        return PY;
    st = add_step(d, n < 0 ? STUD_HH_MUCKED : STUD_HH_SHOWED, seat, line);
    if (st == NULL)
        return PY;
    if (n > 0) {
        st->n_cards = (uint8_t)n;
        memcpy(st->cards, cards, (size_t)n);
    }
    return 0;
}
