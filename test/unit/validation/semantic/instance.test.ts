// The interpreter of document-provided schemas that the example rules use: certain failures only,
// untrusted regexes never run, bounded work on hostile schemas.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { evaluateInstance } from '../../../../src/validation/json-schema/instance.js';

const errors = (schema: unknown, value: unknown) =>
  evaluateInstance(schema, value, '2020-12').errors.map((e) => `${e.path.join('/')} ${e.message}`);

describe('evaluateInstance', () => {
  it('reports types, required members, closed objects, enums and bounds, with paths', () => {
    const schema = {
      type: 'object',
      properties: {
        count: { type: 'integer', minimum: 1 },
        mode: { enum: ['a', 'b'] },
        tags: { type: 'array', items: { type: 'string' }, maxItems: 2 },
      },
      required: ['count', 'mode'],
      additionalProperties: false,
    };
    assert.deepEqual(errors(schema, { count: 2, mode: 'a', tags: ['x'] }), []);
    assert.deepEqual(errors(schema, { count: 0.5, tags: ['x', 1, 'y'], extra: true }), [
      ' is missing required member "mode"',
      'count must be integer, found number',
      'tags must have at most 2 items',
      'tags/1 must be string, found integer',
      'extra is not allowed (additionalProperties is false)',
    ]);
  });

  it('follows local references and composition', () => {
    const schema = {
      $defs: { id: { type: 'string', minLength: 3 } },
      type: 'object',
      properties: { id: { $ref: '#/$defs/id' }, n: { anyOf: [{ type: 'integer' }, { type: 'null' }] } },
      oneOf: [{ required: ['id'] }, { required: ['n'] }],
    };
    assert.deepEqual(errors(schema, { id: 'abc' }), []);
    assert.deepEqual(errors(schema, { id: 'ab', n: 'x' }), [
      'id must be at least 3 characters long',
      'n matches none of the "anyOf" alternatives',
      ' matches 2 of the "oneOf" alternatives (exactly one must match)',
    ]);
    // A parsed document's schema, as it would arrive (an object literal with `then` trips the linter).
    const conditional = JSON.parse(
      '{"if":{"properties":{"k":{"const":1}}},"then":{"required":["v"]},"else":{"required":["w"]}}',
    );
    assert.deepEqual(errors(conditional, { k: 1 }), [' is missing required member "v"']);
    assert.deepEqual(errors(conditional, { k: 2, w: 0 }), []);
  });

  it('never runs a pattern, and says the result is incomplete instead', () => {
    // A catastrophic regex on a long input would stall a regex engine for minutes.
    const schema = { type: 'string', pattern: '^(a+)+$' };
    const result = evaluateInstance(schema, `${'a'.repeat(40)}!`, '2020-12');
    assert.deepEqual(result.errors, []);
    assert.match(result.incomplete ?? '', /pattern/);
    assert.match(
      evaluateInstance({ $ref: 'https://example.com/s.json' }, 1, '2020-12').incomplete ?? '',
      /not evaluated/,
    );
    assert.equal(evaluateInstance({ type: 'string' }, 'x', '2020-12').incomplete, null);
  });

  it('stops a reference cycle and an exponential schema within its budget', { timeout: 60_000 }, () => {
    const cycle = { $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' };
    assert.match(evaluateInstance(cycle, 1, '2020-12').incomplete ?? '', /too large or deep/);
    let wide: unknown = { type: 'integer' };
    for (let i = 0; i < 30; i++) wide = { allOf: [wide, wide] };
    // 2^30 branch evaluations unbounded: the budget ends it, and says the verdict is not complete.
    assert.match(evaluateInstance(wide, 1, '2020-12').incomplete ?? '', /too large or deep/);
  });

  it('applies draft-07 $ref alone, and tuple items in each dialect', () => {
    const schema = { definitions: { s: { type: 'string' } }, $ref: '#/definitions/s', minLength: 5 };
    assert.deepEqual(evaluateInstance(schema, 'ab', 'draft-07').errors, []);
    assert.equal(evaluateInstance(schema, 'ab', '2020-12').errors.length, 1);
    assert.deepEqual(
      evaluateInstance(
        { items: [{ type: 'string' }], additionalItems: false },
        ['a', 1],
        'draft-07',
      ).errors.map((e) => e.path),
      [[1]],
    );
    assert.deepEqual(
      evaluateInstance(
        { prefixItems: [{ type: 'string' }], items: { type: 'integer' } },
        ['a', 'b'],
        '2020-12',
      ).errors.map((e) => e.path),
      [[1]],
    );
  });
});
