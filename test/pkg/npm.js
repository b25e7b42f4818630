"use strict";
// test/pkg/npm.js VERSION PLATFORM=LIB... -- make npm's test, run after
// npm pack: the tarball dist/sqlite-urn-VERSION.tgz carries each platform
// library (lib/PLATFORM/) and nothing stray, and package.json's os and cpu
// name those platforms; the README's own npm install lines install it with
// better-sqlite3 12 (on Node 18 too, with npm's engine warning) and libsql from the npm registry into build/pkgtest/npm
// (kept between runs: a warm run reinstalls only the tarball); the checks
// of npm_checks.js run with each driver, and the README's and the manual's
// ```javascript examples run there.  Prints "ok - NAME" or "FAILED - NAME:
// why" per check and ends with "npm: N passed, N failed".
const cp = require("child_process");
const crypto = require("crypto");
const fs = require("fs");
const path = require("path");

const TOP = path.resolve(__dirname, "..", "..");
const [version, ...pairs] = process.argv.slice(2);
const libs = Object.fromEntries(pairs.map((p) => p.split("=")));
const WORK = path.join(TOP, "build", "pkgtest", "npm");
const TGZ = path.join(TOP, "dist", `sqlite-urn-${version}.tgz`);
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

// {status, out}: stdout and stderr together.
function run(cmd, args, opts = {}) {
  const r = cp.spawnSync(cmd, args, { encoding: "utf8", maxBuffer: 1 << 26, ...opts });
  return { status: r.status, out: (r.stdout || "") + (r.stderr || "") + (r.error ? String(r.error) : "") };
}

const sha256 = (buf) => crypto.createHash("sha256").update(buf).digest("hex");

// Fenced blocks of a page: [{lang, line, body}].
function blocks(page) {
  const lines = fs.readFileSync(page, "utf8").split("\n");
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^```(\w+)\s*$/.exec(lines[i]);
    if (!m) continue;
    let j = i + 1;
    while (j < lines.length && !/^```\s*$/.test(lines[j])) j++;
    out.push({ lang: m[1], line: i + 1, body: lines.slice(i + 1, j) });
    i = j;
  }
  return out;
}

const readme = path.join(TOP, "README.md");
const pages = [readme, ...fs.readdirSync(path.join(TOP, "docs")).filter((f) => f.endsWith(".md"))
  .sort().map((f) => path.join(TOP, "docs", f))];

// 1. The tarball: what it holds, and package.json.
check(`dist/sqlite-urn-${version}.tgz exists`, fs.existsSync(TGZ), TGZ);
const unpack = path.join(TOP, "build", "pkgtest", "npm-tgz");
fs.rmSync(unpack, { recursive: true, force: true });
fs.mkdirSync(unpack, { recursive: true });
let r = run("tar", ["-xzf", TGZ, "-C", unpack]);
check("the tarball unpacks", r.status === 0, r.out);
const pkgdir = path.join(unpack, "package");
const listing = run("tar", ["-tzf", TGZ]).out.trim().split("\n").sort();
const want = ["package/LICENSE", "package/README.md", "package/index.d.ts", "package/index.js",
  "package/package.json",
  ...Object.entries(libs).map(([p, l]) => `package/lib/${p}/${path.basename(l)}`),
  ...(process.env.WASM_MODULE_FILES || "").trim().split(/\s+/).filter(Boolean).map((f) => `package/browser/${f}`)].sort();
check("it holds the loader, its types, README, LICENSE, one library per platform and the browser module, nothing else",
      JSON.stringify(listing) === JSON.stringify(want), `${listing} vs ${want}`);
