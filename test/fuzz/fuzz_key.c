/*
** test/fuzz/fuzz_key.c -- libFuzzer target for the equivalence key and the
** normalized form (ext/core/urn_key.c), and for the SQL functions built on them
** (ext/sqlite/urn.c, linked in with -DSQLITE_CORE).  The whole input is one
** string s, tried in both modes.  Checked (docs/design.md I4, RFC 8141 §3.1):
**   - urnKeyWrite(s) equals the reference key (ref_urn.c), and writes no
**     byte past URN_KEY_LEN (ASan: the buffer has exactly that size);
**   - key(key(s)) = key(s), and key(s) of a URN is a URN;
**   - urn_normalize(s) is a URN, has the key of s, is its own normal form
**     and has the length of s;
**   - through SQL: urn_canonical(s) is key(s) for a URN and NULL otherwise,
**     is valid whenever it is not NULL and is its own canonical form;
**     urn_normalize(s) is valid and has the key of s; urn_valid, urn_error,
**     urn_nid, urn_nss, urn_[rqf]component and urn_equal agree with the
**     layer below;
**   - the registry lookup urnNsRegistryFind(s) reads only s and finds
**     only the NID s in some letter case;
**   - urn_key (ext/sqlite/urn.c) in the three modes, on pairs taken from s (s and
**     its first half; s and key(s); the parts before and after the first
**     '\n', if any), bound as text: each key is TEXT, is key(x) (key_ns(x) in mode 'ns')
**     byte for byte, NULs and invalid UTF-8 included, and the memcmp order
**     of two keys, shorter first on a tie, is the order of urnCompare
**     (mode 'ns': urnNsCompare, the collation URN_NS) on the strings.
** Build and run: make fuzz (mk/check.mk).
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>
#include "../../ext/core/urn_scan.h"
#include "../../ext/core/urn_key.h"
#include "../../ext/core/urn_cmp.h"
#include "../../ext/core/urn_ns_rules.h"
#include "../../ext/core/urn_ns.h"

int refValid(const unsigned char *z, size_t n, int mode, size_t *aSpan);
size_t refKey(const unsigned char *z, size_t n, int mode, unsigned char *zOut);
int sqlite3_urn_init(sqlite3*, char**, const sqlite3_api_routines*);

#define CHECK(cond, what) do{ if(!(cond)){ \
  fprintf(stderr, "fuzz_key: %s (mode %d, line %d)\n", what, mode, __LINE__); \
  abort(); } }while(0)

static const char *const azMode[] = { "rfc8141", "rfc2141", "ns" };

/* key(z) under mode into a fresh malloc'd buffer of exactly its length. */
static unsigned char *keyOf(const unsigned char *z, size_t n, int mode,
                            size_t *pn){
  UrnParts parts;
  unsigned char *zKey;
  if( urnScan(z, n, mode, &parts, 0) ){
    *pn = URN_KEY_LEN(&parts);
    zKey = malloc(*pn ? *pn : 1);
    if( zKey==0 ) abort();
    urnKeyWrite(z, &parts, zKey);
  }else{
    *pn = n;
    zKey = malloc(n ? n : 1);
    if( zKey==0 ) abort();
    if( n ) memcpy(zKey, z, n);
  }
  return zKey;
}

static int sameBytes(const void *a, size_t na, const void *b, size_t nb){
  return na==nb && (na==0 || memcmp(a, b, na)==0);
}

/* Column i of pStmt equals z[0..n) as text (z==0: is NULL). */
static int columnIs(sqlite3_stmt *pStmt, int i, const void *z, size_t n){
  if( z==0 ) return sqlite3_column_type(pStmt, i)==SQLITE_NULL;
  if( sqlite3_column_type(pStmt, i)!=SQLITE_TEXT ) return 0;
  return sameBytes(sqlite3_column_text(pStmt, i),
                   (size_t)sqlite3_column_bytes(pStmt, i), z, n);
}

static sqlite3 *db;
static sqlite3_stmt *pStmt;
static sqlite3_stmt *pKeyStmt;       /* urn_key of two strings, one mode */

/* SQLite's allocator with no rounding: blocks end exactly where the
** request does, so ASan sees a write even one byte past the end of an
** sqlite3_malloc() result buffer (the default rounds up to 8). */
#define HDR 16
static void *exactMalloc(int n){
  char *p = malloc((size_t)n + HDR);
  if( p==0 ) return 0;
  *(long long*)p = n;
  return p + HDR;
}
static void exactFree(void *p){ if( p ) free((char*)p - HDR); }
static int exactSize(void *p){
  return p ? (int)*(long long*)((char*)p - HDR) : 0;
}
static void *exactRealloc(void *p, int n){
  char *q = realloc((char*)p - HDR, (size_t)n + HDR);
  if( q==0 ) return 0;
  *(long long*)q = n;
  return q + HDR;
}
static int exactRoundup(int n){ return n; }
static int exactInit(void *p){ (void)p; return SQLITE_OK; }
static void exactShutdown(void *p){ (void)p; }

