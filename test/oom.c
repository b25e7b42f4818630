/*
** test/oom.c -- out-of-memory test driver for sqlite-urn.
**
** Links the extension statically (every ext/ source compiled with
** -DSQLITE_CORE) and
** installs, through sqlite3_config(SQLITE_CONFIG_MALLOC) before
** sqlite3_initialize(), an allocator that fails the Nth allocation: only
** that one ("transient") or that one and every later one ("persistent").
** Each script below (open a database, register the extension, run a few
** SQL statements, close) is run once without faults to learn the right
** answers, then again for N = 1, 2, 3, ... until a run makes fewer than N
** allocations.  In every run each statement must give exactly the answer of
** the clean run, or fail with SQLITE_NOMEM (and then the rest of its block
** is skipped after a ROLLBACK); registration fails only with SQLITE_NOMEM;
** after sqlite3_close the memory SQLite holds is back to what it was before
** sqlite3_open.  Built with ASan+UBSan, whose LeakSanitizer also checks at
** exit that nothing leaked (mk/check.mk: make check-oom).
**
** Usage: oom [-v]      exit status 0 when every allocation point passed.
*/
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>

int sqlite3_urn_init(sqlite3*, char**, const sqlite3_api_routines*);

/* ---- The failing allocator (test driver globals) ---------------------- */
/* Blocks come from libc malloc with their size in a 16-byte header before
** them, and are not rounded up: SQLite's default allocator rounds every
** request to a multiple of 8, which would hide from ASan a write a few
** bytes past the end of an sqlite3_malloc() buffer.  Here the block ends
** exactly where the request does. */
static long nAlloc;                  /* allocations since the run started */
static long iFail;                   /* fail allocation number iFail; 0: never */
static int bPersist;                 /* and every one after it */
static long nInjected;               /* failures injected in this run */

static int failNow(void){
  if( iFail==0 ) return 0;
  nAlloc++;
  if( nAlloc==iFail || (bPersist && nAlloc>iFail) ){
    nInjected++;
    return 1;
  }
  return 0;
}
#define HDR 16
static void *oomMalloc(int n){
  char *p;
  if( failNow() ) return 0;
  p = malloc((size_t)n + HDR);
  if( p==0 ) return 0;
  *(long long*)p = n;
  return p + HDR;
}
static void oomFree(void *p){ if( p ) free((char*)p - HDR); }
static int oomSize(void *p){ return p ? (int)*(long long*)((char*)p - HDR) : 0; }
static void *oomRealloc(void *p, int n){
  char *q;
  if( failNow() ) return 0;
  q = realloc((char*)p - HDR, (size_t)n + HDR);
  if( q==0 ) return 0;
  *(long long*)q = n;
  return q + HDR;
}
static int oomRoundup(int n){ return n; }
static int oomInit(void *p){ (void)p; return SQLITE_OK; }
static void oomShutdown(void *p){ (void)p; }

/* ---- Scripts ------------------------------------------------------------ */
/* A step is one SQL statement.  "{" and "}" alone bracket a block: after a
** SQLITE_NOMEM inside one, the driver rolls back and skips to its end. */
typedef struct Script {
  const char *zName;
  const char *zEncoding;             /* PRAGMA encoding, or 0 for UTF-8 */
  const char *azStep[24];            /* 0-terminated */
} Script;

/* Every function on valid and invalid inputs; the values are built at run
** time (printf, CAST, char) so that their conversions allocate too. */
#define ALLFN(X, M) \
  "SELECT urn_valid(" X M "), urn_error(" X M "), urn_nid(" X M "), " \
  "urn_nss(" X M "), urn_rcomponent(" X M "), urn_qcomponent(" X M "), " \
  "urn_fcomponent(" X M "), urn_canonical(" X M "), urn_normalize(" X M "), " \
  "urn_key(" X M ")"

static const char *const azInput[] = {
  "'urn:example:a%2cb?+r?=q#f'",
  "'URN:ISBN:0451450523'",
  "printf('URN:Ab:%.3000c%%2f#x', 'y')",            /* long */
  "'urn:a:b'",                                      /* invalid */
  "'urn:ab:%zz'",
  "CAST(x'75726e3a61623a6180' AS TEXT)",            /* invalid UTF-8 */
  "CAST(x'75726e3a61623a610062' AS TEXT)",          /* a NUL inside */
  "x'75726e3a61623a63'",                            /* BLOB 'urn:ab:c' */
  "42", "1.5", "NULL", "''",
  "char(117,114,110,58,97,98,58,233)",              /* 'urn:ab:é' */
};

