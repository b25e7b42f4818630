"""test/suite/suite.py -- the Python reader of the conformance suite
(test/suite/README.md): the records of *.test, the inputs of inputs.txt and
the cases of compare.tsv, as test/suite/suite.js reads them, for PostgreSQL's
runner (test/postgres/compare.py).  The same records, the same inputs and
the same cases, in the same order, with the same ids:
test/suite/check_suite_py.js compares the two readers.

  inputs(top=None, gen_corpus=None)  [bytes], in file order
  compare_spec()                     {'lists', 'cases', 'differ'}
  make_cases(ins, blob)              [(id, func, mode, [token, ...])]
  differ(engine)                     {rule: set of function names, '*': all}
  files(dir=DIR)                     [(file, records)] for every *.test, sorted
  parse(text, file)                  the records of one file, as suite.js's
  applies(rec, names)                the record runs on an engine of these names
  value(v)                           one value as the records write it
  judge(rec, outcome)                None if the outcome ({'rows': [[v, ...]]}
                                     or {'error': MESSAGE}) is the record's
"""
import os
import re
import subprocess

DIR = os.path.dirname(os.path.abspath(__file__))


def hexu(b):
    return bytes(b).hex().upper()


def unescape(s):
    """A line of inputs.txt, or the text inside a literal, as bytes."""
    out = bytearray()
    i = 0
    while i < len(s):
        c = s[i]
        if c != '\\':
            out += c.encode('utf-8')
            i += 1
            continue
        i += 1
        c = s[i] if i < len(s) else ''
        rest = s[i + 1:]
        simple = {'\\': '\\', 't': '\t', 'n': '\n', 'r': '\r'}
        if c in simple:
            out += simple[c].encode()
        elif c == 'x' and re.match(r'[0-9A-Fa-f]{2}$', rest[:2]):
            out.append(int(rest[:2], 16))
            i += 2
        elif c == 'u' and re.match(r'\{([0-9A-Fa-f]{1,6})\}', rest):
            m = re.match(r'\{([0-9A-Fa-f]{1,6})\}', rest)
            out += chr(int(m.group(1), 16)).encode('utf-8')
            i += len(m.group(0))
        elif c == '*' and re.match(r'(\d+)\{([^}]*)\}', rest):
            m = re.match(r'(\d+)\{([^}]*)\}', rest)
            out += unescape(m.group(2)) * int(m.group(1))
            i += len(m.group(0))
        else:
            raise ValueError(f'bad escape \\{c} in {s!r}')
        i += 1
    return bytes(out)


def inputs(top=None, gen_corpus=None):
    top = top or os.path.abspath(os.path.join(DIR, '..', '..'))
    out = []
    with open(os.path.join(DIR, 'inputs.txt'), encoding='utf-8') as f:
        lines = f.read().split('\n')
    for line in lines:
        if line == '' or line[0] == '#':
            continue
        w = re.split(r'\s+', line)
        if w[0] == '@fuzz-corpus':
            corpus = os.path.join(top, w[1])
            for d in sorted(os.listdir(corpus)):
                for name in sorted(os.listdir(os.path.join(corpus, d))):
                    with open(os.path.join(corpus, d, name), 'rb') as g:
                        b = g.read()
                    out.append(b)
                    if len(b) > 1:
                        out.append(b[1:])
        elif w[0] == '@tsv-column1':
            with open(os.path.join(top, w[1]), encoding='utf-8') as g:
                for l in g.read().split('\n'):
                    if l and l[0] != '#':
                        out.append(l.split('\t')[0].encode('utf-8'))
        elif w[0] == '@gen-corpus':
            if not gen_corpus:
                continue
            text = subprocess.run([gen_corpus, w[1], w[2]], capture_output=True,
                                  check=True).stdout
            out.extend(text.split(b'\n')[:-1])
        elif line[0] == '@':
            raise ValueError(f'inputs.txt: unknown directive {w[0]}')
        else:
            out.append(b'' if line == '(empty)' else unescape(line))
    return out


def literal(s):
    """A literal of compare.tsv as a token of the cases file."""
    if s == 'NULL':
        return 'N'
    if re.fullmatch(r'-?\d+', s):
        return f'I:{s}'
    m = re.fullmatch(r"'(.*)'", s, re.S)
    if m:
        return 'T:' + hexu(unescape(m.group(1).replace("''", "'")))
    m = re.fullmatch(r"[xX]'([0-9A-Fa-f]*)'", s)
    if m:
        return 'B:' + m.group(1).upper()
    raise ValueError(f'compare.tsv: not a literal: {s}')


