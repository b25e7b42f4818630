# test/duckdb/sqlite_ref.tcl CASES OUT -- the SQLite build's answers to the
# cases that test/duckdb/duckdb.test.js also asks the DuckDB build.
#
# CASES has one case a line, fields separated by tabs:
#   ID  FUNC  MODE  ARG...
# MODE is "-" (no MODE argument), "T:HEX" (text), "B:HEX" (a BLOB) or "N"
# (NULL); each ARG is "T:HEX", "B:HEX" or "N" alike, or "I:N" (the
# integer N: urn_from_url's GCP_LENGTH, urn_epc_tag's FILTER).  FUNC urn_extract_all
# is asked of SQLite as urn_find(T, MODE), whose urn column it is (an
# error names urn_extract_all, the function called).  OUT
# gets "ID<tab>RESULT" a case a line, RESULT one of
#   N          NULL
#   I:V        an integer (urn_valid, urn_equal: 1 or 0)
#   T:HEX      a text or BLOB, its bytes
#   L:HEX,...  urn_find's rows (urn_extract_all's list), in order
#   S:V,HEX,...  urn_parse's row: valid, then nid, nss, r, q, f, canonical
#              and key, each its bytes in hex or N for NULL; urn_epc's
#              row: tag, pure, scheme, filter (decimal), company,
#              reference, serial
#   E:MESSAGE  an SQL error
# Text is bound as a BLOB cast to TEXT, so that its bytes (a NUL among them)
# reach SQLite exactly.
package require sqlite3
lassign $argv casesFile outFile
set URN_EXT $env(URN_EXT)

sqlite3 db :memory:
db enable_load_extension 1
db eval {SELECT load_extension($URN_EXT)}

set in [open $casesFile]
fconfigure $in -encoding utf-8
set out [open $outFile w]
fconfigure $out -encoding utf-8 -translation lf

# The SQL of one argument: its placeholder, with the bytes in v$i.
proc argSql {tok i} {
  if {$tok eq "N"} { return NULL }
  if {[string index $tok 0] eq "I"} { return [expr {int([string range $tok 2 end])}] }
  set ::v$i [binary decode hex [string range $tok 2 end]]
  if {[string index $tok 0] eq "B"} { return "@v$i" }
  return "CAST(@v$i AS TEXT)"
}

# A table-valued function's one row, written by its SQL as a STRUCT's
# "S:..." is: the error, N for no row, else the row.  Run in the caller's
# scope, where the arguments' variables (@vN) are.
proc structRow {out id sql} {
  if {[catch {uplevel 1 [list db eval $sql]} r]} {
    puts $out "$id\tE:$r"
  } elseif {[llength $r] == 0} {
    puts $out "$id\tN"
  } else {
    puts $out "$id\t[lindex $r 0]"
  }
}

while {[gets $in line] >= 0} {
  set f [split $line \t]
  lassign $f id func mode
  set args {}
  set i 0
  foreach tok [lrange $f 3 end] { lappend args [argSql $tok [incr i]] }
  if {$mode ne "-"} { lappend args [argSql $mode [incr i]] }
  set argList [join $args ", "]
  if {$func eq "urn_extract_all"} {
    # A NULL T: no rows in SQLite, NULL in DuckDB; a bad MODE: its error,
    # which names the function called.
    set sql "SELECT group_concat(hex(urn), ',') FROM (SELECT urn FROM urn_find($argList) ORDER BY rowid)"
    if {[catch {db onecolumn $sql} r]} {
      regsub {^urn_find\(\)} $r {urn_extract_all()} r
      puts $out "$id\tE:$r"
    } elseif {[lindex $f 3] eq "N"} {
      puts $out "$id\tN"
    } else {
      puts $out "$id\tL:$r"
    }
    continue
  }
  if {$func eq "urn_epc"} {
    # Its one row as "S:TAG,PURE,SCHEME,FILTER,COMPANY,REFERENCE,SERIAL",
    # texts in hex, the filter in decimal, N for NULL; no row is NULL, as
    # DuckDB's STRUCT is.
    set cols [lmap c {tag pure scheme filter company reference serial} {
      string cat "CASE WHEN $c IS NULL THEN 'N' ELSE " \
        [expr {$c eq "filter" ? $c : "hex($c)"}] " END"
    }]
    set sql "SELECT 'S:' || [join $cols " || ',' || "] FROM urn_epc($argList)"
    structRow $out $id $sql
    continue
  }
  if {$func eq "urn_parse"} {
    # Its one row as "S:VALID,NID,...,KEY", each text's bytes in hex or N
    # for NULL; no row (a NULL X) is NULL, as DuckDB's STRUCT is.
    set cols [lmap c {nid nss r q f canonical key} {
      string cat "CASE WHEN $c IS NULL THEN 'N' ELSE hex($c) END"
    }]
    set sql "SELECT 'S:' || valid || ',' || [join $cols " || ',' || "] FROM urn_parse($argList)"
    structRow $out $id $sql
    continue
  }
  set sql "SELECT typeof(r), hex(r), r FROM (SELECT $func\($argList) AS r)"
  if {[catch {db eval $sql} r]} {
    puts $out "$id\tE:$r"
    continue
  }
  lassign $r type hex value
  switch $type {
    null    { puts $out "$id\tN" }
    integer { puts $out "$id\tI:$value" }
    default { puts $out "$id\tT:$hex" }
  }
}
close $in
close $out
db close
