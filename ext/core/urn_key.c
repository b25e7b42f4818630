/*
** urn_key.c -- the URN-equivalence key, the normalized form and the key
** comparator (layer 1; no SQLite headers).
**
** key(s), docs/design.md and RFC 8141 §3.1:
**   - for a URN: "urn:" + lower(NID) + ":" + NSS with the two hex digits of
**     every %XX upper-cased; r-, q- and f-components dropped; nothing is
**     percent-decoded (RFC 8141 §3.1: "MUST NOT be decoded");
**   - for any other byte string: the string itself.
** The key of a URN has exactly the length of its assigned-name, and its byte
** at position i depends only on the input bytes i-2..i, so the comparator
** can produce key bytes on the fly without writing the keys anywhere.
*/
#include <stdint.h>
#include <string.h>
#include "urn_cmp.h"
/* foldHead() relies on this: UC_UPPER<<1 is the ASCII case bit. */
typedef char urnUpperIsCaseBitShifted[(UC_UPPER<<1)==0x20 ? 1 : -1];

/* Hex digit upper-casing, for the digits of a %XX (RFC 8141 §3.1, item 3:
** "by conversion to upper case for the digits A-F"). */
static unsigned char upperHex(unsigned char c){
  return (urnClass[c] & UC_LHEX) ? (unsigned char)(c&~0x20) : c;
}

/* Upper-case in zOut the hex digits of every %XX of z[from..to).  Requires
** that every '%' in the range start a complete %XX inside it, which the
** scanner guarantees for every part of a valid URN. */
static void foldPercent(const unsigned char *z, size_t from, size_t to,
                        unsigned char *zOut){
  const unsigned char *zPct;
  /* A block at a time: each '%' in it, then the rest with memchr. */
  while( from+BLOCK<=to ){
    BlkMask m = blkIs(blkLoad(z+from), '%');
    while( m ){
      size_t i = from + blkFirst(m);
      zOut[i+1] = upperHex(z[i+1]);
      zOut[i+2] = upperHex(z[i+2]);
      m = blkDropFirst(m);
    }
    from += BLOCK;
  }
  while( from<to && (zPct = memchr(z+from, '%', to-from))!=0 ){
    size_t i = (size_t)(zPct - z);
    zOut[i+1] = upperHex(z[i+1]);
    zOut[i+2] = upperHex(z[i+2]);
    from = i+3;
  }
}

/* Write bytes [0,nssOff) of the key or the normalized form, the head: the
** scheme and the NID lower-cased and the two ':'.  A valid URN's scheme is
** "urn" in some case (RFC 8141 §2), so the head starts "urn:" (§3.1 item
** 1).  The NID is lower-cased (§3.1 item 2) without a branch per byte: the
** UC_UPPER bit, shifted, is the 0x20 that makes an upper-case letter
** lower-case and leaves every other byte alone. */
static void foldHead(const unsigned char *z, size_t nssOff,
                     unsigned char *zOut){
  size_t i;
  memcpy(zOut, "urn:", 4);
  for(i=4; i+1<nssOff; i++){
    zOut[i] = (unsigned char)(z[i] | ((urnClass[z[i]] & UC_UPPER)<<1));
  }
  zOut[nssOff-1] = ':';
}

/* Write over zOut[0..nssOff) the head of z lower-cased, a block at a time,
** for a head longer than a block (n >= BLOCK): the last block that holds
** it may be the one that ends at n, lower-cased again where it overlaps
** the one before.  Out of line: few NIDs are that long. */
static URN_NOINLINE void foldLongHead(const unsigned char *z, size_t nssOff,
                                      size_t n, unsigned char *zOut){
  size_t s;
  for(s=0; s<nssOff; s+=BLOCK){
    size_t t = s+BLOCK<=n ? s : n-BLOCK;
    size_t k = nssOff-t;
    blkStore(zOut+t, blkLowerBefore(blkLoad(z+t), k<BLOCK ? k : BLOCK));
  }
}

/* Write the n bytes of the URN z, whose NSS starts at nssOff, folded: the
** head lower-cased (RFC 8141 §3.1 items 1 and 2) and the hex digits of
** every %XX upper-cased (item 3).  From BLOCK bytes on, a block at a time:
** the blocks after the first copied as they are, the last one ending at n,
** noting whether a '%' is there (a URN's head holds none); then the blocks
** that hold the head written over them with the bytes before nssOff
** lower-cased (in most names the first block alone; foldLongHead()
** otherwise).  Shorter, a byte at a time. */
static URN_ALWAYS_INLINE void writeFolded(const unsigned char *z,
                                          size_t nssOff, size_t n,
                                          unsigned char *zOut){
  if( n>=BLOCK ){
    Blk w;
    BlkMask pct = 0;
    size_t s;
    for(s=BLOCK; s+BLOCK<n; s+=BLOCK){
      w = blkLoad(z+s);
      pct |= blkIs(w, '%');
      blkStore(zOut+s, w);
    }
    w = blkLoad(z+n-BLOCK);
    pct |= blkIs(w, '%');
    blkStore(zOut+n-BLOCK, w);
    w = blkLoad(z);
    pct |= blkIs(w, '%');
    if( nssOff<=BLOCK ){
      blkStore(zOut, blkLowerBefore(w, nssOff));
    }else{
      foldLongHead(z, nssOff, n, zOut);
    }
    if( pct ) foldPercent(z, nssOff, n, zOut);
  }else{
    foldHead(z, nssOff, zOut);
    memcpy(zOut+nssOff, z+nssOff, n-nssOff);
    foldPercent(z, nssOff, n, zOut);
  }
}

