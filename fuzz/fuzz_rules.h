/* fuzz_rules.h: the rule options as the engine harnesses read them from a
 * fuzz input (fuzz_engine.c, fuzz_playout.c); after fuzz_common.h.  The
 * variant byte is taken modulo the seven variants (STUD_SEVEN_CARD_STUD_
 * HILO_REGULAR is the last).
 *
 * Each harness reads the variant, the small bet and the option byte in its
 * own way (their corpora depend on it); the option byte's meaning and the
 * bet sizes it may ask for are read here, the same for both. */
#ifndef FUZZ_RULES_H
#define FUZZ_RULES_H

#include <stdint.h>

#include "game.h"

/* The option byte: bit 0 the bring-in's tie-break, 1 the board's, 2
 * heads-up uncapped, 3 the open-pair double bet, 4 the re-opening rule, 5
 * the odd chip, 6 burns; bit 7: an ante, bring-in and big bet read from
 * the input (each from a u16, mostly valid for the small bet `small`,
 * taken as 1 when it is not positive).  The site options of 11.3 read no
 * byte of their own (the corpora keep their bytes): fold_when_can_check
 * when bits 0 and 4 are both set, odd_chip_half "low" when bits 1 and 5
 * are. */
static inline void read_rule_options(stud_rules *r, uint8_t opt, int64_t small, input *in)
{
    r->bring_in_tiebreak = opt & 1;
    r->board_tiebreak = opt >> 1 & 1;
    r->heads_up_uncapped = opt >> 2 & 1;
    r->open_pair_double = opt >> 3 & 1;
    r->reopen_rule = opt >> 4 & 1;
    r->odd_chip = opt >> 5 & 1;
    r->burn_cards = opt >> 6 & 1;
    r->fold_when_can_check = (opt & 0x11) == 0x11;
    r->odd_chip_half = (opt & 0x22) == 0x22 ? STUD_ODD_HALF_LOW : STUD_ODD_HALF_HIGH;
    if (opt & 0x80) { /* bet sizes other than the defaults, mostly valid */
        int64_t s = small > 0 ? small : 1;
        r->ante = (int32_t)(u16(in) % (2 * s + 1));
        r->bring_in = (int32_t)(1 + u16(in) % s);
        r->big_bet = (int32_t)(s + u16(in) % (3 * s + 1));
    }
}

/* Hi-Lo Regular's own options (13.2, 13.5), from one more byte read only
 * for that variant (the other variants' inputs read what they did): bit 0
 * the action order, bit 1 low_needs_five_ranks. */
static inline void read_regular_options(stud_rules *r, input *in)
{
    if (r->variant != STUD_SEVEN_CARD_STUD_HILO_REGULAR)
        return;
    uint8_t opt = u8(in);
    stud_rules_set_order(r, opt & 1 ? STUD_ORDER_HIGH : STUD_ORDER_LOW);
    r->low_needs_five_ranks = opt >> 1 & 1;
}

#endif
