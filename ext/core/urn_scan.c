/*
** urn_scan.c -- the URN scanner (layer 1; no SQLite headers).
**
** One pass over the bytes of a candidate URN, driven by a 256-entry
** character-class table.  It either returns the spans of the parts
** (scheme, NID, NSS, r-, q-, f-component) or the offset of the first
** offending byte with a code naming what the grammar expected there.
** It copies nothing, allocates nothing and reads only z[0..n).  For text
** in which a URN is followed by other bytes (urn_find), urnScanHead(),
** urnScanNss() and urnScanLongest() give instead the longest prefix that
** is a URN, in one pass, with the same runs.
**
** RFC 8141 §2 (the default mode):
**   namestring    = assigned-name [ rq-components ] [ "#" f-component ]
**   assigned-name = "urn" ":" NID ":" NSS
**   NID           = (alphanum) 0*30(ldh) (alphanum)
**   NSS           = pchar *(pchar / "/")
**   rq-components = [ "?+" r-component ] [ "?=" q-component ]
**   r-component   = pchar *( pchar / "/" / "?" )
**   q-component   = pchar *( pchar / "/" / "?" )
**   f-component   = fragment                       (RFC 3986 §3.5)
**   pchar         = unreserved / pct-encoded / sub-delims / ":" / "@"
**                                                   (RFC 3986 §3.3)
** RFC 2141 §2 (legacy mode):
**   <URN> ::= "urn:" <NID> ":" <NSS>
**   <NID> ::= <let-num> [ 1,31<let-num-hyp> ]
**   <NSS> ::= 1*<URN chars>;  <URN chars> ::= <trans> | "%" <hex> <hex>
*/
#include "urn_scan.h"
#include "urn_class.h"
#include "urn_block.h"
#include <assert.h>
#include <stdio.h>
#include <string.h>

/* The classes of every byte, bits UC_xxx of urn_class.h.  Every byte >=
** 0x80 is in no class: RFC 8141 §2 and RFC 2141 §2.4 admit only ASCII.
** test/scan.test checks the table against a regular expression written
** from the ABNF. */
const unsigned char urnClass[256] = {
  0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,  /* 00..0f */
  0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,  /* 10..1f */
  0x00, 0x4c, 0x00, 0x00, 0x4c, 0x00, 0x44, 0x4c, 0x4c, 0x4c, 0x4c, 0x4c, 0x4c, 0xcc, 0x4c, 0x40,  /* 20..2f */
  0xcf, 0xcf, 0xcf, 0xcf, 0xcf, 0xcf, 0xcf, 0xcf, 0xcf, 0xcf, 0x4c, 0x4c, 0x00, 0x4c, 0x00, 0x00,  /* 30..3f */
  0x4c, 0xdf, 0xdf, 0xdf, 0xdf, 0xdf, 0xdf, 0xdd, 0xdd, 0xdd, 0xdd, 0xdd, 0xdd, 0xdd, 0xdd, 0xdd,  /* 40..4f */
  0xdd, 0xdd, 0xdd, 0xdd, 0xdd, 0xdd, 0xdd, 0xdd, 0xdd, 0xdd, 0xdd, 0x00, 0x00, 0x00, 0x00, 0x4c,  /* 50..5f */
  0x00, 0xef, 0xef, 0xef, 0xef, 0xef, 0xef, 0xcd, 0xcd, 0xcd, 0xcd, 0xcd, 0xcd, 0xcd, 0xcd, 0xcd,  /* 60..6f */
  0xcd, 0xcd, 0xcd, 0xcd, 0xcd, 0xcd, 0xcd, 0xcd, 0xcd, 0xcd, 0xcd, 0x00, 0x00, 0x00, 0x44, 0x00,  /* 70..7f */
};


/* Failure codes.  The text of each is in aError[] below, same order. */
enum {
  URN_E_NONE = 0,
  URN_E_SCHEME,        /* 8141 and 2141 */
  URN_E_NID_START,
  URN_E_NID_SHORT,
  URN_E_NID_CHAR,
  URN_E_NID_HYPHEN,
  URN_E_NID_HYPHEN31,
  URN_E_NID_31,
  URN_E_NID_LONG,
  URN_E_NSS_START,
  URN_E_NSS_CHAR,
  URN_E_QMARK,
  URN_E_R_START,
  URN_E_R_CHAR,
  URN_E_Q_START,
  URN_E_Q_CHAR,
  URN_E_F_CHAR,
  URN_E_PCT,
  URN_E2_SCHEME,       /* 2141 only from here on */
  URN_E2_NID_START,
  URN_E2_NID_CHAR,
  URN_E2_NID_LONG,
  URN_E2_NID_URN,
  URN_E2_NSS_START,
  URN_E2_NSS_CHAR,
  URN_E2_RESERVED,
  URN_E2_PCT,
  URN_E2_PCT00,
  URN_E_COUNT
};

