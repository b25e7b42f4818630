// test/duckdb/duckdb.test.js -- the DuckDB extension (dist/urn.duckdb_extension)
// in a stock DuckDB from npm (@duckdb/node-api), as make duckdb-test runs it:
//
//   1. every function, in every mode it takes, on every input of the test
//      corpora (the fuzz seeds of test/fuzz/corpus/, 2,000 lines of
//      bench/gen_corpus.c's corpus and the spellings below)
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
//      results in DuckDB (test/reference.js reads them); every DuckDB example of docs/duckdb.md and of the archive's
//      README, pkg/duckdb/README.md (a ```sql block after a
//      "<!-- duckdb -->" line) gives the rows it shows ("-- → a | b", NULL as
//      NULL) or the error ("-- error: MESSAGE", DuckDB's own words included);
//      they write and read CSV and Parquet files with DuckDB's own readers;
//      and each ```node program prints its "// → X" lines;
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

// ---- 1. Every function against the SQLite build -------------------------

const hex = (b) => Buffer.from(b).toString('hex').toUpperCase();
function utf8Valid(b) {
  try { new TextDecoder('utf-8', { fatal: true }).decode(b); return true; } catch (e) { return false; }
}

// The inputs: the fuzz seeds (each file whole, and without its first byte,
// which some targets read as a mode), then spellings of the manual's rules.
function inputs() {
  const out = [];
  const corpus = path.join(top, 'test', 'fuzz', 'corpus');
  for (const d of fs.readdirSync(corpus).sort()) {
    for (const f of fs.readdirSync(path.join(corpus, d)).sort()) {
      const b = fs.readFileSync(path.join(corpus, d, f));
      out.push(b);
      if (b.length > 1) out.push(b.subarray(1));
    }
  }
  // The corpus of the benchmark and the tests (bench/gen_corpus.c): 2,000
  // lines of URNs, respellings and broken strings.
  if (process.env.URN_GEN_CORPUS) {
    const text = execFileSync(process.env.URN_GEN_CORPUS, ['2000', '7'], { maxBuffer: 1 << 26 });
    let from = 0;
    for (let i = 0; i < text.length; i++) {
      if (text[i] === 10) { out.push(text.subarray(from, i)); from = i + 1; }
    }
  }
  const words = [
    '', 'x', 'urn:', 'urn:x', 'urn:ab', 'urn:ab:', 'urn:ab:c', 'URN:AB:C',
    'urn:example:a123,z456', 'URN:example:a123,z456', 'urn:EXAMPLE:a123,z456',
    'urn:example:a123,z456?+abc', 'urn:example:a123,z456?=xyz',
    'urn:example:a123,z456#789', 'urn:example:a123,z456/foo',
    'urn:example:a123%2Cz456', 'urn:example:a123%2cz456', 'urn:example:A123,Z456',
    'urn:example:a%2cb?+r%2f?=q%3a#f%2b', 'urn:example:a?+', 'urn:example:a?=',
    'urn:example:a#', 'urn:example:a?+b?=c#', 'urn:example:/a', 'urn:example:a b',
    'urn:example:%0', 'urn:example:%zz', 'urn:example:%00', 'urn:urn:x',
    'urn:urn-1:x', 'urn:-ab:x', 'urn:ab-:x', 'urn:' + 'a'.repeat(32) + ':x',
    'urn:' + 'a'.repeat(33) + ':x', 'urn:example:' + 'n'.repeat(300),
    'urn:example:' + '%2f'.repeat(200), 'urn:ietf:rfc:2648', 'URN:IETF:RFC:2648',
    'urn:isbn:0-395-36341-1', 'URN:ISBN:039536341-1', 'urn:isbn:0-395-36341-6',
    'urn:isbn:978-0-395-36341-6', 'urn:isbn:123', 'urn:isbn:0-8044-2957-x',
    'urn:issn:0167-6423', 'urn:issn:0167-642x', 'urn:isni:000000012146438X',
    'urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66',
    'urn:uuid:6E8BC430-9C3A-11D9-9669-0800200C9A66', 'urn:uuid:xyz',
    'urn:nbn:de:bvb:19-146642', 'URN:NBN:DE:bvb:19-146642', 'urn:nbn:x',
    // urn_url's resolvers and urn_nbn_complete (docs/resolution.md).
    'urn:nbn:de:gbv:089-3321752945', 'urn:nbn:de:gbv:089-332175294', 'URN:NBN:fi:au:mts:m3285',
    'urn:nbn:fi-fe19981001', 'urn:nbn:se:uu:diva-3475', 'urn:nbn:no-29865', 'urn:nbn:ch:bel-9039',
    'urn:epc:id:sgtin:0614141.812345.6789', 'urn:epc:id:sscc:0614141.1234567890',
    'urn:epc:id:sgtin:0614141.812345.%2F%25x', 'urn:epc:id:sgln:0614141.12345.400',
    'urn:epc:id:grai:0614141.12345.400', 'urn:epc:id:giai:0614141.12345400',
    'urn:epc:id:gsrn:0614141.1234567890', 'urn:epc:id:gdti:0614141.12345.400',
    'urn:ogc:def:crs:EPSG::4326', 'urn:ogc:def:crs:EPSG:6.3:4326', 'urn:ietf:rfc:8141',
    'urn:ietf:bcp:14', 'urn:ietf:std:66', 'urn:issn:0317-8471',
    // urn_url's DOI row: the DOI Handbook's URN form, a slash of the suffix as %2F.
    'urn:doi:10.1000/182', 'urn:doi:10.123:456', 'urn:doi:10.123/456ABC/zyz', 'URN:DOI:10.1000.10/a+b%2f:c',
    'urn:doi:10.1000/', 'urn:doi:10.1000x/1',
    // The audit's reproducers (issue 38): an NBN string of the check digit
    // alone, its completion, a serial far longer than the TDS allows.
    'URN:ISBN:952-10-0093-7', 'urn:isbn:978-951-0-18435-6', 'URN:NBN:DE:0183-mbi0003721', 'urn:nbn:de:a%2cb-Xy',
    'urn:nbn:de:v:089-9', 'urn:nbn:de:v:089-', 'urn:nbn:de:101:1-2020112012434733354624',
    'urn:nbn:de:101:1-2022102122032', 'urn:nbn:de:101:1-201102033593', 'see urn:nbn:de:101:1-20221021220321 x', 'urn:epc:id:sgtin:0614141.812345.' + '7'.repeat(100000),
    'urn:oid:1.3.6.1', 'urn:oid:1..3', 'urn:doi:10.1000/ABC', 'urn:DOI:10.1000/abc',
    'urn:isan:0000-0000-9E59-0000-O-0000-0000-2', 'urn:nzl:Act:2010', 'urn:mpeg:MPEG7:schema',
    'urn:notregistered:x', 'urn:example:ä', 'café', 'urn:ex:café', 'ürn:ab:c',
    'urn:example:a\u0000b', '\u0000', 'a b c', 'urn:example:a\tb',
    'see urn:isbn:0-395-36341-1. and (urn:example:x) urn:ab:c, URN:EX:y?',
    'urn:ex:a:b:c', 'rfc8141', 'ns',
    // What urn_error names by code point and name, or shows with its code
    // point (docs/functions.md, urn_error).
    'urn:ex:l\u2019\u00e9t\u00e9', 'urn:ex:a\u00a0b', 'urn:ex:\u200b', '\ufeffurn:ex:a',
    'urn:ex:\u{1F600}', 'urn:ex:a\rb', 'urn:ex:\u0085', 'urn:ex:\u007f', 'urn:ex:\u{E0001}',
    'urn:ex:\u{10FFFD}', 'urn:ex:\uFDD0', 'urn:ex:\u3000', 'urn:ex:a\u0301',
  ];
  for (const w of words) out.push(Buffer.from(w, 'utf8'));
  // Bytes that are not UTF-8 (BLOB only).
  out.push(Buffer.from([0xff, 0x00]), Buffer.from('urn:ex:\xe9', 'latin1'),
           Buffer.from('urn:ex:a\xff', 'latin1'));
  // Each kind of ill-formed UTF-8 (RFC 3629 §3, §4): a lone continuation
  // byte, a sequence cut short by the end, overlong forms, a surrogate,
  // past U+10FFFF.
  for (const bad of [[0x80], [0xe2, 0x80], [0xc0, 0xaf], [0xe0, 0x80, 0xaf],
                     [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80]]) {
    out.push(Buffer.concat([Buffer.from('urn:ex:', 'latin1'), Buffer.from(bad)]));
  }
  return out;
}

