/*
** test/threads.c -- the extension on several connections from several
** threads at once, for ThreadSanitizer (make check-threads, mk/check.mk).
**
** The extension is linked statically (every ext/ source compiled with
** -DSQLITE_CORE and -fsanitize=thread) and registered for every connection
** with sqlite3_auto_extension().  NTHREAD threads each open their own
** connection to one WAL database and, NITER times: call every function on
** a generated string and check the answers against layer 1 called
** directly (urnScan, urnKeyWrite, urnNormalizeWrite, urnCompare); insert an
** equivalent respelling of one of NNAME names into a table with
** "UNIQUE COLLATE URN" and an index on urn_canonical() (INSERT OR IGNORE,
** and an upsert); look a name up through the index.  Afterwards the table
** must hold exactly one row per name and pass PRAGMA integrity_check.
**
** The system libsqlite3 is not instrumented; TSan still sees its locking
** (it intercepts pthread_mutex_*), and every byte the extension touches is
** instrumented.  docs/design.md I5: the comparator and the functions are
** stateless, so no report is expected.
**
** Usage: threads [DBFILE]      exit status 0 on success.
*/
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>
#include "../ext/urn_scan.h"

int sqlite3_urn_init(sqlite3*, char**, const sqlite3_api_routines*);

#define NTHREAD 4
#define NITER   2000
#define NNAME   150

static const char *zDbFile = "threads.db";

typedef struct Worker {
  int id;
  unsigned rng;        /* per-thread generator state */
  int nErr;
  char zErr[512];
} Worker;

static unsigned nextRand(Worker *w){
  w->rng = w->rng*1103515245u + 12345u;
  return (w->rng>>8) & 0xffffff;
}

static void workerFail(Worker *w, const char *zWhat, const char *zDetail){
  if( w->nErr++==0 ){
    snprintf(w->zErr, sizeof(w->zErr), "thread %d: %s: %s", w->id, zWhat,
             zDetail ? zDetail : "");
  }
}

/* Name number k spelled at random: case of scheme, NID and hex digits,
** maybe a component.  All spellings of name k are URN-equivalent. */
static void spell(Worker *w, int k, char *zOut, size_t nOut){
  char zBase[96];
  size_t i, n;
  static const char *const azTail[] = { "", "?+r", "?=q", "#f", "?+r?=q#f" };
  n = (size_t)snprintf(zBase, sizeof(zBase), "urn:example-%d:item%%2c%d/x",
                       k % 7, k);
  for(i=0; i<n; i++){
    char c = zBase[i];
    int inNss = i > 12;   /* past "urn:example-N:" the case of letters
                          ** matters except in %XX */
    int isHex = i>=2 && (zBase[i-1]=='%' || zBase[i-2]=='%');
    if( (!inNss || isHex) && c>='a' && c<='z' && (nextRand(w)&1) ) c -= 32;
    zBase[i] = c;
  }
  snprintf(zOut, nOut, "%s%s", zBase, azTail[nextRand(w)%5]);
}

/* A string near the grammar: a spelling with one byte changed. */
static void mangle(Worker *w, char *z){
  static const char aByte[] = "%:?#/-a\x80 Z";
  size_t n = strlen(z);
  if( n && nextRand(w)%2 ) z[nextRand(w)%n] = aByte[nextRand(w)%10];
}

/* Check one string's function results against layer 1. */
static void checkFunctions(Worker *w, sqlite3_stmt *pStmt, const char *z){
  size_t n = strlen(z);
  UrnParts parts;
  int valid = urnScan((const unsigned char*)z, n, URN_MODE_RFC8141, &parts, 0);
  unsigned char zKey[128], zNorm[128];
  int rc;
  sqlite3_reset(pStmt);
  sqlite3_bind_text(pStmt, 1, z, -1, SQLITE_STATIC);
  rc = sqlite3_step(pStmt);
  if( rc!=SQLITE_ROW ){ workerFail(w, "step", sqlite3_errmsg(sqlite3_db_handle(pStmt))); return; }
  if( sqlite3_column_int(pStmt, 0)!=valid ) workerFail(w, "urn_valid", z);
  if( valid ){
    const char *zC = (const char*)sqlite3_column_text(pStmt, 1);
    const char *zN = (const char*)sqlite3_column_text(pStmt, 2);
    urnKeyWrite((const unsigned char*)z, &parts, zKey);
    urnNormalizeWrite((const unsigned char*)z, n, &parts, zNorm);
    if( zC==0 || strlen(zC)!=URN_KEY_LEN(&parts)
     || memcmp(zC, zKey, URN_KEY_LEN(&parts))!=0 ){
      workerFail(w, "urn_canonical", z);
    }
    if( zN==0 || strlen(zN)!=n || memcmp(zN, zNorm, n)!=0 ){
      workerFail(w, "urn_normalize", z);
    }
    if( sqlite3_column_type(pStmt, 3)!=SQLITE_NULL ){
      workerFail(w, "urn_error of a URN", z);
    }
  }else{
    if( sqlite3_column_type(pStmt, 1)!=SQLITE_NULL ) workerFail(w, "canon", z);
    if( sqlite3_column_type(pStmt, 3)!=SQLITE_TEXT ) workerFail(w, "error", z);
  }
  if( sqlite3_column_int(pStmt, 4)!=1 ) workerFail(w, "urn_equal(x, x)", z);
  if( sqlite3_column_int(pStmt, 5)!=1 ) workerFail(w, "x = x COLLATE URN", z);
}

