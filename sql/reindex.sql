-- sql/reindex.sql -- recipe: rebuild what depends on sqlite-urn's order.
-- Run it once after upgrading to a release whose major version changed: such
-- a release may order URNs differently, or key them differently
-- (docs/compatibility.md; for URN_NS, docs/collations.md, "URN_NS and
-- upgrades"), and an index built under the old order would be inconsistent.
--   REINDEX URN and REINDEX URN_NS rebuild every index that uses the
--   collation: columns declared COLLATE URN or URN_NS, and indexes that
--   name it (ON t(id COLLATE URN_NS)).
--   An index on an expression, urn_key(id), urn_key(id, 'ns') or
--   urn_canonical(id), is rebuilt by its name: REINDEX recomputes the
--   expression for every row.
--   A stored column k AS (urn_key(id)) STORED is recomputed by writing the
--   row again (UPDATE ... SET id = id); its UNIQUE index follows.
-- An application that records urn_order_version() beside its indexes
-- (docs/compatibility.md) knows when to run it, and records the new number
-- after it.
.mode box --wrap 0
.headers on

CREATE TABLE book(id TEXT UNIQUE COLLATE URN);
CREATE TABLE isbn(id TEXT);
CREATE UNIQUE INDEX isbn_ns ON isbn(id COLLATE URN_NS);
CREATE TABLE copy(id TEXT);
CREATE INDEX copy_canon ON copy(urn_canonical(id));
CREATE INDEX copy_key ON copy(urn_key(id));
CREATE INDEX copy_key_ns ON copy(urn_key(id, 'ns'));
CREATE TABLE shelf(id TEXT, k AS (urn_key(id)) STORED UNIQUE);
INSERT INTO book VALUES ('urn:isbn:0-395-36341-1'), ('urn:example:x');
INSERT INTO isbn VALUES ('urn:isbn:0-395-36341-1'), ('urn:issn:0167-6423');
INSERT INTO copy VALUES ('URN:ISBN:0-395-36341-1'), ('urn:example:x#2');
INSERT INTO shelf(id) VALUES ('URN:ISBN:0-395-36341-1'), ('urn:example:x#2');

-- The upgrade itself:
REINDEX URN;
REINDEX URN_NS;
REINDEX copy_canon;
REINDEX copy_key;
REINDEX copy_key_ns;
UPDATE shelf SET id = id;

PRAGMA integrity_check;
SELECT id, k FROM shelf ORDER BY k;
