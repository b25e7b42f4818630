/*
** test/fuzz/fuzz_link.c -- libFuzzer target for urn_from_url
** (ext/core/urn_link.c) and its SQL function (ext/sqlite/urn_url_sql.c,
** linked in with -DSQLITE_CORE).  The first byte picks GCP_LENGTH (0, no
** length, or 6 to 12), the rest is the link.  Checked (urn_link.h):
**   - measure, then write: the answer is the same whatever the room, is
**     written only when it fits (a buffer one byte short is left as it
**     was), and into a buffer of exactly its length (ASan: not a byte
**     past it) gives the same bytes;
**   - the answer is a URN of RFC 8141 (urnScan), printable ASCII;
**   - urn_url of the answer, where there is one, leads back to the same
**     name (equal under RFC 8141 or the namespace's rules, or folded to
**     one letter case by a resolver that asks for it, or a DOI name in
**     the Handbook's URN form): the way back and the way there agree;
**   - through SQL, urn_from_url(s [, GCP_LENGTH]) gives the same answer,
**     bound as text and as a BLOB.
** Build and run: make fuzz (mk/check.mk).
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>
#include "../../ext/core/urn_scan.h"
#include "../../ext/core/urn_cmp.h"
#include "../../ext/core/urn_ns.h"
#include "../../ext/core/urn_url.h"
#include "../../ext/core/urn_link.h"

int sqlite3_urn_init(sqlite3*, char**, const sqlite3_api_routines*);

#define CHECK(cond, what) do{ if(!(cond)){ \
  fprintf(stderr, "fuzz_link: %s (gcp %d, line %d)\n", what, nGcp, __LINE__); \
  abort(); } }while(0)

static sqlite3 *db;
static sqlite3_stmt *pText, *pBlob;

static void openDb(void){
  if( db ) return;
  if( sqlite3_open(":memory:", &db)!=SQLITE_OK
   || sqlite3_urn_init(db, 0, 0)!=SQLITE_OK
   || sqlite3_prepare_v2(db, "SELECT urn_from_url(?1, ?2)", -1, &pText,
                         0)!=SQLITE_OK
   || sqlite3_prepare_v2(db, "SELECT urn_from_url(CAST(?1 AS BLOB), ?2)",
                         -1, &pBlob, 0)!=SQLITE_OK ){
    abort();
  }
}

/* urn_from_url through SQL, compared with the core's answer zWant[0..n)
** (zWant==0: NULL). */
static void checkSql(sqlite3_stmt *p, const unsigned char *z, size_t n,
                     int nGcp, const char *zWant, size_t nWant){
  const unsigned char *zGot;
  sqlite3_bind_text(p, 1, (const char*)z, (int)n, SQLITE_STATIC);
  if( nGcp ) sqlite3_bind_int(p, 2, nGcp);
  else sqlite3_bind_null(p, 2);
  CHECK(sqlite3_step(p)==SQLITE_ROW, "urn_from_url failed in SQL");
  zGot = sqlite3_column_text(p, 0);
  if( zWant==0 ){
    CHECK(zGot==0, "SQL gives a URN where the core gives NULL");
  }else{
    CHECK(zGot!=0 && (size_t)sqlite3_column_bytes(p, 0)==nWant
          && memcmp(zGot, zWant, nWant)==0, "SQL and the core differ");
  }
  sqlite3_reset(p);
}

/* The length of the assigned-name that the URN z[0..n) starts with: a
** link carries no r-, q- or f-component (RFC 8141 §2), so the name that
** comes back ends there. */
static size_t assignedLen(const char *z, size_t n){
  UrnParts parts;
  if( !urnScan((const unsigned char*)z, n, URN_MODE_RFC8141, &parts, 0) ) return n;
  return parts.nss.off + parts.nss.len;
}

/* The assigned-names of a[0..na) and b[0..nb) alike but for the letter case
** of ASCII letters: a resolver that takes names in one case (the DNB's
** lower case, its row's source) links the name folded, and the link names
** the fold. */
static int sameNoCase(const char *a, size_t na, const char *b, size_t nb){
  size_t i;
  na = assignedLen(a, na);
  nb = assignedLen(b, nb);
  if( na!=nb ) return 0;
  for(i=0; i<na; i++){
    char x = a[i], y = b[i];
    if( x>='A' && x<='Z' ) x += 32;
    if( y>='A' && y<='Z' ) y += 32;
    if( x!=y ) return 0;
  }
  return 1;
}

/* One character of a DOI's suffix at z[*pi], advancing *pi: a %XX as its
** byte with 0x100 added (any hex letter case), but %2F and %2B as '/' and
** '+', which the DOI proxy's URN form writes so (urn_url.c, outDoi()). */
static int doiUnit(const char *z, size_t n, size_t *pi){
  static const char zHex[] = "0123456789abcdef";
  size_t i = *pi;
  if( z[i]=='%' && i+2<n ){
    const char *h1 = strchr(zHex, z[i+1]|0x20), *h2 = strchr(zHex, z[i+2]|0x20);
    if( h1 && h2 && z[i+1] && z[i+2] ){
      int c = (int)((h1-zHex)*16 + (h2-zHex));
      *pi = i+3;
      return c=='/' || c=='+' ? c : 0x100+c;
    }
  }
  *pi = i+1;
  return (unsigned char)z[i];
}

