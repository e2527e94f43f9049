/* eval_simd.c: AVX2 kernels for the checked batch evaluators.
 *
 * The library is built for the baseline x86-64 ISA; these functions carry
 * their own target (STUD_TARGET_AVX2 of portable.h: an attribute with GCC
 * and clang, nothing with MSVC) and eval.c calls them only when the
 * processor reports AVX2 (and stud_batch_set_simd has not turned them off).
 * They compute exactly what the scalar functions of eval.h compute.
 *
 * One loop per batch kind, eight masks a step, blocks of 64 masks:
 *   - the eight masks are read once (STUD_LOAD256_ONCE: the caller's
 *     buffer may change under us) and copied to the block on the stack;
 *     the registers read are the values checked and evaluated, the copy
 *     serves the rare paths below;
 *   - the vectors check them (5..7 cards, no bit outside the layout); a
 *     step with a bad mask finishes the values before it (the good masks of
 *     that step from the copy, with the scalar code) and ends the batch;
 *   - the rank-multiset keys (stud_rank_key) and their hashes
 *     (stud_hash_slot) are computed eight at a time in 32-bit lanes: the
 *     first level of the carry-save adder pairs each mask's low and high
 *     halves, which leaves 32 bits per hand; the key's low 32 bits and its
 *     few high bits give the high half of the 64-bit product from one
 *     widening and two low multiplies;
 *   - the displacement and value tables are read by plain scalar loads, one
 *     step late (gathers are slow on many processors; a hand needs two
 *     dependent reads, mostly from L2, and issued a step late their inputs
 *     are ready and their latency overlaps the next step's vector work);
 *   - the hands holding a flush (about 3% of random 7-card hands) are only
 *     marked; at the end of each block each marked hand's flush value is
 *     looked up from its copy and kept when larger (the 2-7 low takes its
 *     exact flushed value, stud_eval_27_flushed, instead);
 *   - a software prefetch runs ahead of the loads: on a large batch the
 *     hardware prefetchers alone leave the loop waiting on memory.
 */
#include "eval_simd.h"

#if STUD_HAVE_AVX2_KERNELS

#include <immintrin.h>
#include <string.h>

#include "eval.h"

#define AVX2 STUD_TARGET_AVX2
#define AVX2_INLINE STUD_TARGET_AVX2 STUD_ALWAYS_INLINE

/* The number of set bits in each byte of four masks (nibble table lookups). */
static AVX2_INLINE __m256i byte_counts4(__m256i m)
{
    const __m256i nibble_bits = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0,
                                                 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i low4 = _mm256_set1_epi8(0x0F);
    __m256i lo = _mm256_and_si256(m, low4);
    __m256i hi = _mm256_and_si256(_mm256_srli_epi16(m, 4), low4);
    return _mm256_add_epi8(_mm256_shuffle_epi8(nibble_bits, lo),
                           _mm256_shuffle_epi8(nibble_bits, hi));
}

/* Bit 0 of each lane set when the card count of that mask (its byte counts
 * summed) has its bit set in `window`; a count of 64 or more never has. */
static AVX2_INLINE __m256i count_allowed4(__m256i counts, __m256i window)
{
    return _mm256_srlv_epi64(window, _mm256_sad_epu8(counts, _mm256_setzero_si256()));
}

/* The allowed card counts min..max as bits (counts above 63 never are). */
static uint64_t count_window(int min_cards, int max_cards)
{
    uint64_t window = 0;
    for (int c = min_cards < 0 ? 0 : min_cards; c <= max_cards && c < 64; c++)
        window |= 1ull << c;
    return window;
}

/* Eight hands in 32-bit lanes: the hand of mask vectors m0 (hands 0..3)
 * and m1 (hands 4..7) in each dword, as _mm256_shuffle_ps leaves them. */
static const int lane_hand[8] = {0, 1, 4, 5, 2, 3, 6, 7};

static AVX2_INLINE __m256i low_dwords8(__m256i m0, __m256i m1)
{
    return _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(m0), _mm256_castsi256_ps(m1),
                                                 _MM_SHUFFLE(2, 0, 2, 0)));
}

static AVX2_INLINE __m256i high_dwords8(__m256i m0, __m256i m1)
{
    return _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(m0), _mm256_castsi256_ps(m1),
                                                 _MM_SHUFFLE(3, 1, 3, 1)));
}

/* Bit p set for each lane p (see lane_hand) whose hand has no suit of five
 * cards or more, from the byte counts of the two mask vectors. */
