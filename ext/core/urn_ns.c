/*
** urn_ns.c -- layer 2 of sqlite-urn: the namespace table and the
** namespace-aware key, comparator and validation (no SQLite headers).
**
** The table has one entry per NID of the IANA registry "Uniform Resource
** Names (URN) Namespaces", snapshot of 2026-05-28: 96 formal NIDs (RFC 8141
** §5.1) and 8 informal ones (RFC 8141 §5.2), each with the reference the
** registry lists, an optional key transform and an optional NSS validator
** (urn_ns_rules.c).  Adding a namespace rule is adding a pointer to its
** entry; adding a NID is adding an entry, in byte order of the NID.
**
** key_ns(s) = f_nid(key(s)) (docs/design.md): the generic key of RFC 8141 §3.1
** (scheme and NID lower-cased, %XX hex digits upper-cased, components
** dropped), then the transform of the NID if it has one.  A transform
** deletes or re-cases bytes of the NSS only, so the key's byte i depends
** on a few bytes of the input: the comparator walks both inputs at once
** and never writes a key anywhere.  For a string that is not an RFC 8141
** URN, key_ns(s) = s.
**
** The rows below were generated from urn-namespaces.tsv with
**   awk -F'\t' '!/^#/ && $1!="nid"' urn-namespaces.tsv | LC_ALL=C sort
** ('-' references as 0, rules attached by hand); test/ns.test checks them
** against the TSV when it is at hand, and the order always.
*/
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include "urn_ns.h"
#include "urn_class.h"
#include "urn_block.h"
#include "urn_cmp.h"
#include "urn_key.h"
#include "urn_ns_rules.h"
#include "urn_utf16.h"

const char urnNsRegistryDate[] = "2026-05-28";

