# sqlite-urn -- build, test and demo.  `make help` lists the targets.
#
#   make            build the loadable library ./urn.so (urn.dylib, urn.dll)
#   make test       build, then run the whole Tcl suite (test/all.tcl)
#   make demo       build, then run sql/demo.sql in the sqlite3 shell
#   make release    the archives and packages for every platform (it says
#                   first which cross-compilers it installs; mk/platforms.mk)
#
# Missing prerequisites are named, each with what it is for, then installed
# with apt-get when run as root, else the command to run is printed
# (tools/prereqs.sh).

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

.PHONY: all test demo prereqs prereqs-build clean help sql-golden

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
NEEDS_dist        = $(PLAT_NEEDS)
PREREQS           = $(NEEDS) $(foreach g,$(MAKECMDGOALS),$(NEEDS_$(g)))
# tools/prereqs.sh names the goals that asked for what it installs.
export URN_MAKE_GOALS := $(MAKECMDGOALS)

# make release says what its cross builds need before anything installs it
# (RELEASE_NOTE, mk/platforms.mk).
prereqs:
	$(if $(filter release,$(MAKECMDGOALS)),@echo "$(RELEASE_NOTE)" >&2)
	@sh tools/prereqs.sh $(PREREQS)

# What building the library needs, within the one check above; so are the
# checks of mk/check.mk, and make check asks for everything first.
prereqs-build: prereqs
prereqs-check: prereqs
check: prereqs

# The test command of the README.  URN_EXT tells the suite which build to load.
test: $(LIB) prereqs
	URN_EXT=$(CURDIR)/$(LIB) SQLITE3=$(SQLITE3) $(TCLSH) test/all.tcl

demo: $(LIB) prereqs
	$(SQLITE3) -bail -cmd '.load ./$(LIB)' :memory: < sql/demo.sql

clean:
	rm -f urn.so urn.dylib urn.dll
	rm -rf build

help:
	@sed -n '1,11p' Makefile

# Further targets live in mk/*.mk (check, fuzz, coverage, bench, ...).
include $(wildcard mk/*.mk)

# Regenerate the expected output of every sql/ file (review the diff!).
sql-golden: $(LIB) prereqs
	for f in sql/*.sql; do \
	  $(SQLITE3) -batch -bail -cmd '.load ./$(LIB)' :memory: < $$f \
	    > test/sql/$$(basename $$f .sql).out 2>&1 || exit 1; \
	done
