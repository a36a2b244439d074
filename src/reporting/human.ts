// What the two reports for people share (the one-line-per-finding `text` and ESLint's grouped
// `stylish`): the rows of a document in line order, code frames, the closing tally, colour, and what
// a --baseline covers (left out and counted, unless --show-suppressed). Each report lays the rows out
// its own way (a Layout). Colour only when the CLI asks for it (a TTY without NO_COLOR, or FORCE_COLOR /
// --color); everything taken from documents is made printable first.
import {
  BAIL_SKIP_CODE,
  type DocumentResult,
  type LocatedDiagnostic,
  type Reporter,
  type RunRecord,
  type Severity,
  type SummaryRecord,
} from '../types.js';
import { framesOf } from './code-frame.js';
import {
  counted,
  inputError,
  isQuietRun,
  printable,
  thousands,
  unlistedCount,
  writeChunk,
} from './output.js';
import { reasonLines } from './reasons.js';
import { statsLines } from './stats.js';

export interface HumanReporterOptions {
  color: boolean;
  /** Show the offending lines under each finding (reads the files that have findings). */
  codeFrame?: boolean;
  /** Directory the reported file names are relative to (to read them for code frames). */
  cwd?: string;
  /** List the findings a --baseline covers too (by default they are left out and counted). */
  showSuppressed?: boolean;
}

export type Paint = (text: string) => string;
const ansi =
  (open: number, close: number): Paint =>
  (text) =>
    `\u001b[${open}m${text}\u001b[${close}m`;
const plain: Paint = (text) => text;

export function palette(color: boolean) {
  return {
    error: color ? ansi(31, 39) : plain,
    warning: color ? ansi(33, 39) : plain,
    info: color ? ansi(36, 39) : plain,
    dim: color ? ansi(2, 22) : plain,
    bold: color ? ansi(1, 22) : plain,
    green: color ? ansi(32, 39) : plain,
    underline: color ? ansi(4, 24) : plain,
  };
}
export type Palette = ReturnType<typeof palette>;

export interface Row {
  /** The reported file name, printable. */
  file: string;
  /** 1-based; the document's line (JSON Lines) for a finding without a position of its own. */
  line?: number;
  column?: number;
  severity: Severity | 'skipped';
  message: string;
  /** '' for a file that could not be checked. */
  ruleId: string;
  diagnostic?: LocatedDiagnostic;
}

/** One document as a layout gets it: its rows in line order, their frames, what is not listed. */
export interface DocumentView {
  result: DocumentResult;
  rows: Row[];
  frames: Map<Row, string> | null;
  /** Findings --max-diagnostics-per-file cut from the record. */
  unlisted: number;
}

/** How a report lays documents out: the lines of each (without a trailing newline). */
export interface Layout {
  lines(view: DocumentView): string[];
}

const SEVERITY_WIDTH = 'warning'.length;

/** The severity column: padded to one width, coloured by severity. */
export function severityCell(paint: Palette, severity: Row['severity']): string {
  const padded = severity.padEnd(SEVERITY_WIDTH);
  if (severity === 'error') return paint.error(padded);
  if (severity === 'warning' || severity === 'skipped') return paint.warning(padded);
  return paint.info(padded);
}