/* The registry snapshot, in byte order of the NID. */
static const UrnNsEntry aRegistry[] = {
  { "3gpp", URN_NS_FORMAL, "RFC 5279", 0, 0 },
  { "3gpp2", URN_NS_FORMAL, "RFC 8464", 0, 0 },
  { "adid", URN_NS_FORMAL, "RFC 8107", 0, 0 },
  { "alert", URN_NS_FORMAL, "RFC 7462", 0, 0 },
  { "bbf", URN_NS_FORMAL, "RFC 8057", 0, 0 },
  { "broadband-forum-org", URN_NS_FORMAL, "RFC 8057", 0, 0 },
  { "c2pa", URN_NS_FORMAL, "C2PA", 0, 0 },
  { "cablelabs", URN_NS_FORMAL, "RFC 6289", 0, 0 },
  { "ccsds", URN_NS_FORMAL, "RFC 7738", 0, 0 },
  { "cdx", URN_NS_FORMAL, "The OWASP Foundation Inc.", 0, 0 },
  { "cgi", URN_NS_FORMAL, "RFC 5138", 0, 0 },
  { "clei", URN_NS_FORMAL, "RFC 4152", 0, 0 },
  { "csa", URN_NS_FORMAL, "Connectivity Standards Alliance", 0, 0 },
  { "cta", URN_NS_FORMAL, "Consumer Technology Association", 0, 0 },
  { "ddi", URN_NS_FORMAL, "RFC 9517", 0, 0 },
  { "dev", URN_NS_FORMAL, "RFC 9039", 0, 0 },
  { "dgiwg", URN_NS_FORMAL, "RFC 6288", 0, 0 },
  { "doi", URN_NS_FORMAL, "DOI Foundation", &urnNsFoldDoi, 0 },
  { "dslforum-org", URN_NS_FORMAL, "RFC 8057", 0, 0 },
  { "dvb", URN_NS_FORMAL, "RFC 5328; RFC 7354", 0, 0 },
  { "ebu", URN_NS_FORMAL, "RFC 5174", 0, 0 },
  { "eic", URN_NS_FORMAL,
    "European Network of Transmission System Operators for Electricity "
    "(ENTSO-E)",
    0, 0 },
  { "eidr", URN_NS_FORMAL, "RFC 7972", 0, 0 },
  { "epc", URN_NS_FORMAL, "RFC 5134", 0, 0 },
  { "epcglobal", URN_NS_FORMAL, "RFC 5134", 0, 0 },
  { "etsi", URN_NS_FORMAL, "RFC 8515", 0, 0 },
  { "eurosystem", URN_NS_FORMAL, "RFC 7207", 0, 0 },
  { "example", URN_NS_FORMAL, "RFC 6963", 0, 0 },
  { "fdc", URN_NS_FORMAL, "RFC 4198", 0, 0 },
  { "fipa", URN_NS_FORMAL, "RFC 3616", 0, 0 },
  { "gdr", URN_NS_FORMAL, 0, 0, 0 },
  { "gdst", URN_NS_FORMAL, "Institute of Food Technologists", 0, 0 },
  { "geant", URN_NS_FORMAL, "RFC 4926", 0, 0 },
  { "globus", URN_NS_FORMAL, "RFC 7853", 0, 0 },
  { "gsma", URN_NS_FORMAL, "RFC 7254", 0, 0 },
  { "gvat", URN_NS_FORMAL, "Bundeskanzleramt der Republik Österreich", 0, 0 },
  { "hbbtv", URN_NS_FORMAL, "RFC 7528", 0, 0 },
  { "ieee", URN_NS_FORMAL, "RFC 8069", 0, 0 },
  { "ietf", URN_NS_FORMAL, "RFC 2648", &urnNsFoldIetf, &urnNsCheckIetf },
  { "iptc", URN_NS_FORMAL, "RFC 3937", 0, 0 },
  { "isan", URN_NS_FORMAL, "RFC 4246", &urnNsFoldIsan, &urnNsCheckIsan },
  { "isbn", URN_NS_FORMAL,
    "International ISBN Agency", &urnNsFoldIsbn, &urnNsCheckIsbn },
  { "isni", URN_NS_FORMAL,
    "ISNI International Agency", &urnNsFoldIsni, &urnNsCheckIsni },
  { "iso", URN_NS_FORMAL, "RFC 5141", 0, 0 },
  { "issn", URN_NS_FORMAL,
    "ISSN International Centre", &urnNsFoldIssn, &urnNsCheckIssn },
  { "itu", URN_NS_FORMAL,
    "International Telecommunications Union (ITU)", 0, 0 },
  { "ivis", URN_NS_FORMAL, "RFC 4617", 0, 0 },
  { "knx", URN_NS_FORMAL, "KNX Association cvba", 0, 0 },
  { "lei", URN_NS_FORMAL,
    "Global Legal Entity Identifier Foundation (GLEIF)", 0, 0 },
  { "lex", URN_NS_FORMAL, "RFC 9676", 0, 0 },
  { "liberty", URN_NS_FORMAL, "RFC 3622", 0, 0 },
  { "mace", URN_NS_FORMAL, "RFC 3613", 0, 0 },
  { "mef", URN_NS_FORMAL, "RFC 7818", 0, 0 },
  { "meta", URN_NS_FORMAL, "Juha Hakala", 0, 0 },
  { "mpeg", URN_NS_FORMAL, "RFC 3614", &urnNsFoldMpeg, 0 },
  { "mrn", URN_NS_FORMAL,
    "International Association of Marine Aids to Navigation and "
    "Lighthouse Authorities (IALA)",
    0, 0 },
  { "nan", URN_NS_FORMAL, "The National Archives of Finland", 0, 0 },
  { "nato", URN_NS_FORMAL, "RFC 7467", 0, 0 },
  { "nbn", URN_NS_FORMAL, "RFC 8458", &urnNsFoldNbn, &urnNsCheckNbn },
  { "nena", URN_NS_FORMAL, "RFC 6061", 0, 0 },
  { "newsml", URN_NS_FORMAL, "RFC 3085", 0, 0 },
  { "nfc", URN_NS_FORMAL, "RFC 4729", 0, 0 },
  { "nfi", URN_NS_FORMAL, 0, 0, 0 },
  { "nzl", URN_NS_FORMAL, "RFC 4350", &urnNsFoldNzl, 0 },
  { "oasis", URN_NS_FORMAL, "RFC 3121", 0, 0 },
  { "ogc", URN_NS_FORMAL, "RFC 5165", 0, 0 },
  { "ogf", URN_NS_FORMAL, "RFC 6453", 0, 0 },
  { "oid", URN_NS_FORMAL, "RFC 3061", 0, &urnNsCheckOid },
  { "oipf", URN_NS_FORMAL, "RFC 6893", 0, 0 },
  { "oma", URN_NS_FORMAL, "RFC 4358", 0, 0 },
  { "onem2m", URN_NS_FORMAL, "oneM2M Partnership Project", 0, 0 },
  { "onf", URN_NS_FORMAL, "Open Networking Foundation", 0, 0 },
  { "pin", URN_NS_FORMAL, "RFC 3043", 0, 0 },
  { "pno", URN_NS_FORMAL, "PROFIBUS Nutzerorganisation e.V.", 0, 0 },
  { "publicid", URN_NS_FORMAL, "RFC 3151", 0, 0 },
  { "pwid", URN_NS_FORMAL, "Eld Zierau", 0, 0 },
  { "reso", URN_NS_FORMAL, "Real Estate Standards Organization (RESO)", 0, 0 },
  { "s1000d", URN_NS_FORMAL, "RFC 4688", 0, 0 },
  { "said", URN_NS_FORMAL, 0, 0, 0 },
  { "schac", URN_NS_FORMAL, "RFC 6338", 0, 0 },
  { "service", URN_NS_FORMAL, "RFC 5031", 0, 0 },
  { "smpte", URN_NS_FORMAL, "RFC 5119", 0, 0 },
  { "stalwart", URN_NS_FORMAL, "Stalwart Labs LLC", 0, 0 },
  { "swift", URN_NS_FORMAL, "RFC 3615", 0, 0 },
  { "thread", URN_NS_FORMAL, "Thread Group, Inc.", 0, 0 },
  { "trivore", URN_NS_FORMAL, 0, 0, 0 },
  { "tva", URN_NS_FORMAL, "RFC 4195", 0, 0 },
  { "uci", URN_NS_FORMAL, "RFC 4179", 0, 0 },
  { "ucode", URN_NS_FORMAL, "RFC 6588; Errata 3188; Errata 3189", 0, 0 },
  { "uic", URN_NS_FORMAL, "Union International de Chemin de Fer", 0, 0 },
  { "urn-1", URN_NS_INFORMAL, "Michael Mealling", 0, 0 },
  { "urn-2", URN_NS_INFORMAL, "Robert M. Akscyn", 0, 0 },
  { "urn-3", URN_NS_INFORMAL, "Andrea Goethals", 0, 0 },
  { "urn-4", URN_NS_INFORMAL, "Kevin P. Yancey", 0, 0 },
  { "urn-5", URN_NS_INFORMAL, "B. Fallenstein", 0, 0 },
  { "urn-6", URN_NS_INFORMAL, "Evan Prodromou", 0, 0 },
  { "urn-7", URN_NS_INFORMAL, "RFC 6050", 0, 0 },
  { "urn-8", URN_NS_INFORMAL, 0, 0, 0 },
  { "uuid", URN_NS_FORMAL, "RFC 9562", &urnNsFoldUuid, &urnNsCheckUuid },
  { "web3d", URN_NS_FORMAL, "RFC 3541", 0, 0 },
  { "wfa", URN_NS_FORMAL, 0, 0, 0 },
  { "wmo", URN_NS_FORMAL, "World Meteorological Organization", 0, 0 },
  { "xmlorg", URN_NS_FORMAL, "RFC 3120", 0, 0 },
  { "xmpp", URN_NS_FORMAL, "RFC 4854", 0, 0 },
};

