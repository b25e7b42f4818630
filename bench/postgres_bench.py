#!/usr/bin/env python3
"""bench/postgres_bench.py -- the speed rows of docs/postgres.md (make
bench-postgres), run by bench/postgres_bench.sh on a throwaway cluster:

  bench/postgres_bench.py --port P --dir D --rows N --gen GEN [--reps R]
                          [--commit C] [--out FILE]

N rows of bench/gen_corpus.c's corpus (its URNs: the type holds nothing
else), in one table with a urn column and a text COLLATE "C" column, both
holding the same strings.  Each figure is the median of R (>= 5) alternating
runs in one psql session, timed by psql (\\timing: the server's work and
one round trip); ratio = time on urn / time on text COLLATE "C":
  16  CREATE INDEX on the urn column         against the text column
  17  COPY into a urn column (each value validated) against a text column
  18  equality lookups through the btree index: 300,000 probes (a nested
      loop join over the index) into a table of one row per name, each
      probe spelled as stored, so that each finds one row in both
  19  GROUP BY the urn column                against the text column
Both tables are UNLOGGED, so that WAL writing does not hide the types'
costs; parallel workers are off (the machine has 2 cores, shared);
maintenance_work_mem and work_mem hold every sort and hash in memory.
The table goes to stdout and replaces the section "PostgreSQL (make
bench-postgres)" at the end of FILE, which make bench writes last.
"""
import argparse
import datetime
import os
import platform
import re
import statistics
import subprocess

