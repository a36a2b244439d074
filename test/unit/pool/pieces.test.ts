// pieceOutcomes over `lines` sources: lines read in this thread (standard input), checked as tasks,
// passed on in order as partial outcomes, with the input read only while the window has room.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type JsonLine, packLines } from '../../../src/parsing/jsonl.js';
import { pieceOutcomes } from '../../../src/pool/pieces.js';
import type { DocumentResult, FileJob, FileOutcome } from '../../../src/types.js';
import { batchLines, checkLines, wholeInput } from '../../../src/worker/json-lines.js';
import { jobBase } from '../../../src/worker/results.js';
import { checkSource } from '../../../src/worker/sources.js';
import type { DocumentSource, LineBatch, LinesSource, SourceResult } from '../../../src/worker/tasks.js';
import { documentResult } from '../../helpers/records.js';
import { OPTIONS } from '../worker/helpers.js';

const JOB: FileJob = { index: 4, path: '-', file: '<stdin>', size: 0 };

function doc(line: number, status: DocumentResult['status'] = 'valid'): DocumentResult {
  // `line` after `byRule`, where the worker puts it (placeOnLine keeps that order).
  const { diagnostics, ...head } = documentResult({
    index: JOB.index,
    file: JOB.file,
    status,
    format: 'jsonl',
  });
  return { ...head, line, diagnostics };
}

