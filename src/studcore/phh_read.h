/* phh_read.h: PHH (the Poker Hand History format) read in C.
 *
 * Two parts, both over bytes (UTF-8), both bounded and streaming:
 *
 * - the splitter (phh_split.c, stud_phh_splitter): over blocks of the
 *   file's bytes, it finds where a .phhs collection's hands begin ([1],
 *   [2] ...; [1.x] belongs to [1]): a table header outside any multi-line
 *   string or array (stud_phh_scanner follows them line by line,
 *   stud_phh_header_key says whether a line is a header).
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
#include "text_lines.h"

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
/* The same, where the `readable` bytes from line (len or more) may be read. */
void stud_phh_feed_ahead(stud_phh_scanner *s, const char *line, size_t len, size_t readable);
/* 1 when the line is a table header ([key ...] or [[key ...]): *start and
 * *len give its first key's bytes (a quoted key's inside, as written);
 * else 0. */
int stud_phh_header_key(const char *line, size_t len, size_t *start, size_t *key_len);

/* ---- the splitter over blocks of bytes ---------------------------------------------
 *
 * The text read a block at a time (a file in big chunks): stud_phh_split_next
 * takes the block's complete lines, writes each hand's lines joined by "\n"
 * over the bytes already read (in place: never longer than the source) and
 * stops at each event; at STUD_PHH_MORE the caller calls
 * stud_phh_split_compact (which keeps the hand in progress and the
 * unfinished line at the block's start), adds the next bytes after them, and
 * calls again (at_end once there are no more).  Memory: the block, and the
 * hand in progress (at most max_hand characters, or its header line while
 * the rest of a hand too long is dropped).  The splitting is phh.py's: a
 * table header outside any multi-line string or array ends a hand of a
 * .phhs ([2] ends [1]; [1.x] is part of [1]); blank and comment lines before
 * the first line that says something are dropped; a UTF-8 byte order mark
 * opening the first line is dropped.  Lines end at "\n", "\r\n" or "\r"
 * ("\n" alone with lf_only).  file_lines: lines as io._lines reads a file
 * (NUL bytes dropped, a "\r\n" line right after a line ended by a lone
 * "\r" is no line, a line longer than max_line characters with its end is
 * STUD_PHH_LONG_LINE).  Characters are counted as UTF-8 (the bytes that
 * begin one). */

enum stud_phh_split_event {
    STUD_PHH_MORE = 0,       /* the block's complete lines are taken: compact, add, call again */
    STUD_PHH_HAND = 1,       /* a hand: its bytes [start, start + len) of the block */
    STUD_PHH_LONG = 2,       /* a hand of more than max_hand characters, dropped */
    STUD_PHH_LONG_LINE = 3,  /* (file_lines) a line too long at `first_line`: stop */
    STUD_PHH_END = 4,        /* at_end, and every hand given */
};

typedef struct {
    /* the event */
    size_t start, len;             /* HAND: the hand's bytes in the block */
    size_t name_start, name_len;   /* HAND, LONG: its header's first key (has_name) */
    uint8_t has_name;
    uint32_t first_line;           /* HAND, LONG: the hand's first line; LONG_LINE: the
                                      line, as io._lines numbers them */
    uint32_t index;                /* HAND, LONG: the hand's number (1, 2 ...) */
    /* settings */
    size_t max_hand;
    /* state */
    stud_text_lines text;          /* the lines (text_lines.h): where the next begins */
    stud_phh_scanner scanner;
    int8_t collection;             /* -1 until a line says something */
    uint8_t skipping, pending_long, ended;
    uint32_t number, count, hand_first;
    size_t w, hand;                /* end of the hand's bytes; its start */
    size_t hand_lines, header_len; /* lines of the hand; its header line's bytes */
    size_t name_off, name_n;       /* its name, from `hand` */
    uint8_t named;
    size_t counted, chars;         /* characters of the hand's first `counted` bytes */
    uint8_t run_fails, run_wait;   /* runs of lines that took none in a row; lines to wait */
} stud_phh_splitter;

/* physical: the lines of the file already read (file_lines numbering). */
void stud_phh_split_init(stud_phh_splitter *s, int file_lines, int lf_only, size_t max_line,
                         size_t max_hand, uint32_t physical);
/* The next event over block[0, len) (written: hands are joined in place). */
int stud_phh_split_next(stud_phh_splitter *s, char *block, size_t len, int at_end);
/* Moves what is still needed to the block's start; its new length (<= len). */
size_t stud_phh_split_compact(stud_phh_splitter *s, char *block, size_t len);

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
    uint32_t last_datetime;       /* 1 + the index of the last DATETIME token, or 0 */
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

/* 1 when the reader finds each field by its own name (its lookup by a key's
 * length and first letter is written by hand beside the names: a field
 * added to one and not the other is caught here; fuzz_phh checks it). */
int stud_phh_fields_found(void);

#endif
