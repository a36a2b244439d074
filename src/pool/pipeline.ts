// Runs the planned inputs through a TaskRunner and yields one FileOutcome per input, in input order.
//
// In-flight work is a FIFO window of at most `maxInFlight` units: a unit leaves the window only when
// its outcomes have been yielded, so the window bounds both the tasks queued in the pool (discovery
// never runs ahead) and the reorder buffer (finished batches waiting for a slower one ahead of them).
//
// Fault isolation: a task that rejects (the worker threw, called process.exit, or hit its heap limit;
// Piscina replaces the dead thread) is retried file by file, so only the culprit becomes an error record.
import type { CheckOptions, DocumentResult, FileJob, FileOutcome } from '../types.js';
import { type PlannedInput, planUnits, type WorkUnit } from './batches.js';
import type { TaskRunner } from './runner.js';

export interface PipelineOptions {
  runner: TaskRunner;
  checkOptions: CheckOptions;
  maxInFlight: number;
  /**
   * Settles main-thread inputs that are not plain errors (stdin): its one outcome, or its outcomes in
   * order as they come (`partial` on all but the last: JSON Lines read from standard input).
   */
  local?: (input: PlannedInput) => Promise<FileOutcome | AsyncIterable<FileOutcome>>;
  /**
   * Checks an input flagged `huge` by fan-out over the pool: its one outcome, or its outcomes in
   * order as they come (`partial` on all but the last: a large JSON Lines file, range by range). Null
   * (fan-out unavailable or not suited) sends the file to a worker as a batch of one instead.
   */
  huge?: (input: PlannedInput) => Promise<FileOutcome | AsyncIterable<FileOutcome> | null>;
  /** Stop starting and yielding work (SIGINT, closed stdout). */
  signal?: AbortSignal;
  /**
   * Stop starting work but yield everything (`--bail`): asked before each unit starts. Once `stopped()`,
   * the inputs of units not yet started get `skipped(job)` instead (an input already known unreadable
   * keeps its error record: that costs no work), and units already started finish and are yielded as
   * usual, so every input still gets its records, in order.
   */
  halt?: { stopped(): boolean; skipped(job: FileJob): DocumentResult };
  batchLimits?: { files: number; bytes: number };
}

export function errorDocument(
  job: Pick<FileJob, 'index' | 'file' | 'size'>,
  code: string,
  message: string,
): DocumentResult {
  return {
    index: job.index,
    file: job.file,
    status: 'error',
    format: 'unknown',
    bytes: Math.max(0, job.size),
    mcpdesc: null,
    errors: 0,
    warnings: 0,
    infos: 0,
    tools: 0,
    durationMs: 0,
    truncated: false,
    byRule: {},
    diagnostics: [],
    error: { code, message },
  };
}

/** The code and message of a file's error record when the work on it failed. */
export function failureReason(error: unknown): { code: string; message: string } {
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : 'WORKER_FAILED';
  const message = typeof e?.message === 'string' ? e.message : String(error);
  return { code, message: `worker failed while checking this file: ${message}` };
}

function wellFormed(jobs: FileJob[], outcomes: unknown): outcomes is FileOutcome[] {
  return (
    Array.isArray(outcomes) &&
    outcomes.length === jobs.length &&
    outcomes.every(
      (o: FileOutcome | undefined, i) => o?.index === jobs[i]!.index && Array.isArray(o.documents),
    )
  );
}

async function runBatch(jobs: FileJob[], options: PipelineOptions): Promise<FileOutcome[]> {
  try {
    const outcomes = await options.runner.run({
      source: { kind: 'files', jobs },
      options: options.checkOptions,
    });
    if (wellFormed(jobs, outcomes)) return outcomes;
    throw Object.assign(new Error('the worker returned a malformed result'), { code: 'WORKER_PROTOCOL' });
  } catch (error) {
    if (jobs.length === 1 || options.signal?.aborted) {
      const reason = failureReason(error);
      return jobs.map((job) => ({
        index: job.index,
        documents: [errorDocument(job, reason.code, reason.message)],
      }));
    }
    // Isolate the culprit: one task per file. These run concurrently across the pool's threads.
    const singles = await Promise.all(jobs.map((job) => runBatch([job], options)));
    return singles.flat();
  }
}

/**
 * An input whose outcomes come in pieces, pulled only once the unit is at the head of the window. Not
 * before: a producer may hold a worker while it waits for its pieces to be taken (a gzip JSON Lines
 * file's records over a port), and started early it could hold every worker while the head waits for
 * one (a fanned-out dump's slices behind it in the queue: a deadlock with one thread).
 */
interface Stream {
  pieces: AsyncIterator<FileOutcome>;
  job: FileJob;
}

function isIterable(value: FileOutcome | AsyncIterable<FileOutcome>): value is AsyncIterable<FileOutcome> {
  return Symbol.asyncIterator in value;
}

