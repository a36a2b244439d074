// `--stats`: the engine times each rule when its options carry a `ruleTimings` accumulator. The
// visitor a rule creates is wrapped hook by hook (and a document-scoped rule's projection), so the
// rules themselves know nothing of it and a run without --stats wraps nothing. The price is a
// `performance.now()` pair per hook call, so `validateMs` is higher with --stats than without; the
// figures compare rules with one another and --stats runs with one another.
import type { RuleTimings } from '../types.js';
import type { CollectionKey, RuleVisitor } from './rule.js';

type Slot = { ms: number; calls: number };

function slotOf(timings: RuleTimings, id: string): Slot {
  let slot = timings[id];
  if (slot === undefined) {
    slot = { ms: 0, calls: 0 };
    timings[id] = slot;
  }
  return slot;
}

/** Time `call` into `slot` (a call of a hook, or `create` when `counted` is false). */
function timed<R>(slot: Slot, counted: boolean, call: () => R): R {
  const t = performance.now();
  try {
    return call();
  } finally {
    slot.ms += performance.now() - t;
    if (counted) slot.calls++;
  }
}

/** The visitor `create` returns, with `create` and every hook the visitor has timed into `timings[id]`. */
export function timedVisitor(id: string, timings: RuleTimings, create: () => RuleVisitor): RuleVisitor {
  const slot = slotOf(timings, id);
  const visitor = timed(slot, false, create);
  // Only the hooks the visitor has: the engine files a visitor by the hooks present.
  const out: RuleVisitor = {};
  const { start, member, element, collectionEnd, finish } = visitor;
  if (start) out.start = () => timed(slot, true, () => start.call(visitor));
  if (member) out.member = (key, value) => timed(slot, true, () => member.call(visitor, key, value));
  if (element) {
    out.element = (collection, index, value) =>
      timed(slot, true, () => element.call(visitor, collection, index, value));
  }
  if (collectionEnd) {
    out.collectionEnd = (collection, length) =>
      timed(slot, true, () => collectionEnd.call(visitor, collection, length));
  }
  if (finish) out.finish = () => timed(slot, true, () => finish.call(visitor));
  return out;
}

type Projection = (collection: CollectionKey, index: number, value: unknown) => unknown;

/** A document-scoped rule's projection, timed into `timings[id]`. */
export function timedProjection(id: string, timings: RuleTimings, project: Projection): Projection {
  const slot = slotOf(timings, id);
  return (collection, index, value) => timed(slot, true, () => project(collection, index, value));
}
