# test/hosts/ruby.rb -- the Ruby host of `make hosts` (test/hosts/run.sh):
# Debian's ruby-sqlite3 loading ./urn.so.  docs/loading.md shows the region
# between the docs:begin and docs:end lines.
# docs:begin
require "sqlite3"

db = SQLite3::Database.new(":memory:")
db.enable_load_extension(true)
db.load_extension("./urn")
db.enable_load_extension(false)
puts db.get_first_value("SELECT urn_canonical('URN:ISBN:0-395-36341-1#p')")
# docs:end

# A UNIQUE COLLATE URN column refuses an equivalent spelling with
# SQLite3::ConstraintException.
db.execute_batch(<<~SQL)
  CREATE TABLE book(id TEXT UNIQUE COLLATE URN);
  INSERT INTO book VALUES ('urn:example:a%2Cb');
SQL
begin
  db.execute("INSERT INTO book VALUES ('URN:EXAMPLE:a%2cb#f')")
  abort "no error"
rescue SQLite3::ConstraintException => e
  puts "#{e.class} (#{e.code}): #{e.message}"
end
puts db.get_first_value("SELECT urn_valid('urn:isbn:0-395-36341-6', 'ns')")
