// test/reference.js -- the function reference's tables in docs/functions.md,
// as the JavaScript runners read them (test/duckdb/duckdb.test.js and
// test/wasm/node.js; test/names.test and test/postgres/compare.py read the
// same rows with the same patterns):
//
//   | [`name(ARGS)`](LINK) | what it does | `EXAMPLE` | `RESULT` |
//        a row of a group table: SELECT EXAMPLE gives RESULT as SQLite
//        shows it (1 and 0 for true and false, NULL for NULL);
//   | `name` | SQLite | DuckDB | PostgreSQL |
//        a row of "Signatures in each engine": the function's type in each
//        engine, "—" where the engine lacks it, "(†)" after it where the
//        group table's example is not in that engine's form.
'use strict';
const fs = require('fs');
const path = require('path');

const ENGINES = ['sqlite', 'duckdb', 'postgres'];

function reference(top) {
  const text = fs.readFileSync(path.join(top, 'docs', 'functions.md'), 'utf8');
  const groups = [...text.matchAll(
    /^\| \[`((urn_[a-z0-9_]+)\([^`]*\))`\]\(([^)]*)\) \| ([^|]*) \| `([^`]*)` \| `([^`]*)` \|$/gm)]
    .map((m) => ({ name: m[2], sig: m[1], example: m[5], result: m[6] }));
  const types = new Map([...text.matchAll(/^\| `(urn_[a-z0-9_]+)` \| ([^|]+) \| ([^|]+) \| ([^|]+) \|$/gm)]
    .map((m) => [m[1], Object.fromEntries(ENGINES.map((e, i) => [e, m[i + 2]]))]));
  return { groups, types };
}

// The group tables' examples that ENGINE runs: those of the functions it
// has, in its own form.
function examples(ref, engine) {
  return ref.groups.filter((g) => {
    const t = ref.types.get(g.name);
    return t && t[engine] !== '—' && !t[engine].endsWith('(†)');
  });
}

// A value as the reference shows it.
function shown(v) {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'boolean') return v ? '1' : '0';
  return String(v);
}

module.exports = { reference, examples, shown };
