/* fuzz_phh.c: the PHH reader in C (src/studcore/phh_read.h) on arbitrary
 * bytes.
 *
 * Input: 1 byte picks how the text is taken (bit 0: a .phhs collection or
 * one .phh hand; bits 1-6: the block size, less one, of the block splitter;
 * bit 7: its file_lines), the rest is the file's text.  The block splitter
 * (phh_split.c) splits it and each hand is read; then:
 * The text is split into lines at "\n" (a line's "\r\n" end trimmed), fed to
 * the splitter line by line as phh.py's loop does, and each hand (from a
 * header outside any string or array, in a collection) is read.
 * Invariants: no crash or sanitizer report on any bytes; a header key lies
 * inside its line; an error names a line of the hand, a message that ends
 * within its buffer and a stage; a hand read has 0-8 seats, steps within
 * them, at most STUD_HH_MAX_STEPS, cards that are cards or unknown, spans and
 * tokens inside the hand's bytes; reading the same bytes again gives the same
 * answer; the reader finds every field by its name (stud_phh_fields_found).
 */
#define FUZZ_TARGET "fuzz_phh"
#include "fuzz_common.h"

#include <string.h>

#include "phh_read.h"

static stud_phh_doc doc;
static stud_phh_token tokens[STUD_PHH_MAX_TOKENS];
static uint32_t slots[3 * STUD_PHH_HASH_SLOTS];

static void check_span(stud_hh_span s, size_t len) { REQUIRE((size_t)s.start + s.len <= len); }

static void read_hand(const char *text, size_t len, uint32_t first_line, int collection,
                      uint32_t n_lines)
{
    static char copy[1 << 20], again[1 << 20];
    if (len > sizeof copy)
        return;
    stud_hh_error err;
    doc.tokens = tokens;
    doc.slots = slots;
    memcpy(copy, text, len);
    int status = stud_phh_read(copy, len, first_line, collection, &doc, &err);
    REQUIRE(status == STUD_HH_READ || status == STUD_HH_ERROR);
    REQUIRE(doc.n_tokens <= STUD_PHH_MAX_TOKENS);
    for (uint32_t i = 0; i < doc.n_tokens; i++) {
        REQUIRE((size_t)doc.tokens[i].start + doc.tokens[i].len <= len);
        REQUIRE(doc.tokens[i].end > i && doc.tokens[i].end <= doc.n_tokens);
        REQUIRE(doc.tokens[i].line >= first_line && doc.tokens[i].line < first_line + n_lines);
    }
    if (status == STUD_HH_ERROR) {
        REQUIRE(memchr(err.message, '\0', sizeof err.message) != NULL);
        REQUIRE(err.message[0] != '\0');
        REQUIRE(err.line >= first_line && err.line < first_line + n_lines);
        REQUIRE(doc.stage <= STUD_PHH_STAGE_LATE);
    } else {
        const stud_hh_hand *h = &doc.hand;
        REQUIRE(h->n_seats >= 0 && h->n_seats <= STUD_HH_MAX_SEATS);
        REQUIRE(h->variant >= 0 && h->variant <= 6);
        REQUIRE(h->n_steps >= 0 && h->n_steps <= STUD_HH_MAX_STEPS);
        check_span(h->currency, len);
        check_span(h->hand_id, len);
        check_span(h->table, len);
        for (int i = 0; i < h->n_seats; i++) {
            check_span(h->players[i], len);
            REQUIRE(h->stacks[i] >= 0);
        }
        for (int i = 0; i < h->n_steps; i++) {
            const stud_hh_step *s = &h->steps[i];
            REQUIRE(s->type <= STUD_HH_MUCKED);
            REQUIRE(s->type == STUD_HH_COMMUNITY || s->seat < h->n_seats);
            REQUIRE(s->n_cards <= 7);
            for (int c = 0; c < s->n_cards; c++)
                REQUIRE(s->cards[c] < 52 || s->cards[c] == STUD_HH_UNKNOWN);
            REQUIRE(s->line >= first_line && s->line < first_line + n_lines);
            if (s->type == STUD_HH_ACTED)
                REQUIRE(s->move <= STUD_HH_RAISE && (s->to == STUD_HH_NONE || s->to > 0));
        }
    }
    /* the same bytes, the same answer */
    uint32_t line = err.line;
    char message[STUD_HH_MESSAGE];
    memcpy(message, err.message, sizeof message);
    int n_steps = doc.hand.n_steps;
    memcpy(again, text, len);
    int status2 = stud_phh_read(again, len, first_line, collection, &doc, &err);
    REQUIRE(status2 == status);
    REQUIRE(memcmp(copy, again, len) == 0);
    if (status == STUD_HH_ERROR)
        REQUIRE(err.line == line && strcmp(err.message, message) == 0);
    else
        REQUIRE(doc.hand.n_steps == n_steps);
}

