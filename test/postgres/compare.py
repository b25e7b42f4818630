#!/usr/bin/env python3
"""test/postgres/compare.py PORT WORKDIR -- the PostgreSQL extension against
the SQLite build, row by row, and the type's own rules; run by
test/postgres/run.sh (make postgres-test) on a throwaway cluster where the
extension is installed.  Prints one line per failure and ends with
"N passed, N failed".

  1. every case of the conformance suite's comparison with SQLite
     (test/suite/compare.tsv on test/suite/inputs.txt: the fuzz seeds of
     test/fuzz/corpus, the real links of test/data/links.tsv, 2,000 lines of bench/gen_corpus.c's corpus, the
     spellings of the manual's rules; read by test/suite/suite.py, as every
     engine's runner reads them): every function, in every mode, NULLs and
     bad MODEs included, against the SQLite build's answers
     (test/duckdb/sqlite_ref.tcl, the same cases file format), under
     compare.tsv's "differ postgres" rules; cases that PostgreSQL's text
     cannot hold (a BLOB, a NUL byte, invalid UTF-8) are left out: no text
     value can carry them; then urn_find's rows
     (urn, start) and urn_parse's row on every input in every mode, and the rows of
     urn_namespaces() and urn_resolvers(), against SQLite's tables (Python's
     sqlite3 module loading the SQLite build);
  2. the type's order is COLLATE URN's on test/order-golden.txt;
  3. on GEN_ROWS corpus rows: ORDER BY the type (sort support, abbreviated
     keys) is the order of urn_key() COLLATE "C"; a UNIQUE urn column keeps
     one row per class; btree and hash indexes answer as a sequential scan;
     DISTINCT, GROUP BY, hash and merge joins count the classes;
     3b. x ^@ 'URN:NID:' through the index counts every NID as urn_nid does,
     prefixes cut from the keys (known at run time) as starts_with(urn_key),
     and urn = text joins (hash, index) as the cast, non-URN rows included;
  4. bad input: a non-URN cast is 22P02 with urn_error's message as the
     detail, a bad MODE 22023, values of many MB, and the backend survives;
  5. every example of docs/postgres.md (a ```sql block after a
     "<!-- postgres -->" line) with its "-- →" rows and "-- error:" lines;
  6. the stored form (ext/postgres/urn_pg_type.c): every URN above and
     spellings made for it (every case of "urn" and of NIDs of every
     length, 0 to 20 hex letters in each case, components, keys around
     the lengths where LEB128 grows) come back as written from urn and
     urn_ns, through text, binary COPY and the casts between the types,
     equal to their key and in its order; a value written as its key
     takes 4 bytes fewer than text; TOASTed values of many MB; index
     expressions, a generated column, a CHECK, pg_dump and pg_restore.
  7. the function reference, docs/functions.md: its signatures' PostgreSQL
     column is pg_proc's result type of every function of the extension (but
     the types' own), and names none PostgreSQL lacks; the group tables'
     examples give their results (a boolean's t and f shown as 1 and 0).
  8. every record of the conformance suite (test/suite/*.test) that runs on
     "postgres", each file in a fresh database: a query read through
     to_json (its values typed, a boolean as 1 or 0), an error without
     psql's "ERROR:  ", the hex(text) shim created (test/suite/README.md).
"""
import bisect
import json
import os
import re
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'suite'))
import suite  # noqa: E402  test/suite/suite.py: inputs.txt and compare.tsv

PORT, WORK = sys.argv[1], sys.argv[2]
TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
USER = os.environ.get('PGT_USER', 'postgres')
GEN = os.environ.get('URN_GEN_CORPUS')
GEN_ROWS = int(os.environ.get('URN_PG_ROWS', '200000'))
passed = failed = 0


def ok(name, cond, detail=''):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print(f'FAILED {name}: {detail}'[:2000])


def psql(sql, db='urn_test', extra=(), check=True):
    """Run sql in psql -A -t; returns (stdout, stderr, returncode)."""
    p = subprocess.run(['psql', '-X', '-q', '-A', '-t', '-h', '127.0.0.1', '-p', PORT,
                        '-U', USER, '-d', db, '-v', 'ON_ERROR_STOP=1', *extra],
                       input=sql.encode(), capture_output=True)
    out, err = p.stdout.decode(), p.stderr.decode()
    if check and p.returncode != 0:
        raise RuntimeError(f'psql failed: {err}\n{sql[:500]}')
    return out, err, p.returncode


def hexu(b):
    return b.hex().upper()


def utf8_text(b):
    """True when b can be a PostgreSQL text: valid UTF-8 without NUL."""
    if b'\x00' in b:
        return False
    try:
        b.decode('utf-8')
        return True
    except UnicodeDecodeError:
        return False


# ---- 1. The functions against the SQLite build ------------------------------

def inputs():
    """The inputs of test/suite/inputs.txt that a text can hold, each once:
    for urn_find's and urn_parse's tables."""
    seen, res = set(), []
    for b in suite.inputs(TOP, GEN):
        if utf8_text(b) and b not in seen:
            seen.add(b)
            res.append(b)
    return res


M3 = ['rfc8141', 'rfc2141', 'ns']


def tok(b):
    return 'N' if b is None else 'T:' + hexu(b)


def sqlite_answers(cases):
    cf, of = os.path.join(WORK, 'cases.tsv'), os.path.join(WORK, 'sqlite.tsv')
    with open(cf, 'w') as f:
        for cid, func, mode, args in cases:
            f.write('\t'.join([str(cid), func, mode, *args]) + '\n')
    subprocess.run([os.environ.get('TCLSH', 'tclsh'),
                    os.path.join(TOP, 'test', 'duckdb', 'sqlite_ref.tcl'), cf, of], check=True)
    ans = {}
    for line in open(of, encoding='utf-8'):
        line = line.rstrip('\n')
        if line:
            i, r = line.split('\t', 1)
            ans[int(i)] = r
    return ans


# The evaluator, in the server: one EXECUTE per case, an error caught as
# its message.  Results in the format of sqlite_ref.tcl (J: for jsonb).
EVAL_SQL = r"""
CREATE TEMP TABLE cases(id int, func text, mode text, args text[]);
-- A NULL is untyped where one function has the name and that many
-- arguments (urn_from_url(X, NULL): its GCP_LENGTH an integer), else text
-- (overloads on text and urn).
CREATE FUNCTION pg_temp.lit(t text, bare_null boolean) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN t = 'N' THEN CASE WHEN bare_null THEN 'NULL' ELSE 'NULL::text' END
         WHEN t LIKE 'I:%' THEN substr(t, 3) || '::integer'
         ELSE quote_literal(convert_from(decode(substr(t, 3), 'hex'), 'UTF8')) || '::text' END $$;
CREATE FUNCTION pg_temp.ev(func text, mode text, args text[]) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  bare boolean := (SELECT count(*) = 1 FROM pg_proc
                   WHERE proname = func AND pronargs = cardinality(args) + (mode <> '-')::int);
  a text := (SELECT coalesce(string_agg(pg_temp.lit(t, bare), ', ' ORDER BY o), '')
             FROM unnest(args) WITH ORDINALITY u(t, o));
  e text;
  r text;
BEGIN
  IF mode <> '-' THEN
    a := CASE WHEN a = '' THEN '' ELSE a || ', ' END || pg_temp.lit(mode, bare);
  END IF;
  e := format('%s(%s)', func, a);
  IF func IN ('urn_valid', 'urn_equal') THEN
    EXECUTE format('SELECT CASE WHEN x IS NULL THEN ''N'' WHEN x THEN ''I:1'' ELSE ''I:0'' END FROM (SELECT %s AS x) s', e) INTO r;
  ELSIF func = 'urn_order_version' THEN
    EXECUTE format('SELECT CASE WHEN x IS NULL THEN ''N'' ELSE ''I:'' || x::text END FROM (SELECT %s AS x) s', e) INTO r;
  ELSIF func = 'urn_parse' THEN
    EXECUTE format('SELECT CASE WHEN x IS NULL THEN ''N'' ELSE ''S:'' || (x).valid::int::text || '','' || concat_ws('','', %s) END FROM (SELECT %s AS x) s',
                   (SELECT string_agg(format('coalesce(upper(encode(convert_to((x).%s, ''UTF8''), ''hex'')), ''N'')', c), ', ')
                    FROM unnest(ARRAY['nid', 'nss', 'r', 'q', 'f', 'canonical', 'key']) c), e) INTO r;
  ELSIF func = 'urn_epc' THEN
    EXECUTE format('SELECT CASE WHEN x IS NULL THEN ''N'' ELSE ''S:'' || '
      || (SELECT string_agg(CASE WHEN c = 'filter' THEN 'coalesce((x).filter::text, ''N'')'
                            ELSE format('coalesce(upper(encode(convert_to((x).%s, ''UTF8''), ''hex'')), ''N'')', c) END,
                            ' || '','' || ' ORDER BY o)
          FROM unnest(ARRAY['tag', 'pure', 'scheme', 'filter', 'company', 'reference', 'serial'])
               WITH ORDINALITY u(c, o))
      || ' END FROM (SELECT %s AS x) s', e) INTO r;
  ELSIF func = 'urn_json' THEN
    EXECUTE format('SELECT CASE WHEN x IS NULL THEN ''N'' ELSE ''J:'' || x::text END FROM (SELECT %s AS x) s', e) INTO r;
  ELSIF func = 'urn_extract_all' THEN
    EXECUTE format('SELECT CASE WHEN x IS NULL THEN ''N'' ELSE ''L:'' || coalesce((SELECT string_agg(upper(encode(convert_to(y, ''UTF8''), ''hex'')), '','' ORDER BY o) FROM unnest(x) WITH ORDINALITY u(y, o)), '''') END FROM (SELECT %s AS x) s', e) INTO r;
  ELSE
    EXECUTE format('SELECT CASE WHEN x IS NULL THEN ''N'' ELSE ''T:'' || upper(encode(convert_to(x, ''UTF8''), ''hex'')) END FROM (SELECT %s AS x) s', e) INTO r;
  END IF;
  RETURN r;
EXCEPTION WHEN OTHERS THEN
  RETURN 'E:' || SQLERRM;
END $$;
"""


