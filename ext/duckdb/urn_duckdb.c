/*
** urn_duckdb.c -- sqlite-urn's functions as a DuckDB extension (layer 3,
** DuckDB's glue over the same core as SQLite's: ext/core/).
**
** Load it into a DuckDB opened with allow_unsigned_extensions (duckdb
** -unsigned): LOAD 'urn.duckdb_extension' (docs/duckdb.md).  The entry
** point is urn_init_c_api, written by DUCKDB_EXTENSION_ENTRYPOINT of
** DuckDB's stable C extension API (v1.2.0).
**
** The scalar functions have the names, arguments, modes, NULL rules and
** error texts they have in SQLite (ext/sqlite/urn.c, urn_codec_sql.c,
** urn_ns_sql.c; docs/functions.md):
**   urn_valid(X [,MODE])        BOOLEAN
**   urn_error(X [,MODE])        VARCHAR
**   urn_nid, urn_nss, urn_rcomponent, urn_qcomponent, urn_fcomponent,
**   urn_canonical, urn_normalize (X [,MODE])            VARCHAR
**   urn_key(X [,MODE])          the key of X's bytes, as SQLite keys text
**                               (a non-URN's key is its own bytes): a
**                               VARCHAR for a VARCHAR X, a BLOB for a BLOB
**                               X, so that GROUP BY urn_key(blobcol) gives
**                               urn_equal's classes (SQLite keeps a BLOB
**                               unchanged, as its collations compare one;
**                               DuckDB has none: docs/duckdb.md)
**   urn_equal(A, B [,MODE])     BOOLEAN
**   urn_encode(S), urn_decode(S), urn_build(NID, S [,R [,Q [,F]]]),
**   urn_json(X [,MODE]), urn_isbn13(X), urn_version(),
**   urn_registry_date(), urn_url(X [,TEMPLATE [,MODE]]),
**   urn_nbn_complete(X)         VARCHAR
**   urn_from_url(U [,GCP_LENGTH])
**                               VARCHAR; GCP_LENGTH a BIGINT (6 to 12, or
**                               NULL), an error otherwise, as in SQLite
**   urn_epc_from_hex(HEX), urn_epc_to_hex(TAG), urn_epc_pure(TAG)
**                               VARCHAR (ext/core/urn_epc.h)
**   urn_epc_tag(PURE, SCHEME, FILTER)
**                               VARCHAR; FILTER a BIGINT
**   urn_epc(HEX)                STRUCT(tag, pure, scheme VARCHAR, filter
**                               INTEGER, company, reference, serial
**                               VARCHAR): the columns of SQLite's table-
**                               valued urn_epc (urn_epc_sql.c), NULL where
**                               it gives no row; for GROUP BY over reads
**   urn_order_version()         INTEGER (ext/core/urn_version.h)
**   urn_extract_all(T [,MODE])  LIST(VARCHAR): the URNs urn_find(T, MODE)
**                               finds, in order (ext/core/urn_find.h)
**   urn_parse(X [,MODE])        STRUCT(valid BOOLEAN, nid, nss, r, q, f,
**                               canonical VARCHAR, key VARCHAR or BLOB as
**                               urn_key gives it): every part from one
**                               scan, each field what the function of its
**                               name gives; NULL for a NULL X (SQLite's
**                               urn_parse is a table-valued function with
**                               these columns, urn_parse_sql.c)
** Every argument but MODE may be VARCHAR or BLOB; a BLOB is read as its
** bytes.  MODE is 'rfc8141' (the default), 'rfc2141' or 'ns' as in
** SQLite; any other value, NULL or a BLOB included, raises DuckDB's
** "Invalid Input Error: " followed by SQLite's message, e.g.
** "urn_valid(): unknown mode 'x'; expected 'rfc8141', 'rfc2141' or 'ns'"
** (ext/core/urn_mode.c writes it for both engines).  A NULL X gives NULL
** (urn_equal: either argument NULL; urn_build: NID or S NULL, a NULL R, Q
** or F is left out); a wrong argument count is DuckDB's binder error.
** The table functions urn_find(T [, mode := MODE]), urn_namespaces() and
** urn_resolvers() are in urn_duckdb_table.c.
**
** Every function is pure (DuckDB's default: deterministic) and keeps no
** state: DuckDB calls it on many threads at once.  DuckDB hands a function
** a chunk of flat vectors (it flattens constant ones first); each function
** is one loop over the chunk's rows that reads the validity masks and the
** bytes in place, gathers the chunk's results in one buffer (allocated
** once per chunk) and hands it to DuckDB's string storage in one call
** (duckChunkFinish()); nothing is allocated per row.
**
** Adding a function is one row of aDuckFunc[] below, with a row function
** of the DuckRowFunc type that reads (bytes, length) arguments and fills a
** DuckOut through the core (ext/core/urn_fn.h and the rest).
*/
#include <stdlib.h>
#include <string.h>
#define DUCKDB_EXTENSION_NAME urn
#include "urn_duckdb.h"
#include "../core/urn_fn.h"
#include "../core/urn_codec.h"
#include "../core/urn_find.h"
#include "../core/urn_ns.h"
#include "../core/urn_ns_rules.h"
#include "../core/urn_block.h"
#include "../core/urn_url.h"
#include "../core/urn_link.h"
#include "../core/urn_epc.h"

/* urn_version(): VERSION's, as in every engine (ext/core/urn_version.h);
** make duckdb-test compares the two engines' urn_version(). */
#include "../core/urn_version.h"

/* The largest string DuckDB stores (duckdb_string_t's length is 32 bits). */
#define DUCK_STRING_MAX 0xFFFFFFFFu

/* What a row function answers. */
#define DUCK_NULL  0    /* SQL NULL */
#define DUCK_BOOL  1    /* pOut->b */
#define DUCK_TEXT  2    /* pOut->z[0..pOut->n) */
#define DUCK_ERROR 3    /* the query fails with pOut->zErr */
#define DUCK_INT   4    /* pOut->b, an INTEGER */

/* One argument: bytes, or z==0 for NULL. */
typedef struct DuckArg {
  const unsigned char *z;
  size_t n;
} DuckArg;

/* A row's result, and the buffers that hold it: aStack for most, zHeap
** (grown rarely, freed at the end of the chunk) for the rest. */
#define DUCK_STACK 512
typedef struct DuckOut {
  int b;
  const unsigned char *z;
  size_t n;
  unsigned char *zHeap;
  size_t nHeap;
  duckdb_vector list;         /* urn_extract_all: the LIST result */
  char zErr[URN_EPC_ERROR_MAX];  /* the longest message of any function */
  unsigned char aStack[DUCK_STACK];
} DuckOut;
typedef char duckErrFitsMode[URN_EPC_ERROR_MAX>=URN_MODE_ERROR_MAX ? 1 : -1];

/* Room for n bytes of result in *p: its stack buffer, or its heap buffer,
** grown to at least n.  0 when memory runs out (zErr then says so). */
static unsigned char *duckReserve(DuckOut *p, size_t n){
  if( n<=DUCK_STACK ) return p->aStack;
  if( n>p->nHeap ){
    size_t nNew = n<2*p->nHeap ? 2*p->nHeap : n;
    unsigned char *zNew = realloc(p->zHeap, nNew);
    if( zNew==0 ){
      strcpy(p->zErr, "out of memory");
      return 0;
    }
    p->zHeap = zNew;
    p->nHeap = nNew;
  }
  return p->zHeap;
}

/* The result "string too big" for a result DuckDB cannot store. */
static int duckTooBig(DuckOut *p){
  strcpy(p->zErr, "string or blob too big");
  return DUCK_ERROR;
}

typedef struct DuckFunc DuckFunc;
typedef int (*DuckRowFunc)(const DuckFunc *pF, int mode, const DuckArg *aArg,
                           int nArg, DuckOut *pOut);

/* The return type of a row of aDuckFunc[]. */
#define RET_BOOL    0
#define RET_VARCHAR 1
#define RET_KEY     2   /* VARCHAR for a VARCHAR X, BLOB for a BLOB X */
#define RET_LIST    3   /* LIST(VARCHAR) */
#define RET_STRUCT  4   /* urn_parse's STRUCT (duckParseType()) */
#define RET_EPC     5   /* urn_epc's STRUCT (duckEpcType()) */
#define RET_INTEGER 6   /* INTEGER (DUCK_INT) */

