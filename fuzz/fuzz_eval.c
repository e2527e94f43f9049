/* fuzz_eval.c: libFuzzer target for the evaluators (eval.h, board.h,
 * census.h).
 *
 * Input: byte 0 chooses how the rest becomes masks.
 *   bit 0 clear: groups of [header][cards...]: header & 7 cards follow,
 *                each card byte & 63 (52..63 land on the unused bits
 *                13..15 of a suit field); header bit 7 then flips one more
 *                bit given by the next byte, so invalid masks stay common.
 *   bit 0 set:   raw little-endian 8-byte masks.
 * Every mask then goes through the checked batches; the first few valid
 * ones also through the slower consistency checks below.
 *
 * Invariants (a violation aborts):
 *   - every checked batch returns stud_first_invalid_scalar(masks, n, 5, 7),
 *     and so does stud_first_invalid (the vector version when present), on
 *     the AVX2 path and again with the scalar loops forced;
 *   - before that index each value equals the scalar inline evaluator and
 *     lies on its scale (high 1..7462, low8 0..56, razz 1..6175, 2-7 1..7462);
 *   - no batch writes outside its n outputs (exact heap buffers, ASan);
 *   - 5-card values order hands as an independent structural ranking does
 *     (the 2-7 low: the high order reversed, A-5-4-3-2 no straight), and a
 *     6- or 7-card value is the best of its 5-card subsets;
 *   - stud_best_five returns a 5-card subset with the hand's own value;
 *   - the running key of a hand, built a card at a time in any order,
 *     gives the values of the mask evaluators (high, low8, razz, 2-7);
 *   - board ranking of 1..4 cards ignores suits and orders boards of the
 *     same size as an independent ranking does (hi and Razz);
 *   - stud_census on a small range visits C(51 - first, n - 1) hands per
 *     first card and fills only in-scale histogram cells.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "cards.h"
#include "census.h"
#include "eval.h"

#define FUZZ_TARGET "fuzz_eval"
#include "fuzz_common.h"

#define MAX_MASKS 512 /* several 64-mask blocks of the checked batches */
#define DEEP_CHECKS 24 /* valid masks given the slow checks, per input */

static int sign(long long x)
{
    return (x > 0) - (x < 0);
}

static int is_valid(uint64_t m, int lo, int hi)
{
    int n = stud_popcount(m);
    return !(m & ~STUD_VALID_BITS) && n >= lo && n <= hi;
}

static void rank_counts(uint64_t m, int counts[STUD_RANKS])
{
    for (int r = 0; r < STUD_RANKS; r++)
        counts[r] = 0;
    for (int s = 0; s < STUD_SUITS; s++)
        for (int r = 0; r < STUD_RANKS; r++)
            counts[r] += (int)(stud_suit_field(m, s) >> r & 1);
}

/* Ranks as nibbles ordered by (count desc, order desc), where order[r] is
 * the rank's place (ace high or ace low).  Written out from the counts
 * rather than from bit planes, unlike the library. */
static uint32_t pack(const int counts[STUD_RANKS], int ace_low)
{
    uint32_t packed = 0;
    for (int c = 4; c >= 1; c--)
        for (int o = STUD_RANKS - 1; o >= 0; o--) {
            int r = ace_low ? (o + STUD_RANKS - 1) % STUD_RANKS : o;
            if (counts[r] == c)
                for (int k = 0; k < c; k++)
                    packed = packed << 4 | (uint32_t)(o + 1);
        }
    return packed;
}

/* Count shape: 0 none, 1 pair, 2 two pair, 3 trips, 4 full house, 5 quads. */
static int shape(const int counts[STUD_RANKS])
{
    int pairs = 0, trips = 0, quads = 0;
    for (int r = 0; r < STUD_RANKS; r++) {
        pairs += counts[r] == 2;
        trips += counts[r] == 3;
        quads += counts[r] == 4;
    }
    if (quads)
        return 5;
    if (trips && pairs)
        return 4;
    if (trips)
        return 3;
    return pairs >= 2 ? 2 : pairs;
}