static Script aScript[256];
static int nScript;
static char *azAutoSql[2048];        /* SQL text of the generated steps */
static int nAutoSql;

static const char *autoSql(const char *zFmt, ...){
  va_list ap;
  char *z = malloc(4096);
  if( z==0 || nAutoSql>=(int)(sizeof(azAutoSql)/sizeof(azAutoSql[0])) ){
    fprintf(stderr, "oom: too many generated steps\n");
    exit(2);
  }
  va_start(ap, zFmt);
  vsnprintf(z, 4096, zFmt, ap);
  va_end(ap);
  azAutoSql[nAutoSql++] = z;
  return z;
}

/* One script for every urn_* function and URN* collation the extension
** registers (PRAGMA function_list, collation_list), with generic
** arguments, so that a function added later is under test at once. */
static void addAutoScripts(void){
  static const char *const azArg[] = {
    "'urn:example:a%2cb?+r?=q#f'", "'URN:ISBN:0451450523'", "'urn:a:b'",
    "x'ff00'", "42", "NULL", "'a b%zz'", "'rfc2141'", "'rfc8141'",
    "printf('%.2000c', 'u')", "'urn:nbn:de:1234-5'", "'ns'",
  };
  const int nA = (int)(sizeof(azArg)/sizeof(azArg[0]));
  static const char *const azEnc[] = { 0, "UTF-16le" };
  sqlite3 *db;
  sqlite3_stmt *pStmt;
  int e;
  if( sqlite3_open(":memory:", &db)!=SQLITE_OK
   || sqlite3_urn_init(db, 0, 0)!=SQLITE_OK
   || sqlite3_prepare_v2(db,
        "SELECT DISTINCT 'f', name, narg FROM pragma_function_list"
        " WHERE name LIKE 'urn\\_%' ESCAPE '\\'"
        " UNION ALL SELECT DISTINCT 'c', name, 0 FROM pragma_collation_list"
        " WHERE name LIKE 'urn%'"
        " UNION ALL SELECT DISTINCT 'm', name, 0 FROM pragma_module_list"
        " WHERE name LIKE 'urn%' ORDER BY 1, 2, 3", -1, &pStmt, 0)
        !=SQLITE_OK ){
    fprintf(stderr, "oom: cannot list functions: %s\n", sqlite3_errmsg(db));
    exit(2);
  }
  while( sqlite3_step(pStmt)==SQLITE_ROW ){
    const char *zKind = (const char*)sqlite3_column_text(pStmt, 0);
    const char *zName = (const char*)sqlite3_column_text(pStmt, 1);
    int nArg = sqlite3_column_int(pStmt, 2);
    for(e=0; e<2; e++){
      Script *p = &aScript[nScript++];
      int j, k;
      if( nScript>=(int)(sizeof(aScript)/sizeof(aScript[0])) ){
        fprintf(stderr, "oom: too many scripts\n");
        exit(2);
      }
      memset(p, 0, sizeof(*p));
      p->zName = autoSql("%s/%d", zName, nArg);
      p->zEncoding = azEnc[e];
      if( zKind[0]=='m' ){
        /* A table-valued function or virtual table: read it all, and
        ** look one row up by each column. */
        p->azStep[0] = autoSql("SELECT * FROM \"%s\"", zName);
        p->azStep[1] = autoSql("SELECT count(*) FROM \"%s\" WHERE"
                               " rowid=2", zName);
        p->azStep[2] = autoSql("SELECT * FROM \"%s\" ORDER BY 1 DESC"
                               " LIMIT 3", zName);
        continue;
      }
      if( zKind[0]=='c' ){
        p->azStep[0] = autoSql(
          "SELECT x FROM (SELECT %s AS x UNION ALL SELECT %s UNION ALL"
          " SELECT %s UNION ALL SELECT %s UNION ALL SELECT 'URN:A:b')"
          " ORDER BY x COLLATE \"%s\", x", azArg[0], azArg[1], azArg[2],
          azArg[9], zName);
        p->azStep[1] = autoSql(
          "SELECT count(DISTINCT x COLLATE \"%s\") FROM (SELECT %s AS x"
          " UNION ALL SELECT %s UNION ALL SELECT 'URN:ISBN:0451450523#x')",
          zName, azArg[0], azArg[1]);
        continue;
      }
      /* Argument lists: rotate through azArg, and end with each mode. */
      for(j=0; j<8 && nArg>0; j++){
        char zArgs[1024];
        size_t n = 0;
        for(k=0; k<nArg; k++){
          const char *zA = azArg[(k*5 + j) % nA];
          if( j>=5 && k==nArg-1 ) zA = azArg[j==5 ? 7 : j==6 ? 8 : 11];
          n += (size_t)snprintf(zArgs+n, sizeof(zArgs)-n, "%s%s",
                                k ? ", " : "", zA);
        }
        p->azStep[j] = autoSql("SELECT %s(%s)", zName, zArgs);
      }
      if( nArg==0 ) p->azStep[0] = autoSql("SELECT %s()", zName);
    }
  }
  sqlite3_finalize(pStmt);
  sqlite3_close(db);
}

