// test/duckdb/duckdb.test.js -- the DuckDB extension (dist/urn.duckdb_extension)
// in a stock DuckDB from npm (@duckdb/node-api), as make duckdb-test runs it:
//
//   0. the conformance suite: every record of test/suite/*.test that runs
//      on DuckDB (test/suite/README.md), each file in a fresh database;
//   1. every function, in every mode it takes, on every input of the test
//      corpora (test/suite/inputs.txt: the fuzz seeds of test/fuzz/corpus/,
//      the real links of test/data/links.tsv, 2,000 lines of
//      bench/gen_corpus.c's corpus and spellings of the manual's rules), the expressions of test/suite/compare.tsv,
//      as VARCHAR and as BLOB, on pairs (urn_equal) and tuples (urn_build),
//      urn_parse's STRUCT against SQLite's urn_parse row,
//      with NULLs and bad MODEs, returns what the SQLite build (URN_EXT)
//      returns for the same input, compared row by row: SQLite's answers come
//      from test/duckdb/sqlite_ref.tcl; urn_extract_all is compared with
//      SQLite's urn_find on the same text;
//   2. urn_find and urn_namespaces() give SQLite's rows;
//   3. a wrong argument count is DuckDB's binder error;
//   4. every function has its row in the signatures of the reference,
//      docs/functions.md, its DuckDB type the one DuckDB registered, and no
//      row names a function DuckDB lacks; the reference's examples give its
//      results in DuckDB (test/reference.js reads them); every DuckDB
//      example of docs/duckdb.md and of the archive's README,
//      pkg/duckdb/README.md (a ```sql block after a "<!-- duckdb -->"
//      line) gives the rows it shows ("-- → a | b", NULL as NULL) or the
//      error ("-- error: MESSAGE", DuckDB's own words included); they
//      write and read CSV and Parquet files with DuckDB's own readers; and
//      each ```node program prints its "// → X" lines;
//   5. a run over URN_DUCKDB_ROWS (1,000,000) rows with 2 threads equals the
//      1-thread run, for every function;
//   6. without allow_unsigned_extensions DuckDB refuses the file with its own
//      error, which docs/duckdb.md quotes, as a user typing the example's
//      path sees it;
//   7. values of many MB beside small ones in a chunk give SQLite's answers;
//   8. the footer of each build at hand (linux_amd64, linux_amd64_gcc4,
//      linux_arm64, windows_amd64) has its 534 bytes and fields where DuckDB
//      reads them.
//   9. BLOB columns: GROUP BY urn_key(b) over BLOB spellings gives the
//      classes urn_equal gives, in modes 'rfc8141' and 'ns'; the join on
//      urn_key is a hash join, the one on urn_equal a nested loop.
//  10. urn_url: the audit's reproducers (issue 38) in one chunk of rows,
//      against SQLite's answers and the URLs written out in the test.
// Ends with "N passed, N failed"; exits 1 when anything failed.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');
const { DuckDBInstance } = require('@duckdb/node-api');
const suite = require('../suite/suite.js');
const { reference, examples, shown } = require('../reference.js');

const top = path.resolve(__dirname, '..', '..');
const EXT = process.env.URN_DUCKDB_EXT;
const ROWS = Number(process.env.URN_DUCKDB_ROWS || 1000000);
const TCLSH = process.env.TCLSH || 'tclsh';
let passed = 0, failed = 0;
function ok(name, cond, detail) {
  if (cond) { passed++; return; }
  failed++;
  console.log(`FAILED ${name}${detail === undefined ? '' : ': ' + detail}`);
}

async function open(opts) {
  const inst = await DuckDBInstance.create(':memory:',
    Object.assign({ allow_unsigned_extensions: 'true' }, opts || {}));
  const con = await inst.connect();
  await con.run(`LOAD '${EXT.replace(/'/g, "''")}'`);
  return con;
}
async function rows(con, sql) {
  return (await con.runAndReadAll(sql)).getRowsJS();
}
// DuckDB's message without the kind of error it prefixes ("Invalid Input
// Error: "): the part that is ours, as SQLite gives it.
function ours(msg) { return msg.replace(/^[A-Za-z ]+ Error: /, ''); }

// ---- 0. The conformance suite ---------------------------------------------

async function conformance() {
  const n = await suite.runRecords({
    names: ['duckdb'],
    fresh: open,
    exec: async (con, sql) => rows(con, sql),
    message: (e) => ours(e.message.split('\n')[0]),
    ok,
  });
  ok('0.count', n > 0, 'no record of test/suite/ ran');
  console.log(`0. ${n} records of test/suite/`);
}

// ---- 1. Every function against the SQLite build -------------------------

const hex = suite.hex;

// The inputs and the cases: test/suite/inputs.txt and compare.tsv, read by
// every engine's runner (test/suite/README.md).
const inputs = () => suite.inputs({ top, genCorpus: process.env.URN_GEN_CORPUS });
const makeCases = (ins) => suite.makeCases(ins, { blob: true });

// SQLite's answers: sqlite_ref.tcl over the cases file.
// DuckDB keys a BLOB's bytes as SQLite keys text (docs/duckdb.md, "Where
// DuckDB and SQLite differ"; compare.tsv's "differ duckdb blob-as-text"):
// SQLite's urn_key keeps a BLOB unchanged, as its collation compares it, so
// the answer DuckDB must give for urn_key and urn_parse's key of a BLOB is
// SQLite's for the same bytes as TEXT.
const KEYED_AS_TEXT = new Set(suite.compareSpec().differ
  .filter((d) => d.engine === 'duckdb' && d.rule === 'blob-as-text').flatMap((d) => d.funcs));