/* Reference key of a 5-card high hand: larger is better. */
static uint64_t ref_high5(uint64_t m)
{
    int counts[STUD_RANKS];
    rank_counts(m, counts);
    int flush = 0;
    for (int s = 0; s < STUD_SUITS; s++)
        flush |= stud_popcount(stud_suit_field(m, s)) == 5;
    unsigned ranks = stud_rank_set(m);
    int straight_top = -1;
    if (stud_popcount(ranks) == 5) {
        int top = 31 - __builtin_clz(ranks), bottom = __builtin_ctz(ranks);
        if (top - bottom == 4)
            straight_top = top;
        else if (ranks == 0x100Fu) /* A-2-3-4-5: the five is the top */
            straight_top = 3;
    }
    static const int by_shape[6] = {0, 1, 2, 3, 6, 7}; /* shape -> category */
    int category = by_shape[shape(counts)];
    uint32_t tie = pack(counts, 0);
    if (straight_top >= 0 && flush) {
        category = 8;
        tie = (uint32_t)straight_top;
    } else if (flush) {
        category = 5;
    } else if (straight_top >= 0) {
        category = 4;
        tie = (uint32_t)straight_top;
    }
    return (uint64_t)category << 24 | tie;
}

/* Reference key of a 5-card A-5 low: SMALLER is better. */
static uint64_t ref_razz5(uint64_t m)
{
    int counts[STUD_RANKS];
    rank_counts(m, counts);
    return (uint64_t)shape(counts) << 24 | pack(counts, 1);
}

/* Reference key of a 5-card 8-or-better low: smaller is better, 0 for none. */
static uint64_t ref_low8_5(uint64_t m)
{
    int counts[STUD_RANKS];
    rank_counts(m, counts);
    if (shape(counts) != 0)
        return 0;
    for (int r = 0; r < STUD_RANKS; r++)
        if (counts[r] && r >= 7 && r != 12) /* 9 or higher */
            return 0;
    return pack(counts, 1);
}

/* Reference key of a 5-card 2-7 low (docs/rules.md 12.5): smaller is
 * better; the high key with the ace high only (A-5-4-3-2 no straight). */
static uint64_t ref_27_5(uint64_t m)
{
    uint64_t key = ref_high5(m);
    if (stud_rank_set(m) == 0x100Fu) { /* A-5-4-3-2: ace-high no pair, or a flush */
        int counts[STUD_RANKS];
        rank_counts(m, counts);
        key = (uint64_t)((key >> 24) == 8 ? 5 : 0) << 24 | pack(counts, 0);
    }
    return key;
}

static unsigned value_of(uint64_t m, int kind)
{
    return kind == STUD_EVAL_HIGH   ? stud_eval_high(m)
           : kind == STUD_EVAL_LOW8 ? stud_eval_low8(m)
           : kind == STUD_EVAL_27   ? stud_eval_27(m)
                                    : stud_eval_razz(m);
}

/* The best value over the 5-card subsets of a 5..7-card mask. */
static unsigned best_subset(uint64_t m, int kind)
{
    uint64_t cards[7];
    int n = 0;
    for (uint64_t rest = m; rest; rest &= rest - 1)
        cards[n++] = rest & (~rest + 1);
    unsigned best = 0;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            for (int c = b + 1; c < n; c++)
                for (int d = c + 1; d < n; d++)
                    for (int e = d + 1; e < n; e++) {
                        unsigned v = value_of(cards[a] | cards[b] | cards[c] | cards[d] | cards[e],
                                              kind);
                        best = v > best ? v : best;
                    }
    return best;
}

