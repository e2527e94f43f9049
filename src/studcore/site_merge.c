/* site_merge.c: Merge's <game> element read in C (site_xml_hand.h's
 * stud_xml_merge_read), as python/stud/histories/sites/merge.py's
 * _Hand.record reads it once game_of has read its <description>: the
 * players dealt in, the rounds' cards, events and winners sorted, a
 * tournament's stacks before the ante and bring-in, the deal (every
 * street's cards so far on each <cards type="HOLE">), the shows, the
 * collections.  Where that reading fails (an error naming a line) or
 * reads what this one does not, the hand is STUD_XML_PYTHON.  (The game,
 * the table and the fields are the caller's.) */
#include <string.h>

#include "site_xml_hand.h"

#define PY STUD_XML_PYTHON
#define MAX_ITEMS 1024
#define MAX_ROUNDS 512
#define MAX_CARDS 8
/* a sum of amounts above this is left to Python (int64 bounds) */
#define MOST_CHIPS ((int64_t)1 << 60)

/* the kinds of a round's elements, in the order merge.py sorts them */
enum { CARDS = 0, EVENT = 1, WINNER = 2 };
/* an event that is no decision (merge.py's _MOVES has it not), and the ante */
enum { NOT_A_MOVE = -2, ANTE = -1 };

/* What an event's type is to the deal (merge.py's _MOVES). */
static int move_of(const stud_xml_str *type)
{
    static const struct { const char *type; int move; } moves[] = {
        {"FOLD", STUD_XML_FOLD}, {"SIT_OUT", STUD_XML_FOLD}, {"CHECK", STUD_XML_CHECK},
        {"CALL", STUD_XML_CALL}, {"BET", STUD_XML_RAISE}, {"ALL_IN", STUD_XML_ALL_IN},
        {"BRING_IN", STUD_XML_BRING_IN}, {"COMPLETE", STUD_XML_RAISE_TO},
        {"RAISE", STUD_XML_RAISE_TO}, {"ANTE", ANTE}};
    size_t k;
    for (k = 0; k < sizeof moves / sizeof moves[0]; k++)
        if (stud_xml_str_is(type, moves[k].type))
            return moves[k].move;
    return NOT_A_MOVE;
}

/* Whether RAISE gives the round's total: the hand's starttime's first 14
 * characters are not before merge.py's _RAISE_TO_SINCE (compared as
 * Python compares them: UTF-8 keeps the order of code points, and the
 * date is ASCII). */
static int raises_to(const stud_xml_str *start)
{
    static const char since[] = "20100908000000";
    size_t n = start == NULL ? 0 : start->len, k;
    for (k = 0; k < sizeof since - 1; k++) {
        if (k >= n)
            return 0; /* (a prefix of it, or nothing: before) */
        if (start->s[k] != since[k])
            return (unsigned char)start->s[k] > (unsigned char)since[k];
    }
    return 1;
}

/* str(value): its sign and digits in out (20 bytes at most; 3 for a
 * round's index under MAX_ROUNDS), their count. */