#define REGISTRY_SIZE ((int)(sizeof(aRegistry)/sizeof(aRegistry[0])))

int urnNsRegistrySize(void){ return REGISTRY_SIZE; }

const UrnNsEntry *urnNsRegistryAt(int i){
  return (i>=0 && i<REGISTRY_SIZE) ? &aRegistry[i] : 0;
}

/* The first 8 bytes of z as a number whose order is their byte order. */
static inline uint64_t firstWord(const unsigned char *z){
#if defined(__GNUC__) && defined(__BYTE_ORDER__) \
    && __BYTE_ORDER__==__ORDER_LITTLE_ENDIAN__
  uint64_t w;
  memcpy(&w, z, 8);
  return __builtin_bswap64(w);
#elif defined(__GNUC__) && defined(__BYTE_ORDER__) \
    && __BYTE_ORDER__==__ORDER_BIG_ENDIAN__
  uint64_t w;
  memcpy(&w, z, 8);
  return w;
#else
  return (uint64_t)z[0]<<56 | (uint64_t)z[1]<<48 | (uint64_t)z[2]<<40
       | (uint64_t)z[3]<<32 | (uint64_t)z[4]<<24 | (uint64_t)z[5]<<16
       | (uint64_t)z[6]<<8  | (uint64_t)z[7];
#endif
}

/* The entry that a lower-cased, NUL-padded NID zLow can only be: the last
** whose first 8 bytes are not above zLow's (a binary search; no two
** registered NIDs share their first 8 bytes). */
static const UrnNsEntry *registrySearch(const unsigned char *zLow){
  const UrnNsEntry *p = aRegistry;
  size_t len = REGISTRY_SIZE;
  uint64_t k = firstWord(zLow);
  while( len>1 ){
    size_t half = len/2;
    if( firstWord((const unsigned char*)p[half].zNid)<=k ) p += half;
    len -= half;
  }
  return p;
}

/* NIDs are case-insensitive (RFC 8141 §2.1): the NID z[0..n) is
** lower-cased once, NUL-padded like the zNid of an entry, then found by a
** binary search on the first 8 bytes, which no two registered NIDs share
** (test/ns.test finds every NID through this function), and checked whole.
** A NID has at most 32 characters, all ldh (RFC 8141 §2): anything else, a
** NUL byte included, is not registered. */
const UrnNsEntry *urnNsRegistryFind(const unsigned char *z, size_t n){
  unsigned char zLow[sizeof(aRegistry[0].zNid)];
  const UrnNsEntry *p;
  size_t i;
  unsigned char all = UC_LDH;       /* the classes every byte is in */
  if( n==0 || n>=sizeof(zLow) ) return 0;
  memset(zLow, 0, sizeof(zLow));
  for(i=0; i<n; i++){
    unsigned char c = z[i];
    all &= CLS(c);
    zLow[i] = (unsigned char)(c | ((CLS(c) & UC_UPPER) ? 0x20 : 0));
  }
  if( (all & UC_LDH)==0 ) return 0;
  p = registrySearch(zLow);
  return memcmp(zLow, p->zNid, sizeof(zLow))==0 ? p : 0;
}

