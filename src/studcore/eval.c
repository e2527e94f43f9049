/* eval.c: the batch evaluators and the slower helpers (best five cards). */
#include "eval.h"

#include "eval_simd.h"

size_t stud_first_invalid_scalar(const uint64_t *masks, size_t n, int min_cards, int max_cards)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t m = masks[i];
        int count = stud_popcount(m);
        if ((m & ~STUD_VALID_BITS) || count < min_cards || count > max_cards)
            return i;
    }
    return n;
}

/* The scalar loops: the reference the vector kernels must match, and the
 * fallback on processors without AVX2. */
void stud_eval_high_batch_scalar(const uint64_t *masks, uint16_t *out, size_t n)
{
    for (size_t i = 0; i < n; i++)
        out[i] = stud_eval_high(masks[i]);
}

void stud_eval_low8_batch_scalar(const uint64_t *masks, uint16_t *out, size_t n)
{
    for (size_t i = 0; i < n; i++)
        out[i] = stud_eval_low8(masks[i]);
}

void stud_eval_razz_batch_scalar(const uint64_t *masks, uint16_t *out, size_t n)
{
    for (size_t i = 0; i < n; i++)
        out[i] = stud_eval_razz(masks[i]);
}

void stud_eval_27_batch_scalar(const uint64_t *masks, uint16_t *out, size_t n)
{
    for (size_t i = 0; i < n; i++)
        out[i] = stud_eval_27(masks[i]);
}

/* A 2-7 low that may be a flush (docs/rules.md 12.5: flushes count
 * against).  One suit S holds k >= 5 of the n cards (two suits cannot, with
 * 7 cards at most).  A five-card subset is a flush only when all five are
 * of S; every other subset leaves out some card s of S, so it is a subset
 * of the hand less s.  Hence the best low is the better of the best flush
 * of S (stud_flush_27) and, over each card s of S, the best low of the
 * hand less s: with k = 5 that hand has four cards of S and the rank table
 * is exact for it; with k > 5 it still holds a flush and recurses (at most
 * two levels, 30 lookups, for six of a suit among seven). */
uint16_t stud_eval_27_flushed(uint64_t mask)
{
    uint64_t lanes = stud_flush_lanes(mask);
    if (!lanes)
        return stud_27_by_slot[stud_hash_slot(stud_rank_key(mask))];
    int suit = stud_ctz64(lanes) >> 4;
    unsigned field = stud_suit_field(mask, suit);
    uint16_t best = stud_flush_27[field];
    if (stud_popcount(mask) == stud_popcount(field))
        return best; /* every subset is a flush */
    for (unsigned rest = field; rest; rest &= rest - 1) {
        uint64_t without = mask & ~((uint64_t)(rest & (~rest + 1)) << (16 * suit));
        uint16_t v = stud_eval_27_flushed(without);
        best = v > best ? v : best;
    }
    return best;
}

void stud_eval_hilo_batch_scalar(const uint64_t *masks, uint16_t *high, uint16_t *low8, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        high[i] = stud_eval_high(masks[i]);
        low8[i] = stud_eval_low8(masks[i]);
    }
}

/* Whether the batches may use the AVX2 kernels (see eval.h). */
static int simd_allowed = 1;

void stud_batch_set_simd(int allowed)
{
    simd_allowed = allowed != 0;
}

int stud_batch_simd(void)
{
    return simd_allowed && stud_simd_available();
}

size_t stud_first_invalid(const uint64_t *masks, size_t n, int min_cards, int max_cards)
{
#if STUD_HAVE_AVX2_KERNELS
    if (stud_batch_simd())
        return stud_simd_first_invalid(masks, n, min_cards, max_cards);
#endif
    return stud_first_invalid_scalar(masks, n, min_cards, max_cards);
}

/* ---- checked batches ----------------------------------------------------------
 * The caller's buffer may be changed by another thread while a batch runs
 * (the Python layer releases the GIL).  So each mask is loaded exactly once,
 * through a volatile read, and that copy is both checked and evaluated: no
 * interleaving can put an unchecked mask in front of a table read.  The
 * AVX2 kernels (eval_simd.c) do so eight masks at a time; the scalar code
 * below copies blocks of 64 to the stack. */

