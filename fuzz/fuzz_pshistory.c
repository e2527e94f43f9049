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
 * stud_ps_last_header cuts at a line start past the first line, or not at all.
 */
#define FUZZ_TARGET "fuzz_pshistory"
#include "fuzz_common.h"

#include <string.h>

#include "ps_history.h"

static stud_ps_hand hand, again;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    uint8_t pick = data[0];
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    stud_ps_game game = {pick % 3, 10 + (pick >> 2 & 3) * 10, 20 + (pick >> 2 & 3) * 20,
                         pick >> 4 & 1, pick >> 5 & 7};
    stud_ps_count_lines(text, len);
    /* where verify cuts a part: 0, or past the first line at the start of a
     * line, the rest of which holds a whole line */
    size_t cut = stud_ps_last_header(text, len);
    REQUIRE(cut <= len);
    if (cut)
        REQUIRE(text[cut - 1] == '\n' || text[cut - 1] == '\r');
    if (!stud_ps_clean(text, len))
        return 0;
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
    stud_ps_scanner_init(&scanner, text, len, 1);
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
        if (stud_ps_read(text, item.start, item.end, &game, &hand) != STUD_PS_REPRODUCED)
            continue;
        REQUIRE(hand.n_seats >= 2 && hand.n_seats <= 8);
        REQUIRE(hand.n_steps >= 0 && hand.n_steps <= STUD_PS_MAX_STEPS);
        for (int k = 0; k < hand.n_steps; k++)
            REQUIRE(hand.steps[k].seat < hand.n_seats && hand.steps[k].n_cards <= 7);
        REQUIRE(stud_ps_read(text, item.start, item.end, &game, &again) == STUD_PS_REPRODUCED);
        REQUIRE(again.n_steps == hand.n_steps &&
                memcmp(again.steps, hand.steps, sizeof(stud_ps_step) * (size_t)hand.n_steps) == 0);
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
    return 0;
}
