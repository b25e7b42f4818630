/*
** urn_duckdb.h -- what the DuckDB glue files of sqlite-urn (layer 3:
** urn_duckdb.c, urn_duckdb_table.c) share.  Only the glue includes
** DuckDB's headers; the core (ext/core/) never sees this.
*/
#ifndef URN_DUCKDB_H
#define URN_DUCKDB_H

#include "duckdb_extension.h"
#include "../core/urn_scan.h"
#include "../core/urn_key.h"
#include "../core/urn_cmp.h"
#include "../core/urn_mode.h"

/* The table of DuckDB's API, filled once by the entry point (DuckDB's
** stable C extension API reaches every function through it, as SQLite's
** does through sqlite3_api); read-only afterwards. */
DUCKDB_EXTENSION_EXTERN

/* The bytes of a VARCHAR or BLOB element, whose layout duckdb.h documents
** (duckdb_string_t): at most 12 bytes inline, else a pointer. */
static inline const unsigned char *urnDuckBytes(duckdb_string_t *p,
                                                size_t *pn){
  uint32_t n = p->value.inlined.length;
  *pn = n;
  return (const unsigned char*)(n<=12 ? p->value.inlined.inlined
                                      : p->value.pointer.ptr);
}

/* Register the table functions urn_find and urn_namespaces on con
** (urn_duckdb_table.c).  Returns 0 on success. */
int urnDuckRegisterTables(duckdb_connection con);

#endif /* URN_DUCKDB_H */
