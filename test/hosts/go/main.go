// test/hosts/go/main.go -- the Go host of `make hosts` (test/hosts/run.sh):
// Debian's github.com/mattn/go-sqlite3 (GOPATH=/usr/share/gocode,
// GO111MODULE=off), linked to the system libsqlite3, loading ./urn.so from
// the driver's ConnectHook.  docs/loading.md shows the regions between the
// docs:begin and docs:end lines.
package main

// docs:begin
import (
	"database/sql"
	"fmt"
	"log"

	sqlite3 "github.com/mattn/go-sqlite3"
)

// docs:end

func main() {
	// docs:begin
	// Every connection of the driver "sqlite3_urn" loads ./urn.so.
	sql.Register("sqlite3_urn", &sqlite3.SQLiteDriver{
		ConnectHook: func(conn *sqlite3.SQLiteConn) error {
			return conn.LoadExtension("./urn", "sqlite3_urn_init")
		},
	})
	db, err := sql.Open("sqlite3_urn", ":memory:")
	if err != nil {
		log.Fatal(err)
	}
	db.SetMaxOpenConns(1) // one connection: one :memory: database
	var canonical string
	err = db.QueryRow("SELECT urn_canonical('URN:ISBN:0-395-36341-1#p')").Scan(&canonical)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(canonical)
	// docs:end
	defer db.Close()

	// A UNIQUE COLLATE URN column refuses an equivalent spelling with the
	// driver's sqlite3.Error, extended code SQLITE_CONSTRAINT_UNIQUE.
	_, err = db.Exec(`CREATE TABLE book(id TEXT UNIQUE COLLATE URN);
		INSERT INTO book VALUES ('urn:example:a%2Cb')`)
	if err != nil {
		log.Fatal(err)
	}
	_, err = db.Exec("INSERT INTO book VALUES ('URN:EXAMPLE:a%2cb#f')")
	if e, ok := err.(sqlite3.Error); ok && e.ExtendedCode == sqlite3.ErrConstraintUnique {
		fmt.Printf("sqlite3.Error %d/%d: %v\n", int(e.Code), int(e.ExtendedCode), e)
	} else {
		log.Fatalf("want sqlite3.ErrConstraintUnique, got %#v", err)
	}

	var valid int
	err = db.QueryRow("SELECT urn_valid('urn:isbn:0-395-36341-6', 'ns')").Scan(&valid)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(valid)
}