void urnKeyWrite(const unsigned char *z, const UrnParts *pParts,
                 unsigned char *zOut){
  writeFolded(z, pParts->nss.off, URN_KEY_LEN(pParts), zOut);
}

void urnNormalizeWrite(const unsigned char *z, size_t n,
                       const UrnParts *pParts, unsigned char *zOut){
  /* The r-, q- and f-components hold pct-encoded only as whole %XX
  ** (RFC 8141 §2, RFC 3986 §3.5), so one pass folds them all. */
  writeFolded(z, pParts->nss.off, n, zOut);
}

/* ---- The comparator --------------------------------------------------

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
** urnNsCompare (ext/core/urn_ns.c) goes on with the transforms applied. */

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
static inline void noteUpper(BlkMask u, BlkMask stop, size_t s,
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

/* The walk and the four comparisons (above).  Stores the order in *pr and
** returns 1, scanning one or both sides if need be.  Without xLower (URN)
** it always decides.  With xLower (URN_NS), at the first byte after the
** heads that a namespace transform may act on, the walk asks xLower
** what the transform of the NID does to each side (G = f_nid(F)): if it
** lower-cases at most, G is F with the A-Z of each side's NSS lower-cased
** up to an offset, which the walk takes in its stride; if it drops or
** upper-cases bytes, or where the four comparisons of G cannot be told
** from byte d, the walk returns 0 and urnNsCompare decides. */
static URN_ALWAYS_INLINE int walkDecides(int mode, UrnNsLowerFn xLower,
                                         void *pCtx,
                                         const unsigned char *a, size_t na,
                                         const unsigned char *b, size_t nb,
                                         int *pr){
  size_t m = na<nb ? na : nb;
  size_t i = 0, nssOff = 0, d;
  size_t jA = NOWHERE, jB = NOWHERE;  /* first byte where F(x) != x */
  int sA = 0, sB = 0;                 /* sign of F(x) - x there */
  int ns = xLower!=0;                 /* stop at what a transform acts on */
  size_t lowA = 0, lowB = 0;          /* G lower-cases A-Z before these */
  int fa, fb, ff, rr, fr, rf;
  /* Blocks are loaded from pa and pb.  A side shorter than a block is
  ** copied, zero-padded, into a block of its own, and every mask of the
  ** walk ends at m (mEnd), where the byte path takes over: the walk never
  ** reads outside the strings, and short strings are walked a block at a
  ** time too. */
  const unsigned char *pa = a, *pb = b;
  unsigned char aShortA[BLOCK], aShortB[BLOCK];
  size_t mB = m;                      /* m, or BLOCK if m is less */
  BlkMask mEnd = blkFrom(0);          /* the bytes of a block before m */
  if( m<BLOCK ){
    if( na<BLOCK ){
      memset(aShortA, 0, BLOCK);
      memcpy(aShortA, a, na);
      pa = aShortA;
    }
    if( nb<BLOCK ){
      memset(aShortB, 0, BLOCK);
      memcpy(aShortB, b, nb);
      pb = aShortB;
    }
    mB = BLOCK;
    mEnd = blkBefore(m);
  }

  for(;;){
    if( i<m ){
      /* The block from s: from i, or near the end of the shorter string
      ** its last BLOCK bytes, of which those before i are walked already
      ** and masked out (keep), as are those from m on.  Before the first
      ** difference, a's bytes are b's. */
      size_t s = i+BLOCK<=mB ? i : mB-BLOCK;
      Blk wa = blkLoad(pa+s), wb = blkLoad(pb+s);
      BlkMask stop, keep = blkFrom(i-s) & mEnd;
      if( nssOff==0 ){
        /* The head, compared lower-cased, up to its first ':' at offset 4
        ** or later; F is greater than the string at its upper-case
        ** letters.  If the head ends in this block, equal in both, the
        ** rest of the block is walked as NSS at once, so that the next
        ** block does not wait for where the head ended. */
        BlkMask ua, ub, colon = blkIs(wa, ':') & keep;
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
            nssOff = s+c+1;
            stop = nssStops(wa, wb, ns) & ~head;
            /* A '%' in the head (not a URN's) makes the two bytes after
            ** it hex digits for F, as foldAt() says: walk them singly. */
            if( blkIs(wa, '%') & head ){
              stop |= ~head & blkBefore(c+3<BLOCK ? c+3 : BLOCK);
            }
            stop &= keep;
          }
        }
        if( ua|ub ){
          noteUpper(ua, stop, s, &jA, &sA);
          noteUpper(ub, stop, s, &jB, &sB);
        }
      }else if( a[i-1]=='%' || a[i-2]=='%' ){
        stop = keep;                      /* byte i is a %XX digit */
      }else if( lowA>s || lowB>s ){
        /* G lower-cases A-Z here, on one side or both: compared
        ** lower-cased, like the head, and G is greater than the string
        ** at its upper-case letters.  A %XX stops the walk at its '%'
        ** before its digits are lower-cased. */
        size_t kA = blkPart(lowA, s), kB = blkPart(lowB, s);
        stop = (blkNe(blkLowerBefore(wa, kA), blkLowerBefore(wb, kB))
                | blkFoldStops(wa)) & keep;
        noteUpper(blkUpper(wa) & blkBefore(kA) & keep, stop, s, &jA, &sA);
        noteUpper(blkUpper(wb) & blkBefore(kB) & keep, stop, s, &jB, &sB);
      }else{
        stop = nssStops(wa, wb, ns) & keep;
      }
      if( stop==0 ){
        i = s+BLOCK<m ? s+BLOCK : m;      /* m: the byte path ends it */
        continue;
      }
      i = s + blkFirst(stop);
      if( a[i]!=b[i]
       && (nssOff==0
           ? !(urnClass[a[i]] & UC_UPPER) && !(urnClass[b[i]] & UC_UPPER)
           /* No '?', '#' or '%' (nor any byte no run admits: those
           ** take the byte path), and not a digit of a %XX. */
           : (urnClass[a[i]] & urnClass[b[i]] & UC_RUN)
             && a[i-1]!='%' && a[i-2]!='%'
             && (!ns || (!nsActs(a[i]) && !nsActs(b[i])))
             && !(i<lowA && (urnClass[a[i]] & UC_UPPER))
             && !(i<lowB && (urnClass[b[i]] & UC_UPPER))) ){
        /* The first difference of F(a) and F(b), where F is the string
        ** on both sides: decided if F is the string up to it too, else
        ** the four comparisons below decide. */
        if( jA==NOWHERE && jB==NOWHERE ){
          *pr = a[i]<b[i] ? -1 : 1;
          return 1;
        }
        fa = a[i];
        fb = b[i];
        break;
      }
      /* Else one byte, below. */
    }
    /* One byte. */
    if( ns && nssOff && ((i<na && nsActs(a[i])) || (i<nb && nsActs(b[i]))) ){
      /* Before i, in the NSS, no byte a transform acts on: G is F. */
      if( !xLower(pCtx, a, na, b, nb, nssOff, &lowA, &lowB) ) return 0;
      ns = 0;
      continue;
    }
    fa = lowerAt(a, na, i, nssOff, lowA);
    fb = lowerAt(b, nb, i, nssOff, lowB);
    if( jA==NOWHERE && fa!=rawAt(a, na, i) ){
      jA = i;
      sA = signOf(fa - rawAt(a, na, i));
    }
    if( jB==NOWHERE && fb!=rawAt(b, nb, i) ){
      jB = i;
      sB = signOf(fb - rawAt(b, nb, i));
    }
    if( fa!=fb || fa<0 ) break;
    if( nssOff==0 && fa==':' && i>=4 ) nssOff = i+1;
    i++;
  }
  d = i;
  ff = signOf(fa - fb);
  if( jA==NOWHERE && jB==NOWHERE ){      /* F(x) = x up to d, both sides */
    *pr = ff;
    return 1;
  }
  if( jA!=jB && (jA<d || jB<d) ){
    /* a against b: before d, F(a) = F(b), and each side is its F before
    ** its own j; so they first differ at the first of jA and jB, where
    ** one side is its F and the other is not. */
    rr = jA<jB ? -sA : sB;
  }else{
    rr = bytesOrder(a, na, b, nb);
  }
  /* F(a) against b and a against F(b).  Byte d decides them when F(b),
  ** or F(a), first differs from its string there or later: a byte of one
  ** string's F never equals a byte of the other string that F changes (F
  ** lower-cases the head, upper-cases a %XX's digits and ends at '?' and
  ** '#', and F(a) and F(b) agree before d), so at d they differ unless
  ** both have ended.  Not so for G when the two sides lower-case their
  ** NSS up to different offsets: "Q" of one side's G against the "Q"
  ** that the other side's G lower-cases; then urnNsCompare decides. */
  fr = jB<d ? sB : signOf(fa - rawAt(b, nb, d));
  rf = jA<d ? -sA : signOf(rawAt(a, na, d) - fb);
  if( (lowA|lowB) && ((fr==0 && fa>=0) || (rf==0 && fb>=0)) ) return 0;
  if( ff==rr && ff==fr && ff==rf ){
    *pr = ff;
    return 1;
  }
  *pr = urnScanDecides(mode, a, na, b, nb, jA<=jB, ff, rr, fr, rf);
  return 1;
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
