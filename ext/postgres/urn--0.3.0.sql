-- urn--0.3.0.sql -- CREATE EXTENSION urn: the type urn with the equality and
-- order of SQLite's COLLATE URN (RFC 8141 §3), and the urn_ functions of the
-- SQLite build (docs/postgres.md).  Every function is IMMUTABLE and PARALLEL
-- SAFE; those without a MODE argument, and the one-argument forms, are
-- STRICT.  A function with MODE is not: a NULL MODE is an error, as in
-- SQLite, even where X is NULL.

\echo Use "CREATE EXTENSION urn" to load this file. \quit

-- ---- The type ----------------------------------------------------------------

CREATE TYPE urn;

-- The library first: one older than this script lacks one of its C names
-- (0.1.0's urn_in_keyed, 0.2.0's urn_order_version); its urn_version()
-- names it.  urn_order_version(): the version of the orders that indexes
-- store (docs/compatibility.md), created here as the probe.
DO $check$
BEGIN
  CREATE FUNCTION urn_order_version() RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
  CREATE FUNCTION urn_in(cstring) RETURNS urn
    AS 'MODULE_PATHNAME', 'urn_in_keyed' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
EXCEPTION WHEN undefined_function THEN
  CREATE FUNCTION urn_version() RETURNS text
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
  RAISE EXCEPTION 'urn: the library MODULE_PATHNAME is urn %, older than this SQL script of urn 0.3.0', urn_version()
    USING HINT = 'Install urn 0.3.0''s library (make postgres-install, or the package of 0.3.0), then run CREATE EXTENSION urn again.';
END
$check$;
CREATE FUNCTION urn_out(urn) RETURNS cstring
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_recv(internal) RETURNS urn
  AS 'MODULE_PATHNAME', 'urn_recv_keyed' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_send(urn) RETURNS bytea
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- A varlena as text is, compressed and moved out of line when long, which
-- holds the key first (ext/postgres/urn_pg_type.c; docs/design.md).
CREATE TYPE urn (
  INPUT = urn_in,
  OUTPUT = urn_out,
  RECEIVE = urn_recv,
  SEND = urn_send,
  INTERNALLENGTH = VARIABLE,
  STORAGE = extended,
  CATEGORY = 'S',
  PREFERRED = false,
  COLLATABLE = false
);
COMMENT ON TYPE urn IS 'a Uniform Resource Name (RFC 8141), shown as written, equal to its equivalent spellings (RFC 8141 §3)';

-- The casts: text to urn checks the value (explicit and on assignment);
-- urn to text gives the value as written (implicit).
CREATE FUNCTION urn(text) RETURNS urn
  AS 'MODULE_PATHNAME', 'urn_from_text_keyed' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION text(urn) RETURNS text
  AS 'MODULE_PATHNAME', 'urn_to_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE CAST (text AS urn) WITH FUNCTION urn(text) AS ASSIGNMENT;
CREATE CAST (varchar AS urn) WITH FUNCTION urn(text) AS ASSIGNMENT;
CREATE CAST (urn AS text) WITH FUNCTION text(urn) AS IMPLICIT;
CREATE CAST (urn AS varchar) WITH FUNCTION text(urn) AS IMPLICIT;

-- ---- Comparison: the order of COLLATE URN ------------------------------------

CREATE FUNCTION urn_cmp(urn, urn) RETURNS int4
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_eq(urn, urn) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_ne(urn, urn) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_lt(urn, urn) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_le(urn, urn) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_gt(urn, urn) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_ge(urn, urn) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_hash(urn) RETURNS int4
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_hash_extended(urn, int8) RETURNS int8
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_sortsupport(internal) RETURNS void
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_larger(urn, urn) RETURNS urn
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_smaller(urn, urn) RETURNS urn
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OPERATOR = (
  LEFTARG = urn, RIGHTARG = urn, PROCEDURE = urn_eq,
  COMMUTATOR = =, NEGATOR = <>,
  RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES
);
CREATE OPERATOR <> (
  LEFTARG = urn, RIGHTARG = urn, PROCEDURE = urn_ne,
  COMMUTATOR = <>, NEGATOR = =,
  RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
  LEFTARG = urn, RIGHTARG = urn, PROCEDURE = urn_lt,
  COMMUTATOR = >, NEGATOR = >=,
  RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
  LEFTARG = urn, RIGHTARG = urn, PROCEDURE = urn_le,
  COMMUTATOR = >=, NEGATOR = >,
  RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
  LEFTARG = urn, RIGHTARG = urn, PROCEDURE = urn_gt,
  COMMUTATOR = <, NEGATOR = <=,
  RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
  LEFTARG = urn, RIGHTARG = urn, PROCEDURE = urn_ge,
  COMMUTATOR = <=, NEGATOR = <,
  RESTRICT = scalargesel, JOIN = scalargejoinsel
);

