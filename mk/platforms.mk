# mk/platforms.mk -- the library for each platform that the archives and
# the packages carry, and the tests that run them on this machine.
# Included by the Makefile; everything it builds goes under
# build/platforms/ (git-ignored).
#
# By default everything is built and tested for this machine's platform
# only (HOST_PLATFORM: linux-x86_64 or linux-arm64), with its own compiler:
# make dist, make wheel, make npm and make platforms install no
# cross-compiler.  `make release` builds them for every platform of
# RELEASE_PLATFORMS, the one list of the platforms a release carries:
#
#   make release         make dist, make wheel, make npm and make
#                        sqlpkg-check for every platform of
#                        RELEASE_PLATFORMS.  It first says what it needs
#                        beyond the native build and installs what is
#                        missing (tools/prereqs.sh): for linux-arm64 the
#                        arm64 dpkg architecture (dpkg --add-architecture
#                        arm64), gcc-aarch64-linux-gnu and
#                        libsqlite3-dev:arm64; for windows-x86_64
#                        gcc-mingw-w64-x86-64.  Other goals on the same
#                        command line (make release hosts) see the same
#                        platforms.
#   make platforms       the library of every platform of PLATFORMS:
#                          build/platforms/linux-x86_64/urn.so    (the flags
#                            of ./urn.so; cross-built with X86_64_CC on
#                            another machine)
#                          build/platforms/linux-arm64/urn.so     (Debian's
#                            gcc-aarch64-linux-gnu, ARM64_CC)
#                          build/platforms/windows-x86_64/urn.dll (mingw-w64:
#                            the DLL of make windows)
#                        a cross-built platform installs its compiler and
#                        SQLite headers (tools/prereqs.sh).  The file keeps
#                        the name urn.*: SQLite derives the entry point
#                        sqlite3_urn_init from it.
#   make platforms-test  runs every release platform's library here, so it
#                        installs the cross-compilers, qemu-user and wine:
#                        the arm64 library and a static arm64 build under
#                        qemu-user, the DLL in a Windows program under wine
#                        (test/platforms/)
#
# PLATFORMS="linux-x86_64 windows-x86_64" (any of RELEASE_PLATFORMS) builds
# those.  make dist (mk/dist.mk) packs one archive per platform of
# PLATFORMS; make wheel and make npm (mk/pkg.mk) carry those libraries.

RELEASE_PLATFORMS := linux-x86_64 linux-arm64 windows-x86_64
# What a platform needs from tools/prereqs.sh beyond the native build.
PLAT_NEED_linux-arm64    := arm64
PLAT_NEED_windows-x86_64 := mingw
HOST_PLATFORM := $(patsubst Linux-aarch64,linux-arm64,$(patsubst \
  Linux-x86_64,linux-x86_64,$(shell uname -s 2>/dev/null)-$(shell uname -m 2>/dev/null)))
ifneq ($(filter release,$(MAKECMDGOALS)),)
  PLATFORMS := $(RELEASE_PLATFORMS)
endif
ifeq ($(filter $(HOST_PLATFORM),$(RELEASE_PLATFORMS)),)
  PLATFORMS ?= $(RELEASE_PLATFORMS)
else
  PLATFORMS ?= $(HOST_PLATFORM)
  # The native platform needs no cross-compiler.
  PLAT_NEED_$(HOST_PLATFORM) :=
endif
RELEASE_NOTE := make release: the archives and packages for $(RELEASE_PLATFORMS). \
  Beyond the native build this needs, and installs when missing (as root; \
  else it prints the command): for linux-arm64 the arm64 dpkg architecture \
  (dpkg --add-architecture arm64), gcc-aarch64-linux-gnu and \
  libsqlite3-dev:arm64 (also for the arm64 DuckDB extension); for \
  windows-x86_64 gcc-mingw-w64-x86-64.
# What the platforms of PLATFORMS need (NEEDS_dist, NEEDS_wheel, ...).
PLAT_NEEDS = $(sort $(foreach p,$(PLATFORMS),$(PLAT_NEED_$(p))))
PLAT_DIR     := build/platforms
PLAT_CFLAGS  ?= $(CFLAGS)
ifeq ($(HOST_PLATFORM),linux-arm64)
  ARM64_CC   ?= $(CC)
else
  ARM64_CC   ?= aarch64-linux-gnu-gcc
endif
ifeq ($(shell uname -s 2>/dev/null)-$(shell uname -m 2>/dev/null),Linux-x86_64)
  X86_64_CC  ?= $(CC)
else
  X86_64_CC  ?= x86_64-linux-gnu-gcc
endif

# $(call plat_lib,PLATFORM): the library file of PLATFORM.
plat_lib = $(PLAT_DIR)/$(1)/urn.$(if $(filter windows-%,$(1)),dll,so)
PLAT_LIBS := $(foreach p,$(PLATFORMS),$(call plat_lib,$(p)))

.PHONY: platforms platforms-test prereqs-arm64 release

platforms: $(PLAT_LIBS)

# The platforms were set above from the goal; the check of prereqs names
# what the cross builds install, before it installs anything.
release: dist wheel npm sqlpkg-check

$(PLAT_DIR)/linux-x86_64/urn.so: $(SRC) $(HDR) | prereqs-build
	@mkdir -p $(@D)
	$(X86_64_CC) $(PLAT_CFLAGS) $(WARN) -fPIC -shared -fvisibility=hidden -o $@ $(SRC)

prereqs-arm64:
	@sh tools/prereqs.sh $(PLAT_NEED_linux-arm64)

