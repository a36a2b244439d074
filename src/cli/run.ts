// One validation run: discovery → pool → reporters → summary → exit code. Everything the run touches
// in the outside world (streams, env, cwd, signals) comes in through CliIo so tests can drive it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { type DiscoveredFile, discover, jobOf } from '../discovery/discover.js';
import { splitFileListBytes } from '../discovery/files-from.js';
import { DEFAULT_IGNORE_FILE, loadIgnore } from '../discovery/ignore-file.js';
import { fillSizes, withSizes } from '../discovery/sizes.js';
import { formatFromName } from '../parsing/format.js';
import type { PlannedInput } from '../pool/batches.js';
import {
  IN_PROCESS_MAX_BYTES,
  resolveConcurrency,
  type WorkPlan,
  workerHeapMb,
} from '../pool/concurrency.js';
import { fanOutHandler, fansOut, jsonLinesPlan } from '../pool/fanout-loader.js';
import { DEFAULT_LINE_RANGES, type LineRangeTuning } from '../pool/line-ranges.js';
import { type PipelineOptions, runPipeline } from '../pool/pipeline.js';
import { createInProcessRunner, createThreadRunner, type TaskRunner } from '../pool/runner.js';
import { closingLine } from '../reporting/closing-line.js';
import { isHumanFormat } from '../reporting/reporter-registry.js';
import { statsLines } from '../reporting/stats.js';
import { createSummaryAggregator } from '../reporting/summary.js';
import { type AtomicFile, openAtomicFile } from '../scale/atomic.js';
import {
  applyBaseline,
  type Baseline,
  collectFindings,
  describeStale,
  loadBaseline,
  staleEntries,
  writeBaseline,
} from '../scale/baseline.js';
import { openCache, type ResultCache } from '../scale/cache.js';
import { type CacheHint, keyOfBytes, replay } from '../scale/cache-key.js';
import { inShard, type Shard } from '../scale/shard.js';
import type {
  CheckOptions,
  DocumentResult,
  FileJob,
  FileOutcome,
  InputFormat,
  Level,
  RuleTimings,
  RunRecord,
  Target,
} from '../types.js';
import { BAIL_SKIP_CODE, SPEC_VERSIONS } from '../types.js';
import { Bail } from './bail.js';
import { EXIT_FAILURE, EXIT_FINDINGS, EXIT_INTERRUPTED, EXIT_OK, exitCodeFor } from './exit-code.js';
import { type Interrupt, listenForInterrupt } from './interrupt.js';
import type { FailOn, FormatSpec } from './options.js';
import { openOutputs, outputCollision } from './outputs.js';
import { createBaselineTally, INTERRUPTED_NOTE } from './page-changes.js';
import { ProgressLine, shouldShowProgress } from './progress.js';

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

/** All of `stream`; an abort stops the read (what came so far is returned). */
async function readAll(stream: NodeJS.ReadableStream, signal: AbortSignal): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stop = () => (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
  signal.addEventListener('abort', stop, { once: true });
  try {
    for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  } catch (error) {
    if (!signal.aborted) throw error;
  } finally {
    signal.removeEventListener('abort', stop);
  }
  return Buffer.concat(chunks);
}

function note(io: CliIo, message: string): void {
  io.stderr.write(`mcpdesc-validate: ${message}\n`);
}

const IN_PROCESS_BATCH = { files: 8, bytes: 256 * 1024 };
/** Up to this many inputs, sizes are stat'ed before planning (~10 µs each, ≤ ~10 ms in all). */
const EXACT_PLAN_FILES = 1024;

async function* lazyInputs(
  files: readonly DiscoveredFile[],
  toPlanned: (f: DiscoveredFile, index: number) => PlannedInput,
): AsyncGenerator<PlannedInput> {
  let index = 0;
  for await (const f of withSizes(files)) yield toPlanned(f, index++);
}

