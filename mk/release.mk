# mk/release.mk -- a release as its users install it: by name, with the
# package manager they already use, from real registry software serving on
# 127.0.0.1 (docs/loading.md, "Publishing a release"; CHANGELOG.md for the
# versioning policy; the version is VERSION's, tools/version.sh).
#
#   make release           (mk/platforms.mk) also writes make pgxn's zip and
#                           dist/SHA256SUMS: the SHA-256 of every file a
#                           release publishes (archives, wheels, the npm
#                           tarball, the PGXN zip, the .deb files of make deb
#                           when present), in sha256sum's format
#   make release-test       every channel's test below, one after another,
#                           then the sum: "release: N passed, N failed"
#                           (about 15 minutes warm; the first run makes the
#                           Debian chroots, about 10 minutes more)
#   make release-test-pip   test/release/pip.py: the wheels of make wheel and
#                           an older release's stand-in (0.0.9) in a PEP 503
#                           simple index served by python3 -m http.server;
#                           pip install sqlite-urn by name into fresh venvs,
#                           the upgrade, docs/loading.md's example, uninstall
#   make release-test-npm   test/release/npm.js: verdaccio (VERDACCIO_PKG from
#                           npm, node-fetch overridden to 2.7.0 as 6.8.0 needs
#                           on Node 20) on 127.0.0.1 holds make npm's tarball
#                           and the older stand-in; a fresh project installs
#                           sqlite-urn by name, upgrades it, better-sqlite3 12
#                           loads it, sqlite-urn/browser resolves
#   make pgxn               dist/urn-VERSION.zip, the PGXN distribution:
#                           packaging/pgxn/META.json (PGXN Meta Spec 1.0.0)
#                           and Makefile at its top, the PostgreSQL sources
#                           (ext/core, ext/postgres), the docs it names
#   make deb                dist/debian/*.deb: postgresql-15-urn and
#                           libsqlite3-mod-urn from debian/ (needs root: it
#                           builds in a Debian 12 chroot), tested as
#                           release-test-deb says
#   make release-test-deb   test/release/deb.sh: dpkg-buildpackage, lintian,
#                           an apt-ftparchive repository, apt-get install by
#                           name in a fresh chroot of the previous release
#                           (URN_DEB_PREV) and a cluster under it, then of
#                           this one over it: ALTER EXTENSION urn UPDATE in
#                           that cluster, CREATE EXTENSION urn in a fresh
#                           one, .load urn, apt-get purge leaves nothing
#   make release-test-duckdb  test/release/duckdb.js in the oldest and the
#                           newest DuckDB the docs name (DUCKDB_TEST_VERSIONS'
#                           first and last): a repository served on
#                           127.0.0.1 holds the older stand-in, INSTALL urn
#                           FROM it, then this release published into it and
#                           UPDATE EXTENSIONS moves the installed one to it
#   make release-test-pgxn  test/release/pgxn.sh: Debian's pgxnclient
#                           installs dist/urn-VERSION.zip into PostgreSQL 15
#                           (in the build chroot), CREATE EXTENSION urn
#
# An older release's stand-in: the same sources with urn_version() saying
# RELEASE_OLD (ext/core/urn_version.h lets a build define URN_VERSION), so
# that an upgrade from it to VERSION can be tested before a second release
# exists.
RELEASE_OLD     := 0.0.9
RELEASE_DIR     := build/release
RELEASE_OLD_LIB := $(RELEASE_DIR)/old/urn.so

VERDACCIO_PKG   ?= verdaccio@6.8.0
VERDACCIO_DIR   := $(RELEASE_DIR)/verdaccio

# The chroots of the Debian and PGXN tests (root only): a minbase Debian 12
# (debootstrap, or an existing one named by URN_DEB_BASE), the build chroot
# made from it once and kept, scratch for the fresh install chroots.
URN_DEB_ROOT    ?= /var/tmp/sqlite-urn-release
URN_DEB_BASE    ?= $(URN_DEB_ROOT)/base
URN_DEB_BUILD   ?= $(URN_DEB_ROOT)/build-chroot
# The previous release whose packages the Debian test installs first and
# upgrades by name: built the same way from its commit.
URN_DEB_PREV        := 0.2.0
URN_DEB_PREV_COMMIT := 3983348427095480580e3a5b0088adf7a0ec4a0f
DEB_ENV          = URN_DEB_BASE=$(URN_DEB_BASE) URN_DEB_BUILD=$(URN_DEB_BUILD) \
                   URN_DEB_WORK=$(URN_DEB_ROOT)/work URN_DEB_OUT=$(CURDIR)/dist/debian \
                   URN_DEB_PREV=$(URN_DEB_PREV) URN_DEB_PREV_COMMIT=$(URN_DEB_PREV_COMMIT)
