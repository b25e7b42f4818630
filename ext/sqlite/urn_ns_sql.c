/*
** urn_ns_sql.c -- sqlite-urn, the SQLite glue of the namespace rules
** (layer 3 over urn_ns.h).  Registered by urnRegisterNs() from urn.c.
**
**   urn_isbn13(X)         for a valid urn:isbn (an ISBN-10 or ISBN-13 with
**                         any hyphenation and a correct check digit, the
**                         NID in any case, components ignored): the ISBN-13
**                         form 'urn:isbn:978...' with no hyphens and the
**                         check digit recomputed (ISO 2108).  NULL for NULL
**                         and for anything else.
**                           urn_isbn13('URN:ISBN:0-395-36341-1')
**                             -> 'urn:isbn:9780395363416'
**   urn_registry_date()   '2026-05-28', the date of the IANA registry
**                         snapshot behind urn_namespaces, strict 'ns' mode
**                         and the NIDs that URN_NS transforms.
**
** The collation URN_NS orders strings by the bytes of key_ns(X), shorter
** first on a tie: key_ns(X) is key(X) of the collation URN with the rule
** of X's namespace applied (RFC 8141 §3.1, "additional rules for
** URN-equivalence"; ext/core/urn_ns_rules.c): ISBN and ISSN hyphens dropped and
** 'x' upper-cased, UUID hex digits, NBN prefixes and the IETF, ISAN, NZL
** and DOI NSS lower-cased, the standard name of urn:mpeg lower-cased,
** ISNI 'x' upper-cased.  A non-URN equals only itself.  Whatever is equal
** under URN is equal under URN_NS.  It is a total preorder on all byte
** strings, never allocates and never fails.  Its order changes when rules
** are added: that takes a major version and REINDEX URN_NS.  A namespace's
** rule applies to URNs whose "urn:" NID ":" NSS has at most 1024
** characters (urn_ns.h, URN_NS_FOLD_MAX), here as in urn_key(X, 'ns'),
** urn_canonical(X, 'ns') and urn_equal(A, B, 'ns').  In a UTF-16 database
** it compares the text as stored (docs/design.md, "Database encodings").
**
**   CREATE TABLE book(isbn TEXT UNIQUE COLLATE URN_NS);
**   INSERT INTO book VALUES('urn:isbn:0-395-36341-1');
**   INSERT INTO book VALUES('URN:ISBN:039536341-1');  -- UNIQUE constraint failed
**
** The table-valued virtual table urn_namespaces (eponymous, read-only):
**   SELECT nid, kind, reference, equivalence, validator FROM urn_namespaces;
** one row per NID of the registry snapshot (96 formal, 8 informal): nid in
** lower case (compared NOCASE), kind 'formal' or 'informal', reference as
** the registry lists it (NULL where it lists none), equivalence a short
** description of the key transform URN_NS applies (NULL: the generic rules
** of RFC 8141 only), validator a short description of what strict 'ns'
** mode checks beyond RFC 8141 syntax and registration (NULL: nothing).
** "WHERE nid = ?" looks the NID up directly when the comparison's collation
** is NOCASE or BINARY; under any other collation every row is checked.
*/
#include <string.h>
#include "urn_glue.h"
SQLITE_EXTENSION_INIT3
#include "../core/urn_ns.h"
#include "../core/urn_ns_rules.h"

/* urn_isbn13(X) */
static void urnIsbn13Func(sqlite3_context *ctx, int argc,
                          sqlite3_value **argv){
  const unsigned char *z; size_t n;
  UrnParts parts;
  unsigned char zOut[URN_ISBN13_LEN+1];
  (void)argc;
  if( urnArgText(ctx, argv[0], &z, &n)<=0 ) return;
  if( !urnScan(z, n, URN_MODE_RFC8141, &parts, 0) ) return;
  if( !urnNsIsbn13(z, &parts, zOut) ) return;
  /* NUL-terminated and given with length -1, for SQLite to mark it so
  ** (urnRewriteFunc() in urn.c). */
  zOut[URN_ISBN13_LEN] = 0;
  sqlite3_result_text(ctx, (const char*)zOut, -1, SQLITE_TRANSIENT);
}

