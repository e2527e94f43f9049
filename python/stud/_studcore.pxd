# Declarations of the C core (src/studcore/*.h) for the Cython layer.
from libc.stdint cimport uint16_t, uint32_t, uint64_t


cdef extern from "cards.h" nogil:
    int STUD_CARDS
    unsigned long long STUD_VALID_BITS
    uint64_t stud_card_bit(int card)
    int stud_lowest_card(uint64_t mask)
    int stud_popcount(uint64_t x)


cdef extern from "tables.h" nogil:
    int STUD_HIGH_CLASSES
    int STUD_RAZZ_CLASSES
    int STUD_LOW8_CLASSES
    const uint16_t stud_high_category_start[10]


cdef extern from "eval.h" nogil:
    enum stud_eval_kind:
        STUD_EVAL_HIGH
        STUD_EVAL_LOW8
        STUD_EVAL_RAZZ
    uint16_t stud_eval_high(uint64_t mask)
    uint16_t stud_eval_low8(uint64_t mask)
    uint16_t stud_eval_razz(uint64_t mask)
    size_t stud_first_invalid(const uint64_t *masks, size_t n, int min_cards, int max_cards)
    void stud_eval_high_batch(const uint64_t *masks, uint16_t *out, size_t n)
    void stud_eval_low8_batch(const uint64_t *masks, uint16_t *out, size_t n)
    void stud_eval_razz_batch(const uint64_t *masks, uint16_t *out, size_t n)
    void stud_eval_hilo_batch(const uint64_t *masks, uint16_t *high, uint16_t *low8, size_t n)
    int stud_high_category(unsigned value)
    uint64_t stud_best_five(uint64_t mask, stud_eval_kind kind)


cdef extern from "board.h" nogil:
    uint32_t stud_board_high(uint64_t mask)
    uint32_t stud_board_razz(uint64_t mask)


cdef extern from "census.h" nogil:
    uint64_t stud_census(int n_cards, int first_lo, int first_hi, uint64_t *high,
                         uint64_t *low8, uint64_t *razz)