/** A batch of the given line numbers (the fake tasks below read them back from `lines`). */
function batch(lines: number[], end?: LineBatch['end']): LineBatch {
  const b: LineBatch = {
    lines: {
      bytes: new Uint8Array(0),
      lines: lines.map((line) => ({ line, start: 0, end: 0, size: 10, oversize: false })),
    },
    gzip: false,
    bytesRead: 10 * lines.length,
  };
  if (end) b.end = end;
  return b;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

/** A source of `count` batches of 3 lines each (the last says end), counting how often it is asked. */
function source(count: number) {
  const state = { pulls: 0 };
  async function* gen(): AsyncGenerator<LineBatch> {
    for (let i = 0; i < count; i++) {
      state.pulls++;
      const lines = [3 * i + 1, 3 * i + 2, 3 * i + 3];
      yield batch(lines, i === count - 1 ? {} : undefined);
    }
  }
  return { state, batches: gen() };
}

type RunLineBatchTask = (task: LinesSource) => Promise<SourceResult>;

/** The pieces of `batches` as `lines` sources, as standard input's are. */
function lineBatchOutcomes(
  job: FileJob,
  batches: AsyncIterator<LineBatch>,
  runTask: RunLineBatchTask,
  maxInFlight: number,
  signal?: AbortSignal,
): AsyncGenerator<FileOutcome> {
  const sources: AsyncIterator<DocumentSource> = {
    next: async () => {
      const next = await batches.next();
      if (next.done) return next;
      const batch = next.value;
      return { done: false, value: { kind: 'lines', job: { ...job, size: batch.bytesRead }, batch } };
    },
  };
  const run = (source: DocumentSource) => {
    assert.equal(source.kind, 'lines');
    return runTask(source as LinesSource);
  };
  return pieceOutcomes(job, sources, run, maxInFlight, signal);
}

const checkAll: RunLineBatchTask = async (task) => {
  const result: SourceResult = {
    index: task.job.index,
    documents: task.batch.lines.lines.map((l) => doc(l.line)),
  };
  if (task.batch.end) result.empty = doc(1, 'invalid');
  return result;
};

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

async function all(outcomes: AsyncIterable<FileOutcome>): Promise<FileOutcome[]> {
  const out: FileOutcome[] = [];
  for await (const o of outcomes) out.push(o);
  return out;
}

describe('pieceOutcomes of lines read in this thread', () => {
  it('passes every record on in input order, partial on all but the last piece', async () => {
    // Tasks finish in reverse order of their start.
    const { batches } = source(6);
    let started = 0;
    const runTask: RunLineBatchTask = async (task) => {
      const delay = 12 - 2 * started++;
      await new Promise((resolve) => setTimeout(resolve, delay));
      return checkAll(task);
    };
    const outcomes = await all(lineBatchOutcomes(JOB, batches, runTask, 4));
    assert.deepEqual(
      outcomes.flatMap((o) => o.documents.map((d) => d.line)),
      Array.from({ length: 18 }, (_, i) => i + 1),
    );
    assert.deepEqual(
      outcomes.map((o) => o.partial === true),
      [true, true, true, true, true, false],
    );
    assert.ok(outcomes.every((o) => o.index === JOB.index));
  });

  it('never asks for more input while maxInFlight batches are running or untaken', async () => {
    const { state, batches } = source(1000);
    // Tasks wait while `hold` is set, then finish on their own as a pool's do.
    let hold = true;
    const held: Array<() => void> = [];
    let started = 0;
    const runTask: RunLineBatchTask = (task) => {
      started++;
      return new Promise((resolve) => {
        const finish = () => void checkAll(task).then(resolve);
        if (hold) held.push(finish);
        else setImmediate(finish);
      });
    };
    const outcomes = lineBatchOutcomes(JOB, batches, runTask, 3);
    // Nothing is read before the first record is asked for.
    await turns(5);
    assert.equal(state.pulls, 0);
    // Asked for a record while no task finishes: the window fills, and reading stops there.
    const first = outcomes.next();
    await turns(30);
    assert.equal(started, 3);
    assert.ok(state.pulls <= 3 + 1, `${state.pulls} batches read`);
    hold = false;
    for (const finish of held) finish();
    await first;
    // The consumer holds its first record and asks for nothing more: every task is done, yet nothing
    // more is read or started, whatever the wait.
    const pulls = state.pulls;
    await turns(50);
    assert.equal(state.pulls, pulls);
    assert.equal(started, 3);
    // Each record taken lets it read on, never more than the window ahead of what was taken.
    for (let taken = 2; taken <= 40; taken++) {
      await outcomes.next();
      await turns(10);
      assert.ok(started <= taken + 2, `${started} tasks started after ${taken} taken`);
      assert.ok(state.pulls <= taken + 3, `${state.pulls} batches read after ${taken} taken`);
    }
    assert.ok(state.pulls >= 40);
    await outcomes.return(undefined);
  });

  it('passes on a finished batch while the input has nothing more to give (a slow writer)', async () => {
    const stalled = deferred<IteratorResult<LineBatch>>();
    let asked = 0;
    const batches: AsyncIterator<LineBatch> = {
      next: () => (asked++ === 0 ? Promise.resolve({ done: false, value: batch([1, 2]) }) : stalled.promise),
    };
    const outcomes = lineBatchOutcomes(JOB, batches, checkAll, 4);
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(resolve, 10_000, 'timeout').unref());
    const first = await Promise.race([outcomes.next(), timeout]);
    assert.notEqual(first, 'timeout', 'the first records waited for more input');
    const value = (first as IteratorResult<FileOutcome>).value as FileOutcome;
    assert.deepEqual(
      value.documents.map((d) => d.line),
      [1, 2],
    );
    assert.equal(value.partial, true);
    stalled.resolve({ done: false, value: batch([3], {}) });
    const rest = await all({ [Symbol.asyncIterator]: () => outcomes });
    assert.deepEqual(
      rest.flatMap((o) => o.documents.map((d) => d.line)),
      [3],
    );
    assert.equal(rest.at(-1)!.partial, undefined);
  });

  it('an input with no document: the empty record of its last batch', async () => {
    async function* none(): AsyncGenerator<LineBatch> {
      yield batch([], {});
    }
    const outcomes = await all(lineBatchOutcomes(JOB, none(), checkAll, 2));
    assert.equal(outcomes.length, 1);
    assert.deepEqual(
      outcomes[0]!.documents.map((d) => [d.line, d.status]),
      [[1, 'invalid']],
    );
  });

  it('a read failure is the last record, on the line after the last one passed on', async () => {
    async function* failing(): AsyncGenerator<LineBatch> {
      yield batch([1, 5]);
      yield batch([], { failure: { name: 'Error', message: 'gone', code: 'EIO' } });
    }
    const runTask: RunLineBatchTask = async (task) => {
      const result = await checkAll(task);
      if (task.batch.end?.failure) {
        // As the worker makes it: the input's record, without a line (the main thread places it).
        const { line: _line, ...failure } = doc(0, 'error');
        delete result.empty;
        result.failure = { ...failure, bytes: task.job.size };
      }
      return result;
    };
    const outcomes = await all(lineBatchOutcomes(JOB, failing(), runTask, 2));
    const docs = outcomes.flatMap((o) => o.documents);
    assert.deepEqual(
      docs.map((d) => [d.line, d.status, d.bytes]),
      [
        [1, 'valid', 10],
        [5, 'valid', 10],
        [6, 'error', 0],
      ],
    );
    assert.equal(outcomes.at(-1)!.partial, undefined);
  });

  it('a worker that dies after some records: those, then its failure; before any: thrown', async () => {
    const { batches } = source(10);
    let n = 0;
    const dying: RunLineBatchTask = async (task) => {
      if (n++ === 2) throw Object.assign(new Error('worker exited with code: 3'), { code: 'WORKER_EXIT' });
      return checkAll(task);
    };
    const outcomes = await all(lineBatchOutcomes(JOB, batches, dying, 1));
    const docs = outcomes.flatMap((o) => o.documents);
    assert.deepEqual(
      docs.map((d) => d.line),
      [1, 2, 3, 4, 5, 6, 7],
    );
    assert.equal(docs.at(-1)!.status, 'error');
    assert.match(docs.at(-1)!.error!.message, /worker failed while checking this file/);
    assert.equal(outcomes.at(-1)!.partial, undefined);

    const dead: RunLineBatchTask = async () => {
      throw new Error('no worker');
    };
    await assert.rejects(all(lineBatchOutcomes(JOB, source(3).batches, dead, 2)), /no worker/);
  });

  it('stops when the run is interrupted', async () => {
    const controller = new AbortController();
    const { state, batches } = source(1000);
    const outcomes = lineBatchOutcomes(JOB, batches, checkAll, 2, controller.signal);
    await outcomes.next();
    controller.abort();
    await assert.rejects(outcomes.next(), /interrupted/);
    const pulls = state.pulls;
    await turns(10);
    assert.equal(state.pulls, pulls);
  });
});