for (const [plat, lib] of Object.entries(libs)) {
  const inside = path.join(pkgdir, "lib", plat, path.basename(lib));
  check(`lib/${plat}/${path.basename(lib)} is ${lib}, byte for byte`,
        fs.existsSync(inside) && sha256(fs.readFileSync(inside)) === sha256(fs.readFileSync(lib)), inside);
}
const pj = JSON.parse(fs.readFileSync(path.join(pkgdir, "package.json"), "utf8"));
const uniq = (a) => [...new Set(a)].sort();
const plats = Object.keys(libs);
check(`package.json: name sqlite-urn, version ${version}`, pj.name === "sqlite-urn" && pj.version === version,
      `${pj.name} ${pj.version}`);
check("package.json: os and cpu name exactly the platforms carried",
      JSON.stringify(uniq(pj.os || [])) === JSON.stringify(uniq(plats.map((p) => p.split("-")[0]))) &&
      JSON.stringify(uniq(pj.cpu || [])) === JSON.stringify(uniq(plats.map((p) => p.split("-")[1]))),
      `os ${pj.os} cpu ${pj.cpu}`);

// better-sqlite3 12 on every Node the package supports.  Its engines say
// 20.x to 26.x (13 needs 22, and crashes on 20); on Node 18, Debian 12's
// nodejs (18.20.4, npm 9.2.0), npm warns EBADENGINE, installs 12.11.1,
// builds it against Debian's headers (libnode-dev) and it loads the
// library: checked in a Debian 12 chroot.  The README says the same, and
// package.json's engines says Node 18 or later.
const nodeMajor = Number(process.versions.node.split(".")[0]);
const bsqlMajor = "12";
check(`node ${process.versions.node} is 18 or later, as package.json's engines says`, nodeMajor >= 18,
      "sqlite-urn's drivers need Node 18 or later");
