/*
** urn_url.c -- layer 2 of sqlite-urn: the URL of a URN, from a template or
** from the built-in resolvers (urn_url.h).  No engine header; nothing
** allocates, nothing keeps state.
**
** The built-in resolvers, each from its operator's or its standard's own
** documentation (the zSource of its row):
**   nbn   de, ch  https://nbn-resolving.org/{urn}       DNB URN service
**                 (in lower case, as the DNB accepts them)
**         fi      https://urn.fi/URN:NBN:{nss}          National Library
**                                                       of Finland
**   isbn  Finland's ISBNs (groups 951, 952)
**                 https://urn.fi/URN:ISBN:{nss}         the same
**         se      https://urn.kb.se/resolve?urn={urn}   KB, Sweden
**         no      http://urn.nb.no/{urn}                Nasjonalbiblioteket
**   doi   10.NNNN/suffix  https://doi.org/urn:doi:10.NNNN:suffix
**                 (a further '/' as %2F)                DOI Handbook
**   ietf  rfc:N, bcp:N, std:N  https://www.rfc-editor.org/info/rfcN
**                                                       RFC 7322 §4.8.6
**   issn  https://portal.issn.org/resource/ISSN/NNNN-NNNC  ISSN portal
**   ogc   def:type:authority:version:code
**         http://www.opengis.net/def/type/authority/version/code
**         (an empty version is "0")                     OGC 09-048r6
**   epc   id:cpi, gdti, giai, ginc, grai, gsin, gsrn, gsrnp, itip, pgln,
**         sgcn, sgln, sgtin, sscc, upui, and the tag URIs of these
**         schemes (as their pure identity): the GS1 Digital Link URI on
**         https://id.gs1.org of the GS1 key that the EPC URI holds
**         (urn_gs1.h: EPC Tag Data Standard 2.1, GS1 Digital Link URI
**         Syntax).
*/
#include <assert.h>
#include <string.h>
#include <stdio.h>
#include "urn_url.h"
#include "urn_key.h"
#include "urn_ns.h"
#include "urn_ns_rules.h"
#include "urn_gs1.h"

#define K_TEMPLATE URN_RES_TEMPLATE
#define K_IETF     URN_RES_IETF
#define K_ISSN     URN_RES_ISSN
#define K_OGC      URN_RES_OGC
#define K_EPC      URN_RES_EPC

#define IS_DIGIT(c) ((c)>='0' && (c)<='9')
#define IS_ALPHA(c) (((c)|0x20)>='a' && ((c)|0x20)<='z')
#define IS_HEX(c)   (IS_DIGIT(c) || (((c)|0x20)>='a' && ((c)|0x20)<='f'))

#define K_LOWER    URN_RES_LOWER    /* K_TEMPLATE, the URN in lower case
                                    ** (the DNB) */
#define K_ISBN_FI  URN_RES_ISBN_FI  /* urn.fi: Finland's ISBNs only */
#define K_DOI      URN_RES_DOI      /* the DOI proxy's URN form (DOI
                                    ** Handbook) */

#define SRC_DNB "https://www.dnb.de/urnservice (Deutsche Nationalbibliothek: " \
  "URN resolving for Germany and Switzerland); nbn-resolving.org/urn:nbn:..." \
  " links: http://nbn-resolving.de/ResolverDemo-eng.php; lower case only: " \
  "http://www.persistent-identifier.de/aktivitaeten/" \
  "URN-Geschaeftsverteilung.php (\"Grundsätzlich wird nur Kleinschreibung " \
  "akzeptiert\")"
#define SRC_URNFI "https://www.kiwi.fi/display/URN/In+English (National " \
  "Library of Finland: \"https://urn.fi/URN:ISBN:952-10-0093-7\"; " \
  "https://urn.fi/URN:NBN:fi-fe20071217 on its Finnish pages)"
#define SRC_TDS "GS1 EPC Tag Data Standard (EPC pure identity URI to GS1 " \
  "element string); GS1 Digital Link Standard: URI Syntax " \
  "(https://ref.gs1.org/standards/digital-link/uri-syntax/), on GS1's " \
  "resolver https://id.gs1.org"
#define SRC_RFC "RFC 7322 §4.8.6.2, §4.8.6.3 (www.rfc-editor.org/info/rfcN, " \
  "bcpN, stdN), in https as the RFC Editor's references give it now " \
  "(RFC 9110 §13: <https://www.rfc-editor.org/info/rfc3986>)"

#define SRC_DOI "DOI Handbook, Appendix, DOI Name Encoding Rules for URL " \
  "Presentation (https://www.doi.org/doi-handbook/HTML/" \
  "encoding-rules-for-urls.html; §2.6.3 \"URN presentation\" in earlier " \
  "editions): \"the DOI name 10.123/456 in the form https://doi.org/" \
  "urn:doi:10.123:456\", a further slash of the suffix as %2F " \
  "(https://doi.org/urn:doi:10.123:456ABC%2Fzyz)"