static void addScripts(void){
  static char azSql[2*sizeof(azInput)/sizeof(azInput[0])][1024];
  static const char *const azEnc[] = { 0, "UTF-16le" };
  size_t i, e;
  int k = 0;
  for(e=0; e<2; e++){
    for(i=0; i<sizeof(azInput)/sizeof(azInput[0]); i++){
      Script *p = &aScript[nScript++];
      char *z1 = azSql[2*i], *z2 = azSql[2*i+1];
      snprintf(z1, sizeof(azSql[0]), ALLFN("%s", ""), azInput[i], azInput[i],
               azInput[i], azInput[i], azInput[i], azInput[i], azInput[i],
               azInput[i], azInput[i], azInput[i]);
      snprintf(z2, sizeof(azSql[0]), ALLFN("%s", ", 'RFC2141'"), azInput[i],
               azInput[i], azInput[i], azInput[i], azInput[i], azInput[i],
               azInput[i], azInput[i], azInput[i], azInput[i]);
      memset(p, 0, sizeof(*p));
      p->zName = azInput[i];
      p->zEncoding = azEnc[e];
      p->azStep[0] = z1;
      p->azStep[1] = z2;
      k++;
    }
  }
  for(e=0; e<2; e++){
    Script *p = &aScript[nScript++];
    static const Script aFixed = { "misc", 0, {
      "SELECT urn_equal('urn:ab:c', 'URN:AB:c#f'), urn_equal('a', 'A'),"
      "       urn_equal('urn:ab:%2c', 'urn:ab:%2C', 'rfc2141'),"
      "       urn_equal(NULL, 'x'), urn_equal(42, '42'), urn_version()",
      "SELECT urn_valid('urn:ab:c', 'nope')",
      "SELECT urn_canonical('urn:ab:c', 7)",
      "SELECT urn_equal('a', 'b', NULL)",
      "SELECT urn_error('urn:ab:c', 'rfc2141'), urn_error(x'ff', 'rfc8141')",
      "SELECT 'urn:ab:c' = 'URN:AB:c?=q' COLLATE URN,"
      "       'urn:ab:c' < 'urn:ab:d' COLLATE URN",
      0 } };
    *p = aFixed;
    p->zEncoding = azEnc[e];
  }
  for(e=0; e<2; e++){
    Script *p = &aScript[nScript++];
    /* urn_find: text, BLOB, the modes, a bad mode, no T, a join (each row
    ** of doc a new search), an aggregate that keeps rows across them. */
    static const Script aFind = { "find", 0, {
      "SELECT urn, start FROM urn_find('see urn:isbn:0-395-36341-1. é"
      " (urn:ab:c(d))).')",
      "SELECT urn, start FROM urn_find(x'ff75726e3a61623a63', 'rfc2141')",
      "SELECT urn FROM urn_find('urn:oid:1.2.3. urn:nbn:de:a-b urn:zz:x',"
      " 'ns')",
      "SELECT * FROM urn_find('x', 'nope')",
      "SELECT count(*) FROM urn_find(42.5), urn_find(x'')",
      "SELECT * FROM urn_find",
      "{",
      "CREATE TABLE doc(b TEXT)",
      "INSERT INTO doc VALUES('a urn:ab:c b'), (NULL),"
      " (printf('urn:ex:%.3000c.', 'z'))",
      "SELECT length(f.urn), f.start, f.t IS doc.b FROM doc,"
      " urn_find(doc.b) AS f",
      "SELECT max(f.urn), count(*) FROM doc, urn_find(doc.b, 'NS') AS f",
      "}",
      0 } };
    *p = aFind;
    p->zEncoding = azEnc[e];
  }
  for(e=0; e<2; e++){
    Script *p = &aScript[nScript++];
    /* urn_parse: text, BLOB, numbers, the modes, a bad mode, no X, a join
    ** (each row of t a new filter, the key buffer grown past its first
    ** size), NULL (no row). */
    static const Script aParse = { "parse", 0, {
      "SELECT * FROM urn_parse('URN:Example:a%2cb?+r?=q#f')",
      "SELECT *, input, mode FROM urn_parse(x'55524e3a41423a63', 'rfc2141')",
      "SELECT * FROM urn_parse('urn:isbn:0-395-36341-6', 'ns')",
      "SELECT key, typeof(key) FROM urn_parse(42.5), urn_parse(NULL)",
      "SELECT * FROM urn_parse('x', 'nope')",
      "SELECT * FROM urn_parse",
      "{",
      "CREATE TABLE t(b TEXT)",
      "INSERT INTO t VALUES('urn:ab:c'), (NULL), ('not a urn'),"
      " (printf('URN:EX:%.3000c#f', 'z'))",
      "SELECT length(p.key), p.nid, p.f, p.input IS t.b FROM t"
      " LEFT JOIN urn_parse(t.b) AS p",
      "}",
      0 } };
    *p = aParse;
    p->zEncoding = azEnc[e];
  }
  for(e=0; e<2; e++){
    Script *p = &aScript[nScript++];
    /* urn_url: the built-in resolvers, a template in each mode, a long
    ** result (past the glue's stack buffer), an unknown placeholder, and
    ** the table urn_resolvers; urn_nbn_complete; urn_from_url, a result
    ** past the stack buffer and a bad GCP_LENGTH. */
    static const Script aUrl = { "url", 0, {
      "SELECT urn_url('urn:epc:id:sgtin:0614141.812345.6789'),"
      " urn_url('urn:nbn:de:gbv:089-3321752945'), urn_url('urn:ab:c'),"
      " urn_url('urn:ogc:def:crs:EPSG::4326'), urn_url(x'00')",
      "SELECT urn_url('URN:ISBN:0-395-36341-1#f', 'h/{urn}/{nid}/{nss}'),"
      " urn_url('urn:isbn:0-395-36341-1', '{nss}', 'ns'),"
      " urn_url('urn:ab:c', '{urn}', 'RFC2141'), urn_url('urn:ab:c', NULL)",
      "SELECT length(urn_url(printf('urn:ab:%.3000c', 'z'), '{urn}{nss}'))",
      "SELECT urn_url('urn:ab:c', '{bad}')",
      "SELECT urn_url('urn:ab:c', '{urn}', 'nope')",
      "SELECT nid, prefix, template, source FROM urn_resolvers",
      "SELECT urn_nbn_complete('urn:nbn:de:gbv:089-332175294'),"
      " urn_nbn_complete('urn:nbn:fi-x'), urn_nbn_complete(NULL)",
      "SELECT urn_from_url('http://nbn-resolving.de/urn/resolver.pl?urn="
      "urn%3Anbn%3Ade%3Agbv%3A089-3321752945'),"
      " urn_from_url('https://id.gs1.org/01/80614141123458/21/6789', 7),"
      " urn_from_url('not a link'), urn_from_url(NULL, NULL)",
      "SELECT length(urn_from_url('https://nbn-resolving.org/urn:nbn:de:'"
      " || printf('%.3000c', 'z')))",
      "SELECT urn_from_url('https://id.gs1.org/00/106141412345678908', 5)",
      0 } };
    *p = aUrl;
    p->zEncoding = azEnc[e];
  }
  for(e=0; e<2; e++){
    Script *p = &aScript[nScript++];
    /* The EPC functions: a decoding, a raw URI past the glue's stack
    ** buffer (both ways), an encoding and its refusal, urn_epc_tag,
    ** urn_epc_pure, and urn_epc's cursor (a long raw URI allocated, a
    ** join that refilters it). */
    static const Script aEpc = { "epc", 0, {
      "SELECT urn_epc_from_hex('3074257BF7194E4000001A85'),"
      " urn_epc_from_hex('307'), urn_epc_from_hex(NULL)",
      "SELECT length(urn_epc_from_hex(printf('%.600c', 'A'))),"
      " length(urn_epc_to_hex('urn:epc:raw:2400.x' || printf('%.600c', 'A')))",
      "SELECT urn_epc_to_hex('urn:epc:tag:sgtin-198:3.0614141.812345.32a%2Fb')",
      "SELECT urn_epc_to_hex('urn:epc:tag:sgtin-96:3.0614141.812345.06789')",
      "SELECT urn_epc_tag('urn:epc:id:sgtin:0614141.812345.6789', 'sgtin-96', 3),"
      " urn_epc_pure('urn:epc:tag:sgtin-96:3.0614141.812345.6789')",
      "SELECT urn_epc_tag('urn:epc:id:sgtin:0614141.812345.6789', 'x', 3)",
      "SELECT * FROM urn_epc('3074257BF7194E4000001A85')",
      "{",
      "CREATE TABLE r(h TEXT)",
      "INSERT INTO r VALUES('311BA1B300CE0A6A83000000'), (NULL), ('zz'),"
      " (printf('%.600c', 'B'))",
      "SELECT length(e.tag), e.scheme, e.serial, e.input IS r.h FROM r"
      " LEFT JOIN urn_epc(r.h) AS e",
      "}",
      0 } };
    *p = aEpc;
    p->zEncoding = azEnc[e];
  }
  for(e=0; e<2; e++){
    Script *p = &aScript[nScript++];
    static const Script aTable = { "table", 0, {
      "{",
      "BEGIN",
      "CREATE TABLE t(u TEXT UNIQUE COLLATE URN, v INT)",
      "CREATE INDEX t_c ON t(urn_canonical(u))",
      "INSERT INTO t VALUES('urn:example:a%2cb', 1), ('urn:ab:x', 2),"
      " ('not a urn', 3), ('URN:a:b', 4),"
      " (printf('urn:ab:%.2000c', 'z'), 5), (x'75726e3a61623a79', 6)",
      "INSERT INTO t VALUES('URN:EXAMPLE:a%2Cb#f', 7)",     /* constraint */
      "INSERT INTO t VALUES('urn:a:b', 8)",
      "SELECT u, v FROM t ORDER BY u",
      "SELECT v FROM t WHERE urn_canonical(u) = 'urn:example:a%2Cb'",
      "SELECT v FROM t WHERE u = 'Urn:Example:a%2Cb?=x'",
      "UPDATE t SET u = urn_normalize(u) WHERE urn_valid(u)",
      "SELECT u FROM t ORDER BY u COLLATE URN DESC",
      "SELECT count(DISTINCT u), min(u), max(u) FROM t",
      "PRAGMA integrity_check",
      "COMMIT",
      "}",
      0 } };
    *p = aTable;
    p->zEncoding = azEnc[e];
  }
  /* UTF-16 (docs/design.md, "Database encodings"): urn_equal reads text
  ** as stored and makes the UTF-8 form of each side; the collations read
  ** it in place. */
  for(e=0; e<2; e++){
    Script *p = &aScript[nScript++];
    static const Script aUtf16 = { "utf16", 0, {
      "SELECT urn_equal('urn:ab:c', 'URN:AB:c#f'), urn_equal('é', 'é'),"
      "       urn_equal(CAST(x'00D84100' AS TEXT), CAST(x'00D841DC' AS TEXT)),"
      "       urn_equal(CAST(x'00D84100' AS TEXT), CAST(x'00D84100' AS TEXT)),"
      "       urn_equal(x'75726e3a61623a63', 'urn:ab:c', 'ns'),"
      "       urn_equal('urn:isbn:0-395-36341-1', 'URN:ISBN:0395363411', 'ns'),"
      "       urn_equal(printf('urn:ab:%.2000c', 'x'), printf('URN:AB:%.2000c', 'x'), 'rfc2141')",
      "SELECT x FROM (SELECT 'urn:ab:c' AS x UNION ALL SELECT 'URN:AB:c#f'"
      " UNION ALL SELECT CAST(x'00D84100' AS TEXT) UNION ALL SELECT 'é'"
      " UNION ALL SELECT 'urn:isbn:0395363411' UNION ALL SELECT 'urn:isbn:0-395-36341-1')"
      " ORDER BY x COLLATE URN_NS, x COLLATE URN, x",
      "{",
      "CREATE TABLE u(x TEXT UNIQUE COLLATE URN, y TEXT UNIQUE COLLATE URN_NS)",
      "INSERT INTO u VALUES(CAST(x'00D84100' AS TEXT), 'urn:isbn:0-395-36341-1'),"
      " (CAST(x'00D841DC' AS TEXT), 'urn:doi:10.1/A')",
      "INSERT INTO u VALUES('URN:ISBN:0395363411', 'urn:DOI:10.1/a')",  /* constraint */
      "SELECT count(*), count(DISTINCT x COLLATE URN) FROM u",
      "}",
      0 } };
    *p = aUtf16;
    p->zEncoding = e ? "UTF-16be" : "UTF-16le";
  }
  (void)k;
}