const installText = (/^## Install\n([\s\S]*?)(?=^## )/m.exec(fs.readFileSync(readme, "utf8")) || ["", ""])[1];
check("package.json's engines and the README's Install section both say Node 18 or later",
      pj.engines && pj.engines.node === ">=18" && /\*\*Node\.js\*\*, 18 or later/.test(installText) &&
      /better-sqlite3 12 supports Node 20 and later; on Node\s+18 \(Debian 12's\s+`nodejs`\) it installs with an engine warning and works/.test(installText),
      `engines ${JSON.stringify(pj.engines)}`);

// 2. The README's npm install lines, in WORK (node_modules kept between runs).
// A package.json of its own, so that npm does not look further up.  The
// drivers stay installed between runs (better-sqlite3 compiles SQLite for
// a minute or more); npm replaces the named tarball, which the checks
// below compare with this build.
fs.mkdirSync(WORK, { recursive: true });
if (!fs.existsSync(path.join(WORK, "package.json"))) {
  fs.writeFileSync(path.join(WORK, "package.json"), '{ "name": "sqlite-urn-npm-test", "private": true }\n');
}
fs.rmSync(path.join(WORK, "dist"), { force: true });
fs.symlinkSync(path.join(TOP, "dist"), path.join(WORK, "dist"));
const installSection = /^## Install\n([\s\S]*?)(?=^## )/m.exec(fs.readFileSync(readme, "utf8"));
const installs = [];
for (const page of pages) {
  const inInstall = page === readme;
  for (const b of blocks(page)) {
    if (b.lang !== "sh") continue;
    if (inInstall && !(installSection && installSection[1].includes(b.body.join("\n")))) continue;
    installs.push(...b.body.filter((l) => /^\s*npm install /.test(l)));
  }
}
// A line that names better-sqlite3@N is the one for the Node versions that
// N supports: this Node runs the one for bsqlMajor, and the others not.
const forNode = (l) => {
  const m = /\bbetter-sqlite3@(\d+)/.exec(l);
  return !m || m[1] === bsqlMajor;
};
check(`the README's Install section has an npm install line with better-sqlite3@${bsqlMajor}`,
      installs.some((l) => /\bbetter-sqlite3@/.test(l) && forNode(l)), installs.join("; "));
installs.splice(0, installs.length, ...installs.filter(forNode));
// better-sqlite3 builds from source here (its prebuilt download is out of
// reach) against the headers of the node that runs: node-gyp must not go
// looking for them either.
const env = { ...process.env, npm_config_build_from_source: "true", npm_config_audit: "false",
  npm_config_fund: "false", npm_config_update_notifier: "false" };
if (!env.npm_config_nodedir && fs.existsSync("/usr/include/node/node_api.h")) env.npm_config_nodedir = "/usr";
for (const c of installs) {
  r = run("bash", ["-ec", c], { cwd: WORK, env });
  check(`README: ${c.trim()}`, r.status === 0, r.out.slice(-1500));
}
const drivers = ["better-sqlite3", "libsql"];
for (const d of drivers) {
  r = run("node", ["-e", `require(${JSON.stringify(d)})`], { cwd: WORK });
  check(`${d} is installed by the docs' npm install lines`, r.status === 0, r.out.slice(-500));
}
const major = JSON.parse(fs.readFileSync(path.join(WORK, "node_modules", "better-sqlite3", "package.json"), "utf8")).version.split(".")[0];
check(`better-sqlite3 is ${bsqlMajor}.x, the README's, on Node ${nodeMajor}`, major === bsqlMajor, major);
const here = `${process.platform}-${process.arch}`;
if (libs[here]) {
  const installed = path.join(WORK, "node_modules", "sqlite-urn", "lib", here, path.basename(libs[here]));
  check("the installed package holds this build's library", fs.existsSync(installed) &&
        sha256(fs.readFileSync(installed)) === sha256(fs.readFileSync(libs[here])), installed);
}

// 3. The checks, with each driver.
for (const d of drivers) {
  fs.copyFileSync(path.join(__dirname, "npm_checks.js"), path.join(WORK, "npm_checks.js"));
  r = run("node", ["npm_checks.js", d, version], { cwd: WORK });
  for (const line of r.out.split("\n")) {
    if (!line) continue;
    console.log(line);
    if (line.startsWith("ok - ")) npass++;
    else if (line.startsWith("FAILED - ")) nfail++;
  }
  if (r.status !== 0 && !r.out.includes("FAILED - ")) check(`npm_checks.js ${d}`, false, r.out.slice(-800));
}

// The browser module, by its subpath export (docs/browser.md), in Node.
r = run("node", ["--input-type=module", "-e",
  'const { openDatabase } = await import("sqlite-urn/browser"); const db = await openDatabase(); ' +
  'console.log(db.exec("SELECT urn_canonical(?) AS c", ["URN:ISBN:0-395-36341-1#p"])[0].c);'], { cwd: WORK });
check('import("sqlite-urn/browser") opens a database in the WebAssembly build',
      r.status === 0 && r.out.trim() === "urn:isbn:0-395-36341-1", r.out.slice(-800));

// 4. The ```javascript examples of the README and the manual.
let nexamples = 0;
for (const page of pages) {
  for (const b of blocks(page)) {
    if (b.lang !== "javascript") continue;
    nexamples++;
    const where = `${path.basename(page)}:${b.line}`;
    const f = path.join(WORK, `example_${where.replace(/\W/g, "_")}.js`);
    fs.writeFileSync(f, b.body.join("\n") + "\n", "utf8");
    const expect = b.body.map((l) => /^\s*\/\/ → (.*)$/.exec(l)).filter(Boolean).map((m) => m[1]);
    r = run("node", [f], { cwd: WORK });
    const got = r.out.replace(/\n$/, "").split("\n");
    check(`example ${where}`, r.status === 0 && JSON.stringify(got) === JSON.stringify(expect),
          `want ${JSON.stringify(expect)}, got ${JSON.stringify(got)}`);
  }
}
check("the README and the manual show sqlite-urn examples", nexamples > 0, "none");

console.log(`npm: ${npass} passed, ${nfail} failed`);
process.exit(nfail ? 1 : 0);
