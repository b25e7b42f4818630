/*
** urn_key.c -- the URN-equivalence key, the normalized form and the key
** comparator (layer 1; no SQLite headers).
**
** key(s), DESIGN.md and RFC 8141 §3.1:
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
#include "urn_scan.h"

#include "urn_class.h"
/* foldHead() relies on this: UC_UPPER<<1 is the ASCII case bit. */
typedef char urnUpperIsCaseBitShifted[(UC_UPPER<<1)==0x20 ? 1 : -1];

/* ASCII lower-casing, for the scheme and the NID (RFC 8141 §3.1, items 1
** and 2: "by conversion to lower case"). */
static unsigned char lowerByte(unsigned char c){
  return (urnClass[c] & UC_UPPER) ? (unsigned char)(c|0x20) : c;
}

/* Hex digit upper-casing, for the digits of a %XX (RFC 8141 §3.1, item 3:
** "by conversion to upper case for the digits A-F"). */
static unsigned char upperHex(unsigned char c){
  return (urnClass[c] & UC_LHEX) ? (unsigned char)(c&~0x20) : c;
}

/* Copy z[from..to) to zOut[from..to) upper-casing the hex digits of every
** %XX.  Requires that every '%' in the range start a complete %XX inside
** it, which the scanner guarantees for every part of a valid URN. */
static void foldPercent(const unsigned char *z, size_t from, size_t to,
                        unsigned char *zOut){
  const unsigned char *zPct;
  memcpy(zOut+from, z+from, to-from);
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

void urnKeyWrite(const unsigned char *z, const UrnParts *pParts,
                 unsigned char *zOut){
  foldHead(z, pParts->nss.off, zOut);
  foldPercent(z, pParts->nss.off, URN_KEY_LEN(pParts), zOut);
}

void urnNormalizeWrite(const unsigned char *z, size_t n,
                       const UrnParts *pParts, unsigned char *zOut){
  /* The r-, q- and f-components hold pct-encoded only as whole %XX
  ** (RFC 8141 §2, RFC 3986 §3.5), so one pass folds them all. */
  foldHead(z, pParts->nss.off, zOut);
  foldPercent(z, pParts->nss.off, n, zOut);
}

/* The byte at position i of key(z) for a URN whose NSS starts at nssOff.
** Inside the NSS a byte is a hex digit of a %XX exactly when one of the
** two bytes before it is '%' (a valid NSS has no other '%'); i-2 never
** reaches before the ':' that ends the NID. */
static unsigned char keyByte(const unsigned char *z, size_t i, size_t nssOff){
  if( i<nssOff ) return lowerByte(z[i]);
  if( z[i-1]=='%' || z[i-2]=='%' ) return upperHex(z[i]);
  return z[i];
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
** same four comparisons decide; if it meets one, the walk hands the
** comparison to urnNsCompare (ext/urn_ns.c), which applies the
** transforms. */

/* One side of a comparison. */
typedef struct KeySide {
  const unsigned char *z;  /* the string                                 */
  size_t n;                /* its length                                 */
  int valid;               /* -1 not known yet, 0 not a URN, 1 a URN     */
  size_t nssOff;           /* valid==1: where the NSS starts             */
  size_t nKey;             /* valid>=0: the length of the key            */
} KeySide;

/* Scan s, under mode, to learn whether it is a URN, and so its key. */
static void keyResolve(KeySide *s, int mode){
  UrnParts parts;
  if( urnScan(s->z, s->n, mode, &parts, 0) ){
    s->valid = 1;
    s->nssOff = parts.nss.off;
    s->nKey = URN_KEY_LEN(&parts);
  }else{
    s->valid = 0;
    s->nKey = s->n;
  }
}

/* key(a) against key(b), both sides resolved, one byte at a time. */
static int compareResolved(const KeySide *a, const KeySide *b){
  size_t i;
  for(i=0; i<a->nKey && i<b->nKey; i++){
    unsigned char ca = a->valid ? keyByte(a->z, i, a->nssOff) : a->z[i];
    unsigned char cb = b->valid ? keyByte(b->z, i, b->nssOff) : b->z[i];
    if( ca!=cb ) return (int)ca - (int)cb;
  }
  return (a->nKey>b->nKey) - (a->nKey<b->nKey);  /* the shorter first */
}

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

static inline int signOf(int x){ return (x>0) - (x<0); }

/* A byte of the NSS that a namespace transform may change or drop. */
static inline int nsActs(unsigned char c){
  return (urnClass[c] & UC_UPPER) || c=='-' || c=='x';
}

/* Eight bytes at a time.  Each mask function returns 0x80 in every byte
** of the word (loaded with memcpy from eight bytes) that has the property
** and 0 elsewhere, exactly: no carry crosses a byte.  So the first marked
** byte in memory order is the first byte with the property, in either
** byte order. */
#define ONES  ((uint64_t)0x0101010101010101u)
#define HIGHS (ONES*0x80)
#define LOWS  (ONES*0x7f)

static inline uint64_t maskNonzero(uint64_t v){
  return (((v & LOWS) + LOWS) | v) & HIGHS;
}
static inline uint64_t maskEq(uint64_t w, unsigned char c){
  return ~maskNonzero(w ^ (ONES*c)) & HIGHS;
}
/* A-Z: the bytes v below 0x80 with v+0x3f >= 0x80 and v+0x25 < 0x80. */
static inline uint64_t maskUpper(uint64_t w){
  uint64_t v = w & LOWS;
  return (v + ONES*(0x80-'A')) & ~(v + ONES*(0x80-'Z'-1)) & ~w & HIGHS;
}

/* The memory-order index of the first marked byte of a nonzero mask. */
static inline unsigned firstMarked(uint64_t mask){
#if defined(__GNUC__) && defined(__BYTE_ORDER__) \
    && __BYTE_ORDER__==__ORDER_LITTLE_ENDIAN__
  return (unsigned)__builtin_ctzll(mask)>>3;
#elif defined(__GNUC__) && defined(__BYTE_ORDER__) \
    && __BYTE_ORDER__==__ORDER_BIG_ENDIAN__
  return (unsigned)__builtin_clzll(mask)>>3;
#else
  unsigned char t[8];
  unsigned k;
  memcpy(t, &mask, 8);
  for(k=0; k<7 && t[k]==0; k++){}
  return k;
#endif
}

#define NOWHERE ((size_t)-1)
#define UNKNOWN 2          /* a comparison that byte d does not decide */

/* The walk and the four comparisons (above).  Returns 1 and stores the
** order in *pr when they decide, scanning one or both sides if need be;
** else returns 0 with *pA and *pB resolved (ns==0: the caller compares
** the keys byte by byte), or, with ns, unresolved when the walk met a
** byte a namespace transform acts on (urnNsCompare decides). */
static int walkDecides(int mode, int ns, const unsigned char *a, size_t na,
                       const unsigned char *b, size_t nb, int *pr,
                       KeySide *pA, KeySide *pB){
  size_t m = na<nb ? na : nb;
  size_t i = 0, nssOff = 0, d;
  size_t jA = NOWHERE, jB = NOWHERE;  /* first byte where F(x) != x */
  int sA = 0, sB = 0;                 /* sign of F(x) - x there */
  int fa, fb, ff, rr, fr, rf;

  for(;;){
    if( i+8<=m ){
      uint64_t wa, wb, stop;
      memcpy(&wa, a+i, 8);
      memcpy(&wb, b+i, 8);
      if( nssOff==0 ){
        /* The head, compared lower-cased.  F is greater than the string at
        ** its upper-case letters.  The head ends at its first ':' at
        ** offset 4 or later; here i is 0 or at least 8 (the walk takes
        ** single bytes in the head only at its end or near the end of the
        ** shorter string). */
        uint64_t ua, ub, colon = maskEq(wa, ':');
        if( i==0 ){
          static const unsigned char aFrom4[8] = {0,0,0,0,0xff,0xff,0xff,0xff};
          uint64_t from4;
          memcpy(&from4, aFrom4, 8);
          colon &= from4;
        }
        if( wa==wb ){
          ua = ub = maskUpper(wa);
          stop = colon;
        }else{
          ua = maskUpper(wa);
          ub = maskUpper(wb);
          stop = maskNonzero((wa | ua>>2) ^ (wb | ub>>2)) | colon;
        }
        if( ua|ub ){
          unsigned p = stop ? firstMarked(stop) : 8;
          if( jA==NOWHERE && ua && firstMarked(ua)<p ){
            jA = i + firstMarked(ua);
            sA = 1;
          }
          if( jB==NOWHERE && ub && firstMarked(ub)<p ){
            jB = i + firstMarked(ub);
            sB = 1;
          }
        }
        if( stop==0 ){
          i += 8;
          continue;
        }
        i += firstMarked(stop);
        if( a[i]==':' && b[i]==':' ){     /* the end of the head */
          nssOff = ++i;
          continue;
        }
        /* else F(a) and F(b) differ at i: one byte, below */
      }else if( a[i-1]!='%' && a[i-2]!='%' ){
        /* After the head, F is the string up to the first '?', '#' or
        ** '%' (and, with ns, G is F up to the first byte a transform acts
        ** on); before the first difference, a's bytes are b's. */
        stop = maskNonzero(wa ^ wb) | maskEq(wa, '?') | maskEq(wa, '#')
             | maskEq(wa, '%');
        if( ns ) stop |= maskUpper(wa) | maskEq(wa, '-') | maskEq(wa, 'x');
        if( stop==0 ){
          i += 8;
          continue;
        }
        i += firstMarked(stop);
        if( jA==NOWHERE && jB==NOWHERE && a[i]!=b[i]
         && a[i]!='?' && a[i]!='#' && b[i]!='?' && b[i]!='#'
         && (!ns || (!nsActs(a[i]) && !nsActs(b[i]))) ){
          /* The first difference, in bytes where F is the string (byte i
          ** is no hex digit of a %XX: no '%' is in the two before it). */
          *pr = a[i]<b[i] ? -1 : 1;
          return 1;
        }
      }
    }
    /* One byte. */
    if( ns && nssOff && ((i<na && nsActs(a[i])) || (i<nb && nsActs(b[i]))) ){
      pA->valid = pB->valid = -1;
      return 0;
    }
    fa = foldAt(a, na, i, nssOff);
    fb = foldAt(b, nb, i, nssOff);
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
  {
    int c = m ? memcmp(a, b, m) : 0;
    rr = c ? signOf(c) : (na>nb) - (na<nb);
  }
  if( jB<d ){
    fr = sB;
  }else{
    int cb = rawAt(b, nb, d);
    fr = fa!=cb ? signOf(fa - cb) : fa<0 ? 0 : UNKNOWN;
  }
  if( jA<d ){
    rf = -sA;
  }else{
    int ca = rawAt(a, na, d);
    rf = ca!=fb ? signOf(ca - fb) : ca<0 ? 0 : UNKNOWN;
  }
  if( ff==rr && ff==fr && ff==rf ){
    *pr = ff;
    return 1;
  }

  /* They disagree: scan the side whose F differs from it first. */
  pA->z = a; pA->n = na; pA->valid = -1;
  pB->z = b; pB->n = nb; pB->valid = -1;
  if( jA<=jB ){
    keyResolve(pA, mode);
    if( pA->valid ? ff==fr : rf==rr ){
      *pr = pA->valid ? ff : rr;
      return 1;
    }
    keyResolve(pB, mode);
  }else{
    keyResolve(pB, mode);
    if( pB->valid ? ff==rf : fr==rr ){
      *pr = pB->valid ? ff : rr;
      return 1;
    }
    keyResolve(pA, mode);
  }
  *pr = pA->valid ? (pB->valid ? ff : fr) : (pB->valid ? rf : rr);
  return *pr!=UNKNOWN;
}

int urnNsCompareQuick(const unsigned char *a, size_t na,
                      const unsigned char *b, size_t nb, int *pr){
  KeySide sa, sb;
  return walkDecides(URN_MODE_RFC8141, 1, a, na, b, nb, pr, &sa, &sb);
}

int urnCompare(int mode, const unsigned char *a, size_t na,
               const unsigned char *b, size_t nb){
  KeySide sa, sb;
  int r;
  if( walkDecides(mode, 0, a, na, b, nb, &r, &sa, &sb) ) return r;
  return compareResolved(&sa, &sb);
}
