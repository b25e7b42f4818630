/*
** urn.c -- sqlite-urn, the SQLite glue (layer 3).
**
** Uniform Resource Names (RFC 8141) as first-class values in SQL.  Load it
** with ".load ./urn" in the sqlite3 shell or sqlite3_load_extension(); the
** entry point is sqlite3_urn_init.  Every function below is registered
** SQLITE_UTF8|SQLITE_DETERMINISTIC|SQLITE_INNOCUOUS (urn_equal also for
** SQLITE_UTF16LE and SQLITE_UTF16BE), so it may be used in indexes,
** generated columns, CHECK constraints, views and triggers, also with
** PRAGMA trusted_schema=OFF.
**
** MODE is an optional last argument: 'rfc8141' (the default: RFC 8141 §2)
** or 'rfc2141' (the legacy syntax of RFC 2141 §2: no components, NID "urn"
** reserved, "/", "?", "#" and %00 rejected); urn_valid, urn_error,
** urn_canonical, urn_key, urn_equal, urn_json, urn_parse, urn_find and
** urn_url (with a template) also take 'ns':
** RFC 8141 plus the namespace rules of urn_ns_sql.c (registered NID, check
** digits, key_ns).
** Any other mode, NULL included, is an SQL error that names the accepted
** ones.
**
**   urn_valid(X [,MODE])      1 if X is a URN, else 0.
**   urn_error(X [,MODE])      NULL if X is a URN, else why not:
**                             'offset 7: found the end of the input,
**                             expected ... (RFC 8141 §2)'; offsets are
**                             0-based bytes.  What was found: ':', ' '
**                             (space), 'ø' (U+00F8), U+0009 (tab), byte
**                             0xFF, not UTF-8 (docs/functions.md).
**                             Mode 'ns' says what the namespace rejects.
**   urn_nid(X [,MODE])        the NID, lower-cased (RFC 8141 §2.1).
**   urn_nss(X [,MODE])        the NSS exactly as written.
**   urn_rcomponent(X [,MODE]) the r-component without "?+", NULL if absent.
**   urn_qcomponent(X [,MODE]) the q-component without "?=", NULL if absent.
**   urn_fcomponent(X [,MODE]) the f-component without "#", NULL if absent,
**                             '' if empty ('urn:ab:c#').
**   urn_canonical(X [,MODE])  key(X): 'urn:' || lower(NID) || ':' || NSS
**                             with every %XX upper-cased, components
**                             dropped, nothing decoded (RFC 8141 §3.1).
**                             Mode 'ns': key_ns(X), the key after the
**                             namespace's own equivalence rule.
**   urn_key(X [,MODE])        the sort key of the collations: for TEXT,
**                             urn_canonical(X) for a URN, X itself byte for
**                             byte otherwise (NUL bytes, invalid UTF-8 and
**                             all); NULL, INTEGER, REAL and BLOB values are
**                             returned unchanged (a collation compares text
**                             only: numbers compare as numbers, BLOBs with
**                             memcmp, after all text).  urn_key(X) =
**                             urn_key(Y) and its BINARY order are exactly
**                             X = Y and the order of COLLATE URN, for every
**                             value; mode 'ns': of URN_NS; mode 'rfc2141':
**                             the RFC 2141 key, which no collation follows.
**                             For indexes and generated columns at BINARY
**                             speed:
**                               CREATE INDEX t_k ON t(urn_key(id));
**                               SELECT * FROM t WHERE urn_key(id) = urn_key(?);
**   urn_normalize(X [,MODE])  X with scheme and NID lower-cased and every
**                             %XX upper-cased in every part, components
**                             kept: the form to store and display.
**   urn_equal(A, B [,MODE])   1 if A and B are URN-equivalent (RFC 8141 §3),
**                             else 0; a non-URN equals only itself.
**   urn_version()             the version of this extension, e.g. '0.3.0'.
**   urn_order_version()       the version of the orders indexes store, 1
**                             (ext/core/urn_version.h).
**
** Further functions, each documented in the header of its file:
**   urn_encode(), urn_decode(), urn_build(), urn_json()   urn_codec_sql.c
**   urn_isbn13(), urn_registry_date(), the collation URN_NS and the
**   virtual table urn_namespaces                          urn_ns_sql.c
**   urn_find(T [,MODE]): the URNs in the free text T, a
**   table-valued function with one row (urn, start) per
**   occurrence: "SELECT urn, start FROM urn_find(T)"      urn_find_sql.c
**   urn_parse(X [,MODE]): every part of X from one scan, a
**   table-valued function with one row (valid, nid, nss,
**   r, q, f, canonical, key) per call, none for a NULL X:
**   "SELECT * FROM urn_parse(X)"                          urn_parse_sql.c
**   urn_url(X [,TEMPLATE [,MODE]]), urn_from_url(U
**   [,GCP_LENGTH]), urn_nbn_complete() and the virtual
**   table urn_resolvers                                   urn_url_sql.c
**   urn_epc_from_hex(HEX), urn_epc_to_hex(TAG),
**   urn_epc_tag(PURE, SCHEME, FILTER), urn_epc_pure(TAG):
**   RFID tags' EPC bits to EPC tag URIs and back (GS1
**   Tag Data Standard §14, §15), and the table-valued
**   function urn_epc(HEX) of the decoded fields:
**   "SELECT * FROM urn_epc(HEX)"                          urn_epc_sql.c
**
** Extractors, urn_canonical and urn_normalize give NULL for a string that is
** not a URN under MODE (urn_key gives the string).  Every function gives
** NULL for a NULL X (urn_equal: for either argument NULL).  A BLOB
** argument is read as its bytes, in every database encoding; INTEGER and
** REAL arguments as SQLite's text conversion of them; embedded NUL bytes and invalid UTF-8 are read as the
** bytes they are (no URN holds either, so such a value is simply not a
** URN).  In a UTF-16 database text is read as SQLite's UTF-8 conversion of
** it, exact for well-formed text, so for every URN; urn_equal (also
** registered for UTF-16LE and UTF-16BE) reads it as stored, so that
** ill-formed UTF-16 equals only itself (docs/design.md, "Database
** encodings").  Errors are raised only for misuse (a bad MODE, a wrong
** argument count), for out-of-memory, and for a result longer than
** SQLITE_LIMIT_LENGTH ("string or blob too big": urn_encode, urn_build,
** urn_json and urn_error can be longer than their input).
**
** The collation URN orders strings by the bytes of key(X), shorter first on
** a tie, where key(X) of a non-URN is X itself.  So X = Y COLLATE URN
** exactly when urn_canonical(X) = urn_canonical(Y) for URNs, and a non-URN
** equals only itself.  It is a total preorder on all byte strings, never
** allocates and never fails: UNIQUE, indexes, GROUP BY, DISTINCT, ORDER BY,
** min() and max() treat URN-equivalent spellings as one value.  In a
** UTF-16 database it compares the text as stored (urn_utf16.h): URNs as in
** UTF-8, any other string by its own bytes.
**
**   CREATE TABLE book(id TEXT UNIQUE COLLATE URN);
**   INSERT INTO book VALUES('urn:example:a%2Cb');
**   INSERT INTO book VALUES('URN:EXAMPLE:a%2cb');  -- UNIQUE constraint failed
*/
#include <string.h>
#include "urn_glue.h"
#include "../core/urn_ns.h"
#include "../core/urn_utf16.h"
#include "../core/urn_fn.h"
#include "../core/urn_version.h"
SQLITE_EXTENSION_INIT3

