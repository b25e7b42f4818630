package main

// The test of `make cluster`:
//
//  1. the commands of docs/scaling.md (docs.go): start nodes 1 to 3 on
//     127.0.0.1, add 2 and 3 as voters, create and query a table through
//     the dqlite shell;
//  2. four clients insert equivalently spelled URNs concurrently into a
//     UNIQUE COLLATE URN and a UNIQUE COLLATE URN_NS table (workload.go);
//     midway the leader is killed with SIGKILL, the test waits for a new
//     leader, the clients go on, and the killed node is started again;
//  3. leadership moves to each node in turn, and each node, as leader,
//     gives its rows in ORDER BY ... COLLATE order and PRAGMA
//     integrity_check; the three must agree, hold every acknowledged
//     insert, no two equivalent rows, no row nobody inserted, and no
//     conflict without an equivalent row; the rows must come in the byte
//     order of their keys (urn_canonical);
//  4. a fourth node built without sqlite-urn joins; as leader it must fail
//     ORDER BY and INSERT with "no such collation sequence: URN", as
//     docs/compatibility.md says, and change nothing;
//  5. every node stops on SIGTERM with status 0.
//
// Bounded: loopback addresses only; every wait and retry loop has a count
// or a deadline, and the whole test a time limit; every process is stopped
// by its PID on every way out (procs.go).

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/canonical/go-dqlite/client"
)

type clusterTest struct {
	h     *harness
	dir   string
	node  string         // path of urn-dqlite-node
	addr  map[int]string // node ID -> address
	procs map[int]*proc  // node ID -> its last process (main goroutine only)
}

// startNode runs path (a node program) with args "ID ADDRESS DIR" and waits
// until it serves.
func (t *clusterTest) startNode(id int, path string, args []string) {
	name := fmt.Sprintf("node %d", id)
	if path != t.node {
		name += " (" + filepath.Base(path) + ")"
	}
	p, err := t.h.start(name, path, args, filepath.Join(t.dir, fmt.Sprintf("n%d.log", id)))
	if err != nil {
		t.h.fail("%s: %v", name, err)
	}
	if err := waitListening(p, args[1], 10*time.Second); err != nil {
		t.h.fail("%v", err)
	}
	t.procs[id] = p
}

func (t *clusterTest) nodeArgs(id int) []string {
	return []string{strconv.Itoa(id), t.addr[id], filepath.Join(t.dir, fmt.Sprintf("n%d", id))}
}

// leaderAt asks the node at addr which node leads (ID 0: none known).
func leaderAt(addr string) (client.NodeInfo, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	cli, err := client.New(ctx, addr)
	if err != nil {
		return client.NodeInfo{}, err
	}
	defer cli.Close()
	l, err := cli.Leader(ctx)
	if err != nil {
		return client.NodeInfo{}, err
	}
	return *l, nil
}

// leader returns the ID of the node that the nodes in ids agree leads, and
// that says so itself; 0 when there is none yet.
func (t *clusterTest) leader(ids []int) int {
	for _, id := range ids {
		l, err := leaderAt(t.addr[id])
		if err != nil || l.ID == 0 {
			continue
		}
		if self, err := leaderAt(l.Address); err == nil && self.ID == l.ID {
			return int(l.ID)
		}
	}
	return 0
}

