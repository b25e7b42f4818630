/*
** urn_pg_type.c -- the PostgreSQL types urn and urn_ns (layer 3 over
** ext/core/).
**
** Input, the cast from text and binary receive accept exactly what
** urn_valid(X) accepts (RFC 8141 §2) and refuse the rest with SQLSTATE
** 22P02, urn_error's message as the detail.  Output, send and the cast to
** text give the bytes as written.
**
** Equality and order are those of SQLite's COLLATE URN: the bytes of
** key(X) = "urn:" lower(NID) ":" NSS with every %XX upper-cased,
** components dropped (RFC 8141 §3.1), shorter first on a tie; for urn_ns
** those of COLLATE URN_NS, key_ns(X), the key after the namespace's own
** equivalence rules (RFC 8141 §3.1; ext/core/urn_ns.h).  So that a
** comparison is one memcmp, as for text COLLATE "C", a value stores its
** key (the type's: key(X) for urn, key_ns(X) for urn_ns) first, without
** its "urn:", which every key begins with, and after it what rebuilds the
** spelling (docs/design.md, "PostgreSQL's stored form"):
**
**   K                      the value written as its key: "urn:" K is the
**                          spelling (most values; 4 bytes fewer than text)
**   T len(K) K X           any other: T is a tag byte below 0x20 (a key's
**                          first byte is a NID's letter or digit, RFC 8141
**                          §2), len(K) a LEB128 number, X the rest:
**     T & STORED_HEAD        X has the case of "urn" and the NID: one bit a
**                            byte of them (3 + NID length bits), set for a
**                            capital, in a whole number of bytes;
**     T & STORED_HEX         then the case of the hex letters of the NSS's
**                            %XX (the key has them in capitals), one bit
**                            each, set for a small letter;
**     T & STORED_COMP        then the components ("?+", "?=", "#" and on)
**                            as written;
**     T == STORED_FULL       X is the spelling itself: urn_ns, where the
**                            namespace's rules changed the NSS (an ISBN's
**                            hyphens) and the bits above cannot say how.
**
**   the spelling itself    a value written by 0.1.0, which stored the
**                          spelling as text: it begins "urn:" in some
**                          letter case, which no form above can (a key
**                          begins with the lower-cased NID, and a value
**                          whose NID is "urn", which RFC 8141 §2 allows
**                          and RFC 2141 §2 reserves, is always stored
**                          with a tag, 0x00 when it needs no bit).  Its key
**                          is computed when it is read (palloc'd), so that
**                          ALTER EXTENSION urn UPDATE rewrites no table:
**                          docs/postgres.md, "Upgrading".
**
** The hash is hash_any() of "urn:" K, 0.1.0's hash of the same URN, so
** that a hash index or a hash partition built by 0.1.0 still finds its
** rows; sort support compares K with memcmp and abbreviates a value to K's
** first 8 bytes.  A change of the format needs an upgrade path.
**
** The C names that 0.1.0's SQL objects call keep 0.1.0's meaning, so that
** this library serves a database whose extension is still 0.1.0 (between
** installing it and ALTER EXTENSION urn UPDATE): urn_in, urn_recv and
** urn_from_text store the spelling, as 0.1.0 did (its casts to text are
** binary); 0.2.0's SQL calls urn_in_keyed, urn_recv_keyed and
** urn_from_text_keyed, which store the key first.  Each type has its own
** comparison, hash and sort support (urn_ns_*), which read a 0.1.0 value
** with that type's key.
*/
#include "urn_pg.h"
#include "common/hashfn.h"
#include "lib/hyperloglog.h"
#include "libpq/pqformat.h"
#include "port/pg_bswap.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/sortsupport.h"
#include "../core/urn_fn.h"
#include "../core/urn_ns.h"

/* ---- The stored form ---------------------------------------------------- */

#define STORED_HEAD 0x01
#define STORED_HEX  0x02
#define STORED_COMP 0x04
#define STORED_FULL 0x08
/* A first byte below this is a tag: no key starts with one. */
#define STORED_TAG_END 0x20

