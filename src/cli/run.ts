// One validation run: discovery → pool → reporters → summary → exit code. Everything the run touches
// in the outside world (streams, env, cwd, signals) comes in through CliIo so tests can drive it.
import { availableParallelism, totalmem } from 'node:os';
import { type DiscoveredFile, discover, STDIN_NAME } from '../discovery/discover.js';
import { splitFileList } from '../discovery/files-from.js';
import { loadIgnore } from '../discovery/ignore-file.js';
import { fillSizes, withSizes } from '../discovery/sizes.js';
import type { PlannedInput } from '../pool/batches.js';
import { resolveConcurrency, type WorkPlan, workerHeapMb } from '../pool/concurrency.js';
import { fanOutHandler, fansOut } from '../pool/fanout-loader.js';
import { runPipeline } from '../pool/pipeline.js';
import { createInProcessRunner, createThreadRunner, type TaskRunner } from '../pool/runner.js';
import { type AtomicFile, openAtomicFile } from '../reporting/atomic-file.js';
import { findReporter } from '../reporting/reporter-registry.js';
import { createSummaryAggregator } from '../reporting/summary.js';
import type {
  CheckOptions,
  DocumentResult,
  InputFormat,
  Level,
  Reporter,
  RunRecord,
  Target,
} from '../types.js';
import { SPEC_VERSIONS } from '../types.js';
import { EXIT_FAILURE, EXIT_INTERRUPTED, exitCodeFor } from './exit-code.js';
import type { FailOn, FormatSpec } from './options.js';
import { ProgressLine, shouldShowProgress } from './progress.js';

export interface CliSettings {
  argv: string[];
  patterns: string[];
  filesFrom: string | null;
  nul: boolean;
  ignorePath: string | null;
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
}

/**
 * The directory SARIF and GitHub paths are made relative to: the checkout in GitHub Actions, else the
 * working directory (run from the repository root in CI, as code scanning expects).
 */
