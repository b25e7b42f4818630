// sqlite-urn.js: SQLite with sqlite-urn built in, as WebAssembly
// (docs/browser.md).

/** A value bound to a parameter. */
export type BindValue = null | undefined | number | bigint | boolean | string |
  Uint8Array | ArrayBuffer | ArrayBufferView;
/** A value read from a row: NULL, INTEGER, REAL, TEXT, BLOB. */
export type SqlValue = null | number | bigint | string | Uint8Array;
/** Positional (?, ?NNN) or named (:name, @name, $name) parameters. */
export type Params = BindValue[] | Record<string, BindValue>;

export interface OpenOptions {
  /** The engine's .wasm: a URL, a string resolved against the module, or its bytes. */
  wasm?: URL | string | Uint8Array | ArrayBuffer;
}

/** An SQL error: SQLite's message, the result code's name, the extended code. */
export interface SqliteError extends Error {
  code: string;
  errcode: number;
  offset: number;
}

export declare class Database {
  /** Runs every statement of sql; the rows of the last one with result columns. */
  exec(sql: string, params?: Params): Record<string, SqlValue>[];
  /** The same as exec, as column names and rows of values. */
  query(sql: string, params?: Params): { columns: string[]; rows: SqlValue[][] };
  /** Rows changed by the last INSERT, UPDATE or DELETE. */
  changes(): number;
  /** Frees the connection; any later call throws. */
  close(): void;
}

/** A new in-memory database; the first call loads the engine. */
export declare function openDatabase(options?: OpenOptions): Promise<Database>;
/** SQLite's version, e.g. "3.53.2". */
export declare function sqliteVersion(options?: OpenOptions): Promise<string>;
/** sqlite-urn's version, urn_version(). */
export declare function urnVersion(options?: OpenOptions): Promise<string>;