/* A stored value, read: its key after "urn:", zKey[0..nKey), its tag (0:
** the value is "urn:" and its key) and what follows the key, zX[0..nX). */
typedef struct Stored {
  const unsigned char *zKey;
  size_t nKey;
  int tag;
  const unsigned char *zX;
  size_t nX;
  unsigned char *zFree;         /* a 0.1.0 value's key, palloc'd, or 0 */
} Stored;

/* The tag of a value written by 0.1.0: zX[0..nX) is the spelling. */
#define STORED_SPELLING 0x100

/* 1 if z[0..n) begins "urn:" in some letter case: a value 0.1.0 wrote. */
#define STORED_IS_SPELLING(z, n) ((n)>=4 && (z)[3]==':' && ((z)[0]|0x20)=='u' \
  && ((z)[1]|0x20)=='r' && ((z)[2]|0x20)=='n')

/* Read the value z[0..n) that 0.1.0 wrote, the spelling of an RFC 8141
** URN, into *p, with the key of the type (ns: urn_ns) computed as 0.1.0
** did (urnFnKey(), RFC 8141 §3.1), palloc'd: storedRelease() frees it.  A
** damaged value (no URN) is its own key, as 0.1.0's hash took it; ns -1
** reads only the spelling. */
static void storedReadSpelling(const unsigned char *z, size_t n, int ns,
                               Stored *p){
  UrnParts parts;
  size_t nKey;
  p->tag = STORED_SPELLING;
  p->zX = z;
  p->nX = n;
  p->zFree = 0;
  if( ns<0 || !urnScan(z, n, URN_MODE_RFC8141, &parts, 0) ){
    p->zKey = z+4;
    p->nKey = n-4;
    return;
  }
  p->zFree = palloc(URN_KEY_LEN(&parts));
  /* key_ns(X) is never longer than key(X). */
  nKey = urnFnKey(z, &parts, ns ? URN_MODE_NS : URN_MODE_RFC8141, p->zFree);
  p->zKey = p->zFree+4;
  p->nKey = nKey-4;
}

static inline void storedRelease(Stored *p){
  if( p->zFree ) pfree(p->zFree);
}

/* Read the stored value z[0..n) of the type (ns: urn_ns; -1 when only the
** spelling is wanted).  Inlined into
** every comparison: for a value written as its key, a test of its first
** byte, and of 3 more when it is a 'u'.  storedRelease() after use. */
static inline void storedRead(const unsigned char *z, size_t n, int ns,
                              Stored *p){
  size_t i = 1, len = 0;
  int shift = 0;
  unsigned c;
  p->zFree = 0;
  if( n==0 || z[0]>=STORED_TAG_END ){
    if( STORED_IS_SPELLING(z, n) ){
      storedReadSpelling(z, n, ns, p);
      return;
    }
    p->zKey = z;
    p->nKey = n;
    p->tag = 0;
    p->zX = z+n;
    p->nX = 0;
    return;
  }
  do{
    c = i<n ? z[i++] : 0;
    if( shift<(int)(8*sizeof(size_t)) ) len |= (size_t)(c & 0x7f) << shift;
    shift += 7;
  }while( c & 0x80 );
  if( len>n-i ) len = n-i;            /* only a damaged value: stay inside */
  p->zKey = z+i;
  p->nKey = len;
  p->tag = z[0];
  p->zX = z+i+len;
  p->nX = n-i-len;
}

/* The bytes of LEB128 v. */
static size_t varintLen(size_t v){
  size_t k = 1;
  while( v>=0x80 ){ v >>= 7; k++; }
  return k;
}
static size_t varintPut(unsigned char *z, size_t v){
  size_t k = 0;
  while( v>=0x80 ){ z[k++] = (unsigned char)(v | 0x80); v >>= 7; }
  z[k++] = (unsigned char)v;
  return k;
}

static int isUpper(unsigned char c){ return c>='A' && c<='Z'; }
static int isHexLetter(unsigned char c){ return (c|0x20)>='a' && (c|0x20)<='f'; }

