/*
** sqlite_bench.c -- SQLite's benchmark of sqlite-urn (`make bench`): the
** program build/bench/bench.
**
**   bench --corpus FILE --ext LIB [--reps R] [--seed S] [--commit C]
**         [--dirty] [--out FILE] [--data FILE] [--only LIST]
**
** Loads the corpus written by gen_corpus (one string per line) into an
** in-memory database of the system SQLite, loads the optimized extension LIB
** (build/bench/urn.so) and measures, in this one process:
**   1. sum(length(urn_canonical(x))) against sum(length(lower(x)));
**   2. sum(urn_valid(x)), urn_nid, urn_nss, urn_normalize against lower(),
**      urn_url against urn_normalize, urn_from_url against urn_url on the
**      names that link (and generated SGTINs), urn_epc_from_hex against
**      lower() on 1,000,000 SGTIN-96 reads, and length();
**   3. index builds, two ways: CREATE UNIQUE INDEX on the corpus less its
**      duplicates under every collation, and CREATE INDEX on all its rows,
**      equivalent respellings included; under URN and URN_NS against the
**      floor of any collation (MEMCMP) and BINARY, and on urn_key(x) (an
**      expression index) and on a STORED generated column k = urn_key(x)
**      against BINARY;
**   4. ORDER BY over all rows: x COLLATE URN and URN_NS against MEMCMP and
**      BINARY, urn_key(x) and the stored k against BINARY;
**   5. the C core alone (urnScan + urnKeyWrite, compiled in here from
**      ext/core/urn_scan.c and ext/core/urn_key.c, with urn_cmp.c) against
**      a byte-by-byte lower-casing copy of the same bytes, in URNs/s and
**      MB/s;
**   6. heap allocations per call of urn_valid and per comparison of the
**      collations URN and URN_NS, counted by a counting SQLite allocator
**      and, with glibc, by counting every malloc/calloc/realloc of the
**      process;
**   7. scaling: CREATE INDEX time for 10k..1M rows under BINARY, NOCASE and
**      URN, and urn_canonical time per byte for one string of 16 B..1 MB
**      (linear: the exponent of its time from 4 KB on is at most 1.05);
**   8. the big-table designs of docs/collations.md: point lookups (a
**      tenth of the rows, at most 100,000: 100,000 at the default N)
**      through a UNIQUE COLLATE URN index, an index on urn_key(x) (UNIQUE
**      on the deduplicated rows, plain on all rows) and a UNIQUE stored
**      key, each against x = ? through a BINARY index on the same rows
**      (a run of each is ten slices that alternate with the others'); and
**      what the stored column costs: INSERT time and table bytes against
**      the table without it.
**   9. urn_find over one generated document of BENCH_N*100 bytes against
**      length(lower(T)) and against ripgrep (rg -o) on the same text, and
**      the growth of its time from 1 MB to all of it (benchFind(), printed
**      after the rest).
** Every figure is the median of R (>= 5) runs; the runs of the things
** compared alternate (A B C, C B A, ...).  The verdict of each line is a
** ratio against a SQLite built-in measured in the same run.  The table goes
** to stdout and to --out; the scaling curves to --data for bench/plot.gp.
** --only 1,3,7 runs a subset (for profiling; --only 9: urn_find alone).
**
** The counters below are the only mutable globals: this is a test harness,
** single-threaded, not part of the extension.
*/
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <sqlite3.h>
#include "urn_scan.h"
#include "urn_key.h"
#include "urn_cmp.h"
#include "urn_class.h"
#include "urn_block.h"
#include "report.h"
#include "corpus.h"

/* ---- Allocation counters (measurement 6) ------------------------------- */

static u64 nSqliteAlloc;          /* xMalloc + xRealloc calls of SQLite */
static u64 nLibcAlloc;            /* malloc + calloc + realloc calls    */
static int bLibcCounted;          /* 1 if nLibcAlloc is really counted  */

#if defined(__GLIBC__) && !defined(BENCH_NO_MALLOC_COUNT)
/* glibc lets the executable interpose malloc and still reach the real
** allocator; every library of the process (SQLite's system malloc
** included) then comes through here. */
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void*, size_t);
void *malloc(size_t n){ nLibcAlloc++; return __libc_malloc(n); }
void *calloc(size_t n, size_t m){ nLibcAlloc++; return __libc_calloc(n, m); }
void *realloc(void *p, size_t n){ nLibcAlloc++; return __libc_realloc(p, n); }
# define LIBC_COUNTED 1
#else
# define LIBC_COUNTED 0
#endif

static sqlite3_mem_methods memOrig;
static void *cntMalloc(int n){ nSqliteAlloc++; return memOrig.xMalloc(n); }
static void cntFree(void *p){ memOrig.xFree(p); }
static void *cntRealloc(void *p, int n){
  nSqliteAlloc++;
  return memOrig.xRealloc(p, n);
}
static int cntSize(void *p){ return memOrig.xSize(p); }
static int cntRoundup(int n){ return memOrig.xRoundup(n); }
static int cntInit(void *p){ return memOrig.xInit(p); }
static void cntShutdown(void *p){ memOrig.xShutdown(p); }

/* Wrap SQLite's allocator in the counting one; before sqlite3_initialize. */
static void installCountingAllocator(void){
  static sqlite3_mem_methods m;
  sqlite3_config(SQLITE_CONFIG_GETMALLOC, &memOrig);
  m = memOrig;
  m.xMalloc = cntMalloc;
  m.xFree = cntFree;
  m.xRealloc = cntRealloc;
  m.xSize = cntSize;
  m.xRoundup = cntRoundup;
  m.xInit = cntInit;
  m.xShutdown = cntShutdown;
  if( sqlite3_config(SQLITE_CONFIG_MALLOC, &m)!=SQLITE_OK ){
    fprintf(stderr, "bench: cannot install the counting allocator\n");
    exit(1);
  }
}

/* ---- The floor of any user-defined collation ---------------------------- */

/* MEMCMP: the order of BINARY, but registered as an application collation.
** SQLite sorts BINARY text with a memcmp on the packed records; any other
** collation goes through record unpacking and a callback per comparison.
** Measured beside URN, this shows what part of URN's cost is SQLite's. */
static int memcmpCollate(void *pArg, int nA, const void *pA, int nB,
                         const void *pB){
  int r = memcmp(pA, pB, (size_t)(nA<nB ? nA : nB));
  (void)pArg;
  return r ? r : (nA>nB) - (nA<nB);
}

/* URN_FLOOR: the order of BINARY, with the tests that every correct URN
** comparator must make on the commonest pair, and nothing more.  Where a
** and b first differ at d after a's head (up to its first ':' at offset 4
** or later, RFC 8141 §2), key(a) against key(b) is byte d only if a's
** head holds no capital (RFC 8141 §3.1 items 1 and 2) and no '%', '?' or
** '#' precedes d (§3.1 item 3, and the components are not part of the
** key); else the validity of a side decides ("URN:AB:1" against
** "URN:AB:2" reverses when only the first is a URN).  So a URN comparator must read
** and classify every byte of a up to d.  This one does that for pairs that
** differ in the first block and answers byte d there, which is memcmp's
** answer; on every other pair it answers memcmp without the work a URN
** comparator must do there.  It is a lower bound of the cost of the URN
** collation, not a URN collation, and its order is BINARY's. */
static int floorCollate(void *pArg, int nA, const void *pA, int nB,
                        const void *pB){
  const unsigned char *a = (const unsigned char*)pA;
  const unsigned char *b = (const unsigned char*)pB;
  if( nA>=BLOCK && nB>=BLOCK ){
    Blk wa = blkLoad(a), wb = blkLoad(b);
    BlkMask colon = blkIs(wa, ':') & blkFrom(4);
    BlkMask ne = blkNe(wa, wb);
    if( ne && colon ){
      unsigned d = blkFirst(ne);
      BlkMask before = blkBefore(d);
      BlkMask stop = blkFoldStops(wa);
      if( (colon & before) && !(blkUpper(wa) & blkBefore(blkFirst(colon)))
       && !(stop & before) && (urnClass[a[d]] & urnClass[b[d]] & UC_RUN) ){
        return a[d]<b[d] ? -1 : 1;
      }
    }
  }
  return memcmpCollate(pArg, nA, pA, nB, pB);
}

static void die(const char *zWhat, sqlite3 *db){
  fprintf(stderr, "bench: %s: %s\n", zWhat, db ? sqlite3_errmsg(db) : "");
  exit(1);
}

static void exec(sqlite3 *db, const char *zSql){
  char *zErr = 0;
  if( sqlite3_exec(db, zSql, 0, 0, &zErr)!=SQLITE_OK ){
    fprintf(stderr, "bench: %s\n  in: %s\n", zErr ? zErr : "?", zSql);
    exit(1);
  }
}

static sqlite3_stmt *prepare(sqlite3 *db, const char *zSql){
  sqlite3_stmt *p = 0;
  if( sqlite3_prepare_v2(db, zSql, -1, &p, 0)!=SQLITE_OK ) die(zSql, db);
  return p;
}

static i64 queryInt(sqlite3 *db, const char *zSql){
  sqlite3_stmt *p = prepare(db, zSql);
  i64 v = 0;
  if( sqlite3_step(p)==SQLITE_ROW ) v = sqlite3_column_int64(p, 0);
  sqlite3_finalize(p);
  return v;
}

/* Run p to completion; return the seconds taken and, in *pVal (if not 0),
** the integer in column 0 of the last row, in *pRows the row count. */
static double runStmt(sqlite3 *db, sqlite3_stmt *p, i64 *pVal, i64 *pRows){
  double t0 = now(), t;
  i64 nRow = 0;
  int rc;
  while( (rc = sqlite3_step(p))==SQLITE_ROW ){
    nRow++;
    if( pVal ) *pVal = sqlite3_column_int64(p, 0);
  }
  t = now()-t0;
  if( rc!=SQLITE_DONE ) die(sqlite3_sql(p), db);
  sqlite3_reset(p);
  if( pRows ) *pRows = nRow;
  return t;
}

static double timeExec(sqlite3 *db, const char *zSql){
  double t0 = now();
  exec(db, zSql);
  return now()-t0;
}

/* The statements of timeQueries(), with what the first run returned. */
typedef struct Queries {
  sqlite3 *db;
  sqlite3_stmt **ap;
  i64 *aVal, *aRows;
} Queries;