static void check_batches_once(const uint64_t *masks, size_t n)
{
    size_t expect = stud_first_invalid_scalar(masks, n, 5, 7);
    /* the values before the first invalid mask must all be written */
    size_t written = expect;
    REQUIRE(stud_first_invalid(masks, n, 5, 7) == expect);
    /* exact-size heap outputs: a write past n is an ASan report */
    uint16_t *a = malloc((n ? n : 1) * sizeof *a);
    uint16_t *b = malloc((n ? n : 1) * sizeof *b);
    REQUIRE(a && b);

    REQUIRE(stud_eval_high_batch(masks, a, n) == expect);
    for (size_t i = 0; i < written; i++)
        REQUIRE(a[i] == stud_eval_high(masks[i]) && a[i] >= 1 && a[i] <= STUD_HIGH_CLASSES);
    REQUIRE(stud_eval_low8_batch(masks, a, n) == expect);
    for (size_t i = 0; i < written; i++)
        REQUIRE(a[i] == stud_eval_low8(masks[i]) && a[i] <= STUD_LOW8_CLASSES);
    REQUIRE(stud_eval_razz_batch(masks, a, n) == expect);
    for (size_t i = 0; i < written; i++)
        REQUIRE(a[i] == stud_eval_razz(masks[i]) && a[i] >= 1 && a[i] <= STUD_RAZZ_CLASSES);
    REQUIRE(stud_eval_27_batch(masks, a, n) == expect);
    for (size_t i = 0; i < written; i++)
        REQUIRE(a[i] == stud_eval_27(masks[i]) && a[i] >= 1 && a[i] <= STUD_27_CLASSES);
    REQUIRE(stud_eval_hilo_batch(masks, a, b, n) == expect);
    for (size_t i = 0; i < written; i++)
        REQUIRE(a[i] == stud_eval_high(masks[i]) && b[i] == stud_eval_low8(masks[i]));

    /* the unchecked scalar twins on the valid prefix */
    stud_eval_high_batch_scalar(masks, a, expect);
    for (size_t i = 0; i < expect; i++)
        REQUIRE(a[i] == stud_eval_high(masks[i]));
    stud_eval_hilo_batch_scalar(masks, a, b, expect);
    for (size_t i = 0; i < expect; i++)
        REQUIRE(a[i] == stud_eval_high(masks[i]) && b[i] == stud_eval_low8(masks[i]));
    free(a);
    free(b);

    /* other card-count windows of the checker */
    for (int lo = 0; lo <= 8; lo += 4)
        REQUIRE(stud_first_invalid(masks, n, lo, lo + 3) ==
                stud_first_invalid_scalar(masks, n, lo, lo + 3));
}

/* Both paths of the checked batches: the AVX2 kernels (when the processor
 * has them) and the scalar loops. */
static void check_batches(const uint64_t *masks, size_t n)
{
    check_batches_once(masks, n);
    stud_batch_set_simd(0);
    check_batches_once(masks, n);
    stud_batch_set_simd(1);
}

/* The running key, built from the highest card down, and from the mask. */
static void check_running_key(uint64_t m, unsigned high, unsigned low8, unsigned razz,
                              unsigned low27)
{
    uint64_t key = STUD_RKEY_EMPTY, seen = 0;
    for (int card = STUD_CARDS - 1; card >= 0; card--) {
        if (m & stud_card_bit(card)) {
            key += stud_rkey_card(card);
            seen |= stud_card_bit(card);
        }
    }
    REQUIRE(seen == m && key == stud_rkey_of(m));
    uint32_t entry = stud_rkey_entry(key);
    REQUIRE(stud_rkey_high(key, m, entry) == high);
    REQUIRE(stud_rkey_unpack_low8(entry) == low8);
    REQUIRE(stud_rkey_unpack_razz(entry) == razz);
    REQUIRE(stud_rkey_low27(key, m, stud_rkey_index(key)) == low27);
}

static void check_hand(uint64_t m)
{
    unsigned high = stud_eval_high(m), low8 = stud_eval_low8(m), razz = stud_eval_razz(m);
    unsigned low27 = stud_eval_27(m);
    check_running_key(m, high, low8, razz, low27);
    REQUIRE(low27 >= 1 && low27 <= STUD_27_CLASSES);
    int category = stud_high_category(high);
    REQUIRE(category >= 0 && category <= 8);
    REQUIRE(high >= stud_high_category_start[category] &&
            high < stud_high_category_start[category + 1]);
    if (stud_popcount(m) == 5) {
        REQUIRE((unsigned)category == ref_high5(m) >> 24);
        REQUIRE((low8 == 0) == (ref_low8_5(m) == 0));
    } else {
        REQUIRE(high == best_subset(m, STUD_EVAL_HIGH));
        REQUIRE(low8 == best_subset(m, STUD_EVAL_LOW8));
        REQUIRE(razz == best_subset(m, STUD_EVAL_RAZZ));
        REQUIRE(low27 == best_subset(m, STUD_EVAL_27));
    }
    for (int kind = STUD_EVAL_HIGH; kind <= STUD_EVAL_27; kind++) {
        uint64_t five = stud_best_five(m, (enum stud_eval_kind)kind);
        if (kind == STUD_EVAL_LOW8 && low8 == 0) {
            REQUIRE(five == 0);
            continue;
        }
        REQUIRE(stud_popcount(five) == 5 && (five & ~m) == 0);
        REQUIRE(value_of(five, kind) == value_of(m, kind));
    }
}

