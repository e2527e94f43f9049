/* ps_replay.c: a hand read by stud_ps_read played on the engine, step by
 * step as python/stud/histories/replay.py (replay_record) plays a record:
 * the unseen cards filled in the same way, each recorded decision taken as
 * that code takes it (the engine's own action of its kind, else the one
 * listed action that matches), the recorded shows and mucks honoured, and
 * the settlement compared with the file's collections.  Wherever that code
 * raises (a mismatch, or anything else), this returns STUD_PS_FALLBACK and
 * the Python replay says what it says.  stud_hh_replay_traced (hh_stats.h)
 * is the same replay telling a trace each engine call's events, for the
 * counts of hh_stats.c. */
#include "ps_history.h"

#include <string.h>

#include "cards.h"
#include "hh_stats.h"
#include "portable.h"

enum { UNDECIDED = -1, MUCKS = 0, SHOWS = 1 };

typedef struct {
    stud_hand hand;
    uint8_t filled[STUD_PS_MAX_STEPS][7]; /* each Dealt step's cards, None filled */
    uint8_t pending[8][7];
    int n_pending[8];
    unsigned pending_seats;
    unsigned live;
    int live_known, awaiting;
    int filled_any;       /* an unknown card was filled: the Dealt steps' cards are `filled` */
    stud_hh_trace *trace; /* NULL, or told of the engine's events */
} replay;

/* The log an engine call writes into (NULL: none kept) */
static stud_log *log_of(stud_hh_trace *trace)
{
    return trace ? &trace->log : NULL;
}

/* The trace (if any) told what the last engine call did, its log emptied */
static void told(stud_hh_trace *trace)
{
    if (trace) {
        trace->seen(trace, &trace->log);
        trace->log.n = 0;
    }
}

/* The unknown cards as replay.py fills them when none of them is an up
 * card: the lowest unnamed card, or the seat's shown cards in order.  -1
 * where the Python code raises, and where an up card is unknown: that one
 * is chosen by docs/rules.md 11.4 (python/stud/histories/unknown.py, a
 * search this file does not repeat), so the Python replay decides it. */
static int fill(const stud_hh_hand *hd, const stud_rules *rules, replay *rp)
{
    uint64_t seen = 0, community = 0, dealt_to[8] = {0};
    int unknown = 0, shows = 0, hidden[8] = {0};
    /* which of a seat's cards (in the order dealt) are up: 1, the streets' table */
    uint8_t up_at[8] = {0};
    int n_at = 0;
    for (int s = 0; s < rules->n_streets && s < STUD_MAX_STREETS; s++) {
        const stud_street *street = &rules->streets[s];
        for (int k = 0; k < street->down + street->up && n_at < 8; k++)
            up_at[n_at++] = (uint8_t)(k >= street->down);
    }
    /* the unknown dealt cards, in the order dealt: step * 8 + card (at
     * most 8 a seat, below: 64) */
    uint16_t unknown_at[64];
    int n_unknown = 0;
    int held[8] = {0};
    for (int i = 0; i < hd->n_steps; i++) {
        const stud_hh_step *st = &hd->steps[i];
        if (st->type == STUD_HH_DEALT) {
            if (st->seat >= 8)
                return -1; /* (the replay refuses a seat past the table's) */
            /* (all 7: a fixed copy, the unknown ones filled below) */
            memcpy(rp->filled[i], st->cards, sizeof rp->filled[0]);
            for (int k = 0; k < st->n_cards; k++) {
                int c = st->cards[k];
                int at = held[st->seat]++;
                if (c == STUD_HH_UNKNOWN) {
                    if (at >= 8 || up_at[at])
                        return -1;
                    unknown = 1;
                    hidden[st->seat]++;
                    unknown_at[n_unknown++] = (uint16_t)(i * 8 + k);
                    continue;
                }
                if (seen >> c & 1)
                    return -1; /* (one step naming a card twice fails when it is dealt) */
                seen |= (uint64_t)1 << c;
                dealt_to[st->seat] |= (uint64_t)1 << c;
            }
        } else if (st->type == STUD_HH_COMMUNITY) {
            for (int k = 0; k < st->n_cards; k++) {
                int c = st->cards[k];
                if (c == STUD_HH_UNKNOWN) {
                    unknown = 1;
                    continue;
                }
                if (seen >> c & 1)
                    return -1;
                seen |= (uint64_t)1 << c;
                community |= (uint64_t)1 << c;
            }
        } else if (st->type == STUD_HH_SHOWED) {
            shows = 1;
        }
    }
    /* a shown hand names its down cards: they fill that seat's unknown ones */
    uint8_t extra[8][8];
    int n_extra[8] = {0}, used_extra[8] = {0};
    if (shows) {
        for (int i = 0; i < hd->n_steps; i++) {
            const stud_hh_step *st = &hd->steps[i];
            if (st->type != STUD_HH_SHOWED)
                continue;
            if (st->seat >= 8)
                return -1; /* (as a Dealt step's) */
            for (int k = 0; k < st->n_cards; k++) {
                int c = st->cards[k];
                uint64_t b = (uint64_t)1 << c;
                if ((dealt_to[st->seat] | community) & b)
                    continue;
                if ((seen & b) || n_extra[st->seat] >= 8)
                    return -1;
                seen |= b;
                extra[st->seat][n_extra[st->seat]++] = (uint8_t)c;
            }
            /* more shown than the seat was dealt unseen: replay.py's mismatch */
            if (n_extra[st->seat] > hidden[st->seat])
                return -1;
        }
    }
    /* the cards nobody names, lowest first (no unknown card: the steps' own) */
    rp->filled_any = unknown;
    uint64_t unseen = ~seen & (((uint64_t)1 << 52) - 1);
    for (int u = 0; u < n_unknown; u++) {
        int i = unknown_at[u] >> 3, k = unknown_at[u] & 7, seat = hd->steps[i].seat, c;
        if (used_extra[seat] < n_extra[seat]) {
            c = extra[seat][used_extra[seat]++];
        } else {
            if (!unseen)
                return -1; /* (the Python code pops an empty list) */
            c = stud_ctz64(unseen);
            unseen &= unseen - 1;
        }
        rp->filled[i][k] = (uint8_t)c;
    }
    return 0;
}