#ifdef URN_SIMD
/* urnNsRegistryFind() for the NID z[4..4+n) of a string z[0..nz), where
** the comparator meets it: when nz>=BLOCK and the NID ends inside the
** first block, the NID is lower-cased (NIDs are case-insensitive, RFC 8141
** §3.1 item 2), NUL-padded and checked a block at a time (the search is
** the same); else urnNsRegistryFind() copies the bytes.  A NID with a NUL
** byte is never registered. */
static const UrnNsEntry *registryFindHead(const unsigned char *z, size_t nz,
                                          size_t n){
  static const unsigned char aMask[32] = {
    0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,
    0xff,0xff, 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0
  };
  const UrnNsEntry *p;
  unsigned char zLow[BLOCK];
  Blk w;
  if( nz<BLOCK || n==0 || 4+n>BLOCK ) return urnNsRegistryFind(z+4, n);
  /* The NID from byte 0, the bytes after it zero. */
  w = _mm_and_si128(_mm_srli_si128(blkLower(blkLoad(z)), 4),
                    blkLoad(aMask+BLOCK-n));
  if( blkIs(w, 0) & blkBefore(n) ) return 0;
  blkStore(zLow, w);
  p = registrySearch(zLow);
  /* The entry's NID is NUL-padded to 33 bytes, and this one's to BLOCK. */
  return blkSame(w, blkLoad((const unsigned char*)p->zNid)) ? p : 0;
}
#else
static const UrnNsEntry *registryFindHead(const unsigned char *z, size_t nz,
                                          size_t n){
  (void)nz;
  return urnNsRegistryFind(z+4, n);
}
#endif

/* ---- key_ns, produced one byte at a time ------------------------------ */

/* A reader of key_ns(z): either the bytes of a non-URN as they are, or the
** assigned-name of a URN with the generic folding of RFC 8141 §3.1 and the
** transform of its NID applied on the fly. */
typedef struct NsKeyReader {
  const unsigned char *z;
  size_t i;            /* next byte of z to read */
  size_t end;          /* read z[i..end): all of a non-URN, the
                       ** assigned-name of a URN */
  size_t nssOff;       /* where the NSS starts (URN only) */
  size_t lowerEnd;     /* A-Z before this offset are lower-cased */
  int isUrn;
  UrnNsFold fold;      /* the transform's decision for this NSS */
} NsKeyReader;

/* The decision of pTransform (0: none, the identity) for the NSS
** z[off..end) in *pFold, z[0..end) being the assigned-name; the identity
** too for an assigned-name longer than URN_NS_FOLD_MAX (urn_ns.h), so
** that every function and every encoding keys alike.  Inlined, as
** sideFold() below: a comparison asks for it on both sides of every pair
** of one NID with a transform. */
static URN_ALWAYS_INLINE void nssFold(const UrnNsTransform *pTransform,
                                      const unsigned char *z, size_t off,
                                      size_t end, UrnNsFold *pFold){
  memset(pFold, 0, sizeof(*pFold));
  if( pTransform && end<=URN_NS_FOLD_MAX ){
    UrnNsKeyNss nss;
    nss.z = z + off;
    nss.n = end - off;
    nss.nBefore = off;
    pTransform->xFold(&nss, pFold);
    assert( pFold->nLower<=nss.n );
  }
}

/* Start reading key_ns of the RFC 8141 URN z, scanned into *pParts, whose
** NID has the registry entry pEntry (0: not registered).  pKnown, if not
** NULL, is the transform's decision for this NSS, already taken. */
static void readerStartUrn(NsKeyReader *p, const unsigned char *z,
                           const UrnParts *pParts, const UrnNsEntry *pEntry,
                           const UrnNsFold *pKnown){
  if( pKnown ){
    p->fold = *pKnown;
  }else{
    nssFold(pEntry ? pEntry->pTransform : 0, z, pParts->nss.off,
            URN_KEY_LEN(pParts), &p->fold);
  }
  p->z = z;
  p->i = 0;
  p->end = URN_KEY_LEN(pParts);
  p->nssOff = pParts->nss.off;
  p->lowerEnd = pParts->nss.off + p->fold.nLower;
  p->isUrn = 1;
}

/* Start reading key_ns of the non-URN z[0..n): z itself (docs/design.md I3). */
static void readerStartRaw(NsKeyReader *p, const unsigned char *z, size_t n){
  memset(p, 0, sizeof(*p));
  p->z = z;
  p->end = n;
}

/* The next byte of key_ns, or -1 at its end.  With plain, the reader is
** a URN's, in its NSS, and the NSS holds no %XX (UrnNsFold.plainNss). */
static URN_ALWAYS_INLINE int readerNext(NsKeyReader *p, int plain){
  if( !plain && !p->isUrn ) return p->i<p->end ? p->z[p->i++] : -1;
  while( p->i<p->end ){
    size_t i = p->i++;
    unsigned char c = p->z[i];
    if( plain ){
      /* No scheme, NID or %XX: below. */
    }else if( i<p->nssOff ){
      /* Scheme and NID: lower case (RFC 8141 §3.1, items 1 and 2). */
      return (c>='A' && c<='Z') ? c|0x20 : c;
    }else if( p->z[i-1]=='%' || p->z[i-2]=='%' ){
      /* A hex digit of a %XX: upper case (RFC 8141 §3.1, item 3), never
      ** folded as a letter.  i-2 is at least the NID's last byte. */
      return (c>='a' && c<='f') ? c&~0x20 : c;
    }
    if( c=='-' && p->fold.dropHyphen ) continue;
    if( c>='A' && c<='Z' && i<p->lowerEnd ) return c|0x20;
    if( c=='x' && p->fold.upperX ) return 'X';
    return c;
  }
  return -1;
}

