/*
** urn_pg.c -- the PostgreSQL glue's shared helpers (urn_pg.h) and the
** module's magic block.  The type lives in urn_pg_type.c, the functions in
** urn_pg_fn.c and the set-returning ones in urn_pg_srf.c; the SQL script
** ext/postgres/urn--0.1.0.sql declares them all (docs/postgres.md).
*/
#include "urn_pg.h"
#include "mb/pg_wchar.h"
#include "utils/memutils.h"

PG_MODULE_MAGIC;

UrnPgArg urnPgArg(FunctionCallInfo fcinfo, int i){
  UrnPgArg a;
  text *t;
  if( PG_ARGISNULL(i) ){
    a.z = 0;
    a.n = 0;
    return a;
  }
  t = PG_GETARG_TEXT_PP(i);
  a.z = (const unsigned char*)VARDATA_ANY(t);
  a.n = VARSIZE_ANY_EXHDR(t);
  return a;
}

int urnPgMode(FunctionCallInfo fcinfo, int i, const char *zFunc, int modes){
  char zErr[URN_MODE_ERROR_MAX];
  UrnPgArg a;
  int mode;
  if( PG_NARGS()<=i ) return URN_MODE_RFC8141;
  a = urnPgArg(fcinfo, i);
  mode = a.z ? urnModeFind(a.z, a.n, modes) : -1;
  if( mode>=0 ) return mode;
  urnModeError(zErr, sizeof(zErr), zFunc,
               a.z ? URN_MODE_ARG_TEXT : URN_MODE_ARG_NULL, a.z, a.n, modes);
  ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                  errmsg("%s", zErr)));
  return -1;                              /* not reached */
}

text *urnPgTextAlloc(size_t n){
  text *t;
  if( n>MaxAllocSize-VARHDRSZ ){
    ereport(ERROR, (errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
                    errmsg("string or blob too big")));
  }
  t = (text*)palloc(VARHDRSZ+n);
  SET_VARSIZE(t, VARHDRSZ+n);
  return t;
}

text *urnPgText(const void *z, size_t n){
  text *t = urnPgTextAlloc(n);
  if( n ) memcpy(VARDATA(t), z, n);
  return t;
}

/* The value is shown up to this many bytes (whole characters) in the
** message, so that a string of many MB gives a message of one line. */
#define URN_PG_SHOW 60

void urnPgNotUrn(const unsigned char *z, size_t n, const char *zMsg,
                 const char *zType){
  int nShow = n>URN_PG_SHOW ? pg_mbcliplen((const char*)z, (int)Min(n, 4*URN_PG_SHOW),
                                           URN_PG_SHOW) : (int)n;
  ereport(ERROR, (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                  errmsg("invalid input syntax for type %s: \"%.*s%s\"", zType,
                         nShow, (const char*)z, (size_t)nShow<n ? "..." : ""),
                  errdetail("%s", zMsg)));
}
