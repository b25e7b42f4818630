# mk/duckdb.mk -- the DuckDB extension (docs/duckdb.md).  Included by the
# Makefile; everything it builds goes under build/duckdb/ (git-ignored).
#
#   make duckdb        dist/urn.duckdb_extension for this machine: the core
#                      (ext/core/) and DuckDB's glue (ext/duckdb/) compiled
#                      against DuckDB's stable C extension API (C API
#                      DUCKDB_CAPI_VERSION), then the 534-byte metadata footer
#                      DuckDB reads on LOAD appended (tools/duckdb_footer.sh).
#                      The headers come from the npm package DUCKDB_HEADERS_PKG
#                      (fetched with npm pack into build/duckdb/npm/, never
#                      built), checked against the sha256 sums below.
#   make duckdb-arm64  build/duckdb/linux_arm64/urn.duckdb_extension, cross-
#                      built with Debian's gcc-aarch64-linux-gnu; make
#                      release packs it with the linux_amd64 one (make dist
#                      packs this machine's only).
#   make duckdb-test   a stock DuckDB from npm (DUCKDB_NODE_PKG, installed
#                      into build/duckdb/node/) loads the extension and runs
#                      test/duckdb/duckdb.test.js: every function against the
#                      SQLite build (tclsh, test/duckdb/sqlite_ref.tcl) on the
#                      same inputs, docs/duckdb.md's examples, CSV and Parquet,
#                      urn_extract_all against urn_find, 2 threads against 1
#                      on DUCKDB_TEST_ROWS rows, the unsigned-extension error.
#   make duckdb-asan   make duckdb-test's run against a build of the
#                      extension with AddressSanitizer and
#                      UndefinedBehaviorSanitizer (node runs with their
#                      runtimes preloaded; leaks are not checked, node's own
#                      would drown ours); about 40 s at DUCKDB_TEST_ROWS=100000.
#   make bench-duckdb  the speed rows of docs/duckdb.md (bench/duckdb_bench.js)
#                      on BENCH_DUCKDB_N rows (10 x BENCH_N: 10,000,000; CI's
#                      BENCH_N=100000 makes it 1,000,000), its section of
#                      bench/results.txt replaced; make bench runs it last.

DUCKDB_HEADERS_PKG ?= duckdb@1.4.4
DUCKDB_NODE_PKG    ?= @duckdb/node-api@1.4.4-r.4
DUCKDB_CAPI_VERSION := v1.2.0
# sha256 of the two headers of DUCKDB_HEADERS_PKG (package/src/duckdb/src/include/).
DUCKDB_H_SHA256     := cbe6a827284375c5a646b8f27dbd3a00808ce8738b5bbb49c190cb1e08540281
DUCKDB_EXT_H_SHA256 := 514a5b639cd800e90f1556e8e039cff7f0b4a256e461754dd55caf79dc16db00

