// §7.3: an OAuth2 or OpenID Connect requirement may use a scope absent from a static scope catalogue;
// validators MAY warn (and MUST NOT reject). We warn for an OAuth2 scope none of the scheme's flows
// lists, and for OpenID Connect scopes, whose catalogue is the provider's discovery document: nothing
// in the description can confirm them.
import { quote } from '../../quote.js';
import { primitiveUses, requirementVisitor } from '../protocol/security.js';
import { levels080, type Rule } from '../rule.js';
import { exampleDocument080, exampleTool } from './semantic-examples.js';

const rule: Rule = {
  id: 'mcpdesc.security.scope-catalogued',
  description: 'Use OAuth2 scopes the scheme lists; OpenID Connect scopes cannot be checked statically.',
  specSection: '7.3',
  scope: 'document',
  levels: levels080('warning'),
  project: (collection, _index, value) => primitiveUses(collection, value),
  examples: {
    valid: [
      {
        description: 'a catalogued OAuth2 scope; OpenID Connect without scopes',
        document: exampleDocument080({
          securitySchemes: {
            oauth: {
              type: 'oauth2',
              flows: { clientCredentials: { tokenUrl: 'https://a.example/t', scopes: { read: 'r' } } },
            },
            oidc: {
              type: 'openIdConnect',
              openIdConnectUrl: 'https://id.example/.well-known/openid-configuration',
            },
          },
          security: [{ oauth: ['read'] }, { oidc: [] }],
        }),
      },
    ],
    invalid: [
      {
        description: 'an OAuth2 scope no flow lists; an OpenID Connect scope',
        document: exampleDocument080({
          securitySchemes: {
            oauth: {
              type: 'oauth2',
              flows: { clientCredentials: { tokenUrl: 'https://a.example/t', scopes: { read: 'r' } } },
            },
            oidc: {
              type: 'openIdConnect',
              openIdConnectUrl: 'https://id.example/.well-known/openid-configuration',
            },
          },
          tools: [exampleTool({ security: [{ oauth: ['read', 'admin'] }] })],
          security: [{ oidc: ['profile:read'] }],
        }),
        diagnostics: [
          { pointer: '/tools/0/security/0/oauth/1', severity: 'warning' },
          { pointer: '/security/0/oidc/0', severity: 'warning' },
        ],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    return requirementVisitor((schemes, use, base) => {
      const scheme = schemes.get(use.scheme);
      if (scheme === undefined || !Array.isArray(use.scopes)) return;
      use.scopes.forEach((scope: unknown, i) => {
        if (typeof scope !== 'string') return;
        if (scheme.type === 'oauth2' && !scheme.catalogue.has(scope)) {
          context.report(
            [...base, ...use.path, i],
            `Scope ${quote(scope)} is not in the scopes of any flow of OAuth2 scheme ${quote(use.scheme)}; allowed, but nothing in the description confirms it`,
          );
        } else if (scheme.type === 'openIdConnect') {
          context.report(
            [...base, ...use.path, i],
            `Scope ${quote(scope)} of OpenID Connect scheme ${quote(use.scheme)} cannot be checked: its scope catalogue is the provider's discovery document, outside the description`,
          );
        }
      });
    });
  },
};

export default rule;
