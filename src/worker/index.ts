// The module Piscina loads. Importing check-file loads the rule catalogue and its precompiled
// validators once per worker (module scope); each task then checks its batch of files in order.
// It never imports the pool, the CLI or the reporters.

import { closeOpenPipes } from '../parsing/read.js';
import { documentLines } from '../records.js';
import type { FileOutcome } from '../types.js';
import { checkFile } from './check-file.js';
import {
  checkJsonLineBatch as checkJsonLineBatchOf,
  checkJsonLinesOverPort as checkJsonLinesOverPortOf,
  checkLineRange as checkLineRangeOf,
} from './json-lines.js';
import { takeRuleTimings } from './stats.js';
import type {
  CheckHugeDocument,
  LineBatchResult,
  LineBatchTask,
  LineRangeResult,
  LineRangeTask,
  RecordPortTask,
  SliceResult,
  SliceTask,
  WorkerEntries,
  WorkerTask,
} from './tasks.js';

export type { WorkerTask } from './tasks.js';

/** A batch of whole files (the pool's task for every input that is not fanned out). */
export async function checkBatch(task: WorkerTask): Promise<FileOutcome[]> {
  const outcomes: FileOutcome[] = [];
  // Sequential on purpose: a worker is one core; parallelism comes from the pool.
  for (const job of task.jobs) outcomes.push(await checkFile(job, task.options));
  if (task.options.ndjsonRecords) {
    for (const outcome of outcomes) {
      for (const document of outcome.documents) {
        document.ndjson = documentLines(document);
        document.diagnostics = [];
      }
    }
  }
  // --stats: the batch's rule time rides on its last outcome (undefined, and nothing added, without).
  const ruleTimings = takeRuleTimings();
  const last = outcomes[outcomes.length - 1];
  if (ruleTimings && last) last.ruleTimings = ruleTimings;
  return outcomes;
}

export default checkBatch;

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

/** One byte range of a large plain JSON Lines file (src/pool/line-ranges.ts). */
export async function checkLineRange(task: LineRangeTask): Promise<LineRangeResult> {
  return checkLineRangeOf(task);
}

/** A gzip JSON Lines file, its records sent back over the task's port (src/pool/record-port.ts). */
export async function checkJsonLinesOverPort(task: RecordPortTask): Promise<number> {
  return checkJsonLinesOverPortOf(task);
}

/** A batch of lines the main thread read from standard input (src/pool/line-batches.ts). */
export async function checkJsonLineBatch(task: LineBatchTask): Promise<LineBatchResult> {
  return checkJsonLineBatchOf(task);
}

/**
 * The run is over: end the reads still waiting (a named pipe whose writer never came). Called by the
 * in-process runner's close(); worker threads are terminated instead.
 */
export function release(): void {
  closeOpenPipes();
}

/** Compile-time only: each entry point above takes and returns what the task map says. */
export type Entries = Conforms<
  WorkerEntries,
  {
    checkBatch: typeof checkBatch;
    checkSlices: typeof checkSlices;
    checkLineRange: typeof checkLineRange;
    checkJsonLinesOverPort: typeof checkJsonLinesOverPort;
    checkJsonLineBatch: typeof checkJsonLineBatch;
  }
>;
type Conforms<Spec, T extends Spec> = T;
