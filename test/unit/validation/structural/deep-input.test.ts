// Untrusted input never crashes validation: JSON.parse accepts values nested 100,000 levels deep,
// far deeper than a recursive validator's stack. Such values become findings, not exceptions.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validateDocument } from '../../../../src/validation/engine.js';
import { structural } from './structural-ids.js';

const DEPTH = 50_000;
const options = { target: null, ruleLevels: {}, maxDiagnostics: 100 };

function nestedTags(depth: number): string {
  let text = '{"name":"leaf"}';
  for (let i = 0; i < depth; i++) text = `{"name":"t${i}","tags":[${text}]}`;
  return text;
}

function nestedArray(depth: number): string {
  return `${'['.repeat(depth)}1${']'.repeat(depth)}`;
}

describe('deeply nested input', () => {
  it('reports a 0.6.0 tag tree too deep to check instead of throwing', () => {
    const doc = JSON.parse(
      `{"mcpdesc":"0.6.0","info":{"name":"a","version":"1"},"transports":[{"type":"stdio","command":"a"}],` +
        `"tools":[],"tags":[${nestedTags(DEPTH)}]}`,
    );
    const found = structural(validateDocument(doc, options).diagnostics).map((d) => [
      d.ruleId,
      d.pointer,
      d.message,
    ]);
    assert.deepEqual(found, [
      ['mcpdesc.tag.members', '/tags/0', `Tag "t${DEPTH - 1}" is nested too deeply to be checked`],
    ]);
  });

  it('reports deep values where scalars belong, with a short message', () => {
    const deep = nestedArray(DEPTH);
    const doc = JSON.parse(
      `{"mcpdesc":"0.7.0","info":{"name":"a","version":"1"},"transports":[{"type":${deep},"command":"a"}],` +
        `"tools":[{"name":"x","execution":{"taskSupport":${deep}}}]}`,
    );
    const found = structural(validateDocument(doc, options).diagnostics).map((d) => [d.pointer, d.message]);
    assert.deepEqual(found, [
      ['/transports/0/type', 'Transport 0 has type (array); allowed types: streamable-http, stdio, sse'],
      ['/tools/0/execution/taskSupport', 'Tool "x": "execution.taskSupport" must be a string, found array'],
      [
        '/tools/0/execution/taskSupport',
        'Tool "x": "execution.taskSupport" must be one of "forbidden", "optional", "required", found (array)',
      ],
    ]);
  });
});