static void read_live(replay *rp)
{
    rp->live = stud_hand_live(&rp->hand);
    rp->awaiting = rp->hand.phase == STUD_PHASE_DEAL;
    rp->live_known = 1;
}

/* flush(): the street's cards, once every live seat has its cards */
static int flush(replay *rp)
{
    if (!rp->pending_seats)
        return 0;
    unsigned live = rp->live_known ? rp->live : stud_hand_live(&rp->hand);
    if (rp->pending_seats != live || rp->hand.phase != STUD_PHASE_DEAL)
        return -1;
    rp->live_known = 0;
    const stud_street *street = &rp->hand.rules.streets[rp->hand.street];
    int per_seat = street->down + street->up, n = 0;
    uint8_t given[STUD_MAX_SEATS * 7];
    for (int seat = 0; seat < rp->hand.n_seats; seat++) {
        if (!(live >> seat & 1))
            continue;
        if (rp->n_pending[seat] != per_seat)
            return -1;
        for (int k = 0; k < per_seat; k++)
            given[n++] = rp->pending[seat][k];
    }
    /* (a card given twice, or one dealt before: the engine refuses it) */
    if (stud_hand_deal(&rp->hand, given, n, per_seat, -1, log_of(rp->trace)) != STUD_OK)
        return -1;
    told(rp->trace);
    rp->pending_seats = 0;
    return 0;
}

static int kind_of_move(int move, int kind)
{
    switch (move) {
    case STUD_HH_FOLD: return kind == STUD_FOLD;
    case STUD_HH_CHECK_CALL: return kind == STUD_CHECK || kind == STUD_CALL;
    case STUD_HH_BRING_IN: return kind == STUD_BRING_IN;
    default: return kind == STUD_COMPLETE || kind == STUD_BET || kind == STUD_RAISE;
    }
}

/* Hand._act(kind, None): the one listed action of the kind (none listed:
 * the engine refuses the kind; the list is the one stud_hand_check would
 * make again, so no check).  `legal`: the engine's list, or its head of
 * passive actions (stud_hand_passives) for a passive kind, which the rest
 * of the list never holds. */
static int act_kind_in(stud_hand *h, const stud_action *legal, int n, int kind, stud_log *log)
{
    int matches = 0;
    int32_t amount = 0;
    for (int i = 0; i < n; i++)
        if (legal[i].kind == kind) {
            matches++;
            amount = legal[i].amount;
        }
    if (matches != 1)
        return -1;
    stud_hand_apply(h, kind, amount, log);
    return 0;
}

