/* site_text.h: what the C readers of the sites' text formats share (first
 * site_fulltilt.c): the lines of a file as its reader sees them, the split
 * of those lines into hands at each header line, the amounts and cards as
 * these sites write them, and a hand built from the events its lines tell
 * (seats, antes, streets and cards, actions, returned bets, collections,
 * shows and mucks, the total and the rake) into the neutral description
 * hh_hand.h, with the facts a record keeps besides (its fields).
 *
 * The builder is the one python/stud/histories/sites/_stud_text.py's
 * HandBuilder describes, check for check and message for message: a site
 * reader in C gives the records and errors its Python reader gave.
 *
 * Text is UTF-8.  Python's whitespace (str.isspace: ASCII's, \x1c-\x1f,
 * U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F,
 * U+3000) is what strips and splits; digits are ASCII digits and case is
 * ASCII case.
 *
 * An error's message (stud_site_error) is a template: each \x01 in it is
 * one of `args` in order, a span of the source written as it is (repr 0)
 * or as Python's repr of the text (repr 1), which the caller writes.
 */
#ifndef STUD_SITE_TEXT_H
#define STUD_SITE_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "hh_hand.h"

#define STUD_SITE_MAX_PLAYERS 32    /* players listed in one hand */
#define STUD_SITE_MAX_LIST 64       /* antes, mucked-card lists, pot texts of one hand */
#define STUD_SITE_MAX_HAND_LINES 5000
#define STUD_SITE_MAX_ARGS 6
/* fields a site's reader adds to one hand's record (Bovada's "_me": one a
 * seat line that says so) */
#define STUD_SITE_MAX_FIELDS (STUD_SITE_MAX_PLAYERS + 8)

/* The lines a reader reads: each cleaned as its format's split says
 * (stud_site_split) and not blank, with its number in the source.  The
 * bytes of a hand's lines are the reader's to rewrite while it reads the
 * hand, a line no longer (Bovada's reader takes a line's "(timeout)"s out
 * in place, Absolute's makes "€ " "€", so that errors quote the line as
 * the site meant it): a hand is read once. */
typedef struct {
    char *buf;
    const uint32_t *start, *end, *number;
} stud_site_lines;

typedef struct {
    uint32_t line;
    char message[STUD_HH_MESSAGE];
    int n_args;
    stud_hh_span args[STUD_SITE_MAX_ARGS];
    uint8_t repr[STUD_SITE_MAX_ARGS];
} stud_site_error;

/* What the reader of a site knows of the hand before its lines: the
 * header's game. */
typedef struct {
    int cents;          /* amounts are money, in cents */
    int symbol;         /* the currency sign the amounts may carry: 0 none (chips), 1 $, 2 €, 3 £ */
    int64_t small_bet;  /* (the bring-in's rule: more than half of it is a bring-in of its own) */
    int64_t big_bet;    /* -1 (both): the header has no stakes, the site's reader finds them
                         * in the hand and sets them here before stud_site_finish */
    int64_t ante;       /* the ante the header states (a reader that takes it), -1: none */
} stud_site_game;

/* A field of the record the site's reader found in the hand's lines (after
 * the header's, in the order found): `key` as the record names it, its
 * value the span `value` of the text, or the C string `text` when not NULL;
 * as_int: the value is the int its text (digits) reads as. */
typedef struct {
    const char *key;
    const char *text;
    stud_hh_span value;
    int as_int;
} stud_site_field;

typedef struct {
    int player, all_in;
    int64_t amount;
    uint32_t line;
} stud_site_ante;

/* A list of cards a seat mucked (a field of the record); n_cards -1: a list
 * as written, the text `text` of the player named `name` (WPN's). */
typedef struct {
    int seat, n_cards;
    uint8_t cards[52];
    stud_hh_span name, text;
} stud_site_cards;

/* One hand as its lines tell it.  Players are numbered as listed; seats
 * (the engine's) as dealt in, by site seat. */
