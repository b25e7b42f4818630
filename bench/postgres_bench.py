#!/usr/bin/env python3
"""bench/postgres_bench.py -- the speed rows of docs/postgres.md (make
bench-postgres), run by bench/postgres_bench.sh on a throwaway cluster:

  bench/postgres_bench.py --port P --dir D --rows N --gen GEN [--reps R]
                          [--sets realistic,worst] [--types urn,urn_ns]
                          [--commit C] [--out FILE]

Two data sets of N rows each:
  realistic  bench/gen_corpus.c's corpus (seed 1), its URNs (the type holds
             nothing else): NBN, ISBN, ISSN, UUID, RFC, EPC, DOI..., mostly
             written canonically, about 10% respellings of earlier rows;
  worst      every value written 'URN:NBN:DE:GBV:089-%2f2024-' and ten
             digits: the scheme and NID in capitals and a %-escape in lower
             case (no value is its own key), 27 bytes shared by all, so
             that an abbreviated key decides nothing.
Each is held in one table three ways: a urn column, a urn_ns column and a
text COLLATE "C" column holding lower(x), the floor a DBA would otherwise
choose.  Every figure is the median of R (>= 5) alternating runs in one
psql session per run, timed by psql (\\timing: the server's work and one
round trip); ratio = time on urn (or urn_ns) / time on lower(x) as text
COLLATE "C", measured in the same run:
  16  CREATE UNIQUE INDEX on a table of one row per name (no parallel
      workers; maintenance_work_mem holds the sort)
  17  equality lookups through the btree index: up to 300,000 probes, a
      nested loop join over the index, each probe spelled as stored
  18  ORDER BY, in memory (work_mem 1GB): the whole sort, no row sent
  19  ORDER BY, external (work_mem 1MB)
  20  INSERT ... SELECT ... ON CONFLICT DO NOTHING into an empty UNIQUE
      column: every row through the unique index
  21  GROUP BY (a hash aggregate)
  22  COPY into the column from a file (each value validated and keyed)
Then the storage: heap and btree index sizes of one-column tables holding
the same rows as urn, urn_ns, text as written and lower(x), on both data
sets and on the realistic set's respellings alone (its rows not written as
their key).  All tables are UNLOGGED, so that WAL writing does not hide the
types' costs; parallel workers are off (the machine has 2 cores, shared).
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
# Row number, name, target on the realistic set, target in the worst case
# (urn; urn_ns has 1.3x on both).
OPS = [
    (16, 'CREATE UNIQUE INDEX'),
    (17, 'equality lookups through the index'),
    (18, 'ORDER BY, in memory'),
    (19, 'ORDER BY, external (work_mem 1MB)'),
    (20, 'INSERT ... ON CONFLICT DO NOTHING'),
    (21, 'GROUP BY'),
    (22, 'COPY in'),
]
TARGET = {('urn', 'realistic'): 1.15, ('urn', 'worst'): 1.3,
          ('urn_ns', 'realistic'): 1.3, ('urn_ns', 'worst'): 1.3}
# The worst case's values: a permutation of 1..N (16807 is a primitive root
# of the prime 2^31-1), so that they are distinct and in no order.
WORST = ("'URN:NBN:DE:GBV:089-%2f2024-' || lpad(((g::bigint * 16807) % 2147483647)::text, 10, '0')")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--port', required=True)
    ap.add_argument('--dir', required=True)
    ap.add_argument('--rows', type=int, default=1000000)
    ap.add_argument('--gen', required=True)
    ap.add_argument('--reps', type=int, default=5)
    ap.add_argument('--sets', default='realistic,worst')
    ap.add_argument('--types', default='urn,urn_ns')
    ap.add_argument('--ops', default=','.join(str(k) for k, _ in OPS))
    ap.add_argument('--commit', default='unknown')
    ap.add_argument('--out')
    ap.add_argument('--user', default=os.environ.get('PGT_USER', 'postgres'))
    o = ap.parse_args()
    reps = max(5, o.reps) if o.out else max(1, o.reps)
    sets = o.sets.split(',')
    types = o.types.split(',')
    ops = [int(k) for k in o.ops.split(',')]

    def psql(sql):
        p = subprocess.run(['psql', '-X', '-q', '-A', '-t', '-h', '127.0.0.1', '-p', o.port, '-U', o.user,
                            '-d', 'postgres', '-v', 'ON_ERROR_STOP=1'],
                           input=sql.encode(), capture_output=True)
        if p.returncode:
            raise SystemExit('bench-postgres: ' + p.stderr.decode())
        return p.stdout.decode()

    head = ("SET max_parallel_workers_per_gather = 0; SET max_parallel_maintenance_workers = 0;\n"
            "SET maintenance_work_mem = '1GB'; SET work_mem = '1GB'; SET jit = off;\n")
    psql('CREATE EXTENSION IF NOT EXISTS urn;')

    # ---- The data sets: raw_S(s) as written, then the tables.
    info = {}
    for ds in sets:
        if ds == 'realistic':
            text = subprocess.run([o.gen, str(o.rows), '1'], capture_output=True, check=True).stdout
            raw = os.path.join(o.dir, 'raw.txt')
            with open(raw, 'wb') as f:
                f.write(text.replace(b'\\', b'\\\\'))
            os.chmod(raw, 0o644)
            load = (f"CREATE UNLOGGED TABLE raw_{ds}(s text COLLATE \"C\");\n"
                    f"COPY raw_{ds} FROM '{raw}' WITH (FORMAT text, DELIMITER E'\\x01');\n"
                    f"DELETE FROM raw_{ds} WHERE NOT urn_valid(s);\n")
        else:
            load = (f"CREATE UNLOGGED TABLE raw_{ds}(s text COLLATE \"C\");\n"
                    f"INSERT INTO raw_{ds} SELECT {WORST} FROM generate_series(1, {o.rows}) g;\n")
        d = o.dir
        psql(head + load + f"""