static AVX2_INLINE unsigned no_flush8(__m256i counts0, __m256i counts1)
{
    const __m256i ones = _mm256_set1_epi8(1);
    __m256i per_suit = _mm256_packs_epi16(_mm256_maddubs_epi16(counts0, ones),
                                          _mm256_maddubs_epi16(counts1, ones));
    __m256i five = _mm256_cmpgt_epi8(per_suit, _mm256_set1_epi8(4));
    __m256i none = _mm256_cmpeq_epi32(five, _mm256_setzero_si256());
    return (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(none));
}

/* The hash (stud_hash_slot of stud_rank_key) of eight hands given their
 * suits paired (x = clubs ^ hearts | (diamonds ^ spades) << 16, y the same
 * with &): the buckets and the offsets, one per lane. */
static AVX2_INLINE void hash8(__m256i x, __m256i y, __m256i *bucket, __m256i *offset)
{
    const __m256i field = _mm256_set1_epi32(STUD_RANK_FIELD);
    const __m256i mul_low = _mm256_set1_epi32((int)(uint32_t)stud_hash_mul);
    const __m256i mul_high = _mm256_set1_epi32((int)(uint32_t)(stud_hash_mul >> 32));
    /* the second level of stud_rank_key's adder; in 32-bit lanes only ones
     * and twos have bits above the rank field to clear */
    __m256i xs = _mm256_srli_epi32(x, 16), ys = _mm256_srli_epi32(y, 16);
    __m256i ones = _mm256_and_si256(_mm256_xor_si256(x, xs), field);
    __m256i twos = _mm256_and_si256(
        _mm256_xor_si256(_mm256_xor_si256(y, ys), _mm256_and_si256(x, xs)), field);
    __m256i fours = _mm256_and_si256(y, ys);
    /* key = ones | twos << 13 | fours << 26: its low 32 bits, and the rest */
    __m256i key_low = _mm256_or_si256(
        ones, _mm256_or_si256(_mm256_slli_epi32(twos, 13), _mm256_slli_epi32(fours, 26)));
    __m256i key_high = _mm256_srli_epi32(fours, 6);
    /* the high 32 bits of key * mul mod 2^64:
     *   hi32(kl * ml) + kl * mh + kh * ml  (mod 2^32) */
    __m256i even = _mm256_mul_epu32(key_low, mul_low);
    __m256i odd = _mm256_mul_epu32(_mm256_srli_epi64(key_low, 32), mul_low);
    __m256i high = _mm256_blend_epi32(_mm256_srli_epi64(even, 32), odd, 0xAA);
    high = _mm256_add_epi32(high, _mm256_add_epi32(_mm256_mullo_epi32(key_low, mul_high),
                                                   _mm256_mullo_epi32(key_high, mul_low)));
    *bucket = _mm256_srli_epi32(high, 32 - STUD_HASH_BUCKET_BITS);
    *offset = _mm256_and_si256(
        _mm256_srli_epi32(high, 32 - STUD_HASH_BUCKET_BITS - STUD_HASH_OFFSET_BITS),
        _mm256_set1_epi32((1 << STUD_HASH_OFFSET_BITS) - 1));
}

/* The 8-or-better rank index (stud_low_ranks) of eight hands from their
 * paired suits (x, y as for hash8; x | y = clubs | hearts | ...). */
static AVX2_INLINE __m256i low_ranks8(__m256i x, __m256i y)
{
    __m256i any = _mm256_or_si256(x, y);
    __m256i ranks = _mm256_and_si256(_mm256_or_si256(any, _mm256_srli_epi32(any, 16)),
                                     _mm256_set1_epi32(STUD_RANK_FIELD));
    return _mm256_and_si256(
        _mm256_or_si256(_mm256_slli_epi32(ranks, 1), _mm256_srli_epi32(ranks, 12)),
        _mm256_set1_epi32(0xFF));
}

/* Raises each flagged hand's value to its flush when that is larger (or,
 * for the 2-7 low, `low27`, replaces it by its exact flushed value); bit b
 * of `flagged` is lane b % 8 of step b / 8. */
static void add_flushes(const uint64_t *copies, uint16_t *high, uint64_t flagged, int low27)
{
    for (; flagged; flagged &= flagged - 1) {
        int bit = stud_ctz64(flagged);
        int k = (bit & ~7) + lane_hand[bit & 7];
        uint64_t mask = copies[k];
        if (low27) {
            high[k] = stud_eval_27_flushed(mask);
            continue;
        }
        int suit = stud_ctz64(stud_flush_lanes(mask)) >> 4;
        uint16_t flush = stud_flush_high[stud_suit_field(mask, suit)];
        if (flush > high[k])
            high[k] = flush;
    }
}

/* The flush flags of the first `steps` steps of a block. */
static uint64_t flagged_hands(const uint8_t *no_flush, size_t steps)
{
    uint64_t bits;
    memcpy(&bits, no_flush, sizeof bits);
    return ~bits & (steps >= 8 ? ~0ull : (1ull << (8 * steps)) - 1);
}

