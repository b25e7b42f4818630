"use strict";
// test/release/npm.js VERSION TGZ OLD_TGZ VERDACCIO_DIR -- npm install
// sqlite-urn by name from a registry, as a Node.js user installs it from
// npmjs.com.  The registry is verdaccio (VERDACCIO_DIR/node_modules/.bin/
// verdaccio, make release-test-npm installs it from npm), started on
// 127.0.0.1 on a free port with its storage in a scratch directory; other
// packages (better-sqlite3) come through it from npm's registry, its uplink.
// A user is made through the registry's API, then:
//   1. npm publish of OLD_TGZ (an older release's stand-in) and of TGZ;
//      npm view lists both versions, latest is VERSION;
//   2. a fresh project: npm install sqlite-urn@OLD by name, then
//      npm install sqlite-urn@latest moves it to VERSION (package-lock too);
//   3. better-sqlite3 12 loads it (load(db), urn_version(), a COLLATE URN
//      UNIQUE constraint);
//   4. the browser entry "sqlite-urn/browser" resolves to the package's
//      files and its WebAssembly module is there.
// verdaccio is stopped by its PID.  Ends with "npm-registry: N passed, N
// failed".
const cp = require("child_process");
const fs = require("fs");
const net = require("net");
const os = require("os");
const path = require("path");

