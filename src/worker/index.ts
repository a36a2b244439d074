// The module Piscina loads. Importing check-file loads the rule catalogue and its precompiled
// validators once per worker (module scope); each task then checks its batch of files in order.
// It never imports the pool, the CLI or the reporters.
import type { CheckOptions, FileJob, FileOutcome } from '../types.js';
import { checkFile } from './check-file.js';

export interface WorkerTask {
  jobs: FileJob[];
  options: CheckOptions;
}

export default async function checkBatch(task: WorkerTask): Promise<FileOutcome[]> {
  const outcomes: FileOutcome[] = [];
  // Sequential on purpose: a worker is one core; parallelism comes from the pool.
  for (const job of task.jobs) outcomes.push(await checkFile(job, task.options));
  return outcomes;
}

// Fan-out of one huge document: the pool runs this export by name on element-slice batches.
export { checkSlices } from './slices.js';
