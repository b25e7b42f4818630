/*
** urn_link.h -- layer 2 of sqlite-urn: from a link back to the name it
** holds (RFC 2483's "L2N" for the resolvers urn_url knows), engine-free.
** Reads URLs; never fetches them.
**
** urnFromUrl() reads, in a link over http or https (with or without
** "www.", any letter case in the host, a port ignored):
**   - the reverse of every built-in resolver of urn_url.h whose URL holds
**     the URN ({urn} in the template: the URN found in that place of the
**     path, or in that query parameter), also on the resolver's former
**     hosts and forms (aAlias[] of urn_link.c); the name may lack its
**     "urn:" (the resolver's NID then starts it); a URN percent-encoded
**     in the link is decoded once (always in a query value; in the path
**     when the text as it stands is not a URN); a link in that place is
**     read in its turn (a link wrapped in a resolver's link, once);
**   - the RFC Editor's info pages of urn:ietf (rfc, bcp, std) and the
**     forms RFCs are cited by (aIetfCite[]), the ISSN portal's record, an
**     OGC definition URI (version "0" back to an empty version), the DOI
**     proxy's URN form (doi.org/urn:doi:prefix:suffix);
**   - a GS1 Digital Link URI on any host and under any path prefix (GS1
**     Digital Link URI Syntax 1.4 §4): the primary key and key qualifiers
**     urn_url writes for an EPC scheme (urn_gs1.h), back to the EPC pure
**     identity URI, given the length of the GS1 company prefix (6 to 12;
**     a Digital Link does not say it).
**
** Contract, the same as urnUrl()'s (urn_url.h):
**   - reads only its arguments, allocates nothing, keeps no state;
**   - returns the length of the URN and writes it to zOut only when it
**     fits in nOut bytes (no NUL is written); the glue calls it with a
**     buffer on its stack and, if the answer is longer, allocates that many
**     bytes and calls again: the second call gives the same bytes;
**   - URN_URL_NULL: the link names no URN it reads (not a URL, no form it
**     knows, malformed percent-escapes, invalid UTF-8, an EPC without
**     nGcp), never an error: the glue checks GCP_LENGTH;
**   - the URN passes urnScan() in mode RFC 8141 (urn_valid), and holds
**     only printable ASCII;
**   - a URN that must be percent-decoded is read up to URN_LINK_DECODE_MAX
**     bytes (decoded on the stack); one that need not, at any length.
*/
#ifndef URN_LINK_H
#define URN_LINK_H

#include <stddef.h>
#include "urn_url.h"

/* The longest percent-encoded URN that urnFromUrl() decodes. */
#define URN_LINK_DECODE_MAX 4096

/* The length of a GS1 company prefix (TDS 2.1 §6.3: 6 to 12 digits). */
#define URN_LINK_GCP_MIN 6
#define URN_LINK_GCP_MAX 12

/* The URN that the link z[0..n) names, or URN_URL_NULL.  nGcp is the
** length of the GS1 company prefix of a Digital Link, 0 when unknown (a
** Digital Link then gives URN_URL_NULL).  See the contract above. */
size_t urnFromUrl(const unsigned char *z, size_t n, int nGcp, char *zOut,
                  size_t nOut);

#endif /* URN_LINK_H */
