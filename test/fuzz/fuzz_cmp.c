/*
** test/fuzz/fuzz_cmp.c -- libFuzzer target for the key comparator
** urnCompare (ext/core/urn_cmp.c), docs/design.md I1, I2 and I5, in both modes.
**
** Input: one flags byte, then up to three strings a, b, c separated by
** '\n' (the last one takes the rest, '\n' included).  A missing string, or
** one the flags ask to replace, is an equivalent-looking respelling of the
** one before it (letters' case flipped by a pattern taken from the flags,
** a component appended), so that equal keys are common:
**   flags bit 0: b := respell(a);  bit 1: c := respell(b);
**   bits 2..7:   the respelling pattern.
** Checked, for every ordered pair (x, y) and permutation of the triple:
**   - cmp(x,x) = 0 and sign(cmp(x,y)) = -sign(cmp(y,x));
**   - transitivity: x<=y<=z implies x<=z, strictly if either step is
**     strict, and x=y=z implies x=z;
**   - sign(cmp(x,y)) = sign of the memcmp order (shorter first on a tie) of
**     the materialized keys urnKeyWrite(x), urnKeyWrite(y), which must also
**     match the reference key (ref_urn.c);
**   - urnCompare reads only its inputs (ASan: each one is copied to a
**     buffer of exactly its length).
** The same, as a third mode, for the namespace-aware comparator
** urnNsCompare (collation URN_NS, ext/core/urn_ns.h) with keys from
** urnNsKeyWrite, which must also be coarser than the RFC 8141 order
** (equal under urnCompare implies equal under urnNsCompare) and satisfy
** key_ns(key(s)) = key_ns(s) (docs/design.md: key_ns = f_nid(key)).
** And the comparators of a UTF-16 database (ext/core/urn_utf16.h, urn_ns.h) on
** the strings widened (each byte b as the code unit b, little- and
** big-endian): the same order as in UTF-8, URN_NS included (a URN longer
** than URN_NS_FOLD_MAX keeps its generic key in every encoding).
** Build and run: make fuzz (mk/check.mk).
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../../ext/core/urn_scan.h"
#include "../../ext/core/urn_key.h"
#include "../../ext/core/urn_cmp.h"
#include "../../ext/core/urn_ns.h"
#include "../../ext/core/urn_utf16.h"

size_t refKey(const unsigned char *z, size_t n, int mode, unsigned char *zOut);

#define CHECK(cond, what) do{ if(!(cond)){ \
  fprintf(stderr, "fuzz_cmp: %s (mode %d, line %d)\n", what, mode, __LINE__); \
  abort(); } }while(0)

typedef struct Str { unsigned char *z; size_t n; } Str;

static Str strCopy(const unsigned char *z, size_t n){
  Str s;
  s.z = malloc(n ? n : 1);
  if( s.z==0 ) abort();
  if( n ) memcpy(s.z, z, n);
  s.n = n;
  return s;
}

/* A respelling of x: flip the case of the letters picked by pattern, then
** maybe append a component (pattern bits 4-5). */
static Str respell(const Str *x, unsigned pattern){
  static const char *const azTail[] = { "", "#", "?=q", "?+R#y" };
  const char *zTail = azTail[(pattern>>4)&3];
  size_t m = strlen(zTail), i;
  Str s;
  s.n = x->n + m;
  s.z = malloc(s.n ? s.n : 1);
  if( s.z==0 ) abort();
  for(i=0; i<x->n; i++){
    unsigned char c = x->z[i];
    int isLetter = (c>='A' && c<='Z') || (c>='a' && c<='z');
    if( isLetter && ((i*5 + pattern)>>1 & 1) ) c ^= 0x20;
    s.z[i] = c;
  }
  memcpy(s.z+x->n, zTail, m);
  return s;
}

static int sign(int r){ return (r>0) - (r<0); }

/* memcmp order of two byte strings, shorter first on a tie. */
static int bytesCmp(const Str *a, const Str *b){
  size_t m = a->n<b->n ? a->n : b->n;
  int r = m ? memcmp(a->z, b->z, m) : 0;
  if( r ) return sign(r);
  return (a->n>b->n) - (a->n<b->n);
}

#define MODE_NS 2   /* here: urnNsCompare and urnNsKeyWrite */

/* key(x) under mode (key_ns(x) for MODE_NS), materialized in a buffer of
** exactly the room its writer may use. */
static Str keyOf(const Str *x, int mode){
  UrnParts parts;
  Str k;
  int m = mode==MODE_NS ? URN_MODE_RFC8141 : mode;
  if( !urnScan(x->z, x->n, m, &parts, 0) ) return strCopy(x->z, x->n);
  k.n = URN_KEY_LEN(&parts);
  k.z = malloc(k.n ? k.n : 1);
  if( k.z==0 ) abort();
  if( mode==MODE_NS ){
    k.n = urnNsKeyWrite(x->z, &parts, k.z);
  }else{
    urnKeyWrite(x->z, &parts, k.z);
  }
  return k;
}

