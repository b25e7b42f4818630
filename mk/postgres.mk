# mk/postgres.mk -- the PostgreSQL extension urn (docs/postgres.md).  Included
# by the Makefile; the build goes under build/postgres/ (git-ignored).
#
#   make postgres          build/postgres/urn.so: the core (ext/core/) and
#                          PostgreSQL's glue (ext/postgres/) built with PGXS
#                          against the PostgreSQL that PG_CONFIG names
#                          (Debian's postgresql-15 and postgresql-server-dev-15
#                          through tools/prereqs.sh when pg_config is
#                          missing); POSTGRES_CFLAGS are the glue's warnings.
#   make postgres-install  installs it there (the library, urn.control,
#                          urn--0.1.0.sql) and says where: CREATE EXTENSION
#                          urn then works in every cluster of that
#                          PostgreSQL.  Needs root for Debian's PostgreSQL: a
#                          user is told so before anything is built; root in
#                          another user's clone has that user build and only
#                          copies (the Makefile's URN_AS).
#   make postgres-test     test/postgres/run.sh: pg_regress and the comparison
#                          with the SQLite build (test/postgres/compare.py) in a
#                          throwaway cluster of our own on a free port of
#                          127.0.0.1, then the replication test; ends with
#                          "N passed, N failed".  About 2 minutes.  It needs
#                          no root and leaves the installation alone: the
#                          extension goes into a private copy of it,
#                          build/postgres/pg/ (tools/pg_private.sh), whose
#                          server the tests run.
#   make postgres-upgrade-test
#                          test/postgres/upgrade.sh: ALTER EXTENSION urn
#                          UPDATE from the previous release (URN_PG_PREV,
#                          its library built from `git archive` of
#                          URN_PG_PREV_COMMIT, its install script kept in
#                          packaging/postgres/) in a private copy of the
#                          installation; make postgres-test runs it too
#                          (URN_PG_UPGRADE=0 does not).
#   make postgres-cluster  only the replication test (test/postgres/
#                          replication.sh): a primary and a hot standby, in
#                          the same private copy.
#   make postgres-shard    only the sharding test (test/postgres/shard.sh):
#                          PARTITION BY HASH over postgres_fdw on two shards,
#                          in the same private copy.
#   make postgres-valgrind the pg_regress suite on a server of the private
#                          copy under Valgrind's memcheck (test/postgres/
#                          valgrind.sh); make check runs it.  About 4 minutes.
#   make bench-postgres    the speed rows of docs/postgres.md
#                          (bench/postgres_bench.sh) on BENCH_N rows, its
#                          section of bench/results.txt replaced; make bench
#                          runs it.