$(PLAT_DIR)/linux-arm64/urn.so: $(SRC) $(HDR) | prereqs-arm64
	@mkdir -p $(@D)
	$(ARM64_CC) $(PLAT_CFLAGS) $(WARN) -fPIC -shared -fvisibility=hidden -o $@ $(SRC)

$(PLAT_DIR)/windows-x86_64/urn.dll: $(WIN_DIR)/urn.dll
	@mkdir -p $(@D)
	cp $< $@

# ---- make platforms-test: the host program of test/platforms/host.c for
# each platform, loading that platform's library, and built statically with
# ext/core/*.c and ext/sqlite/*.c (-DSQLITE_CORE).  The x86_64 programs run natively and give the
# reference results; the arm64 ones run under qemu-user against Debian's
# arm64 libsqlite3 (a foreign architecture); the Windows ones under wine,
# with SQLite compiled in from the amalgamation that the npm package
# PLAT_NPM_SQLITE ships (Debian has no Windows SQLite; its sources carry
# no amalgamation).
PLAT_TEST       := $(PLAT_DIR)/test
PLAT_NPM_SQLITE ?= better-sqlite3@12.4.1
PLAT_AMALG      := $(PLAT_DIR)/amalgamation
HOST_CFLAGS     := -O1 -g -std=c99 -Wall -Wextra -Werror
HOST_SRC        := test/platforms/host.c
PLAT_TEST_BIN   := $(foreach p,linux-x86_64 linux-arm64,$(PLAT_TEST)/host-$(p) \
                     $(PLAT_TEST)/static-$(p)) \
                   $(PLAT_TEST)/host-windows-x86_64.exe $(PLAT_TEST)/static-windows-x86_64.exe

.PHONY: prereqs-platforms-test

prereqs-platforms-test:
	@sh tools/prereqs.sh cc sqlite-dev arm64 qemu mingw wine

$(PLAT_TEST)/host-linux-x86_64: $(HOST_SRC) | prereqs-build
	@mkdir -p $(@D)
	$(X86_64_CC) $(HOST_CFLAGS) -o $@ $< -lsqlite3

$(PLAT_TEST)/static-linux-x86_64: $(HOST_SRC) $(SRC) $(HDR) | prereqs-build
	@mkdir -p $(@D)
	$(X86_64_CC) $(HOST_CFLAGS) -DSQLITE_CORE -o $@ $< $(SRC) \
	  -l:libsqlite3.a -lm -ldl -lpthread

$(PLAT_TEST)/host-linux-arm64: $(HOST_SRC) | prereqs-arm64
	@mkdir -p $(@D)
	$(ARM64_CC) $(HOST_CFLAGS) -o $@ $< -lsqlite3

$(PLAT_TEST)/static-linux-arm64: $(HOST_SRC) $(SRC) $(HDR) | prereqs-arm64
	@mkdir -p $(@D)
	$(ARM64_CC) $(HOST_CFLAGS) -DSQLITE_CORE -o $@ $< $(SRC) \
	  -l:libsqlite3.a -lm -ldl -lpthread

# The amalgamation (sqlite3.c, sqlite3.h) out of the npm package's tarball;
# npm checks the tarball against the registry's integrity hash.
$(PLAT_AMALG)/sqlite3.c:
	@sh tools/prereqs.sh npm
	rm -rf $(PLAT_AMALG) && mkdir -p $(PLAT_AMALG)/npm
	sh tools/npm-fetch.sh $(PLAT_AMALG)/npm "SQLite's amalgamation, which the Windows test programs compile in (make platforms-test)" npm pack $(PLAT_NPM_SQLITE)
	tar -C $(PLAT_AMALG)/npm -xzf $(PLAT_AMALG)/npm/*.tgz package/deps/sqlite3
	mv $(PLAT_AMALG)/npm/package/deps/sqlite3/sqlite3.h $(PLAT_AMALG)/npm/package/deps/sqlite3/sqlite3ext.h $(PLAT_AMALG)/
	mv $(PLAT_AMALG)/npm/package/deps/sqlite3/sqlite3.c $(PLAT_AMALG)/
	rm -rf $(PLAT_AMALG)/npm

$(PLAT_TEST)/sqlite3-windows-x86_64.o: $(PLAT_AMALG)/sqlite3.c
	@sh tools/prereqs.sh mingw
	@mkdir -p $(@D)
	$(MINGW_CC) -O1 -c -o $@ $<

$(PLAT_TEST)/host-windows-x86_64.exe: $(HOST_SRC) $(PLAT_TEST)/sqlite3-windows-x86_64.o
	$(MINGW_CC) $(HOST_CFLAGS) -I$(PLAT_AMALG) -o $@ $^

$(PLAT_TEST)/static-windows-x86_64.exe: $(HOST_SRC) $(PLAT_TEST)/sqlite3-windows-x86_64.o $(SRC) $(HDR)
	$(MINGW_CC) $(HOST_CFLAGS) -DSQLITE_CORE -I$(PLAT_AMALG) -o $@ \
	  $(HOST_SRC) $(PLAT_TEST)/sqlite3-windows-x86_64.o $(SRC)

platforms-test: prereqs-platforms-test $(PLAT_DIR)/linux-x86_64/urn.so \
                $(PLAT_DIR)/linux-arm64/urn.so $(PLAT_DIR)/windows-x86_64/urn.dll \
                $(PLAT_TEST_BIN)
	@PLAT_DIR=$(PLAT_DIR) MINGW_OBJDUMP=$(MINGW_OBJDUMP) sh test/platforms/run.sh
