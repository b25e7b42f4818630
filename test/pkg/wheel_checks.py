"""wheel_checks.py MODE VERSION -- run inside a venv that has the sqlite-urn
wheel installed (test/pkg/wheel.py makes it); prints "ok - NAME" or
"FAILED - NAME: why" per check.

MODE sqlite3   Python's sqlite3 module: the three checks, loadable_path(),
               extension loading off again afterwards, the errors.
MODE apsw      an apsw.Connection (Debian's python3-apsw).
MODE noload    an interpreter whose sqlite3 cannot load extensions (pyenv's
               default build): load() says so and names the ways out.
"""
import os
import sys

mode, version = sys.argv[1], sys.argv[2]
failed = 0


def check(name, ok, why=""):
    global failed
    if ok:
        print("ok - %s %s" % (mode, name))
    else:
        failed += 1
        print("FAILED - %s %s: %s" % (mode, name, why))


def raises(fn, *args):
    """The exception fn(*args) raises, or None."""
    try:
        fn(*args)
    except BaseException as e:          # noqa: the type is what is checked
        return e
    return None


import sqlite_urn

here = os.path.dirname(sqlite_urn.__file__)
check("installed: sqlite_urn comes from the venv, not the source tree",
      os.path.realpath(here).startswith(os.path.realpath(sys.prefix)), here)
check("__version__", sqlite_urn.__version__ == version, sqlite_urn.__version__)

CANON = "SELECT urn_canonical('URN:ISBN:0-395-36341-1#p')"
STRICT = "SELECT urn_valid('urn:isbn:0-395-36341-6', 'ns')"
WAYS = ("--enable-loadable-sqlite-extensions", "/usr/bin/python3", "APSW")

if mode == "sqlite3":
    import sqlite3
    path = sqlite_urn.loadable_path()
    check("loadable_path() has no suffix, the library has",
          os.path.basename(path) == "urn" and os.path.isfile(path + ".so"), path)

    db = sqlite3.connect(":memory:")
    e = raises(sqlite_urn.load, db)
    check("load(sqlite3.Connection)", e is None, repr(e))
    one = lambda sql: db.execute(sql).fetchone()[0]
    got = one(CANON)
    check("(a) urn_canonical", got == "urn:isbn:0-395-36341-1", got)
    db.execute("CREATE TABLE book(id TEXT UNIQUE COLLATE URN)")
    db.execute("INSERT INTO book VALUES ('urn:example:a%2Cb')")
    e = raises(db.execute, "INSERT INTO book VALUES ('URN:EXAMPLE:a%2cb#f')")
    check("(b) UNIQUE COLLATE URN: sqlite3.IntegrityError",
          isinstance(e, sqlite3.IntegrityError)
          and str(e) == "UNIQUE constraint failed: book.id"
          and getattr(e, "sqlite_errorname", "SQLITE_CONSTRAINT_UNIQUE") == "SQLITE_CONSTRAINT_UNIQUE",
          repr(e))
    got = one(STRICT)
    check("(c) urn_valid(..., 'ns')", got == 0, got)
    check("urn_version() is __version__", one("SELECT urn_version()") == sqlite_urn.__version__)

    # Loading is off again: load_extension is refused afterwards.
    e = raises(db.load_extension, path)
    check("extension loading off after load()",
          isinstance(e, sqlite3.OperationalError) and "not authorized" in str(e), repr(e))
    # ... also when loading failed.
    db2 = sqlite3.connect(":memory:")
    real = sqlite_urn.loadable_path
    sqlite_urn.loadable_path = lambda: os.path.join(here, "no-such-library")
    e = raises(sqlite_urn.load, db2)
    sqlite_urn.loadable_path = real
    e2 = raises(db2.load_extension, path)
    check("extension loading off after a failed load()",
          isinstance(e, sqlite3.OperationalError) and isinstance(e2, sqlite3.OperationalError)
          and "not authorized" in str(e2), "%r %r" % (e, e2))

    # The path form, as conn.load_extension takes it.
    db3 = sqlite3.connect(":memory:")
    db3.enable_load_extension(True)
    db3.load_extension(sqlite_urn.loadable_path())
    got = db3.execute(CANON).fetchone()[0]
    check("conn.load_extension(loadable_path())", got == "urn:isbn:0-395-36341-1", got)

    # A sqlite3 module built without extension loading has no
    # enable_load_extension at all: a connection class without it stands in.
    class NoLoading(sqlite3.Connection):
        @property
        def enable_load_extension(self):
            raise AttributeError("enable_load_extension")
    e = raises(sqlite_urn.load, sqlite3.connect(":memory:", factory=NoLoading))
    check("no enable_load_extension: ExtensionLoadingUnavailable, not AttributeError",
          isinstance(e, sqlite_urn.ExtensionLoadingUnavailable)
          and not isinstance(e, AttributeError), repr(e))
    check("the error names the ways out",
          e is not None and all(w in str(e) for w in WAYS), str(e))
    e = raises(sqlite_urn.load, "catalogue.db")
    check("load(not a connection): TypeError", isinstance(e, TypeError), repr(e))

elif mode == "apsw":
    import apsw
    db = apsw.Connection(":memory:")
    e = raises(sqlite_urn.load, db)
    check("load(apsw.Connection)", e is None, repr(e))
    one = lambda sql: next(db.cursor().execute(sql))[0]
    got = one(CANON)
    check("(a) urn_canonical", got == "urn:isbn:0-395-36341-1", got)
    db.cursor().execute("CREATE TABLE book(id TEXT UNIQUE COLLATE URN);"
                        "INSERT INTO book VALUES ('urn:example:a%2Cb')")
    e = raises(db.cursor().execute, "INSERT INTO book VALUES ('URN:EXAMPLE:a%2cb#f')")
    check("(b) UNIQUE COLLATE URN: apsw.ConstraintError",
          isinstance(e, apsw.ConstraintError) and "UNIQUE constraint failed: book.id" in str(e),
          repr(e))
    got = one(STRICT)
    check("(c) urn_valid(..., 'ns')", got == 0, got)
    e = raises(db.loadextension, sqlite_urn.loadable_path())
    check("extension loading off after load()",
          isinstance(e, apsw.Error) and "not authorized" in str(e), repr(e))

elif mode == "noload":
    import sqlite3
    db = sqlite3.connect(":memory:")
    check("this interpreter's sqlite3 cannot load extensions",
          not hasattr(db, "enable_load_extension"))
    e = raises(sqlite_urn.load, db)
    check("load(): ExtensionLoadingUnavailable, not AttributeError",
          isinstance(e, sqlite_urn.ExtensionLoadingUnavailable)
          and not isinstance(e, AttributeError), repr(e))
    check("the error names the ways out",
          e is not None and all(w in str(e) for w in WAYS), str(e))

sys.exit(1 if failed else 0)
