package main

// The workload: clients inserting equivalently spelled URNs into a
// UNIQUE COLLATE URN table and a UNIQUE COLLATE URN_NS table.  Every
// spelling is made from a base name, so the test knows its equivalence
// class under each collation by construction, independently of the
// extension: RFC 8141 §3.1 (scheme and NID case-insensitive, %XX hex
// digits case-insensitive, r-, q- and f-components ignored) for URN, and
// on top of it the namespace rules for URN_NS: ISBN hyphens and the case
// of its X (RFC 3187 §5), UUID hex digits (RFC 9562 §4).

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"sync/atomic"
	"time"

	"github.com/canonical/go-dqlite/client"
	"github.com/canonical/go-dqlite/driver"
)

type spelling struct {
	text  string
	class [2]string // its equivalence class in tables[0] and tables[1]
}

// The two tables: tables[0] is UNIQUE COLLATE URN, tables[1] URN_NS.
var tables = [2]string{"ids", "ids_ns"}

const schemaSQL = `CREATE TABLE ids(id TEXT UNIQUE COLLATE URN, client INTEGER, seq INTEGER);
CREATE TABLE ids_ns(id TEXT UNIQUE COLLATE URN_NS, client INTEGER, seq INTEGER)`

var (
	schemes    = []string{"urn", "URN", "Urn", "uRn"}
	components = []string{"", "", "?+r", "?=lang=en", "#top", "?+res?=q=1#p2", "#"}
)

func pick(r *rand.Rand, xs []string) string { return xs[r.Intn(len(xs))] }

// isbnBase returns the digits of ISBN number b: an ISBN-10 for even b, an
// ISBN-13 (978) for odd b, with its check digit (ISO 2108): mod 11 with
// weights 10..2 (X for 10), mod 10 with weights 1, 3.
func isbnBase(b int) string {
	switch b {
	case 0:
		return "080442957X"
	case 1:
		return "9780395363416"
	}
	body := fmt.Sprintf("%09d", (b*982451653+17)%1000000000)
	if b%2 == 0 {
		sum := 0
		for i := 0; i < 9; i++ {
			sum += (10 - i) * int(body[i]-'0')
		}
		c := (11 - sum%11) % 11
		if c == 10 {
			return body + "X"
		}
		return body + string(rune('0'+c))
	}
	body = "978" + body
	sum := 0
	for i := 0; i < 12; i++ {
		w := 1
		if i%2 == 1 {
			w = 3
		}
		sum += w * int(body[i]-'0')
	}
	return body + string(rune('0'+(10-sum%10)%10))
}

// isbnSpellings: the hyphenations of an ISBN's digits d.
func isbnSpellings(d string) []string {
	if len(d) == 10 {
		return []string{d, d[:1] + "-" + d[1:4] + "-" + d[4:9] + "-" + d[9:],
			d[:2] + "-" + d[2:9] + "-" + d[9:], d[:9] + "-" + d[9:]}
	}
	return []string{d, d[:3] + "-" + d[3:4] + "-" + d[4:7] + "-" + d[7:12] + "-" + d[12:],
		d[:3] + "-" + d[3:12] + "-" + d[12:]}
}

const (
	nExample = 24 // urn:example:item-K%2cpart, any case of scheme, NID, hex
	nCapital = 6  // urn:example:Item-K%2cpart: the NSS is case-sensitive
	nISBN    = 16
	nUUID    = 8
)

// pickSpelling returns a random spelling of a random base name.
func pickSpelling(r *rand.Rand) spelling {
	scheme, comp := pick(r, schemes), pick(r, components)
	hex := pick(r, []string{"c", "C"})
	switch f := r.Intn(nExample + nCapital + nISBN + nUUID); {
	case f < nExample+nCapital:
		// RFC 8141 §3.1: scheme, NID and %XX hex digits case-insensitive,
		// components ignored; the rest of the NSS compared exactly.
		nid := pick(r, []string{"example", "EXAMPLE", "Example"})
		item, class := "item", fmt.Sprintf("example %d", f)
		if f >= nExample {
			item, class = "Item", fmt.Sprintf("example %d capital", f-nExample)
			f -= nExample
		}
		text := fmt.Sprintf("%s:%s:%s-%d%%2%spart%s", scheme, nid, item, f, hex, comp)
		return spelling{text, [2]string{class, class}}
	case f < nExample+nCapital+nISBN:
		// RFC 3187 §5: hyphens and the case of X do not matter in an ISBN
		// (URN_NS); under URN the NSS is compared exactly.
		b := f - nExample - nCapital
		nss := pick(r, isbnSpellings(isbnBase(b)))
		if strings.HasSuffix(nss, "X") && r.Intn(2) == 0 {
			nss = strings.TrimSuffix(nss, "X") + "x"
		}
		nid := pick(r, []string{"isbn", "ISBN", "Isbn"})
		return spelling{scheme + ":" + nid + ":" + nss + comp,
			[2]string{"isbn " + nss, fmt.Sprintf("isbn %d", b)}}
	default:
		// RFC 9562 §4: a UUID's hex digits are case-insensitive (URN_NS).
		u := f - nExample - nCapital - nISBN
		lower := fmt.Sprintf("%08x-%04x-%04x-%04x-%012x", 0xf81d4fae+u*977, 0x7dec+u, 0x11d0, 0xa765, 0xa0c91e6bf6+u*31)
		nss := pick(r, []string{lower, strings.ToUpper(lower), strings.ToUpper(lower[:18]) + lower[18:]})
		nid := pick(r, []string{"uuid", "UUID"})
		return spelling{scheme + ":" + nid + ":" + nss + comp,
			[2]string{"uuid " + nss, fmt.Sprintf("uuid %d", u)}}
	}
}

