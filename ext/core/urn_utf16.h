/*
** urn_utf16.h -- layer 1 of sqlite-urn: the key of a string stored in a
** UTF-16 database, read as the code units SQLite stores (no SQLite
** headers).  docs/design.md, "Database encodings".
**
** SQLite hands a collation registered for UTF-8 the UTF-8 conversion of
** UTF-16 text, and that conversion is lossy for ill-formed UTF-16 (a lone
** surrogate and the unit after it become the code point of a valid pair):
** two different stored strings could arrive as the same bytes.  The
** collations are therefore also registered for UTF-16LE and UTF-16BE, with
** comparators that read the stored bytes as they are.  There, for a string
** s of n bytes in byte order E:
**   - s is a URN when n is even, every code unit is ASCII (RFC 8141 §2: a
**     URN is made of ASCII characters only) and the ASCII string of its
**     units, ascii(s), is an RFC 8141 URN;
**   - key_E(s) is then key(ascii(s)) (RFC 8141 §3.1, docs/design.md) with
**     each byte written as a code unit in the byte order E; the key of any
**     other string is s itself, its n bytes as stored;
**   - the order is memcmp of the keys, the shorter first on a tie.
** So two URNs are equal exactly when they are in a UTF-8 database, a
** non-URN equals only itself, and it is a total preorder on all byte
** strings (a key function under memcmp).  Widening keeps the order: with
** widen(s) each byte b of s written as the unit b, urnCollate16le(widen(a),
** widen(b)) has the sign of urnCompare(URN_MODE_RFC8141, a, b), for any
** byte strings a and b, in either byte order.
**
** Everything here reads only [z, z+n), allocates nothing, fails never,
** keeps no state: safe on any thread.
*/
#ifndef URN_UTF16_H
#define URN_UTF16_H

#include <stddef.h>
#include "urn_scan.h"

/* A reader of key_E(s), one byte or one code unit at a time. */
typedef struct UrnKey16 {
  const unsigned char *z;  /* s as stored */
  size_t n;                /* its length in bytes */
  int be;                  /* 1: UTF-16BE, 0: UTF-16LE */
  int isUrn;               /* s is a URN (RFC 8141): the fields below hold */
  size_t nssOff;           /* the first unit of the NSS */
  size_t end;              /* the unit after the NSS: the key's length */
  size_t lowerEnd;         /* A-Z before this unit are lower-cased: the
                           ** head (nssOff), or more under a namespace's
                           ** transform (urn_ns.c) */
  int dropHyphen;          /* the namespace's transform drops '-' */
  int upperX;              /* ... and upper-cases 'x' */
  size_t i;                /* the next byte (non-URN) or unit (URN) */
  int pending;             /* the second byte of the last unit, or -1 */
} UrnKey16;

/* Start reading key_E of z[0..n) (be: the byte order E), with the generic
** key of RFC 8141 §3.1 for a URN. */
void urnKey16Start(UrnKey16 *p, const unsigned char *z, size_t n, int be);

/* Compare the keys of two readers just started (a namespace's transform
** may have been set on them): memcmp order of the keys' bytes, the
** shorter first on a tie; returns -1, 0 or 1. */
int urnKey16Compare(UrnKey16 *pA, UrnKey16 *pB);

/* Write the nUnits code units of z (byte order be), all ASCII, to zOut as
** bytes. */
void urnUtf16Narrow(const unsigned char *z, size_t nUnits, int be,
                    unsigned char *zOut);

/* Write the UTF-8 form of the UTF-16 string z[0..n) (byte order be) to zOut
** (room for 3*n/2 bytes; or only measure if zOut is 0) and return its
** length; return (size_t)-1 if z is not well-formed UTF-16 (an odd length,
** a lone surrogate: RFC 2781 §2.2), which has no UTF-8 form (RFC 3629
** §3). */
size_t urnUtf16ToUtf8(const unsigned char *z, size_t n, int be,
                      unsigned char *zOut);

/* The collation URN in a UTF-16LE and a UTF-16BE database (ext/sqlite/urn.c
** registers them): key_E order, with the signature of SQLite's xCompare.
** nA and nB are not negative; pArg is not used. */
int urnCollate16le(void *pArg, int nA, const void *pA, int nB,
                   const void *pB);
int urnCollate16be(void *pArg, int nA, const void *pA, int nB,
                   const void *pB);

#endif /* URN_UTF16_H */
