/*
** urn_cmp.c -- the key comparator (layer 1, urn_cmp.h; no SQLite headers):
** key(a) against key(b) as memcmp orders the keys' bytes, the shorter
** first on a tie (docs/design.md, I1 and I2), for any two byte strings,
** without writing either key: it allocates nothing and cannot fail (I5).
** The key itself, key(s) of RFC 8141 §3.1, is written by urn_key.c.
**
** Call F(s) what key(s) would be if s were a URN, computed from s alone:
** the head (up to and with the first ':' at offset 4 or later) lower-cased
** (RFC 8141 §3.1 items 1 and 2), the two hex digits of every %XX after it
** upper-cased (item 3), and an end at the first "?" or "#" after the head,
** where the components start (§3.1: they are not part of the key).  For a
** URN the head ends exactly at the NID's ':' (a NID holds no ':'), so
** key(s) is F(s) when s is a URN and s itself otherwise.  key(a) against
** key(b) is therefore one of four comparisons: F(a) or a against F(b) or
** b.  The comparator walks F(a) and F(b) together, once, to d, where they
** first differ or end, noting the first byte of each side where F differs
** from the string.  That gives all four comparisons at once:
**   - before d, F(a) = F(b); where F(b) first differs from b (if before
**     d) decides F(a) against b, else byte d does; likewise a against
**     F(b); a against b is a memcmp;
**   - when neither string differs from its F up to d (the common case:
**     "urn:isbn:…" against "urn:isbn:…"), all four are one and the walk
**     decides alone;
**   - when the four agree, the order is known without knowing what either
**     string is: "URN:ISBN:1…" is less than "urn:isbn:2…" whether or not
**     it is a URN;
**   - only when they disagree does the comparator scan a side (urnScan) to
**     learn which comparison is true ("URN:ISBN:2…" against "urn:isbn:1…"),
**     and the other side only if that does not settle it.
**
** For URN_NS, key_ns(s) = G(s) for a URN, with G = f_nid(F), and s
** otherwise.  The namespace transforms act only on the NSS bytes A-Z
** (lower-cased), '-' (dropped) and 'x' (upper-cased), whatever the NID
** (UrnNsFold, urn_ns_rules.h).  If the walk meets none of these bytes
** after the head up to and with d, G = F up to d on both sides and the
** same four comparisons decide.  At the first one it asks layer 2
** (UrnNsLowerFn) what the transform of the NID does to each side.  Most
** transforms only lower-case A-Z, up to an offset of each NSS that depends
** on its shape (a UUID's hex, a DOI, an NBN prefix), and most NIDs have
** none: then G is F with that lower-casing, which the walk does as it does
** the head's, and the four comparisons of G decide as those of F.  When a
** transform drops '-' or upper-cases 'x' (an ISBN, an ISSN),
** urnNsCompare (ext/core/urn_ns.c) goes on with the transforms applied.
*/
#include <stddef.h>
#include <string.h>
#include "urn_cmp.h"

/* Byte i of F(z), or -1 where F(z) has ended.  nssOff is 0 while the walk
** is in the head, else where the NSS would start. */
static inline int foldAt(const unsigned char *z, size_t n, size_t i,
                         size_t nssOff){
  unsigned char c;
  if( i>=n ) return -1;
  c = z[i];
  if( nssOff==0 ) return lowerByte(c);
  if( c=='?' || c=='#' ) return -1;
  /* A hex digit of a %XX: one of the two bytes before it is '%' (i-2 is
  ** at least the byte before the head's ':'). */
  if( (urnClass[c] & UC_LHEX) && (z[i-1]=='%' || z[i-2]=='%') ){
    return upperHex(c);
  }
  return c;
}

/* Byte i of z, or -1 past its end. */
static inline int rawAt(const unsigned char *z, size_t n, size_t i){
  return i<n ? z[i] : -1;
}

/* How many bytes of a block at s lie before offset lim (0 to BLOCK). */
static inline size_t blkPart(size_t lim, size_t s){
  return lim<=s ? 0 : (lim-s<BLOCK ? lim-s : BLOCK);
}

/* Byte i of G(z) for a walk that lower-cases the A-Z of the NSS before
** lowEnd (0: none), except the hex digits of a %XX (urn_ns_rules.h), on
** top of F: foldAt() when lowEnd is 0. */
static inline int lowerAt(const unsigned char *z, size_t n, size_t i,
                          size_t nssOff, size_t lowEnd){
  int c = foldAt(z, n, i, nssOff);
  if( i<lowEnd && c>='A' && c<='Z' && z[i-1]!='%' && z[i-2]!='%' ) c |= 0x20;
  return c;
}