/* alternate()'s xRun: statement q once, checked against its first run. */
static double runQuery(void *pCtx, int q){
  Queries *p = (Queries*)pCtx;
  i64 v = 0, nRow = 0;
  double t = runStmt(p->db, p->ap[q], &v, &nRow);
  if( v!=p->aVal[q] || nRow!=p->aRows[q] ){
    fprintf(stderr, "bench: unstable result: %s\n", sqlite3_sql(p->ap[q]));
    exit(1);
  }
  return t;
}

/* Time the n (at most 16) statements azSql, nRep alternating runs each
** (alternate()), after a first run of each that warms the caches and
** that every later run must repeat: the integer in column 0 of the last
** row and the row count.  aMedian[q] gets statement q's median seconds,
** aVal[q] and aRows[q] (where not 0) what it returned.  A new row of the
** table is a statement here and a row() or rowTarget() below. */
static void timeQueries(sqlite3 *db, const char *const *azSql, int n,
                        int nRep, double *aMedian, i64 *aVal, i64 *aRows){
  sqlite3_stmt *ap[16];
  i64 aV[16], aR[16];
  Queries x;
  int q;
  if( n>16 ){ fprintf(stderr, "bench: timeQueries: too many\n"); exit(1); }
  for(q=0; q<n; q++){
    ap[q] = prepare(db, azSql[q]);
    aV[q] = 0;
    runStmt(db, ap[q], &aV[q], &aR[q]);
  }
  x.db = db;
  x.ap = ap;
  x.aVal = aV;
  x.aRows = aR;
  alternate(n, nRep, runQuery, &x, aMedian);
  for(q=0; q<n; q++){
    if( aVal ) aVal[q] = aV[q];
    if( aRows ) aRows[q] = aR[q];
    sqlite3_finalize(ap[q]);
  }
}

/* A row of measurement 6: heap allocations per call or comparison (target
** 0), with the two counters behind the figure. */
static void allocRow(Out *o, const char *zWhat, const char *zAgainst,
                     const char *zPer, const char *zCalls, double perCall,
                     u64 nSqlite, u64 nLibc, i64 nCall){
  char zBuf[200];
  snprintf(zBuf, sizeof(zBuf), "%.3f per %s (sqlite3_malloc %llu, libc "
           "%s%llu in %lld%s)", perCall, zPer, (unsigned long long)nSqlite,
           bLibcCounted ? "" : "n/a ", (unsigned long long)nLibc,
           (long long)nCall, zCalls);
  row(o, "6", zWhat, zAgainst, -1, "0", verdict(perCall==0), zBuf);
}

/* ---- Measurement 5: the C core ----------------------------------------- */

/* parse + key of every string into zOut (key(s) = s for a non-URN). */
static size_t coreKey(const Corpus *c, unsigned char *zOut){
  i64 i;
  size_t nValid = 0;
  for(i=0; i<c->n; i++){
    const unsigned char *z = c->z + c->aOff[i];
    size_t n = c->aLen[i];
    UrnParts parts;
    if( urnScan(z, n, URN_MODE_RFC8141, &parts, 0) ){
      urnKeyWrite(z, &parts, zOut + c->aOff[i]);
      nValid++;
    }else{
      memcpy(zOut + c->aOff[i], z, n);
    }
  }
  return nValid;
}

/* A plain byte-by-byte lower-casing copy of every string, through a
** 256-entry table as SQLite's lower() does. */
static size_t coreLower(const Corpus *c, unsigned char *zOut,
                        const unsigned char *aLower){
  i64 i;
  size_t j;
  for(i=0; i<c->n; i++){
    const unsigned char *z = c->z + c->aOff[i];
    unsigned char *o = zOut + c->aOff[i];
    size_t n = c->aLen[i];
    for(j=0; j<n; j++) o[j] = aLower[z[j]];
  }
  return (size_t)c->n;
}

/* ---- main --------------------------------------------------------------- */

typedef struct Opts {
  const char *zCorpus, *zExt, *zOut, *zData, *zCommit, *zOnly;
  int nRep, bDirty;
  unsigned long seed;
} Opts;

static int want(const Opts *p, int k){
  char z[4];
  const char *s;
  if( p->zOnly==0 ) return 1;
  snprintf(z, sizeof(z), "%d", k);
  for(s=p->zOnly; *s; s++){
    if( *s==z[0] && (s[1]==0 || s[1]==',') && (s==p->zOnly || s[-1]==',') ){
      return 1;
    }
  }
  return 0;
}

static void usage(const char *zArgv0){
  fprintf(stderr, "usage: %s --corpus FILE --ext LIB [--reps R] [--seed S] "
          "[--commit C] [--dirty] [--out FILE] [--data FILE] [--only 1,2,..]\n",
          zArgv0);
  exit(2);
}

/* The seconds stmt p takes with the text z[0..n) bound as ?1, NUL-
** terminated so that SQLite reads it in place (z[n] is set to 0 for the
** run, then put back): the mean of enough runs to last about 20 ms. */
static double findTime(sqlite3 *db, sqlite3_stmt *p, unsigned char *z,
                       size_t n, i64 *pVal){
  unsigned char c = z[n];
  int nLoop = n>=20000000 ? 1 : (int)(20000000/n), k;
  double t = 0;
  z[n] = 0;
  sqlite3_bind_text(p, 1, (const char*)z, -1, SQLITE_STATIC);
  for(k=0; k<nLoop; k++) t += runStmt(db, p, pVal, 0);
  sqlite3_clear_bindings(p);
  z[n] = c;
  return t/nLoop;
}

/* ripgrep's pattern for the URNs of text: "urn:", a NID-shaped run, ':',
** then anything up to a space, '"', '<' or '>'.  What a user would type;
** it validates nothing. */
#define RG_PATTERN "urn:[a-z0-9][a-z0-9-]{0,30}[a-z0-9]:[^\\s\"<>]+"

/* Write z[0..n) to a new file in $TMPDIR (or /tmp), its name to zName
** (room for 256 bytes).  Returns 0 on failure. */
static int findWriteFile(const unsigned char *z, size_t n, char *zName){
  const char *zDir = getenv("TMPDIR");
  int fd;
  size_t k = 0;
  snprintf(zName, 256, "%s/urn-bench-XXXXXX", zDir && zDir[0] ? zDir : "/tmp");
  fd = mkstemp(zName);
  if( fd<0 ) return 0;
  while( k<n ){
    ssize_t w = write(fd, z+k, n-k);
    if( w<=0 ){ close(fd); unlink(zName); return 0; }
    k += (size_t)w;
  }
  close(fd);
  return 1;
}

/* Wall time of one run of `rg -o -i RG_PATTERN zFile`, its output to
** /dev/null, from spawn to exit (posix_spawn: no copy of this process's
** pages); -1 if rg could not be run or failed (exit status 2; 1 means no
** match, which the document never gives). */
static double rgTime(const char *zFile){
  extern char **environ;
  char *azArg[6];
  posix_spawn_file_actions_t fa;
  double t0;
  int status = 0, rc;
  pid_t pid;
  azArg[0] = (char*)"rg"; azArg[1] = (char*)"-o"; azArg[2] = (char*)"-i";
  azArg[3] = (char*)RG_PATTERN; azArg[4] = (char*)zFile; azArg[5] = 0;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  t0 = now();
  rc = posix_spawnp(&pid, "rg", &fa, 0, azArg, environ);
  posix_spawn_file_actions_destroy(&fa);
  if( rc!=0 ) return -1;
  if( waitpid(pid, &status, 0)!=pid || !WIFEXITED(status)
   || WEXITSTATUS(status)!=0 ){
    return -1;
  }
  return now()-t0;
}

/* The number of matches rg finds in zFile (rg --count-matches), or -1. */
static i64 rgCount(const char *zFile){
  char zCmd[512], zLine[64];
  FILE *p;
  i64 n = -1;
  snprintf(zCmd, sizeof(zCmd), "rg -o -i --count-matches '%s' '%s' 2>/dev/null",
           RG_PATTERN, zFile);
  p = popen(zCmd, "r");
  if( p==0 ) return -1;
  if( fgets(zLine, sizeof(zLine), p) ) n = atoll(zLine);
  pclose(p);
  return n;
}