def pg_answers(cases):
    rows = []
    for cid, func, mode, args in cases:
        rows.append(f"{cid}\t{func}\t{mode}\t{{{','.join(args)}}}")
    path = os.path.join(WORK, 'cases.copy')
    with open(path, 'w') as f:
        f.write('\n'.join(rows) + '\n')
    os.chmod(path, 0o644)
    sql = (EVAL_SQL + f"\\copy cases FROM '{path}'\n"
           "SELECT id || E'\\t' || pg_temp.ev(func, mode, args) FROM cases ORDER BY id;\n")
    out, _, _ = psql(sql)
    ans = {}
    for line in out.split('\n'):
        if line:
            i, r = line.split('\t', 1)
            ans[int(i)] = r
    return ans


DIFFER = suite.differ('postgres')


def same(func, sq, pg):
    """SQLite's answer and PostgreSQL's are the same, under compare.tsv's
    "differ postgres" rules (test/suite/README.md)."""
    if sq == pg:
        return True
    # nul-is-null: a NUL byte in a result (urn_decode of a %00) is no
    # PostgreSQL text: NULL there (docs/postgres.md).
    rule = DIFFER.get('nul-is-null', set())
    if (func in rule or '*' in rule) and pg == 'N' and sq.startswith('T:') and \
            '00' in [sq[i:i + 2] for i in range(2, len(sq), 2)]:
        return True
    # jsonb: urn_json, SQLite's JSON text against jsonb's rendering of it.
    rule = DIFFER.get('jsonb', set())
    if (func in rule or '*' in rule) and pg.startswith('J:') and sq.startswith('T:'):
        try:
            return json.loads(bytes.fromhex(sq[2:]).decode()) == json.loads(pg[2:])
        except ValueError:
            return False
    return False


def compare_functions():
    # Every case of test/suite/compare.tsv on test/suite/inputs.txt that a
    # text can hold (no BLOBs, no NUL, only UTF-8), as every engine has them.
    ins = suite.inputs(TOP, GEN)
    cases = suite.make_cases(ins, blob=False)
    sq, pg = sqlite_answers(cases), pg_answers(cases)
    nfail = 0
    for cid, func, mode, args in cases:
        good = cid in sq and cid in pg and same(func, sq[cid], pg[cid])
        if not good:
            nfail += 1
            if nfail <= 20:
                ok(f'1.{cid} {func} {mode} {args}', False,
                   f'sqlite {sq.get(cid)!r}, postgres {pg.get(cid)!r}')
            else:
                ok('1', False, '')
        else:
            ok('1', True)
    print(f'1: {len(cases)} cases on {len(ins)} inputs compared with SQLite, {nfail} differ')


def compare_tables():
    """urn_find's rows (urn, start) on every input in every mode, and the
    rows of urn_namespaces() and urn_resolvers(), against SQLite's tables."""
    import sqlite3
    con = sqlite3.connect(':memory:')
    con.enable_load_extension(True)
    con.load_extension(os.environ['URN_EXT'])
    ins = inputs()
    want = []
    for i, b in enumerate(ins):
        for m in M3:
            for u, st in con.execute('SELECT urn, start FROM urn_find(?, ?) ORDER BY rowid', (b.decode(), m)):
                want.append([i, m, u, st])
    path = os.path.join(WORK, 'find.copy')
    with open(path, 'w') as f:
        f.write(''.join(f'{i}\t{hexu(b)}\n' for i, b in enumerate(ins)))
    os.chmod(path, 0o644)
    out, _, _ = psql("CREATE TEMP TABLE fi(i int, h text);\n"
                     f"\\copy fi FROM '{path}'\n"
                     "SELECT json_agg(json_build_array(i, m, f.urn, f.start) ORDER BY i, m, f.start)"
                     " FROM fi, unnest(ARRAY['rfc8141', 'rfc2141', 'ns']) m,"
                     " urn_find(convert_from(decode(h, 'hex'), 'UTF8'), m) f;\n")
    got = json.loads(out)
    want.sort(key=lambda r: (r[0], r[1], r[3]))
    ok('1.find urn_find(T, MODE) rows = SQLite\'s', got == want,
       f'{len(got)} rows against {len(want)}; first difference '
       f'{next(((g, w) for g, w in zip(got, want) if g != w), None)}')
    for name, cols, order in (('urn_namespaces', 'nid, kind, reference, equivalence, validator', 'nid'),
                              ('urn_resolvers', 'nid, prefix, template, source', 'nid, prefix')):
        want = [list(r) for r in con.execute(f'SELECT {cols} FROM {name} ORDER BY {order}')]
        out, _, _ = psql(f'SELECT json_agg(json_build_array({cols}) ORDER BY {order}) FROM {name}();')
        got = json.loads(out)
        ok(f'1.{name}() rows = SQLite\'s table', got == want and len(got) > 10,
           f'{len(got)} rows against {len(want)}')
    # urn_parse(X [, MODE]): SQLite's one row against PostgreSQL's composite.
    want = []
    for i, b in enumerate(ins):
        for m in [None] + M3:
            args = (b.decode(),) if m is None else (b.decode(), m)
            sql = 'SELECT * FROM urn_parse(' + ', '.join('?' * len(args)) + ')'
            for r in con.execute(sql, args):
                want.append([i, m or '-', bool(r[0])] + list(r[1:]))
    out, _, _ = psql("CREATE TEMP TABLE fi(i int, h text);\n"
                     f"\\copy fi FROM '{path}'\n"
                     "SELECT json_agg(json_build_array(i, m, (p).valid, (p).nid, (p).nss, (p).r, (p).q, (p).f,"
                     " (p).canonical, (p).key) ORDER BY i, m) FROM (SELECT i, m, CASE WHEN m = '-'"
                     " THEN urn_parse(convert_from(decode(h, 'hex'), 'UTF8'))"
                     " ELSE urn_parse(convert_from(decode(h, 'hex'), 'UTF8'), m) END AS p"
                     " FROM fi, unnest(ARRAY['-', 'ns', 'rfc2141', 'rfc8141']) m) s;\n")
    got = json.loads(out)
    want.sort(key=lambda r: (r[0], r[1]))
    ok('1.parse urn_parse(X [, MODE]) = SQLite\'s row', got == want and len(got) == 4 * len(ins),
       f'{len(got)} rows against {len(want)}; first difference '
       f'{next(((g, w) for g, w in zip(got, want) if g != w), None)}')
    for m in ('NS2', None):
        try:
            con.execute('SELECT * FROM urn_parse(?, ?)', ('urn:ab:c', m)).fetchall()
            sq = None
        except sqlite3.Error as e:
            sq = str(e)
        lit = 'NULL' if m is None else quote(m)
        _, err, rc = psql(f"SELECT * FROM urn_parse('urn:ab:c', {lit});", check=False)
        ok(f'1.parse bad mode {m}', rc != 0 and sq and f'ERROR:  {sq}' in err, f'{err!r} / SQLite {sq!r}')
    out, _, _ = psql("SELECT urn_parse(NULL) IS NULL, (SELECT count(*) FROM urn_parse(NULL) WHERE valid IS NOT NULL);")
    ok('1.parse NULL X: NULL (SQLite: no row)', out.strip() == 't|0' and
       con.execute('SELECT count(*) FROM urn_parse(NULL)').fetchone()[0] == 0, out)
    print(f'1: urn_find and urn_parse on {len(ins)} inputs in every mode, the tables')


