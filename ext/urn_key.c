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

** key(s) is either s itself (not a URN) or fold(s) (a URN), and the two
** differ only where fold(s) changes a byte: an upper-case letter of the
** scheme or NID (RFC 8141 §3.1 items 1 and 2), a lower-case hex digit of a
** %XX in the NSS (item 3), and the end, where the components start at the
** first "?" or "#" after the NSS (§3.1: they are not part of the key).
** Call byte i of s "neutral" when it is none of these, judged from s[0..i]
** alone as if s were a URN:
**   - in the head (before the first ':' at offset 4 or later, that ':'
**     included): not an upper-case letter;
**   - after it: not "?" nor "#", and not a lower-case hex digit with a '%'
**     one or two bytes before it.
** If bytes 0..i of s are neutral, then bytes 0..i of key(s) are those of s
** whether s is a URN or not, and key(s) is longer than i.  So the
** comparator walks both strings once and needs to know whether one is a
** URN (a full scan) only when it reaches a byte of it that is not neutral
** before the order is decided.  For a URN the head ends exactly there (a
** NID holds no ':'); for a non-URN "head" means nothing, which is fine,
** because its key is itself. */

/* One side of a comparison. */
typedef struct KeySide {
  const unsigned char *z;  /* the string                                 */
  size_t n;                /* its length                                 */
  int valid;               /* -1 not known yet, 0 not a URN, 1 a URN     */
  size_t nssOff;           /* valid==1: where the NSS starts;
                           ** valid==-1: where it would start, once the
                           ** walk has passed the NID's ':', else 0      */
  size_t nKey;             /* valid>=0: the length of the key            */
} KeySide;

/* 1 if byte i of z is neutral, where nssOff is 0 while bytes 0..i-1 are
** all in the head and else where the NSS would start.  With ns set, for
** key_ns (collation URN_NS) rather than key: a byte of the NSS that some
** namespace transform may change or drop is not neutral either.  Those
** are exactly the bytes that UrnNsFold (urn_ns_rules.h) acts on: A-Z
** (lower-cased), '-' (dropped) and 'x' (upper-cased), whatever the NID. */
static inline int neutralAt(const unsigned char *z, size_t i,
                            size_t nssOff, int ns){
  unsigned char c = z[i];
  unsigned char k = urnClass[c];
  if( nssOff==0 ) return (k & UC_UPPER)==0;
  if( c=='?' || c=='#' ) return 0;
  if( ns && ((k & UC_UPPER) || c=='-' || c=='x') ) return 0;
  return !(k & UC_LHEX) || (z[i-1]!='%' && z[i-2]!='%');
}

/* 1 if one of the eight bytes of w is c (the classic test for a zero
** byte, on w xor c repeated; exact, and the same in either byte order). */
static inline int hasByte(uint64_t w, unsigned char c){
  const uint64_t ones = 0x0101010101010101u;
  uint64_t v = w ^ (ones*c);
  return ((v - ones) & ~v & (ones<<7))!=0;
}

/* 1 if one of the eight bytes of w is an ASCII upper-case letter: of the
** bytes below 0x80 (v), one with v+0x3f >= 0x80 (v >= 'A') and v+0x25 <
** 0x80 (v <= 'Z'); neither sum carries into the next byte. */
static inline int hasUpper(uint64_t w){
  const uint64_t ones = 0x0101010101010101u;
  uint64_t v = w & (ones*0x7f);
  return ((v + ones*(0x80-'A')) & ~(v + ones*(0x80-'Z'-1)) & ~w
          & (ones<<7))!=0;
}

/* Scan s to learn whether it is a URN, and so its key length. */
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

/* Byte i of key(s) in *pc; returns 0 when key(s) has ended before i.  Bytes
** 0..i-1 of s were neutral if s is still unresolved. */
static inline int keyAt(KeySide *s, size_t i, int mode, unsigned char *pc){
  if( s->valid<0 ){
    if( i>=s->n ) return 0;          /* all neutral: key(s) = s either way */
    if( neutralAt(s->z, i, s->nssOff, 0) ){
      *pc = s->z[i];
      if( s->nssOff==0 && s->z[i]==':' && i>=4 ) s->nssOff = i+1;
      return 1;
    }
    keyResolve(s, mode);
  }
  if( i>=s->nKey ) return 0;
  *pc = s->valid ? keyByte(s->z, i, s->nssOff) : s->z[i];
  return 1;
}

