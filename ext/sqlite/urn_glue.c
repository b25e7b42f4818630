/*
** urn_glue.c -- the helpers that the SQLite glue files of sqlite-urn
** (layer 3: urn.c, urn_codec_sql.c, urn_ns_sql.c, urn_find_sql.c,
** urn_parse_sql.c, urn_url_sql.c) share: reading a text argument, reading
** the MODE argument, registering a table of functions, and the plumbing
** of the table-valued functions.  The glue reads one way: urn.c's entry
** point registers the parts, and every part uses these helpers; none of
** them calls back.
*/
#include <string.h>
#include "urn_glue.h"
/* The pointer to SQLite's API that every glue file calls through is
** defined here, at the bottom of the glue; urn.c's entry point sets it. */
SQLITE_EXTENSION_INIT1

/* Read the text of argument pVal into (*pz, *pn).  Returns 1 on success,
** 0 for an SQL NULL (the caller returns NULL), and -1 on out-of-memory,
** after reporting it. */
int urnArgText(sqlite3_context *ctx, sqlite3_value *pVal,
               const unsigned char **pz, size_t *pn){
  const unsigned char *z;
  int eType = sqlite3_value_type(pVal);
  if( eType==SQLITE_NULL ) return 0;
  if( eType==SQLITE_BLOB ){
    /* A BLOB is its bytes: sqlite3_value_text() would read them as text
    ** in the database's encoding, so in a UTF-16 database x'FF00' would
    ** arrive as U+00FF (docs/design.md, "Database encodings").  A
    ** zero-length BLOB has no pointer. */
    z = (const unsigned char*)sqlite3_value_blob(pVal);
    *pn = (size_t)sqlite3_value_bytes(pVal);
    if( z==0 ){
      if( *pn>0 ){
        sqlite3_result_error_nomem(ctx);
        return -1;
      }
      z = (const unsigned char*)"";
    }
    *pz = z;
    return 1;
  }
  z = sqlite3_value_text(pVal);
  if( z==0 ){
    /* Only an allocation failure in the text conversion gets here; a
    ** zero-length value converts to "". */
    if( sqlite3_value_bytes(pVal)==0 ){
      z = (const unsigned char*)"";
    }else{
      sqlite3_result_error_nomem(ctx);
      return -1;
    }
  }
  *pz = z;
  *pn = (size_t)sqlite3_value_bytes(pVal);
  return 1;
}

/* The mode that pVal names among the modes of the bit set "modes", or -1.
** With -1, *pzErr is an error message from sqlite3_malloc() naming
** zFunc, the value as its bytes and the modes it takes (urnModeError()),
** or NULL when memory ran out. */
int urnModeParse(sqlite3_value *pVal, int modes, const char *zFunc,
                 char **pzErr){
  const unsigned char *z;
  size_t n;
  int mode = -1, eArg;
  int eType = sqlite3_value_type(pVal);
  char zErr[URN_MODE_ERROR_MAX];
  *pzErr = 0;
  if( eType==SQLITE_NULL ){
    eArg = URN_MODE_ARG_NULL;
    z = 0;
    n = 0;
  }else{
    /* A BLOB names no mode (a mode is text), but its bytes are shown; a
    ** number is read as its text, as everywhere else. */
    eArg = eType==SQLITE_BLOB ? URN_MODE_ARG_BLOB : URN_MODE_ARG_TEXT;
    z = eArg==URN_MODE_ARG_BLOB ? sqlite3_value_blob(pVal)
                                : sqlite3_value_text(pVal);
    n = (size_t)sqlite3_value_bytes(pVal);
    if( z==0 && n>0 ) return -1;                  /* conversion: no memory */
    if( z==0 ) z = (const unsigned char*)"";
    /* Compare whole values: 'rfc2141' followed by a NUL and more bytes is
    ** not 'rfc2141'. */
    if( eArg==URN_MODE_ARG_TEXT ) mode = urnModeFind(z, n, modes);
  }
  if( mode>=0 ) return mode;
  urnModeError(zErr, sizeof(zErr), zFunc, eArg, z, n, modes);
  *pzErr = sqlite3_mprintf("%s", zErr);
  return -1;
}

/* The mode named by argv[iArg] if there is one, else the default.
** Returns -1 after raising an SQL error for anything else, or for a mode
** this function does not take. */
int urnArgMode(sqlite3_context *ctx, int argc, sqlite3_value **argv,
               int iArg){
  const UrnFunc *pFunc = (const UrnFunc*)sqlite3_user_data(ctx);
  char *zErr;
  int mode;
  if( argc<=iArg ) return URN_MODE_RFC8141;
  mode = urnModeParse(argv[iArg], pFunc->modes, pFunc->zName, &zErr);
  if( mode>=0 ) return mode;
  if( zErr==0 ){
    sqlite3_result_error_nomem(ctx);
  }else{
    sqlite3_result_error(ctx, zErr, -1);
    sqlite3_free(zErr);
  }
  return -1;
}

