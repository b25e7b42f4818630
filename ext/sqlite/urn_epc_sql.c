/*
** urn_epc_sql.c -- sqlite-urn, the SQLite glue of urn_epc.h (layer 3):
** RFID tags' EPC memory bank (hex) to EPC tag URIs and back, after the GS1
** EPC Tag Data Standard 2.1 (TDS) §14 and §15.  Registered by
** urnRegisterEpc() from urn.c.
**
**   urn_epc_from_hex(HEX) the EPC tag URI (TDS §12.3) of the bits of an EPC
**                         memory bank after its PC word, as RFID readers
**                         report them (upper or lower case, padded to a
**                         16-bit word; longer input whose extra bits are
**                         zero decodes too).  Every binary scheme of TDS
**                         Table 14-1: sgtin-96, sgtin-198, sscc-96,
**                         sgln-96, sgln-195, grai-96, grai-170, giai-96,
**                         giai-202, gsrn-96, gsrnp-96, gdti-96, gdti-113,
**                         gdti-174, sgcn-96, itip-110, itip-212, cpi-96,
**                         cpi-var, gid-96, usdod-96, adi-var.  What does
**                         not decode (an unknown header, a '+' or '++'
**                         scheme, partition 7, a value out of range, a
**                         character outside its set, too few bits, extra
**                         bits that are not zero) gives the raw URI of
**                         §15.2.2, 'urn:epc:raw:' bits '.x' HEX.  NULL for
**                         NULL, '', an odd number of digits, or anything
**                         but hex digits.
**                           urn_epc_from_hex('3074257BF7194E4000001A85')
**                             -> 'urn:epc:tag:sgtin-96:3.0614141.812345.6789'
**   urn_epc_to_hex(TAG)   the hex of the tag URI TAG (upper case, padded
**                         to a 16-bit word), or of a raw URI's bits.
**                         NULL when TAG is no tag URI of a scheme above;
**                         an error naming the field and its limit when a
**                         field is one the scheme cannot hold (a serial
**                         with a leading zero or above 2^38-1 in sgtin-96,
**                         a character outside the 82, an unescaped '/', a
**                         filter out of range, a company prefix outside 6
**                         to 12 digits, a wrong digit total).
**   urn_epc_tag(PURE, SCHEME, FILTER)
**                         the tag URI of the pure identity PURE
**                         ('urn:epc:id:sgtin:...') in the binary scheme
**                         SCHEME ('sgtin-96') with the filter value
**                         FILTER (0-7; 0-15 for usdod-96, 0-63 for adi-var,
**                         0 for gid-96), checked as urn_epc_to_hex checks
**                         it: urn_epc_to_hex(urn_epc_tag(...)) is the hex.
**                         NULL when an argument is NULL or PURE is no EPC
**                         pure identity URI; an error for an unknown
**                         SCHEME, a FILTER out of range, a PURE of another
**                         scheme, or a field SCHEME cannot hold.
**   urn_epc_pure(TAG)     the pure identity URI of the tag URI TAG (§12.3:
**                         the filter dropped), which urn_url links; NULL
**                         for anything else, raw URIs included.
**
** The table-valued function urn_epc (an eponymous virtual table, read
** only): what urn_epc_from_hex(HEX) decodes, as one row, none for a HEX
** that gives NULL:
**   SELECT * FROM urn_epc(HEX);
** with the columns tag (urn_epc_from_hex(HEX)), pure (urn_epc_pure(tag)),
** scheme ('sgtin-96'; a raw URI's '+' scheme, 'sgtin+'; else NULL), filter
** (an integer; NULL for a raw URI and gid-96), company (the GS1 Company
** Prefix, a GID's general manager number, a CAGE or DoDAAC code), serial
** (the last field) and reference (what stands between them: item
** reference, location reference, ...; NULL where the scheme has none).
**
** Arguments are read as everywhere (a BLOB as its bytes, numbers as their
** text; FILTER an integer).  Each result is one allocation; one longer
** than SQLITE_LIMIT_LENGTH is the error "string or blob too big".
*/
#include <string.h>
#include "urn_glue.h"
SQLITE_EXTENSION_INIT3
#include "../core/urn_epc.h"

/* Answers up to this long are computed on the stack, then copied once
** into the memory SQLite keeps. */
#define URN_EPC_STACK 512

