// The end of a validation run, once every outcome is reported: the cache saved, the baseline judged
// (--strict-baseline) and written (--write-baseline), the verdict and its reasons in the summary, the
// outputs committed and the closing line on stderr. Returns the process's exit code.
import { closingLine } from '../reporting/closing-line.js';
import { isHumanFormat } from '../reporting/reporter-registry.js';
import { statsLines } from '../reporting/stats.js';
import type { SummaryAggregator } from '../reporting/summary.js';
import { inShard } from '../reports/shard.js';
import { type SeverityCounts, verdictReasons } from '../reports/verdict.js';
import { describeStale, type FindingCollector, staleEntries, writeBaseline } from '../state/baseline.js';
import type { ResultCache } from '../state/cache.js';
import type { SummaryRecord } from '../types.js';
import type { Bail } from './bail.js';
import { EXIT_FINDINGS, EXIT_OK, exitCodeFor } from './exit-code.js';
import type { Outputs } from './outputs.js';
import type { BaselineFiles, RunContext } from './run-inputs.js';

export interface RunTally {
  started: number;
  nothingMatched: boolean;
  baselines: BaselineFiles;
  findings: FindingCollector | null;
  cache: ResultCache | null;
  bail: Bail | null;
  outputs: Outputs;
  /** The reader of stdout left, or every output failed. */
  outputsGone: boolean;
  summary: SummaryAggregator;
  /** Findings the baseline covers, by severity. */
  suppressed: SeverityCounts;
  replayed: number;
}

export async function finishRun(ctx: RunContext, t: RunTally): Promise<number> {
  const { settings } = ctx;
  // An interrupted run keeps the old entries of the files it did not reach. So does a run --bail cut
  // short: its skipped files were not looked at.
  const cutShort = t.bail !== null && t.bail.skipped > 0;
  if (t.cache) {
    for (const warning of await t.cache.save({ keepUnseen: ctx.interrupted || cutShort })) ctx.note(warning);
  }
  // The run stopped before its end: an interrupt, or no output left.
  const stopped = ctx.interrupted || t.outputsGone;
  const stale = stopped ? 0 : staleBaseline(ctx, t);
  const failedOutputs = [...t.outputs.failures, ...(await writeTheBaseline(ctx, t, stopped))];
  // Findings the baseline covers are reported (marked suppressed) but do not fail the run.
  const failing = {
    error: t.summary.counts.error - t.suppressed.error,
    warning: t.summary.counts.warning - t.suppressed.warning,
    info: t.summary.counts.info - t.suppressed.info,
  };
  const bail = t.bail;
  const reasons = verdictReasons({
    interrupted: ctx.interrupted,
    nothingMatched: t.nothingMatched && settings.allowEmpty !== true,
    unreadable: t.summary.files.error,
    failedOutputs: failedOutputs.length,
    failing,
    failOn: settings.failOn,
    maxWarnings: settings.maxWarnings ?? null,
    staleBaseline: stale,
    bail: bail?.stopped ? { limit: bail.limit, skipped: bail.skipped } : null,
  });
  const exitZero = settings.exitZero === true;
  const exitCode = exitCodeFor(reasons, { exitZero });
  const record = t.summary.finish({
    exitCode,
    aborted: stopped,
    failOn: settings.failOn,
    wallMs: performance.now() - t.started,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    shard: settings.shard,
  });
  // With --baseline the counts include accepted findings; this says how many, so the summary alone
  // explains its exit code.
  if (t.baselines.baseline) record.suppressed = { ...t.suppressed };
  if (t.baselines.baseline && settings.strictBaseline) record.staleBaseline = stale;
  const maxWarnings = settings.maxWarnings ?? null;
  if (maxWarnings !== null)
    record.maxWarnings = {
      limit: maxWarnings,
      warnings: failing.warning,
      exceeded: failing.warning > maxWarnings,
    };
  if (bail) record.bail = { limit: bail.limit, stopped: bail.stopped, skipped: bail.skipped };
  if (exitZero) record.exitZero = { masked: exitCode === EXIT_OK && exitCodeFor(reasons) === EXIT_FINDINGS };
  // What the outputs still written were told of those that failed (they are the reason for exit 2).
  if (failedOutputs.length > 0) record.failedOutputs = failedOutputs;
  record.reasons = reasons;
  await t.outputs.deliver((r) => r.onEnd(record));
  // A report that fails only now (its last writes, its rename) went out of the summary above; it still
  // fails the run, and the closing line must state the code the process really returns.
  const committed = await t.outputs.commit();
  const finalCode = committed
    ? exitCode
    : exitCodeFor([...reasons, { kind: 'failed-output', outputs: 1 }], { exitZero });
  closingLines(ctx, t, record, finalCode);
  t.outputs.detach();
  return finalCode;
}

/**
 * --strict-baseline: baselined findings that are gone fail the run, so the baseline shrinks. A shard
 * judges only the entries of its own files, nor can a run judge those of the files --bail left.
 */
function staleBaseline(ctx: RunContext, t: RunTally): number {
  const { baseline } = t.baselines;
  const shard = ctx.settings.shard;
  if (!baseline || !ctx.settings.strictBaseline) return 0;
  const skippedByBail = t.bail?.skippedNames;
  const entries = staleEntries(
    baseline,
    shard || skippedByBail?.size ? (f) => (!shard || inShard(f, shard)) && !skippedByBail?.has(f) : undefined,
  );
  for (const line of describeStale(entries)) ctx.note(line);
  return entries.length;
}

/** --write-baseline; its failure, as a failed output. A run that stopped early writes none. */
async function writeTheBaseline(
  ctx: RunContext,
  t: RunTally,
  stopped: boolean,
): Promise<NonNullable<SummaryRecord['failedOutputs']>> {
  const { baselineFile } = t.baselines;
  const path = ctx.settings.writeBaseline;
  let failure: Error | null = null;
  if (t.findings && baselineFile && !stopped) {
    try {
      await writeBaseline(t.findings, baselineFile, { name: 'mcpdesc-validate', version: ctx.io.version });
    } catch (error) {
      failure = error as Error;
      ctx.note(`cannot write the baseline ${path}: ${failure.message}`);
    }
  }
  // A run that stopped early would write a baseline without the findings of the files it did not reach.
  if (failure !== null || stopped) await baselineFile?.abort();
  return failure ? [{ format: 'baseline', path, message: failure.message }] : [];
}

/** One closing line for the human watching stderr, unless a report for people on stdout ends with one. */
function closingLines(ctx: RunContext, t: RunTally, record: SummaryRecord, exitCode: number): void {
  const { settings } = ctx;
  const textOnStdout = settings.formats.some((f) => f.path === null && isHumanFormat(f.name));
  if (t.outputs.stdoutClosed || textOnStdout) return;
  if (!settings.quiet) {
    ctx.note(closingLine(record, { exitCode, ...(t.cache ? { replayed: t.replayed } : {}) }));
    for (const line of statsLines(record)) ctx.note(line);
  } else if (record.maxWarnings?.exceeded) {
    // --quiet drops the closing line, but not the one reason for exit 1 that no error-level finding in
    // the report shows (ESLint prints its "too many warnings" under --quiet too).
    const { warnings, limit } = record.maxWarnings;
    ctx.note(
      `${warnings} warning${warnings === 1 ? '' : 's'} over --max-warnings ${limit}; exit ${exitCode}`,
    );
  }
}
