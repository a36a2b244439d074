// §9.2: a valid schema's local references resolve. `$ref`, `$dynamicRef` and `$recursiveRef` values that
// are fragments (`#/$defs/x`, `#anchor`) or name an `$id` embedded in the same schema must point at
// something that exists. Resolution is a lookup: references are never followed, so cycles are harmless.
// 0.8.0 schema components (§17.1) are checked where they are defined.

import { quote } from '../../quote.js';
import type { PathSegment } from '../../types.js';
import {
  forEachAnalyzedToolSchema,
  forEachComponentSchema,
  toolSchemaScreen,
} from '../json-schema/tool-schemas.js';
import type { UnresolvedRef } from '../json-schema/walk.js';
import { before080, levels, type Rule } from '../rule.js';
import { exampleDocument, exampleTool } from './semantic-examples.js';

const rule: Rule = {
  id: 'mcpdesc.tool.schema-local-ref',
  description: 'Make every local $ref of a tool schema resolve inside that schema.',
  specSection: '9.2',
  collections: ['tools'],
  levels: levels('error'),
  examples: {
    valid: [
      {
        description: 'pointer, anchor and recursive references',
        document: exampleDocument({
          tools: [
            exampleTool({
              inputSchema: {
                type: 'object',
                $defs: { node: { $anchor: 'node', properties: { next: { $ref: '#' } } } },
                properties: { a: { $ref: '#/$defs/node' }, b: { $ref: '#node' } },
              },
            }),
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'a pointer to a missing definition and an unknown anchor',
        document: exampleDocument({
          tools: [
            exampleTool({
              inputSchema: {
                type: 'object',
                definitions: { a: { type: 'string' } },
                properties: { x: { $ref: '#/definitions/b' }, y: { $ref: '#missing' } },
              },
            }),
          ],
        }),
        diagnostics: [
          { pointer: '/tools/0/inputSchema/properties/x/$ref', severity: 'error' },
          { pointer: '/tools/0/inputSchema/properties/y/$ref', severity: 'error' },
        ],
      },
    ],
  },
  screen: toolSchemaScreen(({ unresolved }) => unresolved.length === 0, before080),
  create(context) {
    const report = (at: PathSegment[], refs: readonly UnresolvedRef[], where: string) => {
      for (const ref of refs) {
        context.report(
          [...at, ...ref.path],
          `"${ref.keyword}" ${quote(ref.value)} ${ref.reason}; expected a reference to a location inside ${where}`,
        );
      }
    };
    return {
      member(key, value) {
        if (key !== 'components' || context.version !== '0.8.0') return;
        forEachComponentSchema(value, context.analyze, (name, _schema, { unresolved }) => {
          report(['components', 'schemas', name], unresolved, `schema component ${quote(name)}`);
        });
      },
      element(collection, index, tool) {
        if (collection !== 'tools') return;
        forEachAnalyzedToolSchema(tool, context.analyze, (key, { unresolved }) =>
          report(['tools', index, key], unresolved, key),
        );
      },
    };
  },
};

export default rule;
