-- urn--0.2.0--0.3.0.sql -- ALTER EXTENSION urn UPDATE from 0.2.0 to 0.3.0,
-- which adds urn_order_version(): the version of the orders that indexes
-- store (docs/compatibility.md).  No order, equivalence, hash or stored
-- form changes, so no index is rebuilt and no table rewritten.

\echo Use "ALTER EXTENSION urn UPDATE" to load this file. \quit

-- The library first: 0.2.0's lacks urn_order_version; its urn_version()
-- names it.  The function is created here, as in urn--0.3.0.sql.
DO $check$
BEGIN
  CREATE FUNCTION urn_order_version() RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
EXCEPTION WHEN undefined_function THEN
  RAISE EXCEPTION 'urn: the library MODULE_PATHNAME is urn %, older than this update to urn 0.3.0', urn_version()
    USING HINT = 'Install urn 0.3.0''s library (make postgres-install, or the package of 0.3.0), then run ALTER EXTENSION urn UPDATE again.';
END
$check$;
