/*
** test/platforms/host.c -- the library at work on another platform.
** Built for arm64 and for Windows and run under qemu-user and wine by
** test/platforms/run.sh (make platforms-test), and natively for x86_64,
** whose results the others are compared with.
**
**    host LIB ORDER_GOLDEN NS_GOLDEN OUT
**
** LIB is the library to load with sqlite3_load_extension() (urn.so,
** urn.dll); built with -DSQLITE_CORE and the sources of ext/, the program
** registers the extension with sqlite3_auto_extension() instead and LIB
** is "-".  It prints one line per check, "ok NAME" or "FAIL NAME: why",
** and exits 1 when a check failed:
**
**   canonical   urn_canonical('URN:ISBN:0-395-36341-1#p') is
**               'urn:isbn:0-395-36341-1'
**   unique      inserting 'URN:EXAMPLE:a%2cb#f' into id TEXT UNIQUE COLLATE
**               URN holding 'urn:example:a%2Cb' fails with
**               SQLITE_CONSTRAINT_UNIQUE
**   ns-valid    urn_valid('urn:isbn:0-395-36341-6', 'ns') is 0 (a wrong
**               ISBN check digit)
**   order       the strings of test/order-golden.txt, inserted in a
**               scrambled order and sorted under COLLATE URN, give that
**               file's lines byte for byte (docs/design.md I6)
**   ns-order    the same for COLLATE URN_NS and test/ns-order-golden.txt
**   distinct    count(DISTINCT x) over a COLLATE URN column equals the
**               number of classes of the order file
**
** It also writes to OUT, for every string of both files (and the one
** before it), the results of the functions on it (a line each, every text
** escaped as in order-golden.txt): run.sh compares that file with the one
** the x86_64 build writes.  On arm64 all of this runs the portable code of
** ext/core/urn_block.h; on x86_64 the SSE2 code.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>

#ifdef SQLITE_CORE
int sqlite3_urn_init(sqlite3*, char**, const sqlite3_api_routines*);
#endif

static int nFail = 0;

static void check(int ok, const char *zName, const char *zWhy){
  if( ok ){
    printf("ok %s\n", zName);
  }else{
    printf("FAIL %s: %s\n", zName, zWhy ? zWhy : "");
    nFail++;
  }
}

/* ---- Byte strings ------------------------------------------------------ */

/* A growable byte buffer; on out-of-memory the program exits. */
typedef struct Buf { char *z; size_t n, nAlloc; } Buf;

static void bufAdd(Buf *p, const void *z, size_t n){
  if( p->n + n + 1 > p->nAlloc ){
    size_t nNew = (p->nAlloc + n + 1) * 2;
    char *zNew = realloc(p->z, nNew);
    if( zNew==0 ){ fprintf(stderr, "out of memory\n"); exit(2); }
    p->z = zNew;
    p->nAlloc = nNew;
  }
  memcpy(p->z + p->n, z, n);
  p->n += n;
  p->z[p->n] = 0;
}
static void bufStr(Buf *p, const char *z){ bufAdd(p, z, strlen(z)); }

/* The escape of test/order.test: bytes 0x21..0x7E as they are except
** '\', written "\\"; every other byte as \xNN (lower-case hex). */
static void bufEscape(Buf *p, const unsigned char *z, int n){
  static const char hex[] = "0123456789abcdef";
  int i;
  for(i=0; i<n; i++){
    if( z[i]=='\\' ){
      bufAdd(p, "\\\\", 2);
    }else if( z[i]>=0x21 && z[i]<=0x7e ){
      bufAdd(p, &z[i], 1);
    }else{
      char e[4];
      e[0] = '\\'; e[1] = 'x'; e[2] = hex[z[i]>>4]; e[3] = hex[z[i]&15];
      bufAdd(p, e, 4);
    }
  }
}

static int hexVal(char c){
  if( c>='0' && c<='9' ) return c - '0';
  if( c>='a' && c<='f' ) return c - 'a' + 10;
  if( c>='A' && c<='F' ) return c - 'A' + 10;
  return -1;
}

/* The inverse of bufEscape(), in place; returns the length. */
static int unescape(char *z){
  int i = 0, j = 0;
  while( z[i] ){
    if( z[i]=='\\' && z[i+1]=='x' && hexVal(z[i+2])>=0 && hexVal(z[i+3])>=0 ){
      z[j++] = (char)(hexVal(z[i+2])*16 + hexVal(z[i+3]));
      i += 4;
    }else if( z[i]=='\\' && z[i+1]=='\\' ){
      z[j++] = '\\';
      i += 2;
    }else{
      z[j++] = z[i++];
    }
  }
  return j;
}