static const UrnResolver aResolver[] = {
  { "doi", "", "https://doi.org/urn:doi:{prefix}:{suffix}", SRC_DOI, K_DOI },
  { "epc", "id:cpi:", "https://id.gs1.org/8010/{cpid}/8011/{serial}",
    SRC_TDS, K_EPC },
  { "epc", "id:gdti:", "https://id.gs1.org/253/{gdti}{serial}", SRC_TDS,
    K_EPC },
  { "epc", "id:giai:", "https://id.gs1.org/8004/{giai}", SRC_TDS, K_EPC },
  { "epc", "id:ginc:", "https://id.gs1.org/401/{ginc}", SRC_TDS, K_EPC },
  { "epc", "id:grai:", "https://id.gs1.org/8003/0{grai}{serial}", SRC_TDS,
    K_EPC },
  { "epc", "id:gsin:", "https://id.gs1.org/402/{gsin}", SRC_TDS, K_EPC },
  { "epc", "id:gsrn:", "https://id.gs1.org/8018/{gsrn}", SRC_TDS, K_EPC },
  { "epc", "id:gsrnp:", "https://id.gs1.org/8017/{gsrnp}", SRC_TDS, K_EPC },
  { "epc", "id:itip:", "https://id.gs1.org/8006/{itip}/21/{serial}", SRC_TDS,
    K_EPC },
  { "epc", "id:pgln:", "https://id.gs1.org/417/{pgln}", SRC_TDS, K_EPC },
  { "epc", "id:sgcn:", "https://id.gs1.org/255/{gcn}{serial}", SRC_TDS,
    K_EPC },
  { "epc", "id:sgln:", "https://id.gs1.org/414/{gln}[/254/{extension}]",
    SRC_TDS, K_EPC },
  { "epc", "id:sgtin:", "https://id.gs1.org/01/{gtin}/21/{serial}", SRC_TDS,
    K_EPC },
  { "epc", "id:sscc:", "https://id.gs1.org/00/{sscc}", SRC_TDS, K_EPC },
  { "epc", "id:upui:", "https://id.gs1.org/01/{gtin}/235/{tpx}", SRC_TDS,
    K_EPC },
  { "ietf", "bcp:", "https://www.rfc-editor.org/info/bcp{number}",
    SRC_RFC, K_IETF },
  { "ietf", "rfc:", "https://www.rfc-editor.org/info/rfc{number}",
    SRC_RFC, K_IETF },
  { "ietf", "std:", "https://www.rfc-editor.org/info/std{number}",
    SRC_RFC, K_IETF },
  { "isbn", "", "https://urn.fi/URN:ISBN:{nss}", SRC_URNFI, K_ISBN_FI },
  { "issn", "", "https://portal.issn.org/resource/ISSN/{issn}",
    "https://portal.issn.org (ISSN International Centre: the record of an "
    "ISSN at /resource/ISSN/NNNN-NNNC)", K_ISSN },
  { "nbn", "ch", "https://nbn-resolving.org/{urn}", SRC_DNB, K_LOWER },
  { "nbn", "de", "https://nbn-resolving.org/{urn}", SRC_DNB, K_LOWER },
  { "nbn", "fi", "https://urn.fi/URN:NBN:{nss}", SRC_URNFI, K_TEMPLATE },
  { "nbn", "no", "http://urn.nb.no/{urn}",
    "http://www.nb.no/Om-NB/Standardnummerering/URN (Nasjonalbiblioteket: "
    "http://urn.nb.no/URN:NBN:no-xxx)", K_TEMPLATE },
  { "nbn", "se", "https://urn.kb.se/resolve?urn={urn}",
    "https://snd-sweden.github.io/national-pid-recommendations-for-research/"
    "data-on-pids/nbn/ (Sweden's national PID recommendations: \"https://"
    "urn.kb.se/resolve?urn=urn%3Anbn%3Ase%3Alnu%3Adiva-80554\", urn.kb.se "
    "the national resolver run by Kungliga biblioteket)", K_TEMPLATE },
  { "ogc", "def:",
    "http://www.opengis.net/def/{objectType}/{authority}/{version}/{code}",
    "OGC 09-048r6 (Name Type Specification - definitions); OGC 07-092r3 "
    "(urn:ogc:def:objectType:authority:version:code); OGC Name Type "
    "Specification for Coordinate Reference Systems (OGC 11-135r2, 2013), "
    "§7.3 Table 2 (\"When the referenced definition does not have a "
    "version the string \"0\" ... shall be used\") and §7.3.3 Example 1 "
    "(http://www.opengis.net/def/crs/EPSG/0/4326)", K_OGC },
};

#define N_RESOLVER ((int)(sizeof(aResolver)/sizeof(aResolver[0])))

int urnResolverCount(void){ return N_RESOLVER; }

const UrnResolver *urnResolverAt(int i){
  return (i>=0 && i<N_RESOLVER) ? &aResolver[i] : 0;
}

const UrnResolver *urnResolverTable(int *pnRow){
  *pnRow = N_RESOLVER;
  return aResolver;
}

/* ---- The output: counted always, written while it fits ---------------- */

typedef struct UrlOut {
  char *z;           /* the caller's buffer */
  size_t nRoom;      /* its size */
  size_t n;          /* the length so far, written or not */
  size_t nMax;       /* past this length, counting stops (urn_url.h) */
} UrlOut;

/* The length stops at URN_URL_HUGE, longer than any engine's strings,
** where a size_t of 32 bits would wrap (a template of 2^30 bytes, each
** "{urn}" of it a key of 2^30 bytes). */
#define URN_URL_HUGE (((size_t)-1)/2)

/* Count n more bytes, saturating at URN_URL_HUGE. */
static void outAdvance(UrlOut *p, size_t n){
  p->n = (n>=URN_URL_HUGE || p->n>=URN_URL_HUGE-n) ? URN_URL_HUGE : p->n+n;
}

