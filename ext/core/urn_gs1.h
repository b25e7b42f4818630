/*
** urn_gs1.h -- the EPC schemes that hold a GS1 key, and how each maps to
** the key's element string (layer 2, engine-free, shared by urn_url.c,
** from an EPC URN to a GS1 Digital Link URI, and urn_link.c, back).
**
** Sources: GS1 EPC Tag Data Standard 2.1 (TDS) §6.3 (the EPC pure
** identity URI of each scheme), §7 (its correspondence with the GS1 key
** and element string) and §12.3 (the EPC tag URI: the filter value, then
** the fields of the pure identity); GS1 General Specifications §3 (the
** AIs and their lengths) and §7.9 (the check digit); GS1 Digital Link URI
** Syntax 1.4 §4 (a primary key AI and its value, then key qualifiers, as
** path segments after any host and path prefix).
**
** Nothing here allocates or keeps state; the table is const.
*/
#ifndef URN_GS1_H
#define URN_GS1_H

#include <stddef.h>

/* How the GS1 key is built from the company prefix and the reference. */
#define URN_GS1_GTIN   0  /* indicator, prefix, item reference, check */
#define URN_GS1_SSCC   1  /* extension digit, prefix, serial ref., check */
#define URN_GS1_DIGITS 2  /* prefix, reference, check digit */
#define URN_GS1_CHARS  3  /* prefix, then GS1 AI encodable characters */
#define URN_GS1_CPID   4  /* prefix, then CPID characters (0-9 A-Z - # /) */

/* The serial, when the scheme has one. */
#define URN_GS1_SER_NONE   0
#define URN_GS1_SER_CHARS  1  /* GS1 AI encodable characters */
#define URN_GS1_SER_DIGITS 2  /* digits, leading zeros significant */
#define URN_GS1_SER_NUMBER 3  /* digits without a leading zero (TDS
                              ** NumericComponent) */

typedef struct UrnGs1Scheme {
  const char *zScheme;     /* the EPC scheme: "sgtin" */
  const char *zKeyAi;      /* the AI of the GS1 key: "01" */
  const char *zLead;       /* written before the key ("0" for a GRAI) */
  const char *zQualAi;     /* the AI of the key qualifier that holds the
                           ** serial; 0: the serial is appended to the key */
  unsigned char eLayout;   /* URN_GS1_xxx */
  unsigned char nKey;      /* digits before the check digit; for CHARS and
                           ** CPID the most characters of prefix+reference */
  unsigned char eSerial;   /* URN_GS1_SER_xxx */
  unsigned char nSerial;   /* the longest serial */
  unsigned char nExtra;    /* fields of two digits appended to the key
                           ** (an ITIP's piece and total) */
  unsigned char zeroNone;  /* a serial "0" means none (an SGLN's
                           ** extension: no AI 254) */
} UrnGs1Scheme;

/* The scheme named z[0..n) (lower case, exactly), or 0. */
const UrnGs1Scheme *urnGs1Scheme(const unsigned char *z, size_t n);

/* The number of schemes, and scheme i, in order of name; 0 for any
** other i. */
int urnGs1SchemeCount(void);
const UrnGs1Scheme *urnGs1SchemeAt(int i);

/* For an EPC tag URI's NSS z[0..n) ("tag:sgtin-96:3.0614141.812345.6789"):
** the pure identity scheme of its tag scheme (TDS §12.3, §14) with the
** offset of the body after the filter value ("0614141.812345.6789").
** 0 when z is no tag URI of a scheme here, or its filter is not one
** digit 0 to 7. */
const UrnGs1Scheme *urnGs1Tag(const unsigned char *z, size_t n,
                              size_t *pBody);

/* The GS1 check digit of the digits z[0..n) (GS1 General Specifications
** §7.9.1: weights 3 and 1 from the right, up to a multiple of 10). */
char urnGs1Check(const char *z, size_t n);

/* c is in the GS1 AI encodable character set 82 (GS1 General
** Specifications §7.11, Figure 7.11-1): letters, digits and
** ! " % & ' ( ) * + , - . / : ; < = > ? _ */
int urnGs1Char(unsigned char c);

/* c is a CPID character (GS1 General Specifications §7.11, set 39):
** digits, upper-case letters, '#', '-', '/' */
int urnGs1CpidChar(unsigned char c);

/* An EPC URI writes these characters of a field as %XX (TDS §6.3,
** Table 6-1: " % & / < > ?, and '#' in a CPI's reference). */
int urnGs1EpcEscaped(unsigned char c);

#endif /* URN_GS1_H */
