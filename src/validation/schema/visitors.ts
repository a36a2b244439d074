// Visitors shared by the structural rules: run a fragment's fast validator on the value a rule owns,
// and only when it fails, collect every error and report it through the one adapter.
import type { PathSegment } from '../../types.js';
import type { CollectionKey, RuleContext, RuleVisitor } from '../rule.js';
import { jsonType, quote, reportErrors } from './errors.js';
import { getFragment } from './validators.js';

/** `Tool "get_forecast"`, or `Tool 3` when the element has no usable name. */
export function entitySubject(noun: string, value: unknown, index: number, nameKey = 'name'): string {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const name = (value as Record<string, unknown>)[nameKey];
    if (typeof name === 'string' && Object.hasOwn(value, nameKey)) return `${noun} ${quote(name)}`;
  }
  return `${noun} ${index}`;
}

/**
 * The visitor of a rule that owns the elements of one root collection: each element is checked
 * against the rule's `element` fragment, and a collection that is not an array is reported once.
 */
export function collectionVisitor(
  context: RuleContext,
  ruleId: string,
  collection: CollectionKey,
  noun: string,
  nameKey = 'name',
): RuleVisitor {
  const fragment = getFragment(ruleId, 'element', context.version);
  if (fragment === null) return {};
  return {
    member(key, value) {
      if (key === collection) {
        context.report([key], `"${key}" must be an array, found ${jsonType(value)}`);
      }
    },
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
  ruleId: string,
  part: string,
  value: unknown,
  path: readonly PathSegment[],
  subject: string,
): void {
  const fragment = getFragment(ruleId, part, context.version);
  const errors = fragment === null ? null : fragment.check(value);
  if (errors === null) return;
  reportErrors(context.report, errors, path, subject);
}