/* Hand._act(kind, amount) for a passive kind: stud_hand_check's answer
 * from the passive actions alone (the only ones of the kind), then the action */
static int act_passive(stud_hand *h, const stud_action *passive, int n, int kind, int32_t amount,
                       stud_log *log)
{
    for (int i = 0; i < n; i++)
        if (passive[i].kind == kind && passive[i].amount == amount) {
            stud_hand_apply(h, kind, amount, log);
            return 0;
        }
    return -1;
}

/* _act and _act_listed */
static int act(stud_hand *h, const stud_hh_step *st, stud_log *log)
{
    if (h->actor != st->seat || h->phase != STUD_PHASE_BETTING)
        return -1;
    int move = st->move;
    int32_t to = st->to;
    stud_action legal[STUD_MAX_ACTIONS];
    if (move == STUD_HH_CHECK_CALL || move == STUD_HH_FOLD || move == STUD_HH_BRING_IN) {
        int n = stud_hand_passives(h, legal);
        if (move == STUD_HH_CHECK_CALL) {
            if (to < 0) {
                for (int i = 0; i < n; i++)
                    if (legal[i].kind == STUD_CHECK || legal[i].kind == STUD_CALL)
                        return act_kind_in(h, legal, n, legal[i].kind, log);
                return -1; /* (refused; nothing listed matches either) */
            }
            if (act_passive(h, legal, n, STUD_CALL, to, log) == 0)
                return 0;
        } else if (to < 0) {
            if (act_kind_in(h, legal, n, move == STUD_HH_FOLD ? STUD_FOLD : STUD_BRING_IN, log) == 0)
                return 0;
        } else if (move == STUD_HH_BRING_IN) {
            if (act_passive(h, legal, n, STUD_BRING_IN, to, log) == 0)
                return 0;
        }
    }
    /* _act_listed: the one legal action that matches */
    int n = stud_hand_legal(h, legal), count = 0, found = -1;
    for (int i = 0; i < n; i++) {
        int kind = legal[i].kind;
        if (kind_of_move(move, kind) && (to < 0 || kind == STUD_CHECK || legal[i].amount == to)) {
            found = i;
            count++;
        }
    }
    if (count != 1)
        return -1;
    stud_hand_apply(h, legal[found].kind, legal[found].amount, log);
    return 0;
}

static int replay_at(const stud_hh_hand *hd, const stud_rules *rules, stud_hh_trace *trace,
                     int32_t rake, int64_t *unstated);

int stud_ps_replay(const stud_hh_hand *hd, const stud_rules *rules)
{
    /* replay_record: a record of no rake whose collections are short of what
     * the pots held took the difference as its rake (docs/rules.md 11.3),
     * and is replayed again with it */
    int64_t unstated = 0;
    int got = replay_at(hd, rules, NULL, hd->rake, &unstated);
    if (got != STUD_PS_REPRODUCED && unstated > 0 && unstated < ((int64_t)1 << 31))
        got = replay_at(hd, rules, NULL, (int32_t)unstated, NULL);
    return got;
}

int stud_hh_replay_traced(const stud_hh_hand *hd, const stud_rules *rules, stud_hh_trace *trace)
{
    return replay_at(hd, rules, trace, hd->rake, NULL);
}

/* The replay with `rake`; `unstated` (or NULL): where the record states no
 * rake (0) and its collections are short of what the pots paid, the
 * difference, and the replay stops there (STUD_PS_FALLBACK). */