/* A row of the registration table; a pointer to it is the function's extra
** info, so that the row function and the messages know their function. */
struct DuckFunc {
  const char *zName;
  int nMin, nMax;    /* the argument counts, MODE included */
  int nData;         /* arguments before MODE; MODE is argument nData */
  int nStrict;       /* a NULL in one of the first nStrict gives NULL */
  int modes;         /* modes MODE may name (0: no MODE argument) */
  int eRet;          /* RET_xxx */
  DuckRowFunc xRow;
  duckdb_scalar_function_t xScalar;  /* 0: duckScalar(), the loop around
                                     ** xRow; else that loop with xRow
                                     ** inlined (DUCK_SCALAR) */
};

/* ---- The row functions -------------------------------------------------- */

/* urn_valid(X [,MODE]).  Mode 'ns': RFC 8141 plus the namespace rules. */
static int rowValid(const DuckFunc *pF, int mode, const DuckArg *a, int nArg,
                    DuckOut *pOut){
  UrnParts parts;
  (void)pF; (void)nArg;
  pOut->b = mode==URN_MODE_NS ? urnFnCheck(a[0].z, a[0].n, mode, &parts, 0,
                                           0, 0)
                              : urnIsUrn(a[0].z, a[0].n, mode);
  return DUCK_BOOL;
}

/* urn_error(X [,MODE]): NULL for a URN, else why not. */
static int rowError(const DuckFunc *pF, int mode, const DuckArg *a, int nArg,
                    DuckOut *pOut){
  UrnParts parts;
  char *zMsg = (char*)pOut->aStack;
  (void)pF; (void)nArg;
  if( urnFnCheck(a[0].z, a[0].n, mode, &parts, 0, zMsg, 0) ) return DUCK_NULL;
  pOut->z = pOut->aStack;
  pOut->n = strlen(zMsg);
  return DUCK_TEXT;
}

/* urn_nid(X [,MODE]): lower-cased (RFC 8141 §2.1). */
static int rowNid(const DuckFunc *pF, int mode, const DuckArg *a, int nArg,
                  DuckOut *pOut){
  UrnParts parts;
  (void)pF; (void)nArg;
  if( !urnScan(a[0].z, a[0].n, mode, &parts, 0) ) return DUCK_NULL;
  pOut->n = urnFnNid(a[0].z, &parts, pOut->aStack);
  pOut->z = pOut->aStack;
  return DUCK_TEXT;
}

/* urn_nss(), urn_rcomponent(), urn_qcomponent(), urn_fcomponent(): the
** part as written, read in place. */
static int rowPart(const DuckFunc *pF, int mode, const DuckArg *a, int nArg,
                   DuckOut *pOut){
  UrnParts parts;
  const UrnSpan *pSpan;
  (void)nArg;
  if( !urnScan(a[0].z, a[0].n, mode, &parts, 0) ) return DUCK_NULL;
  pSpan = urnFnPart(&parts, pF->zName[4]);
  if( pSpan->off==0 ) return DUCK_NULL;               /* absent */
  pOut->z = a[0].z + pSpan->off;
  pOut->n = pSpan->len;
  return DUCK_TEXT;
}

/* urn_canonical(X [,MODE]) and urn_key(X [,MODE]): key(X), or key_ns(X) in
** mode 'ns' (docs/design.md); urn_canonical gives NULL for a non-URN,
** urn_key its own bytes. */
static int rowKey(const DuckFunc *pF, int mode, const DuckArg *a, int nArg,
                  DuckOut *pOut){
  UrnParts parts;
  unsigned char *zOut;
  (void)nArg;
  if( !urnScan(a[0].z, a[0].n, mode==URN_MODE_NS ? URN_MODE_RFC8141 : mode,
               &parts, 0) ){
    if( pF->eRet!=RET_KEY ) return DUCK_NULL;
    pOut->z = a[0].z;                       /* I3: a non-URN is itself */
    pOut->n = a[0].n;
    return DUCK_TEXT;
  }
  if( mode!=URN_MODE_NS && urnFnKeyIsPrefix(a[0].z, &parts) ){
    /* Handed over from the input, without being written first. */
    pOut->z = a[0].z;
    pOut->n = URN_KEY_LEN(&parts);
    return DUCK_TEXT;
  }
  zOut = duckReserve(pOut, URN_KEY_LEN(&parts));
  if( zOut==0 ) return DUCK_ERROR;
  pOut->n = urnFnKey(a[0].z, &parts, mode, zOut);
  pOut->z = zOut;
  return DUCK_TEXT;
}

/* urn_normalize(X [,MODE]) */
static int rowNormalize(const DuckFunc *pF, int mode, const DuckArg *a,
                        int nArg, DuckOut *pOut){
  UrnParts parts;
  unsigned char *zOut;
  (void)pF; (void)nArg;
  if( !urnScan(a[0].z, a[0].n, mode, &parts, 0) ) return DUCK_NULL;
  zOut = duckReserve(pOut, a[0].n);
  if( zOut==0 ) return DUCK_ERROR;
  urnNormalizeWrite(a[0].z, a[0].n, &parts, zOut);
  pOut->z = zOut;
  pOut->n = a[0].n;
  return DUCK_TEXT;
}

/* urn_equal(A, B [,MODE]): key(A) = key(B) (RFC 8141 §3.1). */
static int rowEqual(const DuckFunc *pF, int mode, const DuckArg *a, int nArg,
                    DuckOut *pOut){
  (void)pF; (void)nArg;
  pOut->b = (mode==URN_MODE_NS ? urnNsCompare(a[0].z, a[0].n, a[1].z, a[1].n)
             : urnCompare(mode, a[0].z, a[0].n, a[1].z, a[1].n))==0;
  return DUCK_BOOL;
}

/* urn_encode(S): NULL for '' (RFC 8141 §2: an NSS is never empty). */
static int rowEncode(const DuckFunc *pF, int mode, const DuckArg *a, int nArg,
                     DuckOut *pOut){
  size_t nOut;
  unsigned char *zOut;
  (void)pF; (void)mode; (void)nArg;
  if( a[0].n==0 ) return DUCK_NULL;
  if( a[0].n>DUCK_STRING_MAX ) return duckTooBig(pOut);
  nOut = urnEncode(a[0].z, a[0].n, URN_PART_NSS, 0);
  if( nOut>DUCK_STRING_MAX ) return duckTooBig(pOut);
  zOut = duckReserve(pOut, nOut);
  if( zOut==0 ) return DUCK_ERROR;
  urnEncode(a[0].z, a[0].n, URN_PART_NSS, zOut);
  pOut->z = zOut;
  pOut->n = nOut;
  return DUCK_TEXT;
}

/* urn_decode(S): NULL unless the result is valid UTF-8. */
static int rowDecode(const DuckFunc *pF, int mode, const DuckArg *a, int nArg,
                     DuckOut *pOut){
  unsigned char *zOut;
  (void)pF; (void)mode; (void)nArg;
  zOut = duckReserve(pOut, a[0].n);
  if( zOut==0 ) return DUCK_ERROR;
  pOut->n = urnDecode(a[0].z, a[0].n, zOut);
  if( !urnUtf8Valid(zOut, pOut->n) ) return DUCK_NULL;
  pOut->z = zOut;
  return DUCK_TEXT;
}

/* urn_build(NID, S [,R [,Q [,F]]]): a NULL R, Q or F is absent. */
static int rowBuild(const DuckFunc *pF, int mode, const DuckArg *a, int nArg,
                    DuckOut *pOut){
  UrnText aPart[URN_BUILD_COUNT];
  size_t nIn = 0, nOut;
  unsigned char *zOut;
  int i;
  (void)pF; (void)mode;
  memset(aPart, 0, sizeof(aPart));
  for(i=0; i<nArg && i<URN_BUILD_COUNT; i++){
    aPart[i].z = a[i].z;
    aPart[i].n = a[i].n;
    nIn += a[i].n;
  }
  if( nIn>DUCK_STRING_MAX ) return duckTooBig(pOut);
  nOut = urnBuild(aPart, 0);
  if( nOut==0 ) return DUCK_NULL;          /* no URN can be built */
  if( nOut>DUCK_STRING_MAX ) return duckTooBig(pOut);
  zOut = duckReserve(pOut, nOut);
  if( zOut==0 ) return DUCK_ERROR;
  urnBuild(aPart, zOut);
  pOut->z = zOut;
  pOut->n = nOut;
  return DUCK_TEXT;
}

