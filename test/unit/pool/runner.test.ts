// The runner runs the worker's entry points by the names of the task map: a name outside the map, or a
// task of the wrong shape, does not compile, and each result comes back typed as its entry returns it.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { createInProcessRunner, createThreadRunner } from '../../../src/pool/runner.js';
import type { CheckTask, TaskName } from '../../../src/worker/tasks.js';
import { OPTIONS, TempDir, VALID } from '../worker/helpers.js';

describe('task runner', () => {
  const dir = new TempDir();
  const runner = createInProcessRunner();
  after(async () => {
    await runner.close();
    dir.remove();
  });
  const lines = `${JSON.stringify(VALID)}\n{"mcpdesc": 1}\n`;

  it('runs a batch of files by its name and returns its outcomes', async () => {
    const job = dir.write('one.mcpdesc.json', JSON.stringify(VALID));
    const outcomes = await runner.runNamed('check', {
      source: { kind: 'files', jobs: [job] },
      options: OPTIONS,
    });
    assert.deepEqual(
      outcomes.map((o) => [o.index, o.documents[0]!.status]),
      [[job.index, 'valid']],
    );
  });

  it('returns a byte range of JSON Lines as the one result shape, with its newline count', async () => {
    const job = dir.write('lines.jsonl', lines);
    const results = await runner.run({
      source: { kind: 'range', job, start: 0, end: Infinity },
      options: OPTIONS,
    });
    assert.equal(results.length, 1);
    const result = results[0]!;
    assert.equal(result.newlines, 2);
    assert.deepEqual(
      result.documents.map((d) => [d.line, d.status]),
      [
        [1, 'valid'],
        [2, 'invalid'],
      ],
    );
  });

  it('accepts only the names and task shapes of the task map', async () => {
    const job = dir.write('typed.jsonl', lines);
    // @ts-expect-error: not an entry point of the worker
    await assert.rejects(runner.runNamed('checkLineRange', { job, options: OPTIONS, start: 0, end: 1 }));
    // Compile-time only (a range without its bounds would read the file from its start).
    // @ts-expect-error: a byte range needs its start and end
    const unbounded: CheckTask = { source: { kind: 'range', job }, options: OPTIONS };
    assert.equal(unbounded.source.kind, 'range');
    const names: TaskName[] = ['check', 'checkSlices'];
    // Every name of the map is an export of the worker module.
    const worker = (await import('../../../src/worker/index.js')) as Record<string, unknown>;
    for (const name of names) assert.equal(typeof worker[name], 'function', name);
  });

  it('imports nothing of the worker at run time: the task map is types only', async () => {
    assert.deepEqual(Object.keys(await import('../../../src/worker/tasks.js')), []);
  });

  // Piscina require()s a thread's module before it tries import(). Where require() loads ES modules, a
  // thread terminated while that instantiates the module graph aborts the whole process (the run's close
  // meeting a thread that replaces one that died): the worker module must come in through import().
  it('pool threads load the worker module through import(), never through require()', async () => {
    writeFileSync(
      join(dir.path, 'probe-worker.mjs'),
      "const loadedBy = new Error().stack ?? '';\nexport default async function () {\n  return loadedBy;\n}\n",
    );
    const threads = await createThreadRunner({
      threads: 1,
      workerUrl: pathToFileURL(join(dir.path, 'probe-worker.mjs')),
      maxOldGenerationSizeMb: 256,
    });
    try {
      const stack = (await threads.run({ source: { kind: 'files', jobs: [] }, options: OPTIONS })) as unknown;
      assert.equal(typeof stack, 'string');
      assert.match(stack as string, /probe-worker\.mjs/);
      assert.doesNotMatch(stack as string, /\bModule\.require\b|\brequire \(|loadESMFromCJS/);
    } finally {
      await threads.close();
    }
  });
});
