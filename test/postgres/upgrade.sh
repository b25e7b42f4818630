#!/bin/sh
# test/postgres/upgrade.sh -- make postgres-upgrade-test (and make
# postgres-test): ALTER EXTENSION urn UPDATE from the previous release, as
# a user performs it, in a throwaway cluster on a free port of 127.0.0.1
# of a private copy of PG_CONFIG's installation (tools/pg_private.sh, under
# the cluster's temporary directory), stopped by its PID:
#   1. the previous release's library (URN_PG_PREV_SO, built by make from
#      `git archive` of its commit) and install script (packaging/postgres/)
#      installed; CREATE EXTENSION urn VERSION 'PREV'; urn and urn_ns
#      columns with UNIQUE, hash and expression (urn_key(x,'ns')) indexes,
#      a CHECK with urn_valid(x,'ns'), a generated column, hash-partitioned
#      tables, rows of mixed spellings; the answers of probe queries kept;
#   2. this build's control file and scripts with the old library: CREATE
#      EXTENSION and ALTER EXTENSION UPDATE stop with an error naming both
#      versions;
#   3. this build's library (URN_PG_NEW_SO) installed, the catalog still
#      PREV: the probes answer as before, a row written then reads right;
#   4. ALTER EXTENSION urn UPDATE: pg_extension_update_paths lists the
#      path, the warnings name the stored expressions to recreate; every
#      probe answers as PREV did, lookups by other spellings go through each
#      index, amcheck's bt_index_check passes on every btree index, UNIQUE
#      refuses a respelling, rows written now mix with the old ones;
#   5. the expression index recreated as docs/postgres.md says: used again;
#   6. the updated extension's member objects and casts are those of a
#      fresh CREATE EXTENSION of this build.
# Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
. test/postgres/lib.sh
PGT_TIMEOUT=300
PREV=${URN_PG_PREV:?the previous release, e.g. 0.1.0}
: "${URN_PG_PREV_SO:?the previous release's urn.so}" "${URN_PG_NEW_SO:?this build's urn.so}"
# NEW is this build's version; HOP the target of the first update from
# PREV; path the chain of update scripts PostgreSQL runs from PREV to NEW.
upd=$(ls ext/postgres/urn--"$PREV"--*.sql)
HOP=${upd##*--}; HOP=${HOP%.sql}
NEW=$(sed -n "s/^default_version = '\(.*\)'\$/\1/p" ext/postgres/urn.control)
path=$PREV; v=$PREV
while [ "$v" != "$NEW" ]; do
  f=$(ls ext/postgres/urn--"$v"--*.sql 2>/dev/null | head -n 1)
  [ -n "$f" ] || { echo "upgrade.sh: no update script from $v on the way to $NEW" >&2; exit 1; }
  v=${f##*--}; v=${v%.sql}; path=$path--$v
done
ROWS=${URN_PG_UPGRADE_ROWS:-3000}
pg_tmpdir
trap 'pg_stop_all; rm -rf "$PGT_DIR"' EXIT
trap 'exit 1' INT TERM
pass=0; fail=0
ok() {  # ok NAME STATUS(0 passes) DETAIL
  if [ "$2" = 0 ]; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAILED $1: $3"; fi
}
q() {   # q DB SQL: the answer, unaligned, errors on stderr
  pg_psql "$port" -d "$1" -A -t -v ON_ERROR_STOP=1 -c "$2"
}
eq() {  # eq NAME GOT WANT
  if [ "$2" = "$3" ]; then ok "$1" 0 ""; else ok "$1" 1 "got [$2], want [$3]"; fi
}

# The private installation, and where the extension goes in it.
pgc=${PG_CONFIG:-pg_config}
bindir=$("$pgc" --bindir); libdir=$("$pgc" --pkglibdir); sharedir=$("$pgc" --sharedir)
priv=$PGT_DIR/pg
sh tools/pg_private.sh "$pgc" "$priv" || exit 1
PG_BIN=$priv$bindir
extdir=$priv$sharedir/extension
install_lib() { cp "$1" "$priv$libdir/urn.so.new" && mv "$priv$libdir/urn.so.new" "$priv$libdir/urn.so"; }
# The control file of version $1: this build's, with that default_version.
install_control() {
  sed "s/^default_version = .*/default_version = '$1'/" ext/postgres/urn.control > "$extdir/urn.control"
}

# 1. The previous release, as its users have it.
install_lib "$URN_PG_PREV_SO"
cp "packaging/postgres/urn--$PREV.sql" "$extdir/"
install_control "$PREV"
pg_init main || exit 1
port=$(pg_free_port)
pg_start main "$port" || exit 1
pg_psql "$port" -d postgres -c "CREATE DATABASE up" -c "CREATE DATABASE mm" >/dev/null || exit 1

q up "CREATE EXTENSION urn VERSION '$PREV'; CREATE EXTENSION amcheck;" >/dev/null
eq "created $PREV" "$(q up "SELECT extversion FROM pg_extension WHERE extname = 'urn'")" "$PREV"
# Row i's spelling (alt false) and another spelling of the same URN (alt
# true), for urn (key(X): NID, "urn" and %XX's case, components) and for
# urn_ns (a uuid's NSS in either case: RFC 4122 §3).
pg_psql "$port" -d up -q -v ON_ERROR_STOP=1 <<SQL || ok schema 1 "the schema of $PREV"
CREATE FUNCTION spell_u(i int, alt bool) RETURNS text LANGUAGE sql IMMUTABLE AS \$\$
  SELECT CASE i % 6
    WHEN 0 THEN CASE WHEN alt THEN 'URN:EXAMPLE:item-' || i || '#x' ELSE 'urn:example:item-' || i END
    WHEN 1 THEN CASE WHEN alt THEN 'urn:example:Item-' || i || '?=q' ELSE 'URN:Example:Item-' || i END
    WHEN 2 THEN CASE WHEN alt THEN 'urn:Example:item-' || i || '%2F' ELSE 'urn:example:item-' || i || '%2f' END
    WHEN 3 THEN CASE WHEN alt THEN 'urn:example:item-' || i || '%2f' ELSE 'urn:EXAMPLE:item-' || i || '%2F?+r=1#frag' END
    WHEN 4 THEN CASE WHEN alt THEN 'URN:URN:item-' || i ELSE 'urn:urn:item-' || i END
    ELSE CASE WHEN alt THEN 'urn:EX-AMPLE:' || i || ':a%C3%A9' ELSE 'urn:ex-ample:' || i || ':a%c3%a9' END
  END \$\$;
CREATE FUNCTION spell_n(i int, alt bool) RETURNS text LANGUAGE sql IMMUTABLE AS \$\$
  SELECT 'urn:uuid:' || CASE WHEN (i % 2 = 0) <> alt THEN upper(u) ELSE u END
  FROM (SELECT md5(i::text)::uuid::text AS u) s \$\$;
CREATE TABLE t (
  id int PRIMARY KEY,
  u urn UNIQUE,
  n urn_ns UNIQUE,
  g text GENERATED ALWAYS AS (urn_key(u, 'ns')) STORED,
  CHECK (urn_valid(n, 'ns'))
);
CREATE INDEX t_key ON t (urn_key(u, 'ns'));
CREATE TABLE th (id int, u urn, n urn_ns);
CREATE INDEX th_u ON th USING hash (u);
CREATE INDEX th_n ON th USING hash (n);
CREATE TABLE hp (id int, u urn) PARTITION BY HASH (u);
CREATE TABLE hpn (id int, n urn_ns) PARTITION BY HASH (n);
DO \$\$ BEGIN FOR r IN 0..3 LOOP
  EXECUTE format('CREATE TABLE hp%s PARTITION OF hp FOR VALUES WITH (MODULUS 4, REMAINDER %s)', r, r);
  EXECUTE format('CREATE TABLE hpn%s PARTITION OF hpn FOR VALUES WITH (MODULUS 4, REMAINDER %s)', r, r);
END LOOP; END \$\$;
CREATE PROCEDURE fill(lo int, hi int) LANGUAGE sql AS \$\$
  INSERT INTO t (id, u, n) SELECT i, spell_u(i, false), spell_n(i, false) FROM generate_series(lo, hi) i;
  INSERT INTO th SELECT i, spell_u(i, false), spell_n(i, false) FROM generate_series(lo, hi) i;
  INSERT INTO hp SELECT i, spell_u(i, false) FROM generate_series(lo, hi) i;
  INSERT INTO hpn SELECT i, spell_n(i, false) FROM generate_series(lo, hi) i;
\$\$;
CALL fill(1, $ROWS);
ANALYZE;
SQL
ok "schema and $ROWS rows under $PREV" $? ""

# The probes: each line an answer that must not change.  Lookups by the
# other spelling of every row, through one index each (the plans are
# checked after the update), with no sequential scan.
probes() {  # probes DB ROWS
  q "$1" "SET enable_seqscan = off;
SELECT 'count', count(*) FROM t;
SELECT 'as written', md5(string_agg(u::text || ' ' || n::text || ' ' || g, ',' ORDER BY id)) FROM t;
SELECT 'order u', md5(string_agg(id::text, ',' ORDER BY u)) FROM t;
SELECT 'order n', md5(string_agg(id::text, ',' ORDER BY n)) FROM t;
SELECT 'btree u', count(*) FROM generate_series(1, $2) i, LATERAL (SELECT 1 FROM t WHERE u = spell_u(i, true)::urn) x;
SELECT 'btree n', count(*) FROM generate_series(1, $2) i, LATERAL (SELECT 1 FROM t WHERE n = spell_n(i, true)::urn_ns) x;
SELECT 'expression', count(*) FROM generate_series(1, $2) i, LATERAL (SELECT 1 FROM t WHERE urn_key(u, 'ns') = urn_key(spell_u(i, true), 'ns')) x;
SELECT 'hash u', count(*) FROM generate_series(1, $2) i, LATERAL (SELECT 1 FROM th WHERE u = spell_u(i, true)::urn) x;
SELECT 'hash n', count(*) FROM generate_series(1, $2) i, LATERAL (SELECT 1 FROM th WHERE n = spell_n(i, true)::urn_ns) x;
SELECT 'partition u', count(*) FROM generate_series(1, $2) i, LATERAL (SELECT 1 FROM hp WHERE u = spell_u(i, true)::urn) x;
SELECT 'partition n', count(*) FROM generate_series(1, $2) i, LATERAL (SELECT 1 FROM hpn WHERE n = spell_n(i, true)::urn_ns) x;
SELECT 'hash join', count(*) FROM t JOIN th USING (u);
SELECT 'group by', count(*) FROM (SELECT n FROM th GROUP BY n) s;"
}
before=$(probes up "$ROWS")
echo "$before" | grep -q "^btree u|$ROWS\$"; ok "probes under $PREV" $? "$before"

# 2. This build's scripts beside the old library: both stop, naming both
# versions.
# The update scripts, and NEW's install script.
cp ext/postgres/urn--*--*.sql "$extdir/"
cp "ext/postgres/urn--$NEW.sql" "$extdir/"
cp "packaging/postgres/urn--$PREV.sql" "$extdir/"
install_control "$NEW"
r=$(q mm "CREATE EXTENSION urn" 2>&1)
case "$r" in *"urn $PREV, older than"*"urn $NEW"*) ok "CREATE EXTENSION: $NEW's script, $PREV's library" 0 "";;
  *) ok "CREATE EXTENSION: $NEW's script, $PREV's library" 1 "$r";; esac
