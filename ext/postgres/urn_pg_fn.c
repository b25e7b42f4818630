/*
** urn_pg_fn.c -- sqlite-urn's scalar functions in PostgreSQL (layer 3 over
** the same core as SQLite's and DuckDB's glue: ext/core/urn_fn.h and the
** rest).  Names, arguments, modes, NULL rules and error texts are those of
** the SQLite build (ext/sqlite/urn.c; docs/functions.md); the SQL script
** urn--0.1.0.sql declares each with its PostgreSQL types:
**   urn_valid(X [,MODE]), urn_equal(A, B [,MODE])        boolean
**   urn_json(X [,MODE])                                   jsonb
**   urn_extract_all(T [,MODE])                            text[]
**   every other one                                       text
** X is text; a urn value is one too, through its implicit cast (which
** gives the value as written, urnPgSpelling()).  MODE is 'rfc8141' (the
** default), 'rfc2141' or 'ns' where SQLite takes it; any other value, NULL
** included, is an error (SQLSTATE 22023) whose message ext/core/urn_mode.c
** writes for every engine, e.g. "urn_valid(): unknown mode 'x'; expected
** 'rfc8141', 'rfc2141' or 'ns'".  A NULL X gives NULL (urn_equal: either
** argument; urn_build: NID or S; a NULL R, Q or F is left out).  Results
** are palloc'd in the call's memory context; a result longer than
** PostgreSQL's largest value is "string or blob too big" (SQLSTATE 54000).
**
** Adding a function is one row function below, of the UrnPgRow type,
** which reads (bytes, length) arguments and returns a Datum through the
** core, and one URN_PG_FUNC line naming it (then its CREATE FUNCTION in
** the SQL script).
*/
#include "urn_pg.h"
#include "catalog/pg_type.h"
#include "utils/array.h"
#include "utils/fmgrprotos.h"
#include "utils/memutils.h"
#include "../core/urn_fn.h"
#include "../core/urn_codec.h"
#include "../core/urn_find.h"
#include "../core/urn_ns.h"
#include "../core/urn_ns_rules.h"
#include "../core/urn_url.h"
#include "../core/urn_link.h"
#include "../core/urn_epc.h"
#include "funcapi.h"

typedef struct UrnPgFunc UrnPgFunc;

/* A row function: the arguments a[0..nArg) (MODE not among them; a[i].z 0
** for a NULL past the first nStrict), the mode; returns the result, or sets
** *pNull. */
typedef Datum (*UrnPgRow)(const UrnPgFunc *pF, int mode, const UrnPgArg *a,
                          int nArg, bool *pNull);

/* A function: its name (for messages and the row function), the arguments
** before MODE (MODE, when the call has it, is argument nData), how many
** leading arguments give NULL when NULL, the modes MODE may name (0: no
** MODE), and its row function. */
struct UrnPgFunc {
  const char *zName;
  int nData;
  int nStrict;
  int modes;
  UrnPgRow xRow;
};

/* The most arguments any function takes (urn_build: NID, S, R, Q, F). */
#define URN_PG_ARGS_MAX 5

/* Every function: MODE first, so that a bad MODE is an error even where X
** is NULL, as in SQLite; then the NULL rule, then the row function. */
static Datum urnPgCall(FunctionCallInfo fcinfo, const UrnPgFunc *pF){
  UrnPgArg a[URN_PG_ARGS_MAX];
  int nArg = PG_NARGS(), mode = URN_MODE_RFC8141, i;
  bool isNull = false;
  Datum r;
  if( pF->modes && nArg>pF->nData ){
    mode = urnPgMode(fcinfo, pF->nData, pF->zName, pF->modes);
    nArg = pF->nData;
  }
  if( nArg>URN_PG_ARGS_MAX ) nArg = URN_PG_ARGS_MAX;
  for(i=0; i<nArg; i++){
    if( i<pF->nStrict && PG_ARGISNULL(i) ) PG_RETURN_NULL();
    a[i] = urnPgArg(fcinfo, i);
  }
  r = pF->xRow(pF, mode, a, nArg, &isNull);
  if( isNull ) PG_RETURN_NULL();
  return r;
}