export async function runValidate(settings: CliSettings, io: CliIo): Promise<number> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const usesStdin = settings.patterns.includes('-');
  if (usesStdin && settings.filesFrom === '-') {
    note(io, '`-` (a document on stdin) and `--files-from -` (a file list on stdin) cannot be combined.');
    return EXIT_FAILURE;
  }
  if (settings.patterns.filter((p) => !p.startsWith('!')).length === 0 && settings.filesFrom === null) {
    note(
      io,
      'no inputs given: name files, directories, quoted globs, - for stdin, or use --files-from (see --help).',
    );
    return EXIT_FAILURE;
  }

  // Signals are handled from the first read on (cli/interrupt.ts), so an interrupt always ends with a
  // summary, also one that comes while a named pipe given as --files-from, --ignore-path or --baseline
  // waits for its writer: the reads below are then cut short and the run goes straight to its end.
  const interrupt = io.interrupt ?? listenForInterrupt(io.signals ?? process);
  const stopListening = () => {
    if (!io.interrupt) interrupt.stop();
  };
  const controller = new AbortController();
  let interrupted = false;
  const onInterrupt = () => {
    interrupted = true;
    controller.abort();
  };
  if (interrupt.interrupted) onInterrupt();
  else interrupt.signal.addEventListener('abort', onInterrupt, { once: true });

  let filesFrom: ReturnType<typeof splitFileListBytes> = { paths: [], raw: new Map() };
  let ignore: Awaited<ReturnType<typeof loadIgnore>> = null;
  // Each input is named on its own: Node's messages do not always carry the path (EISDIR does not).
  if (settings.filesFrom !== null && !interrupted) {
    const from = settings.filesFrom;
    try {
      const bytes =
        from === '-'
          ? await readAll(io.stdin, interrupt.signal)
          : await interrupt.reading([resolve(io.cwd, from)], () => readFile(resolve(io.cwd, from)));
      if (!interrupted) filesFrom = splitFileListBytes(bytes, settings.nul);
    } catch (error) {
      if (!interrupted) {
        stopListening();
        note(io, `cannot read --files-from ${from}: ${(error as Error).message}`);
        return EXIT_FAILURE;
      }
    }
  }
  if (!interrupted && settings.ignore !== false) {
    const ignoreFile = resolve(io.cwd, settings.ignorePath ?? DEFAULT_IGNORE_FILE);
    try {
      const read = await interrupt.reading([ignoreFile], () => loadIgnore(io.cwd, settings.ignorePath));
      if (!interrupted) ignore = read;
    } catch (error) {
      if (!interrupted) {
        stopListening();
        const which =
          settings.ignorePath !== null ? `--ignore-path ${settings.ignorePath}` : DEFAULT_IGNORE_FILE;
        note(io, `cannot read ${which}: ${(error as Error).message}`);
        return EXIT_FAILURE;
      }
    }
  }

  let discovered: Awaited<ReturnType<typeof discover>> = { files: [], unmatched: [] };
  try {
    if (!interrupted) {
      discovered = await discover(settings.patterns, {
        cwd: io.cwd,
        filesFrom: filesFrom.paths,
        rawNames: filesFrom.raw,
        ignore,
        ...(settings.stdinFilename ? { stdinName: settings.stdinFilename } : {}),
      });
    }
  } catch (error) {
    stopListening();
    note(io, `cannot list the inputs: ${(error as Error).message}`);
    return EXIT_FAILURE;
  }
  const stdinName = settings.stdinFilename ?? null;
  if (stdinName !== null) {
    // Records, baselines, merge and compare all key on the name: two documents under one name would
    // be matched against each other's entries.
    const clash = discovered.files.some((f) => f.stdin)
      ? discovered.files.find((f) => !f.stdin && f.file === stdinName)
      : null;
    const problem =
      clash === null
        ? '--stdin-filename needs - (standard input) among the inputs'
        : clash !== undefined
          ? `--stdin-filename ${stdinName} is also the name of an input of this run; name the document from - differently`
          : null;
    if (problem !== null && !interrupted) {
      stopListening();
      note(io, problem);
      return EXIT_FAILURE;
    }
  }
  // "Nothing matched" is about the patterns, so it is decided before the shard filter: a shard that
  // holds none of the matched files is a success, not a usage error.
  const nothingMatched = discovered.files.length === 0;
  const shard = settings.shard;
  const files = shard ? discovered.files.filter((f) => inShard(f.file, shard)) : discovered.files;
  const allowEmpty = settings.allowEmpty === true;
  if (interrupted) {
    // Nothing was listed: no input "matched nothing".
  } else if (nothingMatched && allowEmpty) {
    // As when something matched: each pattern that found nothing is named, then why the exit is 0.
    for (const label of discovered.unmatched) note(io, `no files matched ${JSON.stringify(label)}`);
    note(io, 'no input files matched; nothing to check (--allow-empty: exit 0)');
  } else if (nothingMatched) {
    const named = [
      ...settings.patterns,
      ...(settings.filesFrom !== null ? [`--files-from ${settings.filesFrom}`] : []),
    ];
    note(io, `no input files matched: ${named.map((p) => JSON.stringify(p)).join(', ')}`);
  } else {
    for (const label of discovered.unmatched) note(io, `no files matched ${JSON.stringify(label)}`);
    if (shard && files.length === 0) {
      note(
        io,
        `shard ${shard.index}/${shard.count} holds none of the ${discovered.files.length} matched files; nothing to check`,
      );
    }
  }

  // A baseline that cannot be read stops the run (exit 2): silently suppressing nothing would fail
  // every old finding, silently suppressing everything would hide new ones.
  let baseline: Baseline | null = null;
  if (settings.baseline !== null && !interrupted) {
    const path = resolve(io.cwd, settings.baseline);
    try {
      const read = await interrupt.reading([path], () => loadBaseline(path));
      if (!interrupted) baseline = read;
    } catch (error) {
      if (!interrupted) {
        stopListening();
        note(io, `cannot use --baseline ${settings.baseline}: ${(error as Error).message}`);
        return EXIT_FAILURE;
      }
    }
  }
  // Two outputs in one file would overwrite each other (or interleave on stdout): refused before any work.
  const baselineTarget =
    settings.writeBaseline === null
      ? []
      : [{ label: `--write-baseline ${settings.writeBaseline}`, path: settings.writeBaseline }];
  const collision = await outputCollision(settings.formats, baselineTarget, io.cwd, io.stdout);
  if (collision !== null) {
    stopListening();
    note(io, `${collision}; give each output a file of its own`);
    return EXIT_FAILURE;
  }
  // Opened now, through the writer every report file goes through (a device, a pipe or a link is
  // written, never replaced), so a target that cannot be written fails before the work.
  let baselineFile: AtomicFile | null = null;
  if (settings.writeBaseline !== null && !interrupted) {
    try {
      baselineFile = await openAtomicFile(resolve(io.cwd, settings.writeBaseline), { createDirectory: true });
    } catch (error) {
      stopListening();
      note(io, `cannot write the baseline ${settings.writeBaseline}: ${(error as Error).message}`);
      return EXIT_FAILURE;
    }
  }
  const findings = settings.writeBaseline !== null ? collectFindings() : null;
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
    const opened = await openCache({
      location: resolve(io.cwd, settings.cacheLocation),
      toolVersion: io.version,
      // Everything that can change a record; the run key is taken before cacheRunKey is added.
      options: { ...checkOptions },
      target: settings.target,
      ...(shard ? { partition: `shard-${shard.index}-of-${shard.count}` } : {}),
    });
    for (const warning of opened.warnings) note(io, warning);
    cache = opened.cache;
    checkOptions.cacheRunKey = cache.runKey;
  }
  // After the cache's run key: timings change no result, so --stats runs share a store with the others.
  if (settings.stats) checkOptions.stats = true;

  // JSON Lines on standard input is checked as it is read (cli/stdin-lines.ts); a first look at it
  // (its end, or its first few MB) plans the run: a small input stays in-process, a dump gets threads.
  // Under `auto`, --stdin-filename's extension says the format, as a file's name does; so a `.jsonl`
  // name is checked as it is read, as with --stdin-format jsonl.
  const stdinFormat: InputFormat =
    settings.stdinFormat === 'unknown' && stdinName !== null
      ? (formatFromName(stdinName).format ?? 'unknown')
      : settings.stdinFormat;
  const stdinLines =
    stdinFormat === 'jsonl' && files.some((f) => f.stdin) ? await import('./stdin-lines.js') : null;
  const stdinReader = stdinLines ? new stdinLines.StdinReader(io.stdin) : null;
  if (stdinLines && stdinReader) await stdinReader.peek(IN_PROCESS_MAX_BYTES, stdinLines.PLAN_WAIT_MS);

  // Small runs are planned exactly (every size known up front, so a tiny run can stay in-process);
  // larger ones get their sizes stat'ed lazily, overlapping with the work (discovery/sizes.ts).
  // With --cache every input is planned exactly too: the hit check below reads every cached file
  // anyway, next to which a stat per file is small.
  const exact = files.length <= EXACT_PLAN_FILES || cache !== null;
  // Large JSON Lines files are split into byte ranges over the pool (gzip ones send their records over
  // a port). With --cache only those the cache never keeps (over --stream-threshold, whose records
  // would be too many to store): a cacheable file keeps the single-worker path, where its key (a hash
  // of the whole file) is taken as it is read. Without this a 1 GB JSON Lines dump was read whole by
  // one worker in a --cache run, and all its records held until its end.
  const lineRanges = withCache(lineRangeTuning(io.env), cache === null ? null : settings.streamThreshold);
  if (exact) await fillSizes(files);
  const toPlanned = (f: DiscoveredFile, index: number): PlannedInput => {
    const input: PlannedInput = { job: jobOf(f, index) };
    if (f.error) input.error = f.error;
    if (f.stdin) input.stdin = true;
    if (!f.error && !f.stdin && fansOut(f.file, f.size, settings.streamThreshold, lineRanges))
      input.huge = true;
    return input;
  };
  const inputs = exact ? files.map(toPlanned) : lazyInputs(files, toPlanned);
  // --cache: files whose content is unchanged are replayed in this thread; only the others (the
  // misses) go to the pool, so a fully warm run never starts a worker or loads the validators.
  const hits = cache
    ? await findHits(inputs as PlannedInput[], cache, checkOptions, controller.signal)
    : null;
  const misses = hits ? (inputs as PlannedInput[]).filter((i) => !hits.has(i.job.index)) : inputs;
  const plan: WorkPlan = { files: hits ? files.length - hits.size : files.length };
  if (exact) {
    const planned = misses as PlannedInput[];
    plan.bytes = planned.reduce((n, i) => n + i.job.size, 0);
    plan.fannedOutFiles = planned.filter((i) => i.huge).length;
    plan.fannedOutBytes = planned.reduce((n, i) => n + (i.huge ? i.job.size : 0), 0);
    Object.assign(plan, jsonLinesPlan(planned, lineRanges));
  }
  if (stdinLines && stdinReader) stdinLines.planStdinLines(plan, stdinReader);
  const planned = resolveConcurrency(settings.concurrency, plan, availableParallelism());
  // A named pipe may wait for its writer without end. In a worker thread, an interrupt ends that wait
  // (the thread is terminated); in-process, the pending read would keep the process alive after its
  // summary. So `auto` does not stay in-process for one (an explicit --concurrency 0 is obeyed).
  const threads =
    planned === 0 && settings.concurrency === 'auto' && files.some((f) => f.special === 'fifo') ? 1 : planned;
  // Workers write the records themselves when the only output is NDJSON on stdout and nothing below
  // reads a diagnostic (a baseline, --quiet, the cache, --stats, the progress line on a terminal do).
  const [only] = settings.formats;
  if (
    threads > 0 &&
    settings.formats.length === 1 &&
    only?.name === 'ndjson' &&
    only.path === null &&
    !io.stdoutIsTTY &&
    !settings.quiet &&
    !settings.stats &&
    baseline === null &&
    findings === null &&
    cache === null
  )
    checkOptions.ndjsonRecords = true;

  // Outputs: stdout (at most one format) and files (cli/outputs.ts). The reader of stdout leaving
  // (EPIPE: `| head`) ends the run quietly; an output that fails is dropped and the run goes on for the
  // others, unless none is left.
  let outputsGone = false;
  // The HTML report's "since the baseline" section: what the baseline covers, by rule.
  const baselineTally =
    baseline && settings.baseline !== null ? createBaselineTally(baseline, settings.baseline) : null;
  const changes = () =>
    baselineTally?.changes(
      (f) => (!shard || inShard(f, shard)) && !bail?.skippedNames.has(f),
      interrupted ? [INTERRUPTED_NOTE] : [],
    );
  const outputs = await openOutputs(settings.formats, {
    cwd: io.cwd,
    stdout: io.stdout,
    note: (message) => note(io, message),
    reporter: {
      root: reportRoot(io),
      codeFrame: settings.codeFrame,
      showSuppressed: settings.showSuppressed === true,
      changes,
    },
    stdoutColor: useColor(settings.color ?? null, io.stdoutIsTTY, io.env),
    stop: () => {
      outputsGone = true;
      controller.abort();
    },
  });
  if (outputs === null) {
    stopListening();
    stdinReader?.close();
    await baselineFile?.abort();
    return EXIT_FAILURE;
  }
  const deliver = outputs.deliver;

  const bail = settings.bail ? new Bail(settings.bail, settings.failOn) : null;
  const halt = bail
    ? { stopped: () => bail.stopped, skipped: (job: FileJob) => bail.skippedDocument(job) }
    : undefined;

  const run: RunRecord = {
    type: 'run',
    schemaVersion: 1,
    tool: { name: 'mcpdesc-validate', version: io.version },
    startedAt,
    cwd: io.cwd,
    argv: settings.argv,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    options: {
      failOn: settings.failOn,
      ruleLevels: settings.ruleLevels,
      maxDiagnosticsPerFile: settings.maxDiagnosticsPerFile,
      streamThreshold: settings.streamThreshold,
      maxFileSize: Number.isFinite(settings.maxFileSize) ? settings.maxFileSize : null,
      maxElementSize: settings.maxElementBytes ?? null,
      quiet: settings.quiet,
      formats: settings.formats.map((f) => (f.path === null ? f.name : `${f.name}=${f.path}`)),
      ...(cache ? { cache: true } : {}),
      ...(settings.baseline !== null ? { baseline: settings.baseline } : {}),
      ...(settings.strictBaseline ? { strictBaseline: true } : {}),
      // Options that change records or the verdict: `merge` refuses shards that differ in them.
      ...(settings.maxWarnings != null ? { maxWarnings: settings.maxWarnings } : {}),
      ...(settings.exitZero ? { exitZero: true } : {}),
      ...(bail ? { bail: bail.limit } : {}),
      ...(stdinName !== null ? { stdinFilename: stdinName } : {}),
      ...(allowEmpty ? { allowEmpty: true } : {}),
      // Where the settings came from, for a CI log; `merge` ignores it (the settings themselves are above).
      ...(settings.configFile ? { config: settings.configFile } : {}),
      ...(settings.stats ? { stats: true } : {}),
    },
    specVersions: [...SPEC_VERSIONS],
    target: settings.target,
    concurrency: threads,
    shard,
    filesPlanned: files.length,
    inputs: inputListOf(discovered.files),
  };

  const summary = createSummaryAggregator({ stats: settings.stats === true });
  const suppressed = { error: 0, warning: 0, info: 0 };
  let replayed = 0;
  const progress = shouldShowProgress(settings.progress && !settings.quiet, io.stderrIsTTY, io.env)
    ? new ProgressLine(io.stderr)
    : null;
  let runner: TaskRunner | null = null;
  try {
    await deliver((r) => r.onStart(run));
    // Every input a cache hit: no worker is started (nor the validators loaded).
    const needPool = !exact || (misses as PlannedInput[]).length > 0;
    if (needPool && files.length > 0 && !controller.signal.aborted) {
      runner =
        threads === 0
          ? createInProcessRunner(io.workerUrl)
          : await createThreadRunner({
              threads,
              maxOldGenerationSizeMb: settings.workerMemoryMb ?? workerHeapMb(threads, totalmem()),
              ...(io.workerUrl ? { workerUrl: io.workerUrl } : {}),
            });
    }
    if (files.length > 0 && !controller.signal.aborted) {
      const pool = runner;
      const local = async (input: PlannedInput) => {
        if (stdinLines && stdinReader && pool) {
          return stdinLines.stdinLineOutcomes(stdinReader, input.job, checkOptions, pool, controller.signal);
        }
        // Bounded like a file: held up to --stream-threshold, beyond it checked from a temporary file,
        // never read past --max-file-size.
        const { checkStdinDocument } = await import('./stdin-document.js');
        const outcome = await checkStdinDocument(
          io.stdin,
          input.job,
          stdinFormat,
          checkOptions,
          controller.signal,
        );
        if (stdinFormat === 'unknown' && outcome.documents[0]?.format === 'jsonl' && !settings.quiet) {
          note(
            io,
            'standard input read as JSON Lines (one document per line); --stdin-format jsonl checks it as it comes',
          );
        }
        return outcome;
      };
      const pooled = runner
        ? runPipeline(misses, {
            runner,
            checkOptions,
            // Four batches per thread keep every thread fed while one batch waits in the reorder buffer.
            maxInFlight: Math.max(2, threads * 4),
            // In-process there is no dispatch cost to amortise; small batches let an interrupt land quickly.
            // --bail stops at batch bounds: in-process, files go one by one; threads take smaller batches
            // than usual, so fewer files are already under way when the run stops.
            ...(threads === 0
              ? { batchLimits: bail ? { ...IN_PROCESS_BATCH, files: 1 } : IN_PROCESS_BATCH }
              : bail
                ? { batchLimits: IN_PROCESS_BATCH }
                : {}),
            ...(halt ? { halt } : {}),
            local,
            huge: fanOutHandler(runner, checkOptions, lineRanges, controller.signal),
            signal: controller.signal,
          })
        : null;
      const outcomes =
        cache && hits
          ? withHits(inputs as PlannedInput[], hits, pooled, cache, checkOptions, controller.signal, halt)
          : pooled!;
      for await (const outcome of outcomes) {
        if (cache && outcome.cacheKey !== undefined) {
          cache.record(
            (inputs as PlannedInput[])[outcome.index]!.job.file,
            outcome.cacheKey,
            outcome.documents,
          );
        }
        if (settings.stats) withTimings(outcome, summary);
        summary.addInput(outcome.documents, outcome.partial === true);
        if (outcome.documents[0]?.cached) replayed++;
        // On a terminal, stdout and the stderr progress line share the screen: erase the line before a
        // document that prints something (it is redrawn at the next update).
        if (
          progress &&
          io.stdoutIsTTY &&
          outcome.documents.some((d) => d.diagnostics.length > 0 || d.error)
        ) {
          progress.clear();
        }
        for (const doc of outcome.documents) {
          findings?.add(doc.file, doc.diagnostics, doc.truncated);
          const failing = { error: doc.errors, warning: doc.warnings, info: doc.infos };
          if (baseline) {
            const match = applyBaseline(baseline, doc.file, doc.diagnostics);
            suppressed.error += match.bySeverity.error;
            suppressed.warning += match.bySeverity.warning;
            suppressed.info += match.bySeverity.info;
            failing.error -= match.bySeverity.error;
            failing.warning -= match.bySeverity.warning;
            failing.info -= match.bySeverity.info;
          }
          bail?.document(doc, failing);
          const shown: DocumentResult = settings.quiet
            ? { ...doc, diagnostics: doc.diagnostics.filter((d) => d.severity === 'error') }
            : doc;
          baselineTally?.add(shown.diagnostics, shown.truncated);
          await deliver((r) => r.onDocument(shown));
        }
        if (outcome.partial !== true) bail?.endInput();
        progress?.update({
          done: summary.files.total,
          planned: files.length,
          bytes: summary.bytes,
          errors: summary.counts.error,
        });
      }
    }
  } finally {
    progress?.clear();
    stopListening();
    // Standard input not read to its end: an interrupted run lets go of it (a pending read would keep
    // the process alive); a check that stopped early (a crashed worker) reads the rest, as the whole
    // input was read before, so the writer of the pipe is not cut off.
    if (stdinReader && !stdinReader.ended) {
      if (controller.signal.aborted) stdinReader.close();
      else await stdinReader.drain();
    }
    await runner?.close().catch(() => undefined);
    // An interrupted run may still be reading `-` (a terminal, or a pipe whose writer goes on): a
    // pending read keeps the process alive after its summary until stdin ends. Nothing more is needed
    // from it once the run is over, so stop reading.
    if (usesStdin) (io.stdin as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
  }

  // An interrupted run keeps the old entries of the files it did not reach.
  // So does a run --bail cut short: its skipped files were not looked at.
  const cutShort = bail !== null && bail.skipped > 0;
  if (cache) {
    for (const warning of await cache.save({ keepUnseen: interrupted || cutShort })) note(io, warning);
  }
  // --strict-baseline: baselined findings that are gone fail the run, so the baseline shrinks. A shard
  // judges only the entries of its own files; an interrupted run cannot tell.
  let stale = 0;
  // The run stopped before its end: the reader of stdout left, or every output failed.
  const stopped = interrupted || outputsGone;
  if (baseline && settings.strictBaseline && !stopped) {
    // Nor can it for the files --bail left unchecked.
    const skippedByBail = bail?.skippedNames;
    const entries = staleEntries(
      baseline,
      shard || skippedByBail?.size
        ? (f) => (!shard || inShard(f, shard)) && !skippedByBail?.has(f)
        : undefined,
    );
    stale = entries.length;
    for (const line of describeStale(entries)) note(io, line);
  }
  let baselineFailure: Error | null = null;
  if (findings && baselineFile && !stopped) {
    try {
      await writeBaseline(findings, baselineFile, { name: 'mcpdesc-validate', version: io.version });
    } catch (error) {
      baselineFailure = error as Error;
      note(io, `cannot write the baseline ${settings.writeBaseline}: ${baselineFailure.message}`);
    }
  }
  // A run that stopped early would write a baseline without the findings of the files it did not reach.
  if (baselineFailure !== null || stopped) await baselineFile?.abort();
  const failedOutputs = [
    ...outputs.failures,
    ...(baselineFailure
      ? [{ format: 'baseline', path: settings.writeBaseline, message: baselineFailure.message }]
      : []),
  ];
  const outputFailed = failedOutputs.length > 0;
  const warningsCounted = summary.counts.warning - suppressed.warning;
  let exitCode = exitCodeFor({
    aborted: interrupted,
    nothingMatched: nothingMatched && !allowEmpty,
    outputFailed,
    errorInputs: summary.files.error,
    // Findings the baseline covers are reported (marked suppressed) but do not fail the run.
    counts: {
      error: summary.counts.error - suppressed.error,
      warning: summary.counts.warning - suppressed.warning,
      info: summary.counts.info - suppressed.info,
    },
    failOn: settings.failOn,
    maxWarnings: settings.maxWarnings ?? null,
  });
  if (exitCode === EXIT_OK && stale > 0) exitCode = EXIT_FINDINGS;
  // --exit-zero: findings (and too many warnings, and a stale baseline) are reported, never failed on;
  // a tool failure (2) or an interrupt (130) still is.
  const masked = settings.exitZero === true && exitCode === EXIT_FINDINGS;
  if (masked) exitCode = EXIT_OK;
  const record = summary.finish({
    exitCode,
    aborted: stopped,
    failOn: settings.failOn,
    wallMs: performance.now() - started,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    shard,
  });
  // With --baseline the counts include accepted findings; this says how many, so the summary alone
  // explains its exit code.
  if (baseline) record.suppressed = { ...suppressed };
  // --strict-baseline fails on stale entries, which no record shows: the summary counts them.
  if (baseline && settings.strictBaseline) record.staleBaseline = stale;
  // Each says why the exit code is what it is when it was the reason.
  const maxWarnings = settings.maxWarnings ?? null;
  if (maxWarnings !== null) {
    record.maxWarnings = {
      limit: maxWarnings,
      warnings: warningsCounted,
      exceeded: warningsCounted > maxWarnings,
    };
  }
  if (bail) record.bail = { limit: bail.limit, stopped: bail.stopped, skipped: bail.skipped };
  if (settings.exitZero) record.exitZero = { masked };
  // What the outputs still written were told of those that failed (they are the reason for exit 2).
  if (outputFailed) record.failedOutputs = failedOutputs;
  await deliver((r) => r.onEnd(record));
  // A report that fails only now (its last writes, its rename) went out of the summary above; it still
  // fails the run, and the closing line below must state the code the process really returns.
  const committed = await outputs.commit();
  const finalCode = (!committed || outputFailed) && exitCode !== EXIT_INTERRUPTED ? EXIT_FAILURE : exitCode;
  // One closing line for the human watching stderr, unless a report for people on stdout already ends with it.
  const textOnStdout = settings.formats.some((f) => f.path === null && isHumanFormat(f.name));
  if (!outputs.stdoutClosed && !settings.quiet && !textOnStdout) {
    note(io, closingLine(record, { exitCode: finalCode, ...(cache ? { replayed } : {}) }));
    for (const line of statsLines(record)) note(io, line);
  } else if (!outputs.stdoutClosed && !textOnStdout && record.maxWarnings?.exceeded) {
    // --quiet drops the closing line, but not the one reason for exit 1 that no error-level finding in
    // the report shows (ESLint prints its "too many warnings" under --quiet too).
    note(
      io,
      `${count(record.maxWarnings.warnings, 'warning')} over --max-warnings ${record.maxWarnings.limit}; exit ${finalCode}`,
    );
  }
  outputs.detach();
  return finalCode;
}

