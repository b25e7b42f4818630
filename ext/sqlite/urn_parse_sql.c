/*
** urn_parse_sql.c -- sqlite-urn, the SQLite glue of urn_parse (layer 3
** over urn_fn.h).  Registered by urnRegisterParse() from urn.c.
**
** The table-valued function urn_parse (an eponymous virtual table, read
** only, like json_each): every part of X from one scan, as one row:
**   SELECT * FROM urn_parse(X [, MODE]);
** with the columns
**   valid      urn_valid(X, MODE): 1 or 0;
**   nid        urn_nid(X, MODE): the NID lower-cased (RFC 8141 §2.1);
**   nss, r, q, f
**              urn_nss(X, MODE), urn_rcomponent(X, MODE),
**              urn_qcomponent(X, MODE), urn_fcomponent(X, MODE): as
**              written, NULL when absent (RFC 8141 §2.3);
**   canonical  urn_canonical(X, MODE): key(X), or key_ns(X) in mode 'ns'
**              (RFC 8141 §3.1);
**   key        urn_key(X, MODE): canonical for a URN, X itself for any
**              other text, and a NULL, INTEGER, REAL or BLOB X unchanged,
**              as the collations compare them (docs/design.md).
** NULL when X is not a URN under MODE (key: X).  In mode 'ns' the syntax
** is RFC 8141's: nid to canonical are the parts of an RFC 8141 URN, as
** urn_canonical(X, 'ns') reads it, also where valid is 0 because the
** namespace rejects X (urn_error(X, 'ns') says why).  MODE is 'rfc8141'
** (the default), 'rfc2141' or 'ns', as for urn_valid; anything else, NULL
** included, is an error that names them.  A NULL X gives no row (as
** json_each gives none), a BLOB is read as its bytes, a number as its
** text.
**   SELECT * FROM urn_parse('URN:ISBN:0-395-36341-1#p');
**     -> 1, 'isbn', '0-395-36341-1', NULL, NULL, 'p',
**        'urn:isbn:0-395-36341-1', 'urn:isbn:0-395-36341-1'
**   SELECT t.id, p.nid, p.nss FROM t, urn_parse(t.id) AS p WHERE p.valid;
** The hidden columns input and mode hold the arguments (not "x": an
** argument naming a column x of the query, urn_parse(x), would name the
** hidden column instead).  It is registered innocuous, so views and
** triggers may use it under trusted_schema=OFF.
*/
#include <string.h>
#include "urn_glue.h"
SQLITE_EXTENSION_INIT3
#include "../core/urn_fn.h"

/* The columns, in the order of the declaration in parseConnect(). */
#define PARSE_VALID     0
#define PARSE_NID       1
#define PARSE_NSS       2
#define PARSE_R         3
#define PARSE_Q         4
#define PARSE_F         5
#define PARSE_CANONICAL 6
#define PARSE_KEY       7
#define PARSE_INPUT     8
#define PARSE_MODE      9

/* A cursor: the one row of one xFilter call.  X's bytes are the
** argument's own: the sqlite3_value that xFilter receives holds them until
** the next xFilter or xClose (as in urn_find_sql.c). */
typedef struct ParseCursor {
  sqlite3_vtab_cursor base;
  int eof;
  int eType;               /* X's SQLite type */
  sqlite3_int64 iVal;      /* X, an INTEGER */
  double rVal;             /* X, a REAL */
  const unsigned char *z;  /* X's bytes (a number's text) */
  size_t n;
  int mode;
  int valid;               /* urn_valid(X, mode) */
  int isUrn;               /* X has mode's syntax: parts are set */
  UrnParts parts;
  int hasKey;              /* zKey[0..nKey) holds urn_canonical(X, mode) */
  unsigned char *zKey;     /* in a buffer of nKeyBuf bytes, grown rarely */
  size_t nKey, nKeyBuf;
} ParseCursor;

static int parseConnect(sqlite3 *db, void *pAux, int argc,
                        const char *const *argv, sqlite3_vtab **ppVtab,
                        char **pzErr){
  (void)pAux; (void)argc; (void)argv; (void)pzErr;
  return urnVtabConnect(db,
      "CREATE TABLE x(valid INTEGER, nid TEXT, nss TEXT, r TEXT, q TEXT,"
      " f TEXT, canonical TEXT, key, input HIDDEN, mode HIDDEN)", ppVtab);
}

