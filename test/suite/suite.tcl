# test/suite/suite.tcl -- the Tcl reader of the conformance suite's records
# (test/suite/README.md, the format), sourced by test/suite.test.
#
#   suite_files                 the record files, test/suite/*.test, sorted
#   suite_parse FILE            its records: a list of dicts with the keys
#                               file line kind (statement|query) sql
#                               expect (ok|error) error types sort rows conds
#   suite_applies REC NAMES     1 if REC runs on an engine of these names
#   suite_sqlite_sql SQL        SQL with the shims spelled for SQLite:
#                               chr(N) as char(N), repeat(S, N) as
#                               replace(printf('%.*c', N, 'x'), 'x', S)
#
# Files are read as UTF-8 whatever the locale (test/tester.tcl says why).

set ::suite_dir [file dirname [file normalize [info script]]]

proc suite_files {} {
  lsort [glob -directory $::suite_dir *.test]
}

# A parse error names the file and line; the runner counts it as a failure.
proc suite_error {file line msg} {
  error "[file tail $file]:$line: $msg"
}

proc suite_parse {file} {
  set f [open $file]
  fconfigure $f -encoding utf-8 -translation auto
  set lines [split [read $f] \n]
  close $f
  set n [llength $lines]
  set recs {}
  set conds {}
  set i 0
  while {$i < $n} {
    set line [lindex $lines $i]
    if {$line eq "" || [string index $line 0] eq "#"} {
      if {$line eq "" && [llength $conds]} {
        suite_error $file $i "a condition without its record"
      }
      incr i
      continue
    }
    set w [regexp -all -inline {\S+} $line]
    set first [lindex $w 0]
    if {$first eq "onlyif" || $first eq "skipif"} {
      if {[llength $w] != 2} { suite_error $file [expr {$i+1}] "expected '$first ENGINE'" }
      lappend conds [list $first [lindex $w 1]]
      incr i
      continue
    }
    set rec [dict create file $file line [expr {$i+1}] conds $conds \
               error "" types "" sort nosort rows {} expect ok]
    set conds {}
    if {$first eq "statement"} {
      if {[llength $w] != 2 || [lindex $w 1] ni {ok error}} {
        suite_error $file [expr {$i+1}] "expected 'statement ok' or 'statement error'"
      }
      dict set rec kind statement
      dict set rec expect [lindex $w 1]
    } elseif {$first eq "query"} {
      if {[llength $w] < 2 || [llength $w] > 3 || ![regexp {^[TI]+$} [lindex $w 1]]
          || [lindex $w 2] ni {"" nosort rowsort}} {
        suite_error $file [expr {$i+1}] "expected 'query TYPES \[nosort|rowsort\]'"
      }
      dict set rec kind query
      dict set rec types [lindex $w 1]
      if {[lindex $w 2] ne ""} { dict set rec sort [lindex $w 2] }
    } else {
      suite_error $file [expr {$i+1}] "unknown directive '$first'"
    }
    incr i
    set sql {}
    while {$i < $n && [lindex $lines $i] ne "" && [lindex $lines $i] ne "----"} {
      lappend sql [lindex $lines $i]
      incr i
    }
    if {![llength $sql]} { suite_error $file [dict get $rec line] "a record without SQL" }
    dict set rec sql [join $sql \n]
    set dashes [expr {$i < $n && [lindex $lines $i] eq "----"}]
    if {$dashes} { incr i }
    switch [dict get $rec kind]/[dict get $rec expect] {
      statement/ok {
        if {$dashes} { suite_error $file [dict get $rec line] "'statement ok' takes no '----'" }
      }
      statement/error {
        if {$dashes} {
          if {$i >= $n || [lindex $lines $i] eq ""} {
            suite_error $file [dict get $rec line] "no message after '----'"
          }
          dict set rec error [lindex $lines $i]
          incr i
        } else {
          dict set rec error ""
        }
      }
      query/ok {
        if {!$dashes} { suite_error $file [dict get $rec line] "a query without '----'" }
        set rows {}
        while {$i < $n && [lindex $lines $i] ne ""} {
          lappend rows [lindex $lines $i]
          incr i
        }
        dict set rec rows $rows
      }
    }
    if {$i < $n && [lindex $lines $i] ne ""} {
      suite_error $file [expr {$i+1}] "expected a blank line after the record"
    }
    lappend recs $rec
  }
  if {[llength $conds]} { suite_error $file $n "a condition without its record" }
  return $recs
}

