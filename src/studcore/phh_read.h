/* phh_read.h: PHH (the Poker Hand History format) read in C.
 *
 * Two parts, both over bytes (UTF-8), both bounded and streaming:
 *
 * - the splitter (stud_phh_scanner, stud_phh_header_key): fed a line at a
 *   time, it says when a line is a table header outside any multi-line
 *   string or array, which is where a .phhs collection's hands begin
 *   ([1], [2] ...; [1.x] belongs to [1]).  Constant memory.
 * - the reader (stud_phh_read): one hand's text (its lines joined by "\n")
 *   read as the TOML subset PHH uses (strings with escapes, integers,
 *   decimals, booleans, dates and times, arrays over several lines, inline
 *   tables, comments, one level of sub-tables) into a stud_hh_hand, with
 *   every error naming its line.  python/stud/histories/phh.py documents
 *   the fields and the messages; this reader gives the same ones.
 *
 * The reader decodes strings in place (a decoded string is never longer
 * than its source), so it takes a buffer it may write; every span it gives
 * is of decoded bytes.  The values it does not read into the hand (kept
 * fields, `_rules`) are left as tokens for the caller.
 */
#ifndef STUD_PHH_READ_H
#define STUD_PHH_READ_H

#include <stddef.h>
#include <stdint.h>

#include "hh_hand.h"

#define STUD_PHH_MAX_PLAYERS 64    /* starting_stacks longer than this is an error */
#define STUD_PHH_MAX_DEPTH 64      /* arrays and inline tables nested deeper: an error */
#define STUD_PHH_HASH_SLOTS (1u << 17)  /* the key table: twice the most tokens */
#define STUD_PHH_MAX_TOKENS (1u << 16)  /* values of one hand; more is an error */

/* ---- the splitter ---------------------------------------------------------------- */

typedef struct {
    uint8_t open_string;  /* 0, or the quote of an open multi-line string (" or ') */
    uint32_t depth;       /* open brackets and braces */
} stud_phh_scanner;

void stud_phh_scanner_init(stud_phh_scanner *s);
int stud_phh_at_top(const stud_phh_scanner *s);
/* Follows one line (without its end). */
void stud_phh_feed(stud_phh_scanner *s, const char *line, size_t len);
/* 1 when the line is a table header ([key ...] or [[key ...]): *start and
 * *len give its first key's bytes (a quoted key's inside, as written);
 * else 0. */
int stud_phh_header_key(const char *line, size_t len, size_t *start, size_t *key_len);

/* ---- the reader ------------------------------------------------------------------ */

enum stud_phh_token_kind {
    STUD_PHH_KEY = 0,      /* a key: its value is the next token */
    STUD_PHH_STRING = 1,   /* decoded bytes */
    STUD_PHH_INTEGER = 2,  /* the text as written (signs, 0x, underscores) */
    STUD_PHH_FLOAT = 3,    /* the text as written (inf and nan too) */
    STUD_PHH_BOOL = 4,     /* flag: 1 for true */
    STUD_PHH_DATETIME = 5, /* the text as written: a date, a time, or both */
    STUD_PHH_ARRAY = 6,    /* count elements follow, up to token `end` */
    STUD_PHH_TABLE = 7,    /* an inline table: count KEY-value pairs follow */
    STUD_PHH_SECTION = 8,  /* a sub-table header [hand.name] (span: name): KEY-value
                              pairs follow, up to `end` */
};

typedef struct {
    uint8_t kind, flag;
    uint32_t start, len;  /* the bytes (decoded for strings and keys) */
    uint32_t line;        /* the source line it starts on */
    uint32_t end;         /* the index after this value's last token */
    uint32_t count;       /* ARRAY: elements; TABLE, SECTION: pairs */
} stud_phh_token;

/* The fields the reader reads, in the order of their slot in `field`. */
enum stud_phh_field {
    STUD_PHH_F_VARIANT, STUD_PHH_F_ANTES, STUD_PHH_F_BRING_IN, STUD_PHH_F_SMALL_BET,
    STUD_PHH_F_BIG_BET, STUD_PHH_F_STARTING_STACKS, STUD_PHH_F_ACTIONS, STUD_PHH_F_PLAYERS,
    STUD_PHH_F_SEATS, STUD_PHH_F_HAND, STUD_PHH_F_TABLE, STUD_PHH_F_FINISHING_STACKS,
    STUD_PHH_F_WINNINGS, STUD_PHH_F_CURRENCY, STUD_PHH_F_RAKE, STUD_PHH_F_RULES,
    STUD_PHH_F_BLINDS, STUD_PHH_F_TRIMMING, STUD_PHH_N_FIELDS
};

/* Where an error comes in phh.py's order of checks, for the caller's own
 * checks between them (the rules and the stacks as the engine checks them). */
enum stud_phh_stage {
    STUD_PHH_STAGE_SYNTAX = 0,  /* the TOML itself: nothing was read */
    STUD_PHH_STAGE_EARLY = 1,   /* required fields, variant, currency, stacks, antes */
    STUD_PHH_STAGE_STAKES = 2,  /* small_bet, big_bet, bring_in (after `_rules`) */
    STUD_PHH_STAGE_LATE = 3,    /* the rest (after the rules and the stacks are checked) */
};

typedef struct {
    stud_hh_hand hand;
    /* the tokens of the whole hand, in file order: the top level's KEY-value
     * pairs and SECTIONs, from index `top` (past a .phhs's own header) */
    stud_phh_token *tokens;       /* the caller's array of STUD_PHH_MAX_TOKENS */
    uint32_t *slots;              /* the caller's array of 3 * STUD_PHH_HASH_SLOTS, zeroed
                                     once (scratch: the keys seen) */
    uint32_t generation;          /* the caller sets 0 once; the reader counts hands */
    uint32_t n_tokens, top;
    int32_t field[STUD_PHH_N_FIELDS]; /* the KEY token of each field read, or -1 */
    /* what the caller checks itself, with the engine (exact, up to 2**63 - 1) */
    int n_players;                /* starting_stacks' length */
    int64_t stacks[STUD_PHH_MAX_PLAYERS];
    int64_t ante, small_bet, big_bet, bring_in;
    uint8_t stage;                /* an error's enum stud_phh_stage */
    uint8_t trimming;             /* ante_trimming_status: 0 false, 1 true or absent */
} stud_phh_doc;

/* Reads one hand: `buf` (len bytes, written: strings are decoded in place)
 * whose first line is line `first_line` of the source; `collection`: it is
 * a section of a .phhs (its first line is the header [name], whose table is
 * the hand).  STUD_HH_READ, or STUD_HH_ERROR with `err` and doc->stage. */
int stud_phh_read(char *buf, size_t len, uint32_t first_line, int collection,
                  stud_phh_doc *doc, stud_hh_error *err);

#endif