#define URN_MIN_SQLITE 3031000

/* Common prologue of the one-string functions: read the mode and X and scan
** X.  Returns the mode (>=0) with *pValid set when the caller should compute
** a result, -1 when the result (NULL, or an error) is already set.  In mode
** 'ns' the scan is the RFC 8141 one: *pValid says X is an RFC 8141 URN,
** and the caller applies the namespace rules (urn_ns.h) on top. */
static int urnArgScan(sqlite3_context *ctx, int argc, sqlite3_value **argv,
                      const unsigned char **pz, size_t *pn, int *pValid,
                      UrnParts *pParts, UrnFail *pFail){
  int mode = urnArgMode(ctx, argc, argv, 1);
  if( mode<0 ) return -1;
  if( urnArgText(ctx, argv[0], pz, pn)<=0 ) return -1;
  *pValid = urnScan(*pz, *pn, mode==URN_MODE_NS ? URN_MODE_RFC8141 : mode,
                    pParts, pFail);
  return mode;
}

/* Return z[span] as text; NULL for an absent span.  Spans of a valid URN
** are ASCII without NUL bytes (RFC 8141 §2), so the result is valid UTF-8
** and is copied NUL-terminated, for SQLite to mark it so (as in
** urnRewriteFunc()). */
static void urnResultSpan(sqlite3_context *ctx, const unsigned char *z,
                          const UrnSpan *pSpan){
  char *zOut;
  if( pSpan->off==0 ) return;           /* absent: NULL */
  zOut = sqlite3_malloc64(pSpan->len+1);
  if( zOut==0 ){
    sqlite3_result_error_nomem(ctx);
    return;
  }
  memcpy(zOut, z+pSpan->off, pSpan->len);
  zOut[pSpan->len] = 0;
  sqlite3_result_text(ctx, zOut, -1, sqlite3_free);
}

