// Findings that do not come from a rule visitor (parser errors, unreadable files) are still owned by
// a catalogue rule, so they carry the same id, level, spec section and docs URL as any other.
import type { Diagnostic, Level, PathSegment, Target } from '../types.js';
import { docsUrl } from './docs.js';
import { LATEST_VERSION } from './engine.js';
import { toPointer } from './pointer.js';
import { findRule } from './rules/index.js';

/** Build a diagnostic for `ruleId` at its configured level, or null when the rule is off. */
export function ruleDiagnostic(
  ruleId: string,
  message: string,
  options: { target: Target | null; ruleLevels: Readonly<Record<string, Level>> },
  path: readonly PathSegment[] = [],
): Diagnostic | null {
  const rule = findRule(ruleId);
  if (!rule) throw new Error(`unknown rule id ${ruleId}`);
  const level = options.ruleLevels[ruleId] ?? rule.levels[options.target ?? LATEST_VERSION];
  if (level === 'off') return null;
  return {
    ruleId,
    severity: level,
    message,
    pointer: toPointer(path),
    path: [...path],
    specSection: rule.specSection,
    docsUrl: docsUrl(ruleId),
  };
}
