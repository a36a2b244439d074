// Fan-out for files above --stream-threshold: the splitter work's src/pool/fanout.ts spreads one huge
// JSON document's element slices over the pool's workers (worker export `checkSlices`). It is loaded
// by URL so the pool builds and runs (huge files then go to one worker, which streams them itself)
// in a tree where that module is absent; any other load failure is a real error and propagates.
import type { CheckOptions, FileJob, FileOutcome } from '../types.js';
import type { PlannedInput } from './batches.js';
import type { TaskRunner } from './runner.js';

type RunSliceTask = (task: never, transferList: ArrayBuffer[]) => Promise<unknown>;

interface FanOutModule {
  checkHugeFile(job: FileJob, options: CheckOptions, runTask: RunSliceTask): Promise<FileOutcome>;
}

const FANOUT_URL = new URL('./fanout.js', import.meta.url);
let loaded: Promise<FanOutModule | null> | null = null;

export function loadFanOut(url: URL = FANOUT_URL): Promise<FanOutModule | null> {
  loaded ??= (import(url.href) as Promise<FanOutModule>).catch((error: NodeJS.ErrnoException) => {
    if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes(url.pathname)) return null;
    throw error;
  });
  return loaded;
}

/** Only JSON can be split into element slices; YAML, JSON Lines and gzip go whole to a worker. */
export function fansOut(file: string, size: number, streamThreshold: number): boolean {
  return size > streamThreshold && /\.json$/i.test(file);
}

/** The pipeline's `huge` handler: fan out over `runner`, or null to send the file to one worker. */
export function fanOutHandler(runner: TaskRunner, options: CheckOptions) {
  return async (input: PlannedInput): Promise<FileOutcome | null> => {
    const fanout = await loadFanOut();
    if (fanout === null) return null;
    const runTask = ((task: unknown, transferList: ArrayBuffer[]) =>
      runner.runNamed('checkSlices', task, transferList)) as RunSliceTask;
    return fanout.checkHugeFile(input.job, options, runTask);
  };
}
