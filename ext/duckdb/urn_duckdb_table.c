/*
** urn_duckdb_table.c -- sqlite-urn's table functions in DuckDB (layer 3,
** DuckDB's glue over ext/core/urn_find.h and urn_ns_rules.h).
**
**   SELECT urn, start FROM urn_find(T [, mode := MODE]);
**     one row per URN occurring in the VARCHAR T, in order of position, by
**     the rules of urn_find in SQLite (docs/functions.md): urn VARCHAR, as
**     written; start BIGINT, its 1-based position in characters, as
**     DuckDB's substring() counts them, so that
**     substring(T, start, length(urn)) = urn.  A NULL T gives no rows; a
**     bad MODE is an error naming the accepted ones.  MODE is a named
**     parameter: DuckDB's C API gives a table function one list of
**     positional parameters, and a second urn_find of two would clash
**     with the first.  Its table functions take constant arguments: over
**     a column of documents, use the scalar urn_extract_all(T [, MODE])
**     and unnest().  DuckDB's stable C API hands a table function's
**     VARCHAR argument over as a NUL-terminated copy (duckdb_get_varchar),
**     so T and MODE end at their first NUL byte here; urn_extract_all reads
**     every byte.
**   SELECT nid, kind, reference, equivalence, validator FROM urn_namespaces();
**     one row per NID of the registry snapshot, the columns of SQLite's
**     virtual table urn_namespaces.
**   SELECT nid, prefix, template, source FROM urn_resolvers();
**     one row per built-in resolver of urn_url (ext/core/urn_url.h), the
**     columns of SQLite's virtual table urn_resolvers.
*/
#include <stdlib.h>
#include <string.h>
#include "urn_duckdb.h"
#include "../core/urn_find.h"
#include "../core/urn_ns.h"
#include "../core/urn_ns_rules.h"
#include "../core/urn_url.h"

/* ---- urn_find ----------------------------------------------------------- */

/* The arguments, read once at bind: T's bytes (malloc'd, as DuckDB hands
** a VARCHAR constant) and the mode. */
typedef struct FindBind {
  char *zText;          /* 0: T is NULL, no rows */
  size_t nText;
  int mode;
} FindBind;

/* The search, one per scan (DuckDB runs it on one thread). */
typedef struct FindState {
  UrnFinder finder;
  size_t offCounted;    /* the characters before this byte offset ... */
  int64_t nCounted;     /* ... are this many */
} FindState;

static void findBindFree(void *p){
  FindBind *pBind = (FindBind*)p;
  if( pBind ){
    duckdb_free(pBind->zText);
    free(pBind);
  }
}

static void findBind(duckdb_bind_info info){
  FindBind *pBind = calloc(1, sizeof(*pBind));
  duckdb_logical_type t;
  duckdb_value v;
  if( pBind==0 ){
    duckdb_bind_set_error(info, "out of memory");
    return;
  }
  pBind->mode = URN_MODE_RFC8141;
  duckdb_bind_set_bind_data(info, pBind, findBindFree);
  v = duckdb_bind_get_named_parameter(info, "mode");
  if( v ){
    char zErr[URN_MODE_ERROR_MAX];
    char *zMode = 0;
    int eArg = URN_MODE_ARG_NULL;
    if( !duckdb_is_null_value(v) ){
      zMode = duckdb_get_varchar(v);
      eArg = URN_MODE_ARG_TEXT;
    }
    pBind->mode = zMode ? urnModeFind((const unsigned char*)zMode,
                                      strlen(zMode), URN_MODES_ALL) : -1;
    if( pBind->mode<0 ){
      urnModeError(zErr, sizeof(zErr), "urn_find", eArg,
                   (const unsigned char*)zMode, zMode ? strlen(zMode) : 0,
                   URN_MODES_ALL);
      duckdb_bind_set_error(info, zErr);
    }
    duckdb_free(zMode);
    duckdb_destroy_value(&v);
    if( pBind->mode<0 ) return;
  }
  v = duckdb_bind_get_parameter(info, 0);
  if( !duckdb_is_null_value(v) ){
    pBind->zText = duckdb_get_varchar(v);
    pBind->nText = pBind->zText ? strlen(pBind->zText) : 0;
  }
  duckdb_destroy_value(&v);
  t = duckdb_create_logical_type(DUCKDB_TYPE_VARCHAR);
  duckdb_bind_add_result_column(info, "urn", t);
  duckdb_destroy_logical_type(&t);
  t = duckdb_create_logical_type(DUCKDB_TYPE_BIGINT);
  duckdb_bind_add_result_column(info, "start", t);
  duckdb_destroy_logical_type(&t);
}

static void findInit(duckdb_init_info info){
  FindBind *pBind = duckdb_init_get_bind_data(info);
  FindState *p = calloc(1, sizeof(*p));
  if( p==0 ){
    duckdb_init_set_error(info, "out of memory");
    return;
  }
  urnFindStart(&p->finder, (const unsigned char*)(pBind->zText ? pBind->zText
                                                               : ""),
               pBind->nText, pBind->mode);
  duckdb_init_set_init_data(info, p, free);
  duckdb_init_set_max_threads(info, 1);
}

