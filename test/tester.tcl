# test/tester.tcl -- the test harness, in the idiom of SQLite's own
# test/tester.tcl, for a stock tclsh with SQLite's Tcl package (no testfixture).
#
#   do_test NAME SCRIPT EXPECTED       run SCRIPT, compare its result
#   do_execsql_test NAME SQL EXPECTED  EXPECTED is a Tcl list; NULL is {}
#   do_catchsql_test NAME SQL EXPECTED EXPECTED is {0 RESULT} or {1 MESSAGE}
#   do_eqp_test NAME SQL EXPECTED      EXPECTED: the detail lines of
#                                      EXPLAIN QUERY PLAN, each a glob pattern
#   execsql SQL ?DB?, catchsql SQL ?DB?, reset_db, load_urn DB, finish_test
#
# The extension is loaded from $env(URN_EXT) (set by `make test`), else from
# ../urn.so beside this directory.  Each test file runs in a fresh process
# whose working directory is a scratch directory (test/all.tcl sees to it).

package require sqlite3

# Every file and pipe is UTF-8, whatever the locale: with none at all (no
# LANG, no LC_*: a container or a chroot) Tcl's system encoding would be
# ISO-8859-1, and every '§' or 'é' read from a file, a pipe or exec would
# come out wrong.  The system encoding is what open, exec and source use by
# default; the standard channels were made before, so they are set too.
# test/all.tcl reads each test file itself as UTF-8 (tclsh -encoding
# utf-8).  Python children run in UTF-8 mode (PEP 540), whatever the locale.
encoding system utf-8
foreach ch {stdin stdout stderr} { fconfigure $ch -encoding utf-8 }
set ::env(PYTHONUTF8) 1
set ::env(PYTHONIOENCODING) utf-8

set ::testdir [file dirname [file normalize [info script]]]
set ::topdir [file dirname $::testdir]
if {[info exists ::env(URN_EXT)] && $::env(URN_EXT) ne ""} {
  set ::URN_EXT $::env(URN_EXT)
} else {
  set ::URN_EXT [file join $::topdir urn]
}
if {![info exists ::testprefix]} { set ::testprefix "" }
set ::nTest 0
set ::nFail 0

proc load_urn {{dbname db}} {
  $dbname enable_load_extension 1
  $dbname eval {SELECT load_extension($::URN_EXT)}
  $dbname enable_load_extension 0
}

proc forcedelete {args} {
  foreach f $args { file delete -force $f $f-journal $f-wal $f-shm }
}

# Close db, delete test.db, open it again with the extension loaded.
proc reset_db {} {
  catch {db close}
  forcedelete test.db
  sqlite3 db test.db
  load_urn db
}

proc execsql {sql {dbname db}} { uplevel #0 [list $dbname eval $sql] }

proc catchsql {sql {dbname db}} {
  set rc [catch {uplevel #0 [list $dbname eval $sql]} msg]
  list $rc $msg
}

proc test_fail {name expected result} {
  incr ::nFail
  puts "! $name expected: \[$expected\]"
  puts "! $name got:      \[$result\]"
}

proc do_test {name cmd expected} {
  set name "$::testprefix$name"
  incr ::nTest
  if {[catch {uplevel 1 $cmd} result opts]} {
    test_fail $name $expected "Tcl error: $result"
    return
  }
  if {$result ne $expected} { test_fail $name $expected $result }
}

proc do_execsql_test {name sql {expected {}}} {
  uplevel 1 [list do_test $name [list execsql $sql] [list {*}$expected]]
}

proc do_catchsql_test {name sql expected} {
  uplevel 1 [list do_test $name [list catchsql $sql] [list {*}$expected]]
}

# The "detail" column of EXPLAIN QUERY PLAN, one element per line; each
# expected element is a glob pattern.
proc do_eqp_test {name sql expected} {
  set name "$::testprefix$name"
  incr ::nTest
  set got {}
  db eval "EXPLAIN QUERY PLAN $sql" r { lappend got $r(detail) }
  set ok [expr {[llength $got]==[llength $expected]}]
  foreach g $got e $expected {
    if {![string match $e $g]} { set ok 0 }
  }
  if {!$ok} { test_fail $name $expected $got }
}

# Print the counts in the form test/all.tcl reads, and exit.
proc finish_test {} {
  catch {db close}
  puts "RESULT [expr {$::nTest-$::nFail}] $::nFail"
  exit [expr {$::nFail>0}]
}

# A deterministic pseudo-random generator (a 31-bit LCG) so that every run
# of every test sees the same "random" data.
set ::rngState 20261122
proc rng_seed {s} { set ::rngState [expr {$s & 0x7fffffff}] }
proc rng {n} {
  set ::rngState [expr {($::rngState * 1103515245 + 12345) & 0x7fffffff}]
  expr {($::rngState >> 8) % $n}
}
proc rng_pick {list} { lindex $list [rng [llength $list]] }

reset_db