/* One SQL-callable function NAME over the row function ROW. */
#define URN_PG_FUNC(NAME, NDATA, NSTRICT, MODES, ROW) \
  static const UrnPgFunc NAME##_def = { #NAME, NDATA, NSTRICT, MODES, ROW }; \
  PG_FUNCTION_INFO_V1(NAME); \
  Datum NAME(PG_FUNCTION_ARGS){ return urnPgCall(fcinfo, &NAME##_def); }

#define TEXT_RESULT(z, n) PointerGetDatum(urnPgText((z), (n)))

/* ---- The row functions -------------------------------------------------- */

/* urn_valid(X [,MODE]): mode 'ns' is RFC 8141 plus the namespace rules. */
static Datum rowValid(const UrnPgFunc *pF, int mode, const UrnPgArg *a,
                      int nArg, bool *pNull){
  UrnParts parts;
  (void)pF; (void)nArg; (void)pNull;
  return BoolGetDatum(urnFnCheck(a[0].z, a[0].n, mode, &parts, 0, 0, 0));
}

/* urn_error(X [,MODE]): NULL for a URN, else why not. */
static Datum rowError(const UrnPgFunc *pF, int mode, const UrnPgArg *a,
                      int nArg, bool *pNull){
  UrnParts parts;
  char zMsg[URN_FN_MSG_MAX];
  (void)pF; (void)nArg;
  if( urnFnCheck(a[0].z, a[0].n, mode, &parts, 0, zMsg, 0) ){
    *pNull = true;
    return (Datum)0;
  }
  return TEXT_RESULT(zMsg, strlen(zMsg));
}

/* urn_nid(X [,MODE]): lower-cased (RFC 8141 §2.1). */
static Datum rowNid(const UrnPgFunc *pF, int mode, const UrnPgArg *a,
                    int nArg, bool *pNull){
  UrnParts parts;
  unsigned char zNid[33];
  (void)pF; (void)nArg;
  if( !urnScan(a[0].z, a[0].n, mode, &parts, 0) ){
    *pNull = true;
    return (Datum)0;
  }
  return TEXT_RESULT(zNid, urnFnNid(a[0].z, &parts, zNid));
}

/* urn_nss(), urn_rcomponent(), urn_qcomponent(), urn_fcomponent(): the
** part as written, picked by the letter after "urn_". */
static Datum rowPart(const UrnPgFunc *pF, int mode, const UrnPgArg *a,
                     int nArg, bool *pNull){
  UrnParts parts;
  const UrnSpan *pSpan;
  (void)nArg;
  if( !urnScan(a[0].z, a[0].n, mode, &parts, 0)
   || (pSpan = urnFnPart(&parts, pF->zName[4]))->off==0 ){
    *pNull = true;                      /* not a URN, or the part absent */
    return (Datum)0;
  }
  return TEXT_RESULT(a[0].z+pSpan->off, pSpan->len);
}

/* urn_canonical(X [,MODE]) and urn_key(X [,MODE]): key(X), or key_ns(X) in
** mode 'ns' (docs/design.md), written once into the result; urn_canonical
** gives NULL for a non-URN, urn_key X's own bytes (I3). */
static Datum rowKey(const UrnPgFunc *pF, int mode, const UrnPgArg *a,
                    int nArg, bool *pNull){
  UrnParts parts;
  text *t;
  size_t n;
  (void)nArg;
  if( !urnScan(a[0].z, a[0].n, mode==URN_MODE_NS ? URN_MODE_RFC8141 : mode,
               &parts, 0) ){
    if( pF->zName[4]=='c' ){
      *pNull = true;
      return (Datum)0;
    }
    return TEXT_RESULT(a[0].z, a[0].n);
  }
  t = urnPgTextAlloc(URN_KEY_LEN(&parts));
  n = urnFnKey(a[0].z, &parts, mode, (unsigned char*)VARDATA(t));
  SET_VARSIZE(t, VARHDRSZ+n);
  return PointerGetDatum(t);
}

/* urn_normalize(X [,MODE]) */
static Datum rowNormalize(const UrnPgFunc *pF, int mode, const UrnPgArg *a,
                          int nArg, bool *pNull){
  UrnParts parts;
  text *t;
  (void)pF; (void)nArg;
  if( !urnScan(a[0].z, a[0].n, mode, &parts, 0) ){
    *pNull = true;
    return (Datum)0;
  }
  t = urnPgTextAlloc(a[0].n);
  urnNormalizeWrite(a[0].z, a[0].n, &parts, (unsigned char*)VARDATA(t));
  return PointerGetDatum(t);
}

/* urn_equal(A, B [,MODE]): key(A) = key(B) (RFC 8141 §3.1). */
static Datum rowEqual(const UrnPgFunc *pF, int mode, const UrnPgArg *a,
                      int nArg, bool *pNull){
  (void)pF; (void)nArg; (void)pNull;
  return BoolGetDatum((mode==URN_MODE_NS
                       ? urnNsCompare(a[0].z, a[0].n, a[1].z, a[1].n)
                       : urnCompare(mode, a[0].z, a[0].n, a[1].z, a[1].n))==0);
}

/* urn_encode(S): NULL for '' (RFC 8141 §2: an NSS is never empty). */
static Datum rowEncode(const UrnPgFunc *pF, int mode, const UrnPgArg *a,
                       int nArg, bool *pNull){
  text *t;
  (void)pF; (void)mode; (void)nArg;
  if( a[0].n==0 ){
    *pNull = true;
    return (Datum)0;
  }
  t = urnPgTextAlloc(urnEncode(a[0].z, a[0].n, URN_PART_NSS, 0));
  urnEncode(a[0].z, a[0].n, URN_PART_NSS, (unsigned char*)VARDATA(t));
  return PointerGetDatum(t);
}

/* urn_decode(S): NULL unless the result is valid UTF-8, and, since no
** PostgreSQL text holds one, unless it has no NUL byte (a %00; SQLite's
** urn_decode gives it a NUL byte inside). */
static Datum rowDecode(const UrnPgFunc *pF, int mode, const UrnPgArg *a,
                       int nArg, bool *pNull){
  text *t = urnPgTextAlloc(a[0].n);
  size_t n = urnDecode(a[0].z, a[0].n, (unsigned char*)VARDATA(t));
  (void)pF; (void)mode; (void)nArg;
  if( !urnUtf8Valid((const unsigned char*)VARDATA(t), n)
   || memchr(VARDATA(t), 0, n) ){
    *pNull = true;
    return (Datum)0;
  }
  SET_VARSIZE(t, VARHDRSZ+n);
  return PointerGetDatum(t);
}

/* urn_build(NID, S [,R [,Q [,F]]]): a NULL R, Q or F is absent. */
static Datum rowBuild(const UrnPgFunc *pF, int mode, const UrnPgArg *a,
                      int nArg, bool *pNull){
  UrnText aPart[URN_BUILD_COUNT];
  size_t nOut;
  text *t;
  int i;
  (void)pF; (void)mode;
  memset(aPart, 0, sizeof(aPart));
  for(i=0; i<nArg && i<URN_BUILD_COUNT; i++){
    aPart[i].z = a[i].z;
    aPart[i].n = a[i].n;
  }
  nOut = urnBuild(aPart, 0);
  if( nOut==0 ){                        /* no URN can be built */
    *pNull = true;
    return (Datum)0;
  }
  t = urnPgTextAlloc(nOut);
  urnBuild(aPart, (unsigned char*)VARDATA(t));
  return PointerGetDatum(t);
}

/* urn_json(X [,MODE]): the object SQLite's urn_json writes, as jsonb. */
static Datum rowJson(const UrnPgFunc *pF, int mode, const UrnPgArg *a,
                     int nArg, bool *pNull){
  UrnFnJson json;
  size_t nOut;
  char *zOut;
  (void)pF; (void)nArg; (void)pNull;
  urnFnJsonScan(&json, a[0].z, a[0].n, mode);
  nOut = urnFnJsonWrite(&json, 0);
  if( nOut>=MaxAllocSize ){
    ereport(ERROR, (errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
                    errmsg("string or blob too big")));
  }
  zOut = palloc(nOut+1);
  urnFnJsonWrite(&json, (unsigned char*)zOut);
  zOut[nOut] = 0;
  return DirectFunctionCall1(jsonb_in, CStringGetDatum(zOut));
}

/* urn_isbn13(X) */
static Datum rowIsbn13(const UrnPgFunc *pF, int mode, const UrnPgArg *a,
                       int nArg, bool *pNull){
  UrnParts parts;
  unsigned char zOut[URN_ISBN13_LEN];
  (void)pF; (void)mode; (void)nArg;
  if( !urnScan(a[0].z, a[0].n, URN_MODE_RFC8141, &parts, 0)
   || !urnNsIsbn13(a[0].z, &parts, zOut) ){
    *pNull = true;
    return (Datum)0;
  }
  return TEXT_RESULT(zOut, URN_ISBN13_LEN);
}

/* urn_url(X [,TEMPLATE [,MODE]]) (ext/core/urn_url.h): measured on the
** stack, written again into the result when longer; an unknown placeholder
** in TEMPLATE is an error (22023), as in SQLite.  A NULL TEMPLATE gives
** NULL. */
#define URN_PG_URL_STACK 512
static Datum rowUrl(const UrnPgFunc *pF, int mode, const UrnPgArg *a,
                    int nArg, bool *pNull){
  const unsigned char *zTpl = nArg>=2 ? a[1].z : 0;
  size_t nTpl = nArg>=2 ? a[1].n : 0, nUrl;
  char aBuf[URN_PG_URL_STACK];
  UrnUrlErr err;
  text *t;
  (void)pF;
  /* Counted up to PostgreSQL's largest value; a longer URL is refused by
  ** urnPgTextAlloc() as too big. */
  nUrl = urnUrl(a[0].z, a[0].n, zTpl, nTpl, mode, MaxAllocSize-VARHDRSZ, aBuf,
                sizeof(aBuf), &err);
  if( nUrl==URN_URL_NULL ){
    if( err.zMsg[0] ){
      ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                      errmsg("%s", err.zMsg)));
    }
    *pNull = true;
    return (Datum)0;
  }
  t = urnPgTextAlloc(nUrl);
  if( nUrl<=sizeof(aBuf) ){
    memcpy(VARDATA(t), aBuf, nUrl);
  }else{
    urnUrl(a[0].z, a[0].n, zTpl, nTpl, mode, MaxAllocSize-VARHDRSZ, VARDATA(t),
           nUrl, &err);
  }
  return PointerGetDatum(t);
}