/* urn_json(X [,MODE]) */
static int rowJson(const DuckFunc *pF, int mode, const DuckArg *a, int nArg,
                   DuckOut *pOut){
  UrnFnJson json;
  size_t nOut;
  unsigned char *zOut;
  (void)pF; (void)nArg;
  if( a[0].n>DUCK_STRING_MAX ) return duckTooBig(pOut);
  urnFnJsonScan(&json, a[0].z, a[0].n, mode);
  nOut = urnFnJsonWrite(&json, 0);
  if( nOut>DUCK_STRING_MAX ) return duckTooBig(pOut);
  zOut = duckReserve(pOut, nOut);
  if( zOut==0 ) return DUCK_ERROR;
  urnFnJsonWrite(&json, zOut);
  pOut->z = zOut;
  pOut->n = nOut;
  return DUCK_TEXT;
}

/* urn_isbn13(X) */
static int rowIsbn13(const DuckFunc *pF, int mode, const DuckArg *a,
                     int nArg, DuckOut *pOut){
  UrnParts parts;
  (void)pF; (void)mode; (void)nArg;
  if( !urnScan(a[0].z, a[0].n, URN_MODE_RFC8141, &parts, 0) ) return DUCK_NULL;
  if( !urnNsIsbn13(a[0].z, &parts, pOut->aStack) ) return DUCK_NULL;
  pOut->z = pOut->aStack;
  pOut->n = URN_ISBN13_LEN;
  return DUCK_TEXT;
}

/* urn_url(X [,TEMPLATE [,MODE]]) (ext/core/urn_url.h): the URL on the
** stack buffer, or computed again into the heap one when longer; an
** unknown placeholder in TEMPLATE is an error, as in SQLite. */
static int rowUrl(const DuckFunc *pF, int mode, const DuckArg *a, int nArg,
                  DuckOut *pOut){
  const unsigned char *zTpl = nArg>=2 ? a[1].z : 0;
  size_t nTpl = nArg>=2 ? a[1].n : 0, nUrl;
  unsigned char *zOut = pOut->aStack;
  UrnUrlErr err;
  (void)pF;
  nUrl = urnUrl(a[0].z, a[0].n, zTpl, nTpl, mode, DUCK_STRING_MAX,
                (char*)zOut, DUCK_STACK, &err);
  if( nUrl==URN_URL_NULL ){
    if( err.zMsg[0]==0 ) return DUCK_NULL;
    memcpy(pOut->zErr, err.zMsg, sizeof(err.zMsg));
    return DUCK_ERROR;
  }
  if( nUrl>DUCK_STRING_MAX ) return duckTooBig(pOut);
  if( nUrl>DUCK_STACK ){
    zOut = duckReserve(pOut, nUrl);
    if( zOut==0 ) return DUCK_ERROR;
    urnUrl(a[0].z, a[0].n, zTpl, nTpl, mode, DUCK_STRING_MAX, (char*)zOut,
           nUrl, &err);
  }
  pOut->z = zOut;
  pOut->n = nUrl;
  return DUCK_TEXT;
}

/* urn_nbn_complete(X): at most one byte longer than X (urn_url.h). */
static int rowNbnComplete(const DuckFunc *pF, int mode, const DuckArg *a,
                          int nArg, DuckOut *pOut){
  unsigned char *zOut;
  size_t nOut;
  (void)pF; (void)mode; (void)nArg;
  if( a[0].n>=DUCK_STRING_MAX ) return duckTooBig(pOut);
  zOut = duckReserve(pOut, a[0].n+1);
  if( zOut==0 ) return DUCK_ERROR;
  nOut = urnNbnComplete(a[0].z, a[0].n, (char*)zOut, a[0].n+1);
  if( nOut==URN_URL_NULL ) return DUCK_NULL;
  pOut->z = zOut;
  pOut->n = nOut;
  return DUCK_TEXT;
}

/* urn_epc_from_hex(HEX), urn_epc_to_hex(TAG), urn_epc_pure(TAG)
** (ext/core/urn_epc.h): on the stack buffer, or computed again into the
** heap one when longer (a raw URI of a long HEX). */
static int rowEpc(const DuckFunc *pF, int mode, const DuckArg *a, int nArg,
                  DuckOut *pOut){
  unsigned char *zOut = pOut->aStack;
  size_t nAns;
  int pass;
  UrnEpcErr err;
  (void)mode; (void)nArg;
  for(pass=0; pass<2; pass++){
    size_t nRoom = pass ? nAns : DUCK_STACK;
    switch( pF->zName[8] ){
      case 'f': nAns = urnEpcFromHex(a[0].z, a[0].n, (char*)zOut, nRoom, 0);
                break;
      case 't': nAns = urnEpcToHex(a[0].z, a[0].n, pF->zName, (char*)zOut,
                                   nRoom, &err);
                break;
      default:  nAns = urnEpcPure(a[0].z, a[0].n, (char*)zOut, nRoom);
                break;
    }
    if( nAns==URN_EPC_NULL ){
      if( pF->zName[8]!='t' || err.zMsg[0]==0 ) return DUCK_NULL;
      strcpy(pOut->zErr, err.zMsg);
      return DUCK_ERROR;
    }
    if( nAns<=DUCK_STACK ) break;
    if( pass ) break;
    if( nAns>DUCK_STRING_MAX ) return duckTooBig(pOut);
    zOut = duckReserve(pOut, nAns);
    if( zOut==0 ) return DUCK_ERROR;
  }
  pOut->z = zOut;
  pOut->n = nAns;
  return DUCK_TEXT;
}

/* urn_version() and urn_registry_date() */
static int rowVersion(const DuckFunc *pF, int mode, const DuckArg *a,
                      int nArg, DuckOut *pOut){
  const char *z = pF->zName[4]=='v' ? URN_VERSION : urnNsRegistryDate;
  (void)mode; (void)a; (void)nArg;
  pOut->z = (const unsigned char*)z;
  pOut->n = strlen(z);
  return DUCK_TEXT;
}

/* urn_order_version(): the version of the orders that indexes store
** (ext/core/urn_version.h). */
static int rowOrderVersion(const DuckFunc *pF, int mode, const DuckArg *a,
                           int nArg, DuckOut *pOut){
  (void)pF; (void)mode; (void)a; (void)nArg;
  pOut->b = URN_ORDER_VERSION;
  return DUCK_INT;
}

/* urn_extract_all(T [,MODE]): the occurrences urnFindNext() gives, each
** appended to the LIST's child vector; the list entry of the row is set
** by the caller from the child's size before and after. */
static int rowExtractAll(const DuckFunc *pF, int mode, const DuckArg *a,
                         int nArg, DuckOut *pOut){
  UrnFinder finder;
  size_t off, len;
  duckdb_vector child = duckdb_list_vector_get_child(pOut->list);
  idx_t nChild = duckdb_list_vector_get_size(pOut->list);
  (void)pF; (void)nArg;
  urnFindStart(&finder, a[0].z, a[0].n, mode);
  while( urnFindNext(&finder, &off, &len) ){
    if( duckdb_list_vector_reserve(pOut->list, nChild+1)!=DuckDBSuccess ){
      strcpy(pOut->zErr, "out of memory");
      return DUCK_ERROR;
    }
    child = duckdb_list_vector_get_child(pOut->list);
    duckdb_vector_assign_string_element_len(child, nChild,
                                            (const char*)a[0].z+off, len);
    nChild++;
    duckdb_list_vector_set_size(pOut->list, nChild);
  }
  return DUCK_TEXT;
}

/* ---- The results of a chunk ---------------------------------------------

** DuckDB's stable C API stores a string result by copying it into the
** result vector's string storage, one call per row
** (duckdb_vector_assign_string_element_len).  A chunk's results are instead
** gathered in one buffer, which is handed to DuckDB in one call; each row's
** duckdb_string_t (whose layout duckdb.h documents) then points into
** DuckDB's copy, which the vector owns and keeps as long as it lives.  A
** result of at most 12 bytes is written inline, as DuckDB does. */
typedef struct DuckChunk {
  unsigned char *z;       /* the gathered bytes */
  size_t n, nAlloc;
  idx_t iLast;            /* a row whose result is in z */
  int nPending;           /* rows whose result is in z */
} DuckChunk;

