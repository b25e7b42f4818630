#!/bin/sh
# tools/duckdb_repo.sh REPO PLATFORM FILE VERSION...
#
# Put the DuckDB extension FILE into the extension repository REPO for
# each DuckDB VERSION (1.4.4, without the v), in DuckDB's layout, which
# INSTALL urn FROM 'REPO' reads (a path, or a web server serving REPO):
#   REPO/v{VERSION}/{PLATFORM}/urn.duckdb_extension.gz
# PLATFORM is DuckDB's name (linux_amd64, windows_amd64, ...), the one in
# FILE's footer (tools/duckdb_footer.sh).  Compressed once, without a name
# or a time in the gzip header, so the same FILE gives the same bytes.
set -eu
[ $# -ge 4 ] || { echo "usage: $0 REPO PLATFORM FILE VERSION..." >&2; exit 2; }
repo=$1 platform=$2 file=$3
shift 3
mkdir -p "$repo"
gz=$repo/.$platform.gz.tmp
gzip -n -9 -c "$file" > "$gz"
for v in "$@"; do
  mkdir -p "$repo/v$v/$platform"
  cp "$gz" "$repo/v$v/$platform/urn.duckdb_extension.gz"
done
rm -f "$gz"
echo "$repo/v{$(echo "$@" | tr ' ' ,)}/$platform/urn.duckdb_extension.gz"
