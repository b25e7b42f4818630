/*
** urn_url_sql.c -- sqlite-urn, the SQLite glue of urn_url.h (layer 3):
** from a name to a link, and the completion of a urn:nbn:de.  Registered
** by urnRegisterUrl() from urn.c.  Nothing here touches the network: the
** functions compute URLs, they never fetch them.
**
**   urn_url(X)            the URL of X at its namespace's public resolver
**                         (the rows of urn_resolvers): urn:nbn:de, ch, fi,
**                         se, no; Finland's urn:isbn; urn:ietf:rfc,
**                         bcp, std; urn:issn; urn:ogc:def; urn:epc:id and
**                         urn:epc:tag of the EPC schemes with a GS1 key
**                         (GS1 Digital Link; the NSS of an EPC URN is
**                         case-sensitive).  NULL
**                         when X is no RFC 8141 URN or no resolver serves it.
**                           urn_url('urn:ietf:rfc:8141')
**                             -> 'https://www.rfc-editor.org/info/rfc8141'
**   urn_url(X, TEMPLATE [,MODE])
**                         TEMPLATE with {urn} replaced by
**                         urn_canonical(X [,MODE]), {nid} by the NID in
**                         lower case and {nss} by the NSS of that canonical
**                         form; components (?+ ?= #) never appear; after
**                         the first '?', a value is percent-encoded as one
**                         query parameter (& = + % # space).  NULL
**                         when X or TEMPLATE is NULL or X is no URN under
**                         MODE ('ns': X must pass urn_valid(X, 'ns')).  An
**                         unknown placeholder, or a '{' without its '}', is
**                         an error naming the known ones.  Users extend the
**                         built-in table with their own:
**                           coalesce(urn_url(id, r.template), urn_url(id))
**   urn_from_url(U [,GCP_LENGTH])
**                         the URN that the link U names, the way back from
**                         urn_url (ext/core/urn_link.h): every built-in
**                         resolver's links over http or https, with or
**                         without www., on their former hosts and forms
**                         (nbn-resolving.de, mdz-nbn-resolving.de,
**                         urn/resolver.pl?urn=), a name without its "urn:",
**                         a URN percent-encoded (decoded once), a link
**                         wrapped in a resolver's link; the forms RFCs are
**                         cited by; GS1 Digital Links on any host and path
**                         prefix back to the EPC pure identity, given the
**                         company prefix's length GCP_LENGTH (6 to 12; NULL
**                         or none: a Digital Link gives NULL).  NULL for
**                         NULL and for anything that names no URN; a
**                         GCP_LENGTH outside 6..12 is an error.
**                           urn_from_url('https://urn.fi/URN:NBN:fi-fe20071217')
**                             -> 'URN:NBN:fi-fe20071217'
**   urn_nbn_complete(X)   a new urn:nbn:de with its check digit (the DNB's
**                         algorithm) appended: 'urn:nbn:' and the NSS of X
**                         as written, then the digit.  NULL unless X is an
**                         RFC 8141 URN of NID nbn whose NSS has the syntax
**                         of RFC 8458 §4.2, the country code de, and only
**                         characters of the DNB's table.
**                           urn_nbn_complete('urn:nbn:de:gbv:089-332175294')
**                             -> 'urn:nbn:de:gbv:089-3321752945'
**
** The virtual table urn_resolvers (eponymous, read-only): one row per
** built-in resolver, with the columns nid, prefix (the start of the NSS it
** serves, in any letter case), template (the URL form; {urn} is filled in
** as urn_url(X, template) does, other names in braces say what the
** computation puts there) and source (the operator's page or the standard
** that documents the form).
**
** Arguments are read as everywhere (a BLOB as its bytes, numbers as their
** text); each result is one allocation; a URL longer than
** SQLITE_LIMIT_LENGTH is the error "string or blob too big".
*/
#include <string.h>
#include "urn_glue.h"
SQLITE_EXTENSION_INIT3
#include "../core/urn_url.h"
#include "../core/urn_link.h"

/* Results up to this long are computed on the stack, then copied once
** into the allocation SQLite keeps. */
#define URN_URL_STACK 512

/* Room for a result of n bytes and its NUL, or 0 after raising "string or
** blob too big" (longer than SQLITE_LIMIT_LENGTH) or out-of-memory. */
static char *urnResultAlloc(sqlite3_context *ctx, size_t n){
  char *z;
  if( n>(size_t)sqlite3_limit(sqlite3_context_db_handle(ctx),
                              SQLITE_LIMIT_LENGTH, -1) ){
    sqlite3_result_error_toobig(ctx);
    return 0;
  }
  z = sqlite3_malloc64(n+1);
  if( z==0 ) sqlite3_result_error_nomem(ctx);
  return z;
}

