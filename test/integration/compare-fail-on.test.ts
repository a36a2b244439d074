// `compare` of two runs as a gate: --fail-on sets the lowest severity of a new finding that fails it.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { runMainAsCli } from '../helpers/run-main.js';
import { WARNINGS_ONLY } from './cli-support.js';

describe('compare --fail-on', () => {
  const tmp = tempDir('compare-fail-on');
  const cwd = tmp.path;
  after(() => tmp.remove());

  // compare failed on any new finding: a nightly gate whose runs use --fail-on error went red on a new
  // warning the run itself passes. --fail-on sets the lowest severity of a new finding that fails it.
  it('compare --fail-on: the lowest severity of a new finding that exits 1 (default: any)', async () => {
    const VALID =
      '{"mcpdesc":"0.7.0","info":{"name":"a","version":"1"},"transports":[{"type":"stdio","command":"x"}],' +
      '"tools":[{"name":"t","inputSchema":{"type":"object"}}]}\n';
    writeFileSync(join(cwd, 'night.json'), VALID);
    const old = await runMainAsCli(['night.json', '-f', 'ndjson'], { cwd });
    writeFileSync(join(cwd, 'old.ndjson'), old.stdout);
    writeFileSync(join(cwd, 'night.json'), WARNINGS_ONLY);
    const tonight = await runMainAsCli(['night.json', '-f', 'ndjson'], { cwd });
    assert.equal(tonight.code, 0, 'the run passes: its findings are warnings');
    writeFileSync(join(cwd, 'new.ndjson'), tonight.stdout);
    const compare = (...extra: string[]) =>
      runMainAsCli(['compare', ...extra, 'old.ndjson', 'new.ndjson'], { cwd });
    // The gate's exit code as a shell sees it, once; the other levels in-process.
    assert.equal(
      (await runCli(['compare', 'old.ndjson', 'new.ndjson'], { cwd })).code,
      1,
      'default: any new finding',
    );
    assert.equal((await compare('--fail-on', 'error')).code, 0);
    assert.equal((await compare('--fail-on', 'warn')).code, 1);
    assert.equal((await compare('--fail-on', 'never')).code, 0);
    const bad = await compare('--fail-on', 'hint');
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--fail-on.*error, warning, info, never/);
    assert.match((await runMainAsCli(['compare', '--help'], { cwd })).stdout, /--fail-on LEVEL/);
  });
});
