// `mcpdesc-validate report RESULTS.ndjson… [-f name[=path]]… [-o FILE] [--fail-on LEVEL]`: render
// NDJSON reports written earlier (one run, or the shards of one run) in any report format, without
// validating again. The wiring only: reading and combining the reports is src/reports/report.ts (the
// rules and refusals of `merge`), rendering is the reporters' (src/reporting), through the same
// Reporter interface a validation run drives, one document at a time.

import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { PageChanges } from '../reporting/html-static.js';
import { formatTable, isHumanFormat } from '../reporting/reporter-registry.js';
import { createSummaryAggregator } from '../reporting/summary.js';
import { compareRuns } from '../reports/compare.js';
import type { ReportSource } from '../reports/ndjson.js';
import { readReports } from '../reports/report.js';
import { inShard } from '../reports/shard.js';
import { reasonsOfSummary } from '../reports/verdict.js';
import { applyBaseline, loadBaseline } from '../state/baseline.js';
import { BAIL_SKIP_CODE, type DocumentResult, type RunRecord, type SummaryRecord } from '../types.js';
import { EXIT_FAILURE, EXIT_INTERRUPTED } from './exit-code.js';
import { type Interrupt, UNINTERRUPTED } from './interrupt.js';
import { OPTIONS_SHARDS_MAY_DIFFER } from './option-table.js';
import { type FailOn, type FormatSpec, resolveFormats } from './options.js';
import { openOutputs, outputCollision } from './outputs.js';
import { type BaselineTally, compareChanges, createBaselineTally, INTERRUPTED_NOTE } from './page-changes.js';
import { asGiven } from './paths.js';
import { type CliIo, useColor } from './run.js';
import { parseSubcommand, reportSpec } from './subcommand-table.js';
import { usageError } from './usage.js';

interface RawOptions {
  format?: FormatSpec[];
  output?: string;
  failOn?: FailOn;
  codeFrame?: boolean;
  color?: boolean;
  showSuppressed?: boolean;
  compare?: string;
}

/** The name standard input's problems are reported under (`<stdin>:3: not a JSON record`). */
const STDIN_NAME = '<stdin>';

/**
 * `report -`: standard input's lines, gunzipped when it starts with the gzip magic (a pipe has no
 * name to end in .gz). Read lazily: nothing is taken from stdin before the reader reaches it.
 */
function stdinSource(stdin: NodeJS.ReadableStream): ReportSource {
  async function* lines(): AsyncGenerator<string> {
    const chunks = (stdin as AsyncIterable<Buffer | string>)[Symbol.asyncIterator]();
    const first = await chunks.next();
    if (first.done) return;
    const head = typeof first.value === 'string' ? Buffer.from(first.value) : first.value;
    async function* all(): AsyncGenerator<Buffer | string> {
      yield head;
      for (let step = await chunks.next(); !step.done; step = await chunks.next()) yield step.value;
    }
    let stream: Readable = Readable.from(all(), { objectMode: false });
    if (head[0] === 0x1f && head[1] === 0x8b) stream = stream.pipe(createGunzip());
    yield* createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  }
  return { name: STDIN_NAME, lines: lines() };
}

function note(io: CliIo, message: string): void {
  io.stderr.write(`mcpdesc-validate report: ${message}\n`);
}

interface ReportArgs {
  o: RawOptions;
  inputs: string[];
  formats: FormatSpec[];
  html: boolean;
}

