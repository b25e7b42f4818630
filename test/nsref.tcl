# test/nsref.tcl -- a reference implementation of key_ns, the key of the
# collation URN_NS, written in Tcl from the namespace rules (RFC 3187 §5,
# RFC 3044 §5, RFC 4122 §3, RFC 8458 §4.3, RFC 2648 §2, RFC 3553 §3,
# RFC 4246 §2, RFC 4350 §2, RFC 3614 §2, DOI Handbook), as an oracle for
# ext/core/urn_ns*.c; plus check-digit references and generators of namespace
# URNs.  Slow and simple on purpose; shares nothing with ext/.  Needs
# test/urnref.tcl (ref_key, ref_re8141) and test/tester.tcl (rng).

# ASCII letters to lower case, except the hex digits of a %XX (kept as the
# generic key has them: upper case).
proc ref_fold {s} {
  set out ""
  foreach tok [regexp -all -inline {%[0-9A-Fa-f]{2}|[^%]+} $s] {
    if {[string index $tok 0] eq "%"} { append out $tok } \
    else { append out [string tolower $tok] }
  }
  return $out
}

# key_ns(s): the generic key, then the transform of the NID where the NSS
# of the key has the namespace's shape.
proc ref_key_ns {s} {
  if {![regexp $::ref_re8141 $s -> nid]} { return $s }
  set key [ref_key $s]
  set nid [string tolower $nid]
  set head "urn:$nid:"
  set nss [string range $key [string length $head] end]
  switch -- $nid {
    isbn {
      set t [string map {- {}} $nss]
      if {[regexp {^(?:[0-9]{9}[0-9xX]|[0-9]{13})$} $t]} { set nss [string map {x X} $t] }
    }
    issn {
      set t [string map {- {}} $nss]
      if {[regexp {^[0-9]{7}[0-9xX]$} $t]} { set nss [string map {x X} $t] }
    }
    isni {
      if {[regexp {^[0-9]{15}[0-9xX]$} $nss]} { set nss [string map {x X} $nss] }
    }
    uuid {
      set h {[0-9A-Fa-f]}
      if {[regexp "^$h{8}-$h{4}-$h{4}-$h{4}-$h{12}\$" $nss]} { set nss [string tolower $nss] }
    }
    nbn {
      if {[regexp {^([A-Za-z]{2}(?::[A-Za-z0-9]+)*)(-.*)$} $nss -> p rest]} {
        set nss [string tolower $p]$rest
      }
    }
    ietf {
      if {[string equal -nocase -length 7 $nss params:]} {
        set nss params:[string range $nss 7 end]
      } else {
        set nss [ref_fold $nss]
      }
    }
    isan - nzl - doi { set nss [ref_fold $nss] }
    mpeg {
      regexp {^([^:]*)(.*)$} $nss -> a b
      set nss [ref_fold $a]$b
    }
  }
  return $head$nss
}

# The order of URN_NS, by the reference key.
proc ref_cmp_ns {a b} { string compare [ref_key_ns $a] [ref_key_ns $b] }

# ---- Check digits ------------------------------------------------------

# Each takes a list of digits and returns the check character.
proc ref_isbn10_check {d} {
  set s 0
  for {set i 0} {$i < 9} {incr i} { incr s [expr {(10-$i)*[lindex $d $i]}] }
  set c [expr {(11 - $s % 11) % 11}]
  expr {$c == 10 ? "X" : $c}
}
proc ref_isbn13_check {d} {
  set s 0
  for {set i 0} {$i < 12} {incr i} { incr s [expr {($i % 2 ? 3 : 1)*[lindex $d $i]}] }
  expr {(10 - $s % 10) % 10}
}
proc ref_issn_check {d} {
  set s 0
  for {set i 0} {$i < 7} {incr i} { incr s [expr {(8-$i)*[lindex $d $i]}] }
  set c [expr {(11 - $s % 11) % 11}]
  expr {$c == 10 ? "X" : $c}
}
# ISO 7064 MOD 11-2.
proc ref_isni_check {d} {
  set p 0
  foreach x [lrange $d 0 14] { set p [expr {(($p + $x) * 2) % 11}] }
  set c [expr {(12 - $p) % 11}]
  expr {$c == 10 ? "X" : $c}
}

proc ref_digits {n} {
  set d {}
  for {set i 0} {$i < $n} {incr i} { lappend d [rng 10] }
  return $d
}

# Random hyphenation: a '-' between two characters with probability 1/4.
proc ref_hyphenate {s} {
  set out [string index $s 0]
  foreach c [split [string range $s 1 end] ""] {
    if {[rng 4] == 0} { append out - }
    append out $c
  }
  return $out
}

