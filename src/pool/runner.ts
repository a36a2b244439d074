// Where a batch runs: in Piscina worker threads, or in-process (--concurrency 0, tiny runs). Both load
// the worker module by file URL; the pool never imports it statically, so the worker's parsers and
// validators stay out of the main thread's start-up path when threads are used.
import type { MessagePort, TransferListItem } from 'node:worker_threads';
import type { CheckResult, CheckTask, ResultOf, TaskName, TaskOf, WorkerEntries } from '../worker/tasks.js';

export interface TaskRunner {
  /** Threads in use (0: in-process). */
  readonly threads: number;
  /** A task of the batch protocol (the worker's `check`), transferring `transferList`. */
  run(task: CheckTask, transferList?: ReadonlyArray<ArrayBuffer | MessagePort>): Promise<CheckResult>;
  /** Run the worker's entry point `name` (the task map), transferring `transferList`. */
  runNamed<K extends TaskName>(
    name: K,
    task: TaskOf<K>,
    transferList?: ReadonlyArray<ArrayBuffer | MessagePort>,
  ): Promise<ResultOf<K>>;
  close(): Promise<void>;
}

/** Set by scripts/bundle.ts in the bundled CLI: the bundled worker entry, relative to this file. */
declare const MCPDESC_BUNDLED_WORKER: string | undefined;

/** The worker entry point: the bundled one when this code runs bundled, else next to this folder. */
export const DEFAULT_WORKER_URL = new URL(
  typeof MCPDESC_BUNDLED_WORKER === 'string' ? MCPDESC_BUNDLED_WORKER : '../worker/index.js',
  import.meta.url,
);

/** The worker module as loaded: its entry points, and `release` (in-process runs only). */
type WorkerModule = Partial<WorkerEntries> & {
  default?: WorkerEntries['check'];
  release?: () => void;
};

/**
 * The batch protocol runs as the worker module's default export (`check` too): a module that stands in
 * for the worker, as in tests, may provide only that.
 */
const BATCH: TaskName = 'check';

export function createInProcessRunner(workerUrl: URL = DEFAULT_WORKER_URL): TaskRunner {
  let loaded: Promise<WorkerModule> | null = null;
  const load = () => {
    loaded ??= import(workerUrl.href) as Promise<WorkerModule>;
    return loaded;
  };
  return {
    threads: 0,
    run(task) {
      return this.runNamed('check', task);
    },
    async runNamed<K extends TaskName>(name: K, task: TaskOf<K>): Promise<ResultOf<K>> {
      const mod = await load();
      const entry = (name === BATCH ? mod.default : mod[name]) as
        | ((task: TaskOf<K>) => Promise<ResultOf<K>>)
        | undefined;
      if (typeof entry !== 'function') throw new Error(`the worker module has no export named ${name}`);
      return entry(task);
    },
    async close() {
      // A read still waiting (a named pipe without a writer) would keep the process alive after its
      // summary: the worker module ends it (its `release`).
      if (loaded === null) return;
      const mod = await loaded.catch(() => null);
      const release = mod?.release;
      if (typeof release === 'function') release();
    },
  };
}

export interface ThreadOptions {
  threads: number;
  workerUrl?: URL;
  /** V8 old-generation limit per worker; exceeding it kills that worker only. */
  maxOldGenerationSizeMb: number;
  /** V8 young-generation limit per worker (default WORKER_YOUNG_GENERATION_MB). */
  maxYoungGenerationSizeMb?: number;
}

/**
 * A worker's young generation. V8's default lets it grow to 3 × 16 MiB, and a worker parsing slices
 * allocates fast enough to get there: 32 MiB of semi-spaces per thread that hold almost nothing live
 * (a batch's survivors are its result, ~50 KB). 12 MiB (4 MiB semi-spaces) took a fanned-out 1 GB
 * dump from ~323 to ~230 MiB peak RSS with two workers, and costs a scavenge per ~4 MB parsed instead
 * of per ~16 MB, each still ~1 ms because almost nothing survives.
 */
export const WORKER_YOUNG_GENERATION_MB = 12;

function runOptions(name: TaskName, transferList: ReadonlyArray<TransferListItem> | undefined) {
  if (name === BATCH) return transferList ? { transferList } : undefined;
  return transferList ? { name, transferList } : { name };
}

/** Each pool thread's first module (CommonJS, in dist beside this file and the bundle alike). */
const THREAD_ENTRY_URL = new URL('../pool/thread-entry.cjs', import.meta.url);

/** Piscina is imported on demand: in-process runs (one small file) skip its load. */
export async function createThreadRunner(options: ThreadOptions): Promise<TaskRunner> {
  const { Piscina } = await import('piscina');
  const pool = new Piscina({
    // The thread imports the worker module itself (thread-entry.cts says why).
    filename: THREAD_ENTRY_URL.href,
    workerData: { workerUrl: (options.workerUrl ?? DEFAULT_WORKER_URL).href },
    minThreads: options.threads,
    maxThreads: options.threads,
    // Threads live for the whole run; a batch is ~10–50 ms of work, so idling never lasts this long.
    idleTimeout: 60_000,
    concurrentTasksPerWorker: 1,
    // A named pipe is read through a net.Socket over the fd that fs.openSync returned
    // (parsing/read.ts, readPipe); libuv closes it without telling the worker's fd tracker, so the next
    // open that reuses the number printed "File descriptor N opened in unmanaged mode twice" on
    // stderr. The code that opens an fd closes it; only a worker that dies mid-read leaves one open,
    // until this short-lived process ends.
    trackUnmanagedFds: false,
    resourceLimits: {
      maxOldGenerationSizeMb: options.maxOldGenerationSizeMb,
      maxYoungGenerationSizeMb: options.maxYoungGenerationSizeMb ?? WORKER_YOUNG_GENERATION_MB,
    },
  });
  // Piscina emits 'error' for failures that no task owns: a worker that dies while idle or before it
  // took a task, or a reply that lands after destroy() (stdout closed mid-batch). With no listener,
  // Node turns the event into an uncaught exception: the run would die without its summary.
  let closing = false;
  let fatal: Error | null = null;
  pool.on('error', (error: Error) => {
    if (closing || fatal) return;
    // Piscina stops replacing workers that fail while starting (e.g. a heap limit too small to load
    // the validators); with none left, queued tasks would wait forever. Fail them (destroy() rejects
    // the queue) and every later task, so that each file becomes an error record with this reason and
    // the run still ends with its summary.
    if (pool.threads.length === 0) {
      fatal = error;
      void pool.destroy();
    }
  });
  const submit = <K extends TaskName>(
    name: K,
    task: TaskOf<K>,
    transferList?: ReadonlyArray<TransferListItem>,
  ): Promise<ResultOf<K>> =>
    fatal
      ? Promise.reject(fatal)
      : // Piscina returns what the named export resolved with: the task map's result for `name`.
        (pool.run(task, runOptions(name, transferList)) as Promise<ResultOf<K>>).catch((error: unknown) => {
          throw fatal ?? error;
        });
  return {
    threads: options.threads,
    run: (task, transferList) => submit('check', task, transferList),
    runNamed: submit,
    close: () => {
      closing = true;
      return pool.destroy();
    },
  };
}