typedef struct {
    const char *buf;
    stud_site_game game;
    uint32_t first_line;
    int all_cards;      /* every player's down cards are written: no single hero */
    /* the players listed */
    int n_players;
    stud_hh_span name[STUD_SITE_MAX_PLAYERS];
    uint32_t name_chars[STUD_SITE_MAX_PLAYERS];
    stud_hh_span seat_digits[STUD_SITE_MAX_PLAYERS]; /* the site seat, leading zeros dropped */
    int64_t stack[STUD_SITE_MAX_PLAYERS];
    int64_t put_in[STUD_SITE_MAX_PLAYERS];
    int seat_of[STUD_SITE_MAX_PLAYERS];               /* -1: not dealt in */
    int visible[STUD_SITE_MAX_PLAYERS];
    int8_t pending_n[STUD_SITE_MAX_PLAYERS];          /* -1: nothing dealt this street */
    uint8_t pending[STUD_SITE_MAX_PLAYERS][3];
    int64_t collected[STUD_SITE_MAX_PLAYERS];
    int any_collected;
    /* the engine's seats */
    int n_order;
    int order[STUD_SITE_MAX_PLAYERS];
    int64_t bets[STUD_SITE_MAX_PLAYERS];
    uint8_t has_bet[STUD_SITE_MAX_PLAYERS];
    int n_bets;
    uint8_t folded[STUD_SITE_MAX_PLAYERS];
    int n_folded;
    int showed_step[STUD_SITE_MAX_PLAYERS];           /* -1: not shown */
    /* the betting */
    int n_antes;
    stud_site_ante antes[STUD_SITE_MAX_LIST];
    int has_bring_in, bring_in_all_in, has_first_call, completed;
    int64_t bring_in, first_call;
    int street, deal_open, showdown;
    unsigned community;                               /* bit k: street k dealt a community card */
    int8_t seen[52];                                  /* -1 unseen, -2 the community card, else the player */
    int hero;                                         /* -1: none */
    /* the end */
    int has_total, rake_known;
    int64_t total, rake;
    int n_mucked;
    stud_site_cards mucked[STUD_SITE_MAX_LIST];
    int n_pots;                                       /* a site's text of the pots (a field) */
    stud_hh_span pots[STUD_SITE_MAX_LIST];
    int n_fields;                                     /* other fields (stud_site_add_field) */
    int n_lead_fields;                                /* the first of them, before the header's */
    stud_site_field fields[STUD_SITE_MAX_FIELDS];
    int has_table;                                    /* the table named in the lines, not the header */
    stud_hh_span table;
    /* what the record is made of once finished (stud_site_finish) */
    int64_t ante_out, bring_in_out;                   /* bring_in_out: -1 when none */
    int n_steps;
    stud_hh_step steps[STUD_HH_MAX_STEPS];
} stud_site_hand;

/* ---- lines ---------------------------------------------------------------------- */

/* The bytes of Python's whitespace character at s[i] (0: none). */
size_t stud_site_space_at(const char *s, size_t len, size_t i);
/* Narrows s[*from, *to) to its text without Python's whitespace at either end. */
void stud_site_strip(const char *s, size_t *from, size_t *to);
/* Cleans the line buf[*start, *end) as the Python readers do (strip, then
 * leading U+FEFF, then every NUL, shifting the bytes left in place). */
void stud_site_clean_line(char *buf, uint32_t *start, uint32_t *end);

/* The bytes of the decimal digit at s[i] as Python's \d and int() take
 * them (Unicode's decimal digits, Python 3.11's Unicode 14), its value in
 * *value; 0: none. */
size_t stud_site_digit_at(const char *s, size_t len, size_t i, int *value);

/* A line as the sites' readers take it apart: its first byte, its offset
 * in the buffer (the spans a hand keeps are offsets), its length. */
typedef struct {
    const char *s;
    uint32_t at;
    uint32_t len;
} stud_site_line;