/* Fill the output chunk with the next occurrences, as many as fit. */
static void findFunc(duckdb_function_info info, duckdb_data_chunk output){
  FindState *p = duckdb_function_get_init_data(info);
  duckdb_vector vUrn = duckdb_data_chunk_get_vector(output, 0);
  int64_t *aStart = duckdb_vector_get_data(
                      duckdb_data_chunk_get_vector(output, 1));
  idx_t nMax = duckdb_vector_size(), i = 0;
  size_t off, len;
  while( i<nMax && urnFindNext(&p->finder, &off, &len) ){
    duckdb_vector_assign_string_element_len(vUrn, i,
                                            (const char*)p->finder.z+off, len);
    /* Characters counted from the previous row on: one pass in all. */
    p->nCounted += (int64_t)urnFindChars(p->finder.z, p->offCounted, off);
    p->offCounted = off;
    aStart[i] = p->nCounted+1;
    i++;
  }
  duckdb_data_chunk_set_size(output, i);
}

/* ---- urn_namespaces and urn_resolvers ----------------------------------- */

/* The VARCHAR columns azCol[0..nCol) of a table of nRow rows. */
static void rowsBind(duckdb_bind_info info, const char *const *azCol,
                     int nCol, int nRow){
  duckdb_logical_type t = duckdb_create_logical_type(DUCKDB_TYPE_VARCHAR);
  int i;
  for(i=0; i<nCol; i++) duckdb_bind_add_result_column(info, azCol[i], t);
  duckdb_destroy_logical_type(&t);
  duckdb_bind_set_cardinality(info, (idx_t)nRow, true);
}

static void nsBind(duckdb_bind_info info){
  static const char *const azCol[] = {
    "nid", "kind", "reference", "equivalence", "validator"
  };
  rowsBind(info, azCol, 5, urnNsRegistrySize());
}

static void resBind(duckdb_bind_info info){
  static const char *const azCol[] = { "nid", "prefix", "template", "source" };
  rowsBind(info, azCol, 4, urnResolverCount());
}

/* The next row to give, of either table. */
static void rowsInit(duckdb_init_info info){
  int *piNext = calloc(1, sizeof(int));
  if( piNext==0 ){
    duckdb_init_set_error(info, "out of memory");
    return;
  }
  duckdb_init_set_init_data(info, piNext, free);
  duckdb_init_set_max_threads(info, 1);
}

/* One VARCHAR cell: z, or NULL when z is 0. */
static void nsCell(duckdb_data_chunk output, idx_t iCol, idx_t iRow,
                   const char *z){
  duckdb_vector v = duckdb_data_chunk_get_vector(output, iCol);
  if( z ){
    duckdb_vector_assign_string_element(v, iRow, z);
  }else{
    duckdb_vector_ensure_validity_writable(v);
    duckdb_validity_set_row_invalid(duckdb_vector_get_validity(v), iRow);
  }
}

static void nsFunc(duckdb_function_info info, duckdb_data_chunk output){
  int *piNext = duckdb_function_get_init_data(info);
  idx_t nMax = duckdb_vector_size(), i = 0;
  while( i<nMax && *piNext<urnNsRegistrySize() ){
    const UrnNsEntry *p = urnNsRegistryAt(*piNext);
    nsCell(output, 0, i, p->zNid);
    nsCell(output, 1, i, p->eKind==URN_NS_FORMAL ? "formal" : "informal");
    nsCell(output, 2, i, p->zReference);
    nsCell(output, 3, i, p->pTransform ? p->pTransform->zDescription : 0);
    nsCell(output, 4, i, p->pValidator ? p->pValidator->zDescription : 0);
    (*piNext)++;
    i++;
  }
  duckdb_data_chunk_set_size(output, i);
}

static void resFunc(duckdb_function_info info, duckdb_data_chunk output){
  int *piNext = duckdb_function_get_init_data(info);
  idx_t nMax = duckdb_vector_size(), i = 0;
  while( i<nMax && *piNext<urnResolverCount() ){
    const UrnResolver *p = urnResolverAt(*piNext);
    nsCell(output, 0, i, p->zNid);
    nsCell(output, 1, i, p->zPrefix);
    nsCell(output, 2, i, p->zTemplate);
    nsCell(output, 3, i, p->zSource);
    (*piNext)++;
    i++;
  }
  duckdb_data_chunk_set_size(output, i);
}

/* ---- Registration ------------------------------------------------------- */

/* Register one table function with nParam VARCHAR parameters, and the
** named VARCHAR parameter zNamed if it is not 0. */
static int registerTable(duckdb_connection con, const char *zName, int nParam,
                         const char *zNamed,
                         duckdb_table_function_bind_t xBind,
                         duckdb_table_function_init_t xInit,
                         duckdb_table_function_t xFunc){
  duckdb_table_function f = duckdb_create_table_function();
  int k, rc;
  duckdb_table_function_set_name(f, zName);
  for(k=0; k<nParam; k++){
    duckdb_logical_type t = duckdb_create_logical_type(DUCKDB_TYPE_VARCHAR);
    duckdb_table_function_add_parameter(f, t);
    duckdb_destroy_logical_type(&t);
  }
  if( zNamed ){
    duckdb_logical_type t = duckdb_create_logical_type(DUCKDB_TYPE_VARCHAR);
    duckdb_table_function_add_named_parameter(f, zNamed, t);
    duckdb_destroy_logical_type(&t);
  }
  duckdb_table_function_set_bind(f, xBind);
  duckdb_table_function_set_init(f, xInit);
  duckdb_table_function_set_function(f, xFunc);
  rc = duckdb_register_table_function(con, f)==DuckDBSuccess ? 0 : 1;
  duckdb_destroy_table_function(&f);
  return rc;
}

int urnDuckRegisterTables(duckdb_connection con){
  return registerTable(con, "urn_find", 1, "mode", findBind, findInit,
                       findFunc)
      || registerTable(con, "urn_namespaces", 0, 0, nsBind, rowsInit, nsFunc)
      || registerTable(con, "urn_resolvers", 0, 0, resBind, rowsInit, resFunc);
}
