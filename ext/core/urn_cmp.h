/*
** urn_cmp.h -- layer 1 of sqlite-urn: the key comparator (urn_cmp.c; no
** SQLite headers): key(a) against key(b) in memcmp order (docs/design.md,
** I1 and I2), without writing either key, and the callback of the
** collation URN.
**
** Most comparisons end in the quick step below, a few block operations on
** the first bytes of both strings.  It is inlined into the function SQLite
** calls for each collation, urnCollate() (urn_cmp.c) and urnNsCollate()
** (urn_ns.c), so that neither pays a call, and a frame, to reach it; what
** it leaves to the walk and the scans is out of line in urn_cmp.c, and
** declared here for the two callbacks' sake.  The comparator, and F and G
** below, are explained where it is written, in urn_cmp.c.
*/
#ifndef URN_CMP_H
#define URN_CMP_H

#include <stddef.h>
#include <string.h>
#include "urn_scan.h"
#include "urn_class.h"
#include "urn_block.h"

/* Compare key(a) with key(b) under mode, as memcmp on the key bytes with
** the shorter key first on a tie.  Returns -1, 0 or 1.  A total preorder
** on all byte strings (docs/design.md I2); allocates nothing, cannot fail. */
int urnCompare(int mode, const unsigned char *a, size_t na,
               const unsigned char *b, size_t nb);

/* The collation URN (ext/sqlite/urn.c registers it): urnCompare() in RFC
** 8141 mode with the signature of SQLite's xCompare, in this layer so that
** the comparison is inlined into the function SQLite calls.  nA and nB are
** not negative; pArg is not used. */
int urnCollate(void *pArg, int nA, const void *pA, int nB, const void *pB);

/* What a namespace transform does to two strings whose heads F lower-cases
** alike, "urn:" NID ":" in some case, with the NSS from nssOff on (ext/
** urn_ns.c answers; this layer knows no registry): returns 1 when it
** lower-cases at most, after storing in *pLowA and *pLowB the offsets
** before which it lower-cases the A-Z of each NSS (nssOff: none); returns
** 0 when it also drops or upper-cases bytes.  pCtx is the caller's, passed
** through.  It may be asked twice in one comparison (first by the quick
** step of urnNsCompareQuick, then by its walk), with the same strings and
** nssOff both times. */
typedef int (*UrnNsLowerFn)(void *pCtx, const unsigned char *a, size_t na,
                            const unsigned char *b, size_t nb,
                            size_t nssOff, size_t *pLowA, size_t *pLowB);

/* The out-of-line steps of the comparator (urn_cmp.c).  urnWalkCompare():
** the walk of URN, which always decides, returning -1, 0 or 1.
** urnNsWalk(): the walk of URN_NS (RFC 8141 mode), as urnNsCompareQuick()
** below.  urnScanDecides(): the four comparisons (ff: F(a) against F(b),
** rr: a against b, fr: F(a) against b, rf: a against F(b)) disagree, so
** scan one side, the one that settles the order if it is a URN (else a if
** aFirst: the side whose F differs from it first), and the other only if
** that does not settle it; returns the order. */
int urnWalkCompare(int mode, const unsigned char *a, size_t na,
                   const unsigned char *b, size_t nb);
int urnNsWalk(UrnNsLowerFn xLower, void *pCtx,
              const unsigned char *a, size_t na,
              const unsigned char *b, size_t nb, int *pr);
int urnScanDecides(int mode, const unsigned char *a, size_t na,
                   const unsigned char *b, size_t nb,
                   int aFirst, int ff, int rr, int fr, int rf);

static inline int signOf(int x){ return (x>0) - (x<0); }

/* a against b as their own bytes, the key of a string that is not a URN
** (docs/design.md I3): memcmp order, the shorter first on a tie; -1, 0 or 1. */
static inline int bytesOrder(const unsigned char *a, size_t na,
                             const unsigned char *b, size_t nb){
  size_t m = na<nb ? na : nb;
  int c = m ? memcmp(a, b, m) : 0;
  return c ? signOf(c) : (na>nb) - (na<nb);
}

