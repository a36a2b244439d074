// The terminal report: one line per finding, `file:line:col  severity  message  ruleId`, grouped by
// file (a blank line between files), columns aligned within a file, and a closing tally. Lines carry
// the full location, so terminals and editor problem matchers can jump to it. Colour only when the CLI
// asks for it (a TTY without NO_COLOR, or FORCE_COLOR / --color); everything taken from documents is
// made printable first.
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
  displayWidth,
  isQuietRun,
  padDisplay,
  plural,
  printable,
  unlistedCount,
  writeChunk,
} from './output.js';
import { statsLines } from './stats.js';

export interface TextReporterOptions {
  color: boolean;
  /** Show the offending lines under each finding (reads the files that have findings). */
  codeFrame?: boolean;
  /** Directory the reported file names are relative to (to read them for code frames). */
  cwd?: string;
}

/**
 * Rule ids line up after the longest message of the file, ignoring messages over this length (they are
 * not padded): one 300-character message must not push every rule id off screen. 100 keeps typical
 * lines (location ~40, severity 7, message, rule id ~30) within a wide terminal.
 */
const MAX_MESSAGE_COLUMN = 100;
const SEVERITY_WIDTH = 'warning'.length;

type Paint = (text: string) => string;
const ansi =
  (open: number, close: number): Paint =>
  (text) =>
    `\u001b[${open}m${text}\u001b[${close}m`;
const plain: Paint = (text) => text;

function palette(color: boolean) {
  return {
    error: color ? ansi(31, 39) : plain,
    warning: color ? ansi(33, 39) : plain,
    info: color ? ansi(36, 39) : plain,
    dim: color ? ansi(2, 22) : plain,
    bold: color ? ansi(1, 22) : plain,
    green: color ? ansi(32, 39) : plain,
  };
}

interface Row {
  location: string;
  severity: Severity | 'skipped';
  message: string;
  ruleId: string;
  diagnostic?: LocatedDiagnostic;
}

