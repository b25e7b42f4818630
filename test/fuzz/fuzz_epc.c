/*
** test/fuzz/fuzz_epc.c -- libFuzzer target for the EPC binary encodings
** (ext/core/urn_epc.c) and their SQL functions (ext/sqlite/urn_epc_sql.c,
** linked in with -DSQLITE_CORE).  The first byte picks what the rest is:
**   0  bytes, written as hex (upper or lower case by the byte's next bit),
**      decoded by urnEpcFromHex: the fuzzer walks the bits of every scheme;
**   1  text decoded by urnEpcFromHex as it is (not hex, odd, NUL bytes);
**   2  a tag URI (or raw URI) encoded by urnEpcToHex;
**   3  a pure identity URI with a scheme (the second byte picks one) and a
**      filter (the third byte) given to urnEpcTag;
**      and 4 to 7 are 0 to 3 again, with every answer also checked in SQL.
** Checked (urn_epc.h):
**   - measure, then write: the answer's length is the same whatever the
**     room, a buffer one byte short is left as it was, and a buffer of
**     exactly its length (ASan: not a byte past it) gets the same bytes;
**   - answers are printable ASCII; an error's message names the function;
**   - round trips as the oracle: a decoding's tag URI encodes back to the
**     input's bits (the input upper-cased, less trailing zero words), a raw
**     URI to the whole input; its pure identity and urnEpcTag with its
**     scheme and filter give the same tag URI; the fields urn_epc reports
**     (the spans of UrnEpcParts) put together again are the tag URI; an
**     encoding decodes to a tag URI that encodes to the same hex;
**   - through SQL (first byte 4 to 7), urn_epc_from_hex, urn_epc_to_hex and
**     urn_epc_tag give the core's answers, and urn_epc(HEX)'s tag column.
** Build and run: make fuzz (mk/check.mk).
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>
#include "../../ext/core/urn_epc.h"

int sqlite3_urn_init(sqlite3*, char**, const sqlite3_api_routines*);

static int eMode;
#define CHECK(cond, what) do{ if(!(cond)){ \
  fprintf(stderr, "fuzz_epc: %s (mode %d, line %d)\n", what, eMode, \
          __LINE__); abort(); } }while(0)

/* One call of a core function, for the measure-then-write checks. */
typedef struct Call {
  int eFunc;                      /* 0 from hex, 1 to hex, 2 tag, 3 pure */
  const unsigned char *z; size_t n;
  const unsigned char *zScheme; size_t nScheme;
  long long iFilter;
  UrnEpcParts parts;              /* of the last call, eFunc 0 */
  UrnEpcErr err;                  /* of the last call, eFunc 1 and 2 */
} Call;

static size_t callOnce(Call *p, char *zOut, size_t nOut){
  switch( p->eFunc ){
    case 0: return urnEpcFromHex(p->z, p->n, zOut, nOut, &p->parts);
    case 1: return urnEpcToHex(p->z, p->n, "f", zOut, nOut, &p->err);
    case 2: return urnEpcTag(p->z, p->n, p->zScheme, p->nScheme, p->iFilter,
                             "f", zOut, nOut, &p->err);
    default: return urnEpcPure(p->z, p->n, zOut, nOut);
  }
}

/* The answer of p, checked for measure-then-write, in a new allocation of
** its exact length (*pn; 0 and *pn URN_EPC_NULL for NULL or an error). */
static char *callChecked(Call *p, size_t *pn){
  char aStack[80], *zOut, *zShort;
  size_t n = callOnce(p, 0, 0), i;
  CHECK(n==callOnce(p, aStack, sizeof(aStack)), "the answer depends on room");
  *pn = n;
  if( n==URN_EPC_NULL ){
    if( p->eFunc==1 || p->eFunc==2 ){
      size_t k = strlen(p->err.zMsg);
      CHECK(k<sizeof(p->err.zMsg), "a message without its NUL");
      CHECK(k==0 || memcmp(p->err.zMsg, "f(): ", 5)==0,
            "a message that does not name the function");
    }
    return 0;
  }
  CHECK(n>0, "an empty answer");
  zOut = malloc(n);
  zShort = malloc(n);
  if( zOut==0 || zShort==0 ) abort();
  CHECK(callOnce(p, zOut, n)==n, "a second call differs");
  if( n<=sizeof(aStack) ) CHECK(memcmp(aStack, zOut, n)==0, "bytes differ");
  memset(zShort, 0xAA, n);
  CHECK(callOnce(p, zShort, n-1)==n, "a short buffer changes the answer");
  for(i=0; i<n; i++) CHECK((unsigned char)zShort[i]==0xAA,
                           "written into a buffer too short");
  free(zShort);
  for(i=0; i<n; i++) CHECK(zOut[i]>0x20 && zOut[i]<0x7f,
                           "not printable ASCII");
  if( p->eFunc==0 ) callOnce(p, zOut, n);   /* parts of this very call */
  return zOut;
}

