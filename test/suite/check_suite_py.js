'use strict';
// test/suite/check_suite_py.js [GEN_CORPUS] -- the two readers of the
// suite agree: suite.py (PostgreSQL's runner) reads the same records of
// *.test, the same inputs of inputs.txt and makes the same cases of
// compare.tsv, with the same ids, as suite.js (DuckDB's and the browser
// build's), with BLOBs and without; and both judge outcomes alike.  Ends
// with "N passed, N failed"; exits 1 when anything failed.
const { execFileSync } = require('child_process');
const path = require('path');
const suite = require('./suite.js');

const gen = process.argv[2] || '';
const py = `
import json, sys
sys.path.insert(0, ${JSON.stringify(__dirname)})
import suite
ins = suite.inputs(gen_corpus=sys.argv[1] or None)
def outcomes(r):
    # The record's own answer, and answers that are not quite it.
    rows = [[None if v == 'NULL' else '' if v == '(empty)' else v for v in l.split('\t')] for l in r['rows']]
    return [{'error': r['error']}, {'error': 'x'}, {'rows': rows}, {'rows': rows[::-1]},
            {'rows': [x[:-1] for x in rows]}, {'rows': rows + rows}]
print(json.dumps({'records': [[f, r] for f, r in suite.files()],
                  'judged': [[suite.judge(r, o) is None for o in outcomes(r)] for f, rs in suite.files() for r in rs],
                  'inputs': [b.hex() for b in ins],
                  'text': [list(c) for c in suite.make_cases(ins, False)],
                  'blob': [list(c) for c in suite.make_cases(ins, True)]}))
`;
const got = JSON.parse(execFileSync('python3', ['-B', '-c', py, gen], { maxBuffer: 1 << 30, encoding: 'utf8' }));
const ins = suite.inputs({ genCorpus: gen || undefined });
let passed = 0, failed = 0;
function ok(name, cond, detail) {
  if (cond) { passed++; return; }
  failed++;
  console.log(`FAILED ${name}: ${detail}`);
}
// The records: the same fields, and the same judgement of the record's own
// answer and of answers that differ from it (another order, a column fewer,
// a row twice, another message).
const recs = suite.files().map(({ file, records }) => [file, records]);
ok('records', JSON.stringify(recs) === JSON.stringify(got.records),
   `${recs.length} files in suite.js, ${got.records.length} in suite.py`);
const outcomes = (r) => {
  const rows = r.rows.map((l) => l.split('\t').map((v) => (v === 'NULL' ? null : v === '(empty)' ? '' : v)));
  return [{ error: r.error }, { error: 'x' }, { rows }, { rows: [...rows].reverse() },
          { rows: rows.map((x) => x.slice(0, -1)) }, { rows: rows.concat(rows) }];
};
const judged = recs.flatMap(([, rs]) => rs.map((r) => outcomes(r).map((o) => suite.judge(r, o) === null)));
ok('judge', JSON.stringify(judged) === JSON.stringify(got.judged),
   `first differing record: ${judged.findIndex((j, k) => JSON.stringify(j) !== JSON.stringify(got.judged[k]))}`);
console.log(`records: ${judged.length} in ${recs.length} files`);
const want = ins.map((b) => b.toString('hex'));
ok('inputs', JSON.stringify(want) === JSON.stringify(got.inputs),
   `${want.length} inputs in suite.js, ${got.inputs.length} in suite.py`);
for (const [kind, blob] of [['text', false], ['blob', true]]) {
  const cases = suite.makeCases(ins, { blob }).map((c) => [c.id, c.func, c.mode, c.args]);
  const i = cases.findIndex((c, k) => JSON.stringify(c) !== JSON.stringify(got[kind][k]));
  ok(`cases (${kind})`, cases.length === got[kind].length && i < 0,
     `${cases.length} cases in suite.js, ${got[kind].length} in suite.py; first differing: ` +
     `${JSON.stringify(cases[i])} vs ${JSON.stringify(got[kind][i])}`);
  console.log(`${kind}: ${cases.length} cases on ${ins.length} inputs`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
