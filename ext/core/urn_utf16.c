/*
** urn_utf16.c -- the key of a string stored in a UTF-16 database, and the
** collation URN there (layer 1; no SQLite headers).  urn_utf16.h says what
** the key is; docs/design.md, "Database encodings", why.
**
** The scanner here is the RFC 8141 grammar of urn_scan.c read one code
** unit at a time: a unit that is not ASCII is in no character class, so it
** ends a URN like any byte outside the grammar.  It answers only "is this
** a URN, and where do its NSS start and end", which is all the key needs
** (the components are dropped from it).  test/encoding.test and the fuzz
** target fuzz_cmp check it against urnScan() on every widened input.
*/
#include <string.h>
#include "urn_utf16.h"
#include "urn_class.h"

/* Code unit i of z, in byte order be. */
static unsigned unitAt(const unsigned char *z, size_t i, int be){
  return be ? (unsigned)z[2*i]<<8 | z[2*i+1] : z[2*i] | (unsigned)z[2*i+1]<<8;
}

/* Code unit i of z as the scanner's byte: itself if ASCII, else 0x80,
** which is in no class (urn_class.h) and equals no delimiter. */
static unsigned char charAt(const unsigned char *z, size_t i, int be){
  unsigned u = unitAt(z, i, be);
  return u<0x80 ? (unsigned char)u : 0x80;
}

/* The run flags of urn_scan.c's scanRun(). */
#define RUN_QMARK 0x02    /* "?" belongs to the run ...            */
#define RUN_QEQ   0x04    /* ... except a "?" that starts "?="     */

/* Advance *pi over a run of pchar (RFC 3986 §3.3) and "/", and "?" as
** flags allow (RFC 8141 §2, §2.3.1: the r-component ends at "?=").
** Returns 0 on a "%" not followed by two hex digits (RFC 3986 §2.1). */
static int run16(const unsigned char *z, size_t n, int be, size_t *pi,
                 int flags){
  size_t i = *pi;
  while( i<n ){
    unsigned char c = charAt(z, i, be);
    if( CLS(c) & UC_RUN ){
      i++;
    }else if( c=='%' ){
      if( i+2>=n || !(CLS(charAt(z, i+1, be)) & UC_HEX)
       || !(CLS(charAt(z, i+2, be)) & UC_HEX) ){
        return 0;
      }
      i += 3;
    }else if( c=='?' && (flags & RUN_QMARK)
           && !((flags & RUN_QEQ) && i+1<n && charAt(z, i+1, be)=='=') ){
      i++;
    }else{
      break;
    }
  }
  *pi = i;
  return 1;
}

/* A component may start at unit i: RFC 8141 §2, NSS, r- and q-component
** all begin with a pchar. */
static int startsPchar16(const unsigned char *z, size_t n, int be, size_t i){
  unsigned char c;
  if( i>=n ) return 0;
  c = charAt(z, i, be);
  return (CLS(c) & UC_PCHAR) || c=='%';
}

