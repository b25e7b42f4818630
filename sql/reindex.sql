-- sql/reindex.sql -- recipe: rebuild what depends on sqlite-urn's order.
-- Run it once after upgrading to a release whose major version changed: such
-- a release may order URNs differently (README, "Compatibility"), and an
-- index built under the old order would be inconsistent.  REINDEX URN
-- rebuilds every index that uses the collation URN; indexes on expressions
-- such as urn_canonical(id) are rebuilt by name.
.mode box --wrap 0
.headers on

CREATE TABLE book(id TEXT UNIQUE COLLATE URN);
CREATE TABLE copy(id TEXT);
CREATE INDEX copy_canon ON copy(urn_canonical(id));
INSERT INTO book VALUES ('urn:isbn:0-395-36341-1'), ('urn:example:x');
INSERT INTO copy VALUES ('URN:ISBN:0-395-36341-1'), ('urn:example:x#2');

-- The upgrade itself:
REINDEX URN;
REINDEX copy_canon;

PRAGMA integrity_check;
