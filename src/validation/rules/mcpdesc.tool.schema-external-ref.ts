// A reference outside the tool's own schema (another URL, a relative file) is never fetched: fetching
// untrusted URLs from registry documents is unsafe and would make results depend on the network. So the
// part of the schema behind it is unchecked, and the user is told: a warning.

import { quote } from '../../quote.js';
import { forEachAnalyzedToolSchema } from '../json-schema/tool-schemas.js';
import { levels, type Rule } from '../rule.js';
import { exampleDocument, exampleTool } from './semantic-examples.js';

const rule: Rule = {
  id: 'mcpdesc.tool.schema-external-ref',
  description: 'Keep tool schemas self-contained: external $refs are not fetched or checked.',
  specSection: '9.2',
  collections: ['tools'],
  reusable: true,
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
  create(context) {
    return {
      element(collection, index, tool) {
        if (collection !== 'tools') return;
        forEachAnalyzedToolSchema(tool, (key, { external }) => {
          for (const ref of external) {
            context.report(
              ['tools', index, key, ...ref.path],
              `"${ref.keyword}" ${quote(ref.value)} refers outside ${key}; external references are never fetched, so the referenced part is not checked (expected a local "#/..." reference)`,
            );
          }
        });
      },
    };
  },
};

export default rule;
