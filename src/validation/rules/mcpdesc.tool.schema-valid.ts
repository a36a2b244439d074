// §9.2: inputSchema and outputSchema MUST be valid JSON Schema. Each is checked against its dialect's
// meta-schema by a validator generated at build time; the document's schema is only ever data.
// Schemas nested deeper than MAX_SCHEMA_DEPTH are reported once and not checked (no stack overflow).
// 0.8.0 (§9.2): the dialect applies from MCP 2025-11-25; a tool whose scope has only earlier revisions
// gets its schema's shape checked instead. Schema components are checked where they are defined.
import { quote } from '../../quote.js';
import type { PathSegment } from '../../types.js';
import type { Dialect } from '../json-schema/dialect.js';
import { checkMetaSchema } from '../json-schema/meta-validators.js';
import {
  forEachAnalyzedToolSchema,
  forEachComponentSchema,
  toolSchemaScreen,
} from '../json-schema/tool-schemas.js';
import { isObject, type JsonObject } from '../json-schema/values.js';
import { MAX_SCHEMA_DEPTH, type SchemaAnalysis } from '../json-schema/walk.js';
import {
  DIALECT_REVISIONS,
  describeScope,
  effectiveScope,
  NO_REVISIONS,
  type Scope,
  scopeOf,
} from '../protocol/revisions.js';
import { before080, levels, type Rule } from '../rule.js';
import { exampleDocument, exampleDocument080, exampleTool } from './semantic-examples.js';

