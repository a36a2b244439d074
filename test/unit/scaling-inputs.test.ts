// The scaling tests' inputs are spliced together as text (scaling-inputs.ts): they must be the very
// bytes of the straightforward build, which clones the repeated member n times and writes the whole
// document. That build is kept here as the oracle.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stringify } from 'yaml';
import type { Target } from '../../src/types.js';
import { RULES } from '../../src/validation/rules/index.js';
import { checkBuffer } from '../../src/worker/check-file.js';
import { type Json, repeatedText, scaledCases } from '../integration/scaling-inputs.js';

function isObject(value: unknown): value is { [key: string]: Json } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function at(root: Json, path: readonly string[]): Json | undefined {
  let node: Json | undefined = root;
  for (const segment of path) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isObject(node) && Object.hasOwn(node, segment)) node = node[segment];
    else return undefined;
  }
  return node;
}

/** `container` with its member (or item) `key` repeated until it holds n of them. */
function repeatIn(container: Json | undefined, key: string | null, n: number): boolean {
  if (Array.isArray(container)) {
    const index = key === null ? 0 : Number(key);
    const item = container[index] ?? { name: 'item' };
    const tail = container.splice(index + 1);
    for (let i = 1; i < n; i++) container.push(structuredClone(item));
    for (const rest of tail) container.push(rest);
    return true;
  }
  if (!isObject(container)) return false;
  if (key === null) {
    const array = Object.values(container).find((v) => Array.isArray(v) && v.length > 0);
    if (array) return repeatIn(array, '0', n);
    for (let i = 1; i < n; i++) container[`x-scale-${i}`] = i;
    return true;
  }
  const value = container[key];
  if (value === undefined) {
    for (let i = 1; i < n; i++) container[`${key}-${i}`] = i;
    return true;
  }
  for (let i = 1; i < n; i++) container[`${key}-${i}`] = structuredClone(value);
  return true;
}

/** The oracle: `document` with the member (or item) at `path` repeated n times in its container. */
function repeatedAt(document: Json, path: readonly string[], n: number): Json | null {
  const copy = structuredClone(document);
  if (path.length === 0) return repeatIn(copy, null, n) ? copy : null;
  return repeatIn(at(copy, path.slice(0, -1)), path[path.length - 1]!, n) ? copy : null;
}

function decodePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

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
