// A reference outside the tool's own schema (another URL, a relative file) is never fetched: fetching
// untrusted URLs from registry documents is unsafe and would make results depend on the network. So the
// part of the schema behind it is unchecked, and the user is told: a warning. 0.8.0 schema components
// (§17.1) are checked where they are defined.

import { quote } from '../../quote.js';
import type { PathSegment } from '../../types.js';
import {
  forEachAnalyzedToolSchema,
  forEachComponentSchema,
  toolSchemaScreen,
} from '../json-schema/tool-schemas.js';
import type { RefSite } from '../json-schema/walk.js';
import { before080, levels, type Rule } from '../rule.js';
import { exampleDocument, exampleTool } from './semantic-examples.js';

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
  screen: toolSchemaScreen(({ external }) => external.length === 0, before080),
  create(context) {
    const report = (at: PathSegment[], refs: readonly RefSite[], where: string) => {
      for (const ref of refs) {
        context.report(
          [...at, ...ref.path],
          `"${ref.keyword}" ${quote(ref.value)} refers outside ${where}; external references are never fetched, so the referenced part is not checked (expected a local "#/..." reference)`,
        );
      }
    };
    return {
      member(key, value) {
        if (key !== 'components' || context.version !== '0.8.0') return;
        forEachComponentSchema(value, context.analyze, (name, _schema, { external }) => {
          report(['components', 'schemas', name], external, `schema component ${quote(name)}`);
        });
      },
      element(collection, index, tool) {
        if (collection !== 'tools') return;
        forEachAnalyzedToolSchema(tool, context.analyze, (key, { external }) =>
          report(['tools', index, key], external, key),
        );
      },
    };
  },
};

export default rule;
