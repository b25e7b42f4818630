/*
** urn_link.c -- layer 2 of sqlite-urn: the URN a link names, the way back
** from urn_url's links (urn_link.h).  No engine header; nothing allocates,
** nothing keeps state.
**
** Every form is read from the rows of urn_url's resolver table
** (urnResolverAt()): a row's template says on which host and in which
** place of the URL its URN stands, its kind how the rest is read.  Only
** what no row says is here, as data: the former hosts and forms of a
** resolver still found in records (aAlias[]) and the forms an RFC is cited
** by (aIetfCite[]).  A new row of urn_url's table is read back without
** new code.  On a host that no row names, a link that writes a whole URN
** (as its path's last segment, or as the value of a parameter that names
** the identifier) names that URN: fromWhole().
*/
#include <string.h>
#include "urn_link.h"
#include "urn_gs1.h"
#include "urn_ns.h"
#include "urn_scan.h"

#define IS_DIGIT(c) ((c)>='0' && (c)<='9')
#define IS_HEX(c)   (IS_DIGIT(c) || (((c)|0x20)>='a' && ((c)|0x20)<='f'))
#define LOWER(c)    (((c)>='A' && (c)<='Z') ? ((c)|0x20) : (c))

/* How deep a link may be wrapped in resolver links. */
#define WRAP_MAX 2

/* The longest GS1 value of a Digital Link path segment, decoded (GS1
** General Specifications §3: 30 characters at most), with room to spare,
** and the longest EPC URI built from one (every character of its fields
** escaped %XX, TDS 2.1 §6.3). */
#define GS1_VALUE_MAX 40
#define EPC_MAX 320

/* The longest head that goes before a bare NSS: "urn:", a NID of 32
** characters at most (RFC 8141 §2: NID = (alphanum) 0*30(ldh) alphanum)
** and ':'. */
#define HEAD_MAX (4+32+1)

/* Resolvers' hosts and URL forms of the past that records still hold.
** zHost is the host of a row's template (without "www."), zAlias another
** host that serves the same forms, zForm another form on that host: the
** path (and query) after the host, with {urn} where the URN stands. */
static const struct {
  const char *zHost;
  const char *zAlias;
  const char *zForm;
} aAlias[] = {
  /* The DNB's resolver, on its former hosts (nbn-resolving.de, and the
  ** Bavarian State Library's mdz-nbn-resolving.de), and its former
  ** script, in library records' links (MARC 856 $u). */
  { "nbn-resolving.org", "nbn-resolving.de", 0 },
  { "nbn-resolving.org", "mdz-nbn-resolving.de", 0 },
  { "nbn-resolving.org", 0, "/urn/resolver.pl?urn={urn}" },
  /* The DNB resolver's query form, the one repository software's DNB
  ** providers and the resolver's own tests write:
  ** /resolver?identifier=URN&verb=redirect (verb=full, or none: the same
  ** name; the parameters in any order). */
  { "nbn-resolving.org", 0, "/resolver?identifier={urn}" },
  /* The DOI proxy's former host, which old records still hold (Crossref's
  ** DOI display guidelines ask for https://doi.org/ in its place). */
  { "doi.org", "dx.doi.org", 0 },
};

/* The forms an RFC, a BCP or an STD is cited by, besides the RFC
** Editor's info page (RFC 7322 §4.8.6.2): the RFC Editor's own copies,
** ietf.org's, the IETF Datatracker's page of the document and its former
** tools.ietf.org, and the RFC Editor's inline-errata page of an RFC (RFC N's
** text with its verified errata: a rendering of RFC N, which names it).  The
** number follows zPath, then optionally one of azIetfEnd[]; the name is
** urn:ietf:zSeries:N (RFC 2648 §2). */
static const struct {
  const char *zHost;
  const char *zPath;
  const char *zSeries;
} aIetfCite[] = {
  { "rfc-editor.org",       "/rfc/rfc",               "rfc" },
  { "rfc-editor.org",       "/rfc/inline-errata/rfc", "rfc" },
  { "ietf.org",             "/rfc/rfc",               "rfc" },
  { "datatracker.ietf.org", "/doc/html/rfc",          "rfc" },
  { "datatracker.ietf.org", "/doc/rfc",               "rfc" },
  { "tools.ietf.org",       "/html/rfc",              "rfc" },
  { "rfc-editor.org",       "/bcp/bcp",               "bcp" },
  { "rfc-editor.org",       "/rfc/bcp/bcp",           "bcp" },
  { "datatracker.ietf.org", "/doc/html/bcp",          "bcp" },
  { "datatracker.ietf.org", "/doc/bcp",               "bcp" },
  { "tools.ietf.org",       "/html/bcp",              "bcp" },
  { "rfc-editor.org",       "/std/std",               "std" },
  { "rfc-editor.org",       "/rfc/std/std",           "std" },
  { "datatracker.ietf.org", "/doc/html/std",          "std" },
  { "datatracker.ietf.org", "/doc/std",               "std" },
  { "tools.ietf.org",       "/html/std",              "std" },
};
static const char *const azIetfEnd[] = { "", "/", ".txt", ".html", ".pdf" };

/* ---- Text and URLs ---------------------------------------------------- */

/* Bytes z[0..n). */
typedef struct Txt {
  const unsigned char *z;
  size_t n;
} Txt;

/* Does z[0..n) start with zLit (lower case) in any letter case? */
static int startsNoCase(const unsigned char *z, size_t n, const char *zLit){
  size_t i;
  for(i=0; zLit[i]; i++){
    if( i>=n || LOWER(z[i])!=(unsigned char)zLit[i] ) return 0;
  }
  return 1;
}

