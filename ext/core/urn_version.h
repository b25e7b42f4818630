/*
** urn_version.h -- the version of sqlite-urn, the one every engine's
** urn_version() returns.  The version is written in one place, the file
** VERSION at the top of the tree; tools/version.sh set X.Y.Z writes it
** here and into every other file that carries it, and test/version.test
** fails when any of them differs from VERSION (CHANGELOG.md says which
** change makes a major, a minor or a patch version).  The release tests
** (test/release/) build a stand-in for an older release with
** -DURN_VERSION='"0.0.9"'; nothing else defines it.
*/
#ifndef URN_VERSION_H
#define URN_VERSION_H

#ifndef URN_VERSION
#define URN_VERSION "0.3.0"
#endif

/* urn_order_version(): the version of the orders and equivalences that
** indexes store, the same in every engine: which strings the collations
** URN and URN_NS hold equal and how they sort, the bytes of urn_key(X)
** and urn_key(X, 'ns') (RFC 8141 §3.1's lexical equivalence and, in mode
** 'ns', the namespace rules of data/), and the equality, order and hash
** of PostgreSQL's urn and urn_ns.  1 is the order of every release from
** 0.1.0 on.  A release that changes any of them is a new major version
** (CHANGELOG.md, "Versioning") and adds 1 here; test/order.test ties this
** number to the CRC-32 of test/order-golden.txt and
** test/ns-order-golden.txt, so that neither file changes without it.  An
** application records it beside its indexes and, when the library it
** loads answers another number, rebuilds them (sql/reindex.sql;
** docs/compatibility.md, "Knowing which order an index was built
** under"). */
#define URN_ORDER_VERSION 1

#endif /* URN_VERSION_H */
