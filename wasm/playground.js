// playground.js -- the page of index.html: identifiers checked as they are
// pasted, and an SQL box, both answered by worker.js (docs/browser.md).
//
// The page's address carries what it shows, in its fragment: the
// identifiers (ids=, URL-encoded, or z=, deflated and base64url), mode=,
// format=, column=, header=, the view (view=, q=, sort=, desc=, page=) and
// the last query run (sql=).  The same parameters in the query string
// (index.html?ids=...&mode=...) open the page the same way; the address is
// rewritten with the fragment once the identifiers are checked.

import { toCsv, IDS_COLUMNS } from "./csv.js";

const $ = (id) => document.getElementById(id);
const PAGE = 100; // rows of the identifiers table shown at a time
const SHOWN_SQL_ROWS = 1000; // rows of a query result drawn (CSV has them all)
const CUT = 200; // characters of a value drawn in a cell; "Show all" has the rest
// The longest link the page writes: RFC 9110 §4.1 asks every HTTP party to
// take request lines of at least 8000 octets, and mail and chat programs
// keep links of that size whole.
const LINK_MAX = 8000;
// The most text a link's z= expands to: DEFLATE reaches 1032:1 (RFC 1951's
// longest match, 258 bytes, in a couple of bits), so 1.3 MB of base64url
// in a fragment could ask for a gigabyte, again on every reload.  The
// page's own links (LINK_MAX characters of identifiers that compress as
// identifiers do) stay far below 4 MiB; past it the stream is cancelled
// and the link is damaged.
const Z_MAX = 4 * 1024 * 1024;
const MODES = { rfc8141: "RFC 8141", rfc2141: "RFC 2141", ns: "'ns'" };
const VIEWS = { all: "all", invalid: "not URNs", dupUrn: "duplicates under URN", dupNs: "duplicates under URN_NS" };
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
  ["'ns': check digits",
    "SELECT urn_valid('urn:isbn:0-395-36341-6', 'ns') AS valid,\n" +
    "       urn_error('urn:isbn:0-395-36341-6', 'ns') AS error;"],
  ["UNIQUE COLLATE URN",
    "DROP TABLE IF EXISTS ids;\n" +
    "CREATE TABLE ids(id TEXT UNIQUE COLLATE URN);\n" +
    "INSERT OR IGNORE INTO ids VALUES ('urn:example:a%2Cb'), ('URN:EXAMPLE:a%2cb'), ('urn:example:a%2Cb?+r#f');\n" +
    "SELECT id FROM ids;"],
  ["URN_NS: namespace rules",
    "SELECT 'urn:isbn:0-395-36341-1' = 'URN:ISBN:0395363411' COLLATE URN_NS AS same_isbn;"],
  ["URNs in free text",
    "SELECT urn, start FROM urn_find('See urn:isbn:0-395-36341-1. Also (urn:ietf:rfc:8141).');"],
  ["Pasted, grouped",
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
  $("engine-progress").hidden = true;
  $("summary").textContent = "";
}
window.addEventListener("error", (e) => fatal(`Error: ${e.message}`));
window.addEventListener("unhandledrejection", (e) =>
  fatal(`Error: ${e.reason && e.reason.message ? e.reason.message : e.reason}`));

function showError(el, message) {
  el.textContent = message;
  el.hidden = !message;
}

const plural = (n, one, many = one + "s") => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

// ---- The worker: request(msg) answers with its last reply.
let worker;
let nextId = 1;
const pending = new Map();
let ready;

