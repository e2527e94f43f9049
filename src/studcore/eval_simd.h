/* eval_simd.h: vector kernels of the batch evaluators (eval_simd.c).
 * eval.c dispatches to them at run time when the processor has AVX2. */
#ifndef STUD_EVAL_SIMD_H
#define STUD_EVAL_SIMD_H

#include <stddef.h>
#include <stdint.h>

#include "portable.h" /* STUD_HAVE_AVX2_KERNELS */

/* Nonzero when the kernels below may run on this processor. */
int stud_simd_available(void);

#if STUD_HAVE_AVX2_KERNELS
/* The checked batches of eval.h (same contract: each mask read once,
 * checked and evaluated from that read; n or the first invalid index). */
size_t stud_simd_high_batch(const uint64_t *masks, uint16_t *out, size_t n);
size_t stud_simd_low8_batch(const uint64_t *masks, uint16_t *out, size_t n);
size_t stud_simd_razz_batch(const uint64_t *masks, uint16_t *out, size_t n);
size_t stud_simd_27_batch(const uint64_t *masks, uint16_t *out, size_t n);
size_t stud_simd_hilo_batch(const uint64_t *masks, uint16_t *high, uint16_t *low8, size_t n);
size_t stud_simd_first_invalid(const uint64_t *masks, size_t n, int min_cards, int max_cards);
#endif

#endif
