/*
** gen_corpus.c -- the deterministic URN corpus of the benchmark and tests.
**
**   gen_corpus N [SEED [FORMAT]]
**
** Writes N lines to stdout, one URN-ish string per line.  The same N and
** SEED (default 1) give the same bytes on every platform: the generator is
** splitmix64 and uses no floating point, no locale and no libc randomness.
** FORMAT is "plain" (the default: the string alone) or "labeled": each line
** is then "TAG<TAB>string", where TAG is
**   v      a fresh URN, valid under RFC 8141 §2;
**   rK     a valid URN that is an equivalent respelling (RFC 8141 §3.1) of
**          the string on line K (1-based), which is a "v" line;
**   i      a string that is not a URN under RFC 8141 §2.
** Only the first TAB of a labeled line separates; the string itself may hold
** a TAB (one kind of invalid string does).  No string holds a newline or a
** NUL byte, so every line is one SQL TEXT value.
**
** The mix (of N rows): about 85% fresh URNs -- ISBN-10 and ISBN-13 with and
** without hyphens, ISSN, NBN, UUID in mixed case, OID, IETF RFC, DOI-style
** NSS with "/", urn:example with percent-encodings in mixed hex case and a
** few other NIDs; scheme and NID mostly lower case; r-, q- and f-components
** on some -- about 10% respellings of earlier rows (case of scheme, NID and
** %XX hex digits changed, components added, changed or dropped) and about
** 5% invalid strings of many kinds (each breaks one rule of RFC 8141 §2).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXLINE 512          /* longest string generated, with room        */
#define RING    65536        /* earlier valid rows a respelling may copy   */

typedef unsigned long long u64;

/* splitmix64 (public domain, Sebastiano Vigna): the PRNG state. */
typedef struct Rng { u64 s; } Rng;

static u64 rngNext(Rng *p){
  u64 z = (p->s += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z>>30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z>>27)) * 0x94D049BB133111EBULL;
  return z ^ (z>>31);
}

/* A number in [0, n), n>0. */
static unsigned rngBelow(Rng *p, unsigned n){
  return (unsigned)(rngNext(p) % n);
}

/* A growing string in a fixed buffer of MAXLINE bytes. */
typedef struct Buf { char z[MAXLINE]; size_t n; } Buf;

static void bufAdd(Buf *b, const char *z){
  size_t k = strlen(z);
  if( b->n+k>=MAXLINE ) k = MAXLINE-1-b->n;
  memcpy(b->z+b->n, z, k);
  b->n += k;
  b->z[b->n] = 0;
}
static void bufChar(Buf *b, char c){
  if( b->n+1<MAXLINE ){ b->z[b->n++] = c; b->z[b->n] = 0; }
}
static void bufDigits(Buf *b, Rng *r, unsigned n){
  while( n-- ) bufChar(b, (char)('0'+rngBelow(r, 10)));
}
static void bufNum(Buf *b, unsigned long v){
  char z[24];
  snprintf(z, sizeof(z), "%lu", v);
  bufAdd(b, z);
}
static const char *pick(Rng *r, const char *const *az, unsigned n){
  return az[rngBelow(r, n)];
}
#define PICK(r, a) pick((r), (a), (unsigned)(sizeof(a)/sizeof((a)[0])))

/* A hex digit, upper or lower case at random (RFC 3986 §2.1: either case
** is a HEXDIG; RFC 8141 §3.1 makes them equivalent). */
static char hexDigit(Rng *r, unsigned v){
  static const char zU[] = "0123456789ABCDEF", zL[] = "0123456789abcdef";
  return rngBelow(r, 2) ? zU[v&15] : zL[v&15];
}

/* The scheme and NID: mostly lower case as registries write them, some
** upper or mixed case (RFC 8141 §3.1 items 1 and 2: case-insensitive). */
static void head(Buf *b, Rng *r, const char *zNid){
  static const char *const aScheme[] = { "URN", "Urn", "uRn", "urN" };
  unsigned how = rngBelow(r, 100);
  const char *z;
  bufAdd(b, how<88 ? "urn" : PICK(r, aScheme));
  bufChar(b, ':');
  for(z=zNid; *z; z++){
    char c = *z;
    if( how>=80 && c>='a' && c<='z' && (how>=94 || rngBelow(r, 2)) ){
      c = (char)(c-'a'+'A');
    }
    bufChar(b, c);
  }
  bufChar(b, ':');
}

