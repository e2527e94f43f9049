/* engine_count.c: whole hands in C, for counting instructions with callgrind
 * (bench/engine_count.sh builds it against the static core and runs it).
 *
 *   engine_count play VARIANT SEATS HANDS        stud_play_random, stacks 300
 *   engine_count sim POLICY SEATS HANDS          stud_simulate, Stud/8, stacks 300
 *
 * Prints hands and decisions; the instruction count of the call comes from
 * callgrind (--toggle-collect on the entry point), divided by those. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "simulate.h"

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: engine_count play|sim VARIANT|POLICY SEATS HANDS\n");
        return 2;
    }
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
