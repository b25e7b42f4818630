/*
** test/fuzz/fuzz_find.c -- libFuzzer target for the finder of urn_find
** (ext/core/urn_find.c) and what it stands on.  The first byte of the input
** picks the mode (modulo 3: RFC 8141, RFC 2141, 'ns'); the rest is the
** text.  Checked:
**   - the finder reads only the text (ASan: libFuzzer's buffer is exactly
**     the input) and its rows are those of a plain reference of the four
**     rules (ext/core/urn_find.h) built on the scanner: for every "urn:" that
**     rule 1 allows, every prefix length tried from the longest down with
**     urnScan() (and urnNsCheck() in mode 'ns'), then rule 3 with the same
**     test on each shorter prefix, then rule 4;
**   - urnScanNss() and urnScanLongest() give the longest prefix that
**     urnScan() accepts, and the parts urnScan() gives for it;
**   - in mode 'ns', urnNsPrefixPasses() agrees with urnNsCheck() on every
**     prefix of every candidate's NSS, with one UrnNsPrefixes kept from
**     candidate to candidate as the finder keeps it;
**   - urnFindChars() counts as SQLite's SQLITE_SKIP_UTF8 walks, on ranges
**     that start anywhere.
** The reference is slow (quadratic per candidate): texts longer than
** REF_MAX bytes get the finder, its invariants and the character count
** only.  Build and run: make fuzz (mk/check.mk).
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../../ext/core/urn_scan.h"
#include "../../ext/core/urn_ns.h"
#include "../../ext/core/urn_find.h"

#define REF_MAX 700

#define CHECK(cond, what) do{ if(!(cond)){ \
  fprintf(stderr, "fuzz_find: %s (mode %d, line %d)\n", what, mode, __LINE__); \
  abort(); } }while(0)

/* Rule 1, written out: "urn:" in any ASCII case at s, not after an ASCII
** letter, digit, '+', '-' or '.'. */
static int refStart(const unsigned char *z, size_t n, size_t s){
  static const char zUrn[] = "urn:";
  size_t k;
  if( s+4>n ) return 0;
  for(k=0; k<4; k++){
    unsigned char c = z[s+k];
    if( c>='A' && c<='Z' ) c += 32;
    if( c!=(unsigned char)zUrn[k] ) return 0;
  }
  if( s>0 ){
    unsigned char c = z[s-1];
    if( (c>='a' && c<='z') || (c>='A' && c<='Z') || (c>='0' && c<='9')
     || c=='+' || c=='-' || c=='.' ){
      return 0;
    }
  }
  return 1;
}

/* Is z[0..len) a URN under mode, as urn_valid() says? */
static int refIsUrn(const unsigned char *z, size_t len, int mode){
  UrnParts parts;
  char zErr[URN_ERROR_MAX];
  if( mode!=URN_MODE_NS ) return urnScan(z, len, mode, 0, 0);
  return urnScan(z, len, URN_MODE_RFC8141, &parts, 0)
      && urnNsCheck(z, &parts, zErr, sizeof(zErr), 0);
}

/* The length of the run of bytes from s that a URN may hold (RFC 8141 §2,
** RFC 2141 §2: ASCII letters, digits and -._~!$&'()*+,;=:@/?#%): no URN
** that begins at s is longer, so the prefixes tried stop there. */
static size_t refRun(const unsigned char *z, size_t n, size_t s){
  size_t i = s;
  while( i<n && z[i]!=0 && ((z[i]>='a' && z[i]<='z') || (z[i]>='A' && z[i]<='Z')
         || (z[i]>='0' && z[i]<='9') || strchr("-._~!$&'()*+,;=:@/?#%", z[i])) ){
    i++;
  }
  return i-s;
}

static int trailing(unsigned char c){
  return c!=0 && strchr("?!.,:*_~;'", c)!=0;
}

/* The rows of the four rules, into aOff[], aLen[] (room for n/4+1). */
static size_t refFind(const unsigned char *z, size_t n, int mode,
                      size_t *aOff, size_t *aLen){
  size_t nRow = 0, i = 0, s;
  for(s=i; s+4<=n; s++){
    size_t len, e;
    if( s<i || !refStart(z, n, s) ) continue;
    for(len=refRun(z, n, s); len>0 && !refIsUrn(z+s, len, mode); len--){}
    if( len==0 ) continue;                    /* the next byte */
    for(e=s+len; ; e--){
      size_t k, nOpen = 0, nClose = 0;
      unsigned char c = z[e-1];
      for(k=s; k<e; k++){
        nOpen += z[k]=='(';
        nClose += z[k]==')';
      }
      if( !trailing(c) && !(c==')' && nClose>nOpen) ) break;
      if( !refIsUrn(z+s, e-1-s, mode) ) break;
    }
    aOff[nRow] = s;
    aLen[nRow] = e-s;
    nRow++;
    i = e;
  }
  return nRow;
}

/* SQLITE_SKIP_UTF8 over z[from..to), in the state the bytes before from
** leave: walk from the start of the text and count what lies in range. */
static size_t refChars(const unsigned char *z, size_t from, size_t to){
  size_t i = 0, nChar = 0;
  while( i<to ){
    size_t start = i;
    if( z[i++]>=0xc0 ){
      while( i<to && (z[i] & 0xc0)==0x80 ) i++;
    }
    /* A character that begins before from counts only its bytes from
    ** from on that SQLite would read as characters: none, since they are
    ** continuation bytes it swallows. */
    if( start>=from ) nChar++;
  }
  return nChar;
}

