/*
** urn_scan.h -- layer 1 of sqlite-urn: the URN scanner (urn_scan.c), the
** bottom of the core.  Nothing here includes or needs SQLite: fuzzers,
** benchmarks and other hosts link urn_scan.c directly.  The key writer
** (urn_key.h) and the key comparator (urn_cmp.h) are built on it.
**
** Contract of the whole layer:
**   - inputs are (pointer, length) pairs; they may hold NUL bytes and
**     invalid UTF-8 and are never read outside [z, z+n);
**   - nothing allocates, nothing fails, nothing keeps state between calls:
**     every function is safe on any thread.
*/
#ifndef URN_SCAN_H
#define URN_SCAN_H

#include <stddef.h>

/* Syntax modes. */
#define URN_MODE_RFC8141 0   /* RFC 8141 §2 (the default) */
#define URN_MODE_RFC2141 1   /* RFC 2141 §2 (legacy, no components) */
#define URN_MODE_NS      2   /* RFC 8141 syntax plus namespace rules
                             ** (RFC 8141 §3.1, §5; ext/core/urn_ns.h) */

/* A part of the input: bytes [off, off+len).  off==0 means "absent"
** (no part of a URN other than the scheme starts at offset 0). */
typedef struct UrnSpan {
  size_t off;
  size_t len;
} UrnSpan;

/* The parts of a valid URN, as offsets into the scanned input.  The scheme
** is always bytes [0,3) and the NID always starts at offset 4.  Together
** with the delimiters ":" ":" "?+" "?=" "#" the spans tile the input. */
typedef struct UrnParts {
  UrnSpan nid;     /* NID, as written */
  UrnSpan nss;     /* NSS, as written */
  UrnSpan r;       /* r-component without its "?+", off==0 if absent */
  UrnSpan q;       /* q-component without its "?=", off==0 if absent */
  UrnSpan f;       /* f-component without its "#",  off==0 if absent */
} UrnParts;

/* Why a string is not a URN: the 0-based offset of the first offending
** byte (the length of the longest prefix of the input that is also a
** prefix of some URN; equal to n when the input ends too early) and a code
** that names what the grammar expected there (urnErrorExpected()). */
typedef struct UrnFail {
  int code;
  size_t offset;
} UrnFail;

/* Scan z[0..n) under mode.  Returns 1 and fills *pParts (if not NULL)
** when the input is a URN; returns 0 and fills *pFail (if not NULL)
** otherwise. */
int urnScan(const unsigned char *z, size_t n, int mode,
            UrnParts *pParts, UrnFail *pFail);

/* urnScan(z, n, mode, 0, 0): 1 if z[0..n) is a URN under mode, else 0. */
int urnIsUrn(const unsigned char *z, size_t n, int mode);

/* 1 if z[i..n) is an NSS of RFC 8141 §2 without a %XX: not empty, a pchar
** first (not '/'), then only pchar and '/'.  Else 0. */
int urnNssPlain(const unsigned char *z, size_t n, size_t i);

/* What the grammar expected where a scan failed with this code, and the
** RFC section that says so. */
const char *urnErrorExpected(int code);
const char *urnErrorSection(int code);

/* Write into zOut (room for nOut bytes; URN_ERROR_MAX is always enough) a
** one-line English description of the failure: offset, what was found
** there (urnFoundName(), or "the end of the input"), what was expected and
** the RFC section.  Returns the length written (the NUL terminator not
** counted).  The text is valid UTF-8 whatever z holds, also when nOut cuts
** it short (never inside a character).  URN_ERROR_MAX: "offset " + 20
** digits + ": found " + URN_FOUND_MAX + ", expected " + the longest
** expectation (108 bytes) + " (" + the longest section (17) + ")" is 222. */
#define URN_ERROR_MAX 256
size_t urnErrorMessage(const unsigned char *z, size_t n, const UrnFail *pFail,
                       char *zOut, size_t nOut);

/* The length (1 to 4) of the well-formed UTF-8 character that z[0..n)
** starts with, its code point in *pCp; 0 when the bytes there are not one
** (RFC 3629 §3 and §4: a tail byte first, an overlong form, a surrogate,
** a code point past U+10FFFF, or a sequence cut short by n). */
size_t urnUtf8Char(const unsigned char *z, size_t n, unsigned long *pCp);

/* Write into zOut (room for URN_FOUND_MAX bytes) how a message names what
** z[0..n) (n > 0) starts with, as every message of the core that says what
** it "found" does (docs/functions.md, urn_error):
**   printable ASCII          'c'
**   U+0020                   ' ' (space)
**   a character not shown:   U+0009 (tab), U+00A0 (no-break space),
**     controls, other spaces, U+200B (zero width space): code point and name
**     invisible ones, noncharacters, private use (urn_scan.c, aUnshown[])
**   any other character      'ø' (U+00F8), '’' (U+2019)
**   not well-formed UTF-8    byte 0xFF, not UTF-8 (its first byte)
** Returns the length written, NUL not counted.  The text is valid UTF-8. */
#define URN_FOUND_MAX 48
size_t urnFoundName(const unsigned char *z, size_t n, char *zOut);

/* Cut the valid UTF-8 text z[0..n), cut short at n by a bounded write,
** before a character that it ends inside of; terminate it with a NUL at
** the new length, which it returns. */
size_t urnUtf8Cut(char *z, size_t n);

/* ---- Prefixes (urn_find, ext/core/urn_find.h) ---------------------------------- */

/* If z[0..n) begins with the head of a URN under mode ("urn:" in any case,
** a NID, ":"; RFC 8141 §2, RFC 2141 §2.1), the offset of the ':' that ends
** the NID; else 0.  Mode URN_MODE_NS reads as URN_MODE_RFC8141. */
size_t urnScanHead(const unsigned char *z, size_t n, int mode);

/* For z whose head ends with the ':' at h (urnScanHead()): the end of the
** NSS of the URNs that are prefixes of z, the longest run from h+1 that
** is an NSS under mode (every prefix of it after its first byte that does
** not end inside a %XX is an NSS too; RFC 8141 §2, RFC 2141 §2.2); h+1
** when the NSS cannot start, and then no prefix of z is a URN.  One pass,
** which stops at the first byte that does not continue the NSS. */
size_t urnScanNss(const unsigned char *z, size_t n, int mode, size_t h);

/* The length of the longest prefix of z[0..n) that is a URN under mode,
** for z whose head ends at h and whose NSS ends at e > h+1
** (urnScanNss()), with its parts in *pParts (if not NULL): one pass over
** the components after the NSS (RFC 8141; RFC 2141 has none).  Shorter
** URNs among its prefixes: every length from the start of its last part
** (the NSS, r- or q-component: plus one byte; the f-component, which may
** be empty: plus none) up to the result is the length of a URN, except
** the lengths that end inside a %XX. */
size_t urnScanLongest(const unsigned char *z, size_t n, int mode, size_t h,
                      size_t e, UrnParts *pParts);

#endif /* URN_SCAN_H */