proc suite_applies {rec names} {
  foreach c [dict get $rec conds] {
    lassign $c kind engine
    set mine [expr {$engine in $names}]
    if {($kind eq "onlyif" && !$mine) || ($kind eq "skipif" && $mine)} { return 0 }
  }
  return 1
}

# ---- The shims, spelled for SQLite ----------------------------------------

# The index of the ')' that closes the '(' at index i of sql, skipping
# string literals and quoted names.
proc suite_close_paren {sql i} {
  set depth 0
  set n [string length $sql]
  for {} {$i < $n} {incr i} {
    set c [string index $sql $i]
    if {$c eq "'" || $c eq "\""} {
      set j [string first $c $sql [expr {$i+1}]]
      while {$j >= 0 && [string index $sql [expr {$j+1}]] eq $c} {
        set j [string first $c $sql [expr {$j+2}]]
      }
      if {$j < 0} { return -1 }
      set i $j
    } elseif {$c eq "("} {
      incr depth
    } elseif {$c eq ")"} {
      if {[incr depth -1] == 0} { return $i }
    }
  }
  return -1
}

# The arguments between the parentheses: split at the commas outside
# parentheses and literals.
proc suite_split_args {text} {
  set args {}
  set depth 0
  set from 0
  set n [string length $text]
  for {set i 0} {$i < $n} {incr i} {
    set c [string index $text $i]
    if {$c eq "'" || $c eq "\""} {
      set j [string first $c $text [expr {$i+1}]]
      while {$j >= 0 && [string index $text [expr {$j+1}]] eq $c} {
        set j [string first $c $text [expr {$j+2}]]
      }
      set i [expr {$j < 0 ? $n : $j}]
    } elseif {$c eq "("} {
      incr depth
    } elseif {$c eq ")"} {
      incr depth -1
    } elseif {$c eq "," && $depth == 0} {
      lappend args [string trim [string range $text $from [expr {$i-1}]]]
      set from [expr {$i+1}]
    }
  }
  lappend args [string trim [string range $text $from end]]
}

proc suite_sqlite_sql {sql} {
  set out ""
  set n [string length $sql]
  set i 0
  while {$i < $n} {
    set c [string index $sql $i]
    if {$c eq "'" || $c eq "\""} {
      set j [string first $c $sql [expr {$i+1}]]
      while {$j >= 0 && [string index $sql [expr {$j+1}]] eq $c} {
        set j [string first $c $sql [expr {$j+2}]]
      }
      if {$j < 0} { set j [expr {$n-1}] }
      append out [string range $sql $i $j]
      set i [expr {$j+1}]
      continue
    }
    set prev [expr {$i > 0 ? [string index $sql [expr {$i-1}]] : " "}]
    if {($c eq "c" || $c eq "r") && ![regexp {[A-Za-z0-9_]} $prev]
        && [regexp {^(chr|repeat)\s*\(} [string range $sql $i end] m name]} {
      set open [expr {$i + [string length $m] - 1}]
      set close [suite_close_paren $sql $open]
      if {$close > 0} {
        set args [lmap a [suite_split_args [string range $sql [expr {$open+1}] [expr {$close-1}]]] {
          suite_sqlite_sql $a
        }]
        if {$name eq "chr"} {
          append out "char([join $args {, }])"
        } else {
          lassign $args s count
          append out "replace(printf('%.*c', $count, 'x'), 'x', $s)"
        }
        set i [expr {$close+1}]
        continue
      }
    }
    append out $c
    incr i
  }
  return $out
}
