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
#                      packs this machine's only).  DuckDB 1.2's
#                      build/duckdb/linux_amd64_gcc4/urn.duckdb_extension is
#                      the linux_amd64 library with its own footer.
#   make duckdb-windows build/duckdb/windows_amd64/urn.duckdb_extension,
#                      cross-built with mingw-w64 as the SQLite DLL is
#                      (mk/dist.mk); make release packs it.
#   make duckdb-windows-test  that file loaded by DuckDB's own Windows
#                      library (duckdb.dll of DUCKDB_WIN_PKG) through the C
#                      host test/duckdb/windows_host.c under wine: the
#                      platform, the unsigned and wrong-platform refusals,
#                      INSTALL from the repository, and the DuckDB examples
#                      of docs/duckdb.md and pkg/duckdb/README.md.
#   make duckdb-test   a stock DuckDB from npm (DUCKDB_NODE_PKG, installed
#                      into build/duckdb/node/) loads the extension and runs
#                      test/duckdb/duckdb.test.js: every function against the
#                      SQLite build (tclsh, test/duckdb/sqlite_ref.tcl) on the
#                      same inputs, docs/duckdb.md's examples, CSV and Parquet,
#                      urn_extract_all against urn_find, 2 threads against 1
#                      on DUCKDB_TEST_ROWS rows, the unsigned-extension error;
#                      then test/duckdb/install.test.js in every DuckDB of
#                      DUCKDB_TEST_VERSIONS (the oldest, the first of
#                      linux_amd64, the newest the docs name) and in
#                      DUCKDB_NODE_PKG's: LOAD by path, INSTALL from the
#                      repository of make dist (a path, and http:// from a
#                      server on 127.0.0.1), UPDATE EXTENSIONS, and the
#                      wrong-platform and unsigned refusals (make
#                      duckdb-install-test runs that part alone); and
#                      test/suite/check_suite_py.js (the suite's Python
#                      reader, PostgreSQL's, against its JavaScript one).
#   make duckdb-cmake-test  the extension built with CMake (CMakeLists.txt,
#                      the layout of DuckDB's C extension template; make
#                      duckdb-cmake builds it) against make duckdb's,
#                      function by function, and pkg/duckdb/description.yml
#                      (test/duckdb/cmake.test.js).
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
# The DuckDB versions the docs name (docs/duckdb.md): every release from the
# first of C API v1.2.0 to the newest tested, one folder each in the
# repository of make dist.  DuckDB 1.2 names Linux on x86-64
# linux_amd64_gcc4; from 1.3 its Linux builds use a newer compiler and the
# name linux_amd64 (PRAGMA platform): the same library, a footer each.
DUCKDB_VERSIONS_GCC4 := 1.2.0 1.2.1 1.2.2
DUCKDB_VERSIONS      := $(DUCKDB_VERSIONS_GCC4) 1.3.0 1.3.1 1.3.2 \
  1.4.0 1.4.1 1.4.2 1.4.3 1.4.4 1.4.5 1.5.0 1.5.1 1.5.2 1.5.3 1.5.4 1.5.5 1.5.6
# The DuckDBs make duckdb-test installs besides DUCKDB_NODE_PKG: the oldest
# the docs name, the first that says linux_amd64, the newest.
DUCKDB_TEST_VERSIONS ?= @duckdb/node-api@1.2.0-alpha.13 \
  @duckdb/node-api@1.3.0-alpha.21 @duckdb/node-api@1.5.6-r.1
# DuckDB's own Windows library (duckdb.dll), for make duckdb-windows-test.
DUCKDB_WIN_PKG     ?= @duckdb/node-bindings-win32-x64@1.4.4-r.3
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
DUCKDB_GCC4  := $(DUCKDB_DIR)/linux_amd64_gcc4/urn.duckdb_extension
DUCKDB_WIN   := $(DUCKDB_DIR)/windows_amd64/urn.duckdb_extension
DUCKDB_TEST_ROWS ?= 1000000
# Ten times the rows of make bench: 10,000,000 by default, 1,000,000 in CI.
BENCH_DUCKDB_N   ?= $(shell expr 10 \* $(BENCH_N))

