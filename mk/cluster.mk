# mk/cluster.mk -- a three-node dqlite cluster on loopback that keeps URN
# uniqueness through the loss of its leader (docs/scaling.md).  Included by
# the Makefile; everything it builds and runs goes under build/.
#
#   make cluster-build  build/urn-dqlite-node: a dqlite node with the
#                       extension compiled in (contrib/dqlite/urn-dqlite-node.c);
#                       build/urn-dqlite-node-plain: the same node without it;
#                       build/urn-dqlite-ctl: the Go client that forms the
#                       cluster and runs the test (contrib/dqlite/urn-dqlite-ctl/)
#   make cluster        cluster-build, then the test: the commands of
#                       docs/scaling.md, three nodes on 127.0.0.1 (free
#                       ports), four concurrent clients, the leader killed
#                       with SIGKILL midway and started again, the checks on
#                       every node, a fourth node without the extension.
#                       About 30 s once built; data and logs in
#                       build/cluster/run/.  CLUSTER_FLAGS passes flags to
#                       the test (urn-dqlite-ctl test -h lists them).
#
# Debian's libdqlite-dev, golang-go, golang-github-canonical-go-dqlite-dev
# (the Go client's sources, built with GO111MODULE=off) and go-dqlite (the
# dqlite shell) come from tools/prereqs.sh dqlite.  The Go build cache is
# build/gocache unless GOCACHE says otherwise.

CLUSTER_DIR   ?= build/cluster
CLUSTER_FLAGS ?=
GO            ?= go
CLUSTER_GO_SRC := $(wildcard contrib/dqlite/urn-dqlite-ctl/*.go)

.PHONY: cluster cluster-build prereqs-cluster

prereqs-cluster:
	@sh tools/prereqs.sh cc sqlite-dev dqlite

# The node links the shared libsqlite3 that libdqlite links: the extension
# registered with sqlite3_auto_extension() must be in that SQLite.
build/urn-dqlite-node: contrib/dqlite/urn-dqlite-node.c $(SRC) $(HDR) | prereqs-cluster
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(WARN) -DSQLITE_CORE -o $@ contrib/dqlite/urn-dqlite-node.c \
	  $(SRC) -ldqlite -lsqlite3

build/urn-dqlite-node-plain: contrib/dqlite/urn-dqlite-node.c | prereqs-cluster
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(WARN) -DURN_DQLITE_PLAIN -o $@ contrib/dqlite/urn-dqlite-node.c \
	  -ldqlite -lsqlite3

build/urn-dqlite-ctl: $(CLUSTER_GO_SRC) | prereqs-cluster
	@mkdir -p $(@D)
	GO111MODULE=off GOPATH=/usr/share/gocode GOFLAGS= \
	  GOCACHE="$${GOCACHE:-$(CURDIR)/build/gocache}" \
	  $(GO) build -o $@ ./contrib/dqlite/urn-dqlite-ctl

cluster-build: build/urn-dqlite-node build/urn-dqlite-node-plain build/urn-dqlite-ctl

cluster: cluster-build
	build/urn-dqlite-ctl test -dir $(CLUSTER_DIR)/run $(CLUSTER_FLAGS)