/* Is t exactly zLit, in any letter case (zLit in lower case)?  Stops at
** the first byte that differs. */
static int isNoCase(Txt t, const char *zLit){
  size_t i;
  for(i=0; i<t.n; i++){
    if( zLit[i]==0 || LOWER(t.z[i])!=(unsigned char)zLit[i] ) return 0;
  }
  return zLit[i]==0;
}

/* Is t exactly zLit, byte for byte? */
static int isExactly(Txt t, const char *zLit){
  size_t i;
  for(i=0; i<t.n; i++) if( zLit[i]==0 || t.z[i]!=(unsigned char)zLit[i] ) return 0;
  return zLit[i]==0;
}

/* The parts of a URL over http or https (RFC 3986 §3, RFC 9110 §4.2):
** the host without a "www." and a port, the path up to '?' or '#', the
** query up to '#' (z==0: none). */
typedef struct Link {
  Txt host;
  Txt hostNow;                    /* the host, or the current one of a
                                  ** former host of aAlias[] */
  Txt path;
  Txt query;
  const unsigned char *zEnd;      /* the end of the input */
} Link;

/* Split z[0..n) into *p.  0 if it is no http or https URL with a host. */
static int linkParse(const unsigned char *z, size_t n, Link *p){
  size_t i, s, e;
  if( startsNoCase(z, n, "http://") ){
    i = 7;
  }else if( startsNoCase(z, n, "https://") ){
    i = 8;
  }else{
    return 0;
  }
  for(s=i; i<n && z[i]!='/' && z[i]!='?' && z[i]!='#'; i++){}
  /* RFC 3986 §3.2.3: a port after the host, ignored. */
  for(e=i; e>s && IS_DIGIT(z[e-1]); e--){}
  if( !(e>s && z[e-1]==':') ) e = i;
  else e--;
  if( startsNoCase(z+s, e-s, "www.") ) s += 4;
  if( e<=s ) return 0;
  p->host.z = z+s;
  p->host.n = e-s;
  p->hostNow = p->host;
  for(s=i; i<n && z[i]!='?' && z[i]!='#'; i++){}
  p->path.z = z+s;
  p->path.n = i-s;
  p->query.z = 0;
  p->query.n = 0;
  if( i<n && z[i]=='?' ){
    for(s=++i; i<n && z[i]!='#'; i++){}
    p->query.z = z+s;
    p->query.n = i-s;
  }
  p->zEnd = z+n;
  return 1;
}

/* Is the host of the template zTpl (without "www."; a template's host
** has no port, and is in lower case) the host h?  Then *pzRest is the
** rest of the template, from its path on.  Read at every call, it stops
** at the first byte that differs: most templates differ in the first. */
static int templateHost(const char *zTpl, Txt h, const char **pzRest){
  const char *z;
  size_t i;
  /* "http://" or "https://" */
  if( zTpl[0]!='h' || zTpl[1]!='t' || zTpl[2]!='t' || zTpl[3]!='p' ){
    return 0;
  }
  if( zTpl[4]==':' && zTpl[5]=='/' && zTpl[6]=='/' ){
    z = zTpl+7;
  }else if( zTpl[4]=='s' && zTpl[5]==':' && zTpl[6]=='/' && zTpl[7]=='/' ){
    z = zTpl+8;
  }else{
    return 0;
  }
  if( z[0]=='w' && memcmp(z, "www.", 4)==0 ) z += 4;
  for(i=0; i<h.n; i++){
    if( z[i]==0 || LOWER(h.z[i])!=(unsigned char)z[i] ) return 0;
  }
  if( z[i]!='/' && z[i]!='?' && z[i]!='#' && z[i]!=0 ) return 0;
  *pzRest = z+i;
  return h.n>0;
}

/* The value of the hex digit c. */
static int hexVal(unsigned char c){
  return IS_DIGIT(c) ? c-'0' : (c|0x20)-'a'+10;
}

/* Percent-decode t once (RFC 3986 §2.1) into zOut (room for nMax bytes).
** Returns the length, or -1 for a malformed escape or no room. */
static long pctDecode(Txt t, unsigned char *zOut, size_t nMax){
  size_t i, k = 0;
  for(i=0; i<t.n; i++, k++){
    unsigned char c = t.z[i];
    if( k>=nMax ) return -1;
    if( c=='%' ){
      if( i+2>=t.n || !IS_HEX(t.z[i+1]) || !IS_HEX(t.z[i+2]) ) return -1;
      c = (unsigned char)(hexVal(t.z[i+1])*16 + hexVal(t.z[i+2]));
      i += 2;
    }
    zOut[k] = c;
  }
  return (long)k;
}

/* ---- The answer ------------------------------------------------------- */

/* Write zHead then t to zOut when both fit in nOut; the length, or
** URN_URL_NULL unless they form a URN (RFC 8141 §2).  A head (at most
** HEAD_MAX bytes) goes before at most URN_LINK_DECODE_MAX bytes of t, both
** copied to the stack to be checked; t alone is checked where it stands,
** at any length. */
static size_t answer(const char *zHead, Txt t, char *zOut, size_t nOut){
  size_t nHead = strlen(zHead);
  if( nHead==0 ){
    if( !urnIsUrn(t.z, t.n, URN_MODE_RFC8141) ) return URN_URL_NULL;
  }else{
    unsigned char aUrn[HEAD_MAX+URN_LINK_DECODE_MAX];
    if( nHead>HEAD_MAX || t.n>URN_LINK_DECODE_MAX ) return URN_URL_NULL;
    memcpy(aUrn, zHead, nHead);
    memcpy(aUrn+nHead, t.z, t.n);
    if( !urnIsUrn(aUrn, nHead+t.n, URN_MODE_RFC8141) ) return URN_URL_NULL;
  }
  if( zOut && nHead+t.n<=nOut ){
    memcpy(zOut, zHead, nHead);
    memcpy(zOut+nHead, t.z, t.n);
  }
  return nHead+t.n;
}

