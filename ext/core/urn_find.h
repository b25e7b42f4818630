/*
** urn_find.h -- the URNs in free text (layers 1 and 2 of sqlite-urn; no
** SQLite headers): what urn_find() of ext/sqlite/urn_find_sql.c finds, in one
** pass over the text.
**
** An occurrence, by the four rules of docs/functions.md (urn_find):
**   1. it begins at a "urn:" (any case) that is not preceded by an ASCII
**      letter, digit, '+', '-' or '.';
**   2. it is the longest prefix from there that is a URN under the mode
**      (as urn_valid(prefix, mode) says); none: no occurrence there, and
**      the search goes on at the next byte;
**   3. while it ends with one of ? ! . , : * _ ~ ; ' or with a ')' when it
**      holds more ')' than '(', and removing that last byte leaves a URN
**      under the mode, that byte is removed;
**   4. the search goes on after it.
** Like the scanner, the finder reads only z[0..n), allocates nothing and
** keeps its state in the UrnFinder the caller owns.
*/
#ifndef URN_FIND_H
#define URN_FIND_H

#include <stddef.h>
#include "urn_scan.h"
#include "urn_ns.h"

/* The state of a search through z[0..n).  Only urnFindStart() and
** urnFindNext() touch it. */
typedef struct UrnFinder {
  const unsigned char *z;
  size_t n;
  int mode;               /* URN_MODE_RFC8141, URN_MODE_RFC2141, URN_MODE_NS */
  size_t iNext;           /* where the search goes on (rule 4) */
  /* The last NSS scanned, z[runFrom..runTo), and what followed it: a
  ** candidate whose NSS starts inside it has the same NSS end and the
  ** same components, so its bytes are not scanned again. */
  size_t runFrom, runTo;  /* runTo 0: none yet */
  size_t runLongest;      /* the end of the longest URN through it */
  UrnSpan runR, runQ, runF;   /* its components, offsets into z */
  UrnNsPrefixes ns;       /* mode 'ns': which prefixes pass the rules */
} UrnFinder;

/* Start a search of z[0..n) under mode. */
void urnFindStart(UrnFinder *p, const unsigned char *z, size_t n, int mode);

/* The next occurrence: 1 with its byte offset and length in *pOff, *pLen;
** 0 when there is none left. */
int urnFindNext(UrnFinder *p, size_t *pOff, size_t *pLen);

/* The number of characters in z[from..to) as SQLite's substr() and
** length() count them (SQLITE_SKIP_UTF8): a byte 0xC0..0xFF and the
** continuation bytes (0x80..0xBF) after it are one character, every other
** byte is one.  A continuation byte at z[from] continues what the bytes
** before it started. */
size_t urnFindChars(const unsigned char *z, size_t from, size_t to);

#endif /* URN_FIND_H */
