/* hh_stats.c: a recorded hand's tracker counts, net and all-in adjusted
 * net, from its replay's events (see hh_stats.h).  Each step below names
 * the Python code it repeats: stats.py's hand_counts and _first_street,
 * analysis.py's _analysis (equities=False) and _large, odds.py's equity. */
#include "hh_stats.h"

#include <string.h>

#include "cards.h"
#include "equity.h"
#include "ps_history.h"

typedef struct {
    stud_hh_trace trace; /* first: the replay hands this back to seen() */
    int n;
    int streets;
    unsigned folded;
    int32_t collected[STUD_HH_MAX_SEATS];
    int32_t (*counts)[STUD_HC_N];
    /* the first street's decisions, in order */
    int n_first;
    uint8_t first_seat[STUD_HH_MAX_STEPS], first_kind[STUD_HH_MAX_STEPS];
    /* the cards dealt to each seat (CardDealt: not the community card), as
     * masks of stud_card_bit (the equity queries' layout) */
    uint64_t cards[STUD_HH_MAX_SEATS], up[STUD_HH_MAX_SEATS];
    uint8_t n_cards[STUD_HH_MAX_SEATS];
    /* the same, and the folds, as the last decision left them */
    int acted, dealt_after;
    uint64_t last_cards[STUD_HH_MAX_SEATS], last_up[STUD_HH_MAX_SEATS];
    uint8_t last_n[STUD_HH_MAX_SEATS];
    unsigned last_folded;
    int bad; /* an event the Python code would not take */
} tally;

static int aggressive(int kind)
{
    return kind == STUD_COMPLETE || kind == STUD_BET || kind == STUD_RAISE;
}

static void seen(stud_hh_trace *trace, const stud_log *log)
{
    tally *t = (tally *)trace;
    for (int i = 0; i < log->n; i++) {
        const stud_event *e = &log->events[i];
        int seat = e->seat;
        switch (e->type) {
        case STUD_EV_STREET:
            if (++t->streets == 2)
                for (int s = 0; s < t->n; s++)
                    t->counts[s][STUD_HC_SAW_SECOND_ROUND] = !(t->folded >> s & 1);
            break;
        case STUD_EV_DEAL:
            if (seat >= t->n || e->card >= 52) {
                t->bad = 1;
                break;
            }
            t->cards[seat] |= stud_card_bit(e->card);
            if (e->flag)
                t->up[seat] |= stud_card_bit(e->card);
            t->n_cards[seat]++;
            t->dealt_after = 1;
            break;
        case STUD_EV_ACTION: {
            int kind = e->card;
            if (seat >= t->n) {
                t->bad = 1;
                break;
            }
            int32_t *mine = t->counts[seat];
            if (kind == STUD_FOLD)
                t->folded |= 1u << seat;
            mine[STUD_HC_AGGRESSIVE] += aggressive(kind);
            mine[STUD_HC_CALLS] += kind == STUD_CALL;
            if (t->streets == 1) {
                if (t->n_first >= STUD_HH_MAX_STEPS) {
                    t->bad = 1;
                    break;
                }
                t->first_seat[t->n_first] = (uint8_t)seat;
                t->first_kind[t->n_first++] = (uint8_t)kind;
                mine[STUD_HC_VPIP] |= kind == STUD_CALL || aggressive(kind);
                mine[STUD_HC_RAISED_FIRST] |= aggressive(kind);
            }
            /* _analysis's snapshot at the last decision */
            t->acted = 1;
            t->dealt_after = 0;
            memcpy(t->last_cards, t->cards, sizeof t->cards);
            memcpy(t->last_up, t->up, sizeof t->up);
            memcpy(t->last_n, t->n_cards, sizeof t->n_cards);
            t->last_folded = t->folded;
            break;
        }
        case STUD_EV_AWARD:
            if (seat >= t->n) {
                t->bad = 1;
                break;
            }
            t->collected[seat] += e->amount;
            break;
        default:
            break;
        }
    }
}

/* stats.py's _facing_steal: the decisions after the steal, from `from` */
static void facing_steal(tally *t, int from, int bring_in)
{
    for (int i = from; i < t->n_first; i++) {
        if (t->first_seat[i] == bring_in) {
            t->counts[bring_in][STUD_HC_STEALS_FACED] = 1;
            t->counts[bring_in][STUD_HC_FOLDS_TO_STEAL] = t->first_kind[i] == STUD_FOLD;
            return;
        }
        if (t->first_kind[i] != STUD_FOLD)
            return;
    }
}

