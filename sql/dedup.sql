-- sql/dedup.sql -- recipe: an identifier table that keeps one row per URN.
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
