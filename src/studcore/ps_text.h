/* ps_text.h: small text helpers of the PokerStars reader (ps_split.c,
 * ps_read.c): lines, prefixes, searches over (pointer, length) text. */
#ifndef STUD_PS_TEXT_H
#define STUD_PS_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "portable.h"

typedef struct {
    size_t start, end; /* the line stripped of its spaces, without its end */
} ps_line;

static inline int ps_digit(char c) { return c >= '0' && c <= '9'; }

/* ASCII whitespace, as \s and str.split() see it: ' ', \t to \r, \x1c to \x1f */
static inline int ps_space(char c)
{
    const uint64_t spaces = (uint64_t)1 << ' ' | (uint64_t)0x1F << '\t' | (uint64_t)0xF << 0x1C;
    unsigned b = (unsigned char)c;
    return b <= ' ' && (spaces >> b & 1);
}

/* The line at pos (ended by \n, \r\n, \r or the end of the text), stripped
 * of spaces; returns where the next line starts.  `cr`: 0 when the text
 * holds no \r (then one memchr finds the line's end). */
static inline size_t ps_next_line_cr(const char *buf, size_t len, size_t pos, ps_line *line, int cr)
{
    /* the first \n (16 bytes at a time when it is near, as it is in a
     * line: memchr's call costs more), then any \r before it */
    size_t i = pos;
#if STUD_HAVE_BYTES16
    for (;; i += 16) {
        if (len - i < 16) {
            const char *nl = (const char *)memchr(buf + i, '\n', len - i);
            i = nl ? (size_t)(nl - buf) : len;
            break;
        }
        unsigned found = stud_bytes16_eq(stud_bytes16_load(buf + i), '\n');
        if (found) {
            i += (size_t)stud_ctz64(found);
            break;
        }
    }
#else
    const char *nl = (const char *)memchr(buf + pos, '\n', len - pos);
    i = nl ? (size_t)(nl - buf) : len;
#endif
    const char *at = cr ? (const char *)memchr(buf + pos, '\r', i - pos) : NULL;
    if (at)
        i = (size_t)(at - buf);
    size_t end = i, start = pos;
    if (i < len) {
        i += (buf[i] == '\r' && i + 1 < len && buf[i + 1] == '\n') ? 2 : 1;
    }
    while (start < end && buf[start] == ' ')
        start++;
    while (end > start && buf[end - 1] == ' ')
        end--;
    line->start = start;
    line->end = end;
    return i;
}

static inline size_t ps_next_line(const char *buf, size_t len, size_t pos, ps_line *line)
{
    return ps_next_line_cr(buf, len, pos, line, 1);
}

static inline int ps_prefix(const char *s, size_t len, const char *lit)
{
    size_t n = strlen(lit);
    return len >= n && memcmp(s, lit, n) == 0;
}

static inline int ps_equal(const char *s, size_t len, const char *lit)
{
    return strlen(lit) == len && memcmp(s, lit, len) == 0;
}

static inline int ps_suffix(const char *s, size_t len, const char *lit)
{
    size_t n = strlen(lit);
    return len >= n && memcmp(s + len - n, lit, n) == 0;
}

/* s equals the `len` bytes of `lit` (lower case) with its ASCII letters in
 * any case */
static inline int ps_iequal(const char *s, size_t len, const char *lit)
{
    for (size_t i = 0; i < len; i++) {
        char a = s[i];
        if (a >= 'A' && a <= 'Z')
            a = (char)(a - 'A' + 'a');
        if (a != lit[i])
            return 0;
    }
    return 1;
}

/* The first index >= from of the n bytes of `lit` in s, or -1; memchr
 * looks for lit[k] (a byte the text holds few of). */
static inline long ps_find_by(const char *s, size_t len, size_t from, const char *lit, size_t n,
                              size_t k)
{
    size_t i = from; /* a candidate start: lit[k] is looked for at i + k onwards */
    while (i <= len && len - i >= n) {
        const char *at = (const char *)memchr(s + i + k, lit[k], len - n + 1 - i);
        if (!at)
            return -1;
        i = (size_t)(at - s) - k;
        if (memcmp(s + i, lit, n) == 0)
            return (long)i;
        i++;
    }
    return -1;
}

/* The first index >= from of `lit` in s, or -1.  memchr looks for the
 * literal's first byte that is not a space (a space is every few bytes of
 * a line, the others are not). */
static inline long ps_find(const char *s, size_t len, size_t from, const char *lit)
{
    size_t n = strlen(lit);
    if (n == 0 || from > len || len - from < n)
        return n == 0 && from <= len ? (long)from : -1;
    size_t k = 0;
    while (k + 1 < n && lit[k] == ' ')
        k++;
    return ps_find_by(s, len, from, lit, n, k);
}

/* The last index of `lit` starting before `before` (and fitting in s), or -1. */
static inline long ps_rfind(const char *s, size_t len, size_t before, const char *lit)
{
    size_t n = strlen(lit);
    if (n > len)
        return -1;
    size_t i = len - n + 1;
    if (i > before)
        i = before;
    while (i-- > 0)
        if (s[i] == lit[0] && memcmp(s + i, lit, n) == 0)
            return (long)i;
    return -1;
}

/* 1 when the n bytes at s hold c (a byte loop below 16 bytes: the spans
 * asked about are mostly a card or two, shorter than memchr's call) */
static inline int ps_has(const char *s, size_t n, char c)
{
    if (n >= 16)
        return memchr(s, c, n) != NULL;
    for (size_t i = 0; i < n; i++)
        if (s[i] == c)
            return 1;
    return 0;
}

/* The first index of c in s, or -1. */
static inline long ps_char(const char *s, size_t len, size_t from, char c)
{
    if (from >= len)
        return -1;
    const char *at = (const char *)memchr(s + from, c, len - from);
    return at ? (long)(at - s) : -1;
}

#endif