/* The span of l's bytes [from, to). */
static inline stud_hh_span stud_site_sub(const stud_site_line *l, size_t from, size_t to)
{
    stud_hh_span span = {l->at + (uint32_t)from, (uint32_t)(to - from)};
    return span;
}

/* Python's \s* from s[i]: where the whitespace stops. */
static inline size_t stud_site_skip_space(const char *s, size_t len, size_t i)
{
    size_t k;
    while (i < len && (k = stud_site_space_at(s, len, i)) != 0)
        i += k;
    return i;
}

/* Whether s[i, len) begins with the C string `lit`. */
static inline int stud_site_lit_at(const char *s, size_t len, size_t i, const char *lit)
{
    size_t n = strlen(lit);
    return i <= len && len - i >= n && memcmp(s + i, lit, n) == 0;
}

/* Where a regex's .* from s[from] stops: the first \n (`.` takes every
 * character but it), else len. */
static inline size_t stud_site_dot_end(const char *s, size_t len, size_t from)
{
    const char *nl = from < len ? memchr(s + from, '\n', len - from) : NULL;
    return nl ? (size_t)(nl - s) : len;
}

/* The span of l's digits [from, to) without their leading zeros (one zero
 * if all are): a seat's number as int() reads it. */
static inline stud_hh_span stud_site_number_digits(const stud_site_line *l, size_t from,
                                                   size_t to)
{
    while (to - from > 1 && l->s[from] == '0')
        from++;
    return stud_site_sub(l, from, to);
}

/* Whether s[0, len) upper-cased (Python's str.upper) is `upper` (ASCII):
 * the characters that upper-case to ASCII letters are ASCII's, ı (I), ſ (S)
 * and the ligatures ﬅ and ﬆ (ST). */
int stud_site_upper_is(const char *s, size_t len, const char *upper);
/* The currency sign at s[i] (1 $, 2 €, 3 £) and its bytes in *n; 0: none. */
int stud_site_sign_at(const char *s, size_t len, size_t i, size_t *n);

/* ---- the builder ---------------------------------------------------------------- */

void stud_site_init(stud_site_hand *h, const char *buf, const stud_site_game *game,
                    uint32_t first_line);
/* Every function below returns 0, or -1 with `err` set. */
int stud_site_amount(const stud_site_hand *h, stud_hh_span text, uint32_t line, int64_t *out,
                     stud_site_error *err);
/* The cards of `text` (commas and whitespace between them); *n their count. */
int stud_site_cards_of(const char *buf, stud_hh_span text, uint32_t line, uint8_t *cards, int *n,
                       stud_site_error *err);
int stud_site_find(const stud_site_hand *h, const char *s, size_t len);
/* A new step of the hand, its line `line`, no move, cards or amount yet
 * (NULL with `err` set: more than STUD_HH_MAX_STEPS). */
stud_hh_step *stud_site_step(stud_site_hand *h, uint32_t line, int type, int seat,
                             stud_site_error *err);
int stud_site_seat(stud_site_hand *h, uint32_t line, stud_hh_span digits, stud_hh_span name,
                   int64_t stack, stud_site_error *err);
/* stud_site_seat, the new player then placed in `names` (the numbers of
 * the h->n_players players so far, longest name first in characters, ties
 * as listed): the order in which the lines' names are tried. */
int stud_site_seat_named(stud_site_hand *h, int *names, uint32_t line, stud_hh_span digits,
                         stud_hh_span name, int64_t stack, stud_site_error *err);
/* The player of a line "Dealt to NAME [...": the first of `names` (as
 * stud_site_seat_named orders them) whose name is at l->s[from] with " ["
 * after it; -1 with `err` set when none is ("cards dealt to %R, who is not
 * at the table", the text up to the first " [" quoted). */
int stud_site_dealt_player(stud_site_hand *h, const int *names, const stud_site_line *l,
                           size_t from, uint32_t line, stud_site_error *err);
