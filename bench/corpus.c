/*
** corpus.c -- the inputs of the benchmarks (bench/corpus.h).  No engine
** header.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "corpus.h"

/* ---- The corpus of gen_corpus --------------------------------------------- */

void loadCorpus(const char *zFile, Corpus *p){
  FILE *f = fopen(zFile, "rb");
  long sz;
  size_t i, start, k;
  if( f==0 ){ perror(zFile); exit(1); }
  fseek(f, 0, SEEK_END);
  sz = ftell(f);
  fseek(f, 0, SEEK_SET);
  p->z = xmalloc((size_t)sz+1);
  if( fread(p->z, 1, (size_t)sz, f)!=(size_t)sz ){ perror(zFile); exit(1); }
  fclose(f);
  if( sz>0 && p->z[sz-1]!='\n' ) p->z[sz++] = '\n';
  p->n = 0;
  for(i=0; i<(size_t)sz; i++) if( p->z[i]=='\n' ) p->n++;
  p->aOff = xmalloc(sizeof(size_t)*(size_t)p->n);
  p->aLen = xmalloc(sizeof(size_t)*(size_t)p->n);
  p->nByte = 0;
  for(i=0, start=0, k=0; i<(size_t)sz; i++){
    if( p->z[i]=='\n' ){
      p->aOff[k] = start;
      p->aLen[k] = i-start;
      p->nByte += i-start;
      k++;
      start = i+1;
    }
  }
}

/* ---- The per-byte string of measurement 7 ------------------------------ */

/* A valid URN of exactly n>=16 bytes: "urn:example:" then pchar, "/" and
** %XX in mixed hex case. */
unsigned char *longUrn(size_t n){
  static const char zHead[] = "urn:example:";
  static const char zChunk[] = "a1%2cB-z/%7eQ.";
  unsigned char *z = xmalloc(n+1);
  size_t i = sizeof(zHead)-1, k = sizeof(zChunk)-1;
  memcpy(z, zHead, i);
  while( i+k<=n ){ memcpy(z+i, zChunk, k); i += k; }
  while( i<n ) z[i++] = 'q';
  z[n] = 0;
  return z;
}

/* ---- The document of urn_find (measurement 9) ------------------------- */

/* A document of n bytes (NUL-terminated, from xmalloc) in which a reader
** would look for URNs: sentences of words, some of them not ASCII, with a
** URN every 150 to 450 bytes, spelled in mixed case, some in Clark
** notation or inside a URL or an XML attribute, some followed by
** punctuation that urn_find must leave out.  *pnUrn gets the number of
** URNs written.  Deterministic for a seed. */
unsigned char *findDocument(size_t n, unsigned long seed,
                                   i64 *pnUrn){
  static const char *const azWord[] = {
    "the", "of", "and", "a", "to", "in", "is", "record", "catalogue",
    "name", "was", "for", "that", "edition", "see", "also", "café",
    "Straße", "naïve", "résumé", "which", "number", "schema", "element",
    "namespace", "identifier", "document", "with", "from", "by", "its",
  };
  static const char *const azUrn[] = {
    "urn:isbn:0-395-36341-1", "URN:ISBN:978-0-395-36341-6",
    "urn:ietf:rfc:8141", "urn:oasis:names:tc:xliff:document:1.2",
    "urn:nbn:de:bvb:19-146642", "urn:uuid:6E8BC430-9C3A-11D9-9669-0800200C9A66",
    "urn:oid:1.3.6.1.4.1.5923.1.1.1.7", "Urn:Example:a%2cb/c?+r?=q#f",
    "urn:issn:0259-000X", "urn:mpeg:mpeg7:schema:2001",
  };
  /* Before, after: how a URN sits in the text.  "%s" is the URN. */
  static const char *const azFrame[] = {
    " see %s.", " (%s)", " {%s}Element", " xmlns=\"%s\"",
    " https://resolver.example/%s&fmt=pdf", " %s,", " %s;", " '%s'",
    " %s", " %s!", " <%s>", " %s).",
  };
  unsigned char *z = xmalloc(n+1);
  size_t i = 0, next;
  u64 x = seed*2654435761u + 1;
  i64 nUrn = 0;
#define FIND_RAND(k) (x = x*6364136223846793005ull + 1442695040888963407ull, \
                      (size_t)((x>>33) % (k)))
  next = 150 + FIND_RAND(300);
  while( i<n ){
    char zBuf[160];
    const char *zAdd;
    int k, isUrn = i>=next;
    if( isUrn ){
      const char *zUrn = azUrn[FIND_RAND(sizeof(azUrn)/sizeof(azUrn[0]))];
      const char *zFrame = azFrame[FIND_RAND(sizeof(azFrame)/sizeof(azFrame[0]))];
      k = snprintf(zBuf, sizeof(zBuf), zFrame, zUrn);
      zAdd = zBuf;
      nUrn++;
      next = i + 150 + FIND_RAND(300);
    }else{
      const char *zWord = azWord[FIND_RAND(sizeof(azWord)/sizeof(azWord[0]))];
      int r = (int)FIND_RAND(16);
      k = snprintf(zBuf, sizeof(zBuf), "%s%s", r==0 ? ". " : r==1 ? ", " : " ",
                   zWord);
      if( r==0 && zBuf[2]>='a' && zBuf[2]<='z' ) zBuf[2] -= 32;
      zAdd = zBuf;
    }
    if( i+(size_t)k>n ){
      memset(z+i, ' ', n-i);          /* never half a word or a URN */
      if( isUrn ) nUrn--;
      i = n;
      break;
    }
    memcpy(z+i, zAdd, (size_t)k);
    i += (size_t)k;
  }
#undef FIND_RAND
  z[n] = 0;
  *pnUrn = nUrn;
  return z;
}

