/*
** test/static.c -- sqlite-urn in hosts that do not call
** sqlite3_load_extension().  Built and run by test/static.test, which
** compares every line it prints, and by the static host of the host matrix
** (test/hosts/run.sh, `make hosts`).  Two programs in one file:
**
** 1. (default) The extension compiled into an application: every C file
**    of ext/ built with -DSQLITE_CORE and linked with SQLite's static
**    library; sqlite3_auto_extension() registers it on every connection.
**    Checks the collation, the codec functions, SQLITE_LIMIT_LENGTH, and
**    out-of-memory: every allocation made while running each statement is
**    made to fail in turn, and each run must end with the right result or
**    with SQLITE_NOMEM, never anything else.
**
**       cc -DSQLITE_CORE test/static.c ext/core/urn*.c ext/sqlite/urn*.c libsqlite3.a \
**          -lm -ldl -lpthread && ./a.out
**
** 2. (-DURN_FAKE_HOST) The minimum SQLite version: the loadable library is
**    dlopen()ed and its entry point called with a copy of the real API
**    routines whose version functions say 3.30.1, then 3.31.0, so that the
**    refusal in sqlite3_urn_init() is seen without an old SQLite at hand.
**
**       cc -DURN_FAKE_HOST test/static.c -lsqlite3 -ldl; ./a.out ./urn.so
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>

/* Print the rows of zSql, columns joined by '|', NULL as "NULL"; or
** "error: CODE MESSAGE". */
static int printQuery(sqlite3 *db, const char *zSql){
  sqlite3_stmt *pStmt = 0;
  int rc = sqlite3_prepare_v2(db, zSql, -1, &pStmt, 0);
  while( rc==SQLITE_OK && (rc = sqlite3_step(pStmt))==SQLITE_ROW ){
    int i;
    for(i=0; i<sqlite3_column_count(pStmt); i++){
      const char *z = (const char*)sqlite3_column_text(pStmt, i);
      printf("%s%s", i ? "|" : "", z ? z : "NULL");
    }
    printf("\n");
    rc = SQLITE_OK;
  }
  if( rc!=SQLITE_DONE ){
    printf("error: %d %s\n", sqlite3_extended_errcode(db), sqlite3_errmsg(db));
  }
  sqlite3_finalize(pStmt);
  return rc==SQLITE_DONE ? SQLITE_OK : rc;
}

#ifndef URN_FAKE_HOST
/* ---- 1. Static linking ------------------------------------------------- */

int sqlite3_urn_init(sqlite3*, char**, const sqlite3_api_routines*);

/* An allocator that fails the iFail-th allocation after being armed, once,
** and counts how many it made.  Single-threaded test: plain statics. */
static sqlite3_mem_methods realMem;
static int nAlloc = 0;         /* allocations since armed */
static int iFail = 0;          /* which one fails; 0: none */
static int nFailed = 0;        /* failures injected since armed */

static int failNow(void){
  if( iFail==0 ) return 0;
  if( ++nAlloc==iFail ){ nFailed++; return 1; }
  return 0;
}
static void *oomMalloc(int n){ return failNow() ? 0 : realMem.xMalloc(n); }
static void *oomRealloc(void *p, int n){
  return failNow() ? 0 : realMem.xRealloc(p, n);
}
static void oomFree(void *p){ realMem.xFree(p); }
static int oomSize(void *p){ return realMem.xSize(p); }
static int oomRoundup(int n){ return realMem.xRoundup(n); }
static int oomInit(void *p){ return realMem.xInit(p); }
static void oomShutdown(void *p){ realMem.xShutdown(p); }

static void armFailure(int i){ iFail = i; nAlloc = 0; nFailed = 0; }

/* Run zSql (one row, one column), returning its text in a malloc'd string
** (or "NULL"), or 0 with *pRc set. */
static char *runOne(sqlite3 *db, const char *zSql, int *pRc){
  sqlite3_stmt *pStmt = 0;
  char *zRes = 0;
  int rc = sqlite3_prepare_v2(db, zSql, -1, &pStmt, 0);
  if( rc==SQLITE_OK ){
    rc = sqlite3_step(pStmt);
    if( rc==SQLITE_ROW ){
      const char *z = (const char*)sqlite3_column_text(pStmt, 0);
      if( z==0 && sqlite3_errcode(db)==SQLITE_NOMEM ){
        rc = SQLITE_NOMEM;                 /* the text conversion failed */
      }else{
        zRes = malloc(strlen(z ? z : "NULL")+1);
        strcpy(zRes, z ? z : "NULL");
        rc = SQLITE_OK;
      }
    }
  }
  sqlite3_finalize(pStmt);
  *pRc = rc;
  return zRes;
}

