// The semantic rules see a document as header + members + elements; a streamed dump makes the same
// calls in document order. Property order is not significant (spec §3.4): reordering root members
// must not change which diagnostics the semantic rules produce.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { validateDocument } from '../../../../src/validation/engine.js';
import { RULES } from '../../../../src/validation/rules/index.js';
import { doc, tool } from './helpers.js';

const SEMANTIC = new Set(
  RULES.slice(RULES.findIndex((r) => r.id === 'mcpdesc.root.primitives-nonempty')).map((r) => r.id),
);
const options = { target: null, ruleLevels: {}, maxDiagnostics: 10_000 };

function semanticFindings(document: unknown): string[] {
  return validateDocument(document, options)
    .diagnostics.filter((d) => SEMANTIC.has(d.ruleId))
    .map((d) => `${d.ruleId} ${d.pointer} ${d.severity}`)
    .sort();
}

describe('semantic rules and root member order', () => {
  const document = doc({
    security: [{ type: 'http' }],
    tools: [
      tool('a b', { tags: ['x', 'y'] }),
      tool('a b', { inputSchema: { properties: { p: { $ref: '#/nope' } } } }),
      { name: '' },
    ],
    resourceTemplates: [{ name: 't', uriTemplate: '{', tags: ['y'] }],
    prompts: [],
    tags: [{ name: 'x' }, { name: 'x' }],
  });

  it('finds the same diagnostics in every member order', () => {
    const expected = semanticFindings(document);
    assert.ok(expected.length >= 8, `the fixture should trigger many rules (${expected.length})`);
    const keys = Object.keys(document);
    fc.assert(
      fc.property(fc.shuffledSubarray(keys, { minLength: keys.length, maxLength: keys.length }), (order) => {
        const reordered = Object.fromEntries(order.map((k) => [k, document[k]]));
        assert.deepEqual(semanticFindings(reordered), expected);
      }),
      { numRuns: 50 },
    );
  });
});