/* Register every row of aFunc[0..nFunc) on db; a row with nArg -1 is
** registered for 1 and 2 arguments ("X [,MODE]"). */
int urnRegisterTable(sqlite3 *db, const UrnFunc *aFunc, int nFunc){
  int rc = SQLITE_OK;
  int i;
  for(i=0; rc==SQLITE_OK && i<nFunc; i++){
    const UrnFunc *p = &aFunc[i];
    void *pData = (void*)p;
    if( p->nArg<0 ){
      rc = sqlite3_create_function(db, p->zName, 1, URN_FUNC_FLAGS, pData,
                                   p->xFunc, 0, 0);
      if( rc==SQLITE_OK ){
        rc = sqlite3_create_function(db, p->zName, 2, URN_FUNC_FLAGS, pData,
                                     p->xFunc, 0, 0);
      }
    }else{
      rc = sqlite3_create_function(db, p->zName, p->nArg, URN_FUNC_FLAGS,
                                   pData, p->xFunc, 0, 0);
    }
  }
  return rc;
}

int urnVtabDisconnect(sqlite3_vtab *pVtab){
  sqlite3_free(pVtab);
  return SQLITE_OK;
}

int urnVtabOpen(size_t nCursor, sqlite3_vtab_cursor **ppCursor){
  sqlite3_vtab_cursor *pCur = sqlite3_malloc64(nCursor);
  if( pCur==0 ) return SQLITE_NOMEM;
  memset(pCur, 0, nCursor);
  *ppCursor = pCur;
  return SQLITE_OK;
}

int urnVtabConnect(sqlite3 *db, const char *zSchema, sqlite3_vtab **ppVtab){
  sqlite3_vtab *pVtab;
  int rc = sqlite3_declare_vtab(db, zSchema);
  if( rc!=SQLITE_OK ) return rc;
  pVtab = sqlite3_malloc(sizeof(*pVtab));
  if( pVtab==0 ) return SQLITE_NOMEM;
  memset(pVtab, 0, sizeof(*pVtab));
#ifdef SQLITE_VTAB_INNOCUOUS
  /* Usable from views and triggers under trusted_schema=OFF (3.31+). */
  sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
#endif
  *ppVtab = pVtab;
  return SQLITE_OK;
}

int urnVtabArgsBestIndex(sqlite3_vtab *pVtab, sqlite3_index_info *pInfo,
                         int iArg, double nRows, const char *zMissing){
  int i, iX = -1, iMode = -1, seenX = 0, seenMode = 0;
  for(i=0; i<pInfo->nConstraint; i++){
    const struct sqlite3_index_constraint *p = &pInfo->aConstraint[i];
    if( p->op!=SQLITE_INDEX_CONSTRAINT_EQ ) continue;
    if( p->iColumn==iArg ){
      seenX = 1;
      if( p->usable && iX<0 ) iX = i;
    }else if( p->iColumn==iArg+1 ){
      seenMode = 1;
      if( p->usable && iMode<0 ) iMode = i;
    }
  }
  if( !seenX ){
    sqlite3_free(pVtab->zErrMsg);
    pVtab->zErrMsg = sqlite3_mprintf("%s", zMissing);
    return pVtab->zErrMsg ? SQLITE_ERROR : SQLITE_NOMEM;
  }
  if( iX<0 || (seenMode && iMode<0) ) return SQLITE_CONSTRAINT;
  pInfo->aConstraintUsage[iX].argvIndex = 1;
  pInfo->aConstraintUsage[iX].omit = 1;
  if( iMode>=0 ){
    pInfo->aConstraintUsage[iMode].argvIndex = 2;
    pInfo->aConstraintUsage[iMode].omit = 1;
  }
  pInfo->idxNum = iMode>=0 ? 2 : 1;
  pInfo->estimatedCost = 100.0;
  pInfo->estimatedRows = (sqlite3_int64)nRows;
  return SQLITE_OK;
}

int urnRegisterCollation(sqlite3 *db, const char *zName, UrnCollateFunc x8,
                         UrnCollateFunc x16le, UrnCollateFunc x16be){
  int rc = sqlite3_create_collation_v2(db, zName, SQLITE_UTF8, 0, x8, 0);
  if( rc==SQLITE_OK ){
    rc = sqlite3_create_collation_v2(db, zName, SQLITE_UTF16LE, 0, x16le, 0);
  }
  if( rc==SQLITE_OK ){
    rc = sqlite3_create_collation_v2(db, zName, SQLITE_UTF16BE, 0, x16be, 0);
  }
  return rc;
}