/* The one plan: urn_parse(X [, MODE]), one row (urnVtabArgsBestIndex()). */
static int parseBestIndex(sqlite3_vtab *pVtab, sqlite3_index_info *pInfo){
  return urnVtabArgsBestIndex(pVtab, pInfo, PARSE_INPUT, 1,
                              "urn_parse(X [, MODE]): X is missing");
}

static int parseOpen(sqlite3_vtab *pVtab, sqlite3_vtab_cursor **ppCursor){
  int rc = urnVtabOpen(sizeof(ParseCursor), ppCursor);
  (void)pVtab;
  if( rc==SQLITE_OK ) ((ParseCursor*)*ppCursor)->eof = 1;
  return rc;
}

static int parseClose(sqlite3_vtab_cursor *pCursor){
  sqlite3_free(((ParseCursor*)pCursor)->zKey);
  sqlite3_free(pCursor);
  return SQLITE_OK;
}

/* One row per call: after it, none. */
static int parseNext(sqlite3_vtab_cursor *pCursor){
  ((ParseCursor*)pCursor)->eof = 1;
  return SQLITE_OK;
}

/* Read X and MODE and scan X, once: urnFnCheck() gives valid, whether X
** has the syntax of the mode, and the parts (RFC 8141 §2). */
static int parseFilter(sqlite3_vtab_cursor *pCursor, int idxNum,
                       const char *idxStr, int argc, sqlite3_value **argv){
  ParseCursor *pCur = (ParseCursor*)pCursor;
  const unsigned char *z;
  size_t n;
  (void)idxNum; (void)idxStr;
  pCur->eof = 1;
  pCur->hasKey = 0;
  pCur->mode = URN_MODE_RFC8141;
  if( argc>=2 ){
    char *zErr;
    pCur->mode = urnModeParse(argv[1], URN_MODES_ALL, "urn_parse", &zErr);
    if( pCur->mode<0 ){
      if( zErr==0 ) return SQLITE_NOMEM;
      sqlite3_free(pCursor->pVtab->zErrMsg);
      pCursor->pVtab->zErrMsg = zErr;
      return SQLITE_ERROR;
    }
  }
  if( argc<1 ) return SQLITE_OK;
  pCur->eType = sqlite3_value_type(argv[0]);
  if( pCur->eType==SQLITE_NULL ) return SQLITE_OK;      /* no row */
  if( pCur->eType==SQLITE_INTEGER ) pCur->iVal = sqlite3_value_int64(argv[0]);
  if( pCur->eType==SQLITE_FLOAT ) pCur->rVal = sqlite3_value_double(argv[0]);
  z = pCur->eType==SQLITE_BLOB ? sqlite3_value_blob(argv[0])
                               : sqlite3_value_text(argv[0]);
  n = (size_t)sqlite3_value_bytes(argv[0]);
  if( z==0 ){
    /* A zero-length BLOB or text; else the text conversion ran out of
    ** memory (a number never converts to ''). */
    if( n>0 || (pCur->eType!=SQLITE_BLOB && pCur->eType!=SQLITE_TEXT) ){
      return SQLITE_NOMEM;
    }
    z = (const unsigned char*)"";
  }
  pCur->z = z;
  pCur->n = n;
  pCur->valid = urnFnCheck(z, n, pCur->mode, &pCur->parts, &pCur->isUrn,
                           0, 0);
  pCur->eof = 0;
  return SQLITE_OK;
}

static int parseEof(sqlite3_vtab_cursor *pCursor){
  return ((ParseCursor*)pCursor)->eof;
}

/* urn_canonical(X, mode) of the URN X into the cursor's buffer, written
** the first time a column asks for it (canonical, key). */
static int parseKey(ParseCursor *pCur){
  size_t nMax = URN_KEY_LEN(&pCur->parts);
  if( pCur->hasKey ) return SQLITE_OK;
  if( nMax>pCur->nKeyBuf ){
    size_t nNew = nMax<64 ? 128 : 2*nMax;
    unsigned char *zNew = sqlite3_realloc64(pCur->zKey, nNew);
    if( zNew==0 ) return SQLITE_NOMEM;
    pCur->zKey = zNew;
    pCur->nKeyBuf = nNew;
  }
  /* key_ns(X) = f_nid(key(X)) in mode 'ns', never longer than key(X). */
  pCur->nKey = urnFnKey(pCur->z, &pCur->parts, pCur->mode, pCur->zKey);
  pCur->hasKey = 1;
  return SQLITE_OK;
}