.PHONY: duckdb duckdb-arm64 duckdb-windows duckdb-windows-test duckdb-test bench-duckdb duckdb-headers duckdb-node prereqs-duckdb

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

# DuckDB 1.2's name for Linux on x86-64: the library of linux_amd64 with a
# footer that says linux_amd64_gcc4 (DuckDB compares that field with its
# own PRAGMA platform before it loads a file).
$(DUCKDB_GCC4): $(DUCKDB_DIR)/linux_amd64/urn.duckdb_extension tools/duckdb_footer.sh
	@mkdir -p $(@D)
	sh tools/duckdb_footer.sh $(DUCKDB_DIR)/linux_amd64/urn.so linux_amd64_gcc4 \
	  $(DUCKDB_CAPI_VERSION) $(URN_VERSION) $@

# Windows: the same sources through mingw-w64, as make windows builds the
# SQLite DLL; duckdb_extension.h exports the entry point urn_init_c_api
# (__declspec(dllexport)), checked in the DLL's export table.
$(DUCKDB_WIN): $(DUCKDB_SRC) $(DUCKDB_HDR) $(DUCKDB_INC)/duckdb_extension.h \
    tools/duckdb_footer.sh
	@sh tools/prereqs.sh mingw
	@mkdir -p $(@D)
	$(MINGW_CC) $(DUCKDB_CFLAGS) $(WARN) -I$(DUCKDB_INC) -shared -static-libgcc \
	  -Wl,--no-insert-timestamp -o $(@D)/urn.dll $(DUCKDB_SRC)
	@$(MINGW_OBJDUMP) -p $(@D)/urn.dll | grep -q '\] urn_init_c_api$$' || \
	  { echo "duckdb-windows: $(@D)/urn.dll does not export urn_init_c_api" >&2; exit 1; }
	sh tools/duckdb_footer.sh $(@D)/urn.dll windows_amd64 $(DUCKDB_CAPI_VERSION) \
	  $(URN_VERSION) $@

duckdb-windows: $(DUCKDB_WIN)

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

# The footers of every build at hand are checked (test 8): on x86-64 DuckDB
# 1.2's file is rebuilt first, so that it is never one of an older library.
DUCKDB_TEST_BUILDS := $(DUCKDB_EXT) $(if $(filter linux_amd64,$(DUCKDB_PLATFORM)),$(DUCKDB_GCC4))
duckdb-test: $(DUCKDB_TEST_BUILDS) $(LIB) $(DUCKDB_DIR)/node/.installed $(DUCKDB_DIR)/gen_corpus prereqs
	@sh tools/prereqs.sh tcl
	$(DUCKDB_ENV) URN_DUCKDB_ROWS=$(DUCKDB_TEST_ROWS) TCLSH=$(TCLSH) \
	  URN_GEN_CORPUS=$(CURDIR)/$(DUCKDB_DIR)/gen_corpus node test/duckdb/duckdb.test.js
	node test/suite/check_suite_py.js
	$(MAKE) --no-print-directory duckdb-install-test

# Each DuckDB of DUCKDB_TEST_VERSIONS in a folder of its own,
# build/duckdb/versions/PACKAGE@VERSION/ (a / of the name as +).
DUCKDB_VERSION_DIRS := $(foreach v,$(DUCKDB_TEST_VERSIONS),$(DUCKDB_DIR)/versions/$(subst /,+,$(v)))
$(DUCKDB_DIR)/versions/%/.installed: mk/duckdb.mk | prereqs-duckdb
	@mkdir -p $(@D)
	sh tools/npm-fetch.sh $(@D) "one of the DuckDBs make duckdb-test loads the extension into" \
	  npm install --no-audit --no-fund --no-package-lock --prefix . $(subst +,/,$*)
	@touch $@