function sqliteArgs(c) {
  if (!KEYED_AS_TEXT.has(c.func) || c.args[0][0] !== 'B') return c.args;
  return ['T' + c.args[0].slice(1), ...c.args.slice(1)];
}
function sqliteAnswers(cases, dir) {
  const cf = path.join(dir, 'cases.tsv'), of = path.join(dir, 'sqlite.tsv');
  fs.writeFileSync(cf, cases.map((c) => [c.id, c.func, c.mode, ...sqliteArgs(c)].join('\t')).join('\n') + '\n', 'utf8');
  execFileSync(TCLSH, [path.join(__dirname, 'sqlite_ref.tcl'), cf, of],
               { stdio: ['ignore', 'inherit', 'inherit'] });
  const ans = new Map();
  for (const line of fs.readFileSync(of, 'utf8').split('\n')) {
    if (!line) continue;
    const t = line.indexOf('\t');
    ans.set(Number(line.slice(0, t)), line.slice(t + 1));
  }
  return ans;
}

// DuckDB's answers: the cases in a table, one query per function, argument
// kinds and MODE kind (a MODE that names no mode fails its whole query, so
// those run one case a query).
const RET = { urn_valid: 'bool', urn_equal: 'bool', urn_extract_all: 'list', urn_parse: 'struct',
              urn_epc: 'epc', urn_order_version: 'int' };
// urn_epc's STRUCT as sqlite_ref.tcl writes urn_epc's row.
const EPC_FIELDS = ['tag', 'pure', 'scheme', 'filter', 'company', 'reference', 'serial'];
// urn_parse's STRUCT as sqlite_ref.tcl writes urn_parse's row: S: then
// valid, then each other field's bytes in hex or N for NULL, by commas.
const PARSE_FIELDS = ['nid', 'nss', 'r', 'q', 'f', 'canonical', 'key'];
function resultSql(func, expr) {
  if (RET[func] === 'bool' || RET[func] === 'int') return `CASE WHEN (${expr}) IS NULL THEN 'N' ELSE 'I:' || ((${expr})::INT)::VARCHAR END`;
  if (RET[func] === 'struct') {
    return `CASE WHEN (${expr}) IS NULL THEN 'N' ELSE 'S:' || ((${expr}).valid::INT)::VARCHAR || ` +
      PARSE_FIELDS.map((f) => `',' || coalesce(hex((${expr}).${f}), 'N')`).join(' || ') + ' END';
  }
  if (RET[func] === 'epc') {
    return `CASE WHEN (${expr}) IS NULL THEN 'N' ELSE 'S:' || ` +
      EPC_FIELDS.map((f) => `coalesce(${f === 'filter' ? `(${expr}).filter::VARCHAR` : `hex((${expr}).${f})`}, 'N')`)
        .join(" || ',' || ") + ' END';
  }
  if (RET[func] === 'list') return `CASE WHEN (${expr}) IS NULL THEN 'N' ELSE 'L:' || coalesce(array_to_string(list_transform(${expr}, u -> hex(u)), ','), '') END`;
  return `CASE WHEN (${expr}) IS NULL THEN 'N' ELSE 'T:' || hex(${expr}) END`;
}
function argSql(t, col) {
  if (t === 'N') return 'CAST(NULL AS VARCHAR)';
  if (t[0] === 'I') return `CAST(${Number(t.slice(2))} AS BIGINT)`;
  return t[0] === 'B' ? col : `decode(${col})`;
}
async function duckAnswers(con, cases, dir) {
  const csv = path.join(dir, 'cases.csv');
  const lines = ['id,a1,a2,a3,a4,a5,m'];
  // "x" before the hex digits: an empty field is NULL to read_csv.
  const hexOf = (t) => (t === 'N' || t === '-' || t[0] === 'I' ? '' : 'x' + t.slice(2));
  for (const c of cases) {
    const a = c.args.map(hexOf);
    while (a.length < 5) a.push('');
    lines.push([c.id, ...a, hexOf(c.mode)].join(','));
  }
  fs.writeFileSync(csv, lines.join('\n') + '\n', 'utf8');
  await con.run(`CREATE TABLE cases AS SELECT id,
    unhex(substr(a1, 2)) a1, unhex(substr(a2, 2)) a2, unhex(substr(a3, 2)) a3,
    unhex(substr(a4, 2)) a4, unhex(substr(a5, 2)) a5, unhex(substr(m, 2)) m
    FROM read_csv('${csv}', all_varchar = true, header = true)`);
  await con.run('ALTER TABLE cases ALTER id TYPE INTEGER');
  const groups = new Map();
  const ans = new Map();
  // One query per function, MODE, argument kinds, template and integer
  // argument (GCP_LENGTH, FILTER: literals in the query); a query that
  // fails (a bad MODE or template fails its whole query, a field a scheme
  // cannot hold its row's) is asked again one case at a time, each case
  // getting its own error.
  for (const c of cases) {
    const tpl = c.func === 'urn_url' && c.args.length > 1 ? [c.args[1]]
      : c.args.filter((t) => t[0] === 'I');
    const key = [c.func, c.mode, ...c.args.map((t) => t[0]), ...tpl].join(' ');
    if (!groups.has(key)) groups.set(key, { ids: [], c });
    groups.get(key).ids.push(c.id);
  }
  const ask = async (c, ids) => {
    const args = c.args.map((t, i) => ((c.func === 'urn_from_url' && i === 1 && t === 'N')
      || (c.func === 'urn_epc_tag' && i === 2 && t === 'N')
      ? 'CAST(NULL AS BIGINT)' : argSql(t, `a${i + 1}`)));
    if (c.mode !== '-') args.push(argSql(c.mode, 'm'));
    const expr = `${c.func}(${args.join(', ')})`;
    const where = ids.length === 1 ? `id = ${ids[0]}` : `id IN (${ids.join(',')})`;
    for (const [id, r] of await rows(con, `SELECT id, ${resultSql(c.func, expr)} FROM cases WHERE ${where}`)) {
      ans.set(id, r);
    }
  };
  for (const g of groups.values()) {
    try {
      await ask(g.c, g.ids);
    } catch (e) {
      if (g.ids.length === 1) { ans.set(g.ids[0], 'E:' + ours(e.message)); continue; }
      for (const id of g.ids) {
        try { await ask(cases[id], [id]); } catch (e1) { ans.set(id, 'E:' + ours(e1.message)); }
      }
    }
  }
  return ans;
}

