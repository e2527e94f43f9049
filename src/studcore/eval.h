/* eval.h: hand evaluation over card masks (see cards.h for the layout).
 *
 *   stud_eval_high   best 5-card high hand of 5..7 cards   1..7462
 *   stud_eval_low8   best 8-or-better low (docs/rules.md 9.2)   0 (none), 1..56
 *   stud_eval_razz   best A-5 low, pairs count (9.6)       1..6175
 *   stud_eval_27     best 2-7 low (12.5)                   1..7462 (STUD_27_CLASSES)
 *                    7462 = 7-5-4-3-2 not all one suit, 1 = royal flush
 *
 * Larger is better on every scale; equal values tie.  The scalar functions
 * are inline so that the batch loops, the engine and the equity code all
 * inline them.  They trust their input: 5..7 distinct valid cards (use
 * stud_first_invalid to check a buffer).  The *_batch functions check every
 * mask themselves: each is read once, checked, and evaluated from that same
 * copy, so a buffer changed by another thread during the call can never
 * send an unchecked mask to a table read.  They write one value per mask
 * and touch no global state, so several threads may run them at once.
 */
#ifndef STUD_EVAL_H
#define STUD_EVAL_H

#include <stddef.h>
#include <stdint.h>

#include "cards.h"
#include "tables.h"

