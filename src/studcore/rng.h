/* rng.h: a small seeded PRNG (xoshiro256**, seeded through splitmix64)
 * and a uniform shuffle of card ids.  The state is four words the caller
 * owns (a hand keeps its own), so there is no global generator. */
#ifndef STUD_RNG_H
#define STUD_RNG_H

#include <stdint.h>

static inline uint64_t stud_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline void stud_rng_seed(uint64_t state[4], uint64_t seed)
{
    for (int k = 0; k < 4; k++)
        state[k] = stud_splitmix64(&seed);
}

static inline uint64_t stud_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t stud_rng_next(uint64_t s[4])
{
    uint64_t result = stud_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = stud_rotl(s[3], 45);
    return result;
}

/* A uniform integer in [0, n) (Lemire's multiply-shift with rejection). */
static inline uint32_t stud_rng_below(uint64_t s[4], uint32_t n)
{
    uint64_t m = (stud_rng_next(s) >> 32) * n;
    if ((uint32_t)m < n) {
        uint32_t threshold = (0u - n) % n; /* 2**32 mod n */
        while ((uint32_t)m < threshold)
            m = (stud_rng_next(s) >> 32) * n;
    }
    return (uint32_t)(m >> 32);
}

/* Fisher-Yates. */
static inline void stud_shuffle(uint64_t s[4], uint8_t *cards, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)stud_rng_below(s, (uint32_t)i + 1);
        uint8_t c = cards[i];
        cards[i] = cards[j];
        cards[j] = c;
    }
}

#endif
