/* phh_read.c: PHH read in C (phh_read.h).  The messages are those of
 * python/stud/histories/phh.py, word for word; values in them are written
 * as Python writes them (repr), so a message reads the same whichever
 * reader gave it. */
#include "phh_read.h"

#include "portable.h"

#include <setjmp.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ==== the splitter ================================================================= */

void stud_phh_scanner_init(stud_phh_scanner *s) {
    s->open_string = 0;
    s->depth = 0;
}

int stud_phh_at_top(const stud_phh_scanner *s) { return s->open_string == 0 && s->depth == 0; }

/* Where a one-line string opening at line[at] closes (the index after its
 * quote), or -1 (phh.py's _string_end). */
static long string_end(const char *line, size_t len, size_t at) {
    char quote = line[at];
    for (size_t i = at + 1; i < len; i++) {
        if (line[i] == '\\' && quote == '"') {
            i++;
            continue;
        }
        if (line[i] == quote) return (long)i + 1;
    }
    return -1;
}

/* Where a multi-line string closes (the index after it), or -1 (_close). */
static long close_multi(const char *line, size_t len, size_t pos, char quote) {
    for (size_t i = pos; i + 3 <= len; i++) {
        if (quote == '"' && line[i] == '\\') {
            i++;
            continue;
        }
        if (line[i] == quote && line[i + 1] == quote && line[i + 2] == quote) {
            size_t end = i + 3;
            while (end < len && line[end] == quote && end - i < 5) end++;
            return (long)end;
        }
    }
    return -1;
}

/* The bytes the scanner stops at (and NUL, which it steps over). */
static const uint8_t MARKS[256] = {['\0'] = 1, ['"'] = 1, ['\''] = 1, ['#'] = 1, ['['] = 1,
                                   [']'] = 1, ['{'] = 1, ['}'] = 1};

/* stud_phh_feed from line[pos]. */
static void feed_from(stud_phh_scanner *s, const char *line, size_t len, size_t pos) {
    for (;;) {
        if (s->open_string) {
            long end = close_multi(line, len, pos, (char)s->open_string);
            if (end < 0) return;
            s->open_string = 0;
            pos = (size_t)end;
        }
        while (pos < len && !MARKS[(unsigned char)line[pos]]) pos++;
        if (pos >= len || line[pos] == '\0') {
            if (pos >= len) return;
            pos++;
            continue;
        }
        char mark = line[pos];
        size_t at = pos++;
        if (mark == '#') return;
        if (mark == '"' || mark == '\'') {
            if (at + 3 <= len && line[at + 1] == mark && line[at + 2] == mark) {
                s->open_string = (uint8_t)mark;
                pos = at + 3;
                continue;
            }
            long end = string_end(line, len, at);
            if (end < 0) return;
            pos = (size_t)end;
        } else if (mark == '[' || mark == '{') {
            if (s->depth < UINT32_MAX) s->depth++;
        } else if (s->depth) {
            s->depth--;
        }
    }
}

void stud_phh_feed(stud_phh_scanner *s, const char *line, size_t len) {
    feed_from(s, line, len, 0);
}

void stud_phh_feed_ahead(stud_phh_scanner *s, const char *line, size_t len, size_t readable) {
#if STUD_HAVE_BYTES16
    /* a line of up to 64 bytes outside a multi-line string: its marks found
     * at once as bits (16 bytes at a time), then followed mark to mark */
    if (!s->open_string && len <= 64 && readable >= ((len + 15) & ~(size_t)15)) {
        uint64_t dq = 0, sq = 0, bs = 0, other = 0;
        for (size_t k = 0; k < len; k += 16) {
            stud_bytes16 v = stud_bytes16_load(line + k);
            dq |= (uint64_t)stud_bytes16_eq(v, '"') << k;
            sq |= (uint64_t)stud_bytes16_eq(v, '\'') << k;
            bs |= (uint64_t)stud_bytes16_eq(v, '\\') << k;
            other |= (uint64_t)(stud_bytes16_eq(v, '#') | stud_bytes16_eq(v, '[') |
                                stud_bytes16_eq(v, ']') | stud_bytes16_eq(v, '{') |
                                stud_bytes16_eq(v, '}') | stud_bytes16_eq(v, '\0')) << k;
        }
        uint64_t in = len == 64 ? ~(uint64_t)0 : ((uint64_t)1 << len) - 1;
        uint64_t marks = (dq | sq | other) & in;
        dq &= in;
        sq &= in;
        bs &= in;
        size_t pos = 0;
        while (pos < len) {
            uint64_t m = marks & (~(uint64_t)0 << pos);
            if (!m) return;
            size_t at = (size_t)stud_ctz64(m);
            char mark = line[at];
            pos = at + 1;
            if (mark == '\0') continue;
            if (mark == '#') return;
            if (mark == '"' || mark == '\'') {
                if (at + 3 <= len && line[at + 1] == mark && line[at + 2] == mark) {
                    s->open_string = (uint8_t)mark;
                    feed_from(s, line, len, at + 3);
                    return;
                }
                if (pos >= len) return;  /* (left open) */
                uint64_t stop = (mark == '"' ? dq | bs : sq) & (~(uint64_t)0 << pos);
                if (!stop) return;
                size_t e = (size_t)stud_ctz64(stop);
                if (line[e] == '\\') {  /* an escape: the byte loop */
                    long end = string_end(line, len, at);
                    if (end < 0) return;
                    feed_from(s, line, len, (size_t)end);
                    return;
                }
                pos = e + 1;
            } else if (mark == '[' || mark == '{') {
                if (s->depth < UINT32_MAX) s->depth++;
            } else if (s->depth) {
                s->depth--;
            }
        }
        return;
    }
#else
    (void)readable;
#endif
    feed_from(s, line, len, 0);
}

static int is_bare(unsigned char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '-';
}

int stud_phh_header_key(const char *line, size_t len, size_t *start, size_t *key_len) {
    size_t i = 0;
    while (i < len && (line[i] == ' ' || line[i] == '\t')) i++;
    if (i >= len || line[i] != '[') return 0;
    i++;
    if (i < len && line[i] == '[') i++;
    while (i < len && (line[i] == ' ' || line[i] == '\t')) i++;
    if (i < len && (line[i] == '"' || line[i] == '\'')) {
        long end = string_end(line, len, i);
        if (end < 0) return 0;
        *start = i + 1;
        *key_len = (size_t)end - 1 - (i + 1);
        return 1;
    }
    size_t j = i;
    while (j < len && is_bare((unsigned char)line[j])) j++;
    if (j == i) return 0;
    *start = i;
    *key_len = j - i;
    return 1;
}

/* ==== the reader: state and errors ================================================= */

typedef struct {
    char *buf;
    size_t len, pos;
    uint32_t line;
    stud_phh_doc *doc;
    stud_hh_error *err;
    jmp_buf fail;
    int money;
    int index;  /* the entry of an array of amounts being read, or -1 */
    uint32_t key_mask;  /* the key table's slots in use, less 1 (key_mask_for) */
    uint32_t seen;      /* the fields' names met at the top level, as keys or sections
                           (bits by enum stud_phh_field) */
} reader;
_Static_assert(STUD_PHH_N_FIELDS <= 32, "a field is a bit of reader.seen");

static void vfail(reader *r, uint32_t line, uint8_t stage, const char *fmt, va_list ap) {
    r->err->line = line;
    vsnprintf(r->err->message, sizeof r->err->message, fmt, ap);
    r->doc->stage = stage;
    longjmp(r->fail, 1);
}

static void fail(reader *r, uint32_t line, uint8_t stage, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfail(r, line, stage, fmt, ap);
    va_end(ap);
}

#define SYNTAX(...) fail(r, r->line, STUD_PHH_STAGE_SYNTAX, "not valid TOML: " __VA_ARGS__)

/* ==== the reader: TOML ============================================================= */

static int at_end(reader *r) { return r->pos >= r->len; }
static int peek(reader *r) { return r->pos < r->len ? (unsigned char)r->buf[r->pos] : -1; }
static int peek_at(reader *r, size_t k) {
    return r->pos + k < r->len ? (unsigned char)r->buf[r->pos + k] : -1;
}

static void skip_ws(reader *r) {
    const char *b = r->buf;
    size_t p = r->pos, n = r->len;
    while (p < n && (b[p] == ' ' || b[p] == '\t')) p++;
    r->pos = p;
}

/* A comment up to the line's end (not the newline). */
static void skip_comment(reader *r) {
    if (peek(r) != '#') return;
    while (r->pos < r->len && r->buf[r->pos] != '\n') {
        unsigned char c = (unsigned char)r->buf[r->pos];
        if ((c < 0x20 && c != '\t') || c == 0x7f) SYNTAX("a control character in a comment");
        r->pos++;
    }
}

/* The end of a line: spaces, a comment, then a newline or the end. */
static void end_of_line(reader *r) {
    skip_ws(r);
    skip_comment(r);
    if (at_end(r)) return;
    if (peek(r) == '\r' && peek_at(r, 1) == '\n') r->pos++;
    if (peek(r) != '\n') SYNTAX("expected the end of the line after a value");
    r->pos++;
    r->line++;
}

/* Spaces, newlines and comments (inside an array). */
static STUD_ALWAYS_INLINE void skip_blank(reader *r) {
    const char *b = r->buf;
    size_t p = r->pos, n = r->len;
    for (;;) {
        while (p < n && (b[p] == ' ' || b[p] == '\t')) p++;
        if (p >= n) break;
        unsigned char c = (unsigned char)b[p];
        if (c > '#') break;  /* (most values' first bytes) */
        if (c == '#') {
            r->pos = p;
            skip_comment(r);  /* (up to the newline or the end) */
            p = r->pos;
            if (p >= n) break;
        } else if (c == '\r' && p + 1 < n && b[p + 1] == '\n') {
            p++;
        } else if (c != '\n') {
            break;
        }
        p++;  /* (the newline) */
        r->line++;
    }
    r->pos = p;
}

/* After an array's element: blanks and newlines, one comma, blanks and
 * newlines, up to the next byte that is none of these, at once (16 bytes
 * known to be in the text): 1, r->pos there and the newlines counted; or 0,
 * nothing done (skip_blank's way: a comment, a "\r", no comma, two...). */
static STUD_ALWAYS_INLINE int next_element(reader *r) {
#if STUD_HAVE_BYTES16
    size_t p = r->pos;
    if (r->len - p < 16) return 0;
    stud_bytes16 v = stud_bytes16_load(r->buf + p);
    unsigned nl = stud_bytes16_eq(v, '\n'), comma = stud_bytes16_eq(v, ',');
    unsigned stop = ~(stud_bytes16_eq(v, ' ') | stud_bytes16_eq(v, '\t') | nl | comma) & 0xFFFFu;
    if (!stop) return 0;
    unsigned before = (stop & (0u - stop)) - 1;
    comma &= before;
    if (!comma || (comma & (comma - 1))) return 0;
    for (nl &= before; nl; nl &= nl - 1) r->line++;
    r->pos = p + (size_t)stud_ctz64(stop);
    return 1;
#else
    (void)r;
    return 0;
#endif
}

static STUD_ALWAYS_INLINE uint32_t new_token(reader *r, uint8_t kind, size_t start,
                                             size_t len) {
    stud_phh_doc *d = r->doc;
    if (d->n_tokens >= STUD_PHH_MAX_TOKENS)
        fail(r, r->line, STUD_PHH_STAGE_SYNTAX, "the hand holds more than %u values",
             (unsigned)STUD_PHH_MAX_TOKENS);
    uint32_t i = d->n_tokens++;
    stud_phh_token *t = &d->tokens[i];
    t->kind = kind;
    t->flag = 0;
    t->start = (uint32_t)start;
    t->len = (uint32_t)len;
    t->line = r->line;
    t->end = i + 1;
    t->count = 0;
    return i;
}