/* ---- Running ------------------------------------------------------------ */
/* A growable text buffer, on libc malloc (not counted). */
typedef struct Buf { char *z; size_t n, nAlloc; } Buf;
static void bufAppend(Buf *p, const void *z, size_t n){
  if( p->n+n+1>p->nAlloc ){
    p->nAlloc = 2*(p->n+n+1);
    p->z = realloc(p->z, p->nAlloc);
    if( p->z==0 ){ fprintf(stderr, "oom: out of real memory\n"); exit(2); }
  }
  /* An empty TEXT result comes as a NULL pointer (2026-11-25: urn_key('')
  ** is the first function to give one, and memcpy's source must not be
  ** NULL even for 0 bytes). */
  if( n ) memcpy(p->z+p->n, z, n);
  p->n += n;
  p->z[p->n] = 0;
}
static void bufPrintf(Buf *p, const char *zFmt, ...){
  char z[128];
  int k;
  va_list ap;
  va_start(ap, zFmt);
  k = vsnprintf(z, sizeof(z), zFmt, ap);
  va_end(ap);
  bufAppend(p, z, (size_t)k);
}

/* Run one statement.  Returns its primary result code (SQLITE_OK for
** success); what it returned goes to *pOut: the rows, then for an error
** "error N" on a line of its own followed by the message, so that
** sameAnswer() can tell the two apart. */
static int runStep(sqlite3 *db, const char *zSql, Buf *pOut){
  sqlite3_stmt *pStmt = 0;
  int rc = sqlite3_prepare_v2(db, zSql, -1, &pStmt, 0);
  while( rc==SQLITE_OK ){
    int i, n, rcStep = sqlite3_step(pStmt);
    if( rcStep==SQLITE_DONE ) break;
    if( rcStep!=SQLITE_ROW ){ rc = rcStep; break; }
    n = sqlite3_column_count(pStmt);
    for(i=0; i<n; i++){
      switch( sqlite3_column_type(pStmt, i) ){
        case SQLITE_NULL:    bufPrintf(pOut, "N;"); break;
        case SQLITE_INTEGER: bufPrintf(pOut, "I%lld;",
                                sqlite3_column_int64(pStmt, i)); break;
        case SQLITE_FLOAT:   bufPrintf(pOut, "F%.17g;",
                                sqlite3_column_double(pStmt, i)); break;
        default: {
          /* Text and blobs as their bytes; the conversion may fail too. */
          const void *z = sqlite3_column_blob(pStmt, i);
          int nb = sqlite3_column_bytes(pStmt, i);
          if( z==0 && nb>0 ){ rc = SQLITE_NOMEM; break; }
          bufPrintf(pOut, "%c%d:", sqlite3_column_type(pStmt, i)==SQLITE_TEXT
                                   ? 'T' : 'B', nb);
          bufAppend(pOut, z, (size_t)nb);
          bufAppend(pOut, ";", 1);
        }
      }
      if( sqlite3_errcode(db)==SQLITE_NOMEM ) rc = SQLITE_NOMEM;
    }
    bufAppend(pOut, "\n", 1);
  }
  if( rc==SQLITE_OK ) rc = sqlite3_finalize(pStmt); else sqlite3_finalize(pStmt);
  rc &= 0xff;
  if( rc!=SQLITE_OK ){
    bufPrintf(pOut, "error %d\n", rc);
    bufAppend(pOut, sqlite3_errmsg(db), strlen(sqlite3_errmsg(db)));
  }
  return rc;
}