static void outBytes(UrlOut *p, const void *z, size_t n){
  size_t nLeft = p->n<p->nRoom ? p->nRoom-p->n : 0;
  if( n>0 && n<=nLeft ) memcpy(p->z+(p->nRoom-nLeft), z, n);
  outAdvance(p, n);
}
static void outStr(UrlOut *p, const char *z){ outBytes(p, z, strlen(z)); }
static void outChar(UrlOut *p, char c){ outBytes(p, &c, 1); }

/* c as %XX with upper-case hex digits (RFC 3986 §2.1). */
static void outPct(UrlOut *p, unsigned char c){
  static const char hex[] = "0123456789ABCDEF";
  char a[3];
  a[0] = '%'; a[1] = hex[c>>4]; a[2] = hex[c&15];
  outBytes(p, a, 3);
}

/* ---- Templates -------------------------------------------------------- */

/* The placeholders of a user's template. */
#define PH_URN 0
#define PH_NID 1
#define PH_NSS 2
static const char *const azPlaceholder[] = { "urn", "nid", "nss" };

/* The placeholder zTpl[i..j) names (without its braces), or -1. */
static int placeholderFind(const unsigned char *z, size_t n){
  int k;
  for(k=0; k<3; k++){
    if( strlen(azPlaceholder[k])==n && memcmp(azPlaceholder[k], z, n)==0 ){
      return k;
    }
  }
  return -1;
}

/* Check the template zTpl[0..nTpl): every '{' opens one of the known
** placeholders, closed by '}', and every other byte is printable ASCII
** (0x20 to 0x7E), which a URL can hold as written: a control byte, NUL
** among them, DEL, or a byte of a character outside ASCII is an error
** (RFC 3986 §2: a URI is ASCII; other characters go percent-encoded,
** §2.1, which the template's author writes).  Returns 1, or 0 with the
** message in *pErr. */
static int templateCheck(const unsigned char *zTpl, size_t nTpl,
                         UrnUrlErr *pErr){
  size_t i = 0;
  while( i<nTpl ){
    const unsigned char *zClose;
    size_t nName;
    if( zTpl[i]!='{' ){
      if( zTpl[i]<0x20 || zTpl[i]>0x7e ){
        snprintf(pErr->zMsg, sizeof(pErr->zMsg),
                 "urn_url(): byte 0x%02X at offset %lu of the template "
                 "cannot stand in a URL; write it percent-encoded "
                 "(RFC 3986 §2.1)", zTpl[i], (unsigned long)i);
        return 0;
      }
      i++;
      continue;
    }
    zClose = memchr(zTpl+i+1, '}', nTpl-i-1);
    nName = zClose ? (size_t)(zClose-(zTpl+i+1)) : 0;
    if( zClose==0 || placeholderFind(zTpl+i+1, nName)<0 ){
      /* Show the name as printable ASCII, cut at 20 bytes. */
      char zName[24];
      size_t k, m = zClose ? nName : nTpl-i-1;
      for(k=0; k<m && k<20; k++){
        unsigned char c = zTpl[i+1+k];
        zName[k] = (c>=0x20 && c<0x7f) ? (char)c : '?';
      }
      zName[k] = 0;
      snprintf(pErr->zMsg, sizeof(pErr->zMsg),
               zClose ? "urn_url(): unknown placeholder {%s%s} in the "
                        "template; known: {urn}, {nid}, {nss}"
                      : "urn_url(): '{%s%s' in the template has no closing "
                        "'}'; placeholders: {urn}, {nid}, {nss}",
               zName, m>20 ? "..." : "");
      return 0;
    }
    i += nName+2;
  }
  return 1;
}

/* The canonical form of the URN being linked, measured once: its key
** under the mode (RFC 8141 §3.1: scheme and NID lower-cased, %XX
** upper-cased, components dropped; in mode 'ns' key_ns(X), urn_ns.h), and
** the length of its head "urn:" NID ":", which no transform changes. */
typedef struct UrlKey {
  const unsigned char *z;     /* the URN */
  const UrnParts *pParts;     /* its parts */
  int mode;                   /* URN_MODE_xxx */
  size_t nHead;               /* "urn:" NID ":" */
  size_t nKey;                /* the whole key */
  size_t nQuery;              /* its bytes a query value encodes */
} UrlKey;

/* Is c one of the bytes a value in a URL's query part is written with
** percent-encoded (RFC 3986 §3.4: the query is "*( pchar / "/" / "?" )",
** and the form encoding that resolvers read splits it at '&' and '=',
** reads '+' as a space and '%' as an escape; '#' would end the query,
** and a space cannot stand in a URL)? */
#define IS_QUERY_SPECIAL(c) \
  ((c)=='&' || (c)=='=' || (c)=='+' || (c)=='%' || (c)=='#' || (c)==' ')

static void urlKeyStart(UrlKey *pKey, const unsigned char *z,
                        const UrnParts *pParts, int mode){
  pKey->z = z;
  pKey->pParts = pParts;
  pKey->mode = mode;
  pKey->nHead = pParts->nss.off;
  pKey->nKey = mode==URN_MODE_NS ? urnNsKeyWrite(z, pParts, 0)
                                 : URN_KEY_LEN(pParts);
  pKey->nQuery = URN_URL_NULL;               /* counted when first needed */
}

