import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  LineIndex,
  type Placement,
  positionAfter,
  positionAt,
  positionOfByte,
} from '../../../src/parsing/position.js';

describe('positions', () => {
  it('are 1-based lines and columns', () => {
    const text = 'ab\ncd\r\n\nef';
    const index = new LineIndex(text);
    assert.deepEqual(index.position(0), { line: 1, column: 1 });
    assert.deepEqual(index.position(1), { line: 1, column: 2 });
    assert.deepEqual(index.position(3), { line: 2, column: 1 });
    assert.deepEqual(index.position(7), { line: 3, column: 1 });
    assert.deepEqual(index.position(8), { line: 4, column: 1 });
    assert.deepEqual(index.position(10), { line: 4, column: 3 }, 'end of text');
    assert.deepEqual(index.position(99), { line: 4, column: 3 }, 'clamped');
  });

  it('place both ends of a span as two lookups would', () => {
    const chars = fc.constantFrom('a', '\n', 'é', '😀', '\r', ' ');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 40 }), fc.nat(), fc.nat(), (parts, x, y) => {
        const text = parts.join('');
        const a = x % (text.length + 1);
        const b = a + (y % (text.length - a + 1));
        const index = new LineIndex(text);
        assert.deepEqual(index.span(a, b), { start: index.position(a), end: index.position(b) });
        assert.deepEqual(positionAfter(text, a, index.position(a), b), index.position(b));
      }),
    );
    assert.deepEqual(new LineIndex('ab\ncd').span(1, 99), {
      start: { line: 1, column: 2 },
      end: { line: 2, column: 3 },
    });
  });

  it('write a span into a finding as its two ends, lines moved by the shift given', () => {
    const chars = fc.constantFrom('a', '\n', 'é', '😀', '\r', ' ');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 40 }), fc.nat(), fc.nat(), fc.nat(5), (parts, x, y, shift) => {
        const text = parts.join('');
        const a = x % (text.length + 1);
        const b = a + (y % (text.length - a + 1));
        const index = new LineIndex(text);
        const into: Placement & { ruleId: string } = { ruleId: 'r' };
        index.place(into, { start: a, end: b }, shift);
        const start = index.position(a);
        const end = index.position(b);
        assert.deepEqual(into, {
          ruleId: 'r',
          line: start.line + shift,
          column: start.column,
          endLine: end.line + shift,
          endColumn: end.column,
        });
      }),
    );
  });

  it('count columns in UTF-16 code units (an emoji is two)', () => {
    const text = '😀é"x"';
    assert.deepEqual(new LineIndex(text).position(text.indexOf('"')), { line: 1, column: 4 });
  });

  it('agree between the index, the one-off scan and the byte form', () => {
    const chars = fc.constantFrom('a', '\n', 'é', '😀', '\r', ' ');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 30 }), fc.nat(), (parts, pick) => {
        const text = parts.join('');
        const offset = text.length === 0 ? 0 : pick % (text.length + 1);
        // Byte offsets only exist on code point boundaries: move off a surrogate pair's middle.
        const safe =
          offset > 0 && offset < text.length && /[\uDC00-\uDFFF]/.test(text[offset]!) ? offset - 1 : offset;
        const expected = new LineIndex(text).position(safe);
        assert.deepEqual(positionAt(text, safe), expected);
        const bytes = Buffer.from(text, 'utf8');
        const byteOffset = Buffer.byteLength(text.slice(0, safe), 'utf8');
        assert.deepEqual(positionOfByte(bytes, byteOffset), expected);
      }),
    );
  });
});