/**
 * Test hook (docs/cli.md): MCPDESC_VALIDATE_TEST_JSONL_RANGE_BYTES=N splits plain JSON Lines files
 * larger than N bytes into ranges of N bytes, so tests cut small files at many places.
 */
function lineRangeTuning(env: NodeJS.ProcessEnv): LineRangeTuning {
  const raw = env.MCPDESC_VALIDATE_TEST_JSONL_RANGE_BYTES;
  const n = raw === undefined ? Number.NaN : Number(raw);
  return Number.isSafeInteger(n) && n > 0
    ? { thresholdBytes: n, rangeBytes: n, portThresholdBytes: n }
    : DEFAULT_LINE_RANGES;
}

/**
 * The range tuning of a run; in a --cache run (`streamThreshold` given) files up to the stream
 * threshold are not split: the cache may keep those (worker/check-file.ts `cacheable`), and it hashes
 * a file where one worker reads it whole. Larger ones are never cached, so nothing is lost by
 * splitting them; a file read whole is then at most the stream threshold.
 */
function withCache(tuning: LineRangeTuning, streamThreshold: number | null): LineRangeTuning {
  if (streamThreshold === null) return tuning;
  return {
    ...tuning,
    thresholdBytes: Math.max(tuning.thresholdBytes, streamThreshold),
    portThresholdBytes: Math.max(tuning.portThresholdBytes, streamThreshold),
  };
}