/* The number of the key's bytes a query value encodes.  The head holds
** none (a NID is letters, digits and '-'), and the transforms of key_ns
** only change letter case and drop '-' (nothing is percent-decoded,
** urn_ns_rules.c): the NSS as written has the key's. */
static size_t urlKeyQuery(UrlKey *pKey){
  if( pKey->nQuery==URN_URL_NULL ){
    const UrnParts *pParts = pKey->pParts;
    size_t i;
    pKey->nQuery = 0;
    for(i=pParts->nss.off; i<URN_KEY_LEN(pParts); i++){
      if( IS_QUERY_SPECIAL(pKey->z[i]) ) pKey->nQuery++;
    }
  }
  return pKey->nQuery;
}

/* Write the key (or with nssOnly only its NSS) to zDst, which has room
** for it.  Returns its length. */
static size_t urlKeyWrite(const UrlKey *pKey, int nssOnly,
                          unsigned char *zDst){
  const unsigned char *z = pKey->z;
  const UrnParts *pParts = pKey->pParts;
  size_t i, k = 0;
  if( pKey->mode==URN_MODE_NS ){
    return nssOnly ? urnNsKeyWriteNss(z, pParts, zDst)
                   : urnNsKeyWrite(z, pParts, zDst);
  }
  if( !nssOnly ){
    memcpy(zDst, "urn:", 4);
    k = 4;
    for(i=0; i<pParts->nid.len; i++){
      unsigned char c = z[pParts->nid.off+i];
      zDst[k++] = (c>='A' && c<='Z') ? c|0x20 : c;
    }
    zDst[k++] = ':';
  }
  for(i=pParts->nss.off; i<URN_KEY_LEN(pParts); i++){
    unsigned char c = z[i];
    /* RFC 8141 §3.1: the hex digits of a %XX in upper case. */
    if( c>='a' && c<='f' && (z[i-1]=='%' || z[i-2]=='%') ) c &= ~0x20;
    zDst[k++] = c;
  }
  return k;
}

/* The key (or with nssOnly its NSS) at the end of the output, and with
** inQuery as a query value: each byte IS_QUERY_SPECIAL() as %XX (RFC 3986
** §2.1), the rest as it is (the key is printable ASCII, its own %XX kept:
** in a path as they are, RFC 3986 §3.3).  Measured, then written only
** when all of it fits, so that a buffer of the measured length gets every
** byte (urn_url.h). */
static void outKey(UrlOut *p, UrlKey *pKey, int nssOnly, int inQuery){
  size_t n = nssOnly ? pKey->nKey-pKey->nHead : pKey->nKey;
  size_t nOut = inQuery ? n + 2*urlKeyQuery(pKey) : n;
  if( p->n<=p->nRoom && nOut<=p->nRoom-p->n ){
    unsigned char *zAt = (unsigned char*)p->z+p->n;
    size_t nDone = urlKeyWrite(pKey, nssOnly, zAt);
    assert( nDone==n );
    (void)nDone;
    if( nOut>n ){
      /* Spread the key from its end, each special byte to its %XX. */
      static const char hex[] = "0123456789ABCDEF";
      size_t i = n, j = nOut;
      while( i>0 ){
        unsigned char c = zAt[--i];
        if( IS_QUERY_SPECIAL(c) ){
          zAt[--j] = (unsigned char)hex[c&15];
          zAt[--j] = (unsigned char)hex[c>>4];
          zAt[--j] = '%';
        }else{
          zAt[--j] = c;
        }
      }
      assert( j==0 );
    }
  }
  outAdvance(p, nOut);
}

/* Fill the template zTpl[0..nTpl) (checked) for the URN z. */
static void outTemplate(UrlOut *p, const unsigned char *zTpl, size_t nTpl,
                        UrlKey *pKey){
  const unsigned char *z = pKey->z;
  const UrnParts *pParts = pKey->pParts;
  size_t i = 0;
  int inQuery = 0;            /* past the template's first '?' */
  /* Once the URL is longer than the engine takes, the rest is not counted:
  ** the caller refuses it as too big whatever its length. */
  while( i<nTpl && p->n<=p->nMax ){
    const unsigned char *zClose;
    size_t j;
    if( zTpl[i]!='{' ){
      /* A run of literal bytes at once. */
      for(j=i; j<nTpl && zTpl[j]!='{'; j++){
        if( zTpl[j]=='?' ) inQuery = 1;
      }
      outBytes(p, zTpl+i, j-i);
      i = j;
      continue;
    }
    zClose = memchr(zTpl+i+1, '}', nTpl-i-1);
    j = (size_t)(zClose-(zTpl+i+1));
    switch( placeholderFind(zTpl+i+1, j) ){
      case PH_URN: outKey(p, pKey, 0, inQuery); break;
      case PH_NSS: outKey(p, pKey, 1, inQuery); break;
      default: {
        size_t k;
        for(k=0; k<pParts->nid.len; k++){
          unsigned char c = z[pParts->nid.off+k];
          outChar(p, (char)((c>='A' && c<='Z') ? c|0x20 : c));
        }
        break;
      }
    }
    i += j+2;
  }
}

/* ---- Built-in resolvers ----------------------------------------------- */

/* Does z[0..n) start with zLit (lower case) in any letter case? */
static int startsNoCase(const unsigned char *z, size_t n, const char *zLit){
  size_t i, m = strlen(zLit);
  if( n<m ) return 0;
  for(i=0; i<m; i++){
    unsigned char c = z[i];
    if( c>='A' && c<='Z' ) c |= 0x20;
    if( c!=(unsigned char)zLit[i] ) return 0;
  }
  return 1;
}

