/*
** urn_pg_srf.c -- sqlite-urn's table functions in PostgreSQL, as
** set-returning functions (layer 3 over ext/core/urn_find.h, urn_ns_rules.h
** and urn_url.h), with the columns of SQLite's tables:
**   urn_find(T [,MODE])  TABLE(urn text, start bigint): one row per URN
**                        occurring in T, in order of position, by the
**                        rules of urn_find in SQLite (docs/functions.md);
**                        start is its 1-based position in characters, so
**                        that substr(T, start, length(urn)) = urn.  A NULL
**                        T gives no rows; a bad MODE, NULL included, is the
**                        error naming the accepted ones (22023).
**   urn_namespaces()     TABLE(nid, kind, reference, equivalence,
**                        validator text): one row per NID of the registry
**                        snapshot.
**   urn_resolvers()      TABLE(nid, prefix, template, source text): one row
**                        per built-in resolver of urn_url.
**   urn_parse(X [,MODE]) one value of the composite type urn_parts, below.
** Each fills a tuplestore in one call (materialize mode), in the call's
** memory.
*/
#include "urn_pg.h"
#include "funcapi.h"
#include "utils/builtins.h"
#include "../core/urn_find.h"
#include "../core/urn_fn.h"
#include "../core/urn_ns.h"
#include "../core/urn_ns_rules.h"
#include "../core/urn_url.h"

PG_FUNCTION_INFO_V1(urn_find);
Datum urn_find(PG_FUNCTION_ARGS){
  ReturnSetInfo *rsinfo = (ReturnSetInfo*)fcinfo->resultinfo;
  int mode = urnPgMode(fcinfo, 1, "urn_find", URN_MODES_ALL);
  UrnPgArg t = urnPgArg(fcinfo, 0);
  UrnFinder finder;
  size_t off, len, offCounted = 0;
  int64 nCounted = 0;
  InitMaterializedSRF(fcinfo, 0);
  if( t.z==0 ) return (Datum)0;
  urnFindStart(&finder, t.z, t.n, mode);
  while( urnFindNext(&finder, &off, &len) ){
    Datum values[2];
    bool nulls[2] = { false, false };
    /* Characters counted from the previous row on: one pass in all.  In
    ** UTF-8 text, PostgreSQL's characters are SQLite's. */
    nCounted += (int64)urnFindChars(t.z, offCounted, off);
    offCounted = off;
    values[0] = PointerGetDatum(urnPgText(t.z+off, len));
    values[1] = Int64GetDatum(nCounted+1);
    tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
  }
  return (Datum)0;
}

/* A row of text cells azCell[0..nCell), NULL where azCell[i] is 0. */
static void putRow(ReturnSetInfo *rsinfo, const char *const *azCell,
                   int nCell){
  Datum values[5];
  bool nulls[5];
  int i;
  for(i=0; i<nCell && i<5; i++){
    nulls[i] = azCell[i]==0;
    values[i] = nulls[i] ? (Datum)0 : CStringGetTextDatum(azCell[i]);
  }
  tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
}

PG_FUNCTION_INFO_V1(urn_namespaces);
Datum urn_namespaces(PG_FUNCTION_ARGS){
  ReturnSetInfo *rsinfo = (ReturnSetInfo*)fcinfo->resultinfo;
  int i;
  InitMaterializedSRF(fcinfo, 0);
  for(i=0; i<urnNsRegistrySize(); i++){
    const UrnNsEntry *p = urnNsRegistryAt(i);
    const char *azCell[5];
    azCell[0] = p->zNid;
    azCell[1] = p->eKind==URN_NS_FORMAL ? "formal" : "informal";
    azCell[2] = p->zReference;
    azCell[3] = p->pTransform ? p->pTransform->zDescription : 0;
    azCell[4] = p->pValidator ? p->pValidator->zDescription : 0;
    putRow(rsinfo, azCell, 5);
  }
  return (Datum)0;
}

PG_FUNCTION_INFO_V1(urn_resolvers);
Datum urn_resolvers(PG_FUNCTION_ARGS){
  ReturnSetInfo *rsinfo = (ReturnSetInfo*)fcinfo->resultinfo;
  int i;
  InitMaterializedSRF(fcinfo, 0);
  for(i=0; i<urnResolverCount(); i++){
    const UrnResolver *p = urnResolverAt(i);
    const char *azCell[4];
    azCell[0] = p->zNid;
    azCell[1] = p->zPrefix;
    azCell[2] = p->zTemplate;
    azCell[3] = p->zSource;
    putRow(rsinfo, azCell, 4);
  }
  return (Datum)0;
}

/* urn_parse(X [,MODE]): every part of X from one scan, as one value of the
** composite type urn_parts, the columns of SQLite's urn_parse
** (ext/sqlite/urn_parse_sql.c): valid boolean, nid, nss, r, q, f,
** canonical, key text.  nid to canonical
** are NULL when X has not the syntax of MODE (RFC 8141 §2; in mode 'ns'
** RFC 8141's, also where the namespace rejects X, RFC 8141 §5); r, q, f
** NULL when absent; key is canonical for a URN, X itself for any other
** text.  A NULL X gives NULL (SQLite's table gives no row); a bad MODE,
** NULL included, the error naming the accepted ones (22023). */
PG_FUNCTION_INFO_V1(urn_parse);
Datum urn_parse(PG_FUNCTION_ARGS){
  int mode = urnPgMode(fcinfo, 1, "urn_parse", URN_MODES_ALL);
  UrnPgArg x = urnPgArg(fcinfo, 0);
  TupleDesc desc;
  Datum values[8];
  bool nulls[8];
  UrnParts parts;
  int isUrn = 0, i;
  if( x.z==0 ) PG_RETURN_NULL();
  if( get_call_result_type(fcinfo, NULL, &desc)!=TYPEFUNC_COMPOSITE ){
    ereport(ERROR, (errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
                    errmsg("urn_parse(): called where no row type is expected")));
  }
  desc = BlessTupleDesc(desc);
  for(i=0; i<8; i++) nulls[i] = true;
  values[0] = BoolGetDatum(urnFnCheck(x.z, x.n, mode, &parts, &isUrn, 0, 0));
  nulls[0] = false;
  if( isUrn ){
    static const char acPart[] = "nrqf";     /* columns 2 to 5 */
    unsigned char zNid[33];
    text *pKey = urnPgTextAlloc(URN_KEY_LEN(&parts));
    size_t nKey = urnFnKey(x.z, &parts, mode, (unsigned char*)VARDATA(pKey));
    SET_VARSIZE(pKey, VARHDRSZ+nKey);
    values[1] = PointerGetDatum(urnPgText(zNid, urnFnNid(x.z, &parts, zNid)));
    nulls[1] = false;
    for(i=0; i<4; i++){
      const UrnSpan *pSpan = urnFnPart(&parts, acPart[i]);
      if( pSpan->off==0 ) continue;                       /* absent */
      values[2+i] = PointerGetDatum(urnPgText(x.z+pSpan->off, pSpan->len));
      nulls[2+i] = false;
    }
    values[6] = values[7] = PointerGetDatum(pKey);
    nulls[6] = nulls[7] = false;
  }else{
    values[7] = PointerGetDatum(urnPgText(x.z, x.n));     /* I3: itself */
    nulls[7] = false;
  }
  PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(desc, values, nulls)));
}
