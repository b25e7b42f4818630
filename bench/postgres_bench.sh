#!/bin/sh
# bench/postgres_bench.sh ARGS -- make bench-postgres: a throwaway cluster
# (test/postgres/lib.sh: initdb in a temporary directory, a free port of
# 127.0.0.1, stopped by its PID at the end) for bench/postgres_bench.py,
# which gets ARGS.
set -u
cd "$(dirname "$0")/.."
. test/postgres/lib.sh
pg_tmpdir
trap 'pg_stop_all; rm -rf "$PGT_DIR"' EXIT
trap 'exit 1' INT TERM
pg_init bench || exit 1
# Shared buffers that hold both data sets at 1M rows (about 1 GB) where
# the memory allows: evicting them made the first of a pair pay for reading
# back what the other had pushed out.
mem_kb=$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo 2>/dev/null)
sb=512MB
[ "${mem_kb:-0}" -lt 8000000 ] || sb=2GB
cat >> "$PGT_DIR/bench/postgresql.conf" <<CONF
shared_buffers = $sb
max_wal_size = 4GB
CONF
port=$(pg_free_port)
pg_start bench "$port" || exit 1
PGT_USER=$PGT_USER python3 bench/postgres_bench.py --port "$port" --dir "$PGT_DIR" "$@"