static size_t decimal(int64_t value, char *out)
{
    char digits[24];
    size_t n = 0, k = 0;
    uint64_t u = value < 0 ? 0 - (uint64_t)value : (uint64_t)value;
    do {
        digits[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (value < 0)
        out[k++] = '-';
    while (n)
        out[k++] = digits[--n];
    return k;
}

/* A character Python's str.strip() strips, of the ASCII ones. */
static int strip_space(char c)
{
    return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f);
}

/* The cards of a <cards cards=...> as merge.py reads them (split at ',',
 * a blank piece dropped, each other a card: _xml.card): their count, or
 * -1 (a piece that is not a card, one not ASCII, more than `most`). */
static int cards_of(const stud_xml_str *v, uint8_t *cards, int most)
{
    size_t i = 0, from, to, len = v == NULL ? 0 : v->len;
    int n = 0, c;
    while (i <= len) {
        from = i;
        while (i < len && v->s[i] != ',')
            i++;
        to = i++;
        while (from < to && strip_space(v->s[from]))
            from++;
        while (to > from && strip_space(v->s[to - 1]))
            to--;
        if (to == from)
            continue;
        c = stud_xml_card(v->s + from, to - from);
        if (c < 0 || n >= most)
            return -1;
        cards[n++] = (uint8_t)c;
    }
    return n;
}

/* The players dealt in, in the order of their seats (merge.py's `listed`),
 * into r (names, seats) and stacks, with each seat's str() in seat_text
 * (what an event's `player` names): their count, or -1 (PY). */
static int listed_of(const stud_xml_tree *t, int game, int cents, stud_xml_record *r,
                     int64_t *stacks, char (*seat_text)[24], size_t *seat_len)
{
    static const stud_xml_str empty = {"", 0};
    stud_xml_str names[STUD_XML_MAX_SEATS];
    int64_t seats[STUD_XML_MAX_SEATS], balances[STUD_XML_MAX_SEATS];
    int order[STUD_XML_MAX_SEATS], n = 0, k, node, end = t->nodes[game].end;
    for (node = game + 1; node < end; node++) {
        const stud_xml_str *v;
        if (!stud_xml_is(t, node, "player"))
            continue;
        v = stud_xml_get(t, node, "dealtin");
        if (v != NULL && !stud_xml_str_is(v, "true"))
            continue;
        if (n >= STUD_XML_MAX_SEATS)
            return -1; /* (more than 8 dealt in: Python's error) */
        v = stud_xml_get(t, node, "seat");
        if (v == NULL || stud_xml_int(*v, &seats[n]))
            return -1;
        v = stud_xml_get(t, node, "nickname");
        names[n] = v == NULL ? empty : *v;
        v = stud_xml_get(t, node, "balance");
        if (v == NULL || stud_xml_amount(*v, cents, &balances[n]))
            return -1;
        n++;
    }
    if (n < 2)
        return -1;
    stud_xml_seat_order(seats, n, order);
    for (k = 0; k < n; k++) {
        int p = order[k];
        if (k && seats[p] == r->seat[k - 1])
            return -1; /* (two players at one seat) */
        r->name[k] = names[p];
        r->seat[k] = seats[p];
        stacks[k] = balances[p];
        seat_len[k] = decimal(seats[p], seat_text[k]);
    }
    r->n = n;
    return n;
}

/* The seat (index among the listed) an element's `player` names, or -1. */
static int seat_named(const stud_xml_str *who, int n, char (*seat_text)[24],
                      const size_t *seat_len)
{
    int k;
    if (who == NULL)
        return -1;
    for (k = 0; k < n; k++)
        if (who->len == seat_len[k] && memcmp(who->s, seat_text[k], seat_len[k]) == 0)
            return k;
    return -1;
}

/* The rounds' cards, events and winners sorted as merge.py sorts them
 * (by round, then cards, events by their sequence, winners), each
 * round's label (its id, or its index written out, kept in
 * index_text) in labels: their count; -1 (PY), or -2: the hand was
 * cancelled. */
static int items_of(const stud_xml_tree *t, int game, stud_xml_item *items,
                    stud_xml_label *labels, char (*index_text)[4])
{
    int n = 0, index = 0, node, child, end = t->nodes[game].end;
    for (node = game + 1; node < end; node++) {
        const stud_xml_str *v;
        if (!stud_xml_is(t, node, "round"))
            continue;
        if (index >= MAX_ROUNDS)
            return -1;
        v = stud_xml_get(t, node, "id");
        labels[index].is_none = 0;
        if (v != NULL && v->len) {
            labels[index].text = *v;
        } else {
            labels[index].text.s = index_text[index];
            labels[index].text.len = (uint32_t)decimal(index, index_text[index]);
        }
        for (child = t->nodes[node].first_child; child >= 0;
             child = t->nodes[child].next_sibling) {
            stud_xml_item it;
            if (stud_xml_is(t, child, "event")) {
                if (stud_xml_str_is(stud_xml_get(t, child, "type"), "GAME_CANCELLED"))
                    return -2;
                v = stud_xml_get(t, child, "sequence");
                if (v == NULL || stud_xml_int(*v, &it.order))
                    return -1;
                it.kind = EVENT;
            } else if (stud_xml_is(t, child, "cards") || stud_xml_is(t, child, "winner")) {
                it.kind = stud_xml_is(t, child, "cards") ? CARDS : WINNER;
                it.order = n;
            } else {
                continue;
            }
            if (n >= MAX_ITEMS)
                return -1;
            it.round = index;
            it.node = child;
            stud_xml_item_insert(items, n++, it);
        }
        index++;
    }
    return n;
}

int stud_xml_merge_read(const stud_xml_tree *t, int game, int variant, int cents,
                        uint32_t line, stud_xml_record *r)
{
    static const stud_xml_str empty = {"", 0};
    char seat_text[STUD_XML_MAX_SEATS][24], index_text[MAX_ROUNDS][4];
    size_t seat_len[STUD_XML_MAX_SEATS];
    int64_t stacks[STUD_XML_MAX_SEATS], chips;
    stud_xml_item items[MAX_ITEMS];
    stud_xml_label labels[MAX_ROUNDS];
    int shows[MAX_ITEMS], show_seat[MAX_ITEMS];
    uint8_t cards[MAX_CARDS];
    int n, n_items, n_shows = 0, k, seat, kind;
    int raise_to = raises_to(stud_xml_get(t, game, "starttime"));
    stud_xml_deal *d = &r->deal;

    n = listed_of(t, game, cents, r, stacks, seat_text, seat_len);
    if (n < 0)
        return PY;
    n_items = items_of(t, game, items, labels, index_text);
    if (n_items == -2)
        return STUD_XML_CANCELLED;
    if (n_items < 0)
        return PY;

    if (!cents) { /* a tournament's balance is what is left after the ante and bring-in */
        for (k = 0; k < n_items; k++) {
            const stud_xml_str *type = stud_xml_get(t, items[k].node, "type");
            const stud_xml_str *v;
            if (items[k].kind != EVENT ||
                !(stud_xml_str_is(type, "ANTE") || stud_xml_str_is(type, "BRING_IN")))
                continue;
            seat = seat_named(stud_xml_get(t, items[k].node, "player"), n, seat_text, seat_len);
            if (seat < 0)
                continue;
            v = stud_xml_get(t, items[k].node, "amount");
            if (v == NULL || stud_xml_amount(*v, cents, &chips))
                return PY;
            stacks[seat] += chips;
            if (stacks[seat] > MOST_CHIPS)
                return PY;
        }
    }

    stud_xml_deal_init(d, variant, stacks, n);
    for (k = 0; k < n; k++)
        r->collected[k] = 0;
    for (k = 0; k < n_items; k++) {
        int el = items[k].node, got;
        int64_t round = items[k].round;
        const stud_xml_str *type = stud_xml_get(t, el, "type");
        stud_xml_label label;
        label.is_none = 0;
        label.text = type == NULL ? empty : *type;
        seat = seat_named(stud_xml_get(t, el, "player"), n, seat_text, seat_len);
        if (items[k].kind == WINNER) {
            const stud_xml_str *v;
            if (seat < 0)
                return PY;
            if (stud_xml_str_is(stud_xml_get(t, el, "uncalled"), "true"))
                continue; /* (a bet nobody called, not collected) */
            v = stud_xml_get(t, el, "amount");
            if (v == NULL || stud_xml_amount(*v, cents, &chips))
                return PY;
            r->collected[seat] += chips;
            if (r->collected[seat] > MOST_CHIPS)
                return PY;
            continue;
        }
        if (items[k].kind == CARDS) {
            got = cards_of(stud_xml_get(t, el, "cards"), cards, MAX_CARDS);
            if (got < 0)
                return PY;
            if (stud_xml_str_is(type, "COMMUNITY")) { /* (docs/rules.md 5.1) */
                if (got != 1 || cards[0] == STUD_HH_UNKNOWN ||
                    stud_xml_deal_community(d, cards[0], label, round, line))
                    return PY;
            } else if (seat < 0) {
                return PY;
            } else if (stud_xml_str_is(type, "SHOWN") || stud_xml_str_is(type, "MUCKED")) {
                shows[n_shows] = el;
                show_seat[n_shows++] = seat;
            } else if (stud_xml_str_is(type, "HOLE")) {
                if (stud_xml_deal_cards(d, seat, cards, got, labels[round], round, 1, line))
                    return PY;
            }
            continue;
        }
        kind = move_of(type);
        if (kind == NOT_A_MOVE)
            continue; /* joins, leaves, time bank, chat...: no decision */
        if (seat < 0) {
            if (stud_xml_str_is(type, "SIT_OUT"))
                continue;
            return PY;
        }
        if (stud_xml_str_is(type, "SIT_OUT") && d->folded[seat])
            continue; /* (a player who timed out: a fold, once) */
        chips = 0;
        if (kind != STUD_XML_FOLD && kind != STUD_XML_CHECK) {
            const stud_xml_str *v = stud_xml_get(t, el, "amount");
            if (v == NULL || stud_xml_amount(*v, cents, &chips))
                return PY;
        }
        if (kind == ANTE) {
            stud_xml_deal_ante(d, seat, chips);
            continue;
        }
        if (stud_xml_str_is(type, "RAISE") && !raise_to)
            kind = STUD_XML_RAISE; /* (the chips added, before September 2010) */
        if (stud_xml_deal_act(d, seat, kind, chips, round, line))
            return PY;
    }
    if (stud_xml_deal_finish(d, line))
        return PY;
    for (k = 0; k < n_shows; k++) {
        int el = shows[k], got = -1;
        if (d->folded[show_seat[k]])
            continue;
        if (stud_xml_str_is(stud_xml_get(t, el, "type"), "SHOWN"))
            got = cards_of(stud_xml_get(t, el, "cards"), cards, MAX_CARDS);
        if (stud_xml_deal_show(d, show_seat[k], cards, got, line))
            return PY;
    }
    return STUD_XML_READ;
}