/* Writes code point cp as UTF-8 at buf[*w]. */
static void put_utf8(char *buf, size_t *w, uint32_t cp) {
    if (cp < 0x80) {
        buf[(*w)++] = (char)cp;
    } else if (cp < 0x800) {
        buf[(*w)++] = (char)(0xC0 | (cp >> 6));
        buf[(*w)++] = (char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        buf[(*w)++] = (char)(0xE0 | (cp >> 12));
        buf[(*w)++] = (char)(0x80 | ((cp >> 6) & 0x3F));
        buf[(*w)++] = (char)(0x80 | (cp & 0x3F));
    } else {
        buf[(*w)++] = (char)(0xF0 | (cp >> 18));
        buf[(*w)++] = (char)(0x80 | ((cp >> 12) & 0x3F));
        buf[(*w)++] = (char)(0x80 | ((cp >> 6) & 0x3F));
        buf[(*w)++] = (char)(0x80 | (cp & 0x3F));
    }
}

static int hex_value(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* A string at r->pos (its opening quote), decoded in place: *start, *len. */
/* The bytes a string holds as they are: not a quote, a backslash, a
 * control character (but tab) or DEL. */
static const uint8_t PLAIN[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 1, 0, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

static void read_string_slow(reader *r, size_t *start, size_t *out_len, int allow_multi);

static STUD_ALWAYS_INLINE void read_string(reader *r, size_t *start, size_t *out_len,
                                           int allow_multi) {
    /* a one-line string of bytes that stand for themselves: at once */
    const unsigned char *b = (const unsigned char *)r->buf;
    size_t q = r->pos, n = r->len, p = q + 1;
    unsigned char quote = b[q];
    if (!allow_multi || p >= n || b[p] != quote) {
#if STUD_HAVE_BYTES16
        /* printable ASCII but quotes and backslashes, 16 bytes at a time */
        while (n - p >= 16) {
            stud_bytes16 v = stud_bytes16_load(b + p);
            unsigned stop = stud_bytes16_outside(v, 0x20, 0x7E) | stud_bytes16_eq(v, '"') |
                            stud_bytes16_eq(v, '\'') | stud_bytes16_eq(v, '\\');
            if (stop) {
                p += (size_t)stud_ctz64(stop);
                break;
            }
            p += 16;
        }
#endif
        while (p < n && PLAIN[b[p]]) p++;
        if (p < n && b[p] == quote) {
            *start = q + 1;
            *out_len = p - q - 1;
            r->pos = p + 1;
            return;
        }
    }
    read_string_slow(r, start, out_len, allow_multi);
}

static STUD_NOINLINE void read_string_slow(reader *r, size_t *start, size_t *out_len,
                                           int allow_multi) {
    char quote = r->buf[r->pos];
    int multi = allow_multi && peek_at(r, 1) == quote && peek_at(r, 2) == quote;
    r->pos += multi ? 3 : 1;
    if (multi) {  /* a newline right after the opening delimiter is trimmed */
        if (peek(r) == '\r' && peek_at(r, 1) == '\n') r->pos++;
        if (peek(r) == '\n') {
            r->pos++;
            r->line++;
        }
    }
    size_t w = r->pos;
    *start = w;
    for (;;) {
        /* a run of bytes that stand for themselves (moved only after an escape) */
        size_t run = r->pos;
        while (run < r->len && PLAIN[(unsigned char)r->buf[run]]) run++;
        if (run > r->pos) {
            if (w != r->pos) memmove(r->buf + w, r->buf + r->pos, run - r->pos);
            w += run - r->pos;
            r->pos = run;
        }
        if (at_end(r)) SYNTAX("a string left open");
        if (!multi && quote == '\'' && r->buf[r->pos] == '\n' &&
            !memchr(r->buf + r->pos, '\'', r->len - r->pos)) {
            /* a literal string no later quote closes: tomllib says so at the
             * end of the document (its last line); phh.py's lines follow it */
            uint32_t last = r->line;
            for (size_t p = r->pos; p < r->len; p++) last += r->buf[p] == '\n';
            r->line = last;
            SYNTAX("a string left open at the end of the line");
        }
        unsigned char c = (unsigned char)r->buf[r->pos];
        if (c == (unsigned char)quote) {
            if (!multi) {
                r->pos++;
                break;
            }
            if (peek_at(r, 1) == quote && peek_at(r, 2) == quote) {
                size_t extra = 0;  /* up to two quotes before the delimiter are content */
                while (extra < 2 && peek_at(r, 3 + extra) == quote) extra++;
                for (size_t k = 0; k < extra; k++) r->buf[w++] = quote;
                r->pos += 3 + extra;
                break;
            }
            r->buf[w++] = (char)c;
            r->pos++;
            continue;
        }
        if (c == '\n') {
            if (!multi) SYNTAX("a string left open at the end of the line");
            r->buf[w++] = '\n';
            r->pos++;
            r->line++;
            continue;
        }
        if (c == '\r' && multi && peek_at(r, 1) == '\n') {
            r->pos++;
            continue;
        }
        if ((c < 0x20 && c != '\t') || c == 0x7f) SYNTAX("a control character in a string");
        if (c == '\\' && quote == '"') {
            int e = peek_at(r, 1);
            r->pos += 2;
            switch (e) {
            case 'b': r->buf[w++] = '\b'; break;
            case 't': r->buf[w++] = '\t'; break;
            case 'n': r->buf[w++] = '\n'; break;
            case 'f': r->buf[w++] = '\f'; break;
            case 'r': r->buf[w++] = '\r'; break;
            case '"': r->buf[w++] = '"'; break;
            case '\\': r->buf[w++] = '\\'; break;
            case 'u':
            case 'U': {
                int digits = e == 'u' ? 4 : 8;
                uint32_t cp = 0;
                for (int k = 0; k < digits; k++) {
                    int h = hex_value(peek(r));
                    if (h < 0) SYNTAX("an escape \\%c needs %d hex digits", e, digits);
                    cp = cp * 16 + (uint32_t)h;
                    r->pos++;
                }
                if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
                    SYNTAX("an escaped character that is not a Unicode scalar value");
                put_utf8(r->buf, &w, cp);
                break;
            }
            default:
                if (multi && (e == ' ' || e == '\t' || e == '\n' || e == '\r')) {
                    /* a line-ending backslash: the newline and the blanks after it go */
                    r->pos--;
                    size_t p = r->pos;
                    while (p < r->len && (r->buf[p] == ' ' || r->buf[p] == '\t')) p++;
                    if (p < r->len && r->buf[p] == '\r') p++;
                    if (p >= r->len || r->buf[p] != '\n')
                        SYNTAX("a backslash in a string that is not an escape");
                    r->pos = p;
                    while (r->pos < r->len) {
                        char b = r->buf[r->pos];
                        if (b == '\n') r->line++;
                        else if (b != ' ' && b != '\t' && b != '\r') break;
                        r->pos++;
                    }
                    break;
                }
                if (e == '\n') r->line++;  /* (tomllib names the line after the pair) */
                SYNTAX("a backslash in a string that is not an escape");
            }
            continue;
        }
        r->buf[w++] = (char)c;
        r->pos++;
    }
    *out_len = w - *start;
}

/* Token hash for duplicate keys: (scope, key bytes). */
/* 1 where the first byte of a word in memory is its lowest (a constant). */
static inline int little_endian(void) {
    const uint16_t one = 1;
    unsigned char first;
    memcpy(&first, &one, 1);
    return first;
}

/* readable: the bytes from s that may be read (n or more). */
static uint32_t key_hash(uint32_t scope, const char *s, size_t n, size_t readable) {
    /* 8 bytes at a time, each word multiplied in, the last bytes as one word */
    const uint64_t k = 0x9E3779B97F4A7C15ull;
    uint64_t h = ((uint64_t)scope + 1) * k ^ n, x = 0;
    size_t i = 0;
    for (; n - i >= 8; i += 8) {
        memcpy(&x, s + i, 8);
        h = (h ^ x) * k;
        h ^= h >> 29;
    }
    if (i < n && n >= 8) {  /* (the last 8 bytes, some hashed already) */
        memcpy(&x, s + n - 8, 8);
    } else if (n < 8 && readable >= 8 && little_endian()) {
        /* (fewer than 8 bytes: a word of 8, its first n kept, as the loop below) */
        memcpy(&x, s, 8);
        x &= ((uint64_t)1 << (8 * n)) - 1;
    } else {
        x = 0;
        for (; i < n; i++) x |= (uint64_t)(unsigned char)s[i] << (8 * (i & 7));
    }
    h = (h ^ x) * k;
    return (uint32_t)(h >> 32 ^ h);
}

/* The key table's slots a hand of len bytes uses, less 1: a power of two
 * past twice the keys it can hold, so that a probe soon finds an empty slot
 * (each key has bytes of its own: a name, "=" and its value's first byte,
 * or a header's "[", name and "]").  A hand of usual size keeps to the
 * table's first few kilobytes, which stay in the cache, and not to slots
 * spread over all of its 1.5 MB. */
static uint32_t key_mask_for(size_t len) {
    size_t want = 2 * (len / 3 + 1);
    uint32_t slots = 64;
    while (slots < want && slots < STUD_PHH_HASH_SLOTS) slots <<= 1;
    return slots - 1;
}

static STUD_NOINLINE void key_twice(reader *r, const stud_phh_token *t) {
    fail(r, t->line, STUD_PHH_STAGE_SYNTAX, "not valid TOML: the key %.*s is given twice",
         (int)(t->len > 60 ? 60 : t->len), r->buf + t->start);
}

/* Adds a key to its scope; a key given twice there is an error. */
static void claim_key(reader *r, uint32_t scope, uint32_t token) {
    stud_phh_doc *d = r->doc;
    const stud_phh_token *t = &d->tokens[token];
    uint32_t mask = r->key_mask;
    uint32_t h = key_hash(scope, r->buf + t->start, t->len, r->len - t->start) & mask;
    /* open addressing: slots[3k] the token + 1, slots[3k + 1] its scope,
     * slots[3k + 2] the hand's generation (older entries are empty) */
    for (;;) {
        uint32_t *e = &d->slots[3 * h];
        if (e[2] != d->generation || e[0] == 0) {
            e[0] = token + 1;
            e[1] = scope;
            e[2] = d->generation;
            return;
        }
        const stud_phh_token *o = &d->tokens[e[0] - 1];
        if (e[1] == scope && o->len == t->len &&
            memcmp(r->buf + o->start, r->buf + t->start, t->len) == 0)
            key_twice(r, t);
        h = (h + 1) & mask;
    }
}

static int field_of(const char *s, size_t n);

/* claim_key of a key or a section's name at the top level: the fields'
 * names are told apart by field_of and kept as bits (no hashing for the
 * keys every hand has; a key's token goes to doc->field), any other name
 * goes to the table. */
static void claim_top(reader *r, uint32_t token, int is_key) {
    const stud_phh_token *t = &r->doc->tokens[token];
    int f = field_of(r->buf + t->start, t->len);
    if (f < 0) {
        claim_key(r, 0, token);
        return;
    }
    if (r->seen >> f & 1) key_twice(r, t);
    r->seen |= 1u << f;
    if (is_key) r->doc->field[f] = (int32_t)token;
}

/* The bytes of a bare key: A-Z, a-z, 0-9, _ and - (is_bare). */
static const uint8_t BARE[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0,
    0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1,
    0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0,
};

/* A key (bare or quoted; dotted keys are not read); returns its token. */
static uint32_t read_key(reader *r) {
    size_t start, len;
    int c = peek(r);
    if (c == '"' || c == '\'') {
        read_string(r, &start, &len, 0);
    } else {
        const unsigned char *b = (const unsigned char *)r->buf;
        size_t p = r->pos, n = r->len;
        start = p;
#if STUD_HAVE_BYTES16
        /* 16 bytes at a time: A-Z and a-z (one range, case folded), 0-9, _ and - */
        while (n - p >= 16) {
            stud_bytes16 v = stud_bytes16_load(b + p);
            unsigned other = stud_bytes16_outside(stud_bytes16_setbits(v, 0x20), 'a', 'z') &
                             stud_bytes16_outside(v, '0', '9') &
                             ~(stud_bytes16_eq(v, '_') | stud_bytes16_eq(v, '-'));
            if (other) {
                p += (size_t)stud_ctz64(other);
                break;
            }
            p += 16;
        }
#endif
        while (p < n && BARE[b[p]]) p++;
        r->pos = p;
        len = p - start;
        if (len == 0) SYNTAX("expected a key");
    }
    uint32_t t = new_token(r, STUD_PHH_KEY, start, len);
    skip_ws(r);
    if (peek(r) == '.') SYNTAX("dotted keys are not read here");
    return t;
}

static void read_value(reader *r, int depth);

static int is_digit(int c) { return c >= '0' && c <= '9'; }

/* Digits with single underscores between them, of a base; returns the count. */
static size_t digit_run(const char *s, size_t n, size_t *i, int base) {
    size_t count = 0;
    int last_digit = 0;
    while (*i < n) {
        int c = (unsigned char)s[*i];
        int ok = base == 16 ? hex_value(c) >= 0 : (c >= '0' && c < '0' + base);
        if (ok) {
            count++;
            last_digit = 1;
        } else if (c == '_' && last_digit && *i + 1 < n) {
            last_digit = 0;
        } else {
            break;
        }
        (*i)++;
    }
    if (count && !last_digit) return 0;  /* a trailing underscore */
    return count;
}

/* A number, date or time: its token kind, or -1 when the text is none. */
static int classify(const char *s, size_t n) {
    size_t i = 0;
    if (n >= 5 && is_digit(s[0]) && is_digit(s[1]) && is_digit(s[2]) && is_digit(s[3]) &&
        s[4] == '-')
        return STUD_PHH_DATETIME;
    if (n >= 3 && is_digit(s[0]) && is_digit(s[1]) && s[2] == ':') return STUD_PHH_DATETIME;
    if (i < n && (s[i] == '+' || s[i] == '-')) i++;
    if (n - i == 3 && (memcmp(s + i, "inf", 3) == 0 || memcmp(s + i, "nan", 3) == 0))
        return STUD_PHH_FLOAT;
    if (i == 0 && n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'o' || s[1] == 'b')) {
        size_t j = 2;
        int base = s[1] == 'x' ? 16 : s[1] == 'o' ? 8 : 2;
        if (digit_run(s, n, &j, base) && j == n) return STUD_PHH_INTEGER;
        return -1;
    }
    size_t j = i;
    size_t whole = digit_run(s, n, &j, 10);
    if (!whole) return -1;
    if (whole > 1 && s[i] == '0') return -1;  /* leading zeros */
    if (j == n) return STUD_PHH_INTEGER;
    if (s[j] == '.') {
        j++;
        if (!digit_run(s, n, &j, 10)) return -1;
    }
    if (j < n && (s[j] == 'e' || s[j] == 'E')) {
        j++;
        if (j < n && (s[j] == '+' || s[j] == '-')) j++;
        if (!digit_run(s, n, &j, 10)) return -1;
    }
    return j == n ? STUD_PHH_FLOAT : -1;
}

/* A date-time's shape: digits where digits go (the caller parses it). */
static int datetime_ok(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (!(is_digit(c) || c == '-' || c == ':' || c == '.' || c == 'T' || c == 't' ||
              c == ' ' || c == 'Z' || c == 'z' || c == '+'))
            return 0;
    }
    return 1;
}

static void read_scalar_slow(reader *r);

static STUD_ALWAYS_INLINE void read_scalar(reader *r) {
    size_t start = r->pos;
    int c = peek(r);
    if ((unsigned)c - '0' < 10u) {  /* plain digits, not 0 led, ended by no value byte */
        const char *b = r->buf;
        size_t p = start + 1, len = r->len;
        while (p < len && (unsigned)((unsigned char)b[p] - '0') < 10u) p++;
        unsigned char e = p < len ? (unsigned char)b[p] : ' ';
        if (!is_bare(e) && e != '+' && e != '.' && e != ':' && (c != '0' || p == start + 1) &&
            p - start <= 4300) {
            r->pos = p;
            new_token(r, STUD_PHH_INTEGER, start, p - start);
            return;
        }
        /* digits, a point, digits (not 0 led), ended by no value byte: a float */
        if (e == '.' && (c != '0' || p == start + 1) && p + 1 < len &&
            (unsigned)((unsigned char)b[p + 1] - '0') < 10u) {
            size_t q = p + 2;
            while (q < len && (unsigned)((unsigned char)b[q] - '0') < 10u) q++;
            unsigned char f = q < len ? (unsigned char)b[q] : ' ';
            if (!is_bare(f) && f != '+' && f != '.' && f != ':') {
                r->pos = q;
                new_token(r, STUD_PHH_FLOAT, start, q - start);
                return;
            }
        }
    }
    read_scalar_slow(r);
}

static STUD_NOINLINE void read_scalar_slow(reader *r) {
    size_t start = r->pos;
    int c = peek(r);
    if (c == 't' && r->len - r->pos >= 4 && memcmp(r->buf + r->pos, "true", 4) == 0 &&
        !is_bare((unsigned char)(r->pos + 4 < r->len ? r->buf[r->pos + 4] : ' '))) {
        r->pos += 4;
        new_token(r, STUD_PHH_BOOL, start, 4);
        r->doc->tokens[r->doc->n_tokens - 1].flag = 1;
        return;
    }
    if (c == 'f' && r->len - r->pos >= 5 && memcmp(r->buf + r->pos, "false", 5) == 0 &&
        !is_bare((unsigned char)(r->pos + 5 < r->len ? r->buf[r->pos + 5] : ' '))) {
        r->pos += 5;
        new_token(r, STUD_PHH_BOOL, start, 5);
        return;
    }
    while (r->pos < r->len) {
        char b = r->buf[r->pos];
        if (is_bare((unsigned char)b) || b == '+' || b == '.' || b == ':') {
            r->pos++;
        } else if (b == ' ' && r->pos - start == 10 && r->pos + 1 < r->len &&
                   is_digit(r->buf[r->pos + 1]) && r->buf[start + 4] == '-') {
            r->pos++;  /* "1979-05-27 07:32:00": a date, a space, a time */
        } else {
            break;
        }
    }
    size_t n = r->pos - start;
    if (n == 0) SYNTAX("expected a value");
    int kind = classify(r->buf + start, n);
    if (kind < 0 || (kind == STUD_PHH_DATETIME && !datetime_ok(r->buf + start, n)))
        SYNTAX("%.*s is not a value", (int)(n > 40 ? 40 : n), r->buf + start);
    if (kind == STUD_PHH_DATETIME)
        r->doc->last_datetime = r->doc->n_tokens + 1; /* (the token made below) */
    if (kind == STUD_PHH_INTEGER) {
        size_t digits = 0;
        for (size_t i = start; i < r->pos; i++) digits += is_digit(r->buf[i]);
        if (digits > 4300) {
            fail(r, r->line, STUD_PHH_STAGE_SYNTAX,
                 "not valid TOML here: a number of more than 4300 digits");
        }
    }
    new_token(r, (uint8_t)kind, start, n);
}

static void read_inline_table(reader *r, int depth) {
    uint32_t t = new_token(r, STUD_PHH_TABLE, r->pos, 0);
    r->pos++;
    skip_ws(r);
    if (peek(r) == '}') {
        r->pos++;
    } else {
        for (;;) {
            uint32_t k = read_key(r);
            claim_key(r, t + 1, k);
            if (peek(r) != '=') SYNTAX("expected '=' after a key");
            r->pos++;
            skip_ws(r);
            read_value(r, depth + 1);
            r->doc->tokens[t].count++;
            skip_ws(r);
            if (peek(r) == ',') {
                r->pos++;
                skip_ws(r);
                continue;
            }
            if (peek(r) == '}') {
                r->pos++;
                break;
            }
            SYNTAX("an inline table goes on with ',' or ends with '}'");
        }
    }
    r->doc->tokens[t].end = r->doc->n_tokens;
}

static void read_array(reader *r, int depth) {
    uint32_t t = new_token(r, STUD_PHH_ARRAY, r->pos, 0);
    r->pos++;
    int blank_done = 0;  /* (next_element stopped at a byte skip_blank passes over) */
    for (;;) {
        if (!blank_done) skip_blank(r);
        blank_done = 0;
        if (at_end(r)) SYNTAX("an array left open");
        if (peek(r) == ']') {
            r->pos++;
            break;
        }
        int c = peek(r);
        if (depth + 1 > STUD_PHH_MAX_DEPTH || c == '[' || c == '{') {
            read_value(r, depth + 1);
        } else if (c == '"' || c == '\'') {  /* (read_value's string and scalar, inline) */
            size_t start, len;
            read_string(r, &start, &len, 1);
            new_token(r, STUD_PHH_STRING, start, len);
        } else {
            read_scalar(r);
        }
        r->doc->tokens[t].count++;
        if (next_element(r)) {  /* (at a byte that is no blank, newline or comma) */
            char next = r->buf[r->pos];
            blank_done = next != '#' && next != '\r';
            continue;
        }
        skip_blank(r);
        if (peek(r) == ',') {
            r->pos++;
            continue;
        }
        if (peek(r) == ']') {
            r->pos++;
            break;
        }
        if (at_end(r)) SYNTAX("an array left open");
        SYNTAX("an array goes on with ',' or ends with ']'");
    }
    r->doc->tokens[t].end = r->doc->n_tokens;
}

static void read_value(reader *r, int depth) {
    if (depth > STUD_PHH_MAX_DEPTH) SYNTAX("values nested more than %d deep", STUD_PHH_MAX_DEPTH);
    int c = peek(r);
    if (c == '"' || c == '\'') {
        size_t start, len;
        read_string(r, &start, &len, 1);
        new_token(r, STUD_PHH_STRING, start, len);
    } else if (c == '[') {
        read_array(r, depth);
    } else if (c == '{') {
        read_inline_table(r, depth);
    } else {
        read_scalar(r);
    }
}

/* A header line [name] or [name.sub]: the names' tokens (not kept in the
 * token list: returned as spans). */
static int read_header(reader *r, size_t *s0, size_t *n0, size_t *s1, size_t *n1) {
    r->pos++;
    if (peek(r) == '[') SYNTAX("arrays of tables are not read here");
    int parts = 0;
    for (;;) {
        skip_ws(r);
        size_t start, len;
        int c = peek(r);
        if (c == '"' || c == '\'') {
            read_string(r, &start, &len, 0);
        } else {
            start = r->pos;
            while (r->pos < r->len && is_bare((unsigned char)r->buf[r->pos])) r->pos++;
            len = r->pos - start;
            if (!len) SYNTAX("expected a table's name");
        }
        if (parts == 0) {
            *s0 = start;
            *n0 = len;
        } else if (parts == 1) {
            *s1 = start;
            *n1 = len;
        } else {
            SYNTAX("tables nested this deep are not read here");
        }
        parts++;
        skip_ws(r);
        if (peek(r) == '.') {
            r->pos++;
            continue;
        }
        if (peek(r) != ']') SYNTAX("a table header ends with ']'");
        r->pos++;
        break;
    }
    end_of_line(r);
    return parts;
}

/* The whole hand's TOML into tokens. */
static void tokenize(reader *r, int collection) {
    stud_phh_doc *d = r->doc;
    size_t label_start = 0, label_len = 0;
    int have_label = 0;
    uint32_t scope = 0;  /* 0: the hand's table; else the SECTION token + 1 */
    uint32_t section = UINT32_MAX;
    for (;;) {
        skip_blank(r);
        if (at_end(r)) break;
        if (peek(r) == '[') {
            uint32_t line = r->line;
            size_t s0 = 0, n0 = 0, s1 = 0, n1 = 0;
            int parts = read_header(r, &s0, &n0, &s1, &n1);
            int sub;
            if (collection) {
                if (!have_label) {
                    if (parts != 1) {
                        r->line = line;
                        SYNTAX("a hand's table [name] comes before its sub-tables");
                    }
                    have_label = 1;
                    label_start = s0;
                    label_len = n0;
                    d->top = d->n_tokens;
                    continue;
                }
                if (n0 != label_len || memcmp(r->buf + s0, r->buf + label_start, n0) != 0) {
                    r->line = line;
                    SYNTAX("a table of another hand inside this one");
                }
                if (parts == 1) {
                    r->line = line;
                    SYNTAX("the table [%.*s] is declared twice", (int)(n0 > 40 ? 40 : n0),
                           r->buf + s0);
                }
                sub = 1;
            } else {
                if (parts != 1) {
                    r->line = line;
                    SYNTAX("tables nested this deep are not read here");
                }
                s1 = s0;
                n1 = n0;
                sub = 1;
            }
            (void)sub;
            if (section != UINT32_MAX) d->tokens[section].end = d->n_tokens;
            uint32_t saved = r->line;
            r->line = line;
            section = new_token(r, STUD_PHH_SECTION, s1, n1);
            claim_top(r, section, 0);  /* the name is a key of the hand's table */
            r->line = saved;
            scope = section + 1;
            continue;
        }
        if (collection && !have_label) SYNTAX("a key before the hand's table [name]");
        uint32_t k = read_key(r);
        if (scope) claim_key(r, scope, k);
        else claim_top(r, k, 1);
        if (peek(r) != '=') SYNTAX("expected '=' after a key");
        r->pos++;
        skip_ws(r);
        if (at_end(r) || peek(r) == '\n' || peek(r) == '#') SYNTAX("a key without a value");
        read_value(r, 0);
        if (section != UINT32_MAX) d->tokens[section].count++;
        end_of_line(r);
    }
    if (section != UINT32_MAX) d->tokens[section].end = d->n_tokens;
    if (collection && !have_label) SYNTAX("a hand without its table [name]");
}

/* ==== the reader: values as Python writes them =================================== */

typedef struct {
    char *s;
    size_t cap, n;   /* bytes */
    size_t chars;    /* code points written */
    int full;        /* a character did not fit: nothing more is written */
} text;

/* Appends n bytes, as many whole characters as fit with the closing NUL;
 * once one does not fit, nothing more (a character is never cut, nor one
 * left out with a shorter one after it: the text read is a prefix of what
 * was written, and it stays terminated). */
static void put(text *o, const char *s, size_t n) {
    size_t i = 0;
    while (i < n && !o->full) {
        unsigned char c = (unsigned char)s[i];
        size_t k = c < 0xC0 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        if (k > n - i) k = n - i;
        if (o->n + k >= o->cap) {
            o->full = 1;
            break;
        }
        memcpy(o->s + o->n, s + i, k);
        o->n += k;
        o->chars += (c & 0xC0) != 0x80;
        i += k;
    }
    o->s[o->n] = '\0';
}

static void puts_(text *o, const char *s) { put(o, s, strlen(s)); }

/* The code point at s[*i] (UTF-8 the caller's str encoded), advancing *i. */
static uint32_t next_cp(const char *s, size_t n, size_t *i) {
    unsigned char c = (unsigned char)s[*i];
    size_t k = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    if (*i + k > n) k = n - *i;
    uint32_t cp = k == 1 ? c : k == 2 ? (c & 0x1Fu) : k == 3 ? (c & 0x0Fu) : (c & 0x07u);
    for (size_t j = 1; j < k; j++) cp = (cp << 6) | ((unsigned char)s[*i + j] & 0x3Fu);
    *i += k;
    return cp;
}

static int printable(uint32_t cp) {
    if (cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xA0) || cp == 0xAD) return 0;
    if (cp == 0x2028 || cp == 0x2029 || (cp >= 0x200B && cp <= 0x200F) ||
        (cp >= 0xD800 && cp <= 0xDFFF) || cp == 0xFEFF || (cp >= 0xE000 && cp <= 0xF8FF))
        return 0;
    if (cp >= 0xA0 && cp != 0x3000 && ((cp >= 0x2000 && cp <= 0x200A) || cp == 0x1680 ||
                                       cp == 0x202F || cp == 0x205F || cp == 0xA0))
        return 0;
    if (cp == 0x3000) return 0;
    return 1;
}