def compare_spec():
    lists, cases, differ_ = {}, [], []
    with open(os.path.join(DIR, 'compare.tsv'), encoding='utf-8') as f:
        lines = f.read().split('\n')
    for n, line in enumerate(lines, 1):
        if line == '' or line[0] == '#':
            continue
        f = line.split('\t')
        if f[0] == 'list':
            lists[f[1]] = [literal(x) for x in f[2:]]
        elif f[0] == 'case':
            funcs, each, modes, args = f[1], f[2], f[3], f[4:]
            if not re.fullmatch(r'each|each/\d+|once', each):
                raise ValueError(f'compare.tsv:{n}: FOR is {each}')
            cases.append({'line': n, 'funcs': funcs.split(' '), 'each': each,
                          'modes': modes, 'args': args})
        elif f[0] == 'differ':
            differ_.append({'engine': f[1], 'rule': f[2], 'funcs': f[3].split(' ')})
        else:
            raise ValueError(f'compare.tsv:{n}: unknown line {f[0]}')
    return {'lists': lists, 'cases': cases, 'differ': differ_}


def differ(engine):
    """The differ rules of one engine: {rule: set of function names}."""
    out = {}
    for d in compare_spec()['differ']:
        if d['engine'] == engine:
            out.setdefault(d['rule'], set()).update(d['funcs'])
    return out


def utf8_valid(b):
    try:
        bytes(b).decode('utf-8')
        return True
    except UnicodeDecodeError:
        return False


def upper_ascii(b):
    return bytes(c - 32 if 0x61 <= c <= 0x7a else c for c in b)


def make_cases(ins, blob):
    """The cases of compare.tsv on the inputs.  blob: the engine takes BLOBs
    (each input as text and as a BLOB); else text only, and a case whose
    input is not text the engine holds (not UTF-8, or a NUL) is dropped."""
    spec = compare_spec()
    n = len(ins)
    cases = []

    def lst(name):
        if name not in spec['lists']:
            raise ValueError(f'compare.tsv: no list {name}')
        return spec['lists'][name]

    def text_ok(b):
        return utf8_valid(b) and (blob or 0 not in b)

    def holds(t):
        # Without BLOBs, a token the engine's text holds: no BLOB, no
        # literal with a NUL (a MODE 'ns\x00' of compare.tsv).
        return t[0] != 'B' and (t[0] != 'T' or text_ok(bytes.fromhex(t[2:])))

    def kinds(b):
        if blob:
            return ['T', 'B'] if utf8_valid(b) else ['B']
        return ['T'] if text_ok(b) else []

    for c in spec['cases']:
        if c['modes'] == '-':
            modes = ['-']
        elif c['modes'].startswith('-+'):
            modes = ['-'] + lst(c['modes'][2:])
        else:
            modes = lst(c['modes'])
        if c['each'] == 'once':
            idx = [0]
        elif c['each'] == 'each':
            idx = range(n)
        else:
            k = int(c['each'][5:])
            idx = [i for i in range(n) if i % k == 0]
        for func in c['funcs']:
            for i in idx:
                inp = {'X': ins[i], 'NEXT': ins[(i + 1) % n], 'UPPER': upper_ascii(ins[i]),
                       'OTHER': ins[(i * 7 + 3) % n]}
                choices = []
                x_kinds = None
                for a in c['args']:
                    base, _, suffix = a.partition(':')
                    if base in inp and c['each'] != 'once':
                        b = inp[base]
                        ks = kinds(b)
                        if suffix == 'B':
                            ks = ['B'] if blob else []
                        if base == 'X' and not suffix:
                            x_kinds = ks
                        choices.append({'input': b, 'kinds': 'K' if suffix == 'K' else ks})
                    elif a[0] == '@':
                        values = lst(a[1:])
                        choices.append({'tokens': [values[i % len(values)]]})
                    elif a[0] == '*':
                        choices.append({'tokens': lst(a[1:])})
                    else:
                        choices.append({'tokens': [literal(a)]})
                # Every combination, the first argument's choices outermost;
                # each partial carries the kind its X took.
                combos = [([], None)]
                for ai, ch in enumerate(choices):
                    nxt = []
                    for partial, x_kind in combos:
                        if 'tokens' in ch:
                            toks = ch['tokens']
                        else:
                            ks = ch['kinds']
                            if ks == 'K':
                                xk = x_kind or (x_kinds[0] if x_kinds else None)
                                if utf8_valid(ch['input']) and text_ok(ch['input']):
                                    ks = [xk]
                                else:
                                    ks = ['B'] if blob else []
                            toks = [f'{k}:{hexu(ch["input"])}' for k in ks]
                        for t in toks:
                            xk2 = x_kind or (t[0] if c['args'][ai] == 'X' else None)
                            nxt.append((partial + [t], xk2))
                    combos = nxt
                for args, _ in combos:
                    if not blob and not all(holds(t) for t in args):
                        continue
                    for mode in modes:
                        if not blob and not holds(mode):
                            continue
                        cases.append((len(cases), func, mode, list(args)))
    return cases


# ---- The records (test/suite/*.test), as suite.js reads them -----------------

class SuiteError(ValueError):
    pass


