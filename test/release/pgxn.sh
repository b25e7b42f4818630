#!/bin/sh
# test/release/pgxn.sh ZIP VERSION -- the PGXN distribution as a DBA installs
# it with PGXN's client: Debian's pgxnclient, in the build chroot of
# test/release/deb.sh (Debian 12 with PostgreSQL 15, its server headers and
# pgxnclient; made there if absent), installs it into PostgreSQL 15:
#   1. ZIP holds META.json at its top, valid against the PGXN Meta Spec's
#      required keys, naming VERSION and the extension urn;
#   2. by name: a PGXN mirror (the layout of PGXN's root index.json, the
#      dist's JSON, its META.json with the zip's sha1, the zip) served by
#      python3 -m http.server on 127.0.0.1, and
#      pgxn install --mirror http://127.0.0.1:PORT/ urn;
#   3. CREATE EXTENSION urn in a fresh cluster (a Unix socket only, in a
#      network namespace of its own), urn_version() and an urn comparison;
#   4. pgxn uninstall removes the files it installed.
# The server and the cluster are stopped by their PIDs.  Needs root.  Ends
# with "pgxn: N passed, N failed".
set -u
zip=${1:?usage: pgxn.sh ZIP VERSION}; version=${2:?usage: pgxn.sh ZIP VERSION}
bchroot=${URN_DEB_BUILD:?}
here=$(cd "$(dirname "$0")" && pwd)
pass=0; fail=0
ok()   { pass=$((pass+1)); }
bad()  { fail=$((fail+1)); echo "! $1"; [ -z "${2:-}" ] || printf '%s\n' "$2" | tail -n 25 | sed 's/^/!   /'; }
finish() { echo "pgxn: $pass passed, $fail failed"; [ "$fail" = 0 ]; exit $?; }
[ "$(id -u)" = 0 ] || { echo "pgxn.sh needs root (a chroot)" >&2; exit 2; }
if [ ! -f "$bchroot/.urn-ready" ]; then
  # deb.sh makes the build chroot; with no package to build it stops there.
  echo "pgxn.sh: the build chroot is made by test/release/deb.sh first" >&2; exit 2
fi
in_root() {
  r=$1; shift
  set -- unshare --mount --propagation private --fork sh -c '
    r=$1; shift
    mount --rbind /dev "$r/dev" && mount -t proc proc "$r/proc" && mount --rbind /sys "$r/sys" || exit 1
    exec chroot "$r" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LC_ALL=C.UTF-8 "$@"' sh "$r" "$@"
  if [ "${NET:-}" = none ]; then set -- unshare --net "$@"; fi
  "$@"
}

# 1. META.json.
tmp=$(mktemp -d); server=
cleanup() { [ -z "$server" ] || { kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; }; rm -rf "$tmp"; }
trap cleanup EXIT
unzip -q -d "$tmp/unz" "$zip"
meta=$tmp/unz/urn-$version/META.json
got=$(python3 - "$meta" "$version" <<'EOF'
import json, sys
m = json.load(open(sys.argv[1], encoding="utf-8"))
need = ["name", "abstract", "version", "maintainer", "license", "provides", "meta-spec"]
missing = [k for k in need if k not in m]
ok = (not missing and m["name"] == "urn" and m["version"] == sys.argv[2]
      and m["provides"]["urn"]["version"] == sys.argv[2] and m["meta-spec"]["version"] == "1.0.0"
      and m["provides"]["urn"]["file"] == "ext/postgres/urn--%s.sql" % sys.argv[2])
print("ok" if ok else "missing %s: %s" % (missing, m))
EOF
)
if [ "$got" = ok ]; then ok; else bad "1.1 META.json: the spec's required keys, urn $version" "$got"; fi
if [ -f "$tmp/unz/urn-$version/ext/postgres/urn--$version.sql" ]; then ok; else bad "1.2 META.json's file is in the zip"; fi

# 2. A mirror on 127.0.0.1: what pgxnclient reads (PGXN's mirror layout).
m=$tmp/mirror
mkdir -p "$m/dist/urn/$version"
cp "$zip" "$m/dist/urn/$version/urn-$version.zip"
sha1=$(sha1sum "$zip" | cut -d' ' -f1)
python3 - "$meta" "$m" "$version" "$sha1" <<'EOF'
import json, sys
meta, m, v, sha1 = sys.argv[1:]
d = json.load(open(meta, encoding="utf-8"))
d["sha1"] = sha1
d["user"] = "urn"
d["date"] = "2026-12-07T12:00:00Z"
json.dump(d, open("%s/dist/urn/%s/META.json" % (m, v), "w"))
json.dump({"name": "urn", "releases": {"stable": [{"version": v, "date": d["date"]}]}},
          open("%s/dist/urn.json" % m, "w"))
