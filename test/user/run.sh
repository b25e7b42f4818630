#!/bin/sh
# test/user/run.sh -- make user-test: a user without root and root in that
# user's clone, with a real second account that the test creates and
# removes (so it runs as root; a user is told the command).
#
#   1. The user, in a fresh copy of this tree: `make install` and `make
#      postgres-install` stop before compiling anything, in one sentence
#      with the command for root (tools/needroot.sh).
#   2. Root runs the README's install lines in that clone (`make install`,
#      `make postgres-install`, staged with DESTDIR so that this machine's
#      /usr/local and PostgreSQL stay untouched): they say what they
#      installed where, the user built what they copy, and no file in the
#      clone is root's.
#   3. `make postgres-test` as the user, without root (the private copy of
#      the PostgreSQL installation under build/postgres/pg/); then as root
#      in the clone, where it runs as the user: nothing in it is root's.
#   4. The user's own `make`, `make dist` and `make clean` still work there
#      (last, so that postgres-test reuses the extension step 2 built).
# Ends "N passed, N failed"; exits 1 when anything failed.  21 minutes on 2
# cores at load 11 (the user builds the PostgreSQL extension, with its LLVM
# bitcode; make dist fetches DuckDB's headers with npm; postgres-test runs twice,
# on USER_TEST_PG_ROWS rows, default 50000, the fewest whose index checks
# see enough pages, without the replication test).
set -u
# Each make below starts afresh, as a user's would, not as a sub-make of
# make user-test.
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES
top=$(cd "$(dirname "$0")/../.." && pwd)
if [ "$(id -u)" != 0 ]; then
  echo "make user-test creates and removes a user account, which only root can; nothing was built. Run it as root: sudo make -C $top user-test" >&2
  exit 1
fi
pass=0; fail=0
ok() { # ok NAME STATUS WHAT [DETAIL]
  if [ "$2" = 0 ]; then pass=$((pass+1)); echo "user-$1 ok: $3"
  else fail=$((fail+1)); echo "user-$1 FAILED: $3"; [ -n "${4:-}" ] && printf '%s\n' "$4" | tail -n 30 | sed 's/^/    /'
  fi
}
tmp=$(mktemp -d /tmp/urn-user.XXXXXX)
chmod 755 "$tmp"
u=urnuser$$
cleanup() {
  userdel -r "$u" >/dev/null 2>&1
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
useradd -m -d "$tmp/home" -s /bin/sh "$u" || { echo "useradd failed"; echo "0 passed, 1 failed"; exit 1; }
home=$tmp/home
clone=$home/sqlite-urn
# As the user, from a directory the user may read, with the user's HOME.
# and a login's environment (no locale).
as_user() { (cd "$clone" && runuser -u "$u" -- env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$home" USER="$u" LOGNAME="$u" "$@") 2>&1; }
# No file of the clone is anyone's but the user's.
mine() { find "$clone" ! -user "$u" -print 2>/dev/null | head -n 5; }

# The user's clone: every file of this tree that git tracks or would
# (untracked but not ignored), as the tree has it now.
runuser -u "$u" -- mkdir "$clone"
(cd "$top" && git ls-files --cached --others --exclude-standard |
  while IFS= read -r f; do [ -e "$f" ] && printf '%s\n' "$f"; done |
  tar --verbatim-files-from -T - -cf -) | runuser -u "$u" -- tar -xf - -C "$clone"
[ -f "$clone/Makefile" ]; ok 0.1 $? "a copy of the tree owned by $u"

# 1. The user cannot write into the system: told before compiling.
out=$(as_user make install)
case "$out" in *"make install writes into /usr/local/lib/sqlite-urn, which only root can write; nothing was built."*"make -C $clone install"*) r=0;; *) r=1;; esac
ok 1.1 $r "make install as $u: one sentence and the command for root" "$out"
[ ! -e "$clone/urn.so" ]; ok 1.2 $? "make install as $u compiled nothing"
out=$(as_user make postgres-install)
case "$out" in *"make postgres-install writes into "*", which only root can write; nothing was built."*"make -C $clone postgres-install"*) r=0;; *) r=1;; esac
ok 1.3 $r "make postgres-install as $u: one sentence and the command for root" "$out"
[ ! -e "$clone/build/postgres/urn.so" ]; ok 1.4 $? "make postgres-install as $u compiled nothing"

