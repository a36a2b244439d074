// The pool's entry to fan-out: one huge JSON file, its element slices spread over the Piscina workers.
// The scanning and ordering live in src/worker/slices.ts (they need the splitter and the validator,
// which the pool does not import); the pool supplies how a task runs:
//
//   checkHugeFile(job, options, (task, transferList) =>
//     piscina.run(task, { name: 'checkSlices', transferList }))
import type { FileJob, FileOutcome } from '../types.js';
import { checkFanOut, type FanOutTuning, type RunSliceTask } from '../worker/slices.js';
import type { StreamCheckOptions } from '../worker/streamed.js';
import { failureReason } from './pipeline.js';

export type { FanOutTuning, RunSliceTask, SliceResult, SliceTask } from '../worker/slices.js';

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
  // this thread by checkFanOut (a header too deep to clone), whose own outcome then stands.
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