/* Hand z[0..n) (printable ASCII, urn_epc.h) to SQLite, copied; or raise
** "string or blob too big". */
static void epcResult(sqlite3_context *ctx, const char *z, size_t n){
  if( n>(size_t)sqlite3_limit(sqlite3_context_db_handle(ctx),
                              SQLITE_LIMIT_LENGTH, -1) ){
    sqlite3_result_error_toobig(ctx);
    return;
  }
  sqlite3_result_text64(ctx, z, n, SQLITE_TRANSIENT, SQLITE_UTF8);
}

/* The answer of x(z, n, buffer) for an answer of nAns bytes that did not
** fit the stack buffer: one allocation, a second call, handed over. */
static void epcResultLong(sqlite3_context *ctx, size_t nAns,
                          size_t (*x)(const unsigned char*, size_t, char*,
                                      size_t),
                          const unsigned char *z, size_t n){
  char *zOut;
  if( nAns>(size_t)sqlite3_limit(sqlite3_context_db_handle(ctx),
                                 SQLITE_LIMIT_LENGTH, -1) ){
    sqlite3_result_error_toobig(ctx);
    return;
  }
  zOut = sqlite3_malloc64(nAns+1);
  if( zOut==0 ){
    sqlite3_result_error_nomem(ctx);
    return;
  }
  x(z, n, zOut, nAns);
  zOut[nAns] = 0;
  sqlite3_result_text64(ctx, zOut, nAns, sqlite3_free, SQLITE_UTF8);
}

static size_t fromHex(const unsigned char *z, size_t n, char *zOut,
                      size_t nOut){
  return urnEpcFromHex(z, n, zOut, nOut, 0);
}

/* urn_epc_from_hex(HEX) */
static void epcFromHexFunc(sqlite3_context *ctx, int argc,
                           sqlite3_value **argv){
  const unsigned char *z;
  size_t n, nAns;
  char aBuf[URN_EPC_STACK];
  (void)argc;
  if( urnArgText(ctx, argv[0], &z, &n)<=0 ) return;
  nAns = urnEpcFromHex(z, n, aBuf, sizeof(aBuf), 0);
  if( nAns==URN_EPC_NULL ) return;
  if( nAns<=sizeof(aBuf) ) epcResult(ctx, aBuf, nAns);
  else epcResultLong(ctx, nAns, fromHex, z, n);
}

static size_t toHex(const unsigned char *z, size_t n, char *zOut,
                    size_t nOut){
  UrnEpcErr err;
  return urnEpcToHex(z, n, "urn_epc_to_hex", zOut, nOut, &err);
}

/* urn_epc_to_hex(TAG) */
static void epcToHexFunc(sqlite3_context *ctx, int argc,
                         sqlite3_value **argv){
  const unsigned char *z;
  size_t n, nAns;
  char aBuf[URN_EPC_STACK];
  UrnEpcErr err;
  (void)argc;
  if( urnArgText(ctx, argv[0], &z, &n)<=0 ) return;
  nAns = urnEpcToHex(z, n, "urn_epc_to_hex", aBuf, sizeof(aBuf), &err);
  if( nAns==URN_EPC_NULL ){
    if( err.zMsg[0] ) sqlite3_result_error(ctx, err.zMsg, -1);
    return;
  }
  if( nAns<=sizeof(aBuf) ) epcResult(ctx, aBuf, nAns);
  else epcResultLong(ctx, nAns, toHex, z, n);
}

/* urn_epc_tag(PURE, SCHEME, FILTER): NULL for any NULL argument; a FILTER
** that is no integer is out of every scheme's range (-1). */
static void epcTagFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  const unsigned char *z, *zScheme;
  size_t n, nScheme, nAns;
  char aBuf[URN_EPC_URI_MAX];
  sqlite3_int64 iFilter = -1;
  UrnEpcErr err;
  (void)argc;
  if( sqlite3_value_type(argv[2])==SQLITE_NULL ) return;
  if( urnArgText(ctx, argv[1], &zScheme, &nScheme)<=0 ) return;
  if( urnArgText(ctx, argv[0], &z, &n)<=0 ) return;
  if( sqlite3_value_numeric_type(argv[2])==SQLITE_INTEGER ){
    iFilter = sqlite3_value_int64(argv[2]);
  }
  nAns = urnEpcTag(z, n, zScheme, nScheme, iFilter, "urn_epc_tag", aBuf,
                   sizeof(aBuf), &err);
  if( nAns==URN_EPC_NULL ){
    if( err.zMsg[0] ) sqlite3_result_error(ctx, err.zMsg, -1);
    return;
  }
  epcResult(ctx, aBuf, nAns);           /* a tag URI: URN_EPC_URI_MAX */
}

