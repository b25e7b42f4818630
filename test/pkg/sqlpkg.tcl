# test/pkg/sqlpkg.tcl VERSION RELEASE_PLATFORMS PLATFORM=LIB... -- make
# sqlpkg-check: the spec sqlpkg.json against the archives make dist wrote
# to dist/ (those of PLATFORMS) and against the library; and the README's
# commands that load the library out of this machine's archive.  sqlpkg
# (nalgeon/sqlpkg-cli) picks assets.files[GOOS-GOARCH], expands {version},
# downloads it from assets.path (by default, for a GitHub repository,
# {repository}/releases/download/{version}), checks it against
# checksums.txt beside it, and unpacks the regular files whose names match
# assets.pattern into one directory, creating no subdirectory.  This checks
# each of those steps would find what it needs, but the download: the spec
# is ready for a future release and names no address until the archives
# are published (the README says so), so it holds no URL at all.  Prints
# "ok - NAME" or "FAILED - NAME: why" per check; ends "sqlpkg: N passed, N
# failed".
package require sqlite3

set topdir [file dirname [file dirname [file dirname [file normalize [info script]]]]]
set version [lindex $argv 0]
set releasePlatforms [lindex $argv 1]
set npass 0
set nfail 0
proc check {name ok {why ""}} {
  if {$ok} { incr ::npass; puts "ok - $name" } else { incr ::nfail; puts "FAILED - $name: $why" }
}
proc slurp {f} { set fd [open $f rb]; set d [read $fd]; close $fd; return $d }

# SQLite reads the JSON; the library, loaded from the native build, says
# what it registers.
sqlite3 db :memory:
set spec [slurp [file join $topdir sqlpkg.json]]
check "sqlpkg.json is JSON" [db one {SELECT json_valid($spec)}]
proc field {path} { db one {SELECT json_extract($::spec, $path)} }

foreach f {owner name version license description} {
  check "$f is set" [expr {[field \$.$f] ne ""}]
}
check "version is URN_VERSION ($version)" [expr {[field {$.version}] eq $version}] [field {$.version}]

# The platforms: PLATFORM=LIB pairs from make (mk/platforms.mk), those
# built; the spec names every platform of a release.  sqlpkg's keys are
# Go's GOOS-GOARCH.
set goarch {x86_64 amd64 arm64 arm64}
proc gokey {plat} {
  lassign [split $plat -] os arch
  return $os-[dict get $::goarch $arch]
}
set want {}
foreach pair [lrange $argv 2 end] {
  lassign [split $pair =] plat lib
  dict set want [gokey $plat] [list sqlite-urn-$version-$plat.tar.gz $lib]
}
set release [lsort [lmap p $releasePlatforms {gokey $p}]]
set files [db eval {SELECT key, value FROM json_each(json_extract($spec, '$.assets.files'))}]
check "assets.files has one entry per platform of a release ($releasePlatforms)" \
  [expr {[lsort [dict keys $files]] eq $release}] "[dict keys $files] vs $release"
set written [lsort [lmap f [glob -nocomplain -directory [file join $topdir dist] \
  sqlite-urn-$version-*.tar.gz] {file tail $f}]]
set named [lsort [lmap {k v} $files {
  if {![dict exists $want $k]} continue
  string map [list \{version\} [field {$.version}]] $v
}]]
check "the archives named for the platforms built are those make dist wrote" \
  [expr {$named eq $written}] "spec: $named, dist: $written"

