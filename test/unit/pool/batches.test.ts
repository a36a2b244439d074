import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type PlannedInput, planUnits } from '../../../src/pool/batches.js';

function input(index: number, size = 10, extra: Partial<PlannedInput> = {}): PlannedInput {
  return { job: { index, path: `/x/${index}.json`, file: `${index}.json`, size }, ...extra };
}

function shape(units: ReturnType<typeof planUnits>) {
  return [...units].map((u) =>
    u.kind === 'batch' ? u.jobs.map((j) => j.index) : `local:${u.input.job.index}`,
  );
}

describe('planUnits', () => {
  it('cuts batches by file count', () => {
    const inputs = Array.from({ length: 7 }, (_, i) => input(i));
    assert.deepEqual(shape(planUnits(inputs, { files: 3, bytes: 1e9 })), [[0, 1, 2], [3, 4, 5], [6]]);
  });

  it('cuts batches by bytes; a file above the limit is alone', () => {
    const inputs = [input(0, 40), input(1, 40), input(2, 40), input(3, 500), input(4, 10)];
    assert.deepEqual(shape(planUnits(inputs, { files: 64, bytes: 100 })), [[0, 1], [2], [3], [4]]);
  });

  it('settles stdin and known errors locally, keeping order', () => {
    const inputs = [
      input(0),
      input(1, 0, { stdin: true }),
      input(2),
      input(3, 0, { error: { code: 'ENOENT', message: 'x' } }),
    ];
    assert.deepEqual(shape(planUnits(inputs, { files: 64, bytes: 1e9 })), [[0], 'local:1', [2], 'local:3']);
  });

  it('yields nothing for no input', () => {
    assert.deepEqual(shape(planUnits([])), []);
  });
});
