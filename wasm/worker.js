// worker.js -- the playground's database, in a module worker, so that the
// page stays responsive however long a statement runs (docs/browser.md).
//
// Messages in (each with an id that the answer repeats):
//   { type: "analyze", text, format: "lines" | "csv", column, header, mode }
//       parse text (a line per identifier, or a CSV column), store it as
//       the table pasted(line, id) and answer { type: "analysis", rows,
//       summary }, after { type: "progress", done, total } messages; rows
//       are [line, id, valid, error, offset, nid, nss, canonical, groupUrn,
//       groupNs] where a group is 0 for a name that occurs once, else the
//       number of its group of duplicates (numbered by first occurrence).
//   { type: "sql", sql }
//       run sql on the same database: { type: "result", columns, rows, ms }.
// Any failure answers { type: "error", message, offset } (offset: in sql,
// or -1); an input that cannot be read says why in message.
// At start: { type: "ready", sqlite, urn } or { type: "fatal", message }.

import { openDatabase, sqliteVersion } from "./sqlite-urn.js";

const BATCH = 1000; // rows per INSERT statement (2 parameters each)

let db = null;

// The fields of CSV text (RFC 4180: quotes, doubled quotes, CRLF), with the
// separator that the first line uses most among , ; and tab.  Throws an
// Error naming the line of a quoted field that is not closed.
function parseCsv(text) {
  const first = text.slice(0, text.indexOf("\n") < 0 ? text.length : text.indexOf("\n"));
  const count = (c) => first.split(c).length - 1;
  const sep = [",", ";", "\t"].reduce((a, b) => (count(b) > count(a) ? b : a));
  const rows = [];
  let row = [];
  let field = "";
  let i = 0;
  let line = 1;
  let quoteLine = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (c === '"' && field === "" && !quoteLine) {
      quoteLine = line;
      i++;
      for (;;) {
        if (i >= n) throw new Error(`CSV line ${quoteLine}: a quoted field is not closed`);
        const d = text[i];
        if (d === '"') {
          if (text[i + 1] === '"') { field += '"'; i += 2; continue; }
          i++;
          break;
        }
        if (d === "\n") line++;
        field += d;
        i++;
      }
      quoteLine = 0;
      continue;
    }
    if (c === sep) {
      row.push(field); field = ""; i++;
    } else if (c === "\n" || c === "\r") {
      row.push(field); field = "";
      rows.push({ line, fields: row }); row = [];
      if (c === "\r" && text[i + 1] === "\n") i++;
      i++; line++;
    } else {
      field += c; i++;
    }
  }
  if (field !== "" || row.length) { row.push(field); rows.push({ line, fields: row }); }
  return rows;
}

// [{ line, id }] of the input; blank lines are skipped.
function identifiers(msg) {
  if (msg.format !== "csv") {
    const out = [];
    msg.text.split("\n").forEach((l, k) => {
      const id = l.endsWith("\r") ? l.slice(0, -1) : l;
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

function analyze(msg, reply) {
  const mode = ["rfc8141", "rfc2141", "ns"].includes(msg.mode) ? msg.mode : "rfc8141";
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
           count(*) OVER (PARTITION BY id COLLATE URN_NS), min(line) OVER (PARTITION BY id COLLATE URN_NS)
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
  const out = rows.map((r) => [r[0], r[1], r[2], r[3], r[4], r[2] ? r[5] : null,
    r[2] ? r[6] : null, r[7], gUrn.of(r), gNs.of(r)]);
  const valid = out.filter((r) => r[2] === 1).length;
  return {
    type: "analysis",
    rows: out,
    summary: { total: out.length, valid, groupsUrn: gUrn.count, groupsNs: gNs.count, mode },
  };
}

function runSql(msg) {
  const t0 = performance.now();
  const { columns, rows } = db.query(msg.sql);
  return { type: "result", columns, rows, ms: performance.now() - t0 };
}

self.onmessage = (ev) => {
  const msg = ev.data;
  const reply = (m) => self.postMessage({ id: msg.id, ...m });
  try {
    if (!db) throw new Error("The database is not open");
    if (msg.type === "analyze") reply(analyze(msg, reply));
    else if (msg.type === "sql") reply(runSql(msg));
    else throw new Error(`unknown request ${msg.type}`);
  } catch (e) {
    reply({ type: "error", message: e && e.message ? e.message : String(e),
      offset: e && typeof e.offset === "number" ? e.offset : -1 });
  }
};

(async () => {
  try {
    db = await openDatabase();
    db.exec("CREATE TABLE pasted(line INTEGER PRIMARY KEY, id TEXT)");
    const urn = db.query("SELECT urn_version()").rows[0][0];
    self.postMessage({ type: "ready", sqlite: await sqliteVersion(), urn });
  } catch (e) {
    self.postMessage({ type: "fatal", message: e && e.message ? e.message : String(e) });
  }
})();
