/*
** test/fuzz/ref_urn.c -- a slow, simple reference validator and key for the
** fuzz targets, written straight from the grammars.  It shares nothing with
** ext/: no class table, no state machine.  Each rule is one small function;
** the parts are found by splitting on the delimiters that the grammar says
** cannot occur inside them, then each part is checked on its own.
**
** Linked into every target in test/fuzz/ (it is not a target itself).
**
** RFC 8141 §2:
**   namestring    = assigned-name [ rq-components ] [ "#" f-component ]
**   assigned-name = "urn" ":" NID ":" NSS
**   NID           = (alphanum) 0*30(ldh) (alphanum)
**   NSS           = pchar *(pchar / "/")
**   rq-components = [ "?+" r-component ] [ "?=" q-component ]
**   r-component   = pchar *( pchar / "/" / "?" )
**   q-component   = pchar *( pchar / "/" / "?" )
**   f-component   = fragment = *( pchar / "/" / "?" )      (RFC 3986 §3.5)
**   pchar         = unreserved / pct-encoded / sub-delims / ":" / "@"
**                                                          (RFC 3986 §3.3)
** The ABNF alone would let an r-component swallow a "?=": RFC 8141 §2.3.1
** says "The r-component ends with a "?=" sequence (which begins a
** q-component) or a "#" character", so it holds no "?=".
**
** RFC 2141 §2 (legacy):
**   <URN> ::= "urn:" <NID> ":" <NSS>
**   <NID> ::= <let-num> [ 1,31<let-num-hyp> ]    ("urn" is reserved, §2.1)
**   <NSS> ::= 1*<URN chars>;  <URN chars> ::= <trans> | "%" <hex> <hex>
** with the reserved "/", "?", "#" (§2.3.2) rejected, as the project does,
** and %00 rejected ("octet 0 ... should NEVER be used", §2.4).
*/
#include <stddef.h>
#include <string.h>

/* Spans as in ext/core/urn_scan.h, flattened: aSpan[2*k] is the offset and
** aSpan[2*k+1] the length of part k, for k = 0 NID, 1 NSS, 2 r, 3 q, 4 f.
** An absent part has offset 0 and length 0. */
#define REF_NID 0
#define REF_NSS 1
#define REF_R   2
#define REF_Q   3
#define REF_F   4

static int isAlpha(unsigned char c){
  return (c>='A' && c<='Z') || (c>='a' && c<='z');
}
static int isDigit(unsigned char c){ return c>='0' && c<='9'; }
static int isAlnum(unsigned char c){ return isAlpha(c) || isDigit(c); }
static int isHex(unsigned char c){
  return isDigit(c) || (c>='A' && c<='F') || (c>='a' && c<='f');
}
static int isOneOf(unsigned char c, const char *zSet){
  return c!=0 && strchr(zSet, c)!=0;
}
/* RFC 3986 §2.3: unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" */
static int isUnreserved(unsigned char c){
  return isAlnum(c) || isOneOf(c, "-._~");
}
/* RFC 3986 §2.2: sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" /
** "+" / "," / ";" / "=" */
static int isSubDelim(unsigned char c){ return isOneOf(c, "!$&'()*+,;="); }

/* The length of the pchar that starts z[i] and ends before z[end], or 0. */
static size_t pcharAt(const unsigned char *z, size_t i, size_t end){
  if( i>=end ) return 0;
  if( isUnreserved(z[i]) || isSubDelim(z[i]) || z[i]==':' || z[i]=='@' ){
    return 1;
  }
  if( z[i]=='%' && i+2<end && isHex(z[i+1]) && isHex(z[i+2]) ) return 3;
  return 0;
}

/* Does z[from..to) match  pchar *( pchar / EXTRA )  (bFirst) or
** *( pchar / EXTRA )  (!bFirst), where EXTRA is the characters of zExtra? */
static int matchPcharRun(const unsigned char *z, size_t from, size_t to,
                         const char *zExtra, int bFirst){
  size_t k;
  if( bFirst ){
    k = pcharAt(z, from, to);
    if( k==0 ) return 0;
    from += k;
  }
  while( from<to ){
    k = pcharAt(z, from, to);
    if( k ){
      from += k;
    }else if( isOneOf(z[from], zExtra) ){
      from++;
    }else{
      return 0;
    }
  }
  return 1;
}

/* The offset of the first c in z[from..to), or to. */
static size_t findByte(const unsigned char *z, size_t from, size_t to,
                       unsigned char c){
  while( from<to && z[from]!=c ) from++;
  return from;
}

/* The offset of the first "?=" in z[from..to), or to. */
static size_t findQEq(const unsigned char *z, size_t from, size_t to){
  for(; from+1<to; from++){
    if( z[from]=='?' && z[from+1]=='=' ) return from;
  }
  return to;
}

static int lowerAscii(unsigned char c){
  return (c>='A' && c<='Z') ? c+('a'-'A') : c;
}

/* "urn:" in any case: RFC 8141 §3.1 item 1, RFC 2141 §5. */
static int hasScheme(const unsigned char *z, size_t n){
  return n>=4 && lowerAscii(z[0])=='u' && lowerAscii(z[1])=='r'
      && lowerAscii(z[2])=='n' && z[3]==':';
}

static void setSpan(size_t *aSpan, int k, size_t off, size_t len){
  aSpan[2*k] = off;
  aSpan[2*k+1] = len;
}

