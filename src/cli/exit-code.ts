// The exit-code policy (CLI-CONVENTIONS §3.3). 130 wins (the run did not finish), then 2 (the tool could
// not check something: nothing matched, an unreadable input, a crashed worker), then 1 (findings at or
// above --fail-on; malformed input is a finding), else 0.
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
}

export function exitCodeFor(f: ExitFacts): number {
  if (f.aborted) return EXIT_INTERRUPTED;
  if (f.nothingMatched || f.outputFailed || f.errorInputs > 0) return EXIT_FAILURE;
  return failingCount(f.failOn, f.counts) > 0 ? EXIT_FINDINGS : EXIT_OK;
}
