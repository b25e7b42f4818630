# test/all.tcl -- run every test/*.test file (or those named on the command
# line) each in its own tclsh process and scratch directory, then print the
# totals as "N passed, N failed".  Exits non-zero when any test failed or a
# test file died before finish_test.  Files and pipes are UTF-8 whatever the
# locale (test/tester.tcl says why): each test file is read as UTF-8
# (tclsh -encoding utf-8) and its output decoded as UTF-8.
encoding system utf-8
foreach ch {stdin stdout stderr} { fconfigure $ch -encoding utf-8 }
set testdir [file dirname [file normalize [info script]]]
if {[llength $argv]} {
  set files {}
  foreach a $argv { lappend files [file normalize $a] }
} else {
  set files [lsort [glob -directory $testdir *.test]]
}
set tclsh [info nameofexecutable]
# One scratch directory per run, so that runs in the same tree at the same
# time (or make test beside make check) do not share database files.
set scratch [file join [pwd] build testrun [pid]]
file mkdir $scratch
set nPass 0
set nFail 0
foreach f $files {
  set dir [file join $scratch [file rootname [file tail $f]]]
  file delete -force $dir
  file mkdir $dir
  set here [pwd]
  cd $dir
  set rc [catch {exec $tclsh -encoding utf-8 $f 2>@1} out]
  cd $here
  set p 0; set q 0; set seen 0
  foreach line [split $out \n] {
    if {[regexp {^RESULT (\d+) (\d+)$} $line -> p q]} { set seen 1 } \
    else { puts $line }
  }
  if {!$seen} {
    puts "! [file tail $f] died before finish_test"
    set q [expr {$q+1}]
  }
  puts [format "%-22s %6d passed %4d failed" [file tail $f] $p $q]
  incr nPass $p
  incr nFail $q
}
if {$nFail==0} { file delete -force $scratch }
puts "$nPass passed, $nFail failed"
exit [expr {$nFail>0}]
