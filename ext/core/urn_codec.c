/*
** urn_codec.c -- percent-encoding, percent-decoding, building URNs and
** describing them as JSON (layer 1; no SQLite headers).  The contracts are
** in urn_codec.h.
**
** Every writer here runs in two passes over the same code: with zOut==0 it
** only counts, with a buffer of the counted size it writes.  So the size
** and the bytes written can never disagree.
*/
#include <string.h>
#include "urn_codec.h"
#include "urn_key.h"

#include "urn_class.h"

/* RFC 3986 §2.1: "For consistency, URI producers and normalizers should
** use uppercase hexadecimal digits for all percent-encodings." */
static const char zHexDigit[] = "0123456789ABCDEF";

/* ---- Percent-encoding ------------------------------------------------- */

/* 1 if byte z[i] of the n-byte string z may stay unencoded in part ePart
** (URN_PART_xxx), 0 if it must be written as %XX. */
static int keepByte(const unsigned char *z, size_t n, size_t i, int ePart){
  unsigned char c = z[i];
  if( CLS(c) & UC_PCHAR ) return 1;          /* RFC 3986 §3.3: pchar */
  if( c=='/' ){
    /* RFC 8141 §2: NSS, r- and q-component begin with a pchar; a
    ** fragment (RFC 3986 §3.5) may begin with anything it holds. */
    return i>0 || ePart==URN_PART_F;
  }
  if( c=='?' ){
    switch( ePart ){
      case URN_PART_NSS: return 0;           /* RFC 8141 §2: NSS has no '?' */
      case URN_PART_F:   return 1;           /* RFC 3986 §3.5 */
      case URN_PART_R:
        /* RFC 8141 §2.3.1: "?=" would end the r-component. */
        if( i+1<n && z[i+1]=='=' ) return 0;
        return i>0;
      default:           return i>0;         /* q-component */
    }
  }
  return 0;                                  /* '%', '#', controls, non-ASCII */
}

size_t urnEncode(const unsigned char *z, size_t n, int ePart,
                 unsigned char *zOut){
  size_t i, j = 0;
  for(i=0; i<n; i++){
    unsigned char c = z[i];
    if( keepByte(z, n, i, ePart) ){
      if( zOut ) zOut[j] = c;
      j += 1;
    }else{
      /* RFC 3986 §2.1: pct-encoded = "%" HEXDIG HEXDIG, one per byte of
      ** the UTF-8 (or whatever) encoding. */
      if( zOut ){
        zOut[j]   = '%';
        zOut[j+1] = (unsigned char)zHexDigit[c>>4];
        zOut[j+2] = (unsigned char)zHexDigit[c&0x0f];
      }
      j += 3;
    }
  }
  return j;
}

/* ---- Percent-decoding ------------------------------------------------- */

/* The value of a hex digit (either case); c must be one. */
static unsigned char hexValue(unsigned char c){
  if( c<='9' ) return (unsigned char)(c-'0');
  return (unsigned char)((c|0x20)-'a'+10);
}

size_t urnDecode(const unsigned char *z, size_t n, unsigned char *zOut){
  size_t i = 0, j = 0;
  while( i<n ){
    unsigned char c = z[i];
    if( c=='%' && i+2<n && (CLS(z[i+1]) & UC_HEX) && (CLS(z[i+2]) & UC_HEX) ){
      /* RFC 3986 §2.1; RFC 8141 §4.4 allows decoding for display. */
      c = (unsigned char)((hexValue(z[i+1])<<4) | hexValue(z[i+2]));
      i += 3;
    }else{
      i += 1;                      /* '+' is a '+': this is not a form */
    }
    if( zOut ) zOut[j] = c;        /* j<i: safe when zOut==z */
    j += 1;
  }
  return j;
}

/* RFC 3629 §4, one character at a time (urnUtf8Char(), urn_scan.h). */
int urnUtf8Valid(const unsigned char *z, size_t n){
  size_t i = 0;
  while( i<n ){
    unsigned long cp;
    size_t len;
    if( z[i]<0x80 ){ i++; continue; }
    len = urnUtf8Char(z+i, n-i, &cp);
    if( len==0 ) return 0;
    i += len;
  }
  return 1;
}

/* ---- Building --------------------------------------------------------- */

int urnNidValid(const unsigned char *z, size_t n){
  size_t i;
  /* RFC 8141 §2: NID = (alphanum) 0*30(ldh) (alphanum) */
  if( n<2 || n>32 ) return 0;
  if( !(CLS(z[0]) & UC_ALNUM) || !(CLS(z[n-1]) & UC_ALNUM) ) return 0;
  for(i=1; i+1<n; i++){
    if( !(CLS(z[i]) & UC_ALNUM) && z[i]!='-' ) return 0;
  }
  return 1;
}

