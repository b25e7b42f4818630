# test/hosts/python.py -- the Python host of `make hosts` (test/hosts/run.sh):
# Debian's /usr/bin/python3 in a fresh venv holding the sqlite-urn wheel
# that `make wheel` builds; its sqlite3 module loads the library through
# sqlite_urn.load().  docs/loading.md shows the region between the
# docs:begin and docs:end lines.
import sys

# docs:begin
import sqlite3
import sqlite_urn

db = sqlite3.connect(":memory:")
sqlite_urn.load(db)
print(db.execute("SELECT urn_canonical('URN:ISBN:0-395-36341-1#p')").fetchone()[0])
# docs:end

# A UNIQUE COLLATE URN column refuses an equivalent spelling with
# sqlite3.IntegrityError, SQLite error SQLITE_CONSTRAINT_UNIQUE.
db.execute("CREATE TABLE book(id TEXT UNIQUE COLLATE URN)")
db.execute("INSERT INTO book VALUES ('urn:example:a%2Cb')")
try:
    db.execute("INSERT INTO book VALUES ('URN:EXAMPLE:a%2cb#f')")
    sys.exit("no error")
except sqlite3.IntegrityError as e:
    if e.sqlite_errorname != "SQLITE_CONSTRAINT_UNIQUE":
        raise
    print(f"sqlite3.IntegrityError {e.sqlite_errorname}: {e}")
print(db.execute("SELECT urn_valid('urn:isbn:0-395-36341-6', 'ns')").fetchone()[0])
