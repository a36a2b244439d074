// Duplicate member names: the exact scan against planted duplicates (path and offset of the second
// occurrence), and the cheap count it hides behind (both tiers), which must never say "no" for a text
// that has one, whatever the whitespace around colons and the escapes in strings.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  colonsAfterQuotes,
  findDuplicateKey,
  firstDuplicateKey,
  firstDuplicateKeyCounted,
  mayHaveDuplicateKeys,
  mayHaveDuplicateKeysAllColons,
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

  it('tier 2 says maybe for an escaped colon, which it cannot see through; tier 1 never reads strings', () => {
    const text = '{"a": "\\u003a", "b": "\\u003A"}';
    assert.equal(mayHaveDuplicateKeysAllColons(text, JSON.parse(text)), true);
    assert.equal(mayHaveDuplicateKeys(text, JSON.parse(text)), false);
    assert.equal(first(text), null);
    // The case the escape check exists for: a duplicate whose dropped colon an escaped one would offset.
    const masked = '{"a": 1, "a": "\\u003a"}';
    assert.equal(mayHaveDuplicateKeysAllColons(masked, JSON.parse(masked)), true);
    assert.equal(mayHaveDuplicateKeys(masked, JSON.parse(masked)), true);
    assert.deepEqual(first(masked)?.path, ['a']);
  });

  it('tier 1 counts the colon after every name, whitespace and backslash runs before it included', () => {
    for (const [text, colons] of [
      ['{"a" : 1, "b"\n:\t2, "c"\r\n  :3}', 3],
      ['{"a\\\\": 1, "\\\\\\\\":2}', 2], // names ending in an escaped backslash: the quote closes them
      ['{"k": "say \\": 1", "l": "\\"\\t:"}', 2], // ':' after an escaped quote is inside a string
      ['{"url": "https://x", "a:b": "c :d"}', 2],
      ['{"":{":":""}}', 3], // ':' right after an opening quote: counted, it cannot be told apart
      ['{"k": " : "}', 2],
      ['[":", "a", {}]', 1],
    ] as const) {
      assert.equal(colonsAfterQuotes(text), colons, text);
    }
  });

  it('takes tier 2 when a string starts with a colon, which tier 1 counts as a member', () => {
    for (const text of ['{"":{":":""}}', '{"k": " :x", "l": [":"]}']) {
      const value = JSON.parse(text);
      assert.notEqual(colonsAfterQuotes(text), 0);
      assert.equal(mayHaveDuplicateKeys(text, value), false, text);
    }
    // The same colon next to a dropped member: both tiers say maybe, the scan finds it.
    const text = '{"a": ":", "a": 1}';
    assert.equal(mayHaveDuplicateKeys(text, JSON.parse(text)), true);
    assert.deepEqual(first(text)?.path, ['a']);
  });

  it('says maybe for a duplicate written with whitespace before its colon', () => {
    for (const text of ['{"a":1, "a" :2}', '{"x": {"b"\n:1, "b"\t: 2}}', '[{"c" : 1, "c" : 1}]']) {
      assert.equal(mayHaveDuplicateKeys(text, JSON.parse(text)), true, text);
      assert.notEqual(first(text), null, text);
    }
  });

  it('sends every text to the scan while Object.prototype has an enumerable key', () => {
    // Without the guard, the inherited key counts as the dropped member's: 2 colons, 2 for-in keys.
    const text = '{"a": 1, "a": 2}';
    const value = JSON.parse(text);
    const proto = Object.prototype as Record<string, unknown>;
    let inside: [boolean, boolean];
    try {
      proto.polluted = 1;
      inside = [mayHaveDuplicateKeys(text, value), firstDuplicateKeyCounted(text, value, 1) !== null];
    } finally {
      delete proto.polluted;
    }
    assert.deepEqual(inside, [true, true]);
    assert.equal(mayHaveDuplicateKeys('{"a": 1}', { a: 1 }), false);
  });

  it('says no for scalars', () => {
    assert.equal(mayHaveDuplicateKeys('"a:b"', 'a:b'), false);
  });
});

/** A tiny seeded PRNG, so one fast-check seed picks all the formatting choices of a text. */
function random(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % n) as number;
  };
}

interface Written {
  text: string;
  /** Members written (the planted one included). */
  members: number;
  /** Whether a string's raw text starts with spaces and ':' (tier 1 counts that ':' too). */
  colonFirst: boolean;
  planted: boolean;
}

/**
 * Serialize `value` with random whitespace (before and after colons too) and random escapes (any
 * character as \\uXXXX in either case, quotes and backslashes either way), planting a repeat of one
 * member in the `target`-th object when `plant` is set.
 */
