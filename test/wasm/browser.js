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
//   - 100,000 pasted lines are all checked, the page answering meanwhile;
//   - no console error, no uncaught exception, no failed request;
//   - screenshots for review in build/wasm/shots/.
// Prints "ok - NAME" or "FAILED - NAME: why" per check and ends with
// "browser: N passed, N failed".
const cp = require("child_process");
const fs = require("fs");
const http = require("http");
const net = require("net");
const os = require("os");
const path = require("path");

const TOP = path.resolve(__dirname, "..", "..");
const DIST = path.join(TOP, "dist", "wasm");
const OUT = path.join(TOP, "build", "wasm");
const SHOTS = path.join(OUT, "shots");
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

async function run(cdp, base) {
  const { targetId } = await cdp.send("Target.createTarget", { url: "about:blank" });
  const { sessionId } = await cdp.send("Target.attachToTarget", { targetId, flatten: true });
  const page = new Page(cdp, sessionId);
  // Console errors, uncaught exceptions and failed loads, of the page and
  // of its worker (auto-attached).
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
  await page.send("Page.enable");
  await page.send("Runtime.enable");
  await page.send("Log.enable");
  await page.send("Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: false, flatten: true });
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
          JSON.stringify(marked) === JSON.stringify([["4", ":", "byte 5"], ["8", "é", "byte 12"]]), JSON.stringify(marked));
    await page.shot(`${label}.png`);

    // The overflow of a phone-sized screen is inside the tables' scroll boxes.
    const overflow = await page.eval("document.documentElement.scrollWidth - window.innerWidth");
    check(`${label}: the page is no wider than the screen (${width}px)`, overflow <= 0, `${overflow}px too wide`);
  }

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
        csv === "id,canonical\r\nurn:isbn:0-395-36341-1,urn:isbn:0-395-36341-1\r\n" +
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
  await page.send("DOM.setFileInputFiles", { nodeId, files: [goodCsv] });
  await page.eval('document.getElementById("column").value = "urn", document.getElementById("column").dispatchEvent(new Event("input")), 1');
  // The file is checked first with column 1, then with "urn": wait for the latter.
  await page.until(`/^3 identifiers/.test(document.getElementById("summary").textContent) &&
    (document.querySelector("#ids-table tbody td.id") || {}).textContent === "urn:isbn:0-395-36341-1"`).catch(() => {});
  const csvRows = (await page.eval(IDS_ROWS)).map((r) => r.slice(0, 3));
  check("a CSV file's column, named by its header: each identifier with its CSV line",
        JSON.stringify(csvRows) === JSON.stringify([["2", "urn:isbn:0-395-36341-1", "yes"],
          ["3", "URN:IETF:RFC:8141", "yes"], ["4", "urn:x\u2403", "no"]]), JSON.stringify(csvRows));
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
  check("an unclosed quote gets a message", quoteErr === "This input cannot be read: CSV line 2: a quoted field is not closed", quoteErr);
  const visible = await page.eval('document.body.innerText.length');
  check("after bad input the page still shows its content", visible > 500, visible);
  await page.shot("bad-input.png");

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
  const bigRows = await page.eval(`[document.querySelectorAll("#ids-table tbody tr").length, document.getElementById("page").textContent]`);
  check("the table shows them 200 at a time", JSON.stringify(bigRows) === JSON.stringify([200, "rows 1–200 of 100000"]),
        JSON.stringify(bigRows));
  await page.shot("100000.png");

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
