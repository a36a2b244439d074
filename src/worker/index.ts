// MINIMAL stand-in for the worker helper's entry point (the only module Piscina loads). Contract:
// default export ({jobs, options}) → FileOutcome[], one outcome per job, in job order.
import type { CheckOptions, FileJob, FileOutcome } from '../types.js';
import { checkFile } from './check-file.js';

export default async function run(task: { jobs: FileJob[]; options: CheckOptions }): Promise<FileOutcome[]> {
  const outcomes: FileOutcome[] = [];
  for (const job of task.jobs) outcomes.push(await checkFile(job, task.options));
  return outcomes;
}
