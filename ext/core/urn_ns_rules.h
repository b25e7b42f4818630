/*
** urn_ns_rules.h -- layer 2 of sqlite-urn, the rules behind urn_ns.h
** (urn_ns_rules.c): the per-namespace key transforms and NSS validators
** that the registry's entries (urn_ns.h) point to, and what the SQL glue
** reads from them (the urn_namespaces table, urn_isbn13).  It knows no
** registry and includes nothing of urn_ns.h: urn_ns.c is built on it.
** No SQLite headers; nothing allocates, nothing keeps state.
**
** A key transform f_nid (RFC 8141 §3.1 "additional rules for
** URN-equivalence") is described, for one NSS, by a UrnNsFold: which bytes
** of the NSS of the generic key it lower-cases, whether it deletes '-' and
** whether it upper-cases 'x'.  The transform decides from the bytes of the
** generic key only (never from the input as written), so URNs with equal
** generic keys get equal namespace keys: URN_NS is coarser than URN.
*/
#ifndef URN_NS_RULES_H
#define URN_NS_RULES_H

#include <stddef.h>
#include "urn_scan.h"

/* What a key transform does to one NSS (bytes of the generic key). */
typedef struct UrnNsFold {
  size_t nLower;            /* lower-case A-Z in the first nLower bytes of
                            ** the NSS, except the two hex digits of a %XX */
  unsigned char dropHyphen; /* delete every '-' */
  unsigned char upperX;     /* 'x' becomes 'X' */
  unsigned char plainNss;   /* the NSS is not empty and holds only
                            ** unreserved characters (RFC 3986 §2.3), so
                            ** it is a valid NSS without a %XX (RFC 8141
                            ** §2); set where the shape test learns it */
} UrnNsFold;

/* The NSS of a generic key, read from the input as written: byte i
** (0 <= i < n) of the key's NSS is urnNsKeyAt(p, i).  Hex digits of a %XX
** are upper-cased (RFC 8141 §3.1), every other byte is as written. */
typedef struct UrnNsKeyNss {
  const unsigned char *z;   /* the NSS as written */
  size_t n;                 /* its length */
  size_t nBefore;           /* the bytes of the input before z: its head,
                            ** "urn:" NID ":", so at least 7 */
} UrnNsKeyNss;

static inline int urnNsIsPctHex(const UrnNsKeyNss *p, size_t i){
  return (i>=1 && p->z[i-1]=='%') || (i>=2 && p->z[i-2]=='%');
}
static inline unsigned char urnNsKeyAt(const UrnNsKeyNss *p, size_t i){
  unsigned char c = p->z[i];
  if( c>='a' && c<='f' && urnNsIsPctHex(p, i) ) c &= ~0x20;
  return c;
}

/* A key transform.  xFold fills *pFold for an NSS; it starts from the
** identity (all zero) and leaves it so where the NSS lacks the namespace's
** shape.  The result must be idempotent and keep the key a valid URN. */
typedef struct UrnNsTransform {
  void (*xFold)(const UrnNsKeyNss *pNss, UrnNsFold *pFold);
  const char *zDescription; /* for urn_namespaces.equivalence */
} UrnNsTransform;

/* Which lengths L of an NSS z[nssOff..nssOff+L) a namespace's validator
** accepts, all at once: L passes when aLo[k] <= L <= aHi[k] for k = 0 or
** 1 (an empty interval has aLo > aHi; interval 1 lies above interval 0)
** and, if digitEnd, the byte z[nssOff+L-1] is a digit.  memoNss, memoEnd
** and memoTo are what a validator's xSpans keeps of one call for the next
** on the same text (all 0 before the first). */
typedef struct UrnNsSpans {
  size_t aLo[2], aHi[2];
  int digitEnd;
  int nbnDe;         /* interval 1 holds the prefixes of a urn:nbn:de up to
                     ** the longest with a right check digit, aHi[1]: a
                     ** shorter one passes only if its own is right */
  size_t memoNss, memoEnd, memoTo;
} UrnNsSpans;

