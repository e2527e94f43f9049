/* board.h: ranking partial boards of 1..4 upcards, for the bring-in and
 * for who acts first on later streets (docs/rules.md 2.1, 3.1-3.3).
 *
 * Both functions return a value where LARGER ACTS FIRST on later streets:
 *   stud_board_high  hi and hi-lo games (3.2): quads > trips > two pair >
 *                    pair > high cards, then ranks from the top, ace high;
 *                    straights and flushes never count.
 *   stud_board_razz  Razz (3.3), and Hi-Lo Regular in its default order
 *                    (13.2): the lowest board acts first, so a lower
 *                    board gets a larger value; unpaired < one pair < two
 *                    pair < trips < quads, each compared from its top rank
 *                    (pairs first), ace low.
 *   stud_board_27    2-7 Razz (12.3): the order of 3.2 reversed, ace high:
 *                    the lowest board acts first, K-Q lower than A-2.
 * On one card, the SMALLEST value brings in (2.1, 12.2): the lowest card
 * (ace high) in hi games, the highest card (king highest, ace low) in Razz,
 * the highest card (the ace highest) in 2-7 Razz.
 * Suits are ignored: ties are broken by the caller (2.2, 3.4).
 */
#ifndef STUD_BOARD_H
#define STUD_BOARD_H

#include <stdint.h>

#include "cards.h"
#include "tables.h"

uint32_t stud_board_high(uint64_t mask);
uint32_t stud_board_razz(uint64_t mask);
uint32_t stud_board_27(uint64_t mask);

/* The head of stud_board_high's key: its category (bits 16..19) and its
 * first rank (bits 12..15, the rank of the biggest group, highest first),
 * the rest zero: stud_board_high(mask) & ~0xFFF, without the other ranks. */
static inline uint32_t stud_board_high_head(uint64_t mask)
{
    uint64_t key = stud_rank_key(mask);
    unsigned ones = (unsigned)key & STUD_RANK_FIELD, twos = (unsigned)(key >> 13) & STUD_RANK_FIELD;
    unsigned fours = (unsigned)(key >> 26) & STUD_RANK_FIELD;
    unsigned trips = ones & twos, pairs = twos & ~ones, singles = ones & ~twos;
    uint32_t category = fours ? 4 : trips ? 3 : (pairs & (pairs - 1)) ? 2 : pairs ? 1 : 0;
    unsigned lead = fours ? fours : trips ? trips : pairs ? pairs : singles;
    uint32_t top = lead ? (uint32_t)(32 - stud_clz32(lead)) : 0; /* ranks count from 1 */
    return category << 16 | top << 12;
}

/* ---- boards as the engine keeps them while upcards arrive ---------------------
 *
 * Rank-count planes: bit 16k + r is set when the board holds exactly k + 1
 * cards of rank order r (0..12, the ace 12, or with the ace low 0).  A card
 * changes one plane bit, so a seat's board is brought up to date in a few
 * operations as each upcard is dealt, and its order key is read off it.
 * Two flags make the three orders: the ace low in the planes
 * (stud_board_add's `razz`: Razz, Hi-Lo Regular's low order) and the order
 * reversed (stud_board_order's `razz`: every low order).  2-7 Razz keeps
 * the ace high and reverses: stud_board_27's order.
 */

/* The planes with one more card of the rank whose plane-0 bit is `bit`. */
static inline uint64_t stud_board_add_bit(uint64_t planes, uint64_t bit)
{
    uint64_t held = planes & (bit * STUD_LANE_ONES); /* the rank's bit, in the plane of its count */
    return planes - held + (held << 16) + (held ? 0 : bit);
}

/* The planes with one more card. */
static inline uint64_t stud_board_add(uint64_t planes, int card, int razz)
{
    int rank = stud_card_rank(card);
    int order = razz ? (rank + 1) % STUD_RANKS : rank; /* 3.3: the ace low */
    return stud_board_add_bit(planes, 1ull << order);
}

/* An order key of the planes: it orders boards of up to four cards exactly
 * as stud_board_high (or with `razz` stud_board_razz, or on ace-high planes
 * with `razz` stud_board_27) does: larger acts
 * first, the smallest brings in.  The planes compared as one number are the
 * made ranks first (quads, trips, pairs), then the side cards from the top,
 * a missing card lowest; a flag at bit 30, between the pairs and the trips,
 * puts two pair above one pair.  Below 2^61. */
static inline uint64_t stud_board_order(uint64_t planes, int razz)
{
    uint64_t pairs = (planes >> 16) & STUD_RANK_FIELD;
    uint64_t key = planes | (uint64_t)((pairs & (pairs - 1)) != 0) << 30;
    return razz ? (1ull << 61) - 1 - key : key; /* 3.3: the lowest board first */
}

#endif
