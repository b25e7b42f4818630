"use strict";
// test/wasm/browser.js -- make wasm-test, second half: the playground of
// dist/wasm/ (make wasm) in a real headless Chromium (Debian's
// chromium-headless-shell, or chromium), driven over the DevTools protocol
// through a pipe (--remote-debugging-pipe: no port, no npm package).  The
// site is served by docs/browser.md's own command (python3 -m http.server,
// on a free port of 127.0.0.1 instead of its 8000), started and stopped here
// by its PID.  Checked, at a desktop width and at a phone's (390x844):
//   - the page starts SQLite in its worker and says so;
//   - identifiers typed into the box: the table says which are URNs, marks
//     the error's offset, gives NID, NSS and canonical form, and numbers
//     the duplicate groups under URN and URN_NS; a CSV column too;
//   - a ?sql= link runs its query on load and shows the result table;
//   - keyboard only: Tab reaches the SQL box, Ctrl+Enter runs it, Enter on
//     "Download CSV" saves the result, whose content is checked;
//   - bad input: an SQL error, a file that is not UTF-8, a missing CSV
//     column and an unclosed quote each show a message, never a blank page;
//     so does an engine whose .wasm cannot be fetched;
//   - issue 42: a ?ids=&mode= link opens with its identifiers checked; the
//     page's own address, and the link "Copy link" copied, opened in fresh
//     tabs, show the same rows, mode and view; too many identifiers for a
//     link get a sentence and the CSV; the identifiers' CSV byte for byte
//     (BOM, empty cells, the input's line numbers, formulas neutralised);
//     the CSV hint for a CSV pasted one per line; the engine's download
//     progress; a sentence for a binary paste, empty input and a bad
//     ?mode=; the duplicates view (groups together, under headings), sort
//     by a column, search, go to a page; at 390 px no sideways scroll and a
//     block per identifier; a 1 MB identifier cut, with "Show all"; the
//     main thread's long tasks (PerformanceObserver "longtask") under
//     200 ms for the 1 MB line and for 100,000 lines; the footer's links;
//   - issue 51: a z= that expands past 4 MiB is cancelled and gets the
//     damaged-link note; a formula after leading white space neutralised;
//   - 100,000 pasted lines are all checked, the page answering meanwhile;
//   - every record of the conformance suite (test/suite/*.test) that runs on
//     "wasm" or "sqlite", run in the page by test/suite/suite.js on the
//     module sqlite-urn.js the site serves;
//   - no console error, no uncaught exception, no failed request;
//   - screenshots for review in build/wasm/screenshots/ (1280 and 390 px:
//     desktop*.png, phone*.png, duplicates-1280.png, duplicates-390.png,
//     1mb-390.png, and more).
// Prints "ok - NAME" or "FAILED - NAME: why" per check and ends with
// "browser: N passed, N failed".
const cp = require("child_process");
const fs = require("fs");
const http = require("http");
const net = require("net");
const os = require("os");
const path = require("path");
const zlib = require("zlib");

const suite = require("../suite/suite.js");

const TOP = path.resolve(__dirname, "..", "..");
const DIST = path.join(TOP, "dist", "wasm");
const OUT = path.join(TOP, "build", "wasm");
const SHOTS = path.join(OUT, "screenshots");
let npass = 0;
let nfail = 0;

function check(name, ok, why) {
  if (ok) {
    npass++;
    console.log(`ok - ${name}`);
  } else {
    nfail++;
    console.log(`FAILED - ${name}: ${String(why).slice(0, 1500)}`);
  }
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- A DevTools protocol client over Chromium's pipe (fd 3 in, fd 4 out;
// each message JSON ended by a NUL byte).
class Cdp {
  constructor(proc) {
    this.proc = proc;
    this.next = 1;
    this.calls = new Map();
    this.listeners = [];
    let buf = "";
    proc.stdio[4].on("data", (chunk) => {
      buf += chunk.toString("utf8");
      let at;
      while ((at = buf.indexOf("\0")) >= 0) {
        const msg = JSON.parse(buf.slice(0, at));
        buf = buf.slice(at + 1);
        if (msg.id && this.calls.has(msg.id)) {
          const { resolve, reject, method } = this.calls.get(msg.id);
          this.calls.delete(msg.id);
          if (msg.error) reject(new Error(`${method}: ${msg.error.message}`));
          else resolve(msg.result);
        } else if (msg.method) {
          for (const l of this.listeners) l(msg);
        }
      }
    });
  }

  // The result of a command; an Error after ms without an answer.
  send(method, params = {}, sessionId, ms = 120000) {
    const id = this.next++;
    const msg = { id, method, params };
    if (sessionId) msg.sessionId = sessionId;
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => {
        this.calls.delete(id);
        reject(new Error(`${method}: no answer within ${ms} ms`));
      }, ms);
      this.calls.set(id, {
        resolve: (v) => { clearTimeout(t); resolve(v); },
        reject: (e) => { clearTimeout(t); reject(e); },
        method,
      });
      this.proc.stdio[3].write(JSON.stringify(msg) + "\0");
    });
  }

  // The next event named method (of sessionId) within ms.
  waitFor(method, sessionId, ms = 30000) {
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`no ${method} within ${ms} ms`)), ms);
      const l = (m) => {
        if (m.method === method && (!sessionId || m.sessionId === sessionId)) {
          clearTimeout(t);
          this.listeners.splice(this.listeners.indexOf(l), 1);
          resolve(m.params);
        }
      };
      this.listeners.push(l);
    });
  }
}

// A page: evaluate, wait for a condition, type, press keys.
class Page {
  constructor(cdp, sessionId) {
    this.cdp = cdp;
    this.s = sessionId;
  }

  send(method, params) {
    return this.cdp.send(method, params, this.s);
  }

  async eval(expr) {
    const r = await this.send("Runtime.evaluate",
      { expression: expr, returnByValue: true, awaitPromise: true });
    if (r.exceptionDetails) {
      throw new Error(`${expr.slice(0, 80)}: ${r.exceptionDetails.exception
        ? r.exceptionDetails.exception.description : r.exceptionDetails.text}`);
    }
    return r.result.value;
  }

  // Polls expr until it is truthy; its value, or throws after ms.
  async until(expr, ms = 60000) {
    const end = Date.now() + ms;
    for (;;) {
      const v = await this.eval(expr);
      if (v) return v;
      if (Date.now() > end) throw new Error(`timed out waiting for ${expr}`);
      await sleep(100);
    }
  }

  async goto(url) {
    const loaded = this.cdp.waitFor("Page.loadEventFired", this.s);
    await this.send("Page.navigate", { url });
    await loaded;
  }

  async key(key, code, keyCode, modifiers = 0, text) {
    const base = { key, code, windowsVirtualKeyCode: keyCode, modifiers };
    await this.send("Input.dispatchKeyEvent", { type: text ? "keyDown" : "rawKeyDown", text, ...base });
    await this.send("Input.dispatchKeyEvent", { type: "keyUp", ...base });
  }

  tab() { return this.key("Tab", "Tab", 9); }

  // Replaces the text of the focused field, as a paste does: typed in by
  // the browser's own text input when short; when long (Chromium's text
  // input takes minutes for 10,000 lines), set as the field's value with
  // the input event that a paste fires.
  async paste(text) {
    await this.eval("document.activeElement.select(), 1");
    if (text.length < 4000) {
      await this.send("Input.insertText", { text });
      return;
    }
    const { result } = await this.send("Runtime.evaluate", { expression: "document.activeElement" });
    await this.send("Runtime.callFunctionOn", {
      objectId: result.objectId, arguments: [{ value: text }],
      functionDeclaration: `function (text) {
        this.value = text;
        this.dispatchEvent(new InputEvent("input", { inputType: "insertFromPaste", bubbles: true }));
        window.__pasted = performance.now();
      }`,
    });
  }

