/* tables.h: the evaluator's lookup tables and the rank-multiset hash.
 *
 * The tables are generated at build time by gen_tables.c into
 * tables_data.c (const data, nothing to initialise at run time).
 *
 * Value scales (larger is always better):
 *   high   1..7462   one value per class of 5-card hands (7462 classes)
 *   razz   1..6175   A-5 low, pairs count against (6175 = 5-4-3-2-A)
 *   low8   0..56     8-or-better low, 0 = no qualifying low (56 = wheel)
 *   2-7    1..7462   deuce-to-seven low (docs/rules.md 12.5): ace high only,
 *                    straights and flushes count against; 7462 = 7-5-4-3-2
 *                    of two suits or more, 1 = royal flush
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
 *
 * Running key.  Loops that build hands a card at a time (exact equity, the
 * census) carry a key that each card adds to.  The rank counts at 3 bits a
 * rank (rank r at bit 3r) also name a multiset, and they add: one card of
 * rank r adds 1 << 3r.  A second perfect hash of the same shape, with its
 * own multiplier M and displacements, maps those 39-bit counts to slots
 * holding the high, Razz and 8-or-better values packed in a 32-bit word.
 * Because a product distributes over a sum, the loops carry the counts
 * already multiplied: a card adds (1 << 3r) * M (mod 2^64), and the bucket
 * and offset are read straight off the running key, no multiply per hand
 * (stud_rkey_index).
 * M's low STUD_RKEY_MUL_SHIFT bits are zero, so the product leaves bits
 * 0..24 zero; bits 0..15 hold a 4-bit counter per suit (suit s at 4s),
 * which starts at 3 (STUD_RKEY_EMPTY), so that its top bit is set once the
 * suit holds five cards (7 cards at most).  stud_rkey_card_key[c] is what
 * card c adds.
 */
#ifndef STUD_TABLES_H
#define STUD_TABLES_H

#include <stdint.h>
#include "cards.h"

#define STUD_HIGH_CLASSES 7462
#define STUD_RAZZ_CLASSES 6175
#define STUD_LOW8_CLASSES 56
#define STUD_27_CLASSES 7462

#define STUD_HASH_BUCKET_BITS 15
#define STUD_HASH_OFFSET_BITS 14

extern const uint64_t stud_hash_mul;
extern const uint32_t stud_hash_slots;
extern const uint16_t stud_hash_disp[(1u << STUD_HASH_BUCKET_BITS) + 1];
extern const uint16_t stud_high_by_slot[];   /* best high value of the multiset, flushes aside */
extern const uint16_t stud_razz_by_slot[];   /* best A-5 low of the multiset */
extern const uint16_t stud_27_by_slot[];    /* best 2-7 low of the multiset, as if no flush */
/* The five ranks (bit r: rank index r) of each 2-7 value of five distinct
 * ranks and no flush (no pair, straight); 0 for the other values. */
extern const uint16_t stud_27_ranks[STUD_27_CLASSES + 1];
extern const uint16_t stud_flush_high[8192 + 1]; /* best flush / straight flush of one suit field, 0 if < 5 cards */
extern const uint16_t stud_flush_27[8192 + 1];   /* best 2-7 low (a flush) of five cards of one suit field, 0 if < 5 */
extern const uint8_t stud_low8_by_ranks[256 + 3]; /* bit 0 = ace, bit k = rank k+1 (2..8); 3 spare */
extern const uint16_t stud_high_category_start[10]; /* first value of each category; [9] = 7463 */
/* The category (0 = no pair .. 8 = straight flush, numbered as the high
 * categories) of each 2-7 value; [0] = 0 (no value). */
extern const uint8_t stud_27_category[STUD_27_CLASSES + 1];

#define STUD_RKEY_MUL_SHIFT 25 /* the multiplier's low zero bits: 64 - 25 = 39 */
#define STUD_RKEY_EMPTY 0x3333ull
#define STUD_RKEY_FLUSH 0x8888ull

extern const uint64_t stud_rkey_mul;
extern const uint32_t stud_rkey_slots;
extern const uint64_t stud_rkey_card_key[STUD_CARDS];
/* One table, so that a loop keeps one base address: 2^STUD_HASH_BUCKET_BITS
 * index offsets (stud_rkey_index), then the entries of the slots:
 * high | razz << 13 | low8 << 26 (flushes aside for the high). */
extern const uint32_t stud_rkey_table[];
/* The 2-7 low of each slot (as if no flush), beside the packed entries:
 * index them with stud_rkey_27 (the entry's index, less the offsets). */
extern const uint16_t stud_rkey_27_entries[];

/* What one card adds to a running key. */
static inline uint64_t stud_rkey_card(int card)
{
    return stud_rkey_card_key[card];
}

/* The 2-7 low (flushes aside) of the slot whose entry is at `index`
 * (stud_rkey_index) in stud_rkey_table. */
static inline unsigned stud_rkey_27(uint32_t index)
{
    return stud_rkey_27_entries[index - (1u << STUD_HASH_BUCKET_BITS)];
}

static inline uint32_t stud_rkey_pack(unsigned high, unsigned razz, unsigned low8)
{
    return (uint32_t)high | (uint32_t)razz << 13 | (uint32_t)low8 << 26;
}

static inline unsigned stud_rkey_unpack_high(uint32_t entry) { return entry & 0x1FFFu; }
static inline unsigned stud_rkey_unpack_razz(uint32_t entry) { return (entry >> 13) & 0x1FFFu; }
static inline unsigned stud_rkey_unpack_low8(uint32_t entry) { return entry >> 26; }

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

/* The index in stud_rkey_table of the entry of a running key's rank
 * multiset (5..7 cards): the slot stud_hash_slot would compute from the
 * product, read off the key, with the masking of the offset, the doubling
 * of the displacement and the start of the entries folded into the first
 * part of the table: one shift each, one read, one addition. */
static inline uint32_t stud_rkey_index(uint64_t key)
{
    uint32_t high_bits = (uint32_t)(key >> (64 - STUD_HASH_BUCKET_BITS - STUD_HASH_OFFSET_BITS));
    return high_bits + stud_rkey_table[key >> (64 - STUD_HASH_BUCKET_BITS)];
}

#endif