/** `1 file`, `2 files`. */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** A cache hit found before dispatch: the entry key of the bytes on disk and the hint it matched. */
interface Hit {
  key: string;
  hint: CacheHint;
}

/**
 * The inputs whose bytes still have the key recorded for their path. Reads are synchronous (as in
 * the worker, parsing/read.ts: ~8× cheaper than the promise API per small file) and hashing runs at
 * ~1.9 GB/s, so this costs about a tenth of what checking the same files would; the event loop gets
 * a turn every 256 files so a signal still lands. Stored results are parsed only when their turn to
 * be reported comes, so the run never holds every result at once.
 */
async function findHits(
  inputs: readonly PlannedInput[],
  cache: ResultCache,
  options: CheckOptions,
  signal: AbortSignal,
): Promise<Map<number, Hit>> {
  const hits = new Map<number, Hit>();
  let sinceYield = 0;
  for (const input of inputs) {
    if (signal.aborted) break;
    const { job } = input;
    if (input.error || input.stdin || input.huge) continue;
    if (job.size > options.streamThreshold || job.size > options.maxFileSize) continue;
    const hint = cache.hint(job.file);
    if (hint === undefined) continue;
    let bytes: Buffer;
    try {
      bytes = readFileSync(job.path);
    } catch {
      continue; // the worker reports why
    }
    const key = keyOfBytes(cache.runKey, job.file, bytes);
    if (key === hint.key) hits.set(job.index, { key, hint });
    if (++sinceYield === 256) {
      sinceYield = 0;
      await new Promise<void>((done) => setImmediate(done));
    }
  }
  return hits;
}

