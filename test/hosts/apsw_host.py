# test/hosts/apsw_host.py -- the APSW host of `make hosts`
# (test/hosts/run.sh): Debian's python3-apsw, seen from a venv created with
# --system-site-packages that holds the sqlite-urn wheel; sqlite_urn.load()
# takes an apsw.Connection too.  docs/loading.md shows the region between
# the docs:begin and docs:end lines.
import sys

# docs:begin
import apsw
import sqlite_urn

db = apsw.Connection(":memory:")
sqlite_urn.load(db)
print(db.execute("SELECT urn_canonical('URN:ISBN:0-395-36341-1#p')").fetchone()[0])
# docs:end

# A UNIQUE COLLATE URN column refuses an equivalent spelling with
# apsw.ConstraintError, extended result code SQLITE_CONSTRAINT_UNIQUE.
db.execute("CREATE TABLE book(id TEXT UNIQUE COLLATE URN)")
db.execute("INSERT INTO book VALUES ('urn:example:a%2Cb')")
try:
    db.execute("INSERT INTO book VALUES ('URN:EXAMPLE:a%2cb#f')")
    sys.exit("no error")
except apsw.ConstraintError as e:
    name = apsw.mapping_extended_result_codes[e.extendedresult]
    if name != "SQLITE_CONSTRAINT_UNIQUE":
        raise
    print(f"apsw.ConstraintError {name}: {e}")
print(db.execute("SELECT urn_valid('urn:isbn:0-395-36341-6', 'ns')").fetchone()[0])