/* Call x(digit's offset in z, ...) for each hex digit of every %XX of
** z[from..to) that is a letter, in order; a valid URN's '%' always starts
** a whole %XX inside its part (RFC 8141 §2). */
#define FOR_HEX_LETTERS(z, from, to, i, BODY) do{ \
  const unsigned char *zPct_; size_t at_ = (from); \
  while( at_<(to) && (zPct_ = memchr((z)+at_, '%', (to)-at_))!=0 ){ \
    size_t d_ = (size_t)(zPct_-(z)); \
    for(i=d_+1; i<=d_+2; i++){ if( isHexLetter((z)[i]) ){ BODY; } } \
    at_ = d_+3; \
  } \
}while(0)

/* The stored form of the RFC 8141 URN z[0..n), scanned into *p, for urn
** (ns 0) or urn_ns (ns 1), as a palloc'd varlena. */
static text *storedMake(const unsigned char *z, size_t n, const UrnParts *p,
                        int ns){
  size_t nKey = URN_KEY_LEN(p), nNid = p->nid.len, nssOff = p->nss.off;
  size_t nHead = 3+nNid, nLetters = 0, nComp = n-nKey, off, nX = 0, i, k;
  size_t nNsKey = nKey;
  int tag = 0, lowerHex = 0;
  uint64_t mHead = 0;
  unsigned char *zOut;
  unsigned char aNsKey[256], *zNsKey = 0;
  text *t;
  /* Does "urn" or the NID hold a capital, a %XX a small hex letter?  The
  ** capitals as bits, bit i for head character i: an NID has at most 32
  ** characters (RFC 8141 §2), so the head's 3+32 fit 64 bits. */
  Assert( nNid<=32 );
  for(i=0; i<3; i++) mHead |= (uint64_t)isUpper(z[i])<<i;
  for(i=0; i<nNid && i<61; i++) mHead |= (uint64_t)isUpper(z[4+i])<<(3+i);
  if( mHead ) tag |= STORED_HEAD;
  FOR_HEX_LETTERS(z, nssOff, nKey, i, { nLetters++; lowerHex |= z[i]>='a'; });
  if( lowerHex ) tag |= STORED_HEX;
  if( nComp ) tag |= STORED_COMP;
  if( ns ){
    /* key_ns(X) = f_nid(key(X)), never longer than key(X) (urn_ns.c):
    ** written once, here, and copied into the value below.  The generic
    ** diff serves when f changed nothing, which it never does by
    ** shortening alone. */
    zNsKey = nKey<=sizeof(aNsKey) ? aNsKey : palloc(nKey);
    nNsKey = urnNsKeyWrite(z, p, zNsKey);
    if( nNsKey==nKey ){
      unsigned char aFold[256];
      unsigned char *zFold = nKey<=sizeof(aFold) ? aFold : palloc(nKey);
      urnKeyWrite(z, p, zFold);
      if( memcmp(zNsKey+nssOff, zFold+nssOff, nKey-nssOff)!=0 ){
        tag = STORED_FULL;
      }
      if( zFold!=aFold ) pfree(zFold);
    }else{
      tag = STORED_FULL;
    }
  }
  if( tag==0 && !STORED_IS_SPELLING(z+4, n-4) ){
    /* Written as its key: the key after "urn:"; but never a key that
    ** begins "urn:" (the NID "urn", RFC 8141 §2), which is how 0.1.0's
    ** values begin: that one takes the tag 0x00. */
    t = urnPgText(z+4, n-4);
    if( zNsKey && zNsKey!=aNsKey ) pfree(zNsKey);
    return t;
  }
  off = 1+varintLen(nNsKey-4);
  if( tag==STORED_FULL ){
    nX = n;
  }else{
    if( tag & STORED_HEAD ) nX += (nHead+7)/8;
    if( tag & STORED_HEX ) nX += (nLetters+7)/8;
    nX += nComp;
  }
  t = urnPgTextAlloc(off+nNsKey-4+nX);
  zOut = (unsigned char*)VARDATA(t);
  /* The key, written with its "urn:" 4 bytes before its place: over the
  ** tag and the length, written after it, and over the varlena header
  ** when they are shorter (t's own bytes; SET_VARSIZE() rewrites them). */
  if( ns ){
    memcpy(zOut+off-4, zNsKey, nNsKey);
    if( zNsKey!=aNsKey ) pfree(zNsKey);
  }else{
    urnKeyWrite(z, p, zOut+off-4);
  }
  SET_VARSIZE(t, VARHDRSZ+off+nNsKey-4+nX);
  zOut[0] = (unsigned char)tag;
  varintPut(zOut+1, nNsKey-4);
  zOut += off+nNsKey-4;
  if( tag==STORED_FULL ){
    memcpy(zOut, z, n);
    return t;
  }
  if( tag & STORED_HEAD ){
    for(i=0; i<(nHead+7)/8; i++) zOut[i] = (unsigned char)(mHead>>(8*i));
    zOut += (nHead+7)/8;
  }
  if( tag & STORED_HEX ){
    memset(zOut, 0, (nLetters+7)/8);
    k = 0;
    FOR_HEX_LETTERS(z, nssOff, nKey, i, {
      if( z[i]>='a' ) zOut[k>>3] |= (unsigned char)(1<<(k&7));
      k++;
    });
    zOut += (nLetters+7)/8;
  }
  if( nComp ) memcpy(zOut, z+nKey, nComp);
  return t;
}

