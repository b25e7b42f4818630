/*
** urn_url.h -- layer 2 of sqlite-urn: from a name to a link (RFC 2483's
** "N2L"), engine-free.  Computes URLs; never fetches them.
**
** Two ways to a URL:
**   - a TEMPLATE of the user's, with the placeholders {urn} (the canonical
**     form of the URN under the mode: urn_canonical(X [,MODE])), {nid} (the
**     NID in lower case) and {nss} (the NSS of that canonical form); the
**     components (?+ ?= #) are not part of the name and never appear;
**     after the template's first '?' a value is one query parameter, with
**     & = + % # and space percent-encoded (RFC 3986 §3.4); the template
**     itself is printable ASCII, anything else is an error;
**   - the built-in resolvers (urnResolverAt()): for a URN whose namespace
**     has a public resolver documented by its operator, or a standard that
**     maps the name to a URL (GS1 Digital Link, OGC, the RFC Editor).
**
** Contract for every engine's glue:
**   - urnUrl() reads only its arguments, allocates nothing and keeps no
**     state: safe on any thread, and the resolver rows are const tables;
**   - it returns the length of the whole URL and writes it to zOut only
**     when it fits in nOut bytes (no NUL is written): the glue calls it
**     with a buffer on its stack, and if the answer is longer, allocates
**     that many bytes and calls again (the second call gives the same
**     answer, byte for byte);
**   - URN_URL_NULL means SQL NULL: X is not a URN under the mode, or (no
**     template) no built-in resolver serves it; and, with *pErr's message
**     not empty, an error the glue raises (a template with an unknown or
**     unterminated placeholder: urnUrl() checks the template before X);
**   - a URL holds only printable ASCII: valid UTF-8, no NUL byte;
**   - nMax is the longest string the engine takes (SQLite's
**     SQLITE_LIMIT_LENGTH, DuckDB's 4 GiB): once the URL is longer, urnUrl()
**     stops counting and returns some length above nMax, not necessarily
**     the whole one, which the glue refuses as too big; so a call costs
**     one pass over X and the template, whatever the URL's length;
**   - the length never wraps: past (size_t)-1 / 2 it stays there, longer
**     than any engine's strings.
*/
#ifndef URN_URL_H
#define URN_URL_H

#include <stddef.h>
#include "urn_scan.h"

#define URN_URL_NULL ((size_t)-1)

/* Room for any message of urnUrl(), its NUL included. */
#define URN_URL_ERROR_MAX 160

/* Why urnUrl() failed: zMsg is "" when it did not. */
typedef struct UrnUrlErr {
  char zMsg[URN_URL_ERROR_MAX];
} UrnUrlErr;

/* How a built-in resolver builds its URL (UrnResolver.eKind). */
#define URN_RES_TEMPLATE 0   /* zTemplate with {urn} filled in */
#define URN_RES_IETF     1   /* rfc-editor.org/info/ + series and number */
#define URN_RES_ISSN     2   /* the ISSN portal */
#define URN_RES_OGC      3   /* OGC's http URIs for definitions */
#define URN_RES_EPC      4   /* GS1 Digital Link of the EPC scheme named
                             ** by zPrefix, "id:" scheme ":" (urn_gs1.h) */
#define URN_RES_LOWER    5   /* URN_RES_TEMPLATE with the URN in lower case
                             ** (the DNB) */
#define URN_RES_ISBN_FI  6   /* urn.fi: Finland's ISBNs only, {nss} */
#define URN_RES_DOI      7   /* the DOI proxy's URN form */

/* The URL of the URN z[0..n) under mode (URN_MODE_xxx; 'ns' also asks
** that X pass urnNsCheck(), and fills in key_ns), from the template
** zTpl[0..nTpl), or from the built-in resolvers when zTpl is 0 (mode is
** then URN_MODE_RFC8141), counted up to nMax bytes.  See the contract
** above. */
size_t urnUrl(const unsigned char *z, size_t n, const unsigned char *zTpl,
              size_t nTpl, int mode, size_t nMax, char *zOut, size_t nOut,
              UrnUrlErr *pErr);

/* One built-in resolver: the URNs of NID zNid whose NSS starts with
** zPrefix (in any letter case, but for epc, whose whole NSS is
** case-sensitive, RFC 5134 §3; for nbn, the country code followed by ':'
** or '-'; "" for any), the URL form zTemplate, and where its operator or
** standard documents it (zSource). */
typedef struct UrnResolver {
  const char *zNid;
  const char *zPrefix;
  const char *zTemplate;
  const char *zSource;
  int eKind;                  /* how the URL is built: URN_RES_xxx */
} UrnResolver;

/* The number of built-in resolvers, and resolver i (0 <= i < count), in
** order of NID and prefix; NULL for any other i. */
int urnResolverCount(void);
const UrnResolver *urnResolverAt(int i);

/* All of them at once: the first row, with their number in *pnRow. */
const UrnResolver *urnResolverTable(int *pnRow);

/* Minting: the urn:nbn:de z[0..n) completed with its check digit (the
** DNB's algorithm, urn_ns_rules.h): "urn:nbn:", the NSS as written, the
** digit; at most n+1 bytes.  URN_URL_NULL unless z is an RFC 8141 URN of
** NID nbn whose NSS has the syntax of RFC 8458 §4.2, the country code de
** and a non-empty NBN string, and holds only characters of the DNB's
** table.  Returns the length and writes it to zOut (no NUL) when it fits
** in nOut bytes; the NSS's syntax is checked only then, so call it with
** room for n+1 bytes.  Allocates nothing. */
size_t urnNbnComplete(const unsigned char *z, size_t n, char *zOut,
                      size_t nOut);

#endif /* URN_URL_H */
