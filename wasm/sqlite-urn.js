// sqlite-urn.js -- SQLite with sqlite-urn built in, as WebAssembly, for web
// apps, workers and Node.js (docs/browser.md).  An ES module; its engine is
// sqlite-urn-engine.js and sqlite-urn-engine.wasm beside it, loaded
// relative to this file, from no other place.
//
//   import { openDatabase } from "./sqlite-urn.js";   // or "sqlite-urn/browser"
//   const db = await openDatabase();
//   db.exec("SELECT urn_canonical(?) AS c", ["URN:ISBN:0-395-36341-1#p"]);
//     // → [{ c: "urn:isbn:0-395-36341-1" }]
//   db.close();
//
// openDatabase(options)   a Promise of a new in-memory Database.  The first
//                         call loads the engine; later calls share it.
//                         options.wasm: the engine's .wasm as a URL, a
//                         string or its bytes (default: beside this file).
// db.exec(sql, params)    runs every statement of sql in turn and returns
//                         the rows of the last one that has result columns,
//                         as objects keyed by column name ([] if none).
// db.query(sql, params)   the same, as { columns: [names], rows: [[values]] }.
// db.changes()            rows changed by the last INSERT, UPDATE or DELETE.
// db.close()              frees the connection; any later call throws.
// sqliteVersion(), urnVersion()   Promises of SQLite's and sqlite-urn's versions.
//
// params: an array binds ?, ?NNN in order (?NNN: the NNNth); an object binds
// :name, @name and $name by name (its keys with or without the prefix).
// They apply to each statement of sql that has parameters.  Values: null
// and undefined are NULL, a number is an INTEGER when it is a safe integer
// and a REAL otherwise, a bigint an INTEGER, a boolean 1 or 0, a string
// TEXT, a Uint8Array, ArrayBuffer or other typed array a BLOB; anything else
// is a TypeError.  Results: NULL is null, INTEGER a number (a bigint beyond
// Number.MAX_SAFE_INTEGER), REAL a number, TEXT a string, BLOB a Uint8Array.
//
// A statement with parameters needs a value for each: an array shorter than
// the highest index, a name missing from an object, or no params at all
// throws a RangeError.
//
// Errors: an SQL error throws an Error with SQLite's message; error.code is
// the result code's name ("SQLITE_ERROR", "SQLITE_CONSTRAINT"), error.errcode
// the extended code (2067 for a UNIQUE constraint), error.offset the byte
// offset in sql of the token SQLite blames, or -1.  A failed statement stops
// the run: the statements before it stay done (there is no implicit
// transaction).

import createEngine from "./sqlite-urn-engine.js";

const SQLITE_OK = 0;
const SQLITE_ROW = 100;
const SQLITE_DONE = 101;
const SQLITE_INTEGER = 1;
const SQLITE_FLOAT = 2;
const SQLITE_TEXT = 3;
const SQLITE_BLOB = 4;
const SQLITE_OPEN_READWRITE = 0x2;
const SQLITE_OPEN_CREATE = 0x4;
const SQLITE_OPEN_MEMORY = 0x80;
const SQLITE_TRANSIENT = -1;

// The primary result codes' names, for error.code (sqlite3.h).
const CODE_NAMES = ["SQLITE_OK", "SQLITE_ERROR", "SQLITE_INTERNAL", "SQLITE_PERM",
  "SQLITE_ABORT", "SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_NOMEM", "SQLITE_READONLY",
  "SQLITE_INTERRUPT", "SQLITE_IOERR", "SQLITE_CORRUPT", "SQLITE_NOTFOUND", "SQLITE_FULL",
  "SQLITE_CANTOPEN", "SQLITE_PROTOCOL", "SQLITE_EMPTY", "SQLITE_SCHEMA", "SQLITE_TOOBIG",
  "SQLITE_CONSTRAINT", "SQLITE_MISMATCH", "SQLITE_MISUSE", "SQLITE_NOLFS", "SQLITE_AUTH",
  "SQLITE_FORMAT", "SQLITE_RANGE", "SQLITE_NOTADB", "SQLITE_NOTICE", "SQLITE_WARNING"];

const encoder = new TextEncoder();
const decoder = new TextDecoder();

let enginePromise = null;

// The bytes of the engine's .wasm: fetched over HTTP(S) in a browser or a
// worker (whatever MIME type the server gives it), read from disk in Node.
// (Written as new URL("literal", import.meta.url), the form bundlers
// recognize and copy the file for.)
const ENGINE_WASM = new URL("./sqlite-urn-engine.wasm", import.meta.url);

