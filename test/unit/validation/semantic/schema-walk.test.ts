import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  analyzeSchema,
  MAX_SCHEMA_DEPTH,
  SchemaAnalyses,
} from '../../../../src/validation/json-schema/walk.js';

const refsOf = (schema: object, dialect: '2020-12' | '2019-09' | 'draft-07' = '2020-12') => {
  const a = analyzeSchema(schema, dialect);
  return {
    unresolved: a.unresolved.map((r) => `${r.path.join('/')} ${r.value}`),
    external: a.external.map((r) => `${r.path.join('/')} ${r.value}`),
  };
};

describe('schema walk: local references', () => {
  it('resolves pointers into $defs, definitions, arrays and the root', () => {
    const schema = {
      $defs: { a: { type: 'string' } },
      definitions: { 'x/y': { type: 'number' }, 'm~n': true, 'sp ace': {} },
      anyOf: [{ type: 'null' }, { $ref: '#/anyOf/0' }],
      properties: {
        a: { $ref: '#/$defs/a' },
        b: { $ref: '#/definitions/x~1y' },
        c: { $ref: '#/definitions/m~0n' },
        d: { $ref: '#/definitions/sp%20ace' },
        e: { $ref: '#' },
        f: { $ref: '#/properties/a' },
      },
    };
    assert.deepEqual(refsOf(schema), { unresolved: [], external: [] });
  });

  it('reports each missing target at the keyword, with the reason', () => {
    const schema = {
      $defs: { a: { type: 'string' }, list: [{}] },
      properties: {
        a: { $ref: '#/$defs/b' },
        b: { items: { $ref: '#/$defs/list/1' } },
        c: { $ref: '#/$defs/a/type' },
        d: { $ref: '#/$defs/list/01' },
        e: { $ref: '#/%zz' },
      },
    };
    const a = analyzeSchema(schema, '2020-12');
    assert.deepEqual(
      a.unresolved.map((r) => [r.path.join('/'), r.reason]),
      [
        ['properties/a/$ref', 'points to a missing location (no "b")'],
        ['properties/b/items/$ref', 'points to a missing location (no item "1")'],
        ['properties/c/$ref', 'points to a value that is not a schema'],
        ['properties/d/$ref', 'points to a missing location (no item "01")'],
        ['properties/e/$ref', 'has a malformed percent-encoding in its JSON pointer'],
      ],
    );
  });

  it('resolves $anchor, $dynamicAnchor and draft-07 "#name" ids', () => {
    assert.deepEqual(
      refsOf({
        $defs: { n: { $anchor: 'node' }, m: { $dynamicAnchor: 'meta' } },
        properties: { a: { $ref: '#node' }, b: { $dynamicRef: '#meta' }, c: { $ref: '#nope' } },
      }).unresolved,
      ['properties/c/$ref #nope'],
    );
    assert.deepEqual(
      refsOf({ definitions: { n: { $id: '#node' } }, properties: { a: { $ref: '#node' } } }, 'draft-07')
        .unresolved,
      [],
    );
  });

  it("ignores another dialect's reference keywords, as unknown keywords are ignored", () => {
    // $dynamicRef is 2020-12 only, $recursiveRef 2019-09 only, and draft-07 has neither: in another
    // dialect they are annotations, so an unmatched or outside value is neither missing nor external.
    // A function: analyses are memoized per schema object, and a schema has one dialect.
    const schema = () => ({
      properties: {
        a: { $dynamicRef: '#nope' },
        b: { $recursiveRef: '#/nope' },
        c: { $dynamicRef: 'https://example.com/x' },
        d: { $recursiveRef: 'https://example.com/y' },
      },
    });
    assert.deepEqual(refsOf(schema(), '2019-09'), {
      unresolved: ['properties/b/$recursiveRef #/nope'],
      external: ['properties/d/$recursiveRef https://example.com/y'],
    });
    assert.deepEqual(refsOf(schema(), '2020-12'), {
      unresolved: ['properties/a/$dynamicRef #nope'],
      external: ['properties/c/$dynamicRef https://example.com/x'],
    });
    assert.deepEqual(refsOf(schema(), 'draft-07'), { unresolved: [], external: [] });
  });

  it("names only the dialect's own anchors: $anchor from 2019-09, $dynamicAnchor in 2020-12", () => {
    // A draft-07 validator knows neither keyword, a 2019-09 one not $dynamicAnchor: a reference to such
    // an anchor resolves nowhere for them, so the walk must not accept it.
    const schema = () => ({
      $defs: { a: { $anchor: 'plain' }, d: { $dynamicAnchor: 'dyn' } },
      properties: { x: { $ref: '#plain' }, y: { $ref: '#dyn' } },
    });
    const missing = (name: string) => `properties/${name === 'plain' ? 'x' : 'y'}/$ref #${name}`;
    assert.deepEqual(refsOf(schema(), '2020-12').unresolved, []);
    assert.deepEqual(refsOf(schema(), '2019-09').unresolved, [missing('dyn')]);
    assert.deepEqual(refsOf(schema(), 'draft-07').unresolved, [missing('plain'), missing('dyn')]);
    // draft-07 names a plain fragment with $id.
    assert.deepEqual(
      refsOf({ $defs: { a: { $id: '#plain' } }, properties: { x: { $ref: '#plain' } } }, 'draft-07')
        .unresolved,
      [],
    );
  });

  it('still checks what sits beside a draft-07 $ref: it is ignored only until a reference reaches it', () => {
    // draft-07 ignores the siblings of `$ref`, but the usual generated schema is a root `$ref` into
    // its sibling `definitions`: the target is evaluated, references in it included. Skipping the
    // siblings would miss this missing target.
    const schema = {
      $ref: '#/definitions/Args',
      definitions: { Args: { properties: { when: { $ref: '#/definitions/Date' } } } },
    };
    assert.deepEqual(refsOf(schema, 'draft-07').unresolved, [
      'definitions/Args/properties/when/$ref #/definitions/Date',
    ]);
  });

  it('resolves fragments against the embedded resource they appear in', () => {
    const schema = {
      $id: 'https://example.com/root.json',
      $defs: {
        inner: {
          $id: 'inner.json',
          $defs: { x: { type: 'string' } },
          properties: { own: { $ref: '#/$defs/x' }, root: { $ref: 'root.json#/$defs/inner' } },
        },
      },
      properties: {
        viaId: { $ref: 'https://example.com/inner.json#/$defs/x' },
        wrong: { $ref: '#/$defs/x' },
      },
    };
    assert.deepEqual(refsOf(schema), { unresolved: ['properties/wrong/$ref #/$defs/x'], external: [] });
  });

  it('keeps the first resource of a base: an embedded $id repeating the root id does not shadow the root', () => {
    const schema = {
      $id: 'https://example.com/root.json',
      $defs: {
        again: { $id: 'root.json', $defs: { only: true } },
        twice: { $id: 'inner.json', $defs: { first: true } },
        thrice: { $id: 'inner.json', $defs: { second: true } },
      },
      properties: {
        root: { $ref: 'root.json#/$defs/again' },
        shadowed: { $ref: 'root.json#/$defs/only' },
        first: { $ref: 'inner.json#/$defs/first' },
        second: { $ref: 'inner.json#/$defs/second' },
      },
    };
    assert.deepEqual(refsOf(schema).unresolved, [
      'properties/shadowed/$ref root.json#/$defs/only',
      'properties/second/$ref inner.json#/$defs/second',
    ]);
  });

  it('gives each schema its own analysis however many were walked in between', () => {
    const bad = { properties: { a: { $ref: '#/$defs/missing' } } };
    const good = { $defs: { missing: true }, properties: { a: { $ref: '#/$defs/missing' } } };
    const analyses = new SchemaAnalyses();
    const first = analyses.analyze(bad, '2020-12');
    for (let i = 0; i < 9; i++) analyses.analyze({ ...bad }, '2020-12');
    assert.equal(analyses.analyze(bad, '2020-12'), first, 'rules checking one tool share one walk');
    for (let i = 0; i < 9; i++)
      assert.deepEqual(refsOf(i % 2 === 0 ? good : { ...bad }).unresolved.length, i % 2);
    assert.deepEqual(refsOf(bad).unresolved, ['properties/a/$ref #/$defs/missing']);
    assert.deepEqual(refsOf(good).unresolved, []);
  });

  it('reports references outside the schema as external, never fetching them', () => {
    assert.deepEqual(
      refsOf({
        properties: {
          a: { $ref: 'https://example.com/s.json' },
          b: { $ref: 'other.json#/x' },
          c: { $ref: 'https://json-schema.org/draft/2020-12/schema' },
        },
      }).external,
      [
        'properties/a/$ref https://example.com/s.json',
        'properties/b/$ref other.json#/x',
        'properties/c/$ref https://json-schema.org/draft/2020-12/schema',
      ],
    );
  });

  it('does not mistake data or property names for references', () => {
    const schema = {
      properties: { $ref: { type: 'string' }, $id: { type: 'string' } },
      enum: [{ $ref: '#/nowhere' }],
      const: { $ref: '#/nowhere' },
      default: { $ref: '#/nowhere' },
      examples: [{ $ref: '#/nowhere' }],
      'x-vendor': { $ref: '#/nowhere' },
    };
    assert.deepEqual(refsOf(schema), { unresolved: [], external: [] });
  });

  it('does not loop on reference cycles', () => {
    const schema = {
      $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } },
      properties: { self: { $ref: '#' } },
    };
    assert.deepEqual(refsOf(schema), { unresolved: [], external: [] });
  });

  it('stops at MAX_SCHEMA_DEPTH without overflowing the stack (100k levels)', () => {
    let schema: Record<string, unknown> = { $ref: '#/missing' };
    for (let i = 0; i < 100_000; i++) schema = { not: schema };
    const a = analyzeSchema(schema, '2020-12');
    assert.equal(a.tooDeep, true);
    assert.equal(a.fastValid, false);
    assert.deepEqual(a.unresolved, []);
  });

  it('walks a schema at the depth limit', () => {
    let schema: Record<string, unknown> = { $ref: '#/missing' };
    for (let i = 0; i < MAX_SCHEMA_DEPTH; i++) schema = { items: schema };
    const a = analyzeSchema(schema, '2020-12');
    assert.equal(a.tooDeep, false);
    assert.equal(a.unresolved.length, 1);
  });

  it("reports in document pre-order: a node's own references before those of its subschemas", () => {
    const schema = {
      properties: { a: { $ref: '#/nope/a' }, b: { items: [{ $ref: '#/nope/b' }] } },
      $ref: '#/nope/root',
      allOf: [{ $ref: 'https://elsewhere.example/s.json' }, { $ref: '#/nope/c' }],
    };
    assert.deepEqual(refsOf(schema), {
      unresolved: [
        '$ref #/nope/root',
        'properties/a/$ref #/nope/a',
        'properties/b/items/0/$ref #/nope/b',
        'allOf/1/$ref #/nope/c',
      ],
      external: ['allOf/0/$ref https://elsewhere.example/s.json'],
    });
  });

  it('is shared per schema object by an owner of analyses until it clears them', () => {
    // Outside the common subset (an `$id`): the subset's analysis is one shared constant.
    const schema = { $id: 'https://example.com/s.json', type: 'object' };
    const analyses = new SchemaAnalyses();
    const first = analyses.analyze(schema, '2020-12');
    assert.equal(analyses.analyze(schema, '2020-12'), first);
    analyses.clear();
    assert.notEqual(analyses.analyze(schema, '2020-12'), first);
    assert.notEqual(analyzeSchema(schema, '2020-12'), analyzeSchema(schema, '2020-12'));
  });
});

