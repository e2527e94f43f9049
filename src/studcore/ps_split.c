/* ps_split.c: which bytes the fast path may read (stud_ps_clean) and the
 * split of a file into hands, as the Python reader's _read splits it
 * (python/stud/histories/pokerstars.py). */
#include "ps_history.h"

#include <string.h>

#include "portable.h"
#include "ps_text.h"

/* A code point the Python reader's str methods and patterns treat as a
 * plain character: not a space (str.strip, \s), not a digit (\d), not a
 * letter that matches an ASCII one when case is ignored (the K of Kelvin,
 * long s, dotted and dotless i), not a line end (str.splitlines). */
static int plain_code_point(uint32_t c)
{
    if (c >= 0x20 && c <= 0x7E)
        return 1;
    if (c >= 0xA1 && c <= 0x2FF)
        return c != 0x130 && c != 0x131 && c != 0x17F;
    return (c >= 0x370 && c <= 0x52F) || c == 0x20AC || (c >= 0x3040 && c <= 0x30FF) ||
           (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xAC00 && c <= 0xD7A3);
}

/* byte classes of stud_ps_clean */
enum { PLAIN = 0, LINE_END = 1, LEAD2 = 2, LEAD3 = 3, BAD = 4 };

static unsigned char byte_class(unsigned b)
{
    if (b == '\n' || b == '\r')
        return LINE_END;
    if (b < 0x80)
        return plain_code_point(b) ? PLAIN : BAD;
    if (b >= 0xC2 && b <= 0xDF)
        return LEAD2;
    if (b >= 0xE0 && b <= 0xEF)
        return LEAD3;
    return BAD; /* (continuation bytes out of place, 4-byte sequences) */
}

/* 1 when one of the 8 bytes of w is below 0x20 or above 0x7E (not printable
 * ASCII): the classic "has less" and "has more" word tests, exact for "any". */
static inline int word_not_plain(uint64_t w)
{
    const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
    uint64_t below = (w - ones * 0x20) & ~w & highs;
    uint64_t above = ((w + ones * (127 - 0x7E)) | w) & highs;
    return (below | above) != 0;
}

/* The high bit of each byte of w that is '\n', byte by byte (no carry
 * crosses a byte: (t & 0x7F) + 0x7F is at most 0xFE). */
static inline uint64_t word_newlines(uint64_t w)
{
    const uint64_t lows = 0x7F7F7F7F7F7F7F7Fu;
    uint64_t t = w ^ 0x0A0A0A0A0A0A0A0Au;
    return ~(((t & lows) + lows) | t) & ~lows;
}

/* The line that ends at `end` (a line end or the end of the text) has at
 * most STUD_PS_MAX_LINE bytes; it starts at `from` or after. */
static int line_fits(const unsigned char *p, size_t from, size_t end)
{
    size_t start = end;
    while (start > from && p[start - 1] != '\n' && p[start - 1] != '\r')
        start--;
    return end - start <= STUD_PS_MAX_LINE;
}