size_t urnBuild(const UrnText *aPart, unsigned char *zOut){
  /* For each part after the NID: what precedes it (RFC 8141 §2) and the
  ** grammar it is encoded for. */
  static const struct { const char *zDelim; int ePart; } aRule[] = {
    { 0,    0 },                             /* URN_BUILD_NID */
    { ":",  URN_PART_NSS },
    { "?+", URN_PART_R },
    { "?=", URN_PART_Q },
    { "#",  URN_PART_F },
  };
  const UrnText *pNid = &aPart[URN_BUILD_NID];
  const UrnText *pNss = &aPart[URN_BUILD_NSS];
  size_t i, j;
  int k;

  if( pNid->z==0 || !urnNidValid(pNid->z, pNid->n) ) return 0;
  if( pNss->z==0 || pNss->n==0 ) return 0;   /* NSS = pchar *(...) */
  if( aPart[URN_BUILD_R].z && aPart[URN_BUILD_R].n==0 ) return 0;
  if( aPart[URN_BUILD_Q].z && aPart[URN_BUILD_Q].n==0 ) return 0;

  /* "urn:" and the NID, lower-cased (RFC 8141 §3.1 items 1 and 2). */
  if( zOut ){
    memcpy(zOut, "urn:", 4);
    for(i=0; i<pNid->n; i++){
      unsigned char c = pNid->z[i];
      zOut[4+i] = (CLS(c) & UC_UPPER) ? (unsigned char)(c|0x20) : c;
    }
  }
  j = 4 + pNid->n;

  for(k=URN_BUILD_NSS; k<URN_BUILD_COUNT; k++){
    const UrnText *p = &aPart[k];
    size_t nDelim;
    if( p->z==0 ) continue;                  /* absent */
    nDelim = strlen(aRule[k].zDelim);
    if( zOut ) memcpy(zOut+j, aRule[k].zDelim, nDelim);
    j += nDelim;
    j += urnEncode(p->z, p->n, aRule[k].ePart, zOut ? zOut+j : 0);
  }
  return j;
}

/* ---- JSON ------------------------------------------------------------- */

/* Output of the JSON writer: z==0 while only measuring. */
typedef struct JsonOut {
  unsigned char *z;
  size_t n;
} JsonOut;

/* Append n bytes as they are. */
static void jsonRaw(JsonOut *p, const void *z, size_t n){
  if( p->z ) memcpy(p->z+p->n, z, n);
  p->n += n;
}

/* Append a NUL-terminated literal. */
static void jsonLit(JsonOut *p, const char *z){
  jsonRaw(p, z, strlen(z));
}

/* Append z[0..n), valid UTF-8, as a JSON string.  RFC 8259 §7: '"', '\'
** and the controls U+0000 to U+001F must be escaped; everything else may
** stand for itself. */
static void jsonString(JsonOut *p, const unsigned char *z, size_t n){
  size_t i;
  jsonRaw(p, "\"", 1);
  for(i=0; i<n; i++){
    unsigned char c = z[i];
    if( c=='"' || c=='\\' ){
      unsigned char e[2];
      e[0] = '\\';
      e[1] = c;
      jsonRaw(p, e, 2);
    }else if( c<0x20 ){
      unsigned char e[6];
      e[0] = '\\'; e[1] = 'u'; e[2] = '0'; e[3] = '0';
      e[4] = (unsigned char)zHexDigit[c>>4];
      e[5] = (unsigned char)zHexDigit[c&0x0f];
      jsonRaw(p, e, 6);
    }else{
      jsonRaw(p, &c, 1);
    }
  }
  jsonRaw(p, "\"", 1);
}

/* Append a span of a valid URN as a JSON string, or null when absent.  The
** parts of a URN hold only pchar, '/', '?' and "%XX" (RFC 8141 §2): ASCII,
** nothing that JSON escapes. */
static void jsonSpan(JsonOut *p, const unsigned char *z, const UrnSpan *pSpan){
  if( pSpan->off==0 ){
    jsonLit(p, "null");
  }else{
    jsonString(p, z+pSpan->off, pSpan->len);
  }
}

/* Append an unsigned integer in decimal. */
static void jsonUnsigned(JsonOut *p, size_t v){
  char zBuf[24];
  int i = (int)sizeof(zBuf);
  do{
    zBuf[--i] = (char)('0' + v%10);
    v /= 10;
  }while( v );
  jsonRaw(p, zBuf+i, sizeof(zBuf)-(size_t)i);
}

size_t urnJsonWrite(const unsigned char *z, size_t n, int valid,
                    const UrnParts *pParts, UrnKeyWriter xKey,
                    const char *zErr, size_t nErr, size_t offset,
                    unsigned char *zOut){
  JsonOut out;
  out.z = zOut;
  out.n = 0;
  if( valid ){
    size_t i;
    jsonLit(&out, "{\"valid\":true,\"nid\":\"");
    for(i=0; i<pParts->nid.len; i++){          /* RFC 8141 §2.1 */
      unsigned char c = z[pParts->nid.off+i];
      c = (CLS(c) & UC_UPPER) ? (unsigned char)(c|0x20) : c;
      jsonRaw(&out, &c, 1);
    }
    jsonLit(&out, "\",\"nss\":");
    jsonSpan(&out, z, &pParts->nss);
    jsonLit(&out, ",\"r\":");
    jsonSpan(&out, z, &pParts->r);
    jsonLit(&out, ",\"q\":");
    jsonSpan(&out, z, &pParts->q);
    jsonLit(&out, ",\"f\":");
    jsonSpan(&out, z, &pParts->f);
    /* The key and the normalized form are written in place: they are
    ** made of the same bytes as the URN, so they need no escaping. */
    jsonLit(&out, ",\"canonical\":\"");
    if( xKey ){
      out.n += xKey(z, pParts, out.z ? out.z+out.n : 0);
    }else{
      if( out.z ) urnKeyWrite(z, pParts, out.z+out.n);
      out.n += URN_KEY_LEN(pParts);
    }
    jsonLit(&out, "\",\"normalized\":\"");
    if( out.z ) urnNormalizeWrite(z, n, pParts, out.z+out.n);
    out.n += n;
    jsonLit(&out, "\"}");
  }else{
    jsonLit(&out, "{\"valid\":false,\"error\":");
    jsonString(&out, (const unsigned char*)zErr, nErr);
    jsonLit(&out, ",\"offset\":");
    jsonUnsigned(&out, offset);
    jsonLit(&out, "}");
  }
  return out.n;
}