/* repr() of a str. */
static void repr_str(text *o, const char *s, size_t n) {
    int single = 0, dbl = 0;
    for (size_t i = 0; i < n; i++) {
        single |= s[i] == '\'';
        dbl |= s[i] == '"';
    }
    char quote = single && !dbl ? '"' : '\'';
    put(o, &quote, 1);
    size_t i = 0;
    while (i < n && o->n + 1 < o->cap) {
        size_t at = i;
        uint32_t cp = next_cp(s, n, &i);
        char esc[16];
        if (cp == (uint32_t)quote || cp == '\\') {
            esc[0] = '\\';
            esc[1] = (char)cp;
            put(o, esc, 2);
        } else if (cp == '\t') {
            puts_(o, "\\t");
        } else if (cp == '\n') {
            puts_(o, "\\n");
        } else if (cp == '\r') {
            puts_(o, "\\r");
        } else if (printable(cp)) {
            put(o, s + at, i - at);
        } else {
            if (cp < 0x100) snprintf(esc, sizeof esc, "\\x%02x", (unsigned)cp);
            else if (cp < 0x10000) snprintf(esc, sizeof esc, "\\u%04x", (unsigned)cp);
            else snprintf(esc, sizeof esc, "\\U%08x", (unsigned)cp);
            puts_(o, esc);
        }
    }
    put(o, &quote, 1);
}

