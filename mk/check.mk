# mk/check.mk -- sanitizers, fuzzing, out-of-memory, threads, coverage and
# the order golden file.  Included by the Makefile; everything it builds goes
# under build/ (git-ignored).
#
#   make check          the Tcl suite against an ASan+UBSan build of the
#                       library, the out-of-memory driver, the thread test
#                       under TSan and a fuzz smoke run (FUZZ_SMOKE_SECONDS
#                       per target), then the PostgreSQL extension's
#                       pg_regress suite on a server under memcheck (make
#                       postgres-valgrind, mk/postgres.mk); about 9 minutes
#                       on 2 cores.  The
#                       test files in ASAN_SKIP_TESTS (static.test: it
#                       builds its own sanitized programs) run only in
#                       make test
#   make fuzz           each libFuzzer target for FUZZ_SECONDS (default 180)
#                       from the seeds in test/fuzz/corpus/<target>/; new
#                       inputs go to build/fuzz/corpus/<target>/, a crash to
#                       build/fuzz/<target>-crash-*
#   make fuzz-smoke     the same for FUZZ_SMOKE_SECONDS (default 30)
#   make fuzz-regress   each target once over its committed corpus only
#   make coverage       line and branch coverage of ext/ (llvm-cov) from the
#                       Tcl suite, the OOM driver, the thread test and the
#                       fuzz corpora; report in build/cov/, the figure on
#                       the last line; CI runs it after make check (about
#                       80 s of CPU time)
#   make golden         rewrite test/order-golden.txt (a breaking change:
#                       see test/order.test; never run it to make a test pass)
#   make check-asan check-oom check-threads      the parts of make check
#
# Clang with its sanitizer and libFuzzer runtimes is installed on demand
# (tools/prereqs.sh clang: libclang-rt-14-dev on Debian), and so are
# llvm-profdata and llvm-cov for coverage (tools/prereqs.sh llvm: llvm-14).

CLANG              ?= clang
FUZZ_SECONDS       ?= 180
FUZZ_SMOKE_SECONDS ?= 30
# link fuzzes urn_from_url (test/fuzz/fuzz_link.c); epc the EPC binary
# encodings, decoder and tag URI parser, round trips as the oracle
# (test/fuzz/fuzz_epc.c).  scan8, key8, cmp8
# and find8 are the same targets as scan, key, cmp and find built with
# -DURN_NO_SIMD: the portable code of ext/core/urn_block.h that machines without
# SSE2 run, in the scanner, the key writer, the comparator and the finder of
# urn_find.  They share the corpora.  The targets of FUZZ_QUICK get a third
# of the seconds in fuzz and fuzz-smoke: find8 adds to find only the
# portable runs of the scanner (fuzzed by scan8 too) and the byte loop that
# counts characters.
FUZZ_TARGETS       := scan key cmp find link epc scan8 key8 cmp8 find8
FUZZ_QUICK         := find8
FUZZ_FLAGS         ?=

SAN_FLAGS  := -fsanitize=address,undefined -fno-sanitize-recover=all \
              -fno-omit-frame-pointer
SAN_CFLAGS := -O1 -g $(SAN_FLAGS) $(WARN)
# ASan reports abort the process; UBSan stops at the first report.
SAN_ENV    := ASAN_OPTIONS=abort_on_error=1:detect_leaks=1:strict_string_checks=1 \
              UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
# The ASan runtime that a non-ASan tclsh must preload to load build/asan/urn.so.
ASAN_RT     = $(shell $(CLANG) -print-file-name=libclang_rt.asan-x86_64.so)

LLVM_PROFDATA ?= $(shell command -v llvm-profdata || command -v llvm-profdata-14)
LLVM_COV      ?= $(shell command -v llvm-cov || command -v llvm-cov-14)
COV_FLAGS  := -O0 -g -fprofile-instr-generate -fcoverage-mapping
# The fuzz targets that coverage builds (with SSE2; cmp8 is cmp without).
COV_FUZZ   := scan key cmp find link epc

.PHONY: check check-asan check-oom check-threads fuzz fuzz-smoke \
        fuzz-regress fuzz-build coverage golden prereqs-check prereqs-cov

prereqs-check:
	@sh tools/prereqs.sh cc sqlite-dev tcl clang

# ---- ASan + UBSan build of the loadable library, and the Tcl suite on it.
build/asan/urn.$(SOEXT): $(SRC) $(HDR) | prereqs-check
	@mkdir -p $(@D)
	$(CLANG) $(SAN_CFLAGS) -fPIC $(SOFLAGS) -o $@ $(SRC)

