/* gen_tables.c: writes tables_data.c, the evaluator's lookup tables.
 *
 * Run once at build time (CMake).  Every value is computed here from first
 * principles: a 5-card hand is ranked by a structural key (category, then
 * the ranks that break ties), the keys are sorted and numbered, and a
 * 6- or 7-card hand takes the best of its 5-card subsets.  The tests check
 * the result against independent reference evaluators and exhaustive
 * enumeration.
 *
 * usage: stud_gen_tables OUTPUT.c
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tables.h"

enum { HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH };

/* ---- 5-card structural keys ------------------------------------------------ */

/* Ranks ordered by (count desc, rank desc), packed as nibbles, most
 * significant first.  `order` gives rank order: for high, rank index itself;
 * for A-5 low, the ace counts lowest. */
static uint32_t pack_by_count(const int counts[STUD_RANKS], const int order[STUD_RANKS])
{
    uint32_t packed = 0;
    for (int c = 4; c >= 1; c--)
        for (int o = STUD_RANKS - 1; o >= 0; o--)
            for (int r = 0; r < STUD_RANKS; r++)
                if (order[r] == o && counts[r] == c)
                    packed = (packed << 4) | (uint32_t)o;
    return packed;
}

static int count_shape(const int counts[STUD_RANKS], int *pairs, int *trips, int *quads)
{
    int distinct = 0;
    *pairs = *trips = *quads = 0;
    for (int r = 0; r < STUD_RANKS; r++) {
        distinct += counts[r] > 0;
        *pairs += counts[r] == 2;
        *trips += counts[r] == 3;
        *quads += counts[r] == 4;
    }
    return distinct;
}

/* Top rank index of a 5-rank straight in `counts`, or -1. */
static int straight_top(const int counts[STUD_RANKS])
{
    for (int top = STUD_RANKS - 1; top >= 4; top--) {
        int ok = 1;
        for (int k = 0; k < 5; k++)
            ok &= counts[top - k] == 1;
        if (ok)
            return top;
    }
    /* the wheel, A-2-3-4-5: five high (rank index 3) */
    if (counts[12] == 1 && counts[0] == 1 && counts[1] == 1 && counts[2] == 1 && counts[3] == 1)
        return 3;
    return -1;
}

/* Top rank index of a 5-rank straight with the ace high only (2-7 low,
 * docs/rules.md 12.5: A-5-4-3-2 is no straight), or -1. */
static int straight_top_ace_high(const int counts[STUD_RANKS])
{
    int top = straight_top(counts);
    return top == 3 ? -1 : top;
}

static int identity_order[STUD_RANKS];
static int ace_low_order[STUD_RANKS];

/* Structural key of a 5-card high hand: category << 20 | tie-break nibbles. */
static uint32_t high_key5(const int counts[STUD_RANKS], int flush)
{
    int pairs, trips, quads;
    int distinct = count_shape(counts, &pairs, &trips, &quads);
    uint32_t ties = pack_by_count(counts, identity_order);
    int cat;
    if (distinct == 5) {
        int top = straight_top(counts);
        if (top >= 0)
            return (uint32_t)(flush ? STRAIGHT_FLUSH : STRAIGHT) << 20 | (uint32_t)top;
        cat = flush ? FLUSH : HIGH_CARD;
    } else if (quads) {
        cat = QUADS;
    } else if (trips && pairs) {
        cat = FULL_HOUSE;
    } else if (trips) {
        cat = TRIPS;
    } else if (pairs == 2) {
        cat = TWO_PAIR;
    } else {
        cat = PAIR;
    }
    return (uint32_t)cat << 20 | ties;
}

/* Structural key of a 5-card A-5 low (smaller is better): pairs count
 * against (docs/rules.md 9.6): no pair < pair < two pair < trips < full house <
 * quads, then the ranks from the top, ace low. */
