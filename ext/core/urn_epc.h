/*
** urn_epc.h -- layer 2 of sqlite-urn: the EPC binary encodings of the GS1
** EPC Tag Data Standard (TDS 2.1, §14 and §15), engine-free.  From the hex
** of an RFID tag's EPC memory bank (the bits after the PC word) to the EPC
** tag URI (§12.3), and back; from a pure identity URI (§6.3) with a scheme
** and a filter to the tag URI.
**
** The binary schemes (TDS Table 14-1, one row each in urn_epc.c):
**   sgtin-96 sgtin-198 sscc-96 sgln-96 sgln-195 grai-96 grai-170 giai-96
**   giai-202 gsrn-96 gsrnp-96 gdti-96 gdti-113 gdti-174 sgcn-96 itip-110
**   itip-212 cpi-96 cpi-var gid-96 usdod-96 adi-var
** What the tag's bits do not decode to (an unknown header, a '+' or '++'
** scheme of TDS 2.x, which has no tag URI, partition 7, a value out of
** range, a character outside its set, too few bits, bits after the
** encoding that are not zero) is written as the raw URI of §15.2.2,
** "urn:epc:raw:" N ".x" HEX, N the number of bits (4 per hex digit) and
** HEX the input in upper case: nothing of the tag is lost.
**
** Contract for every engine's glue (as urn_url.h's):
**   - nothing allocates, keeps state or uses floating point (integers of
**     64 bits hold every field: a GIAI-96 reference has up to 62 bits);
**   - each function returns the length of its whole answer and writes it
**     to zOut only when it fits in nOut bytes (no NUL is written); a
**     second call with room for that length gives the same bytes;
**   - URN_EPC_NULL means SQL NULL, or, when *pErr's message is not empty,
**     an error the glue raises with that message (it names the SQL
**     function zFunc, the field, and the limit the scheme sets);
**   - answers are printable ASCII; input is read through its length
**     (NUL bytes and any other byte are simply not hex, or not a URI).
*/
#ifndef URN_EPC_H
#define URN_EPC_H

#include <stddef.h>

#define URN_EPC_NULL ((size_t)-1)

/* The longest tag URI a decoding gives (an adi-var with a part number of
** 32 and a serial of 30 escaped characters: 217 bytes).  A raw URI is as
** long as its input plus at most 32 bytes. */
#define URN_EPC_URI_MAX 256

/* Room for any message, its NUL included. */
#define URN_EPC_ERROR_MAX 384

typedef struct UrnEpcErr {
  char zMsg[URN_EPC_ERROR_MAX];
} UrnEpcErr;

/* What a decoding found, for the glue's table/STRUCT form (urn_epc()).
** Offsets are into the URI the call measures (and writes): the fields of
** the pure identity run from offBody to the end, the company (a GS1
** Company Prefix, a GID's general manager number, a CAGE or DoDAAC code)
** is the first of them, the serial the last, and the reference whatever
** stands between (item reference, location reference, an ITIP's
** reference.piece.total, ...); nRef is 0 and hasRef 0 where the scheme
** has none (sscc, giai, gsrn, gsrnp, usdod). */
typedef struct UrnEpcParts {
  const char *zScheme;   /* "sgtin-96"; for a raw URI, the '+' scheme its
                         ** header names ("sgtin+"), else 0 */
  const char *zPure;     /* "sgtin", the pure identity's scheme; 0: raw */
  int iFilter;           /* the filter value; -1: raw, or gid-96 */
  int hasRef;
  size_t offBody, nCompany, offRef, nRef, offSerial, nSerial;
} UrnEpcParts;

/* The tag URI (or raw URI) of the hex z[0..n), upper or lower case, the
** bits of an EPC memory bank after its PC word.  Longer input decodes when
** the bits after the encoding are zero (a reader pads the EPC to a 16-bit
** word; some report the whole bank).  URN_EPC_NULL, with no message, for
** what cannot come from a tag: empty, an odd number of digits, or a byte
** that is not a hex digit.  pParts may be 0. */
size_t urnEpcFromHex(const unsigned char *z, size_t n, char *zOut,
                     size_t nOut, UrnEpcParts *pParts);

/* The hex (upper case, the encoding padded with zero bits to a 16-bit
** word, §15.1.1) of the EPC tag URI z[0..n), or of a raw URI
** "urn:epc:raw:N.xHEX" (N four times HEX's digits, an even number of
** them).  "urn" and "epc" in any letter case, the rest as TDS §12.3
** writes it; the fields are read by position: the last one may hold '.'
** and ':'.  URN_EPC_NULL with no message when z is no tag URI of a scheme
** above; with a message naming the field and the limit when a field is
** one the scheme cannot hold. */
size_t urnEpcToHex(const unsigned char *z, size_t n, const char *zFunc,
                   char *zOut, size_t nOut, UrnEpcErr *pErr);

/* The tag URI of the pure identity URI z[0..n) ("urn:epc:id:sgtin:..."),
** in the binary scheme zScheme[0..nScheme) ("sgtin-96") with the filter
** value iFilter, written as a decoding of its bits writes it (an escape's
** hex digits in upper case).  URN_EPC_NULL with a message when zScheme is
** no scheme above, the identity is not of that scheme (urn:epc:id:gid for
** gid-96), iFilter is out of the scheme's range (0-7; usdod-96 0-15;
** adi-var 0-63; gid-96 0 only, it has none), or a field does not fit;
** with no message when z is no EPC pure identity URI at all. */
size_t urnEpcTag(const unsigned char *z, size_t n,
                 const unsigned char *zScheme, size_t nScheme,
                 long long iFilter, const char *zFunc, char *zOut,
                 size_t nOut, UrnEpcErr *pErr);

/* The pure identity URI of the tag URI z[0..n): the filter dropped, the
** scheme's name without its length (§12.3.3).  URN_EPC_NULL (never a
** message) for anything else, raw URIs and malformed tag URIs included. */
size_t urnEpcPure(const unsigned char *z, size_t n, char *zOut,
                  size_t nOut);

/* The pure identity URI of a decoding: zTag[0..nTag) the tag URI that
** urnEpcFromHex() (or a decoding of urnEpcTag()'s bits) wrote, *pParts what
** it found; written to zOut when it fits nOut.  Its length, or
** URN_EPC_NULL for a raw URI (pParts->zPure 0). */
size_t urnEpcPureOf(const char *zTag, size_t nTag, const UrnEpcParts *pParts,
                    char *zOut, size_t nOut);

/* The number of binary schemes, and the name of scheme i ("sgtin-96"),
** in order of header; 0 for any other i. */
int urnEpcSchemeCount(void);
const char *urnEpcSchemeName(int i);

#endif /* URN_EPC_H */
