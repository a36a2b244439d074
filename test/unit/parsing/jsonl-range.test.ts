// linesInRange: byte ranges cut anywhere give, over all ranges, every line of the file exactly once,
// with the line numbers splitLines gives the whole file (absolute = relative + newlines of earlier ranges).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { type JsonLine, linesInRange, type ReadAt, splitLines } from '../../../src/parsing/jsonl.js';
import { byteRanges } from '../../../src/pool/line-ranges.js';

const readerOf =
  (bytes: Buffer): ReadAt =>
  (buffer, position) => {
    if (position >= bytes.length) return 0;
    return bytes.copy(buffer, 0, position, Math.min(bytes.length, position + buffer.length));
  };

type Seen = [line: number, text: string, size: number, oversize: boolean];

async function whole(bytes: Buffer, max: number): Promise<Seen[]> {
  const out: Seen[] = [];
  async function* source() {
    yield bytes;
  }
  for await (const l of splitLines(source(), max))
    out.push([l.line, l.bytes.toString('latin1'), l.size, l.oversize]);
  return out;
}

/** Every range on its own (as the workers do), then numbered as the main thread does. */
function byRanges(
  bytes: Buffer,
  cuts: readonly number[],
  max: number,
  tailRead: number,
): { seen: Seen[]; newlines: number } {
  const points = [0, ...[...new Set(cuts)].filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b)];
  const seen: Seen[] = [];
  let before = 0;
  points.forEach((start, i) => {
    const end = i + 1 < points.length ? points[i + 1]! : Number.POSITIVE_INFINITY;
    const lines: JsonLine[] = [];
    const newlines = linesInRange(readerOf(bytes), start, end, max, (l) => lines.push(l), tailRead);
    for (const l of lines) seen.push([l.line + before, l.bytes.toString('latin1'), l.size, l.oversize]);
    before += newlines;
  });
  return { seen, newlines: before };
}

const piece = fc.constantFrom(
  'a',
  '{"k":[1,2]}',
  ' ',
  '\t',
  '\r',
  '\n',
  '\n',
  '\r\n',
  'é',
  '😀',
  'xxxxxxxxxxxxxxxxxxxx',
);
const text = fc.array(piece, { maxLength: 60 }).map((parts) => Buffer.from(parts.join(''), 'utf8'));

describe('linesInRange', () => {
  it('over random cuts: every line exactly once, same numbers, sizes and oversize flags as the whole file', async () => {
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.array(fc.nat(400), { maxLength: 12 }),
        fc.integer({ min: 1, max: 64 }),
        fc.integer({ min: 1, max: 17 }),
        async (bytes, cuts, max, tailRead) => {
          const expected = await whole(bytes, max);
          const got = byRanges(bytes, cuts, max, tailRead);
          assert.deepEqual(got.seen, expected);
          // The ranges' newline counts add up to the file's.
          assert.equal(got.newlines, bytes.filter((b) => b === 0x0a).length);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('byteRanges cuts: consecutive, cover the file, last one open-ended', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.integer({ min: 1, max: 3000 }), (size, step) => {
        const ranges = byteRanges(size, step);
        assert.equal(ranges[0]!.start, 0);
        assert.equal(ranges.at(-1)!.end, Number.POSITIVE_INFINITY);
        for (let i = 1; i < ranges.length; i++) assert.equal(ranges[i]!.start, ranges[i - 1]!.end);
        assert.ok(ranges.at(-1)!.start < Math.max(1, size));
        assert.equal(ranges.length, Math.max(1, Math.ceil(size / step)));
      }),
    );
  });

  it('a range inside one long line gives nothing; the line goes to the range it starts in', () => {
    const bytes = Buffer.from(`{"a":1}\n${'x'.repeat(100)}\n[2]\n`);
    const lines = (start: number, end: number) => {
      const out: number[] = [];
      const newlines = linesInRange(readerOf(bytes), start, end, 1000, (l) => out.push(l.line), 7);
      return { out, newlines };
    };
    assert.deepEqual(lines(20, 40), { out: [], newlines: 0 });
    assert.deepEqual(lines(0, 9), { out: [1, 2], newlines: 1 });
    // Starts exactly at a line start (the byte before is '\n'): that line is the range's line 1.
    assert.deepEqual(lines(8, 20), { out: [1], newlines: 0 });
    assert.deepEqual(lines(9, Number.POSITIVE_INFINITY), { out: [2], newlines: 2 });
  });

  it('a read failure mid-range propagates after the lines before it', () => {
    const bytes = Buffer.from('{"a":1}\n{"b":2}\n{"c":3}\n');
    const seen: number[] = [];
    const failing: ReadAt = (buffer, position) => {
      if (position >= 10) throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
      return readerOf(bytes)(buffer.subarray(0, Math.min(buffer.length, 10 - position)), position);
    };
    assert.throws(() => linesInRange(failing, 0, 100, 1000, (l) => seen.push(l.line), 4), /EIO/);
    assert.deepEqual(seen, [1]);
  });
});