static int refValid8141(const unsigned char *z, size_t n, size_t *aSpan){
  size_t nidEnd, i, hash, nssEnd, p;
  if( !hasScheme(z, n) ) return 0;
  /* NID: everything up to the next ':' (no ':' can be in a NID). */
  nidEnd = findByte(z, 4, n, ':');
  if( nidEnd==n ) return 0;
  if( nidEnd-4<2 || nidEnd-4>32 ) return 0;
  if( !isAlnum(z[4]) || !isAlnum(z[nidEnd-1]) ) return 0;
  for(i=5; i<nidEnd-1; i++){
    if( !isAlnum(z[i]) && z[i]!='-' ) return 0;
  }
  setSpan(aSpan, REF_NID, 4, nidEnd-4);
  /* The first '#' starts the f-component: no other part may hold one. */
  hash = findByte(z, nidEnd+1, n, '#');
  /* The NSS ends at the first '?' before that: an NSS holds no '?'. */
  nssEnd = findByte(z, nidEnd+1, hash, '?');
  if( !matchPcharRun(z, nidEnd+1, nssEnd, "/", 1) ) return 0;
  setSpan(aSpan, REF_NSS, nidEnd+1, nssEnd-(nidEnd+1));
  p = nssEnd;
  if( p<hash && p+1<hash && z[p+1]=='+' ){
    size_t rEnd = findQEq(z, p+2, hash);          /* RFC 8141 §2.3.1 */
    if( !matchPcharRun(z, p+2, rEnd, "/?", 1) ) return 0;
    setSpan(aSpan, REF_R, p+2, rEnd-(p+2));
    p = rEnd;
  }
  if( p<hash ){
    if( !(p+1<hash && z[p+1]=='=') ) return 0;   /* a bare '?' */
    if( !matchPcharRun(z, p+2, hash, "/?", 1) ) return 0;
    setSpan(aSpan, REF_Q, p+2, hash-(p+2));
  }
  if( hash<n ){
    if( !matchPcharRun(z, hash+1, n, "/?", 0) ) return 0;
    setSpan(aSpan, REF_F, hash+1, n-(hash+1));
  }
  return 1;
}

static int refValid2141(const unsigned char *z, size_t n, size_t *aSpan){
  size_t nidEnd, i;
  if( !hasScheme(z, n) ) return 0;
  nidEnd = findByte(z, 4, n, ':');
  if( nidEnd==n ) return 0;
  if( nidEnd-4<1 || nidEnd-4>32 ) return 0;
  if( !isAlnum(z[4]) ) return 0;
  for(i=5; i<nidEnd; i++){
    if( !isAlnum(z[i]) && z[i]!='-' ) return 0;
  }
  if( nidEnd-4==3 && lowerAscii(z[4])=='u' && lowerAscii(z[5])=='r'
   && lowerAscii(z[6])=='n' ){
    return 0;                                     /* RFC 2141 §2.1 */
  }
  if( nidEnd+1>=n ) return 0;                     /* 1*<URN chars> */
  for(i=nidEnd+1; i<n; ){
    if( isAlnum(z[i]) || isOneOf(z[i], "()+,-.:=@;$_!*'") ){
      i++;
    }else if( z[i]=='%' && i+2<n && isHex(z[i+1]) && isHex(z[i+2])
           && !(z[i+1]=='0' && z[i+2]=='0') ){
      i += 3;
    }else{
      return 0;
    }
  }
  setSpan(aSpan, REF_NID, 4, nidEnd-4);
  setSpan(aSpan, REF_NSS, nidEnd+1, n-(nidEnd+1));
  return 1;
}

/* Is z[0..n) a URN under mode (0: RFC 8141, 1: RFC 2141)?  When it is,
** aSpan (room for 10) receives the parts; it is zeroed first either way. */
int refValid(const unsigned char *z, size_t n, int mode, size_t *aSpan){
  size_t aDummy[10];
  if( aSpan==0 ) aSpan = aDummy;
  memset(aSpan, 0, 10*sizeof(size_t));
  return mode==1 ? refValid2141(z, n, aSpan) : refValid8141(z, n, aSpan);
}

/* Write key(z) (docs/design.md; RFC 8141 §3.1) to zOut, which has room for n
** bytes, and return its length: for a URN "urn:" + lower(NID) + ":" + NSS
** with the hex digits of every %XX upper-cased; otherwise z itself. */
size_t refKey(const unsigned char *z, size_t n, int mode, unsigned char *zOut){
  size_t aSpan[10], i, k = 0;
  if( !refValid(z, n, mode, aSpan) ){
    if( n ) memcpy(zOut, z, n);
    return n;
  }
  memcpy(zOut, "urn:", 4);
  k = 4;
  for(i=0; i<aSpan[2*REF_NID+1]; i++){
    zOut[k++] = (unsigned char)lowerAscii(z[aSpan[2*REF_NID]+i]);
  }
  zOut[k++] = ':';
  for(i=aSpan[2*REF_NSS]; i<aSpan[2*REF_NSS]+aSpan[2*REF_NSS+1]; i++){
    unsigned char c = z[i];
    zOut[k++] = c;
    if( c=='%' ){
      int j;
      for(j=1; j<=2; j++){
        unsigned char h = z[i+j];
        zOut[k++] = (h>='a' && h<='f') ? (unsigned char)(h-('a'-'A')) : h;
      }
      i += 2;
    }
  }
  return k;
}
