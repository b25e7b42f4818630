#!/bin/sh
# test/release/deb.sh -- the Debian packages as a DBA installs them: built
# with dpkg-buildpackage (debhelper, pg_buildext of postgresql-server-dev-all)
# from debian/, lintian without errors, put into an apt repository
# (apt-ftparchive) that a fresh Debian 12 adds as a source, apt-get install
# by name of the previous release (built the same way from its commit) and a
# cluster with a urn column under it, then apt-get install by name of this
# release over it: the packages upgrade cleanly, ALTER EXTENSION urn UPDATE
# in that cluster keeps its rows and index, CREATE EXTENSION urn in a fresh
# cluster and .load urn in sqlite3 work, then apt-get purge leaves no file
# of theirs.  Everything that installs
# system packages runs in Debian chroots (debootstrap --variant=minbase
# bookworm), never on this machine, whose PostgreSQL stays untouched.
#
#   sh test/release/deb.sh TREE VERSION
# TREE is the source tree (its git files are copied), VERSION VERSION's.
# Environment (make release-test-deb sets them):
#   URN_DEB_BASE   a minbase chroot to copy (made with debootstrap if absent)
#   URN_DEB_BUILD  the build chroot: the base plus what building needs,
#                  made once and kept (a cache; delete it to start afresh)
#   URN_DEB_WORK   scratch: the fresh install chroot, the repository
#   URN_DEB_OUT    where the .deb files are copied (dist/debian)
#   URN_DEB_PREV, URN_DEB_PREV_COMMIT
#                  the previous release and its commit (in TREE's git)
# Needs root (chroot, mounts).  The chroots run in a mount namespace of
# their own (unshare), so their mounts of /proc, /sys, /dev go with them;
# the cluster runs in a network namespace of its own with no TCP listener
# (a Unix socket in its directory), started and stopped by pg_ctl, its PID
# checked gone.  Ends with "deb: N passed, N failed".
set -u
tree=$(cd "${1:?usage: deb.sh TREE VERSION}" && pwd); version=${2:?usage: deb.sh TREE VERSION}
base=${URN_DEB_BASE:?}; bchroot=${URN_DEB_BUILD:?}; work=${URN_DEB_WORK:?}; out=${URN_DEB_OUT:?}
prev=${URN_DEB_PREV:?}; prev_commit=${URN_DEB_PREV_COMMIT:?}
pass=0; fail=0
ok()   { pass=$((pass+1)); }
bad()  { fail=$((fail+1)); echo "! $1"; [ -z "${2:-}" ] || printf '%s\n' "$2" | tail -n 25 | sed 's/^/!   /'; }
check() { name=$1; shift; if out_=$("$@" 2>&1); then ok; else bad "$name" "$out_"; fi; }
finish() { echo "deb: $pass passed, $fail failed"; [ "$fail" = 0 ]; exit $?; }

[ "$(id -u)" = 0 ] || { echo "deb.sh needs root (chroots); run make release-test-deb as root" >&2; exit 2; }

# Run CMD in chroot ROOT: a private mount namespace, /proc /sys /dev bound,
# an empty environment.  NET=none adds a network namespace of its own.
in_root() {
  r=$1; shift
  set -- unshare --mount --propagation private --fork sh -c '
    r=$1; shift
    mount --rbind /dev "$r/dev" && mount -t proc proc "$r/proc" && mount --rbind /sys "$r/sys" || exit 1
    exec chroot "$r" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LC_ALL=C.UTF-8 \
      DEBIAN_FRONTEND=noninteractive "$@"' sh "$r" "$@"
  if [ "${NET:-}" = none ]; then set -- unshare --net "$@"; fi
  "$@"
}
# A chroot where services do not start (policy-rc.d) and installing
# PostgreSQL makes no cluster: the test makes its own.
prepare_root() {
  printf '#!/bin/sh\nexit 101\n' > "$1/usr/sbin/policy-rc.d"; chmod 755 "$1/usr/sbin/policy-rc.d"
  mkdir -p "$1/etc/postgresql-common"
  printf 'create_main_cluster = false\n' > "$1/etc/postgresql-common/createcluster.conf"
  cp /etc/resolv.conf "$1/etc/resolv.conf"
}
APT="apt-get -q -y -o Dpkg::Options::=--force-confold -o DPkg::Lock::Timeout=600"

if [ ! -x "$base/usr/bin/apt-get" ]; then
  echo "deb.sh: making the minbase chroot $base (debootstrap, about 3 minutes)"
  mkdir -p "$(dirname "$base")"
  debootstrap --variant=minbase bookworm "$base" http://deb.debian.org/debian >"$base.log" 2>&1 ||
    { echo "debootstrap failed: $base.log" >&2; exit 1; }