const [VERSION, TGZ, OLD_TGZ, VDIR] = process.argv.slice(2);
let npass = 0, nfail = 0;
function check(name, ok, why) {
  if (ok) npass++;
  else { nfail++; console.log(`! ${name}: ${String(why).slice(-2500)}`); }
}
function run(cmd, args, opts = {}) {
  const r = cp.spawnSync(cmd, args, { encoding: "utf8", maxBuffer: 1 << 26, ...opts });
  return { status: r.status, stdout: r.stdout || "",
           out: (r.stdout || "") + (r.stderr || "") + (r.error ? String(r.error) : "") };
}
function freePort() {
  return new Promise((res, rej) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => { const p = s.address().port; s.close(() => res(p)); });
    s.on("error", rej);
  });
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "urn-npm-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const config = path.join(tmp, "config.yaml");
  fs.writeFileSync(config, [
    `storage: ${path.join(tmp, "storage")}`,
    "auth:",
    "  htpasswd:",
    `    file: ${path.join(tmp, "htpasswd")}`,
    "    max_users: 10",
    "uplinks:",
    "  npmjs:",
    "    url: https://registry.npmjs.org/",
    "packages:",
    "  'sqlite-urn':",
    "    access: $all",
    "    publish: $authenticated",
    "  '**':",
    "    access: $all",
    "    proxy: npmjs",
    "log: { type: stdout, format: pretty, level: warn }",
    `listen: 127.0.0.1:${port}`,
    "",
  ].join("\n"));
  const vlog = fs.openSync(path.join(tmp, "verdaccio.log"), "w");
  const server = cp.spawn(path.join(VDIR, "node_modules", ".bin", "verdaccio"), ["--config", config],
                          { stdio: ["ignore", vlog, vlog] });
  let up = false;
  for (let i = 0; i < 120 && !up; i++) {
    await sleep(500);
    try { up = (await fetch(url + "-/ping")).ok; } catch (e) { /* not yet */ }
  }
  check("0.1 verdaccio answers on 127.0.0.1", up, fs.readFileSync(path.join(tmp, "verdaccio.log"), "utf8"));
  try {
    if (!up) return;
    // A user, through the registry's API (what npm adduser does).
    const r = await fetch(url + "-/user/org.couchdb.user:urn", {
      method: "PUT", headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "urn", password: "urn-release-test", email: "urn@example.org" }),
    });
    const token = (await r.json()).token;
    check("0.2 a registry user", r.ok && token, r.status);
    const npmrc = path.join(tmp, "npmrc");
    fs.writeFileSync(npmrc, `registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\n` +
                     "audit=false\nfund=false\nupdate-notifier=false\n");
    const env = { ...process.env, npm_config_userconfig: npmrc, npm_config_cache: path.join(tmp, "cache"),
                  npm_config_build_from_source: "true" };
    if (fs.existsSync("/usr/include/node/node_api.h")) env.npm_config_nodedir = "/usr";

    // 1. Publish both.
    const oldVersion = /sqlite-urn-(.*)\.tgz$/.exec(OLD_TGZ)[1];
    let o = run("npm", ["publish", OLD_TGZ, "--tag", "old"], { env });
    check(`1.1 npm publish ${oldVersion}`, o.status === 0, o.out);
    o = run("npm", ["publish", TGZ], { env });
    check(`1.2 npm publish ${VERSION}`, o.status === 0, o.out);
    o = run("npm", ["view", "sqlite-urn", "versions", "dist-tags.latest", "--json"], { env });
    let view = {};
    try { view = JSON.parse(o.stdout); } catch (e) { /* below */ }
    check("1.3 npm view: both versions, latest is VERSION",
          JSON.stringify(view.versions) === JSON.stringify([oldVersion, VERSION]) &&
          view["dist-tags.latest"] === VERSION, o.out);

    // 2. A fresh project: the old one by name, then the upgrade.
    const proj = path.join(tmp, "app");
    fs.mkdirSync(proj);
    o = run("npm", ["init", "-y"], { cwd: proj, env });
    o = run("npm", ["install", `sqlite-urn@${oldVersion}`, "better-sqlite3@12"], { cwd: proj, env });
    check(`2.1 npm install sqlite-urn@${oldVersion} better-sqlite3@12`, o.status === 0, o.out);
    const pkgVersion = () => JSON.parse(fs.readFileSync(path.join(proj, "node_modules", "sqlite-urn", "package.json"), "utf8")).version;
    check("2.2 the old one is installed", pkgVersion() === oldVersion, pkgVersion());
    o = run("npm", ["install", "sqlite-urn@latest"], { cwd: proj, env });
    check("2.3 npm install sqlite-urn@latest", o.status === 0, o.out);
    check(`2.4 now ${VERSION}`, pkgVersion() === VERSION, pkgVersion());
    const lock = JSON.parse(fs.readFileSync(path.join(proj, "package-lock.json"), "utf8"));
    const entry = lock.packages["node_modules/sqlite-urn"] || {};
    check("2.5 package-lock resolves it from the registry", entry.version === VERSION &&
          entry.resolved === `${url}sqlite-urn/-/sqlite-urn-${VERSION}.tgz` && /^sha512-/.test(entry.integrity),
          JSON.stringify(entry));

    // 3. better-sqlite3 loads it.
    const script = `
      const Database = require("better-sqlite3");
      const sqliteUrn = require("sqlite-urn");
      const db = new Database(":memory:");
      sqliteUrn.load(db);
      db.exec("CREATE TABLE t(id TEXT UNIQUE COLLATE URN)");
      db.exec("INSERT INTO t VALUES ('urn:example:a%2Cb')");
      let code = "none";
      try { db.exec("INSERT INTO t VALUES ('URN:EXAMPLE:a%2cb#f')"); } catch (e) { code = e.code; }
      console.log(db.prepare("SELECT urn_version() AS v").get().v, code);`;
    o = run(process.execPath, ["-e", script], { cwd: proj, env });
    check("3.1 better-sqlite3 loads it: urn_version() and COLLATE URN",
          o.status === 0 && o.out.trim() === `${VERSION} SQLITE_CONSTRAINT_UNIQUE`, o.out);

    // 4. The browser entry.
    o = run(process.execPath, ["-e", `
      const fs = require("fs"), path = require("path");
      const p = require.resolve("sqlite-urn/browser");
      const dir = path.dirname(p);
      console.log(path.relative(process.cwd(), p), fs.readdirSync(dir).filter((f) => f.endsWith(".wasm")).length);`],
      { cwd: proj, env });
    check("4.1 sqlite-urn/browser resolves inside the installed package, with its .wasm",
          o.status === 0 && /^node_modules\/sqlite-urn\/browser\/\S+ [1-9]/.test(o.out.trim()), o.out);
  } finally {
    const pid = server.pid;
    server.kill("SIGTERM");
    for (let i = 0; i < 40; i++) {
      try { process.kill(pid, 0); } catch (e) { break; }
      await sleep(250);
    }
    let gone = false;
    try { process.kill(pid, 0); } catch (e) { gone = true; }
    check("5.1 verdaccio stopped (its PID is gone)", gone, pid);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().then(() => {
  console.log(`npm-registry: ${npass} passed, ${nfail} failed`);
  process.exit(nfail ? 1 : 0);
}, (e) => { console.log(`! ${e.stack}`); console.log(`npm-registry: ${npass} passed, ${nfail + 1} failed`); process.exit(1); });
