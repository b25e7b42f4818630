-- urn--0.1.0--0.2.0.sql -- ALTER EXTENSION urn UPDATE from 0.1.0, which
-- stored a urn or urn_ns value as its spelling, with casts to text that
-- were binary, to 0.2.0, which stores its key first (docs/design.md,
-- "PostgreSQL's stored form"; docs/postgres.md, "Upgrading").  No table is
-- rewritten: 0.2.0's library reads a value 0.1.0 stored as it is, in the
-- same order (RFC 8141 §3.1's key, shorter first on a tie) and with the
-- same hash, so every btree and hash index, hash partition and UNIQUE
-- constraint built by 0.1.0 stays valid.  What changes is the SQL objects:
-- the input, receive and cast from text store the new form (C names that
-- 0.1.0's library lacks), and the casts to text and between urn and urn_ns
-- become functions.

\echo Use "ALTER EXTENSION urn UPDATE" to load this file. \quit

-- The library first: 0.1.0's would write and read values in 0.1.0's form
-- behind 0.2.0's casts.  Its urn_version() names it.
DO $check$
BEGIN
  CREATE OR REPLACE FUNCTION urn_in(cstring) RETURNS urn
    AS 'MODULE_PATHNAME', 'urn_in_keyed' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
EXCEPTION WHEN undefined_function THEN
  RAISE EXCEPTION 'urn: the library MODULE_PATHNAME is urn %, older than this update to urn 0.2.0', urn_version()
    USING HINT = 'Install urn 0.2.0''s library (make postgres-install, or the package of 0.2.0), then run ALTER EXTENSION urn UPDATE again.';
END
$check$;

-- ---- urn -----------------------------------------------------------------------

CREATE OR REPLACE FUNCTION urn_recv(internal) RETURNS urn
  AS 'MODULE_PATHNAME', 'urn_recv_keyed' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON TYPE urn IS 'a Uniform Resource Name (RFC 8141), shown as written, equal to its equivalent spellings (RFC 8141 §3)';
CREATE OR REPLACE FUNCTION urn(text) RETURNS urn
  AS 'MODULE_PATHNAME', 'urn_from_text_keyed' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION text(urn) RETURNS text
  AS 'MODULE_PATHNAME', 'urn_to_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
DROP CAST (urn AS text);
DROP CAST (urn AS varchar);
CREATE CAST (urn AS text) WITH FUNCTION text(urn) AS IMPLICIT;
CREATE CAST (urn AS varchar) WITH FUNCTION text(urn) AS IMPLICIT;

-- ---- urn_ns --------------------------------------------------------------------

CREATE OR REPLACE FUNCTION urn_ns_in(cstring) RETURNS urn_ns
  AS 'MODULE_PATHNAME', 'urn_ns_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION urn_ns_recv(internal) RETURNS urn_ns
  AS 'MODULE_PATHNAME', 'urn_ns_recv' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON TYPE urn_ns IS 'a Uniform Resource Name (RFC 8141), shown as written, equal to its spellings under its namespace''s rules too';
CREATE OR REPLACE FUNCTION urn_ns(text) RETURNS urn_ns
  AS 'MODULE_PATHNAME', 'urn_ns_from_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION text(urn_ns) RETURNS text
  AS 'MODULE_PATHNAME', 'urn_to_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
DROP CAST (urn_ns AS text);
DROP CAST (urn_ns AS varchar);
CREATE CAST (urn_ns AS text) WITH FUNCTION text(urn_ns) AS IMPLICIT;
CREATE CAST (urn_ns AS varchar) WITH FUNCTION text(urn_ns) AS IMPLICIT;
CREATE FUNCTION urn_ns(urn) RETURNS urn_ns
  AS 'MODULE_PATHNAME', 'urn_ns_from_other' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn(urn_ns) RETURNS urn
  AS 'MODULE_PATHNAME', 'urn_from_other' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
DROP CAST (urn AS urn_ns);
DROP CAST (urn_ns AS urn);
CREATE CAST (urn AS urn_ns) WITH FUNCTION urn_ns(urn) AS ASSIGNMENT;
CREATE CAST (urn_ns AS urn) WITH FUNCTION urn(urn_ns) AS ASSIGNMENT;

-- ---- What 0.1.0's binary casts left in stored expressions ------------------------
-- An index, a CHECK, a default or generated column, a view, a rule, a
-- trigger's WHEN, a policy or a partition key that 0.1.0 stored with a
-- urn or urn_ns made text (or the other type) by its binary cast keeps that
-- cast: the urn_ functions over it still read the spelling (the library
-- sees the cast), but any other use of it (x::text itself, lower(x), LIKE)
-- would read the stored form, and a query written now never matches such
-- an index expression.  Each one is named, for its owner to recreate
-- (docs/postgres.md, "Upgrading", has the same query and the recipe).
DO $warn$
DECLARE r record;
BEGIN
  FOR r IN
    WITH t(pat) AS (
      SELECT '\{RELABELTYPE :arg \{\w+ [^{}]*?:(vartype|consttype|paramtype|funcresulttype|opresulttype|resulttype) ('
             || 'urn'::regtype::oid || '|' || 'urn_ns'::regtype::oid || ')\M'),
    e(classid, objid, expr) AS (
      SELECT 'pg_class'::regclass, indexrelid, concat(indexprs::text, indpred::text) FROM pg_index
      UNION ALL SELECT 'pg_constraint'::regclass, oid, conbin::text FROM pg_constraint
      UNION ALL SELECT 'pg_attrdef'::regclass, oid, adbin::text FROM pg_attrdef
      UNION ALL SELECT 'pg_rewrite'::regclass, oid, concat(ev_qual::text, ev_action::text) FROM pg_rewrite
      UNION ALL SELECT 'pg_trigger'::regclass, oid, tgqual::text FROM pg_trigger
      UNION ALL SELECT 'pg_policy'::regclass, oid, concat(polqual::text, polwithcheck::text) FROM pg_policy
      UNION ALL SELECT 'pg_class'::regclass, partrelid, partexprs::text FROM pg_partitioned_table)
    SELECT pg_describe_object(e.classid, e.objid, 0) AS what
      FROM e, t WHERE e.expr ~ t.pat ORDER BY 1
  LOOP
    RAISE WARNING 'urn 0.2.0: % holds a binary cast of urn or urn_ns from 0.1.0: recreate it (docs/postgres.md, "Upgrading")', r.what;
  END LOOP;
END
$warn$;

-- ---- The end of 0.1.0 → 0.2.0's changes ---------------------------------------
-- SQL objects added to urn--0.2.0.sql after this point (new functions) are
-- appended below, as they are written there.