/* The resolver for the NID zNid[0..nNid) and the NSS zNss[0..nNss), or 0.
** An EPC tag URI (TDS 2.1 §12.3) is served by the row of its pure
** identity scheme, with *pBody set past its filter value; for any other
** URN *pBody is the length of the row's prefix. */
static const UrnResolver *resolverFind(const unsigned char *zNid,
                                       size_t nNid,
                                       const unsigned char *zNss,
                                       size_t nNss, size_t *pBody){
  int i;
  const UrnGs1Scheme *pTag = 0;
  size_t nTagBody = 0;
  if( nNid==3 && startsNoCase(zNid, nNid, "epc") ){
    pTag = urnGs1Tag(zNss, nNss, &nTagBody);
  }
  for(i=0; i<N_RESOLVER; i++){
    const UrnResolver *p = &aResolver[i];
    size_t m = strlen(p->zNid), k;
    if( m!=nNid || !startsNoCase(zNid, nNid, p->zNid) ) continue;
    k = strlen(p->zPrefix);
    if( p->eKind==K_EPC ){
      /* RFC 5134 §3: "The entire URN is case-sensitive" (all but the
      ** scheme and NID, RFC 8141 §3.1): "id:" scheme ":" in lower case,
      ** or a tag URI of that scheme. */
      if( pTag ){
        if( k-4!=strlen(pTag->zScheme)
         || memcmp(p->zPrefix+3, pTag->zScheme, k-4)!=0 ){
          continue;
        }
        *pBody = nTagBody;
        return p;
      }
      if( nNss<k || memcmp(zNss, p->zPrefix, k)!=0 ) continue;
    }else if( !startsNoCase(zNss, nNss, p->zPrefix) ){
      continue;
    }
    if( m==3 && memcmp(p->zNid, "nbn", 3)==0 ){
      /* nbn: the country code, then ':' or '-' (RFC 8458 §4.2); the rest
      ** of the NSS is the resolver's to judge. */
      if( nNss<=k+1 || (zNss[k]!=':' && zNss[k]!='-') ) continue;
    }
    *pBody = k;
    return p;
  }
  return 0;
}

/* ietf: RFC 2648 §2, "rfc:", "bcp:" or "std:" and 1*DIGIT; the RFC
** Editor's page of the document (RFC 7322 §4.8.6.2, §4.8.6.3), its number
** without leading zeros.  0 if the NSS is not of that shape. */
static int outIetf(UrlOut *p, const unsigned char *z, size_t n){
  size_t i = 4;
  if( n<=4 ) return 0;
  for(i=4; i<n; i++) if( !IS_DIGIT(z[i]) ) return 0;
  for(i=4; i+1<n && z[i]=='0'; i++){}
  if( z[i]=='0' ) return 0;                  /* there is no RFC 0 */
  outStr(p, "https://www.rfc-editor.org/info/");
  outChar(p, (char)(z[0]|0x20));
  outChar(p, (char)(z[1]|0x20));
  outChar(p, (char)(z[2]|0x20));
  outBytes(p, z+i, n-i);
  return 1;
}

/* issn: an ISSN that passes its check digit (RFC 3044 §5), as the portal
** writes it, NNNN-NNNC with an upper-case X. */
static int outIssn(UrlOut *p, const unsigned char *z, size_t nssOff,
                   size_t nssEnd){
  const UrnNsEntry *pEntry = urnNsRegistryFind((const unsigned char*)"issn",
                                               4);
  size_t i, k = 0;
  if( pEntry==0 || !pEntry->pValidator->xCheck(z, nssOff, nssEnd, 0, 0) ){
    return 0;
  }
  outStr(p, "https://portal.issn.org/resource/ISSN/");
  for(i=nssOff; i<nssEnd; i++){
    if( z[i]=='-' ) continue;
    if( k==4 ) outChar(p, '-');
    outChar(p, (char)(z[i]=='x' ? 'X' : z[i]));
    k++;
  }
  return 1;
}

/* ogc: OGC 07-092r3 §7.2 "urn:ogc:def:objectType:authority:version:code",
** OGC 09-048r6 §3: "http://www.opengis.net/def/" objectType "/" authority
** "/" version "/" code, where a definition without a version has the
** version "0".  Exactly four fields after "def:", none holding '/' (a
** path segment), objectType, authority and code not empty. */
static int outOgc(UrlOut *p, const unsigned char *z, size_t n){
  size_t aStart[4], aLen[4], i, k = 0, s = 4;
  for(i=4; i<=n; i++){
    if( i<n && z[i]=='/' ) return 0;
    if( i==n || z[i]==':' ){
      if( k==4 ) return 0;
      aStart[k] = s;
      aLen[k] = i-s;
      k++;
      s = i+1;
    }
  }
  if( k!=4 || aLen[0]==0 || aLen[1]==0 || aLen[3]==0 ) return 0;
  outStr(p, "http://www.opengis.net/def/");
  for(k=0; k<4; k++){
    if( k>0 ) outChar(p, '/');
    if( k==2 && aLen[2]==0 ){
      outChar(p, '0');
    }else{
      outBytes(p, z+aStart[k], aLen[k]);
    }
  }
  return 1;
}

/* ---- EPC URIs to GS1 Digital Link ------------------------------------- */

/* Is z[0..n) all digits (n > 0)? */
static int allDigits(const unsigned char *z, size_t n){
  size_t i;
  if( n==0 ) return 0;
  for(i=0; i<n; i++) if( !IS_DIGIT(z[i]) ) return 0;
  return 1;
}

/* The value of the hex digit c. */
static int hexVal(unsigned char c){
  return IS_DIGIT(c) ? c-'0' : (c|0x20)-'a'+10;
}

