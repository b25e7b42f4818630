/*
** urn_pg_ops.c -- the operators of the type urn across types (layer 3 over
** ext/core/): prefix search under equivalence through the btree index, and
** equality with text.
**
** Prefix search.  x ^@ P (and urn_has_prefix(x, P)) is true when key(x)
** starts with key(P): key(X) = "urn:" lower(NID) ":" NSS with every %XX
** upper-cased, components dropped (RFC 8141 §3.1), the bytes whose order is
** the btree order of urn (urn_pg_type.c).  key(P) is P with "urn:" and the
** NID lower-cased and the hex digits after every '%' upper-cased; P must be
** a start of such a key: "urn:" in any case, then letters, digits and '-'
** (the NID, RFC 8141 §2), then ':' and the NSS's bytes (pchar and '/',
** RFC 8141 §2 and RFC 3986 §3.3), each '%' followed by hex digits (RFC
** 3986 §2.1) up to P's end.  Anything else is an error (22023): no URN's
** key could start with it, and a '?' or '#' starts a component, which
** equivalence ignores.  The keys that start with key(P) are exactly those
** from lo = key(P) (included) to hi = key(P) with its last byte plus one
** (excluded), shorter first on a tie.  lo and hi are texts, compared with
** x by urn >= text and urn < text below: each is a URN whose key is itself
** (lower-case head, upper-case hex, no component) or not a URN at all,
** whose key is then its own bytes (docs/design.md, I3); hi's last byte is
** one above a byte of the grammar above, and none of those is '?', '#',
** a lower-case hex digit or an upper-case letter in a head that ':' ends.
** So the function and the index range are one test: the planner support
** function turns x ^@ 'const' into x >= lo AND x < hi over the btree
** operator family urn_ops, exact (no recheck), as text's ^@ is turned into
** a range by like_support.c; a prefix known only when the scan starts (a
** parameter) into x >= urn_prefix_lo(p) AND x < urn_prefix_hi(p).
**
** Comparison with text.  x = t (and t = x) is true when the text t is a
** URN equivalent to x (RFC 8141 §3); a text that is not a URN is equal to
** no urn, and never an error.  <, <=, >= and > order x and t as x and the
** urn t spells, or, for a t that is not a URN, key(x) and t's own bytes
** (the key of a string that is not a URN, docs/design.md I3, never equal
** to a URN's key, itself a URN).  All are members of urn's btree family,
** so an index of urn serves them.  The hash of a t is urn_hash of the urn
** it spells (of its bytes when it is not a URN, which equal nothing), so
** x = t joins by hashing; there is no merge join (that would need an order
** of texts as URNs).
**
** Every comparison goes through the type's own functions (urn_cmp,
** urn_hash, urnPgMake and urnPgKey), so these operators give the answers
** of urn = urn on every value.
*/
#include "urn_pg.h"
#include "access/stratnum.h"
#include "catalog/pg_am_d.h"
#include "catalog/pg_collation_d.h"
#include "catalog/pg_type_d.h"
#include "commands/defrem.h"
#include "common/hashfn.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "nodes/pathnodes.h"
#include "nodes/supportnodes.h"
#include "parser/parse_func.h"
#include "optimizer/optimizer.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/selfuncs.h"
#include "../core/urn_class.h"

/* The type's own functions (urn_pg_type.c). */
extern PGDLLEXPORT Datum urn_cmp(PG_FUNCTION_ARGS);
extern PGDLLEXPORT Datum urn_hash(PG_FUNCTION_ARGS);
extern PGDLLEXPORT Datum urn_hash_extended(PG_FUNCTION_ARGS);

/* ---- Comparison with text ---------------------------------------------- */

/* The text t as a urn, or 0 when it is not a URN. */
static Datum textUrn(Datum t){
  text *p = DatumGetTextPP(t);
  const unsigned char *z = (const unsigned char*)VARDATA_ANY(p);
  size_t n = VARSIZE_ANY_EXHDR(p);
  if( !urnIsUrn(z, n, URN_MODE_RFC8141) ) return (Datum)0;
  return PointerGetDatum(urnPgMake(z, n, 0));
}

