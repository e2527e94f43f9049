/* eval_simd.c: AVX2 kernels for the batch evaluators.
 *
 * The library is built for the baseline x86-64 ISA; these functions carry
 * their own target (STUD_TARGET_AVX2 of portable.h: an attribute with GCC
 * and clang, nothing with MSVC) and eval.c calls them only when the
 * processor reports AVX2.  They compute exactly what the scalar functions of eval.h
 * compute, four hands at a time: the rank-multiset key with the same
 * carry-save adder, the same perfect hash (the 64-bit product built from
 * 32-bit multiplies) and table reads by gathers; the flush lookup is done
 * for every hand (branch-free) and the larger value kept.
 */
#include "eval_simd.h"

#if STUD_HAVE_AVX2_KERNELS

#include <immintrin.h>

#include "eval.h"

#define AVX2 STUD_TARGET_AVX2

AVX2 static inline __m256i rank_key4(__m256i m)
{
    const __m256i field = _mm256_set1_epi64x(STUD_RANK_FIELD);
    __m256i high_half = _mm256_srli_epi64(m, 32);
    __m256i x = _mm256_xor_si256(m, high_half);
    __m256i y = _mm256_and_si256(m, high_half);
    __m256i x0 = _mm256_and_si256(x, field), x1 = _mm256_and_si256(_mm256_srli_epi64(x, 16), field);
    __m256i y0 = _mm256_and_si256(y, field), y1 = _mm256_and_si256(_mm256_srli_epi64(y, 16), field);
    __m256i ones = _mm256_xor_si256(x0, x1);
    __m256i twos = _mm256_xor_si256(_mm256_xor_si256(y0, y1), _mm256_and_si256(x0, x1));
    __m256i fours = _mm256_and_si256(y0, y1);
    return _mm256_or_si256(ones, _mm256_or_si256(_mm256_slli_epi64(twos, 13),
                                                 _mm256_slli_epi64(fours, 26)));
}

/* The hash slots of four masks, as four 32-bit lanes. */
AVX2 static inline __m128i hash_slots4(__m256i m)
{
    const __m256i mul_low = _mm256_set1_epi64x((long long)(stud_hash_mul & 0xFFFFFFFFu));
    const __m256i mul_high = _mm256_set1_epi64x((long long)(stud_hash_mul >> 32));
    __m256i key = rank_key4(m);
    /* key * mul mod 2^64 = kl*ml + ((kl*mh + kh*ml) << 32) */
    __m256i low = _mm256_mul_epu32(key, mul_low);
    __m256i cross = _mm256_add_epi64(_mm256_mul_epu32(key, mul_high),
                                     _mm256_mul_epu32(_mm256_srli_epi64(key, 32), mul_low));
    __m256i h = _mm256_add_epi64(low, _mm256_slli_epi64(cross, 32));
    __m256i bucket = _mm256_srli_epi64(h, 64 - STUD_HASH_BUCKET_BITS);
    __m256i offset = _mm256_srli_epi64(h, 64 - STUD_HASH_BUCKET_BITS - STUD_HASH_OFFSET_BITS);
    const __m128i low16 = _mm_set1_epi32(0xFFFF);
    __m128i disp = _mm_and_si128(
        _mm256_i64gather_epi32((const int *)(const void *)stud_hash_disp, bucket, 2), low16);
    /* the low 32 bits of each offset lane, masked to the offset width */
    __m128i offset32 = _mm256_castsi256_si128(
        _mm256_permutevar8x32_epi32(offset, _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6)));
    offset32 = _mm_and_si128(offset32, _mm_set1_epi32((1 << STUD_HASH_OFFSET_BITS) - 1));
    return _mm_add_epi32(offset32, _mm_slli_epi32(disp, 1));
}

AVX2 static inline __m128i gather16(const uint16_t *table, __m128i index)
{
    return _mm_and_si128(_mm_i32gather_epi32((const int *)(const void *)table, index, 2),
                         _mm_set1_epi32(0xFFFF));
}

AVX2 static inline void store4(uint16_t *out, __m128i values)
{
    _mm_storel_epi64((__m128i *)(void *)out, _mm_packus_epi32(values, values));
}

/* The best flush of each of four hands (0 for a hand without one): the
 * per-suit card counts by the popcount steps of stud_flush_lanes, then the
 * field of the suit with five cards or more, looked up in stud_flush_high. */
