/*
** report.c -- the clock, the medians and the results table that every
** benchmark of sqlite-urn shares (bench/report.h).  No engine header.
*/
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "report.h"

/* The 1-minute load average, or -1 where there is no /proc/loadavg. */
double loadAvg(void){
  FILE *f = fopen("/proc/loadavg", "r");
  double v = -1;
  if( f ){
    if( fscanf(f, "%lf", &v)!=1 ) v = -1;
    fclose(f);
  }
  return v;
}

double now(void){
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec*1e-9;
}

static int cmpDouble(const void *a, const void *b){
  double x = *(const double*)a, y = *(const double*)b;
  return (x>y) - (x<y);
}

/* The median of a[0..n), n>0 (a is reordered). */
double median(double *a, int n){
  qsort(a, (size_t)n, sizeof(double), cmpDouble);
  return n&1 ? a[n/2] : 0.5*(a[n/2-1]+a[n/2]);
}

void *xmalloc(size_t n){
  void *p = malloc(n ? n : 1);
  if( p==0 ){ fprintf(stderr, "bench: out of memory\n"); exit(1); }
  return p;
}

/* ---- The table: stdout and the results file ----------------------------- */

void out(Out *o, const char *zFmt, ...){
  va_list ap;
  va_start(ap, zFmt);
  vprintf(zFmt, ap);
  va_end(ap);
  if( o->f ){
    va_start(ap, zFmt);
    vfprintf(o->f, zFmt, ap);
    va_end(ap);
  }
}

const char *verdict(int ok){ return ok ? "met" : "MISSED"; }

/* One line of the table. */
void row(Out *o, const char *zNum, const char *zWhat,
                const char *zAgainst, double ratio, const char *zTarget,
                const char *zVerdict, const char *zDetail){
  char zRatio[32];
  if( ratio>=0 ) snprintf(zRatio, sizeof(zRatio), "%.2fx", ratio);
  else snprintf(zRatio, sizeof(zRatio), "-");
  out(o, "%-3s %-41s %-24s %7s  %-9s %-7s %s\n", zNum, zWhat, zAgainst,
      zRatio, zTarget, zVerdict, zDetail);
}

/* The CPU model, from /proc/cpuinfo where there is one. */
void cpuModel(char *z, size_t n){
  FILE *f = fopen("/proc/cpuinfo", "r");
  char zLine[512];
  snprintf(z, n, "unknown CPU");
  if( f==0 ) return;
  while( fgets(zLine, sizeof(zLine), f) ){
    if( strncmp(zLine, "model name", 10)==0 ){
      char *s = strchr(zLine, ':');
      size_t k;
      if( s==0 ) break;
      s++;
      while( *s==' ' || *s=='\t' ) s++;
      k = strlen(s);
      while( k>0 && (s[k-1]=='\n' || s[k-1]==' ') ) s[--k] = 0;
      snprintf(z, n, "%s", s);
      break;
    }
  }
  fclose(f);
}

/* Least-squares slope of log(t) against log(n): the exponent of growth. */
double loglogSlope(const double *aN, const double *aT, int k){
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  int i;
  if( k<2 ) return 0;
  for(i=0; i<k; i++){
    double x = log(aN[i]), y = log(aT[i]);
    sx += x; sy += y; sxx += x*x; sxy += x*y;
  }
  return (k*sxy - sx*sy) / (k*sxx - sx*sx);
}


void alternate(int n, int nRep, double (*xRun)(void *pCtx, int q),
               void *pCtx, double *aMedian){
  double aT[MAXREPS];
  int q, r;
  double *a = xmalloc(sizeof(double)*(size_t)n*MAXREPS);
  for(r=0; r<nRep; r++){
    int i;
    for(i=0; i<n; i++){
      q = (i+r)%n;
      a[q*MAXREPS+r] = xRun(pCtx, q);
    }
  }
  for(q=0; q<n; q++){
    memcpy(aT, a+q*MAXREPS, sizeof(double)*(size_t)nRep);
    aMedian[q] = median(aT, nRep);
  }
  free(a);
}

void tableHead(Out *o){
  out(o, "%-3s %-41s %-24s %7s  %-9s %-7s %s\n", "#", "measurement",
      "against", "ratio", "target", "verdict", "medians");
}

void rowTarget(Out *o, const char *zNum, const char *zWhat,
               const char *zAgainst, double t, double tFloor,
               double maxRatio){
  char zTarget[32], zDetail[64];
  snprintf(zTarget, sizeof(zTarget), "<= %gx", maxRatio);
  snprintf(zDetail, sizeof(zDetail), "%.0f ms vs %.0f ms", t*1e3, tFloor*1e3);
  row(o, zNum, zWhat, zAgainst, t/tFloor, zTarget, verdict(t/tFloor<=maxRatio),
      zDetail);
}
