/* site_xml_hand.h: what the XML sites' readers in C share (iPoker's
 * site_ipoker.c, Merge's site_merge.c): python/stud/histories/sites/_xml.py's
 * reading of an amount and of a card, and its ``Deal`` (a hand's steps
 * from its cards and decisions in order, the bets nobody called, the hands
 * shown: ``fill_shown``), on a hand read by xml_scan.h.
 *
 * These readers give a record only where the Python reader gives that
 * record: every case where it would fail (a Fail: an error naming a line),
 * or that they do not read (an amount or a number written otherwise than
 * the plain ASCII way, a bound exceeded), is STUD_XML_PYTHON: the caller
 * has the Python reader read that hand, and its error or record is the
 * answer.
 */
#ifndef STUD_SITE_XML_HAND_H
#define STUD_SITE_XML_HAND_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "hh_hand.h"
#include "xml_scan.h"

/* what a hand's reading gives (STUD_XML_CANCELLED: a hand the site
 * cancelled, which the Python reader counts and passes over) */
enum { STUD_XML_READ = 0, STUD_XML_PYTHON = 1, STUD_XML_CANCELLED = 2 };

/* The amount `text` as _xml.amount reads it (whole chips, or cents when
 * `cents`): 0 and *out, or STUD_XML_PYTHON (none, not an amount, or not
 * ASCII but for the signs € and £, or more than 15 digits). */
int stud_xml_amount(stud_xml_str text, int cents, int64_t *out);

/* The card of `token` (no whitespace in it) as _xml.card reads it: its
 * index, STUD_HH_UNKNOWN for a card not shown, -1 for not a card (or not
 * ASCII). */
int stud_xml_card(const char *s, size_t len);

/* The int `text` as int() reads it, for ASCII digits with a sign and
 * spaces around them at most (18 digits): 0 and *out, or STUD_XML_PYTHON. */
int stud_xml_int(stud_xml_str text, int64_t *out);

/* Whether `s` (NULL: an attribute not there) holds `text`. */
static inline int stud_xml_str_is(const stud_xml_str *s, const char *text)
{
    size_t n = strlen(text);
    return s != NULL && s->len == n && memcmp(s->s, text, n) == 0;
}

/* One of a hand's rounds' elements (node `node` of round `round`) in the
 * order a reader takes them: by round, then kind (the site's: cards before
 * actions...), then order (an action's number, or where it was written). */
typedef struct {
    int64_t round;
    int kind;
    int64_t order;
    int node;
} stud_xml_item;

/* items[0, n) kept sorted as Python's sort keeps them (stable): `it`
 * put after the items it does not come before. */
void stud_xml_item_insert(stud_xml_item *items, int n, stud_xml_item it);

/* order[0, n): the indices of seats[0, n) in the order of their seats, as
 * Python's sort by seat keeps them (stable). */
void stud_xml_seat_order(const int64_t *seats, int n, int *order);

/* A label of a street (a <cards> type): none yet (is_none), or a text. */
typedef struct {
    int is_none;
    stud_xml_str text;
} stud_xml_label;

#define STUD_XML_MAX_SEATS STUD_HH_MAX_SEATS

/* _xml.Deal's state. */
typedef struct {
    int n, first, streets;
    int64_t stacks[STUD_XML_MAX_SEATS];
    int n_steps;
    stud_hh_step steps[STUD_HH_MAX_STEPS];
    int street;
    stud_xml_label label;
    int has_round;
    int64_t round;
    int decided, open;
    int8_t pending_n[STUD_XML_MAX_SEATS];      /* -1: no cards pending */
    uint8_t pending[STUD_XML_MAX_SEATS][7];
    int8_t revealed_n[STUD_XML_MAX_SEATS];     /* -1: not revealed */
    uint8_t revealed[STUD_XML_MAX_SEATS][7];
    int n_revealed_order;
    int revealed_order[STUD_XML_MAX_SEATS];    /* the seats in the order first revealed */
    int dealt[STUD_XML_MAX_SEATS];
    uint8_t folded[STUD_XML_MAX_SEATS];
    int64_t bets[STUD_XML_MAX_SEATS], returned[STUD_XML_MAX_SEATS], put_in[STUD_XML_MAX_SEATS];
    int64_t ante;                              /* the largest ante, 0: none */
    int64_t bring_in;                          /* -1: none */
} stud_xml_deal;

/* _xml.Deal(variant, stacks): variant an enum stud_variant. */
void stud_xml_deal_init(stud_xml_deal *d, int variant, const int64_t *stacks, int n);
/* Deal.cards: `cards` the seat's n cards as read (STUD_HH_UNKNOWN for a
 * card not shown); `round` the round's number; `cumulative`: every
 * street's cards so far (Merge's), the last ones the street's. */
int stud_xml_deal_cards(stud_xml_deal *d, int seat, const uint8_t *cards, int n,
                        stud_xml_label label, int64_t round, int cumulative, uint32_t line);
int stud_xml_deal_community(stud_xml_deal *d, int card, stud_xml_label label, int64_t round,
                            uint32_t line);
void stud_xml_deal_ante(stud_xml_deal *d, int seat, int64_t chips);
/* Deal.act: kind one of the below; chips what the action added, or the
 * round's total for CALL_TO and RAISE_TO. */
enum { STUD_XML_FOLD, STUD_XML_CHECK, STUD_XML_CALL, STUD_XML_RAISE, STUD_XML_ALL_IN,
       STUD_XML_BRING_IN, STUD_XML_CALL_TO, STUD_XML_RAISE_TO };
int stud_xml_deal_act(stud_xml_deal *d, int seat, int kind, int64_t chips, int64_t round,
                      uint32_t line);
/* Deal.finish, fill_shown included. */
int stud_xml_deal_finish(stud_xml_deal *d, uint32_t line);
/* After the deal: a seat's hand shown (its n cards) or, n < 0, mucked at
 * the end (a Showed or a Mucked step). */
int stud_xml_deal_show(stud_xml_deal *d, int seat, const uint8_t *cards, int n, uint32_t line);

/* What a site's reader gives of a hand read in C: its seats (players dealt
 * in, by site seat), their names (the `name` attributes), site seats,
 * stacks and collections, and the deal's steps, ante and bring-in. */
typedef struct {
    int n;
    stud_xml_str name[STUD_XML_MAX_SEATS];
    int64_t seat[STUD_XML_MAX_SEATS];
    int64_t collected[STUD_XML_MAX_SEATS];
    stud_xml_deal deal;
} stud_xml_record;

/* iPoker (site_ipoker.c): the <game> element (node `game` of `t`) read as
 * ipoker.py's _Hand.record reads it, the session's game known (variant,
 * cents: amounts in cents; python/stud/histories/sites/ipoker.py's
 * game_of); `line` the hand's first line (the steps' line).  STUD_XML_READ
 * with `r` set, or STUD_XML_PYTHON. */
int stud_xml_ipoker_read(const stud_xml_tree *t, int game, int variant, int cents,
                         uint32_t line, stud_xml_record *r);

/* Merge (site_merge.c): the <game> element (node `game` of `t`) read as
 * merge.py's _Hand.record reads it once its <description> names the game
 * (variant; cents: a cash game, amounts in cents, else a tournament's
 * chips; merge.py's game_of); `line` the hand's first line.
 * STUD_XML_READ with `r` set (its steps the hand's shows included),
 * STUD_XML_CANCELLED, or STUD_XML_PYTHON. */
int stud_xml_merge_read(const stud_xml_tree *t, int game, int variant, int cents,
                        uint32_t line, stud_xml_record *r);

#endif
