// §9.2: inputSchema and outputSchema MUST be valid JSON Schema. Each is checked against its dialect's
// meta-schema by a validator generated at build time; the document's schema is only ever data.
// Schemas nested deeper than MAX_SCHEMA_DEPTH are reported once and not checked (no stack overflow).
import { checkMetaSchema } from '../json-schema/meta-validators.js';
import {
  NO_FINDINGS,
  type ToolSchemaFindings,
  toolSchemaScreen,
  toolSchemaVisitor,
} from '../json-schema/tool-schemas.js';
import { MAX_SCHEMA_DEPTH } from '../json-schema/walk.js';
import { levels, type Rule } from '../rule.js';
import { exampleDocument, exampleTool } from './semantic-examples.js';

const findings: ToolSchemaFindings = (key, analysis, schema, dialect) => {
  // An unknown dialect is mcpdesc.tool.schema-dialect's warning: there is nothing to check against.
  if (dialect === null || analysis.fastValid) return NO_FINDINGS;
  if (analysis.tooDeep) {
    return [
      {
        path: [],
        message: `${key} nests subschemas deeper than ${MAX_SCHEMA_DEPTH} levels; expected a schema shallow enough to check (it was not checked)`,
      },
    ];
  }
  const issues = checkMetaSchema(dialect, schema);
  if (issues === null) return NO_FINDINGS;
  return issues.map((issue) => ({
    path: issue.path,
    message: `${key} is not valid JSON Schema ${dialect}: ${issue.message}`,
  }));
};

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
  screen: toolSchemaScreen(findings),
  create(context) {
    return toolSchemaVisitor(context, findings);
  },
};

export default rule;
