/* text_lines.h: the lines of a text read a block at a time, as the
 * histories' Python side reads a file's lines (python/stud/histories/io.py,
 * _lines): shared by the PHH splitter (phh_split.c) and the sites' text
 * readers (python/stud/_sitetext.pxi).
 *
 * Lines end at "\n", "\r\n" or "\r" ("\n" alone with lf_only); a "\r" last
 * in a block waits for the next block (it may be the half of a "\r\n").
 * With file_lines, lines are those of a file opened with newline="": a
 * "\r\n" line right after a line ended by a lone "\r" is no line (a "\r\n"
 * written as "\r\r\n") but is numbered, and a line of more than max_line
 * characters with its end (0: no bound) is STUD_TEXT_LONG.  Characters are
 * counted as UTF-8 (the bytes that begin one).  Bytes are given as they
 * are: NUL bytes and a byte order mark are the caller's. */
#ifndef STUD_TEXT_LINES_H
#define STUD_TEXT_LINES_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "portable.h"

enum stud_text_line_result {
    STUD_TEXT_MORE = 0, /* no complete line left in the block: add to it, call again */
    STUD_TEXT_LINE = 1, /* a line: [*start, *start + *n) of the block, its end not included */
    STUD_TEXT_LONG = 2, /* (file_lines) the line numbered physical + 1 is too long */
    STUD_TEXT_END = 3,  /* at_end, and every line given */
};

typedef struct {
    size_t pos;        /* the next line's first byte in the block */
    size_t max_line;   /* (file_lines) characters of a line with its end; 0: no bound */
    uint32_t physical; /* (file_lines) the lines read so far, skipped ones included */
    uint8_t file_lines, lf_only, bare_cr;
    uint8_t nul;       /* the line last given holds a NUL byte */
} stud_text_lines;

void stud_text_lines_init(stud_text_lines *s, int file_lines, int lf_only, size_t max_line,
                          uint32_t physical);
/* The next line of block[s->pos, len); at_end: the block ends the text. */
int stud_text_line_next(stud_text_lines *s, const char *block, size_t len, int at_end,
                        size_t *start, size_t *n);
/* Characters of UTF-8 bytes: the bytes that are not continuations. */
size_t stud_text_chars(const char *p, size_t n);

/* Where the line from pos ends: *content its bytes, *ending those of its
 * end (0 at the text's end), *nul whether its bytes hold a NUL; 0 when the
 * block holds no complete line. */
static inline int stud_text_line_at(const stud_text_lines *s, const char *block, size_t len, int at_end,
                   size_t *content, size_t *ending, int *nul)
{
    const char *p = block + s->pos;
    size_t n = len - s->pos;
#if STUD_HAVE_BYTES16
    /* the first \n (or \r, unless lf_only), 16 bytes at a time, and the
     * NUL bytes before it */
    size_t i = 0;
    unsigned nuls = 0;
    for (; n - i >= 16; i += 16) {
        stud_bytes16 v = stud_bytes16_load(p + i);
        unsigned ends = stud_bytes16_eq(v, '\n') | (s->lf_only ? 0 : stud_bytes16_eq(v, '\r'));
        unsigned zeros = stud_bytes16_eq(v, '\0');
        if (ends) {
            unsigned k = (unsigned)stud_ctz64(ends);
            nuls |= zeros & ((1u << k) - 1);
            i += k;
            break;
        }
        nuls |= zeros;
    }
    if (n - i < 16) /* (the last bytes, one at a time) */
        for (; i < n && p[i] != '\n' && (s->lf_only || p[i] != '\r'); i++)
            nuls |= p[i] == '\0';
    *nul = nuls != 0;
    if (i < n && p[i] == '\r') {
        if (i + 1 == n && !at_end)
            return 0; /* (a "\r\n" cut by the block's end?) */
        *content = i;
        *ending = (i + 1 < n && p[i + 1] == '\n') ? 2 : 1;
        return 1;
    }
    if (i < n) {
        *content = i;
        *ending = 1;
        return 1;
    }
#else
    const char *nl = memchr(p, '\n', n);
    size_t upto = nl ? (size_t)(nl - p) : n;
    const char *cr = s->lf_only ? NULL : memchr(p, '\r', upto);
    if (cr) {
        size_t at = (size_t)(cr - p);
        if (at + 1 == n && !at_end)
            return 0; /* (a "\r\n" cut by the block's end?) */
        *content = at;
        *ending = (at + 1 < n && p[at + 1] == '\n') ? 2 : 1;
        *nul = memchr(p, '\0', at) != NULL;
        return 1;
    }
    *nul = memchr(p, '\0', upto) != NULL;
    if (nl) {
        *content = upto;
        *ending = 1;
        return 1;
    }
#endif
    if (!at_end || n == 0)
        return 0;
    *content = n;
    *ending = 0;
    return 1;
}

/* stud_text_line_next, inline (the PHH splitter's loop). */
static inline int stud_text_line_next_inline(stud_text_lines *s, const char *block, size_t len,
                                             int at_end, size_t *start, size_t *n)
{
    for (;;) {
        size_t content, ending;
        int nul = 0;
        if (s->pos >= len || !stud_text_line_at(s, block, len, at_end, &content, &ending, &nul)) {
            if (!at_end && s->file_lines && s->max_line && len - s->pos > s->max_line &&
                stud_text_chars(block + s->pos, len - s->pos) > s->max_line)
                return STUD_TEXT_LONG;
            return at_end ? STUD_TEXT_END : STUD_TEXT_MORE;
        }
        size_t ls = s->pos;
        s->pos += content + ending;
        if (s->file_lines) {
            if (s->max_line && content + ending > s->max_line &&
                stud_text_chars(block + ls, content) + ending > s->max_line)
                return STUD_TEXT_LONG;
            s->physical++;
            if (s->bare_cr && content == 0 && ending == 2) { /* "\r\r\n": one line end */
                s->bare_cr = 0;
                continue;
            }
            s->bare_cr = ending == 1 && block[ls + content] == '\r' ? 1 : 0;
        }
        *start = ls;
        *n = content;
        s->nul = (uint8_t)nul;
        return STUD_TEXT_LINE;
    }
}

#endif
