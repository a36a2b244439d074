// `mcpdesc` and root `tags` are the header: a guessed header is confirmed by comparing what the main
// pass parsed with what was guessed. A hostile header value nested 100,000 deep is a finding in
// whole-file mode (version.recognized, tag.members); comparing it by `JSON.stringify` overflowed the
// stack and made the streamed record an EINTERNAL error instead.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkHugeFile } from '../../../src/pool/fanout.js';
import { checkFile } from '../../../src/worker/check-file.js';
import { checkStreamed } from '../../../src/worker/streamed.js';
import { comparable, inProcessSlices, testDir, WHOLE, writeJob } from './helpers.js';

const dir = testDir('deep-header');
const DEEP = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
const INFO = '"info":{"name":"x","version":"1.0.0"},"transports":[{"type":"stdio","command":"x"}]';
// Enough tools that the file is more than twice the probe: the header is guessed from its ends.
const TOOLS = Array.from({ length: 300 }, (_, i) => `{"name":"t${i}","inputSchema":{"type":"object"}}`).join(
  ',',
);

const CASES: Record<string, string> = {
  'a deep `mcpdesc` first': `{"mcpdesc":${DEEP},${INFO},"tools":[${TOOLS}]}`,
  'a deep `mcpdesc` last': `{${INFO},"tools":[${TOOLS}],"mcpdesc":${DEEP}}`,
  'a deep root `tags` member': `{"mcpdesc":"0.7.0",${INFO},"tools":[${TOOLS}],"tags":{"a":${DEEP}}}`,
  'a deep root tag': `{"mcpdesc":"0.7.0",${INFO},"tools":[${TOOLS}],"tags":[{"name":"a"},${DEEP}]}`,
  'a deep root tag first': `{"mcpdesc":"0.7.0",${INFO},"tags":[${DEEP}],"tools":[${TOOLS}]}`,
};

describe('streamed: a deeply nested header value', () => {
  for (const [label, text] of Object.entries(CASES)) {
    it(`${label}: the whole-file record`, async () => {
      const file = writeJob(dir, 'd.json', text);
      const whole = (await checkFile(file, WHOLE)).documents[0]!;
      assert.equal(whole.status, 'invalid');
      for (const probeBytes of [1024, 1 << 30]) {
        const options = { ...WHOLE, streamThreshold: 0, chunkBytes: 4096, probeBytes };
        const single = (await checkStreamed(file, options)).documents[0]!;
        assert.deepEqual(comparable(single), comparable(whole), `single thread, probe ${probeBytes}`);
        const fanned = (await checkHugeFile(file, options, inProcessSlices, { batchBytes: 1024 }))
          .documents[0]!;
        assert.deepEqual(comparable(fanned), comparable(whole), `fanned out, probe ${probeBytes}`);
      }
    });
  }
});