/* The lines of a file, '\n' removed (and a '\r' before it). */
typedef struct Lines { char **az; int *an; int n; Buf text; } Lines;

static int readLines(const char *zFile, Lines *p){
  FILE *f = fopen(zFile, "rb");
  char buf[4096];
  size_t n;
  char *z, *zEnd;
  int nAlloc = 0;
  memset(p, 0, sizeof(*p));
  if( f==0 ) return 1;
  while( (n = fread(buf, 1, sizeof(buf), f))>0 ) bufAdd(&p->text, buf, n);
  fclose(f);
  if( p->text.z==0 ) return 1;
  z = p->text.z;
  zEnd = z + p->text.n;
  while( z<zEnd ){
    char *zNl = memchr(z, '\n', (size_t)(zEnd - z));
    if( zNl==0 ) zNl = zEnd;
    if( zNl>z && zNl[-1]=='\r' ) zNl[-1] = 0;
    *zNl = 0;
    if( p->n==nAlloc ){
      nAlloc = nAlloc*2 + 64;
      p->az = realloc(p->az, sizeof(char*)*(size_t)nAlloc);
      p->an = realloc(p->an, sizeof(int)*(size_t)nAlloc);
      if( p->az==0 || p->an==0 ){ fprintf(stderr, "out of memory\n"); exit(2); }
    }
    p->az[p->n] = z;
    p->an[p->n] = (int)strlen(z);
    p->n++;
    z = zNl + 1;
  }
  return 0;
}

/* ---- SQL helpers ------------------------------------------------------- */

static void fatal(sqlite3 *db, const char *zWhat){
  fprintf(stderr, "%s: %s\n", zWhat, sqlite3_errmsg(db));
  exit(2);
}

static void exec(sqlite3 *db, const char *zSql){
  if( sqlite3_exec(db, zSql, 0, 0, 0)!=SQLITE_OK ) fatal(db, zSql);
}

/* The one text value of zSql (a malloc'd copy), or "NULL", or
** "error: MESSAGE". */
static char *queryText(sqlite3 *db, const char *zSql){
  sqlite3_stmt *pStmt = 0;
  char *zOut;
  int rc = sqlite3_prepare_v2(db, zSql, -1, &pStmt, 0);
  if( rc==SQLITE_OK ) rc = sqlite3_step(pStmt);
  if( rc==SQLITE_ROW ){
    const char *z = (const char*)sqlite3_column_text(pStmt, 0);
    zOut = sqlite3_mprintf("%s", z ? z : "NULL");
  }else{
    zOut = sqlite3_mprintf("error: %s", sqlite3_errmsg(db));
  }
  sqlite3_finalize(pStmt);
  return zOut;
}

/* Insert the strings az[i] (an[i] bytes) into table zTab as TEXT, in the
** scrambled order of test/order.test (a linear congruential sequence,
** sorted), or in reverse order when bScramble is 0. */
static void insertAll(sqlite3 *db, const char *zTab, char **az, int *an,
                      int n, int bScramble){
  sqlite3_stmt *pIns = 0;
  char *zSql = sqlite3_mprintf("INSERT INTO %s VALUES(?1)", zTab);
  int *aOrder = malloc(sizeof(int)*(size_t)(n ? n : 1));
  int i;
  if( zSql==0 || aOrder==0 ){ fprintf(stderr, "out of memory\n"); exit(2); }
  if( sqlite3_prepare_v2(db, zSql, -1, &pIns, 0)!=SQLITE_OK ) fatal(db, zSql);
  for(i=0; i<n; i++) aOrder[i] = bScramble ? i : n-1-i;
  if( bScramble ){
    /* Sort the indexes by the LCG states; the states are distinct. */
    unsigned long *aKey = malloc(sizeof(unsigned long)*(size_t)(n ? n : 1));
    unsigned long s = 12345;
    int j;
    if( aKey==0 ){ fprintf(stderr, "out of memory\n"); exit(2); }
    for(i=0; i<n; i++){
      s = (s*1103515245UL + 12345UL) & 0x7fffffffUL;
      aKey[i] = s;
    }
    for(i=1; i<n; i++){           /* insertion sort: a few thousand items */
      int k = aOrder[i];
      for(j=i; j>0 && aKey[aOrder[j-1]]>aKey[k]; j--) aOrder[j] = aOrder[j-1];
      aOrder[j] = k;
    }
    free(aKey);
  }
  exec(db, "BEGIN");
  for(i=0; i<n; i++){
    int k = aOrder[i];
    sqlite3_bind_text(pIns, 1, az[k], an[k], SQLITE_STATIC);
    if( sqlite3_step(pIns)!=SQLITE_DONE ) fatal(db, "insert");
    sqlite3_reset(pIns);
  }
  exec(db, "COMMIT");
  sqlite3_finalize(pIns);
  sqlite3_free(zSql);
  free(aOrder);
}

