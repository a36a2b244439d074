// §8.4: formal `extensions` capability negotiation begins with MCP 2026-07-28. A Capabilities Object
// with `extensions` that applies to an earlier revision is accepted and kept (a deployed pre-standard
// convention), and validators SHOULD warn for each such revision that its core schema does not define
// the field.

import { isObject } from '../json-schema/values.js';
import { before, describeScope, effectiveScope, NO_REVISIONS } from '../protocol/revisions.js';
import { scopedVisitor } from '../protocol/scoped.js';
import { levels080, type Rule } from '../rule.js';
import { exampleDocument080 } from './semantic-examples.js';

const EARLIER = before('2026-07-28');

const rule: Rule = {
  id: 'mcpdesc.capabilities.pre-standard-extensions',
  description: 'Note capability extensions declared for revisions before MCP 2026-07-28.',
  specSection: '8.4',
  levels: levels080('warning'),
  examples: {
    valid: [
      {
        description: 'extensions scoped to 2026-07-28',
        document: exampleDocument080({
          protocolVersions: ['2025-11-25', '2026-07-28'],
          capabilities: [
            { protocolVersions: ['2026-07-28'], extensions: { 'io.modelcontextprotocol/ui': {} } },
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'extensions applying to 2025-11-25',
        document: exampleDocument080({
          protocolVersions: ['2025-11-25'],
          capabilities: [{ extensions: { 'io.modelcontextprotocol/ui': {} } }],
        }),
        diagnostics: [{ pointer: '/capabilities/0/extensions', severity: 'warning' }],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    return scopedVisitor(context, {
      arrays: ['capabilities'],
      array(_, declarations, root) {
        declarations.forEach((capabilities: unknown, i) => {
          if (!isObject(capabilities) || !Object.hasOwn(capabilities, 'extensions')) return;
          const earlier = effectiveScope(capabilities, root) & EARLIER;
          if (earlier === NO_REVISIONS) return;
          context.report(
            ['capabilities', i, 'extensions'],
            `"extensions" applies to ${describeScope(earlier)}, whose core schema does not define it: kept as a pre-standard extension advertisement, not as support for MCP 2026-07-28`,
          );
        });
      },
    });
  },
};

export default rule;
