// One validation run: discovery → pool → reporters → summary → exit code. Everything the run touches
// in the outside world (streams, env, cwd, signals) comes in through CliIo so tests can drive it.
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { findHits, type Hit, withHits } from '../core/cache-replay.js';
import { checkPlanned, openRunner } from '../core/check.js';
import { lineRangeTuning, planInputs, withCache, workPlanOf } from '../core/plan.js';
import { withTimings } from '../core/stages.js';
import type { DiscoveredFile } from '../discovery/discover.js';
import { formatFromName } from '../parsing/format.js';
import type { PlannedInput } from '../pool/batches.js';
import { IN_PROCESS_MAX_BYTES, resolveConcurrency } from '../pool/concurrency.js';
import type { LineRangeTuning } from '../pool/line-ranges.js';
import type { TaskRunner } from '../pool/runner.js';
import { createSummaryAggregator } from '../reporting/summary.js';
import { inShard, type Shard } from '../reports/shard.js';
import { applyBaseline, collectFindings } from '../state/baseline.js';
import { openCache, type ResultCache } from '../state/cache.js';
import type {
  CheckOptions,
  DocumentResult,
  FileJob,
  FileOutcome,
  InputFormat,
  Level,
  RunRecord,
  Target,
} from '../types.js';
import { Bail } from './bail.js';
import { EXIT_FAILURE } from './exit-code.js';
import { type Interrupt, listenForInterrupt } from './interrupt.js';
import type { FailOn, FormatSpec } from './options.js';
import { openOutputs } from './outputs.js';
import { type BaselineTally, createBaselineTally, INTERRUPTED_NOTE } from './page-changes.js';
import { ProgressLine, shouldShowProgress } from './progress.js';
import { finishRun, type RunTally } from './run-end.js';
import { listInputs, openBaselines, Refusal, type RunContext } from './run-inputs.js';
import { runRecordOf } from './run-record.js';
import { UnreadableInputs } from './unreadable.js';

export interface CliSettings {
  argv: string[];
  patterns: string[];
  filesFrom: string | null;
  nul: boolean;
  ignorePath: string | null;
  /** false: `--no-ignore`, no ignore file is read. */
  ignore?: boolean;
  stdinFormat: InputFormat;
  formats: FormatSpec[];
  concurrency: 'auto' | number;
  failOn: FailOn;
  ruleLevels: Record<string, Level>;
  maxDiagnosticsPerFile: number;
  target: Target | null;
  streamThreshold: number;
  maxFileSize: number;
  /** --max-element-size (streamed files); the splitter's default when absent. */
  maxElementBytes?: number;
  workerMemoryMb: number | null;
  quiet: boolean;
  progress: boolean;
  /** Text format: show the offending lines under each finding. */
  codeFrame: boolean;
  /** `--color` (true) / `--no-color` (false); absent or null: FORCE_COLOR, NO_COLOR, then a TTY decide. */
  color?: boolean | null;
  /** `--shard K/N`: check only this shard of the sorted input. */
  shard: Shard | null;
  /** `--cache`: the store directory (null: no cache). */
  cacheLocation: string | null;
  /** `--baseline FILE`. */
  baseline: string | null;
  /** `--write-baseline FILE`. */
  writeBaseline: string | null;
  strictBaseline: boolean;
  /** `--show-suppressed`: the stylish and text reports list the findings the baseline covers too. */
  showSuppressed?: boolean;
  /** `--max-warnings N`: exit 1 above N warnings that no baseline covers (null or absent: no limit). */
  maxWarnings?: number | null;
  /** `--exit-zero`: exit 0 where the run would exit 1. */
  exitZero?: boolean;
  /** `--bail N`: start no more inputs once N had findings at or above `failOn` (null or absent: off). */
  bail?: number | null;
  /** `--stdin-filename`: the reported name of `-` (null or absent: `<stdin>`). */
  stdinFilename?: string | null;
  /** `--allow-empty`: no input matching is exit 0, not 2. */
  allowEmpty?: boolean;
  /** The config file the settings came from (as shown to the user), named in the run record. */
  configFile?: string | null;
  /** `--stats`: phase timings on every checked document, per-rule time in the summary. */
  stats?: boolean;
}

/**
 * Colour on stdout. An explicit --color / --no-color wins; then FORCE_COLOR (any value but 0 or false
 * forces it on, as Node and chalk read it, also over NO_COLOR); then NO_COLOR (no-color.org: present and
 * not empty); else only on a terminal.
 */