/* An NSS validator.  xCheck reads the NSS as written, z[nssOff..nssEnd) of
** the whole input z, and returns 1 if it passes; else 0 after writing a
** NUL-terminated one-line message to zErr[0..nErr), starting "offset N: "
** with N a 0-based byte offset into z, and ending with its source (nErr 0:
** no message).  For urn_find's mode 'ns', which asks about every prefix of
** an NSS (urnNsPrefixes()), a validator says either nMax, the length of
** the longest NSS it accepts, so that xCheck is asked only up to there; or
** (nMax 0) xSpans, which fills *pSpans with the lengths L of the prefixes
** z[nssOff..nssOff+L) of z[nssOff..nssEnd) that xCheck accepts, in one
** pass over them.  test/fuzz/fuzz_find.c checks both against xCheck. */
typedef struct UrnNsValidator {
  int (*xCheck)(const unsigned char *z, size_t nssOff, size_t nssEnd,
                char *zErr, size_t nErr);
  const char *zDescription; /* for urn_namespaces.validator */
  size_t nMax;
  void (*xSpans)(const unsigned char *z, size_t nssOff, size_t nssEnd,
                 UrnNsSpans *pSpans);
} UrnNsValidator;

/* The transforms and validators (urn_ns_rules.c). */
extern const UrnNsTransform urnNsFoldIsbn, urnNsFoldIssn, urnNsFoldIsni,
  urnNsFoldUuid, urnNsFoldNbn, urnNsFoldIetf, urnNsFoldIsan, urnNsFoldNzl,
  urnNsFoldMpeg, urnNsFoldDoi;
extern const UrnNsValidator urnNsCheckIsbn, urnNsCheckIssn, urnNsCheckIsni,
  urnNsCheckUuid, urnNsCheckOid, urnNsCheckNbn, urnNsCheckIetf,
  urnNsCheckIsan;

/* ---- urn:nbn:de check digits (urn_ns_rules.c) ------------------------- */

/* The running sum of the DNB's check digit algorithm over the characters
** of a URN, "urn:nbn:" first (DNB, "Beschreibung des Algorithmus zur
** Berechnung der URN-Prüfziffer"). */
typedef struct UrnNbnDeSum {
  unsigned sum;      /* the product sum, modulo 25200 */
  unsigned pos;      /* the position of the last digit, modulo 25200 */
  unsigned last;     /* the last digit, 1..9 once anything is added */
} UrnNbnDeSum;

/* Start *p with "urn:nbn:" added. */
void urnNbnDeStart(UrnNbnDeSum *p);

/* Add the character c; 0 (and *p unchanged) if the DNB's table has no
** number for it (only letters, digits and + : _ - . / have one). */
int urnNbnDeAdd(UrnNbnDeSum *p, unsigned char c);

/* The check digit, 0..9, of the characters added so far. */
int urnNbnDeCheck(const UrnNbnDeSum *p);

/* Is the NSS z[nssOff..nssEnd) one of the German National Library's own
** URNs of the forms it mints since 2019, which carry no check digit (see
** urn_ns_rules.c)? */
int urnNbnDeNoDigit(const unsigned char *z, size_t nssOff, size_t nssEnd);

/* ---- ISBN-13 (urn_ns_rules.c) ---------------------------------------- */

/* Length of "urn:isbn:" followed by 13 digits. */
#define URN_ISBN13_LEN 22

/* If the RFC 8141 URN z (scanned into *pParts) is a valid urn:isbn (NID
** isbn in any case, an ISBN-10 or ISBN-13 that passes urnNsCheck), write
** "urn:isbn:" and its 13 digits to zOut (room for URN_ISBN13_LEN bytes):
** an ISBN-10 gets the prefix 978 and a recomputed check digit (ISO 2108).
** Returns 1 if written, else 0. */
int urnNsIsbn13(const unsigned char *z, const UrnParts *pParts,
                unsigned char *zOut);

#endif /* URN_NS_RULES_H */