static void openDb(void){
  static const sqlite3_mem_methods exact = {
    exactMalloc, exactFree, exactRealloc, exactSize, exactRoundup,
    exactInit, exactShutdown, 0
  };
  static const char zSql[] =
    "SELECT urn_canonical(?1,?2), urn_normalize(?1,?2), urn_valid(?1,?2),"
    "       urn_error(?1,?2), urn_nid(?1,?2), urn_nss(?1,?2),"
    "       urn_rcomponent(?1,?2), urn_qcomponent(?1,?2),"
    "       urn_fcomponent(?1,?2),"
    "       urn_valid(urn_canonical(?1,?2),?2),"
    "       urn_canonical(urn_canonical(?1,?2),?2) IS urn_canonical(?1,?2),"
    "       urn_valid(urn_normalize(?1,?2),?2),"
    "       urn_canonical(urn_normalize(?1,?2),?2) IS urn_canonical(?1,?2),"
    "       urn_equal(?1, urn_normalize(?1,?2), ?2), urn_equal(?1, ?1, ?2)";
  if( sqlite3_config(SQLITE_CONFIG_MALLOC, &exact)!=SQLITE_OK
   || sqlite3_config(SQLITE_CONFIG_LOOKASIDE, 0, 0)!=SQLITE_OK
   || sqlite3_open(":memory:", &db)!=SQLITE_OK
   || sqlite3_urn_init(db, 0, 0)!=SQLITE_OK
   || sqlite3_prepare_v2(db, zSql, -1, &pStmt, 0)!=SQLITE_OK
   || sqlite3_prepare_v2(db, "SELECT urn_key(?1,?3), urn_key(?2,?3)", -1,
                         &pKeyStmt, 0)!=SQLITE_OK ){
    fprintf(stderr, "fuzz_key: setup: %s\n", sqlite3_errmsg(db));
    abort();
  }
}

static void checkLayer1(const unsigned char *z, size_t n, int mode){
  UrnParts parts;
  size_t nKey, nKey2, nRef;
  unsigned char *zKey, *zKey2, *zRef, *zNorm, *zNormKey, *zNorm2;
  int valid = urnScan(z, n, mode, &parts, 0);

  zKey = keyOf(z, n, mode, &nKey);
  zRef = malloc(n ? n : 1);
  if( zRef==0 ) abort();
  nRef = refKey(z, n, mode, zRef);
  CHECK(sameBytes(zKey, nKey, zRef, nRef), "key differs from the reference");
  CHECK(urnCompare(mode, z, n, zKey, nKey)==0, "s and key(s) compare unequal");

  zKey2 = keyOf(zKey, nKey, mode, &nKey2);
  CHECK(sameBytes(zKey, nKey, zKey2, nKey2), "key(key(s)) != key(s)");
  if( valid ){
    CHECK(urnScan(zKey, nKey, mode, 0, 0), "key(s) of a URN is not a URN");
    CHECK(refValid(zKey, nKey, mode, 0), "reference rejects key(s)");

    zNorm = malloc(n);
    if( zNorm==0 ) abort();
    urnNormalizeWrite(z, n, &parts, zNorm);
    CHECK(urnScan(zNorm, n, mode, &parts, 0), "normalize(s) is not a URN");
    CHECK(refValid(zNorm, n, mode, 0), "reference rejects normalize(s)");
    zNormKey = keyOf(zNorm, n, mode, &nKey2);
    CHECK(sameBytes(zKey, nKey, zNormKey, nKey2),
          "key(normalize(s)) != key(s)");
    zNorm2 = malloc(n);
    if( zNorm2==0 ) abort();
    urnNormalizeWrite(zNorm, n, &parts, zNorm2);
    CHECK(memcmp(zNorm, zNorm2, n)==0, "normalize is not idempotent");
    CHECK(urnCompare(mode, z, n, zNorm, n)==0, "s and normalize(s) differ");
    free(zNorm); free(zNormKey); free(zNorm2);
  }
  free(zKey); free(zKey2); free(zRef);
}