static int execOrRetry(sqlite3 *db, const char *zSql){
  int rc;
  do{ rc = sqlite3_exec(db, zSql, 0, 0, 0); }while( rc==SQLITE_BUSY );
  return rc;
}

/* sqlite3_step, reset and stepped again while another connection holds
** the lock. */
static int stepOrRetry(sqlite3_stmt *pStmt){
  int rc;
  while( (rc = sqlite3_step(pStmt))==SQLITE_BUSY ) sqlite3_reset(pStmt);
  return rc;
}

static void *workerMain(void *pArg){
  Worker *w = (Worker*)pArg;
  sqlite3 *db = 0;
  sqlite3_stmt *pFn = 0, *pIns = 0, *pUps = 0, *pGet = 0;
  char z[160], z2[160];
  int i, rc;
  if( sqlite3_open(zDbFile, &db)!=SQLITE_OK ){
    workerFail(w, "open", sqlite3_errmsg(db));
    goto done;
  }
  sqlite3_busy_timeout(db, 20000);
  rc = sqlite3_prepare_v2(db,
      "SELECT urn_valid(?1), urn_canonical(?1), urn_normalize(?1),"
      " urn_error(?1), urn_equal(?1, ?1), ?1 = ?1 COLLATE URN,"
      " urn_nid(?1), urn_nss(?1), urn_rcomponent(?1), urn_qcomponent(?1),"
      " urn_fcomponent(?1), urn_valid(?1, 'rfc2141')", -1, &pFn, 0);
  if( rc==SQLITE_OK ) rc = sqlite3_prepare_v2(db,
      "INSERT OR IGNORE INTO t(u, th) VALUES(?1, ?2)", -1, &pIns, 0);
  if( rc==SQLITE_OK ) rc = sqlite3_prepare_v2(db,
      "INSERT INTO t(u, th) VALUES(?1, ?2)"
      " ON CONFLICT(u) DO UPDATE SET th = excluded.th", -1, &pUps, 0);
  if( rc==SQLITE_OK ) rc = sqlite3_prepare_v2(db,
      "SELECT count(*), (SELECT count(*) FROM t"
      "  WHERE urn_canonical(u) = urn_canonical(?1)) FROM t WHERE u = ?1",
      -1, &pGet, 0);
  if( rc!=SQLITE_OK ){
    workerFail(w, "prepare", sqlite3_errmsg(db));
    goto done;
  }
  for(i=0; i<NITER && w->nErr==0; i++){
    int k = (int)(nextRand(w) % NNAME);
    spell(w, k, z, sizeof(z));
    memcpy(z2, z, sizeof(z));
    mangle(w, z2);
    checkFunctions(w, pFn, z);
    checkFunctions(w, pFn, z2);
    /* The comparator from this thread, straight. */
    if( urnCompare(URN_MODE_RFC8141, (const unsigned char*)z, strlen(z),
                   (const unsigned char*)z, strlen(z))!=0 ){
      workerFail(w, "urnCompare(x, x)", z);
    }

    sqlite3_reset(pIns);
    sqlite3_bind_text(pIns, 1, z, -1, SQLITE_STATIC);
    sqlite3_bind_int(pIns, 2, w->id);
    rc = stepOrRetry(pIns);
    if( rc!=SQLITE_DONE ) workerFail(w, "insert", sqlite3_errmsg(db));

    sqlite3_reset(pUps);
    spell(w, (k+1) % NNAME, z, sizeof(z));
    sqlite3_bind_text(pUps, 1, z, -1, SQLITE_STATIC);
    sqlite3_bind_int(pUps, 2, w->id);
    rc = stepOrRetry(pUps);
    if( rc!=SQLITE_DONE ) workerFail(w, "upsert", sqlite3_errmsg(db));

    /* Every spelling of a name inserted above finds exactly its row, both
    ** through the UNIQUE index and through the urn_canonical() index. */
    sqlite3_reset(pGet);
    spell(w, (k+1) % NNAME, z, sizeof(z));
    sqlite3_bind_text(pGet, 1, z, -1, SQLITE_STATIC);
    rc = stepOrRetry(pGet);
    if( rc!=SQLITE_ROW || sqlite3_column_int(pGet, 0)!=1
     || sqlite3_column_int(pGet, 1)!=1 ){
      workerFail(w, "lookup", z);
    }
    sqlite3_reset(pGet);
  }
done:
  sqlite3_finalize(pFn);
  sqlite3_finalize(pIns);
  sqlite3_finalize(pUps);
  sqlite3_finalize(pGet);
  sqlite3_close(db);
  return 0;
}

