/*
** urn_codec_sql.c -- the SQL functions that encode, decode, build and
** describe URNs (layer 3 glue over urn_codec.c).  Registered by
** urnRegisterCodec(), called from urnRegister() in urn.c, with the same
** flags as every other function: SQLITE_UTF8|SQLITE_DETERMINISTIC|
** SQLITE_INNOCUOUS.
**
**   urn_encode(S)           S percent-encoded so that it can serve as an NSS
**                           (RFC 8141 §2): letters, digits, -._~!$&'()*+,;=:@
**                           and '/' (not first) stay as they are; every other
**                           byte, '%' included, becomes %XX (upper-case hex)
**                           of the UTF-8 bytes of S.  urn_encode('a b/c') =
**                           'a%20b/c'; urn_encode('/x?') = '%2Fx%3F'.  NULL
**                           for NULL and for '' (an NSS is never empty).
**                           Bytes that are not UTF-8 (a BLOB, or text cast
**                           from one) are encoded byte by byte: x'FF' gives
**                           '%FF'.
**   urn_decode(S)           every %XX of S decoded to its byte ('+' stays
**                           '+', a '%' without two hex digits stays '%'); the
**                           result if it is valid UTF-8, else NULL.  For
**                           display only (RFC 8141 §4.4): never compare
**                           decoded forms.  urn_decode('caf%C3%A9') = 'café'.
**   urn_build(NID, S [,R [,Q [,F]]])
**                           'urn:' || lower(NID) || ':' || urn_encode(S),
**                           then '?+' R, '?=' Q and '#' F, each encoded for
**                           its own grammar (R and Q like S but also keeping
**                           '/' and '?' after the first byte, R encoding a
**                           '?' before '='; F keeping '/' and '?' anywhere).
**                           A NULL R, Q or F is left out; an empty F gives a
**                           trailing '#'.  NULL when NID or S is NULL, NID is
**                           not an RFC 8141 NID, S is '', or R or Q is ''.
**                           The result is always a valid URN, normalized.
**                           urn_build('example', 'a b', NULL, 'x=1') =
**                           'urn:example:a%20b?=x=1'.
**   urn_json(X [,MODE])     a JSON object describing X: for a URN
**                           {"valid":true,"nid":..,"nss":..,"r":..,"q":..,
**                           "f":..,"canonical":..,"normalized":..} (r, q, f
**                           null when absent), else {"valid":false,
**                           "error":..,"offset":N} with urn_error's message
**                           and its 0-based byte offset.  NULL for NULL.
**                           Mode 'ns': valid, error and offset as
**                           urn_valid, urn_error in that mode say (the
**                           namespace's message), canonical key_ns(X).
**
** As everywhere: a BLOB argument is read as its bytes in every database
** encoding (urn_encode(x'FF00') = '%FF%00'), INTEGER and REAL arguments as
** SQLite's text conversion of them, text as UTF-8 (SQLite converts UTF-16
** text), embedded NUL bytes as bytes (urn_encode writes %00);
** errors only for misuse (a bad MODE, a wrong argument count), for
** out-of-memory, and for a result longer than SQLITE_LIMIT_LENGTH ("string
** or blob too big": urn_encode and urn_build can triple their input).
*/
#include <stdint.h>
#include <string.h>
#include "urn_glue.h"
#include "../core/urn_codec.h"
#include "../core/urn_ns.h"
#include "../core/urn_fn.h"
SQLITE_EXTENSION_INIT3

/* The longest input the size computations of urn_codec.c take without
** overflowing size_t: JSON grows by at most 6 bytes per input byte, plus a
** constant.  Only a 32-bit host can see a longer SQL value. */
#define URN_CODEC_MAX_INPUT ((SIZE_MAX-1024)/6)

/* A buffer of nOut bytes for a result, after checking nOut against the
** connection's SQLITE_LIMIT_LENGTH.  Returns 0 after raising "string or
** blob too big" or out-of-memory. */
static unsigned char *codecResultBuffer(sqlite3_context *ctx, size_t nOut){
  sqlite3 *db = sqlite3_context_db_handle(ctx);
  int mxLen = sqlite3_limit(db, SQLITE_LIMIT_LENGTH, -1);
  unsigned char *zOut;
  if( mxLen<0 || nOut>(size_t)mxLen ){
    sqlite3_result_error_toobig(ctx);
    return 0;
  }
  zOut = sqlite3_malloc64(nOut ? nOut : 1);
  if( zOut==0 ) sqlite3_result_error_nomem(ctx);
  return zOut;
}

