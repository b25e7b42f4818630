/*
** urn_pg.c -- the PostgreSQL glue's shared helpers (urn_pg.h) and the
** module's magic block.  The type lives in urn_pg_type.c, the functions in
** urn_pg_fn.c and the set-returning ones in urn_pg_srf.c; the SQL script
** ext/postgres/urn--0.1.0.sql declares them all (docs/postgres.md).
*/
#include "urn_pg.h"
#include "access/htup_details.h"
#include "catalog/pg_type.h"
#include "mb/pg_wchar.h"
#include "nodes/nodeFuncs.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/syscache.h"

PG_MODULE_MAGIC;

/* 1 if typ is the type urn or urn_ns: a base type of that name whose
** output function is this library's urn_out or urn_ns_out. */
static int typeIsUrn(Oid typ){
  HeapTuple tup = SearchSysCache1(TYPEOID, ObjectIdGetDatum(typ));
  Form_pg_type t;
  int r = 0;
  if( !HeapTupleIsValid(tup) ) return 0;
  t = (Form_pg_type)GETSTRUCT(tup);
  if( t->typtype==TYPTYPE_BASE && (strcmp(NameStr(t->typname), "urn")==0
                                   || strcmp(NameStr(t->typname), "urn_ns")==0) ){
    char *zOut = get_func_name(t->typoutput);
    r = zOut && (strcmp(zOut, "urn_out")==0 || strcmp(zOut, "urn_ns_out")==0);
  }
  ReleaseSysCache(tup);
  return r;
}

/* 1 if argument i of the call is a urn or urn_ns value made text by a
** binary cast: an expression stored by 0.1.0, whose casts from urn and
** urn_ns to text were binary (the value held its spelling), in an index,
** a CHECK, a generated column or a view that ALTER EXTENSION urn UPDATE
** leaves as it was.  Such an argument holds a stored value, which can now
** be a key first (urn_pg_type.c): urnPgArg() reads its spelling. */
static int argIsStoredUrn(FunctionCallInfo fcinfo, int i){
  Node *e = fcinfo->flinfo ? fcinfo->flinfo->fn_expr : 0;
  List *args;
  Node *a;
  if( e==0 ) return 0;
  if( IsA(e, FuncExpr) ) args = ((FuncExpr*)e)->args;
  else if( IsA(e, OpExpr) ) args = ((OpExpr*)e)->args;
  else return 0;
  if( i>=list_length(args) ) return 0;
  a = (Node*)list_nth(args, i);
  if( !IsA(a, RelabelType) ) return 0;
  while( IsA(a, RelabelType) ) a = (Node*)((RelabelType*)a)->arg;
  return typeIsUrn(exprType(a));
}

UrnPgArg urnPgArg(FunctionCallInfo fcinfo, int i){
  UrnPgArg a;
  text *t;
  if( PG_ARGISNULL(i) ){
    a.z = 0;
    a.n = 0;
    return a;
  }
  t = argIsStoredUrn(fcinfo, i) ? urnPgSpelling(PG_GETARG_DATUM(i))
                                : PG_GETARG_TEXT_PP(i);
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
