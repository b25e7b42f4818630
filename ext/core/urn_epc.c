/*
** urn_epc.c -- the EPC binary encodings (urn_epc.h).  No engine header,
** no allocation, no floating point: every field is read into a 64-bit
** integer (at most 62 bits) or copied as characters.
**
** Sources: GS1 EPC Tag Data Standard 2.1 (TDS): Table 14-1 (the headers),
** §14.3 and §14.4 (the encoding and decoding methods each field names),
** the coding table and partition table of each scheme (§14.5), §12.3 (the
** EPC tag URI), §15.1.1 and §15.2.2 (the EPC memory bank, the raw URI);
** TDS Table A (the 82 characters of a 7-bit string, GS1 General
** Specifications §7.11 set 82) and Table G (the 6-bit characters).
*/
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "urn_epc.h"
#include "urn_gs1.h"

/* ---- The schemes ------------------------------------------------------ */

/* How a coding segment is coded (TDS §14.3, §14.4: the "coding method" row
** of each coding table). */
#define S_END    0
#define S_PART   1  /* partition, GS1 Company Prefix, the field after it */
#define S_INT    2  /* "Integer": no leading zeros (§14.3.1) */
#define S_NUMSTR 3  /* "Numeric String": digits after a leading 1 (§14.3.6) */
#define S_STR7   4  /* "String": 7-bit characters, zero padded (§14.3.2) */
#define S_FWINT  5  /* "Fixed Width Integer": nMax digits (§14.3.10) */
#define S_ZERO   6  /* reserved bits, zero */
#define S_CAGE8  7  /* a CAGE code or DoDAAC of 8-bit characters (USDOD) */
#define S_CAGE6  8  /* "6-bit CAGE/DoDAAC" (§14.3.7) */
#define S_VAR6   9  /* "6-Bit Variable String" (§14.3.8) */

typedef struct EpcSeg {
  unsigned char eKind;   /* S_xxx */
  unsigned char nBits;   /* S_PART: which partition table (aPart[]) */
  unsigned char nMin;    /* fewest characters (S_STR7, S_VAR6) */
  unsigned char nMax;    /* most digits or characters; 0: the bits bound */
  const char *zName;     /* the field, for messages */
} EpcSeg;

/* The field after the company prefix in a partition table. */
#define O_PAD   0  /* "Partition Table": zero-padded digits (§14.3.3) */
#define O_UNPAD 1  /* "Unpadded Partition Table": an integer (§14.3.4) */
#define O_STR7  2  /* "String Partition Table" (§14.3.5) */
#define O_VAR6  3  /* "6-Bit Variable String Partition Table" (§14.3.9) */

/* A partition table: for the partition value P (0 to 6; 7 is reserved),
** the company prefix has 12-P digits in aCoBits[P] bits, the other field
** nTotal-(12-P) digits (or at most that many characters) in aOther[P]
** bits (O_VAR6: as many as it takes). */
typedef struct EpcPart {
  unsigned char aOther[7];
  unsigned char nTotal;
  unsigned char eOther;
} EpcPart;

static const unsigned char aCoBits[7] = { 40, 37, 34, 30, 27, 24, 20 };

#define P_SGTIN   0
#define P_SSCC    1
#define P_SGLN    2
#define P_GRAI    3
#define P_GIAI96  4
#define P_GIAI202 5
#define P_CPI96   6
#define P_CPIVAR  7
static const EpcPart aPart[] = {
  /* SGTIN and ITIP: indicator digit and item reference (TDS 14-2) */
  { { 4, 7, 10, 14, 17, 20, 24 }, 13, O_PAD },
  /* SSCC, GSRN, GSRNP: extension digit and serial reference, service
  ** reference */
  { { 18, 21, 24, 28, 31, 34, 38 }, 17, O_PAD },
  /* SGLN, GDTI, SGCN: location reference, document type, coupon ref. */
  { { 1, 4, 7, 11, 14, 17, 21 }, 12, O_PAD },
  /* GRAI: asset type */
  { { 4, 7, 10, 14, 17, 20, 24 }, 12, O_PAD },
  /* GIAI-96: individual asset reference, an integer */
  { { 42, 45, 48, 52, 55, 58, 62 }, 25, O_UNPAD },
  /* GIAI-202: individual asset reference, 7-bit characters */
  { { 148, 151, 154, 158, 161, 164, 168 }, 30, O_STR7 },
  /* CPI-96: component/part reference, an integer */
  { { 11, 14, 17, 21, 24, 27, 31 }, 15, O_UNPAD },
  /* CPI-var: component/part reference, 6-bit characters */
  { { 0, 0, 0, 0, 0, 0, 0 }, 30, O_VAR6 },
};

/* A binary scheme: its header (Table 14-1), the filter's bits (3; 4 for
** USDOD-96, 6 for ADI-var, none for GID-96), its length (0: variable)
** and its coding segments after the filter. */
typedef struct EpcScheme {
  char zName[10];         /* NUL-padded: copied whole (decodeBits()) */
  unsigned char nName;    /* strlen(zName) */
  const char *zPure;
  const char *zForm;      /* the fields of its tag URI, for messages */
  unsigned char hdr;
  unsigned char nFilter;
  unsigned short nBits;
  EpcSeg aSeg[5];
} EpcScheme;

#define PART(t, z)      { S_PART, t, 0, 0, z }
#define INT(b, m, z)    { S_INT, b, 0, m, z }
#define NUMSTR(b, m)    { S_NUMSTR, b, 1, m, "serial" }
#define STR7(b, m, z)   { S_STR7, b, 1, m, z }
#define FWINT(z)        { S_FWINT, 7, 2, 2, z }
#define ZERO(b)         { S_ZERO, b, 0, 0, 0 }
#define CAGE(k)         { k, 0, 5, 6, "CAGE or DoDAAC code" }
#define VAR6(lo, hi, z) { S_VAR6, 0, lo, hi, z }
#define END             { S_END, 0, 0, 0, 0 }

