// Command urn-dqlite-ctl forms a dqlite cluster of urn-dqlite-node
// processes, and runs the test of `make cluster`.
//
//	urn-dqlite-ctl -s ADDRESS[,ADDRESS...] add ID ADDRESS
//	    Add the node ID, serving on ADDRESS, to the cluster as a voter,
//	    through the leader found among the -s addresses.  The node must be
//	    running: it becomes a voter once it has caught up with the log.
//
//	urn-dqlite-ctl test [-node PATH] [-plain PATH] [-ctl PATH] [-dir DIR] [-docs FILE] [-ops N]
//	    The test of `make cluster` (test.go): three nodes on 127.0.0.1, the
//	    commands of docs/scaling.md, four concurrent clients, the leader
//	    killed midway, then the checks.  Its last line is
//	    "cluster: N acknowledged, N present, 0 lost, 0 duplicates,
//	    failover S s, integrity ok on 3 nodes"; a failed check exits 1.
//
// It uses Debian's go-dqlite client (golang-github-canonical-go-dqlite-dev),
// built with GO111MODULE=off: see mk/cluster.mk.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/canonical/go-dqlite/client"
)

func usage() {
	fmt.Fprintf(os.Stderr, `usage:
  urn-dqlite-ctl -s ADDRESS[,ADDRESS...] add ID ADDRESS
  urn-dqlite-ctl test [flags]   (urn-dqlite-ctl test -h lists them)
`)
	os.Exit(2)
}

func main() {
	global := flag.NewFlagSet("urn-dqlite-ctl", flag.ExitOnError)
	global.Usage = usage
	servers := global.String("s", "", "comma-separated addresses of cluster nodes")
	timeout := global.Duration("timeout", 30*time.Second, "give up after this long")
	global.Parse(os.Args[1:])
	args := global.Args()
	if len(args) == 0 {
		usage()
	}
	switch args[0] {
	case "add":
		if *servers == "" || len(args) != 3 {
			usage()
		}
		id, err := strconv.ParseUint(args[1], 10, 64)
		if err != nil || id == 0 {
			fmt.Fprintf(os.Stderr, "urn-dqlite-ctl: bad node ID %q\n", args[1])
			os.Exit(2)
		}
		if err := addVoter(strings.Split(*servers, ","), id, args[2], *timeout); err != nil {
			fmt.Fprintf(os.Stderr, "urn-dqlite-ctl: add %d %s: %v\n", id, args[2], err)
			os.Exit(1)
		}
	case "test":
		os.Exit(runTest(args[1:]))
	default:
		usage()
	}
}

// addVoter adds node id at address as a voter, through the leader that one
// of servers names, within timeout.
func addVoter(servers []string, id uint64, address string, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cli, err := findLeader(ctx, servers)
	if err != nil {
		return err
	}
	defer cli.Close()
	return cli.Add(ctx, client.NodeInfo{ID: id, Address: address, Role: client.Voter})
}

// findLeader returns a client connected to the leader named by one of
// servers; it retries until ctx ends.
func findLeader(ctx context.Context, servers []string) (*client.Client, error) {
	infos := make([]client.NodeInfo, len(servers))
	for i, a := range servers {
		infos[i].Address = a
	}
	store := client.NewInmemNodeStore()
	if err := store.Set(ctx, infos); err != nil {
		return nil, err
	}
	cli, err := client.FindLeader(ctx, store)
	if err != nil {
		return nil, fmt.Errorf("no leader among %s: %w", strings.Join(servers, ","), err)
	}
	return cli, nil
}