const rule: Rule = {
  id: 'mcpdesc.tool.schema-valid',
  description: 'Make inputSchema and outputSchema valid against their JSON Schema meta-schema.',
  specSection: '9.2',
  collections: ['tools'],
  levels: levels('error'),
  examples: {
    valid: [
      {
        description: 'an object schema with typed properties',
        document: exampleDocument({
          tools: [
            exampleTool({
              inputSchema: {
                type: 'object',
                properties: { q: { type: 'string', pattern: '^[a-z]+$' }, n: { type: ['integer', 'null'] } },
                required: ['q'],
              },
            }),
          ],
        }),
      },
      {
        description: 'draft-07 tuple items',
        document: exampleDocument({
          tools: [
            exampleTool({
              inputSchema: {
                $schema: 'http://json-schema.org/draft-07/schema#',
                type: 'object',
                properties: { pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] } },
              },
            }),
          ],
        }),
      },
    ],
    invalid: [
      {
        description: '0.8.0: a malformed required for MCP 2024-11-05 (shape only); a schema component',
        document: exampleDocument080({
          protocolVersions: ['2024-11-05', '2026-07-28'],
          components: { schemas: { Bad: { type: 'object', properties: { a: { type: 'any' } } } } },
          tools: [
            exampleTool({
              protocolVersions: ['2024-11-05'],
              inputSchema: {
                type: 'object',
                required: 'value',
                properties: { v: { type: 'number', exclusiveMinimum: true } },
              },
            }),
          ],
        }),
        diagnostics: [
          { pointer: '/tools/0/inputSchema/required', severity: 'error' },
          { pointer: '/components/schemas/Bad/properties/a/type', severity: 'error' },
        ],
      },
      {
        description: 'an unknown type name and a non-numeric exclusiveMinimum',
        document: exampleDocument({
          tools: [
            exampleTool({
              inputSchema: {
                type: 'object',
                properties: { a: { type: 'any' }, b: { type: 'integer', exclusiveMinimum: true } },
              },
            }),
          ],
        }),
        diagnostics: [
          { pointer: '/tools/0/inputSchema/properties/a/type', severity: 'error' },
          { pointer: '/tools/0/inputSchema/properties/b/exclusiveMinimum', severity: 'error' },
        ],
      },
      {
        description: '2020-12 forbids the array form of items',
        document: exampleDocument({
          tools: [exampleTool({ outputSchema: { type: 'array', items: [{ type: 'string' }] } })],
        }),
        diagnostics: [{ pointer: '/tools/0/outputSchema/items', severity: 'error' }],
      },
    ],
  },
  // Before 0.8.0 every tool schema gets the dialect check: an unknown dialect has nothing to check
  // against, a schema too deep is reported unchecked.
  screen: toolSchemaScreen(
    (analysis, schema, dialect) =>
      dialect === null ||
      (!analysis.tooDeep && (analysis.fastValid || checkMetaSchema(dialect, schema) === null)),
    before080,
  ),
  create(context) {
    const v080 = context.version === '0.8.0';
    let root: Scope = NO_REVISIONS;
    /** 0.8.0: whether a scope gets the dialect check (§9.2; no scope known: as before 0.8.0). */
    const dialectChecked = (scope: Scope) =>
      scope === NO_REVISIONS || (scope & DIALECT_REVISIONS) !== NO_REVISIONS;
    const check = (
      at: PathSegment[],
      what: string,
      analysis: SchemaAnalysis,
      schema: JsonObject,
      dialect: Dialect | null,
      scope: Scope,
    ) => {
      if (v080 && !dialectChecked(scope)) {
        for (const problem of preDialectProblems(schema)) {
          context.report(
            [...at, ...problem.path],
            `${what} ${problem.message} (${describeScope(scope)} checks a tool schema's shape, not a dialect)`,
          );
        }
        return;
      }
      // An unknown dialect is mcpdesc.tool.schema-dialect's finding: there is nothing to check against.
      if (dialect === null) return;
      if (analysis.tooDeep) {
        context.report(
          at,
          `${what} nests subschemas deeper than ${MAX_SCHEMA_DEPTH} levels; expected a schema shallow enough to check (it was not checked)`,
        );
        return;
      }
      if (analysis.fastValid) return;
      const issues = checkMetaSchema(dialect, schema);
      if (issues === null) return;
      for (const issue of issues) {
        context.report(
          [...at, ...issue.path],
          `${what} is not valid JSON Schema ${dialect}: ${issue.message}`,
        );
      }
    };
    return {
      start() {
        if (v080) root = scopeOf(context.declaredProtocolVersions);
      },
      member(key, value) {
        if (key !== 'components' || !v080) return;
        // A component has no scope of its own (§17.5): it is checked for the document's revisions.
        forEachComponentSchema(value, context.analyze, (name, schema, analysis, dialect) => {
          check(
            ['components', 'schemas', name],
            `Schema component ${quote(name)}`,
            analysis,
            schema,
            dialect,
            root,
          );
        });
      },
      element(collection, index, tool) {
        if (collection !== 'tools') return;
        const scope = v080 ? effectiveScope(tool, root) : NO_REVISIONS;
        forEachAnalyzedToolSchema(tool, context.analyze, (key, analysis, schema, dialect) => {
          check(['tools', index, key], key, analysis, schema, dialect, scope);
        });
      },
    };
  },
};

/**
 * §9.2: before MCP 2025-11-25 a Tool schema has no dialect; only its shape is checked — `properties`
 * an object of objects, `required` an array of strings — and other keywords are kept as they are.
 */
function preDialectProblems(schema: JsonObject): Array<{ path: PathSegment[]; message: string }> {
  const problems: Array<{ path: PathSegment[]; message: string }> = [];
  if (Object.hasOwn(schema, 'properties')) {
    const properties = schema.properties;
    if (!isObject(properties))
      problems.push({ path: ['properties'], message: '"properties" must be an object' });
    else {
      for (const name of Object.keys(properties)) {
        if (!isObject(properties[name])) {
          problems.push({
            path: ['properties', name],
            message: `"properties" member ${quote(name)} must be an object`,
          });
        }
      }
    }
  }
  const required = schema.required;
  if (
    Object.hasOwn(schema, 'required') &&
    (!Array.isArray(required) || required.some((r) => typeof r !== 'string'))
  ) {
    problems.push({ path: ['required'], message: '"required" must be an array of strings' });
  }
  return problems;
}

export default rule;
