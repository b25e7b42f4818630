// test/duckdb/install.test.js -- the DuckDB extension installed the DuckDB
// way, in the DuckDB whose @duckdb/node-api NODE_PATH gives; make
// duckdb-test runs it in every DuckDB of DUCKDB_TEST_VERSIONS and in
// DUCKDB_NODE_PKG's:
//
//   1. that DuckDB's version is one the docs name (URN_DUCKDB_VERSIONS, and
//      docs/duckdb.md's list) and
//      the repository of make dist (URN_DUCKDB_REPO) has its folder
//      v{version}/{PRAGMA platform}/urn.duckdb_extension.gz;
//   2. the file of that folder, unpacked, loads by path (LOAD '...') with
//      allow_unsigned_extensions, and answers;
//   3. the Linux x86-64 file of the other platform name (linux_amd64_gcc4
//      for DuckDB 1.3 and later, linux_amd64 for 1.2) is refused with the
//      platform error, which docs/duckdb.md quotes for DuckDB 1.2;
//   4. without allow_unsigned_extensions, INSTALL urn FROM the repository
//      then LOAD urn is refused (at INSTALL from DuckDB 1.4, at LOAD
//      before), with the error docs/duckdb.md quotes;
//   5. INSTALL urn FROM '<the repository's path>'; LOAD urn; answers, and
//      duckdb_extensions() says where it came from; a second database on
//      the same extension directory loads it with LOAD urn alone; INSTALL
//      from a second repository is refused with the error the docs quote,
//      FORCE INSTALL takes it;
//   6. UPDATE EXTENSIONS: nothing to update, then, once the repository
//      holds a file of another version, that one;
//   7. INSTALL urn FROM 'http://127.0.0.1:PORT' from a web server this test
//      starts on a port the system chooses (DuckDB fetches http:// itself,
//      with no httpfs), and stops;
//   8. from DuckDB 1.3: the shell commands of docs/duckdb.md and of the
//      archive's README (pkg/duckdb/README.md) that run DuckDB
//      (duckdb -unsigned -c "SQL") run their SQL without error, from the
//      folder they run in (the top of the tree; the unpacked archive);
//   9. from DuckDB 1.4: a repository without the version's folder gives the
//      error docs/duckdb.md quotes.
// Ends with "N passed, N failed"; exits 1 when anything failed.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const http = require('http');
const zlib = require('zlib');
const { DuckDBInstance } = require('@duckdb/node-api');

const top = path.resolve(__dirname, '..', '..');
const REPO = process.env.URN_DUCKDB_REPO;
const BUILD = process.env.URN_DUCKDB_BUILD;
const ARCHIVE = process.env.URN_DUCKDB_ARCHIVE;
const URN_VERSION = process.env.URN_VERSION;
const VERSIONS = (process.env.URN_DUCKDB_VERSIONS || '').split(/\s+/).filter(Boolean);
let passed = 0, failed = 0, label = '';
function ok(name, cond, detail) {
  if (cond) { passed++; return; }
  failed++;
  console.log(`FAILED ${label} ${name}${detail === undefined ? '' : ': ' + detail}`);
}
const q = (s) => s.replace(/'/g, "''");

async function connect(config) {
  const inst = await DuckDBInstance.create(':memory:', config);
  return inst.connect();
}
// Rows as arrays of strings (NULL as null): DuckDB 1.2's node-api has no
// getRowsJS, and its values print as their text.
async function rows(con, sql) {
  const r = await con.runAndReadAll(sql);
  return r.getRows().map((row) => row.map((v) => (v === null ? null : String(v))));
}
async function error(con, sql) {
  try { await con.run(sql); return null; } catch (e) { return e.message.split('\n')[0]; }
}
const docs = fs.readFileSync(path.join(top, 'docs', 'duckdb.md'), 'utf8');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'urn-duckdb-install-'));
const extdir = (name) => path.join(tmp, name);
const CHECK = "SELECT urn_canonical('URN:ISBN:0-395-36341-1#p'), urn_valid('urn:isbn:0-395-36341-6', 'ns')";
const CHECK_ROW = JSON.stringify([['urn:isbn:0-395-36341-1', 'false']]);

// The Linux x86-64 files of the build (build/duckdb/PLATFORM/).
const LINUX_X86 = ['linux_amd64', 'linux_amd64_gcc4'];