# test/duckdb/install.test.js in every DuckDB of DUCKDB_TEST_VERSIONS and in
# DUCKDB_NODE_PKG's, against the repository and archive of make dist.
.PHONY: duckdb-install-test
duckdb-install-test: duckdb-dist $(DUCKDB_DIR)/node/.installed \
    $(addsuffix /.installed,$(DUCKDB_VERSION_DIRS))
	@rc=0; for d in $(DUCKDB_VERSION_DIRS) $(DUCKDB_DIR)/node; do \
	  NODE_PATH=$(CURDIR)/$$d/node_modules URN_DUCKDB_REPO=$(CURDIR)/$(DUCKDB_REPO) \
	    URN_DUCKDB_BUILD=$(CURDIR)/$(DUCKDB_DIR) URN_VERSION=$(URN_VERSION) \
	    URN_DUCKDB_ARCHIVE=$(CURDIR)/$(DUCKDB_DIR)/dist/check/duckdb-urn-$(URN_VERSION)-$(HOST_PLATFORM) \
	    URN_DUCKDB_VERSIONS="$(DUCKDB_VERSIONS)" node test/duckdb/install.test.js || rc=1; \
	done; exit $$rc

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

# make dist also packs the DuckDB extension of each platform of PLATFORMS
# (mk/platforms.mk: this machine's by default, all three for make release),
# named with the project's platform words as the SQLite archives are:
# dist/duckdb-urn-VERSION-PLATFORM.tar.gz (linux-x86_64, linux-arm64,
# windows-x86_64) holding urn.duckdb_extension (DuckDB derives the entry
# point urn_init_c_api from the file's name, so it keeps that name; for
# linux-x86_64 the one of DuckDB 1.3 and later, and DuckDB 1.2's in
# duckdb-1.2/), the archive's own README (pkg/duckdb/README.md), LICENSE
# and SHA256SUMS, plus its .sha256; staged under build/duckdb/dist/, each
# unpacked again and verified.  They are not in dist/checksums.txt, which
# lists sqlpkg's archives.
# And the extension repository DUCKDB_REPO in DuckDB's layout,
# v{DuckDB version}/{DuckDB platform}/urn.duckdb_extension.gz, for each
# version of DUCKDB_VERSIONS and each DuckDB platform built, which
# INSTALL urn FROM 'dist/duckdb-repository' reads (or any web server that
# serves the folder).  DuckDB's platform names appear only there and in
# the footer.
# PLATFORMS is set by a file included after this one, so the prerequisites
# are expanded a second time.
DUCKDB_PLAT_linux-x86_64   := linux_amd64 linux_amd64_gcc4
DUCKDB_PLAT_linux-arm64    := linux_arm64
DUCKDB_PLAT_windows-x86_64 := windows_amd64
DUCKDB_DIST_PLATS = $(strip $(foreach p,$(PLATFORMS),$(DUCKDB_PLAT_$(p))))
DUCKDB_REPO       := dist/duckdb-repository
# The versions whose folder a DuckDB platform gets: DuckDB 1.2 only for
# linux_amd64_gcc4, none of 1.2 for linux_amd64, every one for the others.
DUCKDB_VERSIONS_linux_amd64_gcc4 := $(DUCKDB_VERSIONS_GCC4)
DUCKDB_VERSIONS_linux_amd64      := $(filter-out $(DUCKDB_VERSIONS_GCC4),$(DUCKDB_VERSIONS))
.PHONY: duckdb-dist
dist: duckdb-dist

