// `--stats` on the checking side: a clock per document for its phases, and the rule times of the task
// it belongs to (the engine times each rule's hooks into them: validation/rule-timing.ts). Nothing here is
// touched when --stats is off: checks then get a null clock and the engine times nothing.
import type { CheckOptions, PhaseTimings, RuleTimings } from '../types.js';
import type { DocumentValidator, EngineOptions } from '../validation/engine.js';
import { roundedPhases } from '../validation/timings.js';

export type Phase = keyof PhaseTimings;

/**
 * `options` with a rule-time table of its own (--stats; `options` itself without): a task takes one at
 * its start, so two runs in one thread (the API awaited twice at once) never add to each other's.
 */
export function withRuleTable<T extends CheckOptions>(options: T): T {
  return options.stats === true ? { ...options, ruleTimings: {} } : options;
}

/** `engine` adding its rule times to `table` (a --stats check validates with it). */
export function timedEngine(engine: EngineOptions, table: RuleTimings): EngineOptions {
  return { ...engine, ruleTimings: table };
}

/**
 * The rule time in `table` since the last call, for the next outcome the task returns (undefined when
 * no rule ran since). Which outcome carries it does not matter: the main thread only sums them.
 */
export function takeRuleTimings(table: RuleTimings | undefined): RuleTimings | undefined {
  if (table === undefined) return undefined;
  let out: RuleTimings | undefined;
  for (const id of Object.keys(table)) {
    const slot = table[id]!;
    out ??= {};
    out[id] = { ms: slot.ms, calls: slot.calls };
    slot.ms = 0;
    slot.calls = 0;
  }
  return out;
}

/** `result` carrying the rule time in `table` since it was last taken (nothing when none). */
export function withRuleTimings<T extends { ruleTimings?: RuleTimings }>(
  result: T,
  table: RuleTimings | undefined,
): T {
  const ruleTimings = takeRuleTimings(table);
  if (ruleTimings) result.ruleTimings = ruleTimings;
  return result;
}

/**
 * One document's phases. `lap` charges the time since the previous lap to a phase (sequential code:
 * read, then parse, validate, place); `add` charges a measured stretch (interleaved code: streaming).
 */
export class PhaseClock {
  readMs = 0;
  parseMs = 0;
  validateMs = 0;
  locateMs = 0;
  /** Time this thread spent waiting for others (fan-out): part of no phase of its own. */
  waitMs = 0;
  /** What other threads (fan-out workers) spent on the document, added by `settle`. */
  private readonly others: PhaseTimings = { readMs: 0, parseMs: 0, validateMs: 0, locateMs: 0 };
  private last = performance.now();

  /** `rules`: where the document's rules are timed (its task's table). */
  constructor(readonly rules: RuleTimings = {}) {}

  lap(phase: Phase): void {
    const now = performance.now();
    this[phase] += now - this.last;
    this.last = now;
  }

  add(phase: Phase, ms: number): void {
    this[phase] += ms;
  }

  /** A fan-out worker's phases for part of the document. */
  addOthers(timings: PhaseTimings): void {
    this.others.readMs += timings.readMs;
    this.others.parseMs += timings.parseMs;
    this.others.validateMs += timings.validateMs;
    this.others.locateMs += timings.locateMs;
  }

  /**
   * Streamed checks: what of this thread's `totalMs` no phase was charged with (the header pre-pass,
   * splitting, JSON.parse of the slices, the duplicate-name check) is parsing; then the workers' phases
   * are added, so a fanned-out document's phases are a sum over threads and may exceed its wall time.
   */
  settle(totalMs: number): void {
    const own = this.readMs + this.parseMs + this.validateMs + this.locateMs + this.waitMs;
    this.parseMs += Math.max(0, totalMs - own);
    this.readMs += this.others.readMs;
    this.parseMs += this.others.parseMs;
    this.validateMs += this.others.validateMs;
    this.locateMs += this.others.locateMs;
  }

  /** The phases as a record carries them: µs precision, as `durationMs`. */
  timings(): PhaseTimings {
    return roundedPhases(this);
  }
}

/**
 * Time this thread spent in fan-out slice tasks (--stats). In-process (`--concurrency 0`) the slices
 * of a fanned-out file are checked on the thread that reads it, inside its awaits: the reading side
 * takes this out of the stretches it times, or the slices' phases would be counted twice.
 */
export const sliceWork = { ms: 0 };

/** A clock for a document of this check, timing its rules into the task's table; null without --stats. */
export function clockFor(options: CheckOptions): PhaseClock | null {
  return options.stats === true ? new PhaseClock(options.ruleTimings) : null;
}

/**
 * A streamed document's validator with every call charged to `clock`'s validate phase (its calls are
 * interleaved with reading, splitting and placing, so they are timed one by one).
 */
export function timedValidator(validator: DocumentValidator, clock: PhaseClock): DocumentValidator {
  const timed =
    <A extends unknown[], R>(call: (...args: A) => R) =>
    (...args: A): R => {
      const t = performance.now();
      try {
        return call(...args);
      } finally {
        clock.validateMs += performance.now() - t;
      }
    };
  return {
    get diagnostics() {
      return validator.diagnostics;
    },
    member: timed((key, value) => validator.member(key, value)),
    element: timed((collection, index, value) => validator.element(collection, index, value)),
    elementOutcome: timed((collection, index, outcome) =>
      validator.elementOutcome(collection, index, outcome),
    ),
    collectionEnd: timed((collection, length) => validator.collectionEnd(collection, length)),
    finish: timed(() => validator.finish()),
  };
}