/* x against the text t in the btree order of urn: against the urn t
** spells, or t's own bytes when it is not a URN (the key of a string that
** is not a URN, docs/design.md I3), which never ties with a URN's key (a
** URN itself): -1, 0 or 1, and 0 exactly when x = t. */
static int cmpText(Datum x, Datum t){
  Datum u = textUrn(t);
  text *p;
  const unsigned char *z;
  size_t n;
  UrnPgArg k;
  int c;
  if( u!=(Datum)0 ) return DatumGetInt32(DirectFunctionCall2(urn_cmp, x, u));
  /* key(x) is "urn:" and the stored key k. */
  p = DatumGetTextPP(t);
  z = (const unsigned char*)VARDATA_ANY(p);
  n = VARSIZE_ANY_EXHDR(p);
  c = memcmp("urn:", z, n<4 ? n : 4);
  if( c ) return (c>0) - (c<0);
  if( n<4 ) return 1;
  k = urnPgKey(x, 0);
  c = memcmp(k.z, z+4, k.n<n-4 ? k.n : n-4);
  if( c ) return (c>0) - (c<0);
  return (k.n>n-4) - (k.n<n-4);
}

PG_FUNCTION_INFO_V1(urn_cmp_text);
Datum urn_cmp_text(PG_FUNCTION_ARGS){
  PG_RETURN_INT32(cmpText(PG_GETARG_DATUM(0), PG_GETARG_DATUM(1)));
}
PG_FUNCTION_INFO_V1(text_cmp_urn);
Datum text_cmp_urn(PG_FUNCTION_ARGS){
  PG_RETURN_INT32(-cmpText(PG_GETARG_DATUM(1), PG_GETARG_DATUM(0)));
}

/* The six operators both ways, one line each: x OP t, and t OP x as
** x COMMUTATOR(OP) t. */
#define URN_PG_TEXT_OP(NAME, TNAME, TEST, TTEST) \
  PG_FUNCTION_INFO_V1(NAME); \
  Datum NAME(PG_FUNCTION_ARGS){ \
    int r = cmpText(PG_GETARG_DATUM(0), PG_GETARG_DATUM(1)); \
    PG_RETURN_BOOL(TEST); \
  } \
  PG_FUNCTION_INFO_V1(TNAME); \
  Datum TNAME(PG_FUNCTION_ARGS){ \
    int r = cmpText(PG_GETARG_DATUM(1), PG_GETARG_DATUM(0)); \
    PG_RETURN_BOOL(TTEST); \
  }
URN_PG_TEXT_OP(urn_eq_text, text_eq_urn, r==0, r==0)
URN_PG_TEXT_OP(urn_ne_text, text_ne_urn, r!=0, r!=0)
URN_PG_TEXT_OP(urn_lt_text, text_lt_urn, r<0, r>0)
URN_PG_TEXT_OP(urn_le_text, text_le_urn, r<=0, r>=0)
URN_PG_TEXT_OP(urn_gt_text, text_gt_urn, r>0, r<0)
URN_PG_TEXT_OP(urn_ge_text, text_ge_urn, r>=0, r<=0)

/* The hash of a text in urn's hash family: urn_hash of the URN it spells,
** so that a text and a urn that are equal hash alike; a text that is not a
** URN is equal to no urn, and hashes as its bytes. */
PG_FUNCTION_INFO_V1(urn_text_hash);
Datum urn_text_hash(PG_FUNCTION_ARGS){
  Datum u = textUrn(PG_GETARG_DATUM(0));
  text *t;
  if( u!=(Datum)0 ) return DirectFunctionCall1(urn_hash, u);
  t = PG_GETARG_TEXT_PP(0);
  return hash_any((const unsigned char*)VARDATA_ANY(t),
                  (int)VARSIZE_ANY_EXHDR(t));
}
PG_FUNCTION_INFO_V1(urn_text_hash_extended);
Datum urn_text_hash_extended(PG_FUNCTION_ARGS){
  Datum u = textUrn(PG_GETARG_DATUM(0));
  text *t;
  if( u!=(Datum)0 ) return DirectFunctionCall2(urn_hash_extended, u,
                                               PG_GETARG_DATUM(1));
  t = PG_GETARG_TEXT_PP(0);
  return hash_any_extended((const unsigned char*)VARDATA_ANY(t),
                           (int)VARSIZE_ANY_EXHDR(t),
                           (uint64)PG_GETARG_INT64(1));
}

/* ---- Prefix search ------------------------------------------------------ */

/* The bounds of the keys that start with a prefix's key. */
typedef struct PrefixRange {
  Datum lo;                 /* text key(P): the least key that starts with it */
  Datum hi;                 /* text key(P) with its last byte plus one */
} PrefixRange;

