/*
** test/duckdb/windows_host.c -- the DuckDB extension built for Windows
** (windows_amd64), loaded by DuckDB's own Windows library (duckdb.dll of the
** npm package @duckdb/node-bindings-win32-x64) through its C API, as make
** duckdb-windows-test runs it under wine:
**
**   windows_host.exe EXT REPO LINUX_EXT FILE.md...
**
**   1. PRAGMA platform is windows_amd64 and LOAD 'EXT' works, with
**      allow_unsigned_extensions set when the database is opened;
**   2. without the setting DuckDB refuses the file with its own error;
**   3. a file built for another platform (LINUX_EXT) is refused with the
**      platform error docs/duckdb.md quotes;
**   4. INSTALL urn FROM 'REPO' (the repository make dist writes), then
**      LOAD urn, into an extension directory of its own;
**   5. every DuckDB example of each FILE.md (a ```sql block after a line
**      "<!-- duckdb -->") gives the rows it shows ("-- → a | b", NULL as
**      NULL, a BLOB as upper-case hex) or the first line of the error it
**      shows ("-- error: MESSAGE"), each block in a fresh database, as
**      test/duckdb/duckdb.test.js runs them on Linux.
** Ends with "duckdb-windows: N passed, N failed"; exits 1 when anything
** failed.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "duckdb.h"

typedef struct Counts { int passed, failed; } Counts;

static void check(Counts *c, int good, const char *name, const char *detail){
  if( good ){ c->passed++; return; }
  c->failed++;
  printf("FAILED %s%s%s\n", name, detail ? ": " : "", detail ? detail : "");
}

/* A growable string. */
typedef struct Buf { char *z; size_t n, cap; } Buf;
static void bufAdd(Buf *b, const char *z, size_t n){
  if( b->n + n + 1 > b->cap ){
    size_t cap = (b->n + n + 1)*2;
    char *p = realloc(b->z, cap);
    if( p==0 ){ fprintf(stderr, "out of memory\n"); exit(2); }
    b->z = p; b->cap = cap;
  }
  memcpy(b->z + b->n, z, n);
  b->n += n;
  b->z[b->n] = 0;
}
static void bufStr(Buf *b, const char *z){ bufAdd(b, z, strlen(z)); }

/* Open an in-memory database, with allow_unsigned_extensions when unsigned
** is set and extension_directory when extdir is not NULL.  Returns 0 on
** success. */
static int openDb(int unsignedOk, const char *extdir, duckdb_database *db,
                  duckdb_connection *con){
  duckdb_config cfg;
  char *err = 0;
  int rc;
  if( duckdb_create_config(&cfg)!=DuckDBSuccess ) return 1;
  if( unsignedOk ) duckdb_set_config(cfg, "allow_unsigned_extensions", "true");
  if( extdir ) duckdb_set_config(cfg, "extension_directory", extdir);
  rc = duckdb_open_ext(0, db, cfg, &err) != DuckDBSuccess;
  duckdb_destroy_config(&cfg);
  if( rc ){
    printf("open: %s\n", err ? err : "?");
    duckdb_free(err);
    return 1;
  }
  if( duckdb_connect(*db, con)!=DuckDBSuccess ){ duckdb_close(db); return 1; }
  return 0;
}
static void closeDb(duckdb_database *db, duckdb_connection *con){
  duckdb_disconnect(con);
  duckdb_close(db);
}