/* x widened to UTF-16 in byte order be: byte b becomes the unit b. */
static Str widen(const Str *x, int be){
  Str w;
  size_t i;
  w.n = 2*x->n;
  w.z = malloc(w.n ? w.n : 1);
  if( w.z==0 ) abort();
  for(i=0; i<x->n; i++){
    w.z[2*i+be] = x->z[i];
    w.z[2*i+!be] = 0;
  }
  return w;
}

static int compare16(int mode, int be, const Str *a, const Str *b){
  Str wa = widen(a, be), wb = widen(b, be);
  int r;
  if( mode==MODE_NS ){
    r = (be ? urnNsCollate16be : urnNsCollate16le)(0, (int)wa.n, wa.z,
                                                   (int)wb.n, wb.z);
  }else{
    r = (be ? urnCollate16be : urnCollate16le)(0, (int)wa.n, wa.z,
                                               (int)wb.n, wb.z);
  }
  free(wa.z);
  free(wb.z);
  return sign(r);
}

static int compareIn(int mode, const Str *a, const Str *b){
  if( mode==MODE_NS ) return sign(urnNsCompare(a->z, a->n, b->z, b->n));
  return sign(urnCompare(mode, a->z, a->n, b->z, b->n));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size){
  Str s[3], key[3];
  size_t pos, q;
  int have = 1;                /* is there input left for s[i]? */
  unsigned flags;
  int mode, i, j, k;
  if( size==0 ) return 0;
  flags = data[0];
  pos = 1;
  for(i=0; i<3; i++){
    if( !have ){
      s[i] = respell(&s[i-1], flags>>2);
      continue;
    }
    q = pos;
    if( i<2 ){
      while( q<size && data[q]!='\n' ) q++;
    }else{
      q = size;
    }
    s[i] = strCopy(data+pos, q-pos);
    have = q<size;
    pos = q+1;
  }
  if( flags & 1 ){ free(s[1].z); s[1] = respell(&s[0], flags>>2); }
  if( flags & 2 ){ free(s[2].z); s[2] = respell(&s[1], (flags>>2)^0x2b); }

  for(mode=URN_MODE_RFC8141; mode<=MODE_NS; mode++){
    int c[3][3];
    for(i=0; i<3; i++){
      key[i] = keyOf(&s[i], mode);
      if( mode!=MODE_NS ){
        unsigned char *zRef = malloc(s[i].n ? s[i].n : 1);
        size_t nRef;
        if( zRef==0 ) abort();
        nRef = refKey(s[i].z, s[i].n, mode, zRef);
        CHECK(nRef==key[i].n && (nRef==0 || memcmp(zRef, key[i].z, nRef)==0),
              "key differs from the reference");
        free(zRef);
      }else{
        /* key_ns(key(s)) = key_ns(s). */
        Str k8141 = keyOf(&s[i], URN_MODE_RFC8141);
        Str kk = keyOf(&k8141, MODE_NS);
        CHECK(bytesCmp(&kk, &key[i])==0, "key_ns(key(s)) != key_ns(s)");
        free(k8141.z);
        free(kk.z);
      }
    }
    for(i=0; i<3; i++){
      for(j=0; j<3; j++){
        c[i][j] = compareIn(mode, &s[i], &s[j]);
        if( mode==MODE_NS && compareIn(URN_MODE_RFC8141, &s[i], &s[j])==0 ){
          CHECK(c[i][j]==0, "URN_NS splits what URN merges");
        }
      }
    }
    for(i=0; i<3; i++){
      CHECK(c[i][i]==0, "cmp(x,x) != 0");
      for(j=0; j<3; j++){
        CHECK(c[i][j]==-c[j][i], "cmp(x,y) != -cmp(y,x)");
        CHECK(c[i][j]==bytesCmp(&key[i], &key[j]),
              "cmp(x,y) disagrees with the order of the keys");
        for(k=0; k<3; k++){
          if( c[i][j]<=0 && c[j][k]<=0 ){
            CHECK(c[i][k]<=0, "x<=y<=z but x>z");
            if( c[i][j]<0 || c[j][k]<0 ) CHECK(c[i][k]<0, "x<y<=z but x>=z");
            if( c[i][j]==0 && c[j][k]==0 ) CHECK(c[i][k]==0, "x=y=z, x!=z");
          }
        }
      }
    }
    if( mode!=URN_MODE_RFC2141 ){
      /* UTF-16 (both byte orders): the order of the keys of UTF-8. */
      int be;
      for(be=0; be<2; be++){
        for(i=0; i<3; i++){
          for(j=0; j<3; j++){
            CHECK(compare16(mode, be, &s[i], &s[j])==bytesCmp(&key[i], &key[j]),
                  "the UTF-16 comparator disagrees with the keys");
          }
        }
      }
    }
    for(i=0; i<3; i++) free(key[i].z);
  }
  for(i=0; i<3; i++) free(s[i].z);
  return 0;
}
