# test/hosts/tcl.tcl -- the Tcl host of `make hosts` (test/hosts/run.sh):
# SQLite's Tcl package (Debian's libsqlite3-tcl) loading ./urn.so.
package require sqlite3
sqlite3 db :memory:
db enable_load_extension 1
db eval {SELECT load_extension('./urn')}
db enable_load_extension 0
puts [db one {SELECT urn_canonical('URN:ISBN:0-395-36341-1#p')}]

# A UNIQUE COLLATE URN column refuses an equivalent spelling: the error is
# SQLite's result code 19, SQLITE_CONSTRAINT ([db errorcode]).
db eval {
  CREATE TABLE book(id TEXT UNIQUE COLLATE URN);
  INSERT INTO book VALUES ('urn:example:a%2Cb');
}
if {![catch {db eval {INSERT INTO book VALUES ('URN:EXAMPLE:a%2cb#f')}} msg]} {
  puts "no error"
  exit 1
}
puts "errorcode [db errorcode]: $msg"
puts [db one {SELECT urn_valid('urn:isbn:0-395-36341-6', 'ns')}]
db close
