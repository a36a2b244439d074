// GitHub Actions workflow commands: one annotation per finding, shown on the pull request's diff.
// GitHub keeps at most 10 error, 10 warning and 10 notice annotations per step (50 per job) and drops the
// rest silently, so we stop at those caps ourselves and finish with one notice that counts what was not
// annotated, each cause on its own (GitHub's cap, --baseline, --max-diagnostics-per-file). The message
// repeats `file:line:col` because the log view shows only the message.
import {
  BAIL_SKIP_CODE,
  type DocumentResult,
  type Reporter,
  type RunRecord,
  type Severity,
  type SummaryRecord,
} from '../types.js';
import {
  inputError,
  isQuietRun,
  type PathOptions,
  plural,
  printable,
  repoRelative,
  writeChunk,
} from './output.js';
import { reasonLines } from './reasons.js';

export const ANNOTATION_CAP = 10;

export interface GithubReporterOptions extends PathOptions {
  /** Annotations per severity (default 10, GitHub's per-step limit). */
  cap?: number;
}

/** Escape the message part of a workflow command. */
export function escapeData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

/** Escape a property value (`file=`, `title=`): also ':' and ',' which delimit properties. */
export function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}

// Control characters other than CR and LF (which escapeData encodes): an ESC from a document would
// otherwise reach the log viewer, which renders ANSI sequences; a bidirectional override would reorder
// the annotation.
function visible(text: string): string {
  return printable(text, true);
}

const COMMAND: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };

/** One workflow command: the file, its line and columns as the runner reads them, and the message. */
function annotation(
  severity: Severity,
  file: string,
  line: number | undefined,
  column: number | undefined,
  title: string,
  message: string,
  end?: { line: number; column: number },
): string {
  const props = [`file=${escapeProperty(visible(file))}`];
  let where = file;
  if (line !== undefined) {
    props.push(`line=${line}`);
    where += `:${line}`;
    const multiline = end !== undefined && end.line > line;
    if (end !== undefined) props.push(`endLine=${end.line}`);
    if (column !== undefined) {
      where += `:${column}`;
      // The runner drops columns when line and endLine differ (actions/runner ValidateLinesAndColumns):
      // a span over several lines is annotated as those lines.
      if (!multiline) props.push(`col=${column}`);
      // GitHub's endColumn is inclusive (it defaults to col: a one-character annotation); ours is
      // exclusive. An empty span (the end of input) stays one column.
      if (end !== undefined && !multiline) props.push(`endColumn=${Math.max(column, end.column - 1)}`);
    }
  }
  props.push(`title=${escapeProperty(visible(title))}`);
  return `::${COMMAND[severity]} ${props.join(',')}::${escapeData(visible(`${where} ${message}`))}\n`;
}

export function createGithubReporter(
  out: NodeJS.WritableStream,
  options: GithubReporterOptions = {},
): Reporter {
  const cap = options.cap ?? ANNOTATION_CAP;
  // The closing notice needs a notice slot of its own, so findings get one fewer.
  const caps: Record<Severity, number> = { error: cap, warning: cap, info: cap - 1 };
  const annotated: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  const found: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  // Findings --max-diagnostics-per-file cut from the records: counted in `found`, never annotatable,
  // and not GitHub's doing, so the closing notice names them apart from those the cap hid.
  const cut: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  // --baseline: accepted findings are not annotated (the run does not fail on them, and they would take
  // the capped slots that new findings need), only counted in the closing notice.
  let baselined = 0;
  // --quiet leaves warnings and infos out on request: they are not "more findings" GitHub failed to show.
  let quiet = false;

  return {
    onStart(run: RunRecord) {
      quiet = isQuietRun(run);
    },

    async onDocument(result: DocumentResult) {
      found.error += result.errors;
      if (!quiet) {
        found.warning += result.warnings;
        found.info += result.infos;
      }
      const file = repoRelative(result.file, options);
      let chunk = '';
      const listed: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
      for (const d of result.diagnostics) {
        listed[d.severity]++;
        if (d.suppressed) {
          baselined++;
          found[d.severity]--;
          continue;
        }
        if (annotated[d.severity] >= caps[d.severity]) continue;
        annotated[d.severity]++;
        const line = d.line ?? result.line;
        chunk += annotation(
          d.severity,
          file,
          line,
          d.line === undefined ? undefined : d.column,
          d.ruleId,
          d.message,
          d.line !== undefined && d.endLine !== undefined && d.endColumn !== undefined
            ? { line: d.endLine, column: d.endColumn }
            : undefined,
        );
      }
      cut.error += result.errors - listed.error;
      if (!quiet) {
        cut.warning += result.warnings - listed.warning;
        cut.info += result.infos - listed.info;
      }
      // Not the files --bail left: a pull request needs the failure, not an annotation per unchecked file.
      if (
        result.diagnostics.length === 0 &&
        (result.status === 'error' || result.status === 'skipped') &&
        result.error?.code !== BAIL_SKIP_CODE
      ) {
        // Not a rule finding, but a file nobody checked must be visible on the pull request.
        const severity: Severity = result.status === 'error' ? 'error' : 'warning';
        found[severity]++;
        if (annotated[severity] < caps[severity]) {
          annotated[severity]++;
          const reason = inputError(result.error);
          const what = result.status === 'error' ? 'Could not check the file' : 'Skipped';
          chunk += annotation(
            severity,
            file,
            result.line,
            undefined,
            'mcpdesc-validate',
            `${what}: ${reason}`,
          );
        }
      }
      await writeChunk(out, chunk);
    },

    async onEnd(summary: SummaryRecord) {
      // What failed the step or cut it short, when it is not a finding of its own.
      for (const reason of reasonLines(summary)) {
        // Findings and unreadable inputs have annotations of their own.
        if (reason.kind === 'findings' || reason.kind === 'unreadable') continue;
        const command = reason.fails ? 'error' : 'notice';
        await writeChunk(out, `::${command} title=mcpdesc-validate::${escapeData(reason.text)}\n`);
      }
      // Listed in the report but over GitHub's cap, apart from those the limit cut before any report.
      const capped = {
        error: found.error - annotated.error - cut.error,
        warning: found.warning - annotated.warning - cut.warning,
        info: found.info - annotated.info - cut.info,
      };
      const cappedTotal = capped.error + capped.warning + capped.info;
      const cutTotal = cut.error + cut.warning + cut.info;
      if (cappedTotal === 0 && cutTotal === 0 && baselined === 0) return;
      const tally = (c: Record<Severity, number>) =>
        `${plural(c.error, 'error')}, ${plural(c.warning, 'warning')}, ${plural(c.info, 'info')}`;
      const parts: string[] = [];
      if (baselined > 0) parts.push(`${baselined} findings covered by --baseline were not annotated.`);
      if (cappedTotal > 0) {
        parts.push(
          `${cappedTotal} more findings were not annotated (${tally(capped)}): ` +
            `GitHub shows at most ${cap} annotations of each kind per step.`,
        );
      }
      if (baselined > 0 || cappedTotal > 0) {
        parts.push(
          'See the full report (for example --format sarif=results.sarif or --format ndjson=results.ndjson).',
        );
      }
      if (cutTotal > 0) {
        parts.push(
          `${cutTotal} more findings (${tally(cut)}) are beyond --max-diagnostics-per-file: ` +
            'counted in the summary but listed in no report (raise the limit to see them).',
        );
      }
      const message = parts.join(' ');
      await writeChunk(out, `::notice title=mcpdesc-validate::${escapeData(message)}\n`);
    },
  };
}