int stud_site_known(const stud_site_hand *h, stud_hh_span name, uint32_t line, int *player,
                    stud_site_error *err);
int stud_site_ante_of(stud_site_hand *h, uint32_t line, int player, int64_t amount, int all_in,
                      stud_site_error *err);
int stud_site_start_street(stud_site_hand *h, uint32_t line, int street, int community,
                           stud_site_error *err);
int stud_site_dealt(stud_site_hand *h, uint32_t line, int player, const uint8_t *cards, int n,
                    int n_before, stud_site_error *err);
int stud_site_flush(stud_site_hand *h, uint32_t line, stud_site_error *err);
int stud_site_see(stud_site_hand *h, int card, int owner, uint32_t line, int again,
                  stud_site_error *err);

enum stud_site_kind { STUD_SITE_FOLD, STUD_SITE_CHECK, STUD_SITE_CALL, STUD_SITE_BRING_IN,
                      STUD_SITE_BET, STUD_SITE_COMPLETE, STUD_SITE_RAISE };
/* amount < 0: none; added: the amount is what the seat put in, not its total */
int stud_site_act(stud_site_hand *h, uint32_t line, int player, int kind, int64_t amount,
                  int all_in, int added, stud_site_error *err);
int stud_site_returned(stud_site_hand *h, uint32_t line, int player, int64_t amount,
                       stud_site_error *err);
int stud_site_collect(stud_site_hand *h, uint32_t line, int player, int64_t amount,
                      stud_site_error *err);
int stud_site_show(stud_site_hand *h, uint32_t line, int player, const uint8_t *cards, int n,
                   stud_site_error *err);
int stud_site_muck(stud_site_hand *h, uint32_t line, int player, const uint8_t *cards, int n,
                   stud_site_error *err);
/* Keeps a list of cards `seat` mucked (a field of the record), at most
 * STUD_SITE_MAX_LIST lists a hand; the cards are the caller's to see. */
int stud_site_keep_mucked(stud_site_hand *h, uint32_t line, int seat, const uint8_t *cards, int n,
                          stud_site_error *err);
/* The checks of the hand's end (the record's own are the caller's: the
 * rules, 2 to 8 seats); sets ante_out and bring_in_out. */
int stud_site_finish(stud_site_hand *h, uint32_t last_line, stud_site_error *err);

/* Adds the field `key` (a C string that outlives the hand) of the value
 * `text` (a C string likewise), or if it is NULL the span `value`. */
int stud_site_add_field(stud_site_hand *h, uint32_t line, const char *key, const char *text,
                        stud_hh_span value, stud_site_error *err);

/* A section line as Full Tilt and Bovada write it, "*** NAME ***" and
 * maybe " [CARD]" (\*\*\* ([^*]+?) \*\*\*(?: \[([^\]]*)\])?): its kind
 * (STUD_SITE_SUMMARY, STUD_SITE_SHOWDOWN, or a street 3 to 7, its
 * community card in *community, -1 for none), or -1 with `err` set: no
 * section, no stud street, not one card. */
enum { STUD_SITE_SUMMARY = 0, STUD_SITE_SHOWDOWN = 1 };
int stud_site_section(const stud_site_hand *h, uint32_t line, const stud_site_line *l,
                      int *community, stud_site_error *err);

/* Sets `err` (always returns -1).  The format's conversions: %s a C
 * string, %d an int64_t, %c a card index, %N a player (his name as
 * written), %T a span as written, %R a span's repr. */
int stud_site_fail(stud_site_error *err, const stud_site_hand *h, uint32_t line,
                   const char *format, ...);

/* ---- the sites -------------------------------------------------------------------- */

/* One per site read in C: its file site_<name>.c gives a header test and
 * a hand reader, which the three functions below choose by format. */
