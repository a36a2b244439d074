// The structural rules (this folder's subject). Tests filter on them so that the semantic rules,
// which run in the same catalogue, do not change what these tests assert.
import type { Diagnostic } from '../../../../src/types.js';
import { RULES } from '../../../../src/validation/rules/index.js';
import { isStructuralRule } from '../../../../src/validation/schema/fragment.js';

/** Structural rules without a schema fragment (document-level checks written by hand). */
const HAND_WRITTEN = [
  'mcpdesc.document.root-object',
  'mcpdesc.version.declared',
  'mcpdesc.version.recognized',
  'mcpdesc.root.members',
  'mcpdesc.root.primitives-present',
  'mcpdesc.entity-tags.shape',
];

export const STRUCTURAL_IDS: ReadonlySet<string> = new Set([
  ...RULES.filter(isStructuralRule).map((r) => r.id),
  ...HAND_WRITTEN,
]);

export function structural<T extends Pick<Diagnostic, 'ruleId'>>(diagnostics: readonly T[]): T[] {
  return diagnostics.filter((d) => STRUCTURAL_IDS.has(d.ruleId));
}