/* stats.py's _first_street: 0, or -1 where that code raises */
static int first_street(tally *t)
{
    if (!t->n_first)
        return 0;
    int n = t->n, bring_in = t->first_seat[0];
    t->counts[bring_in][STUD_HC_BRING_INS] = 1;
    if (t->first_kind[0] != STUD_BRING_IN) {
        t->counts[bring_in][STUD_HC_BRING_IN_COMPLETES] = 1;
        return 0;
    }
    /* the seats after the bring-in, clockwise, that decided on this street */
    unsigned decided = 0;
    for (int i = 0; i < t->n_first; i++)
        decided |= 1u << t->first_seat[i];
    int place[STUD_HH_MAX_SEATS], n_in = 0;
    for (int s = 0; s < STUD_HH_MAX_SEATS; s++)
        place[s] = -1;
    for (int k = 1; k < n; k++) {
        int seat = (bring_in + k) % n;
        if (decided >> seat & 1)
            place[seat] = n_in++;
    }
    for (int i = 1; i < t->n_first; i++) {
        int seat = t->first_seat[i], kind = t->first_kind[i];
        if (place[seat] < 0)
            return -1; /* (in_hand.index raises) */
        int after = n_in - place[seat] - 1;
        if (after <= 1) {
            t->counts[seat][STUD_HC_STEAL_CHANCES] = 1;
            if (kind == STUD_COMPLETE) {
                t->counts[seat][STUD_HC_STEALS] = 1;
                facing_steal(t, i + 1, bring_in);
            }
        }
        if (kind != STUD_FOLD)
            return 0;
    }
    return 0;
}

static uint64_t chunk_seed(uint64_t seed, uint64_t index)
{
    /* _parallel.py's chunk_seed */
    uint64_t z = seed * 0x9E3779B97F4A7C15ULL + (index + 1) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 30)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int seven_card(int variant)
{
    return variant != STUD_FIVE_CARD_STUD && variant != STUD_FIVE_CARD_STUD_HILO;
}

static int scoring_of(int variant)
{
    switch (variant) { /* odds.py's _SCORING */
    case STUD_SEVEN_CARD_STUD: case STUD_FIVE_CARD_STUD: return STUD_SCORE_HIGH;
    case STUD_SEVEN_CARD_STUD_HILO: case STUD_FIVE_CARD_STUD_HILO: return STUD_SCORE_HILO8;
    case STUD_RAZZ: return STUD_SCORE_RAZZ;
    case STUD_DEUCE_TO_SEVEN_RAZZ: return STUD_SCORE_27;
    case STUD_SEVEN_CARD_STUD_HILO_REGULAR: return STUD_SCORE_HILO_REGULAR;
    default: return -1;
    }
}

static uint64_t choose(int n, int k)
{
    if (k > n)
        return 0;
    uint64_t c = 1;
    for (int i = 1; i <= k; i++)
        c = c * (uint64_t)(n - k + i) / (uint64_t)i; /* (exact: C(n-k+i, i) at each step) */
    return c;
}

/* analysis.py's _large: 1 (Monte Carlo), 0 (exact), -1 where comb raises */
static int large(const tally *t, int variant, unsigned eligible)
{
    int size = seven_card(variant) ? 7 : 5, left = 52;
    for (int s = 0; s < t->n; s++)
        if (eligible >> s & 1)
            left -= t->last_n[s];
    uint64_t outcomes = 1;
    for (int s = 0; s < t->n; s++) {
        if (!(eligible >> s & 1))
            continue;
        int k = size - t->last_n[s];
        if (left < 0 || k < 0)
            return -1;
        uint64_t c = choose(left, k);
        outcomes = c && outcomes > UINT64_MAX / c ? UINT64_MAX : outcomes * c;
        left -= k;
    }
    return outcomes > STUD_HS_EXACT_UP_TO;
}

/* the cards of a seat known at the last decision: up, or named by the record */
static uint64_t known(const tally *t, int seat, uint64_t named)
{
    return t->last_up[seat] | (t->last_cards[seat] & named);
}

/* stud.equity of the eligible seats, as _analysis calls it: the shares in
 * seat order into `share`; -1 where that call raises */
