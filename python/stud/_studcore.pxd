# Declarations of the C core (src/studcore/*.h) for the Cython layer.
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t


cdef extern from "cards.h" nogil:
    enum:
        STUD_CARDS
    unsigned long long STUD_VALID_BITS
    uint64_t stud_card_bit(int card)
    int stud_lowest_card(uint64_t mask)
    int stud_popcount(uint64_t x)


cdef extern from "tables.h" nogil:
    int STUD_HIGH_CLASSES
    int STUD_RAZZ_CLASSES
    int STUD_LOW8_CLASSES
    int STUD_27_CLASSES
    const uint16_t stud_high_category_start[10]
    const uint8_t stud_27_category[]


cdef extern from "eval.h" nogil:
    enum stud_eval_kind:
        STUD_EVAL_HIGH
        STUD_EVAL_LOW8
        STUD_EVAL_RAZZ
        STUD_EVAL_27
    uint16_t stud_eval_high(uint64_t mask)
    uint16_t stud_eval_low8(uint64_t mask)
    uint16_t stud_eval_razz(uint64_t mask)
    uint16_t stud_eval_27(uint64_t mask)
    size_t stud_first_invalid(const uint64_t *masks, size_t n, int min_cards, int max_cards)
    size_t stud_eval_high_batch(const uint64_t *masks, uint16_t *out, size_t n)
    size_t stud_eval_low8_batch(const uint64_t *masks, uint16_t *out, size_t n)
    size_t stud_eval_razz_batch(const uint64_t *masks, uint16_t *out, size_t n)
    size_t stud_eval_27_batch(const uint64_t *masks, uint16_t *out, size_t n)
    size_t stud_eval_hilo_batch(const uint64_t *masks, uint16_t *high, uint16_t *low8, size_t n)
    void stud_batch_set_simd(int allowed)
    int stud_batch_simd()
    int stud_high_category(unsigned value)
    uint64_t stud_best_five(uint64_t mask, stud_eval_kind kind)


cdef extern from "board.h" nogil:
    uint32_t stud_board_high(uint64_t mask)
    uint32_t stud_board_razz(uint64_t mask)
    uint32_t stud_board_high_head(uint64_t mask)
    uint64_t stud_board_add(uint64_t planes, int card, int razz)
    uint64_t stud_board_order(uint64_t planes, int razz)


cdef extern from "census.h" nogil:
    uint64_t stud_census(int n_cards, int first_lo, int first_hi, uint64_t *high,
                         uint64_t *low8, uint64_t *razz)
    uint64_t stud_census_27(int n_cards, int first_lo, int first_hi, uint64_t *low27)


cdef extern from "poll.h" nogil:
    ctypedef struct stud_poll:
        int stop
        int (*check)(stud_poll *poll) noexcept nogil
        void *context
    int stud_poll_stop(stud_poll *poll)