export function createHumanReporter(
  out: NodeJS.WritableStream,
  options: HumanReporterOptions,
  makeLayout: (paint: Palette) => Layout,
): Reporter {
  const paint = palette(options.color);
  const layout = makeLayout(paint);
  const cwd = options.cwd ?? process.cwd();
  const showSuppressed = options.showSuppressed === true;
  let filesWithFindings = 0;
  // --baseline: findings it covers, listed (with --show-suppressed) or left out of the listing.
  let accepted: Counts = { error: 0, warning: 0, info: 0 };
  let lastCounted: string | null = null;
  // Documents of one JSON Lines file arrive together: a file is counted once, however many documents.
  const findingsIn = (file: string) => {
    if (file !== lastCounted) filesWithFindings++;
    lastCounted = file;
  };
  let quiet = false;
  // --stdin-filename: the piped document bears the name of a file that may exist with other content (an
  // editor's unsaved buffer), so that file must not be re-read for its frames.
  let stdinName: string | null = null;

  return {
    onStart(run: RunRecord) {
      quiet = isQuietRun(run);
      stdinName = typeof run.options.stdinFilename === 'string' ? run.options.stdinFilename : null;
    },

    async onDocument(result: DocumentResult) {
      let acceptedHere = 0;
      for (const d of result.diagnostics) {
        if (!d.suppressed) continue;
        acceptedHere++;
        accepted[d.severity]++;
      }
      const rows = rowsOf(result, showSuppressed);
      const unlisted = unlistedCount(result, quiet);
      // Counted by the document's findings, not by what is listed: under --quiet a file with warnings
      // only lists nothing, yet its warnings are in the tally, so the file is too. Findings the baseline
      // covers count only where they are listed.
      const findings = result.errors + result.warnings + result.infos - (showSuppressed ? 0 : acceptedHere);
      if (findings > 0) findingsIn(result.file);
      if (rows.length === 0 && unlisted <= 0) return;

      let frames: Map<Row, string> | null = null;
      if (options.codeFrame && result.file !== stdinName) frames = await framesFor(result, rows, cwd, paint);
      const lines = layout.lines({ result, rows, frames, unlisted });
      await writeChunk(out, `${lines.join('\n')}\n`);
    },

    async onEnd(summary: SummaryRecord) {
      // The summary's count where the run has one: under --quiet the baselined warnings are not
      // listed, so counting the listed ones left them out.
      if (summary.suppressed) accepted = { ...summary.suppressed };
      const lines = closingLines(summary, { filesWithFindings, quiet, accepted, showSuppressed }, paint);
      await writeChunk(out, `${lines.join('\n')}\n`);
    },
  };
}

type Counts = Record<Severity, number>;

interface Tally {
  filesWithFindings: number;
  quiet: boolean;
  /** Findings the baseline covers, by severity. */
  accepted: Counts;
  showSuppressed: boolean;
}

/** The closing lines: a tally, then what was not checked, stopped the run or failed it. */
function closingLines(summary: SummaryRecord, tally: Tally, paint: Palette): string[] {
  const { accepted, showSuppressed } = tally;
  const acceptedTotal = accepted.error + accepted.warning + accepted.info;
  // Left out of the listing, findings the baseline covers are left out of the tally too (and counted
  // on a line of their own); listed, they are counted in it, and it says how many.
  const hidden = showSuppressed ? null : accepted;
  const error = summary.counts.error - (hidden?.error ?? 0);
  const warning = summary.counts.warning - (hidden?.warning ?? 0);
  const info = summary.counts.info - (hidden?.info ?? 0);
  const lines: string[] = [''];
  const notStarted = summary.bail?.skipped ?? 0;
  const unreadable = summary.files.error;
  const skipped = summary.files.skipped - notStarted;
  const files = summary.files.total;
  // The headline says the inputs that could not be checked when nothing else is to say.
  const headlined = error + warning + info === 0 && files > 0 && unreadable > 0;
  if (error + warning + info === 0) {
    // A tick only when every input was checked; and never "no problems" when an input could not be
    // read: nothing matched, or an unreadable file (exit 2), must not read as a clean run.
    if (files === 0) lines.push(paint.warning('No files checked'));
    else if (unreadable > 0) {
      const rest = files - unreadable - skipped - notStarted;
      lines.push(
        paint.bold(
          paint.error(
            `✖ ${counted(unreadable, 'file')} of ${thousands(files)} could not be checked` +
              (rest > 0 ? `; no findings in the ${counted(rest, 'other')}` : ''),
          ),
        ),
      );
    } else if (skipped + notStarted > 0) {
      const checked = files - skipped - notStarted;
      lines.push(
        paint.warning(`No problems in ${counted(checked, 'checked file')} (of ${thousands(files)})`),
      );
    } else lines.push(paint.green(`✔ No problems in ${counted(files, 'file')}`));
  } else {
    const parts = [counted(error, 'error'), counted(warning, 'warning')];
    if (info > 0) parts.push(counted(info, 'info', 'infos'));
    const total = error + warning + info;
    const inBaseline =
      hidden || acceptedTotal === 0
        ? ''
        : acceptedTotal === total
          ? ', all in the baseline'
          : `, ${thousands(acceptedTotal)} in the baseline`;
    // Under --quiet the warnings and infos a baseline covers never reach the report, so which files
    // hold findings outside it cannot be told: the clause is left out rather than guessed.
    const unknowable = tally.quiet && hidden !== null && accepted.warning + accepted.info > 0;
    const where = unknowable
      ? ` (${counted(files, 'file')})`
      : ` in ${counted(tally.filesWithFindings, 'file')} with findings (of ${thousands(files)})`;
    const line = `✖ ${parts.join(', ')}${where}${inBaseline}`;
    lines.push(
      paint.bold(error - (hidden ? 0 : accepted.error) > 0 ? paint.error(line) : paint.warning(line)),
    );
  }
  if (hidden && acceptedTotal > 0) {
    lines.push(
      paint.dim(
        `  ${counted(acceptedTotal, 'finding')} in the baseline not listed (--show-suppressed lists them)`,
      ),
    );
  }
  if (skipped > 0) lines.push(paint.warning(`  ${counted(skipped, 'file')} skipped (see above)`));
  // Why the run did not pass; its findings are the tally above.
  for (const reason of reasonLines(summary)) {
    if (reason.kind === 'findings' || (reason.kind === 'unreadable' && headlined)) continue;
    lines.push(
      (reason.fails ? paint.error : reason.kind === 'exit-zero' ? paint.dim : paint.warning)(
        `  ${reason.text}`,
      ),
    );
  }
  for (const line of statsLines(summary)) lines.push(paint.dim(`  ${line}`));
  return lines;
}

