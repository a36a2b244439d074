// Invalid UTF-8 is what whole-file mode reports first, wherever it is: it decodes the bytes before it
// parses them, so a truncated multi-byte character, or a bad byte after a syntax error, is the
// document's finding. The streamed check stops at the first syntax error and used to report that
// instead (or "Unterminated string." for a file cut inside a character); single-thread and fanned out,
// it must give whole-file mode's record.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { checkHugeFile } from '../../../src/pool/fanout.js';
import type { CheckOptions, DocumentResult, FileJob } from '../../../src/types.js';
import { checkFile } from '../../../src/worker/check-file.js';
import { checkSlices, type SliceResult } from '../../../src/worker/slices.js';
import { checkStreamed } from '../../../src/worker/streamed.js';
import { testDir } from './helpers.js';

const dir = testDir('utf8');
let n = 0;

const WHOLE: CheckOptions = {
  target: null,
  ruleLevels: {},
  maxDiagnosticsPerFile: 1000,
  streamThreshold: Number.POSITIVE_INFINITY,
  maxFileSize: Number.POSITIVE_INFINITY,
};

const B = (...parts: Array<string | number[]>) => Buffer.concat(parts.map((p) => Buffer.from(p as string)));

const HEAD =
  '{"mcpdesc":"0.7.0","info":{"name":"x","version":"1.0.0"},"transports":[{"type":"stdio","command":"x"}],';
const TOOLS = Array.from({ length: 40 }, (_, i) => `{"name":"t${i}","inputSchema":{"type":"object"}}`).join(
  ',\n',
);

const CASES: Record<string, Buffer> = {
  'a file cut inside a character of a tool': B(`${HEAD}"tools":[${TOOLS},{"name":"a`, [0xe2, 0x82]),
  'a file cut inside a character of a root member': B(`${HEAD}"tools":[],"x":{"a":"`, [0xe2, 0x82]),
  'a file cut inside a character of a member name': B(`${HEAD}"to`, [0xe2, 0x82]),
  'a root string cut inside a character': B('"ab', [0xe2, 0x82]),
  'an array root cut inside a character': B('["ab', [0xe2, 0x82]),
  'a bad byte in a tool whose brackets do not match': B(`${HEAD}"tools":[${TOOLS},{"name":"`, [0xff], '"]]}'),
  'a syntax error in a tool, a bad byte after it': B(
    `${HEAD}"tools":[${TOOLS},{"name":"x",}],"x-later":"`,
    [0xff],
    '"}',
  ),
  'a bad byte in a string after the root': B(`${HEAD}"tools":[${TOOLS}]} "`, [0xff], '"'),
  'a BOM, then a bad byte on the first line': B(
    [0xef, 0xbb, 0xbf],
    `${HEAD}"tools":[{"name":"`,
    [0xff],
    '"}]}',
  ),
  'a BOM, then a bad byte on a later line': B(
    [0xef, 0xbb, 0xbf],
    `${HEAD}"tools":[${TOOLS},{"name":"`,
    [0xff],
    '"}]}',
  ),
  'non-ASCII text before a bad byte after a syntax error': B(
    `${HEAD}"tools":[{"name":"é😀"},,{"name":"ü`,
    [0xc3],
    '"}]}',
  ),
};

function job(bytes: Buffer): FileJob {
  const path = join(dir, `u-${n++}.json`);
  writeFileSync(path, bytes);
  return { index: 0, path, file: 'u.json', size: bytes.length };
}

function comparable(result: DocumentResult) {
  const { durationMs: _d, streamed: _s, ...rest } = result;
  return rest;
}

const inProcess = async (task: Parameters<typeof checkSlices>[0], transferList: ArrayBuffer[]) =>
  structuredClone(checkSlices(structuredClone(task, { transfer: transferList }))) as SliceResult;

describe('streamed: invalid UTF-8 takes precedence as in whole-file mode', () => {
  for (const [label, bytes] of Object.entries(CASES)) {
    it(label, async () => {
      const file = job(bytes);
      const whole = (await checkFile(file, WHOLE)).documents[0]!;
      assert.match(whole.diagnostics.at(-1)!.message, /Invalid UTF-8/);
      for (const chunkBytes of [5, 64, 1 << 20]) {
        const options = { ...WHOLE, streamThreshold: 0, chunkBytes };
        const single = (await checkStreamed(file, options)).documents[0]!;
        assert.equal(single.streamed, true);
        assert.deepEqual(comparable(single), comparable(whole), `single thread, chunks of ${chunkBytes}`);
        const fanned = (await checkHugeFile(file, options, inProcess, { batchBytes: 256 })).documents[0]!;
        assert.deepEqual(comparable(fanned), comparable(whole), `fanned out, chunks of ${chunkBytes}`);
      }
    });
  }
});