cdef extern from "game.h" nogil:
    enum:
        STUD_MAX_SEATS
        STUD_MAX_STREETS
        STUD_MAX_ACTIONS
        STUD_LOG_CAPACITY
    enum stud_action_kind:
        STUD_FOLD
        STUD_CHECK
        STUD_CALL
        STUD_BRING_IN
        STUD_COMPLETE
        STUD_BET
        STUD_RAISE
    enum stud_event_type:
        STUD_EV_ANTE
        STUD_EV_DEAL
        STUD_EV_BURN
        STUD_EV_COMMUNITY
        STUD_EV_RESHUFFLE
        STUD_EV_STREET
        STUD_EV_ACTION
        STUD_EV_RETURN
        STUD_EV_SHOW
        STUD_EV_MUCK
        STUD_EV_AWARD
        STUD_EV_RAKE
    enum stud_variant:
        STUD_SEVEN_CARD_STUD
        STUD_SEVEN_CARD_STUD_HILO
        STUD_RAZZ
        STUD_FIVE_CARD_STUD
        STUD_FIVE_CARD_STUD_HILO
        STUD_DEUCE_TO_SEVEN_RAZZ
        STUD_SEVEN_CARD_STUD_HILO_REGULAR
    enum:
        STUD_PHASE_BETTING
        STUD_PHASE_DEAL
        STUD_PHASE_OVER
        STUD_PHASE_SHOWDOWN
    enum:
        STUD_OK
        STUD_E_NOT_BETTING
        STUD_E_KIND
        STUD_E_AMOUNT
        STUD_E_NOT_DEALING
        STUD_E_CARDS
        STUD_E_RULES
        STUD_E_NOT_SHOWDOWN
        STUD_E_INTERRUPTED
        STUD_E_ARGUMENT
        STUD_N_ERRORS
    const char *stud_error_text(int error)

    ctypedef struct stud_street:
        uint8_t number, down, up, big, burn, open_pair

    ctypedef struct stud_rules:
        int32_t small_bet, big_bet, ante, bring_in
        uint8_t variant, scoring, n_streets, max_players, low_board
        uint8_t bring_in_tiebreak, board_tiebreak, max_raises, heads_up_uncapped
        uint8_t open_pair_double, reopen_rule, odd_chip, burn_cards
        uint8_t action_order, low_needs_five_ranks
        uint8_t fold_when_can_check, odd_chip_half
        stud_street streets[STUD_MAX_STREETS]

    ctypedef struct stud_event:
        uint8_t type, seat, card, flag
        int32_t amount

    ctypedef struct stud_log:
        int n
        stud_event events[STUD_LOG_CAPACITY]

    ctypedef struct stud_action:
        int8_t kind
        int32_t amount

    ctypedef struct stud_hand:
        stud_rules rules
        uint8_t n_seats, phase, street, manual, manual_showdown, stacked
        int8_t actor
        uint8_t n_cards[STUD_MAX_SEATS]
        uint8_t cards[STUD_MAX_SEATS][7]
        uint8_t up_flags[STUD_MAX_SEATS]
        uint64_t up_mask[STUD_MAX_SEATS]
        uint64_t all_mask[STUD_MAX_SEATS]
        uint64_t community
        uint64_t board[STUD_MAX_SEATS]
        uint16_t folded, all_in, mucked, acted, owe
        uint8_t deck_top, deck_len, n_burns
        uint8_t deck[52]
        uint8_t burns[8]
        uint64_t rng[4]
        int32_t stack[STUD_MAX_SEATS]
        int32_t round_bet[STUD_MAX_SEATS]
        int32_t total[STUD_MAX_SEATS]
        int32_t payout[STUD_MAX_SEATS]
        int32_t bet_to
        int8_t bring_in_seat
        int32_t rake

    enum stud_scoring:
        STUD_SCORE_HIGH
        STUD_SCORE_HILO8
        STUD_SCORE_RAZZ
        STUD_SCORE_27
        STUD_SCORE_HILO_REGULAR
    enum stud_action_order:
        STUD_ORDER_LOW
        STUD_ORDER_HIGH
    void stud_rules_default(stud_rules *rules, int variant, int32_t small_bet)
    void stud_rules_set_order(stud_rules *rules, int order)
    int stud_rules_check(const stud_rules *rules)
    int stud_hand_start(stud_hand *hand, const stud_rules *rules, int n_seats,
                        const int32_t *stacks, const uint8_t *deck, int stacked, int manual,
                        int manual_showdown, uint64_t seed, stud_log *log)
    int stud_hand_show(stud_hand *hand, int show, stud_log *log)
    int stud_hand_may_muck(const stud_hand *hand)
    int stud_hand_legal(const stud_hand *hand, stud_action *out)
    stud_action stud_hand_passive(const stud_hand *hand)
    int stud_hand_check(const stud_hand *hand, int kind, int32_t amount)
    int stud_hand_act(stud_hand *hand, int kind, int32_t amount, stud_log *log)
    void stud_hand_apply(stud_hand *hand, int kind, int32_t amount, stud_log *log)
    int stud_hand_deal(stud_hand *hand, const uint8_t *cards, int n_cards, int per_seat,
                       int community, stud_log *log)
    int stud_hand_set_rake(stud_hand *hand, int32_t rake)
    unsigned stud_hand_live(const stud_hand *hand)
    int stud_hand_pots(const stud_hand *hand, unsigned contenders, int32_t *amount,
                       unsigned *eligible)