#define F_CP   "filter.company prefix."
#define NAME(z) z, sizeof(z)-1
static const EpcScheme aScheme[] = {
  { NAME("gdti-96"), "gdti", F_CP "document type.serial", 0x2C, 3, 96,
    { PART(P_SGLN, "document type"), INT(41, 0, "serial"), END } },
  { NAME("gsrn-96"), "gsrn", F_CP "service reference", 0x2D, 3, 96,
    { PART(P_SSCC, "service reference"), ZERO(24), END } },
  { NAME("gsrnp-96"), "gsrnp", F_CP "service reference", 0x2E, 3, 96,
    { PART(P_SSCC, "service reference"), ZERO(24), END } },
  { NAME("usdod-96"), "usdod", "filter.CAGE or DoDAAC code.serial", 0x2F, 4, 96,
    { CAGE(S_CAGE8), INT(36, 0, "serial"), END } },
  { NAME("sgtin-96"), "sgtin", F_CP "item reference.serial", 0x30, 3, 96,
    { PART(P_SGTIN, "item reference"), INT(38, 0, "serial"), END } },
  { NAME("sscc-96"), "sscc", F_CP "serial reference", 0x31, 3, 96,
    { PART(P_SSCC, "serial reference"), ZERO(24), END } },
  { NAME("sgln-96"), "sgln", F_CP "location reference.extension", 0x32, 3, 96,
    { PART(P_SGLN, "location reference"), INT(41, 0, "extension"), END } },
  { NAME("grai-96"), "grai", F_CP "asset type.serial", 0x33, 3, 96,
    { PART(P_GRAI, "asset type"), INT(38, 0, "serial"), END } },
  { NAME("giai-96"), "giai", F_CP "individual asset reference", 0x34, 3, 96,
    { PART(P_GIAI96, "individual asset reference"), END } },
  { NAME("gid-96"), "gid", "general manager number.object class.serial", 0x35, 0,
    96, { INT(28, 0, "general manager number"), INT(24, 0, "object class"),
          INT(36, 0, "serial"), END } },
  { NAME("sgtin-198"), "sgtin", F_CP "item reference.serial", 0x36, 3, 198,
    { PART(P_SGTIN, "item reference"), STR7(140, 20, "serial"), END } },
  { NAME("grai-170"), "grai", F_CP "asset type.serial", 0x37, 3, 170,
    { PART(P_GRAI, "asset type"), STR7(112, 16, "serial"), END } },
  { NAME("giai-202"), "giai", F_CP "individual asset reference", 0x38, 3, 202,
    { PART(P_GIAI202, "individual asset reference"), END } },
  { NAME("sgln-195"), "sgln", F_CP "location reference.extension", 0x39, 3, 195,
    { PART(P_SGLN, "location reference"), STR7(140, 20, "extension"),
      END } },
  { NAME("gdti-113"), "gdti", F_CP "document type.serial", 0x3A, 3, 113,
    { PART(P_SGLN, "document type"), NUMSTR(58, 17), END } },
  { NAME("adi-var"), "adi", "filter.CAGE or DoDAAC code.original part number."
    "serial", 0x3B, 6, 0,
    { CAGE(S_CAGE6), VAR6(0, 32, "original part number"),
      VAR6(1, 30, "serial"), END } },
  { NAME("cpi-96"), "cpi", F_CP "component/part reference.serial", 0x3C, 3, 96,
    { PART(P_CPI96, "component/part reference"), INT(31, 0, "serial"),
      END } },
  { NAME("cpi-var"), "cpi", F_CP "component/part reference.serial", 0x3D, 3, 0,
    { PART(P_CPIVAR, "component/part reference"), INT(40, 12, "serial"),
      END } },
  { NAME("gdti-174"), "gdti", F_CP "document type.serial", 0x3E, 3, 174,
    { PART(P_SGLN, "document type"), STR7(119, 17, "serial"), END } },
  { NAME("sgcn-96"), "sgcn", F_CP "coupon reference.serial", 0x3F, 3, 96,
    { PART(P_SGLN, "coupon reference"), NUMSTR(41, 12), END } },
  { NAME("itip-110"), "itip", F_CP "item reference.piece.total.serial", 0x40, 3,
    110, { PART(P_SGTIN, "item reference"), FWINT("piece"), FWINT("total"),
           INT(38, 0, "serial"), END } },
  { NAME("itip-212"), "itip", F_CP "item reference.piece.total.serial", 0x41, 3,
    212, { PART(P_SGTIN, "item reference"), FWINT("piece"), FWINT("total"),
           STR7(140, 20, "serial"), END } },
};
#define N_SCHEME ((int)(sizeof(aScheme)/sizeof(aScheme[0])))
#define HDR_FIRST 0x2C   /* the headers run from 0x2C to 0x41, one each */

/* The '+' and '++' schemes of TDS 2.x (Table 14-1): an element string and
** AIDC data, no tag URI, no company prefix length.  Their bits are
** written as a raw URI; the name is what urn_epc() reports. */
static const struct { unsigned char hdr; const char *zName; } aPlus[] = {
  { 0xE6, "cpi++" },   { 0xE7, "gsrn++" },  { 0xE8, "gsrnp++" },
  { 0xE9, "sgln++" },  { 0xEA, "gdti++" },  { 0xEB, "grai++" },
  { 0xEC, "sgcn++" },  { 0xED, "itip++" },  { 0xEE, "giai++" },
  { 0xEF, "sscc++" },  { 0xF0, "cpi+" },    { 0xF1, "grai+" },
  { 0xF2, "sgln+" },   { 0xF3, "itip+" },   { 0xF4, "gsrn+" },
  { 0xF5, "gsrnp+" },  { 0xF6, "gdti+" },   { 0xF7, "sgtin+" },
  { 0xF8, "sgcn+" },   { 0xF9, "sscc+" },   { 0xFA, "giai+" },
  { 0xFB, "dsgtin+" }, { 0xFC, "dsgtin++" }, { 0xFD, "sgtin++" },
};

int urnEpcSchemeCount(void){ return N_SCHEME; }

const char *urnEpcSchemeName(int i){
  return (i>=0 && i<N_SCHEME) ? aScheme[i].zName : 0;
}

static const EpcScheme *schemeByName(const unsigned char *z, size_t n){
  int i;
  for(i=0; i<N_SCHEME; i++){
    if( aScheme[i].nName==n && memcmp(aScheme[i].zName, z, n)==0 ){
      return &aScheme[i];
    }
  }
  return 0;
}

static const uint64_t aPow10[20] = {
  1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL,
  10000000ULL, 100000000ULL, 1000000000ULL, 10000000000ULL,
  100000000000ULL, 1000000000000ULL, 10000000000000ULL,
  100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL,
  100000000000000000ULL, 1000000000000000000ULL,
  10000000000000000000ULL,
};

/* The largest value of w bits (w <= 64). */
static uint64_t bitsMax(unsigned w){
  return w>=64 ? ~(uint64_t)0 : (((uint64_t)1)<<w)-1;
}

/* The largest value of an integer field: w bits, and fewer than nDigits
** digits when nDigits is not 0. */
static uint64_t intMax(unsigned w, unsigned nDigits){
  uint64_t m = bitsMax(w);
  if( nDigits>0 && nDigits<20 && aPow10[nDigits]-1<m ) m = aPow10[nDigits]-1;
  return m;
}

/* ---- Characters ------------------------------------------------------- */

/* A character of a CAGE code or DoDAAC: a digit or a capital letter but I
** and O (TDS §6.3.10, CAGECodeOrDODAACChar). */
static int cageChar(unsigned c){
  return (c>='0' && c<='9') || (c>='A' && c<='Z' && c!='I' && c!='O');
}

/* The character of the 6-bit value v (TDS Table G: a capital letter, a
** digit, '#', '-' or '/', the low six bits of its ASCII code), or 0. */
static unsigned char char6(unsigned v){
  if( v>=1 && v<=26 ) return (unsigned char)('@'+v);
  if( v>=0x30 && v<=0x39 ) return (unsigned char)v;
  if( v==0x23 || v==0x2D || v==0x2F ) return (unsigned char)v;
  return 0;
}

