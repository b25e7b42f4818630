# mk/pkg.mk -- the packages: a Python wheel per platform and one npm package
# for all of them, each carrying the same library files as the archives of
# make dist and only the loading idiom of its ecosystem (pkg/python,
# pkg/npm).  Each target builds, then tests what it built as a user gets it.
# The platforms are those of PLATFORMS (mk/platforms.mk): this machine's,
# or under make release every platform of a release.
#
#   make wheel   dist/sqlite_urn-VERSION-py3-none-TAG.whl for each platform
#                library of PLATFORMS, TAG read off the library (manylinux_2_17_x86_64
#                while it needs at most glibc 2.17; win_amd64 for the DLL),
#                built offline with Debian's pip, setuptools and wheel; then
#                test/pkg/wheel.py: the one for this machine installed into
#                a venv made by the README's Install commands and loaded
#                for real (sqlite3, APSW, and the error of a Python that
#                cannot load extensions); ends "wheel: N passed, N failed"
#   make npm     dist/sqlite-urn-VERSION.tgz (npm pack): the loader of
#                pkg/npm and the library of each platform of PLATFORMS under lib/<node
#                platform>-<arch>/, package.json's os and cpu naming them,
#                and the WebAssembly module of make wasm under browser/
#                (the subpath export "sqlite-urn/browser", docs/browser.md);
#                then test/pkg/npm.js: the README's npm install lines install
#                it with better-sqlite3 12 (on Node 18 with npm's engine
#                warning) and libsql from the npm registry
#                into build/pkgtest/npm (kept: a warm run installs only the
#                tarball), the three checks with each, the examples; ends
#                "npm: N passed, N failed"
#   make sqlpkg-check   sqlpkg.json against the archives of make dist and
#                the library (test/pkg/sqlpkg.tcl: names, version, every
#                platform of a release, the checksums, what sqlpkg would
#                unpack, the symbols, no download address yet; the README's
#                commands that load the library out of an archive); ends
#                "sqlpkg: N passed, N failed"
#
# Debian's packages come through tools/prereqs.sh (NEEDS_wheel).

PKG_PY ?= /usr/bin/python3

# The libraries the packages carry: those of make platforms, the same files
# as make dist's archives (mk/platforms.mk).  SQLite finds the entry point
# from the file's name, urn.
PKG_PLATFORMS             = $(PLATFORMS)
PKG_LIB_linux-x86_64      = $(call plat_lib,linux-x86_64)
PKG_LIB_linux-arm64       = $(call plat_lib,linux-arm64)
PKG_LIB_windows-x86_64    = $(call plat_lib,windows-x86_64)
PKG_LIBS                  = $(foreach p,$(PKG_PLATFORMS),$(PKG_LIB_$(p)))
# Node's names of the platforms (process.platform-process.arch).
NODE_linux-x86_64        := linux-x64
NODE_linux-arm64         := linux-arm64
NODE_windows-x86_64      := win32-x64
NODE_PLATFORMS            = $(foreach p,$(PKG_PLATFORMS),$(NODE_$(p)))
NPM_STAGE                := build/npm/package

NEEDS_wheel         = pywheel apsw $(PLAT_NEEDS)
NEEDS_npm           = node emscripten $(PLAT_NEEDS)
NEEDS_sqlpkg-check  = tcl $(PLAT_NEEDS)
NEEDS_release       = pywheel apsw node emscripten tcl $(PLAT_NEEDS)

.PHONY: wheel npm sqlpkg-check

# The one check of what the goals need (Makefile: prereqs) comes before any
# platform library is built, so that a user is told everything at once.
build/platforms/linux-x86_64/urn.so build/platforms/linux-arm64/urn.so \
build/platforms/windows-x86_64/urn.dll $(WIN_DIR)/urn.dll: | prereqs
prereqs-arm64: prereqs

wheel: platforms | prereqs
	@test -n "$(URN_VERSION)" || { echo "wheel: no version in VERSION" >&2; exit 1; }
	rm -f dist/sqlite_urn-*.whl
	for lib in $(PKG_LIBS); do \
	  $(PKG_PY) pkg/python/build_wheel.py $$lib $(URN_VERSION) dist || exit 1; \
	done
	$(PKG_PY) test/pkg/wheel.py $(URN_VERSION) $(PKG_LIBS)

npm: platforms wasm | prereqs
	@test -n "$(URN_VERSION)" || { echo "npm: no version in VERSION" >&2; exit 1; }
	rm -rf build/npm dist/sqlite-urn-*.tgz
	mkdir -p $(NPM_STAGE) dist
	cp pkg/npm/package.json pkg/npm/index.js pkg/npm/index.d.ts pkg/npm/README.md LICENSE $(NPM_STAGE)/
	mkdir -p $(NPM_STAGE)/browser && cp $(addprefix $(WASM_DIST)/,$(WASM_MODULE_FILES)) $(NPM_STAGE)/browser/
	$(foreach p,$(PKG_PLATFORMS),mkdir -p $(NPM_STAGE)/lib/$(NODE_$(p)) && \
	  cp $(PKG_LIB_$(p)) $(NPM_STAGE)/lib/$(NODE_$(p))/ && ) true
	cd $(NPM_STAGE) && npm pkg set version=$(URN_VERSION) \
	  $(foreach o,$(sort $(foreach n,$(NODE_PLATFORMS),$(word 1,$(subst -, ,$(n))))),'os[]=$(o)') \
	  $(foreach c,$(sort $(foreach n,$(NODE_PLATFORMS),$(word 2,$(subst -, ,$(n))))),'cpu[]=$(c)')
	cd $(NPM_STAGE) && npm pack --silent --pack-destination $(CURDIR)/dist >/dev/null
	WASM_MODULE_FILES="$(WASM_MODULE_FILES)" node test/pkg/npm.js $(URN_VERSION) \
	  $(foreach p,$(PKG_PLATFORMS),$(NODE_$(p))=$(PKG_LIB_$(p)))

sqlpkg-check: dist $(LIB) | prereqs
	URN_EXT=$(CURDIR)/$(LIB) $(TCLSH) test/pkg/sqlpkg.tcl $(URN_VERSION) '$(RELEASE_PLATFORMS)' \
	  $(foreach p,$(PKG_PLATFORMS),$(p)=$(PKG_LIB_$(p)))