/* ISBN-10 (check digit mod 11, 'X' for 10), hyphenated or not. */
static void isbn10(Buf *b, Rng *r){
  char d[10];
  unsigned i, sum = 0, g, p;
  for(i=0; i<9; i++){ d[i] = (char)('0'+rngBelow(r, 10)); sum += (10-i)*(unsigned)(d[i]-'0'); }
  sum = (11 - sum%11) % 11;
  d[9] = sum==10 ? 'X' : (char)('0'+sum);
  head(b, r, "isbn");
  if( rngBelow(r, 2) ){
    for(i=0; i<10; i++) bufChar(b, d[i]);
    return;
  }
  g = 1+rngBelow(r, 2);            /* group, publisher, title, check */
  p = 2+rngBelow(r, 4);
  for(i=0; i<9; i++){
    if( i==g || i==g+p ) bufChar(b, '-');
    bufChar(b, d[i]);
  }
  bufChar(b, '-');
  bufChar(b, d[9]);
}

/* ISBN-13 (EAN-13 check digit), hyphenated or not. */
static void isbn13(Buf *b, Rng *r){
  char d[13];
  unsigned i, sum = 0, g, p;
  d[0] = '9'; d[1] = '7'; d[2] = rngBelow(r, 5) ? '8' : '9';
  for(i=3; i<12; i++) d[i] = (char)('0'+rngBelow(r, 10));
  for(i=0; i<12; i++) sum += (i&1 ? 3u : 1u)*(unsigned)(d[i]-'0');
  d[12] = (char)('0' + (10 - sum%10) % 10);
  head(b, r, "isbn");
  if( rngBelow(r, 2) ){
    for(i=0; i<13; i++) bufChar(b, d[i]);
    return;
  }
  g = 1+rngBelow(r, 2);
  p = 2+rngBelow(r, 4);
  for(i=0; i<12; i++){
    if( i==3 || i==3+g || i==3+g+p ) bufChar(b, '-');
    bufChar(b, d[i]);
  }
  bufChar(b, '-');
  bufChar(b, d[12]);
}

/* ISSN: NNNN-NNNC, check digit mod 11 with weights 8..2, 'X' for 10. */
static void issn(Buf *b, Rng *r){
  char d[8];
  unsigned i, sum = 0;
  for(i=0; i<7; i++){ d[i] = (char)('0'+rngBelow(r, 10)); sum += (8-i)*(unsigned)(d[i]-'0'); }
  sum = (11 - sum%11) % 11;
  d[7] = sum==10 ? 'X' : (char)('0'+sum);
  head(b, r, "issn");
  for(i=0; i<8; i++){
    if( i==4 ) bufChar(b, '-');
    bufChar(b, d[i]);
  }
}

/* NBN (RFC 8458): country code, then a national sub-namespace. */
static void nbn(Buf *b, Rng *r){
  static const char *const aCc[] = {
    "de", "fi", "se", "nl", "ch", "at", "it", "no", "cz", "hu", "si", "hr"
  };
  static const char *const aSub[] = {
    "bvb", "gbv", "hbz", "kobv", "swb", "ui", "uu", "kb", "e-helvetica"
  };
  head(b, r, "nbn");
  bufAdd(b, PICK(r, aCc));
  switch( rngBelow(r, 3) ){
    case 0:                               /* urn:nbn:de:bvb:19-146642 */
      bufChar(b, ':'); bufAdd(b, PICK(r, aSub)); bufChar(b, ':');
      bufDigits(b, r, 1+rngBelow(r, 3)); bufChar(b, '-');
      bufDigits(b, r, 4+rngBelow(r, 8));
      break;
    case 1:                               /* urn:nbn:fi-fe19981001 */
      bufAdd(b, "-fe"); bufDigits(b, r, 8+rngBelow(r, 4));
      break;
    default:                              /* urn:nbn:se:uu:diva-3475 */
      bufChar(b, ':'); bufAdd(b, PICK(r, aSub)); bufAdd(b, ":diva-");
      bufNum(b, 1+rngBelow(r, 999999));
      break;
  }
}

