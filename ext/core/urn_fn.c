/*
** urn_fn.c -- what the SQL functions compute, engine-free (urn_fn.h).
*/
#include <stdint.h>
#include <string.h>
#include "urn_fn.h"
#include "urn_key.h"
#include "urn_ns.h"
#include "urn_codec.h"

int urnFnCheck(const unsigned char *z, size_t n, int mode, UrnParts *pParts,
               int *pValidSyntax, char *zMsg, size_t *pOffset){
  UrnFail fail;
  char zIgnored[URN_FN_MSG_MAX];
  /* Mode 'ns' is RFC 8141's syntax plus the namespace rules. */
  int valid = urnScan(z, n, mode==URN_MODE_NS ? URN_MODE_RFC8141 : mode,
                      pParts, &fail);
  if( pValidSyntax ) *pValidSyntax = valid;
  if( !valid ){
    if( zMsg ) urnErrorMessage(z, n, &fail, zMsg, URN_FN_MSG_MAX);
    if( pOffset ) *pOffset = fail.offset;
  }else if( mode==URN_MODE_NS ){
    /* RFC 8141 §5: the namespace says why, in its own terms. */
    valid = urnNsCheck(z, pParts, zMsg ? zMsg : zIgnored, URN_FN_MSG_MAX,
                       pOffset);
  }
  return valid;
}

size_t urnFnKey(const unsigned char *z, const UrnParts *pParts, int mode,
                unsigned char *zOut){
  if( mode==URN_MODE_NS ){
    /* key_ns(X) = f_nid(key(X)), never longer than key(X). */
    return urnNsKeyWrite(z, pParts, zOut);
  }
  urnKeyWrite(z, pParts, zOut);
  return URN_KEY_LEN(pParts);
}

/* Eight ASCII bytes at a time (SWAR): the high bit of each byte of the
** result is set where the byte of x is in [lo, hi].  Every byte of x must
** be ASCII (below 0x80), so that no sum carries into the next byte. */
#define SWAR_ONES 0x0101010101010101ULL
static uint64_t swarIn(uint64_t x, unsigned lo, unsigned hi){
  uint64_t ge = x + SWAR_ONES*(0x80-lo);          /* bit 7: byte >= lo */
  uint64_t gt = x + SWAR_ONES*(0x80-hi-1);        /* bit 7: byte > hi */
  return ge & ~gt & SWAR_ONES*0x80;
}

/* 1 if a byte of the ASCII string z[0..n) is in [lo, hi]. */
static int asciiHasIn(const unsigned char *z, size_t n, unsigned lo,
                      unsigned hi){
  size_t i = 0;
  for(; i+8<=n; i+=8){
    uint64_t x;
    memcpy(&x, z+i, 8);
    if( swarIn(x, lo, hi) ) return 1;
  }
  for(; i<n; i++){
    if( z[i]>=lo && z[i]<=hi ) return 1;
  }
  return 0;
}

/* A valid URN is ASCII (RFC 8141 §2, RFC 2141 §2), as asciiHasIn() needs. */
int urnFnKeyIsPrefix(const unsigned char *z, const UrnParts *pParts){
  return !asciiHasIn(z, pParts->nss.off, 'A', 'Z')
      && !asciiHasIn(z+pParts->nss.off, pParts->nss.len, '%', '%');
}

size_t urnFnNid(const unsigned char *z, const UrnParts *pParts,
                unsigned char *zOut){
  size_t i;
  for(i=0; i<pParts->nid.len; i++){
    unsigned char c = z[pParts->nid.off+i];
    zOut[i] = (unsigned char)((c>='A' && c<='Z') ? c|0x20 : c);
  }
  return i;
}

const UrnSpan *urnFnPart(const UrnParts *pParts, char cPart){
  switch( cPart ){
    case 'r': return &pParts->r;
    case 'q': return &pParts->q;
    case 'f': return &pParts->f;
    default:  return &pParts->nss;
  }
}

void urnFnJsonScan(UrnFnJson *p, const unsigned char *z, size_t n, int mode){
  p->z = z;
  p->n = n;
  p->mode = mode;
  p->offset = 0;
  p->valid = urnFnCheck(z, n, mode, &p->parts, 0, p->zMsg, &p->offset);
  p->nMsg = p->valid ? 0 : strlen(p->zMsg);
}

size_t urnFnJsonWrite(const UrnFnJson *p, unsigned char *zOut){
  /* Mode 'ns': the canonical member is key_ns(X), as urn_canonical(X,
  ** 'ns') gives. */
  UrnKeyWriter xKey = p->valid && p->mode==URN_MODE_NS ? urnNsKeyWrite : 0;
  return urnJsonWrite(p->z, p->n, p->valid, &p->parts, xKey, p->zMsg,
                      p->nMsg, p->offset, zOut);
}