#define NOWHERE ((size_t)-1)

/* Note in *pj and *ps the first byte of mask u (upper-case letters that
** the key lower-cases) of a block at s, if before the first stop and
** before any byte noted earlier. */
static URN_ALWAYS_INLINE void noteUpper(BlkMask u, BlkMask stop, size_t s,
                             size_t *pj, int *ps){
  if( *pj==NOWHERE && u && blkFirst(u)<(stop ? blkFirst(stop) : BLOCK) ){
    *pj = s + blkFirst(u);
    *ps = 1;
  }
}

/* urn_cmp.h.  Out of line: it runs before a scan anyway.  Nearly every
** string scanned here is a URN, and a side found to be one settles the
** order alone when the comparison of its F with the other string agrees
** with ff: a when fr = ff, b when rf = ff.  When only one side can, it is
** scanned first: for "URN:ISBN:1" against "URN:ISBN:2", b (if b is a URN,
** a is less, whatever a is; a being a URN would leave b's question open).
** Else aFirst says which: the side whose F differs from it first. */
URN_NOINLINE int urnScanDecides(int mode,
                                const unsigned char *a, size_t na,
                                const unsigned char *b, size_t nb,
                                int aFirst, int ff, int rr, int fr, int rf){
  int va, vb;
  if( (ff==fr)!=(ff==rf) ) aFirst = ff==fr;
  if( aFirst ){
    va = urnIsUrn(a, na, mode);
    if( va ? ff==fr : rf==rr ) return va ? ff : rr;
    vb = urnIsUrn(b, nb, mode);
  }else{
    vb = urnIsUrn(b, nb, mode);
    if( vb ? ff==rf : fr==rr ) return vb ? ff : rr;
    va = urnIsUrn(a, na, mode);
  }
  return va ? (vb ? ff : fr) : (vb ? rf : rr);
}

/* ---- The walk, in steps ---------------------------------------------- */

/* What the walk of a and b knows.  Before byte i, F(a) = F(b) (G with
** lowA or lowB set), and each side is its F before its own j. */
typedef struct Walk {
  const unsigned char *a, *b;   /* the strings, na and nb bytes */
  size_t na, nb;
  size_t m;                     /* the shorter's length */
  const unsigned char *pa, *pb; /* where blocks are loaded from: a and b,
                                ** or zero-padded copies of a side shorter
                                ** than a block */
  size_t mB;                    /* m, or BLOCK if m is less */
  BlkMask mEnd;                 /* the bytes of a block before m */
  size_t i;                     /* the next byte to walk */
  size_t nssOff;                /* 0 in the head; else where the NSS starts */
  size_t jA, jB;                /* first byte where F(x) != x, or NOWHERE */
  int sA, sB;                   /* sign of F(x) - x there */
  int ns;                       /* stop at what a transform acts on */
  size_t lowA, lowB;            /* G lower-cases A-Z before these (0: none) */
} Walk;

/* Start the walk of a and b at byte 0, in the head, with ns set for
** URN_NS.  A side shorter than a block is copied, zero-padded, into the
** block given for it (aShortA, aShortB), and every mask of the walk ends
** at m (mEnd), where the byte path takes over: the walk never reads
** outside the strings, and short strings are walked a block at a time
** too. */
static URN_ALWAYS_INLINE void walkStart(Walk *w,
                                        const unsigned char *a, size_t na,
                                        const unsigned char *b, size_t nb,
                                        int ns, unsigned char *aShortA,
                                        unsigned char *aShortB){
  w->a = a;
  w->na = na;
  w->b = b;
  w->nb = nb;
  w->m = na<nb ? na : nb;
  w->i = 0;
  w->nssOff = 0;
  w->jA = w->jB = NOWHERE;
  w->sA = w->sB = 0;
  w->ns = ns;
  w->lowA = w->lowB = 0;
  w->pa = a;
  w->pb = b;
  w->mB = w->m;
  w->mEnd = blkFrom(0);
  if( w->m<BLOCK ){
    if( na<BLOCK ){
      memset(aShortA, 0, BLOCK);
      memcpy(aShortA, a, na);
      w->pa = aShortA;
    }
    if( nb<BLOCK ){
      memset(aShortB, 0, BLOCK);
      memcpy(aShortB, b, nb);
      w->pb = aShortB;
    }
    w->mB = BLOCK;
    w->mEnd = blkBefore(w->m);
  }
}

