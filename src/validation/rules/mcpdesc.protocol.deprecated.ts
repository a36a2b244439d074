// §8.4, §8.5: validators SHOULD warn when a declaration uses something its MCP revision deprecates:
// the `logging` capability under MCP 2026-07-28, and client requirements on `roots` and on
// `sampling.context` / `sampling.tools` there.
import type { PathSegment } from '../../types.js';
import { isObject } from '../json-schema/values.js';
import { effectiveScope, NO_REVISIONS, only } from '../protocol/revisions.js';
import { scopedVisitor } from '../protocol/scoped.js';
import { levels080, type Rule, type RuleContext } from '../rule.js';
import { exampleDocument080 } from './semantic-examples.js';

const REV_2026 = only('2026-07-28');

function warn(context: RuleContext, path: PathSegment[], what: string): void {
  context.report(path, `${what} is deprecated in MCP 2026-07-28, which this declaration applies to`);
}

const rule: Rule = {
  id: 'mcpdesc.protocol.deprecated',
  description: 'Avoid capabilities and client requirements that the applicable MCP revision deprecates.',
  specSection: '8.5',
  levels: levels080('warning'),
  examples: {
    valid: [
      {
        description: 'logging and roots for 2025-11-25',
        document: exampleDocument080({
          protocolVersions: ['2025-11-25'],
          capabilities: [{ logging: {} }],
          resources: [{ uri: 'w://c', name: 'c', clientRequirements: { roots: {} } }],
        }),
      },
    ],
    invalid: [
      {
        description: 'logging, roots and sampling.context for 2026-07-28',
        document: exampleDocument080({
          capabilities: [{ logging: {} }],
          resources: [{ uri: 'w://c', name: 'c', clientRequirements: { roots: {} } }],
          prompts: [{ name: 'p', clientRequirements: { sampling: { context: {}, tools: {} } } }],
        }),
        diagnostics: [
          { pointer: '/capabilities/0/logging', severity: 'warning' },
          { pointer: '/resources/0/clientRequirements/roots', severity: 'warning' },
          { pointer: '/prompts/0/clientRequirements/sampling/context', severity: 'warning' },
          { pointer: '/prompts/0/clientRequirements/sampling/tools', severity: 'warning' },
        ],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    return scopedVisitor(context, {
      arrays: ['capabilities'],
      array(_, declarations, root) {
        declarations.forEach((capabilities: unknown, i) => {
          if (!isObject(capabilities) || !Object.hasOwn(capabilities, 'logging')) return;
          if ((effectiveScope(capabilities, root) & REV_2026) === NO_REVISIONS) return;
          warn(context, ['capabilities', i, 'logging'], 'The "logging" capability');
        });
      },
      element(collection, index, value, root) {
        if (collection === 'tags' || !isObject(value) || !isObject(value.clientRequirements)) return;
        if ((effectiveScope(value, root) & REV_2026) === NO_REVISIONS) return;
        const requirements = value.clientRequirements;
        const base = [collection, index, 'clientRequirements'];
        if (Object.hasOwn(requirements, 'roots')) warn(context, [...base, 'roots'], 'Requiring "roots"');
        const sampling = requirements.sampling;
        if (!Object.hasOwn(requirements, 'sampling') || !isObject(sampling)) return;
        for (const member of ['context', 'tools']) {
          if (Object.hasOwn(sampling, member))
            warn(context, [...base, 'sampling', member], `Requiring "sampling.${member}"`);
        }
      },
    });
  },
};

export default rule;
