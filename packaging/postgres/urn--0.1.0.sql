-- urn--0.1.0.sql -- CREATE EXTENSION urn: the type urn with the equality and
-- order of SQLite's COLLATE URN (RFC 8141 §3), and the urn_ functions of the
-- SQLite build (docs/postgres.md).  Every function is IMMUTABLE and PARALLEL
-- SAFE; those without a MODE argument, and the one-argument forms, are
-- STRICT.  A function with MODE is not: a NULL MODE is an error, as in
-- SQLite, even where X is NULL.

\echo Use "CREATE EXTENSION urn" to load this file. \quit

-- ---- The type ----------------------------------------------------------------

CREATE TYPE urn;

CREATE FUNCTION urn_in(cstring) RETURNS urn
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_out(urn) RETURNS cstring
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_recv(internal) RETURNS urn
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_send(urn) RETURNS bytea
  AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Stored as text is: a varlena, compressed and moved out of line when long.
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
COMMENT ON TYPE urn IS 'a Uniform Resource Name (RFC 8141), stored as written, equal to its equivalent spellings (RFC 8141 §3)';

-- The casts: text to urn checks the value (explicit and on assignment);
-- urn to text is the bytes as written (implicit, free).
CREATE FUNCTION urn(text) RETURNS urn
  AS 'MODULE_PATHNAME', 'urn_from_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE CAST (text AS urn) WITH FUNCTION urn(text) AS ASSIGNMENT;
CREATE CAST (varchar AS urn) WITH FUNCTION urn(text) AS ASSIGNMENT;
CREATE CAST (urn AS text) WITHOUT FUNCTION AS IMPLICIT;
CREATE CAST (urn AS varchar) WITHOUT FUNCTION AS IMPLICIT;

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
  AS 'MODULE_PATHNAME', 'urn_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_ns_out(urn_ns) RETURNS cstring
  AS 'MODULE_PATHNAME', 'urn_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION urn_ns_recv(internal) RETURNS urn_ns
  AS 'MODULE_PATHNAME', 'urn_recv' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
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
COMMENT ON TYPE urn_ns IS 'a Uniform Resource Name (RFC 8141), stored as written, equal to its spellings under its namespace''s rules too';

CREATE FUNCTION urn_ns(text) RETURNS urn_ns
  AS 'MODULE_PATHNAME', 'urn_from_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE CAST (text AS urn_ns) WITH FUNCTION urn_ns(text) AS ASSIGNMENT;
CREATE CAST (varchar AS urn_ns) WITH FUNCTION urn_ns(text) AS ASSIGNMENT;
CREATE CAST (urn_ns AS text) WITHOUT FUNCTION AS IMPLICIT;
CREATE CAST (urn_ns AS varchar) WITHOUT FUNCTION AS IMPLICIT;
-- One value, two equalities: between the types, on assignment only.
CREATE CAST (urn AS urn_ns) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE CAST (urn_ns AS urn) WITHOUT FUNCTION AS ASSIGNMENT;

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