async function compareWithSqlite(dir) {
  const ins = inputs();
  const cases = makeCases(ins);
  const sq = sqliteAnswers(cases, dir);
  const con = await open();
  const dk = await duckAnswers(con, cases, dir);
  let shown = 0, same = 0;
  const perFunc = {};
  for (const c of cases) {
    const a = sq.get(c.id), b = dk.get(c.id);
    const good = a !== undefined && a === b;
    perFunc[c.func] = (perFunc[c.func] || 0) + 1;
    if (good) { same++; passed++; continue; }
    failed++;
    if (shown++ < 25) {
      console.log(`FAILED 1.${c.id} ${c.func}(${c.args.join(', ')}${c.mode === '-' ? '' : ', mode ' + c.mode}): SQLite ${a}, DuckDB ${b}`);
    }
  }
  console.log(`1. ${cases.length} cases on ${ins.length} inputs, ${same} equal to SQLite's: ` +
              Object.entries(perFunc).map(([f, n]) => `${f} ${n}`).join(', '));
  return con;
}

// ---- 2. urn_find and urn_namespaces against SQLite -----------------------

// A Tcl script that loads the SQLite build and runs BODY with the SQL in $sql.
function sqliteTcl(sql, body) {
  return `package require sqlite3
sqlite3 db :memory:
db enable_load_extension 1
db eval {SELECT load_extension($env(URN_EXT))}
fconfigure stdout -encoding utf-8
set sql [encoding convertfrom utf-8 [binary decode hex ${hex(Buffer.from(sql))}]]
${body}`;
}
function sqliteRows(sql) {
  const tcl = sqliteTcl(sql, 'db eval $sql r { set row {}; foreach c $r(*) { lappend row $r($c) }; puts [join $row "\\x1f"] }');
  const out = execFileSync(TCLSH, [], { input: tcl, encoding: 'utf8', maxBuffer: 1 << 28 });
  return out.split('\n').filter((l) => l !== '').map((l) => l.split('\x1f'));
}
const fmt = (v) => (v === null ? '' : typeof v === 'bigint' ? v.toString() : String(v));
// SQLite's answer to a one-value query: the value, or "E:" and its error.
function sqliteValue(sql) {
  const tcl = sqliteTcl(sql, 'if {[catch {db onecolumn $sql} v]} { puts "E:$v" } else { puts $v }');
  return execFileSync(TCLSH, [], { input: tcl, encoding: 'utf8' }).replace(/\n$/, '');
}

