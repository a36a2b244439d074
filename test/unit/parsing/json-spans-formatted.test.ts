// Spans in formatted text, against an oracle that knows them: the test writes each document itself,
// with random whitespace (indentation, blank lines, CRLF, none), escaped names and brackets inside
// strings, and records where every member and element starts and ends as it writes them. Then any
// subset of the paths is located (the others are skipped unread), as a document with findings is.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { locateJsonSpans } from '../../../src/parsing/json-scan.js';
import type { PathSegment } from '../../../src/types.js';

interface Written {
  text: string;
  spans: Map<string, { path: PathSegment[]; start: number; end: number }>;
}

const WHITESPACE = ['', ' ', '\n', '\r\n', '\t', '\n    ', '  \n\n  '];

/** A tiny seeded PRNG, so one fast-check seed picks all the formatting choices of a text. */
function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

/** A name as JSON text, sometimes with a needless escape (`\/`, `\u0061`) that JSON.parse undoes. */
function nameText(name: string, next: () => number): string {
  const plain = JSON.stringify(name);
  if (next() < 0.7) return plain;
  return plain.replace(/[a/]/, (c) => (c === '/' ? '\\/' : '\\u0061'));
}

function write(value: unknown, seed: number): Written {
  const next = random(seed);
  const ws = () => WHITESPACE[Math.floor(next() * WHITESPACE.length)]!;
  const spans: Written['spans'] = new Map();
  let text = ws();
  const emit = (v: unknown, path: PathSegment[], memberStart: number | null): void => {
    const start = text.length;
    if (Array.isArray(v)) {
      text += `[${ws()}`;
      v.forEach((x, i) => {
        if (i > 0) text += `${ws()},${ws()}`;
        emit(x, [...path, i], null);
      });
      text += `${ws()}]`;
    } else if (v !== null && typeof v === 'object') {
      text += `{${ws()}`;
      Object.entries(v).forEach(([k, x], i) => {
        if (i > 0) text += `${ws()},${ws()}`;
        const at = text.length;
        text += `${nameText(k, next)}${ws()}:${ws()}`;
        emit(x, [...path, k], at);
      });
      text += `${ws()}}`;
    } else {
      text += JSON.stringify(v);
    }
    spans.set(JSON.stringify(path), { path, start: memberStart ?? start, end: text.length });
  };
  emit(value, [], null);
  text += ws();
  return { text, spans };
}

/** Values whose strings hold what a scanner must not take for structure. */
const tricky = fc.constantFrom('}', ']', '{"a":1}', '\\', '"', 'x\\"]', ':', ',', '\n', 'é😀');
const value = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
    ),
    fc.oneof(fc.string(), tricky),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 4 }), tricky), tie('value'), { maxKeys: 5 }),
  ),
})).value;

describe('locateJsonSpans in formatted text', () => {
  it('spans every chosen path as the writer placed it, whatever else is skipped', () => {
    fc.assert(
      fc.property(value, fc.integer(), fc.integer(), (doc, seed, pick) => {
        const { text, spans } = write(doc, seed);
        const all = [...spans.values()];
        const choose = random(pick);
        const chosen = all.filter(() => choose() < 0.3);
        const found = locateJsonSpans(
          text,
          chosen.map((s) => s.path),
        );
        chosen.forEach((s, i) => {
          assert.deepEqual(
            found[i],
            { start: s.start, end: s.end },
            `${JSON.stringify(s.path)} in ${JSON.stringify(text)}`,
          );
        });
      }),
      { numRuns: 3000 },
    );
  });
});
