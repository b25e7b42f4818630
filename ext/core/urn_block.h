/*
** urn_block.h -- blocks of bytes for the key writer of urn_key.c, the
** comparator of urn_cmp.c and the scanner of urn_scan.c (layer 1; no
** SQLite headers).
**
** A Blk holds BLOCK bytes as loaded from memory; a BlkMask marks some of
** them.  blkFirst() gives the memory-order index of the first marked byte
** of a mask that is not 0.  With SSE2 (every x86-64; URN_SIMD) a block is
** 16 bytes and a mask has bit k for byte k.  Elsewhere, and when built with
** -DURN_NO_SIMD, a block is a 64-bit word of 8 bytes and a mask has 0x80
** in each marked byte, exact (no carry crosses a byte), so that the first
** marked byte is found in either byte order.  Both give the same results;
** make check fuzzes both (fuzz_cmp and fuzz_cmp8, fuzz_scan and
** fuzz_scan8).  All loads and stores are unaligned and stay inside the
** BLOCK bytes given.
*/
#ifndef URN_BLOCK_H
#define URN_BLOCK_H

#include <stdint.h>
#include <string.h>

/* A hot function that must be inlined where it is called. */
#if defined(__GNUC__)
# define URN_ALWAYS_INLINE inline __attribute__((always_inline))
#else
# define URN_ALWAYS_INLINE inline
#endif
/* A cold path that must stay out of line, so that its caller's fast path
** does not pay for its frame. */
#if defined(__GNUC__)
# define URN_NOINLINE __attribute__((noinline))
#else
# define URN_NOINLINE
#endif

#if defined(__SSE2__) && defined(__GNUC__) && !defined(URN_NO_SIMD)
#define URN_SIMD 1
#include <emmintrin.h>
#define BLOCK 16
typedef __m128i Blk;
typedef unsigned BlkMask;

static inline Blk blkLoad(const unsigned char *p){
  return _mm_loadu_si128((const __m128i*)(const void*)p);
}
static inline void blkStore(unsigned char *p, Blk x){
  _mm_storeu_si128((__m128i*)(void*)p, x);
}
static inline int blkSame(Blk x, Blk y){
  return _mm_movemask_epi8(_mm_cmpeq_epi8(x, y))==0xffff;
}
static inline BlkMask blkNe(Blk x, Blk y){
  return ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, y)) & 0xffffu;
}
static inline BlkMask blkIs(Blk x, unsigned char c){
  return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8((char)c)));
}
/* 0xff in the bytes of x from lo to hi (lo <= hi <= 0x7f), with one add
** and one compare: adding 0x80-lo (mod 256) moves lo..hi to the bottom of
** the signed range, -128..-128+(hi-lo), and every other byte above it. */
static inline __m128i blkRangeV(Blk x, char lo, char hi){
  __m128i y = _mm_add_epi8(x, _mm_set1_epi8((char)(0x80-lo)));
  return _mm_cmpgt_epi8(_mm_set1_epi8((char)(-128+(hi-lo)+1)), y);
}
static inline BlkMask blkUpper(Blk x){
  return (unsigned)_mm_movemask_epi8(blkRangeV(x, 'A', 'Z'));
}
/* Hex digits, either case (RFC 3986 §2.1 HEXDIG). */
static inline BlkMask blkHex(Blk x){
  return (unsigned)_mm_movemask_epi8(_mm_or_si128(blkRangeV(x, '0', '9'),
           blkRangeV(_mm_or_si128(x, _mm_set1_epi8(0x20)), 'a', 'f')));
}
/* x with its bytes before index k (k <= BLOCK) lower-cased. */
static inline Blk blkLowerBefore(Blk x, size_t k){
  static const unsigned char aBefore[32] = {
    0x20,0x20,0x20,0x20,0x20,0x20,0x20,0x20,0x20,0x20,0x20,0x20,0x20,0x20,
    0x20,0x20, 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0
  };
  return _mm_or_si128(x, _mm_and_si128(blkRangeV(x, 'A', 'Z'),
                                       blkLoad(aBefore+16-k)));
}
static inline Blk blkLower(Blk x){ return blkLowerBefore(x, BLOCK); }
static inline unsigned blkFirst(BlkMask m){
  return (unsigned)__builtin_ctz(m);
}
/* The bytes from index k on (k <= BLOCK). */
static inline BlkMask blkFrom(size_t k){ return (0xffffu<<k) & 0xffffu; }

#else /* eight bytes in a 64-bit word */
#define BLOCK 8
typedef uint64_t Blk;
typedef uint64_t BlkMask;
#define ONES  ((uint64_t)0x0101010101010101u)
#define HIGHS (ONES*0x80)
#define LOWS  (ONES*0x7f)

