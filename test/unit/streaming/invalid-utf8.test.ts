// Invalid UTF-8 is what whole-file mode reports first, wherever it is: it decodes the bytes before it
// parses them, so a truncated multi-byte character, or a bad byte after a syntax error, is the
// document's finding. The streamed check stops at the first syntax error, yet must not report that
// instead (nor "Unterminated string." for a file cut inside a character); single-thread and fanned out,
// it must give whole-file mode's record.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkHugeFile } from '../../../src/pool/fanout.js';
import { checkFile } from '../../../src/worker/check-file.js';
import { checkStreamed } from '../../../src/worker/streamed.js';
import { comparable, inProcessSlices, testDir, WHOLE, writeJob } from './helpers.js';

const dir = testDir('utf8');
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

describe('streamed: invalid UTF-8 takes precedence as in whole-file mode', () => {
  for (const [label, bytes] of Object.entries(CASES)) {
    it(label, async () => {
      const file = writeJob(dir, 'u.json', bytes);
      const whole = (await checkFile(file, WHOLE)).documents[0]!;
      assert.match(whole.diagnostics.at(-1)!.message, /Invalid UTF-8/);
      for (const chunkBytes of [5, 64, 1 << 20]) {
        const options = { ...WHOLE, streamThreshold: 0, chunkBytes };
        const single = (await checkStreamed(file, options)).documents[0]!;
        assert.equal(single.streamed, true);
        assert.deepEqual(comparable(single), comparable(whole), `single thread, chunks of ${chunkBytes}`);
        const fanned = (await checkHugeFile(file, options, inProcessSlices, { batchBytes: 256 }))
          .documents[0]!;
        assert.deepEqual(comparable(fanned), comparable(whole), `fanned out, chunks of ${chunkBytes}`);
      }
    });
  }
});
