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
** Each fills a tuplestore in one call (materialize mode), in the call's
** memory.
*/
#include "urn_pg.h"
#include "funcapi.h"
#include "utils/builtins.h"
#include "../core/urn_find.h"
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
