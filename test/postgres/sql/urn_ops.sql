-- urn_ops: the operators across types (ext/postgres/urn_pg_ops.c): prefix
-- search under equivalence (^@, urn_has_prefix) through the btree index,
-- and urn = text (docs/postgres.md, "Operators").  The 200,000-row counts
-- against urn_nid and the sequential scan are in test/postgres/compare.py.
\set VERBOSITY default
CREATE TABLE pre(x urn PRIMARY KEY);
INSERT INTO pre VALUES ('urn:isbn:0451450523'), ('URN:ISBN:0451450524'),
  ('urn:IsBn:0451450525?+r'), ('urn:isbnx:1'), ('urn:nbn:de:gbv:1'),
  ('urn:NBN:de:GBV:2'), ('urn:nbn:de:gbw:3'), ('urn:example:a%2fb'),
  ('urn:example:a%2Fc'), ('urn:example:a%2e'), ('urn:example:A%2f');
ANALYZE pre;

-- 1. The key of x starts with the key of the prefix (RFC 8141 §3.1): the
-- scheme and the NID in any case, the hex digits of %XX in any case; the
-- NSS as written.  LIKE matches the spelling.
SELECT x FROM pre WHERE x ^@ 'URN:ISBN:' ORDER BY x;
SELECT count(*) FROM pre WHERE x LIKE 'urn:isbn:%';
SELECT x FROM pre WHERE x ^@ 'urn:isbn' ORDER BY x;
SELECT x FROM pre WHERE urn_has_prefix(x, 'urn:nbn:de:GBV:') ORDER BY x;
SELECT x FROM pre WHERE x ^@ 'urn:example:a%2F' ORDER BY x;
SELECT x FROM pre WHERE x ^@ 'urn:example:a%2' ORDER BY x;
SELECT x FROM pre WHERE x ^@ 'urn:example:a%' ORDER BY x;
SELECT count(*) FROM pre WHERE x ^@ 'urn:';
SELECT count(*) FROM pre WHERE x ^@ 'urn:EXAMPLE:a%2fb';
SELECT count(*) FROM pre WHERE x ^@ 'urn:example:a%2fbc';

-- 2. Planned as a range of the btree index, exact (no recheck); a prefix
-- known only at run time gives its bounds through urn_prefix_lo/hi.
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT x FROM pre WHERE x ^@ 'URN:ISBN:';
EXPLAIN (COSTS OFF) SELECT x FROM pre WHERE urn_has_prefix(x, 'urn:nbn:de:gbv:');
SELECT x FROM pre WHERE x ^@ 'URN:ISBN:';
PREPARE pfx(text) AS SELECT count(*) FROM pre WHERE x ^@ $1;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE pfx('urn:isbn:');
EXECUTE pfx('urn:isbn:');
EXECUTE pfx('urn:nbn:de:');
SELECT urn_prefix_lo('URN:Example:a%2f'), urn_prefix_hi('URN:Example:a%2f');
RESET plan_cache_mode;
RESET enable_seqscan;
RESET enable_bitmapscan;

-- 3. Bad input: NULL gives NULL; what starts no URN's key is an error
-- (22023), at plan time for a constant, at run time for a parameter.
SELECT 'urn:ab:c'::urn ^@ NULL IS NULL AS null_prefix, NULL::urn ^@ 'urn:' IS NULL AS null_urn;
SELECT count(*) FROM pre WHERE x ^@ '';
SELECT count(*) FROM pre WHERE x ^@ 'isbn:';
SELECT count(*) FROM pre WHERE x ^@ 'urn:is.bn';
SELECT count(*) FROM pre WHERE x ^@ 'urn:isbn:1?+r';
SELECT count(*) FROM pre WHERE x ^@ 'urn:isbn:1#f';
SELECT count(*) FROM pre WHERE x ^@ 'urn:example:a b';
SELECT count(*) FROM pre WHERE x ^@ 'urn:example:%4g';
SELECT count(*) FROM pre WHERE x ^@ 'urn:example:é';
EXECUTE pfx('nope');
-- A huge prefix: one pass over its bytes, no rows.
SELECT count(*) FROM pre WHERE x ^@ ('urn:example:' || repeat('a', 10000000));

-- 4. urn = text and text = urn: the text is a URN equivalent to x (RFC
-- 8141 §3); a text that is not a URN is equal to nothing, never an error.
SELECT 'urn:example:a'::urn = 'URN:EXAMPLE:a?=q'::text AS eq, 'URN:EXAMPLE:a#f'::text = 'urn:example:a'::urn AS eq2,
       'urn:example:a'::urn = 'not a urn'::text AS non_urn, 'urn:example:a'::urn <> 'not a urn'::text AS ne,
       'urn:example:a'::urn = 'urn:example:A'::text AS nss_case, 'urn:ab:c'::urn = NULL::text AS null;
CREATE TABLE probe(s text);
INSERT INTO probe VALUES ('URN:ISBN:0451450523'), ('urn:isbn:0451450524#p'),
  ('urn:nbn:DE:gbv:1'), ('urn:example:a%2Fb'), ('not a urn'), (''), (NULL);
SELECT p.s, u.x FROM pre u JOIN probe p ON u.x = p.s ORDER BY u.x;
SET enable_mergejoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM pre u JOIN probe p ON u.x = p.s;
SELECT count(*) FROM pre u JOIN probe p ON u.x = p.s;
SELECT count(*) FROM pre u JOIN probe p ON p.s = u.x;
RESET enable_mergejoin;
RESET enable_nestloop;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT x FROM pre WHERE x = 'URN:ISBN:0451450523'::text;
SELECT x FROM pre WHERE x = 'URN:ISBN:0451450523'::text;
SELECT x FROM pre WHERE x = 'not a urn'::text;
RESET enable_seqscan;
-- The hash of a text is that of the urn it spells.
SELECT urn_text_hash('URN:ISBN:0451450523#p') = urn_hash('urn:isbn:0451450523'),
       urn_text_hash_extended('URN:ISBN:0451450523', 7) = urn_hash_extended('urn:isbn:0451450523', 7);
DROP TABLE pre, probe;
