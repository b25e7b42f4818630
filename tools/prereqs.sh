#!/bin/sh
# tools/prereqs.sh NEED... -- make sure what a make target needs is here.
#
# NEED is any of: cc (a C compiler), sqlite-dev (SQLite's headers), shell (the
# sqlite3 command-line shell), tcl (tclsh with SQLite's Tcl package), python
# (a python3 whose sqlite3 module can load extensions), pywheel (Debian's
# /usr/bin/python3 with pip, setuptools, wheel and venv, to build and test
# the wheel offline), apsw (Debian's python3-apsw), node (node and npm),
# clang (clang with its sanitizer and fuzzer runtimes), llvm (llvm-profdata
# and llvm-cov, for make coverage), gnuplot, mingw, arm64 (the aarch64 cross
# compiler and SQLite's arm64 headers and libraries, Debian multiarch), qemu
# (qemu-user, to run arm64 programs), ripgrep (rg, which make bench
# measures urn_find against), wine (to run Windows programs), npm, cmake,
# dqlite (libdqlite's headers, Go, the go-dqlite client's sources, the
# dqlite shell); and for the hosts of `make hosts` (mk/hosts.mk):
# sqlite-utils, go (Debian's Go and mattn/go-sqlite3), rust (Debian's cargo
# and rusqlite), java (a JDK and xerial's sqlite-jdbc), ruby, php, perl
# (each with its SQLite binding); emscripten (Debian's emcc, for make wasm)
# and chromium (Debian's chromium-headless-shell, for make wasm-test).
# First it says what is missing and why: each package with the need that
# asks for it, what that is for and about how much disk it takes (each need
# alone on a fresh Debian 12: size() below), under the make goals that
# asked (URN_MAKE_GOALS, which the Makefile exports).  Then apt-get
# simulates the install (apt-get -s, no root needed): how many new packages
# and how much disk on this machine (apt-cache's Installed-Size, summed),
# and every package already installed that it would upgrade or remove,
# with both versions.
# An upgrade or removal of a PostgreSQL server package (postgresql-15, ...)
# stops and restarts that version's clusters (Debian's maintainer scripts):
# root stops there, saying so, unless PG_SERVER_UPGRADE=yes (a make
# variable) allows it; other upgrades are listed and go ahead.  What is
# missing is then installed with apt-get when we run as root on a system
# that has it, its whole output in a log whose last lines are shown when it
# fails; otherwise (or with PREREQS_INSTALL=no in the environment) we stop
# and print the one command that installs all of it: as it is for root,
# with sudo for a user who has sudo, through su -c for one who has not (and
# who is told to ask whoever administers the machine where su cannot be
# used).
# The need postgres takes PostgreSQL's pg_config from PG_CONFIG (default
# pg_config): Debian's (/usr/bin/pg_config or /usr/lib/postgresql/N/bin/)
# gets Debian's packages of that version; any other installation is only
# checked, and what it lacks is named: nothing is installed over it.
set -u
CC=${CC:-cc}
nl='
'
# Lines "PACKAGE NEED": each missing package and the need that asked for it.
asked=""
arches=""
add() { asked="$asked$1 $need$nl"; }
# What a need is for: the line shown beside its packages.
why() {
  case "$1" in
    cc) echo "a C compiler, to build the library" ;;
    sqlite-dev) echo "SQLite's headers, to build the library" ;;
    shell) echo "the sqlite3 shell, which make demo and the tests run" ;;
    tcl) echo "tclsh with SQLite's Tcl package, which runs the test suite" ;;
    python) echo "a python3 that loads extensions, for the Python tests and examples" ;;
    pywheel) echo "pip, setuptools, wheel and venv, to build the wheel and install it in a virtual environment (make wheel)" ;;
    apsw) echo "APSW, a Python binding the wheel is tested with" ;;
    node) echo "Node.js and npm, and what builds native modules (node's headers, make, g++): npm fetches DuckDB's headers (make duckdb, make dist) and SQLite's amalgamation (make wasm, make npm), node runs the npm, DuckDB and WebAssembly tests" ;;
    npm) echo "npm, which fetches the packages the build downloads" ;;
    cmake) echo "CMake, which builds the DuckDB extension as DuckDB's own extensions build (make duckdb-cmake-test)" ;;
    emscripten) echo "emscripten (emcc and its LLVM), which compiles SQLite and the extension to WebAssembly: make wasm, and make npm for the browser module its package carries" ;;
    chromium) echo "headless Chromium, in which make wasm-test runs the playground" ;;
    clang) echo "clang with its sanitizer and fuzzer runtimes, for make check" ;;
    llvm) echo "llvm-profdata and llvm-cov, for make coverage" ;;
    gnuplot) echo "gnuplot, which draws make bench's charts" ;;
    ripgrep) echo "ripgrep, which make bench measures urn_find against" ;;
    mingw) echo "the Windows cross-compiler, for the windows-x86_64 library (make release)" ;;
    arm64) echo "the arm64 cross-compiler and SQLite's arm64 library, for the linux-arm64 library (make release)" ;;
    qemu) echo "qemu-user, which runs the arm64 library's tests" ;;
    wine) echo "wine, which runs the Windows library's tests" ;;
    dqlite) echo "dqlite, Go and the go-dqlite client, for make cluster" ;;
    valgrind) echo "Valgrind, whose memcheck runs the PostgreSQL extension's tests in the server (make postgres-valgrind, make check)" ;;
    postgres) echo "PostgreSQL 15 and its server headers (PGXS), to build, install and test the PostgreSQL extension (make postgres, make postgres-test)" ;;
    *) echo "$1 and its SQLite binding, a host of make hosts" ;;
  esac
}
# About how much disk a need's packages take, each need alone, with
# apt's recommends as we install them: apt's own figure on a fresh Debian 12
# (debootstrap --variant=minbase bookworm, then git, make and
# ca-certificates, as Quick start says), measured on 2026-12-07.
# Approximate: less where some of them are already installed; the line
# after the list gives apt's figure for this machine when apt can say.
size() {
  case "$1" in
    cc) echo 340 MB ;; sqlite-dev) echo 80 MB ;; shell) echo 3 MB ;;
    tcl) echo 7 MB ;; python) echo 25 MB ;; pywheel) echo 410 MB ;;
    apsw) echo 26 MB ;; node|npm) echo 790 MB ;; cmake) echo 340 MB ;;
    emscripten) echo 1.9 GB ;; chromium) echo 800 MB ;; clang) echo 940 MB ;;
    llvm) echo 740 MB ;; gnuplot) echo 240 MB ;; ripgrep) echo 5 MB ;;
    mingw) echo 560 MB ;; qemu) echo 190 MB ;; wine) echo 1.3 GB ;;
    dqlite) echo 870 MB ;; sqlite-utils) echo 44 MB ;; go) echo 780 MB ;;
    rust) echo 1.7 GB ;; java) echo 350 MB ;; ruby) echo 46 MB ;;
    php) echo 67 MB ;; perl) echo 4 MB ;; postgres) echo 1.1 GB ;;
  esac
}
# Debian's python3 imports module $1.
pyhas() { [ -x /usr/bin/python3 ] && /usr/bin/python3 -c "import $1" >/dev/null 2>&1; }
# Package $1 is installed (dpkg); where there is no dpkg, say it is.
debhas() {
  command -v dpkg-query >/dev/null 2>&1 || return 0
  dpkg-query -W -f '${Status}' "$1" 2>/dev/null | grep -q 'ok installed'
}

