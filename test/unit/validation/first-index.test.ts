// The compact name index must answer exactly as a Map would: the first index of every repeated name,
// -1 for a new one, across the switch from Map to arena, for any strings (lone surrogates, the empty
// string, long names, names that differ in one byte of their UTF-8).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { FirstIndex } from '../../../src/validation/first-index.js';

function reference(names: readonly string[]): number[] {
  const map = new Map<string, number>();
  return names.map((name, index) => {
    const first = map.get(name);
    if (first !== undefined) return first;
    map.set(name, index);
    return -1;
  });
}

function answers(names: readonly string[], compactAfter: number): number[] {
  const index = new FirstIndex(compactAfter);
  return names.map((name, i) => index.firstOrAdd(name, i));
}

describe('FirstIndex', () => {
  it('answers as a Map does, before and after it turns compact (property)', () => {
    // A small pool of names makes repeats common; fullUnicode and arbitrary UTF-16 (lone surrogates).
    const name = fc.oneof(
      fc.constantFrom('', 'a', 'b', 'get', 'gét', '\u{1F600}', '\uD800', '\uDC00', 'a\uD800', 'a\uFFFD'),
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.string({ unit: 'binary', maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(name, { maxLength: 300 }), fc.nat(40), (names, compactAfter) => {
        assert.deepEqual(answers(names, compactAfter), reference(names));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a lone surrogate and U+FFFD apart (UTF-8 would encode both as EF BF BD)', () => {
    assert.deepEqual(answers(['x', 'a\uD800', 'a\uFFFD', 'a\uD800', 'a\uFFFD'], 0), [-1, -1, -1, 1, 2]);
  });

  it('holds 200,000 distinct names and their repeats, growing arena and table', () => {
    const names: string[] = [];
    for (let i = 0; i < 200_000; i++) names.push(`tool_${i.toString(36)}_${'x'.repeat(i % 50)}`);
    for (let i = 0; i < 1000; i++) names.push(names[i * 199]!);
    const got = answers(names, 100);
    assert.deepEqual(
      got.slice(200_000),
      Array.from({ length: 1000 }, (_, i) => i * 199),
    );
    assert.ok(got.slice(0, 200_000).every((first) => first === -1));
  });
});
