// validate() and the CLI run the same core (src/core): the same inputs give the same records from both,
// timings aside. Over the samples, a slice of the real corpus (when ../shared is there) and a generated
// registry.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { validate } from '../../src/index.js';
import { documentLines } from '../../src/records.js';
import { REPO_ROOT, runCli, tempDir } from '../helpers/run-cli.js';

const GENERATOR = join(REPO_ROOT, 'dist/corpus/generator/registry.js');
const REAL_SLICE = join(REPO_ROOT, '../shared/corpus/real/livemcpbench');

/** A record without what depends on the run's timing. */
function untimed(line: string): string {
  const record = JSON.parse(line) as Record<string, unknown>;
  delete record.durationMs;
  delete record.timings;
  return JSON.stringify(record);
}

async function apiLines(patterns: string[], cwd: string, concurrency: 0 | 2): Promise<string[]> {
  const lines: string[] = [];
  for await (const doc of validate(patterns, { cwd, concurrency })) {
    for (const line of documentLines(doc).split('\n')) if (line !== '') lines.push(untimed(line));
  }
  return lines;
}

async function cliLines(patterns: string[], cwd: string, concurrency: 0 | 2): Promise<string[]> {
  const r = await runCli([...patterns, '-f', 'ndjson', '--concurrency', String(concurrency)], { cwd });
  assert.ok(r.code === 0 || r.code === 1, r.stderr);
  return r.stdout
    .split('\n')
    .filter(
      (line) => line !== '' && !line.startsWith('{"type":"run"') && !line.startsWith('{"type":"summary"'),
    )
    .map(untimed);
}

describe('validate() and the CLI give the same records', () => {
  const tmp = tempDir('parity');
  before(async () => {
    if (!existsSync(GENERATOR)) return;
    const { generateRegistry } = (await import(pathToFileURL(GENERATOR).href)) as {
      generateRegistry: (o: { out: string; files: number; seed: number }) => unknown;
    };
    generateRegistry({ out: join(tmp.path, 'reg'), files: 300, seed: 7 });
  });
  after(() => tmp.remove());

  it('over the samples, in-process and threaded', async () => {
    for (const concurrency of [0, 2] as const) {
      const api = await apiLines(['corpus/samples'], REPO_ROOT, concurrency);
      assert.ok(api.length > 20);
      assert.deepEqual(api, await cliLines(['corpus/samples'], REPO_ROOT, concurrency));
    }
  });

  it('over a slice of the real corpus', {
    skip: !existsSync(REAL_SLICE) && '../shared not present',
  }, async () => {
    const api = await apiLines([REAL_SLICE], REPO_ROOT, 2);
    assert.ok(api.length > 50);
    assert.deepEqual(api, await cliLines([REAL_SLICE], REPO_ROOT, 2));
  });

  it('over a generated registry', { skip: !existsSync(GENERATOR) && 'generator not built' }, async () => {
    const patterns = ['reg', '!reg/manifest.json'];
    const api = await apiLines(patterns, tmp.path, 2);
    assert.ok(api.length >= 300);
    assert.deepEqual(api, await cliLines(patterns, tmp.path, 2));
  });
});