async function tablesAgainstSqlite(con) {
  const texts = ['see urn:isbn:0-395-36341-1. and é URN:example:x, urn:a (urn:ab:c)',
                 'ÆØÅ urn:ex:a urn:ex:b? urn:isbn:0-395-36341-6 urn:isbn:0-395-36341-1'];
  for (const [i, t] of texts.entries()) {
    for (const m of [null, 'rfc8141', 'rfc2141', 'ns']) {
      const q = t.replace(/'/g, "''");
      const want = sqliteRows(`SELECT urn, start FROM urn_find('${q}'${m ? `, '${m}'` : ''})`);
      const got = (await rows(con, `SELECT urn, start FROM urn_find('${q}'${m ? `, mode := '${m}'` : ''})`))
        .map((r) => r.map(fmt));
      ok(`2.1.${i}.${m}`, JSON.stringify(got) === JSON.stringify(want), `${JSON.stringify(got)} vs ${JSON.stringify(want)}`);
      // start is a position in characters: substring gives the urn back.
      const sub = await rows(con, `SELECT bool_and(substring('${q}', start::INTEGER, length(urn)) = urn) FROM urn_find('${q}')`);
      ok(`2.2.${i}.${m}`, sub[0][0] !== false);
    }
  }
  try {
    await rows(con, "SELECT * FROM urn_find('x', mode := 'bad')");
    ok('2.3', false, 'no error');
  } catch (e) {
    ok('2.3', ours(e.message).startsWith("urn_find(): unknown mode 'bad'; expected 'rfc8141', 'rfc2141' or 'ns'"), e.message);
  }
  ok('2.4', (await rows(con, 'SELECT count(*) FROM urn_find(NULL)'))[0][0] === 0n);
  const cols = 'nid, kind, reference, equivalence, validator';
  const want = sqliteRows(`SELECT ${cols} FROM urn_namespaces ORDER BY nid`);
  const got = (await rows(con, `SELECT ${cols} FROM urn_namespaces() ORDER BY nid`)).map((r) => r.map(fmt));
  ok('2.5', want.length > 100 && JSON.stringify(got) === JSON.stringify(want), `${got.length} rows vs ${want.length}`);
  const rcols = 'nid, prefix, template, source';
  const rwant = sqliteRows(`SELECT ${rcols} FROM urn_resolvers ORDER BY nid, prefix`);
  const rgot = (await rows(con, `SELECT ${rcols} FROM urn_resolvers() ORDER BY nid, prefix`)).map((r) => r.map(fmt));
  ok('2.6', rwant.length > 10 && JSON.stringify(rgot) === JSON.stringify(rwant), `${rgot.length} rows vs ${rwant.length}`);
}

// ---- 3. A wrong argument count is DuckDB's binder error ------------------

async function argCounts(con) {
  for (const sql of ['SELECT urn_valid()', "SELECT urn_valid('a', 'ns', 'x')",
                     "SELECT urn_equal('a')", "SELECT urn_build('a')",
                     "SELECT urn_version('a')", "SELECT urn_encode('a', 'ns')",
                     'SELECT urn_parse()', "SELECT urn_parse('a', 'ns', 'x')", 'SELECT urn_parse(42)']) {
    try { await rows(con, sql); ok(`3 ${sql}`, false, 'no error'); } catch (e) {
      ok(`3 ${sql}`, /^Binder Error: No function matches/.test(e.message), e.message);
    }
  }
}

// ---- 4. docs/duckdb.md's examples ---------------------------------------

function docBlocks(file) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] === '<!-- duckdb -->' && /^```sql\s*$/.test(lines[i + 1] || '')) {
      const body = [];
      let j = i + 2;
      while (j < lines.length && !/^```\s*$/.test(lines[j])) body.push(lines[j++]);
      blocks.push({ line: i + 2, body });
      i = j;
    }
  }
  return blocks;
}
function show(v) {
  if (v === null || v === undefined) return 'NULL';
  if (Array.isArray(v)) return '[' + v.map(show).join(', ') + ']';
  if (typeof v === 'bigint' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Uint8Array) return hex(v);
  // A STRUCT (urn_parse) as DuckDB's shell writes one, its cast to VARCHAR
  // (the Windows test prints that cast itself): a text field in quotes
  // when it is empty, NULL's name, has white space at an end, or holds one
  // of ' " = , : { } [ ] ( ) (as DuckDB 1.4.4 writes it).
  if (typeof v === 'object') return '{' + Object.entries(v).map(([k, x]) => `'${k}': ${showField(x)}`).join(', ') + '}';
  return String(v);
}
function showField(x) {
  return typeof x === 'string' && (x === '' || /^\s|\s$|['"=,:{}\[\]()]|^null$/i.test(x))
    ? `'${x.replace(/'/g, "\\'")}'` : show(x);
}
async function docsExamples(dir) {
  for (const [file, least] of [[path.join(top, 'docs', 'duckdb.md'), 3],
                               [path.join(top, 'pkg', 'duckdb', 'README.md'), 1]]) {
    await pageExamples(dir, file, least);
  }
}
async function pageExamples(dir, file, least) {
  const page = path.basename(path.dirname(file)) === 'duckdb' ? 'pkg/duckdb/README.md' : 'duckdb.md';
  const blocks = docBlocks(file);
  ok(`4.0.${page}`, blocks.length >= least, `${blocks.length} blocks`);
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    for (const b of blocks) {
      const stmts = [];
      let cur = '';
      for (const line of b.body) {
        let m;
        if ((m = /^-- → (.*)$/.exec(line))) { stmts[stmts.length - 1].rows.push(m[1]); }
        else if ((m = /^-- error: (.*)$/.exec(line))) { stmts[stmts.length - 1].err = m[1]; }
        else if (!/^--/.test(line) && line !== '') {
          cur += line + '\n';
          if (/;\s*$/.test(line)) { stmts.push({ sql: cur, rows: [], err: null }); cur = ''; }
        }
      }
      ok(`4.${page}:${b.line} terminated`, cur === '', cur);
      const con = await open();
      for (const s of stmts) {
        const name = `4.${page}:${b.line} ${s.sql.trim().split('\n')[0]}`;
        try {
          const got = (await rows(con, s.sql)).map((r) => r.map(show).join(' | '));
          if (s.err !== null) ok(name, false, `no error, the page says '${s.err}'`);
          else ok(name, s.rows.length === 0 || JSON.stringify(got) === JSON.stringify(s.rows),
                  `got ${JSON.stringify(got)}, the page says ${JSON.stringify(s.rows)}`);
        } catch (e) {
          ok(name, s.err !== null && e.message.split('\n')[0] === s.err,
             `error '${e.message.split('\n')[0]}', the page says '${s.err}'`);
        }
      }
    }
  } finally {
    process.chdir(cwd);
  }
}

// The ```node programs of docs/duckdb.md (DuckDB's Node.js client), each
// run by node in a directory where dist/urn.duckdb_extension is this
// build, as in a clone; what it prints must be its "// → X" lines.
function nodeExamples(dir) {
  const file = path.join(top, 'docs', 'duckdb.md');
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const cwd = path.join(dir, 'node-examples');
  fs.mkdirSync(path.join(cwd, 'dist'), { recursive: true });
  fs.symlinkSync(path.resolve(EXT), path.join(cwd, 'dist', 'urn.duckdb_extension'));
  let n = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!/^```node\s*$/.test(lines[i])) continue;
    const body = [];
    let j = i + 1;
    while (j < lines.length && !/^```\s*$/.test(lines[j])) body.push(lines[j++]);
    const want = body.map((l) => /^\s*\/\/ → (.*)$/.exec(l)).filter(Boolean).map((m) => m[1]);
    const prog = path.join(cwd, `example-${i + 1}.js`);
    fs.writeFileSync(prog, body.join('\n') + '\n');
    let out;
    try {
      out = execFileSync(process.execPath, [prog], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      out = `FAILED ${e.stderr || e.message}`;
    }
    ok(`4.duckdb.md:${i + 1} node`, JSON.stringify(out.trimEnd().split('\n')) === JSON.stringify(want),
       `printed ${JSON.stringify(out)}, the page shows ${JSON.stringify(want)}`);
    n++;
    i = j;
  }
  ok('4.node', n >= 1, 'no ```node block in docs/duckdb.md');
}