/* The stops of a block wa, wb at s in the head, its bytes before i and
** from m masked out (keep).  The head is compared lower-cased (RFC 8141
** §3.1 items 1 and 2) up to its first ':' at offset 4 or later; F is
** greater than the string at its upper-case letters, noted in jA, jB.  If
** the head ends in this block, equal in both, its end is noted (nssOff)
** and the rest of the block is walked as NSS at once, so that the next
** block does not wait for where the head ended. */
static URN_ALWAYS_INLINE BlkMask walkHeadBlock(Walk *w, Blk wa, Blk wb,
                                               size_t s, BlkMask keep){
  BlkMask ua, ub, stop, colon = blkIs(wa, ':') & keep;
  if( s<4 ) colon &= blkFrom(4-s);
  if( blkSame(wa, wb) ){
    ua = ub = blkUpper(wa) & keep;
    stop = 0;
  }else{
    ua = blkUpper(wa) & keep;
    ub = blkUpper(wb) & keep;
    stop = blkNe(blkLower(wa), blkLower(wb)) & keep;
  }
  if( colon ){
    unsigned c = blkFirst(colon);
    BlkMask head = blkBefore(c+1);
    ua &= head;
    ub &= head;
    if( (stop & head)==0 ){
      w->nssOff = s+c+1;
      stop = nssStops(wa, wb, w->ns) & ~head;
      /* A '%' in the head (not a URN's) makes the two bytes after it hex
      ** digits for F (RFC 8141 §3.1 item 3), as foldAt() says: walk them
      ** singly. */
      if( blkIs(wa, '%') & head ){
        stop |= ~head & blkBefore(c+3<BLOCK ? c+3 : BLOCK);
      }
      stop &= keep;
    }
  }
  if( ua|ub ){
    noteUpper(ua, stop, s, &w->jA, &w->sA);
    noteUpper(ub, stop, s, &w->jB, &w->sB);
  }
  return stop;
}

/* The stops of a block wa, wb at s (its bytes before i and from m masked
** out: keep) in an NSS whose A-Z G lower-cases, on one side or both (a
** namespace's transform, RFC 8141 §3.1): compared lower-cased, like the
** head, and G is greater than the string at its upper-case letters.  A
** %XX stops the walk at its '%' before its digits are lower-cased. */
static URN_ALWAYS_INLINE BlkMask walkLowerBlock(Walk *w, Blk wa, Blk wb,
                                                size_t s, BlkMask keep){
  size_t kA = blkPart(w->lowA, s), kB = blkPart(w->lowB, s);
  BlkMask stop = (blkNe(blkLowerBefore(wa, kA), blkLowerBefore(wb, kB))
                  | blkFoldStops(wa)) & keep;
  noteUpper(blkUpper(wa) & blkBefore(kA) & keep, stop, s, &w->jA, &w->sA);
  noteUpper(blkUpper(wb) & blkBefore(kB) & keep, stop, s, &w->jB, &w->sB);
  return stop;
}

/* The next block: from i, or near the end of the shorter string its last
** BLOCK bytes, of which those before i are walked already and masked out
** (keep), as are those from m on.  Stores its offset in *pS and returns
** its stops: the bytes where F(a) and F(b) may differ, or where F may
** differ from the string (0: none in the block).  Before the first
** difference, a's bytes are b's. */
static URN_ALWAYS_INLINE BlkMask walkBlock(Walk *w, size_t *pS){
  size_t i = w->i;
  size_t s = i+BLOCK<=w->mB ? i : w->mB-BLOCK;
  Blk wa = blkLoad(w->pa+s), wb = blkLoad(w->pb+s);
  BlkMask keep = blkFrom(i-s) & w->mEnd;
  *pS = s;
  if( w->nssOff==0 ) return walkHeadBlock(w, wa, wb, s, keep);
  if( w->a[i-1]=='%' || w->a[i-2]=='%' ) return keep;  /* a %XX digit */
  if( w->lowA>s || w->lowB>s ) return walkLowerBlock(w, wa, wb, s, keep);
  return nssStops(wa, wb, w->ns) & keep;
}

/* 1 if byte i, where a block stopped, is the first difference of F(a) and
** F(b) and F is the string there on both sides: in the head, no capital
** on either side (RFC 8141 §3.1 items 1 and 2); in the NSS, a byte that
** every run admits on both sides (no '?' or '#', where F ends, §3.1; no
** '%', nor any byte no run admits: those take the byte path), not a digit
** of a %XX (item 3), and with URN_NS not a byte a transform acts on nor a
** capital that G lower-cases.  Else 0: the byte path takes byte i. */
static URN_ALWAYS_INLINE int walkBlockDiffers(const Walk *w){
  const unsigned char *a = w->a, *b = w->b;
  size_t i = w->i;
  if( a[i]==b[i] ) return 0;
  if( w->nssOff==0 ){
    return !(urnClass[a[i]] & UC_UPPER) && !(urnClass[b[i]] & UC_UPPER);
  }
  return (urnClass[a[i]] & urnClass[b[i]] & UC_RUN)
      && a[i-1]!='%' && a[i-2]!='%'
      && (!w->ns || (!nsActs(a[i]) && !nsActs(b[i])))
      && !(i<w->lowA && (urnClass[a[i]] & UC_UPPER))
      && !(i<w->lowB && (urnClass[b[i]] & UC_UPPER));
}