/* A field of an EPC URI of characters that pass xOk (GS1 AI encodable
** characters, or a CPI's reference), those of urnGs1EpcEscaped() written
** %XX and no other escaped (TDS 2.1 §6.3, Table 6-1), decoded and written
** percent-encoded for a path segment of the Digital Link URI (RFC 3986
** §2.1, §3.3: all but the unreserved letters, digits, '-', '.', '_'), or
** only measured (p==0).  Returns the number of characters it decodes to
** (the scan stops past 99: no field is longer, so a field of any length
** costs at most 100 characters), or -1 if it is no such field or holds
** none. */
static int outGs1Chars(UrlOut *p, const unsigned char *z, size_t n,
                       int (*xOk)(unsigned char)){
  size_t i;
  int k = 0;
  for(i=0; i<n && k<100; i++, k++){
    unsigned char c = z[i];
    if( c=='%' ){
      if( i+2>=n || !IS_HEX(z[i+1]) || !IS_HEX(z[i+2]) ) return -1;
      c = (unsigned char)(hexVal(z[i+1])*16 + hexVal(z[i+2]));
      if( !urnGs1EpcEscaped(c) ) return -1;
      i += 2;
    }else if( urnGs1EpcEscaped(c) ){
      return -1;
    }
    if( !xOk(c) ) return -1;
    if( p ){
      if( IS_DIGIT(c) || IS_ALPHA(c) || c=='-' || c=='.' || c=='_' ){
        outChar(p, (char)c);
      }else{
        outPct(p, c);
      }
    }
  }
  return k>0 ? k : -1;
}

/* Split the EPC body z[0..n) into nField fields at its first nField-1
** dots: their starts and lengths.  The last field, a serial or asset
** reference, may hold dots of its own ('.' is a GS1 AI encodable
** character, TDS).  Returns 1 if there are nField. */
static int epcFields(const unsigned char *z, size_t n, int nField,
                     size_t *aStart, size_t *aLen){
  size_t i, s = 0;
  int k = 0;
  for(i=0; i<=n; i++){
    if( i==n || (z[i]=='.' && k<nField-1) ){
      aStart[k] = s;
      aLen[k] = i-s;
      k++;
      s = i+1;
      if( i==n ) break;
    }
  }
  return k==nField;
}

/* The GS1 key of digits built from the company prefix zCp[0..nCp) and the
** reference zRef[0..nRef) (nTotal digits together, TDS: the company prefix
** has 6 to 12): with indicator, the reference's first digit goes first
** (the indicator of a GTIN, the extension digit of an SSCC); a check digit
** follows.  Written to zKey (room for 19).  Returns its length, or 0. */
static size_t gs1Key(const unsigned char *zCp, size_t nCp,
                     const unsigned char *zRef, size_t nRef, size_t nTotal,
                     int indicator, char *zKey){
  size_t k = 0;
  if( nCp<6 || nCp>12 || nCp+nRef!=nTotal || !allDigits(zCp, nCp)
   || (nRef>0 && !allDigits(zRef, nRef)) ){
    return 0;
  }
  if( indicator ){
    if( nRef==0 ) return 0;
    zKey[k++] = (char)zRef[0];
    zRef++;
    nRef--;
  }
  memcpy(zKey+k, zCp, nCp);
  k += nCp;
  memcpy(zKey+k, zRef, nRef);
  k += nRef;
  zKey[k] = urnGs1Check(zKey, k);
  return k+1;
}

/* The serial z[0..n) of scheme pS: its length in characters, or -1 if it
** is not of the scheme's syntax (TDS 2.1 §6.3). */
static int epcSerial(const UrnGs1Scheme *pS, const unsigned char *z,
                     size_t n){
  int nChar = pS->eSerial==URN_GS1_SER_CHARS
            ? outGs1Chars(0, z, n, urnGs1Char)
            : (allDigits(z, n) ? (int)(n<100 ? n : 100) : -1);
  if( nChar<1 || nChar>pS->nSerial ) return -1;
  /* TDS 2.1 §6.3: a NumericComponent has no leading zero. */
  if( pS->eSerial==URN_GS1_SER_NUMBER && n>1 && z[0]=='0' ) return -1;
  return nChar;
}

