/* simulate.c: whole hands played inside C by a random legal policy (see
 * simulate.h). */
#include "simulate.h"

#include <string.h>

#include "cards.h"
#include "rng.h"

/* Does the hand refuse every action it did not list?  Kinds not listed,
 * and amounts next to the listed ones. */
static int refuses_unlisted(const stud_hand *h, const stud_action *legal, int n)
{
    for (int kind = STUD_FOLD; kind <= STUD_RAISE; kind++) {
        int listed = 0;
        for (int i = 0; i < n; i++)
            listed |= legal[i].kind == kind;
        if (!listed && stud_hand_check(h, kind, 0) == STUD_OK)
            return 0;
        if (!listed)
            continue;
        for (int i = 0; i < n; i++) {
            if (legal[i].kind != kind)
                continue;
            for (int delta = -1; delta <= 1; delta += 2) {
                int32_t amount = legal[i].amount + delta, other = 0;
                for (int j = 0; j < n; j++)
                    other |= legal[j].kind == kind && legal[j].amount == amount;
                if (!other && stud_hand_check(h, kind, amount) == STUD_OK)
                    return 0;
            }
        }
    }
    return 1;
}

int stud_play_random(const stud_rules *rules, int n_seats, const int32_t *stacks,
                     int random_stacks, uint64_t n_hands, uint64_t seed, int check,
                     stud_random_report *report)
{
    uint64_t rng[4];
    int32_t start[STUD_MAX_SEATS];
    stud_hand hand;
    memset(report, 0, sizeof *report);
    report->first_violation_hand = -1;
    stud_rng_seed(rng, seed);
    for (uint64_t k = 0; k < n_hands; k++) {
        int64_t chips = 0;
        for (int seat = 0; seat < n_seats; seat++) {
            start[seat] = random_stacks ? 1 + (int32_t)stud_rng_below(rng, (uint32_t)stacks[seat])
                                        : stacks[seat];
            chips += start[seat];
        }
        /* with the checks on, every other hand decides its showdown at random */
        int manual_showdown = check && (k & 1);
        int error = stud_hand_start(&hand, rules, n_seats, start, NULL, 0, 0, manual_showdown,
                                    stud_rng_next(rng), NULL);
        if (error)
            return error;
        int ok = 1, steps = 0;
        while (hand.phase == STUD_PHASE_BETTING || hand.phase == STUD_PHASE_SHOWDOWN) {
            if (hand.phase == STUD_PHASE_SHOWDOWN) {
                int show = !stud_hand_may_muck(&hand) || (stud_rng_next(rng) & 1);
                ok &= stud_hand_show(&hand, show, NULL) == STUD_OK;
                continue;
            }
            stud_action legal[STUD_MAX_ACTIONS];
            int n = stud_hand_legal(&hand, legal);
            report->decisions++;
            if (n == 0 || ++steps > 100000) {
                ok = 0;
                break;
            }
            if (check) {
                for (int i = 0; i < n; i++)
                    ok &= stud_hand_check(&hand, legal[i].kind, legal[i].amount) == STUD_OK;
                ok &= refuses_unlisted(&hand, legal, n);
            }
            stud_action pick = legal[stud_rng_below(rng, (uint32_t)n)];
            if (check)
                ok &= stud_hand_act(&hand, pick.kind, pick.amount, NULL) == STUD_OK;
            else
                stud_hand_apply(&hand, pick.kind, pick.amount, NULL);
        }
        int64_t after = 0;
        for (int seat = 0; seat < n_seats; seat++) {
            after += hand.stack[seat];
            ok &= hand.payout[seat] >= 0 && hand.stack[seat] >= 0;
        }
        ok &= hand.phase == STUD_PHASE_OVER && after == chips;
        report->hands++;
        report->showdowns += stud_popcount(stud_hand_live(&hand)) > 1;
        if (!ok) {
            if (report->violations == 0)
                report->first_violation_hand = (int64_t)k;
            report->violations++;
        }
    }
    return STUD_OK;
}
