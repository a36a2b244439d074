// §3.5: a valid `_meta` key under an MCP-reserved prefix that the validator does not recognize MUST be
// preserved and SHOULD produce a warning (see protocol/meta-keys.ts for the catalogue and its date).
import { quote } from '../../quote.js';
import type { PathSegment } from '../../types.js';
import { hasReservedPrefix, KNOWN_META_KEYS } from '../protocol/meta-keys.js';
import { type MetaSite, metaVisitor } from '../protocol/payloads.js';
import { levels080, type Rule, type RuleContext } from '../rule.js';
import { exampleDocument080 } from './semantic-examples.js';

function check(context: RuleContext, base: readonly PathSegment[], site: MetaSite): void {
  for (const key of Object.keys(site.meta)) {
    if (!hasReservedPrefix(key) || KNOWN_META_KEYS.has(key)) continue;
    context.report(
      [...base, ...site.path, key],
      `_meta key ${quote(key)} uses an MCP-reserved prefix but is not a key this validator knows; it is kept, but check its name`,
    );
  }
}

const rule: Rule = {
  id: 'mcpdesc.meta.unknown-reserved',
  description: 'Check _meta keys under an MCP-reserved prefix that are not known MCP keys.',
  specSection: '3.5',
  levels: levels080('warning'),
  examples: {
    valid: [
      {
        description: 'keys under other prefixes',
        document: exampleDocument080({
          prompts: [{ name: 'p', _meta: { 'com.example/category': 'summary' } }],
        }),
      },
    ],
    invalid: [
      {
        description: 'an unknown key under io.modelcontextprotocol/ and one under dev.mcp/',
        document: exampleDocument080({
          prompts: [
            {
              name: 'p',
              _meta: { 'io.modelcontextprotocol/future-key': { preserved: true }, 'dev.mcp/x': 1 },
            },
          ],
        }),
        diagnostics: [
          { pointer: '/prompts/0/_meta/io.modelcontextprotocol~1future-key', severity: 'warning' },
          { pointer: '/prompts/0/_meta/dev.mcp~1x', severity: 'warning' },
        ],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    return metaVisitor((base, site) => check(context, base, site));
  },
};

export default rule;