/* urn_nbn_complete(X): at most one byte longer than X (urn_url.h). */
static Datum rowNbnComplete(const UrnPgFunc *pF, int mode, const UrnPgArg *a,
                            int nArg, bool *pNull){
  text *t = urnPgTextAlloc(a[0].n+1);
  size_t n = urnNbnComplete(a[0].z, a[0].n, VARDATA(t), a[0].n+1);
  (void)pF; (void)mode; (void)nArg;
  if( n==URN_URL_NULL ){
    *pNull = true;
    return (Datum)0;
  }
  SET_VARSIZE(t, VARHDRSZ+n);
  return PointerGetDatum(t);
}

/* urn_version() and urn_registry_date() */
static Datum rowVersion(const UrnPgFunc *pF, int mode, const UrnPgArg *a,
                        int nArg, bool *pNull){
  const char *z = pF->zName[4]=='v' ? URN_VERSION : urnNsRegistryDate;
  (void)mode; (void)a; (void)nArg; (void)pNull;
  return TEXT_RESULT(z, strlen(z));
}

/* urn_order_version(): the version of the orders that indexes store
** (ext/core/urn_version.h), an integer. */
static Datum rowOrderVersion(const UrnPgFunc *pF, int mode, const UrnPgArg *a,
                             int nArg, bool *pNull){
  (void)pF; (void)mode; (void)a; (void)nArg; (void)pNull;
  return Int32GetDatum(URN_ORDER_VERSION);
}