/* Fail each allocation of zSql in turn.  Returns the number of failure
** points, or -1 (after printing why) when a run ended neither with the
** right result nor with SQLITE_NOMEM. */
static int oomLoop(sqlite3 *db, const char *zSql){
  int rc, i;
  char *zWant, *zGot;
  armFailure(0);
  zWant = runOne(db, zSql, &rc);
  if( zWant==0 ){
    printf("oom: %s: fails without OOM (%d)\n", zSql, rc);
    return -1;
  }
  for(i=1; ; i++){
    int nInjected;
    armFailure(i);
    zGot = runOne(db, zSql, &rc);
    nInjected = nFailed;
    armFailure(0);
    if( nInjected==0 ){                    /* ran to the end: done */
      free(zGot);
      break;
    }
    if( zGot ? strcmp(zGot, zWant)!=0 : (rc&0xff)!=SQLITE_NOMEM ){
      printf("oom: %s: allocation %d failed, got %s (rc %d)\n", zSql, i,
             zGot ? zGot : "an error", rc);
      free(zGot);
      free(zWant);
      return -1;
    }
    free(zGot);
  }
  free(zWant);
  return i-1;
}

int main(void){
  sqlite3 *db = 0, *db2 = 0;
  sqlite3_mem_methods oomMem;
  int nPoint = 0, k, rcMain = 0;
  static const char *const azOom[] = {
    "SELECT urn_encode('a b/c?' || printf('%.300c', '#'))",
    "SELECT urn_decode('caf%C3%A9' || printf('%.300c', 'x'))",
    "SELECT urn_build('Example', 'a b', 'r?=', '?q', '#f')",
    "SELECT urn_json('URN:Example:a%2cb?+r?=q#f')",
    "SELECT urn_json('urn:x:not')",
    "SELECT urn_canonical(CAST(x'55524e3a41423a2563' AS TEXT) || 'd')",
    "SELECT count(*) FROM book WHERE id = 'URN:EXAMPLE:a%2cb?+r'",
  };

  /* Install the failing allocator before SQLite initializes. */
  sqlite3_config(SQLITE_CONFIG_GETMALLOC, &realMem);
  oomMem = realMem;
  oomMem.xMalloc = oomMalloc;
  oomMem.xRealloc = oomRealloc;
  oomMem.xFree = oomFree;
  oomMem.xSize = oomSize;
  oomMem.xRoundup = oomRoundup;
  oomMem.xInit = oomInit;
  oomMem.xShutdown = oomShutdown;
  if( sqlite3_config(SQLITE_CONFIG_MALLOC, &oomMem)!=SQLITE_OK ){
    printf("cannot install the test allocator\n");
    return 1;
  }

  if( sqlite3_auto_extension((void(*)(void))sqlite3_urn_init)!=SQLITE_OK ){
    printf("sqlite3_auto_extension failed\n");
    return 1;
  }
  if( sqlite3_open(":memory:", &db)!=SQLITE_OK ) return 1;

  /* The three checks of every host of the host matrix (test/hosts/run.sh,
  ** whose static host compares these first three lines): the canonical
  ** form, the collation refusing an equivalent spelling in a UNIQUE column,
  ** a check digit in strict mode. */
  printQuery(db, "SELECT urn_canonical('URN:ISBN:0-395-36341-1#p')");
  printQuery(db, "CREATE TABLE book(id TEXT UNIQUE COLLATE URN, title TEXT)");
  printQuery(db, "INSERT INTO book VALUES('urn:example:a%2Cb', 'first')");
  printQuery(db, "INSERT INTO book VALUES('URN:EXAMPLE:a%2cb#f', 'second')");
  printQuery(db, "SELECT urn_valid('urn:isbn:0-395-36341-6', 'ns')");
  /* The collation, as the README's first example uses it. */
  printQuery(db, "SELECT title FROM book WHERE id = 'Urn:Example:a%2Cb?=q'");
  printQuery(db, "SELECT urn_valid('urn:ab:c'), urn_nid('URN:ISBN:1')");
  /* The codec functions. */
  printQuery(db, "SELECT urn_encode('a b/c'), urn_decode('caf%C3%A9'),"
                 " urn_build('Example', 'a b', NULL, 'x=1'),"
                 " json_extract(urn_json('urn:ab:c#'), '$.f')");
  /* A second connection gets the extension too. */
  if( sqlite3_open(":memory:", &db2)!=SQLITE_OK ) return 1;
  printQuery(db2, "SELECT urn_canonical('URN:X-Y:a%2f')");
  sqlite3_close(db2);
  /* SQLITE_LIMIT_LENGTH: 30 spaces encode to 90 bytes. */
  sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 90);
  printQuery(db, "SELECT length(urn_encode(printf('%.30c', ' ')))");
  printQuery(db, "SELECT length(urn_encode(printf('%.31c', ' ')))");
  printQuery(db, "SELECT length(urn_build('ab', printf('%.30c', ' ')))");
  sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 1000000000);

  /* Out-of-memory at every allocation of every statement. */
  for(k=0; k<(int)(sizeof(azOom)/sizeof(azOom[0])); k++){
    int n = oomLoop(db, azOom[k]);
    if( n<0 ){ rcMain = 1; break; }
    nPoint += n;
  }
  if( rcMain==0 ){
    printf("oom: %d statements, %s\n", (int)(sizeof(azOom)/sizeof(azOom[0])),
           nPoint>=(int)(sizeof(azOom)/sizeof(azOom[0])) ? "every failure "
           "point gave the result or SQLITE_NOMEM" : "too few failure points");
  }
  sqlite3_close(db);
  sqlite3_reset_auto_extension();
  return rcMain;
}

