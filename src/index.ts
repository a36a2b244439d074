// The library: validate() runs the CLI's core over files (src/core: planning → pool → ordered outcomes),
// without reporters, argv or exit codes, and streams its results; checkDocument() checks one document
// held in memory in this thread; rules() lists the catalogue.
import { availableParallelism } from 'node:os';
import { checkRuleOptions, type RuleOptions } from './api/options.js';
import { checkPlanned, openRunner } from './core/check.js';
import { planInputs, workPlanOf } from './core/plan.js';
import { discover } from './discovery/discover.js';
import { loadIgnore } from './discovery/ignore-file.js';
import type { PlannedInput } from './pool/batches.js';
import { type ConcurrencyRequest, resolveConcurrency } from './pool/concurrency.js';
import { DEFAULT_LINE_RANGES } from './pool/line-ranges.js';
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
  const lineRanges = DEFAULT_LINE_RANGES;
  const { inputs, exact } = await planInputs(files, { streamThreshold, lineRanges });
  const plan = workPlanOf(files.length, exact ? (inputs as PlannedInput[]) : null, lineRanges);
  const checkOptions: CheckOptions = {
    target,
    ruleLevels,
    maxDiagnosticsPerFile,
    streamThreshold,
    maxFileSize: options.maxFileSize ?? Number.POSITIVE_INFINITY,
  };
  const threads = resolveConcurrency(options.concurrency ?? 'auto', plan, availableParallelism());
  const runner = await openRunner({ threads, workerMemoryMb: options.workerMemoryMb ?? null });
  try {
    const outcomes = checkPlanned(inputs, {
      runner,
      threads,
      checkOptions,
      lineRanges,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    for await (const outcome of outcomes) yield* outcome.documents;
  } finally {
    await runner.close();
  }
}
