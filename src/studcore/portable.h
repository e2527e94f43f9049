/* portable.h: the one place for compiler-specific code (GCC and clang
 * builtins and attributes, and their MSVC equivalents), so the rest of the
 * core is plain C11. */
#ifndef STUD_PORTABLE_H
#define STUD_PORTABLE_H

#include <stdint.h>

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>

/* The index of the lowest set bit of a nonzero x. */
static inline int stud_ctz64(uint64_t x)
{
    unsigned long index;
    _BitScanForward64(&index, x);
    return (int)index;
}

/* The number of leading zero bits of a nonzero 32-bit x. */
static inline int stud_clz32(uint32_t x)
{
    unsigned long index;
    _BitScanReverse(&index, x);
    return 31 - (int)index;
}

#else

static inline int stud_ctz64(uint64_t x)
{
    return __builtin_ctzll(x);
}

static inline int stud_clz32(uint32_t x)
{
    return __builtin_clz(x);
}

#endif

/* The AVX2 batch kernels (eval_simd.c) are built with GCC and clang on
 * x86, with a per-function target attribute, and chosen at run time. */
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define STUD_HAVE_AVX2_KERNELS 1
#define STUD_TARGET_AVX2 __attribute__((target("avx2")))

/* Nonzero when this processor (and its operating system) runs AVX2 code. */
static inline int stud_cpu_has_avx2(void)
{
    return __builtin_cpu_supports("avx2");
}
#else
#define STUD_HAVE_AVX2_KERNELS 0
#endif

#endif