# 2. Root runs the install lines in the user's clone, staged.
stage=$tmp/stage
out=$(cd "$clone" && make install DESTDIR="$stage" 2>&1)
r=$?
ok 2.1 $r "root: make install in $u's clone" "$out"
case "$out" in *"make install: installed urn.so as $stage/usr/local/lib/sqlite-urn/urn.so"*) r=0;; *) r=1;; esac
ok 2.2 $r "make install says what it installed where" "$out"
[ -f "$stage/usr/local/lib/sqlite-urn/urn.so" ] && [ "$(stat -c %U "$clone/urn.so" 2>/dev/null)" = "$u" ]
ok 2.3 $? "the library installed is the one $u built"
bad=$(mine); [ -z "$bad" ]; ok 2.4 $? "no file of root's in the clone after make install" "$bad"
out=$(cd "$clone" && make postgres-install DESTDIR="$stage" 2>&1)
r=$?
ok 2.5 $r "root: make postgres-install in $u's clone" "$out"
lib=$(pg_config --pkglibdir)
case "$out" in *"make postgres-install: installed urn.so into $stage$lib/, urn.control"*) r=0;; *) r=1;; esac
ok 2.6 $r "make postgres-install says what it installed where" "$out"
[ -f "$stage$lib/urn.so" ] && [ -f "$stage$(pg_config --sharedir)/extension/urn.control" ]
ok 2.7 $? "the PostgreSQL extension staged"
bad=$(mine); [ -z "$bad" ]; ok 2.8 $? "no file of root's in the clone after make postgres-install" "$bad"

# 3. make postgres-test as the user, then as root in the user's clone (not
# its upgrade test: the copy has no git history to build 0.1.0 from).
rows=${USER_TEST_PG_ROWS:-50000}
out=$(as_user make postgres-test URN_PG_ROWS="$rows" URN_PG_REPLICATION=0 URN_PG_UPGRADE=0)
r=$?
ok 3.1 $r "$u: make postgres-test without root" "$out"
case "$(printf '%s\n' "$out" | tail -n 1)" in *" passed, 0 failed") r=0;; *) r=1;; esac
ok 3.2 $r "its tests passed: $(printf '%s\n' "$out" | tail -n 1)"
out=$(cd "$clone" && make postgres-test URN_PG_ROWS="$rows" URN_PG_REPLICATION=0 URN_PG_UPGRADE=0 2>&1)
r=$?
ok 3.3 $r "root: make postgres-test in $u's clone, run as $u" "$out"
case "$(printf '%s\n' "$out" | tail -n 1)" in *" passed, 0 failed") r=0;; *) r=1;; esac
ok 3.4 $r "its tests passed: $(printf '%s\n' "$out" | tail -n 1)"
bad=$(mine); [ -z "$bad" ]; ok 3.5 $? "no file of root's in the clone after root's make postgres-test" "$bad"

# 4. The user's own make, make dist and make clean.
out=$(as_user make); ok 4.1 $? "$u: make" "$out"
out=$(as_user make dist); ok 4.2 $? "$u: make dist" "$out"
[ -n "$(ls "$clone"/dist/sqlite-urn-*.tar.gz 2>/dev/null)" ]; ok 4.3 $? "make dist wrote the archive"
out=$(as_user make clean); ok 4.4 $? "$u: make clean" "$out"
[ ! -e "$clone/build" ] && [ ! -e "$clone/urn.so" ]; ok 4.5 $? "make clean removed build/ and urn.so"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
