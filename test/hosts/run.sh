#!/bin/sh
# test/hosts/run.sh -- the host matrix: `make hosts` (mk/hosts.mk).
#
#   URN_LIB=/abs/urn.so URN_VERSION=V URN_WHEEL_DIR=dist URN_NPM_TGZ=dist/x.tgz \
#     sh test/hosts/run.sh [HOST...]
#
# One real program per host, in that host's language, loading the library
# the way its users do (test/hosts/*; the Python hosts through the wheel of
# `make wheel`, the Node hosts through the tarball of `make npm`), and each
# printing three lines that are compared here:
#   (a) urn_canonical('URN:ISBN:0-395-36341-1#p'): urn:isbn:0-395-36341-1;
#   (b) inserting 'URN:EXAMPLE:a%2cb#f' into book(id TEXT UNIQUE COLLATE URN)
#       holding 'urn:example:a%2Cb': the host's own constraint error, with
#       its type and result code as the host reports them;
#   (c) urn_valid('urn:isbn:0-395-36341-6', 'ns'): 0.
# Prints "host NAME: ok" or "host NAME: FAILED: why" (then the program's
# last lines) for each host and ends with "hosts: N passed, N failed"; exits
# 1 when any host failed.  Each host's Debian packages are installed by
# tools/prereqs.sh (as root; otherwise it names the command to run), npm
# packages by npm into build/hosts/.deps/; a host whose packages cannot be
# installed FAILS.  Each host runs under a time limit (HOSTS_TIMEOUT
# seconds, default 900).  Work files: build/hosts/NAME/ (fresh each run);
# caches kept between runs (Go's and cargo's builds, node_modules):
# build/hosts/.deps/.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
work=$top/build/hosts
deps=$work/.deps
ALL_HOSTS="shell tcl python apsw sqlite-utils better-sqlite3 libsql go rust java ruby php perl static"

# tools/prereqs.sh NEEDs of each host.
needs() {
  case "$1" in
    shell) echo shell ;;
    tcl) echo tcl ;;
    python) echo pywheel ;;
    apsw) echo pywheel apsw ;;
    sqlite-utils) echo pywheel sqlite-utils ;;
    # better-sqlite3 compiles its addon when its prebuilt one cannot be
    # downloaded (only the npm registry is reachable here): a C++ compiler
    # and a Python for node-gyp.
    better-sqlite3) echo node cc python ;;
    libsql) echo node ;;
    go) echo cc sqlite-dev go ;;
    rust) echo cc sqlite-dev rust ;;
    java) echo java ;;
    ruby) echo ruby ;;
    php) echo php ;;
    perl) echo perl ;;
    static) echo cc sqlite-dev ;;
  esac
}

# The program of each host, under test/hosts/ (test/readme.test checks that
# docs/loading.md shows these files: sh run.sh --programs lists them).
program() {
  case "$1" in
    shell) echo shell.sql ;;
    tcl) echo tcl.tcl ;;
    python) echo python.py ;;
    apsw) echo apsw_host.py ;;
    sqlite-utils) echo sqlite-utils.sh ;;
    better-sqlite3) echo better-sqlite3.js ;;
    libsql) echo libsql.js ;;
    go) echo go/main.go ;;
    rust) echo rust/src/main.rs ;;
    java) echo java/Host.java ;;
    ruby) echo ruby.rb ;;
    php) echo php.php ;;
    perl) echo perl.pl ;;
    static) echo ../static.c ;;
  esac
}
if [ "${1:-}" = "--programs" ]; then
  for h in $ALL_HOSTS; do echo "$h $(program "$h")"; done
  exit 0
fi

# ---- The expected output of each host: (a), (b), (c).
MSG="UNIQUE constraint failed: book.id"
want() {
  # sqlite-utils query prints its rows as JSON.
  case "$1" in
    sqlite-utils) echo '[{"id": "urn:isbn:0-395-36341-1"}]' ;;
    *) echo "urn:isbn:0-395-36341-1" ;;
  esac
  case "$1" in
    shell)
      n=$(grep -n "URN:EXAMPLE:a%2cb#f" "$here/shell.sql" | cut -d: -f1)
      echo "Runtime error near line $n: $MSG (19)" ;;
    tcl) echo "errorcode 19: $MSG" ;;
    python) echo "sqlite3.IntegrityError SQLITE_CONSTRAINT_UNIQUE: $MSG" ;;
    apsw) echo "apsw.ConstraintError SQLITE_CONSTRAINT_UNIQUE: ConstraintError: $MSG" ;;
    sqlite-utils) echo "exit status 1: Error: $MSG" ;;
    better-sqlite3|libsql) echo "SqliteError SQLITE_CONSTRAINT_UNIQUE: $MSG" ;;
    go) echo "sqlite3.Error 19/2067: $MSG" ;;
    rust) echo "SqliteFailure ConstraintViolation/2067: $MSG" ;;
    java) echo "SQLiteException SQLITE_CONSTRAINT_UNIQUE (19): [SQLITE_CONSTRAINT_UNIQUE] A UNIQUE constraint failed ($MSG)" ;;
    ruby) echo "SQLite3::ConstraintException (19): $MSG" ;;
    php) echo "Exception 19/2067: $MSG" ;;
    perl) echo "DBI err 2067: $MSG" ;;
    static) echo "error: 2067 $MSG" ;;
  esac
  case "$1" in
    sqlite-utils) echo '[{"valid": 0}]' ;;
    *) echo 0 ;;
  esac
}

