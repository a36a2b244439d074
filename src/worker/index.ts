// The module every pool thread imports (src/pool/thread-entry.cts). Importing check-file loads the rule
// catalogue and its precompiled validators once per worker (module scope). Its entry points are the
// task map's (tasks.ts): `check` for every document source, `checkSlices` for the element slices of a
// fanned-out document. It never imports the pool, the CLI or the reporters.

import { closeOpenPipes } from '../parsing/read.js';
import { checkSource } from './sources.js';
import type {
  CheckHugeDocument,
  CheckResult,
  CheckTask,
  SliceResult,
  SliceTask,
  WorkerEntries,
} from './tasks.js';

/** A task of the batch protocol: whole files, a byte range, a stream over a port, or lines read for it. */
export async function check(task: CheckTask): Promise<CheckResult> {
  return checkSource(task);
}

export default check;

/**
 * Fan-out of one huge document: the pool runs this export by name on element-slice batches. The
 * slice checker and the splitter behind it are imported on the first slice task: most runs have no
 * huge document, and each module a worker loads is start-up time of every run.
 */
export async function checkSlices(task: SliceTask): Promise<SliceResult> {
  const slices = await import('./slices.js');
  return slices.checkSlices(task);
}

/**
 * Fan-out's document side, run on the main thread (src/pool/fanout.ts loads this module by URL, as the
 * in-process runner does): the splitter and the streamed document, with the pool's batches.
 */
export const checkHugeDocument: CheckHugeDocument = async (job, options, open) => {
  const fanOut = await import('./fan-out.js');
  return fanOut.checkHugeDocument(job, options, open);
};

/**
 * The run is over: end the reads still waiting (a named pipe whose writer never came). Called by the
 * in-process runner's close(); worker threads are terminated instead.
 */
export function release(): void {
  closeOpenPipes();
}

/** Compile-time only: each entry point above takes and returns what the task map says. */
export type Entries = Conforms<WorkerEntries, { check: typeof check; checkSlices: typeof checkSlices }>;
type Conforms<Spec, T extends Spec> = T;
