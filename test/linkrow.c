/*
** test/linkrow.c -- urn_link.c read back with resolver rows that the
** built-in table does not hold (test/link.test compiles it with every other
** C file of ext/core/, no engine, and runs it).  urn_link.h promises that a
** new row of urn_url's table is read back without new code; these rows are
** the ones that reach its limits: a bare {nss} (the reader writes
** "urn:" NID ":" before it) with a NID of 32 characters, the longest that
** RFC 8141 §2 allows, in the path and in a query value.
**
** For every NSS length around URN_LINK_DECODE_MAX (the bytes read after a
** head, decoded or not), each link is read
**   - measuring (no buffer), then into a buffer of exactly the measured
**     length (under ASan: not a byte past it), then into one a byte short
**     (left as it was);
**   - the answer is "urn:" NID ":" and the NSS, up to the limit, and NULL
**     past it.
** urn_link.c's own stack buffers are checked by the sanitizers this file
** is built with: a head and URN_LINK_DECODE_MAX bytes fit, and nothing is
** copied past them.
**
** It prints one line per check, "name ok" or "name FAILED: why".
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* urn_link.c with its table of resolvers replaced by rowTable(). */
#define urnResolverTable rowTable
#include "urn_link.c"
#undef urnResolverTable

/* A NID of 32 characters (RFC 8141 §2: alphanum, 0*30 ldh, alphanum). */
#define NID32 "a123456789-123456789-123456789-z"

static const UrnResolver aRow[] = {
  { NID32, "", "https://r.example/{nss}", "test/linkrow.c", URN_RES_TEMPLATE },
  { NID32, "", "https://q.example/resolve?n={nss}", "test/linkrow.c",
    URN_RES_TEMPLATE },
};

const UrnResolver *rowTable(int *pnRow){
  *pnRow = (int)(sizeof(aRow)/sizeof(aRow[0]));
  return aRow;
}

#include "creport.h"

/* Read zLink; the answer must be zWant (0: NULL).  0 if it is, or why. */
static const char *readBack(const char *zLink, const char *zWant){
  const unsigned char *z = (const unsigned char*)zLink;
  size_t n = strlen(zLink), nUrn, i;
  char *zOut, *zShort;
  nUrn = urnFromUrl(z, n, 0, 0, 0);
  if( zWant==0 ) return nUrn==URN_URL_NULL ? 0 : "a URN past the limit";
  if( nUrn!=strlen(zWant) ) return "the measured length differs";
  zOut = malloc(nUrn);
  zShort = malloc(nUrn);
  if( zOut==0 || zShort==0 ) abort();
  memset(zShort, 0x55, nUrn);
  if( urnFromUrl(z, n, 0, zOut, nUrn)!=nUrn ) return "the second call differs";
  if( memcmp(zOut, zWant, nUrn)!=0 ) return "other bytes";
  if( urnFromUrl(z, n, 0, zShort, nUrn-1)!=nUrn ) return "a short buffer";
  for(i=0; i<nUrn; i++){
    if( (unsigned char)zShort[i]!=0x55 ) return "written to a buffer too short";
  }
  free(zOut);
  free(zShort);
  return 0;
}

int main(void){
  static char zNss[URN_LINK_DECODE_MAX+16];
  static char zLink[3*(URN_LINK_DECODE_MAX+16)+64];
  static char zWant[URN_LINK_DECODE_MAX+64];
  const char *zWhy = 0;
  size_t k, i;
  int nCase = 0;

  /* Every NSS length from 8 below the limit to 8 above it: in the path
  ** as it stands, in a query value with every tenth letter written %41
  ** (decoded once: the limit counts decoded bytes). */
  for(k=URN_LINK_DECODE_MAX-8; k<=URN_LINK_DECODE_MAX+8 && zWhy==0; k++){
    size_t nLink;
    for(i=0; i<k; i++) zNss[i] = (char)('a' + i%26);
    zNss[k] = 0;
    snprintf(zWant, sizeof(zWant), "urn:%s:%s", NID32, zNss);
    snprintf(zLink, sizeof(zLink), "https://r.example/%s", zNss);
    zWhy = readBack(zLink, k<=URN_LINK_DECODE_MAX ? zWant : 0);
    nCase++;
    if( zWhy ) break;
    nLink = (size_t)snprintf(zLink, sizeof(zLink), "https://q.example/resolve?n=");
    for(i=0; i<k; i++){
      if( i%10==0 ){
        zLink[nLink++] = '%'; zLink[nLink++] = '4'; zLink[nLink++] = '1';
        zWant[strlen("urn:" NID32 ":")+i] = 'A';
      }else{
        zLink[nLink++] = zNss[i];
      }
    }
    zLink[nLink] = 0;
    zWhy = readBack(zLink, k<=URN_LINK_DECODE_MAX ? zWant : 0);
    nCase++;
  }
  report("nss-head-limit", zWhy);
  if( zWhy ) printf("  at NSS length %lu\n", (unsigned long)k);

  /* A bare {nss} gets its row's head whatever the NSS holds ("x:y" is an
  ** NSS of that NID); an empty or malformed value names nothing. */
  zWhy = readBack("https://q.example/resolve?n=x%3Ay", "urn:" NID32 ":x:y");
  if( zWhy==0 ) zWhy = readBack("https://q.example/resolve?n=", 0);
  if( zWhy==0 ) zWhy = readBack("https://q.example/resolve?n=%zz", 0);
  report("nss-slot", zWhy);
  printf("links %d\n", nCase);
  return nFail!=0;
}