/* urn_registry_date() */
static void urnRegistryDateFunc(sqlite3_context *ctx, int argc,
                                sqlite3_value **argv){
  (void)argc; (void)argv;
  sqlite3_result_text(ctx, urnNsRegistryDate, -1, SQLITE_STATIC);
}

/* ---- The virtual table urn_namespaces ---------------------------------- */

#define NSV_NID         0
#define NSV_KIND        1
#define NSV_REFERENCE   2
#define NSV_EQUIVALENCE 3
#define NSV_VALIDATOR   4

/* A cursor walks entries [i, iEnd) of the registry. */
typedef struct NsCursor {
  sqlite3_vtab_cursor base;
  int i;
  int iEnd;
} NsCursor;

static int nsvConnect(sqlite3 *db, void *pAux, int argc,
                      const char *const *argv, sqlite3_vtab **ppVtab,
                      char **pzErr){
  int rc;
  (void)pAux; (void)argc; (void)argv; (void)pzErr;
  rc = urnVtabConnect(db,
         "CREATE TABLE x(nid TEXT COLLATE NOCASE, kind TEXT, reference TEXT,"
         " equivalence TEXT, validator TEXT)", ppVtab);
#ifdef SQLITE_VTAB_CONSTRAINT_SUPPORT
  if( rc==SQLITE_OK ) sqlite3_vtab_config(db, SQLITE_VTAB_CONSTRAINT_SUPPORT, 1);
#endif
  return rc;
}

/* Plan 1: "nid = ?", one registry lookup (at most one row).  Plan 0: all
** rows.  The lookup finds the NID equal to the value ignoring ASCII case,
** so it serves a constraint whose collation is NOCASE (the column's) or
** BINARY (a value BINARY-equal to a NID is NOCASE-equal to it too): the
** constraint is not omitted, so SQLite still applies it with its own
** collation, and BINARY 'ISBN' keeps no row.  Under any other collation
** (RTRIM, one that ignores '-', ...) a value the lookup misses may still
** equal a row, so the constraint is left to SQLite, which checks every
** row (plan 0).  sqlite3_vtab_collation() names the collation SQLite
** picked for the comparison (an explicit COLLATE, else the column's). */
static int nsvBestIndex(sqlite3_vtab *pVtab, sqlite3_index_info *pInfo){
  int i;
  (void)pVtab;
  for(i=0; i<pInfo->nConstraint; i++){
    const struct sqlite3_index_constraint *p = &pInfo->aConstraint[i];
    const char *zColl;
    if( !p->usable || p->iColumn!=NSV_NID
     || p->op!=SQLITE_INDEX_CONSTRAINT_EQ ){
      continue;
    }
    zColl = sqlite3_vtab_collation(pInfo, i);
    if( zColl==0 || (sqlite3_stricmp(zColl, "NOCASE")!=0
                     && sqlite3_stricmp(zColl, "BINARY")!=0) ){
      continue;
    }
    pInfo->aConstraintUsage[i].argvIndex = 1;
    pInfo->aConstraintUsage[i].omit = 0;
    pInfo->idxNum = 1;
    pInfo->estimatedCost = 1.0;
    pInfo->estimatedRows = 1;
    pInfo->idxFlags = SQLITE_INDEX_SCAN_UNIQUE;
    return SQLITE_OK;
  }
  pInfo->idxNum = 0;
  pInfo->estimatedCost = (double)urnNsRegistrySize();
  pInfo->estimatedRows = urnNsRegistrySize();
  return SQLITE_OK;
}

static int nsvOpen(sqlite3_vtab *pVtab, sqlite3_vtab_cursor **ppCursor){
  NsCursor *pCur;
  (void)pVtab;
  pCur = sqlite3_malloc(sizeof(*pCur));
  if( pCur==0 ) return SQLITE_NOMEM;
  memset(pCur, 0, sizeof(*pCur));
  *ppCursor = &pCur->base;
  return SQLITE_OK;
}

