/*
** urn_codec.h -- layer 1 of sqlite-urn: percent-encoding, percent-decoding,
** building a URN from its parts and describing one as JSON.  No SQLite
** headers: fuzzers, benchmarks and other hosts link urn_codec.c (with
** urn_scan.c and urn_key.c) directly.
**
** Contract, as for the rest of layer 1 (urn_scan.h):
**   - inputs are (pointer, length) pairs; they may hold NUL bytes and
**     invalid UTF-8 and are never read outside [z, z+n);
**   - outputs go to a buffer the caller provides.  Every writer takes
**     zOut==0 to mean "only measure": it then returns the exact number of
**     bytes it would write, so the caller sizes the buffer with one call and
**     fills it with a second one that runs the same code;
**   - nothing allocates, nothing keeps state: safe on any thread.
** Lengths are size_t; a caller that may pass inputs longer than
** SIZE_MAX/3 bytes must check for overflow itself (3 is the worst growth of
** percent-encoding; JSON grows by at most 6 per input byte).
*/
#ifndef URN_CODEC_H
#define URN_CODEC_H

#include <stddef.h>
#include "urn_scan.h"

/* Which grammar a string is encoded for.  Each keeps every byte its grammar
** allows there unencoded (never encoding what needs no encoding, RFC 3986
** §2.4) and writes every other byte, '%' included, as "%XX" with upper-case
** hex digits (RFC 3986 §2.1).  "pchar" is RFC 3986 §3.3: unreserved (§2.3),
** sub-delims (§2.2), ':' and '@'.
**   URN_PART_NSS  RFC 8141 §2: NSS = pchar *(pchar / "/")
**                 '/' kept except first; '?' and '#' encoded.
**   URN_PART_R    RFC 8141 §2: r-component = pchar *(pchar / "/" / "?")
**                 '/' and '?' kept except first, and a '?' followed by '='
**                 is encoded: "?=" would end the r-component (§2.3.1).
**   URN_PART_Q    RFC 8141 §2: q-component = pchar *(pchar / "/" / "?")
**                 '/' and '?' kept except first; '#' encoded.
**   URN_PART_F    RFC 8141 §2.3.3, RFC 3986 §3.5: fragment =
**                 *(pchar / "/" / "?"); '/' and '?' kept anywhere; '#'
**                 encoded.  May be empty. */
#define URN_PART_NSS 0
#define URN_PART_R   1
#define URN_PART_Q   2
#define URN_PART_F   3

/* Percent-encode z[0..n) for part ePart into zOut (or only measure, if
** zOut==0).  Returns the length of the encoding, between n and 3*n.  Bytes
** are bytes: invalid UTF-8 and NUL are encoded like any other byte outside
** the grammar ("%FF", "%00").  The result of a non-empty input is a valid
** NSS (r-, q-, f-component) under RFC 8141 §2. */
size_t urnEncode(const unsigned char *z, size_t n, int ePart,
                 unsigned char *zOut);

/* Decode every "%XX" (either case of hex digit) of z[0..n) into the byte it
** stands for, into zOut (or only measure, if zOut==0); every other byte,
** '+' and a '%' not followed by two hex digits included, is copied as it
** is.  Returns the length written, at most n.  zOut may equal z. */
size_t urnDecode(const unsigned char *z, size_t n, unsigned char *zOut);

/* 1 if z[0..n) is well-formed UTF-8 (RFC 3629 §4: no overlong forms, no
** surrogates, nothing above U+10FFFF), else 0.  U+0000 is well-formed. */
int urnUtf8Valid(const unsigned char *z, size_t n);

/* 1 if z[0..n) is a NID under RFC 8141 §2: 2 to 32 letters, digits and
** hyphens, a letter or digit first and last; else 0. */
int urnNidValid(const unsigned char *z, size_t n);

/* A string argument of urnBuild(): z==0 means "absent". */
typedef struct UrnText {
  const unsigned char *z;
  size_t n;
} UrnText;

/* The parts urnBuild() takes, in this order. */
#define URN_BUILD_NID   0
#define URN_BUILD_NSS   1
#define URN_BUILD_R     2
#define URN_BUILD_Q     3
#define URN_BUILD_F     4
#define URN_BUILD_COUNT 5

/* Write "urn:" + lower(NID) + ":" + encode(NSS) [+ "?+" + encode(r)]
** [+ "?=" + encode(q)] [+ "#" + encode(f)] to zOut (or only measure, if
** zOut==0), each part encoded for its own grammar (URN_PART_xxx).  The NID
** is lower-cased, as urn_normalize() would (RFC 8141 §3.1 item 2), and
** never encoded.  Returns the length, or 0 when no URN can be built: the
** NID is absent or not a NID, the NSS is absent or empty, or r or q is
** present but empty (RFC 8141 §2: each starts with a pchar).  An empty f
** gives a trailing "#".  A non-zero result is a valid RFC 8141 URN in
** normalized form. */
size_t urnBuild(const UrnText *aPart, unsigned char *zOut);

/* A writer of the "canonical" member of urnJsonWrite(): write the key of
** the URN z (scanned into *pParts) to zOut, or only measure it if zOut==0;
** return its length, at most URN_KEY_LEN(pParts), without a NUL.  Its
** bytes are those of z (a key is made of the URN's own ASCII bytes), so
** JSON needs no escape for them. */
typedef size_t (*UrnKeyWriter)(const unsigned char *z, const UrnParts *pParts,
                               unsigned char *zOut);

/* Write the JSON object (RFC 8259) that describes the input z[0..n) to
** zOut (or only measure, if zOut==0).  Keys, always in this order:
**   URN:     {"valid":true,"nid":..,"nss":..,"r":..,"q":..,"f":..,
**             "canonical":..,"normalized":..}
**            valid!=0, with the parts in *pParts (urnScan() in RFC 8141 or
**            RFC 2141 mode); nid lower-cased; nss, r, q, f as written, r,
**            q, f null when absent; canonical written by xKey, or by
**            urnKeyWrite() (key(z)) when xKey is 0; normalized =
**            urnNormalizeWrite.
**   non-URN: {"valid":false,"error":..,"offset":N}
**            valid==0: error = zErr[0..nErr), a message in valid UTF-8
**            (urnErrorMessage(), or a namespace's), N = offset.
** Strings are escaped as RFC 8259 §7 requires ('"', '\' and controls); the
** result is valid UTF-8 whatever z holds.  Returns its length. */
size_t urnJsonWrite(const unsigned char *z, size_t n, int valid,
                    const UrnParts *pParts, UrnKeyWriter xKey,
                    const char *zErr, size_t nErr, size_t offset,
                    unsigned char *zOut);

#endif /* URN_CODEC_H */
