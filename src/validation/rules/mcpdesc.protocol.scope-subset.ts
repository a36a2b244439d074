// §4.10: an explicit `protocolVersions` of a top-level declaration (a transport, a Capabilities
// Object, a tool, resource, resource template or prompt) is a subset of root `protocolVersions`, and an
// Elicitation Declaration's is a subset of its primitive's effective scope. (Non-empty and made of known
// revisions is the owning object's structural rule's finding.)
import type { PathSegment } from '../../types.js';
import { isObject } from '../json-schema/values.js';
import {
  describeScope,
  effectiveScope,
  explicitScope,
  NO_REVISIONS,
  type Scope,
} from '../protocol/revisions.js';
import { scopedVisitor } from '../protocol/scoped.js';
import { levels080, type Rule, type RuleContext } from '../rule.js';
import { exampleDocument080, exampleTool } from './semantic-examples.js';

function check(
  context: RuleContext,
  declaration: unknown,
  parent: Scope,
  path: PathSegment[],
  parentName: string,
): void {
  const own = explicitScope(declaration);
  if (own === undefined) return;
  const outside = own & ~parent;
  if (outside === NO_REVISIONS) return;
  context.report(
    [...path, 'protocolVersions'],
    `"protocolVersions" lists ${describeScope(outside)}, outside ${parentName} (${describeScope(parent)}); an explicit scope must be a subset of its parent's`,
  );
}

const rule: Rule = {
  id: 'mcpdesc.protocol.scope-subset',
  description: "Keep every explicit protocolVersions within its parent's effective scope.",
  specSection: '4.10',
  levels: levels080('error'),
  examples: {
    valid: [
      {
        description: 'scopes within the root; an elicitation within its tool',
        document: exampleDocument080({
          protocolVersions: ['2025-11-25', '2026-07-28'],
          transports: [{ type: 'stdio', command: 'a', protocolVersions: ['2025-11-25'] }],
          tools: [
            exampleTool({
              protocolVersions: ['2025-11-25', '2026-07-28'],
              elicitations: [{ name: 'e', mode: 'url', message: 'm', protocolVersions: ['2026-07-28'] }],
            }),
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'a transport scoped outside the root; an elicitation outside its template',
        document: exampleDocument080({
          protocolVersions: ['2025-11-25'],
          transports: [{ type: 'stdio', command: 'a', protocolVersions: ['2026-07-28'] }],
          tools: [exampleTool({ protocolVersions: ['2025-11-25'] })],
          resourceTemplates: [
            {
              uriTemplate: 'example:///items/{id}',
              name: 'item',
              elicitations: [
                { name: 'authorize', mode: 'url', message: 'm', protocolVersions: ['2026-07-28'] },
              ],
            },
          ],
        }),
        diagnostics: [
          { pointer: '/transports/0/protocolVersions', severity: 'error' },
          { pointer: '/resourceTemplates/0/elicitations/0/protocolVersions', severity: 'error' },
        ],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    return scopedVisitor(context, {
      arrays: ['transports', 'capabilities'],
      array(key, declarations, root) {
        declarations.forEach((declaration: unknown, i) => {
          check(context, declaration, root, [key, i], 'root "protocolVersions"');
        });
      },
      element(collection, index, value, root) {
        if (collection === 'tags' || !isObject(value)) return;
        check(context, value, root, [collection, index], 'root "protocolVersions"');
        const declarations = value.elicitations;
        if (!Object.hasOwn(value, 'elicitations') || !Array.isArray(declarations)) return;
        const parent = effectiveScope(value, root);
        if (parent === NO_REVISIONS) return;
        declarations.forEach((declaration: unknown, i) => {
          check(
            context,
            declaration,
            parent,
            [collection, index, 'elicitations', i],
            "its primitive's scope",
          );
        });
      },
    });
  },
};

export default rule;
