/* engine_count.c: whole hands in C, for counting instructions with callgrind
 * (bench/engine_count.sh builds it against the static core and runs it),
 * and for timing them (bench/engine_rate.sh).
 *
 *   engine_count play VARIANT SEATS HANDS        stud_play_random, stacks 300
 *   engine_count sim POLICY SEATS HANDS          stud_simulate, Stud/8, stacks 300
 *   engine_count game VARIANT FIVE POLICY SEATS HANDS
 *                                                stud_simulate in VARIANT (FIVE: 1 for
 *                                                Hi-Lo Regular's low_needs_five_ranks),
 *                                                stacks 300 (bench/engine_count_games.sh)
 *   engine_count games POLICY HANDS ROUNDS       the best rate (hands per second of CPU
 *                                                time) of stud_simulate in Razz, 2-7 Razz,
 *                                                Hi-Lo Regular and Stud/8, 6 seats, the
 *                                                games in turn in each round, and each
 *                                                game's rate over Razz's
 *   engine_count play|sim ... HANDS REPEATS      the best rate of REPEATS calls
 *                                                (seeds 3, 4, ... or 5, 6, ...)
 *                                                in hands per second of CPU time
 *
 * Prints hands and decisions; the instruction count of the call comes from
 * callgrind (--toggle-collect on the entry point), divided by those. */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "game.h"
#include "simulate.h"

static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The best rate of `repeats` calls, in hands per second of CPU time. */
static int rate(int play, int which, int seats, uint64_t hands, int repeats)
{
    int32_t stacks[STUD_MAX_SEATS];
    for (int s = 0; s < STUD_MAX_SEATS; s++)
        stacks[s] = 300;
    uint8_t policies[STUD_MAX_SEATS];
    memset(policies, which, sizeof policies);
    stud_rules rules;
    stud_rules_default(&rules, play ? which : STUD_SEVEN_CARD_STUD_HILO, 10);
    double best = 0.0;
    for (int k = 0; k < repeats; k++) {
        double start = cpu_seconds();
        int error;
        if (play) {
            stud_random_report report;
            error = stud_play_random(&rules, seats, stacks, 0, hands, 3 + (uint64_t)k, 0, &report,
                                     NULL);
        } else {
            stud_sim_result result;
            memset(&result, 0, sizeof result);
            error = stud_simulate(&rules, seats, stacks, policies, hands, 5 + (uint64_t)k, 0, 0,
                                  &result, NULL);
        }
        double seconds = cpu_seconds() - start;
        if (error)
            return error;
        if (seconds > 0 && (double)hands / seconds > best)
            best = (double)hands / seconds;
    }
    printf("%.0f\n", best);
    return 0;
}

/* stud_simulate with one policy for every player, in any variant. */
static int game(int variant, int five_ranks, int policy, int seats, uint64_t hands)
{
    int32_t stacks[STUD_MAX_SEATS];
    for (int s = 0; s < STUD_MAX_SEATS; s++)
        stacks[s] = 300;
    stud_rules rules;
    stud_rules_default(&rules, variant, 10);
    rules.low_needs_five_ranks = (uint8_t)(five_ranks != 0);
    uint8_t policies[STUD_MAX_SEATS];
    memset(policies, policy, sizeof policies);
    stud_sim_result result;
    memset(&result, 0, sizeof result);
    int error = stud_simulate(&rules, seats, stacks, policies, hands, 5, 0, 0, &result, NULL);
    printf("game %d %d policy %d: error %d hands %llu net0 %lld\n", variant, five_ranks, policy,
           error, (unsigned long long)result.hands, (long long)result.net[0]);
    return error;
}

/* The games in turn, each round; the best rate of each over the rounds. */
static int games(int policy, uint64_t hands, int rounds)
{
    static const int variants[4] = {STUD_RAZZ, STUD_DEUCE_TO_SEVEN_RAZZ,
                                    STUD_SEVEN_CARD_STUD_HILO_REGULAR, STUD_SEVEN_CARD_STUD_HILO};
    static const char *names[4] = {"Razz", "2-7 Razz", "Hi-Lo Regular", "Stud/8"};
    double best[4] = {0};
    int32_t stacks[STUD_MAX_SEATS];
    for (int s = 0; s < STUD_MAX_SEATS; s++)
        stacks[s] = 300;
    uint8_t policies[STUD_MAX_SEATS];
    memset(policies, policy, sizeof policies);
    for (int r = 0; r < rounds; r++)
        for (int k = 0; k < 4; k++) {
            stud_rules rules;
            stud_rules_default(&rules, variants[k], 10);
            stud_sim_result result;
            memset(&result, 0, sizeof result);
            double start = cpu_seconds();
            int error = stud_simulate(&rules, 6, stacks, policies, hands, 5 + (uint64_t)r, 0, 0,
                                      &result, NULL);
            double seconds = cpu_seconds() - start;
            if (error)
                return error;
            if (seconds > 0 && (double)hands / seconds > best[k])
                best[k] = (double)hands / seconds;
        }
    for (int k = 0; k < 4; k++)
        printf("%s %.0f %.3f\n", names[k], best[k], best[k] / best[0]);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 5 && strcmp(argv[1], "games") == 0)
        return games(atoi(argv[2]), strtoull(argv[3], NULL, 10), atoi(argv[4]));
    if (argc == 7 && strcmp(argv[1], "game") == 0)
        return game(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]), atoi(argv[5]),
                    strtoull(argv[6], NULL, 10));
    if (argc != 5 && argc != 6) {
        fprintf(stderr, "usage: engine_count play|sim VARIANT|POLICY SEATS HANDS [REPEATS]\n"
                        "       engine_count game VARIANT FIVE_RANKS POLICY SEATS HANDS\n"
                        "       engine_count games POLICY HANDS ROUNDS\n");
        return 2;
    }
    if (argc == 6)
        return rate(strcmp(argv[1], "play") == 0, atoi(argv[2]), atoi(argv[3]),
                    strtoull(argv[4], NULL, 10), atoi(argv[5]));
    int which = atoi(argv[2]), seats = atoi(argv[3]);
    uint64_t hands = strtoull(argv[4], NULL, 10);
    int32_t stacks[STUD_MAX_SEATS];
    for (int s = 0; s < STUD_MAX_SEATS; s++)
        stacks[s] = 300;
    stud_rules rules;
    if (strcmp(argv[1], "play") == 0) {
        stud_rules_default(&rules, which, 10);
        stud_random_report report;
        int error = stud_play_random(&rules, seats, stacks, 0, hands, 3, 0, &report, NULL);
        printf("play %d: error %d hands %llu decisions %llu showdowns %llu\n", which, error,
               (unsigned long long)report.hands, (unsigned long long)report.decisions,
               (unsigned long long)report.showdowns);
        return error;
    }
    stud_rules_default(&rules, STUD_SEVEN_CARD_STUD_HILO, 10);
    uint8_t policies[STUD_MAX_SEATS];
    memset(policies, which, sizeof policies);
    stud_sim_result result;
    memset(&result, 0, sizeof result);
    int error = stud_simulate(&rules, seats, stacks, policies, hands, 5, 0, 0, &result, NULL);
    printf("sim %d: error %d hands %llu net0 %lld\n", which, error,
           (unsigned long long)result.hands, (long long)result.net[0]);
    return error;
}