size_t urnNsKeyWrite(const unsigned char *z, const UrnParts *pParts,
                     unsigned char *zOut){
  NsKeyReader r;
  size_t n = 0;
  int c;
  readerStartUrn(&r, z, pParts,
                 urnNsRegistryFind(z+pParts->nid.off, pParts->nid.len), 0);
  while( (c = readerNext(&r, 0))>=0 ){
    if( zOut ) zOut[n] = (unsigned char)c;
    n++;
  }
  assert( n<=URN_KEY_LEN(pParts) );
  return n;
}

size_t urnNsKeyWriteNss(const unsigned char *z, const UrnParts *pParts,
                        unsigned char *zOut){
  NsKeyReader r;
  size_t n = 0, nHead = pParts->nss.off;
  int c;
  readerStartUrn(&r, z, pParts,
                 urnNsRegistryFind(z+pParts->nid.off, pParts->nid.len), 0);
  while( (c = readerNext(&r, 0))>=0 ){
    if( n>=nHead ) zOut[n-nHead] = (unsigned char)c;
    n++;
  }
  assert( n>=nHead && n<=URN_KEY_LEN(pParts) );
  return n-nHead;
}

/* key_ns against key_ns, as memcmp with the shorter first on a tie; with
** plain, both readers are as readerNext() says. */
static URN_ALWAYS_INLINE int readerCompare(NsKeyReader *pA, NsKeyReader *pB,
                                           int plain){
  for(;;){
    int ca = readerNext(pA, plain);
    int cb = readerNext(pB, plain);
    /* -1 (the end) sorts before every byte: shorter first on a tie. */
    if( ca!=cb ) return ca - cb;
    if( ca<0 ) return 0;
  }
}

/* Start two readers of URNs (readerStartUrn()) whose heads are equal,
** with one NID, at the first byte of the NSS where their strings differ:
** their keys are the same bytes before it when the transform treats the
** bytes before it alike on both sides, since each byte of a key depends
** only on the input bytes up to it (RFC 8141 §3.1, UrnNsFold).  That is
** when it drops '-' and upper-cases 'x' on both sides or on neither, and
** lower-cases A-Z up to the same offset, or up to two offsets both past
** that byte (a DOI against a longer DOI, each lower-cased whole); the
** readers start at most at the nearer offset.  Else at the NSS, nssOff.
** An ISBN against an ISBN is then read from its last digits, not from
** its first. */
static URN_ALWAYS_INLINE void readersFromDiff(NsKeyReader *pA, NsKeyReader *pB,
                                              size_t nssOff){
  size_t i = nssOff;
  if( pA->fold.dropHyphen==pB->fold.dropHyphen
   && pA->fold.upperX==pB->fold.upperX ){
    const unsigned char *a = pA->z, *b = pB->z;
    size_t m = pA->end<pB->end ? pA->end : pB->end;
    if( pA->lowerEnd!=pB->lowerEnd ){
      size_t low = pA->lowerEnd<pB->lowerEnd ? pA->lowerEnd : pB->lowerEnd;
      if( low<m ) m = low;
    }
    /* A block at a time, then the last BLOCK bytes before m, those
    ** before i masked out; a byte at a time if m is less than BLOCK. */
    for(;;){
      BlkMask ne;
      if( i+BLOCK<=m ){
        ne = blkNe(blkLoad(a+i), blkLoad(b+i));
        if( ne==0 ){
          i += BLOCK;
          continue;
        }
        i += blkFirst(ne);
      }else if( i<m && m>=BLOCK ){
        size_t s = m-BLOCK;
        ne = blkNe(blkLoad(a+s), blkLoad(b+s)) & blkFrom(i-s);
        i = ne ? s+blkFirst(ne) : m;
      }else{
        while( i<m && a[i]==b[i] ) i++;
      }
      break;
    }
  }
  pA->i = pB->i = i;
}

/* The end of the NSS of F (urn_cmp.c) in z[0..n): the first '?' or '#'
** from offset i on, or n.  A block at a time while it can. */
static URN_ALWAYS_INLINE size_t endOfNss(const unsigned char *z, size_t n,
                                         size_t i){
  for(; i+BLOCK<=n; i+=BLOCK){
    Blk w = blkLoad(z+i);
    BlkMask m = blkIs(w, '?') | blkIs(w, '#');
    if( m ) return i + blkFirst(m);
  }
  if( i<n && n>=BLOCK ){
    /* The last BLOCK bytes, those before i masked out. */
    size_t s = n-BLOCK;
    Blk w = blkLoad(z+s);
    BlkMask m = (blkIs(w, '?') | blkIs(w, '#')) & blkFrom(i-s);
    return m ? s + blkFirst(m) : n;
  }
  while( i<n && z[i]!='?' && z[i]!='#' ) i++;
  return i;
}

/* What nsLowerOnly() learnt, which urnNsCompare uses again. */
typedef struct NsWalk {
  int asked;                  /* nsLowerOnly() was called */
  const UrnNsEntry *pEntry;   /* the entry of the heads' NID, or 0 */
  int folded;                 /* aFold holds a's decision, then b's */
  UrnNsFold aFold[2];         /* the transform's decision for each NSS */
  size_t aEnd[2];             /* where each NSS of F ends */
  size_t nssOff;              /* where both NSS of F start */
  int lowerOnly;              /* what nsLowerOnly() answered, and */
  size_t aLow[2];             /* the offsets it stored */
  int decided;                /* nsLowerOnly() found the order, r */
  int r;
} NsWalk;

