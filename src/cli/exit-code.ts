// The exit-code policy. 130 wins (the run did not finish), then 2 (the tool could
// not check something: nothing matched, an unreadable input, a crashed worker), then 1 (findings at or
// above --fail-on, malformed input being one, or more warnings than --max-warnings), else 0.
import { failingCount } from '../scale/verdict.js';
import type { FailOn } from './options.js';

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_FAILURE = 2;
export const EXIT_INTERRUPTED = 130;

export interface ExitFacts {
  aborted: boolean;
  nothingMatched: boolean;
  /** A report could not be written (a full disk, stdout failing with anything but EPIPE). */
  outputFailed?: boolean;
  /** Inputs whose status is 'error'. */
  errorInputs: number;
  counts: { error: number; warning: number; info: number };
  failOn: FailOn;
  /** `--max-warnings`: more warnings than this in `counts` exit 1 (null or absent: no limit). */
  maxWarnings?: number | null;
}

export function exitCodeFor(f: ExitFacts): number {
  if (f.aborted) return EXIT_INTERRUPTED;
  if (f.nothingMatched || f.outputFailed || f.errorInputs > 0) return EXIT_FAILURE;
  if (f.maxWarnings != null && f.counts.warning > f.maxWarnings) return EXIT_FINDINGS;
  return failingCount(f.failOn, f.counts) > 0 ? EXIT_FINDINGS : EXIT_OK;
}
