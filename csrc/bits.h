/* Bit counting shared by the C engines (sliding.c, triangle.c): popcount64
 * and ctz64 on every compiler, and PREFETCH. */
#ifndef PLAYGROUND_BITS_H
#define PLAYGROUND_BITS_H

#include <stdint.h>

#if defined(_MSC_VER)
#include <intrin.h>
#define PREFETCH(p) _mm_prefetch((const char *)(p), _MM_HINT_T0)
static int popcount64(uint64_t x) { return (int)__popcnt64(x); }
static int ctz64(uint64_t x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
#else
#define PREFETCH(p) __builtin_prefetch(p)
#define ctz64(x) __builtin_ctzll(x)
#if defined(__POPCNT__)
#define popcount64(x) __builtin_popcountll(x)
#else
/* Without -mpopcnt GCC calls a slow library routine: count in registers. */
static inline int popcount64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
#endif
#endif

#endif