/* The assigned-names of a[0..na) and b[0..nb) the same DOI name: the DOI
** Handbook's URN form writes urn:doi: prefix ':' suffix, its '/' and '+'
** as %2F and %2B, the form the DOI proxy's link writes and reads back
** (urn_link.c, fromDoi()), so urn:doi:10.123/456 comes back as
** urn:doi:10.123:456, and urn:doi:10.1:a%2Fb (a whole URN read from a
** link on any host) as urn:doi:10.1:a/b.  The same but for the letter
** case of "urn:doi:", the separator after the prefix (':' or '/'), and in
** the suffix a '/' or '+' written as such or as %2F, %2B. */
static int sameDoi(const char *a, size_t na, const char *b, size_t nb){
  size_t k, i, j;
  na = assignedLen(a, na);
  nb = assignedLen(b, nb);
  if( na<9 || nb<9 ) return 0;
  for(k=0; k<8; k++){
    char x = a[k], y = b[k];
    if( x>='A' && x<='Z' ) x += 32;
    if( y>='A' && y<='Z' ) y += 32;
    if( x!=y || x!="urn:doi:"[k] ) return 0;
  }
  for(; k<na && k<nb && ((a[k]>='0' && a[k]<='9') || a[k]=='.'); k++){
    if( a[k]!=b[k] ) return 0;
  }
  if( k>=na || k>=nb || (a[k]!=':' && a[k]!='/') || (b[k]!=':' && b[k]!='/') ){
    return 0;
  }
  for(i=j=k+1; i<na && j<nb; ){
    if( doiUnit(a, na, &i)!=doiUnit(b, nb, &j) ) return 0;
  }
  return i==na && j==nb;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size){
  const unsigned char *z;
  size_t n, nUrn, i;
  char *zUrn = 0, *zShort, aStack[64];
  int nGcp;
  if( size==0 ) return 0;
  nGcp = data[0]%8==7 ? 0 : 6 + data[0]%8;
  z = data+1;
  n = size-1;
  openDb();

  nUrn = urnFromUrl(z, n, nGcp, 0, 0);
  CHECK(nUrn==urnFromUrl(z, n, nGcp, aStack, sizeof(aStack)),
        "the answer depends on the room");
  if( nUrn!=URN_URL_NULL ){
    zUrn = malloc(nUrn ? nUrn : 1);
    zShort = malloc(nUrn ? nUrn : 1);
    if( zUrn==0 || zShort==0 ) abort();
    CHECK(urnFromUrl(z, n, nGcp, zUrn, nUrn)==nUrn, "second call differs");
    if( nUrn<=sizeof(aStack) ){
      CHECK(memcmp(aStack, zUrn, nUrn)==0, "the stack's bytes differ");
    }
    memset(zShort, 0xAA, nUrn);
    CHECK(urnFromUrl(z, n, nGcp, zShort, nUrn-1)==nUrn,
          "a short buffer changes the answer");
    for(i=0; i+1<nUrn; i++) CHECK((unsigned char)zShort[i]==0xAA,
                                  "written into a buffer too short");
    free(zShort);
    CHECK(urnIsUrn((const unsigned char*)zUrn, nUrn, URN_MODE_RFC8141),
          "the answer is no URN");
    for(i=0; i<nUrn; i++) CHECK(zUrn[i]>0x20 && zUrn[i]<0x7f,
                                "not printable ASCII");
    {
      /* The way there and back again. */
      UrnUrlErr err;
      size_t nUrl = urnUrl((const unsigned char*)zUrn, nUrn, 0, 0,
                           URN_MODE_RFC8141, (size_t)-1, 0, 0, &err);
      if( nUrl!=URN_URL_NULL ){
        char *zUrl = malloc(nUrl ? nUrl : 1);
        char *zBack;
        size_t nBack;
        if( zUrl==0 ) abort();
        urnUrl((const unsigned char*)zUrn, nUrn, 0, 0, URN_MODE_RFC8141,
               (size_t)-1, zUrl, nUrl, &err);
        nBack = urnFromUrl((const unsigned char*)zUrl, nUrl, nGcp, 0, 0);
        CHECK(nBack!=URN_URL_NULL, "urn_url's link leads nowhere");
        zBack = malloc(nBack ? nBack : 1);
        if( zBack==0 ) abort();
        urnFromUrl((const unsigned char*)zUrl, nUrl, nGcp, zBack, nBack);
        CHECK(urnCompare(URN_MODE_RFC8141, (const unsigned char*)zUrn, nUrn,
                         (const unsigned char*)zBack, nBack)==0
              || urnNsCompare((const unsigned char*)zUrn, nUrn,
                              (const unsigned char*)zBack, nBack)==0
              || sameNoCase(zUrn, nUrn, zBack, nBack)
              || sameDoi(zUrn, nUrn, zBack, nBack),
              "urn_url's link leads to another name");
        free(zBack);
        free(zUrl);
      }
    }
  }
  checkSql(pText, z, n, nGcp, zUrn, nUrn);
  checkSql(pBlob, z, n, nGcp, zUrn, nUrn);
  free(zUrn);
  return 0;
}
