#!/bin/sh
# test/hosts/sqlite-utils.sh -- the sqlite-utils host of `make hosts`
# (test/hosts/run.sh): Debian's sqlite-utils with --load-extension, the path
# from sqlite_urn.loadable_path() of the wheel installed in the venv whose
# python3 comes first in PATH.  Runs in a scratch directory: catalogue.db is
# its own.  docs/loading.md shows the region between the docs:begin and
# docs:end lines.
set -eu
rm -f catalogue.db
# docs:begin
ext=$(python3 -c 'import sqlite_urn; print(sqlite_urn.loadable_path())')
sqlite-utils query catalogue.db "SELECT urn_canonical('URN:ISBN:0-395-36341-1#p') AS id" \
  --load-extension="$ext"
# docs:end

# A UNIQUE COLLATE URN column refuses an equivalent spelling: sqlite-utils
# insert exits 1 with SQLite's message for SQLITE_CONSTRAINT_UNIQUE.
sqlite-utils query catalogue.db "CREATE TABLE book(id TEXT UNIQUE COLLATE URN)" \
  --load-extension="$ext" >/dev/null
echo '{"id": "urn:example:a%2Cb"}' | sqlite-utils insert catalogue.db book - \
  --load-extension="$ext"
if echo '{"id": "URN:EXAMPLE:a%2cb#f"}' | sqlite-utils insert catalogue.db book - \
     --load-extension="$ext" 2>insert.err; then
  echo "no error"; exit 1
else
  echo "exit status $?: $(head -n 1 insert.err)"
fi
sqlite-utils query catalogue.db "SELECT urn_valid('urn:isbn:0-395-36341-6', 'ns') AS valid" \
  --load-extension="$ext"