static uint32_t razz_key5(const int counts[STUD_RANKS])
{
    int pairs, trips, quads;
    count_shape(counts, &pairs, &trips, &quads);
    int cat = quads ? 5 : (trips && pairs) ? 4 : trips ? 3 : pairs == 2 ? 2 : pairs ? 1 : 0;
    return (uint32_t)cat << 20 | pack_by_count(counts, ace_low_order);
}

/* Structural key of a 5-card 2-7 low (docs/rules.md 12.5; smaller is
 * better): the high key with the ace high only, so the order is the high
 * order reversed except that A-5-4-3-2 is an ace-high no-pair hand (the
 * best ace-high hand: worse than any king-high, better than any pair). */
static uint32_t low27_key5(const int counts[STUD_RANKS], int flush)
{
    int pairs, trips, quads;
    if (count_shape(counts, &pairs, &trips, &quads) == 5 && straight_top_ace_high(counts) < 0)
        return (uint32_t)(flush ? FLUSH : HIGH_CARD) << 20 | pack_by_count(counts, identity_order);
    return high_key5(counts, flush);
}

/* ---- numbering the classes ------------------------------------------------- */

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static uint32_t high_keys[STUD_HIGH_CLASSES];
static uint32_t razz_keys[STUD_RAZZ_CLASSES];
static uint32_t low27_keys[STUD_27_CLASSES];
static int n_high_keys, n_razz_keys, n_low27_keys;

static int find_key(const uint32_t *keys, int n, uint32_t key)
{
    const uint32_t *p = bsearch(&key, keys, (size_t)n, sizeof *keys, cmp_u32);
    if (!p) {
        fprintf(stderr, "gen_tables: key %08x not found\n", key);
        exit(1);
    }
    return (int)(p - keys);
}

static uint16_t high_value5(const int counts[STUD_RANKS], int flush)
{
    return (uint16_t)(find_key(high_keys, n_high_keys, high_key5(counts, flush)) + 1);
}

static uint16_t razz_value5(const int counts[STUD_RANKS])
{
    return (uint16_t)(STUD_RAZZ_CLASSES - find_key(razz_keys, n_razz_keys, razz_key5(counts)));
}

static uint16_t low27_value5(const int counts[STUD_RANKS], int flush)
{
    return (uint16_t)(STUD_27_CLASSES -
                      find_key(low27_keys, n_low27_keys, low27_key5(counts, flush)));
}

/* Calls fn on every multiset of ranks with counts <= 4 and `size` cards. */
typedef void (*multiset_fn)(const int counts[STUD_RANKS], void *ctx);

static void each_multiset(int counts[STUD_RANKS], int rank, int left, multiset_fn fn, void *ctx)
{
    if (rank == STUD_RANKS) {
        if (left == 0)
            fn(counts, ctx);
        return;
    }
    for (int c = 0; c <= 4 && c <= left; c++) {
        counts[rank] = c;
        each_multiset(counts, rank + 1, left - c, fn, ctx);
    }
    counts[rank] = 0;
}

static void collect_classes(const int counts[STUD_RANKS], void *ctx)
{
    (void)ctx;
    int pairs, trips, quads;
    high_keys[n_high_keys++] = high_key5(counts, 0);
    if (count_shape(counts, &pairs, &trips, &quads) == 5)
        high_keys[n_high_keys++] = high_key5(counts, 1);
    low27_keys[n_low27_keys++] = low27_key5(counts, 0);
    if (count_shape(counts, &pairs, &trips, &quads) == 5)
        low27_keys[n_low27_keys++] = low27_key5(counts, 1);
    razz_keys[n_razz_keys++] = razz_key5(counts);
}

/* Best values over the 5-card sub-multisets of a larger multiset. */
struct best {
    uint16_t high, razz, low27; /* low27: no five cards of one suit */
};