q mm "CREATE EXTENSION urn VERSION '$PREV'" >/dev/null
r=$(q mm "ALTER EXTENSION urn UPDATE" 2>&1)
case "$r" in *"urn $PREV, older than"*"urn $HOP"*) ok "ALTER EXTENSION UPDATE: $PREV's library" 0 "";;
  *) ok "ALTER EXTENSION UPDATE: $PREV's library" 1 "$r";; esac
eq "still $PREV after the refused update" "$(q mm "SELECT extversion FROM pg_extension WHERE extname = 'urn'")" "$PREV"

# 3. This build's library, the catalog still PREV's (between make
# postgres-install and ALTER EXTENSION UPDATE): the same answers, and a
# row written now reads back as written, through PREV's binary casts too.
install_lib "$URN_PG_NEW_SO"
eq "probes: $NEW's library, $PREV's catalog" "$(probes up "$ROWS")" "$before"
eq "a row written before the update" \
  "$(q up "INSERT INTO th VALUES (0, 'URN:Example:Pre%2f?=q', 'urn:uuid:ABCDEF01-0000-0000-0000-000000000000') RETURNING u::text, n::varchar, u = 'urn:example:Pre%2F', n = 'urn:uuid:abcdef01-0000-0000-0000-000000000000'")" \
  "URN:Example:Pre%2f?=q|urn:uuid:ABCDEF01-0000-0000-0000-000000000000|t|t"