export function useColor(explicit: boolean | null, stdoutIsTTY: boolean, env: NodeJS.ProcessEnv): boolean {
  if (explicit !== null) return explicit;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  if (env.NO_COLOR) return false;
  return stdoutIsTTY;
}

export interface CliIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  version: string;
  /** Test hook: a worker module to load instead of the real one (see docs/cli.md). */
  workerUrl?: URL;
  /** Receives SIGINT/SIGTERM; defaults to `process`. */
  signals?: NodeJS.EventEmitter;
  /** The command's interrupt handling, when it began before the run (the config file is read under it). */
  interrupt?: Interrupt;
}

/**
 * The directory SARIF and GitHub paths are made relative to: the checkout in GitHub Actions, else the
 * working directory (run from the repository root in CI, as code scanning expects).
 */
function reportRoot(io: CliIo): string {
  return io.env.GITHUB_WORKSPACE || io.cwd;
}

function note(io: CliIo, message: string): void {
  io.stderr.write(`mcpdesc-validate: ${message}\n`);
}

/** A combination of inputs that names nothing to check, or two things on one standard input. */
function usageProblem(settings: CliSettings): string | null {
  if (settings.patterns.includes('-') && settings.filesFrom === '-')
    return '`-` (a document on stdin) and `--files-from -` (a file list on stdin) cannot be combined.';
  if (settings.patterns.filter((p) => !p.startsWith('!')).length === 0 && settings.filesFrom === null)
    return 'no inputs given: name files, directories, quoted globs, - for stdin, or use --files-from (see --help).';
  return null;
}

export async function runValidate(settings: CliSettings, io: CliIo): Promise<number> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const usage = usageProblem(settings);
  if (usage !== null) {
    note(io, usage);
    return EXIT_FAILURE;
  }
  // Signals are handled from the first read on (cli/interrupt.ts), so an interrupt always ends with a
  // summary, also one that comes while a named pipe given as --files-from, --ignore-path or --baseline
  // waits for its writer: the reads are then cut short and the run goes straight to its end.
  const interrupt = io.interrupt ?? listenForInterrupt(io.signals ?? process);
  const controller = new AbortController();
  if (interrupt.interrupted) controller.abort();
  else interrupt.signal.addEventListener('abort', () => controller.abort(), { once: true });
  const ctx: RunContext = {
    settings,
    io,
    interrupt,
    controller,
    get interrupted() {
      return interrupt.interrupted;
    },
    note: (message) => note(io, message),
  };
  try {
    return await validateRun(ctx, started, startedAt);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    note(io, error.message);
    return EXIT_FAILURE;
  } finally {
    // Signals get their default behaviour again, however the run ended.
    if (!io.interrupt) interrupt.stop();
  }
}

async function validateRun(ctx: RunContext, started: number, startedAt: string): Promise<number> {
  const { settings, io, controller } = ctx;
  const listed = await listInputs(ctx);
  const baselines = await openBaselines(ctx);
  const findings = settings.writeBaseline !== null ? collectFindings() : null;
  const { checkOptions, cache } = await checkOptionsOf(ctx);
  const stdin = await openStdin(ctx, listed.files);
  const work = await planWork(ctx, listed.files, { checkOptions, cache, stdin });
  // Workers write the records themselves when the only output is NDJSON on stdout and nothing below
  // reads a diagnostic (a baseline, --quiet, the cache, --stats, the progress line on a terminal do).
  const [only] = settings.formats;
  if (
    work.threads > 0 &&
    settings.formats.length === 1 &&
    only?.name === 'ndjson' &&
    only.path === null &&
    !io.stdoutIsTTY &&
    !settings.quiet &&
    !settings.stats &&
    baselines.baseline === null &&
    findings === null &&
    cache === null
  )
    checkOptions.ndjsonRecords = true;

  const bail = settings.bail ? new Bail(settings.bail, settings.failOn) : null;
  // The HTML report's "since the baseline" section: what the baseline covers, by rule.
  const { baseline } = baselines;
  const baselineTally =
    baseline && settings.baseline !== null ? createBaselineTally(baseline, settings.baseline) : null;
  const shard = settings.shard;
  // Outputs: stdout (at most one format) and files (cli/outputs.ts). The reader of stdout leaving
  // (EPIPE: `| head`) ends the run quietly; an output that fails is dropped and the run goes on for the
  // others, unless none is left.
  let outputsGone = false;
  const outputs = await openOutputs(settings.formats, {
    cwd: io.cwd,
    stdout: io.stdout,
    note: ctx.note,
    reporter: {
      root: reportRoot(io),
      codeFrame: settings.codeFrame,
      showSuppressed: settings.showSuppressed === true,
      changes: () =>
        baselineTally?.changes(
          (f) => (!shard || inShard(f, shard)) && !bail?.skippedNames.has(f),
          ctx.interrupted ? [INTERRUPTED_NOTE] : [],
        ),
    },
    stdoutColor: useColor(settings.color ?? null, io.stdoutIsTTY, io.env),
    stop: () => {
      outputsGone = true;
      controller.abort();
    },
  });
  if (outputs === null) {
    stdin.reader?.close();
    await baselines.baselineFile?.abort();
    return EXIT_FAILURE;
  }
  const tally: RunTally = {
    started,
    nothingMatched: listed.nothingMatched,
    baselines,
    findings,
    cache,
    bail,
    outputs,
    outputsGone: false,
    summary: createSummaryAggregator({ stats: settings.stats === true }),
    suppressed: { error: 0, warning: 0, info: 0 },
    replayed: 0,
  };
  const run = runRecordOf(settings, io, {
    startedAt,
    threads: work.threads,
    cache: cache !== null,
    all: listed.all,
    files: listed.files.length,
  });
  await checkAndReport(ctx, run, work, stdin, tally, baselineTally);
  tally.outputsGone = outputsGone;
  return finishRun(ctx, tally);
}