/* urn_extract_all(T [,MODE]): the URNs urn_find(T, MODE) finds, in order,
** as text[] ('{}' when there is none). */
static Datum rowExtractAll(const UrnPgFunc *pF, int mode, const UrnPgArg *a,
                           int nArg, bool *pNull){
  ArrayBuildState *pBuild = initArrayResult(TEXTOID, CurrentMemoryContext,
                                            false);
  UrnFinder finder;
  size_t off, len;
  (void)pF; (void)nArg; (void)pNull;
  urnFindStart(&finder, a[0].z, a[0].n, mode);
  while( urnFindNext(&finder, &off, &len) ){
    accumArrayResult(pBuild, TEXT_RESULT(a[0].z+off, len), false, TEXTOID,
                     CurrentMemoryContext);
  }
  return makeArrayResult(pBuild, CurrentMemoryContext);
}

/* urn_from_url(U [,GCP_LENGTH]) (ext/core/urn_link.h): GCP_LENGTH an
** integer, so a function of its own, not a row of the text functions'
** table.  GCP_LENGTH is checked first (22023 outside 6..12, SQLite's
** words), so that a bad one fails on a NULL U too; NULL is an unknown
** length, as when it is left out. */
#define URN_PG_GCP_ERROR \
  "urn_from_url(): GCP_LENGTH must be an integer from 6 to 12 (the length " \
  "of the GS1 company prefix), or NULL"
