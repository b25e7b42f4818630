// test/duckdb/cmake.test.js -- the extension built by CMake (CMakeLists.txt,
// DuckDB's C extension template layout; URN_DUCKDB_CMAKE_EXT) against the
// one make duckdb builds (URN_DUCKDB_EXT), each in a DuckDB of its own, as
// make duckdb-cmake-test runs it:
//
//   1. the same functions (duckdb_functions()), the same footer fields;
//   2. every function in every mode it takes, on every input (2,000 lines
//      of bench/gen_corpus.c's corpus, the fuzz seeds, as VARCHAR and as
//      BLOB), gives the same answer, row by row, errors included;
//   3. the table functions give the same rows;
//   4. pkg/duckdb/description.yml has the fields DuckDB's community
//      extensions repository asks for (its schema's rules), the version of
//      urn_version(), and its hello_world SQL runs in the CMake build.
// Ends with "N passed, N failed"; exits 1 when anything failed.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');
const { DuckDBInstance } = require('@duckdb/node-api');

const top = path.resolve(__dirname, '..', '..');
const MAKE_EXT = process.env.URN_DUCKDB_EXT;
const CMAKE_EXT = process.env.URN_DUCKDB_CMAKE_EXT;
let passed = 0, failed = 0;
function ok(name, cond, detail) {
  if (cond) { passed++; return; }
  failed++;
  console.log(`FAILED ${name}${detail === undefined ? '' : ': ' + detail}`);
}
const text = (v) => (v === null ? 'NULL' : typeof v === 'bigint' ? v.toString() : JSON.stringify(v));

function inputs() {
  const out = [];
  const corpus = path.join(top, 'test', 'fuzz', 'corpus');
  for (const d of fs.readdirSync(corpus).sort()) {
    for (const f of fs.readdirSync(path.join(corpus, d)).sort()) out.push(fs.readFileSync(path.join(corpus, d, f)));
  }
  const lines = execFileSync(process.env.URN_GEN_CORPUS, ['2000', '7'], { maxBuffer: 1 << 26 });
  let from = 0;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] === 10) { out.push(lines.subarray(from, i)); from = i + 1; }
  }
  return out;
}
function utf8(b) {
  try { new TextDecoder('utf-8', { fatal: true }).decode(b); return true; } catch (e) { return false; }
}