/* The transform of one side, z[0..n) with the NSS of F from nssOff: its
** decision in *pFold, the offset before which it lower-cases A-Z in
** *pLow, where that NSS ends in *pEnd. */
static URN_ALWAYS_INLINE void sideFold(const UrnNsTransform *pTransform,
                                       const unsigned char *z, size_t n,
                                       size_t nssOff, UrnNsFold *pFold,
                                       size_t *pLow, size_t *pEnd){
  *pEnd = endOfNss(z, n, nssOff);
  nssFold(pTransform, z, nssOff, *pEnd, pFold);
  *pLow = nssOff + pFold->nLower;
}

/* Does the transform only lower-case this NSS? */
static int foldLowerOnly(const UrnNsFold *pFold){
  return !pFold->dropHyphen && !pFold->upperX;
}

/* When both sides are plain, with no components and the scheme "urn",
** both are URNs without a scan: the head is "urn:", a registered NID
** (p->pEntry; test/ns.test checks that every registered NID is a valid
** one) and ':', and the NSS is valid (RFC 8141 §2) and holds no %XX.  An
** NSS is plain when the transform's shape test found it made of
** unreserved characters (UrnNsFold.plainNss: an ISBN, a UUID), else when
** urnNssPlain() finds it so (a DOI, an NBN, a name of the IETF).  Then
** store in p->r the order of their keys, read by the key readers from the
** NSS on (the heads are equal lower-cased, and no transform changes a
** head: RFC 8141 §3.1 items 1 and 2), from where the strings differ
** (readersFromDiff()), and return 1; else 0. */
static int plainDecides(NsWalk *p, const unsigned char *a, size_t na,
                        const unsigned char *b, size_t nb){
  UrnParts parts;
  NsKeyReader ra, rb;
  if( p->aEnd[0]!=na || p->aEnd[1]!=nb
   || !startsUrn(a) || !startsUrn(b)
   || !(p->aFold[0].plainNss || urnNssPlain(a, na, p->nssOff))
   || !(p->aFold[1].plainNss || urnNssPlain(b, nb, p->nssOff)) ) return 0;
  memset(&parts, 0, sizeof(parts));
  parts.nid.off = 4;
  parts.nid.len = p->nssOff-5;
  parts.nss.off = p->nssOff;
  parts.nss.len = na-p->nssOff;
  readerStartUrn(&ra, a, &parts, p->pEntry, &p->aFold[0]);
  parts.nss.len = nb-p->nssOff;
  readerStartUrn(&rb, b, &parts, p->pEntry, &p->aFold[1]);
  readersFromDiff(&ra, &rb, p->nssOff);
  p->r = readerCompare(&ra, &rb, 1);
  return 1;
}

/* The UrnNsLowerFn of urnNsCompareQuick (urn_cmp.h); pCtx is an NsWalk.
** The heads are equal lower-cased, so the NID a[4..nssOff-1) is b's too
** (RFC 8141 §2: a NID holds no ':'), and one lookup serves both sides.
** Inlined into the quick step of urnNsCollate(), which knows its address;
** the walk (urn_cmp.c) calls the out-of-line copy. */
static URN_ALWAYS_INLINE int nsLowerOnly(void *pCtx,
                                         const unsigned char *a, size_t na,
                                         const unsigned char *b, size_t nb,
                                         size_t nssOff, size_t *pLowA,
                                         size_t *pLowB){
  NsWalk *p = (NsWalk*)pCtx;
  const UrnNsTransform *pTransform;
  if( !p->asked ){
    /* The first question of this comparison.  A second one (the quick
    ** step asks, then the walk) has the same heads: the answer is kept. */
    p->asked = 1;
    p->nssOff = nssOff;
    p->pEntry = registryFindHead(a, na, nssOff-5);
    p->aLow[0] = p->aLow[1] = nssOff;
    p->lowerOnly = 1;
    if( p->pEntry && (pTransform = p->pEntry->pTransform)!=0 ){
      p->folded = 1;
      sideFold(pTransform, a, na, nssOff, &p->aFold[0], &p->aLow[0],
               &p->aEnd[0]);
      sideFold(pTransform, b, nb, nssOff, &p->aFold[1], &p->aLow[1],
               &p->aEnd[1]);
      if( plainDecides(p, a, na, b, nb) ){
        /* The quick step and the walk give up on the answer 0, and
        ** urnNsCompare returns p->r. */
        p->decided = 1;
        p->lowerOnly = 0;
      }else{
        p->lowerOnly = foldLowerOnly(&p->aFold[0])
                    && foldLowerOnly(&p->aFold[1]);
      }
    }
  }
  assert( p->nssOff==nssOff );
  *pLowA = p->aLow[0];
  *pLowB = p->aLow[1];
  return p->lowerOnly;
}

