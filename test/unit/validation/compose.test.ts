// Composing screens must keep their meaning: whatever two schemas say, their merge accepts exactly
// what `allOf: [a, b]` accepts, and sharing repeated parts changes nothing either.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { createAjv } from '../../../src/validation/schema/ajv.js';
import { when } from '../../../src/validation/schema/blocks.js';
import { composeSchemas, factor, merge } from '../../../src/validation/schema/compose.js';
import type { SchemaFragment } from '../../../src/validation/schema/fragment.js';

const NAMES = ['a', 'b', 'c'] as const;

/** Small schemas over the keywords screens use, groups included (closed objects, if/then). */
const schemaArb: fc.Arbitrary<SchemaFragment> = fc.letrec<{ schema: SchemaFragment }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<SchemaFragment>({}, { type: 'object' }, { type: 'array' }, { type: 'string' }),
    fc
      .record(
        {
          type: fc.constantFrom('object', 'string', 'array'),
          properties: fc.dictionary(fc.constantFrom(...NAMES), tie('schema'), { maxKeys: 2 }),
          additionalProperties: fc.constant(false),
          required: fc.subarray([...NAMES], { maxLength: 2 }),
          items: tie('schema'),
          minItems: fc.nat(2),
          enum: fc.subarray(['x', 'y', 1], { minLength: 1 }),
          not: tie('schema'),
          condition: fc.tuple(tie('schema'), tie('schema')),
          propertyNames: fc.constant({ enum: ['a', 'b'] }),
        },
        { requiredKeys: [] },
      )
      .map(
        ({ condition, ...rest }): SchemaFragment => (condition ? { ...rest, ...when(...condition) } : rest),
      ),
  ),
})).schema;

const dataArb = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('x', 'y', 1, null, true),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...NAMES), tie('value'), { maxKeys: 3 }),
  ),
})).value;

const ajv = createAjv({ allErrors: false, standalone: false, screens: true });
const verdict = (schema: SchemaFragment, data: unknown) => ajv.validate(structuredClone(schema), data);
/** One compilation judging many values: compiling, not judging, is what costs. */
const judge = (schema: SchemaFragment) => ajv.compile(structuredClone(schema));

describe('composing screens', () => {
  it('merges two schemas into one that accepts exactly what their allOf accepts', () => {
    fc.assert(
      fc.property(schemaArb, schemaArb, fc.array(dataArb, { minLength: 1, maxLength: 8 }), (a, b, data) => {
        const merged = judge(merge(a, b));
        const both = judge({ allOf: [a, b] });
        for (const value of data) assert.equal(merged(value), both(value));
      }),
      { numRuns: 600 },
    );
  });

  it('keeps a closed object closed: another screen may judge its names, not add names', () => {
    const closed = { type: 'object', properties: { a: {} }, additionalProperties: false };
    const merged = composeSchemas([
      closed,
      { properties: { a: { type: 'string' } } },
      { properties: { b: {} } },
    ]);
    assert.deepEqual(merged, {
      type: 'object',
      properties: { a: { type: 'string' } },
      additionalProperties: false,
      allOf: [{ properties: { b: {} } }],
    });
    assert.equal(verdict(merged, { b: 1 }), false);
  });

  it('cuts a schema into parts, a repeated one once, with the same verdicts', () => {
    const part = {
      type: 'object',
      properties: Object.fromEntries(NAMES.map((n) => [n, { enum: ['x', 'y', 'z', n] }])),
    };
    const big = { ...part, required: ['a'], additionalProperties: false, description: 'x'.repeat(200) };
    const schema = { properties: { p: big, q: { items: big } } };
    const shared = factor(schema);
    assert.deepEqual(shared.properties, {
      p: { $ref: '#/definitions/part0' },
      q: { items: { $ref: '#/definitions/part0' } },
    });
    const [sharedVerdict, schemaVerdict] = [judge(shared), judge(schema)];
    fc.assert(
      fc.property(dataArb, dataArb, (p, q) => {
        const value = { p, q: [q] };
        assert.equal(sharedVerdict(value), schemaVerdict(value));
      }),
    );
  });

  it('leaves in place the subschemas it is told to, cutting what lies below them', () => {
    const part = {
      type: 'object',
      properties: Object.fromEntries(NAMES.map((n) => [n, { enum: ['x', 'y', 'z', n] }])),
      description: 'x'.repeat(400),
    };
    const note = 'y'.repeat(400);
    const branch = (tag: string) => ({
      properties: { type: { const: tag }, body: part },
      required: ['type'],
      description: note,
    });
    const schema = { discriminator: { propertyName: 'type' }, oneOf: [branch('a'), branch('b')] };
    const cut = factor(schema);
    assert.deepEqual(cut.oneOf, [{ $ref: '#/definitions/part1' }, { $ref: '#/definitions/part2' }]);
    const kept = factor(schema, (parent, keyword) => keyword === 'oneOf' && 'discriminator' in parent);
    assert.deepEqual(kept.oneOf, [
      { ...branch('a'), properties: { type: { const: 'a' }, body: { $ref: '#/definitions/part0' } } },
      { ...branch('b'), properties: { type: { const: 'b' }, body: { $ref: '#/definitions/part0' } } },
    ]);
  });
});
