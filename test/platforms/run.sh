#!/bin/sh
# test/platforms/run.sh -- make platforms-test: the library of each platform
# (mk/platforms.mk) at work where this machine can run it.  make builds
# everything first; this script only runs and compares.
#
# For each platform, two programs of test/platforms/host.c: host-PLATFORM
# loads build/platforms/PLATFORM/urn.* with sqlite3_load_extension, and
# static-PLATFORM has ext/core/*.c and ext/sqlite/*.c compiled in.  linux-x86_64 runs natively,
# linux-arm64 under qemu-user (the portable code of ext/core/urn_block.h on the
# real target), windows-x86_64 under wine.  Every "ok"/"FAIL" line a
# program prints is a check here; so is its exit status, and the results of
# the functions on the ~5,800 strings of the golden files (the file each
# program writes), which must equal those of the x86_64 loadable build byte
# for byte.  The libraries' exported symbols are checked too.  Ends with
# "platforms: N passed, N failed"; exits 1 when a check failed.
set -u
cd "$(dirname "$0")/../.."
dir=${PLAT_DIR:-build/platforms}
t=$dir/test
objdump_win=${MINGW_OBJDUMP:-x86_64-w64-mingw32-objdump}
order=test/order-golden.txt
ns=test/ns-order-golden.txt
pass=0
fail=0
ok()  { echo "ok   $*"; pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }

# run PLATFORM KIND COMMAND...: run a host program, relay its checks, and
# compare its results with the reference (the x86_64 loadable build's).
run() {
  plat=$1; kind=$2; shift 2
  out=$t/$kind-$plat
  rm -f "$out.results"
  "$@" "$order" "$ns" "$out.results" > "$out.stdout" 2> "$out.stderr"
  rc=$?
  while IFS= read -r line; do
    line=$(printf '%s' "$line" | tr -d '\r')
    case $line in
      "ok "*)   ok "$plat $kind: ${line#ok }" ;;
      "FAIL "*) bad "$plat $kind: ${line#FAIL }" ;;
      *)        echo "     $plat $kind: $(echo "$line" | sed 's/^ *//')" ;;
    esac
  done < "$out.stdout"
  if [ "$rc" -ne 0 ]; then
    bad "$plat $kind: exit status $rc"
    sed 's/^/     | /' "$out.stderr" | tail -20
  fi
  ref=$t/host-linux-x86_64.results
  if [ "$out.results" != "$ref" ]; then
    if [ -s "$out.results" ] && cmp -s "$out.results" "$ref"; then
      ok "$plat $kind: $(wc -l < "$ref" | tr -d ' ') result lines equal linux-x86_64's"
    else
      bad "$plat $kind: results differ from linux-x86_64's ($out.results, $ref)"
      diff "$ref" "$out.results" 2>&1 | head -6 | sed 's/^/     | /'
    fi
  fi
}

# exports PLATFORM FILE MACHINE: an ELF library for MACHINE whose only
# exported function is sqlite3_urn_init (-fvisibility=hidden).
exports_elf() {
  plat=$1; lib=$2; machine=$3
  m=$(readelf -h "$lib" 2>/dev/null | sed -n 's/^ *Machine: *//p')
  syms=$(readelf --dyn-syms -W "$lib" 2>/dev/null |
         awk '$5 == "GLOBAL" && $6 == "DEFAULT" && $7 != "UND" { print $8 }' | tr '\n' ' ')
  if [ "$m" = "$machine" ] && [ "$syms" = "sqlite3_urn_init " ]; then
    ok "$plat urn.so: $m, exports only sqlite3_urn_init"
  else
    bad "$plat urn.so: machine '$m' (want '$machine'), exports '$syms'"
  fi
}

echo "== linux-x86_64 (native: the reference)"
exports_elf linux-x86_64 "$dir/linux-x86_64/urn.so" "Advanced Micro Devices X86-64"
run linux-x86_64 host "$t/host-linux-x86_64" "$dir/linux-x86_64/urn.so"
run linux-x86_64 static "$t/static-linux-x86_64" -

echo "== linux-arm64 (qemu-user)"
qemu=$(command -v qemu-aarch64 || command -v qemu-aarch64-static)
exports_elf linux-arm64 "$dir/linux-arm64/urn.so" AArch64
if [ -z "$qemu" ]; then
  bad "linux-arm64: no qemu-aarch64 (tools/prereqs.sh qemu)"
else
  # The programs' loader and libraries (libc6, libsqlite3-0 for arm64) are
  # Debian's, installed as a foreign architecture.
  run linux-arm64 host "$qemu" "$t/host-linux-arm64" "$dir/linux-arm64/urn.so"
  run linux-arm64 static "$qemu" "$t/static-linux-arm64" -
fi

echo "== windows-x86_64 (wine)"
dll=$dir/windows-x86_64/urn.dll
exp=$("$objdump_win" -p "$dll" 2>/dev/null |
      awk '/^\[Ordinal\/Name Pointer\] Table/ { on = 1; next } on && /^$/ { on = 0 }
           on { sub(/^.*\] /, ""); print }' | tr '\n' ' ')
# A DLL that needs the compiler's runtime DLLs (libgcc_s_seh-1.dll, ...)
# would not load on a Windows machine that lacks them: only the system's.
imp=$("$objdump_win" -p "$dll" 2>/dev/null | sed -n 's/^.*DLL Name: //p' |
      tr '[:upper:]' '[:lower:]' | sort | tr '\n' ' ')
if [ "$exp" = "sqlite3_urn_init " ]; then
  ok "windows-x86_64 urn.dll: exports only sqlite3_urn_init"
else
  bad "windows-x86_64 urn.dll: exports '$exp'"
fi
if [ "$imp" = "kernel32.dll msvcrt.dll " ]; then
  ok "windows-x86_64 urn.dll: imports only $imp"
else
  bad "windows-x86_64 urn.dll: imports '$imp' (want kernel32.dll msvcrt.dll)"
fi
if ! command -v wine >/dev/null 2>&1; then
  bad "windows-x86_64: no wine (tools/prereqs.sh wine)"
else
  # A prefix of our own under build/; no display, no Mono or Gecko.
  WINEPREFIX=$(pwd)/$dir/wine
  WINEARCH=win64 WINEDEBUG=-all WINEDLLOVERRIDES='mscoree,mshtml='
  export WINEPREFIX WINEARCH WINEDEBUG WINEDLLOVERRIDES
  unset DISPLAY WAYLAND_DISPLAY
  run windows-x86_64 host wine "$t/host-windows-x86_64.exe" "$dll"
  run windows-x86_64 static wine "$t/static-windows-x86_64.exe" -
  # The prefix's wineserver lingers a few seconds after the last program.
  wineserver -k 2>/dev/null
fi

echo "platforms: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
