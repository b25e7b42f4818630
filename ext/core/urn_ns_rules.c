/*
** urn_ns_rules.c -- layer 2 of sqlite-urn: the key transforms and NSS
** validators of individual namespaces (no SQLite headers).  The registry
** table in urn_ns.c attaches them to their NIDs.
**
** Transforms (RFC 8141 §3.1: "additional rules for URN-equivalence" that
** "MUST always have the effect of eliminating some of the false
** negatives"), each applied to the NSS of the generic key and only where
** that NSS has the namespace's shape:
**   isbn   remove '-', 'x' -> 'X'           RFC 3187 §5, RFC 2288 §3
**   issn   remove '-', 'x' -> 'X'           RFC 3044 §5, RFC 2288 §4.2
**   isni   'x' -> 'X'                       ISO 27729 (check character)
**   uuid   hex digits to lower case         RFC 4122 §3, RFC 9562 §4
**   nbn    prefix before the first '-' to lower case          RFC 8458 §4.3
**   ietf   NSS to lower case, except what follows "params:"
**                                           RFC 2648 §2, RFC 3553 §3
**   isan   NSS to lower case                RFC 4246 §2
**   nzl    NSS to lower case                RFC 4350 §2
**   mpeg   first NSS segment (to ':') to lower case           RFC 3614 §2
**   doi    NSS to lower case                DOI Handbook ch. 2 (ASCII only)
** "Case-insensitive" always folds to lower case, as RFC 8141 §3.1 does for
** the scheme and the NID, and never touches the hex digits of a %XX, which
** the generic key keeps upper case; nothing is percent-decoded.
**
** Validators: ISBN-10 (mod 11) and ISBN-13 (978/979, mod 10); ISSN
** (mod 11); ISNI (ISO 7064 MOD 11-2); UUID 8-4-4-4-12; OID arcs; the NBN
** prefix of RFC 8458; ietf rfc:/fyi:/std:/bcp: numbers and id:/mtg:
** strings; the ISAN shape (its check characters are not enforced: the
** examples of RFC 4246 itself fail ISO 7064 MOD 37,36).
*/
#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include "urn_ns_rules.h"
#include "urn_block.h"

#define IS_DIGIT(c) ((c)>='0' && (c)<='9')
#define IS_ALPHA(c) (((c)|0x20)>='a' && ((c)|0x20)<='z')
#define IS_HEX(c)   (IS_DIGIT(c) || (((c)|0x20)>='a' && ((c)|0x20)<='f'))

/* ---- Key transforms --------------------------------------------------- */