static int replay_at(const stud_hh_hand *hd, const stud_rules *rules, stud_hh_trace *trace,
                     int32_t rake, int64_t *unstated)
{
    replay rp;
    rp.trace = trace;
    stud_log *const log = log_of(trace); /* (the trace's, taken once) */
    rp.pending_seats = 0;
    rp.live_known = 0;
    memset(rp.n_pending, 0, sizeof rp.n_pending);
    int n = hd->n_seats;
    int limit = rules->max_players < STUD_MAX_SEATS ? rules->max_players : STUD_MAX_SEATS;
    if (n < 2 || n > limit || n > 8 || hd->n_steps > STUD_PS_MAX_STEPS)
        return STUD_PS_FALLBACK;
    int64_t chips = 0;
    for (int s = 0; s < n; s++) {
        if (hd->stacks[s] <= 0)
            return STUD_PS_FALLBACK;
        chips += hd->stacks[s];
    }
    if (chips > ((int64_t)1 << 30) || rake < 0)
        return STUD_PS_FALLBACK;
    if (fill(hd, rules, &rp))
        return STUD_PS_FALLBACK;
    stud_hand *h = &rp.hand;
    if (stud_hand_start(h, rules, n, hd->stacks, NULL, 0, 1, 1, 0, log) != STUD_OK)
        return STUD_PS_FALLBACK;
    told(trace);
    stud_hand_set_rake(h, rake);
    int decision[8];
    for (int s = 0; s < 8; s++)
        decision[s] = UNDECIDED;
    for (int i = 0; i < hd->n_steps; i++) {
        const stud_hh_step *st = &hd->steps[i];
        switch (st->type) {
        case STUD_HH_DEALT:
            if (st->seat >= n)
                return STUD_PS_FALLBACK;
            if (!rp.live_known)
                read_live(&rp);
            if (!rp.awaiting)
                return STUD_PS_FALLBACK;
            if ((rp.pending_seats >> st->seat & 1) && flush(&rp))
                return STUD_PS_FALLBACK;
            /* (all 7: a fixed copy; those past n_cards are not read) */
            memcpy(rp.pending[st->seat], rp.filled_any ? rp.filled[i] : st->cards,
                   sizeof rp.pending[0]);
            rp.n_pending[st->seat] = st->n_cards;
            rp.pending_seats |= 1u << st->seat;
            if (!rp.live_known)
                read_live(&rp);
            if (rp.pending_seats == rp.live && flush(&rp))
                return STUD_PS_FALLBACK;
            break;
        case STUD_HH_ACTED:
            if (flush(&rp))
                return STUD_PS_FALLBACK;
            rp.live_known = 0;
            if (act(h, st, log))
                return STUD_PS_FALLBACK;
            told(trace);
            break;
        case STUD_HH_COMMUNITY:
            if (flush(&rp))
                return STUD_PS_FALLBACK;
            rp.live_known = 0;
            if (h->phase != STUD_PHASE_DEAL ||
                stud_hand_deal(h, NULL, 0, 0, st->cards[0], log) != STUD_OK)
                return STUD_PS_FALLBACK;
            told(trace);
            break;
        default: /* SHOWED, MUCKED */
            if (flush(&rp))
                return STUD_PS_FALLBACK;
            if (st->seat >= n)
                return STUD_PS_FALLBACK;
            if (decision[st->seat] == UNDECIDED)
                decision[st->seat] = st->type == STUD_HH_SHOWED ? SHOWS : MUCKS;
            break;
        }
    }
    if (flush(&rp))
        return STUD_PS_FALLBACK;
    for (int guard = 0; h->phase == STUD_PHASE_SHOWDOWN; guard++) {
        int actor = h->actor;
        if (guard > STUD_MAX_SEATS || actor < 0 || actor >= n)
            return STUD_PS_FALLBACK;
        int show = !(decision[actor] != SHOWS && stud_hand_may_muck(h));
        if (stud_hand_show(h, show, log) != STUD_OK)
            return STUD_PS_FALLBACK;
        told(trace);
    }
    if (h->phase != STUD_PHASE_OVER)
        return STUD_PS_FALLBACK;
    if (unstated && hd->rake == 0 && hd->has_collected) {
        int64_t paid = 0;
        for (int s = 0; s < n; s++)
            paid += (int64_t)h->stack[s] - hd->stacks[s] + h->total[s] - hd->collected[s];
        if (paid > 0) {
            *unstated = paid;
            return STUD_PS_FALLBACK;
        }
    }
    /* replay.py's _check_settlement: the collections, then the final stacks
     * (each when the record has them) */
    for (int s = 0; s < n && hd->has_collected; s++)
        if ((int64_t)h->stack[s] - hd->stacks[s] + h->total[s] != hd->collected[s])
            return STUD_PS_FALLBACK;
    for (int s = 0; s < n && hd->has_finishing; s++)
        if ((int64_t)h->stack[s] != hd->finishing[s])
            return STUD_PS_FALLBACK;
    if (trace)
        trace->hand = *h;
    return STUD_PS_REPRODUCED;
}
