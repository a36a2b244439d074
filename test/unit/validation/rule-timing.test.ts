// The self-timing copy of the catalogue (--stats) must validate exactly as the catalogue does, on every
// rule's own examples and on the sample corpus, and account each hook call to its rule.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createDocumentValidator, headerOf, validateDocument } from '../../../src/validation/engine.js';
import type { Rule } from '../../../src/validation/rule.js';
import { timedCatalogue } from '../../../src/validation/rule-timing.js';
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

describe('timedCatalogue', () => {
  it('gives the same reports as the catalogue, for every sample and rule example, under several options', () => {
    const timed = timedCatalogue(RULES);
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
    for (const options of optionSets) {
      for (const doc of docs) {
        assert.deepEqual(validateDocument(doc, options, timed.rules), validateDocument(doc, options, RULES));
      }
    }
    const times = timed.take();
    assert.ok(times);
    // What ran is what the catalogue has (no option set switches a rule off for every document).
    assert.deepEqual(Object.keys(times).sort(), RULES.map((r) => r.id).sort());
    // Taken: it starts over.
    const again = timed.take();
    for (const t of Object.values(again ?? {})) assert.deepEqual(t, { ms: 0, calls: 0 });
  });

  it('keeps each rule as it is (ids, levels, scope, hooks) and counts every hook call to its rule', () => {
    const calls: string[] = [];
    const probe: Rule = {
      ...RULES[0]!,
      id: 'test.probe',
      reusable: false,
      collections: ['tools'],
      create: () => ({
        start: () => calls.push('start'),
        element: () => calls.push('element'),
        finish: () => calls.push('finish'),
      }),
    };
    const timed = timedCatalogue([probe]);
    const copy = timed.rules[0]!;
    assert.equal(copy.id, probe.id);
    assert.equal(copy.levels, probe.levels);
    assert.deepEqual(copy.collections, ['tools']);
    const visitor = copy.create({} as never);
    // Only the hooks the visitor has: the engine files visitors by the hooks present.
    assert.deepEqual(Object.keys(visitor).sort(), ['element', 'finish', 'start']);
    const doc = { mcpdesc: '0.7.0', tools: [{}, {}, {}] };
    const validator = createDocumentValidator(headerOf(doc), undefined, timed.rules);
    validator.element('tools', 0, {});
    validator.element('tools', 1, {});
    validator.element('tools', 2, {});
    validator.collectionEnd('tools', 3);
    validator.finish();
    // The probe's own create above ran its hooks zero times; the validator's ran start, 3 elements, finish.
    assert.deepEqual(calls, ['start', 'element', 'element', 'element', 'finish']);
    const times = timed.take()!;
    assert.equal(times['test.probe']!.calls, 5);
    assert.ok(times['test.probe']!.ms >= 0);
  });

  it('a hook that throws is still timed, and the error reaches the engine', () => {
    const boom: Rule = {
      ...RULES[0]!,
      id: 'test.boom',
      reusable: false,
      create: () => ({
        member: () => {
          throw new Error('boom');
        },
      }),
    };
    const timed = timedCatalogue([boom]);
    assert.throws(() => validateDocument({ mcpdesc: '0.7.0', x: 1 }, undefined, timed.rules), /boom/);
    assert.equal(timed.take()!['test.boom']!.calls, 1);
  });

  it('addRuleTimings sums rule by rule', () => {
    const into = { a: { ms: 1, calls: 2 } };
    addRuleTimings(into, { a: { ms: 0.5, calls: 1 }, b: { ms: 2, calls: 3 } });
    assert.deepEqual(into, { a: { ms: 1.5, calls: 3 }, b: { ms: 2, calls: 3 } });
  });
});
