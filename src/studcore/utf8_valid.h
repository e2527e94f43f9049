/* utf8_valid.h: how much of a block of bytes is UTF-8, as Python's strict
 * "utf-8" codec decides it, for the history readers that take a file's
 * bytes as they are when they are UTF-8 (python/stud/histories/io.py,
 * _utf8_blocks) instead of decoding and encoding them again.
 *
 * Well-formed sequences are those of the Unicode standard's table of
 * UTF-8 byte sequences: no overlong form, no surrogate (U+D800 to
 * U+DFFF), nothing above U+10FFFF. */
#ifndef STUD_UTF8_VALID_H
#define STUD_UTF8_VALID_H

#include <stddef.h>

/* The length of the longest prefix of s[0, n) made of whole well-formed
 * characters.  *bad: 1 when the bytes after it begin an ill-formed
 * sequence; 0 when the prefix is all of s, or what follows it is the
 * well-formed beginning of a character cut by the block's end (the next
 * block may complete it). */
size_t stud_utf8_valid(const char *s, size_t n, int *bad);

#endif