PGXN_ZIP         = dist/urn-$(URN_VERSION).zip
PGXN_FILES       = VERSION README.md LICENSE CHANGELOG.md docs/postgres.md \
                   $(CORE_C) $(CORE_H) $(wildcard ext/postgres/*.c ext/postgres/*.h \
                   ext/postgres/*.sql) ext/postgres/urn.control ext/postgres/Makefile

RELEASE_TESTS   := release-test-pip release-test-npm release-test-deb release-test-pgxn \
                   release-test-duckdb
RELEASE_DUCKDBS  = $(firstword $(DUCKDB_VERSION_DIRS)) $(lastword $(DUCKDB_VERSION_DIRS))

.PHONY: release-sums release-test release-test-duckdb release-test-pip release-test-npm release-test-deb release-test-pgxn pgxn deb

$(RELEASE_OLD_LIB): $(SRC) $(HDR) | prereqs-build
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(WARN) -fPIC $(SOFLAGS) '-DURN_VERSION="$(RELEASE_OLD)"' -o $@ $(SRC)

$(RELEASE_DIR)/old/wheel/.built: $(RELEASE_OLD_LIB) pkg/python/build_wheel.py
	rm -rf $(@D) && mkdir -p $(@D)
	$(PKG_PY) pkg/python/build_wheel.py $(RELEASE_OLD_LIB) $(RELEASE_OLD) $(@D)
	@touch $@

# The packages of make release (or make wheel, make npm) when dist/ has
# them, else built here.
RELEASE_HAVE_WHEEL = $(wildcard dist/sqlite_urn-$(URN_VERSION)-py3-none-*_$(shell uname -m).whl)
RELEASE_HAVE_NPM   = $(wildcard dist/sqlite-urn-$(URN_VERSION).tgz)

release-test-pip: $(if $(RELEASE_HAVE_WHEEL),,wheel) $(RELEASE_DIR)/old/wheel/.built
	$(PKG_PY) test/release/pip.py $(URN_VERSION) dist $(RELEASE_DIR)/old/wheel

# The older npm package: make npm's staged package with the older library
# for this machine's platform and the older version.
$(RELEASE_DIR)/old/npm/sqlite-urn-$(RELEASE_OLD).tgz: $(RELEASE_OLD_LIB) $(if $(RELEASE_HAVE_NPM),,npm)
	rm -rf $(@D) && mkdir -p $(@D)/stage
	tar -xzf dist/sqlite-urn-$(URN_VERSION).tgz -C $(@D)/stage
	cp $(RELEASE_OLD_LIB) $(@D)/stage/package/lib/$(NODE_$(HOST_PLATFORM))/urn.so
	cd $(@D)/stage/package && npm pkg set version=$(RELEASE_OLD) && npm pack --pack-destination $(CURDIR)/$(@D) >/dev/null

$(VERDACCIO_DIR)/.installed-$(VERDACCIO_PKG):
	rm -rf $(@D) && mkdir -p $(@D)
	printf '{"private":true,"overrides":{"node-fetch":"2.7.0"}}\n' > $(@D)/package.json
	sh tools/npm-fetch.sh $(@D) "the npm registry make release-test-npm publishes to" \
	  npm install --no-audit --no-fund $(VERDACCIO_PKG)
	@touch $@

release-test-npm: $(VERDACCIO_DIR)/.installed-$(VERDACCIO_PKG) $(RELEASE_DIR)/old/npm/sqlite-urn-$(RELEASE_OLD).tgz
	node test/release/npm.js $(URN_VERSION) $(CURDIR)/dist/sqlite-urn-$(URN_VERSION).tgz \
	  $(CURDIR)/$(RELEASE_DIR)/old/npm/sqlite-urn-$(RELEASE_OLD).tgz $(CURDIR)/$(VERDACCIO_DIR)

pgxn: $(PGXN_ZIP)
$(PGXN_ZIP): $(PGXN_FILES) packaging/pgxn/META.json packaging/pgxn/Makefile
	@test -n "$(URN_VERSION)" || { echo "pgxn: no version in VERSION" >&2; exit 1; }
	rm -rf $(RELEASE_DIR)/pgxn && mkdir -p $(RELEASE_DIR)/pgxn/urn-$(URN_VERSION) dist
	tar -cf - $(PGXN_FILES) | tar -C $(RELEASE_DIR)/pgxn/urn-$(URN_VERSION) -xf -
	cp packaging/pgxn/META.json packaging/pgxn/Makefile $(RELEASE_DIR)/pgxn/urn-$(URN_VERSION)/
	$(PKG_PY) -c 'import os, sys, zipfile; \
	  os.chdir(sys.argv[1]); \
	  z = zipfile.ZipFile(sys.argv[2], "w", zipfile.ZIP_DEFLATED); \
	  files = sorted(os.path.join(d, f) for d, _, fs in os.walk(sys.argv[3]) for f in fs); \
	  infos = [zipfile.ZipInfo(f, (1980, 1, 1, 0, 0, 0)) for f in files]; \
	  [setattr(i, "external_attr", 0o100644 << 16) for i in infos]; \
	  [z.writestr(i, open(i.filename, "rb").read(), zipfile.ZIP_DEFLATED) for i in infos]; \
	  z.close()' $(RELEASE_DIR)/pgxn $(CURDIR)/$@ urn-$(URN_VERSION)
	@echo $@

release-test-deb deb:
	$(DEB_ENV) sh test/release/deb.sh $(CURDIR) $(URN_VERSION)

release-test-pgxn: $(PGXN_ZIP)
	$(DEB_ENV) sh test/release/pgxn.sh $(CURDIR)/$(PGXN_ZIP) $(URN_VERSION)

release: release-sums
release-sums: dist wheel npm pgxn
	cd dist && $(SHA256SUM) $$(ls sqlite-urn-*.tar.gz duckdb-urn-*.tar.gz sqlite_urn-*.whl \
	  sqlite-urn-*.tgz urn-*.zip debian/*.deb 2>/dev/null) > SHA256SUMS
	@echo "dist/SHA256SUMS: $$(wc -l < dist/SHA256SUMS) files"

# Each channel's test in turn (a failed one does not stop the others), then
# the sum of their counts lines.
release-test:
	@mkdir -p $(RELEASE_DIR); p=0; f=0; for t in $(RELEASE_TESTS); do \
	  echo "== make $$t"; \
	  $(MAKE) --no-print-directory $$t > $(RELEASE_DIR)/$$t.log 2>&1; \
	  grep -E '^(! |FAILED)' $(RELEASE_DIR)/$$t.log | head -n 40; \
	  line=$$(grep -E '^[a-z-]+: [0-9]+ passed, [0-9]+ failed$$' $(RELEASE_DIR)/$$t.log | tail -n 1); \
	  if [ -z "$$line" ]; then \
	    f=$$((f + 1)); echo "! $$t ended without its counts: $(RELEASE_DIR)/$$t.log"; tail -n 15 $(RELEASE_DIR)/$$t.log; \
	  else \
	    echo "$$line"; \
	    p=$$((p + $$(echo "$$line" | sed 's/.*: \([0-9]*\) passed.*/\1/'))); \
	    f=$$((f + $$(echo "$$line" | sed 's/.* \([0-9]*\) failed$$/\1/'))); \
	  fi; \
	done; echo "release: $$p passed, $$f failed"; [ $$f = 0 ]

# The older DuckDB extension: the older library with a footer per platform.
$(RELEASE_DIR)/old/duckdb/.built: $(DUCKDB_SRC) $(DUCKDB_HDR) $(DUCKDB_INC)/duckdb_extension.h \
    tools/duckdb_footer.sh | prereqs-duckdb
	rm -rf $(@D) && mkdir -p $(@D)/linux_amd64 $(@D)/linux_amd64_gcc4
	$(CC) $(DUCKDB_CFLAGS) $(WARN) -I$(DUCKDB_INC) -fPIC -shared -fvisibility=hidden \
	  '-DURN_VERSION="$(RELEASE_OLD)"' -o $(@D)/urn.so $(DUCKDB_SRC)
	for p in linux_amd64 linux_amd64_gcc4; do \
	  sh tools/duckdb_footer.sh $(@D)/urn.so $$p $(DUCKDB_CAPI_VERSION) $(RELEASE_OLD) \
	    $(@D)/$$p/urn.duckdb_extension || exit 1; done
	@touch $@

release-test-duckdb: $(RELEASE_DIR)/old/duckdb/.built $(DUCKDB_DIR)/linux_amd64/urn.duckdb_extension \
    $(DUCKDB_GCC4) $(addsuffix /.installed,$(RELEASE_DUCKDBS))
	@p=0; f=0; for d in $(RELEASE_DUCKDBS); do \
	  out=$$(NODE_PATH=$(CURDIR)/$$d/node_modules URN_OLD_DIR=$(CURDIR)/$(RELEASE_DIR)/old/duckdb \
	    URN_OLD_VERSION=$(RELEASE_OLD) URN_NEW_DIR=$(CURDIR)/$(DUCKDB_DIR) URN_VERSION=$(URN_VERSION) \
	    node test/release/duckdb.js 2>&1); echo "$$out"; \
	  line=$$(echo "$$out" | grep -E '^duckdb-release \(.*\): [0-9]+ passed, [0-9]+ failed$$'); \
	  if [ -z "$$line" ]; then f=$$((f + 1)); else \
	    p=$$((p + $$(echo "$$line" | sed 's/.*: \([0-9]*\) passed.*/\1/'))); \
	    f=$$((f + $$(echo "$$line" | sed 's/.* \([0-9]*\) failed$$/\1/'))); fi; \
	done; echo "duckdb-release: $$p passed, $$f failed"; [ $$f = 0 ]