/* Is answer a (from a run with a fault) the same as b (the clean run)?
** Byte for byte, except that SQLite's core may lose the text of an error
** message to the fault (sqlite3VdbeTransferError, OP_Halt): the same
** error code with SQLite's generic text for it is the same answer. */
static int sameAnswer(const Buf *a, const Buf *b, int rc){
  const char *zGeneric = sqlite3_errstr(rc);
  char zHead[32];
  size_t nHead, nPre;
  if( a->n==b->n && memcmp(a->z, b->z, a->n)==0 ) return 1;
  if( rc==SQLITE_OK || rc==SQLITE_NOMEM ) return 0;
  nHead = (size_t)snprintf(zHead, sizeof(zHead), "error %d\n", rc);
  /* b is ROWS "error N\n" MESSAGE; a must be ROWS "error N\n" GENERIC. */
  for(nPre=0; nPre+nHead<=b->n; nPre++){
    if( memcmp(b->z+nPre, zHead, nHead)==0 ) break;
  }
  if( nPre+nHead>b->n ) return 0;
  return a->n==nPre+nHead+strlen(zGeneric)
      && memcmp(a->z, b->z, nPre+nHead)==0
      && memcmp(a->z+nPre+nHead, zGeneric, strlen(zGeneric))==0;
}

