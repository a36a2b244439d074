// The walk's common-subset shortcut answers for the full walk without making it: a schema it accepts
// must get exactly the full walk's analysis, in every dialect, on generated schemas and on every tool
// schema of the project's corpora; and each thing outside the subset must send a schema to the full walk.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { DIALECTS } from '../../../../src/validation/json-schema/meta-options.js';
import { forEachToolSchema } from '../../../../src/validation/json-schema/tool-schemas.js';
import { isObject, ownArray } from '../../../../src/validation/json-schema/values.js';
import {
  analyzeSchema,
  inCommonSubset,
  type SchemaAnalysis,
  walkInFull,
} from '../../../../src/validation/json-schema/walk.js';
import {
  dumpDocuments,
  hostileDocuments,
  type NamedDocument,
  realDocuments,
  registryDocuments,
  ruleExampleDocuments,
  sampleDocuments,
  specDocuments080,
} from '../../../helpers/documents.js';
import { META_TEST_KEYWORDS, schemaArbitrary } from './schema-arbitrary.js';

/** The full walk's analysis of a schema that uses the subset's keywords validly and resolves its references. */
const CLEAN: SchemaAnalysis = {
  tooDeep: false,
  fastValid: true,
  unresolved: [],
  external: [],
  mcpHeader: false,
};

const plain = (analysis: SchemaAnalysis) => ({
  ...analysis,
  unresolved: [...analysis.unresolved],
  external: [...analysis.external],
});

/** Whether the full walk gives CLEAN in every dialect. */
const fullWalkClean = (schema: object) =>
  DIALECTS.every((dialect) => {
    try {
      assert.deepEqual(plain(walkInFull(schema, dialect)), CLEAN);
      return true;
    } catch {
      return false;
    }
  });

/** In the subset ⇒ the full walk says CLEAN in every dialect; returns whether it was in the subset. */
function assertSubsetSound(schema: object, label: string): boolean {
  if (!inCommonSubset(schema)) return false;
  for (const dialect of DIALECTS) {
    assert.deepEqual(
      plain(walkInFull(schema, dialect)),
      CLEAN,
      `${label} (${dialect}): ${JSON.stringify(schema).slice(0, 300)}`,
    );
    assert.deepEqual(plain(analyzeSchema(schema, dialect)), CLEAN);
  }
  return true;
}

const KEYWORDS = [
  ...META_TEST_KEYWORDS,
  '$anchor',
  '$dynamicAnchor',
  '$dynamicRef',
  '$recursiveRef',
  '$recursiveAnchor',
  'x-mcp-header',
  '$schema',
  '$comment',
  'title',
  'not',
  'allOf',
  'oneOf',
  'prefixItems',
  'const',
  'default',
  'examples',
  'maxItems',
  'exclusiveMinimum',
  'readOnly',
  'contentSchema',
  'dependentSchemas',
  'dependentRequired',
  'unevaluatedProperties',
  'if',
];
const STRINGS = [
  'https://json-schema.org/draft/2020-12/schema',
  'http://json-schema.org/draft-07/schema#',
  '#/definitions/a',
  '#/properties/a',
  '#a',
  '#/$defs/a/b',
  '#/$defs/%61',
  'other.json#/a',
  'https://example.com/s.json',
  '#/$defs/a b',
  '#/$defs/\u00e9',
];

const corpora: ReadonlyArray<[string, () => NamedDocument[]]> = [
  ['the samples', sampleDocuments],
  ['every rule example', ruleExampleDocuments],
  ['generated registry documents', () => registryDocuments(150, 11)],
  ['generated 0.8.0 registry documents', () => registryDocuments(60, 17, 3, '0.8.0')],
  ["the 0.8.0 specification's fixtures and examples", specDocuments080],
  ['a generated dump', () => dumpDocuments(300, 30, 5)],
  ['the real documents', () => realDocuments()],
  ['deeply nested documents', hostileDocuments],
];

/** The tool schemas of a document (a dump's tools, each a document's, included) and its schema components. */
function schemasOf(document: unknown): object[] {
  const out: object[] = [];
  if (!isObject(document)) return out;
  const tools = ownArray(document, 'tools');
  for (const tool of tools) forEachToolSchema(tool, (_key, schema) => out.push(schema));
  forEachToolSchema(document, (_key, schema) => out.push(schema));
  const components = document.components;
  if (isObject(components) && isObject(components.schemas)) {
    for (const schema of Object.values(components.schemas)) if (isObject(schema)) out.push(schema);
  }
  return out;
}

