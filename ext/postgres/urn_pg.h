/*
** urn_pg.h -- what the PostgreSQL glue files of sqlite-urn (layer 3) share:
** reading an argument's bytes, the MODE argument, and making a text result.
** Only this folder includes PostgreSQL's headers; ext/core/ never sees them.
*/
#ifndef URN_PG_H
#define URN_PG_H

#include "postgres.h"
#include "fmgr.h"
#include "../core/urn_scan.h"
#include "../core/urn_key.h"
#include "../core/urn_cmp.h"
#include "../core/urn_mode.h"

/* urn_version(): VERSION's, as in every engine; the tests compare the
** engines' urn_version(). */
#include "../core/urn_version.h"

/* The bytes of a text (or urn) value: z[0..n), or z==0 for SQL NULL. */
typedef struct UrnPgArg {
  const unsigned char *z;
  size_t n;
} UrnPgArg;

/* The bytes of argument i of fcinfo (a text or urn), detoasted in the
** call's memory context; z==0 when it is NULL. */
UrnPgArg urnPgArg(FunctionCallInfo fcinfo, int i);

/* The mode that argument i names among the bit set "modes", or
** URN_MODE_RFC8141 when the call has no argument i.  A NULL or any other
** text is an error (SQLSTATE 22023) with the message of every engine
** (ext/core/urn_mode.c), naming zFunc and the modes it accepts. */
int urnPgMode(FunctionCallInfo fcinfo, int i, const char *zFunc, int modes);

/* A palloc'd text of n bytes, uninitialized, for the caller to write from
** VARDATA(); "string or blob too big" (SQLSTATE 54000) past PostgreSQL's
** largest value, as SQLite says past its own. */
text *urnPgTextAlloc(size_t n);

/* A palloc'd text holding z[0..n). */
text *urnPgText(const void *z, size_t n);

/* Raise 22P02 for the string z[0..n) that is not a URN, where a value of
** type zType (urn or urn_ns) is made: "invalid input syntax for type urn",
** with urn_error's message (the reason and its 0-based byte offset) as
** the detail. */
void urnPgNotUrn(const unsigned char *z, size_t n, const char *zMsg,
                 const char *zType) pg_attribute_noreturn();

/* ---- The stored form of urn and urn_ns (urn_pg_type.c; docs/design.md,
** "PostgreSQL's stored form"), for the glue's other files. */

/* The key of the urn (ns 0) or urn_ns (ns 1) value x without its "urn:",
** which every key begins with: key(X) for urn, key_ns(X) for urn_ns (RFC
** 8141 §3.1), the bytes that the operators compare (memcmp, the shorter
** first on a tie: the order of COLLATE URN and URN_NS).  z points into x's
** varlena, detoasted in the current memory context when x is TOASTed (as
** urnPgArg() does), else x's own bytes; for a value that 0.1.0 stored (its
** spelling), into a key written in the current memory context. */
UrnPgArg urnPgKey(Datum x, int ns);

/* The urn or urn_ns value x as written, a palloc'd text: what its output,
** send and cast to text give. */
text *urnPgSpelling(Datum x);

/* The value of type urn (ns 0) or urn_ns (ns 1) for z[0..n), palloc'd, as
** the type's input makes it; 22P02 (urnPgNotUrn()) when z[0..n) is not an
** RFC 8141 URN. */
text *urnPgMake(const unsigned char *z, size_t n, int ns);

#endif /* URN_PG_H */
