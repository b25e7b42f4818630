# mk/dist.mk -- installing, packaging and the Windows cross-build.
#
#   make install    copy the library to $(DESTDIR)$(PREFIX)/lib/sqlite-urn/
#                   and README.md, LICENSE to $(DESTDIR)$(PREFIX)/share/doc/
#                   sqlite-urn/ (PREFIX=/usr/local by default; DESTDIR for
#                   staged installs and packagers; LIBDIR, EXTDIR, DOCDIR
#                   override single places)
#                   It writes into the system: a user who cannot write
#                   there is told, before anything is built, to run it as
#                   root (tools/needroot.sh); root in a clone of another
#                   user's has that user build ./urn.so and only copies it
#                   (the Makefile's URN_AS).
#   make uninstall  remove exactly what install copied
#   make dist       for each platform of PLATFORMS (mk/platforms.mk: this
#                   machine's; under make release linux-x86_64 linux-arm64
#                   windows-x86_64), the archive
#                   dist/sqlite-urn-VERSION-PLATFORM.tar.gz holding that
#                   platform's library (urn.so, urn.dll), README.md, LICENSE
#                   and SHA256SUMS (the format of sha256sum, and of libSQL's
#                   trusted.lst) at its top level, plus dist/...tar.gz.sha256
#                   and dist/checksums.txt (every archive's, the file sqlpkg
#                   verifies its downloads with); staged under build/dist/,
#                   each unpacked again and verified
#   make windows    build/win/urn.dll, cross-compiled with mingw-w64
#                   (installs gcc-mingw-w64-x86-64 via tools/prereqs.sh); it
#                   needs only SQLite's headers, taken from SQLITE_INCLUDE
#   make distclean  clean, and remove dist/

PREFIX  ?= /usr/local
DESTDIR ?=
LIBDIR  ?= $(PREFIX)/lib
EXTDIR  ?= $(LIBDIR)/sqlite-urn
DOCDIR  ?= $(PREFIX)/share/doc/sqlite-urn
INSTALL ?= install

# The version, written in one place (VERSION; ext/core/urn_version.h gives
# it to urn_version(), test/version.test checks every copy).
URN_VERSION  := $(shell cat VERSION 2>/dev/null)
SHA256SUM    := $(shell command -v sha256sum >/dev/null 2>&1 && echo sha256sum || echo 'shasum -a 256')
# Same inputs, same archive: GNU tar can fix order, owners and times.
TAR_REPRO    := $(shell tar --version 2>/dev/null | grep -q 'GNU tar' && \
                  echo --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0)

MINGW_CC       ?= x86_64-w64-mingw32-gcc
MINGW_OBJDUMP  ?= x86_64-w64-mingw32-objdump
SQLITE_INCLUDE ?= /usr/include
WIN_DIR        := build/win
WIN_CFLAGS     ?= $(CFLAGS)

.PHONY: install uninstall dist distclean windows

install: $(call built,$(LIB))
	$(INSTALL) -d $(DESTDIR)$(EXTDIR) $(DESTDIR)$(DOCDIR)
	$(INSTALL) -m 0755 $(LIB) $(DESTDIR)$(EXTDIR)/$(notdir $(LIB))
	$(INSTALL) -m 0644 README.md LICENSE $(DESTDIR)$(DOCDIR)/
	@echo "make install: installed $(LIB) as $(DESTDIR)$(EXTDIR)/$(notdir $(LIB)), README.md and LICENSE into $(DESTDIR)$(DOCDIR)/; load it with .load $(EXTDIR)/urn"

uninstall:
	rm -f $(DESTDIR)$(EXTDIR)/$(notdir $(LIB)) $(DESTDIR)$(DOCDIR)/README.md \
	      $(DESTDIR)$(DOCDIR)/LICENSE
	-rmdir $(DESTDIR)$(EXTDIR) $(DESTDIR)$(DOCDIR) 2>/dev/null

# Per platform: the archive, its checksum, and a check that the archive
# unpacks to files that match the SHA256SUMS inside it.  The files are at
# the archive's top level, with no directory: sqlpkg (sqlpkg.json) unpacks
# an archive's files where it downloaded it and creates no directories, so
# that a file under sqlite-urn-VERSION-PLATFORM/ fails its install.
dist: platforms
	@test -n "$(URN_VERSION)" || { echo "dist: no version in VERSION" >&2; exit 1; }
	rm -rf build/dist
	rm -f dist/sqlite-urn-*.tar.gz dist/sqlite-urn-*.tar.gz.sha256 dist/checksums.txt
	mkdir -p build/dist/check dist
	@set -e; for p in $(PLATFORMS); do \
	  name=sqlite-urn-$(URN_VERSION)-$$p; stage=build/dist/$$name; \
	  lib=$(PLAT_DIR)/$$p/urn.$$(case $$p in windows-*) echo dll;; *) echo so;; esac); \
	  mkdir -p $$stage; \
	  cp $$lib README.md LICENSE $$stage/; \
	  (cd $$stage && $(SHA256SUM) $$(basename $$lib) README.md LICENSE > SHA256SUMS); \
	  tar -C $$stage $(TAR_REPRO) -cf - LICENSE README.md SHA256SUMS $$(basename $$lib) \
	    | gzip -n -9 > dist/$$name.tar.gz; \
	  (cd dist && $(SHA256SUM) $$name.tar.gz > $$name.tar.gz.sha256); \
	  mkdir -p build/dist/check/$$name; \
	  gzip -dc dist/$$name.tar.gz | tar -C build/dist/check/$$name -xf -; \
	  (cd build/dist/check/$$name && $(SHA256SUM) -c SHA256SUMS >/dev/null); \
	  test "$$(cd build/dist/check/$$name && LC_ALL=C ls | tr '\n' ' ')" = \
	       "LICENSE README.md SHA256SUMS $$(basename $$lib) "; \
	  echo "dist/$$name.tar.gz"; \
	done
	cd dist && cat $(foreach p,$(PLATFORMS),sqlite-urn-$(URN_VERSION)-$(p).tar.gz.sha256) > checksums.txt

distclean: clean
	rm -rf dist

# Windows: the same sources; the export comes from __declspec(dllexport) on
# sqlite3_urn_init in ext/sqlite/urn.c, checked in the DLL's export table.  Only
# sqlite3.h and sqlite3ext.h are needed, copied so that no other host
# header reaches the cross-compiler.
windows: $(WIN_DIR)/urn.dll

$(WIN_DIR)/urn.dll: $(SRC) $(HDR)
	@sh tools/prereqs.sh mingw sqlite-dev
	mkdir -p $(WIN_DIR)/include
	cp $(SQLITE_INCLUDE)/sqlite3.h $(SQLITE_INCLUDE)/sqlite3ext.h $(WIN_DIR)/include/
	$(MINGW_CC) $(WIN_CFLAGS) $(WARN) -shared -static-libgcc -Wl,--no-insert-timestamp \
	  -I$(WIN_DIR)/include -o $@ $(SRC)
	@$(MINGW_OBJDUMP) -p $@ | grep -q '\] sqlite3_urn_init$$' || \
	  { echo "windows: $@ does not export sqlite3_urn_init" >&2; rm -f $@; exit 1; }
	@echo "$@: exports sqlite3_urn_init"