/* Two 5-card hands: the library orders them as the reference keys do. */
static void check_pair(uint64_t a, uint64_t b)
{
    REQUIRE(sign((long long)stud_eval_high(a) - stud_eval_high(b)) ==
            sign((long long)ref_high5(a) - (long long)ref_high5(b)));
    REQUIRE(sign((long long)stud_eval_razz(a) - stud_eval_razz(b)) ==
            sign((long long)ref_razz5(b) - (long long)ref_razz5(a)));
    REQUIRE(sign((long long)stud_eval_27(a) - stud_eval_27(b)) ==
            sign((long long)ref_27_5(b) - (long long)ref_27_5(a)));
    uint64_t la = ref_low8_5(a), lb = ref_low8_5(b);
    if (la && lb)
        REQUIRE(sign((long long)stud_eval_low8(a) - stud_eval_low8(b)) ==
                sign((long long)lb - (long long)la));
}

/* Reference board key (larger acts first in hi games): category by the
 * count shape, then ranks by (count desc, rank desc). */
static uint64_t ref_board(uint64_t m, int ace_low)
{
    int counts[STUD_RANKS];
    rank_counts(m, counts);
    static const int by_shape[6] = {0, 1, 2, 3, 3, 4}; /* no full house in 4 cards */
    return (uint64_t)by_shape[shape(counts)] << 24 | pack(counts, ace_low);
}

/* The same cards with the suits permuted (a rotation of the four fields). */
static uint64_t rotate_suits(uint64_t m, int by)
{
    by &= 3;
    return by ? (m << (16 * by)) | (m >> (64 - 16 * by)) : m;
}

static void check_board(uint64_t m)
{
    uint32_t high = stud_board_high(m), razz = stud_board_razz(m);
    REQUIRE(stud_board_27(m) == 0xFFFFFu - high); /* 12.3: 3.2 reversed, ace high */
    for (int by = 1; by < 4; by++) {
        REQUIRE(stud_board_high(rotate_suits(m, by)) == high);
        REQUIRE(stud_board_razz(rotate_suits(m, by)) == razz);
    }
}

static void check_boards(uint64_t a, uint64_t b)
{
    REQUIRE(sign((long long)stud_board_high(a) - stud_board_high(b)) ==
            sign((long long)ref_board(a, 0) - (long long)ref_board(b, 0)));
    /* Razz: a lower board (ace low) is the larger value */
    REQUIRE(sign((long long)stud_board_razz(a) - stud_board_razz(b)) ==
            sign((long long)ref_board(b, 1) - (long long)ref_board(a, 1)));
    /* 2-7 Razz: a lower board (ace high) is the larger value */
    REQUIRE(sign((long long)stud_board_27(a) - stud_board_27(b)) ==
            sign((long long)ref_board(b, 0) - (long long)ref_board(a, 0)));
    /* the engine's planes (ace high, order reversed) agree */
    uint64_t pa = 0, pb = 0;
    for (uint64_t r = a; r; r &= r - 1)
        pa = stud_board_add(pa, stud_lowest_card(r), 0);
    for (uint64_t r = b; r; r &= r - 1)
        pb = stud_board_add(pb, stud_lowest_card(r), 0);
    uint64_t oa = stud_board_order(pa, 1), ob = stud_board_order(pb, 1);
    REQUIRE((oa > ob) - (oa < ob) == sign((long long)stud_board_27(a) - stud_board_27(b)));
}