/* Bit 7 of each 16-bit lane set when that suit holds five cards or more. */
static inline uint64_t stud_flush_lanes(uint64_t mask)
{
    uint64_t x = mask - ((mask >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    x = (x + (x >> 8)) & 0x00FF00FF00FF00FFull; /* cards per suit, one per lane */
    return (x + 0x007B007B007B007Bull) & 0x0080008000800080ull;
}

static inline uint16_t stud_high_with_slot(uint64_t mask, uint32_t slot)
{
    uint16_t value = stud_high_by_slot[slot];
    uint64_t flush = stud_flush_lanes(mask);
    if (flush) { /* rare: about 3% of random 7-card hands */
        uint16_t f = stud_flush_high[stud_suit_field(mask, stud_ctz64(flush) >> 4)];
        value = f > value ? f : value;
    }
    return value;
}

static inline uint16_t stud_eval_high(uint64_t mask)
{
    return stud_high_with_slot(mask, stud_hash_slot(stud_rank_key(mask)));
}

static inline uint16_t stud_eval_razz(uint64_t mask)
{
    return stud_razz_by_slot[stud_hash_slot(stud_rank_key(mask))];
}

/* The best 2-7 low of 5..7 cards given `value`, the 2-7 value of its rank
 * multiset as if no five cards were a flush (stud_27_by_slot,
 * stud_rkey_27): exact, the flush avoided when a card of another suit gives
 * a better low (eval.c).  The slow path of stud_eval_27 for hands with five
 * cards or more of one suit, also for the batch kernels and the
 * running-key loops; `value` itself when no suit holds five. */
uint16_t stud_eval_27_flushed(uint64_t mask, unsigned value);

/* The best 2-7 low (docs/rules.md 12.5) of 5..7 cards.  The rank-multiset
 * table is exact while no suit holds five cards; otherwise (about 3% of
 * random 7-card hands) the flushed path decides. */
static inline uint16_t stud_eval_27(uint64_t mask)
{
    uint16_t value = stud_27_by_slot[stud_hash_slot(stud_rank_key(mask))];
    if (STUD_UNLIKELY(stud_flush_lanes(mask)))
        value = stud_eval_27_flushed(mask, value);
    return value;
}

/* Ranks A..8 as bits, ace lowest: bit 0 = ace, bit k = rank k+1. */
static inline unsigned stud_low_ranks(uint64_t mask)
{
    unsigned ranks = stud_rank_set(mask);
    return ((ranks << 1) | (ranks >> 12)) & 0xFFu;
}

static inline uint16_t stud_eval_low8(uint64_t mask)
{
    return stud_low8_by_ranks[stud_low_ranks(mask)];
}

/* ---- hands built a card at a time ---------------------------------------------
 * Enumeration loops carry a running key (tables.h): start from
 * stud_rkey_of(known cards), add stud_rkey_card(card) for each card dealt,
 * and keep the mask of the cards beside it (only a flush reads it).  A
 * hand's values are then one perfect-hash lookup plus a flush test:
 *
 *     uint32_t entry = stud_rkey_entry(key);      5..7 cards
 *     stud_rkey_high(key, mask, entry)            == stud_eval_high(mask)
 *     stud_rkey_unpack_razz(entry)                == stud_eval_razz(mask)
 *     stud_rkey_unpack_low8(entry)                == stud_eval_low8(mask)
 *     stud_rkey_low27(key, mask, index)            == stud_eval_27(mask)
 *         where index = stud_rkey_index(key)
 *
 * A loop over the last cards of hands can ask once whether any of them can
 * hold a flush (stud_rkey_may_flush); when none can, the high is
 * stud_rkey_unpack_high(entry) and the mask is not needed at all.
 */
static inline uint64_t stud_rkey_of(uint64_t mask)
{
    uint64_t key = STUD_RKEY_EMPTY;
    for (uint64_t rest = mask; rest; rest &= rest - 1)
        key += stud_rkey_card(stud_lowest_card(rest));
    return key;
}

/* Nonzero when `more` cards (1..4) added to the hand of `key` can make a
 * flush: some suit already holds 5 - more cards. */
static inline int stud_rkey_may_flush(uint64_t key, int more)
{
    return ((key + (uint64_t)more * 0x1111u) & STUD_RKEY_FLUSH) != 0;
}

static inline uint32_t stud_rkey_entry(uint64_t key)
{
    return stud_rkey_table[stud_rkey_index(key)];
}

static inline unsigned stud_rkey_high(uint64_t key, uint64_t mask, uint32_t entry)
{
    unsigned value = stud_rkey_unpack_high(entry);
    uint64_t flush = key & STUD_RKEY_FLUSH;
    if (STUD_UNLIKELY(flush)) { /* about 3% of random 7-card hands */
        int suit = stud_ctz64(flush) >> 2;
        unsigned f = stud_flush_high[stud_suit_field(mask, suit)];
        value = f > value ? f : value;
    }
    return value;
}

static inline unsigned stud_rkey_low27(uint64_t key, uint64_t mask, uint32_t index)
{
    unsigned value = stud_rkey_27(index);
    if (STUD_UNLIKELY(key & STUD_RKEY_FLUSH))
        return stud_eval_27_flushed(mask, value);
    return value;
}

/* Index of the first mask that is not a set of min_cards..max_cards valid
 * cards, or n when all are. */
size_t stud_first_invalid(const uint64_t *masks, size_t n, int min_cards, int max_cards);
size_t stud_first_invalid_scalar(const uint64_t *masks, size_t n, int min_cards, int max_cards);

/* The checked batches: they return n, or the index of the first mask that
 * is not 5..7 valid cards (values before it are written; from it on the
 * output is unspecified).  They use the AVX2 kernels of eval_simd.c when
 * the processor has them; the unchecked *_scalar twins always run the
 * scalar code. */
size_t stud_eval_high_batch(const uint64_t *masks, uint16_t *out, size_t n);
size_t stud_eval_low8_batch(const uint64_t *masks, uint16_t *out, size_t n);
size_t stud_eval_razz_batch(const uint64_t *masks, uint16_t *out, size_t n);
size_t stud_eval_27_batch(const uint64_t *masks, uint16_t *out, size_t n);
/* high and 8-or-better low of the same hands in one pass */
size_t stud_eval_hilo_batch(const uint64_t *masks, uint16_t *high, uint16_t *low8, size_t n);
/* Whether the checked batches (and stud_first_invalid) may use the AVX2
 * kernels when the processor has them (the default, allowed = 1), or must
 * run the scalar code (0): for tests and benchmarks that compare the two.
 * A process-wide setting, to change only while no batch runs. */
void stud_batch_set_simd(int allowed);
/* Nonzero when the checked batches use the AVX2 kernels. */
int stud_batch_simd(void);
void stud_eval_high_batch_scalar(const uint64_t *masks, uint16_t *out, size_t n);
void stud_eval_low8_batch_scalar(const uint64_t *masks, uint16_t *out, size_t n);
void stud_eval_razz_batch_scalar(const uint64_t *masks, uint16_t *out, size_t n);
void stud_eval_27_batch_scalar(const uint64_t *masks, uint16_t *out, size_t n);
void stud_eval_hilo_batch_scalar(const uint64_t *masks, uint16_t *high, uint16_t *low8, size_t n);

/* The category (0 = high card .. 8 = straight flush) of a high value. */
int stud_high_category(unsigned value);

enum stud_eval_kind { STUD_EVAL_HIGH = 0, STUD_EVAL_LOW8 = 1, STUD_EVAL_RAZZ = 2, STUD_EVAL_27 = 3 };

/* The five cards of a 5..7-card mask that make its best hand of the given
 * kind (the first such subset in a fixed order when several tie), or 0 for
 * a low8 with no qualifying low. */
uint64_t stud_best_five(uint64_t mask, enum stud_eval_kind kind);

#endif