/* Until duckChunkFinish(), a gathered result's pointer field holds its
** offset in DuckChunk.z, its bytes copied there. */
typedef char duckOffsetFitsPointer[sizeof(size_t)<=sizeof(char*) ? 1 : -1];
static void duckSetOffset(duckdb_string_t *pStr, size_t off){
  memcpy(&pStr->value.pointer.ptr, &off, sizeof(off));
}
static size_t duckGetOffset(const duckdb_string_t *pStr){
  size_t off;
  memcpy(&off, &pStr->value.pointer.ptr, sizeof(off));
  return off;
}

/* Store result z[0..n) for row i of aStr: inline, or appended to *p with
** its offset in place of the pointer until duckChunkFinish().  0 on
** success, 1 when memory runs out. */
static int duckChunkAdd(DuckChunk *p, duckdb_string_t *aStr, idx_t i,
                        const unsigned char *z, size_t n){
  duckdb_string_t *pStr = &aStr[i];
  if( n<=12 ){
    memset(pStr, 0, sizeof(*pStr));   /* DuckDB compares all 16 bytes */
    pStr->value.inlined.length = (uint32_t)n;
    if( n ) memcpy(pStr->value.inlined.inlined, z, n);
    return 0;
  }
  if( p->n+n>p->nAlloc ){
    size_t nNew = 2*p->nAlloc>p->n+n ? 2*p->nAlloc : p->n+n+65536;
    unsigned char *zNew = realloc(p->z, nNew);
    if( zNew==0 ) return 1;
    p->z = zNew;
    p->nAlloc = nNew;
  }
  memcpy(p->z+p->n, z, n);
  pStr->value.pointer.length = (uint32_t)n;
  memcpy(pStr->value.pointer.prefix, z, 4);
  pStr->value.pointer.ptr = 0;
  duckSetOffset(pStr, p->n);
  p->n += n;
  p->iLast = i;
  p->nPending++;
  return 0;
}

/* Hand the gathered bytes to DuckDB and point rows [0, nRow) whose results
** are in them (valid, longer than 12 bytes) into DuckDB's copy. */
static void duckChunkFinish(DuckChunk *p, duckdb_vector output,
                            duckdb_string_t *aStr, uint64_t *pValid,
                            idx_t nRow){
  duckdb_string_t last;
  char *zBase;
  idx_t i;
  if( p->nPending==0 ) return;
  last = aStr[p->iLast];
  if( p->n>DUCK_STRING_MAX ){
    /* Too much for one string: a call per row. */
    for(i=0; i<nRow; i++){
      duckdb_string_t *pStr = &aStr[i];
      size_t n = pStr->value.pointer.length;
      if( n<=12 || !((pValid[i>>6]>>(i&63)) & 1) ) continue;
      duckdb_vector_assign_string_element_len(output, i,
          (const char*)p->z + duckGetOffset(pStr), n);
    }
    return;
  }
  duckdb_vector_assign_string_element_len(output, p->iLast,
                                          (const char*)p->z, p->n);
  zBase = aStr[p->iLast].value.pointer.ptr;
  aStr[p->iLast] = last;
  for(i=0; i<nRow; i++){
    duckdb_string_t *pStr = &aStr[i];
    if( pStr->value.pointer.length<=12 || !((pValid[i>>6]>>(i&63)) & 1) ){
      continue;
    }
    pStr->value.pointer.ptr = zBase + duckGetOffset(pStr);
  }
}

/* ---- The vector loop ---------------------------------------------------- */

/* A column of the input chunk: its strings and its validity mask (0: no
** NULL in it). */
typedef struct DuckCol {
  duckdb_string_t *a;
  uint64_t *pValid;
} DuckCol;

static int duckIsValid(const DuckCol *p, idx_t i){
  return p->pValid==0 || ((p->pValid[i>>6]>>(i&63)) & 1);
}

/* The mode that row i's MODE argument names, remembered from the row
** before when its bytes are the same (a constant MODE is parsed once per
** chunk).  -1 after writing the error to pOut->zErr. */
typedef struct DuckMode {
  int mode;
  size_t n;
  unsigned char a[16];
} DuckMode;

static int duckMode(const DuckFunc *pF, duckdb_logical_type t,
                    const DuckCol *pCol, idx_t i, DuckMode *pMemo,
                    DuckOut *pOut){
  const unsigned char *z = 0;
  size_t n = 0;
  int eArg, mode = -1;
  if( !duckIsValid(pCol, i) ){
    eArg = URN_MODE_ARG_NULL;
  }else{
    z = urnDuckBytes(&pCol->a[i], &n);
    /* A BLOB names no mode (a mode is text), but its bytes are shown. */
    eArg = duckdb_get_type_id(t)==DUCKDB_TYPE_BLOB ? URN_MODE_ARG_BLOB
                                                   : URN_MODE_ARG_TEXT;
    if( eArg==URN_MODE_ARG_TEXT ){
      if( pMemo->mode>=0 && n==pMemo->n && memcmp(z, pMemo->a, n)==0 ){
        return pMemo->mode;
      }
      mode = urnModeFind(z, n, pF->modes);
      if( mode>=0 && n<=sizeof(pMemo->a) ){
        memcpy(pMemo->a, z, n);
        pMemo->n = n;
        pMemo->mode = mode;
      }
    }
  }
  if( mode<0 ){
    urnModeError(pOut->zErr, sizeof(pOut->zErr), pF->zName, eArg, z, n,
                 pF->modes);
  }
  return mode;
}

/* The scalar callback: every function of aDuckFunc[] is this loop over the
** rows of the chunk around its row function xRow. */
static URN_ALWAYS_INLINE void duckLoop(duckdb_function_info info,
                                       duckdb_data_chunk input,
                                       duckdb_vector output, DuckRowFunc xRow){
  const DuckFunc *pF = duckdb_scalar_function_get_extra_info(info);
  idx_t nRow = duckdb_data_chunk_get_size(input);
  int nCol = (int)duckdb_data_chunk_get_column_count(input);
  int nArg = nCol;
  int iMode = -1;
  DuckCol aCol[URN_BUILD_COUNT+1];
  duckdb_logical_type tMode = 0;
  DuckMode memo;
  DuckOut out;
  DuckArg aArg[URN_BUILD_COUNT+1];
  uint64_t *pOutValid;
  bool *aBool = 0;
  int32_t *aInt = 0;
  duckdb_list_entry *aList = 0;
  duckdb_string_t *aStr = 0;
  DuckChunk chunk;
  idx_t i;
  int c;
  memset(&chunk, 0, sizeof(chunk));
  memset(&memo, 0, sizeof(memo));
  memo.mode = -1;
  out.zHeap = 0;
  out.nHeap = 0;
  out.zErr[0] = 0;
  out.list = output;
  if( nCol>URN_BUILD_COUNT+1 ) nCol = URN_BUILD_COUNT+1;
  for(c=0; c<nCol; c++){
    duckdb_vector v = duckdb_data_chunk_get_vector(input, (idx_t)c);
    aCol[c].a = (duckdb_string_t*)duckdb_vector_get_data(v);
    aCol[c].pValid = duckdb_vector_get_validity(v);
  }
  if( pF->modes && nCol>pF->nData ){
    iMode = pF->nData;
    nArg = iMode;
    tMode = duckdb_vector_get_column_type(
              duckdb_data_chunk_get_vector(input, (idx_t)iMode));
  }
  duckdb_vector_ensure_validity_writable(output);
  pOutValid = duckdb_vector_get_validity(output);
  if( pF->eRet==RET_BOOL ) aBool = (bool*)duckdb_vector_get_data(output);
  if( pF->eRet==RET_INTEGER ){
    aInt = (int32_t*)duckdb_vector_get_data(output);
  }
  if( pF->eRet==RET_VARCHAR || pF->eRet==RET_KEY ){
    aStr = (duckdb_string_t*)duckdb_vector_get_data(output);
  }
  if( pF->eRet==RET_LIST ){
    aList = (duckdb_list_entry*)duckdb_vector_get_data(output);
  }
  for(i=0; i<nRow; i++){
    int mode = URN_MODE_RFC8141, rc = DUCK_NULL, isNull = 0;
    /* MODE first: a bad MODE is an error even where X is NULL, as in
    ** SQLite. */
    if( iMode>=0 ){
      mode = duckMode(pF, tMode, &aCol[iMode], i, &memo, &out);
      if( mode<0 ){
        rc = DUCK_ERROR;
        break;
      }
    }
    for(c=0; c<nArg; c++){
      if( duckIsValid(&aCol[c], i) ){
        aArg[c].z = urnDuckBytes(&aCol[c].a[i], &aArg[c].n);
      }else{
        aArg[c].z = 0;
        aArg[c].n = 0;
        if( c<pF->nStrict ) isNull = 1;
      }
    }
    if( !isNull ){
      idx_t nBefore = aList ? duckdb_list_vector_get_size(output) : 0;
      rc = xRow(pF, mode, aArg, nArg, &out);
      if( aList && rc==DUCK_TEXT ){
        aList[i].offset = nBefore;
        aList[i].length = duckdb_list_vector_get_size(output) - nBefore;
        continue;
      }
    }
    switch( rc ){
      case DUCK_BOOL:
        aBool[i] = out.b!=0;
        break;
      case DUCK_INT:
        aInt[i] = (int32_t)out.b;
        break;
      case DUCK_TEXT:
        if( out.n>DUCK_STRING_MAX ){
          rc = duckTooBig(&out);
        }else if( duckChunkAdd(&chunk, aStr, i, out.z, out.n) ){
          strcpy(out.zErr, "out of memory");
          rc = DUCK_ERROR;
        }
        break;
      case DUCK_ERROR:
        break;
      default:
        duckdb_validity_set_row_invalid(pOutValid, i);
        break;
    }
    if( rc==DUCK_ERROR ) break;
  }
  if( out.zErr[0] ){
    duckdb_scalar_function_set_error(info, out.zErr);
  }else if( aStr ){
    duckChunkFinish(&chunk, output, aStr, pOutValid, nRow);
  }
  if( tMode ) duckdb_destroy_logical_type(&tMode);
  free(out.zHeap);
  free(chunk.z);
}

