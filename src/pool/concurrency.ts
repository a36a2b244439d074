// How many worker threads a run gets. Pure, so the policy is tested without spawning anything.

/** Files and bytes per task: with one task per file, dispatch would cost a large share of throughput. */
export const BATCH_FILES = 64;
export const BATCH_BYTES = 1024 * 1024;

/**
 * Below these a run stays in-process: starting a worker and loading the validators costs ~40 ms, in which
 * one core already reads and parses ~250 registry-sized files (~25 KB at ~80 MB/s), so threads only pay
 * off beyond that.
 */
export const IN_PROCESS_MAX_FILES = 256;
export const IN_PROCESS_MAX_BYTES = 8 * 1024 * 1024;

export type ConcurrencyRequest = 'auto' | number;

export interface WorkPlan {
  files: number;
  /** Total size; undefined when sizes are not known yet (large runs stat lazily, see discovery/sizes.ts). */
  bytes?: number;
  /** Files above --stream-threshold that fan out over the pool, slice by slice (~1 MiB), and their bytes. */
  fannedOutFiles?: number;
  fannedOutBytes?: number;
  /**
   * Of the fanned-out files, the JSON Lines ones split into byte ranges (src/pool/line-ranges.ts) or,
   * gzip, read by one worker that sends its records over a port (src/pool/record-port.ts): their bytes,
   * and how many tasks they make (one per range, their size need not be a batch's; one per gzip file).
   */
  rangedBytes?: number;
  rangeTasks?: number;
}

/**
 * Roughly how many batch-sized tasks the plan splits into (at least 1). Whole files: never more tasks
 * than files. A fanned-out file is split into ~1 MiB slice tasks, so it counts by its bytes.
 */
export function taskCount(plan: WorkPlan): number {
  const fanned = plan.fannedOutBytes ?? 0;
  const wholeFiles = plan.files - (plan.fannedOutFiles ?? 0);
  const wholeBytes = (plan.bytes ?? 0) - fanned;
  const byLimits = Math.max(Math.ceil(wholeFiles / BATCH_FILES), Math.ceil(wholeBytes / BATCH_BYTES));
  const sliced = Math.ceil((fanned - (plan.rangedBytes ?? 0)) / BATCH_BYTES);
  return Math.max(1, Math.min(wholeFiles, byLimits) + sliced + (plan.rangeTasks ?? 0));
}

/**
 * 0 means in-process (the worker function runs on the main thread). `auto` uses one thread per core
 * (the job is parse-bound and the main thread only serialises records), never more threads than tasks,
 * and stays in-process for tiny runs or when it would start a single thread (a lone thread only adds
 * start-up and cloning cost). An explicit N is honoured, capped at the number of tasks.
 */
export function resolveConcurrency(request: ConcurrencyRequest, plan: WorkPlan, cores: number): number {
  const tasks = taskCount(plan);
  if (request !== 'auto') return request === 0 ? 0 : Math.min(request, tasks);
  if (plan.files <= IN_PROCESS_MAX_FILES && plan.bytes !== undefined && plan.bytes <= IN_PROCESS_MAX_BYTES)
    return 0;
  const threads = Math.min(Math.max(1, cores), tasks);
  return threads <= 1 ? 0 : threads;
}

/**
 * Heap limit per worker: a worker parses one file of up to --stream-threshold (64 MiB by default) whole,
 * which takes ~6–10× its size in V8 heap, so ~640 MiB; give each thread a fair share of RAM within
 * [512 MiB, 4 GiB] so one runaway document kills its worker, not the machine.
 */
export function workerHeapMb(threads: number, totalMemBytes: number): number {
  const share = Math.floor(totalMemBytes / (1024 * 1024) / (threads + 1));
  return Math.max(512, Math.min(4096, share));
}
