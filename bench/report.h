/*
** report.h -- what every benchmark of sqlite-urn shares (bench/report.c):
** the clock, medians of alternating runs, and the results table of
** bench/results.txt, one row per ratio against a floor measured in the
** same run.  No engine header: SQLite's benchmark (bench/sqlite_bench.c)
** includes it, and so may any C benchmark of another engine.
*/
#ifndef URN_BENCH_REPORT_H
#define URN_BENCH_REPORT_H

#include <stddef.h>
#include <stdio.h>

typedef long long i64;
typedef unsigned long long u64;

/* ---- Time ------------------------------------------------------------- */

/* Seconds on the monotonic clock. */
double now(void);

/* The median of a[0..n), n>0 (a is reordered). */
double median(double *a, int n);

/* The most runs a measurement takes (--reps). */
#define MAXREPS 51

/* Time n things nRep times (nRep <= MAXREPS), alternating: run r takes
** thing (i+r)%n as its i-th, so that each follows each in turn and a
** drift of the machine falls on all of them alike.  xRun(pCtx, q) runs
** thing q once and returns the seconds it took.  aMedian[q] gets the
** median of thing q's runs. */
void alternate(int n, int nRep, double (*xRun)(void *pCtx, int q),
               void *pCtx, double *aMedian);

/* ---- The machine ------------------------------------------------------ */

/* The 1-minute load average, or -1 where there is no /proc/loadavg. */
double loadAvg(void);

/* The CPU model, from /proc/cpuinfo where there is one. */
void cpuModel(char *z, size_t n);

/* Least-squares slope of log(t) against log(n): the exponent of growth. */
double loglogSlope(const double *aN, const double *aT, int k);

/* malloc that exits with a message when there is no memory. */
void *xmalloc(size_t n);

/* ---- The table (bench/results.txt) ------------------------------------ */

/* Where the table goes: stdout, and f when it is not 0. */
typedef struct Out { FILE *f; } Out;

/* printf to stdout and to o->f. */
void out(Out *o, const char *zFmt, ...);

/* "met" or "MISSED". */
const char *verdict(int ok);

/* The heading of the table's columns. */
void tableHead(Out *o);

/* One line of the table: measurement zNum, zWhat against zAgainst, ratio
** (negative: "-"), the target ("-": none), the verdict ("" for a line
** without a target, "floor" for a floor) and the medians behind it. */
void row(Out *o, const char *zNum, const char *zWhat, const char *zAgainst,
         double ratio, const char *zTarget, const char *zVerdict,
         const char *zDetail);

/* A line with a target: ratio = t / tFloor, met when it is at most
** maxRatio ("<= 1.50x"), with both medians in milliseconds after it. */
void rowTarget(Out *o, const char *zNum, const char *zWhat,
               const char *zAgainst, double t, double tFloor,
               double maxRatio);

#endif /* URN_BENCH_REPORT_H */
