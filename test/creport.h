/*
** test/creport.h -- the report of the C test programs that a .test file
** compiles and runs (test/errmsg.c, test/linkrow.c): one line per check,
** "name ok" or "name FAILED: why", counted in nFail for the exit status.
** Included once, by the program's only C file.
*/
#include <stdio.h>

static int nFail = 0;

/* Report the check zName: passed when zWhy is 0, else failed for zWhy. */
static void report(const char *zName, const char *zWhy){
  if( zWhy ){
    printf("%s FAILED: %s\n", zName, zWhy);
    nFail++;
  }else{
    printf("%s ok\n", zName);
  }
}
