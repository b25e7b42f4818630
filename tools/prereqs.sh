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
# asks for it and what that is for, under the make goals that asked
# (URN_MAKE_GOALS, which the Makefile exports).  What is missing is then
# installed with apt-get when we run as root on a system that has it, its
# whole output in a log whose last lines are shown when it fails; otherwise
# (or with PREREQS_INSTALL=no in the environment) we stop and print the one
# command that installs all of it: as it is for root, with sudo for a user
# who has sudo, through su -c for one who has not (and who is told to ask
# whoever administers the machine where su cannot be used).
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
    emscripten) echo "emscripten (emcc and its LLVM, about 2 GB), which compiles SQLite and the extension to WebAssembly: make wasm, and make npm for the browser module its package carries" ;;
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
# Debian's python3 imports module $1.
pyhas() { [ -x /usr/bin/python3 ] && /usr/bin/python3 -c "import $1" >/dev/null 2>&1; }
# Package $1 is installed (dpkg); where there is no dpkg, say it is.
debhas() {
  command -v dpkg-query >/dev/null 2>&1 || return 0
  dpkg-query -W -f '${Status}' "$1" 2>/dev/null | grep -q 'ok installed'
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
      # PostgreSQL 15 and its PGXS (docs/postgres.md); the server-dev package
      # upgrades the server to its own minor version.
      debhas postgresql-15 || add postgresql-15
      debhas postgresql-server-dev-15 || add postgresql-server-dev-15 ;;
    *)
      echo "prereqs.sh: unknown need '$need'" >&2; exit 2 ;;
  esac
done

[ -z "$asked" ] && exit 0
# De-duplicate, keep order.
pkgs=$(printf '%s' "$asked" | awk '!seen[$1]++ { print $1 }' | tr '\n' ' ' | sed 's/ $//')
uid=$(id -u)
# What is missing and why: the packages of each need, then what it is for.
of=""
[ -n "${URN_MAKE_GOALS+set}" ] && of=" of make${URN_MAKE_GOALS:+ $URN_MAKE_GOALS}"
echo "Missing prerequisites$of, from Debian:" >&2
printf '%s' "$asked" | awk '!seen[$1]++' | awk '
  { if (!($2 in p)) order[++n] = $2; p[$2] = p[$2] " " $1 }
  END { for (i = 1; i <= n; i++) print order[i] p[order[i]] }' |
while read -r n p; do
  echo "  $p: $(why "$n")" >&2
done
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
  step apt-get $lock install -y -q $pkgs
  echo "prereqs.sh: installed $pkgs" >&2
  rm -f "$log"
  exit 0
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