function rowsOf(result: DocumentResult, showSuppressed: boolean): Row[] {
  const file = printable(result.file);
  const rows: Row[] = [];
  for (const d of result.diagnostics) {
    if (d.suppressed && !showSuppressed) continue;
    const placed = d.line !== undefined;
    const line = d.line ?? result.line;
    rows.push({
      file,
      ...(line === undefined ? {} : { line }),
      ...(placed && d.column !== undefined ? { column: d.column } : {}),
      severity: d.severity,
      // --show-suppressed: listed (it is still wrong), but said not to fail the run.
      message: d.suppressed ? `${printable(d.message)} (in baseline)` : printable(d.message),
      ruleId: printable(d.ruleId),
      diagnostic: d,
    });
  }
  // People read a file top to bottom: findings in line order (the engine emits them rule by rule within
  // an element). Unplaced, document-wide findings come first. Array.prototype.sort is stable.
  rows.sort(
    (a, b) =>
      (a.diagnostic?.line ?? 0) - (b.diagnostic?.line ?? 0) ||
      (a.diagnostic?.column ?? 0) - (b.diagnostic?.column ?? 0),
  );
  // A file that could not be checked and carries no finding of its own still gets one line; not the
  // files --bail left (the closing lines count them: listing thousands would bury the failure).
  if (
    result.diagnostics.length === 0 &&
    (result.status === 'error' || result.status === 'skipped') &&
    result.error?.code !== BAIL_SKIP_CODE
  ) {
    const reason = inputError(result.error);
    rows.push({
      file,
      ...(result.line === undefined ? {} : { line: result.line }),
      severity: result.status === 'error' ? 'error' : 'skipped',
      message: printable(
        result.status === 'error' ? `Could not check the file: ${reason}` : `Skipped: ${reason}`,
      ),
      ruleId: '',
    });
  }
  return rows;
}

async function framesFor(
  result: DocumentResult,
  rows: Row[],
  cwd: string,
  paint: Palette,
): Promise<Map<Row, string> | null> {
  const placed = rows.filter((r) => r.diagnostic?.line !== undefined);
  const frames = await framesOf(
    result,
    placed.map((r) => r.diagnostic!),
    cwd,
    { gutter: paint.dim, marker: (severity) => paint[severity] },
  );
  if (frames === null) return null;
  const byRow = new Map<Row, string>();
  for (const row of placed) {
    const frame = frames.get(row.diagnostic!);
    if (frame !== undefined) byRow.set(row, frame);
  }
  return byRow;
}
