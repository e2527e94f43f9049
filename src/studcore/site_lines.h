/* site_lines.h: the hand builder of the sites whose Python readers share
 * python/stud/histories/sites/_stud_lines.py's LineHand (Winamax, OnGame,
 * PartyPoker), check for check and message for message:
 * a hand's state as its lines tell it (the seats listed, the antes, the
 * streets' deals, the bets, the collections), finished into the shared
 * output of site_text.h's stud_site_hand (players as listed, the engine's
 * seats, steps, collections, rake, hero, fields) that _SiteText makes a
 * record of.
 *
 * The split of a file into hands is LineReader's (site_formats.c's
 * stud_site_split: STUD_SITE_SPLIT_LINES): lines stripped of Python's
 * whitespace only, numbered as given, each line before the first hand an
 * error of its own; the rules' and the stacks' checks are _SiteText's.
 *
 * Digits are what Python's regexes take for \d: Unicode's decimal digits
 * (site_text.h's stud_site_digit_at), read by their value as int() reads them.
 */
#ifndef STUD_SITE_LINES_H
#define STUD_SITE_LINES_H

#include "site_text.h"

#define STUD_LINES_MAX_CARDS 64  /* cards one bracket of a line lists */

typedef struct stud_lines_hand stud_lines_hand;

/* A site's amount as it writes it (LineHand.number), in chips or cents. */
typedef int (*stud_lines_number)(const stud_lines_hand *L, stud_hh_span text, uint32_t line,
                                 int64_t *out, stud_site_error *err);
/* A site's pattern of an amount at the start of `text` (its `num` group):
 * whether it matches. */
typedef int (*stud_lines_pattern)(const char *buf, stud_hh_span text, stud_hh_span *num);

enum stud_lines_kind { STUD_LINES_FOLD, STUD_LINES_CHECK, STUD_LINES_BET, STUD_LINES_CALL,
                       STUD_LINES_COMPLETE, STUD_LINES_BRING_IN, STUD_LINES_RAISE };

struct stud_lines_hand {
    stud_site_hand *h;            /* the players (as listed), put_in, collected, steps, order */
    stud_lines_number number;
    int street, deal_pending;
    /* the antes, in the order posted (one a player) */
    int n_antes;
    int ante_player[STUD_SITE_MAX_PLAYERS];
    int64_t ante_paid[STUD_SITE_MAX_PLAYERS];
    uint32_t ante_line[STUD_SITE_MAX_PLAYERS];
    uint8_t anted[STUD_SITE_MAX_PLAYERS];
    /* put_in's players in the order they first put in (the uncalled bet's ties) */
    int n_put;
    int put_order[STUD_SITE_MAX_PLAYERS];
    uint8_t has_put[STUD_SITE_MAX_PLAYERS];
    int64_t bets[STUD_SITE_MAX_PLAYERS];
    uint8_t folded[STUD_SITE_MAX_PLAYERS];
    uint8_t dealt_in[STUD_SITE_MAX_PLAYERS];       /* dealt on 3rd street */
    /* this street's cards, by the order first dealt */
    int n_dealt;
    int dealt_order[STUD_SITE_MAX_PLAYERS];
    int8_t dealt_n[STUD_SITE_MAX_PLAYERS];         /* -1: none */
    uint8_t dealt_cards[STUD_SITE_MAX_PLAYERS][3];
    int8_t seen[52];                               /* -1, else the player */
    int hero;                                      /* -1: none */
    /* the site seat the button is at (LineHand.button; has_button 0: none, the
     * seats in seat order) */
    int has_button;
    stud_hh_span button;
    int has_bring_in;
    int64_t bring_in;
};

/* Whether the line is a `.+(?:W1|W2 ...).*` of the regex _NOISE of the
 * LineHand sites (one line: no \n in it; each word its leading space
 * included, after at least one character): chat, comings and goings. */
int stud_lines_noise(const char *s, size_t len, const char *const *words, size_t n_words);
/* _SHOWN, \s*\[(?P<cards>[^\]]*)\], a prefix of `rest`: 1 with *cards
 * set, 0 when it does not match. */
int stud_lines_bracket(const char *buf, stud_hh_span rest, stud_hh_span *cards);

/* The bytes of the character at s[i] that Python's \w matches in a str
 * pattern (str.isalnum()'s, and '_'; Unicode 14), 0: none. */
size_t stud_lines_word_at(const char *s, size_t len, size_t i);

/* Strips buf[*start, *end) of Python's whitespace, first dropping its NUL
 * bytes (drop_nuls: io._lines's reading of a file), shifting bytes left. */
void stud_lines_clean(char *buf, uint32_t *start, uint32_t *end, int drop_nuls);

/* How a site writes an amount (stud_lines_money): no-break spaces (U+00A0,
 * U+202F) taken out with its commas and spaces; the bound's message
 * quoting the text as written (bounded's), not as read. */