def parse(text, file):
    """The records of one file: [{'file', 'line', 'kind' ('statement' or
    'query'), 'expect' ('ok' or 'error'), 'error', 'sql', 'types', 'sort',
    'rows', 'conds'}], as suite.js's parse() makes them."""
    lines = text.replace('\r\n', '\n').split('\n')
    recs, conds = [], []

    def fail(line, msg):
        raise SuiteError(f'{os.path.basename(file)}:{line}: {msg}')
    i = 0
    while i < len(lines):
        line = lines[i]
        if line == '' or line[0] == '#':
            if line == '' and conds:
                fail(i, 'a condition without its record')
            i += 1
            continue
        w = line.split()
        if w[0] in ('onlyif', 'skipif'):
            if len(w) != 2:
                fail(i + 1, f"expected '{w[0]} ENGINE'")
            conds.append([w[0], w[1]])
            i += 1
            continue
        rec = {'file': file, 'line': i + 1, 'conds': conds, 'kind': w[0], 'expect': 'ok', 'error': '',
               'sql': '', 'types': '', 'sort': 'nosort', 'rows': []}
        conds = []
        if w[0] == 'statement':
            if len(w) != 2 or w[1] not in ('ok', 'error'):
                fail(rec['line'], "expected 'statement ok' or 'statement error'")
            rec['expect'] = w[1]
        elif w[0] == 'query':
            if not 2 <= len(w) <= 3 or not re.fullmatch(r'[TI]+', w[1]) or \
                    (len(w) == 3 and w[2] not in ('nosort', 'rowsort')):
                fail(rec['line'], "expected 'query TYPES [nosort|rowsort]'")
            rec['types'] = w[1]
            rec['sort'] = w[2] if len(w) == 3 else 'nosort'
        else:
            fail(rec['line'], f"unknown directive '{w[0]}'")
        i += 1
        sql = []
        while i < len(lines) and lines[i] not in ('', '----'):
            sql.append(lines[i])
            i += 1
        if not sql:
            fail(rec['line'], 'a record without SQL')
        rec['sql'] = '\n'.join(sql)
        dashes = i < len(lines) and lines[i] == '----'
        if dashes:
            i += 1
        if rec['kind'] == 'statement' and rec['expect'] == 'ok':
            if dashes:
                fail(rec['line'], "'statement ok' takes no '----'")
        elif rec['kind'] == 'statement':
            if dashes:
                if i >= len(lines) or lines[i] == '':
                    fail(rec['line'], "no message after '----'")
                rec['error'] = lines[i]
                i += 1
        else:
            if not dashes:
                fail(rec['line'], "a query without '----'")
            while i < len(lines) and lines[i] != '':
                rec['rows'].append(lines[i])
                i += 1
        if i < len(lines) and lines[i] != '':
            fail(i + 1, 'expected a blank line after the record')
        recs.append(rec)
    if conds:
        fail(len(lines), 'a condition without its record')
    return recs


def files(dir=DIR):
    """[(file, records)] for every *.test of dir, sorted by name."""
    out = []
    for f in sorted(x for x in os.listdir(dir) if x.endswith('.test')):
        path = os.path.join(dir, f)
        with open(path, encoding='utf-8') as g:
            out.append((path, parse(g.read(), path)))
    return out


def applies(rec, names):
    """The record runs on an engine of these names."""
    return all((kind == 'onlyif') == (engine in names) for kind, engine in rec['conds'])


def value(v):
    """One value as the records write it: None, booleans, integers, text."""
    if v is None:
        return 'NULL'
    if v is True:
        return '1'
    if v is False:
        return '0'
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return '(empty)' if v == '' else v
    raise SuiteError(f'a value of type {type(v).__name__}: the record must turn it into text')


def judge(rec, outcome):
    """None when the outcome ({'rows': [[value, ...], ...]} or {'error':
    MESSAGE without the engine's prefix}) is the record's, else why not."""
    if 'error' in outcome:
        got = 'error' if rec['kind'] == 'statement' and rec['error'] == '' else f"error: {outcome['error']}"
        if rec['kind'] == 'query':
            got = [got]
    elif rec['kind'] == 'statement':
        got = 'ok'
    else:
        for r in outcome['rows']:
            if len(r) != len(rec['types']):
                return f"{len(r)} columns for the types {rec['types']}"
        try:
            got = ['\t'.join(value(v) for v in r) for r in outcome['rows']]
        except SuiteError as e:
            return str(e)
        if rec['sort'] == 'rowsort':
            got.sort()
    if rec['kind'] == 'statement':
        want = 'ok' if rec['expect'] == 'ok' else 'error' if rec['error'] == '' else f"error: {rec['error']}"
    else:
        want = sorted(rec['rows']) if rec['sort'] == 'rowsort' else rec['rows']
    return None if got == want else f'expected {want!r}, got {got!r}'
