/* utf8_valid.c: the UTF-8 check of utf8_valid.h. */
#include "utf8_valid.h"

#include <stdint.h>
#include <string.h>

#include "portable.h"

/* The first byte after a run of ASCII bytes from s[i], or n. */
static size_t ascii_run(const unsigned char *s, size_t i, size_t n)
{
#if STUD_HAVE_BYTES16
    /* 64 bytes at a time (one test of their high bits together), then 16 */
    while (i + 64 <= n) {
        stud_bytes16 a = stud_bytes16_or(stud_bytes16_load(s + i), stud_bytes16_load(s + i + 16));
        stud_bytes16 b = stud_bytes16_or(stud_bytes16_load(s + i + 32), stud_bytes16_load(s + i + 48));
        if (stud_bytes16_high(stud_bytes16_or(a, b)))
            break;
        i += 64;
    }
    while (i + 16 <= n) {
        unsigned high = stud_bytes16_high(stud_bytes16_load(s + i));
        if (high)
            return i + (size_t)stud_ctz64(high);
        i += 16;
    }
#endif
    while (i + 8 <= n) {
        uint64_t word;
        memcpy(&word, s + i, 8);
        if (word & 0x8080808080808080u)
            break;
        i += 8;
    }
    while (i < n && s[i] < 0x80)
        i++;
    return i;
}

size_t stud_utf8_valid(const char *text, size_t n, int *bad)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t i = 0;
    *bad = 0;
    for (;;) {
        i = ascii_run(s, i, n);
        if (i >= n)
            return n;
        unsigned lead = s[i];
        size_t need;
        unsigned lo = 0x80, hi = 0xBF; /* the second byte's range */
        if (lead >= 0xC2 && lead <= 0xDF) {
            need = 2;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            need = 3;
            if (lead == 0xE0)
                lo = 0xA0; /* (no overlong form) */
            else if (lead == 0xED)
                hi = 0x9F; /* (no surrogate) */
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            need = 4;
            if (lead == 0xF0)
                lo = 0x90; /* (no overlong form) */
            else if (lead == 0xF4)
                hi = 0x8F; /* (nothing above U+10FFFF) */
        } else {
            *bad = 1; /* (a continuation byte first, C0, C1, F5 to FF) */
            return i;
        }
        for (size_t k = 1; k < need; k++) {
            if (i + k >= n)
                return i; /* (cut by the block's end, well-formed so far) */
            unsigned b = s[i + k];
            if (k == 1 ? (b < lo || b > hi) : (b < 0x80 || b > 0xBF)) {
                *bad = 1;
                return i;
            }
        }
        i += need;
    }
}