#else /* URN_FAKE_HOST */
/* ---- 2. The minimum SQLite version ------------------------------------- */
#include <dlfcn.h>
#define SQLITE_CORE 1          /* the struct, without redirecting the API */
#include <sqlite3ext.h>

typedef int (*InitFunc)(sqlite3*, char**, const sqlite3_api_routines*);

static const sqlite3_api_routines *pRealApi = 0;
static sqlite3_api_routines fakeApi;        /* must outlive the extension */
static int fakeVersion = 0;
static const char *zFakeVersion = 0;

/* An auto-extension of the real SQLite that only captures its routines. */
static int captureApi(sqlite3 *db, char **pzErr,
                      const sqlite3_api_routines *pApi){
  (void)db; (void)pzErr;
  pRealApi = pApi;
  return SQLITE_OK;
}
static int fakeVersionNumber(void){ return fakeVersion; }
static const char *fakeLibversion(void){ return zFakeVersion; }

/* Call the extension's entry point as SQLite iVersion (zVersion) would. */
static void tryInit(InitFunc xInit, sqlite3 *db, int iVersion,
                    const char *zVersion){
  char *zErr = 0;
  int rc;
  fakeVersion = iVersion;
  zFakeVersion = zVersion;
  fakeApi = *pRealApi;
  fakeApi.libversion_number = fakeVersionNumber;
  fakeApi.libversion = fakeLibversion;
  rc = xInit(db, &zErr, &fakeApi);
  printf("%s: %s%s%s\n", zVersion, rc==SQLITE_OK ? "loaded" : "refused",
         zErr ? ": " : "", zErr ? zErr : "");
  sqlite3_free(zErr);
}

int main(int argc, char **argv){
  void *pLib;
  InitFunc xInit;
  sqlite3 *db = 0;
  if( argc!=2 ){
    fprintf(stderr, "usage: %s PATH-TO-urn.so\n", argv[0]);
    return 2;
  }
  pLib = dlopen(argv[1], RTLD_NOW|RTLD_LOCAL);
  if( pLib==0 ){ printf("dlopen: %s\n", dlerror()); return 1; }
  xInit = (InitFunc)dlsym(pLib, "sqlite3_urn_init");
  if( xInit==0 ){ printf("dlsym: %s\n", dlerror()); return 1; }
  sqlite3_auto_extension((void(*)(void))captureApi);
  sqlite3_open(":memory:", &db);
  sqlite3_reset_auto_extension();
  if( pRealApi==0 ){ printf("no API routines captured\n"); return 1; }

  tryInit(xInit, db, 3030001, "3.30.1");
  printQuery(db, "SELECT urn_valid('urn:ab:c')");
  tryInit(xInit, db, 3031000, "3.31.0");
  printQuery(db, "SELECT urn_valid('urn:ab:c'), urn_encode('a b')");
  sqlite3_close(db);
  return 0;
}
#endif /* URN_FAKE_HOST */