/* The value of hex digit c (either case), or -1: one more than the value
** by table, so that every other byte is 0. */
static const unsigned char aHex1[256] = {
  ['0']=1, ['1']=2, ['2']=3, ['3']=4, ['4']=5, ['5']=6, ['6']=7, ['7']=8,
  ['8']=9, ['9']=10, ['A']=11, ['B']=12, ['C']=13, ['D']=14, ['E']=15,
  ['F']=16, ['a']=11, ['b']=12, ['c']=13, ['d']=14, ['e']=15, ['f']=16,
};
static int hexVal(unsigned char c){
  return (int)aHex1[c] - 1;
}

static const char azHex[] = "0123456789ABCDEF";

/* ---- Output ----------------------------------------------------------- */

/* A URI being built in a buffer of URN_EPC_URI_MAX bytes, which the
** longest decoding fits (urn_epc.h). */
typedef struct EpcOut {
  char z[URN_EPC_URI_MAX];
  size_t n;
} EpcOut;

static inline void outChar(EpcOut *p, char c){
  if( p->n<sizeof(p->z) ) p->z[p->n] = c;
  p->n++;
}

/* A short string (a numeric string's digits after its leading 1), a byte
** at a time: cheaper than measuring it first. */
static inline void outStr(EpcOut *p, const char *z){
  for(; *z; z++) outChar(p, *z);
}

/* "00" to "99": two digits a division. */
static const char azDigit2[] =
  "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
  "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
  "8081828384858687888990919293949596979899";

/* v in decimal, zero-padded to nPad digits (0: no padding): the digits
** counted first, then written in place from the last, two a division. */
static void outDec(EpcOut *p, uint64_t v, unsigned nPad){
  unsigned nDigit = 1, k;
  char *z;
  if( nPad>0 && nPad<20 && v<aPow10[nPad] ){
    nDigit = nPad;                  /* a field of its length, as most are */
  }else{
    while( nDigit<20 && v>=aPow10[nDigit] ) nDigit++;
    if( nDigit<nPad ) nDigit = nPad;
  }
  if( p->n+nDigit>sizeof(p->z) ){
    p->n += nDigit;
    return;
  }
  z = p->z + p->n;
  p->n += nDigit;
  k = nDigit;
  /* Eight digits at a time in 32 bits, the last ones first. */
  while( v>=100000000 ){
    uint32_t w = (uint32_t)(v%100000000);
    int j;
    v /= 100000000;
    for(j=0; j<4; j++){
      k -= 2;
      memcpy(z+k, azDigit2+2*(w%100), 2);
      w /= 100;
    }
  }
  {
    uint32_t w = (uint32_t)v;
    while( w>=100 ){
      k -= 2;
      memcpy(z+k, azDigit2+2*(w%100), 2);
      w /= 100;
    }
    if( w>=10 ){
      k -= 2;
      memcpy(z+k, azDigit2+2*w, 2);
    }else{
      z[--k] = (char)('0'+w);
    }
  }
  while( k>0 ) z[--k] = '0';
}

/* One character of a URI field: as itself, or %XX where TDS §12.3 (Table
** 6-1, urnGs1EpcEscaped()) escapes it. */
static void outFieldChar(EpcOut *p, unsigned char c){
  if( urnGs1EpcEscaped(c) ){
    outChar(p, '%');
    outChar(p, azHex[c>>4]);
    outChar(p, azHex[c&15]);
  }else{
    outChar(p, (char)c);
  }
}

/* ---- Decoding: bits to the tag URI (TDS §14.4) ------------------------ */

/* The input: the first bytes of the hex, as bits, most significant first. */
#define EPC_MAX_BYTES 64   /* 512 bits: the longest encoding, an adi-var
                           ** of 434 bits, fits */
typedef struct EpcIn {
  unsigned char a[EPC_MAX_BYTES+8];  /* 8 zero bytes after the input's,
                                     ** for bitsGet()'s 8-byte reads */
  unsigned nAvail;      /* bits in a[] */
  unsigned pos;         /* the next bit */
} EpcIn;

/* The w bits (w <= 64) at the reading position, consumed; 0 when fewer
** than w are left, with *pOk cleared. */
static uint64_t bitsGet(EpcIn *p, unsigned w, int *pOk){
  uint64_t v = 0;
  unsigned pos = p->pos;
  if( w>p->nAvail || pos>p->nAvail-w ){
    *pOk = 0;
    return 0;
  }
  p->pos += w;
  if( w>0 && w+(pos&7)<=64 ){
    /* The 8 bytes from the one holding bit pos, most significant first:
    ** bit pos moved to the top, then the w bits down to the bottom. */
    const unsigned char *q = p->a + (pos>>3);
    v = (uint64_t)q[0]<<56 | (uint64_t)q[1]<<48 | (uint64_t)q[2]<<40
      | (uint64_t)q[3]<<32 | (uint64_t)q[4]<<24 | (uint64_t)q[5]<<16
      | (uint64_t)q[6]<<8 | (uint64_t)q[7];
    return (v<<(pos&7)) >> (64-w);
  }
  while( w>0 ){
    unsigned off = pos&7, take = 8-off;
    if( take>w ) take = w;
    v = (v<<take) | ((uint64_t)(p->a[pos>>3]>>(8-off-take)) & ((1u<<take)-1));
    pos += take;
    w -= take;
  }
  return v;
}

/* The next w bits are all zero (consumed). */
static int bitsZero(EpcIn *p, unsigned w){
  int ok = 1;
  while( w>0 && ok ){
    unsigned k = w>64 ? 64 : w;
    if( bitsGet(p, k, &ok)!=0 ) return 0;
    w -= k;
  }
  return ok;
}

/* Where the parts of the URI are, as decoding writes it. */
typedef struct EpcSpans {
  size_t aOff[6], aLen[6];
  int nField;
} EpcSpans;

static void spanOpen(EpcOut *pOut, EpcSpans *pS){
  if( pS->nField>0 ) outChar(pOut, '.');
  pS->aOff[pS->nField] = pOut->n;
}

static void spanClose(EpcOut *pOut, EpcSpans *pS){
  pS->aLen[pS->nField] = pOut->n - pS->aOff[pS->nField];
  pS->nField++;
}

/* A "String" of 7-bit characters in w bits (TDS §14.4.2): characters up to
** the first all-zero one, every later bit zero, each character one of the
** 82 (Table A), between nMin and nMax of them. */
static int decodeStr7(EpcIn *p, EpcOut *pOut, unsigned w, unsigned nMin,
                      unsigned nMax){
  unsigned nChar = 0, end = p->pos + w;
  int ok = 1;
  while( end-p->pos>=7 ){
    unsigned c = (unsigned)bitsGet(p, 7, &ok);
    if( !ok ) return 0;
    if( c==0 ) break;
    if( !urnGs1Char((unsigned char)c) || ++nChar>nMax ) return 0;
    outFieldChar(pOut, (unsigned char)c);
  }
  if( nChar<nMin ) return 0;
  return bitsZero(p, end-p->pos);
}