# ---- 2. The order of COLLATE URN on the golden file ---------------------------

def unescape(s):
    out, i = bytearray(), 0
    while i < len(s):
        if s[i] == '\\':
            if s[i + 1] == 'x':
                out.append(int(s[i + 2:i + 4], 16))
                i += 4
            else:
                out.append(0x5c)
                i += 2
        else:
            out.append(ord(s[i]))
            i += 1
    return bytes(out)


def order_golden():
    golden = []
    for line in open(os.path.join(TOP, 'test', 'order-golden.txt'), encoding='ascii'):
        line = line.rstrip('\n')
        if line.startswith('#'):
            continue
        golden.append((line[0], unescape(line[2:])))
    texts = [(rel, b) for rel, b in golden if utf8_text(b)]
    # Which of them are URNs: the type's domain.
    vals = '\n'.join(hexu(b) for _, b in texts)
    out, _, _ = psql("CREATE TEMP TABLE g(h text);\nCOPY g FROM STDIN;\n" + vals + "\n\\.\n"
                     "SELECT h FROM g WHERE urn_valid(convert_from(decode(h, 'hex'), 'UTF8')) ORDER BY h;\n")
    urns = set(out.split())
    want, prev = [], None
    for rel, b in texts:
        if hexu(b) in urns:
            # Equal to the URN before it exactly when the golden line is "="
            # (a URN is never equal to a non-URN, classes are contiguous).
            want.append(('=' if rel == '=' and prev is not None else '<') + hexu(b))
            prev = b
    # Scrambled insertion, sorted by the type, ties by bytes.
    rows = '\n'.join(hexu(bytes.fromhex(h)) for h in sorted(urns, key=lambda h: hash(h) % 9973))
    out, _, _ = psql(
        "CREATE TEMP TABLE o(x urn);\nCREATE TEMP TABLE h(h text);\nCOPY h FROM STDIN;\n" + rows +
        "\n\\.\nINSERT INTO o SELECT convert_from(decode(h, 'hex'), 'UTF8') FROM h;\n"
        "SELECT CASE WHEN x = lag(x) OVER w THEN '=' ELSE '<' END || upper(encode(convert_to(x::text, 'UTF8'), 'hex'))"
        " FROM o WINDOW w AS (ORDER BY x, convert_to(x::text, 'UTF8')) ORDER BY x, convert_to(x::text, 'UTF8');\n")
    got = out.split()
    ok('2.1 order of the golden file', got == want,
       f'{len(got)} rows against {len(want)}; first difference at '
       f'{next((i for i, (g, w) in enumerate(zip(got, want)) if g != w), None)}')
    ok('2.2 the golden file has URNs in classes', len(want) > 1000 and sum(w[0] == '=' for w in want) > 100,
       f'{len(want)} URNs')
    print(f'2: {len(want)} URNs of test/order-golden.txt in the type\'s order')
    # The namespace order (URN_NS): urn_key(x, 'ns') COLLATE "C", what the
    # expression index of docs/postgres.md's namespace rules sorts by.
    # Its lines are "CLASS<tab>STRING", printable ASCII, classes numbered
    # in order (test/ns.test).
    want, prev = [], None
    for line in open(os.path.join(TOP, 'test', 'ns-order-golden.txt'), encoding='ascii'):
        cls, text = line.rstrip('\n').split('\t', 1)
        want.append(('=' if cls == prev else '<') + hexu(text.encode()))
        prev = cls
    rows = '\n'.join(sorted((w[1:] for w in want), key=lambda h: hash(h) % 9973))
    out, _, _ = psql(
        "CREATE TEMP TABLE h(h text);\nCOPY h FROM STDIN;\n" + rows + "\n\\.\n"
        "SELECT CASE WHEN k = lag(k) OVER w THEN '=' ELSE '<' END || h FROM"
        " (SELECT h, urn_key(convert_from(decode(h, 'hex'), 'UTF8'), 'ns') COLLATE \"C\" AS k FROM h) s"
        " WINDOW w AS (ORDER BY k, decode(h, 'hex')) ORDER BY k, decode(h, 'hex');\n")
    got = out.split()
    ok('2.3 urn_key(x, \'ns\') COLLATE "C" orders as URN_NS on test/ns-order-golden.txt', got == want,
       f'{len(got)} rows against {len(want)}; first difference at '
       f'{next((i for i, (g, w) in enumerate(zip(got, want)) if g != w), None)}')
    # The type urn_ns on the URNs among them.
    urns = set(q("SELECT string_agg(h, ' ') FROM (SELECT h FROM (VALUES " +
                 ', '.join(f"('{w[1:]}')" for w in want) +
                 ") v(h) WHERE urn_valid(convert_from(decode(h, 'hex'), 'UTF8'))) s;").split())
    want2, prev = [], None
    for w in want:
        if w[1:] in urns:
            want2.append(('=' if w[0] == '=' and prev is not None else '<') + w[1:])
            prev = w
    out, _, _ = psql(
        "CREATE TEMP TABLE h(h text);\nCOPY h FROM STDIN;\n" + '\n'.join(sorted(urns)) + "\n\\.\n"
        "SELECT CASE WHEN x = lag(x) OVER w THEN '=' ELSE '<' END || h FROM"
        " (SELECT h, convert_from(decode(h, 'hex'), 'UTF8')::urn_ns AS x FROM h) s"
        " WINDOW w AS (ORDER BY x, decode(h, 'hex')) ORDER BY x, decode(h, 'hex');\n")
    got = out.split()
    ok('2.4 the type urn_ns orders as URN_NS on the URNs of test/ns-order-golden.txt',
       got == want2 and len(got) > 1000, f'{len(got)} rows against {len(want2)}; first difference at '
       f'{next((i for i, (g, w) in enumerate(zip(got, want2)) if g != w), None)}')


# ---- 3. Sorts, UNIQUE, indexes and joins on the generated corpus ---------------

def corpus_table():
    text = subprocess.run([GEN, str(GEN_ROWS), '3'], capture_output=True, check=True).stdout
    path = os.path.join(WORK, 'corpus.txt')
    with open(path, 'wb') as f:
        f.write(text.replace(b'\\', b'\\\\'))
    os.chmod(path, 0o644)
    psql("DROP TABLE IF EXISTS raw, c;\nCREATE TABLE raw(s text);\n"
         f"\\copy raw FROM '{path}' WITH (FORMAT text, DELIMITER E'\\x01')\n"
         "CREATE TABLE c AS SELECT s::urn AS x FROM raw WHERE urn_valid(s);\nANALYZE c;\n")


def q(sql, extra=()):
    return psql(sql, extra=extra)[0].strip()


