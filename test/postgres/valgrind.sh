#!/bin/sh
# test/postgres/valgrind.sh -- make postgres-valgrind (and make check): the
# pg_regress suite of the extension (test/postgres/sql/) on a server that
# runs under Valgrind's memcheck, as PostgreSQL's own developers run it:
# the postmaster started by valgrind --trace-children=yes, so that every
# backend it forks is checked, one log per process, with the suppressions
# of test/postgres/valgrind.supp (PostgreSQL's own padding bytes written to
# its files).  The server is PG_BIN's (Debian's, built without Valgrind's
# memory-context hooks): memcheck sees uninitialised bytes that decide a
# branch or reach a system call, and reads and writes outside what malloc
# gave (every value of 8 kB or more is a malloc of its own), not overruns
# inside one palloc block.  Leaks are not checked: PostgreSQL frees by
# memory context, not by pointer.
#   1. pg_regress passes, every test;
#   2. no memcheck error in any process (each one printed).
# About 4 minutes.  Every wait is bounded; the server is stopped by its
# PID, on 127.0.0.1 only.  Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
. test/postgres/lib.sh
command -v valgrind >/dev/null || { echo "valgrind.sh: no valgrind (tools/prereqs.sh valgrind)"; echo "0 passed, 1 failed"; exit 1; }
pg_tmpdir
VG_PID=""
stop_vg() {
  [ -n "$VG_PID" ] || return 0
  kill -INT "$VG_PID" 2>/dev/null
  i=0
  while kill -0 "$VG_PID" 2>/dev/null && [ $i -lt 1200 ]; do sleep 0.1; i=$((i+1)); done
  kill -KILL "$VG_PID" 2>/dev/null
  VG_PID=""
}
trap 'stop_vg; rm -rf "$PGT_DIR"' EXIT
trap 'exit 1' INT TERM
pass=0; fail=0
pg_init vg || exit 1
cp test/postgres/valgrind.supp "$PGT_DIR/valgrind.supp"
port=$(pg_free_port)
# The postmaster is valgrind's process (valgrind runs it in place): its PID
# stops the server.
pgt_as sh -c 'echo $$ > "$1/vg.pid"; exec valgrind --quiet --trace-children=yes \
  --error-markers=VALGRINDERROR-BEGIN,VALGRINDERROR-END --num-callers=30 \
  --track-origins=yes --leak-check=no --suppressions="$1/valgrind.supp" \
  --log-file="$1/vg.%p.log" "$2/postgres" -D "$1/vg" -c listen_addresses=127.0.0.1 \
  -p "$3" -k "$1" -c jit=off -c autovacuum=off -c max_parallel_workers_per_gather=0 \
  > "$1/server.log" 2>&1' sh "$PGT_DIR" "$PG_BIN" "$port" &
i=0
while [ ! -s "$PGT_DIR/vg.pid" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
VG_PID=$(cat "$PGT_DIR/vg.pid" 2>/dev/null)
# Ready within 5 minutes (valgrind starts a server in about 30 s).
i=0
until "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$port" -t 5; do
  i=$((i+1))
  [ $i -lt 60 ] && kill -0 "$VG_PID" 2>/dev/null || { cat "$PGT_DIR/server.log"; echo "valgrind.sh: the server did not start"; echo "0 passed, 1 failed"; exit 1; }
  sleep 1
done
grep -q memcheck "/proc/$VG_PID/cmdline" 2>/dev/null || grep -q memcheck "/proc/$VG_PID/exe" 2>/dev/null \
  || case "$(readlink "/proc/$VG_PID/exe")" in *memcheck*) ;; *) echo "FAILED the server is not under memcheck: $(readlink "/proc/$VG_PID/exe")"; fail=$((fail+1));; esac

# 1. pg_regress.
regress=$(${PG_CONFIG:-pg_config} --pkglibdir)/pgxs/src/test/regress/pg_regress
tests=$(ls test/postgres/sql | sed 's/\.sql$//' | sort | tr '\n' ' ')
# urn_type creates the extension in the database the others use: first.
tests="urn_type $(echo "$tests" | sed 's/urn_type//')"
mkdir -p "$PGT_DIR/regress"
chown -R "$PGT_USER" "$PGT_DIR/regress" 2>/dev/null
PGT_TIMEOUT=1200 timeout 1200 "$regress" --host=127.0.0.1 --port="$port" --user="$PGT_USER" \
  --inputdir=test/postgres --outputdir="$PGT_DIR/regress" --dbname=urn_regress \
  $tests > "$PGT_DIR/regress/log" 2>&1
cat "$PGT_DIR/regress/log" | grep '\.\.\. '
n=$(grep -c '\.\.\. ok' "$PGT_DIR/regress/log"); pass=$((pass+n))
n=$(grep -c '\.\.\. FAILED' "$PGT_DIR/regress/log"); fail=$((fail+n))
[ -f "$PGT_DIR/regress/regression.diffs" ] && cat "$PGT_DIR/regress/regression.diffs"
[ "$(echo $tests | wc -w)" -eq "$(grep -c '\.\.\. ' "$PGT_DIR/regress/log")" ] \
  || { echo "FAILED pg_regress did not run every test"; fail=$((fail+1)); }
stop_vg

# 2. No memcheck error, in any process.
logs=$(ls "$PGT_DIR"/vg.*.log | wc -l)
errs=$(cat "$PGT_DIR"/vg.*.log | grep -c VALGRINDERROR-BEGIN)
if [ "$errs" = 0 ] && [ "$logs" -gt 3 ]; then
  pass=$((pass+1))
  echo "memcheck: no error in $logs processes"
else
  fail=$((fail+1))
  echo "FAILED memcheck: $errs errors in $logs processes"
  for f in "$PGT_DIR"/vg.*.log; do sed -n '/VALGRINDERROR-BEGIN/,/VALGRINDERROR-END/p' "$f"; done | head -400
fi
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
