#!/bin/sh
# tools/prereqs.sh NEED... -- make sure what a make target needs is here.
#
# NEED is any of: cc (a C compiler), sqlite-dev (SQLite's headers), shell (the
# sqlite3 command-line shell), tcl (tclsh with SQLite's Tcl package), clang
# (clang with its sanitizer and fuzzer runtimes), llvm (llvm-profdata and
# llvm-cov, for make coverage), gnuplot, mingw.
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
    llvm)
      { command -v llvm-profdata || command -v llvm-profdata-14; } >/dev/null 2>&1 \
        && { command -v llvm-cov || command -v llvm-cov-14; } >/dev/null 2>&1 \
        || add llvm-14 ;;
    gnuplot)
      command -v gnuplot >/dev/null 2>&1 || add gnuplot-nox ;;
    mingw)
      command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || add gcc-mingw-w64-x86-64 ;;
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
