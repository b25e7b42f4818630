-- test/hosts/shell.sql -- the sqlite3 shell host of `make hosts`
-- (test/hosts/run.sh): `sqlite3 -batch :memory: < shell.sql` in a directory
-- holding ./urn.so.  Prints (a) and (c) on stdout and the shell's error
-- message for (b), with SQLite's result code 19 (SQLITE_CONSTRAINT), on
-- stderr, and exits 1 because a statement failed.
.load ./urn
SELECT urn_canonical('URN:ISBN:0-395-36341-1#p');
CREATE TABLE book(id TEXT UNIQUE COLLATE URN);
INSERT INTO book VALUES ('urn:example:a%2Cb');
INSERT INTO book VALUES ('URN:EXAMPLE:a%2cb#f');
SELECT urn_valid('urn:isbn:0-395-36341-6', 'ns');