/* Why a prefix is refused, at byte *piErr. */
#define PREFIX_NOT_URN  "It does not start with \"urn:\""
#define PREFIX_NID      "Byte %zu cannot be in a namespace identifier, which is letters, digits and '-' (RFC 8141 §2)"
#define PREFIX_COMP     "Byte %zu starts a component ('?' or '#'), which equivalence ignores (RFC 8141 §3.1): a prefix ends before it"
#define PREFIX_NSS      "Byte %zu cannot be in a namespace-specific string (RFC 8141 §2)"
#define PREFIX_PCT      "Byte %zu is not a hex digit: a '%%' is followed by two (RFC 3986 §2.1)"

/* key(P) of the prefix z[0..n) into zOut (n bytes): returns 0, or the
** reason it is no prefix of any key (a PREFIX_ format), with the byte's
** 0-based offset in *piErr. */
static const char *prefixKey(const unsigned char *z, size_t n,
                             unsigned char *zOut, size_t *piErr){
  size_t i;
  int inNss = 0;
  *piErr = 0;
  /* RFC 8141 §3.1 item 1: the scheme "urn:" in any case. */
  if( n<4 || (z[0]|0x20)!='u' || (z[1]|0x20)!='r' || (z[2]|0x20)!='n'
   || z[3]!=':' ){
    return PREFIX_NOT_URN;
  }
  memcpy(zOut, "urn:", 4);
  for(i=4; i<n; i++){
    unsigned char c = z[i];
    *piErr = i;
    if( !inNss ){
      /* RFC 8141 §2: NID = alphanum 0*30ldh alphanum, ending at ':';
      ** §3.1 item 2: lower-cased. */
      if( c==':' ){
        inNss = 1;
      }else if( CLS(c) & UC_LDH ){
        if( CLS(c) & UC_UPPER ) c |= 0x20;
      }else{
        return PREFIX_NID;
      }
    }else if( c=='%' ){
      /* RFC 3986 §2.1: pct-encoded = "%" HEXDIG HEXDIG; RFC 8141 §3.1
      ** item 3: its hex digits compared in upper case. */
      size_t j;
      for(j=i+1; j<n && j<i+3; j++){
        if( !(CLS(z[j]) & UC_HEX) ){ *piErr = j; return PREFIX_PCT; }
        zOut[j] = (CLS(z[j]) & UC_LHEX) ? (unsigned char)(z[j] & ~0x20) : z[j];
      }
      zOut[i] = c;
      i = j-1;
      continue;
    }else if( c=='?' || c=='#' ){
      return PREFIX_COMP;
    }else if( !(CLS(c) & UC_RUN) ){
      /* RFC 8141 §2: NSS = pchar *(pchar / "/"). */
      return PREFIX_NSS;
    }
    zOut[i] = c;
  }
  return 0;
}

/* The range of the prefix t, or 0 (with the reason in *pzWhy and the
** byte's offset in *piErr) when it is refused. */
static int prefixRange(text *t, PrefixRange *pRange, const char **pzWhy,
                       size_t *piErr){
  const unsigned char *z = (const unsigned char*)VARDATA_ANY(t);
  size_t n = VARSIZE_ANY_EXHDR(t);
  unsigned char *zKey = palloc(n>0 ? n : 1);
  *pzWhy = prefixKey(z, n, zKey, piErr);
  if( *pzWhy ){
    pfree(zKey);
    return 0;
  }
  pRange->lo = PointerGetDatum(urnPgText(zKey, n));
  /* Every byte of a key is ASCII (below 0x7f): one more is a byte. */
  zKey[n-1]++;
  pRange->hi = PointerGetDatum(urnPgText(zKey, n));
  pfree(zKey);
  return 1;
}

/* The range of the prefix t, or an error 22023 saying why it is refused. */
static void prefixRangeOrError(text *t, PrefixRange *pRange){
  const char *zWhy;
  size_t iErr;
  if( !prefixRange(t, pRange, &zWhy, &iErr) ){
    ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                    errmsg("not a URN prefix"),
                    errdetail_internal(zWhy, iErr),
                    errhint("A URN prefix is \"urn:\", a namespace identifier or its start, then ':' and the start of a namespace-specific string.")));
  }
}