static int isUpperHex(const char *z, size_t n){
  size_t i;
  for(i=0; i<n; i++){
    if( !((z[i]>='0' && z[i]<='9') || (z[i]>='A' && z[i]<='F')) ) return 0;
  }
  return 1;
}

/* The tag URI zTag[0..nTag) decodes from zHex: its encoding is zHex's
** first digits, upper-cased, and the rest of zHex is zeros; its pure
** identity and urnEpcTag give it back; its parts make it again. */
static void checkTag(const unsigned char *zHex, size_t nHex, const char *zTag,
                     size_t nTag, const UrnEpcParts *pParts){
  Call c;
  char *zBack, *zPure, *zAgain, aRe[URN_EPC_URI_MAX];
  size_t nBack, nPure, nAgain, i, k;
  memset(&c, 0, sizeof(c));
  c.eFunc = 1; c.z = (const unsigned char*)zTag; c.n = nTag;
  zBack = callChecked(&c, &nBack);
  CHECK(zBack!=0 && isUpperHex(zBack, nBack),
        "a decoded tag URI does not encode");
  /* The same bits, the shorter padded with zeros: an encoding is padded
  ** to a 16-bit word, the input may be shorter (a whole number of bytes
  ** that holds the encoding) or longer (zero words after it). */
  for(i=0; i<nHex || i<nBack; i++){
    unsigned char h = i<nHex ? zHex[i] : '0';
    if( h>='a' && h<='f' ) h -= 32;
    CHECK(h==(i<nBack ? (unsigned char)zBack[i] : '0'),
          "the round trip loses bits");
  }
  free(zBack);
  if( memcmp(zTag, "urn:epc:raw:", 12)==0 ){
    CHECK(pParts->zPure==0 && pParts->iFilter==-1, "a raw URI with parts");
    CHECK(nBack==nHex, "a raw URI is not the whole input");
    c.eFunc = 3;
    CHECK(callChecked(&c, &nPure)==0, "a raw URI has a pure identity");
    return;
  }
  CHECK(pParts->zScheme!=0 && pParts->zPure!=0, "a tag URI without parts");
  CHECK(nBack%4==0, "an encoding not padded to a 16-bit word");
  /* The parts put together again. */
  k = (size_t)snprintf(aRe, sizeof(aRe), "urn:epc:tag:%s:", pParts->zScheme);
  if( pParts->iFilter>=0 ){
    k += (size_t)snprintf(aRe+k, sizeof(aRe)-k, "%d.", pParts->iFilter);
  }
  CHECK(k==pParts->offBody && pParts->offBody+pParts->nCompany<=nTag
        && pParts->offSerial+pParts->nSerial==nTag, "spans out of place");
  CHECK(memcmp(aRe, zTag, k)==0, "the scheme or filter differ");
  if( pParts->hasRef ){
    CHECK(pParts->offRef==pParts->offBody+pParts->nCompany+1
          && pParts->offSerial==pParts->offRef+pParts->nRef+1,
          "the reference's span is off");
  }else{
    CHECK(pParts->nRef==0 && pParts->offSerial==pParts->offBody
          +pParts->nCompany+1, "the serial's span is off");
  }
  /* Pure identity, then back to the tag URI with its scheme and filter. */
  c.eFunc = 3;
  zPure = callChecked(&c, &nPure);
  CHECK(zPure!=0 && nPure>11 && memcmp(zPure, "urn:epc:id:", 11)==0,
        "a tag URI without a pure identity");
  c.eFunc = 2; c.z = (const unsigned char*)zPure; c.n = nPure;
  c.zScheme = (const unsigned char*)pParts->zScheme;
  c.nScheme = strlen(pParts->zScheme);
  c.iFilter = pParts->iFilter<0 ? 0 : pParts->iFilter;
  zAgain = callChecked(&c, &nAgain);
  CHECK(zAgain!=0 && nAgain==nTag && memcmp(zAgain, zTag, nTag)==0,
        "the pure identity does not give the tag URI back");
  free(zAgain);
  free(zPure);
}

/* ---- SQL -------------------------------------------------------------- */

static sqlite3 *db;
static sqlite3_stmt *apStmt[4];
static const char *const azSql[4] = {
  ("SELECT urn_epc_from_hex(?1), urn_epc_from_hex(CAST(?1 AS BLOB)),"
   " (SELECT tag FROM urn_epc(?1))"),
  "SELECT urn_epc_to_hex(?1)",
  "SELECT urn_epc_tag(?1, ?2, ?3)",
  "SELECT urn_epc_pure(?1)",
};

static void openDb(void){
  int i;
  if( db ) return;
  if( sqlite3_open(":memory:", &db)!=SQLITE_OK
   || sqlite3_urn_init(db, 0, 0)!=SQLITE_OK ) abort();
  for(i=0; i<4; i++){
    if( sqlite3_prepare_v2(db, azSql[i], -1, &apStmt[i], 0)!=SQLITE_OK ){
      abort();
    }
  }
}