/* The loop of any row function, called through the row's xRow. */
static void duckScalar(duckdb_function_info info, duckdb_data_chunk input,
                       duckdb_vector output){
  const DuckFunc *pF = duckdb_scalar_function_get_extra_info(info);
  duckLoop(info, input, output, pF->xRow);
}

/* ---- urn_parse: every part in one STRUCT -------------------------------- */

/* The fields of urn_parse's STRUCT, in this order: valid BOOLEAN, then
** VARCHARs, key a BLOB for a BLOB X (as urn_key gives it). */
#define PARSE_NFIELD 8
#define PARSE_VALID  0
#define PARSE_NID    1
#define PARSE_CANON  6
#define PARSE_KEY    7

static duckdb_logical_type duckParseType(duckdb_type eX){
  const char *azField[PARSE_NFIELD] = {
    "valid", "nid", "nss", "r", "q", "f", "canonical", "key"
  };
  duckdb_logical_type aType[PARSE_NFIELD], t;
  int k;
  for(k=0; k<PARSE_NFIELD; k++){
    aType[k] = duckdb_create_logical_type(k==PARSE_VALID ? DUCKDB_TYPE_BOOLEAN
                                          : k==PARSE_KEY ? eX
                                          : DUCKDB_TYPE_VARCHAR);
  }
  t = duckdb_create_struct_type(aType, azField, PARSE_NFIELD);
  for(k=0; k<PARSE_NFIELD; k++) duckdb_destroy_logical_type(&aType[k]);
  return t;
}

/* A string field of the STRUCT: its vector's strings and validity, and the
** chunk's results gathered for it (duckChunkAdd()). */
typedef struct DuckField {
  duckdb_vector v;
  duckdb_string_t *aStr;
  uint64_t *pValid;
  DuckChunk chunk;
} DuckField;

/* Field k of row i: z[0..n), or NULL when z is 0.  0 on success, 1 when
** memory runs out. */
static int duckFieldSet(DuckField *aField, int k, idx_t i,
                        const unsigned char *z, size_t n){
  DuckField *p = &aField[k];
  if( z==0 ){
    duckdb_validity_set_row_invalid(p->pValid, i);
    return 0;
  }
  return duckChunkAdd(&p->chunk, p->aStr, i, z, n);
}

/* The n fields of the STRUCT vector output, each bound to its child
** vector, its strings and its validity (made writable). */
static void duckFieldsOpen(duckdb_vector output, DuckField *aField, int n){
  int k;
  memset(aField, 0, sizeof(DuckField)*(size_t)n);
  for(k=0; k<n; k++){
    DuckField *p = &aField[k];
    p->v = duckdb_struct_vector_get_child(output, (idx_t)k);
    duckdb_vector_ensure_validity_writable(p->v);
    p->pValid = duckdb_vector_get_validity(p->v);
    p->aStr = (duckdb_string_t*)duckdb_vector_get_data(p->v);
  }
}

/* Row i a NULL: the STRUCT's (pOutValid) and each of its n fields. */
static void duckFieldsNull(uint64_t *pOutValid, DuckField *aField, int n,
                           idx_t i){
  int k;
  duckdb_validity_set_row_invalid(pOutValid, i);
  for(k=0; k<n; k++) duckdb_validity_set_row_invalid(aField[k].pValid, i);
}

/* The end of a chunk: unless it failed, the gathered strings of fields
** [from, n) but the field skip (-1: none) handed to DuckDB
** (duckChunkFinish()); every field's buffer freed. */
static void duckFieldsDone(DuckField *aField, int from, int n, int skip,
                           int failed, idx_t nRow){
  int k;
  for(k=from; !failed && k<n; k++){
    if( k!=skip ){
      duckChunkFinish(&aField[k].chunk, aField[k].v, aField[k].aStr,
                      aField[k].pValid, nRow);
    }
  }
  for(k=0; k<n; k++) free(aField[k].chunk.z);
}

/* urn_parse(X [,MODE]): one scan of X (urnFnCheck()) gives valid, whether
** X has the mode's syntax, and the parts; each field is what the function
** of its name gives for the same X and MODE (urn_valid, urn_nid, urn_nss,
** urn_rcomponent, urn_qcomponent, urn_fcomponent, urn_canonical,
** urn_key).  In mode 'ns' the syntax is RFC 8141's, as urn_canonical(X,
** 'ns') reads it.  A NULL X gives NULL: the row, and each field, invalid.
** The loop of duckLoop(), with a vector per field. */
static void duckParseScalar(duckdb_function_info info, duckdb_data_chunk input,
                            duckdb_vector output){
  const DuckFunc *pF = duckdb_scalar_function_get_extra_info(info);
  idx_t nRow = duckdb_data_chunk_get_size(input);
  int nCol = (int)duckdb_data_chunk_get_column_count(input);
  DuckCol aCol[2];
  DuckField aField[PARSE_NFIELD];
  duckdb_logical_type tMode = 0;
  uint64_t *pOutValid;
  bool *aValid;
  DuckMode memo;
  DuckOut out;
  idx_t i;
  int c, k;
  memset(&memo, 0, sizeof(memo));
  memo.mode = -1;
  out.zHeap = 0;
  out.nHeap = 0;
  out.zErr[0] = 0;
  for(c=0; c<nCol && c<2; c++){
    duckdb_vector v = duckdb_data_chunk_get_vector(input, (idx_t)c);
    aCol[c].a = (duckdb_string_t*)duckdb_vector_get_data(v);
    aCol[c].pValid = duckdb_vector_get_validity(v);
  }
  if( nCol>1 ){
    tMode = duckdb_vector_get_column_type(duckdb_data_chunk_get_vector(input,
                                                                      1));
  }
  duckdb_vector_ensure_validity_writable(output);
  pOutValid = duckdb_vector_get_validity(output);
  duckFieldsOpen(output, aField, PARSE_NFIELD);
  aValid = (bool*)duckdb_vector_get_data(aField[PARSE_VALID].v);
  for(i=0; i<nRow; i++){
    UrnParts parts;
    const unsigned char *z, *zKey;
    unsigned char zNid[32];
    size_t n, nKey = 0;
    int mode = URN_MODE_RFC8141, isUrn = 0, oom = 0;
    /* MODE first: a bad MODE is an error even where X is NULL. */
    if( nCol>1 ){
      mode = duckMode(pF, tMode, &aCol[1], i, &memo, &out);
      if( mode<0 ) break;
    }
    if( !duckIsValid(&aCol[0], i) ){
      duckFieldsNull(pOutValid, aField, PARSE_NFIELD, i);
      continue;
    }
    z = urnDuckBytes(&aCol[0].a[i], &n);
    aValid[i] = urnFnCheck(z, n, mode, &parts, &isUrn, 0, 0)!=0;
    if( !isUrn ){
      for(k=PARSE_NID; k<=PARSE_CANON; k++){
        duckdb_validity_set_row_invalid(aField[k].pValid, i);
      }
      /* I3: a non-URN is its own key. */
      oom = duckFieldSet(aField, PARSE_KEY, i, z, n);
    }else{
      /* RFC 8141 §2.1: the NID lower-cased; at most 32 bytes (§2). */
      oom = duckFieldSet(aField, PARSE_NID, i, zNid,
                         urnFnNid(z, &parts, zNid));
      for(k=PARSE_NID+1; !oom && k<PARSE_CANON; k++){
        const UrnSpan *pSpan = urnFnPart(&parts, "nrqf"[k-PARSE_NID-1]);
        oom = duckFieldSet(aField, k, i, pSpan->off ? z+pSpan->off : 0,
                           pSpan->len);
      }
      /* RFC 8141 §3.1: key(X), or key_ns(X) in mode 'ns' (rowKey()). */
      if( mode!=URN_MODE_NS && urnFnKeyIsPrefix(z, &parts) ){
        zKey = z;
        nKey = URN_KEY_LEN(&parts);
      }else{
        unsigned char *zOut = duckReserve(&out, URN_KEY_LEN(&parts));
        if( zOut==0 ) break;
        nKey = urnFnKey(z, &parts, mode, zOut);
        zKey = zOut;
      }
      if( !oom ) oom = duckFieldSet(aField, PARSE_CANON, i, zKey, nKey);
      if( !oom ) oom = duckFieldSet(aField, PARSE_KEY, i, zKey, nKey);
    }
    if( oom ){
      strcpy(out.zErr, "out of memory");
      break;
    }
  }
  if( out.zErr[0] ) duckdb_scalar_function_set_error(info, out.zErr);
  duckFieldsDone(aField, PARSE_NID, PARSE_NFIELD, -1, out.zErr[0]!=0, nRow);
  if( tMode ) duckdb_destroy_logical_type(&tMode);
  free(out.zHeap);
}