/** The command line, checked; a number is the exit code of a command that ends here. */
function parseReportArgs(args: string[], io: CliIo): ReportArgs | number {
  const parsed = parseSubcommand<RawOptions>(reportSpec(formatTable()), args, io.stdout, io.stderr);
  if (typeof parsed === 'number') return parsed;
  const o = parsed.options;
  const inputs = parsed.args;
  // Standard input is one stream: a second `-` would be an empty report, or half of the first.
  if (inputs.filter((p) => p === '-').length > 1)
    return usageError(io.stderr, 'standard input (-) can be given only once', 'report');
  let formats: FormatSpec[];
  try {
    formats = resolveFormats(o.format ?? [], io.stdoutIsTTY);
  } catch (error) {
    return usageError(io.stderr, `option '--format <name[=path]>': ${(error as Error).message}`, 'report');
  }
  if (o.output !== undefined) {
    // -o is where the stdout format goes (as in ESLint), so `-f sarif -o x.sarif` reads as one.
    const toStdout = formats.find((f) => f.path === null);
    if (o.output === '')
      return usageError(io.stderr, "option '-o, --output <file>' needs a file path", 'report');
    if (!toStdout)
      return usageError(
        io.stderr,
        "option '-o, --output <file>': every --format already names its file",
        'report',
      );
    toStdout.path = o.output;
  }
  if (
    !formats.some((f) => isHumanFormat(f.name)) &&
    ((o.codeFrame === true && !formats.some((f) => f.name === 'html')) ||
      parsed.source('color') === 'cli' ||
      o.showSuppressed === true)
  ) {
    note(
      io,
      '--code-frame, --show-suppressed, --color and --no-color apply to the stylish and text reports only, and neither is written (add -f stylish)',
    );
  }

  const html = formats.some((f) => f.name === 'html');
  if (o.compare !== undefined) {
    if (inputs.length !== 1 || inputs[0] === '-')
      return usageError(
        io.stderr,
        "option '--compare <old.ndjson>' needs exactly one report file to render",
        'report',
      );
    if (!html) note(io, '--compare applies to the html report only, and none is written (add -f html=FILE)');
  }
  return { o, inputs, formats, html };
}

type ReportOutputs = NonNullable<Awaited<ReturnType<typeof openOutputs>>>;
type ReportsRead = Awaited<ReturnType<typeof readReports>>;