static void best_of_subsets(int counts[STUD_RANKS], int sub[STUD_RANKS], int rank, int left,
                            struct best *best)
{
    if (rank == STUD_RANKS) {
        if (left == 0) {
            uint16_t h = high_value5(sub, 0), z = razz_value5(sub), l = low27_value5(sub, 0);
            if (h > best->high)
                best->high = h;
            if (l > best->low27)
                best->low27 = l;
            if (z > best->razz)
                best->razz = z;
        }
        return;
    }
    for (int c = 0; c <= counts[rank] && c <= left; c++) {
        sub[rank] = c;
        best_of_subsets(counts, sub, rank + 1, left - c, best);
    }
    sub[rank] = 0;
}

/* ---- the perfect hashes over rank multisets -------------------------------
 *
 * Two perfect hashes of the same 73,775 multisets, built by one generator
 * (multiply, then a displacement per bucket):
 *   the mask hash      keys stud_rank_key, the carry-save planes of tables.h;
 *   the running-key hash   keys the rank counts at 3 bits a rank, with a
 *                      multiplier whose low STUD_RKEY_MUL_SHIFT bits are
 *                      zero, so the product leaves room for suit counters
 *                      below it (tables.h, "Running key"). */

#define MAX_KEYS 80000
#define N_BUCKETS (1u << STUD_HASH_BUCKET_BITS)
#define MAX_SLOTS (1u << 18)

static uint64_t mask_keys[MAX_KEYS], add_keys[MAX_KEYS];
static struct best key_best[MAX_KEYS];
static uint8_t key_low8[MAX_KEYS];
static int n_keys;

static uint8_t low8_by_ranks[256 + 3]; /* built before the keys (build_low8) */

static uint64_t key_of_counts(const int counts[STUD_RANKS])
{
    /* a mask with counts[r] cards of rank r, in suits 0, 1, 2, 3 */
    uint64_t mask = 0;
    for (int r = 0; r < STUD_RANKS; r++)
        for (int s = 0; s < counts[r]; s++)
            mask |= stud_card_bit(stud_make_card(r, s));
    return stud_rank_key(mask);
}

static void collect_key(const int counts[STUD_RANKS], void *ctx)
{
    (void)ctx;
    int copy[STUD_RANKS], sub[STUD_RANKS] = {0};
    memcpy(copy, counts, sizeof copy);
    struct best best = {0, 0, 0};
    best_of_subsets(copy, sub, 0, 5, &best);
    uint64_t add = 0;
    unsigned low_ranks = 0; /* bit 0 = ace, bit k = rank k+1 (eval.h, stud_low_ranks) */
    for (int r = 0; r < STUD_RANKS; r++) {
        add += (uint64_t)counts[r] << (3 * r);
        if (counts[r] && (r == STUD_RANKS - 1 || r < 7))
            low_ranks |= 1u << (r == STUD_RANKS - 1 ? 0 : r + 1);
    }
    mask_keys[n_keys] = key_of_counts(counts);
    add_keys[n_keys] = add;
    key_best[n_keys] = best;
    key_low8[n_keys] = low8_by_ranks[low_ranks];
    n_keys++;
}

struct hash {
    const uint64_t *keys;
    uint64_t mul;
    uint16_t disp[N_BUCKETS + 1];
    int slot_key[MAX_SLOTS]; /* the key of each slot, -1 for none */
    uint32_t n_slots;
};

static struct hash mask_hash, add_hash;

static unsigned char used[2 * MAX_SLOTS];
static uint32_t next_link[2 * MAX_SLOTS]; /* union-find over used slots: the next free slot */

static uint32_t next_free(uint32_t slot)
{
    uint32_t root = slot;
    while (used[root])
        root = next_link[root];
    while (slot != root) { /* path compression */
        uint32_t up = next_link[slot];
        next_link[slot] = root;
        slot = up;
    }
    return root;
}

static uint32_t bucket_of(uint64_t key, uint64_t m)
{
    return (uint32_t)((key * m) >> (64 - STUD_HASH_BUCKET_BITS));
}

static uint32_t offset_of(uint64_t key, uint64_t m)
{
    return (uint32_t)((key * m) >> (64 - STUD_HASH_BUCKET_BITS - STUD_HASH_OFFSET_BITS)) &
           ((1u << STUD_HASH_OFFSET_BITS) - 1);
}