/* urn_valid(X [,MODE]).  Mode 'ns': an RFC 8141 URN whose NID is in the
** registry snapshot and whose NSS passes its namespace's validator
** (urnFnCheck(), shared with every engine's glue). */
static void urnValidFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  const unsigned char *z; size_t n;
  UrnParts parts;
  int mode = urnArgMode(ctx, argc, argv, 1);
  if( mode<0 ) return;
  if( urnArgText(ctx, argv[0], &z, &n)<=0 ) return;
  sqlite3_result_int(ctx, urnFnCheck(z, n, mode, &parts, 0, 0, 0));
}

/* urn_error(X [,MODE]): urnFnCheck()'s message; mode 'ns' says what the
** namespace rejects, in its own terms. */
static void urnErrorFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  const unsigned char *z; size_t n;
  UrnParts parts;
  char zMsg[URN_FN_MSG_MAX];
  int mode = urnArgMode(ctx, argc, argv, 1);
  if( mode<0 ) return;
  if( urnArgText(ctx, argv[0], &z, &n)<=0 ) return;
  if( urnFnCheck(z, n, mode, &parts, 0, zMsg, 0) ) return;
  /* NUL-terminated, with no other NUL byte (valid UTF-8, urn_scan.h and
  ** urn_ns.h): length -1, so that SQLite marks it terminated, as in
  ** urnRewriteFunc(). */
  sqlite3_result_text(ctx, zMsg, -1, SQLITE_TRANSIENT);
}

/* urn_nid(X [,MODE]): lower-cased, since NIDs are case-insensitive
** (RFC 8141 §2.1).  A NID has at most 32 bytes. */
static void urnNidFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  const unsigned char *z; size_t n; int valid;
  UrnParts parts;
  unsigned char zNid[33];
  if( urnArgScan(ctx, argc, argv, &z, &n, &valid, &parts, 0)<0 ) return;
  if( !valid ) return;
  zNid[urnFnNid(z, &parts, zNid)] = 0;    /* terminated, as in urnRewriteFunc() */
  sqlite3_result_text(ctx, (const char*)zNid, -1, SQLITE_TRANSIENT);
}

