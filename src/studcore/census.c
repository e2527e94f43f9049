/* census.c: exhaustive enumeration (see census.h). */
#include "census.h"

#include "eval.h"

uint64_t stud_census(int n_cards, int first_lo, int first_hi, uint64_t *high, uint64_t *low8,
                     uint64_t *razz)
{
    if (n_cards < 5 || n_cards > 7 || first_lo < 0 || first_hi > STUD_CARDS)
        return 0;
    int idx[7];
    uint64_t partial[8];
    uint64_t visited = 0;
    for (int first = first_lo; first < first_hi; first++) {
        /* the other cards in increasing id order above `first` */
        idx[0] = first;
        partial[1] = stud_card_bit(first);
        int depth = 1;
        idx[1] = first;
        while (depth > 0) {
            idx[depth]++;
            if (idx[depth] > STUD_CARDS - (n_cards - depth)) {
                depth--;
                continue;
            }
            partial[depth + 1] = partial[depth] | stud_card_bit(idx[depth]);
            if (depth + 1 < n_cards) {
                depth++;
                idx[depth] = idx[depth - 1];
                continue;
            }
            uint64_t mask = partial[n_cards];
            high[stud_eval_high(mask)]++;
            low8[stud_eval_low8(mask)]++;
            razz[stud_eval_razz(mask)]++;
            visited++;
        }
    }
    return visited;
}