/* ---- The checks -------------------------------------------------------- */

/* order: test/order-golden.txt.  Returns the strings (unescaped, in file
** order) in *pL for the digest. */
/* Why the nStr strings sorted by the library (pGot) are not the order of
** zFile (pWant), in nClass classes: a message to sqlite3_free(), or 0 when
** they are, after printing what was checked. */
static char *sortedDiffers(const Buf *pGot, const Buf *pWant, int nStr,
                           int nClass, const char *zFile){
  if( nStr<1000 ){
    return sqlite3_mprintf("only %d strings in %s", nStr, zFile);
  }
  if( pGot->n!=pWant->n || memcmp(pGot->z, pWant->z, pWant->n)!=0 ){
    size_t k = 0;
    int line = 1;
    while( k<pGot->n && k<pWant->n && pGot->z[k]==pWant->z[k] ){
      if( pGot->z[k]=='\n' ) line++;
      k++;
    }
    return sqlite3_mprintf("line %d of the sorted strings differs from the file",
                           line);
  }
  printf("   (%d strings in %d classes sorted as in %s)\n", nStr, nClass, zFile);
  return 0;
}

static void checkOrder(sqlite3 *db, const char *zFile, Lines *pL){
  Buf want = {0, 0, 0}, got = {0, 0, 0};
  sqlite3_stmt *pSel = 0;
  char *zWhy = 0;
  char *zDistinct;
  int i, nData = 0, nClass = 0;
  if( readLines(zFile, pL) ){ check(0, "order", "cannot read the golden file"); return; }
  /* Data lines "< S" or "= S"; the header lines start with '#'. */
  for(i=0; i<pL->n; i++){
    char *z = pL->az[i];
    if( z[0]=='#' || z[0]==0 ) continue;
    bufStr(&want, z);
    bufStr(&want, "\n");
    if( z[0]=='<' ) nClass++;
    pL->az[nData] = z + 2;
    pL->an[nData] = unescape(z + 2);
    nData++;
  }
  pL->n = nData;
  exec(db, "CREATE TABLE o(x TEXT COLLATE URN)");
  insertAll(db, "o", pL->az, pL->an, pL->n, 1);
  if( sqlite3_prepare_v2(db,
        "SELECT CAST(x AS BLOB), coalesce(x = lag(x) OVER w, 0) FROM o"
        " WINDOW w AS (ORDER BY x, CAST(x AS BLOB))"
        " ORDER BY x, CAST(x AS BLOB)", -1, &pSel, 0)!=SQLITE_OK ){
    fatal(db, "order select");
  }
  while( sqlite3_step(pSel)==SQLITE_ROW ){
    bufStr(&got, sqlite3_column_int(pSel, 1) ? "= " : "< ");
    bufEscape(&got, sqlite3_column_blob(pSel, 0), sqlite3_column_bytes(pSel, 0));
    bufStr(&got, "\n");
  }
  sqlite3_finalize(pSel);
  zWhy = sortedDiffers(&got, &want, nData, nClass, zFile);
  check(zWhy==0, "order", zWhy);
  sqlite3_free(zWhy);

  zDistinct = queryText(db, "SELECT count(DISTINCT x) FROM o");
  zWhy = sqlite3_mprintf("%s classes, the file has %d", zDistinct, nClass);
  check(atoi(zDistinct)==nClass, "distinct", zWhy);
  sqlite3_free(zWhy);
  sqlite3_free(zDistinct);
  free(want.z);
  free(got.z);
}

