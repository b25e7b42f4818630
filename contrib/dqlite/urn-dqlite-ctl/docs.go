package main

// The commands of docs/scaling.md, run as written.  The first ```sh block
// of the page that names urn-dqlite-node is read line by line:
//
//	make ...                              skipped: make cluster built them
//	build/urn-dqlite-node ID ADDRESS DIR &   started and tracked (must end in &)
//	build/urn-dqlite-ctl ...              run; must exit 0
//	dqlite ...                            run; must exit 0
//	# → LINE                              an expected line of the output of
//	                                      the command above, in order
//	# error: TEXT                         the command above must fail, its
//	                                      output holding TEXT
//	# anything else                       a comment
//
// Any other command fails the test, so that the page holds nothing that is
// not run here.  Two substitutions keep the run on free ports and in the
// test's directory: 127.0.0.1:9001 to 9003 become the addresses of the
// run's nodes 1 to 3 (and back again in what the commands print), and an
// argument that starts with "data/" starts with the run's directory
// instead.  Each command is bounded in time.

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

type docCmd struct {
	where      string   // FILE:LINE
	args       []string // as written
	background bool     // the line ends in " &"
	want       []string // "# → " lines
	wantErr    string   // "# error: " text
}

// readDocsBlock returns the commands of the block described above.
func readDocsBlock(path string) ([]docCmd, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var block [][2]interface{} // {line number, text}
	var cur [][2]interface{}
	in := false
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case !in && strings.TrimSpace(line) == "```sh":
			in, cur = true, nil
		case in && strings.TrimSpace(line) == "```":
			in = false
			for _, l := range cur {
				if strings.Contains(l[1].(string), "urn-dqlite-node") {
					block = cur
					break
				}
			}
		case in:
			cur = append(cur, [2]interface{}{n, line})
		}
		if block != nil {
			break
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if block == nil {
		return nil, fmt.Errorf("%s: no ```sh block names urn-dqlite-node", path)
	}
	var cmds []docCmd
	for _, l := range block {
		n, text := l[0].(int), strings.TrimSpace(l[1].(string))
		where := fmt.Sprintf("%s:%d", path, n)
		switch {
		case text == "":
		case strings.HasPrefix(text, "# → "):
			if len(cmds) == 0 {
				return nil, fmt.Errorf("%s: expected output before any command", where)
			}
			c := &cmds[len(cmds)-1]
			c.want = append(c.want, strings.TrimPrefix(text, "# → "))
		case strings.HasPrefix(text, "# error: "):
			if len(cmds) == 0 {
				return nil, fmt.Errorf("%s: expected error before any command", where)
			}
			cmds[len(cmds)-1].wantErr = strings.TrimPrefix(text, "# error: ")
		case strings.HasPrefix(text, "#"):
		default:
			words, err := shellWords(text)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", where, err)
			}
			c := docCmd{where: where, args: words}
			if len(words) > 1 && words[len(words)-1] == "&" {
				c.background, c.args = true, words[:len(words)-1]
			}
			cmds = append(cmds, c)
		}
	}
	return cmds, nil
}

// shellWords splits a command line as sh does for the simple lines of the
// page: words separated by blanks, '...' and "..." quoting (\" and \\
// inside double quotes), and a comment from an unquoted " #" on.
func shellWords(line string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case c == '#' && !inWord:
			return words, nil
		case c == '\'':
			j := strings.IndexByte(line[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unterminated ' quote")
			}
			w.WriteString(line[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(line) && line[i] != '"'; i++ {
				if line[i] == '\\' && i+1 < len(line) && (line[i+1] == '"' || line[i+1] == '\\') {
					i++
				}
				w.WriteByte(line[i])
			}
			if i >= len(line) {
				return nil, fmt.Errorf("unterminated \" quote")
			}
			inWord = true
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}

// shellQuote joins args into a line that sh would split back into them.
func shellQuote(args []string) string {
	var out []string
	for _, a := range args {
		if a != "" && !strings.ContainsAny(a, " \t'\"\\#&;|<>()$`*?") {
			out = append(out, a)
			continue
		}
		out = append(out, `"`+strings.NewReplacer(`\`, `\\`, `"`, `\"`, "$", `\$`, "`", "\\`").Replace(a)+`"`)
	}
	return strings.Join(out, " ")
}

// docAddr is the address the page gives node id.
func docAddr(id int) string { return fmt.Sprintf("127.0.0.1:%d", 9000+id) }

// toRun rewrites an argument of the page for this run; fromRun rewrites
// what a command printed back to the page's addresses.
func (t *clusterTest) toRun(arg string) string {
	for id := 1; id <= 3; id++ {
		arg = strings.ReplaceAll(arg, docAddr(id), t.addr[id])
	}
	if strings.HasPrefix(arg, "data/") {
		arg = t.dir + "/" + strings.TrimPrefix(arg, "data/")
	}
	return arg
}

func (t *clusterTest) fromRun(s string) string {
	for id := 1; id <= 3; id++ {
		s = strings.ReplaceAll(s, t.addr[id], docAddr(id))
	}
	return s
}

// runDocs runs the commands of the page; it returns how many it ran.
func (t *clusterTest) runDocs(cmds []docCmd) int {
	ran := 0
	for _, c := range cmds {
		args := make([]string, len(c.args))
		for i, a := range c.args {
			args[i] = t.toRun(a)
		}
		shown := shellQuote(args)
		switch {
		case args[0] == "make":
			continue
		case args[0] == "build/urn-dqlite-node":
			if !c.background || len(args) != 4 || len(c.want) > 0 || c.wantErr != "" {
				t.h.fail("%s: a node is started as: build/urn-dqlite-node ID ADDRESS DIR &, with no expected output", c.where)
			}
			id, err := strconv.Atoi(args[1])
			if err != nil || id < 1 || id > 3 || args[2] != t.addr[id] {
				t.h.fail("%s: the page starts nodes 1 to 3 on 127.0.0.1:9001 to 9003, not %q", c.where, strings.Join(c.args, " "))
			}
			fmt.Printf("$ %s &\n", shown)
			t.startNode(id, t.node, args[1:]) // the program under test (-node)
		case args[0] == "build/urn-dqlite-ctl" || args[0] == "dqlite":
			if c.background {
				t.h.fail("%s: only nodes run in the background", c.where)
			}
			fmt.Printf("$ %s\n", shown)
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			cmd := exec.CommandContext(ctx, args[0], args[1:]...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			cancel()
			out := t.fromRun(stdout.String())
			all := out + t.fromRun(stderr.String())
			if c.wantErr != "" {
				if err == nil || !strings.Contains(all, c.wantErr) {
					t.h.fail("%s: %s: expected an error with %q, got %v: %s", c.where, shown, c.wantErr, err, all)
				}
				fmt.Printf("  (fails as the page says: %s)\n", c.wantErr)
			} else {
				if err != nil {
					t.h.fail("%s: %s: %v: %s", c.where, shown, err, all)
				}
				got := strings.Split(strings.TrimRight(out, "\n"), "\n")
				if out == "" {
					got = nil
				}
				if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
					t.h.fail("%s: %s printed\n%s\nthe page says\n%s", c.where, shown,
						strings.Join(got, "\n"), strings.Join(c.want, "\n"))
				}
				for _, l := range got {
					fmt.Printf("  %s\n", l)
				}
			}
		default:
			t.h.fail("%s: make cluster runs only build/urn-dqlite-node, build/urn-dqlite-ctl and dqlite from this block, not %q", c.where, c.args[0])
		}
		ran++
	}
	return ran
}
