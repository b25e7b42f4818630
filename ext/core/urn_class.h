/*
** urn_class.h -- the character-class table of the scanner, shared by the
** scanner, the key, the comparator and the codec (layer 1; no SQLite
** headers), and the two case maps of the key built on it.
**
** urnClass[c] holds one bit per question asked of a byte c.  Every byte
** >= 0x80 is in no class: RFC 8141 §2 and RFC 2141 §2.4 admit only ASCII.
** The table itself is in urn_scan.c; test/scan.test checks it against
** regular expressions written from the ABNF.
*/
#ifndef URN_CLASS_H
#define URN_CLASS_H

extern const unsigned char urnClass[256];

#define UC_ALNUM  0x01  /* ALPHA / DIGIT                                  */
#define UC_HEX    0x02  /* HEXDIG, either case (RFC 3986 §2.1)            */
#define UC_PCHAR  0x04  /* pchar without pct-encoded: unreserved,
                        ** sub-delims, ":" and "@" (RFC 3986 §3.3)        */
#define UC_T2141  0x08  /* <trans> without <reserved>: letters, digits and
                        ** <other> = ()+,-.:=@;$_!*' (RFC 2141 §2.2)      */
#define UC_UPPER  0x10  /* A-Z                                            */
#define UC_LHEX   0x20  /* a-f                                            */
#define UC_RUN    0x40  /* a byte that every run of scanRun() admits as it
                        ** is: pchar without pct-encoded, and "/"
                        ** (RFC 8141 §2, RFC 3986 §3.3 and §3.5)          */
#define UC_LDH    0x80  /* ldh = ALPHA / DIGIT / "-" (RFC 8141 §2)        */

#define CLS(c) (urnClass[(unsigned char)(c)])

/* ASCII lower-casing, for the scheme and the NID (RFC 8141 §3.1, items 1
** and 2: "by conversion to lower case"). */
static inline unsigned char lowerByte(unsigned char c){
  return (urnClass[c] & UC_UPPER) ? (unsigned char)(c|0x20) : c;
}

/* Hex digit upper-casing, for the digits of a %XX (RFC 8141 §3.1, item 3:
** "by conversion to upper case for the digits A-F"). */
static inline unsigned char upperHex(unsigned char c){
  return (urnClass[c] & UC_LHEX) ? (unsigned char)(c&~0x20) : c;
}

#endif /* URN_CLASS_H */