enum { STUD_LINES_NO_BREAK = 1, STUD_LINES_BOUND_AS_WRITTEN = 2 };
/* An amount as the LineHand sites' _number reads it (its commas and spaces
 * taken out, and what `how` says): whole chips, or cents; the messages of
 * amount_of and bounded. */
int stud_lines_money(const stud_lines_hand *L, stud_hh_span text, uint32_t line, int how,
                     int64_t *out, stud_site_error *err);

/* How a site writes a list of cards (stud_lines_cards): commas between
 * them too; X, x and ?? a card not shown (STUD_HH_UNKNOWN); a card
 * written suit first too ("sA", read_card(token, suit_first=True)). */
enum { STUD_LINES_COMMAS = 1, STUD_LINES_HIDDEN = 2, STUD_LINES_SUIT_FIRST = 4 };
/* The cards of `text` split at whitespace (and what `how` says); *n their
 * count. */
int stud_lines_cards(const char *buf, stud_hh_span text, uint32_t line, int how, uint8_t *cards,
                     int *n, stud_site_error *err);

/* A match of an action's line, NAME VERB[ REST], the verbs tried in their
 * order: the shortest name that reads (greedy 0) or the longest. */
int stud_lines_action_match(const char *buf, stud_hh_span line, const char *const *verbs,
                            int n_verbs, int greedy, stud_hh_span *name, int *verb,
                            stud_hh_span *rest);

/* ---- LineHand ------------------------------------------------------------------------ */

void stud_lines_init(stud_lines_hand *L, stud_site_hand *h, const char *buf,
                     const stud_site_game *game, uint32_t first_line, stud_lines_number number);
/* Every function below returns 0, or -1 with `err` set. */
int stud_lines_amount(const stud_lines_hand *L, stud_hh_span rest, uint32_t line,
                      stud_lines_pattern pattern, int64_t *out, stud_site_error *err);
/* The player of an action's line (LineHand.action), or -1 (no player at the
 * table reads from it). */
int stud_lines_action(const stud_lines_hand *L, stud_hh_span line, const char *const *verbs,
                      int n_verbs, int *verb, stud_hh_span *rest);
int stud_lines_seat(stud_lines_hand *L, uint32_t line, stud_hh_span digits, stud_hh_span name,
                    stud_hh_span stack, stud_site_error *err);
int stud_lines_new_street(stud_lines_hand *L, uint32_t line, stud_hh_span text, int street,
                          stud_site_error *err);
int stud_lines_flush_deal(stud_lines_hand *L, uint32_t line, stud_site_error *err);
int stud_lines_note(stud_lines_hand *L, const uint8_t *cards, int n, int owner, uint32_t line,
                    stud_site_error *err);
/* This street's cards to `player` (the deal's dict: a second time replaces them). */
void stud_lines_dealt(stud_lines_hand *L, int player, const uint8_t *cards, int n);
int stud_lines_post_ante(stud_lines_hand *L, uint32_t line, int player, stud_hh_span rest,
                         stud_lines_pattern pattern, stud_site_error *err);
int stud_lines_acting(stud_lines_hand *L, uint32_t line, int player, int *seat,
                      stud_site_error *err);
int stud_lines_fold_or_check(stud_lines_hand *L, uint32_t line, int seat, int player, int fold,
                             stud_site_error *err);
/* A betting decision of `kind`: RAISE finds the round total in `rest` by
 * raise_to, the others add what `amount` finds; `text` the whole line. */
int stud_lines_decision(stud_lines_hand *L, uint32_t number, int player, int kind,
                        stud_hh_span rest, int all_in, stud_hh_span text,
                        stud_lines_pattern raise_to, stud_lines_pattern amount,
                        stud_site_error *err);
int stud_lines_bet_to(stud_lines_hand *L, uint32_t line, int seat, int player, int move,
                      int64_t to, stud_site_error *err);
int stud_lines_collect(stud_lines_hand *L, int player, int64_t amount);
/* A Showed step of `seat` (the site's own rule says when a second one replaces it). */
int stud_lines_step_showed(stud_lines_hand *L, uint32_t line, int seat, int player,
                           const uint8_t *cards, int n, int at, stud_site_error *err);
int stud_lines_step_mucked(stud_lines_hand *L, uint32_t line, int seat, stud_site_error *err);
int stud_lines_check_antes(const stud_lines_hand *L, int64_t *ante, stud_site_error *err);
int stud_lines_check_stacks(const stud_lines_hand *L, uint32_t last, stud_site_error *err);
/* Who put in the most (-1: nobody put in), and by how much more than the next. */
void stud_lines_uncalled(const stud_lines_hand *L, int *top, int64_t *uncalled);
/* The record's facts into the hand (LineHand.finish but for the rules and
 * the stacks, which _SiteText checks): the ante, the bring-in, the rake,
 * the hero. */
void stud_lines_finish(stud_lines_hand *L, int64_t ante, int64_t rake);

#endif