static const struct {
  const char *zExpected;
  const char *zSection;
} aError[URN_E_COUNT] = {
  { "nothing", "" },
  { "the scheme \"urn:\" (in any case)", "RFC 8141 §2" },
  { "a letter or digit to start the NID", "RFC 8141 §2" },
  { "a letter, digit or '-' (a NID has at least 2 characters)",
    "RFC 8141 §2" },
  { "a letter, digit, '-' or the ':' that ends the NID", "RFC 8141 §2" },
  { "a letter, digit or '-' (a NID does not end with '-')", "RFC 8141 §2" },
  { "a letter or digit (a NID does not end with '-' and has at most 32 "
    "characters)", "RFC 8141 §2" },
  { "a letter, digit or ':' (a NID has at most 32 characters)",
    "RFC 8141 §2" },
  { "':' (a NID has at most 32 characters)", "RFC 8141 §2" },
  { "a letter, digit, %XX or one of -._~!$&'()*+,;=:@ to start the NSS",
    "RFC 8141 §2" },
  { "a letter, digit, %XX, one of -._~!$&'()*+,;=:@/, \"?+\", \"?=\", '#' "
    "or the end", "RFC 8141 §2" },
  { "'+' or '=' after '?' (a bare '?' is a syntax error)", "RFC 8141 §2" },
  { "a letter, digit, %XX or one of -._~!$&'()*+,;=:@ to start the "
    "r-component", "RFC 8141 §2.3.1" },
  { "a letter, digit, %XX, one of -._~!$&'()*+,;=:@/?, \"?=\", '#' or the "
    "end", "RFC 8141 §2.3.1" },
  { "a letter, digit, %XX or one of -._~!$&'()*+,;=:@ to start the "
    "q-component", "RFC 8141 §2.3.2" },
  { "a letter, digit, %XX, one of -._~!$&'()*+,;=:@/?, '#' or the end",
    "RFC 8141 §2.3.2" },
  { "a letter, digit, %XX, one of -._~!$&'()*+,;=:@/? or the end (an "
    "f-component holds no '#')", "RFC 8141 §2.3.3" },
  { "a hex digit (a '%' is always followed by two)", "RFC 8141 §2" },
  { "the scheme \"urn:\" (in any case)", "RFC 2141 §2" },
  { "a letter or digit to start the NID", "RFC 2141 §2.1" },
  { "a letter, digit, '-' or the ':' that ends the NID", "RFC 2141 §2.1" },
  { "':' (a NID has at most 32 characters)", "RFC 2141 §2.1" },
  { "a letter, digit or '-' (the NID \"urn\" is reserved)", "RFC 2141 §2.1" },
  { "a letter, digit, %XX or one of ()+,-.:=@;$_!*' (the NSS is not empty)",
    "RFC 2141 §2.2" },
  { "a letter, digit, %XX, one of ()+,-.:=@;$_!*' or the end (other "
    "characters are excluded and must be %-encoded)", "RFC 2141 §2.4" },
  { "'/', '?' and '#' %-encoded (they are reserved)", "RFC 2141 §2.3.2" },
  { "a hex digit (a '%' is always followed by two)", "RFC 2141 §2.3.1" },
  { "a hex digit other than '0' (%00 is excluded)", "RFC 2141 §2.4" },
};

const char *urnErrorExpected(int code){
  if( code<=0 || code>=URN_E_COUNT ) return aError[0].zExpected;
  return aError[code].zExpected;
}
const char *urnErrorSection(int code){
  if( code<=0 || code>=URN_E_COUNT ) return aError[0].zSection;
  return aError[code].zSection;
}

/* Record a failure and return 0. */
static int scanFail(UrnFail *pFail, int code, size_t offset){
  if( pFail ){
    pFail->code = code;
    pFail->offset = offset;
  }
  return 0;
}

#ifdef URN_SIMD
/* The bytes of x in class UC_RUN, as a mask: the same set as the table,
** as ranges of ASCII: & ' ( ) * + , - . / 0-9 : ;, then @ A-Z, a-z, and
** ! $ = _ ~ (test/scan.test checks the table; fuzz_scan checks that both
** builds agree with a reference validator). */
static inline BlkMask blkRun(Blk x){
  __m128i r = _mm_or_si128(blkRangeV(x, '&', ';'), blkRangeV(x, '@', 'Z'));
  r = _mm_or_si128(r, blkRangeV(x, 'a', 'z'));
  r = _mm_or_si128(r, _mm_cmpeq_epi8(x, _mm_set1_epi8('!')));
  r = _mm_or_si128(r, _mm_cmpeq_epi8(x, _mm_set1_epi8('$')));
  r = _mm_or_si128(r, _mm_cmpeq_epi8(x, _mm_set1_epi8('=')));
  r = _mm_or_si128(r, _mm_cmpeq_epi8(x, _mm_set1_epi8('_')));
  r = _mm_or_si128(r, _mm_cmpeq_epi8(x, _mm_set1_epi8('~')));
  return (unsigned)_mm_movemask_epi8(r);
}

/* The bytes of x that most names are made of, a part of class UC_RUN
** tested in fewer operations: letters, digits and - . / : (RFC 3986
** §2.3 unreserved, and the '/' and ':' of RFC 8141 §2). */
static inline BlkMask blkRunCommon(Blk x){
  __m128i r = _mm_or_si128(blkRangeV(x, '-', ':'),
                  blkRangeV(_mm_or_si128(x, _mm_set1_epi8(0x20)), 'a', 'z'));
  return (unsigned)_mm_movemask_epi8(r);
}

/* The bytes of x in class UC_RUN: blkRun(), after blkRunCommon(), which
** most blocks pass. */
static inline BlkMask blkRunAll(Blk x){
  BlkMask run = blkRunCommon(x);
  return run==0xffffu ? run : blkRun(x);
}

/* The bytes of x in class UC_RUN, and each '%' of x with two hex digits
** after it in x (RFC 3986 §2.1): the bytes a run takes as they are.  A '%'
** in the last two bytes, and one not followed by two hex digits, is left
** to the byte loop, which reports the error. */
static inline BlkMask blkRunPct(Blk x){
  BlkMask run = blkRunAll(x), pct;
  if( run==0xffffu ) return run;  /* most blocks of most names */
  pct = blkIs(x, '%');
  if( pct ){                      /* most blocks hold none: no hex test */
    BlkMask h = blkHex(x);
    run |= pct & h>>1 & h>>2 & 0x3fffu;
  }
  return run;
}

/* The bytes of x in class UC_LDH (RFC 8141 §2: ALPHA / DIGIT / "-"). */
static inline BlkMask blkLdh(Blk x){
  __m128i r = blkRangeV(_mm_or_si128(x, _mm_set1_epi8(0x20)), 'a', 'z');
  r = _mm_or_si128(r, blkRangeV(x, '0', '9'));
  r = _mm_or_si128(r, _mm_cmpeq_epi8(x, _mm_set1_epi8('-')));
  return (unsigned)_mm_movemask_epi8(r);
}
#endif

