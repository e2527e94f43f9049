/* tables.h: the evaluator's lookup tables and the rank-multiset hash.
 *
 * The tables are generated at build time by gen_tables.c into
 * tables_data.c (const data, nothing to initialise at run time).
 *
 * Value scales (larger is always better):
 *   high   1..7462   one value per class of 5-card hands (7462 classes)
 *   razz   1..6175   A-5 low, pairs count against (6175 = 5-4-3-2-A)
 *   low8   0..56     8-or-better low, 0 = no qualifying low (56 = wheel)
 *
 * Rank multiset key.  Summing the four suit fields bit-wise with a
 * carry-save adder gives, for every rank, its count (0..4) as three bit
 * planes (ones, twos, fours).  The 39-bit key
 *       ones | twos << 13 | fours << 26
 * identifies the multiset of ranks exactly, whatever the suits.  A perfect
 * hash (multiply, then a per-bucket displacement) maps the 73,775 keys of
 * 5-, 6- and 7-card multisets onto a dense table of slots.
 *
 * The gathered tables (hash_disp, *_by_slot, flush_high, low8_by_ranks) end
 * with spare
 * zero entries so that a vector kernel may read 32 bits at any entry.
 */
#ifndef STUD_TABLES_H
#define STUD_TABLES_H

#include <stdint.h>
#include "cards.h"

#define STUD_HIGH_CLASSES 7462
#define STUD_RAZZ_CLASSES 6175
#define STUD_LOW8_CLASSES 56

#define STUD_HASH_BUCKET_BITS 15
#define STUD_HASH_OFFSET_BITS 14

extern const uint64_t stud_hash_mul;
extern const uint32_t stud_hash_slots;
extern const uint16_t stud_hash_disp[(1u << STUD_HASH_BUCKET_BITS) + 1];
extern const uint16_t stud_high_by_slot[];   /* best high value of the multiset, flushes aside */
extern const uint16_t stud_razz_by_slot[];   /* best A-5 low of the multiset */
extern const uint16_t stud_flush_high[8192 + 1]; /* best flush / straight flush of one suit field, 0 if < 5 cards */
extern const uint8_t stud_low8_by_ranks[256 + 3]; /* bit 0 = ace, bit k = rank k+1 (2..8); 3 spare */
extern const uint16_t stud_high_category_start[10]; /* first value of each category; [9] = 7463 */

static inline uint64_t stud_rank_key(uint64_t mask)
{
    /* first adder level: clubs with hearts, diamonds with spades */
    uint64_t x = mask ^ (mask >> 32);
    uint64_t y = mask & (mask >> 32);
    uint64_t x0 = x & STUD_RANK_FIELD, x1 = (x >> 16) & STUD_RANK_FIELD;
    uint64_t y0 = y & STUD_RANK_FIELD, y1 = (y >> 16) & STUD_RANK_FIELD;
    uint64_t ones = x0 ^ x1;
    uint64_t twos = y0 ^ y1 ^ (x0 & x1);
    uint64_t fours = y0 & y1;
    return ones | (twos << 13) | (fours << 26);
}

static inline uint32_t stud_hash_slot(uint64_t key)
{
    uint64_t h = key * stud_hash_mul;
    uint32_t bucket = (uint32_t)(h >> (64 - STUD_HASH_BUCKET_BITS));
    uint32_t offset = (uint32_t)(h >> (64 - STUD_HASH_BUCKET_BITS - STUD_HASH_OFFSET_BITS)) &
                      ((1u << STUD_HASH_OFFSET_BITS) - 1);
    return offset + 2u * stud_hash_disp[bucket];
}

#endif
