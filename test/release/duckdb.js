'use strict';
// test/release/duckdb.js -- two releases in one DuckDB extension repository,
// as a DuckDB user meets them: INSTALL urn FROM the repository over http
// (a server of this test on 127.0.0.1, stopped at the end) while it holds
// the older release, then the newer release published into the same
// repository, and UPDATE EXTENSIONS moves the installed one to it.  Run in
// one DuckDB (NODE_PATH's @duckdb/node-api); make release-test-duckdb runs
// it in the oldest and the newest DuckDB the docs name.
//   URN_OLD_DIR, URN_OLD_VERSION   the older release's files, one per DuckDB
//                                  platform: DIR/{platform}/urn.duckdb_extension
//   URN_NEW_DIR, URN_VERSION       this release's (build/duckdb)
// The repository is DuckDB's layout (tools/duckdb_repo.sh):
// v{DuckDB version}/{platform}/urn.duckdb_extension.gz.
//   1. INSTALL urn FROM 'http://127.0.0.1:PORT' gets the older release:
//      duckdb_extensions() and urn_version() say URN_OLD_VERSION;
//   2. UPDATE EXTENSIONS with the repository unchanged: NO_UPDATE_AVAILABLE;
//   3. the newer release published: UPDATE EXTENSIONS says UPDATED from
//      the old version to the new, and a new process's LOAD urn runs the
//      newer library (urn_version(), a function);
//   4. UPDATE EXTENSIONS again: NO_UPDATE_AVAILABLE at the new version.
// Ends with "duckdb-release (DuckDB X.Y.Z): N passed, N failed".
const cp = require('child_process');
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');
const { DuckDBInstance } = require('@duckdb/node-api');

const OLD_DIR = process.env.URN_OLD_DIR, OLD = process.env.URN_OLD_VERSION;
const NEW_DIR = process.env.URN_NEW_DIR, NEW = process.env.URN_VERSION;
const top = path.resolve(__dirname, '..', '..');
let passed = 0, failed = 0, label = '?';
function ok(name, cond, detail) {
  if (cond) { passed++; return; }
  failed++;
  console.log(`! ${label} ${name}${detail === undefined ? '' : ': ' + detail}`);
}
async function connect(config) { return (await DuckDBInstance.create(':memory:', config)).connect(); }
async function rows(con, sql) {
  const r = await con.runAndReadAll(sql);
  return r.getRows().map((row) => row.map((v) => (v === null ? null : String(v))));
}
async function error(con, sql) {
  try { await con.run(sql); return null; } catch (e) { return e.message.split('\n')[0]; }
}
const J = JSON.stringify;

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'urn-duckdb-release-'));
  const repo = path.join(tmp, 'repo');
  const cfg = { allow_unsigned_extensions: 'true', extension_directory: path.join(tmp, 'ext') };
  let con = await connect(cfg);
  const duckdbVersion = (await rows(con, 'SELECT version()'))[0][0].replace(/^v/, '');
  const platform = (await rows(con, 'PRAGMA platform'))[0][0];
  label = `DuckDB ${duckdbVersion}`;
  const publish = (file) => {
    const r = cp.spawnSync('sh', [path.join(top, 'tools', 'duckdb_repo.sh'), repo, platform, file, duckdbVersion],
                           { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
  };
  const got = [];
  const server = http.createServer((req, res) => {
    got.push(req.url);
    const f = path.join(repo, path.normalize(decodeURIComponent(req.url.split('?')[0])));
    if (!f.startsWith(repo + path.sep) || !fs.existsSync(f)) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
    res.end(fs.readFileSync(f));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${server.address().port}`;
  const version = async (c) => J(await rows(c, "SELECT extension_version FROM duckdb_extensions() WHERE extension_name = 'urn'"));
  try {
    // 1. The older release.
    publish(path.join(OLD_DIR, platform, 'urn.duckdb_extension'));
    ok('1.1 INSTALL urn FROM http://127.0.0.1', (await error(con, `INSTALL urn FROM '${url}'`)) === null);
    ok('1.2 it came over http', got.some((u) => u === `/v${duckdbVersion}/${platform}/urn.duckdb_extension.gz`), J(got));
    ok('1.3 LOAD urn', (await error(con, 'LOAD urn')) === null);
    ok(`1.4 installed version ${OLD}`, (await version(con)) === J([[OLD]]), await version(con));
    ok(`1.5 urn_version() ${OLD}`, J(await rows(con, 'SELECT urn_version()')) === J([[OLD]]));
    // 2. Nothing newer yet.
    let up = await rows(con, 'UPDATE EXTENSIONS');
    ok('2.1 UPDATE EXTENSIONS: NO_UPDATE_AVAILABLE', J(up) === J([['urn', url, 'NO_UPDATE_AVAILABLE', OLD, OLD]]), J(up));
    // 3. This release published into the same repository.
    publish(path.join(NEW_DIR, platform, 'urn.duckdb_extension'));
    up = await rows(con, 'UPDATE EXTENSIONS');
    ok(`3.1 UPDATE EXTENSIONS: UPDATED ${OLD} to ${NEW}`, J(up) === J([['urn', url, 'UPDATED', OLD, NEW]]), J(up));
    // A DuckDB process keeps the library it loaded (dlopen); the user's
    // next process loads the newer one: so does this test's next one.
    const child = cp.spawnSync(process.execPath, ['-e', `
      const { DuckDBInstance } = require('@duckdb/node-api');
      (async () => {
        const con = await (await DuckDBInstance.create(':memory:', ${J(cfg)})).connect();
        await con.run('LOAD urn');
        const r = await con.runAndReadAll("SELECT (SELECT extension_version FROM duckdb_extensions() " +
          "WHERE extension_name = 'urn'), urn_version(), urn_canonical('URN:ISBN:0-395-36341-1#p')");
        console.log(JSON.stringify(r.getRows()[0].map(String)));
      })().catch((e) => { console.log('error: ' + e.message); process.exit(1); });`], { encoding: 'utf8' });
    ok(`3.2 a new process: LOAD urn, installed version ${NEW}, urn_version() ${NEW}, the functions answer`,
       child.status === 0 && child.stdout.trim() === J([NEW, NEW, 'urn:isbn:0-395-36341-1']), child.stdout + child.stderr);
    // 4. Up to date.
    up = await rows(con, 'UPDATE EXTENSIONS');
    ok('4.1 UPDATE EXTENSIONS: NO_UPDATE_AVAILABLE', J(up) === J([['urn', url, 'NO_UPDATE_AVAILABLE', NEW, NEW]]), J(up));
  } finally {
    await new Promise((r) => server.close(r));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
main().catch((e) => { failed++; console.log(`! ${label} ${e.stack}`); }).then(() => {
  console.log(`duckdb-release (${label}): ${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
});