# ---- The hosts.  Each runs in build/hosts/NAME/, which holds a copy of the
# library as ./urn.so, and prints the program's output on stdout; builds
# and installs log to ./build.log.

# A fresh venv of Debian's python3 holding the wheel ($1: venv options),
# installed by Debian's pip from the wheel directory alone (no index).  The
# venv gets no pip of its own: ensurepip would take most of the run.
make_venv() {
  /usr/bin/python3 -m venv --without-pip "$@" venv >>build.log 2>&1 &&
  /usr/bin/python3 -m pip --python venv/bin/python install -q \
    --disable-pip-version-check --no-index --find-links "$URN_WHEEL_DIR" \
    "sqlite-urn==$URN_VERSION" >>build.log 2>&1 ||
  { echo "cannot install sqlite-urn==$URN_VERSION from $URN_WHEEL_DIR into a venv (make wheel?)" >&2
    return 1; }
}

# node_modules for one Node host in build/hosts/.deps/node-NAME/: the
# driver ($2) from the npm registry, kept between runs, and sqlite-urn from
# the tarball, installed afresh each run.
npm_deps() {
  d=$deps/node-$1
  mkdir -p "$d"
  [ -f "$d/package.json" ] || echo '{"private": true}' > "$d/package.json"
  [ -f "$URN_NPM_TGZ" ] || { echo "no npm tarball $URN_NPM_TGZ (make npm?)" >&2; return 1; }
  rm -rf "$d/node_modules/sqlite-urn"
  (cd "$d" && npm install --no-audit --no-fund --prefer-offline "$2" "$URN_NPM_TGZ") \
    >>build.log 2>&1 || { echo "npm install $2 $URN_NPM_TGZ failed" >&2; return 1; }
  cp "$here/$(program "$1")" "$d/"
}

