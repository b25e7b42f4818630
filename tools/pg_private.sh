#!/bin/sh
# tools/pg_private.sh PG_CONFIG DIR -- a private copy of the PostgreSQL
# installation that PG_CONFIG names, under DIR, for make postgres-test to
# install the extension into (with DESTDIR=DIR) and run as any user,
# without root and without touching the installation itself.
#
# PostgreSQL reads extensions only from its own share folder (and loads
# $libdir from its own lib folder), both found relative to where the server
# binary really is: so postgres, initdb and pg_ctl are copied to
# DIR/BINDIR (the same paths as the installation's, under DIR), every other
# program, library and share file is a symbolic link to the installation's,
# and the folders the extension installs into (share's extension/, lib's
# bitcode/) are folders of links, without the extension's own files.
#
# Use (any user; DIR is emptied first; the installation is only read):
#   sh tools/pg_private.sh pg_config build/pg
#   make -C SRC install DESTDIR=$PWD/build/pg      # PGXS: the extension into it
#   B=$PWD/build/pg$(pg_config --bindir)            # then its own programs:
#   $B/initdb -D data && $B/pg_ctl -D data -o "-c listen_addresses=127.0.0.1 -p PORT -k /tmp" start
# CREATE EXTENSION in that server finds the extension under DIR; a server
# of the installation itself does not see it.  make postgres-test does
# this (mk/postgres.mk, test/postgres/lib.sh).
set -eu
pgc=$1; dir=$2
bindir=$("$pgc" --bindir); libdir=$("$pgc" --pkglibdir); sharedir=$("$pgc" --sharedir)
rm -rf "$dir"
mkdir -p "$dir$bindir" "$dir$libdir" "$dir$sharedir"
# Links to every entry of folder $1 in folder $2, but the extension's own
# (urn.so, urn.control, urn--*.sql, bitcode/urn*) and the entries of $3.
linkall() {
  for f in "$1"/* "$1"/.[!.]*; do
    [ -e "$f" ] || [ -L "$f" ] || continue
    n=${f##*/}
    case " $3 " in *" $n "*) continue ;; esac
    case "$n" in urn|urn.*|urn--*) continue ;; esac
    ln -s "$f" "$2/$n"
  done
}
for p in postgres initdb pg_ctl; do cp "$bindir/$p" "$dir$bindir/$p"; done
linkall "$bindir" "$dir$bindir" "postgres initdb pg_ctl"
linkall "$libdir" "$dir$libdir" "bitcode"
if [ -d "$libdir/bitcode" ]; then
  mkdir -p "$dir$libdir/bitcode"
  linkall "$libdir/bitcode" "$dir$libdir/bitcode" ""
fi
linkall "$sharedir" "$dir$sharedir" "extension"
mkdir -p "$dir$sharedir/extension"
linkall "$sharedir/extension" "$dir$sharedir/extension" ""