/* The EPC pure identity URI body z[0..n) (after "id:scheme:", or a tag
** URI's filter) of scheme pS as a GS1 Digital Link URI (TDS 2.1 §7, "EPC
** URI to GS1 element string"; GS1 Digital Link URI Syntax 1.4 §4:
** "https://id.gs1.org/" AI "/" value, the key qualifier as a further
** pair).  0 if the body is not of the scheme's syntax. */
static int outEpc(UrlOut *p, const UrnGs1Scheme *pS, const unsigned char *z,
                  size_t n){
  size_t aS[6], aL[6], nKey = 0;
  char zKey[20];
  int nField = 2 + pS->nExtra + (pS->eSerial!=URN_GS1_SER_NONE), k;
  int iSer = nField-1, nChar;
  if( !epcFields(z, n, nField, aS, aL) ) return 0;
  switch( pS->eLayout ){
    case URN_GS1_GTIN:
    case URN_GS1_SSCC:
    case URN_GS1_DIGITS:
      nKey = gs1Key(z+aS[0], aL[0], z+aS[1], aL[1], pS->nKey,
                    pS->eLayout!=URN_GS1_DIGITS, zKey);
      if( nKey==0 ) return 0;
      break;
    default:
      /* TDS 2.1 §6.3.5, §6.3.9, §6.3.11: a company prefix of 6 to 12
      ** digits, then at least one character of the reference. */
      nChar = outGs1Chars(0, z+aS[1], aL[1], pS->eLayout==URN_GS1_CPID
                                             ? urnGs1CpidChar : urnGs1Char);
      if( aL[0]<6 || aL[0]>12 || !allDigits(z+aS[0], aL[0]) || nChar<1
       || aL[0]+(size_t)nChar>pS->nKey ){
        return 0;
      }
      break;
  }
  for(k=0; k<pS->nExtra; k++){
    if( aL[2+k]!=2 || !allDigits(z+aS[2+k], 2) ) return 0;
  }
  if( pS->eSerial!=URN_GS1_SER_NONE && epcSerial(pS, z+aS[iSer], aL[iSer])<0 ){
    return 0;
  }
  outStr(p, "https://id.gs1.org/");
  outStr(p, pS->zKeyAi);
  outChar(p, '/');
  outStr(p, pS->zLead);
  if( nKey ){
    outBytes(p, zKey, nKey);
  }else{
    outBytes(p, z+aS[0], aL[0]);
    outGs1Chars(p, z+aS[1], aL[1], pS->eLayout==URN_GS1_CPID
                                   ? urnGs1CpidChar : urnGs1Char);
  }
  for(k=0; k<pS->nExtra; k++) outBytes(p, z+aS[2+k], 2);
  if( pS->eSerial==URN_GS1_SER_NONE ) return 1;
  /* TDS 2.1 §7.3: an SGLN's extension "0" stands for a GLN without one. */
  if( pS->zeroNone && aL[iSer]==1 && z[aS[iSer]]=='0' ) return 1;
  if( pS->zQualAi ){
    outChar(p, '/');
    outStr(p, pS->zQualAi);
    outChar(p, '/');
  }
  outGs1Chars(p, z+aS[iSer], aL[iSer], urnGs1Char);
  return 1;
}

/* urn.fi serves the URNs of Finland's ISBNs (SRC_URNFI: "a registered
** URN based on a Finnish ISBN, ISSN or NBN"): an ISBN that passes its
** check digit (RFC 3187 §5) in the registration groups of Finland, 951
** and 952 (International ISBN Agency), as ISBN-10 or ISBN-13 with 978.
** An ISSN tells no country, so urn:issn keeps the ISSN portal. */
static int outIsbnFi(UrlOut *p, const UrnResolver *pR, UrlKey *pKey){
  const unsigned char *z = pKey->z;
  const UrnParts *pParts = pKey->pParts;
  const UrnNsEntry *pEntry = urnNsRegistryFind((const unsigned char*)"isbn",
                                               4);
  char aDigit[13];
  size_t i, n = 0, nssEnd = pParts->nss.off+pParts->nss.len;
  const char *zGroup;
  if( pEntry==0 || !pEntry->pValidator->xCheck(z, pParts->nss.off, nssEnd,
                                               0, 0) ){
    return 0;
  }
  for(i=pParts->nss.off; i<nssEnd && n<13; i++){
    if( z[i]!='-' ) aDigit[n++] = (char)z[i];
  }
  zGroup = n==13 ? (memcmp(aDigit, "978", 3)==0 ? aDigit+3 : 0) : aDigit;
  if( zGroup==0 || (memcmp(zGroup, "951", 3)!=0
                 && memcmp(zGroup, "952", 3)!=0) ){
    return 0;
  }
  outTemplate(p, (const unsigned char*)pR->zTemplate, strlen(pR->zTemplate),
              pKey);
  return 1;
}

/* doi: the URN form the DOI proxy reads (SRC_DOI), https://doi.org/
** urn:doi:PREFIX:SUFFIX, "a colon in place of the initial slash" and every
** other slash of the suffix percent-encoded as %2F.  The prefix is "10."
** and the registrant code, digits in parts separated by "." (DOI
** Handbook §2.2.2; ANSI/NISO Z39.84 §4); the URN may separate it from the
** suffix by '/' (the DOI name as it is) or ':' (the Handbook's URN form).
** In the suffix, a %XX stays with upper-case hex digits (RFC 8141 §3.1)
** and '+' is written %2B, as the Handbook's encoding rules recommend.  0
** if the NSS is not of that shape. */
static int outDoi(UrlOut *p, const unsigned char *z, size_t n){
  size_t i = 3;
  if( n<6 || memcmp(z, "10.", 3)!=0 ) return 0;
  for(;;){
    size_t nDigit = 0;
    while( i<n && IS_DIGIT(z[i]) ){ i++; nDigit++; }
    if( nDigit==0 ) return 0;
    if( i<n && z[i]=='.' ){ i++; continue; }
    break;
  }
  if( i+1>=n || (z[i]!='/' && z[i]!=':') ) return 0;
  outStr(p, "https://doi.org/urn:doi:");
  outBytes(p, z, i);
  outChar(p, ':');
  for(i++; i<n; i++){
    if( z[i]=='/' || z[i]=='+' ){
      outPct(p, z[i]);
    }else if( z[i]=='%' && i+2<n ){
      outPct(p, (unsigned char)(hexVal(z[i+1])*16 + hexVal(z[i+2])));
      i += 2;
    }else{
      outChar(p, (char)z[i]);
    }
  }
  return 1;
}