# PG_CONFIG names a PostgreSQL that is not Debian's: what building the
# extension and its tests need from it, each missing file named in lacks.
lacks=""
pgforeign() {
  if [ -z "$2" ]; then
    lacks="$lacks  $1: no such program$nl"; return
  fi
  for f in "$("$1" --pgxs 2>/dev/null):PGXS, the makefile extensions build with" \
           "$("$1" --includedir-server 2>/dev/null)/postgres.h:the server's headers" \
           "$("$1" --bindir 2>/dev/null)/postgres:the server, which the tests start" \
           "$("$1" --bindir 2>/dev/null)/initdb:initdb, which makes the tests' cluster" \
           "$("$1" --bindir 2>/dev/null)/pg_ctl:pg_ctl, which starts and stops it"; do
    [ -e "${f%%:*}" ] || lacks="$lacks  ${f%%:*}: ${f#*:}$nl"
  done
}

for need in "$@"; do
  case "$need" in
    arm64)
      command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || add gcc-aarch64-linux-gnu
      # The arm64 libsqlite3-dev (headers, libsqlite3.so and .a for arm64)
      # installs beside the native one once dpkg knows the architecture.
      if ! printf '#include <sqlite3.h>\nint main(void){return !sqlite3_libversion();}\n' \
           | aarch64-linux-gnu-gcc -x c -o /dev/null - -lsqlite3 2>/dev/null; then
        arches="$arches arm64"; add libsqlite3-dev:arm64
      fi ;;
    qemu)
      command -v qemu-aarch64 >/dev/null 2>&1 || command -v qemu-aarch64-static \
        >/dev/null 2>&1 || add qemu-user ;;
    wine)
      command -v wine >/dev/null 2>&1 || { add wine; add wine64; } ;;
    npm)
      command -v npm >/dev/null 2>&1 || add npm ;;
    cmake)
      command -v cmake >/dev/null 2>&1 || add cmake ;;
    emscripten)
      # emcc's JavaScript optimizer needs Debian's acorn (node-acorn, a
      # dependency of the package).
      command -v emcc >/dev/null 2>&1 && [ -d /usr/share/nodejs/acorn ] || add emscripten ;;
    chromium)
      command -v chromium-headless-shell >/dev/null 2>&1 \
        || command -v chromium >/dev/null 2>&1 || add chromium-headless-shell ;;
    cc)
      command -v "$CC" >/dev/null 2>&1 || add build-essential ;;
    sqlite-dev)
      if ! printf '#include <sqlite3.h>\n#include <sqlite3ext.h>\nint main(void){return 0;}\n' \
           | "$CC" -x c -fsyntax-only - 2>/dev/null; then add libsqlite3-dev; fi ;;
    shell)
      command -v sqlite3 >/dev/null 2>&1 || add sqlite3 ;;
    valgrind)
      command -v valgrind >/dev/null 2>&1 || add valgrind ;;
    tcl)
      if ! command -v tclsh >/dev/null 2>&1; then add tcl; add libsqlite3-tcl;
      # tclsh reading a script from stdin exits 0 even when the script
      # fails, so the script says the exit status itself.
      elif ! echo 'exit [catch {package require sqlite3}]' | tclsh >/dev/null 2>&1; then
        add libsqlite3-tcl
      fi ;;
    python)
      # test/python.test and the README's examples take the first of these
      # that can load extensions (pyenv's default build cannot).
      found=""
      for py in /usr/bin/python3 python3 python; do
        if "$py" -c 'import sqlite3; sqlite3.connect(":memory:").enable_load_extension' \
             >/dev/null 2>&1; then found=1; break; fi
      done
      # Elsewhere than Debian and Ubuntu (macOS's system Python cannot load
      # extensions) those tests say they were skipped instead.
      [ -n "$found" ] || ! command -v apt-get >/dev/null 2>&1 || add python3 ;;
    pywheel)
      [ -x /usr/bin/python3 ] || add python3
      pyhas pip || add python3-pip
      pyhas setuptools || add python3-setuptools
      pyhas wheel.bdist_wheel || add python3-wheel
      # Debian's venv makes its pip with ensurepip from python3-venv.
      debhas python3-venv || add python3-venv ;;
    apsw)
      pyhas apsw || add python3-apsw ;;
    node)
      command -v node >/dev/null 2>&1 || add nodejs
      command -v npm >/dev/null 2>&1 || add npm
      # Native modules (better-sqlite3) build against node's headers:
      # NodeSource's nodejs has them, Debian's are in libnode-dev.
      [ -f /usr/include/node/node_api.h ] || add libnode-dev
      # node-gyp builds them with make, a C++ compiler and python3.
      command -v make >/dev/null 2>&1 || add make
      command -v c++ >/dev/null 2>&1 || add g++
      command -v python3 >/dev/null 2>&1 || add python3 ;;
    clang)
      command -v clang >/dev/null 2>&1 || add clang
      if ! printf 'int LLVMFuzzerTestOneInput(const char*d,unsigned long n){(void)d;(void)n;return 0;}\n' \
           | clang -x c -fsanitize=fuzzer,address,undefined -o /dev/null - 2>/dev/null; then
        add libclang-rt-14-dev
      fi ;;
    llvm)
      { command -v llvm-profdata || command -v llvm-profdata-14; } >/dev/null 2>&1 \
        && { command -v llvm-cov || command -v llvm-cov-14; } >/dev/null 2>&1 \
        || add llvm-14 ;;
    gnuplot)
      command -v gnuplot >/dev/null 2>&1 || add gnuplot-nox ;;
    ripgrep)
      command -v rg >/dev/null 2>&1 || add ripgrep ;;
    mingw)
      command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || add gcc-mingw-w64-x86-64 ;;
    dqlite)
      if ! printf '#include <dqlite.h>\nint main(void){return 0;}\n' \
           | "$CC" -x c -fsyntax-only - 2>/dev/null; then add libdqlite-dev; fi
      command -v go >/dev/null 2>&1 || add golang-go
      # The client is built from Debian's sources in GOPATH mode.
      [ -f /usr/share/gocode/src/github.com/canonical/go-dqlite/client/client.go ] \
        || add golang-github-canonical-go-dqlite-dev
      command -v dqlite >/dev/null 2>&1 || add go-dqlite ;;
    sqlite-utils)
      command -v sqlite-utils >/dev/null 2>&1 || add sqlite-utils ;;
    go)
      # Debian's Go and its source tree of mattn/go-sqlite3 (GO111MODULE=off).
      [ -x /usr/bin/go ] || add golang-go
      [ -f /usr/share/gocode/src/github.com/mattn/go-sqlite3/sqlite3.go ] \
        || add golang-github-mattn-go-sqlite3-dev ;;
    rust)
      # Debian's cargo (not a rustup one), offline on Debian's vendored crates.
      [ -x /usr/bin/cargo ] || add cargo
      ls -d /usr/share/cargo/registry/rusqlite-* >/dev/null 2>&1 \
        || add librust-rusqlite-dev
      command -v pkg-config >/dev/null 2>&1 || add pkg-config ;;
    java)
      command -v javac >/dev/null 2>&1 || add default-jdk-headless
      [ -f /usr/share/java/sqlite-jdbc.jar ] || add libxerial-sqlite-jdbc-java ;;
    ruby)
      ruby -e 'require "sqlite3"' >/dev/null 2>&1 || { add ruby; add ruby-sqlite3; } ;;
    php)
      php -r 'exit(class_exists("SQLite3") ? 0 : 1);' >/dev/null 2>&1 \
        || { add php-cli; add php-sqlite3; } ;;
    perl)
      perl -MDBD::SQLite -e1 >/dev/null 2>&1 || add libdbd-sqlite3-perl ;;
    postgres)
      # PostgreSQL and its PGXS (docs/postgres.md): Debian's 15 unless
      # PG_CONFIG names another.  Debian's server-dev package depends on the
      # server of its own minor version: installing it may upgrade the
      # server (the simulation below says so before anything is installed).
      pgc=${PG_CONFIG:-pg_config}
      pgpath=$(command -v "$pgc" 2>/dev/null)
      case "$pgc:$pgpath" in
        pg_config:|pg_config:/usr/bin/pg_config|*:/usr/lib/postgresql/*/bin/pg_config)
          v=15
          case "$pgpath" in /usr/lib/postgresql/*/bin/pg_config)
            v=${pgpath#/usr/lib/postgresql/}; v=${v%%/*} ;; esac
          debhas postgresql-$v || add postgresql-$v
          debhas postgresql-server-dev-$v || add postgresql-server-dev-$v ;;
        *) pgforeign "$pgc" "$pgpath" ;;
      esac ;;
    *)
      echo "prereqs.sh: unknown need '$need'" >&2; exit 2 ;;
  esac