  async shot(name) {
    const r = await this.send("Page.captureScreenshot", { format: "png", captureBeyondViewport: false });
    fs.mkdirSync(SHOTS, { recursive: true });
    fs.writeFileSync(path.join(SHOTS, name), Buffer.from(r.data, "base64"));
    return path.join(SHOTS, name);
  }
}

function chromium() {
  for (const c of ["chromium-headless-shell", "chromium"]) {
    const r = cp.spawnSync("sh", ["-c", `command -v ${c}`], { encoding: "utf8" });
    if (r.status === 0 && r.stdout.trim()) return r.stdout.trim();
  }
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

function get(url) {
  return new Promise((resolve) => {
    http.get(url, (res) => {
      let body = "";
      res.on("data", (d) => { body += d; });
      res.on("end", () => resolve({ status: res.statusCode, type: res.headers["content-type"], body }));
    }).on("error", (e) => resolve({ status: 0, body: String(e) }));
  });
}

// The rows of the identifiers table, as arrays of cell texts.
const IDS_ROWS = `[...document.querySelectorAll("#ids-table tbody tr")]
  .map((tr) => [...tr.cells].map((c) => c.textContent))`;
// The durations of the main thread's long tasks that began after the last
// paste's text was in the box (the test's own transfer of megabytes over the
// DevTools protocol into the page is a long task of the test, not the page).
const LONG_SINCE_PASTE = "window.__long && window.__long.filter(([t]) => t >= window.__pasted).map(([, d]) => d)";
const SQL_ROWS = `[...document.querySelectorAll("#sql-table tr")]
  .map((tr) => [...tr.cells].map((c) => c.textContent))`;

const children = [];
function stopAll() {
  for (const c of children) {
    try { process.kill(c.pid, "SIGTERM"); } catch (e) { /* gone already */ }
  }
}
process.on("exit", stopAll);

async function main() {
  check("dist/wasm/ is built (make wasm)", fs.existsSync(path.join(DIST, "index.html")), DIST);

  // ---- The server: docs/browser.md's command, on a free port.
  const doc = fs.readFileSync(path.join(TOP, "docs", "browser.md"), "utf8");
  const serveLine = (doc.match(/^python3 -m http\.server .*$/m) || [""])[0];
  check("docs/browser.md shows the command that serves the playground", /--directory dist\/wasm 8000$/.test(serveLine), serveLine);
  const port = await freePort();
  const server = cp.spawn("sh", ["-c", `exec ${serveLine.replace(/ 8000$/, ` ${port}`)}`],
    { cwd: TOP, stdio: ["ignore", "ignore", "pipe"] });
  children.push(server);
  let serverLog = "";
  server.stderr.on("data", (d) => { serverLog += d; });
  const base = `http://127.0.0.1:${port}/`;
  let r = { status: 0 };
  for (let i = 0; i < 100 && r.status !== 200; i++) {
    await sleep(100);
    r = await get(base);
  }
  check(`the server answers on ${base}`, r.status === 200 && /sqlite-urn playground/.test(r.body), `${r.status} ${r.body.slice(0, 200)}`);
  const js = await get(base + "sqlite-urn.js");
  check("it serves the modules as JavaScript", /javascript/.test(js.type || ""), js.type);

  // ---- Chromium.
  const bin = chromium();
  check("headless Chromium is installed", !!bin, "neither chromium-headless-shell nor chromium");
  if (!bin) return;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "sqlite-urn-chromium-"));
  const browser = cp.spawn(bin, ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
    "--no-first-run", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--disable-extensions", "--mute-audio", `--user-data-dir=${profile}`,
    "--remote-debugging-pipe", "about:blank"], { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] });
  children.push(browser);
  let browserLog = "";
  browser.stderr.on("data", (d) => { browserLog = (browserLog + d).slice(-4000); });
  const cdp = new Cdp(browser);
  try {
    const version = await Promise.race([cdp.send("Browser.getVersion"),
      sleep(30000).then(() => { throw new Error(`Chromium did not answer: ${browserLog}`); })]);
    check(`Chromium answers over the pipe (${version.product})`, true, "");
    await run(cdp, base);
  } finally {
    const exited = new Promise((resolve) => browser.once("exit", resolve));
    try { await Promise.race([cdp.send("Browser.close"), sleep(3000)]); } catch (e) { /* closing */ }
    await Promise.race([exited, sleep(5000)]);
    stopAll();
    await Promise.race([exited, sleep(5000)]);
    try { fs.rmSync(profile, { recursive: true, force: true }); } catch (e) { /* Chromium's leftovers */ }
  }
  check("the server logged no error", !/error|Traceback/i.test(serverLog.replace(/"GET [^"]*" [23]\d\d/g, "")),
        serverLog.slice(-1000));
}

// The conformance suite in the page: every record of test/suite/*.test that
// runs on "wasm" or "sqlite", each file in a database of its own, run inside
// Chromium by suite.js itself (its runRecords loop, parse, sqliteDialect and
// judge), on the module sqlite-urn.js as the site serves it.  suite.js is a
// CommonJS module: the page gets its text wrapped in a function, with a
// require() whose fs and path serve the records' files, sent as text.
async function suiteInPage(page, base) {
  const src = fs.readFileSync(require.resolve("../suite/suite.js"), "utf8");
  const texts = {};
  let want = 0;
  for (const { file, records } of suite.files()) {
    texts[path.basename(file)] = fs.readFileSync(file, "utf8");
    want += records.filter((r) => suite.applies(r, ["wasm", "sqlite"])).length;
  }
  const expr = "(async () => {\n" +
    "const texts = " + JSON.stringify(texts) + ";\n" +
    "const basename = (p) => p.slice(p.lastIndexOf('/') + 1);\n" +
    "const shims = { fs: { readdirSync: () => Object.keys(texts), readFileSync: (f) => texts[basename(f)] },\n" +
    "  path: { basename, join: (...a) => a.join('/') } };\n" +
    "const module = { exports: {} };\n" +
    "(function (module, exports, require, __dirname) {\n" + src + "\n})(module, module.exports, (n) => shims[n], 'suite');\n" +
    "const suite = module.exports;\n" +
    "const api = await import(" + JSON.stringify(base + "sqlite-urn.js") + ");\n" +
    "const results = [];\n" +
    "const n = await suite.runRecords({ names: ['wasm', 'sqlite'], fresh: () => api.openDatabase(),\n" +
    "  exec: (d, sql) => d.query(suite.sqliteDialect(sql)).rows, message: (e) => String(e.message).split('\\n')[0],\n" +
    "  ok: (name, cond, why) => results.push([name, cond, why]), close: (d) => d.close() });\n" +
    "return { n, results, agent: navigator.userAgent };\n" +
    "})()";
  let got;
  try {
    got = await page.eval(expr);
  } catch (e) {
    check("the suite's records run in the page", false, e.message);
    return;
  }
  for (const [name, cond, why] of got.results) check(`in Chromium: ${name}`, cond, why);
  check(`in Chromium, ${got.n} records of test/suite/ give their answers (${want} run on wasm)`,
        got.n === want && got.results.length === want && want > 0, `${got.n} run, ${want} expected`);
}

