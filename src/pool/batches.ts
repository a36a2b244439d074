// Turn the sorted input list into units of work: batches of consecutive files for the workers, and
// single inputs the main thread settles itself (stdin, inputs discovery already found unreadable).
// Batches are consecutive runs of the sorted list so the reorder buffer stays small.
import type { FileJob } from '../types.js';
import { BATCH_BYTES, BATCH_FILES } from './concurrency.js';

/** One input of the run, as the pool sees it. */
export interface PlannedInput {
  job: FileJob;
  /** Known before any work (e.g. ENOENT at discovery): the input becomes an error record directly. */
  error?: { code: string; message: string };
  /** Read from standard input in the main thread (never sent to a worker). */
  stdin?: boolean;
  /** Above --stream-threshold: checked by fan-out (slices over the pool) when a handler is given. */
  huge?: boolean;
}

export type WorkUnit = { kind: 'batch'; jobs: FileJob[] } | { kind: 'local'; input: PlannedInput };

export interface BatchLimits {
  files: number;
  bytes: number;
}

export const DEFAULT_BATCH_LIMITS: BatchLimits = { files: BATCH_FILES, bytes: BATCH_BYTES };

/**
 * Lazily group inputs (in order) into units; a file larger than the byte limit forms its own batch.
 * Inputs are pulled only as units are needed, so a lazy source (sizes stat'ed on demand) never runs
 * ahead of the pool.
 */
export async function* planUnits(
  inputs: Iterable<PlannedInput> | AsyncIterable<PlannedInput>,
  limits: BatchLimits = DEFAULT_BATCH_LIMITS,
): AsyncGenerator<WorkUnit> {
  let jobs: FileJob[] = [];
  let bytes = 0;
  for await (const input of inputs) {
    if (input.error || input.stdin || input.huge) {
      if (jobs.length > 0) yield { kind: 'batch', jobs };
      jobs = [];
      bytes = 0;
      yield { kind: 'local', input };
      continue;
    }
    // A named pipe may wait long for its writer (a device, be slow): alone, it does not hold back the
    // results of the files batched with it (and an interrupt reports them).
    if (input.job.special) {
      if (jobs.length > 0) yield { kind: 'batch', jobs };
      jobs = [];
      bytes = 0;
      yield { kind: 'batch', jobs: [input.job] };
      continue;
    }
    const size = Math.max(0, input.job.size);
    if (jobs.length > 0 && (jobs.length >= limits.files || bytes + size > limits.bytes)) {
      yield { kind: 'batch', jobs };
      jobs = [];
      bytes = 0;
    }
    jobs.push(input.job);
    bytes += size;
  }
  if (jobs.length > 0) yield { kind: 'batch', jobs };
}
