"""sqlite-urn for Python: the loadable SQLite extension, and the way to load it.

    import sqlite3
    import sqlite_urn

    db = sqlite3.connect("catalogue.db")
    sqlite_urn.load(db)
    db.execute("SELECT urn_canonical('URN:ISBN:0-395-36341-1#p')").fetchone()
    # ('urn:isbn:0-395-36341-1',)

The package carries the library built for one platform (urn.so, urn.dll) and
nothing else of its own: the SQL functions, the collations URN and URN_NS and
the table urn_namespaces are the library's, documented in its manual.
"""
import os

from ._version import __version__

__all__ = ["load", "loadable_path", "ExtensionLoadingUnavailable", "__version__"]

_HERE = os.path.dirname(os.path.abspath(__file__))


class ExtensionLoadingUnavailable(RuntimeError):
    """This Python's sqlite3 module cannot load SQLite extensions."""


_NO_LOADING = (
    "sqlite_urn.load(): this Python's sqlite3 module cannot load SQLite "
    "extensions: sqlite3.Connection has no enable_load_extension, because "
    "Python was built without --enable-loadable-sqlite-extensions (as "
    "macOS's system Python and pyenv's default builds are). Ways out: "
    "(1) a Python built with --enable-loadable-sqlite-extensions (pyenv: "
    "PYTHON_CONFIGURE_OPTS=\"--enable-loadable-sqlite-extensions\" pyenv "
    "install VERSION); (2) your distribution's own python3 (Debian's and "
    "Ubuntu's /usr/bin/python3 can load extensions); (3) APSW "
    "(pip install apsw, or Debian's python3-apsw): "
    "sqlite_urn.load(apsw.Connection(path)) loads it there."
)


def loadable_path():
    """The library's path without its suffix (.so, .dll), the form every host
    that takes a path accepts: SQLite adds the platform's suffix and finds the
    entry point sqlite3_urn_init from the file name.  For
    conn.load_extension(), APSW's loadextension(), sqlite-utils'
    --load-extension, Datasette's --load-extension."""
    return os.path.join(_HERE, "urn")


def load(conn):
    """Load the library into conn, a sqlite3.Connection or an apsw.Connection.

    Extension loading is turned on for the call only, and off again
    afterwards, whatever happens.  Raises ExtensionLoadingUnavailable when
    this Python's sqlite3 module cannot load extensions, and TypeError for
    anything that is not a connection."""
    path = loadable_path()
    # APSW spells the two methods without underscores.
    if callable(getattr(conn, "enableloadextension", None)) and \
       callable(getattr(conn, "loadextension", None)):
        conn.enableloadextension(True)
        try:
            conn.loadextension(path)
        finally:
            conn.enableloadextension(False)
        return
    enable = getattr(conn, "enable_load_extension", None)
    if enable is None:
        import sqlite3
        if isinstance(conn, sqlite3.Connection):
            raise ExtensionLoadingUnavailable(_NO_LOADING)
        raise TypeError("sqlite_urn.load() takes a sqlite3.Connection or an "
                        "apsw.Connection, not %s" % type(conn).__name__)
    enable(True)
    try:
        conn.load_extension(path)
    finally:
        enable(False)
