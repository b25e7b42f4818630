/*
** corpus.h -- the inputs of the benchmarks (bench/corpus.c), besides the
** row corpus that bench/gen_corpus.c writes: that corpus read back into
** memory, the long URN of the per-byte measurement and the document that
** urn_find reads.  Deterministic, engine-free.
*/
#ifndef URN_BENCH_CORPUS_H
#define URN_BENCH_CORPUS_H

#include <stddef.h>
#include "report.h"

/* The corpus written by gen_corpus, one string per line. */
typedef struct Corpus {
  unsigned char *z;       /* all the bytes, lines separated by '\n'      */
  size_t nByte;           /* bytes of the strings, newlines not counted  */
  i64 n;                  /* number of strings                           */
  size_t *aOff, *aLen;    /* string i is z[aOff[i] .. aOff[i]+aLen[i])   */
} Corpus;

/* Read zFile into *p; exits with a message if it cannot. */
void loadCorpus(const char *zFile, Corpus *p);

/* A valid URN of exactly n>=16 bytes (from xmalloc, NUL-terminated). */
unsigned char *longUrn(size_t n);

/* A document of n bytes (from xmalloc, NUL-terminated) with a URN every
** 150 to 450 bytes; *pnUrn gets their number.  Deterministic for a seed. */
unsigned char *findDocument(size_t n, unsigned long seed, i64 *pnUrn);

#endif /* URN_BENCH_CORPUS_H */
