// A rule that declares `collections` is only called for those collections' elements, so it must not
// judge any other collection: its own invalid examples' elements, handed to it directly under every
// other collection, must report nothing. And the engine still gives declared rules their elements.
// No finding may leak from one document to another.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  createDocumentValidator,
  DEFAULT_ENGINE_OPTIONS,
  headerOf,
  validateDocument,
} from '../../../src/validation/engine.js';
import { analyzeSchema } from '../../../src/validation/json-schema/walk.js';
import {
  COLLECTION_KEYS,
  isCollectionKey,
  type Rule,
  type RuleContext,
} from '../../../src/validation/rule.js';
import { RULES } from '../../../src/validation/rules/index.js';

const declared = RULES.filter((rule): rule is Rule & { collections: NonNullable<Rule['collections']> } =>
  Array.isArray(rule.collections),
);

function contextFor(reports: string[]): RuleContext {
  return {
    rootType: 'object',
    version: '0.7.0',
    target: '0.7.0',
    declaredVersion: '0.7.0',
    declaredProtocolVersions: undefined,
    declaredTags: null,
    analyze: analyzeSchema,
    report: (path) => {
      reports.push(path.join('/'));
    },
  };
}

describe('rules that declare their collections', () => {
  it('are most of the element rules (the tool rules among them)', () => {
    assert.ok(declared.some((rule) => rule.id === 'mcpdesc.tool.members'));
    assert.ok(declared.length >= 10, `only ${declared.length} rules declare collections`);
  });

  for (const rule of declared) {
    it(`${rule.id} ignores collections other than ${rule.collections.join(', ')}`, () => {
      const others = COLLECTION_KEYS.filter((c) => !rule.collections.includes(c));
      let handed = 0;
      for (const example of rule.examples.invalid) {
        const doc = example.document as Record<string, unknown> | undefined;
        if (doc === undefined || doc === null || typeof doc !== 'object') continue;
        for (const own of rule.collections) {
          const elements = doc[own];
          if (!Array.isArray(elements)) continue;
          for (const other of others) {
            const reports: string[] = [];
            const visitor = rule.create(contextFor(reports));
            elements.forEach((value, i) => {
              visitor.element?.(other, i, value);
              handed++;
            });
            visitor.collectionEnd?.(other, elements.length);
            visitor.finish?.();
            assert.deepEqual(reports, [], `${rule.id} reported under ${other}`);
          }
        }
      }
      assert.ok(handed > 0, `${rule.id} has no invalid example with elements of its collections`);
    });
  }

  it('still receive the elements of their collections through the engine', () => {
    const report = validateDocument({
      mcpdesc: '0.7.0',
      info: { name: 'a', version: '1' },
      transports: [{ type: 'stdio', command: 'a' }],
      tools: [{ name: 'ok', inputSchema: { type: 'object' }, input_schema: {} }],
      resources: [{ uri: 'file:///a', name: 'r', bogus: 1 }],
    });
    const ids = report.diagnostics.map((d) => `${d.ruleId} ${d.pointer}`);
    assert.ok(ids.includes('mcpdesc.tool.members /tools/0/input_schema'), ids.join('\n'));
    assert.ok(ids.includes('mcpdesc.resource.members /resources/0/bogus'), ids.join('\n'));
  });
});

describe('documents validated one after another or at the same time', () => {
  const examples = RULES.flatMap((rule) => rule.examples.invalid)
    .filter((example) => example.document !== undefined && example.target === undefined)
    .map((example) => example.document);
  const options = { target: null, ruleLevels: {}, maxDiagnostics: 1000 };
  const fresh = (doc: unknown) => validateDocument(doc, options, [...RULES]).diagnostics;

  it('give every document the diagnostics it gets alone, in any order', () => {
    const alone = examples.map(fresh);
    const sequence = examples.map((doc) => validateDocument(doc, options).diagnostics);
    const reversed = [...examples].reverse().map((doc) => validateDocument(doc, options).diagnostics);
    assert.deepEqual(sequence, alone);
    assert.deepEqual(reversed.reverse(), alone);
  });

  it('keep two documents validated at the same time apart', () => {
    const a = examples.find((doc) => fresh(doc).some((d) => d.ruleId === 'mcpdesc.tool.members'));
    const b = examples.find((doc) => fresh(doc).some((d) => d.ruleId === 'mcpdesc.info.members'));
    assert.ok(a !== undefined && b !== undefined);
    const va = createDocumentValidator(headerOf(a), options);
    const vb = createDocumentValidator(headerOf(b), options);
    // Interleave the root members of both documents; each keeps only its own findings.
    const ka = Object.entries(a as Record<string, unknown>);
    const kb = Object.entries(b as Record<string, unknown>);
    const feed = (v: typeof va, [key, value]: [string, unknown]) => {
      if (isCollectionKey(key) && Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) v.element(key, i, value[i]);
        v.collectionEnd(key, value.length);
      } else v.member(key, value);
    };
    for (let i = 0; i < Math.max(ka.length, kb.length); i++) {
      if (ka[i]) feed(va, ka[i]!);
      if (kb[i]) feed(vb, kb[i]!);
    }
    assert.deepEqual(vb.finish().diagnostics, fresh(b));
    assert.deepEqual(va.finish().diagnostics, fresh(a));
  });
});

describe('visitors of one kind of document', () => {
  it('are created once and serve one document after another (one set per document held at once)', () => {
    let created = 0;
    const counting: Rule = {
      id: 'mcpdesc.test.counting',
      description: 'counts visitor creation',
      specSection: '1',
      levels: RULES[0]!.levels,
      examples: { valid: [], invalid: [] },
      create() {
        created++;
        return {};
      },
    };
    const rules = [counting];
    const doc = { mcpdesc: '0.7.0' };
    // Workers build one options object per task: equal content is the same kind.
    for (let i = 0; i < 5; i++)
      validateDocument(doc, { target: null, ruleLevels: {}, maxDiagnostics: 1000 }, rules);
    assert.equal(created, 1);
    // Off, the rule is not created; at another level, its visitors are another kind's, created once.
    validateDocument(
      doc,
      { target: null, ruleLevels: { 'mcpdesc.test.counting': 'off' }, maxDiagnostics: 1 },
      rules,
    );
    assert.equal(created, 1);
    for (let i = 0; i < 3; i++) {
      validateDocument(
        doc,
        { target: null, ruleLevels: { 'mcpdesc.test.counting': 'warning' }, maxDiagnostics: 1 },
        rules,
      );
    }
    assert.equal(created, 2);
    // Two documents held at once get a set each.
    const a = createDocumentValidator(headerOf(doc), DEFAULT_ENGINE_OPTIONS, rules);
    const b = createDocumentValidator(headerOf(doc), DEFAULT_ENGINE_OPTIONS, rules);
    a.finish();
    b.finish();
    assert.equal(created, 3);
  });
});