# tclsh is not instrumented: preload the ASan runtime (which also holds
# UBSan's).  The preload reaches every program a test runs (the sqlite3
# shell, python, cc), which is what lets the shell and python load the
# instrumented library too.  Leak checking is off, because Tcl, SQLite and
# the compilers keep memory at exit by design; leaks in the extension are
# the OOM driver's job, under LeakSanitizer.
# ASAN_SKIP_TESTS: test files that build and run native programs with
# sanitizers of their own (a second ASan runtime cannot share the process
# with the preloaded one); they run in `make test`.
ASAN_SKIP_TESTS ?= static.test
ASAN_TESTS = $(filter-out $(addprefix test/,$(ASAN_SKIP_TESTS)),$(sort $(wildcard test/*.test)))

check-asan: build/asan/urn.$(SOEXT) prereqs
	LD_PRELOAD=$(ASAN_RT) \
	ASAN_OPTIONS=abort_on_error=1:detect_leaks=0 \
	UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	URN_EXT=$(CURDIR)/build/asan/urn.$(SOEXT) SQLITE3=$(SQLITE3) \
	  $(TCLSH) test/all.tcl $(ASAN_TESTS)

# ---- Out-of-memory driver: the extension linked statically.
build/oom: test/oom.c $(SRC) $(HDR) | prereqs-check
	@mkdir -p $(@D)
	$(CLANG) $(SAN_CFLAGS) -DSQLITE_CORE -o $@ test/oom.c $(SRC) -lsqlite3

check-oom: build/oom
	$(SAN_ENV) build/oom

# ---- Threads under ThreadSanitizer.
build/threads: test/threads.c $(SRC) $(HDR) | prereqs-check
	@mkdir -p $(@D)
	$(CLANG) -O1 -g -fsanitize=thread $(WARN) -DSQLITE_CORE -o $@ \
	  test/threads.c $(SRC) -lsqlite3 -lpthread

check-threads: build/threads
	@mkdir -p build/tsan
	TSAN_OPTIONS=halt_on_error=1:exitcode=66 build/threads build/tsan/threads.db

# ---- libFuzzer targets.  fuzz_key also links the SQL glue (-DSQLITE_CORE).
FUZZ_BIN := $(addprefix build/fuzz/fuzz_,$(FUZZ_TARGETS))

build/fuzz/fuzz_%: test/fuzz/fuzz_%.c test/fuzz/ref_urn.c $(SRC) $(HDR) | prereqs-check
	@mkdir -p $(@D)
	$(CLANG) $(SAN_CFLAGS) -fsanitize=fuzzer -DSQLITE_CORE -o $@ \
	  $< test/fuzz/ref_urn.c $(SRC) -lsqlite3

build/fuzz/fuzz_%8: test/fuzz/fuzz_%.c test/fuzz/ref_urn.c $(SRC) $(HDR) | prereqs-check
	@mkdir -p $(@D)
	$(CLANG) $(SAN_CFLAGS) -DURN_NO_SIMD -fsanitize=fuzzer -DSQLITE_CORE -o $@ \
	  $< test/fuzz/ref_urn.c $(SRC) -lsqlite3

fuzz-build: $(FUZZ_BIN)

# $(call run_fuzz,SECONDS): each target in turn; stop at the first finding.
# The executions of each run are printed from libFuzzer's final stats.
define run_fuzz
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p build/fuzz/corpus/$$t; \
	  secs=$(1); \
	  case " $(FUZZ_QUICK) " in *" $$t "*) secs=$$(( $(1)/3 )) ;; esac; \
	  echo "fuzz_$$t: $$secs s"; \
	  $(SAN_ENV) build/fuzz/fuzz_$$t -max_total_time=$$secs -timeout=10 \
	    -rss_limit_mb=2560 -print_final_stats=1 \
	    -artifact_prefix=build/fuzz/$$t- $(FUZZ_FLAGS) \
	    build/fuzz/corpus/$$t test/fuzz/corpus/$$t \
	    > build/fuzz/$$t.log 2>&1; rc=$$?; \
	  grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb)' \
	    build/fuzz/$$t.log | sed "s/^/fuzz_$$t: /"; \
	  if [ $$rc -ne 0 ]; then tail -40 build/fuzz/$$t.log; \
	    echo "fuzz_$$t: FAILED (log: build/fuzz/$$t.log)"; exit 1; fi; \
	done
endef

fuzz: $(FUZZ_BIN)
	$(call run_fuzz,$(FUZZ_SECONDS))

fuzz-smoke: $(FUZZ_BIN)
	$(call run_fuzz,$(FUZZ_SMOKE_SECONDS))

# Every committed seed and regression input, once (seconds).
fuzz-regress: $(FUZZ_BIN)
	@for t in $(FUZZ_TARGETS); do \
	  $(SAN_ENV) build/fuzz/fuzz_$$t -runs=0 test/fuzz/corpus/$$t \
	    > build/fuzz/$$t-regress.log 2>&1 \
	  || { tail -40 build/fuzz/$$t-regress.log; exit 1; }; \
	  echo "fuzz_$$t: $$(ls test/fuzz/corpus/$$t | wc -l) committed inputs ok"; \
	done

# ---- make check: everything above in a few minutes.
check:
	@start=$$(date +%s); \
	$(MAKE) --no-print-directory check-asan && \
	$(MAKE) --no-print-directory check-oom && \
	$(MAKE) --no-print-directory check-threads && \
	$(MAKE) --no-print-directory fuzz-regress && \
	$(MAKE) --no-print-directory fuzz-smoke && \
	$(MAKE) --no-print-directory postgres-valgrind && \
	echo "check: 6 passed, 0 failed ($$(( $$(date +%s) - start )) s: asan+ubsan suite, oom, tsan, fuzz regress, fuzz smoke, postgres under memcheck)"

# ---- Coverage of ext/ with llvm-cov (source-based: lines and branches).
COV_DIR := build/cov

prereqs-cov:
	@sh tools/prereqs.sh cc sqlite-dev tcl clang llvm

# The profile runtime that the instrumented library links in defines
# __llvm_profile_* and the __start_/__stop_ symbols of its sections with
# default visibility: on ELF a version script keeps the library's one
# export, sqlite3_urn_init, which test/names.test (4.1) checks of every
# build.  The soak test runs COV_SOAK_OPS operations (its default is
# 100000): the -O0 profile build is several times slower, and the other
# tests reach the same code.
COV_SOAK_OPS ?= 20000
ifeq ($(UNAME_S),Linux)
  COV_EXPORTS = -Wl,--version-script=$(COV_DIR)/exports.map
endif

coverage: prereqs-cov prereqs
	rm -rf $(COV_DIR) && mkdir -p $(COV_DIR)/prof
	printf '{ global: sqlite3_urn_init; local: *; };\n' > $(COV_DIR)/exports.map
	$(CLANG) $(COV_FLAGS) $(WARN) -fPIC $(SOFLAGS) $(COV_EXPORTS) \
	  -o $(COV_DIR)/urn.$(SOEXT) $(SRC)
	$(CLANG) $(COV_FLAGS) -DSQLITE_CORE -o $(COV_DIR)/oom test/oom.c $(SRC) -lsqlite3
	$(CLANG) $(COV_FLAGS) -DSQLITE_CORE -o $(COV_DIR)/threads test/threads.c $(SRC) -lsqlite3 -lpthread
	for t in $(COV_FUZZ); do \
	  $(CLANG) $(COV_FLAGS) -fsanitize=fuzzer -DSQLITE_CORE -o $(COV_DIR)/fuzz_$$t \
	    test/fuzz/fuzz_$$t.c test/fuzz/ref_urn.c $(SRC) -lsqlite3 || exit 1; \
	done
	LLVM_PROFILE_FILE=$(CURDIR)/$(COV_DIR)/prof/tcl-%p.profraw \
	URN_EXT=$(CURDIR)/$(COV_DIR)/urn.$(SOEXT) SQLITE3=$(SQLITE3) \
	URN_SOAK_OPS=$(COV_SOAK_OPS) $(TCLSH) test/all.tcl
	LLVM_PROFILE_FILE=$(COV_DIR)/prof/oom.profraw $(COV_DIR)/oom
	LLVM_PROFILE_FILE=$(COV_DIR)/prof/threads.profraw $(COV_DIR)/threads $(COV_DIR)/threads.db
	for t in $(COV_FUZZ); do \
	  LLVM_PROFILE_FILE=$(COV_DIR)/prof/fuzz_$$t.profraw $(COV_DIR)/fuzz_$$t -runs=0 \
	    test/fuzz/corpus/$$t $$( [ -d build/fuzz/corpus/$$t ] && echo build/fuzz/corpus/$$t ) \
	    > $(COV_DIR)/fuzz_$$t.log 2>&1 || exit 1; \
	done
	$(LLVM_PROFDATA) merge -sparse -o $(COV_DIR)/all.profdata $(COV_DIR)/prof/*.profraw
	$(LLVM_COV) report -show-region-summary=false -instr-profile=$(COV_DIR)/all.profdata \
	  $(COV_DIR)/urn.$(SOEXT) $(foreach o,oom threads $(addprefix fuzz_,$(COV_FUZZ)),-object $(COV_DIR)/$(o)) \
	  $(SRC) | tee $(COV_DIR)/report.txt
	$(LLVM_COV) show -show-branches=count -instr-profile=$(COV_DIR)/all.profdata \
	  $(COV_DIR)/urn.$(SOEXT) $(foreach o,oom threads $(addprefix fuzz_,$(COV_FUZZ)),-object $(COV_DIR)/$(o)) \
	  $(SRC) > $(COV_DIR)/show.txt
	@awk '/^TOTAL/ { printf "coverage of ext/: lines %s, branches %s (details: $(COV_DIR)/show.txt)\n", $$(NF-3), $$NF }' $(COV_DIR)/report.txt

# ---- The golden order file of test/order.test (docs/design.md I6).
golden: $(LIB) prereqs
	URN_EXT=$(CURDIR)/$(LIB) URN_GOLDEN_WRITE=$(CURDIR)/test/order-golden.txt \
	  $(TCLSH) test/order.test