export function createTextReporter(out: NodeJS.WritableStream, options: TextReporterOptions): Reporter {
  const paint = palette(options.color);
  const cwd = options.cwd ?? process.cwd();
  let lastFile: string | null = null;
  let endedWithFrame = false;
  let filesWithFindings = 0;
  // --baseline: findings listed with "(in baseline)"; they do not fail the run, so the tally says so.
  const accepted = { total: 0, error: 0 };
  let lastCounted: string | null = null;
  // Documents of one JSON Lines file arrive together: a file is counted once, however many documents.
  const findingsIn = (file: string) => {
    if (file !== lastCounted) filesWithFindings++;
    lastCounted = file;
  };

  const severityCell = (severity: Row['severity']) => {
    const padded = severity.padEnd(SEVERITY_WIDTH);
    if (severity === 'error') return paint.error(padded);
    if (severity === 'warning' || severity === 'skipped') return paint.warning(padded);
    return paint.info(padded);
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
      const rows = rowsOf(result);
      for (const d of result.diagnostics) {
        if (!d.suppressed) continue;
        accepted.total++;
        if (d.severity === 'error') accepted.error++;
      }
      const hidden = unlistedCount(result, quiet);
      // Counted by the document's findings, not by what is listed: under --quiet a file with warnings
      // only lists nothing, and the tally said "3 warnings in 0 files".
      if (result.errors + result.warnings + result.infos > 0) findingsIn(result.file);
      if (rows.length === 0 && hidden <= 0) return;

      let frames: Map<Row, string> | null = null;
      if (options.codeFrame && result.file !== stdinName) frames = await framesFor(result, rows, cwd, paint);

      // A loop, not Math.max(...rows): --max-diagnostics-per-file may allow more rows than a call has arguments.
      let locationWidth = 0;
      let messageWidth = 0;
      for (const r of rows) {
        // Terminal columns, not code units: a CJK tool name or file name must not push its rule id right.
        locationWidth = Math.max(locationWidth, displayWidth(r.location));
        const width = displayWidth(r.message);
        if (width <= MAX_MESSAGE_COLUMN) messageWidth = Math.max(messageWidth, width);
      }
      const lines: string[] = [];
      if (result.file !== lastFile || endedWithFrame) {
        // A blank line between files, and after a frame (JSON Lines documents of one file stay together).
        if (lastFile !== null) lines.push('');
        lastFile = result.file;
      }
      rows.forEach((row, i) => {
        const message =
          row.ruleId !== '' && displayWidth(row.message) < messageWidth
            ? padDisplay(row.message, messageWidth)
            : row.message;
        const rule = row.ruleId === '' ? '' : `  ${paint.dim(row.ruleId)}`;
        lines.push(
          `${padDisplay(row.location, locationWidth)}  ${severityCell(row.severity)}  ${message}${rule}`,
        );
        const frame = frames?.get(row);
        if (frame) lines.push(frame);
        // A frame is followed by a blank line, except before the next file's own separator.
        if (frame && i < rows.length - 1) lines.push('');
        endedWithFrame = frame !== undefined && i === rows.length - 1;
      });
      if (hidden > 0) {
        lines.push(
          paint.dim(
            `${printable(result.file)}: ${plural(hidden, 'more finding')} not listed (--max-diagnostics-per-file)`,
          ),
        );
      }
      await writeChunk(out, `${lines.join('\n')}\n`);
    },

    async onEnd(summary: SummaryRecord) {
      const { error, warning, info } = summary.counts;
      const lines: string[] = [''];
      const notStarted = summary.bail?.skipped ?? 0;
      const unchecked = summary.files.error + summary.files.skipped - notStarted;
      if (error + warning + info === 0) {
        // A tick only when every input was checked: nothing matched, or an unreadable file (exit 2),
        // must not read as a clean run.
        if (summary.files.total === 0) lines.push(paint.warning('No files checked'));
        else if (unchecked + notStarted > 0) {
          const checked = summary.files.total - unchecked - notStarted;
          lines.push(
            paint.warning(`No problems in ${plural(checked, 'checked file')} (of ${summary.files.total})`),
          );
        } else lines.push(paint.green(`✔ No problems in ${plural(summary.files.total, 'file')}`));
      } else {
        const parts = [plural(error, 'error'), plural(warning, 'warning')];
        if (info > 0) parts.push(plural(info, 'info', 'infos'));
        const total = error + warning + info;
        // The summary's count where the run has one: under --quiet the baselined warnings are not
        // listed, so counting the listed ones left them out of the tally.
        if (summary.suppressed) {
          accepted.total = summary.suppressed.error + summary.suppressed.warning + summary.suppressed.info;
          accepted.error = summary.suppressed.error;
        }
        const inBaseline =
          accepted.total === 0
            ? ''
            : accepted.total === total
              ? ', all in the baseline'
              : `, ${accepted.total} in the baseline`;
        const tally = `✖ ${parts.join(', ')} in ${plural(filesWithFindings, 'file')} (of ${summary.files.total})${inBaseline}`;
        lines.push(paint.bold(error - accepted.error > 0 ? paint.error(tally) : paint.warning(tally)));
      }
      if (unchecked > 0) {
        lines.push(paint.warning(`  ${plural(unchecked, 'file')} could not be checked (see above)`));
      }
      if (notStarted > 0) {
        lines.push(
          paint.warning(
            `  Stopped by --bail ${summary.bail!.limit}: ${plural(notStarted, 'file')} not checked.`,
          ),
        );
      }
      if (summary.maxWarnings?.exceeded) {
        const { warnings, limit } = summary.maxWarnings;
        lines.push(paint.error(`  ${plural(warnings, 'warning')}: more than --max-warnings ${limit}.`));
      }
      if (summary.exitZero?.masked)
        lines.push(paint.dim('  Exit code 0 (--exit-zero): these findings fail no run.'));
      if (summary.aborted) lines.push(paint.warning('  The run was interrupted: these results are partial.'));
      for (const line of statsLines(summary)) lines.push(paint.dim(`  ${line}`));
      await writeChunk(out, `${lines.join('\n')}\n`);
    },
  };
}

function rowsOf(result: DocumentResult): Row[] {
  const file = printable(result.file);
  const rows: Row[] = result.diagnostics.map((d) => ({
    location: locationOf(file, d.line ?? result.line, d.line === undefined ? undefined : d.column),
    severity: d.severity,
    // --baseline: still listed (it is still wrong), but said not to fail the run.
    message: d.suppressed ? `${printable(d.message)} (in baseline)` : printable(d.message),
    ruleId: printable(d.ruleId),
    diagnostic: d,
  }));
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
    rows.length === 0 &&
    (result.status === 'error' || result.status === 'skipped') &&
    result.error?.code !== BAIL_SKIP_CODE
  ) {
    const reason = result.error ? `${result.error.message} (${result.error.code})` : 'no reason given';
    rows.push({
      location: locationOf(file, result.line, undefined),
      severity: result.status === 'error' ? 'error' : 'skipped',
      message: printable(
        result.status === 'error' ? `Could not check the file: ${reason}` : `Skipped: ${reason}`,
      ),
      ruleId: '',
    });
  }
  return rows;
}

function locationOf(file: string, line: number | undefined, column: number | undefined): string {
  if (line === undefined) return file;
  return column === undefined ? `${file}:${line}` : `${file}:${line}:${column}`;
}

async function framesFor(
  result: DocumentResult,
  rows: Row[],
  cwd: string,
  paint: ReturnType<typeof palette>,
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
