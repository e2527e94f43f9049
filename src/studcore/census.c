/* census.c: exhaustive enumeration (see census.h).
 *
 * The hands are walked as combinations of card ids in increasing order,
 * each level adding one card to a running key (eval.h), so a hand costs
 * one key addition, one hash lookup and, when the cards above the last
 * two could still make a flush, a flush test.  The last two cards are one
 * flat loop over the pairs of cards above the others (one loop exit per
 * 5-card prefix instead of one per 6-card prefix). */
#include "census.h"

#include "eval.h"

#define N_PAIRS (STUD_CARDS * (STUD_CARDS - 1) / 2)

typedef struct {
    uint64_t key[STUD_CARDS], bit[STUD_CARDS]; /* by card id */
    /* every pair of cards, the higher first card first: the pairs above
     * card c are the first pairs_above[c] */
    uint64_t pair_key[N_PAIRS], pair_bit[N_PAIRS];
    uint32_t pairs_above[STUD_CARDS];
    uint64_t *high, *low8, *razz, *low27; /* low27: the 2-7 walk, which counts only it */
    int n_cards;
} census_walk;

/* Counts every hand of the prefix `key` / `mask` and one of its first
 * `n_pairs` pairs.  `flushes`: the prefix has three cards of a suit, so a
 * hand may hold a flush; `lows`: count the low8 and Razz values too.  Both
 * are constants where this is inlined. */
static inline void census_pairs(const census_walk *w, uint64_t key, uint64_t mask, uint32_t n_pairs,
                                int flushes, int lows)
{
    uint64_t *high = w->high, *low8 = w->low8, *razz = w->razz;
    for (uint32_t i = 0; i < n_pairs; i++) {
        uint64_t k = key + w->pair_key[i];
        uint32_t entry = stud_rkey_entry(k);
        unsigned value = flushes ? stud_rkey_high(k, mask | w->pair_bit[i], entry)
                                 : stud_rkey_unpack_high(entry);
        high[value]++;
        if (lows) {
            low8[stud_rkey_unpack_low8(entry)]++;
            razz[stud_rkey_unpack_razz(entry)]++;
        }
    }
}

/* census_pairs for the 2-7 low alone. */
static inline void census_pairs_27(const census_walk *w, uint64_t key, uint64_t mask,
                                   uint32_t n_pairs, int flushes)
{
    uint64_t *low27 = w->low27;
    for (uint32_t i = 0; i < n_pairs; i++) {
        uint64_t k = key + w->pair_key[i];
        uint32_t index = stud_rkey_index(k);
        low27[flushes ? stud_rkey_low27(k, mask | w->pair_bit[i], index) : stud_rkey_27(index)]++;
    }
}

/* Every hand that completes `key` / `mask` (`depth` cards) with cards of
 * ids from..51, each counted in the histograms. */
static void census_level(const census_walk *w, int depth, int from, uint64_t key, uint64_t mask,
                         int lows)
{
    if (depth + 2 < w->n_cards) {
        for (int c = from; c <= STUD_CARDS - (w->n_cards - depth); c++)
            census_level(w, depth + 1, c + 1, key + w->key[c], mask | w->bit[c], lows);
        return;
    }
    uint32_t n_pairs = w->pairs_above[from - 1];
    int flushes = stud_rkey_may_flush(key, 2);
    if (w->low27) {
        if (flushes)
            census_pairs_27(w, key, mask, n_pairs, 1);
        else
            census_pairs_27(w, key, mask, n_pairs, 0);
    } else if (lows) {
        if (flushes)
            census_pairs(w, key, mask, n_pairs, 1, 1);
        else
            census_pairs(w, key, mask, n_pairs, 0, 1);
    } else {
        if (flushes)
            census_pairs(w, key, mask, n_pairs, 1, 0);
        else
            census_pairs(w, key, mask, n_pairs, 0, 0);
    }
}

static uint64_t census_walk_all(int n_cards, int first_lo, int first_hi, uint64_t *high,
                                uint64_t *low8, uint64_t *razz, uint64_t *low27)
{
    census_walk walk, *w = &walk; /* about 22 KB */
    uint32_t n = 0;
    for (int c = 0; c < STUD_CARDS; c++) {
        w->key[c] = stud_rkey_card(c);
        w->bit[c] = stud_card_bit(c);
    }
    for (int a = STUD_CARDS - 2; a >= 0; a--) {
        for (int b = a + 1; b < STUD_CARDS; b++) {
            w->pair_key[n] = w->key[a] + w->key[b];
            w->pair_bit[n] = w->bit[a] | w->bit[b];
            n++;
        }
        if (a > 0)
            w->pairs_above[a - 1] = n; /* the pairs whose first card is above a - 1 */
    }
    w->pairs_above[STUD_CARDS - 2] = w->pairs_above[STUD_CARDS - 1] = 0;
    w->high = high;
    w->low8 = low8;
    w->razz = razz;
    w->low27 = low27;
    w->n_cards = n_cards;
    uint64_t visited = 0;
    for (int first = first_lo; first < first_hi && first <= STUD_CARDS - n_cards; first++) {
        /* the other cards in increasing id order above `first` */
        census_level(w, 1, first + 1, STUD_RKEY_EMPTY + w->key[first], w->bit[first],
                     low8 != NULL);
        uint64_t ways = 1; /* C(51 - first, n_cards - 1) */
        for (int i = 1; i < n_cards; i++)
            ways = ways * (uint64_t)(STUD_CARDS - first - i) / (uint64_t)i;
        visited += ways;
    }
    return visited;
}

uint64_t stud_census(int n_cards, int first_lo, int first_hi, uint64_t *high, uint64_t *low8,
                     uint64_t *razz)
{
    if (n_cards < 5 || n_cards > 7 || first_lo < 0 || first_hi > STUD_CARDS || !low8 != !razz ||
        !high)
        return 0;
    return census_walk_all(n_cards, first_lo, first_hi, high, low8, razz, NULL);
}

uint64_t stud_census_27(int n_cards, int first_lo, int first_hi, uint64_t *low27)
{
    if (n_cards < 5 || n_cards > 7 || first_lo < 0 || first_hi > STUD_CARDS || !low27)
        return 0;
    return census_walk_all(n_cards, first_lo, first_hi, NULL, NULL, NULL, low27);
}