static inline Blk blkLoad(const unsigned char *p){
  Blk w;
  memcpy(&w, p, 8);
  return w;
}
static inline void blkStore(unsigned char *p, Blk x){ memcpy(p, &x, 8); }
static inline int blkSame(Blk x, Blk y){ return x==y; }
static inline BlkMask blkNe(Blk x, Blk y){
  uint64_t v = x ^ y;
  return (((v & LOWS) + LOWS) | v) & HIGHS;
}
static inline BlkMask blkIs(Blk x, unsigned char c){
  return ~blkNe(x, ONES*c) & HIGHS;
}
/* The bytes from lo to hi (ASCII): the bytes v below 0x80 with
** v+0x80-lo >= 0x80 and v+0x80-hi-1 < 0x80; no sum carries out of its
** byte. */
static inline BlkMask blkRange(Blk x, unsigned char lo, unsigned char hi){
  uint64_t v = x & LOWS;
  return (v + ONES*(0x80-lo)) & ~(v + ONES*(0x80-hi-1)) & ~x & HIGHS;
}
static inline BlkMask blkUpper(Blk x){ return blkRange(x, 'A', 'Z'); }
/* Hex digits, either case (RFC 3986 §2.1 HEXDIG). */
static inline BlkMask blkHex(Blk x){
  return blkRange(x, '0', '9') | blkRange(x | ONES*0x20, 'a', 'f');
}
static inline unsigned blkFirst(BlkMask m){
#if defined(__GNUC__) && defined(__BYTE_ORDER__) \
    && __BYTE_ORDER__==__ORDER_LITTLE_ENDIAN__
  return (unsigned)__builtin_ctzll(m)>>3;
#elif defined(__GNUC__) && defined(__BYTE_ORDER__) \
    && __BYTE_ORDER__==__ORDER_BIG_ENDIAN__
  return (unsigned)__builtin_clzll(m)>>3;
#else
  unsigned char t[8];
  unsigned k;
  memcpy(t, &m, 8);
  for(k=0; k<7 && t[k]==0; k++){}
  return k;
#endif
}
/* The bytes from index k on (k <= BLOCK). */
static inline BlkMask blkFrom(size_t k){
  static const unsigned char aMark[16] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80
  };
  return blkLoad(aMark+8-k);
}
/* x with its bytes before index k (k <= BLOCK) lower-cased: the 0x80 of
** an upper-case byte, shifted, is its case bit 0x20. */
static inline Blk blkLowerBefore(Blk x, size_t k){
  return x | (blkUpper(x) & ~blkFrom(k) & HIGHS)>>2;
}
static inline Blk blkLower(Blk x){ return x | blkUpper(x)>>2; }
#endif

/* The bytes before index k (k <= BLOCK). */
static inline BlkMask blkBefore(size_t k){ return blkFrom(0) & ~blkFrom(k); }

/* The first marked byte of m alone, or 0 if m is 0, without a branch
** where the byte order allows: the lowest set bit is the first byte's for
** SSE2 masks and for words in little-endian order. */
static inline BlkMask blkFirstOnly(BlkMask m){
#if defined(URN_SIMD) || (defined(__BYTE_ORDER__) \
    && __BYTE_ORDER__==__ORDER_LITTLE_ENDIAN__)
  return m & (0u-m);
#else
  return m ? blkFrom(blkFirst(m)) & ~blkFrom(blkFirst(m)+1) : 0;
#endif
}

/* m without its first marked byte (m is not 0). */
static inline BlkMask blkDropFirst(BlkMask m){
  size_t k = blkFirst(m);
  return m & ~(blkFrom(k) & ~blkFrom(k+1));
}

/* The bytes of a block of an NSS where the key may differ from the
** string: '?' and '#' (the key ends before a component, RFC 8141 §3.1)
** and '%' (the hex digits of a %XX are upper-cased, RFC 8141 §3.1
** item 3). */
static inline BlkMask blkFoldStops(Blk w){
  return blkIs(w, '?') | blkIs(w, '#') | blkIs(w, '%');
}

/* True if the 4 bytes at z are "urn:" with the scheme in any case: only
** "u"/"U", "r"/"R" and "n"/"N" give "urn" when or-ed with 0x20.  One
** 32-bit compare, in either byte order. */
static inline int startsUrn(const unsigned char *z){
  static const unsigned char aCase[4] = { 0x20, 0x20, 0x20, 0x00 };
  uint32_t w, c, u;
  memcpy(&w, z, 4);
  memcpy(&c, aCase, 4);
  memcpy(&u, "urn:", 4);
  return (w|c)==u;
}

#endif /* URN_BLOCK_H */
