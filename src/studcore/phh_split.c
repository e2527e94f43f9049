/* phh_split.c: a PHH text split into hands over blocks of bytes
 * (phh_read.h, "the splitter over blocks of bytes").  The rules are those
 * of the line loop it replaces (python/stud/histories/phh.py's splitting
 * and io._lines' reading of a file), so hands, their first lines and the
 * errors' lines are the same. */
#include "phh_read.h"

#include "cards.h"

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

/* ---- runs of lines ------------------------------------------------------------------
 * Most of a hand's lines are short, end in "\n" (or "\r\n") and need none of
 * the loop's rules but the scanner's.  split_run takes such lines one after
 * the other from the marks of the block's bytes, found as bits 64 bytes at a
 * time, while the scanner is outside any multi-line string; it stops before
 * any other line (one that holds a "\r" but its end, a NUL of a file's line
 * or a backslash, a table header at the top level, one that opens a
 * multi-line string, one of 128 bytes or more, one that makes the hand too
 * long or is too long, the last lines of the block), which the loop takes.
 * The state it leaves is the one the loop would leave after the same lines. */

typedef struct {
    uint64_t nl; /* '\n' */
    uint64_t dq; /* '"' */
    uint64_t sp; /* '\'', '\\', '\r', NUL, '#', '[', ']', '{', '}' (and perhaps other bytes
                    near them: the byte tells) */
} run_marks;

/* The marks of the 64 bytes at p. */
static inline void run_marks_at(const char *p, run_marks *m) {
#if STUD_HAVE_BYTES16
    uint64_t nl = 0, dq = 0, sp = 0;
    for (unsigned k = 0; k < 64; k += 16) {
        /* in three ranges: [ \ ] { | } (case folded), # $ % & ', and the control
         * bytes up to \r but \n */
        stud_bytes16 v = stud_bytes16_load(p + k), ends = stud_bytes16_is(v, '\n');
        stud_bytes16 marks = stud_bytes16_or(
            stud_bytes16_or(stud_bytes16_in(stud_bytes16_setbits(v, 0x20), '{', '}'),
                            stud_bytes16_in(v, '#', '\'')),
            stud_bytes16_andnot(ends, stud_bytes16_in(v, 0x00, '\r')));
        nl |= (uint64_t)stud_bytes16_bits(ends) << k;
        dq |= (uint64_t)stud_bytes16_eq(v, '"') << k;
        sp |= (uint64_t)stud_bytes16_bits(marks) << k;
    }
    m->nl = nl;
    m->dq = dq;
    m->sp = sp;
#else
    /* bit 0 '\n', 1 '"', 2 the others */
    static const uint8_t KIND[256] = {['\n'] = 1, ['"'] = 2, ['\''] = 4, ['\\'] = 4, ['\r'] = 4,
                                      ['\0'] = 4, ['#'] = 4, ['['] = 4, [']'] = 4, ['{'] = 4,
                                      ['}'] = 4};
    uint64_t nl = 0, dq = 0, sp = 0;
    for (unsigned k = 0; k < 64; k++) {
        unsigned kind = KIND[(unsigned char)p[k]];
        if (kind) {
            nl |= (uint64_t)(kind & 1u) << k;
            dq |= (uint64_t)(kind >> 1 & 1u) << k;
            sp |= (uint64_t)(kind >> 2) << k;
        }
    }
    m->nl = nl;
    m->dq = dq;
    m->sp = sp;
#endif
}

/* The 64 bits from bit `off` (below 64) of the 128 of lo and hi. */
static inline uint64_t run_bits(uint64_t lo, uint64_t hi, size_t off) {
    return (lo >> off) | ((hi << 1) << (63 - off));
}

/* The first bit at or after `from` of the 128 of m0 and m1, or 128. */
static inline size_t run_next(uint64_t m0, uint64_t m1, size_t from) {
    if (from < 64) {
        uint64_t x = m0 & (~(uint64_t)0 << from);
        if (x) return (size_t)stud_ctz64(x);
        from = 64;
    }
    if (from < 128) {
        uint64_t x = m1 & (~(uint64_t)0 << (from - 64));
        if (x) return 64 + (size_t)stud_ctz64(x);
    }
    return 128;
}