/* Run sql.  On success the rows go to out (each row its values joined by
** " | ", one line each) and 0 is returned; on an error, the first line of
** DuckDB's message goes to out and 1 is returned.  nested: sql is already
** the query that casts nested values to text. */
static int runQuery(duckdb_connection con, const char *sql, Buf *out,
                    int nested){
  duckdb_result res;
  idx_t r, c, nrow, ncol;
  out->n = 0;
  bufStr(out, "");
  if( duckdb_query(con, sql, &res)!=DuckDBSuccess ){
    const char *e = duckdb_result_error(&res);
    const char *nl;
    if( e==0 ) e = "(no message)";
    nl = strchr(e, '\n');
    bufAdd(out, e, nl ? (size_t)(nl - e) : strlen(e));
    duckdb_destroy_result(&res);
    return 1;
  }
  nrow = duckdb_row_count(&res);
  ncol = duckdb_column_count(&res);
  /* The row API of the C API reads no nested value (a LIST, a STRUCT):
  ** such a query runs again inside one that gives each column as text, a
  ** list as duckdb.test.js shows it ([a, b], NULL as NULL), any other
  ** column as DuckDB's own cast to VARCHAR. */
  for(c=0; c<ncol && !nested; c++){
    duckdb_type t = duckdb_column_type(&res, c);
    if( t==DUCKDB_TYPE_LIST || t==DUCKDB_TYPE_STRUCT || t==DUCKDB_TYPE_MAP
     || t==DUCKDB_TYPE_ARRAY || t==DUCKDB_TYPE_UNION ){
      Buf q = {0, 0, 0};
      size_t n = strlen(sql);
      idx_t k;
      int rc;
      while( n>0 && strchr(" \t\r\n;", sql[n-1]) ) n--;
      bufStr(&q, "SELECT ");
      for(k=0; k<ncol; k++){
        Buf col = {0, 0, 0};
        const char *p;
        bufStr(&col, "\"");
        for(p=duckdb_column_name(&res, k); *p; p++){
          bufAdd(&col, p, 1);
          if( *p=='"' ) bufAdd(&col, p, 1);
        }
        bufStr(&col, "\"");
        if( k ) bufStr(&q, ", ");
        if( duckdb_column_type(&res, k)==DUCKDB_TYPE_LIST ){
          bufStr(&q, "CASE WHEN "); bufStr(&q, col.z);
          bufStr(&q, " IS NOT NULL THEN '[' || coalesce(array_to_string(list_transform(");
          bufStr(&q, col.z);
          bufStr(&q, ", x -> coalesce(x::VARCHAR, 'NULL')), ', '), '') || ']' END");
        }else{
          bufStr(&q, col.z);
          bufStr(&q, "::VARCHAR");
        }
        free(col.z);
      }
      bufStr(&q, " FROM (\n");
      bufAdd(&q, sql, n);
      bufStr(&q, "\n)");
      duckdb_destroy_result(&res);
      rc = runQuery(con, q.z, out, 1);
      free(q.z);
      return rc;
    }
  }
  for(r=0; r<nrow; r++){
    for(c=0; c<ncol; c++){
      if( c ) bufStr(out, " | ");
      if( duckdb_value_is_null(&res, c, r) ){
        bufStr(out, "NULL");
      }else if( duckdb_column_type(&res, c)==DUCKDB_TYPE_BLOB ){
        duckdb_blob b = duckdb_value_blob(&res, c, r);
        static const char hex[] = "0123456789ABCDEF";
        idx_t i;
        for(i=0; i<b.size; i++){
          char two[2];
          two[0] = hex[((const unsigned char*)b.data)[i]>>4];
          two[1] = hex[((const unsigned char*)b.data)[i]&15];
          bufAdd(out, two, 2);
        }
        duckdb_free(b.data);
      }else{
        char *v = duckdb_value_varchar(&res, c, r);
        bufStr(out, v ? v : "NULL");
        duckdb_free(v);
      }
    }
    bufStr(out, "\n");
  }
  duckdb_destroy_result(&res);
  return 0;
}

static int run(duckdb_connection con, const char *sql, Buf *out){
  return runQuery(con, sql, out, 0);
}

/* LOAD the file ext on con; the error's first line goes to out. */
static int loadExt(duckdb_connection con, const char *ext, Buf *out){
  Buf sql = {0, 0, 0};
  const char *p;
  int rc;
  bufStr(&sql, "LOAD '");
  for(p=ext; *p; p++){ bufAdd(&sql, p, 1); if( *p=='\'' ) bufAdd(&sql, p, 1); }
  bufStr(&sql, "'");
  rc = run(con, sql.z, out);
  free(sql.z);
  return rc;
}