/* A number's parts: sign, its digits (no underscores, leading zeros kept
 * out), and the power of ten of the last one.  0 for inf/nan, hex... */
typedef struct {
    int negative, special;  /* special: 1 inf, 2 nan, 3 a base-prefixed integer */
    char digits[80];
    size_t n;               /* digits kept (at most 72; `more` says when cut) */
    size_t total;           /* significant digits in all */
    long long exponent;     /* of the last digit kept */
    int frac_nonzero_cut;   /* a nonzero digit was cut off */
} number;

static void parse_number(const char *s, size_t len, number *x) {
    memset(x, 0, sizeof *x);
    size_t i = 0;
    if (i < len && (s[i] == '+' || s[i] == '-')) x->negative = s[i++] == '-';
    if (len - i == 3 && memcmp(s + i, "inf", 3) == 0) {
        x->special = 1;
        return;
    }
    if (len - i == 3 && memcmp(s + i, "nan", 3) == 0) {
        x->special = 2;
        return;
    }
    if (len - i > 2 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'o' || s[i + 1] == 'b')) {
        x->special = 3;
        return;
    }
    long long exp = 0;
    int seen_point = 0;
    size_t j = i;
    for (; j < len; j++) {
        char c = s[j];
        if (c == '_') continue;
        if (c == '.') {
            seen_point = 1;
            continue;
        }
        if (c == 'e' || c == 'E') break;
        if (seen_point) exp--;
        if (x->n == 0 && c == '0') continue;  /* leading zeros */
        x->total++;
        if (x->n < 72) {
            x->digits[x->n++] = c;
        } else {
            exp++;  /* cut: the kept digits stand for a larger power */
            if (c != '0') x->frac_nonzero_cut = 1;
        }
    }
    if (j < len) {  /* the exponent, bounded */
        j++;
        int eneg = 0;
        if (j < len && (s[j] == '+' || s[j] == '-')) eneg = s[j++] == '-';
        long long e = 0;
        for (; j < len; j++) {
            if (s[j] == '_') continue;
            if (e < 100000000000LL) e = e * 10 + (s[j] - '0');
        }
        exp += eneg ? -e : e;
    }
    x->exponent = exp;
    x->digits[x->n] = '\0';
}

/* str(Decimal(text)) of a TOML float (Python's rule, to-scientific-string),
 * or the digits of an integer. */
static void decimal_str(text *o, const char *s, size_t len) {
    number x;
    parse_number(s, len, &x);
    if (x.special == 1) {
        puts_(o, x.negative ? "-inf" : "inf");
        return;
    }
    if (x.special == 2) {
        puts_(o, "nan");
        return;
    }
    /* Decimal keeps the coefficient as written: leading zeros of the whole
     * text go, zeros after the point stay (0.50 -> digits 50, exp -2) */
    char digits[80];
    size_t n = x.n;
    memcpy(digits, x.digits, n);
    if (n == 0) {
        digits[0] = '0';
        n = 1;
    }
    long long exp = x.exponent;
    if (x.negative) puts_(o, "-");
    long long left = exp + (long long)n;
    long long dot;
    if (exp <= 0 && left > -6) dot = left;
    else dot = 1;
    if (dot <= 0) {
        puts_(o, "0.");
        for (long long k = 0; k < -dot; k++) puts_(o, "0");
        put(o, digits, n);
    } else if (dot >= (long long)n) {
        put(o, digits, n);
        for (long long k = 0; k < dot - (long long)n && k < 64; k++) puts_(o, "0");
    } else {
        put(o, digits, (size_t)dot);
        puts_(o, ".");
        put(o, digits + dot, n - (size_t)dot);
    }
    if (left != dot) {
        char e[32];
        snprintf(e, sizeof e, "E%+lld", left - dot);
        puts_(o, e);
    }
}

/* An integer's digits as Python writes it (decimal; other bases converted
 * when they fit 64 bits). */
static void int_str(text *o, const char *s, size_t len) {
    size_t i = 0;
    int negative = 0;
    if (i < len && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
    if (len - i > 2 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'o' || s[i + 1] == 'b')) {
        int base = s[i + 1] == 'x' ? 16 : s[i + 1] == 'o' ? 8 : 2;
        uint64_t v = 0;
        int over = 0;
        for (size_t j = i + 2; j < len; j++) {
            if (s[j] == '_') continue;
            uint64_t d = (uint64_t)hex_value(s[j]);
            if (v > (UINT64_MAX - d) / (uint64_t)base) over = 1;
            v = v * (uint64_t)base + d;
        }
        char b[32];
        if (over) put(o, s, len);
        else {
            snprintf(b, sizeof b, "%llu", (unsigned long long)v);
            puts_(o, b);
        }
        return;
    }
    int any = 0;
    if (negative) {
        /* -0 is 0 */
        for (size_t j = i; j < len; j++) any |= s[j] >= '1' && s[j] <= '9';
        if (any) puts_(o, "-");
    }
    for (size_t j = i; j < len; j++)
        if (s[j] != '_') put(o, s + j, 1);
}

static void repr_value(reader *r, text *o, uint32_t v, int as_decimal_repr);

/* The elements of an array or the pairs of a table, as repr. */
static void repr_value(reader *r, text *o, uint32_t v, int decimal_repr) {
    const stud_phh_token *t = &r->doc->tokens[v];
    const char *s = r->buf + t->start;
    if (o->n + 1 >= o->cap) return;
    switch (t->kind) {
    case STUD_PHH_STRING: repr_str(o, s, t->len); break;
    case STUD_PHH_INTEGER: int_str(o, s, t->len); break;
    case STUD_PHH_FLOAT:
        if (decimal_repr) {
            char d[120];
            text inner = {d, sizeof d, 0, 0, 0};
            d[0] = '\0';
            decimal_str(&inner, s, t->len);
            puts_(o, "Decimal('");
            puts_(o, strcmp(d, "inf") == 0 ? "Infinity" : strcmp(d, "-inf") == 0 ? "-Infinity"
                     : strcmp(d, "nan") == 0 ? "NaN" : d);
            puts_(o, "')");
        } else {
            decimal_str(o, s, t->len);
        }
        break;
    case STUD_PHH_BOOL: puts_(o, t->flag ? "True" : "False"); break;
    case STUD_PHH_DATETIME: put(o, s, t->len); break;
    case STUD_PHH_ARRAY: {
        puts_(o, "[");
        uint32_t e = v + 1;
        int first = 1;
        while (e < t->end && o->n + 1 < o->cap) {
            if (!first) puts_(o, ", ");
            first = 0;
            repr_value(r, o, e, 1);
            e = r->doc->tokens[e].end;
        }
        puts_(o, "]");
        break;
    }
    case STUD_PHH_TABLE: {
        puts_(o, "{");
        uint32_t e = v + 1;
        int first = 1;
        while (e < t->end && o->n + 1 < o->cap) {
            if (!first) puts_(o, ", ");
            first = 0;
            const stud_phh_token *k = &r->doc->tokens[e];
            repr_str(o, r->buf + k->start, k->len);
            puts_(o, ": ");
            repr_value(r, o, e + 1, 1);
            e = r->doc->tokens[e + 1].end;
        }
        puts_(o, "}");
        break;
    }
    default: break;
    }
}

