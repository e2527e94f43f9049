/* hh_stats.h: a recorded hand's tracker counts and results, computed in C
 * while the hand is replayed on the engine (ps_replay.c), for
 * stud.histories.summarize without a Python object per hand.
 *
 * The counts are those of python/stud/histories/stats.py (hand_counts; its
 * docstring and docs/analysis.md define them), in SeatCounts' field order;
 * net and the all-in adjusted net are those of analysis.py's _analysis
 * without the street-by-street equities (the all-in adjustment's own
 * equities are computed here as stud.equity computes them: exact up to
 * 5,000,000 outcomes, else Monte Carlo with the caller's trials and seed,
 * in the same seeded chunks).  Wherever that Python code would raise, or
 * the replay is not confirmed, the result is STUD_PS_FALLBACK and the
 * Python path decides the hand.
 */
#ifndef STUD_HH_STATS_H
#define STUD_HH_STATS_H

#include <stdint.h>

#include "game.h"
#include "hh_hand.h"

/* What a replay tells its caller: `seen` is called after each engine call
 * with what that call did (the log is emptied after it); `hand` is the
 * finished hand once the replay reproduced the record. */
typedef struct stud_hh_trace {
    void (*seen)(struct stud_hh_trace *trace, const stud_log *log);
    stud_log log;
    stud_hand hand;
} stud_hh_trace;

/* stud_ps_replay (ps_history.h), telling `trace` (or NULL) what happens. */
int stud_hh_replay_traced(const stud_hh_hand *hand, const stud_rules *rules,
                          stud_hh_trace *trace);

/* SeatCounts' fields, in order */
enum stud_hh_count {
    STUD_HC_VPIP = 0, STUD_HC_RAISED_FIRST, STUD_HC_BRING_INS, STUD_HC_BRING_IN_COMPLETES,
    STUD_HC_STEAL_CHANCES, STUD_HC_STEALS, STUD_HC_STEALS_FACED, STUD_HC_FOLDS_TO_STEAL,
    STUD_HC_SAW_SECOND_ROUND, STUD_HC_SHOWDOWNS, STUD_HC_WON_AT_SHOWDOWN, STUD_HC_AGGRESSIVE,
    STUD_HC_CALLS, STUD_HC_N
};

#define STUD_HS_EXACT_UP_TO 5000000 /* analysis.py's _large: Monte Carlo beyond */
#define STUD_HS_CHUNK 65536         /* odds.py's _CHUNK: Monte Carlo trials per seeded chunk */
#define STUD_HS_MAX_TRIALS 100000000000000ULL /* odds.py's MAX_TRIALS */

typedef struct {
    int n_seats;
    int32_t counts[STUD_HH_MAX_SEATS][STUD_HC_N];
    int32_t net[STUD_HH_MAX_SEATS];
    double adjusted[STUD_HH_MAX_SEATS];
    int all_in;  /* 1: adjusted came from the all-in equities (else it is net) */
} stud_hh_stats;

/* Replays `hand` with `rules` and fills `out`: STUD_PS_REPRODUCED, or
 * STUD_PS_FALLBACK (out then undefined). */
int stud_hh_stats_of(const stud_hh_hand *hand, const stud_rules *rules, uint64_t trials,
                     uint64_t seed, stud_hh_stats *out);

#endif
