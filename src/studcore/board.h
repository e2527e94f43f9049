/* board.h: ranking partial boards of 1..4 upcards, for the bring-in and
 * for who acts first on later streets (docs/rules.md 2.1, 3.1-3.3).
 *
 * Both functions return a value where LARGER ACTS FIRST on later streets:
 *   stud_board_high  hi and hi-lo games (3.2): quads > trips > two pair >
 *                    pair > high cards, then ranks from the top, ace high;
 *                    straights and flushes never count.
 *   stud_board_razz  Razz (3.3): the lowest board acts first, so a lower
 *                    board gets a larger value; unpaired < one pair < two
 *                    pair < trips < quads, each compared from its top rank
 *                    (pairs first), ace low.
 * On one card, the SMALLEST value brings in (2.1): the lowest card (ace
 * high) in hi games, the highest card (king highest, ace low) in Razz.
 * Suits are ignored: ties are broken by the caller (2.2, 3.4).
 */
#ifndef STUD_BOARD_H
#define STUD_BOARD_H

#include <stdint.h>

uint32_t stud_board_high(uint64_t mask);
uint32_t stud_board_razz(uint64_t mask);

#endif