/* Does t start with "urn:", the NID zNid (lower case) and ':'? */
static int isNameOf(Txt t, const char *zNid){
  size_t nNid = strlen(zNid);
  return t.n>4+nNid && startsNoCase(t.z, t.n, "urn:")
      && startsNoCase(t.z+4, t.n-4, zNid) && t.z[4+nNid]==':';
}

static size_t fromLink(const unsigned char *z, size_t n, int nGcp,
                       char *zOut, size_t nOut, int depth);

/* The URN that stands in a resolver's URL: t, or t percent-decoded once
** (always for a query value; in the path, when t does not start with
** "urn:", the NID zNid and ':', or a link).  "urn:" goes before a name
** that starts with zNid and ':', "urn:" zNid ":" before an NSS (isNss).
** A slot takes the names of its resolver's NID only, those urn_url links
** there: a URN of another NID in it gives NULL (the resolver serves no such
** name; the row of its NID, if any, is tried in its turn).  A link there is
** read in its turn; in the path it runs to the end of the input, zEnd. */
static size_t fromSlot(Txt t, int inQuery, int isNss, const char *zNid,
                       const unsigned char *zEnd, int nGcp, char *zOut,
                       size_t nOut, int depth){
  unsigned char aDec[URN_LINK_DECODE_MAX];
  size_t nNid = strlen(zNid);
  int isLink;
  if( nNid+5>HEAD_MAX ) return URN_URL_NULL;
  if( isNss ){
    /* Only the NSS stands there: "urn:" NID ":" goes before it. */
    char zHead[HEAD_MAX+1];
    memcpy(zHead, "urn:", 4);
    memcpy(zHead+4, zNid, nNid);
    zHead[4+nNid] = ':';
    zHead[5+nNid] = 0;
    if( inQuery ){
      long nDec = pctDecode(t, aDec, sizeof(aDec));
      if( nDec<0 ) return URN_URL_NULL;
      t.z = aDec;
      t.n = (size_t)nDec;
    }
    return answer(zHead, t, zOut, nOut);
  }
  isLink = startsNoCase(t.z, t.n, "http://")
        || startsNoCase(t.z, t.n, "https://");
  if( inQuery || !(isLink || startsNoCase(t.z, t.n, "urn:")
                   || (startsNoCase(t.z, t.n, zNid) && t.n>nNid
                       && t.z[nNid]==':')) ){
    long nDec = pctDecode(t, aDec, sizeof(aDec));
    if( nDec<0 ) return URN_URL_NULL;
    t.z = aDec;
    t.n = (size_t)nDec;
    isLink = startsNoCase(t.z, t.n, "http://")
          || startsNoCase(t.z, t.n, "https://");
  }else if( isLink ){
    t.n = (size_t)(zEnd-t.z);
  }
  if( isLink ){
    return depth<WRAP_MAX ? fromLink(t.z, t.n, nGcp, zOut, nOut, depth+1)
                          : URN_URL_NULL;
  }
  if( startsNoCase(t.z, t.n, "urn:") ){
    return isNameOf(t, zNid) ? answer("", t, zOut, nOut) : URN_URL_NULL;
  }
  if( startsNoCase(t.z, t.n, zNid) && t.n>nNid && t.z[nNid]==':' ){
    return answer("urn:", t, zOut, nOut);
  }
  return URN_URL_NULL;
}

/* Does the link pL match the form zForm (the path and query after the
** host, with "{urn}" where the URN stands, or "{nss}" where the NSS of a
** URN of NID zNid does)?  Then the URN's place in *pT, whether it is a
** query value in *pInQuery, and whether it holds only the NSS in *pIsNss.
** A form "URN:NID:{nss}" (the letter case the resolver writes) reads as
** "{urn}": a link may write the head in any case. */
static int formMatch(const Link *pL, const char *zForm, const char *zNid,
                     Txt *pT, int *pInQuery, int *pIsNss){
  const char *zAt = strstr(zForm, "{urn}");
  const char *zQ = strchr(zForm, '?');
  size_t i, nNid = strlen(zNid);
  *pIsNss = 0;
  if( zAt==0 ){
    zAt = strstr(zForm, "{nss}");
    *pIsNss = 1;
  }
  if( zAt==0 || zAt[5]!=0 ) return 0;
  if( *pIsNss && (size_t)(zAt-zForm)>=nNid+5 ){
    const unsigned char *zHead = (const unsigned char*)zAt-(nNid+5);
    if( startsNoCase(zHead, 4, "urn:")
     && startsNoCase(zHead+4, nNid, zNid) && zHead[4+nNid]==':' ){
      zAt = (const char*)zHead;
      *pIsNss = 0;
    }
  }
  if( zQ && zQ<zAt ){
    /* "path?name={urn}": the path exactly, the parameter's value up to
    ** the next '&' (RFC 3986 §3.4; the WHATWG URL standard's
    ** application/x-www-form-urlencoded). */
    Txt name;
    Txt path;
    path.z = (const unsigned char*)zForm;
    path.n = (size_t)(zQ-zForm);
    name.z = (const unsigned char*)zQ+1;
    name.n = (size_t)(zAt-zQ-1);
    if( pL->query.z==0 || pL->path.n!=path.n
     || memcmp(pL->path.z, path.z, path.n)!=0 ){
      return 0;
    }
    for(i=0; i<pL->query.n; ){
      size_t e = i;
      while( e<pL->query.n && pL->query.z[e]!='&' ) e++;
      if( e-i>=name.n && name.n>0
       && memcmp(pL->query.z+i, name.z, name.n)==0 ){
        pT->z = pL->query.z+i+name.n;
        pT->n = e-i-name.n;
        *pInQuery = 1;
        return 1;
      }
      i = e+1;
    }
    return 0;
  }
  /* "path{urn}": the rest of the path. */
  i = (size_t)(zAt-zForm);
  if( pL->path.n<=i || memcmp(pL->path.z, zForm, i)!=0 ) return 0;
  pT->z = pL->path.z+i;
  pT->n = pL->path.n-i;
  *pInQuery = 0;
  return 1;
}

