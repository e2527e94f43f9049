/* ps_count.c: the PokerStars C reader alone over a file, for callgrind
 * (bench/ps_count.sh): split into hands (stud_ps_scan), each read
 * (stud_ps_read) and replayed (stud_ps_replay) with the PokerStars
 * profile's rules; no Python.  The header's game is read crudely here
 * (the three seven-card games, chips or "$" stakes): enough for the files
 * bench_histories.py writes, not a reader of real headers.
 *
 *   ps_count FILE [replay: 0|1]   prints hands, read, reproduced
 * (bench/ps_count.sh counts its instructions per hand) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "ps_history.h"
#include "count_file.h"

static int crude_game(const char *s, size_t n, stud_ps_game *g)
{
    memset(g, 0, sizeof *g);
    char text[256];
    size_t m = n < sizeof text - 1 ? n : sizeof text - 1;
    memcpy(text, s, m);
    text[m] = 0;
    if (strstr(text, "Razz"))
        g->variant = STUD_RAZZ;
    else if (strstr(text, "Hi/Lo"))
        g->variant = STUD_SEVEN_CARD_STUD_HILO;
    else if (strstr(text, "7 Card Stud"))
        g->variant = STUD_SEVEN_CARD_STUD;
    else
        return 0;
    const char *open = strchr(text, '(');
    if (!open)
        return 0;
    if (open[1] == '$') {
        double a = 0, b = 0;
        if (sscanf(open, "($%lf/$%lf", &a, &b) != 2)
            return 0;
        g->cents = 1;
        g->symbols = 1;
        strcpy(g->currency, "USD");
        strcpy(g->symbol, "$");
        g->small_bet = (int32_t)(a * 100 + 0.5);
        g->big_bet = (int32_t)(b * 100 + 0.5);
    } else {
        long a = 0, b = 0;
        if (sscanf(open, "(%ld/%ld", &a, &b) != 2)
            return 0;
        g->small_bet = (int32_t)a;
        g->big_bet = (int32_t)b;
    }
    return 1;
}

int main(int argc, char **argv)
{
    long size;
    int replay;
    char *buf = count_file(argc, argv, "ps_count", &size, &replay);
    if (!buf)
        return 2;
    stud_hh_hand *hand = malloc(sizeof *hand);
    stud_ps_extra extra;
    stud_ps_scanner scanner;
    stud_ps_item item;
    long hands = 0, read = 0, reproduced = 0;
    int clean = stud_ps_clean(buf, (size_t)size);
    stud_ps_scanner_init(&scanner, buf, (size_t)size, 1, (clean & STUD_PS_CLEAN_CR) != 0);
    for (;;) {
        stud_ps_scan(&scanner, &item);
        if (item.kind == STUD_PS_END)
            break;
        if (item.kind != STUD_PS_HAND)
            continue;
        hands++;
        stud_ps_game game;
        if (!crude_game(buf + item.desc_start, item.desc_end - item.desc_start, &game))
            continue;
        if (stud_ps_read(buf, &item, &game, hand, &extra, NULL) != STUD_HH_READ)
            continue;
        read++;
        if (!replay)
            continue;
        stud_rules rules;
        stud_rules_default(&rules, game.variant, game.small_bet);
        rules.big_bet = game.big_bet;
        rules.ante = hand->ante;
        if (hand->bring_in >= 0)
            rules.bring_in = hand->bring_in;
        rules.bring_in_tiebreak = STUD_TIE_SUIT;
        rules.board_tiebreak = STUD_TIE_POSITION;
        rules.max_raises = 3;
        rules.heads_up_uncapped = 0;
        rules.fold_when_can_check = 1;
        reproduced += stud_ps_replay(hand, &rules) == STUD_PS_REPRODUCED;
    }
    printf("clean %d hands %ld read %ld reproduced %ld\n", clean, hands, read, reproduced);
    free(hand);
    free(buf);
    return 0;
}
