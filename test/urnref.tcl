# test/urnref.tcl -- a reference implementation of URN validity and of the
# equivalence key, written in Tcl straight from the ABNF, as an oracle for
# the C code.  Slow and simple on purpose; shares nothing with ext/.

# RFC 3986 §3.3: pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
set ::ref_pchar {(?:[A-Za-z0-9._~!$&'()*+,;=:@-]|%[0-9A-Fa-f]{2})}
# RFC 8141 §2: NID = (alphanum) 0*30(ldh) (alphanum)
set ::ref_nid {[A-Za-z0-9][A-Za-z0-9-]{0,30}[A-Za-z0-9]}
# RFC 8141 §2 and §2.3.1: the r-component ends at the first "?=".
set ::ref_re8141 [string map [list PCHAR $::ref_pchar NIDRE $::ref_nid] \
  {^[uU][rR][nN]:(NIDRE):(PCHAR(?:PCHAR|/)*)(?:\?\+(PCHAR(?:PCHAR|/|\?(?!=))*))?(?:\?=(PCHAR(?:PCHAR|/|\?)*))?(?:#((?:PCHAR|/|\?)*))?$}]
# RFC 2141 §2: NID of 1 to 32 let-num-hyp starting with let-num, not "urn";
# NSS of <trans> without reserved, or %XX other than %00.
set ::ref_re2141 {^[uU][rR][nN]:(?![uU][rR][nN]:)([A-Za-z0-9][A-Za-z0-9-]{0,31}):((?:[A-Za-z0-9()+,.:=@;$_!*'-]|%(?!00)[0-9A-Fa-f]{2})+)$}

# Is s a URN under mode?  With names, also sets the caller's nid/nss vars.
proc ref_valid {s {mode rfc8141}} {
  if {$mode eq "rfc2141"} { return [regexp $::ref_re2141 $s] }
  regexp $::ref_re8141 $s
}

# key(s), docs/design.md: "urn:" lower(NID) ":" NSS with %XX upper-cased, for a
# URN; s itself otherwise.
proc ref_key {s {mode rfc8141}} {
  set re [expr {$mode eq "rfc2141" ? $::ref_re2141 : $::ref_re8141}]
  if {![regexp $re $s -> nid nss]} { return $s }
  set out "urn:[string tolower $nid]:"
  set n [string length $nss]
  for {set i 0} {$i < $n} {incr i} {
    set c [string index $nss $i]
    if {$c eq "%"} {
      append out % [string toupper [string range $nss $i+1 $i+2]]
      incr i 2
    } else {
      append out $c
    }
  }
  return $out
}

# The order of the URN collation, by the reference key.
proc ref_cmp {a b} { string compare [ref_key $a] [ref_key $b] }

# Random strings near the URN grammar: URNs, respellings and broken ones.
proc ref_random_string {} {
  set heads {urn: urn: urn: URN: uRn: urn urnx: {} ur: urn:: {urn: }}
  set nids {ab ISBN isbn example EXAMPLE x a-b a- -a urn uuid 0 Z9 a1
            abcdefghijklmnopqrstuvwxyz012345 abcdefghijklmnopqrstuvwxyz0123456}
  set toks {a b Z 0 9 - . _ ~ ! $ & ' ( ) * + , ; = : @ / ? # % %2c %2C %aF
            %00 %g1 %2 ?+ ?= ?+r ?=q #f / // é { } \t \" < > \[ \] ^ ` | \\}
  set s [rng_pick $heads]
  if {[rng 10]} { append s [rng_pick $nids] : }
  set n [rng 9]
  for {set i 0} {$i < $n} {incr i} { append s [rng_pick $toks] }
  return $s
}

# An equivalent respelling of a URN: case of scheme, NID and hex digits
# changed at random, components added or removed.
# $s upper- or lower-cased, at random.  Never through expr's ?: operator:
# expr reads "00" as the number 0 (see soak.test 0.1, 2026-11-22).
proc ref_anycase {s} {
  if {[rng 2]} { return [string toupper $s] }
  return [string tolower $s]
}

proc ref_respell {s} {
  if {![regexp $::ref_re8141 $s -> nid nss]} { return $s }
  set out ""
  foreach c [split "urn:$nid:" ""] {
    append out [ref_anycase $c]
  }
  set n [string length $nss]
  for {set i 0} {$i < $n} {incr i} {
    set c [string index $nss $i]
    if {$c eq "%"} {
      set h [string range $nss $i+1 $i+2]
      append out % [ref_anycase $h]
      incr i 2
    } else {
      append out $c
    }
  }
  switch [rng 4] {
    0 { append out ?+r[rng 100] }
    1 { append out ?=q[rng 100]#f }
    2 { append out # }
  }
  return $out
}

# A random URN (valid by construction, then checked by the caller's
# oracle): mixed-case scheme and NID, pchars, %XX in both cases, "/" and
# components.
proc ref_random_urn {} {
  set nids {ab ISBN isbn example EXAMPLE a-b uuid Z9 a1 ietf NBN urn x-y}
  set toks {a b Z 0 9 - . _ ~ ! $ & ' ( ) * + , ; = : @ %2c %2C %aF %Af %00 /x /}
  set s [lindex {urn URN uRn} [rng 3]]:[rng_pick $nids]:[rng_pick {a B 7 %7e}]
  set n [rng 6]
  for {set i 0} {$i < $n} {incr i} { append s [rng_pick $toks] }
  if {[rng 4]==0} { append s ?+ [rng_pick {r R %2f}] [rng_pick {{} ? /x ?+s}] }
  if {[rng 4]==0} { append s ?= [rng_pick {q Q %2f}] [rng_pick {{} ? /x ?+s ?=t}] }
  if {[rng 4]==0} { append s # [rng_pick {{} f %2f ? /}] }
  return $s
}
