// The pool's entry to fan-out: one huge JSON file, its element slices spread over the Piscina workers.
// The document side (the splitter, the streamed document) is the worker module's `checkHugeDocument`,
// loaded by URL on this thread as the in-process runner loads it; the pool supplies the batches
// (slice-batches.ts) and how a task runs:
//
//   checkHugeFile(job, options, (task, transferList) => runner.runNamed('checkSlices', task, transferList))
import type { FileJob, FileOutcome } from '../types.js';
import type { CheckHugeDocument, RunSliceTask, StreamCheckOptions } from '../worker/tasks.js';
import { failureReason } from './pipeline.js';
import { DEFAULT_WORKER_URL } from './runner.js';
import { type FanOutTuning, PooledSliceBatches } from './slice-batches.js';

export type { RunSliceTask, SliceResult, SliceTask } from '../worker/tasks.js';
export type { FanOutTuning } from './slice-batches.js';

let worker: Promise<{ checkHugeDocument: CheckHugeDocument }> | null = null;

/**
 * Check one huge JSON file with its elements parsed and checked by `runTask` (the pool). Memory on this
 * thread: one read chunk and the buffers of at most `maxInFlight` + 1 batches.
 */
export async function checkFanOut(
  job: FileJob,
  options: StreamCheckOptions,
  runTask: RunSliceTask,
  tuning: FanOutTuning = {},
): Promise<FileOutcome> {
  worker ??= import(DEFAULT_WORKER_URL.href);
  const { checkHugeDocument } = await worker;
  return checkHugeDocument(
    job,
    options,
    (base, apply) => new PooledSliceBatches(runTask, tuning, base, apply),
  );
}

/**
 * Check one file above the stream threshold with every core: results in document order, memory bounded
 * by `maxInFlight` batches of `batchBytes`. Never throws for a bad or unreadable file (status 'error').
 */
export async function checkHugeFile(
  job: FileJob,
  options: StreamCheckOptions,
  runTask: RunSliceTask,
  tuning?: FanOutTuning,
): Promise<FileOutcome> {
  // A slice task that failed is a worker that exited, ran out of memory or threw: the file gets the
  // record a whole-file batch gets for that (pipeline.ts failureReason: the worker's code, else
  // WORKER_FAILED), not the EINTERNAL of a check that failed on this thread. A RangeError is retried on
  // this thread by the document side (a header too deep to clone), whose own outcome then stands.
  let failed: { error: unknown } | null = null;
  const watched: RunSliceTask = (task, transferList) =>
    runTask(task, transferList).catch((error: unknown) => {
      failed ??= { error };
      throw error;
    });
  const outcome = await checkFanOut(job, options, watched, tuning);
  const document = outcome.documents[0];
  const failure = failed as { error: unknown } | null;
  if (failure && !(failure.error instanceof RangeError) && document?.status === 'error')
    document.error = failureReason(failure.error);
  return outcome;
}
