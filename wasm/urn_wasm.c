/*
** urn_wasm.c -- sqlite-urn built into SQLite for WebAssembly (docs/browser.md).
**
** The browser cannot load an extension from a file, so mk/wasm.mk compiles
** SQLite's amalgamation, every C file of ext/core/ and ext/sqlite/ (with
** -DSQLITE_CORE, unchanged) and this file into one WebAssembly module.  The
** amalgamation is compiled with -DSQLITE_EXTRA_INIT=urnWasmInit, so that
** sqlite3_initialize() calls urnWasmInit() once, before the first
** connection is opened: it registers the extension's entry point with
** sqlite3_auto_extension(), and every connection opened afterwards has the
** functions, the collations URN and URN_NS and the tables (urn_find,
** urn_parse, urn_namespaces, urn_resolvers), exactly as after
** ".load ./urn".
**
** The JavaScript side (wasm/sqlite-urn.js) calls SQLite's own C API
** (sqlite3_open_v2, sqlite3_prepare_v2, sqlite3_bind_*, sqlite3_step,
** sqlite3_column_*, ...), exported by name from mk/wasm.mk; this file adds
** nothing to that API.
*/
#include "sqlite3.h"

int sqlite3_urn_init(sqlite3 *db, char **pzErrMsg,
                     const sqlite3_api_routines *pApi);

/* Called by sqlite3_initialize() (SQLITE_EXTRA_INIT) with a NULL argument,
** after SQLite's own initialization, and only once while SQLite stays
** initialized.  Returns the result code of sqlite3_auto_extension(), which
** sqlite3_initialize() then returns. */
int urnWasmInit(const char *zUnused);
int urnWasmInit(const char *zUnused){
  (void)zUnused;
  return sqlite3_auto_extension((void(*)(void))sqlite3_urn_init);
}