/** What a worker needs to check a document; with --cache, the store (its run key is in the options). */
async function checkOptionsOf(
  ctx: RunContext,
): Promise<{ checkOptions: CheckOptions; cache: ResultCache | null }> {
  const { settings, io } = ctx;
  const checkOptions: CheckOptions = {
    target: settings.target,
    ruleLevels: settings.ruleLevels,
    maxDiagnosticsPerFile: settings.maxDiagnosticsPerFile,
    streamThreshold: settings.streamThreshold,
    maxFileSize: settings.maxFileSize,
    ...(settings.maxElementBytes !== undefined ? { maxElementBytes: settings.maxElementBytes } : {}),
  };
  let cache: ResultCache | null = null;
  if (settings.cacheLocation !== null) {
    const shard = settings.shard;
    const opened = await openCache({
      location: resolve(io.cwd, settings.cacheLocation),
      toolVersion: io.version,
      // Everything that can change a record; the run key is taken before cacheRunKey is added.
      options: { ...checkOptions },
      target: settings.target,
      ...(shard ? { partition: `shard-${shard.index}-of-${shard.count}` } : {}),
    });
    for (const warning of opened.warnings) ctx.note(warning);
    cache = opened.cache;
    checkOptions.cacheRunKey = cache.runKey;
  }
  // After the cache's run key: timings change no result, so --stats runs share a store with the others.
  if (settings.stats) checkOptions.stats = true;
  return { checkOptions, cache };
}

interface StdinInput {
  format: InputFormat;
  lines: typeof import('./stdin-lines.js') | null;
  reader: import('./stdin-lines.js').StdinReader | null;
}

/**
 * JSON Lines on standard input is checked as it is read (cli/stdin-lines.ts); a first look at it (its
 * end, or its first few MB) plans the run: a small input stays in-process, a dump gets threads. Under
 * `auto`, --stdin-filename's extension says the format, as a file's name does; so a `.jsonl` name is
 * checked as it is read, as with --stdin-format jsonl.
 */
async function openStdin(ctx: RunContext, files: readonly DiscoveredFile[]): Promise<StdinInput> {
  const { settings, io } = ctx;
  const stdinName = settings.stdinFilename ?? null;
  const format: InputFormat =
    settings.stdinFormat === 'unknown' && stdinName !== null
      ? (formatFromName(stdinName).format ?? 'unknown')
      : settings.stdinFormat;
  const lines = format === 'jsonl' && files.some((f) => f.stdin) ? await import('./stdin-lines.js') : null;
  const reader = lines ? new lines.StdinReader(io.stdin) : null;
  if (lines && reader) await reader.peek(IN_PROCESS_MAX_BYTES, lines.PLAN_WAIT_MS);
  return { format, lines, reader };
}