// A fresh tab: a new target with its own session, its console and its
// worker's watched, and the observers below in every document it loads.
async function openTab(cdp, problems) {
  const { targetId } = await cdp.send("Target.createTarget", { url: "about:blank" });
  const { sessionId } = await cdp.send("Target.attachToTarget", { targetId, flatten: true });
  const page = new Page(cdp, sessionId);
  page.targetId = targetId;
  await page.send("Page.enable");
  await page.send("Runtime.enable");
  await page.send("Log.enable");
  await page.send("Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: false, flatten: true });
  // In every page, before its own scripts: the main thread's long tasks
  // (the Performance API's "longtask" entries, each over 50 ms) and every
  // text the status line shows.
  await page.send("Page.addScriptToEvaluateOnNewDocument", { source: `
    window.__long = [];
    window.__status = [];
    try {
      new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push([e.startTime, Math.round(e.duration)]); })
        .observe({ type: "longtask", buffered: true });
    } catch (e) { window.__long = null; }
    new MutationObserver(() => {
      const s = document.getElementById("status");
      if (s && window.__status[window.__status.length - 1] !== s.textContent) window.__status.push(s.textContent);
    }).observe(document, { subtree: true, childList: true, characterData: true });` });
  return page;
}

async function run(cdp, base) {
  // Console errors, uncaught exceptions and failed loads, of the pages and
  // of their workers (auto-attached).
  const problems = [];
  cdp.listeners.push((m) => {
    if (m.method === "Runtime.consoleAPICalled" && (m.params.type === "error" || m.params.type === "assert")) {
      problems.push(`console.${m.params.type}: ${m.params.args.map((a) => a.value || a.description).join(" ")}`);
    } else if (m.method === "Runtime.exceptionThrown") {
      const d = m.params.exceptionDetails;
      problems.push(`exception: ${d.exception ? d.exception.description : d.text}`);
    } else if (m.method === "Log.entryAdded" && m.params.entry.level === "error") {
      problems.push(`log: ${m.params.entry.text} ${m.params.entry.url || ""}`);
    } else if (m.method === "Target.attachedToTarget") {
      const s = m.params.sessionId;
      cdp.send("Runtime.enable", {}, s).catch(() => {});
      cdp.send("Runtime.runIfWaitingForDebugger", {}, s).catch(() => {});
    }
  });
  const page = await openTab(cdp, problems);
  const downloads = path.join(OUT, "downloads");
  fs.rmSync(downloads, { recursive: true, force: true });
  fs.mkdirSync(downloads, { recursive: true });
  await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: downloads });

  for (const [label, width, height, mobile] of [["desktop", 1280, 900, false], ["phone", 390, 844, true]]) {
    await page.send("Emulation.setDeviceMetricsOverride", { width, height, deviceScaleFactor: 1, mobile });
    await page.goto(base);
    let ready = "";
    try {
      ready = await page.until(`document.getElementById("status").textContent === "Ready." &&
        document.getElementById("versions").textContent`);
    } catch (e) {
      ready = `${e.message}; page says ${await page.eval('document.body.innerText.slice(0, 400)')}`;
    }
    check(`${label}: SQLite starts in the worker (${ready})`, /^SQLite 3\.\d+\.\d+ with sqlite-urn /.test(ready), ready);
    const statuses = await page.eval("window.__status");
    check(`${label}: while the engine downloads, the page shows how much has come`,
          statuses.some((t) => /^Loading the engine: [\d,]+ of [\d,]+ kB…$/.test(t)) &&
          !statuses.some((t) => /If this stays/.test(t) && !/^Loading the playground/.test(t)), JSON.stringify(statuses));

    // Identifiers, typed into the box.
    const ids = ["urn:isbn:0-395-36341-1", "URN:ISBN:0-395-36341-1#p12", "urn:isbn:0395363411",
      "urn:x:y", "urn:example:a%2cb", "", "URN:EXAMPLE:a%2Cb?=lang=en", "urn:example:é b"];
    await page.eval('document.getElementById("ids").focus(), 1');
    await page.paste(ids.join("\n"));
    await page.until(`/^7 identifiers/.test(document.getElementById("summary").textContent)`);
    const summary = await page.eval('document.getElementById("summary").textContent');
    check(`${label}: the summary counts URNs and groups`, summary ===
      "7 identifiers: 5 URNs, 2 not; 2 groups of duplicates under URN, 2 under URN_NS.", summary);
    const rows = await page.eval(IDS_ROWS);
    const want = [
      ["1", "urn:isbn:0-395-36341-1", "yes", "", "isbn", "0-395-36341-1", "urn:isbn:0-395-36341-1", "1", "1"],
      ["2", "URN:ISBN:0-395-36341-1#p12", "yes", "", "isbn", "0-395-36341-1", "urn:isbn:0-395-36341-1", "1", "1"],
      ["3", "urn:isbn:0395363411", "yes", "", "isbn", "0395363411", "urn:isbn:0395363411", "", "1"],
      ["4", "urn:x:y", "no", "offset 5: found ':', expected a letter, digit or '-' (a NID has at least 2 characters) (RFC 8141 §2)",
        "", "", "", "", ""],
      ["5", "urn:example:a%2cb", "yes", "", "example", "a%2cb", "urn:example:a%2Cb", "2", "2"],
      ["7", "URN:EXAMPLE:a%2Cb?=lang=en", "yes", "", "example", "a%2Cb", "urn:example:a%2Cb", "2", "2"],
    ];
    check(`${label}: the table: URN or not, error, NID, NSS, canonical form, groups under URN and URN_NS`,
          JSON.stringify(rows.slice(0, 6)) === JSON.stringify(want), JSON.stringify(rows.slice(0, 6)));
    const marked = await page.eval(`[...document.querySelectorAll("#ids-table tbody tr")].map((tr) => {
      const m = tr.cells[1].querySelector("mark"); return m ? [tr.cells[0].textContent, m.textContent, m.title] : null; })
      .filter(Boolean)`);
    check(`${label}: the error's offset is marked in the identifier (':' at byte 5; 'é', not ASCII, at byte 12)`,
          JSON.stringify(marked) === JSON.stringify([["4", ":", "byte 5"], ["8", "é", "byte 12: U+00E9"]]), JSON.stringify(marked));
    await page.shot(`${label}.png`);
    await page.eval('document.getElementById("summary").scrollIntoView(), 1');
    await page.shot(`${label}-table.png`);
    await page.eval("window.scrollTo(0, 0), 1");

    // The overflow of a phone-sized screen is inside the tables' scroll boxes.
    const overflow = await page.eval("document.documentElement.scrollWidth - window.innerWidth");
    check(`${label}: the page is no wider than the screen (${width}px)`, overflow <= 0, `${overflow}px too wide`);
  }

  await suiteInPage(page, base);

  // ---- A ?sql= link.
  const sql = "SELECT urn_canonical(x) AS c, urn_nid(x) AS n FROM (SELECT 'URN:ISBN:0-395-36341-1#p' AS x " +
    "UNION ALL SELECT 'urn:ietf:rfc:8141') ORDER BY 1";
  await page.goto(`${base}index.html?sql=${encodeURIComponent(sql)}`);
  await page.until('document.querySelectorAll("#sql-table tr").length === 3').catch(() => {});
  const shared = await page.eval(SQL_ROWS);
  check("a ?sql= link runs its query on load and shows the result",
        JSON.stringify(shared) === JSON.stringify([["c", "n"], ["urn:ietf:rfc:8141", "ietf"], ["urn:isbn:0-395-36341-1", "isbn"]]),
        JSON.stringify(shared));
  check("the SQL box holds the shared query", (await page.eval('document.getElementById("sql").value')) === sql, "");
  const sqlOverflow = await page.eval("document.documentElement.scrollWidth - window.innerWidth");
  check("phone: with a query's result, the page is no wider than the screen", sqlOverflow <= 0, `${sqlOverflow}px too wide`);
  await page.shot("sql-link.png");

  // ---- Keyboard only: Tab to the SQL box, type, Ctrl+Enter; Tab to Download CSV, Enter.
  await page.eval("document.activeElement && document.activeElement.blur(), window.scrollTo(0, 0), 1");
  const order = [];
  for (let i = 0; i < 40; i++) {
    await page.tab();
    const id = await page.eval("document.activeElement.id");
    order.push(id);
    if (id === "sql") break;
  }
  check("Tab reaches the identifiers box, the controls and the SQL box, in order",
        order.indexOf("ids") >= 0 && order.indexOf("check") > order.indexOf("ids") &&
        order[order.length - 1] === "sql", order.join(" "));
  await page.paste("SELECT id, urn_canonical(id) AS canonical FROM pasted WHERE urn_valid(id) ORDER BY line LIMIT 2");
  await page.key("Enter", "Enter", 13, 2 /* Ctrl */);
  await page.until(`(document.querySelector("#sql-table th") || {}).textContent === "id"`).catch(() => {});
  const typed = await page.eval(SQL_ROWS);
  check("Ctrl+Enter runs the query on the table pasted(line, id)",
        JSON.stringify(typed) === JSON.stringify([["id", "canonical"],
          ["urn:isbn:0-395-36341-1", "urn:isbn:0-395-36341-1"], ["URN:ISBN:0-395-36341-1#p12", "urn:isbn:0-395-36341-1"]]),
        JSON.stringify(typed));
  for (let i = 0; i < 6 && (await page.eval("document.activeElement.id")) !== "sql-csv"; i++) await page.tab();
  await page.key("Enter", "Enter", 13, 0, "\r");
  let csv = "";
  for (let i = 0; i < 100 && !csv; i++) {
    await sleep(100);
    const f = path.join(OUT, "downloads", "result.csv");
    if (fs.existsSync(f)) csv = fs.readFileSync(f, "utf8");
  }
  check("Enter on Download CSV saves the result as CSV",
        csv === "\ufeffid,canonical\r\nurn:isbn:0-395-36341-1,urn:isbn:0-395-36341-1\r\n" +
          "URN:ISBN:0-395-36341-1#p12,urn:isbn:0-395-36341-1\r\n", JSON.stringify(csv));

  // ---- Bad input.
  await page.eval('document.getElementById("sql").focus(), 1');
  await page.paste("SELECT urn_valid('urn:ab:c', 'strict');");
  await page.key("Enter", "Enter", 13, 2);
  const sqlErr = await page.until('!document.getElementById("sql-error").hidden && document.getElementById("sql-error").textContent')
    .catch((e) => e.message);
  check("an SQL error is shown with SQLite's message",
        sqlErr === "SQL error: urn_valid(): unknown mode 'strict'; expected 'rfc8141', 'rfc2141' or 'ns'", sqlErr);
  await page.paste("SELECT urn_nid('urn:ab:c') FRM x;");
  await page.key("Enter", "Enter", 13, 2);
  const synErr = await page.until('/syntax/.test(document.getElementById("sql-error").textContent) && document.getElementById("sql-error").textContent')
    .catch((e) => e.message);
  check("a syntax error is shown with where it is", synErr === 'SQL error: near "x": syntax error (at character 32: “x;”)', synErr);
  await page.shot("sql-error.png");

  const notText = path.join(OUT, "not-text.csv");
  fs.writeFileSync(notText, Buffer.from([0x69, 0x64, 0x0a, 0xff, 0xfe, 0x00, 0x41, 0x0a]));
  const { root } = await page.send("DOM.getDocument", {});
  const { nodeId } = await page.send("DOM.querySelector", { nodeId: root.nodeId, selector: "#file" });
  await page.send("DOM.setFileInputFiles", { nodeId, files: [notText] });
  const fileErr = await page.until('!document.getElementById("ids-error").hidden && document.getElementById("ids-error").textContent')
    .catch((e) => e.message);
  check("a file that is not UTF-8 text gets a message", fileErr === "“not-text.csv” cannot be read: it is not UTF-8 text.", fileErr);

  const goodCsv = path.join(OUT, "ids.csv");
  fs.writeFileSync(goodCsv, 'title,urn\n"Hobbit, The",urn:isbn:0-395-36341-1\nRFC,"URN:IETF:RFC:8141"\nBad,urn:x\n');
  // The column named before the file is opened, so that its only check is
  // of that column.
  await page.eval('document.getElementById("column").value = "urn", 1');
  await page.send("DOM.setFileInputFiles", { nodeId, files: [goodCsv] });
  await page.until(`/^3 identifiers/.test(document.getElementById("summary").textContent) &&
    (document.querySelector("#ids-table tbody td.id") || {}).textContent === "urn:isbn:0-395-36341-1"`).catch(() => {});
  const csvRows = (await page.eval(IDS_ROWS)).map((r) => r.slice(0, 3));
  check("a CSV file's column, named by its header: each identifier with its CSV line",
        JSON.stringify(csvRows) === JSON.stringify([["2", "urn:isbn:0-395-36341-1", "yes"],
          ["3", "URN:IETF:RFC:8141", "yes"], ["4", "urn:x", "no"]]), JSON.stringify(csvRows));
  const endMark = await page.eval(`(() => { const m = document.querySelector("#ids-table tbody tr:nth-child(3) mark");
    return m && [m.className, getComputedStyle(m, "::after").content, m.title]; })()`);
  check("the end of the input is marked with the word \"end\", which every font draws",
        JSON.stringify(endMark) === JSON.stringify(["end", '"end"', "the end of the identifier, after byte 5"]), JSON.stringify(endMark));
  await page.eval('document.getElementById("column").value = "isbn", document.getElementById("column").dispatchEvent(new Event("input")), 1');
  const colErr = await page.until('!document.getElementById("ids-error").hidden && document.getElementById("ids-error").textContent')
    .catch((e) => e.message);
  check("a CSV column that does not exist gets a message",
        colErr === 'This input cannot be read: The CSV header has no column "isbn"; its columns are: title, urn', colErr);
  await page.eval('document.getElementById("column").value = "urn", 1');
  await page.eval('document.getElementById("ids").focus(), 1');
  await page.paste('title,urn\n"Hobbit,urn:isbn:0-395-36341-1\n');
  const quoteErr = await page.until('/quoted/.test(document.getElementById("ids-error").textContent) && document.getElementById("ids-error").textContent')
    .catch((e) => e.message);
  check("an unclosed quote gets a message", quoteErr === "This input cannot be read: CSV line 2: a quoted field is not closed. " +
        "Close it with a \" or, if the quote belongs to the identifier, choose “one per line”.", quoteErr);
  const visible = await page.eval('document.body.innerText.length');
  check("after bad input the page still shows its content", visible > 500, visible);
  await page.shot("bad-input.png");

  // ---- Links that carry the data (issue 42, point 1): a ?ids= link opens
  // with its identifiers checked, the address then carries them, and a
  // fresh tab opened on it, or on the link "Copy link" copied, shows the
  // same rows, mode and view.
  const desktop = { width: 1280, height: 900, deviceScaleFactor: 1, mobile: false };
  await page.send("Emulation.setDeviceMetricsOverride", desktop);
  const rowsReady = (n) => `document.getElementById("status").textContent === "Ready." &&
    new RegExp("^${n} identifiers?: ").test(document.getElementById("summary").textContent) &&
    document.querySelectorAll("#ids-table tbody td.line").length > 0`;
  const linkIds = ["urn:isbn:0-395-36341-1", "URN:ISBN:0395363411", "urn:x:y", "", "urn:example:a b", "urn:ietf:rfc:8141"];
  await page.goto(`${base}index.html?ids=${encodeURIComponent(linkIds.join("\n"))}&mode=ns`);
  await page.until(rowsReady(5)).catch(() => {});
  const fromLink = await page.eval(IDS_ROWS);
  const linkMode = await page.eval('document.getElementById("mode").value');
  check("a ?ids= link opens with its identifiers checked, in its &mode=",
        linkMode === "ns" && JSON.stringify(fromLink.map((r) => [r[0], r[2], r[8]])) ===
          JSON.stringify([["1", "yes", "1"], ["2", "yes", "1"], ["3", "no", ""], ["5", "no", ""], ["6", "yes", ""]]),
        `${linkMode} ${JSON.stringify(fromLink)}`);
  const docLink = (fs.readFileSync(path.join(TOP, "docs", "browser.md"), "utf8").match(/`(index\.html\?ids=[^`]*)`/) || [])[1];
  const fromDoc = await reopen(base + docLink, 2);
  check("docs/browser.md's ?ids= link opens as it says: two ISBN URNs, one group under URN_NS",
        JSON.stringify(fromDoc[0].map((r) => [r[0], r[2], r[7], r[8]])) === JSON.stringify([["1", "yes", "", "1"], ["2", "yes", "", "1"]]) &&
          fromDoc[1][0] === "ns", `${docLink} ${JSON.stringify(fromDoc)}`);
  const own = await page.eval("location.href");
  const ownHash = new URLSearchParams(new URL(own).hash.slice(1));
  check("then the page's own address carries them (fragment: identifiers, mode)",
        new URL(own).search === "" && ownHash.get("mode") === "ns" && (ownHash.has("z") || ownHash.has("ids")), own);
  async function reopen(url, n) {
    const tab = await openTab(cdp, problems);
    await tab.send("Emulation.setDeviceMetricsOverride", desktop);
    await tab.goto(url);
    await tab.until(rowsReady(n)).catch(() => {});
    const got = [await tab.eval(IDS_ROWS), await tab.eval(`["mode", "filter", "search", "sort", "desc", "page-no"]
      .map((id) => { const e = document.getElementById(id); return e.type === "checkbox" ? e.checked : e.value; })`)];
    await cdp.send("Target.closeTarget", { targetId: tab.targetId });
    return got;
  }
  const again = await reopen(own, 5);
  check("the page's address, opened in a fresh tab, shows the same rows",
        JSON.stringify(again[0]) === JSON.stringify(fromLink), JSON.stringify(again[0]));

  // A view, then "Copy link"; the clipboard's link in a fresh tab.
  await cdp.send("Browser.grantPermissions", { origin: base.replace(/\/$/, ""),
    permissions: ["clipboardReadWrite", "clipboardSanitizedWrite"] });
  await page.eval(`(() => { const f = document.getElementById("filter"); f.value = "dupNs";
    f.dispatchEvent(new Event("change")); return 1; })()`);
  await page.until('document.querySelectorAll("#ids-table tbody.dup-group").length === 1');
  await page.eval('document.getElementById("ids-link").click(), 1');
  const copied = await page.until('/^The link is copied/.test(document.getElementById("link-info").textContent) && document.getElementById("link-info").textContent')
    .catch((e) => e.message);
  check("Copy link copies the link and says what it opens", /^The link is copied \([\d,]+ characters\): it opens these 5 identifiers in mode 'ns', showing duplicates under URN_NS\.$/.test(copied), copied);
  const clip = await page.eval("navigator.clipboard.readText()").catch((e) => e.message);
  const viewRows = await page.eval(IDS_ROWS);
  const fromClip = await reopen(clip, 5);
  check("the copied link, opened in a fresh tab, shows the same rows, mode and view",
        /^http:/.test(clip) && JSON.stringify(fromClip[0]) === JSON.stringify(viewRows) &&
          JSON.stringify(fromClip[1]) === JSON.stringify(["ns", "dupNs", "", "0", false, "1"]),
        `${clip.slice(0, 200)} ${JSON.stringify(fromClip)}`);

  // Past the size a link holds: said, with the CSV offered.
  const many = [];
  for (let i = 0; i < 3000; i++) {
    many.push(`urn:uuid:${require("crypto").createHash("sha256").update(String(i)).digest("hex").slice(0, 32)}`);
  }
  await page.eval('document.getElementById("ids").focus(), 1');
  await page.paste(many.join("\n"));
  await page.until(rowsReady(3000)).catch(() => {});
  const tooLong = await page.until('!document.getElementById("link-info").hidden && document.getElementById("link-info").textContent')
    .catch((e) => e.message);
  const longHash = new URLSearchParams(new URL(await page.eval("location.href")).hash.slice(1));
  check("identifiers too many for a link: the page says so and offers the CSV",
        /^3,000 identifiers make a link of [\d,]+ characters, longer than the 8,000 a link holds: .* Share the CSV file instead\. Download CSV$/.test(tooLong) &&
          !longHash.has("z") && !longHash.has("ids") && longHash.get("mode") === "ns", `${tooLong} ${longHash}`);

  // ---- The CSV a spreadsheet reads (point 2): BOM, empty cells, the
  // input's line numbers, formulas neutralised.
  await page.eval(`(() => { const m = document.getElementById("mode"); m.value = "rfc8141";
    const f = document.getElementById("filter"); f.value = "all"; return 1; })()`);
  const risky = ["urn:isbn:0-395-36341-1", '=HYPERLINK("http://x","y")', "", "+1+2", "-2", "@SUM(A1)",
    "\turn:ab:c", "urn:example:a,b", "URN:ISBN:0-395-36341-1#p"];
  await page.paste(risky.join("\n"));
  await page.until(rowsReady(8)).catch(() => {});
  const tableRows = await page.eval(IDS_ROWS);
  for (const f of fs.readdirSync(downloads)) fs.rmSync(path.join(downloads, f));
  await page.eval('document.getElementById("ids-csv").click(), 1');
  let idsCsv = null;
  for (let i = 0; i < 100 && idsCsv === null; i++) {
    await sleep(100);
    const f = path.join(downloads, "identifiers.csv");
    if (fs.existsSync(f)) idsCsv = fs.readFileSync(f);
  }
  idsCsv = idsCsv || Buffer.alloc(0);
  // The same rows, encoded here on their own: quoted when needed, a quote
  // in front of = + - @ tab CR.
  const field = (v) => (/^[\t\r]|^\s*[=+\-@]/.test(v) ? `"'${v.replace(/"/g, '""')}"`
    : /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const wantCsv = "\ufeffline,as written,URN,error,NID,NSS,canonical,group (URN),group (URN_NS)\r\n" +
    tableRows.map((r) => r.map((v, k) => (k === 0 ? v : field(v))).join(",") + "\r\n").join("");
  check("the identifiers' CSV: a UTF-8 BOM, then the table's rows",
        idsCsv.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])) && idsCsv.toString("utf8") === wantCsv,
        JSON.stringify(idsCsv.toString("utf8")) + " wanted " + JSON.stringify(wantCsv));
  const csvText = idsCsv.toString("utf8");
  check("the CSV's lines are the input's (a blank line counted), its empty cells empty",
        JSON.stringify(tableRows.map((r) => r[0])) === JSON.stringify(["1", "2", "4", "5", "6", "7", "8", "9"]) &&
          !/NULL/.test(csvText) && csvText.includes("\r\n1,urn:isbn:0-395-36341-1,yes,,isbn,0-395-36341-1,urn:isbn:0-395-36341-1,1,1\r\n"),
        JSON.stringify(csvText));
  check("no formula injection: cells that begin with = + - @ or a tab are quoted with a ' in front",
        ['"\'=HYPERLINK(""http://x"",""y"")"', '"\'+1+2"', '"\'-2"', '"\'@SUM(A1)"', '"\'\turn:ab:c"']
          .every((c) => csvText.includes(`\r\n${c.startsWith('"\'=') ? 2 : c.startsWith('"\'+') ? 4 : c.startsWith('"\'-') ? 5 : c.startsWith('"\'@') ? 6 : 7},${c},no,`)),
        JSON.stringify(csvText));
  const csvMod = await import(require("url").pathToFileURL(path.join(DIST, "csv.js")).href);
  const cells = [csvMod.csvField("\r=1"), csvMod.csvField(-1), csvMod.csvField(null), csvMod.csvField("a\"b"), csvMod.csvField(new Uint8Array([1, 255]))];
  check("csv.js: a leading CR neutralised too, numbers and NULL as they are",
        JSON.stringify(cells) === JSON.stringify(["\"'\r=1\"", "-1", "", "\"a\"\"b\"", "X'01FF'"]), JSON.stringify(cells));
  // A formula after leading white space: kept as text by a spreadsheet,
  // but run by an importer that trims the cell first (issue 51).
  const spaced = [" =HYPERLINK(\"http://x\",\"y\")", "\n=1+1", " \t-2", "\u00a0@SUM(A1)", "\r\n+1",
    " urn:ab:c", "a=1", "urn:ab:=c"].map(csvMod.csvField);
  check("csv.js: = + - @ after leading white space (a space, a newline, a no-break space) neutralised too",
        JSON.stringify(spaced) === JSON.stringify(["\"' =HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"", "\"'\n=1+1\"", "\"' \t-2\"",
          "\"'\u00a0@SUM(A1)\"", "\"'\r\n+1\"", " urn:ab:c", "a=1", "urn:ab:=c"]), JSON.stringify(spaced));

  // ---- A CSV pasted one per line (point 6): a hint offers the CSV mode.
  await page.paste("urn:nbn:de:bvb:19-146642,,\nurn:isbn:0-395-36341-1,,\n");
  const hint = await page.until('!document.getElementById("csv-hint").hidden && document.getElementById("csv-hint").textContent')
    .catch((e) => e.message);
  check("a pasted CSV read one per line gets a hint",
        /^Every line holds 2 commas, as the lines of a CSV file do, and is read whole as one identifier here\.\s*Read it as CSV$/.test(hint.trim()), hint);
  await page.eval('document.getElementById("as-csv").click(), 1');
  await page.until(`document.getElementById("format").value === "csv" && /^2 identifiers: 2 URNs/.test(document.getElementById("summary").textContent) &&
    (document.querySelector("#ids-table tbody td.id") || {}).textContent === "urn:nbn:de:bvb:19-146642"`).catch(() => {});
  const asCsv = (await page.eval(IDS_ROWS)).map((r) => r.slice(0, 3));
  check("its button reads the first column as CSV",
        JSON.stringify(asCsv) === JSON.stringify([["1", "urn:nbn:de:bvb:19-146642", "yes"], ["2", "urn:isbn:0-395-36341-1", "yes"]]),
        JSON.stringify(asCsv));
  await page.eval('document.getElementById("format").value = "lines", 1');

  // ---- Bad input, each with a sentence.
  await page.paste("abc\u0000\u0001\u0002def\u0003\n");
  const binErr = await page.until('!document.getElementById("ids-error").hidden && document.getElementById("ids-error").textContent')
    .catch((e) => e.message);
  check("a binary paste gets a sentence", binErr === "This looks like binary data, not text: it holds 4 control characters " +
    "(NUL among them). Paste identifiers as text, one per line, or open a text file (UTF-8) with “Open a file”.", binErr);
  await page.eval('document.getElementById("ids").value = "", document.getElementById("check").click(), 1');
  const emptyNote = await page.until('!document.getElementById("ids-note").hidden && document.getElementById("ids-note").textContent')
    .catch((e) => e.message);
  check("empty input gets a sentence", emptyNote === "There is nothing to check: paste identifiers, one per line, or open a file.", emptyNote);
  await page.goto(`${base}index.html?ids=urn:ab:c&mode=strict`);
  await page.until(rowsReady(1)).catch(() => {});
  const modeNote = await page.eval('[document.getElementById("mode").value, document.getElementById("ids-note").textContent]');
  check("a ?mode= that is not a mode gets a sentence, and RFC 8141",
        JSON.stringify(modeNote) === JSON.stringify(["rfc8141", "The link asks for mode “strict”, which is not a mode: the identifiers " +
          "are checked under RFC 8141. Choose RFC 2141 or 'ns' above if the link meant one of them."]), JSON.stringify(modeNote));

  // ---- Errors in plain words (point 3): the engine's message names what
  // it found; the page marks it, blank characters as a marked gap.
  await page.eval('document.getElementById("ids").focus(), 1');
  await page.paste(["urn:isbn:0 395", "urn:ab:c\u2019d", "urn:ab:c\u00a0d", "urn:ab:\u200bc", "urn:ab:c\td"].join("\n"));
  await page.until(rowsReady(5)).catch(() => {});
  const plain = await page.eval(`[...document.querySelectorAll("#ids-table tbody tr")].map((tr) => {
    const m = tr.cells[1].querySelector("mark");
    return [tr.cells[3].textContent.replace(/, expected.*/, ""), m.textContent, m.className, m.title, m.getBoundingClientRect().width > 3];
  })`);
  check("errors in plain words, each spot marked: a space, a curly quote, a no-break space, a zero width space, a tab",
        JSON.stringify(plain) === JSON.stringify([
          ["offset 10: found ' ' (space)", " ", "blank", "byte 10: U+0020", true],
          ["offset 8: found '\u2019' (U+2019)", "\u2019", "", "byte 8: U+2019", true],
          ["offset 8: found U+00A0 (no-break space)", "\u00a0", "blank", "byte 8: U+00A0", true],
          ["offset 7: found U+200B (zero width space)", "\u200b", "blank", "byte 7: U+200B", true],
          ["offset 8: found U+0009 (tab)", "\t", "blank", "byte 8: U+0009", true]]), JSON.stringify(plain));
  await page.eval('document.getElementById("summary").scrollIntoView(), 1');
  await page.shot("errors-1280.png");

  const help = await page.eval('[...document.querySelectorAll("#help li b")].map((b) => b.textContent)');
  check("the page explains the three modes and the two groupings, a line each",
        JSON.stringify(help) === JSON.stringify(["RFC 8141", "RFC 2141 (legacy)", "'ns'", "group (URN)", "group (URN_NS)"]), JSON.stringify(help));

  await page.goto("about:blank"); // (from the page's own address, a new fragment alone would not reload it)
  await page.goto(`${base}index.html#z=not-deflate&mode=rfc2141`);
  await page.until(rowsReady(11)).catch(() => {});
  const zNote = await page.eval('[document.getElementById("mode").value, document.getElementById("ids-note").textContent]');
  check("a damaged z= gets a sentence; the example identifiers are shown, in the link's mode",
        JSON.stringify(zNote) === JSON.stringify(["rfc2141", "The link's identifiers (z=) are damaged, perhaps cut when it " +
          "was copied: the example identifiers are shown instead. Ask for the link again, or for the CSV file."]), JSON.stringify(zNote));
  // A z= that expands past the cap (4 MiB; here 64 MiB of "a\n" in 64 kB of
  // base64url, and a gigabyte would fit in 1.3 MB): the stream is
  // cancelled and the page gets the same note as for any damaged z=.
  const bomb = zlib.deflateRawSync(Buffer.alloc(64 * 1024 * 1024, "a\n"), { level: 9 }).toString("base64url");
  await page.goto("about:blank");
  const bombAt = Date.now();
  await page.goto(`${base}index.html#z=${bomb}`);
  await page.until(rowsReady(11)).catch(() => {});
  const bombNote = await page.eval('[document.getElementById("ids-note").textContent, document.getElementById("ids").value.length < 10000]');
  check(`a z= that expands past 4 MiB (${bomb.length} characters, 64 MiB) is cancelled: the damaged-link note and the example identifiers`,
        JSON.stringify(bombNote) === JSON.stringify(["The link's identifiers (z=) are damaged, perhaps cut when it " +
          "was copied: the example identifiers are shown instead. Ask for the link again, or for the CSV file.", true]),
        JSON.stringify(bombNote) + ` after ${Date.now() - bombAt} ms`);
  // A link pasted into the address bar of the open page: only its fragment
  // differs, and the page opens it.
  await page.send("Page.navigate", { url: `${base}index.html#ids=${encodeURIComponent("urn:ab:c")}&mode=ns` });
  await sleep(1500);
  await page.until(rowsReady(1)).catch(() => {});
  const hashNav = await page.eval('[document.getElementById("mode").value, document.getElementById("ids").value]');
  check("a new fragment in the address bar of the open page opens that link",
        JSON.stringify(hashNav) === JSON.stringify(["ns", "urn:ab:c"]), JSON.stringify(hashNav));
  await page.eval('document.getElementById("mode").value = "rfc8141", document.getElementById("ids").focus(), 1');
  await page.paste("urn:isbn:0-395-36341-1\tThe Hobbit\n");
  const tsvHint = await page.until('!document.getElementById("csv-hint").hidden && document.getElementById("csv-hint-text").textContent')
    .catch((e) => e.message);
  check("a TSV line pasted one per line gets the hint too",
        tsvHint === "Every line holds 1 tab, as the lines of a TSV file do, and is read whole as one identifier here.", tsvHint);

  // ---- The duplicates view, sort, search (point 5).
  await page.eval('document.getElementById("example-ids").click(), 1');
  await page.until(rowsReady(11)).catch(() => {});
  const exampleIds = (await page.eval('document.getElementById("ids").value')).split("\n");
  const setView = (id, value) => page.eval(`(() => { const e = document.getElementById("${id}");
    if (e.type === "checkbox") e.checked = ${JSON.stringify(value)}; else e.value = ${JSON.stringify(value)};
    e.dispatchEvent(new Event(e.type === "search" ? "input" : "change")); return 1; })()`);
  const groups = `[...document.querySelectorAll("#ids-table tbody.dup-group")].map((b) =>
    [b.querySelector("th.group-head").textContent, [...b.querySelectorAll("td.line")].map((td) => td.textContent)])`;
  await setView("filter", "dupNs");
  await page.until('document.querySelectorAll("#ids-table tbody.dup-group").length === 2').catch(() => {});
  const dupNs = await page.eval(groups);
  check("the duplicates view: each group's members together, under a heading that names the group",
        JSON.stringify(dupNs) === JSON.stringify([
          ["Group 1 under URN_NS: 3 identifiers, urn:isbn:0395363411", ["1", "2", "3"]],
          ["Group 2 under URN_NS: 2 identifiers, urn:example:a%2Cb", ["5", "6"]]]), JSON.stringify(dupNs));
  await page.shot("duplicates-1280.png");
  await setView("search", "a%2c");
  await page.until('document.querySelectorAll("#ids-table tbody.dup-group").length === 1').catch(() => {});
  const dupFound = await page.eval(groups);
  check("a search keeps the groups that one of their members matches, whole",
        JSON.stringify(dupFound) === JSON.stringify([["Group 2 under URN_NS: 2 identifiers, urn:example:a%2Cb", ["5", "6"]]]),
        JSON.stringify(dupFound));
  await setView("search", "");
  await setView("filter", "all");
  await page.until('document.querySelectorAll("#ids-table tbody td.line").length === 11').catch(() => {});
  await page.eval('document.querySelectorAll("#ids-table th button.sort")[1].click(), 1');
  await page.until('document.querySelector("#ids-table th[aria-sort]") && document.querySelector("#ids-table th[aria-sort]").textContent === "as written"').catch(() => {});
  await page.eval('document.querySelectorAll("#ids-table th button.sort")[1].click(), 1');
  await page.until('document.getElementById("desc").checked && (document.querySelector("#ids-table th[aria-sort]") || {}).ariaSort === "descending"').catch(() => {});
  await sleep(300);
  const sorted = (await page.eval(IDS_ROWS)).map((r) => r[1]);
  const wantSorted = exampleIds.slice().sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  check("a column's heading sorts by it, again for descending", JSON.stringify(sorted) === JSON.stringify(wantSorted),
        JSON.stringify(sorted));
  await setView("desc", false);
  await setView("sort", "0");
  await setView("search", "ISBN");
  await page.until(`document.querySelectorAll("#ids-table tbody td.line").length === ${exampleIds.filter((x) => /isbn/i.test(x)).length}`).catch(() => {});
  const found = (await page.eval(IDS_ROWS)).map((r) => r[0]);
  check("a search finds the identifiers that hold it, in any case",
        JSON.stringify(found) === JSON.stringify(exampleIds.map((x, k) => (/isbn/i.test(x) ? String(k + 1) : null)).filter(Boolean)),
        JSON.stringify(found));
  await setView("search", "");

  // ---- The phone (point 4): no sideways scroll, a block per identifier,
  // the duplicates view.
  await page.send("Emulation.setDeviceMetricsOverride", { width: 390, height: 844, deviceScaleFactor: 1, mobile: true });
  await sleep(300);
  const phone = await page.eval(`[document.documentElement.scrollWidth, innerWidth,
    getComputedStyle(document.querySelector("#ids-table tbody tr")).display,
    getComputedStyle(document.querySelector("#ids-table thead")).display,
    Math.max(...[...document.querySelectorAll("#ids-table tbody tr")].map((tr) => tr.getBoundingClientRect().right))]`);
  check("at 390 px: no sideways scroll, one block per identifier inside the screen",
        phone[0] <= phone[1] && phone[2] === "block" && phone[3] === "none" && phone[4] <= phone[1], JSON.stringify(phone));
  await setView("filter", "dupUrn");
  await page.until('document.querySelectorAll("#ids-table tbody.dup-group").length === 2').catch(() => {});
  const phoneDup = await page.eval(`[document.documentElement.scrollWidth, innerWidth, ${groups}]`);
  check("at 390 px the duplicates view fits too",
        phoneDup[0] <= phoneDup[1] && JSON.stringify(phoneDup[2]) === JSON.stringify([
          ["Group 1 under URN: 2 identifiers, urn:isbn:0-395-36341-1", ["1", "2"]],
          ["Group 2 under URN: 2 identifiers, urn:example:a%2Cb", ["5", "6"]]]), JSON.stringify(phoneDup));
  await page.eval('document.getElementById("ids-view").scrollIntoView(), 1');
  await page.shot("duplicates-390.png");
  await setView("filter", "all");

  // ---- A 1 MB identifier (point 4): cut in its cell, whole in "Show all",
  // and no long task on the main thread.
  const mega = "urn:example:" + "a".repeat(1 << 20);
  const megaBad = "urn:example:" + "b".repeat(1 << 20) + " x";
  await page.eval('document.getElementById("ids").focus(), 1');
  await page.paste([mega, megaBad, "urn:isbn:0-395-36341-1"].join("\n"));
  await page.until(rowsReady(3)).catch(() => {});
  await sleep(500);
  const megaCells = await page.eval(`[document.documentElement.scrollWidth, innerWidth,
    Math.max(...[...document.querySelectorAll("#ids-table td")].map((td) => td.textContent.length)),
    document.querySelectorAll("#ids-table button.whole").length,
    (document.querySelector("#ids-table tbody tr:nth-child(2) mark") || {}).title]`);
  check("a 1 MB identifier: its cells cut, each with a Show all button, the error's spot still marked, the page as wide as the screen",
        megaCells[0] <= megaCells[1] && megaCells[2] < 1000 && megaCells[3] === 4 && megaCells[4] === `byte ${megaBad.length - 2}: U+0020`,
        JSON.stringify(megaCells));
  await page.eval('document.querySelector("#ids-table button.whole").click(), 1');
  const whole = await page.until('document.getElementById("whole").open && [document.getElementById("whole-what").textContent, document.getElementById("whole-text").value.length]')
    .catch((e) => e.message);
  check("Show all shows the value in parts of 20,000 characters", JSON.stringify(whole) ===
        JSON.stringify(["as written, 1,048,588 characters (characters 1–20,000 shown):", 20000]), JSON.stringify(whole));
  await page.eval('document.getElementById("whole-next").click(), document.getElementById("whole-copy").click(), 1');
  await page.until('/^Copied/.test(document.getElementById("whole-info").textContent)').catch(() => {});
  const wholeClip = await page.eval(`Promise.all([document.getElementById("whole-what").textContent,
    document.getElementById("whole-text").value.length, navigator.clipboard.readText().then((t) => t.length),
    document.getElementById("whole-info").textContent])`).catch((e) => [e.message]);
  check("Next part shows the next 20,000; Copy it all copies the whole value",
        JSON.stringify(wholeClip) === JSON.stringify(["as written, 1,048,588 characters (characters 20,001–40,000 shown):", 20000,
          mega.length, "Copied: 1,048,588 characters."]), JSON.stringify(wholeClip));
  await page.shot("1mb-390.png");
  await page.eval('document.getElementById("whole-close").click(), 1');
  const megaLong = await page.eval(LONG_SINCE_PASTE);
  check(`a 1 MB identifier: no main-thread task over 200 ms (long tasks: ${JSON.stringify(megaLong)})`,
        Array.isArray(megaLong) && megaLong.every((d) => d < 200), JSON.stringify(megaLong));
  await page.send("Emulation.setDeviceMetricsOverride", desktop);

  // ---- Links to the manual and the source.
  const links = await page.eval('[...document.querySelectorAll("footer a")].map((a) => a.href)');
  const answers = [];
  for (const l of links) answers.push(`${(await get(l)).status} ${l}`);
  check(`the footer links to the manual and the source, all served (${links.length} links)`,
        links.length >= 8 && answers.every((a) => /^200 /.test(a)) && links.some((l) => /docs\/browser\.md$/.test(l)) &&
          links.some((l) => /playground\.js$/.test(l)), answers.join(", "));

  // ---- 100,000 lines.
  await page.eval('document.getElementById("format").value = "lines", document.getElementById("format").dispatchEvent(new Event("change")), 1');
  const big = [];
  for (let i = 0; i < 100000; i++) {
    // Every tenth is not a URN; the others name 36,000 items, each two or three times.
    big.push(i % 10 === 9 ? `urn:x:${i}` : `URN:Example:item-${i % 40000}%2c#${i}`);
  }
  await page.eval('document.getElementById("ids").focus(), 1');
  await page.paste(big.join("\n"));
  let sawProgress = false;
  let answered = 0;
  let done = "";
  const end = Date.now() + 180000;
  while (!done && Date.now() < end) {
    const s = await page.eval('document.getElementById("summary").textContent');
    answered++;
    if (/^Checking/.test(s)) sawProgress = true;
    if (/^100000 identifiers/.test(s)) done = s;
    else await sleep(50);
  }
  check("100,000 pasted lines are all checked", done ===
    "100000 identifiers: 90000 URNs, 10000 not; 36000 groups of duplicates under URN, 36000 under URN_NS.", done);
  check(`the page answered while they were checked (${answered} answers, a progress message seen)`,
        sawProgress && answered > 1, `progress ${sawProgress}, ${answered} answers`);
  await page.until('/of 100,000$/.test(document.getElementById("page").textContent)').catch(() => {});
  await sleep(300);
  const bigLong = await page.eval(LONG_SINCE_PASTE);
  check(`during the check of 100,000 lines no main-thread task took over 200 ms (long tasks: ${JSON.stringify(bigLong)})`,
        Array.isArray(bigLong) && bigLong.every((d) => d < 200), JSON.stringify(bigLong));
  const bigRows = await page.eval(`[document.querySelectorAll("#ids-table tbody tr").length, document.getElementById("page").textContent]`);
  check("the table shows them 100 at a time", JSON.stringify(bigRows) === JSON.stringify([100, "rows 1–100 of 100,000"]),
        JSON.stringify(bigRows));
  await page.shot("100000.png");
  await page.eval(`(() => { const p = document.getElementById("page-no"); p.value = "500";
    p.dispatchEvent(new Event("change")); return 1; })()`);
  await page.until('/^rows 49,901/.test(document.getElementById("page").textContent)').catch(() => {});
  const jumped = await page.eval(`[document.getElementById("page").textContent, document.querySelector("#ids-table td.line").textContent,
    document.getElementById("pages").textContent]`);
  check("go to a page: page 500 of 1,000", JSON.stringify(jumped) === JSON.stringify(["rows 49,901–50,000 of 100,000", "49901", "of 1,000"]),
        JSON.stringify(jumped));

  check("no console error, uncaught exception or failed request", problems.length === 0, problems.join("\n  "));

  // ---- An engine that cannot load (its .wasm refused by the network): a
  // message, not a blank page.  (The failed request is expected here.)
  await page.send("Fetch.enable", { patterns: [{ urlPattern: "*sqlite-urn-engine.wasm*" }] });
  const refuse = (m) => {
    if (m.method === "Fetch.requestPaused") {
      cdp.send("Fetch.failRequest", { requestId: m.params.requestId, errorReason: "Failed" }, m.sessionId).catch(() => {});
    }
  };
  cdp.listeners.push(refuse);
  await page.goto(base);
  const fatal = await page.until('!document.getElementById("fatal").hidden && document.getElementById("fatal").textContent')
    .catch((e) => e.message);
  check("an engine that cannot load: the page says SQLite could not start", /^SQLite could not start: /.test(fatal), fatal);
  await page.shot("no-engine.png");
  cdp.listeners.splice(cdp.listeners.indexOf(refuse), 1);
  await page.send("Fetch.disable");
}

main().catch((e) => {
  check("the test itself", false, e && e.stack);
}).finally(() => {
  stopAll();
  console.log(`browser: ${npass} passed, ${nfail} failed`);
  process.exit(nfail ? 1 : 0);
});