/* ns-order: test/ns-order-golden.txt, "CLASS<tab>STRING" lines in URN_NS
** order (ties by bytes); the strings are inserted in reverse order, as
** test/ns.test does. */
static void checkNsOrder(sqlite3 *db, const char *zFile, Lines *pL){
  Buf got = {0, 0, 0}, want = {0, 0, 0};
  sqlite3_stmt *pSel = 0, *pEq = 0;
  char *zWhy = 0;
  int i, cls = 0;
  const char *zPrev = 0;
  int nPrev = 0;
  if( readLines(zFile, pL) ){ check(0, "ns-order", "cannot read the golden file"); return; }
  for(i=0; i<pL->n; i++){
    char *zTab = strchr(pL->az[i], '\t');
    bufStr(&want, pL->az[i]);
    bufStr(&want, "\n");
    pL->az[i] = zTab ? zTab + 1 : pL->az[i];
    pL->an[i] = (int)strlen(pL->az[i]);
  }
  exec(db, "CREATE TABLE g(x TEXT)");
  insertAll(db, "g", pL->az, pL->an, pL->n, 0);
  if( sqlite3_prepare_v2(db, "SELECT x FROM g ORDER BY x COLLATE URN_NS, x COLLATE BINARY",
                         -1, &pSel, 0)!=SQLITE_OK
   || sqlite3_prepare_v2(db, "SELECT ?1 = ?2 COLLATE URN_NS", -1, &pEq, 0)!=SQLITE_OK ){
    fatal(db, "ns-order select");
  }
  /* The rows' texts stay valid only until the next step: keep a copy. */
  while( sqlite3_step(pSel)==SQLITE_ROW ){
    const char *z = (const char*)sqlite3_column_text(pSel, 0);
    int n = sqlite3_column_bytes(pSel, 0);
    char num[32];
    int same = 0;
    if( zPrev ){
      sqlite3_bind_text(pEq, 1, zPrev, nPrev, SQLITE_TRANSIENT);
      sqlite3_bind_text(pEq, 2, z, n, SQLITE_TRANSIENT);
      if( sqlite3_step(pEq)==SQLITE_ROW ) same = sqlite3_column_int(pEq, 0);
      sqlite3_reset(pEq);
    }
    if( !same ) cls++;
    snprintf(num, sizeof(num), "%d\t", cls);
    bufStr(&got, num);
    bufAdd(&got, z, (size_t)n);
    bufStr(&got, "\n");
    free((void*)zPrev);
    zPrev = malloc((size_t)n + 1);
    if( zPrev==0 ){ fprintf(stderr, "out of memory\n"); exit(2); }
    memcpy((void*)zPrev, z, (size_t)n + 1);
    nPrev = n;
  }
  free((void*)zPrev);
  sqlite3_finalize(pSel);
  sqlite3_finalize(pEq);
  zWhy = sortedDiffers(&got, &want, pL->n, cls, zFile);
  check(zWhy==0, "ns-order", zWhy);
  sqlite3_free(zWhy);
  free(want.z);
  free(got.z);
}

/* The digest: the functions on every string and its predecessor. */
static const char *zDigestSql =
  "SELECT urn_valid(?1), urn_error(?1), urn_nid(?1), urn_nss(?1),"
  " urn_rcomponent(?1), urn_qcomponent(?1), urn_fcomponent(?1),"
  " urn_canonical(?1), urn_normalize(?1), urn_json(?1),"
  " urn_valid(?1, 'rfc2141'), urn_canonical(?1, 'rfc2141'),"
  " urn_valid(?1, 'ns'), urn_error(?1, 'ns'), urn_canonical(?1, 'ns'),"
  " urn_equal(?1, ?2), urn_equal(?1, ?2, 'ns'),"
  " (?1 COLLATE URN > ?2) - (?1 COLLATE URN < ?2),"
  " (?1 COLLATE URN_NS > ?2) - (?1 COLLATE URN_NS < ?2),"
  " urn_encode(?1), urn_isbn13(?1)";

