// The scaling tests' inputs are spliced together as text (scaling-inputs.ts): they must be the very
// bytes of the straightforward build, which clones the repeated member n times and writes the whole
// document. That build, which the YAML inputs still use, is the oracle.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stringify } from 'yaml';
import type { Target } from '../../src/types.js';
import { RULES } from '../../src/validation/rules/index.js';
import { checkBuffer } from '../../src/worker/check-file.js';
import {
  decodePointer,
  type Json,
  repeatedAt,
  repeatedText,
  scaledCases,
} from '../integration/scaling-inputs.js';

const SIZES = [0, 1, 2, 3, 10];

function assertSame(document: Json, path: readonly string[]): void {
  for (const n of SIZES) {
    const expected = repeatedAt(document, path, n);
    const actual = repeatedText(document, path, n);
    assert.equal(actual, expected === null ? null : JSON.stringify(expected), `${path.join('/')} × ${n}`);
  }
}

describe('scaling inputs: the text splice writes what cloning the member n times writes', () => {
  it('at every prefix of every finding of every invalid example of the catalogue', () => {
    let checked = 0;
    for (const rule of RULES) {
      for (const example of rule.examples.invalid) {
        if (example.document === undefined) continue;
        for (const diagnostic of example.diagnostics) {
          const path = decodePointer(diagnostic.pointer ?? '');
          for (let depth = 0; depth <= path.length; depth++) {
            assertSame(example.document as Json, path.slice(0, depth));
            checked++;
          }
        }
      }
    }
    assert.ok(checked > 100, `${checked} paths`);
  });

  it('in the corners: a member of the repeated name already there, empty containers, no container', () => {
    const documents: [Json, string[]][] = [
      [{ a: { k: 1, 'k-2': 'x', 'k-02': 'y', z: 0 } }, ['a', 'k']],
      [{ a: { k: 1, 'k-2': 'x' } }, ['a', 'missing']],
      [{ a: { 'missing-1': 'x' } }, ['a', 'missing']],
      [{ a: 1, 'x-scale-3': true }, []],
      [{ a: [], b: [[1], 2] }, []],
      [{ a: {} }, ['a', 'k']],
      [{ a: [] }, ['a', '0']],
      [{ a: [1, 2, 3] }, ['a', '5']],
      [{ a: [1, 2, 3] }, ['a', 'x']],
      [{ a: [1, null, 3] }, ['a', '1']],
      [{ a: [{ b: [1] }, 2] }, ['a', '0']],
      [{ a: 1 }, ['b', 'c']],
      [{ a: 'text' }, ['a', 'c']],
      [[1, 2], []],
      ['text', []],
      [{ '\u0000': 1, '"': { '\\': [2] } }, ['"', '\\', '0']],
    ];
    for (const [document, path] of documents) assertSame(document, path);
  });

  it("for every case the scaling tests run: the JSON and the YAML of the case's own functions", async () => {
    const cases = await scaledCases(RULES, async (json: string, ruleId: string, target: Target | null) => {
      const options = {
        target,
        ruleLevels: {},
        maxDiagnosticsPerFile: Number.MAX_SAFE_INTEGER,
        streamThreshold: Number.POSITIVE_INFINITY,
        maxFileSize: Number.POSITIVE_INFINITY,
      };
      const outcome = await checkBuffer(Buffer.from(json), 'input.json', 'json', options);
      return outcome.documents[0]!.diagnostics.filter((d) => d.ruleId === ruleId).length;
    });
    let compared = 0;
    for (const c of cases) {
      if (c.source === undefined) continue;
      for (const n of SIZES) {
        const expected = repeatedAt(c.source.document, c.source.path, n);
        assert.equal(c.json(n), JSON.stringify(expected), `${c.ruleId} (${c.mode}) × ${n}`);
        assert.equal(c.yaml?.(n), stringify(expected), `${c.ruleId} (${c.mode}) × ${n}, YAML`);
        compared++;
      }
    }
    assert.ok(compared > 100, `${compared} inputs`);
  });
});
