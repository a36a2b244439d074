// The line a validation run closes with on stderr when no report for people ends stdout (NDJSON piped
// to a file, reports written to files): what was checked, what was found, how long it took and the
// exit code. Short enough for an 80-column terminal in a normal run: only the counts that are not
// zero, and a rate only where one means something (many files, or much data, over a second or more).
import type { SummaryRecord, VerdictReason } from '../types.js';
import { counted, thousands } from './output.js';

/** A rate is worth giving from this many files, or this many bytes, checked in a second or more. */
const RATE_MIN_FILES = 100;
const RATE_MIN_BYTES = 64 * 1024 * 1024;
const RATE_MIN_MS = 1000;

export interface ClosingExtras {
  /** The code the process returns (a report that could not be written makes it 2 after the summary). */
  exitCode: number;
  /** `--cache`: results replayed from it (absent without --cache). */
  replayed?: number;
}

function duration(ms: number): string {
  if (ms >= 60_000) {
    const seconds = Math.round(ms / 1000);
    return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  }
  return `${(ms / 1000).toFixed(1)} s`;
}

function rates(record: SummaryRecord): string {
  if (record.wallMs < RATE_MIN_MS) return '';
  const parts: string[] = [];
  if (record.files.total >= RATE_MIN_FILES)
    parts.push(`${thousands(Math.round(record.throughput.filesPerSec))} files/s`);
  if (record.bytes >= RATE_MIN_BYTES) parts.push(`${record.throughput.mbPerSec.toFixed(1)} MB/s`);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

const PHRASED = ['stale-baseline', 'max-warnings', 'bail'] as const;

function phrase(reason: VerdictReason): string {
  switch (reason.kind) {
    case 'stale-baseline':
      return `${counted(reason.entries, 'baseline entry', 'baseline entries')} gone (--strict-baseline)`;
    case 'max-warnings':
      return `${counted(reason.warnings, 'warning')} over --max-warnings ${reason.limit}`;
    case 'bail':
      return `stopped by --bail ${reason.limit} (${counted(reason.skipped, 'file')} not checked)`;
    default:
      return '';
  }
}

export function closingLine(record: SummaryRecord, extras: ClosingExtras): string {
  const { files, counts } = record;
  const statuses = [
    files.invalid > 0 ? `${thousands(files.invalid)} invalid` : '',
    files.error > 0 ? `${thousands(files.error)} unreadable` : '',
    files.skipped > 0 ? `${thousands(files.skipped)} skipped` : '',
  ].filter((s) => s !== '');
  const checked =
    `${counted(files.total, 'file')}` +
    (files.total > 0 ? ` (${statuses.length > 0 ? statuses.join(', ') : 'all valid'})` : '') +
    // JSON Lines: a file holds many documents; their number is what a dump's reader wants.
    (record.documents !== files.total ? `, ${counted(record.documents, 'document')}` : '');
  const findings = [
    counts.error > 0 ? counted(counts.error, 'error') : '',
    counts.warning > 0 ? counted(counts.warning, 'warning') : '',
    counts.info > 0 ? counted(counts.info, 'info', 'infos') : '',
  ].filter((s) => s !== '');
  const parts = [
    `${checked}: ${findings.length > 0 ? findings.join(', ') : 'no findings'}, ${duration(record.wallMs)}${rates(record)}`,
  ];
  if (extras.replayed !== undefined) parts.push(`${thousands(extras.replayed)} replayed from the cache`);
  if (record.suppressed) {
    const { error, warning, info } = record.suppressed;
    parts.push(`${counted(error + warning + info, 'finding')} in the baseline`);
  }
  // Why the run failed or stopped, from the summary's reasons in the line's short form; findings and
  // unreadable inputs are in the counts above, and a report that failed was said when it failed.
  for (const kind of PHRASED) {
    const reason = record.reasons?.find((r) => r.kind === kind);
    if (reason) parts.push(phrase(reason));
  }
  if (record.exitZero?.masked) parts.push('exit 1 turned into 0 by --exit-zero');
  if (record.reasons?.some((r) => r.kind === 'interrupted')) parts.push('interrupted');
  return `${parts.join(', ')}; exit ${extras.exitCode}`;
}