function startWorker() {
  $("status").textContent = "Loading the engine (SQLite and sqlite-urn as WebAssembly)…";
  ready = new Promise((resolve) => {
    worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    worker.onmessage = (ev) => {
      const m = ev.data;
      if (m.type === "loading") {
        const bar = $("engine-progress");
        const kB = (n) => Math.round(n / 1024).toLocaleString("en");
        bar.hidden = false;
        if (m.total) {
          bar.max = m.total;
          bar.value = m.loaded;
          $("status").textContent = `Loading the engine: ${kB(m.loaded)} of ${kB(m.total)} kB…`;
        } else {
          $("status").textContent = `Loading the engine: ${kB(m.loaded)} kB…`;
        }
        return;
      }
      if (m.type === "ready") {
        $("status").textContent = "Ready.";
        $("engine-progress").hidden = true;
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

// ---- Cells.
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

// A button that shows the whole of a value cut in its cell, in a dialog
// that holds WHOLE characters at a time (a text box lays out its whole
// text at once, too long a task for a megabyte), with "Copy it all".
const WHOLE = 20000;
let whole = { label: "", text: "", at: 0 };

function showWhole(at) {
  const { label, text } = whole;
  whole.at = at;
  const end = Math.min(text.length, at + WHOLE);
  $("whole-what").textContent = `${label}, ${plural(text.length, "character")}` +
    (text.length > WHOLE ? ` (characters ${(at + 1).toLocaleString("en")}–${end.toLocaleString("en")} shown):` : ":");
  $("whole-text").value = text.slice(at, end);
  $("whole-text").setSelectionRange(0, 0);
  $("whole-pager").hidden = text.length <= WHOLE;
  $("whole-prev").disabled = at === 0;
  $("whole-next").disabled = end >= text.length;
  $("whole-info").textContent = "";
}

// text: the value, or a function that gives a Promise of it.
function wholeButton(label, text, length) {
  const b = cell("button", `Show all ${length.toLocaleString("en")} characters`, "plain whole");
  b.type = "button";
  b.addEventListener("click", async () => {
    const value = typeof text === "function" ? await text() : text;
    whole = { label, text: value, at: 0 };
    showWhole(0);
    $("whole").showModal();
    $("whole-text").focus();
  });
  return b;
}

// The whole of a value the worker sent cut (its column col of line).
const fetchValue = (line, col) => () => request({ type: "value", line, col }).then((m) => m.value || "");

// A table cell with text, cut at CUT characters with a "Show all" button;
// label names the column where the table is drawn as blocks (phones).
// text: a string, or { cut, length } for a long value of the identifiers
// table, whose whole fetch() gives.
function valueCell(text, cls, label, fetch) {
  const td = cell("td", null, cls);
  td.dataset.label = label;
  if (text === null || text === undefined || text === "") {
    td.classList.add("empty");
    return td;
  }
  if (typeof text === "string" && text.length <= CUT) {
    td.textContent = text;
    return td;
  }
  const head = typeof text === "string" ? text : text.cut;
  td.append(head.slice(0, CUT), cell("span", "…", "cut"), " ",
    wholeButton(label, typeof text === "string" ? text : fetch, text.length));
  return td;
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

// ---- CSV files (csv.js).
function download(name, data) {
  const blob = data instanceof Blob ? data : new Blob([data], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

async function downloadIds() {
  const m = await request({ type: "csv" });
  if (m.type === "csv") download("identifiers.csv", m.blob);
}

// ---- Identifiers.
let analysis = null; // { summary, hint, link } of the last check
let shown = null; // the page on screen: { rows, total, page, pages }
let latest = 0;
let viewSeq = 0;
let lastSql = null; // the last query run, for the address

const hex = (c) => "U+" + c.toString(16).toUpperCase().padStart(4, "0");

// The identifier with the character at byte offset off marked: the mark
// shows the character itself (a space or another blank one as a marked
// gap), or "end" after the last one, words every font draws.
function written(id, off, line) {
  if (off === null || off === undefined) return valueCell(id, "id", "as written", fetchValue(line, 1));
  const td = cell("td", null, "id");
  td.dataset.label = "as written";
  // The text around the error: all of a short identifier, the part the
  // worker sent of a long one (id.near, from id.nearFrom).
  const long = typeof id !== "string";
  const text = long ? id.near : id;
  const from = long ? id.nearFrom : 0;
  const at = long ? id.at - from : decoder.decode(encoder.encode(id).subarray(0, off)).length;
  const cp = at < text.length ? text.codePointAt(at) : -1;
  const ch = cp < 0 ? "" : String.fromCodePoint(cp);
  // Long identifiers: the start, and the 60 characters before the mark.
  let before = text.slice(0, at);
  let after = text.slice(at + ch.length);
  if (long) before = [id.cut.slice(0, 40), cell("span", "…", "cut"), before.slice(-60)];
  else if (before.length > CUT) before = [before.slice(0, 40), cell("span", "…", "cut"), before.slice(-60)];
  if (after.length > CUT / 2 || (long && id.at + ch.length + after.length < id.length)) {
    after = [after.slice(0, CUT / 2), cell("span", "…", "cut")];
  }
  const mark = cell("mark", ch);
  if (cp < 0) {
    mark.className = "end";
    mark.title = `the end of the identifier, after byte ${off}`;
  } else {
    // White space and other characters that draw nothing (Unicode
    // categories Z, Cc, Cf) get a marked gap of their own.
    if (/[\p{Z}\p{Cc}\p{Cf}]/u.test(ch)) mark.className = "blank";
    mark.title = cp > 0x20 && cp < 0x7f ? `byte ${off}` : `byte ${off}: ${hex(cp)}`;
  }
  td.append(...[before].flat(), mark, ...[after].flat());
  if (id.length > CUT) td.append(" ", wholeButton("as written", long ? fetchValue(line, 1) : id, id.length));
  return td;
}

function groupCell(n, label) {
  const td = n ? cell("td", String(n), `group num g${(n - 1) % 6}`) : cell("td", "", "group empty");
  td.dataset.label = label;
  return td;
}

function rowCells(r) {
  const valid = r[2] === 1;
  const yes = valueCell(valid ? "yes" : "no", valid ? "yes" : "no", "URN");
  const line = valueCell(String(r[0]), "num line", "line");
  return [
    line,
    written(r[1], valid ? null : r[4], r[0]),
    yes,
    valueCell(r[3], "err", "error"),
    valueCell(r[5], "", "NID"),
    valueCell(r[6], "id", "NSS", fetchValue(r[0], 6)),
    valueCell(r[7], "id", "canonical", fetchValue(r[0], 7)),
    groupCell(r[8], "group (URN)"),
    groupCell(r[9], "group (URN_NS)"),
  ];
}

function viewState() {
  return {
    filter: $("filter").value, search: $("search").value.trim(),
    sort: Number($("sort").value), desc: $("desc").checked,
  };
}

// The table's header: a button per sortable column.
function header(table) {
  const v = viewState();
  const head = table.createTHead().insertRow();
  IDS_COLUMNS.forEach((name, k) => {
    const th = cell("th", null);
    const col = [0, 1, 2, 3, 5, 6, 7, -1, -1][k]; // the worker's row column
    if (col < 0) {
      th.textContent = name;
    } else {
      const b = cell("button", name, "sort");
      b.type = "button";
      b.title = `Sort by ${name}`;
      if (v.sort === col) th.setAttribute("aria-sort", v.desc ? "descending" : "ascending");
      b.addEventListener("click", () => {
        if (v.sort === col) $("desc").checked = !$("desc").checked;
        else { $("sort").value = String(col); $("desc").checked = false; }
        showPage(0);
      });
      th.append(b);
    }
    head.appendChild(th);
  });
}

function drawPage(p) {
  const table = $("ids-table");
  table.replaceChildren();
  header(table);
  const f = $("filter").value;
  const g = f === "dupUrn" ? 8 : f === "dupNs" ? 9 : -1;
  let body = null;
  let last = -1;
  let parity = 0;
  for (const r of p.rows) {
    if (g >= 0 && r[g] !== last) {
      // A duplicates view: a body per group, with a heading row that
      // names it, so that groups are told apart without colour.
      last = r[g];
      parity ^= 1;
      body = table.createTBody();
      body.className = `dup-group ${parity ? "odd" : "even"}`;
      const th = cell("th", null, "group-head");
      th.colSpan = IDS_COLUMNS.length;
      th.scope = "rowgroup";
      const n = p.sizes ? p.sizes[last] : 0;
      const key = typeof r[g + 2] === "string" ? r[g + 2] : r[g + 2].cut + "…";
      th.textContent = `Group ${last} under ${g === 8 ? "URN" : "URN_NS"}: ${plural(n, "identifier")}, ` +
        (key.length > CUT ? key.slice(0, CUT) + "…" : key);
      body.insertRow().appendChild(th);
    } else if (!body) {
      body = table.createTBody();
    }
    const tr = body.insertRow();
    rowCells(r).forEach((c) => tr.appendChild(c));
  }
  if (!p.rows.length) {
    body = table.createTBody();
    const td = cell("td", $("search").value.trim() ? "No row matches the search." : "No rows in this view.", "none");
    td.colSpan = IDS_COLUMNS.length;
    body.insertRow().appendChild(td);
  }
  $("page-no").value = String(p.page + 1);
  $("page-no").max = String(p.pages);
  $("pages").textContent = `of ${p.pages.toLocaleString("en")}`;
  $("page").textContent = p.total
    ? `rows ${(p.page * PAGE + 1).toLocaleString("en")}–${(p.page * PAGE + p.rows.length).toLocaleString("en")} of ${p.total.toLocaleString("en")}`
    : "no rows";
  $("prev").disabled = p.page === 0;
  $("next").disabled = p.page >= p.pages - 1;
}

// Asks the worker for page n of the current view and draws it.
async function showPage(n) {
  if (!analysis) return;
  const seq = ++viewSeq;
  const m = await request({ type: "view", ...viewState(), page: n, size: PAGE });
  if (seq !== viewSeq || m.type !== "page") return;
  shown = m;
  drawPage(m);
  updateAddress();
}

function clearIds() {
  analysis = null;
  shown = null;
  $("summary").textContent = "";
  $("ids-table").replaceChildren();
  $("ids-view").hidden = true;
  $("csv-hint").hidden = true;
  $("link-info").hidden = true;
}

// A sentence for text that is binary data rather than identifiers: a NUL
// byte, or more than 1 in 100 characters control characters or U+FFFD
// (what a decoder puts for bytes that are not UTF-8).
function binary(text) {
  const bad = (text.match(/[\0-\x08\x0b\x0c\x0e-\x1f\x7f\ufffd]/g) || []).length;
  if (!text.includes("\0") && bad <= Math.max(2, text.length / 100)) return "";
  return `This looks like binary data, not text: it holds ${plural(bad, "control character")}` +
    `${text.includes("\0") ? " (NUL among them)" : ""}. Paste identifiers as text, one per line, ` +
    "or open a text file (UTF-8) with “Open a file”.";
}

async function check(restore) {
  const id = ++latest;
  const text = $("ids").value;
  showError($("ids-error"), "");
  $("ids-note").hidden = true;
  if (!text.trim()) {
    clearIds();
    showNote("There is nothing to check: paste identifiers, one per line, or open a file.");
    updateAddress();
    return;
  }
  const bad = binary(text);
  if (bad) {
    clearIds();
    showError($("ids-error"), bad);
    return;
  }
  $("summary").textContent = "Checking…";
  const m = await request({
    type: "analyze", text, format: $("format").value, column: $("column").value,
    header: $("header").checked, mode: $("mode").value,
  }, (p) => {
    if (id === latest) $("summary").textContent = `Checking… ${p.done.toLocaleString("en")} of ${p.total.toLocaleString("en")}`;
  });
  if (id !== latest) return; // a newer paste is on its way
  if (m.type === "error") {
    clearIds();
    showError($("ids-error"), `This input cannot be read: ${m.message}`);
    return;
  }
  analysis = m;
  const s = m.summary;
  $("summary").textContent = `${s.total} identifier${s.total === 1 ? "" : "s"}: ` +
    `${s.valid} URN${s.valid === 1 ? "" : "s"}, ${s.total - s.valid} not; ` +
    `${s.groupsUrn} group${s.groupsUrn === 1 ? "" : "s"} of duplicates under URN, ` +
    `${s.groupsNs} under URN_NS.`;
  if (m.hint) {
    const sep = { "\t": "tab", ",": "comma", ";": "semicolon" }[m.hint.sep];
    $("csv-hint-text").textContent = `Every line holds ${plural(m.hint.count, sep)}, as the lines of a ` +
      `${sep === "tab" ? "TSV" : "CSV"} file do, and is read whole as one identifier here.`;
  }
  $("csv-hint").hidden = !m.hint;
  $("ids-view").hidden = s.total === 0;
  if (!restore) $("link-info").hidden = true;
  await showPage(restore ? restore.page : 0);
}

let timer = 0;
function checkSoon() {
  clearTimeout(timer);
  timer = setTimeout(check, 300);
}

function showNote(text) {
  $("ids-note").textContent = text;
  $("ids-note").hidden = !text;
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

// ---- The address: what the page shows, as fragment parameters.
function addressParams(withIds) {
  const p = new URLSearchParams();
  const v = viewState();
  if (withIds && analysis && analysis.link) {
    const [k, val] = [analysis.link.slice(0, analysis.link.indexOf("=")), analysis.link.slice(analysis.link.indexOf("=") + 1)];
    p.set(k, k === "ids" ? decodeURIComponent(val) : val);
  }
  p.set("mode", $("mode").value);
  if ($("format").value === "csv") {
    p.set("format", "csv");
    p.set("column", $("column").value);
    if (!$("header").checked) p.set("header", "0");
  }
  if (v.filter !== "all") p.set("view", v.filter);
  if (v.search) p.set("q", v.search);
  if (v.sort) p.set("sort", String(v.sort));
  if (v.desc) p.set("desc", "1");
  if (shown && shown.page) p.set("page", String(shown.page + 1));
  if (lastSql !== null) p.set("sql", lastSql);
  return p;
}

// The link that reopens the page as it is, or null when the identifiers
// make it longer than LINK_MAX; tooLong is then the length they would need.
function currentLink() {
  const base = location.href.replace(/[?#].*$/, "");
  const full = `${base}#${addressParams(true)}`;
  if (analysis && (!analysis.link || full.length > LINK_MAX)) {
    return { link: null, tooLong: analysis.link ? full.length : Infinity, rest: `${base}#${addressParams(false)}` };
  }
  return { link: full };
}

function updateAddress() {
  const c = currentLink();
  history.replaceState(null, "", c.link || c.rest);
  const info = $("link-info");
  if (c.link) {
    if (info.dataset.kind === "long") info.hidden = true;
    return;
  }
  info.dataset.kind = "long";
  info.replaceChildren(tooLongSentence(c), " ", csvButton());
  info.hidden = false;
}

function tooLongSentence(c) {
  const n = analysis ? analysis.summary.total : 0;
  return `${plural(n, "identifier")} make a link of ` +
    (Number.isFinite(c.tooLong) ? `${c.tooLong.toLocaleString("en")} characters` : "more than 2 million characters") +
    `, longer than the ${LINK_MAX.toLocaleString("en")} a link holds: the page's address keeps the mode, ` +
    "the view and the query, not the identifiers. Share the CSV file instead.";
}

function csvButton() {
  const b = cell("button", "Download CSV", "plain");
  b.type = "button";
  b.addEventListener("click", downloadIds);
  return b;
}

async function copyLink(where) {
  const c = currentLink();
  const info = where === "sql" ? $("sql-info") : $("link-info");
  if (!c.link) {
    if (where === "sql") info.textContent = tooLongSentence(c);
    else {
      info.dataset.kind = "long";
      info.replaceChildren(tooLongSentence(c), " ", csvButton());
      info.hidden = false;
    }
    return;
  }
  const what = analysis
    ? `it opens these ${plural(analysis.summary.total, "identifier")} in mode ${MODES[$("mode").value]}, ` +
      `showing ${VIEWS[$("filter").value]}${lastSql !== null ? ", and runs the query" : ""}.`
    : `it opens the page${lastSql !== null ? " and runs the query" : ""}.`;
  let text;
  try {
    await navigator.clipboard.writeText(c.link);
    text = `The link is copied (${c.link.length.toLocaleString("en")} characters): ${what}`;
  } catch (e) {
    text = `The browser did not let the page copy; select and copy the address bar: ${what}`;
  }
  info.textContent = text;
  if (where !== "sql") {
    info.dataset.kind = "copied";
    info.hidden = false;
  }
}

// The parameters a page was opened with: the query string's, then the
// fragment's (which win).
function openedWith() {
  const p = new URLSearchParams(location.search);
  for (const [k, v] of new URLSearchParams(location.hash.slice(1))) p.set(k, v);
  return p;
}

// The text of a link's z=: base64url, raw DEFLATE, UTF-8 (a bad byte as
// U+FFFD, as the page reads a file); read up to Z_MAX bytes, else thrown.
async function inflate(z) {
  const b64 = z.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "===".slice((b64.length + 3) % 4));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  const reader = stream.getReader();
  const parts = [];
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    n += value.length;
    if (n > Z_MAX) {
      await reader.cancel();
      throw new RangeError(`z= expands past ${Z_MAX} bytes`);
    }
    parts.push(value);
  }
  const all = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return decoder.decode(all);
}

// ---- SQL.
let result = null;

async function runSql() {
  const sql = $("sql").value;
  showError($("sql-error"), "");
  $("sql-info").textContent = "Running…";
  lastSql = sql;
  updateAddress();
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
  fillTable($("sql-table"), m.columns, m.rows.slice(0, SHOWN_SQL_ROWS), (r) => r.map((v, k) =>
    valueCell(display(v), v === null ? "null" : typeof v === "number" ? "num" : "", m.columns[k])));
}

// ---- Wiring.
async function init() {
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
  $("check").addEventListener("click", () => check());
  $("example-ids").addEventListener("click", () => {
    $("ids").value = EXAMPLE_IDS;
    $("format").value = "lines";
    $("csv-options").hidden = true;
    check();
  });
  $("as-csv").addEventListener("click", () => {
    $("format").value = "csv";
    $("csv-options").hidden = false;
    $("header").checked = false;
    $("column").value = "1";
    check();
  });
  $("file").addEventListener("change", () => {
    const f = $("file").files[0];
    if (f) openFile(f);
  });
  for (const id of ["filter", "sort", "desc"]) $(id).addEventListener("change", () => showPage(0));
  let searchTimer = 0;
  $("search").addEventListener("input", () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(() => showPage(0), 250);
  });
  $("prev").addEventListener("click", () => showPage(shown ? shown.page - 1 : 0));
  $("next").addEventListener("click", () => showPage(shown ? shown.page + 1 : 0));
  $("page-no").addEventListener("change", () => showPage(Math.max(0, (parseInt($("page-no").value, 10) || 1) - 1)));
  $("ids-csv").addEventListener("click", downloadIds);
  $("ids-link").addEventListener("click", () => copyLink("ids"));
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
  $("link").addEventListener("click", () => copyLink("sql"));
  $("whole-prev").addEventListener("click", () => showWhole(Math.max(0, whole.at - WHOLE)));
  $("whole-next").addEventListener("click", () => showWhole(whole.at + WHOLE));
  $("whole-copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(whole.text);
      $("whole-info").textContent = `Copied: ${plural(whole.text.length, "character")}.`;
    } catch (e) {
      $("whole-info").textContent = "The browser did not let the page copy; select the text above and copy it, part by part.";
    }
  });
  $("whole").addEventListener("close", () => { $("whole-text").value = ""; whole = { label: "", text: "", at: 0 }; });

  // A new fragment typed or pasted into the address bar of an open page is
  // a new link: open it.  (The page's own replaceState fires no hashchange.)
  window.addEventListener("hashchange", () => location.reload());

  startWorker();

  // What the address asks for; else the example identifiers.  The
  // identifiers go first, so that a shared query finds them in the table
  // pasted (the worker answers in order).
  const p = openedWith();
  const notes = [];
  let ids = p.get("ids");
  if (p.has("z")) {
    try {
      ids = await inflate(p.get("z"));
    } catch (e) {
      ids = null;
      notes.push("The link's identifiers (z=) are damaged, perhaps cut when it was copied: " +
        "the example identifiers are shown instead. Ask for the link again, or for the CSV file.");
    }
  }
  const mode = p.get("mode");
  if (mode !== null && !(mode in MODES)) {
    notes.push(`The link asks for mode “${mode.slice(0, 40)}”, which is not a mode: the identifiers are ` +
      "checked under RFC 8141. Choose RFC 2141 or 'ns' above if the link meant one of them.");
  } else if (mode) {
    $("mode").value = mode;
  }
  if (p.get("format") === "csv") {
    $("format").value = "csv";
    $("csv-options").hidden = false;
    if (p.has("column")) $("column").value = p.get("column");
    $("header").checked = p.get("header") !== "0";
  }
  if (p.get("view") in VIEWS) $("filter").value = p.get("view");
  if (p.has("q")) $("search").value = p.get("q");
  if ([...$("sort").options].some((o) => o.value === p.get("sort"))) $("sort").value = p.get("sort");
  $("desc").checked = p.get("desc") === "1";
  $("ids").value = ids !== null ? ids : EXAMPLE_IDS;
  const page = Math.max(0, (parseInt(p.get("page"), 10) || 1) - 1);
  const checked = check({ page });
  if (notes.length) showNote(notes.join(" "));
  const shared = p.get("sql");
  if (shared !== null) {
    $("sql").value = shared;
    await checked;
    runSql().then(() => $("sql-h").scrollIntoView());
  } else {
    $("sql").value = EXAMPLES[0][1];
  }
}

init();