static int nFailure;
static int bVerbose;
static Buf runLog;                   /* what this run's steps did */

static void fail(const Script *p, const char *zWhat, const char *zStep,
                 const char *zGot, const char *zWant){
  nFailure++;
  fprintf(stderr, "oom: FAIL script %s (%s) at allocation %ld%s: %s\n"
                  "  step: %s\n  got:  %.400s\n  want: %.400s\n",
          p->zName, p->zEncoding ? p->zEncoding : "UTF-8", iFail,
          bPersist ? " (persistent)" : "", zWhat, zStep ? zStep : "-",
          zGot ? zGot : "-", zWant ? zWant : "-");
  if( runLog.n ) fprintf(stderr, "  earlier steps of this run:\n%s", runLog.z);
}

/* Run script p.  The clean run (bRecord) stores each step's result in
** aWant[]; every other run compares against it. */
static void runScript(const Script *p, Buf *aWant, int bRecord){
  sqlite3 *db = 0;
  int rc, i, inBlock = 0, skip = 0;
  sqlite3_int64 before = sqlite3_memory_used();
  runLog.n = 0;
  rc = sqlite3_open_v2(":memory:", &db,
                       SQLITE_OPEN_READWRITE|SQLITE_OPEN_CREATE, 0);
  if( rc==SQLITE_OK ){
    rc = sqlite3_urn_init(db, 0, 0);
    if( rc!=SQLITE_OK && rc!=SQLITE_NOMEM ){
      fail(p, "sqlite3_urn_init failed but not with SQLITE_NOMEM", 0,
           sqlite3_errmsg(db), "SQLITE_OK or SQLITE_NOMEM");
    }
  }else if( rc!=SQLITE_NOMEM ){
    fail(p, "sqlite3_open failed but not with SQLITE_NOMEM", 0, 0, 0);
  }
  if( rc==SQLITE_OK && p->zEncoding ){
    char zSql[64];
    Buf b = {0, 0, 0};
    snprintf(zSql, sizeof(zSql), "PRAGMA encoding='%s'", p->zEncoding);
    rc = runStep(db, zSql, &b);
    free(b.z);
    if( rc!=SQLITE_OK && rc!=SQLITE_NOMEM ){
      fail(p, "PRAGMA encoding failed but not with SQLITE_NOMEM", zSql, 0, 0);
    }
  }
  for(i=0; rc==SQLITE_OK && p->azStep[i]; i++){
    const char *zStep = p->azStep[i];
    Buf b = {0, 0, 0};
    int rcStep;
    if( strcmp(zStep, "{")==0 ){ inBlock = 1; skip = 0; continue; }
    if( strcmp(zStep, "}")==0 ){ inBlock = 0; skip = 0; continue; }
    if( skip ) continue;
    rcStep = runStep(db, zStep, &b);
    bufAppend(&b, "", 0);
    bufPrintf(&runLog, "    rc=%d autocommit=%d ", rcStep,
              sqlite3_get_autocommit(db));
    bufAppend(&runLog, zStep, strlen(zStep)>60 ? 60 : strlen(zStep));
    bufAppend(&runLog, "\n", 1);
    if( bRecord ){
      aWant[i] = b;
      if( rcStep==SQLITE_NOMEM ){
        fail(p, "SQLITE_NOMEM in the clean run", zStep, b.z, 0);
      }
      continue;
    }
    if( !sameAnswer(&b, &aWant[i], rcStep) ){
      if( rcStep!=SQLITE_NOMEM ){
        fail(p, "a wrong answer", zStep, b.z, aWant[i].z);
      }else if( inBlock ){
        /* The block's later answers depend on this statement: undo it and
        ** skip them.  A ROLLBACK may itself run out of memory; the
        ** transaction is then still open and closing the handle ends it. */
        if( !sqlite3_get_autocommit(db) ){
          Buf r = {0, 0, 0};
          int rcR = runStep(db, "ROLLBACK", &r);
          if( rcR!=SQLITE_OK && rcR!=SQLITE_NOMEM ){
            fail(p, "ROLLBACK failed", "ROLLBACK", r.z, 0);
          }
          free(r.z);
          if( rcR!=SQLITE_OK ){ free(b.z); break; }
        }
        skip = 1;
      }
    }
    free(b.z);
  }
  rc = sqlite3_close(db);
  if( rc!=SQLITE_OK ) fail(p, "sqlite3_close failed", 0, 0, 0);
  if( sqlite3_memory_used()!=before ){
    char zGot[64], zWant[64];
    snprintf(zGot, sizeof(zGot), "%lld bytes", (long long)sqlite3_memory_used());
    snprintf(zWant, sizeof(zWant), "%lld bytes", (long long)before);
    fail(p, "memory held after sqlite3_close", 0, zGot, zWant);
  }
}

