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

-- ---- Operators across types: comparison with text, prefix search ---------
-- (ext/postgres/urn_pg_ops.c; docs/postgres.md, "Operators")

-- x OP t and t OP x for a text t: as x and the urn t spells (RFC 8141 §3);
-- a text that is not a URN equals no urn, without an error, and orders as
-- its own bytes against the keys.  Members of urn's btree family (an index
-- of urn serves them) and, for =, of its hash family (hash joins: the hash
-- of a text is that of the urn it spells).
CREATE FUNCTION urn_cmp_text(urn, text) RETURNS int4
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION text_cmp_urn(text, urn) RETURNS int4
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_text_hash(text) RETURNS int4
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_text_hash_extended(text, int8) RETURNS int8
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_eq_text(urn, text) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION text_eq_urn(text, urn) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_ne_text(urn, text) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION text_ne_urn(text, urn) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_lt_text(urn, text) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION text_lt_urn(text, urn) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_le_text(urn, text) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION text_le_urn(text, urn) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_gt_text(urn, text) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION text_gt_urn(text, urn) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_ge_text(urn, text) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION text_ge_urn(text, urn) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR = (
  LEFTARG = urn, RIGHTARG = text, PROCEDURE = urn_eq_text,
  COMMUTATOR = =, NEGATOR = <>,
  RESTRICT = eqsel, JOIN = eqjoinsel, HASHES
);
CREATE OPERATOR = (
  LEFTARG = text, RIGHTARG = urn, PROCEDURE = text_eq_urn,
  COMMUTATOR = =, NEGATOR = <>,
  RESTRICT = eqsel, JOIN = eqjoinsel, HASHES
);
CREATE OPERATOR <> (
  LEFTARG = urn, RIGHTARG = text, PROCEDURE = urn_ne_text,
  COMMUTATOR = <>, NEGATOR = =,
  RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR <> (
  LEFTARG = text, RIGHTARG = urn, PROCEDURE = text_ne_urn,
  COMMUTATOR = <>, NEGATOR = =,
  RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
  LEFTARG = urn, RIGHTARG = text, PROCEDURE = urn_lt_text,
  COMMUTATOR = >, NEGATOR = >=,
  RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR < (
  LEFTARG = text, RIGHTARG = urn, PROCEDURE = text_lt_urn,
  COMMUTATOR = >, NEGATOR = >=,
  RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
  LEFTARG = urn, RIGHTARG = text, PROCEDURE = urn_le_text,
  COMMUTATOR = >=, NEGATOR = >,
  RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR <= (
  LEFTARG = text, RIGHTARG = urn, PROCEDURE = text_le_urn,
  COMMUTATOR = >=, NEGATOR = >,
  RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
  LEFTARG = urn, RIGHTARG = text, PROCEDURE = urn_gt_text,
  COMMUTATOR = <, NEGATOR = <=,
  RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR > (
  LEFTARG = text, RIGHTARG = urn, PROCEDURE = text_gt_urn,
  COMMUTATOR = <, NEGATOR = <=,
  RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
  LEFTARG = urn, RIGHTARG = text, PROCEDURE = urn_ge_text,
  COMMUTATOR = <=, NEGATOR = <,
  RESTRICT = scalargesel, JOIN = scalargejoinsel
);
CREATE OPERATOR >= (
  LEFTARG = text, RIGHTARG = urn, PROCEDURE = text_ge_urn,
  COMMUTATOR = <=, NEGATOR = <,
  RESTRICT = scalargesel, JOIN = scalargejoinsel
);
ALTER OPERATOR FAMILY urn_ops USING btree ADD
  OPERATOR 1 < (urn, text), OPERATOR 2 <= (urn, text), OPERATOR 3 = (urn, text),
  OPERATOR 4 >= (urn, text), OPERATOR 5 > (urn, text),
  FUNCTION 1 (urn, text) urn_cmp_text(urn, text),
  OPERATOR 1 < (text, urn), OPERATOR 2 <= (text, urn), OPERATOR 3 = (text, urn),
  OPERATOR 4 >= (text, urn), OPERATOR 5 > (text, urn),
  FUNCTION 1 (text, urn) text_cmp_urn(text, urn);
ALTER OPERATOR FAMILY urn_ops USING hash ADD
  OPERATOR 1 = (urn, text),
  OPERATOR 1 = (text, urn),
  FUNCTION 1 (text, text) urn_text_hash(text),
  FUNCTION 2 (text, text) urn_text_hash_extended(text, int8);

-- x ^@ p, urn_has_prefix(x, p): key(x) starts with key(p), RFC 8141 §3.1
-- (x ^@ 'URN:ISBN:' is every ISBN, however spelled); a p that starts no
-- key is an error (22023).  The support function plans it as the range
-- x >= lo AND x < hi of the btree index: lo and hi constants for a
-- constant p, else urn_prefix_lo(p) and urn_prefix_hi(p) (texts).
CREATE FUNCTION urn_prefix_lo(text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_prefix_hi(text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_prefix_support(internal) RETURNS internal
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_prefix_sel(internal, oid, internal, int4) RETURNS float8
  AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_has_prefix(urn, text) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
  SUPPORT urn_prefix_support;
CREATE OPERATOR ^@ (
  LEFTARG = urn, RIGHTARG = text, PROCEDURE = urn_has_prefix,
  RESTRICT = urn_prefix_sel
);

-- ---- EPC binary: RFID tags' bits to EPC tag URIs and back -------------------
-- New in 0.2.0: the install script's block of the same name, so that the
-- update makes a fresh install's objects.  The functions of SQLite's
-- urn_epc_sql.c (docs/functions.md); urn_epc is one value of the composite
-- type urn_epc_fields (SQLite's table urn_epc gives one row with these
-- columns): NULL where that gives no row.
CREATE FUNCTION urn_epc_from_hex(text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_epc_to_hex(text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_epc_tag(text, text, bigint) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_epc_pure(text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE TYPE urn_epc_fields AS (tag text, pure text, scheme text,
                               filter integer, company text,
                               reference text, serial text);
CREATE FUNCTION urn_epc(hex text) RETURNS urn_epc_fields
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