DUCKDB_DIR   := build/duckdb
DUCKDB_INC   := $(DUCKDB_DIR)/include
DUCKDB_SRC   := $(CORE_C) $(wildcard ext/duckdb/*.c)
DUCKDB_HDR   := $(CORE_H) $(wildcard ext/duckdb/*.h)
DUCKDB_CFLAGS ?= -O2 -g
# DuckDB's platform names (PRAGMA platform).
DUCKDB_ARCH  := $(shell uname -m 2>/dev/null)
DUCKDB_PLATFORM ?= $(if $(filter aarch64 arm64,$(DUCKDB_ARCH)),linux_arm64,linux_amd64)
DUCKDB_EXT   := dist/urn.duckdb_extension
DUCKDB_ARM64 := $(DUCKDB_DIR)/linux_arm64/urn.duckdb_extension
DUCKDB_TEST_ROWS ?= 1000000
# Ten times the rows of make bench: 10,000,000 by default, 1,000,000 in CI.
BENCH_DUCKDB_N   ?= $(shell expr 10 \* $(BENCH_N))

.PHONY: duckdb duckdb-arm64 duckdb-test bench-duckdb duckdb-headers duckdb-node prereqs-duckdb

prereqs-duckdb:
	@sh tools/prereqs.sh cc node

# The headers: npm pack keeps the tarball in npm's cache, so a second clean
# build reads it from there; only the two headers are unpacked.
$(DUCKDB_INC)/duckdb_extension.h: mk/duckdb.mk | prereqs-duckdb
	@rm -rf $(DUCKDB_DIR)/npm $(DUCKDB_INC)
	@mkdir -p $(DUCKDB_DIR)/npm $(DUCKDB_INC)
	sh tools/npm-fetch.sh $(DUCKDB_DIR)/npm "DuckDB's C extension API headers, for make duckdb" npm pack $(DUCKDB_HEADERS_PKG)
	tar -xzf $(DUCKDB_DIR)/npm/*.tgz -C $(DUCKDB_INC) --strip-components=5 \
	  package/src/duckdb/src/include/duckdb.h \
	  package/src/duckdb/src/include/duckdb_extension.h
	@printf '%s  %s\n%s  %s\n' $(DUCKDB_H_SHA256) $(DUCKDB_INC)/duckdb.h \
	  $(DUCKDB_EXT_H_SHA256) $(DUCKDB_INC)/duckdb_extension.h \
	  | $(SHA256SUM) -c --quiet - || { echo "duckdb: the headers of $(DUCKDB_HEADERS_PKG) do not match mk/duckdb.mk's sha256" >&2; \
	    rm -rf $(DUCKDB_INC); exit 1; }
	@touch $@

duckdb-headers: $(DUCKDB_INC)/duckdb_extension.h

# The library, then the footer.  -fvisibility=hidden: only urn_init_c_api
# is exported (DUCKDB_EXTENSION_ENTRYPOINT).
$(DUCKDB_DIR)/$(DUCKDB_PLATFORM)/urn.duckdb_extension: $(DUCKDB_SRC) $(DUCKDB_HDR) \
    $(DUCKDB_INC)/duckdb_extension.h tools/duckdb_footer.sh | prereqs-duckdb
	@mkdir -p $(@D)
	$(CC) $(DUCKDB_CFLAGS) $(WARN) -I$(DUCKDB_INC) -fPIC -shared -fvisibility=hidden \
	  -o $(@D)/urn.so $(DUCKDB_SRC)
	sh tools/duckdb_footer.sh $(@D)/urn.so $(DUCKDB_PLATFORM) $(DUCKDB_CAPI_VERSION) \
	  $(URN_VERSION) $@

$(DUCKDB_EXT): $(DUCKDB_DIR)/$(DUCKDB_PLATFORM)/urn.duckdb_extension
	@mkdir -p $(@D)
	cp $< $@

duckdb: $(DUCKDB_EXT)

$(DUCKDB_ARM64): $(DUCKDB_SRC) $(DUCKDB_HDR) $(DUCKDB_INC)/duckdb_extension.h \
    tools/duckdb_footer.sh | prereqs-arm64
	@mkdir -p $(@D)
	$(ARM64_CC) $(DUCKDB_CFLAGS) $(WARN) -I$(DUCKDB_INC) -fPIC -shared -fvisibility=hidden \
	  -o $(@D)/urn.so $(DUCKDB_SRC)
	sh tools/duckdb_footer.sh $(@D)/urn.so linux_arm64 $(DUCKDB_CAPI_VERSION) \
	  $(URN_VERSION) $@

duckdb-arm64: $(DUCKDB_ARM64)

# A stock DuckDB for node, pinned; its engine (1.4.4) takes extensions of C
# API $(DUCKDB_CAPI_VERSION).
$(DUCKDB_DIR)/node/.installed: mk/duckdb.mk | prereqs-duckdb
	@mkdir -p $(DUCKDB_DIR)/node
	sh tools/npm-fetch.sh $(DUCKDB_DIR)/node "a stock DuckDB, which make duckdb-test loads the extension into" \
	  npm install --no-audit --no-fund --no-package-lock --prefix . $(DUCKDB_NODE_PKG)
	@touch $@

duckdb-node: $(DUCKDB_DIR)/node/.installed

DUCKDB_ENV = NODE_PATH=$(CURDIR)/$(DUCKDB_DIR)/node/node_modules \
  URN_DUCKDB_EXT=$(CURDIR)/$(DUCKDB_EXT) URN_EXT=$(CURDIR)/$(LIB) \
  URN_DUCKDB_PLATFORM=$(DUCKDB_PLATFORM)

# The corpus generator of the benchmark and the tests (bench/gen_corpus.c).
$(DUCKDB_DIR)/gen_corpus: bench/gen_corpus.c | prereqs-duckdb
	@mkdir -p $(@D)
	$(CC) -O2 $(WARN) -o $@ bench/gen_corpus.c

duckdb-test: $(DUCKDB_EXT) $(LIB) $(DUCKDB_DIR)/node/.installed $(DUCKDB_DIR)/gen_corpus prereqs
	@sh tools/prereqs.sh tcl
	$(DUCKDB_ENV) URN_DUCKDB_ROWS=$(DUCKDB_TEST_ROWS) TCLSH=$(TCLSH) \
	  URN_GEN_CORPUS=$(CURDIR)/$(DUCKDB_DIR)/gen_corpus node test/duckdb/duckdb.test.js

DUCKDB_ASAN := $(DUCKDB_DIR)/asan/urn.duckdb_extension
$(DUCKDB_ASAN): $(DUCKDB_SRC) $(DUCKDB_HDR) $(DUCKDB_INC)/duckdb_extension.h \
    tools/duckdb_footer.sh | prereqs-duckdb
	@mkdir -p $(@D)
	$(CC) -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer $(WARN) \
	  -I$(DUCKDB_INC) -fPIC -shared -fvisibility=hidden -o $(@D)/urn.so $(DUCKDB_SRC)
	sh tools/duckdb_footer.sh $(@D)/urn.so $(DUCKDB_PLATFORM) $(DUCKDB_CAPI_VERSION) \
	  $(URN_VERSION) $@

.PHONY: duckdb-asan
duckdb-asan: $(DUCKDB_ASAN) $(DUCKDB_EXT) $(LIB) $(DUCKDB_DIR)/node/.installed \
    $(DUCKDB_DIR)/gen_corpus prereqs
	@sh tools/prereqs.sh tcl
	LD_PRELOAD="$$($(CC) -print-file-name=libasan.so) $$($(CC) -print-file-name=libubsan.so)" \
	  ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 \
	  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	  $(DUCKDB_ENV) URN_DUCKDB_EXT=$(CURDIR)/$(DUCKDB_ASAN) \
	  URN_DUCKDB_ROWS=$(if $(filter command line,$(origin DUCKDB_TEST_ROWS)),$(DUCKDB_TEST_ROWS),100000) \
	  TCLSH=$(TCLSH) URN_GEN_CORPUS=$(CURDIR)/$(DUCKDB_DIR)/gen_corpus \
	  node test/duckdb/duckdb.test.js

bench-duckdb: $(DUCKDB_EXT) $(DUCKDB_DIR)/node/.installed
	$(DUCKDB_ENV) node bench/duckdb_bench.js --rows $(BENCH_DUCKDB_N) \
	  --commit "$$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" \
	  --out bench/results.txt

# make dist also packs the DuckDB extension of each Linux platform:
# dist/duckdb-urn-VERSION-PLATFORM.tar.gz holding urn.duckdb_extension (DuckDB
# derives the entry point urn_init_c_api from the file's name, so it keeps
# that name), README.md, LICENSE and SHA256SUMS, plus its .sha256; staged
# under build/duckdb/dist/, each unpacked again and verified.  They are not
# in dist/checksums.txt, which lists sqlpkg's archives.
# Those of PLATFORMS (mk/platforms.mk): this machine's by default, both
# Linux ones for make release.  PLATFORMS is set by a file included after
# this one, so the prerequisites are expanded a second time.
DUCKDB_PLAT_linux-x86_64 := linux_amd64
DUCKDB_PLAT_linux-arm64  := linux_arm64
DUCKDB_DIST_PLATFORMS     = $(strip $(foreach p,$(PLATFORMS),$(DUCKDB_PLAT_$(p))))
.PHONY: duckdb-dist
dist: duckdb-dist

.SECONDEXPANSION:
duckdb-dist: $$(foreach d,$$(DUCKDB_DIST_PLATFORMS),$$(DUCKDB_DIR)/$$(d)/urn.duckdb_extension)
	@test -n "$(URN_VERSION)" || { echo "duckdb-dist: no URN_VERSION in ext/sqlite/urn.c" >&2; exit 1; }
	rm -rf $(DUCKDB_DIR)/dist
	mkdir -p $(DUCKDB_DIR)/dist/check dist
	@set -e; for p in $(DUCKDB_DIST_PLATFORMS); do \
	  name=duckdb-urn-$(URN_VERSION)-$$p; stage=$(DUCKDB_DIR)/dist/$$name; \
	  mkdir -p $$stage; \
	  cp $(DUCKDB_DIR)/$$p/urn.duckdb_extension README.md LICENSE $$stage/; \
	  (cd $$stage && $(SHA256SUM) urn.duckdb_extension README.md LICENSE > SHA256SUMS); \
	  tar -C $$stage $(TAR_REPRO) -cf - LICENSE README.md SHA256SUMS urn.duckdb_extension \
	    | gzip -n -9 > dist/$$name.tar.gz; \
	  (cd dist && $(SHA256SUM) $$name.tar.gz > $$name.tar.gz.sha256); \
	  mkdir -p $(DUCKDB_DIR)/dist/check/$$name; \
	  gzip -dc dist/$$name.tar.gz | tar -C $(DUCKDB_DIR)/dist/check/$$name -xf -; \
	  (cd $(DUCKDB_DIR)/dist/check/$$name && $(SHA256SUM) -c SHA256SUMS >/dev/null); \
	  echo "dist/$$name.tar.gz"; \
	done