export async function runReportCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = parseReportArgs(args, io);
  if (typeof parsed === 'number') return parsed;
  const { o, inputs, formats, html } = parsed;
  const given = (p: string) => asGiven(io.cwd, p);

  const collision = await outputCollision(formats, [], io.cwd, io.stdout);
  if (collision !== null)
    return usageError(io.stderr, `${collision}; give each output a file of its own`, 'report');
  let changes: PageChanges | undefined;
  // A run with --baseline: its baseline is applied again as the documents are rendered (to copies of
  // their findings), so the page says what is new and fixed as the run's own page did.
  let baselineTally: BaselineTally | null = null;
  let baselineScope: (file: string) => boolean = () => true;
  const bailSkippedNames = new Set<string>();
  // Outputs are opened before anything is read: a report path that cannot be written is a usage
  // problem, found before a long read. Nothing is written to them until the inputs are accepted.
  // One that fails later is dropped (the others are still written) and makes the exit code 2.
  const outputs = await openOutputs(formats, {
    cwd: io.cwd,
    stdout: io.stdout,
    note: (message) => note(io, message),
    reporter: {
      root: io.env.GITHUB_WORKSPACE || io.cwd,
      codeFrame: o.codeFrame === true,
      showSuppressed: o.showSuppressed === true,
      changes: () => changes,
    },
    stdoutColor: useColor(o.color ?? null, io.stdoutIsTTY, io.env),
    // The reader stops asking for documents once no output is left (`closed` below).
    stop: () => undefined,
  });
  if (outputs === null) return EXIT_FAILURE;
  const deliver = outputs.deliver;

  // What was rendered, tallied as a run tallies it: the summary when the reports' own cannot be
  // trusted (a report cut short has none; a document in two shards is counted twice in theirs).
  const tally = createSummaryAggregator();
  const suppressed = { error: 0, warning: 0, info: 0 };
  // The inputs --bail left: the tally counts them as skipped, and without the summary's `bail` the
  // reporters would call them files that could not be checked.
  let bailSkipped = 0;
  let run: RunRecord | null = null;
  let openFile: string | null = null;
  const closeInput = () => {
    if (openFile !== null) tally.addInput([], false);
    openFile = null;
  };
  // A named pipe among the inputs may wait for its writer: a signal ends the wait (cli/interrupt.ts).
  const interrupt = io.interrupt ?? UNINTERRUPTED;
  if (o.compare !== undefined && html) {
    const compared = await compareWith(io, interrupt, given, o.compare, inputs[0]!);
    if (typeof compared === 'number') {
      await outputs.abort();
      outputs.detach();
      return compared;
    }
    changes = compared;
  }
  const paths = inputs.filter((p) => p !== '-').map((p) => resolve(io.cwd, p));
  const result = await interrupt.reading(paths, () =>
    readReports(
      // As given (problems then name them so), unless the command runs for another directory (tests).
      inputs.map((p) => (p === '-' ? stdinSource(io.stdin) : given(p))),
      {
        async start(record) {
          run = record;
          const named = record.options.baseline;
          if (html && changes === undefined && typeof named === 'string') {
            try {
              const path = resolve(io.cwd, named);
              baselineTally = createBaselineTally(
                await interrupt.reading([path], () => loadBaseline(path)),
                named,
              );
              const shard = inputs.length === 1 ? record.shard : null;
              baselineScope = (f) => (!shard || inShard(f, shard)) && !bailSkippedNames.has(f);
            } catch (error) {
              if (!interrupt.interrupted)
                note(
                  io,
                  `the run's baseline cannot be read, so the html report leaves out what is new and fixed: ${(error as Error).message}`,
                );
            }
          }
          await deliver((r) => r.onStart(record));
        },
        async document(document: DocumentResult) {
          // The documents of one input (a JSON Lines file) are consecutive: one input ends where the name changes.
          if (document.file !== openFile) closeInput();
          openFile = document.file;
          tally.addInput([document], true);
          for (const d of document.diagnostics) if (d.suppressed) suppressed[d.severity]++;
          if (document.error?.code === BAIL_SKIP_CODE) {
            bailSkipped++;
            bailSkippedNames.add(document.file);
          }
          if (baselineTally) {
            const copies = document.diagnostics.map((d) => ({ ...d, suppressed: false }));
            applyBaseline(baselineTally.baseline, document.file, copies);
            baselineTally.add(copies, document.truncated);
          }
          await deliver((r) => r.onDocument(document));
        },
        get closed() {
          return outputs.live === 0;
        },
      },
      { optionsMayDiffer: OPTIONS_SHARDS_MAY_DIFFER, ...(o.failOn ? { failOn: o.failOn } : {}) },
    ),
  );
  closeInput();
  const interrupted = interrupt.interrupted;
  const early = await endedEarly(io, outputs, result, interrupted, run);
  if (early !== null) return early;

  const summary = summaryOfReports(io, result, run as RunRecord | null, {
    tally,
    suppressed,
    bailSkipped,
    interrupted,
    failedOutputs: outputs.failures.length,
  });
  if (baselineTally)
    changes = (baselineTally as BaselineTally).changes(
      baselineScope,
      summary.aborted ? [INTERRUPTED_NOTE] : [],
    );
  // The outputs still written are told which failed: they are the reason for exit 2.
  if (outputs.failures.length > 0) summary.failedOutputs = [...outputs.failures];
  await deliver((r) => r.onEnd(summary));
  const committed = await outputs.commit();
  outputs.detach();
  if (interrupted) return EXIT_INTERRUPTED;
  return committed ? summary.exitCode : EXIT_FAILURE;
}

/** What is said and returned when the reports were not read to their end: an interrupt, no output left, a refusal. */
async function endedEarly(
  io: CliIo,
  outputs: ReportOutputs,
  result: ReportsRead,
  interrupted: boolean,
  run: RunRecord | null,
): Promise<number | null> {
  // Inputs cut short by the interrupt are not damaged: their problems are its doing, not said.
  if (interrupted)
    note(
      io,
      run === null
        ? 'interrupted before a run record was read; nothing was rendered (exit 130)'
        : 'interrupted: what was read is rendered, and its summary says aborted (exit 130)',
    );
  else for (const problem of result.problems) note(io, problem);
  if (result.stopped) {
    // No output is left: the reader of stdout left (`| head`: quietly, as a validation run stops,
    // docs/cli.md, Channels), or every output failed (said, exit 2).
    await outputs.abort();
    outputs.detach();
    return outputs.failures.length > 0 ? EXIT_FAILURE : result.exitCode;
  }
  if (result.refused || (interrupted && run === null)) {
    await outputs.abort();
    outputs.detach();
    return interrupted ? EXIT_INTERRUPTED : EXIT_FAILURE;
  }
  return null;
}

