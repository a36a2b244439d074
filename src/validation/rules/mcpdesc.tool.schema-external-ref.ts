// A reference outside the tool's own schema (another URL, a relative file) is never fetched: fetching
// untrusted URLs from registry documents is unsafe and would make results depend on the network. So the
// part of the schema behind it is unchecked, and the user is told: a warning.

import { quote } from '../../quote.js';
import {
  NO_FINDINGS,
  type ToolSchemaFindings,
  toolSchemaScreen,
  toolSchemaVisitor,
} from '../json-schema/tool-schemas.js';
import { levels, type Rule } from '../rule.js';
import { exampleDocument, exampleTool } from './semantic-examples.js';

const findings: ToolSchemaFindings = (key, { external }) =>
  external.length === 0
    ? NO_FINDINGS
    : external.map((ref) => ({
        path: ref.path,
        message: `"${ref.keyword}" ${quote(ref.value)} refers outside ${key}; external references are never fetched, so the referenced part is not checked (expected a local "#/..." reference)`,
      }));

const rule: Rule = {
  id: 'mcpdesc.tool.schema-external-ref',
  description: 'Keep tool schemas self-contained: external $refs are not fetched or checked.',
  specSection: '9.2',
  collections: ['tools'],
  levels: levels('warning'),
  examples: {
    valid: [
      {
        description: 'a reference to an embedded $id',
        document: exampleDocument({
          tools: [
            exampleTool({
              inputSchema: {
                $id: 'https://example.com/tool.json',
                $defs: { id: { $id: 'ids.json', type: 'string' } },
                properties: { id: { $ref: 'ids.json' } },
              },
            }),
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'an absolute URL and a relative file',
        document: exampleDocument({
          tools: [
            exampleTool({
              inputSchema: {
                properties: {
                  a: { $ref: 'https://example.com/schemas/address.json' },
                  b: { $ref: 'common.json#/$defs/b' },
                },
              },
            }),
          ],
        }),
        diagnostics: [
          { pointer: '/tools/0/inputSchema/properties/a/$ref', severity: 'warning' },
          { pointer: '/tools/0/inputSchema/properties/b/$ref', severity: 'warning' },
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