/* urn_nss(), urn_rcomponent(), urn_qcomponent(), urn_fcomponent(): the
** part as written.  The user data's name picks the part. */
static void urnPartFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  const unsigned char *z; size_t n; int valid;
  UrnParts parts;
  const UrnSpan *pSpan;
  const char *zName = ((const UrnFunc*)sqlite3_user_data(ctx))->zName;
  if( urnArgScan(ctx, argc, argv, &z, &n, &valid, &parts, 0)<0 ) return;
  if( !valid ) return;
  pSpan = urnFnPart(&parts, zName[4]);
  urnResultSpan(ctx, z, pSpan);
}

/* urn_canonical(X [,MODE]) and urn_normalize(X [,MODE]): one result buffer
** of known length, written once, handed to SQLite without a copy.  It is
** NUL-terminated and given with length -1: SQLite then marks the value
** terminated, and a function that reads it as text (length(), another
** urn_ function) reads it in place instead of copying it to terminate it.
** A valid URN holds no NUL byte (RFC 8141 §2: pchar), nor do its key and
** normalized form, so the length SQLite finds is nOut. */
static void urnRewriteFunc(sqlite3_context *ctx, int argc,
                           sqlite3_value **argv){
  const unsigned char *z; size_t n; int valid;
  UrnParts parts;
  unsigned char *zOut;
  size_t nOut;
  int isKey = ((const UrnFunc*)sqlite3_user_data(ctx))->zName[4]=='c';
  int mode = urnArgScan(ctx, argc, argv, &z, &n, &valid, &parts, 0);
  if( mode<0 || !valid ) return;
  nOut = isKey ? URN_KEY_LEN(&parts) : n;
  zOut = sqlite3_malloc64(nOut+1);
  if( zOut==0 ){
    sqlite3_result_error_nomem(ctx);
    return;
  }
  if( isKey ){
    /* key_ns(X) = f_nid(key(X)) in mode 'ns', never longer than key(X)
    ** (docs/design.md). */
    nOut = urnFnKey(z, &parts, mode, zOut);
  }else{
    urnNormalizeWrite(z, n, &parts, zOut);
  }
  zOut[nOut] = 0;
  sqlite3_result_text(ctx, (const char*)zOut, -1, sqlite3_free);
}

/* urn_key(X [,MODE]): key(X) itself (docs/design.md), so that BINARY on
** it orders and equates exactly as the collation does (I1).  A collation
** compares text only: SQLite orders NULL, then numbers (INTEGER and REAL
** as numbers: 9 < 10, 1 = 1.0), then text under the collation, then
** BLOBs (memcmp), whatever the collation.  So a NULL, a number and a BLOB
** are their own keys, returned as they are, and only text is keyed: for
** a URN its key, as urn_canonical() writes it; for any other text X's own
** bytes, not scanned again, as TEXT, through their length: a non-URN may
** hold NUL bytes and invalid UTF-8, and BINARY compares it with memcmp,
** then by length, as the collation does (I3: a non-URN equals only
** itself).
**
** Most of its calls fill an index or a sorter, a row at a time, so the
** result is handed over as SQLITE_TRANSIENT with its length: SQLite copies
** it into the buffer that the result register keeps from row to row, and
** a key no longer than aKey needs no allocation of ours, nor SQLite's
** once the register's buffer is big enough (a malloc'd result would be
** freed and replaced on every row).  Nothing reads it up to a NUL there,
** so it is not terminated for SQLite, unlike urnRewriteFunc()'s results. */
#define URN_KEY_STACK 256
static void urnKeyFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  const unsigned char *z; size_t n; int valid;
  UrnParts parts;
  unsigned char aKey[URN_KEY_STACK];
  unsigned char *zOut = aKey;
  size_t nOut;
  int mode = urnArgMode(ctx, argc, argv, 1);
  if( mode<0 ) return;
  if( sqlite3_value_type(argv[0])!=SQLITE_TEXT ){
    /* NULL, INTEGER, REAL, BLOB: compared alike with and without a
    ** collation, so their own key. */
    sqlite3_result_value(ctx, argv[0]);
    return;
  }
  /* Text, read as urnArgText() does, without asking its type again. */
  z = sqlite3_value_text(argv[0]);
  n = (size_t)sqlite3_value_bytes(argv[0]);
  if( z==0 ){
    if( n>0 ){
      sqlite3_result_error_nomem(ctx);
      return;
    }
    z = (const unsigned char*)"";
  }
  valid = urnScan(z, n, mode==URN_MODE_NS ? URN_MODE_RFC8141 : mode,
                  &parts, 0);
  if( !valid ){
    sqlite3_result_text64(ctx, (const char*)z, n, SQLITE_TRANSIENT,
                          SQLITE_UTF8);
    return;
  }
  nOut = URN_KEY_LEN(&parts);
  if( mode!=URN_MODE_NS && urnFnKeyIsPrefix(z, &parts) ){
    /* Already its own key (lower-case head, no %XX): SQLite copies it from
    ** X, and nothing is written first. */
    sqlite3_result_text64(ctx, (const char*)z, nOut, SQLITE_TRANSIENT,
                          SQLITE_UTF8);
    return;
  }
  if( nOut>sizeof(aKey) ){
    zOut = sqlite3_malloc64(nOut);
    if( zOut==0 ){
      sqlite3_result_error_nomem(ctx);
      return;
    }
  }
  /* key_ns(X) = f_nid(key(X)) in mode 'ns', never longer than key(X). */
  nOut = urnFnKey(z, &parts, mode, zOut);
  sqlite3_result_text64(ctx, (const char*)zOut, nOut,
                        zOut==aKey ? SQLITE_TRANSIENT : sqlite3_free,
                        SQLITE_UTF8);
}