/* Flags for scanRun().  Every run admits "/": the NSS after its first
** byte (RFC 8141 §2), the r- and q-components (§2.3.1, §2.3.2) and the
** f-component (RFC 3986 §3.5). */
#define RUN_QMARK  0x02   /* "?" belongs to the run ...                 */
#define RUN_QEQ    0x04   /* ... except a "?" that starts "?="          */
#define RUN_PREFIX 0x08   /* a bad "%" ends the run instead of failing
                          ** it (urnScanNss(), urnScanLongest(): the
                          ** longest prefix) */

/* Advance *pi over a run of pchar (RFC 3986 §3.3), "/" and, as flags
** allow, "?".  Stops before the first byte that is not in the run.
** Returns 0 (and fills *pFail) on a "%" not followed by two hex digits:
** RFC 3986 §2.1, cited by RFC 8141 §2; with RUN_PREFIX it stops before
** that "%" and returns 1.  Most bytes of a URN are in class
** UC_RUN, so the loop takes them 16 at a time with SSE2 (urn_block.h),
** else eight at a time, while it can. */
static URN_ALWAYS_INLINE int scanRunInline(const unsigned char *z, size_t n,
                                           size_t *pi, int flags,
                                           UrnFail *pFail){
  size_t i = *pi;
  for(;;){
    unsigned char c;
#ifdef URN_SIMD
    /* With SSE2, 16 bytes at a time, the last 16 of the input overlapping
    ** the bytes already taken, %XX included; the first byte outside the
    ** class is where the run stops, or a '%' that the byte loop takes. */
    if( n>=BLOCK ){
      BlkMask other = 0;
      while( i+BLOCK<=n ){
        other = ~blkRunPct(blkLoad(z+i)) & blkFrom(0);
        if( other ) break;
        i += BLOCK;
      }
      if( other==0 && i<n ){
        size_t s = n-BLOCK;
        other = ~blkRunPct(blkLoad(z+s)) & blkFrom(i-s);
        i = s;
      }
      if( other==0 ){                     /* the run reaches the end */
        i = n;
        break;
      }
      i += blkFirst(other);
      goto outside;
    }
#endif
    /* Eight bytes at a time.  Fewer than eight left: the last eight bytes
    ** of the input are tried as one block, which also covers the left-over
    ** bytes; if it holds a byte outside the class, even one already taken
    ** (a %XX, or a byte before the run), the byte loop decides.  A typical
    ** NSS so ends without a byte loop. */
    while( i+8<=n && (CLS(z[i]) & CLS(z[i+1]) & CLS(z[i+2]) & CLS(z[i+3])
                    & CLS(z[i+4]) & CLS(z[i+5]) & CLS(z[i+6]) & CLS(z[i+7])
                    & UC_RUN) ){
      i += 8;
    }
    if( i<n && n>=8 && i+8>n
     && (CLS(z[n-8]) & CLS(z[n-7]) & CLS(z[n-6]) & CLS(z[n-5])
         & CLS(z[n-4]) & CLS(z[n-3]) & CLS(z[n-2]) & CLS(z[n-1]) & UC_RUN) ){
      i = n;
    }
    while( i<n && (CLS(z[i]) & UC_RUN) ) i++;
    if( i>=n ) break;
#ifdef URN_SIMD
  outside:
#endif
    c = z[i];
    if( c=='%' ){
      if( (flags & RUN_PREFIX)
       && (i+2>=n || !(CLS(z[i+1]) & CLS(z[i+2]) & UC_HEX)) ){
        break;            /* no %XX here: the prefix ends before the '%' */
      }
      if( i+1>=n || !(CLS(z[i+1]) & UC_HEX) ){
        return scanFail(pFail, URN_E_PCT, i+1);
      }
      if( i+2>=n || !(CLS(z[i+2]) & UC_HEX) ){
        return scanFail(pFail, URN_E_PCT, i+2);
      }
      i += 3;
    }else if( c=='?' && (flags & RUN_QMARK)
           && !((flags & RUN_QEQ) && i+1<n && z[i+1]=='=') ){
      /* RFC 8141 §2.3.1: the r-component ends at "?="; elsewhere in a
      ** component a "?" is data (RFC 8141 §2). */
      i++;
    }else{
      break;
    }
  }
  *pi = i;
  return 1;
}

/* scanRunInline() for the components, which are rarer than the NSS: one
** copy of the loop for them, and one inside urnScan() for the NSS. */
static int scanRun(const unsigned char *z, size_t n, size_t *pi, int flags,
                   UrnFail *pFail){
  return scanRunInline(z, n, pi, flags, pFail);
}

/* True if a component may start at z[i]: it must start with a pchar
** (RFC 8141 §2: NSS, r-component and q-component all begin "pchar"). */
static int startsPchar(const unsigned char *z, size_t n, size_t i){
  return i<n && ((CLS(z[i]) & UC_PCHAR) || z[i]=='%');
}

/* The failure of a NID that scanNid8141() rejected: walk it again one
** character at a time to find the first offending byte and what the
** grammar expected there.  Both follow RFC 8141 §2 and scanNid8141()
** rejects exactly what this loop rejects, so it always ends in a failure
** and returns 0. */
static int nidFail8141(const unsigned char *z, size_t n, UrnFail *pFail){
  size_t i = 4;
  if( i>=n || !(CLS(z[i]) & UC_ALNUM) ){
    return scanFail(pFail, URN_E_NID_START, i);
  }
  for(i=5; ; i++){
    size_t nSoFar = i-4;                      /* NID characters so far */
    int lastAlnum = (CLS(z[i-1]) & UC_ALNUM)!=0;
    int code;
    if( i<n ){
      unsigned char c = z[i];
      if( (CLS(c) & UC_ALNUM) && nSoFar<32 ) continue;
      if( c=='-' && nSoFar<31 ) continue;     /* room left for an alphanum */
    }
    if( nSoFar==1 )       code = URN_E_NID_SHORT;
    else if( !lastAlnum ) code = nSoFar<31 ? URN_E_NID_HYPHEN
                                           : URN_E_NID_HYPHEN31;
    else if( nSoFar<31 )  code = URN_E_NID_CHAR;
    else if( nSoFar==31 ) code = URN_E_NID_31;
    else                  code = URN_E_NID_LONG;
    return scanFail(pFail, code, i);
  }
}

