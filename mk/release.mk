# mk/release.mk -- a release as its users install it: by name, with the
# package manager they already use, from real registry software serving on
# 127.0.0.1 (docs/loading.md, "Publishing a release"; CHANGELOG.md for the
# versioning policy; the version is VERSION's, tools/version.sh).
#
#   make release-test       every channel's test below, one after another,
#                           then the sum: "release: N passed, N failed"
#   make release-test-pip   test/release/pip.py: the wheels of make wheel and
#                           an older release's stand-in (0.0.9) in a PEP 503
#                           simple index served by python3 -m http.server;
#                           pip install sqlite-urn by name into fresh venvs,
#                           the upgrade, docs/loading.md's example, uninstall
#
# An older release's stand-in: the same sources with urn_version() saying
# RELEASE_OLD (ext/core/urn_version.h lets a build define URN_VERSION), so
# that an upgrade from it to VERSION can be tested before a second release
# exists.
RELEASE_OLD     := 0.0.9
RELEASE_DIR     := build/release
RELEASE_OLD_LIB := $(RELEASE_DIR)/old/urn.so

.PHONY: release-test release-test-pip

$(RELEASE_OLD_LIB): $(SRC) $(HDR) | prereqs-build
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(WARN) -fPIC $(SOFLAGS) '-DURN_VERSION="$(RELEASE_OLD)"' -o $@ $(SRC)

$(RELEASE_DIR)/old/wheel/.built: $(RELEASE_OLD_LIB) pkg/python/build_wheel.py
	rm -rf $(@D) && mkdir -p $(@D)
	$(PKG_PY) pkg/python/build_wheel.py $(RELEASE_OLD_LIB) $(RELEASE_OLD) $(@D)
	@touch $@

release-test-pip: wheel $(RELEASE_DIR)/old/wheel/.built
	$(PKG_PY) test/release/pip.py $(URN_VERSION) dist $(RELEASE_DIR)/old/wheel
