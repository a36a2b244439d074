// §7.2: the conditional members of a Security Scheme Object, which the upstream schema leaves optional:
// http ⇒ scheme, apiKey ⇒ name and in, oauth2 ⇒ flows, openIdConnect ⇒ openIdConnectUrl.
// Checked in the root `security` array and in each transport's own `security` (§6.4, since 0.5.0).
// Off for 0.8.0: its per-type scheme branches (mcpdesc.security.scheme-members) require these members.
import type { PathSegment } from '../../types.js';
import { isObject } from '../json-schema/values.js';
import { levels, type Rule, type RuleContext } from '../rule.js';
import { atMember, when } from '../schema/blocks.js';
import { exampleDocument } from './semantic-examples.js';

const REQUIRED: Readonly<Record<string, ReadonlyArray<readonly [string, string]>>> = {
  http: [['scheme', 'an HTTP auth scheme such as "bearer" or "basic"']],
  apiKey: [
    ['name', 'the header, query or cookie name of the key'],
    ['in', '"header", "query" or "cookie"'],
  ],
  oauth2: [['flows', 'an OAuth Flows Object']],
  openIdConnect: [['openIdConnectUrl', 'the OpenID Connect discovery URL']],
};

/** A scheme list whose schemes of each type have the members that type requires. */
const SCHEMES_SCREEN = {
  items: {
    allOf: Object.entries(REQUIRED).map(([type, members]) =>
      when(
        { required: ['type'], properties: { type: { const: type } } },
        { required: members.map(([member]) => member) },
      ),
    ),
  },
};

function checkSchemes(context: RuleContext, schemes: unknown, path: PathSegment[]): void {
  if (!Array.isArray(schemes)) return;
  for (let i = 0; i < schemes.length; i++) {
    const scheme = schemes[i];
    if (!isObject(scheme) || !Object.hasOwn(scheme, 'type')) continue;
    const type = scheme.type;
    if (typeof type !== 'string' || !Object.hasOwn(REQUIRED, type)) continue;
    for (const [member, expected] of REQUIRED[type]!) {
      if (Object.hasOwn(scheme, member)) continue;
      context.report([...path, i], `security scheme of type "${type}" must have "${member}": ${expected}`);
    }
  }
}

const rule: Rule = {
  id: 'mcpdesc.security.scheme-conditional',
  description: 'Give each security scheme the members its type requires.',
  specSection: '7.2',
  levels: levels('error', { '0.8.0': 'off' }),
  screen: {
    schema: (version) => ({
      properties: {
        security: SCHEMES_SCREEN,
        ...(version === '0.4.0' ? {} : { transports: { items: atMember('security', SCHEMES_SCREEN) } }),
      },
    }),
  },
  examples: {
    valid: [
      {
        description: 'one scheme of each type, complete',
        document: exampleDocument({
          security: [
            { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            { type: 'apiKey', name: 'X-API-Key', in: 'header' },
            { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://example.com/token' } } },
            {
              type: 'openIdConnect',
              openIdConnectUrl: 'https://example.com/.well-known/openid-configuration',
            },
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'http without scheme, apiKey without name and in',
        document: exampleDocument({ security: [{ type: 'http' }, { type: 'apiKey' }] }),
        diagnostics: [
          { pointer: '/security/0', severity: 'error' },
          { pointer: '/security/1', severity: 'error' },
          { pointer: '/security/1', severity: 'error' },
        ],
      },
      {
        description: 'transport-level oauth2 without flows and openIdConnect without its URL',
        document: exampleDocument({
          transports: [
            {
              type: 'streamable-http',
              url: 'https://example.com/mcp',
              security: [{ type: 'oauth2' }, { type: 'openIdConnect' }],
            },
          ],
        }),
        diagnostics: [
          { pointer: '/transports/0/security/0', severity: 'error' },
          { pointer: '/transports/0/security/1', severity: 'error' },
        ],
      },
    ],
  },
  create(context) {
    return {
      member(key, value) {
        if (key === 'security') {
          checkSchemes(context, value, ['security']);
        } else if (key === 'transports' && context.version !== '0.4.0' && Array.isArray(value)) {
          for (let i = 0; i < value.length; i++) {
            const transport = value[i];
            if (isObject(transport) && Object.hasOwn(transport, 'security')) {
              checkSchemes(context, transport.security, ['transports', i, 'security']);
            }
          }
        }
      },
    };
  },
};

export default rule;