static void check_census(const uint8_t *p)
{
    static uint64_t high[STUD_HIGH_CLASSES + 1], low8[STUD_LOW8_CLASSES + 1],
        razz[STUD_RAZZ_CLASSES + 1];
    memset(high, 0, sizeof high);
    memset(low8, 0, sizeof low8);
    memset(razz, 0, sizeof razz);
    int n_cards = (int8_t)p[0], lo = (int8_t)p[1], hi = (int8_t)p[2];
    if (p[0] & 0x80) { /* mostly a small, valid range near the top */
        n_cards = 5 + (p[0] & 3) % 3;
        lo = 40 + p[1] % 13;
        hi = lo + p[2] % 4;
        hi = hi > STUD_CARDS ? STUD_CARDS : hi;
    }
    int valid = n_cards >= 5 && n_cards <= 7 && lo >= 0 && hi <= STUD_CARDS;
    if (valid && lo < 40)
        return; /* too slow for a fuzz iteration */
    uint64_t visited = stud_census(n_cards, lo, hi, high, low8, razz);
    uint64_t expect = 0;
    for (int first = lo; valid && first < hi; first++)
        expect += choose(STUD_CARDS - 1 - first, n_cards - 1);
    REQUIRE(visited == expect);
    uint64_t sum[3] = {0, 0, 0};
    for (int v = 0; v <= STUD_HIGH_CLASSES; v++)
        sum[0] += high[v];
    for (int v = 0; v <= STUD_LOW8_CLASSES; v++)
        sum[1] += low8[v];
    for (int v = 0; v <= STUD_RAZZ_CLASSES; v++)
        sum[2] += razz[v];
    REQUIRE(sum[0] == visited && sum[1] == visited && sum[2] == visited);
    REQUIRE(high[0] == 0 && razz[0] == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    int raw = data[0] & 1;
    const uint8_t *p = data + 1, *end = data + size;
    uint64_t *masks = malloc(MAX_MASKS * sizeof *masks);
    REQUIRE(masks);
    size_t n = 0;
    while (p < end && n < MAX_MASKS) {
        uint64_t m = 0;
        if (raw) {
            if (end - p < 8)
                break;
            memcpy(&m, p, 8);
            p += 8;
        } else {
            uint8_t header = *p++;
            for (int k = 0; k < (header & 7) && p < end; k++)
                m |= stud_card_bit(*p++ & 63);
            if ((header & 0x80) && p < end)
                m ^= 1ull << (*p++ & 63);
        }
        masks[n++] = m;
    }
    /* an exact-size copy: a read past n is an ASan report */
    uint64_t *exact = malloc((n ? n : 1) * sizeof *exact);
    REQUIRE(exact);
    memcpy(exact, masks, n * sizeof *exact);
    check_batches(exact, n);
    /* the same masks from every start offset within a block, so the
     * vector tails and the block boundaries see every alignment */
    if (n > 1)
        check_batches(exact + n / 2, n - n / 2);

    uint64_t five[DEEP_CHECKS], board[DEEP_CHECKS];
    int n_five = 0, n_board = 0, deep = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t m = exact[i];
        if (is_valid(m, 5, 7) && deep < DEEP_CHECKS) {
            deep++;
            check_hand(m);
            if (stud_popcount(m) == 5)
                five[n_five++] = m;
        }
        if (is_valid(m, 1, 4) && n_board < DEEP_CHECKS) {
            check_board(m);
            board[n_board++] = m;
        }
    }
    for (int i = 0; i + 1 < n_five; i++)
        check_pair(five[i], five[i + 1]);
    for (int i = 0; i < n_board; i++)
        for (int j = i + 1; j < n_board; j++)
            if (stud_popcount(board[i]) == stud_popcount(board[j]))
                check_boards(board[i], board[j]);
    /* a single card: the smallest brings in (ace high in hi, king high in Razz) */
    for (int i = 0; i + 1 < n_board; i++) {
        uint64_t a = board[i], b = board[i + 1];
        if (stud_popcount(a) != 1 || stud_popcount(b) != 1)
            continue;
        int ra = stud_card_rank(stud_lowest_card(a)), rb = stud_card_rank(stud_lowest_card(b));
        REQUIRE(sign((long long)stud_board_high(a) - stud_board_high(b)) == sign(ra - rb));
        int la = (ra + 1) % STUD_RANKS, lb = (rb + 1) % STUD_RANKS; /* ace low */
        REQUIRE(sign((long long)stud_board_razz(a) - stud_board_razz(b)) == sign(lb - la));
    }
    if (size >= 4 && (data[0] & 2))
        check_census(data + size - 3);

    /* the category of any value is in range */
    if (n > 0)
        REQUIRE(stud_high_category((unsigned)exact[0]) <= 8);
    free(exact);
    free(masks);
    return 0;
}