static const char *kind_name(const stud_phh_token *t, const char *s_of_kind) {
    switch (t->kind) {
    case STUD_PHH_STRING: return "str";
    case STUD_PHH_INTEGER: return "int";
    case STUD_PHH_FLOAT: return "float";
    case STUD_PHH_BOOL: return "bool";
    case STUD_PHH_ARRAY: return "list";
    case STUD_PHH_TABLE: return "dict";
    default: {
        int colon = memchr(s_of_kind, ':', t->len) != NULL;
        int dash = memchr(s_of_kind, '-', t->len > 5 ? 5 : t->len) != NULL;
        return colon && dash ? "datetime" : colon ? "time" : "date";
    }
    }
}

/* phh.py's _what: "kind repr", the repr cut to 40 characters. */
static void what(reader *r, uint32_t v, char *out, size_t cap) {
    char b[400];
    text o = {b, sizeof b, 0, 0, 0};
    b[0] = '\0';
    const stud_phh_token *t = &r->doc->tokens[v];
    repr_value(r, &o, v, t->kind != STUD_PHH_FLOAT);
    if (o.chars > 40) {  /* cut to 37 characters and "..." */
        size_t i = 0, chars = 0;
        while (i < o.n && chars < 37) {
            next_cp(b, o.n, &i);
            chars++;
        }
        b[i] = '\0';
        snprintf(out, cap, "%s %s...", kind_name(t, r->buf + t->start), b);
    } else {
        snprintf(out, cap, "%s %s", kind_name(t, r->buf + t->start), b);
    }
}

/* repr() of a string span, into out. */
static void repr_span(const char *s, size_t n, char *out, size_t cap) {
    text o = {out, cap, 0, 0, 0};
    out[0] = '\0';
    repr_str(&o, s, n);
}

/* ==== the reader: amounts ========================================================= */

static void shorten(const char *s, char *out, size_t cap) {
    /* _short: at most 40 characters */
    size_t n = strlen(s);
    if (n <= 40) snprintf(out, cap, "%s", s);
    else snprintf(out, cap, "%.37s...", s);
}

/* _chips: a whole number of chips (cents with money) from a number token;
 * `what` names it; errors at `line`, `stage`. */
static STUD_ALWAYS_INLINE int64_t chips_of(reader *r, const stud_phh_token *t,
                                           const char *what_0, uint32_t line, uint8_t stage);

static STUD_NOINLINE void not_a_number(reader *r, uint32_t v, const char *what_, uint32_t line,
                                       uint8_t stage) {
    char w[120], name[64];
    what(r, v, w, sizeof w);
    if (r->index >= 0) snprintf(name, sizeof name, "%s[%d]", what_, r->index);
    fail(r, line, stage, "%s must be a number, not %s", r->index >= 0 ? name : what_, w);
}

static int64_t chips(reader *r, uint32_t v, const char *what_, uint32_t line, uint8_t stage) {
    const stud_phh_token *t = &r->doc->tokens[v];
    if (t->kind != STUD_PHH_INTEGER && t->kind != STUD_PHH_FLOAT)
        not_a_number(r, v, what_, line, stage);
    return chips_of(r, t, what_, line, stage);
}

/* _short of the amount's number, for a message. */
static void short_number(const stud_phh_token *t, const char *s, char *sh, size_t cap) {
    char b[200];
    text o = {b, sizeof b, 0, 0, 0};
    b[0] = '\0';
    if (t->kind == STUD_PHH_INTEGER) int_str(&o, s, t->len);
    else decimal_str(&o, s, t->len);
    if (t->kind == STUD_PHH_INTEGER && b[0] != '-' && t->len > 40) {
        /* _short of an int of 41 digits or more */
        size_t digits = 0;
        for (size_t i = 0; i < t->len; i++) digits += is_digit(s[i]);
        if (digits > 40 && s[1] != 'x' && s[1] != 'o' && s[1] != 'b')
            snprintf(b, sizeof b, "a number of %zu digits", digits);
    }
    shorten(b, sh, cap);
}

static STUD_NOINLINE int64_t chips_of_slow(reader *r, const stud_phh_token *t,
                                           const char *what_0, uint32_t line, uint8_t stage);

static STUD_ALWAYS_INLINE int64_t chips_of(reader *r, const stud_phh_token *t,
                                           const char *what_0, uint32_t line, uint8_t stage) {
    const char *s = r->buf + t->start;
    if (t->len - 1u < 17u) {  /* up to 16 plain digits, a point among them: at once */
        int64_t v = 0, f = 0;
        uint32_t k = 0;
        while (k < t->len && (unsigned)((unsigned char)s[k] - '0') < 10u)
            v = v * 10 + (s[k++] - '0');
        if (k == t->len && k <= 16) return r->money ? v * 100 : v;
        if (k > 0 && k < t->len && s[k] == '.') {  /* digits.digits: cents, or .0 */
            uint32_t f0 = ++k;
            while (k < t->len && (unsigned)((unsigned char)s[k] - '0') < 10u)
                f = f * 10 + (s[k++] - '0');
            if (k == t->len && k > f0) {
                if (r->money && k - f0 <= 2) return v * 100 + (k - f0 == 1 ? f * 10 : f);
                if (!r->money && f == 0) return v;
            }
        }
    }
    return chips_of_slow(r, t, what_0, line, stage);
}

static STUD_NOINLINE int64_t chips_of_slow(reader *r, const stud_phh_token *t,
                                           const char *what_0, uint32_t line, uint8_t stage) {
    const char *s = r->buf + t->start;
    number x;
    char sh[64], name[64];
    const char *what_ = what_0;
#define NAMED() (what_ = r->index >= 0 ? (snprintf(name, sizeof name, "%s[%d]", what_0, \
                                                  r->index), name) : what_0)
#define SH() (short_number(t, s, sh, sizeof sh), \
              what_ = r->index >= 0 ? (snprintf(name, sizeof name, "%s[%d]", what_0, r->index), \
                                       name) : what_0, sh)
    parse_number(s, t->len, &x);
    if (t->kind == STUD_PHH_FLOAT && (x.special == 1 || x.special == 2)) {
        NAMED();
        fail(r, line, stage, "%s is %s: unknown amounts are not supported", what_,
             x.special == 2 ? "nan" : x.negative ? "-inf" : "inf");
    }
    if (x.special == 3) {  /* 0x.. 0o.. 0b..: small, or too large */
        uint64_t val = 0;
        int base = s[1] == 'x' ? 16 : s[1] == 'o' ? 8 : 2;
        int over = 0;
        for (size_t j = 2; j < t->len; j++) {
            if (s[j] == '_') continue;
            uint64_t d = (uint64_t)hex_value(s[j]);
            if (val > (UINT64_MAX - d) / (uint64_t)base) over = 1;
            val = val * (uint64_t)base + d;
        }
        if (over || val >= 1000000000000000000ULL)
            { SH(); fail(r, line, stage, "%s is %s: too large an amount", what_, sh); }
        return (int64_t)val * (r->money ? 100 : 1);
    }
    int zero = x.n == 0;
    if (x.negative && !zero) { SH(); fail(r, line, stage, "%s is negative (%s)", what_, sh); }
    if (zero) return 0;
    long long adjusted = x.exponent + (long long)x.n - 1;
    if (adjusted >= 18) { SH(); fail(r, line, stage, "%s is %s: too large an amount", what_, sh); }
    /* whole (or whole cents): every digit below 10**0 (10**-2) is zero */
    long long lowest = r->money ? -2 : 0;
    int whole = !x.frac_nonzero_cut;
    for (size_t k = 0; k < x.n; k++) {
        long long power = x.exponent + (long long)(x.n - 1 - k);
        if (power < lowest && x.digits[k] != '0') whole = 0;
    }
    if (!whole) SH();
    if (!whole)
        fail(r, line, stage, "%s is %s: %s", what_, sh,
             r->money ? "not a whole number of cents"
                      : "amounts are whole chips (money needs a currency field, then cents)");
    int64_t value = 0;
    for (size_t k = 0; k < x.n; k++) {
        long long power = x.exponent + (long long)(x.n - 1 - k) - lowest;
        if (power < 0) continue;
        int64_t d = x.digits[k] - '0';
        int64_t p = 1;
        for (long long q = 0; q < power; q++) p = p > INT64_MAX / 10 ? INT64_MAX : p * 10;
        if (d && p > (INT64_MAX - value) / d) value = INT64_MAX;
        else value += d * p;
    }
    return value;
}

/* ==== the reader: fields ========================================================= */

#define FIELDS(X)                                                                         \
    X("variant") X("antes") X("bring_in") X("small_bet") X("big_bet") X("starting_stacks") \
    X("actions") X("players") X("seats") X("hand") X("table") X("finishing_stacks")        \
    X("winnings") X("currency") X("_rake") X("_rules") X("blinds_or_straddles")            \
    X("ante_trimming_status")
#define FIELD_NAME(s) s,
#define FIELD_LEN(s) sizeof s - 1,
static const char *const FIELD_NAMES[STUD_PHH_N_FIELDS] = {FIELDS(FIELD_NAME)};
static const uint8_t FIELD_LENS[STUD_PHH_N_FIELDS] = {FIELDS(FIELD_LEN)}; /* (their strlen) */

typedef struct {
    const char *s;
    size_t n;
} word;

static inline int word_is(word w, const char *s) {
    size_t n = strlen(s);  /* (a literal's, known where this is inlined) */
    if (w.n != n) return 0;
    if (n <= 3)  /* (the actions' words: their bytes compared in place, no call) */
        return n == 0 || (w.s[0] == s[0] && (n < 2 || w.s[1] == s[1]) &&
                          (n < 3 || w.s[2] == s[2]));
    return memcmp(w.s, s, n) == 0;
}

/* Copies n cards (1 to 3 as a rule: no call for them). */
static inline void copy_cards(uint8_t *to, const uint8_t *from, int n) {
    switch (n) {
    case 3: to[2] = from[2]; /* fallthrough */
    case 2: to[1] = from[1]; /* fallthrough */
    case 1: to[0] = from[0]; /* fallthrough */
    case 0: break;
    default: memcpy(to, from, (size_t)n);
    }
}

static int span_is(reader *r, const stud_phh_token *t, const char *s) {
    word w = {r->buf + t->start, t->len};
    return word_is(w, s);
}

static uint32_t value_of(reader *r, int f) { return (uint32_t)r->doc->field[f] + 1; }
static uint32_t line_of(reader *r, int f) { return r->doc->tokens[r->doc->field[f]].line; }

/* Fails (stage) unless field f is an array whose entries are all of kind
 * (any kind when kind < 0): "<field> must be an array of <entries>". */
static void array_of(reader *r, int f, int kind, const char *entries, uint8_t stage) {
    uint32_t v = value_of(r, f);
    const stud_phh_token *t = &r->doc->tokens[v];
    int ok = t->kind == STUD_PHH_ARRAY;
    for (uint32_t e = v + 1; ok && kind >= 0 && e < t->end; e = r->doc->tokens[e].end)
        ok = r->doc->tokens[e].kind == kind;
    if (!ok) {
        char w[120];
        what(r, v, w, sizeof w);
        fail(r, line_of(r, f), stage, "%s must be an array of %s, not %s", FIELD_NAMES[f],
             entries, w);
    }
}

