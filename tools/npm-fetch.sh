#!/bin/sh
# tools/npm-fetch.sh DIR FOR npm COMMAND ARG... PACKAGE -- a download from
# the npm registry that says what it is doing: the rules of mk/*.mk that
# fetch a package (npm pack PACKAGE, npm install ... PACKAGE) run it through
# here, in DIR.  It says first which package it fetches, from which
# registry (npm's own setting: npm_config_registry, .npmrc), and FOR what;
# npm's output goes to DIR/npm.log.  When npm fails it says which package
# and registry failed, shows the last lines of npm's output (its error,
# ECONNREFUSED, a certificate error, ETARGET...) and exits with npm's status,
# so that make's "Error 1" is never the only word.  npm retries a failed
# connection for about a minute before it gives up (npm_config_fetch_retries
# and npm_config_fetch_retry_maxtimeout set how long).
set -u
if [ $# -lt 4 ] || [ "$3" != npm ]; then
  echo "usage: npm-fetch.sh DIR FOR npm COMMAND ARG... PACKAGE" >&2; exit 2
fi
dir=$1 for=$2
shift 2
for pkg in "$@"; do :; done
command -v npm >/dev/null 2>&1 || {
  echo "npm-fetch.sh: npm is not installed, and it fetches $pkg ($for): tools/prereqs.sh node installs it" >&2
  exit 1; }
registry=$(npm config get registry 2>/dev/null) || registry="npm's registry"
mkdir -p "$dir" || exit 1
log=$dir/npm.log
echo "npm-fetch.sh: fetching $pkg from $registry ($for)" >&2
if (cd "$dir" && "$@") >"$log" 2>&1; then
  exit 0
else
  rc=$?
fi
echo "npm-fetch.sh: npm could not fetch $pkg from $registry (exit $rc); npm said ($log):" >&2
# npm's error without the JavaScript stack trace and the error object after
# it: its code, the request that failed and why, its advice.
awk '/^npm (error|ERR!) +at / { if (/[{]$/) skip = 1; next }
     skip { if (/^npm (error|ERR!) [}]$/) skip = 0; next }
     { print }' "$log" | tail -n 15 | sed 's/^/  /' >&2
exit "$rc"
