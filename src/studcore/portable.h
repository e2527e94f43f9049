/* portable.h: the one place for compiler-specific code (GCC and clang
 * builtins and attributes, and their MSVC equivalents), so the rest of the
 * core is plain C11. */
#ifndef STUD_PORTABLE_H
#define STUD_PORTABLE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>

/* Keeps a function out of its callers: for the rare branches of a hot
 * function, so that its common path stays short. */
#define STUD_NOINLINE __declspec(noinline)

/* A condition that is almost always false (a hint to lay out the code). */
#define STUD_UNLIKELY(x) (x)

/* Inline, whatever the compiler's heuristics say (after `static`: static
 * STUD_ALWAYS_INLINE int f): for a function whose copies are specialised
 * by constant arguments, and the AVX2 kernels' helpers. */
#define STUD_ALWAYS_INLINE __forceinline

/* The index of the lowest set bit of a nonzero x. */
static inline int stud_ctz64(uint64_t x)
{
    unsigned long index;
#if defined(_M_X64) || defined(_M_ARM64)
    _BitScanForward64(&index, x);
    return (int)index;
#else /* 32-bit x86: no 64-bit scan */
    if (_BitScanForward(&index, (unsigned long)x))
        return (int)index;
    _BitScanForward(&index, (unsigned long)(x >> 32));
    return 32 + (int)index;
#endif
}

/* The number of leading zero bits of a nonzero 32-bit x. */
static inline int stud_clz32(uint32_t x)
{
    unsigned long index;
    _BitScanReverse(&index, x);
    return 31 - (int)index;
}

/* The number of leading zero bits of a nonzero 64-bit x. */
static inline int stud_clz64(uint64_t x)
{
    unsigned long index;
#if defined(_M_X64) || defined(_M_ARM64)
    _BitScanReverse64(&index, x);
    return 63 - (int)index;
#else /* 32-bit x86: no 64-bit scan */
    if (_BitScanReverse(&index, (unsigned long)(x >> 32)))
        return 31 - (int)index;
    _BitScanReverse(&index, (unsigned long)x);
    return 63 - (int)index;
#endif
}

#else

#define STUD_NOINLINE __attribute__((noinline))
#define STUD_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define STUD_ALWAYS_INLINE inline __attribute__((always_inline))

static inline int stud_ctz64(uint64_t x)
{
    return __builtin_ctzll(x);
}

static inline int stud_clz32(uint32_t x)
{
    return __builtin_clz(x);
}

static inline int stud_clz64(uint64_t x)
{
    return __builtin_clzll(x);
}

#endif

/* The AVX2 batch kernels (eval_simd.c) are built for x86 and chosen at run
 * time; the rest of the library is built for the baseline ISA.
 *   STUD_TARGET_AVX2        marks a function that may use AVX2
 *                           (with STUD_ALWAYS_INLINE, above, for its helpers);
 *   STUD_LOAD256_ONCE(p)    an unaligned 32-byte load from p that the
 *                           compiler does exactly once (the memory may be
 *                           changed by another thread; the loaded value is
 *                           what gets both checked and used);
 *   stud_cpu_has_avx2()     nonzero when this processor, and its operating
 *                           system, run AVX2 code. */
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
/* GCC and clang: a per-function target attribute; a volatile load through
 * the compilers' unaligned vector type. */
#define STUD_HAVE_AVX2_KERNELS 1
#define STUD_TARGET_AVX2 __attribute__((target("avx2")))
#define STUD_LOAD256_ONCE(p) (*(const volatile __m256i_u *)(const void *)(p))

static inline int stud_cpu_has_avx2(void)
{
    return __builtin_cpu_supports("avx2");
}

#elif defined(_MSC_VER) && !defined(__clang__) && defined(_M_X64) && !defined(_M_ARM64EC)
/* MSVC on x64: AVX2 intrinsics are allowed in any function (no /arch flag,
 * no attribute).  MSVC has no unaligned vector type to load through a
 * volatile pointer, so the load is an ordinary one followed by a compiler
 * barrier: after it the compiler may not assume the memory still holds the
 * loaded value, so it cannot load it again in place of the value. */
