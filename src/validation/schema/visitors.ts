// Visitors shared by the structural rules: run a fragment's fast validator on the value a rule owns,
// and only when it fails, collect every error and report it through the one adapter.

import { quote } from '../../quote.js';
import type { PathSegment } from '../../types.js';
import type { CollectionKey, RuleContext, RuleVisitor } from '../rule.js';
import { reportErrors } from './errors.js';
import type { FragmentHandle } from './validators.js';

/** `Tool "get_forecast"`, or `Tool 3` when the element has no usable (non-empty string) name. */
export function entitySubject(noun: string, value: unknown, index: number, nameKey = 'name'): string {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const name = (value as Record<string, unknown>)[nameKey];
    if (typeof name === 'string' && name !== '' && Object.hasOwn(value, nameKey))
      return `${noun} ${quote(name)}`;
  }
  return `${noun} ${index}`;
}

/**
 * The visitor of a rule that owns the elements of one root collection: each element is checked
 * against the rule's `element` fragment. (A collection that is not an array at all is a root member
 * of the wrong type: mcpdesc.root.members reports it.) Only `element` is defined, so the engine does
 * not call this visitor for root members.
 */
export function collectionVisitor(
  context: RuleContext,
  handle: FragmentHandle,
  collection: CollectionKey,
  noun: string,
  nameKey = 'name',
): RuleVisitor {
  const fragment = handle.get(context.version);
  if (fragment === null) return {};
  return {
    element(at, index, value) {
      if (at !== collection) return;
      const errors = fragment.check(value);
      if (errors === null) return;
      reportErrors(context.report, errors, [collection, index], entitySubject(noun, value, index, nameKey));
    },
  };
}

/** Check one value at `path` against a fragment; report every error when it fails. */
export function checkValue(
  context: RuleContext,
  handle: FragmentHandle,
  value: unknown,
  path: readonly PathSegment[],
  subject: string,
): void {
  const fragment = handle.get(context.version);
  const errors = fragment === null ? null : fragment.check(value);
  if (errors === null) return;
  reportErrors(context.report, errors, path, subject);
}