static int bucket_start[N_BUCKETS + 1], bucket_keys[MAX_KEYS], bucket_order[N_BUCKETS];

static int cmp_bucket_size(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    int sx = bucket_start[x + 1] - bucket_start[x], sy = bucket_start[y + 1] - bucket_start[y];
    return sx != sy ? sy - sx : x - y;
}

/* Tries one multiplier: buckets must hold keys with distinct offsets; then
 * each bucket, largest first, takes the smallest displacement at which all
 * its slots are free. */
static int try_multiplier(struct hash *hs, uint64_t m)
{
    static int fill[N_BUCKETS];
    const uint64_t *keys = hs->keys;
    memset(bucket_start, 0, sizeof bucket_start);
    for (int i = 0; i < n_keys; i++)
        bucket_start[bucket_of(keys[i], m) + 1]++;
    for (unsigned b = 0; b < N_BUCKETS; b++)
        bucket_start[b + 1] += bucket_start[b];
    memcpy(fill, bucket_start, sizeof fill);
    for (int i = 0; i < n_keys; i++)
        bucket_keys[fill[bucket_of(keys[i], m)]++] = i;
    for (unsigned b = 0; b < N_BUCKETS; b++)
        for (int i = bucket_start[b]; i < bucket_start[b + 1]; i++)
            for (int j = bucket_start[b]; j < i; j++)
                if (offset_of(keys[bucket_keys[i]], m) == offset_of(keys[bucket_keys[j]], m))
                    return 0;

    for (unsigned b = 0; b < N_BUCKETS; b++)
        bucket_order[b] = (int)b;
    qsort(bucket_order, N_BUCKETS, sizeof bucket_order[0], cmp_bucket_size);
    memset(used, 0, sizeof used);
    for (uint32_t s = 0; s < MAX_SLOTS; s++)
        hs->slot_key[s] = -1;
    hs->n_slots = 0;
    uint32_t lowest_free = 0; /* every slot below it is used */
    for (unsigned k = 0; k < N_BUCKETS; k++) {
        int b = bucket_order[k];
        uint32_t offsets[64], min_offset = 1u << STUD_HASH_OFFSET_BITS;
        int size = bucket_start[b + 1] - bucket_start[b];
        if (size == 0) {
            hs->disp[b] = 0;
            continue;
        }
        if (size > 64)
            return 0;
        for (int i = 0; i < size; i++) {
            offsets[i] = offset_of(keys[bucket_keys[bucket_start[b] + i]], m);
            if (offsets[i] < min_offset)
                min_offset = offsets[i];
        }
        /* displacements are even (the table stores d / 2 in 16 bits) */
        uint32_t d = lowest_free > min_offset ? (lowest_free - min_offset) & ~1u : 0;
        while (d < 2 * 65536) {
            d = next_free(offsets[0] + d) - offsets[0];
            d = (d + 1) & ~1u;
            int ok = 1;
            for (int i = 0; i < size && ok; i++)
                ok = !used[offsets[i] + d];
            if (ok)
                break;
            d += 2;
        }
        if (d >= 2 * 65536)
            return 0;
        hs->disp[b] = (uint16_t)(d >> 1);
        for (int i = bucket_start[b]; i < bucket_start[b + 1]; i++) {
            int key = bucket_keys[i];
            uint32_t slot = offset_of(keys[key], m) + d;
            if (slot >= MAX_SLOTS)
                return 0;
            used[slot] = 1;
            next_link[slot] = slot + 1;
            hs->slot_key[slot] = key;
            if (slot + 1 > hs->n_slots)
                hs->n_slots = slot + 1;
        }
        while (used[lowest_free])
            lowest_free++;
    }
    return 1;
}