/* A "6-Bit Variable String" (TDS §14.4.8): 6-bit characters (Table G) up
** to a terminating 000000, between nMin and nMax of them; '#' only where
** zHashFirst says (adi-var's serial: first only; a CPI: anywhere). */
#define HASH_NONE  0
#define HASH_FIRST 1
#define HASH_ANY   2
static int decodeVar6(EpcIn *p, EpcOut *pOut, unsigned nMin, unsigned nMax,
                      int eHash){
  unsigned nChar = 0;
  int ok = 1;
  for(;;){
    unsigned v = (unsigned)bitsGet(p, 6, &ok);
    unsigned char c;
    if( !ok ) return 0;
    if( v==0 ) break;
    c = char6(v);
    if( c==0 || ++nChar>nMax ) return 0;
    if( c=='#' && !(eHash==HASH_ANY || (eHash==HASH_FIRST && nChar==1)) ){
      return 0;
    }
    outFieldChar(pOut, c);
  }
  return nChar>=nMin;
}

/* A CAGE code or DoDAAC: six characters of 8 bits (USDOD-96) or 6 bits
** (ADI-var, §14.4.7), the first a space (0x20, 100000) before a CAGE code
** of five. */
static int decodeCage(EpcIn *p, EpcOut *pOut, int eKind){
  unsigned w = eKind==S_CAGE8 ? 8 : 6;
  int i, ok = 1;
  for(i=0; i<6; i++){
    unsigned v = (unsigned)bitsGet(p, w, &ok);
    unsigned char c = (unsigned char)v;
    if( !ok ) return 0;
    if( i==0 && v==0x20 ) continue;
    if( w==6 ) c = char6(v);
    if( !cageChar(c) ) return 0;
    outChar(pOut, (char)c);
  }
  return 1;
}

/* Decode the segments of p from pIn (after the header) into pOut (after
** "urn:epc:tag:" and the scheme's name and ':'); 0 when §14.4 fails. */
static int decodeBody(const EpcScheme *p, EpcIn *pIn, EpcOut *pOut,
                      EpcSpans *pS, int *piFilter){
  const EpcSeg *pSeg;
  int ok = 1;
  *piFilter = -1;
  if( p->nFilter ){
    *piFilter = (int)bitsGet(pIn, p->nFilter, &ok);
    if( !ok ) return 0;
    outDec(pOut, (uint64_t)*piFilter, 0);
    outChar(pOut, '.');
  }
  pS->nField = 0;
  for(pSeg=p->aSeg; pSeg->eKind!=S_END; pSeg++){
    uint64_t v;
    switch( pSeg->eKind ){
      case S_PART: {
        /* §14.4.3-§14.4.5, §14.4.9: the partition value P, 7 reserved;
        ** the company prefix C < 10^L, written with its L digits; then the
        ** other field. */
        const EpcPart *pP = &aPart[pSeg->nBits];
        unsigned nP = (unsigned)bitsGet(pIn, 3, &ok), nL, nD;
        if( !ok || nP>6 ) return 0;
        nL = 12-nP;
        nD = pP->nTotal - nL;
        v = bitsGet(pIn, aCoBits[nP], &ok);
        if( !ok || v>=aPow10[nL] ) return 0;
        spanOpen(pOut, pS);
        outDec(pOut, v, nL);
        spanClose(pOut, pS);
        spanOpen(pOut, pS);
        switch( pP->eOther ){
          case O_PAD:
          case O_UNPAD:
            v = bitsGet(pIn, pP->aOther[nP], &ok);
            if( !ok || v>=aPow10[nD] ) return 0;
            /* O_PAD: nD digits, none at all when nD is 0 (an SGLN's
            ** location reference under a 12-digit prefix). */
            if( pP->eOther==O_UNPAD ) outDec(pOut, v, 0);
            else if( nD>0 ) outDec(pOut, v, nD);
            break;
          case O_STR7:
            if( !decodeStr7(pIn, pOut, pP->aOther[nP], 1, nD) ) return 0;
            break;
          default:
            if( !decodeVar6(pIn, pOut, 1, nD, HASH_ANY) ) return 0;
            break;
        }
        spanClose(pOut, pS);
        break;
      }
      case S_INT:
        /* §14.4.1: the value, without leading zeros. */
        v = bitsGet(pIn, pSeg->nBits, &ok);
        if( !ok || v>intMax(pSeg->nBits, pSeg->nMax) ) return 0;
        spanOpen(pOut, pS);
        outDec(pOut, v, 0);
        spanClose(pOut, pS);
        break;
      case S_NUMSTR: {
        /* §14.4.6: the value's digits must begin with a 1 and hold at
        ** least one more; the rest, leading zeros and all, is the field. */
        EpcOut num;
        v = bitsGet(pIn, pSeg->nBits, &ok);
        if( !ok ) return 0;
        num.n = 0;
        outDec(&num, v, 0);
        if( num.z[0]!='1' || num.n<2 || num.n-1>pSeg->nMax ) return 0;
        spanOpen(pOut, pS);
        num.z[num.n] = 0;
        outStr(pOut, num.z+1);
        spanClose(pOut, pS);
        break;
      }
      case S_STR7:
        spanOpen(pOut, pS);
        if( !decodeStr7(pIn, pOut, pSeg->nBits, pSeg->nMin, pSeg->nMax) ){
          return 0;
        }
        spanClose(pOut, pS);
        break;
      case S_FWINT:
        /* §14.4.10: exactly nMax digits. */
        v = bitsGet(pIn, pSeg->nBits, &ok);
        if( !ok || v>=aPow10[pSeg->nMax] ) return 0;
        spanOpen(pOut, pS);
        outDec(pOut, v, pSeg->nMax);
        spanClose(pOut, pS);
        break;
      case S_ZERO:
        if( !bitsZero(pIn, pSeg->nBits) ) return 0;
        break;
      case S_CAGE8:
      case S_CAGE6:
        spanOpen(pOut, pS);
        if( !decodeCage(pIn, pOut, pSeg->eKind) ) return 0;
        spanClose(pOut, pS);
        break;
      default: /* S_VAR6 */
        spanOpen(pOut, pS);
        if( !decodeVar6(pIn, pOut, pSeg->nMin, pSeg->nMax,
                        pSeg->nMin ? HASH_FIRST : HASH_NONE) ){
          return 0;
        }
        spanClose(pOut, pS);
        break;
    }
  }
  return 1;
}

