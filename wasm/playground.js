// playground.js -- the page of index.html: identifiers checked as they are
// pasted, and an SQL box, both answered by worker.js (docs/browser.md).
// index.html?sql=SQL runs SQL when the page opens.

const $ = (id) => document.getElementById(id);
const PAGE = 200; // rows of the identifiers table shown at a time
const SHOWN_SQL_ROWS = 1000; // rows of a query result drawn (CSV has them all)
const encoder = new TextEncoder();
const decoder = new TextDecoder();

const EXAMPLE_IDS = [
  "urn:isbn:0-395-36341-1",
  "URN:ISBN:0-395-36341-1#p12",
  "urn:isbn:0395363411",
  "urn:isbn:0-395-36341-6",
  "urn:example:a%2cb",
  "URN:EXAMPLE:a%2Cb?=lang=en",
  "urn:ietf:rfc:8141",
  "urn:x:y",
  "isbn:0-395-36341-1",
  "urn:nbn:de:bvb:19-146642",
  "urn:example:a b",
].join("\n");

// From the manual (README.md, docs/functions.md, docs/collations.md).
const EXAMPLES = [
  ["Take a URN apart",
    "SELECT urn_nid(x) AS nid, urn_nss(x) AS nss, urn_canonical(x) AS canonical,\n" +
    "       urn_qcomponent(x) AS q, urn_fcomponent(x) AS f\n" +
    "FROM (SELECT 'URN:Example:a%2cb?=lang=en#top' AS x);"],
  ["Why is it not a URN?",
    "SELECT urn_error('urn:x:y') AS error;"],
  ["Strict mode 'ns': check digits",
    "SELECT urn_valid('urn:isbn:0-395-36341-6', 'ns') AS valid,\n" +
    "       urn_error('urn:isbn:0-395-36341-6', 'ns') AS error;"],
  ["A UNIQUE COLLATE URN column keeps one spelling",
    "DROP TABLE IF EXISTS ids;\n" +
    "CREATE TABLE ids(id TEXT UNIQUE COLLATE URN);\n" +
    "INSERT OR IGNORE INTO ids VALUES ('urn:example:a%2Cb'), ('URN:EXAMPLE:a%2cb'), ('urn:example:a%2Cb?+r#f');\n" +
    "SELECT id FROM ids;"],
  ["URN_NS: the namespace's own rules",
    "SELECT 'urn:isbn:0-395-36341-1' = 'URN:ISBN:0395363411' COLLATE URN_NS AS same_isbn;"],
  ["URNs in free text",
    "SELECT urn, start FROM urn_find('See urn:isbn:0-395-36341-1. Also (urn:ietf:rfc:8141).');"],
  ["The pasted identifiers, grouped",
    "SELECT urn_canonical(id) AS name, count(*) AS n, group_concat(line, ' ') AS lines\n" +
    "FROM pasted GROUP BY id COLLATE URN HAVING count(*) > 1 ORDER BY min(line);"],
  ["From a link back to its name",
    "SELECT urn_from_url('http://nbn-resolving.de/urn/resolver.pl?urn=urn:nbn:de:bvb:19-146642') AS nbn,\n" +
    "       urn_from_url('https://id.gs1.org/01/80614141123458/21/6789', 7) AS epc;"],
  ["The namespace registry",
    "SELECT * FROM urn_namespaces LIMIT 20;"],
];

// ---- Failures are shown, never a blank page.
function fatal(message) {
  const box = $("fatal");
  box.textContent = message;
  box.hidden = false;
  $("status").textContent = "The playground stopped: see the message below.";
  $("summary").textContent = "";
}
window.addEventListener("error", (e) => fatal(`Error: ${e.message}`));
window.addEventListener("unhandledrejection", (e) =>
  fatal(`Error: ${e.reason && e.reason.message ? e.reason.message : e.reason}`));

function showError(el, message) {
  el.textContent = message;
  el.hidden = !message;
}

// ---- The worker: request(msg) answers with its last reply.
let worker;
let nextId = 1;
const pending = new Map();
let ready;

function startWorker() {
  ready = new Promise((resolve) => {
    worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    worker.onmessage = (ev) => {
      const m = ev.data;
      if (m.type === "ready") {
        $("status").textContent = "Ready.";
        $("versions").textContent = `SQLite ${m.sqlite} with sqlite-urn ${m.urn}, as WebAssembly.`;
        resolve();
        return;
      }
      if (m.type === "fatal") {
        fatal(`SQLite could not start: ${m.message}`);
        return;
      }
      const p = pending.get(m.id);
      if (!p) return;
      if (m.type === "progress") {
        p.progress && p.progress(m);
        return;
      }
      pending.delete(m.id);
      p.resolve(m);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      fatal(`SQLite could not start: ${e.message || "the worker failed to load"}`);
    };
  });
}