#include <immintrin.h>

#define STUD_HAVE_AVX2_KERNELS 1
#define STUD_TARGET_AVX2
#define STUD_LOAD256_ONCE(p) stud_load256_once((const void *)(p))

static inline __m256i stud_load256_once(const void *p)
{
    __m256i v = _mm256_loadu_si256((const __m256i *)p);
    _ReadWriteBarrier();
    return v;
}

/* CPUID leaf 7 EBX bit 5 says the processor has AVX2; it runs only when the
 * operating system saves the YMM registers: CPUID leaf 1 ECX bit 27
 * (OSXSAVE, so XGETBV may be used) and bit 28 (AVX), and XCR0 with both
 * the XMM (bit 1) and the YMM (bit 2) state enabled.  The answer is kept:
 * CPUID is slow, and very slow under a hypervisor. */
static inline int stud_cpu_has_avx2(void)
{
    static volatile int known = -1;
    if (known < 0) {
        int regs[4];
        int has = 0;
        __cpuid(regs, 0);
        if (regs[0] >= 7) {
            __cpuid(regs, 1);
            const int osxsave_avx = (1 << 27) | (1 << 28);
            if ((regs[2] & osxsave_avx) == osxsave_avx && (_xgetbv(0) & 6) == 6) {
                __cpuidex(regs, 7, 0);
                has = (regs[1] >> 5) & 1;
            }
        }
        known = has;
    }
    return known;
}

#else
/* Other compilers and processors (arm64, 32-bit MSVC): the scalar loops. */
#define STUD_HAVE_AVX2_KERNELS 0
#endif

/* Byte masks of 16 bytes (SSE2, which every x86-64 processor has: no run
 * time choice), for the text scans (ps_split.c):
 *   stud_bytes16_load(p)          16 bytes at p, unaligned;
 *   stud_bytes16_eq(v, c)         bit k set when byte k of v is c;
 *   stud_bytes16_outside(v, lo, hi)  bit k set when byte k of v is below
 *                                 lo or above hi (lo <= hi < lo + 255);
 *   stud_bytes16_count(p, n, c)   the bytes equal to c in the first
 *                                 n - n % 16 bytes at p;
 *   stud_bytes16_is(v, c)         a byte mask as 16 bytes (0xFF where byte k
 *                                 of v is c, else 0), to be joined by
 *                                 stud_bytes16_or before
 *   stud_bytes16_bits(m)          bit k set when byte k of m is 0xFF;
 *   stud_bytes16_high(v)          bit k set when byte k of v is 0x80 or above;
 *   stud_bytes16_setbits(v, c)    v with the bits of c set in every byte;
 *   stud_bytes16_in(v, lo, hi)    a byte mask: byte k of v from lo to hi
 *                                 (lo <= hi < lo + 255);
 *   stud_bytes16_andnot(a, b)     b and not a, byte masks;
 *   stud_bytes16_and(a, b)        a and b, byte masks.
 * STUD_HAVE_BYTES16 0 (arm64, 32-bit x86 without SSE2, or STUD_NO_BYTES16
 * defined, which tests the other path): the callers' word loops. */
#if (defined(__SSE2__) || (defined(_MSC_VER) && defined(_M_X64) && !defined(_M_ARM64EC))) && \
    !defined(STUD_NO_BYTES16)
#include <emmintrin.h>

#define STUD_HAVE_BYTES16 1
typedef __m128i stud_bytes16;

static inline stud_bytes16 stud_bytes16_load(const void *p)
{
    return _mm_loadu_si128((const __m128i *)p);
}

static inline unsigned stud_bytes16_eq(stud_bytes16 v, char c)
{
    return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(c)));
}

/* The bytes equal to c in the n bytes at p, whole 16-byte blocks only
 * (the caller counts the last n % 16): each block's matches subtracted
 * (a match is -1) into 16 byte counters, summed every 255 blocks. */