/* Decode the bits of pIn as the scheme their header names, into pOut;
** 0 when the header is none of Table 14-1's binary schemes or §14.4
** fails.  On success pIn->pos is the length of the encoding. */
static const EpcScheme *decodeBits(EpcIn *pIn, EpcOut *pOut,
                                   UrnEpcParts *pParts){
  const EpcScheme *p;
  EpcSpans s;
  int ok = 1, iFilter;
  unsigned hdr = (unsigned)bitsGet(pIn, 8, &ok);
  if( !ok || hdr<HDR_FIRST || hdr>=HDR_FIRST+N_SCHEME ) return 0;
  p = &aScheme[hdr-HDR_FIRST];
  /* "urn:epc:tag:" and the name, whole (the buffer holds far more). */
  memcpy(pOut->z, "urn:epc:tag:", 12);
  memcpy(pOut->z+12, p->zName, sizeof(p->zName));
  pOut->n = 12+p->nName;
  outChar(pOut, ':');
  if( !decodeBody(p, pIn, pOut, &s, &iFilter) ) return 0;
  if( p->nBits && pIn->pos!=p->nBits ) return 0;   /* never, by the table */
  if( pParts ){
    pParts->zScheme = p->zName;
    pParts->zPure = p->zPure;
    pParts->iFilter = iFilter;
    pParts->offBody = s.aOff[0];
    pParts->nCompany = s.aLen[0];
    pParts->offSerial = s.aOff[s.nField-1];
    pParts->nSerial = s.aLen[s.nField-1];
    pParts->hasRef = s.nField>2;
    pParts->offRef = pParts->hasRef ? s.aOff[1] : 0;
    pParts->nRef = pParts->hasRef
        ? s.aOff[s.nField-1]-1-s.aOff[1] : 0;
  }
  return p;
}

/* The raw URI's length: "urn:epc:raw:", 4n in decimal, ".x", n digits. */
static size_t rawLen(size_t n){
  size_t nBits = 4*n, nDigit = 1;
  while( nBits>=10 ){ nBits /= 10; nDigit++; }
  return 12 + nDigit + 2 + n;
}

size_t urnEpcFromHex(const unsigned char *z, size_t n, char *zOut,
                     size_t nOut, UrnEpcParts *pParts){
  EpcIn in;
  EpcOut out;
  const EpcScheme *p = 0;
  size_t i, nByte, nRaw;
  if( pParts ) memset(pParts, 0, sizeof(*pParts));
  /* Not from a tag: empty, odd, or not hex (§15.1.1: the EPC bank is a
  ** whole number of 16-bit words; readers report it as hex). */
  if( n==0 || (n&1) ) return URN_EPC_NULL;
  nByte = n/2 < EPC_MAX_BYTES ? n/2 : EPC_MAX_BYTES;
  for(i=0; i<nByte; i++){
    int hi = hexVal(z[2*i]), lo = hexVal(z[2*i+1]);
    if( hi<0 || lo<0 ) return URN_EPC_NULL;
    in.a[i] = (unsigned char)(hi<<4 | lo);
  }
  for(i=2*nByte; i<n; i++){
    if( hexVal(z[i])<0 ) return URN_EPC_NULL;
  }
  memset(in.a+nByte, 0, 8);
  in.nAvail = (unsigned)nByte*8;
  in.pos = 0;
  p = decodeBits(&in, &out, pParts);
  if( p ){
    /* §15.2.2 takes the encoding's own bits; the rest of the bank must
    ** be zero padding, or the URI would drop bits: then the raw URI. */
    int zero = bitsZero(&in, in.nAvail-in.pos);
    for(i=2*nByte; zero && i<n; i++) zero = z[i]=='0';
    if( zero ){
      if( out.n<=nOut ) memcpy(zOut, out.z, out.n);
      return out.n;
    }
  }
  /* §15.2.2: the raw URI, every bit of the input. */
  if( pParts ){
    memset(pParts, 0, sizeof(*pParts));
    pParts->iFilter = -1;
    for(i=0; i<sizeof(aPlus)/sizeof(aPlus[0]); i++){
      if( aPlus[i].hdr==in.a[0] ) pParts->zScheme = aPlus[i].zName;
    }
  }
  nRaw = rawLen(n);
  if( nRaw<=nOut ){
    char a[24];
    int k = snprintf(a, sizeof(a), "urn:epc:raw:%lu.x",
                     (unsigned long)(4*n));
    memcpy(zOut, a, (size_t)k);
    for(i=0; i<n; i++){
      unsigned char c = z[i];
      zOut[k+i] = (char)(c>='a' && c<='f' ? c-32 : c);
    }
  }
  return nRaw;
}

/* ---- Encoding: the tag URI's fields to bits (TDS §14.3) --------------- */

typedef struct EpcBits {
  unsigned char a[EPC_MAX_BYTES];
  unsigned n;           /* bits written */
} EpcBits;

/* Append the low w bits of v (w <= 64); the room is checked by the
** callers' field limits (every encoding fits EPC_MAX_BYTES). */
static void bitsPut(EpcBits *p, uint64_t v, unsigned w){
  while( w>0 ){
    unsigned off = p->n&7, take = 8-off;
    unsigned char b;
    if( take>w ) take = w;
    b = (unsigned char)((v>>(w-take)) & ((1u<<take)-1));
    p->a[p->n>>3] |= (unsigned char)(b<<(8-off-take));
    p->n += take;
    w -= take;
  }
}

/* Report that the field zName of scheme p must be zWhat. */
static void fieldError(UrnEpcErr *pErr, const char *zFunc,
                       const EpcScheme *p, const char *zName,
                       const char *zWhat){
  snprintf(pErr->zMsg, sizeof(pErr->zMsg), "%s(): the %s of %s must be %s",
           zFunc, zName, p->zName, zWhat);
}

/* z[0..n) is digits only. */
static int allDigits(const unsigned char *z, size_t n){
  size_t i;
  for(i=0; i<n; i++) if( z[i]<'0' || z[i]>'9' ) return 0;
  return 1;
}

/* The value of the digits z[0..n), n <= 19. */
static uint64_t digitsValue(const unsigned char *z, size_t n){
  uint64_t v = 0;
  size_t i;
  for(i=0; i<n; i++) v = v*10 + (uint64_t)(z[i]-'0');
  return v;
}

/* An integer without leading zeros (TDS §12.4, NumericComponent) of at
** most mMax; 1 with *pv set, else 0. */
static int parseInt(const unsigned char *z, size_t n, uint64_t mMax,
                    uint64_t *pv){
  if( n==0 || n>19 || !allDigits(z, n) || (z[0]=='0' && n>1) ) return 0;
  *pv = digitsValue(z, n);
  return *pv<=mMax;
}

/* The characters of a URI field z[0..n): each byte, or the character of
** a %XX escape; *pnChar counts them.  xOk says which characters the field
** takes as themselves (ASCII, never '%'); an escape must be of a
** character that the URI escapes (urnGs1EpcEscaped(), TDS §12.3) and that
** xEsc accepts.  Calls xEach on each character in turn; 0 when z breaks
** these rules. */
typedef int (*EpcCharOk)(unsigned char c, unsigned iChar);
static int fieldChars(const unsigned char *z, size_t n, EpcCharOk xOk,
                      unsigned char *aChar, unsigned nRoom,
                      unsigned *pnChar){
  size_t i = 0;
  unsigned k = 0;
  while( i<n ){
    unsigned char c = z[i];
    if( c=='%' ){
      int hi, lo;
      if( i+2>=n || (hi = hexVal(z[i+1]))<0 || (lo = hexVal(z[i+2]))<0 ){
        return 0;
      }
      c = (unsigned char)(hi<<4 | lo);
      if( !urnGs1EpcEscaped(c) ) return 0;
      i += 3;
    }else{
      if( urnGs1EpcEscaped(c) ) return 0;   /* must be escaped */
      i++;
    }
    if( !xOk(c, k) || k>=nRoom ) return 0;
    aChar[k++] = c;
  }
  *pnChar = k;
  return 1;
}