/* The length of the spelling of the stored value *p. */
static size_t spellLen(const Stored *p){
  size_t nNid, nLetters = 0, i, nX = p->nX;
  const unsigned char *zColon;
  if( p->tag==STORED_FULL || p->tag==STORED_SPELLING ) return p->nX;
  if( p->tag & (STORED_HEAD|STORED_HEX) ){
    zColon = memchr(p->zKey, ':', p->nKey);
    nNid = zColon ? (size_t)(zColon-p->zKey) : p->nKey;
    if( p->tag & STORED_HEAD ) nX -= Min(nX, (3+nNid+7)/8);
    if( p->tag & STORED_HEX ){
      FOR_HEX_LETTERS(p->zKey, nNid, p->nKey, i, { nLetters++; });
      nX -= Min(nX, (nLetters+7)/8);
    }
  }
  return 4+p->nKey+((p->tag & STORED_COMP) ? nX : 0);
}

/* Write the spelling of the stored value *p, spellLen(p) bytes, to zOut. */
static void spellWrite(const Stored *p, unsigned char *zOut){
  const unsigned char *zBits = p->zX, *zColon;
  size_t nNid, i, k;
  if( p->tag==STORED_FULL || p->tag==STORED_SPELLING ){
    memcpy(zOut, p->zX, p->nX);
    return;
  }
  memcpy(zOut, "urn:", 4);
  memcpy(zOut+4, p->zKey, p->nKey);
  if( p->tag & (STORED_HEAD|STORED_HEX) ){
    zColon = memchr(p->zKey, ':', p->nKey);
    nNid = zColon ? (size_t)(zColon-p->zKey) : p->nKey;
    if( p->tag & STORED_HEAD ){
      for(i=0; i<3+nNid; i++){
        if( zBits[i>>3] & (1<<(i&7)) ) zOut[i<3 ? i : i+1] &= (unsigned char)~0x20;
      }
      zBits += (3+nNid+7)/8;
    }
    if( p->tag & STORED_HEX ){
      k = 0;
      FOR_HEX_LETTERS(zOut, 4+nNid, 4+p->nKey, i, {
        if( zBits[k>>3] & (1<<(k&7)) ) zOut[i] |= 0x20;
        k++;
      });
      zBits += (k+7)/8;
    }
  }
  if( p->tag & STORED_COMP ){
    memcpy(zOut+4+p->nKey, zBits, (size_t)(p->zX+p->nX-zBits));
  }
}

/* The stored value x, read into *p; returns the detoasted varlena, to be
** freed by storedDone() when it is a copy. */
static inline text *storedGet(Datum x, int ns, Stored *p){
  text *t = DatumGetTextPP(x);
  storedRead((const unsigned char*)VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), ns, p);
  return t;
}
static inline void storedDone(Datum x, text *t, Stored *p){
  storedRelease(p);
  if( (Pointer)t!=DatumGetPointer(x) ) pfree(t);
}

