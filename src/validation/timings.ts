// `--stats` figures as plain data: summing them. Shared by the worker (a fanned-out file's batches), the
// summary (the threads' reports) and `merge` (the shards' summaries), which must add them alike.
import type { PhaseTimings, RuleTimings } from '../types.js';

export const PHASES = ['readMs', 'parseMs', 'validateMs', 'locateMs'] as const satisfies ReadonlyArray<
  keyof PhaseTimings
>;

export function zeroPhases(): PhaseTimings {
  return { readMs: 0, parseMs: 0, validateMs: 0, locateMs: 0 };
}

export function addPhases(into: PhaseTimings, more: PhaseTimings): void {
  for (const phase of PHASES) into[phase] += more[phase];
}

/** Add `more` into `into`, rule by rule. */
export function addRuleTimings(into: RuleTimings, more: RuleTimings): void {
  for (const id of Object.keys(more)) {
    const m = more[id]!;
    const t = into[id];
    if (t === undefined) into[id] = { ms: m.ms, calls: m.calls };
    else {
      t.ms += m.ms;
      t.calls += m.calls;
    }
  }
}

/** µs precision, as every duration of a record. */
export function roundMs(ms: number): number {
  return Math.round(Math.max(0, ms) * 1000) / 1000;
}

/** The phases rounded, for a record. */
export function roundedPhases(phases: PhaseTimings): PhaseTimings {
  return {
    readMs: roundMs(phases.readMs),
    parseMs: roundMs(phases.parseMs),
    validateMs: roundMs(phases.validateMs),
    locateMs: roundMs(phases.locateMs),
  };
}

/** Rule timings rounded, keys sorted (records list rules in a stable order). */
export function roundedRuleTimings(rules: RuleTimings): RuleTimings {
  const out: RuleTimings = {};
  for (const id of Object.keys(rules).sort())
    out[id] = { ms: roundMs(rules[id]!.ms), calls: rules[id]!.calls };
  return out;
}
