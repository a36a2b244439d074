import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  BATCH_BYTES,
  IN_PROCESS_MAX_FILES,
  resolveConcurrency,
  taskCount,
  workerHeapMb,
} from '../../../src/pool/concurrency.js';

const MiB = 1024 * 1024;

describe('resolveConcurrency', () => {
  it('keeps tiny runs in-process', () => {
    assert.equal(resolveConcurrency('auto', { files: 1, bytes: 2000 }, 8), 0);
    assert.equal(resolveConcurrency('auto', { files: IN_PROCESS_MAX_FILES, bytes: MiB }, 8), 0);
  });

  it('uses one thread per core for big runs, never more than there are tasks', () => {
    assert.equal(resolveConcurrency('auto', { files: 20_000, bytes: 500 * MiB }, 2), 2);
    assert.equal(resolveConcurrency('auto', { files: 20_000, bytes: 500 * MiB }, 16), 16);
    // 300 files make 5 batches of 64: 5 threads at most.
    assert.equal(resolveConcurrency('auto', { files: 300, bytes: 9 * MiB }, 16), 9);
    assert.equal(resolveConcurrency('auto', { files: 300, bytes: 100 }, 16), 5);
  });

  it('turns a single auto thread into in-process', () => {
    assert.equal(resolveConcurrency('auto', { files: 20_000, bytes: 500 * MiB }, 1), 0);
    // One huge file is one task (the splitter, not the pool, parallelises inside it).
    assert.equal(resolveConcurrency('auto', { files: 1, bytes: 1000 * BATCH_BYTES }, 8), 0);
  });

  it('counts a fanned-out file by its slices, so one huge file still gets every core', () => {
    const plan = { files: 1, bytes: 1024 * MiB, fannedOutFiles: 1, fannedOutBytes: 1024 * MiB };
    assert.equal(taskCount(plan), 1024);
    assert.equal(resolveConcurrency('auto', plan, 2), 2);
    // Plus 100 small files: two more batches.
    assert.equal(
      taskCount({ files: 101, bytes: 1024 * MiB + 100_000, fannedOutFiles: 1, fannedOutBytes: 1024 * MiB }),
      1026,
    );
  });

  it('honours an explicit count, capped at the number of tasks', () => {
    assert.equal(resolveConcurrency(0, { files: 20_000, bytes: 500 * MiB }, 8), 0);
    assert.equal(resolveConcurrency(3, { files: 20_000, bytes: 500 * MiB }, 2), 3);
    assert.equal(resolveConcurrency(4, { files: 10, bytes: 10 }, 8), 1);
  });

  it('counts tasks by files and by bytes', () => {
    assert.equal(taskCount({ files: 0, bytes: 0 }), 1);
    assert.equal(taskCount({ files: 65, bytes: 0 }), 2);
    assert.equal(taskCount({ files: 5, bytes: 3 * BATCH_BYTES }), 3);
    assert.equal(taskCount({ files: 2, bytes: 3 * BATCH_BYTES }), 2);
  });

  it('counts a JSON Lines file split into byte ranges by its range tasks', () => {
    // One 8 KB file cut into 9 test-sized ranges, next to one sliced JSON file of 2 MiB.
    const plan = {
      files: 2,
      bytes: 8000 + 2 * BATCH_BYTES,
      fannedOutFiles: 2,
      fannedOutBytes: 8000 + 2 * BATCH_BYTES,
      rangedBytes: 8000,
      rangeTasks: 9,
    };
    assert.equal(taskCount(plan), 11);
    assert.equal(resolveConcurrency(4, plan, 2), 4);
  });
});

describe('workerHeapMb', () => {
  it('shares RAM between threads within [512, 4096] MiB', () => {
    assert.equal(workerHeapMb(2, 24 * 1024 * MiB), 4096);
    assert.equal(workerHeapMb(2, 3 * 1024 * MiB), 1024);
    assert.equal(workerHeapMb(16, 1024 * MiB), 512);
  });
});