enum { BATCH_HIGH, BATCH_LOW8, BATCH_RAZZ, BATCH_HILO, BATCH_27 };
#define BATCH_BLOCK 64

static size_t checked_batch_scalar(int kind, const uint64_t *masks, uint16_t *out, uint16_t *out2,
                                   size_t n)
{
    uint64_t block[BATCH_BLOCK];
    for (size_t i = 0; i < n; i += BATCH_BLOCK) {
        size_t m = n - i < BATCH_BLOCK ? n - i : BATCH_BLOCK;
        const volatile uint64_t *source = masks + i;
        for (size_t k = 0; k < m; k++)
            block[k] = source[k];
        size_t good = stud_first_invalid_scalar(block, m, 5, 7);
        switch (kind) {
        case BATCH_HIGH: stud_eval_high_batch_scalar(block, out + i, good); break;
        case BATCH_LOW8: stud_eval_low8_batch_scalar(block, out + i, good); break;
        case BATCH_RAZZ: stud_eval_razz_batch_scalar(block, out + i, good); break;
        case BATCH_27: stud_eval_27_batch_scalar(block, out + i, good); break;
        default: stud_eval_hilo_batch_scalar(block, out + i, out2 + i, good); break;
        }
        if (good < m)
            return i + good;
    }
    return n;
}

#if STUD_HAVE_AVX2_KERNELS
#define CHECKED(simd_call, kind, masks, out, out2, n) \
    (stud_batch_simd() ? simd_call : checked_batch_scalar(kind, masks, out, out2, n))
#else
#define CHECKED(simd_call, kind, masks, out, out2, n) \
    checked_batch_scalar(kind, masks, out, out2, n)
#endif

size_t stud_eval_high_batch(const uint64_t *masks, uint16_t *out, size_t n)
{
    return CHECKED(stud_simd_high_batch(masks, out, n), BATCH_HIGH, masks, out, NULL, n);
}

size_t stud_eval_low8_batch(const uint64_t *masks, uint16_t *out, size_t n)
{
    return CHECKED(stud_simd_low8_batch(masks, out, n), BATCH_LOW8, masks, out, NULL, n);
}

size_t stud_eval_razz_batch(const uint64_t *masks, uint16_t *out, size_t n)
{
    return CHECKED(stud_simd_razz_batch(masks, out, n), BATCH_RAZZ, masks, out, NULL, n);
}

size_t stud_eval_27_batch(const uint64_t *masks, uint16_t *out, size_t n)
{
    return CHECKED(stud_simd_27_batch(masks, out, n), BATCH_27, masks, out, NULL, n);
}

size_t stud_eval_hilo_batch(const uint64_t *masks, uint16_t *high, uint16_t *low8, size_t n)
{
    return CHECKED(stud_simd_hilo_batch(masks, high, low8, n), BATCH_HILO, masks, high, low8, n);
}

int stud_high_category(unsigned value)
{
    int category = 0;
    while (category < 8 && value >= stud_high_category_start[category + 1])
        category++;
    return category;
}

static unsigned value_of(uint64_t mask, enum stud_eval_kind kind)
{
    switch (kind) {
    case STUD_EVAL_LOW8:
        return stud_eval_low8(mask);
    case STUD_EVAL_RAZZ:
        return stud_eval_razz(mask);
    case STUD_EVAL_27:
        return stud_eval_27(mask);
    default:
        return stud_eval_high(mask);
    }
}

uint64_t stud_best_five(uint64_t mask, enum stud_eval_kind kind)
{
    uint64_t cards[7];
    int n = 0;
    for (uint64_t rest = mask; rest && n < 7; rest &= rest - 1)
        cards[n++] = rest & (~rest + 1);
    uint64_t best_mask = 0;
    unsigned best = 0;
    /* each 5-card subset is the hand less n - 5 cards (none, one or two) */
    for (int i = -1; i < n; i++) {
        for (int j = i; j < n; j++) {
            uint64_t drop = (i >= 0 ? cards[i] : 0) | (j >= 0 ? cards[j] : 0);
            if (stud_popcount(drop) != n - 5)
                continue;
            unsigned v = value_of(mask & ~drop, kind);
            if (v > best) {
                best = v;
                best_mask = mask & ~drop;
            }
        }
    }
    return best_mask;
}
