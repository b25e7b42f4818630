-- sql/dedup.sql -- recipes: one row per URN, in a new table and in one you
-- already have (docs/collations.md, "Deduplicating a table").
-- Equivalent spellings (RFC 8141 §3: case of "urn" and the NID, case of %XX,
-- any ?+ ?= # components) collide on the UNIQUE index; the first spelling
-- stays, normalized for display.
.mode box --wrap 0
.headers on

CREATE TABLE identifier(
  id      TEXT NOT NULL UNIQUE COLLATE URN CHECK (urn_valid(id)),
  label   TEXT,
  seen    INTEGER NOT NULL DEFAULT 1
);

-- Load: count repeats instead of failing on them.
INSERT INTO identifier(id, label) VALUES
  (urn_normalize('URN:ISBN:0-395-36341-1'), 'The Hobbit'),
  (urn_normalize('urn:isbn:0-395-36341-1#chapter-1'), 'The Hobbit, ch. 1'),
  (urn_normalize('urn:example:a%2fb'), 'slash, encoded'),
  (urn_normalize('urn:EXAMPLE:a%2Fb?=x=1'), 'slash, encoded, with a query'),
  (urn_normalize('urn:example:a/b'), 'slash, literal: a different name')
ON CONFLICT(id) DO UPDATE SET seen = seen + 1;

SELECT id, label, seen FROM identifier ORDER BY id;

-- Which stored row answers to a spelling?
SELECT label FROM identifier WHERE id = 'Urn:Isbn:0-395-36341-1?+any';

-- A table you already have, with duplicates in it: a catalogue of ISBNs, so
-- the collation is URN_NS (an ISBN's hyphens do not make another book);
-- COLLATE URN would merge only RFC 8141's equivalent spellings.
CREATE TABLE holding(id TEXT, title TEXT);
INSERT INTO holding VALUES
  ('urn:isbn:0-395-36341-1',     'The Hobbit'),
  ('URN:ISBN:0395363411',        'The Hobbit, no hyphens'),
  ('urn:isbn:0-395-36341-1#p12', 'The Hobbit, page 12'),
  ('urn:issn:0167-6423',         'Science of Computer Programming'),
  ('urn:ISSN:01676423',          'Science of Computer Programming, again'),
  ('urn:ietf:rfc:8141',          'RFC 8141');

-- 1. The duplicate groups: each name that has more than one row.
SELECT min(rowid) AS first, count(*) AS copies, group_concat(id, '  ') AS spellings
FROM holding GROUP BY id COLLATE URN_NS HAVING count(*) > 1 ORDER BY first;

-- 2. Keep one row per name, the first one loaded.
DELETE FROM holding
WHERE rowid NOT IN (SELECT min(rowid) FROM holding GROUP BY id COLLATE URN_NS);

-- 3. The index that keeps any new duplicate out.
CREATE UNIQUE INDEX holding_id ON holding(id COLLATE URN_NS);
INSERT OR IGNORE INTO holding VALUES ('URN:ISBN:0-39-536341-1?+r', 'refused');
SELECT rowid, id, title FROM holding ORDER BY rowid;