/* urnNsCompare() where the walk gave up, after asking nsLowerOnly()
** (urn_cmp.h), and plainDecides() did not find the order: the heads of a
** and b are equal lower-cased, so a side that is a URN has the NID of
** pW->pEntry, its NSS is the NSS of its F, and the decisions in pW->aFold
** are those for it.  Out of line, so that the pairs the walk decides pay
** for none of this frame. */
static URN_NOINLINE int nsCompareSlow(const unsigned char *a, size_t na,
                                      const unsigned char *b, size_t nb,
                                      const NsWalk *pW){
  UrnParts pa, pb;
  NsKeyReader ra, rb;
  int va, vb;
  assert( pW->asked && !pW->decided );
  va = urnScan(a, na, URN_MODE_RFC8141, &pa, 0);
  vb = urnScan(b, nb, URN_MODE_RFC8141, &pb, 0);
  if( !va && !vb ){
    /* Two non-URNs compare as their own bytes (docs/design.md I3). */
    return bytesOrder(a, na, b, nb);
  }
  if( va ){
    readerStartUrn(&ra, a, &pa, pW->pEntry,
                   pW->folded ? &pW->aFold[0] : 0);
  }else{
    readerStartRaw(&ra, a, na);
  }
  if( vb ){
    readerStartUrn(&rb, b, &pb, pW->pEntry,
                   pW->folded ? &pW->aFold[1] : 0);
  }else{
    readerStartRaw(&rb, b, nb);
  }
  if( va && vb ){
    /* key_ns begins with the head "urn:" lower(NID) ":", which no
    ** transform changes (RFC 8141 §3.1 items 1 and 2), and the heads are
    ** equal: the keys are read from the NSS on, from where the strings
    ** differ if the transform decided alike. */
    assert( pa.nss.off==pb.nss.off );
    readersFromDiff(&ra, &rb, pa.nss.off);
  }
  return readerCompare(&ra, &rb, 0);
}

/* urnNsCompare(), inlined into its two entry points. */
static URN_ALWAYS_INLINE int nsCompareInline(const unsigned char *a,
                                             size_t na,
                                             const unsigned char *b,
                                             size_t nb){
  NsWalk w;
  int r;
  /* Most comparisons are decided by the walk, most of them with no
  ** scan; it lower-cases what the transforms lower-case. */
  w.asked = w.folded = w.decided = 0;
  w.pEntry = 0;
  if( urnNsCompareQuick(a, na, b, nb, nsLowerOnly, &w, &r) ) return r;
  /* plainDecides() found the order when it was asked: no call. */
  if( w.decided ) return w.r;
  return nsCompareSlow(a, na, b, nb, &w);
}

int urnNsCompare(const unsigned char *a, size_t na,
                 const unsigned char *b, size_t nb){
  return nsCompareInline(a, na, b, nb);
}

int urnNsCollate(void *pArg, int nA, const void *pA, int nB,
                 const void *pB){
  (void)pArg;
  return nsCompareInline((const unsigned char*)pA, (size_t)nA,
                         (const unsigned char*)pB, (size_t)nB);
}

/* ---- URN_NS in a UTF-16 database (docs/design.md, "Database encodings") -- */

/* Set on the reader p of a string stored in a UTF-16 database the decision
** of its namespace's transform, as nssFold() takes it for the same URN in
** UTF-8: the assigned-name ("urn:" NID ":" NSS) is narrowed into zBuf
** (URN_NS_FOLD_MAX bytes, on the caller's stack: the comparator allocates
** nothing, docs/design.md I5) for the transform to read.  A URN whose
** assigned-name is longer keeps the generic key of RFC 8141 §3.1, as it
** does in UTF-8 and in urn_key(X, 'ns') (urn_ns.h, URN_NS_FOLD_MAX). */
static void nsFold16(UrnKey16 *p, unsigned char *zBuf){
  const UrnNsEntry *pEntry;
  UrnNsFold fold;
  size_t nNid;
  if( !p->isUrn ) return;
  nNid = p->nssOff - 5;                /* "urn:" NID ":" */
  if( p->end>URN_NS_FOLD_MAX ) return;
  urnUtf16Narrow(p->z, p->nssOff, p->be, zBuf);
  pEntry = urnNsRegistryFind(zBuf+4, nNid);
  if( pEntry==0 || pEntry->pTransform==0 ) return;
  urnUtf16Narrow(p->z+2*p->nssOff, p->end-p->nssOff, p->be, zBuf+p->nssOff);
  nssFold(pEntry->pTransform, zBuf, p->nssOff, p->end, &fold);
  p->lowerEnd = p->nssOff + fold.nLower;
  p->dropHyphen = fold.dropHyphen;
  p->upperX = fold.upperX;
}

/* URN_NS on two strings as stored in byte order be. */
static int nsCollate16(int be, int nA, const void *pA, int nB,
                       const void *pB){
  UrnKey16 a, b;
  unsigned char zBuf[URN_NS_FOLD_MAX];
  if( nA==nB && (nA==0 || memcmp(pA, pB, (size_t)nA)==0) ) return 0;
  urnKey16Start(&a, (const unsigned char*)pA, (size_t)nA, be);
  urnKey16Start(&b, (const unsigned char*)pB, (size_t)nB, be);
  nsFold16(&a, zBuf);
  nsFold16(&b, zBuf);
  return urnKey16Compare(&a, &b);
}

int urnNsCollate16le(void *pArg, int nA, const void *pA, int nB,
                     const void *pB){
  (void)pArg;
  return nsCollate16(0, nA, pA, nB, pB);
}