enum stud_site_format { STUD_SITE_FULLTILT = 0, STUD_SITE_BOVADA = 1, STUD_SITE_EVERLEAF = 2,
                        STUD_SITE_WINAMAX = 3, STUD_SITE_ONGAME = 4, STUD_SITE_ABSOLUTE = 5,
                        STUD_SITE_KINGSCLUB = 6, STUD_SITE_PARTYPOKER = 7,
                        STUD_SITE_WPN = 8,
                        /* XML, read by their own readers (site_xml_hand.h), not by
                         * the functions below */
                        STUD_SITE_IPOKER = 9, STUD_SITE_MERGE = 10, STUD_SITE_FORMATS };

/* How a format's file splits into hands (stud_site_split): TEXT as
 * _stud_text.TextReader splits it (lines cleaned: stripped, a leading byte
 * order mark and every NUL dropped; numbered as the source numbers them;
 * text before the first hand one error; a hand of at most
 * STUD_SITE_MAX_HAND_LINES lines), LINES as _stud_lines.LineReader does
 * (lines only stripped, a file's NULs dropped as io._lines drops them;
 * numbered as given, from 1; each line before the first hand its own
 * error; no bound of lines; the stacks checked after the rules; the
 * header's reading names the hand: site_lines.h), HANDS as wpn.py's
 * _HandsReader does (lines only stripped, a file's NULs dropped; numbered
 * as the source numbers them; a header found by the format's test alone;
 * text before the first hand one error, its own message; a hand of more
 * than STUD_SITE_MAX_HAND_LINES lines an error at that line). */
enum stud_site_split_kind { STUD_SITE_SPLIT_TEXT = 0, STUD_SITE_SPLIT_LINES = 1,
                            STUD_SITE_SPLIT_HANDS = 2 };
int stud_site_split(int format);

/* Whether the line (cleaned, not blank) is a hand's header of `format`;
 * *id the hand's number and *rest what follows the header's number.  A
 * format split LINES may give 2: a header unless a header of 1 came since
 * the last header of 2 (PartyPoker's banner after its "#Game No" line), the
 * line after it kept even if blank (its game line).  A format split HANDS
 * may give 3: a header of a hand of the other kind (WPN's older format,
 * whose number is on its second line when this one has none), and 4: a
 * header of that kind unless the hand so far is of that kind with no line
 * of 4 among its first three (WPN's "Game ID: " line after its "Game
 * started at:"). */
int stud_site_header(int format, const char *s, size_t len, stud_hh_span *id, stud_hh_span *rest);

/* Whether a line (cleaned, not blank) before a file's first hand says
 * nothing (no error: PartyPoker's comings and goings), of a format split
 * LINES. */
int stud_site_quiet(int format, const char *s, size_t len);

/* Of a format whose game is on a line after its header (split LINES): 1
 * and the hand's lines of its banner and its game line; -1 with `err` set
 * (a hand with neither), *id the hand's number then (len 0: none); 0: the
 * format's game is on its header line. */
int stud_site_game_line(int format, const stud_site_lines *lines, uint32_t first, uint32_t count,
                        uint32_t *banner, uint32_t *game, stud_hh_span *id, stud_site_error *err);

/* Whether the raw line s[0, len) (before cleaning: its own spaces, BOM and
 * NULs) is one the site's reader takes for blank (Everleaf's line before
 * its banner). */
int stud_site_blank(int format, const char *s, size_t len);

/* Whether the hand of `count` lines from `first` is one the site
 * cancelled (counted, not read; looked for before the hand's bound of
 * lines, in its first STUD_SITE_MAX_HAND_LINES lines). */
int stud_site_cancelled(int format, const stud_site_lines *lines, uint32_t first, uint32_t count);

/* Reads the hand of `count` lines from `first` (its header the first);
 * returns STUD_HH_READ, STUD_HH_ERROR, or STUD_HH_SKIPPED (a hand the
 * site cancelled; -1 with no error set: no such format). */
int stud_site_read(int format, const stud_site_lines *lines, uint32_t first, uint32_t count,
                   const stud_site_game *game, stud_site_hand *h, stud_site_error *err);

