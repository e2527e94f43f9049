/* phh_count.c: the PHH C reader alone over a file, for callgrind
 * (bench/phh_count.sh): split into hands (stud_phh_split_next, lines as
 * read(path) reads a file's), each copied and read as verify reads it
 * (stud_phh_read) and replayed (stud_ps_replay) with rules made here from
 * the hand's stakes (the PokerStars profile's: enough for the files
 * bench_histories.py writes); no Python.
 *
 *   phh_count FILE [replay: 0|1]   prints hands, read, reproduced */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "phh_read.h"
#include "ps_history.h"
#include "count_file.h"

int main(int argc, char **argv)
{
    long size;
    int replay;
    char *buf = count_file(argc, argv, "phh_count", &size, &replay);
    char *copy = buf ? malloc((size_t)size + 1) : NULL;
    if (!buf || !copy)
        return 2;
    stud_phh_splitter *sp = malloc(sizeof *sp);
    stud_phh_doc *d = calloc(1, sizeof *d);
    if (!sp || !d)
        return 2;
    d->tokens = calloc(STUD_PHH_MAX_TOKENS, sizeof(stud_phh_token));
    d->slots = calloc(3 * STUD_PHH_HASH_SLOTS, sizeof(uint32_t));
    if (!d->tokens || !d->slots)
        return 2;
    stud_hh_error err;
    long hands = 0, read = 0, reproduced = 0;
    size_t len = (size_t)size;
    stud_phh_split_init(sp, 1, 0, 1 << 20, 1 << 24, 0);
    for (;;) {
        int event = stud_phh_split_next(sp, buf, len, 1);
        if (event == STUD_PHH_END || event == STUD_PHH_LONG_LINE)
            break;
        if (event == STUD_PHH_MORE) {
            len = stud_phh_split_compact(sp, buf, len);
            continue;
        }
        if (event != STUD_PHH_HAND)
            continue;
        hands++;
        memcpy(copy, buf + sp->start, sp->len); /* (the reader writes its text) */
        if (stud_phh_read(copy, sp->len, sp->first_line, sp->has_name, d, &err) != STUD_HH_READ)
            continue;
        read++;
        if (!replay || d->n_players != d->hand.n_seats || d->n_players > 8)
            continue;
        stud_rules rules;
        stud_rules_default(&rules, d->hand.variant, (int32_t)d->small_bet);
        rules.big_bet = (int32_t)d->big_bet;
        rules.ante = (int32_t)d->ante;
        if (d->bring_in > 0)
            rules.bring_in = (int32_t)d->bring_in;
        rules.bring_in_tiebreak = STUD_TIE_SUIT;
        rules.board_tiebreak = STUD_TIE_POSITION;
        rules.max_raises = 3;
        rules.heads_up_uncapped = 0;
        rules.fold_when_can_check = 1;
        if (stud_rules_check(&rules) == STUD_OK)
            reproduced += stud_ps_replay(&d->hand, &rules) == STUD_PS_REPRODUCED;
    }
    printf("hands %ld read %ld reproduced %ld\n", hands, read, reproduced);
    return 0;
}
