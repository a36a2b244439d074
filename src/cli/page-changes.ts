// What changed since an earlier run, by rule, for the reports that show it (the HTML report's "Since…"
// section): against the run's --baseline, or against another report (`report --compare OLD`).
// A run and `report` of its NDJSON tally the baseline the same way (report applies the baseline the
// run named to the documents as it renders them), so both draw the same page.
import type { PageChanges, RuleChange } from '../reporting/html-static.js';
import type { ComparisonRecord } from '../reports/compare.js';
import { type Baseline, staleEntries } from '../state/baseline.js';

export interface BaselineTally {
  readonly baseline: Baseline;
  /** A document's findings as the reporters get them, after the baseline marked what it covers. */
  add(diagnostics: ReadonlyArray<{ ruleId: string; suppressed?: boolean }>, truncated: boolean): void;
  /**
   * The changes, once every document went through the baseline. `inScope`: the files the run was
   * responsible for (its shard, less the files --bail left), as --strict-baseline judges them.
   */
  changes(inScope: (file: string) => boolean, notes: string[]): PageChanges;
}

const zero = (): RuleChange => ({ new: 0, fixed: 0, unchanged: 0 });

export function createBaselineTally(baseline: Baseline, name: string): BaselineTally {
  const byRule: Record<string, RuleChange> = Object.create(null);
  let truncated = 0;
  return {
    baseline,
    add(diagnostics, cut) {
      if (cut) truncated++;
      for (const d of diagnostics) {
        byRule[d.ruleId] ??= zero();
        byRule[d.ruleId]![d.suppressed ? 'unchanged' : 'new']++;
      }
    },
    changes(inScope, notes) {
      for (const entry of staleEntries(baseline, inScope)) {
        byRule[entry.ruleId] ??= zero();
        byRule[entry.ruleId]!.fixed += entry.count;
      }
      const all = [...notes];
      // Stale entries of files the run did not reach look fixed; --strict-baseline makes the same call.
      if (truncated > 0) {
        all.push(
          `${truncated} document${truncated === 1 ? '' : 's'} had findings cut by --max-diagnostics-per-file: those are not compared, and may show as fixed`,
        );
      }
      return { against: `the baseline ${name}`, byRule: { ...byRule }, notes: all };
    },
  };
}

export function compareChanges(comparison: ComparisonRecord): PageChanges {
  return {
    against: `${comparison.old.source}${typeof comparison.old.startedAt === 'string' ? ` (${comparison.old.startedAt})` : ''}`,
    byRule: comparison.byRule,
    notes: comparison.notes,
  };
}

/** The note of a run that did not finish: its baseline entries of files never reached look fixed. */
export const INTERRUPTED_NOTE =
  'the run was interrupted: baseline findings of the files it did not reach show as fixed';