static int nsvClose(sqlite3_vtab_cursor *pCursor){
  sqlite3_free(pCursor);
  return SQLITE_OK;
}

static int nsvFilter(sqlite3_vtab_cursor *pCursor, int idxNum,
                     const char *idxStr, int argc, sqlite3_value **argv){
  NsCursor *pCur = (NsCursor*)pCursor;
  (void)idxStr;
  pCur->i = 0;
  pCur->iEnd = urnNsRegistrySize();
  if( idxNum==1 && argc==1 ){
    const UrnNsEntry *pEntry = 0;
    if( sqlite3_value_type(argv[0])!=SQLITE_NULL ){
      const unsigned char *z = sqlite3_value_text(argv[0]);
      if( z==0 ) return SQLITE_NOMEM;
      pEntry = urnNsRegistryFind(z, (size_t)sqlite3_value_bytes(argv[0]));
    }
    if( pEntry ){
      pCur->i = (int)(pEntry - urnNsRegistryAt(0));
      pCur->iEnd = pCur->i + 1;
    }else{
      pCur->i = pCur->iEnd = 0;
    }
  }
  return SQLITE_OK;
}

static int nsvNext(sqlite3_vtab_cursor *pCursor){
  ((NsCursor*)pCursor)->i++;
  return SQLITE_OK;
}

static int nsvEof(sqlite3_vtab_cursor *pCursor){
  NsCursor *pCur = (NsCursor*)pCursor;
  return pCur->i>=pCur->iEnd;
}

static int nsvColumn(sqlite3_vtab_cursor *pCursor, sqlite3_context *ctx,
                     int iCol){
  const UrnNsEntry *p = urnNsRegistryAt(((NsCursor*)pCursor)->i);
  const char *z = 0;
  switch( iCol ){
    case NSV_NID:       z = p->zNid; break;
    case NSV_KIND:      z = p->eKind==URN_NS_FORMAL ? "formal" : "informal";
                        break;
    case NSV_REFERENCE: z = p->zReference; break;
    case NSV_EQUIVALENCE:
      z = p->pTransform ? p->pTransform->zDescription : 0;
      break;
    case NSV_VALIDATOR:
      z = p->pValidator ? p->pValidator->zDescription : 0;
      break;
  }
  if( z ) sqlite3_result_text(ctx, z, -1, SQLITE_STATIC);
  return SQLITE_OK;
}

static int nsvRowid(sqlite3_vtab_cursor *pCursor, sqlite_int64 *pRowid){
  *pRowid = ((NsCursor*)pCursor)->i + 1;
  return SQLITE_OK;
}

/* Eponymous-only (no xCreate) and read-only (no xUpdate). */
static const sqlite3_module nsvModule = {
  .iVersion    = 0,
  .xCreate     = 0,
  .xConnect    = nsvConnect,
  .xBestIndex  = nsvBestIndex,
  .xDisconnect = urnVtabDisconnect,
  .xDestroy    = 0,
  .xOpen       = nsvOpen,
  .xClose      = nsvClose,
  .xFilter     = nsvFilter,
  .xNext       = nsvNext,
  .xEof        = nsvEof,
  .xColumn     = nsvColumn,
  .xRowid      = nsvRowid,
};

/* ---- Registration ------------------------------------------------------ */

static const UrnFunc aNsFunc[] = {
  { "urn_isbn13",        1, urnIsbn13Func,       0 },
  { "urn_registry_date", 0, urnRegistryDateFunc, 0 },
};

int urnRegisterNs(sqlite3 *db){
  int rc = urnRegisterTable(db, aNsFunc,
                            (int)(sizeof(aNsFunc)/sizeof(aNsFunc[0])));
  if( rc==SQLITE_OK ){
    rc = urnRegisterCollation(db, "URN_NS", urnNsCollate, urnNsCollate16le,
                              urnNsCollate16be);
  }
  if( rc==SQLITE_OK ){
    rc = sqlite3_create_module(db, "urn_namespaces", &nsvModule, 0);
  }
  return rc;
}