done

if [ -n "$lacks" ]; then
  echo "PG_CONFIG=${PG_CONFIG:-pg_config} names a PostgreSQL that is not Debian's: nothing is installed over it, and it lacks:" >&2
  printf '%s' "$lacks" >&2
  echo "Install these with that PostgreSQL (its development package, or make install in its source tree), or name another with PG_CONFIG=/path/to/pg_config." >&2
  [ -z "$asked" ] && exit 1
fi
[ -z "$asked" ] && exit 0
# De-duplicate, keep order.
pkgs=$(printf '%s' "$asked" | awk '!seen[$1]++ { print $1 }' | tr '\n' ' ' | sed 's/ $//')
uid=$(id -u)
# What is missing and why: the packages of each need, then what it is for.
of=""
[ -n "${URN_MAKE_GOALS+set}" ] && of=" of make${URN_MAKE_GOALS:+ $URN_MAKE_GOALS}"
echo "Missing prerequisites$of, from Debian (sizes: each need alone on a fresh Debian 12, measured 2026-12-07):" >&2
printf '%s' "$asked" | awk '!seen[$1]++' | awk '
  { if (!($2 in p)) order[++n] = $2; p[$2] = p[$2] " " $1 }
  END { for (i = 1; i <= n; i++) print order[i] p[order[i]] }' |
