/* cards.h: the card and card-set encoding used everywhere in stud.
 *
 *   rank index  r = rank - 2         0..12 for 2 3 4 5 6 7 8 9 T J Q K A
 *   suit index  s                    0..3  for c d h s  (clubs lowest: the
 *                                    casino suit order, docs/rules.md 2.2 / 9.5)
 *   card id     4*r + s              0..51: ids sort by rank, then suit
 *   mask bit    16*s + r             one 16-bit field per suit; bits 13..15
 *                                    of each field are always zero
 *
 *   bit:  63..48        47..32        31..16        15..0
 *         spades        hearts        diamonds      clubs
 *         ...AKQJT98765432 in the low 13 bits of each field
 *
 * A set of cards is the OR of its bits (a uint64_t).  With one field per
 * suit, a flush is a field with five or more bits, and the OR of the four
 * fields is the set of ranks present.
 */
#ifndef STUD_CARDS_H
#define STUD_CARDS_H

#include <stdint.h>

#include "portable.h"

#define STUD_RANKS 13
#define STUD_SUITS 4
#define STUD_CARDS 52
#define STUD_RANK_FIELD 0x1FFFu
#define STUD_VALID_BITS 0x1FFF1FFF1FFF1FFFull
#define STUD_LANE_ONES 0x0001000100010001ull

static inline int stud_card_rank(int card) { return card >> 2; }
static inline int stud_card_suit(int card) { return card & 3; }
static inline int stud_make_card(int rank_index, int suit) { return rank_index * 4 + suit; }

static inline uint64_t stud_card_bit(int card)
{
    return 1ull << (16 * (card & 3) + (card >> 2));
}

/* The card id of the lowest set bit of a nonzero mask. */
static inline int stud_lowest_card(uint64_t mask)
{
    int bit = stud_ctz64(mask);
    return (bit & 15) * 4 + (bit >> 4);
}

/* The highest card of a set by rank, then suit (ace low when asked), as
 * rank order * 4 + suit: its suit is key & 3. */
static inline int stud_top_card_key(uint64_t cards, int ace_low)
{
    int best = 0;
    for (uint64_t rest = cards; rest; rest &= rest - 1) {
        int card = stud_lowest_card(rest);
        int rank = stud_card_rank(card);
        int key = (ace_low ? (rank + 1) % STUD_RANKS : rank) * 4 + stud_card_suit(card);
        best = key > best ? key : best;
    }
    return best;
}

/* Population count without relying on a popcnt instruction (the library is
 * built for the baseline x86-64 ISA).  Compilers turn this into popcnt where
 * the target has it. */
static inline int stud_popcount(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

/* The 13-bit field of one suit. */
static inline unsigned stud_suit_field(uint64_t mask, int suit)
{
    return (unsigned)(mask >> (16 * suit)) & STUD_RANK_FIELD;
}

/* The set of ranks present (bit r for rank index r). */
static inline unsigned stud_rank_set(uint64_t mask)
{
    uint64_t x = mask | (mask >> 32);
    return (unsigned)(x | (x >> 16)) & STUD_RANK_FIELD;
}

#endif