/* Scan the NID at z[4..]; on success return 1 and store in *pEnd the
** offset of the ':' that ends it.  RFC 8141 §2:
** NID = (alphanum) 0*30(ldh) (alphanum), so 2 to 32 characters, the last
** one alphanum, then ":".  The fast path takes the run of ldh (at most 33
** bytes: one too many is enough to reject) and checks its ends. */
static URN_ALWAYS_INLINE int scanNid8141(const unsigned char *z, size_t n,
                                         size_t *pEnd, UrnFail *pFail){
  size_t lim = n<4+33 ? n : 4+33;
  size_t i = 5;
  if( n>5 && (CLS(z[4]) & UC_ALNUM) ){
#ifdef URN_SIMD
    /* With SSE2, the first 16 bytes of the NID at once. */
    if( n>=4+BLOCK ){
      BlkMask other = ~blkLdh(blkLoad(z+4)) & blkFrom(0);
      i = other ? 4+blkFirst(other) : 4+BLOCK;
    }
#endif
    while( i<lim && (CLS(z[i]) & UC_LDH) ) i++;
    if( i<n && z[i]==':' && i-4>=2 && i-4<=32
     && (CLS(z[i-1]) & UC_ALNUM) ){
      *pEnd = i;
      return 1;
    }
  }
  return nidFail8141(z, n, pFail);
}

/* RFC 2141 §2.1: <NID> ::= <let-num> [ 1,31<let-num-hyp> ], so 1 to 32
** characters that may end with '-'; the NID "urn" is reserved. */
static int scanNid2141(const unsigned char *z, size_t n, size_t *pEnd,
                       UrnFail *pFail){
  size_t i = 4;
  if( i>=n || !(CLS(z[i]) & UC_ALNUM) ){
    return scanFail(pFail, URN_E2_NID_START, i);
  }
  for(i=5; ; i++){
    size_t nSoFar = i-4;
    if( i<n ){
      unsigned char c = z[i];
      if( ((CLS(c) & UC_ALNUM) || c=='-') && nSoFar<32 ) continue;
      if( c==':' ){
        if( nSoFar==3 && (z[4]|0x20)=='u' && (z[5]|0x20)=='r'
         && (z[6]|0x20)=='n' ){
          return scanFail(pFail, URN_E2_NID_URN, i);
        }
        break;
      }
    }
    return scanFail(pFail, nSoFar<32 ? URN_E2_NID_CHAR : URN_E2_NID_LONG, i);
  }
  *pEnd = i;
  return 1;
}

/* RFC 2141 §2.2: <NSS> ::= 1*<URN chars>, <URN chars> ::= <trans> |
** "%" <hex> <hex>.  The reserved "/", "?" and "#" (§2.3.2) and the
** excluded characters (§2.4) are rejected; so is %00 (§2.4). */
static int scanNss2141(const unsigned char *z, size_t n, size_t i,
                       UrnFail *pFail){
  size_t nssOff = i;
  while( i<n ){
    unsigned char c = z[i];
    if( CLS(c) & UC_T2141 ){
      i++;
    }else if( c=='%' ){
      if( i+1>=n || !(CLS(z[i+1]) & UC_HEX) ){
        return scanFail(pFail, URN_E2_PCT, i+1);
      }
      if( i+2>=n || !(CLS(z[i+2]) & UC_HEX) ){
        return scanFail(pFail, URN_E2_PCT, i+2);
      }
      if( z[i+1]=='0' && z[i+2]=='0' ){
        return scanFail(pFail, URN_E2_PCT00, i+2);
      }
      i += 3;
    }else if( c=='/' || c=='?' || c=='#' ){
      return scanFail(pFail, URN_E2_RESERVED, i);
    }else{
      return scanFail(pFail, i==nssOff ? URN_E2_NSS_START : URN_E2_NSS_CHAR,
                      i);
    }
  }
  if( i==nssOff ) return scanFail(pFail, URN_E2_NSS_START, i);
  return 1;
}

/* The parts of a name without components whose NID ends with the ':' at
** nidEnd, in *pParts if it is not NULL. */
static void setPartsNoComponents(UrnParts *pParts, size_t nidEnd,
                                 size_t n){
  if( pParts ){
    pParts->nid.off = 4;
    pParts->nid.len = nidEnd-4;
    pParts->nss.off = nidEnd+1;
    pParts->nss.len = n-(nidEnd+1);
    pParts->r.off = pParts->r.len = 0;
    pParts->q = pParts->r;
    pParts->f = pParts->r;
  }
}

#ifdef URN_SIMD
/* The head of the commonest URN, decided on the first block in a leaf
** function (RFC 8141 mode, BLOCK bytes or more): returns the offset h of
** the ':' that ends the NID when z starts "urn:" (in any case) NID ":"
** with that ':' inside the first block; returns 0 when it cannot tell,
** and scanUrn() decides (and finds the failure, if any).  RFC 8141 §2:
** NID = (alphanum) 0*30(ldh) (alphanum), so from offset 4 to the ':' at
** least 2 bytes, all ldh, the first and the last not '-' (at most 11
** inside the first block: never too long), as scanNid8141() has it. */
static URN_ALWAYS_INLINE size_t fastHead8141(const unsigned char *z,
                                             size_t n){
  Blk w;
  BlkMask colon, nid;
  size_t h;
  if( n<BLOCK || !startsUrn(z) ) return 0;
  w = blkLoad(z);
  colon = blkIs(w, ':') & blkFrom(4);
  if( colon==0 ) return 0;
  h = blkFirst(colon);
  nid = blkFrom(4) & blkBefore(h);
  if( h<6 || (~blkLdh(w) & nid) || z[4]=='-' || z[h-1]=='-' ) return 0;
  return h;
}