.SECONDEXPANSION:
duckdb-dist: $$(foreach d,$$(DUCKDB_DIST_PLATS),$$(DUCKDB_DIR)/$$(d)/urn.duckdb_extension) \
    pkg/duckdb/README.md LICENSE tools/duckdb_repo.sh
	@test -n "$(URN_VERSION)" || { echo "duckdb-dist: no version in VERSION" >&2; exit 1; }
	rm -rf $(DUCKDB_DIR)/dist $(DUCKDB_REPO)
	rm -f dist/duckdb-urn-*.tar.gz dist/duckdb-urn-*.tar.gz.sha256
	mkdir -p $(DUCKDB_DIR)/dist/check dist
	@set -e; for p in $(PLATFORMS); do \
	  name=duckdb-urn-$(URN_VERSION)-$$p; stage=$(DUCKDB_DIR)/dist/$$name; \
	  files="LICENSE README.md SHA256SUMS urn.duckdb_extension"; \
	  mkdir -p $$stage; \
	  cp pkg/duckdb/README.md LICENSE $$stage/; \
	  case $$p in \
	    linux-x86_64) cp $(DUCKDB_DIR)/linux_amd64/urn.duckdb_extension $$stage/; \
	      mkdir -p $$stage/duckdb-1.2; \
	      cp $(DUCKDB_GCC4) $$stage/duckdb-1.2/; \
	      files="$$files duckdb-1.2/urn.duckdb_extension";; \
	    linux-arm64) cp $(DUCKDB_ARM64) $$stage/;; \
	    windows-x86_64) cp $(DUCKDB_WIN) $$stage/;; \
	  esac; \
	  (cd $$stage && $(SHA256SUM) $$(echo $$files | sed 's/SHA256SUMS //') > SHA256SUMS); \
	  tar -C $$stage $(TAR_REPRO) -cf - $$files | gzip -n -9 > dist/$$name.tar.gz; \
	  (cd dist && $(SHA256SUM) $$name.tar.gz > $$name.tar.gz.sha256); \
	  mkdir -p $(DUCKDB_DIR)/dist/check/$$name; \
	  gzip -dc dist/$$name.tar.gz | tar -C $(DUCKDB_DIR)/dist/check/$$name -xf -; \
	  (cd $(DUCKDB_DIR)/dist/check/$$name && $(SHA256SUM) -c SHA256SUMS >/dev/null); \
	  echo "dist/$$name.tar.gz"; \
	done
	@set -e; for d in $(DUCKDB_DIST_PLATS); do \
	  case $$d in \
	    linux_amd64_gcc4) vs="$(DUCKDB_VERSIONS_linux_amd64_gcc4)";; \
	    linux_amd64) vs="$(DUCKDB_VERSIONS_linux_amd64)";; \
	    *) vs="$(DUCKDB_VERSIONS)";; \
	  esac; \
	  sh tools/duckdb_repo.sh $(DUCKDB_REPO) $$d $(DUCKDB_DIR)/$$d/urn.duckdb_extension $$vs; \
	done

