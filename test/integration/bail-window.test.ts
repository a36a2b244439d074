// --bail stops near the first failing file: under way at once is one file per thread, so what is
// reported after the stop is what was already being checked.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { windowOf } from '../../src/core/check.js';
import { runCli, tempDir } from '../helpers/run-cli.js';

describe('--bail window', () => {
  let dir: ReturnType<typeof tempDir>;
  before(() => {
    dir = tempDir('bail-window');
    // Every file fails: the run should stop after the first, give or take what was under way.
    for (let i = 0; i < 120; i++)
      writeFileSync(join(dir.path, `bad-${String(i).padStart(3, '0')}.json`), '{"mcpdesc": "0.7.0"}');
  });
  after(() => dir.remove());

  for (const threads of [0, 2]) {
    it(`--concurrency ${threads}: at most one file per thread after the first failing one`, async () => {
      const r = await runCli(['.', '--bail', '-f', 'ndjson', '--concurrency', String(threads)], {
        cwd: dir.path,
      });
      assert.equal(r.code, 1);
      const checked = r.records.filter((x) => x.type === 'file' && x.status === 'invalid');
      assert.ok(
        checked.length >= 1 && checked.length <= 1 + Math.max(1, threads),
        `${checked.length} checked`,
      );
      const summary = r.records.at(-1)!;
      assert.deepEqual((summary.bail as { skipped: number }).skipped, 120 - checked.length);
    });
  }

  it('is one file a unit and one unit a thread under --bail only', () => {
    assert.deepEqual(windowOf(4, true), { maxInFlight: 4, batchLimits: { files: 1, bytes: 256 * 1024 } });
    assert.equal(windowOf(4, false).maxInFlight, 16);
  });
});
