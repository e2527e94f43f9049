/* site_wpn_hand.h: the hand builder of the sites whose readers are built on
 * python/stud/histories/sites/wpn.py's `_Hand` (Winning Poker Network,
 * KingsClub, Absolute): what one hand's lines say, format aside, check for
 * check and message for message as `_Hand` (and `_Lines`) say it, finished
 * (stud_wpn_record) into the record's facts of site_text.h's
 * stud_site_hand, which _sitetext.pxi makes a HandRecord.
 *
 * It is not site_text.c's builder (that one is _stud_text.py's
 * HandBuilder): `_Hand` keeps every street's cards and actions as told
 * and makes the steps only at the end; a card dealt after a street's
 * betting began opens the next street; amounts name their currency or
 * none.
 *
 * Players are numbered as listed (at most STUD_WPN_MAX_PLAYERS); text is
 * spans of the hand's buffer; every function returns 0, or -1 with `err`
 * set.
 */
#ifndef STUD_SITE_WPN_HAND_H
#define STUD_SITE_WPN_HAND_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "site_text.h"

#define STUD_WPN_MAX_PLAYERS 64
#define STUD_WPN_STREETS 5

typedef struct {
    int player;
    uint8_t move, street;
    int64_t to; /* -1: none */
    uint32_t line;
} stud_wpn_act_t;

typedef struct {
    int player;
    int n; /* -1: a muck */
    uint8_t cards[7];
} stud_wpn_show_t;

/* The kinds of `_Hand.add` (an action naming the chips it adds). */
enum stud_wpn_add { STUD_WPN_ADD_BRING_IN, STUD_WPN_ADD_CALLS, STUD_WPN_ADD_ALLIN,
                    STUD_WPN_ADD_BETS };

typedef struct {
    stud_site_hand *h; /* its buf and game (the currency sign, cents, small bet); the output */
    const char *buf;
    uint32_t first;
    int n_players;
    stud_hh_span name[STUD_WPN_MAX_PLAYERS];
    stud_hh_span seat[STUD_WPN_MAX_PLAYERS]; /* the site seat's digits */
    int64_t stack[STUD_WPN_MAX_PLAYERS];
    int64_t ante[STUD_WPN_MAX_PLAYERS];
    uint8_t has_ante[STUD_WPN_MAX_PLAYERS];
    uint8_t in_hand[STUD_WPN_MAX_PLAYERS], folded[STUD_WPN_MAX_PLAYERS];
    int64_t bet[STUD_WPN_MAX_PLAYERS];      /* this street's bets */
    uint8_t has_bet[STUD_WPN_MAX_PLAYERS];
    int n_bets;
    int64_t put_in[STUD_WPN_MAX_PLAYERS];   /* in the order first put in (`uncalled`) */
    uint8_t has_put[STUD_WPN_MAX_PLAYERS];
    int n_put, put_order[STUD_WPN_MAX_PLAYERS];
    int street, n_streets;
    int8_t n_dealt[STUD_WPN_STREETS][STUD_WPN_MAX_PLAYERS];   /* -1: not dealt on it */
    uint8_t dealt[STUD_WPN_STREETS][STUD_WPN_MAX_PLAYERS][3]; /* the first three */
    int street_acts[STUD_WPN_STREETS];
    int n_acts;
    stud_wpn_act_t acts[STUD_HH_MAX_STEPS];
    int has_bring_in, bring_in_all_in;
    int64_t bring_in;
    int n_shows;
    stud_wpn_show_t shows[STUD_HH_MAX_STEPS];
    int8_t seen[52];  /* -1: unseen, else the player */
    int hero;         /* -1: none */
} stud_wpn_hand;

/* `_Hand(number, ...)`: the hand of `h` (stud_site_init'ed here) whose
 * header is line `first`; h->game its currency sign (0: chips) and stakes. */
void stud_wpn_init(stud_wpn_hand *w, stud_site_hand *h, const char *buf, const stud_site_game *game,
                   uint32_t first);

/* `_Hand.amount` of the text `text` (a trailing full stop aside). */
int stud_wpn_amount(const stud_wpn_hand *w, stud_hh_span text, uint32_t line, int64_t *out,
                    stud_site_error *err);
/* wpn.py's `_card` of one word (no whitespace in it). */
int stud_wpn_card(const char *buf, stud_hh_span word, uint32_t line, int *card,
                  stud_site_error *err);