/* The spelling of the stored value x as a palloc'd text. */
static text *storedText(Datum x){
  Stored s;
  text *t = storedGet(x, -1, &s);
  text *r = urnPgTextAlloc(spellLen(&s));
  spellWrite(&s, (unsigned char*)VARDATA(r));
  storedDone(x, t, &s);
  return r;
}

/* ---- Input and output --------------------------------------------------- */

/* Scan z[0..n) into *pParts when it is an RFC 8141 URN; else 22P02
** (urnPgNotUrn()) naming the type typ (ns: urn_ns).  typeMake(): its
** stored form. */
static void typeScan(const unsigned char *z, size_t n, int ns, Oid typ,
                     UrnParts *pParts){
  char zMsg[URN_FN_MSG_MAX];
  if( !urnScan(z, n, URN_MODE_RFC8141, pParts, 0) ){
    urnFnCheck(z, n, URN_MODE_RFC8141, pParts, 0, zMsg, 0);
    urnPgNotUrn(z, n, zMsg, OidIsValid(typ) ? format_type_be(typ)
                                            : ns ? "urn_ns" : "urn");
  }
}
static text *typeMake(const unsigned char *z, size_t n, int ns, Oid typ){
  UrnParts parts;
  typeScan(z, n, ns, typ, &parts);
  return storedMake(z, n, &parts, ns);
}

/* For the glue's other files (urn_pg.h). */
UrnPgArg urnPgKey(Datum x, int ns){
  Stored s;
  UrnPgArg a;
  storedGet(x, ns, &s);
  a.z = s.zKey;
  a.n = s.nKey;
  return a;
}
text *urnPgSpelling(Datum x){
  return storedText(x);
}
text *urnPgMake(const unsigned char *z, size_t n, int ns){
  return typeMake(z, n, ns, InvalidOid);
}

/* Input, receive and the cast from text of both types: urn's C names
** end in _keyed, for its 0.1.0 names are 0.1.0's (below). */
#define URN_PG_INPUT(NAME, NS, KEYED) \
  PG_FUNCTION_INFO_V1(NAME##_in##KEYED); \
  Datum NAME##_in##KEYED(PG_FUNCTION_ARGS){ \
    const char *z = PG_GETARG_CSTRING(0); \
    PG_RETURN_TEXT_P(typeMake((const unsigned char*)z, strlen(z), NS, \
                              PG_NARGS()>1 ? PG_GETARG_OID(1) : InvalidOid)); \
  } \
  /* Binary: the text's own format (pq_getmsgtext converts from the \
  ** client's encoding), checked as the input is. */ \
  PG_FUNCTION_INFO_V1(NAME##_recv##KEYED); \
  Datum NAME##_recv##KEYED(PG_FUNCTION_ARGS){ \
    StringInfo buf = (StringInfo)PG_GETARG_POINTER(0); \
    int n; \
    char *z = pq_getmsgtext(buf, buf->len - buf->cursor, &n); \
    PG_RETURN_TEXT_P(typeMake((const unsigned char*)z, (size_t)n, NS, \
                              PG_NARGS()>1 ? PG_GETARG_OID(1) : InvalidOid)); \
  } \
  /* The cast from text (and varchar), explicit and on assignment. */ \
  PG_FUNCTION_INFO_V1(NAME##_from_text##KEYED); \
  Datum NAME##_from_text##KEYED(PG_FUNCTION_ARGS){ \
    text *t = PG_GETARG_TEXT_PP(0); \
    PG_RETURN_TEXT_P(typeMake((const unsigned char*)VARDATA_ANY(t), \
                              VARSIZE_ANY_EXHDR(t), NS, \
                              get_fn_expr_rettype(fcinfo->flinfo))); \
  } \
  /* The cast from the other type: its spelling, keyed for this one. */ \
  PG_FUNCTION_INFO_V1(NAME##_from_other); \
  Datum NAME##_from_other(PG_FUNCTION_ARGS){ \
    text *t = storedText(PG_GETARG_DATUM(0)); \
    PG_RETURN_TEXT_P(typeMake((const unsigned char*)VARDATA(t), \
                              VARSIZE(t)-VARHDRSZ, NS, InvalidOid)); \
  }
