# mk/bench.mk -- the benchmark (docs/speed.md).  Included by the Makefile;
# everything it builds goes under build/bench/ (git-ignored).
#
#   make bench          build the optimized library (BENCH_CFLAGS, -O2 by
#                       default, whatever CFLAGS says), generate the corpus
#                       (BENCH_N rows, default 1000000, seed BENCH_SEED), run
#                       every measurement in one process (medians of
#                       BENCH_REPS >= 5 alternating runs) and write the table
#                       to bench/results.txt and the scaling curves to
#                       bench/scaling.dat and bench/scaling.png.  About 6
#                       minutes on 2 cores; BENCH_N=100000 about 25 s.
#                       Then make bench-duckdb (mk/duckdb.mk) appends the
#                       DuckDB extension's section, on 10 x BENCH_N rows
#                       (10,000,000 at the default).
#                       Then make bench-wasm (mk/wasm.mk) adds the
#                       WebAssembly build's section at the end, and make
#                       bench-postgres (mk/postgres.mk) PostgreSQL's after it.
#   make gen-corpus     only build build/bench/gen_corpus, the generator the
#                       tests share: build/bench/gen_corpus N [SEED [labeled]]
#
# gnuplot comes from Debian (tools/prereqs.sh gnuplot: gnuplot-nox).

BENCH_N      ?= 1000000
BENCH_SEED   ?= 1
BENCH_REPS   ?= 5
BENCH_CFLAGS ?= -O2 -g
BENCH_DIR    := build/bench
BENCH_LIB    := $(BENCH_DIR)/urn.$(SOEXT)

.PHONY: bench gen-corpus prereqs-bench

prereqs-bench:
	@sh tools/prereqs.sh cc sqlite-dev gnuplot ripgrep

# The entry point is derived from the file name, so the library keeps its
# name in its own directory.
$(BENCH_LIB): $(SRC) $(HDR) | prereqs-bench
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) $(WARN) -fPIC $(SOFLAGS) -o $@ $(SRC)

$(BENCH_DIR)/gen_corpus: bench/gen_corpus.c | prereqs-bench
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) $(WARN) -o $@ bench/gen_corpus.c

# bench/: report.c (the clock, medians of alternating runs, the table)
# and corpus.c (the inputs) are shared; sqlite_bench.c is SQLite's
# benchmark.  The C core (measurement 5) is compiled in; the SQL side loads
# $(BENCH_LIB).
BENCH_SHARED := bench/report.c bench/corpus.c
$(BENCH_DIR)/bench: bench/sqlite_bench.c $(BENCH_SHARED) bench/report.h \
                    bench/corpus.h $(CORE_SRC) $(HDR) | prereqs-bench
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) $(WARN) -Iext/core -o $@ bench/sqlite_bench.c \
	  $(BENCH_SHARED) $(CORE_SRC) -lsqlite3 -lm

gen-corpus: $(BENCH_DIR)/gen_corpus

# The commit is HEAD's; "+ uncommitted changes" when tracked files differ
# from it (git's index is not refreshed: --no-optional-locks).
bench: prereqs-bench $(BENCH_LIB) $(BENCH_DIR)/bench $(BENCH_DIR)/gen_corpus
	$(BENCH_DIR)/gen_corpus $(BENCH_N) $(BENCH_SEED) > $(BENCH_DIR)/corpus.txt
	$(BENCH_DIR)/bench --corpus $(BENCH_DIR)/corpus.txt --ext $(BENCH_LIB) \
	  --reps $(BENCH_REPS) --seed $(BENCH_SEED) \
	  --commit "$$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" \
	  $$(test -n "$$(git --no-optional-locks status --porcelain \
	     --untracked-files=no 2>/dev/null)" && echo --dirty) \
	  --out bench/results.txt --data bench/scaling.dat
	gnuplot -e "datafile='bench/scaling.dat'; outfile='bench/scaling.png'" \
	  bench/plot.gp
	@echo "bench: table in bench/results.txt, curves in bench/scaling.png"
	$(MAKE) --no-print-directory bench-duckdb
	$(MAKE) --no-print-directory bench-wasm
	$(MAKE) --no-print-directory bench-postgres
