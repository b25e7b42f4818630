# mk/pkg.mk -- the packages: a Python wheel per platform and one npm package
# for all of them, each carrying the same library files as the archives of
# make dist and only the loading idiom of its ecosystem (pkg/python,
# pkg/npm).  Each target builds, then tests what it built as a user gets it.
#
#   make wheel   dist/sqlite_urn-VERSION-py3-none-TAG.whl for each platform
#                library, TAG read off the library (manylinux_2_17_x86_64
#                while it needs at most glibc 2.17; win_amd64 for the DLL),
#                built offline with Debian's pip, setuptools and wheel; then
#                test/pkg/wheel.py: the one for this machine installed into
#                a fresh venv by the README's Install commands and loaded
#                for real (sqlite3, APSW, and the error of a Python that
#                cannot load extensions); ends "wheel: N passed, N failed"
#
# Debian's packages come through tools/prereqs.sh (NEEDS_wheel).

PKG_PY ?= /usr/bin/python3

# The libraries the packages carry, by platform (the names of make dist's
# archives).  PKG_LIB_<platform> is the file; SQLite finds the entry point
# from its name, urn.
PKG_PLATFORMS            := linux-x86_64 windows-x86_64
PKG_LIB_linux-x86_64     := $(LIB)
PKG_LIB_windows-x86_64   := $(WIN_DIR)/urn.dll
PKG_LIBS                  = $(foreach p,$(PKG_PLATFORMS),$(PKG_LIB_$(p)))

NEEDS_wheel := pywheel apsw mingw

.PHONY: wheel

wheel: $(PKG_LIBS) | prereqs
	@test -n "$(URN_VERSION)" || { echo "wheel: no URN_VERSION in ext/urn.c" >&2; exit 1; }
	rm -f dist/sqlite_urn-*.whl
	for lib in $(PKG_LIBS); do \
	  $(PKG_PY) pkg/python/build_wheel.py $$lib $(URN_VERSION) dist || exit 1; \
	done
	$(PKG_PY) test/pkg/wheel.py $(URN_VERSION) $(PKG_LIBS)
