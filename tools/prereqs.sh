#!/bin/sh
# tools/prereqs.sh NEED... -- make sure what a make target needs is here.
#
# NEED is any of: cc (a C compiler), sqlite-dev (SQLite's headers), shell (the
# sqlite3 command-line shell), tcl (tclsh with SQLite's Tcl package), clang
# (clang with its sanitizer and fuzzer runtimes), llvm (llvm-profdata and
# llvm-cov, for make coverage), gnuplot, mingw, arm64 (the aarch64 cross
# compiler and SQLite's arm64 headers and libraries, Debian multiarch), qemu
# (qemu-user, to run arm64 programs), wine (to run Windows programs), npm,
# dqlite (libdqlite's headers, Go, the go-dqlite client's sources, the
# dqlite shell).
# What is missing is installed with apt-get when we run as root on a system
# that has it; otherwise we stop and print the one command to run.
set -u
CC=${CC:-cc}
missing=""
arches=""
add() { missing="$missing $1"; }

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
    dqlite)
      if ! printf '#include <dqlite.h>\nint main(void){return 0;}\n' \
           | "$CC" -x c -fsyntax-only - 2>/dev/null; then add libdqlite-dev; fi
      command -v go >/dev/null 2>&1 || add golang-go
      # The client is built from Debian's sources in GOPATH mode.
      [ -f /usr/share/gocode/src/github.com/canonical/go-dqlite/client/client.go ] \
        || add golang-github-canonical-go-dqlite-dev
      command -v dqlite >/dev/null 2>&1 || add go-dqlite ;;
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
  for a in $arches; do
    dpkg --print-foreign-architectures | grep -qx "$a" || dpkg --add-architecture "$a" || {
      echo "prereqs.sh: dpkg --add-architecture $a failed" >&2; exit 1; }
  done
  apt-get $lock update -qq >/dev/null && apt-get $lock install -y -qq $pkgs >/dev/null || {
    echo "prereqs.sh: apt-get install $pkgs failed" >&2; exit 1; }
  exit 0
fi
echo "Missing prerequisites. Run:" >&2
for a in $arches; do echo "  sudo dpkg --add-architecture $a" >&2; done
[ -n "$arches" ] && echo "  sudo apt-get update" >&2
echo "  sudo apt-get install -y $pkgs" >&2
exit 1
