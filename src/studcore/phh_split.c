/* phh_split.c: a PHH text split into hands over blocks of bytes
 * (phh_read.h, "the splitter over blocks of bytes").  The rules are those
 * of the line loop it replaces (python/stud/histories/phh.py's splitting
 * and io._lines' reading of a file), so hands, their first lines and the
 * errors' lines are the same. */
#include "phh_read.h"

#include <string.h>

void stud_phh_split_init(stud_phh_splitter *s, int file_lines, int lf_only, size_t max_line,
                         size_t max_hand, uint32_t physical) {
    memset(s, 0, sizeof *s);
    stud_text_lines_init(&s->text, file_lines, lf_only, max_line, physical);
    s->max_hand = max_hand;
    s->collection = -1;
    stud_phh_scanner_init(&s->scanner);
}

/* The bytes of a Python whitespace character (str.isspace) at p, or 0. */
static size_t space_at(const unsigned char *p, size_t n) {
    if (n == 0) return 0;
    unsigned char c = p[0];
    if (c == ' ' || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f)) return 1;
    if (c == 0xc2 && n >= 2 && (p[1] == 0x85 || p[1] == 0xa0)) return 2;
    if (n < 3) return 0;
    if (c == 0xe1 && p[1] == 0x9a && p[2] == 0x80) return 3;                   /* U+1680 */
    if (c == 0xe2 && p[1] == 0x80 && (p[2] <= 0x8a || p[2] == 0xa8 || p[2] == 0xa9 ||
                                      p[2] == 0xaf)) return p[2] >= 0x80 ? 3 : 0;
    if (c == 0xe2 && p[1] == 0x81 && p[2] == 0x9f) return 3;                   /* U+205F */
    if (c == 0xe3 && p[1] == 0x80 && p[2] == 0x80) return 3;                   /* U+3000 */
    return 0;
}

/* A line that says nothing: blank, or a comment (before the first hand). */
static int says_nothing(const char *line, size_t n) {
    const unsigned char *p = (const unsigned char *)line;
    size_t i = 0, k;
    while (i < n && (k = space_at(p + i, n - i)) != 0) i += k;
    return i >= n || p[i] == '#';
}

/* The hand too long: given, and dropped up to the next header. */
/* The hand being gathered as the item given (its index is the caller's). */
static void take_hand(stud_phh_splitter *s) {
    s->start = s->hand;
    s->len = s->w - s->hand;
    s->first_line = s->hand_first;
    s->has_name = s->named;
    s->name_start = s->hand + s->name_off;
    s->name_len = s->name_n;
}

static void drop_hand(stud_phh_splitter *s) {
    s->skipping = 1;
    stud_phh_scanner_init(&s->scanner);
    s->hand_lines = 0;
    s->w = s->hand + (s->named ? s->header_len : 0);  /* (the header keeps the name) */
}

static void long_event(stud_phh_splitter *s) {
    s->first_line = s->hand_first;
    s->has_name = s->named;
    s->name_start = s->hand + s->name_off;
    s->name_len = s->name_n;
    s->index = s->count;
}

int stud_phh_split_next(stud_phh_splitter *s, char *block, size_t len, int at_end) {
    if (s->pending_long) {
        s->pending_long = 0;
        long_event(s);
        return STUD_PHH_LONG;
    }
    for (;;) {
        size_t ls, n;
        int got = stud_text_line_next_inline(&s->text, block, len, at_end, &ls, &n);
        if (got == STUD_TEXT_LONG) {
            s->first_line = s->text.physical + 1;
            return STUD_PHH_LONG_LINE;
        }
        if (got != STUD_TEXT_LINE) {
            if (!at_end)
                return STUD_PHH_MORE;
            if (s->ended) return STUD_PHH_END;
            s->ended = 1;
            if (s->hand_lines == 0) return STUD_PHH_END;
            take_hand(s);
            s->index = s->count + 1;
            return STUD_PHH_HAND;
        }
        if (s->text.file_lines && n && s->text.nul) {  /* (a stray NUL byte) */
            size_t k = 0;
            for (size_t i = 0; i < n; i++)
                if (block[ls + i] != '\0') block[ls + k++] = block[ls + i];
            n = k;
        }
        s->number++;
        if (s->number == 1 && n >= 3 && memcmp(block + ls, "\xef\xbb\xbf", 3) == 0) {
            ls += 3;
            n -= 3;
        }
        if (s->collection < 0) {
            if (says_nothing(block + ls, n)) continue;
            size_t ks, kl;
            s->collection = (int8_t)stud_phh_header_key(block + ls, n, &ks, &kl);
            s->hand_first = s->number;
        }
        /* the line goes after the hand's bytes, a "\n" between (never past ls) */
        size_t dst = s->w + (s->hand_lines > 0);
        if (dst != ls) memmove(block + dst, block + ls, n);
        int ended = 0;
        if (s->collection &&
            (s->skipping || (!s->scanner.open_string && !s->scanner.depth))) {
            size_t ks, kl;
            if (stud_phh_header_key(block + dst, n, &ks, &kl) &&
                !(s->named && kl == s->name_n &&
                  memcmp(block + s->hand + s->name_off, block + dst + ks, kl) == 0)) {
                if (s->hand_lines > 0) {  /* [2] ends [1] ([1.x] is part of [1]) */
                    ended = 1;
                    take_hand(s);
                    s->index = ++s->count;
                }
                s->hand = s->w = dst;
                s->hand_lines = 0;
                s->hand_first = s->number;
                s->named = 1;
                s->name_off = ks;
                s->name_n = kl;
                s->header_len = n;
                s->skipping = 0;
                s->counted = s->chars = 0;
            }
        }
        if (s->skipping) {
            if (ended) return STUD_PHH_HAND;
            continue;
        }
        if (s->hand_lines > 0) block[s->w] = '\n';
        s->w = dst + n;
        s->hand_lines++;
        stud_phh_feed_ahead(&s->scanner, block + dst, n, len - dst);
        /* the hand's characters, each line with one for its end (phh.py's count) */
        size_t bytes = s->w - s->hand;
        if (bytes + 1 > s->max_hand) {
            s->chars += stud_text_chars(block + s->hand + s->counted, bytes - s->counted);
            s->counted = bytes;
            if (s->chars + 1 > s->max_hand) {
                s->count++;
                drop_hand(s);
                if (ended) {
                    s->pending_long = 1;
                    return STUD_PHH_HAND;
                }
                long_event(s);
                return STUD_PHH_LONG;
            }
        }
        if (ended) return STUD_PHH_HAND;
    }
}

size_t stud_phh_split_compact(stud_phh_splitter *s, char *block, size_t len) {
    size_t kept = s->w - s->hand;
    size_t gap = s->hand_lines > 0;  /* (room for the "\n" before the next line) */
    if (s->hand && kept) memmove(block, block + s->hand, kept);
    size_t rest = len > s->text.pos ? len - s->text.pos : 0;
    if (rest) memmove(block + kept + gap, block + s->text.pos, rest);
    s->hand = 0;
    s->w = kept;
    s->text.pos = kept + gap;
    return kept + gap + rest;
}
