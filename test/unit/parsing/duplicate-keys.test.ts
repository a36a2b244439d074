// Duplicate member names: the exact scan against planted duplicates (path and offset of the second
// occurrence), and the cheap count it hides behind, which must never say "no" for a text that has one.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  findDuplicateKey,
  firstDuplicateKey,
  mayHaveDuplicateKeys,
} from '../../../src/parsing/duplicate-keys.js';
import { plantDuplicate as plant } from '../../helpers/duplicates.js';

function first(text: string) {
  return firstDuplicateKey(text, JSON.parse(text));
}

describe('findDuplicateKey', () => {
  it('finds a repeated root name at its second occurrence', () => {
    const text = '{"tools": [1], "info": {}, "tools": [2]}';
    assert.deepEqual(first(text), { path: ['tools'], offset: text.lastIndexOf('"tools"') });
  });

  it('gives the path through arrays and objects', () => {
    const text = '{"tools": [{"name": "a"}, {"name": "b", "inputSchema": {"properties": {"x": 1, "x": 2}}}]}';
    assert.deepEqual(first(text), {
      path: ['tools', 1, 'inputSchema', 'properties', 'x'],
      offset: text.lastIndexOf('"x"'),
    });
  });

  it('compares decoded names, so an escape cannot hide a repeat', () => {
    const text = '{"a": 1, "\\u0061": 2}';
    assert.deepEqual(first(text)?.path, ['a']);
    assert.deepEqual(first('{"\\"": 1, "\\u0022": 2}')?.path, ['"']);
  });

  it('reports the earliest second occurrence in the text', () => {
    const text = '{"a": {"b": 1, "b": 2}, "a": 3}';
    assert.deepEqual(first(text), { path: ['a', 'b'], offset: text.indexOf('"b"', 10) });
  });

  it('does not confuse names in strings, sibling objects or array elements with members', () => {
    for (const text of [
      '{"a": "\\"a\\": 1, \\"a\\": 2", "b": "a:b:c"}',
      '{"x": {"name": 1}, "y": {"name": 2}, "z": [{"name": 3}, {"name": 4}]}',
      '["a", "a", {"a": 1}, {"a": 2}]',
      '{"__proto__": 1, "constructor": 2, "prototype": 3}',
      '{"a:b": 1, "a": {"b": 2}, "": 3, " ": 4}',
      '{}',
      '"a"',
    ]) {
      assert.equal(findDuplicateKey(text), null, text);
      assert.equal(first(text), null, text);
    }
  });

  it('finds __proto__ twice (JSON.parse keeps it as an own member)', () => {
    assert.deepEqual(first('{"__proto__": {"polluted": 1}, "__proto__": {}}')?.path, ['__proto__']);
  });

  it('copes with 100,000 levels of nesting (no recursion)', () => {
    const depth = 100_000;
    const text = `${'{"a":['.repeat(depth)}{"k":1,"k":2}${']}'.repeat(depth)}`;
    const found = first(text);
    assert.equal(found?.path.length, 2 * depth + 1);
    assert.equal(found?.offset, text.lastIndexOf('"k"'));
  });
});

describe('mayHaveDuplicateKeys', () => {
  it('says no for texts without duplicates, colons in names and values included', () => {
    for (const text of [
      '{"url": "https://a.example/b:c", "a:b": {"c": "d:e"}, "list": ["x:y", 1, null, true]}',
      '{"k": "\\u003b"}',
      '[{"a": 1}, {"a": 1}]',
    ]) {
      assert.equal(mayHaveDuplicateKeys(text, JSON.parse(text)), false, text);
    }
  });

  it('says maybe for an escaped colon, which the count cannot see through', () => {
    const text = '{"a": "\\u003a", "b": "\\u003A"}';
    assert.equal(mayHaveDuplicateKeys(text, JSON.parse(text)), true);
    assert.equal(first(text), null);
    // The case the escape check exists for: a duplicate whose dropped colon an escaped one would offset.
    const masked = '{"a": 1, "a": "\\u003a"}';
    assert.deepEqual(first(masked)?.path, ['a']);
  });

  it('says no for scalars', () => {
    assert.equal(mayHaveDuplicateKeys('"a:b"', 'a:b'), false);
  });
});

describe('planted duplicates (property)', () => {
  const values = fc.jsonValue({ maxDepth: 5 });

  it('a text without duplicates: the count says no (or the text has an escaped colon), the scan finds none', () => {
    fc.assert(
      fc.property(values, fc.constantFrom('', ' ', '\n  '), (value, space) => {
        const text = JSON.stringify(value, null, space.length > 1 ? 2 : space.length);
        const parsed = JSON.parse(text);
        if (!/\\u003[aA]/.test(text)) assert.equal(mayHaveDuplicateKeys(text, parsed), false, text);
        assert.equal(findDuplicateKey(text), null, text);
      }),
      { numRuns: 500 },
    );
  });

  it('one planted duplicate: found at its path and offset, whatever the values hold', () => {
    fc.assert(
      fc.property(
        values,
        fc.nat(20),
        fc.nat(20),
        fc.jsonValue({ maxDepth: 2 }),
        fc.constantFrom('', ' ', '\n'),
        (value, target, pick, copy, space) => {
          const planted = plant(value, target, pick, copy, space);
          fc.pre(planted !== null);
          const { text, path, offset } = planted!;
          assert.ok(mayHaveDuplicateKeys(text, JSON.parse(text)), text);
          assert.deepEqual(first(text), { path, offset }, text);
        },
      ),
      { numRuns: 500 },
    );
  });
});