enum { HIGH, LOW8, RAZZ, HILO, LOW27 };

/* Scalar values of copies[from..to) (their checks passed). */
static AVX2_INLINE void scalar_values(int kind, const uint64_t *copies, size_t from,
                                      size_t to, uint16_t *out, uint16_t *out2)
{
    for (size_t k = from; k < to; k++) {
        uint64_t c = copies[k];
        if (kind == HIGH || kind == HILO)
            out[k] = stud_eval_high(c);
        if (kind == RAZZ)
            out[k] = stud_eval_razz(c);
        if (kind == LOW27)
            out[k] = stud_eval_27(c);
        if (kind == LOW8)
            out[k] = stud_eval_low8(c);
        if (kind == HILO)
            out2[k] = stud_eval_low8(c);
    }
}

#define BLOCK 64
#ifndef PREFETCH
#define PREFETCH 2048  /* bytes: 256 masks ahead */
#endif

/* The per-hand state of a block between the vector step and the table reads. */
struct block_lanes {
    uint32_t bucket[BLOCK], offset[BLOCK], low_ranks[BLOCK];
};

/* The table reads of step k (masks k..k+7 of the block). */
static AVX2_INLINE void read_tables(int kind, const struct block_lanes *lanes, size_t k,
                                    uint16_t *high, uint16_t *low)
{
    /* volatile: plain loads, one per lane (compilers otherwise rebuild the
     * lanes with vector extracts, or merge the stores through shifts) */
    const volatile uint32_t *bucket = lanes->bucket + k, *offset = lanes->offset + k;
    const volatile uint32_t *low_ranks = lanes->low_ranks + k;
    const uint16_t *by_slot = kind == RAZZ    ? stud_razz_by_slot
                              : kind == LOW27 ? stud_27_by_slot
                                              : stud_high_by_slot;
    high += k;
    if (kind == HILO)
        low += k;
    for (int p = 0; p < 8; p++) {
        int at = lane_hand[p];
        if (kind != LOW8)
            high[at] = by_slot[offset[p] + 2u * stud_hash_disp[bucket[p]]];
        if (kind == LOW8)
            high[at] = stud_low8_by_ranks[low_ranks[p]];
        if (kind == HILO)
            low[at] = stud_low8_by_ranks[low_ranks[p]];
    }
}

/* The vector step over masks k..k+7 of a block at `masks`: reads them
 * once, copies them, checks them and, when all eight are hands, computes
 * what read_tables needs and their flush flags; returns nonzero when one
 * is not a hand. */
static AVX2_INLINE int vector_step(int kind, const uint64_t *masks, size_t k,
                                   uint64_t *copies, struct block_lanes *lanes,
                                   uint8_t *no_flush)
{
    const __m256i window = _mm256_set1_epi64x((long long)count_window(5, 7));
    const __m256i outside = _mm256_set1_epi64x((long long)~STUD_VALID_BITS);
    const __m256i one = _mm256_set1_epi64x(1);
    /* the line PREFETCH bytes ahead (a prefetch never faults: past the end
     * of the buffer included) */
    _mm_prefetch((const char *)((uintptr_t)(masks + k) + PREFETCH), _MM_HINT_T0);
    __m256i m0 = STUD_LOAD256_ONCE(masks + k);
    __m256i m1 = STUD_LOAD256_ONCE(masks + k + 4);
    _mm256_storeu_si256((__m256i *)(void *)(copies + k), m0);
    _mm256_storeu_si256((__m256i *)(void *)(copies + k + 4), m1);
    __m256i counts0 = byte_counts4(m0), counts1 = byte_counts4(m1);
    /* any of the eight with a bit outside the layout or a count out of range */
    __m256i allowed = _mm256_and_si256(count_allowed4(counts0, window),
                                       count_allowed4(counts1, window));
    __m256i bad = _mm256_or_si256(_mm256_and_si256(_mm256_or_si256(m0, m1), outside),
                                  _mm256_andnot_si256(allowed, one));
    if (!_mm256_testz_si256(bad, bad))
        return 1;
    if (kind == HIGH || kind == HILO || kind == LOW27)
        no_flush[k / 8] = (uint8_t)no_flush8(counts0, counts1);
    __m256i lo = low_dwords8(m0, m1), hi = high_dwords8(m0, m1);
    __m256i x = _mm256_xor_si256(lo, hi), y = _mm256_and_si256(lo, hi);
    if (kind != LOW8) {
        __m256i bucket, offset;
        hash8(x, y, &bucket, &offset);
        _mm256_storeu_si256((__m256i *)(void *)(lanes->bucket + k), bucket);
        _mm256_storeu_si256((__m256i *)(void *)(lanes->offset + k), offset);
    }
    if (kind == LOW8 || kind == HILO)
        _mm256_storeu_si256((__m256i *)(void *)(lanes->low_ranks + k), low_ranks8(x, y));
    return 0;
}