/* urnScanNss() and urnScanLongest() for every candidate against the
** longest prefix that urnScan() accepts, and in mode 'ns' the namespace
** rules on every prefix of its NSS. */
static void checkCandidates(const unsigned char *z, size_t n, int mode){
  UrnNsPrefixes ns;
  int scanMode = mode==URN_MODE_RFC2141 ? mode : URN_MODE_RFC8141;
  size_t s;
  memset(&ns, 0, sizeof(ns));
  for(s=0; s+4<=n; s++){
    size_t h, e, longest, want;
    UrnParts parts, partsRef;
    if( !refStart(z, n, s) ) continue;
    want = refRun(z, n, s);
    while( want>0 && !urnScan(z+s, want, scanMode, 0, 0) ) want--;
    h = urnScanHead(z+s, n-s, scanMode);
    if( h==0 ){
      CHECK(want==0, "urnScanHead() found no head where a URN begins");
      continue;
    }
    e = urnScanNss(z+s, n-s, scanMode, h);
    if( e==h+1 ){
      CHECK(want==0, "urnScanNss() found no NSS where a URN begins");
      continue;
    }
    memset(&parts, 0xA5, sizeof(parts));
    longest = urnScanLongest(z+s, n-s, scanMode, h, e, &parts);
    CHECK(longest==want, "urnScanLongest() is not the longest URN");
    CHECK(parts.nss.off+parts.nss.len==e, "urnScanNss() is not its NSS");
    urnScan(z+s, longest, scanMode, &partsRef, 0);
    CHECK(memcmp(&parts, &partsRef, sizeof(parts))==0,
          "urnScanLongest()'s parts are not urnScan()'s");
    if( mode==URN_MODE_NS ){
      size_t nss = s+parts.nss.off, nssEnd = nss+parts.nss.len, L;
      urnNsPrefixes(&ns, z, s+4, h-4, nss, nssEnd);
      for(L=1; L<=nssEnd-nss; L++){
        UrnParts p;
        char zErr[URN_ERROR_MAX];
        if( !urnScan(z+s, nss+L-s, URN_MODE_RFC8141, &p, 0) ) continue;
        CHECK(urnNsPrefixPasses(&ns, z, nss, L)
              ==urnNsCheck(z+s, &p, zErr, sizeof(zErr), 0),
              "urnNsPrefixPasses() is not urnNsCheck()");
      }
    }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size){
  const unsigned char *z;
  size_t n, nRow = 0, nRef = 0, k, off, len, prevEnd = 0;
  size_t *aOff, *aLen, *bOff, *bLen;
  UrnFinder f;
  int mode;
  if( size==0 ) return 0;
  mode = data[0]%3;
  z = data+1;
  n = size-1;
  aOff = malloc(sizeof(size_t)*(n/4+2));
  aLen = malloc(sizeof(size_t)*(n/4+2));
  bOff = malloc(sizeof(size_t)*(n/4+2));
  bLen = malloc(sizeof(size_t)*(n/4+2));
  if( aOff==0 || aLen==0 || bOff==0 || bLen==0 ) abort();

  /* The finder, and what holds for its rows whatever the text: at most one
  ** per 7 bytes (the shortest URN), in order, each where rule 1 allows it
  ** and a URN under the mode. */
  urnFindStart(&f, z, n, mode);
  while( urnFindNext(&f, &off, &len) ){
    CHECK(nRow<=n/4, "more rows than there is room for");
    CHECK(off>=prevEnd && len>=7 && off+len<=n, "row out of order");
    CHECK(refStart(z, n, off), "a row where rule 1 allows none");
    CHECK(refIsUrn(z+off, len, mode), "a row that is not a URN");
    aOff[nRow] = off;
    aLen[nRow] = len;
    nRow++;
    prevEnd = off+len;
  }
  CHECK(urnFindNext(&f, &off, &len)==0, "rows after the end");

  /* The rows against the reference's. */
  if( n<=REF_MAX ){
    nRef = refFind(z, n, mode, bOff, bLen);
    for(k=0; k<nRow && k<nRef; k++){
      CHECK(aOff[k]==bOff[k], "a row starts where the reference's does not");
      CHECK(aLen[k]==bLen[k], "a row's length is not the reference's");
    }
    CHECK(nRow==nRef, "not the reference's number of rows");
    checkCandidates(z, n, mode);
  }
  free(aOff);
  free(aLen);
  free(bOff);
  free(bLen);

  /* The character count, on ranges that start and end anywhere. */
  for(k=0; k<4 && n>0; k++){
    size_t from = (k*7919 + (size_t)data[0]) % (n+1);
    size_t to = from + (k*104729 + n/2) % (n+1-from);
    CHECK(urnFindChars(z, from, to)==refChars(z, from, to),
          "urnFindChars() is not SQLITE_SKIP_UTF8's count");
  }
  CHECK(urnFindChars(z, 0, n)==refChars(z, 0, n), "urnFindChars() of all");
  return 0;
}