/* Writes the digest lines of the strings of pL to f; returns their count. */
static int writeDigest(sqlite3 *db, FILE *f, const Lines *pL){
  sqlite3_stmt *pStmt = 0;
  Buf line = {0, 0, 0};
  int i, j;
  if( sqlite3_prepare_v2(db, zDigestSql, -1, &pStmt, 0)!=SQLITE_OK ){
    fatal(db, "digest");
  }
  for(i=0; i<pL->n; i++){
    int rc;
    line.n = 0;
    sqlite3_bind_text(pStmt, 1, pL->az[i], pL->an[i], SQLITE_STATIC);
    sqlite3_bind_text(pStmt, 2, pL->az[i ? i-1 : 0], pL->an[i ? i-1 : 0], SQLITE_STATIC);
    rc = sqlite3_step(pStmt);
    if( rc==SQLITE_ROW ){
      for(j=0; j<sqlite3_column_count(pStmt); j++){
        if( j ) bufStr(&line, "\t");
        switch( sqlite3_column_type(pStmt, j) ){
          case SQLITE_NULL: bufStr(&line, "NULL"); break;
          case SQLITE_INTEGER: {
            char num[32];
            snprintf(num, sizeof(num), "%lld", (long long)sqlite3_column_int64(pStmt, j));
            bufStr(&line, num);
            break;
          }
          default:
            bufStr(&line, "'");
            bufEscape(&line, sqlite3_column_text(pStmt, j), sqlite3_column_bytes(pStmt, j));
        }
      }
    }else{
      bufStr(&line, "error: ");
      bufStr(&line, sqlite3_errmsg(db));
    }
    sqlite3_reset(pStmt);
    bufStr(&line, "\n");
    fwrite(line.z, 1, line.n, f);
  }
  sqlite3_finalize(pStmt);
  free(line.z);
  return pL->n;
}

int main(int argc, char **argv){
  sqlite3 *db = 0;
  char *z;
  Lines order, ns;
  FILE *fOut;
  int rc, n;

  if( argc!=5 ){
    fprintf(stderr, "usage: %s LIB ORDER_GOLDEN NS_GOLDEN OUT\n", argv[0]);
    return 2;
  }
#ifdef SQLITE_CORE
  sqlite3_auto_extension((void(*)(void))sqlite3_urn_init);
#endif
  if( sqlite3_open(":memory:", &db)!=SQLITE_OK ) fatal(db, "open");
#ifndef SQLITE_CORE
  char *zErr = 0;
  sqlite3_enable_load_extension(db, 1);
  if( sqlite3_load_extension(db, argv[1], 0, &zErr)!=SQLITE_OK ){
    printf("FAIL load: %s\n", zErr ? zErr : "?");
    sqlite3_free(zErr);
    sqlite3_close(db);
    return 1;
  }
  sqlite3_enable_load_extension(db, 0);
  printf("ok load: %s\n", argv[1]);
#endif
  z = queryText(db, "SELECT 'SQLite ' || sqlite_version() || ', sqlite-urn ' || urn_version()");
  printf("   (%s)\n", z);
  sqlite3_free(z);

  /* (a) */
  z = queryText(db, "SELECT urn_canonical('URN:ISBN:0-395-36341-1#p')");
  check(strcmp(z, "urn:isbn:0-395-36341-1")==0, "canonical", z);
  sqlite3_free(z);

  /* (b) */
  exec(db, "CREATE TABLE book(id TEXT UNIQUE COLLATE URN);"
           "INSERT INTO book VALUES('urn:example:a%2Cb')");
  rc = sqlite3_exec(db, "INSERT INTO book VALUES('URN:EXAMPLE:a%2cb#f')", 0, 0, 0);
  z = sqlite3_mprintf("rc %d (%s)", sqlite3_extended_errcode(db), sqlite3_errmsg(db));
  check(rc==SQLITE_CONSTRAINT
        && sqlite3_extended_errcode(db)==SQLITE_CONSTRAINT_UNIQUE, "unique", z);
  sqlite3_free(z);

  /* (c) */
  z = queryText(db, "SELECT urn_valid('urn:isbn:0-395-36341-6', 'ns')");
  check(strcmp(z, "0")==0, "ns-valid", z);
  sqlite3_free(z);

  checkOrder(db, argv[2], &order);
  checkNsOrder(db, argv[3], &ns);

  fOut = fopen(argv[4], "wb");
  if( fOut==0 ){ fprintf(stderr, "cannot write %s\n", argv[4]); return 2; }
  n = writeDigest(db, fOut, &order) + writeDigest(db, fOut, &ns);
  fclose(fOut);
  printf("   (%d strings through 21 expressions in %s)\n", n, argv[4]);

  free(order.az); free(order.an); free(order.text.z);
  free(ns.az); free(ns.an); free(ns.text.z);
  sqlite3_close(db);
  return nFail ? 1 : 0;
}