/* An array of amounts (_amounts), n entries when n >= 0: into out (cap). */
static int amounts(reader *r, int f, int n, int64_t *out, int cap, uint8_t stage) {
    const char *name = FIELD_NAMES[f];
    uint32_t v = value_of(r, f), line = line_of(r, f);
    const stud_phh_token *t = &r->doc->tokens[v];
    char w[120];
    if (t->kind != STUD_PHH_ARRAY) {
        what(r, v, w, sizeof w);
        fail(r, line, stage, "%s must be an array of numbers, not %s", name, w);
    }
    if (n >= 0 && (int)t->count != n)
        fail(r, line, stage, "%s has %u entries for %d players", name, t->count, n);
    if ((int)t->count > cap)
        fail(r, line, stage, "%s has %u entries: a hand has %d players at most", name, t->count,
             cap);
    uint32_t e = v + 1;
    for (int i = 0; e < t->end; i++) {
        r->index = i;
        out[i] = chips(r, e, name, line, stage);
        e = r->doc->tokens[e].end;
    }
    r->index = -1;
    return (int)t->count;
}

static const struct {
    const char *code;
    int variant;
} VARIANTS[] = {{"F7S", 0}, {"F7S/8", 1}, {"FR", 2}, {"F5S", 3}, {"F5S/8", 4}, {"F2R", 5},
                {"F7S/R", 6}};

/* ==== the reader: actions (phh.py's _steps) ===================================== */

/* Python's str.split() whitespace at s[i]: its length in bytes, or 0. */
static size_t space_at(const char *s, size_t n, size_t i) {
    /* ' ', \t to \r, \x1c to \x1f as bits of a word */
    const uint64_t spaces = (uint64_t)1 << ' ' | (uint64_t)0x1F << '\t' | (uint64_t)0xF << 0x1C;
    unsigned char c = (unsigned char)s[i];
    if (c <= ' ') return spaces >> c & 1;
    if (c < 0x80) return 0;
    size_t j = i;
    uint32_t cp = next_cp(s, n, &j);
    if (cp == 0x85 || cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) ||
        cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000)
        return j - i;
    return 0;
}

static size_t cps(const char *s, size_t n) {
    size_t count = 0;
    for (size_t i = 0; i < n; i++) count += ((unsigned char)s[i] & 0xC0) != 0x80;
    return count;
}

typedef struct {
    int n;                      /* players */
    int first, most;            /* cards of the first street, in all */
    uint8_t dealt[STUD_HH_MAX_SEATS][8];
    int n_dealt[STUD_HH_MAX_SEATS];
    int opened[STUD_HH_MAX_SEATS];  /* index of the unfinished first-street Dealt, or -1 */
    int last_other;
    int8_t owner[52];           /* seat + 1, -1 community, 0 nobody */
    int showed[STUD_HH_MAX_SEATS];  /* index of the seat's Showed, or -1 */
} deal_state;

/* An action error: the message with the line of the action. */
#define BAD(...) fail(r, line, STUD_PHH_STAGE_LATE, __VA_ARGS__)

static STUD_NOINLINE int seat_of_slow(reader *r, deal_state *ds, word w, uint32_t line) {
    char rep[300];
    int ok = w.n >= 2 && w.s[0] == 'p';
    for (size_t i = 1; ok && i < w.n; i++) ok = is_digit(w.s[i]);
    if (!ok) {
        repr_span(w.s, w.n, rep, sizeof rep);
        BAD("%s is not a player: p1 to p%d", rep, ds->n);
    }
    long number = 0;
    for (size_t i = 1; i < w.n; i++) {
        number = number * 10 + (w.s[i] - '0');
        if (number > 1000000) break;
    }
    if (number < 1 || number > ds->n)
        BAD("no player %.*s in a hand of %d players (p1 to p%d)", (int)(w.n > 60 ? 60 : w.n), w.s,
            ds->n, ds->n);
    if (number > STUD_HH_MAX_SEATS) BAD("no player %.*s: a hand has 8 players at most",
                                        (int)w.n, w.s);
    return (int)number - 1;
}

/* pN: the seat N - 1 (p1 to p8 of the hand's players at once). */
static STUD_ALWAYS_INLINE int seat_of(reader *r, deal_state *ds, word w, uint32_t line) {
    if (w.n == 2 && w.s[0] == 'p') {
        int k = (unsigned char)w.s[1] - '1';
        if (k >= 0 && k < ds->n && k < STUD_HH_MAX_SEATS) return k;
    }
    return seat_of_slow(r, ds, w, line);
}

static int card_of(const char *p) {
    /* 1 + the index of the byte in "23456789TJQKA" and in "cdhs", else 0 */
    static const uint8_t ranks[256] = {['2'] = 1,  ['3'] = 2,  ['4'] = 3, ['5'] = 4, ['6'] = 5,
                                       ['7'] = 6,  ['8'] = 7,  ['9'] = 8, ['T'] = 9, ['J'] = 10,
                                       ['Q'] = 11, ['K'] = 12, ['A'] = 13};
    static const uint8_t suits[256] = {['c'] = 1, ['d'] = 2, ['h'] = 3, ['s'] = 4};
    int rank = ranks[(unsigned char)p[0]], suit = suits[(unsigned char)p[1]];
    if (!rank || !suit) return -1;
    return (rank - 1) * 4 + suit - 1;
}

static void card_text(int card, char *out) {
    out[0] = "23456789TJQKA"[card >> 2];
    out[1] = "cdhs"[card & 3];
    out[2] = '\0';
}

/* _cards: a word of cards (?? unknown) into out (at most cap); the count. */
static STUD_NOINLINE int cards_of_slow(reader *r, word w, uint8_t *out, int cap,
                                       uint32_t line);

/* _cards: ASCII pairs (no more than cap) at once, else cards_of_slow. */
static STUD_ALWAYS_INLINE int cards_of(reader *r, word w, uint8_t *out, int cap,
                                       uint32_t line) {
    size_t pairs = w.n / 2, k = 0;
    if (!(w.n & 1) && pairs <= (size_t)cap) {
        for (; k < pairs; k++) {
            const char *p = w.s + 2 * k;
            int c = card_of(p);
            if (c < 0) {
                if (p[0] != '?' || p[1] != '?') break;
                c = STUD_HH_UNKNOWN;
            }
            out[k] = (uint8_t)c;
        }
        if (k == pairs) return (int)pairs;
    }
    return cards_of_slow(r, w, out, cap, line);
}

static STUD_NOINLINE int cards_of_slow(reader *r, word w, uint8_t *out, int cap,
                                       uint32_t line) {
    char rep[300], pair_rep[64];
    size_t chars = cps(w.s, w.n);
    if (chars % 2) {
        repr_span(w.s, w.n, rep, sizeof rep);
        BAD("%s is not cards: two characters a card, rank then suit", rep);
    }
    int count = 0;
    size_t i = 0;
    while (i < w.n) {
        size_t at = i;
        next_cp(w.s, w.n, &i);
        next_cp(w.s, w.n, &i);
        int card = -2;
        if (i - at == 2) {
            if (w.s[at] == '?' && w.s[at + 1] == '?') card = STUD_HH_UNKNOWN;
            else {
                int c = card_of(w.s + at);
                if (c >= 0) card = c;
            }
        }
        if (card == -2) {
            repr_span(w.s + at, i - at, pair_rep, sizeof pair_rep);
            repr_span(w.s, w.n, rep, sizeof rep);
            BAD("%s in %s is not a card: a rank (2-9, T, J, Q, K, A) then a suit (c, d, h, s), or "
                "?? for an unknown card", pair_rep, rep);
        }
        if (count < cap) out[count] = (uint8_t)card;
        count++;
    }
    return count;
}

static void take(reader *r, deal_state *ds, const uint8_t *cards, int n, int seat, uint32_t line) {
    for (int i = 0; i < n; i++) {
        if (cards[i] == STUD_HH_UNKNOWN) continue;
        if (ds->owner[cards[i]]) {
            char c[3];
            card_text(cards[i], c);
            BAD("%s is dealt twice", c);
        }
        ds->owner[cards[i]] = (int8_t)(seat < 0 ? -1 : seat + 1);
    }
}

static stud_hh_step *add_step(reader *r, uint8_t type, int seat, uint32_t line) {
    stud_hh_hand *h = &r->doc->hand;
    if (h->n_steps >= STUD_HH_MAX_STEPS)
        BAD("the hand has more than %d steps", STUD_HH_MAX_STEPS);
    stud_hh_step *st = &h->steps[h->n_steps++];
    stud_hh_step_start(st, type, seat, line);
    return st;
}

static void cards_list(const uint8_t *cards, int n, char *out, size_t cap) {
    size_t w = 0;
    out[0] = '\0';
    for (int i = 0; i < n && w + 4 < cap; i++) {
        if (i) out[w++] = ' ';
        card_text(cards[i], out + w);
        w += 2;
    }
    out[w] = '\0';
}

/* _shown then _show_once. */
static void show(reader *r, deal_state *ds, int seat, const uint8_t *cards, int n, uint32_t line) {
    uint8_t revealed[8];
    int n_revealed = 0;
    uint64_t seen = 0;
    for (int i = 0; i < n; i++) {
        if (cards[i] == STUD_HH_UNKNOWN) continue;
        if (seen >> cards[i] & 1) BAD("p%d shows a card twice", seat + 1);
        seen |= 1ULL << cards[i];
    }
    for (int i = 0; i < n; i++) {
        uint8_t c = cards[i];
        if (c == STUD_HH_UNKNOWN) continue;
        int holder = ds->owner[c];
        if (holder == 0) {
            if (n_revealed < 8) revealed[n_revealed] = c;
            n_revealed++;
        } else if (holder != seat + 1 && holder != -1) {
            char t[3];
            card_text(c, t);
            BAD("p%d shows %s, dealt to p%d", seat + 1, t, holder);
        }
    }
    int unseen = 0;
    for (int i = 0; i < ds->n_dealt[seat]; i++) unseen += ds->dealt[seat][i] == STUD_HH_UNKNOWN;
    if (ds->n_dealt[seat] && n_revealed > unseen) {
        char list[64];
        cards_list(revealed, n_revealed > 8 ? 8 : n_revealed, list, sizeof list);
        BAD("p%d shows %s, more cards than it was dealt unseen", seat + 1, list);
    }
    if (n > 7) BAD("p%d shows %d cards: a seat holds 7 at most", seat + 1, n);
    for (int i = 0; i < n_revealed && i < 8; i++) ds->owner[revealed[i]] = (int8_t)(seat + 1);
    /* show_once */
    stud_hh_hand *h = &r->doc->hand;
    if (ds->showed[seat] >= 0) {
        stud_hh_step *before = &h->steps[ds->showed[seat]];
        uint64_t old = 0, now = 0;
        for (int i = 0; i < before->n_cards; i++)
            if (before->cards[i] != STUD_HH_UNKNOWN) old |= 1ULL << before->cards[i];
        for (int i = 0; i < n; i++)
            if (cards[i] != STUD_HH_UNKNOWN) now |= 1ULL << cards[i];
        if ((now & ~old) == 0) return;  /* a repeated show */
        if (old & ~now) {
            uint8_t added[52], missing[52];
            int na = 0, nm = 0;
            for (int c = 0; c < 52; c++) {
                if ((now & ~old) >> c & 1) added[na++] = (uint8_t)c;
                if ((old & ~now) >> c & 1) missing[nm++] = (uint8_t)c;
            }
            char a[160], m[160];
            cards_list(added, na, a, sizeof a);
            cards_list(missing, nm, m, sizeof m);
            BAD("p%d shows %s, not the cards it showed before (%s)", seat + 1, a, m);
        }
        before->n_cards = (uint8_t)n;
        memcpy(before->cards, cards, (size_t)n);
        before->line = line;
        return;
    }
    ds->showed[seat] = h->n_steps;
    stud_hh_step *st = add_step(r, STUD_HH_SHOWED, seat, line);
    st->n_cards = (uint8_t)n;
    memcpy(st->cards, cards, (size_t)n);
}

/* The bytes of an action's words read at once: printable ASCII but '#'. */
static const uint8_t WORD_BYTE[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0,
};

