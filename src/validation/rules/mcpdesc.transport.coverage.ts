// §6.5: when `transports` is present, the union of the transports' effective scopes equals root
// `protocolVersions`: every root revision has a transport. (A transport scoped outside the root is
// mcpdesc.protocol.scope-subset's finding; without `transports` nothing is inferred.)
import { describeScope, effectiveScope, NO_REVISIONS } from '../protocol/revisions.js';
import { scopedVisitor } from '../protocol/scoped.js';
import { levels080, type Rule } from '../rule.js';
import { exampleDocument080 } from './semantic-examples.js';

const rule: Rule = {
  id: 'mcpdesc.transport.coverage',
  description: 'Give every root protocol revision at least one transport when transports are declared.',
  specSection: '6.5',
  levels: levels080('error'),
  examples: {
    valid: [
      {
        description: 'an unscoped transport, and a second one for one revision only',
        document: exampleDocument080({
          protocolVersions: ['2025-11-25', '2026-07-28'],
          transports: [
            { type: 'stdio', command: 'a' },
            { type: 'streamable-http', url: 'https://e.example/mcp', protocolVersions: ['2026-07-28'] },
          ],
        }),
      },
      { description: 'no transports at all: nothing to cover', document: exampleDocument080() },
    ],
    invalid: [
      {
        description: 'a root revision without a transport',
        document: exampleDocument080({
          protocolVersions: ['2025-11-25', '2026-07-28'],
          transports: [{ type: 'stdio', command: 'a', protocolVersions: ['2025-11-25'] }],
        }),
        diagnostics: [{ pointer: '/transports', severity: 'error' }],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    return scopedVisitor(context, {
      arrays: ['transports'],
      array(_, transports, root) {
        if (transports.length === 0) return;
        let covered = NO_REVISIONS;
        for (const transport of transports) covered |= effectiveScope(transport, root);
        const uncovered = root & ~covered;
        if (uncovered === NO_REVISIONS) return;
        context.report(
          ['transports'],
          `No transport applies to ${describeScope(uncovered)}, which root "protocolVersions" lists; the transports' scopes must cover every root revision`,
        );
      },
    });
  },
};

export default rule;