describe('a read failure placed by the piece driver and by the worker reading the input whole', () => {
  const failure = { name: 'Error', message: 'gone', code: 'EIO' };
  const jsonLines = (texts: string[]): JsonLine[] =>
    texts.map((text, i) => {
      const bytes = Buffer.from(text);
      return { line: 2 * i + 1, bytes, size: bytes.length, oversize: false };
    });
  // Timings aside, the same bytes in the same key order (the `json` report prints them as they are).
  const comparable = (docs: DocumentResult[]) =>
    docs.map((d) =>
      JSON.stringify({ ...d, durationMs: 0 }, (key, value) => (key === 'timings' ? undefined : value)),
    );

  for (const texts of [['{"mcpdesc":"0.7.0"}', '{"info":{}}', 'not json'], []]) {
    it(`is the same record after ${texts.length} lines`, async () => {
      const lines = jsonLines(texts);
      const job: FileJob = { ...JOB, size: 100 };
      const base = jobBase(job, 'jsonl', false);
      const whole: LineBatch = { lines: packLines(lines), gzip: false, bytesRead: 100, end: { failure } };
      const read = wholeInput(await checkLines(batchLines(whole), base, OPTIONS), base, OPTIONS);

      // The same lines as stdin's pieces: the lines in one batch, the failure alone in the last.
      const pieces: DocumentSource[] = [
        { kind: 'lines', job, batch: { lines: packLines(lines), gzip: false, bytesRead: 60 } },
        {
          kind: 'lines',
          job,
          batch: { lines: packLines([]), gzip: false, bytesRead: 100, end: { failure } },
        },
      ];
      const run = async (source: DocumentSource) => (await checkSource({ source, options: OPTIONS }))[0]!;
      const outcomes = await all(pieceOutcomes(job, pieces.values(), run, 2));
      const driven = outcomes.flatMap((o) => o.documents);

      assert.equal(read.at(-1)!.status, 'error');
      assert.equal(read.at(-1)!.line, lines.length > 0 ? lines.at(-1)!.line + 1 : undefined);
      assert.deepEqual(comparable(driven), comparable(read));
    });
  }
});
