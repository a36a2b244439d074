// Stages on the run's stream of outcomes that do not depend on how the outcomes were produced.
import { BAIL_SKIP_CODE, type FileOutcome, type RuleTimings } from '../types.js';

/**
 * `--stats`: the threads' rule time into the summary, and zero phases on the records of this run's that
 * no check timed (an input that could not be listed, a worker that died): every record of work done
 * this run has `timings`. Replayed (`cached`) and `--bail`-skipped records have none: no check ran.
 */
export function withTimings(
  outcome: FileOutcome,
  summary: { addRuleTimings(timings: RuleTimings): void },
): void {
  if (outcome.ruleTimings) summary.addRuleTimings(outcome.ruleTimings);
  for (const doc of outcome.documents) {
    if (doc.timings || doc.cached || doc.error?.code === BAIL_SKIP_CODE) continue;
    doc.timings = { readMs: 0, parseMs: 0, validateMs: 0, locateMs: 0 };
  }
}