fi
if [ ! -f "$bchroot/.urn-ready" ]; then
  echo "deb.sh: making the build chroot $bchroot (once; about 5 minutes)"
  rm -rf "$bchroot"; cp -a "$base" "$bchroot"; prepare_root "$bchroot"
  in_root "$bchroot" sh -c "apt-get -q update && $APT --no-install-recommends install build-essential \
      debhelper postgresql-server-dev-all libsqlite3-dev sqlite3 lintian apt-utils \
      postgresql-15 pgxnclient unzip" \
      >"$bchroot.log" 2>&1 || { echo "the build chroot failed: $bchroot.log" >&2; exit 1; }
  touch "$bchroot/.urn-ready"
fi

# 1. dpkg-buildpackage in the build chroot, from a copy of the tree's files.
rm -rf "$bchroot/build"; mkdir -p "$bchroot/build/sqlite-urn-$version"
(cd "$tree" && git ls-files -co --exclude-standard -z | xargs -0 tar -cf - 2>/dev/null) |
  tar -C "$bchroot/build/sqlite-urn-$version" -xf -
log=$(in_root "$bchroot" sh -c "cd /build/sqlite-urn-$version && dpkg-buildpackage -us -uc -b 2>&1")
rc=$?
debs=$(ls "$bchroot"/build/*.deb 2>/dev/null)
if [ $rc = 0 ] && [ -n "$debs" ]; then ok; else bad "1.1 dpkg-buildpackage -us -uc -b" "$log"; finish; fi
pkgs="postgresql-15-urn libsqlite3-mod-urn"
for p in $pkgs; do
  check "1.2 $p ${version}-1 built" test -f "$bchroot/build/${p}_${version}-1_amd64.deb"
done
check "1.3 the module is /usr/lib/x86_64-linux-gnu/urn.so" sh -c \
  "dpkg-deb -c '$bchroot/build/libsqlite3-mod-urn_${version}-1_amd64.deb' | grep -q ' ./usr/lib/x86_64-linux-gnu/urn.so\$'"
check "1.4 the extension's files are PostgreSQL 15's" sh -c "dpkg-deb -c '$bchroot/build/postgresql-15-urn_${version}-1_amd64.deb' |
  grep -c -e ' ./usr/lib/postgresql/15/lib/urn.so\$' -e ' ./usr/share/postgresql/15/extension/urn.control\$' \
    -e ' ./usr/share/postgresql/15/extension/urn--$version.sql\$' | grep -qx 3"
mkdir -p "$out"; rm -f "$out"/*.deb; cp $debs "$out/"

# 1b. The previous release's packages, built the same way from its commit.
rm -rf "$bchroot/build-prev"; mkdir -p "$bchroot/build-prev/sqlite-urn-$prev"
git -C "$tree" archive "$prev_commit" | tar -C "$bchroot/build-prev/sqlite-urn-$prev" -xf -
log=$(in_root "$bchroot" sh -c "cd /build-prev/sqlite-urn-$prev && dpkg-buildpackage -us -uc -b 2>&1")
rc=$?
prevdebs=$(ls "$bchroot"/build-prev/*.deb 2>/dev/null)
if [ $rc = 0 ] && [ -n "$prevdebs" ]; then ok; else bad "1.5 dpkg-buildpackage of $prev (commit $prev_commit)" "$log"; finish; fi

# 2. lintian: no error (its warnings and notes are printed, not counted).
lint=$(in_root "$bchroot" sh -c "cd /build && lintian --tag-display-limit 0 *.changes 2>&1")
printf '%s\n' "$lint" | grep -v '^E: ' | sed 's/^/  lintian: /' | head -n 20
if printf '%s\n' "$lint" | grep -q '^E: '; then bad "2.1 lintian reports errors" "$(printf '%s\n' "$lint" | grep '^E: ')"; else ok; fi

# 3. The repository, with apt-ftparchive: Packages and a Release file.
repo=$bchroot/build/repo
mkdir -p "$repo" && cp $debs $prevdebs "$repo/"
check "3.1 apt-ftparchive packages, release" in_root "$bchroot" sh -c \
  'cd /build/repo && apt-ftparchive packages . > Packages && gzip -9nk Packages && apt-ftparchive release . > Release'

# 4. A fresh Debian 12 adds it as a source and installs by name: the
# previous release first, a cluster under it, then this one over it.
inst=$work/install-chroot
rm -rf "$inst"; mkdir -p "$work"; cp -a "$base" "$inst"; prepare_root "$inst"
mkdir -p "$inst/srv/urn-repo" && cp "$repo"/* "$inst/srv/urn-repo/"
echo 'deb [trusted=yes] file:/srv/urn-repo ./' > "$inst/etc/apt/sources.list.d/sqlite-urn.list"
# pgrun.sh DIR SQL: the cluster in DIR (made by initdb when new), with no
# TCP listener, runs the file SQL in psql, then is stopped and its PID
# checked gone.
cat > "$inst/tmp/pgrun.sh" <<'EOF'
set -e; d=$1
[ -f $d/PG_VERSION ] || /usr/lib/postgresql/15/bin/initdb -D $d -A trust >$d.initdb.log 2>&1
/usr/lib/postgresql/15/bin/pg_ctl -D $d -w -l $d.log -o "-c listen_addresses= -k $d" start >/dev/null
rc=0; psql -X -q -A -t -h $d -d postgres -v ON_ERROR_STOP=1 -f $2 || rc=$?
pid=$(head -1 $d/postmaster.pid)
/usr/lib/postgresql/15/bin/pg_ctl -D $d -w stop -m fast >/dev/null
i=0; while kill -0 $pid 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done
kill -0 $pid 2>/dev/null && echo "postmaster $pid still runs"
exit $rc
EOF
pgrun() { NET=none in_root "$inst" su postgres -s /bin/sh -c "sh /tmp/pgrun.sh $1 $2" 2>&1; }
installed() {  # installed NAME VERSION: each package is installed at VERSION-1
  for p in $pkgs; do
    check "$1 $p is installed, ${2}-1" sh -c \
      "[ \"\$(chroot '$inst' dpkg-query -W -f '\${Status} \${Version}' $p)\" = 'install ok installed ${2}-1' ]"
  done
}
log=$(in_root "$inst" sh -c "apt-get -q update && $APT install postgresql-15-urn=$prev-1 libsqlite3-mod-urn=$prev-1 sqlite3" 2>&1)
if [ $? = 0 ]; then ok; else bad "4.1 apt-get install $pkgs of $prev" "$log"; fi
installed 4.2 "$prev"
cat > "$inst/tmp/old.sql" <<'EOF'
CREATE EXTENSION urn;
CREATE TABLE book(id urn PRIMARY KEY, title text);
INSERT INTO book VALUES ('urn:isbn:0-395-36341-1', 'Ulysses'), ('URN:ISSN:0167-6423', 'SCP');
SELECT extversion FROM pg_extension WHERE extname = 'urn';
EOF
got=$(pgrun /tmp/pgold /tmp/old.sql)
if [ "$got" = "$prev" ]; then ok; else bad "4.3 a cluster under $prev" "$got"; fi
log=$(in_root "$inst" sh -c "$APT install $pkgs" 2>&1)
if [ $? = 0 ]; then ok; else bad "4.4 apt-get install $pkgs over $prev" "$log"; fi
installed 4.5 "$version"
# That cluster, with this release's library: the update, its rows through
# the index by another spelling, a respelling refused by the key.
cat > "$inst/tmp/update.sql" <<'EOF'
ALTER EXTENSION urn UPDATE;
SELECT extversion FROM pg_extension WHERE extname = 'urn';
SET enable_seqscan = off;
SELECT title FROM book WHERE id = 'URN:ISBN:0-395-36341-1';
INSERT INTO book VALUES ('urn:issn:0167-6423', 'again') ON CONFLICT DO NOTHING;
SELECT count(*), urn_order_version() FROM book;
EOF
got=$(pgrun /tmp/pgold /tmp/update.sql)
want=$(printf '%s\nUlysses\n2|1' "$version")
if [ "$got" = "$want" ]; then ok; else bad "4.6 ALTER EXTENSION urn UPDATE from $prev" "$got"; fi

# 5. CREATE EXTENSION urn in a fresh cluster, as the postgres user.
cat > "$inst/tmp/urn.sql" <<'EOF'
CREATE EXTENSION urn;
SELECT urn_version();
SELECT 'urn:isbn:0-395-36341-1'::urn_ns = 'URN:ISBN:0395363411'::urn_ns;
SELECT extversion FROM pg_extension WHERE extname = 'urn';
EOF
got=$(pgrun /tmp/pg /tmp/urn.sql)
want=$(printf '%s\nt\n%s' "$version" "$version")
if [ "$got" = "$want" ]; then ok; else bad "5.1 CREATE EXTENSION urn in a fresh cluster" "$got"; fi

# 6. .load urn in sqlite3: found in /usr/lib/<triplet>/ by name.
got=$(in_root "$inst" sh -c "printf '%s\n' '.load urn' \"SELECT urn_version(), 'urn:example:a%2Cb' = 'URN:EXAMPLE:a%2cb#f' COLLATE URN;\" | sqlite3 -bail :memory:" 2>&1)
if [ "$got" = "$version|1" ]; then ok; else bad "6.1 .load urn in sqlite3" "$got"; fi

# 7. apt-get purge: no file of either package is left.
files=$(for d in $debs $prevdebs; do dpkg-deb -c "$d" | awk '{print $6}' | sed 's|^\.||' | grep -v '/$'; done)
log=$(in_root "$inst" sh -c "$APT purge $pkgs" 2>&1)
if [ $? = 0 ]; then ok; else bad "7.1 apt-get purge" "$log"; fi
left=$(for f in $files; do [ -e "$inst$f" ] && echo "$f"; done)
if [ -z "$left" ] && [ -n "$files" ]; then ok; else bad "7.2 no file left after purge" "$left"; fi
check "7.3 dpkg knows neither package" sh -c \
  "! chroot '$inst' dpkg-query -W -f '\${Status}\n' $pkgs 2>/dev/null | grep -q installed"

rm -rf "$inst"
finish