# ---- make duckdb-windows-test: the Windows file in DuckDB's own Windows
# library, duckdb.dll of DUCKDB_WIN_PKG (unpacked from npm's tarball, never
# built), through the C host test/duckdb/windows_host.c cross-compiled with
# mingw-w64 and linked to that DLL, under wine; it installs from a
# repository written as make dist writes one (tools/duckdb_repo.sh), with
# the Windows file for every version the docs name, and runs the DuckDB
# examples of docs/duckdb.md, pkg/duckdb/README.md and the reference's
# group tables (test/duckdb/reference_blocks.js writes them as a block).  It ends
# "duckdb-windows: N passed, N failed".  About 20 s the first time (wine
# makes its prefix), 10 s after.
DUCKDB_WIN_TEST := $(DUCKDB_DIR)/windows-test
$(DUCKDB_WIN_TEST)/duckdb.dll: mk/duckdb.mk | prereqs-duckdb
	@rm -rf $(@D)/npm && mkdir -p $(@D)/npm
	sh tools/npm-fetch.sh $(@D)/npm "DuckDB's Windows library, for make duckdb-windows-test" npm pack $(DUCKDB_WIN_PKG)
	tar -xzf $(@D)/npm/*.tgz -C $(@D) --strip-components=1 package/duckdb.dll
	@rm -rf $(@D)/npm
	@touch $@

$(DUCKDB_WIN_TEST)/windows_host.exe: test/duckdb/windows_host.c $(DUCKDB_WIN_TEST)/duckdb.dll \
    $(DUCKDB_INC)/duckdb_extension.h
	@sh tools/prereqs.sh mingw
	$(MINGW_CC) -O1 -g -std=c99 -Wall -Wextra -Werror -I$(DUCKDB_INC) -o $@ \
	  test/duckdb/windows_host.c $(DUCKDB_WIN_TEST)/duckdb.dll

duckdb-windows-test: $(DUCKDB_WIN) $(DUCKDB_DIR)/linux_amd64/urn.duckdb_extension \
    $(DUCKDB_WIN_TEST)/windows_host.exe tools/duckdb_repo.sh
	@sh tools/prereqs.sh wine
	rm -rf $(DUCKDB_WIN_TEST)/repo $(DUCKDB_WIN_TEST)/run
	sh tools/duckdb_repo.sh $(DUCKDB_WIN_TEST)/repo windows_amd64 $(DUCKDB_WIN) $(DUCKDB_VERSIONS)
	mkdir -p $(DUCKDB_WIN_TEST)/run
	node test/duckdb/reference_blocks.js $(DUCKDB_WIN_TEST)/run/functions.md
	cd $(DUCKDB_WIN_TEST)/run && WINEPREFIX=$(CURDIR)/$(DUCKDB_WIN_TEST)/wine WINEARCH=win64 \
	  WINEDEBUG=-all WINEDLLOVERRIDES='mscoree,mshtml=' \
	  wine ../windows_host.exe 'Z:$(CURDIR)/$(DUCKDB_WIN)' 'Z:$(CURDIR)/$(DUCKDB_WIN_TEST)/repo' \
	    'Z:$(CURDIR)/$(DUCKDB_DIR)/linux_amd64/urn.duckdb_extension' \
	    'Z:$(CURDIR)/docs/duckdb.md' 'Z:$(CURDIR)/pkg/duckdb/README.md' \
	    'Z:$(CURDIR)/$(DUCKDB_WIN_TEST)/run/functions.md'; \
	  rc=$$?; WINEPREFIX=$(CURDIR)/$(DUCKDB_WIN_TEST)/wine wineserver -k 2>/dev/null; exit $$rc

# ---- make duckdb-cmake-test: the extension built with CMake from
# CMakeLists.txt, the layout of DuckDB's C extension template that DuckDB's
# community extensions build (pkg/duckdb/description.yml), into
# build/duckdb/cmake/; then test/duckdb/cmake.test.js compares its answers
# with make duckdb's, function by function on the test corpus.  About 15 s.
DUCKDB_CMAKE := $(DUCKDB_DIR)/cmake
.PHONY: duckdb-cmake duckdb-cmake-test
duckdb-cmake: $(DUCKDB_INC)/duckdb_extension.h
	@sh tools/prereqs.sh cc cmake
	cmake -S . -B $(DUCKDB_CMAKE) -DCMAKE_BUILD_TYPE=Release \
	  -DDUCKDB_CAPI_DIR=$(CURDIR)/$(DUCKDB_INC) -DDUCKDB_PLATFORM=$(DUCKDB_PLATFORM) >/dev/null
	cmake --build $(DUCKDB_CMAKE)

duckdb-cmake-test: duckdb-cmake $(DUCKDB_EXT) $(DUCKDB_DIR)/node/.installed $(DUCKDB_DIR)/gen_corpus
	$(DUCKDB_ENV) URN_DUCKDB_CMAKE_EXT=$(CURDIR)/$(DUCKDB_CMAKE)/urn.duckdb_extension URN_VERSION=$(URN_VERSION) \
	  URN_GEN_CORPUS=$(CURDIR)/$(DUCKDB_DIR)/gen_corpus node test/duckdb/cmake.test.js