URN_PG_INPUT(urn, 0, _keyed)
URN_PG_INPUT(urn_ns, 1, )

/* 0.1.0's input, receive and cast from text, which 0.1.0's SQL objects
** call for both types: they store the spelling itself, as 0.1.0 did, for
** 0.1.0's casts to text (and between the types) are binary.  Called only
** until ALTER EXTENSION urn UPDATE. */
static text *spellingMake(const unsigned char *z, size_t n, Oid typ){
  UrnParts parts;
  typeScan(z, n, 0, typ, &parts);
  return urnPgText(z, n);
}
PG_FUNCTION_INFO_V1(urn_in);
Datum urn_in(PG_FUNCTION_ARGS){
  const char *z = PG_GETARG_CSTRING(0);
  PG_RETURN_TEXT_P(spellingMake((const unsigned char*)z, strlen(z),
                                PG_NARGS()>1 ? PG_GETARG_OID(1) : InvalidOid));
}
PG_FUNCTION_INFO_V1(urn_recv);
Datum urn_recv(PG_FUNCTION_ARGS){
  StringInfo buf = (StringInfo)PG_GETARG_POINTER(0);
  int n;
  char *z = pq_getmsgtext(buf, buf->len - buf->cursor, &n);
  PG_RETURN_TEXT_P(spellingMake((const unsigned char*)z, (size_t)n,
                                PG_NARGS()>1 ? PG_GETARG_OID(1) : InvalidOid));
}
PG_FUNCTION_INFO_V1(urn_from_text);
Datum urn_from_text(PG_FUNCTION_ARGS){
  text *t = PG_GETARG_TEXT_PP(0);
  PG_RETURN_TEXT_P(spellingMake((const unsigned char*)VARDATA_ANY(t),
                                VARSIZE_ANY_EXHDR(t),
                                get_fn_expr_rettype(fcinfo->flinfo)));
}

/* Output, send and the cast to text (and varchar) of both types: the
** spelling. */
PG_FUNCTION_INFO_V1(urn_out);
Datum urn_out(PG_FUNCTION_ARGS){
  Stored s;
  Datum x = PG_GETARG_DATUM(0);
  text *t = storedGet(x, -1, &s);
  size_t n = spellLen(&s);
  char *z = palloc(n+1);
  spellWrite(&s, (unsigned char*)z);
  z[n] = 0;
  storedDone(x, t, &s);
  PG_RETURN_CSTRING(z);
}

