// The runner runs the worker's entry points by the names of the task map: a name outside the map, or a
// task of the wrong shape, does not compile, and each result comes back typed as its entry returns it.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createInProcessRunner } from '../../../src/pool/runner.js';
import type { TaskName } from '../../../src/worker/tasks.js';
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
    const outcomes = await runner.runNamed('checkBatch', { jobs: [job], options: OPTIONS });
    assert.deepEqual(
      outcomes.map((o) => [o.index, o.documents[0]!.status]),
      [[job.index, 'valid']],
    );
  });

  it('returns a byte range of JSON Lines typed as the range result', async () => {
    const job = dir.write('lines.jsonl', lines);
    const result = await runner.runNamed('checkLineRange', {
      job,
      options: OPTIONS,
      start: 0,
      end: Infinity,
    });
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
    await assert.rejects(runner.runNamed('checkLineRanges', { job, options: OPTIONS, start: 0, end: 1 }));
    // @ts-expect-error: a byte range needs its start and end
    await assert.rejects(runner.runNamed('checkLineRange', { jobs: [job], options: OPTIONS }));
    const names: TaskName[] = [
      'checkBatch',
      'checkSlices',
      'checkLineRange',
      'checkJsonLinesOverPort',
      'checkJsonLineBatch',
    ];
    // Every name of the map is an export of the worker module.
    const worker = (await import('../../../src/worker/index.js')) as Record<string, unknown>;
    for (const name of names) assert.equal(typeof worker[name], 'function', name);
  });

  it('imports nothing of the worker at run time: the task map is types only', async () => {
    assert.deepEqual(Object.keys(await import('../../../src/worker/tasks.js')), []);
  });
});
