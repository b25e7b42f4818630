/** The full path of the library for this platform; throws when the package
 *  carries none for it. */
export function getLoadablePath(): string;

/** Load the library into a better-sqlite3 or libsql Database (any object
 *  with loadExtension(path)). */
export function load(db: { loadExtension(path: string): unknown }): void;
