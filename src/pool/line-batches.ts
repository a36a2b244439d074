// JSON Lines the main thread reads itself (standard input: no path a worker could open, no size known
// before its end) checked over the pool: the main thread cuts the input into lines and hands them out
// in batches (src/cli/stdin-lines.ts), each batch a task (worker export `checkJsonLineBatch`), and the
// records come back in input order as partial outcomes, as a large file's byte ranges do
// (line-ranges.ts). The next batch is read only while fewer than `maxInFlight` tasks wait to be taken,
// so a multi-GB stream holds a window of lines and records, not the input or all of its records.
import type { CheckOptions, FileJob, FileOutcome } from '../types.js';
import type { LineBatch, LineBatchResult, LineBatchTask } from '../worker/tasks.js';
import { InputPieces, interrupted } from './pieces.js';

export type RunLineBatchTask = (task: LineBatchTask) => Promise<LineBatchResult>;

const HEAD = Symbol('head');
const SOURCE = Symbol('source');

/**
 * The records of `job`, whose lines `batches` yields (its last batch says `end`), one outcome per
 * batch that has records, `partial` on all but the last. At most `maxInFlight` batches are being
 * checked or waiting to be taken, plus one being read: `batches` is asked for the next one only while
 * there is room, and the results are passed on as soon as the one at the head is in, even while the
 * input is slow to come (records appear while a pipe is still being written). A worker that fails on
 * a batch (crash, heap limit) ends the input: its records so far, then that failure on the line after
 * the last. Throws when `signal` aborts, and when the first batch fails (the caller then gives the
 * input its one error record).
 */
export async function* lineBatchOutcomes(
  job: FileJob,
  options: CheckOptions,
  batches: AsyncIterator<LineBatch>,
  runTask: RunLineBatchTask,
  maxInFlight: number,
  signal?: AbortSignal,
): AsyncGenerator<FileOutcome> {
  const limit = Math.max(1, maxInFlight);
  const window: Array<Promise<LineBatchResult>> = [];
  /** The next batch, being read. */
  let reading: Promise<IteratorResult<LineBatch>> | null = null;
  let ended = false;
  const pieces = new InputPieces(job);
  const start = (batch: LineBatch) => {
    const pending = runTask({ job: { ...job, size: batch.bytesRead }, options, batch });
    // Results left in the window after an early return (a failure, an abort) must not reject unhandled.
    pending.catch(() => undefined);
    window.push(pending);
    if (batch.end !== undefined) ended = true;
  };
  for (;;) {
    if (signal?.aborted) throw interrupted();
    if (!ended && reading === null && window.length < limit) {
      reading = batches.next();
      // The source turns read failures into its last batch; anything else is awaited below, but may
      // reject while a yield waits for the consumer.
      reading.catch(() => undefined);
    }
    if (window.length === 0) {
      if (reading === null) break;
      const next = await reading;
      reading = null;
      if (next.done) ended = true;
      else start(next.value);
      continue;
    }
    const head = window[0]!;
    // Whichever comes first: the head's records are passed on without waiting for the input.
    const first =
      reading === null
        ? HEAD
        : await Promise.race([
            head.then(
              () => HEAD,
              () => HEAD,
            ),
            reading.then(() => SOURCE),
          ]);
    if (first === SOURCE) {
      const next = await reading!;
      reading = null;
      if (next.done) ended = true;
      else start(next.value);
      continue;
    }
    window.shift();
    let result: LineBatchResult;
    try {
      result = await head;
    } catch (error) {
      yield pieces.workerFailed(error);
      return;
    }
    const { documents } = result;
    if (result.failure) {
      yield pieces.failedAfter(documents, result.failure, result.ruleTimings);
      return;
    }
    if (ended && window.length === 0 && reading === null) {
      if (signal?.aborted) throw interrupted();
      if (pieces.none && documents.length === 0 && result.empty) documents.push(result.empty);
      yield pieces.last(documents, result.ruleTimings);
      return;
    }
    // Taken only when the consumer asks for more: until then nothing more is read or started.
    if (documents.length > 0 || result.ruleTimings) yield pieces.partial(documents, result.ruleTimings);
  }
  if (signal?.aborted) throw interrupted();
  // The source ended without its last batch (it always sends one): end the input with what came.
  yield pieces.last([]);
}
