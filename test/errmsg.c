/*
** test/errmsg.c -- the core's naming of what a message found, below SQL
** (test/errmsg.test compiles it with every C file of ext/core/, no engine, and runs it):
**
**   1. urnUtf8Char() against a decoder written here from RFC 3629 §3 (the
**      bit patterns, then "MUST NOT" overlongs, surrogates, past U+10FFFF):
**      every sequence of 1 to 3 bytes, and every 4-byte sequence whose
**      first two bytes vary with tails 0x80, 0xBF and 0x41 after them;
**   2. urnFoundName() on every Unicode scalar value: valid UTF-8, shorter
**      than URN_FOUND_MAX, the character itself or its U+ code point;
**   3. urnErrorMessage(), urnNsCheck() and urnModeError() at every buffer
**      size up to their full length: a prefix of the full message, valid
**      UTF-8, cut at most 3 bytes short (never inside a character);
**   4. the bounds: URN_ERROR_MAX holds the longest expectation and section
**      with the longest name of what was found and a 20-digit offset;
**      URN_MODE_ERROR_MAX the longest MODE message.
**
** It prints one line per check, "name ok" or "name FAILED: why".
*/
#include <stdio.h>
#include <string.h>
#include "urn_scan.h"
#include "urn_ns.h"
#include "urn_mode.h"

/* RFC 3629 §3: the code point the bytes z[0..n) begin with, by their bit
** patterns, and its length; 0 if ill-formed.  Independent of the core. */
static size_t refDecode(const unsigned char *z, size_t n, unsigned long *pCp){
  size_t len, k;
  unsigned long cp, min;
  if( n==0 ) return 0;
  if( z[0]<0x80 ){ *pCp = z[0]; return 1; }
  if( (z[0]&0xE0)==0xC0 ){ len = 2; cp = z[0]&0x1F; min = 0x80; }
  else if( (z[0]&0xF0)==0xE0 ){ len = 3; cp = z[0]&0x0F; min = 0x800; }
  else if( (z[0]&0xF8)==0xF0 ){ len = 4; cp = z[0]&0x07; min = 0x10000; }
  else return 0;
  if( n<len ) return 0;
  for(k=1; k<len; k++){
    if( (z[k]&0xC0)!=0x80 ) return 0;
    cp = (cp<<6) | (z[k]&0x3F);
  }
  if( cp<min ) return 0;                        /* overlong */
  if( cp>=0xD800 && cp<=0xDFFF ) return 0;      /* surrogate */
  if( cp>0x10FFFF ) return 0;
  *pCp = cp;
  return len;
}

/* 1 if z[0..n) is valid UTF-8, by refDecode(). */
static int refValid(const unsigned char *z, size_t n){
  size_t i = 0, k;
  unsigned long cp;
  while( i<n ){
    if( (k = refDecode(z+i, n-i, &cp))==0 ) return 0;
    i += k;
  }
  return 1;
}

static size_t refEncode(unsigned long cp, unsigned char *z){
  if( cp<0x80 ){ z[0] = (unsigned char)cp; return 1; }
  if( cp<0x800 ){
    z[0] = (unsigned char)(0xC0|(cp>>6));
    z[1] = (unsigned char)(0x80|(cp&0x3F));
    return 2;
  }
  if( cp<0x10000 ){
    z[0] = (unsigned char)(0xE0|(cp>>12));
    z[1] = (unsigned char)(0x80|((cp>>6)&0x3F));
    z[2] = (unsigned char)(0x80|(cp&0x3F));
    return 3;
  }
  z[0] = (unsigned char)(0xF0|(cp>>18));
  z[1] = (unsigned char)(0x80|((cp>>12)&0x3F));
  z[2] = (unsigned char)(0x80|((cp>>6)&0x3F));
  z[3] = (unsigned char)(0x80|(cp&0x3F));
  return 4;
}

#include "creport.h"

