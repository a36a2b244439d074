// Checking planned inputs, for the library and the CLI alike: the runner (threads, or this thread)
// and the pipeline that turns the inputs into their outcomes, in input order.
import { totalmem } from 'node:os';
import type { PlannedInput } from '../pool/batches.js';
import { workerHeapMb } from '../pool/concurrency.js';
import { fanOutHandler } from '../pool/fanout-loader.js';
import type { LineRangeTuning } from '../pool/line-ranges.js';
import { type PipelineOptions, runPipeline } from '../pool/pipeline.js';
import { createInProcessRunner, createThreadRunner, type TaskRunner } from '../pool/runner.js';
import type { CheckOptions, FileOutcome } from '../types.js';

/** In-process there is no dispatch cost to amortise: small batches let an interrupt land quickly. */
const IN_PROCESS_BATCH = { files: 8, bytes: 256 * 1024 };

export interface RunnerSettings {
  threads: number;
  /** Heap limit per worker thread in MB (default: from the machine's memory). */
  workerMemoryMb?: number | null;
  /** A worker module to load instead of the real one. */
  workerUrl?: URL;
}

export function openRunner(s: RunnerSettings): Promise<TaskRunner> | TaskRunner {
  if (s.threads === 0) return createInProcessRunner(s.workerUrl);
  return createThreadRunner({
    threads: s.threads,
    maxOldGenerationSizeMb: s.workerMemoryMb ?? workerHeapMb(s.threads, totalmem()),
    ...(s.workerUrl ? { workerUrl: s.workerUrl } : {}),
  });
}

export interface CheckSettings {
  runner: TaskRunner;
  threads: number;
  checkOptions: CheckOptions;
  lineRanges: LineRangeTuning;
  signal?: AbortSignal;
  /** `--bail`: start no more work once it says so (pool/pipeline.ts `halt`). */
  halt?: PipelineOptions['halt'];
  local?: PipelineOptions['local'];
}

/**
 * How much work is under way at once. Four batches per thread keep every thread fed while one waits
 * in the reorder buffer. Under --bail the run stops at unit bounds, so each unit is one file and there
 * is one per thread: the run stops within a file per thread of the first failing one.
 */
export function windowOf(
  threads: number,
  bail: boolean,
): Pick<PipelineOptions, 'maxInFlight' | 'batchLimits'> {
  if (bail) return { maxInFlight: Math.max(1, threads), batchLimits: { ...IN_PROCESS_BATCH, files: 1 } };
  return {
    maxInFlight: Math.max(2, threads * 4),
    ...(threads === 0 ? { batchLimits: IN_PROCESS_BATCH } : {}),
  };
}

/** Every input's outcomes, in input order (several, `partial`, for a large JSON Lines input). */
export function checkPlanned(
  inputs: Iterable<PlannedInput> | AsyncIterable<PlannedInput>,
  s: CheckSettings,
): AsyncGenerator<FileOutcome> {
  return runPipeline(inputs, {
    runner: s.runner,
    checkOptions: s.checkOptions,
    ...windowOf(s.threads, s.halt !== undefined),
    huge: fanOutHandler(s.runner, s.checkOptions, s.lineRanges, s.signal),
    ...(s.halt ? { halt: s.halt } : {}),
    ...(s.local ? { local: s.local } : {}),
    ...(s.signal ? { signal: s.signal } : {}),
  });
}
