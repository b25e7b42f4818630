#!/bin/sh
# tools/version.sh -- the version of sqlite-urn, written in one place: the
# file VERSION.  Every other file that carries it takes it from there:
#   ext/core/urn_version.h       urn_version() in SQLite, DuckDB, PostgreSQL
#                                and the browser (URN_VERSION)
#   ext/postgres/urn.control     default_version, and the install script
#                                ext/postgres/urn--VERSION.sql beside it
#   sqlpkg.json                  the sqlpkg spec's "version"
#   pkg/duckdb/description.yml   DuckDB's community-extension metadata
#   packaging/pgxn/META.json     PGXN's distribution and provided version
#   debian/changelog             the Debian packages' upstream version
#   README.md, docs/*.md,        file names (sqlite-urn-V-..., urn--V.sql)
#   pkg/*/README.md              and urn_version()'s shown result (→ V,
#                                and its cell in the reference's table)
# Built at make time from VERSION (mk/dist.mk's URN_VERSION): the archives'
# names, the wheel's metadata (sqlite_urn/_version.py), package.json's
# version (npm pkg set), the DuckDB footer, CMake's URN_VERSION.
#
#   tools/version.sh             print VERSION
#   tools/version.sh check       every copy against VERSION: one line per
#                                copy that differs; exits 1 if any does
#   tools/version.sh set X.Y.Z   write X.Y.Z into VERSION and every copy (the
#                                PostgreSQL install script renamed; the old
#                                one kept in packaging/postgres/ when the
#                                update test is to start from it; a
#                                debian/changelog entry that points to
#                                CHANGELOG.md; CHANGELOG.md's entry and the
#                                update script urn--OLD--X.Y.Z.sql are the
#                                maintainer's to write)
set -eu
cd "$(dirname "$0")/.."
v=$(cat VERSION)
semver='[0-9][0-9]*\.[0-9][0-9]*\.[0-9][0-9]*'
# urn_version()'s row in docs/functions.md's table: its result cell.
refcell='`urn_version\(\)` \| `'
docs="README.md $(ls docs/*.md pkg/*/README.md packaging/pgxn/META.json 2>/dev/null)"

# Each copy as "FILE<TAB>VERSION-FOUND", one line per occurrence.
copies() {
  printf 'ext/core/urn_version.h\t%s\n' "$(sed -n 's/^#define URN_VERSION "\(.*\)"$/\1/p' ext/core/urn_version.h)"
  printf 'ext/postgres/urn.control\t%s\n' "$(sed -n "s/^default_version = '\(.*\)'\$/\1/p" ext/postgres/urn.control)"
  for f in ext/postgres/urn--*.sql; do
    case $f in *--*--*) ;; *) printf 'ext/postgres/ (install script)\t%s\n' "$(echo "$f" | sed 's/.*urn--\(.*\)\.sql$/\1/')";; esac
  done
  printf 'sqlpkg.json\t%s\n' "$(sed -n 's/^    "version": "\(.*\)",$/\1/p' sqlpkg.json)"
  printf 'pkg/duckdb/description.yml\t%s\n' "$(sed -n 's/^  version: \(.*\)$/\1/p' pkg/duckdb/description.yml)"
  if [ -f packaging/pgxn/META.json ]; then
    grep -n "\"version\" *: *\"$semver\"" packaging/pgxn/META.json | grep -v meta-spec |
      sed "s/^\([0-9]*\):.*\"version\" *: *\"\($semver\)\".*/packaging\/pgxn\/META.json:\1\t\2/"
  fi
  if [ -f debian/changelog ]; then
    printf 'debian/changelog\t%s\n' "$(sed -n '1s/^[^ ]* (\([^-)]*\).*/\1/p' debian/changelog)"
  fi
  # shellcheck disable=SC2086
  grep -noE "(sqlite-urn-|sqlite_urn-|duckdb-urn-|urn--|→ |→ True |$refcell)$semver" $docs |
    sed 's/^\([^:]*:[0-9]*\):[^0-9]*\(.*\)$/\1\t\2/'
}

case ${1:-} in
  '') echo "$v" ;;
  check)
    bad=$(copies | awk -F '\t' -v v="$v" '$2 != v { print $1 ": " ($2 == "" ? "no version found" : $2) " (VERSION is " v ")" }')
    [ -z "$bad" ] || { echo "$bad"; exit 1; }
    ;;
  set)
    new=${2:?usage: tools/version.sh set X.Y.Z}
    echo "$new" | grep -qx "$semver" || { echo "not a version X.Y.Z: $new" >&2; exit 2; }
    old=$v
    [ "$new" != "$old" ] || exit 0
    oldre=$(echo "$old" | sed 's/\./\\./g')
    echo "$new" > VERSION
    sed -i "s/^#define URN_VERSION \".*\"\$/#define URN_VERSION \"$new\"/" ext/core/urn_version.h
    sed -i "s/^default_version = '.*'\$/default_version = '$new'/" ext/postgres/urn.control
    sed -i "s/^    \"version\": \"$oldre\",\$/    \"version\": \"$new\",/" sqlpkg.json
    sed -i "s/^  version: $oldre\$/  version: $new/" pkg/duckdb/description.yml
    [ ! -f packaging/pgxn/META.json ] || sed -i "s/\"version\" *: *\"$oldre\"/\"version\": \"$new\"/" packaging/pgxn/META.json
    if [ -f debian/changelog ]; then
      who=$(sed -n 's/^ -- \(.*>\)  .*/\1/p' debian/changelog | head -n 1)
      { printf 'sqlite-urn (%s-1) unstable; urgency=medium\n\n  * New upstream release %s: see CHANGELOG.md.\n\n -- %s  %s\n\n' \
          "$new" "$new" "$who" "$(LC_ALL=C date -R)"; cat debian/changelog; } > debian/changelog.new
      mv debian/changelog.new debian/changelog
    fi
    # shellcheck disable=SC2086
    sed -i -E "s/(sqlite-urn-|sqlite_urn-|duckdb-urn-|urn--|→ |→ True |$refcell)$oldre/\1$new/g" $docs
    mv "ext/postgres/urn--$old.sql" "ext/postgres/urn--$new.sql"
    echo "VERSION is $new.  Still to write: CHANGELOG.md's entry (debian/changelog"
    echo "points to it), ext/postgres/urn--$old--$new.sql (the update; when the"
    echo "update test is to start from $old, URN_PG_PREV in mk/postgres.mk, keep"
    echo "urn--$old.sql's text in packaging/postgres/ and name its commit there)."
    ;;
  *) echo "usage: $0 [check | set X.Y.Z]" >&2; exit 2 ;;
esac