/* X as it was given: the hidden column input, and the key of a non-text
** X. */
static void parseResultX(ParseCursor *pCur, sqlite3_context *ctx){
  switch( pCur->eType ){
    case SQLITE_INTEGER: sqlite3_result_int64(ctx, pCur->iVal); break;
    case SQLITE_FLOAT:   sqlite3_result_double(ctx, pCur->rVal); break;
    case SQLITE_BLOB:
      sqlite3_result_blob64(ctx, pCur->z, pCur->n, SQLITE_TRANSIENT);
      break;
    default:
      sqlite3_result_text64(ctx, (const char*)pCur->z, pCur->n,
                            SQLITE_TRANSIENT, SQLITE_UTF8);
      break;
  }
}

static int parseColumn(sqlite3_vtab_cursor *pCursor, sqlite3_context *ctx,
                       int iCol){
  ParseCursor *pCur = (ParseCursor*)pCursor;
  unsigned char zNid[33];
  const UrnSpan *pSpan;
  int rc;
  switch( iCol ){
    case PARSE_VALID:
      sqlite3_result_int(ctx, pCur->valid);
      break;
    case PARSE_NID:
      if( !pCur->isUrn ) break;
      /* At most 32 bytes (RFC 8141 §2), lower-cased (§2.1). */
      sqlite3_result_text(ctx, (const char*)zNid,
                          (int)urnFnNid(pCur->z, &pCur->parts, zNid),
                          SQLITE_TRANSIENT);
      break;
    case PARSE_NSS: case PARSE_R: case PARSE_Q: case PARSE_F:
      if( !pCur->isUrn ) break;
      pSpan = urnFnPart(&pCur->parts, iCol==PARSE_NSS ? 'n' : iCol==PARSE_R
                                      ? 'r' : iCol==PARSE_Q ? 'q' : 'f');
      if( pSpan->off==0 ) break;                      /* absent: NULL */
      /* ASCII without NUL (RFC 8141 §2), so valid UTF-8 text. */
      sqlite3_result_text64(ctx, (const char*)pCur->z+pSpan->off, pSpan->len,
                            SQLITE_TRANSIENT, SQLITE_UTF8);
      break;
    case PARSE_CANONICAL:
    case PARSE_KEY:
      if( iCol==PARSE_KEY && pCur->eType!=SQLITE_TEXT ){
        parseResultX(pCur, ctx);        /* a collation compares text only */
        break;
      }
      if( !pCur->isUrn ){
        if( iCol==PARSE_KEY ) parseResultX(pCur, ctx);   /* I3: itself */
        break;
      }
      rc = parseKey(pCur);
      if( rc!=SQLITE_OK ) return rc;
      sqlite3_result_text64(ctx, (const char*)pCur->zKey, pCur->nKey,
                            SQLITE_TRANSIENT, SQLITE_UTF8);
      break;
    case PARSE_INPUT:
      parseResultX(pCur, ctx);
      break;
    default:
      sqlite3_result_text(ctx, urnModeName(pCur->mode), -1, SQLITE_STATIC);
      break;
  }
  return SQLITE_OK;
}

static int parseRowid(sqlite3_vtab_cursor *pCursor, sqlite_int64 *pRowid){
  (void)pCursor;
  *pRowid = 1;
  return SQLITE_OK;
}

/* Eponymous-only (no xCreate) and read-only (no xUpdate). */
static const sqlite3_module parseModule = {
  .iVersion    = 0,
  .xCreate     = 0,
  .xConnect    = parseConnect,
  .xBestIndex  = parseBestIndex,
  .xDisconnect = urnVtabDisconnect,
  .xDestroy    = 0,
  .xOpen       = parseOpen,
  .xClose      = parseClose,
  .xFilter     = parseFilter,
  .xNext       = parseNext,
  .xEof        = parseEof,
  .xColumn     = parseColumn,
  .xRowid      = parseRowid,
};

int urnRegisterParse(sqlite3 *db){
  return sqlite3_create_module(db, "urn_parse", &parseModule, 0);
}
