<?php
// test/hosts/php.php -- the PHP host of `make hosts` (test/hosts/run.sh):
// Debian's php-sqlite3.  SQLite3::loadExtension() takes a file name inside
// the directory that php.ini's sqlite3.extension_dir names, here given on
// the command line: php -d sqlite3.extension_dir=DIR php.php, DIR holding
// urn.so.  docs/loading.md shows the region between the docs:begin and
// docs:end lines.
// docs:begin
$db = new SQLite3(':memory:');
$db->enableExceptions(true);
$db->loadExtension('urn.so');
echo $db->querySingle("SELECT urn_canonical('URN:ISBN:0-395-36341-1#p')"), "\n";
// docs:end

// A UNIQUE COLLATE URN column refuses an equivalent spelling: an exception,
// with lastErrorCode() 19 (SQLITE_CONSTRAINT) and lastExtendedErrorCode()
// 2067 (SQLITE_CONSTRAINT_UNIQUE).
$db->exec("CREATE TABLE book(id TEXT UNIQUE COLLATE URN);
           INSERT INTO book VALUES ('urn:example:a%2Cb')");
try {
    $db->exec("INSERT INTO book VALUES ('URN:EXAMPLE:a%2cb#f')");
    fwrite(STDERR, "no error\n");
    exit(1);
} catch (Exception $e) {
    if ($db->lastExtendedErrorCode() !== 2067) {
        throw $e;
    }
    printf("%s %d/%d: %s\n", get_class($e), $db->lastErrorCode(),
           $db->lastExtendedErrorCode(), $e->getMessage());
}
echo $db->querySingle("SELECT urn_valid('urn:isbn:0-395-36341-6', 'ns')"), "\n";