/* urn_equal(A, B [,MODE]): 1 when key(A) = key(B) (RFC 8141 §3.1). */
static void urnEqualFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  const unsigned char *zA, *zB; size_t nA, nB;
  int mode = urnArgMode(ctx, argc, argv, 2);
  if( mode<0 ) return;
  if( urnArgText(ctx, argv[0], &zA, &nA)<=0 ) return;
  if( urnArgText(ctx, argv[1], &zB, &nB)<=0 ) return;
  if( mode==URN_MODE_NS ){
    sqlite3_result_int(ctx, urnNsCompare(zA, nA, zB, nB)==0);
  }else{
    sqlite3_result_int(ctx, urnCompare(mode, zA, nA, zB, nB)==0);
  }
}

/* One argument of urn_equal() in a UTF-16 database: a BLOB's own bytes,
** or the UTF-8 form of a text (its code units as SQLite stores them, read
** without SQLite's conversion, which is lossy for ill-formed UTF-16).
** Returns 1 on success, 0 for NULL, -1 after reporting out-of-memory.
** For a text, *pzFree is the buffer to free, and *pIll is set when the text
** is ill-formed UTF-16: then (*pz, *pn) are its bytes as stored. */
static int equalArg16(sqlite3_context *ctx, sqlite3_value *pVal, int be,
                      const unsigned char **pz, size_t *pn, int *pIsText,
                      int *pIll, unsigned char **pzFree){
  const unsigned char *z;
  size_t n, nOut;
  int eType = sqlite3_value_type(pVal);
  *pIsText = *pIll = 0;
  *pzFree = 0;
  if( eType==SQLITE_NULL || eType==SQLITE_BLOB ){
    return urnArgText(ctx, pVal, pz, pn);
  }
  z = be ? sqlite3_value_text16be(pVal) : sqlite3_value_text16le(pVal);
  n = (size_t)sqlite3_value_bytes16(pVal);
  if( z==0 ){
    if( n>0 ){
      sqlite3_result_error_nomem(ctx);
      return -1;
    }
    z = (const unsigned char*)"";
  }
  *pIsText = 1;
  nOut = urnUtf16ToUtf8(z, n, be, 0);
  if( nOut==(size_t)-1 ){
    *pIll = 1;
    *pz = z;
    *pn = n;
    return 1;
  }
  *pzFree = sqlite3_malloc64(nOut ? nOut : 1);
  if( *pzFree==0 ){
    sqlite3_result_error_nomem(ctx);
    return -1;
  }
  urnUtf16ToUtf8(z, n, be, *pzFree);
  *pz = *pzFree;
  *pn = nOut;
  return 1;
}