describe('the common subset of tool schemas', () => {
  it("gets the full walk's analysis in every dialect, on generated schemas (property)", () => {
    const seen = { in: 0, out: 0 };
    fc.assert(
      fc.property(schemaArbitrary(KEYWORDS, STRINGS), (schema) => {
        if (typeof schema !== 'object' || schema === null) return;
        if (assertSubsetSound(schema, 'generated')) seen.in++;
        else seen.out++;
      }),
      { numRuns: 4000 },
    );
    assert.ok(
      seen.in > 200 && seen.out > 200,
      `both answers should come up (${seen.in} in, ${seen.out} out)`,
    );
  });

  for (const [label, load] of corpora) {
    it(`gets the full walk's analysis in every dialect, on every tool schema of ${label}`, (t) => {
      const documents = load();
      if (documents.length === 0) {
        t.skip('../shared/corpus/real is absent');
        return;
      }
      let inSubset = 0;
      let schemas = 0;
      for (const { name, document } of documents) {
        for (const schema of schemasOf(document)) {
          schemas++;
          if (assertSubsetSound(schema, name)) inSubset++;
        }
      }
      if (schemas > 0 && label !== 'deeply nested documents')
        assert.ok(inSubset > 0, 'no schema was in the subset');
    });
  }

  // Each case differs from an in-subset schema by one thing the shortcut must not accept.
  const base = { type: 'object', properties: { a: { type: 'string' } }, $defs: { n: { type: 'number' } } };
  const outside: ReadonlyArray<[string, object]> = [
    ['an unresolved pointer', { ...base, properties: { a: { $ref: '#/$defs/missing' } } }],
    ['a pointer to a non-schema', { ...base, properties: { a: { $ref: '#/required/0' } }, required: ['a'] }],
    ['an anchor reference', { ...base, properties: { a: { $ref: '#n' } } }],
    ['an external reference', { ...base, properties: { a: { $ref: 'https://example.com/s.json' } } }],
    ['a relative reference', { ...base, properties: { a: { $ref: 'other.json#/a' } } }],
    ['a reference that is not a string', { ...base, properties: { a: { $ref: 1 } } }],
    ['a reference that is no URI reference', { ...base, properties: { a: { $ref: '#/$defs/a\\b' } } }],
    ['an embedded $id', { ...base, $defs: { n: { $id: 'https://example.com/n', type: 'number' } } }],
    ['a root $id', { ...base, $id: 'https://example.com/root' }],
    ['an $anchor', { ...base, $defs: { n: { $anchor: 'n', type: 'number' } } }],
    ['a $dynamicRef', { ...base, properties: { a: { $dynamicRef: '#/$defs/n' } } }],
    ['dependencies', { ...base, dependencies: { a: ['b'] } }],
    ['x-mcp-header', { ...base, properties: { a: { type: 'string', 'x-mcp-header': 'X-A' } } }],
    ['a type that is not a type', { ...base, properties: { a: { type: 'text' } } }],
    ['a repeated type', { ...base, properties: { a: { type: ['string', 'string'] } } }],
    ['an empty enum', { ...base, properties: { a: { enum: [] } } }],
    ['a repeated enum value', { ...base, properties: { a: { enum: ['x', 'x'] } } }],
    ['a repeated required name', { ...base, required: ['a', 'a'] }],
    ['a negative minLength', { ...base, properties: { a: { minLength: -1 } } }],
    ['a fractional maxItems', { ...base, properties: { a: { maxItems: 1.5 } } }],
    ['a zero multipleOf', { ...base, properties: { a: { multipleOf: 0 } } }],
    ['a string minimum', { ...base, properties: { a: { minimum: '1' } } }],
    ['an invalid pattern', { ...base, properties: { a: { pattern: '(' } } }],
    ['an invalid patternProperties key', { ...base, patternProperties: { '(': {} } }],
    ['a non-boolean uniqueItems', { ...base, uniqueItems: 'yes' }],
    ['a non-string description', { ...base, description: 1 }],
    ['a non-array examples', { ...base, examples: 1 }],
    ['a $schema that is no URI', { ...base, $schema: 'not a uri' }],
    ['items as an array', { ...base, items: [{ type: 'string' }] }],
    ['an empty anyOf', { ...base, anyOf: [] }],
    ['properties as an array', { ...base, properties: [] }],
    ['a property schema that is a number', { ...base, properties: { a: 1 } }],
    ['a not that is a string', { ...base, not: 'x' }],
    ['a deeper invalid keyword', { ...base, properties: { a: { items: { anyOf: [{ minLength: -1 }] } } } }],
  ];

  it('accepts the base the cases differ from', () => {
    assert.equal(inCommonSubset(base), true);
    assert.ok(fullWalkClean(base));
  });

  for (const [label, schema] of outside) {
    it(`sends a schema with ${label} to the full walk, whose analysis differs`, () => {
      const parsed = JSON.parse(JSON.stringify(schema)) as object;
      assert.equal(fullWalkClean(parsed), false, 'the full walk finds something to say');
      assert.equal(inCommonSubset(parsed), false);
    });
  }

  it('leaves nesting deeper than the shortcut follows to the full walk', () => {
    let schema: object = { type: 'string' };
    for (let i = 0; i < 200; i++) schema = { not: schema };
    assert.equal(inCommonSubset(schema), false);
    assert.ok(fullWalkClean(schema));
  });

  it('ignores unknown keywords, as the full walk does, and their values', () => {
    const schema = { ...base, 'x-extra': { $ref: '#/nowhere', $id: 'x' }, nullable: true };
    assert.equal(inCommonSubset(schema), true);
    assert.ok(fullWalkClean(schema));
  });
});
