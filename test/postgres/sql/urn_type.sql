-- urn_type: the type urn, its operators, casts, indexes and constraints.
CREATE EXTENSION urn;
\set VERBOSITY default

-- 1. Input: what urn_valid(X) accepts, stored and shown as written.
SELECT 'URN:Example:a%2cb?+r?=q#f'::urn AS as_written;
SELECT 'urn:ab'::urn;
SELECT 'urn:example:a b'::urn;
SELECT ''::urn;
SELECT 'urn:ex:ok'::text::urn, CAST('urn:ex:ok'::varchar AS urn), urn('urn:ex:ok');

-- 2. Equality and order are COLLATE URN's (RFC 8141 §3.1): scheme and NID
-- in any case, %XX hex digits in any case, components ignored.
SELECT 'urn:example:a%2cb'::urn = 'URN:EXAMPLE:a%2Cb'::urn AS eq1,
       'urn:example:a%2cb'::urn = 'urn:example:a%2cb?=lang=en#x'::urn AS eq2,
       'urn:example:a'::urn = 'urn:example:A'::urn AS nss_case,
       'urn:example:a,b'::urn = 'urn:example:a%2cb'::urn AS not_decoded;
SELECT 'urn:a1:x'::urn < 'urn:a2:x'::urn AS lt, 'URN:BB:x1'::urn > 'urn:b1:x'::urn AS gt,
       'urn:ab:c'::urn <= 'URN:AB:c'::urn AS le, 'urn:ab:c'::urn >= 'urn:ab:cd'::urn AS ge,
       'urn:ab:c'::urn <> 'URN:AB:c#f'::urn AS ne;
SELECT x FROM (VALUES ('urn:ex:b'::urn), ('URN:EX:A'), ('urn:ex:a?=q'), ('urn:ab:z'), ('urn:ex:%41'))
  v(x) ORDER BY x, x::text COLLATE "C";
SELECT min(x), max(x) FROM (VALUES ('urn:ex:b'::urn), ('URN:EX:A'), ('urn:ab:z')) v(x);

-- 3. The implicit cast to text: text functions and operators take a urn.
SELECT length('urn:ex:abc'::urn), 'urn:ex:abc'::urn || '!' AS concat,
       urn_canonical('URN:EX:abc?=q'::urn);

-- 4. UNIQUE, DISTINCT and GROUP BY treat equivalent spellings as one.
CREATE TABLE book(id urn PRIMARY KEY, title text);
INSERT INTO book VALUES ('urn:isbn:0-395-36341-1', 'The Hobbit');
INSERT INTO book VALUES ('URN:ISBN:0-395-36341-1', 'again');
INSERT INTO book VALUES ('urn:isbn:0-395-36341-1#p12', 'again') ON CONFLICT (id) DO NOTHING;
INSERT INTO book VALUES ('no urn', 'x');
SELECT count(DISTINCT x) FROM (VALUES ('urn:a1:b'::urn), ('URN:A1:b'), ('urn:a1:b?+r'), ('urn:a1:B')) v(x);
SELECT x, count(*) FROM (VALUES ('urn:a1:b'::urn), ('URN:A1:b'), ('urn:a1:b?+r'), ('urn:a1:B')) v(x)
  GROUP BY x ORDER BY x;

-- 5. The planner uses the btree index for equality and ranges, and the
-- hash index for equality.
CREATE TABLE t AS SELECT ('urn:ex:' || g)::urn AS x FROM generate_series(1, 2000) g;
CREATE INDEX t_x ON t (x);
ANALYZE t;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM t WHERE x = 'URN:EX:42';
SELECT * FROM t WHERE x = 'URN:EX:42';
EXPLAIN (COSTS OFF) SELECT * FROM t WHERE x BETWEEN 'urn:ex:100' AND 'urn:ex:101';
SELECT * FROM t WHERE x BETWEEN 'urn:ex:100' AND 'URN:EX:101' ORDER BY x;
DROP INDEX t_x;
CREATE INDEX t_h ON t USING hash (x);
EXPLAIN (COSTS OFF) SELECT * FROM t WHERE x = 'URN:EX:42';
SELECT * FROM t WHERE x = 'URN:EX:42';
RESET enable_seqscan;

-- 6. Namespace rules: a unique index on urn_key(x, 'ns') keeps one row
-- per ISBN across its spellings (hyphens, ISBN-10 and its X).
CREATE TABLE isbn(id urn);
CREATE UNIQUE INDEX isbn_ns ON isbn (urn_key(id, 'ns'));
INSERT INTO isbn VALUES ('urn:isbn:0-8044-2957-X');
INSERT INTO isbn VALUES ('urn:isbn:080442957x');

-- The type urn_ns: the same values, the namespace's rules in = too.
CREATE TABLE edition(id urn_ns PRIMARY KEY);
INSERT INTO edition VALUES ('urn:isbn:0-8044-2957-X');
INSERT INTO edition VALUES ('URN:ISBN:080442957x');
SELECT 'urn:isbn:0-8044-2957-X'::urn_ns = 'urn:isbn:080442957x' AS ns_eq,
       'urn:isbn:0-8044-2957-X'::urn = 'urn:isbn:080442957x' AS urn_eq,
       'urn:isbn:0-8044-2957-X'::urn_ns::urn = 'urn:isbn:080442957x' AS cast_eq;
SELECT 'no urn'::urn_ns;
SELECT x FROM (VALUES ('urn:issn:0167-642X'::urn_ns), ('urn:ISSN:0167642x'), ('urn:ex:b'), ('URN:EX:A'))
  v(x) ORDER BY x, x::text COLLATE "C";

-- 7. Binary send and receive: COPY's binary format, there and back;
-- receive checks as input does.
SELECT urn_send('URN:EX:a'::urn);
SELECT '/tmp/urn_regress_' || pg_backend_pid() || '.copy' AS f \gset
COPY (SELECT v::urn FROM (VALUES ('urn:ex:bin%2f'), ('URN:EX:B')) s(v)) TO :'f' WITH (FORMAT binary);
CREATE TABLE bin(x urn UNIQUE);
COPY bin FROM :'f' WITH (FORMAT binary);
SELECT x, x = 'urn:ex:bin%2F' AS eq FROM bin ORDER BY x;
COPY (SELECT 'not a urn'::text) TO :'f' WITH (FORMAT binary);
COPY bin FROM :'f' WITH (FORMAT binary);
COPY (SELECT 'urn:EX:bin%2F'::text) TO :'f' WITH (FORMAT binary);
COPY bin FROM :'f' WITH (FORMAT binary);

-- 8. The catalog: operator classes, and the functions' volatility.
SELECT amname, opcname, opcdefault FROM pg_opclass c JOIN pg_am a ON a.oid = c.opcmethod
  WHERE opcintype IN ('urn'::regtype, 'urn_ns'::regtype) ORDER BY 1, 2;
-- (^@'s estimator reads the statistics: STABLE, as eqsel is.)
SELECT count(*) AS not_immutable_or_unsafe FROM pg_proc
  WHERE proname LIKE 'urn%' AND proname <> 'urn_prefix_sel' AND (provolatile <> 'i' OR proparallel <> 's');
