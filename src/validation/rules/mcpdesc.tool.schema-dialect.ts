// §9.2: a tool schema is JSON Schema 2020-12 unless its `$schema` selects another dialect. We check
// 2020-12, 2019-09 and draft-07; any other `$schema` (draft-04, a custom meta-schema...) cannot be
// checked against a meta-schema, which the user should know: a warning.
// 0.8.0 (§9.2): a validator MUST reject a schema whose declared dialect it does not support: an error.

import { quote } from '../../quote.js';
import type { PathSegment } from '../../types.js';
import { DIALECT_URIS, dialectOf } from '../json-schema/dialect.js';
import { forEachComponentSchema, forEachToolSchema } from '../json-schema/tool-schemas.js';
import type { JsonObject } from '../json-schema/values.js';
import {
  DIALECT_REVISIONS,
  effectiveScope,
  NO_REVISIONS,
  type Scope,
  scopeOf,
} from '../protocol/revisions.js';
import { before080, levels, type Rule } from '../rule.js';
import { exampleDocument, exampleTool } from './semantic-examples.js';

const SUPPORTED = Object.values(DIALECT_URIS)
  .map((uri) => `"${uri}"`)
  .join(', ');

const rule: Rule = {
  id: 'mcpdesc.tool.schema-dialect',
  description: 'Write tool schemas in JSON Schema 2020-12, 2019-09 or draft-07.',
  specSection: '9.2',
  collections: ['tools'],
  levels: levels('warning', { '0.8.0': 'error' }),
  examples: {
    valid: [
      { description: 'no $schema: 2020-12', document: exampleDocument() },
      {
        description: 'draft-07 and 2019-09 selected explicitly',
        document: exampleDocument({
          tools: [
            exampleTool({
              inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' },
            }),
            exampleTool({
              name: 'b',
              inputSchema: { $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'object' },
              outputSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' },
            }),
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'draft-04 in an outputSchema',
        document: exampleDocument({
          tools: [
            exampleTool({
              outputSchema: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' },
            }),
          ],
        }),
        diagnostics: [{ pointer: '/tools/0/outputSchema/$schema', severity: 'warning' }],
      },
    ],
  },
  screen: {
    test(_document, context) {
      for (const { dialect } of context.toolSchemas) if (dialect === null) return false;
      return true;
    },
    covers: before080,
  },
  create(context) {
    const v080 = context.version === '0.8.0';
    let root: Scope = NO_REVISIONS;
    const check = (at: PathSegment[], schema: JsonObject) => {
      if (dialectOf(schema) !== null) return;
      context.report(
        [...at, '$schema'],
        `"$schema" ${quote(String(schema.$schema))} selects a JSON Schema dialect that is not checked; expected one of ${SUPPORTED} (the schema is not checked against a meta-schema)`,
      );
    };
    return {
      start() {
        if (v080) root = scopeOf(context.declaredProtocolVersions);
      },
      member(key, value) {
        if (key !== 'components' || !v080) return;
        forEachComponentSchema(value, context.analyze, (name, schema) =>
          check(['components', 'schemas', name], schema),
        );
      },
      element(collection, index, tool) {
        if (collection !== 'tools') return;
        // 0.8.0: before MCP 2025-11-25 a tool schema has no `$schema` at all (revision-applicable's finding).
        if (
          v080 &&
          root !== NO_REVISIONS &&
          (effectiveScope(tool, root) & DIALECT_REVISIONS) === NO_REVISIONS
        )
          return;
        forEachToolSchema(tool, (key, schema) => check(['tools', index, key], schema));
      },
    };
  },
};

export default rule;
