#!/bin/sh
# test/postgres/replication.sh -- make postgres-cluster (and make
# postgres-test): the extension on a primary and a hot standby.
#   1. a primary (wal_level replica) on a free port of 127.0.0.1, the
#      extension created there, a table with a UNIQUE urn column;
#   2. a hot standby from pg_basebackup -R, streaming from the primary, with
#      synchronous_standby_names naming it, so that a commit with
#      synchronous_commit = remote_apply returns once the standby has
#      applied it (the extension's library is installed on both: one
#      PostgreSQL here);
#   3. writes on the primary, each acknowledged row recorded; the standby
#      reads them back through the urn index (EXPLAIN shows an Index Only
#      Scan or Index Scan on it), equivalent spellings included;
#   4. the primary is stopped, the standby promoted: every acknowledged row
#      is there, UNIQUE still refuses an equivalent spelling, and it takes
#      new writes.
# Every wait is bounded; every postmaster is stopped by its PID.  Ends
# with "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
. test/postgres/lib.sh
PGT_TIMEOUT=120
pg_tmpdir
trap 'pg_stop_all; rm -rf "$PGT_DIR"' EXIT
trap 'exit 1' INT TERM
pass=0; fail=0
q() {   # q PORT SQL: one value
  pg_psql "$1" -d urn_repl -A -t -v ON_ERROR_STOP=1 -c "$2"
}

P1=$(pg_free_port); P2=$(pg_free_port)
while [ "$P2" = "$P1" ]; do P2=$(pg_free_port); done

# 1. The primary.
pg_init primary || exit 1
cat >> "$PGT_DIR/primary/postgresql.conf" <<CONF
wal_level = replica
max_wal_senders = 4
hot_standby = on
CONF
echo "host replication $PGT_USER 127.0.0.1/32 trust" >> "$PGT_DIR/primary/pg_hba.conf"
pg_start primary "$P1" || exit 1
pg_psql "$P1" -d postgres -c "CREATE DATABASE urn_repl" >/dev/null
q "$P1" "CREATE EXTENSION urn; CREATE TABLE name(id urn PRIMARY KEY, n int);" >/dev/null
ok 1.1 $? "the extension on the primary"

# 2. The standby: a base backup with the primary's connection (-R), its own
# port and application_name, for the primary to wait for its apply.
pgt_as "$PG_BIN/pg_basebackup" -h 127.0.0.1 -p "$P1" -U "$PGT_USER" \
  -D "$PGT_DIR/standby" -R -X stream -c fast >"$PGT_DIR/basebackup.log" 2>&1
ok 2.1 $? "pg_basebackup: $(cat "$PGT_DIR/basebackup.log")"
echo "primary_conninfo = 'host=127.0.0.1 port=$P1 user=$PGT_USER application_name=standby1'" \
  >> "$PGT_DIR/standby/postgresql.auto.conf"
pg_start standby "$P2" || exit 1
# Synchronous from now on (set before the standby exists, every commit,
# CREATE DATABASE's included, would wait for it).
pg_psql "$P1" -d postgres -q -c "ALTER SYSTEM SET synchronous_standby_names = 'standby1'" \
  -c "SELECT pg_reload_conf()" >/dev/null
# Streaming and synchronous, within 60 s.
i=0; state=""
while [ $i -lt 120 ]; do
  state=$(pg_psql "$P1" -d postgres -A -t -c \
    "SELECT state || ' ' || sync_state FROM pg_stat_replication WHERE application_name = 'standby1'")
  [ "$state" = "streaming sync" ] && break
  sleep 0.5; i=$((i+1))
done
[ "$state" = "streaming sync" ]; ok 2.2 $? "replication state '$state'"
[ "$(q "$P2" "SELECT pg_is_in_recovery()")" = t ]; ok 2.3 $? "the standby is in recovery"

# 3. Writes with remote_apply: each INSERT returns once the standby has
# applied it.  The acknowledged ids are kept.
: > "$PGT_DIR/acked"
for k in $(seq 1 200); do
  if q "$P1" "SET synchronous_commit = remote_apply;
      INSERT INTO name VALUES ('urn:example:item-$k%2c' || $k, $k)" >/dev/null; then
    echo "$k" >> "$PGT_DIR/acked"
  fi