MARK = 'PostgreSQL (make bench-postgres)'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--port', required=True)
    ap.add_argument('--dir', required=True)
    ap.add_argument('--rows', type=int, default=1000000)
    ap.add_argument('--gen', required=True)
    ap.add_argument('--reps', type=int, default=5)
    ap.add_argument('--commit', default='unknown')
    ap.add_argument('--out')
    ap.add_argument('--user', default=os.environ.get('PGT_USER', 'postgres'))
    o = ap.parse_args()
    reps = max(5, o.reps)

    def psql(sql):
        p = subprocess.run(['psql', '-X', '-q', '-A', '-t', '-h', '127.0.0.1', '-p', o.port, '-U', o.user,
                            '-d', 'postgres', '-v', 'ON_ERROR_STOP=1'],
                           input=sql.encode(), capture_output=True)
        if p.returncode:
            raise SystemExit('bench-postgres: ' + p.stderr.decode())
        return p.stdout.decode()

    # The corpus: its URNs, one a line, in a file the server reads.
    text = subprocess.run([o.gen, str(o.rows), '1'], capture_output=True, check=True).stdout
    raw = os.path.join(o.dir, 'raw.txt')
    with open(raw, 'wb') as f:
        f.write(text.replace(b'\\', b'\\\\'))
    os.chmod(raw, 0o644)
    setup = f"""
SET max_parallel_workers_per_gather = 0; SET max_parallel_maintenance_workers = 0;
CREATE EXTENSION IF NOT EXISTS urn;
CREATE UNLOGGED TABLE raw(s text COLLATE "C");
COPY raw FROM '{raw}' WITH (FORMAT text, DELIMITER E'\\x01');
DELETE FROM raw WHERE NOT urn_valid(s);
CREATE UNLOGGED TABLE t(u urn, s text COLLATE "C");
INSERT INTO t SELECT s::urn, s FROM raw;
VACUUM ANALYZE t;
COPY (SELECT s FROM raw) TO '{o.dir}/urns.txt';
CREATE UNLOGGED TABLE cu(u urn);
CREATE UNLOGGED TABLE cs(s text COLLATE "C");
CREATE UNLOGGED TABLE lk AS SELECT DISTINCT ON (urn_key(s)) s::urn AS u, s FROM raw;
CREATE UNLOGGED TABLE probe AS SELECT u, s FROM lk WHERE random() < 300000.0 / (SELECT count(*) FROM lk);
ANALYZE lk; ANALYZE probe;
SELECT count(*), sum(length(s)), count(DISTINCT u), count(DISTINCT s) FROM t;
SELECT count(*) FROM probe;
"""
    out = psql(setup).split()
    nrow, nbytes, nclass, nstr = (int(x) for x in out[0].split('|'))
    nprobe = int(out[1])
    load0 = os.getloadavg()[0]

    head = ("SET max_parallel_workers_per_gather = 0; SET max_parallel_maintenance_workers = 0;\n"
            "SET maintenance_work_mem = '1GB'; SET work_mem = '1GB'; SET jit = off;\n")
    pairs = {
        16: ('CREATE INDEX tu ON t(u);', 'CREATE INDEX ts ON t(s);',
             'DROP INDEX IF EXISTS tu; DROP INDEX IF EXISTS ts;'),
        17: (f"COPY cu FROM '{o.dir}/urns.txt';", f"COPY cs FROM '{o.dir}/urns.txt';",
             'TRUNCATE cu; TRUNCATE cs;'),
        19: ('SELECT count(*) FROM (SELECT u FROM t GROUP BY u) g;',
             'SELECT count(*) FROM (SELECT s FROM t GROUP BY s) g;', ''),
    }
    look = ("SET enable_hashjoin = off; SET enable_mergejoin = off; SET enable_seqscan = off;"
            " SET enable_bitmapscan = off;\n")
    times = {k: ([], []) for k in (16, 17, 18, 19)}
    # 18's indexes, built once.
    psql(head + 'CREATE INDEX lu ON lk(u); CREATE INDEX ls ON lk(s); ANALYZE lk;')
    plan = psql(head + look + 'EXPLAIN SELECT count(*) FROM probe p JOIN lk ON lk.u = p.u;')
    assert 'lu' in plan, plan
    for rep in range(reps):
        order = (0, 1) if rep % 2 == 0 else (1, 0)
        script = head + '\\timing on\n'
        tags = []
        for k in (16, 17, 19):
            a, b, undo = pairs[k]
            for w in order:
                script += (a if w == 0 else b) + '\n'
                tags.append((k, w))
                if undo and k != 19:
                    script += '\\timing off\n' + undo + '\n\\timing on\n'
        script += '\\timing off\n' + look + '\\timing on\n'
        for w in order:
            script += ('SELECT count(*) FROM probe p JOIN lk ON lk.u = p.u;\n' if w == 0
                       else 'SELECT count(*) FROM probe p JOIN lk ON lk.s = p.s;\n')
            tags.append((18, w))
        res = psql(script)
        ms = [float(x) for x in re.findall(r'^Time: ([0-9.]+) ms', res, re.M)]
        assert len(ms) == len(tags), (len(ms), len(tags), res[-2000:])
        for (k, w), t in zip(tags, ms):
            times[k][w].append(t)
        psql('DROP INDEX IF EXISTS tu; DROP INDEX IF EXISTS ts; TRUNCATE cu; TRUNCATE cs;')
    load1 = os.getloadavg()[0]
    ver = psql('SHOW server_version;').strip()

    rows = []
    spec = [
        (16, 'CREATE INDEX on a urn column', 'text COLLATE "C"', 1.3, f'{nrow} rows, {nclass} classes'),
        (17, 'COPY into a urn column', 'COPY into text', 1.3, 'every value validated'),
        (18, f'index lookups, {nprobe} probes', 'text COLLATE "C"', 1.2,
         f'nested loop over the btree of {nclass} distinct names'),
        (19, 'GROUP BY a urn column', 'text COLLATE "C"', 1.3, f'{nclass} groups against {nstr}'),
    ]
    for k, what, against, target, note in spec:
        a, b = statistics.median(times[k][0]), statistics.median(times[k][1])
        r = a / b
        verdict = 'met   ' if r <= target else 'MISSED'
        rows.append(f'{k:<3} {what:<41} {against:<26} {r:.2f}x  <= {target}x  {verdict}  '
                    f'{a:.0f} ms vs {b:.0f} ms, {note}')
    text = '\n'.join([
        MARK,
        f'date     {datetime.datetime.utcnow():%Y-%m-%d %H:%M} UTC',
        f'machine  {platform.machine()}, {os.cpu_count()} cores',
        f'commit   {o.commit}',
        f'postgres {ver}, one throwaway cluster on 127.0.0.1; extension build/postgres/urn.so',
        f'corpus   BENCH_N={o.rows} rows of bench/gen_corpus.c (seed 1), its {nrow} URNs, '
        f'{nbytes / 1e6:.1f} MB; {nclass} classes',
        f'load     {load0:.2f} before, {load1:.2f} after (1-minute load average)',
        f'method   each figure is the median of {reps} alternating runs in one psql session (\\timing); '
        'ratio = time on urn / time on text COLLATE "C", same run; UNLOGGED tables, no parallel workers',
        '',
        '#   measurement                               against                    ratio  target    verdict medians',
        *rows,
    ]) + '\n'
    print(text, end='')
    if o.out:
        prev = open(o.out, encoding='utf-8').read() if os.path.exists(o.out) else ''
        at = prev.find('\n' + MARK)
        if at >= 0:
            prev = prev[:at]
        elif prev.startswith(MARK):
            prev = ''
        with open(o.out, 'w', encoding='utf-8') as f:
            f.write(prev.rstrip('\n') + '\n\n' + text if prev else text)


if __name__ == '__main__':
    main()