def corpus_checks():
    corpus_table()
    n = int(q('SELECT count(*) FROM c;'))
    classes = int(q('SELECT count(DISTINCT urn_key(x)) FROM c;'))
    ok('3.0 corpus', n > GEN_ROWS * 0.9 and classes < n, f'{n} rows, {classes} classes')
    # The sort (abbreviated keys) against urn_key's bytes.
    s1 = q("SELECT md5(string_agg(urn_key(x), E'\\n' ORDER BY x, convert_to(x::text, 'UTF8'))) FROM c;")
    s2 = q("SELECT md5(string_agg(urn_key(x), E'\\n' ORDER BY urn_key(x) COLLATE \"C\", convert_to(x::text, 'UTF8'))) FROM c;")
    ok('3.1 ORDER BY urn = ORDER BY urn_key(x) COLLATE "C"', s1 == s2, f'{s1} {s2}')
    # The aggregate reads the index's order (no ORDER BY of its own).
    s3 = q("SET enable_seqscan = off; SET enable_bitmapscan = off; CREATE INDEX c_x ON c(x);"
           " SELECT md5(string_agg(urn_key(x), E'\\n')) FROM (SELECT x FROM c ORDER BY x) s;")
    s4 = q("SELECT md5(string_agg(k, E'\\n' ORDER BY k COLLATE \"C\")) FROM (SELECT urn_key(x) k FROM c) s;")
    ok('3.2 the index built by sort support reads in key order', s3 == s4, f'{s3} {s4}')
    plan = q("SET enable_seqscan = off; EXPLAIN SELECT * FROM c WHERE x = 'URN:ISBN:0-395-36341-1';")
    ok('3.3 btree index used for =', 'c_x' in plan, plan)
    plan = q("SET enable_seqscan = off; EXPLAIN SELECT * FROM c WHERE x >= 'urn:isbn:1' AND x < 'urn:isbn:2';")
    ok('3.4 btree index used for a range', 'c_x' in plan, plan)
    # Lookups: the 9th row of every tenth page (a few hundred, each a
    # sequential scan of the table for the reference), its scheme and NID
    # upper-cased (RFC 8141 §3.1 items 1 and 2: the same name), cast to urn
    # (a text operand would compare as text).
    probe = ("SELECT string_agg(n::text, ',' ORDER BY k) FROM (SELECT urn_key(p) k,"
             " (SELECT count(*) FROM c WHERE x = p) n FROM (SELECT (upper(substr(x::text, 1, 4 + length(urn_nid(x))))"
             " || substr(x::text, 5 + length(urn_nid(x))))::urn AS p FROM c WHERE ctid::text LIKE '%0,9)') s0"
             ") s;")
    seq = q("SET enable_indexscan = off; SET enable_bitmapscan = off; " + probe)
    bt = q("SET enable_seqscan = off; " + probe)
    psql("DROP INDEX c_x; CREATE INDEX c_h ON c USING hash (x);")
    plan = q("SET enable_seqscan = off; EXPLAIN SELECT * FROM c WHERE x = 'URN:ISBN:0-395-36341-1';")
    ok('3.5 hash index used for =', 'c_h' in plan, plan)
    hs = q("SET enable_seqscan = off; " + probe)
    ok('3.6 btree lookups = seq scan, each finds its row', seq == bt and seq.count(',') > 20 and '0' not in seq.split(','), f'{seq[:200]} / {bt[:200]}')
    ok('3.7 hash lookups = seq scan', seq == hs, f'{seq[:200]} / {hs[:200]}')
    # Ranges through the btree against the seq scan.
    psql("DROP INDEX c_h; CREATE INDEX c_x ON c(x);")
    rng = "SELECT count(*), md5(string_agg(x::text, ',' ORDER BY convert_to(x::text, 'UTF8'))) FROM c WHERE x > 'urn:doi:10.3' AND x <= 'URN:ISBN:9';"
    ok('3.8 btree range = seq scan', q("SET enable_seqscan = off; SET enable_bitmapscan = off; " + rng)
       == q("SET enable_indexscan = off; SET enable_bitmapscan = off; " + rng))
    # UNIQUE: one row per class.
    u = q("CREATE TEMP TABLE u(x urn UNIQUE); INSERT INTO u SELECT x FROM c ON CONFLICT DO NOTHING;"
          " SELECT count(*) FROM u;")
    ok('3.9 UNIQUE keeps one row per class', int(u) == classes, f'{u} rows, {classes} classes')
    dup = psql("CREATE TEMP TABLE u2(x urn PRIMARY KEY); INSERT INTO u2 SELECT x FROM c;",
               check=False)
    ok('3.10 PRIMARY KEY refuses an equivalent spelling', dup[2] != 0 and 'duplicate key' in dup[1], dup[1])
    for name, setting in (('hash', 'SET enable_sort = off;'), ('sort', 'SET enable_hashagg = off;')):
        d = q(setting + ' SELECT count(*) FROM (SELECT DISTINCT x FROM c) s;')
        g = q(setting + ' SELECT count(*) FROM (SELECT x FROM c GROUP BY x) s;')
        ok(f'3.11 DISTINCT and GROUP BY ({name}) count the classes', int(d) == classes and int(g) == classes,
           f'{d} {g} {classes}')
    join = ("SELECT count(*) FROM (SELECT DISTINCT x FROM c) a JOIN (SELECT x FROM c LIMIT 5000) b"
            " ON a.x = b.x;")
    hj = q("SET enable_mergejoin = off; SET enable_nestloop = off; " + join)
    mj = q("SET enable_hashjoin = off; SET enable_nestloop = off; " + join)
    ok('3.12 hash join = merge join, one match per row', hj == mj == '5000', f'{hj} {mj}')
    plan = q("SET enable_mergejoin = off; SET enable_nestloop = off; EXPLAIN " + join)
    ok('3.13 the hash join is a hash join', 'Hash Join' in plan, plan)
    plan = q("SET enable_hashjoin = off; SET enable_nestloop = off; EXPLAIN " + join)
    ok('3.14 the merge join is a merge join', 'Merge Join' in plan, plan)
    par = q("SET max_parallel_workers_per_gather = 2; SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0;"
            " SET min_parallel_table_scan_size = 0; SELECT count(*) FROM c WHERE urn_valid(x::text, 'ns');")
    ok('3.15 a parallel scan calls the functions', int(par) > 0, par)
    mm = q("SELECT min(x)::text || ' ' || max(x)::text FROM c;")
    mm2 = q("SELECT (SELECT x::text AS s FROM c ORDER BY x LIMIT 1) || ' ' ||"
            " (SELECT x::text AS s FROM c ORDER BY x DESC LIMIT 1);")
    ok('3.16 min() and max() follow the order', urn_eq(mm, mm2), f'{mm} / {mm2}')
    # The type urn_ns: the classes, the order and the indexes of key_ns.
    nsc = int(q("SELECT count(DISTINCT urn_key(x, 'ns')) FROM c;"))
    u = q("CREATE TEMP TABLE un(x urn_ns UNIQUE); INSERT INTO un SELECT x FROM c ON CONFLICT DO NOTHING;"
          " SELECT count(*) FROM un;")
    ok('3.17 UNIQUE urn_ns keeps one row per namespace class', int(u) == nsc and nsc < classes,
       f'{u} rows, {nsc} classes (urn: {classes})')
    s1 = q("SELECT md5(string_agg(urn_key(x, 'ns'), E'\\n' ORDER BY x::urn_ns)) FROM c;")
    s2 = q("SELECT md5(string_agg(k, E'\\n' ORDER BY k COLLATE \"C\")) FROM (SELECT urn_key(x, 'ns') k FROM c) s;")
    ok('3.18 ORDER BY urn_ns = ORDER BY urn_key(x, \'ns\') COLLATE "C"', s1 == s2, f'{s1} {s2}')
    nprobe = ("SELECT string_agg(n::text, ',' ORDER BY k) FROM (SELECT urn_key(p, 'ns') k,"
              " (SELECT count(*) FROM cn WHERE x = p) n FROM (SELECT replace(x::text, '-', '')::urn_ns AS p"
              " FROM cn WHERE ctid::text LIKE '%0,9)' AND urn_valid(replace(x::text, '-', ''))) s0) s;")
    psql("DROP TABLE IF EXISTS cn; CREATE TABLE cn AS SELECT x::urn_ns AS x FROM c; ANALYZE cn;")
    seq = q("SET enable_indexscan = off; SET enable_bitmapscan = off; " + nprobe)
    bt = q("CREATE INDEX cn_b ON cn(x); SET enable_seqscan = off; " + nprobe)
    hs = q("DROP INDEX cn_b; CREATE INDEX cn_h ON cn USING hash (x); SET enable_seqscan = off; " + nprobe)
    ok('3.19 urn_ns: btree and hash lookups = seq scan', seq == bt == hs and seq.count(',') > 20,
       f'{seq[:100]} / {bt[:100]} / {hs[:100]}')
    g = q("SET enable_sort = off; SELECT count(*) FROM (SELECT x FROM cn GROUP BY x) s;")
    g2 = q("SET enable_hashagg = off; SELECT count(*) FROM (SELECT DISTINCT x FROM cn) s;")
    ok('3.20 urn_ns: GROUP BY (hash) and DISTINCT (sort) count its classes', int(g) == nsc == int(g2),
       f'{g} {g2} {nsc}')
    print(f'3: {n} rows, {classes} classes, {nsc} under the namespace rules')