/* urn_equal(A, B [,MODE]) in a UTF-16 database (registered for UTF-16LE
** and UTF-16BE; SQLite picks the variant of the database's encoding, and
** hands it text in that encoding).  As in UTF-8: 1 when key(A) = key(B),
** a BLOB read as its bytes, a text as its UTF-8 form.  An ill-formed
** UTF-16 text has no UTF-8 form; it is no URN (RFC 8141 §2: ASCII only),
** so it equals only the identical text, never a BLOB (docs/design.md,
** "Database encodings"). */
static void urnEqual16(sqlite3_context *ctx, int argc, sqlite3_value **argv,
                       int be){
  const unsigned char *zA = 0, *zB = 0;
  size_t nA = 0, nB = 0;
  int textA, textB, illA, illB, rc;
  unsigned char *zFreeA = 0, *zFreeB = 0;
  int mode = urnArgMode(ctx, argc, argv, 2);
  if( mode<0 ) return;
  if( sqlite3_value_type(argv[0])==SQLITE_NULL
   || sqlite3_value_type(argv[1])==SQLITE_NULL ){
    return;
  }
  rc = equalArg16(ctx, argv[0], be, &zA, &nA, &textA, &illA, &zFreeA);
  if( rc>0 ){
    rc = equalArg16(ctx, argv[1], be, &zB, &nB, &textB, &illB, &zFreeB);
  }
  if( rc>0 ){
    int eq;
    if( illA || illB ){
      /* Not both texts of a UTF-8 form: equal only as the same text. */
      eq = textA && textB && illA && illB && nA==nB
        && memcmp(zA, zB, nA)==0;
    }else if( mode==URN_MODE_NS ){
      eq = urnNsCompare(zA, nA, zB, nB)==0;
    }else{
      eq = urnCompare(mode, zA, nA, zB, nB)==0;
    }
    sqlite3_result_int(ctx, eq);
  }
  sqlite3_free(zFreeA);
  sqlite3_free(zFreeB);
}

static void urnEqual16leFunc(sqlite3_context *ctx, int argc,
                             sqlite3_value **argv){
  urnEqual16(ctx, argc, argv, 0);
}
static void urnEqual16beFunc(sqlite3_context *ctx, int argc,
                             sqlite3_value **argv){
  urnEqual16(ctx, argc, argv, 1);
}

/* urn_version() */
static void urnVersionFunc(sqlite3_context *ctx, int argc,
                           sqlite3_value **argv){
  (void)argc; (void)argv;
  sqlite3_result_text(ctx, URN_VERSION, -1, SQLITE_STATIC);
}

/* urn_order_version(): the version of the orders that indexes store
** (ext/core/urn_version.h). */
static void urnOrderVersionFunc(sqlite3_context *ctx, int argc,
                                sqlite3_value **argv){
  (void)argc; (void)argv;
  sqlite3_result_int(ctx, URN_ORDER_VERSION);
}

/* The SQL functions of this file.  nArg -1 means "X [,MODE]": registered
** for 1 and 2 arguments. */
static const UrnFunc aUrnFunc[] = {
  { "urn_valid",      -1, urnValidFunc,   URN_MODES_ALL },
  { "urn_error",      -1, urnErrorFunc,   URN_MODES_ALL },
  { "urn_nid",        -1, urnNidFunc,     URN_MODES_SYNTAX },
  { "urn_nss",        -1, urnPartFunc,    URN_MODES_SYNTAX },
  { "urn_rcomponent", -1, urnPartFunc,    URN_MODES_SYNTAX },
  { "urn_qcomponent", -1, urnPartFunc,    URN_MODES_SYNTAX },
  { "urn_fcomponent", -1, urnPartFunc,    URN_MODES_SYNTAX },
  { "urn_canonical",  -1, urnRewriteFunc, URN_MODES_ALL },
  { "urn_key",        -1, urnKeyFunc,     URN_MODES_ALL },
  { "urn_normalize",  -1, urnRewriteFunc, URN_MODES_SYNTAX },
  { "urn_equal",       2, urnEqualFunc,   URN_MODES_ALL },
  { "urn_equal",       3, urnEqualFunc,   URN_MODES_ALL },
  { "urn_version",     0, urnVersionFunc, 0 },
  { "urn_order_version", 0, urnOrderVersionFunc, 0 },
};