/* The SQL function of p gives zWant[0..nWant) in every column (zWant 0:
** NULL, or the error of p->err). */
static void checkSql(Call *p, const char *zWant, size_t nWant){
  sqlite3_stmt *s;
  int rc, i;
  openDb();
  s = apStmt[p->eFunc];
  sqlite3_bind_text(s, 1, (const char*)p->z, (int)p->n, SQLITE_STATIC);
  if( p->eFunc==2 ){
    sqlite3_bind_text(s, 2, (const char*)p->zScheme, (int)p->nScheme,
                      SQLITE_STATIC);
    sqlite3_bind_int64(s, 3, p->iFilter);
  }
  rc = sqlite3_step(s);
  if( zWant==0 && (p->eFunc==1 || p->eFunc==2) && p->err.zMsg[0] ){
    CHECK(rc==SQLITE_ERROR
          && strstr(sqlite3_errmsg(db), p->err.zMsg+3)!=0,
          "SQL does not raise the core's error");
    sqlite3_reset(s);
    return;
  }
  CHECK(rc==SQLITE_ROW, "SQL failed");
  for(i=0; i<sqlite3_column_count(s); i++){
    const unsigned char *zGot = sqlite3_column_text(s, i);
    if( zWant==0 ){
      CHECK(zGot==0, "SQL gives an answer where the core gives NULL");
    }else{
      CHECK(zGot!=0 && (size_t)sqlite3_column_bytes(s, i)==nWant
            && memcmp(zGot, zWant, nWant)==0, "SQL and the core differ");
    }
  }
  sqlite3_reset(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size){
  static const char azHex[] = "0123456789ABCDEF0123456789abcdef";
  Call c;
  char *zAns, *zHex = 0;
  size_t nAns, i;
  int bSql;
  if( size==0 ) return 0;
  eMode = data[0]&3;
  bSql = (data[0]&4)!=0;
  memset(&c, 0, sizeof(c));
  switch( eMode ){
    case 0: case 1:
      c.eFunc = 0;
      if( eMode==0 ){
        const char *zDigits = azHex + ((data[0]&8) ? 16 : 0);
        if( size>1024 ) return 0;
        zHex = malloc(2*size);
        if( zHex==0 ) abort();
        for(i=1; i<size; i++){
          zHex[2*(i-1)] = zDigits[data[i]>>4];
          zHex[2*(i-1)+1] = zDigits[data[i]&15];
        }
        c.z = (const unsigned char*)zHex;
        c.n = 2*(size-1);
      }else{
        c.z = data+1;
        c.n = size-1;
      }
      zAns = callChecked(&c, &nAns);
      if( zAns ) checkTag(c.z, c.n, zAns, nAns, &c.parts);
      else CHECK(eMode==1 || c.n==0, "hex from bytes gives NULL");
      break;
    case 2: {
      c.eFunc = 1;
      c.z = data+1;
      c.n = size-1;
      zAns = callChecked(&c, &nAns);
      if( zAns ){
        Call d;
        char *zTag;
        size_t nTag;
        CHECK(nAns%2==0 && isUpperHex(zAns, nAns), "hex that is not hex");
        memset(&d, 0, sizeof(d));
        d.z = (const unsigned char*)zAns; d.n = nAns;
        zTag = callChecked(&d, &nTag);
        CHECK(zTag!=0, "an encoding that does not decode");
        checkTag(d.z, d.n, zTag, nTag, &d.parts);
        /* urnEpcToHex took "urn:epc:" (any case) and "raw:" or "tag:". */
        CHECK(c.z[8]=='r' || memcmp(zTag, "urn:epc:raw:", 12)!=0,
              "a tag URI's encoding decodes to a raw URI");
        free(zTag);
      }
      break;
    }
    default: {
      int nScheme = urnEpcSchemeCount();
      if( size<3 ) return 0;
      c.eFunc = 2;
      c.zScheme = (const unsigned char*)urnEpcSchemeName(data[1]%nScheme);
      c.nScheme = strlen((const char*)c.zScheme);
      c.iFilter = (long long)(signed char)data[2];
      c.z = data+3;
      c.n = size-3;
      zAns = callChecked(&c, &nAns);
      if( zAns ){
        Call d;
        char *zBack, *zDec;
        size_t nBack, nDec;
        memset(&d, 0, sizeof(d));
        d.eFunc = 1; d.z = (const unsigned char*)zAns; d.n = nAns;
        zBack = callChecked(&d, &nBack);
        CHECK(zBack!=0, "urnEpcTag's answer does not encode");
        d.eFunc = 0; d.z = (const unsigned char*)zBack; d.n = nBack;
        zDec = callChecked(&d, &nDec);
        CHECK(zDec!=0 && nDec==nAns && memcmp(zDec, zAns, nAns)==0,
              "urnEpcTag's answer is not what its bits decode to");
        free(zDec);
        checkTag(d.z, d.n, zAns, nAns, &d.parts);
        free(zBack);
      }
      break;
    }
  }
  if( bSql ) checkSql(&c, zAns, nAns);
  free(zAns);
  free(zHex);
  return 0;
}
