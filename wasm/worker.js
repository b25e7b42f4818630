// worker.js -- the playground's database, in a module worker, so that the
// page stays responsive however long a statement runs (docs/browser.md).
// The identifiers' rows stay here: the page asks for the one page of them
// it shows, so that it never holds, sorts or searches 100,000 rows itself.
//
// Messages in (each with an id that the answer repeats):
//   { type: "analyze", text, format: "lines" | "csv", column, header, mode }
//       parse text (a line per identifier, or a CSV column), store it as
//       the table pasted(line, id), keep the rows and answer { type:
//       "analysis", summary, hint, link }, after { type: "progress", done,
//       total } messages.  A row is [line, id, valid, error, offset, nid,
//       nss, canonical, groupUrn, groupNs, keyUrn, keyNs] where a group is
//       0 for a name that occurs once, else the number of its group of
//       duplicates (numbered by first occurrence), and a key is the one its
//       group shares: urn_key(id) for URN, urn_key(id, 'ns') for URN_NS.  hint: null, or { sep, count } when
//       lines read one per line all hold the same number of a CSV
//       separator.  link: the identifiers as a fragment parameter
//       ("z=..." deflated, or "ids=..." when that is shorter).
//   { type: "view", filter, sort, desc, search, page, size }
//       one page of the kept rows: filter "all", "invalid", "dupUrn" or
//       "dupNs" (a group's members together, groups in the order of their
//       first line), sorted by column number sort, kept when search (no
//       case) is in the identifier, its error or its canonical form; a
//       duplicates view keeps a whole group when one member matches.
//       Answers { type: "page", rows, total, page, pages, sizes }, sizes
//       giving the number of members of each group on the page; long
//       values come cut (light(), below).
//   { type: "value", line, col }  the whole value: { type: "value", value }.
//   { type: "csv" }  the kept rows as CSV: { type: "csv", blob }.
//   { type: "sql", sql }
//       run sql on the same database: { type: "result", columns, rows, ms }.
// Any failure answers { type: "error", message, offset } (offset: in sql,
// or -1); an input that cannot be read says why in message.
// At start: { type: "loading", loaded, total } while the engine downloads,
// then { type: "ready", sqlite, urn } or { type: "fatal", message }.

import { openDatabase, sqliteVersion } from "./sqlite-urn.js";
import { toCsv, IDS_COLUMNS, idsCsvRow } from "./csv.js";

const BATCH = 1000; // rows per INSERT statement (2 parameters each)
const MODES = ["rfc8141", "rfc2141", "ns"];

let db = null;
let kept = []; // the rows of the last analysis
let byLine = new Map(); // the same, by line

// The fields of CSV text (RFC 4180 §2: quotes, doubled quotes, CRLF), with
// the separator that the first line uses most among , ; and tab.  Throws
// an Error naming the line of a quoted field that is not closed.  Lines are
// counted as a text box shows them: CRLF, LF and a lone CR each end one.
function parseCsv(text) {
  const first = text.split(/\r\n|\r|\n/, 1)[0];
  const count = (c) => first.split(c).length - 1;
  const sep = [",", ";", "\t"].reduce((a, b) => (count(b) > count(a) ? b : a));
  const rows = [];
  let row = [];
  let field = "";
  let i = 0;
  let line = 1;
  let start = 1; // the line where the record begins
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (c === '"' && field === "") {
      const quoteLine = line;
      i++;
      for (;;) {
        if (i >= n) {
          throw new Error(`CSV line ${quoteLine}: a quoted field is not closed. ` +
            "Close it with a \" or, if the quote belongs to the identifier, choose “one per line”.");
        }
        const d = text[i];
        if (d === '"') {
          if (text[i + 1] === '"') { field += '"'; i += 2; continue; }
          i++;
          break;
        }
        if (d === "\n" || (d === "\r" && text[i + 1] !== "\n")) line++;
        field += d;
        i++;
      }
      continue;
    }
    if (c === sep) {
      row.push(field); field = ""; i++;
    } else if (c === "\n" || c === "\r") {
      row.push(field); field = "";
      rows.push({ line: start, fields: row }); row = [];
      if (c === "\r" && text[i + 1] === "\n") i++;
      i++; line++; start = line;
    } else {
      field += c; i++;
    }
  }
  if (field !== "" || row.length) { row.push(field); rows.push({ line: start, fields: row }); }
  return rows;
}

