// test/hosts/rust/src/main.rs -- the Rust host of `make hosts`
// (test/hosts/run.sh): Debian's rusqlite with its load_extension feature,
// linked to the system libsqlite3, loading ./urn.so.  docs/loading.md shows
// the regions between the docs:begin and docs:end lines.
// docs:begin
use rusqlite::{Connection, LoadExtensionGuard};

// docs:end
use rusqlite::ErrorCode;

// sqlite3.h's extended result code (not exported by Debian's libsqlite3-sys).
const SQLITE_CONSTRAINT_UNIQUE: i32 = rusqlite::ffi::SQLITE_CONSTRAINT | (8 << 8);

fn main() -> rusqlite::Result<()> {
    // docs:begin
    let db = Connection::open_in_memory()?;
    unsafe {
        // Extension loading is on while the guard lives.
        let _guard = LoadExtensionGuard::new(&db)?;
        db.load_extension("./urn", None)?;
    }
    let canonical: String = db.query_row(
        "SELECT urn_canonical('URN:ISBN:0-395-36341-1#p')",
        [],
        |r| r.get(0),
    )?;
    println!("{canonical}");
    // docs:end

    // A UNIQUE COLLATE URN column refuses an equivalent spelling with
    // Error::SqliteFailure, code ConstraintViolation, extended code 2067
    // (SQLITE_CONSTRAINT_UNIQUE).
    db.execute_batch(
        "CREATE TABLE book(id TEXT UNIQUE COLLATE URN);
         INSERT INTO book VALUES ('urn:example:a%2Cb');",
    )?;
    match db.execute("INSERT INTO book VALUES ('URN:EXAMPLE:a%2cb#f')", []) {
        Err(rusqlite::Error::SqliteFailure(e, Some(msg)))
            if e.code == ErrorCode::ConstraintViolation
                && e.extended_code == SQLITE_CONSTRAINT_UNIQUE =>
        {
            println!("SqliteFailure {:?}/{}: {msg}", e.code, e.extended_code)
        }
        other => panic!("want a UNIQUE constraint error, got {other:?}"),
    }

    let valid: i64 = db.query_row(
        "SELECT urn_valid('urn:isbn:0-395-36341-6', 'ns')",
        [],
        |r| r.get(0),
    )?;
    println!("{valid}");
    Ok(())
}
