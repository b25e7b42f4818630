/*
** test/threads.c -- every SQL function, both collations and the virtual
** table of the extension on several connections from several threads at
** once, for ThreadSanitizer (make check-threads, mk/check.mk).
**
** The extension is linked statically (every ext/ source compiled with
** -DSQLITE_CORE and -fsanitize=thread) and registered for every connection
** with sqlite3_auto_extension().  aStmt[] below is the list of what runs:
** one line per SQL name, each a statement over ?1 and ?2 that calls it in
** every mode it takes.  Adding a function is adding its line; main() stops
** with a message if a registered function, collation or module has none
** (2026-11-25, issue 26.5: this test called 11 of the functions, and not
** urn_encode, urn_decode, urn_build, urn_json, urn_isbn13, urn_url,
** urn_from_url,
** urn_nbn_complete, urn_resolvers,
** urn_registry_date, urn_version, the mode 'ns', URN_NS or urn_namespaces,
** where the manual said "every function").
**
** First, on one thread, every statement runs on every pair of inputs of a
** fixed pool (URNs in many spellings, broken ones, ISBNs, text outside
** ASCII, BLOBs, ill-formed UTF-16) in a UTF-8, a UTF-16le and a UTF-16be
** database (docs/design.md, "Database encodings"), and the answers are
** kept.  Then NTHREAD threads, each with its own connection to each of the
** three databases (WAL files), NITER times: run a random statement on a
** random input in each database and compare the answer with the one kept;
** insert an equivalent respelling of one of NNAME names into a table with
** "UNIQUE COLLATE URN" and an index on urn_canonical() (INSERT OR IGNORE,
** and an upsert), and an ISBN respelling into one with "UNIQUE COLLATE
** URN_NS"; look a name up through the indexes.  Afterwards each table must
** hold exactly one row per name and every database pass
** PRAGMA integrity_check.
**
** The system libsqlite3 is not instrumented; TSan still sees its locking
** (it intercepts pthread_mutex_*), and every byte the extension touches is
** instrumented.  docs/design.md I5: the comparators and the functions are
** stateless, so no report is expected.
**
** Usage: threads [DBFILE]      DBFILE-utf16le, DBFILE-utf16be beside it;
**                              exit status 0 on success.
*/
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>

int sqlite3_urn_init(sqlite3*, char**, const sqlite3_api_routines*);

