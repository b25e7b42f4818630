"use strict";
// test/wasm/node.js -- make wasm-test, first half: the WebAssembly build of
// dist/wasm/ (make wasm) loaded in Node through its ES module, sqlite-urn.js,
// as a web app uses it.  Checked:
//   0. the conformance suite: every record of test/suite/*.test that runs on
//      the engines "wasm" or "sqlite" (test/suite/README.md), each file in a
//      database of its own, read by test/suite/suite.js;
//   1. the engine: SQLite's version is the pinned amalgamation's, the
//      extension's is urn_version() of ext/sqlite/urn.c; the same SQL
//      functions (name and argument count), collations and tables as the
//      native library (URN_EXT, loaded into the sqlite3 shell);
//   2. every SQL function, with every argument count it takes, over a corpus
//      of URNs in many spellings, broken ones, ISBNs, text outside ASCII,
//      NUL bytes, invalid UTF-8 in BLOBs, numbers and NULL, with modes and
//      other strings as further arguments: each call gives what the native
//      library gives (values through quote(), errors by their message);
//   3. the collations URN and URN_NS in UNIQUE indexes, ORDER BY, GROUP BY
//      and index lookups, urn_find and urn_parse, against the native
//      library and against the answers the manual gives;
//   4. the JavaScript API: values of every type both ways, named and
//      positional parameters, several statements in one call, the errors
//      (an SQL error, a bad mode, a constraint, a missing parameter, a
//      closed database), 100,000 rows;
//   5. every ```sql example of README.md and docs/*.md, as test/readme.test
//      runs them, and the function reference's examples (docs/functions.md's
//      tables, as test/names.test runs them), here in the WebAssembly build;
//   6. every ```js example of docs/browser.md, run with node in a directory
//      where "sqlite-urn/browser" is the npm package's subpath export
//      (pkg/npm/package.json, the files mk/pkg.mk puts in the package), and
//      its "// → X" lines compared with what it prints.
// Prints "ok - NAME" or "FAILED - NAME: why" per check and ends with
// "node: N passed, N failed".  Run by make wasm-test after make wasm; reads
// files as UTF-8, needs no locale.
const cp = require("child_process");
const fs = require("fs");
const path = require("path");
const { pathToFileURL } = require("url");
const suite = require("../suite/suite.js");
const { reference, examples, shown } = require("../reference.js");

const TOP = path.resolve(__dirname, "..", "..");
const DIST = path.join(TOP, "dist", "wasm");
const URN_EXT = process.env.URN_EXT || path.join(TOP, "urn.so");
const SQLITE3 = process.env.SQLITE3 || "sqlite3";
let npass = 0;
let nfail = 0;

function check(name, ok, why) {
  if (ok) {
    npass++;
    console.log(`ok - ${name}`);
  } else {
    nfail++;
    console.log(`FAILED - ${name}: ${why}`);
  }
}
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const show = (v) => JSON.stringify(v, (k, x) => (typeof x === "bigint" ? `${x}n` : x));
const read = (f) => fs.readFileSync(f, "utf8");

// What the native library answers: the rows of one query in the sqlite3
// shell (as objects, JSON mode), or { error } with the shell's message.
function nativeRows(setup, sql) {
  const r = cp.spawnSync(SQLITE3, ["-batch", "-bail", "-json", "-cmd", `.load ${URN_EXT}`, ":memory:"],
    { input: `${setup}\n${sql}\n`, encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0) return { error: (r.stderr || String(r.error)).trim() };
  return { rows: r.stdout.trim() ? JSON.parse(r.stdout) : [] };
}

// The same query in the WebAssembly build: rows as objects, or { error }.
function wasmRows(db, sql) {
  try {
    return { rows: db.exec(sql) };
  } catch (e) {
    return { error: e.message };
  }
}

// Native and WebAssembly answers agree: the same rows, or errors whose
// messages are the same (the shell adds "Runtime error near line N: ").
function agree(w, n) {
  if (w.error !== undefined || n.error !== undefined) {
    return w.error !== undefined && n.error !== undefined && n.error.includes(w.error);
  }
  return same(w.rows, n.rows);
}

// Fenced blocks of a page: [{lang, line, body, marker}], marker the
// "<!-- ... -->" line before the fence, if any (test/readme.test: a block
// marked <!-- duckdb --> is DuckDB's SQL, which make duckdb-test runs, one
// marked <!-- postgres --> PostgreSQL's, which make postgres-test runs).
function blocks(page) {
  const lines = read(page).split("\n");
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^```(\w+)\s*$/.exec(lines[i]);
    if (!m) continue;
    let j = i + 1;
    while (j < lines.length && !/^```\s*$/.test(lines[j])) j++;
    const marker = i > 0 && /^<!--.*-->$/.test(lines[i - 1]) ? lines[i - 1] : "";
    out.push({ lang: m[1], line: i + 1, body: lines.slice(i + 1, j), marker });
    i = j;
  }
  return out;
}

