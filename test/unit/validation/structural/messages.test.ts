// What the adapter says: the offending property, the expected value and what was found, at a
// document-absolute pointer; escaped pointer segments; long values cut.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validateDocument } from '../../../../src/validation/engine.js';
import { structural } from './structural-ids.js';

const options = { target: null, ruleLevels: {}, maxDiagnostics: 1000 };
const doc = (tools: unknown[]) => ({
  mcpdesc: '0.7.0',
  info: { name: 'a', version: '1' },
  transports: [{ type: 'stdio', command: 'a' }],
  tools,
});
const messages = (d: unknown) =>
  structural(validateDocument(d, options).diagnostics).map((x) => [x.ruleId, x.pointer, x.message] as const);

describe('structural messages', () => {
  it('name the unknown property and the allowed ones', () => {
    const tools = Array.from({ length: 4 }, (_, i) => ({ name: `t${i}` }));
    tools.push({ name: 'get_forecast', input_schema: {} } as never);
    assert.deepEqual(messages(doc(tools)), [
      [
        'mcpdesc.tool.members',
        '/tools/4/input_schema',
        'Tool "get_forecast" has unknown property "input_schema"; allowed: name, title, description, ' +
          'inputSchema, outputSchema, annotations, execution, icons, tags, deprecated, _meta',
      ],
    ]);
  });

  it('name the expected and the found type, deep inside', () => {
    assert.deepEqual(messages(doc([{ name: 'x', deprecated: 'no', annotations: { readOnlyHint: 1 } }])), [
      [
        'mcpdesc.tool.members',
        '/tools/0/annotations/readOnlyHint',
        'Tool "x": "annotations.readOnlyHint" must be a boolean, found integer',
      ],
      [
        'mcpdesc.tool.members',
        '/tools/0/deprecated',
        'Tool "x": "deprecated" must be a boolean, found string',
      ],
    ]);
  });

  it('say a number beyond double precision is out of range, not of the wrong type', () => {
    const document = {
      ...doc([{ name: 'x' }]),
      resources: [{ uri: 'file:///a', name: 'a', size: JSON.parse('1e400') }],
    };
    assert.deepEqual(messages(document), [
      [
        'mcpdesc.resource.members',
        '/resources/0/size',
        'Resource "a": "size" must be a number, found a number beyond the double-precision range',
      ],
    ]);
  });

  it('list enum values and quote the found one', () => {
    const [[, pointer, message]] = messages(
      doc([{ name: 'x', execution: { taskSupport: 'sometimes' } }]),
    ) as [readonly [string, string, string]];
    assert.equal(pointer, '/tools/0/execution/taskSupport');
    assert.equal(
      message,
      'Tool "x": "execution.taskSupport" must be one of "forbidden", "optional", "required", found "sometimes"',
    );
  });

  it('escape "/" and "~" in pointers', () => {
    const [[, pointer]] = messages(doc([{ name: 'x', 'a/b~c': 1 }])) as [readonly [string, string, string]];
    assert.equal(pointer, '/tools/0/a~1b~0c');
  });

  it('cut long values and name tools without a usable name by index', () => {
    const long = 'x'.repeat(10_000);
    const [[, , message]] = messages(
      doc(
        [
          { name: 7, description: 'd' },
          { name: 'ok', title: long },
        ].slice(0, 1),
      ),
    ) as [readonly [string, string, string]];
    assert.equal(message, 'Tool 0: "name" must be a string, found integer');
    const info = messages({ ...doc([{ name: 'ok' }]), info: { name: 'a', version: '1', websiteUrl: long } });
    assert.equal(info.length, 1);
    assert.ok(info[0]![2].length < 200, info[0]![2].slice(0, 100));
  });

  it('give one diagnostic per bad transport', () => {
    const d = {
      ...doc([{ name: 't' }]),
      transports: [
        { type: 'stdio' },
        { type: 'streamable-http', command: 'x', args: [] },
        { type: 'ws', url: 'wss://e.example' },
        {},
      ],
    };
    assert.deepEqual(messages(d), [
      [
        'mcpdesc.transport.members',
        '/transports/0',
        'Transport 0 (stdio) is invalid: is missing required property "command"',
      ],
      [
        'mcpdesc.transport.members',
        '/transports/1',
        'Transport 1 (streamable-http) is invalid: is missing required property "url"; has unknown property ' +
          '"command" (allowed: type, url, security); has unknown property "args" (allowed: type, url, security)',
      ],
      [
        'mcpdesc.transport.members',
        '/transports/2/type',
        'Transport 2 has type "ws"; allowed types: streamable-http, stdio, sse',
      ],
      [
        'mcpdesc.transport.members',
        '/transports/3',
        'Transport 3 has no "type"; allowed types: streamable-http, stdio, sse',
      ],
    ]);
  });
});
