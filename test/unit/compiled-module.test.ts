// The generated validators are loaded with the build's V8 code cache (compiled-module.ts): the cache
// is there and V8 takes it, in the main thread and in a worker with a heap limit as the pool starts
// them; a module loaded so gives the same answers as require(); a cache V8 refuses only means compiling.
import assert from 'node:assert/strict';
import { copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CODE_CACHE_SUFFIX, loadCompiled, loadedFromCache } from '../../src/compiled-module.js';
import type { CheckResult, CheckTask } from '../../src/worker/tasks.js';
import { REPO_ROOT } from '../helpers/run-cli.js';

const compiledDir = join(REPO_ROOT, 'dist/src/validation/compiled');
const urlOf = (name: string) => pathToFileURL(join(compiledDir, name));
const samplesDir = join(REPO_ROOT, 'corpus/samples');
const samples = ['valid', 'invalid', 'warnings'].flatMap((folder) =>
  readdirSync(join(samplesDir, folder))
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => {
      // Some samples are not JSON on purpose (syntax errors): nothing for a validator there.
      try {
        return [JSON.parse(readFileSync(join(samplesDir, folder, name), 'utf8')) as unknown];
      } catch {
        return [];
      }
    }),
);

type Validate = ((data: unknown) => boolean) & { errors?: unknown };

/** Every exported validator's verdict and errors on every sample, and on its first tool. */
function answers(exports: Record<string, unknown>): string {
  const out: unknown[] = [];
  for (const [name, value] of Object.entries(exports)) {
    if (typeof value !== 'function') continue;
    const validate = value as Validate;
    for (const doc of samples) {
      const tool = (doc as { tools?: unknown[] })?.tools?.[0] ?? {};
      for (const data of [doc, tool]) {
        let verdict: boolean | string;
        try {
          verdict = validate(data);
        } catch (error) {
          verdict = String(error);
        }
        out.push([name, verdict, validate.errors ?? null]);
      }
    }
  }
  return JSON.stringify(out);
}

describe('generated validators with the code cache', () => {
  it('the build writes a cache for the modules a run loads, and V8 takes it', () => {
    for (const name of ['screens-0.7.0.cjs', 'structural-fast-0.7.0.cjs', 'structural-all-0.8.0.cjs']) {
      const url = urlOf(name);
      loadCompiled(url);
      assert.equal(loadedFromCache(url), true, name);
    }
  });

  it('a worker thread with a heap limit takes the same cache', async () => {
    const moduleUrl = pathToFileURL(join(REPO_ROOT, 'dist/src/compiled-module.js')).href;
    const script = `
      const { parentPort, workerData } = require('node:worker_threads');
      import(workerData.moduleUrl).then((m) => {
        const url = new URL(workerData.url);
        m.loadCompiled(url);
        parentPort.postMessage(m.loadedFromCache(url));
      });`;
    const worker = new Worker(script, {
      eval: true,
      workerData: { moduleUrl, url: urlOf('structural-all-0.7.0.cjs').href },
      resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 12 },
    });
    const [fromCache] = (await new Promise((resolve, reject) => {
      worker.once('message', (value) => resolve([value]));
      worker.once('error', reject);
    })) as [boolean];
    await worker.terminate();
    assert.equal(fromCache, true);
  });

  it('gives the same answers as the module loaded by require()', () => {
    const required = createRequire(import.meta.url);
    for (const name of ['structural-fast-0.7.0.cjs', 'structural-all-0.7.0.cjs', 'screens-0.7.0.cjs']) {
      const cached = loadCompiled(urlOf(name));
      assert.equal(answers(cached), answers(required(join(compiledDir, name))), name);
    }
  });

  it('compiles as before when V8 refuses the cache', () => {
    // A copy beside its dependencies' folder, so its own require() calls resolve as the original's.
    const name = 'structural-fast-0.7.0.cjs';
    const copy = join(compiledDir, `refused-${process.pid}-${name}`);
    copyFileSync(join(compiledDir, name), copy);
    writeFileSync(copy + CODE_CACHE_SUFFIX, Buffer.from('not a code cache'));
    try {
      const url = pathToFileURL(copy);
      const exports = loadCompiled(url);
      assert.equal(loadedFromCache(url), false);
      assert.equal(answers(exports), answers(loadCompiled(urlOf(name))));
    } finally {
      for (const file of [copy, copy + CODE_CACHE_SUFFIX]) rmSync(file, { force: true });
    }
  });
});

describe('the bundled worker with the code cache', () => {
  const entryUrl = pathToFileURL(join(REPO_ROOT, 'dist/src/bundle/worker.js'));
  const bodyUrl = pathToFileURL(join(REPO_ROOT, 'dist/src/bundle/worker-body.cjs'));

  it('exports every entry point of the worker module', async () => {
    const [bundled, unbundled] = await Promise.all([
      import(entryUrl.href) as Promise<Record<string, unknown>>,
      import(pathToFileURL(join(REPO_ROOT, 'dist/src/worker/index.js')).href) as Promise<
        Record<string, unknown>
      >,
    ]);
    const functions = (m: Record<string, unknown>) =>
      Object.keys(m)
        .filter((name) => typeof m[name] === 'function')
        .sort();
    assert.deepEqual(functions(bundled), functions(unbundled));
  });

  it('comes from its cache and still imports what it leaves external (JSON Lines)', async () => {
    const body = loadCompiled(bodyUrl) as { check: (task: CheckTask) => Promise<CheckResult> };
    assert.equal(loadedFromCache(bodyUrl), true);
    const path = join(samplesDir, 'registry.jsonl');
    const [outcome] = await body.check({
      source: { kind: 'files', jobs: [{ index: 0, path, file: path, size: readFileSync(path).length }] },
      options: {
        target: null,
        ruleLevels: {},
        maxDiagnosticsPerFile: 1000,
        streamThreshold: 1 << 26,
        maxFileSize: Infinity,
      },
    });
    const documents = outcome!.documents;
    assert.equal(
      documents.some((d) => d.status === 'error'),
      false,
      JSON.stringify(documents.map((d) => d.error)),
    );
    assert.ok(documents.length > 1);
  });
});