describe('schema walk: fast meta-schema pre-check', () => {
  const fast = (schema: object) => analyzeSchema(schema, '2020-12').fastValid;

  it('proves common schemas valid', () => {
    assert.equal(
      fast({
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        title: 't',
        description: 'd',
        properties: {
          a: { type: ['string', 'null'], minLength: 1, pattern: '^[a-z]+$', format: 'email' },
          b: {
            type: 'array',
            items: { type: 'integer', minimum: 0, exclusiveMaximum: 10 },
            uniqueItems: true,
          },
          c: { enum: ['x', 1, null], default: 'x' },
          c9: { enum: [1, 2, 3, 4, 5, 6, 7, 8, 9, '1'] },
          d: { anyOf: [{ type: 'string' }, { $ref: '#/definitions/e' }] },
        },
        definitions: { e: { const: 3 } },
        required: ['a'],
        additionalProperties: false,
        'x-custom': { anything: [1, 2] },
        nullable: true,
      }),
      true,
    );
  });

  it('leaves anything it cannot prove to the meta-schema validator', () => {
    for (const schema of [
      { type: 'any' },
      { type: ['string', 'string'] },
      { required: ['a', 'a'] },
      { minLength: -1 },
      { minLength: 1.5 },
      { multipleOf: 0 },
      { pattern: '(' },
      { properties: { a: 5 } },
      { anyOf: [] },
      { items: [{ type: 'string' }] },
      { $id: 'x' },
      { dependencies: { a: ['b'] } },
      { patternProperties: { '[': {} } },
      { $ref: 'a b' },
      { not: null },
      // draft-07's enum: non-empty and unique, short (compared pairwise) and long (a Set) alike.
      { enum: [] },
      { enum: ['a', 1, 'a'] },
      { enum: [0, -0] },
      { enum: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 3] },
      { enum: [{ a: 1 }, { a: 1 }] },
    ]) {
      assert.equal(fast(schema), false, JSON.stringify(schema));
    }
  });
});