host_shell() {
  sqlite3 -batch :memory: < "$here/$(program shell)" > shell.out 2> shell.err
  rc=$?
  sed -n 1p shell.out; cat shell.err; sed -n '2,$p' shell.out
  # The shell exits 1 when a statement failed.
  [ $rc -eq 1 ] || { echo "exit status $rc, not 1"; return 1; }
}
host_tcl() { tclsh "$here/$(program tcl)"; }
host_python() { make_venv && venv/bin/python "$here/$(program python)"; }
host_apsw() { make_venv --system-site-packages && venv/bin/python "$here/$(program apsw)"; }
host_sqlite_utils() { make_venv && PATH=$PWD/venv/bin:$PATH sh "$here/$(program sqlite-utils)"; }
host_better_sqlite3() {
  # 12.x: 13.x needs Node 22 and crashes on Node 20.
  npm_deps better-sqlite3 better-sqlite3@12 && node "$deps/node-better-sqlite3/better-sqlite3.js"
}
host_libsql() { npm_deps libsql libsql && node "$deps/node-libsql/libsql.js"; }
host_go() {
  # Debian's Go tree, no modules: GOPATH holds github.com/mattn/go-sqlite3.
  env -u GOROOT GO111MODULE=off GOPATH=/usr/share/gocode GOFLAGS= CGO_ENABLED=1 \
    GOCACHE="$deps/go-build" /usr/bin/go build -o gohost "$here/$(program go)" \
    >>build.log 2>&1 || { echo "go build failed" >&2; return 1; }
  ./gohost
}
host_rust() {
  # Debian's cargo and rustc (not a rustup toolchain that PATH may name
  # first), its own CARGO_HOME, offline on Debian's vendored crates
  # (test/hosts/rust/.cargo/config.toml).  The crate of $(program rust) is
  # copied so that Cargo.lock stays out of the tree.
  rm -rf "$deps/rust-src" && cp -R "$here/rust" "$deps/rust-src" &&
  (cd "$deps/rust-src" && env PATH="/usr/bin:$PATH" RUSTC=/usr/bin/rustc \
     RUSTDOC=/usr/bin/rustdoc CARGO_HOME="$deps/cargo-home" \
     /usr/bin/cargo build --offline --target-dir "$deps/rust-target") \
    >>build.log 2>&1 || { echo "cargo build failed" >&2; return 1; }
  "$deps/rust-target/debug/urn-host"
}
host_java() {
  jar=/usr/share/java/sqlite-jdbc.jar
  javac -cp "$jar" -d classes "$here/$(program java)" >>build.log 2>&1 ||
    { echo "javac failed" >&2; return 1; }
  java -cp "classes:$jar" Host
}
host_ruby() { ruby "$here/$(program ruby)"; }
host_php() { php -d sqlite3.extension_dir="$PWD" "$here/$(program php)"; }
host_perl() { perl "$here/$(program perl)"; }
host_static() {
  # test/static.c, the program of test/static.test, without its sanitizers:
  # ext/core/*.c and ext/sqlite/*.c compiled in (-DSQLITE_CORE), SQLite's static library, the
  # extension registered by sqlite3_auto_extension.  Its first three lines
  # are the three checks.
  cc=${CC:-cc}
  a=$($cc -print-file-name=libsqlite3.a)
  [ -f "$a" ] || { echo "no libsqlite3.a" >&2; return 1; }
  $cc -std=c99 -O1 -DSQLITE_CORE -I"$top/ext" -o static "$here/$(program static)" \
    "$top"/ext/core/*.c "$top"/ext/sqlite/*.c "$a" -lm -ldl -lpthread >>build.log 2>&1 ||
    { echo "cc failed" >&2; return 1; }
  ./static > static.out; rc=$?
  head -n 3 static.out
  [ $rc -eq 0 ] || { echo "exit status $rc"; return 1; }
}

# ---- One host, in a child process under a time limit: sh run.sh --host NAME
if [ "${1:-}" = "--host" ]; then
  name=$2
  dir=$work/$name
  cd "$dir" || exit 1
  if ! sh "$top/tools/prereqs.sh" $(needs "$name") > prereqs.log 2>&1; then
    echo "cannot install its packages: $(tr '\n' ' ' < prereqs.log)" >&2
    exit 1
  fi
  "host_$(echo "$name" | tr - _)"
  exit $?
fi

# ---- The runner.
[ -n "${URN_LIB:-}" ] && [ -f "$URN_LIB" ] || { echo "run.sh: set URN_LIB to the library" >&2; exit 2; }
: "${URN_VERSION:?}" "${URN_WHEEL_DIR:?}" "${URN_NPM_TGZ:?}"
export URN_LIB URN_VERSION URN_WHEEL_DIR URN_NPM_TGZ
hosts=${*:-$ALL_HOSTS}
for h in $hosts; do
  case " $ALL_HOSTS " in *" $h "*) ;; *) echo "run.sh: no host '$h' (hosts: $ALL_HOSTS)" >&2; exit 2 ;; esac
done
mkdir -p "$deps"

# Every host's packages in one apt-get run; what fails here is tried again,
# host by host, below, so that one missing package fails only its hosts.
all_needs=$(for h in $hosts; do needs "$h"; done | tr ' ' '\n' | awk 'NF && !seen[$0]++' | tr '\n' ' ')
sh "$top/tools/prereqs.sh" $all_needs ||
  echo "hosts: not every package could be installed; the hosts that need them fail"

pass=0 fail=0
for h in $hosts; do
  dir=$work/$h
  rm -rf "$dir" && mkdir -p "$dir" && cp "$URN_LIB" "$dir/urn.so"
  timeout -k 10 "${HOSTS_TIMEOUT:-900}" sh "$0" --host "$h" > "$dir/out" 2> "$dir/err"
  rc=$?
  want "$h" > "$dir/want"
  if [ $rc -eq 0 ] && cmp -s "$dir/out" "$dir/want"; then
    echo "host $h: ok"
    pass=$((pass + 1))
    continue
  fi
  if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
    why="timed out after ${HOSTS_TIMEOUT:-900} s"
  elif [ $rc -ne 0 ]; then
    why="exit status $rc: $(tail -n 1 "$dir/err")"
  else
    why="output differs from the expected"
  fi
  echo "host $h: FAILED: $why"
  diff "$dir/want" "$dir/out" | sed 's/^/  | /' | head -n 12
  for f in err build.log; do
    [ -s "$dir/$f" ] && tail -n 8 "$dir/$f" | sed "s%^%  | build/hosts/$h/$f: %"
  done
  fail=$((fail + 1))
done
echo "hosts: $pass passed, $fail failed"
[ $fail -eq 0 ]