/* Each site's own (site_<name>.c), as the three above call them. */
int stud_site_fulltilt_header(const char *s, size_t len, stud_hh_span *id, stud_hh_span *rest);
int stud_site_fulltilt_read(const stud_site_lines *lines, uint32_t first, uint32_t count,
                            const stud_site_game *game, stud_site_hand *h, stud_site_error *err);
int stud_site_everleaf_header(const char *s, size_t len, stud_hh_span *id, stud_hh_span *rest);
int stud_site_everleaf_blank(const char *s, size_t len);
int stud_site_everleaf_read(const stud_site_lines *lines, uint32_t first, uint32_t count,
                            const stud_site_game *game, stud_site_hand *h, stud_site_error *err);
int stud_site_bovada_header(const char *s, size_t len, stud_hh_span *id, stud_hh_span *rest);
int stud_site_bovada_read(const stud_site_lines *lines, uint32_t first, uint32_t count,
                          const stud_site_game *game, stud_site_hand *h, stud_site_error *err);
int stud_site_winamax_header(const char *s, size_t len, stud_hh_span *id, stud_hh_span *rest);
int stud_site_winamax_read(const stud_site_lines *lines, uint32_t first, uint32_t count,
                           const stud_site_game *game, stud_site_hand *h, stud_site_error *err);
/* OnGame (site_ongame.c, on site_lines.c's builder): split as Winamax; the
 * header's game is on the hand's first "Table: " line (_SiteText's
 * header_prefix), which the reader passes over */
int stud_site_ongame_header(const char *s, size_t len, stud_hh_span *id, stud_hh_span *rest);
int stud_site_ongame_read(const stud_site_lines *lines, uint32_t first, uint32_t count,
                          const stud_site_game *game, stud_site_hand *h, stud_site_error *err);
/* Absolute (site_absolute.c, on site_wpn_hand.c's builder): a format split
 * as wpn.py's _HandsReader splits (_SiteText's split 1) */
int stud_site_absolute_header(const char *s, size_t len, stud_hh_span *id, stud_hh_span *rest);
int stud_site_absolute_read(const stud_site_lines *lines, uint32_t first, uint32_t count,
                            const stud_site_game *game, stud_site_hand *h, stud_site_error *err);
/* KingsClub (site_kingsclub.c, on site_wpn_hand.c's builder), split as Absolute */
int stud_site_kingsclub_header(const char *s, size_t len, stud_hh_span *id, stud_hh_span *rest);
int stud_site_kingsclub_cancelled(const stud_site_lines *lines, uint32_t first, uint32_t count);
int stud_site_kingsclub_read(const stud_site_lines *lines, uint32_t first, uint32_t count,
                             const stud_site_game *game, stud_site_hand *h, stud_site_error *err);
/* PartyPoker (site_partypoker.c, on site_lines.c's builder): split LINES,
 * its "#Game No" line a header of 1, its banner of 2 */
int stud_site_partypoker_header(const char *s, size_t len, stud_hh_span *id, stud_hh_span *rest);
int stud_site_partypoker_noise(const char *s, size_t len);
int stud_site_partypoker_game(const stud_site_lines *lines, uint32_t first, uint32_t count,
                              uint32_t *banner_at, uint32_t *game_at, stud_hh_span *id,
                              stud_site_error *err);
int stud_site_partypoker_read(const stud_site_lines *lines, uint32_t first, uint32_t count,
                              const stud_site_game *game, stud_site_hand *h,
                              stud_site_error *err);
/* WPN (site_wpn.c, on site_wpn_hand.c's builder), split as Absolute: its
 * newer format's header a header of 1, its older format's of 3 and 4 */
int stud_site_wpn_header(const char *s, size_t len, stud_hh_span *id, stud_hh_span *rest);
int stud_site_wpn_read(const stud_site_lines *lines, uint32_t first, uint32_t count,
                       const stud_site_game *game, stud_site_hand *h, stud_site_error *err);

#endif
