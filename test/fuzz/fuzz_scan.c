/*
** test/fuzz/fuzz_scan.c -- libFuzzer target for the scanner (ext/core/urn_scan.c)
** in both modes.  The whole input is one candidate URN.  Checked:
**   - urnScan never reads outside [z, z+n) (ASan: libFuzzer's buffer is
**     exactly n bytes) and gives the same verdict with and without its
**     optional outputs, and urnIsUrn (the comparator's validity test,
**     its own entry point) gives that verdict too;
**   - it accepts exactly what the reference validator (ref_urn.c, written
**     from RFC 8141 §2 and RFC 2141 §2) accepts, with the same parts;
**   - the spans of a URN tile the input in order: "urn" ":" NID ":" NSS
**     ["?+" r] ["?=" q] ["#" f], nothing before, between or after;
**   - on a failure, the offset is the length of the longest prefix of the
**     input that is a prefix of some URN (urn_scan.h), decided with the
**     reference validator and a set of completions that is complete for
**     both grammars (see viable());
**   - urnErrorMessage writes a NUL-terminated, valid UTF-8 line without
**     control characters that fits its buffer, whatever the buffer size,
**     cut (if at all) before a character, never inside one;
**   - the scanner of a UTF-16 database (ext/core/urn_utf16.c) gives the RFC
**     8141 verdict and NSS on the input widened (each byte b as the code
**     unit b, both byte orders), and calls nothing a URN once a unit
**     outside ASCII (b + 0x100) or an odd byte is there.
** Build and run: make fuzz (mk/check.mk).
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../../ext/core/urn_scan.h"
#include "../../ext/core/urn_utf16.h"

int refValid(const unsigned char *z, size_t n, int mode, size_t *aSpan);

#define CHECK(cond, what) do{ if(!(cond)){ \
  fprintf(stderr, "fuzz_scan: %s (mode %d, line %d)\n", what, mode, __LINE__); \
  abort(); } }while(0)

/* Completions: whenever p is a prefix of some URN (either mode), p plus
** one of these (or, for p shorter than 4, plus the rest of "urn:aa:a") is
** a URN.  The cases, by where p ends: in the NID with k characters
** ("aa:a" for k=0, "a:a" for k=1, for a trailing '-' and for the 2141 NID
** "urn", ":a" otherwise); right after the ':' that ends the NID ("a"); in
** a part after a whole character or '/' or a '?' an r-component may end
** with (""); after '%' ("00", 2141: "01"), after '%X' ("0", 2141 "%0":
** "1"); after a '?' that ends the NSS ("+a", "=a"); after "?+" or "?="
** ("a"). */
static const char *const azTail[] = {
  "", "a", "0", "1", "00", "01", "+a", "=a", ":a", "a:a", "aa:a",
};

/* Is z[0..n) a prefix of some URN under mode? */
static int viable(const unsigned char *z, size_t n, int mode){
  static const char zFull[] = "urn:aa:a";
  unsigned char *zBuf = malloc(n + sizeof(zFull));
  size_t k;
  int ok = 0;
  if( zBuf==0 ) abort();
  if( n ) memcpy(zBuf, z, n);
  if( n<4 ){
    memcpy(zBuf+n, zFull+n, sizeof(zFull)-1-n);
    ok = refValid(zBuf, sizeof(zFull)-1, mode, 0);
  }
  for(k=0; !ok && k<sizeof(azTail)/sizeof(azTail[0]); k++){
    size_t m = strlen(azTail[k]);
    memcpy(zBuf+n, azTail[k], m);
    ok = refValid(zBuf, n+m, mode, 0);
  }
  free(zBuf);
  return ok;
}

