// §9.2: a valid schema's local references resolve. `$ref`, `$dynamicRef` and `$recursiveRef` values that
// are fragments (`#/$defs/x`, `#anchor`) or name an `$id` embedded in the same schema must point at
// something that exists. Resolution is a lookup: references are never followed, so cycles are harmless.

import { quote } from '../../quote.js';
import {
  NO_FINDINGS,
  type ToolSchemaFindings,
  toolSchemaScreen,
  toolSchemaVisitor,
} from '../json-schema/tool-schemas.js';
import { levels, type Rule } from '../rule.js';
import { exampleDocument, exampleTool } from './semantic-examples.js';

const findings: ToolSchemaFindings = (key, { unresolved }) =>
  unresolved.length === 0
    ? NO_FINDINGS
    : unresolved.map((ref) => ({
        path: ref.path,
        message: `"${ref.keyword}" ${quote(ref.value)} ${ref.reason}; expected a reference to a location inside ${key}`,
      }));

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
  screen: toolSchemaScreen(findings),
  create(context) {
    return toolSchemaVisitor(context, findings);
  },
};

export default rule;
