import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  EMPTY_MESSAGE,
  findJsonSyntaxError,
  locateJsonPaths,
  locateJsonSpans,
  syntaxWidth,
} from '../../../src/parsing/json-scan.js';

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('findJsonSyntaxError', () => {
  it('accepts what JSON.parse accepts and rejects what it rejects (random JSON-ish text)', () => {
    const alphabet = fc.constantFrom(
      ...'{}[],:"\\ \n\t\r0123456789-+.eEtruefalsn/ubx\u0000\u001fé😀'.split(''),
      'true',
      'null',
      '\\u00e9',
      '"a"',
    );
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        assert.equal(findJsonSyntaxError(text) === null, parses(text), JSON.stringify(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees with JSON.parse on valid JSON and on every truncation of it', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        assert.equal(findJsonSyntaxError(text), null);
        for (let cut = 0; cut < text.length; cut++) {
          const prefix = text.slice(0, cut);
          assert.equal(findJsonSyntaxError(prefix) === null, parses(prefix), JSON.stringify(prefix));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('places errors at the offending character', () => {
    assert.deepEqual(findJsonSyntaxError('{"a":}'), { offset: 5, message: 'Unexpected character "}".' });
    assert.equal(findJsonSyntaxError('[1,]')?.offset, 3);
    assert.equal(findJsonSyntaxError('{"a":1 "b":2}')?.offset, 7);
    assert.equal(findJsonSyntaxError('{"a":1} x')?.offset, 8);
    assert.equal(findJsonSyntaxError('"abc')?.offset, 0);
    assert.equal(findJsonSyntaxError('["a\u0001"]')?.offset, 3);
    assert.equal(findJsonSyntaxError('{"a" 1}')?.offset, 5);
    assert.equal(findJsonSyntaxError('[01]')?.offset, 2);
  });

  it('calls an empty or blank text empty', () => {
    assert.equal(findJsonSyntaxError('')?.message, EMPTY_MESSAGE);
    assert.equal(findJsonSyntaxError(' \n\t ')?.message, EMPTY_MESSAGE);
  });

  it('escapes control characters in its messages', () => {
    const message = findJsonSyntaxError('{"a":\u001b[31m}')?.message ?? '';
    assert.ok(!message.includes('\u001b'), message);
    assert.match(message, /\\u001b/);
  });

  it('handles 100k-deep nesting without recursion', () => {
    const depth = 100_000;
    assert.equal(findJsonSyntaxError('['.repeat(depth) + ']'.repeat(depth)), null);
    assert.equal(findJsonSyntaxError('['.repeat(depth) + ']'.repeat(depth - 1))?.offset, 2 * depth - 1);
  });
});

describe('locateJsonPaths', () => {
  const text = '{\n  "a": {"b": [10, {"c": 1}, 30]},\n  "x\\/y": 2,\n  "s": "}]\\"{"\n}';

  it('finds member keys, array elements and the root', () => {
    const [root, a, b, b1c, b2, escaped, s] = locateJsonPaths(text, [
      [],
      ['a'],
      ['a', 'b'],
      ['a', 'b', 1, 'c'],
      ['a', 'b', 2],
      ['x/y'],
      ['s'],
    ]);
    assert.equal(root, 0);
    assert.equal(text.slice(a, a! + 3), '"a"');
    assert.equal(text.slice(b, b! + 3), '"b"');
    assert.equal(text.slice(b1c, b1c! + 3), '"c"');
    assert.equal(text.slice(b2, b2! + 2), '30');
    assert.equal(text.slice(escaped, escaped! + 6), '"x\\/y"');
    assert.equal(text.slice(s, s! + 3), '"s"');
  });

  it('falls back to the deepest existing prefix', () => {
    const [missing, pastEnd] = locateJsonPaths(text, [
      ['a', 'nope', 'deeper'],
      ['a', 'b', 7],
    ]);
    assert.equal(missing, text.indexOf('"a"'));
    assert.equal(pastEnd, text.indexOf('"b"'));
  });

  it('takes the last of duplicate keys, as JSON.parse does', () => {
    const dup = '{"k": 1, "k": 2}';
    assert.deepEqual(locateJsonPaths(dup, [['k']]), [dup.lastIndexOf('"k"')]);
  });

  it('does not mistake keys inside skipped subtrees for wanted ones', () => {
    const doc = '{"skip": {"target": 1}, "target": 2}';
    assert.deepEqual(locateJsonPaths(doc, [['target']]), [doc.lastIndexOf('"target"')]);
  });

  it('finds a value under 100k levels of nesting', () => {
    const depth = 100_000;
    const doc = `${'['.repeat(depth)}7${']'.repeat(depth)}`;
    const path = new Array<number>(depth).fill(0);
    assert.deepEqual(locateJsonPaths(doc, [path]), [depth]);
  });

  it('puts every path of random documents at its key or value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        // Compact text, so that each sub-value's own JSON.stringify appears verbatim at its position.
        const doc = JSON.stringify(value);
        const entries: Array<{ v: unknown; p: Array<string | number> }> = [];
        const stack: Array<{ v: unknown; p: Array<string | number> }> = [{ v: value, p: [] }];
        while (stack.length > 0) {
          const entry = stack.pop()!;
          entries.push(entry);
          const { v, p } = entry;
          if (Array.isArray(v)) {
            for (let i = 0; i < v.length; i++) stack.push({ v: v[i], p: [...p, i] });
          } else if (v !== null && typeof v === 'object') {
            for (const [k, x] of Object.entries(v)) stack.push({ v: x, p: [...p, k] });
          }
        }
        const offsets = locateJsonPaths(
          doc,
          entries.map((e) => e.p),
        );
        entries.forEach(({ v, p }, i) => {
          let at = offsets[i]!;
          const last = p[p.length - 1];
          if (typeof last === 'string') {
            const key = /^"(?:[^"\\]|\\.)*"/.exec(doc.slice(at))![0];
            assert.equal(JSON.parse(key), last);
            at += key.length + 1;
          }
          assert.ok(doc.startsWith(JSON.stringify(v), at), `${JSON.stringify(p)} in ${doc}`);
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('locateJsonSpans', () => {
  const text = '{\n  "a": {"b": [10, {"c": 1}, 30]},\n  "x\\/y": 2,\n  "s": "}]\\"{",\n  "e": []\n}';
  const covered = (paths: Array<Array<string | number>>) =>
    locateJsonSpans(text, paths).map(({ start, end }) => text.slice(start, end));

  it('spans a member from its name to the end of its value, an element or the root as its value', () => {
    assert.deepEqual(covered([[], ['a'], ['a', 'b'], ['a', 'b', 1], ['a', 'b', 1, 'c'], ['a', 'b', 2]]), [
      text,
      '"a": {"b": [10, {"c": 1}, 30]}',
      '"b": [10, {"c": 1}, 30]',
      '{"c": 1}',
      '"c": 1',
      '30',
    ]);
    assert.deepEqual(covered([['x/y'], ['s'], ['e']]), ['"x\\/y": 2', '"s": "}]\\"{"', '"e": []']);
  });

  it('spans the deepest existing prefix of a path that does not exist', () => {
    assert.deepEqual(
      covered([
        ['a', 'nope', 'deeper'],
        ['a', 'b', 7],
        ['e', 0],
      ]),
      ['"a": {"b": [10, {"c": 1}, 30]}', '"b": [10, {"c": 1}, 30]', '"e": []'],
    );
  });

  it('takes the last of duplicate keys, its value included', () => {
    const dup = '{"k": [1], "k": {"z": 2}}';
    assert.deepEqual(
      locateJsonSpans(dup, [['k'], ['k', 'z']]).map(({ start, end }) => dup.slice(start, end)),
      ['"k": {"z": 2}', '"z": 2'],
    );
  });

  it('finds each of many wanted members of one object, escaped, repeated and missing names too', () => {
    const names = Array.from({ length: 40 }, (_, i) => `m${i}`);
    const members = names.map((name, i) => `"${name}": ${i}`);
    const doc = `{${members.join(', ')}, "e\\u0073c": 1, "m3": [3], "zz": 0}`;
    const paths = [...names.map((name) => [name]), ['esc'], ['m3', 0], ['gone']];
    const spans = locateJsonSpans(doc, paths).map(({ start, end }) => doc.slice(start, end));
    assert.deepEqual(spans, [
      ...names.map((name, i) => (i === 3 ? '"m3": [3]' : `"${name}": ${i}`)),
      '"e\\u0073c": 1',
      '3',
      doc,
    ]);
  });

  it('gives every path of random documents its member or its value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const doc = JSON.stringify(value);
        const entries: Array<{ v: unknown; p: Array<string | number> }> = [];
        const stack: Array<{ v: unknown; p: Array<string | number> }> = [{ v: value, p: [] }];
        while (stack.length > 0) {
          const entry = stack.pop()!;
          entries.push(entry);
          const { v, p } = entry;
          if (Array.isArray(v)) {
            for (let i = 0; i < v.length; i++) stack.push({ v: v[i], p: [...p, i] });
          } else if (v !== null && typeof v === 'object') {
            for (const [k, x] of Object.entries(v)) stack.push({ v: x, p: [...p, k] });
          }
        }
        const spans = locateJsonSpans(
          doc,
          entries.map((e) => e.p),
        );
        entries.forEach(({ v, p }, i) => {
          const { start, end } = spans[i]!;
          const last = p[p.length - 1];
          const expected =
            typeof last === 'string' ? `${JSON.stringify(last)}:${JSON.stringify(v)}` : JSON.stringify(v);
          // Keys are compared by value (JSON.stringify may escape a name differently from the text).
          if (typeof last === 'string') {
            const key = /^"(?:[^"\\]|\\.)*"/.exec(doc.slice(start))![0];
            assert.equal(JSON.parse(key), last);
            assert.equal(
              doc.slice(start + key.length + 1, end),
              JSON.stringify(v),
              `${JSON.stringify(p)} in ${doc}`,
            );
          } else {
            assert.equal(doc.slice(start, end), expected, `${JSON.stringify(p)} in ${doc}`);
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it('gives a syntax finding the offending character, none at the end of input', () => {
    assert.equal(syntaxWidth('{"a" x}', 5), 1);
    assert.equal(syntaxWidth('{"a" \u{1F600}}', 5), 2);
    assert.equal(syntaxWidth('{"a":', 5), 0);
    // A slice that input follows was cut by a delimiter: one column.
    assert.equal(syntaxWidth('-', 1, true), 1);
  });
});