interface Work {
  inputs: PlannedInput[] | AsyncIterable<PlannedInput>;
  exact: boolean;
  hits: Map<number, Hit> | null;
  misses: PlannedInput[] | AsyncIterable<PlannedInput>;
  lineRanges: LineRangeTuning;
  threads: number;
  checkOptions: CheckOptions;
  cache: ResultCache | null;
  files: number;
}

async function planWork(
  ctx: RunContext,
  files: DiscoveredFile[],
  s: { checkOptions: CheckOptions; cache: ResultCache | null; stdin: StdinInput },
): Promise<Work> {
  const { settings, io, controller } = ctx;
  const { checkOptions, cache, stdin } = s;
  // Small runs are planned exactly (core/plan.ts). With --cache every input is planned exactly too:
  // the hit check below reads every cached file anyway, next to which a stat per file is small.
  // Large JSON Lines files are split into byte ranges over the pool (gzip ones send their records over
  // a port). With --cache only those the cache never keeps (over --stream-threshold, whose records
  // would be too many to store): a cacheable file keeps the single-worker path, where its key (a hash
  // of the whole file) is taken as it is read.
  const lineRanges = withCache(lineRangeTuning(io.env), cache === null ? null : settings.streamThreshold);
  const { inputs, exact } = await planInputs(files, {
    streamThreshold: settings.streamThreshold,
    lineRanges,
    exact: cache !== null,
  });
  // --cache: files whose content is unchanged are replayed in this thread; only the others (the
  // misses) go to the pool, so a fully warm run never starts a worker or loads the validators.
  const hits = cache
    ? await findHits(inputs as PlannedInput[], cache, checkOptions, controller.signal)
    : null;
  const misses = hits ? (inputs as PlannedInput[]).filter((i) => !hits.has(i.job.index)) : inputs;
  const plan = workPlanOf(
    hits ? files.length - hits.size : files.length,
    exact ? (misses as PlannedInput[]) : null,
    lineRanges,
  );
  if (stdin.lines && stdin.reader) stdin.lines.planStdinLines(plan, stdin.reader);
  const planned = resolveConcurrency(settings.concurrency, plan, availableParallelism());
  // A named pipe may wait for its writer without end. In a worker thread, an interrupt ends that wait
  // (the thread is terminated); in-process, the pending read would keep the process alive after its
  // summary. So `auto` does not stay in-process for one (an explicit --concurrency 0 is obeyed).
  const threads =
    planned === 0 && settings.concurrency === 'auto' && files.some((f) => f.special === 'fifo') ? 1 : planned;
  return { inputs, exact, hits, misses, lineRanges, threads, checkOptions, cache, files: files.length };
}

