/*
** urn_gs1.c -- the EPC schemes that hold a GS1 key (urn_gs1.h).  No engine
** header; const tables only.
*/
#include <string.h>
#include "urn_gs1.h"

/* One row per EPC scheme whose GS1 key has a GS1 Digital Link URI (GS1
** Digital Link URI Syntax 1.4 §4, its table of primary keys and key
** qualifiers), in order of name.  The field layout of each is TDS 2.1
** §6.3.x, its element string §7.x, the lengths of the AIs GS1 General
** Specifications §3:
**   cpi    CompanyPrefix.ComponentPartRef.Serial  (8010) (8011) §6.3.9
**   gdti   CompanyPrefix.DocumentType.Serial      (253)         §6.3.8
**   giai   CompanyPrefix.IndividualAssetRef       (8004)        §6.3.5
**   ginc   CompanyPrefix.ConsignmentRef           (401)         §6.3.11
**   grai   CompanyPrefix.AssetType.Serial         (8003) "0"... §6.3.4
**   gsin   CompanyPrefix.ShipperRef               (402)         §6.3.12
**   gsrn   CompanyPrefix.ServiceRef               (8018)        §6.3.6
**   gsrnp  CompanyPrefix.ServiceRef               (8017)        §6.3.7
**   itip   CompanyPrefix.IndicatorItemRef.Piece.Total.Serial
**                                                 (8006) (21)   §6.3.13
**   pgln   CompanyPrefix.PartyRef                 (417)         §6.3.15
**   sgcn   CompanyPrefix.CouponRef.Serial         (255)         §6.3.10
**   sgln   CompanyPrefix.LocationRef.Extension    (414) (254)   §6.3.3
**   sgtin  CompanyPrefix.IndicatorItemRef.Serial  (01) (21)     §6.3.1
**   sscc   CompanyPrefix.ExtensionSerialRef       (00)          §6.3.2
**   upui   CompanyPrefix.IndicatorItemRef.TPX     (01) (235)    §6.3.14
*/
static const UrnGs1Scheme aScheme[] = {
  /* scheme   key     lead qual    layout          nKey serial nSer x 0 */
  { "cpi",   "8010", "",  "8011", URN_GS1_CPID,   30, URN_GS1_SER_NUMBER,
    12, 0, 0 },
  { "gdti",  "253",  "",  0,      URN_GS1_DIGITS, 12, URN_GS1_SER_CHARS,
    17, 0, 0 },
  { "giai",  "8004", "",  0,      URN_GS1_CHARS,  30, URN_GS1_SER_NONE,
    0, 0, 0 },
  { "ginc",  "401",  "",  0,      URN_GS1_CHARS,  30, URN_GS1_SER_NONE,
    0, 0, 0 },
  { "grai",  "8003", "0", 0,      URN_GS1_DIGITS, 12, URN_GS1_SER_CHARS,
    16, 0, 0 },
  { "gsin",  "402",  "",  0,      URN_GS1_DIGITS, 16, URN_GS1_SER_NONE,
    0, 0, 0 },
  { "gsrn",  "8018", "",  0,      URN_GS1_DIGITS, 17, URN_GS1_SER_NONE,
    0, 0, 0 },
  { "gsrnp", "8017", "",  0,      URN_GS1_DIGITS, 17, URN_GS1_SER_NONE,
    0, 0, 0 },
  { "itip",  "8006", "",  "21",   URN_GS1_GTIN,   13, URN_GS1_SER_CHARS,
    20, 2, 0 },
  { "pgln",  "417",  "",  0,      URN_GS1_DIGITS, 12, URN_GS1_SER_NONE,
    0, 0, 0 },
  { "sgcn",  "255",  "",  0,      URN_GS1_DIGITS, 12, URN_GS1_SER_DIGITS,
    12, 0, 0 },
  { "sgln",  "414",  "",  "254",  URN_GS1_DIGITS, 12, URN_GS1_SER_CHARS,
    20, 0, 1 },
  { "sgtin", "01",   "",  "21",   URN_GS1_GTIN,   13, URN_GS1_SER_CHARS,
    20, 0, 0 },
  { "sscc",  "00",   "",  0,      URN_GS1_SSCC,   17, URN_GS1_SER_NONE,
    0, 0, 0 },
  { "upui",  "01",   "",  "235",  URN_GS1_GTIN,   13, URN_GS1_SER_CHARS,
    28, 0, 0 },
};

#define N_SCHEME ((int)(sizeof(aScheme)/sizeof(aScheme[0])))

int urnGs1SchemeCount(void){ return N_SCHEME; }

const UrnGs1Scheme *urnGs1SchemeAt(int i){
  return (i>=0 && i<N_SCHEME) ? &aScheme[i] : 0;
}

const UrnGs1Scheme *urnGs1Scheme(const unsigned char *z, size_t n){
  int i;
  for(i=0; i<N_SCHEME; i++){
    if( strlen(aScheme[i].zScheme)==n && memcmp(aScheme[i].zScheme, z, n)==0 ){
      return &aScheme[i];
    }
  }
  return 0;
}

/* The tag schemes of TDS 2.1 §14 (the binary encodings) whose tag URI
** (§12.3) is "urn:epc:tag:" scheme ":" filter "." and the fields of the
** pure identity URI of the scheme named before its '-'. */
static const char *const azTag[] = {
  "cpi-96", "cpi-var", "gdti-113", "gdti-174", "gdti-96", "giai-202",
  "giai-96", "grai-170", "grai-96", "gsrn-96", "gsrnp-96", "itip-110",
  "itip-212", "sgcn-96", "sgln-195", "sgln-96", "sgtin-198", "sgtin-96",
  "sscc-96",
};

const UrnGs1Scheme *urnGs1Tag(const unsigned char *z, size_t n,
                              size_t *pBody){
  size_t i;
  const unsigned char *zColon;
  if( n<4 || memcmp(z, "tag:", 4)!=0 ) return 0;
  zColon = memchr(z+4, ':', n-4);
  if( zColon==0 ) return 0;
  for(i=0; i<sizeof(azTag)/sizeof(azTag[0]); i++){
    size_t m = strlen(azTag[i]);
    const char *zDash = strchr(azTag[i], '-');
    size_t at = (size_t)(zColon-z);
    if( at-4!=m || memcmp(z+4, azTag[i], m)!=0 ) continue;
    /* TDS §12.3: the filter value, one digit 0 to 7, and a '.'. */
    if( at+3>n || z[at+1]<'0' || z[at+1]>'7' || z[at+2]!='.' ) return 0;
    *pBody = at+3;
    return urnGs1Scheme((const unsigned char*)azTag[i],
                        (size_t)(zDash-azTag[i]));
  }
  return 0;
}

char urnGs1Check(const char *z, size_t n){
  size_t i;
  int s = 0;
  for(i=0; i<n; i++){
    int d = z[n-1-i]-'0';
    s += (i&1) ? d : 3*d;
  }
  return (char)('0' + (10 - s%10)%10);
}

int urnGs1Char(unsigned char c){
  return (c>='0' && c<='9') || (c>='A' && c<='Z') || (c>='a' && c<='z')
      || (c!=0 && strchr("!\"%&'()*+,-./:;<=>?_", c)!=0);
}

int urnGs1CpidChar(unsigned char c){
  return (c>='0' && c<='9') || (c>='A' && c<='Z') || c=='#' || c=='-'
      || c=='/';
}

int urnGs1EpcEscaped(unsigned char c){
  return c!=0 && strchr("\"%&/<>?#", c)!=0;
}