static char *readFile(const char *path){
  FILE *f = fopen(path, "rb");
  Buf b = {0, 0, 0};
  char chunk[65536];
  size_t n;
  if( f==0 ) return 0;
  bufStr(&b, "");
  while( (n = fread(chunk, 1, sizeof chunk, f))>0 ) bufAdd(&b, chunk, n);
  fclose(f);
  return b.z;
}

static int startsWith(const char *z, const char *prefix){
  return strncmp(z, prefix, strlen(prefix))==0;
}

/* One statement of a block: its SQL, and the rows or the error it shows. */
static void runStatement(Counts *cnt, duckdb_connection con, const char *file,
                         int line, Buf *sql, Buf *want, int wantErr, Buf *got){
  char name[200];
  int isErr = run(con, sql->z, got);
  const char *nl = strchr(sql->z, '\n');
  snprintf(name, sizeof name, "%s:%d %.*s", file, line,
           (int)(nl ? nl - sql->z : (long)strlen(sql->z)), sql->z);
  if( wantErr ){
    Buf d = {0, 0, 0};
    bufStr(&d, isErr ? "error '" : "no error, rows '");
    bufStr(&d, got->z); bufStr(&d, "', the page says '"); bufStr(&d, want->z);
    bufStr(&d, "'");
    check(cnt, isErr && strcmp(got->z, want->z)==0, name, d.z);
    free(d.z);
  }else{
    Buf d = {0, 0, 0};
    bufStr(&d, isErr ? "error '" : "got '");
    bufStr(&d, got->z); bufStr(&d, "', the page says '"); bufStr(&d, want->z);
    bufStr(&d, "'");
    /* A statement that shows no rows is checked only for not failing. */
    check(cnt, !isErr && (want->n==0 || strcmp(got->z, want->z)==0), name, d.z);
    free(d.z);
  }
}

/* The DuckDB blocks of one Markdown file. */
static void docExamples(Counts *cnt, const char *ext, const char *file){
  char *text = readFile(file);
  char *line, *next;
  int lineno = 0, blocks = 0;
  Buf sql = {0, 0, 0}, want = {0, 0, 0}, got = {0, 0, 0};
  char name[200];
  snprintf(name, sizeof name, "%s: readable", file);
  check(cnt, text!=0, name, 0);
  if( text==0 ) return;
  for(line=text; line && *line; line=next){
    next = strchr(line, '\n');
    if( next ){ *next++ = 0; }
    lineno++;
    if( strcmp(line, "<!-- duckdb -->")==0 && next && startsWith(next, "```sql") ){
      duckdb_database db;
      duckdb_connection con;
      int wantErr = 0, pending = 0, stmtLine = 0;
      blocks++;
      line = next; next = strchr(line, '\n'); if( next ) *next++ = 0;
      lineno++;
      if( openDb(1, 0, &db, &con) || loadExt(con, ext, &got) ){
        check(cnt, 0, file, "cannot open a database with the extension");
        continue;
      }
      sql.n = 0; bufStr(&sql, ""); want.n = 0; bufStr(&want, "");
      for(line=next; line && *line!=0 && !startsWith(line, "```"); line=next){
        next = strchr(line, '\n');
        if( next ){ *next++ = 0; }
        lineno++;
        if( startsWith(line, "-- \xe2\x86\x92 ") ){
          bufStr(&want, line + 7); bufStr(&want, "\n");
        }else if( startsWith(line, "-- error: ") ){
          bufStr(&want, line + 10); wantErr = 1;
        }else if( !startsWith(line, "--") && *line ){
          size_t n = strlen(line);
          /* A new statement: run the one before it first. */
          if( pending ){
            runStatement(cnt, con, file, stmtLine, &sql, &want, wantErr, &got);
            sql.n = 0; bufStr(&sql, ""); want.n = 0; bufStr(&want, "");
            wantErr = 0; pending = 0;
          }
          if( sql.n==0 ) stmtLine = lineno;
          bufStr(&sql, line); bufStr(&sql, "\n");
          while( n>0 && (line[n-1]==' ' || line[n-1]=='\t' || line[n-1]=='\r') ) n--;
          if( n>0 && line[n-1]==';' ) pending = 1;
        }
      }
      if( pending ) runStatement(cnt, con, file, stmtLine, &sql, &want, wantErr, &got);
      snprintf(name, sizeof name, "%s:%d: the block ends with a whole statement",
               file, stmtLine);
      check(cnt, pending || sql.n==0, name, sql.z);
      lineno++;
      closeDb(&db, &con);
    }
  }
  snprintf(name, sizeof name, "%s: DuckDB blocks", file);
  check(cnt, blocks>=1, name, "none");
  free(text); free(sql.z); free(want.z); free(got.z);
}

