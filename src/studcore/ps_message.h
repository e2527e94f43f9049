/* ps_message.h: the messages of the PokerStars reader's errors (ps_read.c),
 * written as the HistoryError texts say things: names as they are, other
 * text quoted as Python's repr() quotes a str, amounts as chips or money,
 * cards as "As" and lists of them as "[As Kd]". */
#ifndef STUD_PS_MESSAGE_H
#define STUD_PS_MESSAGE_H

#include <stddef.h>
#include <stdint.h>

#include "hh_hand.h"

typedef struct {
    stud_hh_error *err;
    size_t n; /* bytes written (a message past STUD_HH_MESSAGE - 1 is cut) */
} ps_msg;

void ps_msg_init(ps_msg *m, stud_hh_error *err);
/* a new message, of this line (what was written before is dropped) */
void ps_msg_start(ps_msg *m, uint32_t line);
void ps_msg_put(ps_msg *m, const char *text);
void ps_msg_raw(ps_msg *m, const char *s, size_t len);
/* repr() of the UTF-8 text (a byte that starts no code point: U+DC00 + it) */
void ps_msg_repr(ps_msg *m, const char *s, size_t len);
void ps_msg_int(ps_msg *m, long long v);
/* an amount: chips as a number; cents as the symbol, then "D.CC" */
void ps_msg_amount(ps_msg *m, int64_t v, int cents, const char *symbol);
void ps_msg_card(ps_msg *m, int card);
void ps_msg_cards(ps_msg *m, const uint8_t *cards, int n);

/* The code point of the UTF-8 text at s (len > 0); *size: its bytes.  A
 * byte that starts none: U+DC00 + the byte, one byte. */
uint32_t ps_code_point(const char *s, size_t len, size_t *size);
/* 1 when the character at s (len > 0) is a word character (regular
 * expressions' \w: letters, digits, _), for the \b after an action verb */
int ps_word_at(const char *s, size_t len);
/* The card of a word as stud.Card reads one ("As", "as", "10s", "A♠",
 * commas around it), or -1 */
int ps_card_word(const char *s, size_t len);

#endif