/* After the head fastHead8141() found (its ':' at h): returns n if the
** rest of z is an NSS without components (RFC 8141 §2, NSS = pchar
** *(pchar / "/"), so at least one byte, the first not '/', all in class
** UC_RUN, pchar without the %XX and with "/", RFC 3986 §3.3, and no '?'
** or '#'); else the offset up to which the bytes after h are known to be
** in UC_RUN (0 when there is no NSS), where scanAfterNid8141() goes on,
** so that no byte is read twice but the first of the NSS and those of the
** last block.  The head's bytes are in UC_RUN too ("urn", ':' and ldh),
** so every block is tested whole, the last one ending at n. */
static URN_ALWAYS_INLINE size_t fastNss8141(const unsigned char *z,
                                            size_t n, size_t h){
  size_t s;
  if( h+1>=n ) return 0;        /* no NSS: scanAfterNid8141() says so */
  if( z[h+1]=='/' || blkRunAll(blkLoad(z))!=0xffffu ) return h+1;
  for(s=BLOCK; s+BLOCK<n; s+=BLOCK){
    if( blkRunAll(blkLoad(z+s))!=0xffffu ) return s;
  }
  return n==BLOCK || blkRunAll(blkLoad(z+n-BLOCK))==0xffffu ? n : s;
}
#endif

/* The rest of an RFC 8141 name whose NID ends with the ':' at nidEnd:
** the NSS and the components, as scanUrn() and the callers of
** fastHead8141() need it.  The bytes from nidEnd+1 to iRun are known to
** be in class UC_RUN (fastNss8141()), so the NSS's run goes on from iRun
** (nidEnd+1 or less: nothing known). */
static URN_ALWAYS_INLINE int scanAfterNid8141(const unsigned char *z,
                                              size_t n, size_t nidEnd,
                                              size_t iRun,
                                              UrnParts *pParts,
                                              UrnFail *pFail){
  UrnParts p;
  size_t i;
  p.nid.off = 4;
  p.nid.len = nidEnd-4;
  p.r.off = p.r.len = p.q.off = p.q.len = p.f.off = p.f.len = 0;

  /* RFC 8141 §2: NSS = pchar *(pchar / "/"); never "/" first, no "?". */
  i = nidEnd+1;
  if( !startsPchar(z, n, i) ) return scanFail(pFail, URN_E_NSS_START, i);
  p.nss.off = i;
  if( iRun>i ) i = iRun;
  if( !scanRunInline(z, n, &i, 0, pFail) ) return 0;
  p.nss.len = i-p.nss.off;

  /* RFC 8141 §2: "?+" r-component, then "?=" q-component, in that order.
  ** A "?" not followed by "+" or "=" SHOULD be treated as a syntax error
  ** (RFC 8141 §2); we do. */
  if( i<n && z[i]=='?' ){
    if( i+1<n && z[i+1]=='+' ){
      i += 2;
      if( !startsPchar(z, n, i) ) return scanFail(pFail, URN_E_R_START, i);
      p.r.off = i;
      /* RFC 8141 §2.3.1: the r-component ends with "?=" or "#". */
      if( !scanRun(z, n, &i, RUN_QMARK|RUN_QEQ, pFail) ) return 0;
      p.r.len = i-p.r.off;
      if( i<n && z[i]!='?' && z[i]!='#' ){
        return scanFail(pFail, URN_E_R_CHAR, i);
      }
    }else if( i+1>=n || z[i+1]!='=' ){
      return scanFail(pFail, URN_E_QMARK, i+1);
    }
  }
  if( i<n && z[i]=='?' ){
    /* Here z[i+1]=='=' (checked above, or the stop rule of the
    ** r-component run). */
    i += 2;
    if( !startsPchar(z, n, i) ) return scanFail(pFail, URN_E_Q_START, i);
    p.q.off = i;
    /* RFC 8141 §2.3.2: the q-component ends with "#"; "/" and "?" are
    ** data in it, so it may contain "?+" and "?=". */
    if( !scanRun(z, n, &i, RUN_QMARK, pFail) ) return 0;
    p.q.len = i-p.q.off;
  }
  if( i<n && z[i]=='#' ){
    /* RFC 8141 §2.3.3: f-component = fragment = *( pchar / "/" / "?" )
    ** (RFC 3986 §3.5): it may be empty and holds no "#". */
    i += 1;
    p.f.off = i;
    if( !scanRun(z, n, &i, RUN_QMARK, pFail) ) return 0;
    p.f.len = i-p.f.off;
    if( i<n ) return scanFail(pFail, URN_E_F_CHAR, i);
  }
  if( i<n ){
    int code;
    if( p.q.off )      code = URN_E_Q_CHAR;
    else if( p.r.off ) code = URN_E_R_CHAR;
    else               code = URN_E_NSS_CHAR;
    return scanFail(pFail, code, i);
  }
  if( pParts ) *pParts = p;
  return 1;
}