# No download address: nothing is published yet, and the spec points to
# nothing that does not exist (no repository, no assets.path, no URL).
check "the spec names no address to download from (ready for a future release)" \
  [expr {![string match *://* $spec] && [field {$.assets.path}] eq "" && [field {$.repository}] eq ""}] \
  "repository [field {$.repository}], assets.path [field {$.assets.path}]"

# checksums.txt beside the archives: "SHA256  NAME" for each.
set sums {}
if {[file exists [file join $topdir dist checksums.txt]]} {
  foreach line [split [slurp [file join $topdir dist checksums.txt]] \n] {
    if {[llength $line] == 2} { dict set sums [lindex $line 1] [lindex $line 0] }
  }
}

set pattern [field {$.assets.pattern}]
set elf {62 x86_64 183 arm64}
dict for {key entry} $want {
  lassign $entry archive lib
  set spath [file join $topdir dist $archive]
  if {![dict exists $files $key] || ![file exists $spath]} {
    check "$key: $archive" 0 "not in the spec or not written"
    continue
  }
  set name [string map [list \{version\} $version] [dict get $files $key]]
  check "$key: the spec names $archive" [expr {$name eq $archive}] $name
  set sha [lindex [exec sha256sum $spath] 0]
  check "$key: checksums.txt has its SHA-256" \
    [expr {[dict exists $sums $archive] && [dict get $sums $archive] eq $sha}]
  # What sqlpkg unpacks: regular files matching the pattern, each where the
  # archive lies (no directory is created).
  set unpacked {}
  foreach line [split [exec tar -tvzf $spath] \n] {
    if {![string match -* $line]} continue
    set member [lindex $line end]
    if {$pattern ne "" && ![string match $pattern $member]} continue
    lappend unpacked $member
  }
  set libname [file tail $lib]
  check "$key: sqlpkg unpacks exactly $libname, at the top level" \
    [expr {$unpacked eq [list $libname]}] $unpacked
  # The library in it is that platform's: the right machine, byte for byte.
  set tmp [file join $topdir build pkgtest sqlpkg $key]
  file delete -force $tmp
  file mkdir $tmp
  exec tar -xzf $spath -C $tmp
  set got [file join $tmp $libname]
  set same [expr {[file exists $got] && [slurp $got] eq [slurp $lib]}]
  check "$key: its $libname is $lib" $same
  if {$same} {
    set head [string range [slurp $got] 0 4095]
    if {[string range $head 0 3] eq "\x7fELF"} {
      binary scan $head @18s machine
      set what "linux-[expr {[dict exists $elf $machine] ? [dict get $elf $machine] : $machine}]"
    } else {
      binary scan $head @60i pe
      binary scan $head @[expr {$pe+4}]s machine
      set what [expr {($machine & 0xffff) == 0x8664 ? "windows-x86_64" : "PE $machine"}]
    }
    set goname [string map {amd64 x86_64} $key]
    check "$key: the library is built for $goname" [expr {$what eq $goname}] $what
  }
}

# symbols: the SQL names the library registers.
db enable_load_extension 1
db eval {SELECT load_extension($::env(URN_EXT))}
set registered [db eval {
  SELECT name FROM (SELECT DISTINCT name FROM pragma_function_list WHERE name GLOB 'urn_*')
  UNION ALL SELECT name FROM pragma_collation_list WHERE name GLOB 'URN*'
  UNION ALL SELECT name FROM pragma_module_list WHERE name GLOB 'urn_*'
}]
set symbols [db eval {SELECT value FROM json_each(json_extract($spec, '$.symbols'))}]
check "symbols are the names the library registers" \
  [expr {[lsort $symbols] eq [lsort $registered]}] \
  "missing: [lmap n $registered {if {$n in $symbols} continue; set n}],\
   not registered: [lmap n $symbols {if {$n in $registered} continue; set n}]"

# The README's block that loads the library out of this machine's archive
# (the Install section's ```sh block that unpacks dist/...tar.gz), run word
# for word in a scratch directory with dist/ beside it, as in a clone.
proc readme_archive_block {} {
  set fd [open [file join $::topdir README.md]]; fconfigure $fd -encoding utf-8
  set text [read $fd]; close $fd
  regexp {\n## Install\n(.*?)\n## } $text -> install
  foreach {- body} [regexp -all -inline {```sh\n(.*?)```} $install] {
    # Without its "make dist" line: the target that runs this test.
    if {[string match "*tar -xzf dist/*" $body]} { return [regsub -all -line {^\s*make\M.*\n} $body {}] }
  }
  return ""
}
set block [readme_archive_block]
check "the README's Install section unpacks an archive and loads it" [expr {$block ne ""}] "no such block"
if {$block ne ""} {
  regexp {dist/(sqlite-urn-[^ ]*\.tar\.gz)} $block -> shown
  if {![file exists [file join $topdir dist $shown]]} {
    check "README: $shown is an archive make dist wrote" 0 "not in dist/: $written"
  } else {
    set tmp [file join $topdir build pkgtest sqlpkg readme]
    file delete -force $tmp
    file mkdir $tmp
    file link -symbolic $tmp/dist [file join $topdir dist]
    set here [pwd]; cd $tmp
    set rc [catch {exec bash -ec $block 2>@1} out]
    cd $here
    check "README: [string map {\n { && }} [string trim $block]]" \
      [expr {$rc == 0 && [string trim $out] eq "isbn"}] $out
  }
}

puts "sqlpkg: $npass passed, $nfail failed"
exit [expr {$nfail > 0}]