/* urn_encode(S) */
static void urnEncodeFunc(sqlite3_context *ctx, int argc,
                          sqlite3_value **argv){
  const unsigned char *z;
  size_t n, nOut;
  unsigned char *zOut;
  (void)argc;
  if( urnArgText(ctx, argv[0], &z, &n)<=0 ) return;
  if( n==0 ) return;                   /* RFC 8141 §2: NSS is never empty */
  if( n>URN_CODEC_MAX_INPUT ){
    sqlite3_result_error_toobig(ctx);
    return;
  }
  nOut = urnEncode(z, n, URN_PART_NSS, 0);
  zOut = codecResultBuffer(ctx, nOut);
  if( zOut==0 ) return;
  urnEncode(z, n, URN_PART_NSS, zOut);
  sqlite3_result_text64(ctx, (const char*)zOut, nOut, sqlite3_free,
                        SQLITE_UTF8);
}

/* urn_decode(S): never longer than S, so never too big. */
static void urnDecodeFunc(sqlite3_context *ctx, int argc,
                          sqlite3_value **argv){
  const unsigned char *z;
  size_t n, nOut;
  unsigned char *zOut;
  (void)argc;
  if( urnArgText(ctx, argv[0], &z, &n)<=0 ) return;
  zOut = sqlite3_malloc64(n ? n : 1);
  if( zOut==0 ){
    sqlite3_result_error_nomem(ctx);
    return;
  }
  nOut = urnDecode(z, n, zOut);
  if( !urnUtf8Valid(zOut, nOut) ){
    sqlite3_free(zOut);                /* not text: NULL */
    return;
  }
  sqlite3_result_text64(ctx, (const char*)zOut, nOut, sqlite3_free,
                        SQLITE_UTF8);
}

/* urn_build(NID, S [,R [,Q [,F]]]) */
static void urnBuildFunc(sqlite3_context *ctx, int argc,
                         sqlite3_value **argv){
  UrnText aPart[URN_BUILD_COUNT];
  size_t nIn = 0, nOut;
  unsigned char *zOut;
  int i;
  memset(aPart, 0, sizeof(aPart));
  for(i=0; i<argc && i<URN_BUILD_COUNT; i++){
    int rc = urnArgText(ctx, argv[i], &aPart[i].z, &aPart[i].n);
    if( rc<0 ) return;                 /* out-of-memory, reported */
    if( rc==0 ){
      if( i<=URN_BUILD_NSS ) return;   /* NULL NID or S: NULL */
      aPart[i].z = 0;                  /* NULL R, Q or F: absent */
      aPart[i].n = 0;
    }
    nIn += aPart[i].n;
  }
  if( nIn>URN_CODEC_MAX_INPUT ){
    sqlite3_result_error_toobig(ctx);
    return;
  }
  nOut = urnBuild(aPart, 0);
  if( nOut==0 ) return;                /* no URN can be built: NULL */
  zOut = codecResultBuffer(ctx, nOut);
  if( zOut==0 ) return;
  urnBuild(aPart, zOut);
  sqlite3_result_text64(ctx, (const char*)zOut, nOut, sqlite3_free,
                        SQLITE_UTF8);
}

/* urn_json(X [,MODE]): one scan (urnFnJsonScan(), shared with every
** engine's glue), then the measured JSON written once.  Mode 'ns' (RFC
** 8141 §3.1, §5; urn_ns.h): the RFC 8141 scan, then the namespace's check,
** whose message and offset describe a URN it rejects; the canonical
** member is key_ns(X), as urn_canonical(X, 'ns') gives. */
static void urnJsonFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  const unsigned char *z;
  size_t n, nOut;
  unsigned char *zOut;
  UrnFnJson json;
  int mode = urnArgMode(ctx, argc, argv, 1);
  if( mode<0 ) return;
  if( urnArgText(ctx, argv[0], &z, &n)<=0 ) return;
  if( n>URN_CODEC_MAX_INPUT ){
    sqlite3_result_error_toobig(ctx);
    return;
  }
  urnFnJsonScan(&json, z, n, mode);
  nOut = urnFnJsonWrite(&json, 0);
  zOut = codecResultBuffer(ctx, nOut);
  if( zOut==0 ) return;
  urnFnJsonWrite(&json, zOut);
  sqlite3_result_text64(ctx, (const char*)zOut, nOut, sqlite3_free,
                        SQLITE_UTF8);
}

/* The SQL functions of this file.  nArg -1 means "X [,MODE]". */
static const UrnFunc aCodecFunc[] = {
  { "urn_encode",  1, urnEncodeFunc, 0 },
  { "urn_decode",  1, urnDecodeFunc, 0 },
  { "urn_build",   2, urnBuildFunc,  0 },
  { "urn_build",   3, urnBuildFunc,  0 },
  { "urn_build",   4, urnBuildFunc,  0 },
  { "urn_build",   5, urnBuildFunc,  0 },
  { "urn_json",   -1, urnJsonFunc,   URN_MODES_ALL },
};

int urnRegisterCodec(sqlite3 *db){
  return urnRegisterTable(db, aCodecFunc,
                          (int)(sizeof(aCodecFunc)/sizeof(aCodecFunc[0])));
}
