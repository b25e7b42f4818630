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

#endif /* URN_PG_H */