async function wasmBytes(where) {
  if (where instanceof Uint8Array || where instanceof ArrayBuffer) return where;
  const url = where ? new URL(where, import.meta.url) : ENGINE_WASM;
  if (url.protocol === "file:") {
    const fs = await import("node:fs/promises");
    return fs.readFile(url);
  }
  let response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw new Error(`sqlite-urn: cannot load ${url.href}: ${e.message}`);
  }
  if (!response.ok) {
    throw new Error(`sqlite-urn: cannot load ${url.href}: HTTP ${response.status}`);
  }
  return response.arrayBuffer();
}

function engine(options) {
  if (!enginePromise) {
    enginePromise = wasmBytes(options && options.wasm)
      .then((bytes) => createEngine({ wasmBinary: bytes }))
      .catch((e) => {
        enginePromise = null;
        throw e;
      });
  }
  return enginePromise;
}

// The UTF-8 string at ptr, n bytes long (n < 0: up to its NUL).
function readText(E, ptr, n) {
  if (!ptr) return null;
  const heap = E.HEAPU8;
  if (n < 0) {
    n = 0;
    while (heap[ptr + n] !== 0) n++;
  }
  return decoder.decode(heap.subarray(ptr, ptr + n));
}

// bytes copied into a new malloc()ed block with a NUL after them: [ptr, n].
function writeBytes(E, bytes) {
  const ptr = E._malloc(bytes.length + 1);
  if (!ptr) throw sqliteError("out of memory", 7, -1);
  E.HEAPU8.set(bytes, ptr);
  E.HEAPU8[ptr + bytes.length] = 0;
  return ptr;
}

function sqliteError(message, errcode, offset) {
  const e = new Error(message);
  e.code = CODE_NAMES[errcode & 0xff] || `SQLITE_${errcode & 0xff}`;
  e.errcode = errcode;
  e.offset = offset;
  return e;
}

// The value of params for parameter i (1-based) of stmt.
function paramValue(E, stmt, i, params, nParam) {
  if (params === undefined || params === null) {
    throw new RangeError(`sqlite-urn: the statement has ${nParam} parameter(s) and no params were given`);
  }
  if (Array.isArray(params)) {
    if (params.length < nParam) {
      throw new RangeError(`sqlite-urn: the statement has ${nParam} parameter(s), params gives ${params.length}`);
    }
    return params[i - 1];
  }
  const name = readText(E, E._sqlite3_bind_parameter_name(stmt, i), -1);
  if (name === null || name[0] === "?") {
    throw new RangeError(`sqlite-urn: parameter ${i} is positional: give params as an array`);
  }
  const own = (k) => Object.prototype.hasOwnProperty.call(params, k);
  if (own(name)) return params[name];
  if (own(name.slice(1))) return params[name.slice(1)];
  throw new RangeError(`sqlite-urn: params has no value for ${name}`);
}

// Bind one value; returns SQLite's result code.
function bindValue(E, stmt, i, v) {
  if (v === null || v === undefined) return E._sqlite3_bind_null(stmt, i);
  switch (typeof v) {
    case "number":
      return Number.isSafeInteger(v) ? E._sqlite3_bind_int64(stmt, i, BigInt(v))
        : E._sqlite3_bind_double(stmt, i, v);
    case "bigint":
      if (v < -(2n ** 63n) || v >= 2n ** 63n) {
        throw new RangeError(`sqlite-urn: parameter ${i}: ${v} does not fit in 64 bits`);
      }
      return E._sqlite3_bind_int64(stmt, i, v);
    case "boolean":
      return E._sqlite3_bind_int64(stmt, i, v ? 1n : 0n);
    case "string": {
      const bytes = encoder.encode(v);
      const p = writeBytes(E, bytes);
      try {
        return E._sqlite3_bind_text(stmt, i, p, bytes.length, SQLITE_TRANSIENT);
      } finally {
        E._free(p);
      }
    }
    default: {
      let bytes = null;
      if (v instanceof Uint8Array) bytes = v;
      else if (v instanceof ArrayBuffer) bytes = new Uint8Array(v);
      else if (ArrayBuffer.isView(v)) bytes = new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
      if (!bytes) {
        throw new TypeError(`sqlite-urn: parameter ${i}: cannot bind a value of type ${typeof v}`);
      }
      const p = writeBytes(E, bytes);
      try {
        return E._sqlite3_bind_blob(stmt, i, p, bytes.length, SQLITE_TRANSIENT);
      } finally {
        E._free(p);
      }
    }
  }
}

