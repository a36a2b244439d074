// The memory bound of streaming: a generated dump of a few hundred MB, checked in a
// child process whose V8 heap is capped at 256 MB, single-threaded and fanned out over a Piscina pool.
// Whole-file parsing of the same dump would need several times the cap. Peak RSS must stay ≤ 300 MiB.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { generateDump } from '../../corpus/generator/dump.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-huge-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const streamed = new URL('../../src/worker/streamed.js', import.meta.url).href;
const fanout = new URL('../../src/pool/fanout.js', import.meta.url).href;
const loader = new URL('../../src/pool/fanout-loader.js', import.meta.url).href;
const runner = new URL('../../src/pool/runner.js', import.meta.url).href;

const SCRIPT = `
const [file, mode] = process.argv.slice(1);
const options = { target: null, ruleLevels: {}, maxDiagnosticsPerFile: 1000, streamThreshold: 0, maxFileSize: Infinity };
const job = { index: 0, path: file, file, size: 0 };
let outcome;
if (mode === 'fanout') {
  // The CLI's pool (worker heap limits) and fan-out settings.
  const { checkHugeFile } = await import(${JSON.stringify(fanout)});
  const { fanOutTuning } = await import(${JSON.stringify(loader)});
  const { createThreadRunner } = await import(${JSON.stringify(runner)});
  const pool = await createThreadRunner({ threads: 2, maxOldGenerationSizeMb: 512 });
  const runTask = (task, transferList) => pool.runNamed('checkSlices', task, transferList);
  outcome = await checkHugeFile(job, options, runTask, fanOutTuning(2));
  await pool.close();
} else {
  const { checkStreamed } = await import(${JSON.stringify(streamed)});
  outcome = await checkStreamed(job, options);
}
const d = outcome.documents[0];
process.stdout.write(JSON.stringify({ status: d.status, tools: d.tools, bytes: d.bytes, maxRss: process.resourceUsage().maxRSS * 1024 }));
`;

describe('a 250 MB dump under --max-old-space-size=256', () => {
  const file = join(dir, 'dump.mcpdesc.json');
  const manifest = generateDump(file, { size: 250_000_000, invalid: 0, seed: 3 });

  for (const mode of ['single', 'fanout']) {
    it(`${mode}: completes with peak RSS ≤ 300 MiB`, () => {
      const child = spawnSync(
        process.execPath,
        ['--max-old-space-size=256', '--input-type=module', '-e', SCRIPT, file, mode],
        { encoding: 'utf8', cwd: process.cwd() },
      );
      assert.equal(child.status, 0, child.stderr);
      const result = JSON.parse(child.stdout) as {
        status: string;
        tools: number;
        bytes: number;
        maxRss: number;
      };
      assert.equal(result.status, 'valid');
      assert.equal(result.tools, manifest.tools);
      assert.equal(result.bytes, manifest.bytes);
      assert.ok(result.maxRss <= 300 * 1024 * 1024, `peak RSS ${(result.maxRss / 2 ** 20).toFixed(0)} MiB`);
    });
  }
});
