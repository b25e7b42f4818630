/*
** urn_pg_type.c -- the PostgreSQL type urn (layer 3 over ext/core/).
**
** A urn value is stored as written, as text is (contrib citext does the
** same for its own equality): input, the cast from text and binary receive
** accept exactly what urn_valid(X) accepts (RFC 8141 §2) and refuse the
** rest with SQLSTATE 22P02, urn_error's message as the detail.  So every
** stored value is an RFC 8141 URN, which the abbreviated keys below rely
** on.  Output, send and the cast to text give the bytes as written.
**
** Equality and order are those of SQLite's COLLATE URN: the bytes of
** key(X) = "urn:" lower(NID) ":" NSS with every %XX upper-cased,
** components dropped (RFC 8141 §3.1), shorter first on a tie (urnCompare(),
** ext/core/urn_key.c).  The hash is hash_any() of those key bytes, so that
** equal values hash alike (RFC 8141 §3: equivalent URNs are one name).
** Sort support compares with the same function and abbreviates a value to
** the first bytes of its key after "urn:", which every key begins with.
**
** The type urn_ns is the same value with the order of SQLite's COLLATE
** URN_NS: key_ns(X), the key after the namespace's own equivalence rules
** (RFC 8141 §3.1; ext/core/urn_ns.h), compared and hashed as above with
** urnNsCompare() and urnNsKeyWrite(); its input is urn's.
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

/* Check z[0..n) for the type: returns normally for an RFC 8141 URN, else
** raises 22P02 (urnPgNotUrn()) naming the type typ (urn or urn_ns). */
static void typeCheck(const unsigned char *z, size_t n, Oid typ){
  char zMsg[URN_FN_MSG_MAX];
  UrnParts parts;
  if( urnIsUrn(z, n, URN_MODE_RFC8141) ) return;
  urnFnCheck(z, n, URN_MODE_RFC8141, &parts, 0, zMsg, 0);
  urnPgNotUrn(z, n, zMsg, OidIsValid(typ) ? format_type_be(typ) : "urn");
}

PG_FUNCTION_INFO_V1(urn_in);
Datum urn_in(PG_FUNCTION_ARGS){
  const char *z = PG_GETARG_CSTRING(0);
  size_t n = strlen(z);
  typeCheck((const unsigned char*)z, n, PG_NARGS()>1 ? PG_GETARG_OID(1) : InvalidOid);
  PG_RETURN_TEXT_P(urnPgText(z, n));
}

PG_FUNCTION_INFO_V1(urn_out);
Datum urn_out(PG_FUNCTION_ARGS){
  PG_RETURN_CSTRING(TextDatumGetCString(PG_GETARG_DATUM(0)));
}

/* Binary: the text's own format (pq_getmsgtext converts from the client's
** encoding), checked as the input is. */
PG_FUNCTION_INFO_V1(urn_recv);
Datum urn_recv(PG_FUNCTION_ARGS){
  StringInfo buf = (StringInfo)PG_GETARG_POINTER(0);
  int n;
  char *z = pq_getmsgtext(buf, buf->len - buf->cursor, &n);
  typeCheck((const unsigned char*)z, (size_t)n, PG_NARGS()>1 ? PG_GETARG_OID(1) : InvalidOid);
  PG_RETURN_TEXT_P(urnPgText(z, (size_t)n));
}

PG_FUNCTION_INFO_V1(urn_send);
Datum urn_send(PG_FUNCTION_ARGS){
  text *t = PG_GETARG_TEXT_PP(0);
  StringInfoData buf;
  pq_begintypsend(&buf);
  pq_sendtext(&buf, VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t));
  PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

/* urn(text) and urn_ns(text): the cast from text (and varchar), explicit
** and on assignment. */
PG_FUNCTION_INFO_V1(urn_from_text);
Datum urn_from_text(PG_FUNCTION_ARGS){
  text *t = PG_GETARG_TEXT_PP(0);
  typeCheck((const unsigned char*)VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t),
            get_fn_expr_rettype(fcinfo->flinfo));
  PG_RETURN_TEXT_P(t);
}

/* ---- Comparison --------------------------------------------------------- */