cdef extern from "rng.h" nogil:
    void stud_rng_seed(uint64_t state[4], uint64_t seed)
    uint64_t stud_rng_next(uint64_t state[4])
    void stud_shuffle(uint64_t state[4], uint8_t *cards, int n)


cdef extern from "simulate.h" nogil:
    ctypedef struct stud_random_report:
        uint64_t hands, decisions, showdowns, violations
        int64_t first_violation_hand
    int stud_play_random(const stud_rules *rules, int n_seats, const int32_t *stacks,
                         int random_stacks, uint64_t n_hands, uint64_t seed, int check,
                         stud_random_report *report, stud_poll *poll)


cdef extern from "equity.h" nogil:
    enum:
        STUD_EQUITY_MAX_PLAYERS
    ctypedef struct stud_equity_query:
        int scoring, low_needs_five_ranks, n_players, hand_size
        uint64_t known[STUD_EQUITY_MAX_PLAYERS]
        uint64_t dead
    ctypedef struct stud_equity_counts:
        uint64_t outcomes
        uint64_t share[STUD_EQUITY_MAX_PLAYERS]
        uint64_t share_sq[STUD_EQUITY_MAX_PLAYERS]
        uint64_t high[STUD_EQUITY_MAX_PLAYERS]
        uint64_t high_tie[STUD_EQUITY_MAX_PLAYERS]
        uint64_t low[STUD_EQUITY_MAX_PLAYERS]
        uint64_t low_tie[STUD_EQUITY_MAX_PLAYERS]
        uint64_t scoop[STUD_EQUITY_MAX_PLAYERS]
    enum:
        STUD_SHARE_UNITS
        STUD_EQ_OK
        STUD_EQ_E_QUERY
        STUD_EQ_E_SHORT
        STUD_EQ_E_TOO_BIG
        STUD_EQ_E_MEMORY
        STUD_EQ_E_INTERRUPTED
    int stud_equity_check(const stud_equity_query *q)
    uint64_t stud_equity_outcomes(const stud_equity_query *q)
    uint64_t stud_equity_first_ways(const stud_equity_query *q)
    int stud_equity_exact(const stud_equity_query *q, uint64_t first_lo, uint64_t first_hi,
                          stud_equity_counts *out, stud_poll *poll)
    int stud_equity_monte_carlo(const stud_equity_query *q, uint64_t trials, uint64_t seed,
                                stud_equity_counts *out, stud_poll *poll)


cdef extern from "simulate.h" nogil:
    enum:
        STUD_POLICY_RANDOM
        STUD_POLICY_CALL
        STUD_POLICY_STRENGTH
    ctypedef struct stud_sim_result:
        uint64_t hands
        int64_t net[STUD_MAX_SEATS]
        double net_sq[STUD_MAX_SEATS]
        uint64_t won[STUD_MAX_SEATS]
        uint64_t showdowns[STUD_MAX_SEATS]
        uint64_t showdown_wins[STUD_MAX_SEATS]
    int stud_simulate(const stud_rules *rules, int n_players, const int32_t *stacks,
                      const uint8_t *policies, uint64_t n_hands, uint64_t seed, int rotate,
                      int carry, stud_sim_result *out, stud_poll *poll)
    stud_action stud_policy_choose(int policy, const stud_hand *hand, uint64_t rng[4])


cdef extern from "observe.h" nogil:
    enum:
        STUD_OBS_DOWN
        STUD_OBS_UP
        STUD_OBS_COMMUNITY
        STUD_OBS_STREET
        STUD_OBS_PRESENT
        STUD_OBS_LIVE
        STUD_OBS_ALL_IN
        STUD_OBS_STACK
        STUD_OBS_ROUND_BET
        STUD_OBS_PUT_IN
        STUD_OBS_POT
        STUD_OBS_TO_CALL
        STUD_OBS_BRING_IN
        STUD_OBS_AGGRESSOR
        STUD_OBS_RAISES_LEFT
        STUD_OBS_UNCAPPED
        STUD_OBS_BETS
        STUD_OBS_TO_ACT
        STUD_OBS_TWO_SIZES
        STUD_OBS_SIZE
        STUD_OBS_AMOUNT_UNIT
        STUD_ENV_ACTIONS
    void stud_observe(const stud_hand *hand, int seat, float *out)
    unsigned stud_env_actions(const stud_hand *hand, stud_action *out)
    void stud_env_rewards(const stud_hand *hand, const int32_t *start, int32_t unit,
                          double *out)