function request(msg, progress) {
  return ready.then(() => new Promise((resolve) => {
    const id = nextId++;
    pending.set(id, { resolve, progress });
    worker.postMessage({ ...msg, id });
  }));
}

// ---- Tables.
function cell(tag, text, cls) {
  const c = document.createElement(tag);
  if (text !== undefined && text !== null) c.textContent = text;
  if (cls) c.className = cls;
  return c;
}

function display(v) {
  if (v === null || v === undefined) return "NULL";
  if (v instanceof Uint8Array) {
    return "X'" + Array.from(v, (b) => b.toString(16).padStart(2, "0")).join("").toUpperCase() + "'";
  }
  return String(v);
}

function fillTable(table, columns, rows, render) {
  table.replaceChildren();
  const head = table.createTHead().insertRow();
  for (const c of columns) head.appendChild(cell("th", c));
  const body = table.createTBody();
  for (const r of rows) {
    const tr = body.insertRow();
    render(r).forEach((c) => tr.appendChild(c));
  }
}

// ---- CSV out (RFC 4180).
function csvField(v) {
  const s = display(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
function toCsv(columns, rows) {
  return [columns, ...rows].map((r) => r.map(csvField).join(",")).join("\r\n") + "\r\n";
}
function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

// ---- Identifiers.
const IDS_COLUMNS = ["line", "as written", "URN", "error", "NID", "NSS", "canonical",
  "group (URN)", "group (URN_NS)"];
let analysis = null; // { rows, summary }
let page = 0;
let latest = 0;

// The identifier with the character at byte offset off marked.
function written(id, off) {
  const td = cell("td", null, "id");
  if (off === null || off === undefined) {
    td.textContent = id;
    return td;
  }
  const bytes = encoder.encode(id);
  const before = decoder.decode(bytes.subarray(0, off));
  const rest = id.slice(before.length);
  const ch = rest ? String.fromCodePoint(rest.codePointAt(0)) : "";
  td.append(before);
  // A space shows as U+2423 (open box), the end of the text as U+2403 (end of text).
  const mark = cell("mark", ch === "" ? "\u2403" : ch === " " ? "\u2423" : ch);
  mark.title = ch === "" ? `the end, at byte ${off}` : `byte ${off}`;
  td.append(mark, rest.slice(ch.length));
  return td;
}

function group(n) {
  return n ? cell("td", String(n), `group num g${(n - 1) % 6}`) : cell("td", "", "group");
}

function visibleRows() {
  if (!analysis) return [];
  const f = $("filter").value;
  if (f === "invalid") return analysis.rows.filter((r) => r[2] !== 1);
  if (f === "dup") return analysis.rows.filter((r) => r[8] || r[9]);
  return analysis.rows;
}

function renderIds() {
  const rows = visibleRows();
  const pages = Math.max(1, Math.ceil(rows.length / PAGE));
  page = Math.min(page, pages - 1);
  const shown = rows.slice(page * PAGE, page * PAGE + PAGE);
  fillTable($("ids-table"), IDS_COLUMNS, shown, (r) => [
    cell("td", r[0], "num"),
    written(r[1], r[2] === 1 ? null : r[4]),
    cell("td", r[2] === 1 ? "yes" : "no", r[2] === 1 ? "yes" : "no"),
    cell("td", r[3] || "", "err"),
    cell("td", r[5] ?? ""),
    cell("td", r[6] ?? "", "id"),
    cell("td", r[7] ?? "", "id"),
    group(r[8]),
    group(r[9]),
  ]);
  $("ids-view").hidden = !analysis || analysis.rows.length === 0;
  $("page").textContent = rows.length
    ? `rows ${page * PAGE + 1}–${page * PAGE + shown.length} of ${rows.length}` : "no rows";
  $("prev").disabled = page === 0;
  $("next").disabled = page >= pages - 1;
}

async function check() {
  const id = ++latest;
  const text = $("ids").value;
  showError($("ids-error"), "");
  if (!text.trim()) {
    analysis = null;
    $("summary").textContent = "";
    $("ids-table").replaceChildren();
    $("ids-view").hidden = true;
    return;
  }
  $("summary").textContent = "Checking…";
  const m = await request({
    type: "analyze", text, format: $("format").value, column: $("column").value,
    header: $("header").checked, mode: $("mode").value,
  }, (p) => {
    if (id === latest) $("summary").textContent = `Checking… ${p.done} of ${p.total}`;
  });
  if (id !== latest) return; // a newer paste is on its way
  if (m.type === "error") {
    analysis = null;
    $("summary").textContent = "";
    $("ids-table").replaceChildren();
    $("ids-view").hidden = true;
    showError($("ids-error"), `This input cannot be read: ${m.message}`);
    return;
  }
  analysis = m;
  page = 0;
  const s = m.summary;
  $("summary").textContent = `${s.total} identifier${s.total === 1 ? "" : "s"}: ` +
    `${s.valid} URN${s.valid === 1 ? "" : "s"}, ${s.total - s.valid} not; ` +
    `${s.groupsUrn} group${s.groupsUrn === 1 ? "" : "s"} of duplicates under URN, ` +
    `${s.groupsNs} under URN_NS.`;
  renderIds();
}

let timer = 0;
function checkSoon() {
  clearTimeout(timer);
  timer = setTimeout(check, 300);
}

async function openFile(file) {
  showError($("ids-error"), "");
  let text;
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    if (text.includes("\u0000")) throw new Error("NUL");
  } catch (e) {
    showError($("ids-error"), `“${file.name}” cannot be read: it is not UTF-8 text.`);
    return;
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  $("ids").value = text;
  if (/\.(csv|tsv)$/i.test(file.name)) {
    $("format").value = "csv";
    $("csv-options").hidden = false;
  }
  check();
}

// ---- SQL.
let result = null;

async function runSql() {
  const sql = $("sql").value;
  showError($("sql-error"), "");
  $("sql-info").textContent = "Running…";
  const url = new URL(location.href);
  url.searchParams.set("sql", sql);
  history.replaceState(null, "", url);
  const m = await request({ type: "sql", sql });
  if (m.type === "error") {
    result = null;
    $("sql-table").replaceChildren();
    $("sql-csv").disabled = true;
    $("sql-info").textContent = "";
    let where = "";
    if (m.offset >= 0) {
      const at = decoder.decode(encoder.encode(sql).subarray(0, m.offset)).length;
      where = ` (at character ${at + 1}: “${sql.slice(at, at + 20)}”)`;
    }
    showError($("sql-error"), `SQL error: ${m.message}${where}`);
    return;
  }
  result = m;
  $("sql-csv").disabled = m.columns.length === 0;
  const n = m.rows.length;
  $("sql-info").textContent = m.columns.length === 0 ? `Done (${m.ms.toFixed(1)} ms), no rows to show.`
    : `${n} row${n === 1 ? "" : "s"} (${m.ms.toFixed(1)} ms)` +
      (n > SHOWN_SQL_ROWS ? `; the first ${SHOWN_SQL_ROWS} are shown, the CSV has all.` : ".");
  fillTable($("sql-table"), m.columns, m.rows.slice(0, SHOWN_SQL_ROWS),
    (r) => r.map((v) => cell("td", display(v), v === null ? "null" : typeof v === "number" ? "num" : "")));
}

// ---- Wiring.
function init() {
  for (const [title] of EXAMPLES) $("examples").appendChild(new Option(title, title));
  $("examples").addEventListener("change", () => {
    const ex = EXAMPLES.find(([t]) => t === $("examples").value);
    if (ex) $("sql").value = ex[1];
  });
  $("ids").addEventListener("input", checkSoon);
  for (const id of ["format", "mode", "header"]) {
    $(id).addEventListener("change", () => {
      $("csv-options").hidden = $("format").value !== "csv";
      check();
    });
  }
  $("column").addEventListener("input", checkSoon);
  $("check").addEventListener("click", check);
  $("example-ids").addEventListener("click", () => {
    $("ids").value = EXAMPLE_IDS;
    $("format").value = "lines";
    $("csv-options").hidden = true;
    check();
  });
  $("file").addEventListener("change", () => {
    const f = $("file").files[0];
    if (f) openFile(f);
  });
  $("filter").addEventListener("change", () => { page = 0; renderIds(); });
  $("prev").addEventListener("click", () => { page--; renderIds(); });
  $("next").addEventListener("click", () => { page++; renderIds(); });
  $("ids-csv").addEventListener("click", () => {
    if (!analysis) return;
    download("identifiers.csv", toCsv(IDS_COLUMNS, analysis.rows.map((r) =>
      [r[0], r[1], r[2] === 1 ? "yes" : "no", r[3], r[5], r[6], r[7], r[8] || "", r[9] || ""])));
  });
  $("run").addEventListener("click", runSql);
  $("sql").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      runSql();
    }
  });
  $("sql-csv").addEventListener("click", () => {
    if (result) download("result.csv", toCsv(result.columns, result.rows));
  });
  $("link").addEventListener("click", async () => {
    const url = new URL(location.href);
    url.search = "";
    url.searchParams.set("sql", $("sql").value);
    try {
      await navigator.clipboard.writeText(url.href);
      $("sql-info").textContent = "The link is copied.";
    } catch (e) {
      $("sql-info").textContent = `The link: ${url.href}`;
    }
  });

  startWorker();
  // The example identifiers first, so that a shared query finds them in
  // the table pasted (the worker answers in order).
  $("ids").value = EXAMPLE_IDS;
  check();
  const shared = new URL(location.href).searchParams.get("sql");
  if (shared !== null) {
    $("sql").value = shared;
    runSql().then(() => $("sql-h").scrollIntoView());
  } else {
    $("sql").value = EXAMPLES[0][1];
  }
}

init();