/* The built-in resolver's URL for the URN z (scanned into *pParts); 0 if
** there is none. */
static int outBuiltin(UrlOut *p, UrlKey *pKey){
  const unsigned char *z = pKey->z;
  const UrnParts *pParts = pKey->pParts;
  const unsigned char *zNss = z+pParts->nss.off;
  size_t nNss = pParts->nss.len, nBody = 0;
  const UrnResolver *pR = resolverFind(z+pParts->nid.off, pParts->nid.len,
                                       zNss, nNss, &nBody);
  if( pR==0 ) return 0;
  switch( pR->eKind ){
    case K_TEMPLATE:
      outTemplate(p, (const unsigned char*)pR->zTemplate,
                  strlen(pR->zTemplate), pKey);
      return 1;
    case K_LOWER: {
      /* The DNB accepts URNs in lower case only (SRC_DNB): every letter
      ** but the hex digits of a %XX, which RFC 8141 §3.1 upper-cases. */
      size_t i, at = p->n;
      outTemplate(p, (const unsigned char*)pR->zTemplate,
                  strlen(pR->zTemplate), pKey);
      if( p->n<=p->nRoom ){
        for(i=at; i<p->n; i++){
          if( p->z[i]=='%' ){
            i += 2;
          }else if( p->z[i]>='A' && p->z[i]<='Z' ){
            p->z[i] |= 0x20;
          }
        }
      }
      return 1;
    }
    case K_ISBN_FI: return outIsbnFi(p, pR, pKey);
    case K_DOI:  return outDoi(p, zNss, nNss);
    case K_IETF: return outIetf(p, zNss, nNss);
    case K_ISSN: return outIssn(p, z, pParts->nss.off,
                                pParts->nss.off+nNss);
    case K_OGC:  return outOgc(p, zNss, nNss);
    default: {
      /* "id:" scheme ":" (or the tag scheme's), then the body. */
      size_t k = strlen(pR->zPrefix);
      return outEpc(p, urnGs1Scheme((const unsigned char*)pR->zPrefix+3,
                                    k-4),
                    zNss+nBody, nNss-nBody);
    }
  }
}

size_t urnUrl(const unsigned char *z, size_t n, const unsigned char *zTpl,
              size_t nTpl, int mode, size_t nMax, char *zOut, size_t nOut,
              UrnUrlErr *pErr){
  UrnParts parts;
  UrlOut out;
  UrlKey key;
  int ok;
  pErr->zMsg[0] = 0;
  if( zTpl && !templateCheck(zTpl, nTpl, pErr) ) return URN_URL_NULL;
  /* An empty template is no URL: NULL, as a NULL template is. */
  if( zTpl && nTpl==0 ) return URN_URL_NULL;
  if( !urnScan(z, n, mode==URN_MODE_NS ? URN_MODE_RFC8141 : mode, &parts,
               0) ){
    return URN_URL_NULL;
  }
  if( mode==URN_MODE_NS && !urnNsCheck(z, &parts, 0, 0, 0) ){
    return URN_URL_NULL;
  }
  out.z = zOut;
  out.nRoom = zOut ? nOut : 0;
  out.n = 0;
  out.nMax = nMax;
  /* The built-in resolvers fill in urn_canonical(X) (K_TEMPLATE). */
  urlKeyStart(&key, z, &parts, zTpl ? mode : URN_MODE_RFC8141);
  if( zTpl ){
    outTemplate(&out, zTpl, nTpl, &key);
    ok = 1;
  }else{
    ok = outBuiltin(&out, &key);
  }
  return ok ? out.n : URN_URL_NULL;
}

/* ---- Minting: urn:nbn:de with its check digit ------------------------- */

size_t urnNbnComplete(const unsigned char *z, size_t n, char *zOut,
                      size_t nOut){
  UrnParts parts;
  UrnNbnDeSum sum;
  const unsigned char *zNss, *zDash;
  size_t i, nResult;
  char zErr[URN_ERROR_MAX];
  if( !urnScan(z, n, URN_MODE_RFC8141, &parts, 0) ) return URN_URL_NULL;
  zNss = z+parts.nss.off;
  if( parts.nid.len!=3 || !startsNoCase(z+parts.nid.off, 3, "nbn")
   || parts.nss.len<3 || !startsNoCase(zNss, parts.nss.len, "de") ){
    return URN_URL_NULL;
  }
  /* The NBN string after the prefix's '-' (RFC 8458 §4.2: the prefix has
  ** none) must not be empty before its check digit. */
  zDash = memchr(zNss, '-', parts.nss.len);
  if( zDash==0 || zDash+1==zNss+parts.nss.len ) return URN_URL_NULL;
  urnNbnDeStart(&sum);
  for(i=0; i<parts.nss.len; i++){
    if( !urnNbnDeAdd(&sum, zNss[i]) ) return URN_URL_NULL;
  }
  nResult = 8 + parts.nss.len + 1;            /* "urn:nbn:" NSS digit */
  if( zOut && nResult<=nOut ){
    UrnParts done;
    memcpy(zOut, "urn:nbn:", 8);
    memcpy(zOut+8, zNss, parts.nss.len);
    zOut[nResult-1] = (char)('0' + urnNbnDeCheck(&sum));
    /* The completed name passes 'ns' (the syntax of RFC 8458 §4.2). */
    if( !urnScan((const unsigned char*)zOut, nResult, URN_MODE_RFC8141,
                 &done, 0)
     || !urnNsCheck((const unsigned char*)zOut, &done, zErr, sizeof(zErr),
                    0) ){
      return URN_URL_NULL;
    }
  }
  return nResult;
}
