// Schemas for property tests of the meta-schema check and the schema walk: keyword-aware, mostly
// well-formed, with wrong-typed values mixed in.
import fc from 'fast-check';

/** The keywords the meta-schema validator tests draw from. */
export const META_TEST_KEYWORDS = [
  'type',
  'properties',
  'items',
  'required',
  'enum',
  'description',
  'minimum',
  'minLength',
  'pattern',
  'anyOf',
  'additionalProperties',
  '$ref',
  '$defs',
  'definitions',
  'format',
  'multipleOf',
  'uniqueItems',
  'patternProperties',
  'dependencies',
  '$id',
  'x-extra',
  'nullable',
] as const;

/** Schemas built from `keywords` (string values also drawn from `strings`), as JSON.parse hands them over. */
export function schemaArbitrary(
  keywords: readonly string[],
  strings: readonly string[] = [],
): fc.Arbitrary<unknown> {
  const { schema } = fc.letrec((tie) => ({
    schema: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.boolean(),
      fc.dictionary(fc.constantFrom(...keywords), tie('value'), { maxKeys: 4 }),
    ),
    value: fc.oneof(
      { depthSize: 'small' },
      tie('schema'),
      fc.constantFrom(
        'string',
        'object',
        'any',
        'integer',
        '#',
        '#/$defs/a',
        'a b',
        '(',
        '^[a-z]+$',
        '',
        ...strings,
      ),
      fc.integer({ min: -2, max: 5 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constant(null),
      fc.array(fc.constantFrom('string', 'null', 'a', 'a', 'number'), { maxLength: 3 }),
      fc.array(tie('schema'), { maxLength: 2 }),
      fc.dictionary(fc.constantFrom('a', 'b', '[', '__proto__'), tie('schema'), { maxKeys: 2 }),
    ),
  }));
  // Documents reach the validators through JSON.parse, so objects have Object.prototype; fast-check's
  // dictionaries may be null-prototype, on which Ajv's generated and compiled uniqueItems code differ
  // (seed 996024767: {"type":[{},{}]}), a case no parsed document can produce.
  return schema.map((value) => JSON.parse(JSON.stringify(value)) as unknown);
}
