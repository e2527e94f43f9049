/* ps_history.h: PokerStars text hand histories of the seven-card games,
 * split, read and replayed in C: read into the neutral stud_hh_hand
 * (hh_hand.h) from which python/stud/_hhrecord.pxi builds the records of
 * stud.histories.read, and replayed for verification (stud hh verify).
 *
 * stud_ps_read is the one reader of a PokerStars hand's lines: it reads the
 * hand (STUD_HH_READ), passes it over (STUD_HH_SKIPPED: a cancelled hand),
 * or says why it cannot (STUD_HH_ERROR, the message and line a HistoryError
 * gives).  The header's game text is worked out by the caller
 * (stud_ps_game, python/stud/histories/pokerstars.py), once per distinct
 * text.  The replay (stud_ps_replay) decides only the hands it can settle
 * exactly as replay.py would; anything else is STUD_PS_FALLBACK, which the
 * caller hands to replay.py for the verdict and its message.
 *
 * The text is UTF-8 (a lone surrogate's three bytes are read as that code
 * point); lines end at \n, \r\n or \r, as a text file's lines do, and are
 * stripped of spaces.  Bytes that stud_ps_clean accepts (no whitespace but
 * the space and the line ends, lines of at most STUD_PS_MAX_LINE bytes) are
 * read as they are; other text is given line by line by the caller,
 * already stripped (str.strip) and cut to STUD_PS_MAX_LINE characters.
 * The syntax is ASCII: digits are 0-9, letters of the keywords ASCII ones.
 */
#ifndef STUD_PS_HISTORY_H
#define STUD_PS_HISTORY_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "hh_hand.h"

#define STUD_PS_MAX_LINE 2000     /* a line's bytes read as they are (text: 2000 characters) */
#define STUD_PS_MAX_HAND_LINES 5000 /* lines of a hand (pokerstars.MAX_HAND_LINES); more: an error */
/* Seat lines of one hand: a PokerStars stud table seats 8 (its histories
 * list the seated players only); 10 leaves room for the site's other table
 * sizes.  An 11th Seat line is an error naming it. */
#define STUD_PS_MAX_PLAYERS 10
#define STUD_PS_MAX_SEAT_NUMBER 255 /* a Seat line's number (real ones: 1-10); more: an error */
#define STUD_PS_MAX_STEPS STUD_HH_MAX_STEPS /* steps of one hand (more: an error) */

enum stud_ps_status {
    STUD_PS_REPRODUCED = 0, /* replayed and settled as the file says */
    STUD_PS_FALLBACK = 1,   /* not settled here: replay.py gives the verdict */
};

/* STUD_PS_CLEAN when the bytes are clean (see above: read as they are),
 * with STUD_PS_CLEAN_CR when they hold a \r and STUD_PS_CLEAN_CRCRLF when
 * they hold \r\r\n (one line end to a text file read with newline="", two
 * here); 0 when they are not clean. */
enum {
    STUD_PS_CLEAN = 1,
    STUD_PS_CLEAN_CR = 2,
    STUD_PS_CLEAN_CRCRLF = 4,
};
int stud_ps_clean(const char *buf, size_t len);

/* The line ends in the text (\n, \r\n and \r: one each). */
size_t stud_ps_count_lines(const char *buf, size_t len);

/* ---- splitting a file into hands (the Python reader's _read) -------------------- */

enum stud_ps_item_kind {
    STUD_PS_END = 0,     /* no more input */
    STUD_PS_HAND = 1,    /* a hand: its lines, from its header */
    STUD_PS_OUTSIDE = 2, /* the first line of a run of text outside any hand */
};

/* The lines after a hand's header that say something, as the scanner
 * found them (its first STUD_PS_KEPT_LINES: a hand has about 70), for the
 * reader not to look for them again.  Kept for the item of the last scan
 * (buf, start and end say which). */
#define STUD_PS_KEPT_LINES 256
typedef struct {
    const char *buf;
    size_t start, end;   /* the item's */
    int n;               /* lines kept */
    struct {
        uint32_t start, end; /* the line, stripped, without its end */
        uint32_t number;
    } line[STUD_PS_KEPT_LINES];
} stud_ps_kept_lines;

typedef struct {
    const char *buf;
    size_t len, pos;
    long line;   /* the number of the line at pos */
    int outside; /* in a run of text outside any hand, reported already */
    int cr;      /* the text holds a \r */
    stud_ps_kept_lines kept; /* the lines of the last hand (see above) */
} stud_ps_scanner;

typedef struct {
    int kind;
    size_t start, end;   /* HAND: from its header line to the end of its last line;
                          * OUTSIDE: the line, stripped */
    long first_line;     /* the number of the header (or of the outside line) */
    size_t id_start, id_end;     /* HAND: the hand number of the header */
    size_t desc_start, desc_end; /* HAND: the game and stakes of the header (no date) */
    long n_lines;        /* HAND: its lines that say something (the header included) */
    int ended;           /* HAND: ended by the next header or by a blank line after
                          * its summary (0: by the end of the text) */
    const stud_ps_kept_lines *kept; /* HAND: its lines as the scanner found them
                          * (until the next scan), or NULL */
} stud_ps_item;

/* `cr`: 1 when the text holds a \r, 0 when it holds none (stud_ps_clean
 * says which), -1 when not known (then looked for). */
void stud_ps_scanner_init(stud_ps_scanner *s, const char *buf, size_t len, long first_line,
                          int cr);