/* Every key must land on a slot of its own. */
static void verify_hash(const struct hash *hs)
{
    static int owner[MAX_SLOTS];
    memset(owner, -1, sizeof owner);
    for (int i = 0; i < n_keys; i++) {
        uint64_t key = hs->keys[i];
        uint32_t slot = offset_of(key, hs->mul) + 2u * hs->disp[bucket_of(key, hs->mul)];
        if (slot >= hs->n_slots || owner[slot] >= 0 || hs->slot_key[slot] != i) {
            fprintf(stderr, "gen_tables: hash check failed for key %d (slot %u, owner %d)\n", i,
                    slot, slot < hs->n_slots ? owner[slot] : -2);
            exit(1);
        }
        owner[slot] = i;
    }
}

/* Multipliers from a fixed sequence (splitmix64, so builds are
 * reproducible), shifted left by `shift`: the first that makes the hash
 * perfect. */
static void build_hash(struct hash *hs, const uint64_t *keys, int shift)
{
    uint64_t state = 0x9E3779B97F4A7C15ull;
    hs->keys = keys;
    for (int attempt = 0; attempt < 1000; attempt++) {
        state += 0x9E3779B97F4A7C15ull;
        uint64_t z = state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z = ((z ^ (z >> 31)) | 1) << shift;
        if (try_multiplier(hs, z)) {
            hs->mul = z;
            verify_hash(hs);
            return;
        }
    }
    fprintf(stderr, "gen_tables: no perfect hash multiplier found\n");
    exit(1);
}

/* ---- flushes and 8-or-better lows ------------------------------------------ */

static uint16_t flush_high[8192 + 1];
static uint16_t flush_27[8192 + 1];

static void build_flushes(void)
{
    for (unsigned field = 0; field < 8192; field++) {
        uint16_t best = 0, best27 = 0;
        if (stud_popcount(field) >= 5) {
            for (unsigned sub = 0; sub < 8192; sub++) {
                if ((sub & ~field) || stud_popcount(sub) != 5)
                    continue;
                int counts[STUD_RANKS];
                for (int r = 0; r < STUD_RANKS; r++)
                    counts[r] = (sub >> r) & 1;
                uint16_t v = high_value5(counts, 1), l = low27_value5(counts, 1);
                if (v > best)
                    best = v;
                if (l > best27)
                    best27 = l;
            }
        }
        flush_high[field] = best;
        flush_27[field] = best27;
    }
}

/* Low ranks as bits: bit 0 = ace, bit k = rank k+1.  The best low is the
 * five lowest ranks present; compared from the highest card down
 * (docs/rules.md 9.2). */
static void build_low8(void)
{
    uint32_t low_keys[STUD_LOW8_CLASSES];
    int n = 0;
    for (unsigned set = 0; set < 256; set++)
        if (stud_popcount(set) == 5)
            low_keys[n++] = set; /* a 5-bit set read as a number orders by its highest card */
    qsort(low_keys, (size_t)n, sizeof low_keys[0], cmp_u32);
    for (unsigned set = 0; set < 256; set++) {
        if (stud_popcount(set) < 5) {
            low8_by_ranks[set] = 0;
            continue;
        }
        unsigned five = 0, rest = set;
        for (int k = 0; k < 5; k++) {
            five |= rest & (~rest + 1);
            rest &= rest - 1;
        }
        low8_by_ranks[set] = (uint8_t)(STUD_LOW8_CLASSES - find_key(low_keys, n, five));
    }
}

/* ---- output ----------------------------------------------------------------- */

