import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { doc, found, messages, tool } from './helpers.js';

const VALID = 'mcpdesc.tool.schema-valid';
const DIALECT = 'mcpdesc.tool.schema-dialect';
const LOCAL = 'mcpdesc.tool.schema-local-ref';
const EXTERNAL = 'mcpdesc.tool.schema-external-ref';

describe('mcpdesc.tool.schema-valid', () => {
  it('reports meta-schema failures at document-absolute pointers', () => {
    const tools = [
      tool('a'),
      tool('b'),
      tool('c'),
      tool('d', {
        inputSchema: { type: 'object', properties: { x: { type: 'text' } } },
        outputSchema: { type: 'object', required: 'x' },
      }),
    ];
    assert.deepEqual(found(doc({ tools }), VALID), [
      '/tools/3/inputSchema/properties/x/type error',
      '/tools/3/outputSchema/required error',
    ]);
    assert.deepEqual(messages(doc({ tools }), VALID), [
      'inputSchema is not valid JSON Schema 2020-12: "type" must be one of "array", "boolean", "integer", "null", "number", "object", "string", or an array of them; found string "text"',
      'outputSchema is not valid JSON Schema 2020-12: "required" must be an array; found string "x"',
    ]);
  });

  it('checks each schema against the dialect its $schema selects', () => {
    const tuple = { type: 'array', items: [{ type: 'string' }] };
    const draft07 = { $schema: 'http://json-schema.org/draft-07/schema#', ...tuple };
    const draft201909 = { $schema: 'https://json-schema.org/draft/2019-09/schema', ...tuple };
    assert.deepEqual(found(doc({ tools: [tool('a', { inputSchema: draft07 })] }), VALID), []);
    assert.deepEqual(found(doc({ tools: [tool('a', { inputSchema: draft201909 })] }), VALID), []);
    assert.deepEqual(found(doc({ tools: [tool('a', { inputSchema: tuple })] }), VALID), [
      '/tools/0/inputSchema/items error',
    ]);
  });

  it('reports a non-string $schema against the default dialect', () => {
    assert.deepEqual(found(doc({ tools: [tool('a', { inputSchema: { $schema: 7 } })] }), VALID), [
      '/tools/0/inputSchema/$schema error',
    ]);
  });

  it('leaves a schema of an unknown dialect to mcpdesc.tool.schema-dialect', () => {
    const inputSchema = { $schema: 'http://json-schema.org/draft-04/schema#', type: 'any' };
    assert.deepEqual(found(doc({ tools: [tool('a', { inputSchema })] }), VALID), []);
    assert.deepEqual(found(doc({ tools: [tool('a', { inputSchema })] }), DIALECT), [
      '/tools/0/inputSchema/$schema warning',
    ]);
  });

  it('reports a 100k-level schema once, without overflowing the stack', () => {
    let inputSchema: Record<string, unknown> = { type: 'bogus', $ref: '#/nowhere' };
    for (let i = 0; i < 100_000; i++) inputSchema = { properties: { p: inputSchema } };
    const document = doc({ tools: [tool('deep', { inputSchema })] });
    assert.deepEqual(found(document, VALID), ['/tools/0/inputSchema error']);
    assert.match(messages(document, VALID)[0]!, /deeper than 1000 levels/);
    assert.deepEqual(found(document, LOCAL), []);
  });

  it('skips schemas that are not objects (mcpdesc.tool.members reports them)', () => {
    assert.deepEqual(found(doc({ tools: [tool('a', { inputSchema: true, outputSchema: [] })] }), VALID), []);
  });
});

describe('mcpdesc.tool.schema-local-ref and schema-external-ref', () => {
  const inputSchema = {
    type: 'object',
    $defs: { point: { type: 'object' } },
    properties: {
      a: { $ref: '#/$defs/point' },
      b: { $ref: '#/$defs/line' },
      c: { $ref: 'https://example.com/line.json' },
      d: { items: { $ref: '#/definitions/missing' } },
    },
  };

  it('reports unresolved local references at the keyword', () => {
    assert.deepEqual(found(doc({ tools: [tool('a'), tool('b', { inputSchema })] }), LOCAL), [
      '/tools/1/inputSchema/properties/b/$ref error',
      '/tools/1/inputSchema/properties/d/items/$ref error',
    ]);
    assert.match(
      messages(doc({ tools: [tool('b', { inputSchema })] }), LOCAL)[0]!,
      /"\$ref" "#\/\$defs\/line" points to a missing location \(no "line"\)/,
    );
  });

  it('warns about external references, which are never fetched', () => {
    assert.deepEqual(found(doc({ tools: [tool('b', { outputSchema: inputSchema })] }), EXTERNAL), [
      '/tools/0/outputSchema/properties/c/$ref warning',
    ]);
  });

  it('escapes pointer segments of the location', () => {
    const schema = { properties: { 'a/b': { $ref: '#/x' }, 'c~d': { $ref: '#/y' } } };
    assert.deepEqual(found(doc({ tools: [tool('a', { inputSchema: schema })] }), LOCAL), [
      '/tools/0/inputSchema/properties/a~1b/$ref error',
      '/tools/0/inputSchema/properties/c~0d/$ref error',
    ]);
  });
});

describe('mcpdesc.tool.schema-dialect', () => {
  it('accepts the three dialect URIs with or without the empty fragment, over http or https', () => {
    const uris = [
      'https://json-schema.org/draft/2020-12/schema',
      'https://json-schema.org/draft/2020-12/schema#',
      'http://json-schema.org/draft-07/schema#',
      'http://json-schema.org/draft-07/schema',
      'https://json-schema.org/draft-07/schema#',
      'https://json-schema.org/draft/2019-09/schema',
    ];
    const tools = uris.map((uri, i) => tool(`t${i}`, { inputSchema: { $schema: uri } }));
    assert.deepEqual(found(doc({ tools }), DIALECT), []);
  });

  it('warns on other dialects and on near misses', () => {
    const uris = [
      'http://json-schema.org/draft-04/schema#',
      'https://json-schema.org/draft/2020-12/schema/',
      'x',
    ];
    const tools = uris.map((uri, i) => tool(`t${i}`, { outputSchema: { $schema: uri } }));
    assert.deepEqual(found(doc({ tools }), DIALECT), [
      '/tools/0/outputSchema/$schema warning',
      '/tools/1/outputSchema/$schema warning',
      '/tools/2/outputSchema/$schema warning',
    ]);
  });
});
