/* game.h: the fixed-limit stud betting state machine (docs/rules.md).
 *
 * A variant is data: a table of streets (cards down and up, bet unit, burn)
 * plus the options of docs/rules.md.  A hand's whole state is one plain struct
 * with fixed arrays and no pointers, so copying a hand is a memcpy.
 *
 * Every entry point returns 0 or a STUD_E* error code; on error the hand is
 * unchanged.  What happens is reported, when the caller passes a log, as a
 * list of events (the log belongs to the caller and is not part of the hand).
 */
#ifndef STUD_GAME_H
#define STUD_GAME_H

#include <stdint.h>

#define STUD_MAX_SEATS 10
#define STUD_MAX_STREETS 5
#define STUD_MAX_ACTIONS 8 /* legal actions at one decision, at most */

enum stud_variant {
    STUD_SEVEN_CARD_STUD = 0,
    STUD_SEVEN_CARD_STUD_HILO = 1,
    STUD_RAZZ = 2,
    STUD_FIVE_CARD_STUD = 3,
    STUD_FIVE_CARD_STUD_HILO = 4,
    STUD_DEUCE_TO_SEVEN_RAZZ = 5,          /* docs/rules.md 12 */
    STUD_SEVEN_CARD_STUD_HILO_REGULAR = 6, /* docs/rules.md 13: hi-lo, no qualifier */
};

enum stud_scoring { STUD_SCORE_HIGH = 0, STUD_SCORE_HILO8 = 1, STUD_SCORE_RAZZ = 2, STUD_SCORE_27 = 3, STUD_SCORE_HILO_REGULAR = 4 };
enum stud_tiebreak { STUD_TIE_POSITION = 0, STUD_TIE_SUIT = 1 };
enum stud_reopen { STUD_REOPEN_HALF_BET = 0, STUD_REOPEN_FULL_RAISE = 1 };
enum stud_odd_chip { STUD_ODD_HIGH_CARD = 0, STUD_ODD_POSITION = 1 };
/* 13.2: who brings in and acts first.  LOW: the highest upcard brings in,
 * the lowest board acts first (Razz, 2-7 Razz, Hi-Lo Regular by default);
 * HIGH: the lowest upcard, the highest board (the other games). */
enum stud_action_order { STUD_ORDER_LOW = 0, STUD_ORDER_HIGH = 1 };
enum stud_odd_chip_half { STUD_ODD_HALF_HIGH = 0, STUD_ODD_HALF_LOW = 1 }; /* 11.3 */

enum stud_action_kind {
    STUD_FOLD = 0,
    STUD_CHECK = 1,
    STUD_CALL = 2,
    STUD_BRING_IN = 3,
    STUD_COMPLETE = 4,
    STUD_BET = 5,
    STUD_RAISE = 6,
};

enum stud_error {
    STUD_OK = 0,
    STUD_E_NOT_BETTING = 1,  /* no action is awaited (dealing, or over) */
    STUD_E_KIND = 2,         /* this kind of action is not legal now */
    STUD_E_AMOUNT = 3,       /* the kind is legal, not with this amount */
    STUD_E_NOT_DEALING = 4,  /* no manual deal is awaited */
    STUD_E_CARDS = 5,        /* wrong number of cards, or a card already out */
    STUD_E_RULES = 6,        /* the rules or stacks are not valid */
    STUD_E_NOT_SHOWDOWN = 7, /* no show or muck is awaited */
    STUD_E_INTERRUPTED = 8,  /* a long call was stopped through its stud_poll */
    STUD_E_ARGUMENT = 9,     /* a count, seat, kind or index out of its range */
    STUD_N_ERRORS = 10
};

/* One line saying what an error code means (never NULL). */
const char *stud_error_text(int error);

typedef struct {
    uint8_t number;    /* the street's name: 3..7 (seven-card games), 2..5 (Five Card Stud) */
    uint8_t down, up;  /* cards dealt to each player, face down and face up */
    uint8_t big;       /* 1: the bet unit is the big bet */
    uint8_t burn;      /* 1: a card is burned before this street (when burns are on) */
    uint8_t open_pair; /* 1: the open-pair double bet applies here (docs/rules.md 4.4) */
} stud_street;