int urnNsCollate16be(void *pArg, int nA, const void *pA, int nB,
                     const void *pB){
  (void)pArg;
  return nsCollate16(1, nA, pA, nB, pB);
}

/* ---- Strict validation ------------------------------------------------ */

/* The N of a validator's message "offset N: ..." (every message starts so:
** urn_ns_rules.h, UrnNsValidator); 0 if there is none (nErr was 0). */
static size_t messageOffset(const char *zMsg){
  size_t off = 0;
  if( strncmp(zMsg, "offset ", 7)==0 ){
    for(zMsg+=7; *zMsg>='0' && *zMsg<='9'; zMsg++){
      off = off*10 + (size_t)(*zMsg-'0');
    }
  }
  return off;
}

int urnNsCheck(const unsigned char *z, const UrnParts *pParts,
               char *zErr, size_t nErr, size_t *pOffset){
  const UrnNsEntry *pEntry = urnNsRegistryFind(z+pParts->nid.off,
                                               pParts->nid.len);
  if( pEntry==0 ){
    char zNid[33];
    const char *zWhy;
    size_t i, n = pParts->nid.len;
    assert( n<sizeof(zNid) );
    for(i=0; i<n; i++){
      unsigned char c = z[pParts->nid.off+i];
      zNid[i] = (char)((c>='A' && c<='Z') ? c|0x20 : c);
    }
    zNid[n] = 0;
    if( n>4 && memcmp(zNid, "urn-", 4)==0 ){
      zWhy = "informal NIDs: RFC 8141 §5.2";
    }else if( n>2 && memcmp(zNid, "x-", 2)==0 ){
      zWhy = "experimental X- NIDs are never registered: RFC 3406 §3.1, "
             "RFC 8141 §5.1";
    }else{
      zWhy = "RFC 8141 §5.1";
    }
    if( nErr>0 ){
      int k = snprintf(zErr, nErr, "offset %lu: NID '%s' is not in the IANA "
                       "URN namespace registry snapshot of %s (%s)",
                       (unsigned long)pParts->nid.off, zNid,
                       urnNsRegistryDate, zWhy);
      /* Cut short by nErr: never inside a character. */
      if( k>=0 && (size_t)k>=nErr ) urnUtf8Cut(zErr, nErr-1);
    }
    if( pOffset ) *pOffset = pParts->nid.off;
    return 0;
  }
  if( pEntry->pValidator ){
    int ok = pEntry->pValidator->xCheck(z, pParts->nss.off,
                                        pParts->nss.off+pParts->nss.len,
                                        zErr, nErr);
    if( !ok && pOffset ) *pOffset = messageOffset(nErr>0 ? zErr : "");
    return ok;
  }
  if( nErr>0 ) zErr[0] = 0;
  return 1;
}

/* ---- Prefixes that pass the namespace rules (urn_find's mode 'ns') ------ */

void urnNsPrefixes(UrnNsPrefixes *p, const unsigned char *z, size_t nidOff,
                   size_t nidLen, size_t nssOff, size_t nssEnd){
  const UrnNsEntry *pEntry = urnNsRegistryFind(z+nidOff, nidLen);
  const UrnNsValidator *pV = pEntry ? pEntry->pValidator : 0;
  p->pValidator = 0;
  p->nMax = 0;
  p->spans.aLo[0] = p->spans.aLo[1] = 1;      /* both empty */
  p->spans.aHi[0] = p->spans.aHi[1] = 0;
  p->spans.digitEnd = 0;
  p->spans.nbnDe = 0;
  if( pEntry==0 ) return;    /* not registered (RFC 8141 §5): none passes */
  if( pV==0 ){
    p->spans.aHi[0] = (size_t)-1;            /* no validator: all pass */
  }else if( pV->xSpans ){
    pV->xSpans(z, nssOff, nssEnd, &p->spans);
  }else{
    p->pValidator = pV;
    p->nMax = pV->nMax ? pV->nMax : (size_t)-1;
  }
}

int urnNsPrefixPasses(const UrnNsPrefixes *p, const unsigned char *z,
                      size_t nssOff, size_t len){
  int k;
  if( p->pValidator ){
    return len<=p->nMax && p->pValidator->xCheck(z, nssOff, nssOff+len, 0, 0);
  }
  for(k=0; k<2; k++){
    if( len>=p->spans.aLo[k] && len<=p->spans.aHi[k] ){
      if( k==1 && p->spans.nbnDe && len<p->spans.aHi[1] ){
        /* A urn:nbn:de shorter than the longest that passes: its own check
        ** digit (urn_ns_rules.h), after the cheap test that it is one. */
        UrnNbnDeSum sum;
        size_t i;
        unsigned char c = z[nssOff+len-1];
        if( c<'0' || c>'9' ) return 0;
        if( urnNbnDeNoDigit(z, nssOff, nssOff+len) ) return 1;
        urnNbnDeStart(&sum);
        for(i=0; i+1<len; i++) urnNbnDeAdd(&sum, z[nssOff+i]);
        return c-'0'==urnNbnDeCheck(&sum);
      }
      return !p->spans.digitEnd
          || (z[nssOff+len-1]>='0' && z[nssOff+len-1]<='9');
    }
  }
  return 0;
}