/* UUID (RFC 9562), each hex digit in random case. */
static void uuid(Buf *b, Rng *r){
  unsigned i;
  head(b, r, "uuid");
  for(i=0; i<32; i++){
    if( i==8 || i==12 || i==16 || i==20 ) bufChar(b, '-');
    bufChar(b, hexDigit(r, rngBelow(r, 16)));
  }
}

/* OID (RFC 3061): dotted decimal under a common arc. */
static void oid(Buf *b, Rng *r){
  static const char *const aArc[] = {
    "1.3.6.1.4.1.", "2.16.840.1.113883.", "1.2.840.10008.", "2.25.", "1.3.6.1.2.1."
  };
  unsigned i, k = 1+rngBelow(r, 6);
  head(b, r, "oid");
  bufAdd(b, PICK(r, aArc));
  for(i=0; i<k; i++){
    if( i ) bufChar(b, '.');
    bufNum(b, rngBelow(r, 4) ? rngBelow(r, 100) : rngBelow(r, 100000));
  }
}

/* IETF (RFC 2648): urn:ietf:rfc:NNNN and friends. */
static void ietf(Buf *b, Rng *r){
  static const char *const aKind[] = { "rfc:", "rfc:", "rfc:", "bcp:", "std:" };
  head(b, r, "ietf");
  bufAdd(b, PICK(r, aKind));
  bufNum(b, 1+rngBelow(r, 9999));
}

/* DOI-style NSS: "10." registrant "/" suffix, with more "/" and the
** sub-delims DOIs carry in practice. */
static void doi(Buf *b, Rng *r){
  static const char *const aPart[] = {
    "nphys", "j.cell", "s41586", "(SICI)", "1097-4636", "abc.", "x_y", "2020",
    "PhysRevLett.", "ISBN", ";2-", "ch", "v12", "n3", "p45", "Z"
  };
  unsigned i, k = 1+rngBelow(r, 4);
  head(b, r, "doi");
  bufAdd(b, "10.");
  bufNum(b, 1000+rngBelow(r, 30000));
  bufChar(b, '/');
  for(i=0; i<k; i++){
    if( i && rngBelow(r, 3)==0 ) bufChar(b, '/');
    bufAdd(b, PICK(r, aPart));
    bufNum(b, rngBelow(r, 100000));
  }
}

/* urn:example (RFC 6963) with %XX in mixed hex case (RFC 8141 §3.1 item 3). */
static void example(Buf *b, Rng *r){
  static const char *const aWord[] = {
    "a123", "z456", "foo", "bar", "weather", "caf", "d0", "x", "path", "q",
    "A", "Z9", "ok"
  };
  static const char aSep[] = ",;.-_~:@/!$&'()*+=";
  unsigned i, k = 1+rngBelow(r, 6);
  head(b, r, "example");
  for(i=0; i<k; i++){
    if( i ){
      if( rngBelow(r, 2) ){
        unsigned v = rngBelow(r, 256);
        bufChar(b, '%'); bufChar(b, hexDigit(r, v>>4)); bufChar(b, hexDigit(r, v));
      }else{
        bufChar(b, aSep[rngBelow(r, (unsigned)sizeof(aSep)-1)]);
      }
    }
    bufAdd(b, PICK(r, aWord));
  }
}

/* Any other NID: 2 to 32 letters, digits and hyphens (RFC 8141 §2), and an
** NSS of pchar and "/". */
static void other(Buf *b, Rng *r){
  static const char zAlnum[] = "abcdefghijklmnopqrstuvwxyz0123456789";
  static const char zNss[] =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    "-._~!$&'()*+,;=:@/";
  char zNid[40];
  unsigned i, k = 2+rngBelow(r, 12), m = 1+rngBelow(r, 40);
  for(i=0; i<k; i++){
    zNid[i] = (i>0 && i+1<k && rngBelow(r, 6)==0) ? '-'
            : zAlnum[rngBelow(r, (unsigned)sizeof(zAlnum)-1)];
  }
  zNid[k] = 0;
  head(b, r, zNid);
  for(i=0; i<m; i++){
    char c = zNss[rngBelow(r, (unsigned)sizeof(zNss)-1)];
    if( i==0 && c=='/' ) c = 'x';       /* RFC 8141 §2: NSS starts with pchar */
    bufChar(b, c);
  }
}