async function main() {
  const con0 = await connect({});
  const [[vfull, platform]] = await rows(con0, 'SELECT version(), platform FROM pragma_platform()');
  const version = vfull.replace(/^v/, '');
  label = `${vfull} ${platform}:`;
  const minor = Number(version.split('.')[1]);

  // 1. A version the docs name, with its folder in the repository.
  ok('1.1', VERSIONS.includes(version), `${version} is not in ${VERSIONS.join(' ')}`);
  ok('1.2', new RegExp(`\\b${version.replace(/\./g, '\\.')}\\b`).test(docs), `docs/duckdb.md does not name DuckDB ${version}`);
  const gz = path.join(REPO, vfull, platform, 'urn.duckdb_extension.gz');
  ok('1.3', fs.existsSync(gz), `no ${gz}`);
  if (!fs.existsSync(gz)) return;

  // 2. That file, unpacked, loads by path.
  fs.mkdirSync(path.join(tmp, 'unpacked'));
  const file = path.join(tmp, 'unpacked', 'urn.duckdb_extension');
  fs.writeFileSync(file, zlib.gunzipSync(fs.readFileSync(gz)));
  let con = await connect({ allow_unsigned_extensions: 'true' });
  ok('2.1', (await error(con, `LOAD '${q(file)}'`)) === null);
  ok('2.2', JSON.stringify(await rows(con, CHECK)) === CHECK_ROW);

  // 3. The other Linux x86-64 name is refused.
  if (LINUX_X86.includes(platform)) {
    con = await connect({ allow_unsigned_extensions: 'true' });
    const other = LINUX_X86.find((p) => p !== platform);
    const wrong = path.join(BUILD, other, 'urn.duckdb_extension');
    const msg = await error(con, `LOAD '${q(wrong)}'`);
    ok('3.1', msg !== null && msg.includes(`The file was built for the platform '${other}', but we can only load extensions built for platform '${platform}'.`), msg);
    if (platform === 'linux_amd64_gcc4') {
      const quoted = msg && msg.replace(wrong, 'dist/urn.duckdb_extension');
      ok('3.2', quoted && docs.includes(quoted), `docs/duckdb.md does not quote: ${quoted}`);
    }
  }

  // 4. Without the setting: refused at INSTALL (1.4 and later) or at LOAD.
  con = await connect({ extension_directory: extdir('unsigned') });
  let msg = await error(con, `INSTALL urn FROM '${q(REPO)}'`);
  if (msg === null) msg = await error(con, 'LOAD urn');
  // Quoted as DuckDB 1.3.2 on linux_amd64 prints it, in a home of /home/me.
  const quoted = msg && msg.split(path.join(extdir('unsigned'), vfull, platform))
    .join('/home/me/.duckdb/extensions/v1.3.2/linux_amd64');
  ok('4.1', msg !== null && (/^IO Error: Attempting to install an extension file that doesn't have a valid signature/.test(msg) ||
    /could not be loaded because its signature is either missing or invalid and unsigned extensions are disabled by configuration \(allow_unsigned_extensions\)$/.test(msg)), msg);
  ok('4.2', quoted && docs.includes(quoted), `docs/duckdb.md does not quote: ${quoted}`);

  // 5. INSTALL from the repository's path, then LOAD by name.
  const cfg = { allow_unsigned_extensions: 'true', extension_directory: extdir('local') };
  con = await connect(cfg);
  ok('5.1', (await error(con, `INSTALL urn FROM '${q(REPO)}'`)) === null);
  ok('5.2', (await error(con, 'LOAD urn')) === null);
  ok('5.3', JSON.stringify(await rows(con, CHECK)) === CHECK_ROW);
  const info = await rows(con, `SELECT installed, loaded, install_mode, installed_from, extension_version
    FROM duckdb_extensions() WHERE extension_name = 'urn'`);
  ok('5.4', JSON.stringify(info) === JSON.stringify([['true', 'true', 'REPOSITORY', REPO, URN_VERSION]]), JSON.stringify(info));
  con = await connect(cfg);
  ok('5.5', (await error(con, 'LOAD urn')) === null);
  ok('5.6', JSON.stringify(await rows(con, CHECK)) === CHECK_ROW);
  // From a second repository: refused, unless FORCE INSTALL.
  const repoB = path.join(tmp, 'repoB');
  fs.mkdirSync(path.join(repoB, vfull, platform), { recursive: true });
  fs.copyFileSync(gz, path.join(repoB, vfull, platform, 'urn.duckdb_extension.gz'));
  con = await connect(cfg);
  const again = await error(con, `INSTALL urn FROM '${q(repoB)}'`);
  ok('5.7', again !== null && docs.includes(again), `docs/duckdb.md does not quote: ${again}`);
  ok('5.8', (await error(con, `FORCE INSTALL urn FROM '${q(repoB)}'`)) === null);
  const from = await rows(con, "SELECT installed_from FROM duckdb_extensions() WHERE extension_name = 'urn'");
  ok('5.9', JSON.stringify(from) === JSON.stringify([[repoB]]), JSON.stringify(from));

  // 6. UPDATE EXTENSIONS, against a copy of this version's folder.
  const repo2 = path.join(tmp, 'repo2');
  fs.mkdirSync(path.join(repo2, vfull, platform), { recursive: true });
  const gz2 = path.join(repo2, vfull, platform, 'urn.duckdb_extension.gz');
  fs.copyFileSync(gz, gz2);
  const cfg2 = { allow_unsigned_extensions: 'true', extension_directory: extdir('update') };
  con = await connect(cfg2);
  ok('6.1', (await error(con, `INSTALL urn FROM '${q(repo2)}'`)) === null);
  let up = await rows(con, 'UPDATE EXTENSIONS');
  ok('6.2', JSON.stringify(up) === JSON.stringify([['urn', repo2, 'NO_UPDATE_AVAILABLE', URN_VERSION, URN_VERSION]]), JSON.stringify(up));
  // The footer's field 4 (tools/duckdb_footer.sh) is the extension's version.
  const b = zlib.gunzipSync(fs.readFileSync(gz));
  const at = b.length - 256 - 4 * 32;
  ok('6.3', b.subarray(at, at + 32).toString('latin1').replace(/\0+$/, '') === URN_VERSION);
  b.fill(0, at, at + 32);
  b.write('9.9.9', at, 'latin1');
  fs.writeFileSync(gz2, zlib.gzipSync(b));
  up = await rows(con, 'UPDATE EXTENSIONS');
  ok('6.4', JSON.stringify(up) === JSON.stringify([['urn', repo2, 'UPDATED', URN_VERSION, '9.9.9']]), JSON.stringify(up));
  con = await connect(cfg2);
  await error(con, 'LOAD urn');
  const v2 = await rows(con, "SELECT extension_version FROM duckdb_extensions() WHERE extension_name = 'urn'");
  ok('6.5', JSON.stringify(v2) === JSON.stringify([['9.9.9']]), JSON.stringify(v2));

  // 7. Over http:// from a server on 127.0.0.1, which step 8 uses too.
  const got = [];
  const server = http.createServer((req, res) => {
    got.push(req.url);
    const f = path.join(REPO, path.normalize(decodeURIComponent(req.url.split('?')[0])));
    if (!f.startsWith(REPO + path.sep) || !fs.existsSync(f)) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
    res.end(fs.readFileSync(f));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${server.address().port}`;
    con = await connect({ allow_unsigned_extensions: 'true', extension_directory: extdir('http') });
    const e = await error(con, `INSTALL urn FROM '${url}'`);
    ok('7.1', e === null, e);
    ok('7.2', got.includes(`/${vfull}/${platform}/urn.duckdb_extension.gz`), got.join(' '));
    ok('7.3', (await error(con, 'LOAD urn')) === null);
    ok('7.4', JSON.stringify(await rows(con, CHECK)) === CHECK_ROW);
    await docsCommands(minor, platform, url);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }

  // 9. A repository without this version's folder (DuckDB 1.4's words).
  if (minor >= 4) {
    const empty = path.join(tmp, 'empty');
    fs.mkdirSync(empty);
    con = await connect({ allow_unsigned_extensions: 'true', extension_directory: extdir('empty') });
    const e = await error(con, `INSTALL urn FROM '${q(empty)}'`);
    const quoted = e && e.replace(`${empty}/${vfull}/${platform}/`, '/srv/duckdb-repository/v1.6.0/linux_amd64/');
    ok('9.1', quoted && docs.includes(quoted), `docs/duckdb.md does not quote: ${quoted}`);
  }
}

// 8. The docs' shell commands that run DuckDB, from DuckDB 1.3 (the files
// they name are those of linux_amd64): $PWD is the folder they run in, and
// the web server of the example is the test's own.
async function docsCommands(minor, platform, url) {
  if (minor < 3 || platform !== 'linux_amd64') return;
  const pages = [[path.join(top, 'docs', 'duckdb.md'), top],
                 [path.join(top, 'pkg', 'duckdb', 'README.md'), ARCHIVE]];
  for (const [page, cwd] of pages) {
    const cmds = fs.readFileSync(page, 'utf8').split('\n')
      .map((l) => /^duckdb -unsigned -c "(.*)"$/.exec(l)).filter(Boolean).map((m) => m[1]);
    ok(`8.${path.basename(page)}`, cmds.length >= 1, 'no duckdb command');
    const here = process.cwd();
    process.chdir(cwd);
    try {
      // One extension directory per page: a command may LOAD what an
      // earlier one INSTALLed.
      const dir = extdir(`docs-${path.basename(path.dirname(page))}`);
      for (const sql of cmds) {
        const c = await connect({ allow_unsigned_extensions: 'true', extension_directory: dir });
        const run = sql.split('$PWD').join(cwd).split('http://127.0.0.1:8080').join(url)
          .split('/path/to/duckdb-repository').join(REPO);
        const e = await error(c, run);
        ok(`8.${path.basename(page)} ${sql}`, e === null, e);
      }
    } finally {
      process.chdir(here);
    }
  }
}

main().catch((e) => { failed++; console.log(`FAILED ${label} with an exception: ${e.stack || e}`); })
  .finally(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
    console.log(`duckdb install ${label} ${passed} passed, ${failed} failed`);
    process.exit(failed ? 1 : 0);
  });
