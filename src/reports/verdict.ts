// The exit-code rule shared by a run, `merge` and baselines: findings at or above `--fail-on` that a
// baseline did not suppress make exit code 1; and the reasons a run did not pass.
import type { SummaryRecord, VerdictReason } from '../types.js';

export type FailOn = 'error' | 'warning' | 'info' | 'never';

export interface SeverityCounts {
  error: number;
  warning: number;
  info: number;
}

export function isFailOn(value: unknown): value is FailOn {
  return value === 'error' || value === 'warning' || value === 'info' || value === 'never';
}

/** How many of `counts` are at or above `failOn`. */
export function failingCount(failOn: FailOn, counts: SeverityCounts): number {
  switch (failOn) {
    case 'never':
      return 0;
    case 'error':
      return counts.error;
    case 'warning':
      return counts.error + counts.warning;
    case 'info':
      return counts.error + counts.warning + counts.info;
  }
}

export function emptyCounts(): SeverityCounts {
  return { error: 0, warning: 0, info: 0 };
}

/** What a run's verdict is made of, once its documents are all counted. */
export interface VerdictFacts {
  /** A signal stopped the run. */
  interrupted: boolean;
  /** No input matched (and an empty run was not allowed). */
  nothingMatched: boolean;
  /** Inputs that could not be checked (status 'error'). */
  unreadable: number;
  /** Report outputs that could not be written. */
  failedOutputs: number;
  /** Findings that can fail the run: those a baseline covers are taken out. */
  failing: SeverityCounts;
  failOn: FailOn;
  /** `--max-warnings` (null: no limit). */
  maxWarnings: number | null;
  /** Baseline entries whose findings are gone, under --strict-baseline (0 otherwise). */
  staleBaseline: number;
  /** `--bail`, when it stopped the run. */
  bail: { limit: number; skipped: number } | null;
}

/** Why a run did not pass, in order of weight; empty when it passed. */
export function verdictReasons(f: VerdictFacts): VerdictReason[] {
  const reasons: VerdictReason[] = [];
  if (f.interrupted) reasons.push({ kind: 'interrupted' });
  if (f.nothingMatched) reasons.push({ kind: 'nothing-matched' });
  if (f.unreadable > 0) reasons.push({ kind: 'unreadable', inputs: f.unreadable });
  if (f.failedOutputs > 0) reasons.push({ kind: 'failed-output', outputs: f.failedOutputs });
  if (f.failOn !== 'never' && failingCount(f.failOn, f.failing) > 0) {
    const { error, warning, info } = f.failing;
    const counts = {
      error,
      warning: f.failOn === 'error' ? 0 : warning,
      info: f.failOn === 'info' ? info : 0,
    };
    reasons.push({ kind: 'findings', failOn: f.failOn, counts });
  }
  if (f.maxWarnings !== null && f.failing.warning > f.maxWarnings)
    reasons.push({ kind: 'max-warnings', limit: f.maxWarnings, warnings: f.failing.warning });
  if (f.staleBaseline > 0) reasons.push({ kind: 'stale-baseline', entries: f.staleBaseline });
  if (f.bail !== null) reasons.push({ kind: 'bail', limit: f.bail.limit, skipped: f.bail.skipped });
  return reasons;
}

/** What a summary's fields cannot show: only the run (or its shards) knew it and recorded it. */
export interface UnrecordedFacts {
  interrupted: boolean;
  nothingMatched: boolean;
}

/**
 * The facts of a summary's fields (a report read back is untrusted: a field it lacks counts as
 * nothing), with `known` for what those fields cannot show.
 */
export function factsOfSummary(summary: SummaryRecord, known: UnrecordedFacts): VerdictFacts {
  const accepted = { ...emptyCounts(), ...summary.suppressed };
  const counts = { ...emptyCounts(), ...summary.counts };
  return {
    ...known,
    unreadable: summary.files?.error ?? 0,
    failedOutputs: summary.failedOutputs?.length ?? 0,
    failing: {
      error: counts.error - accepted.error,
      warning: counts.warning - accepted.warning,
      info: counts.info - accepted.info,
    },
    failOn: summary.failOn,
    maxWarnings: summary.maxWarnings?.exceeded ? summary.maxWarnings.limit : null,
    staleBaseline: summary.staleBaseline ?? 0,
    bail: summary.bail?.stopped ? { limit: summary.bail.limit, skipped: summary.bail.skipped } : null,
  };
}

/**
 * The reasons of a summary written without them (an older report): read back from its fields. No
 * field says that nothing matched (an exit 2 without files is as well an input list that could not be
 * read, or a report that could not be written), so no reason claims it: such an exit 2 stays
 * unexplained rather than guessed.
 */
export function reasonsOfSummary(summary: SummaryRecord): VerdictReason[] {
  if (Array.isArray(summary.reasons)) return summary.reasons;
  // A run that stopped before its end (a signal, or no output left) has partial results.
  const interrupted = summary.exitCode === 130 || summary.aborted;
  return verdictReasons(factsOfSummary(summary, { interrupted, nothingMatched: false }));
}
