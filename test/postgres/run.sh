#!/bin/sh
# test/postgres/run.sh -- make postgres-test: the PostgreSQL extension's tests
# in a throwaway cluster (initdb of our own in a temporary directory, on a
# free port of 127.0.0.1, stopped by its PID at the end) of the server of
# PG_BIN, which make postgres-test points at its private copy of
# PG_CONFIG's installation, the extension installed into it (no root, the
# installation itself untouched; tools/pg_private.sh):
#   1. pg_regress: test/postgres/sql/*.sql against expected/*.out;
#   2. test/postgres/compare.py: every function row by row against the SQLite
#      build, the order of the golden file, indexes against sequential
#      scans, bad input, docs/postgres.md's examples;
#   3. with URN_PG_REPLICATION=1, test/postgres/replication.sh and
#      test/postgres/shard.sh (make postgres-cluster and make postgres-shard
#      run them on their own);
#   4. with URN_PG_UPGRADE=1, test/postgres/upgrade.sh, ALTER EXTENSION urn
#      UPDATE from the previous release (make postgres-upgrade-test runs
#      it on its own).
# Ends with "N passed, N failed"; exits 1 when anything failed.
set -u
cd "$(dirname "$0")/../.."
. test/postgres/lib.sh
pg_tmpdir
trap 'pg_stop_all; rm -rf "$PGT_DIR"' EXIT
trap 'exit 1' INT TERM
pg_init main || exit 1
port=$(pg_free_port)
pg_start main "$port" || exit 1
pass=0; fail=0
# Add the "N passed, N failed" of the log $1's last line to ours (a log
# without one is a failure).
add_counts() {
  line=$(tail -1 "$1")
  case "$line" in
    *" passed, "*" failed")
      pass=$((pass + ${line%% passed*}))
      f=${line#*passed, }; fail=$((fail + ${f%% failed}));;
    *) fail=$((fail+1));;
  esac
}

# 1. pg_regress, as PGXS's installcheck runs it, on this cluster.
regress=$(${PG_CONFIG:-pg_config} --pkglibdir)/pgxs/src/test/regress/pg_regress
mkdir -p "$PGT_DIR/regress"
# In this order: urn_type creates the extension in the database both use.
tests="urn_type urn_functions urn_ops"
[ "$(ls test/postgres/sql | wc -l)" = 3 ] || { echo "run.sh: a test of test/postgres/sql is not listed"; fail=$((fail+1)); }
"$regress" --host=127.0.0.1 --port="$port" --user="$PGT_USER" \
  --inputdir=test/postgres --outputdir="$PGT_DIR/regress" --dbname=urn_regress \
  $tests > "$PGT_DIR/regress/log" 2>&1
cat "$PGT_DIR/regress/log"
n=$(grep -c '\.\.\. ok' "$PGT_DIR/regress/log"); pass=$((pass+n))
n=$(grep -c '\.\.\. FAILED' "$PGT_DIR/regress/log"); fail=$((fail+n))
[ -f "$PGT_DIR/regress/regression.diffs" ] && cat "$PGT_DIR/regress/regression.diffs"
[ "$(echo $tests | wc -w)" -eq $((pass+fail)) ] || { echo "pg_regress did not run every test"; fail=$((fail+1)); }

# 2. The comparison driver, in a Python whose sqlite3 module loads
# extensions (Debian's; tools/prereqs.sh python installs it).
py=""
for p in /usr/bin/python3 python3; do
  "$p" -c 'import sqlite3; sqlite3.connect(":memory:").enable_load_extension' \
    >/dev/null 2>&1 && { py=$p; break; }
done
[ -n "$py" ] || { echo "run.sh: no python3 whose sqlite3 loads extensions"; py=python3; }
mkdir -p "$PGT_DIR/compare"
"$py" test/postgres/compare.py "$port" "$PGT_DIR/compare" | tee "$PGT_DIR/compare.log"
add_counts "$PGT_DIR/compare.log"
pg_stop_all

# 3. The replication and sharding tests, when asked.
if [ "${URN_PG_REPLICATION:-0}" = 1 ]; then
  for t in replication shard; do
    sh test/postgres/$t.sh | tee "$PGT_DIR/$t.log"
    add_counts "$PGT_DIR/$t.log"
  done
fi

# 4. The upgrade test, when asked: its own private installation.
if [ "${URN_PG_UPGRADE:-0}" = 1 ]; then
  env -u URN_PG_PRIVATE sh test/postgres/upgrade.sh | tee "$PGT_DIR/upgrade.log"
  add_counts "$PGT_DIR/upgrade.log"
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