/* 1 if the walk of URN_NS, in the NSS, is at the first byte that a
** namespace's transform may act on (nsActs(): A-Z, '-', 'x', on either
** side), which it has not asked xLower about yet: before it, G is F. */
static URN_ALWAYS_INLINE int walkMeetsNs(const Walk *w){
  size_t i = w->i;
  return w->ns && w->nssOff
      && ((i<w->na && nsActs(w->a[i])) || (i<w->nb && nsActs(w->b[i])));
}

/* Ask xLower what the transform of the NID does to each side (RFC 8141
** §3.1).  Returns 0 if it drops or upper-cases bytes: urnNsCompare must
** decide.  Else 1, with lowA and lowB set, and the walk goes on from i,
** with G lower-casing each side's A-Z before them. */
static URN_ALWAYS_INLINE int walkAskNs(Walk *w, UrnNsLowerFn xLower,
                                       void *pCtx){
  size_t lowA, lowB;
  if( !xLower(pCtx, w->a, w->na, w->b, w->nb, w->nssOff, &lowA, &lowB) ){
    return 0;
  }
  w->lowA = lowA;
  w->lowB = lowB;
  w->ns = 0;
  return 1;
}

/* Byte i alone: byte i of G(a) and G(b) in *pfa and *pfb (-1 past the
** end of one), each side's first difference from its G noted, and the end
** of the head noted at its ':' (RFC 8141 §2).  Returns 1 if they differ
** or end there: i is d.  Else 0, with i moved on. */
static URN_ALWAYS_INLINE int walkByte(Walk *w, int *pfa, int *pfb){
  const unsigned char *a = w->a, *b = w->b;
  size_t i = w->i;
  int fa = lowerAt(a, w->na, i, w->nssOff, w->lowA);
  int fb = lowerAt(b, w->nb, i, w->nssOff, w->lowB);
  if( w->jA==NOWHERE && fa!=rawAt(a, w->na, i) ){
    w->jA = i;
    w->sA = signOf(fa - rawAt(a, w->na, i));
  }
  if( w->jB==NOWHERE && fb!=rawAt(b, w->nb, i) ){
    w->jB = i;
    w->sB = signOf(fb - rawAt(b, w->nb, i));
  }
  *pfa = fa;
  *pfb = fb;
  if( fa!=fb || fa<0 ) return 1;
  if( w->nssOff==0 && fa==':' && i>=4 ) w->nssOff = i+1;
  w->i = i+1;
  return 0;
}

/* The four comparisons at d = i, where F(a) and F(b) (G under URN_NS)
** differ or end, fa and fb their bytes there (-1: ended); the order from
** them, or from a scan of a side when they disagree (urnScanDecides()).
** Stores it in *pr and returns 1; returns 0 where URN_NS's G cannot tell
** them from byte d, and urnNsCompare decides. */
static URN_ALWAYS_INLINE int walkOrder(const Walk *w, int mode, int fa,
                                       int fb, int *pr){
  const unsigned char *a = w->a, *b = w->b;
  size_t d = w->i, jA = w->jA, jB = w->jB;
  int ff = signOf(fa - fb), rr, fr, rf;
  if( jA==NOWHERE && jB==NOWHERE ){      /* F(x) = x up to d, both sides */
    *pr = ff;
    return 1;
  }
  if( jA!=jB && (jA<d || jB<d) ){
    /* a against b: before d, F(a) = F(b), and each side is its F before
    ** its own j; so they first differ at the first of jA and jB, where
    ** one side is its F and the other is not. */
    rr = jA<jB ? -w->sA : w->sB;
  }else{
    rr = bytesOrder(a, w->na, b, w->nb);
  }
  /* F(a) against b and a against F(b).  Byte d decides them when F(b),
  ** or F(a), first differs from its string there or later: a byte of one
  ** string's F never equals a byte of the other string that F changes (F
  ** lower-cases the head, upper-cases a %XX's digits and ends at '?' and
  ** '#', RFC 8141 §3.1, and F(a) and F(b) agree before d), so at d they
  ** differ unless both have ended.  Not so for G when the two sides
  ** lower-case their NSS up to different offsets: "Q" of one side's G
  ** against the "Q" that the other side's G lower-cases; then urnNsCompare
  ** decides. */
  fr = jB<d ? w->sB : signOf(fa - rawAt(b, w->nb, d));
  rf = jA<d ? -w->sA : signOf(rawAt(a, w->na, d) - fb);
  if( (w->lowA|w->lowB) && ((fr==0 && fa>=0) || (rf==0 && fb>=0)) ){
    return 0;
  }
  if( ff==rr && ff==fr && ff==rf ){
    *pr = ff;
    return 1;
  }
  *pr = urnScanDecides(mode, a, w->na, b, w->nb, jA<=jB, ff, rr, fr, rf);
  return 1;
}