/* The statements, one per SQL name (a function, a collation or a module):
** ?1 is an input of the pool, ?2 another one. */
static const struct Stmt {
  const char *zName;
  const char *zSql;
} aStmt[] = {
  { "urn_valid",
    "SELECT urn_valid(?1), urn_valid(?1, 'rfc2141'), urn_valid(?1, 'ns')" },
  { "urn_error",
    "SELECT urn_error(?1), urn_error(?1, 'rfc2141'), urn_error(?1, 'ns')" },
  { "urn_nid",        "SELECT urn_nid(?1), urn_nid(?1, 'rfc2141')" },
  { "urn_nss",        "SELECT urn_nss(?1), urn_nss(?1, 'rfc2141')" },
  { "urn_rcomponent", "SELECT urn_rcomponent(?1), urn_rcomponent(?1, 'rfc2141')" },
  { "urn_qcomponent", "SELECT urn_qcomponent(?1), urn_qcomponent(?1, 'rfc2141')" },
  { "urn_fcomponent", "SELECT urn_fcomponent(?1), urn_fcomponent(?1, 'rfc2141')" },
  { "urn_canonical",
    "SELECT urn_canonical(?1), urn_canonical(?1, 'rfc2141'),"
    " urn_canonical(?1, 'ns')" },
  { "urn_normalize",  "SELECT urn_normalize(?1), urn_normalize(?1, 'rfc2141')" },
  { "urn_key",
    "SELECT urn_key(?1), urn_key(?1, 'rfc2141'), urn_key(?1, 'ns'),"
    " urn_key(?1) = urn_key(?2), urn_key(?1, 'ns') = urn_key(?2, 'ns')" },
  { "urn_equal",
    "SELECT urn_equal(?1, ?2), urn_equal(?1, ?2, 'rfc2141'),"
    " urn_equal(?1, ?2, 'ns'), urn_equal(?1, ?1), urn_equal(?1, ?1, 'ns')" },
  { "urn_encode",     "SELECT urn_encode(?1), urn_encode(urn_nss(?1))" },
  { "urn_decode",     "SELECT urn_decode(?1), urn_decode(urn_encode(?1))" },
  { "urn_build",
    "SELECT urn_build('ex', ?1), urn_build(coalesce(urn_nid(?2), 'ab'),"
    " ?1, ?2, ?1, ?2)" },
  { "urn_json",
    "SELECT urn_json(?1), urn_json(?1, 'rfc2141'), urn_json(?1, 'ns')" },
  { "urn_isbn13",     "SELECT urn_isbn13(?1), urn_isbn13(?2)" },
  { "urn_registry_date", "SELECT urn_registry_date()" },
  { "urn_url",
    "SELECT urn_url(?1), urn_url(?1, 'https://r/{urn}?n={nid}&s={nss}'),"
    " urn_url(?1, '{urn}', 'rfc2141'), urn_url(?2, 'x/{nss}', 'ns')" },
  { "urn_nbn_complete",
    "SELECT urn_nbn_complete(?1), urn_nbn_complete('urn:nbn:de:' || ?2)" },
  { "urn_from_url",
    "SELECT urn_from_url(urn_url(?1)), urn_from_url(urn_url(?1), 7),"
    " urn_from_url('https://nbn-resolving.org/' || ?1),"
    " urn_from_url('https://urn.kb.se/resolve?urn=' || ?2),"
    " urn_from_url('https://id.gs1.org/01/80614141123458/21/' || ?2, 7)" },
  { "urn_epc_from_hex",
    "SELECT urn_epc_from_hex(?1), urn_epc_from_hex(hex(?1)),"
    " urn_epc_from_hex('3074257BF7194E40' || substr(hex(?2) || '0000', 1, 8))" },
  { "urn_epc_to_hex",
    "SELECT urn_epc_to_hex(?1), urn_epc_to_hex(urn_epc_from_hex(hex(?1))),"
    " urn_epc_to_hex('urn:epc:tag:giai-202:1.0614141.'"
    " || coalesce(nullif(substr(hex(?2), 1, 20), ''), '0'))" },
  { "urn_epc_tag",
    "SELECT urn_epc_tag('urn:epc:id:sgtin:0614141.812345.' || length(?2),"
    " 'sgtin-96', 3), urn_epc_tag('urn:epc:id:sscc:0614141.' ||"
    " substr(length(?1) || '0000000000', 1, 10), 'sscc-96', 1)" },
  { "urn_epc_pure",
    "SELECT urn_epc_pure(?1), urn_epc_pure(urn_epc_from_hex(hex(?2))),"
    " urn_epc_pure('urn:epc:tag:sgtin-198:2.0614141.812345.'"
    " || coalesce(nullif(substr(hex(?1), 1, 20), ''), 'x'))" },
  { "urn_epc",
    "SELECT count(*), group_concat(tag), group_concat(scheme),"
    " group_concat(serial) FROM urn_epc(hex(?1) || hex(?2))" },
  { "urn_resolvers",
    "SELECT count(*), group_concat(template) FROM urn_resolvers"
    " WHERE nid = urn_nid(?1)" },
  { "urn_version",    "SELECT urn_version()" },
  { "urn_order_version", "SELECT urn_order_version()" },
  { "URN",
    "SELECT ?1 = ?2 COLLATE URN, ?1 < ?2 COLLATE URN, ?1 = ?1 COLLATE URN,"
    " ?1 = urn_normalize(?1) COLLATE URN" },
  { "URN_NS",
    "SELECT ?1 = ?2 COLLATE URN_NS, ?1 < ?2 COLLATE URN_NS,"
    " ?1 = urn_canonical(?1, 'ns') COLLATE URN_NS" },
  { "urn_namespaces",
    "SELECT count(*), group_concat(kind), group_concat(equivalence)"
    " FROM urn_namespaces WHERE nid = urn_nid(?1)" },
  { "urn_find",
    "SELECT group_concat(start || ':' || urn, ' ') FROM urn_find("
    "?1 || ' (' || ?2 || '). see ' || ?1)"
    " UNION ALL SELECT count(*) FROM urn_find(?1, 'rfc2141')"
    " UNION ALL SELECT group_concat(urn) FROM urn_find(?2 || ',' || ?1, 'ns')" },
  { "urn_parse",
    "SELECT p.*, q.valid, q.canonical, q.key, r.valid, r.nid, r.key"
    " FROM urn_parse(?1) AS p, urn_parse(?2, 'rfc2141') AS q,"
    " urn_parse(?1, 'ns') AS r" },
};
#define NSTMT ((int)(sizeof(aStmt)/sizeof(aStmt[0])))