/* urn_has_prefix(x urn, p text) and x ^@ p: key(x) starts with key(p). */
PG_FUNCTION_INFO_V1(urn_has_prefix);
Datum urn_has_prefix(PG_FUNCTION_ARGS){
  Datum x = PG_GETARG_DATUM(0);
  PrefixRange r;
  prefixRangeOrError(PG_GETARG_TEXT_PP(1), &r);
  PG_RETURN_BOOL(cmpText(x, r.lo)>=0 && cmpText(x, r.hi)<0);
}

/* The operators urn >= text and urn < text of urn's default btree
** operator family (typ: urn), in *pGe and *pLt, and the family;
** InvalidOid when it has none. */
static Oid prefixOps(Oid typ, Oid *pGe, Oid *pLt){
  Oid opclass = GetDefaultOpClass(typ, BTREE_AM_OID);
  Oid family;
  if( !OidIsValid(opclass) ) return InvalidOid;
  family = get_opclass_family(opclass);
  *pGe = get_opfamily_member(family, typ, TEXTOID, BTGreaterEqualStrategyNumber);
  *pLt = get_opfamily_member(family, typ, TEXTOID, BTLessStrategyNumber);
  if( !OidIsValid(*pGe) || !OidIsValid(*pLt) ) return InvalidOid;
  return family;
}

/* x >= lo AND x < hi for the prefix in the constant c (not NULL), over the
** operator class's family (*pFamily), or NIL when c is no prefix. */
static List *prefixClauses(Node *x, Const *c, Oid *pFamily){
  Oid typ = exprType(x), ge, lt;
  PrefixRange r;
  const char *zWhy;
  size_t iErr;
  *pFamily = prefixOps(typ, &ge, &lt);
  if( !OidIsValid(*pFamily)
   || !prefixRange(DatumGetTextPP(c->constvalue), &r, &zWhy, &iErr) ){
    return NIL;
  }
  return list_make2(
    make_opclause(ge, BOOLOID, false, (Expr*)x,
                  (Expr*)makeConst(TEXTOID, -1, DEFAULT_COLLATION_OID, -1,
                                   r.lo, false, false),
                  InvalidOid, DEFAULT_COLLATION_OID),
    make_opclause(lt, BOOLOID, false, (Expr*)x,
                  (Expr*)makeConst(TEXTOID, -1, DEFAULT_COLLATION_OID, -1,
                                   r.hi, false, false),
                  InvalidOid, DEFAULT_COLLATION_OID));
}

/* The selectivity of x ^@ p, that of its range (which the planner
** estimates from the column's histogram as it does x >= lo AND x < hi),
** or DEFAULT_MATCH_SEL when p is not known or not a prefix. */
static Selectivity prefixSelectivity(PlannerInfo *root, List *args,
                                     int varRelid){
  Node *p;
  List *clauses;
  Oid family;
  if( list_length(args)!=2 ) return DEFAULT_MATCH_SEL;
  p = estimate_expression_value(root, (Node*)lsecond(args));
  if( !IsA(p, Const) ) return DEFAULT_MATCH_SEL;
  if( ((Const*)p)->constisnull ) return 0.0;
  clauses = prefixClauses((Node*)linitial(args), (Const*)p, &family);
  if( clauses==NIL ) return DEFAULT_MATCH_SEL;
  return clauselist_selectivity(root, clauses, varRelid, JOIN_INNER, NULL);
}

/* The restriction estimator of ^@ (RESTRICT). */
PG_FUNCTION_INFO_V1(urn_prefix_sel);
Datum urn_prefix_sel(PG_FUNCTION_ARGS){
  PlannerInfo *root = (PlannerInfo*)PG_GETARG_POINTER(0);
  List *args = (List*)PG_GETARG_POINTER(2);
  int varRelid = PG_GETARG_INT32(3);
  PG_RETURN_FLOAT8((float8)prefixSelectivity(root, args, varRelid));
}

/* urn_prefix_lo(p) and urn_prefix_hi(p): the bounds of the prefix p, as
** texts, for the index range of a prefix known only when the scan
** starts (a parameter, a column of the outer side of a join). */
PG_FUNCTION_INFO_V1(urn_prefix_lo);
Datum urn_prefix_lo(PG_FUNCTION_ARGS){
  PrefixRange r;
  prefixRangeOrError(PG_GETARG_TEXT_PP(0), &r);
  PG_RETURN_DATUM(r.lo);
}
PG_FUNCTION_INFO_V1(urn_prefix_hi);
Datum urn_prefix_hi(PG_FUNCTION_ARGS){
  PrefixRange r;
  prefixRangeOrError(PG_GETARG_TEXT_PP(0), &r);
  PG_RETURN_DATUM(r.hi);
}

