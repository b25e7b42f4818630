// bench/duckdb_join.js -- a join on URN equivalence in DuckDB, the two ways
// docs/duckdb.md ("Joins") compares:
//
//   NODE_PATH=build/duckdb/node/node_modules URN_DUCKDB_EXT=dist/urn.duckdb_extension \
//     node bench/duckdb_join.js [--rows N] [--reps R]
//
// Two tables of N rows each (5,000 by default): a holds names as written,
// b the same names respelled (upper-case scheme and NID, %xx for %XX, a
// component added) in another order, plus names of its own.  Timed, in one
// DuckDB process, the median of R (5) alternating runs of
//   key    SELECT count(*) FROM a JOIN b ON urn_key(a.x) = urn_key(b.x)
//   equal  SELECT count(*) FROM a JOIN b ON urn_equal(a.x, b.x)
// Both must count the same pairs.  It prints the plan DuckDB picks for
// each (a hash join on the key; urn_equal, an opaque predicate, can only be
// tested on every pair: N x N calls) and the ratio equal / key, which
// grows with N (N^2 calls against 2N keys).
'use strict';
const os = require('os');
const { DuckDBInstance } = require('@duckdb/node-api');

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const N = arg('--rows', 5000);
const REPS = arg('--reps', 5);
const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[s.length >> 1]; };

(async () => {
  const inst = await DuckDBInstance.create(':memory:', { allow_unsigned_extensions: 'true' });
  const con = await inst.connect();
  await con.run(`LOAD '${process.env.URN_DUCKDB_EXT}'`);
  const rows = async (sql) => (await con.runAndReadAll(sql)).getRowsJS();
  const version = (await rows('SELECT version()'))[0][0];
  await con.run(`CREATE TABLE a AS SELECT i, CASE i % 4
      WHEN 0 THEN 'urn:isbn:0-395-' || lpad(i::VARCHAR, 5, '0') || '-1'
      WHEN 1 THEN 'urn:example:a%2c' || i
      WHEN 2 THEN 'urn:ietf:rfc:' || i
      ELSE 'urn:uuid:6e8bc430-9c3a-11d9-9669-' || lpad(i::VARCHAR, 12, '0') END AS x
    FROM range(${N}) t(i)`);
  // b: the first half of a respelled, then names of its own.
  await con.run(`CREATE TABLE b AS SELECT i, CASE WHEN i < ${Math.floor(N / 2)}
        THEN 'URN:' || upper(split_part(x, ':', 2)) || ':' || replace(substr(x, strlen(split_part(x, ':', 2)) + 6), '%2c', '%2C') || '#p' || i
        ELSE 'urn:example:other-' || i END AS x
      FROM a ORDER BY hash(i)`);
  const sql = {
    key: 'SELECT count(*) FROM a JOIN b ON urn_key(a.x) = urn_key(b.x)',
    equal: 'SELECT count(*) FROM a JOIN b ON urn_equal(a.x, b.x)',
  };
  const plan = async (q) => (await rows(`EXPLAIN ${q}`)).map((r) => r.join(' ')).join(' ')
    .match(/HASH_JOIN|NESTED_LOOP_JOIN|BLOCKWISE_NL_JOIN|PIECEWISE_MERGE_JOIN|CROSS_PRODUCT/g);
  const t = { key: [], equal: [] };
  const count = {};
  for (let r = 0; r < REPS; r++) {
    for (const k of r % 2 ? ['equal', 'key'] : ['key', 'equal']) {
      const t0 = process.hrtime.bigint();
      count[k] = (await rows(sql[k]))[0][0];
      t[k].push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  }
  const mk = median(t.key), me = median(t.equal);
  console.log(`DuckDB ${version}, ${N} x ${N} rows, median of ${REPS}, load ${os.loadavg()[0].toFixed(2)} (${os.cpus().length} cores)`);
  console.log(`key    ${mk.toFixed(1)} ms  ${count.key} pairs  ${(await plan(sql.key)).join(', ')}  ${sql.key}`);
  console.log(`equal  ${me.toFixed(1)} ms  ${count.equal} pairs  ${(await plan(sql.equal)).join(', ')}  ${sql.equal}`);
  console.log(`ratio  equal / key = ${(me / mk).toFixed(0)}x`);
  if (count.key !== count.equal || count.key !== BigInt(Math.floor(N / 2))) {
    console.log(`FAILED: the joins count ${count.key} and ${count.equal} pairs, expected ${Math.floor(N / 2)}`);
    process.exit(1);
  }
})();