/* The number of set bits in each byte of four masks (SWAR popcount steps). */
AVX2 static inline __m256i byte_counts4(__m256i m)
{
    const __m256i k55 = _mm256_set1_epi64x(0x5555555555555555ll);
    const __m256i k33 = _mm256_set1_epi64x(0x3333333333333333ll);
    const __m256i k0f = _mm256_set1_epi64x(0x0F0F0F0F0F0F0F0Fll);
    __m256i x = _mm256_sub_epi64(m, _mm256_and_si256(_mm256_srli_epi64(m, 1), k55));
    x = _mm256_add_epi64(_mm256_and_si256(x, k33), _mm256_and_si256(_mm256_srli_epi64(x, 2), k33));
    return _mm256_and_si256(_mm256_add_epi64(x, _mm256_srli_epi64(x, 4)), k0f);
}

AVX2 static inline __m128i flush4(__m256i m)
{
    const __m256i k00ff = _mm256_set1_epi64x(0x00FF00FF00FF00FFll);
    __m256i x = byte_counts4(m);
    x = _mm256_and_si256(_mm256_add_epi64(x, _mm256_srli_epi64(x, 8)), k00ff);
    x = _mm256_add_epi64(x, _mm256_set1_epi64x(0x007B007B007B007Bll));
    /* bit 0 of each lane whose suit has five cards, widened to the lane's 13 bits */
    __m256i flag = _mm256_and_si256(_mm256_srli_epi64(x, 7), _mm256_set1_epi64x(STUD_LANE_ONES));
    __m256i suit = _mm256_and_si256(m, _mm256_sub_epi64(_mm256_slli_epi64(flag, 13), flag));
    suit = _mm256_or_si256(suit, _mm256_srli_epi64(suit, 32));
    suit = _mm256_or_si256(suit, _mm256_srli_epi64(suit, 16));
    suit = _mm256_and_si256(suit, _mm256_set1_epi64x(STUD_RANK_FIELD));
    __m128i values = _mm256_i64gather_epi32((const int *)(const void *)stud_flush_high, suit, 2);
    return _mm_and_si128(values, _mm_set1_epi32(0xFFFF));
}

AVX2 static inline __m128i low8_4(__m256i m)
{
    __m256i x = _mm256_or_si256(m, _mm256_srli_epi64(m, 32));
    x = _mm256_or_si256(x, _mm256_srli_epi64(x, 16));
    __m256i ranks = _mm256_and_si256(x, _mm256_set1_epi64x(STUD_RANK_FIELD));
    __m256i low = _mm256_and_si256(
        _mm256_or_si256(_mm256_slli_epi64(ranks, 1), _mm256_srli_epi64(ranks, 12)),
        _mm256_set1_epi64x(0xFF));
    __m128i values = _mm256_i64gather_epi32((const int *)(const void *)stud_low8_by_ranks, low, 1);
    return _mm_and_si128(values, _mm_set1_epi32(0xFF));
}

/* The hash needs two dependent table reads per hand (displacement, then
 * value), both mostly served by L2.  Running the batch in blocks, first all
 * the slots and then all the values, keeps many independent reads in flight
 * instead of one chain per hand. */
#define BLOCK 64

AVX2 static void slots_block(const uint64_t *masks, uint32_t *slots)
{
    for (int k = 0; k < BLOCK; k += 4) {
        __m256i m = _mm256_loadu_si256((const __m256i *)(const void *)(masks + k));
        _mm_storeu_si128((__m128i *)(void *)(slots + k), hash_slots4(m));
    }
}

/* High values, and 8-or-better lows too when `low8` is not NULL. */
AVX2 static void high_blocks(const uint64_t *masks, uint16_t *high, uint16_t *low8, size_t n)
{
    uint32_t slots[BLOCK];
    size_t i = 0;
    for (; i + BLOCK <= n; i += BLOCK) {
        slots_block(masks + i, slots);
        for (int k = 0; k < BLOCK; k += 4) {
            __m256i m = _mm256_loadu_si256((const __m256i *)(const void *)(masks + i + k));
            __m128i slot = _mm_loadu_si128((const __m128i *)(const void *)(slots + k));
            __m128i value = gather16(stud_high_by_slot, slot);
            store4(high + i + k, _mm_max_epi32(value, flush4(m)));
            if (low8)
                store4(low8 + i + k, low8_4(m));
        }
    }
    for (; i < n; i++) {
        high[i] = stud_eval_high(masks[i]);
        if (low8)
            low8[i] = stud_eval_low8(masks[i]);
    }
}