PG_FUNCTION_INFO_V1(urn_from_url);
Datum urn_from_url(PG_FUNCTION_ARGS){
  char aBuf[URN_PG_URL_STACK];
  const unsigned char *z;
  size_t n, nUrn;
  int nGcp = 0;
  text *u, *t;
  if( PG_NARGS()>=2 && !PG_ARGISNULL(1) ){
    int32 v = PG_GETARG_INT32(1);
    if( v<URN_LINK_GCP_MIN || v>URN_LINK_GCP_MAX ){
      ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                      errmsg("%s", URN_PG_GCP_ERROR)));
    }
    nGcp = (int)v;
  }
  if( PG_ARGISNULL(0) ) PG_RETURN_NULL();
  u = PG_GETARG_TEXT_PP(0);
  z = (const unsigned char*)VARDATA_ANY(u);
  n = VARSIZE_ANY_EXHDR(u);
  nUrn = urnFromUrl(z, n, nGcp, aBuf, sizeof(aBuf));
  if( nUrn==URN_URL_NULL ) PG_RETURN_NULL();
  t = urnPgTextAlloc(nUrn);
  if( nUrn<=sizeof(aBuf) ){
    memcpy(VARDATA(t), aBuf, nUrn);
  }else{
    urnFromUrl(z, n, nGcp, VARDATA(t), nUrn);
  }
  PG_RETURN_TEXT_P(t);
}

/* ---- The functions ------------------------------------------------------ */

