/* The compiler-specific parts of the C accelerators, in one place: counting and finding set
 * bits, and forcing a function inline. GCC and Clang use their builtins (but the bit count
 * where the target has no instruction for it: a call into libgcc then), MSVC its
 * intrinsics, and any other standard C compiler (or -DDLX_PLAIN_C, which CI builds and tests
 * so that this path stays right) plain C. DLX_BIT_OPS names the one in use (dlx._search's
 * BIT_OPS). */
#ifndef DLX_PORTABLE_H
#define DLX_PORTABLE_H

#include <stdint.h>

/* Set bits counted in plain C (no table, no branch) */
static inline int dlx_popcount64_c(uint64_t w)
{
    w = w - ((w >> 1) & 0x5555555555555555u);
    w = (w & 0x3333333333333333u) + ((w >> 2) & 0x3333333333333333u);
    w = (w + (w >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return (int)((w * 0x0101010101010101u) >> 56);
}
static inline int dlx_popcount32_c(uint32_t w)
{
    w = w - ((w >> 1) & 0x55555555u);
    w = (w & 0x33333333u) + ((w >> 2) & 0x33333333u);
    w = (w + (w >> 4)) & 0x0f0f0f0fu;
    return (int)((w * 0x01010101u) >> 24);
}

#if !defined(DLX_PLAIN_C) && (defined(__GNUC__) || defined(__clang__))

#ifdef __POPCNT__
static inline int dlx_popcount64(uint64_t w) { return __builtin_popcountll(w); }
static inline int dlx_popcount32(uint32_t w) { return __builtin_popcount(w); }
#else /* the builtins would call libgcc (x86-64 before POPCNT, the wheels' baseline) */
static inline int dlx_popcount64(uint64_t w) { return dlx_popcount64_c(w); }
static inline int dlx_popcount32(uint32_t w) { return dlx_popcount32_c(w); }
#endif
static inline int dlx_ctz64(uint64_t w) { return __builtin_ctzll(w); } /* w != 0 */
static inline int dlx_ctz32(uint32_t w) { return __builtin_ctz(w); }   /* w != 0 */
#define DLX_ALWAYS_INLINE static inline __attribute__((always_inline))
#define DLX_BIT_OPS "compiler builtins"

#elif !defined(DLX_PLAIN_C) && defined(_MSC_VER) && (defined(_M_X64) || defined(_M_ARM64))
#include <intrin.h>

static __forceinline int dlx_ctz64(uint64_t w)
{
    unsigned long at;
    _BitScanForward64(&at, w);
    return (int)at;
}
static __forceinline int dlx_ctz32(uint32_t w)
{
    unsigned long at;
    _BitScanForward(&at, w);
    return (int)at;
}
#if defined(_M_X64)
static __forceinline int dlx_popcount64(uint64_t w) { return (int)__popcnt64(w); }
static __forceinline int dlx_popcount32(uint32_t w) { return (int)__popcnt(w); }
#else
static __forceinline int dlx_popcount64(uint64_t w) { return (int)_CountOneBits64(w); }
static __forceinline int dlx_popcount32(uint32_t w) { return (int)_CountOneBits(w); }
#endif
#define DLX_ALWAYS_INLINE static __forceinline
#define DLX_BIT_OPS "MSVC intrinsics"

#else /* plain C */

static inline int dlx_popcount64(uint64_t w) { return dlx_popcount64_c(w); }
static inline int dlx_popcount32(uint32_t w) { return dlx_popcount32_c(w); }
static inline int dlx_ctz64(uint64_t w) /* w != 0: the lowest set bit's index */
{
    return dlx_popcount64((w & (0 - w)) - 1);
}
static inline int dlx_ctz32(uint32_t w) { return dlx_ctz64(w); }
#define DLX_ALWAYS_INLINE static inline
#define DLX_BIT_OPS "plain C"

#endif

/* AVX-512 for the functions that ask for it (DLX_TARGET_WIDE), GCC and Clang on x86-64:
 * DLX_WIDE is defined, and dlx_has_wide() tells whether the processor has it. */
#if !defined(DLX_PLAIN_C) && (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#include <immintrin.h>
#define DLX_WIDE
#define DLX_TARGET_WIDE __attribute__((target("avx512f,popcnt")))
static inline int dlx_has_wide(void) { return __builtin_cpu_supports("avx512f"); }
#endif
#endif /* DLX_PORTABLE_H */
