/*
** urn_glue.h -- what the SQLite glue files of sqlite-urn (layer 3) share:
** argument reading and the MODE argument (urn_glue.c), and each part's
** registration entry, which urn.c's entry point calls.  Only the glue
** includes SQLite headers; layers 1 and 2 never see this.
*/
#ifndef URN_GLUE_H
#define URN_GLUE_H

#include "sqlite3ext.h"
#include "../core/urn_scan.h"
#include "../core/urn_key.h"
#include "../core/urn_cmp.h"
#include "../core/urn_mode.h"

/* SQLITE_INNOCUOUS first appeared in SQLite 3.31.0, the minimum we run on. */
#ifndef SQLITE_INNOCUOUS
# define SQLITE_INNOCUOUS 0x000200000
#endif
#define URN_FUNC_FLAGS (SQLITE_UTF8|SQLITE_DETERMINISTIC|SQLITE_INNOCUOUS)

/* A row of a registration table; a pointer to it is the user data of the
** SQL function, so that messages can name the function. */
typedef struct UrnFunc UrnFunc;
struct UrnFunc {
  const char *zName;
  int nArg;          /* -1: "X [,MODE]", registered for 1 and 2 arguments */
  void (*xFunc)(sqlite3_context*, int, sqlite3_value**);
  int modes;         /* modes the MODE argument may name */
};

/* Register every row of aFunc[0..nFunc) on db. */
int urnRegisterTable(sqlite3 *db, const UrnFunc *aFunc, int nFunc);

/* The bytes of pVal as (*pz, *pn): a BLOB's own bytes, whatever the
** database's encoding; the UTF-8 text of anything else (SQLite's conversion
** of a number, or of UTF-16 text).  1 on success, 0 for SQL NULL, -1 after
** reporting out-of-memory. */
int urnArgText(sqlite3_context *ctx, sqlite3_value *pVal,
               const unsigned char **pz, size_t *pn);

/* The mode that pVal names among the modes of the bit set "modes", or -1
** with *pzErr an sqlite3_malloc()ed message naming zFunc and the modes it
** takes (NULL: out of memory); for callers without an sqlite3_context. */
int urnModeParse(sqlite3_value *pVal, int modes, const char *zFunc,
                 char **pzErr);

/* The mode named by argv[iArg] if argc > iArg, else URN_MODE_RFC8141;
** -1 after raising an SQL error naming the modes this function accepts. */
int urnArgMode(sqlite3_context *ctx, int argc, sqlite3_value **argv,
               int iArg);

/* Register the collation zName with its comparator for each database
** encoding: x8 for UTF-8, x16le and x16be for UTF-16, which SQLite hands
** the strings as stored (docs/design.md, "Database encodings"). */
typedef int (*UrnCollateFunc)(void*, int, const void*, int, const void*);
int urnRegisterCollation(sqlite3 *db, const char *zName, UrnCollateFunc x8,
                         UrnCollateFunc x16le, UrnCollateFunc x16be);

/* xDisconnect of the eponymous virtual tables (urn_namespaces, urn_find,
** urn_parse), whose sqlite3_vtab is one sqlite3_malloc'd block. */
int urnVtabDisconnect(sqlite3_vtab *pVtab);

/* A cursor of nCursor bytes (its sqlite3_vtab_cursor first), zeroed, for
** the xOpen of a virtual table. */
int urnVtabOpen(size_t nCursor, sqlite3_vtab_cursor **ppCursor);

/* xConnect of the eponymous virtual tables: declare the table zSchema,
** innocuous (usable from views and triggers under trusted_schema=OFF),
** with one sqlite3_malloc'd sqlite3_vtab. */
int urnVtabConnect(sqlite3 *db, const char *zSchema, sqlite3_vtab **ppVtab);

/* xBestIndex of a table-valued function F(X [, MODE]) whose hidden columns
** iArg and iArg+1 take X and MODE: the one plan, X (and MODE) as xFilter's
** argv[0] (and argv[1]), idxNum the number of them, about nRows rows.
** Where X (or MODE) is constrained but not usable in this plan, as for
** F(doc.body) tried before doc in a join, the plan is refused
** (SQLITE_CONSTRAINT) so that SQLite puts doc first; where X is not given
** at all, that is the error zMissing. */
int urnVtabArgsBestIndex(sqlite3_vtab *pVtab, sqlite3_index_info *pInfo,
                         int iArg, double nRows, const char *zMissing);

/* Register the functions of urn_codec_sql.c (urn_encode, urn_decode,
** urn_build, urn_json) on db. */
int urnRegisterCodec(sqlite3 *db);

/* Register the table-valued function urn_find of urn_find_sql.c on db. */
int urnRegisterFind(sqlite3 *db);

/* Register the table-valued function urn_parse of urn_parse_sql.c on db. */
int urnRegisterParse(sqlite3 *db);

/* Register what urn_ns_sql.c provides (urn_isbn13, urn_registry_date, the
** collation URN_NS and the virtual table urn_namespaces) on db. */
int urnRegisterNs(sqlite3 *db);

/* Register what urn_url_sql.c provides (urn_url, urn_nbn_complete and the
** virtual table urn_resolvers) on db. */
int urnRegisterUrl(sqlite3 *db);

/* Register what urn_epc_sql.c provides (urn_epc_from_hex, urn_epc_to_hex,
** urn_epc_tag, urn_epc_pure and the table-valued function urn_epc) on db. */
int urnRegisterEpc(sqlite3 *db);

#endif /* URN_GLUE_H */