/* A byte of the NSS that a namespace transform may change or drop. */
static inline int nsActs(unsigned char c){
  return (urnClass[c] & UC_UPPER) || c=='-' || c=='x';
}

/* The bytes of a block of the NSS that a namespace transform may act on
** (nsActs(): A-Z, '-', 'x'). */
static inline BlkMask blkNsActs(Blk w){
  return blkUpper(w) | blkIs(w, '-') | blkIs(w, 'x');
}

/* The bytes of a block of the NSS where the walk must stop: the first
** difference, and where F may differ from the string (blkFoldStops());
** with ns also the bytes a namespace transform acts on (blkNsActs()). */
static inline BlkMask nssStops(Blk wa, Blk wb, int ns){
  BlkMask stop = blkNe(wa, wb) | blkFoldStops(wa);
  if( ns ) stop |= blkNsActs(wa);
  return stop;
}

/* The common pair, decided in a few block operations: the head (up to
** a's first ':' at offset 4 or later, h) inside the first block and equal
** in both lower-cased up to d, where F(a) and F(b) first differ or end,
** and no '%', '?' or '#' in a before d.  Then, before d, F(a) and F(b)
** are the strings with their heads lower-cased: each side differs from
** its F exactly at the capitals of its head before d (dA, dB), where F is
** greater.  At d, F lower-cases the bytes of the head (foldAt() in
** urn_cmp.c; b's head may end at d, with a ':', which F keeps), and
** leaves those of the NSS as they are when both are in a run (UC_RUN: no
** '%', '?' or '#'; no '%' before them, so neither is a digit of a %XX).
** When the strings agree up to the shorter's end, F(shorter) ends there,
** and F(longer) too if its next byte is '?' or '#' (the walk decides
** then); else F(longer) is greater.  So the four comparisons are, with a
** capital of either head before d deciding a against b at the first one,
** or else byte d:
**   F(a) : F(b)   ff, byte d of both F;
**   F(a) : b      greater if b's head has a capital before d, else d;
**   a : F(b)      less if a's head has a capital before d, else d;
**   a : b         at the first capital of one head only, else d.
** When the four agree, that is the order; else urnScanDecides() learns
** which is true.  Returns 1 and stores the order in *pr, or 0 when the
** walk must decide (so it must when either string is shorter than a
** block), or -1 (URN_NS only, below).
**
** With xLower (URN_NS), the NSS bytes a transform acts on (A-Z, '-', 'x')
** also stop it, and the bytes at d must not be such: then G = F up to and
** with d on both sides, as in the walk.  At the first such byte (after
** heads equal lower-cased, so of one NID) it asks xLower what the
** transform does: if it drops or upper-cases bytes, it returns -1, for
** urnNsCompare to apply the transforms; if it does nothing to either side
** (most NIDs have no transform), G = F on both, key_ns is key and the URN
** walk decides; else (it lower-cases) the walk of URN_NS must. */
static URN_ALWAYS_INLINE int quickDecides(int mode, UrnNsLowerFn xLower,
                                          void *pCtx,
                                          const unsigned char *a, size_t na,
                                          const unsigned char *b, size_t nb,
                                          int *pr){
  int ns = xLower!=0;
  size_t m = na<nb ? na : nb, s, t, i, h;
  Blk wa, wb;
  BlkMask colon, stop, head, upA, upB, dA, dB, x;
  int ff, rr, fr, rf, fa, fb;
  unsigned char ca, cb;
  if( m<BLOCK ) return 0;
  wa = blkLoad(a);
  wb = blkLoad(b);
  colon = blkIs(wa, ':') & blkFrom(4);
  if( colon==0 ) return 0;
  h = blkFirst(colon);
  head = blkBefore(h);
  upA = blkUpper(wa) & head;
  upB = blkUpper(wb) & head;
  /* Without a branch on upA|upB, which a quarter of the rows set. */
  stop = blkFoldStops(wa)
       | blkNe(blkLowerBefore(wa, h), blkLowerBefore(wb, h));
  if( ns ) stop |= blkNsActs(wa) & ~blkBefore(h+1);
  s = 0;
  while( stop==0 ){
    s += BLOCK;
    if( s>=m ){
      /* F(a) and F(b) agree up to m, where the shorter's ends. */
      if( na==nb ){
        ff = 0;
      }else{
        ca = na>nb ? a[m] : b[m];
        if( ca=='?' || ca=='#' || (ns && nsActs(ca)) ) return 0;
        ff = na>nb ? 1 : -1;
      }
      i = m;
      rr = fr = rf = ff;
      goto decide;
    }
    /* The block from s, or the last one, which ends at m and whose bytes
    ** before s are walked already. */
    t = s+BLOCK>m ? m-BLOCK : s;
    wa = blkLoad(a+t);
    wb = blkLoad(b+t);
    stop = nssStops(wa, wb, ns) & blkFrom(s-t);
    s = t;
  }
  i = s + blkFirst(stop);
  ca = a[i];
  cb = b[i];
  if( i>h ){
    if( ns && (nsActs(ca) || nsActs(cb)) ){
      size_t lowA, lowB;
      if( !xLower(pCtx, a, na, b, nb, h+1, &lowA, &lowB) ) return -1;
      if( lowA!=h+1 || lowB!=h+1 ) return 0;
      *pr = urnWalkCompare(mode, a, na, b, nb);
      return 1;
    }
    if( ca==cb || !(urnClass[ca] & urnClass[cb] & UC_RUN) ) return 0;
    ff = (ca>cb) - (ca<cb);
    /* All the capitals of the heads are before d.  With none, the four
    ** are ff.  With some on a's side only, rf = -1 and rr = -1 (a is less
    ** than b at its first capital) and fr = ff: they agree when ff is -1;
    ** on b's side only, when ff is 1; on both, never.  One branch. */
    if( !(((upA!=0) & (ff!=-1)) | ((upB!=0) & (ff!=1))) ){
      *pr = ff;
      return 1;
    }
    rr = fr = rf = ff;
  }else{
    fa = lowerByte(ca);
    fb = lowerByte(cb);
    if( fa==fb ) return 0;                /* a '%', '?' or '#' in both */
    ff = signOf(fa - fb);
    rr = signOf(ca - cb);
    fr = signOf(fa - cb);
    rf = signOf(ca - fb);
  }
decide:
  /* The capitals of each head before d (i). */
  dA = i<BLOCK ? upA & blkBefore(i) : upA;
  dB = i<BLOCK ? upB & blkBefore(i) : upB;
  x = dA ^ dB;
  if( x ) rr = (dA & blkFirstOnly(x)) ? -1 : 1;
  if( dB ) fr = 1;
  if( dA ) rf = -1;
  if( ff==rr && ff==fr && ff==rf ){
    *pr = ff;
    return 1;
  }
  /* Scan first the side whose F differs from it first, at a capital
  ** before d or at d. */
  dA = upA & blkBefore(i<BLOCK ? i+1 : BLOCK);
  dB = upB & blkBefore(i<BLOCK ? i+1 : BLOCK);
  *pr = urnScanDecides(mode, a, na, b, nb,
                          dA && (!dB || blkFirst(dA)<=blkFirst(dB)),
                       ff, rr, fr, rf);
  return 1;
}

/* The first step of urnNsCompare (ext/core/urn_ns.c): the walk of urnCompare
** over the two strings (scanning a side only if need be), which asks
** xLower(pCtx, ...), at the first byte of the NSS that a transform may act
** on, what the transform does, and goes on if it only lower-cases.
** Returns 1 and stores the order of key_ns(a) and key_ns(b) in *pr when
** that decides it; else returns 0, always after calling xLower (so with
** heads equal lower-cased), and urnNsCompare applies the transforms. */
static URN_ALWAYS_INLINE int urnNsCompareQuick(const unsigned char *a,
                                               size_t na,
                                               const unsigned char *b,
                                               size_t nb,
                                               UrnNsLowerFn xLower,
                                               void *pCtx, int *pr){
  int q = quickDecides(URN_MODE_RFC8141, xLower, pCtx, a, na, b, nb, pr);
  if( q ) return q>0;
  return urnNsWalk(xLower, pCtx, a, na, b, nb, pr);
}

#endif /* URN_CMP_H */