int stud_ps_clean(const char *buf, size_t len)
{
    const unsigned char *p = (const unsigned char *)buf;
    /* line_start: where the line under way starts, or up to 32 bytes
     * before (a word that ends a line sets it to the word's start;
     * line_fits finds the exact start when the length is near the limit) */
    size_t i = 0, line_start = 0;
    int found = 0; /* STUD_PS_CLEAN_CR, STUD_PS_CLEAN_CRCRLF */
    while (i < len) {
#if STUD_HAVE_BYTES16
        /* printable ASCII and \n, 64 bytes at a time: the common case, one
         * test of all 64, the lines' lengths bounded by where the last
         * block holding a \n began (a line that may be near the limit goes
         * to the loops below, which find its length exactly) */
        while (i + 64 <= len && i + 64 - line_start <= STUD_PS_MAX_LINE) {
            stud_bytes16 a = stud_bytes16_load(p + i), b = stud_bytes16_load(p + i + 16);
            stud_bytes16 c = stud_bytes16_load(p + i + 32), d = stud_bytes16_load(p + i + 48);
            stud_bytes16 na = stud_bytes16_is(a, '\n'), nb = stud_bytes16_is(b, '\n');
            stud_bytes16 nc = stud_bytes16_is(c, '\n'), nd = stud_bytes16_is(d, '\n');
            stud_bytes16 ok = stud_bytes16_and(
                stud_bytes16_and(stud_bytes16_or(stud_bytes16_in(a, 0x20, 0x7E), na),
                                 stud_bytes16_or(stud_bytes16_in(b, 0x20, 0x7E), nb)),
                stud_bytes16_and(stud_bytes16_or(stud_bytes16_in(c, 0x20, 0x7E), nc),
                                 stud_bytes16_or(stud_bytes16_in(d, 0x20, 0x7E), nd)));
            if (stud_bytes16_bits(ok) != 0xFFFFu)
                break;
            if (stud_bytes16_bits(stud_bytes16_or(stud_bytes16_or(na, nb), stud_bytes16_or(nc, nd))))
                line_start = i; /* (the next line starts in these bytes) */
            i += 64;
        }
        /* printable ASCII and \n, 32 bytes at a time */
        while (i + 32 <= len) {
            stud_bytes16 a = stud_bytes16_load(p + i), b = stud_bytes16_load(p + i + 16);
            unsigned nl = stud_bytes16_eq(a, '\n') | stud_bytes16_eq(b, '\n') << 16;
            unsigned other = stud_bytes16_outside(a, 0x20, 0x7E) |
                             stud_bytes16_outside(b, 0x20, 0x7E) << 16;
            if (other & ~nl)
                break;
            if (nl) {
                /* a line ends here, at i + 31 or before: near the limit,
                 * where exactly */
                if (i + 31 - line_start > STUD_PS_MAX_LINE &&
                    !line_fits(p, line_start, i + (size_t)stud_ctz64(nl)))
                    return 0;
                line_start = i; /* (the next line starts in these bytes) */
            }
            i += 32;
        }
#endif
        /* printable ASCII and \n, 8 bytes at a time (a \n is made a '*'
         * for the test) */
        while (i + 8 <= len) {
            uint64_t w;
            memcpy(&w, p + i, 8);
            if (!word_not_plain(w)) {
                i += 8;
                continue;
            }
            uint64_t nl = word_newlines(w);
            if (!nl || word_not_plain(w | nl >> 2))
                break;
            /* the line ends in this word, at i + 7 or before: near the
             * limit, where exactly */
            if (i + 7 - line_start > STUD_PS_MAX_LINE) {
                size_t end = i;
                while (p[end] != '\n')
                    end++;
                if (!line_fits(p, line_start, end))
                    return 0;
            }
            line_start = i; /* (the next line starts in this word) */
            i += 8;
        }
        while (i < len && p[i] >= 0x20 && p[i] <= 0x7E)
            i++;
        if (i >= len)
            break;
        unsigned kind = byte_class(p[i]);
        if (kind == LINE_END) {
            if (i - line_start > STUD_PS_MAX_LINE && !line_fits(p, line_start, i))
                return 0;
            if (p[i] == '\r') { /* (a \r is never in the word loops' bytes) */
                found |= STUD_PS_CLEAN_CR;
                if (len - i >= 3 && p[i + 1] == '\r' && p[i + 2] == '\n')
                    found |= STUD_PS_CLEAN_CRCRLF;
            }
            i++;
            line_start = i;
            continue;
        }
        if (kind == BAD)
            return 0;
        size_t n = kind == LEAD2 ? 2 : 3;
        uint32_t c = p[i] & (n == 2 ? 0x1F : 0x0F);
        if (len - i < n)
            return 0;
        for (size_t k = 1; k < n; k++) {
            if ((p[i + k] & 0xC0) != 0x80)
                return 0;
            c = c << 6 | (p[i + k] & 0x3F);
        }
        if ((n == 3 && c < 0x800) || (c >= 0xD800 && c <= 0xDFFF) || !plain_code_point(c))
            return 0;
        i += n;
    }
    if (len - line_start > STUD_PS_MAX_LINE && !line_fits(p, line_start, len))
        return 0;
    return STUD_PS_CLEAN | found;
}

size_t stud_ps_count_lines(const char *buf, size_t len)
{
    size_t count = 0, from = 0;
#if STUD_HAVE_BYTES16
    count = stud_bytes16_count(buf, len, '\n');
    from = len - len % 16;
#endif
    for (const char *p = buf + from, *end = buf + len;
         (p = (const char *)memchr(p, '\n', (size_t)(end - p))) != NULL; p++)
        count++;
    for (const char *p = buf, *end = buf + len;
         (p = (const char *)memchr(p, '\r', (size_t)(end - p))) != NULL; p++)
        count += p + 1 == end || p[1] != '\n'; /* (\r\n is one line end) */
    return count;
}