/* The full scanner, inlined into urnScan() and urnIsUrn() (with SSE2,
** into their fallbacks below), where the compiler drops what only the
** parts and the failure need. */
static URN_ALWAYS_INLINE int scanUrn(const unsigned char *z, size_t n,
                                     int mode, UrnParts *pParts,
                                     UrnFail *pFail){
  size_t i, nidEnd = 0;   /* set by scanNid*() on success; 0 for gcc -O2 */

  /* RFC 8141 §2 and RFC 2141 §2: the scheme "urn" then ":"; the scheme is
  ** case-insensitive (RFC 8141 §3.1 item 1, RFC 2141 §5 item 1). */
  if( n<4 || !startsUrn(z) ){
    /* The loop below finds the offset of the first wrong byte. */
    static const char zUrn[] = "urn:";
    for(i=0; i<4; i++){
      unsigned char c = i<n ? z[i] : 0;
      if( i<3 ) c = (CLS(c) & UC_UPPER) ? (unsigned char)(c|0x20) : c;
      if( i>=n || c!=(unsigned char)zUrn[i] ){
        return scanFail(pFail, mode==URN_MODE_RFC2141 ? URN_E2_SCHEME
                                                      : URN_E_SCHEME, i);
      }
    }
  }

  if( mode==URN_MODE_RFC2141 ){
    if( !scanNid2141(z, n, &nidEnd, pFail) ) return 0;
    if( !scanNss2141(z, n, nidEnd+1, pFail) ) return 0;
    setPartsNoComponents(pParts, nidEnd, n);  /* RFC 2141 has none */
    return 1;
  }

  if( !scanNid8141(z, n, &nidEnd, pFail) ) return 0;
  return scanAfterNid8141(z, n, nidEnd, nidEnd+1, pParts, pFail);
}

#ifdef URN_SIMD
/* scanUrn() and scanAfterNid8141() out of line, for the names that
** fastHead8141() and fastNss8141() leave to them: the common case, in
** urnScan() and urnIsUrn(), then pays for none of their frame.  Each has
** a copy for urnIsUrn(), the comparator's, without the parts and the
** failure, which the compiler drops from it. */
static URN_NOINLINE int scanUrnSlow(const unsigned char *z, size_t n,
                                    int mode, UrnParts *pParts,
                                    UrnFail *pFail){
  return scanUrn(z, n, mode, pParts, pFail);
}
static URN_NOINLINE int scanNssSlow(const unsigned char *z, size_t n,
                                    size_t h, size_t iRun, UrnParts *pParts,
                                    UrnFail *pFail){
  return scanAfterNid8141(z, n, h, iRun, pParts, pFail);
}
static URN_NOINLINE int isUrnSlow(const unsigned char *z, size_t n,
                                  int mode){
  return scanUrn(z, n, mode, 0, 0);
}
static URN_NOINLINE int isUrnNssSlow(const unsigned char *z, size_t n,
                                     size_t h, size_t iRun){
  return scanAfterNid8141(z, n, h, iRun, 0, 0);
}
#endif

int urnScan(const unsigned char *z, size_t n, int mode,
            UrnParts *pParts, UrnFail *pFail){
#ifdef URN_SIMD
  size_t h, iRun;
  if( mode==URN_MODE_RFC2141 || (h = fastHead8141(z, n))==0 ){
    return scanUrnSlow(z, n, mode, pParts, pFail);
  }
  iRun = fastNss8141(z, n, h);
  if( iRun<n ) return scanNssSlow(z, n, h, iRun, pParts, pFail);
  setPartsNoComponents(pParts, h, n);
  return 1;
#else
  return scanUrn(z, n, mode, pParts, pFail);
#endif
}

int urnIsUrn(const unsigned char *z, size_t n, int mode){
#ifdef URN_SIMD
  size_t h, iRun;
  if( mode==URN_MODE_RFC2141 || (h = fastHead8141(z, n))==0 ){
    return isUrnSlow(z, n, mode);
  }
  iRun = fastNss8141(z, n, h);
  return iRun>=n || isUrnNssSlow(z, n, h, iRun);
#else
  return scanUrn(z, n, mode, 0, 0);
#endif
}

int urnNssPlain(const unsigned char *z, size_t n, size_t i){
  /* RFC 8141 §2: NSS = pchar *(pchar / "/"); class UC_PCHAR is pchar
  ** without the %XX, UC_RUN adds "/". */
  if( i>=n || !(CLS(z[i]) & UC_PCHAR) ) return 0;
#ifdef URN_SIMD
  if( n>=BLOCK ){
    /* A block at a time, then the last BLOCK bytes, those before i
    ** masked out. */
    size_t s = n-BLOCK;
    for(i++; i+BLOCK<=n; i+=BLOCK){
      if( ~blkRunAll(blkLoad(z+i)) & blkFrom(0) ) return 0;
    }
    return i>=n || (~blkRunAll(blkLoad(z+s)) & blkFrom(i-s))==0;
  }
#endif
  for(i++; i<n; i++){
    if( !(CLS(z[i]) & UC_RUN) ) return 0;
  }
  return 1;
}

/* ---- Prefixes: the scan of urn_find (ext/core/urn_find.c) ------------------ */

size_t urnScanHead(const unsigned char *z, size_t n, int mode){
  size_t h = 0;
  /* RFC 8141 §2 and RFC 2141 §2: "urn" ":" NID ":", the scheme in any
  ** case; the NID ends at the first ':' (no NID holds one). */
  if( n<4 || !startsUrn(z) ) return 0;
  if( mode==URN_MODE_RFC2141 ){
    if( !scanNid2141(z, n, &h, 0) ) return 0;
  }else{
    if( !scanNid8141(z, n, &h, 0) ) return 0;
  }
  return h;
}

/* scanRunInline() for urnScanNss() and urnScanLongest(): a bad '%' ends
** the run. */
static size_t runPrefix(const unsigned char *z, size_t n, size_t i,
                        int flags){
  scanRunInline(z, n, &i, flags|RUN_PREFIX, 0);
  return i;
}

