/* board.c: partial-board ranking (see board.h). */
#include "board.h"

#include "cards.h"
#include "portable.h"
#include "tables.h"

/* Appends the ranks of `set` (bit r = rank order r + 1), highest first,
 * each `copies` times, as nibbles. */
static void append_ranks(unsigned set, int copies, uint32_t *ranks, int *n)
{
    /* a nibble repeated 0..4 times */
    static const uint32_t repeat[5] = {0x0, 0x1, 0x11, 0x111, 0x1111};
    while (set) {
        int top = 31 - stud_clz32(set);
        set &= ~(1u << top);
        *ranks = (*ranks << (4 * copies)) | (uint32_t)(top + 1) * repeat[copies];
        *n += copies;
    }
}

/* Category (0 = no pair, 1 = pair, 2 = two pair, 3 = trips, 4 = quads) in
 * bits 16..19, then up to four nibbles, left-aligned, of the cards' ranks
 * ordered by (count desc, rank desc), ranks counted 1..13 so an empty
 * nibble (0) sorts below every rank.  The rank counts come from the same
 * bit planes as the evaluator's key; with `ace_low` the ace is rank 1. */
static uint32_t board_key(uint64_t mask, int ace_low)
{
    uint64_t key = stud_rank_key(mask);
    unsigned ones = (unsigned)key & STUD_RANK_FIELD, twos = (unsigned)(key >> 13) & STUD_RANK_FIELD;
    unsigned fours = (unsigned)(key >> 26) & STUD_RANK_FIELD;
    if (ace_low) { /* rotate the ace (bit 12) below the deuce */
        ones = ((ones << 1) | (ones >> 12)) & STUD_RANK_FIELD;
        twos = ((twos << 1) | (twos >> 12)) & STUD_RANK_FIELD;
        fours = ((fours << 1) | (fours >> 12)) & STUD_RANK_FIELD;
    }
    unsigned trips = ones & twos, pairs = twos & ~ones, singles = ones & ~twos;
    uint32_t category = fours ? 4 : trips ? 3 : (pairs & (pairs - 1)) ? 2 : pairs ? 1 : 0;
    uint32_t ranks = 0;
    int n = 0;
    append_ranks(fours, 4, &ranks, &n);
    append_ranks(trips, 3, &ranks, &n);
    append_ranks(pairs, 2, &ranks, &n);
    append_ranks(singles, 1, &ranks, &n);
    ranks <<= 4 * (4 - n);
    return category << 16 | ranks;
}

uint32_t stud_board_high(uint64_t mask)
{
    return board_key(mask, 0);
}

uint32_t stud_board_razz(uint64_t mask)
{
    return 0xFFFFFu - board_key(mask, 1);
}

uint32_t stud_board_27(uint64_t mask)
{
    return 0xFFFFFu - board_key(mask, 0); /* 12.3: 3.2's order reversed, ace high */
}
