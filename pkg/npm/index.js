"use strict";
// sqlite-urn for Node.js: the loadable SQLite extension built for each
// platform this package carries (lib/<platform>-<arch>/urn.so, urn.dll), and
// the way to load it.  The SQL functions, the collations URN and URN_NS and
// the table urn_namespaces are the library's, documented in its manual.
//
//   const Database = require("better-sqlite3");   // or require("libsql")
//   const db = new Database("catalogue.db");
//   require("sqlite-urn").load(db);

const fs = require("fs");
const path = require("path");

const FILE = { linux: "urn.so", win32: "urn.dll", darwin: "urn.dylib" };

// The platforms this package carries, e.g. ["linux-x64", "win32-x64"].
function carried() {
  try {
    return fs.readdirSync(path.join(__dirname, "lib")).sort();
  } catch (e) {
    return [];
  }
}

// The Linux libraries are built against glibc; a musl system (Alpine)
// cannot load them.  Node reports the glibc it runs on, none under musl.
// The report takes tens of milliseconds to make: it is asked for once, on
// the first call, and the answer kept.
let musl;
function onMusl() {
  if (musl === undefined) {
    const report = process.report && process.report.getReport();
    musl = !!report && !report.header.glibcVersionRuntime;
  }
  return musl;
}

// The full path of the library for this platform, for any host that loads
// by path (db.loadExtension(), the sqlite3 shell's .load).  Throws an
// Error that says which platforms the package carries when it has none
// for this one.
function getLoadablePath() {
  const platform = `${process.platform}-${process.arch}`;
  const file = path.join(__dirname, "lib", platform, FILE[process.platform] || "urn");
  if (!fs.existsSync(file)) {
    throw new Error(
      `sqlite-urn: this package has no library for ${platform}; it carries ` +
      `${carried().join(", ") || "none"}. Build one from source (make, in a ` +
      `clone of sqlite-urn) and load it by path with db.loadExtension().`);
  }
  if (process.platform === "linux" && onMusl()) {
    throw new Error(
      `sqlite-urn: the ${platform} library needs glibc, and this system ` +
      `runs on musl. Build one from source (make, in a clone of sqlite-urn) ` +
      `and load it by path with db.loadExtension().`);
  }
  return file;
}

// Load the library into db: a better-sqlite3 or libsql Database, or any
// object with loadExtension(path).
function load(db) {
  if (!db || typeof db.loadExtension !== "function") {
    throw new TypeError(
      "sqlite-urn: load() takes a database with loadExtension(path), " +
      "a better-sqlite3 or libsql Database");
  }
  db.loadExtension(getLoadablePath());
}

module.exports = { getLoadablePath, load };