/* urn_epc_pure(TAG): never longer than TAG's decoding. */
static void epcPureFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  const unsigned char *z;
  size_t n, nAns;
  char aBuf[URN_EPC_URI_MAX];
  (void)argc;
  if( urnArgText(ctx, argv[0], &z, &n)<=0 ) return;
  nAns = urnEpcPure(z, n, aBuf, sizeof(aBuf));
  if( nAns!=URN_EPC_NULL ) epcResult(ctx, aBuf, nAns);
}

/* ---- The table-valued function urn_epc ------------------------------- */

#define EPC_TAG       0
#define EPC_PURE      1
#define EPC_SCHEME    2
#define EPC_FILTER    3
#define EPC_COMPANY   4
#define EPC_REFERENCE 5
#define EPC_SERIAL    6
#define EPC_INPUT     7

/* A cursor: the one row of one xFilter call, the tag URI in zTag (the
** stack size of the functions above, or allocated for a long raw URI). */
typedef struct EpcCursor {
  sqlite3_vtab_cursor base;
  int eof;
  sqlite3_value *pInput;   /* HEX as given */
  UrnEpcParts parts;
  char *zTag;
  size_t nTag;
  char aTag[URN_EPC_STACK];
} EpcCursor;

static int epcConnect(sqlite3 *db, void *pAux, int argc,
                      const char *const *argv, sqlite3_vtab **ppVtab,
                      char **pzErr){
  (void)pAux; (void)argc; (void)argv; (void)pzErr;
  return urnVtabConnect(db,
      "CREATE TABLE x(tag TEXT, pure TEXT, scheme TEXT, filter INTEGER,"
      " company TEXT, reference TEXT, serial TEXT, input HIDDEN)", ppVtab);
}

static int epcBestIndex(sqlite3_vtab *pVtab, sqlite3_index_info *pInfo){
  return urnVtabArgsBestIndex(pVtab, pInfo, EPC_INPUT, 1,
                              "urn_epc(HEX): HEX is missing");
}

static int epcOpen(sqlite3_vtab *pVtab, sqlite3_vtab_cursor **ppCursor){
  int rc = urnVtabOpen(sizeof(EpcCursor), ppCursor);
  (void)pVtab;
  if( rc==SQLITE_OK ) ((EpcCursor*)*ppCursor)->eof = 1;
  return rc;
}

/* Forget the row: its input and a tag URI allocated for it. */
static void epcReset(EpcCursor *pCur){
  sqlite3_value_free(pCur->pInput);
  pCur->pInput = 0;
  if( pCur->zTag!=pCur->aTag ) sqlite3_free(pCur->zTag);
  pCur->zTag = 0;
  pCur->eof = 1;
}

static int epcClose(sqlite3_vtab_cursor *pCursor){
  epcReset((EpcCursor*)pCursor);
  sqlite3_free(pCursor);
  return SQLITE_OK;
}

static int epcNext(sqlite3_vtab_cursor *pCursor){
  ((EpcCursor*)pCursor)->eof = 1;
  return SQLITE_OK;
}

/* Decode HEX once, into the cursor. */
static int epcFilter(sqlite3_vtab_cursor *pCursor, int idxNum,
                     const char *idxStr, int argc, sqlite3_value **argv){
  EpcCursor *pCur = (EpcCursor*)pCursor;
  const unsigned char *z;
  size_t n;
  int eType;
  (void)idxNum; (void)idxStr;
  epcReset(pCur);
  if( argc<1 ) return SQLITE_OK;
  eType = sqlite3_value_type(argv[0]);
  if( eType==SQLITE_NULL ) return SQLITE_OK;             /* no row */
  z = eType==SQLITE_BLOB ? sqlite3_value_blob(argv[0])
                         : sqlite3_value_text(argv[0]);
  n = (size_t)sqlite3_value_bytes(argv[0]);
  if( z==0 ){
    if( n>0 || (eType!=SQLITE_BLOB && eType!=SQLITE_TEXT) ){
      return SQLITE_NOMEM;
    }
    z = (const unsigned char*)"";
  }
  pCur->nTag = urnEpcFromHex(z, n, pCur->aTag, sizeof(pCur->aTag),
                             &pCur->parts);
  if( pCur->nTag==URN_EPC_NULL ) return SQLITE_OK;       /* no row */
  pCur->zTag = pCur->aTag;
  if( pCur->nTag>sizeof(pCur->aTag) ){
    pCur->zTag = sqlite3_malloc64(pCur->nTag);
    if( pCur->zTag==0 ) return SQLITE_NOMEM;
    urnEpcFromHex(z, n, pCur->zTag, pCur->nTag, &pCur->parts);
  }
  pCur->pInput = sqlite3_value_dup(argv[0]);
  if( pCur->pInput==0 ) return SQLITE_NOMEM;
  pCur->eof = 0;
  return SQLITE_OK;
}

