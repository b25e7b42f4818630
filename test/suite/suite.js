'use strict';
// test/suite/suite.js -- the JavaScript reader of the conformance suite
// (test/suite/README.md, the format): the records of test/suite/*.test, the
// inputs of inputs.txt and the cases of compare.tsv, and a loop that runs
// the records on one engine.  DuckDB's runner (test/duckdb/duckdb.test.js)
// uses it; the browser build's runners can (parse() and sqliteDialect()
// need no Node module; the rest reads files).
//
//   parse(text, file)          the records of one file: [{file, line, kind
//                              ('statement'|'query'), expect ('ok'|'error'),
//                              error, sql, types, sort, rows, conds}]
//   files(dir = DIR)           [{file, records}] for every *.test, sorted
//   applies(rec, names)        true if rec runs on an engine of these names
//   sqliteDialect(sql)         the shims chr() and repeat() spelled for SQLite
//   value(v)                   one value as the records write it
//   judge(rec, outcome)        null if the outcome is the record's, else why;
//                              outcome: {rows: [[value, ...], ...]} or
//                              {error: 'message without the engine's prefix'}
//   runRecords({names, fresh, exec, message, ok, close, dir})
//                              every record of every file; the number run
//   inputs({top, genCorpus})   the inputs of inputs.txt: [Buffer]
//   compareSpec()              compare.tsv: {lists, cases, differ}
//   makeCases(ins, {blob})     the cases: [{id, func, mode, args}], tokens
//                              T:HEX, B:HEX, I:N, N; mode '-' for none
const fs = require('fs');
const path = require('path');

const DIR = __dirname;

// ---- The records -----------------------------------------------------------

function parse(text, file) {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const recs = [];
  let conds = [];
  const fail = (line, msg) => { throw new Error(`${path.basename(file)}:${line}: ${msg}`); };
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line === '' || line[0] === '#') {
      if (line === '' && conds.length) fail(i, 'a condition without its record');
      i++;
      continue;
    }
    const w = line.trim().split(/\s+/);
    if (w[0] === 'onlyif' || w[0] === 'skipif') {
      if (w.length !== 2) fail(i + 1, `expected '${w[0]} ENGINE'`);
      conds.push([w[0], w[1]]);
      i++;
      continue;
    }
    const rec = { file, line: i + 1, conds, kind: w[0], expect: 'ok', error: '', sql: '',
                  types: '', sort: 'nosort', rows: [] };
    conds = [];
    if (w[0] === 'statement') {
      if (w.length !== 2 || !['ok', 'error'].includes(w[1])) fail(rec.line, "expected 'statement ok' or 'statement error'");
      rec.expect = w[1];
    } else if (w[0] === 'query') {
      if (w.length < 2 || w.length > 3 || !/^[TI]+$/.test(w[1]) || (w[2] && !['nosort', 'rowsort'].includes(w[2]))) {
        fail(rec.line, "expected 'query TYPES [nosort|rowsort]'");
      }
      rec.types = w[1];
      rec.sort = w[2] || 'nosort';
    } else {
      fail(rec.line, `unknown directive '${w[0]}'`);
    }
    i++;
    const sql = [];
    while (i < lines.length && lines[i] !== '' && lines[i] !== '----') sql.push(lines[i++]);
    if (!sql.length) fail(rec.line, 'a record without SQL');
    rec.sql = sql.join('\n');
    const dashes = i < lines.length && lines[i] === '----';
    if (dashes) i++;
    if (rec.kind === 'statement' && rec.expect === 'ok') {
      if (dashes) fail(rec.line, "'statement ok' takes no '----'");
    } else if (rec.kind === 'statement') {
      if (dashes) {
        if (i >= lines.length || lines[i] === '') fail(rec.line, "no message after '----'");
        rec.error = lines[i++];
      }
    } else {
      if (!dashes) fail(rec.line, "a query without '----'");
      while (i < lines.length && lines[i] !== '') rec.rows.push(lines[i++]);
    }
    if (i < lines.length && lines[i] !== '') fail(i + 1, 'expected a blank line after the record');
    recs.push(rec);
  }
  if (conds.length) fail(lines.length, 'a condition without its record');
  return recs;
}

function files(dir = DIR) {
  return fs.readdirSync(dir).filter((f) => f.endsWith('.test')).sort().map((f) => {
    const file = path.join(dir, f);
    return { file, records: parse(fs.readFileSync(file, 'utf8'), file) };
  });
}