const MODES8141 = ['rfc8141', 'rfc2141', 'ns'];
const unary = [
  ['urn_valid', MODES8141], ['urn_error', MODES8141], ['urn_nid', MODES8141.slice(0, 2)],
  ['urn_nss', MODES8141.slice(0, 2)], ['urn_rcomponent', MODES8141.slice(0, 2)],
  ['urn_qcomponent', MODES8141.slice(0, 2)], ['urn_fcomponent', MODES8141.slice(0, 2)],
  ['urn_canonical', MODES8141], ['urn_key', MODES8141],
  ['urn_normalize', MODES8141.slice(0, 2)], ['urn_json', MODES8141],
  ['urn_extract_all', MODES8141],
  ['urn_parse', MODES8141],
  ['urn_encode', null], ['urn_decode', null], ['urn_isbn13', null],
  ['urn_url', null], ['urn_nbn_complete', null], ['urn_from_url', null],
];
// urn_url's templates: each placeholder, none, an unknown one, an
// unterminated one, an empty one (the last three: errors, or '').
const TEMPLATES = ['{urn}', 'https://r.example/{nid}/{nss}?u={urn}', 'plain', '',
                   '{x}', 'a{urn', '{NSS}'].map((s) => Buffer.from(s));
// Each argument as the kinds it can take: T (VARCHAR) for valid UTF-8, B.
function kindsOf(b) { return utf8Valid(b) ? ['T', 'B'] : ['B']; }
function tok(kind, b) { return b === null ? 'N' : `${kind}:${hex(b)}`; }

