-- urn_functions: the urn_ functions, their PostgreSQL types, NULLs and
-- errors (the row-by-row comparison with SQLite is test/postgres/compare.py).
\set VERBOSITY default
SELECT urn_valid('urn:isbn:0-395-36341-1'), urn_valid('urn:isbn:0-395-36341-6', 'ns'),
       urn_error('urn:isbn:0-395-36341-6', 'ns');
SELECT urn_nid('URN:ISBN:1'), urn_nss('urn:ab:c?+r'), urn_rcomponent('urn:ab:c?+r'),
       urn_qcomponent('urn:ab:c?=q'), urn_fcomponent('urn:ab:c#');
SELECT urn_canonical('URN:Example:a%2cb?=x'), urn_key('not a urn'), urn_normalize('URN:EX:a%2cb#%2f');
SELECT urn_equal('urn:ab:c', 'URN:AB:c#f'), urn_equal('urn:isbn:0395363411', 'urn:isbn:0-395-36341-1', 'ns');
SELECT urn_json('URN:EX:a?+r');
SELECT pg_typeof(urn_json('x')), urn_json('x') -> 'offset' AS offset;
SELECT urn_encode('a b/c'), urn_decode('caf%C3%A9'), urn_decode('%FF'),
       urn_build('example', 'a b', NULL, 'x=1');
SELECT urn_isbn13('urn:isbn:0-395-36341-1'), urn_url('urn:ietf:rfc:8141'),
       urn_url('urn:ex:a', 'https://r.example/{nss}'), urn_nbn_complete('urn:nbn:de:gbv:089-332175294');
SELECT urn_extract_all('see urn:isbn:0-395-36341-1. and (urn:example:x)'),
       urn_extract_all('none'), urn_extract_all(NULL);
SELECT * FROM urn_find('see urn:isbn:0-395-36341-1. and é urn:ex:b');
SELECT * FROM urn_find('urn:ab:c', 'rfc2141');
SELECT * FROM urn_find(NULL);
SELECT * FROM urn_parse('URN:ISBN:0-395-36341-1#p');
SELECT (urn_parse('no urn')).key, (urn_parse('urn:ab:c', 'rfc2141')).canonical, urn_parse(NULL) IS NULL;
SELECT * FROM urn_parse('urn:isbn:0-395-36341-6', 'ns');
SELECT nid, kind, equivalence IS NOT NULL AS has_rule FROM urn_namespaces() WHERE nid IN ('isbn', 'example');
SELECT nid, prefix FROM urn_resolvers() WHERE nid = 'ietf' ORDER BY prefix;
-- NULL gives NULL; a NULL or bad MODE is an error naming the modes.
SELECT urn_valid(NULL) IS NULL, urn_canonical(NULL, 'ns') IS NULL, urn_equal(NULL, 'urn:ab:c') IS NULL;
SELECT urn_valid('urn:ab:c', NULL);
SELECT urn_nid('urn:ab:c', 'ns');
SELECT urn_json(NULL, 'x');
SELECT urn_url('urn:ab:c', '{x}');
SELECT urn_from_url('http://nbn-resolving.de/urn/resolver.pl?urn=urn%3Anbn%3Ade%3Agbv%3A089-3321752945'),
       urn_from_url('https://id.gs1.org/01/80614141123458/21/6789', 7),
       urn_from_url('https://id.gs1.org/01/80614141123458/21/6789', NULL),
       urn_from_url(NULL, 7) IS NULL;
SELECT urn_from_url(NULL, 13);
-- EPC binary (TDS §14, §15): a tag's hex to its tag URI and back, the pure
-- identity, the fields as the composite urn_epc_fields; what does not decode
-- is a raw URI; NULL for what cannot come from a tag; errors name the field.
SELECT urn_epc_from_hex('3074257BF7194E4000001A85'), urn_epc_from_hex('E2801160600002054CC2096F'),
       urn_epc_from_hex('3074 257B') IS NULL, urn_epc_from_hex(NULL) IS NULL;
SELECT urn_epc_to_hex('urn:epc:tag:sgtin-96:3.0614141.812345.6789'),
       urn_epc_pure('urn:epc:tag:sgtin-96:3.0614141.812345.6789'),
       urn_epc_tag('urn:epc:id:sgtin:0614141.812345.A1', 'sgtin-198', 1),
       urn_epc_tag('urn:epc:id:gid:952056.2718.1414', 'gid-96', NULL) IS NULL;
SELECT * FROM urn_epc('3074257BF7194E4000001A85');
SELECT (urn_epc('F73795211411234538566CB0AFC4')).*, urn_epc('307') IS NULL;
SELECT urn_url(urn_epc_pure(urn_epc_from_hex('3074257BF7194E4000001A85')));
SELECT urn_epc_to_hex('urn:epc:tag:sgtin-96:3.0614141.812345.06789');
SELECT urn_epc_tag('urn:epc:id:sgtin:0614141.812345.6789', 'sgtin-96', 8);
SELECT urn_epc_tag('urn:epc:id:sgtin:0614141.812345.6789', 'sscc-96', 0);
-- Expression indexes and CHECK constraints take them (IMMUTABLE).
CREATE TABLE doc(id text CHECK (urn_valid(id, 'ns')));
INSERT INTO doc VALUES ('urn:isbn:0-395-36341-6');
CREATE INDEX doc_k ON doc (urn_key(id));