cdef extern from "vecenv.h" nogil:
    enum:
        STUD_SEAT_AGENT
    ctypedef struct stud_vec_config:
        stud_rules rules
        int n_seats
        int32_t stacks[STUD_MAX_SEATS]
        uint8_t policy[STUD_MAX_SEATS]
        int32_t reward_unit
    ctypedef struct stud_table:
        stud_hand hand
        uint64_t rng[4]
    ctypedef struct stud_vec_out:
        float *obs
        uint8_t *mask
        int8_t *player
        double *rewards
        uint8_t *terminated
    int stud_vec_check(const stud_vec_config *config)
    void stud_vec_reset(stud_table *tables, size_t n, const stud_vec_config *config,
                        const uint64_t *seeds, const stud_vec_out *out)
    size_t stud_vec_first_illegal(const stud_table *tables, size_t n, const int64_t *actions)
    void stud_vec_step(stud_table *tables, size_t n, const stud_vec_config *config,
                       const int64_t *actions, const stud_vec_out *out)


cdef extern from "hh_hand.h" nogil:
    enum:
        STUD_HH_MAX_SEATS
        STUD_HH_MAX_STEPS
        STUD_HH_UNKNOWN
        STUD_HH_NONE
        STUD_HH_MESSAGE
    ctypedef struct stud_hh_span:
        uint32_t start, len
    enum stud_hh_step_type:
        STUD_HH_DEALT
        STUD_HH_COMMUNITY
        STUD_HH_ACTED
        STUD_HH_SHOWED
        STUD_HH_MUCKED
    enum stud_hh_move:
        STUD_HH_FOLD
        STUD_HH_CHECK_CALL
        STUD_HH_BRING_IN
        STUD_HH_RAISE
    ctypedef struct stud_hh_step:
        uint8_t type, seat, move, n_cards
        int32_t to
        uint32_t line
        uint8_t cards[7]
        uint8_t spare
    ctypedef struct stud_hh_hand:
        int variant
        int32_t ante, bring_in, small_bet, big_bet
        uint8_t cents
        int n_seats
        int32_t stacks[8]
        uint8_t seat_numbers[8]
        stud_hh_span players[8]
        uint8_t has_seat_numbers, has_players
        stud_hh_span hand_id, table, currency
        int32_t collected[8]
        int32_t finishing[8]
        uint8_t has_collected, has_finishing
        int32_t rake
        uint32_t first_line
        int n_steps
        stud_hh_step steps[400]
    enum stud_hh_status:
        STUD_HH_READ
        STUD_HH_SKIPPED
        STUD_HH_ERROR
    ctypedef struct stud_hh_error:
        uint32_t line
        char message[24576]