/* A resolver whose template holds {urn} or {nss} (URN_RES_TEMPLATE,
** URN_RES_LOWER, URN_RES_ISBN_FI), on its host (or a former one): its
** form zForm, the template after the host, or a former one. */
static size_t fromTemplate(const Link *pL, const UrnResolver *pR,
                           const char *zForm, int nGcp, char *zOut,
                           size_t nOut, int depth){
  Txt t;
  int inQuery, isNss, k;
  /* The former forms first: "/{urn}" would take their path for a name. */
  for(k=0; k<(int)(sizeof(aAlias)/sizeof(aAlias[0])); k++){
    if( aAlias[k].zForm && isNoCase(pL->hostNow, aAlias[k].zHost)
     && formMatch(pL, aAlias[k].zForm, pR->zNid, &t, &inQuery, &isNss) ){
      return fromSlot(t, inQuery, isNss, pR->zNid, pL->zEnd, nGcp, zOut,
                      nOut, depth);
    }
  }
  if( formMatch(pL, zForm, pR->zNid, &t, &inQuery, &isNss) ){
    return fromSlot(t, inQuery, isNss, pR->zNid, pL->zEnd, nGcp, zOut, nOut,
                    depth);
  }
  return URN_URL_NULL;
}

/* ---- urn:ietf, urn:issn, urn:ogc ---------------------------------------- */

/* After a path prefix: the number of an RFC (or BCP, STD) t, then one of
** azIetfEnd[]: "urn:ietf:" zSeries ":" and the number without leading
** zeros (RFC 2648 §2; there is no RFC 0). */
static size_t fromIetfNumber(Txt t, const char *zSeries, char *zOut,
                             size_t nOut){
  char aUrn[48];
  size_t i = 0, k, j;
  while( i<t.n && IS_DIGIT(t.z[i]) ) i++;
  if( i==0 || i>20 ) return URN_URL_NULL;
  for(k=0; k<sizeof(azIetfEnd)/sizeof(azIetfEnd[0]); k++){
    Txt end;
    end.z = t.z+i;
    end.n = t.n-i;
    if( isNoCase(end, azIetfEnd[k]) ) break;
  }
  if( k==sizeof(azIetfEnd)/sizeof(azIetfEnd[0]) ) return URN_URL_NULL;
  for(j=0; j+1<i && t.z[j]=='0'; j++){}
  if( t.z[j]=='0' ) return URN_URL_NULL;
  k = strlen(zSeries);
  memcpy(aUrn, "urn:ietf:", 9);
  memcpy(aUrn+9, zSeries, k);
  aUrn[9+k] = ':';
  memcpy(aUrn+10+k, t.z+j, i-j);
  if( zOut && 10+k+i-j<=nOut ) memcpy(zOut, aUrn, 10+k+i-j);
  return 10+k+i-j;
}

/* The RFC Editor's page of the row's series, on its host: zRest, the
** template after the host, up to the number. */
static size_t fromIetf(const Link *pL, const UrnResolver *pR,
                       const char *zRest, char *zOut, size_t nOut){
  Txt t;
  const char *zAt;
  char zSeries[8];
  size_t nSeries = 0, nPre;
  /* "rfc:" -> "rfc" */
  while( nSeries<sizeof(zSeries)-1 && pR->zPrefix[nSeries]
      && pR->zPrefix[nSeries]!=':' ){
    zSeries[nSeries] = pR->zPrefix[nSeries];
    nSeries++;
  }
  zSeries[nSeries] = 0;
  if( nSeries==0 ) return URN_URL_NULL;
  if( (zAt = strchr(zRest, '{'))!=0
   && pL->path.n>(nPre = (size_t)(zAt-zRest))
   && memcmp(pL->path.z, zRest, nPre)==0 ){
    t.z = pL->path.z+nPre;
    t.n = pL->path.n-nPre;
    return fromIetfNumber(t, zSeries, zOut, nOut);
  }
  return URN_URL_NULL;
}

/* An RFC, BCP or STD cited by a form of aIetfCite[]. */
static size_t fromIetfCite(const Link *pL, char *zOut, size_t nOut){
  Txt t;
  int k;
  for(k=0; k<(int)(sizeof(aIetfCite)/sizeof(aIetfCite[0])); k++){
    size_t m = strlen(aIetfCite[k].zPath);
    if( isNoCase(pL->host, aIetfCite[k].zHost) && pL->path.n>m
     && memcmp(pL->path.z, aIetfCite[k].zPath, m)==0 ){
      t.z = pL->path.z+m;
      t.n = pL->path.n-m;
      return fromIetfNumber(t, aIetfCite[k].zSeries, zOut, nOut);
    }
  }
  return URN_URL_NULL;
}

/* The template's path zRest up to its first placeholder: the rest of the
** link's path in *pT (the prefix compared in any letter case when
** noCase). */
static int prefixMatch(const Link *pL, const char *zRest, int noCase,
                       Txt *pT){
  const char *zAt;
  size_t nPre, i;
  zAt = strchr(zRest, '{');
  if( zAt==0 ) return 0;
  nPre = (size_t)(zAt-zRest);
  if( pL->path.n<=nPre ) return 0;
  for(i=0; i<nPre; i++){
    unsigned char a = pL->path.z[i], b = (unsigned char)zRest[i];
    if( noCase ? LOWER(a)!=LOWER(b) : a!=b ) return 0;
  }
  pT->z = pL->path.z+nPre;
  pT->n = pL->path.n-nPre;
  return 1;
}