static inline size_t stud_bytes16_count(const char *p, size_t n, char c)
{
    const __m128i want = _mm_set1_epi8(c), zero = _mm_setzero_si128();
    size_t count = 0, blocks = n / 16;
    while (blocks) {
        size_t run = blocks < 255 ? blocks : 255;
        __m128i sum = zero;
        for (size_t k = 0; k < run; k++, p += 16)
            sum = _mm_sub_epi8(sum, _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)p), want));
        __m128i total = _mm_sad_epu8(sum, zero); /* (two 64-bit sums of 8 counters) */
        count += (size_t)_mm_cvtsi128_si32(total) +
                 (size_t)_mm_cvtsi128_si32(_mm_unpackhi_epi64(total, total));
        blocks -= run;
    }
    return count;
}

static inline unsigned stud_bytes16_outside(stud_bytes16 v, unsigned char lo, unsigned char hi)
{
    /* b - lo <= hi - lo, unsigned: b - lo + 0x80 below hi - lo + 1 + 0x80, signed */
    __m128i shifted = _mm_add_epi8(v, _mm_set1_epi8((char)(0x80 - lo)));
    __m128i in = _mm_cmplt_epi8(shifted, _mm_set1_epi8((char)(hi - lo + 1 - 0x80)));
    return (unsigned)_mm_movemask_epi8(in) ^ 0xFFFFu;
}

static inline stud_bytes16 stud_bytes16_is(stud_bytes16 v, char c)
{
    return _mm_cmpeq_epi8(v, _mm_set1_epi8(c));
}

static inline stud_bytes16 stud_bytes16_or(stud_bytes16 a, stud_bytes16 b)
{
    return _mm_or_si128(a, b);
}

static inline unsigned stud_bytes16_bits(stud_bytes16 m)
{
    return (unsigned)_mm_movemask_epi8(m);
}

static inline unsigned stud_bytes16_high(stud_bytes16 v)
{
    return (unsigned)_mm_movemask_epi8(v);
}

static inline stud_bytes16 stud_bytes16_setbits(stud_bytes16 v, char c)
{
    return _mm_or_si128(v, _mm_set1_epi8(c));
}

static inline stud_bytes16 stud_bytes16_in(stud_bytes16 v, unsigned char lo, unsigned char hi)
{
    /* (as stud_bytes16_outside) */
    __m128i shifted = _mm_add_epi8(v, _mm_set1_epi8((char)(0x80 - lo)));
    return _mm_cmplt_epi8(shifted, _mm_set1_epi8((char)(hi - lo + 1 - 0x80)));
}

static inline stud_bytes16 stud_bytes16_andnot(stud_bytes16 a, stud_bytes16 b)
{
    return _mm_andnot_si128(a, b);
}

static inline stud_bytes16 stud_bytes16_and(stud_bytes16 a, stud_bytes16 b)
{
    return _mm_and_si128(a, b);
}
#else
#define STUD_HAVE_BYTES16 0
#endif

/* The n bytes at a and at b are the same (memcmp's answer, without a call:
 * the keys and names compared are short): as words of 8 or 4 bytes, the
 * last one ending at the end. */
static inline int stud_same_bytes(const char *a, const char *b, size_t n)
{
    if (n >= 8) {
        uint64_t diff = 0, x0, y0, x1, y1;
        for (size_t i = 8; i + 8 < n; i += 8) { /* (the middle words: none up to 16) */
            memcpy(&x0, a + i, 8);
            memcpy(&y0, b + i, 8);
            diff |= x0 ^ y0;
        }
        memcpy(&x0, a, 8);
        memcpy(&y0, b, 8);
        memcpy(&x1, a + n - 8, 8);
        memcpy(&y1, b + n - 8, 8);
        return (diff | (x0 ^ y0) | (x1 ^ y1)) == 0;
    }
    if (n >= 4) {
        uint32_t x0, y0, x1, y1;
        memcpy(&x0, a, 4);
        memcpy(&y0, b, 4);
        memcpy(&x1, a + n - 4, 4);
        memcpy(&y1, b + n - 4, 4);
        return ((x0 ^ y0) | (x1 ^ y1)) == 0;
    }
    return n == 0 || (a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1]);
}

#endif