/**
 * Every input's outcome in input order: hits replayed here (and kept in the store as they were), the
 * rest from the pool's stream.
 */
async function* withHits(
  inputs: readonly PlannedInput[],
  hits: ReadonlyMap<number, Hit>,
  pooled: AsyncGenerator<FileOutcome> | null,
  cache: ResultCache,
  options: CheckOptions,
  signal: AbortSignal,
  halt?: PipelineOptions['halt'],
): AsyncGenerator<FileOutcome> {
  for (const input of inputs) {
    if (signal.aborted) return;
    const { job } = input;
    const hit = hits.get(job.index);
    // --bail: a replay is work not started too, and a warm cache must not change which files a run reports.
    if (hit !== undefined && halt?.stopped()) {
      yield { index: job.index, documents: [halt.skipped(job)] };
      continue;
    }
    if (hit === undefined) {
      // An input's outcomes may come in pieces (`partial`): pass all of them on before the next input.
      let next = await pooled?.next();
      if (next === undefined || next.done) return;
      yield next.value;
      while (next.value.partial === true) {
        next = await pooled!.next();
        if (next.done) return;
        yield next.value;
      }
      continue;
    }
    const started = performance.now();
    const documents = replay(hit.hint, hit.key, job, 0);
    if (documents === null) {
      // The store passed its checksum but this entry does not look like results (written by a buggy
      // or differently built version): never trusted, the file is checked here instead.
      const { checkFile } = await import('../worker/check-file.js');
      yield await checkFile(job, options);
      continue;
    }
    for (const doc of documents) doc.durationMs = performance.now() - started;
    cache.keep(job.file, hit.hint);
    yield { index: job.index, documents };
  }
}

/**
 * `--stats`: the threads' rule time into the summary, and zero phases on the records of this run's that
 * no check timed (an input that could not be listed, a worker that died): every record of work done
 * this run has `timings`. Replayed (`cached`) and `--bail`-skipped records have none: no check ran.
 */
function withTimings(outcome: FileOutcome, summary: { addRuleTimings(timings: RuleTimings): void }): void {
  if (outcome.ruleTimings) summary.addRuleTimings(outcome.ruleTimings);
  for (const doc of outcome.documents) {
    if (doc.timings || doc.cached || doc.error?.code === BAIL_SKIP_CODE) continue;
    doc.timings = { readMs: 0, parseMs: 0, validateMs: 0, locateMs: 0 };
  }
}

/** What `merge` compares to tell shards of one run from shards of different inputs (RunRecord `inputs`). */
function inputListOf(files: readonly DiscoveredFile[]): NonNullable<RunRecord['inputs']> {
  const hash = createHash('sha256');
  for (const f of files) hash.update(`${f.file}\0`);
  return { files: files.length, sha256: hash.digest('hex') };
}