typedef struct {
    int32_t small_bet, big_bet, ante, bring_in;
    uint8_t variant, scoring, n_streets, max_players;
    uint8_t low_board;         /* lowest board acts first, highest card brings in: the same
                                * as action_order == STUD_ORDER_LOW (stud_rules_set_order) */
    uint8_t bring_in_tiebreak; /* stud_tiebreak (2.2) */
    uint8_t board_tiebreak;    /* stud_tiebreak (3.4) */
    uint8_t max_raises;        /* raises after the bet, per round (4.2) */
    uint8_t heads_up_uncapped; /* 4.3 */
    uint8_t open_pair_double;  /* 4.4 */
    uint8_t reopen_rule;       /* stud_reopen (6.3) */
    uint8_t odd_chip;          /* stud_odd_chip (9.5) */
    uint8_t burn_cards;        /* 1 */
    uint8_t action_order;      /* stud_action_order: the variant's own; a choice in Hi-Lo
                                * Regular only (13.2) */
    uint8_t low_needs_five_ranks; /* 13.5: Hi-Lo Regular only: no low without five ranks */
    uint8_t fold_when_can_check; /* 11.3: a fold is legal where a check is (6.7: 0) */
    uint8_t odd_chip_half;       /* stud_odd_chip_half (11.3; 9.3: high) */
    stud_street streets[STUD_MAX_STREETS];
} stud_rules;

/* 13.2: sets the action order (and low_board with it). */
static inline void stud_rules_set_order(stud_rules *rules, int order)
{
    rules->action_order = (uint8_t)order;
    rules->low_board = order == STUD_ORDER_LOW;
}

/* Boards rank the ace low (3.3: Razz, and Hi-Lo Regular in the Razz order);
 * in 2-7 Razz the ace is high on a board as in the hi games (12.2, 12.3). */
static inline int stud_rules_ace_low_board(const stud_rules *rules)
{
    return rules->low_board && rules->variant != STUD_DEUCE_TO_SEVEN_RAZZ;
}

/* Fills the streets and every default of docs/rules.md for a variant and small
 * bet: B = 2S, ante = S / 5, BI = S / 2, the seeds' options. */
void stud_rules_default(stud_rules *rules, int variant, int32_t small_bet);
/* STUD_OK when the rules are consistent: 0 <= ante, 0 < BI <= S <= B, the
 * options in range, and the variant's own streets, scoring and seat limit
 * (so rules from anywhere, a forged struct included, cannot reach memory
 * outside a hand's arrays). */
int stud_rules_check(const stud_rules *rules);

/* ---- events ---------------------------------------------------------------- */

enum stud_event_type {
    STUD_EV_ANTE = 0,      /* seat posts `amount` (ante, dead money) */
    STUD_EV_DEAL = 1,      /* seat gets card `card`; face up when `flag` */
    STUD_EV_BURN = 2,      /* `card` burned */
    STUD_EV_COMMUNITY = 3, /* `card` dealt face up to the middle for every live player (5.1) */
    STUD_EV_RESHUFFLE = 4, /* the burn cards go back under the stub (5.1) */
    STUD_EV_STREET = 5,    /* a street starts: `card` = its number */
    STUD_EV_ACTION = 6,    /* seat acts: `card` = kind, `amount` = his bet for the round */
    STUD_EV_RETURN = 7,    /* uncalled `amount` returned to seat (7.1) */
    STUD_EV_SHOW = 8,      /* seat shows his cards */
    STUD_EV_MUCK = 9,      /* seat mucks */
    STUD_EV_AWARD = 10,    /* seat wins `amount` from pot `card` (0 = main): flag 0 the whole
                            * pot, 1 the high half, 2 the low half, 3 both halves */
    STUD_EV_RAKE = 11,     /* the house takes `amount` from the pots (11.1) */
};

typedef struct {
    uint8_t type, seat, card, flag;
    int32_t amount;
} stud_event;

#define STUD_LOG_CAPACITY 256

/* What one call did.  Nothing that one call can do needs more events than
 * the capacity (a whole deal-out and showdown of ten players). */