/* ---- urn_epc: a decoded tag in one STRUCT -------------------------------- */

/* The fields of urn_epc's STRUCT: the columns of SQLite's urn_epc(HEX),
** filter an INTEGER, the others VARCHAR. */
#define EPC_NFIELD 7
#define EPC_FILTER 3
static duckdb_logical_type duckEpcType(void){
  const char *azField[EPC_NFIELD] = {
    "tag", "pure", "scheme", "filter", "company", "reference", "serial"
  };
  duckdb_logical_type aType[EPC_NFIELD], t;
  int k;
  for(k=0; k<EPC_NFIELD; k++){
    aType[k] = duckdb_create_logical_type(k==EPC_FILTER ? DUCKDB_TYPE_INTEGER
                                                        : DUCKDB_TYPE_VARCHAR);
  }
  t = duckdb_create_struct_type(aType, azField, EPC_NFIELD);
  for(k=0; k<EPC_NFIELD; k++) duckdb_destroy_logical_type(&aType[k]);
  return t;
}

/* urn_epc(HEX): one decoding (urnEpcFromHex() with its UrnEpcParts), each
** field a span of the tag URI, as SQLite's urn_epc gives its columns
** (urn_epc_sql.c); NULL (the row and every field) where SQLite's gives no
** row: a NULL HEX, or one that is not hex. */
static void duckEpcScalar(duckdb_function_info info, duckdb_data_chunk input,
                          duckdb_vector output){
  idx_t nRow = duckdb_data_chunk_get_size(input), i;
  duckdb_vector vIn = duckdb_data_chunk_get_vector(input, 0);
  DuckCol col;
  DuckField aField[EPC_NFIELD];
  uint64_t *pOutValid;
  int32_t *aFilter;
  DuckOut out;
  int k;
  out.zHeap = 0;
  out.nHeap = 0;
  out.zErr[0] = 0;
  col.a = (duckdb_string_t*)duckdb_vector_get_data(vIn);
  col.pValid = duckdb_vector_get_validity(vIn);
  duckdb_vector_ensure_validity_writable(output);
  pOutValid = duckdb_vector_get_validity(output);
  duckFieldsOpen(output, aField, EPC_NFIELD);
  aFilter = (int32_t*)duckdb_vector_get_data(aField[EPC_FILTER].v);
  for(i=0; i<nRow; i++){
    UrnEpcParts pp;
    const unsigned char *z = 0;
    unsigned char *zTag = out.aStack, aPure[URN_EPC_URI_MAX];
    size_t n = 0, nTag;
    int oom;
    if( duckIsValid(&col, i) ){
      z = urnDuckBytes(&col.a[i], &n);
      nTag = urnEpcFromHex(z, n, (char*)zTag, DUCK_STACK, &pp);
    }else{
      nTag = URN_EPC_NULL;
    }
    if( nTag==URN_EPC_NULL ){
      duckFieldsNull(pOutValid, aField, EPC_NFIELD, i);
      continue;
    }
    if( nTag>DUCK_STACK ){
      if( nTag>DUCK_STRING_MAX ){
        duckTooBig(&out);
        break;
      }
      zTag = duckReserve(&out, nTag);
      if( zTag==0 ) break;
      urnEpcFromHex(z, n, (char*)zTag, nTag, &pp);
    }
    oom = duckFieldSet(aField, 0, i, zTag, nTag);
    if( pp.zPure ){
      size_t nPure = urnEpcPureOf((const char*)zTag, nTag, &pp,
                                  (char*)aPure, sizeof(aPure));
      /* A pure identity is shorter than its tag URI: it always fits. */
      if( !oom ) oom = duckFieldSet(aField, 1, i,
                                    nPure<=sizeof(aPure) ? aPure : 0, nPure);
      if( !oom ) oom = duckFieldSet(aField, 4, i, zTag+pp.offBody,
                                    pp.nCompany);
      if( !oom ) oom = duckFieldSet(aField, 5, i,
                                    pp.hasRef ? zTag+pp.offRef : 0, pp.nRef);
      if( !oom ) oom = duckFieldSet(aField, 6, i, zTag+pp.offSerial,
                                    pp.nSerial);
    }else{
      duckdb_validity_set_row_invalid(aField[1].pValid, i);
      for(k=4; k<EPC_NFIELD; k++){
        duckdb_validity_set_row_invalid(aField[k].pValid, i);
      }
    }
    if( !oom ) oom = duckFieldSet(aField, 2, i,
                                  (const unsigned char*)pp.zScheme,
                                  pp.zScheme ? strlen(pp.zScheme) : 0);
    if( pp.iFilter>=0 ) aFilter[i] = pp.iFilter;
    else duckdb_validity_set_row_invalid(aField[EPC_FILTER].pValid, i);
    if( oom ){
      strcpy(out.zErr, "out of memory");
      break;
    }
  }
  if( out.zErr[0] ) duckdb_scalar_function_set_error(info, out.zErr);
  duckFieldsDone(aField, 0, EPC_NFIELD, EPC_FILTER, out.zErr[0]!=0, nRow);
  free(out.zHeap);
}

/* The loop with the row function X inlined into it, for the functions
** that run over whole columns (the benchmark's, docs/duckdb.md "Speed"). */
#define DUCK_SCALAR(X) \
  static void X##Scalar(duckdb_function_info info, duckdb_data_chunk input, \
                        duckdb_vector output){ \
    duckLoop(info, input, output, X); \
  }
DUCK_SCALAR(rowValid)
DUCK_SCALAR(rowKey)
DUCK_SCALAR(rowEpc)

