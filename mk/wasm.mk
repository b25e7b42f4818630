# mk/wasm.mk -- sqlite-urn in the browser: SQLite and the extension compiled
# to WebAssembly with emscripten, an ES module for web apps and the
# playground page (docs/browser.md).  Included by the Makefile.
#
#   make wasm        dist/wasm/, a static site that needs no network at run
#                    time: sqlite-urn-engine.wasm and .js (SQLite's
#                    amalgamation, every C file of ext/core/ and ext/sqlite/
#                    built with -DSQLITE_CORE, and wasm/urn_wasm.c, which
#                    registers the extension on every connection),
#                    sqlite-urn.js (the module web apps import), its types,
#                    and the playground (index.html, playground.js,
#                    worker.js, csv.js, style.css, and docs/ with README.md
#                    and the manual's pages, which the page links to).  The
#                    amalgamation comes from the
#                    npm package WASM_SQLITE_PKG, fetched once into
#                    build/wasm/ with npm pack, and must match the checksum
#                    below.  About a minute from a clean tree (SQLite's
#                    amalgamation), 15 s when only ext/ changed.
#   make wasm-test   test/wasm/node.js (the module in Node: every function,
#                    the collations in UNIQUE indexes, urn_find, the errors,
#                    docs/browser.md's examples, the docs' SQL examples) and
#                    test/wasm/browser.js (the page served from dist/wasm/ on
#                    127.0.0.1 in headless Chromium, over the DevTools
#                    protocol; the conformance suite's records in the
#                    page; screenshots in build/wasm/screenshots/); each ends
#                    "N passed, N failed".
#   make bench-wasm  bench/wasm.js: the sizes of the engine (plain and gzip)
#                    and urn_canonical(x) against lower(x) on the BENCH_N rows
#                    of make bench's corpus in the WebAssembly build (in
#                    Node) and natively (the sqlite3 shell with
#                    build/bench/urn.so), and the ratio of the two ratios;
#                    written to the end of bench/results.txt as a section of
#                    its own (make bench runs it last).  BENCH_N=100000:
#                    about 15 s.
#
# emscripten and chromium-headless-shell come from Debian
# (tools/prereqs.sh emscripten chromium).

EMCC               ?= emcc
WASM_CFLAGS        ?= -O2
# The extension's own files at -O3: urn_canonical against lower() in
# WebAssembly 1.16 and 1.29 times the native ratio, against 1.22 to 1.38 at
# -O2 (make bench-wasm, BENCH_N=1000000, load 3.5).
WASM_EXT_CFLAGS    ?= -O3
# SQLite 3.53.2's amalgamation, as better-sqlite3 ships it: its sqlite3.c is
# SQLite's, with one constant written as its value (deps/patches/).
WASM_SQLITE_PKG    := better-sqlite3@12.11.1
WASM_SQLITE_SHA256 := 60d2f39a3726cd6b9021da6f4e868608d66fbb6528a9f513dc8ffcc640493422
# The extension's blocks of 16 bytes (ext/core/urn_block.h) take SSE2,
# which emscripten maps onto WebAssembly SIMD: every current browser runs
# it (Chrome and Edge 91, Firefox 89, Safari 16.4, Node 16.4).  Without it,
# the portable 8-byte words (URN_NO_SIMD's code) run instead, a fifth slower
# on urn_canonical (make bench-wasm); WASM_SIMD= builds for older browsers.
WASM_SIMD          ?= -msimd128 -msse2
WASM_BUILD         := build/wasm
# The amalgamation's directory is named for the package: a new pin, a new
# directory, a new build.
WASM_SQLITE        := $(WASM_BUILD)/$(subst @,-,$(WASM_SQLITE_PKG))
WASM_DIST          := dist/wasm
# Debian's emcc finds its JavaScript optimizer's parser (acorn) here.
WASM_ENV           := NODE_PATH=/usr/share/nodejs

# SQLite as the browser build needs it: one thread, no loadable
# extensions, temporary tables in memory, and the extension registered
# from sqlite3_initialize() (wasm/urn_wasm.c).
WASM_SQLITE_DEFS := -DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION \
  -DSQLITE_TEMP_STORE=3 -DSQLITE_DEFAULT_MEMSTATUS=0 -DSQLITE_DQS=0 \
  -DSQLITE_OMIT_DEPRECATED -DSQLITE_OMIT_SHARED_CACHE \
  -DSQLITE_ENABLE_MATH_FUNCTIONS -DSQLITE_EXTRA_INIT=urnWasmInit

# The C API that wasm/sqlite-urn.js calls.
WASM_EXPORTS := malloc free sqlite3_libversion sqlite3_open_v2 sqlite3_close_v2 \
  sqlite3_errmsg sqlite3_extended_errcode sqlite3_error_offset sqlite3_changes \
  sqlite3_prepare_v2 sqlite3_finalize sqlite3_step \
  sqlite3_bind_parameter_count sqlite3_bind_parameter_name sqlite3_bind_null \
  sqlite3_bind_int64 sqlite3_bind_double sqlite3_bind_text sqlite3_bind_blob \
  sqlite3_column_count sqlite3_column_name sqlite3_column_type \
  sqlite3_column_int64 sqlite3_column_double sqlite3_column_text \
  sqlite3_column_blob sqlite3_column_bytes
WASM_COMMA := ,
WASM_EMPTY :=
WASM_SPACE := $(WASM_EMPTY) $(WASM_EMPTY)

# An ES module exporting one factory; no file system (in-memory databases
# only), no Node-specific loader: wasm/sqlite-urn.js hands it the .wasm's
# bytes, fetched in a browser and read from disk in Node.
WASM_LDFLAGS := -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createEngine \
  -sENVIRONMENT=web,worker -sFILESYSTEM=0 -sALLOW_MEMORY_GROWTH=1 \
  -sWASM_BIGINT=1 \
  -sEXPORTED_FUNCTIONS=$(subst $(WASM_SPACE),$(WASM_COMMA),$(addprefix _,$(WASM_EXPORTS)))

