/*
** urn_mode.h -- the MODE argument of every function, engine-free (layer
** 1): which mode a value names, and the message for a value that names
** none.  Each engine's glue reads the argument's bytes and its kind
** (text, BLOB or NULL) and calls these, so that SQLite and DuckDB accept
** the same modes and refuse the rest with the same words.
*/
#ifndef URN_MODE_H
#define URN_MODE_H

#include <stddef.h>
#include "urn_scan.h"

/* Which modes a function accepts, as a bit set of (1<<URN_MODE_xxx). */
#define URN_MODES_SYNTAX ((1<<URN_MODE_RFC8141)|(1<<URN_MODE_RFC2141))
#define URN_MODES_ALL    (URN_MODES_SYNTAX|(1<<URN_MODE_NS))

/* What the MODE argument is: text (a number counts as its text), a BLOB,
** or SQL NULL (z unused). */
#define URN_MODE_ARG_TEXT 0
#define URN_MODE_ARG_BLOB 1
#define URN_MODE_ARG_NULL 2

/* Room for any message of urnModeError(), its NUL included: the longest
** name of a function that takes a mode (14 bytes, "urn_rcomponent") +
** "(): unknown mode '" (18) + 40 bytes shown as \xNN (160) + "...'" (4)
** + "; expected 'rfc8141', 'rfc2141' or 'ns'" (39) + NUL is 236. */
#define URN_MODE_ERROR_MAX 256

/* The name of mode (URN_MODE_xxx): "rfc8141", "rfc2141" or "ns". */
const char *urnModeName(int mode);

/* The mode (URN_MODE_xxx) that the text z[0..n) names among the bit set
** "modes", compared as a whole value and ignoring ASCII case; -1 for any
** other text (a NUL byte inside it included).  A BLOB or NULL names no
** mode: callers pass only text. */
int urnModeFind(const unsigned char *z, size_t n, int modes);

/* Write to zBuf (nBuf >= URN_MODE_ERROR_MAX) the message for a MODE
** argument that names none of "modes": "zFunc(): unknown mode 'x';
** expected 'rfc8141', 'rfc2141' or 'ns'".  The value is shown as the bytes
** it has: text in quotes with control bytes, a backslash and bytes
** outside valid UTF-8 escaped as \xNN (so 'ns' || char(0) reads 'ns\x00'),
** a BLOB as x'6E73' saying it is one, NULL as NULL; past 40 bytes it is
** cut with "...". */
void urnModeError(char *zBuf, size_t nBuf, const char *zFunc,
                  int eArg, const unsigned char *z, size_t n, int modes);

#endif /* URN_MODE_H */