/* The ISSN portal's record of an ISSN (its path in any letter case):
** "urn:issn:" and the ISSN, if its check digit is right (RFC 3044 §5). */
static size_t fromIssn(const Link *pL, const char *zRest, char *zOut,
                       size_t nOut){
  unsigned char aUrn[24];
  UrnParts parts;
  Txt t;
  if( !prefixMatch(pL, zRest, 1, &t) ) return URN_URL_NULL;
  if( t.n>0 && t.z[t.n-1]=='/' ) t.n--;
  if( t.n<8 || t.n>9 ) return URN_URL_NULL;
  memcpy(aUrn, "urn:issn:", 9);
  memcpy(aUrn+9, t.z, t.n);
  if( !urnScan(aUrn, 9+t.n, URN_MODE_RFC8141, &parts, 0)
   || !urnNsCheck(aUrn, &parts, 0, 0, 0) ){
    return URN_URL_NULL;
  }
  if( zOut && 9+t.n<=nOut ) memcpy(zOut, aUrn, 9+t.n);
  return 9+t.n;
}

/* OGC 09-048r6: ".../def/" objectType "/" authority "/" version "/" code
** back to OGC 07-092r3 §7.2 "urn:ogc:def:objectType:authority:version:
** code", the version "0" (a definition without a version) back to an
** empty one.  Four segments, none holding ':', all but the version not
** empty. */
static size_t fromOgc(const Link *pL, const char *zRest, char *zOut,
                      size_t nOut){
  unsigned char aUrn[URN_LINK_DECODE_MAX+16];
  size_t aS[4], aL[4], i, s, k = 0, nUrn;
  Txt t;
  if( !prefixMatch(pL, zRest, 0, &t) ) return URN_URL_NULL;
  if( t.n>URN_LINK_DECODE_MAX ) return URN_URL_NULL;
  for(i=s=0; i<=t.n; i++){
    if( i<t.n && t.z[i]==':' ) return URN_URL_NULL;
    if( i==t.n || t.z[i]=='/' ){
      if( k==4 ) return URN_URL_NULL;
      aS[k] = s;
      aL[k] = i-s;
      k++;
      s = i+1;
    }
  }
  if( k!=4 || aL[0]==0 || aL[1]==0 || aL[2]==0 || aL[3]==0 ){
    return URN_URL_NULL;
  }
  memcpy(aUrn, "urn:ogc:def", 11);
  nUrn = 11;
  for(k=0; k<4; k++){
    aUrn[nUrn++] = ':';
    if( k==2 && aL[2]==1 && t.z[aS[2]]=='0' ) continue;
    memcpy(aUrn+nUrn, t.z+aS[k], aL[k]);
    nUrn += aL[k];
  }
  if( !urnIsUrn(aUrn, nUrn, URN_MODE_RFC8141) ) return URN_URL_NULL;
  if( zOut && nUrn<=nOut ) memcpy(zOut, aUrn, nUrn);
  return nUrn;
}

/* The DOI proxy's URN form (the DOI Handbook; urn_url.c, outDoi()),
** ".../urn:doi:" prefix ":" suffix, or with '/' in place of the ':' (as
** DOI libraries read it too): the name the link writes, "urn:doi:" in the
** letter case written, the prefix "10." and digits in parts separated by
** '.' (DOI Handbook §2.2.2), its separator as written (the Handbook's URN
** form of the DOI name 10.123/456 is urn:doi:10.123:456: the ':' is not
** rewritten to '/'), a suffix that is not empty, its %2F and %2B (the '/'
** and '+' the proxy's form escapes) decoded once, every other %XX kept as
** the NSS writes it. */
static size_t fromDoi(const Link *pL, const char *zRest, char *zOut,
                      size_t nOut){
  unsigned char aUrn[URN_LINK_DECODE_MAX];
  size_t i, k, nUrn;
  Txt t;
  /* zRest is "/urn:doi:{prefix}:{suffix}": t is what follows "urn:doi:",
  ** compared in any letter case, and the name starts 8 bytes before it. */
  if( !prefixMatch(pL, zRest, 1, &t) || (size_t)(t.z-pL->path.z)<8
   || !startsNoCase(t.z-8, 8, "urn:doi:") ){
    return URN_URL_NULL;
  }
  t.z -= 8;
  t.n += 8;
  if( t.n>URN_LINK_DECODE_MAX || t.n<8+5 || memcmp(t.z+8, "10.", 3)!=0 ){
    return URN_URL_NULL;
  }
  for(k=11; k<t.n && (IS_DIGIT(t.z[k]) || (t.z[k]=='.' && IS_DIGIT(t.z[k-1])));
      k++){}
  if( k==11 || k+1>=t.n || !IS_DIGIT(t.z[k-1])
   || (t.z[k]!=':' && t.z[k]!='/') ){
    return URN_URL_NULL;
  }
  memcpy(aUrn, t.z, k+1);
  nUrn = k+1;
  for(i=k+1; i<t.n; i++){
    if( t.z[i]=='%' && i+2<t.n && t.z[i+1]=='2'
     && (LOWER(t.z[i+2])=='f' || LOWER(t.z[i+2])=='b') ){
      aUrn[nUrn++] = LOWER(t.z[i+2])=='f' ? '/' : '+';
      i += 2;
    }else{
      aUrn[nUrn++] = t.z[i];
    }
  }
  if( !urnIsUrn(aUrn, nUrn, URN_MODE_RFC8141) ) return URN_URL_NULL;
  if( zOut && nUrn<=nOut ) memcpy(zOut, aUrn, nUrn);
  return nUrn;
}