int main(int argc, char **argv){
  sqlite3_mem_methods m = {0, 0, 0, 0, 0, 0, 0, 0};
  long nPoint[2] = {0, 0}, nRuns = 0;
  int s, i;
  bVerbose = argc>1 && strcmp(argv[1], "-v")==0;

  m.xMalloc = oomMalloc;
  m.xRealloc = oomRealloc;
  m.xFree = oomFree;
  m.xSize = oomSize;
  m.xRoundup = oomRoundup;
  m.xInit = oomInit;
  m.xShutdown = oomShutdown;
  if( sqlite3_config(SQLITE_CONFIG_MALLOC, &m)!=SQLITE_OK
   || sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 1)!=SQLITE_OK
   || sqlite3_config(SQLITE_CONFIG_LOOKASIDE, 0, 0)!=SQLITE_OK
   || sqlite3_initialize()!=SQLITE_OK ){
    fprintf(stderr, "oom: cannot install the failing allocator (was "
                    "sqlite3_initialize called already?)\n");
    return 2;
  }
  addScripts();
  addAutoScripts();

  for(s=0; s<nScript; s++){
    const Script *p = &aScript[s];
    Buf aWant[24];
    long nScriptPoints[2];
    memset(aWant, 0, sizeof(aWant));
    iFail = 0;
    runScript(p, aWant, 1);                       /* the clean run */
    for(bPersist=0; bPersist<2; bPersist++){
      for(iFail=1; ; iFail++){
        nAlloc = 0;
        nInjected = 0;
        runScript(p, aWant, 0);
        nRuns++;
        if( nInjected==0 ) break;                  /* fewer than iFail */
      }
      nScriptPoints[bPersist] = iFail-1;
      nPoint[bPersist] += iFail-1;
    }
    iFail = 0;
    if( bVerbose ){
      printf("oom: %-40.40s %-8s %5ld allocation points\n", p->zName,
             p->zEncoding ? p->zEncoding : "UTF-8", nScriptPoints[0]);
    }
    for(i=0; i<24; i++) free(aWant[i].z);
  }
  sqlite3_shutdown();
  while( nAutoSql>0 ) free(azAutoSql[--nAutoSql]);
  printf("oom: %d scripts, %ld allocation points failed one at a time and "
         "%ld from there on, %ld runs, %d wrong\n",
         nScript, nPoint[0], nPoint[1], nRuns, nFailure);
  printf("oom: %ld passed, %d failed\n", nPoint[0]+nPoint[1], nFailure);
  return nFailure ? 1 : 0;
}
