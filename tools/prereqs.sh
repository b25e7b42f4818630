#!/bin/sh
# tools/prereqs.sh NEED... -- make sure what a make target needs is here.
#
# NEED is any of: cc (a C compiler), sqlite-dev (SQLite's headers), shell (the
# sqlite3 command-line shell), tcl (tclsh with SQLite's Tcl package), clang
# (clang with its sanitizer and fuzzer runtimes), gnuplot, mingw; and the
# hosts of `make hosts` (mk/hosts.mk): venv (Debian's /usr/bin/python3 with
# venv, pip, setuptools and wheel), apsw, sqlite-utils, node (node and npm),
# go (Debian's Go and mattn/go-sqlite3), rust (Debian's cargo and rusqlite),
# java (a JDK and xerial's sqlite-jdbc), ruby, php, perl (each with its
# SQLite binding).
# What is missing is installed with apt-get when we run as root on a system
# that has it; otherwise we stop and print the one command to run.
set -u
CC=${CC:-cc}
missing=""
add() { missing="$missing $1"; }

for need in "$@"; do
  case "$need" in
    cc)
      command -v "$CC" >/dev/null 2>&1 || add build-essential ;;
    sqlite-dev)
      if ! printf '#include <sqlite3.h>\n#include <sqlite3ext.h>\nint main(void){return 0;}\n' \
           | "$CC" -x c -fsyntax-only - 2>/dev/null; then add libsqlite3-dev; fi ;;
    shell)
      command -v sqlite3 >/dev/null 2>&1 || add sqlite3 ;;
    tcl)
      if ! command -v tclsh >/dev/null 2>&1; then add tcl; add libsqlite3-tcl;
      # tclsh reading a script from stdin exits 0 even when the script
      # fails, so the script says the exit status itself.
      elif ! echo 'exit [catch {package require sqlite3}]' | tclsh >/dev/null 2>&1; then
        add libsqlite3-tcl
      fi ;;
    clang)
      command -v clang >/dev/null 2>&1 || add clang
      if ! printf 'int LLVMFuzzerTestOneInput(const char*d,unsigned long n){(void)d;(void)n;return 0;}\n' \
           | clang -x c -fsanitize=fuzzer,address,undefined -o /dev/null - 2>/dev/null; then
        add libclang-rt-14-dev
      fi ;;
    gnuplot)
      command -v gnuplot >/dev/null 2>&1 || add gnuplot-nox ;;
    mingw)
      command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || add gcc-mingw-w64-x86-64 ;;
    venv)
      # Debian's own interpreter: its sqlite3 module can load extensions.
      if ! /usr/bin/python3 -c 'import venv, ensurepip, setuptools, wheel' >/dev/null 2>&1 \
         || ! /usr/bin/python3 -m pip --version >/dev/null 2>&1; then
        add python3-venv; add python3-pip; add python3-setuptools; add python3-wheel
      fi ;;
    apsw)
      /usr/bin/python3 -c 'import apsw' >/dev/null 2>&1 || add python3-apsw ;;
    sqlite-utils)
      command -v sqlite-utils >/dev/null 2>&1 || add sqlite-utils ;;
    node)
      command -v node >/dev/null 2>&1 || add nodejs
      command -v npm >/dev/null 2>&1 || add npm ;;
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
    *)
      echo "prereqs.sh: unknown need '$need'" >&2; exit 2 ;;
  esac
done

[ -z "$missing" ] && exit 0
# De-duplicate, keep order.
pkgs=$(printf '%s\n' $missing | awk '!seen[$0]++' | tr '\n' ' ')
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "prereqs.sh: installing $pkgs" >&2
  export DEBIAN_FRONTEND=noninteractive
  # Targets run side by side (make -j, two checkouts) would race for dpkg's
  # lock: each waits for the other's apt-get instead of failing.
  lock="-o DPkg::Lock::Timeout=900"
  apt-get $lock update -qq >/dev/null && apt-get $lock install -y -qq $pkgs >/dev/null || {
    echo "prereqs.sh: apt-get install $pkgs failed" >&2; exit 1; }
  exit 0
fi
echo "Missing prerequisites. Run:" >&2
echo "  sudo apt-get install -y $pkgs" >&2
exit 1
