/*
** urn_find.c -- the URNs in free text (layers 1 and 2; no SQLite headers).
**
** The four rules are in urn_find.h.  One pass: a search for "urn:" (rule
** 1), then for each candidate one scan that gives the longest URN from
** there (urnScanNss(), urnScanLongest(): rule 2) and its parts, which say
** which shorter prefixes are URNs too; rule 3 removes trailing bytes while
** that rule allows, without scanning again.  In mode 'ns' the namespace
** rules say which of those prefixes pass, each in constant time
** (urnNsPrefixes()).
**
** Each byte is scanned a bounded number of times.  In modes 'rfc8141' and
** 'rfc2141' a candidate whose NSS is not empty gives an occurrence, and
** the search goes on after it: only the trailing punctuation that rule 3
** removed is searched again, and it holds no "urn:".  In mode 'ns' a
** candidate may give nothing, or a short prefix: the next candidates may
** begin inside its NSS (a chain like "urn:zz:a/urn:zz:a/..." with an NID
** that is not registered).  So the finder keeps the last NSS scanned: a
** candidate whose NSS starts inside it has the same NSS end and the same
** components, not scanned again; and the components are scanned only for
** a candidate whose whole NSS passes the namespace rules, which then
** extends over them.
*/
#include <string.h>
#include "urn_find.h"
#include "urn_block.h"

/* Rule 1: a byte that may continue a URI scheme name (RFC 3986 §3.1:
** scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )).  A "urn:" after
** one is the tail of another scheme ("x-urn:", "burn:"), not a URN. */
static int schemeChar(unsigned char c){
  return (c>='a' && c<='z') || (c>='A' && c<='Z') || (c>='0' && c<='9')
      || c=='+' || c=='-' || c=='.';
}

/* Rule 3: the bytes that end a sentence or a clause rather than a name:
** GitHub Flavored Markdown's extended autolinks (GFM spec 0.29-gfm,
** "Autolinks (extension)", extended autolink path validation: "Trailing
** punctuation (specifically, ?, !, ., ,, :, *, _, and ~) will not be
** considered part of the autolink"), with ';' and '\'' added, which close
** clauses and quotations as often. */
static int trailingPunct(unsigned char c){
  switch( c ){
    case '?': case '!': case '.': case ',': case ':':
    case '*': case '_': case '~': case ';': case '\'':
      return 1;
  }
  return 0;
}

/* The offset of the first "urn:" (any case; RFC 8141 §3.1 item 1, RFC
** 2141 §5: the scheme is case-insensitive) at or after i that rule 1 lets
** begin an occurrence, or n.  Each ':' is found by memchr() (the C
** library's, vectorized), then the three bytes before it are checked. */
static size_t nextStart(const unsigned char *z, size_t n, size_t i){
  while( n>=4 && i<=n-4 ){
    const unsigned char *pColon = memchr(z+i+3, ':', n-(i+3));
    size_t s;
    if( pColon==0 ) break;
    s = (size_t)(pColon-z) - 3;
    if( startsUrn(z+s) && (s==0 || !schemeChar(z[s-1])) ) return s;
    i = s+1;
  }
  return n;
}

void urnFindStart(UrnFinder *p, const unsigned char *z, size_t n, int mode){
  memset(p, 0, sizeof(*p));
  p->z = z;
  p->n = n;
  p->mode = mode;
}

/* True if the NSS prefix z[nss..nss+len) ends inside a %XX: a URN never
** does (RFC 3986 §2.1: "%" is always followed by two hex digits), and
** inside a valid NSS every '%' begins one. */
static int insidePct(const unsigned char *z, size_t nss, size_t len){
  return (len>=1 && z[nss+len-1]=='%') || (len>=2 && z[nss+len-2]=='%');
}