static void action(reader *r, deal_state *ds, uint32_t v) {
    const stud_phh_token *t = &r->doc->tokens[v];
    uint32_t line = t->line;
    char rep[300], w_[120];
    if (t->kind != STUD_PHH_STRING) {
        what(r, v, w_, sizeof w_);
        BAD("an action is a string, not %s", w_);
    }
    const char *s = r->buf + t->start;
    size_t n = t->len;
    word words[9];  /* (the first 5 are read; 16 bytes hold 8 words at most) */
    int nw = 0;
    size_t i = 0;
#if STUD_HAVE_BYTES16
    if (n <= 16 && r->len - t->start >= 16) {  /* 16 bytes, their words as bits */
        stud_bytes16 b = stud_bytes16_load(s);
        unsigned in = (1u << n) - 1;
        unsigned other = (stud_bytes16_outside(b, 0x20, 0x7E) | stud_bytes16_eq(b, '#')) & in;
        if (!other) {  /* (else the loops below) */
            unsigned inside = in & ~stud_bytes16_eq(b, ' ');
            unsigned starts = inside & ~(inside << 1), ends = inside & ~(inside >> 1);
            for (; starts; starts &= starts - 1, ends &= ends - 1) {
                size_t a = (size_t)stud_ctz64(starts), e = (size_t)stud_ctz64(ends);
                words[nw++] = (word){s + a, e + 1 - a};
            }
            i = n;
        }
    }
#endif
    /* words of printable ASCII between spaces, up to a '#' or the end: at once */
    while (i < n) {
        while (i < n && s[i] == ' ') i++;
        if (i >= n || !WORD_BYTE[(unsigned char)s[i]]) break;
        size_t start = i;
        while (i < n && WORD_BYTE[(unsigned char)s[i]]) i++;
        if (nw < 5) words[nw] = (word){s + start, i - start};
        nw++;
    }
    if (i < n && s[i] == '#') n = i;  /* commentary dropped */
    if (i < n) {  /* other bytes: the general loop, from the start */
        const char *hash = memchr(s, '#', n);
        if (hash) n = (size_t)(hash - s);
        nw = 0;
        i = 0;
    }
    while (i < n) {
        size_t sp = space_at(s, n, i);
        if (sp) {
            i += sp;
            continue;
        }
        size_t start = i;
        /* (ASCII past the space: a word's byte, whatever space_at says of others) */
        while (i < n && ((unsigned char)s[i] - 0x21u < 0x5Fu || !space_at(s, n, i))) i++;
        if (nw < 5) words[nw] = (word){s + start, i - start};
        nw++;
    }
    if (nw == 0) return;  /* a no-op */
#define REP() repr_span(s, t->len, rep, sizeof rep)
    stud_hh_hand *h = &r->doc->hand;
    if (word_is(words[0], "d")) {
        if (nw == 4 && word_is(words[1], "dh")) {
            int seat = seat_of(r, ds, words[2], line);
            uint8_t cards[8];
            int count = cards_of(r, words[3], cards, 8, line);
            if (count == 0) BAD("a hole deal gives at least one card");
            int held = ds->n_dealt[seat];
            if (held + count > ds->most)
                BAD("p%d would hold %d cards: %s deals %d", seat + 1, held + count,
                    h->variant == 0 ? "SEVEN_CARD_STUD" : h->variant == 1 ? "SEVEN_CARD_STUD_HILO"
                    : h->variant == 2 ? "RAZZ" : h->variant == 3 ? "FIVE_CARD_STUD"
                    : h->variant == 4 ? "FIVE_CARD_STUD_HILO" : h->variant == 5
                    ? "DEUCE_TO_SEVEN_RAZZ" : "SEVEN_CARD_STUD_HILO_REGULAR", ds->most);
            if (held < ds->first) {
                if (held + count > ds->first)
                    BAD("p%d is dealt %d cards after %d: the first street deals %d", seat + 1,
                        count, held, ds->first);
                take(r, ds, cards, count, seat, line);
                int where = ds->opened[seat];
                if (where >= 0 && where > ds->last_other) {
                    stud_hh_step *st = &h->steps[where];
                    copy_cards(st->cards + st->n_cards, cards, count);
                    st->n_cards = (uint8_t)(st->n_cards + count);
                } else if (held) {
                    BAD("p%d's first-street cards come in pieces with other actions between",
                        seat + 1);
                } else {
                    ds->opened[seat] = h->n_steps;
                    stud_hh_step *st = add_step(r, STUD_HH_DEALT, seat, line);
                    st->n_cards = (uint8_t)count;
                    copy_cards(st->cards, cards, count);
                }
            } else {
                if (count != 1)
                    BAD("p%d is dealt %d cards at once: after the first street a street deals one",
                        seat + 1, count);
                take(r, ds, cards, count, seat, line);
                stud_hh_step *st = add_step(r, STUD_HH_DEALT, seat, line);
                st->n_cards = 1;
                st->cards[0] = cards[0];
            }
            copy_cards(ds->dealt[seat] + held, cards, count);
            ds->n_dealt[seat] = held + count;
            return;  /* (a hole deal leaves last_other) */
        }
        if (nw == 3 && word_is(words[1], "db")) {
            uint8_t cards[2];
            int count = cards_of(r, words[2], cards, 2, line);
            if (count != 1 || cards[0] == STUD_HH_UNKNOWN) {
                char wr[300];
                repr_span(words[2].s, words[2].n, wr, sizeof wr);
                BAD("%s: a community card is one card, face up (docs/rules.md 5.1)", wr);
            }
            take(r, ds, cards, 1, -1, line);
            stud_hh_step *st = add_step(r, STUD_HH_COMMUNITY, 0, line);
            st->n_cards = 1;
            st->cards[0] = cards[0];
        } else {
            REP();
            BAD("%s: the dealer deals hole cards ('d dh pN CARDS') or the community card "
                "('d db CARD')", rep);
        }
    } else {
        int seat = seat_of(r, ds, words[0], line);
        word verb = nw > 1 ? words[1] : (word){"", 0};
        int rest = nw - 2 < 0 ? 0 : nw - 2;
        int move = word_is(verb, "f") ? STUD_HH_FOLD : word_is(verb, "cc") ? STUD_HH_CHECK_CALL
                   : word_is(verb, "pb") ? STUD_HH_BRING_IN : -1;
        if (move >= 0 && rest == 0) {
            stud_hh_step *st = add_step(r, STUD_HH_ACTED, seat, line);
            st->move = (uint8_t)move;
        } else if (word_is(verb, "cbr") && rest == 1) {
            word a = words[2];
            size_t k = 0;
            int ok = 1;
            while (k < a.n && is_digit(a.s[k])) k++;
            if (k == 0) ok = 0;
            if (ok && k < a.n) {
                if (a.s[k] != '.') ok = 0;
                size_t f = ++k;
                while (k < a.n && is_digit(a.s[k])) k++;
                if (k == f || k != a.n) ok = 0;
            }
            if (!ok) {
                char ar[300];
                repr_span(a.s, a.n, ar, sizeof ar);
                BAD("amount %s does not parse: digits, with a decimal point for money", ar);
            }
            /* the amount as a FLOAT token of its own text (a scratch token) */
            stud_phh_token amount;  /* (set member by member: stud_hh_step_start says why) */
            amount.kind = STUD_PHH_FLOAT;
            amount.flag = 0;
            amount.start = (uint32_t)(a.s - r->buf);
            amount.len = (uint32_t)a.n;
            amount.line = amount.end = amount.count = 0;
            int64_t to = chips_of(r, &amount, "the amount", line, STUD_PHH_STAGE_LATE);
            if (to == 0) BAD("a completion, bet or raise is to a positive amount");
            if (to >= (int64_t)1 << 31) {
                REP();
                BAD("%s: an amount is 0 to 2**31 - 1 chips, not %lld", rep, (long long)to);
            }
            stud_hh_step *st = add_step(r, STUD_HH_ACTED, seat, line);
            st->move = STUD_HH_RAISE;
            st->to = (int32_t)to;
        } else if (word_is(verb, "sm") && rest == 0) {
            add_step(r, STUD_HH_MUCKED, seat, line);
        } else if (word_is(verb, "sm") && rest == 1 && word_is(words[2], "-")) {
            static const uint8_t none[1] = {0};
            show(r, ds, seat, none, 0, line);
        } else if (word_is(verb, "sm") && rest == 1) {
            uint8_t cards[9];
            int count = cards_of(r, words[2], cards, 9, line);
            if (count > 9) BAD("p%d shows %d cards: a seat holds 7 at most", seat + 1, count);
            show(r, ds, seat, cards, count, line);
        } else if (word_is(verb, "sd")) {
            REP();
            BAD("%s: standing pat or discarding is for draw games", rep);
        } else {
            REP();
            BAD("%s is not an action: pN f, cc, pb, cbr AMOUNT, sm [CARDS or -]", rep);
        }
    }
    ds->last_other = h->n_steps - 1;
}

/* ==== the reader: the hand ======================================================= */

static int64_t amount_field(reader *r, int f, uint8_t stage) {
    return chips(r, value_of(r, f), FIELD_NAMES[f], line_of(r, f), stage);
}

static void name_field(reader *r, int f, stud_hh_span *out) {
    if (r->doc->field[f] < 0) return;
    uint32_t v = value_of(r, f);
    const stud_phh_token *t = &r->doc->tokens[v];
    if (t->kind == STUD_PHH_STRING || t->kind == STUD_PHH_INTEGER) {
        out->start = t->start;
        out->len = t->len;
        return;
    }
    char w[120];
    what(r, v, w, sizeof w);
    fail(r, line_of(r, f), STUD_PHH_STAGE_LATE, "%s must be a string or an integer, not %s",
         FIELD_NAMES[f], w);
}

/* The field a key of n bytes at s names, or -1: the one name of its length
 * and first byte (the names differ in one or the other), compared. */
static int field_of(const char *s, size_t n) {
    int f;
    switch (n) {
    case 4: f = STUD_PHH_F_HAND; break;
    case 5:
        f = s[0] == 'a' ? STUD_PHH_F_ANTES : s[0] == 's' ? STUD_PHH_F_SEATS
            : s[0] == 't' ? STUD_PHH_F_TABLE : STUD_PHH_F_RAKE;
        break;
    case 6: f = STUD_PHH_F_RULES; break;
    case 7:
        f = s[0] == 'v' ? STUD_PHH_F_VARIANT : s[0] == 'b' ? STUD_PHH_F_BIG_BET
            : s[0] == 'a' ? STUD_PHH_F_ACTIONS : STUD_PHH_F_PLAYERS;
        break;
    case 8:
        f = s[0] == 'b' ? STUD_PHH_F_BRING_IN : s[0] == 'w' ? STUD_PHH_F_WINNINGS
            : STUD_PHH_F_CURRENCY;
        break;
    case 9: f = STUD_PHH_F_SMALL_BET; break;
    case 15: f = STUD_PHH_F_STARTING_STACKS; break;
    case 16: f = STUD_PHH_F_FINISHING_STACKS; break;
    case 19: f = STUD_PHH_F_BLINDS; break;
    case 20: f = STUD_PHH_F_TRIMMING; break;
    default: return -1;
    }
    return FIELD_LENS[f] == n && stud_same_bytes(s, FIELD_NAMES[f], n) ? f : -1;
}

int stud_phh_fields_found(void) {
    for (int f = 0; f < STUD_PHH_N_FIELDS; f++)
        if (FIELD_LENS[f] != strlen(FIELD_NAMES[f]) || field_of(FIELD_NAMES[f], FIELD_LENS[f]) != f)
            return 0;
    return 1;
}

