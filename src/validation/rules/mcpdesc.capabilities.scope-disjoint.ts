// §8.6: Capabilities Objects' effective scopes are pairwise disjoint: at most one applies to a protocol
// revision (an object without `protocolVersions` applies to every root revision).
import { describeScope, effectiveScope, explicitScope, NO_REVISIONS } from '../protocol/revisions.js';
import { scopedVisitor } from '../protocol/scoped.js';
import { levels080, type Rule } from '../rule.js';
import { exampleDocument080 } from './semantic-examples.js';

const rule: Rule = {
  id: 'mcpdesc.capabilities.scope-disjoint',
  description: 'Let at most one Capabilities Object apply to each protocol revision.',
  specSection: '8.6',
  levels: levels080('error'),
  examples: {
    valid: [
      {
        description: 'one object per revision',
        document: exampleDocument080({
          protocolVersions: ['2025-11-25', '2026-07-28'],
          capabilities: [
            { protocolVersions: ['2025-11-25'], tools: { listChanged: true } },
            { protocolVersions: ['2026-07-28'], tools: { listChanged: false } },
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'two objects for 2025-11-25; an unscoped object next to a scoped one',
        document: exampleDocument080({
          protocolVersions: ['2025-11-25', '2026-07-28'],
          capabilities: [
            { protocolVersions: ['2025-11-25'], tools: { listChanged: true } },
            { protocolVersions: ['2025-11-25', '2026-07-28'], resources: { subscribe: true } },
            { prompts: { listChanged: true } },
          ],
        }),
        diagnostics: [
          { pointer: '/capabilities/1/protocolVersions', severity: 'error' },
          { pointer: '/capabilities/2', severity: 'error' },
        ],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    return scopedVisitor(context, {
      arrays: ['capabilities'],
      array(_, declarations, root) {
        const scopes: number[] = [];
        declarations.forEach((capabilities: unknown, i) => {
          const scope = effectiveScope(capabilities, root);
          const earlier = scopes.findIndex((s) => (s & scope) !== NO_REVISIONS);
          scopes.push(scope);
          if (earlier === -1) return;
          const at =
            explicitScope(capabilities) === undefined
              ? ['capabilities', i]
              : ['capabilities', i, 'protocolVersions'];
          context.report(
            at,
            `Capabilities object ${i} applies to ${describeScope(scope & scopes[earlier]!)}, as capabilities object ${earlier} does; at most one may apply to a revision`,
          );
        });
      },
    });
  },
};

export default rule;