static void checkSql(const unsigned char *z, size_t n, int mode){
  UrnParts parts;
  UrnFail fail;
  int valid = urnScan(z, n, mode, &parts, &fail);
  int rc;
  sqlite3_reset(pStmt);
  /* A NULL pointer would bind an SQL NULL: the empty input is "". */
  sqlite3_bind_text64(pStmt, 1, n ? (const char*)z : "", n, SQLITE_STATIC,
                      SQLITE_UTF8);
  sqlite3_bind_text(pStmt, 2, azMode[mode], -1, SQLITE_STATIC);
  rc = sqlite3_step(pStmt);
  CHECK(rc==SQLITE_ROW, sqlite3_errmsg(db));
  if( valid ){
    size_t nKey;
    unsigned char *zKey = keyOf(z, n, mode, &nKey);
    unsigned char *zNorm = malloc(n);
    char zNid[32];
    size_t i;
    if( zNorm==0 ) abort();
    urnNormalizeWrite(z, n, &parts, zNorm);
    for(i=0; i<parts.nid.len; i++){
      unsigned char c = z[parts.nid.off+i];
      zNid[i] = (char)((c>='A' && c<='Z') ? c+32 : c);
    }
    CHECK(columnIs(pStmt, 0, zKey, nKey), "urn_canonical");
    CHECK(columnIs(pStmt, 1, zNorm, n), "urn_normalize");
    CHECK(sqlite3_column_int(pStmt, 2)==1, "urn_valid");
    CHECK(columnIs(pStmt, 3, 0, 0), "urn_error of a URN");
    CHECK(columnIs(pStmt, 4, zNid, parts.nid.len), "urn_nid");
    CHECK(columnIs(pStmt, 5, z+parts.nss.off, parts.nss.len), "urn_nss");
    CHECK(columnIs(pStmt, 6, parts.r.off ? z+parts.r.off : 0, parts.r.len),
          "urn_rcomponent");
    CHECK(columnIs(pStmt, 7, parts.q.off ? z+parts.q.off : 0, parts.q.len),
          "urn_qcomponent");
    CHECK(columnIs(pStmt, 8, parts.f.off ? z+parts.f.off : 0, parts.f.len),
          "urn_fcomponent");
    CHECK(sqlite3_column_int(pStmt, 9)==1, "urn_canonical(s) not valid");
    CHECK(sqlite3_column_int(pStmt, 10)==1, "urn_canonical not idempotent");
    CHECK(sqlite3_column_int(pStmt, 11)==1, "urn_normalize(s) not valid");
    CHECK(sqlite3_column_int(pStmt, 12)==1, "urn_normalize changes the key");
    CHECK(sqlite3_column_int(pStmt, 13)==1, "urn_equal(s, normalize(s))");
    free(zKey); free(zNorm);
  }else{
    char zMsg[URN_ERROR_MAX];
    size_t nMsg = urnErrorMessage(z, n, &fail, zMsg, sizeof(zMsg));
    int i;
    CHECK(columnIs(pStmt, 0, 0, 0), "urn_canonical of a non-URN");
    CHECK(columnIs(pStmt, 1, 0, 0), "urn_normalize of a non-URN");
    CHECK(sqlite3_column_type(pStmt, 2)==SQLITE_INTEGER
          && sqlite3_column_int(pStmt, 2)==0, "urn_valid");
    CHECK(columnIs(pStmt, 3, zMsg, nMsg), "urn_error");
    /* Extractors give NULL; NULL in, NULL out for the nested calls. */
    for(i=4; i<=13; i++){
      if( i==10 || i==12 ) continue;
      CHECK(sqlite3_column_type(pStmt, i)==SQLITE_NULL, "NULL expected");
    }
    CHECK(sqlite3_column_int(pStmt, 10)==1 && sqlite3_column_int(pStmt, 12)==1,
          "NULL IS NULL");
  }
  CHECK(sqlite3_column_int(pStmt, 14)==1, "urn_equal(s, s)");
  CHECK(sqlite3_step(pStmt)==SQLITE_DONE, "more than one row");
}

/* key(z) under mode, or key_ns(z) for mode URN_MODE_NS, into a fresh
** malloc'd buffer of exactly its length. */
static unsigned char *sortKeyOf(const unsigned char *z, size_t n, int mode,
                                size_t *pn){
  UrnParts parts;
  unsigned char *zKey;
  if( mode!=URN_MODE_NS ) return keyOf(z, n, mode, pn);
  if( !urnScan(z, n, URN_MODE_RFC8141, &parts, 0) ){
    return keyOf(z, n, URN_MODE_RFC8141, pn);      /* z itself */
  }
  zKey = malloc(URN_KEY_LEN(&parts));
  if( zKey==0 ) abort();
  *pn = urnNsKeyWrite(z, &parts, zKey);
  return zKey;
}

/* The sign of the memcmp order of two byte strings, shorter first on a
** tie: SQLite's BINARY on TEXT. */
static int binaryOrder(const unsigned char *a, size_t na,
                       const unsigned char *b, size_t nb){
  int r = memcmp(a, b, na<nb ? na : nb);
  if( r==0 ) r = (na>nb) - (na<nb);
  return (r>0) - (r<0);
}

