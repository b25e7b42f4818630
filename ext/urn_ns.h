/*
** urn_ns.h -- layer 2 of sqlite-urn: namespace rules (no SQLite headers).
**
** RFC 8141 §3.1 lets a namespace add equivalence rules that merge URNs the
** generic procedure keeps apart, never split them.  Here each NID of the
** IANA registry snapshot (../shared/data/urn-namespaces.tsv) may have an
** NSS validator and a key transform f_nid; key_ns(s) = f_nid(key(s)), and
** key_ns(s) = s for a string that is not an RFC 8141 URN.
** Everything here reads only its inputs, allocates nothing, keeps no state.
*/
#ifndef URN_NS_H
#define URN_NS_H

#include <stddef.h>
#include "urn_scan.h"

/* Write key_ns(z) of the RFC 8141 URN z (scanned into *pParts) to zOut,
** which has room for URN_KEY_LEN(pParts) bytes (no transform lengthens the
** key), or only measure it if zOut==0.  Returns the length written. */
size_t urnNsKeyWrite(const unsigned char *z, const UrnParts *pParts,
                     unsigned char *zOut);

/* Strict namespace validation of the RFC 8141 URN z (scanned into *pParts):
** returns 1 when its NID is in the registry snapshot (formal, or a
** registered informal urn-N) and its NSS passes the namespace's validator
** if it has one.  Otherwise returns 0 and writes to zErr (room for nErr
** bytes, URN_ERROR_MAX is enough) a one-line message in the namespace's own
** terms, e.g. "offset 21: ISBN-10 check digit should be 1, found 6 (ISO
** 2108, RFC 3187 §5)", NUL-terminated, valid UTF-8, and, if pOffset is not
** 0, stores in *pOffset its 0-based byte offset, the N of "offset N". */
int urnNsCheck(const unsigned char *z, const UrnParts *pParts,
               char *zErr, size_t nErr, size_t *pOffset);

/* Compare key_ns(a) with key_ns(b) as memcmp on the key bytes, shorter
** first on a tie: <0, 0, >0, between -256 and 256 (SQLite negates a
** collation's result for DESC).  A total preorder on all byte strings,
** coarser than urnCompare(URN_MODE_RFC8141, ...): equal there implies
** equal here.  Allocates nothing, cannot fail. */
int urnNsCompare(const unsigned char *a, size_t na,
                 const unsigned char *b, size_t nb);

/* The collation URN_NS (ext/urn_ns_sql.c registers it): urnNsCompare()
** with the signature of SQLite's xCompare, in this layer so that the
** comparison is inlined into the function SQLite calls.  nA and nB are
** not negative; pArg is not used. */
int urnNsCollate(void *pArg, int nA, const void *pA, int nB,
                 const void *pB);

/* The collation URN_NS in a UTF-16LE and a UTF-16BE database (ext/
** urn_ns_sql.c registers them): the strings as stored, read as
** urn_utf16.h says, with the transform of a URN's namespace applied when
** its assigned-name ("urn:" NID ":" NSS) has at most URN_NS16_MAX
** characters; a longer one keeps its generic key there
** (docs/design.md, "Database encodings").  Allocates nothing, cannot
** fail. */
#define URN_NS16_MAX 1024
int urnNsCollate16le(void *pArg, int nA, const void *pA, int nB,
                     const void *pB);
int urnNsCollate16be(void *pArg, int nA, const void *pA, int nB,
                     const void *pB);

/* The date of the registry snapshot, "YYYY-MM-DD". */
extern const char urnNsRegistryDate[];

#endif /* URN_NS_H */