q up "DELETE FROM th WHERE id = 0" >/dev/null

# 4. The update, as a user runs it.
eq "update path" "$(q up "SELECT path FROM pg_extension_update_paths('urn') WHERE source = '$PREV' AND target = '$NEW'")" "$path"
w=$(q up "ALTER EXTENSION urn UPDATE" 2>&1); st=$?
ok "ALTER EXTENSION urn UPDATE" $st "$w"
eq "extversion" "$(q up "SELECT extversion FROM pg_extension WHERE extname = 'urn'")" "$NEW"
for o in "index t_key" "constraint t_n_check on table t" "default value for column g of table t"; do
  case "$w" in *"WARNING:  urn $HOP: $o holds a binary cast"*) ok "warned: $o" 0 "";;
    *) ok "warned: $o" 1 "$w";; esac
done
eq "warnings: no other object" "$(echo "$w" | grep -c 'holds a binary cast')" 3
eq "probes after the update" "$(probes up "$ROWS")" "$before"
# Each lookup goes through its index (or its partition alone).
plan() {  # plan SQL: the plan's nodes, one line
  q up "SET enable_seqscan = off; EXPLAIN (COSTS OFF) $1" | tr -s ' \n' '  '
}
for c in "t WHERE u = 'URN:EXAMPLE:item-6'|t_u_key" "t WHERE n = 'urn:uuid:0'|t_n_key" \
         "th WHERE u = 'URN:EXAMPLE:item-6'|th_u" "th WHERE n = 'urn:uuid:0'|th_n"; do
  p=$(plan "SELECT * FROM ${c%|*}")
  case "$p" in *"Index Scan using ${c#*|} "*|*"Bitmap Index Scan on ${c#*|} "*) ok "plan: ${c#*|}" 0 "";;
    *) ok "plan: ${c#*|}" 1 "$p";; esac
