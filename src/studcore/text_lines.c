/* text_lines.c: see text_lines.h. */
#include "text_lines.h"

#include <string.h>

void stud_text_lines_init(stud_text_lines *s, int file_lines, int lf_only, size_t max_line,
                          uint32_t physical)
{
    memset(s, 0, sizeof *s);
    s->file_lines = (uint8_t)(file_lines != 0);
    s->lf_only = (uint8_t)(lf_only != 0);
    s->max_line = max_line;
    s->physical = physical;
}

size_t stud_text_chars(const char *p, size_t n)
{
    size_t c = 0;
    for (size_t i = 0; i < n; i++)
        c += ((unsigned char)p[i] & 0xC0) != 0x80;
    return c;
}

int stud_text_line_next(stud_text_lines *s, const char *block, size_t len, int at_end,
                        size_t *start, size_t *n)
{
    return stud_text_line_next_inline(s, block, len, at_end, start, n);
}
