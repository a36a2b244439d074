import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  createDocumentValidator,
  DEFAULT_ENGINE_OPTIONS,
  headerOf,
} from '../../../../src/validation/engine.js';
import { RULES } from '../../../../src/validation/rules/index.js';
import { doc, found, messages, tool } from './helpers.js';

const UNIQUE = 'mcpdesc.tag.unique';
const REFERENCE = 'mcpdesc.entity-tags.reference';

describe('mcpdesc.tag.unique', () => {
  it('treats __proto__, constructor and toString like any other name', () => {
    const text =
      '{"mcpdesc":"0.7.0","tags":[{"name":"__proto__"},{"name":"constructor"},{"name":"toString"},' +
      '{"name":"__proto__"},{"name":"toString","description":"again"}],"tools":[{"name":"t"}]}';
    assert.deepEqual(found(JSON.parse(text), UNIQUE), ['/tags/3/name error', '/tags/4/name error']);
  });

  it('reports each later duplicate against the first declaration', () => {
    const tags = [{ name: 'a' }, { name: 'a' }, { name: 'b' }, { name: 'a' }];
    assert.deepEqual(messages(doc({ tags }), UNIQUE), [
      'tag "name" "a" is already declared at /tags/0/name; expected tag names to be unique',
      'tag "name" "a" is already declared at /tags/0/name; expected tag names to be unique',
    ]);
  });

  it('ignores tags without a string name (mcpdesc.tag.members reports them)', () => {
    assert.deepEqual(found(doc({ tags: [{}, {}, { name: 1 }, { name: 1 }, 'a', 'a'] }), UNIQUE), []);
  });

  it('is off for 0.6.0 tag trees', () => {
    assert.deepEqual(found(doc({ tags: [{ name: 'a' }, { name: 'a' }] }, '0.6.0'), UNIQUE), []);
  });
});

describe('mcpdesc.entity-tags.reference', () => {
  it('accepts references to tags declared after the tools', () => {
    const document = {
      mcpdesc: '0.7.0',
      tools: [tool('t', { tags: ['__proto__', 'constructor', 'toString'] })],
      tags: [{ name: '__proto__' }, { name: 'constructor' }, { name: 'toString' }],
    };
    assert.deepEqual(found(document, REFERENCE), []);
  });

  it('rejects inherited property names that were not declared', () => {
    const document = {
      mcpdesc: '0.7.0',
      tools: [tool('t', { tags: ['constructor', 'toString', '__proto__', 'hasOwnProperty'] })],
      tags: [{ name: 'chess' }],
    };
    assert.deepEqual(found(document, REFERENCE), [
      '/tools/0/tags/0 error',
      '/tools/0/tags/1 error',
      '/tools/0/tags/2 error',
      '/tools/0/tags/3 error',
    ]);
  });

  it('checks tools, resources, resource templates and prompts', () => {
    const document = doc({
      tags: [{ name: 'ok' }],
      tools: [tool('t', { tags: ['ok', 'no'] })],
      resources: [{ name: 'r', uri: 'a:b', tags: ['no'] }],
      resourceTemplates: [{ name: 'rt', uriTemplate: 'a:{b}', tags: ['ok', 'no'] }],
      prompts: [{ name: 'p', tags: ['no', 'ok'] }],
    });
    assert.deepEqual(found(document, REFERENCE), [
      '/tools/0/tags/1 error',
      '/resources/0/tags/0 error',
      '/resourceTemplates/0/tags/1 error',
      '/prompts/0/tags/0 error',
    ]);
    assert.match(messages(document, REFERENCE)[0]!, /tag "no" is not declared in the root "tags" array/);
  });

  it('leaves entity tags free when the root has no tags array', () => {
    assert.deepEqual(found(doc({ tools: [tool('t', { tags: ['any'] })] }), REFERENCE), []);
    assert.deepEqual(found(doc({ tags: { a: 1 }, tools: [tool('t', { tags: ['any'] })] }), REFERENCE), []);
  });

  it('treats an empty root tags array as declaring nothing', () => {
    assert.deepEqual(found(doc({ tags: [], tools: [tool('t', { tags: ['a'] })] }), REFERENCE), [
      '/tools/0/tags/0 error',
    ]);
  });

  it('gives the same findings when a streaming caller visits tools before it has seen the tags member', () => {
    const document = doc({
      tools: [tool('t', { tags: ['a', 'b'] }), tool('t', { tags: ['c'] })],
      tags: [{ name: 'a' }, { name: 'c' }, { name: 'a' }],
    });
    const options = { ...DEFAULT_ENGINE_OPTIONS, maxDiagnostics: 100 };
    // The splitter's order: the header (from a pre-pass), then members and elements as they come.
    const validator = createDocumentValidator(headerOf(document), options, RULES);
    const tools = document.tools as unknown[];
    for (let i = 0; i < tools.length; i++) validator.element('tools', i, tools[i]);
    validator.collectionEnd('tools', tools.length);
    const tags = document.tags as unknown[];
    for (let i = 0; i < tags.length; i++) validator.element('tags', i, tags[i]);
    validator.collectionEnd('tags', tags.length);
    for (const key of ['mcpdesc', 'info', 'transports']) validator.member(key, document[key]);
    const streamed = validator
      .finish()
      .diagnostics.filter((d) => d.ruleId === REFERENCE || d.ruleId === UNIQUE);
    assert.deepEqual(
      streamed.map((d) => `${d.ruleId} ${d.pointer}`),
      [`${REFERENCE} /tools/0/tags/1`, `${UNIQUE} /tags/2/name`],
    );
  });
});