static void write_u16(FILE *f, const char *decl, const uint16_t *v, size_t n)
{
    fprintf(f, "%s = {", decl);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%s%u,", i % 16 ? " " : "\n    ", v[i]);
    fprintf(f, "\n};\n\n");
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s OUTPUT.c\n", argv[0]);
        return 2;
    }
    for (int r = 0; r < STUD_RANKS; r++) {
        identity_order[r] = r;
        ace_low_order[r] = (r + 1) % STUD_RANKS; /* A (index 12) -> 0, 2 -> 1, ..., K -> 12 */
    }

    int counts[STUD_RANKS] = {0};
    each_multiset(counts, 0, 5, collect_classes, NULL);
    qsort(high_keys, (size_t)n_high_keys, sizeof high_keys[0], cmp_u32);
    qsort(razz_keys, (size_t)n_razz_keys, sizeof razz_keys[0], cmp_u32);
    qsort(low27_keys, (size_t)n_low27_keys, sizeof low27_keys[0], cmp_u32);
    if (n_high_keys != STUD_HIGH_CLASSES || n_razz_keys != STUD_RAZZ_CLASSES ||
        n_low27_keys != STUD_27_CLASSES) {
        fprintf(stderr, "gen_tables: %d high / %d razz / %d 2-7 classes\n", n_high_keys,
                n_razz_keys, n_low27_keys);
        return 1;
    }
    uint16_t category_start[10];
    for (int c = 0, v = 0; c <= 9; c++) {
        while (v < n_high_keys && (int)(high_keys[v] >> 20) < c)
            v++;
        category_start[c] = (uint16_t)(v + 1);
    }

    build_low8();
    for (int size = 5; size <= 7; size++)
        each_multiset(counts, 0, size, collect_key, NULL);
    build_hash(&mask_hash, mask_keys, 0);
    build_hash(&add_hash, add_keys, STUD_RKEY_MUL_SHIFT);
    /* a card's running key: its rank count times the multiplier, plus one
     * in its suit's counter */
    uint64_t card_key[STUD_CARDS];
    for (int c = 0; c < STUD_CARDS; c++)
        card_key[c] = (1ull << (3 * stud_card_rank(c))) * add_hash.mul +
                      (1ull << (4 * stud_card_suit(c)));
    build_flushes();

    static uint16_t high_by_slot[MAX_SLOTS], razz_by_slot[MAX_SLOTS], low27_by_slot[MAX_SLOTS];
    static uint32_t rkey_value[MAX_SLOTS];
    static uint16_t rkey_27[MAX_SLOTS];
    for (uint32_t slot = 0; slot < mask_hash.n_slots; slot++) {
        int key = mask_hash.slot_key[slot];
        high_by_slot[slot] = key < 0 ? 0 : key_best[key].high;
        razz_by_slot[slot] = key < 0 ? 0 : key_best[key].razz;
        low27_by_slot[slot] = key < 0 ? 0 : key_best[key].low27;
    }
    for (uint32_t slot = 0; slot < add_hash.n_slots; slot++) {
        int key = add_hash.slot_key[slot];
        rkey_27[slot] = key < 0 ? 0 : key_best[key].low27;
        rkey_value[slot] = key < 0 ? 0 : stud_rkey_pack(key_best[key].high, key_best[key].razz,
                                                         key_low8[key]);
    }

    FILE *f = fopen(argv[1], "w");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    fprintf(f, "/* Generated by gen_tables.c at build time: do not edit. */\n");
    fprintf(f, "#include \"tables.h\"\n\n");
    fprintf(f, "const uint64_t stud_hash_mul = 0x%016llxull;\n", (unsigned long long)mask_hash.mul);
    fprintf(f, "const uint32_t stud_hash_slots = %u;\n\n", mask_hash.n_slots);
    /* one spare zero entry after each gathered table: a vector kernel reads
     * 32 bits at the address of a 16-bit entry */
    write_u16(f, "const uint16_t stud_hash_disp[(1u << STUD_HASH_BUCKET_BITS) + 1]",
              mask_hash.disp, N_BUCKETS + 1);
    write_u16(f, "const uint16_t stud_high_by_slot[]", high_by_slot, mask_hash.n_slots + 1);
    write_u16(f, "const uint16_t stud_razz_by_slot[]", razz_by_slot, mask_hash.n_slots + 1);
    write_u16(f, "const uint16_t stud_27_by_slot[]", low27_by_slot, mask_hash.n_slots + 1);
    /* the five ranks of each 2-7 value of five distinct ranks, unsuited
     * (no pair, straight); 0 for the others */
    static uint16_t low27_ranks[STUD_27_CLASSES + 1];
    for (int v = 1; v <= STUD_27_CLASSES; v++) {
        uint32_t key = low27_keys[STUD_27_CLASSES - v];
        uint16_t ranks = 0;
        if (key >> 20 == HIGH_CARD)
            for (int k = 0; k < 5; k++)
                ranks |= (uint16_t)(1u << ((key >> (4 * k)) & 15));
        else if (key >> 20 == STRAIGHT)
            ranks = (uint16_t)(0x1Fu << ((key & 15) - 4));
        low27_ranks[v] = ranks;
    }
    write_u16(f, "const uint16_t stud_27_ranks[STUD_27_CLASSES + 1]", low27_ranks,
              STUD_27_CLASSES + 1);
    write_u16(f, "const uint16_t stud_flush_high[8192 + 1]", flush_high, 8192 + 1);
    write_u16(f, "const uint16_t stud_flush_27[8192 + 1]", flush_27, 8192 + 1);
    fprintf(f, "const uint8_t stud_low8_by_ranks[256 + 3] = {\n");
    for (int i = 0; i < 256 + 3; i++)
        fprintf(f, "%s%u,", i % 16 ? " " : "\n    ", low8_by_ranks[i]);
    fprintf(f, "\n};\n\n");
    write_u16(f, "const uint16_t stud_high_category_start[10]", category_start, 10);
    /* the category of each 2-7 value: value v is the key numbered 7462 - v */
    fprintf(f, "const uint8_t stud_27_category[STUD_27_CLASSES + 1] = {\n    0,");
    for (int v = 1; v <= STUD_27_CLASSES; v++)
        fprintf(f, "%s%u,", v % 16 ? " " : "\n    ", low27_keys[STUD_27_CLASSES - v] >> 20);
    fprintf(f, "\n};\n\n");
    fprintf(f, "const uint64_t stud_rkey_mul = 0x%016llxull;\n", (unsigned long long)add_hash.mul);
    fprintf(f, "const uint32_t stud_rkey_slots = %u;\n\n", add_hash.n_slots);
    fprintf(f, "const uint64_t stud_rkey_card_key[STUD_CARDS] = {");
    for (int c = 0; c < STUD_CARDS; c++)
        fprintf(f, "%s0x%016llxull,", c % 4 ? " " : "\n    ", (unsigned long long)card_key[c]);
    fprintf(f, "\n};\n\n");
    /* one table: first per bucket the addition that turns the key's high
     * bits into the index of the slot's entry (2 * disp[bucket] - the
     * bucket bits above the offset + where the entries start, mod 2^32),
     * then the entries */
    fprintf(f, "const uint32_t stud_rkey_table[] = {");
    for (uint32_t b = 0; b < N_BUCKETS; b++)
        fprintf(f, "%s%lu,", b % 8 ? " " : "\n    ",
                (unsigned long)(N_BUCKETS + 2u * add_hash.disp[b] - (b << STUD_HASH_OFFSET_BITS)));
    for (uint32_t i = 0; i < add_hash.n_slots + 1; i++)
        fprintf(f, "%s%lu,", (N_BUCKETS + i) % 8 ? " " : "\n    ", (unsigned long)rkey_value[i]);
    fprintf(f, "\n};\n\n");
    /* the 2-7 lows of the same slots, beside the packed entries */
    write_u16(f, "const uint16_t stud_rkey_27_entries[]", rkey_27, add_hash.n_slots + 1);
    if (fclose(f) != 0) {
        perror(argv[1]);
        return 1;
    }
    fprintf(stderr,
            "gen_tables: %d keys in %u slots, multiplier %016llx; running keys in %u slots, "
            "multiplier %016llx\n",
            n_keys, mask_hash.n_slots, (unsigned long long)mask_hash.mul, add_hash.n_slots,
            (unsigned long long)add_hash.mul);
    return 0;
}
