// The summary of merged reports: the shards' summaries combined (counts summed, timing recombined),
// the verdict options judged over the whole run, keys in a single run's order.
import type { SummaryRecord, VerdictReason } from '../types.js';
import type { JsonRecord } from './ndjson.js';
import type { FailOn, SeverityCounts } from './verdict.js';
import { factsOfSummary, failingCount, verdictReasons } from './verdict.js';

/**
 * Add every numeric leaf of `from` into `into` (recursively), copying keys `into` lacks. Keys are the
 * shards' (rule ids in `byRule`): only own members are read, and each is defined as an own member, so
 * `constructor` is summed like any rule and `__proto__` stays a key.
 */
function addInto(into: Record<string, unknown>, from: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(from)) {
    const current = Object.hasOwn(into, key) ? into[key] : undefined;
    if (typeof value === 'number' && typeof current === 'number') setOwn(into, key, current + value);
    else if (current === undefined) setOwn(into, key, structuredClone(value));
    else if (isPlainObject(value) && isPlainObject(current)) addInto(current, value);
  }
}

function setOwn(into: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(into, key, { value, writable: true, enumerable: true, configurable: true });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function sortKeys(value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

const TIMING_KEYS = new Set(['wallMs', 'peakRssBytes', 'throughput']);

/**
 * The summary of a run made of `summaries` (one per shard): additive fields summed, timing
 * recombined, verdict fields left for the caller to set.
 */
export function combineSummaries(summaries: readonly JsonRecord[]): JsonRecord {
  const merged: JsonRecord = {};
  for (const summary of summaries) {
    const additive: JsonRecord = {};
    for (const [key, value] of Object.entries(summary)) if (!TIMING_KEYS.has(key)) additive[key] = value;
    addInto(merged, additive);
  }
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  // Shards run side by side: the merged run took as long as the slowest one.
  const wallMs = Math.max(0, ...summaries.map((s) => num(s.wallMs)));
  const seconds = wallMs / 1000;
  const files = num((merged.files as JsonRecord | undefined)?.total);
  const rate = (n: number) => (seconds > 0 ? Math.round((n / seconds) * 100) / 100 : 0);
  merged.wallMs = wallMs;
  merged.throughput = {
    filesPerSec: rate(files),
    mbPerSec: rate(num(merged.bytes) / 1e6),
    toolsPerSec: rate(num(merged.tools)),
  };
  merged.peakRssBytes = Math.max(0, ...summaries.map((s) => num(s.peakRssBytes)));
  if (isPlainObject(merged.byRule)) merged.byRule = sortKeys(merged.byRule);
  if (isPlainObject(merged.stats)) merged.stats = roundStats(merged.stats);
  // Where the first shard to name one put it (addInto kept that shard's list alone).
  if (Object.hasOwn(merged, 'failedOutputs')) merged.failedOutputs = combinedOutputs(summaries);
  return merged;
}

/**
 * Every shard's `failedOutputs`, in shard order; an output two shards name (same format and path: a
 * shared file both wrote) is listed once, as the first named it.
 */
function combinedOutputs(summaries: readonly JsonRecord[]): unknown[] {
  const seen = new Set<string>();
  const outputs: unknown[] = [];
  for (const { failedOutputs } of summaries) {
    if (!Array.isArray(failedOutputs)) continue;
    for (const output of failedOutputs) {
      const key = isPlainObject(output)
        ? JSON.stringify([output.format ?? null, output.path ?? null])
        : JSON.stringify(output);
      if (seen.has(key)) continue;
      seen.add(key);
      outputs.push(structuredClone(output));
    }
  }
  return outputs;
}

/**
 * `--stats` of shards: phases and each rule's time are summed above (shards differing in --stats are
 * refused, like any option that changes records); rounded back to the microsecond a run writes, rules
 * in a run's order.
 */
function roundStats(stats: JsonRecord): JsonRecord {
  const round = (v: unknown) => (typeof v === 'number' ? Math.round(v * 1000) / 1000 : v);
  const out: JsonRecord = { ...stats };
  if (isPlainObject(stats.phases)) {
    out.phases = Object.fromEntries(Object.entries(stats.phases).map(([key, value]) => [key, round(value)]));
  }
  if (isPlainObject(stats.rules)) {
    out.rules = Object.fromEntries(
      Object.entries(sortKeys(stats.rules) as JsonRecord).map(([id, timing]) => [
        id,
        isPlainObject(timing) ? { ...timing, ms: round(timing.ms) } : timing,
      ]),
    );
  }
  return out;
}

/**
 * The reasons of the merged run, for shards that recorded theirs: the tallies' from the combined
 * fields; an interrupt and "nothing matched", which no tally shows, only as a shard recorded them (all
 * shards list the same inputs: one that matched nothing speaks for all). An exit 2 of the merge itself
 * (a missing shard) is no reason of the run: merge says it on stderr.
 */
export function mergedReasons(merged: JsonRecord, shards: readonly JsonRecord[]): VerdictReason[] {
  const recorded = (kind: VerdictReason['kind']) =>
    shards.some(
      (s) => Array.isArray(s.reasons) && s.reasons.some((r: unknown) => isPlainObject(r) && r.kind === kind),
    );
  return verdictReasons(
    factsOfSummary(merged as unknown as SummaryRecord, {
      // Only a signal makes a run exit 130, whether or not its report lists reasons.
      interrupted: recorded('interrupted') || shards.some((s) => s.exitCode === 130),
      nothingMatched: recorded('nothing-matched'),
    }),
  );
}

/** A shard's exit 1 that its findings do not explain: --strict-baseline found stale entries. */
export function staleBaselineFailure(summary: JsonRecord, runFailOn: FailOn): boolean {
  if (summary.exitCode !== 1) return false;
  // Reports since staleBaseline exists say it; older ones are judged from their counts below.
  if (typeof summary.staleBaseline === 'number') return summary.staleBaseline > 0;
  // --max-warnings failed it: judged again over the whole run (runVerdict), not carried over.
  if ((summary.maxWarnings as { exceeded?: unknown } | undefined)?.exceeded === true) return false;
  const num = (v: unknown) => (typeof v === 'number' ? v : 0);
  const counts = (summary.counts ?? {}) as JsonRecord;
  const suppressed = (summary.suppressed ?? {}) as JsonRecord;
  const failing = failingCount(runFailOn, {
    error: num(counts.error) - num(suppressed.error),
    warning: num(counts.warning) - num(suppressed.warning),
    info: num(counts.info) - num(suppressed.info),
  });
  return failing === 0;
}

/**
 * The summary fields of --max-warnings and --bail over the whole run: summing them field by field
 * (combineSummaries) would add up the shards' limits. The shards ran with the same options
 * (checkRuns), so the limits are the run's; the limit applies to the run's warnings, not each shard's.
 */
export function runVerdict(
  run: JsonRecord,
  summary: JsonRecord,
  summaries: readonly JsonRecord[],
  failing: SeverityCounts,
): { overWarnings: boolean; exitZero: boolean } {
  const options = (run.options ?? {}) as JsonRecord;
  let overWarnings = false;
  if (typeof options.maxWarnings === 'number') {
    overWarnings = failing.warning > options.maxWarnings;
    summary.maxWarnings = { limit: options.maxWarnings, warnings: failing.warning, exceeded: overWarnings };
  }
  if (typeof options.bail === 'number') {
    const bails = summaries.map((s) => s.bail as { stopped?: unknown; skipped?: unknown } | undefined);
    summary.bail = {
      limit: options.bail,
      // Each shard stops on its own failures: the merged run stopped where any shard did.
      stopped: bails.some((b) => b?.stopped === true),
      skipped: bails.reduce((n, b) => n + (typeof b?.skipped === 'number' ? b.skipped : 0), 0),
    };
  }
  return { overWarnings, exitZero: options.exitZero === true };
}

// A single run's order (reporting/summary.ts, then what cli/run.ts adds), so that a merged summary is written as
// the run on one machine would have written it, and `report` renders it byte for byte the same.
const SUMMARY_ORDER = [
  'type',
  'exitCode',
  'aborted',
  'failOn',
  'files',
  'documents',
  'counts',
  'byRule',
  'bytes',
  'tools',
  'wallMs',
  'throughput',
  'peakRssBytes',
  'shard',
  'stats',
  'suppressed',
  'staleBaseline',
  'maxWarnings',
  'bail',
  'exitZero',
];

/** The summary with its keys in a single run's order, any others (later counters) after. */
export function orderSummary(summary: JsonRecord): JsonRecord {
  const out: JsonRecord = {};
  for (const key of SUMMARY_ORDER) if (key in summary) out[key] = summary[key];
  for (const [key, value] of Object.entries(summary)) if (!(key in out)) out[key] = value;
  return out;
}