static void checkTiling(const unsigned char *z, size_t n, int mode,
                        const UrnParts *p){
  size_t cur;
  CHECK(n>=4 && (z[0]|0x20)=='u' && (z[1]|0x20)=='r' && (z[2]|0x20)=='n'
        && z[3]==':', "scheme");
  CHECK(p->nid.off==4 && p->nid.len>0, "NID start");
  cur = p->nid.off + p->nid.len;
  CHECK(cur<n && z[cur]==':', "':' after NID");
  CHECK(p->nss.off==cur+1 && p->nss.len>0, "NSS start");
  cur = p->nss.off + p->nss.len;
  CHECK(cur<=n, "NSS end");
  if( p->r.off ){
    CHECK(mode==URN_MODE_RFC8141, "r-component in RFC 2141 mode");
    CHECK(cur+2<=n && z[cur]=='?' && z[cur+1]=='+' && p->r.off==cur+2,
          "\"?+\" before r");
    cur = p->r.off + p->r.len;
  }else{
    CHECK(p->r.len==0, "absent r has a length");
  }
  if( p->q.off ){
    CHECK(mode==URN_MODE_RFC8141, "q-component in RFC 2141 mode");
    CHECK(cur+2<=n && z[cur]=='?' && z[cur+1]=='=' && p->q.off==cur+2,
          "\"?=\" before q");
    cur = p->q.off + p->q.len;
  }else{
    CHECK(p->q.len==0, "absent q has a length");
  }
  if( p->f.off ){
    CHECK(mode==URN_MODE_RFC8141, "f-component in RFC 2141 mode");
    CHECK(cur+1<=n && z[cur]=='#' && p->f.off==cur+1, "'#' before f");
    cur = p->f.off + p->f.len;
  }else{
    CHECK(p->f.len==0, "absent f has a length");
  }
  CHECK(cur==n, "spans do not reach the end");
}

/* The message fits nOut, is NUL-terminated, is valid UTF-8 (RFC 3629 §4,
** checked here by its ranges) however short nOut cuts it, holds no control
** character (U+0000..U+001F, U+007F..U+009F: those are named by code
** point), and ends within 3 bytes of the room it had. */
static void checkMessage(const unsigned char *z, size_t n, int mode,
                         const UrnFail *pFail, size_t nOut){
  char *zOut = malloc(nOut);
  char zFull[URN_ERROR_MAX];
  size_t len, nFull, i, k;
  if( zOut==0 ) abort();
  len = urnErrorMessage(z, n, pFail, zOut, nOut);
  nFull = urnErrorMessage(z, n, pFail, zFull, sizeof(zFull));
  CHECK(len<nOut && zOut[len]==0 && strlen(zOut)==len, "message length");
  CHECK(nFull+1<sizeof(zFull), "URN_ERROR_MAX is too small");
  CHECK(memcmp(zOut, zFull, len)==0 && (len==nFull || len+4>=nOut),
        "a cut message is not the longest prefix that fits");
  for(i=0; i<len; i+=k+1){
    const unsigned char *u = (const unsigned char*)zOut+i;
    unsigned char lo = 0x80, hi = 0xBF;
    CHECK(u[0]>=0x20 && u[0]!=0x7F, "a control character in the message");
    k = 0;
    if( u[0]<0x80 ) continue;
    if( u[0]>=0xC2 && u[0]<=0xDF ) k = 1;
    else if( u[0]>=0xE0 && u[0]<=0xEF ) k = 2;
    else if( u[0]>=0xF0 && u[0]<=0xF4 ) k = 3;
    CHECK(k>0 && i+k<len, "message is not UTF-8");
    if( u[0]==0xE0 ) lo = 0xA0;
    if( u[0]==0xED ) hi = 0x9F;
    if( u[0]==0xF0 ) lo = 0x90;
    if( u[0]==0xF4 ) hi = 0x8F;
    CHECK(u[1]>=lo && u[1]<=hi, "message is not UTF-8");
    CHECK(k<2 || (u[2]&0xC0)==0x80, "message is not UTF-8");
    CHECK(k<3 || (u[3]&0xC0)==0x80, "message is not UTF-8");
    CHECK(!(u[0]==0xC2 && u[1]<0xA0), "a control character in the message");
  }
  free(zOut);
}