int main(int argc, char **argv){
  Counts cnt = {0, 0};
  duckdb_database db;
  duckdb_connection con;
  Buf out = {0, 0, 0};
  int i;
  if( argc<5 ){
    fprintf(stderr, "usage: %s EXT REPO LINUX_EXT FILE.md...\n", argv[0]);
    return 2;
  }
  /* 1. The platform, and LOAD with the setting. */
  if( openDb(1, 0, &db, &con) ) return 1;
  run(con, "SELECT platform FROM pragma_platform()", &out);
  check(&cnt, strcmp(out.z, "windows_amd64\n")==0, "1.platform", out.z);
  check(&cnt, loadExt(con, argv[1], &out)==0, "1.load", out.z);
  run(con, "SELECT urn_canonical('URN:ISBN:0-395-36341-1#p'), urn_valid('urn:isbn:0-395-36341-6', 'ns')", &out);
  check(&cnt, strcmp(out.z, "urn:isbn:0-395-36341-1 | false\n")==0, "1.query", out.z);
  closeDb(&db, &con);

  /* 2. Without allow_unsigned_extensions: DuckDB's refusal. */
  if( openDb(0, 0, &db, &con) ) return 1;
  check(&cnt, loadExt(con, argv[1], &out)==1 && strstr(out.z,
        "could not be loaded because its signature is either missing or invalid "
        "and unsigned extensions are disabled by configuration "
        "(allow_unsigned_extensions)")!=0, "2.unsigned", out.z);
  closeDb(&db, &con);

  /* 3. A file of another platform. */
  if( openDb(1, 0, &db, &con) ) return 1;
  check(&cnt, loadExt(con, argv[3], &out)==1 && strstr(out.z,
        "The file was built for the platform 'linux_amd64', but we can only "
        "load extensions built for platform 'windows_amd64'.")!=0,
        "3.platform", out.z);
  closeDb(&db, &con);

  /* 4. INSTALL from the repository, into a directory of its own. */
  if( openDb(1, "duckdb_extensions", &db, &con) ) return 1;
  {
    Buf sql = {0, 0, 0};
    bufStr(&sql, "INSTALL urn FROM '"); bufStr(&sql, argv[2]); bufStr(&sql, "'");
    check(&cnt, run(con, sql.z, &out)==0, "4.install", out.z);
    free(sql.z);
  }
  check(&cnt, run(con, "LOAD urn", &out)==0, "4.load", out.z);
  run(con, "SELECT install_mode FROM duckdb_extensions() WHERE extension_name = 'urn'", &out);
  check(&cnt, strcmp(out.z, "REPOSITORY\n")==0, "4.installed", out.z);
  run(con, "SELECT urn_key('URN:ISBN:0-395-36341-1#p')", &out);
  check(&cnt, strcmp(out.z, "urn:isbn:0-395-36341-1\n")==0, "4.query", out.z);
  closeDb(&db, &con);

  /* 5. The manual's examples. */
  for(i=4; i<argc; i++) docExamples(&cnt, argv[1], argv[i]);

  free(out.z);
  printf("duckdb-windows: %d passed, %d failed\n", cnt.passed, cnt.failed);
  return cnt.failed ? 1 : 0;
}
