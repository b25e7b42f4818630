# sqlite-urn -- build, test and demo.  `make help` lists every target.
#
#   make            build the loadable library ./urn.so (urn.dylib, urn.dll)
#   make test       build, then run the whole Tcl suite (test/all.tcl)
#   make demo       build, then run sql/demo.sql in the sqlite3 shell
#   make release    the archives and packages for every platform (it says
#                   first which cross-compilers it installs; mk/platforms.mk)
#
# Missing prerequisites are named, each with what it is for, then installed
# with apt-get when run as root, else the command to run is printed
# (tools/prereqs.sh).  The targets that write into the system (make
# install, make uninstall, make postgres-install) need root: a user who
# cannot write there is told so before anything is built, with the command
# for root (tools/needroot.sh).  Root in a clone that another user owns
# leaves no file of its own in it: it installs the prerequisites, has that
# user build everything (runuser), and only copies into the system.

CC      ?= cc
CFLAGS  ?= -O2 -g
WARN    := -Wall -Wextra -std=c99
TCLSH   ?= tclsh
SQLITE3 ?= sqlite3

# Only sqlite3_urn_init is exported (ext/sqlite/urn.c): -fvisibility=hidden keeps
# the internal names out of the host's symbol namespace.
ifeq ($(OS),Windows_NT)
  SOEXT := dll
  SOFLAGS := -shared
else
  UNAME_S := $(shell uname -s 2>/dev/null)
  ifeq ($(UNAME_S),Darwin)
    SOEXT := dylib
    SOFLAGS := -dynamiclib -undefined dynamic_lookup -fvisibility=hidden
  else
    SOEXT := so
    SOFLAGS := -shared -fvisibility=hidden
  endif
endif