CREATE UNLOGGED TABLE t_{ds}(u urn, n urn_ns, s text COLLATE "C");
INSERT INTO t_{ds} SELECT s::urn, s::urn_ns, lower(s) FROM raw_{ds};
VACUUM ANALYZE t_{ds};
COPY (SELECT s FROM raw_{ds}) TO '{d}/{ds}_spell.txt';
COPY (SELECT lower(s) FROM raw_{ds}) TO '{d}/{ds}_lower.txt';
-- One row per name under every equality (URN_NS is the coarsest of the
-- types', then lower(x) among those), for the unique indexes and lookups.
CREATE UNLOGGED TABLE lk_{ds} AS SELECT DISTINCT ON (s) u, n, s FROM
  (SELECT DISTINCT ON (urn_key(u::text, 'ns')) u, n, s FROM t_{ds}) x;
CREATE UNLOGGED TABLE lx_{ds} AS SELECT * FROM lk_{ds};
CREATE INDEX lxu_{ds} ON lx_{ds}(u); CREATE INDEX lxn_{ds} ON lx_{ds}(n); CREATE INDEX lxs_{ds} ON lx_{ds}(s);
CREATE UNLOGGED TABLE probe_{ds} AS SELECT u, n, s FROM lx_{ds}
  WHERE random() < 300000.0 / (SELECT count(*) FROM lx_{ds});
CREATE UNLOGGED TABLE cu_{ds}(u urn UNIQUE); CREATE UNLOGGED TABLE cn_{ds}(n urn_ns UNIQUE);
CREATE UNLOGGED TABLE cs_{ds}(s text COLLATE "C" UNIQUE);
CREATE UNLOGGED TABLE pu_{ds}(u urn); CREATE UNLOGGED TABLE pn_{ds}(n urn_ns);
CREATE UNLOGGED TABLE ps_{ds}(s text COLLATE "C");
VACUUM ANALYZE lk_{ds}; VACUUM ANALYZE lx_{ds}; VACUUM ANALYZE probe_{ds};
""")
        out = psql(f"SELECT count(*), sum(octet_length(s)), count(DISTINCT u), count(DISTINCT n), count(DISTINCT s)"
                   f" FROM t_{ds};\nSELECT count(*) FROM lk_{ds};\nSELECT count(*) FROM probe_{ds};\n").split()
        nrow, nbytes, ncls, nnscls, nlow = (int(x) for x in out[0].split('|'))
        info[ds] = dict(nrow=nrow, nbytes=nbytes, ncls=ncls, nnscls=nnscls, nlow=nlow,
                        nlk=int(out[1]), nprobe=int(out[2]))

    # ---- The pairs: (typed SQL, text SQL, SQL to undo after each), per
    # data set, type (its column) and row.
    look = ("SET enable_hashjoin = off; SET enable_mergejoin = off; SET enable_seqscan = off;"
            " SET enable_bitmapscan = off;")

    def pair(ds, ty, k):
        c = 'u' if ty == 'urn' else 'n'
        d = o.dir
        if k == 16:
            return (f'CREATE UNIQUE INDEX ix_a ON lk_{ds}({c});', f'CREATE UNIQUE INDEX ix_b ON lk_{ds}(s);',
                    'DROP INDEX IF EXISTS ix_a; DROP INDEX IF EXISTS ix_b;', '')
        if k == 17:
            return (f'SELECT count(*) FROM probe_{ds} p JOIN lx_{ds} l ON l.{c} = p.{c};',
                    f'SELECT count(*) FROM probe_{ds} p JOIN lx_{ds} l ON l.s = p.s;', '', look)
        if k == 18:
            return (f'SELECT {c} FROM t_{ds} ORDER BY {c} OFFSET 100000000;',
                    f'SELECT s FROM t_{ds} ORDER BY s OFFSET 100000000;', '', '')
        if k == 19:
            return (f'SELECT {c} FROM t_{ds} ORDER BY {c} OFFSET 100000000;',
                    f'SELECT s FROM t_{ds} ORDER BY s OFFSET 100000000;', '', "SET work_mem = '1MB';")
        if k == 20:
            return (f'INSERT INTO c{c}_{ds} SELECT {c} FROM t_{ds} ON CONFLICT DO NOTHING;',
                    f'INSERT INTO cs_{ds} SELECT s FROM t_{ds} ON CONFLICT DO NOTHING;',
                    f'TRUNCATE c{c}_{ds}; TRUNCATE cs_{ds};', '')
        if k == 21:
            return (f'SELECT count(*) FROM (SELECT {c} FROM t_{ds} GROUP BY {c}) g;',
                    f'SELECT count(*) FROM (SELECT s FROM t_{ds} GROUP BY s) g;', '', '')
        return (f"COPY p{c}_{ds} FROM '{d}/{ds}_spell.txt';", f"COPY ps_{ds} FROM '{d}/{ds}_lower.txt';",
                f'TRUNCATE p{c}_{ds}; TRUNCATE ps_{ds};', '')

    # The plans: lookups through the indexes, sorts that sort, hash aggregates.
    for ds in sets:
        for ty in types:
            for k in ops:
                a, b, _, setting = pair(ds, ty, k)
                if k not in (17, 18, 19, 21):
                    continue
                for sql, ix in ((a, f'lx{"u" if ty == "urn" else "n"}_{ds}'), (b, f'lxs_{ds}')):
                    plan = psql(head + setting + '\nEXPLAIN ' + sql)
                    want = {17: ix, 18: 'Sort', 19: 'Sort', 21: 'HashAggregate'}[k]
                    assert want in plan, (sql, plan)

    times = {}
    loads = [os.getloadavg()[0]]
    for rep in range(reps):
        order = (0, 1) if rep % 2 == 0 else (1, 0)
        script = head + '\\timing off\n'
        tags = []
        for ds in sets:
            for ty in types:
                for k in ops:
                    a, b, undo, setting = pair(ds, ty, k)
                    if setting:
                        script += setting + '\n'
                    # The pair's first statement once more, untimed, before
                    # it: in a quiet run whichever statement ran first paid
                    # up to twice its time (the session's set-up, memory a
                    # sort grows into, pages the other had evicted), and
                    # the ratio swung with the order.
                    script += (a if order[0] == 0 else b) + '\n' + (undo + '\n' if undo else '')
                    for w in order:
                        script += '\\timing on\n' + (a if w == 0 else b) + '\n\\timing off\n'
                        tags.append((ds, ty, k, w))
                    if undo:
                        script += undo + '\n'
                    if setting:
                        script += 'RESET ALL;\n' + head
        res = psql(script)
        ms = [float(x) for x in re.findall(r'^Time: ([0-9.]+) ms', res, re.M)]
        assert len(ms) == len(tags), (len(ms), len(tags), res[-2000:])
        for tag, t in zip(tags, ms):
            times.setdefault(tag[:3], ([], []))[tag[3]].append(t)
        loads.append(os.getloadavg()[0])

    # ---- Storage: one-column tables of the same rows, heap and btree.
    sizes = []
    kinds = [('urn', 'u'), ('urn_ns', 'n'), ('text as written', 'w'), ('text lower(x)', 's')]
    for ds in sets + (['respellings'] if 'realistic' in sets else []):
        src = f'raw_{ds}' if ds != 'respellings' else \
            "raw_realistic WHERE s <> urn_canonical(s)"
        sql = head
        for name, c in kinds:
            col = {'u': 's::urn', 'n': 's::urn_ns', 'w': 's', 's': 'lower(s)'}[c]
            sql += (f'DROP TABLE IF EXISTS sz_{c}; CREATE UNLOGGED TABLE sz_{c} AS SELECT {col} AS x FROM {src};\n'
                    f'CREATE INDEX sz_{c}_x ON sz_{c}(x); VACUUM sz_{c};\n')
        sql += 'SELECT ' + ', '.join(f"pg_relation_size('sz_{c}'), pg_relation_size('sz_{c}_x'),"
                                     f" (SELECT sum(pg_column_size(x)) FROM sz_{c})" for _, c in kinds) + \
               f', (SELECT count(*) FROM sz_u);\n'
        v = [int(x) for x in psql(sql).strip().split('|')]
        sizes.append((ds, v[-1], [(name, v[3 * i], v[3 * i + 1], v[3 * i + 2]) for i, (name, _) in enumerate(kinds)]))
    ver = psql('SHOW server_version;').strip()
    shared = psql('SHOW shared_buffers;').strip()

    rows = []
    for ds in sets:
        for ty in types:
            for k, what in OPS:
                if k not in ops:
                    continue
                ta, tb = times[(ds, ty, k)]
                a, b = statistics.median(ta), statistics.median(tb)
                r = a / b
                target = TARGET[(ty, ds)]
                verdict = 'met   ' if r <= target else 'MISSED'
                runs = ' '.join(f'{x / y:.2f}' for x, y in zip(ta, tb))
                rows.append(f'{k:<3} {ds:<9} {ty:<6} {what:<37} {r:.2f}x  <= {target}x  {verdict}  '
                            f'{a:.0f} ms vs {b:.0f} ms (runs {runs})')
    setl = []
    for ds in sets:
        i = info[ds]
        setl.append(f'{ds:<9} {i["nrow"]} rows, {i["nbytes"] / 1e6:.1f} MB; {i["ncls"]} names (urn), '
                    f'{i["nnscls"]} (urn_ns), {i["nlow"]} distinct lower(x); {i["nlk"]} in the unique '
                    f'index table, {i["nprobe"]} probes')
    szl = ['#   storage (bytes)    rows     type             heap        index       values      heap ratio  index ratio  values ratio (against text as written)']
    for ds, n, kv in sizes:
        base = next(x for x in kv if x[0] == 'text as written')
        for name, h, ix, val in kv:
            szl.append(f'23  {ds:<12} {n:>8}  {name:<16} {h:>11} {ix:>11} {val:>11}  '
                       f'{h / base[1]:.2f}x       {ix / base[2]:.2f}x        {val / base[3]:.2f}x')
    text = '\n'.join([
        MARK,
        f'date     {datetime.datetime.utcnow():%Y-%m-%d %H:%M} UTC',
        f'machine  {platform.machine()}, {os.cpu_count()} cores',
        f'commit   {o.commit}',
        f'postgres {ver}, one throwaway cluster on 127.0.0.1, shared_buffers {shared}; extension build/postgres/urn.so',
        *[f'set      {s}' for s in setl],
        f'load     {" ".join(f"{x:.2f}" for x in loads)} (1-minute load average before and after each run)',
        f'method   each figure is the median of {reps} alternating runs, one psql session each (\\timing), '
        'each pair after an untimed run of its first statement; '
        'ratio = time on the type / time on text COLLATE "C" holding lower(x), same run; UNLOGGED tables, '
        'no parallel workers',
        '',
        '#   set       type   measurement                           ratio  target   verdict medians',
        *rows,
        '',
        *szl,
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