/* Mode 'ns', when the whole NSS z[nss..nssEnd) fails the namespace rules:
** the length of the longest prefix of it that passes them (and is an NSS:
** not ending inside a %XX), or 0.  Every longer URN has the whole NSS and
** fails.  The search starts at the top of the lengths that may pass (a
** validator's bound, the top of a span), so it takes a few steps. */
static size_t nsLongest(const UrnFinder *p, size_t nss, size_t nssEnd){
  const UrnNsPrefixes *pNs = &p->ns;
  size_t len = nssEnd-nss, k, hi;
  int i;
  if( pNs->pValidator ){
    for(k = len<pNs->nMax ? len : pNs->nMax; k>0; k--){
      if( !insidePct(p->z, nss, k) && urnNsPrefixPasses(pNs, p->z, nss, k) ){
        return k;
      }
    }
    return 0;
  }
  for(i=1; i>=0; i--){
    hi = pNs->spans.aHi[i]<len ? pNs->spans.aHi[i] : len;
    for(k=hi; k>=pNs->spans.aLo[i] && k>0; k--){
      if( !insidePct(p->z, nss, k) && urnNsPrefixPasses(pNs, p->z, nss, k) ){
        return k;
      }
    }
  }
  return 0;
}

/* Rule 3 on the URN z[s..end): remove trailing punctuation while what is
** left is a URN.  Every length from min on is one (urnScanLongest(); a
** removed byte is never a hex digit, so what is left never ends inside a
** %XX), and in mode 'ns' it must pass the namespace rules too, which
** depend on the NSS z[nss..nssEnd) only.  The parentheses are counted
** once, when a ')' first ends the occurrence. */
static size_t trimEnd(const UrnFinder *p, size_t s, size_t end, size_t min,
                      size_t nss, size_t nssEnd){
  const unsigned char *z = p->z;
  size_t nOpen = 0, nClose = 0;
  int counted = 0;
  while( end>min ){
    unsigned char c = z[end-1];
    if( c==')' ){
      /* GFM spec 0.29-gfm, "Autolinks (extension)": "When an autolink
      ** ends in ), we scan the entire autolink for the total number of
      ** parentheses.  If there is a greater number of closing parentheses
      ** than opening ones, we don't consider the last character part of
      ** the autolink". */
      if( !counted ){
        size_t i;
        for(i=s; i<end; i++){
          nOpen += z[i]=='(';
          nClose += z[i]==')';
        }
        counted = 1;
      }
      if( nClose<=nOpen ) break;
    }else if( !trailingPunct(c) ){
      break;
    }
    if( p->mode==URN_MODE_NS && end-1<nssEnd
     && !urnNsPrefixPasses(&p->ns, z, nss, end-1-nss) ){
      break;
    }
    if( c==')' ) nClose--;
    end--;
  }
  return end;
}

int urnFindNext(UrnFinder *p, size_t *pOff, size_t *pLen){
  const unsigned char *z = p->z;
  size_t n = p->n;
  int scanMode = p->mode==URN_MODE_RFC2141 ? URN_MODE_RFC2141
                                             : URN_MODE_RFC8141;
  size_t i = p->iNext;
  for(;;){
    size_t s = nextStart(z, n, i), h, nss, end, min;
    if( s>=n ){
      p->iNext = n;
      return 0;
    }
    i = s+1;              /* rule 2: if no URN begins here, the next byte */
    h = urnScanHead(z+s, n-s, scanMode);
    if( h==0 ) continue;
    nss = s+h+1;
    /* The NSS: a new scan, unless it starts inside the last one scanned,
    ** not with '/' (RFC 8141 §2: NSS = pchar *(pchar / "/")): from any
    ** byte of an NSS the run goes on to the same end. */
    if( !(p->runFrom<nss && nss<p->runTo && z[nss]!='/') ){
      size_t e = urnScanNss(z+s, n-s, scanMode, h);
      if( e==h+1 ) continue;
      p->runFrom = nss;
      p->runTo = s+e;
      p->runLongest = 0;                 /* components: not scanned yet */
    }
    if( p->mode==URN_MODE_NS ){
      /* RFC 8141 §5 and the namespace's own rules (urn_ns.h), which read
      ** the NID and the NSS only: when the whole NSS fails, so does every
      ** URN with components, and the components are not even scanned
      ** (else a candidate inside them would scan them again). */
      urnNsPrefixes(&p->ns, z, s+4, h-4, nss, p->runTo);
      if( !urnNsPrefixPasses(&p->ns, z, nss, p->runTo-nss) ){
        size_t k = nsLongest(p, nss, p->runTo);
        if( k==0 ) continue;
        end = nss+k;
        min = nss+1;
        goto trim;
      }
    }
    /* The components after the NSS: scanned once for all the candidates
    ** whose NSS ends there, since what follows is the same for them. */
    if( p->runLongest==0 ){
      UrnParts parts;
      p->runLongest = s+urnScanLongest(z+s, n-s, scanMode, h, p->runTo-s,
                                       &parts);
      p->runR.off = parts.r.off ? s+parts.r.off : 0;
      p->runQ.off = parts.q.off ? s+parts.q.off : 0;
      p->runF.off = parts.f.off ? s+parts.f.off : 0;
    }
    end = p->runLongest;
    /* The shortest length from which on every length is a URN: the last
    ** part needs one byte, but for an f-component, which may be empty
    ** (RFC 3986 §3.5). */
    if( p->runF.off )      min = p->runF.off;
    else if( p->runQ.off ) min = p->runQ.off+1;
    else if( p->runR.off ) min = p->runR.off+1;
    else                   min = nss+1;
  trim:
    end = trimEnd(p, s, end, min, nss, p->runTo);
    *pOff = s;
    *pLen = end-s;
    p->iNext = end;
    return 1;
  }
}