/* The player named s[0, len), or -1. */
int stud_wpn_find(const stud_wpn_hand *w, const char *s, size_t len);
/* The value of the digit (Python's \\d: Unicode's decimal digits) at s[i]
 * and its bytes in *n; -1: none. */
int stud_wpn_digit_at(const char *s, size_t len, size_t i, size_t *n);
/* Whether s[i] is a digit (Python's \d), its bytes in *n. */
static inline int stud_wpn_is_digit(const char *s, size_t len, size_t i, size_t *n)
{
    return i < len && stud_wpn_digit_at(s, len, i, n) >= 0;
}
/* The end of the digits (Python's \d*) at s[i]. */
static inline size_t stud_wpn_digits_end(const char *s, size_t len, size_t i)
{
    size_t n;
    while (i < len && stud_wpn_digit_at(s, len, i, &n) >= 0)
        i += n;
    return i;
}
/* The longest amount as the WPN family writes one, [$€£]?\d[\d,]*(?:\.\d+)?,
 * at s[i]: its end, or 0 (none); *first the end of its first digit, *run
 * the end of its [\d,]*. */
size_t stud_wpn_amount_end(const char *s, size_t len, size_t i, size_t *first, size_t *run);
/* The same amount without its sign, \d[\d,]*(?:\.\d+)?, at s[i]: its end,
 * or 0 (none); *first and *run as stud_wpn_amount_end's. */
size_t stud_wpn_number_end(const char *s, size_t len, size_t i, size_t *first, size_t *run);
/* The cards of the words of buf[text] (str.split(), wpn.py's `_card` each,
 * each read before any is used) but the words `skip` (a one-character
 * word, 0 none: *skipped set when one is met); *n the cards, at most
 * `max` (more: an error), *words the words. */
int stud_wpn_cards(const char *buf, stud_hh_span text, uint32_t line, char skip, int *cards,
                   int max, int *n, int *words, int *skipped, stud_site_error *err);
/* wpn.py's `_damaged`: the line l->s[from, len) of a player whose next
 * word is one of `verbs` did not parse (an error quoting it); 0 otherwise. */
int stud_wpn_damaged(const stud_wpn_hand *w, const stud_site_line *l, uint32_t line, size_t from,
                     const char *const *verbs, int n_verbs, stud_site_error *err);
/* The highest bet of the street so far (0: none). */
int64_t stud_wpn_top_bet(const stud_wpn_hand *w);
/* Two spans of digits compared as numbers (-1, 0, 1). */
int stud_wpn_seat_cmp(const char *buf, stud_hh_span a, stud_hh_span b);

int stud_wpn_seat(stud_wpn_hand *w, uint32_t line, stud_hh_span digits, stud_hh_span name,
                  int64_t stack, stud_site_error *err);
int stud_wpn_ante(stud_wpn_hand *w, uint32_t line, int player, int64_t amount,
                  stud_site_error *err);
/* street 0: the next */
int stud_wpn_new_street(stud_wpn_hand *w, uint32_t line, int street, stud_site_error *err);
int stud_wpn_deal(stud_wpn_hand *w, uint32_t line, int player, const int *cards, int n,
                  stud_site_error *err);
int stud_wpn_show(stud_wpn_hand *w, uint32_t line, int player, const int *cards, int n,
                  stud_site_error *err);
int stud_wpn_muck(stud_wpn_hand *w, uint32_t line, int player, stud_site_error *err);
/* move: hh_hand.h's; to < 0: none */
int stud_wpn_act(stud_wpn_hand *w, uint32_t line, int player, int move, int64_t to,
                 stud_site_error *err);
int stud_wpn_add(stud_wpn_hand *w, uint32_t line, int player, int64_t chips, int kind, int all_in,
                 stud_site_error *err);
/* The seat whose bet nobody matched (-1: none), and by how much. */
void stud_wpn_uncalled(const stud_wpn_hand *w, int *top, int64_t *excess);
int64_t stud_wpn_put_in_total(const stud_wpn_hand *w);

/* `_Hand.record`: the record's facts into w->h (players dealt in, steps,
 * stacks, collections, rake, hero, ante and bring-in); `collected[p]` what
 * player p collects, for the `n_collected` players of `collected_order`
 * (in the order first named). */
int stud_wpn_record(stud_wpn_hand *w, uint32_t line, const int64_t *collected,
                    const int *collected_order, int n_collected, int64_t rake,
                    stud_site_error *err);

#endif
