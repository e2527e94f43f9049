/* census.h: exhaustive enumeration of hands, for the tests' correctness
 * anchors (DESIGN.md): every n-card hand is evaluated in C and counted by
 * value.  The work splits by the lowest card id so callers can run ranges
 * on several threads and add the histograms.
 */
#ifndef STUD_CENSUS_H
#define STUD_CENSUS_H

#include <stdint.h>

/* Adds to the histograms (indexed by value: high[7463], low8[57],
 * razz[6176]) every hand of n_cards (5..7) cards whose lowest card id is in
 * [first_lo, first_hi).  low8 and razz may both be NULL: then only the
 * high is counted (what enumeration benchmarks time).
 * Returns the number of hands visited. */
uint64_t stud_census(int n_cards, int first_lo, int first_hi, uint64_t *high, uint64_t *low8,
                     uint64_t *razz);

/* The same walk for the 2-7 low (docs/rules.md 12.5): adds every such
 * hand to low27[7463], indexed by value (the running keys' 2-7 entries,
 * and the exact flushed path when a suit holds five cards).  Returns the
 * number of hands visited (0 for bad arguments). */
uint64_t stud_census_27(int n_cards, int first_lo, int first_hi, uint64_t *low27);

#endif
