// Counts by rule are exact and keep the order of each rule's first finding, whichever way findings
// arrive: from visitors, from a fan-out worker's outcome, interleaved, and beyond the per-document cap.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Level } from '../../../src/types.js';
import {
  createDocumentValidator,
  type EngineOptions,
  headerOf,
  validateDocument,
} from '../../../src/validation/engine.js';
import { levels, type Rule, type RuleVisitor } from '../../../src/validation/rule.js';

/** A rule that reports element i when `when(i)`; `finish` reports once more when `atEnd`. */
function rule(id: string, level: Level, when: (i: number) => boolean, atEnd = false): Rule {
  return {
    id,
    description: id,
    specSection: '1',
    levels: levels(level),
    examples: { valid: [], invalid: [] },
    create(context): RuleVisitor {
      return {
        element(collection, index) {
          if (when(index)) context.report([collection, index], `${id} ${index}`);
        },
        ...(atEnd ? { finish: () => context.report([], `${id} end`) } : {}),
      };
    },
  };
}

const RULES_ = [
  rule('r.every-third', 'info', (i) => i % 3 === 2, true),
  rule('r.every', 'error', () => true),
  rule('r.odd', 'warning', (i) => i % 2 === 1),
  rule('r.late', 'error', (i) => i >= 7, true),
];

const doc = { mcpdesc: '0.7.0', tools: Array.from({ length: 10 }, (_, i) => ({ name: `t${i}` })) };
const options = (maxDiagnostics: number): EngineOptions => ({ target: null, ruleLevels: {}, maxDiagnostics });

/** The counts a naive per-finding count gives: in order of first finding. */
function reference(ids: readonly string[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts];
}

describe('counts by rule', () => {
  it('equal a per-finding count, in order of first finding, under and over the cap', () => {
    const all = validateDocument(doc, options(1000), RULES_);
    const expected = reference(all.diagnostics.map((d) => d.ruleId));
    assert.deepEqual(Object.entries(all.byRule), expected);
    assert.deepEqual(
      expected.map(([id]) => id),
      ['r.every', 'r.odd', 'r.every-third', 'r.late'],
    );
    for (const max of [0, 1, 5, 17]) {
      const capped = validateDocument(doc, options(max), RULES_);
      assert.equal(capped.diagnostics.length, Math.min(max, all.diagnostics.length));
      assert.equal(capped.truncated, max < all.diagnostics.length);
      assert.deepEqual(Object.entries(capped.byRule), expected, `cap ${max}`);
      assert.deepEqual([capped.errors, capped.warnings, capped.infos], [all.errors, all.warnings, all.infos]);
    }
  });

  it('a capped list keeps errors first, then warnings, then infos, each in the order found', () => {
    const all = validateDocument(doc, options(1000), RULES_).diagnostics;
    const order = new Map(all.map((d, i) => [d, i]));
    const byRank = { error: 0, warning: 1, info: 2 } as const;
    for (const max of [1, 5, 12, 17]) {
      // The reference: the most severe `max` (stable), back in the order found.
      const expected = [...all]
        .sort((a, b) => byRank[a.severity] - byRank[b.severity])
        .slice(0, max)
        .sort((a, b) => order.get(a)! - order.get(b)!)
        .map((d) => d.message);
      const capped = validateDocument(doc, options(max), RULES_);
      assert.deepEqual(
        capped.diagnostics.map((d) => d.message),
        expected,
        `cap ${max}`,
      );
    }
    // 14 errors: a list capped at 12 holds errors only, although warnings and infos were found
    // among them.
    const twelve = validateDocument(doc, options(12), RULES_).diagnostics;
    assert.equal(twelve.filter((d) => d.severity === 'error').length, 12);
  });

  it('stay exact with a worker outcome interleaved, and do not carry over to the next document', () => {
    for (let round = 0; round < 2; round++) {
      const validator = createDocumentValidator(headerOf(doc), options(4), RULES_);
      const worker = {
        ruleId: 'w.outcome',
        severity: 'warning' as const,
        message: 'from a worker',
        pointer: '/tools/0',
        path: ['tools', 0],
        specSection: '1',
        docsUrl: 'u',
      };
      const ids: string[] = [];
      for (let i = 0; i < doc.tools.length; i++) {
        if (i % 4 === 1) {
          validator.elementOutcome('tools', i, {
            diagnostics: [worker, { ...worker, ruleId: 'r.odd' }],
            projections: [],
          });
          ids.push('w.outcome', 'r.odd');
        } else {
          const before = ids.length;
          validator.element('tools', i, doc.tools[i]);
          // What the visitors reported for this element, in plan order.
          for (const r of RULES_) {
            const every = r.id === 'r.every';
            const odd = r.id === 'r.odd' && i % 2 === 1;
            const third = r.id === 'r.every-third' && i % 3 === 2;
            const late = r.id === 'r.late' && i >= 7;
            if (every || odd || third || late) ids.push(r.id);
          }
          assert.ok(ids.length > before);
        }
      }
      validator.collectionEnd('tools', doc.tools.length);
      const report = validator.finish();
      ids.push('r.every-third', 'r.late');
      assert.deepEqual(Object.entries(report.byRule), reference(ids), `round ${round}`);
      assert.equal(report.diagnostics.length, 4);
    }
  });
});