/* The scalar functions.  nMin..nMax counts MODE; nData arguments come
** before it. */
static const DuckFunc aDuckFunc[] = {
  /* zName           nMin nMax nData nStrict modes eRet xRow xScalar */
  { "urn_valid",        1, 2, 1, 1, URN_MODES_ALL,    RET_BOOL,    rowValid,
    rowValidScalar },
  { "urn_error",        1, 2, 1, 1, URN_MODES_ALL,    RET_VARCHAR, rowError, 0 },
  { "urn_nid",          1, 2, 1, 1, URN_MODES_SYNTAX, RET_VARCHAR, rowNid, 0 },
  { "urn_nss",          1, 2, 1, 1, URN_MODES_SYNTAX, RET_VARCHAR, rowPart, 0 },
  { "urn_rcomponent",   1, 2, 1, 1, URN_MODES_SYNTAX, RET_VARCHAR, rowPart, 0 },
  { "urn_qcomponent",   1, 2, 1, 1, URN_MODES_SYNTAX, RET_VARCHAR, rowPart, 0 },
  { "urn_fcomponent",   1, 2, 1, 1, URN_MODES_SYNTAX, RET_VARCHAR, rowPart, 0 },
  { "urn_canonical",    1, 2, 1, 1, URN_MODES_ALL,    RET_VARCHAR, rowKey,
    rowKeyScalar },
  { "urn_key",          1, 2, 1, 1, URN_MODES_ALL,    RET_KEY,     rowKey,
    rowKeyScalar },
  { "urn_normalize",    1, 2, 1, 1, URN_MODES_SYNTAX, RET_VARCHAR, rowNormalize,
    0 },
  { "urn_equal",        2, 3, 2, 2, URN_MODES_ALL,    RET_BOOL,    rowEqual, 0 },
  { "urn_encode",       1, 1, 1, 1, 0,                RET_VARCHAR, rowEncode, 0 },
  { "urn_decode",       1, 1, 1, 1, 0,                RET_VARCHAR, rowDecode, 0 },
  { "urn_build",        2, 5, 5, 2, 0,                RET_VARCHAR, rowBuild, 0 },
  { "urn_json",         1, 2, 1, 1, URN_MODES_ALL,    RET_VARCHAR, rowJson, 0 },
  { "urn_isbn13",       1, 1, 1, 1, 0,                RET_VARCHAR, rowIsbn13, 0 },
  { "urn_version",      0, 0, 0, 0, 0,                RET_VARCHAR, rowVersion, 0 },
  { "urn_order_version", 0, 0, 0, 0, 0,               RET_INTEGER, rowOrderVersion,
    0 },
  { "urn_registry_date",0, 0, 0, 0, 0,                RET_VARCHAR, rowVersion, 0 },
  { "urn_url",          1, 3, 2, 2, URN_MODES_ALL,    RET_VARCHAR, rowUrl, 0 },
  { "urn_nbn_complete", 1, 1, 1, 1, 0,                RET_VARCHAR, rowNbnComplete,
    0 },
  { "urn_epc_from_hex", 1, 1, 1, 1, 0,                RET_VARCHAR, rowEpc,
    rowEpcScalar },
  { "urn_epc_to_hex",   1, 1, 1, 1, 0,                RET_VARCHAR, rowEpc, 0 },
  { "urn_epc_pure",     1, 1, 1, 1, 0,                RET_VARCHAR, rowEpc, 0 },
  { "urn_epc",          1, 1, 1, 1, 0,                RET_EPC,     0,
    duckEpcScalar },
  { "urn_extract_all",  1, 2, 1, 1, URN_MODES_ALL,    RET_LIST,
    rowExtractAll, 0 },
  { "urn_parse",        1, 2, 1, 1, URN_MODES_ALL,    RET_STRUCT,  0,
    duckParseScalar },
};


/* ---- urn_from_url(U [,GCP_LENGTH]) ---------------------------------------

** Its own loop, since GCP_LENGTH is a number (BIGINT), where the loop above
** reads strings: the same result vector, gathered the same way. */

/* The message of a GCP_LENGTH outside 6..12, the same as SQLite's. */
#define URN_GCP_ERROR \
  "urn_from_url(): GCP_LENGTH must be an integer from 6 to 12 (the length " \
  "of the GS1 company prefix), or NULL"

static void duckFromUrl(duckdb_function_info info, duckdb_data_chunk input,
                        duckdb_vector output){
  idx_t nRow = duckdb_data_chunk_get_size(input), i;
  int nCol = (int)duckdb_data_chunk_get_column_count(input);
  duckdb_vector vU = duckdb_data_chunk_get_vector(input, 0);
  DuckCol colU;
  int64_t *aGcp = 0;
  uint64_t *pGcpValid = 0, *pOutValid;
  duckdb_string_t *aStr;
  DuckChunk chunk;
  DuckOut out;
  memset(&chunk, 0, sizeof(chunk));
  out.zHeap = 0;
  out.nHeap = 0;
  out.zErr[0] = 0;
  colU.a = (duckdb_string_t*)duckdb_vector_get_data(vU);
  colU.pValid = duckdb_vector_get_validity(vU);
  if( nCol>=2 ){
    duckdb_vector vG = duckdb_data_chunk_get_vector(input, 1);
    aGcp = (int64_t*)duckdb_vector_get_data(vG);
    pGcpValid = duckdb_vector_get_validity(vG);
  }
  duckdb_vector_ensure_validity_writable(output);
  pOutValid = duckdb_vector_get_validity(output);
  aStr = (duckdb_string_t*)duckdb_vector_get_data(output);
  for(i=0; i<nRow; i++){
    const unsigned char *z;
    unsigned char *zOut = out.aStack;
    size_t n, nUrn;
    int nGcp = 0;
    /* GCP_LENGTH first: a bad one fails on a NULL U too, as in SQLite. */
    if( aGcp && (pGcpValid==0 || ((pGcpValid[i>>6]>>(i&63)) & 1)) ){
      if( aGcp[i]<URN_LINK_GCP_MIN || aGcp[i]>URN_LINK_GCP_MAX ){
        strcpy(out.zErr, URN_GCP_ERROR);
        break;
      }
      nGcp = (int)aGcp[i];
    }
    if( !duckIsValid(&colU, i) ){
      duckdb_validity_set_row_invalid(pOutValid, i);
      continue;
    }
    z = urnDuckBytes(&colU.a[i], &n);
    nUrn = urnFromUrl(z, n, nGcp, (char*)zOut, DUCK_STACK);
    if( nUrn==URN_URL_NULL ){
      duckdb_validity_set_row_invalid(pOutValid, i);
      continue;
    }
    if( nUrn>DUCK_STRING_MAX ){
      duckTooBig(&out);
      break;
    }
    if( nUrn>DUCK_STACK ){
      zOut = duckReserve(&out, nUrn);
      if( zOut==0 ) break;
      urnFromUrl(z, n, nGcp, (char*)zOut, nUrn);
    }
    if( duckChunkAdd(&chunk, aStr, i, zOut, nUrn) ){
      strcpy(out.zErr, "out of memory");
      break;
    }
  }
  if( out.zErr[0] ){
    duckdb_scalar_function_set_error(info, out.zErr);
  }else{
    duckChunkFinish(&chunk, output, aStr, pOutValid, nRow);
  }
  free(out.zHeap);
  free(chunk.z);
}

/* Register the function zName, computed by xFunc, with the overloads of
** each signature of azSig (0-terminated): a letter per argument, 'S' a
** VARCHAR or a BLOB (every combination), 'I' a BIGINT; a VARCHAR result.
** For the functions with a number among their arguments (urn_from_url,
** urn_epc_tag), which have loops of their own.  0 on success. */
static int duckRegisterSigs(duckdb_connection con, const char *zName,
                            duckdb_scalar_function_t xFunc,
                            const char *const *azSig){
  duckdb_scalar_function_set set = duckdb_create_scalar_function_set(zName);
  int rc = 0;
  for(; rc==0 && *azSig; azSig++){
    const char *zSig = *azSig;
    unsigned nS = 0, m, k;
    for(k=0; zSig[k]; k++) nS += zSig[k]=='S';
    for(m=0; rc==0 && m<(1u<<nS); m++){
      duckdb_scalar_function f = duckdb_create_scalar_function();
      duckdb_logical_type t;
      unsigned iS = 0;
      duckdb_scalar_function_set_name(f, zName);
      for(k=0; zSig[k]; k++){
        duckdb_type e = DUCKDB_TYPE_BIGINT;
        if( zSig[k]=='S' ){
          e = (m>>iS)&1 ? DUCKDB_TYPE_BLOB : DUCKDB_TYPE_VARCHAR;
          iS++;
        }
        t = duckdb_create_logical_type(e);
        duckdb_scalar_function_add_parameter(f, t);
        duckdb_destroy_logical_type(&t);
      }
      t = duckdb_create_logical_type(DUCKDB_TYPE_VARCHAR);
      duckdb_scalar_function_set_return_type(f, t);
      duckdb_destroy_logical_type(&t);
      duckdb_scalar_function_set_special_handling(f);
      duckdb_scalar_function_set_function(f, xFunc);
      rc = duckdb_add_scalar_function_to_set(set, f)==DuckDBSuccess ? 0 : 1;
      duckdb_destroy_scalar_function(&f);
    }
  }
  if( rc==0 && duckdb_register_scalar_function_set(con, set)!=DuckDBSuccess ){
    rc = 1;
  }
  duckdb_destroy_scalar_function_set(&set);
  return rc;
}


