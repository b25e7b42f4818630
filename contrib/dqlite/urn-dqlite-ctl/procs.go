package main

// The processes the test starts.  Each is tracked by its PID and stopped
// when the test ends, however it ends: a pass, a failed check, the time
// limit, a signal.  Should this program itself die, the kernel kills them
// (Pdeathsig).

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

type proc struct {
	name string        // "node 1", for messages
	log  string        // the file holding its stdout and stderr
	cmd  *exec.Cmd     // cmd.Process.Pid is its PID
	done chan struct{} // closed once it has exited and been reaped
	err  error         // its exit status, once done is closed
	// Set before the test stops or kills it: any other exit fails the test.
	expected int32
}

type harness struct {
	mu       sync.Mutex
	procs    []*proc // every process started, in order
	failOnce sync.Once
}

// start runs path with args, stdout and stderr appended to logPath.
func (h *harness) start(name, path string, args []string, logPath string) (*proc, error) {
	logf, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(path, args...)
	cmd.Stdout = logf
	cmd.Stderr = logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		logf.Close()
		return nil, fmt.Errorf("start %s: %w", path, err)
	}
	p := &proc{name: name, log: logPath, cmd: cmd, done: make(chan struct{})}
	h.mu.Lock()
	h.procs = append(h.procs, p)
	h.mu.Unlock()
	go func() {
		p.err = cmd.Wait()
		logf.Close()
		close(p.done)
		if atomic.LoadInt32(&p.expected) == 0 {
			h.fail("%s (pid %d) exited by itself: %v (see %s)", p.name, p.pid(), p.err, p.log)
		}
	}()
	return p, nil
}

func (p *proc) pid() int { return p.cmd.Process.Pid }

func (p *proc) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// stop sends SIGTERM and waits up to wait for the exit; then SIGKILL.  It
// returns nil only when the process exited with status 0 on SIGTERM.
func (p *proc) stop(wait time.Duration) error {
	if p.exited() {
		return fmt.Errorf("%s (pid %d) had already exited: %v", p.name, p.pid(), p.err)
	}
	atomic.StoreInt32(&p.expected, 1)
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
		if p.err != nil {
			return fmt.Errorf("%s (pid %d) stopped on SIGTERM with %v", p.name, p.pid(), p.err)
		}
		return nil
	case <-time.After(wait):
		p.kill()
		return fmt.Errorf("%s (pid %d) did not stop within %v of SIGTERM: killed", p.name, p.pid(), wait)
	}
}

// kill sends SIGKILL and waits for the exit (bounded: the kernel does it).
func (p *proc) kill() {
	atomic.StoreInt32(&p.expected, 1)
	if p.exited() {
		return
	}
	p.cmd.Process.Signal(syscall.SIGKILL)
	select {
	case <-p.done:
	case <-time.After(10 * time.Second):
	}
}

// stopAll stops every process still running: SIGTERM, up to 5 s for all,
// then SIGKILL.  Safe to call more than once.
func (h *harness) stopAll() {
	h.mu.Lock()
	procs := append([]*proc(nil), h.procs...)
	h.mu.Unlock()
	for _, p := range procs {
		atomic.StoreInt32(&p.expected, 1)
		if !p.exited() {
			p.cmd.Process.Signal(syscall.SIGTERM)
		}
	}
	deadline := time.After(5 * time.Second)
	for _, p := range procs {
		select {
		case <-p.done:
		case <-deadline:
		}
	}
	for _, p := range procs {
		p.kill()
	}
}

// fail reports a failed check, stops every process and exits 1.  Any
// goroutine may call it; the first call wins and the others block until
// the exit.
func (h *harness) fail(format string, args ...interface{}) {
	h.failOnce.Do(func() {
		fmt.Fprintf(os.Stdout, "cluster: FAILED: "+format+"\n", args...)
		h.mu.Lock()
		logs := map[string]bool{}
		for _, p := range h.procs {
			logs[p.log] = true
		}
		h.mu.Unlock()
		var names []string
		for l := range logs {
			names = append(names, l)
		}
		sort.Strings(names)
		if len(names) > 0 {
			fmt.Fprintf(os.Stdout, "cluster: node logs: %s\n", strings.Join(names, " "))
		}
		h.stopAll()
		os.Exit(1)
	})
	select {}
}

// freeAddresses returns n distinct loopback addresses whose ports were free
// a moment ago (the kernel's choice, held open together so they differ).
func freeAddresses(n int) ([]string, error) {
	var ls []net.Listener
	defer func() {
		for _, l := range ls {
			l.Close()
		}
	}()
	var addrs []string
	for i := 0; i < n; i++ {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		ls = append(ls, l)
		addrs = append(addrs, l.Addr().String())
	}
	return addrs, nil
}

// waitListening waits up to wait for p to accept TCP connections on addr.
func waitListening(p *proc, addr string, wait time.Duration) error {
	deadline := time.Now().Add(wait)
	for time.Now().Before(deadline) {
		if p.exited() {
			return fmt.Errorf("%s exited before serving on %s: %v (see %s)", p.name, addr, p.err, p.log)
		}
		c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
		if err == nil {
			c.Close()
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("%s does not serve on %s after %v (see %s)", p.name, addr, wait, p.log)
}
