"use strict";
// bench/wasm.js -- make bench-wasm: the WebAssembly build of dist/wasm/ (make
// wasm) against the native library, appended to bench/results.txt as a
// section of its own (docs/speed.md).
//
//   node bench/wasm.js --corpus FILE --n N --reps R --ext LIB --out FILE
//
// 1. Sizes: the engine's .wasm and .js and the module sqlite-urn.js, plain
//    and gzipped (zlib's default level, as web servers compress).
// 2. sum(length(urn_canonical(x))) against sum(length(lower(x))) over the
//    corpus of gen_corpus (measurement 1 of bench.c), in the WebAssembly
//    build run by this Node, and natively in the sqlite3 shell with LIB
//    loaded; each the median of R alternating runs.  The corpus's bytes go
//    in as they are (BLOBs cast to TEXT: some rows are not UTF-8).  The
//    target: the WebAssembly ratio at most 1.25 times the native ratio.
// Timings are reported, never asserted: a MISSED target does not fail.
const cp = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");
const zlib = require("zlib");
const { pathToFileURL } = require("url");

const TOP = path.resolve(__dirname, "..");
const DIST = path.join(TOP, "dist", "wasm");
const MARK = "browser (make bench-wasm)";

function args() {
  const o = { reps: 5, out: path.join(TOP, "bench", "results.txt") };
  const a = process.argv.slice(2);
  for (let i = 0; i < a.length; i += 2) o[a[i].replace(/^--/, "")] = a[i + 1];
  o.reps = Math.max(5, Number(o.reps) || 5);
  return o;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;

// The corpus's rows, as byte arrays.
function corpusRows(file) {
  const buf = fs.readFileSync(file);
  const rows = [];
  let start = 0;
  for (let i = 0; i < buf.length; i++) {
    if (buf[i] === 0x0a) {
      rows.push(buf.subarray(start, i));
      start = i + 1;
    }
  }
  if (start < buf.length) rows.push(buf.subarray(start));
  return rows;
}

const QA = "SELECT sum(length(urn_canonical(x))) FROM c";
const QB = "SELECT sum(length(lower(x))) FROM c";

async function wasmTimes(rows, reps) {
  const api = await import(pathToFileURL(path.join(DIST, "sqlite-urn.js")).href);
  const db = await api.openDatabase();
  db.exec("CREATE TABLE c(x TEXT); BEGIN");
  const B = 500;
  for (let k = 0; k < rows.length; k += B) {
    const part = rows.slice(k, k + B);
    db.exec("INSERT INTO c VALUES " + part.map(() => "(CAST(? AS TEXT))").join(","), part);
  }
  db.exec("COMMIT");
  const n = db.query("SELECT count(*) FROM c").rows[0][0];
  const ta = [];
  const tb = [];
  const once = (q, into) => {
    const t0 = process.hrtime.bigint();
    db.query(q);
    into.push(Number(process.hrtime.bigint() - t0) / 1e6);
  };
  once(QA, []); // warm up
  once(QB, []);
  for (let r = 0; r < reps; r++) {
    if (r % 2) { once(QB, tb); once(QA, ta); } else { once(QA, ta); once(QB, tb); }
  }
  const sqlite = await api.sqliteVersion();
  db.close();
  return { n, a: median(ta), b: median(tb), sqlite };
}

// The same two queries in the sqlite3 shell, timed by its .timer.
function nativeTimes(corpus, ext, reps) {
  const order = [];
  for (let r = 0; r < reps; r++) order.push(...(r % 2 ? ["b", "a"] : ["a", "b"]));
  const script = [
    ".mode ascii", '.separator "\\037" "\\n"', "CREATE TABLE c(x TEXT);", `.import ${corpus} c`,
    ".mode list", `.load ${ext}`, "SELECT count(*) FROM c;", `${QA};`, `${QB};`, ".timer on",
    ...order.map((w) => `${w === "a" ? QA : QB};`), "",
  ].join("\n");
  const r = cp.spawnSync(process.env.SQLITE3 || "sqlite3", ["-batch", "-bail", ":memory:"],
    { input: script, encoding: "utf8", maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`sqlite3: ${r.stderr}`);
  const times = [...r.stdout.matchAll(/Run Time: real ([\d.]+)/g)].map((m) => Number(m[1]) * 1000);
  const n = Number(r.stdout.split("\n")[0]);
  const ta = [];
  const tb = [];
  order.forEach((w, i) => (w === "a" ? ta : tb).push(times[i]));
  const version = cp.spawnSync(process.env.SQLITE3 || "sqlite3", ["-version"], { encoding: "utf8" }).stdout.split(" ")[0];
  return { n, a: median(ta), b: median(tb), sqlite: version };
}

async function main() {
  const o = args();
  const lines = [];
  const out = (s) => { lines.push(s); console.log(s); };
  const files = ["sqlite-urn-engine.wasm", "sqlite-urn-engine.js", "sqlite-urn.js"];
  const load0 = os.loadavg()[0];
  const rows = corpusRows(o.corpus);
  const w = await wasmTimes(rows, o.reps);
  const n = nativeTimes(o.corpus, o.ext, o.reps);
  const emcc = cp.spawnSync("sh", ["-c", "NODE_PATH=/usr/share/nodejs emcc --version"], { encoding: "utf8" });
  out("");
  out(`${MARK}: SQLite ${w.sqlite} as WebAssembly, in Node ${process.versions.node}`);
  const emccVersion = (/(\d+\.\d+\.\d+)/.exec(emcc.stdout || "") || ["", "?"])[1];
  out(`build    emcc ${emccVersion} ${process.env.WASM_CFLAGS || ""}; ` +
      `native: the sqlite3 shell ${n.sqlite} with ${path.relative(TOP, path.resolve(o.ext))}`);
  out(`corpus   BENCH_N=${rows.length} rows (wasm ${w.n}, native ${n.n}), the corpus of the table above`);
  out(`load     ${load0.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after (1-minute load average; ${os.cpus().length} cores)`);
  out("");
  out("#   size                              plain         gzip");
  for (const f of files) {
    const b = fs.readFileSync(path.join(DIST, f));
    out(`14  ${f.padEnd(32)}  ${kb(b.length).padStart(11)}  ${kb(zlib.gzipSync(b).length).padStart(11)}`);
  }
  const rw = w.a / w.b;
  const rn = n.a / n.b;
  const rr = rw / rn;
  out("");
  out("#   measurement                               against                    ratio  target    verdict medians");
  out(`15  wasm:   sum(length(urn_canonical(x)))     sum(length(lower(x)))      ${rw.toFixed(2)}x  -                 ` +
      `${w.a.toFixed(0)} ms vs ${w.b.toFixed(0)} ms`);
  out(`15  native: sum(length(urn_canonical(x)))     sum(length(lower(x)))      ${rn.toFixed(2)}x  -                 ` +
      `${n.a.toFixed(0)} ms vs ${n.b.toFixed(0)} ms`);
  out(`15  the wasm ratio                            the native ratio           ${rr.toFixed(2)}x  <= 1.25x  ` +
      `${rr <= 1.25 ? "met   " : "MISSED"}  lower() itself: wasm ${(w.b / n.b).toFixed(2)}x native`);
  if (o.out) {
    let prev = fs.existsSync(o.out) ? fs.readFileSync(o.out, "utf8") : "";
    const at = prev.indexOf(`\n${MARK}`);
    if (at >= 0) prev = prev.slice(0, at);
    fs.writeFileSync(o.out, prev.replace(/\n*$/, "\n") + lines.join("\n") + "\n");
  }
}

main().catch((e) => {
  console.error(`bench-wasm: ${e && e.stack}`);
  process.exit(1);
});