# The files of the site, copied as they are.
WASM_STATIC := sqlite-urn.js sqlite-urn.d.ts package.json index.html \
  playground.js worker.js csv.js style.css
# The module's files, which the npm package also carries under browser/
# (mk/pkg.mk; "sqlite-urn/browser").
WASM_MODULE_FILES := sqlite-urn.js sqlite-urn.d.ts sqlite-urn-engine.js \
  sqlite-urn-engine.wasm package.json

NEEDS_wasm       := emscripten node
NEEDS_wasm-test  := emscripten node chromium shell
NEEDS_bench-wasm := emscripten node shell

.PHONY: wasm wasm-test bench-wasm

# npm pack fetches the package's tarball (npm's cache keeps it); only the
# amalgamation's three files are kept, and only when sqlite3.c has the
# checksum above.
$(WASM_SQLITE)/sqlite3.c: | prereqs
	rm -rf $(WASM_SQLITE) $(WASM_BUILD)/npm && mkdir -p $(WASM_SQLITE) $(WASM_BUILD)/npm
	sh tools/npm-fetch.sh $(WASM_BUILD)/npm "SQLite's amalgamation, for the WebAssembly build" npm pack $(WASM_SQLITE_PKG)
	tar -xzf $(WASM_BUILD)/npm/*.tgz -C $(WASM_BUILD)/npm package/deps/sqlite3
	mv $(WASM_BUILD)/npm/package/deps/sqlite3/sqlite3.h \
	   $(WASM_BUILD)/npm/package/deps/sqlite3/sqlite3ext.h $(WASM_SQLITE)/
	@sum=$$($(SHA256SUM) $(WASM_BUILD)/npm/package/deps/sqlite3/sqlite3.c | cut -d' ' -f1); \
	if [ "$$sum" != "$(WASM_SQLITE_SHA256)" ]; then \
	  echo "wasm: sqlite3.c of $(WASM_SQLITE_PKG) has sha256 $$sum, expected $(WASM_SQLITE_SHA256)" >&2; \
	  exit 1; \
	fi
	mv $(WASM_BUILD)/npm/package/deps/sqlite3/sqlite3.c $@
	rm -rf $(WASM_BUILD)/npm

$(WASM_BUILD)/sqlite3.o: $(WASM_SQLITE)/sqlite3.c
	@echo "wasm: compiling SQLite to WebAssembly with emcc (a minute or two on 2 cores, silent)"
	$(WASM_ENV) $(EMCC) $(WASM_CFLAGS) $(WASM_SQLITE_DEFS) -I$(WASM_SQLITE) -c $< -o $@

# The extension's sources, globbed (SRC, HDR: Makefile), compiled unchanged.
$(WASM_BUILD)/sqlite-urn-engine.js: $(WASM_BUILD)/sqlite3.o wasm/urn_wasm.c $(SRC) $(HDR)
	@echo "wasm: compiling the extension and linking the module with emcc (about a minute, silent)"
	$(WASM_ENV) $(EMCC) $(WASM_CFLAGS) $(WASM_EXT_CFLAGS) $(WASM_SIMD) $(WARN) -DSQLITE_CORE -I$(WASM_SQLITE) \
	  -o $@ $(WASM_BUILD)/sqlite3.o wasm/urn_wasm.c $(SRC) $(WASM_LDFLAGS)

wasm: $(WASM_BUILD)/sqlite-urn-engine.js $(addprefix wasm/,$(WASM_STATIC)) README.md $(wildcard docs/*.md) | prereqs
	@sum=$$($(SHA256SUM) $(WASM_SQLITE)/sqlite3.c | cut -d' ' -f1); \
	if [ "$$sum" != "$(WASM_SQLITE_SHA256)" ]; then \
	  echo "wasm: $(WASM_SQLITE)/sqlite3.c has sha256 $$sum, expected $(WASM_SQLITE_SHA256)" >&2; \
	  exit 1; \
	fi
	rm -rf $(WASM_DIST) && mkdir -p $(WASM_DIST)
	cp $(WASM_BUILD)/sqlite-urn-engine.js $(WASM_BUILD)/sqlite-urn-engine.wasm $(WASM_DIST)/
	cp $(addprefix wasm/,$(WASM_STATIC)) $(WASM_DIST)/
	mkdir -p $(WASM_DIST)/docs && cp README.md docs/*.md $(WASM_DIST)/docs/
	@echo "wasm: the site is in $(WASM_DIST)/ (docs/browser.md)"

wasm-test: wasm $(LIB) | prereqs
	URN_EXT=$(CURDIR)/$(LIB) SQLITE3=$(SQLITE3) WASM_MODULE_FILES="$(WASM_MODULE_FILES)" \
	  node test/wasm/node.js $(WASM_SQLITE)/sqlite3.h
	node test/wasm/browser.js

# The corpus of make bench (the same rows for the same BENCH_N and seed).
bench-wasm: wasm $(BENCH_LIB) $(BENCH_DIR)/gen_corpus | prereqs
	$(BENCH_DIR)/gen_corpus $(BENCH_N) $(BENCH_SEED) > $(BENCH_DIR)/corpus.txt
	SQLITE3=$(SQLITE3) WASM_CFLAGS="$(WASM_CFLAGS) $(WASM_EXT_CFLAGS) $(WASM_SIMD)" node bench/wasm.js --corpus $(BENCH_DIR)/corpus.txt \
	  --reps $(BENCH_REPS) --ext $(BENCH_LIB) --out bench/results.txt