done
p=$(plan "SELECT * FROM hp WHERE u = 'URN:EXAMPLE:item-6'")
eq "plan: one partition" "$(echo "$p" | grep -o 'on hp[0-9]' | wc -l)" 1
# amcheck on every btree index, the rows' keys included.
btcheck() {
  q up "SELECT count(*) FILTER (WHERE true), count(*) FROM (SELECT bt_index_check(c.oid, true) FROM pg_index i
          JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
          WHERE a.amname = 'btree' AND c.relnamespace = 'public'::regnamespace) s" 2>&1
}
r=$(btcheck); case "$r" in [1-9]*\|*) ok "bt_index_check after the update" 0 "";; *) ok "bt_index_check after the update" 1 "$r";; esac
for c in "spell_u(1, true), 'urn:uuid:00000000-0000-0000-0000-000000000001'|t_u_key" "'urn:xx:0', spell_n(1, true)|t_n_key"; do
  r=$(q up "INSERT INTO t (id, u, n) VALUES (0, ${c%|*})" 2>&1)
  case "$r" in *"duplicate key value violates unique constraint \"${c#*|}\""*) ok "UNIQUE refuses a respelling (${c#*|})" 0 "";;
    *) ok "UNIQUE refuses a respelling (${c#*|})" 1 "$r";; esac
