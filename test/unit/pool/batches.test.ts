import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type PlannedInput, planUnits } from '../../../src/pool/batches.js';

function input(index: number, size = 10, extra: Partial<PlannedInput> = {}): PlannedInput {
  return { job: { index, path: `/x/${index}.json`, file: `${index}.json`, size }, ...extra };
}

async function shape(units: ReturnType<typeof planUnits>) {
  const out: Array<number[] | string> = [];
  for await (const u of units)
    out.push(u.kind === 'batch' ? u.jobs.map((j) => j.index) : `local:${u.input.job.index}`);
  return out;
}

describe('planUnits', () => {
  it('cuts batches by file count', async () => {
    const inputs = Array.from({ length: 7 }, (_, i) => input(i));
    assert.deepEqual(await shape(planUnits(inputs, { files: 3, bytes: 1e9 })), [[0, 1, 2], [3, 4, 5], [6]]);
  });

  it('cuts batches by bytes; a file above the limit is alone', async () => {
    const inputs = [input(0, 40), input(1, 40), input(2, 40), input(3, 500), input(4, 10)];
    assert.deepEqual(await shape(planUnits(inputs, { files: 64, bytes: 100 })), [[0, 1], [2], [3], [4]]);
  });

  it('gives a named pipe a batch of its own: the files before it are not held while it waits', async () => {
    const fifo = input(2, 0);
    fifo.job.special = 'fifo';
    const inputs = [input(0), input(1), fifo, input(3)];
    assert.deepEqual(await shape(planUnits(inputs, { files: 64, bytes: 1e9 })), [[0, 1], [2], [3]]);
  });

  it('settles stdin, known errors and fanned-out files locally, keeping order', async () => {
    const inputs = [
      input(0),
      input(1, 0, { stdin: true }),
      input(2),
      input(3, 0, { error: { code: 'ENOENT', message: 'x' } }),
      input(4),
      input(5, 1e9, { huge: true }),
      input(6),
    ];
    assert.deepEqual(await shape(planUnits(inputs, { files: 64, bytes: 1e9 })), [
      [0],
      'local:1',
      [2],
      'local:3',
      [4],
      'local:5',
      [6],
    ]);
  });

  it('pulls from an async source only as units are needed', async () => {
    let pulled = 0;
    async function* source() {
      for (let i = 0; i < 100; i++) {
        pulled++;
        yield input(i);
      }
    }
    const units = planUnits(source(), { files: 10, bytes: 1e9 });
    const first = await units.next();
    assert.deepEqual(first.value.kind === 'batch' && first.value.jobs.length, 10);
    assert.ok(pulled <= 11, `pulled ${pulled} inputs for one batch of 10`);
  });

  it('yields nothing for no input', async () => {
    assert.deepEqual(await shape(planUnits([])), []);
  });
});