PG_FUNCTION_INFO_V1(urn_send);
Datum urn_send(PG_FUNCTION_ARGS){
  text *t = storedText(PG_GETARG_DATUM(0));
  StringInfoData buf;
  pq_begintypsend(&buf);
  pq_sendtext(&buf, VARDATA(t), VARSIZE(t)-VARHDRSZ);
  PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

PG_FUNCTION_INFO_V1(urn_to_text);
Datum urn_to_text(PG_FUNCTION_ARGS){
  PG_RETURN_TEXT_P(storedText(PG_GETARG_DATUM(0)));
}

/* ---- Comparison --------------------------------------------------------- */

/* a against b: the stored keys under memcmp, the shorter first on a tie,
** -1, 0 or 1.  The order of COLLATE URN for urn values (ns 0) and of URN_NS
** for urn_ns values (ns 1), whose stored keys are key(X) and key_ns(X)
** after their common "urn:" (a 0.1.0 value's computed as it is read). */
static inline int storedCompare(const unsigned char *za, size_t na,
                                const unsigned char *zb, size_t nb, int ns){
  Stored a, b;
  int r;
  storedRead(za, na, ns, &a);
  storedRead(zb, nb, ns, &b);
  r = memcmp(a.zKey, b.zKey, Min(a.nKey, b.nKey));
  if( r==0 ) r = (a.nKey>b.nKey) - (a.nKey<b.nKey);
  else r = (r>0) - (r<0);
  storedRelease(&a);
  storedRelease(&b);
  return r;
}

static int typeCompare(Datum x, Datum y, int ns){
  text *a = DatumGetTextPP(x);
  text *b = DatumGetTextPP(y);
  int r = storedCompare((const unsigned char*)VARDATA_ANY(a), VARSIZE_ANY_EXHDR(a),
                        (const unsigned char*)VARDATA_ANY(b), VARSIZE_ANY_EXHDR(b),
                        ns);
  if( (Pointer)a!=DatumGetPointer(x) ) pfree(a);
  if( (Pointer)b!=DatumGetPointer(y) ) pfree(b);
  return r;
}

/* The comparison function and the six operators, one line each, of urn
** (ns 0) and urn_ns (ns 1). */
#define URN_PG_OP(NAME, NS, TEST) \
  PG_FUNCTION_INFO_V1(NAME); \
  Datum NAME(PG_FUNCTION_ARGS){ \
    int r = typeCompare(PG_GETARG_DATUM(0), PG_GETARG_DATUM(1), NS); \
    TEST; \
  }
#define URN_PG_OPS(TYPE, NS) \
  URN_PG_OP(TYPE##_cmp, NS, PG_RETURN_INT32(r)) \
  URN_PG_OP(TYPE##_eq, NS, PG_RETURN_BOOL(r==0)) \
  URN_PG_OP(TYPE##_ne, NS, PG_RETURN_BOOL(r!=0)) \
  URN_PG_OP(TYPE##_lt, NS, PG_RETURN_BOOL(r<0)) \
  URN_PG_OP(TYPE##_le, NS, PG_RETURN_BOOL(r<=0)) \
  URN_PG_OP(TYPE##_gt, NS, PG_RETURN_BOOL(r>0)) \
  URN_PG_OP(TYPE##_ge, NS, PG_RETURN_BOOL(r>=0))
URN_PG_OPS(urn, 0)
URN_PG_OPS(urn_ns, 1)

/* The larger and the smaller of two, for min() and max(). */
PG_FUNCTION_INFO_V1(urn_larger);
Datum urn_larger(PG_FUNCTION_ARGS){
  Datum a = PG_GETARG_DATUM(0), b = PG_GETARG_DATUM(1);
  PG_RETURN_DATUM(typeCompare(a, b, 0)>=0 ? a : b);
}
PG_FUNCTION_INFO_V1(urn_smaller);
Datum urn_smaller(PG_FUNCTION_ARGS){
  Datum a = PG_GETARG_DATUM(0), b = PG_GETARG_DATUM(1);
  PG_RETURN_DATUM(typeCompare(a, b, 0)<=0 ? a : b);
}

/* ---- Hashing ------------------------------------------------------------ */

/* Keys up to this long are hashed from the stack. */
#define URN_PG_KEY_STACK 256

/* hash_any() (seed 0) or hash_any_extended() of "urn:" and the stored key
** of x, the type's key (ns: urn_ns): equal under = exactly when the keys
** are equal, so they hash alike (RFC 8141 §3: equivalent URNs are one
** name).  The bytes 0.1.0 hashed, whose hash indexes and hash partitions
** hold its values by these hashes: a hash without "urn:" would need them
** rebuilt, and a partitioned table's rows moved. */
static Datum typeHash(Datum x, bool extended, uint64 seed, int ns){
  Stored s;
  text *t = storedGet(x, ns, &s);
  unsigned char aKey[URN_PG_KEY_STACK];
  unsigned char *zKey = 4+s.nKey<=sizeof(aKey) ? aKey : palloc(4+s.nKey);
  Datum h;
  memcpy(zKey, "urn:", 4);
  memcpy(zKey+4, s.zKey, s.nKey);
  h = extended ? hash_any_extended(zKey, (int)(4+s.nKey), seed)
               : hash_any(zKey, (int)(4+s.nKey));
  if( zKey!=aKey ) pfree(zKey);
  storedDone(x, t, &s);
  return h;
}

#define URN_PG_HASH(NAME, NS) \
  PG_FUNCTION_INFO_V1(NAME); \
  Datum NAME(PG_FUNCTION_ARGS){ \
    return typeHash(PG_GETARG_DATUM(0), false, 0, NS); \
  } \
  PG_FUNCTION_INFO_V1(NAME##_extended); \
  Datum NAME##_extended(PG_FUNCTION_ARGS){ \
    return typeHash(PG_GETARG_DATUM(0), true, (uint64)PG_GETARG_INT64(1), NS); \
  }
URN_PG_HASH(urn_hash, 0)
URN_PG_HASH(urn_ns_hash, 1)

/* ---- Sort support ------------------------------------------------------- */

/* What the sort keeps: the type, and an estimate of the distinct
** abbreviated keys, to give up when they do not tell the values apart. */
typedef struct SsupExtra {
  hyperLogLogState abbrCard;
  int estimating;
  int ns;
} SsupExtra;

/* The full comparison, without fmgr. */
static int ssupCompare(Datum x, Datum y, SortSupport ssup){
  return typeCompare(x, y, ((SsupExtra*)ssup->ssup_extra)->ns);
}

/* The first sizeof(Datum) bytes of the stored key, zeros after its end,
** as an unsigned big-endian number: two abbreviations compare as the
** keys' first bytes, and a shorter key that is a prefix of a longer one is
** padded with 0, a byte no key holds: the order of the full comparison. */
static Datum ssupAbbrevConvert(Datum x, SortSupport ssup){
  SsupExtra *p = (SsupExtra*)ssup->ssup_extra;
  Stored s;
  text *t = storedGet(x, p->ns, &s);
  Datum res = 0;
  memcpy(&res, s.zKey, Min(s.nKey, sizeof(Datum)));
  res = DatumBigEndianToNative(res);
  if( p->estimating ){
    uint32 h = DatumGetUInt32(hash_uint32((uint32)((uint64)res ^ ((uint64)res>>32))));
    addHyperLogLog(&p->abbrCard, h);
  }
  storedDone(x, t, &s);
  return res;
}

/* Give up the abbreviation when, after a hundred rows, there is less than
** one distinct abbreviated key per 2000 rows (every value of one namespace
** with one long common start); keep it for good once they are many.  A
** few thousand distinct keys among a million rows still settle the first
** levels of a sort, which the full comparison then need not. */
static bool ssupAbbrevAbort(int memtupcount, SortSupport ssup){
  SsupExtra *p = (SsupExtra*)ssup->ssup_extra;
  double abbr;
  if( memtupcount<100 || !p->estimating ) return false;
  abbr = estimateHyperLogLog(&p->abbrCard);
  if( abbr>100000.0 ){
    p->estimating = 0;
    return false;
  }
  return abbr < memtupcount/2000.0 + 0.5;
}

/* Sort support of urn (ns 0) and urn_ns (ns 1). */
static void typeSortSupport(SortSupport ssup, int ns){
  MemoryContext old = MemoryContextSwitchTo(ssup->ssup_cxt);
  SsupExtra *p = palloc0(sizeof(SsupExtra));
  p->ns = ns;
  ssup->ssup_extra = p;
  ssup->comparator = ssupCompare;
  if( ssup->abbreviate ){
    initHyperLogLog(&p->abbrCard, 10);
    p->estimating = 1;
    ssup->abbrev_full_comparator = ssupCompare;
    ssup->comparator = ssup_datum_unsigned_cmp;
    ssup->abbrev_converter = ssupAbbrevConvert;
    ssup->abbrev_abort = ssupAbbrevAbort;
  }
  MemoryContextSwitchTo(old);
}
PG_FUNCTION_INFO_V1(urn_sortsupport);
Datum urn_sortsupport(PG_FUNCTION_ARGS){
  typeSortSupport((SortSupport)PG_GETARG_POINTER(0), 0);
  PG_RETURN_VOID();
}
PG_FUNCTION_INFO_V1(urn_ns_sortsupport);
Datum urn_ns_sortsupport(PG_FUNCTION_ARGS){
  typeSortSupport((SortSupport)PG_GETARG_POINTER(0), 1);
  PG_RETURN_VOID();
}