PG_CONFIG       ?= pg_config
POSTGRES_DIR    := build/postgres
POSTGRES_SO     := $(POSTGRES_DIR)/urn.so
POSTGRES_CFLAGS ?= -Wextra -std=c99
POSTGRES_SRC    := $(CORE_C) $(CORE_H) $(wildcard ext/postgres/*.c) \
                   $(wildcard ext/postgres/*.h) ext/postgres/Makefile \
                   ext/postgres/urn.control $(wildcard ext/postgres/*.sql)
URN_PG_ROWS     ?= 200000
URN_PG_REPLICATION ?= 1
URN_PG_UPGRADE  ?= 1
# The previous release, for make postgres-upgrade-test: the one place its
# commit is written.
URN_PG_PREV        := 0.1.0
URN_PG_PREV_COMMIT := ce5f686037968ae38673340ff636008107293f7e
URN_PG_PREV_SO     := $(POSTGRES_DIR)/prev-$(URN_PG_PREV)/urn.so
# PGXS's own make, with none of this make's command-line variables (CI's
# CFLAGS=-Werror would replace PostgreSQL's flags).
POSTGRES_MAKE    = MAKEFLAGS= $(MAKE) --no-print-directory -C $(POSTGRES_DIR) \
                   -f $(CURDIR)/ext/postgres/Makefile PG_CONFIG=$(PG_CONFIG) \
                   PG_CFLAGS="$(POSTGRES_CFLAGS)"

# Where PG_CONFIG's PostgreSQL keeps its programs, libraries and extensions
# (Debian's 15 before it is installed).
PG_BINDIR    = $(or $(shell $(PG_CONFIG) --bindir 2>/dev/null),/usr/lib/postgresql/15/bin)
PG_PKGLIBDIR = $(or $(shell $(PG_CONFIG) --pkglibdir 2>/dev/null),/usr/lib/postgresql/15/lib)
PG_SHAREDIR  = $(or $(shell $(PG_CONFIG) --sharedir 2>/dev/null),/usr/share/postgresql/15)
# The private copy of that installation the tests install into and run.
PG_PRIVATE  := $(POSTGRES_DIR)/pg
PG_TEST_ENV  = PG_CONFIG=$(PG_CONFIG) PG_BIN=$(CURDIR)/$(PG_PRIVATE)$(PG_BINDIR) \
               URN_PG_PRIVATE=$(CURDIR)/$(PG_PRIVATE)

.PHONY: postgres postgres-install postgres-test postgres-upgrade-test postgres-cluster postgres-shard postgres-valgrind bench-postgres prereqs-postgres

# The one check of the Makefile first (make postgres-test asks for
# everything it needs there), then this one for goals it does not name.
prereqs-postgres: prereqs
	@PG_CONFIG=$(PG_CONFIG) sh tools/prereqs.sh cc postgres

# PGXS tracks no header: any change rebuilds every object.
$(POSTGRES_SO): $(POSTGRES_SRC) | prereqs-postgres
	@mkdir -p $(POSTGRES_DIR)
	rm -f $(POSTGRES_DIR)/*.o $(POSTGRES_DIR)/*.bc $(POSTGRES_SO)
	$(POSTGRES_MAKE)
	@touch $@

postgres: $(POSTGRES_SO)

postgres-install: $(call built,$(POSTGRES_SO))
	$(POSTGRES_MAKE) install $(if $(DESTDIR),DESTDIR=$(DESTDIR)) >/dev/null
	@echo "make postgres-install: installed urn.so into $(DESTDIR)$(PG_PKGLIBDIR)/, urn.control and urn--$(URN_VERSION).sql into $(DESTDIR)$(PG_SHAREDIR)/extension/; CREATE EXTENSION urn works in every cluster of $$($(PG_CONFIG) --version), no restart needed"

# The private installation: rebuilt when the extension or the server changes.
$(PG_PRIVATE)/.made: $(POSTGRES_SO) tools/pg_private.sh $(wildcard $(PG_BINDIR)/postgres)
	@echo "make: a private copy of $$($(PG_CONFIG) --version)'s installation in $(PG_PRIVATE)/, for the tests to install the extension into"
	sh tools/pg_private.sh $(PG_CONFIG) $(PG_PRIVATE)
	$(POSTGRES_MAKE) install DESTDIR=$(CURDIR)/$(PG_PRIVATE) >/dev/null
	@touch $@

$(POSTGRES_DIR)/gen_corpus: bench/gen_corpus.c | prereqs-postgres
	@mkdir -p $(@D)
	$(CC) -O2 $(WARN) -o $@ bench/gen_corpus.c

postgres-test: $(PG_PRIVATE)/.made $(LIB) $(POSTGRES_DIR)/gen_corpus prereqs \
               $(if $(filter 1,$(URN_PG_UPGRADE)),$(URN_PG_PREV_SO))
	URN_EXT=$(CURDIR)/$(LIB) TCLSH=$(TCLSH) URN_PG_ROWS=$(URN_PG_ROWS) \
	  URN_GEN_CORPUS=$(CURDIR)/$(POSTGRES_DIR)/gen_corpus URN_PG_REPLICATION=$(URN_PG_REPLICATION) \
	  URN_PG_UPGRADE=$(URN_PG_UPGRADE) $(PG_UPGRADE_ENV) $(PG_TEST_ENV) sh test/postgres/run.sh

# The previous release's library, built from its commit as it was.
$(URN_PG_PREV_SO): | prereqs-postgres
	@git cat-file -e $(URN_PG_PREV_COMMIT)^{commit} 2>/dev/null || { echo "make: commit $(URN_PG_PREV_COMMIT), release $(URN_PG_PREV), is not in this clone (shallow, or a copy without .git): git fetch --unshallow, or URN_PG_UPGRADE=0 to leave the upgrade test out" >&2; exit 1; }
	rm -rf $(@D) && mkdir -p $(@D)/src
	git archive $(URN_PG_PREV_COMMIT) ext/core ext/postgres | tar -x -C $(@D)/src
	MAKEFLAGS= $(MAKE) --no-print-directory -C $(@D) -f $(CURDIR)/$(@D)/src/ext/postgres/Makefile \
	  PG_CONFIG=$(PG_CONFIG) PG_CFLAGS="$(POSTGRES_CFLAGS)" >/dev/null

PG_UPGRADE_ENV = URN_PG_PREV=$(URN_PG_PREV) URN_PG_PREV_SO=$(CURDIR)/$(URN_PG_PREV_SO) \
                 URN_PG_NEW_SO=$(CURDIR)/$(POSTGRES_SO)
postgres-upgrade-test: $(POSTGRES_SO) $(URN_PG_PREV_SO)
	$(PG_UPGRADE_ENV) PG_CONFIG=$(PG_CONFIG) sh test/postgres/upgrade.sh

postgres-cluster: $(PG_PRIVATE)/.made
	$(PG_TEST_ENV) sh test/postgres/replication.sh

postgres-shard: $(PG_PRIVATE)/.made
	$(PG_TEST_ENV) sh test/postgres/shard.sh

postgres-valgrind: $(PG_PRIVATE)/.made
	@sh tools/prereqs.sh valgrind
	$(PG_TEST_ENV) sh test/postgres/valgrind.sh

bench-postgres: postgres-install $(POSTGRES_DIR)/gen_corpus
	sh bench/postgres_bench.sh --rows $(BENCH_N) --gen $(POSTGRES_DIR)/gen_corpus \
	  --commit "$$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" \
	  --out bench/results.txt