/* The characters each field takes. */
static int okStr7(unsigned char c, unsigned i){
  (void)i;
  return urnGs1Char(c);
}
static int okCpi(unsigned char c, unsigned i){
  (void)i;
  return urnGs1CpidChar(c);
}
/* A character of TDS Table G (char6() gives 0, a NUL, for the others). */
static int isChar6(unsigned char c){
  return c!=0 && char6(c&0x3F)==c;
}
static int okAdiPart(unsigned char c, unsigned i){
  (void)i;
  return c!='#' && isChar6(c);
}
static int okAdiSerial(unsigned char c, unsigned i){
  return isChar6(c) && (c!='#' || i==0);
}

#define MSG_82 "1 to %u characters of GS1's set of 82 (TDS Table A), with " \
  "\" %% & / < > ? written %%22 %%25 %%26 %%2F %%3C %%3E %%3F"
#define MSG_INT "an integer from 0 to %llu without leading zeros"

/* Encode the 7-bit string of the field z[0..n) into w bits (§14.3.2). */
static int encodeStr7(const unsigned char *z, size_t n, unsigned w,
                      unsigned nMax, EpcBits *pBits){
  unsigned char aChar[32];
  unsigned nChar, i;
  if( !fieldChars(z, n, okStr7, aChar, nMax, &nChar) || nChar==0 ) return 0;
  for(i=0; i<nChar; i++) bitsPut(pBits, aChar[i], 7);
  pBits->n += w - 7*nChar;   /* zero padding (a[] starts zeroed) */
  return 1;
}

/* Encode a 6-bit variable string (§14.3.8), its terminator included. */
static int encodeVar6(const unsigned char *z, size_t n, EpcCharOk xOk,
                      unsigned nMin, unsigned nMax, EpcBits *pBits){
  unsigned char aChar[32];
  unsigned nChar, i;
  if( !fieldChars(z, n, xOk, aChar, nMax, &nChar) || nChar<nMin ) return 0;
  for(i=0; i<nChar; i++) bitsPut(pBits, aChar[i]&0x3F, 6);
  bitsPut(pBits, 0, 6);
  return 1;
}

/* Encode a CAGE code (5) or DoDAAC (6) in characters of w bits. */
static int encodeCage(const unsigned char *z, size_t n, unsigned w,
                      EpcBits *pBits){
  size_t i;
  if( n<5 || n>6 ) return 0;
  for(i=0; i<n; i++) if( !cageChar(z[i]) ) return 0;
  if( n==5 ) bitsPut(pBits, 0x20, w);
  for(i=0; i<n; i++) bitsPut(pBits, w==6 ? (z[i]&0x3F) : z[i], w);
  return 1;
}

/* Encode the fields z[0..n) (after the filter and its '.') of scheme p
** into pBits, after its header and filter.  The fields are split at the
** first dots, one fewer than there are fields: only the last one may hold
** a '.' (a 7-bit serial).  0 with *pErr's message when a field is one p
** cannot hold. */
static int encodeBody(const EpcScheme *p, const unsigned char *z, size_t n,
                      const char *zFunc, EpcBits *pBits, UrnEpcErr *pErr){
  const unsigned char *azF[6];
  size_t anF[6];
  int nField = 0, iField = 0, k;
  const EpcSeg *pSeg;
  char zWhat[200];
  for(pSeg=p->aSeg; pSeg->eKind!=S_END; pSeg++){
    nField += pSeg->eKind==S_PART ? 2 : pSeg->eKind==S_ZERO ? 0 : 1;
  }
  for(k=0; k<nField; k++){
    const unsigned char *zDot = k+1<nField ? memchr(z, '.', n) : 0;
    if( k+1<nField && zDot==0 ){
      snprintf(pErr->zMsg, sizeof(pErr->zMsg), "%s(): a %s tag URI is "
               "urn:epc:tag:%s:%s (TDS §12.3)", zFunc, p->zName, p->zName,
               p->zForm);
      return 0;
    }
    azF[k] = z;
    anF[k] = zDot ? (size_t)(zDot-z) : n;
    if( zDot ){ n -= anF[k]+1; z = zDot+1; }
  }
  for(pSeg=p->aSeg; pSeg->eKind!=S_END; pSeg++){
    const unsigned char *zF = azF[iField];
    size_t nF = anF[iField];
    uint64_t v, m;
    switch( pSeg->eKind ){
      case S_PART: {
        /* §14.3.3-§14.3.5, §14.3.9: the company prefix's length L (6 to
        ** 12 digits) picks the partition 12-L; the other field has the
        ** digits (or at most the characters) that L leaves. */
        const EpcPart *pP = &aPart[pSeg->nBits];
        const unsigned char *zR = azF[iField+1];
        size_t nR = anF[iField+1];
        unsigned nL = (unsigned)nF, nD, nP;
        if( nF<6 || nF>12 || !allDigits(zF, nF) ){
          fieldError(pErr, zFunc, p, "GS1 company prefix", "6 to 12 digits");
          return 0;
        }
        nP = 12-nL;
        nD = pP->nTotal-nL;
        bitsPut(pBits, nP, 3);
        bitsPut(pBits, digitsValue(zF, nF), aCoBits[nP]);
        switch( pP->eOther ){
          case O_PAD:
            if( nR!=nD || !allDigits(zR, nR) ){
              if( nD==0 ){
                snprintf(zWhat, sizeof(zWhat), "empty: %u digits less the "
                         "%u of the GS1 company prefix", pP->nTotal, nL);
              }else{
                snprintf(zWhat, sizeof(zWhat), "%u digits: %u less the %u "
                         "of the GS1 company prefix", nD, pP->nTotal, nL);
              }
              fieldError(pErr, zFunc, p, pSeg->zName, zWhat);
              return 0;
            }
            bitsPut(pBits, digitsValue(zR, nR), pP->aOther[nP]);
            break;
          case O_UNPAD:
            m = intMax(pP->aOther[nP], nD);
            if( !parseInt(zR, nR, m, &v) ){
              snprintf(zWhat, sizeof(zWhat), MSG_INT " (with a GS1 company "
                       "prefix of %u digits)", (unsigned long long)m, nL);
              fieldError(pErr, zFunc, p, pSeg->zName, zWhat);
              return 0;
            }
            bitsPut(pBits, v, pP->aOther[nP]);
            break;
          case O_STR7:
            if( !encodeStr7(zR, nR, pP->aOther[nP], nD, pBits) ){
              snprintf(zWhat, sizeof(zWhat), MSG_82 " (%u less the %u "
                       "digits of the GS1 company prefix)", nD, pP->nTotal,
                       nL);
              fieldError(pErr, zFunc, p, pSeg->zName, zWhat);
              return 0;
            }
            break;
          default:
            if( !encodeVar6(zR, nR, okCpi, 1, nD, pBits) ){
              snprintf(zWhat, sizeof(zWhat), "1 to %u characters (%u less "
                       "the %u digits of the GS1 company prefix): capital "
                       "letters, digits, '-', and %%2F for '/', %%23 for "
                       "'#'", nD, pP->nTotal, nL);
              fieldError(pErr, zFunc, p, pSeg->zName, zWhat);
              return 0;
            }
            break;
        }
        iField += 2;
        break;
      }
      case S_INT:
        m = intMax(pSeg->nBits, pSeg->nMax);
        if( !parseInt(zF, nF, m, &v) ){
          snprintf(zWhat, sizeof(zWhat), MSG_INT, (unsigned long long)m);
          fieldError(pErr, zFunc, p, pSeg->zName, zWhat);
          return 0;
        }
        bitsPut(pBits, v, pSeg->nBits);
        iField++;
        break;
      case S_NUMSTR:
        /* §14.3.6: a 1, then the digits, as one integer. */
        if( nF<1 || nF>pSeg->nMax || !allDigits(zF, nF) ){
          snprintf(zWhat, sizeof(zWhat), "1 to %u digits", pSeg->nMax);
          fieldError(pErr, zFunc, p, pSeg->zName, zWhat);
          return 0;
        }
        bitsPut(pBits, aPow10[nF] + digitsValue(zF, nF), pSeg->nBits);
        iField++;
        break;
      case S_STR7:
        if( !encodeStr7(zF, nF, pSeg->nBits, pSeg->nMax, pBits) ){
          snprintf(zWhat, sizeof(zWhat), MSG_82, pSeg->nMax);
          fieldError(pErr, zFunc, p, pSeg->zName, zWhat);
          return 0;
        }
        iField++;
        break;
      case S_FWINT:
        if( nF!=pSeg->nMax || !allDigits(zF, nF) ){
          fieldError(pErr, zFunc, p, pSeg->zName, "2 digits");
          return 0;
        }
        bitsPut(pBits, digitsValue(zF, nF), pSeg->nBits);
        iField++;
        break;
      case S_ZERO:
        pBits->n += pSeg->nBits;
        break;
      case S_CAGE8:
      case S_CAGE6:
        if( !encodeCage(zF, nF, pSeg->eKind==S_CAGE8 ? 8 : 6, pBits) ){
          fieldError(pErr, zFunc, p, pSeg->zName, "a CAGE code of 5 or a "
                     "DoDAAC of 6 characters: digits and capital letters "
                     "but I and O");
          return 0;
        }
        iField++;
        break;
      default: /* S_VAR6 */
        if( !encodeVar6(zF, nF, pSeg->nMin ? okAdiSerial : okAdiPart,
                        pSeg->nMin, pSeg->nMax, pBits) ){
          snprintf(zWhat, sizeof(zWhat), "%u to %u characters: capital "
                   "letters, digits, '-' and %%2F for '/'%s", pSeg->nMin,
                   pSeg->nMax, pSeg->nMin ? ", and %23 for a '#' first" : "");
          fieldError(pErr, zFunc, p, pSeg->zName, zWhat);
          return 0;
        }
        iField++;
        break;
    }
  }
  return 1;
}