/*           name               nData nStrict modes             row */
URN_PG_FUNC(urn_valid,          1, 1, URN_MODES_ALL,    rowValid)
URN_PG_FUNC(urn_error,          1, 1, URN_MODES_ALL,    rowError)
URN_PG_FUNC(urn_nid,            1, 1, URN_MODES_SYNTAX, rowNid)
URN_PG_FUNC(urn_nss,            1, 1, URN_MODES_SYNTAX, rowPart)
URN_PG_FUNC(urn_rcomponent,     1, 1, URN_MODES_SYNTAX, rowPart)
URN_PG_FUNC(urn_qcomponent,     1, 1, URN_MODES_SYNTAX, rowPart)
URN_PG_FUNC(urn_fcomponent,     1, 1, URN_MODES_SYNTAX, rowPart)
URN_PG_FUNC(urn_canonical,      1, 1, URN_MODES_ALL,    rowKey)
URN_PG_FUNC(urn_key,            1, 1, URN_MODES_ALL,    rowKey)
URN_PG_FUNC(urn_normalize,      1, 1, URN_MODES_SYNTAX, rowNormalize)
URN_PG_FUNC(urn_equal,          2, 2, URN_MODES_ALL,    rowEqual)
URN_PG_FUNC(urn_encode,         1, 1, 0,                rowEncode)
URN_PG_FUNC(urn_decode,         1, 1, 0,                rowDecode)
URN_PG_FUNC(urn_build,          5, 2, 0,                rowBuild)
URN_PG_FUNC(urn_json,           1, 1, URN_MODES_ALL,    rowJson)
URN_PG_FUNC(urn_isbn13,         1, 1, 0,                rowIsbn13)
URN_PG_FUNC(urn_version,        0, 0, 0,                rowVersion)
URN_PG_FUNC(urn_registry_date,  0, 0, 0,                rowVersion)
URN_PG_FUNC(urn_order_version,  0, 0, 0,                rowOrderVersion)
URN_PG_FUNC(urn_url,            2, 2, URN_MODES_ALL,    rowUrl)
URN_PG_FUNC(urn_nbn_complete,   1, 1, 0,                rowNbnComplete)
URN_PG_FUNC(urn_extract_all,    1, 1, URN_MODES_ALL,    rowExtractAll)

/* ---- The EPC binary encodings (ext/core/urn_epc.h) ---------------------

** Functions of their own (FILTER is a bigint; urn_epc is a composite):
**   urn_epc_from_hex(HEX), urn_epc_to_hex(TAG), urn_epc_pure(TAG)   text
**   urn_epc_tag(PURE, SCHEME, FILTER bigint)                        text
**   urn_epc(HEX)     one value of the composite type urn_epc_fields (the
**                    columns of SQLite's table urn_epc); NULL where SQLite
**                    gives no row
** NULL for a NULL argument (STRICT); a field the scheme cannot hold is an
** error (22023) with SQLite's message. */

/* The answer of x, or its error: measured on the stack, then written once
** into the text. */
static Datum urnPgEpcText(int eFunc, FunctionCallInfo fcinfo){
  char aBuf[512];
  UrnPgArg a = urnPgArg(fcinfo, 0);
  UrnEpcErr err;
  size_t n = 0;
  int pass;
  text *t = 0;
  err.zMsg[0] = 0;
  for(pass=0; pass<2; pass++){
    char *zOut = pass ? VARDATA(t) : aBuf;
    size_t nRoom = pass ? n : sizeof(aBuf);
    switch( eFunc ){
      case 'f': n = urnEpcFromHex(a.z, a.n, zOut, nRoom, 0); break;
      case 't': n = urnEpcToHex(a.z, a.n, "urn_epc_to_hex", zOut, nRoom,
                                &err); break;
      default:  n = urnEpcPure(a.z, a.n, zOut, nRoom); break;
    }
    if( n==URN_EPC_NULL ){
      if( err.zMsg[0] ){
        ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                        errmsg("%s", err.zMsg)));
      }
      PG_RETURN_NULL();
    }
    if( pass==0 ){
      t = urnPgTextAlloc(n);
      if( n<=sizeof(aBuf) ){
        memcpy(VARDATA(t), aBuf, n);
        break;
      }
    }
  }
  PG_RETURN_TEXT_P(t);
}

