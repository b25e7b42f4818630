#!/bin/sh
# tools/needroot.sh GOAL DIR... -- before make builds anything for GOAL, a
# target that writes into DIR... (make install, make postgres-install): when
# whoever runs it cannot write into one of them (the directory, or the
# nearest one above it that exists), say so in one sentence with the exact
# command for root, and exit 1.  Root runs that command in the user's clone:
# the Makefile has the clone's owner build and root only copy, so that no
# file in the clone becomes root's.  Silent, exit 0, when every DIR is
# writable.
set -u
goal=$1; shift
[ "$(id -u)" = 0 ] && exit 0
for d in "$@"; do
  w=$d
  while [ ! -d "$w" ] && [ "$w" != / ] && [ -n "$w" ]; do w=$(dirname "$w"); done
  [ -w "$w" ] && continue
  dir=$(pwd)
  case "$dir" in *[!A-Za-z0-9_./-]*) dir="'$dir'" ;; esac
  su=""
  if command -v sudo >/dev/null 2>&1; then how="Run:"; cmd="sudo make -C $dir $goal"
  else su=1; how="Run (as root, with su; there is no sudo here):"; cmd="su -c 'make -C $dir $goal'"
  fi
  echo "make $goal writes into $d, which only root can write; nothing was built. $how" >&2
  echo "  $cmd" >&2
  echo "As root it installs what is missing, builds as $(id -un) in this clone and copies; nothing in the clone becomes root's." >&2
  [ -n "$su" ] && echo "su asks for root's password. Where root has none (containers and fresh installs often lock it) or it is not yours, ask whoever administers this machine to run that line." >&2
  exit 1
done
exit 0
