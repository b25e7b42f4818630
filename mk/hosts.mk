# mk/hosts.mk -- the host matrix.  Included by the Makefile.
#
#   make hosts      one real program per host (test/hosts/), each loading the
#                   library the way that host's users do and checking the
#                   canonical form, the UNIQUE COLLATE URN constraint error
#                   as that host reports it, and a strict-mode check digit:
#                   the sqlite3 shell, Tcl, Python's sqlite3 and APSW through
#                   the wheel (make wheel), sqlite-utils, better-sqlite3 and
#                   libsql through the npm tarball (make npm), Go, Rust,
#                   Java, Ruby, PHP, Perl and the static C build.  Prints a
#                   line per host and "hosts: N passed, N failed".
#                   HOSTS="go rust" runs only those.  Installs each host's
#                   Debian packages (tools/prereqs.sh) and npm packages
#                   (under build/hosts/.deps/); a host that cannot be
#                   installed fails.  docs/loading.md shows a region of each
#                   program, and test/readme.test checks that it is the same.

HOSTS ?=
HOSTS_WHEEL_DIR := dist
HOSTS_NPM_TGZ   := dist/sqlite-urn-$(URN_VERSION).tgz
# The packages are built (and tested by their own targets) first, when a
# host that uses them runs: all of them do when HOSTS is empty.
HOSTS_PKGS := $(if $(HOSTS),$(if $(filter python apsw sqlite-utils,$(HOSTS)),wheel) \
                $(if $(filter better-sqlite3 libsql,$(HOSTS)),npm),wheel npm)

# The one check of the Makefile (prereqs) covers what the packages need
# when they are built here; each host's own packages are installed by
# test/hosts/run.sh, all at once, then host by host for what failed.
NEEDS_hosts = $(if $(filter wheel,$(HOSTS_PKGS)),$(NEEDS_wheel)) \
              $(if $(filter npm,$(HOSTS_PKGS)),$(NEEDS_npm))

.PHONY: hosts

hosts: $(LIB) $(HOSTS_PKGS)
	URN_LIB=$(CURDIR)/$(LIB) URN_VERSION=$(URN_VERSION) \
	URN_WHEEL_DIR=$(CURDIR)/$(HOSTS_WHEEL_DIR) URN_NPM_TGZ=$(CURDIR)/$(HOSTS_NPM_TGZ) \
	  sh test/hosts/run.sh $(HOSTS)
