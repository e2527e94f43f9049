/* board.c: partial-board ranking (see board.h). */
#include "board.h"

#include "cards.h"

/* Category (0 = no pair, 1 = pair, 2 = two pair, 3 = trips, 4 = quads) in
 * bits 16..19, then up to four nibbles, left-aligned, of the ranks ordered
 * by (count desc, order desc); order[r] is 1..13 so an empty nibble (0)
 * sorts below every rank. */
static uint32_t board_key(uint64_t mask, const int order[STUD_RANKS])
{
    int counts[STUD_RANKS];
    int pairs = 0, trips = 0, quads = 0;
    for (int r = 0; r < STUD_RANKS; r++) {
        counts[r] = 0;
        for (int s = 0; s < STUD_SUITS; s++)
            counts[r] += (int)((mask >> (16 * s + r)) & 1);
        pairs += counts[r] == 2;
        trips += counts[r] == 3;
        quads += counts[r] == 4;
    }
    uint32_t category = quads ? 4 : trips ? 3 : pairs == 2 ? 2 : pairs;
    uint32_t ranks = 0;
    int nibbles = 0;
    for (int c = 4; c >= 1; c--)
        for (int o = STUD_RANKS; o >= 1; o--)
            for (int r = 0; r < STUD_RANKS; r++)
                if (order[r] == o && counts[r] == c)
                    for (int k = 0; k < c && nibbles < 4; k++, nibbles++)
                        ranks = (ranks << 4) | (uint32_t)o;
    ranks <<= 4 * (4 - nibbles);
    return category << 16 | ranks;
}

static const int high_order[STUD_RANKS] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
/* ace low: A = 1, 2 = 2, ..., K = 13 */
static const int low_order[STUD_RANKS] = {2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1};

uint32_t stud_board_high(uint64_t mask)
{
    return board_key(mask, high_order);
}

uint32_t stud_board_razz(uint64_t mask)
{
    return 0xFFFFFu - board_key(mask, low_order);
}