// Every function the extension registers has its one home: a "### name("
// heading in docs/functions.md, or in docs/duckdb.md for DuckDB's own (the
// tables urn_namespaces and urn_resolvers: headings of docs/namespaces.md
// and docs/resolution.md).
async function documented(con) {
  const heads = ['functions.md', 'duckdb.md', 'namespaces.md', 'resolution.md']
    .map((f) => fs.readFileSync(path.join(top, 'docs', f), 'utf8')).join('\n')
    .match(/^#{2,4} .*?\burn_[a-z0-9_]+/gm).map((h) => h.match(/urn_[a-z0-9_]+/)[0]);
  const names = (await rows(con, `SELECT DISTINCT function_name FROM duckdb_functions()
      WHERE function_name LIKE 'urn\\_%' ESCAPE '\\' ORDER BY 1`)).map((r) => r[0]);
  ok('4.9', names.length >= 20, names.join(' '));
  for (const n of names) ok(`4.9.${n}`, heads.includes(n), `${n} has no ### heading in docs/`);
  // The reference's signatures (docs/functions.md): DuckDB's column names,
  // for every function DuckDB registers and none other, the type it
  // registered for VARCHAR arguments (TABLE for a table function; the
  // overload of VARCHAR arguments, BIGINTs aside); every group table's
  // example in DuckDB's form gives the page's result.
  const ref = reference(top);
  const reg = new Map((await rows(con, `SELECT function_name, any_value(function_type),
      any_value(return_type) FILTER (WHERE list_distinct(list_filter(parameter_types, t -> t <> 'BIGINT')) = ['VARCHAR']
        OR len(parameter_types) = 0)
      FROM duckdb_functions() WHERE function_name LIKE 'urn\\_%' ESCAPE '\\' GROUP BY 1`)).map((r) => [r[0], r]));
  const asDoc = (kind, t) => (kind === 'table' ? 'TABLE' : t === 'VARCHAR[]' ? 'LIST(VARCHAR)'
    : /^STRUCT\(/.test(t) ? 'STRUCT' : t);
  for (const n of names) {
    const [, kind, t] = reg.get(n);
    const want = asDoc(kind, t), e = ref.types.get(n);
    const doc = e && e.duckdb.replace(/ \(†\)$/, '');
    ok(`4.10.${n}`, doc === want || doc === `${want} or BLOB`,
       `docs/functions.md: ${e ? `'${e.duckdb}'` : 'no row'} in DuckDB's column, DuckDB registers ${want}`);
  }
  const listed = [...ref.types].filter(([, t]) => t.duckdb !== '—').map(([n]) => n);
  ok('4.11', listed.length >= 20 && listed.every((n) => names.includes(n)),
     `docs/functions.md gives DuckDB functions it lacks: ${listed.filter((n) => !names.includes(n))}`);
  const runs = examples(ref, 'duckdb');
  ok('4.12', runs.length >= 20, runs.length);
  for (const g of runs) {
    let got;
    try { got = shown((await rows(con, `SELECT ${g.example}`))[0][0]); } catch (e) { got = e.message; }
    ok(`4.12.${g.name}`, got === g.result, `${g.example} gives '${got}', docs/functions.md says '${g.result}'`);
  }
}

// ---- 5. Two threads give what one gives ----------------------------------

async function threads() {
  const con = await open();
  await con.run(`CREATE TABLE big AS SELECT i, CASE i % 9
      WHEN 0 THEN 'urn:example:' || i
      WHEN 1 THEN 'URN:Example:' || i || '%2c' || (i % 13)
      WHEN 2 THEN 'urn:isbn:0-395-' || lpad((i % 100000)::VARCHAR, 5, '0') || '-1'
      WHEN 3 THEN 'urn:uuid:6E8BC430-9C3A-11D9-9669-' || lpad((i % 1000000)::VARCHAR, 12, '0')
      WHEN 4 THEN 'urn:ex:a' || i || '?+r' || i || '?=q#f'
      WHEN 5 THEN 'not a urn ' || i
      WHEN 6 THEN 'urn:' || i
      WHEN 7 THEN 'see urn:nbn:de:bvb:' || i || '-1. and (urn:ietf:rfc:' || (i % 9000) || ')'
      ELSE 'urn:example:%' || (i % 10) END AS x
    FROM range(${ROWS}) t(i)`);
  const sql = `SELECT
      bit_xor(hash(i, urn_canonical(x))), bit_xor(hash(i, urn_key(x, 'ns'))),
      bit_xor(hash(i, urn_valid(x, 'ns'))), bit_xor(hash(i, urn_json(x))),
      bit_xor(hash(i, urn_normalize(x))), bit_xor(hash(i, urn_error(x))),
      bit_xor(hash(i, urn_nss(x), urn_rcomponent(x), urn_qcomponent(x), urn_fcomponent(x))),
      bit_xor(hash(i, urn_extract_all(x, 'ns'))), bit_xor(hash(i, urn_equal(x, upper(x)))),
      bit_xor(hash(i, urn_isbn13(x))), bit_xor(hash(i, urn_parse(x))), bit_xor(hash(i, urn_parse(x, 'ns'))),
      count(DISTINCT urn_key(x)), count(*)
    FROM big`;
  await con.run('SET threads = 1');
  const one = (await rows(con, sql))[0].map(fmt);
  await con.run('SET threads = 2');
  const two = (await rows(con, sql))[0].map(fmt);
  ok('5.1', JSON.stringify(one) === JSON.stringify(two), `${one} vs ${two}`);
  ok('5.2', one[one.length - 1] === String(ROWS), one[one.length - 1]);
  // Across chunks, a row NULL in one chunk is not NULL in the next for that.
  const c = (await rows(con, `SELECT count(urn_canonical(x)) = count_if(urn_valid(x)),
      count(urn_nss(x)) = count_if(urn_valid(x)), count(urn_error(x)) = count_if(NOT urn_valid(x)),
      count_if(urn_valid(x)) FROM big`))[0];
  ok('5.4', c[0] === true && c[1] === true && c[2] === true && c[3] > 0n, c.map(fmt).join(' '));
  // Grouping on 2 threads: every URN-equivalent spelling in one group.
  const g = await rows(con, `SELECT count(*) FROM (SELECT urn_key(x) k, count(DISTINCT urn_canonical(x)) n
      FROM big GROUP BY k) WHERE n > 1`);
  ok('5.3', g[0][0] === 0n, fmt(g[0][0]));
}

// ---- 7. Huge values: results of many MB, in a chunk beside small ones,
// against SQLite's for the same values.

async function huge(con) {
  const rep = (sqlite, str, n) => (sqlite ? `replace(hex(zeroblob(${n})), '00', '${str}')` : `repeat('${str}', ${n})`);
  const values = (sq) => [`'urn:ex:' || ${rep(sq, 'a%2c', 2000000)} || '?+r#f'`, "'urn:ab:c'",
    rep(sq, ' urn:ab:c ', 300000), rep(sq, 'é', 3000000), `'URN:AB:' || ${rep(sq, 'Q', 5000000)}`];
  const bytes = (sq, e) => (sq ? `length(CAST(${e} AS BLOB))` : `strlen(${e})`);
  const cols = (sq) => ['urn_encode(x)', 'urn_key(x)', 'urn_json(x)', 'urn_canonical(x)', 'urn_normalize(x)',
    "urn_key(x, 'ns')", 'urn_error(x)'].map((e) => `coalesce(sum(${bytes(sq, e)}), 0)`).join(', ');
  // urn_parse: the bytes of its fields, a STRUCT in DuckDB, a row in SQLite.
  const parse = (sq) => ['nss', 'r', 'f', 'canonical', 'key'].map((f) => (sq
    ? `coalesce(sum((SELECT length(CAST(${f} AS BLOB)) FROM urn_parse(x))), 0)`
    : `coalesce(sum(strlen(urn_parse(x).${f})), 0)`)).join(', ');
  const got = (await rows(con, `SELECT ${cols(false)}, sum(len(urn_extract_all(x))), ${parse(false)} FROM (
      ${values(false).map((v) => `SELECT ${v} AS x`).join(' UNION ALL ')})`))[0].map(fmt);
  const want = sqliteRows(`SELECT ${cols(true)}, sum((SELECT count(*) FROM urn_find(x))), ${parse(true)} FROM (
      ${values(true).map((v) => `SELECT ${v} AS x`).join(' UNION ALL ')})`)[0];
  ok('7.1', JSON.stringify(got) === JSON.stringify(want), `${got} vs SQLite ${want}`);
  ok('7.2', Number(got[0]) > 20000000, got[0]);
}

// ---- 10. urn_url: the audit's reproducers (issue 38), in one chunk of
// rows, so that a byte a row leaves unwritten would show the previous
// row's; against SQLite's answers and the keys written out here.

// The URL templates of a sweep: padded so that the URL's length crosses
// the glues' stack buffers (512 bytes) one byte at a time.
// A placeholder's value in a URL's query: & = + % # and space as %XX.
const qenc = (v) => v.replace(/[&=+%# ]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
const URL_KEYS = [
  ['urn:doi:10.1000/ABC', 'rfc8141', 'urn:doi:10.1000/ABC'],
  ['urn:doi:10.1000/ABC', 'ns', 'urn:doi:10.1000/abc'],
  ['URN:ISBN:0-395-36341-1', 'ns', 'urn:isbn:0395363411'],
  ['urn:doi:10.1000/182', 'ns', 'urn:doi:10.1000/182'],
  ['URN:Example:a%2cb?+r#f', 'rfc8141', 'urn:example:a%2Cb'],
  ['urn:ex:a&b=c+d%2fe', 'rfc8141', 'urn:ex:a&b=c+d%2Fe'],
  ['URN:DOI:10.1000/A+B%2c', 'ns', 'urn:doi:10.1000/a+b%2C'],
];
function urlSweep() {
  const out = [];
  for (const [u, m, key] of URL_KEYS) {
    const nid = key.split(':')[1], nss = key.slice(5 + nid.length);
    for (let i = 440; i <= 560; i++) {
      const pad = 'A'.repeat(i);
      out.push([u, `${pad}{nss}`, m, pad + nss], [u, `{urn}${pad}`, m, key + pad],
               [u, `${pad}{urn}{nss}`, m, pad + key + nss], [u, `{nss}${pad}{nid}`, m, nss + pad + nid],
               [u, `${pad}?{urn}`, m, pad + '?' + qenc(key)], [u, `{urn}?${pad}{urn}`, m, key + '?' + pad + qenc(key)]);
    }
  }
  return out;
}
async function urlAudit(con) {
  const sweep = urlSweep();
  const q = (v) => `'${v.replace(/'/g, "''")}'`;
  const values = sweep.map(([u, t, m], i) => `(${i}, ${q(u)}, ${q(t)}, ${q(m)})`).join(', ');
  const sql = `WITH v(i, u, t, m) AS (VALUES ${values})
      SELECT i, urn_url(u, t, m), length(urn_url(u, t, m)) FROM v ORDER BY i`;
  const got = (await rows(con, sql)).map((r) => [fmt(r[1]), Number(r[2])]);
  const want = sqliteRows(sql).map((r) => [r[1], Number(r[2])]);
  let bad = 0, badSqlite = 0;
  sweep.forEach(([, , , exp], i) => {
    if (got[i][0] !== exp || got[i][1] !== exp.length) bad++;
    if (!want[i] || want[i][0] !== exp || want[i][1] !== exp.length) badSqlite++;
  });
  ok('10.1', bad === 0 && badSqlite === 0 && sweep.length > 2000, `${bad} wrong in DuckDB, ${badSqlite} in SQLite of ${sweep.length}`);
  // The audit's own reproducer.
  const r = await rows(con, "SELECT length(urn_url('urn:doi:10.1000/182', repeat('A', 600) || '{nss}', 'ns'))");
  ok('10.2', r[0][0] === 611n, fmt(r[0][0]));
  // Template bytes that cannot stand in a URL (a NUL, invalid UTF-8, a
  // control character, a character outside ASCII): the error SQLite gives.
  const tpls = [["'a' || chr(0) || 'b{urn}'", "'a' || char(0) || 'b{urn}'"],
                ["from_hex('ff7b75726e7d')", "x'ff7b75726e7d'"],
                ["'x' || chr(9) || '{nss}'", "'x' || char(9) || '{nss}'"],
                ["'https://bücher.example/{nss}'", "'https://bücher.example/{nss}'"]];
  for (const [i, [duck, lite]] of tpls.entries()) {
    let got;
    try { got = fmt((await rows(con, `SELECT urn_url('urn:ab:c', ${duck})`))[0][0]); } catch (e) { got = 'E:' + ours(e.message); }
    const want = sqliteValue(`SELECT urn_url('urn:ab:c', ${lite})`);
    ok(`10.3.${i}`, got.startsWith('E:urn_url(): byte 0x') && want === got, `DuckDB ${got}, SQLite ${want}`);
  }
  // A URL bound to be longer than DuckDB's strings (20 GB here): too big,
  // without counting it all, as SQLite refuses it past its limit.
  for (const mode of ['rfc8141', 'ns']) {
    let msg = null;
    try {
      await rows(con, `SELECT urn_url('urn:doi:10.1000/' || repeat('z', 1000000), repeat('{urn}', 20000), '${mode}')`);
    } catch (e) { msg = ours(e.message); }
    ok(`10.4.${mode}`, msg === 'string or blob too big', msg);
  }
}

// ---- 6. Unsigned extensions are refused without the setting ---------------

async function unsigned(dir) {
  const inst = await DuckDBInstance.create(':memory:');
  const con = await inst.connect();
  let msg = null;
  try { await con.run(`LOAD '${EXT}'`); } catch (e) { msg = e.message; }
  ok('6.1', msg !== null && /could not be loaded because its signature is either missing or invalid and unsigned extensions are disabled by configuration \(allow_unsigned_extensions\)/.test(msg), msg);
  // The docs quote it, as DuckDB prints it for the path of the example.
  const doc = fs.readFileSync(path.join(top, 'docs', 'duckdb.md'), 'utf8');
  const quoted = msg && msg.replace(EXT, 'dist/urn.duckdb_extension');
  ok('6.2', quoted && doc.includes(quoted), `docs/duckdb.md does not quote: ${quoted}`);
  // As a user typing the path of the docs' example sees it, from the
  // directory that holds dist/: the reference's "Errors" quotes it whole.
  fs.mkdirSync(path.join(dir, 'dist'), { recursive: true });
  fs.copyFileSync(EXT, path.join(dir, 'dist', 'urn.duckdb_extension'));
  const cwd = process.cwd();
  process.chdir(dir);
  let typed = null;
  try { await con.run("LOAD 'dist/urn.duckdb_extension'"); } catch (e) { typed = e.message; } finally { process.chdir(cwd); }
  const errors = doc.slice(doc.indexOf('\n### Errors'));
  ok('6.3', typed !== null && /^IO Error: Extension "dist\/urn\.duckdb_extension" could not be loaded/.test(typed) &&
     errors.includes('\n    ' + typed + '\n'), `the Errors part of docs/duckdb.md does not quote: ${typed}`);
}

// ---- 9. BLOB columns: urn_key keys a BLOB's bytes -------------------------
//
// A table of spellings as BLOBs (a Parquet BINARY column without its string
// annotation arrives so): GROUP BY urn_key(b) gives the classes urn_equal
// gives, in both modes; a BLOB that is not UTF-8 is keyed as itself; and
// the joins the docs advise are hash joins, the one they warn of not.

async function blobKeys(con) {
  const ins = inputs();
  const spell = [];
  for (const b of ins.slice(-160)) {
    spell.push(b, Buffer.from(b.toString('latin1').toUpperCase(), 'latin1'),
               Buffer.concat([b, Buffer.from('#frag')]), Buffer.concat([b, Buffer.from('?=q')]));
  }
  await con.run('CREATE TABLE blobs(id INTEGER, b BLOB)');
  const app = await con.createAppender('blobs');
  spell.forEach((b, i) => { app.appendInteger(i); app.appendBlob(new Uint8Array(b)); app.endRow(); });
  app.closeSync();
  for (const mode of ['rfc8141', 'ns']) {
    // Each row's class as its lowest id: by the key, and by urn_equal.
    const byKey = await rows(con, `SELECT id, min(id) OVER (PARTITION BY urn_key(b, '${mode}')) FROM blobs ORDER BY id`);
    const byEq = await rows(con, `SELECT a.id, min(c.id) FROM blobs a JOIN blobs c ON urn_equal(a.b, c.b, '${mode}')
                                  GROUP BY a.id ORDER BY a.id`);
    const n = (await rows(con, `SELECT count(DISTINCT urn_key(b, '${mode}')), count(DISTINCT b) FROM blobs`))[0];
    ok(`9.1.${mode}`, byKey.length === spell.length && JSON.stringify(byKey.map((r) => r.map(fmt))) ===
       JSON.stringify(byEq.map((r) => r.map(fmt))), `${byKey.length} rows`);
    ok(`9.2.${mode}`, n[0] < n[1] && n[0] > 100n, n.map(fmt).join(' '));
  }
  // The key of a BLOB is the key of its bytes as text, a BLOB; not UTF-8:
  // itself.
  const k = (await rows(con, `SELECT typeof(urn_key('URN:AB:c'::BLOB)), decode(urn_key('URN:AB:c#f'::BLOB)),
      hex(urn_key('\\xFF\\x00urn:ab:c'::BLOB)), hex(urn_key('urn:ab:\\xE9'::BLOB, 'ns')),
      decode(urn_key('URN:ISBN:0-395-36341-1'::BLOB, 'ns'))`))[0];
  ok('9.3', JSON.stringify(k) === JSON.stringify(['BLOB', 'urn:ab:c', 'FF0075726E3A61623A63', '75726E3A61623AE9', 'urn:isbn:0395363411']), JSON.stringify(k));
  // The joins: ON urn_key(a) = urn_key(b) is a hash join; ON urn_equal(a, b)
  // a nested loop (docs/duckdb.md, "Joins").
  const plan = async (on) => (await rows(con, `EXPLAIN SELECT count(*) FROM blobs a JOIN blobs c ON ${on}`))
    .map((r) => r.join(' ')).join('\n');
  const pk = await plan('urn_key(a.b) = urn_key(c.b)'), pe = await plan('urn_equal(a.b, c.b)');
  ok('9.4', /HASH_JOIN/.test(pk) && !/HASH_JOIN/.test(pe) && /NESTED_LOOP_JOIN|BLOCKWISE_NL_JOIN|CROSS_PRODUCT/.test(pe), `${pk}\n${pe}`);
  await con.run('DROP TABLE blobs');
}

// ---- 8. The footer of every build at hand (the arm64 one cannot be
// loaded here): 534 bytes, its fields where DuckDB reads them.

function footers() {
  // Each platform's file and the library under its footer (DuckDB 1.2's
  // linux_amd64_gcc4 has linux_amd64's).
  for (const [plat, so] of [['linux_amd64', 'linux_amd64/urn.so'], ['linux_amd64_gcc4', 'linux_amd64/urn.so'],
                            ['linux_arm64', 'linux_arm64/urn.so'], ['windows_amd64', 'windows_amd64/urn.dll']]) {
    const f = path.join(top, 'build', 'duckdb', plat, 'urn.duckdb_extension');
    if (!fs.existsSync(f)) continue;
    const b = fs.readFileSync(f);
    const lib = fs.statSync(path.join(top, 'build', 'duckdb', so)).size;
    const foot = b.subarray(b.length - 534);
    const field = (k) => foot.subarray(22 + 32 * (8 - k), 22 + 32 * (9 - k)).toString('latin1').replace(/\0+$/, '');
    ok(`8.${plat}.size`, b.length === lib + 534, `${b.length} vs ${lib} + 534`);
    ok(`8.${plat}.head`, foot.subarray(0, 22).equals(Buffer.concat([Buffer.from([0, 0x93, 0x04, 16]),
      Buffer.from('duckdb_signature'), Buffer.from([0x80, 0x04])])));
    ok(`8.${plat}.fields`, JSON.stringify([1, 2, 3, 5].map(field)) ===
      JSON.stringify(['4', plat, 'v1.2.0', 'C_STRUCT']), [1, 2, 3, 4, 5].map(field).join(' '));
    ok(`8.${plat}.signature`, foot.subarray(278).every((x) => x === 0));
    // The machine code is the platform's (ELF e_machine: 62 x86-64, 183
    // arm64; a PE file's machine, after its "PE\0\0", 0x8664 x86-64).
    if (plat === 'windows_amd64') {
      const pe = b.readUInt32LE(0x3c);
      ok(`8.${plat}.pe`, b.subarray(0, 2).toString('latin1') === 'MZ' && b.readUInt32LE(pe) === 0x4550 &&
        b.readUInt16LE(pe + 4) === 0x8664);
    } else {
      ok(`8.${plat}.elf`, b.readUInt16LE(18) === (plat === 'linux_arm64' ? 183 : 62));
    }
  }
}

(async () => {
  footers();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urn-duckdb-'));
  try {
    await conformance();
    const con = await compareWithSqlite(dir);
    await tablesAgainstSqlite(con);
    await argCounts(con);
    await huge(con);
    await blobKeys(con);
    await urlAudit(con);
    await docsExamples(dir);
    nodeExamples(dir);
    await documented(con);
    const t0 = Date.now();
    await threads();
    console.log(`5. ${ROWS} rows on 1 and 2 threads in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    await unsigned(dir);
  } catch (e) {
    failed++;
    console.log('FAILED with an exception: ' + (e.stack || e));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`duckdb: ${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
})();