size_t urnScanNss(const unsigned char *z, size_t n, int mode, size_t h){
  size_t i = h+1;
  assert( h>=5 && h<n && z[h]==':' );
  if( mode==URN_MODE_RFC2141 ){
    /* RFC 2141 §2.2: <NSS> ::= 1*<URN chars>; %00 and the reserved and
    ** excluded characters are not among them (§2.3.2, §2.4). */
    while( i<n ){
      unsigned char c = z[i];
      if( CLS(c) & UC_T2141 ){
        i++;
      }else if( c=='%' && i+2<n && (CLS(z[i+1]) & CLS(z[i+2]) & UC_HEX)
             && !(z[i+1]=='0' && z[i+2]=='0') ){
        i += 3;
      }else{
        break;
      }
    }
    return i;
  }
  /* RFC 8141 §2: NSS = pchar *(pchar / "/"), never '/' first. */
  if( !startsPchar(z, n, i) ) return i;
  return runPrefix(z, n, i, 0);
}

/* The longest prefix that is an RFC 8141 name, after the head that ends
** with the ':' at h and the NSS that ends at e (RFC 8141 §2, the grammar
** at the top of this file).  Each component is taken by one run as long
** as it goes; one that cannot start (an empty r- or q-component, a bare
** '?') ends the prefix before its delimiter.  The one case where the
** prefix ends inside a delimiter: after an r-component, "?=" with no
** q-component after it leaves the '?' to the r-component, which may end
** with '?' (RFC 8141 §2.3.1: r-component = pchar *( pchar / "/" / "?" ),
** ended by "?=" only when a q-component follows). */
static size_t longest8141(const unsigned char *z, size_t n, size_t h,
                          size_t e, UrnParts *pParts){
  UrnParts p;
  size_t i = e, j;
  p.nid.off = 4;
  p.nid.len = h-4;
  p.nss.off = h+1;
  p.nss.len = e-(h+1);
  p.r.off = p.r.len = p.q.off = p.q.len = p.f.off = p.f.len = 0;
  if( i+1<n && z[i]=='?' && z[i+1]=='+' ){
    j = startsPchar(z, n, i+2) ? runPrefix(z, n, i+2, RUN_QMARK|RUN_QEQ)
                               : i+2;
    if( j==i+2 ) goto done;           /* "?+" and no r-component */
    p.r.off = i+2;
    p.r.len = j-(i+2);
    i = j;
  }
  if( i+1<n && z[i]=='?' && z[i+1]=='=' ){
    j = startsPchar(z, n, i+2) ? runPrefix(z, n, i+2, RUN_QMARK) : i+2;
    if( j==i+2 ){                     /* "?=" and no q-component */
      if( p.r.off ){
        p.r.len++;                    /* the '?' ends the r-component */
        i++;
      }
      goto done;
    }
    p.q.off = i+2;
    p.q.len = j-(i+2);
    i = j;
  }
  if( i<n && z[i]=='#' ){
    /* f-component = fragment = *( pchar / "/" / "?" ) (RFC 3986 §3.5):
    ** it may be empty. */
    p.f.off = i+1;
    i = runPrefix(z, n, i+1, RUN_QMARK);
    p.f.len = i-p.f.off;
  }
done:
  if( pParts ) *pParts = p;
  return i;
}

size_t urnScanLongest(const unsigned char *z, size_t n, int mode, size_t h,
                      size_t e, UrnParts *pParts){
  assert( h>=5 && e>h+1 && e<=n && z[h]==':' );
  if( mode==URN_MODE_RFC2141 ){
    setPartsNoComponents(pParts, h, e);   /* RFC 2141 has none */
    return e;
  }
  return longest8141(z, n, h, e, pParts);
}

/* ---- Naming what a message found ----------------------------------------- */

size_t urnUtf8Char(const unsigned char *z, size_t n, unsigned long *pCp){
  /* RFC 3629 §4:
  **   UTF8-1 = %x00-7F
  **   UTF8-2 = %xC2-DF UTF8-tail
  **   UTF8-3 = %xE0 %xA0-BF UTF8-tail / %xE1-EC 2( UTF8-tail ) /
  **            %xED %x80-9F UTF8-tail / %xEE-EF 2( UTF8-tail )
  **   UTF8-4 = %xF0 %x90-BF 2( UTF8-tail ) / %xF1-F3 3( UTF8-tail ) /
  **            %xF4 %x80-8F 2( UTF8-tail )
  ** so no overlong form (§3: "MUST NOT"), no surrogate, nothing past
  ** U+10FFFF. */
  unsigned char c, lo = 0x80, hi = 0xBF;
  unsigned long cp;
  size_t len, k;
  if( n==0 ) return 0;
  c = z[0];
  if( c<0x80 ){ *pCp = c; return 1; }
  if( c>=0xC2 && c<=0xDF ){ len = 2; cp = c & 0x1F; }
  else if( c>=0xE0 && c<=0xEF ){ len = 3; cp = c & 0x0F; }
  else if( c>=0xF0 && c<=0xF4 ){ len = 4; cp = c & 0x07; }
  else return 0;                 /* a tail byte, C0, C1 or F5..FF */
  if( len>n ) return 0;          /* cut short by the end of the input */
  if( c==0xE0 ) lo = 0xA0;       /* overlong */
  if( c==0xED ) hi = 0x9F;       /* U+D800..U+DFFF, the surrogates */
  if( c==0xF0 ) lo = 0x90;       /* overlong */
  if( c==0xF4 ) hi = 0x8F;       /* past U+10FFFF */
  if( z[1]<lo || z[1]>hi ) return 0;
  for(k=1; k<len; k++){
    if( (z[k] & 0xC0)!=0x80 ) return 0;
    cp = (cp<<6) | (z[k] & 0x3F);
  }
  *pCp = cp;
  return len;
}