cdef extern from "ps_history.h" nogil:
    enum stud_ps_status:
        STUD_PS_REPRODUCED
        STUD_PS_FALLBACK
    enum stud_ps_item_kind:
        STUD_PS_END
        STUD_PS_HAND
        STUD_PS_OUTSIDE
    enum:
        STUD_PS_CLEAN_CR
        STUD_PS_CLEAN_CRCRLF
        STUD_PS_MAX_HAND_LINES
        STUD_PS_MAX_POTS
        STUD_PS_MAX_CARD_LISTS
        STUD_PS_MAX_PLAYERS
    enum stud_ps_bring_in_from:
        STUD_PS_BRING_IN_LINE
        STUD_PS_BRING_IN_CALL
        STUD_PS_BRING_IN_ALL_IN
        STUD_PS_BRING_IN_DEFAULT
    ctypedef struct stud_ps_scanner:
        long line
    ctypedef struct stud_ps_item:
        int kind
        size_t start, end
        long first_line
        size_t id_start, id_end, desc_start, desc_end
        long n_lines
        int ended
    ctypedef struct stud_ps_game:
        int variant
        int32_t small_bet, big_bet
        int cents
        unsigned symbols
        char currency[8]
        char symbol[8]
    ctypedef struct stud_ps_cards:
        uint8_t seat, n_cards
        uint8_t cards[8]
    ctypedef struct stud_ps_extra:
        int hero
        int32_t max_seats
        int has_max_seats
        int bring_in_from
        int n_pots
        int32_t pots[16]
        int n_mucked, n_shown
        stud_ps_cards mucked[16]
        stud_ps_cards shown[16]
        stud_hh_span summary
        int n_reshuffled
        uint8_t reshuffled[8]
        int n_dealt
        int32_t dealt_stacks[10]
        uint32_t seat_lines[10]
    int stud_ps_clean(const char *buf, size_t len)
    size_t stud_ps_count_lines(const char *buf, size_t len)
    void stud_ps_scanner_init(stud_ps_scanner *s, const char *buf, size_t len, long first_line,
                              int cr)
    void stud_ps_scan(stud_ps_scanner *s, stud_ps_item *item)
    size_t stud_ps_last_header(const char *buf, size_t len)
    int stud_ps_read(const char *buf, const stud_ps_item *item, const stud_ps_game *game,
                     stud_hh_hand *out, stud_ps_extra *extra, stud_hh_error *err)
    int stud_ps_amount(const char *s, size_t len, const stud_ps_game *game, int64_t *value,
                       stud_hh_error *err)
    int stud_ps_replay(const stud_hh_hand *hand, const stud_rules *rules)


cdef extern from "hh_stats.h" nogil:
    enum stud_hh_count:
        STUD_HC_N
    ctypedef struct stud_hh_stats:
        int n_seats
        int32_t counts[8][13]
        int32_t net[8]
        double adjusted[8]
        int all_in
    int stud_hh_stats_of(const stud_hh_hand *hand, const stud_rules *rules, uint64_t trials,
                         uint64_t seed, stud_hh_stats *out)


cdef extern from "playout.h" nogil:
    ctypedef struct stud_playout_cache:
        pass
    int stud_playout_prepare(stud_hand *hand, const stud_rules *rules, stud_playout_cache *cache)
    int stud_playout(stud_hand *hand, int n_seats, const int32_t *stacks, uint64_t seed,
                     const uint8_t *policy, stud_playout_cache *cache, uint64_t rng[4],
                     uint64_t step_limit, uint64_t *decisions)


cdef extern from "text_lines.h" nogil:
    enum stud_text_line_result:
        STUD_TEXT_MORE
        STUD_TEXT_LINE
        STUD_TEXT_LONG
        STUD_TEXT_END
    ctypedef struct stud_text_lines:
        size_t pos
        uint32_t physical
    void stud_text_lines_init(stud_text_lines *s, int file_lines, int lf_only, size_t max_line,
                              uint32_t physical)
    int stud_text_line_next(stud_text_lines *s, const char *block, size_t len, int at_end,
                            size_t *start, size_t *n)


cdef extern from "utf8_valid.h" nogil:
    size_t stud_utf8_valid(const char *s, size_t n, int *bad)


