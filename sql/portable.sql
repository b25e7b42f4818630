-- sql/portable.sql -- recipe: a schema that needs no extension to read.
-- The application computes urn_canonical(id) when it writes; the schema
-- holds only plain columns and a plain UNIQUE index, so any SQLite (a hosted
-- service, a replica without the extension, a generic browser) can read,
-- search and even write it, as long as writers store the key.
.mode box --wrap 0
.headers on

CREATE TABLE work(
  id        TEXT NOT NULL,          -- as the source spelled it
  canonical TEXT NOT NULL UNIQUE,   -- urn_canonical(id), BINARY collation
  title     TEXT
);

WITH source(id, title) AS (VALUES
    ('URN:ISSN:0167-6423', 'Science of Computer Programming'),
    ('urn:nbn:de:bvb:19-146642', 'A thesis'),
    ('urn:example:a%7e', 'tilde, encoded'),
    ('urn:example:not a urn', 'skipped: not a URN'))
INSERT INTO work(id, canonical, title)
  SELECT id, urn_canonical(id), title FROM source WHERE urn_valid(id)
  ON CONFLICT(canonical) DO NOTHING;

-- A second spelling of a stored name does not make a second row.
INSERT INTO work(id, canonical, title)
  VALUES ('urn:issn:0167-6423#toc', urn_canonical('urn:issn:0167-6423#toc'), 'again')
  ON CONFLICT(canonical) DO NOTHING;

SELECT id, canonical, title FROM work ORDER BY canonical;

-- With the extension: look up any spelling.  Without it: look up the key.
SELECT title FROM work WHERE canonical = urn_canonical('urn:ISSN:0167-6423?=v=1');
SELECT title FROM work WHERE canonical = 'urn:example:a%7E';