int main(int argc, char **argv){
  pthread_t aThread[NTHREAD];
  Worker aWorker[NTHREAD];
  sqlite3 *db;
  sqlite3_stmt *pStmt;
  int i, nErr = 0, nRow = -1, nDistinct = -2;
  char zCheck[64] = "";
  if( argc>1 ) zDbFile = argv[1];
  if( !sqlite3_threadsafe() ){
    fprintf(stderr, "threads: libsqlite3 was built without thread safety\n");
    return 2;
  }
  remove(zDbFile);
  {
    char z[600];
    snprintf(z, sizeof(z), "%s-wal", zDbFile); remove(z);
    snprintf(z, sizeof(z), "%s-shm", zDbFile); remove(z);
  }
  sqlite3_auto_extension((void(*)(void))sqlite3_urn_init);
  if( sqlite3_open(zDbFile, &db)!=SQLITE_OK
   || execOrRetry(db,
        "PRAGMA journal_mode=WAL;"
        "CREATE TABLE t(id INTEGER PRIMARY KEY, u TEXT UNIQUE COLLATE URN,"
        "               th INT);"
        "CREATE INDEX t_c ON t(urn_canonical(u));")!=SQLITE_OK ){
    fprintf(stderr, "threads: setup: %s\n", sqlite3_errmsg(db));
    return 2;
  }
  sqlite3_close(db);

  for(i=0; i<NTHREAD; i++){
    aWorker[i].id = i;
    aWorker[i].rng = 20261122u + 7919u*(unsigned)i;
    aWorker[i].nErr = 0;
    aWorker[i].zErr[0] = 0;
    if( pthread_create(&aThread[i], 0, workerMain, &aWorker[i])!=0 ){
      fprintf(stderr, "threads: pthread_create failed\n");
      return 2;
    }
  }
  for(i=0; i<NTHREAD; i++){
    pthread_join(aThread[i], 0);
    if( aWorker[i].nErr ){
      fprintf(stderr, "threads: %s (%d errors)\n", aWorker[i].zErr,
              aWorker[i].nErr);
      nErr++;
    }
  }

  /* One row per name that any thread inserted, a sound database. */
  sqlite3_open(zDbFile, &db);
  if( sqlite3_prepare_v2(db,
        "SELECT (SELECT count(*) FROM t),"
        "       (SELECT count(DISTINCT urn_canonical(u)) FROM t),"
        "       (SELECT group_concat(integrity_check) FROM"
        "        pragma_integrity_check)", -1, &pStmt, 0)==SQLITE_OK
   && sqlite3_step(pStmt)==SQLITE_ROW ){
    nRow = sqlite3_column_int(pStmt, 0);
    nDistinct = sqlite3_column_int(pStmt, 1);
    snprintf(zCheck, sizeof(zCheck), "%s", sqlite3_column_text(pStmt, 2));
  }
  sqlite3_finalize(pStmt);
  sqlite3_close(db);
  sqlite3_reset_auto_extension();
  if( nRow!=nDistinct || nRow<=0 || nRow>NNAME || strcmp(zCheck, "ok")!=0 ){
    fprintf(stderr, "threads: table check failed: %d rows, %d names, "
                    "integrity_check %s\n", nRow, nDistinct, zCheck);
    nErr++;
  }
  printf("threads: %d threads x %d iterations, %d rows for %d names, "
         "integrity_check %s\n", NTHREAD, NITER, nRow, nDistinct, zCheck);
  printf("threads: %d passed, %d failed\n", nErr ? NTHREAD-nErr : NTHREAD+1,
         nErr);
  return nErr ? 1 : 0;
}