/* Whether the continuation bytes at z[i] belong to a byte 0xC0..0xFF
** before them, as SQLITE_SKIP_UTF8 would have read it. */
static int inLeadAt(const unsigned char *z, size_t i){
  while( i>0 && (z[i-1] & 0xc0)==0x80 ) i--;
  return i>0 && z[i-1]>=0xc0;
}

size_t urnFindChars(const unsigned char *z, size_t from, size_t to){
  size_t nChar = 0, i = from;
  int inLead = inLeadAt(z, i);
  /* The byte loop, as SQLITE_SKIP_UTF8 walks: first for the first byte of
  ** the text and the continuation bytes at from, then for the rest. */
#define STEP(c) \
  if( ((c) & 0xc0)==0x80 ){ nChar += !inLead; } \
  else{ nChar++; inLead = (c)>=0xc0; }
  while( i<to && (i==0 || (z[i] & 0xc0)==0x80) ){
    STEP(z[i]);
    i++;
  }
#ifdef URN_SIMD
  /* A block at a time while no continuation byte in it follows an ASCII
  ** byte: the characters are then the bytes that are not continuation
  ** bytes (in valid UTF-8, always so).  The byte before each block is
  ** read too (i>0 here).  Each byte lane of acc counts its characters, up
  ** to 255 blocks, then the lanes are summed (psadbw). */
  while( i+BLOCK<=to ){
    __m128i acc = _mm_setzero_si128(), sum;
    int k;
    for(k=0; k<255 && i+BLOCK<=to; k++, i+=BLOCK){
      Blk w = blkLoad(z+i);
      __m128i notCont = _mm_cmpgt_epi8(w, _mm_set1_epi8((char)0xbf));
      /* A continuation byte (not notCont) after an ASCII byte (sign 0). */
      if( (unsigned)_mm_movemask_epi8(_mm_or_si128(notCont, blkLoad(z+i-1)))
          !=0xffffu ){
        break;
      }
      acc = _mm_sub_epi8(acc, notCont);           /* +1 per character */
    }
    sum = _mm_sad_epu8(acc, _mm_setzero_si128());
    nChar += (size_t)_mm_cvtsi128_si32(sum)
           + (size_t)_mm_cvtsi128_si32(_mm_srli_si128(sum, 8));
    if( k<255 ) break;          /* a stray continuation byte, or the end */
  }
  /* The last bytes, fewer than a block: the last block of the range, its
  ** bytes before i masked out, when it lies inside the text after byte 0
  ** and holds no stray continuation byte. */
  if( i<to && to-i<BLOCK && to>BLOCK ){
    size_t s = to-BLOCK;
    Blk w = blkLoad(z+s);
    unsigned notCont = (unsigned)_mm_movemask_epi8(
                          _mm_cmpgt_epi8(w, _mm_set1_epi8((char)0xbf)));
    unsigned high = (unsigned)_mm_movemask_epi8(blkLoad(z+s-1));
    if( ((notCont | high) & blkFrom(i-s))==blkFrom(i-s) ){
      unsigned m = notCont & blkFrom(i-s);
      m = m - ((m>>1) & 0x5555u);               /* the bits set in m */
      m = (m & 0x3333u) + ((m>>2) & 0x3333u);
      m = (m + (m>>4)) & 0x0f0fu;
      nChar += (m + (m>>8)) & 0x1fu;
      i = to;
    }
  }
  inLead = inLeadAt(z, i);
#endif
  for(; i<to; i++){
    STEP(z[i]);
  }
#undef STEP
  return nChar;
}