typedef struct {
    int n;
    stud_event events[STUD_LOG_CAPACITY];
} stud_log;

/* ---- the hand ---------------------------------------------------------------- */

enum stud_phase {
    STUD_PHASE_BETTING = 0, /* `actor` must act */
    STUD_PHASE_DEAL = 1,    /* manual dealing: the next street's cards are awaited */
    STUD_PHASE_OVER = 2,
    STUD_PHASE_SHOWDOWN = 3, /* manual showdown: `actor` shows or mucks (8.2) */
};

typedef struct {
    int8_t kind;
    int32_t amount; /* the actor's total bet for the round after the action */
} stud_action;

typedef struct {
    stud_rules rules;
    uint8_t n_seats;
    uint8_t phase;          /* stud_phase */
    uint8_t street;         /* index into rules.streets of the current street */
    int8_t actor;           /* seat to act, or -1 */
    uint8_t manual;         /* the caller deals (no deck) */
    uint8_t manual_showdown; /* the caller decides who shows and who mucks (8.2) */
    uint8_t n_showdown, showdown_next;
    uint8_t showdown_seats[STUD_MAX_SEATS]; /* in showdown order (8.1) */
    uint16_t mucked;
    uint8_t stacked;        /* the deck order was given: burns come back unshuffled */
    uint8_t deck_top, deck_len;
    uint8_t deck[52];
    uint8_t n_burns;
    uint8_t burns[8];
    uint8_t n_cards[STUD_MAX_SEATS];
    uint8_t cards[STUD_MAX_SEATS][7]; /* in deal order */
    uint8_t up_flags[STUD_MAX_SEATS]; /* bit k: cards[seat][k] was dealt face up */
    uint64_t up_mask[STUD_MAX_SEATS], all_mask[STUD_MAX_SEATS];
    uint64_t community;               /* community cards (5.1) */
    uint64_t rng[4];                  /* xoshiro256** state, for reshuffles */
    uint64_t board[STUD_MAX_SEATS];   /* each seat's upcards as board.h's rank-count planes (2, 3) */
    uint16_t folded, all_in;          /* seat bit sets */
    uint16_t acted;                   /* seats that acted this betting round */
    uint16_t owe;                     /* seats whose round_bet is below bet_to (betting rounds) */
    int32_t stack[STUD_MAX_SEATS];
    int32_t round_bet[STUD_MAX_SEATS]; /* put in this betting round */
    int32_t total[STUD_MAX_SEATS];     /* put in this hand, antes included */
    int32_t payout[STUD_MAX_SEATS];    /* collected at the end */
    int32_t bet_to;                    /* the amount to match this round */
    int32_t full_level;                /* the level of the last full bet or raise (6.1) */
    int32_t raise_base;                /* a raise goes to raise_base + unit (6.2, 6.3) */
    int32_t unit;                      /* the raise unit now */
    uint8_t unit_choice;               /* open-pair round with no big-bet wager yet: S or B (4.4) */
    uint8_t n_bets;                    /* full bets and raises this round (4.2) */
    uint8_t street_bets[STUD_MAX_STREETS]; /* n_bets as each street's round left it */
    uint8_t uncapped;                  /* this round has no cap (4.3) */
    uint8_t reopen_count;              /* completions that re-opened for all (full_raise, 6.3) */
    uint8_t acted_at[STUD_MAX_SEATS];  /* reopen_count when the seat last acted (if in `acted`) */
    int32_t acted_level[STUD_MAX_SEATS]; /* the bet he matched when he last acted (6.2) */
    uint8_t bring_in_pending;          /* the first action of the hand is the bring-in */
    int8_t bring_in_seat;
    int8_t opener;                     /* who acted first this round */
    int8_t last_aggressor;             /* last to bet or raise this round, or -1 */
    int8_t final_opener, final_aggressor; /* of the last betting round played */
    int32_t rake;                      /* to take from the pots when they are paid (11.1) */
} stud_hand;

/* STUD_OK when a hand of `n_seats` can start with these stacks: the seat
 * count within the rules' limit, every stack positive, and all the chips
 * together at most 2**30 (so no sum of bets can overflow). */