// The corpus: SQL literals, so that both builds read the same values.
const CORPUS = [
  "'urn:isbn:0-395-36341-1'", "'URN:ISBN:0-395-36341-1#p12'", "'urn:isbn:0395363411'",
  "'urn:isbn:0-395-36341-6'", "'urn:isbn:978-0-395-36341-6'", "'urn:example:a%2cb?+r?=q#f'",
  "'urn:example:a%2Cb'", "'URN:EXAMPLE:a%2cb'", "'urn:example:a%2Cb?+r#f'", "'urn:x:y'",
  "'urn:ietf:rfc:8141'", "'URN:IETF:RFC:8141'", "'urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66'",
  "'urn:UUID:6E8BC430-9C3A-11D9-9669-0800200C9A66'", "'urn:nbn:de:bvb:19-146642'",
  "'urn:oid:1.3.6.1.4.1'", "'urn:issn:0317-8471'", "'urn:ISSN:0317-847x'",
  "'urn:lex:eu:council:directive:2010-03-09;2010-19-UE'", "'urn:example:a/b?c'",
  "'urn:example:a b'", "'urn:example:é'", "'urn:example:%C3%A9'", "'urn:example:😀'",
  "'urn:urn:x'", "'urn:ab:c#'", "'urn:ab:c?=?+'", "'urn:ab:%'", "'urn:ab:%zz'", "'urn:a:b'",
  "'urn:abcdefghijklmnopqrstuvwxyz0123456789abcd:x'", "'isbn:123'", "''", "'urn:'",
  "'urn:ab:'", "'  urn:ab:c'", "'urn:ab:c' || char(0) || 'd'", "x'75726e3a61623a6300ff'",
  "x'75726e3a61623a63'", "'See urn:isbn:0-395-36341-1. Also (urn:ietf:rfc:8141).'",
  "'<id>urn:nbn:de:101:1-2023</id> and urn:example:x,'", "42", "1.5", "-0.0", "NULL",
  "printf('urn:example:%.*c', 3000, 'a')",
  "'http://nbn-resolving.de/urn/resolver.pl?urn=urn%3Anbn%3Ade%3Abvb%3A19-146642'",
  "'https://id.gs1.org/01/80614141123458/21/6789'", "'https://www.rfc-editor.org/rfc/rfc8141.txt'",
  "'https://nbn-resolving.org/' || printf('urn:nbn:de:%.*c', 600, 'x')",
  // What urn_error names by code point and name, or shows with its code
  // point, and each kind of ill-formed UTF-8 (as BLOBs: a lone continuation
  // byte, a sequence cut short, an overlong form, a surrogate, past
  // U+10FFFF).
  "'urn:ex:l’été'", "'urn:ex:a' || char(9)", "char(65279) || 'urn:ex:a'", "'urn:ex:' || char(160)",
  "'urn:ex:' || char(8203)", "'urn:ex:' || char(917505)", "'urn:ex:a' || char(13, 10)",
  "x'75726e3a65783a80'", "x'75726e3a65783ae280'", "x'75726e3a65783ac0af'",
  "x'75726e3a65783aeda080'", "x'75726e3a65783af4908080'",
  // The audit's reproducers (issue 38).
  "'URN:ISBN:952-10-0093-7'", "'urn:isbn:978-951-0-18435-6'", "'URN:NBN:DE:0183-mbi0003721'", "'urn:nbn:de:a%2cb-Xy'",
  "'urn:nbn:de:v:089-9'", "'urn:nbn:de:v:089-'", "'urn:nbn:de:101:1-2020112012434733354624'",
"'urn:nbn:de:101:1-2022102122032'", "'urn:nbn:de:101:1-201102033593'", "'see urn:nbn:de:101:1-20221021220321 x'", "'urn:epc:id:sgtin:0614141.812345.' || printf('%.100000c', '7')",
  // urn_url's DOI row: the DOI Handbook's URN form, a slash of the suffix as %2F.
  "'urn:doi:10.1000/182'", "'urn:doi:10.123:456'", "'urn:doi:10.123/456ABC/zyz'", "'URN:DOI:10.1000.10/a+b%2f:c'",
  "'urn:doi:10.1000/'", "'urn:doi:10.1000x/1'",
  // The EPC functions (issue 48): tags' hex, a '+' scheme, a raw URI past
  // the glue's 512 bytes, tag URIs good and refused, pure identities.
  "'3074257BF7194E4000001A85'", "'3666C4409047E159B2C2BF100000000000000000000000000000'",
  "'F73795211411234538566CB0AFC4'", "'307C257BF7194E4000001A85'", "printf('%.600c', 'A')",
  "'urn:epc:tag:sgtin-96:3.0614141.812345.6789'", "'urn:epc:tag:sgtin-96:3.0614141.812345.06789'",
  "'urn:epc:tag:adi-var:3.35962.PQ7VZ4.M37GXB92'", "'urn:epc:raw:96.x3074257BF7194E4000001A85'",
  "'urn:epc:id:sgtin:0614141.812345.6789'", "'urn:epc:id:gid:952056.2718.1414'",
];
const SETUP = "CREATE TABLE corpus(x);\nINSERT INTO corpus(rowid, x) VALUES " +
  CORPUS.map((v, i) => `(${i + 1}, ${v})`).join(", ") + ";";
