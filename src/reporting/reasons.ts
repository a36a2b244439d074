// The one wording of why a run did not pass, for every report: the summary's `reasons` (and whether
// --exit-zero turned its 1 into 0) as sentences. Reporters place the sentences; they never look at the
// options or counts that produced them.
import type { SummaryRecord, VerdictReason } from '../types.js';
import { counted } from './output.js';

export interface ReasonLine {
  kind: VerdictReason['kind'] | 'exit-zero';
  /** Whether it fails the run (an interrupt, a bail and --exit-zero only say why the results look so). */
  fails: boolean;
  text: string;
}

function sentence(reason: VerdictReason): string {
  switch (reason.kind) {
    case 'interrupted':
      return 'The run was interrupted: these results are partial.';
    case 'nothing-matched':
      return 'No input file matched.';
    case 'unreadable':
      return `${counted(reason.inputs, 'input')} could not be checked.`;
    case 'failed-output':
      return `${counted(reason.outputs, 'report')} could not be written.`;
    case 'findings': {
      const { error, warning, info } = reason.counts;
      const what = [
        error > 0 ? counted(error, 'error') : '',
        warning > 0 ? counted(warning, 'warning') : '',
        info > 0 ? counted(info, 'info', 'infos') : '',
      ].filter((part) => part !== '');
      return `${what.join(', ')} at or above the failing level (${reason.failOn}).`;
    }
    case 'max-warnings':
      return `${counted(reason.warnings, 'warning')}: more than --max-warnings ${reason.limit}.`;
    case 'stale-baseline':
      return `${counted(reason.entries, 'baseline entry', 'baseline entries')} no longer found (--strict-baseline).`;
    case 'bail':
      return `Stopped by --bail ${reason.limit}: ${counted(reason.skipped, 'file')} not checked.`;
  }
}

/** The summary's reasons as sentences, in its order, then the --exit-zero note when it applied. */
export function reasonLines(summary: SummaryRecord): ReasonLine[] {
  const lines: ReasonLine[] = (summary.reasons ?? []).map((reason) => ({
    kind: reason.kind,
    fails: reason.kind !== 'interrupted' && reason.kind !== 'bail',
    text: sentence(reason),
  }));
  if (summary.exitZero?.masked)
    lines.push({ kind: 'exit-zero', fails: false, text: 'Exit code 0 all the same (--exit-zero).' });
  return lines;
}