async function runUnit(unit: WorkUnit, options: PipelineOptions): Promise<FileOutcome[] | Stream> {
  if (unit.kind === 'batch') return runBatch(unit.jobs, options);
  const { input } = unit;
  if (input.huge && !input.error) {
    try {
      const outcome = options.huge ? await options.huge(input) : null;
      if (outcome === null) return runBatch([input.job], options);
      if (isIterable(outcome)) return { pieces: outcome[Symbol.asyncIterator](), job: input.job };
      return [withRuleTimings({ index: input.job.index, documents: outcome.documents }, outcome)];
    } catch (error) {
      const reason = failureReason(error);
      return [{ index: input.job.index, documents: [errorDocument(input.job, reason.code, reason.message)] }];
    }
  }
  if (input.error) {
    return [
      {
        index: input.job.index,
        documents: [errorDocument(input.job, input.error.code, input.error.message)],
      },
    ];
  }
  if (!options.local) {
    return [
      { index: input.job.index, documents: [errorDocument(input.job, 'UNSUPPORTED', 'no local handler')] },
    ];
  }
  try {
    const outcome = await options.local(input);
    if (isIterable(outcome)) return { pieces: outcome[Symbol.asyncIterator](), job: input.job };
    return [
      withRuleTimings(
        {
          index: input.job.index,
          documents: outcome.documents.map((d) => ({ ...d, index: input.job.index })),
        },
        outcome,
      ),
    ];
  } catch (error) {
    const reason = failureReason(error);
    return [{ index: input.job.index, documents: [errorDocument(input.job, reason.code, reason.message)] }];
  }
}

/** `--stats`: an outcome rebuilt here keeps the rule time that came with the original. */
function withRuleTimings(outcome: FileOutcome, from: FileOutcome): FileOutcome {
  if (from.ruleTimings !== undefined) outcome.ruleTimings = from.ruleTimings;
  return outcome;
}

/** The outcomes of a unit that is not started (`halt`). */
function notStarted(unit: WorkUnit, skipped: (job: FileJob) => DocumentResult): FileOutcome[] {
  if (unit.kind === 'batch') return unit.jobs.map((job) => ({ index: job.index, documents: [skipped(job)] }));
  const { input } = unit;
  const document = input.error
    ? errorDocument(input.job, input.error.code, input.error.message)
    : skipped(input.job);
  return [{ index: input.job.index, documents: [document] }];
}

const ABORTED = Symbol('aborted');

/**
 * `work`, or ABORTED as soon as `signal` aborts. One listener per wait, removed when the work settles:
 * a race against one run-long abort promise left a reaction on it per wait, each holding the settled
 * value, so every result of the run stayed reachable until the end (1.2 GB for a 365 MB JSON Lines
 * dump whose records were otherwise written and dropped).
 */
function settle<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T | typeof ABORTED> {
  if (!signal) return work;
  if (signal.aborted) {
    // Nobody waits for the work any more: its failure (an aborted producer throws) must not go unhandled.
    work.catch(() => undefined);
    return Promise.resolve(ABORTED);
  }
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(ABORTED);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Yields outcomes in input order; stops early (without waiting for running work) when the signal aborts. */
export async function* runPipeline(
  inputs: Iterable<PlannedInput> | AsyncIterable<PlannedInput>,
  options: PipelineOptions,
): AsyncGenerator<FileOutcome> {
  const window: Array<Promise<FileOutcome[] | Stream>> = [];
  const limit = Math.max(1, options.maxInFlight);
  async function* drainHead(): AsyncGenerator<FileOutcome, boolean> {
    const settled = await settle(window.shift()!, options.signal);
    if (settled === ABORTED) return false;
    if (Array.isArray(settled)) {
      for (const outcome of settled) {
        if (options.signal?.aborted) return false;
        yield outcome;
      }
      return true;
    }
    return yield* drainStream(settled);
  }
  async function* drainStream(stream: Stream): AsyncGenerator<FileOutcome, boolean> {
    const { job } = stream;
    for (let first = true; ; first = false) {
      let step: IteratorResult<FileOutcome> | typeof ABORTED;
      try {
        step = await settle(stream.pieces.next(), options.signal);
      } catch (error) {
        if (options.signal?.aborted) return false;
        // Producers end their input themselves when work fails after a first piece; a failure before
        // any piece is the file's one error record, as for a failed batch.
        const reason = failureReason(error);
        yield { index: job.index, documents: [errorDocument(job, reason.code, reason.message)] };
        return true;
      }
      if (step === ABORTED) return false;
      if (step.done) {
        if (!first) return true;
        // Every input gets a record, even from a producer that yielded nothing.
        const message = 'the file was checked but no result came back';
        yield { index: job.index, documents: [errorDocument(job, 'WORKER_PROTOCOL', message)] };
        return true;
      }
      if (options.signal?.aborted) return false;
      yield step.value;
      if (step.value.partial !== true) return true;
    }
  }
  for await (const unit of planUnits(inputs, options.batchLimits)) {
    if (options.signal?.aborted) return;
    const { halt } = options;
    window.push(halt?.stopped() ? Promise.resolve(notStarted(unit, halt.skipped)) : runUnit(unit, options));
    while (window.length >= limit) {
      if (!(yield* drainHead())) return;
    }
  }
  while (window.length > 0) {
    if (!(yield* drainHead())) return;
  }
}