#define NTHREAD 4
#define NITER   1500
#define NNAME   150
#define NPOOL   360
#define NENC    3

static const char *const azEnc[NENC] = { "UTF-8", "UTF-16le", "UTF-16be" };
static char azDbFile[NENC][600];

/* An input of the pool: text (UTF-8), a BLOB, or UTF-16 text in the
** machine's byte order (sqlite3_bind_text16), possibly ill-formed. */
typedef struct Input {
  int kind;                 /* 't' text, 'b' blob, 'w' UTF-16 */
  unsigned char z[160];
  int n;                    /* bytes */
} Input;
static Input aPool[NPOOL];

/* The answers of the single-threaded run: aWant[e][s][i] for encoding e,
** statement s on input i (and its partner, partner(i)). */
static char *aWant[NENC][NSTMT][NPOOL];

static int partner(int i){ return (i*7 + 3) % NPOOL; }

typedef struct Worker {
  int id;
  unsigned rng;        /* per-thread generator state */
  int nErr;
  long nCheck;         /* answers compared */
  char zErr[600];
} Worker;

static unsigned nextRand(unsigned *pRng){
  *pRng = *pRng*1103515245u + 12345u;
  return (*pRng>>8) & 0xffffff;
}

static void workerFail(Worker *w, const char *zWhat, const char *zDetail){
  if( w->nErr++==0 ){
    snprintf(w->zErr, sizeof(w->zErr), "thread %d: %s: %s", w->id, zWhat,
             zDetail ? zDetail : "");
  }
}

/* Name number k spelled at random: case of scheme, NID and hex digits,
** maybe a component.  All spellings of name k are URN-equivalent. */
static void spell(unsigned *pRng, int k, char *zOut, size_t nOut){
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
    if( (!inNss || isHex) && c>='a' && c<='z' && (nextRand(pRng)&1) ) c -= 32;
    zBase[i] = c;
  }
  snprintf(zOut, nOut, "%s%s", zBase, azTail[nextRand(pRng)%5]);
}

/* ISBN number k (an ISBN-10 with its check digit, ISO 2108) spelled at
** random: case of scheme and NID, hyphens, maybe a component.  All
** spellings of number k are equal under URN_NS (RFC 3187 §5). */
static void spellIsbn(unsigned *pRng, int k, char *zOut, size_t nOut){
  char d[11];
  int i, sum = 0, n;
  snprintf(d, sizeof(d), "%09d", 395000000 + k*7919);
  for(i=0; i<9; i++) sum += (10-i)*(d[i]-'0');
  sum = (11 - sum%11) % 11;
  d[9] = (char)(sum==10 ? 'X' : '0'+sum);
  d[10] = 0;
  n = snprintf(zOut, nOut, "%s:%s:", nextRand(pRng)&1 ? "urn" : "URN",
               nextRand(pRng)&1 ? "isbn" : "ISBN");
  for(i=0; i<10 && n+3<(int)nOut; i++){
    if( i>0 && i<9 && nextRand(pRng)%4==0 ) zOut[n++] = '-';
    zOut[n++] = d[i];
  }
  zOut[n] = 0;
  if( nextRand(pRng)%4==0 ) snprintf(zOut+n, nOut-(size_t)n, "#p%d", k);
}

/* A string near the grammar: z with one byte changed. */
static void mangle(unsigned *pRng, char *z){
  static const char aByte[] = "%:?#/-a\x80 Z";
  size_t n = strlen(z);
  if( n ) z[nextRand(pRng)%n] = aByte[nextRand(pRng)%10];
}

