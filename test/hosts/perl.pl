# test/hosts/perl.pl -- the Perl host of `make hosts` (test/hosts/run.sh):
# DBI with Debian's DBD::SQLite (libdbd-sqlite3-perl) loading ./urn.so.
# docs/loading.md shows the region between the docs:begin and docs:end lines.
use strict;
use warnings;
# docs:begin
use DBI;

my $dbh = DBI->connect("dbi:SQLite:dbname=:memory:", "", "",
                       { RaiseError => 1, PrintError => 0,
                         sqlite_extended_result_codes => 1 });
$dbh->sqlite_enable_load_extension(1);
$dbh->sqlite_load_extension("./urn");
$dbh->sqlite_enable_load_extension(0);
print $dbh->selectrow_array("SELECT urn_canonical('URN:ISBN:0-395-36341-1#p')"), "\n";
# docs:end

# A UNIQUE COLLATE URN column refuses an equivalent spelling: DBI's err is
# the extended result code SQLITE_CONSTRAINT_UNIQUE.
use DBD::SQLite::Constants qw(SQLITE_CONSTRAINT_UNIQUE);
$dbh->do("CREATE TABLE book(id TEXT UNIQUE COLLATE URN)");
$dbh->do("INSERT INTO book VALUES ('urn:example:a%2Cb')");
if (eval { $dbh->do("INSERT INTO book VALUES ('URN:EXAMPLE:a%2cb#f')"); 1 }) {
    die "no error\n";
}
die $@ unless $dbh->err == SQLITE_CONSTRAINT_UNIQUE;
print "DBI err ", $dbh->err, ": ", $dbh->errstr, "\n";
print $dbh->selectrow_array("SELECT urn_valid('urn:isbn:0-395-36341-6', 'ns')"), "\n";