PG_FUNCTION_INFO_V1(urn_epc_from_hex);
Datum urn_epc_from_hex(PG_FUNCTION_ARGS){ return urnPgEpcText('f', fcinfo); }
PG_FUNCTION_INFO_V1(urn_epc_to_hex);
Datum urn_epc_to_hex(PG_FUNCTION_ARGS){ return urnPgEpcText('t', fcinfo); }
PG_FUNCTION_INFO_V1(urn_epc_pure);
Datum urn_epc_pure(PG_FUNCTION_ARGS){ return urnPgEpcText('p', fcinfo); }

PG_FUNCTION_INFO_V1(urn_epc_tag);
Datum urn_epc_tag(PG_FUNCTION_ARGS){
  UrnPgArg a = urnPgArg(fcinfo, 0), s = urnPgArg(fcinfo, 1);
  char aTag[URN_EPC_URI_MAX];
  UrnEpcErr err;
  size_t n = urnEpcTag(a.z, a.n, s.z, s.n, (long long)PG_GETARG_INT64(2),
                       "urn_epc_tag", aTag, sizeof(aTag), &err);
  if( n==URN_EPC_NULL ){
    if( err.zMsg[0] ){
      ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                      errmsg("%s", err.zMsg)));
    }
    PG_RETURN_NULL();
  }
  PG_RETURN_TEXT_P(urnPgText(aTag, n));
}

/* urn_epc(HEX): tag, pure, scheme, filter (integer), company, reference,
** serial, each a span of one decoding, as SQLite's urn_epc gives them. */
PG_FUNCTION_INFO_V1(urn_epc);
Datum urn_epc(PG_FUNCTION_ARGS){
  UrnPgArg a = urnPgArg(fcinfo, 0);
  UrnEpcParts pp;
  TupleDesc desc;
  Datum values[7];
  bool nulls[7];
  text *t;
  size_t n;
  int i;
  n = urnEpcFromHex(a.z, a.n, 0, 0, &pp);
  if( n==URN_EPC_NULL ) PG_RETURN_NULL();
  if( get_call_result_type(fcinfo, NULL, &desc)!=TYPEFUNC_COMPOSITE ){
    ereport(ERROR, (errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
                    errmsg("urn_epc(): called where no row type is expected")));
  }
  desc = BlessTupleDesc(desc);
  t = urnPgTextAlloc(n);
  urnEpcFromHex(a.z, a.n, VARDATA(t), n, &pp);
  for(i=0; i<7; i++) nulls[i] = true;
  values[0] = PointerGetDatum(t);
  nulls[0] = false;
  if( pp.zScheme ){
    values[2] = PointerGetDatum(urnPgText(pp.zScheme, strlen(pp.zScheme)));
    nulls[2] = false;
  }
  if( pp.iFilter>=0 ){
    values[3] = Int32GetDatum(pp.iFilter);
    nulls[3] = false;
  }
  if( pp.zPure ){
    const char *zTag = VARDATA(t);
    size_t nPure = urnEpcPureOf(zTag, n, &pp, 0, 0);
    text *p = urnPgTextAlloc(nPure);
    urnEpcPureOf(zTag, n, &pp, VARDATA(p), nPure);
    values[1] = PointerGetDatum(p);
    values[4] = PointerGetDatum(urnPgText(zTag+pp.offBody, pp.nCompany));
    values[6] = PointerGetDatum(urnPgText(zTag+pp.offSerial, pp.nSerial));
    nulls[1] = nulls[4] = nulls[6] = false;
    if( pp.hasRef ){
      values[5] = PointerGetDatum(urnPgText(zTag+pp.offRef, pp.nRef));
      nulls[5] = false;
    }
  }
  PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(desc, values, nulls)));
}