/* 1: urnUtf8Char() == refDecode() on one sequence. */
static int sameDecode(const unsigned char *z, size_t n){
  unsigned long a = 0, b = 0;
  size_t la = urnUtf8Char(z, n, &a), lb = refDecode(z, n, &b);
  return la==lb && (la==0 || a==b);
}
static void checkDecoder(void){
  static const unsigned char aTail[] = { 0x80, 0xBF, 0x41 };
  unsigned char z[4];
  unsigned long i;
  size_t t, u;
  const char *zWhy = 0;
  for(i=0; i<0x1000000 && !zWhy; i++){
    z[0] = (unsigned char)(i>>16); z[1] = (unsigned char)(i>>8);
    z[2] = (unsigned char)i;
    if( !sameDecode(z, 3) ) zWhy = "a 3-byte sequence";
    if( i<0x10000 && !sameDecode(z+1, 2) ) zWhy = "a 2-byte sequence";
    if( i<0x100 && !sameDecode(z+2, 1) ) zWhy = "a byte";
  }
  for(i=0; i<0x10000 && !zWhy; i++){
    z[0] = (unsigned char)(i>>8); z[1] = (unsigned char)i;
    for(t=0; t<3; t++){
      for(u=0; u<3; u++){
        z[2] = aTail[t]; z[3] = aTail[u];
        if( !sameDecode(z, 4) ) zWhy = "a 4-byte sequence";
      }
    }
  }
  report("decoder", zWhy);
}

/* 2: every scalar value, named as itself or by code point. */
static void checkFound(void){
  unsigned char z[4];
  char zOut[URN_FOUND_MAX+8], zHex[16];
  unsigned long cp;
  const char *zWhy = 0;
  for(cp=0; cp<=0x10FFFF && !zWhy; cp++){
    size_t n, m;
    if( cp>=0xD800 && cp<=0xDFFF ) continue;
    n = refEncode(cp, z);
    memset(zOut, 'x', sizeof(zOut));
    m = urnFoundName(z, n, zOut);
    snprintf(zHex, sizeof(zHex), "U+%04lX", cp);
    if( m>=URN_FOUND_MAX || strlen(zOut)!=m ) zWhy = "length";
    else if( !refValid((const unsigned char*)zOut, m) ) zWhy = "not UTF-8";
    else if( cp>0x20 && cp<0x7F ){
      if( m!=3 || zOut[1]!=(char)cp ) zWhy = "printable ASCII";
    }else if( cp==0x20 ){
      if( strcmp(zOut, "' ' (space)")!=0 ) zWhy = "space";
    }else if( strncmp(zOut, zHex, strlen(zHex))==0 ){
      if( zOut[strlen(zHex)]!=' ' ) zWhy = "code point";
    }else if( !(zOut[0]=='\'' && memcmp(zOut+1, z, n)==0 && zOut[1+n]=='\''
                && strstr(zOut, zHex)!=0) ){
      zWhy = "shown character";
    }
  }
  report("found", zWhy);
}