function write(value: unknown, seed: number, plant: boolean, target: number): Written {
  const r = random(seed);
  const out: Written = { text: '', members: 0, colonFirst: false, planted: false };
  const ws = () => ['', '', ' ', '\n', '\t', '\r\n  '][r(6)]!;
  const str = (s: string) => {
    let raw = '';
    for (const ch of s) {
      const c = ch.charCodeAt(0);
      const hex = () => {
        const h = c.toString(16).padStart(4, '0');
        return `\\u${r(2) === 0 ? h : h.toUpperCase()}`;
      };
      if (ch.length === 1 && (c < 0x20 || r(4) === 0)) raw += hex();
      else if (ch === '"') raw += r(2) === 0 ? '\\"' : hex();
      else if (ch === '\\') raw += r(2) === 0 ? '\\\\' : hex();
      else raw += ch;
    }
    if (/^ *:/.test(raw)) out.colonFirst = true;
    out.text += `"${raw}"`;
  };
  let objects = 0;
  const emit = (v: unknown): void => {
    if (Array.isArray(v)) {
      out.text += `[${ws()}`;
      v.forEach((x, i) => {
        if (i > 0) out.text += `${ws()},${ws()}`;
        emit(x);
      });
      out.text += `${ws()}]`;
    } else if (typeof v === 'string') {
      str(v);
    } else if (v === null || typeof v !== 'object') {
      out.text += JSON.stringify(v);
    } else {
      const mine = objects++ === target;
      const entries = Object.entries(v);
      if (plant && mine && entries.length > 0) {
        entries.push([entries[r(entries.length)]![0], entries[r(entries.length)]![1]]);
        out.planted = true;
      }
      out.text += `{${ws()}`;
      entries.forEach(([k, x], i) => {
        if (i > 0) out.text += `${ws()},${ws()}`;
        str(k);
        out.text += `${ws()}:${ws()}`;
        out.members++;
        emit(x);
      });
      out.text += `${ws()}}`;
    }
  };
  emit(value);
  return out;
}

/** Both tiers and the scan on one written text (see `write`). */
function checkWritten(w: Written): void {
  const parsed = JSON.parse(w.text);
  const colons = colonsAfterQuotes(w.text);
  assert.ok(colons >= w.members, w.text);
  if (!w.colonFirst) assert.equal(colons, w.members, w.text);
  if (w.planted) {
    assert.ok(mayHaveDuplicateKeys(w.text, parsed), w.text);
    if (!/\\u003[aA]/.test(w.text)) assert.ok(mayHaveDuplicateKeysAllColons(w.text, parsed), w.text);
    assert.notEqual(findDuplicateKey(w.text), null, w.text);
  } else {
    assert.equal(findDuplicateKey(w.text), null, w.text);
    if (!w.colonFirst) assert.equal(mayHaveDuplicateKeys(w.text, parsed), false, w.text);
  }
}

describe('any whitespace and escapes (property)', () => {
  it('tier 1 counts at least every member; without a duplicate, exactly them unless a string starts with a colon', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 4 }),
        fc.integer(),
        fc.nat(10),
        fc.boolean(),
        (value, seed, target, plant) => checkWritten(write(value, seed, plant, target)),
      ),
      { numRuns: 1000 },
    );
  });

  it('the same with strings made of colons, quotes, backslashes, spaces and non-ASCII', () => {
    const tricky = fc
      .array(fc.constantFrom(':', ' ', '"', '\\', 'a', '\u00e9', '\u{1f600}'), { maxLength: 5 })
      .map((parts) => parts.join(''));
    const value = fc.dictionary(
      tricky,
      fc.oneof(tricky, fc.array(tricky, { maxLength: 3 }), fc.dictionary(tricky, tricky, { maxKeys: 3 })),
      { maxKeys: 5 },
    );
    fc.assert(
      fc.property(value, fc.integer(), fc.nat(4), fc.boolean(), (v, seed, target, plant) =>
        checkWritten(write(v, seed, plant, target)),
      ),
      { numRuns: 1000 },
    );
  });
});

describe('planted duplicates (property)', () => {
  const values = fc.jsonValue({ maxDepth: 5 });

  it('a text without duplicates: the count says no (or the text has an escaped colon), the scan finds none', () => {
    fc.assert(
      fc.property(values, fc.constantFrom('', ' ', '\n  '), (value, space) => {
        const text = JSON.stringify(value, null, space.length > 1 ? 2 : space.length);
        const parsed = JSON.parse(text);
        if (!/\\u003[aA]/.test(text)) {
          assert.equal(mayHaveDuplicateKeys(text, parsed), false, text);
          assert.equal(mayHaveDuplicateKeysAllColons(text, parsed), false, text);
        }
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
          if (!/\\u003[aA]/.test(text))
            assert.ok(mayHaveDuplicateKeysAllColons(text, JSON.parse(text)), text);
          assert.deepEqual(first(text), { path, offset }, text);
        },
      ),
      { numRuns: 500 },
    );
  });
});
