#!/bin/sh
# test/postgres/shard.sh -- make postgres-shard (and make postgres-test):
# a urn table hash-partitioned across servers (docs/scaling.md, "Sharding
# across servers").
#   1. two shards and a coordinator, three clusters on free ports of
#      127.0.0.1; on each shard the extension and a table item(x urn
#      PRIMARY KEY, n int UNIQUE); on the coordinator the extensions urn and
#      postgres_fdw, a server per shard (extensions 'urn', so that the
#      type's operators are shipped), and item PARTITION BY HASH (x) whose
#      partitions are the shards' tables, foreign;
#   2. rows inserted through the parent land on the shards, every
#      equivalent spelling of a row in the same partition
#      (satisfies_hash_partition, the hash of key(X));
#   3. a respelling sent through the parent is refused by its shard's
#      PRIMARY KEY; a duplicate n in another shard is not (a UNIQUE on
#      another column holds per shard only);
#   4. x = 'a spelling' prunes to one partition and is pushed down (EXPLAIN
#      VERBOSE: one Foreign Scan, its Remote SQL with the condition); x =
#      a text and x ^@ 'prefix' (filtered on the coordinator) count the
#      rows inserted;
#   5. a shard dumped whole (pg_dump -Fc) restores with its extension, rows
#      and PRIMARY KEY; dumped by table (-t) it holds no CREATE EXTENSION
#      and restores only into a database where urn is created.
# Every wait is bounded; every postmaster is stopped by its PID.  Ends
# with "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
. test/postgres/lib.sh
PGT_TIMEOUT=120
ROWS=${URN_PG_SHARD_ROWS:-2000}
pg_tmpdir
trap 'pg_stop_all; rm -rf "$PGT_DIR"' EXIT
trap 'exit 1' INT TERM
pass=0; fail=0
q() {   # q PORT SQL: the rows, unaligned; stderr too
  pg_psql "$1" -d urn_shard -A -t -v ON_ERROR_STOP=1 -c "$2" 2>&1
}

# 1. The clusters: a port each, all different.
ports=""
for name in shard0 shard1 coord; do
  p=$(pg_free_port)
  while case " $ports " in *" $p "*) true;; *) false;; esac; do p=$(pg_free_port); done
  ports="$ports $p"
  pg_init "$name" || exit 1
  pg_start "$name" "$p" || exit 1
  pg_psql "$p" -d postgres -c "CREATE DATABASE urn_shard" >/dev/null
done
set -- $ports
S0=$1; S1=$2; C=$3
for p in $S0 $S1; do
  out=$(q "$p" "CREATE EXTENSION urn; CREATE TABLE item(x urn PRIMARY KEY, n int UNIQUE);")
  ok "1.1 shard on $p" $? "$out"