/* ---- urn_epc_tag(PURE, SCHEME, FILTER) ----------------------------------

** Its own loop, as urn_from_url's: FILTER is a BIGINT.  NULL for any NULL
** argument; the core checks SCHEME, then FILTER, then PURE, with SQLite's
** messages.  A tag URI fits the stack buffer (URN_EPC_URI_MAX). */
static void duckEpcTag(duckdb_function_info info, duckdb_data_chunk input,
                       duckdb_vector output){
  idx_t nRow = duckdb_data_chunk_get_size(input), i;
  DuckCol aCol[2];
  int64_t *aFilter;
  uint64_t *pFilterValid, *pOutValid;
  duckdb_string_t *aStr;
  duckdb_vector vF = duckdb_data_chunk_get_vector(input, 2);
  DuckChunk chunk;
  char zErr[URN_EPC_ERROR_MAX];
  int c;
  memset(&chunk, 0, sizeof(chunk));
  zErr[0] = 0;
  for(c=0; c<2; c++){
    duckdb_vector v = duckdb_data_chunk_get_vector(input, (idx_t)c);
    aCol[c].a = (duckdb_string_t*)duckdb_vector_get_data(v);
    aCol[c].pValid = duckdb_vector_get_validity(v);
  }
  aFilter = (int64_t*)duckdb_vector_get_data(vF);
  pFilterValid = duckdb_vector_get_validity(vF);
  duckdb_vector_ensure_validity_writable(output);
  pOutValid = duckdb_vector_get_validity(output);
  aStr = (duckdb_string_t*)duckdb_vector_get_data(output);
  for(i=0; i<nRow; i++){
    const unsigned char *z, *zScheme;
    size_t n, nScheme, nTag;
    char aTag[URN_EPC_URI_MAX];
    UrnEpcErr err;
    if( !duckIsValid(&aCol[0], i) || !duckIsValid(&aCol[1], i)
     || (pFilterValid && !((pFilterValid[i>>6]>>(i&63)) & 1)) ){
      duckdb_validity_set_row_invalid(pOutValid, i);
      continue;
    }
    z = urnDuckBytes(&aCol[0].a[i], &n);
    zScheme = urnDuckBytes(&aCol[1].a[i], &nScheme);
    nTag = urnEpcTag(z, n, zScheme, nScheme, (long long)aFilter[i],
                     "urn_epc_tag", aTag, sizeof(aTag), &err);
    if( nTag==URN_EPC_NULL ){
      if( err.zMsg[0] ){
        strcpy(zErr, err.zMsg);
        break;
      }
      duckdb_validity_set_row_invalid(pOutValid, i);
      continue;
    }
    if( duckChunkAdd(&chunk, aStr, i, (const unsigned char*)aTag, nTag) ){
      strcpy(zErr, "out of memory");
      break;
    }
  }
  if( zErr[0] ){
    duckdb_scalar_function_set_error(info, zErr);
  }else{
    duckChunkFinish(&chunk, output, aStr, pOutValid, nRow);
  }
  free(chunk.z);
}


/* ---- Registration ------------------------------------------------------- */

/* The logical type of a result: eRet, and for RET_KEY the type of X. */
static duckdb_logical_type duckRetType(int eRet, duckdb_type eX){
  duckdb_logical_type t, tChild;
  switch( eRet ){
    case RET_BOOL: return duckdb_create_logical_type(DUCKDB_TYPE_BOOLEAN);
    case RET_INTEGER: return duckdb_create_logical_type(DUCKDB_TYPE_INTEGER);
    case RET_KEY:  return duckdb_create_logical_type(eX);
    case RET_STRUCT: return duckParseType(eX);
    case RET_EPC:  return duckEpcType();
    case RET_LIST:
      tChild = duckdb_create_logical_type(DUCKDB_TYPE_VARCHAR);
      t = duckdb_create_list_type(tChild);
      duckdb_destroy_logical_type(&tChild);
      return t;
    default:       return duckdb_create_logical_type(DUCKDB_TYPE_VARCHAR);
  }
}

/* Add to set the overload of pF with nArg arguments whose argument k is a
** BLOB where bit k of mBlob is set, else VARCHAR.  0 on success. */
static int duckAddOverload(duckdb_scalar_function_set set, const DuckFunc *pF,
                           int nArg, unsigned mBlob){
  duckdb_scalar_function f = duckdb_create_scalar_function();
  duckdb_logical_type tRet;
  int k, rc;
  duckdb_scalar_function_set_name(f, pF->zName);
  for(k=0; k<nArg; k++){
    duckdb_logical_type t = duckdb_create_logical_type(
        (mBlob>>k)&1 ? DUCKDB_TYPE_BLOB : DUCKDB_TYPE_VARCHAR);
    duckdb_scalar_function_add_parameter(f, t);
    duckdb_destroy_logical_type(&t);
  }
  tRet = duckRetType(pF->eRet, mBlob&1 ? DUCKDB_TYPE_BLOB : DUCKDB_TYPE_VARCHAR);
  duckdb_scalar_function_set_return_type(f, tRet);
  duckdb_destroy_logical_type(&tRet);
  /* NULLs reach the function, which applies SQLite's rules (a bad MODE is
  ** an error even with a NULL X; urn_build's NULL R, Q, F are absent). */
  duckdb_scalar_function_set_special_handling(f);
  duckdb_scalar_function_set_extra_info(f, (void*)pF, 0);
  duckdb_scalar_function_set_function(f, pF->xScalar ? pF->xScalar
                                                    : duckScalar);
  rc = duckdb_add_scalar_function_to_set(set, f)==DuckDBSuccess ? 0 : 1;
  duckdb_destroy_scalar_function(&f);
  return rc;
}

/* Register every row of aDuckFunc[] as one function set: each argument
** count, and each argument VARCHAR or BLOB. */
static int duckRegisterScalars(duckdb_connection con){
  int i, rc = 0;
  for(i=0; rc==0 && i<(int)(sizeof(aDuckFunc)/sizeof(aDuckFunc[0])); i++){
    const DuckFunc *pF = &aDuckFunc[i];
    duckdb_scalar_function_set set = duckdb_create_scalar_function_set(pF->zName);
    int nArg;
    for(nArg=pF->nMin; rc==0 && nArg<=pF->nMax; nArg++){
      unsigned m;
      for(m=0; rc==0 && m<(1u<<nArg); m++){
        rc = duckAddOverload(set, pF, nArg, m);
      }
    }
    if( rc==0 && duckdb_register_scalar_function_set(con, set)!=DuckDBSuccess ){
      rc = 1;
    }
    duckdb_destroy_scalar_function_set(&set);
  }
  return rc;
}

/* The entry point, urn_init_c_api: DuckDB hands it a connection. */
DUCKDB_EXTENSION_ENTRYPOINT(duckdb_connection con, duckdb_extension_info info,
                            struct duckdb_extension_access *access){
  /* urn_from_url(U [,GCP_LENGTH]), urn_epc_tag(PURE, SCHEME, FILTER) */
  static const char *const azFromUrl[] = { "S", "SI", 0 };
  static const char *const azEpcTag[] = { "SSI", 0 };
  if( duckRegisterScalars(con)
   || duckRegisterSigs(con, "urn_from_url", duckFromUrl, azFromUrl)
   || duckRegisterSigs(con, "urn_epc_tag", duckEpcTag, azEpcTag)
   || urnDuckRegisterTables(con) ){
    access->set_error(info, "urn: registering the functions failed");
    return false;
  }
  return true;
}
