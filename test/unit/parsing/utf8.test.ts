import assert from 'node:assert/strict';
import { isUtf8 } from 'node:buffer';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { positionOfByte } from '../../../src/parsing/position.js';
import { decodeUtf8, firstInvalidUtf8, Utf8Scan } from '../../../src/parsing/utf8.js';

describe('UTF-8 decoding', () => {
  it('finds an invalid sequence exactly when isUtf8 says no, and everything before it is valid', () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 24 }),
      fc.string({ unit: 'binary', maxLength: 12 }).map((s) => new Uint8Array(Buffer.from(s, 'utf8'))),
    );
    fc.assert(
      fc.property(bytes, fc.nat(), fc.nat(255), (data, at, value) => {
        const copy = Buffer.from(data);
        if (copy.length > 0 && at % 2 === 0) copy[at % copy.length] = value;
        const offset = firstInvalidUtf8(copy);
        assert.equal(offset === -1, isUtf8(copy));
        if (offset >= 0) assert.ok(isUtf8(copy.subarray(0, offset)));
      }),
      { numRuns: 3000 },
    );
  });

  it('rejects overlongs, surrogates and code points above U+10FFFF', () => {
    assert.equal(firstInvalidUtf8(Buffer.from([0x41, 0xc0, 0xaf])), 1);
    assert.equal(firstInvalidUtf8(Buffer.from([0xe0, 0x80, 0xaf])), 0);
    assert.equal(firstInvalidUtf8(Buffer.from([0x41, 0x42, 0xed, 0xa0, 0x80])), 2);
    assert.equal(firstInvalidUtf8(Buffer.from([0xf4, 0x90, 0x80, 0x80])), 0);
    assert.equal(firstInvalidUtf8(Buffer.from([0xe2, 0x82])), 0, 'truncated at the end');
    assert.equal(firstInvalidUtf8(Buffer.from('ok é 😀', 'utf8')), -1);
  });

  it('strips and reports a BOM, and reports where bad bytes are', () => {
    assert.deepEqual(decodeUtf8(Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d])), {
      ok: true,
      text: '{}',
      bom: true,
    });
    assert.deepEqual(decodeUtf8(Buffer.from('{}')), { ok: true, text: '{}', bom: false });
    const bad = decodeUtf8(Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]));
    assert.equal(bad.ok, false);
    if (!bad.ok) {
      assert.equal(bad.offset, 2);
      assert.match(bad.message, /byte 2/);
    }
  });

  it('Utf8Scan over any chunking finds what decodeUtf8 and positionOfByte find in the whole bytes', () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 40 }),
      fc
        .string({ unit: 'binary', maxLength: 16 })
        .map((s) => new Uint8Array(Buffer.from(`\uFEFF${s.replace(/x/g, '\n')}`, 'utf8'))),
    );
    fc.assert(
      fc.property(
        bytes,
        fc.array(fc.nat(40), { maxLength: 6 }),
        fc.nat(),
        fc.nat(255),
        (data, cuts, at, value) => {
          const copy = Buffer.from(data);
          if (copy.length > 0 && at % 3 !== 0) copy[at % copy.length] = value;
          const decoded = decodeUtf8(copy);
          const scan = new Utf8Scan();
          const points = [...new Set(cuts.map((c) => Math.min(c, copy.length)))].sort((a, b) => a - b);
          let found = null;
          let from = 0;
          for (const to of [...points, copy.length]) {
            found ??= scan.push(copy.subarray(from, to));
            from = to;
          }
          found ??= scan.end();
          if (decoded.ok) {
            assert.equal(found, null);
            return;
          }
          assert.ok(found);
          assert.equal(found.offset, decoded.offset);
          assert.deepEqual([...found.bytes], [...copy.subarray(decoded.offset, decoded.offset + 4)]);
          const { line, column } = positionOfByte(copy, decoded.offset);
          assert.deepEqual({ line: found.line, column: found.column }, { line, column });
        },
      ),
      { numRuns: 3000 },
    );
  });
});
