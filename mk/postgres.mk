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
#                          urn--0.1.0.sql): CREATE EXTENSION urn then works in
#                          every cluster of that PostgreSQL.  Needs root for
#                          Debian's PostgreSQL.
#   make postgres-test     test/postgres/run.sh: pg_regress and the comparison
#                          with the SQLite build (test/postgres/compare.py) in a
#                          throwaway cluster of our own on a free port of
#                          127.0.0.1, then the replication test; ends with
#                          "N passed, N failed".  About 2 minutes.
#   make postgres-cluster  only the replication test (test/postgres/
#                          replication.sh): a primary and a hot standby.
#   make postgres-shard    only the sharding test (test/postgres/shard.sh):
#                          PARTITION BY HASH over postgres_fdw on two shards.
#   make postgres-valgrind the pg_regress suite on a server under Valgrind's
#                          memcheck (test/postgres/valgrind.sh); make check
#                          runs it.  About 4 minutes.
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
# PGXS's own make, with none of this make's command-line variables (CI's
# CFLAGS=-Werror would replace PostgreSQL's flags).
POSTGRES_MAKE    = MAKEFLAGS= $(MAKE) --no-print-directory -C $(POSTGRES_DIR) \
                   -f $(CURDIR)/ext/postgres/Makefile PG_CONFIG=$(PG_CONFIG) \
                   PG_CFLAGS="$(POSTGRES_CFLAGS)"

.PHONY: postgres postgres-install postgres-test postgres-cluster postgres-shard postgres-valgrind bench-postgres prereqs-postgres

prereqs-postgres:
	@sh tools/prereqs.sh cc postgres

# PGXS tracks no header: any change rebuilds every object.
$(POSTGRES_SO): $(POSTGRES_SRC) | prereqs-postgres
	@mkdir -p $(POSTGRES_DIR)
	rm -f $(POSTGRES_DIR)/*.o $(POSTGRES_DIR)/*.bc $(POSTGRES_SO)
	$(POSTGRES_MAKE)
	@touch $@

postgres: $(POSTGRES_SO)

postgres-install: $(POSTGRES_SO)
	$(POSTGRES_MAKE) install >/dev/null

$(POSTGRES_DIR)/gen_corpus: bench/gen_corpus.c | prereqs-postgres
	@mkdir -p $(@D)
	$(CC) -O2 $(WARN) -o $@ bench/gen_corpus.c

postgres-test: postgres-install $(LIB) $(POSTGRES_DIR)/gen_corpus prereqs
	@sh tools/prereqs.sh tcl python
	URN_EXT=$(CURDIR)/$(LIB) TCLSH=$(TCLSH) URN_PG_ROWS=$(URN_PG_ROWS) \
	  URN_GEN_CORPUS=$(CURDIR)/$(POSTGRES_DIR)/gen_corpus URN_PG_REPLICATION=1 \
	  sh test/postgres/run.sh

postgres-cluster: postgres-install
	sh test/postgres/replication.sh

postgres-shard: postgres-install
	sh test/postgres/shard.sh

postgres-valgrind: postgres-install
	@sh tools/prereqs.sh valgrind
	sh test/postgres/valgrind.sh

bench-postgres: postgres-install $(POSTGRES_DIR)/gen_corpus
	sh bench/postgres_bench.sh --rows $(BENCH_N) --gen $(POSTGRES_DIR)/gen_corpus \
	  --commit "$$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" \
	  --out bench/results.txt
