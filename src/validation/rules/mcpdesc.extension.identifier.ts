// §8.4, §8.5: protocol extension identifiers — the keys of `capabilities[].extensions` and of a
// primitive's `clientRequirements.extensions` — under an MCP-reserved prefix should be extensions the
// validator recognizes; an unrecognized one is kept and warned about (never rejected: absence from a
// local catalogue proves nothing). The catalogue and its date: protocol/meta-keys.ts.
import { quote } from '../../quote.js';
import type { PathSegment } from '../../types.js';
import { isObject } from '../json-schema/values.js';
import { hasReservedPrefix, KNOWN_EXTENSIONS } from '../protocol/meta-keys.js';
import { levels080, type Rule, type RuleContext } from '../rule.js';
import { exampleDocument080, exampleTool } from './semantic-examples.js';

function check(context: RuleContext, extensions: unknown, path: PathSegment[]): void {
  if (!isObject(extensions)) return;
  for (const id of Object.keys(extensions)) {
    if (!hasReservedPrefix(id) || KNOWN_EXTENSIONS.has(id)) continue;
    context.report(
      [...path, id],
      `Extension ${quote(id)} uses an MCP-reserved prefix but is not an MCP extension this validator knows (known: ${[...KNOWN_EXTENSIONS].join(', ')}); it is kept, but check its name`,
    );
  }
}

const rule: Rule = {
  id: 'mcpdesc.extension.identifier',
  description: 'Check extension identifiers under an MCP-reserved prefix that are not known extensions.',
  specSection: '8.4',
  levels: levels080('warning'),
  examples: {
    valid: [
      {
        description: 'an official extension and one of another namespace',
        document: exampleDocument080({
          capabilities: [
            { extensions: { 'io.modelcontextprotocol/tasks': {}, 'com.example/custom-feature': {} } },
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'an unknown reserved identifier in capabilities and in client requirements',
        document: exampleDocument080({
          capabilities: [{ extensions: { 'io.modelcontextprotocol/future-capability': { enabled: true } } }],
          tools: [exampleTool({ clientRequirements: { extensions: { 'dev.mcp/preview': {} } } })],
        }),
        diagnostics: [
          { pointer: '/tools/0/clientRequirements/extensions/dev.mcp~1preview', severity: 'warning' },
          {
            pointer: '/capabilities/0/extensions/io.modelcontextprotocol~1future-capability',
            severity: 'warning',
          },
        ],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    return {
      member(key, value) {
        if (key !== 'capabilities' || !Array.isArray(value)) return;
        value.forEach((capabilities: unknown, i) => {
          if (isObject(capabilities) && Object.hasOwn(capabilities, 'extensions')) {
            check(context, capabilities.extensions, ['capabilities', i, 'extensions']);
          }
        });
      },
      element(collection, index, value) {
        if (collection === 'tags' || !isObject(value) || !isObject(value.clientRequirements)) return;
        const requirements = value.clientRequirements;
        if (Object.hasOwn(requirements, 'extensions')) {
          check(context, requirements.extensions, [collection, index, 'clientRequirements', 'extensions']);
        }
      },
    };
  },
};

export default rule;
