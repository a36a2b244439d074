// `--stats`: a copy of a rule catalogue whose rules time themselves. Each rule's `create` returns its
// visitor with every hook it has wrapped in a timer, and `project` is timed too, so the engine runs the
// copy exactly as it runs the catalogue: its hot path gains no branch and no timer, and a run without
// --stats never builds a copy. The copy is a different array, so the engine plans it (plans are
// cached by the rules array's identity) and keeps its plans apart from the catalogue's.
//
// The price is a `performance.now()` pair per hook call (~33 rules × every member and element):
// validation takes nearly twice the CPU with the copy (bench/micro/rule-timing.ts), so `validateMs` is
// higher with --stats than without. The figures compare rules with one another and --stats runs with
// one another, each measured the same way.
import type { RuleTimings } from '../types.js';
import type { CollectionKey, Rule, RuleContext, RuleVisitor } from './rule.js';

/** One rule's time since the last `take`. `ran`: it was created (in force for some document). */
interface Slot {
  id: string;
  ms: number;
  calls: number;
  ran: boolean;
}

export interface TimedCatalogue {
  /** The rules to validate with (same ids, levels, scopes and order as the catalogue given). */
  readonly rules: readonly Rule[];
  /** The time of each rule that ran since the last call, then starts over; undefined when none ran. */
  take(): RuleTimings | undefined;
}

function timedVisitor(visitor: RuleVisitor, slot: Slot): RuleVisitor {
  // Only the hooks the visitor has: the engine files a visitor by the hooks present.
  const timed: RuleVisitor = {};
  const { start, member, element, collectionEnd, finish } = visitor;
  if (start) {
    timed.start = () => {
      const t = performance.now();
      try {
        start.call(visitor);
      } finally {
        slot.ms += performance.now() - t;
        slot.calls++;
      }
    };
  }
  if (member) {
    timed.member = (key: string, value: unknown) => {
      const t = performance.now();
      try {
        member.call(visitor, key, value);
      } finally {
        slot.ms += performance.now() - t;
        slot.calls++;
      }
    };
  }
  if (element) {
    timed.element = (collection: CollectionKey, index: number, value: unknown) => {
      const t = performance.now();
      try {
        element.call(visitor, collection, index, value);
      } finally {
        slot.ms += performance.now() - t;
        slot.calls++;
      }
    };
  }
  if (collectionEnd) {
    timed.collectionEnd = (collection: CollectionKey, length: number) => {
      const t = performance.now();
      try {
        collectionEnd.call(visitor, collection, length);
      } finally {
        slot.ms += performance.now() - t;
        slot.calls++;
      }
    };
  }
  if (finish) {
    timed.finish = () => {
      const t = performance.now();
      try {
        finish.call(visitor);
      } finally {
        slot.ms += performance.now() - t;
        slot.calls++;
      }
    };
  }
  return timed;
}

function timedRule(rule: Rule, slot: Slot): Rule {
  const { project } = rule;
  const copy: Rule = {
    ...rule,
    // Creating the visitor is the rule's cost too (once per kind of document for reusable rules).
    create(context: RuleContext) {
      slot.ran = true;
      const t = performance.now();
      try {
        return timedVisitor(rule.create(context), slot);
      } finally {
        slot.ms += performance.now() - t;
      }
    },
  };
  if (project) {
    copy.project = (collection, index, value) => {
      const t = performance.now();
      try {
        return project.call(rule, collection, index, value);
      } finally {
        slot.ms += performance.now() - t;
        slot.calls++;
      }
    };
  }
  return copy;
}

export function timedCatalogue(rules: readonly Rule[]): TimedCatalogue {
  const slots: Slot[] = rules.map((rule) => ({ id: rule.id, ms: 0, calls: 0, ran: false }));
  const timed = rules.map((rule, k) => timedRule(rule, slots[k]!));
  return {
    rules: timed,
    take() {
      let out: RuleTimings | undefined;
      for (const slot of slots) {
        // A rule in force reports once per stretch in which it ran, even when it never needed a call;
        // reusable visitors are created once, so "ran" stays true for the catalogue's lifetime.
        if (!slot.ran) continue;
        out ??= {};
        out[slot.id] = { ms: slot.ms, calls: slot.calls };
        slot.ms = 0;
        slot.calls = 0;
      }
      return out;
    },
  };
}