# ---- 3b. Prefix search and comparison with text on the corpus ----------------------

def prefix_and_text_checks():
    if q("SELECT to_regclass('c') IS NULL;") == 't':
        corpus_table()
    psql("DROP INDEX IF EXISTS c_x; CREATE INDEX c_x ON c(x); ANALYZE c;")
    idx = "SET enable_seqscan = off; SET enable_bitmapscan = off; "
    seq = "SET enable_indexscan = off; SET enable_indexonlyscan = off; SET enable_bitmapscan = off; "
    # Every NID of the corpus (thousands): x ^@ 'URN:NID:' through the
    # index (a prefix known at run time) counts what urn_nid counts; the
    # ten commonest as constants, through the index and by a seq scan,
    # where LIKE misses the other spellings.
    ref = q("SELECT string_agg(n || '=' || k, ' ' ORDER BY n) FROM"
            " (SELECT lower(urn_nid(x)) n, count(*) k FROM c GROUP BY 1) s;")
    got = q(idx + "SELECT string_agg(n || '=' || (SELECT count(*) FROM c WHERE x ^@ ('URN:' || upper(n) || ':')),"
            " ' ' ORDER BY n) FROM (SELECT DISTINCT lower(urn_nid(x)) n FROM c) s;")
    nids = ref.count('=')
    ok('3b.1 x ^@ \'URN:NID:\' through the index = count by urn_nid, every NID', got == ref and nids > 5,
       str([(a, b) for a, b in zip(got.split(), ref.split()) if a != b][:5]))
    bad, like_lost = [], 0
    for line in q("SELECT lower(urn_nid(x)), count(*) FROM c GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 10;").split('\n'):
        n, k = line.split('|')
        p = quote('URN:' + n.upper() + ':')
        a = q(idx + f"SELECT count(*) FROM c WHERE x ^@ {p};")
        b = q(seq + f"SELECT count(*) FROM c WHERE x ^@ {p};")
        if not a == b == k:
            bad.append(f'{n}: index {a}, seq {b}, urn_nid {k}')
        like_lost += int(k) - int(q(f"SELECT count(*) FROM c WHERE x LIKE {quote('urn:' + n + ':%')};"))
    ok('3b.2 the ten commonest NIDs: index = seq scan = urn_nid; LIKE misses spellings', not bad and like_lost > 0,
       '; '.join(bad) + f' LIKE lost {like_lost}')
    plan = q(idx + "EXPLAIN SELECT count(*) FROM c WHERE x ^@ 'URN:ISBN:';")
    ok('3b.3 x ^@ constant is an Index Only Scan', 'Index Only Scan' in plan and "'urn:isbn:'::text" in plan, plan)
    # Prefixes cut from the keys of a row of every fifth page at lengths
    # NID+1 to NID+9 (mid-%XX included), the head upper-cased: through the
    # index (a prefix known at run time: urn_prefix_lo/hi) against the
    # keys that start so, counted here in the sorted keys; the first 40 by
    # a seq scan too.
    psql("DROP TABLE IF EXISTS pfx; CREATE TABLE pfx AS SELECT row_number() OVER (ORDER BY k) id, k,"
         " upper(left(k, 4 + nl)) || substr(k, 5 + nl) p FROM"
         " (SELECT DISTINCT left(urn_key(x), 4 + length(urn_nid(x)) + l) k, length(urn_nid(x)) nl"
         "  FROM c, generate_series(1, 9) l"
         "  WHERE ctid::text LIKE '%0,5)' OR ctid::text LIKE '%5,5)') s; ANALYZE pfx;")
    keys = sorted(q("SELECT urn_key(x) FROM c;").split('\n'))
    cut = [line.split('|') for line in q("SELECT id, k FROM pfx ORDER BY id;").split('\n')]
    want = []
    for _, k in cut:
        i = j = bisect.bisect_left(keys, k)
        while j < len(keys) and keys[j].startswith(k):
            j += 1
        want.append(str(j - i))
    probe = "SELECT string_agg(n::text, ',' ORDER BY id) FROM (SELECT id, (SELECT count(*) FROM c WHERE x ^@ p) n FROM pfx{}) s;"
    r_idx = q(idx + probe.format('')).split(',')
    r_seq = q(seq + probe.format(' WHERE id <= 40')).split(',')
    ok('3b.4 cut keys: index = seq scan = the keys that start so', r_idx == want and r_seq == want[:40]
       and len(want) > 100, f'{len(want)} prefixes; first differences: '
       + str([(cut[i][1], r_idx[i], want[i]) for i in range(len(want)) if i >= len(r_idx) or r_idx[i] != want[i]][:5]))
    plan = q(idx + "EXPLAIN SELECT (SELECT count(*) FROM c WHERE x ^@ p) FROM pfx;")
    ok('3b.5 a prefix known at run time is an index range', 'urn_prefix_lo(pfx.p)' in plan, plan)
    # urn = text: a text column of other spellings (the head upper-cased,
    # a component added) and rows that are not URNs joins as the cast
    # would, by hash join and by index lookups, never an error.
    psql("DROP TABLE IF EXISTS ptext; CREATE TABLE ptext AS SELECT CASE WHEN i % 7 = 0 THEN 'not a urn ' || i"
         " WHEN i % 2 = 0 THEN upper(left(x::text, 4 + length(urn_nid(x)))) || substr(x::text, 5 + length(urn_nid(x))) || '#f'"
         " ELSE x::text END s FROM (SELECT x, row_number() OVER () i FROM c LIMIT 30000) s0; ANALYZE ptext;")
    join = "SELECT count(*) FROM c u JOIN ptext p ON u.x = p.s;"
    ref = q("SELECT count(*) FROM c u JOIN (SELECT s::urn AS s FROM ptext WHERE urn_valid(s)) p ON u.x = p.s;")
    hj = q("SET enable_mergejoin = off; SET enable_nestloop = off; " + join)
    nl = q("SET enable_mergejoin = off; SET enable_hashjoin = off; SET enable_seqscan = off; " + join)
    txt = q("SELECT count(*) FROM c u JOIN ptext p ON u.x::text = p.s;")
    ok('3b.6 urn = text joins by hash and by index as the cast (non-URN rows: no match)',
       hj == nl == ref and int(txt) < int(ref), f'hash {hj}, index {nl}, cast {ref}, as text {txt}')
    plan = q("SET enable_mergejoin = off; SET enable_nestloop = off; EXPLAIN " + join)
    ok('3b.7 the join of urn = text is a hash join', 'Hash Join' in plan, plan)
    plan = q("SET enable_mergejoin = off; SET enable_hashjoin = off; SET enable_seqscan = off; EXPLAIN " + join)
    ok('3b.8 urn = text looks up the urn index', 'c_x' in plan, plan)
    print(f'3b: {nids} NIDs, {len(want)} cut keys, join of 30000 texts: {ref} rows ({txt} as text)')


def urn_eq(a, b):
    """Two lines of two URNs each, equal pairwise as urns."""
    x, y = a.split(' '), b.split(' ')
    return len(x) == len(y) == 2 and q(
        f"SELECT {quote(x[0])}::urn = {quote(y[0])}::urn AND {quote(x[1])}::urn = {quote(y[1])}::urn;") == 't'


def quote(s):
    return "'" + s.replace("'", "''") + "'"


# ---- 4. Bad input --------------------------------------------------------------

def err_of(sql):
    _, err, rc = psql('\\set VERBOSITY verbose\n' + sql, check=False)
    return rc, err