/* Measurement 8 (issue 28): urn_find over one document of BENCH_N*100
** bytes (100 MB at the default BENCH_N) against length(lower(T)) over the
** same text, a pass that copies every byte, and against ripgrep (rg -o,
** RG_PATTERN) over the same text written to a file, its wall time from
** fork to exit, output to /dev/null, alternated with the two in the same
** run; and how its time grows from 1 MB to the whole document (the
** exponent of a log-log fit).  Without rg on the PATH its rows say so.
** Measures and prints its own rows, after the rest of the table. */
static void benchFind(sqlite3 *db, Out *o, const Opts *opt, i64 nRow){
  static const size_t aMB[] = { 1, 3, 10, 30, 100, 300 };
  size_t nDoc = (size_t)nRow*100, aSize[8];
  double aTf[8], aTl[8], aTr[8], aTimes[3][MAXREPS];
  i64 nUrn, nFound = 0, nLen = 0, v, nRg = -1;
  char zFile[256];
  int bRg;
  unsigned char *z;
  sqlite3_stmt *pFind, *pLower, *pCount;
  char zBuf[256], zWhat[64], zAlloc[160];
  double allocPerRow;
  int nSize = 0, s, r, q;
  if( nDoc<1000000 ) nDoc = 1000000;
  if( nDoc>500000000 ) nDoc = 500000000;   /* under SQLITE_LIMIT_LENGTH */
  for(s=0; s<(int)(sizeof(aMB)/sizeof(aMB[0])); s++){
    if( aMB[s]*1000000<nDoc ) aSize[nSize++] = aMB[s]*1000000;
  }
  aSize[nSize++] = nDoc;
  fprintf(stderr, "bench: [8] urn_find over a %.0f MB document\n",
          (double)nDoc/1e6);
  z = findDocument(nDoc, opt->seed, &nUrn);
  /* Every row's urn and start are read. */
  pFind = prepare(db, "SELECT sum(length(urn) + start) FROM urn_find(?1)");
  pLower = prepare(db, "SELECT length(lower(?1))");
  pCount = prepare(db, "SELECT count(*) FROM urn_find(?1)");
  findTime(db, pCount, z, nDoc, &nFound);
  findTime(db, pLower, z, nDoc, &nLen);
  bRg = findWriteFile(z, nDoc, zFile) && rgTime(zFile)>=0;
  if( bRg ){
    nRg = rgCount(zFile);
    unlink(zFile);
  }else{
    fprintf(stderr, "bench: rg (ripgrep) not run: not on the PATH, or no "
            "room in $TMPDIR\n");
  }
  for(s=0; s<nSize; s++){
    i64 vFind = 0;
    int bFile = bRg && findWriteFile(z, aSize[s], zFile);
    findTime(db, pFind, z, aSize[s], &vFind);          /* warm-up */
    if( bFile ) rgTime(zFile);                         /* page cache */
    for(r=0; r<opt->nRep; r++){
      for(q=0; q<3; q++){
        int k = (r+q)%3;                 /* each of the three goes first */
        if( k==2 ){
          aTimes[2][r] = bFile ? rgTime(zFile) : -1;
          continue;
        }
        aTimes[k][r] = findTime(db, k ? pLower : pFind, z, aSize[s], &v);
        if( k==0 && v!=vFind ){
          fprintf(stderr, "bench: unstable urn_find result\n");
          exit(1);
        }
      }
    }
    if( bFile ) unlink(zFile);
    aTf[s] = median(aTimes[0], opt->nRep);
    aTl[s] = median(aTimes[1], opt->nRep);
    aTr[s] = bFile ? median(aTimes[2], opt->nRep) : -1;
  }
  /* Heap allocations per row: SQLite's allocator counted over one run on
  ** the whole document and one on its first megabyte, the difference
  ** divided by the difference in rows (target 0: only the cursor, once per
  ** query, and its buffer, grown to the longest URN). */
  {
    size_t nSmall = aSize[0];
    i64 nRowSmall = 0;
    unsigned char c = z[nSmall];
    u64 a0, aAll, aSmall;
    findTime(db, pCount, z, nSmall, &nRowSmall);
    z[nSmall] = 0;
    sqlite3_bind_text(pFind, 1, (const char*)z, -1, SQLITE_STATIC);
    a0 = nSqliteAlloc;
    runStmt(db, pFind, &v, 0);
    aSmall = nSqliteAlloc-a0;
    z[nSmall] = c;
    sqlite3_bind_text(pFind, 1, (const char*)z, -1, SQLITE_STATIC);
    a0 = nSqliteAlloc;
    runStmt(db, pFind, &v, 0);
    aAll = nSqliteAlloc-a0;
    sqlite3_clear_bindings(pFind);
    allocPerRow = nFound>nRowSmall
      ? ((double)aAll-(double)aSmall)/(double)(nFound-nRowSmall) : 0;
    snprintf(zAlloc, sizeof(zAlloc), "%.3f per row (sqlite3_malloc %llu "
             "for %lld rows, %llu for %lld)", allocPerRow,
             (unsigned long long)aAll, (long long)nFound,
             (unsigned long long)aSmall, (long long)nRowSmall);
  }
  sqlite3_finalize(pFind);
  sqlite3_finalize(pLower);
  sqlite3_finalize(pCount);
  free(z);

  out(o, "\nurn_find over one document: prose, a URN every 150 to 450 bytes "
      "(%lld written, %lld found)\n", (long long)nUrn, (long long)nFound);
  tableHead(o);
  {
    double tF = aTf[nSize-1], tL = aTl[nSize-1];
    double aX[8], sF, sL;
    snprintf(zWhat, sizeof(zWhat), "urn_find(T), T of %.0f MB",
             (double)nDoc/1e6);
    snprintf(zBuf, sizeof(zBuf), "%.0f ms vs %.0f ms; %.0f MB/s, %.0f ns "
             "per row", tF*1e3, tL*1e3, (double)nDoc/tF/1e6,
             tF*1e9/(double)(nFound ? nFound : 1));
    row(o, "9", zWhat, "length(lower(T))", tF/tL, "<= 1.5x",
        verdict(tF/tL<=1.5), zBuf);
    if( aTr[nSize-1]>0 ){
      double tR = aTr[nSize-1];
      snprintf(zBuf, sizeof(zBuf), "%.0f ms vs %.0f ms wall; rg -o -i "
               "finds %lld matches, unvalidated", tF*1e3, tR*1e3,
               (long long)nRg);
      row(o, "9", zWhat, "rg -o (ripgrep), a file", tF/tR, "-", "", zBuf);
    }else{
      row(o, "9", zWhat, "rg -o (ripgrep), a file", -1, "-", "",
          "not measured: rg is not on the PATH (tools/prereqs.sh ripgrep)");
    }
    for(s=0; s<nSize; s++) aX[s] = (double)aSize[s];
    sF = loglogSlope(aX, aTf, nSize);
    sL = loglogSlope(aX, aTl, nSize);
    snprintf(zBuf, sizeof(zBuf), "log-log slope %.3f (lower() %.3f) from "
             "%.0f MB to %.0f MB", sF, sL, (double)aSize[0]/1e6,
             (double)nDoc/1e6);
    row(o, "9", "urn_find growth (slope of log t)", "1: linear", -1,
        "<= 1.05", verdict(nSize<2 || sF<=1.05), zBuf);
    row(o, "9", "heap allocations per urn_find row", "-", -1, "0",
        verdict(allocPerRow<=0), zAlloc);
  }
  out(o, "\nscaling (medians): urn_find(T), length(lower(T)) and rg -o, ms\n");
  out(o, "%10s %10s %10s %8s %10s %8s\n", "MB", "urn_find", "lower", "ratio",
      "rg", "ratio");
  for(s=0; s<nSize; s++){
    out(o, "%10.0f %10.1f %10.1f %7.2fx", (double)aSize[s]/1e6,
        aTf[s]*1e3, aTl[s]*1e3, aTf[s]/aTl[s]);
    if( aTr[s]>0 ){
      out(o, " %10.1f %7.2fx\n", aTr[s]*1e3, aTf[s]/aTr[s]);
    }else{
      out(o, " %10s %8s\n", "-", "-");
    }
  }
  (void)nLen;
}

