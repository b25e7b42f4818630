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
#include "urn_ns_rules.h"

/* Write key_ns(z) of the RFC 8141 URN z (scanned into *pParts) to zOut,
** which has room for URN_KEY_LEN(pParts) bytes (no transform lengthens the
** key), or only measure it if zOut==0.  Returns the length written. */
size_t urnNsKeyWrite(const unsigned char *z, const UrnParts *pParts,
                     unsigned char *zOut);

/* Write only the NSS of key_ns(z), the bytes after its head "urn:" NID
** ":" (which no transform changes: pParts->nss.off bytes), to zOut, which
** has room for them (urnNsKeyWrite() measured the key).  Returns their
** number. */
size_t urnNsKeyWriteNss(const unsigned char *z, const UrnParts *pParts,
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

/* The collation URN_NS (ext/sqlite/urn_ns_sql.c registers it): urnNsCompare()
** with the signature of SQLite's xCompare, in this layer so that the
** comparison is inlined into the function SQLite calls.  nA and nB are
** not negative; pArg is not used. */
int urnNsCollate(void *pArg, int nA, const void *pA, int nB,
                 const void *pB);

/* A namespace's key transform applies to a URN whose assigned-name ("urn:"
** NID ":" NSS) has at most URN_NS_FOLD_MAX characters; a longer one keeps
** its generic key (RFC 8141 §3.1), in every function, comparator and
** database encoding alike.  The transforms read the assigned-name as
** contiguous bytes, and the comparator of a UTF-16 database narrows it
** into a buffer of this size on its stack (it allocates nothing,
** docs/design.md I5).  Still a key function, so a total preorder; still
** coarser than URN (equal generic keys have equal lengths, so both or
** neither are transformed).  No registered namespace's names come near
** it: an ISBN has at most 17 characters, a UUID 36. */
#define URN_NS_FOLD_MAX 1024

/* The collation URN_NS in a UTF-16LE and a UTF-16BE database (ext/
** urn_ns_sql.c registers them): the strings as stored, read as
** urn_utf16.h says, with the transform of a URN's namespace applied as in
** UTF-8 (docs/design.md, "Database encodings").  Allocates nothing,
** cannot fail. */
int urnNsCollate16le(void *pArg, int nA, const void *pA, int nB,
                     const void *pB);
int urnNsCollate16be(void *pArg, int nA, const void *pA, int nB,
                     const void *pB);

/* ---- Prefixes that pass the namespace rules (urn_find's mode 'ns') ------ */

/* The answer of urnNsPrefixes(): either a validator asked for each length
** up to nMax (those with a bounded NSS), or the spans of lengths. */
typedef struct UrnNsPrefixes {
  const struct UrnNsValidator *pValidator;
  size_t nMax;
  UrnNsSpans spans;
} UrnNsPrefixes;

/* For the RFC 8141 URNs whose NID is z[nidOff..nidOff+nidLen) and whose
** NSS is a prefix of z[nssOff..nssEnd): fill *p so that
** urnNsPrefixPasses() says which of them pass urnNsCheck.  *p must be all
** zero before the first call on a text, and is kept from call to call
** (the NBN validator reuses its walk of the same bytes).  The work is one
** pass over the NSS at most, none for most namespaces. */
void urnNsPrefixes(UrnNsPrefixes *p, const unsigned char *z, size_t nidOff,
                   size_t nidLen, size_t nssOff, size_t nssEnd);

/* 1 if the URN whose NSS is z[nssOff..nssOff+len) (0 < len <= nssEnd -
** nssOff of the urnNsPrefixes() call) passes urnNsCheck, else 0: in
** constant time, or for a validator with a bounded NSS (an ISBN has at
** most 25 bytes) one call of it for a len up to that bound. */
int urnNsPrefixPasses(const UrnNsPrefixes *p, const unsigned char *z,
                      size_t nssOff, size_t len);

/* ---- The registry (urn_ns.c) ----------------------------------------- */

#define URN_NS_FORMAL   0   /* RFC 8141 §5.1 */
#define URN_NS_INFORMAL 1   /* RFC 8141 §5.2, "urn-" Number */

/* One NID of the registry snapshot. */
typedef struct UrnNsEntry {
  char zNid[33];                    /* lower case, as registered, NUL-
                                    ** padded: a NID has at most 32 bytes
                                    ** (RFC 8141 §2) */
  int eKind;                        /* URN_NS_FORMAL or URN_NS_INFORMAL */
  const char *zReference;           /* as listed; NULL where none was */
  const UrnNsTransform *pTransform; /* NULL: the generic key only */
  const UrnNsValidator *pValidator; /* NULL: RFC 8141 syntax only */
} UrnNsEntry;

/* The number of entries, and entry i (0 <= i < urnNsRegistrySize()),
** in byte order of zNid. */
int urnNsRegistrySize(void);
const UrnNsEntry *urnNsRegistryAt(int i);

/* The entry of the NID z[0..n) in any letter case, or NULL. */
const UrnNsEntry *urnNsRegistryFind(const unsigned char *z, size_t n);

/* The date of the registry snapshot, "YYYY-MM-DD". */
extern const char urnNsRegistryDate[];

#endif /* URN_NS_H */