#ifdef URN_SIMD
/* The number of bits set in v. */
static inline unsigned bitCount(uint32_t v){
  v = v - ((v>>1) & 0x55555555u);
  v = (v & 0x33333333u) + ((v>>2) & 0x33333333u);
  return (((v + (v>>4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24;
}

/* The digits, hyphens and x or X of a block, as three masks. */
static inline void blkIsbnClasses(Blk w, BlkMask *pDig, BlkMask *pHyp,
                                  BlkMask *pX){
  *pDig = (unsigned)_mm_movemask_epi8(blkRangeV(w, '0', '9'));
  *pHyp = blkIs(w, '-');
  *pX = blkIs(_mm_or_si128(w, _mm_set1_epi8(0x20)), 'x');
}
#endif

/* Count the characters of an NSS other than '-' if they are digits with an
** optional final check character 'X' or 'x'.  Returns the count, or -1
** when another byte occurs, an X is not last, or there are more than nMax
** (every shape test answers for the key, urn_ns_rules.h; this one reads
** the bytes as written, which gives the same answer). */
static URN_ALWAYS_INLINE int digitsAndCheck(const UrnNsKeyNss *p, int nMax,
                                          int *pHasX){
  static const unsigned char aKind[256] = {    /* 1 digit, 2 hyphen */
    ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1,
    ['5'] = 1, ['6'] = 1, ['7'] = 1, ['8'] = 1, ['9'] = 1, ['-'] = 2
  };
  const unsigned char *z = p->z;
  size_t i, n = p->n, nHyphen = 0;
  *pHasX = 0;
#ifdef URN_SIMD
  /* A block at a time when the NSS fits two: an NSS shorter than a block
  ** is read from the block that ends with it (the head precedes it), its
  ** masks shifted down to start at the NSS.  Every byte a digit, a hyphen
  ** or an x; one x at most, and no digit after it. */
  if( n>0 && n<=2*BLOCK && p->nBefore+n>=BLOCK ){
    BlkMask d0, h0, x0;
    uint32_t dig, hyp, ex, all = n==32 ? 0xffffffffu : (1u<<n)-1;
    unsigned k;
    if( n<=BLOCK ){
      blkIsbnClasses(blkLoad(z+n-BLOCK), &d0, &h0, &x0);
      dig = d0>>(BLOCK-n);
      hyp = h0>>(BLOCK-n);
      ex = x0>>(BLOCK-n);
    }else{
      BlkMask d1, h1, x1;
      blkIsbnClasses(blkLoad(z), &d0, &h0, &x0);
      blkIsbnClasses(blkLoad(z+n-BLOCK), &d1, &h1, &x1);
      dig = d0 | (uint32_t)d1<<(n-BLOCK);
      hyp = h0 | (uint32_t)h1<<(n-BLOCK);
      ex = x0 | (uint32_t)x1<<(n-BLOCK);
    }
    if( (dig|hyp|ex)!=all ) return -1;
    if( ex ){
      if( (ex & (ex-1))!=0 || (dig & ~((ex<<1)-1))!=0 ) return -1;
      *pHasX = 1;
    }
    k = bitCount(dig) + (ex!=0);
    return k>(unsigned)nMax ? -1 : (int)k;
  }
#endif
  /* The byte as written: the key differs only in the hex digits of a %XX,
  ** and a '%' fails this shape either way.  Digits and hyphens first,
  ** counting the hyphens without a branch on them (aKind). */
  for(i=0; i<n; i++){
    unsigned k = aKind[z[i]];
    if( k==0 ) break;
    nHyphen += k>>1;
  }
  if( i<n ){
    /* Then only a check character X, and hyphens after it. */
    if( (z[i]|0x20)!='x' ) return -1;
    *pHasX = 1;
    for(i++; i<n; i++){
      if( z[i]!='-' ) return -1;
      nHyphen++;
    }
  }
  return n-nHyphen>(size_t)nMax ? -1 : (int)(n-nHyphen);
}

/* isbn: RFC 3187 §5 "Rules for Lexical Equivalence": "remove all hyphens,
** and ... convert any occurrences of the letter X to upper case".  Shape:
** an ISBN-10 (9 digits and a digit or X) or 13 digits, hyphens anywhere. */
static void foldIsbn(const UrnNsKeyNss *p, UrnNsFold *pFold){
  int hasX;
  int k = digitsAndCheck(p, 13, &hasX);
  pFold->plainNss = k>0;
  if( k==10 || (k==13 && !hasX) ){
    pFold->dropHyphen = 1;
    pFold->upperX = 1;
  }
}

/* issn: RFC 3044 §5 "Rules for Lexical Equivalence": "if "x" is found it
** must be translated in upper case.  The hyphen between the 4th and the
** 5th digit can be omitted"; RFC 2288 §4.2: "hyphens should be dropped
** prior to comparison".  Shape: 7 digits and a digit or X, hyphens
** anywhere. */
static void foldIssn(const UrnNsKeyNss *p, UrnNsFold *pFold){
  int hasX;
  int k = digitsAndCheck(p, 8, &hasX);
  pFold->plainNss = k>0;
  if( k==8 ){
    pFold->dropHyphen = 1;
    pFold->upperX = 1;
  }
}

/* isni: the check character X of ISO 27729 is upper case (the IANA
** template's equivalence section was not retrievable: only the case of
** the check character is folded).  Shape: 15 digits and a digit or X. */
static void foldIsni(const UrnNsKeyNss *p, UrnNsFold *pFold){
  int hasX;
  if( p->n==16 && digitsAndCheck(p, 16, &hasX)==16 ){
    pFold->upperX = 1;
    pFold->plainNss = 1;
  }
}

/* Is the NSS a UUID, 8-4-4-4-12 hex digits (RFC 9562 §4)?  A block at a
** time (urn_block.h), the last block overlapping the one before: the
** hyphens where the template has them, hex digits everywhere else.  The
** bytes as written: the key differs only in the hex digits of a %XX, and
** a '%' is not a hex digit. */
static int isUuidShape(const UrnNsKeyNss *p){
  static const unsigned char zTemplate[] =
    "00000000-0000-0000-0000-000000000000";
  size_t s = 0, n = sizeof(zTemplate)-1;
  if( p->n!=n ) return 0;
  for(;;){
    Blk w = blkLoad(p->z+s);
    BlkMask hyphen = blkIs(blkLoad(zTemplate+s), '-');
    if( blkIs(w, '-')!=hyphen || (blkHex(w) | hyphen)!=blkFrom(0) ){
      return 0;
    }
    if( s+BLOCK==n ) return 1;
    s = s+2*BLOCK<=n ? s+BLOCK : n-BLOCK;
  }
}

/* uuid: RFC 4122 §3: hex digits "are case insensitive on input" and output
** in lower case; RFC 9562 §4: "the alphabetic characters may be all
** uppercase, all lowercase, or mixed case".  Shape: 8-4-4-4-12 hex. */
static void foldUuid(const UrnNsKeyNss *p, UrnNsFold *pFold){
  if( isUuidShape(p) ){
    pFold->nLower = p->n;
    pFold->plainNss = 1;
  }
}

/* Length of the NBN prefix of RFC 8458 §4.2 at the start of the NSS,
** "prefix = iso-cc *( ":" subspc )", iso-cc = 2ALPHA, subspc =
** 1*(ALPHA / DIGIT), if it is followed by "-"; else 0. */
static size_t nbnPrefix(const UrnNsKeyNss *p){
  size_t i;
  unsigned char c;
  if( p->n<3 || !IS_ALPHA(urnNsKeyAt(p,0)) || !IS_ALPHA(urnNsKeyAt(p,1)) ){
    return 0;
  }
  for(i=2; i<p->n && urnNsKeyAt(p, i)==':'; ){
    size_t j = ++i;
    while( i<p->n && (c = urnNsKeyAt(p, i), IS_ALPHA(c) || IS_DIGIT(c)) ) i++;
    if( i==j ) return 0;
  }
  return (i<p->n && urnNsKeyAt(p, i)=='-') ? i : 0;
}

/* nbn: RFC 8458 §4.3: equivalence after converting "all characters in the
** prefix (country code and its optional sub-divisions) to a single case";
** the NBN string after the '-' stays case-sensitive (§4.2).  Shape: the
** prefix syntax of §4.2.  (The prefix holds no %XX.) */
static void foldNbn(const UrnNsKeyNss *p, UrnNsFold *pFold){
  pFold->nLower = nbnPrefix(p);
}

/* Does the NSS start with zLit (lower case letters, ':') in any case?
** The same answer for the NSS as written and for its key, which differ
** only in the case of letters. */
static int startsWithNoCase(const UrnNsKeyNss *p, const char *zLit){
  size_t i, n = strlen(zLit);
  if( p->n<n ) return 0;
  for(i=0; i<n; i++){
    unsigned char c = urnNsKeyAt(p, i);
    if( c>='A' && c<='Z' ) c |= 0x20;
    if( c!=(unsigned char)zLit[i] ) return 0;
  }
  return 1;
}

/* ietf: RFC 2648 §2: "The entire URN is case-insensitive."  RFC 3553 §3:
** under urn:ietf:params "Lexical equivalence is achieved by exact string
** match": there only the sub-namespace name "params:" itself is folded. */
static void foldIetf(const UrnNsKeyNss *p, UrnNsFold *pFold){
  pFold->nLower = startsWithNoCase(p, "params:") ? 7 : p->n;
}

/* isan: RFC 4246 §2: "The ISAN-NSS is case-insensitive."  nzl: RFC 4350
** §2: "an exact, but not case-sensitive, string match".  doi: DOI Handbook
** ch. 2 ("DOI names are case insensitive, using ASCII case folding").  Any
** NSS: the whole namespace is case-insensitive. */
static void foldAll(const UrnNsKeyNss *p, UrnNsFold *pFold){
  pFold->nLower = p->n;
}

/* mpeg: RFC 3614 §2: "the portion of the URN: urn:mpeg:{standard name}: is
** case-insensitive for matches.  The remainder of the identifier must be
** considered case-sensitive."  The first segment is the NSS up to its
** first ':' (all of it when there is none). */
static void foldMpeg(const UrnNsKeyNss *p, UrnNsFold *pFold){
  /* ':' is the same byte in the key as written. */
  const unsigned char *zColon = memchr(p->z, ':', p->n);
  pFold->nLower = zColon ? (size_t)(zColon - p->z) : p->n;
}

const UrnNsTransform urnNsFoldIsbn = { foldIsbn,
  "ISBN-shaped NSS: hyphens removed, x upper-cased (RFC 3187 §5)" };
const UrnNsTransform urnNsFoldIssn = { foldIssn,
  "ISSN-shaped NSS: hyphens removed, x upper-cased (RFC 3044 §5)" };
const UrnNsTransform urnNsFoldIsni = { foldIsni,
  "ISNI-shaped NSS: x upper-cased (ISO 27729)" };
const UrnNsTransform urnNsFoldUuid = { foldUuid,
  "8-4-4-4-12 UUID: hex digits lower-cased (RFC 4122 §3, RFC 9562 §4)" };
const UrnNsTransform urnNsFoldNbn = { foldNbn,
  "prefix before the first '-' lower-cased (RFC 8458 §4.3)" };
const UrnNsTransform urnNsFoldIetf = { foldIetf,
  "NSS lower-cased, except after 'params:' (RFC 2648 §2, RFC 3553 §3)" };
const UrnNsTransform urnNsFoldIsan = { foldAll,
  "NSS lower-cased (RFC 4246 §2)" };
const UrnNsTransform urnNsFoldNzl = { foldAll,
  "NSS lower-cased (RFC 4350 §2)" };
const UrnNsTransform urnNsFoldMpeg = { foldMpeg,
  "first NSS segment (the standard name) lower-cased (RFC 3614 §2)" };
const UrnNsTransform urnNsFoldDoi = { foldAll,
  "NSS lower-cased, ASCII only (DOI Handbook ch. 2)" };

/* ---- Validators ------------------------------------------------------- */

/* Write "offset N: " and the formatted text to zErr; return 0. */
static int nsFail(char *zErr, size_t nErr, size_t offset,
                  const char *zFormat, ...){
  va_list ap;
  int n;
  if( nErr==0 ) return 0;
  n = snprintf(zErr, nErr, "offset %lu: ", (unsigned long)offset);
  if( n>=0 && (size_t)n<nErr ){
    int k;
    va_start(ap, zFormat);
    k = vsnprintf(zErr+n, nErr-(size_t)n, zFormat, ap);
    va_end(ap);
    /* Cut short by nErr: never inside a character. */
    if( k>=0 && (size_t)k>=nErr-(size_t)n ) urnUtf8Cut(zErr, nErr-1);
  }
  return 0;
}

/* A byte of an NSS (printable ASCII in a valid URN), or its end, as the
** "found ..." of a message: urnFoundName() (urn_scan.h), as urn_error
** names what it found, or "the end of the NSS". */
typedef struct Found { char z[URN_FOUND_MAX]; } Found;
static Found found(const unsigned char *z, size_t i, size_t nssEnd){
  Found f;
  if( i>=nssEnd ){
    memcpy(f.z, "the end of the NSS", 19);
  }else{
    urnFoundName(z+i, nssEnd-i, f.z);
  }
  return f;
}

/* Check digits.  Each takes the digit values and returns the check value
** 0..10, 10 written 'X'. */
static int isbn10Check(const int *d){      /* ISO 2108, RFC 3187 §5 */
  int s = 0, i;
  for(i=0; i<9; i++) s += (10-i)*d[i];     /* weights 10..2, mod 11 */
  return (11 - s%11) % 11;
}
static int isbn13Check(const int *d){      /* ISO 2108:2005 */
  int s = 0, i;
  for(i=0; i<12; i++) s += (i&1 ? 3 : 1)*d[i];   /* weights 1,3, mod 10 */
  return (10 - s%10) % 10;
}
static int issnCheck(const int *d){        /* ISO 3297, RFC 3044 §5 */
  int s = 0, i;
  for(i=0; i<7; i++) s += (8-i)*d[i];      /* weights 8..2, mod 11 */
  return (11 - s%11) % 11;
}
static int isniCheck(const int *d){        /* ISO 7064 MOD 11-2 */
  int p = 0, i;
  for(i=0; i<15; i++) p = ((p + d[i])*2) % 11;
  return (12 - p) % 11;
}
static char checkChar(int v){ return v==10 ? 'X' : (char)('0'+v); }

/* The digits of an ISBN as written: digit values into d[] (X as 10),
** their offsets into aOff[].  Returns the count (also past 13, then only
** counted), or -1 after writing a message for a byte that is not a digit,
** '-' or X, or a hyphen at either end or doubled (RFC 3187 §5: four parts
** "usually separated by hyphens"). */
static int isbnDigits(const unsigned char *z, size_t nssOff, size_t nssEnd,
                      int *d, size_t *aOff, char *zErr, size_t nErr){
  size_t i;
  int k = 0;
  for(i=nssOff; i<nssEnd; i++){
    unsigned char c = z[i];
    if( c=='-' ){
      if( i==nssOff || i+1==nssEnd || z[i+1]=='-' ){
        size_t at = (i+1<nssEnd && z[i+1]=='-') ? i+1 : i;
        nsFail(zErr, nErr, at, "an ISBN's hyphens go between its parts, "
               "one at a time, not at either end (RFC 3187 §5)");
        return -1;
      }
      continue;
    }
    if( !IS_DIGIT(c) && c!='X' && c!='x' ){
      Found f = found(z, i, nssEnd);
      nsFail(zErr, nErr, i, "found %s in an ISBN, expected a digit, '-' or "
             "the check digit X (RFC 3187 §5)", f.z);
      return -1;
    }
    if( k<13 ){
      d[k] = IS_DIGIT(c) ? c-'0' : 10;
      aOff[k] = i;
    }
    k++;
  }
  return k;
}

/* ISBN: RFC 3187 §5 (ISBN-10: "a modulus 11 check digit, using X instead of
** 10"), RFC 8254 §2.1 (ISBN-10 and ISBN-13 share the namespace), ISO 2108
** (ISBN-13: prefix 978 or 979, weights 1,3 mod 10).  On success writes the
** digit values to d[] (room for 13) and returns their count. */
static int isbnParse(const unsigned char *z, size_t nssOff, size_t nssEnd,
                     int *d, char *zErr, size_t nErr){
  size_t aOff[13];
  int k, i, want;
  k = isbnDigits(z, nssOff, nssEnd, d, aOff, zErr, nErr);
  if( k<0 ) return 0;
  if( k!=10 && k!=13 ){
    nsFail(zErr, nErr, nssOff, "an ISBN has 10 digits (ISBN-10) or 13 "
           "(ISBN-13), found %d (RFC 3187 §5, RFC 8254 §2.1)", k);
    return 0;
  }
  for(i=0; i<k; i++){
    if( d[i]==10 && !(k==10 && i==9) ){
      nsFail(zErr, nErr, aOff[i], "X stands only for the check digit 10 of "
             "an ISBN-10 (RFC 3187 §5)");
      return 0;
    }
  }
  if( k==10 ){
    want = isbn10Check(d);
    if( want!=d[9] ){
      nsFail(zErr, nErr, aOff[9], "ISBN-10 check digit should be %c, found "
             "%c (ISO 2108, RFC 3187 §5)", checkChar(want), z[aOff[9]]);
      return 0;
    }
  }else{
    if( d[0]!=9 || d[1]!=7 || (d[2]!=8 && d[2]!=9) ){
      nsFail(zErr, nErr, aOff[0], "an ISBN-13 starts with 978 or 979, found "
             "%d%d%d (ISO 2108:2017)", d[0], d[1], d[2]);
      return 0;
    }
    want = isbn13Check(d);
    if( want!=d[12] ){
      nsFail(zErr, nErr, aOff[12], "ISBN-13 check digit should be %c, found "
             "%c (ISO 2108:2017, RFC 8254 §2.1)", checkChar(want),
             z[aOff[12]]);
      return 0;
    }
  }
  return k;
}

static int checkIsbn(const unsigned char *z, size_t nssOff, size_t nssEnd,
                     char *zErr, size_t nErr){
  int d[13];
  return isbnParse(z, nssOff, nssEnd, d, zErr, nErr)!=0;
}

/* ISSN: RFC 3044 §5, "NNNN-NNNC": 7 digits and a check character 0-9 or X
** "calculated on a modulus 11 basis with weights 8 to 2"; the hyphen "can
** be omitted". */
static int checkIssn(const unsigned char *z, size_t nssOff, size_t nssEnd,
                     char *zErr, size_t nErr){
  int d[8];
  int k = 0, want;
  size_t i, n = nssEnd - nssOff;
  for(i=nssOff; i<nssEnd && k<8; i++){
    unsigned char c = z[i];
    if( c=='-' && k==4 && i==nssOff+4 ) continue;
    if( IS_DIGIT(c) || (k==7 && (c=='X' || c=='x')) ){
      d[k++] = IS_DIGIT(c) ? c-'0' : 10;
      continue;
    }
    {
      Found f = found(z, i, nssEnd);
      nsFail(zErr, nErr, i, "found %s in an ISSN, expected NNNN-NNNC: "
             "digits, a hyphen after the fourth and a check digit 0-9 or X "
             "(RFC 3044 §5)", f.z);
      return 0;
    }
  }
  if( k<8 || i<nssEnd ){
    nsFail(zErr, nErr, nssOff, "an ISSN is NNNN-NNNC or NNNNNNNC, found %lu "
           "characters (RFC 3044 §5)", (unsigned long)n);
    return 0;
  }
  want = issnCheck(d);
  if( want!=d[7] ){
    nsFail(zErr, nErr, nssEnd-1, "ISSN check digit should be %c, found %c "
           "(ISO 3297, RFC 3044 §5)", checkChar(want), z[nssEnd-1]);
    return 0;
  }
  return 1;
}

/* ISNI: ISO 27729, 15 digits and a check character 0-9 or X computed with
** ISO/IEC 7064 MOD 11-2 (ISO 27729 Annex A; the algorithm of ORCID). */
static int checkIsni(const unsigned char *z, size_t nssOff, size_t nssEnd,
                     char *zErr, size_t nErr){
  int d[16];
  int want;
  size_t i, n = nssEnd - nssOff;
  for(i=0; i<n && i<16; i++){
    unsigned char c = z[nssOff+i];
    if( IS_DIGIT(c) || (i==15 && (c=='X' || c=='x')) ){
      d[i] = IS_DIGIT(c) ? c-'0' : 10;
    }else{
      Found f = found(z, nssOff+i, nssEnd);
      nsFail(zErr, nErr, nssOff+i, "found %s in an ISNI, expected 15 digits "
             "and a check character 0-9 or X (ISO 27729)", f.z);
      return 0;
    }
  }
  if( n!=16 ){
    nsFail(zErr, nErr, nssOff, "an ISNI has 16 characters, found %lu "
           "(ISO 27729)", (unsigned long)n);
    return 0;
  }
  want = isniCheck(d);
  if( want!=d[15] ){
    nsFail(zErr, nErr, nssEnd-1, "ISNI check character should be %c, found "
           "%c (ISO 27729, ISO/IEC 7064 MOD 11-2)", checkChar(want),
           z[nssEnd-1]);
    return 0;
  }
  return 1;
}

/* Match z[nssOff..nssEnd) against zPat from its start: 'H' a hex digit,
** 'C' a letter or digit, '$' the end, other bytes themselves.  Returns
** the index in zPat where it failed (*piAt: offset into z), or -1. */
static int patternFail(const unsigned char *z, size_t nssOff, size_t nssEnd,
                       const char *zPat, size_t *piAt){
  int j;
  size_t i = nssOff;
  for(j=0; zPat[j]; j++, i++){
    int ok;
    unsigned char c = i<nssEnd ? z[i] : 0;
    switch( zPat[j] ){
      case 'H': ok = i<nssEnd && IS_HEX(c); break;
      case 'C': ok = i<nssEnd && (IS_DIGIT(c) || IS_ALPHA(c)); break;
      case '$': ok = i>=nssEnd; break;
      default:  ok = i<nssEnd && c==(unsigned char)zPat[j]; break;
    }
    if( !ok ){
      *piAt = i;
      return j;
    }
  }
  return -1;
}

/* What pattern byte p stands for, in a message. */
static const char *patternWord(char p){
  switch( p ){
    case 'H': return "a hex digit";
    case 'C': return "a check character (a letter or digit)";
    case '$': return "the end of the NSS";
    default:  return "'-'";
  }
}

/* UUID: RFC 9562 §4 (RFC 4122 §3), 8-4-4-4-12 hex digits in any case. */
static int checkUuid(const unsigned char *z, size_t nssOff, size_t nssEnd,
                     char *zErr, size_t nErr){
  static const char zPat[] = "HHHHHHHH-HHHH-HHHH-HHHH-HHHHHHHHHHHH$";
  size_t at;
  int j = patternFail(z, nssOff, nssEnd, zPat, &at);
  if( j>=0 ){
    Found f = found(z, at, nssEnd);
    nsFail(zErr, nErr, at, "found %s in a UUID, expected %s (8-4-4-4-12 hex "
           "digits, RFC 9562 §4)", f.z, patternWord(zPat[j]));
    return 0;
  }
  return 1;
}

/* ISAN: RFC 4246 §3, 4 groups of 4 hex digits, a check character, and
** optionally a version of 2 groups of 4 hex digits and a check character,
** separated by '-'.  The check characters are not verified: the ISO 15706
** algorithm is not in the RFC and the RFC's own examples fail it. */
static int checkIsan(const unsigned char *z, size_t nssOff, size_t nssEnd,
                     char *zErr, size_t nErr){
  static const char zRoot[] = "HHHH-HHHH-HHHH-HHHH-C";
  static const char zFull[] = "HHHH-HHHH-HHHH-HHHH-C-HHHH-HHHH-C$";
  size_t at;
  int j;
  if( nssEnd-nssOff==sizeof(zRoot)-1
   && patternFail(z, nssOff, nssEnd, zRoot, &at)<0 ){
    return 1;
  }
  j = patternFail(z, nssOff, nssEnd, zFull, &at);
  if( j>=0 ){
    Found f = found(z, at, nssEnd);
    const char *zWant = patternWord(zFull[j]);
    if( j==(int)sizeof(zRoot)-1 ) zWant = "'-' or the end of the NSS";
    nsFail(zErr, nErr, at, "found %s in an ISAN, expected %s "
           "(HHHH-HHHH-HHHH-HHHH-C[-HHHH-HHHH-C], RFC 4246 §3)", f.z, zWant);
    return 0;
  }
  return 1;
}

/* OID: RFC 3061 §2, "oid = number *( DOT number )", "number = DIGIT / (
** LEADDIGIT 1*DIGIT )": "strictly limited to the digits 0-9 and the '.'
** character with no leading zeros". */
static int checkOid(const unsigned char *z, size_t nssOff, size_t nssEnd,
                    char *zErr, size_t nErr){
  size_t i = nssOff;
  for(;;){
    size_t start = i;
    while( i<nssEnd && IS_DIGIT(z[i]) ) i++;
    if( i==start ){
      Found f = found(z, i, nssEnd);
      return nsFail(zErr, nErr, i, "found %s in an OID, expected a digit: "
                    "arcs are numbers separated by single dots "
                    "(RFC 3061 §2)", f.z);
    }
    if( z[start]=='0' && i-start>1 ){
      return nsFail(zErr, nErr, start, "an OID arc has no leading zero "
                    "(RFC 3061 §2)");
    }
    if( i==nssEnd ) return 1;
    if( z[i]!='.' ){
      Found f = found(z, i, nssEnd);
      return nsFail(zErr, nErr, i, "found %s in an OID, expected a digit or "
                    "'.' (RFC 3061 §2)", f.z);
    }
    i++;
  }
}

/* ---- urn:nbn:de check digits (urn_ns_rules.h, urnNbnDe...) ----------- */

/* The DNB's table of characters to numbers ("Konversionstabelle"), letters
** in either case; 0 for a character the table lacks.  No number holds the
** digit 0, so the last digit of a sequence is never 0. */
static const unsigned char aNbnDeValue[128] = {
  ['0']=1,  ['1']=2,  ['2']=3,  ['3']=4,  ['4']=5,  ['5']=6,  ['6']=7,
  ['7']=8,  ['8']=9,  ['9']=41,
  ['A']=18, ['B']=14, ['C']=19, ['D']=15, ['E']=16, ['F']=21, ['G']=22,
  ['H']=23, ['I']=24, ['J']=25, ['K']=42, ['L']=26, ['M']=27, ['N']=13,
  ['O']=28, ['P']=29, ['Q']=31, ['R']=12, ['S']=32, ['T']=33, ['U']=11,
  ['V']=34, ['W']=35, ['X']=36, ['Y']=37, ['Z']=38,
  ['a']=18, ['b']=14, ['c']=19, ['d']=15, ['e']=16, ['f']=21, ['g']=22,
  ['h']=23, ['i']=24, ['j']=25, ['k']=42, ['l']=26, ['m']=27, ['n']=13,
  ['o']=28, ['p']=29, ['q']=31, ['r']=12, ['s']=32, ['t']=33, ['u']=11,
  ['v']=34, ['w']=35, ['x']=36, ['y']=37, ['z']=38,
  ['+']=49, [':']=17, ['_']=43, ['-']=39, ['.']=47, ['/']=45,
};

/* The product sum is kept modulo 25200 = 10 * lcm(1..9): the check digit,
** floor(sum / last) mod 10, only depends on the sum modulo 10 * last. */
#define NBN_DE_MOD 25200u

int urnNbnDeAdd(UrnNbnDeSum *p, unsigned char c){
  unsigned v = c<128 ? aNbnDeValue[c] : 0;
  unsigned d[2];
  int k, nd = 0;
  if( v==0 ) return 0;
  if( v>=10 ) d[nd++] = v/10;
  d[nd++] = v%10;
  for(k=0; k<nd; k++){
    p->pos = (p->pos + 1) % NBN_DE_MOD;
    p->sum = (p->sum + d[k]*p->pos) % NBN_DE_MOD;
    p->last = d[k];
  }
  return 1;
}

void urnNbnDeStart(UrnNbnDeSum *p){
  static const char zHead[] = "urn:nbn:";
  size_t i;
  p->sum = p->pos = p->last = 0;
  for(i=0; zHead[i]; i++) urnNbnDeAdd(p, (unsigned char)zHead[i]);
}

int urnNbnDeCheck(const UrnNbnDeSum *p){
  return (int)((p->sum / p->last) % 10);
}

/* The German National Library's own URNs, sub-namespace 101:1, carried
** the check digit until 2018: "urn:nbn:de:101:1-" and 12 digits, a date
** and a sequence, the last the check digit (urn:nbn:de:101:1-200910131091,
** urn:nbn:de:101:1-201603278995, which pass).  Those it mints since 2019
** carry none: "urn:nbn:de:101:1-" and 22 digits, a 14-digit timestamp and
** 8 more (urn:nbn:de:101:1-2019072802401757702913, -2020112012434733354624,
** -2022072702462487314192), or 13 digits dated 2019 or later
** (urn:nbn:de:101:1-2022102122032): every one of them found in DNB records
** fails the algorithm, and the DNB's URN service now gives the structure
** as "URN:nbn:de:[SNID]-[NSS]" without a check digit
** (https://www.dnb.de/urnservice, "Struktur der URN").  Such a name is
** accepted as the DNB registers it; every other urn:nbn:de, the DNB's
** older ones included, keeps its check digit. */
int urnNbnDeNoDigit(const unsigned char *z, size_t nssOff, size_t nssEnd){
  static const char zHead[] = "de:101:1-";
  size_t i, n = nssEnd-nssOff;
  if( n!=9+13 && n!=9+22 ) return 0;
  for(i=0; i<9; i++){
    unsigned char c = z[nssOff+i];
    if( (c>='A' && c<='Z' ? c|0x20 : c)!=(unsigned char)zHead[i] ) return 0;
  }
  for(i=nssOff+9; i<nssEnd; i++) if( !IS_DIGIT(z[i]) ) return 0;
  /* The year of the timestamp: 2019 or later. */
  return memcmp(z+nssOff+9, "2019", 4)>=0 && z[nssOff+9]=='2';
}

/* Is the NSS z[nssOff..nssEnd) (RFC 8458 syntax already checked) one of
** Germany's, country code "de" in any case? */
static int nbnIsDe(const unsigned char *z, size_t nssOff){
  return (z[nssOff]|0x20)=='d' && (z[nssOff+1]|0x20)=='e';
}

/* urn:nbn:de: the last character of the URN is the check digit of the
** DNB's algorithm over all the characters before it, "urn:nbn:" included
** (DNB, "Beschreibung des Algorithmus zur Berechnung der URN-Prüfziffer",
** http://www.persistent-identifier.de/english/316-check-digit-algorithm.php):
** each character becomes its number in the
** table, the digits of those numbers are multiplied by their positions
** 1, 2, 3, ... and summed, the sum is divided by the last digit, and the
** last digit of the integer quotient is the check digit. */
static int checkNbnDe(const unsigned char *z, size_t nssOff, size_t nssEnd,
                      size_t nbnOff, char *zErr, size_t nErr){
  UrnNbnDeSum sum;
  size_t i;
  int want;
  /* The DNB's structure, "[Bibliothekssigel]-[eindeutige
  ** Produktionsnummer][Prüfziffer]" (persistent-identifier.de, "URN
  ** (NBN)-Vergabe"): a production number comes before the check digit,
  ** so the NBN string nbnOff.. holds two characters at least, as
  ** urn_nbn_complete() asks of a name it completes. */
  if( nssEnd-nbnOff<2 ){
    return nsFail(zErr, nErr, nbnOff, "a urn:nbn:de needs a production "
                  "number before its check digit after the '-' (DNB URN "
                  "structure)");
  }
  if( urnNbnDeNoDigit(z, nssOff, nssEnd) ) return 1;
  urnNbnDeStart(&sum);
  for(i=nssOff; i+1<nssEnd; i++){
    if( !urnNbnDeAdd(&sum, z[i]) ){
      Found f = found(z, i, nssEnd);
      return nsFail(zErr, nErr, i, "found %s in a urn:nbn:de, which has no "
                    "value in the DNB check digit table (letters, digits, "
                    "+ : _ - . /)", f.z);
    }
  }
  want = urnNbnDeCheck(&sum);
  if( z[nssEnd-1]!='0'+want ){
    return nsFail(zErr, nErr, nssEnd-1, "urn:nbn:de check digit should be "
                  "%d, found %c (DNB URN check digit algorithm)", want,
                  z[nssEnd-1]);
  }
  return 1;
}

/* NBN: RFC 8458 §4.2, "nbn-nss = prefix "-" nbn-string", "prefix = iso-cc
** *( ":" subspc )", iso-cc = 2ALPHA (ISO 3166), subspc = 1*(ALPHA /
** DIGIT) ("MUST NOT contain any colons or hyphens", §4.3), nbn-string =
** path-rootless (RFC 3986 §3.3: not empty, not starting with '/'). */
static int checkNbn(const unsigned char *z, size_t nssOff, size_t nssEnd,
                    char *zErr, size_t nErr){
  size_t i;
  Found f;
  for(i=nssOff; i<nssOff+2; i++){
    if( i>=nssEnd || !IS_ALPHA(z[i]) ){
      f = found(z, i, nssEnd);
      return nsFail(zErr, nErr, i, "found %s, expected a letter: an NBN "
                    "starts with a two-letter ISO 3166 country code "
                    "(RFC 8458 §4.2)", f.z);
    }
  }
  while( i<nssEnd && z[i]==':' ){
    size_t start = ++i;
    while( i<nssEnd && (IS_ALPHA(z[i]) || IS_DIGIT(z[i])) ) i++;
    if( i==start ){
      f = found(z, i, nssEnd);
      return nsFail(zErr, nErr, i, "found %s, expected a letter or digit: "
                    "an NBN sub-namespace is letters and digits "
                    "(RFC 8458 §4.2)", f.z);
    }
  }
  if( i>=nssEnd || z[i]!='-' ){
    f = found(z, i, nssEnd);
    return nsFail(zErr, nErr, i, "found %s, expected %s'-' to end the NBN "
                  "prefix (RFC 8458 §4.2)", f.z,
                  i==nssOff+2 ? "':' or " : "a letter, digit, ':' or ");
  }
  i++;
  if( i>=nssEnd || z[i]=='/' ){
    f = found(z, i, nssEnd);
    return nsFail(zErr, nErr, i, "found %s after the NBN prefix, expected "
                  "the NBN string (RFC 8458 §4.2)", f.z);
  }
  /* The country's own rule, where its agency publishes one: Germany's. */
  if( nbnIsDe(z, nssOff) ){
    return checkNbnDe(z, nssOff, nssEnd, i, zErr, nErr);
  }
  return 1;
}

/* The sub-namespaces of RFC 2648 §2 that checkIetf() checks. */
static const struct { const char *zPrefix; int isNumber; } aIetfSub[] = {
  { "rfc:", 1 }, { "fyi:", 1 }, { "std:", 1 }, { "bcp:", 1 },
  { "id:", 0 },  { "mtg:", 0 },
};

/* ietf: RFC 2648 §2, "rfc-nss = "rfc:" 1*DIGIT" (and fyi:, std:, bcp:),
** "draft-nss = "id:" string", "mtg-nss = "mtg:" string", "string =
** 1*(DIGIT / ALPHA / "-")"; ABNF literals are case-insensitive.  Other
** sub-namespaces (params: of RFC 3553, future ones of the RFC 6924
** registry) are not checked further. */
static int checkIetf(const unsigned char *z, size_t nssOff, size_t nssEnd,
                     char *zErr, size_t nErr){
  UrnNsKeyNss nss;
  size_t k, i;
  nss.z = z+nssOff;
  nss.n = nssEnd-nssOff;
  for(k=0; k<sizeof(aIetfSub)/sizeof(aIetfSub[0]); k++){
    size_t nPrefix = strlen(aIetfSub[k].zPrefix);
    if( !startsWithNoCase(&nss, aIetfSub[k].zPrefix) ) continue;
    for(i=nssOff+nPrefix; i==nssOff+nPrefix || i<nssEnd; i++){
      unsigned char c = i<nssEnd ? z[i] : 0;
      int ok = i<nssEnd && (IS_DIGIT(c) ||
               (!aIetfSub[k].isNumber && (IS_ALPHA(c) || c=='-')));
      if( !ok ){
        Found f = found(z, i, nssEnd);
        return nsFail(zErr, nErr, i, "found %s in urn:ietf:%.*s, expected %s "
                      "(RFC 2648 §2)", f.z, (int)(nPrefix-1),
                      aIetfSub[k].zPrefix, aIetfSub[k].isNumber ? "a digit"
                      : "a letter, digit or '-'");
      }
    }
    return 1;
  }
  return 1;
}

/* ---- The prefixes each validator accepts (urnNsPrefixes()) ------------- */
/* Three validators accept NSSs of any length; each says here, in one pass,
** which prefixes of an NSS it accepts.  The others have a longest NSS
** (nMax below), and urn_find asks xCheck itself up to there. */

/* OID (checkOid(), RFC 3061 §2): the prefixes of the NSS that are a prefix
** of some OID are those up to the first byte that no OID may hold there (a
** byte other than a digit or '.', a '.' that starts the NSS or follows
** another, a digit after an arc "0"); of those, the ones ending with a
** digit are OIDs. */
static void spansOid(const unsigned char *z, size_t nssOff, size_t nssEnd,
                     UrnNsSpans *p){
  size_t i, arc = nssOff;
  for(i=nssOff; i<nssEnd; i++){
    if( IS_DIGIT(z[i]) ){
      if( i==arc+1 && z[arc]=='0' ) break;   /* no leading zero */
    }else if( z[i]=='.' && i>arc ){
      arc = i+1;
    }else{
      break;
    }
  }
  p->aLo[0] = 1;
  p->aHi[0] = i-nssOff;
  p->digitEnd = 1;
}

/* NBN (checkNbn(), RFC 8458 §4.2): a prefix passes when it holds the whole
** NBN prefix, its '-' and a first byte of the NBN string that is not '/';
** then every longer one passes too, since the NBN string is any
** path-rootless.  The walk of the sub-namespaces (":" 1*(ALPHA / DIGIT))
** after the country code is kept: an NSS that starts inside the groups of
** the last one walked, at a ':', walks the same groups to the same end,
** so it is not walked again (urn_find meets such NSSs one after another
** in a chain like "urn:nbn:de:urn:nbn:de:...", which would otherwise be
** walked once per link). */
static void spansNbn(const unsigned char *z, size_t nssOff, size_t nssEnd,
                     UrnNsSpans *p){
  size_t i = nssOff+2, x;
  if( nssEnd-nssOff<2 || !IS_ALPHA(z[nssOff]) || !IS_ALPHA(z[nssOff+1]) ){
    return;
  }
  if( i<nssEnd && z[i]==':' && p->memoEnd==nssEnd && p->memoNss<nssOff
   && i<p->memoTo ){
    x = p->memoTo;
  }else{
    x = i;
    while( x<nssEnd && z[x]==':' ){
      size_t j = x+1;
      while( j<nssEnd && (IS_ALPHA(z[j]) || IS_DIGIT(z[j])) ) j++;
      if( j==x+1 ) break;                   /* an empty sub-namespace */
      x = j;
    }
    p->memoNss = nssOff;
    p->memoEnd = nssEnd;
    p->memoTo = x;
  }
  if( x+1<nssEnd && z[x]=='-' && z[x+1]!='/' ){
    p->aLo[1] = x+2-nssOff;
    p->aHi[1] = (size_t)-1;
    if( nbnIsDe(z, nssOff) ){
      /* urn:nbn:de (checkNbnDe()): of those, the ones whose last byte is
      ** the check digit of the bytes before it.  One pass finds the
      ** longest, which urn_find asks for first; urnNsPrefixPasses()
      ** checks a shorter one on its own (UrnNsSpans.nbnDe). */
      UrnNbnDeSum sum;
      size_t i, hi = 0;
      urnNbnDeStart(&sum);
      /* A production number first, then the check digit (checkNbnDe()). */
      p->aLo[1] = x+3-nssOff;
      for(i=nssOff; i<nssEnd; i++){
        if( i>x+1 && IS_DIGIT(z[i]) && z[i]-'0'==urnNbnDeCheck(&sum) ){
          hi = i+1-nssOff;
        }
        if( !urnNbnDeAdd(&sum, z[i]) ) break;
      }
      /* The DNB's own URNs without a check digit (urnNbnDeNoDigit()):
      ** of 22 or 13 digits after "de:101:1-". */
      if( hi<31 && nssEnd-nssOff>=31
       && urnNbnDeNoDigit(z, nssOff, nssOff+31) ){
        hi = 31;
      }else if( hi<22 && nssEnd-nssOff>=22
             && urnNbnDeNoDigit(z, nssOff, nssOff+22) ){
        hi = 22;
      }
      p->aHi[1] = hi;
      p->nbnDe = 1;
    }
  }
}

/* ietf (checkIetf(), RFC 2648 §2): under a known sub-namespace, the
** prefixes shorter than its name (which do not name it, and pass
** unchecked) and those that hold at least one byte after it, all of the
** right kind; under any other, every prefix. */
static void spansIetf(const unsigned char *z, size_t nssOff, size_t nssEnd,
                      UrnNsSpans *p){
  UrnNsKeyNss nss;
  size_t k, i;
  nss.z = z+nssOff;
  nss.n = nssEnd-nssOff;
  nss.nBefore = 0;
  for(k=0; k<sizeof(aIetfSub)/sizeof(aIetfSub[0]); k++){
    size_t nPrefix = strlen(aIetfSub[k].zPrefix);
    if( !startsWithNoCase(&nss, aIetfSub[k].zPrefix) ) continue;
    for(i=nssOff+nPrefix; i<nssEnd; i++){
      unsigned char c = z[i];
      if( !IS_DIGIT(c)
       && (aIetfSub[k].isNumber || !(IS_ALPHA(c) || c=='-')) ){
        break;
      }
    }
    p->aLo[0] = 1;
    p->aHi[0] = nPrefix-1;
    p->aLo[1] = nPrefix+1;
    p->aHi[1] = i-nssOff;
    return;
  }
  p->aLo[0] = 1;
  p->aHi[0] = (size_t)-1;
}

const UrnNsValidator urnNsCheckIsbn = { checkIsbn,
  "ISBN-10 (mod 11) or ISBN-13 (978/979, mod 10) check digit "
  "(ISO 2108, RFC 3187 §5)",
  25, 0 };                          /* 13 digits, 12 hyphens between them */
const UrnNsValidator urnNsCheckIssn = { checkIssn,
  "NNNN-NNNC, mod 11 check digit (ISO 3297, RFC 3044 §5)", 9, 0 };
const UrnNsValidator urnNsCheckIsni = { checkIsni,
  "15 digits and a MOD 11-2 check character (ISO 27729)", 16, 0 };
const UrnNsValidator urnNsCheckUuid = { checkUuid,
  "8-4-4-4-12 hex digits (RFC 9562 §4)", 36, 0 };
const UrnNsValidator urnNsCheckOid = { checkOid,
  "dot-separated numbers, no leading zeros (RFC 3061 §2)", 0, spansOid };
const UrnNsValidator urnNsCheckNbn = { checkNbn,
  "country code, optional sub-namespaces, '-', NBN string (RFC 8458 §4.2); "
  "urn:nbn:de: the DNB check digit",
  0, spansNbn };
const UrnNsValidator urnNsCheckIetf = { checkIetf,
  "rfc:, fyi:, std:, bcp: followed by digits; id:, mtg: by letters, "
  "digits, '-' (RFC 2648 §2)", 0, spansIetf };
const UrnNsValidator urnNsCheckIsan = { checkIsan,
  "HHHH-HHHH-HHHH-HHHH-C[-HHHH-HHHH-C]; check characters not verified "
  "(RFC 4246 §3)", 33, 0 };

/* ---- ISBN-13 ---------------------------------------------------------- */

int urnNsIsbn13(const unsigned char *z, const UrnParts *pParts,
                unsigned char *zOut){
  static const unsigned char zNid[] = "isbn";
  int d[13];
  int k, i;
  char zErr[URN_ERROR_MAX];
  if( pParts->nid.len!=4 ) return 0;
  for(i=0; i<4; i++){
    if( (z[pParts->nid.off+i]|0x20)!=zNid[i] ) return 0;
  }
  k = isbnParse(z, pParts->nss.off, pParts->nss.off+pParts->nss.len, d,
                zErr, sizeof(zErr));
  if( k==0 ) return 0;
  if( k==10 ){
    /* ISO 2108:2005: prefix 978, then the check digit over the 12. */
    memmove(d+3, d, 9*sizeof(int));
    d[0] = 9; d[1] = 7; d[2] = 8;
    d[12] = isbn13Check(d);
  }
  memcpy(zOut, "urn:isbn:", 9);
  for(i=0; i<13; i++) zOut[9+i] = (unsigned char)('0'+d[i]);
  return 1;
}