static int epcEof(sqlite3_vtab_cursor *pCursor){
  return ((EpcCursor*)pCursor)->eof;
}

static void epcSpan(sqlite3_context *ctx, const char *z, size_t n){
  sqlite3_result_text64(ctx, z, n, SQLITE_TRANSIENT, SQLITE_UTF8);
}

static int epcColumn(sqlite3_vtab_cursor *pCursor, sqlite3_context *ctx,
                     int iCol){
  EpcCursor *pCur = (EpcCursor*)pCursor;
  const UrnEpcParts *p = &pCur->parts;
  switch( iCol ){
    case EPC_TAG:
      epcResult(ctx, pCur->zTag, pCur->nTag);
      break;
    case EPC_PURE:
      if( p->zPure ){
        char aBuf[URN_EPC_URI_MAX];
        size_t nPure = urnEpcPureOf(pCur->zTag, pCur->nTag, p, aBuf,
                                    sizeof(aBuf));
        if( nPure<=sizeof(aBuf) ) epcSpan(ctx, aBuf, nPure);
      }
      break;
    case EPC_SCHEME:
      if( p->zScheme ) sqlite3_result_text(ctx, p->zScheme, -1, SQLITE_STATIC);
      break;
    case EPC_FILTER:
      if( p->iFilter>=0 ) sqlite3_result_int(ctx, p->iFilter);
      break;
    case EPC_COMPANY:
      if( p->zPure ) epcSpan(ctx, pCur->zTag+p->offBody, p->nCompany);
      break;
    case EPC_REFERENCE:
      if( p->zPure && p->hasRef ) epcSpan(ctx, pCur->zTag+p->offRef, p->nRef);
      break;
    case EPC_SERIAL:
      if( p->zPure ) epcSpan(ctx, pCur->zTag+p->offSerial, p->nSerial);
      break;
    default:
      sqlite3_result_value(ctx, pCur->pInput);
      break;
  }
  return SQLITE_OK;
}

static int epcRowid(sqlite3_vtab_cursor *pCursor, sqlite_int64 *pRowid){
  (void)pCursor;
  *pRowid = 1;
  return SQLITE_OK;
}

/* Eponymous-only (no xCreate) and read-only (no xUpdate). */
static const sqlite3_module epcModule = {
  .iVersion    = 0,
  .xCreate     = 0,
  .xConnect    = epcConnect,
  .xBestIndex  = epcBestIndex,
  .xDisconnect = urnVtabDisconnect,
  .xDestroy    = 0,
  .xOpen       = epcOpen,
  .xClose      = epcClose,
  .xFilter     = epcFilter,
  .xNext       = epcNext,
  .xEof        = epcEof,
  .xColumn     = epcColumn,
  .xRowid      = epcRowid,
};

/* ---- Registration ------------------------------------------------------ */

static const UrnFunc aEpcFunc[] = {
  { "urn_epc_from_hex", 1, epcFromHexFunc, 0 },
  { "urn_epc_to_hex",   1, epcToHexFunc,   0 },
  { "urn_epc_tag",      3, epcTagFunc,     0 },
  { "urn_epc_pure",     1, epcPureFunc,    0 },
};

int urnRegisterEpc(sqlite3 *db){
  int rc = urnRegisterTable(db, aEpcFunc,
                            (int)(sizeof(aEpcFunc)/sizeof(aEpcFunc[0])));
  if( rc==SQLITE_OK ){
    rc = sqlite3_create_module(db, "urn_epc", &epcModule, 0);
  }
  return rc;
}