static void interpret(reader *r, uint32_t first_line) {
    int64_t values[STUD_PHH_MAX_PLAYERS];
    stud_phh_doc *d = r->doc;
    stud_hh_hand *h = &d->hand;
    const uint8_t E = STUD_PHH_STAGE_EARLY, L = STUD_PHH_STAGE_LATE;
    char w[160];
    /* (the fields read at the top level: claim_top found them) */
    static const int REQUIRED[] = {STUD_PHH_F_VARIANT, STUD_PHH_F_ANTES, STUD_PHH_F_BRING_IN,
                                   STUD_PHH_F_SMALL_BET, STUD_PHH_F_BIG_BET,
                                   STUD_PHH_F_STARTING_STACKS, STUD_PHH_F_ACTIONS};
    for (size_t k = 0; k < sizeof REQUIRED / sizeof *REQUIRED; k++)
        if (d->field[REQUIRED[k]] < 0)
            fail(r, first_line, E, "the required field '%s' is missing (is the hand cut short?)",
                 FIELD_NAMES[REQUIRED[k]]);
    /* variant */
    {
        uint32_t v = value_of(r, STUD_PHH_F_VARIANT);
        const stud_phh_token *t = &d->tokens[v];
        int variant = -1;
        if (t->kind == STUD_PHH_STRING)
            for (size_t k = 0; k < sizeof VARIANTS / sizeof *VARIANTS; k++)
                if (span_is(r, t, VARIANTS[k].code)) variant = VARIANTS[k].variant;
        if (variant < 0) {
            char b[200];
            text o = {b, sizeof b, 0, 0, 0};
            b[0] = '\0';
            repr_value(r, &o, v, 1);
            fail(r, line_of(r, STUD_PHH_F_VARIANT), E,
                 "variant %s is not a stud game read here: one of F7S, F7S/8, FR, F5S, F5S/8, "
                 "F2R, F7S/R (F5S, F5S/8, F2R, F7S/R: this package's extension)", b);
        }
        h->variant = variant;
    }
    /* currency */
    if (d->field[STUD_PHH_F_CURRENCY] >= 0) {
        uint32_t v = value_of(r, STUD_PHH_F_CURRENCY);
        if (d->tokens[v].kind != STUD_PHH_STRING) {
            what(r, v, w, sizeof w);
            fail(r, line_of(r, STUD_PHH_F_CURRENCY), E, "currency must be a string, not %s", w);
        }
        h->currency.start = d->tokens[v].start;
        h->currency.len = d->tokens[v].len;
        h->cents = 1;
        r->money = 1;
    }
    int n = amounts(r, STUD_PHH_F_STARTING_STACKS, -1, d->stacks, STUD_PHH_MAX_PLAYERS, E);
    d->n_players = n;
    int64_t antes[STUD_PHH_MAX_PLAYERS];
    amounts(r, STUD_PHH_F_ANTES, n, antes, STUD_PHH_MAX_PLAYERS, E);
    for (int i = 1; i < n; i++)
        if (antes[i] != antes[0]) {
            char b[200];
            size_t o = 0;
            b[o++] = '[';
            for (int k = 0; k < n && o + 24 < sizeof b; k++)
                o += (size_t)snprintf(b + o, sizeof b - o, k ? ", %lld" : "%lld",
                                      (long long)antes[k]);
            snprintf(b + o, sizeof b - o, "]");
            fail(r, line_of(r, STUD_PHH_F_ANTES), E,
                 "unequal antes %s: stud has one ante for every player", b);
        }
    d->ante = n ? antes[0] : 0;
    /* the stakes (after the caller's check of _rules) */
    d->small_bet = amount_field(r, STUD_PHH_F_SMALL_BET, STUD_PHH_STAGE_STAKES);
    d->big_bet = amount_field(r, STUD_PHH_F_BIG_BET, STUD_PHH_STAGE_STAKES);
    d->bring_in = amount_field(r, STUD_PHH_F_BRING_IN, STUD_PHH_STAGE_STAKES);
    /* the rest (after the caller's checks of the rules and the stacks) */
    if (d->field[STUD_PHH_F_BLINDS] >= 0) {
        uint32_t v = value_of(r, STUD_PHH_F_BLINDS);
        const stud_phh_token *t = &d->tokens[v];
        int ok = t->kind == STUD_PHH_ARRAY;
        for (uint32_t e = v + 1; ok && e < t->end; e = d->tokens[e].end) {
            const stud_phh_token *x = &d->tokens[e];
            number num;
            if (x->kind == STUD_PHH_BOOL) ok = !x->flag;
            else if (x->kind == STUD_PHH_INTEGER || x->kind == STUD_PHH_FLOAT) {
                parse_number(r->buf + x->start, x->len, &num);
                ok = num.special == 0 && num.n == 0;
                if (num.special == 3) {
                    ok = 1;
                    for (size_t j = 2; j < x->len; j++) ok &= r->buf[x->start + j] == '0' ||
                                                        r->buf[x->start + j] == '_';
                }
            } else ok = 0;
        }
        if (!ok) fail(r, line_of(r, STUD_PHH_F_BLINDS), L,
                      "stud has a bring-in, not blinds or straddles");
    }
    d->trimming = 1;
    if (d->field[STUD_PHH_F_TRIMMING] >= 0) {
        uint32_t v = value_of(r, STUD_PHH_F_TRIMMING);
        if (d->tokens[v].kind != STUD_PHH_BOOL) {
            char b[200];
            text o = {b, sizeof b, 0, 0, 0};
            b[0] = '\0';
            repr_value(r, &o, v, 1);
            fail(r, line_of(r, STUD_PHH_F_TRIMMING), L,
                 "ante_trimming_status must be true or false, not %s", b);
        }
        d->trimming = d->tokens[v].flag;
    }
    {
        array_of(r, STUD_PHH_F_ACTIONS, -1, "strings", L);
        uint32_t v = value_of(r, STUD_PHH_F_ACTIONS);
        const stud_phh_token *t = &d->tokens[v];
        deal_state ds;
        memset(&ds, 0, sizeof ds);
        ds.n = n;
        int seven = h->variant != 3 && h->variant != 4;
        ds.first = seven ? 3 : 2;
        ds.most = seven ? 7 : 5;
        ds.last_other = -1;
        for (int s = 0; s < STUD_HH_MAX_SEATS; s++) ds.opened[s] = ds.showed[s] = -1;
        for (uint32_t e = v + 1; e < t->end; e = d->tokens[e].end) action(r, &ds, e);
    }
    /* players, seats */
    if (d->field[STUD_PHH_F_PLAYERS] >= 0)
        array_of(r, STUD_PHH_F_PLAYERS, STUD_PHH_STRING, "strings", L);
    if (d->field[STUD_PHH_F_SEATS] >= 0)
        array_of(r, STUD_PHH_F_SEATS, STUD_PHH_INTEGER, "integers", L);
    static const int LISTED[] = {STUD_PHH_F_PLAYERS, STUD_PHH_F_SEATS};
    for (int k = 0; k < 2; k++) {
        int f = LISTED[k];
        if (d->field[f] < 0) continue;
        uint32_t count = d->tokens[value_of(r, f)].count;
        if ((int)count != n)
            fail(r, line_of(r, f), L, "%s has %u entries for %d players", FIELD_NAMES[f], count,
                 n);
    }
    if (n > STUD_HH_MAX_SEATS || n < 0)
        fail(r, first_line, L, "a hand has 2 to 8 players, not %d", n);
    h->n_seats = n;
    for (int i = 0; i < n; i++) h->stacks[i] = d->stacks[i] > INT32_MAX ? INT32_MAX
                                                                       : (int32_t)d->stacks[i];
    h->ante = (int32_t)(d->ante > INT32_MAX ? INT32_MAX : d->ante);
    h->small_bet = (int32_t)(d->small_bet > INT32_MAX ? INT32_MAX : d->small_bet);
    h->big_bet = (int32_t)(d->big_bet > INT32_MAX ? INT32_MAX : d->big_bet);
    h->bring_in = (int32_t)(d->bring_in > INT32_MAX ? INT32_MAX : d->bring_in);
    if (d->field[STUD_PHH_F_PLAYERS] >= 0) {
        h->has_players = 1;
        uint32_t v = value_of(r, STUD_PHH_F_PLAYERS), e = v + 1;
        for (int i = 0; i < n; i++, e = d->tokens[e].end) {
            h->players[i].start = d->tokens[e].start;
            h->players[i].len = d->tokens[e].len;
        }
    }
    if (d->field[STUD_PHH_F_SEATS] >= 0) {
        /* kept as the tokens say (the caller reads them, any size) */
        h->has_seat_numbers = 1;
        uint32_t v = value_of(r, STUD_PHH_F_SEATS), e = v + 1;
        for (int i = 0; i < n; i++, e = d->tokens[e].end) {
            const stud_phh_token *x = &d->tokens[e];
            long val = 0;
            int neg = 0;
            for (uint32_t j = 0; j < x->len; j++) {
                char c = r->buf[x->start + j];
                if (c == '-') neg = 1;
                if (is_digit(c) && val < 1000) val = val * 10 + (c - '0');
            }
            h->seat_numbers[i] = (uint8_t)(neg || val > 255 ? 0 : val);
        }
    }
    h->rake = 0;
    if (d->field[STUD_PHH_F_RAKE] >= 0) {
        int64_t rake = amount_field(r, STUD_PHH_F_RAKE, L);
        if (rake >= (int64_t)1 << 31) {
            char b[40];
            snprintf(b, sizeof b, "%lld", (long long)rake);
            fail(r, line_of(r, STUD_PHH_F_RAKE), L,
                 "_rake is %s: the engine takes a rake of 0 to 2**31 - 1 chips", b);
        }
        h->rake = (int32_t)rake;
    }
    /* the record's tuple order: hand, table, winnings, _rake, finishing_stacks */
    name_field(r, STUD_PHH_F_HAND, &h->hand_id);
    name_field(r, STUD_PHH_F_TABLE, &h->table);
    if (d->field[STUD_PHH_F_WINNINGS] >= 0) {
        amounts(r, STUD_PHH_F_WINNINGS, n, values, STUD_PHH_MAX_PLAYERS, L);
        for (int i = 0; i < n; i++) h->collected[i] = values[i] > INT32_MAX ? INT32_MAX
                                                                          : (int32_t)values[i];
        h->has_collected = 1;
    }
    if (d->field[STUD_PHH_F_FINISHING_STACKS] >= 0) {
        amounts(r, STUD_PHH_F_FINISHING_STACKS, n, values, STUD_PHH_MAX_PLAYERS, L);
        for (int i = 0; i < n; i++) h->finishing[i] = values[i] > INT32_MAX ? INT32_MAX
                                                                          : (int32_t)values[i];
        h->has_finishing = 1;
    }
}

int stud_phh_read(char *buf, size_t len, uint32_t first_line, int collection,
                  stud_phh_doc *doc, stud_hh_error *err) {
    reader r;
    memset(&doc->hand, 0, offsetof(stud_hh_hand, steps));  /* the steps are written as read */
    doc->hand.n_steps = 0;
    doc->hand.bring_in = STUD_HH_NONE;
    doc->hand.first_line = first_line;
    doc->n_tokens = doc->top = 0;
    doc->last_datetime = 0;
    doc->n_players = 0;
    doc->stage = STUD_PHH_STAGE_SYNTAX;
    doc->trimming = 1;
    for (int f = 0; f < STUD_PHH_N_FIELDS; f++) doc->field[f] = -1;
    err->line = first_line;
    err->message[0] = '\0';
    if (len > UINT32_MAX - 1) {
        snprintf(err->message, sizeof err->message, "the hand is too long");
        return STUD_HH_ERROR;
    }
    if (++doc->generation == 0) {  /* (once in 2**32 hands) */
        memset(doc->slots, 0, 3 * (size_t)STUD_PHH_HASH_SLOTS * sizeof *doc->slots);
        doc->generation = 1;
    }
    r.buf = buf;
    r.len = len;
    r.pos = 0;
    r.line = first_line;
    r.doc = doc;
    r.err = err;
    r.money = 0;
    r.index = -1;
    r.key_mask = key_mask_for(len);
    r.seen = 0;
    if (setjmp(r.fail)) {
        if (doc->stage == STUD_PHH_STAGE_SYNTAX)  /* (nothing was read: no field either) */
            for (int f = 0; f < STUD_PHH_N_FIELDS; f++) doc->field[f] = -1;
        return STUD_HH_ERROR;
    }
    tokenize(&r, collection);
    interpret(&r, first_line);
    return STUD_HH_READ;
}
