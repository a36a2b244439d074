// Fan-out for files above --stream-threshold: src/pool/fanout.ts spreads one huge JSON document's
// element slices over the pool's workers (worker export `checkSlices`). Imported on the first huge file
// only, so runs of small files do not load the splitter and the element checker at start-up.
import type { CheckOptions, FileJob, FileOutcome } from '../types.js';
import type { PlannedInput } from './batches.js';
import type { FanOutTuning, RunSliceTask } from './fanout.js';
import { byteRanges, type LineRangeTuning, lineRangeOutcomes, splitsIntoRanges } from './line-ranges.js';
import { sourceRunner } from './pieces.js';
import { recordPortOutcomes, sendsRecordsOverPort } from './record-port.js';
import type { TaskRunner } from './runner.js';

interface FanOutModule {
  checkHugeFile(
    job: FileJob,
    options: CheckOptions,
    runTask: RunSliceTask,
    tuning?: FanOutTuning,
  ): Promise<FileOutcome>;
}

/** Two batches per thread keep every worker fed (in-process, 0 threads: the default of 4). */
export function fanOutTuning(threads: number): FanOutTuning {
  return threads === 0 ? {} : { maxInFlight: 2 * threads };
}

let loaded: Promise<FanOutModule> | null = null;

export function loadFanOut(): Promise<FanOutModule> {
  loaded ??= import('./fanout.js');
  return loaded;
}

/**
 * JSON above the stream threshold is split into element slices; plain JSON Lines above the line-range
 * threshold into byte ranges (when `lineRanges` is given; with --cache only above the stream threshold, see line-ranges.ts). YAML
 * and gzip go whole to a worker.
 */
export function fansOut(
  file: string,
  size: number,
  streamThreshold: number,
  lineRanges: LineRangeTuning | null = null,
): boolean {
  if (splitsIntoRanges(file, size, lineRanges)) return true;
  // A large gzip JSON Lines file: one worker sends its records over a port (record-port.ts).
  if (sendsRecordsOverPort(file, size, lineRanges)) return true;
  return size > streamThreshold && /\.json$/i.test(file);
}

/**
 * What the planned JSON Lines files that do not go whole to a worker add to a run's plan: their bytes,
 * and their tasks (one per byte range; one for a gzip file whose records come over a port).
 */
export function jsonLinesPlan(
  planned: readonly PlannedInput[],
  lineRanges: LineRangeTuning | null,
): { rangedBytes: number; rangeTasks: number } {
  let rangedBytes = 0;
  let rangeTasks = 0;
  if (lineRanges === null) return { rangedBytes, rangeTasks };
  for (const { job, huge } of planned) {
    if (!huge) continue;
    if (splitsIntoRanges(job.file, job.size, lineRanges)) {
      rangedBytes += job.size;
      rangeTasks += byteRanges(job.size, lineRanges.rangeBytes).length;
    } else if (sendsRecordsOverPort(job.file, job.size, lineRanges)) {
      rangedBytes += job.size;
      rangeTasks += 1;
    }
  }
  return { rangedBytes, rangeTasks };
}

/**
 * The pipeline's `huge` handler: fan the file out over `runner`. A JSON Lines file is checked range
 * by range over the threads, or (in-process: no thread to share with) whole, as a batch of one.
 */
export function fanOutHandler(
  runner: TaskRunner,
  options: CheckOptions,
  lineRanges: LineRangeTuning | null = null,
  signal?: AbortSignal,
) {
  return async (input: PlannedInput): Promise<FileOutcome | AsyncIterable<FileOutcome> | null> => {
    if (lineRanges !== null && splitsIntoRanges(input.job.file, input.job.size, lineRanges)) {
      // Four ranges per thread: a range slower than the rest (a long line) holds back only the
      // reporting of those after it, not the threads (a range's result is a few KB of records).
      // In-process (0 threads) one range at a time: no parallelism, but the records of a long file
      // are still written as they come instead of all held until its end.
      const inFlight = Math.max(1, 4 * runner.threads);
      return lineRangeOutcomes(input.job, sourceRunner(runner, options), lineRanges, inFlight, signal);
    }
    if (sendsRecordsOverPort(input.job.file, input.job.size, lineRanges)) {
      // In-process too (a lone gzip file is one task): the port works within one thread.
      return recordPortOutcomes(input.job, sourceRunner(runner, options), signal);
    }
    const fanout = await loadFanOut();
    const runTask: RunSliceTask = (task, transferList) => runner.runNamed('checkSlices', task, transferList);
    return fanout.checkHugeFile(input.job, options, runTask, fanOutTuning(runner.threads));
  };
}
