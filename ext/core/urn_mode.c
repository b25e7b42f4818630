/*
** urn_mode.c -- the MODE argument: which mode a value names, and the
** message for one that names none (urn_mode.h).  No engine header.
*/
#include <string.h>
#include "urn_mode.h"

/* Indexed by URN_MODE_xxx. */
static const char *const azMode[] = { "rfc8141", "rfc2141", "ns" };
#define N_MODE ((int)(sizeof(azMode)/sizeof(azMode[0])))

const char *urnModeName(int mode){
  return mode>=0 && mode<N_MODE ? azMode[mode] : 0;
}

int urnModeFind(const unsigned char *z, size_t n, int modes){
  int i;
  for(i=0; i<N_MODE; i++){
    const char *zMode = azMode[i];
    size_t k;
    if( (modes & (1<<i))==0 || strlen(zMode)!=n ) continue;
    for(k=0; k<n; k++){
      unsigned char c = z[k];
      if( c>='A' && c<='Z' ) c |= 0x20;
      if( c!=(unsigned char)zMode[k] ) break;
    }
    if( k==n ) return i;
  }
  return -1;
}

/* A small appender: never writes past zBuf[nBuf-1], always terminates.
** What does not fit is cut before the character it would end inside of
** (urnUtf8Cut()), and nothing is appended after it. */
typedef struct ModeOut { char *z; size_t n, nBuf; } ModeOut;
static void outBytes(ModeOut *p, const char *z, size_t n){
  int cut = p->n+n >= p->nBuf;
  if( cut ) n = p->nBuf - 1 - p->n;
  memcpy(p->z+p->n, z, n);
  p->n += n;
  p->z[p->n] = 0;
  if( cut ){
    p->n = urnUtf8Cut(p->z, p->n);
    p->nBuf = p->n+1;
  }
}
static void outStr(ModeOut *p, const char *z){ outBytes(p, z, strlen(z)); }
static void outHex(ModeOut *p, unsigned char c, const char *zPrefix){
  static const char hex[] = "0123456789ABCDEF";
  char a[2];
  a[0] = hex[c>>4]; a[1] = hex[c&15];
  outStr(p, zPrefix);
  outBytes(p, a, 2);
}

void urnModeError(char *zBuf, size_t nBuf, const char *zFunc,
                  int eArg, const unsigned char *z, size_t n, int modes){
  const size_t nShow = n>40 ? 40 : n;
  ModeOut out;
  size_t i;
  int nOk, nLeft;
  out.z = zBuf; out.n = 0; out.nBuf = nBuf;
  if( nBuf==0 ) return;
  zBuf[0] = 0;
  outStr(&out, zFunc);
  outStr(&out, "(): unknown mode ");
  if( eArg==URN_MODE_ARG_NULL ){
    outStr(&out, "NULL");
  }else if( eArg==URN_MODE_ARG_BLOB ){
    outStr(&out, "x'");
    for(i=0; i<nShow; i++) outHex(&out, z[i], "");
    outStr(&out, n>nShow ? "...' (a BLOB)" : "' (a BLOB)");
  }else{
    outStr(&out, "'");
    for(i=0; i<nShow; ){
      unsigned char c = z[i];
      unsigned long cp;
      size_t len;
      if( c=='\'' ){
        outStr(&out, "''");                 /* SQL's quoting of a quote */
        i++;
      }else if( c>=0x20 && c<0x7F && c!='\\' ){
        outBytes(&out, (const char*)&z[i], 1);
        i++;
      }else if( c>=0x80 && (len = urnUtf8Char(z+i, n-i, &cp))>0
                && i+len<=nShow ){
        outBytes(&out, (const char*)&z[i], len);
        i += len;
      }else{
        outHex(&out, c, "\\x");
        i++;
      }
    }
    outStr(&out, n>nShow ? "...'" : "'");
  }
  outStr(&out, "; expected");
  for(i=0, nOk=0; i<(size_t)N_MODE; i++){
    size_t j;
    if( (modes & (1<<i))==0 ) continue;
    for(j=i+1, nLeft=0; j<(size_t)N_MODE; j++){
      if( modes & (1<<j) ) nLeft++;
    }
    outStr(&out, nOk==0 ? " '" : nLeft==0 ? " or '" : ", '");
    outStr(&out, azMode[i]);
    outStr(&out, "'");
    nOk++;
  }
}
