/* site_ipoker.c: iPoker's <game> element read in C (site_xml_hand.h's
 * stud_xml_ipoker_read), as python/stud/histories/sites/ipoker.py's
 * _Hand.record reads it once the game is known: the players, the rounds'
 * cards and actions sorted, who is dealt in, the deal, the collections.
 * Where that reading fails (an error naming a line) or reads what this one
 * does not, the hand is STUD_XML_PYTHON.  (The game, the table and the
 * fields are the caller's: ipoker.py's game_of.) */
#include <string.h>

#include "site_xml_hand.h"

#define PY STUD_XML_PYTHON
#define MAX_LISTED 64
#define MAX_ITEMS 1024

/* the action types: what they are to the deal (-1 ante, -2 passed over,
 * -3 unknown: Python's error) */
static int action_kind(const stud_xml_str *type)
{
    static const char *passed[] = {"8", "9", "10", "11", "12", "13", "14", "17", "18", "19",
                                   "20", "21", "22"};
    size_t k;
    if (type == NULL)
        return -3;
    if (stud_xml_str_is(type, "0"))
        return STUD_XML_FOLD;
    if (stud_xml_str_is(type, "4"))
        return STUD_XML_CHECK;
    if (stud_xml_str_is(type, "3"))
        return STUD_XML_CALL;
    if (stud_xml_str_is(type, "5") || stud_xml_str_is(type, "6") || stud_xml_str_is(type, "23"))
        return STUD_XML_RAISE;
    if (stud_xml_str_is(type, "7"))
        return STUD_XML_ALL_IN;
    if (stud_xml_str_is(type, "16"))
        return STUD_XML_BRING_IN;
    if (stud_xml_str_is(type, "15"))
        return -1;
    for (k = 0; k < sizeof passed / sizeof passed[0]; k++)
        if (stud_xml_str_is(type, passed[k]))
            return -2;
    return -3;
}

/* the name (the `player` attribute) among the listed, or -1 */
static int listed_index(const stud_xml_str *names, int n, const stud_xml_str *who)
{
    int k;
    if (who == NULL)
        return -1;
    for (k = 0; k < n; k++)
        if (stud_xml_same(names[k], *who))
            return k;
    return -1;
}

