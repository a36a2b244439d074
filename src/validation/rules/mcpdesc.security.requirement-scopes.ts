// §7.3: HTTP and API-key schemes take no scopes: a requirement naming one lists an empty scope array.
// (Only OAuth2 and OpenID Connect requirements list scopes; whether those are catalogued is
// mcpdesc.security.scope-catalogued's warning.)
import { quote } from '../../quote.js';
import { primitiveUses, requirementVisitor } from '../protocol/security.js';
import { levels080, type Rule } from '../rule.js';
import { exampleDocument080 } from './semantic-examples.js';

const NO_SCOPES: ReadonlySet<unknown> = new Set(['http', 'apiKey']);

const rule: Rule = {
  id: 'mcpdesc.security.requirement-scopes',
  description: 'Give HTTP and API-key schemes an empty scope array in security requirements.',
  specSection: '7.3',
  scope: 'document',
  levels: levels080('error'),
  project: (collection, _index, value) => primitiveUses(collection, value),
  examples: {
    valid: [
      {
        description: 'an HTTP scheme without scopes, OAuth2 with scopes',
        document: exampleDocument080({
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer' },
            oauth: {
              type: 'oauth2',
              flows: { clientCredentials: { tokenUrl: 'https://a.example/t', scopes: { admin: 'a' } } },
            },
          },
          security: [{ bearer: [], oauth: ['admin'] }],
        }),
      },
    ],
    invalid: [
      {
        description: 'scopes on an HTTP scheme and on an API key',
        document: exampleDocument080({
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer' },
            key: { type: 'apiKey', name: 'X-Key', in: 'header' },
          },
          security: [{ bearer: ['admin'] }, { key: ['read', 'write'] }],
        }),
        diagnostics: [
          { pointer: '/security/0/bearer', severity: 'error' },
          { pointer: '/security/1/key', severity: 'error' },
        ],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    return requirementVisitor((schemes, use, base) => {
      const scheme = schemes.get(use.scheme);
      if (scheme === undefined || !NO_SCOPES.has(scheme.type)) return;
      if (!Array.isArray(use.scopes) || use.scopes.length === 0) return;
      context.report(
        [...base, ...use.path],
        `Security requirement lists scopes for ${quote(use.scheme)}, a scheme of type ${quote(scheme.type)}; HTTP and API-key schemes take an empty scope array`,
      );
    });
  },
};

export default rule;
