-- sql/demo.sql -- sqlite-urn on a small library catalogue.
-- Run it with `make demo`, or: sqlite3 -cmd '.load ./urn' :memory: < sql/demo.sql
.mode box --wrap 0
.headers on

-- A catalogue export: the same works spelled several ways, a few broken rows.
CREATE TABLE export(line INTEGER PRIMARY KEY, id TEXT, title TEXT);
INSERT INTO export(id, title) VALUES
  ('urn:isbn:0-395-36341-1',                       'The Hobbit'),
  ('URN:ISBN:0-395-36341-1',                       'The Hobbit (2nd record)'),
  ('urn:isbn:0-395-36341-1#p12',                   'The Hobbit, page 12'),
  ('urn:issn:0167-6423',                           'Science of Computer Programming'),
  ('urn:ISSN:0167-6423?=volume=42',                'Science of Computer Programming vol. 42'),
  ('urn:nbn:de:bvb:19-146642',                     'A thesis in Munich'),
  ('urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6','A digital object'),
  ('urn:oid:1.3.6.1.4.1.343',                      'An OID arc'),
  ('urn:ietf:rfc:8141',                            'RFC 8141'),
  ('URN:IETF:rfc:8141?+resolver=local',            'RFC 8141, via a resolver'),
  ('urn:example:10.1000/182',                      'A DOI-style name'),
  ('urn:example:a123%2cz456',                      'Percent-encoded comma'),
  ('urn:example:a123%2Cz456',                      'Same, upper-case hex'),
  ('urn:example:a123,z456',                        'A literal comma: another name'),
  ('urn:isbn:0 395 36341 1',                       'Spaces: not a URN'),
  ('urn:x:123',                                    'One-letter NID'),
  ('urn:example:50%',                              'A bare percent sign'),
  ('isbn:0395363411',                              'No scheme');

.print
.print 1. The parts of every valid URN
SELECT line, urn_nid(id) AS nid, urn_nss(id) AS nss,
       urn_rcomponent(id) AS r, urn_qcomponent(id) AS q, urn_fcomponent(id) AS f
FROM export WHERE urn_valid(id) ORDER BY line;

.print
.print 2. Rows that name the same resource (RFC 8141 section 3)
SELECT urn_canonical(id) AS canonical, count(*) AS rows, group_concat(line, ', ') AS lines
FROM export WHERE urn_valid(id)
GROUP BY id COLLATE URN HAVING count(*) > 1 ORDER BY id COLLATE URN;

.print
.print 3. A UNIQUE COLLATE URN column keeps one row per resource
CREATE TABLE catalogue(id TEXT UNIQUE COLLATE URN, title TEXT);
INSERT INTO catalogue SELECT urn_normalize(id), title FROM export
  WHERE urn_valid(id) ORDER BY line
  ON CONFLICT(id) DO NOTHING;
SELECT id, title FROM catalogue ORDER BY id COLLATE URN;
SELECT (SELECT count(*) FROM export WHERE urn_valid(id)) AS valid_rows,
       (SELECT count(*) FROM catalogue) AS kept;

.print
.print 4. Any equivalent spelling finds the row, through the index
WITH probe(asked) AS (VALUES ('URN:EXAMPLE:a123%2cz456'),
                             ('urn:example:a123%2Cz456?=page=2#sec2'),
                             ('urn:example:A123%2Cz456'))
SELECT asked, (SELECT title FROM catalogue WHERE id = asked) AS found FROM probe;
EXPLAIN QUERY PLAN SELECT title FROM catalogue WHERE id = 'Urn:Example:a123%2cz456';

.print
.print 5. Why the other rows are not URNs
SELECT line, id, urn_error(id) AS error FROM export WHERE NOT urn_valid(id) ORDER BY line;