/* The walk over the common prefix of neutral bytes of a and b (with ns,
** neutral for key_ns too).  Returns 1 and stores the order in *pr when it
** decides; else returns 0 and stores where the walk stopped in *pi and,
** once it has passed the NID's ':', where the NSS would start in *pNssOff
** (else 0). */
static inline int prefixDecides(const unsigned char *a, size_t na,
                                const unsigned char *b, size_t nb, int ns,
                                int *pr, size_t *pi, size_t *pNssOff){
  size_t m = na<nb ? na : nb;
  size_t i = 0;
  size_t nssOff = 0;

  /* The common prefix of neutral bytes: equal in both keys, whatever
  ** either string is.  This part decides most comparisons alone.  First
  ** the head, up to and with the first ':' at offset 4 or later. */
  while( i<m && a[i]==b[i] ){
    unsigned char c = a[i];
    if( urnClass[c] & UC_UPPER ) break;
    i++;
    if( c==':' && i>4 ){
      nssOff = i;
      break;
    }
  }
  if( nssOff ){
    /* Then the rest, eight bytes at a time while the two strings agree
    ** and hold no '?', '#' or '%' (so no byte is a hex digit of a %XX:
    ** the byte before the NSS is ':' and the one before that a NID's),
    ** nor, with ns, a byte a namespace transform acts on; then byte by
    ** byte. */
    while( i+8<=m ){
      uint64_t wa, wb;
      memcpy(&wa, a+i, 8);
      memcpy(&wb, b+i, 8);
      if( wa!=wb || hasByte(wa, '?') || hasByte(wa, '#') || hasByte(wa, '%')
       || a[i-1]=='%' || a[i-2]=='%'
       || (ns && (hasByte(wa, '-') || hasByte(wa, 'x') || hasUpper(wa))) ){
        break;
      }
      i += 8;
    }
    while( i<m && a[i]==b[i] && neutralAt(a, i, nssOff, ns) ) i++;
  }

  /* Byte i decides when it is neutral, or absent, in both strings. */
  {
    int hasA = i<na, hasB = i<nb;
    if( (!hasA || neutralAt(a, i, nssOff, ns))
     && (!hasB || neutralAt(b, i, nssOff, ns)) ){
      if( !hasA || !hasB ){                     /* shorter first; 0: equal */
        *pr = hasA - hasB;
        return 1;
      }
      if( a[i]!=b[i] ){
        *pr = (int)a[i] - (int)b[i];
        return 1;
      }
    }
  }
  *pi = i;
  *pNssOff = nssOff;
  return 0;
}

int urnNsComparePrefix(const unsigned char *a, size_t na,
                       const unsigned char *b, size_t nb, int *pr){
  size_t i, nssOff;
  return prefixDecides(a, na, b, nb, 1, pr, &i, &nssOff);
}

int urnCompare(int mode, const unsigned char *a, size_t na,
               const unsigned char *b, size_t nb){
  KeySide sa, sb;
  size_t i, nssOff;
  int r;
  if( prefixDecides(a, na, b, nb, 0, &r, &i, &nssOff) ) return r;

  /* From byte i on, one side at a time, scanning a side in full only when
  ** one of its bytes is not neutral. */
  sa.z = a; sa.n = na; sa.valid = -1; sa.nssOff = nssOff; sa.nKey = 0;
  sb.z = b; sb.n = nb; sb.valid = -1; sb.nssOff = nssOff; sb.nKey = 0;
  for(;; i++){
    unsigned char ca = 0, cb = 0;
    int ha = keyAt(&sa, i, mode, &ca);
    int hb = keyAt(&sb, i, mode, &cb);
    if( !ha || !hb ) return ha - hb;  /* the shorter key first; 0 if equal */
    if( ca!=cb ) return (int)ca - (int)cb;
  }
}
