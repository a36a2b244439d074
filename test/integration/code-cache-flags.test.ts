// The command sets V8 flags of its own (bin/v8-flags.js) before it loads anything, and V8 takes a code
// cache only under the flags it was made with: the build writes the caches under those flags as well
// as without, and each process finds the set made under its own.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { cachedDataVersionTag } from 'node:v8';
import { REPO_ROOT } from '../helpers/run-cli.js';

const MODULES = [
  'dist/src/bundle/worker-body.cjs',
  'dist/src/validation/compiled/screens-0.7.0.cjs',
  'dist/src/validation/compiled/structural-all-0.7.0.cjs',
];

/** In a fresh process, with or without the command's flags: V8's tag, and which modules came from their cache. */
function loadIn(withCliFlags: boolean): { tag: number; cached: boolean[] } {
  const url = (path: string) => JSON.stringify(pathToFileURL(join(REPO_ROOT, path)).href);
  const script = `
    ${withCliFlags ? `(await import(${url('bin/v8-flags.js')})).applyCliV8Flags();` : ''}
    const { cachedDataVersionTag } = await import('node:v8');
    const m = await import(${url('dist/src/compiled-module.js')});
    const urls = ${JSON.stringify(MODULES.map((path) => pathToFileURL(join(REPO_ROOT, path)).href))};
    const cached = urls.map((u) => { m.loadCompiled(new URL(u)); return m.loadedFromCache(new URL(u)); });
    process.stdout.write(JSON.stringify({ tag: cachedDataVersionTag(), cached }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout) as { tag: number; cached: boolean[] };
}

/** V8's tag in a process under the command's flags, before and after a pool thread loads the worker entry. */
function tagsAroundPoolThread(): { before: number; after: number } {
  const url = (path: string) => JSON.stringify(pathToFileURL(join(REPO_ROOT, path)).href);
  const script = `
    (await import(${url('bin/v8-flags.js')})).applyCliV8Flags();
    const { cachedDataVersionTag } = await import('node:v8');
    const { Worker } = await import('node:worker_threads');
    const before = cachedDataVersionTag();
    const worker = new Worker('import(' + JSON.stringify(${url('dist/src/bundle/worker.js')}) + ').then(() => import("node:worker_threads")).then((w) => w.parentPort.postMessage(0))', { eval: true });
    await new Promise((resolve, reject) => { worker.once('message', resolve); worker.once('error', reject); });
    await worker.terminate();
    process.stdout.write(JSON.stringify({ before, after: cachedDataVersionTag() }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout) as { before: number; after: number };
}

describe('code caches under the command’s V8 flags', () => {
  it('a pool thread puts the budget back to V8’s default, whose caches the build also wrote', () => {
    const { before, after } = tagsAroundPoolThread();
    assert.notEqual(before, cachedDataVersionTag());
    assert.equal(after, cachedDataVersionTag());
  });

  it('the command’s flags change V8’s tag, and its worker and validators still load from their caches', () => {
    const { tag, cached } = loadIn(true);
    // Flags that left the tag alone would not need a set of their own: then this proves nothing.
    assert.notEqual(tag, cachedDataVersionTag());
    assert.deepEqual(
      cached,
      MODULES.map(() => true),
      MODULES.join(', '),
    );
  });

  it('a process without them (the library) loads them from the caches made without flags', () => {
    const { tag, cached } = loadIn(false);
    assert.equal(tag, cachedDataVersionTag());
    assert.deepEqual(
      cached,
      MODULES.map(() => true),
      MODULES.join(', '),
    );
  });
});
