// §7.3: every scheme name a Security Requirement Object uses — at the root, on a transport, on a tool,
// resource, resource template or prompt — is a key of root `securitySchemes`. The schemes may be
// declared after the requirements that use them.
import { quote } from '../../quote.js';
import { primitiveUses, requirementVisitor } from '../protocol/security.js';
import { levels080, type Rule } from '../rule.js';
import { exampleDocument080, exampleTool } from './semantic-examples.js';

const rule: Rule = {
  id: 'mcpdesc.security.requirement-reference',
  description: 'Name only schemes declared in securitySchemes in security requirements.',
  specSection: '7.3',
  scope: 'document',
  levels: levels080('error'),
  project: (collection, _index, value) => primitiveUses(collection, value),
  examples: {
    valid: [
      {
        description: 'requirements at every level; schemes declared after them; [] and [{}]',
        document: {
          ...exampleDocument080({
            security: [{}, { key: [] }],
            transports: [{ type: 'stdio', command: 'a', security: [] }],
            tools: [exampleTool({ security: [{ key: [], oauth: ['read'] }] })],
          }),
          securitySchemes: {
            key: { type: 'apiKey', name: 'X-Key', in: 'header' },
            oauth: {
              type: 'oauth2',
              flows: { clientCredentials: { tokenUrl: 'https://a.example/t', scopes: { read: 'r' } } },
            },
          },
        },
      },
    ],
    invalid: [
      {
        description:
          'an undeclared scheme at the root, on a transport, on a prompt; no securitySchemes at all',
        document: exampleDocument080({
          security: [{ missing: [] }],
          transports: [{ type: 'stdio', command: 'a', security: [{ bearer: [] }] }],
          prompts: [{ name: 'p', security: [{}, { 'x-example-policy': [] }] }],
        }),
        diagnostics: [
          { pointer: '/security/0/missing', severity: 'error' },
          { pointer: '/transports/0/security/0/bearer', severity: 'error' },
          { pointer: '/prompts/0/security/1/x-example-policy', severity: 'error' },
        ],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    return requirementVisitor((schemes, use, base) => {
      if (schemes.get(use.scheme) !== undefined) return;
      context.report(
        [...base, ...use.path],
        `Security requirement names ${quote(use.scheme)}, which root "securitySchemes" does not declare`,
      );
    });
  },
};

export default rule;