CREATE OPERATOR CLASS urn_ops DEFAULT FOR TYPE urn USING btree AS
  OPERATOR 1 <,
  OPERATOR 2 <=,
  OPERATOR 3 =,
  OPERATOR 4 >=,
  OPERATOR 5 >,
  FUNCTION 1 urn_cmp(urn, urn),
  FUNCTION 2 urn_sortsupport(internal);

CREATE OPERATOR CLASS urn_ops DEFAULT FOR TYPE urn USING hash AS
  OPERATOR 1 =,
  FUNCTION 1 urn_hash(urn),
  FUNCTION 2 urn_hash_extended(urn, int8);

CREATE AGGREGATE min(urn) (
  SFUNC = urn_smaller, STYPE = urn, SORTOP = <, COMBINEFUNC = urn_smaller,
  PARALLEL = SAFE
);
CREATE AGGREGATE max(urn) (
  SFUNC = urn_larger, STYPE = urn, SORTOP = >, COMBINEFUNC = urn_larger,
  PARALLEL = SAFE
);

-- ---- The functions of the SQLite build ---------------------------------------

CREATE FUNCTION urn_valid(text) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_valid(text, text) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION urn_error(text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_error(text, text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION urn_nid(text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_nid(text, text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION urn_nss(text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_nss(text, text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION urn_rcomponent(text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_rcomponent(text, text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION urn_qcomponent(text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_qcomponent(text, text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION urn_fcomponent(text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_fcomponent(text, text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION urn_canonical(text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_canonical(text, text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION urn_key(text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_key(text, text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION urn_normalize(text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_normalize(text, text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION urn_equal(text, text) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_equal(text, text, text) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION urn_json(text) RETURNS jsonb
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_json(text, text) RETURNS jsonb
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION urn_encode(text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_decode(text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
-- A NULL R, Q or F is left out, so the longer forms are not STRICT.
CREATE FUNCTION urn_build(text, text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_build(text, text, text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION urn_build(text, text, text, text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION urn_build(text, text, text, text, text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION urn_isbn13(text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_version() RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION urn_registry_date() RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION urn_url(text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_url(text, text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_url(text, text, text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION urn_nbn_complete(text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_from_url(text) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_from_url(text, integer) RETURNS text
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION urn_extract_all(text) RETURNS text[]
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_extract_all(text, text) RETURNS text[]
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;

-- ---- Set-returning functions: SQLite's tables --------------------------------

CREATE FUNCTION urn_find(t text, OUT urn text, OUT start bigint)
  RETURNS SETOF record
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 4;
CREATE FUNCTION urn_find(t text, mode text, OUT urn text, OUT start bigint)
  RETURNS SETOF record
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE ROWS 4;
CREATE FUNCTION urn_namespaces(OUT nid text, OUT kind text, OUT reference text,
                               OUT equivalence text, OUT validator text)
  RETURNS SETOF record
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE ROWS 600;
CREATE FUNCTION urn_resolvers(OUT nid text, OUT prefix text, OUT template text,
                              OUT source text)
  RETURNS SETOF record
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE ROWS 20;

-- ---- The type urn_ns: the order of COLLATE URN_NS ----------------------------
-- The same values as urn (its input accepts what urn_valid(X) accepts), with
-- the namespace's own equivalence rules on top of RFC 8141's (RFC 8141 §3.1;
-- docs/namespaces.md): 'urn:isbn:0-8044-2957-X' = 'urn:isbn:080442957x'.

CREATE TYPE urn_ns;
CREATE FUNCTION urn_ns_in(cstring) RETURNS urn_ns
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_ns_out(urn_ns) RETURNS cstring
  AS 'MODULE_PATHNAME', 'urn_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_ns_recv(internal) RETURNS urn_ns
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_ns_send(urn_ns) RETURNS bytea
  AS 'MODULE_PATHNAME', 'urn_send' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE TYPE urn_ns (
  INPUT = urn_ns_in,
  OUTPUT = urn_ns_out,
  RECEIVE = urn_ns_recv,
  SEND = urn_ns_send,
  INTERNALLENGTH = VARIABLE,
  STORAGE = extended,
  CATEGORY = 'S',
  PREFERRED = false,
  COLLATABLE = false
);
COMMENT ON TYPE urn_ns IS 'a Uniform Resource Name (RFC 8141), shown as written, equal to its spellings under its namespace''s rules too';

CREATE FUNCTION urn_ns(text) RETURNS urn_ns
  AS 'MODULE_PATHNAME', 'urn_ns_from_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION text(urn_ns) RETURNS text
  AS 'MODULE_PATHNAME', 'urn_to_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE CAST (text AS urn_ns) WITH FUNCTION urn_ns(text) AS ASSIGNMENT;
CREATE CAST (varchar AS urn_ns) WITH FUNCTION urn_ns(text) AS ASSIGNMENT;
CREATE CAST (urn_ns AS text) WITH FUNCTION text(urn_ns) AS IMPLICIT;
CREATE CAST (urn_ns AS varchar) WITH FUNCTION text(urn_ns) AS IMPLICIT;
-- One spelling, two equalities: between the types, on assignment only
-- (each value holds its own type's key).
CREATE FUNCTION urn_ns(urn) RETURNS urn_ns
  AS 'MODULE_PATHNAME', 'urn_ns_from_other' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn(urn_ns) RETURNS urn
  AS 'MODULE_PATHNAME', 'urn_from_other' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE CAST (urn AS urn_ns) WITH FUNCTION urn_ns(urn) AS ASSIGNMENT;
CREATE CAST (urn_ns AS urn) WITH FUNCTION urn(urn_ns) AS ASSIGNMENT;

CREATE FUNCTION urn_ns_cmp(urn_ns, urn_ns) RETURNS int4
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_ns_eq(urn_ns, urn_ns) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_ns_ne(urn_ns, urn_ns) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_ns_lt(urn_ns, urn_ns) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_ns_le(urn_ns, urn_ns) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_ns_gt(urn_ns, urn_ns) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_ns_ge(urn_ns, urn_ns) RETURNS boolean
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_ns_hash(urn_ns) RETURNS int4
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_ns_hash_extended(urn_ns, int8) RETURNS int8
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_ns_sortsupport(internal) RETURNS void
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OPERATOR = (
  LEFTARG = urn_ns, RIGHTARG = urn_ns, PROCEDURE = urn_ns_eq,
  COMMUTATOR = =, NEGATOR = <>,
  RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES
);
CREATE OPERATOR <> (
  LEFTARG = urn_ns, RIGHTARG = urn_ns, PROCEDURE = urn_ns_ne,
  COMMUTATOR = <>, NEGATOR = =,
  RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
  LEFTARG = urn_ns, RIGHTARG = urn_ns, PROCEDURE = urn_ns_lt,
  COMMUTATOR = >, NEGATOR = >=,
  RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
  LEFTARG = urn_ns, RIGHTARG = urn_ns, PROCEDURE = urn_ns_le,
  COMMUTATOR = >=, NEGATOR = >,
  RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
  LEFTARG = urn_ns, RIGHTARG = urn_ns, PROCEDURE = urn_ns_gt,
  COMMUTATOR = <, NEGATOR = <=,
  RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
  LEFTARG = urn_ns, RIGHTARG = urn_ns, PROCEDURE = urn_ns_ge,
  COMMUTATOR = <=, NEGATOR = <,
  RESTRICT = scalargesel, JOIN = scalargejoinsel
);

CREATE OPERATOR CLASS urn_ns_ops DEFAULT FOR TYPE urn_ns USING btree AS
  OPERATOR 1 <,
  OPERATOR 2 <=,
  OPERATOR 3 =,
  OPERATOR 4 >=,
  OPERATOR 5 >,
  FUNCTION 1 urn_ns_cmp(urn_ns, urn_ns),
  FUNCTION 2 urn_ns_sortsupport(internal);

CREATE OPERATOR CLASS urn_ns_ops DEFAULT FOR TYPE urn_ns USING hash AS
  OPERATOR 1 =,
  FUNCTION 1 urn_ns_hash(urn_ns),
  FUNCTION 2 urn_ns_hash_extended(urn_ns, int8);

-- ---- urn_parse: every part from one scan -------------------------------------
-- One value of the composite type urn_parts (SQLite's table urn_parse gives
-- one row with these columns): NULL for a NULL X.
--   SELECT (urn_parse(id)).nid FROM t;   SELECT * FROM urn_parse(X);
CREATE TYPE urn_parts AS (valid boolean, nid text, nss text, r text, q text,
                          f text, canonical text, key text);
CREATE FUNCTION urn_parse(input text) RETURNS urn_parts
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_parse(input text, mode text) RETURNS urn_parts
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;

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
-- The functions of SQLite's urn_epc_sql.c (docs/functions.md); urn_epc is
-- one value of the composite type urn_epc_fields (SQLite's table urn_epc
-- gives one row with these columns): NULL where that gives no row.
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