/* The walk and the four comparisons (above).  Stores the order in *pr and
** returns 1, scanning one or both sides if need be.  Without xLower (URN)
** it always decides.  With xLower (URN_NS), at the first byte after the
** heads that a namespace transform may act on, the walk asks xLower
** what the transform of the NID does to each side (G = f_nid(F)): if it
** lower-cases at most, G is F with the A-Z of each side's NSS lower-cased
** up to an offset, which the walk takes in its stride; if it drops or
** upper-cases bytes, or where the four comparisons of G cannot be told
** from byte d, the walk returns 0 and urnNsCompare decides.
**
** The walk goes a block at a time (walkBlock()) to the first byte where
** F(a) and F(b) may differ or where F may differ from the string; if F is
** the string on both sides there and they differ, that is d; else it
** takes that byte alone (walkByte()) and goes on; with URN_NS it first
** asks, once, what the transform does (walkAskNs()). */
static URN_ALWAYS_INLINE int walkDecides(int mode, UrnNsLowerFn xLower,
                                         void *pCtx,
                                         const unsigned char *a, size_t na,
                                         const unsigned char *b, size_t nb,
                                         int *pr){
  unsigned char aShortA[BLOCK], aShortB[BLOCK];
  Walk w;
  int fa, fb;
  walkStart(&w, a, na, b, nb, xLower!=0, aShortA, aShortB);
  for(;;){
    if( w.i<w.m ){
      size_t s;
      BlkMask stop = walkBlock(&w, &s);
      if( stop==0 ){
        w.i = s+BLOCK<w.m ? s+BLOCK : w.m;   /* m: the byte path ends it */
        continue;
      }
      w.i = s + blkFirst(stop);
      if( walkBlockDiffers(&w) ){
        if( w.jA==NOWHERE && w.jB==NOWHERE ){
          *pr = a[w.i]<b[w.i] ? -1 : 1;        /* F(x) = x up to d */
          return 1;
        }
        fa = a[w.i];
        fb = b[w.i];
        break;
      }
    }
    if( walkMeetsNs(&w) ){
      if( !walkAskNs(&w, xLower, pCtx) ) return 0;
      continue;
    }
    if( walkByte(&w, &fa, &fb) ) break;
  }
  return walkOrder(&w, mode, fa, fb, pr);
}

/* The walks, out of line (urn_cmp.h): the common pair, which the quick
** step decides, does not pay for their frames. */
URN_NOINLINE int urnWalkCompare(int mode, const unsigned char *a, size_t na,
                                const unsigned char *b, size_t nb){
  int r;
  walkDecides(mode, 0, 0, a, na, b, nb, &r);   /* always decides (URN) */
  return r;
}

URN_NOINLINE int urnNsWalk(UrnNsLowerFn xLower, void *pCtx,
                           const unsigned char *a, size_t na,
                           const unsigned char *b, size_t nb, int *pr){
  return walkDecides(URN_MODE_RFC8141, xLower, pCtx, a, na, b, nb, pr);
}

/* urnCompare(), inlined into its two entry points. */
static URN_ALWAYS_INLINE int compareInline(int mode, const unsigned char *a,
                                           size_t na, const unsigned char *b,
                                           size_t nb){
  int r;
  if( quickDecides(mode, 0, 0, a, na, b, nb, &r) ) return r;
  return urnWalkCompare(mode, a, na, b, nb);
}

int urnCompare(int mode, const unsigned char *a, size_t na,
               const unsigned char *b, size_t nb){
  return compareInline(mode, a, na, b, nb);
}

int urnCollate(void *pArg, int nA, const void *pA, int nB,
               const void *pB){
  (void)pArg;
  return compareInline(URN_MODE_RFC8141, (const unsigned char*)pA,
                       (size_t)nA, (const unsigned char*)pB, (size_t)nB);
}