function applies(rec, names) {
  return rec.conds.every(([kind, engine]) => (kind === 'onlyif') === names.includes(engine));
}

// ---- The shims, spelled for SQLite -----------------------------------------

// The index just past the literal or quoted name that starts at i.
function skipQuoted(s, i) {
  const q = s[i];
  for (let j = i + 1; j < s.length; j++) {
    if (s[j] === q) {
      if (s[j + 1] === q) { j++; continue; }
      return j + 1;
    }
  }
  return s.length;
}
function closeParen(s, open) {
  let depth = 0;
  for (let i = open; i < s.length;) {
    const c = s[i];
    if (c === "'" || c === '"') { i = skipQuoted(s, i); continue; }
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
    i++;
  }
  return -1;
}
function splitArgs(s) {
  const out = [];
  let depth = 0, from = 0;
  for (let i = 0; i < s.length;) {
    const c = s[i];
    if (c === "'" || c === '"') { i = skipQuoted(s, i); continue; }
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) { out.push(s.slice(from, i).trim()); from = i + 1; }
    i++;
  }
  out.push(s.slice(from).trim());
  return out;
}
function sqliteDialect(sql) {
  let out = '';
  for (let i = 0; i < sql.length;) {
    const c = sql[i];
    if (c === "'" || c === '"') {
      const j = skipQuoted(sql, i);
      out += sql.slice(i, j);
      i = j;
      continue;
    }
    const m = (c === 'c' || c === 'r') && !/[A-Za-z0-9_]/.test(sql[i - 1] || ' ')
      ? /^(chr|repeat)\s*\(/.exec(sql.slice(i, i + 12)) : null;
    const close = m ? closeParen(sql, i + m[0].length - 1) : -1;
    if (close > 0) {
      const args = splitArgs(sql.slice(i + m[0].length, close)).map(sqliteDialect);
      out += m[1] === 'chr' ? `char(${args.join(', ')})`
        : `replace(printf('%.*c', ${args[1]}, 'x'), 'x', ${args[0]})`;
      i = close + 1;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

// ---- Running the records ---------------------------------------------------

function value(v) {
  if (v === null || v === undefined) return 'NULL';
  if (v === true) return '1';
  if (v === false) return '0';
  if (typeof v === 'bigint' || typeof v === 'number') return String(v);
  if (typeof v === 'string') return v === '' ? '(empty)' : v;
  throw new Error(`a value of type ${v && v.constructor ? v.constructor.name : typeof v}: ` +
                  'the record must turn it into text');
}

function expectedOf(rec) {
  if (rec.kind === 'statement') {
    return rec.expect === 'ok' ? 'ok' : rec.error === '' ? 'error' : `error: ${rec.error}`;
  }
  return rec.sort === 'rowsort' ? [...rec.rows].sort() : rec.rows;
}

function judge(rec, outcome) {
  let got;
  if (outcome.error !== undefined) {
    got = rec.kind === 'statement' && rec.error === '' ? 'error' : `error: ${outcome.error}`;
    if (rec.kind === 'query') got = [got];
  } else if (rec.kind === 'statement') {
    got = 'ok';
  } else {
    try {
      const bad = outcome.rows.find((r) => r.length !== rec.types.length);
      if (bad) return `${bad.length} columns for the types ${rec.types}`;
      got = outcome.rows.map((r) => r.map(value).join('\t'));
    } catch (e) {
      return e.message;
    }
    if (rec.sort === 'rowsort') got.sort();
  }
  const want = expectedOf(rec);
  return JSON.stringify(got) === JSON.stringify(want) ? null
    : `expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`;
}

// Every record of every file that runs on an engine of these names.
//   fresh():    a new database with the extension loaded, for each file
//   exec(db, sql): the rows, as arrays of values; throws on an error
//   message(e): the error's first line without the engine's prefix
//   ok(name, cond, detail): the runner's count of checks
//   close(db):  optional, after each file
// Returns the number of records run.
async function runRecords({ names, fresh, exec, message, ok, close, dir }) {
  let n = 0;
  for (const { file, records } of files(dir)) {
    const db = await fresh();
    try {
      await runFile(file, records, db);
    } finally {
      if (close) await close(db);
    }
  }
  return n;

  async function runFile(file, records, db) {
    for (const rec of records) {
      if (!applies(rec, names)) continue;
      n++;
      let outcome;
      try {
        outcome = { rows: await exec(db, rec.sql) };
      } catch (e) {
        outcome = { error: message(e) };
      }
      const why = judge(rec, outcome);
      ok(`suite ${path.basename(file)}:${rec.line}`, why === null, why);
    }
  }
}

// ---- The comparison with SQLite: inputs.txt and compare.tsv ----------------

// A line of inputs.txt, or the text inside a literal, as bytes.
function unescape(s) {
  const parts = [];
  let text = '';
  const flush = () => { if (text) { parts.push(Buffer.from(text, 'utf8')); text = ''; } };
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== '\\') { text += s[i]; continue; }
    const c = s[++i];
    let m;
    if (c === '\\') text += '\\';
    else if (c === 't') text += '\t';
    else if (c === 'n') text += '\n';
    else if (c === 'r') text += '\r';
    else if (c === 'x' && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
      flush();
      parts.push(Buffer.from([parseInt(s.slice(i + 1, i + 3), 16)]));
      i += 2;
    } else if (c === 'u' && (m = /^\{([0-9A-Fa-f]{1,6})\}/.exec(s.slice(i + 1)))) {
      text += String.fromCodePoint(parseInt(m[1], 16));
      i += m[0].length;
    } else if (c === '*' && (m = /^(\d+)\{([^}]*)\}/.exec(s.slice(i + 1)))) {
      flush();
      parts.push(Buffer.concat(Array(Number(m[1])).fill(unescape(m[2]))));
      i += m[0].length;
    } else {
      throw new Error(`bad escape \\${c} in ${JSON.stringify(s)}`);
    }
  }
  flush();
  return Buffer.concat(parts);
}

function inputs({ top, genCorpus } = {}) {
  top = top || path.resolve(DIR, '..', '..');
  const out = [];
  for (const line of fs.readFileSync(path.join(DIR, 'inputs.txt'), 'utf8').split('\n')) {
    if (line === '' || line[0] === '#') continue;
    const w = line.split(/\s+/);
    if (w[0] === '@fuzz-corpus') {
      const corpus = path.join(top, w[1]);
      for (const d of fs.readdirSync(corpus).sort()) {
        for (const f of fs.readdirSync(path.join(corpus, d)).sort()) {
          const b = fs.readFileSync(path.join(corpus, d, f));
          out.push(b);
          if (b.length > 1) out.push(b.subarray(1));
        }
      }
    } else if (w[0] === '@tsv-column1') {
      for (const l of fs.readFileSync(path.join(top, w[1]), 'utf8').split('\n')) {
        if (l !== '' && l[0] !== '#') out.push(Buffer.from(l.split('\t')[0], 'utf8'));
      }
    } else if (w[0] === '@gen-corpus') {
      if (!genCorpus) continue;
      const text = require('child_process').execFileSync(genCorpus, [w[1], w[2]], { maxBuffer: 1 << 26 });
      let from = 0;
      for (let i = 0; i < text.length; i++) {
        if (text[i] === 10) { out.push(text.subarray(from, i)); from = i + 1; }
      }
    } else if (line[0] === '@') {
      throw new Error(`inputs.txt: unknown directive ${w[0]}`);
    } else {
      out.push(line === '(empty)' ? Buffer.alloc(0) : unescape(line));
    }
  }
  return out;
}

// A literal of compare.tsv as a token of the cases file.
function literal(s) {
  if (s === 'NULL') return 'N';
  if (/^-?\d+$/.test(s)) return `I:${s}`;
  let m;
  if ((m = /^'(.*)'$/s.exec(s))) return `T:${hex(unescape(m[1].replace(/''/g, "'")))}`;
  if ((m = /^[xX]'([0-9A-Fa-f]*)'$/.exec(s))) return `B:${m[1].toUpperCase()}`;
  throw new Error(`compare.tsv: not a literal: ${s}`);
}
const hex = (b) => Buffer.from(b).toString('hex').toUpperCase();

function compareSpec() {
  const lists = {}, cases = [], differ = [];
  for (const [n, line] of fs.readFileSync(path.join(DIR, 'compare.tsv'), 'utf8').split('\n').entries()) {
    if (line === '' || line[0] === '#') continue;
    const f = line.split('\t');
    if (f[0] === 'list') lists[f[1]] = f.slice(2).map(literal);
    else if (f[0] === 'case') {
      const [, funcs, each, modes, ...args] = f;
      if (!/^(each|each\/\d+|once)$/.test(each)) throw new Error(`compare.tsv:${n + 1}: FOR is ${each}`);
      cases.push({ line: n + 1, funcs: funcs.split(' '), each, modes, args });
    } else if (f[0] === 'differ') differ.push({ engine: f[1], rule: f[2], funcs: f[3].split(' ') });
    else throw new Error(`compare.tsv:${n + 1}: unknown line ${f[0]}`);
  }
  return { lists, cases, differ };
}

function utf8Valid(b) {
  try { new TextDecoder('utf-8', { fatal: true }).decode(b); return true; } catch (e) { return false; }
}
const upperAscii = (b) => Buffer.from(b.map((c) => (c >= 0x61 && c <= 0x7a ? c - 32 : c)));

// The cases of compare.tsv on the inputs.  blob: the engine takes BLOBs
// (each input as text and as a BLOB); else text only, and a case whose
// input is not text the engine holds (not UTF-8, or a NUL) is dropped.
function makeCases(ins, { blob }) {
  const spec = compareSpec();
  const n = ins.length;
  const cases = [];
  const list = (name) => {
    if (!spec.lists[name]) throw new Error(`compare.tsv: no list ${name}`);
    return spec.lists[name];
  };
  const textOk = (b) => utf8Valid(b) && (blob || !b.includes(0));
  const kinds = (b) => (blob ? (utf8Valid(b) ? ['T', 'B'] : ['B']) : textOk(b) ? ['T'] : []);
  // Without BLOBs, a token the engine's text holds: no BLOB, no literal with
  // a NUL (a MODE 'ns\x00' of compare.tsv).
  const holds = (t) => t[0] !== 'B' && (t[0] !== 'T' || textOk(Buffer.from(t.slice(2), 'hex')));
  for (const c of spec.cases) {
    const modes = c.modes === '-' ? ['-']
      : c.modes.startsWith('-+') ? ['-', ...list(c.modes.slice(2))] : list(c.modes);
    const idx = c.each === 'once' ? [0] : [...Array(n).keys()]
      .filter((i) => c.each === 'each' || i % Number(c.each.slice(5)) === 0);
    for (const func of c.funcs) {
      for (const i of idx) {
        // Each argument: a list of possible tokens (kinds, '*' values).
        const input = { X: ins[i], NEXT: ins[(i + 1) % n], UPPER: upperAscii(ins[i]), OTHER: ins[(i * 7 + 3) % n] };
        const choices = [];
        let xKinds = null;
        for (const a of c.args) {
          const [base, suffix] = a.split(':');
          if (input[base] !== undefined && c.each !== 'once') {
            const b = input[base];
            let ks = kinds(b);
            if (suffix === 'B') ks = blob ? ['B'] : [];
            if (base === 'X' && !suffix) xKinds = ks;
            choices.push({ input: b, kinds: suffix === 'K' ? 'K' : ks });
          } else if (a[0] === '@') {
            const l = list(a.slice(1));
            choices.push({ tokens: [l[i % l.length]] });
          } else if (a[0] === '*') {
            choices.push({ tokens: list(a.slice(1)) });
          } else {
            choices.push({ tokens: [literal(a)] });
          }
        }
        // Every combination, the first argument's choices outermost.
        const combos = [[]];
        for (let ai = 0; ai < choices.length; ai++) {
          const ch = choices[ai];
          const next = [];
          for (const partial of combos) {
            let toks;
            if (ch.tokens) toks = ch.tokens;
            else {
              let ks = ch.kinds;
              if (ks === 'K') {
                const xk = partial.xKind || (xKinds && xKinds[0]);
                ks = utf8Valid(ch.input) && textOk(ch.input) ? [xk] : blob ? ['B'] : [];
              }
              toks = ks.map((k) => `${k}:${hex(ch.input)}`);
            }
            for (const t of toks) {
              const p = [...partial, t];
              p.xKind = partial.xKind || (c.args[ai] === 'X' ? t[0] : undefined);
              next.push(p);
            }
          }
          combos.splice(0, combos.length, ...next);
        }
        for (const args of combos) {
          if (!blob && !args.every(holds)) continue;
          for (const mode of modes) {
            if (!blob && !holds(mode)) continue;
            cases.push({ id: cases.length, func, mode, args: [...args] });
          }
        }
      }
    }
  }
  return cases;
}

module.exports = {
  DIR, parse, files, applies, sqliteDialect, value, judge, runRecords,
  inputs, compareSpec, makeCases, unescape, utf8Valid, hex,
};