/* The block splitter (phh_split.c) over the text given `step` bytes at a
 * time: every event within the block, names inside their hand, every hand
 * read; a bounded number of events; the end reached. */
static void split_blocks(const char *text, size_t len, size_t step, int file_lines)
{
    static char block[1 << 17];
    if (len + step > sizeof block)
        return;
    stud_phh_splitter sp;
    stud_phh_split_init(&sp, file_lines, 0, 200, 2000, 0);
    size_t used = 0, fed = 0, events = 0;
    for (;;) {
        int ev = stud_phh_split_next(&sp, block, used, fed >= len);
        REQUIRE(ev >= STUD_PHH_MORE && ev <= STUD_PHH_END);
        if (ev == STUD_PHH_MORE) {
            REQUIRE(fed < len);
            used = stud_phh_split_compact(&sp, block, used);
            size_t n = len - fed < step ? len - fed : step;
            REQUIRE(used + n <= sizeof block);
            memcpy(block + used, text + fed, n);
            used += n;
            fed += n;
            continue;
        }
        if (ev == STUD_PHH_END || ev == STUD_PHH_LONG_LINE)
            return;
        REQUIRE(++events <= 2 * len + 2);
        if (sp.has_name)
            REQUIRE(sp.name_start + sp.name_len <= used);
        if (ev == STUD_PHH_HAND) {
            REQUIRE(sp.start + sp.len <= used && sp.first_line >= 1);
            REQUIRE(!sp.has_name || (sp.name_start >= sp.start &&
                                     sp.name_start + sp.name_len <= sp.start + sp.len));
            uint32_t lines = 1;
            for (size_t i = 0; i < sp.len; i++)
                lines += block[sp.start + i] == '\n';
            read_hand(block + sp.start, sp.len, sp.first_line, sp.has_name, lines);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    REQUIRE(stud_phh_fields_found());
    if (size < 1)
        return 0;
    int collection = data[0] & 1;
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    split_blocks(text, len, 1 + ((data[0] >> 1) & 63), data[0] >> 7);
    if (!collection) {
        uint32_t lines = 1;
        for (size_t i = 0; i < len; i++)
            lines += text[i] == '\n';
        read_hand(text, len, 1, 0, lines);
        return 0;
    }
    /* the splitter, line by line; a hand's lines are contiguous in the text */
    stud_phh_scanner scanner;
    stud_phh_scanner_init(&scanner);
    size_t hand_start = 0, name_start = 0, name_len = 0;
    uint32_t hand_line = 1, line_no = 0;
    int in_hand = 0;
    size_t pos = 0;
    while (pos <= len) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - text) : len;
        size_t line_len = end - pos;
        if (line_len && text[pos + line_len - 1] == '\r')
            line_len--;
        line_no++;
        size_t ks = 0, kl = 0;
        if (stud_phh_at_top(&scanner) &&
            stud_phh_header_key(text + pos, line_len, &ks, &kl)) {
            REQUIRE(ks + kl <= line_len);
            const char *key = text + pos + ks;
            if (!in_hand || kl != name_len || memcmp(key, text + name_start, kl) != 0) {
                if (in_hand)
                    read_hand(text + hand_start, pos - 1 - hand_start, hand_line, 1,
                              line_no - hand_line);
                in_hand = 1;
                hand_start = pos;
                hand_line = line_no;
                name_start = pos + ks;
                name_len = kl;
            }
        }
        stud_phh_feed(&scanner, text + pos, line_len);
        if (!nl)
            break;
        pos = end + 1;
    }
    if (in_hand && hand_start <= len)
        read_hand(text + hand_start, len - hand_start, hand_line, 1, line_no - hand_line + 1);
    return 0;
}
