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

#endif