/** Runs the work and hands every outcome, in input order, to the outputs; the runner closed after. */
async function checkAndReport(
  ctx: RunContext,
  run: RunRecord,
  work: Work,
  stdin: StdinInput,
  t: RunTally,
  baselineTally: BaselineTally | null,
): Promise<void> {
  const { settings, io, controller } = ctx;
  const progress = shouldShowProgress(settings.progress && !settings.quiet, io.stderrIsTTY, io.env)
    ? new ProgressLine(io.stderr)
    : null;
  const report = { t, progress, baselineTally, unreadable: new UnreadableInputs(ctx.note) };
  let runner: TaskRunner | null = null;
  try {
    await t.outputs.deliver((r) => r.onStart(run));
    // Every input a cache hit: no worker is started (nor the validators loaded).
    const needPool = !work.exact || (work.misses as PlannedInput[]).length > 0;
    if (needPool && work.files > 0 && !controller.signal.aborted) {
      runner = await openRunner({
        threads: work.threads,
        workerMemoryMb: settings.workerMemoryMb,
        ...(io.workerUrl ? { workerUrl: io.workerUrl } : {}),
      });
    }
    if (work.files > 0 && !controller.signal.aborted) {
      for await (const outcome of outcomesOf(ctx, work, stdin, runner, t.bail)) {
        await reportOutcome(ctx, work, outcome, report);
      }
    }
    report.unreadable.end();
  } finally {
    progress?.clear();
    if (!io.interrupt) ctx.interrupt.stop();
    // Standard input not read to its end: an interrupted run lets go of it (a pending read would keep
    // the process alive); a check that stopped early (a crashed worker) reads the rest, as the whole
    // input was read before, so the writer of the pipe is not cut off.
    if (stdin.reader && !stdin.reader.ended) {
      if (controller.signal.aborted) stdin.reader.close();
      else await stdin.reader.drain();
    }
    await runner?.close().catch(() => undefined);
    // An interrupted run may still be reading `-` (a terminal, or a pipe whose writer goes on): a
    // pending read keeps the process alive after its summary until stdin ends. Nothing more is needed
    // from it once the run is over, so stop reading.
    if (settings.patterns.includes('-'))
      (io.stdin as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
  }
}

/** The stream of outcomes: the pool's (standard input checked in this thread), cache hits replayed. */
function outcomesOf(
  ctx: RunContext,
  work: Work,
  stdin: StdinInput,
  runner: TaskRunner | null,
  bail: Bail | null,
): AsyncGenerator<FileOutcome> {
  const { settings, io, controller } = ctx;
  const { checkOptions } = work;
  const halt = bail
    ? { stopped: () => bail.stopped, skipped: (job: FileJob) => bail.skippedDocument(job) }
    : undefined;
  const local = async (input: PlannedInput) => {
    if (stdin.lines && stdin.reader && runner) {
      return stdin.lines.stdinLineOutcomes(stdin.reader, input.job, checkOptions, runner, controller.signal);
    }
    // Bounded like a file: held up to --stream-threshold, beyond it checked from a temporary file,
    // never read past --max-file-size.
    const { checkStdinDocument } = await import('./stdin-document.js');
    const outcome = await checkStdinDocument(
      io.stdin,
      input.job,
      stdin.format,
      checkOptions,
      controller.signal,
    );
    if (stdin.format === 'unknown' && outcome.documents[0]?.format === 'jsonl' && !settings.quiet) {
      ctx.note(
        'standard input read as JSON Lines (one document per line); --stdin-format jsonl checks it as it comes',
      );
    }
    return outcome;
  };
  const pooled = runner
    ? checkPlanned(work.misses, {
        runner,
        threads: work.threads,
        checkOptions,
        lineRanges: work.lineRanges,
        signal: controller.signal,
        local,
        ...(halt ? { halt } : {}),
      })
    : null;
  return work.cache && work.hits
    ? withHits(
        work.inputs as PlannedInput[],
        work.hits,
        pooled,
        work.cache,
        checkOptions,
        controller.signal,
        halt,
      )
    : pooled!;
}

interface Reporting {
  t: RunTally;
  progress: ProgressLine | null;
  baselineTally: BaselineTally | null;
  unreadable: UnreadableInputs;
}

/** One outcome through the stages (cache, baseline, --bail, --quiet) to the outputs. */
async function reportOutcome(ctx: RunContext, work: Work, outcome: FileOutcome, r: Reporting): Promise<void> {
  const { settings, io } = ctx;
  const { t, progress } = r;
  const baseline = t.baselines.baseline;
  if (t.cache && outcome.cacheKey !== undefined) {
    t.cache.record(
      (work.inputs as PlannedInput[])[outcome.index]!.job.file,
      outcome.cacheKey,
      outcome.documents,
    );
  }
  if (settings.stats) withTimings(outcome, t.summary);
  t.summary.addInput(outcome.documents, outcome.partial === true);
  if (outcome.documents[0]?.cached) t.replayed++;
  // On a terminal, stdout and the stderr progress line share the screen: erase the line before a
  // document that prints something (it is redrawn at the next update).
  if (progress && io.stdoutIsTTY && outcome.documents.some((d) => d.diagnostics.length > 0 || d.error)) {
    progress.clear();
  }
  for (const doc of outcome.documents) {
    if (doc.status === 'error') progress?.clear();
    r.unreadable.document(doc);
    t.findings?.add(doc.file, doc.diagnostics, doc.truncated);
    const failing = { error: doc.errors, warning: doc.warnings, info: doc.infos };
    if (baseline) {
      const match = applyBaseline(baseline, doc.file, doc.diagnostics);
      for (const severity of ['error', 'warning', 'info'] as const) {
        t.suppressed[severity] += match.bySeverity[severity];
        failing[severity] -= match.bySeverity[severity];
      }
    }
    t.bail?.document(doc, failing);
    const shown: DocumentResult = settings.quiet
      ? { ...doc, diagnostics: doc.diagnostics.filter((d) => d.severity === 'error') }
      : doc;
    r.baselineTally?.add(shown.diagnostics, shown.truncated);
    await t.outputs.deliver((out) => out.onDocument(shown));
  }
  if (outcome.partial !== true) t.bail?.endInput();
  progress?.update({
    done: t.summary.files.total,
    planned: work.files,
    bytes: t.summary.bytes,
    errors: t.summary.counts.error,
  });
}