# ---- Generators ----------------------------------------------------------

proc ref_mixcase {s} {
  set out ""
  foreach c [split $s ""] {
    append out [ref_anycase $c]
  }
  return $out
}

# An NSS for namespace nid: usually of its shape, sometimes slightly off.
proc ns_random_nss {nid} {
  set toks {a B c D x X e F z Q %2a %2A %4b %4B %7e - : . 0 9 @ ~ /q}
  switch -- [string tolower $nid] {
    isbn {
      set d [join [ref_digits [rng_pick {9 9 12 12 8 10 13}]] ""]
      if {[string length $d] == 9} { append d [rng_pick {0 5 x X}] }
      if {[string length $d] == 12} { append d [rng 10] }
      if {[rng 3]} { set d [ref_hyphenate $d] }
      if {[rng 8] == 0} { append d [rng_pick {- a %2D x}] }
      if {[rng 8] == 0} { set d -$d }
      return $d
    }
    issn {
      set d [join [ref_digits 7] ""][rng_pick {0 1 x X}]
      switch [rng 4] {
        0 { set d [string range $d 0 3]-[string range $d 4 end] }
        1 { set d [ref_hyphenate $d] }
        2 { set d [string range $d 0 [rng 8]] }
      }
      return $d
    }
    isni {
      set d [join [ref_digits 15] ""][rng_pick {0 7 x X}]
      if {[rng 5] == 0} { set d [ref_hyphenate $d] }
      return $d
    }
    uuid {
      set hex {0 1 2 3 4 5 6 7 8 9 a b c d e f A B C D E F}
      set s ""
      foreach n {8 4 4 4 12} {
        if {$s ne ""} { append s - }
        for {set i 0} {$i < $n} {incr i} { append s [rng_pick $hex] }
      }
      switch [rng 6] {
        0 { set s [string map {- {}} $s] }
        1 { append s [rng_pick {g %41 a}] }
      }
      return $s
    }
    nbn {
      set s [ref_mixcase [rng_pick {fi se de ch fin f n1}]]
      for {set i [rng 3]} {$i > 0} {incr i -1} {
        append s : [ref_mixcase [rng_pick {uu bel gbv 101 a1 %41 {}}]]
      }
      if {[rng 6]} { append s - }
      for {set i [rng 4]} {$i >= 0} {incr i -1} { append s [rng_pick $toks] }
      return $s
    }
    ietf {
      set s [rng_pick {rfc RFC params PARAMS Params id mtg Std {}}]
      if {[rng 5]} { append s : }
      for {set i [rng 4]} {$i >= 0} {incr i -1} { append s [rng_pick $toks] }
      return $s
    }
    mpeg {
      set s [ref_mixcase [rng_pick {mpeg7 mpeg21 Mpeg%2a a}]]
      if {[rng 4]} { append s : }
      for {set i [rng 4]} {$i >= 0} {incr i -1} { append s [rng_pick $toks] }
      return $s
    }
    default {
      set s [rng_pick {a B 7 %7e x X}]
      for {set i [rng 6]} {$i >= 0} {incr i -1} { append s [rng_pick $toks] }
      return $s
    }
  }
}

# A random string in or near a namespace: a URN with a NID that has rules
# (or none), in any case, sometimes with components.
proc ns_random_urn {} {
  set nid [rng_pick {isbn ISBN Isbn issn ISSN isni uuid UUID nbn NBN ietf IETF
                     isan ISAN nzl NZL mpeg MPEG doi DOI oid example lsid urn-7}]
  set s [rng_pick {urn URN uRn}]:$nid:[ns_random_nss $nid]
  if {[rng 5] == 0} { append s ?+ [rng_pick {r R %2f}] }
  if {[rng 5] == 0} { append s ?= [rng_pick {q Q %2f}] }
  if {[rng 5] == 0} { append s # [rng_pick {{} f %2f}] }
  return $s
}

# A respelling of s that URN_NS may or may not merge with it: letters
# re-cased at random (hex digits of %XX too), hyphens added or removed,
# components changed.
proc ns_respell {s} {
  if {![regexp $::ref_re8141 $s]} { return $s }
  set s [ref_respell $s]
  regexp {^([^?#]*)(.*)$} $s -> name rest
  set out ""
  foreach c [split $name ""] {
    if {[string is alpha $c] && [rng 3] == 0} {
      set c [expr {[string is upper $c] ? [string tolower $c] : [string toupper $c]}]
    }
    if {$c eq "-" && [rng 3] == 0} continue
    append out $c
    if {[string is digit $c] && [rng 6] == 0} { append out - }
  }
  return $out$rest
}