/* The checked batch of one kind (a constant in each caller below, so every
 * kind gets its own loop): returns n, or the index of the first invalid
 * mask (values before it written).  When there are hash tables to read,
 * the reads of each step run one step late: their inputs are ready when
 * they issue, and their latency overlaps the vector work of the next step. */
static AVX2_INLINE size_t checked_batch(int kind, const uint64_t *masks, uint16_t *out,
                                        uint16_t *out2, size_t n)
{
    const int late = kind != LOW8, flushes = kind == HIGH || kind == HILO || kind == LOW27;
    uint64_t copies[BLOCK];
    uint8_t no_flush[BLOCK / 8] = {0};
    struct block_lanes lanes;
    size_t i = 0;
    while (n - i >= 8) {
        size_t len = n - i < BLOCK ? (n - i) & ~(size_t)7 : BLOCK;
        uint16_t *high = out + i, *low = kind == HILO ? out2 + i : NULL;
        size_t k = 0;
        if (!vector_step(kind, masks + i, 0, copies, &lanes, no_flush)) {
            if (!late)
                read_tables(kind, &lanes, 0, high, low);
            for (k = 8; k < len; k += 8) {
                if (vector_step(kind, masks + i, k, copies, &lanes, no_flush))
                    break;
                read_tables(kind, &lanes, late ? k - 8 : k, high, low);
            }
        }
        if (k < len) { /* rare: step k has a bad mask; finish the block up to it, then stop */
            if (late && k)
                read_tables(kind, &lanes, k - 8, high, low);
            size_t good = stud_first_invalid_scalar(copies + k, 8, 5, 7);
            scalar_values(kind, copies, k, k + good, high, low);
            if (flushes)
                add_flushes(copies, high, flagged_hands(no_flush, k / 8), kind == LOW27);
            return i + k + good;
        }
        if (late)
            read_tables(kind, &lanes, len - 8, high, low);
        if (flushes)
            add_flushes(copies, high, flagged_hands(no_flush, len / 8), kind == LOW27);
        i += len;
    }
    /* the last 0..7 masks: copied one by one, then checked and evaluated */
    size_t rest = n - i;
    const volatile uint64_t *source = masks + i;
    for (size_t k = 0; k < rest; k++)
        copies[k] = source[k];
    size_t good = stud_first_invalid_scalar(copies, rest, 5, 7);
    scalar_values(kind, copies, 0, good, out + i, kind == HILO ? out2 + i : NULL);
    return i + good;
}

AVX2 size_t stud_simd_high_batch(const uint64_t *masks, uint16_t *out, size_t n)
{
    return checked_batch(HIGH, masks, out, NULL, n);
}

AVX2 size_t stud_simd_low8_batch(const uint64_t *masks, uint16_t *out, size_t n)
{
    return checked_batch(LOW8, masks, out, NULL, n);
}

AVX2 size_t stud_simd_razz_batch(const uint64_t *masks, uint16_t *out, size_t n)
{
    return checked_batch(RAZZ, masks, out, NULL, n);
}

AVX2 size_t stud_simd_27_batch(const uint64_t *masks, uint16_t *out, size_t n)
{
    return checked_batch(LOW27, masks, out, NULL, n);
}

AVX2 size_t stud_simd_hilo_batch(const uint64_t *masks, uint16_t *high, uint16_t *low8, size_t n)
{
    return checked_batch(HILO, masks, high, low8, n);
}

AVX2 size_t stud_simd_first_invalid(const uint64_t *masks, size_t n, int min_cards, int max_cards)
{
    const __m256i window = _mm256_set1_epi64x((long long)count_window(min_cards, max_cards));
    const __m256i outside = _mm256_set1_epi64x((long long)~STUD_VALID_BITS);
    const __m256i one = _mm256_set1_epi64x(1);
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m256i bad = _mm256_setzero_si256();
        for (int k = 0; k < 16; k += 4) {
            __m256i m = _mm256_loadu_si256((const __m256i *)(const void *)(masks + i + k));
            __m256i allowed = count_allowed4(byte_counts4(m), window);
            bad = _mm256_or_si256(bad, _mm256_and_si256(m, outside));
            bad = _mm256_or_si256(bad, _mm256_andnot_si256(allowed, one));
        }
        if (!_mm256_testz_si256(bad, bad))
            return i + stud_first_invalid_scalar(masks + i, 16, min_cards, max_cards);
    }
    return i + stud_first_invalid_scalar(masks + i, n - i, min_cards, max_cards);
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