/* The fixed pool of inputs. */
static void makePool(void){
  static const char *const azText[] = {
    "urn:ab:c", "URN:AB:c#f", "", "é", "urn:ab:é", "urn:isbn:0-395-36341-1",
    "urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6", "urn:ietf:rfc:2648",
    "urn:doi:10.1000/ABC", "not a urn", "urn:a:b", "urn:nbn:DE:bvb-1",
  };
  static const unsigned short aaUnit[][6] = {
    { 0xD800, 0x41, 0 }, { 0xD800, 0xDC41, 0 }, { 0x75, 0x72, 0x6E, 0x3A, 0xDFFF, 0 },
    { 0xD83D, 0xDE00, 0 }, { 0xE9, 0x20AC, 0 },
  };
  static const char *const azBlob[] = {
    "urn:ab:c", "\xff", "URN:ISBN:0395363411", "urn:ab:\x80",
  };
  unsigned rng = 8141;
  int i = 0, k;
  for(k=0; k<(int)(sizeof(azText)/sizeof(azText[0])); k++, i++){
    aPool[i].kind = 't';
    aPool[i].n = (int)strlen(azText[k]);
    memcpy(aPool[i].z, azText[k], (size_t)aPool[i].n);
  }
  for(k=0; k<(int)(sizeof(aaUnit)/sizeof(aaUnit[0])); k++, i++){
    int j;
    aPool[i].kind = 'w';
    for(j=0; aaUnit[k][j]; j++){
      memcpy(aPool[i].z + 2*j, &aaUnit[k][j], 2);     /* machine order */
    }
    aPool[i].n = 2*j;
  }
  for(k=0; k<(int)(sizeof(azBlob)/sizeof(azBlob[0])); k++, i++){
    aPool[i].kind = 'b';
    aPool[i].n = (int)strlen(azBlob[k]);
    memcpy(aPool[i].z, azBlob[k], (size_t)aPool[i].n);
  }
  for(; i<NPOOL; i++){
    char *z = (char*)aPool[i].z;
    switch( i%4 ){
      case 0: spell(&rng, (int)(nextRand(&rng)%NNAME), z, 150); break;
      case 1: spell(&rng, (int)(nextRand(&rng)%NNAME), z, 150);
              mangle(&rng, z); break;
      case 2: spellIsbn(&rng, (int)(nextRand(&rng)%NNAME), z, 150); break;
      default: spellIsbn(&rng, (int)(nextRand(&rng)%NNAME), z, 150);
               mangle(&rng, z); break;
    }
    aPool[i].kind = 't';
    aPool[i].n = (int)strlen(z);
  }
}

static void bindInput(sqlite3_stmt *pStmt, int iParam, const Input *p){
  switch( p->kind ){
    case 'b': sqlite3_bind_blob(pStmt, iParam, p->z, p->n, SQLITE_STATIC); break;
    case 'w': sqlite3_bind_text16(pStmt, iParam, p->z, p->n, SQLITE_STATIC);
              break;
    default:  sqlite3_bind_text(pStmt, iParam, (const char*)p->z, p->n,
                                SQLITE_STATIC);
  }
}

