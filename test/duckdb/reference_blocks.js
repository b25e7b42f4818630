// test/duckdb/reference_blocks.js OUT.md -- the examples of the function
// reference's group tables that DuckDB runs (test/reference.js), written as
// one "<!-- duckdb -->" sql block of OUT.md: "SELECT EXAMPLE;" and its
// "-- → RESULT" line each, a BOOLEAN cast to INTEGER to show 1 or 0 as the
// reference does.  make duckdb-windows-test gives OUT.md to
// test/duckdb/windows_host.c, so that DuckDB's Windows library runs the
// reference's examples as test/duckdb/duckdb.test.js (4.12) runs them on
// Linux.
'use strict';
const fs = require('fs');
const path = require('path');
const { reference, examples } = require('../reference.js');

const out = process.argv[2];
if (!out) { console.error('usage: node test/duckdb/reference_blocks.js OUT.md'); process.exit(2); }
const ref = reference(path.join(__dirname, '..', '..'));
const runs = examples(ref, 'duckdb');
if (runs.length < 20) { console.error(`reference_blocks.js: only ${runs.length} examples for DuckDB`); process.exit(1); }
const lines = ['# docs/functions.md, the group tables\' examples in DuckDB', '', '<!-- duckdb -->', '```sql'];
for (const g of runs) {
  const expr = ref.types.get(g.name).duckdb === 'BOOLEAN' ? `CAST(${g.example} AS INTEGER)` : g.example;
  lines.push(`SELECT ${expr};`, `-- \u2192 ${g.result}`);
}
lines.push('```', '');
fs.writeFileSync(out, lines.join('\n'), 'utf8');
