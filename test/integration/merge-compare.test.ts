// `merge` of shards judges the whole run (--max-warnings, --bail), and `compare` reads the summary's
// fields the same way.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseNdjson, runCli } from '../helpers/run-cli.js';
import { runMainAsCli } from '../helpers/run-main.js';
import { BROKEN, put, type Rec, warningText } from './cli-support.js';

// Every run is main() in-process but one merge, spawned for its exit code as a shell sees it.
describe('merge and compare with the new summary fields', () => {
  let cwd: string;
  const shards = async (extra: string[]) => {
    const outs: string[] = [];
    for (const k of [1, 2]) {
      const r = await runMainAsCli(['reg', '-f', 'ndjson', '--shard', `${k}/2`, ...extra], { cwd });
      writeFileSync(join(cwd, `s${k}.ndjson`), r.stdout);
      outs.push(r.stdout);
    }
    return outs.map(parseNdjson);
  };
  before(() => {
    cwd = mkdtempSync(join(tmpdir(), 'mcpdesc-merge-'));
    for (let i = 0; i < 12; i++) put(cwd, `reg/w${String(i).padStart(2, '0')}.json`, warningText(`w${i}`));
    for (let i = 0; i < 6; i++) put(cwd, `reg/b${i}.json`, BROKEN);
  });
  after(() => rmSync(cwd, { recursive: true, force: true }));

  it('--max-warnings is judged on the whole run, its limit not summed', async () => {
    const parts = await shards(['--fail-on', 'never', '--max-warnings', '10']);
    // Neither shard alone is over 10 (12 warnings in all, split over 2 shards)...
    const perShard = parts.map((p) => (p.at(-1)!.maxWarnings as Rec).warnings as number);
    assert.equal(perShard[0]! + perShard[1]!, 12);
    const m = await runCli(['merge', 's1.ndjson', 's2.ndjson'], { cwd });
    const summary = parseNdjson(m.stdout).at(-1)!;
    if (perShard.every((n) => n <= 10)) assert.ok(parts.every((p) => p.at(-1)!.exitCode === 0));
    assert.deepEqual(summary.maxWarnings, { limit: 10, warnings: 12, exceeded: true });
    assert.equal(summary.exitCode, 1);
    assert.equal(m.code, 1);
  });

  it("reads and writes relative paths from main()'s working directory, not the process's", async () => {
    assert.notEqual(cwd, process.cwd());
    await shards(['--fail-on', 'never']);
    rmSync(join(cwd, 'merged.ndjson'), { force: true });
    const m = await runMainAsCli(['merge', '-o', 'merged.ndjson', 's1.ndjson', 's2.ndjson'], { cwd });
    assert.equal(m.code, 0, m.stderr);
    assert.ok(existsSync(join(cwd, 'merged.ndjson')));
    const merged = parseNdjson(readFileSync(join(cwd, 'merged.ndjson'), 'utf8'));
    assert.equal(merged.filter((r) => r.type === 'file').length, 18);
    const c = await runMainAsCli(['compare', '-o', 'compared.ndjson', 's1.ndjson', 'merged.ndjson'], { cwd });
    assert.equal(c.code, 1, c.stderr);
    const compared = parseNdjson(readFileSync(join(cwd, 'compared.ndjson'), 'utf8'));
    assert.ok(compared.some((r) => r.change === 'new'));
  });

  it('--exit-zero shards merge to exit 0, masked', async () => {
    await shards(['--exit-zero']);
    const m = await runMainAsCli(['merge', 's1.ndjson', 's2.ndjson'], { cwd });
    const summary = parseNdjson(m.stdout).at(-1)!;
    assert.equal(m.code, 0, m.stderr);
    assert.equal(summary.exitCode, 0);
    assert.deepEqual(summary.exitZero, { masked: true });
  });

  it('merged shards have the reasons of one run over all the inputs, in merge and in report alike', async () => {
    const extra = ['--max-warnings', '10'];
    const whole = parseNdjson((await runMainAsCli(['reg', '-f', 'ndjson', ...extra], { cwd })).stdout).at(
      -1,
    )!;
    await shards(extra);
    const merged = parseNdjson((await runMainAsCli(['merge', 's1.ndjson', 's2.ndjson'], { cwd })).stdout).at(
      -1,
    )!;
    const reported = await runMainAsCli(['report', '-f', 'ndjson', 's1.ndjson', 's2.ndjson'], { cwd });
    const kinds = (whole.reasons as Rec[]).map((r) => r.kind);
    assert.deepEqual(kinds, ['findings', 'max-warnings']);
    assert.deepEqual(merged.reasons, whole.reasons);
    assert.deepEqual(parseNdjson(reported.stdout).at(-1)!.reasons, whole.reasons);
  });

  it('--bail shards: the limit stays, the skipped files add up', async () => {
    const parts = await shards(['--bail', '--concurrency', '0']);
    const skipped = parts.reduce((n, p) => n + ((p.at(-1)!.bail as Rec).skipped as number), 0);
    const m = await runMainAsCli(['merge', 's1.ndjson', 's2.ndjson'], { cwd });
    const summary = parseNdjson(m.stdout).at(-1)!;
    assert.equal((summary.bail as Rec).limit, 1);
    assert.equal((summary.bail as Rec).skipped, skipped);
    assert.equal((summary.bail as Rec).stopped, true);
  });

  it('shards with different --max-warnings are refused', async () => {
    const r1 = await runMainAsCli(['reg', '-f', 'ndjson', '--shard', '1/2', '--max-warnings', '1'], { cwd });
    const r2 = await runMainAsCli(['reg', '-f', 'ndjson', '--shard', '2/2', '--max-warnings', '2'], { cwd });
    writeFileSync(join(cwd, 's1.ndjson'), r1.stdout);
    writeFileSync(join(cwd, 's2.ndjson'), r2.stdout);
    const m = await runMainAsCli(['merge', 's1.ndjson', 's2.ndjson'], { cwd });
    assert.equal(m.code, 2);
    assert.match(m.stderr, /maxWarnings differs/);
  });

  it('compare notes a run cut short by --bail', async () => {
    const full = await runMainAsCli(['reg', '-f', 'ndjson'], { cwd });
    writeFileSync(join(cwd, 'full.ndjson'), full.stdout);
    const bailed = await runMainAsCli(['reg', '-f', 'ndjson', '--bail', '--concurrency', '0'], { cwd });
    writeFileSync(join(cwd, 'bailed.ndjson'), bailed.stdout);
    const c = await runMainAsCli(['compare', 'full.ndjson', 'bailed.ndjson', '--format', 'text'], { cwd });
    assert.equal(c.code, 0, c.stderr);
    assert.match(c.stdout, /note: the new run was cut short by --bail: \d+ files were not checked there/);
  });
});
