// Fan-out for files above --stream-threshold: src/pool/fanout.ts spreads one huge JSON document's
// element slices over the pool's workers (worker export `checkSlices`). Imported on the first huge file
// only, so runs of small files do not load the splitter and the element checker at start-up.
import type { CheckOptions, FileJob, FileOutcome } from '../types.js';
import type { PlannedInput } from './batches.js';
import type { FanOutTuning, RunSliceTask } from './fanout.js';
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

/** Only JSON can be split into element slices; YAML, JSON Lines and gzip go whole to a worker. */
export function fansOut(file: string, size: number, streamThreshold: number): boolean {
  return size > streamThreshold && /\.json$/i.test(file);
}

/** The pipeline's `huge` handler: fan the file out over `runner`. */
export function fanOutHandler(runner: TaskRunner, options: CheckOptions) {
  return async (input: PlannedInput): Promise<FileOutcome | null> => {
    const fanout = await loadFanOut();
    const runTask = ((task: unknown, transferList: ArrayBuffer[]) =>
      runner.runNamed('checkSlices', task, transferList)) as RunSliceTask;
    return fanout.checkHugeFile(input.job, options, runTask, fanOutTuning(runner.threads));
  };
}