/* Is the string of n units z an RFC 8141 URN?  If so, store where its NSS
** starts and ends (in units). */
static int scan16(const unsigned char *z, size_t n, int be,
                  size_t *pNssOff, size_t *pNssEnd){
  size_t i, nssOff, nssEnd;
  /* RFC 8141 §2: "urn" in any case (§3.1 item 1), then ":". */
  if( n<4 || (charAt(z, 0, be)|0x20)!='u' || (charAt(z, 1, be)|0x20)!='r'
   || (charAt(z, 2, be)|0x20)!='n' || charAt(z, 3, be)!=':' ){
    return 0;
  }
  /* NID = (alphanum) 0*30(ldh) (alphanum), then ":". */
  if( n<5 || !(CLS(charAt(z, 4, be)) & UC_ALNUM) ) return 0;
  for(i=5; i<n && i<4+33 && (CLS(charAt(z, i, be)) & UC_LDH); i++){}
  if( i>=n || charAt(z, i, be)!=':' || i-4<2 || i-4>32
   || !(CLS(charAt(z, i-1, be)) & UC_ALNUM) ){
    return 0;
  }
  /* NSS = pchar *(pchar / "/"). */
  i++;
  if( !startsPchar16(z, n, be, i) ) return 0;
  nssOff = i;
  if( !run16(z, n, be, &i, 0) ) return 0;
  nssEnd = i;
  /* [ "?+" r-component ] [ "?=" q-component ]; a "?" followed by neither
  ** is a syntax error (RFC 8141 §2). */
  if( i<n && charAt(z, i, be)=='?' ){
    if( i+1<n && charAt(z, i+1, be)=='+' ){
      i += 2;
      if( !startsPchar16(z, n, be, i) ) return 0;
      if( !run16(z, n, be, &i, RUN_QMARK|RUN_QEQ) ) return 0;
      if( i<n && charAt(z, i, be)!='?' && charAt(z, i, be)!='#' ) return 0;
    }else if( i+1>=n || charAt(z, i+1, be)!='=' ){
      return 0;
    }
  }
  if( i<n && charAt(z, i, be)=='?' ){
    /* "?=" (checked above, or where the r-component stopped). */
    i += 2;
    if( !startsPchar16(z, n, be, i) ) return 0;
    if( !run16(z, n, be, &i, RUN_QMARK) ) return 0;
  }
  if( i<n && charAt(z, i, be)=='#' ){
    /* RFC 8141 §2.3.3, RFC 3986 §3.5: *( pchar / "/" / "?" ). */
    i++;
    if( !run16(z, n, be, &i, RUN_QMARK) ) return 0;
  }
  if( i<n ) return 0;
  *pNssOff = nssOff;
  *pNssEnd = nssEnd;
  return 1;
}

void urnKey16Start(UrnKey16 *p, const unsigned char *z, size_t n, int be){
  memset(p, 0, sizeof(*p));
  p->z = z;
  p->n = n;
  p->be = be;
  p->pending = -1;
  if( (n & 1)==0 && scan16(z, n/2, be, &p->nssOff, &p->end) ){
    p->isUrn = 1;
    p->lowerEnd = p->nssOff;
  }
}

/* The next character of the key of a URN, or -1 at its end: the head
** ("urn:" NID ":") lower-cased (RFC 8141 §3.1 items 1 and 2), the hex
** digits of every %XX upper-cased (item 3), and a namespace's transform
** (urn_ns_rules.h, UrnNsFold) on the other bytes of the NSS. */
static int keyUnit(UrnKey16 *p){
  while( p->i<p->end ){
    size_t i = p->i++;
    unsigned char c = charAt(p->z, i, p->be);   /* ASCII: a URN */
    if( i<p->nssOff ){
      return (CLS(c) & UC_UPPER) ? c|0x20 : c;
    }
    if( charAt(p->z, i-1, p->be)=='%' || charAt(p->z, i-2, p->be)=='%' ){
      /* i-2 is at least the NID's last unit. */
      return (CLS(c) & UC_LHEX) ? c&~0x20 : c;
    }
    if( c=='-' && p->dropHyphen ) continue;
    if( (CLS(c) & UC_UPPER) && i<p->lowerEnd ) return c|0x20;
    if( c=='x' && p->upperX ) return 'X';
    return c;
  }
  return -1;
}

/* The next byte of the key, or -1 at its end: a non-URN's own bytes, a
** URN's key characters as code units in its byte order. */
static int keyByte(UrnKey16 *p){
  int c;
  if( !p->isUrn ) return p->i<p->n ? p->z[p->i++] : -1;
  if( p->pending>=0 ){
    c = p->pending;
    p->pending = -1;
    return c;
  }
  c = keyUnit(p);
  if( c<0 ) return -1;
  if( p->be ){
    p->pending = c;
    return 0;
  }
  p->pending = 0;
  return c;
}