/* stud_phh_feed of a line of n bytes (below 128) outside any multi-line
 * string, from its marks (bits of the line, none past n): its brackets'
 * depth into *depth; 0 when the line is the loop's (a "\r" with cr, a NUL
 * with nul, a backslash, a multi-line string that opens). */
static int run_feed(uint32_t *depth, const char *line, size_t n, uint64_t dq0, uint64_t dq1,
                    uint64_t sp0, uint64_t sp1, int cr, int nul) {
    for (uint64_t x = sp0; x; x &= x - 1) {
        char c = line[stud_ctz64(x)];
        if (c == '\\' || (c == '\r' && cr) || (c == '\0' && nul)) return 0;
    }
    for (uint64_t x = sp1; x; x &= x - 1) {
        char c = line[64 + stud_ctz64(x)];
        if (c == '\\' || (c == '\r' && cr) || (c == '\0' && nul)) return 0;
    }
    const uint64_t all0 = dq0 | sp0, all1 = dq1 | sp1;
    uint32_t d = *depth;
    size_t pos = 0;
    for (;;) {
        size_t at = run_next(all0, all1, pos);
        if (at >= n) break;
        char c = line[at];
        pos = at + 1;
        if (c == '"' || c == '\'') {
            if (at + 3 <= n && line[at + 1] == c && line[at + 2] == c) return 0;
            size_t close; /* (no backslash: the next same quote) */
            if (c == '"') {
                close = run_next(dq0, dq1, pos);
            } else {
                close = run_next(sp0, sp1, pos);
                while (close < n && line[close] != '\'') close = run_next(sp0, sp1, close + 1);
            }
            if (close >= n) break; /* (left open: the rest is the string's) */
            pos = close + 1;
        } else if (c == '#') {
            break;
        } else if (c == '[' || c == '{') {
            if (d < UINT32_MAX) d++;
        } else if ((c == ']' || c == '}') && d) {
            d--;
        }
    }
    *depth = d;
    return 1;
}

/* The bytes that stop a bulk of lines in a's 64 (with b's after them): sp,
 * and the first of three '"' in a row. */
static inline uint64_t run_stops(const run_marks *a, const run_marks *b) {
    return a->sp | (a->dq & (a->dq >> 1 | b->dq << 63) & (a->dq >> 2 | b->dq << 62));
}

/* The same of the last 64, not knowing the bytes after them: '"' in the last
 * two bytes too. */
static inline uint64_t run_stops_last(const run_marks *b) {
    return b->sp | (b->dq & b->dq >> 1 & b->dq >> 2) | (b->dq & (uint64_t)3 << 62);
}

/* Takes the block's lines from s->text.pos (within a hand); the lines taken.
 * 128 bytes at wb are known at a time: their marks a and b, and their stops
 * ta and tb.  The lines before the first stop, when the hand's bytes end
 * right before them, are taken at once (a bulk: they move nothing, open and
 * close nothing, are no header); the line of a stop one by one. */