json.dump({"urn": {"stable": {"dist": "urn", "version": v}, "latest": "stable"}, "extension": "urn"},
          open("%s/extension-urn.json" % m, "w"))
json.dump({"dist": "/dist/{dist}.json", "download": "/dist/{dist}/{version}/{dist}-{version}.zip",
           "meta": "/dist/{dist}/{version}/META.json", "readme": "/dist/{dist}/{version}/README.txt",
           "extension": "/extension-{extension}.json", "stats": "/stats/{stats}.json",
           "tag": "/tag/{tag}.json", "user": "/user/{user}.json", "source": "/src/{dist}/{dist}-{version}/",
           "mirrors": "/meta/mirrors.json", "spec": "/meta/spec.{format}"},
          open("%s/index.json" % m, "w"))
EOF
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$m" >"$tmp/http.log" 2>&1 &
server=$!
i=0; until python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/index.json')" 2>/dev/null; do
  i=$((i+1)); [ $i -lt 50 ] || break; sleep 0.2; done
pgc=/usr/lib/postgresql/15/bin/pg_config
files="/usr/lib/postgresql/15/lib/urn.so /usr/share/postgresql/15/extension/urn.control
       /usr/share/postgresql/15/extension/urn--$version.sql"
left=; for f in $files; do [ ! -e "$bchroot$f" ] || left="$left $f"; done
if [ -z "$left" ]; then ok; else bad "2.0 urn is not installed in the build chroot before" "present:$left"; fi
log=$(in_root "$bchroot" pgxn install --mirror "http://127.0.0.1:$port/" --pg_config $pgc urn 2>&1)
if [ $? = 0 ]; then ok; else bad "2.1 pgxn install --mirror http://127.0.0.1:$port/ urn" "$log"; fi
if grep -q "GET /dist/urn/$version/urn-$version.zip" "$tmp/http.log"; then ok; else bad "2.2 the zip came from the mirror" "$(cat "$tmp/http.log")"; fi
kill "$server"; wait "$server" 2>/dev/null; server=
left=; for f in $files; do [ -f "$bchroot$f" ] || left="$left $f"; done
if [ -z "$left" ]; then ok; else bad "2.3 installed into PostgreSQL 15" "missing:$left"; fi

# 3. CREATE EXTENSION urn in a fresh cluster.
cat > "$bchroot/tmp/urn.sql" <<'EOF'
CREATE EXTENSION urn;
SELECT urn_version();
SELECT 'urn:isbn:0-395-36341-1'::urn_ns = 'URN:ISBN:0395363411'::urn_ns;
EOF
got=$(NET=none in_root "$bchroot" su postgres -s /bin/sh -c '
  set -e; d=/tmp/pgxn-pg; rm -rf $d
  /usr/lib/postgresql/15/bin/initdb -D $d -A trust >/tmp/initdb.log 2>&1
  /usr/lib/postgresql/15/bin/pg_ctl -D $d -w -l /tmp/pgxn-pg.log -o "-c listen_addresses= -k $d" start >/dev/null
  rc=0; psql -X -q -A -t -h $d -d postgres -v ON_ERROR_STOP=1 -f /tmp/urn.sql || rc=$?
  pid=$(head -1 $d/postmaster.pid)
  /usr/lib/postgresql/15/bin/pg_ctl -D $d -w stop -m fast >/dev/null
  i=0; while kill -0 $pid 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done
  kill -0 $pid 2>/dev/null && echo "postmaster $pid still runs"
  rm -rf $d; exit $rc' 2>&1)
if [ "$got" = "$(printf '%s\nt' "$version")" ]; then ok; else bad "3.1 CREATE EXTENSION urn" "$got"; fi

# 4. pgxn uninstall, from the zip.
cp "$zip" "$bchroot/tmp/"
log=$(in_root "$bchroot" pgxn uninstall --pg_config $pgc "/tmp/$(basename "$zip")" 2>&1)
if [ $? = 0 ]; then ok; else bad "4.1 pgxn uninstall" "$log"; fi
left=; for f in $files; do [ ! -e "$bchroot$f" ] || left="$left $f"; done
if [ -z "$left" ]; then ok; else bad "4.2 pgxn uninstall removes its files" "left:$left"; fi
rm -f "$bchroot/tmp/$(basename "$zip")" "$bchroot/tmp/urn.sql"
finish
