// Planning, for the library and the CLI alike: discovered files become planned inputs (a job each,
// flagged when it is unreadable, standard input, or large enough to fan out over the pool), and the
// work plan that sizes the pool. Small runs are planned exactly (every size known up front, so a tiny
// run can stay in-process); larger ones get their sizes stat'ed lazily, alongside the work.
import { type DiscoveredFile, jobOf } from '../discovery/discover.js';
import { fillSizes, withSizes } from '../discovery/sizes.js';
import type { PlannedInput } from '../pool/batches.js';
import type { WorkPlan } from '../pool/concurrency.js';
import { fansOut, jsonLinesPlan } from '../pool/fanout-loader.js';
import { DEFAULT_LINE_RANGES, type LineRangeTuning } from '../pool/line-ranges.js';

/** Up to this many inputs, sizes are stat'ed before planning (~10 µs each, ≤ ~10 ms in all). */
export const EXACT_PLAN_FILES = 1024;

export interface PlanSettings {
  streamThreshold: number;
  lineRanges: LineRangeTuning;
  /** Plan exactly whatever the number of inputs (a --cache run reads every cached file anyway). */
  exact?: boolean;
}

export interface Planned {
  /** An array when planned exactly, else a lazy stream in input order. */
  inputs: PlannedInput[] | AsyncIterable<PlannedInput>;
  exact: boolean;
}

export async function planInputs(files: DiscoveredFile[], settings: PlanSettings): Promise<Planned> {
  const exact = settings.exact === true || files.length <= EXACT_PLAN_FILES;
  const toPlanned = (f: DiscoveredFile, index: number): PlannedInput => {
    const input: PlannedInput = { job: jobOf(f, index) };
    if (f.error) input.error = f.error;
    if (f.stdin) input.stdin = true;
    if (!f.error && !f.stdin && fansOut(f.file, f.size, settings.streamThreshold, settings.lineRanges))
      input.huge = true;
    return input;
  };
  if (!exact) return { inputs: lazyInputs(files, toPlanned), exact };
  await fillSizes(files);
  return { inputs: files.map(toPlanned), exact };
}

async function* lazyInputs(
  files: readonly DiscoveredFile[],
  toPlanned: (f: DiscoveredFile, index: number) => PlannedInput,
): AsyncGenerator<PlannedInput> {
  let index = 0;
  for await (const f of withSizes(files)) yield toPlanned(f, index++);
}

/** The plan of `files` inputs; with the planned inputs themselves (exact planning), their sizes too. */
export function workPlanOf(
  files: number,
  planned: readonly PlannedInput[] | null,
  lineRanges: LineRangeTuning,
): WorkPlan {
  const plan: WorkPlan = { files };
  if (planned === null) return plan;
  plan.bytes = planned.reduce((n, i) => n + i.job.size, 0);
  plan.fannedOutFiles = planned.filter((i) => i.huge).length;
  plan.fannedOutBytes = planned.reduce((n, i) => n + (i.huge ? i.job.size : 0), 0);
  Object.assign(plan, jsonLinesPlan(planned, lineRanges));
  return plan;
}

/**
 * Test hook (docs/cli.md): MCPDESC_VALIDATE_TEST_JSONL_RANGE_BYTES=N splits plain JSON Lines files
 * larger than N bytes into ranges of N bytes, so tests cut small files at many places.
 */
export function lineRangeTuning(env: NodeJS.ProcessEnv): LineRangeTuning {
  const raw = env.MCPDESC_VALIDATE_TEST_JSONL_RANGE_BYTES;
  const n = raw === undefined ? Number.NaN : Number(raw);
  return Number.isSafeInteger(n) && n > 0
    ? { thresholdBytes: n, rangeBytes: n, portThresholdBytes: n }
    : DEFAULT_LINE_RANGES;
}

/**
 * The range tuning of a run; in a --cache run (`streamThreshold` given) files up to the stream
 * threshold are not split: the cache may keep those (worker/check-file.ts `cacheable`), and it hashes
 * a file where one worker reads it whole. Larger ones are never cached, so nothing is lost by
 * splitting them; a file read whole is then at most the stream threshold.
 */
export function withCache(tuning: LineRangeTuning, streamThreshold: number | null): LineRangeTuning {
  if (streamThreshold === null) return tuning;
  return {
    ...tuning,
    thresholdBytes: Math.max(tuning.thresholdBytes, streamThreshold),
    portThresholdBytes: Math.max(tuning.portThresholdBytes, streamThreshold),
  };
}
