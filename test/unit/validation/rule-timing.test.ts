// The engine's rule timings (--stats) must not change what it finds, on every rule's own examples and on
// the sample corpus, and must account each hook call to its rule.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { RuleTimings } from '../../../src/types.js';
import {
  createDocumentValidator,
  DEFAULT_ENGINE_OPTIONS,
  headerOf,
  validateDocument,
} from '../../../src/validation/engine.js';
import type { Rule } from '../../../src/validation/rule.js';
import { RULES } from '../../../src/validation/rules/index.js';
import { addRuleTimings } from '../../../src/validation/timings.js';
import { REPO_ROOT } from '../../helpers/run-cli.js';

function sampleDocuments(): unknown[] {
  const docs: unknown[] = [];
  for (const dir of ['valid', 'invalid', 'warnings']) {
    const path = join(REPO_ROOT, 'corpus/samples', dir);
    for (const name of readdirSync(path).filter((n) => n.endsWith('.json'))) {
      try {
        docs.push(JSON.parse(readFileSync(join(path, name), 'utf8')));
      } catch {
        // Syntax samples: the parser's, not the rules'.
      }
    }
  }
  for (const rule of RULES)
    for (const e of [...rule.examples.valid, ...rule.examples.invalid]) docs.push(e.document);
  return docs.filter((d) => d !== undefined);
}

describe('rule timings', () => {
  it('leave the reports as they are, for every sample and rule example, under several options', () => {
    const optionSets = [
      { target: null, ruleLevels: {}, maxDiagnostics: 1000 },
      {
        target: '0.9.0-rc.3' as const,
        ruleLevels: { 'mcpdesc.tool.name-format': 'off' as const },
        maxDiagnostics: 2,
      },
    ];
    const docs = sampleDocuments();
    assert.ok(docs.length > 50);
    const timings: RuleTimings = {};
    for (const options of optionSets) {
      for (const doc of docs) {
        assert.deepEqual(
          validateDocument(doc, { ...options, ruleTimings: timings }),
          validateDocument(doc, options),
        );
      }
    }
    // What ran is what the catalogue has (no option set switches a rule off for every document).
    assert.deepEqual(Object.keys(timings).sort(), RULES.map((r) => r.id).sort());
  });

  it('keep the visitor as it is (its hooks only) and count every hook call to its rule', () => {
    const calls: string[] = [];
    const probe: Rule = {
      ...RULES[0]!,
      id: 'test.probe',
      collections: ['tools'],
      create: () => ({
        start: () => calls.push('start'),
        element: () => calls.push('element'),
        finish: () => calls.push('finish'),
      }),
    };
    const timings: RuleTimings = {};
    const doc = { mcpdesc: '0.7.0', tools: [{}, {}, {}] };
    const options = { ...DEFAULT_ENGINE_OPTIONS, ruleTimings: timings };
    const validator = createDocumentValidator(headerOf(doc), options, [probe]);
    validator.element('tools', 0, {});
    validator.element('tools', 1, {});
    validator.element('tools', 2, {});
    validator.collectionEnd('tools', 3);
    validator.finish();
    assert.deepEqual(calls, ['start', 'element', 'element', 'element', 'finish']);
    assert.equal(timings['test.probe']!.calls, 5);
    assert.ok(timings['test.probe']!.ms >= 0);
  });

  it('time the projections of a document-scoped rule', () => {
    const projected: Rule = {
      ...RULES[0]!,
      id: 'test.projected',
      scope: 'document',
      project: (_collection, index) => index,
      create: () => ({ element: () => {} }),
    };
    const timings: RuleTimings = {};
    validateDocument(
      { mcpdesc: '0.7.0', tools: [{}, {}] },
      { ...DEFAULT_ENGINE_OPTIONS, ruleTimings: timings },
      [projected],
    );
    // Two projections, two element calls.
    assert.equal(timings['test.projected']!.calls, 4);
  });

  it('a hook that throws is still timed, and the error reaches the caller', () => {
    const boom: Rule = {
      ...RULES[0]!,
      id: 'test.boom',
      create: () => ({
        member: () => {
          throw new Error('boom');
        },
      }),
    };
    const timings: RuleTimings = {};
    const options = { ...DEFAULT_ENGINE_OPTIONS, ruleTimings: timings };
    assert.throws(() => validateDocument({ mcpdesc: '0.7.0', x: 1 }, options, [boom]), /boom/);
    assert.equal(timings['test.boom']!.calls, 1);
  });

  it('addRuleTimings sums rule by rule', () => {
    const into = { a: { ms: 1, calls: 2 } };
    addRuleTimings(into, { a: { ms: 0.5, calls: 1 }, b: { ms: 2, calls: 3 } });
    assert.deepEqual(into, { a: { ms: 1.5, calls: 3 }, b: { ms: 2, calls: 3 } });
  });
});
