// Document-scoped rules receive projections when a huge dump is fanned out to workers: the projection
// crosses the thread boundary, so it must be small, structured-clone-safe, and carry what the rule needs.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RULES } from '../../../../src/validation/rules/index.js';

const rule = (id: string) => {
  const found = RULES.find((r) => r.id === id);
  if (!found?.project) throw new Error(`${id} has no projection`);
  return found as typeof found & { project: NonNullable<typeof found.project> };
};

describe('projections of document-scoped semantic rules', () => {
  it('mcpdesc.tool.name-unique projects a tool to its name, anything else to undefined', () => {
    const r = rule('mcpdesc.tool.name-unique');
    assert.equal(r.scope, 'document');
    assert.equal(
      r.project('tools', 0, { name: '__proto__', inputSchema: { big: 'x'.repeat(1000) } }),
      '__proto__',
    );
    assert.equal(r.project('tools', 0, { name: 7 }), undefined);
    assert.equal(r.project('tools', 0, ['name']), undefined);
    assert.equal(r.project('prompts', 0, { name: 'p' }), undefined);
    // JSON.parse (and yaml) make `__proto__` an own key, so a nested "name" is not the tool's.
    assert.equal(r.project('tools', 0, JSON.parse('{"__proto__": {"name": "x"}}')), undefined);
  });

  it('mcpdesc.tag.unique projects a tag to its name, anything else to undefined', () => {
    const r = rule('mcpdesc.tag.unique');
    assert.equal(r.scope, 'document');
    assert.equal(r.project('tags', 3, { name: 'constructor', description: 'd' }), 'constructor');
    assert.equal(r.project('tags', 3, { description: 'no name' }), undefined);
    assert.equal(r.project('tools', 3, { name: 'tool' }), undefined);
  });

  it('projections survive structured clone unchanged', () => {
    const value = rule('mcpdesc.tool.name-unique').project('tools', 0, { name: 'toString' });
    assert.equal(structuredClone(value), 'toString');
  });
});
