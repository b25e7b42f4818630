/*
** urn_key.c -- the URN-equivalence key and the normalized form (layer 1,
** urn_key.h; no SQLite headers).  The comparator, which orders strings by
** their keys without writing them, is urn_cmp.c.
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
#include "urn_key.h"
#include "urn_class.h"
#include "urn_block.h"
/* foldHead() relies on this: UC_UPPER<<1 is the ASCII case bit. */
typedef char urnUpperIsCaseBitShifted[(UC_UPPER<<1)==0x20 ? 1 : -1];

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
