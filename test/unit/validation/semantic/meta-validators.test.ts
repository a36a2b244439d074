import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { createMetaAjv, metaSchemaId } from '../../../../src/validation/json-schema/meta-ajv.js';
import { DIALECTS, type Dialect } from '../../../../src/validation/json-schema/meta-options.js';
import { checkMetaSchema, metaValidator } from '../../../../src/validation/json-schema/meta-validators.js';
import { analyzeSchema } from '../../../../src/validation/json-schema/walk.js';
import { META_TEST_KEYWORDS, schemaArbitrary } from './schema-arbitrary.js';

type Validate = ((data: unknown) => boolean) & {
  errors?: Array<{ instancePath: string; keyword: string }> | null;
};

const runtime = new Map<Dialect, Validate>();
function runtimeValidator(dialect: Dialect): Validate {
  let v = runtime.get(dialect);
  if (!v) {
    v = createMetaAjv(dialect).getSchema(metaSchemaId(dialect)) as Validate;
    runtime.set(dialect, v);
  }
  return v;
}

const errorKeys = (v: Validate) => (v.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`).sort();

const schemaArb = schemaArbitrary(META_TEST_KEYWORDS);

describe('meta-schema validators', () => {
  const samples: unknown[] = [
    { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
    { type: 'any' },
    { type: 'object', properties: { a: 5 } },
    { items: [{ type: 'string' }] },
    { items: [{ type: 'foo' }] },
    { exclusiveMinimum: true },
    { pattern: '(' },
    { patternProperties: { '[': {} } },
    { $ref: 'a b' },
    { required: ['a', 'a'] },
    { dependencies: { a: 5 } },
    { $schema: 5 },
  ];

  for (const dialect of DIALECTS) {
    it(`${dialect}: generated and runtime-compiled validators agree`, () => {
      const generated = metaValidator(dialect) as Validate;
      const compiled = runtimeValidator(dialect);
      for (const schema of samples) {
        assert.equal(generated(schema), compiled(schema), JSON.stringify(schema));
        assert.deepEqual(errorKeys(generated), errorKeys(compiled), JSON.stringify(schema));
      }
      fc.assert(
        fc.property(schemaArb, (schema) => {
          assert.equal(generated(schema), compiled(schema));
          assert.deepEqual(errorKeys(generated), errorKeys(compiled));
        }),
        { numRuns: 300 },
      );
    });

    it(`${dialect}: the walk's fast pre-check never calls an invalid schema valid`, () => {
      const generated = metaValidator(dialect);
      let proven = 0;
      fc.assert(
        fc.property(schemaArb, (schema) => {
          if (typeof schema !== 'object' || schema === null) return;
          if (analyzeSchema(schema, dialect).fastValid) {
            proven++;
            assert.equal(generated(schema), true, JSON.stringify(schema));
          }
        }),
        { numRuns: 2000 },
      );
      assert.ok(proven > 50, `the generator should produce provably valid schemas too (${proven})`);
    });
  }
});

describe('checkMetaSchema findings', () => {
  it('collapses the $dynamicRef flood to one finding per location', () => {
    const issues = checkMetaSchema('2020-12', { properties: { a: 5, b: { items: 'x' } } });
    assert.deepEqual(
      issues?.map((i) => i.path.join('/')),
      ['properties/a', 'properties/b/items'],
    );
    assert.match(issues![0]!.message, /^"a" must be a schema \(an object or a boolean\); found number 5$/);
  });

  it('names the allowed values of type', () => {
    const issues = checkMetaSchema('draft-07', { type: 'any' });
    assert.equal(issues?.length, 1);
    assert.match(
      issues![0]!.message,
      /"type" must be one of "array", .*"string", or an array of them; found string "any"/,
    );
  });

  it('reports the inner failure of a draft-07 tuple, not the branch that did not apply', () => {
    const issues = checkMetaSchema('draft-07', { items: [{ type: 'foo' }] });
    assert.deepEqual(
      issues?.map((i) => i.path.join('/')),
      ['items/0/type'],
    );
  });

  it('reports an invalid patternProperties key at the key', () => {
    const issues = checkMetaSchema('2019-09', { patternProperties: { '[': {}, ok: {} } });
    assert.deepEqual(issues, [
      {
        path: ['patternProperties', '['],
        message: 'property name "[" in "patternProperties" must be a valid ECMA-262 regular expression',
      },
    ]);
  });

  it('returns null for a valid schema', () => {
    assert.equal(checkMetaSchema('2020-12', { type: 'object' }), null);
  });

  it('turns validator recursion on 100k-deep arrays into one finding instead of a crash', () => {
    const deep = () => {
      let a: unknown[] = [];
      for (let i = 0; i < 100_000; i++) a = [a];
      return a;
    };
    for (const dialect of DIALECTS) {
      const issues = checkMetaSchema(dialect, { type: [deep(), deep()] });
      assert.deepEqual(
        issues?.map((i) => i.path),
        [[]],
        dialect,
      );
    }
    assert.equal(checkMetaSchema('draft-07', { enum: [deep(), deep()] })?.length, 1);
  });

  it('keeps messages short for huge values', () => {
    const issues = checkMetaSchema('2020-12', { type: 'x'.repeat(1_000_000) });
    assert.ok(issues && issues[0]!.message.length < 300);
  });
});
