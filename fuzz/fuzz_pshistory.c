/* fuzz_pshistory.c: the PokerStars history reader and replay in C
 * (src/studcore/ps_history.h) on arbitrary bytes.
 *
 * Input: 1 byte picks the game the header is taken to name (variant, cents
 * or chips, currency symbols), the rest is the file's text.
 * Invariants: no crash or sanitizer report on any bytes; stud_ps_clean
 * refuses what it must (checked here on its own terms: bytes it accepts
 * hold no control character but the line ends, and no line longer than
 * STUD_PS_MAX_LINE); the split gives items in order, inside the text,
 * each hand beginning with a header line; a hand read as a record has 2-8
 * seats, positive stacks, and steps within its seats; its replay settles
 * or falls back, never anything else; reading twice gives the same record;
 * every hand is read, passed over, or an error with a message and a line;
 * stud_ps_last_header cuts at a line start past the first line, or not at all;
 * stud_ps_clean's flags say whether the text holds \r and \r\r\n; the
 * scan ends at the line after the text (stud_ps_count_lines' line ends).
 */
#define FUZZ_TARGET "fuzz_pshistory"
#include "fuzz_common.h"

#include <string.h>

#include "ps_history.h"

static stud_hh_hand hand, again;
static stud_ps_extra extra, extra_again;
static stud_hh_error err;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    uint8_t pick = data[0];
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    stud_ps_game game = {pick % 3, 10 + (pick >> 2 & 3) * 10, 20 + (pick >> 2 & 3) * 20,
                         pick >> 4 & 1, pick >> 5 & 7, "USD", "$"};
    size_t ends = stud_ps_count_lines(text, len);
    /* where verify cuts a part: 0, or past the first line at the start of a
     * line, the rest of which holds a whole line */
    size_t cut = stud_ps_last_header(text, len);
    REQUIRE(cut <= len);
    if (cut)
        REQUIRE(text[cut - 1] == '\n' || text[cut - 1] == '\r');
    int clean = stud_ps_clean(text, len);
    if (!clean)
        return 0;
    REQUIRE((clean & ~(STUD_PS_CLEAN_CR | STUD_PS_CLEAN_CRCRLF)) == STUD_PS_CLEAN);
    /* its flags: a \r, and \r\r\n, held or not */
    REQUIRE(!(clean & STUD_PS_CLEAN_CR) == (len == 0 || memchr(text, '\r', len) == NULL));
    int crcrlf = 0;
    for (size_t i = 0; i + 3 <= len && !crcrlf; i++)
        crcrlf = text[i] == '\r' && text[i + 1] == '\r' && text[i + 2] == '\n';
    REQUIRE(!(clean & STUD_PS_CLEAN_CRCRLF) == !crcrlf);
    size_t line = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char b = (unsigned char)text[i];
        REQUIRE(b >= 0x20 || b == '\n' || b == '\r');
        REQUIRE(b != 0x7F);
        line = (b == '\n' || b == '\r') ? 0 : line + 1;
        REQUIRE(line <= STUD_PS_MAX_LINE);
    }
    stud_ps_scanner scanner;
    stud_ps_item item;
    stud_ps_scanner_init(&scanner, text, len, 1, (clean & STUD_PS_CLEAN_CR) != 0);
    size_t last = 0;
    long last_line = 0;
    for (int guard = 0;; guard++) {
        REQUIRE(guard <= (int)len + 1);
        stud_ps_scan(&scanner, &item);
        if (item.kind == STUD_PS_END)
            break;
        REQUIRE(item.start >= last && item.start <= item.end && item.end <= len);
        REQUIRE(item.first_line > last_line);
        last = item.end;
        last_line = item.first_line;
        if (item.kind == STUD_PS_OUTSIDE)
            continue;
        REQUIRE(item.kind == STUD_PS_HAND);
        REQUIRE(stud_ps_is_header(text + item.start, len - item.start) ||
                item.start < item.end);
        REQUIRE(item.desc_start <= item.desc_end && item.desc_end <= item.end);
        int status = stud_ps_read(text, &item, &game, &hand, &extra, &err);
        REQUIRE(status == STUD_HH_READ || status == STUD_HH_SKIPPED || status == STUD_HH_ERROR);
        if (status == STUD_HH_ERROR) { /* a message, of a line of the hand */
            REQUIRE(err.message[0] != 0 && strlen(err.message) < STUD_HH_MESSAGE);
            REQUIRE(err.line >= (uint32_t)item.first_line);
        }
        /* (more than 8 dealt in: the caller's seat check makes it an error) */
        if (status != STUD_HH_READ || extra.n_dealt > 8)
            continue;
        REQUIRE(hand.n_seats >= 2 && hand.n_seats <= 8);
        REQUIRE(hand.n_steps >= 0 && hand.n_steps <= STUD_PS_MAX_STEPS);
        REQUIRE(hand.first_line == (uint32_t)item.first_line);
        for (int k = 0; k < hand.n_steps; k++) {
            REQUIRE(hand.steps[k].seat < hand.n_seats && hand.steps[k].n_cards <= 7);
            /* every step names a line of its hand, in order */
            REQUIRE(hand.steps[k].line > hand.first_line &&
                    hand.steps[k].line < hand.first_line + (uint32_t)item.n_lines + len);
            REQUIRE(k == 0 || hand.steps[k].line >= hand.steps[k - 1].line);
        }
        /* the spans lie within the hand's text */
        REQUIRE(hand.hand_id.start >= item.start && hand.hand_id.start + hand.hand_id.len <= item.end);
        REQUIRE(hand.table.start + hand.table.len <= item.end);
        for (int seat = 0; seat < hand.n_seats; seat++) {
            REQUIRE(hand.players[seat].len > 0 && hand.players[seat].start >= item.start &&
                    hand.players[seat].start + hand.players[seat].len <= item.end);
            REQUIRE(seat == 0 || hand.seat_numbers[seat] > hand.seat_numbers[seat - 1]);
            REQUIRE(hand.collected[seat] >= 0 && hand.stacks[seat] >= 0);
        }
        REQUIRE(extra.hero >= -1 && extra.hero < hand.n_seats);
        REQUIRE(extra.n_pots >= 0 && extra.n_pots <= STUD_PS_MAX_POTS);
        REQUIRE(extra.n_mucked >= 0 && extra.n_mucked <= STUD_PS_MAX_CARD_LISTS);
        REQUIRE(extra.n_shown >= 0 && extra.n_shown <= STUD_PS_MAX_CARD_LISTS);
        for (int k = 0; k < extra.n_mucked; k++)
            REQUIRE(extra.mucked[k].seat < hand.n_seats && extra.mucked[k].n_cards <= 8);
        for (int k = 0; k < extra.n_shown; k++)
            REQUIRE(extra.shown[k].seat < hand.n_seats && extra.shown[k].n_cards <= 7);
        REQUIRE(stud_ps_read(text, &item, &game, &again, &extra_again, NULL) == STUD_HH_READ);
        REQUIRE(again.n_steps == hand.n_steps &&
                memcmp(again.steps, hand.steps, sizeof(stud_hh_step) * (size_t)hand.n_steps) == 0);
        REQUIRE(memcmp(&extra, &extra_again, sizeof extra) == 0);
        stud_rules rules;
        stud_rules_default(&rules, game.variant, game.small_bet);
        rules.big_bet = game.big_bet;
        rules.ante = hand.ante;
        if (hand.bring_in >= 0)
            rules.bring_in = hand.bring_in;
        rules.bring_in_tiebreak = STUD_TIE_SUIT;
        if (stud_rules_check(&rules) != STUD_OK)
            continue;
        int verdict = stud_ps_replay(&hand, &rules);
        REQUIRE(verdict == STUD_PS_REPRODUCED || verdict == STUD_PS_FALLBACK);
    }
    /* the scanner ends at the line after the text: its line ends counted,
     * and a last line with none (verify numbers the next part's lines so) */
    int unended = len && text[len - 1] != '\n' && text[len - 1] != '\r';
    REQUIRE(scanner.line == 1 + (long)ends + unended);
    return 0;
}