/**
 * The summary the outputs are given: the reports' own, or (when they have none to trust) what was
 * rendered, tallied; with its reasons, read back from its fields for reports written without them.
 */
function summaryOfReports(
  io: CliIo,
  result: Awaited<ReturnType<typeof readReports>>,
  run: RunRecord | null,
  read: {
    tally: ReturnType<typeof createSummaryAggregator>;
    suppressed: SummaryRecord['counts'];
    bailSkipped: number;
    interrupted: boolean;
    failedOutputs: number;
  },
): SummaryRecord {
  let summary: SummaryRecord;
  if (result.summary) summary = result.summary;
  else {
    summary = read.tally.finish({
      exitCode: EXIT_FAILURE,
      aborted: result.aborted,
      failOn: result.failOn,
      wallMs: 0,
      peakRssBytes: 0,
      shard: result.single ? (run?.shard ?? null) : null,
    });
    if (run?.options.baseline !== undefined) summary.suppressed = read.suppressed;
    const bail = run?.options.bail;
    if (typeof bail === 'number')
      summary.bail = { limit: bail, stopped: read.bailSkipped > 0, skipped: read.bailSkipped };
  }
  if (result.summary && result.exitCode === EXIT_FAILURE) {
    // The reports are fine, but the run they record could not check everything: say why it is 2.
    const { error } = summary.files;
    if (summary.aborted) note(io, 'the run was interrupted: its results are partial (exit 2)');
    else if (error > 0) note(io, `the run could not check ${error} input${error === 1 ? '' : 's'} (exit 2)`);
    else if (Array.isArray(summary.reasons) || summary.failedOutputs?.length)
      note(io, 'the run ended with exit 2');
    // An older report: nothing it holds tells "nothing matched" from the other causes (reasonsOfSummary).
    else note(io, 'the run ended with exit 2; its report does not record why');
  }
  // Shards' reasons never reach here: combineReports works the whole run's out (merge's own).
  const reasons = reasonsOfSummary(summary).filter((r) => !read.interrupted || r.kind !== 'interrupted');
  if (read.interrupted) reasons.unshift({ kind: 'interrupted' });
  if (read.failedOutputs > 0 && !reasons.some((r) => r.kind === 'failed-output'))
    reasons.push({ kind: 'failed-output', outputs: read.failedOutputs });
  summary = { ...summary, reasons };
  if (read.interrupted) summary = { ...summary, aborted: true, exitCode: EXIT_INTERRUPTED };
  return summary;
}

/** `--compare OLD`: what changed since OLD, or the exit code of a comparison that could not be made. */
async function compareWith(
  io: CliIo,
  interrupt: Pick<Interrupt, 'interrupted' | 'reading'>,
  asGiven: (path: string) => string,
  compare: string,
  input: string,
): Promise<PageChanges | number> {
  const compared = await interrupt.reading([resolve(io.cwd, compare), resolve(io.cwd, input)], () =>
    compareRuns(asGiven(compare), asGiven(input), { optionsMayDiffer: OPTIONS_SHARDS_MAY_DIFFER }),
  );
  if (interrupt.interrupted) {
    note(io, 'interrupted before a run record was read; nothing was rendered (exit 130)');
    return EXIT_INTERRUPTED;
  }
  if (compared.comparison === null || compared.problems.length > 0) {
    for (const problem of compared.problems) note(io, `--compare: ${problem}`);
    return EXIT_FAILURE;
  }
  return compareChanges(compared.comparison);
}
