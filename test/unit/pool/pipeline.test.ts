import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { PlannedInput } from '../../../src/pool/batches.js';
import { runPipeline } from '../../../src/pool/pipeline.js';
import type { TaskRunner } from '../../../src/pool/runner.js';
import type { CheckOptions, DocumentResult, FileJob, FileOutcome } from '../../../src/types.js';
import type { CheckTask } from '../../../src/worker/tasks.js';

/** The files of a task (the pipeline sends only `files` sources). */
function jobsOf(task: CheckTask): FileJob[] {
  assert.equal(task.source.kind, 'files');
  return task.source.kind === 'files' ? task.source.jobs : [];
}

import { documentResult } from '../../helpers/records.js';

const OPTIONS: CheckOptions = {
  target: null,
  ruleLevels: {},
  maxDiagnosticsPerFile: 1000,
  streamThreshold: 1e9,
  maxFileSize: Number.POSITIVE_INFINITY,
};

function inputs(n: number): PlannedInput[] {
  return Array.from({ length: n }, (_, index) => ({
    job: { index, path: `/c/${index}.json`, file: `${index}.json`, size: 10 },
  }));
}

function doc(index: number, file: string): DocumentResult {
  return documentResult({ index, file });
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A runner whose tasks finish in a scrambled order and which records how many run at once. */
function fakeRunner(behaviour: (task: CheckTask) => void = () => {}) {
  let running = 0;
  const stats = { maxRunning: 0, tasks: 0 };
  const runner: TaskRunner = {
    threads: 2,
    async run(task) {
      stats.tasks++;
      running++;
      stats.maxRunning = Math.max(stats.maxRunning, running);
      try {
        await delay(((jobsOf(task)[0]!.index * 7) % 5) + 1);
        behaviour(task);
        return jobsOf(task).map((j): FileOutcome => ({ index: j.index, documents: [doc(j.index, j.file)] }));
      } finally {
        running--;
      }
    },
    runNamed: async () => {
      throw new Error('not used');
    },
    async close() {},
  };
  return { runner, stats };
}

async function collect(it: AsyncIterable<FileOutcome>): Promise<FileOutcome[]> {
  const out: FileOutcome[] = [];
  for await (const o of it) out.push(o);
  return out;
}

describe('runPipeline', () => {
  it('yields one outcome per input in input order although tasks finish out of order', async () => {
    const { runner } = fakeRunner();
    const out = await collect(
      runPipeline(inputs(50), {
        runner,
        checkOptions: OPTIONS,
        maxInFlight: 4,
        batchLimits: { files: 3, bytes: 1e9 },
      }),
    );
    assert.deepEqual(
      out.map((o) => o.index),
      Array.from({ length: 50 }, (_, i) => i),
    );
  });

  it('never has more than maxInFlight tasks outstanding', async () => {
    const { runner, stats } = fakeRunner();
    await collect(
      runPipeline(inputs(60), {
        runner,
        checkOptions: OPTIONS,
        maxInFlight: 3,
        batchLimits: { files: 2, bytes: 1e9 },
      }),
    );
    assert.equal(stats.tasks, 30);
    assert.ok(stats.maxRunning <= 3, `max running ${stats.maxRunning}`);
    assert.ok(stats.maxRunning >= 2, 'work overlapped');
  });

  it('retries a failed batch file by file so only the culprit becomes an error record', async () => {
    const { runner } = fakeRunner((task) => {
      if (jobsOf(task).some((j) => j.index === 4))
        throw Object.assign(new Error('boom'), { code: 'ERR_TEST' });
    });
    const out = await collect(
      runPipeline(inputs(9), {
        runner,
        checkOptions: OPTIONS,
        maxInFlight: 2,
        batchLimits: { files: 3, bytes: 1e9 },
      }),
    );
    const statuses = out.map((o) => o.documents[0]!.status);
    assert.deepEqual(statuses, [
      'valid',
      'valid',
      'valid',
      'valid',
      'error',
      'valid',
      'valid',
      'valid',
      'valid',
    ]);
    const failed = out[4]!.documents[0]!;
    assert.equal(failed.file, '4.json');
    assert.equal(failed.error?.code, 'ERR_TEST');
    assert.match(failed.error!.message, /boom/);
  });

  it('treats a malformed worker answer as a failure of that file', async () => {
    const runner: TaskRunner = {
      threads: 1,
      run: async (task) =>
        jobsOf(task).length > 1 ? [] : [{ index: jobsOf(task)[0]!.index + 100, documents: [] }],
      runNamed: async () => {
        throw new Error('not used');
      },
      close: async () => {},
    };
    const out = await collect(runPipeline(inputs(2), { runner, checkOptions: OPTIONS, maxInFlight: 2 }));
    assert.deepEqual(
      out.map((o) => [o.index, o.documents[0]!.error?.code]),
      [
        [0, 'WORKER_PROTOCOL'],
        [1, 'WORKER_PROTOCOL'],
      ],
    );
  });

  it('turns discovery errors into error records and runs the local handler for stdin', async () => {
    const { runner } = fakeRunner();
    const list = inputs(3);
    list[0]!.stdin = true;
    list[2]!.error = { code: 'ENOENT', message: 'no such file' };
    const out = await collect(
      runPipeline(list, {
        runner,
        checkOptions: OPTIONS,
        maxInFlight: 2,
        local: async () => ({ index: 0, documents: [doc(99, '<stdin>')] }),
      }),
    );
    assert.deepEqual(
      out.map((o) => [o.index, o.documents[0]!.index, o.documents[0]!.file, o.documents[0]!.status]),
      [
        [0, 0, '<stdin>', 'valid'],
        [1, 1, '1.json', 'valid'],
        [2, 2, '2.json', 'error'],
      ],
    );
  });

  it('hands huge inputs to the fan-out handler, or to a worker when it declines', async () => {
    const { runner, stats } = fakeRunner();
    const list = inputs(4);
    list[1]!.huge = true;
    list[2]!.huge = true;
    list[3]!.huge = true;
    const out = await collect(
      runPipeline(list, {
        runner,
        checkOptions: OPTIONS,
        maxInFlight: 2,
        huge: async (input) => {
          if (input.job.index === 1)
            return { index: 1, documents: [{ ...doc(1, '1.json'), streamed: true }] };
          if (input.job.index === 2) return null;
          throw new Error('fan-out broke');
        },
      }),
    );
    assert.deepEqual(
      out.map((o) => [o.index, o.documents[0]!.status, o.documents[0]!.streamed ?? false]),
      [
        [0, 'valid', false],
        [1, 'valid', true],
        [2, 'valid', false],
        [3, 'error', false],
      ],
    );
    assert.match(out[3]!.documents[0]!.error!.message, /fan-out broke/);
    assert.equal(stats.tasks, 2, 'input 0 and the declined input 2 ran as worker batches');
  });

  it('passes on an input that comes in pieces whole and in place, the next inputs after its last piece', async () => {
    const { runner } = fakeRunner();
    const list = inputs(4);
    list[1]!.huge = true;
    list[2]!.huge = true;
    const pieces = (index: number, count: number, fail: boolean) =>
      (async function* () {
        for (let k = 0; k < count; k++) {
          await delay(3);
          yield { index, documents: [{ ...doc(index, `${index}.json`), line: k + 1 }], partial: true };
        }
        if (fail) throw new Error('range worker died');
        yield { index, documents: [] };
      })();
    const out = await collect(
      runPipeline(list, {
        runner,
        checkOptions: OPTIONS,
        maxInFlight: 2,
        huge: async (input) => pieces(input.job.index, input.job.index === 1 ? 3 : 2, input.job.index === 2),
      }),
    );
    assert.deepEqual(
      out.map((o) => [o.index, o.partial ?? false, o.documents.map((d) => d.line ?? d.status)]),
      [
        [0, false, ['valid']],
        [1, true, [1]],
        [1, true, [2]],
        [1, true, [3]],
        [1, false, []],
        [2, true, [1]],
        [2, true, [2]],
        // A producer that throws after some pieces: the input still ends, with an error record.
        [2, false, ['error']],
        [3, false, ['valid']],
      ],
    );
    assert.match(out[7]!.documents[0]!.error!.message, /range worker died/);
  });

  it('holds no outcome once it was yielded, though the run-long abort signal lives on', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const { runner } = fakeRunner();
    const controller = new AbortController();
    const refs: Array<WeakRef<object>> = [];
    for await (const outcome of runPipeline(inputs(60), {
      runner,
      checkOptions: OPTIONS,
      maxInFlight: 2,
      signal: controller.signal,
      batchLimits: { files: 1, bytes: 1e9 },
    })) {
      refs.push(new WeakRef(outcome.documents));
      assert.ok(getEventListeners(controller.signal, 'abort').length <= 1, 'one listener per wait at most');
    }
    assert.equal(getEventListeners(controller.signal, 'abort').length, 0);
    await delay(1);
    gc();
    await delay(1);
    gc();
    const alive = refs.filter((ref) => ref.deref() !== undefined).length;
    // A race against one abort promise kept every result reachable from the signal (all 60).
    assert.ok(alive <= 2, `${alive} of 60 outcomes still reachable`);
    assert.equal(controller.signal.aborted, false);
  });

  it('an input in pieces whose producer throws once aborted: the run ends, nothing left unhandled', async () => {
    const { runner } = fakeRunner();
    const list = inputs(2);
    list[0]!.huge = true;
    const controller = new AbortController();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const pieces = async function* () {
        yield { index: 0, documents: [doc(0, '0.json')], partial: true };
        // As the byte ranges and the gzip port do when the run is interrupted.
        await delay(1);
        throw Object.assign(new Error('interrupted'), { code: 'ABORTED' });
      };
      const out: FileOutcome[] = [];
      for await (const outcome of runPipeline(list, {
        runner,
        checkOptions: OPTIONS,
        maxInFlight: 2,
        signal: controller.signal,
        huge: async () => pieces(),
      })) {
        out.push(outcome);
        controller.abort();
      }
      await delay(20);
      assert.equal(out.length, 1);
      assert.deepEqual(unhandled, []);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('stops starting and yielding work once aborted', async () => {
    const { runner, stats } = fakeRunner();
    const controller = new AbortController();
    const out: FileOutcome[] = [];
    for await (const o of runPipeline(inputs(100), {
      runner,
      checkOptions: OPTIONS,
      maxInFlight: 2,
      signal: controller.signal,
      batchLimits: { files: 1, bytes: 1e9 },
    })) {
      out.push(o);
      if (out.length === 5) controller.abort();
    }
    assert.equal(out.length, 5);
    assert.ok(stats.tasks <= 7, `tasks started after abort: ${stats.tasks}`);
  });
});

describe('runPipeline halt (--bail)', () => {
  it('starts no unit once stopped; started ones are yielded, the rest get the skip record, in order', async () => {
    const { runner, stats } = fakeRunner();
    let stopped = false;
    const skipped = (job: { index: number; file: string }) =>
      documentResult({ index: job.index, file: job.file, status: 'skipped' });
    const out: FileOutcome[] = [];
    const ins: PlannedInput[] = [
      ...inputs(20),
      // Known unreadable: its error record costs no work, so it is kept.
      {
        job: { index: 20, path: '/c/gone.json', file: 'gone.json', size: 0 },
        error: { code: 'ENOENT', message: 'gone' },
      },
    ];
    for await (const o of runPipeline(ins, {
      runner,
      checkOptions: OPTIONS,
      maxInFlight: 2,
      batchLimits: { files: 2, bytes: 1e9 },
      halt: { stopped: () => stopped, skipped },
    })) {
      out.push(o);
      if (o.index === 0) stopped = true;
    }
    assert.deepEqual(
      out.map((o) => o.index),
      Array.from({ length: 21 }, (_, i) => i),
    );
    // Units of 2 files, 2 in the window: the first two units had started when file 0 came back.
    assert.equal(stats.tasks, 2);
    assert.deepEqual(
      out.map((o) => o.documents[0]!.status),
      [...Array(4).fill('valid'), ...Array(16).fill('skipped'), 'error'],
    );
  });
});