/* The UTF-16 scanner on data widened in byte order be, against urnScan's
** verdict valid and parts. */
static void checkUtf16(const uint8_t *data, size_t size, int be, int valid,
                       const UrnParts *pParts){
  const int mode = URN_MODE_RFC8141;
  unsigned char *w = malloc(2*size+1);
  UrnKey16 k;
  size_t i;
  if( w==0 ) abort();
  for(i=0; i<size; i++){
    w[2*i+be] = data[i];
    w[2*i+!be] = 0;
  }
  urnKey16Start(&k, w, 2*size, be);
  CHECK(k.isUrn==valid, "UTF-16 verdict");
  if( valid ){
    CHECK(k.nssOff==pParts->nss.off && k.end==pParts->nss.off+pParts->nss.len,
          "UTF-16 NSS span");
  }
  if( size>0 ){
    /* The last unit outside ASCII: no URN.  An odd byte more: none. */
    w[2*(size-1)+!be] = 1;
    urnKey16Start(&k, w, 2*size, be);
    CHECK(!k.isUrn, "a unit outside ASCII in a URN");
    w[2*(size-1)+!be] = 0;
    w[2*size] = 0;
    urnKey16Start(&k, w, 2*size+1, be);
    CHECK(!k.isUrn, "an odd length in a URN");
  }
  free(w);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size){
  int mode;
  /* A code that names no failure: "nothing", no section (urn_scan.h). */
  mode = size ? -(int)data[0] : 1000;
  CHECK(strcmp(urnErrorExpected(mode), "nothing")==0
        && urnErrorSection(mode)[0]==0, "out-of-range code");
  for(mode=URN_MODE_RFC8141; mode<=URN_MODE_RFC2141; mode++){
    UrnParts parts;
    UrnFail fail;
    size_t aRef[10];
    int valid, ref;
    memset(&parts, 0xA5, sizeof(parts));
    memset(&fail, 0xA5, sizeof(fail));
    valid = urnScan(data, size, mode, &parts, &fail);
    CHECK(valid==0 || valid==1, "verdict is not 0 or 1");
    CHECK(urnScan(data, size, mode, 0, 0)==valid, "verdict without outputs");
    CHECK(urnScan(data, size, mode, &parts, 0)==valid, "verdict without fail");
    CHECK(urnScan(data, size, mode, 0, &fail)==valid, "verdict without parts");
    CHECK(urnIsUrn(data, size, mode)==valid, "urnIsUrn verdict");
    ref = refValid(data, size, mode, aRef);
    CHECK(valid==ref, valid ? "accepted, reference rejects"
                            : "rejected, reference accepts");
    if( valid ){
      urnScan(data, size, mode, &parts, 0);
      checkTiling(data, size, mode, &parts);
      CHECK(parts.nid.off==aRef[0] && parts.nid.len==aRef[1], "NID span");
      CHECK(parts.nss.off==aRef[2] && parts.nss.len==aRef[3], "NSS span");
      CHECK(parts.r.off==aRef[4] && parts.r.len==aRef[5], "r span");
      CHECK(parts.q.off==aRef[6] && parts.q.len==aRef[7], "q span");
      CHECK(parts.f.off==aRef[8] && parts.f.len==aRef[9], "f span");
    }
    if( mode==URN_MODE_RFC8141 ){
      checkUtf16(data, size, 0, valid, &parts);
      checkUtf16(data, size, 1, valid, &parts);
    }
    if( !valid ){
      CHECK(fail.offset<=size, "offset past the end");
      CHECK(strcmp(urnErrorExpected(fail.code), "nothing")!=0, "no code");
      CHECK(urnErrorSection(fail.code)[0]!=0, "no RFC section");
      CHECK(viable(data, fail.offset, mode), "offset too far");
      CHECK(fail.offset==size || !viable(data, fail.offset+1, mode),
            "offset too early");
      checkMessage(data, size, mode, &fail, URN_ERROR_MAX);
      checkMessage(data, size, mode, &fail, 1 + size%URN_ERROR_MAX);
    }
  }
  return 0;
}
