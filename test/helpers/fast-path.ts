// Holding the fast path and the engine together: fast-clean iff the engine finds nothing, under
// option sets that reach every kind of screen validator. Shared by the unit and conformance tests.
import assert from 'node:assert/strict';
import type { Level, Target } from '../../src/types.js';
import { type EngineOptions, validateDocument } from '../../src/validation/engine.js';
import type { FastPath } from '../../src/validation/fast-path.js';
import { RULES } from '../../src/validation/rules/index.js';
import type { NamedDocument } from './documents.js';

export function options(target: Target | null = null, ruleLevels: Record<string, Level> = {}): EngineOptions {
  return { target, ruleLevels, maxDiagnostics: 10_000 };
}

/** Option sets that reach every kind of screen validator: composed sets, rules' own, other versions. */
export const OPTION_SETS: ReadonlyArray<{ label: string; options: EngineOptions }> = [
  { label: 'defaults', options: options() },
  { label: '--target 0.9.0-rc.3', options: options('0.9.0-rc.3') },
  { label: '--target 0.6.0', options: options('0.6.0') },
  { label: '--target 0.4.0', options: options('0.4.0') },
  { label: 'a warning rule off', options: options(null, { 'mcpdesc.tool.input-schema-present': 'off' }) },
  {
    label: 'rules off in older versions turned on',
    options: options(null, { 'mcpdesc.entity-tags.reference': 'error', 'mcpdesc.tag.unique': 'info' }),
  },
  {
    // Most real documents break these: with them off, the other screens meet real documents.
    label: 'the rules real dumps break most, off',
    options: options(null, {
      'mcpdesc.tool.members': 'off',
      'mcpdesc.tool.input-schema-present': 'off',
      'mcpdesc.tool.name-format': 'off',
    }),
  },
];

export function engineFinds(document: unknown, with_: EngineOptions): boolean {
  const report = validateDocument(document, with_);
  return report.errors + report.warnings + report.infos > 0;
}

/**
 * Assert fast-clean ⇔ the engine finds nothing, for each document the fast path screens (one of a
 * kind it refuses must just not be called clean); count both outcomes.
 */
export function assertAgree(
  fast: FastPath,
  documents: readonly NamedDocument[],
  with_: EngineOptions,
): { clean: number; flagged: number } {
  let clean = 0;
  for (const { name, document, target } of documents) {
    const used = target === undefined ? with_ : { ...with_, target };
    const flagged = engineFinds(document, used);
    const fastClean = fast.isClean(document, used);
    if (fastClean && flagged)
      assert.fail(`UNSOUND: the fast path calls clean what the engine flags: ${name}`);
    if (!fastClean && !flagged && !fast.refuses(document, used))
      assert.fail(`the fast path refuses a document the engine finds clean: ${name}`);
    if (fastClean) clean++;
  }
  return { clean, flagged: documents.length - clean };
}

/** Every rule but `id` off, `id` at error. */
export function only(id: string): Record<string, Level> {
  return Object.fromEntries(RULES.map((rule) => [rule.id, rule.id === id ? 'error' : 'off']));
}
