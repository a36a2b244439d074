// The pool's entry to fan-out: one huge JSON file, its element slices spread over the Piscina workers.
// The scanning and ordering live in src/worker/slices.ts (they need the splitter and the validator,
// which the pool does not import); the pool supplies how a task runs:
//
//   checkHugeFile(job, options, (task, transferList) =>
//     piscina.run(task, { name: 'checkSlices', transferList }))
import type { FileJob, FileOutcome } from '../types.js';
import { checkFanOut, type FanOutTuning, type RunSliceTask } from '../worker/slices.js';
import type { StreamCheckOptions } from '../worker/streamed.js';

export type { FanOutTuning, RunSliceTask, SliceResult, SliceTask } from '../worker/slices.js';

/**
 * Check one file above the stream threshold with every core: results in document order, memory bounded
 * by `maxInFlight` batches of `batchBytes`. Never throws for a bad or unreadable file (status 'error').
 */
export function checkHugeFile(
  job: FileJob,
  options: StreamCheckOptions,
  runTask: RunSliceTask,
  tuning?: FanOutTuning,
): Promise<FileOutcome> {
  return checkFanOut(job, options, runTask, tuning);
}
