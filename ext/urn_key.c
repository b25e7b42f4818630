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
#include <string.h>
#include "urn_scan.h"

extern const unsigned char urnClass[256];   /* urn_scan.c */
#define UC_UPPER  0x10
#define UC_LHEX   0x20

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

/* Lower-case the scheme and NID and copy the two ':' (bytes [0,nssOff)). */
static void foldHead(const unsigned char *z, size_t nssOff,
                     unsigned char *zOut){
  size_t i;
  for(i=0; i<nssOff; i++) zOut[i] = lowerByte(z[i]);
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

int urnCompare(int mode, const unsigned char *a, size_t na,
               const unsigned char *b, size_t nb){
  UrnParts pa, pb;
  int va = urnScan(a, na, mode, &pa, 0);
  int vb = urnScan(b, nb, mode, &pb, 0);
  size_t ka = va ? URN_KEY_LEN(&pa) : na;     /* key lengths */
  size_t kb = vb ? URN_KEY_LEN(&pb) : nb;
  size_t m = ka<kb ? ka : kb;
  size_t i;
  if( !va && !vb ){
    /* I3: two non-URNs compare as their own bytes. */
    int r = m ? memcmp(a, b, m) : 0;
    if( r ) return r;
  }else{
    size_t sa = va ? pa.nss.off : 0;          /* bytes below sa are folded */
    size_t sb = vb ? pb.nss.off : 0;
    for(i=0; i<m; i++){
      unsigned char ca = va ? keyByte(a, i, sa) : a[i];
      unsigned char cb = vb ? keyByte(b, i, sb) : b[i];
      if( ca!=cb ) return (int)ca - (int)cb;
    }
  }
  return (ka>kb) - (ka<kb);
}
