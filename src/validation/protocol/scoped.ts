// Most 0.8.0 scope checks read the document's root scope (§4.10) at its start and look at root
// Transport and Capabilities arrays, or at primitives, against it. A document with an empty root scope
// (no recognized revision; mcpdesc.root.members says so) gives them nothing to check.
import type { CollectionKey, RuleContext, RuleVisitor } from '../rule.js';
import { NO_REVISIONS, type Scope, scopeOf } from './revisions.js';

export interface ScopedHooks {
  /** The root members `array` is given when they are arrays. */
  arrays?: readonly string[];
  array?(key: string, declarations: readonly unknown[], root: Scope): void;
  element?(collection: CollectionKey, index: number, value: unknown, root: Scope): void;
}

export function scopedVisitor(context: RuleContext, hooks: ScopedHooks): RuleVisitor {
  let root: Scope = NO_REVISIONS;
  const arrays = hooks.arrays ?? [];
  return {
    start() {
      root = scopeOf(context.declaredProtocolVersions);
    },
    member(key, value) {
      if (root === NO_REVISIONS || !arrays.includes(key) || !Array.isArray(value)) return;
      hooks.array?.(key, value, root);
    },
    element(collection, index, value) {
      if (root !== NO_REVISIONS) hooks.element?.(collection, index, value, root);
    },
  };
}
