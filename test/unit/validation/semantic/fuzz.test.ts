// Untrusted input never crashes a semantic rule, and every finding points at a location that exists.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { validateDocument } from '../../../../src/validation/engine.js';
import { fromPointer } from '../../../../src/validation/pointer.js';
import { RULES } from '../../../../src/validation/rules/index.js';

const SEMANTIC = RULES.slice(RULES.findIndex((r) => r.id === 'mcpdesc.root.primitives-nonempty'));
const options = { target: null, ruleLevels: {}, maxDiagnostics: 10_000 };

function assertPointersResolve(document: unknown): void {
  for (const d of validateDocument(document, options, SEMANTIC).diagnostics) {
    let node: unknown = document;
    for (const segment of fromPointer(d.pointer)) {
      assert.ok(
        node !== null && typeof node === 'object' && Object.hasOwn(node, segment),
        `${d.ruleId} ${d.pointer}`,
      );
      node = (node as Record<string, unknown>)[segment];
    }
  }
}

const key = fc.oneof(
  fc.constantFrom(
    'name',
    'tags',
    'inputSchema',
    'outputSchema',
    'type',
    '$ref',
    '$id',
    'properties',
    'items',
  ),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'toString',
    'uriTemplate',
    'security',
    'scheme',
    'in',
    '$schema',
  ),
  fc.string({ maxLength: 4 }),
);
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 1 }),
    fc.constantFrom(
      '#',
      '#/properties',
      '#/nope',
      'sse',
      'http',
      'apiKey',
      '{x',
      '{+y}',
      'https://x/s.json',
      '',
    ),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  ),
}));

describe('semantic rules on arbitrary input', () => {
  it('never throw on arbitrary JSON roots', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (document) => {
        assertPointersResolve(document);
      }),
      { numRuns: 300 },
    );
  });

  it('never throw, and point at existing locations, in documents of hostile shapes', () => {
    const collection = fc.array(value, { maxLength: 4 });
    const document = fc.record(
      {
        mcpdesc: fc.constantFrom('0.7.0', '0.4.0', '0.6.0'),
        tools: collection,
        resources: collection,
        resourceTemplates: collection,
        prompts: collection,
        tags: fc.oneof(collection, value),
        security: value,
        transports: value,
        transport: value,
      },
      { requiredKeys: ['mcpdesc'] },
    );
    fc.assert(
      fc.property(document, (doc) => {
        assertPointersResolve(doc);
      }),
      { numRuns: 1000 },
    );
  });

  it('parse-shaped input: __proto__ keys are own properties and behave like any other key', () => {
    const text =
      '{"mcpdesc":"0.7.0","tags":[{"name":"__proto__"}],"tools":[{"__proto__":{"name":"x"},"name":"__proto__",' +
      '"tags":["__proto__","constructor"],"inputSchema":{"properties":{"__proto__":{"$ref":"#/properties/__proto__"}}}}]}';
    const found = validateDocument(JSON.parse(text), options, SEMANTIC).diagnostics.map(
      (d) => `${d.ruleId} ${d.pointer}`,
    );
    assert.deepEqual(found, ['mcpdesc.entity-tags.reference /tools/0/tags/1']);
  });
});