/* Run pStmt on input i and its partner; the row as a malloc'd string (each
** column: its type, then its UTF-8 text), or 0 on an error. */
static char *answer(sqlite3_stmt *pStmt, int i){
  char *z;
  size_t n = 0, nAlloc = 64;
  int c, nCol;
  sqlite3_reset(pStmt);
  bindInput(pStmt, 1, &aPool[i]);
  if( sqlite3_bind_parameter_count(pStmt)>=2 ){
    bindInput(pStmt, 2, &aPool[partner(i)]);
  }
  if( sqlite3_step(pStmt)!=SQLITE_ROW ) return 0;
  nCol = sqlite3_column_count(pStmt);
  for(c=0; c<nCol; c++) nAlloc += 8 + (size_t)sqlite3_column_bytes(pStmt, c);
  z = malloc(nAlloc);
  if( z==0 ) return 0;
  for(c=0; c<nCol; c++){
    int t = sqlite3_column_type(pStmt, c);
    const unsigned char *zText = sqlite3_column_text(pStmt, c);
    int nText = sqlite3_column_bytes(pStmt, c);
    n += (size_t)snprintf(z+n, nAlloc-n, "|%d:", t);
    if( zText && n+(size_t)nText<nAlloc ){
      memcpy(z+n, zText, (size_t)nText);
      n += (size_t)nText;
    }
  }
  z[n] = 0;
  sqlite3_reset(pStmt);
  return z;
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

/* One thread's connection to one database and its statements. */
typedef struct Conn {
  sqlite3 *db;
  sqlite3_stmt *apStmt[NSTMT];
  sqlite3_stmt *pIns, *pUps, *pGet, *pIsbn;
} Conn;

static int connOpen(Conn *p, const char *zFile, char *zErr, size_t nErr){
  int s, rc;
  memset(p, 0, sizeof(*p));
  rc = sqlite3_open(zFile, &p->db);
  if( rc==SQLITE_OK ) sqlite3_busy_timeout(p->db, 20000);
  /* A connection learns the database's encoding when it reads the schema:
  ** a statement prepared before that, naming no table, would run as in a
  ** UTF-8 database (docs/design.md, "Database encodings"). */
  if( rc==SQLITE_OK ){
    rc = execOrRetry(p->db, "SELECT count(*) FROM sqlite_schema");
  }
  for(s=0; rc==SQLITE_OK && s<NSTMT; s++){
    rc = sqlite3_prepare_v2(p->db, aStmt[s].zSql, -1, &p->apStmt[s], 0);
  }
  if( rc==SQLITE_OK ) rc = sqlite3_prepare_v2(p->db,
      "INSERT OR IGNORE INTO t(u, th) VALUES(?1, ?2)", -1, &p->pIns, 0);
  if( rc==SQLITE_OK ) rc = sqlite3_prepare_v2(p->db,
      "INSERT INTO t(u, th) VALUES(?1, ?2)"
      " ON CONFLICT(u) DO UPDATE SET th = excluded.th", -1, &p->pUps, 0);
  if( rc==SQLITE_OK ) rc = sqlite3_prepare_v2(p->db,
      "SELECT count(*), (SELECT count(*) FROM t"
      "  WHERE urn_canonical(u) = urn_canonical(?1)) FROM t WHERE u = ?1",
      -1, &p->pGet, 0);
  if( rc==SQLITE_OK ) rc = sqlite3_prepare_v2(p->db,
      "INSERT OR IGNORE INTO tn(v) VALUES(?1)", -1, &p->pIsbn, 0);
  if( rc!=SQLITE_OK ){
    snprintf(zErr, nErr, "%.200s: %.300s", zFile, sqlite3_errmsg(p->db));
    return rc;
  }
  return SQLITE_OK;
}

static void connClose(Conn *p){
  int s;
  for(s=0; s<NSTMT; s++) sqlite3_finalize(p->apStmt[s]);
  sqlite3_finalize(p->pIns);
  sqlite3_finalize(p->pUps);
  sqlite3_finalize(p->pGet);
  sqlite3_finalize(p->pIsbn);
  sqlite3_close(p->db);
}

static void *workerMain(void *pArg){
  Worker *w = (Worker*)pArg;
  Conn aConn[NENC];
  char z[160];
  int i, e, rc;
  memset(aConn, 0, sizeof(aConn));
  for(e=0; e<NENC; e++){
    if( connOpen(&aConn[e], azDbFile[e], w->zErr, sizeof(w->zErr)) ){
      w->nErr++;
      goto done;
    }
  }
  for(i=0; i<NITER && w->nErr==0; i++){
    int s = (int)(nextRand(&w->rng) % NSTMT);
    int x = (int)(nextRand(&w->rng) % NPOOL);
    int k = (int)(nextRand(&w->rng) % NNAME);
    Conn *p;
    /* A random statement on a random input, in every encoding: the
    ** answer of the single-threaded run. */
    for(e=0; e<NENC; e++){
      char *zGot = answer(aConn[e].apStmt[s], x);
      w->nCheck++;
      if( zGot==0 || strcmp(zGot, aWant[e][s][x])!=0 ){
        char zWhat[200];
        snprintf(zWhat, sizeof(zWhat), "%s in %s on input %d: got %.60s,"
                 " want %.60s", aStmt[s].zName, azEnc[e], x,
                 zGot ? zGot : sqlite3_errmsg(aConn[e].db), aWant[e][s][x]);
        workerFail(w, "answer", zWhat);
      }
      free(zGot);
    }

    /* The tables, in one of the databases in turn. */
    p = &aConn[i%NENC];
    spell(&w->rng, k, z, sizeof(z));
    sqlite3_reset(p->pIns);
    sqlite3_bind_text(p->pIns, 1, z, -1, SQLITE_STATIC);
    sqlite3_bind_int(p->pIns, 2, w->id);
    rc = stepOrRetry(p->pIns);
    if( rc!=SQLITE_DONE ) workerFail(w, "insert", sqlite3_errmsg(p->db));

    sqlite3_reset(p->pUps);
    spell(&w->rng, (k+1) % NNAME, z, sizeof(z));
    sqlite3_bind_text(p->pUps, 1, z, -1, SQLITE_STATIC);
    sqlite3_bind_int(p->pUps, 2, w->id);
    rc = stepOrRetry(p->pUps);
    if( rc!=SQLITE_DONE ) workerFail(w, "upsert", sqlite3_errmsg(p->db));

    /* Every spelling of a name inserted above finds exactly its row, both
    ** through the UNIQUE index and through the urn_canonical() index. */
    sqlite3_reset(p->pGet);
    spell(&w->rng, (k+1) % NNAME, z, sizeof(z));
    sqlite3_bind_text(p->pGet, 1, z, -1, SQLITE_STATIC);
    rc = stepOrRetry(p->pGet);
    if( rc!=SQLITE_ROW || sqlite3_column_int(p->pGet, 0)!=1
     || sqlite3_column_int(p->pGet, 1)!=1 ){
      workerFail(w, "lookup", z);
    }
    sqlite3_reset(p->pGet);

    sqlite3_reset(p->pIsbn);
    spellIsbn(&w->rng, k, z, sizeof(z));
    sqlite3_bind_text(p->pIsbn, 1, z, -1, SQLITE_STATIC);
    rc = stepOrRetry(p->pIsbn);
    if( rc!=SQLITE_DONE ) workerFail(w, "insert isbn", sqlite3_errmsg(p->db));
  }
done:
  for(e=0; e<NENC; e++) connClose(&aConn[e]);
  return 0;
}

/* 1 if every SQL name the extension registers has a line in aStmt[]. */
static int everyNameListed(sqlite3 *db){
  sqlite3_stmt *pList;
  int ok = 1;
  if( sqlite3_prepare_v2(db,
        "SELECT DISTINCT name FROM pragma_function_list WHERE name GLOB 'urn_*'"
        " UNION SELECT name FROM pragma_collation_list WHERE name GLOB 'URN*'"
        " UNION SELECT name FROM pragma_module_list WHERE name GLOB 'urn*'",
        -1, &pList, 0)!=SQLITE_OK ){
    fprintf(stderr, "threads: %s\n", sqlite3_errmsg(db));
    return 0;
  }
  while( sqlite3_step(pList)==SQLITE_ROW ){
    const char *zName = (const char*)sqlite3_column_text(pList, 0);
    int s;
    for(s=0; s<NSTMT && strcmp(aStmt[s].zName, zName)!=0; s++){}
    if( s==NSTMT ){
      fprintf(stderr, "threads: %s has no line in aStmt[] (test/threads.c):"
                      " add one that calls it in every mode\n", zName);
      ok = 0;
    }
  }
  sqlite3_finalize(pList);
  return ok;
}

int main(int argc, char **argv){
  pthread_t aThread[NTHREAD];
  Worker aWorker[NTHREAD];
  const char *zBase = argc>1 ? argv[1] : "threads.db";
  int i, e, s, nErr = 0, nPass = 0;
  long nCheck = 0;
  if( !sqlite3_threadsafe() ){
    fprintf(stderr, "threads: libsqlite3 was built without thread safety\n");
    return 2;
  }
  sqlite3_auto_extension((void(*)(void))sqlite3_urn_init);
  makePool();

  /* The databases, and the answers of one thread. */
  for(e=0; e<NENC; e++){
    sqlite3 *db;
    char zSql[200];
    char z[700];
    snprintf(azDbFile[e], sizeof(azDbFile[e]), "%s%s", zBase,
             e==0 ? "" : e==1 ? "-utf16le" : "-utf16be");
    remove(azDbFile[e]);
    snprintf(z, sizeof(z), "%s-wal", azDbFile[e]); remove(z);
    snprintf(z, sizeof(z), "%s-shm", azDbFile[e]); remove(z);
    snprintf(zSql, sizeof(zSql), "PRAGMA encoding='%s';", azEnc[e]);
    if( sqlite3_open(azDbFile[e], &db)!=SQLITE_OK
     || execOrRetry(db, zSql)!=SQLITE_OK
     || execOrRetry(db,
          "PRAGMA journal_mode=WAL;"
          "CREATE TABLE t(id INTEGER PRIMARY KEY, u TEXT UNIQUE COLLATE URN,"
          "               th INT);"
          "CREATE INDEX t_c ON t(urn_canonical(u));"
          "CREATE TABLE tn(v TEXT UNIQUE COLLATE URN_NS);")!=SQLITE_OK ){
      fprintf(stderr, "threads: setup of %s: %s\n", azDbFile[e],
              sqlite3_errmsg(db));
      return 2;
    }
    if( e==0 && !everyNameListed(db) ) return 2;
    for(s=0; s<NSTMT; s++){
      sqlite3_stmt *pStmt;
      if( sqlite3_prepare_v2(db, aStmt[s].zSql, -1, &pStmt, 0)!=SQLITE_OK ){
        fprintf(stderr, "threads: %s: %s\n", aStmt[s].zSql, sqlite3_errmsg(db));
        return 2;
      }
      for(i=0; i<NPOOL; i++){
        aWant[e][s][i] = answer(pStmt, i);
        if( aWant[e][s][i]==0 ){
          fprintf(stderr, "threads: %s on input %d: %s\n", aStmt[s].zName, i,
                  sqlite3_errmsg(db));
          return 2;
        }
      }
      sqlite3_finalize(pStmt);
    }
    sqlite3_close(db);
  }

  for(i=0; i<NTHREAD; i++){
    aWorker[i].id = i;
    aWorker[i].rng = 20261122u + 7919u*(unsigned)i;
    aWorker[i].nErr = 0;
    aWorker[i].nCheck = 0;
    aWorker[i].zErr[0] = 0;
    if( pthread_create(&aThread[i], 0, workerMain, &aWorker[i])!=0 ){
      fprintf(stderr, "threads: pthread_create failed\n");
      return 2;
    }
  }
  for(i=0; i<NTHREAD; i++){
    pthread_join(aThread[i], 0);
    nCheck += aWorker[i].nCheck;
    if( aWorker[i].nErr ){
      fprintf(stderr, "threads: %s (%d errors)\n", aWorker[i].zErr,
              aWorker[i].nErr);
      nErr++;
    }else{
      nPass++;
    }
  }

  /* In each database, one row per name that any thread inserted, one per
  ** ISBN, and a sound file. */
  for(e=0; e<NENC; e++){
    sqlite3 *db;
    sqlite3_stmt *pStmt;
    int nRow = -1, nDistinct = -2, nIsbn = -3, nIsbnNs = -4;
    char zCheck[64] = "";
    sqlite3_open(azDbFile[e], &db);
    if( sqlite3_prepare_v2(db,
          "SELECT (SELECT count(*) FROM t),"
          "       (SELECT count(DISTINCT urn_canonical(u)) FROM t),"
          "       (SELECT count(*) FROM tn),"
          "       (SELECT count(DISTINCT urn_canonical(v, 'ns')) FROM tn),"
          "       (SELECT group_concat(integrity_check) FROM"
          "        pragma_integrity_check)", -1, &pStmt, 0)==SQLITE_OK
     && sqlite3_step(pStmt)==SQLITE_ROW ){
      nRow = sqlite3_column_int(pStmt, 0);
      nDistinct = sqlite3_column_int(pStmt, 1);
      nIsbn = sqlite3_column_int(pStmt, 2);
      nIsbnNs = sqlite3_column_int(pStmt, 3);
      snprintf(zCheck, sizeof(zCheck), "%s", sqlite3_column_text(pStmt, 4));
    }
    sqlite3_finalize(pStmt);
    sqlite3_close(db);
    if( nRow!=nDistinct || nRow<=0 || nRow>NNAME || nIsbn!=nIsbnNs
     || nIsbn<=0 || nIsbn>NNAME || strcmp(zCheck, "ok")!=0 ){
      fprintf(stderr, "threads: %s: table check failed: %d rows, %d names;"
                      " %d ISBN rows, %d ISBNs; integrity_check %s\n",
              azEnc[e], nRow, nDistinct, nIsbn, nIsbnNs, zCheck);
      nErr++;
    }else{
      nPass++;
    }
    printf("threads: %s: %d rows for %d names, %d ISBN rows for %d ISBNs,"
           " integrity_check %s\n", azEnc[e], nRow, nDistinct, nIsbn, nIsbnNs,
           zCheck);
  }
  sqlite3_reset_auto_extension();
  for(e=0; e<NENC; e++){
    for(s=0; s<NSTMT; s++){
      for(i=0; i<NPOOL; i++) free(aWant[e][s][i]);
    }
  }
  printf("threads: %d threads x %d iterations, %d statements (one per SQL"
         " name) on %d inputs in 3 encodings, %ld answers compared\n",
         NTHREAD, NITER, NSTMT, NPOOL, nCheck);
  printf("threads: %d passed, %d failed\n", nPass, nErr);
  return nErr ? 1 : 0;
}