static inline int stud_stacks_check(const stud_rules *rules, int n_seats, const int32_t *stacks)
{
    if (n_seats < 2 || n_seats > rules->max_players)
        return STUD_E_RULES;
    int64_t chips = 0;
    for (int seat = 0; seat < n_seats; seat++) {
        if (stacks[seat] <= 0)
            return STUD_E_RULES;
        chips += stacks[seat];
    }
    return chips > (1 << 30) ? STUD_E_RULES : STUD_OK;
}

/* 5.1: the burn cards go back under the stub (deck[deck_top..]); shuffled
 * with it, unless the caller stacked the deck (then they follow the stub in
 * the order burned).  No event: the caller reports the reshuffle. */
void stud_hand_return_burns(stud_hand *hand);

/* Starts a hand: antes, the first street dealt (unless manual), the
 * bring-in.  `deck`: 52 card ids from the top (burns included), dealt in
 * that order when `stacked`; NULL for a deck shuffled by `seed` (cards are
 * drawn at random as they are dealt).  Ignored when manual.  With
 * `manual_showdown` the caller decides who shows (stud_hand_show). */
int stud_hand_start(stud_hand *hand, const stud_rules *rules, int n_seats, const int32_t *stacks,
                    const uint8_t *deck, int stacked, int manual, int manual_showdown,
                    uint64_t seed, stud_log *log);

/* The legal actions of the actor (0 when no action is awaited), in this
 * order: the bring-in then the completion (the first action of a hand); or
 * the fold then the call, or the check; then the completion, bet or raise
 * targets, smallest first (the built-in policies rely on the order). */
int stud_hand_legal(const stud_hand *hand, stud_action *out);
/* The actor's check, call or bring-in: the passive action of that list,
 * without the rest of it (kind -1 when no action is awaited). */
stud_action stud_hand_passive(const stud_hand *hand);
/* The head of that list: its fold, check, call or bring-in entries (the
 * kinds it lists nowhere else), without the wagers after them; the count. */
int stud_hand_passives(const stud_hand *hand, stud_action *out);
/* STUD_OK if the actor may take this action (one check for listing and applying). */
int stud_hand_check(const stud_hand *hand, int kind, int32_t amount);
int stud_hand_act(stud_hand *hand, int kind, int32_t amount, stud_log *log);
/* stud_hand_act without the check: only for an action stud_hand_legal listed. */
void stud_hand_apply(stud_hand *hand, int kind, int32_t amount, stud_log *log);

/* 11.1: the house takes `rake` chips (at most the whole pot) when the pots
 * are paid, from the main pot first, before any pot is split.  A hand has
 * no rake unless this is called before it is over; STUD_E_ARGUMENT for a
 * negative rake or a finished hand. */
int stud_hand_set_rake(stud_hand *h, int32_t rake);

/* Manual dealing (phase STUD_PHASE_DEAL): `n_cards` cards, `per_seat` for
 * every live seat in seat order (the street's down cards first), or one
 * community card when `community` >= 0 (then `cards` is ignored; only
 * when the cards left cannot deal the street, docs/rules.md 5.1).  The counts
 * are checked before any card is read. */
int stud_hand_deal(stud_hand *hand, const uint8_t *cards, int n_cards, int per_seat,
                   int community, stud_log *log);

/* Manual showdown (phase STUD_PHASE_SHOWDOWN): the actor shows (`show`
 * nonzero) or mucks and loses his claim.  He may not muck when no one else
 * left could win a pot he is in. */
int stud_hand_show(stud_hand *hand, int show, stud_log *log);
int stud_hand_may_muck(const stud_hand *hand);

/* The pots (7.1), main pot first: layers of the live players' total
 * contributions, the deepest taking everything above it; a pot's eligible
 * seats are the `contenders` that deep.  Returns the number of layers. */
int stud_hand_pots(const stud_hand *hand, unsigned contenders, int32_t amount[STUD_MAX_SEATS],
                   unsigned eligible[STUD_MAX_SEATS]);

/* The seats still in the hand (not folded), as a bit set. */
static inline unsigned stud_hand_live(const stud_hand *hand)
{
    return ((1u << hand->n_seats) - 1) & ~(unsigned)hand->folded;
}

#endif