/* r-, q- and f-components (RFC 8141 §2.3), on about 15% of fresh URNs. */
static void components(Buf *b, Rng *r, unsigned pct){
  static const char *const aR[] = {
    "CCResolve:cc=uk", "lang=en", "res=%2Fbooks", "a", "x?y/z"
  };
  static const char *const aQ[] = {
    "op=map&lat=39.56&lon=-104.85&zoom=4", "v=2", "x%2fy", "lang=de?+not-r"
  };
  static const char *const aF[] = { "page=12", "section-2.3", "", "p%2Cq", "a/b?c" };
  if( rngBelow(r, 100)>=pct ) return;
  if( rngBelow(r, 3)==0 ){ bufAdd(b, "?+"); bufAdd(b, PICK(r, aR)); }
  if( rngBelow(r, 2)==0 ){ bufAdd(b, "?="); bufAdd(b, PICK(r, aQ)); }
  if( rngBelow(r, 2)==0 ){ bufChar(b, '#'); bufAdd(b, PICK(r, aF)); }
}

/* A fresh valid URN. */
static void fresh(Buf *b, Rng *r){
  unsigned k = rngBelow(r, 100);
  if( k<12 )      isbn10(b, r);
  else if( k<26 ) isbn13(b, r);
  else if( k<33 ) issn(b, r);
  else if( k<41 ) nbn(b, r);
  else if( k<55 ) uuid(b, r);
  else if( k<63 ) oid(b, r);
  else if( k<69 ) ietf(b, r);
  else if( k<81 ) doi(b, r);
  else if( k<93 ) example(b, r);
  else            other(b, r);
  components(b, r, 15);
}

/* An equivalent respelling of the valid URN zOrig (RFC 8141 §3.1): the case
** of the scheme, the NID and the hex digits of every %XX changed at random;
** the components dropped, kept or replaced.  Never the same bytes. */
static void respell(Buf *b, Rng *r, const char *zOrig){
  size_t n = strlen(zOrig), nidEnd, nssEnd, i;
  int mode = (int)rngBelow(r, 4);
  for(nidEnd=4; zOrig[nidEnd]!=':'; nidEnd++){}
  for(nssEnd=nidEnd+1; nssEnd<n && zOrig[nssEnd]!='?' && zOrig[nssEnd]!='#'; nssEnd++){}
  for(i=0; i<nssEnd; i++){
    char c = zOrig[i];
    int isAlpha = (c>='a' && c<='z') || (c>='A' && c<='Z');
    int isHexOfPct = i>nidEnd && ((zOrig[i-1]=='%') || (zOrig[i-2]=='%'));
    if( isAlpha && (i<=nidEnd || isHexOfPct) ){
      int up;
      if( mode==0 )      up = 1;                  /* all upper     */
      else if( mode==1 ) up = 0;                  /* all lower     */
      else               up = (int)rngBelow(r, 2); /* random per byte */
      if( isHexOfPct && mode<2 ) up = !up;        /* hex the other way */
      c = up ? (char)(c & ~0x20) : (char)(c | 0x20);
    }
    bufChar(b, c);
  }
  switch( rngBelow(r, 3) ){
    case 0: break;                                 /* drop components */
    case 1: bufAdd(b, zOrig+nssEnd); break;        /* keep them       */
    default: components(b, r, 100); break;         /* new ones        */
  }
  if( strcmp(b->z, zOrig)==0 ){
    /* Still the same bytes: spell the scheme differently. */
    b->z[0] = b->z[0]=='u' ? 'U' : 'u';
  }
}