def bad_input():
    words = ['', 'x', 'urn:', 'urn:x', 'urn:ab', 'urn:ab:', 'urn:-ab:x', 'urn:example:a b', 'urn:example:%zz',
             'urn:' + 'a' * 33 + ':x', 'urn:ex:café', 'ürn:ab:c']
    cases = [(i, 'urn_error', '-', [tok(w.encode())]) for i, w in enumerate(words)]
    ref = sqlite_answers(cases)
    for i, w in enumerate(words):
        want = bytes.fromhex(ref[i][2:]).decode()
        for how in ('%s::urn', 'CAST(%s AS urn)', 'urn(%s)'):
            rc, err = err_of('SELECT ' + how % ("'" + w.replace("'", "''") + "'") + ';')
            m = re.search(r'DETAIL:  (.*)', err)
            ok(f'4.1 {how % w!r}', rc != 0 and 'ERROR:  22P02: invalid input syntax for type urn' in err
               and m and m.group(1) == want, f'{err!r}, SQLite says {want!r}')
    rc, err = err_of("CREATE TEMP TABLE b(x urn); INSERT INTO b VALUES ('urn:ok:1'), ('nope');")
    ok('4.2 INSERT of a non-URN: 22P02', rc != 0 and '22P02' in err, err)
    rc, err = err_of("CREATE TEMP TABLE b(x urn); INSERT INTO b SELECT 'nope'::text;")
    ok('4.3 assignment from text checks', rc != 0 and '22P02' in err, err)
    rc, err = err_of("SELECT urn_key('urn:a:b', 'bogus');")
    ok('4.4 bad mode: 22023', rc != 0 and "ERROR:  22023: urn_key(): unknown mode 'bogus'; expected 'rfc8141', 'rfc2141' or 'ns'" in err, err)
    rc, err = err_of("SELECT * FROM urn_find('urn:a:b', 'nsx');")
    ok('4.5 urn_find bad mode: 22023', rc != 0 and "22023: urn_find(): unknown mode 'nsx'" in err, err)
    rc, err = err_of("SELECT urn_url('urn:a:b', '{zzz}');")
    ok('4.6 bad template: 22023', rc != 0 and '22023' in err, err)
    # Many MB: a URN of 50 MB, a non-URN of 50 MB, the functions on them.
    big = q("SELECT length(x::text), urn_valid(x), length(urn_canonical(x)), x = ('URN:EX:' || repeat('a%2F', 12500000))::urn"
            " FROM (SELECT ('urn:ex:' || repeat('a%2f', 12500000))::urn AS x) s;")
    ok('4.7 a 50 MB URN', big == '50000007|t|50000007|t', big)
    rc, err = err_of("SELECT ('urn:ex:' || repeat('a', 50000000) || ' ')::urn;")
    ok('4.8 a 50 MB non-URN: 22P02, a short message', rc != 0 and 'offset 50000007' in err and len(err) < 1000, err[:300])
    big = q("SELECT length(urn_encode(repeat('é ', 5000000))), cardinality(urn_extract_all(repeat('urn:ab:c ', 1000000)));")
    ok('4.9 urn_encode and urn_extract_all on MBs', big == '45000000|1000000', big)
    big = q("CREATE TEMP TABLE bigt(x urn); CREATE INDEX ON bigt USING hash (x);"
            " INSERT INTO bigt VALUES (('urn:ex:' || repeat('b', 3000000))::urn);"
            " SET enable_seqscan = off; SELECT count(*) FROM bigt WHERE x = ('URN:EX:' || repeat('b', 3000000))::urn;")
    ok('4.10 a 3 MB value in a hash index', big == '1', big)
    rc, err = err_of("CREATE TEMP TABLE bigb(x urn PRIMARY KEY); INSERT INTO bigb VALUES (('urn:ex:' || repeat(md5(random()::text), 100000))::urn);")
    ok('4.11 a btree refuses a row past a third of a page, as for text', rc != 0 and '54000: index row requires' in err, err)
    ok('4.12 the backend survives', q('SELECT 1;') == '1')
    print('4: bad input')


# ---- 5. docs/postgres.md -----------------------------------------------------------

def doc_blocks():
    lines = open(os.path.join(TOP, 'docs', 'postgres.md'), encoding='utf-8').read().split('\n')
    blocks, i = [], 0
    while i < len(lines):
        if lines[i] == '<!-- postgres -->' and i + 1 < len(lines) and re.match(r'^```sql\s*$', lines[i + 1]):
            body, j = [], i + 2
            while j < len(lines) and not re.match(r'^```\s*$', lines[j]):
                body.append(lines[j])
                j += 1
            blocks.append((i + 2, body))
            i = j
        i += 1
    return blocks


def docs_examples():
    blocks = doc_blocks()
    ok('5.0 docs/postgres.md has examples', len(blocks) >= 4, f'{len(blocks)} blocks')
    for k, (line, body) in enumerate(blocks):
        db = f'doc{k}'
        psql(f'DROP DATABASE IF EXISTS {db}; CREATE DATABASE {db};', db='postgres')
        if 'CREATE EXTENSION urn;' not in body:
            psql('CREATE EXTENSION urn;', db=db)
        stmts, cur = [], ''
        for l in body:
            m = re.match(r'^-- → (.*)$', l)
            e = re.match(r'^-- error: (.*)$', l)
            if m:
                stmts[-1][1].append(m.group(1))
            elif e:
                stmts[-1][2] = e.group(1)
            elif not l.startswith('--') and l != '':
                cur += l + '\n'
                if re.search(r';\s*$', l):
                    stmts.append([cur, [], None])
                    cur = ''
        ok(f'5.postgres.md:{line} terminated', cur == '', cur)
        for sql, rows, err in stmts:
            name = f'5.postgres.md:{line} {sql.strip().splitlines()[0]}'
            out, stderr, rc = psql(sql, db=db, extra=('-F', ' | ', '-P', 'null=NULL'), check=False)
            got = [r for r in out.split('\n') if r != '']
            if rc != 0:
                first = re.sub(r'^ERROR:  ', '', stderr.strip().split('\n')[0])
                ok(name, err is not None and first == err, f'error {first!r}, the page says {err!r}')
            else:
                ok(name, err is None and (not rows or got == rows),
                   f'got {got}, the page says {rows}' + (f', error {err!r}' if err else ''))
        psql(f'DROP DATABASE {db};', db='postgres')
    print(f'5: {len(blocks)} blocks of docs/postgres.md')


# ---- 6. The stored form -------------------------------------------------------

