/*
** urn_find_sql.c -- sqlite-urn, the SQLite glue of urn_find (layer 3 over
** urn_find.h).  Registered by urnRegisterFind() from urn.c.
**
** The table-valued function urn_find (an eponymous virtual table, read
** only, like json_each):
**   SELECT urn, start FROM urn_find(T [, MODE]);
** one row per URN occurring in T, in order of position:
**   urn     the occurrence exactly as written, as TEXT (a URN is ASCII);
**   start   its 1-based position in characters as substr() counts them,
**           so that substr(T, start, length(urn)) = urn; in a BLOB T in
**           bytes, and that substr() gives the same bytes as a BLOB.
** An occurrence begins at a "urn:" (any case) not preceded by an ASCII
** letter, digit, '+', '-' or '.'; it is the longest prefix from there that
** is a URN under MODE; trailing ? ! . , : * _ ~ ; ' and an unbalanced ')'
** are removed while what is left is a URN under MODE; the search goes on
** after it (ext/core/urn_find.h, docs/functions.md).  MODE is 'rfc8141' (the
** default), 'rfc2141' or 'ns', as for urn_valid; anything else, NULL
** included, is an error that names them.  A NULL T gives no rows, a BLOB
** is read as its bytes, a number as its text.
**   SELECT urn, start FROM urn_find('see urn:isbn:0-395-36341-1.');
**     -> 'urn:isbn:0-395-36341-1', 5
**   SELECT urn_nid(f.urn), count(*) FROM doc, urn_find(doc.body) AS f
**     GROUP BY 1;
** The hidden columns t and mode hold the arguments.  It is registered
** innocuous, so views and triggers may use it under trusted_schema=OFF.
*/
#include <string.h>
#include "urn_glue.h"
SQLITE_EXTENSION_INIT3
#include "../core/urn_find.h"

/* The columns, in the order of the declaration in findConnect(). */
#define FIND_URN   0
#define FIND_START 1
#define FIND_T     2
#define FIND_MODE  3

/* A cursor: the search through the text of one xFilter call, and the row
** it stands on.  The text is the argument's own bytes: the sqlite3_value
** that xFilter receives holds them until the next xFilter or xClose (as
** SQLite's own json_each keeps its BLOB argument). */
typedef struct FindCursor {
  sqlite3_vtab_cursor base;
  UrnFinder finder;
  int isBlob;              /* T is a BLOB: start counts bytes */
  int eof;
  size_t off, len;         /* the row: bytes [off, off+len) of the text */
  sqlite3_int64 iRowid;    /* 1 for the first row */
  size_t offCounted;       /* the characters before this byte offset ... */
  sqlite3_int64 nCounted;  /* ... are this many (start is computed lazily) */
  char *zBuf;              /* the urn of the row, NUL-terminated ... */
  size_t nBuf;             /* ... in a buffer of this size, grown rarely */
} FindCursor;

static int findConnect(sqlite3 *db, void *pAux, int argc,
                       const char *const *argv, sqlite3_vtab **ppVtab,
                       char **pzErr){
  (void)pAux; (void)argc; (void)argv; (void)pzErr;
  return urnVtabConnect(db,
      "CREATE TABLE x(urn TEXT, start INTEGER, t HIDDEN, mode HIDDEN)", ppVtab);
}

/* The one plan: urn_find(T [, MODE]) (urnVtabArgsBestIndex()). */
static int findBestIndex(sqlite3_vtab *pVtab, sqlite3_index_info *pInfo){
  return urnVtabArgsBestIndex(pVtab, pInfo, FIND_T, 10,
                              "urn_find(T [, MODE]): T is missing");
}

static int findOpen(sqlite3_vtab *pVtab, sqlite3_vtab_cursor **ppCursor){
  int rc = urnVtabOpen(sizeof(FindCursor), ppCursor);
  (void)pVtab;
  if( rc==SQLITE_OK ) ((FindCursor*)*ppCursor)->eof = 1;
  return rc;
}

static int findClose(sqlite3_vtab_cursor *pCursor){
  sqlite3_free(((FindCursor*)pCursor)->zBuf);
  sqlite3_free(pCursor);
  return SQLITE_OK;
}

static int findNext(sqlite3_vtab_cursor *pCursor){
  FindCursor *pCur = (FindCursor*)pCursor;
  if( urnFindNext(&pCur->finder, &pCur->off, &pCur->len) ){
    pCur->iRowid++;
  }else{
    pCur->eof = 1;
  }
  return SQLITE_OK;
}