/* ---- GS1 Digital Link back to an EPC URI --------------------------------- */

/* A bounded writer of the EPC URI. */
typedef struct Epc {
  char z[EPC_MAX];
  size_t n;
} Epc;

static void epcPut(Epc *p, const void *z, size_t n){
  if( p->n+n<=sizeof(p->z) ) memcpy(p->z+p->n, z, n);
  p->n += n;
}

/* The decoded characters z[0..n) of an EPC field, those an EPC URI
** escapes written %XX (TDS 2.1 §6.3, Table 6-1). */
static void epcChars(Epc *p, const unsigned char *z, size_t n){
  static const char hex[] = "0123456789ABCDEF";
  size_t i;
  for(i=0; i<n; i++){
    if( urnGs1EpcEscaped(z[i]) ){
      char a[3];
      a[0] = '%'; a[1] = hex[z[i]>>4]; a[2] = hex[z[i]&15];
      epcPut(p, a, 3);
    }else{
      epcPut(p, z+i, 1);
    }
  }
}

/* Are z[0..n) all digits? */
static int allDigits(const unsigned char *z, size_t n){
  size_t i;
  for(i=0; i<n; i++) if( !IS_DIGIT(z[i]) ) return 0;
  return 1;
}

/* Does every character of z[0..n) pass xOk? */
static int allPass(const unsigned char *z, size_t n, int (*xOk)(unsigned char)){
  size_t i;
  for(i=0; i<n; i++) if( !xOk(z[i]) ) return 0;
  return 1;
}

/* The serial z[0..n) (decoded) of scheme pS is of its syntax (TDS 2.1
** §6.3; a NumericComponent without a leading zero). */
static int serialOk(const UrnGs1Scheme *pS, const unsigned char *z,
                    size_t n){
  if( n<1 || n>pS->nSerial ) return 0;
  if( pS->eSerial==URN_GS1_SER_CHARS ) return allPass(z, n, urnGs1Char);
  if( !allDigits(z, n) ) return 0;
  return pS->eSerial!=URN_GS1_SER_NUMBER || n==1 || z[0]!='0';
}

/* The key k[0..nk) (decoded, the lead digit removed) and the serial
** s[0..ns) (ns==0: none) of scheme pS, the company prefix nGcp digits
** long, as its EPC pure identity URI in *p (TDS 2.1 §7, "GS1 element
** string to EPC URI").  0 if they are not of the scheme's syntax or the
** check digit is wrong. */
static int epcBuild(Epc *p, const UrnGs1Scheme *pS, const unsigned char *k,
                    size_t nk, const unsigned char *s, size_t ns,
                    int nGcp){
  size_t L = (size_t)nGcp, nKey = pS->nKey, i;
  const unsigned char *zSer = s;
  epcPut(p, "urn:epc:id:", 11);
  epcPut(p, pS->zScheme, strlen(pS->zScheme));
  epcPut(p, ":", 1);
  switch( pS->eLayout ){
    case URN_GS1_GTIN:
    case URN_GS1_SSCC:
    case URN_GS1_DIGITS: {
      size_t nFixed = nKey+1+2*pS->nExtra;
      int ind = pS->eLayout!=URN_GS1_DIGITS;
      if( nk<nFixed || !allDigits(k, nFixed) || L+ind>nKey ) return 0;
      if( urnGs1Check((const char*)k, nKey)!=(char)k[nKey] ) return 0;
      if( pS->zQualAi==0 && pS->eSerial!=URN_GS1_SER_NONE ){
        /* The serial follows the key (AI 253, 255, 8003). */
        if( ns ) return 0;
        zSer = k+nFixed;
        ns = nk-nFixed;
        if( !serialOk(pS, zSer, ns) ) return 0;
      }else if( nk!=nFixed ){
        return 0;
      }
      epcPut(p, k+ind, L);
      epcPut(p, ".", 1);
      if( ind ) epcPut(p, k, 1);
      epcPut(p, k+ind+L, nKey-ind-L);
      for(i=0; i<pS->nExtra; i++){
        epcPut(p, ".", 1);
        epcPut(p, k+nKey+1+2*i, 2);
      }
      break;
    }
    default:
      /* The company prefix, then the reference (TDS 2.1 §6.3.5, §6.3.9,
      ** §6.3.11). */
      if( nk<=L || nk>nKey || !allDigits(k, L)
       || !allPass(k+L, nk-L, pS->eLayout==URN_GS1_CPID ? urnGs1CpidChar
                                                         : urnGs1Char) ){
        return 0;
      }
      epcPut(p, k, L);
      epcPut(p, ".", 1);
      epcChars(p, k+L, nk-L);
      break;
  }
  if( pS->eSerial==URN_GS1_SER_NONE ) return ns==0 && p->n<=sizeof(p->z);
  if( ns==0 ){
    /* TDS 2.1 §7.3: a GLN without extension is the SGLN of extension 0. */
    if( !pS->zeroNone ) return 0;
    epcPut(p, ".0", 2);
    return p->n<=sizeof(p->z);
  }
  if( !serialOk(pS, zSer, ns) ) return 0;
  epcPut(p, ".", 1);
  epcChars(p, zSer, ns);
  return p->n<=sizeof(p->z);
}