AVX2 void stud_simd_high_batch(const uint64_t *masks, uint16_t *out, size_t n)
{
    high_blocks(masks, out, NULL, n);
}

AVX2 void stud_simd_razz_batch(const uint64_t *masks, uint16_t *out, size_t n)
{
    uint32_t slots[BLOCK];
    size_t i = 0;
    for (; i + BLOCK <= n; i += BLOCK) {
        slots_block(masks + i, slots);
        for (int k = 0; k < BLOCK; k += 4) {
            __m128i slot = _mm_loadu_si128((const __m128i *)(const void *)(slots + k));
            store4(out + i + k, gather16(stud_razz_by_slot, slot));
        }
    }
    for (; i < n; i++)
        out[i] = stud_eval_razz(masks[i]);
}

AVX2 void stud_simd_low8_batch(const uint64_t *masks, uint16_t *out, size_t n)
{
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m256i m = _mm256_loadu_si256((const __m256i *)(const void *)(masks + i));
        store4(out + i, low8_4(m));
    }
    for (; i < n; i++)
        out[i] = stud_eval_low8(masks[i]);
}

AVX2 void stud_simd_hilo_batch(const uint64_t *masks, uint16_t *high, uint16_t *low8, size_t n)
{
    high_blocks(masks, high, low8, n);
}

/* Nonzero lanes for the masks of four that are not min..max valid cards:
 * a bit outside the layout, or a card count (the byte counts summed per
 * lane) out of range.  The one vector check of both checkers below. */
AVX2 static inline __m256i invalid4(__m256i m, int min_cards, int max_cards)
{
    const __m256i outside = _mm256_set1_epi64x((long long)~STUD_VALID_BITS);
    __m256i count = _mm256_sad_epu8(byte_counts4(m), _mm256_setzero_si256());
    __m256i bad = _mm256_and_si256(m, outside);
    bad = _mm256_or_si256(bad, _mm256_cmpgt_epi64(_mm256_set1_epi64x(min_cards), count));
    return _mm256_or_si256(bad, _mm256_cmpgt_epi64(count, _mm256_set1_epi64x(max_cards)));
}

AVX2 size_t stud_simd_first_invalid(const uint64_t *masks, size_t n, int min_cards, int max_cards)
{
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m256i bad = _mm256_setzero_si256();
        for (int k = 0; k < 16; k += 4) {
            __m256i m = _mm256_loadu_si256((const __m256i *)(const void *)(masks + i + k));
            bad = _mm256_or_si256(bad, invalid4(m, min_cards, max_cards));
        }
        if (!_mm256_testz_si256(bad, bad))
            return i + stud_first_invalid_scalar(masks + i, 16, min_cards, max_cards);
    }
    return i + stud_first_invalid_scalar(masks + i, n - i, min_cards, max_cards);
}

/* Copies n masks to `block` reading each exactly once (volatile loads: the
 * source may change under us), and checks the copies in the same pass;
 * returns the index of the first invalid copy, or n. */
AVX2 size_t stud_simd_copy_checked(const uint64_t *masks, uint64_t *block, size_t n,
                                   int min_cards, int max_cards)
{
    __m256i bad = _mm256_setzero_si256();
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m256i m = STUD_LOAD256_ONCE(masks + i);
        _mm256_storeu_si256((__m256i *)(void *)(block + i), m);
        bad = _mm256_or_si256(bad, invalid4(m, min_cards, max_cards));
    }
    const volatile uint64_t *rest = masks + i;
    for (size_t k = 0; i + k < n; k++)
        block[i + k] = rest[k];
    if (!_mm256_testz_si256(bad, bad) || i < n) /* rare (or a short block): find it */
        return stud_first_invalid_scalar(block, n, min_cards, max_cards);
    return n;
}

int stud_simd_available(void)
{
    return stud_cpu_has_avx2();
}

#else

int stud_simd_available(void)
{
    return 0;
}

#endif