/* a against b in the order of COLLATE URN (ns 0: the type urn) or of
** URN_NS (ns 1: the type urn_ns, key_ns(X) after the namespace's rules,
** RFC 8141 §3.1): -1, 0 or 1. */
static int typeCompare(Datum x, Datum y, int ns){
  text *a = DatumGetTextPP(x);
  text *b = DatumGetTextPP(y);
  const unsigned char *za = (const unsigned char*)VARDATA_ANY(a);
  const unsigned char *zb = (const unsigned char*)VARDATA_ANY(b);
  size_t na = VARSIZE_ANY_EXHDR(a), nb = VARSIZE_ANY_EXHDR(b);
  int r = ns ? urnNsCompare(za, na, zb, nb)
             : urnCompare(URN_MODE_RFC8141, za, na, zb, nb);
  if( (Pointer)a!=DatumGetPointer(x) ) pfree(a);
  if( (Pointer)b!=DatumGetPointer(y) ) pfree(b);
  return (r>0) - (r<0);
}

/* The comparison function and the six operators of both types, one line
** each. */
#define URN_PG_OP(NAME, NS, TEST) \
  PG_FUNCTION_INFO_V1(NAME); \
  Datum NAME(PG_FUNCTION_ARGS){ \
    int r = typeCompare(PG_GETARG_DATUM(0), PG_GETARG_DATUM(1), NS); \
    TEST; \
  }
URN_PG_OP(urn_cmp, 0, PG_RETURN_INT32(r))
URN_PG_OP(urn_eq, 0, PG_RETURN_BOOL(r==0))
URN_PG_OP(urn_ne, 0, PG_RETURN_BOOL(r!=0))
URN_PG_OP(urn_lt, 0, PG_RETURN_BOOL(r<0))
URN_PG_OP(urn_le, 0, PG_RETURN_BOOL(r<=0))
URN_PG_OP(urn_gt, 0, PG_RETURN_BOOL(r>0))
URN_PG_OP(urn_ge, 0, PG_RETURN_BOOL(r>=0))
URN_PG_OP(urn_ns_cmp, 1, PG_RETURN_INT32(r))
URN_PG_OP(urn_ns_eq, 1, PG_RETURN_BOOL(r==0))
URN_PG_OP(urn_ns_ne, 1, PG_RETURN_BOOL(r!=0))
URN_PG_OP(urn_ns_lt, 1, PG_RETURN_BOOL(r<0))
URN_PG_OP(urn_ns_le, 1, PG_RETURN_BOOL(r<=0))
URN_PG_OP(urn_ns_gt, 1, PG_RETURN_BOOL(r>0))
URN_PG_OP(urn_ns_ge, 1, PG_RETURN_BOOL(r>=0))

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

/* Keys up to this long are written on the stack. */
#define URN_PG_KEY_STACK 256