/* Hand z[0..n), printable ASCII without NUL (urn_url.h, urn_link.h), to
** SQLite with its length, as DuckDB's glue gives it; terminated too,
** which SQLite notes. */
static void urnResultDone(sqlite3_context *ctx, char *z, size_t n){
  z[n] = 0;
  sqlite3_result_text(ctx, z, (int)n, sqlite3_free);
}

/* urn_url(X [,TEMPLATE [,MODE]]) */
static void urnUrlFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  const unsigned char *z, *zTpl = 0;
  size_t n, nTpl = 0, nUrl, nMax;
  char aBuf[URN_URL_STACK];
  char *zOut;
  UrnUrlErr err;
  int mode = urnArgMode(ctx, argc, argv, 2);
  if( mode<0 ) return;
  if( urnArgText(ctx, argv[0], &z, &n)<=0 ) return;
  if( argc>=2 ){
    if( urnArgText(ctx, argv[1], &zTpl, &nTpl)<=0 ) return;
  }
  nMax = (size_t)sqlite3_limit(sqlite3_context_db_handle(ctx),
                               SQLITE_LIMIT_LENGTH, -1);
  nUrl = urnUrl(z, n, zTpl, nTpl, mode, nMax, aBuf, sizeof(aBuf), &err);
  if( nUrl==URN_URL_NULL ){
    if( err.zMsg[0] ) sqlite3_result_error(ctx, err.zMsg, -1);
    return;
  }
  if( (zOut = urnResultAlloc(ctx, nUrl))==0 ) return;
  if( nUrl<=sizeof(aBuf) ){
    memcpy(zOut, aBuf, nUrl);
  }else{
    urnUrl(z, n, zTpl, nTpl, mode, nMax, zOut, nUrl, &err);
  }
  urnResultDone(ctx, zOut, nUrl);
}

/* urn_nbn_complete(X): one buffer of n+2 bytes, the longest answer and
** its NUL (urn_url.h, urnNbnComplete()). */
static void urnNbnCompleteFunc(sqlite3_context *ctx, int argc,
                               sqlite3_value **argv){
  const unsigned char *z;
  size_t n, nOut;
  char *zOut;
  (void)argc;
  if( urnArgText(ctx, argv[0], &z, &n)<=0 ) return;
  /* No allocation for what is shorter than "urn:nbn:de-1". */
  if( n<12 ) return;
  zOut = sqlite3_malloc64(n+2);
  if( zOut==0 ){
    sqlite3_result_error_nomem(ctx);
    return;
  }
  nOut = urnNbnComplete(z, n, zOut, n+1);
  if( nOut==URN_URL_NULL ){
    sqlite3_free(zOut);
    return;
  }
  zOut[nOut] = 0;
  sqlite3_result_text(ctx, zOut, -1, sqlite3_free);
}

/* The message of a GCP_LENGTH outside 6..12, the same in every engine. */
#define URN_GCP_ERROR \
  "urn_from_url(): GCP_LENGTH must be an integer from 6 to 12 (the length " \
  "of the GS1 company prefix), or NULL"

/* urn_from_url(U [,GCP_LENGTH]): the URN the link U names (urn_link.h).
** GCP_LENGTH is checked first, so that a bad one fails on a NULL U too;
** NULL is an unknown length, as when it is left out. */
static void urnFromUrlFunc(sqlite3_context *ctx, int argc,
                           sqlite3_value **argv){
  const unsigned char *z;
  size_t n, nUrn;
  char aBuf[URN_URL_STACK];
  char *zOut;
  int nGcp = 0;
  if( argc>=2 && sqlite3_value_type(argv[1])!=SQLITE_NULL ){
    sqlite3_int64 v;
    if( sqlite3_value_numeric_type(argv[1])!=SQLITE_INTEGER
     || (v = sqlite3_value_int64(argv[1]))<URN_LINK_GCP_MIN
     || v>URN_LINK_GCP_MAX ){
      sqlite3_result_error(ctx, URN_GCP_ERROR, -1);
      return;
    }
    nGcp = (int)v;
  }
  if( urnArgText(ctx, argv[0], &z, &n)<=0 ) return;
  nUrn = urnFromUrl(z, n, nGcp, aBuf, sizeof(aBuf));
  if( nUrn==URN_URL_NULL ) return;
  if( (zOut = urnResultAlloc(ctx, nUrn))==0 ) return;
  if( nUrn<=sizeof(aBuf) ){
    memcpy(zOut, aBuf, nUrn);
  }else{
    urnFromUrl(z, n, nGcp, zOut, nUrn);
  }
  urnResultDone(ctx, zOut, nUrn);
}