int stud_xml_ipoker_read(const stud_xml_tree *t, int game, int variant, int cents,
                         uint32_t line, stud_xml_record *r)
{
    static const stud_xml_str empty = {"", 0};
    stud_xml_str names[MAX_LISTED];
    int64_t seats[MAX_LISTED], stacks[MAX_LISTED], wins[MAX_LISTED];
    int order[MAX_LISTED], playing[MAX_LISTED], seat_of[MAX_LISTED];
    int n_listed = 0, n_items = 0, k, j, node, index, n_seated = 0;
    stud_xml_item items[MAX_ITEMS];
    int64_t seated_stacks[STUD_XML_MAX_SEATS];
    int end = t->nodes[game].end;
    stud_xml_deal *d = &r->deal;

    /* the players, in the order of their seats (a stable sort) */
    for (node = game + 1; node < end; node++) {
        const stud_xml_str *v;
        if (!stud_xml_is(t, node, "player"))
            continue;
        if (n_listed >= MAX_LISTED)
            return PY;
        v = stud_xml_get(t, node, "seat");
        if (v == NULL || stud_xml_int(*v, &seats[n_listed]))
            return PY;
        v = stud_xml_get(t, node, "name");
        names[n_listed] = v == NULL ? empty : *v;
        v = stud_xml_get(t, node, "chips");
        if (v == NULL || stud_xml_amount(*v, cents, &stacks[n_listed]))
            return PY;
        v = stud_xml_get(t, node, "win");
        if (v == NULL || v->len == 0)
            wins[n_listed] = 0; /* ("0") */
        else if (stud_xml_amount(*v, cents, &wins[n_listed]))
            return PY;
        n_listed++;
    }
    if (n_listed < 2)
        return PY; /* (fewer than 2 dealt in: Python's error) */
    stud_xml_seat_order(seats, n_listed, order);
    for (k = 0; k < n_listed; k++)
        for (j = k + 1; j < n_listed; j++)
            if (stud_xml_same(names[k], names[j]))
                return PY; /* (two of one name) */

    /* the rounds' cards and actions, sorted */
    index = 0;
    for (node = game + 1; node < end; node++) {
        const stud_xml_str *v;
        int64_t number;
        int child;
        if (!stud_xml_is(t, node, "round"))
            continue;
        v = stud_xml_get(t, node, "no");
        if (v == NULL)
            number = index;
        else if (stud_xml_int(*v, &number))
            return PY;
        index++;
        for (child = t->nodes[node].first_child; child >= 0; child = t->nodes[child].next_sibling) {
            stud_xml_item it;
            if (stud_xml_is(t, child, "cards")) {
                it.kind = 0;
                it.order = n_items;
            } else if (stud_xml_is(t, child, "action")) {
                v = stud_xml_get(t, child, "no");
                it.kind = 1;
                if (v == NULL || stud_xml_int(*v, &it.order))
                    return PY;
            } else {
                continue;
            }
            if (n_items >= MAX_ITEMS)
                return PY;
            it.round = number;
            it.node = child;
            stud_xml_item_insert(items, n_items++, it);
        }
    }

    /* who is in the hand: who antes or is dealt cards */
    for (k = 0; k < n_listed; k++)
        playing[k] = 0;
    for (k = 0; k < n_items; k++) {
        const stud_xml_str *who = stud_xml_get(t, items[k].node, "player");
        if ((items[k].kind == 0 && who != NULL && who->len) ||
            stud_xml_str_is(stud_xml_get(t, items[k].node, "type"), "15")) {
            int p = listed_index(names, n_listed, who);
            if (p < 0)
                return PY;
            playing[p] = 1;
        }
    }
    for (k = 0; k < n_listed; k++) {
        int p = order[k];
        seat_of[p] = -1;
        if (!playing[p])
            continue;
        if (n_seated >= STUD_XML_MAX_SEATS)
            return PY;
        seat_of[p] = n_seated;
        r->name[n_seated] = names[p];
        r->seat[n_seated] = seats[p];
        seated_stacks[n_seated] = stacks[p];
        n_seated++;
    }
    if (n_seated < 2)
        return PY;
    r->n = n_seated;

    stud_xml_deal_init(d, variant, seated_stacks, n_seated);
    for (k = 0; k < n_items; k++) {
        int el = items[k].node, p, seat;
        const stud_xml_str *who = stud_xml_get(t, el, "player");
        const stud_xml_str *type = stud_xml_get(t, el, "type");
        stud_xml_label label;
        label.is_none = 0;
        label.text = type == NULL ? empty : *type;
        if (items[k].kind == 0) {
            uint8_t cards[8];
            int n = 0;
            const char *s = t->nodes[el].text.s;
            size_t len = t->nodes[el].text.len, i = 0, from;
            while (i < len) {
                int c;
                while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
                    i++;
                if (i >= len)
                    break;
                from = i;
                while (i < len && s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r')
                    i++;
                c = stud_xml_card(s + from, i - from);
                if (c < 0 || n >= 8)
                    return PY;
                cards[n++] = (uint8_t)c;
            }
            if (who == NULL || who->len == 0) { /* the community card */
                if (n != 1 || cards[0] == STUD_HH_UNKNOWN)
                    return PY;
                if (stud_xml_deal_community(d, cards[0], label, items[k].round, line))
                    return PY;
                continue;
            }
            p = listed_index(names, n_listed, who);
            if (p < 0 || seat_of[p] < 0)
                return PY;
            if (stud_xml_deal_cards(d, seat_of[p], cards, n, label, items[k].round, 0,
                                    line))
                return PY;
            continue;
        }
        int kind = action_kind(type);
        if (kind == -2)
            continue;
        p = listed_index(names, n_listed, who == NULL ? &empty : who);
        if (p < 0 || seat_of[p] < 0 || kind == -3)
            return PY;
        seat = seat_of[p];
        int64_t chips = 0;
        if (kind != STUD_XML_FOLD && kind != STUD_XML_CHECK) {
            const stud_xml_str *sum = stud_xml_get(t, el, "sum");
            if (sum == NULL || stud_xml_amount(*sum, cents, &chips))
                return PY;
        }
        if (kind == -1)
            stud_xml_deal_ante(d, seat, chips);
        else if (stud_xml_deal_act(d, seat, kind, chips, items[k].round, line))
            return PY;
    }
    if (stud_xml_deal_finish(d, line))
        return PY;
    for (k = 0; k < n_listed; k++) {
        int s = seat_of[k];
        if (s < 0)
            continue;
        r->collected[s] = wins[k] - d->returned[s];
        if (r->collected[s] < 0)
            return PY;
    }
    return STUD_XML_READ;
}
