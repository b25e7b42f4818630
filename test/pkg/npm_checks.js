"use strict";
// npm_checks.js DRIVER VERSION -- run in the directory where the sqlite-urn
// tarball and DRIVER (better-sqlite3 or libsql) are installed (test/pkg/
// npm.js makes it); prints "ok - NAME" or "FAILED - NAME: why" per check.
const path = require("path");
const [driver, version] = process.argv.slice(2);
let failed = 0;

function check(name, ok, why) {
  if (ok) {
    console.log(`ok - ${driver} ${name}`);
  } else {
    failed++;
    console.log(`FAILED - ${driver} ${name}: ${why}`);
  }
}

function raises(fn) {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return null;
}

// Node's report (is this glibc or musl?) takes tens of milliseconds: the
// package asks for it once, on the first getLoadablePath(), however often
// that is called.
const realReport = process.report.getReport;
let nreports = 0;
process.report.getReport = (...a) => { nreports++; return realReport.apply(process.report, a); };
const sqliteUrn = require("sqlite-urn");
const Database = require(driver);
const installed = path.dirname(require.resolve("sqlite-urn"));
const file = sqliteUrn.getLoadablePath();
check("getLoadablePath() is the installed package's library",
      file === path.join(installed, "lib", `${process.platform}-${process.arch}`, "urn.so"), file);

const db = new Database(":memory:");
let e = raises(() => sqliteUrn.load(db));
check("load(db)", e === null, e);
const one = (sql) => Object.values(db.prepare(sql).get())[0];
let got = one("SELECT urn_canonical('URN:ISBN:0-395-36341-1#p')");
check("(a) urn_canonical", got === "urn:isbn:0-395-36341-1", got);
db.exec("CREATE TABLE book(id TEXT UNIQUE COLLATE URN)");
db.exec("INSERT INTO book VALUES ('urn:example:a%2Cb')");
e = raises(() => db.prepare("INSERT INTO book VALUES ('URN:EXAMPLE:a%2cb#f')").run());
check("(b) UNIQUE COLLATE URN: SqliteError SQLITE_CONSTRAINT_UNIQUE",
      e !== null && e.name === "SqliteError" && e.code === "SQLITE_CONSTRAINT_UNIQUE" &&
      e.message === "UNIQUE constraint failed: book.id", e && `${e.name} ${e.code} ${e.message}`);
got = one("SELECT urn_valid('urn:isbn:0-395-36341-6', 'ns')");
check("(c) urn_valid(..., 'ns')", got === 0, got);
got = one("SELECT urn_version()");
check("urn_version() is the package's version", got === version, got);

// The path form, as a host that loads by path takes it.
const db2 = new Database(":memory:");
db2.loadExtension(sqliteUrn.getLoadablePath());
got = Object.values(db2.prepare("SELECT urn_equal('urn:example:a%2cb', 'URN:EXAMPLE:a%2Cb')").get())[0];
check("db.loadExtension(getLoadablePath())", got === 1, got);

e = raises(() => sqliteUrn.load("catalogue.db"));
check("load(not a database): TypeError", e instanceof TypeError, e);

// A platform the package does not carry: the error names the ones it does.
for (const [plat, arch] of [["freebsd", "x64"], ["linux", "ia32"], ["darwin", "arm64"]]) {
  const real = [process.platform, process.arch];
  Object.defineProperty(process, "platform", { value: plat });
  Object.defineProperty(process, "arch", { value: arch });
  e = raises(() => sqliteUrn.getLoadablePath());
  Object.defineProperty(process, "platform", { value: real[0] });
  Object.defineProperty(process, "arch", { value: real[1] });
  check(`unsupported ${plat}-${arch}: a clear error`,
        e instanceof Error && e.message.includes(`no library for ${plat}-${arch}`) &&
        e.message.includes("linux-x64"), e && e.message);
}
// The driver may ask for the report itself (libsql does, to pick its
// binary): what counts is that calls after the first ask for none.
const before = nreports;
for (let i = 0; i < 100; i++) sqliteUrn.getLoadablePath();
check("getLoadablePath() asks for Node's report once: none in 100 more calls",
      nreports === before, `${nreports - before} reports`);
// A musl system (Alpine): Node reports no glibc; the glibc build would not
// load there, and the error says so.  A fresh copy of the module, which
// has not decided yet.
process.report.getReport = () => ({ header: {} });
delete require.cache[require.resolve("sqlite-urn")];
e = raises(() => require("sqlite-urn").getLoadablePath());
process.report.getReport = realReport;
delete require.cache[require.resolve("sqlite-urn")];
check("musl: a clear error", e instanceof Error && e.message.includes("needs glibc") &&
      e.message.includes("musl"), e && e.message);
process.exit(failed ? 1 : 0);