static int findFilter(sqlite3_vtab_cursor *pCursor, int idxNum,
                      const char *idxStr, int argc, sqlite3_value **argv){
  FindCursor *pCur = (FindCursor*)pCursor;
  const unsigned char *z;
  size_t n;
  int mode = URN_MODE_RFC8141, eType;
  (void)idxNum; (void)idxStr;
  memset(&pCur->finder, 0, sizeof(pCur->finder));
  pCur->eof = 1;
  pCur->iRowid = 0;
  pCur->offCounted = 0;
  pCur->nCounted = 0;
  if( argc>=2 ){
    char *zErr;
    mode = urnModeParse(argv[1], URN_MODES_ALL, "urn_find", &zErr);
    if( mode<0 ){
      if( zErr==0 ) return SQLITE_NOMEM;
      sqlite3_free(pCursor->pVtab->zErrMsg);
      pCursor->pVtab->zErrMsg = zErr;
      return SQLITE_ERROR;
    }
  }
  if( argc<1 ) return SQLITE_OK;
  eType = sqlite3_value_type(argv[0]);
  if( eType==SQLITE_NULL ) return SQLITE_OK;       /* no rows */
  pCur->isBlob = eType==SQLITE_BLOB;
  z = pCur->isBlob ? (const unsigned char*)sqlite3_value_blob(argv[0])
                   : sqlite3_value_text(argv[0]);
  n = (size_t)sqlite3_value_bytes(argv[0]);
  if( z==0 ){
    /* A zero-length BLOB or text; else the text conversion ran out of
    ** memory (a number never converts to ''). */
    if( n>0 || (eType!=SQLITE_BLOB && eType!=SQLITE_TEXT) ){
      return SQLITE_NOMEM;
    }
    z = (const unsigned char*)"";
  }
  urnFindStart(&pCur->finder, z, n, mode);
  pCur->eof = 0;
  return findNext(pCursor);
}

static int findEof(sqlite3_vtab_cursor *pCursor){
  return ((FindCursor*)pCursor)->eof;
}

static int findColumn(sqlite3_vtab_cursor *pCursor, sqlite3_context *ctx,
                      int iCol){
  FindCursor *pCur = (FindCursor*)pCursor;
  const unsigned char *z = pCur->finder.z;
  switch( iCol ){
    case FIND_URN:
      /* ASCII without NUL (RFC 8141 §2, RFC 2141 §2), so valid UTF-8
      ** text.  It is copied NUL-terminated into the cursor's buffer and
      ** given with length -1: SQLite then marks its own copy terminated,
      ** and a function that reads it as text (length(), urn_nid()) reads
      ** it in place instead of growing it to add the terminator, an
      ** allocation per row (as in urnRewriteFunc() of urn.c). */
      if( pCur->len>=pCur->nBuf ){
        size_t nNew = pCur->len<64 ? 128 : 2*pCur->len;
        char *zNew = sqlite3_realloc64(pCur->zBuf, nNew);
        if( zNew==0 ) return SQLITE_NOMEM;
        pCur->zBuf = zNew;
        pCur->nBuf = nNew;
      }
      memcpy(pCur->zBuf, z+pCur->off, pCur->len);
      pCur->zBuf[pCur->len] = 0;
      sqlite3_result_text(ctx, pCur->zBuf, -1, SQLITE_TRANSIENT);
      break;
    case FIND_START:
      /* Characters are counted from the last row asked for, in one pass
      ** over the text in all (urnFindChars(): as substr() counts them). */
      if( pCur->isBlob ){
        pCur->nCounted = (sqlite3_int64)pCur->off;
      }else{
        pCur->nCounted += (sqlite3_int64)urnFindChars(z, pCur->offCounted,
                                                      pCur->off);
      }
      pCur->offCounted = pCur->off;
      sqlite3_result_int64(ctx, pCur->nCounted+1);
      break;
    case FIND_T:
      if( pCur->isBlob ){
        sqlite3_result_blob64(ctx, z, pCur->finder.n, SQLITE_TRANSIENT);
      }else{
        sqlite3_result_text64(ctx, (const char*)z, pCur->finder.n,
                              SQLITE_TRANSIENT, SQLITE_UTF8);
      }
      break;
    default:
      sqlite3_result_text(ctx, urnModeName(pCur->finder.mode), -1,
                          SQLITE_STATIC);
      break;
  }
  return SQLITE_OK;
}

static int findRowid(sqlite3_vtab_cursor *pCursor, sqlite_int64 *pRowid){
  *pRowid = ((FindCursor*)pCursor)->iRowid;
  return SQLITE_OK;
}

/* Eponymous-only (no xCreate) and read-only (no xUpdate). */
static const sqlite3_module findModule = {
  .iVersion    = 0,
  .xCreate     = 0,
  .xConnect    = findConnect,
  .xBestIndex  = findBestIndex,
  .xDisconnect = urnVtabDisconnect,
  .xDestroy    = 0,
  .xOpen       = findOpen,
  .xClose      = findClose,
  .xFilter     = findFilter,
  .xNext       = findNext,
  .xEof        = findEof,
  .xColumn     = findColumn,
  .xRowid      = findRowid,
};

int urnRegisterFind(sqlite3 *db){
  return sqlite3_create_module(db, "urn_find", &findModule, 0);
}