/* urn_key(a) and urn_key(b) through SQL in every mode, a and b bound as
** text (urn_key returns numbers and BLOBs unchanged): each is TEXT and is
** the key of layer 1 byte for byte, and BINARY on the two keys orders them
** as the comparator orders a and b (docs/design.md I1: the collations URN
** and URN_NS; RFC 2141 mode has no collation but urnCompare). */
static void checkKeyPair(const unsigned char *a, size_t na,
                         const unsigned char *b, size_t nb){
  int mode;
  for(mode=URN_MODE_RFC8141; mode<=URN_MODE_NS; mode++){
    size_t nKa, nKb;
    unsigned char *zKa = sortKeyOf(a, na, mode, &nKa);
    unsigned char *zKb = sortKeyOf(b, nb, mode, &nKb);
    const unsigned char *zSa, *zSb;
    size_t nSa, nSb;
    int cmp, rc;
    sqlite3_reset(pKeyStmt);
    sqlite3_bind_text64(pKeyStmt, 1, na ? (const char*)a : "", na,
                        SQLITE_STATIC, SQLITE_UTF8);
    sqlite3_bind_text64(pKeyStmt, 2, nb ? (const char*)b : "", nb,
                        SQLITE_STATIC, SQLITE_UTF8);
    sqlite3_bind_text(pKeyStmt, 3, azMode[mode], -1, SQLITE_STATIC);
    rc = sqlite3_step(pKeyStmt);
    CHECK(rc==SQLITE_ROW, sqlite3_errmsg(db));
    CHECK(sqlite3_column_type(pKeyStmt, 0)==SQLITE_TEXT
          && sqlite3_column_type(pKeyStmt, 1)==SQLITE_TEXT,
          "urn_key is not TEXT");
    zSa = sqlite3_column_text(pKeyStmt, 0);
    nSa = (size_t)sqlite3_column_bytes(pKeyStmt, 0);
    zSb = sqlite3_column_text(pKeyStmt, 1);
    nSb = (size_t)sqlite3_column_bytes(pKeyStmt, 1);
    CHECK(sameBytes(zSa, nSa, zKa, nKa) && sameBytes(zSb, nSb, zKb, nKb),
          "urn_key differs from the key of layer 1");
    cmp = mode==URN_MODE_NS ? urnNsCompare(a, na, b, nb)
                            : urnCompare(mode, a, na, b, nb);
    cmp = (cmp>0) - (cmp<0);
    CHECK(binaryOrder(zSa, nSa, zSb, nSb)==cmp,
          "BINARY on urn_key orders otherwise than the comparator");
    free(zKa); free(zKb);
  }
  CHECK(sqlite3_step(pKeyStmt)==SQLITE_DONE, "urn_key: more than one row");
}

/* The pairs of checkKeyPair() that one input gives. */
static void checkKeys(const uint8_t *data, size_t size){
  const unsigned char *z = (const unsigned char*)data;
  const unsigned char *zNl = size ? memchr(z, '\n', size) : 0;
  size_t nKey;
  unsigned char *zKey = keyOf(z, size, URN_MODE_RFC8141, &nKey);
  checkKeyPair(z, size, z, size/2);
  checkKeyPair(z, size, zKey, nKey);
  if( zNl ){
    size_t k = (size_t)(zNl - z);
    checkKeyPair(z, k, zNl+1, size-k-1);
  }
  free(zKey);
}

/* The registry lookup takes any bytes (urn_namespaces WHERE nid = ?):
** it reads only its input, and what it finds is that NID in some case. */
static void checkRegistry(const uint8_t *data, size_t size){
  const int mode = -1;
  unsigned char *z = malloc(size ? size : 1);
  const UrnNsEntry *pEntry;
  size_t i;
  if( z==0 ) abort();
  if( size ) memcpy(z, data, size);
  pEntry = urnNsRegistryFind(z, size);
  if( pEntry ){
    CHECK(strlen(pEntry->zNid)==size, "registry: a NID of another length");
    for(i=0; i<size; i++){
      unsigned char c = z[i];
      if( c>='A' && c<='Z' ) c |= 0x20;
      CHECK(c==(unsigned char)pEntry->zNid[i], "registry: another NID");
    }
  }
  free(z);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size){
  int mode;
  if( db==0 ) openDb();
  checkRegistry(data, size);
  checkKeys(data, size);
  for(mode=URN_MODE_RFC8141; mode<=URN_MODE_RFC2141; mode++){
    checkLayer1(data, size, mode);
    checkSql(data, size, mode);
  }
  return 0;
}