// makeLeader moves leadership to node id: up to 20 tries within 60 s.
func (t *clusterTest) makeLeader(id int, members []int) error {
	deadline := time.Now().Add(60 * time.Second)
	var last error
	for try := 0; try < 20 && time.Now().Before(deadline); try++ {
		cur := t.leader(members)
		if cur == id {
			return nil
		}
		if cur == 0 {
			last = fmt.Errorf("no leader")
			time.Sleep(200 * time.Millisecond)
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cli, err := client.New(ctx, t.addr[cur])
		if err == nil {
			err = cli.Transfer(ctx, uint64(id))
			cli.Close()
		}
		cancel()
		if err != nil {
			last = err
			time.Sleep(300 * time.Millisecond)
			continue
		}
		for i := 0; i < 50; i++ {
			if t.leader([]int{id}) == id {
				return nil
			}
			time.Sleep(100 * time.Millisecond)
		}
		last = fmt.Errorf("transfer to node %d answered, but it does not lead", id)
	}
	return fmt.Errorf("cannot make node %d the leader: %v", id, last)
}

// A node's view of the data, read while it leads.
type snapshot struct {
	rows      [2][]row // tables[0], tables[1], in ORDER BY id COLLATE order
	integrity string
}

type row struct {
	id          string
	client, seq int
	key         string // coalesce(urn_canonical(id[, 'ns']), id)
}

func (s snapshot) String() string {
	var b strings.Builder
	for i, rs := range s.rows {
		fmt.Fprintf(&b, "%s:\n", tables[i])
		for _, r := range rs {
			fmt.Fprintf(&b, "%s|%d|%d\n", r.id, r.client, r.seq)
		}
	}
	return b.String()
}

var readSQL = [2]string{
	"SELECT id, client, seq, coalesce(urn_canonical(id), id) FROM ids ORDER BY id COLLATE URN",
	"SELECT id, client, seq, coalesce(urn_canonical(id, 'ns'), id) FROM ids_ns ORDER BY id COLLATE URN_NS",
}

// readAt reads the snapshot through node id, which must lead before and
// after the read (else the driver could have read another node).
func (t *clusterTest) readAt(id int, members []int) (snapshot, error) {
	var s snapshot
	for try := 0; try < 5; try++ {
		if err := t.makeLeader(id, members); err != nil {
			return s, err
		}
		db, err := openDB([]string{t.addr[id]})
		if err != nil {
			return s, err
		}
		s, err = readSnapshot(db)
		db.Close()
		if err == nil && t.leader([]int{id}) == id {
			return s, nil
		}
	}
	return s, fmt.Errorf("node %d did not stay the leader long enough to be read", id)
}

func readSnapshot(db *sql.DB) (snapshot, error) {
	var s snapshot
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for i, q := range readSQL {
		rs, err := db.QueryContext(ctx, q)
		if err != nil {
			return s, err
		}
		for rs.Next() {
			var r row
			if err := rs.Scan(&r.id, &r.client, &r.seq, &r.key); err != nil {
				rs.Close()
				return s, err
			}
			s.rows[i] = append(s.rows[i], r)
		}
		err = rs.Err()
		rs.Close()
		if err != nil {
			return s, err
		}
	}
	var lines []string
	rs, err := db.QueryContext(ctx, "PRAGMA integrity_check")
	if err != nil {
		return s, err
	}
	for rs.Next() {
		var l string
		if err := rs.Scan(&l); err != nil {
			rs.Close()
			return s, err
		}
		lines = append(lines, l)
	}
	rs.Close()
	s.integrity = strings.Join(lines, "; ")
	return s, rs.Err()
}

func runTest(argv []string) int {
	fs := flag.NewFlagSet("urn-dqlite-ctl test", flag.ExitOnError)
	nodePath := fs.String("node", "build/urn-dqlite-node", "the node program, with sqlite-urn")
	plainPath := fs.String("plain", "build/urn-dqlite-node-plain", "the node program without sqlite-urn")
	dir := fs.String("dir", "build/cluster/run", "the nodes' data and logs (emptied first)")
	docsPath := fs.String("docs", "docs/scaling.md", "the page whose commands are run")
	nOps := fs.Int("ops", 200, "statements per client")
	nClients := fs.Int("clients", 4, "concurrent clients")
	seed := fs.Int64("seed", 1, "seed of the workload")
	limit := fs.Duration("limit", 170*time.Second, "fail when the whole test takes longer")
	fs.Parse(argv)

	h := &harness{}
	t := &clusterTest{h: h, dir: *dir, node: *nodePath, addr: map[int]string{}, procs: map[int]*proc{}}
	start := time.Now()

	// Every way out stops the nodes: a signal, the time limit, a failed check.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	go func() { s := <-sigs; h.fail("stopped by signal %v", s) }()
	go func() { time.Sleep(*limit); h.fail("the test took longer than %v", *limit) }()

	for _, p := range []string{*nodePath, *plainPath} {
		if _, err := os.Stat(p); err != nil {
			h.fail("%v (make cluster builds it)", err)
		}
	}
	cmds, err := readDocsBlock(*docsPath)
	if err != nil {
		h.fail("%v", err)
	}
	// Empty the directory of an earlier run, and nothing else.
	if old, err := os.ReadDir(t.dir); err == nil {
		for _, e := range old {
			if !strings.HasPrefix(e.Name(), "n") {
				h.fail("%s holds %s, which no run of this test made: give -dir a directory of its own", t.dir, e.Name())
			}
		}
	}
	if err := os.RemoveAll(t.dir); err != nil {
		h.fail("%v", err)
	}
	if err := os.MkdirAll(t.dir, 0o755); err != nil {
		h.fail("%v", err)
	}
	addrs, err := freeAddresses(4)
	if err != nil {
		h.fail("no free port on 127.0.0.1: %v", err)
	}
	for i, a := range addrs {
		t.addr[i+1] = a
	}
	voters := []int{1, 2, 3}

	// 1. The page's commands.
	fmt.Printf("cluster: the commands of %s, 127.0.0.1:9001-9003 on %s, %s, %s\n",
		*docsPath, t.addr[1], t.addr[2], t.addr[3])
	ran := t.runDocs(cmds)
	for _, id := range voters {
		if t.procs[id] == nil {
			h.fail("%s does not start node %d", *docsPath, id)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	cli, err := findLeader(ctx, []string{t.addr[1], t.addr[2], t.addr[3]})
	var members []client.NodeInfo
	if err == nil {
		members, err = cli.Cluster(ctx)
		cli.Close()
	}
	cancel()
	if err != nil {
		h.fail("cluster membership: %v", err)
	}
	nVoters := 0
	for _, m := range members {
		if m.Role == client.Voter {
			nVoters++
		}
	}
	if len(members) != 3 || nVoters != 3 {
		h.fail("after %s the cluster has %d members, %d voters; want 3 voters", *docsPath, len(members), nVoters)
	}
	fmt.Printf("cluster: %d commands of %s ran as written; 3 voters\n", ran, *docsPath)

	// 2. The workload, the leader killed midway.
	all := []string{t.addr[1], t.addr[2], t.addr[3]}
	setup, err := openDB(all)
	if err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, err = setup.ExecContext(ctx, schemaSQL)
		cancel()
		setup.Close()
	}
	if err != nil {
		h.fail("schema: %v", err)
	}
	total := int64(*nClients * *nOps)
	var done int64
	results := make([][]op, *nClients)
	var wg sync.WaitGroup
	for c := 0; c < *nClients; c++ {
		db, err := openDB(all)
		if err != nil {
			h.fail("client %d: %v", c, err)
		}
		wg.Add(1)
		go func(c int, db *sql.DB) {
			defer wg.Done()
			defer db.Close()
			results[c] = runClient(db, c+1, *nOps, *seed, 45*time.Second, &done)
		}(c, db)
	}
	workDone := make(chan struct{})
	go func() { wg.Wait(); close(workDone) }()
	fmt.Printf("cluster: workload: %d clients, %d statements each, into %s (UNIQUE COLLATE URN) and %s (UNIQUE COLLATE URN_NS)\n",
		*nClients, *nOps, tables[0], tables[1])

	waitDone := func(n int64, what string) {
		deadline := time.After(120 * time.Second)
		for atomic.LoadInt64(&done) < n {
			select {
			case <-workDone:
				h.fail("the workload ended before %s", what)
			case <-deadline:
				h.fail("the clients made no progress for 120 s before %s", what)
			case <-time.After(10 * time.Millisecond):
			}
		}
	}
	waitDone(total/2, "the leader was killed")
	old := t.leader(voters)
	if old == 0 {
		h.fail("no leader midway through the workload")
	}
	victim := t.procs[old]
	victim.kill()
	killedAt := time.Now() // it is dead: reaped
	atKill := atomic.LoadInt64(&done)
	fmt.Printf("cluster: killed the leader, node %d (pid %d), with SIGKILL after %d of %d statements\n",
		old, victim.pid(), atKill, total)
	var rest []int
	for _, id := range voters {
		if id != old {
			rest = append(rest, id)
		}
	}
	newLeader := 0
	for deadline := time.Now().Add(30 * time.Second); newLeader == 0; {
		if time.Now().After(deadline) {
			h.fail("no new leader within 30 s of killing node %d", old)
		}
		if l := t.leader(rest); l != 0 && l != old {
			newLeader = l
		} else {
			time.Sleep(50 * time.Millisecond)
		}
	}
	failover := time.Since(killedAt)
	fmt.Printf("cluster: node %d leads %.1f s after the kill; the clients go on\n", newLeader, failover.Seconds())
	// A few statements with the node down, then it starts again and
	// catches up while the clients go on.
	restartAt := atomic.LoadInt64(&done) + 40
	if restartAt > total {
		restartAt = total
	}
	waitDone(restartAt, "the killed node was started again")
	t.startNode(old, t.node, t.nodeArgs(old))
	fmt.Printf("cluster: node %d started again (pid %d) after %d statements\n", old, t.procs[old].pid(), atomic.LoadInt64(&done))
	<-workDone

	var ops []op
	count := map[string]int{}
	retried, longest := 0, time.Duration(0)
	for _, rs := range results {
		for _, o := range rs {
			ops = append(ops, o)
			count[o.outcome]++
			if o.errors > 0 {
				retried++
			}
			if d := o.answered.Sub(o.sent); d > longest {
				longest = d
			}
		}
	}
	for _, o := range ops {
		if o.outcome == failed {
			h.fail("client %d statement %d (%s into %s) got no answer: %s",
				o.client, o.seq, o.sp.text, tables[o.table], o.lastErr)
		}
	}
	fmt.Printf("cluster: %d statements: %d acknowledged, %d ignored (OR IGNORE), %d UNIQUE conflicts; %d sent again after an error; the longest took %.1f s\n",
		len(ops), count[acked], count[ignored], count[conflict], retried, longest.Seconds())

	// 3. Each node, as leader: the same rows, in the same order, intact.
	snaps := map[int]snapshot{}
	for _, id := range voters {
		s, err := t.readAt(id, voters)
		if err != nil {
			h.fail("%v", err)
		}
		if s.integrity != "ok" {
			h.fail("PRAGMA integrity_check on node %d: %s", id, s.integrity)
		}
		snaps[id] = s
		fmt.Printf("cluster: node %d as leader: %d rows in %s, %d in %s, integrity ok\n",
			id, len(s.rows[0]), tables[0], len(s.rows[1]), tables[1])
	}
	ref := snaps[1]
	for _, id := range voters[1:] {
		if snaps[id].String() != ref.String() {
			h.fail("node %d and node 1 differ:\nnode 1:\n%s\nnode %d:\n%s", id, ref, id, snaps[id])
		}
	}
	present, lost, dups, unacked := checkRows(h, ref, ops)
	fmt.Printf("cluster: nodes 1, 2, 3 hold the same %d + %d rows in the same order; %d committed without an acknowledgement (sent again, ignored or conflicting)\n",
		len(ref.rows[0]), len(ref.rows[1]), unacked)

	// 4. A node without sqlite-urn.
	t.checkPlainNode(*plainPath, ref)

	// 5. Clean stops.
	for _, id := range voters {
		if err := t.procs[id].stop(10 * time.Second); err != nil {
			h.fail("%v", err)
		}
	}
	if lost != 0 || dups != 0 {
		h.fail("%d lost, %d duplicates", lost, dups)
	}
	fmt.Printf("cluster: nodes 1, 2, 3 stopped on SIGTERM with status 0 (%.0f s in all)\n", time.Since(start).Seconds())
	fmt.Printf("cluster: %d acknowledged, %d present, %d lost, %d duplicates, failover %.1f s, integrity ok on 3 nodes\n",
		count[acked], present, lost, dups, failover.Seconds())
	return 0
}

// checkRows checks a node's rows against what the clients were told.  It
// returns how many acknowledged inserts are present and lost, how many
// rows are equivalent to an earlier row of their table, and how many rows
// were committed without an acknowledgement (the answer lost with the
// leader); any other finding fails the test.
func checkRows(h *harness, s snapshot, ops []op) (present, lost, dups, unacked int) {
	type ref struct{ client, seq int }
	byRef := map[ref]*op{}
	for i := range ops {
		byRef[ref{ops[i].client, ops[i].seq}] = &ops[i]
	}
	var rowAt [2]map[ref]row
	var classes [2]map[string]bool
	for t := range tables {
		rowAt[t] = map[ref]row{}
		classes[t] = map[string]bool{}
		for i, r := range s.rows[t] {
			k := ref{r.client, r.seq}
			o := byRef[k]
			if o == nil || o.table != t || o.sp.text != r.id {
				h.fail("%s holds %q from client %d statement %d, which no client inserted there", tables[t], r.id, r.client, r.seq)
			}
			if _, ok := rowAt[t][k]; ok {
				h.fail("%s holds statement %d of client %d twice", tables[t], r.seq, r.client)
			}
			rowAt[t][k] = r
			if o.outcome != acked {
				unacked++
			}
			if classes[t][o.sp.class[t]] {
				dups++
			}
			classes[t][o.sp.class[t]] = true
			// The rows come in the order of the collation: the byte order
			// of the keys (docs/collations.md), strictly, since no two are
			// equivalent.
			if i > 0 && !(s.rows[t][i-1].key < r.key) {
				h.fail("%s: ORDER BY id COLLATE gives %q before %q, whose keys %q, %q are not in increasing byte order",
					tables[t], s.rows[t][i-1].id, r.id, s.rows[t][i-1].key, r.key)
			}
		}
	}
	for i := range ops {
		o := &ops[i]
		switch o.outcome {
		case acked:
			if r, ok := rowAt[o.table][ref{o.client, o.seq}]; ok && r.id == o.sp.text {
				present++
			} else {
				lost++
				fmt.Printf("cluster: lost: %q into %s (client %d statement %d) was acknowledged\n", o.sp.text, tables[o.table], o.client, o.seq)
			}
		case ignored, conflict:
			// A conflict is only right when an equivalent row is there.
			if !classes[o.table][o.sp.class[o.table]] {
				h.fail("%q into %s (client %d statement %d) was %s, but %s holds no equivalent row",
					o.sp.text, tables[o.table], o.client, o.seq, o.outcome, tables[o.table])
			}
		}
	}
	return present, lost, dups, unacked
}

// checkPlainNode joins a node built without sqlite-urn, makes it the
// leader, and checks that it fails the way docs/compatibility.md says and
// that the data is the same afterwards.
func (t *clusterTest) checkPlainNode(plainPath string, before snapshot) {
	const id = 4
	voters := []int{1, 2, 3}
	t.startNode(id, plainPath, t.nodeArgs(id))
	if err := addVoter([]string{t.addr[1], t.addr[2], t.addr[3]}, id, t.addr[id], 30*time.Second); err != nil {
		t.h.fail("adding node 4: %v", err)
	}
	all := []int{1, 2, 3, 4}
	if err := t.makeLeader(id, all); err != nil {
		t.h.fail("%v", err)
	}
	db, err := openDB([]string{t.addr[id]})
	if err != nil {
		t.h.fail("%v", err)
	}
	want := "no such collation sequence: URN"
	// docs/compatibility.md: statements that need the collation fail, even
	// count(*), which prefers the smallest index: the UNIQUE one.
	checks := []struct{ what, sql string }{
		{"ORDER BY", "SELECT id FROM ids ORDER BY id COLLATE URN"},
		{"INSERT", "INSERT INTO ids(id, client, seq) VALUES ('urn:example:from-plain-node', 0, 0)"},
		{"count(*)", "SELECT count(*) FROM ids"},
	}
	var seen []string
	for _, c := range checks {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		var err error
		if strings.HasPrefix(c.sql, "SELECT") {
			var rs *sql.Rows
			rs, err = db.QueryContext(ctx, c.sql)
			if err == nil {
				for rs.Next() {
				}
				err = rs.Err()
				rs.Close()
			}
		} else {
			_, err = db.ExecContext(ctx, c.sql)
		}
		cancel()
		if err == nil || !strings.Contains(err.Error(), want) {
			t.h.fail("node 4 without sqlite-urn: %s: want %q, got %v", c.what, want, err)
		}
		seen = append(seen, c.what)
	}
	// The data stays readable where no index of the collation is used.
	var n int
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	err = db.QueryRowContext(ctx, "SELECT count(*) FROM ids NOT INDEXED").Scan(&n)
	cancel()
	db.Close()
	if err != nil || n != len(before.rows[0]) {
		t.h.fail("node 4 without sqlite-urn: SELECT count(*) FROM ids NOT INDEXED: %d, %v; want %d", n, err, len(before.rows[0]))
	}
	if t.leader([]int{id}) != id {
		t.h.fail("node 4 lost the leadership during its checks")
	}
	fmt.Printf("cluster: node 4 without sqlite-urn, as leader: %s fail with %q; count(*) NOT INDEXED gives %d\n",
		strings.Join(seen, ", "), want, n)

	// Back to node 1; node 4 leaves; nothing has changed.
	if err := t.makeLeader(1, all); err != nil {
		t.h.fail("%v", err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 20*time.Second)
	cli, err := client.New(ctx, t.addr[1])
	if err == nil {
		err = cli.Remove(ctx, id)
		cli.Close()
	}
	cancel()
	if err != nil {
		t.h.fail("removing node 4: %v", err)
	}
	if err := t.procs[id].stop(10 * time.Second); err != nil {
		t.h.fail("%v", err)
	}
	after, err := t.readAt(1, voters)
	if err != nil {
		t.h.fail("%v", err)
	}
	if after.String() != before.String() || after.integrity != "ok" {
		t.h.fail("the data changed while node 4 led:\nbefore:\n%s\nafter:\n%s", before, after)
	}
	fmt.Printf("cluster: node 4 removed and stopped; node 1 reads the same rows, integrity ok\n")
}