cdef extern from "phh_read.h" nogil:
    enum:
        STUD_PHH_MAX_PLAYERS
        STUD_PHH_MAX_TOKENS
        STUD_PHH_HASH_SLOTS
    ctypedef struct stud_phh_scanner:
        uint8_t open_string
        uint32_t depth
    void stud_phh_scanner_init(stud_phh_scanner *s)
    int stud_phh_at_top(const stud_phh_scanner *s)
    void stud_phh_feed(stud_phh_scanner *s, const char *line, size_t len)
    int stud_phh_header_key(const char *line, size_t len, size_t *start, size_t *key_len)
    enum stud_phh_split_event:
        STUD_PHH_MORE
        STUD_PHH_HAND
        STUD_PHH_LONG
        STUD_PHH_LONG_LINE
        STUD_PHH_END
    ctypedef struct stud_phh_splitter:
        size_t start, len
        size_t name_start, name_len
        uint8_t has_name
        uint32_t first_line
        uint32_t index
    void stud_phh_split_init(stud_phh_splitter *s, int file_lines, int lf_only,
                             size_t max_line, size_t max_hand, uint32_t physical)
    int stud_phh_split_next(stud_phh_splitter *s, char *block, size_t len, int at_end)
    size_t stud_phh_split_compact(stud_phh_splitter *s, char *block, size_t len)
    enum stud_phh_token_kind:
        STUD_PHH_KEY
        STUD_PHH_STRING
        STUD_PHH_INTEGER
        STUD_PHH_FLOAT
        STUD_PHH_BOOL
        STUD_PHH_DATETIME
        STUD_PHH_ARRAY
        STUD_PHH_TABLE
        STUD_PHH_SECTION
    ctypedef struct stud_phh_token:
        uint8_t kind, flag
        uint32_t start, len, line, end, count
    enum stud_phh_field:
        STUD_PHH_F_VARIANT
        STUD_PHH_F_ANTES
        STUD_PHH_F_BRING_IN
        STUD_PHH_F_SMALL_BET
        STUD_PHH_F_BIG_BET
        STUD_PHH_F_STARTING_STACKS
        STUD_PHH_F_ACTIONS
        STUD_PHH_F_PLAYERS
        STUD_PHH_F_SEATS
        STUD_PHH_F_HAND
        STUD_PHH_F_TABLE
        STUD_PHH_F_FINISHING_STACKS
        STUD_PHH_F_WINNINGS
        STUD_PHH_F_CURRENCY
        STUD_PHH_F_RAKE
        STUD_PHH_F_RULES
        STUD_PHH_F_BLINDS
        STUD_PHH_F_TRIMMING
        STUD_PHH_N_FIELDS
    enum stud_phh_stage:
        STUD_PHH_STAGE_SYNTAX
        STUD_PHH_STAGE_EARLY
        STUD_PHH_STAGE_STAKES
        STUD_PHH_STAGE_LATE
    ctypedef struct stud_phh_doc:
        stud_hh_hand hand
        stud_phh_token *tokens
        uint32_t *slots
        uint32_t generation
        uint32_t n_tokens, top
        uint32_t last_datetime
        int32_t field[18]
        int n_players
        int64_t stacks[64]
        int64_t ante, small_bet, big_bet, bring_in
        uint8_t stage
        uint8_t trimming
    int stud_phh_read(char *buf, size_t len, uint32_t first_line, int collection,
                      stud_phh_doc *doc, stud_hh_error *err)