/* The filter z[0..n) of scheme p: an integer (NumericComponent) that its
** filter's bits hold.  1 with *pv set, else 0 with the message. */
static int parseFilter(const EpcScheme *p, const unsigned char *z, size_t n,
                       const char *zFunc, uint64_t *pv, UrnEpcErr *pErr){
  uint64_t m = bitsMax(p->nFilter);
  if( !parseInt(z, n, m, pv) ){
    char zWhat[48];
    snprintf(zWhat, sizeof(zWhat), "an integer from 0 to %u", (unsigned)m);
    fieldError(pErr, zFunc, p, "filter", zWhat);
    return 0;
  }
  return 1;
}

/* z[0..n) starts with "urn:epc:" in any letter case (RFC 8141 §3.1: the
** scheme and NID are case-insensitive; the rest of an EPC URN is not,
** RFC 5134 §3); returns the length of that head, or 0. */
static size_t epcHead(const unsigned char *z, size_t n){
  static const char zHead[] = "urn:epc:";
  size_t i;
  if( n<8 ) return 0;
  for(i=0; i<8; i++){
    unsigned char c = z[i];
    if( c>='A' && c<='Z' ) c += 32;
    if( c!=(unsigned char)zHead[i] ) return 0;
  }
  return 8;
}

/* Encode the tag URI z[0..n) into pBits: 1 done, 0 with a message (a field
** the scheme cannot hold), -1 not a tag URI of a scheme here. */
static int encodeTag(const unsigned char *z, size_t n, const char *zFunc,
                     EpcBits *pBits, const EpcScheme **ppScheme,
                     UrnEpcErr *pErr){
  const EpcScheme *p;
  const unsigned char *zColon;
  size_t i = epcHead(z, n);
  uint64_t f = 0;
  if( i==0 || n-i<4 || memcmp(z+i, "tag:", 4)!=0 ) return -1;
  i += 4;
  zColon = memchr(z+i, ':', n-i);
  if( zColon==0 ) return -1;
  p = schemeByName(z+i, (size_t)(zColon-(z+i)));
  if( p==0 ) return -1;
  i = (size_t)(zColon-z)+1;
  memset(pBits, 0, sizeof(*pBits));
  if( p->nFilter ){
    const unsigned char *zDot = memchr(z+i, '.', n-i);
    if( zDot==0 ){
      snprintf(pErr->zMsg, sizeof(pErr->zMsg), "%s(): a %s tag URI is "
               "urn:epc:tag:%s:%s (TDS §12.3)", zFunc, p->zName, p->zName,
               p->zForm);
      return 0;
    }
    if( !parseFilter(p, z+i, (size_t)(zDot-(z+i)), zFunc, &f, pErr) ){
      return 0;
    }
    i = (size_t)(zDot-z)+1;
  }
  bitsPut(pBits, p->hdr, 8);
  bitsPut(pBits, f, p->nFilter);
  if( !encodeBody(p, z+i, n-i, zFunc, pBits, pErr) ) return 0;
  *ppScheme = p;
  return 1;
}

/* Write the hex of the first nBits of a[], padded with zero bits to a
** 16-bit word (§15.1.1); returns its length. */
static size_t hexWrite(const unsigned char *a, unsigned nBits, char *zOut,
                       size_t nOut){
  size_t nHex = (size_t)((nBits+15)/16)*4, i;
  if( nHex<=nOut ){
    for(i=0; i<nHex; i++){
      unsigned b = a[i/2];
      zOut[i] = azHex[(i&1) ? (b&15) : (b>>4)];
    }
  }
  return nHex;
}