function columnValue(E, stmt, i) {
  switch (E._sqlite3_column_type(stmt, i)) {
    case SQLITE_INTEGER: {
      const v = E._sqlite3_column_int64(stmt, i);
      return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER)
        ? Number(v) : v;
    }
    case SQLITE_FLOAT:
      return E._sqlite3_column_double(stmt, i);
    case SQLITE_TEXT: {
      const p = E._sqlite3_column_text(stmt, i);
      return readText(E, p, E._sqlite3_column_bytes(stmt, i)) ?? "";
    }
    case SQLITE_BLOB: {
      const p = E._sqlite3_column_blob(stmt, i);
      const n = E._sqlite3_column_bytes(stmt, i);
      return p ? E.HEAPU8.slice(p, p + n) : new Uint8Array(0);
    }
    default:
      return null;
  }
}

class Database {
  constructor(E, db) {
    this._E = E;
    this._db = db;
    // Scratch space for the out-parameters of prepare: two pointers.
    this._out = E._malloc(8);
  }

  _check() {
    if (!this._db) throw new Error("sqlite-urn: the database is closed");
  }

  _error(offsetBase) {
    const E = this._E;
    const at = E._sqlite3_error_offset(this._db);
    return sqliteError(readText(E, E._sqlite3_errmsg(this._db), -1),
      E._sqlite3_extended_errcode(this._db), at >= 0 ? offsetBase + at : -1);
  }

  // Runs sql's statements; { columns, rows } of the last one with columns.
  query(sql, params) {
    this._check();
    if (typeof sql !== "string") throw new TypeError("sqlite-urn: sql must be a string");
    if (params !== undefined && params !== null && typeof params !== "object") {
      throw new TypeError("sqlite-urn: params must be an array or an object");
    }
    const E = this._E;
    const bytes = encoder.encode(sql);
    const base = writeBytes(E, bytes);
    const end = base + bytes.length;
    const pStmt = this._out;
    const pTail = this._out + 4;
    let result = { columns: [], rows: [] };
    let at = base;
    try {
      while (at < end) {
        let rc = E._sqlite3_prepare_v2(this._db, at, end - at, pStmt, pTail);
        if (rc !== SQLITE_OK) throw this._error(at - base);
        const stmt = E.HEAPU32[pStmt >> 2];
        const tail = E.HEAPU32[pTail >> 2];
        if (!stmt) { // only a comment or white space was left
          at = tail > at ? tail : end;
          continue;
        }
        try {
          const nParam = E._sqlite3_bind_parameter_count(stmt);
          for (let i = 1; i <= nParam; i++) {
            rc = bindValue(E, stmt, i, paramValue(E, stmt, i, params, nParam));
            if (rc !== SQLITE_OK) throw this._error(at - base);
          }
          const nCol = E._sqlite3_column_count(stmt);
          const columns = [];
          for (let i = 0; i < nCol; i++) {
            columns.push(readText(E, E._sqlite3_column_name(stmt, i), -1));
          }
          const rows = [];
          while ((rc = E._sqlite3_step(stmt)) === SQLITE_ROW) {
            const row = new Array(nCol);
            for (let i = 0; i < nCol; i++) row[i] = columnValue(E, stmt, i);
            rows.push(row);
          }
          if (rc !== SQLITE_DONE) throw this._error(at - base);
          if (nCol > 0) result = { columns, rows };
        } finally {
          E._sqlite3_finalize(stmt);
        }
        at = tail;
      }
    } finally {
      E._free(base);
    }
    return result;
  }

  // The rows of query(), as objects keyed by column name.
  exec(sql, params) {
    const { columns, rows } = this.query(sql, params);
    return rows.map((r) => {
      const o = {};
      columns.forEach((c, i) => { o[c] = r[i]; });
      return o;
    });
  }

  changes() {
    this._check();
    return this._E._sqlite3_changes(this._db);
  }

  close() {
    if (!this._db) return;
    this._E._sqlite3_close_v2(this._db);
    this._E._free(this._out);
    this._db = 0;
  }
}

export async function openDatabase(options = {}) {
  const E = await engine(options);
  const name = writeBytes(E, encoder.encode(":memory:"));
  const pDb = E._malloc(4);
  try {
    const rc = E._sqlite3_open_v2(name, pDb,
      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_MEMORY, 0);
    const db = E.HEAPU32[pDb >> 2];
    if (rc !== SQLITE_OK) {
      const e = db ? sqliteError(readText(E, E._sqlite3_errmsg(db), -1), rc, -1)
        : sqliteError("out of memory", rc, -1);
      E._sqlite3_close_v2(db);
      throw e;
    }
    return new Database(E, db);
  } finally {
    E._free(name);
    E._free(pDb);
  }
}

export async function sqliteVersion(options) {
  const E = await engine(options);
  return readText(E, E._sqlite3_libversion(), -1);
}

export async function urnVersion(options) {
  const db = await openDatabase(options);
  try {
    return db.query("SELECT urn_version()").rows[0][0];
  } finally {
    db.close();
  }
}

export { Database };
