/* fuzz_common.h: pieces shared by the libFuzzer targets in fuzz/.
 *
 * Header-only and static inline, so each harness stays one self-contained
 * translation unit (build.sh compiles every fuzz_*.c on its own) and the
 * helpers a harness does not use cost nothing and draw no warning.
 *
 * A harness defines FUZZ_TARGET (its name, a string literal) before
 * including this, so that a failed invariant names the target; without it
 * the file name stands in.
 */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef FUZZ_TARGET
#define FUZZ_TARGET __FILE__
#endif

/* A violated invariant aborts, which libFuzzer reports as a crash and
 * saves the input; assert() would vanish under -DNDEBUG. */
#define REQUIRE(cond)                                                                    \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            fprintf(stderr, FUZZ_TARGET ": invariant failed at line %d: %s\n", __LINE__, \
                    #cond);                                                              \
            abort();                                                                     \
        }                                                                                \
    } while (0)

/* The fuzz input read as a little-endian byte stream.  Once it runs out
 * every read gives zeros, so a short input is still a whole test case. */
typedef struct {
    const uint8_t *p, *end;
} input;

static inline uint8_t u8(input *in)
{
    return in->p < in->end ? *in->p++ : 0;
}

static inline uint16_t u16(input *in)
{
    uint16_t lo = u8(in);
    return (uint16_t)(lo | (uint16_t)u8(in) << 8);
}

static inline uint32_t u32(input *in)
{
    uint32_t lo = u16(in);
    return lo | (uint32_t)u16(in) << 16;
}

static inline uint64_t u64(input *in)
{
    uint64_t x = 0;
    for (int i = 0; i < 8; i++)
        x |= (uint64_t)u8(in) << (8 * i);
    return x;
}

static inline int exhausted(const input *in)
{
    return in->p >= in->end;
}

/* C(n, k), 0 outside 0 <= k <= n.  Multiplying before dividing keeps every
 * step exact (r * (n - k + i) is divisible by i); fine for n <= 52. */
static inline uint64_t choose(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    uint64_t r = 1;
    for (int i = 1; i <= k; i++)
        r = r * (uint64_t)(n - k + i) / (uint64_t)i;
    return r;
}

#endif