// [{ line, id }] of the input; blank lines are skipped but counted.
function identifiers(msg) {
  if (msg.format !== "csv") {
    const out = [];
    msg.text.split(/\r\n|\r|\n/).forEach((id, k) => {
      if (id !== "") out.push({ line: k + 1, id });
    });
    return out;
  }
  let rows = parseCsv(msg.text).filter((r) => !(r.fields.length === 1 && r.fields[0] === ""));
  if (!rows.length) return [];
  const want = String(msg.column || "1").trim();
  let col = -1;
  if (msg.header) {
    const names = rows[0].fields.map((f) => f.trim());
    col = names.findIndex((f) => f.toLowerCase() === want.toLowerCase());
    if (col < 0 && /^\d+$/.test(want)) col = Number(want) - 1;
    if (col < 0 || col >= names.length) {
      throw new Error(`The CSV header has no column "${want}"; its columns are: ${names.join(", ")}`);
    }
    rows = rows.slice(1);
  } else {
    if (!/^\d+$/.test(want) || Number(want) < 1) {
      throw new Error(`Without a header row, give the column by its number (1 is the first), not "${want}"`);
    }
    col = Number(want) - 1;
  }
  const out = [];
  for (const r of rows) {
    const id = r.fields[col];
    if (id === undefined) {
      throw new Error(`CSV line ${r.line} has ${r.fields.length} field(s), no column ${col + 1}`);
    }
    if (id !== "") out.push({ line: r.line, id });
  }
  return out;
}

// Lines read one per line that look like CSV or TSV: each of the first
// 50 non-blank ones (at least 2, or 1 with a tab) holds the same number of
// tabs, or of commas, or of semicolons.  (A comma or a semicolon may be part
// of a URN's NSS, RFC 8141 §2: so this is a hint, not a decision.)
function csvHint(text) {
  const lines = text.slice(0, 100000).split(/\r\n|\r|\n/).filter((l) => l !== "").slice(0, 50);
  for (const sep of ["\t", ",", ";"]) {
    const n = lines.length ? lines[0].split(sep).length - 1 : 0;
    if (n > 0 && (lines.length > 1 || sep === "\t") && lines.every((l) => l.split(sep).length - 1 === n)) {
      return { sep, count: n };
    }
  }
  return null;
}

function base64url(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

// The identifiers' text as a fragment parameter: deflated (RFC 1951, raw)
// and in base64url (RFC 4648 §5) as z=, or URL-encoded as ids= when that
// is shorter.  Past LINK_TEXT_MAX characters no link can hold them: null.
const LINK_TEXT_MAX = 2000000;
async function linkParam(text) {
  if (text.length > LINK_TEXT_MAX) return null;
  const plain = "ids=" + encodeURIComponent(text);
  if (typeof CompressionStream === "undefined") return plain;
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const packed = "z=" + base64url(new Uint8Array(await new Response(stream).arrayBuffer()));
  return packed.length < plain.length ? packed : plain;
}

async function analyze(msg, reply) {
  const mode = MODES.includes(msg.mode) ? msg.mode : "rfc8141";
  // urn_nid and urn_nss take no 'ns': its parts are RFC 8141's.
  const partMode = mode === "ns" ? "rfc8141" : mode;
  const ids = identifiers(msg);
  db.exec("DROP TABLE IF EXISTS pasted; CREATE TABLE pasted(line INTEGER PRIMARY KEY, id TEXT)");
  db.exec("BEGIN");
  try {
    for (let k = 0; k < ids.length; k += BATCH) {
      const part = ids.slice(k, k + BATCH);
      const params = [];
      for (const r of part) params.push(r.line, r.id);
      db.exec("INSERT INTO pasted VALUES " + part.map(() => "(?, ?)").join(", "), params);
      reply({ type: "progress", done: k + part.length, total: ids.length });
    }
    db.exec("COMMIT");
  } catch (e) {
    db.exec("ROLLBACK");
    throw e;
  }
  const { rows } = db.query(`
    SELECT line, id, urn_valid(id, :mode), urn_error(id, :mode),
           json_extract(urn_json(id, :mode), '$.offset'),
           urn_nid(id, :part), urn_nss(id, :part), urn_canonical(id, :mode),
           count(*) OVER (PARTITION BY id COLLATE URN), min(line) OVER (PARTITION BY id COLLATE URN),
           count(*) OVER (PARTITION BY id COLLATE URN_NS), min(line) OVER (PARTITION BY id COLLATE URN_NS),
           urn_key(id), urn_key(id, 'ns')
    FROM pasted ORDER BY line`, { mode, part: partMode });
  // Number the groups of duplicates by the line of their first member.
  const number = (nCol, firstCol) => {
    const seen = new Map();
    for (const r of rows) {
      if (r[nCol] > 1 && !seen.has(r[firstCol])) seen.set(r[firstCol], seen.size + 1);
    }
    return { of: (r) => (r[nCol] > 1 ? seen.get(r[firstCol]) : 0), count: seen.size };
  };
  const gUrn = number(8, 9);
  const gNs = number(10, 11);
  kept = rows.map((r) => [r[0], r[1], r[2], r[3], r[4], r[2] ? r[5] : null,
    r[2] ? r[6] : null, r[7], gUrn.of(r), gNs.of(r), r[12], r[13]]);
  byLine = new Map(kept.map((r) => [r[0], r]));
  let valid = 0;
  for (const r of kept) valid += r[2] === 1 ? 1 : 0;
  return {
    type: "analysis",
    summary: { total: kept.length, valid, groupsUrn: gUrn.count, groupsNs: gNs.count, mode },
    hint: msg.format === "csv" ? null : csvHint(msg.text),
    link: await linkParam(msg.text),
  };
}

// Compares two cells: numbers as numbers, NULL first, text by code unit.
function compare(a, b) {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a) < String(b) ? -1 : 1;
}