static int equity(const tally *t, int variant, unsigned eligible, unsigned live, uint64_t named,
                  uint64_t trials, uint64_t seed, double *share)
{
    stud_equity_query q;
    memset(&q, 0, sizeof q);
    q.scoring = scoring_of(variant);
    q.hand_size = seven_card(variant) ? 7 : 5;
    if (q.scoring < 0)
        return -1;
    for (int s = 0; s < t->n; s++) {
        if (eligible >> s & 1) {
            uint64_t cards = known(t, s, named);
            if (stud_popcount(cards) > q.hand_size)
                return -1;
            q.known[q.n_players++] = cards;
        } else if (t->last_folded >> s & 1) {
            q.dead |= t->last_up[s];
        } else if (live >> s & 1 || !(t->last_folded >> s & 1)) {
            q.dead |= known(t, s, named);
        }
    }
    int most = seven_card(variant) ? 8 : 10;
    if (q.n_players < 2 || q.n_players > most || stud_equity_check(&q) != STUD_EQ_OK)
        return -1;
    int mc = large(t, variant, eligible);
    if (mc < 0)
        return -1;
    stud_equity_counts counts;
    memset(&counts, 0, sizeof counts);
    if (mc) {
        if (trials == 0 || trials > STUD_HS_MAX_TRIALS)
            return -1;
        for (uint64_t start = 0; start < trials; start += STUD_HS_CHUNK) {
            uint64_t n = trials - start < STUD_HS_CHUNK ? trials - start : STUD_HS_CHUNK;
            if (stud_equity_monte_carlo(&q, n, chunk_seed(seed, start / STUD_HS_CHUNK), &counts,
                                        NULL) != STUD_EQ_OK)
                return -1;
        }
    } else {
        if (stud_equity_exact(&q, 0, stud_equity_first_ways(&q), &counts, NULL) != STUD_EQ_OK)
            return -1;
    }
    if (!counts.outcomes)
        return -1;
    for (int p = 0; p < q.n_players; p++)
        share[p] = (double)counts.share[p] / STUD_SHARE_UNITS / (double)counts.outcomes;
    return 0;
}

/* _analysis's adjusted net: 0, or -1 where that code raises */
static int adjusted(const tally *t, const stud_hh_hand *hd, const stud_hand *h, uint64_t trials,
                    uint64_t seed, stud_hh_stats *out)
{
    unsigned live = stud_hand_live(h);
    uint64_t named = 0;
    for (int i = 0; i < hd->n_steps; i++) {
        const stud_hh_step *st = &hd->steps[i];
        if (st->type == STUD_HH_DEALT || st->type == STUD_HH_SHOWED ||
            st->type == STUD_HH_COMMUNITY)
            for (int k = 0; k < st->n_cards && k < 7; k++)
                if (st->cards[k] < 52)
                    named |= stud_card_bit(st->cards[k]);
    }
    int whole = 1;
    for (int s = 0; s < t->n; s++)
        if (live >> s & 1 && t->cards[s] & ~named)
            whole = 0;
    for (int s = 0; s < t->n; s++)
        out->adjusted[s] = (double)out->net[s];
    out->all_in = 0;
    if (!(t->acted && t->dealt_after && stud_popcount(live) > 1 && whole))
        return 0;
    out->all_in = 1;
    double expected[STUD_HH_MAX_SEATS] = {0};
    int32_t amount[STUD_MAX_SEATS];
    unsigned eligible[STUD_MAX_SEATS];
    int pots = stud_hand_pots(h, live, amount, eligible);
    int32_t rake = h->rake;
    for (int p = 0; p < pots; p++) {
        int32_t take = rake < amount[p] ? rake : amount[p];
        int32_t chips = amount[p] - take;
        rake -= take;
        int among = stud_popcount(eligible[p]);
        if (among == 1) {
            expected[stud_ctz64(eligible[p])] += chips;
            continue;
        }
        double share[STUD_HH_MAX_SEATS];
        if (equity(t, h->rules.variant, eligible[p], live, named, trials, seed, share))
            return -1;
        int k = 0;
        for (int s = 0; s < t->n; s++)
            if (eligible[p] >> s & 1)
                expected[s] += share[k++] * chips;
    }
    for (int s = 0; s < t->n; s++)
        out->adjusted[s] = expected[s] - h->total[s];
    return 0;
}

int stud_hh_stats_of(const stud_hh_hand *hd, const stud_rules *rules, uint64_t trials,
                     uint64_t seed, stud_hh_stats *out)
{
    static tally zero;
    tally t = zero;
    t.trace.seen = seen;
    t.n = hd->n_seats;
    if (t.n < 2 || t.n > STUD_HH_MAX_SEATS)
        return STUD_PS_FALLBACK;
    memset(out, 0, sizeof *out);
    out->n_seats = t.n;
    t.counts = out->counts;
    if (stud_hh_replay_traced(hd, rules, &t.trace) != STUD_PS_REPRODUCED || t.bad)
        return STUD_PS_FALLBACK;
    const stud_hand *h = &t.trace.hand;
    if (first_street(&t))
        return STUD_PS_FALLBACK;
    unsigned live = stud_hand_live(h);
    if (stud_popcount(live) > 1)
        for (int s = 0; s < t.n; s++)
            if (live >> s & 1) {
                t.counts[s][STUD_HC_SHOWDOWNS] = 1;
                t.counts[s][STUD_HC_WON_AT_SHOWDOWN] = t.collected[s] > 0;
            }
    for (int s = 0; s < t.n; s++)
        out->net[s] = h->stack[s] - hd->stacks[s];
    if (adjusted(&t, hd, h, trials, seed, out))
        return STUD_PS_FALLBACK;
    return STUD_PS_REPRODUCED;
}