done
out=$(q "$C" "CREATE EXTENSION urn; CREATE EXTENSION postgres_fdw;
CREATE SERVER shard0 FOREIGN DATA WRAPPER postgres_fdw
  OPTIONS (host '127.0.0.1', port '$S0', dbname 'urn_shard', extensions 'urn', batch_size '100');
CREATE SERVER shard1 FOREIGN DATA WRAPPER postgres_fdw
  OPTIONS (host '127.0.0.1', port '$S1', dbname 'urn_shard', extensions 'urn', batch_size '100');
CREATE USER MAPPING FOR CURRENT_USER SERVER shard0 OPTIONS (user '$PGT_USER');
CREATE USER MAPPING FOR CURRENT_USER SERVER shard1 OPTIONS (user '$PGT_USER');
CREATE TABLE item(x urn NOT NULL, n int) PARTITION BY HASH (x);
CREATE FOREIGN TABLE item_0 PARTITION OF item FOR VALUES WITH (MODULUS 2, REMAINDER 0)
  SERVER shard0 OPTIONS (table_name 'item');
CREATE FOREIGN TABLE item_1 PARTITION OF item FOR VALUES WITH (MODULUS 2, REMAINDER 1)
  SERVER shard1 OPTIONS (table_name 'item');")
ok 1.2 $? "the coordinator: $out"

# 2. Rows through the parent: ISBNs and NBNs, the head in three cases.
out=$(q "$C" "INSERT INTO item SELECT (CASE i % 3 WHEN 0 THEN 'urn:isbn:' WHEN 1 THEN 'URN:NBN:de:gbv:'
  ELSE 'urn:IsBn:' END || (100000 + i))::urn, i FROM generate_series(1, $ROWS) i;")
ok 2.1 $? "insert through the parent: $out"
n0=$(q "$S0" "SELECT count(*) FROM item;"); n1=$(q "$S1" "SELECT count(*) FROM item;")
[ $((n0 + n1)) = "$ROWS" ] && [ "$n0" -gt 0 ] && [ "$n1" -gt 0 ]
ok 2.2 $? "shard0 $n0 rows, shard1 $n1 rows, $ROWS inserted"
# Each row's spellings (head upper-cased, lower-cased, a component added)
# belong to the partition the row is in.
moved=$(q "$C" "SELECT count(*) FROM (SELECT tableoid::regclass::text p, x::text s FROM item) r,
  LATERAL (VALUES (upper(left(s, 4 + length(urn_nid(s)))) || substr(s, 5 + length(urn_nid(s)))),
                  (lower(left(s, 4 + length(urn_nid(s)))) || substr(s, 5 + length(urn_nid(s))) || '?=q#f')) v(t)
  WHERE NOT satisfies_hash_partition('item'::regclass, 2, CASE p WHEN 'item_0' THEN 0 ELSE 1 END, t::urn);")
[ "$moved" = 0 ]; ok 2.3 $? "$moved spellings hash to another partition"

# 3. A respelling through the parent: its shard's PRIMARY KEY refuses it.
out=$(q "$C" "INSERT INTO item VALUES ('URN:ISBN:100003?=x', -1);")
case "$out" in *"duplicate key value violates unique constraint"*) r=0;; *) r=1;; esac
ok 3.1 $r "a respelling through the parent: $out"
out=$(q "$C" "INSERT INTO item VALUES ('urn:nbn:de:gbv:100004#x', -2);")
case "$out" in *"duplicate key value violates unique constraint"*) r=0;; *) r=1;; esac
ok 3.2 $r "a respelling through the parent: $out"
# n is UNIQUE on each shard, not across them: a row with another shard's n.
other=$(q "$C" "SELECT CASE WHEN tableoid::regclass::text = 'item_0' THEN 1 ELSE 0 END FROM item WHERE n = 1;")
pick=$(q "$C" "SELECT s FROM (SELECT 'urn:example:dup' || i s FROM generate_series(1, 100) i) v
  WHERE satisfies_hash_partition('item'::regclass, 2, $other, s::urn) LIMIT 1;")
out=$(q "$C" "INSERT INTO item VALUES ('$pick', 1); SELECT count(*) FROM item WHERE n = 1;")
[ "$out" = 2 ]; ok 3.3 $? "a UNIQUE n is per shard: $out"

# 4. Pruning and pushdown.
plan=$(q "$C" "EXPLAIN (VERBOSE, COSTS OFF) SELECT n FROM item WHERE x = 'URN:ISBN:100003';")
scans=$(echo "$plan" | grep -c "Foreign Scan on")
echo "$plan" | grep -q "Remote SQL: .*WHERE ((x OPERATOR(public.=) 'URN:ISBN:100003'))"; r=$?
[ "$scans" = 1 ] && [ $r = 0 ]; ok 4.1 $? "x = '…': $plan"
got=$(q "$C" "SELECT n FROM item WHERE x = 'URN:ISBN:100003';")
[ "$got" = 3 ]; ok 4.2 $? "x = 'URN:ISBN:100003' gives n $got"
got=$(q "$C" "SELECT n FROM item WHERE x = 'urn:isbn:100003'::text;")
[ "$got" = 3 ]; ok 4.3 $? "x = text gives n $got"
# x ^@ 'prefix' is not shipped (postgres_fdw sends no operator whose
# input collation comes from a text constant): the coordinator filters.
got=$(q "$C" "SELECT count(*) FROM item WHERE x ^@ 'urn:nbn:de:';")
want=$(q "$C" "SELECT count(*) FROM generate_series(1, $ROWS) i WHERE i % 3 = 1;")
[ "$got" = "$want" ]; ok 4.4 $? "x ^@ 'urn:nbn:de:': $got rows, $want inserted"

# 5. Dump and restore a shard (docs/postgres.md): a full dump restores
# with the extension, rows and PRIMARY KEY; a dump of one table (-t) holds
# no CREATE EXTENSION, so it restores only where the extension is created.
d() {   # d PORT DB SQL: one value
  pg_psql "$1" -d "$2" -A -t -v ON_ERROR_STOP=1 -c "$3" 2>&1
}
pgt_as "$PG_BIN/pg_dump" -h 127.0.0.1 -p "$S0" -U "$PGT_USER" -Fc -f "$PGT_DIR/full.dump" urn_shard
ok 5.1 $? "pg_dump of a shard"
pgt_as "$PG_BIN/pg_dump" -h 127.0.0.1 -p "$S0" -U "$PGT_USER" -Fc -t item -f "$PGT_DIR/item.dump" urn_shard
ok 5.2 $? "pg_dump -t item"
pg_psql "$S0" -d postgres -q -c "CREATE DATABASE r_full" -c "CREATE DATABASE r_part" \
  -c "CREATE DATABASE r_ext" >/dev/null
out=$(pgt_as "$PG_BIN/pg_restore" -h 127.0.0.1 -p "$S0" -U "$PGT_USER" -d r_full "$PGT_DIR/full.dump" 2>&1)
got=$(d "$S0" r_full "SELECT count(*) FROM item;")
want=$(d "$S0" urn_shard "SELECT count(*) FROM item;")
# A row of this shard, its scheme and NID upper-cased.
first=$(d "$S0" urn_shard "SELECT 'URN:' || upper(urn_nid(x)) || ':' || urn_nss(x) FROM item ORDER BY n LIMIT 1;")
refused=$(d "$S0" r_full "INSERT INTO item VALUES ('$first', -3);")
[ "$got" = "$want" ] && case "$refused" in *"duplicate key"*) true;; *) false;; esac
ok 5.3 $? "full restore: $out; $got rows of $want; $refused"
pgt_as "$PG_BIN/pg_restore" -l "$PGT_DIR/item.dump" | grep -q EXTENSION
[ $? != 0 ]; ok 5.4 $? "pg_dump -t holds no CREATE EXTENSION"
out=$(pgt_as "$PG_BIN/pg_restore" -h 127.0.0.1 -p "$S0" -U "$PGT_USER" -d r_part --exit-on-error "$PGT_DIR/item.dump" 2>&1)
case "$out" in *'type "public.urn" does not exist'*) r=0;; *) r=1;; esac
ok 5.5 $r "pg_dump -t restored without the extension: $out"
d "$S0" r_ext "CREATE EXTENSION urn;" >/dev/null
out=$(pgt_as "$PG_BIN/pg_restore" -h 127.0.0.1 -p "$S0" -U "$PGT_USER" -d r_ext --exit-on-error "$PGT_DIR/item.dump" 2>&1)
got=$(d "$S0" r_ext "SELECT count(*) FROM item WHERE x = '$first';")
[ "$got" = 1 ]
ok 5.6 $? "pg_dump -t restored after CREATE EXTENSION: $out; $got"

pg_stop_all
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
