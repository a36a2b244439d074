// readReused: a file's bytes in the thread's reused buffer. Whatever size discovery measured (right,
// too small because the file grew, too large because it shrank), the bytes are the file's, with no
// tail of an earlier, longer file; read errors are readFileSync's; the kept buffer stays bounded.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { REUSED_READ_MAX, readReused } from '../../../src/parsing/read.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-read-reused-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A file of `size` bytes whose content depends on `seed` (so two files of one size differ). */
function file(name: string, size: number, seed: number): string {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed * 7) & 0xff;
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

function errorCode(read: () => unknown): string | undefined {
  try {
    read();
  } catch (error) {
    return (error as NodeJS.ErrnoException).code;
  }
  return undefined;
}

describe('readReused', () => {
  it('returns exactly the bytes readFileSync does, whatever size was expected', () => {
    const sizes = [0, 1, 4095, 65535, 65536, 65537, 200_000, 1_000_001];
    let seed = 0;
    for (const size of sizes) {
      const path = file(`f-${size}.bin`, size, ++seed);
      const expected = readFileSync(path);
      for (const hint of [size, 0, Math.floor(size / 3), size * 2 + 10]) {
        assert.ok(readReused(path, hint).equals(expected), `size ${size}, expected ${hint}`);
      }
    }
  });

  it('leaves no tail of a longer file read before', () => {
    const long = file('long.bin', 300_000, 1);
    const short = file('short.bin', 10, 2);
    assert.equal(readReused(long, 300_000).length, 300_000);
    const bytes = readReused(short, 300_000);
    assert.deepEqual([...bytes], [...readFileSync(short)]);
  });

  it('keeps no buffer beyond its bound after a file larger than expected', () => {
    const grown = file('grown.bin', REUSED_READ_MAX * 3, 3);
    assert.ok(readReused(grown, 10).equals(readFileSync(grown)));
    const small = file('small.bin', 100, 4);
    const bytes = readReused(small, 100);
    assert.ok(bytes.equals(readFileSync(small)));
    assert.ok(bytes.buffer.byteLength <= REUSED_READ_MAX * 2, `kept ${bytes.buffer.byteLength} bytes`);
  });

  it('gives a file expected over the bound a buffer of its own', () => {
    const big = file('big.bin', 1000, 5);
    const own = readReused(big, REUSED_READ_MAX + 1);
    const copy = Buffer.from(own);
    readReused(file('other.bin', 1000, 6), 1000);
    assert.ok(own.equals(copy));
  });

  it('fails as readFileSync does: a missing file, a directory', () => {
    const missing = join(dir, 'missing.json');
    assert.equal(
      errorCode(() => readReused(missing, 0)),
      errorCode(() => readFileSync(missing)),
    );
    const folder = join(dir, 'folder.json');
    mkdirSync(folder);
    const code = errorCode(() => readReused(folder, 0));
    assert.equal(
      code,
      errorCode(() => readFileSync(folder)),
    );
    assert.equal(code, 'EISDIR');
  });
});
