/* hh_hand.h: the neutral description of one recorded hand, whatever format
 * it was read from (PokerStars text, PHH, a site's text): what the C
 * readers produce (ps_read.c, phh_read.c; the sites' text readers,
 * site_text.h, write its steps), what the C replay consumes
 * (ps_replay.c: verify without Python objects), and what the Python layer
 * turns into a HandRecord only when a caller asks for a record
 * (python/stud/_hhrecord.pxi; record.py documents the same facts).
 *
 * It holds what the file says and nothing the engine works out.  Text
 * (names, hand number, table, currency) is not copied: a span gives its
 * bytes in the buffer the hand was read from, which must outlive the
 * description.  Amounts are whole chips (cents when `cents` is set).
 *
 * The contract is written here once: python/stud/_studcore.pxd mirrors it;
 * the move numbers are record.py's Move, the step types its step classes in
 * this order (the record builders map them by number).
 */
#ifndef STUD_HH_HAND_H
#define STUD_HH_HAND_H

#include <stdint.h>

#include "game.h"

#define STUD_HH_MAX_SEATS 8      /* a stud table seats eight at most (docs/rules.md 1) */
#define STUD_HH_MAX_STEPS 400    /* steps of one hand; more is an error (STUD_HH_TOO_LONG) */
#define STUD_HH_UNKNOWN 255      /* a card nobody saw (docs/rules.md 11.4) */
#define STUD_HH_NONE (-1)        /* an amount the file does not give */
/* bytes of an error's message, NUL included: a PokerStars message quotes
 * at most a line (2000 characters, repr-escaped) or two names of lines;
 * a longer one is cut */
#define STUD_HH_MESSAGE 24576

/* A run of bytes of the source buffer; len 0 with start 0: absent. */
typedef struct {
    uint32_t start, len;
} stud_hh_span;

/* The steps of record.py (Dealt, CommunityDealt, Acted, Showed, Mucked). */
enum stud_hh_step_type { STUD_HH_DEALT = 0, STUD_HH_COMMUNITY = 1, STUD_HH_ACTED = 2,
                         STUD_HH_SHOWED = 3, STUD_HH_MUCKED = 4 };
/* record.py's Move: PHH's f, cc, pb, cbr. */
enum stud_hh_move { STUD_HH_FOLD = 0, STUD_HH_CHECK_CALL = 1, STUD_HH_BRING_IN = 2,
                    STUD_HH_RAISE = 3 };

typedef struct {
    uint8_t type, seat, move, n_cards;
    int32_t to;       /* ACTED: the seat's round total after it, or STUD_HH_NONE */
    uint32_t line;    /* the source line the step was read from (errors name it) */
    uint8_t cards[7]; /* DEALT: 1 to 3; COMMUNITY: 1; SHOWED: 1 to 7; card index or UNKNOWN */
    uint8_t spare;    /* 0 (the byte that would be padding, named so it is written) */
} stud_hh_step;

/* Starts a step: its type, seat and line, no move, no cards, no amount.
 * Every byte is written, so a record's copy of the steps (_hhrecord.pxi)
 * holds nothing left from another hand.  One member at a time: a memset of
 * the step is compiled by gcc (generic tuning) to `rep stos`, slow to start
 * for 20 bytes, and a reader starts some twenty steps a hand. */
static inline void stud_hh_step_start(stud_hh_step *st, int type, int seat, uint32_t line) {
    st->type = (uint8_t)type;
    st->seat = (uint8_t)seat;
    st->move = 0;
    st->n_cards = 0;
    st->to = STUD_HH_NONE;
    st->line = line;
    for (int k = 0; k < 7; k++) st->cards[k] = 0;
    st->spare = 0;
}

typedef struct {
    /* the game (the rules' options come from the caller's profile) */
    int variant;                   /* enum stud_variant */
    int32_t ante, bring_in;        /* bring_in: STUD_HH_NONE when the file gives none */
    int32_t small_bet, big_bet;
    uint8_t cents;                 /* amounts are money, in cents */
    /* the table */
    int n_seats;
    int32_t stacks[STUD_HH_MAX_SEATS];
    uint8_t seat_numbers[STUD_HH_MAX_SEATS]; /* the site's; 0 when has_seat_numbers is 0 */
    stud_hh_span players[STUD_HH_MAX_SEATS]; /* names; all absent when has_players is 0 */
    uint8_t has_seat_numbers, has_players;
    stud_hh_span hand_id, table, currency;
    /* the end */
    int32_t collected[STUD_HH_MAX_SEATS];     /* after rake; valid when has_collected */
    int32_t finishing[STUD_HH_MAX_SEATS];     /* valid when has_finishing */
    uint8_t has_collected, has_finishing;
    int32_t rake;
    /* where */
    uint32_t first_line;           /* the hand's first line in the source */
    /* the hand */
    int n_steps;
    stud_hh_step steps[STUD_HH_MAX_STEPS];
} stud_hh_hand;

/* What a reader says of one hand.  READ: `hand` holds it.  SKIPPED: a hand
 * of a game this package does not deal (not an error; counted).  ERROR: the
 * hand cannot be read; `error` says why and where. */
enum stud_hh_status { STUD_HH_READ = 0, STUD_HH_SKIPPED = 1, STUD_HH_ERROR = 2 };

typedef struct {
    uint32_t line;                  /* the line at fault (1-based, in the source) */
    char message[STUD_HH_MESSAGE];  /* one sentence, no line number in it */
} stud_hh_error;

#endif