function reportRoot(io: CliIo): string {
  return io.env.GITHUB_WORKSPACE || io.cwd;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
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

interface Output {
  reporter: Reporter;
  /** null: stdout. */
  file: AtomicFile | null;
  failed: boolean;
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

  let filesFrom: string[] = [];
  let ignore: Awaited<ReturnType<typeof loadIgnore>>;
  try {
    if (settings.filesFrom !== null) {
      const text =
        settings.filesFrom === '-'
          ? (await readAll(io.stdin)).toString('utf8')
          : (await import('node:fs/promises')).readFile(settings.filesFrom, 'utf8');
      filesFrom = splitFileList(await text, settings.nul);
    }
    ignore = await loadIgnore(io.cwd, settings.ignorePath);
  } catch (error) {
    note(
      io,
      `cannot read ${settings.filesFrom !== null ? '--files-from / ' : ''}ignore input: ${(error as Error).message}`,
    );
    return EXIT_FAILURE;
  }

  // Signals are handled from discovery on, so an interrupt always ends with a summary.
  const controller = new AbortController();
  let interrupted = false;
  const signals = io.signals ?? process;
  const onSignal = () => {
    interrupted = true;
    controller.abort();
    // A second signal gets the default behaviour (terminate now).
    signals.off('SIGINT', onSignal);
    signals.off('SIGTERM', onSignal);
  };
  signals.on('SIGINT', onSignal);
  signals.on('SIGTERM', onSignal);
  let discovered: Awaited<ReturnType<typeof discover>>;
  try {
    discovered = await discover(settings.patterns, { cwd: io.cwd, filesFrom, ignore });
  } catch (error) {
    signals.off('SIGINT', onSignal);
    signals.off('SIGTERM', onSignal);
    note(io, `cannot list the inputs: ${(error as Error).message}`);
    return EXIT_FAILURE;
  }
  const files = discovered.files;
  const nothingMatched = files.length === 0;
  if (nothingMatched) {
    const named = [
      ...settings.patterns,
      ...(settings.filesFrom !== null ? [`--files-from ${settings.filesFrom}`] : []),
    ];
    note(io, `no input files matched: ${named.map((p) => JSON.stringify(p)).join(', ')}`);
  } else {
    for (const label of discovered.unmatched) note(io, `no files matched ${JSON.stringify(label)}`);
  }

  // Small runs are planned exactly (every size known up front, so a tiny run can stay in-process);
  // larger ones get their sizes stat'ed lazily, overlapping with the work (discovery/sizes.ts).
  const exact = files.length <= EXACT_PLAN_FILES;
  if (exact) await fillSizes(files);
  const toPlanned = (f: DiscoveredFile, index: number): PlannedInput => {
    const input: PlannedInput = { job: { index, path: f.path, file: f.file, size: Math.max(0, f.size) } };
    if (f.error) input.error = f.error;
    if (f.stdin) input.stdin = true;
    if (!f.error && !f.stdin && fansOut(f.file, f.size, settings.streamThreshold)) input.huge = true;
    return input;
  };
  const inputs = exact ? files.map(toPlanned) : lazyInputs(files, toPlanned);
  const plan: WorkPlan = { files: files.length };
  if (exact) {
    const planned = inputs as PlannedInput[];
    plan.bytes = planned.reduce((n, i) => n + i.job.size, 0);
    plan.fannedOutFiles = planned.filter((i) => i.huge).length;
    plan.fannedOutBytes = planned.reduce((n, i) => n + (i.huge ? i.job.size : 0), 0);
  }
  const threads = resolveConcurrency(settings.concurrency, plan, availableParallelism());
  const checkOptions: CheckOptions = {
    target: settings.target,
    ruleLevels: settings.ruleLevels,
    maxDiagnosticsPerFile: settings.maxDiagnosticsPerFile,
    streamThreshold: settings.streamThreshold,
    maxFileSize: settings.maxFileSize,
    ...(settings.maxElementBytes !== undefined ? { maxElementBytes: settings.maxElementBytes } : {}),
  };

  // Outputs: stdout (at most one format) and files. stdout errors (EPIPE: `| head`) end the run quietly.
  let stdoutClosed = false;
  let outputFailed = false;
  const onStdoutError = (error: NodeJS.ErrnoException) => {
    stdoutClosed = true;
    if (error.code !== 'EPIPE') {
      outputFailed = true;
      note(io, `cannot write to stdout: ${error.message}`);
    }
    controller.abort();
  };
  io.stdout.on('error', onStdoutError);
  const outputs: Output[] = [];
  const dropOutputs = async () => {
    for (const o of outputs) await o.file?.abort();
  };
  for (const spec of settings.formats) {
    const factory = findReporter(spec.name)!;
    let file: AtomicFile | null = null;
    if (spec.path !== null) {
      try {
        file = await openAtomicFile(spec.path);
      } catch (error) {
        note(io, `cannot write the ${spec.name} report to ${spec.path}: ${(error as Error).message}`);
        io.stdout.off('error', onStdoutError);
        signals.off('SIGINT', onSignal);
        signals.off('SIGTERM', onSignal);
        await dropOutputs();
        return EXIT_FAILURE;
      }
    }
    const output: Output = { reporter: null as unknown as Reporter, file, failed: false };
    file?.stream.on('error', (error: Error) => {
      output.failed = true;
      outputFailed = true;
      note(io, `cannot write ${spec.path}: ${error.message}`);
      controller.abort();
    });
    const color = file === null && io.stdoutIsTTY && !io.env.NO_COLOR;
    output.reporter = factory(file?.stream ?? io.stdout, {
      color,
      cwd: io.cwd,
      root: reportRoot(io),
      codeFrame: settings.codeFrame,
      ...(file ? { patchOnCommit: file.patchOnCommit } : {}),
    });
    outputs.push(output);
  }
  const live = () => outputs.filter((o) => !o.failed && !(o.file === null && stdoutClosed));
  // A reporter whose stream fails (a reporter may reject while waiting for 'drain') is dropped like a
  // failed stream: EPIPE on stdout ends the run quietly, anything else is an output failure (exit 2).
  const deliver = async (call: (reporter: Reporter) => void | Promise<void>) => {
    for (const o of live()) {
      try {
        await call(o.reporter);
      } catch (error) {
        const e = error as NodeJS.ErrnoException;
        if (o.file === null) {
          stdoutClosed = true;
          if (e.code !== 'EPIPE') {
            outputFailed = true;
            note(io, `cannot write to stdout: ${e.message}`);
          }
        } else {
          o.failed = true;
          outputFailed = true;
          note(io, `cannot write ${o.file.path}: ${e.message}`);
        }
        controller.abort();
      }
    }
  };

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
    },
    specVersions: [...SPEC_VERSIONS],
    target: settings.target,
    concurrency: threads,
    shard: null,
    filesPlanned: files.length,
  };

  const summary = createSummaryAggregator();
  const progress = shouldShowProgress(settings.progress && !settings.quiet, io.stderrIsTTY, io.env)
    ? new ProgressLine(io.stderr)
    : null;
  let runner: TaskRunner | null = null;
  try {
    await deliver((r) => r.onStart(run));
    if (!nothingMatched && !controller.signal.aborted) {
      runner =
        threads === 0
          ? createInProcessRunner(io.workerUrl)
          : await createThreadRunner({
              threads,
              maxOldGenerationSizeMb: settings.workerMemoryMb ?? workerHeapMb(threads, totalmem()),
              ...(io.workerUrl ? { workerUrl: io.workerUrl } : {}),
            });
      const local = async () => {
        const { checkBuffer } = await import('../worker/check-file.js');
        const bytes = await readAll(io.stdin);
        return checkBuffer(bytes, STDIN_NAME, settings.stdinFormat, checkOptions);
      };
      const outcomes = runPipeline(inputs, {
        runner,
        checkOptions,
        // Four batches per thread keep every thread fed while one batch waits in the reorder buffer.
        maxInFlight: Math.max(2, threads * 4),
        // In-process there is no dispatch cost to amortise; small batches let an interrupt land quickly.
        ...(threads === 0 ? { batchLimits: IN_PROCESS_BATCH } : {}),
        local,
        huge: fanOutHandler(runner, checkOptions),
        signal: controller.signal,
      });
      for await (const outcome of outcomes) {
        summary.addInput(outcome.documents);
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
          const shown: DocumentResult = settings.quiet
            ? { ...doc, diagnostics: doc.diagnostics.filter((d) => d.severity === 'error') }
            : doc;
          await deliver((r) => r.onDocument(shown));
        }
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
    signals.off('SIGINT', onSignal);
    signals.off('SIGTERM', onSignal);
    await runner?.close().catch(() => undefined);
  }

  const exitCode = exitCodeFor({
    aborted: interrupted,
    nothingMatched,
    outputFailed,
    errorInputs: summary.files.error,
    counts: summary.counts,
    failOn: settings.failOn,
  });
  const record = summary.finish({
    exitCode,
    aborted: interrupted || stdoutClosed,
    failOn: settings.failOn,
    wallMs: performance.now() - started,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
  });
  await deliver((r) => r.onEnd(record));
  let commitFailed = false;
  for (const o of outputs) {
    if (!o.file) continue;
    if (o.failed) await o.file.abort();
    else
      await o.file.commit().catch((error: Error) => {
        note(io, `cannot write ${o.file!.path}: ${error.message}`);
        commitFailed = true;
      });
  }
  // One closing line for the human watching stderr, unless a text report on stdout already ends with it.
  const textOnStdout = settings.formats.some((f) => f.path === null && f.name === 'text');
  if (!stdoutClosed && !settings.quiet && !textOnStdout) {
    note(
      io,
      `${record.files.total} files (${record.files.valid} valid, ${record.files.invalid} invalid, ${record.files.error} error, ` +
        `${record.files.skipped} skipped), ${record.counts.error} errors, ${record.counts.warning} warnings in ` +
        `${(record.wallMs / 1000).toFixed(2)} s (${record.throughput.filesPerSec} files/s, ${record.throughput.mbPerSec} MB/s)` +
        `${interrupted ? ', interrupted' : ''}; exit ${exitCode}`,
    );
  }
  io.stdout.off('error', onStdoutError);
  // Keep swallowing late EPIPEs from writes still queued in the stream.
  if (stdoutClosed) io.stdout.on('error', () => undefined);
  // The summary already went out; a report that could not be put in place still fails the run.
  return (commitFailed || outputFailed) && exitCode !== EXIT_INTERRUPTED ? EXIT_FAILURE : exitCode;
}