/* 3: every size of buffer below what zFull needs: a prefix of it, valid
** UTF-8, at most 3 bytes shorter than the room, NUL-terminated. */
static const char *checkCut(const char *zFull, const char *zCut, size_t nBuf,
                            size_t nRet){
  size_t n = strlen(zCut);
  if( n!=nRet ) return "returned length";
  if( n>=nBuf || n+4<nBuf ) return "cut too far";
  if( strncmp(zCut, zFull, n)!=0 ) return "not a prefix";
  if( !refValid((const unsigned char*)zCut, n) ) return "not UTF-8";
  return 0;
}
static void checkErrorMessage(void){
  /* U+2019 at offset 12, then the '§' of the section near the end. */
  static const char zIn[] = "urn:example:l\xE2\x80\x99\xC3\xA9t\xC3\xA9";
  const unsigned char *z = (const unsigned char*)zIn;
  char zFull[URN_ERROR_MAX], zBuf[URN_ERROR_MAX];
  UrnFail fail;
  size_t nFull, nBuf;
  const char *zWhy = 0;
  if( urnScan(z, strlen(zIn), URN_MODE_RFC2141, 0, &fail) ){
    report("error-message", "the input is a URN");
    return;
  }
  nFull = urnErrorMessage(z, strlen(zIn), &fail, zFull, sizeof(zFull));
  if( nFull!=strlen(zFull) || strstr(zFull, "'\xE2\x80\x99' (U+2019)")==0 ){
    zWhy = "the full message";
  }
  for(nBuf=1; nBuf<=nFull && !zWhy; nBuf++){
    size_t n = urnErrorMessage(z, strlen(zIn), &fail, zBuf, nBuf);
    zWhy = checkCut(zFull, zBuf, nBuf, n);
  }
  report("error-message", zWhy);
}
static void checkNsMessage(const char *zName, const char *zIn){
  const unsigned char *z = (const unsigned char*)zIn;
  char zFull[URN_ERROR_MAX], zBuf[URN_ERROR_MAX];
  UrnParts parts;
  size_t nFull, nBuf;
  const char *zWhy = 0;
  if( !urnScan(z, strlen(zIn), URN_MODE_RFC8141, &parts, 0)
   || urnNsCheck(z, &parts, zFull, sizeof(zFull), 0) ){
    report(zName, "not a URN that 'ns' rejects");
    return;
  }
  nFull = strlen(zFull);
  if( strstr(zFull, "\xC2\xA7")==0 ) zWhy = "no section sign";
  for(nBuf=1; nBuf<=nFull && !zWhy; nBuf++){
    memset(zBuf, 'x', sizeof(zBuf));
    urnNsCheck(z, &parts, zBuf, nBuf, 0);
    zWhy = checkCut(zFull, zBuf, nBuf, strlen(zBuf));
  }
  report(zName, zWhy);
}
static void checkModeMessage(void){
  /* 'ns', then characters of 2, 3 and 4 bytes, then bytes that are not
  ** UTF-8. */
  static const char zMode[] = "ns\xC3\xA9\xE2\x80\x99\xF0\x9F\x98\x80\xFF\x01";
  const unsigned char *z = (const unsigned char*)zMode;
  char zFull[1000], zBuf[1000];
  unsigned char zLong[41];
  size_t nFull, nBuf;
  const char *zWhy = 0;
  urnModeError(zFull, sizeof(zFull), "urn_valid", URN_MODE_ARG_TEXT, z,
               strlen(zMode), URN_MODES_ALL);
  nFull = strlen(zFull);
  for(nBuf=1; nBuf<=nFull && !zWhy; nBuf++){
    urnModeError(zBuf, nBuf, "urn_valid", URN_MODE_ARG_TEXT, z,
                 strlen(zMode), URN_MODES_ALL);
    zWhy = checkCut(zFull, zBuf, nBuf, strlen(zBuf));
  }
  report("mode-message", zWhy);
  /* 4: the longest MODE message fits URN_MODE_ERROR_MAX: the longest name
  ** of a function that takes a mode, 40 bytes shown as \xNN and more. */
  memset(zLong, 0x01, sizeof(zLong));
  urnModeError(zFull, sizeof(zFull), "urn_rcomponent", URN_MODE_ARG_TEXT,
               zLong, sizeof(zLong), URN_MODES_ALL);
  report("mode-max", strlen(zFull)<URN_MODE_ERROR_MAX ? 0
         : "URN_MODE_ERROR_MAX is too small");
}
static void checkErrorMax(void){
  size_t nMax = 0;
  int code;
  for(code=0; code<1000; code++){
    size_t n = strlen(urnErrorExpected(code)) + strlen(urnErrorSection(code));
    if( n>nMax ) nMax = n;
  }
  /* "offset " N ": found " F ", expected " E " (" S ")" NUL */
  report("error-max", 7+20+8+(URN_FOUND_MAX-1)+11+nMax+2+1+1<=URN_ERROR_MAX
         ? 0 : "URN_ERROR_MAX is too small");
}

int main(void){
  checkDecoder();
  checkFound();
  checkErrorMessage();
  checkNsMessage("ns-message", "urn:isbn:0-395-36341-6");
  checkNsMessage("ns-nid-message", "urn:nosuchnid:a");
  checkModeMessage();
  checkErrorMax();
  return nFail!=0;
}
