# mk/platforms.mk -- the library for each platform that the archives carry,
# and the tests that run them on this machine.  Included by the Makefile;
# everything it builds goes under build/platforms/ (git-ignored).
#
#   make platforms       the library of every platform of PLATFORMS:
#                          build/platforms/linux-x86_64/urn.so    (the flags
#                            of ./urn.so; cross-built with X86_64_CC on
#                            another machine)
#                          build/platforms/linux-arm64/urn.so     (Debian's
#                            gcc-aarch64-linux-gnu, ARM64_CC)
#                          build/platforms/windows-x86_64/urn.dll (mingw-w64:
#                            the DLL of make windows)
#                        each target installs its own compiler and SQLite
#                        headers (tools/prereqs.sh).  The file keeps the
#                        name urn.*: SQLite derives the entry point
#                        sqlite3_urn_init from it.
#   make platforms-test  runs what can run here: the arm64 library and a
#                        static arm64 build under qemu-user, the DLL in a
#                        Windows program under wine (test/platforms/)
#
# make dist (mk/dist.mk) packs one archive per platform of PLATFORMS.

PLATFORMS    ?= linux-x86_64 linux-arm64 windows-x86_64
PLAT_DIR     := build/platforms
PLAT_CFLAGS  ?= $(CFLAGS)
ARM64_CC     ?= aarch64-linux-gnu-gcc
ifeq ($(shell uname -s 2>/dev/null)-$(shell uname -m 2>/dev/null),Linux-x86_64)
  X86_64_CC  ?= $(CC)
else
  X86_64_CC  ?= x86_64-linux-gnu-gcc
endif

# $(call plat_lib,PLATFORM): the library file of PLATFORM.
plat_lib = $(PLAT_DIR)/$(1)/urn.$(if $(filter windows-%,$(1)),dll,so)
PLAT_LIBS := $(foreach p,$(PLATFORMS),$(call plat_lib,$(p)))

.PHONY: platforms platforms-test prereqs-arm64

platforms: $(PLAT_LIBS)

$(PLAT_DIR)/linux-x86_64/urn.so: $(SRC) $(HDR) | prereqs-build
	@mkdir -p $(@D)
	$(X86_64_CC) $(PLAT_CFLAGS) $(WARN) -fPIC -shared -fvisibility=hidden -o $@ $(SRC)

prereqs-arm64:
	@sh tools/prereqs.sh arm64

$(PLAT_DIR)/linux-arm64/urn.so: $(SRC) $(HDR) | prereqs-arm64
	@mkdir -p $(@D)
	$(ARM64_CC) $(PLAT_CFLAGS) $(WARN) -fPIC -shared -fvisibility=hidden -o $@ $(SRC)

$(PLAT_DIR)/windows-x86_64/urn.dll: $(WIN_DIR)/urn.dll
	@mkdir -p $(@D)
	cp $< $@
