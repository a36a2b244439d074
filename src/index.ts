// The library: validate() runs the CLI's pipeline over files (discovery → pool → ordered outcomes),
// without reporters, argv or exit codes, and streams its results; checkDocument() checks one document
// held in memory in this thread; rules() lists the catalogue.
import { availableParallelism, totalmem } from 'node:os';
import { checkRuleOptions, type RuleOptions } from './api/options.js';
import { type DiscoveredFile, discover, jobOf } from './discovery/discover.js';
import { loadIgnore } from './discovery/ignore-file.js';
import { fillSizes, withSizes } from './discovery/sizes.js';
import type { PlannedInput } from './pool/batches.js';
import {
  type ConcurrencyRequest,
  resolveConcurrency,
  type WorkPlan,
  workerHeapMb,
} from './pool/concurrency.js';
import { fanOutHandler, fansOut, jsonLinesPlan } from './pool/fanout-loader.js';
import { DEFAULT_LINE_RANGES } from './pool/line-ranges.js';
import { runPipeline } from './pool/pipeline.js';
import { createInProcessRunner, createThreadRunner } from './pool/runner.js';
import type { CheckOptions, DocumentResult } from './types.js';

export { type RuleInfo, rules } from './api/catalogue.js';
export { type CheckDocumentOptions, checkDocument } from './api/check-document.js';
export type { RuleOptions } from './api/options.js';

export type {
  CheckOptions,
  Diagnostic,
  DocumentResult,
  FileStatus,
  InputFormat,
  Level,
  LocatedDiagnostic,
  PathSegment,
  PhaseTimings,
  Reporter,
  RunRecord,
  Severity,
  SpecVersion,
  SummaryRecord,
  Target,
} from './types.js';
export { SPEC_VERSIONS, TARGETS } from './types.js';

/** How validate() finds, plans and checks files. */
export interface ValidateOptions extends RuleOptions {
  /** Base for relative patterns and reported names (default: process.cwd()). */
  cwd?: string;
  /** 'auto' (default), 0 for in-process, or a number of worker threads. */
  concurrency?: ConcurrencyRequest;
  streamThreshold?: number;
  maxFileSize?: number;
  /** Literal paths, as `--files-from` would give them. */
  filesFrom?: readonly string[];
  /** gitignore-style file; default: `.mcpdescignore` in `cwd` when present. */
  ignorePath?: string | null;
  /** Stop early: the generator returns after the current outcome. */
  signal?: AbortSignal;
  /** Heap limit per worker thread in MB. */
  workerMemoryMb?: number;
}

/**
 * Validate files, directories and globs (with `!` negation). Yields one result per document, in sorted
 * input order (several per JSON Lines file). Unreadable inputs and failed workers come back as
 * `status: 'error'` results, never as exceptions. `-` (stdin) is a CLI feature and is refused here.
 */
export async function* validate(
  patterns: readonly string[],
  options: ValidateOptions = {},
): AsyncGenerator<DocumentResult> {
  if (patterns.includes('-')) throw new TypeError('validate(): "-" (stdin) is only supported by the CLI');
  // An empty pattern resolves to `cwd`: an unset variable would validate everything under it.
  if (patterns.includes('')) throw new TypeError('validate(): an empty pattern names no file');
  const { target, ruleLevels, maxDiagnosticsPerFile } = checkRuleOptions('validate()', options);
  const cwd = options.cwd ?? process.cwd();
  const ignore = await loadIgnore(cwd, options.ignorePath ?? null);
  const { files } = await discover(patterns, { cwd, filesFrom: options.filesFrom ?? [], ignore });
  const streamThreshold = options.streamThreshold ?? 64 * 1024 * 1024;
  const toPlanned = (f: DiscoveredFile, index: number): PlannedInput => ({
    job: jobOf(f, index),
    ...(f.error ? { error: f.error } : {}),
    ...(!f.error && fansOut(f.file, f.size, streamThreshold, DEFAULT_LINE_RANGES) ? { huge: true } : {}),
  });
  // As in the CLI: small runs are planned exactly, larger ones stat sizes lazily alongside the work.
  const exact = files.length <= 1024;
  if (exact) await fillSizes(files);
  const plan: WorkPlan = { files: files.length };
  let inputs: Iterable<PlannedInput> | AsyncIterable<PlannedInput>;
  if (exact) {
    const planned = files.map(toPlanned);
    plan.bytes = planned.reduce((n, i) => n + i.job.size, 0);
    plan.fannedOutFiles = planned.filter((i) => i.huge).length;
    plan.fannedOutBytes = planned.reduce((n, i) => n + (i.huge ? i.job.size : 0), 0);
    Object.assign(plan, jsonLinesPlan(planned, DEFAULT_LINE_RANGES));
    inputs = planned;
  } else {
    inputs = (async function* () {
      let index = 0;
      for await (const f of withSizes(files)) yield toPlanned(f, index++);
    })();
  }
  const checkOptions: CheckOptions = {
    target,
    ruleLevels,
    maxDiagnosticsPerFile,
    streamThreshold,
    maxFileSize: options.maxFileSize ?? Number.POSITIVE_INFINITY,
  };
  const threads = resolveConcurrency(options.concurrency ?? 'auto', plan, availableParallelism());
  const runner =
    threads === 0
      ? createInProcessRunner()
      : await createThreadRunner({
          threads,
          maxOldGenerationSizeMb: options.workerMemoryMb ?? workerHeapMb(threads, totalmem()),
        });
  try {
    const outcomes = runPipeline(inputs, {
      runner,
      checkOptions,
      maxInFlight: Math.max(2, threads * 4),
      huge: fanOutHandler(runner, checkOptions, DEFAULT_LINE_RANGES, options.signal),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    for await (const outcome of outcomes) yield* outcome.documents;
  } finally {
    await runner.close();
  }
}