/* ---- The virtual table urn_resolvers ----------------------------------- */

typedef struct ResCursor {
  sqlite3_vtab_cursor base;
  int i;
} ResCursor;

static int resConnect(sqlite3 *db, void *pAux, int argc,
                      const char *const *argv, sqlite3_vtab **ppVtab,
                      char **pzErr){
  (void)pAux; (void)argc; (void)argv; (void)pzErr;
  return urnVtabConnect(db,
      "CREATE TABLE x(nid TEXT COLLATE NOCASE, prefix TEXT, template TEXT,"
      " source TEXT)", ppVtab);
}

/* Every row, always: there are a few, and SQLite applies any constraint
** with the collation it picked. */
static int resBestIndex(sqlite3_vtab *pVtab, sqlite3_index_info *pInfo){
  (void)pVtab;
  pInfo->estimatedCost = (double)urnResolverCount();
  pInfo->estimatedRows = urnResolverCount();
  return SQLITE_OK;
}

static int resOpen(sqlite3_vtab *pVtab, sqlite3_vtab_cursor **ppCursor){
  ResCursor *pCur;
  (void)pVtab;
  pCur = sqlite3_malloc(sizeof(*pCur));
  if( pCur==0 ) return SQLITE_NOMEM;
  memset(pCur, 0, sizeof(*pCur));
  *ppCursor = &pCur->base;
  return SQLITE_OK;
}

static int resClose(sqlite3_vtab_cursor *pCursor){
  sqlite3_free(pCursor);
  return SQLITE_OK;
}

static int resFilter(sqlite3_vtab_cursor *pCursor, int idxNum,
                     const char *idxStr, int argc, sqlite3_value **argv){
  (void)idxNum; (void)idxStr; (void)argc; (void)argv;
  ((ResCursor*)pCursor)->i = 0;
  return SQLITE_OK;
}

static int resNext(sqlite3_vtab_cursor *pCursor){
  ((ResCursor*)pCursor)->i++;
  return SQLITE_OK;
}

static int resEof(sqlite3_vtab_cursor *pCursor){
  return ((ResCursor*)pCursor)->i>=urnResolverCount();
}

static int resColumn(sqlite3_vtab_cursor *pCursor, sqlite3_context *ctx,
                     int iCol){
  const UrnResolver *p = urnResolverAt(((ResCursor*)pCursor)->i);
  const char *z = 0;
  switch( iCol ){
    case 0: z = p->zNid; break;
    case 1: z = p->zPrefix; break;
    case 2: z = p->zTemplate; break;
    case 3: z = p->zSource; break;
  }
  if( z ) sqlite3_result_text(ctx, z, -1, SQLITE_STATIC);
  return SQLITE_OK;
}

static int resRowid(sqlite3_vtab_cursor *pCursor, sqlite_int64 *pRowid){
  *pRowid = ((ResCursor*)pCursor)->i + 1;
  return SQLITE_OK;
}

/* Eponymous-only (no xCreate) and read-only (no xUpdate). */
static const sqlite3_module resModule = {
  .iVersion    = 0,
  .xCreate     = 0,
  .xConnect    = resConnect,
  .xBestIndex  = resBestIndex,
  .xDisconnect = urnVtabDisconnect,
  .xDestroy    = 0,
  .xOpen       = resOpen,
  .xClose      = resClose,
  .xFilter     = resFilter,
  .xNext       = resNext,
  .xEof        = resEof,
  .xColumn     = resColumn,
  .xRowid      = resRowid,
};

/* ---- Registration ------------------------------------------------------ */

static const UrnFunc aUrlFunc[] = {
  { "urn_url",          1, urnUrlFunc,         URN_MODES_ALL },
  { "urn_url",          2, urnUrlFunc,         URN_MODES_ALL },
  { "urn_url",          3, urnUrlFunc,         URN_MODES_ALL },
  { "urn_nbn_complete", 1, urnNbnCompleteFunc, 0 },
  { "urn_from_url",     1, urnFromUrlFunc,     0 },
  { "urn_from_url",     2, urnFromUrlFunc,     0 },
};

int urnRegisterUrl(sqlite3 *db){
  int rc = urnRegisterTable(db, aUrlFunc,
                            (int)(sizeof(aUrlFunc)/sizeof(aUrlFunc[0])));
  if( rc==SQLITE_OK ){
    rc = sqlite3_create_module(db, "urn_resolvers", &resModule, 0);
  }
  return rc;
}
