/* board.c: partial-board ranking (see board.h). */
#include "board.h"

#include "cards.h"

/* Category (0 = no pair, 1 = pair, 2 = two pair, 3 = trips, 4 = quads) in
 * bits 16..19, then up to four nibbles, left-aligned, of the cards' ranks
 * ordered by (count desc, order desc); order[r] is 1..13 so an empty
 * nibble (0) sorts below every rank. */
static uint32_t board_key(uint64_t mask, const int order[STUD_RANKS])
{
    int value[4], n = 0;
    for (uint64_t rest = mask; rest && n < 4; rest &= rest - 1)
        value[n++] = order[stud_card_rank(stud_lowest_card(rest))];
    for (int i = 1; i < n; i++) /* descending */
        for (int j = i; j > 0 && value[j] > value[j - 1]; j--) {
            int t = value[j];
            value[j] = value[j - 1];
            value[j - 1] = t;
        }
    /* runs of equal ranks, then the runs by (length desc, rank desc) */
    int run_value[4], run_length[4], runs = 0;
    for (int i = 0; i < n; i++) {
        if (runs > 0 && run_value[runs - 1] == value[i]) {
            run_length[runs - 1]++;
        } else {
            run_value[runs] = value[i];
            run_length[runs++] = 1;
        }
    }
    int pairs = 0, trips = 0, quads = 0;
    for (int i = 0; i < runs; i++) {
        pairs += run_length[i] == 2;
        trips += run_length[i] == 3;
        quads += run_length[i] == 4;
    }
    uint32_t category = quads ? 4 : trips ? 3 : pairs == 2 ? 2 : (uint32_t)pairs;
    uint32_t ranks = 0;
    for (int length = 4; length >= 1; length--)
        for (int i = 0; i < runs; i++)
            if (run_length[i] == length)
                for (int k = 0; k < length; k++)
                    ranks = (ranks << 4) | (uint32_t)run_value[i];
    ranks <<= 4 * (4 - n);
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