done
# Rows written now, beside the old ones.
q up "CALL fill($ROWS + 1, 2 * $ROWS); ANALYZE" >/dev/null; ok "rows written after the update" $? ""
all=$((2*ROWS))
after=$(probes up "$all")
for k in "count" "btree u" "btree n" "expression" "hash u" "hash n" "partition u" "partition n" "hash join" "group by"; do
  eq "$k, old and new rows" "$(echo "$after" | sed -n "s/^$k|//p")" "$all"
done
eq "as written, old and new rows" \
  "$(q up "SELECT count(*) FROM t WHERE u::text = spell_u(id, false) AND n::text = spell_n(id, false) AND g = urn_key(spell_u(id, false), 'ns')")" "$all"
eq "order of u: its key's, old and new rows" \
  "$(q up "SELECT md5(string_agg(id::text, ',' ORDER BY u)) = md5(string_agg(id::text, ',' ORDER BY urn_key(u::text) COLLATE \"C\")) FROM t")" t
eq "order of n: its key's, old and new rows" \
  "$(q up "SELECT md5(string_agg(id::text, ',' ORDER BY n)) = md5(string_agg(id::text, ',' ORDER BY urn_key(n::text, 'ns') COLLATE \"C\")) FROM t")" t
eq "rows in their hash partitions" \
  "$(q up "SELECT count(*) FROM (SELECT tableoid::regclass::text AS p, u FROM hp) s
           WHERE NOT satisfies_hash_partition('hp'::regclass, 4, substr(p, 3)::int, u)")" 0
r=$(btcheck); case "$r" in [1-9]*\|*) ok "bt_index_check, old and new rows" 0 "";; *) ok "bt_index_check, old and new rows" 1 "$r";; esac

# 5. The expression index recreated (docs/postgres.md, "Upgrading"): a
# query of now matches it.
q up "DROP INDEX t_key; CREATE INDEX t_key ON t (urn_key(u, 'ns'))" >/dev/null
p=$(plan "SELECT * FROM t WHERE urn_key(u, 'ns') = 'urn:example:item-6'")
case "$p" in *"Index Scan using t_key "*|*"Bitmap Index Scan on t_key "*) ok "plan: t_key recreated" 0 "";;
  *) ok "plan: t_key recreated" 1 "$p";; esac

# 6. The updated extension is the one a fresh CREATE EXTENSION makes: the
# same member objects, and the same casts (their method and context), so no
# object of NEW's install script is missing from the update scripts.
members="SELECT pg_describe_object(classid, objid, objsubid) FROM pg_depend
  WHERE refclassid = 'pg_extension'::regclass AND deptype = 'e'
    AND refobjid = (SELECT oid FROM pg_extension WHERE extname = 'urn') ORDER BY 1"
casts="SELECT format('%s -> %s: %s %s', castsource::regtype, casttarget::regtype, castmethod, castcontext)
  FROM pg_cast WHERE 'urn'::regtype IN (castsource, casttarget) OR 'urn_ns'::regtype IN (castsource, casttarget) ORDER BY 1"
q postgres "CREATE DATABASE fresh" >/dev/null && q fresh "CREATE EXTENSION urn" >/dev/null
ok "CREATE EXTENSION urn (fresh, $NEW)" $? ""
eq "the update's objects are a fresh install's" "$(q up "$members")" "$(q fresh "$members")"
eq "the update's casts are a fresh install's" "$(q up "$casts")" "$(q fresh "$casts")"

pg_stop_all
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