// The YAML of description.yml, as far as that file uses it: nested maps by
// indentation, "key: value" (a quoted value unquoted), "- item" lists and
// "key: |" blocks of text; '#' comments at the start of a line.
function yamlSubset(src) {
  const root = {};
  const stack = [{ indent: -1, obj: root }];
  const lines = src.split('\n').filter((l) => !/^\s*(#.*)?$/.test(l) || l === '');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '') continue;
    const indent = line.search(/\S/);
    while (stack.length > 1 && indent <= stack[stack.length - 1].indent) stack.pop();
    const obj = stack[stack.length - 1].obj;
    const m = /^\s*([A-Za-z_]+):\s*(.*)$/.exec(line);
    if (!m) continue;
    const [, key, value] = m;
    if (value === '|') {
      const body = [];
      while (i + 1 < lines.length && (lines[i + 1].trim() === '' || lines[i + 1].search(/\S/) > indent)) {
        body.push(lines[++i].slice(indent + 2));
      }
      obj[key] = body.join('\n').replace(/\n+$/, '') + '\n';
    } else if (value !== '') {
      obj[key] = value.replace(/^"(.*)"$/, '$1');
    } else if (i + 1 < lines.length && /^\s*- /.test(lines[i + 1])) {
      obj[key] = [];
      while (i + 1 < lines.length && /^\s*- /.test(lines[i + 1])) obj[key].push(lines[++i].replace(/^\s*- /, '').trim());
    } else {
      obj[key] = {};
      stack.push({ indent, obj: obj[key] });
    }
  }
  return root;
}

async function open(ext, csv) {
  const inst = await DuckDBInstance.create(':memory:', { allow_unsigned_extensions: 'true', threads: '1' });
  const con = await inst.connect();
  await con.run(`LOAD '${ext}'`);
  await con.run(`CREATE TABLE t AS SELECT id::INTEGER AS id, unhex(h) AS b,
      CASE WHEN u = '1' THEN decode(unhex(h)) END AS x
    FROM read_csv('${csv}', all_varchar = true, header = true)`);
  return con;
}
async function answer(con, sql) {
  try {
    return (await con.runAndReadAll(sql)).getRowsJS().map((r) => r.map(text).join(' | ')).join('\n');
  } catch (e) {
    return 'error: ' + e.message;
  }
}

(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urn-duckdb-cmake-'));
  try {
    // 1. Functions and footers.
    const ins = inputs();
    const csv = path.join(dir, 't.csv');
    fs.writeFileSync(csv, 'id,h,u\n' + ins.map((b, i) => `${i},${b.toString('hex')},${utf8(b) ? 1 : 0}`).join('\n') + '\n');
    const a = await open(MAKE_EXT, csv), b = await open(CMAKE_EXT, csv);
    const fn = `SELECT function_name, function_type, parameters::VARCHAR, parameter_types::VARCHAR, return_type
      FROM duckdb_functions() WHERE function_name LIKE 'urn%' ORDER BY ALL`;
    const fa = await answer(a, fn);
    ok('1.1', fa.split('\n').length >= 20 && fa === await answer(b, fn), 'the functions differ');
    const foot = (f) => { const x = fs.readFileSync(f); return x.subarray(x.length - 534).toString('hex'); };
    ok('1.2', foot(MAKE_EXT) === foot(CMAKE_EXT), 'the footers differ');

    // 2. Every function on every input.
    const modes = ['', ", 'rfc8141'", ", 'rfc2141'", ", 'ns'"];
    const exprs = [];
    for (const col of ['x', 'b']) {
      for (const f of ['urn_valid', 'urn_error', 'urn_canonical', 'urn_key', 'urn_json', 'urn_extract_all']) {
        for (const m of modes) exprs.push(`${f}(${col}${m})`);
      }
      for (const f of ['urn_nid', 'urn_nss', 'urn_rcomponent', 'urn_qcomponent', 'urn_fcomponent', 'urn_normalize']) {
        for (const m of modes.slice(0, 3)) exprs.push(`${f}(${col}${m})`);
      }
      for (const f of ['urn_encode', 'urn_decode', 'urn_isbn13', 'urn_url', 'urn_nbn_complete']) exprs.push(`${f}(${col})`);
      for (const m of modes) exprs.push(`urn_equal(${col}, upper(x)${m})`);
      exprs.push(`urn_url(${col}, 'https://r.example/{nid}/{nss}?u={urn}')`);
      exprs.push(`urn_from_url(${col})`, `urn_from_url(${col}, 7)`);
      exprs.push(`urn_build('example', ${col}, ${col}, NULL, ${col})`);
    }
    exprs.push('urn_version()', 'urn_registry_date()', 'urn_order_version()');
    let same = 0;
    for (const e of exprs) {
      const sql = `SELECT id, ${e} FROM t ORDER BY id`;
      const x = await answer(a, sql), y = await answer(b, sql);
      ok(`2 ${e}`, x === y && !x.startsWith('error: ') && x.split('\n').length === ins.length,
         `${x.slice(0, 200)} vs ${y.slice(0, 200)}`);
      if (x === y) same++;
    }
    console.log(`2. ${exprs.length} expressions on ${ins.length} inputs, ${same} alike`);

    // 4. pkg/duckdb/description.yml: the fields the community repository's
    // schema asks for, and its hello_world runs in the CMake build.
    const d = yamlSubset(fs.readFileSync(path.join(top, 'pkg', 'duckdb', 'description.yml'), 'utf8'));
    const ex = d.extension || {};
    ok('4.1', ex.name === 'urn' && ex.description && ex.language && /^(cmake|CMake)$/.test(ex.build), JSON.stringify(ex));
    ok('4.2', ex.version === process.env.URN_VERSION, `${ex.version} vs ${process.env.URN_VERSION}`);
    ok('4.3', Array.isArray(ex.maintainers) && ex.maintainers.length >= 1 && ex.maintainers.every((m) => m !== ''));
    ok('4.4', d.repo && /^[a-zA-Z0-9_-]+\/[a-zA-Z0-9_.-]+$/.test(d.repo.github) &&
       /^([a-f0-9]{40}|v?[0-9]+\.[0-9]+\.?[0-9]*.*|[a-z0-9_.-]+)$/.test(d.repo.ref), JSON.stringify(d.repo));
    const hello = (d.docs && d.docs.hello_world || '').split(/;\s*\n/).map((x) => x.trim()).filter(Boolean);
    ok('4.5', hello.length >= 1, 'no hello_world');
    for (const sql of hello) {
      const r = await answer(b, sql);
      ok(`4.6 ${sql}`, r !== '' && !r.startsWith('error: '), r);
    }

    // 3. The table functions.
    for (const sql of ['SELECT * FROM urn_namespaces() ORDER BY ALL', 'SELECT * FROM urn_resolvers() ORDER BY ALL',
      "SELECT * FROM urn_find('See urn:isbn:0-395-36341-1. Also (urn:ietf:rfc:8141).', mode := 'ns')"]) {
      const x = await answer(a, sql);
      ok(`3 ${sql}`, x.length > 0 && x === await answer(b, sql));
    }
  } catch (e) {
    failed++;
    console.log('FAILED with an exception: ' + (e.stack || e));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`duckdb cmake: ${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
})();
