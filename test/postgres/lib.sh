# test/postgres/lib.sh -- throwaway PostgreSQL clusters for the tests, the
# replication test and the benchmark (sourced by their scripts).
#
#   pg_tmpdir              a fresh directory owned by the user the server
#                          runs as (postgres when we are root: PostgreSQL
#                          refuses to run as root); sets PGT_DIR.  Under
#                          root, the private installation URN_PG_PRIVATE
#                          (make postgres-test's, tools/pg_private.sh) is
#                          copied into it, where postgres can read it
#                          whatever the clone's folder allows
#   pg_free_port           a TCP port of 127.0.0.1 that the OS had free
#   pg_init NAME [ARGS]    initdb into $PGT_DIR/NAME (UTF8, no locale)
#   pg_start NAME PORT     start it on 127.0.0.1:PORT, sockets in $PGT_DIR;
#                          waits until it answers (bounded: 60 s)
#   pg_stop NAME           stop it by its postmaster's PID (fast shutdown,
#                          then SIGKILL after 30 s), waiting for the PID
#   pg_stop_all            pg_stop every cluster started here
#   pg_psql PORT ARGS...   psql on 127.0.0.1:PORT as the server's user,
#                          killed after PGT_TIMEOUT seconds (900)
#   ok NAME STATUS DETAIL  a check of a test script: counted in pass when
#                          STATUS is 0, else in fail, "FAILED NAME: DETAIL"
# Everything listens on 127.0.0.1 only.  The programs are PG_BIN's (make
# postgres-test: the private installation's), else PG_CONFIG's.

PG_BIN=${PG_BIN:-$(${PG_CONFIG:-pg_config} --bindir)}
if [ "$(id -u)" = 0 ]; then PGT_USER=postgres; else PGT_USER=$(id -un); fi
# compare.py connects as this user too.
export PGT_USER
PGT_STARTED=""

pgt_as() {
  if [ "$(id -u)" = 0 ]; then runuser -u "$PGT_USER" -- "$@"; else "$@"; fi
}

pg_tmpdir() {
  PGT_DIR=$(mktemp -d "${TMPDIR:-/tmp}/urn-pg.XXXXXX")
  chmod 755 "$PGT_DIR"
  [ "$(id -u)" = 0 ] || return 0
  chown "$PGT_USER" "$PGT_DIR"
  if [ -n "${URN_PG_PRIVATE:-}" ]; then
    case "$PG_BIN" in "$URN_PG_PRIVATE"/*)
      cp -a "$URN_PG_PRIVATE" "$PGT_DIR/pg"
      PG_BIN=$PGT_DIR/pg${PG_BIN#"$URN_PG_PRIVATE"} ;;
    esac
  fi
  return 0
}

pg_free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

pg_init() {
  name=$1; shift
  pgt_as "$PG_BIN/initdb" -D "$PGT_DIR/$name" -U "$PGT_USER" -E UTF8 \
    --locale=C -A trust "$@" >"$PGT_DIR/$name.initdb.log" 2>&1 || {
    cat "$PGT_DIR/$name.initdb.log" >&2; return 1; }
}

pg_start() {
  name=$1; port=$2
  pgt_as "$PG_BIN/pg_ctl" -D "$PGT_DIR/$name" -l "$PGT_DIR/$name.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $PGT_DIR" start >/dev/null || {
    cat "$PGT_DIR/$name.log" >&2; return 1; }
  PGT_STARTED="$PGT_STARTED $name"
}

# The postmaster's PID: the first line of postmaster.pid.
pg_pid() {
  head -1 "$PGT_DIR/$1/postmaster.pid" 2>/dev/null
}

pg_stop() {
  name=$1
  pid=$(pg_pid "$name")
  [ -n "$pid" ] || return 0
  kill -INT "$pid" 2>/dev/null || return 0
  i=0
  while kill -0 "$pid" 2>/dev/null && [ $i -lt 300 ]; do sleep 0.1; i=$((i+1)); done
  if kill -0 "$pid" 2>/dev/null; then
    kill -KILL "$pid" 2>/dev/null
    i=0
    while kill -0 "$pid" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
  fi
}

pg_stop_all() {
  for n in $PGT_STARTED; do pg_stop "$n"; done
  PGT_STARTED=""
}

pg_psql() {
  port=$1; shift
  timeout "${PGT_TIMEOUT:-900}" "$PG_BIN/psql" -X -q -h 127.0.0.1 -p "$port" -U "$PGT_USER" "$@"
}

ok() {
  if [ "$2" = 0 ]; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAILED $1: $3"; fi
}