cdef extern from "site_text.h" nogil:
    enum:
        STUD_SITE_MAX_PLAYERS
        STUD_SITE_MAX_LIST
        STUD_SITE_MAX_HAND_LINES
        STUD_SITE_MAX_ARGS
    ctypedef struct stud_site_lines:
        char *buf
        const uint32_t *start
        const uint32_t *end
        const uint32_t *number
    ctypedef struct stud_site_error:
        uint32_t line
        char message[240]
        int n_args
        stud_hh_span args[6]
        uint8_t repr[6]
    ctypedef struct stud_site_game:
        int cents, symbol
        int64_t small_bet, big_bet, ante
    ctypedef struct stud_site_field:
        const char *key
        const char *text
        stud_hh_span value
        int as_int
    ctypedef struct stud_site_cards:
        int seat, n_cards
        uint8_t cards[52]
        stud_hh_span name, text
    ctypedef struct stud_site_hand:
        int n_players
        stud_hh_span name[32]
        stud_hh_span seat_digits[32]
        int64_t stack[32]
        int64_t put_in[32]
        int seat_of[32]
        int64_t collected[32]
        int n_order
        int order[32]
        int hero
        int rake_known
        int64_t rake
        int n_mucked
        stud_site_cards mucked[64]
        stud_site_game game
        int n_pots
        stud_hh_span pots[64]
        int n_fields
        int n_lead_fields
        stud_site_field fields[40]
        int has_table
        stud_hh_span table
        int64_t ante_out, bring_in_out
        int n_steps
        stud_hh_step steps[400]
    enum stud_site_format:
        STUD_SITE_IPOKER
        STUD_SITE_MERGE
        STUD_SITE_FORMATS
    void stud_site_clean_line(char *buf, uint32_t *start, uint32_t *end)
    void stud_site_strip(const char *s, size_t *from_, size_t *to)
    int stud_site_header(int format, const char *s, size_t len, stud_hh_span *id,
                         stud_hh_span *rest)
    int stud_site_blank(int format, const char *s, size_t len)
    int stud_site_quiet(int format, const char *s, size_t len)
    int stud_site_game_line(int format, const stud_site_lines *lines, uint32_t first,
                            uint32_t count, uint32_t *banner, uint32_t *game, stud_hh_span *id,
                            stud_site_error *err)
    enum stud_site_split_kind:
        STUD_SITE_SPLIT_TEXT
        STUD_SITE_SPLIT_LINES
        STUD_SITE_SPLIT_HANDS
    int stud_site_split(int format)
    int stud_site_cancelled(int format, const stud_site_lines *lines, uint32_t first,
                            uint32_t count)
    int stud_site_read(int format, const stud_site_lines *lines, uint32_t first, uint32_t count,
                       const stud_site_game *game, stud_site_hand *h, stud_site_error *err)

cdef extern from "site_lines.h" nogil:
    void stud_lines_clean(char *buf, uint32_t *start, uint32_t *end, int drop_nuls)

cdef extern from "xml_scan.h" nogil:
    enum:
        STUD_XML_OK
        STUD_XML_MORE
        STUD_XML_GIVE_UP
    ctypedef struct stud_xml_str:
        const char *s
        uint32_t len
    ctypedef struct stud_xml_attr:
        stud_xml_str name, value
    ctypedef struct stud_xml_node:
        stud_xml_str tag
        stud_xml_str text
        size_t at
        size_t open_end
        int parent, first_child, next_sibling, end
        uint32_t attr_first, n_attrs
    ctypedef struct stud_xml_tree:
        int n_nodes
        uint32_t n_attrs
        stud_xml_node *nodes
        stud_xml_attr *attrs
    size_t stud_xml_space(const char *s, size_t len, size_t pos)
    int stud_xml_element(const char *s, size_t len, size_t pos, stud_xml_tree *t, size_t *end)
    int stud_xml_start_tag(const char *s, size_t len, size_t pos, stud_xml_tree *t, size_t *end,
                           int *empty)
    int stud_xml_end_tag(const char *s, size_t len, size_t pos, const char *tag, size_t tag_len,
                         size_t *end)
    const stud_xml_str *stud_xml_get(const stud_xml_tree *t, int node, const char *name)
    int stud_xml_is(const stud_xml_tree *t, int node, const char *tag)
    int stud_xml_declaration_line(const char *s, size_t len)
    enum:
        STUD_XML_MARK_BANG
        STUD_XML_MARK_PI
        STUD_XML_MARK_HAND
        STUD_XML_MARK_ROOT
    unsigned stud_xml_line_marks(const char *s, size_t len, const char *hand, const char *root)

cdef extern from "site_xml_hand.h" nogil:
    enum:
        STUD_XML_READ
        STUD_XML_PYTHON
        STUD_XML_CANCELLED
    ctypedef struct stud_xml_deal:
        int n
        int64_t stacks[8]
        int n_steps
        stud_hh_step steps[400]
        int64_t ante
        int64_t bring_in
    ctypedef struct stud_xml_record:
        int n
        stud_xml_str name[8]
        int64_t seat[8]
        int64_t collected[8]
        stud_xml_deal deal
    int stud_xml_ipoker_read(const stud_xml_tree *t, int game, int variant, int cents,
                             uint32_t line, stud_xml_record *r)
    int stud_xml_merge_read(const stud_xml_tree *t, int game, int variant, int cents,
                            uint32_t line, stud_xml_record *r)
