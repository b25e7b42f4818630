/*
** urn_key.h -- layer 1 of sqlite-urn: the URN-equivalence key and the
** normalized form of a scanned URN (urn_key.c; no SQLite headers).
**
** key(s), docs/design.md and RFC 8141 §3.1: "urn:" + lower(NID) + ":" +
** NSS with the two hex digits of every %XX upper-cased; the r-, q- and
** f-components dropped; nothing percent-decoded.  Both writers take a URN
** that urnScan() (urn_scan.h) accepted, write into a buffer of the length
** given below, allocate nothing and cannot fail.
*/
#ifndef URN_KEY_H
#define URN_KEY_H

#include <stddef.h>
#include "urn_scan.h"

/* Length of key(s) for a URN: the assigned-name keeps its length. */
#define URN_KEY_LEN(pParts) ((pParts)->nss.off + (pParts)->nss.len)

/* Write key(s) of the URN z (already scanned into *pParts) to zOut, which
** has room for URN_KEY_LEN(pParts) bytes: "urn:" + lower(NID) + ":" + NSS
** with the hex digits of every %XX upper-cased; components dropped. */
void urnKeyWrite(const unsigned char *z, const UrnParts *pParts,
                 unsigned char *zOut);

/* Write the normalized form of the whole URN z[0..n) (scanned into
** *pParts) to zOut, which has room for n bytes: scheme and NID lower-cased,
** every %XX upper-cased in every part, components kept. */
void urnNormalizeWrite(const unsigned char *z, size_t n,
                       const UrnParts *pParts, unsigned char *zOut);

#endif /* URN_KEY_H */