while read -r n p; do
  z=$(size "$n")
  echo "  $p: $(why "$n")${z:+ (about $z)}" >&2
done
# What installing them changes among the packages already installed, from
# apt-get's simulation (which needs no root): lines "upgrade NAME OLD NEW"
# and "remove NAME OLD".  Each is listed; pgserver names the PostgreSQL
# server packages among them, whose upgrade or removal stops that version's
# clusters (and an upgrade starts them again).
changes=""
pgserver=""
simulate() {
  sim=$(apt-get -s -q install -y $pkgs 2>/dev/null)
  # What it installs here, apt's own figure: the Installed-Size of each
  # new package (what "After this operation" adds up, upgrades aside).
  new=$(printf '%s\n' "$sim" | awk '/^Inst / && $3 !~ /^\[/ { print $2 }')
  if [ -n "$new" ] && command -v apt-cache >/dev/null 2>&1; then
    n=$(printf '%s\n' "$new" | awk 'END { print NR }')
    # shellcheck disable=SC2086
    kb=$(apt-cache show --no-all-versions $new 2>/dev/null |
      awk '/^Installed-Size:/ { s += $2 } END { print s + 0 }')
    mb=$(awk -v k="$kb" 'BEGIN { printf "%d", k * 1024 / 1e6 + 0.5 }')
    [ "$kb" -gt 0 ] 2>/dev/null && echo "On this machine apt-get would install $n new packages, about $mb MB of disk (apt's simulation)." >&2
  fi
  changes=$(printf '%s\n' "$sim" | awk '
    /^Inst [^ ]+ \[[^]]*\]/ { o = $3; gsub(/[][]/, "", o); v = $4; sub(/^\(/, "", v)
                               print "upgrade " $2 " " o " " v }
    /^Remv [^ ]+/          { o = $3; gsub(/[][]/, "", o); print "remove " $2 " " o }')
  [ -n "$changes" ] || return 0
  if printf '%s\n' "$changes" | grep -q '^upgrade '; then
    echo "Installing them upgrades packages already installed:" >&2
    printf '%s\n' "$changes" | awk '$1 == "upgrade" { print "  " $2 " " $3 " -> " $4 }' >&2
  fi
  if printf '%s\n' "$changes" | grep -q '^remove '; then
    echo "Installing them removes packages:" >&2
    printf '%s\n' "$changes" | awk '$1 == "remove" { print "  " $2 " " $3 }' >&2
  fi
  pgserver=$(printf '%s\n' "$changes" | awk '$2 ~ /^postgresql-[0-9]+(:[a-z0-9]+)?$/ {
    n = $2; sub(/:.*/, "", n); print n }' | tr '\n' ' ' | sed 's/ $//')
  return 0
}
# What a change of the PostgreSQL server packages pgserver does.
pgrestart() {
  vs=$(for p in $pgserver; do echo "${p#postgresql-}"; done | tr '\n' ' ' | sed 's/ $//; s/ /, /g')
  echo "that changes $pgserver, PostgreSQL $vs's server, and Debian's upgrade stops and restarts every cluster of PostgreSQL $vs on this machine (pg_lsclusters lists them)"
}
if [ "$uid" = 0 ] && [ "${PREREQS_INSTALL:-yes}" != no ] && command -v apt-get >/dev/null 2>&1; then
  log=$(mktemp "${TMPDIR:-/tmp}/prereqs.XXXXXX") || exit 1
  echo "prereqs.sh: installing them as root with apt-get; its output goes to $log" >&2
  export DEBIAN_FRONTEND=noninteractive
  # Targets run side by side (make -j, two checkouts) would race for dpkg's
  # lock: each waits for the other's apt-get instead of failing.
  lock="-o DPkg::Lock::Timeout=900"
  # Run a step, its output appended to the log; apt's summary of what it
  # downloads and the disk it takes are shown as they come.  On failure the
  # step, its exit status and the log's last lines, and we stop.
  step() {
    echo "prereqs.sh: $*" >&2
    { "$@" 2>&1; echo "prereqs.sh: exit $?"; } | tee -a "$log" \
      | sed -un 's/^\(Need to get .*\|After this operation.*\)$/prereqs.sh:   \1/p' >&2
    rc=$(sed -n 's/^prereqs\.sh: exit //p' "$log" | tail -n 1)
    [ "$rc" = 0 ] && return 0
    echo "prereqs.sh: '$*' failed (exit $rc); the last lines of $log:" >&2
    grep -v '^prereqs\.sh: exit ' "$log" | tail -n 20 | sed 's/^/  /' >&2
    exit 1
  }
  for a in $arches; do
    dpkg --print-foreign-architectures | grep -qx "$a" || step dpkg --add-architecture "$a"
  done
  step apt-get $lock update -q
  simulate
  if [ -n "$pgserver" ]; then
    if [ "${PG_SERVER_UPGRADE:-no}" != yes ]; then
      echo "prereqs.sh: stopped before installing anything: $(pgrestart). To allow it, run make again with PG_SERVER_UPGRADE=yes." >&2
      rm -f "$log"
      exit 1
    fi
    echo "prereqs.sh: PG_SERVER_UPGRADE=yes: $(pgrestart)." >&2
  fi
  step apt-get $lock install -y -q $pkgs
  echo "prereqs.sh: installed $pkgs" >&2
  rm -f "$log"
  [ -z "$lacks" ]
  exit $?
fi
# The one command.  A machine that never ran apt-get update (a fresh
# container or debootstrap) knows no package yet, and a new architecture's
# packages come only after an update: then the command updates first.
update=""
if [ -n "$arches" ]; then
  update=1
elif command -v apt-cache >/dev/null 2>&1; then
  for p in $pkgs; do
    apt-cache show "$p" >/dev/null 2>&1 || { update=1; break; }
  done
fi
# Root runs it as it is (a root shell often has no sudo at all), a user
# with sudo puts sudo before each step, a user without sudo asks su.
if [ "$uid" = 0 ]; then sudo=""; how="Run:"
elif command -v sudo >/dev/null 2>&1; then sudo="sudo "; how="Run:"
else sudo=""; how="Run (as root, with su; there is no sudo here):"
fi
# What the install would upgrade or remove, where apt knows the packages.
[ -z "$update" ] && command -v apt-get >/dev/null 2>&1 && simulate
[ -n "$pgserver" ] && echo "Careful: $(pgrestart); run the line below when that may happen." >&2
cmd="${sudo}apt-get install -y $pkgs"
[ -n "$update" ] && cmd="${sudo}apt-get update && $cmd"
for a in $arches; do cmd="${sudo}dpkg --add-architecture $a && $cmd"; done
[ "$uid" != 0 ] && [ -z "$sudo" ] && cmd="su -c '$cmd'"
echo "$how" >&2
echo "  $cmd" >&2
if [ "$uid" != 0 ] && [ -z "$sudo" ]; then
  echo "su asks for root's password. Where root has none (containers and fresh installs often lock it) or it is not yours, ask whoever administers this machine to run that line." >&2
fi
exit 1
