// The exit-code policy, from the reasons a run did not pass (reports/verdict.ts): 130 wins (the run did
// not finish), then 2 (the tool could not do its part: nothing matched, an input it could not check, a
// report it could not write), then 1 (what the inputs hold: findings at or above --fail-on, too many
// warnings, a stale baseline), else 0. --exit-zero turns a 1 into 0, never a 2 or a 130.
import type { VerdictReason } from '../types.js';

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_FAILURE = 2;
export const EXIT_INTERRUPTED = 130;

const TOOL_FAILURES: ReadonlySet<VerdictReason['kind']> = new Set([
  'nothing-matched',
  'unreadable',
  'failed-output',
]);

export function exitCodeFor(reasons: readonly VerdictReason[], options: { exitZero?: boolean } = {}): number {
  if (reasons.some((r) => r.kind === 'interrupted')) return EXIT_INTERRUPTED;
  if (reasons.some((r) => TOOL_FAILURES.has(r.kind))) return EXIT_FAILURE;
  if (reasons.length > 0) return options.exitZero === true ? EXIT_OK : EXIT_FINDINGS;
  return EXIT_OK;
}