/* A raw URI "urn:epc:raw:" N ".x" HEX (the hex form of §15.2.2)
** whose N is four times HEX's digits, an even number of them: its hex in
** upper case.  -1 for what is no raw URI, with the message when it is one
** of another form. */
static size_t rawToHex(const unsigned char *z, size_t n, const char *zFunc,
                       char *zOut, size_t nOut, UrnEpcErr *pErr){
  const unsigned char *zDot = memchr(z, '.', n);
  size_t nLen, nHex, i;
  uint64_t v;
  if( zDot==0 || (size_t)(z+n-zDot)<2 || zDot[1]!='x' ) return URN_EPC_NULL;
  nLen = (size_t)(zDot-z);
  nHex = n-nLen-2;
  for(i=0; i<nHex; i++) if( hexVal(zDot[2+i])<0 ) return URN_EPC_NULL;
  if( !parseInt(z, nLen, ~(uint64_t)0>>4, &v) || nHex==0 || (nHex&1)
   || v!=4*(uint64_t)nHex ){
    snprintf(pErr->zMsg, sizeof(pErr->zMsg), "%s(): a raw URI gives its "
             "hex when its length is 4 bits per hex digit, an even number "
             "of them (urn:epc:raw:96.x followed by 24 digits)", zFunc);
    return URN_EPC_NULL;
  }
  if( nHex<=nOut ){
    for(i=0; i<nHex; i++){
      unsigned char c = zDot[2+i];
      zOut[i] = (char)(c>='a' && c<='f' ? c-32 : c);
    }
  }
  return nHex;
}

size_t urnEpcToHex(const unsigned char *z, size_t n, const char *zFunc,
                   char *zOut, size_t nOut, UrnEpcErr *pErr){
  EpcBits bits;
  const EpcScheme *p = 0;
  size_t i;
  int rc;
  pErr->zMsg[0] = 0;
  i = epcHead(z, n);
  if( i && n-i>=4 && memcmp(z+i, "raw:", 4)==0 ){
    return rawToHex(z+i+4, n-i-4, zFunc, zOut, nOut, pErr);
  }
  rc = encodeTag(z, n, zFunc, &bits, &p, pErr);
  if( rc<=0 ) return URN_EPC_NULL;
  return hexWrite(bits.a, bits.n, zOut, nOut);
}

/* Decode the bits just encoded (the URI as a decoding writes it). */
static const EpcScheme *redecode(const EpcBits *pBits, EpcOut *pOut,
                                 UrnEpcParts *pParts){
  EpcIn in;
  memcpy(in.a, pBits->a, EPC_MAX_BYTES);
  memset(in.a+EPC_MAX_BYTES, 0, 8);
  in.nAvail = pBits->n;
  in.pos = 0;
  return decodeBits(&in, pOut, pParts);
}

size_t urnEpcTag(const unsigned char *z, size_t n,
                 const unsigned char *zScheme, size_t nScheme,
                 long long iFilter, const char *zFunc, char *zOut,
                 size_t nOut, UrnEpcErr *pErr){
  const EpcScheme *p = schemeByName(zScheme, nScheme);
  const unsigned char *zColon;
  EpcBits bits;
  EpcOut out;
  size_t i, nPure;
  pErr->zMsg[0] = 0;
  if( p==0 ){
    char zName[24];
    size_t k;
    int j;
    for(k=0; k<nScheme && k<20; k++){
      unsigned char c = zScheme[k];
      zName[k] = (char)((c>=0x20 && c<0x7f) ? c : '?');
    }
    zName[k] = 0;
    k = (size_t)snprintf(pErr->zMsg, sizeof(pErr->zMsg), "%s(): unknown "
                         "EPC binary scheme '%s%s'; expected ", zFunc, zName,
                         nScheme>20 ? "..." : "");
    for(j=0; j<N_SCHEME && k<sizeof(pErr->zMsg); j++){
      k += (size_t)snprintf(pErr->zMsg+k, sizeof(pErr->zMsg)-k, "%s%s",
                            j ? ", " : "", aScheme[j].zName);
    }
    return URN_EPC_NULL;
  }
  if( iFilter<0 || (unsigned long long)iFilter>bitsMax(p->nFilter) ){
    if( p->nFilter==0 ){
      fieldError(pErr, zFunc, p, "filter", "0: gid-96 has none");
    }else{
      char zWhat[48];
      snprintf(zWhat, sizeof(zWhat), "an integer from 0 to %u",
               (unsigned)bitsMax(p->nFilter));
      fieldError(pErr, zFunc, p, "filter", zWhat);
    }
    return URN_EPC_NULL;
  }
  /* The pure identity: "urn:epc:id:" scheme ":" fields (TDS §6.3). */
  i = epcHead(z, n);
  if( i==0 || n-i<3 || memcmp(z+i, "id:", 3)!=0 ) return URN_EPC_NULL;
  i += 3;
  zColon = memchr(z+i, ':', n-i);
  if( zColon==0 ) return URN_EPC_NULL;
  nPure = (size_t)(zColon-(z+i));
  if( nPure!=strlen(p->zPure) || memcmp(z+i, p->zPure, nPure)!=0 ){
    char zName[24];
    size_t k;
    for(k=0; k<nPure && k<20; k++){
      unsigned char c = z[i+k];
      zName[k] = (char)((c>=0x20 && c<0x7f) ? c : '?');
    }
    zName[k] = 0;
    snprintf(pErr->zMsg, sizeof(pErr->zMsg), "%s(): %s encodes "
             "urn:epc:id:%s, not urn:epc:id:%s%s", zFunc, p->zName,
             p->zPure, zName, nPure>20 ? "..." : "");
    return URN_EPC_NULL;
  }
  i = (size_t)(zColon-z)+1;
  memset(&bits, 0, sizeof(bits));
  bitsPut(&bits, p->hdr, 8);
  bitsPut(&bits, (uint64_t)iFilter, p->nFilter);
  if( !encodeBody(p, z+i, n-i, zFunc, &bits, pErr) ) return URN_EPC_NULL;
  if( redecode(&bits, &out, 0)==0 ) return URN_EPC_NULL;  /* never */
  if( out.n<=nOut ) memcpy(zOut, out.z, out.n);
  return out.n;
}

size_t urnEpcPureOf(const char *zTag, size_t nTag, const UrnEpcParts *pParts,
                    char *zOut, size_t nOut){
  size_t k, nBody, nPure;
  if( pParts->zPure==0 || pParts->offBody>nTag ) return URN_EPC_NULL;
  /* §12.3.3: "urn:epc:id:", the scheme without its length, the fields. */
  k = strlen(pParts->zPure);
  nBody = nTag - pParts->offBody;
  nPure = 11 + k + 1 + nBody;
  if( nPure<=nOut ){
    memcpy(zOut, "urn:epc:id:", 11);
    memcpy(zOut+11, pParts->zPure, k);
    zOut[11+k] = ':';
    memcpy(zOut+12+k, zTag+pParts->offBody, nBody);
  }
  return nPure;
}

size_t urnEpcPure(const unsigned char *z, size_t n, char *zOut,
                  size_t nOut){
  EpcBits bits;
  EpcOut out;
  UrnEpcParts parts;
  UrnEpcErr err;
  const EpcScheme *p = 0;
  if( encodeTag(z, n, "urn_epc_pure", &bits, &p, &err)<=0 ){
    return URN_EPC_NULL;
  }
  if( redecode(&bits, &out, &parts)==0 ) return URN_EPC_NULL;  /* never */
  return urnEpcPureOf(out.z, out.n, &parts, zOut, nOut);
}
