// Aggregates document results into the summary record. `files` counts inputs (a JSON Lines file is one
// input whose status is its worst document's: error > invalid > skipped > valid); `documents` counts
// `file` records. Counts by severity and rule are exact even when diagnostics were truncated. `bytes`
// (and `mbPerSec`) count what was read: not the inputs --bail left unstarted.
import {
  BAIL_SKIP_CODE,
  type DocumentResult,
  type FileStatus,
  type PhaseTimings,
  type RuleTimings,
  type SummaryRecord,
} from '../types.js';
import {
  addPhases,
  addRuleTimings,
  roundedPhases,
  roundedRuleTimings,
  zeroPhases,
} from '../validation/timings.js';
import { sortedCounts } from './output.js';

const RANK: Record<FileStatus, number> = { valid: 0, skipped: 1, invalid: 2, error: 3 };

export interface SummaryMeta {
  exitCode: number;
  aborted: boolean;
  failOn: SummaryRecord['failOn'];
  wallMs: number;
  peakRssBytes: number;
  shard?: SummaryRecord['shard'];
}

export interface SummaryAggregator {
  /**
   * Add the documents of one input (once per input, in any order), or a piece of them: `partial` says
   * more pieces of the same input follow (the input is counted with its last piece).
   */
  addInput(documents: readonly DocumentResult[], partial?: boolean): void;
  /** `--stats`: rule time a thread reported (with any outcome). */
  addRuleTimings(timings: RuleTimings): void;
  readonly counts: SummaryRecord['counts'];
  readonly files: SummaryRecord['files'];
  readonly documents: number;
  readonly bytes: number;
  finish(meta: SummaryMeta): SummaryRecord;
}

/**
 * `stats` (--stats): the summary gets `stats`, the documents' phases summed (those with `timings`:
 * replayed ones have none) and the rule time the threads reported.
 */
export function createSummaryAggregator(options: { stats?: boolean } = {}): SummaryAggregator {
  const phases: PhaseTimings | null = options.stats ? zeroPhases() : null;
  const rules: RuleTimings = {};
  const files = { total: 0, valid: 0, invalid: 0, error: 0, skipped: 0 };
  const counts = { error: 0, warning: 0, info: 0 };
  // Rule ids come from the records, which may come from a replayed cache entry: a Map has no
  // `constructor` or `__proto__` for one to land on.
  const byRule = new Map<string, number>();
  let documents = 0;
  let bytes = 0;
  let tools = 0;
  /** The worst status of the input being added, across its pieces. */
  let worst: FileStatus | null = null;
  return {
    counts,
    files,
    get documents() {
      return documents;
    },
    get bytes() {
      return bytes;
    },
    addInput(docs, partial = false) {
      for (const d of docs) {
        documents++;
        // An input --bail never started was never read: its size (in its record) is not input the
        // run processed, and counting it made `bytes` and `mbPerSec` grow with what the run skipped.
        if (d.error?.code !== BAIL_SKIP_CODE) bytes += d.bytes;
        tools += d.tools;
        counts.error += d.errors;
        counts.warning += d.warnings;
        counts.info += d.infos;
        for (const [rule, n] of Object.entries(d.byRule)) byRule.set(rule, (byRule.get(rule) ?? 0) + n);
        if (phases !== null && d.timings) addPhases(phases, d.timings);
        if (worst === null || RANK[d.status] > RANK[worst]) worst = d.status;
      }
      if (partial) return;
      files.total++;
      // An empty JSON Lines file holds no document and nothing wrong.
      files[worst ?? 'valid']++;
      worst = null;
    },
    addRuleTimings(timings) {
      addRuleTimings(rules, timings);
    },
    finish(meta) {
      const seconds = meta.wallMs / 1000;
      const rate = (n: number) => (seconds > 0 ? Math.round((n / seconds) * 100) / 100 : 0);
      const sortedByRule = sortedCounts(byRule);
      const record: SummaryRecord = {
        type: 'summary',
        exitCode: meta.exitCode,
        aborted: meta.aborted,
        failOn: meta.failOn,
        files: { ...files },
        documents,
        counts: { ...counts },
        byRule: sortedByRule,
        bytes,
        tools,
        wallMs: Math.round(meta.wallMs * 1000) / 1000,
        throughput: {
          filesPerSec: rate(files.total),
          mbPerSec: rate(bytes / 1e6),
          toolsPerSec: rate(tools),
        },
        peakRssBytes: meta.peakRssBytes,
        shard: meta.shard ?? null,
      };
      if (phases !== null) record.stats = { phases: roundedPhases(phases), rules: roundedRuleTimings(rules) };
      return record;
    },
  };
}
