// JUnit XML for CI test-report views: one <testcase> per document (per file; per line of a JSON Lines
// file). A document fails when it has errors (or warnings, with --fail-on warning) that no --baseline
// covers (the run's exit code ignores those too); the failure lists its findings. Documents that could not be checked are <error>s, skipped ones <skipped>.
// A run failed by --max-warnings or --strict-baseline gets one more, failing, test case for each.
//
// Totals belong in attributes of the opening <testsuites>/<testsuite> tags, but are only known at the
// end, and the report is streamed. When the report goes to a file (written through an AtomicFile), room
// for the totals is reserved as blanks inside the opening tags (whitespace before '>' is valid XML) and
// filled in place before the rename: one pass, constant memory, a complete header. On a stream that
// cannot be patched (stdout) the totals go in the suite's trailing <system-out> instead; the common
// consumers (Jenkins, GitLab, Azure DevOps) count the test cases themselves.
import type { DocumentResult, LocatedDiagnostic, Reporter, RunRecord, SummaryRecord } from '../types.js';
import { inputError, isQuietRun, plural, unlistedCount, writeChunk } from './output.js';
import { reasonLines } from './reasons.js';
import { xmlAttr, xmlText } from './xml-escape.js';

export interface JunitReporterOptions {
  /** Overwrite reserved bytes once the file is complete (AtomicFile.patchOnCommit). */
  patchOnCommit?: (position: number, text: string) => void;
}

/** Room for ` tests="…" failures="…" errors="…" skipped="…" time="…"` with 12-digit counts. */
const RESERVED = 120;

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

function findingLine(result: DocumentResult, d: LocatedDiagnostic): string {
  const line = d.line ?? result.line;
  let where = result.file;
  if (line !== undefined)
    where += d.line !== undefined && d.column !== undefined ? `:${line}:${d.column}` : `:${line}`;
  const message = d.suppressed ? `${d.message} (in baseline)` : d.message;
  return `${where}  ${d.severity}  ${message}  ${d.ruleId}  ${d.docsUrl}`;
}

export function createJunitReporter(
  out: NodeJS.WritableStream,
  options: JunitReporterOptions = {},
): Reporter {
  const totals = { tests: 0, failures: 0, errors: 0, skipped: 0 };
  let failOn: unknown = 'error';
  let quiet = false;
  const reserved = options.patchOnCommit ? ' '.repeat(RESERVED) : '';
  const patchAt: number[] = [];

  return {
    async onStart(run: RunRecord) {
      failOn = run.options.failOn;
      quiet = isQuietRun(run);
      const xmlDecl = '<?xml version="1.0" encoding="UTF-8"?>\n';
      const suitesOpen = `<testsuites name="${xmlAttr(run.tool.name)}"`;
      const suiteOpen = `  <testsuite name="${xmlAttr(run.tool.name)}" timestamp="${xmlAttr(run.startedAt)}"`;
      // Everything before the reserved blanks is ASCII here except the tool name: count bytes, not chars.
      let header = xmlDecl + suitesOpen;
      patchAt.push(Buffer.byteLength(header));
      header += `${reserved}>\n${suiteOpen}`;
      patchAt.push(Buffer.byteLength(header));
      header += `${reserved}>\n`;
      await writeChunk(out, header);
    },

    async onDocument(result: DocumentResult) {
      totals.tests++;
      const name = result.line === undefined ? result.file : `${result.file}:${result.line}`;
      const open = `    <testcase classname="mcpdesc-validate" name="${xmlAttr(name)}" file="${xmlAttr(result.file)}" time="${seconds(result.durationMs)}"`;
      const hidden = unlistedCount(result, quiet);
      const listing = [
        ...result.diagnostics.map((d) => findingLine(result, d)),
        ...(hidden > 0
          ? [`… ${plural(hidden, 'more finding')} not listed (--max-diagnostics-per-file)`]
          : []),
      ].join('\n');
      let body = '';
      // --baseline: accepted findings do not fail the run, so they do not fail its test case either.
      const accepted = { error: 0, warning: 0, info: 0 };
      for (const d of result.diagnostics) if (d.suppressed) accepted[d.severity]++;
      const errors = result.errors - accepted.error;
      const warnings = result.warnings - accepted.warning;
      const infos = result.infos - accepted.info;
      // Errors fail the test case; warnings and infos too when the run's --fail-on counts them.
      const failed =
        errors > 0 ||
        ((failOn === 'warning' || failOn === 'info') && warnings > 0) ||
        (failOn === 'info' && infos > 0);
      if (failed) {
        totals.failures++;
        const firstError = result.diagnostics.find((d) => d.severity === 'error') ?? result.diagnostics[0];
        const message = [plural(result.errors, 'error'), plural(result.warnings, 'warning')].join(', ');
        body = `      <failure message="${xmlAttr(message)}" type="${xmlAttr(firstError?.ruleId ?? 'mcpdesc')}">${xmlText(listing)}</failure>\n`;
      } else if (result.status === 'error') {
        totals.errors++;
        const reason = result.error ? inputError(result.error) : 'the file could not be checked';
        body = `      <error message="${xmlAttr(reason)}" type="${xmlAttr(result.error?.code ?? 'error')}"/>\n`;
      } else if (result.status === 'skipped') {
        totals.skipped++;
        body = `      <skipped message="${xmlAttr(result.error?.message ?? 'skipped')}"/>\n`;
      }
      if (!failed && listing.length > 0) body += `      <system-out>${xmlText(listing)}</system-out>\n`;
      await writeChunk(out, body === '' ? `${open}/>\n` : `${open}>\n${body}    </testcase>\n`);
    },

    async onEnd(summary: SummaryRecord) {
      // Run-level failures belong to no document: without a test case of their own, a run failed
      // only by --max-warnings or --strict-baseline shows green in a CI's test view while the job is
      // red. JUnit has no failure element on a suite, so each gets one failing test case. A report
      // that could not be written is not about the inputs: the summary's failedOutputs names it.
      const runFailures = reasonLines(summary)
        .filter((r) => r.fails && !['findings', 'unreadable', 'failed-output'].includes(r.kind))
        .map((r) => ({ name: r.kind, type: r.kind, message: r.text }));
      for (const f of runFailures) {
        totals.tests++;
        totals.failures++;
        await writeChunk(
          out,
          `    <testcase classname="mcpdesc-validate" name="${xmlAttr(f.name)}" time="0.000">\n      <failure message="${xmlAttr(f.message)}" type="${f.type}"/>\n    </testcase>\n`,
        );
      }
      const attrs = ` tests="${totals.tests}" failures="${totals.failures}" errors="${totals.errors}" skipped="${totals.skipped}" time="${seconds(summary.wallMs)}"`;
      let tail = '';
      if (options.patchOnCommit && attrs.length <= RESERVED) {
        for (const position of patchAt) options.patchOnCommit(position, attrs.padEnd(RESERVED));
      } else {
        tail = `    <system-out>${xmlText(`Totals:${attrs.replaceAll('"', '')}`)}</system-out>\n`;
      }
      await writeChunk(out, `${tail}  </testsuite>\n</testsuites>\n`);
    },
  };
}