/* The next hand or outside line (kind STUD_PS_END at the end); at the
 * end, s->line is the number the line after the text would have. */
void stud_ps_scan(stud_ps_scanner *s, stud_ps_item *item);
/* 1 when the line (stripped, without its end) is a hand's header as the
 * Python reader's _HEADER pattern sees one. */
int stud_ps_is_header(const char *line, size_t len);
/* The offset of the last line (not the first) that is a hand's header and
 * ends within the text, or 0 when there is none: where a part of a file
 * read in pieces may be cut. */
size_t stud_ps_last_header(const char *buf, size_t len);

/* ---- one hand ---------------------------------------------------------------------- */

/* What the header's game and stakes say (worked out by the caller, once
 * per distinct text). */
typedef struct {
    int variant;         /* enum stud_variant */
    int32_t small_bet, big_bet;
    int cents;           /* amounts are money, in cents */
    unsigned symbols;    /* the currency symbols amounts may carry: 1 "$", 2 euro, 4 pound */
    char currency[8];    /* the hand's currency code ("USD"), "" for chips (messages) */
    char symbol[8];      /* the currency's symbol amounts are shown with, UTF-8, or "" */
} stud_ps_game;

/* What a PokerStars hand says beyond the neutral description (hh_hand.h):
 * the facts the Python layer keeps as a record's ``fields`` (pokerstars.py
 * names them), in the order that reader adds them. */
/* The summary's main and side pots: with 8 seats, 7 all-ins make at most 6
 * side pots; 16 leaves room.  More on one Total line: an error. */
#define STUD_PS_MAX_POTS 16
/* Mucked (summary) or shown-without-showdown card lists: one per seat, 8;
 * a file that repeats them gets 16, then an error. */
#define STUD_PS_MAX_CARD_LISTS 16
/* "The deck is reshuffled" lines: 8 seats hold at most 56 cards, so a deck
 * is reshuffled once a hand; 8 leaves room, then an error. */
#define STUD_PS_MAX_RESHUFFLES 8

enum stud_ps_bring_in_from {
    STUD_PS_BRING_IN_LINE = 0,    /* a "brings in for" line (no field) */
    STUD_PS_BRING_IN_CALL = 1,    /* the first call of the bring-in not all in */
    STUD_PS_BRING_IN_ALL_IN = 2,  /* the bring-in or a call of it, all in for more than the default */
    STUD_PS_BRING_IN_DEFAULT = 3, /* not in the hand: the rules' default */
};

typedef struct {
    uint8_t seat, n_cards;
    uint8_t cards[8];
} stud_ps_cards;

typedef struct {
    int hero;                     /* the engine seat dealt three cards on 3rd street, or -1 */
    int32_t max_seats;            /* the table line's "N-max" (when has_max_seats) */
    int has_max_seats;
    int bring_in_from;            /* enum stud_ps_bring_in_from */
    int n_pots;
    int32_t pots[STUD_PS_MAX_POTS];
    int n_mucked, n_shown;
    stud_ps_cards mucked[STUD_PS_MAX_CARD_LISTS]; /* the summary's "mucked [..]" */
    stud_ps_cards shown[STUD_PS_MAX_CARD_LISTS];  /* shows without a showdown */
    stud_hh_span summary;         /* what follows the rake on the Total line, or absent */
    int n_reshuffled;
    uint8_t reshuffled[STUD_PS_MAX_RESHUFFLES]; /* the streets where the deck was reshuffled */
    /* the players dealt in, by engine seat: the hand's first 8, and more
     * (the caller's stack checks name the count and the seat line) */
    int n_dealt;
    int32_t dealt_stacks[STUD_PS_MAX_PLAYERS];
    uint32_t seat_lines[STUD_PS_MAX_PLAYERS];
} stud_ps_extra;

/* Reads the hand of a STUD_PS_HAND item (its header is not read again; a
 * hand of more than STUD_PS_MAX_HAND_LINES lines is an error whatever its
 * game): STUD_HH_READ (then `out` holds it, its spans offsets into buf,
 * and `extra` what else the record keeps), STUD_HH_SKIPPED (a cancelled
 * hand) or STUD_HH_ERROR (`err` says why and where).  `out`'s variant and
 * bets are the game's; its currency is left absent (the header's game
 * says it); `extra` and `err` may be NULL.  The caller checks what the
 * rules decide: the seat count (extra->n_dealt may exceed 8) and stacks. */
int stud_ps_read(const char *buf, const stud_ps_item *item, const stud_ps_game *game,
                 stud_hh_hand *out, stud_ps_extra *extra, stud_hh_error *err);

/* An amount's text as the hand's lines are read (the header's stakes
 * too): STUD_HH_READ with *value (whole chips, or cents), or STUD_HH_ERROR
 * with `err`'s message (line 1). */
int stud_ps_amount(const char *s, size_t len, const stud_ps_game *game, int64_t *value,
                   stud_hh_error *err);

/* Replays a hand read by stud_ps_read on the engine with these rules (those
 * the Python reader would make), as replay.py does: STUD_PS_REPRODUCED when
 * the replay ends and pays what the file says each seat collected and
 * leaves the stacks it says it leaves (each when the hand has them), else
 * STUD_PS_FALLBACK.  A hand read by stud_phh_read is replayed the same way. */
int stud_ps_replay(const stud_hh_hand *hand, const stud_rules *rules);

#endif