/* A string that is not a URN (RFC 8141 §2), of one of many kinds. */
static void invalid(Buf *b, Rng *r){
  static const char *const aTrail[] = { "x", "a/b", "ok", "0451450523" };
  switch( rngBelow(r, 22) ){
    case 0:  bufAdd(b, "isbn:"); bufDigits(b, r, 10); break;       /* no scheme */
    case 1:  bufAdd(b, "urm:isbn:"); bufDigits(b, r, 10); break;   /* bad scheme */
    case 2:  bufAdd(b, "http://example.com/"); bufDigits(b, r, 5); break;
    case 3:  bufAdd(b, "urn:a:"); bufAdd(b, PICK(r, aTrail)); break; /* NID of 1 */
    case 4:  bufAdd(b, "urn:-ab:"); bufAdd(b, PICK(r, aTrail)); break;
    case 5:  bufAdd(b, "urn:ab-:"); bufAdd(b, PICK(r, aTrail)); break;
    case 6:  bufAdd(b, "urn:abcdefghijklmnopqrstuvwxyz0123456:x"); break; /* 33 */
    case 7:  bufAdd(b, "urn:is_bn:"); bufDigits(b, r, 10); break;
    case 8:  bufAdd(b, "urn:isbn:"); break;                        /* empty NSS */
    case 9:  bufAdd(b, "urn:doi:/10."); bufDigits(b, r, 4); break;  /* NSS "/" */
    case 10: bufAdd(b, "urn:example:a%G1"); break;                 /* bad %XX */
    case 11: bufAdd(b, "urn:example:a%2"); break;
    case 12: bufAdd(b, "urn:example:"); bufDigits(b, r, 3); bufChar(b, '%'); break;
    case 13: bufAdd(b, "urn:isbn:"); bufDigits(b, r, 10); bufAdd(b, "?x"); break;
    case 14: bufAdd(b, "urn:ab:c?+"); break;                       /* empty r */
    case 15: bufAdd(b, "urn:ab:c?+?=q"); break;
    case 16: bufAdd(b, "urn:ab:c#f#g"); break;                     /* "#" in f */
    case 17: bufAdd(b, "urn:isbn:0 306 40615 2"); break;           /* space */
    case 18: bufAdd(b, "urn:example:caf\xc3\xa9"); break;          /* non-ASCII */
    case 19: bufAdd(b, rngBelow(r, 2) ? "urn:" : "urn"); break;    /* truncated */
    case 20: bufAdd(b, "urn:ab:c\td"); break;                      /* control */
    default: bufAdd(b, "urn:ex:[v6]<x>"); break;                   /* gen-delims */
  }
}

int main(int argc, char **argv){
  Rng r;
  unsigned long long n, i;
  int labeled = 0;
  char **aRing;                   /* earlier fresh rows, for respellings */
  unsigned long long *aLine;      /* their line numbers                  */
  unsigned nRing = 0, iRing = 0;
  static char zOut[1<<16];
  if( argc<2 || argc>4 ){
    fprintf(stderr, "usage: %s N [SEED [plain|labeled]]\n", argv[0]);
    return 2;
  }
  n = strtoull(argv[1], 0, 10);
  r.s = argc>2 ? strtoull(argv[2], 0, 10) : 1;
  if( argc>3 ){
    if( strcmp(argv[3], "labeled")==0 ) labeled = 1;
    else if( strcmp(argv[3], "plain")!=0 ){
      fprintf(stderr, "%s: FORMAT is plain or labeled\n", argv[0]);
      return 2;
    }
  }
  aRing = calloc(RING, sizeof(char*));
  aLine = calloc(RING, sizeof(*aLine));
  if( aRing==0 || aLine==0 ){ fprintf(stderr, "out of memory\n"); return 1; }
  setvbuf(stdout, zOut, _IOFBF, sizeof(zOut));
  for(i=0; i<n; i++){
    Buf b;
    unsigned k = rngBelow(&r, 100);
    char zTag[32];
    b.n = 0; b.z[0] = 0;
    if( k<5 ){
      invalid(&b, &r);
      strcpy(zTag, "i");
    }else if( k<15 && nRing>0 ){
      unsigned j = rngBelow(&r, nRing);
      respell(&b, &r, aRing[j]);
      snprintf(zTag, sizeof(zTag), "r%llu", aLine[j]);
    }else{
      fresh(&b, &r);
      strcpy(zTag, "v");
      free(aRing[iRing]);
      aRing[iRing] = malloc(b.n+1);
      if( aRing[iRing]==0 ){ fprintf(stderr, "out of memory\n"); return 1; }
      memcpy(aRing[iRing], b.z, b.n+1);
      aLine[iRing] = i+1;
      iRing = (iRing+1) % RING;
      if( nRing<RING ) nRing++;
    }
    if( labeled ){ fputs(zTag, stdout); putchar('\t'); }
    fwrite(b.z, 1, b.n, stdout);
    putchar('\n');
  }
  for(i=0; i<RING; i++) free(aRing[i]);
  free(aRing);
  free(aLine);
  return fflush(stdout)!=0;
}
