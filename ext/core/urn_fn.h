/*
** urn_fn.h -- what the SQL functions compute, engine-free (layers 1 and
** 2): the steps that every engine's glue (ext/sqlite/, ext/duckdb/) would
** otherwise each write, so that the engines cannot drift apart.  A glue
** reads its arguments as (bytes, length), calls these, and hands the
** result to its engine.  No engine header; nothing allocates, nothing
** keeps state: safe on any thread.
*/
#ifndef URN_FN_H
#define URN_FN_H

#include <stddef.h>
#include "urn_scan.h"

/* Room for the message of urnFnCheck(): a scanner's or a namespace's. */
#define URN_FN_MSG_MAX URN_ERROR_MAX

/* Is z[0..n) a URN under mode (URN_MODE_xxx)?  The scan is RFC 8141's in
** mode 'ns', then the namespace's rules (RFC 8141 §3.1, §5; urn_ns.h).
** *pParts gets the parts of an RFC 8141 (or RFC 2141) URN even when the
** namespace rejects it (pValidSyntax, if not 0, says whether the syntax
** passed).  When the answer is 0 and zMsg is not 0, zMsg (room for
** URN_FN_MSG_MAX bytes) gets the NUL-terminated one-line message that
** urn_error() returns, and *pOffset (if not 0) its 0-based byte offset. */
int urnFnCheck(const unsigned char *z, size_t n, int mode, UrnParts *pParts,
               int *pValidSyntax, char *zMsg, size_t *pOffset);

/* The key urn_canonical(X, mode) and urn_key(X, mode) give for the RFC
** 8141 (mode 'rfc2141': RFC 2141) URN z, scanned into *pParts: key(X), or
** key_ns(X) in mode 'ns' (docs/design.md), written to zOut, which has room
** for URN_KEY_LEN(pParts) bytes.  Returns its length. */
size_t urnFnKey(const unsigned char *z, const UrnParts *pParts, int mode,
                unsigned char *zOut);

/* 1 if the key of the URN z (scanned into *pParts in RFC 8141 or RFC 2141
** mode) is z's own first URN_KEY_LEN(pParts) bytes: "urn" and the NID
** hold no capital and the NSS no '%' (RFC 8141 §3.1 changes nothing
** else), so that a glue can hand it over without writing it.  Reads eight
** bytes at a time. */
int urnFnKeyIsPrefix(const unsigned char *z, const UrnParts *pParts);

/* The NID of the URN z (scanned into *pParts) lower-cased (RFC 8141 §2.1:
** NIDs are case-insensitive) into zOut (room for 32 bytes, RFC 8141 §2).
** Returns its length. */
size_t urnFnNid(const unsigned char *z, const UrnParts *pParts,
                unsigned char *zOut);

/* The part of *pParts that urn_nss(), urn_rcomponent(), urn_qcomponent()
** and urn_fcomponent() return, picked by the letter after "urn_" of the
** function's name ('n', 'r', 'q', 'f').  off==0: absent (NULL). */
const UrnSpan *urnFnPart(const UrnParts *pParts, char cPart);

/* urn_json(X, mode), in two steps: urnFnJsonScan() reads z[0..n) once into
** *p, urnFnJsonWrite() writes the JSON (urnJsonWrite(), urn_codec.h) to
** zOut, or only measures it when zOut is 0, and returns its length.  z
** must stay unchanged between the calls. */
typedef struct UrnFnJson {
  const unsigned char *z;
  size_t n;
  int valid;
  int mode;
  UrnParts parts;
  char zMsg[URN_FN_MSG_MAX];
  size_t nMsg, offset;
} UrnFnJson;
void urnFnJsonScan(UrnFnJson *p, const unsigned char *z, size_t n, int mode);
size_t urnFnJsonWrite(const UrnFnJson *p, unsigned char *zOut);

#endif /* URN_FN_H */