/* urn_equal in a UTF-16LE and a UTF-16BE database: the same flags as
** every function but the encoding, so that SQLite picks the variant of the
** database's encoding (docs/design.md, "Database encodings").  The user
** data is the UTF-8 row, for the messages and the modes. */
static int urnRegisterEqual16(sqlite3 *db, const UrnFunc *pRow){
  static const struct { int eTextRep; void (*xFunc)(sqlite3_context*, int,
                                                      sqlite3_value**); }
  aEnc[] = {
    { SQLITE_UTF16LE, urnEqual16leFunc },
    { SQLITE_UTF16BE, urnEqual16beFunc },
  };
  int rc = SQLITE_OK;
  int i;
  for(i=0; rc==SQLITE_OK && i<(int)(sizeof(aEnc)/sizeof(aEnc[0])); i++){
    rc = sqlite3_create_function(db, pRow->zName, pRow->nArg,
                                 (URN_FUNC_FLAGS & ~SQLITE_UTF8)
                                 | aEnc[i].eTextRep,
                                 (void*)pRow, aEnc[i].xFunc, 0, 0);
  }
  return rc;
}

/* Register every function and collation on db. */
static int urnRegister(sqlite3 *db){
  int rc = urnRegisterTable(db, aUrnFunc,
                            (int)(sizeof(aUrnFunc)/sizeof(aUrnFunc[0])));
  int i;
  for(i=0; rc==SQLITE_OK && i<(int)(sizeof(aUrnFunc)/sizeof(aUrnFunc[0]));
      i++){
    if( aUrnFunc[i].xFunc==urnEqualFunc ){
      rc = urnRegisterEqual16(db, &aUrnFunc[i]);
    }
  }
  if( rc==SQLITE_OK ) rc = urnRegisterCodec(db);
  if( rc==SQLITE_OK ) rc = urnRegisterNs(db);
  if( rc==SQLITE_OK ) rc = urnRegisterFind(db);
  if( rc==SQLITE_OK ) rc = urnRegisterParse(db);
  if( rc==SQLITE_OK ) rc = urnRegisterUrl(db);
  if( rc==SQLITE_OK ) rc = urnRegisterEpc(db);
  /* In a UTF-16 database SQLite picks the comparator of its encoding and
  ** hands it the strings as stored (docs/design.md, "Database
  ** encodings"). */
  if( rc==SQLITE_OK ){
    rc = urnRegisterCollation(db, "URN", urnCollate, urnCollate16le,
                              urnCollate16be);
  }
  return rc;
}

#ifdef _WIN32
__declspec(dllexport)
#elif defined(__GNUC__)
__attribute__((visibility("default")))
#endif
int sqlite3_urn_init(sqlite3 *db, char **pzErrMsg,
                     const sqlite3_api_routines *pApi){
  SQLITE_EXTENSION_INIT2(pApi);
  if( sqlite3_libversion_number()<URN_MIN_SQLITE ){
    if( pzErrMsg ){
      *pzErrMsg = sqlite3_mprintf("sqlite-urn needs SQLite 3.31.0 or later "
                                  "(for SQLITE_INNOCUOUS); this is %s",
                                  sqlite3_libversion());
    }
    return SQLITE_ERROR;
  }
  return urnRegister(db);
}