done
q "$P1" "SET synchronous_commit = remote_apply; INSERT INTO name SELECT ('urn:isbn:' || g)::urn, g FROM generate_series(1000, 50999) g" >/dev/null \
  && echo bulk >> "$PGT_DIR/acked"
nacked=$(grep -c . "$PGT_DIR/acked")
[ "$nacked" = 201 ]; ok 3.1 $? "$nacked of 201 writes acknowledged"
# Read back on the standby at once (remote_apply: nothing to wait for).
n=$(q "$P2" "SELECT count(*) FROM name")
[ "$n" = 50200 ]; ok 3.2 $? "the standby has $n rows"
plan=$(q "$P2" "SET enable_seqscan = off; EXPLAIN SELECT n FROM name WHERE id = 'URN:EXAMPLE:item-7%2C7'")
echo "$plan" | grep -q "Index.*name_pkey"; ok 3.3 $? "the standby's plan: $plan"
r=$(q "$P2" "SET enable_seqscan = off; SELECT n FROM name WHERE id = 'URN:EXAMPLE:item-7%2C7'")
[ "$r" = 7 ]; ok 3.4 $? "an equivalent spelling found through the index on the standby: '$r'"
r=$(q "$P2" "SET enable_seqscan = off; SELECT count(*) FROM name WHERE id BETWEEN 'urn:isbn:2000' AND 'URN:ISBN:2999'")
w=$(q "$P2" "SET enable_indexscan = off; SET enable_indexonlyscan = off; SET enable_bitmapscan = off;
  SELECT count(*) FROM name WHERE urn_key(id) COLLATE \"C\" BETWEEN 'urn:isbn:2000' AND 'urn:isbn:2999'")
[ "$r" = "$w" ] && [ "$r" -gt 1000 ]; ok 3.5 $? "a range through the index on the standby: $r, a scan of the keys: $w"
r=$(pg_psql "$P2" -d urn_repl -A -t -c "INSERT INTO name VALUES ('urn:ex:ro', 0)" 2>&1)
echo "$r" | grep -q "read-only transaction"; ok 3.6 $? "the standby refuses writes: $r"
missing=0
for k in $(grep -v bulk "$PGT_DIR/acked"); do
  [ "$(q "$P2" "SELECT n FROM name WHERE id = ('URN:Example:item-$k%2C' || $k)::urn")" = "$k" ] || missing=$((missing+1))
done
[ "$missing" = 0 ]; ok 3.7 $? "$missing acknowledged rows missing on the standby"

# 4. The primary goes away; the standby is promoted.
pg_stop primary
pgt_as "$PG_BIN/pg_ctl" -D "$PGT_DIR/standby" -w -t 60 promote >/dev/null
ok 4.1 $? "pg_ctl promote"
i=0
while [ "$(q "$P2" "SELECT pg_is_in_recovery()")" != f ] && [ $i -lt 120 ]; do sleep 0.5; i=$((i+1)); done
[ "$(q "$P2" "SELECT pg_is_in_recovery()")" = f ]; ok 4.2 $? "the standby is a primary now"
n=$(q "$P2" "SELECT count(*) FROM name")
[ "$n" = 50200 ]; ok 4.3 $? "no acknowledged row missing after promotion: $n of 50200"
r=$(pg_psql "$P2" -d urn_repl -A -t -c "INSERT INTO name VALUES ('URN:EXAMPLE:item-9%2C9', 0)" 2>&1)
echo "$r" | grep -q "duplicate key value violates unique constraint"; ok 4.4 $? "UNIQUE after promotion: $r"
r=$(pg_psql "$P2" -d urn_repl -A -t -c "INSERT INTO name VALUES ('urn:ISBN:1000', 0)" 2>&1)
echo "$r" | grep -q "duplicate key"; ok 4.5 $? "UNIQUE after promotion (isbn): $r"
q "$P2" "INSERT INTO name VALUES ('urn:example:after-promotion', 1)" >/dev/null
ok 4.6 $? "the promoted standby takes writes"
r=$(q "$P2" "SELECT urn_canonical(id) FROM name WHERE id = 'URN:example:AFTER-promotion'")
[ "$r" = "" ]; ok 4.7 $? "the NSS is case-sensitive after promotion too: '$r'"
pg_stop_all

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