int urnKey16Compare(UrnKey16 *pA, UrnKey16 *pB){
  if( !pA->isUrn && !pB->isUrn ){
    size_t m = pA->n<pB->n ? pA->n : pB->n;
    int c = m ? memcmp(pA->z, pB->z, m) : 0;
    if( c ) return c<0 ? -1 : 1;
    return (pA->n>pB->n) - (pA->n<pB->n);
  }
  if( pA->isUrn && pB->isUrn ){
    /* Both widened alike: the order of the characters is that of their
    ** code units' bytes, in either byte order. */
    for(;;){
      int ca = keyUnit(pA), cb = keyUnit(pB);
      if( ca!=cb ) return ca<cb ? -1 : 1;
      if( ca<0 ) return 0;
    }
  }
  for(;;){
    int ca = keyByte(pA), cb = keyByte(pB);
    if( ca!=cb ) return ca<cb ? -1 : 1;   /* -1, the end, sorts first */
    if( ca<0 ) return 0;
  }
}

void urnUtf16Narrow(const unsigned char *z, size_t nUnits, int be,
                    unsigned char *zOut){
  size_t i;
  for(i=0; i<nUnits; i++) zOut[i] = (unsigned char)unitAt(z, i, be);
}

size_t urnUtf16ToUtf8(const unsigned char *z, size_t n, int be,
                      unsigned char *zOut){
  size_t i, k = 0;
  if( n & 1 ) return (size_t)-1;
  for(i=0; i<n/2; i++){
    unsigned long u = unitAt(z, i, be);
    unsigned char a[4];
    size_t m;
    if( u>=0xDC00 && u<=0xDFFF ) return (size_t)-1;    /* lone low */
    if( u>=0xD800 && u<=0xDBFF ){
      /* RFC 2781 §2.2: a high surrogate and a low one make a pair. */
      unsigned long w;
      if( i+1>=n/2 ) return (size_t)-1;
      w = unitAt(z, i+1, be);
      if( w<0xDC00 || w>0xDFFF ) return (size_t)-1;
      u = 0x10000 + ((u-0xD800)<<10) + (w-0xDC00);
      i++;
    }
    /* RFC 3629 §3. */
    if( u<0x80 ){
      a[0] = (unsigned char)u; m = 1;
    }else if( u<0x800 ){
      a[0] = (unsigned char)(0xC0 | u>>6);
      a[1] = (unsigned char)(0x80 | (u & 0x3F)); m = 2;
    }else if( u<0x10000 ){
      a[0] = (unsigned char)(0xE0 | u>>12);
      a[1] = (unsigned char)(0x80 | ((u>>6) & 0x3F));
      a[2] = (unsigned char)(0x80 | (u & 0x3F)); m = 3;
    }else{
      a[0] = (unsigned char)(0xF0 | u>>18);
      a[1] = (unsigned char)(0x80 | ((u>>12) & 0x3F));
      a[2] = (unsigned char)(0x80 | ((u>>6) & 0x3F));
      a[3] = (unsigned char)(0x80 | (u & 0x3F)); m = 4;
    }
    if( zOut ) memcpy(zOut+k, a, m);
    k += m;
  }
  return k;
}

/* The collation URN on two strings as stored in byte order be.  The same
** bytes have the same key: no scan for them (an index lookup of a stored
** value, a UNIQUE check of a repeated one). */
static int collate16(int be, int nA, const void *pA, int nB, const void *pB){
  UrnKey16 a, b;
  if( nA==nB && (nA==0 || memcmp(pA, pB, (size_t)nA)==0) ) return 0;
  urnKey16Start(&a, (const unsigned char*)pA, (size_t)nA, be);
  urnKey16Start(&b, (const unsigned char*)pB, (size_t)nB, be);
  return urnKey16Compare(&a, &b);
}

int urnCollate16le(void *pArg, int nA, const void *pA, int nB,
                   const void *pB){
  (void)pArg;
  return collate16(0, nA, pA, nB, pB);
}

int urnCollate16be(void *pArg, int nA, const void *pA, int nB,
                   const void *pB){
  (void)pArg;
  return collate16(1, nA, pA, nB, pB);
}