/* ---- the header -------------------------------------------------------------------- */

/* Case-insensitive prefix (ASCII: clean text has no other letter that folds
 * to an ASCII one). */
static int iprefix(const char *s, size_t len, const char *lit)
{
    size_t n = strlen(lit);
    if (len < n)
        return 0;
    for (size_t i = 0; i < n; i++) {
        char a = s[i], b = lit[i];
        if (a >= 'A' && a <= 'Z')
            a = (char)(a - 'A' + 'a');
        if (a != b)
            return 0;
    }
    return 1;
}

/* "(?:Hand|Game) #\d+:" at s: the length up to the colon's end, or 0. */
static size_t header_tail(const char *s, size_t len, size_t *id_start, size_t *id_end)
{
    if (!iprefix(s, len, "hand #") && !iprefix(s, len, "game #"))
        return 0;
    size_t i = 6, digits = i;
    while (i < len && s[i] >= '0' && s[i] <= '9')
        i++;
    if (i == digits || i >= len || s[i] != ':')
        return 0;
    *id_start = digits;
    *id_end = i;
    return i + 1;
}

/* The header as _HEADER matches it: the offset after its colon (0: none). */
static size_t header_match(const char *line, size_t len, size_t *id_start, size_t *id_end)
{
    if (!iprefix(line, len, "pokerstars "))
        return 0;
    size_t at = 11, tail;
    static const char *const optional[] = {"zoom ", "home game "};
    for (int k = 0; k < 2; k++) {
        size_t n = strlen(optional[k]);
        if (iprefix(line + at, len - at, optional[k])) {
            tail = header_tail(line + at + n, len - at - n, id_start, id_end);
            if (tail) {
                *id_start += at + n;
                *id_end += at + n;
                return at + n + tail;
            }
        }
    }
    tail = header_tail(line + at, len - at, id_start, id_end);
    if (!tail)
        return 0;
    *id_start += at;
    *id_end += at;
    return at + tail;
}

int stud_ps_is_header(const char *line, size_t len)
{
    size_t a, b;
    return header_match(line, len, &a, &b) != 0;
}

/* The game text of a header's rest: before the date (_DATE: spaces, "-",
 * spaces, then a date "dddd/d/d"), stripped. */
static void header_desc(const char *s, size_t len, size_t *start, size_t *end)
{
    size_t i = 0;
    while (i < len && s[i] == ' ')
        i++;
    *start = i;
    size_t cut = len;
    for (size_t p = i; p < len && cut == len; p++) {
        if (s[p] != ' ')
            continue;
        size_t q = p;
        while (q < len && s[q] == ' ')
            q++;
        if (q >= len || s[q] != '-')
            continue;
        size_t r = q + 1, spaces = r;
        while (r < len && s[r] == ' ')
            r++;
        if (r == spaces)
            continue;
        /* \d{4}/\d{1,2}/\d{1,2} */
        size_t k = r, n = 0;
        while (n < 4 && k < len && ps_digit(s[k])) {
            k++;
            n++;
        }
        if (n != 4 || k >= len || s[k] != '/')
            continue;
        k++;
        n = 0;
        while (n < 2 && k < len && ps_digit(s[k])) {
            k++;
            n++;
        }
        if (n == 0 || k >= len || s[k] != '/')
            continue;
        if (k + 1 < len && ps_digit(s[k + 1]))
            cut = p;
    }
    while (cut > i && s[cut - 1] == ' ')
        cut--;
    *end = cut;
}

/* ---- lines and hands ------------------------------------------------------------------- */

void stud_ps_scanner_init(stud_ps_scanner *s, const char *buf, size_t len, long first_line,
                          int cr)
{
    s->buf = buf;
    s->len = len;
    s->pos = 0;
    s->line = first_line;
    s->outside = 0;
    s->cr = cr >= 0 ? cr != 0 : len && memchr(buf, '\r', len) != NULL;
    s->kept.buf = NULL;
    s->kept.n = 0;
}