def spellings():
    """URNs that exercise every part of the stored form, deterministic."""
    import random
    rnd = random.Random(46)
    out = []

    def mixed(z):
        return ''.join(c.upper() if rnd.random() < 0.5 else c for c in z)
    for n in range(2, 33):                       # NIDs of every length (RFC 8141 §2)
        nid = ''.join(rnd.choice('abcdefghijklmnopqrstuvwxyz0123456789') for _ in range(n))
        nid = 'a' + nid[1:-1] + 'z' if n > 1 else nid
        for head in ('urn', 'URN', mixed('urn')):
            out.append(f'{head}:{mixed(nid)}:x{n}')
            out.append(f'{head}:{nid}:x{n}?+r')
    for k in range(21):                          # 0 to 20 %XX with hex letters
        esc = ''.join('%' + mixed(rnd.choice('abcdef') + rnd.choice('0123456789abcdef')) for _ in range(k))
        out += [f'urn:ex:a{esc}b', f'URN:EX:{esc.lower()}', f'urn:ex:{esc.upper()}#f%2a',
                f'urn:isbn:0-8044-{esc}2957-X', f'uRn:IsBn:080442957x{esc}?=q']
    comps = ['', '?+r%2f', '?=q=1&b', '#frag', '?+r?=q#f', '#', '?+a?b?=c?d#e?f']
    for c in comps:
        out += ['urn:ex:a' + c, 'URN:EX:a' + c, 'urn:isbn:0-8044-2957-x' + c, 'urn:issn:0167-642x' + c]
    for length in (127, 128, 129, 16383, 16384, 16385):   # LEB128's steps (2097152: below)
        m = length - len('ex:') - 3
        out += ['urn:ex:' + 'a' * m + '%2F', 'URN:EX:' + 'a' * m + '%2f', 'urn:ex:' + 'a' * m + '%2F#f',
                'urn:isbn:' + '1-' * ((length - 5) // 2) + '1' * ((length - 5) % 2)]
    return out


def stored_form():
    ins = [b.decode() for b in inputs()]
    gold = [unescape(l.rstrip('\n')[2:]) for l in open(os.path.join(TOP, 'test', 'order-golden.txt'),
                                                        encoding='ascii') if not l.startswith('#')]
    ins += [b.decode() for b in gold if utf8_text(b)]
    ins += spellings()
    path = os.path.join(WORK, 'stored.copy')
    with open(path, 'w') as f:
        f.write(''.join(hexu(w.encode()) + '\n' for w in ins))
    os.chmod(path, 0o644)
    fb = os.path.join(WORK, 'stored.bin')
    psql("DROP TABLE IF EXISTS sf, sfb;\nCREATE TABLE sf(i serial, s text, u urn, n urn_ns);\n"
         "CREATE TEMP TABLE h(h text);\n"
         f"\\copy h FROM '{path}'\n"
         "INSERT INTO sf(s) SELECT convert_from(decode(h, 'hex'), 'UTF8') FROM h;\n"
         "DELETE FROM sf WHERE NOT urn_valid(s);\n"
         "UPDATE sf SET u = s::urn, n = s::urn_ns;\n"
         f"\\copy (SELECT i, u, n FROM sf) TO '{fb}' WITH (FORMAT binary)\n"
         "CREATE TABLE sfb(i int, u urn, n urn_ns);\n"
         f"\\copy sfb FROM '{fb}' WITH (FORMAT binary)\n")
    n = int(q('SELECT count(*) FROM sf;'))
    ok('6.0 URNs to store', n > 3000, f'{n} URNs')
    bad = q("SELECT count(*) FROM sf WHERE u::text IS DISTINCT FROM s OR n::text IS DISTINCT FROM s"
            " OR u::urn_ns::text IS DISTINCT FROM s OR n::urn::text IS DISTINCT FROM s"
            " OR CAST(u AS varchar) IS DISTINCT FROM s::varchar;")
    ok('6.1 urn and urn_ns come back as written (text, casts between the types, varchar)', bad == '0', bad)
    bad = q("SELECT count(*) FROM sf JOIN sfb USING (i) WHERE sfb.u::text IS DISTINCT FROM s"
            " OR sfb.n::text IS DISTINCT FROM s OR sfb.u <> sf.u OR sfb.n <> sf.n;")
    ok('6.2 binary COPY out and in gives the same values', bad == '0' and
       q('SELECT count(*) FROM sfb;') == str(n), bad)
    bad = q("SELECT count(*) FROM sf WHERE u <> urn_key(s)::urn OR n <> urn_key(s, 'ns')::urn_ns"
            " OR urn_hash(u) <> urn_hash(urn_key(s)::urn) OR urn_ns_hash(n) <> urn_ns_hash(urn_key(s, 'ns')::urn_ns)"
            " OR urn_hash_extended(u, 7) <> urn_hash_extended(urn_key(s)::urn, 7);")
    ok('6.3 each value is equal to its key, and hashes alike', bad == '0', bad)
    for t, k in (('u', "urn_key(s)"), ('n', "urn_key(s, 'ns')")):
        got = q(f"SELECT md5(string_agg({k}, E'\\n' ORDER BY {t}, i)) FROM sf;")
        want = q(f"SELECT md5(string_agg({k}, E'\\n' ORDER BY {k} COLLATE \"C\", i)) FROM sf;")
        ok(f'6.4 ORDER BY {t} is the order of {k} COLLATE "C"', got == want, f'{got} {want}')
        cnt = q(f"SELECT count(DISTINCT {t})::text || ' ' || count(DISTINCT {k}) FROM sf;").split()
        ok(f'6.5 DISTINCT {t} counts the classes of {k}', cnt[0] == cnt[1], cnt)
    # A value written as its key takes 4 bytes fewer than text (its "urn:");
    # but the NID "urn" takes a tag (0x00) and the key's length: a value
    # that begins "urn:" is one 0.1.0 stored (urn_pg_type.c).
    sz = q("SELECT count(*), sum(pg_column_size(u) - pg_column_size(s)) FROM sf"
           " WHERE s = urn_key(s) AND octet_length(s) < 120 AND s NOT LIKE 'urn:urn:%';").split('|')
    ok('6.6 a value written as its key: 4 bytes fewer than text', int(sz[0]) > 500 and int(sz[1]) == -4 * int(sz[0]), sz)
    sz = q("SELECT count(*), sum(pg_column_size(u) - pg_column_size(s)) FROM sf"
           " WHERE s = urn_key(s) AND octet_length(s) < 120 AND s LIKE 'urn:urn:%';").split('|')
    ok('6.6 the NID urn, written as its key: 2 bytes fewer than text', int(sz[0]) > 0 and int(sz[1]) == -2 * int(sz[0]), sz)
    # LEB128's third step, a key of 2 MB, in and out of a table (TOASTed,
    # compressed), and a 20 MB value that compresses badly (stored out of
    # line in slices).
    for length in (2097151, 2097152, 2097153):
        m = length - len('ex:') - 3
        r = q(f"CREATE TEMP TABLE l{length}(x urn, y urn_ns);"
              f" INSERT INTO l{length} SELECT v, v FROM (SELECT 'URN:EX:' || repeat('a', {m}) || '%2f#F' AS v) s;"
              f" SELECT octet_length(x::text), octet_length(y::text), x = ('urn:ex:' || repeat('a', {m}) || '%2F')::urn,"
              f" x::text = 'URN:EX:' || repeat('a', {m}) || '%2f#F' FROM l{length};")
        ok(f'6.7 a key of {length} bytes', r == f'{m + 12}|{m + 12}|t|t', r)
    big = "(SELECT string_agg(md5(g::text) || '%2f', '') FROM generate_series(1, 500000) g)"
    r = q("CREATE TEMP TABLE big(x urn, y urn_ns); ALTER TABLE big ALTER x SET STORAGE external;"
          f" INSERT INTO big SELECT v, v FROM (SELECT 'URN:Ex:' || {big} || '?=q' AS v) s;"
          f" SELECT octet_length(x::text), x::text = y::text, md5(x::text) = md5('URN:Ex:' || {big} || '?=q'),"
          f" pg_column_size(x) > 17500000, x = ('urn:ex:' || replace({big}, '%2f', '%2F'))::urn, urn_hash(x) = urn_hash(('urn:ex:'"
          f" || replace({big}, '%2f', '%2F'))::urn), y = ('urn:ex:' || replace({big}, '%2f', '%2F'))::urn_ns FROM big;")
    ok('6.8 a 17.5 MB value stored out of line', r == '17500010|t|t|t|t|t|t', r)
    # The casts to text are functions now: in index expressions, generated
    # columns and CHECKs, and through pg_dump and a restore.
    psql("CREATE TABLE ex(i int, u urn, n urn_ns, s text, g text GENERATED ALWAYS AS (urn_nid(u)) STORED,"
         " CHECK (urn_valid(u) AND length(n) = length(s)));\n"
         "CREATE INDEX ex_u ON ex (u); CREATE INDEX ex_l ON ex (lower(u)); CREATE INDEX ex_k ON ex (urn_key(n, 'ns'));\n"
         "INSERT INTO ex(i, u, n, s) SELECT i, u, n, s FROM sf WHERE octet_length(s) < 2000;\n")
    bad = q("SET enable_seqscan = off; SELECT count(*) FROM sf WHERE octet_length(s) < 2000 AND NOT EXISTS (SELECT 1 FROM ex"
            " WHERE lower(ex.u) = lower(sf.s) AND urn_key(ex.n, 'ns') = urn_key(sf.s, 'ns') AND ex.g = urn_nid(sf.s)"
            " AND ex.u::text = sf.s);")
    ok('6.9 index expressions, a generated column and a CHECK over urn and urn_ns', bad == '0', bad)
    dump = os.path.join(WORK, 'stored.dump')
    p = subprocess.run(['pg_dump', '-h', '127.0.0.1', '-p', PORT, '-U', USER, '-Fc', '-t', 'ex', '-f', dump, 'urn_test'],
                       capture_output=True)
    psql('DROP DATABASE IF EXISTS urn_restore; CREATE DATABASE urn_restore;', db='postgres')
    psql('CREATE EXTENSION urn;', db='urn_restore')
    r = subprocess.run(['pg_restore', '-h', '127.0.0.1', '-p', PORT, '-U', USER, '-d', 'urn_restore', dump],
                       capture_output=True)
    got = psql("SELECT md5(string_agg(i || ' ' || u || ' ' || n || ' ' || g, E'\\n' ORDER BY u, i)) FROM ex;",
               db='urn_restore', check=False)[0].strip()
    want = q("SELECT md5(string_agg(i || ' ' || u || ' ' || n || ' ' || g, E'\\n' ORDER BY u, i)) FROM ex;")
    ok('6.10 pg_dump and pg_restore give the same rows in the same order', p.returncode == 0 and r.returncode == 0
       and got == want and want != '', (p.stderr.decode() + r.stderr.decode())[:300] or f'{got} {want}')
    psql('DROP DATABASE urn_restore;', db='postgres')
    print(f'6: {n} URNs through the stored form')


# ---- 7. the function reference, docs/functions.md -------------------------------
# The rows test/names.test and test/reference.js read, with the same patterns:
# a group table's "| [`name(ARGS)`](LINK) | what | `EXAMPLE` | `RESULT` |" and a
# signature's "| `name` | SQLite | DuckDB | PostgreSQL |".

def reference():
    text = open(os.path.join(TOP, 'docs', 'functions.md'), encoding='utf-8').read()
    groups = re.findall(r'^\| \[`((urn_[a-z0-9_]+)\([^`]*\))`\]\(([^)]*)\) \| ([^|]*) \| `([^`]*)` \| `([^`]*)` \|$',
                        text, re.M)
    types = {m[0]: m[3] for m in re.findall(r'^\| `(urn_[a-z0-9_]+)` \| ([^|]+) \| ([^|]+) \| ([^|]+) \|$', text, re.M)}
    return [(g[1], g[4], g[5]) for g in groups], types


def reference_checks():
    examples, types = reference()
    # The extension's functions as pg_proc gives their result type; those
    # that take or give urn, urn_ns, cstring or internal, or that an
    # operator family, an operator or a cast calls, are the types' own
    # (input, output, operators, casts, hashes) unless the reference lists them
    # (urn_has_prefix, the procedure of ^@, is also a function to call).
    out = q("""SELECT p.proname, string_agg(DISTINCT CASE WHEN p.proretset THEN 'SETOF ' ELSE '' END
                                 || format_type(p.prorettype, NULL), ' or '),
             bool_and(EXISTS (SELECT FROM unnest(p.proargtypes::oid[] || p.prorettype) t
                              WHERE format_type(t, NULL) IN ('urn', 'urn_ns', 'cstring', 'internal'))
                      OR p.oid IN (SELECT amproc FROM pg_amproc UNION SELECT oprcode FROM pg_operator
                                   UNION SELECT castfunc FROM pg_cast))
      FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
      JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'urn'
      GROUP BY 1 ORDER BY 1;""", extra=('-F', '\t'))
    reg = {}
    for l in out.split('\n'):
        if l:
            name, t, own = l.split('\t')
            if own != 't' or name in types:
                reg[name] = t
    ok('7.1 PostgreSQL has the functions', len(reg) >= 20, sorted(reg))
    for name, t in sorted(reg.items()):
        doc = types.get(name, 'no row').removesuffix(' (†)')
        ok(f'7.1 {name}', doc == t, f"docs/functions.md: '{doc}' in PostgreSQL's column, pg_proc: {t}")
    listed = [n for n, t in types.items() if t != '—']
    ok('7.2 no function PostgreSQL lacks', all(n in reg for n in listed), [n for n in listed if n not in reg])
    runs = [e for e in examples if types.get(e[0], '—') != '—' and not types[e[0]].endswith('(†)')]
    ok('7.3 examples', len(runs) >= 20, len(runs))
    for name, sql, want in runs:
        out, err, rc = psql(f'SELECT pg_typeof({sql}), {sql};', extra=('-F', '\x1f', '-P', 'null=NULL'), check=False)
        if rc != 0:
            ok(f'7.3 {name}', False, f'{sql}: {err.strip()}')
            continue
        t, got = out.rstrip('\n').split('\x1f', 1)
        if t == 'boolean':
            got = {'t': '1', 'f': '0'}.get(got, got)
        ok(f'7.3 {name}', got == want, f"{sql} gives '{got}', docs/functions.md says '{want}'")
    print(f'7: the reference, {len(reg)} functions, {len(runs)} examples')


# ---- 8. The conformance suite's records ----------------------------------------

# The shim of test/suite/README.md: hex(S), S's UTF-8 bytes in upper-case
# hex, as SQLite's and DuckDB's built-in hex() write them.
HEX_SHIM = ("CREATE FUNCTION hex(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE"
            " AS $$ SELECT upper(encode(convert_to($1, 'UTF8'), 'hex')) $$;")


# psql's prefix of an error's first line (with "psql:FILE:LINE: " when it
# reads a file).
ERROR = r'^(psql:[^:]*:\d+: )?ERROR:  '


def record_outcomes(records, db):
    """Run records in order in one psql session on db; for each, {'rows':
    [[value, ...], ...]} (a query's rows read through to_json, one JSON
    object a row, its values typed, its keys in the columns' order) or
    {'error': the first line of psql's message without "ERROR:  "}.  A
    marker on stdout and on stderr (\\echo, \\warn) before each record
    says whose lines follow."""
    script = []
    for k, rec in enumerate(records):
        sql = rec['sql'].rstrip().rstrip(';')
        if rec['kind'] == 'query':
            # The alias is no column name of any record (urn_parse's row has
            # a column "q", which "to_json(q)" would read instead).
            sql = f'SELECT to_json(suite_row) FROM ({sql}\n) suite_row'
        script += [f'\\echo @@suite {k}', f'\\warn @@suite {k}', sql + '\n;']
    p = subprocess.run(['psql', '-X', '-q', '-A', '-t', '-h', '127.0.0.1', '-p', PORT, '-U', USER, '-d', db],
                       input='\n'.join(script).encode() + b'\n', capture_output=True)
    outs, errs = {}, {}
    for stream, into in ((p.stdout, outs), (p.stderr, errs)):
        k = None
        for line in stream.decode('utf-8', 'replace').split('\n'):
            m = re.fullmatch(r'@@suite (\d+)', line)
            if m:
                k = int(m.group(1))
                into[k] = []
            elif k is not None and line != '' and (into is outs or re.match(ERROR, line)):
                into[k].append(line)
    res = []
    for k, rec in enumerate(records):
        if k not in outs or k not in errs:
            res.append({'error': f'psql stopped before the record: {p.stderr.decode()[-300:]}'})
        elif errs[k]:
            res.append({'error': re.sub(ERROR, '', errs[k][0])})
        elif rec['kind'] == 'statement':
            res.append({'rows': []})
        else:
            # Read as pairs: two columns may share a name.
            res.append({'rows': [[v for _, v in json.loads(line, object_pairs_hook=list)] for line in outs[k]]})
    return res


def suite_records():
    """Every record of test/suite/*.test that runs on PostgreSQL (its
    onlyif/skipif conditions), each file in a fresh database with the
    extension and the hex() shim."""
    run = skipped = 0
    for k, (file, records) in enumerate(suite.files()):
        db = f'suite{k}'
        psql(f'DROP DATABASE IF EXISTS {db}; CREATE DATABASE {db};', db='postgres')
        psql('CREATE EXTENSION urn;\n' + HEX_SHIM, db=db)
        mine = [rec for rec in records if suite.applies(rec, ['postgres'])]
        skipped += len(records) - len(mine)
        for rec, outcome in zip(mine, record_outcomes(mine, db)):
            run += 1
            why = suite.judge(rec, outcome)
            ok(f"8.suite {os.path.basename(file)}:{rec['line']}", why is None, why)
        psql(f'DROP DATABASE {db};', db='postgres')
    print(f'8: {run} records of test/suite run, {skipped} not for postgres')


def main():
    os.makedirs(WORK, exist_ok=True)
    psql('DROP DATABASE IF EXISTS urn_test; CREATE DATABASE urn_test;', db='postgres')
    psql('CREATE EXTENSION urn;')
    only = os.environ.get('URN_PG_PARTS', '').split()      # for development
    for part in (compare_functions, compare_tables, order_golden, corpus_checks, prefix_and_text_checks,
                 bad_input, docs_examples, stored_form, reference_checks, suite_records):
        if only and part.__name__ not in only:
            continue
        t0 = time.time()
        try:
            part()
        except Exception as e:                       # a part that breaks is a failure
            ok(part.__name__, False, repr(e))
        print(f'   ({part.__name__}: {time.time() - t0:.0f} s)')
    print(f'{passed} passed, {failed} failed')
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()