function view(msg) {
  const size = Math.max(1, Math.min(1000, Number(msg.size) || 100));
  const f = msg.filter;
  const g = f === "dupUrn" ? 8 : f === "dupNs" ? 9 : -1;
  let rows = kept;
  if (f === "invalid") rows = rows.filter((r) => r[2] !== 1);
  else if (g >= 0) rows = rows.filter((r) => r[g] > 0);
  const q = String(msg.search || "").toLowerCase();
  if (q) {
    const hit = (r) => [r[1], r[3], r[7]].some((v) => v && v.toLowerCase().includes(q));
    if (g >= 0) {
      const groups = new Set(rows.filter(hit).map((r) => r[g]));
      rows = rows.filter((r) => groups.has(r[g]));
    } else {
      rows = rows.filter(hit);
    }
  }
  const col = Number(msg.sort) || 0;
  const dir = msg.desc ? -1 : 1;
  if (col !== 0 || msg.desc || g >= 0) {
    rows = rows.slice().sort((a, b) => (g >= 0 ? a[g] - b[g] : 0) ||
      dir * compare(a[col], b[col]) || a[0] - b[0]);
  }
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const page = Math.max(0, Math.min(Number(msg.page) || 0, pages - 1));
  const out = rows.slice(page * size, page * size + size).map(light);
  // The size of each group on the page.
  const sizes = {};
  if (g >= 0) {
    for (const r of out) sizes[r[g]] = 0;
    for (const r of rows) if (r[g] in sizes) sizes[r[g]]++;
  }
  return { type: "page", rows: out, total: rows.length, page, pages, sizes };
}

// A row as sent to the page: a value over SEND characters as { cut, length }
// (its first SEND characters and its length), and an identifier that is
// not a URN with the text around its error too: at (the error's index in
// UTF-16 code units), near (up to 100 characters either side), nearFrom
// (where near begins).  The page asks for a whole value with "value".
const SEND = 1000;
function light(r) {
  if (!r.some((v) => typeof v === "string" && v.length > SEND)) return r;
  return r.map((v, k) => {
    if (typeof v !== "string" || v.length <= SEND) return v;
    const o = { cut: v.slice(0, SEND), length: v.length };
    if (k === 1 && r[4] !== null) {
      o.at = new TextDecoder().decode(new TextEncoder().encode(v).subarray(0, r[4])).length;
      o.nearFrom = Math.max(0, o.at - 100);
      o.near = v.slice(o.nearFrom, o.at + 100);
    }
    return o;
  });
}

// The whole value of column col of the row of line.
function value(msg) {
  const r = byLine.get(msg.line);
  return { type: "value", value: r ? r[msg.col] : null };
}

function runSql(msg) {
  const t0 = performance.now();
  const { columns, rows } = db.query(msg.sql);
  return { type: "result", columns, rows, ms: performance.now() - t0 };
}

async function answer(msg, reply) {
  if (!db) throw new Error("The database is not open");
  if (msg.type === "analyze") return analyze(msg, reply);
  if (msg.type === "view") return view(msg);
  if (msg.type === "value") return value(msg);
  if (msg.type === "csv") {
    return { type: "csv", blob: new Blob([toCsv(IDS_COLUMNS, kept.map(idsCsvRow))], { type: "text/csv;charset=utf-8" }) };
  }
  if (msg.type === "sql") return runSql(msg);
  throw new Error(`unknown request ${msg.type}`);
}

// Requests are answered one at a time, in order.
let queue = Promise.resolve();
self.onmessage = (ev) => {
  const msg = ev.data;
  const reply = (m) => self.postMessage({ id: msg.id, ...m });
  queue = queue.then(() => ready).then(() => answer(msg, reply)).then(reply, (e) => {
    reply({ type: "error", message: e && e.message ? e.message : String(e),
      offset: e && typeof e.offset === "number" ? e.offset : -1 });
  });
};

// The engine's .wasm, fetched here so that the page can show how much of
// it has come.
async function engineBytes() {
  const url = new URL("./sqlite-urn-engine.wasm", import.meta.url);
  let response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw new Error(`cannot load ${url.href}: ${e.message}`);
  }
  if (!response.ok) throw new Error(`cannot load ${url.href}: HTTP ${response.status}`);
  const total = Number(response.headers.get("content-length")) || 0;
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const parts = [];
  let loaded = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    loaded += value.length;
    self.postMessage({ type: "loading", loaded, total });
  }
  const bytes = new Uint8Array(loaded);
  let at = 0;
  for (const p of parts) { bytes.set(p, at); at += p.length; }
  return bytes;
}

const ready = (async () => {
  try {
    db = await openDatabase({ wasm: await engineBytes() });
    db.exec("CREATE TABLE pasted(line INTEGER PRIMARY KEY, id TEXT)");
    const urn = db.query("SELECT urn_version()").rows[0][0];
    self.postMessage({ type: "ready", sqlite: await sqliteVersion(), urn });
  } catch (e) {
    self.postMessage({ type: "fatal", message: e && e.message ? e.message : String(e) });
  }
})();