// Further arguments: the modes, a bad mode, NULL and other strings.
const EXTRA = ["'rfc8141'", "'rfc2141'", "'ns'", "'bogus'", "NULL", "'urn:example:A%2cb#frag'",
  "'a b/c?d#e%'", "'ns' || char(0)", "7", "13", "'sgtin-96'", "3", "'gid-96'", "0"];

async function main() {
  const api = await import(pathToFileURL(path.join(DIST, "sqlite-urn.js")).href);
  const db = await api.openDatabase();

  // ---- 1. The engine.
  const hdr = read(process.argv[2] || "");
  const wantSqlite = (/#define SQLITE_VERSION\s+"([^"]+)"/.exec(hdr) || [])[1];
  const gotSqlite = await api.sqliteVersion();
  check(`SQLite is the pinned amalgamation's, ${wantSqlite}`, wantSqlite && gotSqlite === wantSqlite,
        `${gotSqlite} vs ${wantSqlite}`);
  const wantUrn = read(path.join(TOP, "VERSION")).trim();
  check(`urnVersion() is ${wantUrn}`, (await api.urnVersion()) === wantUrn, await api.urnVersion());
  check("the native library is there", fs.existsSync(URN_EXT), URN_EXT);
  const lists = {
    functions: "SELECT name, narg FROM pragma_function_list WHERE name LIKE 'urn%' ORDER BY name, narg",
    collations: "SELECT name FROM pragma_collation_list WHERE name LIKE 'URN%' ORDER BY name",
    tables: "SELECT name FROM pragma_module_list WHERE name LIKE 'urn%' ORDER BY name",
  };
  for (const [what, sql] of Object.entries(lists)) {
    const w = wasmRows(db, sql);
    const n = nativeRows("", sql);
    check(`the same ${what} as the native library (${(w.rows || []).length})`,
          agree(w, n) && w.rows.length > 0, `${show(w)} vs ${show(n)}`);
  }

  // ---- 0. The conformance suite: the records SQLite's runner runs, here in
  // the WebAssembly build (the shims chr() and repeat() spelled for SQLite).
  const nrec = await suite.runRecords({
    names: ["wasm", "sqlite"],
    fresh: () => api.openDatabase(),
    exec: (d, sql) => d.query(suite.sqliteDialect(sql)).rows,
    message: (e) => String(e.message).split("\n")[0],
    ok: check,
    close: (d) => d.close(),
  });
  check(`${nrec} records of test/suite/ give their answers`, nrec > 0, "no record ran");

  // ---- 2. Every function, every argument count, against the native library.
  const fns = db.query(lists.functions).rows;
  const calls = [];
  const seen = new Set();
  for (const [name, narg] of fns) {
    const key = `${name}/${narg}`;
    if (seen.has(key)) continue; // urn_equal: one row per encoding
    seen.add(key);
    if (narg <= 1) {
      calls.push(`${name}(${narg ? "x" : ""})`);
      continue;
    }
    for (let k = 0; k < EXTRA.length; k++) {
      const rest = [];
      for (let j = 1; j < narg; j++) rest.push(EXTRA[(k + j - 1) % EXTRA.length]);
      calls.push(`${name}(x, ${rest.join(", ")})`); // X first
      calls.push(`${name}(${rest.join(", ")}, x)`); // X last
    }
  }
  check("every function has calls", calls.length >= fns.length, calls.length);
  db.exec(SETUP);
  let nrow = 0;
  let nerr = 0;
  const bad = [];
  for (const c of calls) {
    const sql = `SELECT quote(${c}) AS v FROM corpus ORDER BY rowid;`;
    const w = wasmRows(db, sql);
    const n = nativeRows(SETUP, sql);
    if (!agree(w, n)) bad.push(`${c}: ${show(w).slice(0, 300)} vs ${show(n).slice(0, 300)}`);
    nrow += (w.rows || []).length;
    if (w.error !== undefined) nerr++;
  }
  check(`${calls.length} calls over the corpus of ${CORPUS.length} values (${nrow} results, ${nerr} errors): ` +
        "the same values and errors as the native library", bad.length === 0, bad.slice(0, 5).join("\n  "));

  // ---- 3. Collations and urn_find, against the native library...
  const collSql = [
    "SELECT rowid FROM corpus ORDER BY x COLLATE URN, rowid",
    "SELECT rowid FROM corpus ORDER BY x COLLATE URN_NS, rowid",
    "SELECT count(*) AS n, min(rowid) AS r FROM corpus GROUP BY x COLLATE URN ORDER BY r",
    "SELECT count(*) AS n, min(rowid) AS r FROM corpus GROUP BY x COLLATE URN_NS ORDER BY r",
    "SELECT a.rowid AS a, b.rowid AS b FROM corpus a, corpus b WHERE a.x = b.x COLLATE URN AND a.rowid < b.rowid",
    "SELECT c.rowid AS r, quote(f.urn) AS urn, f.start FROM corpus c, urn_find(c.x) f",
    "SELECT c.rowid AS r, quote(f.urn) AS urn, f.start FROM corpus c, urn_find(c.x, 'ns') f",
    "SELECT c.rowid AS r, p.valid, quote(p.nid) AS nid, quote(p.nss) AS nss, quote(p.r) AS rc, quote(p.q) AS qc, " +
      "quote(p.f) AS fc, quote(p.canonical) AS canonical, quote(p.key) AS key FROM corpus c LEFT JOIN urn_parse(c.x) p",
    "SELECT c.rowid AS r, p.valid, quote(p.nid) AS nid, quote(p.nss) AS nss, quote(p.r) AS rc, quote(p.q) AS qc, " +
      "quote(p.f) AS fc, quote(p.canonical) AS canonical, quote(p.key) AS key FROM corpus c LEFT JOIN urn_parse(c.x, 'ns') p",
    "SELECT c.rowid AS r, p.valid, quote(p.nid) AS nid, quote(p.nss) AS nss, quote(p.r) AS rc, quote(p.q) AS qc, " +
      "quote(p.f) AS fc, quote(p.canonical) AS canonical, quote(p.key) AS key FROM corpus c LEFT JOIN urn_parse(c.x, 'rfc2141') p",
    "SELECT count(*) AS n FROM urn_namespaces",
  ];
  for (const sql of collSql) {
    const w = wasmRows(db, sql);
    const n = nativeRows(SETUP, sql);
    check(`native and WebAssembly agree: ${sql}`, agree(w, n), `${show(w).slice(0, 400)} vs ${show(n).slice(0, 400)}`);
  }
  for (const coll of ["URN", "URN_NS"]) {
    const setup = `CREATE TABLE u(id TEXT UNIQUE COLLATE ${coll}); ` +
      "INSERT OR IGNORE INTO u SELECT x FROM corpus WHERE x IS NOT NULL ORDER BY rowid;";
    const sql = "SELECT quote(id) AS id FROM u ORDER BY rowid";
    const d2 = await api.openDatabase();
    d2.exec(SETUP + setup);
    const w = wasmRows(d2, sql);
    const n = nativeRows(SETUP + setup, sql);
    check(`a UNIQUE COLLATE ${coll} column keeps the same ${(w.rows || []).length} rows as natively`, agree(w, n),
          `${show(w).slice(0, 400)} vs ${show(n).slice(0, 400)}`);
    const plan = d2.query("EXPLAIN QUERY PLAN SELECT id FROM u WHERE id = 'URN:ISBN:0395363411'").rows
      .map((r) => r[r.length - 1]).join("; ");
    check(`a lookup in the UNIQUE COLLATE ${coll} column uses its index`, /USING (COVERING )?INDEX/.test(plan), plan);
    d2.close();
  }
  // ... and against the manual's answers.
  const d = await api.openDatabase();
  d.exec("CREATE TABLE book(id TEXT UNIQUE COLLATE URN, title TEXT)");
  d.exec("INSERT INTO book VALUES (?, ?)", ["urn:isbn:0-395-36341-1", "The Hobbit"]);
  let err = null;
  try {
    d.exec("INSERT INTO book VALUES (?, ?)", ["URN:ISBN:0-395-36341-1#p12", "The Hobbit, again"]);
  } catch (e) {
    err = e;
  }
  check("UNIQUE COLLATE URN refuses an equivalent spelling: Error, SQLITE_CONSTRAINT, 2067",
        err instanceof Error && err.message === "UNIQUE constraint failed: book.id" &&
        err.code === "SQLITE_CONSTRAINT" && err.errcode === 2067, show(err && [err.message, err.code, err.errcode]));
  check("a lookup under COLLATE URN finds the row", same(d.exec("SELECT title FROM book WHERE id = ?",
        ["Urn:Isbn:0-395-36341-1?=format=pdf"]), [{ title: "The Hobbit" }]), "");
  d.exec("CREATE TABLE ns(id TEXT UNIQUE COLLATE URN_NS)");
  d.exec("INSERT INTO ns VALUES ('urn:isbn:0-395-36341-1')");
  check("UNIQUE COLLATE URN_NS: an ISBN's hyphens do not make another name",
        same(d.query("INSERT OR IGNORE INTO ns VALUES ('URN:ISBN:0395363411'); SELECT count(*) FROM ns").rows, [[1]]), "");
  check("urn_find gives the URNs of free text and their offsets",
        same(d.query("SELECT urn, start FROM urn_find(?)", ["See urn:isbn:0-395-36341-1. Also (urn:ietf:rfc:8141)."]).rows,
             [["urn:isbn:0-395-36341-1", 5], ["urn:ietf:rfc:8141", 35]]), "");
  check("urn_parse gives every part of a URN in one row",
        same(d.query("SELECT * FROM urn_parse(?)", ["URN:ISBN:0-395-36341-1#p"]).rows,
             [[1, "isbn", "0-395-36341-1", null, null, "p", "urn:isbn:0-395-36341-1", "urn:isbn:0-395-36341-1"]]), "");
  check("urn_error says where and why",
        same(d.query("SELECT urn_error('urn:x:y')").rows,
             [["offset 5: found ':', expected a letter, digit or '-' (a NID has at least 2 characters) (RFC 8141 §2)"]]), "");

  // ---- 4. The API.
  err = null;
  try { d.exec("SELECT urn_valid('urn:ab:c', 'bogus')"); } catch (e) { err = e; }
  check("a bad mode: an Error with the extension's message, SQLITE_ERROR",
        err instanceof Error && err.code === "SQLITE_ERROR" &&
        err.message === "urn_valid(): unknown mode 'bogus'; expected 'rfc8141', 'rfc2141' or 'ns'", show(err && err.message));
  err = null;
  try { d.exec("SELECT 1; SELEC 2"); } catch (e) { err = e; }
  check("a syntax error: SQLite's message and its offset in the SQL",
        err && err.message === 'near "SELEC": syntax error' && err.offset === 10, show(err && [err.message, err.offset]));
  const values = d.query("SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?",
    [null, 42, -9007199254740993n, 1.5, "é😀\u0000x", new Uint8Array([0, 255]), true, undefined, 2 ** 53]).rows[0];
  check("values round-trip: NULL, INTEGER, 64-bit INTEGER, REAL, TEXT with NUL, BLOB, boolean",
        show(values) === show([null, 42, -9007199254740993n, 1.5, "é😀\u0000x", new Uint8Array([0, 255]), 1, null, 9007199254740992]),
        show(values));
  check("typeof: REAL 2^53 is a number, an INTEGER beyond 2^53 a bigint",
        typeof values[8] === "number" && typeof values[2] === "bigint", show(values));
  check("named parameters :a, @b, $c, given with or without their prefix",
        same(d.query("SELECT :a, @b, $c", { a: 1, "@b": 2, $c: 3 }).rows, [[1, 2, 3]]), "");
  check("?NNN parameters take the NNNth value", same(d.query("SELECT ?2, ?1", ["a", "b"]).rows, [["b", "a"]]), "");
  const throwsKind = (f, kind) => { try { f(); return "no error"; } catch (e) { return e instanceof kind ? "ok" : String(e); } };
  check("too few parameters: RangeError", throwsKind(() => d.exec("SELECT ?, ?", [1]), RangeError) === "ok", "");
  check("no params for a statement with parameters: RangeError", throwsKind(() => d.exec("SELECT ?"), RangeError) === "ok", "");
  check("a named parameter missing from the object: RangeError",
        throwsKind(() => d.exec("SELECT :a", { b: 1 }), RangeError) === "ok", "");
  check("a value that cannot be bound: TypeError", throwsKind(() => d.exec("SELECT ?", [{}]), TypeError) === "ok", "");
  check("sql that is not a string: TypeError", throwsKind(() => d.exec(42), TypeError) === "ok", "");
  check("several statements: the rows of the last one with columns",
        same(d.exec("CREATE TABLE t2(a); INSERT INTO t2 VALUES (1),(2); SELECT sum(a) AS s FROM t2; -- done"), [{ s: 3 }]), "");
  check("changes() counts the last statement's rows", d.exec("UPDATE t2 SET a = a + 1") && d.changes() === 2, d.changes());
  check("a statement without columns gives []", same(d.exec("DELETE FROM t2"), []), "");
  check("an empty string or a comment gives []", same(d.exec(""), []) && same(d.exec("-- nothing"), []), "");
  err = null;
  try { d.exec("SELECT 1; SELECT urn_valid('x', 'bogus'); CREATE TABLE never(a)"); } catch (e) { err = e; }
  check("a failing statement stops the run", err && d.query("SELECT count(*) FROM sqlite_schema WHERE name = 'never'").rows[0][0] === 0, "");
  const big = d.query("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000) " +
    "SELECT count(*), count(DISTINCT urn_canonical(printf('URN:Example:%d%%2c#f', i % 5000))) FROM n").rows[0];
  check("100,000 rows through urn_canonical: 5,000 names", same(big, [100000, 5000]), show(big));
  const many = d.query("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000) " +
    "SELECT urn_nss(printf('urn:ex:%d', i)) FROM n").rows;
  check("100,000 rows returned to JavaScript", many.length === 100000 && many[99999][0] === "100000", many.length);
  d.close();
  check("a closed database throws", throwsKind(() => d.exec("SELECT 1"), Error) === "ok", "");
  d.close(); // twice: nothing happens
  const d3 = await api.openDatabase();
  check("each openDatabase() is a database of its own",
        same(d3.query("SELECT count(*) FROM sqlite_schema").rows, [[0]]), "");
  d3.close();

  // ---- 5. The manual's SQL examples, in the WebAssembly build.
  const pages = [path.join(TOP, "README.md"),
    ...fs.readdirSync(path.join(TOP, "docs")).filter((f) => f.endsWith(".md")).sort().map((f) => path.join(TOP, "docs", f))];
  let nsql = 0;
  for (const page of pages) {
    for (const b of blocks(page)) {
      if (b.lang !== "sql" || b.marker === "<!-- duckdb -->" || b.marker === "<!-- postgres -->") continue;
      nsql++;
      const where = `${path.basename(page)}:${b.line}`;
      const why = runSqlBlock(api, b.body);
      check(`the example at ${where} gives the page's answers`, (await why) === "", await why);
    }
  }
  check("the pages have SQL examples", nsql > 10, nsql);
  // The function reference's examples (docs/functions.md's group tables,
  // read by test/reference.js): SQLite's, so the browser's.
  const ref = reference(TOP), runs = examples(ref, "sqlite");
  check("the reference has an example per SQLite function", runs.length >= 25, runs.length);
  const rdb = await api.openDatabase();
  for (const g of runs) {
    let got;
    try { got = shown(rdb.query(`SELECT ${g.example}`).rows[0][0]); } catch (e) { got = e.message; }
    check(`the reference's ${g.name} example gives its result`, got === g.result,
          `${g.example} gives '${got}', docs/functions.md says '${g.result}'`);
  }
  rdb.close();

  // ---- 6. docs/browser.md's examples, with "sqlite-urn/browser".
  const stage = stagePackage();
  let njs = 0;
  for (const b of blocks(path.join(TOP, "docs", "browser.md"))) {
    if (b.lang !== "js") continue;
    njs++;
    const f = path.join(stage, `example_${b.line}.mjs`);
    fs.writeFileSync(f, b.body.join("\n") + "\n");
    const want = b.body.map((l) => /^\s*\/\/ → (.*)$/.exec(l)).filter(Boolean).map((m) => m[1]);
    const r = cp.spawnSync("node", [f], { cwd: stage, encoding: "utf8" });
    const got = (r.stdout || "").replace(/\n$/, "").split("\n");
    check(`docs/browser.md:${b.line} prints what the page shows`, r.status === 0 && same(got, want),
          `want ${show(want)}, got ${show(got)} ${r.stderr || ""}`);
  }
  check("docs/browser.md has js examples", njs >= 2, njs);
  const cjs = cp.spawnSync("node", ["-e", "console.log(require.resolve('sqlite-urn'))"], { cwd: stage, encoding: "utf8" });
  check("require(\"sqlite-urn\") is still the loader, index.js", cjs.status === 0 && /index\.js$/.test(cjs.stdout.trim()),
        cjs.stdout + cjs.stderr);

  // ---- 7. urn_url: the audit's reproducers (issue 38).
  await urlAudit(api);

  db.close();
  console.log(`node: ${npass} passed, ${nfail} failed`);
  process.exit(nfail ? 1 : 0);
}

// urn_url (issue 38): the audit's reproducers, in the WebAssembly build,
// against the native library and the answers written out here.
// A placeholder's value in a URL's query: & = + % # and space as %XX.
const qenc = (v) => v.replace(/[&=+%# ]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
const URL_KEYS = [
  ["urn:doi:10.1000/ABC", "rfc8141", "urn:doi:10.1000/ABC"],
  ["urn:doi:10.1000/ABC", "ns", "urn:doi:10.1000/abc"],
  ["URN:ISBN:0-395-36341-1", "ns", "urn:isbn:0395363411"],
  ["urn:doi:10.1000/182", "ns", "urn:doi:10.1000/182"],
  ["URN:Example:a%2cb?+r#f", "rfc8141", "urn:example:a%2Cb"],
  ["urn:ex:a&b=c+d%2fe", "rfc8141", "urn:ex:a&b=c+d%2Fe"],
  ["URN:DOI:10.1000/A+B%2c", "ns", "urn:doi:10.1000/a+b%2C"],
];
async function urlAudit(api) {
  const db = await api.openDatabase();
  const q = (v) => `'${v.replace(/'/g, "''")}'`;
  // Measure, then write: templates padded so that the URL's length crosses
  // the glue's stack buffer (512 bytes) one byte at a time.
  const sweep = [];
  for (const [u, m, key] of URL_KEYS) {
    const nid = key.split(":")[1];
    const nss = key.slice(5 + nid.length);
    for (let i = 440; i <= 560; i++) {
      const pad = "A".repeat(i);
      sweep.push([u, `${pad}{nss}`, m, pad + nss], [u, `{urn}${pad}`, m, key + pad],
                 [u, `${pad}{urn}{nss}`, m, pad + key + nss], [u, `{nss}${pad}{nid}`, m, nss + pad + nid],
                 [u, `${pad}?{urn}`, m, pad + '?' + qenc(key)], [u, `{urn}?${pad}{urn}`, m, key + '?' + pad + qenc(key)]);
    }
  }
  const values = sweep.map(([u, t, m], i) => `(${i}, ${q(u)}, ${q(t)}, ${q(m)})`).join(", ");
  const sql = `WITH v(i, u, t, m) AS (VALUES ${values}) ` +
    "SELECT urn_url(u, t, m) AS url, length(urn_url(u, t, m)) AS n FROM v ORDER BY i;";
  const w = wasmRows(db, sql);
  const n = nativeRows("", sql);
  const wrong = sweep.filter(([, , , want], i) => !w.rows || w.rows[i].url !== want || w.rows[i].n !== want.length);
  check(`urn_url writes every byte it measured, at ${sweep.length} lengths around 512`,
        wrong.length === 0 && agree(w, n), `${wrong.length} wrong: ${show(wrong.slice(0, 2)).slice(0, 300)}`);
  const one = "SELECT length(urn_url('urn:doi:10.1000/182', printf('%.600c{nss}','A'), 'ns')) AS n;";
  const r = wasmRows(db, one);
  check("the audit's reproducer: 611 bytes, not 600", agree(r, nativeRows("", one)) && same(r.rows, [{ n: 611 }]), show(r));
  // Template bytes that cannot stand in a URL: the native library's error.
  for (const tpl of ["'a' || char(0) || 'b{urn}'", "x'ff7b75726e7d'", "'x' || char(9) || '{nss}'",
                     "'https://bücher.example/{nss}'"]) {
    const sql = `SELECT urn_url('urn:ab:c', ${tpl}) AS u;`;
    const t = wasmRows(db, sql);
    check(`a template byte outside printable ASCII is an error: ${tpl}`,
          t.error !== undefined && t.error.startsWith("urn_url(): byte 0x") && agree(t, nativeRows("", sql)), show(t));
  }
  // A URL bound to be too long (20 GB): too big, as natively.
  const huge = "SELECT urn_url(printf('urn:ab:%.1000000c', 'z'), replace(hex(zeroblob(20000)), '00', '{urn}')) AS u;";
  const h = wasmRows(db, huge);
  check("a 1 MB URN with {urn} 20,000 times is too big", h.error === "string or blob too big" &&
        agree(h, nativeRows("", huge)), show(h).slice(0, 200));
  db.close();
}

// A ```sql block of the manual: statements ending with ';' at the end of a
// line, each followed by its "-- → ROW" lines (columns joined by " | ",
// NULL as NULL) or "-- error: MESSAGE".  "" when every statement gives
// the page's answer, else what differs.
async function runSqlBlock(api, body) {
  const stmts = [];
  let cur = "";
  for (const line of body) {
    let m;
    if ((m = /^-- → (.*)$/.exec(line))) {
      stmts[stmts.length - 1].rows.push(m[1]);
    } else if ((m = /^-- error: (.*)$/.exec(line))) {
      stmts[stmts.length - 1].error = m[1];
    } else if (!/^--/.test(line) && line !== "") {
      cur += line + "\n";
      if (/;\s*$/.test(line)) {
        stmts.push({ sql: cur, rows: [], error: null });
        cur = "";
      }
    }
  }
  if (cur) return `unterminated statement: ${cur}`;
  const db = await api.openDatabase();
  const bad = [];
  const fmt = (v) => (v === null ? "NULL" : v instanceof Uint8Array ? new TextDecoder().decode(v) : String(v));
  try {
    for (const s of stmts) {
      let got;
      try {
        got = db.query(s.sql).rows.map((r) => r.map(fmt).join(" | "));
      } catch (e) {
        if (e.message !== s.error) bad.push(`${s.sql.trim()} -> error '${e.message}', the page says '${s.error}'`);
        continue;
      }
      if (s.error !== null) bad.push(`${s.sql.trim()} -> no error, the page says '${s.error}'`);
      else if (s.rows.length && !same(got, s.rows)) bad.push(`${s.sql.trim()} -> ${show(got)}, the page says ${show(s.rows)}`);
    }
  } finally {
    db.close();
  }
  return bad.join("\n  ");
}

// build/wasm/examples/: node_modules/sqlite-urn as the npm package holds it
// (pkg/npm's package.json, index.js, and browser/ = the module's files of
// dist/wasm, as mk/pkg.mk copies them), so that the docs' imports of
// "sqlite-urn/browser" resolve through the package's exports.
function stagePackage() {
  const stage = path.join(TOP, "build", "wasm", "examples");
  const pkg = path.join(stage, "node_modules", "sqlite-urn");
  fs.rmSync(stage, { recursive: true, force: true });
  fs.mkdirSync(path.join(pkg, "browser"), { recursive: true });
  fs.writeFileSync(path.join(stage, "package.json"), '{ "name": "sqlite-urn-wasm-examples", "private": true }\n');
  for (const f of ["package.json", "index.js", "index.d.ts"]) {
    fs.copyFileSync(path.join(TOP, "pkg", "npm", f), path.join(pkg, f));
  }
  const files = (process.env.WASM_MODULE_FILES || "").trim().split(/\s+/).filter(Boolean);
  check("make names the module's files (WASM_MODULE_FILES)", files.length >= 4, files);
  for (const f of files) {
    fs.copyFileSync(path.join(DIST, f), path.join(pkg, "browser", f));
  }
  return stage;
}

main().catch((e) => {
  console.log(`FAILED - the test itself: ${e && e.stack}`);
  console.log(`node: ${npass} passed, ${nfail + 1} failed`);
  process.exit(1);
});