/* The characters a message names by code point and name instead of
** showing them (docs/functions.md, urn_error): the controls (Unicode
** general category Cc), the spaces other than U+0020 (Unicode's
** White_Space property, PropList.txt), the characters a renderer shows as
** nothing (Default_Ignorable_Code_Point, DerivedCoreProperties.txt of
** Unicode 14.0), the noncharacters (Unicode §23.7) and the private-use characters
** (Unicode §23.5), whose look no font agrees on.  The first range that
** holds a code point gives its name: specific names first. */
static const struct {
  unsigned long lo, hi;
  const char *zName;
} aUnshown[] = {
  { 0x0000, 0x0000, "NUL" },
  { 0x0009, 0x0009, "tab" },
  { 0x000A, 0x000A, "line feed" },
  { 0x000B, 0x000B, "vertical tab" },
  { 0x000C, 0x000C, "form feed" },
  { 0x000D, 0x000D, "carriage return" },
  { 0x001B, 0x001B, "escape" },
  { 0x0000, 0x001F, "control character" },
  { 0x007F, 0x007F, "delete" },
  { 0x0085, 0x0085, "next line" },
  { 0x0080, 0x009F, "control character" },
  { 0x00A0, 0x00A0, "no-break space" },
  { 0x00AD, 0x00AD, "soft hyphen" },
  { 0x034F, 0x034F, "combining grapheme joiner" },
  { 0x061C, 0x061C, "Arabic letter mark" },
  { 0x115F, 0x1160, "Hangul filler" },
  { 0x1680, 0x1680, "Ogham space mark" },
  { 0x17B4, 0x17B5, "invisible character" },
  { 0x180E, 0x180E, "Mongolian vowel separator" },
  { 0x180B, 0x180F, "variation selector" },
  { 0x2000, 0x200A, "space" },
  { 0x200B, 0x200B, "zero width space" },
  { 0x200C, 0x200C, "zero width non-joiner" },
  { 0x200D, 0x200D, "zero width joiner" },
  { 0x200E, 0x200E, "left-to-right mark" },
  { 0x200F, 0x200F, "right-to-left mark" },
  { 0x2028, 0x2028, "line separator" },
  { 0x2029, 0x2029, "paragraph separator" },
  { 0x202A, 0x202E, "bidirectional control" },
  { 0x202F, 0x202F, "narrow no-break space" },
  { 0x205F, 0x205F, "medium mathematical space" },
  { 0x2060, 0x2060, "word joiner" },
  { 0x2066, 0x2069, "bidirectional control" },
  { 0x2061, 0x206F, "invisible character" },
  { 0x3000, 0x3000, "ideographic space" },
  { 0x3164, 0x3164, "Hangul filler" },
  { 0xE000, 0xF8FF, "private use" },
  { 0xFDD0, 0xFDEF, "noncharacter" },
  { 0xFE00, 0xFE0F, "variation selector" },
  { 0xFEFF, 0xFEFF, "byte order mark" },
  { 0xFFA0, 0xFFA0, "Hangul filler" },
  { 0xFFF0, 0xFFF8, "invisible character" },
  { 0x1BCA0, 0x1BCA3, "invisible character" },
  { 0x1D173, 0x1D17A, "invisible character" },
  { 0xE0001, 0xE0001, "language tag" },
  { 0xE0020, 0xE007F, "tag" },
  { 0xE0100, 0xE01EF, "variation selector" },
  { 0xE0000, 0xE0FFF, "invisible character" },
  { 0xF0000, 0x10FFFD, "private use" },
};

/* The name of a code point that a message does not show, or 0. */
static const char *unshownName(unsigned long cp){
  size_t k;
  /* Unicode §23.7: U+FFFE and U+FFFF in every plane are noncharacters. */
  if( (cp & 0xFFFE)==0xFFFE ) return "noncharacter";
  for(k=0; k<sizeof(aUnshown)/sizeof(aUnshown[0]); k++){
    if( cp>=aUnshown[k].lo && cp<=aUnshown[k].hi ) return aUnshown[k].zName;
  }
  return 0;
}

size_t urnFoundName(const unsigned char *z, size_t n, char *zOut){
  unsigned long cp;
  size_t len = urnUtf8Char(z, n, &cp);
  const char *zName;
  int k;
  if( len==0 ){
    k = snprintf(zOut, URN_FOUND_MAX, "byte 0x%02X, not UTF-8", z[0]);
  }else if( cp==' ' ){
    k = snprintf(zOut, URN_FOUND_MAX, "' ' (space)");
  }else if( (zName = unshownName(cp))!=0 ){
    k = snprintf(zOut, URN_FOUND_MAX, "U+%04lX (%s)", cp, zName);
  }else if( cp<0x80 ){
    k = snprintf(zOut, URN_FOUND_MAX, "'%c'", (char)cp);
  }else{
    k = snprintf(zOut, URN_FOUND_MAX, "'%.*s' (U+%04lX)", (int)len,
                 (const char*)z, cp);
  }
  assert( k>0 && k<URN_FOUND_MAX );
  return (size_t)k;
}

size_t urnUtf8Cut(char *z, size_t n){
  /* The last lead byte among the last three: if its sequence needs more
  ** bytes than are left, the cut goes before it. */
  size_t i = n, k;
  for(k=0; k<3 && i>0; k++){
    unsigned char c = (unsigned char)z[--i];
    if( c<0x80 ) break;
    if( c>=0xC0 ){
      size_t need = c>=0xF0 ? 4 : c>=0xE0 ? 3 : 2;
      if( n-i<need ) n = i;
      break;
    }
  }
  z[n] = 0;
  return n;
}

size_t urnErrorMessage(const unsigned char *z, size_t n, const UrnFail *pFail,
                       char *zOut, size_t nOut){
  char zFound[URN_FOUND_MAX];
  int k;
  if( nOut==0 ) return 0;
  if( pFail->offset>=n ){
    memcpy(zFound, "the end of the input", 21);
  }else{
    urnFoundName(z+pFail->offset, n-pFail->offset, zFound);
  }
  k = snprintf(zOut, nOut, "offset %llu: found %s, expected %s (%s)",
               (unsigned long long)pFail->offset, zFound,
               urnErrorExpected(pFail->code), urnErrorSection(pFail->code));
  if( k<0 ){
    zOut[0] = 0;
    return 0;
  }
  if( (size_t)k>=nOut ) return urnUtf8Cut(zOut, nOut-1);
  return (size_t)k;
}