/* A line of the hand kept for the reader (the first STUD_PS_KEPT_LINES) */
static inline void keep_line(stud_ps_kept_lines *kept, int *n_kept, const ps_line *line,
                             long number)
{
    if (*n_kept < STUD_PS_KEPT_LINES) {
        kept->line[*n_kept].start = (uint32_t)line->start;
        kept->line[*n_kept].end = (uint32_t)line->end;
        kept->line[*n_kept].number = (uint32_t)number;
        ++*n_kept;
    }
}

void stud_ps_scan(stud_ps_scanner *s, stud_ps_item *item)
{
    memset(item, 0, sizeof *item);
    ps_line line;
    int in_hand = 0, summary = 0;
    stud_ps_kept_lines *kept = &s->kept;
    /* (the scanner's state in locals, stored back on the way out) */
    const char *buf = s->buf;
    const size_t len = s->len;
    const int cr = s->cr;
    size_t pos = s->pos;
    long number = s->line;
    long n_lines = 0;
    int n_kept = 0;
    size_t hand_end = 0; /* (item->end, stored on the way out) */
    while (pos < len) {
        size_t next = ps_next_line_cr(buf, len, pos, &line, cr);
        const char *text = buf + line.start;
        size_t n = line.end - line.start;
        if (in_hand && n && text[0] != 'P' && text[0] != 'p') { /* (most lines: no header) */
            if (n_lines < STUD_PS_MAX_HAND_LINES && !summary && text[0] == '*')
                summary = ps_prefix(text, n, "*** SUMMARY ***");
            keep_line(kept, &n_kept, &line, number);
            n_lines++;
            hand_end = line.end;
            pos = next;
            number++;
            continue;
        }
        size_t id_start, id_end;
        size_t after = (n && (text[0] == 'P' || text[0] == 'p'))
                           ? header_match(text, n, &id_start, &id_end) : 0;
        if (after) {
            if (in_hand) {
                item->ended = 1;
                break; /* (this header begins the next hand) */
            }
            in_hand = 1;
            s->outside = 0;
            item->kind = STUD_PS_HAND;
            item->start = line.start;
            hand_end = line.end;
            item->first_line = number;
            item->id_start = line.start + id_start;
            item->id_end = line.start + id_end;
            size_t ds, de;
            header_desc(text + after, n - after, &ds, &de);
            item->desc_start = line.start + after + ds;
            item->desc_end = line.start + after + de;
            n_lines = 1;
            /* (positions kept as 32 bits: the reader reads no hand past 4 GB) */
            kept->buf = len < UINT32_MAX ? buf : NULL;
            kept->start = line.start;
            n_kept = 0;
            item->kept = kept;
        } else if (!in_hand) {
            if (n && !s->outside) {
                s->outside = 1;
                item->kind = STUD_PS_OUTSIDE;
                item->start = line.start;
                item->end = line.end;
                item->first_line = number;
                pos = next;
                number++;
                break;
            }
        } else if (n) { /* (a line of the hand that starts as a header does) */
            keep_line(kept, &n_kept, &line, number);
            n_lines++;
            hand_end = line.end;
        } else if (summary) { /* (a blank line after the summary ends the hand) */
            item->ended = 1;
            pos = next;
            number++;
            break;
        }
        pos = next;
        number++;
    }
    s->pos = pos;
    s->line = number;
    if (in_hand) {
        item->end = hand_end;
        item->n_lines = n_lines;
        kept->n = n_kept;
        kept->end = hand_end;
    }
}

size_t stud_ps_last_header(const char *buf, size_t len)
{
    size_t pos = len;
    while (pos > 0 && buf[pos - 1] != '\n' && buf[pos - 1] != '\r')
        pos--;
    while (pos > 0) {
        size_t stop = pos - 1; /* the line break of the line before pos */
        if (buf[stop] == '\n' && stop > 0 && buf[stop - 1] == '\r')
            stop--;
        size_t start = stop;
        while (start > 0 && buf[start - 1] != '\n' && buf[start - 1] != '\r')
            start--;
        size_t first = start;
        while (first < stop && buf[first] == ' ')
            first++;
        if (start > 0 && stop - start <= STUD_PS_MAX_LINE &&
            stud_ps_is_header(buf + first, stop - first))
            return start;
        pos = start;
    }
    return 0;
}