/* hash_any() (seed 0) or hash_any_extended() of the key bytes of the URN
** in x, key(X), or key_ns(X) for ns: equal under = exactly when the keys
** are equal, so they hash alike.  A key(X) that is a prefix of the value as
** written (lower-case head, no %XX) is hashed in place. */
static Datum typeHash(Datum x, bool extended, uint64 seed, int ns){
  text *t = DatumGetTextPP(x);
  const unsigned char *z = (const unsigned char*)VARDATA_ANY(t);
  size_t n = VARSIZE_ANY_EXHDR(t), nKey = n;
  unsigned char aKey[URN_PG_KEY_STACK];
  const unsigned char *zKey = z;
  unsigned char *zFree = 0;
  UrnParts parts;
  Datum h;
  /* A stored value is a URN; anything else would be its own key. */
  if( urnScan(z, n, URN_MODE_RFC8141, &parts, 0) ){
    nKey = URN_KEY_LEN(&parts);
    if( ns || !urnFnKeyIsPrefix(z, &parts) ){
      unsigned char *zOut = nKey<=sizeof(aKey) ? aKey : (zFree = palloc(nKey));
      /* key_ns(X) is never longer than key(X). */
      nKey = urnFnKey(z, &parts, ns ? URN_MODE_NS : URN_MODE_RFC8141, zOut);
      zKey = zOut;
    }
  }
  h = extended ? hash_any_extended(zKey, (int)nKey, seed)
               : hash_any(zKey, (int)nKey);
  if( zFree ) pfree(zFree);
  if( (Pointer)t!=DatumGetPointer(x) ) pfree(t);
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

/* The full comparison, without fmgr. */
static int ssupCompare(Datum x, Datum y, SortSupport ssup){
  (void)ssup;
  return typeCompare(x, y, 0);
}
static int ssupNsCompare(Datum x, Datum y, SortSupport ssup){
  (void)ssup;
  return typeCompare(x, y, 1);
}

/* urn_ns: the comparison without fmgr, no abbreviation (a namespace's
** transform drops and changes bytes, so key_ns(X)'s first bytes are not
** those of X). */
PG_FUNCTION_INFO_V1(urn_ns_sortsupport);
Datum urn_ns_sortsupport(PG_FUNCTION_ARGS){
  SortSupport ssup = (SortSupport)PG_GETARG_POINTER(0);
  ssup->comparator = ssupNsCompare;
  PG_RETURN_VOID();
}

/* What the abbreviation keeps: an estimate of the distinct abbreviated
** keys, to give up when they do not tell the values apart. */
typedef struct SsupExtra {
  hyperLogLogState abbrCard;
  int estimating;
} SsupExtra;

/* The first sizeof(Datum) bytes of key(z) after its "urn:", zeros after its
** end, in zOut.  z is an RFC 8141 URN (every value of the type is), whose
** key starts "urn:" and is then: the NID lower-cased up to its ':' (RFC
** 8141 §3.1 items 1 and 2), the ':', then the NSS, which ends at the first
** '?' or '#' (RFC 8141 §2: neither is a pchar), with the two hex digits of
** every %XX upper-cased (§3.1 item 3).  So the abbreviations of two values
** compare, as unsigned big-endian numbers, as the keys' bytes after "urn:",
** cut to sizeof(Datum), and a shorter key that is a prefix of a longer
** one is padded with 0, a byte no key holds: the order of urnCompare(). */
static void abbrevBytes(const unsigned char *z, size_t n, unsigned char *zOut){
  size_t i = 4, k = 0;
  int inNss = 0;
  memset(zOut, 0, sizeof(Datum));
  for(; i<n && k<sizeof(Datum); i++){
    unsigned char c = z[i];
    if( !inNss ){
      if( c>='A' && c<='Z' ) c |= 0x20;
      if( c==':' ) inNss = 1;
    }else{
      if( c=='?' || c=='#' ) break;
      if( c>='a' && c<='f' && (z[i-1]=='%' || z[i-2]=='%') ) c &= ~0x20;
    }
    zOut[k++] = c;
  }
}

static Datum ssupAbbrevConvert(Datum x, SortSupport ssup){
  SsupExtra *p = (SsupExtra*)ssup->ssup_extra;
  text *t = DatumGetTextPP(x);
  const unsigned char *z = (const unsigned char*)VARDATA_ANY(t);
  size_t n = VARSIZE_ANY_EXHDR(t);
  Datum res;
  unsigned char aKey[sizeof(Datum)];
  abbrevBytes(z, n, aKey);
  memcpy(&res, aKey, sizeof(Datum));
  res = DatumBigEndianToNative(res);
  if( p->estimating ){
    addHyperLogLog(&p->abbrCard,
                   DatumGetUInt32(hash_any(aKey, (int)sizeof(aKey))));
  }
  if( (Pointer)t!=DatumGetPointer(x) ) pfree(t);
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

PG_FUNCTION_INFO_V1(urn_sortsupport);
Datum urn_sortsupport(PG_FUNCTION_ARGS){
  SortSupport ssup = (SortSupport)PG_GETARG_POINTER(0);
  ssup->comparator = ssupCompare;
  if( ssup->abbreviate ){
    MemoryContext old = MemoryContextSwitchTo(ssup->ssup_cxt);
    SsupExtra *p = palloc0(sizeof(SsupExtra));
    initHyperLogLog(&p->abbrCard, 10);
    p->estimating = 1;
    ssup->ssup_extra = p;
    ssup->abbrev_full_comparator = ssupCompare;
    ssup->comparator = ssup_datum_unsigned_cmp;
    ssup->abbrev_converter = ssupAbbrevConvert;
    ssup->abbrev_abort = ssupAbbrevAbort;
    MemoryContextSwitchTo(old);
  }
  PG_RETURN_VOID();
}