/* The next segment of the path t at *pI (after its '/'), or 0 at the end. */
static int nextSegment(Txt t, size_t *pI, Txt *pSeg){
  size_t i = *pI, s;
  if( i>=t.n || t.z[i]!='/' ) return 0;
  for(s=++i; i<t.n && t.z[i]!='/'; i++){}
  pSeg->z = t.z+s;
  pSeg->n = i-s;
  *pI = i;
  return 1;
}

/* Does urn_url link the EPC scheme pS: has the resolver table a row of
** kind URN_RES_EPC for "id:" scheme ":"? */
static int dlLinked(const UrnGs1Scheme *pS){
  int i, nRow;
  const UrnResolver *aRow = urnResolverTable(&nRow);
  for(i=0; i<nRow; i++){
    const char *z = aRow[i].zPrefix;
    size_t m = strlen(pS->zScheme);
    if( aRow[i].eKind==URN_RES_EPC && memcmp(z, "id:", 3)==0
     && strncmp(z+3, pS->zScheme, m)==0 && z[3+m]==':' && z[4+m]==0 ){
      return 1;
    }
  }
  return 0;
}

/* The EPC scheme whose GS1 key has the AI ai and whose serial, if any, the
** qualifier qual holds (qual.z==0: none), if urn_url links it; or 0. */
static const UrnGs1Scheme *dlScheme(Txt ai, Txt qual){
  int i;
  for(i=0; i<urnGs1SchemeCount(); i++){
    const UrnGs1Scheme *pS = urnGs1SchemeAt(i);
    if( !isExactly(ai, pS->zKeyAi) ) continue;
    if( qual.z==0 ? (pS->zQualAi==0 || pS->zeroNone)
                  : (pS->zQualAi!=0 && isExactly(qual, pS->zQualAi)) ){
      return dlLinked(pS) ? pS : 0;
    }
  }
  return 0;
}

/* The path of a GS1 Digital Link URI from its segment at *pI on: a key AI,
** its value, then key qualifiers (GS1 Digital Link URI Syntax 1.4 §4.4:
** for a GTIN or ITIP, 22 and 10 before 21, which the EPC URI does not
** hold; one qualifier otherwise), to the end of the path. */
static int fromDigitalLinkAt(Txt path, size_t i, int nGcp, Epc *p){
  Txt ai, val, qAi, qVal, aPair[6];
  unsigned char aKey[GS1_VALUE_MAX], aSer[GS1_VALUE_MAX];
  long nKey, nSer = 0;
  int nPair = 0, j = 0;
  const UrnGs1Scheme *pS;
  if( !nextSegment(path, &i, &ai) || !nextSegment(path, &i, &val) ) return 0;
  while( nPair<6 && nextSegment(path, &i, &aPair[nPair]) ) nPair++;
  if( i<path.n || (nPair&1) ) return 0;
  /* 22 then 10 may qualify a GTIN or an ITIP before its serial. */
  if( isExactly(ai, "01") || isExactly(ai, "8006") ){
    if( j<nPair && isExactly(aPair[j], "22") ) j += 2;
    if( j<nPair && isExactly(aPair[j], "10") ) j += 2;
  }
  if( nPair-j>2 ) return 0;
  qAi.z = 0;
  qAi.n = 0;
  qVal = qAi;
  if( nPair-j==2 ){
    qAi = aPair[j];
    qVal = aPair[j+1];
  }
  pS = dlScheme(ai, qAi);
  if( pS==0 ) return 0;
  /* GS1 Digital Link URI Syntax 1.4 §4.5: values percent-encoded. */
  nKey = pctDecode(val, aKey, sizeof(aKey));
  if( qVal.z ) nSer = pctDecode(qVal, aSer, sizeof(aSer));
  if( nKey<0 || nSer<0 || (qVal.z && nSer==0) ) return 0;
  /* GS1 Digital Link URI Syntax writes a GTIN in 14 digits, a GTIN-8,
  ** -12 or -13 right-justified with leading zeros as filler (GS1 General
  ** Specifications, a GTIN in a 14-digit field).  One written without
  ** them (GS1's own toolkits read it so) is that GTIN: the zeros are
  ** filler, and the check digit, weighted from the right, is the same. */
  if( isExactly(ai, "01") && (nKey==8 || nKey==12 || nKey==13)
   && allDigits(aKey, (size_t)nKey) ){
    memmove(aKey+14-nKey, aKey, (size_t)nKey);
    memset(aKey, '0', (size_t)(14-nKey));
    nKey = 14;
  }
  {
    size_t nLead = strlen(pS->zLead);
    if( (size_t)nKey<nLead || memcmp(aKey, pS->zLead, nLead)!=0 ) return 0;
    return epcBuild(p, pS, aKey+nLead, (size_t)nKey-nLead, aSer,
                    (size_t)nSer, nGcp);
  }
}

/* A GS1 Digital Link URI on any host, under any path prefix: the first
** segment from which the rest of the path is a key and its qualifiers. */
static size_t fromDigitalLink(const Link *pL, int nGcp, char *zOut,
                              size_t nOut){
  size_t i = 0;
  Txt seg;
  if( nGcp<URN_LINK_GCP_MIN || nGcp>URN_LINK_GCP_MAX ) return URN_URL_NULL;
  while( i<pL->path.n ){
    size_t at = i;
    Epc epc;
    if( !nextSegment(pL->path, &i, &seg) ) break;
    if( seg.n<2 || seg.n>4 || !allDigits(seg.z, seg.n) ) continue;
    epc.n = 0;
    if( fromDigitalLinkAt(pL->path, at, nGcp, &epc) ){
      if( zOut && epc.n<=nOut ) memcpy(zOut, epc.z, epc.n);
      return epc.n;
    }
  }
  return URN_URL_NULL;
}

/* ---- A whole URN in a link, on any other host ---------------------------- */