function makeCases(ins) {
  const cases = [];
  const add = (func, mode, args) => cases.push({ id: cases.length, func, mode, args });
  for (const b of ins) {
    for (const k of kindsOf(b)) {
      for (const [func, modes] of unary) {
        add(func, '-', [tok(k, b)]);
        for (const m of modes || []) add(func, tok('T', Buffer.from(m)), [tok(k, b)]);
      }
    }
  }
  // Pairs: each input with the next one and with its own upper-case form.
  for (let i = 0; i < ins.length; i++) {
    const a = ins[i], b = ins[(i + 1) % ins.length];
    const up = Buffer.from(a.toString('latin1').toUpperCase(), 'latin1');
    for (const [x, y] of [[a, b], [a, up], [a, a]]) {
      for (const kx of kindsOf(x)) for (const ky of kindsOf(y)) {
        add('urn_equal', '-', [tok(kx, x), tok(ky, y)]);
        for (const m of MODES8141) add('urn_equal', tok('T', Buffer.from(m)), [tok(kx, x), tok(ky, y)]);
      }
    }
  }
  // urn_url with a template, in every mode, and a NULL template.
  for (let i = 0; i < ins.length; i++) {
    const tpl = TEMPLATES[i % TEMPLATES.length];
    for (const k of kindsOf(ins[i])) {
      add('urn_url', '-', [tok(k, ins[i]), tok('T', tpl)]);
      for (const m of MODES8141) add('urn_url', tok('T', Buffer.from(m)), [tok(k, ins[i]), tok('T', tpl)]);
      add('urn_url', '-', [tok(k, ins[i]), 'N']);
    }
  }
  // urn_from_url with GCP_LENGTH (an integer, I:N): every input with 7,
  // and the lengths around 6..12 and NULL on every fourth (a length
  // outside 6..12 is the error, also with a NULL link).
  const GCPS = ['I:5', 'I:6', 'I:9', 'I:12', 'I:13', 'N'];
  for (let i = 0; i < ins.length; i++) {
    for (const k of kindsOf(ins[i])) {
      add('urn_from_url', '-', [tok(k, ins[i]), 'I:7']);
      if (i % 4 === 0) for (const g of GCPS) add('urn_from_url', '-', [tok(k, ins[i]), g]);
    }
  }
  for (const g of GCPS) add('urn_from_url', '-', ['N', g]);
  // urn_build: NIDs good and bad, the inputs as the NSS and components.
  const nids = ['example', 'EX', 'isbn', 'a', '', 'a b', 'urn'].map((s) => Buffer.from(s));
  for (let i = 0; i < ins.length; i++) {
    const nid = nids[i % nids.length], s = ins[i], o = ins[(i * 7 + 3) % ins.length];
    for (const k of kindsOf(s)) {
      const ko = utf8Valid(o) ? k : 'B';
      add('urn_build', '-', [tok('T', nid), tok(k, s)]);
      add('urn_build', '-', [tok('T', nid), tok(k, s), tok(ko, o)]);
      add('urn_build', '-', [tok('T', nid), tok(k, s), 'N', tok('B', o)]);
      add('urn_build', '-', [tok('T', nid), tok(k, s), tok(ko, o), tok(k, s), tok('B', o)]);
      add('urn_build', '-', [tok('T', nid), tok(k, s), 'N', 'N', tok(k, Buffer.alloc(0))]);
    }
  }
  add('urn_build', '-', ['N', tok('T', Buffer.from('a'))]);
  add('urn_build', '-', [tok('T', Buffer.from('ex')), 'N']);
  // NULL X, in every function and mode.
  for (const [func, modes] of unary) {
    add(func, '-', ['N']);
    for (const m of modes || []) add(func, tok('T', Buffer.from(m)), ['N']);
  }
  add('urn_equal', '-', ['N', tok('T', Buffer.from('urn:ab:c'))]);
  add('urn_equal', '-', [tok('T', Buffer.from('urn:ab:c')), 'N']);
  add('urn_version', '-', []);
  add('urn_registry_date', '-', []);
  // MODEs that name no mode, or one the function does not take: the error.
  const bad = [tok('T', Buffer.from('x')), tok('T', Buffer.from('NS ')), 'N',
               tok('B', Buffer.from('ns')), tok('T', Buffer.from('ns\u0000')),
               tok('T', Buffer.from('')), tok('T', Buffer.from("it's")),
               tok('T', Buffer.from('RFC2141'))];
  for (const m of bad) {
    for (const [func, modes] of unary) {
      if (!modes) continue;
      add(func, m, [tok('T', Buffer.from('urn:ab:c'))]);
      add(func, m, ['N']);
    }
    add('urn_equal', m, [tok('T', Buffer.from('urn:ab:c')), 'N']);
  }
  for (const func of ['urn_nid', 'urn_nss', 'urn_normalize', 'urn_fcomponent']) {
    add(func, tok('T', Buffer.from('ns')), [tok('T', Buffer.from('urn:ab:c'))]);
  }
  return cases;
}