static uint32_t split_run(stud_phh_splitter *s, char *block, size_t len) {
    const int cr = !s->text.lf_only, nul = s->text.file_lines;
    const int headers = s->collection > 0;
    const size_t line_cap = s->text.file_lines && s->text.max_line ? s->text.max_line : SIZE_MAX;
    const int bulk = line_cap >= 128;  /* (a line of a bulk is shorter) */
    const size_t hand = s->hand, max_hand = s->max_hand;
    size_t pos = s->text.pos, wb = pos, w = s->w;
    uint32_t depth = s->scanner.depth, lines = 0;
    run_marks a, b;
    uint64_t ta, tb;
    run_marks_at(block + wb, &a);
    run_marks_at(block + wb + 64, &b);
    ta = run_stops(&a, &b);
    tb = run_stops_last(&b);
    for (;;) {
        size_t off = pos - wb;
        if (off >= 64) {
            if (len - pos < 128) break;
            if (off >= 128) {  /* (after a line past both) */
                wb = pos;
                off = 0;
                run_marks_at(block + wb, &a);
            } else {
                wb += 64;
                off -= 64;
                a = b;
            }
            run_marks_at(block + wb + 64, &b);
            ta = run_stops(&a, &b);
            tb = run_stops_last(&b);
        }
        if (bulk && w + 1 == pos) {  /* the lines up to the first stop, at once */
            size_t stop = run_next(ta, tb, off);
            uint64_t nl0 = a.nl & (~(uint64_t)0 << off), nl1 = b.nl;
            if (stop < 64) {
                nl0 &= ((uint64_t)1 << stop) - 1;
                nl1 = 0;
            } else if (stop < 128) {
                nl1 &= ((uint64_t)1 << (stop - 64)) - 1;
            }
            if (nl0 | nl1) {
                size_t end = wb + (nl1 ? 127 - (size_t)stud_clz64(nl1)
                                       : 63 - (size_t)stud_clz64(nl0));  /* (the last "\n") */
                if (end - hand < max_hand) {
                    block[w] = '\n';  /* (after a compaction it may be another byte) */
                    lines += (uint32_t)(stud_popcount(nl0) + (nl1 ? stud_popcount(nl1) : 0));
                    w = end;
                    pos = end + 1;
                    continue;
                }
            }
        }
        /* one line: its marks as bits of the line (up to its end) */
        uint64_t nl = a.nl >> off, dq0, dq1 = 0, sp0, sp1 = 0;
        size_t raw;
        if (nl) {
            raw = (size_t)stud_ctz64(nl);
            dq0 = a.dq >> off;
            sp0 = a.sp >> off;
        } else if (b.nl) {
            raw = 64 - off + (size_t)stud_ctz64(b.nl);
            dq0 = run_bits(a.dq, b.dq, off);
            sp0 = run_bits(a.sp, b.sp, off);
            dq1 = b.dq >> off;
            sp1 = b.sp >> off;
        } else {  /* (no line end in 128 bytes: from the line's start, once) */
            if (off == 0 || len - pos < 128) break;
            wb = pos;
            run_marks_at(block + wb, &a);
            run_marks_at(block + wb + 64, &b);
            ta = run_stops(&a, &b);
            tb = run_stops_last(&b);
            continue;
        }
        const char *line = block + pos;
        size_t n = raw;  /* (its bytes; raw with a "\r" that ends it) */
        if (cr && raw && line[raw - 1] == '\r') n--;
        if (n < 64) {
            uint64_t in = ((uint64_t)1 << n) - 1;
            dq0 &= in;
            sp0 &= in;
            dq1 = sp1 = 0;
        } else {
            uint64_t in = ((uint64_t)1 << (n - 64)) - 1;
            dq1 &= in;
            sp1 &= in;
        }
        if (raw + 1 > line_cap || w + 1 + n - hand >= max_hand) break;
        if (headers && depth == 0) {  /* (a header, perhaps: the loop's) */
            size_t i = 0;
            while (i < n && (line[i] == ' ' || line[i] == '\t')) i++;
            if (i < n && line[i] == '[') break;
        }
        /* three double quotes in a row (a multi-line string, perhaps) */
        uint64_t dq_next = dq0 >> 1 | dq1 << 63, dq_after = dq0 >> 2 | dq1 << 62;
        uint64_t triples = (dq0 & dq_next & dq_after) | (dq1 & dq1 >> 1 & dq1 >> 2);
        if ((sp0 | sp1 | triples) && !run_feed(&depth, line, n, dq0, dq1, sp0, sp1, cr, nul))
            break;
        block[w] = '\n';  /* (after a compaction, or a line moved, it may be another byte) */
        if (w + 1 != pos) memmove(block + w + 1, line, n);
        w += 1 + n;
        pos += raw + 1;
        lines++;
    }
    if (!lines) return 0;
    s->text.pos = pos;
    s->text.nul = 0;
    if (s->text.file_lines) {
        s->text.physical += lines;
        s->text.bare_cr = 0;
    }
    s->w = w;
    s->scanner.depth = depth;
    s->number += lines;
    s->hand_lines += lines;
    return lines;
}

int stud_phh_split_next(stud_phh_splitter *s, char *block, size_t len, int at_end) {
    if (s->pending_long) {
        s->pending_long = 0;
        long_event(s);
        return STUD_PHH_LONG;
    }
    for (;;) {
        if (s->hand_lines > 0 && !s->skipping && !s->scanner.open_string && !s->text.bare_cr &&
            s->text.pos + 128 <= len) {
            if (s->run_wait) {  /* (runs that took nothing: tried less often) */
                s->run_wait--;
            } else if (split_run(s, block, len)) {
                s->run_fails = 0;
            } else {
                s->run_fails += s->run_fails < 7;
                s->run_wait = (uint8_t)((1u << s->run_fails) >> 2);
            }
        }
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