int main(int argc, char **argv){
  Opts opt;
  Corpus corpus;
  sqlite3 *db = 0;
  Out o;
  FILE *fData = 0;
  char *zErr = 0;
  char zCpu[256], zDate[64], zBuf[512], zLabel[64];
  struct utsname un;
  int i, r;
  i64 N, nUniq = 0, nValid = 0, nPairs = 0;
  double aT[10][MAXREPS];
  double load0, load1;

  memset(&opt, 0, sizeof(opt));
  opt.nRep = 5;
  opt.seed = 1;
  opt.zCommit = "unknown";
  for(i=1; i<argc; i++){
    const char *a = argv[i];
    const char *v = i+1<argc ? argv[i+1] : 0;
    if( strcmp(a, "--dirty")==0 ){ opt.bDirty = 1; continue; }
    if( v==0 ) usage(argv[0]);
    if( strcmp(a, "--corpus")==0 ) opt.zCorpus = v;
    else if( strcmp(a, "--ext")==0 ) opt.zExt = v;
    else if( strcmp(a, "--out")==0 ) opt.zOut = v;
    else if( strcmp(a, "--data")==0 ) opt.zData = v;
    else if( strcmp(a, "--commit")==0 ) opt.zCommit = v;
    else if( strcmp(a, "--only")==0 ) opt.zOnly = v;
    else if( strcmp(a, "--reps")==0 ) opt.nRep = atoi(v);
    else if( strcmp(a, "--seed")==0 ) opt.seed = strtoul(v, 0, 10);
    else usage(argv[0]);
    i++;
  }
  if( opt.zCorpus==0 || opt.zExt==0 ) usage(argv[0]);
  if( opt.nRep<5 ){
    fprintf(stderr, "bench: --reps is at least 5 (median of >= 5 runs)\n");
    return 2;
  }
  if( opt.nRep>MAXREPS ) opt.nRep = MAXREPS;
  bLibcCounted = LIBC_COUNTED;

  load0 = loadAvg();
  installCountingAllocator();
  if( sqlite3_initialize()!=SQLITE_OK ) die("sqlite3_initialize", 0);
  loadCorpus(opt.zCorpus, &corpus);
  N = corpus.n;
  if( N<100 ){ fprintf(stderr, "bench: corpus too small\n"); return 1; }

  /* The database: in memory, temp store in memory so that every sort runs
  ** in memory too (the sorter then never spills to temporary files). */
  if( sqlite3_open(":memory:", &db)!=SQLITE_OK ) die("open", db);
  sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 1, (int*)0);
  if( sqlite3_load_extension(db, opt.zExt, "sqlite3_urn_init", &zErr)
      !=SQLITE_OK ){
    fprintf(stderr, "bench: cannot load %s: %s\n", opt.zExt, zErr);
    return 1;
  }
  sqlite3_create_collation_v2(db, "MEMCMP", SQLITE_UTF8, 0, memcmpCollate, 0);
  sqlite3_create_collation_v2(db, "URN_FLOOR", SQLITE_UTF8, 0, floorCollate, 0);
  exec(db, "PRAGMA temp_store=MEMORY; PRAGMA cache_size=-1000000;");
  fprintf(stderr, "bench: %lld rows, %.1f MB; loading\n", (long long)N,
          (double)corpus.nByte/1e6);

  /* c: every row of the corpus, in corpus order, as TEXT. */
  {
    sqlite3_stmt *p;
    i64 k;
    exec(db, "CREATE TABLE c(x TEXT); BEGIN");
    p = prepare(db, "INSERT INTO c(x) VALUES(?1)");
    for(k=0; k<N; k++){
      sqlite3_bind_text(p, 1, (const char*)corpus.z+corpus.aOff[k],
                        (int)corpus.aLen[k], SQLITE_STATIC);
      if( sqlite3_step(p)!=SQLITE_DONE ) die("insert", db);
      sqlite3_reset(p);
    }
    sqlite3_finalize(p);
    exec(db, "COMMIT");
    if( queryInt(db, "SELECT count(*) FROM c WHERE typeof(x)<>'text'")!=0 ){
      fprintf(stderr, "bench: column c.x holds values that are not TEXT\n");
      return 1;
    }
    nValid = queryInt(db, "SELECT sum(urn_valid(x)) FROM c");
  }

  /* u: the rows of c less every later duplicate under URN_NS, then under
  ** NOCASE, in corpus order.  Whatever is equal under BINARY or URN is
  ** equal under URN_NS, so URN_NS-distinct rows are distinct under both:
  ** a UNIQUE index builds on u under every collation of measurement 3. */
  if( want(&opt, 3) || want(&opt, 8) ){
    exec(db,
      "CREATE TEMP TABLE t1(x TEXT);"
      "INSERT INTO t1 SELECT x FROM c WHERE rowid IN"
      " (SELECT min(rowid) FROM c GROUP BY x COLLATE URN_NS) ORDER BY rowid;"
      "CREATE TABLE u(x TEXT);"
      "INSERT INTO u SELECT x FROM t1 WHERE rowid IN"
      " (SELECT min(rowid) FROM t1 GROUP BY x COLLATE NOCASE) ORDER BY rowid;"
      "DROP TABLE t1;"
      /* The same rows stored as urn_normalize() writes them (RFC 8141
      ** §3.1: lower-case scheme and NID, upper-case %XX): still distinct
      ** under URN, and so under BINARY, since the key is unchanged. */
      "CREATE TABLE un(x TEXT);"
      "INSERT INTO un SELECT coalesce(urn_normalize(x), x) FROM u"
      " ORDER BY rowid;"
      /* us: u with its sort key stored (docs/collations.md, "Big
      ** tables"); distinct keys, since the rows are distinct under URN. */
      "CREATE TABLE us(x TEXT, k TEXT AS (urn_key(x)) STORED);"
      "INSERT INTO us(x) SELECT x FROM u ORDER BY rowid;");
    nUniq = queryInt(db, "SELECT count(*) FROM u");
  }

  /* cs: every row of c with its sort key stored, as us. */
  if( want(&opt, 3) || want(&opt, 4) ){
    exec(db, "CREATE TABLE cs(x TEXT, k TEXT AS (urn_key(x)) STORED);"
             "INSERT INTO cs(x) SELECT x FROM c ORDER BY rowid;");
  }

  /* pairs: N comparisons, half of neighbours, half of far rows. */
  if( want(&opt, 6) || want(&opt, 3) ){
    snprintf(zBuf, sizeof(zBuf),
      "CREATE TABLE pairs(x TEXT, y TEXT);"
      "INSERT INTO pairs SELECT a.x, b.x FROM c a JOIN c b ON b.rowid ="
      " CASE WHEN a.rowid%%2 THEN a.rowid%%%lld+1"
      " ELSE (a.rowid*7919)%%%lld+1 END;", (long long)N, (long long)N);
    exec(db, zBuf);
    nPairs = queryInt(db, "SELECT count(*) FROM pairs");
  }

  if( opt.zOut ){
    o.f = fopen(opt.zOut, "w");
    if( o.f==0 ){ perror(opt.zOut); return 1; }
  }else{
    o.f = 0;
  }
  if( opt.zData ){
    fData = fopen(opt.zData, "w");
    if( fData==0 ){ perror(opt.zData); return 1; }
  }

  {
    time_t t = time(0);
    strftime(zDate, sizeof(zDate), "%Y-%m-%d %H:%M UTC", gmtime(&t));
  }
  cpuModel(zCpu, sizeof(zCpu));
  if( uname(&un)!=0 ) snprintf(un.machine, sizeof(un.machine), "unknown");

  /* The header is printed last but computed here; collect results first. */
  {
    /* Results, filled by the measurements that run. */
    double mLen=0, mLower=0, mCanon=0, mValid=0, mNid=0, mNss=0, mNorm=0;
    double mUrl=0, mUrlLk=0, mFromUrl=0, mEpc=0, mEpcLower=0;
    double aMU[8] = {0}, aMA[8] = {0}, mUnB=0, mUnU=0;
    double aMO[8] = {0};
    double aML[8] = {0}, mInsB=0, mInsK=0;
    /* Point lookups of measurement 8: a tenth of the rows, 100,000 for the
    ** default million (fewer keep CI's small run short), in ten slices. */
    const int nProbe = (N/10 > 100000 ? 100000 : N/10 < 1000 ? 1000
                        : (int)(N/10)) / 10 * 10;
    i64 nLookRows[8] = {0};
    double nBytesC = -1, nBytesCs = -1;
    double mCB=0, mCU=0;
    double mKey=0, mLowCopy=0;
    int nCoreLoop = 1;
    double allocValid = -1, allocCmp = -1, allocLower = -1, allocCore = -1;
    double allocCanon = -1, allocCmpNs = -1, allocKey = -1, allocNss = -1;
    u64 nAllocValidS=0, nAllocValidL=0, nAllocCmpS=0, nAllocCmpL=0;
    u64 nAllocCmpNsS=0, nAllocCmpNsL=0;
    static const int aSize[] = { 10000, 30000, 100000, 300000, 1000000 };
    int nScale = 0;
    double aScaleN[8], aScaleT[8][4];
    double aNs[8], aB[8], aN[8], aU[8], aK[8];
    static const size_t aBytes[] = {
      16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576
    };
    int nBytes = (int)(sizeof(aBytes)/sizeof(aBytes[0]));
    double aByteUrn[16], aByteLow[16];

    /* 1 and 2: scalar functions over a table scan. */
    if( want(&opt, 1) || want(&opt, 2) ){
      static const char *const azQ[] = {
        "SELECT sum(length(x)) FROM c",
        "SELECT sum(length(lower(x))) FROM c",
        "SELECT sum(length(urn_canonical(x))) FROM c",
        "SELECT sum(urn_valid(x)) FROM c",
        "SELECT sum(length(urn_nid(x))) FROM c",
        "SELECT sum(length(urn_nss(x))) FROM c",
        "SELECT sum(length(urn_normalize(x))) FROM c",
        "SELECT sum(length(urn_url(x))) FROM c",
        "SELECT sum(length(urn_url(x))) FROM lk",
        "SELECT sum(length(urn_from_url(u, g))) FROM lk",
        "SELECT sum(length(urn_epc_from_hex(h))) FROM rd",
        "SELECT sum(length(lower(h))) FROM rd",
      };
      enum { NQ = 12 };
      double aM[NQ];
      fprintf(stderr, "bench: [1,2] scalar functions\n");
      /* The names that link, with their links, for urn_from_url against
      ** urn_url on the same names: the corpus's (NBN, IETF, ...) and an
      ** SGTIN for every tenth row (the corpus has no EPCs), each with the
      ** length of its GS1 company prefix (g: the digits before the first
      ** '.'; NULL for the others). */
      exec(db, "CREATE TABLE lk AS"
               " WITH n(x) AS (SELECT x FROM c UNION ALL"
               "   SELECT 'urn:epc:id:sgtin:' || (600000 + rowid % 1000)"
               "          || '.' || (1000000 + rowid % 9000000) || '.'"
               "          || rowid FROM c WHERE rowid % 10 = 0)"
               " SELECT x, urn_url(x) AS u,"
               "   CASE WHEN x GLOB 'urn:epc:id:*' THEN"
               "     length(substr(x, 1, instr(x, '.')-1))"
               "     - length(rtrim(substr(x, 1, instr(x, '.')-1),"
               "                    '0123456789')) END AS g"
               " FROM n WHERE urn_url(x) IS NOT NULL");
      /* EPC reads (issue 48): 1,000,000 SGTIN-96 reads as an RFID reader
      ** reports them, 24 hex digits, distinct serials, whatever N is. */
      exec(db, "CREATE TABLE rd AS WITH RECURSIVE n(i) AS (VALUES (0)"
               " UNION ALL SELECT i+1 FROM n WHERE i < 999999)"
               " SELECT '3074257BF7194E40'"
               " || printf('%08X', (i * 2654435761) % 4294967296) AS h"
               " FROM n");
      timeQueries(db, azQ, NQ, opt.nRep, aM, 0, 0);
      mLen = aM[0];
      mLower = aM[1];
      mCanon = aM[2];
      mValid = aM[3];
      mNid = aM[4];
      mNss = aM[5];
      mNorm = aM[6];
      mUrl = aM[7];
      mUrlLk = aM[8];
      mFromUrl = aM[9];
      mEpc = aM[10];
      mEpcLower = aM[11];
    }

    /* 3: index builds, the two ways.  UNIQUE on u (the rows distinct
    ** under every collation) under six collations, on urn_key(x) and on
    ** the stored key; then a plain index on all of c, respellings
    ** included, where pairs equal under URN are common and cost the most
    ** (read to the end on both sides).  The comparator alone (x < y over
    ** the pairs) for reference. */
    if( want(&opt, 3) ){
      static const char *const azUniq[] = {
        "u(x COLLATE BINARY)", "u(x COLLATE NOCASE)", "u(x COLLATE URN)",
        "u(x COLLATE MEMCMP)", "u(x COLLATE URN_NS)", "u(x COLLATE URN_FLOOR)",
        "u(urn_key(x))", "us(k)"
      };
      static const char *const azAll[] = {
        "c(x COLLATE BINARY)", "c(x COLLATE NOCASE)", "c(x COLLATE URN)",
        "c(x COLLATE MEMCMP)", "c(x COLLATE URN_NS)", "c(urn_key(x))",
        "cs(k)"
      };
      const int nUniqIdx = (int)(sizeof(azUniq)/sizeof(azUniq[0]));
      const int nAllIdx = (int)(sizeof(azAll)/sizeof(azAll[0]));
      sqlite3_stmt *apCmp[2];
      fprintf(stderr, "bench: [3] UNIQUE index on %lld rows\n",
              (long long)nUniq);
      for(r=0; r<opt.nRep; r++){
        for(i=0; i<nUniqIdx; i++){
          int q = (i+r)%nUniqIdx;
          snprintf(zBuf, sizeof(zBuf), "CREATE UNIQUE INDEX ui ON %s",
                   azUniq[q]);
          aT[q][r] = timeExec(db, zBuf);
          exec(db, "DROP INDEX ui");
        }
      }
      for(i=0; i<nUniqIdx; i++) aMU[i] = median(aT[i], opt.nRep);
      /* The same, on the rows stored normalized. */
      for(r=0; r<opt.nRep; r++){
        for(i=0; i<2; i++){
          int q = (r&1) ? 1-i : i;
          snprintf(zBuf, sizeof(zBuf),
                   "CREATE UNIQUE INDEX ui ON un(x COLLATE %s)",
                   q ? "URN" : "BINARY");
          aT[q][r] = timeExec(db, zBuf);
          exec(db, "DROP INDEX ui");
        }
      }
      mUnB = median(aT[0], opt.nRep);
      mUnU = median(aT[1], opt.nRep);
      fprintf(stderr, "bench: [3] index on all %lld rows\n", (long long)N);
      for(r=0; r<opt.nRep; r++){
        for(i=0; i<nAllIdx; i++){
          int q = (i+r)%nAllIdx;
          snprintf(zBuf, sizeof(zBuf), "CREATE INDEX ai ON %s", azAll[q]);
          aT[q][r] = timeExec(db, zBuf);
          exec(db, "DROP INDEX ai");
        }
      }
      for(i=0; i<nAllIdx; i++) aMA[i] = median(aT[i], opt.nRep);
      apCmp[0] = prepare(db, "SELECT sum(x < y COLLATE BINARY) FROM pairs");
      apCmp[1] = prepare(db, "SELECT sum(x < y COLLATE URN) FROM pairs");
      runStmt(db, apCmp[0], 0, 0);
      runStmt(db, apCmp[1], 0, 0);
      for(r=0; r<opt.nRep; r++){
        for(i=0; i<2; i++){
          int q = (r&1) ? 1-i : i;
          aT[q][r] = runStmt(db, apCmp[q], 0, 0);
        }
      }
      mCB = median(aT[0], opt.nRep);
      mCU = median(aT[1], opt.nRep);
      sqlite3_finalize(apCmp[0]);
      sqlite3_finalize(apCmp[1]);
    }

    /* 4: a full ORDER BY, every row stepped through, with no index: the
    ** sorter compares with the collation, or on urn_key(x) computed once
    ** per row, or on the stored k. */
    if( want(&opt, 4) ){
      static const char *const azQ[] = {
        "SELECT x FROM c ORDER BY x COLLATE BINARY",
        "SELECT x FROM c ORDER BY x COLLATE NOCASE",
        "SELECT x FROM c ORDER BY x COLLATE URN",
        "SELECT x FROM c ORDER BY x COLLATE MEMCMP",
        "SELECT x FROM c ORDER BY x COLLATE URN_NS",
        "SELECT x FROM c ORDER BY x COLLATE URN_FLOOR",
        "SELECT x FROM c ORDER BY urn_key(x)",
        "SELECT x FROM cs ORDER BY k",
      };
      enum { nQ = sizeof(azQ)/sizeof(azQ[0]) };
      i64 aRows[nQ];
      fprintf(stderr, "bench: [4] ORDER BY over %lld rows\n", (long long)N);
      timeQueries(db, azQ, nQ, opt.nRep, aMO, 0, aRows);
      for(i=0; i<nQ; i++){
        if( aRows[i]!=N ){ fprintf(stderr, "bench: ORDER BY lost rows\n"); return 1; }
      }
    }

    /* 5: the C core, no SQLite.  Small corpora are walked several times
    ** per run so that a run lasts long enough to time. */
    if( want(&opt, 5) ){
      unsigned char *zOut = xmalloc(corpus.z ? corpus.aOff[N-1]+corpus.aLen[N-1]+1 : 1);
      unsigned char aLower[256];
      size_t sink = 0;
      int k;
      fprintf(stderr, "bench: [5] C core\n");
      for(k=0; k<256; k++) aLower[k] = (unsigned char)((k>='A' && k<='Z') ? k+32 : k);
      nCoreLoop = corpus.nByte>=30000000 ? 1 : (int)(30000000/corpus.nByte)+1;
      sink += coreKey(&corpus, zOut) + coreLower(&corpus, zOut, aLower);
      for(r=0; r<opt.nRep; r++){
        for(i=0; i<2; i++){
          int q = (r&1) ? 1-i : i;
          double t0 = now();
          for(k=0; k<nCoreLoop; k++){
            sink += q==0 ? coreKey(&corpus, zOut)
                         : coreLower(&corpus, zOut, aLower);
          }
          aT[q][r] = now()-t0;
          sink += zOut[(size_t)r % (corpus.nByte+1)];
        }
      }
      mKey = median(aT[0], opt.nRep);
      mLowCopy = median(aT[1], opt.nRep);
      if( sink==0 ) fprintf(stderr, "bench: (sink)\n");

      /* Allocations of the core: every libc malloc of the process counted. */
      {
        u64 n0 = nLibcAlloc;
        i64 j;
        int acc = 0;
        coreKey(&corpus, zOut);
        for(j=0; j+1<N; j++){
          acc += urnCompare(URN_MODE_RFC8141,
                            corpus.z+corpus.aOff[j], corpus.aLen[j],
                            corpus.z+corpus.aOff[j+1], corpus.aLen[j+1]) < 0;
        }
        allocCore = (double)(nLibcAlloc-n0);
        if( acc<0 ) fprintf(stderr, "bench: (acc)\n");
      }
      free(zOut);
    }

    /* 6: allocations per urn_valid call and per comparison, counted over
    ** whole queries against the same query with a built-in. */
    if( want(&opt, 6) ){
      static const char *const azQ[] = {
        "SELECT sum(length(x)) FROM c",
        "SELECT sum(urn_valid(x)) FROM c",
        "SELECT sum(x < y COLLATE BINARY) FROM pairs",
        "SELECT sum(x < y COLLATE URN) FROM pairs",
        "SELECT sum(length(lower(x))) FROM c",
        "SELECT sum(length(urn_canonical(x))) FROM c",
        "SELECT sum(x < y COLLATE URN_NS) FROM pairs",
        "SELECT count(urn_key(x)) FROM c",
        "SELECT count(urn_nss(x)) FROM c",
      };
      u64 aS[9], aL[9];
      fprintf(stderr, "bench: [6] heap allocations\n");
      for(i=0; i<9; i++){
        sqlite3_stmt *p = prepare(db, azQ[i]);
        u64 s0 = nSqliteAlloc, l0 = nLibcAlloc;
        runStmt(db, p, 0, 0);
        aS[i] = nSqliteAlloc-s0;
        aL[i] = nLibcAlloc-l0;
        sqlite3_finalize(p);
      }
      nAllocValidS = aS[1]>aS[0] ? aS[1]-aS[0] : 0;
      nAllocValidL = aL[1]>aL[0] ? aL[1]-aL[0] : 0;
      nAllocCmpS = aS[3]>aS[2] ? aS[3]-aS[2] : 0;
      nAllocCmpL = aL[3]>aL[2] ? aL[3]-aL[2] : 0;
      nAllocCmpNsS = aS[6]>aS[2] ? aS[6]-aS[2] : 0;
      nAllocCmpNsL = aL[6]>aL[2] ? aL[6]-aL[2] : 0;
      allocValid = (double)(nAllocValidS>nAllocValidL ? nAllocValidS : nAllocValidL)/(double)N;
      allocCmp = (double)(nAllocCmpS>nAllocCmpL ? nAllocCmpS : nAllocCmpL)/(double)nPairs;
      allocCmpNs = (double)(nAllocCmpNsS>nAllocCmpNsL ? nAllocCmpNsS
                            : nAllocCmpNsL)/(double)nPairs;
      allocLower = (double)(aS[4]>aS[0] ? aS[4]-aS[0] : 0)/(double)N;
      allocCanon = (double)(aS[5]>aS[0] ? aS[5]-aS[0] : 0)/(double)N;
      allocKey = (double)(aS[7]>aS[0] ? aS[7]-aS[0] : 0)/(double)N;
      allocNss = (double)(aS[8]>aS[0] ? aS[8]-aS[0] : 0)/(double)N;
    }

    /* 7a: CREATE INDEX time against the number of rows; at N rows, the
    ** plain index of measurement 3 if it ran. */
    if( want(&opt, 7) ){
      static const char *const azSpec[] = {
        "x COLLATE BINARY", "x COLLATE NOCASE", "x COLLATE URN", "urn_key(x)"
      };
      enum { nSpec = sizeof(azSpec)/sizeof(azSpec[0]) };
      int s;
      for(s=0; s<(int)(sizeof(aSize)/sizeof(aSize[0])); s++){
        if( aSize[s]<=N ) aScaleN[nScale++] = aSize[s];
      }
      if( nScale==0 || aScaleN[nScale-1]!=(double)N ){
        if( nScale<5 ) aScaleN[nScale++] = (double)N;
      }
      for(s=0; s<nScale; s++){
        i64 k = (i64)aScaleN[s];
        char zTab[32];
        if( k==N && want(&opt, 3) ){
          aScaleT[s][0] = aMA[0];
          aScaleT[s][1] = aMA[1];
          aScaleT[s][2] = aMA[2];
          aScaleT[s][3] = aMA[5];
          continue;
        }
        if( k==N ){
          snprintf(zTab, sizeof(zTab), "c");
        }else{
          snprintf(zTab, sizeof(zTab), "s%lld", (long long)k);
          snprintf(zBuf, sizeof(zBuf), "CREATE TABLE %s(x TEXT);"
                   "INSERT INTO %s SELECT x FROM c WHERE rowid<=%lld "
                   "ORDER BY rowid;", zTab, zTab, (long long)k);
          exec(db, zBuf);
        }
        fprintf(stderr, "bench: [7] CREATE INDEX on %lld rows\n", (long long)k);
        for(r=0; r<opt.nRep; r++){
          for(i=0; i<nSpec; i++){
            int q = (i+r)%nSpec;
            snprintf(zBuf, sizeof(zBuf),
                     "CREATE INDEX si ON %s(%s)", zTab, azSpec[q]);
            aT[q][r] = timeExec(db, zBuf);
            exec(db, "DROP INDEX si");
          }
        }
        for(i=0; i<nSpec; i++) aScaleT[s][i] = median(aT[i], opt.nRep);
        if( k!=N ){
          snprintf(zBuf, sizeof(zBuf), "DROP TABLE %s", zTab);
          exec(db, zBuf);
        }
      }

      /* 7b: urn_canonical and lower() of one string, per byte. */
      fprintf(stderr, "bench: [7] urn_canonical per byte, 16 B to 1 MB\n");
      {
        sqlite3_stmt *ap[2];
        int b;
        ap[0] = prepare(db, "SELECT urn_canonical(?1)");
        ap[1] = prepare(db, "SELECT lower(?1)");
        for(b=0; b<nBytes; b++){
          size_t n = aBytes[b];
          unsigned char *z = longUrn(n);
          long nCall = (long)(4000000/n) + 1, j;
          if( !urnScan(z, n, URN_MODE_RFC8141, 0, 0) ){
            fprintf(stderr, "bench: longUrn(%zu) is not a URN\n", n);
            return 1;
          }
          for(i=0; i<2; i++){
            /* -1: NUL-terminated, so SQLite reads it in place. */
            sqlite3_bind_text(ap[i], 1, (const char*)z, -1, SQLITE_STATIC);
            runStmt(db, ap[i], 0, 0);
          }
          for(r=0; r<opt.nRep; r++){
            for(i=0; i<2; i++){
              int q = (r&1) ? 1-i : i;
              double t0 = now();
              for(j=0; j<nCall; j++){
                if( sqlite3_step(ap[q])!=SQLITE_ROW ) die("per-byte", db);
                if( (size_t)sqlite3_column_bytes(ap[q], 0)!=n ){
                  fprintf(stderr, "bench: wrong result length\n");
                  return 1;
                }
                sqlite3_reset(ap[q]);
              }
              aT[q][r] = (now()-t0)/(double)nCall/(double)n*1e9;
            }
          }
          aByteUrn[b] = median(aT[0], opt.nRep);
          aByteLow[b] = median(aT[1], opt.nRep);
          for(i=0; i<2; i++) sqlite3_clear_bindings(ap[i]);
          free(z);
        }
        sqlite3_finalize(ap[0]);
        sqlite3_finalize(ap[1]);
      }
    }

    /* 8: the big-table designs: point lookups through each design's
    ** index, against x = ? through a BINARY index on the same rows.  The
    ** probes are rows of u as stored, scattered, so that every design
    ** finds each one (and on c, the key finds its respellings too).
    ** Each statement is checked to search the index meant. */
    if( want(&opt, 8) ){
      static const char *const azIdx[] = {
        "CREATE UNIQUE INDEX l0 ON u(x COLLATE BINARY)",
        "CREATE UNIQUE INDEX l1 ON u(x COLLATE URN)",
        "CREATE UNIQUE INDEX l2 ON u(urn_key(x))",
        "CREATE UNIQUE INDEX l3 ON us(k)",
        "CREATE INDEX l4 ON c(x COLLATE BINARY)",
        "CREATE INDEX l5 ON c(urn_key(x))",
      };
      static const char *const azQ[] = {
        "SELECT rowid FROM u WHERE x = ?1",
        "SELECT rowid FROM u WHERE x = ?1 COLLATE URN",
        "SELECT rowid FROM u WHERE urn_key(x) = urn_key(?1)",
        "SELECT rowid FROM us WHERE k = urn_key(?1)",
        "SELECT rowid FROM c WHERE x = ?1",
        "SELECT rowid FROM c WHERE urn_key(x) = urn_key(?1)",
      };
      enum { nQ = sizeof(azQ)/sizeof(azQ[0]) };
      sqlite3_stmt *ap[nQ];
      char **azProbe = xmalloc(sizeof(char*)*(size_t)nProbe);
      int *anProbe = xmalloc(sizeof(int)*(size_t)nProbe);
      int j;
      fprintf(stderr, "bench: [8] %d point lookups\n", nProbe);
      {
        sqlite3_stmt *p = prepare(db, "SELECT x FROM u WHERE rowid = ?1");
        for(j=0; j<nProbe; j++){
          i64 rid = ((i64)j*7919) % nUniq + 1;
          sqlite3_bind_int64(p, 1, rid);
          if( sqlite3_step(p)!=SQLITE_ROW ) die("probe", db);
          anProbe[j] = sqlite3_column_bytes(p, 0);
          azProbe[j] = xmalloc((size_t)anProbe[j]+1);
          memcpy(azProbe[j], sqlite3_column_text(p, 0), (size_t)anProbe[j]);
          azProbe[j][anProbe[j]] = 0;
          sqlite3_reset(p);
        }
        sqlite3_finalize(p);
      }
      for(i=0; i<nQ; i++){
        char zIdx[4];
        sqlite3_stmt *p;
        int bUses = 0;
        exec(db, azIdx[i]);
        snprintf(zIdx, sizeof(zIdx), "l%d", i);
        snprintf(zBuf, sizeof(zBuf), "EXPLAIN QUERY PLAN %s", azQ[i]);
        p = prepare(db, zBuf);
        while( sqlite3_step(p)==SQLITE_ROW ){
          const char *zDetail = (const char*)sqlite3_column_text(p, 3);
          if( zDetail && strstr(zDetail, "SEARCH") && strstr(zDetail, zIdx) ){
            bUses = 1;
          }
        }
        sqlite3_finalize(p);
        if( !bUses ){
          fprintf(stderr, "bench: %s does not search index %s\n", azQ[i], zIdx);
          return 1;
        }
      }
      /* A run of a statement is its nProbe lookups, in slices of
      ** nProbe/10 that alternate with the slices of the other statements:
      ** a run lasts a fraction of a second, and a machine shared with
      ** other work slows a whole run of one statement otherwise. */
      for(i=0; i<nQ; i++) ap[i] = prepare(db, azQ[i]);
      for(r=-1; r<opt.nRep; r++){       /* r = -1: warm-up, one slice */
        const int nSlice = nProbe/10;
        int k;
        for(i=0; i<nQ; i++){
          if( r>=0 ) aT[i][r] = 0;
          nLookRows[i] = 0;
        }
        for(k=0; k<(r<0 ? 1 : 10); k++){
          for(i=0; i<nQ; i++){
            int q = (i+k+(r<0 ? 0 : r))%nQ;
            double t0 = now();
            for(j=k*nSlice; j<(k+1)*nSlice; j++){
              sqlite3_bind_text(ap[q], 1, azProbe[j], anProbe[j],
                                SQLITE_STATIC);
              while( sqlite3_step(ap[q])==SQLITE_ROW ) nLookRows[q]++;
              sqlite3_reset(ap[q]);
            }
            if( r>=0 ) aT[q][r] += now()-t0;
          }
        }
      }
      for(i=0; i<nQ; i++){
        aML[i] = median(aT[i], opt.nRep);
        sqlite3_finalize(ap[i]);
      }
      /* Each UNIQUE design finds each probe once; on all rows, the key
      ** finds every equivalent spelling, x = ? only the same one. */
      if( nLookRows[0]!=nProbe || nLookRows[1]!=nProbe || nLookRows[2]!=nProbe
       || nLookRows[3]!=nProbe || nLookRows[4]<nProbe
       || nLookRows[5]<nLookRows[4] ){
        fprintf(stderr, "bench: lookups found %lld %lld %lld %lld %lld %lld"
                " rows\n", (long long)nLookRows[0], (long long)nLookRows[1],
                (long long)nLookRows[2], (long long)nLookRows[3],
                (long long)nLookRows[4], (long long)nLookRows[5]);
        return 1;
      }
      for(i=0; i<nQ; i++){
        snprintf(zBuf, sizeof(zBuf), "DROP INDEX l%d", i);
        exec(db, zBuf);
      }
      for(j=0; j<nProbe; j++) free(azProbe[j]);
      free(azProbe);
      free(anProbe);

      /* What the stored column costs: INSERT of every row with it and
      ** without it, and the bytes of the two tables (dbstat, where SQLite
      ** has it). */
      fprintf(stderr, "bench: [8] INSERT with a stored key\n");
      for(r=0; r<opt.nRep; r++){
        for(i=0; i<2; i++){
          int q = (r&1) ? 1-i : i;
          exec(db, q ? "CREATE TABLE ti(x TEXT, k TEXT AS (urn_key(x)) STORED)"
                     : "CREATE TABLE ti(x TEXT)");
          aT[q][r] = timeExec(db, "INSERT INTO ti(x) SELECT x FROM c"
                                  " ORDER BY rowid");
          if( r==opt.nRep-1 ){
            sqlite3_stmt *p = 0;
            if( sqlite3_prepare_v2(db, "SELECT sum(pgsize) FROM dbstat"
                                   " WHERE name = 'ti'", -1, &p, 0)==SQLITE_OK
             && sqlite3_step(p)==SQLITE_ROW ){
              if( q ) nBytesCs = sqlite3_column_double(p, 0);
              else nBytesC = sqlite3_column_double(p, 0);
            }
            sqlite3_finalize(p);
          }
          exec(db, "DROP TABLE ti");
        }
      }
      mInsB = median(aT[0], opt.nRep);
      mInsK = median(aT[1], opt.nRep);
    }

    /* ---- The table ---- */
    load1 = loadAvg();
    out(&o, "sqlite-urn benchmark (make bench)\n");
    out(&o, "date     %s\n", zDate);
    out(&o, "machine  %s, %s, %ld cores\n", un.machine, zCpu,
        sysconf(_SC_NPROCESSORS_ONLN));
    out(&o, "commit   %s%s\n", opt.zCommit,
        opt.bDirty ? " + uncommitted changes" : "");
    out(&o, "sqlite   %s (system library); extension %s\n",
        sqlite3_libversion(), opt.zExt);
    out(&o, "corpus   BENCH_N=%lld rows, seed %lu, %.1f MB, %.1f bytes/row, "
        "%.1f%% URNs\n", (long long)N, opt.seed, (double)corpus.nByte/1e6,
        (double)corpus.nByte/(double)N, 100.0*(double)nValid/(double)N);
    if( load0>=0 ){
      out(&o, "load     %.2f before, %.2f after (1-minute load average; "
          "%ld cores)\n", load0, load1, sysconf(_SC_NPROCESSORS_ONLN));
    }
    out(&o, "method   each figure is the median of %d alternating runs; "
        "ratio = time / time of the built-in, same run\n\n", opt.nRep);
    tableHead(&o);

    if( want(&opt, 1) ){
      rowTarget(&o, "1", "sum(length(urn_canonical(x)))",
                "sum(length(lower(x)))", mCanon, mLower, 1.25);
    }
    if( want(&opt, 2) ){
      rowTarget(&o, "2", "sum(urn_valid(x))", "sum(length(x))", mValid, mLen,
                1.5);
      snprintf(zBuf, sizeof(zBuf), "%.0f ms", mValid*1e3);
      row(&o, "2", "sum(urn_valid(x))", "sum(length(lower(x)))",
          mValid/mLower, "-", "", zBuf);
      snprintf(zBuf, sizeof(zBuf), "%.0f ms", mNid*1e3);
      row(&o, "2", "sum(length(urn_nid(x)))", "sum(length(lower(x)))",
          mNid/mLower, "-", "", zBuf);
      row(&o, "2", "sum(length(urn_nid(x)))", "sum(length(x))",
          mNid/mLen, "-", "", "");
      snprintf(zBuf, sizeof(zBuf), "%.0f ms", mNss*1e3);
      row(&o, "2", "sum(length(urn_nss(x)))", "sum(length(lower(x)))",
          mNss/mLower, "-", "", zBuf);
      row(&o, "2", "sum(length(urn_nss(x)))", "sum(length(x))",
          mNss/mLen, "-", "", "");
      snprintf(zBuf, sizeof(zBuf), "%.0f ms", mNorm*1e3);
      row(&o, "2", "sum(length(urn_normalize(x)))", "sum(length(lower(x)))",
          mNorm/mLower, "-", "", zBuf);
      row(&o, "2", "sum(length(urn_normalize(x)))", "sum(length(x))",
          mNorm/mLen, "-", "", "");
      /* urn_url(x): the built-in resolvers (issue 33), one allocation per
      ** result like urn_normalize. */
      rowTarget(&o, "2", "sum(length(urn_url(x)))",
                "sum(length(urn_normalize(x)))", mUrl, mNorm, 1.5);
      /* urn_from_url(u, g): the way back, on the names urn_url links
      ** (issue 38, point 11). */
      rowTarget(&o, "2", "sum(length(urn_from_url(u, g)))",
                "sum(length(urn_url(x))) same names", mFromUrl, mUrlLk, 1.5);
      /* urn_epc_from_hex(h): 1,000,000 SGTIN-96 reads decoded to tag URIs
      ** (issue 48, point 6). */
      rowTarget(&o, "2", "sum(length(urn_epc_from_hex(h))), 1M",
                "sum(length(lower(h))) same reads", mEpc, mEpcLower, 1.5);
    }
    if( want(&opt, 3) ){
      /* aMU, aMA: 0 BINARY, 1 NOCASE, 2 URN, 3 MEMCMP, 4 URN_NS; aMU: 5
      ** URN_FLOOR, 6 urn_key(x), 7 stored k; aMA: 5 urn_key(x), 6 k. */
      const double *m = aMU;
      int w;
      for(w=0; w<2; w++, m = aMA){
        const char *zIdx = w ? "CREATE INDEX" : "CREATE UNIQUE INDEX";
        const char *zAll = w ? ", all rows" : "";
        double mKey = w ? aMA[5] : aMU[6], mStored = w ? aMA[6] : aMU[7];
        if( w ) out(&o, "\n");
        snprintf(zLabel, sizeof(zLabel), "%s (x COLLATE URN)%s", zIdx, zAll);
        snprintf(zBuf, sizeof(zBuf), "%.0f ms vs MEMCMP %.0f ms, %lld rows%s",
                 m[2]*1e3, m[3]*1e3, w ? (long long)N : (long long)nUniq,
                 w ? ", respellings included" : ", distinct");
        row(&o, "3", zLabel, "COLLATE MEMCMP", m[2]/m[3], "<= 1.6x",
            verdict(m[2]/m[3]<=1.6), zBuf);
        snprintf(zBuf, sizeof(zBuf), "%.0f ms vs %.0f ms", m[2]*1e3,
                 m[0]*1e3);
        row(&o, "3", zLabel, "COLLATE BINARY", m[2]/m[0], "-", "", zBuf);
        snprintf(zBuf, sizeof(zBuf), "NOCASE %.0f ms", m[1]*1e3);
        row(&o, "3", zLabel, "COLLATE NOCASE", m[2]/m[1], "-", "", zBuf);
        if( w==0 ){
          snprintf(zBuf, sizeof(zBuf), "%.0f ms vs %.0f ms, rows stored as "
                   "urn_normalize() writes them", mUnU*1e3, mUnB*1e3);
          row(&o, "3", zLabel, "BINARY, normalized", mUnU/mUnB, "-", "",
              zBuf);
        }
        snprintf(zLabel, sizeof(zLabel), "%s (x COLLATE URN_NS)%s", zIdx,
                 zAll);
        snprintf(zBuf, sizeof(zBuf), "%.0f ms vs MEMCMP %.0f ms", m[4]*1e3,
                 m[3]*1e3);
        row(&o, "3", zLabel, "COLLATE MEMCMP", m[4]/m[3], "<= 2.3x",
            verdict(m[4]/m[3]<=2.3), zBuf);
        snprintf(zBuf, sizeof(zBuf), "%.0f ms vs %.0f ms", m[4]*1e3,
                 m[0]*1e3);
        row(&o, "3", zLabel, "COLLATE BINARY", m[4]/m[0], "-", "", zBuf);
        snprintf(zLabel, sizeof(zLabel), "%s (x COLLATE MEMCMP)%s", zIdx,
                 zAll);
        snprintf(zBuf, sizeof(zBuf), "MEMCMP %.0f ms: SQLite's cost of any "
                 "user collation", m[3]*1e3);
        row(&o, "3", zLabel, "COLLATE BINARY", m[3]/m[0], "-", "floor", zBuf);
        if( w==0 ){
          snprintf(zBuf, sizeof(zBuf), "URN_FLOOR %.0f ms: the tests any URN "
                   "comparator makes, BINARY's order", aMU[5]*1e3);
          row(&o, "3", "CREATE UNIQUE INDEX (x COLLATE URN_FLOOR)",
              "COLLATE BINARY", aMU[5]/aMU[0], "-", "floor", zBuf);
        }
        snprintf(zLabel, sizeof(zLabel), "%s (urn_key(x))%s", zIdx, zAll);
        snprintf(zBuf, sizeof(zBuf), "%.0f ms vs %.0f ms: the key computed "
                 "once per row", mKey*1e3, m[0]*1e3);
        row(&o, "3", zLabel, "COLLATE BINARY", mKey/m[0], "<= 1.15x",
            verdict(mKey/m[0]<=1.15), zBuf);
        snprintf(zLabel, sizeof(zLabel), "%s (k), k STORED%s", zIdx, zAll);
        snprintf(zBuf, sizeof(zBuf), "%.0f ms vs %.0f ms: k AS (urn_key(x)) "
                 "STORED, x beside it", mStored*1e3, m[0]*1e3);
        row(&o, "3", zLabel, "COLLATE BINARY", mStored/m[0], "-", "", zBuf);
      }
      snprintf(zBuf, sizeof(zBuf), "%.0f vs %.0f ns per comparison",
               mCU*1e9/(double)nPairs, mCB*1e9/(double)nPairs);
      row(&o, "3", "sum(x < y COLLATE URN), pairs", "COLLATE BINARY",
          mCU/mCB, "-", "", zBuf);
    }
    if( want(&opt, 4) ){
      /* aMO: 0 BINARY, 1 NOCASE, 2 URN, 3 MEMCMP, 4 URN_NS, 5 URN_FLOOR,
      ** 6 urn_key(x), 7 stored k. */
      snprintf(zBuf, sizeof(zBuf), "%.0f ms vs MEMCMP %.0f ms", aMO[2]*1e3,
               aMO[3]*1e3);
      row(&o, "4", "ORDER BY x COLLATE URN, all rows", "COLLATE MEMCMP",
          aMO[2]/aMO[3], "<= 1.6x", verdict(aMO[2]/aMO[3]<=1.6), zBuf);
      snprintf(zBuf, sizeof(zBuf), "%.0f ms vs %.0f ms", aMO[2]*1e3,
               aMO[0]*1e3);
      row(&o, "4", "ORDER BY x COLLATE URN, all rows", "COLLATE BINARY",
          aMO[2]/aMO[0], "-", "", zBuf);
      snprintf(zBuf, sizeof(zBuf), "NOCASE %.0f ms", aMO[1]*1e3);
      row(&o, "4", "ORDER BY x COLLATE URN, all rows", "COLLATE NOCASE",
          aMO[2]/aMO[1], "-", "", zBuf);
      snprintf(zBuf, sizeof(zBuf), "%.0f ms vs MEMCMP %.0f ms", aMO[4]*1e3,
               aMO[3]*1e3);
      row(&o, "4", "ORDER BY x COLLATE URN_NS, all rows", "COLLATE MEMCMP",
          aMO[4]/aMO[3], "<= 2.3x", verdict(aMO[4]/aMO[3]<=2.3), zBuf);
      snprintf(zBuf, sizeof(zBuf), "%.0f ms vs %.0f ms", aMO[4]*1e3,
               aMO[0]*1e3);
      row(&o, "4", "ORDER BY x COLLATE URN_NS, all rows", "COLLATE BINARY",
          aMO[4]/aMO[0], "-", "", zBuf);
      snprintf(zBuf, sizeof(zBuf), "MEMCMP %.0f ms: SQLite's cost of any "
               "user collation", aMO[3]*1e3);
      row(&o, "4", "ORDER BY x COLLATE MEMCMP, all rows", "COLLATE BINARY",
          aMO[3]/aMO[0], "-", "floor", zBuf);
      snprintf(zBuf, sizeof(zBuf), "URN_FLOOR %.0f ms: the tests any URN "
               "comparator makes, BINARY's order", aMO[5]*1e3);
      row(&o, "4", "ORDER BY x COLLATE URN_FLOOR, all rows", "COLLATE BINARY",
          aMO[5]/aMO[0], "-", "floor", zBuf);
      snprintf(zBuf, sizeof(zBuf), "%.0f ms vs %.0f ms: the key computed "
               "once per row", aMO[6]*1e3, aMO[0]*1e3);
      row(&o, "4", "ORDER BY urn_key(x), all rows", "COLLATE BINARY",
          aMO[6]/aMO[0], "-", "", zBuf);
      snprintf(zBuf, sizeof(zBuf), "%.0f ms vs %.0f ms: k AS (urn_key(x)) "
               "STORED, x beside it", aMO[7]*1e3, aMO[0]*1e3);
      row(&o, "4", "ORDER BY k, k STORED, all rows", "COLLATE BINARY",
          aMO[7]/aMO[0], "-", "", zBuf);
    }
    if( want(&opt, 5) ){
      double nUrn = (double)N*nCoreLoop, nMB = (double)corpus.nByte*nCoreLoop/1e6;
      snprintf(zBuf, sizeof(zBuf), "%.1f M URNs/s, %.0f MB/s vs %.1f M/s, %.0f MB/s",
               nUrn/mKey/1e6, nMB/mKey, nUrn/mLowCopy/1e6, nMB/mLowCopy);
      row(&o, "5", "C core: urnScan + urnKeyWrite", "lower-casing copy",
          mKey/mLowCopy, "<= 2x", verdict(mKey/mLowCopy<=2.0), zBuf);
    }
    if( want(&opt, 6) ){
      allocRow(&o, "heap allocations per urn_valid call", "sum(length(x))",
               "call", " calls", allocValid, nAllocValidS, nAllocValidL, N);
      allocRow(&o, "heap allocations per URN comparison", "COLLATE BINARY",
               "comparison", "", allocCmp, nAllocCmpS, nAllocCmpL, nPairs);
      allocRow(&o, "heap allocations per URN_NS comparison", "COLLATE BINARY",
               "comparison", "", allocCmpNs, nAllocCmpNsS, nAllocCmpNsL,
               nPairs);
      if( want(&opt, 5) && bLibcCounted ){
        snprintf(zBuf, sizeof(zBuf), "%.0f libc allocations in %lld keys "
                 "and %lld urnCompare calls", allocCore, (long long)N,
                 (long long)N-1);
        row(&o, "6", "heap allocations in the C core", "-", -1, "0",
            verdict(allocCore==0), zBuf);
      }
      snprintf(zBuf, sizeof(zBuf), "counter check: lower() %.2f, "
               "urn_canonical() %.2f, urn_nss() %.2f, urn_key() %.2f "
               "sqlite3_malloc per call", allocLower, allocCanon, allocNss,
               allocKey);
      row(&o, "6", "(allocations seen in other functions)", "sum(length(x))",
          -1, "-", "", zBuf);
    }
    if( want(&opt, 7) && nScale>0 ){
      double sB, sN, sU, sK, lo = 1e300, hi = 0;
      int s, b;
      for(s=0; s<nScale; s++){
        aNs[s] = aScaleN[s];
        aB[s] = aScaleT[s][0];
        aN[s] = aScaleT[s][1];
        aU[s] = aScaleT[s][2];
        aK[s] = aScaleT[s][3];
      }
      sB = loglogSlope(aNs, aB, nScale);
      sN = loglogSlope(aNs, aN, nScale);
      sU = loglogSlope(aNs, aU, nScale);
      sK = loglogSlope(aNs, aK, nScale);
      for(s=0; s<nScale; s++){
        snprintf(zBuf, sizeof(zBuf), "%.1f / %.1f / %.1f / %.1f ms "
                 "(BINARY/NOCASE/URN/urn_key)",
                 aB[s]*1e3, aN[s]*1e3, aU[s]*1e3, aK[s]*1e3);
        snprintf(zLabel, sizeof(zLabel), "CREATE INDEX, %lld rows",
                 (long long)aNs[s]);
        row(&o, "7", zLabel, "COLLATE BINARY", aU[s]/aB[s], "-", "", zBuf);
      }
      snprintf(zBuf, sizeof(zBuf), "log-log slope URN %.3f = BINARY %.3f "
               "%+.3f (NOCASE %.3f, urn_key %.3f)", sU, sB, sU-sB, sN, sK);
      row(&o, "7", "index build growth (slope of log t)", "BINARY's slope",
          -1, "<= +0.05", verdict(nScale<2 || sU<=sB+0.05), zBuf);
      /* Linear in bytes: the exponent of urn_canonical's time from 4 KB
      ** to 1 MB, where a fixed cost no longer shows, is at most 1 (with
      ** the index rows' margin).  lower()'s exponent, measured in the
      ** same run, says how far the machine alone moves it; the spread of
      ** the time per byte is shown, not judged: it moves with the
      ** machine's caches and clock as much as lower()'s does. */
      {
        double aX[16], aTu[16], aTl[16], sUrn, sLow;
        int k = 0;
        for(b=0; b<nBytes; b++){
          if( aBytes[b]>=4096 ){
            if( aByteUrn[b]<lo ) lo = aByteUrn[b];
            if( aByteUrn[b]>hi ) hi = aByteUrn[b];
            aX[k] = (double)aBytes[b];
            aTu[k] = aByteUrn[b]*(double)aBytes[b];
            aTl[k] = aByteLow[b]*(double)aBytes[b];
            k++;
          }
        }
        sUrn = loglogSlope(aX, aTu, k);
        sLow = loglogSlope(aX, aTl, k);
        snprintf(zBuf, sizeof(zBuf), "log-log slope %.3f (lower() %.3f); "
                 "%.2f..%.2f ns/B from 4 KB to 1 MB, %.2f at 16 B",
                 sUrn, sLow, lo, hi, aByteUrn[0]);
        row(&o, "7", "urn_canonical growth (slope of log t)", "1: linear",
            -1, "<= 1.05", verdict(k<2 || sUrn<=1.05), zBuf);
      }
      snprintf(zBuf, sizeof(zBuf), "at 1 MB: %.2f vs %.2f ns/B",
               aByteUrn[nBytes-1], aByteLow[nBytes-1]);
      row(&o, "7", "urn_canonical time per byte, 1 MB", "lower(), 1 MB",
          aByteUrn[nBytes-1]/aByteLow[nBytes-1], "-", "", zBuf);
    }
    if( want(&opt, 8) ){
      /* aML: u BINARY, u URN, u urn_key, us k; c BINARY, c urn_key. */
      snprintf(zBuf, sizeof(zBuf), "%.0f vs %.0f ns per lookup, %d lookups in "
               "%lld distinct rows", aML[1]*1e9/nProbe, aML[0]*1e9/nProbe,
               nProbe, (long long)nUniq);
      row(&o, "8", "lookup x = ? COLLATE URN, UNIQUE", "x = ?, BINARY",
          aML[1]/aML[0], "-", "", zBuf);
      snprintf(zBuf, sizeof(zBuf), "%.0f vs %.0f ns per lookup",
               aML[2]*1e9/nProbe, aML[0]*1e9/nProbe);
      row(&o, "8", "lookup urn_key(x) = urn_key(?), UNIQUE",
          "x = ?, BINARY", aML[2]/aML[0], "<= 1.25x",
          verdict(aML[2]/aML[0]<=1.25), zBuf);
      snprintf(zBuf, sizeof(zBuf), "%.0f vs %.0f ns per lookup",
               aML[3]*1e9/nProbe, aML[0]*1e9/nProbe);
      row(&o, "8", "lookup k = urn_key(?), k STORED UNIQUE",
          "x = ?, BINARY", aML[3]/aML[0], "-", "", zBuf);
      snprintf(zBuf, sizeof(zBuf), "%.0f vs %.0f ns per lookup, %lld rows, "
               "%.2f vs %.2f found per lookup", aML[5]*1e9/nProbe,
               aML[4]*1e9/nProbe, (long long)N,
               (double)nLookRows[5]/nProbe, (double)nLookRows[4]/nProbe);
      row(&o, "8", "lookup urn_key(x) = urn_key(?), all rows",
          "x = ?, BINARY", aML[5]/aML[4], "<= 1.25x",
          verdict(aML[5]/aML[4]<=1.25), zBuf);
      if( nBytesC>0 && nBytesCs>0 ){
        snprintf(zBuf, sizeof(zBuf), "%.0f ms vs %.0f ms, %lld rows; table "
                 "%.1f MB vs %.1f MB (%.2fx)", mInsK*1e3, mInsB*1e3,
                 (long long)N, nBytesCs/1e6, nBytesC/1e6, nBytesCs/nBytesC);
      }else{
        snprintf(zBuf, sizeof(zBuf), "%.0f ms vs %.0f ms, %lld rows; no "
                 "dbstat for the bytes", mInsK*1e3, mInsB*1e3, (long long)N);
      }
      row(&o, "8", "INSERT all rows, k STORED", "INSERT without k",
          mInsK/mInsB, "-", "", zBuf);
    }
    if( want(&opt, 7) && nScale>0 ){
      int s, b;
      out(&o, "\nscaling (medians): CREATE INDEX ms\n");
      out(&o, "%10s %10s %10s %10s %10s %12s\n", "rows", "BINARY", "NOCASE",
          "URN", "urn_key", "URN/BINARY");
      for(s=0; s<nScale; s++){
        out(&o, "%10lld %10.1f %10.1f %10.1f %10.1f %11.2fx\n",
            (long long)aNs[s], aB[s]*1e3, aN[s]*1e3, aU[s]*1e3, aK[s]*1e3,
            aU[s]/aB[s]);
      }
      out(&o, "\nscaling (medians): one string, ns per byte\n");
      out(&o, "%10s %14s %14s %8s\n", "bytes", "urn_canonical", "lower",
          "ratio");
      for(b=0; b<nBytes; b++){
        out(&o, "%10zu %14.3f %14.3f %7.2fx\n", aBytes[b], aByteUrn[b],
            aByteLow[b], aByteUrn[b]/aByteLow[b]);
      }
      if( fData ){
        fprintf(fData, "# sqlite-urn bench/scaling.dat, %s, %s, %s, commit "
                "%s%s, BENCH_N=%lld\n", zDate, un.machine, zCpu, opt.zCommit,
                opt.bDirty ? "+" : "", (long long)N);
        fprintf(fData, "# index 0: rows, CREATE INDEX seconds under BINARY "
                "NOCASE URN, and on urn_key(x)\n");
        for(s=0; s<nScale; s++){
          fprintf(fData, "%lld %.6f %.6f %.6f %.6f\n", (long long)aNs[s],
                  aB[s], aN[s], aU[s], aK[s]);
        }
        fprintf(fData, "\n\n# index 1: bytes, ns per byte of urn_canonical "
                "and lower\n");
        for(b=0; b<nBytes; b++){
          fprintf(fData, "%zu %.4f %.4f\n", aBytes[b], aByteUrn[b],
                  aByteLow[b]);
        }
      }
    }
  }

  if( want(&opt, 9) ) benchFind(db, &o, &opt, N);
  if( o.f ) fclose(o.f);
  if( fData ) fclose(fData);
  sqlite3_close(db);
  free(corpus.z);
  free(corpus.aOff);
  free(corpus.aLen);
  return 0;
}