// SQLite's answers: sqlite_ref.tcl over the cases file.
// DuckDB keys a BLOB's bytes as SQLite keys text (docs/duckdb.md, "Where
// DuckDB and SQLite differ"): SQLite's urn_key keeps a BLOB unchanged, as
// its collation compares it, so the answer DuckDB must give for urn_key
// and urn_parse's key of a BLOB is SQLite's for the same bytes as TEXT.
const KEYED_AS_TEXT = new Set(['urn_key', 'urn_parse']);
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
const RET = { urn_valid: 'bool', urn_equal: 'bool', urn_extract_all: 'list', urn_parse: 'struct' };
// urn_parse's STRUCT as sqlite_ref.tcl writes urn_parse's row: S: then
// valid, then each other field's bytes in hex or N for NULL, by commas.
const PARSE_FIELDS = ['nid', 'nss', 'r', 'q', 'f', 'canonical', 'key'];
function resultSql(func, expr) {
  if (RET[func] === 'bool') return `CASE WHEN (${expr}) IS NULL THEN 'N' ELSE 'I:' || ((${expr})::INT)::VARCHAR END`;
  if (RET[func] === 'struct') {
    return `CASE WHEN (${expr}) IS NULL THEN 'N' ELSE 'S:' || ((${expr}).valid::INT)::VARCHAR || ` +
      PARSE_FIELDS.map((f) => `',' || coalesce(hex((${expr}).${f}), 'N')`).join(' || ') + ' END';
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
  for (const c of cases) {
    const modeOk = c.mode === '-' || (c.mode[0] === 'T' &&
      ['rfc8141', 'rfc2141', 'ns'].includes(Buffer.from(c.mode.slice(2), 'hex').toString('latin1').toLowerCase()) &&
      !(c.mode.slice(2).toUpperCase() === hex(Buffer.from('ns')) && /^urn_(nid|nss|.component|normalize)$/.test(c.func)));
    // urn_url: one query per template, since a bad template fails its query.
    // urn_from_url: one query per GCP_LENGTH, a literal (I:N) in the query.
    const tpl = c.func === 'urn_url' && c.args.length > 1 ? [c.args[1]]
      : c.func === 'urn_from_url' ? c.args.filter((t) => t[0] === 'I') : [];
    const key = [c.func, c.mode === '-' ? '-' : c.mode[0], ...c.args.map((t) => t[0]), ...tpl].join(' ');
    if (!modeOk) { groups.set(`#${c.id}`, { key, ids: [c.id], c }); continue; }
    if (!groups.has(key)) groups.set(key, { key, ids: [], c });
    groups.get(key).ids.push(c.id);
  }
  for (const g of groups.values()) {
    const c = g.c;
    const args = c.args.map((t, i) => (c.func === 'urn_from_url' && i === 1 && t === 'N'
      ? 'CAST(NULL AS BIGINT)' : argSql(t, `a${i + 1}`)));
    if (c.mode !== '-') args.push(argSql(c.mode, 'm'));
    const expr = `${c.func}(${args.join(', ')})`;
    const where = g.ids.length === 1 ? `id = ${g.ids[0]}` : `id IN (${g.ids.join(',')})`;
    try {
      for (const [id, r] of await rows(con, `SELECT id, ${resultSql(c.func, expr)} FROM cases WHERE ${where}`)) {
        ans.set(id, r);
      }
    } catch (e) {
      for (const id of g.ids) ans.set(id, 'E:' + ours(e.message));
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
  // registered for VARCHAR arguments (TABLE for a table function); every
  // group table's example in DuckDB's form gives the page's result.
  const ref = reference(top);
  const reg = new Map((await rows(con, `SELECT function_name, any_value(function_type),
      any_value(return_type) FILTER (WHERE list_distinct(parameter_types) = ['VARCHAR'] OR len(parameter_types) = 0)
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
