'use strict';
// test/suite/check_suite_py.js [GEN_CORPUS] -- the two readers of the
// comparison with SQLite agree: suite.py (PostgreSQL's runner) reads the
// same inputs of inputs.txt and makes the same cases of compare.tsv, with
// the same ids, as suite.js (DuckDB's and the browser build's), with BLOBs
// and without.  Ends with "N passed, N failed"; exits 1 when anything failed.
const { execFileSync } = require('child_process');
const path = require('path');
const suite = require('./suite.js');

const gen = process.argv[2] || '';
const py = `
import json, sys
sys.path.insert(0, ${JSON.stringify(__dirname)})
import suite
ins = suite.inputs(gen_corpus=sys.argv[1] or None)
print(json.dumps({'inputs': [b.hex() for b in ins],
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