/* The query parameters that name the identifier a link is about: a
** resolver's urn= (urn.kb.se), identifier= (the DNB's resolver), id=.  A
** URN in any other parameter is not the link's name: a search page's q=,
** a query=, a redirect's url= or an OpenURL's rft_id= say something else
** about it. */
static const char *const azIdParam[] = { "urn", "identifier", "id" };

/* t as a whole URN: as it stands (decode==0) or percent-decoded once; the
** scheme "urn:" first, then urn_valid's RFC 8141. */
static size_t fromWhole(Txt t, int decode, char *zOut, size_t nOut){
  unsigned char aDec[URN_LINK_DECODE_MAX];
  if( decode ){
    long nDec = pctDecode(t, aDec, sizeof(aDec));
    if( nDec<0 ) return URN_URL_NULL;
    t.z = aDec;
    t.n = (size_t)nDec;
  }
  if( !startsNoCase(t.z, t.n, "urn:") ) return URN_URL_NULL;
  return answer("", t, zOut, nOut);
}

/* The general rule, for a host that no resolver row names: a link whose
** path ends in a segment that is a whole URN (RFC 8141 §2; one '/' after
** it makes no new segment; the segment as it stands when it starts with
** "urn:", percent-decoded once when it starts with "urn%3A"), or else the
** first parameter of azIdParam[] whose value, decoded once as a query
** value is, is a whole URN, names that URN.  A URN before the last
** segment (a folder of a site, /urn:x:y/file.pdf) is not the link's name,
** nor is a name without "urn:", whose NID no resolver says, nor a
** parameter in the fragment (the page's, not the link's). */
static size_t fromWholeUrn(const Link *pL, char *zOut, size_t nOut){
  Txt seg;
  size_t i, s, e = pL->path.n, nUrn;
  /* The last segment, before one '/' that may end the path. */
  if( e>0 && pL->path.z[e-1]=='/' ) e--;
  for(s=e; s>0 && pL->path.z[s-1]!='/'; s--){}
  seg.z = pL->path.z+s;
  seg.n = e-s;
  if( startsNoCase(seg.z, seg.n, "urn:") ){
    nUrn = fromWhole(seg, 0, zOut, nOut);
    if( nUrn!=URN_URL_NULL ) return nUrn;
  }else if( startsNoCase(seg.z, seg.n, "urn%3a") ){
    nUrn = fromWhole(seg, 1, zOut, nOut);
    if( nUrn!=URN_URL_NULL ) return nUrn;
  }
  for(i=0; pL->query.z && i<pL->query.n; i=s+1){
    int k;
    for(s=i; s<pL->query.n && pL->query.z[s]!='&'; s++){}
    for(e=i; e<s && pL->query.z[e]!='='; e++){}
    if( e==s ) continue;
    for(k=0; k<(int)(sizeof(azIdParam)/sizeof(azIdParam[0])); k++){
      Txt name, val;
      name.z = pL->query.z+i;
      name.n = e-i;
      if( !isExactly(name, azIdParam[k]) ) continue;
      val.z = pL->query.z+e+1;
      val.n = s-e-1;
      nUrn = fromWhole(val, 1, zOut, nOut);
      if( nUrn!=URN_URL_NULL ) return nUrn;
    }
  }
  return URN_URL_NULL;
}

/* ---- Every form ------------------------------------------------------------ */

static size_t fromLink(const unsigned char *z, size_t n, int nGcp,
                       char *zOut, size_t nOut, int depth){
  Link link;
  int i, nRow, isKnown = 0;
  const UrnResolver *aRow = urnResolverTable(&nRow);
  if( !linkParse(z, n, &link) ) return URN_URL_NULL;
  for(i=0; i<(int)(sizeof(aAlias)/sizeof(aAlias[0])); i++){
    if( aAlias[i].zAlias && isNoCase(link.host, aAlias[i].zAlias) ){
      link.hostNow.z = (const unsigned char*)aAlias[i].zHost;
      link.hostNow.n = strlen(aAlias[i].zHost);
    }
  }
  for(i=0; i<nRow; i++){
    const UrnResolver *pR = &aRow[i];
    const char *zRest;
    size_t nUrn = URN_URL_NULL;
    if( !templateHost(pR->zTemplate, link.hostNow, &zRest) ) continue;
    /* A host of the table is read by its rows' forms alone. */
    isKnown = 1;
    switch( pR->eKind ){
      case URN_RES_TEMPLATE:
      case URN_RES_LOWER:
      case URN_RES_ISBN_FI:
        nUrn = fromTemplate(&link, pR, zRest, nGcp, zOut, nOut, depth);
        break;
      case URN_RES_IETF: nUrn = fromIetf(&link, pR, zRest, zOut, nOut); break;
      case URN_RES_ISSN: nUrn = fromIssn(&link, zRest, zOut, nOut); break;
      case URN_RES_OGC:  nUrn = fromOgc(&link, zRest, zOut, nOut);  break;
      case URN_RES_DOI:  nUrn = fromDoi(&link, zRest, zOut, nOut);  break;
      /* An EPC's Digital Link is read on any host, below. */
      default: break;
    }
    if( nUrn!=URN_URL_NULL ) return nUrn;
  }
  {
    size_t nUrn = fromIetfCite(&link, zOut, nOut);
    if( nUrn==URN_URL_NULL ) nUrn = fromDigitalLink(&link, nGcp, zOut, nOut);
    if( nUrn==URN_URL_NULL && !isKnown ){
      nUrn = fromWholeUrn(&link, zOut, nOut);
    }
    return nUrn;
  }
}

size_t urnFromUrl(const unsigned char *z, size_t n, int nGcp, char *zOut,
                  size_t nOut){
  return fromLink(z, n, nGcp, zOut, nOut, 0);
}
