// test/hosts/libsql.js -- the libsql host of `make hosts`
// (test/hosts/run.sh): node with the package libsql and the package
// sqlite-urn, both installed with npm (sqlite-urn from the tarball that
// `make npm` packs).  docs/loading.md shows the region between the
// docs:begin and docs:end lines.
"use strict";
// docs:begin
const Database = require("libsql");
const sqliteUrn = require("sqlite-urn");

const db = new Database(":memory:");
sqliteUrn.load(db);
const row = db.prepare("SELECT urn_canonical('URN:ISBN:0-395-36341-1#p') AS id").get();
console.log(row.id);
// docs:end

// A UNIQUE COLLATE URN column refuses an equivalent spelling with the
// driver's SqliteError, code SQLITE_CONSTRAINT_UNIQUE.
db.exec(`CREATE TABLE book(id TEXT UNIQUE COLLATE URN);
         INSERT INTO book VALUES ('urn:example:a%2Cb');`);
try {
  db.exec("INSERT INTO book VALUES ('URN:EXAMPLE:a%2cb#f')");
  throw new Error("no error");
} catch (e) {
  if (!(e instanceof Database.SqliteError) || e.code !== "SQLITE_CONSTRAINT_UNIQUE") throw e;
  console.log(`SqliteError ${e.code}: ${e.message}`);
}
console.log(db.prepare("SELECT urn_valid('urn:isbn:0-395-36341-6', 'ns') AS v").get().v);