/* x >= urn_prefix_lo(p) AND x < urn_prefix_hi(p), for a p that is not a
** constant, over the family of urn's default btree operator class; NIL
** when the functions are not found in the schema of the extension's
** function fn (urn_has_prefix). */
static List *prefixParamClauses(Node *x, Node *p, Oid fn, Oid *pFamily){
  Oid typ = exprType(x), ge, lt, argtype = TEXTOID, fLo, fHi;
  char *zSchema;
  *pFamily = prefixOps(typ, &ge, &lt);
  zSchema = get_namespace_name(get_func_namespace(fn));
  if( !OidIsValid(*pFamily) || !zSchema ) return NIL;
  fLo = LookupFuncName(list_make2(makeString(zSchema), makeString("urn_prefix_lo")),
                       1, &argtype, true);
  fHi = LookupFuncName(list_make2(makeString(zSchema), makeString("urn_prefix_hi")),
                       1, &argtype, true);
  if( !OidIsValid(fLo) || !OidIsValid(fHi) ) return NIL;
  return list_make2(
    make_opclause(ge, BOOLOID, false, (Expr*)x,
                  (Expr*)makeFuncExpr(fLo, TEXTOID, list_make1(p),
                                      DEFAULT_COLLATION_OID,
                                      DEFAULT_COLLATION_OID,
                                      COERCE_EXPLICIT_CALL),
                  InvalidOid, DEFAULT_COLLATION_OID),
    make_opclause(lt, BOOLOID, false, (Expr*)x,
                  (Expr*)makeFuncExpr(fHi, TEXTOID, list_make1(p),
                                      DEFAULT_COLLATION_OID,
                                      DEFAULT_COLLATION_OID,
                                      COERCE_EXPLICIT_CALL),
                  InvalidOid, DEFAULT_COLLATION_OID));
}

/* The planner support function of urn_has_prefix (and so of ^@): the
** index range of a prefix over urn_ops (SupportRequestIndexCondition,
** exact): its bounds for a constant, else urn_prefix_lo(p) and
** urn_prefix_hi(p) when p is known before the scan (no column of the
** indexed table, nothing volatile); and the selectivity of the function's
** form. */
PG_FUNCTION_INFO_V1(urn_prefix_support);
Datum urn_prefix_support(PG_FUNCTION_ARGS){
  Node *rawreq = (Node*)PG_GETARG_POINTER(0);
  if( IsA(rawreq, SupportRequestIndexCondition) ){
    SupportRequestIndexCondition *req = (SupportRequestIndexCondition*)rawreq;
    List *args, *clauses;
    Node *p;
    Oid family;
    if( is_opclause(req->node) ) args = ((OpExpr*)req->node)->args;
    else if( is_funcclause(req->node) ) args = ((FuncExpr*)req->node)->args;
    else PG_RETURN_POINTER(NULL);
    /* Only the urn, the first argument, is indexed. */
    if( list_length(args)!=2 || req->indexarg!=0 ) PG_RETURN_POINTER(NULL);
    p = (Node*)lsecond(args);
    if( IsA(p, Const) ){
      if( ((Const*)p)->constisnull ) PG_RETURN_POINTER(NULL);
      clauses = prefixClauses((Node*)linitial(args), (Const*)p, &family);
    }else{
      if( bms_is_member(req->index->rel->relid, pull_varnos(req->root, p))
       || contain_volatile_functions(p) ){
        PG_RETURN_POINTER(NULL);
      }
      clauses = prefixParamClauses((Node*)linitial(args), p, req->funcid,
                                   &family);
    }
    if( clauses==NIL || family!=req->opfamily ) PG_RETURN_POINTER(NULL);
    req->lossy = false;
    PG_RETURN_POINTER(clauses);
  }
  if( IsA(rawreq, SupportRequestSelectivity) ){
    SupportRequestSelectivity *req = (SupportRequestSelectivity*)rawreq;
    if( req->is_join ) PG_RETURN_POINTER(NULL);
    req->selectivity = prefixSelectivity(req->root, req->args, req->varRelid);
    PG_RETURN_POINTER(req);
  }
  PG_RETURN_POINTER(NULL);
}

