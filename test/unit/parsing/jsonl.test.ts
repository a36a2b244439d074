import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { type JsonLine, loadJsonLineParser, parseJsonLine, splitLines } from '../../../src/parsing/jsonl.js';

async function collect(chunks: Buffer[], max = 1024): Promise<JsonLine[]> {
  async function* source() {
    yield* chunks;
  }
  const out: JsonLine[] = [];
  for await (const line of splitLines(source(), max)) out.push(line);
  return out;
}

const summary = (lines: JsonLine[]) => lines.map((l) => [l.line, l.bytes.toString('utf8'), l.oversize]);

describe('JSON Lines', () => {
  it('numbers non-blank lines from 1, skipping blank ones, dropping CR of CRLF', async () => {
    const lines = await collect([Buffer.from('{"a":1}\r\n\n  \n[2]\nlast')]);
    assert.deepEqual(summary(lines), [
      [1, '{"a":1}', false],
      [4, '[2]', false],
      [5, 'last', false],
    ]);
  });

  it('gives the same lines however the bytes are chunked (also inside multi-byte characters)', async () => {
    const text = '{"é":"😀"}\n\nx\r\n[1,\n2]\n';
    const bytes = Buffer.from(text, 'utf8');
    const whole = summary(await collect([bytes]));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(bytes.length), { maxLength: 6 }), async (cuts) => {
        const points = [...new Set(cuts)].sort((a, b) => a - b);
        const chunks: Buffer[] = [];
        let from = 0;
        for (const p of [...points, bytes.length]) {
          chunks.push(bytes.subarray(from, p));
          from = p;
        }
        assert.deepEqual(summary(await collect(chunks)), whole);
      }),
    );
  });

  it('counts but does not keep a line over the limit, and goes on after it', async () => {
    const lines = await collect(
      [Buffer.from('1\n'), Buffer.from('x'.repeat(30)), Buffer.from('y'.repeat(30)), Buffer.from('\n2\n')],
      40,
    );
    assert.deepEqual(
      lines.map((l) => [l.line, l.size, l.oversize, l.bytes.length]),
      [
        [1, 1, false, 1],
        [2, 60, true, 0],
        [3, 1, false, 1],
      ],
    );
  });

  it('parses a line with the stream-json line parser and reports failure without throwing', async () => {
    await loadJsonLineParser();
    assert.deepEqual(parseJsonLine('{"a":[1]}'), { ok: true, value: { a: [1] } });
    assert.deepEqual(parseJsonLine('{"a":'), { ok: false });
    assert.deepEqual(parseJsonLine('null'), { ok: true, value: null });
  });
});