// Outcomes of one statement.
const (
	acked    = "acknowledged" // the insert reported one row
	ignored  = "ignored"      // INSERT OR IGNORE reported no row
	conflict = "conflict"     // INSERT failed: UNIQUE constraint
	failed   = "failed"       // no answer within the statement's budget
)

type op struct {
	client, seq int
	table       int // index into tables
	orIgnore    bool
	sp          spelling
	outcome     string
	errors      int       // attempts that failed without an answer
	lastErr     string    // the last of them
	sent        time.Time // when it was first sent
	answered    time.Time // when the cluster gave the outcome
}

// openDB returns a database handle on "urn" whose connections go to the
// leader found among addrs.
func openDB(addrs []string) (*sql.DB, error) {
	infos := make([]client.NodeInfo, len(addrs))
	for i, a := range addrs {
		infos[i].Address = a
	}
	store := client.NewInmemNodeStore()
	if err := store.Set(context.Background(), infos); err != nil {
		return nil, err
	}
	drv, err := driver.New(store, driver.WithConnectionTimeout(5*time.Second),
		driver.WithAttemptTimeout(2*time.Second))
	if err != nil {
		return nil, err
	}
	conn, err := drv.OpenConnector("urn")
	if err != nil {
		return nil, err
	}
	db := sql.OpenDB(conn)
	db.SetMaxOpenConns(1)
	return db, nil
}

func isUniqueViolation(err error) bool {
	var e driver.Error
	if errors.As(err, &e) {
		return e.Code == 2067 /* SQLITE_CONSTRAINT_UNIQUE */ ||
			strings.HasPrefix(e.Message, "UNIQUE constraint failed")
	}
	return false
}

// maxAttempts bounds the sends of one statement, with its time budget.
const maxAttempts = 300

// runClient runs n statements of client c on db, counting answered ones in
// done.  A statement that gets no answer (the leader died, an election is
// going on) is sent again, 100 ms apart, up to maxAttempts times within
// budget.  The outcome of an unanswered attempt is unknown: its row may be
// there, and a later attempt then reports it as ignored or conflicting.
func runClient(db *sql.DB, c, n int, seed int64, budget time.Duration, done *int64) []op {
	r := rand.New(rand.NewSource(seed + int64(c)))
	ops := make([]op, n)
	for i := range ops {
		o := &ops[i]
		*o = op{client: c, seq: i + 1, table: r.Intn(2), orIgnore: r.Intn(2) == 0, sp: pickSpelling(r)}
		verb := "INSERT"
		if o.orIgnore {
			verb = "INSERT OR IGNORE"
		}
		stmt := verb + " INTO " + tables[o.table] + "(id, client, seq) VALUES (?, ?, ?)"
		o.sent = time.Now()
		deadline := o.sent.Add(budget)
		for attempt := 1; o.outcome == ""; attempt++ {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			res, err := db.ExecContext(ctx, stmt, o.sp.text, o.client, o.seq)
			cancel()
			var rows int64
			if err == nil {
				rows, err = res.RowsAffected()
			}
			switch {
			case err == nil && rows == 1:
				o.outcome = acked
			case err == nil && rows == 0 && o.orIgnore:
				o.outcome = ignored
			case err == nil:
				o.outcome = failed
				o.lastErr = fmt.Sprintf("%s reported %d rows", verb, rows)
			case !o.orIgnore && isUniqueViolation(err):
				o.outcome = conflict
			default:
				o.errors++
				o.lastErr = err.Error()
				if attempt >= maxAttempts || time.Now().After(deadline) {
					o.outcome = failed
				} else {
					time.Sleep(100 * time.Millisecond)
				}
			}
		}
		o.answered = time.Now()
		atomic.AddInt64(done, 1)
	}
	return ops
}