LIB      := urn.$(SOEXT)
# ext/core/ is the engine-free core (layers 1 and 2, docs/design.md): no
# engine header.  ext/sqlite/ is SQLite's glue; ext/duckdb/ DuckDB's.
CORE_SRC := ext/core/urn_scan.c ext/core/urn_key.c ext/core/urn_cmp.c
CORE_C   := $(wildcard ext/core/*.c)
CORE_H   := $(wildcard ext/core/*.h)
HDR      := $(CORE_H) $(wildcard ext/sqlite/*.h)
SRC      := $(CORE_C) $(wildcard ext/sqlite/*.c)

.PHONY: all test demo prereqs prereqs-build clean help sql-golden user-test

# Who runs make, and who owns this clone.  URN_AS is set on the two makes
# that root runs in someone else's clone (below): owner for the one that
# builds as that user, root for the one that only copies into the system.
URN_UID   := $(shell id -u 2>/dev/null)
URN_OWNER := $(shell ls -ld . 2>/dev/null | awk '{ print $$3 }')
URN_GOALS ?= $(MAKECMDGOALS)
# The goals that write into the system, and the ones each needs built first.
URN_SYSTEM_GOALS := install uninstall postgres-install
URN_BUILD_install          := all
URN_BUILD_postgres-install := postgres

ifeq ($(URN_UID):$(URN_AS),0:)
ifneq ($(URN_OWNER),root)
URN_FOREIGN := 1
endif
endif

ifdef URN_FOREIGN
# Root in a clone that URN_OWNER owns: root installs what the goals need
# (make prereqs), URN_OWNER builds every goal that is not a system one and
# what a system goal copies, and root copies (URN_AS=root, where install
# only checks that what it copies was built).  So no file in the clone is
# root's.
URN_GOALS       := $(or $(MAKECMDGOALS),all)
URN_ROOT_GOALS  := $(filter $(URN_SYSTEM_GOALS),$(URN_GOALS))
URN_OWNER_GOALS := $(strip $(filter-out $(URN_SYSTEM_GOALS),$(URN_GOALS)) \
                     $(foreach g,$(URN_ROOT_GOALS),$(URN_BUILD_$(g))))
URN_HOME        := $(shell getent passwd $(URN_OWNER) 2>/dev/null | cut -d: -f6)
.DEFAULT_GOAL   := all
.PHONY: $(URN_GOALS) urn-foreign
$(URN_GOALS): urn-foreign ; @:
urn-foreign:
	@command -v runuser >/dev/null 2>&1 || { echo "make: this clone is $(URN_OWNER)'s: run make $(URN_OWNER_GOALS) as $(URN_OWNER) first, so that root leaves no file of its own in it" >&2; exit 1; }
	@echo "make: root in $(URN_OWNER)'s clone: root installs what is missing, $(URN_OWNER) builds$(if $(URN_ROOT_GOALS),$(comma) root copies into the system)" >&2
	@$(MAKE) --no-print-directory URN_AS=root URN_GOALS="$(URN_GOALS)" prereqs
	$(if $(URN_OWNER_GOALS),cd / && runuser -u $(URN_OWNER) -- env HOME=$(URN_HOME) USER=$(URN_OWNER) LOGNAME=$(URN_OWNER) \
	  $(MAKE) -C $(CURDIR) --no-print-directory URN_AS=owner $(URN_OWNER_GOALS))
	$(if $(URN_ROOT_GOALS),$(MAKE) --no-print-directory URN_AS=root $(URN_ROOT_GOALS))
comma := ,

else

all: $(LIB)

$(LIB): $(SRC) $(HDR) | prereqs
	$(CC) $(CFLAGS) $(WARN) -fPIC $(SOFLAGS) -o $@ $(SRC)

# What the goals on the command line need, checked once before anything is
# built, so that whatever is missing is named in one message with one
# command (tools/prereqs.sh).  Building the library needs NEEDS; a goal G
# adds NEEDS_G.  make runs a target once per run: every rule that depends
# on prereqs shares that one check.
NEEDS            := cc sqlite-dev
NEEDS_test       := shell tcl python
NEEDS_demo       := shell tcl python
NEEDS_sql-golden := shell
NEEDS_check      := shell tcl python clang
NEEDS_check-asan := shell tcl python clang
NEEDS_coverage   := shell tcl python clang
NEEDS_golden     := shell tcl python
NEEDS_platforms   = $(PLAT_NEEDS)
NEEDS_dist        = node $(PLAT_NEEDS)
NEEDS_duckdb     := node
NEEDS_duckdb-test  := node tcl python
NEEDS_duckdb-install-test := node tcl
NEEDS_duckdb-cmake-test := node cmake
NEEDS_postgres   := postgres
NEEDS_postgres-install := postgres
NEEDS_postgres-test := postgres shell tcl python
NEEDS_postgres-cluster := postgres python
NEEDS_postgres-upgrade-test := postgres
NEEDS_user-test  := node postgres shell tcl python
PREREQS           = $(NEEDS) $(foreach g,$(URN_GOALS),$(NEEDS_$(g)))
# tools/prereqs.sh names the goals that asked for what it installs.
export URN_MAKE_GOALS := $(URN_GOALS)

# The directories each system goal writes into (tools/needroot.sh): a user
# who cannot write there learns it before anything is built.
ROOTDIRS_install          = $(DESTDIR)$(EXTDIR) $(DESTDIR)$(DOCDIR)
ROOTDIRS_uninstall        = $(ROOTDIRS_install)
ROOTDIRS_postgres-install = $(DESTDIR)$(PG_PKGLIBDIR) $(DESTDIR)$(PG_SHAREDIR)/extension

# First the system goals' rights, then every package that the goals on the
# command line need, in one check.  make release says what its cross builds
# need before anything installs it (RELEASE_NOTE, mk/platforms.mk).
prereqs:
	@$(foreach g,$(filter $(URN_SYSTEM_GOALS),$(URN_GOALS)),sh tools/needroot.sh "$(g)" $(ROOTDIRS_$(g)) && ) :
	$(if $(filter release,$(URN_GOALS)),@echo "$(RELEASE_NOTE)" >&2)
	@PG_CONFIG=$(PG_CONFIG) sh tools/prereqs.sh $(PREREQS)

# A file that a system goal copies: under URN_AS=root (root in someone
# else's clone, after that user built it) only checked, never built by root.
built = $(if $(filter root,$(URN_AS)),built-check/$(1),$(1))
built-check/%:
	@test -f $* || { echo "make: $* is not built: run make $(if $(filter $(LIB),$*),,postgres) as $(URN_OWNER) first" >&2; exit 1; }

# What building the library needs, within the one check above; so are the
# checks of mk/check.mk, and make check asks for everything first.
prereqs-build: prereqs
prereqs-check: prereqs
check: prereqs

# The test command of the README.  URN_EXT tells the suite which build to load.
test: $(LIB) prereqs
	URN_EXT=$(CURDIR)/$(LIB) SQLITE3=$(SQLITE3) $(TCLSH) test/all.tcl

# A user without root and root in that user's clone, with a second account
# the test creates and removes (test/user/run.sh; as root; 21 minutes on 2 cores at load 11).
user-test: prereqs
	sh test/user/run.sh

demo: $(LIB) prereqs
	$(SQLITE3) -bail -cmd '.load ./$(LIB)' :memory: < sql/demo.sql

clean:
	rm -f urn.so urn.dylib urn.dll
	rm -rf build

help:
	@echo "$$URN_HELP"

# Further targets live in mk/*.mk (check, fuzz, coverage, bench, ...).
include $(wildcard mk/*.mk)

# Regenerate the expected output of every sql/ file (review the diff!).
sql-golden: $(LIB) prereqs
	for f in sql/*.sql; do \
	  $(SQLITE3) -batch -bail -cmd '.load ./$(LIB)' :memory: < $$f \
	    > test/sql/$$(basename $$f .sql).out 2>&1 || exit 1; \
	done

endif

# make help: every target, one line each (test/readme.test checks that each
# target the README and docs/*.md name is here, and that each is a target).
define URN_HELP
sqlite-urn: make TARGET.  Each target first installs what it lacks (as
root) or prints the one command that does; docs/development.md and the
header of each mk/*.mk describe the targets at length.

Build and try (as yourself)
  make                    ./urn.so, the loadable library for SQLite
  make test               the whole Tcl suite, ending "N passed, N failed"
  make demo               sql/demo.sql in the sqlite3 shell
  make clean              remove what make built; make distclean also dist/
  make help               this list

Install into the system (as root; root in your clone builds as you and copies)
  make install            ./urn.so into /usr/local/lib/sqlite-urn/ (PREFIX, DESTDIR)
  make uninstall          remove what make install copied
  make postgres-install   the PostgreSQL extension into pg_config's PostgreSQL

Packages, in dist/
  make dist               the archive of the library for this platform, and DuckDB's
  make wheel              the Python wheel, tested in a virtual environment
  make npm                the npm package (better-sqlite3, libsql, the browser)
  make sqlpkg-check       sqlpkg.json against the archives
  make release            all of these for every platform of a release, dist/SHA256SUMS
  make pgxn               dist/urn-VERSION.zip, the PGXN distribution
  make deb                postgresql-15-urn, libsqlite3-mod-urn (root: a chroot)
  make release-test       each package installed by name from a registry on 127.0.0.1:
  make release-test-pip     pip install from a PEP 503 index, fresh venvs
  make release-test-npm     npm install from verdaccio, a fresh project
  make release-test-deb     apt-get install from an apt repository (root: chroots)
  make release-test-pgxn    pgxn install from a PGXN mirror (root: a chroot)
  make release-test-duckdb  two releases in a repository, UPDATE EXTENSIONS
  make platforms          the library of each platform, under build/platforms/
  make platforms-test     the arm64 and Windows libraries run here (qemu, wine)
  make windows            build/win/urn.dll, cross-compiled with mingw-w64

DuckDB
  make duckdb             dist/urn.duckdb_extension
  make duckdb-test        in a stock DuckDB, against the SQLite build
  make duckdb-install-test  INSTALL and LOAD in each DuckDB version tested
  make duckdb-headers     only fetch DuckDB's headers
  make duckdb-arm64       the linux_arm64 extension, cross-built
  make duckdb-windows     the windows_amd64 extension, cross-built
  make duckdb-windows-test  that one in DuckDB's Windows library under wine
  make duckdb-cmake       the extension built with CMake
  make duckdb-cmake-test  the CMake build against make duckdb's
  make duckdb-asan        make duckdb-test's run under ASan and UBSan

PostgreSQL
  make postgres           build/postgres/urn.so, with PGXS
  make postgres-test      pg_regress and the comparison with SQLite, as a
                          user, in a private copy of the installation
  make postgres-cluster   only the replication test (primary, hot standby)
  make postgres-shard     only the sharding test (hash partitions, postgres_fdw)
  make postgres-valgrind  pg_regress with the server under Valgrind's memcheck
  make postgres-upgrade-test  only ALTER EXTENSION urn UPDATE from the
                          previous release (its library built from its commit)

The browser
  make wasm               dist/wasm/: the WebAssembly module and the playground
  make wasm-test          the module in Node, the playground in Chromium

Checks
  make check              ASan and UBSan, out-of-memory, threads, fuzz smoke
  make check-asan         only the suite under ASan and UBSan
  make check-oom          only the out-of-memory driver
  make check-threads      only the thread test under TSan
  make fuzz               each libFuzzer target for FUZZ_SECONDS
  make fuzz-smoke         the same for FUZZ_SMOKE_SECONDS
  make fuzz-regress       each fuzz target once over its corpus
  make coverage           line and branch coverage of ext/
  make hosts              a real program per host (Python, Go, Rust, ...)
  make user-test          as a user and as root: a second user's clone
  make cluster            a three-node dqlite cluster on loopback
  make cluster-build      only build the dqlite node and client
  make golden             rewrite test/order-golden.txt (a breaking change)
  make sql-golden         rewrite the expected output of sql/*.sql

Speed
  make bench              the benchmark, into bench/results.txt
  make bench-duckdb       only DuckDB's rows
  make bench-wasm         only the browser's rows
  make bench-postgres     only PostgreSQL's rows
  make gen-corpus         only the corpus generator
endef
export URN_HELP
